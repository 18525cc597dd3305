"""A write sent again with the same ``request_id`` (a client retrying after a timeout, a lost
answer or a dead replica) is applied once and answered with the first answer, on both stores.
The real thing (a replica SIGKILLed mid-write, the retry on the other) is in
tests/test_team_replicas.py; these tests pin the rules."""

from __future__ import annotations

import json
from typing import Any

import anyio
import pytest

from memstrata.core.documents import REQUESTS, request_key
from memstrata.core.permissions import Session
from memstrata.formats.daily import parse_log
from memstrata.formats.principles import parse_principles

pytestmark = pytest.mark.both_backends


def call(
    ws: Any, session: Session, name: str, arguments: dict[str, Any], token: str | None = None
) -> tuple[bool, Any]:
    """One tool call in-process, through the same server `memstrata mcp` builds (``token``:
    the name of the service token the call came with, as the service's MCP hub passes it)."""
    from mcp.server.mcpserver.exceptions import ToolError

    from memstrata.adapters.mcp.server import build_server

    server = build_server(str(ws.root), session, token)
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
    assert ws.store.applied(request_key("session:shared:bot", "x")) is None


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
    record = json.loads(ws.store.applied(request_key("session:main:", "sig")) or "{}")
    assert record["answer"] == first[1]


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


def test_two_tokens_of_one_session_kind_have_their_own_request_ids(make_ws):
    """F1: ids were keyed by session kind and agent only, and two shared tokens without an
    agent are both ``shared::``: token B's write with id "1" got token A's answer and B's
    text was lost. The token's name is the identity."""
    ws = make_ws(team=True)
    shared = Session("shared")
    a = call(ws, shared, "memory_write", {"kind": "log", "text": "A 的 retry-ta", "title": "retry-ta", "request_id": "1"}, token="phone")  # fmt: skip
    b = call(ws, shared, "memory_write", {"kind": "log", "text": "B 的 retry-tb", "title": "retry-tb", "request_id": "1"}, token="laptop")  # fmt: skip
    assert a[0] is False and b[0] is False and a != b
    assert logged(ws).count("retry-ta") == 1 and logged(ws).count("retry-tb") == 1


def test_the_same_id_with_other_arguments_is_refused_not_answered(make_ws):
    """F2: the same id with different arguments silently returned the first answer and the
    second write was dropped. It is a client bug: say so, write nothing."""
    ws = make_ws(team=True)
    coder = Session("subagent", "coder")
    arguments = {"kind": "log", "text": "第一次 retry-f1", "title": "retry-f1", "request_id": "dup"}
    first = call(ws, coder, "memory_write", arguments)
    other = call(ws, coder, "memory_write", {**arguments, "text": "第二次 retry-f2", "title": "retry-f2"})  # fmt: skip
    assert first[0] is False
    assert other[0] is True and "already used for a different call" in other[1], other
    assert "nothing was written" in other[1]
    assert logged(ws).count("retry-f1") == 1 and logged(ws).count("retry-f2") == 0
    assert call(ws, coder, "memory_write", arguments) == first  # the true retry still works


def test_the_same_id_on_another_tool_is_refused_not_crashed(make_ws):
    """F3: memory_signal with an id memory_write had used got the write's answer and crashed
    (KeyError 'signals', then the output schema refused it)."""
    ws = make_ws(team=True)
    write = call(ws, Session(), "memory_write", {"kind": "log", "text": "修复 retry-x", "request_id": "cross"})  # fmt: skip
    signal = call(ws, Session(), "memory_signal", {"text": "不对，应该用 pnpm", "source": "user", "request_id": "cross"})  # fmt: skip
    assert write[0] is False
    assert signal[0] is True and "already used for a different call" in signal[1], signal
    queued = (ws.store.read(ws.require_role("pending").path) or b"").decode("utf-8")
    assert queued.strip() == ""


def test_a_request_id_is_never_stored(make_ws):
    """F8: the id was stored verbatim in the record's key, so a secret pasted as an id landed
    in requests.jsonl / memstrata_requests. Only a hash of identity and id is kept."""
    ws = make_ws(team=True)
    secret = "ghp_" + "Z9" * 18
    arguments = {"kind": "log", "text": "修复 retry-secret", "request_id": secret}
    assert call(ws, Session(), "memory_write", arguments)[0] is False
    key = request_key("session:main:", secret)
    assert ws.store.applied(key) is not None
    assert secret not in (ws.store.read(REQUESTS) or b"").decode("utf-8")
    if hasattr(ws.store, "_run"):  # the team store: its table holds the hash, not the id
        rows = ws.store._run(
            lambda conn: conn.execute("SELECT key, answer FROM memstrata_requests").fetchall()
        )
        assert rows and all(secret not in key + answer for key, answer in rows)
        assert key in [row[0] for row in rows]


@pytest.mark.parametrize("request_id", ["a\x00b", "line\nbreak", "del\x7f"])
def test_a_request_id_with_control_characters_is_refused_clearly(make_ws, request_id):
    """F9: a NUL in an id made PostgreSQL fail ("Error executing tool", a psycopg DataError).
    Such an id is refused with one clear message on both stores, and nothing is written."""
    ws = make_ws(team=True)
    arguments = {"kind": "log", "text": "修复 retry-nul", "title": "retry-nul", "request_id": request_id}  # fmt: skip
    refused = call(ws, Session(), "memory_write", arguments)
    assert refused[0] is True and "control characters" in refused[1], refused
    assert logged(ws).count("retry-nul") == 0
