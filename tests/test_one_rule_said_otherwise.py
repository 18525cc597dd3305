"""One rule said three ways was read as opposite rules (session 57, from the scenarios' pool
items that ended split in two): a negation ran past a dash into what holds instead, two
negations ("nothing is merged without X", "没 X 不许合") were read as turning X down, "only X"
named what it leaves out as if asking for it, and a negation's short relative clause ("没动的")
turned down the rest of its sentence. Opposites of each shape stay opposite."""

from __future__ import annotations

import pytest

from memstrata.evolve.polarity import opposed


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("日期处理用 dayjs", "not moment.js — dayjs, it's a tenth of the size"),
        (
            "合并前要小周或者 Mia approve 一个",
            "ping 小周 after opening it — nothing gets merged without a +1 from him or Mia",
        ),
        ("上线前必须有回滚方案", "没有回滚方案不许上线"),
        ("log 别整段贴回来，贴 stacktrace 就够", "只贴 stacktrace，整段 log 我这边有"),
        (
            "本地测的时候加 --defer，没改的上游直接读 prod",
            "pass --defer locally, the upstream models you didn't touch are read from prod",
        ),
    ],
    ids=["dash", "nothing_without", "zh_double_negation", "only", "relative_clause"],
)
def test_one_rule_said_otherwise_is_not_its_opposite(first: str, second: str) -> None:
    assert not opposed(first, second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("用 pnpm，不用 npm", "用 npm，不用 pnpm"),
        ("token 存 keychain", "don't keep tokens in the keychain — use AsyncStorage"),
        ("merge 前要 review", "don't wait for a review — merge it"),
        ("整段 log 贴回来，我要看上下文", "log 别整段贴回来，只贴 stacktrace"),
    ],
    ids=["choice_reversed", "dash_other_way", "dash_opposite", "only_other_way"],
)
def test_guard_opposites_stay_opposite(first: str, second: str) -> None:
    assert opposed(first, second)
