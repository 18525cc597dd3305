"""Citations, entry references both ways, statistics, clean-up suggestions, review commands."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from memstrata.core.queues import read_citations
from memstrata.core.workspace import Workspace
from memstrata.entries.remember import remember, write_pattern
from memstrata.errors import MemstrataError
from memstrata.evolve.review import patterns_about, principles_by_category
from memstrata.maintain.citations import cite, cleanup, flush, stats
from memstrata.maintain.references import resolve


def at(ws: Workspace, when: str) -> Workspace:
    return Workspace.open(ws.root, clock=lambda: datetime.fromisoformat(when))


def test_references_resolve_both_ways(ws) -> None:
    first = remember(ws.writer(), "记住：提供商名永远不要用 qwen")
    second = remember(ws.writer(), "记住：部署前必须先跑测试")
    by_id = resolve(ws, "P002")
    assert (by_id.path, by_id.start_line, by_id.end_line) == (
        second.path,
        second.start_line,
        second.end_line,
    )
    by_line = resolve(ws, f"📍 {first.path}:L{first.start_line + 2}")
    assert (
        by_line.entry_id == "P001"
        and by_line.location == f"{first.path}:L{first.start_line}-L{first.end_line}"
    )
    bullet = remember(ws.writer(), "记住：我喜欢简短的回答")
    resolved = resolve(ws, f"USER.md:L{bullet.start_line}")
    assert (resolved.role, resolved.entry_id, resolved.title) == (
        "user",
        f"USER.md:L{bullet.start_line}",
        "我喜欢简短的回答",
    )
    with pytest.raises(MemstrataError, match="no principle P009"):
        resolve(ws, "P9")
    with pytest.raises(MemstrataError):
        resolve(ws, "../etc/passwd:1")


def test_citations_buffer_per_session_and_flush_in_one_batch(ws) -> None:
    remember(ws.writer(), "记住：提供商名永远不要用 qwen")
    cite(ws.writer(), "P001", "用户问提供商配置", session_id="s1")
    cite(ws.writer(), "P001", "又问了一次", session_id="s1")
    cite(ws.writer(), "P001", "另一个会话", session_id="s2")
    assert read_citations(ws).valid == []  # nothing written before the session ends
    assert flush(ws.writer(), "s1") == 2
    records = read_citations(ws).valid
    assert [r["context"] for r in records] == ["用户问提供商配置", "又问了一次"]
    assert records[0]["source"] == "memory/principles.md" and records[0]["entry"].startswith(
        "P001_"
    )
    assert set(records[0]) >= {"ts", "source", "entry", "action", "context"}
    assert flush(ws.writer(), "s1") == 0
    assert flush(ws.writer(), "s2") == 1
    data = stats(ws)
    assert (
        data["total"] == 3
        and data["entries"][0]["times_cited"] == 3
        and data["by_role"] == {"principles": 3}
    )
    with pytest.raises(MemstrataError, match="invalid session id"):
        cite(ws.writer(), "P001", session_id="../x")


def test_cleanup_suggests_but_never_deletes(ws) -> None:
    old = at(ws, "2026-01-05T10:00")
    remember(old.writer(), "记住：提供商名永远不要用 qwen")
    remember(old.writer(), "记住：发布前必须通知 writer")
    remember(old.writer(), "记住：我喜欢喝绿茶")
    cite(old.writer(), "P001", "used", session_id="s")
    flush(old.writer(), "s")
    before = {p: (ws.root / p).read_bytes() for p in ("USER.md", "memory/principles.md")}
    later = at(ws, "2026-05-01T10:00")
    data = cleanup(later, older_than_days=30, l1_days=90)
    never = {item["entry"].split("_")[0] for item in data["never_cited"]}
    assert (
        "P002" in never
        and "P001" not in never
        and any(i["role"] == "user" for i in data["never_cited"])
    )
    assert {i["entry"].split("_")[0] for i in data["l1_unverified"]} == {"P001", "P002"}
    cite(later.writer(), "P001", "checked", session_id="v", action="verified")
    flush(later.writer(), "v")
    assert {i["entry"].split("_")[0] for i in cleanup(later)["l1_unverified"]} == {"P002"}
    assert {p: (ws.root / p).read_bytes() for p in before} == before


def test_review_principles_and_patterns(ws) -> None:
    remember(ws.writer(), "记住：提供商名永远不要用 qwen，配置时会报错")
    remember(ws.writer(), "记住：部署前必须先跑测试")
    groups = principles_by_category(ws)
    assert set(groups) == {"配置", "通用"} and groups["配置"][0].title.startswith("P001")
    assert list(principles_by_category(ws, "配置")) == ["配置"]
    written = write_pattern(
        ws.writer(), "Ollama 默认端口 11434，embedding 用 nomic-embed-text", "测试"
    )
    assert written.path == "memory/patterns/config.md"
    index = (ws.root / "memory/patterns/index.md").read_text(encoding="utf-8")
    assert "| file: config.md | context:" in index
    found = patterns_about(ws, "Ollama 端口")
    assert found and found[0].cite.startswith("📍 memory/patterns/config.md:L")


def test_cli_cite_stats_cleanup_principles_patterns(ws, cli) -> None:
    w = ("-w", str(ws.root))
    cli(*w, "remember", "记住：提供商名永远不要用 qwen")
    assert "P001" in cli(*w, "cite", "P001", "--context", "配置", "--session-id", "a").out
    assert json.loads(cli(*w, "cite", "--flush", "--session-id", "a", "--json").out) == {
        "flushed": 1
    }
    assert json.loads(cli(*w, "stats", "--json").out)["total"] == 1
    assert "Suggestions only" in cli(*w, "cleanup").out
    assert "P001" in cli(*w, "principles").out
    assert cli(*w, "patterns", "没有的东西").out.strip() == "No patterns about that yet."
    assert cli(*w, "cite").code == 2
