"""Entries are clean statements, not echoes of how they were said (issue 11): no title like
"不对" / "No" / "以后都这样", no "记住：" prefix, no boilerplate why/generalize, and the detail
keeps the fix."""

from __future__ import annotations

import re

from memstrata.capture.signals import detect
from memstrata.capture.statement import statement, strip_echo
from memstrata.core.queues import read_pending
from memstrata.evolve.triggers import handle
from memstrata.formats.principles import parse_principles

ECHO = re.compile(r"^(?:不对|错了|no\b|以后都这样|记住|remember)", re.IGNORECASE)


def test_correction_is_completed_from_the_tool_context() -> None:
    said = statement("correction", "不对，应该用 pnpm", "[bash] npm install → npm ERR! ERESOLVE")
    assert said.title == "安装依赖用 pnpm，不用 npm" and said.content == said.title
    en = statement("correction", "No, use yarn", "[bash] npm install → npm ERR! ERESOLVE")
    assert en.content == "Install dependencies with yarn, not npm"


def test_echo_words_are_stripped_at_both_ends() -> None:
    assert strip_echo("不对不对，端口是 8443 不是 8080") == "端口是 8443 不是 8080"
    assert strip_echo("记住：提供商名不要用 qwen") == "提供商名不要用 qwen"
    assert strip_echo("Remember: never force-push") == "never force-push"
    assert strip_echo("Never force-push to main, remember that") == "Never force-push to main"
    assert strip_echo("No mocks in tests") == "No mocks in tests"  # content, not an echo
    assert strip_echo("以后都这样") == "" and strip_echo("No.") == ""


def test_detail_keeps_the_fix_and_the_reason() -> None:
    text = "不对，端口是 8443 不是 8080，因为网关只开了 8443，改了好几次了你别再写错"
    [signal] = [s for s in detect(text) if s.kind == "correction"]
    assert signal.detail.startswith("端口是 8443 不是 8080") and len(signal.detail) <= 100
    assert len(signal.brief) <= 20 and not ECHO.match(signal.brief)
    assert statement("correction", text).why.startswith("因为网关只开了 8443")


def test_echo_alone_is_queued_but_never_written(ws) -> None:
    handle(ws.writer(), "以后都这样")
    queued = read_pending(ws).valid
    assert queued and all(r.get("unspecific") and not r.get("written") for r in queued)
    assert "以后都这样" not in (ws.root / "memory/principles.md").read_text(encoding="utf-8")


def test_explicit_instruction_written_without_prefix_or_boilerplate(ws) -> None:
    result = handle(ws.writer(), "记住：提供商名永远不要用 qwen")
    assert result.report.written[0]["entry_id"] == "P001"
    path = "memory/principles.md"
    [principle] = parse_principles(ws.read_lines(path), path)
    assert principle.title == "提供商名永远不要用 qwen" and principle.body == principle.title
    assert principle.why == "" and principle.generalize == ""  # left for the user
    result = handle(ws.writer(), "记住：部署前必须先跑迁移，否则新字段会报错")
    [_first, second] = parse_principles(ws.read_lines(path), path)
    assert second.why == "否则新字段会报错"


def test_a_correction_lead_that_says_it_was_wrong_is_not_kept() -> None:
    """Found by the real OpenClaw test: "No, that's wrong. Always use pnpm…" was proposed as
    "that's wrong. Always use pnpm…"."""
    from memstrata.capture.signals import detect

    found = detect("No, that's wrong. Always use pnpm instead of npm from now on.")
    assert {s.kind for s in found} == {"explicit_remember", "correction"}
    assert all(s.detail.startswith("Always use pnpm") for s in found)
