"""Round 29 of issue 11 (session 42): round 11 of the signal model (three more writers, hold-out
10 as training) read "这次又是你先改了代码才跑测试，必须先跑测试" at 0.49 for a correction, under the
bar, and the rules dropped it as a one-off ("这次"). A complaint that the agent did it wrong
again, before a rule, is the labelling guide's correction by complaint; "这次又" is no one-off.
Round 11 also lost scenario 5's "rank-svc 其实是老周他们组维护的" (news): who owns or keeps
something is news by a rule now. Each test fails on the code before its fix (d2173d3, then
deaae8c, with round 11's model); guards pass on both and are named so.
"""

from __future__ import annotations

import pytest

from memstrata.capture.signals import detect


def _kinds(text: str) -> set[str]:
    return {signal.kind for signal in detect(text, "", "user")}


@pytest.mark.parametrize(
    "text",
    [
        "这次又是你先改了代码才跑测试，必须先跑测试",
        "这回又是你直接 push 到 main，以后都要开 PR",
        "你又忘了跑 lint 就提交了，提交前必须跑",
    ],
)
def test_done_wrong_again_before_a_rule_is_a_correction(text: str) -> None:
    assert "correction" in _kinds(text)


def test_this_time_again_is_no_one_off(learned_kinds) -> None:
    assert "correction" in learned_kinds("这次又是你先改了代码才跑测试，必须先跑测试")


@pytest.mark.parametrize(
    "text",
    ["又是你帮我修好的，谢谢", "这次又是你值班啊，辛苦了，都快十点了", "这次先别跑 lint"],
)
def test_guard_thanks_and_one_offs_are_no_correction(text: str) -> None:
    assert "correction" not in _kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "等下 rank-svc 其实是老周他们组维护的，我们只调它接口，有啥问题找他们组就行。healthz 先不加了 我去跟老周说",
        "风控规则引擎现在归数据中台的小孟管",
    ],
)
def test_who_owns_something_is_news(learned_kinds, text: str) -> None:
    assert "new_knowledge" in learned_kinds(text)


@pytest.mark.parametrize(
    "text", ["要是换人负责支付的话，交接一般要准备些啥", "这个服务是谁在管的？", "支付是谁负责的"]
)
def test_guard_asking_or_supposing_who_owns_it_is_no_news(learned_kinds, text: str) -> None:
    assert "new_knowledge" not in learned_kinds(text)
