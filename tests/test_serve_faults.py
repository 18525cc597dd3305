"""Faults: the service killed with SIGKILL while writing and while embedding. The CLI falls
back at once, nothing acknowledged is lost, and the next ``serve`` resumes the backlog."""

from __future__ import annotations

import os
import signal
import sqlite3
import time
from pathlib import Path

from serving import cli, start, wait_idle, wait_live


def _counts(root: Path) -> tuple[int, int]:
    """(distinct chunk texts, embedded ones) in the index."""
    conn = sqlite3.connect(root / ".memstrata" / "index.sqlite", timeout=30)
    try:
        total = conn.execute("SELECT COUNT(DISTINCT text_hash) FROM chunks").fetchone()[0]
        done = conn.execute(
            "SELECT COUNT(DISTINCT c.text_hash) FROM chunks c JOIN embeddings e"
            " ON e.text_hash = c.text_hash"
        ).fetchone()[0]
    finally:
        conn.close()
    return total, done


def test_kill9_during_writes_loses_nothing_and_the_cli_falls_back_at_once(tmp_path):
    root = tmp_path / "ws"
    cli("init", str(root), service=False).check_returncode()
    process = start(root)
    wait_live(root, process)
    codes: dict[int, int] = {}
    slowest_after_kill = 0.0
    for number in range(24):
        if number == 10:
            os.killpg(process.pid, signal.SIGKILL)  # the service, its fork server, its workers
            process.wait()
        started = time.monotonic()
        result = cli(
            "-w", str(root), "log", f"第 {number} 条记录 entry-{number}", "--agent", "coder"
        )
        if number >= 10:
            slowest_after_kill = max(slowest_after_kill, time.monotonic() - started)
        codes[number] = result.returncode
        assert result.returncode in (0, 75), result.stderr
    daily = "".join(p.read_text(encoding="utf-8") for p in (root / "memory").glob("2026-*.md"))
    for number, code in codes.items():
        seen = daily.count(f"## [coder] 第 {number} 条记录 entry-{number}\n")
        assert seen == (1 if code == 0 else seen) and seen <= 1, (number, code, seen)
    assert all(code == 0 for number, code in codes.items() if number >= 10)
    assert slowest_after_kill < 10  # no waiting on a dead service: the stale file is seen at once
    process = start(root)  # the next serve resumes over the stale address file
    try:
        wait_live(root, process)
        wait_idle(root)
        found = cli("-w", str(root), "search", "entry-23", "--json")
        assert "entry-23" in found.stdout
        assert cli("-w", str(root), "doctor").returncode == 0
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)


def test_kill9_during_background_embedding_resumes_on_the_next_serve(tmp_path):
    root = tmp_path / "ws"
    cli("init", str(root), service=False).check_returncode()
    sections = [
        f"## [coder] 第 {i} 个任务\n修复了模块 m{i} 的问题，端口 {8000 + i}，耗时 {i % 17} 分钟\n"
        for i in range(6000)
    ]
    (root / "memory" / "2026-04-16.md").write_text(
        "# 2026-04-16\n\n" + "\n".join(sections), encoding="utf-8"
    )
    cli("-w", str(root), "index", "--lexical-only", service=False).check_returncode()
    total, done = _counts(root)
    assert total > 5000 and done < total
    process = start(root)
    wait_live(root, process)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        _total, done = _counts(root)
        if done > 200:
            break
        time.sleep(0.01)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    total, partial = _counts(root)
    assert 0 < partial < total, "embedding finished before the kill; make the backlog bigger"
    # the CLI works at once, in-process, while nothing is served
    result = cli("-w", str(root), "search", "端口 8042", "--mode", "lexical", "--json")
    assert result.returncode == 0 and "memory/2026-04-16.md" in result.stdout
    process = start(root)
    try:
        wait_live(root, process)
        wait_idle(root, timeout=120)
        total, done = _counts(root)
        assert done == total
        assert "stale address file" in (root / ".memstrata" / "serve.log").read_text()
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
