"""The learning loop of notes 000 and 004: pool, heartbeat, proposals, approval, expiry."""

from __future__ import annotations

import json
import multiprocessing
from datetime import datetime

import pytest

from memstrata.capture.record import record_signals
from memstrata.core.queues import append_pending, read_pending
from memstrata.core.workspace import Workspace
from memstrata.errors import MemstrataError
from memstrata.evolve.answer import read_answer
from memstrata.evolve.approve import approve
from memstrata.evolve.heartbeat import due, heartbeat, merge_duplicates
from memstrata.evolve.pool import observe, observing
from memstrata.formats.bullets import parse_bullets
from memstrata.formats.candidates import parse_candidates
from tests.pg import get, put, text

pytestmark = pytest.mark.both_backends


def at(ws: Workspace, when: str) -> Workspace:
    """The same workspace with its clock set to ``when``."""
    return Workspace.open(ws.root, clock=lambda: datetime.fromisoformat(when))


def test_note_004_timeline_three_days_to_user_md(ws) -> None:
    for day in ("2026-04-15", "2026-04-16", "2026-04-17"):
        day_ws = at(ws, f"{day}T10:00")
        record_signals(day_ws.writer(), "我更喜欢代码注释用中文")
        report = heartbeat(day_ws.writer(), force=True)
        assert report.ran and report.observed == 1
    assert (
        report.proposals and report.proposals[0].target == "user" and report.proposals[0].count == 3
    )
    assert "💡 进化请求" in report.card and "候选池晋升（C001，观察 3 次）" in report.card
    assert "## 自进化反思报告" in text(ws, "memory/reports/2026-04-17.md")
    daily = text(ws, "memory/2026-04-17.md")
    assert "memory/reports/2026-04-17.md" in daily and "代码注释" not in daily  # pointer only
    assert read_pending(ws).valid == []  # processed records cleared
    result = approve(at(ws, "2026-04-17T11:00").writer(), "确认")
    assert [a["cid"] for a in result.applied] == ["C001"]
    lines = text(ws, "USER.md").splitlines()
    line = int(result.applied[0]["cite"].rsplit(":L", 1)[1])
    assert lines[line - 1] == "- [2026-04] 我更喜欢代码注释用中文 | 来源：候选池C001"
    header = lines[lines.index("<!-- 行号速查（每次写入后更新）") + 1 : lines.index("-->")]
    start, end = (int(x[1:]) for x in header[0].split(" ")[0].split("-"))
    assert lines[start - 1] == "## 👤 基本偏好" and end == line
    rows = parse_candidates(ws.read_lines("memory/CANDIDATES.md"), "c")
    promoted = [r for r in rows if r.table == "promoted"]
    assert promoted[0].cells == ["C001", "我更喜欢代码注释用中文", "2026-04-17", f"USER.md:L{line}"]
    assert not [r for r in rows if r.table == "observing"]
    assert f"USER.md:L{line} | 我更喜欢代码注释用中文" in text(ws, "memory/EVOLUTION_LOG.md")


def test_explicit_instruction_skips_the_pool(ws) -> None:
    report = record_signals(ws.writer(), "记住：staging 数据库端口是 5433")
    assert report.written and report.written[0]["role"] == "long_term"
    beat = heartbeat(ws.writer(), force=True)
    assert beat.already_written == 1 and beat.proposals == [] and observing(ws.writer()) == []


def test_old_single_observation_expires_and_is_logged(ws) -> None:
    observe(at(ws, "2026-03-01T09:00").writer(), "preference", "我喜欢深色主题的图表")
    observe(at(ws, "2026-03-20T09:00").writer(), "preference", "周报用表格")
    append_pending(
        ws.writer(),
        {
            "signal": "preference",
            "brief": "x",
            "detail": "d",
            "source": "user",
            "evidence": "完全无关的东西",
        },
    )
    report = heartbeat(at(ws, "2026-04-01T09:00").writer(), force=True)
    assert report.expired == ["C001"]
    rows = parse_candidates(ws.read_lines("memory/CANDIDATES.md"), "c")
    dropped = [r.cells for r in rows if r.table == "dropped"]
    assert dropped == [["C001", "我喜欢深色主题的图表", "30天无再次观察", "2026-04-01"]]
    assert {r.cells[0] for r in rows if r.table == "observing"} == {"C002", "C003"}
    assert "CANDIDATES.md:C001" in text(ws, "memory/EVOLUTION_LOG.md")


def test_similar_observations_match_one_candidate(ws) -> None:
    writer = ws.writer()
    first = observe(writer, "preference", "我更喜欢用表格对比方案")
    again = observe(writer, "preference", "对比方案时请用表格")
    other = observe(writer, "correction", "npm install 失败，应该用 pnpm")
    assert first.cid == again.cid == "C001" and again.count == 2 and other.cid == "C002"


@pytest.mark.parametrize(
    ("reply", "chosen"),
    [
        ("确认", [1, 2, 3]),
        ("全部", [1, 2, 3]),
        ("all", [1, 2, 3]),
        ("1,3", [1, 3]),
        ("1，3", [1, 3]),
        ("1 3", [1, 3]),
        ("2、3", [2, 3]),
        ("跳过", []),
        ("skip", []),
        ("none", []),
    ],
)
def test_reply_parsing(reply: str, chosen: list[int]) -> None:
    answer = read_answer(reply, [1, 2, 3], [1, 2, 3])
    assert not answer.refused and answer.approve == chosen


def test_unclear_reply_changes_nothing(ws) -> None:
    for hour in (9, 12, 15):
        record_signals(at(ws, f"2026-04-17T{hour:02d}:00").writer(), "我更喜欢简短的回答")
    heartbeat(ws.writer(), force=True)
    before = get(ws, "USER.md")
    for reply in ("maybe later", "7", "1,9"):
        result = approve(ws.writer(), reply)
        assert result.applied == [] and result.understood
    assert get(ws, "USER.md") == before
    skipped = approve(ws.writer(), "跳过")
    assert (
        skipped.skipped == [1] and observing(ws.writer())[0].promotable
    )  # stays pending in the pool


def test_heartbeat_due_rules_and_skip_reason(ws) -> None:
    now = datetime(2026, 4, 17, 10, 0)
    assert due([], now) == (False, "pending 为空 / nothing pending")
    fresh = [{"ts": "2026-04-17T09:00:00"}] * 4
    assert not due(fresh, now)[0] and "< 5" in due(fresh, now)[1]
    assert due(fresh + fresh[:1], now)[0]
    assert due([{"ts": "2026-04-16T08:00:00"}], now)[0]
    append_pending(
        ws.writer(), {"signal": "preference", "brief": "b", "detail": "d", "source": "user"}
    )
    report = heartbeat(ws.writer())
    assert not report.ran and len(read_pending(ws).valid) == 1


def test_fine_signal_wins_over_hook_duplicate() -> None:
    coarse = {
        "signal": "tool_error",
        "brief": "npm 失败",
        "detail": "exit 1",
        "source": "hook",
        "evidence": "npm install failed ERESOLVE",
    }
    fine = {
        "signal": "tool_error",
        "brief": "npm 依赖冲突",
        "detail": "npm install 因 ERESOLVE 失败，应改用 pnpm",
        "source": "agent",
        "evidence": "npm install failed with ERESOLVE",
    }
    assert merge_duplicates([coarse, fine]) == [fine]
    later = {**fine, "ts": "2026-04-18T10:00:00", "source": "user"}
    earlier = {**fine, "ts": "2026-04-17T10:00:00"}
    assert len(merge_duplicates([earlier, later])) == 2  # the same thing on two occasions


def test_corrupt_pending_lines_survive_a_heartbeat(ws) -> None:
    pending = "memory/pending.jsonl"
    append_pending(
        ws.writer(),
        {
            "signal": "preference",
            "brief": "b",
            "detail": "d",
            "source": "user",
            "evidence": "我喜欢 vim",
        },
    )
    put(ws, pending, (get(ws, pending) or b"") + b"{broken json\n")
    report = heartbeat(ws.writer(), force=True)
    assert report.warnings and report.processed == 1
    assert text(ws, pending) == "{broken json\n"


def _approve_in_process(root: str, out) -> None:
    try:
        result = approve(Workspace.open(root).writer(), "all")
    except MemstrataError as exc:  # the other process took the proposals first
        out.put(0 if "no open proposals" in str(exc) else -1)
        return
    out.put(len(result.applied))


def test_concurrent_approvals_apply_once(ws) -> None:
    for hour in (9, 12, 15):
        record_signals(at(ws, f"2026-04-17T{hour:02d}:00").writer(), "我喜欢先给结论再给理由")
    heartbeat(ws.writer(), force=True)
    ctx = multiprocessing.get_context("fork")
    out = ctx.Queue()
    workers = [ctx.Process(target=_approve_in_process, args=(str(ws.root), out)) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(30)
    applied = sorted(out.get(timeout=5) for _ in workers)
    assert applied == [0, 1]
    bullets = [
        b for b in parse_bullets(ws.read_lines("USER.md"), "USER.md") if "先给结论" in b.text
    ]
    assert len(bullets) == 1


def test_cli_heartbeat_approve_candidates(ws, cli, monkeypatch) -> None:
    w = ("-w", str(ws.root))
    assert cli(*w, "heartbeat").out.startswith("Skipped: pending 为空")
    for hour in (9, 12, 15):
        monkeypatch.setenv("MEMSTRATA_NOW", f"2026-04-17T{hour:02d}:00")
        cli(*w, "signal", "I prefer tables when comparing options")
    beat = json.loads(cli(*w, "heartbeat", "--force", "--json").out)
    assert beat["proposals"][0]["target"] == "user" and beat["card"]
    listed = json.loads(cli(*w, "candidates", "--json").out)
    assert listed[0]["promotable"] and listed[0]["cid"] == "C001"
    assert "USER.md:L" in cli(*w, "approve", "1").out
    cli(*w, "signal", "不对，端口应该是 8443 不是 8080")
    cli(*w, "heartbeat", "--force")
    promoted = json.loads(cli(*w, "candidates", "promote", "C002", "--json").out)
    assert promoted["role"] == "principles" and promoted["entry_id"] == "P001"
    cli(*w, "signal", "顺便说一下，CI 现在用 Python 3.12")
    cli(*w, "heartbeat", "--force")
    assert "C003 dropped" in cli(*w, "candidates", "drop", "C003").out
    bad = cli(*w, "candidates", "promote")
    assert bad.code == 2 and "needs a candidate id" in bad.err


def test_thresholds_come_from_memstrata_toml(ws) -> None:
    config = ws.root / "memstrata.toml"
    config.write_text(
        config.read_text() + "\n[evolve]\nthreshold = 2\nmin_pending = 2\n", encoding="utf-8"
    )
    tuned = Workspace.open(ws.root, clock=lambda: datetime(2026, 4, 17, 10, 0))
    for hour in (9, 12):
        record_signals(at(tuned, f"2026-04-17T{hour:02d}:00").writer(), "我更喜欢用 Postgres")
    report = heartbeat(tuned.writer())  # due at 2 signals now
    assert report.ran and report.proposals and report.proposals[0].count == 2
    config.write_text(
        config.read_text().replace("threshold = 2", "threshold = 0"), encoding="utf-8"
    )
    with pytest.raises(MemstrataError, match=r"evolve\.threshold"):
        heartbeat(Workspace.open(ws.root).writer(), force=True)


@pytest.mark.integration
def test_cross_lingual_restatement_matches_with_the_default_model(ws, monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    record_signals(at(ws, "2026-04-15T10:00").writer(), "我喜欢先给结论再给理由")
    record_signals(
        at(ws, "2026-04-16T10:00").writer(), "I prefer the conclusion first, then the reasons"
    )
    heartbeat(at(ws, "2026-04-16T12:00").writer(), force=True)
    rows = observing(ws.writer())
    assert len(rows) == 1 and rows[0].count == 2
    record_signals(
        at(ws, "2026-04-17T10:00").writer(), "I'd rather hear the conclusion before the reasons"
    )
    assert (
        heartbeat(at(ws, "2026-04-17T12:00").writer(), force=True, use_embeddings=False).observed
        == 1
    )
    assert len(observing(ws.writer())) == 2  # lexical only: the paraphrase opens a new candidate


def _heartbeat_in_process(root: str, out) -> None:
    out.put(heartbeat(Workspace.open(root).writer(), force=True, use_embeddings=False).observed)


def test_concurrent_heartbeats_count_each_signal_once(ws) -> None:
    for hour in (9, 12, 15):
        record_signals(at(ws, f"2026-04-17T{hour:02d}:00").writer(), "我喜欢深色主题")
    ctx = multiprocessing.get_context("fork")
    out = ctx.Queue()
    workers = [
        ctx.Process(target=_heartbeat_in_process, args=(str(ws.root), out)) for _ in range(2)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(30)
    assert sorted(out.get(timeout=5) for _ in workers) == [0, 3]
    assert [c.count for c in observing(ws.writer())] == [3]
