"""Issue 9 item 7: multi-file operations are crash-safe and idempotent.

Each operation (heartbeat, approve, consolidate, skill approve, the approval of a slimming
proposal) runs as a real ``memstrata`` process and is SIGKILLed: at every physical write of its
commit (``MEMSTRATA_FAULT_AFTER_WRITES``, a test hook in core/transaction.py) and at random
moments. Then the same command runs again, uninterrupted. The workspace must equal, byte for
byte, the one an uninterrupted run produced: nothing counted twice, nothing lost, no duplicate id.
"""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest

from memstrata.capture.record import record_signals
from memstrata.core.workspace import Workspace
from memstrata.entries.remember import remember
from memstrata.evolve.heartbeat import heartbeat
from memstrata.evolve.skills import draft
from tests.conftest import FIXED_NOW
from tests.pg import copy_workspace, documents, put

RANDOM_KILLS = 6
EXE = str(Path(sys.executable).parent / "memstrata")


def _snapshot(root: Path) -> dict[str, str]:
    """What must be equal: every document (not derived state), plus the proposals."""
    return {rel: hashlib.sha256(data).hexdigest() for rel, data in documents(root).items()}


def _run(root: Path, args: list[str], fault: int | None = None) -> subprocess.Popen:
    env = {**os.environ, "MEMSTRATA_NOW": FIXED_NOW.isoformat(), "MEMSTRATA_EMBEDDER": "hash"}
    env.pop("MEMSTRATA_FAULT_AFTER_WRITES", None)
    if fault is not None:
        env["MEMSTRATA_FAULT_AFTER_WRITES"] = str(fault)
    return subprocess.Popen(
        [EXE, "-w", str(root), *args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _at(ws: Workspace, stamp: str) -> Workspace:
    moment = datetime.fromisoformat(stamp)
    return Workspace.open(ws.root, clock=lambda: moment)


def _signals(ws: Workspace) -> None:
    for day in ("2026-04-15T09:00", "2026-04-16T09:00", "2026-04-17T09:00"):
        record_signals(_at(ws, day).writer(), "我更喜欢代码注释用中文")
    record_signals(_at(ws, "2026-04-17T09:30").writer(), "不对，部署前要先跑迁移")
    record_signals(_at(ws, "2026-04-17T09:40").writer(), "顺便说一下，staging 的 Redis 在 10.0.3.7")


def _with_proposals(ws: Workspace) -> None:
    _signals(ws)
    heartbeat(ws.writer(), force=True)


def _with_old_logs(ws: Workspace) -> None:
    for day in ("2025-12-01", "2026-01-10", "2026-03-01"):
        text = f"# [{day}]\n\n## [coder] 修复 {day}\n**时间**: 10:00\n\n### 完成内容\n- 做完了\n"
        put(ws, f"memory/{day}.md", text.encode("utf-8"))


def _with_full_user_md(ws: Workspace) -> None:
    config = ws.root / "memstrata.toml"
    config.write_text(config.read_text().replace("[limits]\n", "[limits]\nuser = 16\n"), "utf-8")
    full = Workspace.open(ws.root, clock=ws.clock)
    for n in range(6):
        remember(full.writer(), f"记住：我喜欢第 {n} 种配色", role="user")
    from memstrata.maintain.consolidate import consolidate

    consolidate(full.writer())


def _with_draft(ws: Workspace) -> None:
    draft(ws.writer(), "release", ["bump version", "tag", "publish"])


SCENARIOS: dict[str, tuple[Callable[[Workspace], None], list[str]]] = {
    "heartbeat": (_signals, ["heartbeat", "--force"]),
    "approve": (_with_proposals, ["approve", "全部"]),
    "consolidate": (_with_old_logs, ["consolidate", "--confirm"]),
    "approve-slimming": (_with_full_user_md, ["approve", "全部"]),
    "skill-approve": (_with_draft, ["skill", "approve", "release"]),
}


def _count_writes(root: Path, args: list[str]) -> int:
    """How many physical writes the commit makes: kill after k for k = 1.. until it survives."""
    for k in range(1, 40):
        probe = root.parent / f"probe-{k}"
        copy_workspace(root, probe)
        code = _run(probe, args, fault=k).wait(timeout=60)
        shutil.rmtree(probe)
        if code != -signal.SIGKILL:
            return k - 1
    raise AssertionError("the commit never finished")


# On PostgreSQL a commit is one SQL transaction, so a kill anywhere is the same case; three
# scenarios (appends, replacements, a move's removal) cover it without doubling the run time.
CASES = [("files", name) for name in sorted(SCENARIOS)] + [
    ("postgres", name) for name in ("heartbeat", "approve", "skill-approve")
]


@pytest.mark.parametrize(("backend", "scenario"), CASES, indirect=["backend"])
def test_sigkill_anywhere_then_rerun_equals_an_uninterrupted_run(
    backend, scenario, make_ws
) -> None:
    prepare, args = SCENARIOS[scenario]
    ws = make_ws()
    prepare(ws)
    base = ws.root.parent / f"{scenario}-base"
    copy_workspace(ws.root, base)

    reference = ws.root.parent / f"{scenario}-reference"
    copy_workspace(base, reference)
    started = time.perf_counter()
    assert _run(reference, args).wait(timeout=60) == 0
    duration = time.perf_counter() - started
    expected = _snapshot(reference)
    assert expected != _snapshot(base), "the operation changed nothing: a test that cannot fail"

    writes = _count_writes(base, args)
    assert writes >= 2, f"{scenario}: a multi-file operation with {writes} write(s)"
    rng = random.Random(f"{scenario}-kills")
    kills: list[tuple[str, float | int]] = [("fault", k) for k in range(1, writes + 1)]
    kills += [("timer", rng.uniform(0.05, duration)) for _ in range(RANDOM_KILLS)]
    for index, (how, when) in enumerate(kills):
        trial = ws.root.parent / f"{scenario}-trial-{index}"
        copy_workspace(base, trial)
        if how == "fault":
            assert _run(trial, args, fault=int(when)).wait(timeout=60) == -signal.SIGKILL
        else:
            process = _run(trial, args)
            time.sleep(when)
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=60)
        _run(trial, args).wait(timeout=60)  # the rerun (may report "nothing to do": fine)
        assert _snapshot(trial) == expected, (scenario, how, when)
        assert not (trial / ".memstrata" / "journal.json").exists()
        shutil.rmtree(trial)
