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


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (
            "refresh token 放 localStorage？登录模块一直是用 keychain 存的",
            "localStorage isn't where tokens go in this app — keychain, same as login",
        ),
        ("为什么用 var？", "use explicit types instead of var"),
    ],
    ids=["challenge", "why"],
)
def test_a_question_that_asks_for_nothing_challenges_what_it_names(first: str, second: str) -> None:
    """A question that is no request ("…放 localStorage？") objects to what it names (scenario 3's
    keychain correction said twice was read as the opposite of itself)."""
    assert not opposed(first, second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("能不能把日志改成用 logging？", "别用 logging，用 print"),
        ("can you use logging?", "don't use logging, just print"),
        # (scenario 10's "Can the SQL you write use upper-case keywords?" was first lost as a
        # challenge: a question opening with can / could, or one ending in 吗, asks)
        ("Could the reports you send use bullet points?", "don't use bullet points in the reports"),
        ("日报可以用表格吗？", "日报别用表格"),
    ],
)
def test_guard_a_request_asked_as_a_question_keeps_what_it_asks(first: str, second: str) -> None:
    assert opposed(first, second)
