"""Each seed's learning policy (`[evolve] policy`, default by preset) runs the whole loop with
the roles its preset has (issue 11: the self-evolution heartbeat exited 2, "no 'daily' role")."""

from __future__ import annotations

from datetime import datetime

import pytest

from memstrata.core.layouts import PRESETS
from memstrata.core.queues import append_pending, read_pending
from memstrata.evolve.approve import approve
from memstrata.evolve.heartbeat import due, heartbeat
from memstrata.evolve.policy import explicit_at_once, policy


def _queue(ws, kind: str, text: str, hour: int = 9) -> None:
    append_pending(
        ws.writer(),
        {
            "signal": kind,
            "brief": text[:20],
            "detail": text,
            "source": "user",
            "evidence": text,
            "clean": True,
            "ts": f"2026-04-17T{hour:02d}:00:00",
        },
    )


def test_policy_defaults_and_override(make_ws) -> None:
    assert policy(make_ws("self-evolution")) == "synthesis"
    assert policy(make_ws("memory-manager")) == "pool" and policy(make_ws()) == "pool"
    assert not explicit_at_once(make_ws("memory-manager")) and explicit_at_once(make_ws())
    ws = make_ws()
    (ws.root / "memstrata.toml").write_text(
        (ws.root / "memstrata.toml").read_text(encoding="utf-8")
        + '\n[evolve]\npolicy = "synthesis"\n',
        encoding="utf-8",
    )
    from memstrata.core.workspace import Workspace

    assert policy(Workspace.open(ws.root)) == "synthesis"


def test_synthesis_classifies_every_finding_and_writes_on_approval(make_ws) -> None:
    ws = make_ws("self-evolution")
    _queue(ws, "correction", "提供商名不要用 qwen，会被内置插件劫持")
    _queue(ws, "new_knowledge", "测试环境的 Redis 在 10.0.3.7")
    report = heartbeat(ws.writer(), force=True)
    assert report.ran and {p.level for p in report.proposals} == {"L1", "L2"}  # one seen: enough
    assert "generalize:" in report.report and "用户明确要求记住" not in report.report
    assert read_pending(ws).valid == []
    applied = approve(ws.writer(), "确认").applied
    assert {a["role"] for a in applied} == {"principles", "patterns"}
    assert "10.0.3.7" in (ws.root / "patterns/index.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_runs_the_whole_loop(make_ws, preset: str) -> None:
    ws = make_ws(preset)
    for hour in (7, 8, 9):  # three occasions
        _queue(ws, "preference", "我喜欢简短的回复", hour)
    report = heartbeat(ws.writer(), force=True)
    assert report.ran and report.proposals, preset
    assert approve(ws.writer(), "确认").applied, preset


def test_due_counts_from_the_last_synthesis() -> None:
    now = datetime(2026, 4, 17, 12)
    fresh = [{"ts": "2026-04-17T11:00:00"}]
    assert due(fresh, now, last_synthesis="2026-04-16T10:00:00")[0]  # 26 h since the last
    assert not due(fresh, now, last_synthesis="2026-04-17T10:00:00")[0]
    assert not due(fresh, now)[0]  # before any synthesis: the oldest signal's age (1 h)
    assert not due([], now, last_synthesis="2026-04-01T00:00:00")[0]  # nothing pending
