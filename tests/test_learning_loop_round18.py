"""What review17 left in the learning loop (round 18).

* Answers to a card in everyday words were refused: "跳过第2个", "skip #2", "全部跳过",
  "确认 1，跳过 2" (one action per answer, numbers in one spelling).
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from memstrata.core.workspace import Workspace
from memstrata.evolve.answer import read_answer
from memstrata.evolve.approve import approve
from memstrata.evolve.heartbeat import heartbeat
from memstrata.evolve.proposals import load_state
from memstrata.evolve.triggers import handle
from tests.test_learning_loop_round16 import _infra


def _card_of_two(make_ws) -> Workspace:
    root = make_ws("memory-manager").root
    now = [datetime(2026, 4, 1, 10)]
    ws = Workspace.open(root, clock=lambda: now[0])
    for _ in range(3):
        handle(ws.writer(), "我更喜欢回答短一点，先给结论")
        handle(ws.writer(), "代码注释我更喜欢用中文写")
        now[0] += timedelta(hours=1)
    assert heartbeat(ws.writer(), force=True).card
    assert len(load_state(ws)["proposals"]) == 2
    return ws


def _open(ws) -> dict[int, str]:
    return {p["number"]: p.get("skipped_on", "") for p in load_state(ws)["proposals"]}


@pytest.mark.parametrize(
    "reply", ["跳过第2个", "第二个先跳过", "skip #2", "＃２ later", "第2条跳过吧"]
)
def test_a_skip_said_with_an_ordinal_skips_that_one(make_ws, reply) -> None:
    ws = _card_of_two(make_ws)
    result = approve(ws.writer(), reply)
    assert not result.refused and result.skipped == [2] and not result.applied
    assert _open(ws) == {1: "", 2: "2026-04-01"}


@pytest.mark.parametrize("reply", ["全部跳过", "都跳过", "skip all", "先都放着"])
def test_skip_all_keeps_the_whole_card_for_later(make_ws, reply) -> None:
    ws = _card_of_two(make_ws)
    result = approve(ws.writer(), reply)
    assert not result.refused and sorted(result.skipped) == [1, 2] and not result.applied
    assert _open(ws) == {1: "2026-04-01", 2: "2026-04-01"}


@pytest.mark.parametrize(
    "reply",
    ["确认 1，跳过 2", "确认1跳过2", "1 要，2 先不", "approve 1, skip 2", "1 ok, rest later"],
)
def test_one_answer_can_write_one_and_keep_the_other(make_ws, reply) -> None:
    ws = _card_of_two(make_ws)
    result = approve(ws.writer(), reply)
    assert not result.refused
    assert [item["number"] for item in result.applied] == [1]
    assert _open(ws) == {2: "2026-04-01"}


@pytest.mark.parametrize(
    "reply", ["1 要，2 不要", "reject 2, approve the rest", "第二个不要，其他确认"]
)
def test_one_answer_can_write_one_and_turn_down_the_other(make_ws, reply) -> None:
    ws = _card_of_two(make_ws)
    result = approve(ws.writer(), reply)
    assert [item["number"] for item in result.applied] == [1] and result.rejected == [2]
    assert _open(ws) == {}


@pytest.mark.parametrize(
    "reply",
    [
        "maybe later",  # a word outside the answer's lexicon: nothing on a guess
        "1 要 1 不要",  # one proposal, two answers
        "1 确认 2",  # whose is 2?
        "跳过 5",  # not open
        "1 要，其他不要，剩下的跳过",  # "the others" twice
    ],
)
def test_an_unclear_answer_does_nothing(make_ws, reply) -> None:
    ws = _card_of_two(make_ws)
    result = approve(ws.writer(), reply)
    assert result.refused and not result.applied and not result.rejected
    assert _open(ws) == {1: "", 2: ""}


@pytest.mark.parametrize(
    ("reply", "approve", "reject", "skip"),
    [
        ("1，3 不要", [], [1, 3], []),  # a list's numbers go together
        ("不要 1, 3", [], [1, 3], []),
        ("确认 1，3", [1, 3], [], []),
        ("1-3", [1, 2, 3], [], []),
        ("1 and 2 yes, 3 no", [1, 2], [3], []),
        ("all but 2", [1, 3], [], []),
        ("除了 2 都要", [1, 3], [], []),
        ("全部，但是 2 不要", [1, 3], [2], []),
        ("yes but no 2", [1, 3], [2], []),
        ("3个都要", [1, 2, 3], [], []),
        ("👍", [1, 2, 3], [], []),
        # review18: a yes beside a no is no second answer; "but 2," before another clause
        ("3 可以不要", [], [3], []),
        ("2 不要好了", [], [2], []),
        ("2 可以跳过", [], [], [2]),
        ("approve all but 2, reject 3", [1], [3], []),
        ("OK的", [1, 2, 3], [], []),
    ],
)
def test_how_an_answer_is_read(reply, approve, reject, skip) -> None:
    answer = read_answer(reply, [1, 2, 3], [1, 2, 3])
    assert not answer.refused, answer.understood
    assert (answer.approve, answer.reject, answer.skip) == (approve, reject, skip)


@pytest.mark.parametrize(
    "reply",
    [
        # a tester's round on the first version: each did what nobody chose
        "好的 2 不要",  # 好的 [2] + 不要 the rest, or 好的 the rest + 2 不要?
        "确认 2 跳过",
        "yes 1 2 no",
        "要 1 2 3 不要",
        "确认 1,3, 2 不要",  # is 3 in the approval or the rejection?
        "拒绝 2，3 跳过",
        "approve 1,3 and skip",
        "不要删掉",  # "don't delete": no rejection
        "no reject",
        "两个不要",  # which two, of three?
        "2个都要",
        "3-1",
        "1-999",
        "no, just 2",  # review18: turned 2 down
        "要不要",
        "9" * 5000,  # a traceback once
    ],
)
def test_an_answer_that_reads_two_ways_does_nothing(reply) -> None:
    answer = read_answer(reply, [1, 2, 3], [1, 2, 3])
    assert answer.refused and not (answer.approve or answer.reject or answer.skip)


# ------------------------------------------------ projects.md / infra.md named (review17)
def _projects(ws) -> dict[str, tuple[str, str]]:
    from memstrata.formats.projects import parse_projects

    path = ws.role_path("projects")
    return {p.name: (p.status, p.owner) for p in parse_projects(ws.read_lines(path), path)}


@pytest.mark.parametrize(
    ("said", "status", "owner"),
    [
        ("note in projects.md: search-v3 is done", "done", "Lee"),
        ("记到 projects.md：search-v3 已完成", "已完成", "Lee"),
        ("记到 projects.md：search-v3 状态改成暂停", "暂停", "Lee"),
        ("note in projects.md: Mia owns search-v3 now", "in testing", "Mia"),
        ("记到 projects.md：search-v3 负责人换成阿杰", "in testing", "阿杰"),
    ],
)
def test_a_change_named_for_projects_md_updates_the_project(make_ws, said, status, owner) -> None:
    """review17: "search-v3 is done" went to MEMORY.md; projects.md kept "in testing"."""
    ws = make_ws("default")
    handle(ws.writer(), "note in projects.md: search-v3, in testing, owner Lee")
    result = handle(ws.writer(), said)
    assert [w["role"] for w in result.report.written] == ["projects"]
    assert _projects(ws) == {"search-v3": (status, owner)}
    assert "search-v3" not in (ws.root / "MEMORY.md").read_text(encoding="utf-8")


def test_a_project_the_file_lacks_is_added_with_its_status(make_ws) -> None:
    ws = make_ws("default")
    result = handle(ws.writer(), "note in projects.md: search-v4 is done")
    assert [w["role"] for w in result.report.written] == ["projects"]
    assert _projects(ws) == {"search-v4": ("done", "")}


@pytest.mark.parametrize(
    ("said", "project"),
    [
        # review18: the status or the change was glued into a new project's name
        ("note in projects.md: search-v3 is done, Lee will write the post-mortem", ("done", "Lee")),
        ("记到 projects.md：search-v3 已上线，负责人换成阿杰", ("已上线", "阿杰")),
        ("note in projects.md: Mia owns search-v3 now, Lee moved to ads", ("in testing", "Mia")),
        ("记到 projects.md：search-v3 负责人换成阿杰了，Lee 去做广告了", ("in testing", "阿杰")),
        ("note in projects.md: search-v3 is now owned by Mia Chen", ("in testing", "Mia Chen")),
    ],
)
def test_a_change_said_with_more_updates_the_project(make_ws, said, project) -> None:
    ws = make_ws("default")
    handle(ws.writer(), "note in projects.md: search-v3, in testing, owner Lee")
    handle(ws.writer(), said)
    assert _projects(ws) == {"search-v3": project}


@pytest.mark.parametrize(
    ("said", "name", "project"),
    [
        ("记到 projects.md：search-v3 测试中，负责人 Lee", "search-v3", ("测试中", "Lee")),
        (
            "note in projects.md: payments-v2 is in testing, owner Lee",
            "payments-v2",
            ("in testing", "Lee"),
        ),
        ("记到 projects.md：ads-v2，暂停，目前没人负责", "ads-v2", ("暂停", "")),
        ("note in projects.md: billing-v2, on hold, nobody owns it", "billing-v2", ("on hold", "")),
    ],
)
def test_a_new_projects_status_and_owner_are_fields(make_ws, said, name, project) -> None:
    ws = make_ws("default")
    handle(ws.writer(), said)
    assert _projects(ws) == {name: project}


@pytest.mark.parametrize(
    "said",
    [
        "remember in infra.md: db-01 is at 10.0.0.5 and db-02 is at 10.0.0.6",
        "remember in infra.md: ci-01 and ci-02 run jenkins",
        "记到 infra.md：db-01 和 db-02 都在机房 A",
        "记到 infra.md：db-01 在 10.0.0.5，以后别直接连它",  # a rule is no note of the host
    ],
)
def test_two_hosts_or_a_rule_stay_whole_in_memory_md(make_ws, said) -> None:
    """review17: the second host (or the rule) became the first host's note."""
    ws = make_ws("default")
    result = handle(ws.writer(), said)
    assert [w["role"] for w in result.report.written] == ["long_term"]
    assert _infra(ws) == {}


def test_an_english_description_is_one_entry_with_or_without_its_article(make_ws) -> None:
    ws = make_ws("default")
    handle(ws.writer(), "remember in infra.md: the primary database is db-07")
    handle(ws.writer(), "remember in infra.md: primary database is db-08, port 5432")
    assert _infra(ws) == {"primary database": {"地址": "db-08", "port": "5432"}}


# ------------------------------------------------ a preference said in so many words (review17)
@pytest.mark.parametrize(
    "text",
    [
        "I prefer pnpm over npm",
        "我偏好 pnpm 不要 npm",
        # review18: missed while the rules' own preference did not fire
        "我还是偏好 yarn",
        "I much prefer squash merges",
        "我个人更倾向于用 Go 写后端",
        "说真的我偏好 pnpm",
        "我偏好 pnpm，你呢？",  # the question is the next clause's
        "Does the team prefer pnpm? I prefer npm",
    ],
)
def test_a_preference_said_in_so_many_words_is_one(learned_kinds, text) -> None:
    """The model's gate gave these 0.25-0.6: no signal at all."""
    assert "preference" in learned_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "do you prefer pnpm over npm?",
        "老板说：“我喜欢 pnpm”",
        "I'd prefer not to say which client",
        # review18: reported, quoted or supposed
        "Lee said I prefer pnpm",
        "> I prefer pnpm over npm",
        "Let's say I prefer pnpm over npm, what changes",
        "Write a commit message that says I prefer pnpm",
    ],
)
def test_a_preference_asked_or_quoted_is_none(learned_kinds, text) -> None:
    assert "preference" not in learned_kinds(text)


# ------------------------------------------------------------- infra.md, review18
@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("记到 infra.md：db-07 所在机房是 B2", {"db-07": {"机房": "B2"}}),  # not host "db-07 所"
        ("记到 infra.md：10.0.0.8 是 web-01", {"web-01": {"地址": "10.0.0.8"}}),
        (
            "记到 infra.md：mq-01 在 10.0.0.7 端口 5672",
            {"mq-01": {"地址": "10.0.0.7", "端口": "5672"}},
        ),
        (
            "note in infra.md: cache-01 is at 10.0.0.9 and listens on 6379",
            {"cache-01": {"地址": "10.0.0.9", "port": "6379"}},
        ),
    ],
)
def test_a_host_said_in_one_clause_gets_its_fields(make_ws, said, expected) -> None:
    ws = make_ws("default")
    handle(ws.writer(), said)
    assert _infra(ws) == expected


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        ("记到 infra.md：db-01 端口改成 5433 了", {"地址": "10.0.0.5", "端口": "5433"}),
        ("记到 infra.md：db-01 端口现在是 5434", {"地址": "10.0.0.5", "端口": "5434"}),
        ("note in infra.md: db-01 port is 5433 now", {"地址": "10.0.0.5", "端口": "5433"}),
        ("记到 infra.md：db-01 迁到 10.0.0.9 了", {"地址": "10.0.0.9", "端口": "5432"}),
    ],
)
def test_a_changed_value_is_the_value_alone_under_its_key(make_ws, said, facts) -> None:
    """review18: "5433 了", "现在是 5434", a second "port" line beside 端口, a move kept as a note."""
    ws = make_ws("default")
    handle(ws.writer(), "记到 infra.md：db-01 在 10.0.0.5，端口 5432")
    handle(ws.writer(), said)
    assert _infra(ws) == {"db-01": facts}


@pytest.mark.parametrize(
    "said",
    [
        "记到 infra.md：db-01 10.0.0.5, db-02 10.0.0.6",
        "记到 infra.md：db-01 在 10.0.0.5，端口 5432；db-02 端口 5433",
        "记到 infra.md：db-03 在 10.0.0.10，生产库，禁止直接写",
        "note in infra.md: db-04 is at 10.0.0.11, do not run migrations there",
    ],
)
def test_a_second_host_or_a_rule_is_no_note(make_ws, said) -> None:
    ws = make_ws("default")
    result = handle(ws.writer(), said)
    assert [w["role"] for w in result.report.written] == ["long_term"]
    assert _infra(ws) == {}


@pytest.mark.parametrize(
    "said",
    [
        "记到 infra.md：db-01 在 10.0.0.5，用户 admin，pw hunter2",
        "记到 infra.md：redis-01 在 10.0.0.9，auth Zx9kLm2Qw",
    ],
)
def test_a_password_said_as_pw_or_auth_is_not_kept(make_ws, said) -> None:
    """review18: kept in clear in infra.md and EVOLUTION_LOG.md."""
    ws = make_ws("default")
    handle(ws.writer(), said)
    for path in (p for p in ws.root.rglob("*") if p.is_file()):
        data = path.read_bytes()
        assert b"hunter2" not in data and b"Zx9kLm2Qw" not in data, path


def test_no_example_on_the_cards_reply_line_is_cut_by_the_border(make_ws) -> None:
    """review18: the reply hint wrapped inside "确认 1，跳过 2"."""
    now = [datetime(2026, 4, 1, 10)]
    ws = Workspace.open(make_ws("memory-manager").root, clock=lambda: now[0])
    for _ in range(3):
        handle(ws.writer(), "我更喜欢回答短一点，先给结论")
        now[0] += timedelta(hours=1)
    card = heartbeat(ws.writer(), force=True).card or ""
    rows = [row for row in card.splitlines() if '"' in row]
    assert rows and all(row.count('"') % 2 == 0 for row in rows)
