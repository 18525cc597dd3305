"""Note 003 in the openclaw preset: the heartbeat distils recent daily logs into MEMORY.md
proposals and proposes moving outdated MEMORY.md entries out (to the private archive)."""

from __future__ import annotations

from memstrata.evolve.approve import approve
from memstrata.evolve.heartbeat import heartbeat
from memstrata.evolve.triggers import handle


def test_daily_log_lines_become_memory_proposals(make_ws) -> None:
    ws = make_ws("openclaw")
    (ws.root / "memory").mkdir(exist_ok=True)
    (ws.root / "memory/2026-04-16.md").write_text(
        "# [2026-04-16]\n\n## 部署\n- 顺便说一下，测试环境的 Redis 在 10.0.3.7\n- 修了个 bug\n",
        encoding="utf-8",
    )
    memory = ws.root / "MEMORY.md"
    memory.write_text(
        memory.read_text(encoding="utf-8")
        + "\n## 📌 重要规则\n- [2026-03] 安装依赖用 npm | 来源：用户指定\n- [2026-04] 安装依赖用 pnpm | 来源：用户指定\n",
        encoding="utf-8",
    )
    handle(ws.writer(), "我更喜欢简短的回复")  # something pending: a heartbeat has work
    report = heartbeat(ws.writer(), force=True)
    kinds = {p.kind: p for p in report.proposals}
    assert "10.0.3.7" in kinds["distil"].summary and "2026-04-16.md:L4" in kinds["distil"].source
    assert kinds["slim"].payload["texts"] == ["安装依赖用 npm"]
    approve(ws.writer(), "确认")
    text = memory.read_text(encoding="utf-8")
    assert "10.0.3.7" in text and "安装依赖用 npm" not in text and "安装依赖用 pnpm" in text
    handle(ws.writer(), "我更喜欢简短的回复")
    again = heartbeat(ws.writer(), force=True)
    assert not [p for p in again.proposals if p.kind in ("distil", "slim")]  # distilled once
