"""What review15b left in the learning loop, each fixed by mechanism (round 16).

* "记住吧，…" / "好吧，以后都这样：…": the closing particle or the acknowledgement stayed in
  front of the content and titled the entry "吧" / "好吧".
* A lesson told twice was written twice: lessons.md was not among the files a repeat is looked
  up in.
* ``signal --json`` gave no sign that a request said nothing specific (the text output said
  "nothing specific to keep").
"""

from __future__ import annotations

import pytest

from memstrata.adapters import presenters
from memstrata.evolve.triggers import handle
from memstrata.formats.lessons import parse_lessons


@pytest.mark.parametrize(
    ("said", "title"),
    [
        ("记住吧，部署前要先跑 smoke test", "部署前要先跑 smoke test"),
        ("好吧，以后都这样：提交信息用英文写", "提交信息用英文写"),
        ("那好吧，记住：周报用表格发", "周报用表格发"),
        ("行吧，记住了，测试库每周一重置", "测试库每周一重置"),
    ],
)
def test_a_closing_particle_or_a_grudging_yes_is_no_title(make_ws, said, title) -> None:
    ws = make_ws("default")
    signals = handle(ws.writer(), said, dry_run=True).report.signals
    assert signals, said
    assert {s.brief for s in signals} == {title}, [(s.kind, s.brief) for s in signals]


def test_a_lesson_told_twice_is_one_lesson_seen_again(make_ws) -> None:
    ws = make_ws("default")
    said = "记个教训：rsync 少写了末尾斜杠，把整个目录拷进了子目录，以后 rsync 源路径都要带斜杠"
    first = handle(ws.writer(), said).report.written
    second = handle(ws.writer(), said).report.written
    path = ws.role_path("lessons")
    assert len(parse_lessons(ws.read_lines(path), path)) == 1
    assert not first[0].get("seen_again")
    assert second[0].get("seen_again") and path in second[0]["cite"]


def test_another_lesson_is_still_written(make_ws) -> None:
    ws = make_ws("default")
    handle(ws.writer(), "记个教训：rsync 少写了末尾斜杠，把整个目录拷进了子目录")
    handle(ws.writer(), "记个教训：pip install 没加 --no-cache-dir，镜像大了 2G")
    path = ws.role_path("lessons")
    assert len(parse_lessons(ws.read_lines(path), path)) == 2


@pytest.mark.parametrize("said", ["记住这个", "以后都这样做吧"])
def test_signal_json_says_when_nothing_specific_was_said(make_ws, said) -> None:
    ws = make_ws("default")
    data = presenters.signal_result(handle(ws.writer(), said, dry_run=True))
    assert data["signals"] and all(s.get("unspecific") for s in data["signals"]), data


def test_signal_json_has_no_flag_on_a_specific_request(make_ws) -> None:
    ws = make_ws("default")
    data = presenters.signal_result(handle(ws.writer(), "记住：发版前先跑迁移", dry_run=True))
    assert data["signals"] and not any("unspecific" in s for s in data["signals"]), data


@pytest.mark.parametrize(
    ("said", "title"),
    [
        ("我说过很多次了，日志里不要打印 token", "日志里不要打印 token"),
        ("跟你说了多少遍了，别在日志里打 token", "别在日志里打 token"),
        ("我说了三遍了，周报用表格", "周报用表格"),
        ("I've told you a hundred times, don't log tokens", "don't log tokens"),
        ("How many times do I have to tell you, never push to main", "never push to main"),
    ],
)
def test_a_rule_said_again_with_a_reproach_is_a_correction(make_ws, said, title) -> None:
    """review15b: "我说过很多次了，日志里不要打印 token" was no signal (round 8's model), and
    "跟你说了多少遍了，…" was titled by the reproach."""
    ws = make_ws("default")
    signals = handle(ws.writer(), said, dry_run=True).report.signals
    assert [(s.kind, s.brief) for s in signals] == [("correction", title)]


@pytest.mark.parametrize(
    "said",
    [
        "他说过很多次了，日志里不要打印 token",  # someone else's words
        "我说过很多次了",  # the reproach alone
        "I've told you many times, I'm fine",  # no rule after it
        "How many times have I told you this?",
    ],
)
def test_a_reproach_without_a_rule_of_the_users_is_no_signal(make_ws, said) -> None:
    ws = make_ws("default")
    assert handle(ws.writer(), said, dry_run=True).report.signals == []


def _infra(ws):
    from memstrata.formats.infra import parse_infra

    path = ws.role_path("infra")
    return {e.name: e.facts for e in parse_infra(ws.read_lines(path), path)}


def test_a_host_named_for_infra_md_goes_there_as_an_entry(make_ws) -> None:
    """review15b: "记到 infra.md：…" went to MEMORY.md."""
    ws = make_ws("default")
    result = handle(ws.writer(), "记到 infra.md：staging 数据库是 pg-stg-02，端口 5432")
    assert [w["role"] for w in result.report.written] == ["infra"]
    assert _infra(ws) == {"staging 数据库": {"地址": "pg-stg-02", "端口": "5432"}}
    handle(ws.writer(), "infra 里记一下：redis 在 10.0.3.9:6379")
    handle(ws.writer(), "记到 infra.md：staging 数据库是 pg-stg-03")  # a changed value
    assert _infra(ws) == {
        "staging 数据库": {"地址": "pg-stg-03", "端口": "5432"},
        "redis": {"地址": "10.0.3.9:6379"},
    }
    assert "pg-stg" not in (ws.root / "MEMORY.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "said", ["记到 infra.md：以后别在生产机上跑迁移", "infra 里记一下：监控在阿里云"]
)
def test_what_reads_as_no_host_stays_in_memory_md(make_ws, said) -> None:
    ws = make_ws("default")
    result = handle(ws.writer(), said)
    assert [w["role"] for w in result.report.written] == ["long_term"]
    assert _infra(ws) == {}


def test_a_project_named_for_projects_md_goes_there_with_its_fields(make_ws) -> None:
    from memstrata.formats.projects import parse_projects

    ws = make_ws("default")
    result = handle(ws.writer(), "projects.md 加一条：Tidemark 网关重构，负责人阿杰，进行中")
    assert [w["role"] for w in result.report.written] == ["projects"]
    path = ws.role_path("projects")
    [project] = parse_projects(ws.read_lines(path), path)
    assert (project.name, project.owner, project.status) == ("Tidemark 网关重构", "阿杰", "进行中")


@pytest.mark.parametrize(
    ("said", "entry"),
    [
        ("gpu-03 的 CUDA 是 12.4", ("gpu-03", {"CUDA": "12.4"}, "server")),
        (
            "跳板机是 10.1.2.3，用户 ops，只能从公司 VPN 连",
            ("跳板机", {"地址": "10.1.2.3", "用户": "ops", "备注": "只能从公司 VPN 连"}, "server"),
        ),
        (
            "网关 API 是 https://api.tidemark.io/v2",
            ("网关 API", {"地址": "https://api.tidemark.io/v2"}, "api"),
        ),
        ("监控在阿里云", None),  # names no value: MEMORY.md keeps it
        ("以后别在生产机上跑迁移", None),  # a rule, not a host
    ],
)
def test_an_infra_sentence_is_read_into_a_host_and_its_facts(said, entry) -> None:
    from memstrata.entries.named_files import infra_entry

    assert infra_entry(said, zh=True) == entry


def test_a_subagents_remember_reaches_the_card_saying_where_it_came_from(make_ws) -> None:
    """review15b: a subagent's 记住 reached the owner's card as 用户明确指示."""
    from memstrata.core.permissions import Session
    from memstrata.evolve.heartbeat import heartbeat

    ws = make_ws("openclaw")
    handle(ws.writer(Session("subagent", "coder")), "记住：发版前先跑数据库迁移")
    report = heartbeat(ws.writer(), force=True)
    [proposal] = [p for p in report.proposals if p.cid]
    assert "子代理" in proposal.source and "用户明确指示" not in proposal.source
    assert "子代理转达" in (ws.root / ws.role_path("candidates")).read_text(encoding="utf-8")


def test_the_owners_own_instruction_outranks_a_relayed_one(make_ws) -> None:
    from memstrata.evolve.pool import observe

    ws = make_ws("openclaw")
    said = "发版前先跑数据库迁移"
    relayed = observe(ws.writer(), "explicit_remember", said, explicit=True, relayed=True)
    assert relayed.relayed
    again = observe(ws.writer(), "explicit_remember", said)  # seen again: still relayed
    assert again.cid == relayed.cid and again.relayed
    owners = observe(ws.writer(), "explicit_remember", said, explicit=True)
    assert owners.cid == relayed.cid and owners.explicit and not owners.relayed
    relayed_again = observe(ws.writer(), "explicit_remember", said, explicit=True, relayed=True)
    assert not relayed_again.relayed


def test_the_owners_remember_still_says_so(make_ws) -> None:
    from memstrata.evolve.heartbeat import heartbeat

    ws = make_ws("openclaw")
    handle(ws.writer(), "不对，以后发版前都要先跑数据库迁移")
    handle(ws.writer(), "记住：周报用表格发")
    report = heartbeat(ws.writer(), force=True)
    assert not any("子代理" in p.source for p in report.proposals)


def _pool_with_a_proposal(make_ws, now):
    from datetime import timedelta

    from memstrata.core.workspace import Workspace
    from memstrata.evolve.heartbeat import heartbeat

    root = make_ws("memory-manager").root
    ws = Workspace.open(root, clock=lambda: now[0])
    for _ in range(3):
        handle(ws.writer(), "我更喜欢回答短一点，先给结论")
        now[0] += timedelta(hours=1)
    assert heartbeat(ws.writer(), force=True).card
    return ws


def _open_proposals(ws) -> list[str]:
    from memstrata.evolve.proposals import load_state

    return [p["cid"] for p in load_state(ws).get("proposals", [])]


def test_a_skipped_proposal_expires_after_the_expiry_days(make_ws) -> None:
    """review15b: a proposal skipped with 跳过 waited for ever (70 days and more)."""
    from datetime import datetime, timedelta

    from memstrata.evolve.approve import approve
    from memstrata.evolve.heartbeat import heartbeat

    now = [datetime(2026, 4, 1, 10)]
    ws = _pool_with_a_proposal(make_ws, now)
    approve(ws.writer(), "跳过")
    now[0] += timedelta(days=10)
    heartbeat(ws.writer(), force=True)
    assert _open_proposals(ws) == ["C001"]  # kept for later
    now[0] += timedelta(days=25)
    assert heartbeat(ws.writer(), force=True).expired == ["C001"]
    assert _open_proposals(ws) == []
    pool = (ws.root / ws.role_path("candidates")).read_text(encoding="utf-8")
    assert "提议 30 天未确认" in pool


def test_a_proposal_never_answered_waits_for_its_card(make_ws) -> None:
    """Only a skip starts the clock: a card nobody answered (the user was away, or two cards
    were already shown that session) waits, however long."""
    from datetime import datetime, timedelta

    from memstrata.evolve.heartbeat import heartbeat

    now = [datetime(2026, 4, 1, 10)]
    ws = _pool_with_a_proposal(make_ws, now)
    now[0] += timedelta(days=60)
    assert heartbeat(ws.writer(), force=True).expired == []
    assert _open_proposals(ws) == ["C001"]


def test_the_clock_starts_at_the_skip_not_at_the_observation(make_ws) -> None:
    """A heartbeat that ran late (the card shown 50 days after the signals) must not expire the
    proposal the moment it is skipped."""
    from datetime import datetime, timedelta

    from memstrata.evolve.approve import approve
    from memstrata.evolve.heartbeat import heartbeat

    now = [datetime(2026, 4, 1, 10)]
    ws = _pool_with_a_proposal(make_ws, now)
    now[0] += timedelta(days=50)
    approve(ws.writer(), "跳过")
    now[0] += timedelta(days=5)
    assert heartbeat(ws.writer(), force=True).expired == []
    assert _open_proposals(ws) == ["C001"]


# ---------------------------------------------------------------- review16: the fixes re-tested
@pytest.mark.parametrize(
    ("first", "second"),
    [
        (
            "记个教训：rsync 少写了末尾斜杠，把整个目录拷进了子目录，以后 rsync 源路径都要带斜杠",
            "记个教训：rsync 用了 --delete，把远端的日志目录删光了，以后对日志目录不要加 --delete",
        ),
        (
            "记个教训：docker 镜像没打 tag，部署拉错了版本，以后镜像都要打 tag",
            "记个教训：docker 镜像没清理，磁盘满了，以后每周清一次镜像",
        ),
    ],
)
def test_another_incident_of_the_same_tool_is_another_lesson(make_ws, first, second) -> None:
    """review16: the second lesson was taken as a repeat of the first and never written."""
    ws = make_ws("default")
    handle(ws.writer(), first)
    [written] = handle(ws.writer(), second).report.written
    assert not written.get("seen_again")
    path = ws.role_path("lessons")
    assert len(parse_lessons(ws.read_lines(path), path)) == 2


def test_a_host_named_for_infra_md_is_never_swallowed_as_a_repeat(make_ws) -> None:
    """review16: "gpu-03 的 CUDA 是 12.6" was "seen again" against MEMORY.md's gpu-04 entry."""
    ws = make_ws("default")
    handle(ws.writer(), "记住：gpu-04 has CUDA 12.2 and 4 A100s")
    handle(ws.writer(), "记到 infra.md：gpu-03 的 CUDA 是 12.6")
    assert _infra(ws) == {"gpu-03": {"CUDA": "12.6"}}


@pytest.mark.parametrize(
    "said",
    [
        "staging 数据库不是 pg-stg-01，是 pg-stg-02",  # a correction: MEMORY.md, not a guess
        "prod 数据库换成了 pg-prod-02（原来是 pg-prod-01）",
        "web-01 是 10.0.0.11，web-02 是 10.0.0.12，端口都是 8080",  # several hosts
        "wifi 密码为 [REDACTED:password]",  # a secret is no lookup fact
    ],
)
def test_what_the_infra_reader_would_get_wrong_stays_in_memory_md(said) -> None:
    from memstrata.entries.named_files import infra_entry

    assert infra_entry(said, zh=True) is None


@pytest.mark.parametrize(
    ("said", "entry"),
    [
        (
            "监控地址是 http://grafana.internal:3000/d/abc",
            ("监控地址", {"地址": "http://grafana.internal:3000/d/abc"}, "server"),
        ),
        ("mysql-01 端口 3306", ("mysql-01", {"端口": "3306"}, "server")),
        ("lb-01 端口都是 443", ("lb-01", {"端口": "443"}, "server")),
    ],
)
def test_urls_ports_and_a_host_named_first(said, entry) -> None:
    from memstrata.entries.named_files import infra_entry

    assert infra_entry(said, zh=True) == entry


@pytest.mark.parametrize(
    ("said", "secret"),
    [
        ("记到 infra.md：mysql-01 端口 3306，root/Passw0rd!", "Passw0rd!"),
        ("记住：堡垒机 bastion-02，登录用 admin / 8xK#29dLq", "8xK#29dLq"),
    ],
)
def test_an_account_password_pair_is_redacted_everywhere(make_ws, said, secret) -> None:
    """review16: "root/Passw0rd!" was written in clear to MEMORY.md, EVOLUTION_LOG.md and the
    queue."""
    ws = make_ws("default")
    handle(ws.writer(), said)
    every = b"".join(p.read_bytes() for p in ws.root.rglob("*") if p.is_file())
    assert secret.encode() not in every


def test_doctor_does_not_read_its_own_marker_as_a_password() -> None:
    from memstrata.core.redact import find_secrets

    assert find_secrets("postgres://admin:[REDACTED:url_password]@db-01:5432/app") == []


@pytest.mark.parametrize(
    ("said", "title"),
    [
        ("得嘞，记住了：代码评审至少两人", "代码评审至少两人"),
        ("好吧好吧，记住：周报周五发", "周报周五发"),
        ("那行，记住：周报周五发", "周报周五发"),
        ("记住咯，周报周五发", "周报周五发"),
        ("算了吧，记住：别用 yarn", "别用 yarn"),
        ("ok fine, remember: deploy only on Tuesdays", "deploy only on Tuesdays"),
        ("alright, remember: use pnpm", "use pnpm"),
        ("我说过很多次了：别用 yarn", "别用 yarn"),
        ("For the hundredth time, use pnpm", "use pnpm"),
    ],
)
def test_more_fillers_and_reproaches_are_no_title(make_ws, said, title) -> None:
    ws = make_ws("default")
    signals = handle(ws.writer(), said, dry_run=True).report.signals
    assert signals and {s.brief for s in signals} == {title}, [(s.kind, s.brief) for s in signals]


@pytest.mark.parametrize(
    "said",
    [
        "我说过很多次了，别担心",
        "我说过很多次了，都怪你",
        "I've told you a thousand times, don't worry about it",
        "I've told you a hundred times, you never listen",
    ],
)
def test_a_reproach_with_comfort_or_blame_is_no_correction(make_ws, said) -> None:
    ws = make_ws("default")
    kinds = {s.kind for s in handle(ws.writer(), said, dry_run=True).report.signals}
    assert "correction" not in kinds


@pytest.mark.parametrize(
    "said", ["记住这条规则", "记住这个密码", "记住这个做法", "记住：就按你刚才说的做"]
)
def test_a_thing_named_by_its_kind_only_is_nothing_specific(make_ws, said) -> None:
    """review16: "记住这条规则" wrote "- 规则" to MEMORY.md."""
    ws = make_ws("default")
    result = handle(ws.writer(), said)
    assert result.report.written == []
    assert all(not s.detail for s in result.report.signals)
