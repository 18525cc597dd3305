"""A repeat strengthens what memory already holds instead of adding a bullet, a P-id or a new
candidate (issue 11); the same preference in Chinese and English is one candidate."""

from __future__ import annotations

import pytest

from memstrata.core.queues import append_pending, read_citations
from memstrata.evolve import known, pool
from memstrata.evolve.approve import approve
from memstrata.evolve.heartbeat import heartbeat
from memstrata.evolve.triggers import handle
from memstrata.formats.bullets import parse_bullets
from memstrata.formats.principles import parse_principles


def _queue(ws, kind: str, text: str, ts: str) -> None:
    append_pending(
        ws.writer(),
        {
            "signal": kind,
            "brief": text[:20],
            "detail": text,
            "source": "user",
            "evidence": text,
            "clean": True,
            "ts": ts,
        },
    )


def test_explicit_repeat_strengthens_the_principle(ws) -> None:
    handle(ws.writer(), "记住：提供商名永远不要用 qwen")
    again = handle(ws.writer(), "记住：提供商名永远不要用 qwen")
    path = "memory/principles.md"
    assert len(parse_principles(ws.read_lines(path), path)) == 1
    assert again.report.written[0]["seen_again"] and again.report.written[0]["entry_id"] == "P001"
    [seen] = [c for c in read_citations(ws).valid if c["action"] == "seen_again"]
    # named as `cite` names P001 in the log (P001_标题), so that stats counts both on one entry
    assert seen["entry"].startswith("P001_") and seen["source"] == path


def test_a_promoted_preference_seen_again_starts_no_candidate(ws) -> None:
    for day in ("15", "16", "17"):
        _queue(ws, "preference", "我喜欢简短的回复", f"2026-04-{day}T09:00:00")
    heartbeat(ws.writer(), force=True)
    approve(ws.writer(), "确认")
    _queue(ws, "preference", "我喜欢简短的回复", "2026-04-17T10:00:00")
    report = heartbeat(ws.writer(), force=True)
    assert report.observed == 0 and report.strengthened[0].startswith("USER.md:L")
    assert pool.observing(ws.writer()) == []
    dated = [b for b in parse_bullets(ws.read_lines("USER.md"), "USER.md") if b.date]
    assert [b.text for b in dated] == ["我喜欢简短的回复"]


@pytest.mark.integration
def test_same_preference_in_chinese_and_english_is_one_candidate(ws, monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    _queue(ws, "preference", "代码注释我更喜欢用中文", "2026-04-15T09:00:00")
    _queue(ws, "preference", "I prefer Chinese comments in code", "2026-04-16T09:00:00")
    heartbeat(ws.writer(), force=True)
    [candidate] = pool.observing(ws.writer())
    assert candidate.count == 2


def test_cross_language_pairs_get_a_lower_embedding_bar() -> None:
    assert known.embedding_bar("代码注释用中文", "Chinese comments", 0.7) == pytest.approx(0.62)
    assert known.embedding_bar("注释用中文", "代码注释用中文", 0.7) == 0.7
