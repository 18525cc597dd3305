"""Queries that name a time (issue 14): "上周部署了什么", "what did I mention four weeks ago".

The time words matched nothing useful and the newest alike entry won; now they become a window
of dates (recall/when.py) and the entry dated inside it goes first. The clock is the fixture's
Friday 2026-04-17."""

from __future__ import annotations

from datetime import date

import pytest

from memstrata.recall.query import plan_query
from memstrata.recall.search import search
from memstrata.recall.when import time_window
from tests.pg import put

TODAY = date(2026, 4, 17)  # a Friday


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        ("上周部署了什么", "2026-04-06", "2026-04-12"),
        ("what did we ship last week", "2026-04-06", "2026-04-12"),
        ("上周五那次发布", "2026-04-10", "2026-04-10"),
        ("who called last Saturday", "2026-04-11", "2026-04-11"),
        ("昨天的告警", "2026-04-16", "2026-04-16"),
        ("三天前那次故障", "2026-04-14", "2026-04-14"),
        ("the milestone I mentioned four weeks ago", "2026-03-14", "2026-03-26"),
        ("最近三天的错误", "2026-04-14", "2026-04-17"),
        ("over the past two weeks", "2026-04-03", "2026-04-17"),
        ("上个月的账单", "2026-03-01", "2026-03-31"),
        ("why was the budget raised in March", "2026-03-01", "2026-03-31"),
        ("3月的账单", "2026-03-01", "2026-03-31"),
        ("since March", "2026-03-01", "2026-04-17"),
        ("since 2024", "2024-01-01", "2026-04-17"),
        ("上周末去哪了", "2026-04-11", "2026-04-12"),
        ("上周日志里的事故", "2026-04-06", "2026-04-12"),  # 日志, not Sunday
        ("上周三天都在开会", "2026-04-06", "2026-04-12"),  # 三天, not Wednesday
        ("build 2024-05-01T10:00", "2024-05-01", "2024-05-01"),
        ("What setback did she face in October 2023?", "2023-10-01", "2023-10-31"),
        ("the painting shown on October 13, 2023", "2023-10-13", "2023-10-13"),
        ("2025年12月3日 的事故", "2025-12-03", "2025-12-03"),
        ("去年的预算", "2025-01-01", "2025-12-31"),
    ],
)
def test_a_time_expression_becomes_a_window_of_dates(query: str, start: str, end: str) -> None:
    window, _rest = time_window(query, TODAY)
    assert window is not None
    assert (str(window.start), str(window.end)) == (start, end)


@pytest.mark.parametrize(
    "query",
    [
        "周五发版吗",  # a habit, not a date
        "never deploy on Fridays",
        "周六周日找我一般只处理什么",
        "gateway 端口 2023 是谁占的",
        "升级到 v2024-01 之后",
        "现在一般周几发版",
        # Found by an adversarial pass (each was read as a date and outranked the answer):
        "这个周期的目标是什么",
        "本周期 KPI",
        "Q4 月度复盘",
        "统一月报模板",
        "同一月内重复告警",
        "3.7 月",
        "7月的账单",  # July has not come yet: this year's plan or last year's bill, unknown
        "10月上线计划",
        "新版计费 5月前上线",  # before May, not five months ago
        "15日前提交报销",
        "上线是几月几号",
        "what did we ship the last week of June",
        "the last day of the trip",
        "the last Friday of the month",
        "timeout in 2000 ms",
        "set heap in 2048 MB",
        "the top 2 may be wrong",
        "convert dec 10 to hex",
        "sep 2 columns",
        "提前天数设置",
        "目前天气 API 用哪个",
        "接近3个月没更新",
        "在 2024 年之前",
        "0000-05",
        "May 0000 notes",
        "0000年5月的日志",
    ],
)
def test_habits_numbers_and_versions_are_not_windows(query: str) -> None:
    assert time_window(query, TODAY) == (None, query)


def test_a_count_is_never_the_tail_of_a_longer_number() -> None:
    assert time_window("999999 天前", TODAY)[0] is None
    assert time_window("1000天前", TODAY)[0] is None


def test_the_time_words_are_not_query_words() -> None:
    assert "上周" not in plan_query("上周部署了什么", today=TODAY).terms
    terms = plan_query("what did I mention four weeks ago", today=TODAY).terms
    assert not {"weeks", "ago", "four"} & set(terms)
    # Nothing but a time: its words stay, something must be searched for.
    assert plan_query("上个月", today=TODAY).terms
    # What the expression drags along goes with it.
    assert plan_query("三天前的会", today=TODAY).terms == ["会"]
    assert "s" not in plan_query("last week's deploy", today=TODAY).terms


def test_a_date_inside_the_window_counts_and_fades_outside() -> None:
    window, _ = time_window("上周", TODAY)
    assert window is not None
    assert window.nearness("2026-04-08") == 1.0
    assert 0.0 < window.nearness("2026-04-13") < 1.0
    assert window.nearness("2026-01-02") == 0.0
    assert window.nearness("2026-04") == 1.0  # a month-dated bullet overlaps the window
    assert window.nearness("") == 0.0


@pytest.mark.both_backends
def test_last_week_finds_last_weeks_log_not_the_newest(ws) -> None:
    for day, what in (
        ("2026-04-16", "gateway v3"),
        ("2026-04-08", "notify v2"),
        ("2026-03-20", "billing v1"),
    ):
        put(ws, f"memory/{day}.md", f"# [{day}]\n\n## [main] 部署\n- 部署 {what}\n".encode())
    hits = search(ws, "上周部署了什么").results
    assert hits[0].path == "memory/2026-04-08.md"


@pytest.mark.both_backends
def test_weeks_ago_finds_the_entry_of_that_time(ws) -> None:
    """The same words on three dates: before, the newest won every time."""
    for day in ("2026-04-15", "2026-03-19", "2026-02-02"):
        put(
            ws,
            f"memory/{day}.md",
            f"# [{day}]\n\n## [main] Release\n- we released the app\n".encode(),
        )
    hits = search(ws, "what did we release four weeks ago?").results
    assert hits[0].path == "memory/2026-03-19.md"


def test_a_query_without_a_time_compiles_no_time_patterns() -> None:
    """Hooks outside the service run one query per process: compiling the expressions costs
    ~8 ms there, so a query with nothing time-like does not."""
    from memstrata.recall import when

    when._patterns.cache_clear()
    assert time_window("帮我把 gateway 部署到生产环境", TODAY) == (
        None,
        "帮我把 gateway 部署到生产环境",
    )
    assert when._patterns.cache_info().currsize == 0
    assert time_window("上周部署了什么", TODAY)[0] is not None
    assert when._patterns.cache_info().currsize == 1
