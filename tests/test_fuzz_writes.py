"""Issue 9 fuzz suite: random Unicode (controls, NUL, lone surrogates, RTL marks, emoji,
Markdown metacharacters, line breaks of every kind) through every write command and MCP write
tool, then every read command. The workspace must still parse, no shared answer may show
private text, and nothing may fail with anything but one clear MemstrataError line.
Derandomised in CI (tests/conftest.py loads the "ci" Hypothesis profile).
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memstrata.capture.record import record_signals
from memstrata.context.bootstrap import build_context
from memstrata.core.initialize import init_workspace
from memstrata.core.permissions import Session
from memstrata.core.workspace import Workspace
from memstrata.entries.journal import infra, lesson, log, project
from memstrata.entries.remember import remember
from memstrata.errors import MemstrataError
from memstrata.formats.validate import entry_keys
from memstrata.maintain.status import workspace_status
from memstrata.recall.get import get_lines
from memstrata.recall.search import SearchFilters, search
from tests.conftest import fixed_clock

PRIVATE = "PRIVATEMARKQ"
NASTY = [
    "### P001: x",
    "- [2026-1 x",
    "```",
    "~~~",
    "---",
    "<!--",
    "-->",
    "| a | b |",
    "\\|",
    "[red]",
    "[/]",
    "## [agent",
    "\x00",
    "\x1b[31m",
    "\u202e",
    "\u200f",
    "\ufeff",
    "\ud800",
    "\r\n",
    "\r",
    "\u2028",
    "\x85",
    "\x0b",
    "😀",
    "記住",
    "> ",
    "**时间**: 10:00",
    "key=value",
]
fragment = st.one_of(st.sampled_from(NASTY), st.text(max_size=12))
nasty_text = st.lists(fragment, min_size=1, max_size=8).map("".join)


def _fresh() -> Workspace:
    root = Path(tempfile.mkdtemp(prefix="fuzz-")) / "ws"
    init_workspace(root)
    ws = Workspace.open(root, clock=fixed_clock)
    remember(ws.writer(), f"记住：我喜欢 {PRIVATE} 风格", role="user")
    return ws


def _attempt(call) -> None:
    try:
        call()
    except MemstrataError as exc:
        assert "\n" not in str(exc), str(exc)


async def _mcp_writes(ws: Workspace, text: str) -> None:
    from memstrata.adapters.mcp.server import build_server

    server = build_server(str(ws.root), Session())
    for kind, extra in (
        ("log", {}),
        ("lesson", {"fix": text}),
        ("project", {"progress": text}),
        ("infra", {"facts": {"note": text}}),
    ):
        try:
            await server.call_tool("memory_write", {"kind": kind, "text": text, **extra})
        except Exception as exc:  # a ToolError with one line
            assert "Traceback" not in str(exc)
    try:
        await server.call_tool("memory_remember", {"text": "记住：" + text})
    except Exception as exc:
        assert "Traceback" not in str(exc)


@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(text=nasty_text)
def test_any_text_through_every_write_leaves_a_readable_private_safe_workspace(text) -> None:
    ws = _fresh()
    writer = ws.writer()
    for role in ("user", "long_term", "principles"):
        _attempt(lambda role=role: remember(writer, "记住：" + text, role=role))
    _attempt(lambda: log(writer, text, title=text))
    _attempt(lambda: lesson(writer, text or "x", symptom=text, fix=text))
    _attempt(lambda: project(writer, text or "p", status=text, progress=text))
    _attempt(lambda: infra(writer, text or "h", {text or "k": text or "v"}))
    _attempt(lambda: record_signals(writer, "不对，应该用 " + text, context=text))
    asyncio.run(_mcp_writes(ws, text))

    # every role file still parses
    for role in ws.layout.roles:
        for rel in ws.role_files(role):
            entry_keys(role, ws.read_lines(rel), rel)
    workspace_status(ws)
    for session in (Session("shared"), Session("subagent", "coder")):
        answers = [
            json.dumps(
                [
                    h.snippet
                    for h in search(
                        ws, text + " 喜欢 风格", filters=SearchFilters(session=session)
                    ).results
                ],
                ensure_ascii=False,
            ),
            build_context(ws, session, text or None, 8000).text,
        ]
        for rel in ws.role_files("daily") + ws.role_files("lessons"):
            answers.append(get_lines(ws, rel, session).text)
        assert PRIVATE not in "\n".join(answers)
    for rel in Path(ws.root).rglob("*.md"):
        assert b"\x00" not in rel.read_bytes(), rel
