"""Many writers at once never lose or mangle a record; a killed writer never leaves a mix."""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import time
from pathlib import Path

import pytest

from memstrata.core.permissions import Session
from memstrata.core.queues import append_pending, read_pending
from memstrata.core.storage import TEMP_MARK
from memstrata.core.workspace import Workspace
from memstrata.entries.journal import log
from memstrata.formats.daily import parse_log
from memstrata.formats.jsonl import parse_jsonl
from memstrata.text.textio import split_lines
from tests.conftest import fixed_clock
from tests.pg import put, text

PROCESSES, APPENDS = 8, 200


def _appender(root: str, agent: str, barrier) -> None:
    ws = Workspace.open(root, clock=fixed_clock)
    writer = ws.writer(Session("subagent", agent))
    barrier.wait()
    for number in range(APPENDS):
        log(writer, f"{agent} 第 {number} 条记录 entry {number}", title=f"{agent}-{number}")
        append_pending(
            writer,
            {
                "signal": "preference",
                "brief": f"{agent}-{number}",
                "detail": "并发测试 concurrent",
                "source": "agent",
            },
        )


@pytest.mark.both_backends
def test_parallel_appends_keep_every_record(ws: Workspace) -> None:
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(PROCESSES)
    workers = [
        ctx.Process(target=_appender, args=(str(ws.root), f"agent{i}", barrier))
        for i in range(PROCESSES)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=300)
        assert worker.exitcode == 0
    total = PROCESSES * APPENDS
    daily = ws.daily_path(ws.today())
    sections = parse_log(ws.read_lines(daily), daily)
    assert len(sections) == total
    assert {f"{s.agent}:{s.title}" for s in sections} == {
        f"agent{i}:agent{i}-{n}" for i in range(PROCESSES) for n in range(APPENDS)
    }
    pending = read_pending(ws)
    assert pending.warnings == [] and len(pending.valid) == total
    assert len({r["brief"] for r in pending.valid}) == total


BODY = ("同一行正文 same body line 🎉 " + "x" * 60 + "\n") * 30000


def _make_version(number: int) -> bytes:
    """About 2.6 MB; versions differ in the first and last line, so a torn file shows."""
    return f"# v{number}\n{BODY}end v{number}\n".encode()


def _rewriter(root: str, start: int) -> None:
    ws = Workspace.open(root, clock=fixed_clock)
    writer = ws.writer()
    number = start
    while True:
        number += 1
        content = split_lines(_make_version(number).decode("utf-8"))
        writer.rewrite("MEMORY.md", lambda _lines, c=content: (c, None))


def _temp_exists(root: Path) -> bool:
    return any(TEMP_MARK in entry.name for entry in os.scandir(root))


def test_sigkill_mid_rewrite_leaves_old_or_new(ws: Workspace) -> None:
    """50 kills: odd attempts at a random moment, even ones the instant the temp file appears."""
    target = ws.root / "MEMORY.md"
    target.write_bytes(_make_version(0))
    ctx = multiprocessing.get_context("fork")
    rng = random.Random(7)
    mid_write = 0
    for attempt in range(50):
        child = ctx.Process(target=_rewriter, args=(str(ws.root), attempt * 1000))
        child.start()
        if attempt % 2:
            time.sleep(rng.uniform(0.15, 0.5))
        else:
            deadline = time.monotonic() + 10
            while not _temp_exists(ws.root) and time.monotonic() < deadline:
                pass
        os.kill(child.pid, signal.SIGKILL)
        child.join()
        data = target.read_bytes()
        number = int(data.split(b"\n", 1)[0][3:])
        assert data == _make_version(number), f"attempt {attempt}: torn file"
        mid_write += _temp_exists(ws.root)
    # The next write under the lock removes whatever temp file a killed writer left.
    ws.writer().rewrite("MEMORY.md", lambda lines: (lines[:1], None))
    assert not _temp_exists(ws.root)
    assert mid_write >= 10, f"only {mid_write} kills landed mid-write; the test would prove little"


@pytest.mark.both_backends
def test_corrupt_pending_line_kept_on_append(ws: Workspace) -> None:
    pending = ws.role_path("pending")
    put(ws, pending, b'{"ts":"t","signal":"x","brief":"b","detail":"d","source":"s"}\n{broken\n')
    append_pending(
        ws.writer(), {"signal": "correction", "brief": "新的", "detail": "d", "source": "agent"}
    )
    lines = text(ws, pending).splitlines()
    assert lines[1] == "{broken" and len(lines) == 3
    parsed = parse_jsonl(ws.read_lines(ws.role_path("pending")))
    assert len(parsed.valid) == 2 and parsed.warnings == [
        "line 2: invalid JSON (Expecting property name enclosed in double quotes) (kept, skipped)"
    ]


def test_lock_dir_is_derived_state(ws: Workspace) -> None:
    log(ws.writer(), "x")
    assert (ws.state_dir / "locks").is_dir()
    assert ".memstrata/" in Path(ws.root / ".gitignore").read_text()
