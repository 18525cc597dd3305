"""Repeated failures are read from `[tool] COMMAND → OUTPUT` context lines (the labelling
guide's and `--context`'s form), from the older `cmd -> Exit code N` form and from the hooks'
failure events (issue 11: recall 0.00 on tool lines before)."""

from __future__ import annotations

import json

from memstrata.capture.record import record_signals
from memstrata.capture.signals import detect
from memstrata.capture.toolcontext import failures, parse_runs
from memstrata.core.queues import read_pending
from memstrata.evolve import pool
from memstrata.evolve.heartbeat import heartbeat

TWICE = (
    "[bash] pnpm build → Exit code 1: Cannot find module '@acme/ui'\n"
    "[edit] package.json → ok\n"
    "[bash] pnpm build → Exit code 1: Cannot find module '@acme/ui'"
)


def test_arrow_lines_are_parsed_with_outcome() -> None:
    runs = parse_runs(TWICE)
    assert [(r.tool, r.op, r.failed) for r in runs] == [
        ("bash", "pnpm build", True),
        ("edit", "package.json", False),
        ("bash", "pnpm build", True),
    ]


def test_same_operation_failing_twice_is_a_signal_without_any_words() -> None:
    assert [s.kind for s in detect("hmm", TWICE)] == ["repeated_failure"]
    assert [s.kind for s in detect("看看怎么回事", TWICE)] == ["repeated_failure"]


def test_output_without_exit_code_still_counts_as_failure() -> None:
    context = (
        "[bash] docker compose up -d db → Error response from daemon: port is already allocated\n"
        "[bash] docker compose up -d db → Error response from daemon: port is already allocated"
    )
    assert failures(context).repeated


def test_a_retry_with_other_flags_is_the_same_operation() -> None:
    context = (
        "[bash] docker build -t api . → ERROR: failed to fetch: Connection timed out\n"
        "[bash] docker build --no-cache -t api . → ERROR: failed to fetch: Connection timed out"
    )
    assert failures(context).repeated


def test_fixed_operations_and_clean_runs_do_not_count() -> None:
    fixed = (
        "[bash] cargo test → test result: FAILED. 41 passed; 1 failed\n"
        "[bash] cargo test → test result: ok. 42 passed; 0 failed"
    )
    assert not failures(fixed).repeated and detect("好了吗", fixed) == []
    vite = "[bash] npm run dev → Error: Cannot find module 'vite'\n[bash] npm run dev → VITE v5.2.8 ready in 412 ms"
    assert not failures(vite).repeated  # "412" is no HTTP status
    other = "[bash] npm install → Exit code 1\n[bash] pnpm install → Exit code 1"
    assert not failures(other).repeated


def test_the_older_exit_code_form_still_works() -> None:
    twice = "Bash: npm install -> Exit code 1\nBash: npm install -> Exit code 1"
    assert [s.kind for s in detect("继续", twice)] == ["repeated_failure"]


def test_signal_command_reads_arrow_context(ws, cli) -> None:
    out = json.loads(
        cli("-w", str(ws.root), "signal", "再看看", "--context", TWICE, "--dry-run", "--json").out
    )
    assert [s["kind"] for s in out["signals"]] == ["repeated_failure"]
    assert "pnpm build" in out["signals"][0]["detail"]


def test_hook_failures_of_one_operation_become_one_repeated_failure(ws) -> None:
    for _ in range(2):
        record_signals(
            ws.writer(),
            'Command failed\nBash: {"command": "pnpm build"}',
            source="hook",
            hot_path=True,
            failed=True,
        )
    queued = read_pending(ws).valid
    assert [r["signal"] for r in queued] == ["tool_error", "tool_error"]
    assert queued[0]["op"] == "pnpm build"  # the command, out of Claude Code's tool_input
    heartbeat(ws.writer(), force=True)
    [candidate] = pool.observing(ws.writer())
    assert candidate.kind == "错误修正" and candidate.summary.startswith("pnpm build 反复失败 2 次")
