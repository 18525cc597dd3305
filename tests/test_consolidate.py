"""Consolidation on a 120-day workspace made by the test."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from memstrata.core.workspace import Workspace
from memstrata.entries.remember import write_bullet
from memstrata.evolve.approve import approve
from memstrata.formats.bullets import parse_bullets
from memstrata.maintain.consolidate import consolidate
from memstrata.maintain.doctor import diagnose

TODAY = date(2026, 4, 17)


def _clocked(ws) -> Workspace:
    return Workspace.open(
        ws.root, clock=lambda: datetime.combine(TODAY, datetime.min.time()).replace(hour=10)
    )


def _make_days(ws, days: int = 120) -> None:
    for back in range(days):
        day = TODAY - timedelta(days=back)
        (ws.root / "memory" / f"{day.isoformat()}.md").write_text(
            f"# [{day.isoformat()}]\n\n## [coder] 任务 {back}\n**时间**: 10:00\n\n### 完成内容\n- 完成了第 {back} 天的工作\n",
            encoding="utf-8",
        )


def test_old_logs_summarised_then_archived_on_confirm(ws) -> None:
    _make_days(ws)
    clocked = _clocked(ws)
    dry = consolidate(clocked.writer(), dry_run=True)
    assert (
        len(dry.summarised) == 120 - 31
        and not (ws.root / "memory" / "archive" / "2026-01.md").exists()
    )
    report = consolidate(clocked.writer())
    assert len(report.summarised) == 89 and not report.moved and len(report.would_move) == 120 - 91
    january = (ws.root / "memory" / "archive" / "2026-01.md").read_text(encoding="utf-8")
    assert (
        "- [2026-01-15](../2026-01-15.md)" in january
        and "  - [coder] 任务 92：完成了第 92 天的工作" in january
    )
    assert consolidate(clocked.writer()).summarised == []  # idempotent
    assert (ws.root / "memory" / "2026-01-15.md").exists()  # nothing moved without --confirm
    moved = consolidate(clocked.writer(), confirm=True)
    assert len(moved.moved) == 29 and not (ws.root / "memory" / "2026-01-15.md").exists()
    assert (ws.root / "memory" / "archive" / "2026-01-15.md").exists()
    assert "- [2026-01-15](2026-01-15.md)" in (
        ws.root / "memory" / "archive" / "2026-01.md"
    ).read_text(encoding="utf-8")
    assert not [f for f in diagnose(clocked).findings if f.check == "links"]  # every link resolves
    assert len(list((ws.root / "memory").glob("2026-*.md"))) == 120 - 29
    assert "归档 memory/2026-01-15.md" in (ws.root / "memory" / "EVOLUTION_LOG.md").read_text(
        encoding="utf-8"
    )


def test_over_limit_role_gets_a_slimming_proposal_never_silent_deletion(ws) -> None:
    clocked = _clocked(ws)
    config = ws.root / "memstrata.toml"
    config.write_text(
        config.read_text().replace("[limits]\n", "[limits]\nlong_term = 40\n"), encoding="utf-8"
    )
    clocked = _clocked(ws)
    for month in range(1, 4):
        for n in range(6):
            write_bullet(
                clocked.writer(), "long_term", f"2026-0{month} 规则 {n}", "long_term", "测试"
            )
    write_bullet(
        clocked.writer(), "long_term", "曾用 npm → 改用 pnpm", "long_term", "测试"
    )  # a correction
    before = (ws.root / "MEMORY.md").read_text(encoding="utf-8")
    report = consolidate(clocked.writer())
    assert report.proposals and report.proposals[0].kind == "slim"
    assert (ws.root / "MEMORY.md").read_text(encoding="utf-8") == before  # nothing removed yet
    result = approve(clocked.writer(), "1")
    assert result.applied and result.applied[0]["role"] == "archive"
    after = parse_bullets(clocked.read_lines("MEMORY.md"), "MEMORY.md")
    archived = (ws.root / "memory" / "archive" / "private" / "MEMORY-archive.md").read_text(
        encoding="utf-8"
    )
    assert len(clocked.read_lines("MEMORY.md")) <= 40
    assert "曾用 npm → 改用 pnpm" in [b.text.split("] ", 1)[-1] for b in after] or any(
        "改用 pnpm" in b.text for b in after
    )
    moved_texts = [line for line in archived.splitlines() if line.startswith("- [")]
    assert moved_texts and all(
        line not in "".join(clocked.read_lines("MEMORY.md")) for line in moved_texts
    )
    assert len(after) + len(moved_texts) == 19  # nothing lost
    assert not [f for f in diagnose(clocked).findings if f.check == "headers"]


def test_five_tier_weekly_highlights_are_proposed(make_ws) -> None:
    five = make_ws("five-tier")
    _make_days(five, days=10)
    clocked = _clocked(five)
    report = consolidate(clocked.writer())
    highlight = [p for p in report.proposals if p.kind == "highlight"]
    assert highlight and "任务 0" in highlight[0].summary
    result = approve(clocked.writer(), "all")
    assert any(item["role"] == "long_term" for item in result.applied)
    assert "近期成果" in (five.root / "MEMORY.md").read_text(encoding="utf-8")
