"""Note 004 in the memory-manager preset: corrections land in MEMORY.md's 错误修正记录, the
进化历史摘要 section shows the last three evolutions, and the error-detector's events reach
CANDIDATES.md."""

from __future__ import annotations

from memstrata.capture.record import record_signals
from memstrata.core.queues import append_pending
from memstrata.evolve import pool
from memstrata.evolve.approve import approve
from memstrata.evolve.heartbeat import heartbeat
from memstrata.formats.bullets import parse_bullets, section_key


def _queue(ws, kind: str, text: str, hour: int) -> None:
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


def test_corrections_and_evolution_summary(make_ws) -> None:
    ws = make_ws("memory-manager")
    for hour in (7, 8, 9):
        _queue(ws, "correction", "staging 的数据库是 pg-stg-02，不是 pg-stg-01", hour)
        _queue(ws, "new_knowledge", "我们的 CI 跑在 GitLab 上，runner 标签是 docker-large", hour)
    heartbeat(ws.writer(), force=True)
    approve(ws.writer(), "确认")
    path = "memory/MEMORY.md"
    lines = ws.read_lines(path)
    sections = {b.text: section_key(b.section) for b in parse_bullets(lines, path) if b.date}
    assert sections["staging 的数据库是 pg-stg-02，不是 pg-stg-01"] == "corrections"
    assert sections["我们的 CI 跑在 GitLab 上，runner 标签是 docker-large"] == "rules"
    text = "".join(lines)
    summary = text.split("进化历史摘要", 1)[1]
    assert summary.count("\n- 2026-04-17 | ") == 2 and "pg-stg-02" in summary


def test_error_detector_events_reach_the_candidate_pool(make_ws) -> None:
    ws = make_ws("memory-manager")
    record_signals(
        ws.writer(),
        "kubectl failed\nBash: kubectl get deploymnet",
        source="hook",
        hot_path=True,
        failed=True,
    )
    heartbeat(ws.writer(), force=True)
    [candidate] = pool.observing(ws.writer())
    assert candidate.kind == "错误修正" and "kubectl failed" in candidate.summary
    text = (ws.root / "memory/CANDIDATES.md").read_text(encoding="utf-8")
    assert "kubectl failed" in text
