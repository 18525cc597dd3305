"""A write sent again with the same ``request_id`` (a client retrying after a timeout, a lost
answer or a dead replica) is applied once and answered with the first answer, on both stores.
The real thing (a replica SIGKILLed mid-write, the retry on the other) is in
tests/test_team_replicas.py; these tests pin the rules."""

from __future__ import annotations

import json
from typing import Any

import anyio
import pytest

from memstrata.core.permissions import Session
from memstrata.formats.daily import parse_log
from memstrata.formats.principles import parse_principles

pytestmark = pytest.mark.both_backends


def call(ws: Any, session: Session, name: str, arguments: dict[str, Any]) -> tuple[bool, Any]:
    """One tool call in-process, through the same server `memstrata mcp` builds."""
    from mcp.server.mcpserver.exceptions import ToolError

    from memstrata.adapters.mcp.server import build_server

    server = build_server(str(ws.root), session)
    try:
        result = anyio.run(server.call_tool, name, arguments)
    except ToolError as exc:
        return True, str(exc)
    if result.is_error:
        return True, result.content[0].text
    data = result.structured_content
    return False, data.get("result", data) if set(data) == {"result"} else data


def logged(ws: Any) -> list[str]:
    return [
        section.title
        for rel in ws.role_files("daily")
        for section in parse_log(ws.read_lines(rel), rel)
    ]


def test_a_retried_log_is_written_once_and_gets_the_first_answer(make_ws):
    ws = make_ws(team=True)
    coder = Session("subagent", "coder")
    arguments = {
        "kind": "log",
        "text": "修复了登录超时 retry-a",
        "title": "retry-a",
        "request_id": "r-1",
    }
    first = call(ws, coder, "memory_write", arguments)
    again = call(ws, coder, "memory_write", arguments)
    assert first == again and first[0] is False
    assert logged(ws).count("retry-a") == 1
    # a new id is a new write
    call(ws, coder, "memory_write", {**arguments, "title": "retry-b", "request_id": "r-2"})
    assert logged(ws).count("retry-a") == 1 and logged(ws).count("retry-b") == 1


def test_a_retried_principle_keeps_its_one_id(make_ws):
    ws = make_ws(team=True)
    arguments = {"text": "记住：永远不要在周五部署 retry-p", "request_id": "p-1"}
    first = call(ws, Session(), "memory_remember", arguments)
    again = call(ws, Session(), "memory_remember", arguments)
    assert first == again and first[1]["entry_id"].startswith("P")
    rel = "memory/principles.md" if ws.store.read("memory/principles.md") else None
    assert rel is not None
    found = [p for p in parse_principles(ws.read_lines(rel), rel) if "retry-p" in p.title]
    assert [p.pid for p in found] == [first[1]["entry_id"]]


def test_request_ids_belong_to_one_identity(make_ws):
    """The same id from another agent is another request: its own write, and never the first
    identity's answer (which may name a private file)."""
    ws = make_ws(team=True)
    arguments = {
        "kind": "log",
        "text": "同一个编号 retry-s",
        "title": "retry-s",
        "request_id": "same",
    }
    first = call(ws, Session("subagent", "coder"), "memory_write", arguments)
    second = call(ws, Session("subagent", "writer"), "memory_write", arguments)
    assert first != second
    assert logged(ws).count("retry-s") == 2


def test_a_refused_write_records_nothing_and_may_be_sent_again(make_ws):
    ws = make_ws(team=True)
    shared = Session("shared", "bot")
    denied = call(ws, shared, "memory_write", {"kind": "infra", "text": "gw", "request_id": "x"})
    assert denied[0] is True
    assert ws.store.applied("shared:bot:x") is None


@pytest.mark.parametrize(
    ("preset", "arguments"),
    [
        ("default", {"kind": "log", "text": "修复了登录超时"}),
        ("five-tier", {"kind": "log", "text": "修复了登录超时"}),
        (
            "default",
            {"kind": "lesson", "text": "npm 失败", "symptom": "锁文件冲突", "fix": "用 pnpm"},
        ),
        (
            "default",
            {"kind": "project", "text": "支付网关", "status": "进行中", "progress": "迁移"},
        ),
        ("default", {"kind": "infra", "text": "gateway-prod", "facts": {"port": "8443"}}),
        ("three-tier", {"kind": "task", "text": "部署网关"}),
    ],
)
def test_every_kind_answers_the_same_with_a_request_id(make_ws, preset, arguments):
    """A request id makes the call one commit; what it writes and answers does not change."""
    plain, keyed = make_ws(preset, team=True), make_ws(preset, team=True)
    without = call(plain, Session(), "memory_write", arguments)
    with_id = call(keyed, Session(), "memory_write", {**arguments, "request_id": "k"})
    assert without == with_id and without[0] is False
    assert call(keyed, Session(), "memory_write", {**arguments, "request_id": "k"}) == with_id
    rel = without[1]["path"]
    assert plain.store.read(rel) == keyed.store.read(rel)


def test_a_retried_signal_is_queued_once(make_ws):
    ws = make_ws(team=True)
    arguments = {"text": "不对，应该用 pnpm 而不是 npm", "source": "user", "request_id": "sig"}
    first = call(ws, Session(), "memory_signal", arguments)
    assert call(ws, Session(), "memory_signal", arguments) == first
    queued = (ws.store.read(ws.require_role("pending").path) or b"").decode("utf-8")
    assert len(queued.splitlines()) == 1, queued
    assert json.loads(ws.store.applied("main::sig") or "{}") == first[1]


def test_the_same_title_again_joins_its_section_on_both_stores(make_ws):
    """journal.log looked for an existing section in the FILE, which a team store does not
    have: there a second log with the same title made a second section (files: one)."""
    ws = make_ws(team=True)
    for text in ("第一条 same-title", "第二条 same-title"):
        call(
            ws,
            Session("subagent", "coder"),
            "memory_write",
            {"kind": "log", "text": text, "title": "t"},
        )
    assert logged(ws).count("t") == 1
