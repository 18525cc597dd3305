"""Contradicting statements are never merged (issue 11: "use pnpm", "use yarn", "use bun" on
three days were one candidate at 3/3 that lost two of them)."""

from __future__ import annotations

from memstrata.core.queues import append_pending
from memstrata.evolve import pool
from memstrata.evolve.heartbeat import heartbeat
from memstrata.evolve.known import contradicts


def test_values_decide_contradiction() -> None:
    assert contradicts("安装依赖用 pnpm，不用 npm", "安装依赖用 yarn")
    assert contradicts("use pnpm", "use yarn")
    assert contradicts("Reply in Chinese", "Reply in English")
    assert contradicts("staging DB is pg-stg-01", "staging DB is pg-stg-02")
    assert not contradicts("Use pnpm", "Use pnpm for installs")
    assert not contradicts("端口是 8443 不是 8080", "端口是 8443")
    assert not contradicts("I prefer Chinese comments in code", "代码注释我更喜欢用中文")


def test_three_package_managers_are_three_candidates(ws) -> None:
    for day, tool in (("14", "pnpm"), ("15", "yarn"), ("16", "bun")):
        append_pending(
            ws.writer(),
            {
                "signal": "preference",
                "brief": tool,
                "detail": f"安装依赖用 {tool}",
                "source": "user",
                "evidence": f"安装依赖用 {tool}",
                "clean": True,
                "ts": f"2026-04-{day}T09:00:00",
            },
        )
    heartbeat(ws.writer(), force=True)
    rows = pool.observing(ws.writer())
    assert sorted(c.summary for c in rows) == [
        "安装依赖用 bun",
        "安装依赖用 pnpm",
        "安装依赖用 yarn",
    ]
    assert all(c.count == 1 for c in rows)
