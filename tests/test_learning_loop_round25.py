"""Round 25 of issue 11 (session 38): what review29 and review30 left of the duplicate decision.
A value said twice in two spellings was split as a change ("70公斤" / "70kg", "2h" / "2 小时",
"64Gi" / "64G", "100 req/s" / "100 QPS"), and two changes of holder were merged as repeats (a
name before its verb, "王磊负责支付" / "阿杰负责支付", and a handle in lower case, "@kevin" /
"@tara"). Each test fails on the code before its fix (bb8c568); guards (what must stay as it is)
pass on both and are named as guards.
"""

from __future__ import annotations

import pytest

# one value, two spellings of its unit: a repeat (review29's and review30's pairs)
SPELLED_TWICE = [
    ("体重70公斤", "体重70kg"),
    ("token 有效期 2h", "token 有效期 2 小时"),
    ("session 超时 30min", "session 超时 30 分钟"),
    ("日志保留 7d", "日志保留 7 天"),
    ("memory limit 64Gi", "memory limit 64G"),
    ("memory limit 64GB", "memory limit 64G"),
    ("硬盘1T", "硬盘1TB"),
    ("单价不超过100刀", "单价不超过100美元"),
    ("单价 ¥200 以内", "单价200块以内"),
    ("预算3000", "预算3000块"),
    ("网关限流 500 req/s", "网关限流是 500 QPS"),
    ("API 限流每秒100次", "API 限流100 QPS"),
    ("磁盘用到 85% 就该报警了", "Fire the disk alert once usage crosses 85 percent."),
]

# the same unit spelled otherwise, another value: a change (review29 found the first merged)
CHANGED_IN_ANOTHER_SPELLING = [
    ("rate limit 100 req/s", "rate limit 200 QPS"),
    ("Prometheus 本地数据保留 15 天", "Prometheus 本地 retention 砍到 7d，磁盘扛不住"),
]

# another holder: a name before its verb, or a handle in lower case (review29: merged, lost)
OTHER_HOLDER = [
    ("王磊负责支付", "阿杰负责支付", 0.57),
    ("王磊在管支付网关", "阿杰在管支付网关", 0.69),
    ("code owner: @kevin", "code owner: @tara", 0.80),
    ("ping @kevin for reviews", "ping @tara for reviews", 0.83),
]


@pytest.mark.parametrize(("first", "second"), SPELLED_TWICE)
def test_one_value_in_two_spellings_of_its_unit_is_no_change(first: str, second: str) -> None:
    from memstrata.evolve import known, restatement

    assert not known.contradicts(first, second)
    assert restatement.may_restate(first, second)


@pytest.mark.parametrize(("first", "second"), CHANGED_IN_ANOTHER_SPELLING)
def test_another_value_in_another_spelling_of_its_unit_is_a_change(first: str, second: str) -> None:
    from memstrata.evolve import known

    assert known.contradicts(first, second)


@pytest.mark.parametrize(
    ("first", "second"), [("我体重 70公斤", "我现在 75kg 了"), ("构建要 2h", "构建现在要 3 小时")]
)
def test_guard_another_value_in_two_spellings_stays_a_change(first: str, second: str) -> None:
    from memstrata.evolve import known

    assert known.contradicts(first, second)


def test_guard_a_price_said_before_or_after_its_number_is_one_value() -> None:
    from memstrata.evolve import known

    assert not known.contradicts("每月预算 $500", "每月预算 500 美元")


@pytest.mark.parametrize(("first", "second", "cosine"), OTHER_HOLDER)
def test_another_holder_before_its_verb_or_as_a_handle_is_never_a_repeat(
    first: str, second: str, cosine: float
) -> None:
    from memstrata.core.config import EvolveSettings
    from memstrata.evolve import known

    settings = EvolveSettings()
    assert known.contradicts(first, second)
    score = known.match_score(first, second, settings.match, cosine, settings.match_embedding)
    assert score < 1.0


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("王磊负责支付", "老王负责支付"),  # one person called otherwise
        ("有问题找 @kevin 或者 @tara", "有问题找 @tara"),  # a holder both name
        ("用 @pytest.fixture 写夹具", "夹具用 @pytest.fixture"),  # a decorator, no handle
        ("报警发到 ops@corp.com", "报警发 ops@corp.com"),  # an address, no handle
    ],
)
def test_guard_the_same_holder_or_no_holder_is_no_change(first: str, second: str) -> None:
    from memstrata.evolve import known

    assert not known.contradicts(first, second)


def test_a_unit_is_spelled_one_way_only_after_a_number_of_its_own() -> None:
    from memstrata.evolve.changes import one_spelling

    assert one_spelling("构建一次要 2 小时左右", "体重70公斤的人") == (
        "构建一次要 7200s 左右",
        "体重70kg 的人",
    )
    # a number inside a name or a version keeps its letters
    for kept in ("utf8mb4", "node18", "v1.2s", "hpc-login01", "2026年", "k8s"):
        assert one_spelling(kept, kept) == (kept, kept)
    # a scale and a price: one value
    first, second = one_spelling("$1.5k", "1500 美元")
    assert first.strip() == second.strip() == "1500usd"


def test_a_rule_that_opens_with_no_is_no_echo_title(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scenarios' echo count read scenario 7's "no leading $ in the snippets pls" as an echo:
    "no" before what it forbids is the rule; "No," / "no 不是这个" / "no wait" answer."""
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from learning_sim import ECHO

    assert not ECHO.match("no leading $ in the snippets pls")
    assert not ECHO.match("no force push to main")
    for echo in ("No, use pnpm", "no 不是这个", "No wait", "no that is wrong", "No"):
        assert ECHO.match(echo)


# a rule said to hold still, with a reading beside it: a repeat (review29: split as a change)
STILL_HOLDS = [
    ("position cap 2% of NAV", "cap 还是 2% NAV，没改成 1.5%"),
    ("the cap is 2% per name", "cap is still 2% per name; we're at 1.7% on AAPL"),
    ("单票仓位上限 2% NAV", "单票上限还是 2% NAV，现在最大的才 1.2%"),
]


@pytest.mark.parametrize(("first", "second"), STILL_HOLDS)
def test_a_value_said_to_hold_still_is_no_change(first: str, second: str) -> None:
    from memstrata.evolve import known

    assert not known.contradicts(first, second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (
            "Kafka 集群地址是 kafka-bj-01:9092",
            "Kafka brokers moved to kafka-bj-11..13, still port 9092.",
        ),
        ("测试服 server 地址是 10.2.3.45:9001", "test server 迁到 10.2.8.12 了，port 还是 9001"),
        (
            "Lighthouse performance score must stay above 90 in CI.",
            "CI 里 lighthouse 性能分的门槛改成 85 了",
        ),
    ],
)
def test_guard_what_still_holds_beside_a_move_keeps_the_move_a_change(
    first: str, second: str
) -> None:
    from memstrata.evolve import known

    assert known.contradicts(first, second)


# review31: a tester's round on the rules above (changes lost: 26 of 103 merged as repeats, 12
# of them by the first "still" rule; repeats read as a change: 19 of 80)
REVIEW31_CHANGES = [
    # a "still" says what holds, and the rest is still compared
    ("pg 主库 pg-01 端口 5432", "端口还是5432 不过主库已经是 pg-02 了"),
    ("kafka broker 是 kafka-bj-07:9092", "still port 9092 but the broker is kafka-bj-11 now"),
    ("workers 还是 3 台", "workers 还是 3 台，不过换成 c6 了"),
    ("3 replicas, memory limit 2Gi", "unchanged: 3 replicas, memory limit is 4Gi these days"),
    ("kafka 还是 9092 端口", "kafka 从 9092 改到 9093 了"),
    # a currency changed, one number
    ("API 费用上限 ¥500", "API 费用上限 $500"),
    ("报销上限 500 美元", "报销上限 500 欧"),
    # two people with one surname, two nicknames, an owner typed in lower case
    ("王磊负责支付", "王芳负责支付"),
    ("值班这周是王磊", "值班这周是王强"),
    ("小王负责前端", "小李负责前端"),
    ("找小王 review", "找小李 review"),
    ("kevin owns billing", "tara owns billing"),
    # a scale, two lengths of time said in a row, a half hour
    ("预算 500 块", "预算 500 万"),
    ("日志保留2w条", "日志保留2周"),
    ("超时 2 小时", "超时 2 小时 30 分钟"),
    ("站会 15min", "站会 半小时 了"),
]
REVIEW31_REPEATS = [
    ("token 有效期 1 day", "token 有效期 24h"),
    ("接口超时 1500ms", "接口超时 1.5s"),
    ("cache TTL 1h", "cache TTL 60min"),
    ("日活 1万", "日活 10k"),
    ("每秒写入 5w 条", "每秒写入 5万条"),
    ("预算 5000 块", "预算 5k"),
    ("限流 500 QPS", "限流 500/s"),
    ("构建机 8 核", "构建机 8C"),
    ("构建机 8C16G", "构建机 8核16G"),
]


@pytest.mark.parametrize(("first", "second"), REVIEW31_CHANGES)
def test_review31_a_change_is_read_as_a_change(first: str, second: str) -> None:
    from memstrata.evolve import known

    assert known.contradicts(first, second)


@pytest.mark.parametrize(("first", "second"), REVIEW31_REPEATS)
def test_review31_a_repeat_in_other_words_is_no_change(first: str, second: str) -> None:
    from memstrata.evolve import known

    assert not known.contradicts(first, second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("单票上限 2% NAV", "单票上限仍然 2%，现在最大的 1.5%，别担心"),
        ("code review 找 @tara", "CR 还是找 @tara 哈"),
    ],
)
def test_guard_what_still_holds_with_a_reading_beside_it_stays_a_repeat(
    first: str, second: str
) -> None:
    """The first "still" rule (e755e10) read these as repeats by ignoring everything else; the
    narrower one (only the readings beside it) must too."""
    from memstrata.evolve import known

    assert not known.contradicts(first, second)


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [
        ("王磊", "老王", True),
        ("小陈", "陈晨", True),
        ("阿杰", "杰哥", True),
        ("王磊", "王芳", False),
        ("小王", "小李", False),
    ],
)
def test_one_person_is_a_name_and_its_nicknames(first: str, second: str, same: bool) -> None:
    from memstrata.evolve.changes import same_person

    assert same_person(first, second) is same
