"""Round 14 of the learning loop: round 7's signal model, and what it showed in the scenarios.

The model trained with four more writers reads some one-off instructions as rules ("这次 backtest
只跑华东区就行" as explicit_remember, "这个文件里先 as any 顶一下" as a preference: scenario 4 wrote
the first into principles.md). The labelling guide calls both hard negatives; a scope of this
time only, or a stopgap, takes the rule labels away (35 corpus messages hold such a scope, none
labelled a rule, preference or correction)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.integration


@pytest.mark.parametrize(
    "text",
    [
        "这次 backtest 只跑华东区就行，别的区下次再说",
        "RiderMap.tsx 这个文件里先 as any 顶一下，类型回头我自己补",
        "这回先只改 README，代码下个 PR 再动",
    ],
)
def test_a_one_off_instruction_is_no_rule(learned_kinds, text: str) -> None:
    assert not learned_kinds(text) & {"explicit_remember", "preference", "correction"}


@pytest.mark.parametrize(
    "text",
    [
        "这次开始 backtest 只跑华东区，以后都这样",  # a scope that starts a standing rule
        "以后提交前都先跑 lint",  # 先 of an order, not a stopgap
    ],
)
def test_a_standing_rule_with_the_same_words_stays(learned_kinds, text: str) -> None:
    assert learned_kinds(text) & {"explicit_remember", "preference"}
