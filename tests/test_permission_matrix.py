"""Issue 9 item 3: one permission table, tested for every CLI command and every MCP tool against
every session kind (a generated matrix).

The workspace holds a unique marker in every private place (USER.md, MEMORY.md, infra, the
candidate pool, pending signals, proposals, a reflection report, a private archive). For each
command or tool and each session kind: a kind the table does not allow gets one clear error and
nothing is written; an allowed shared or subagent call answers without any private marker.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import click
import pytest

from memstrata.adapters.cli import cli as cli_group
from memstrata.capture.record import record_signals
from memstrata.core.permissions import OPERATIONS, Session
from memstrata.core.workspace import Workspace
from memstrata.entries.journal import infra, lesson, log
from memstrata.entries.remember import remember
from memstrata.evolve.heartbeat import heartbeat
from memstrata.evolve.skills import draft
from tests.pg import everything

pytestmark = pytest.mark.both_backends
KINDS = ("main", "shared", "subagent")
MARKERS = ("PRIVUSERX", "PRIVMEMX", "PRIVINFRAX", "PRIVSIGNALX", "PRIVCANDX")
PUBLIC = "PUBLICLOGX"
# Commands that must answer whoever calls them: hooks run as the owner configured them and never
# block the agent (they are not in the table).
UNGATED = {"hook", "openclaw-hook"}
# Commands that run until stopped: only the refusal is exercised, for kinds that are refused.
BLOCKING = {"watch", "mcp"}


def _walk(group: click.Group, prefix: str = "") -> list[tuple[str, click.Command]]:
    out = []
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            out += _walk(command, f"{prefix}{name} ")
        else:
            out.append((f"{prefix}{name}", command))
    return out


COMMANDS = dict(_walk(cli_group))


def _args(name: str, tmp: Path) -> list[str]:
    """One realistic invocation of each command."""
    table = {
        "init": ["init", str(tmp / "fresh")],
        "status": ["status", "--json"],
        "index": ["index", "--lexical-only", "--json"],
        "watch": ["watch"],
        "demo": ["demo", "--json"],
        "remember": ["remember", "记住：我喜欢茶 PUBLICTEA", "--json"],
        "log": ["log", "修复了登录 PUBLICFIX", "--json"],
        "lesson": ["lesson", "端口冲突", "--fix", "换端口", "--json"],
        "project": ["project", "网关", "--status", "进行中", "--json"],
        "infra": ["infra", "gateway", "--fact", "port=8443", "--json"],
        "task add": ["task", "add", "部署网关", "--json"],
        "task update": ["task", "update", "T001", "--status", "进行中", "--json"],
        "task close": ["task", "close", "T001", "--json"],
        "task list": ["task", "list", "--json"],
        "rule": ["rule", "生产操作前必须先备份", "--json"],
        "knowledge": ["knowledge", "ops", "backup", "--point", "每日备份", "--json"],
        "daily-summary": ["daily-summary", "--json"],
        "search": ["search", " ".join(MARKERS) + " 偏好 规则", "--json"],
        "get": ["get", "USER.md", "--json"],
        "context": ["context", "--budget", "8000", "--json"],
        "warnings": ["warnings", "部署 网关 PRIVMEMX", "--json"],
        "principles": ["principles", "--json"],
        "patterns": ["patterns", "端口", "--json"],
        "signal": ["signal", "不对，应该用 pnpm", "--json"],
        "heartbeat": ["heartbeat", "--force", "--json"],
        "approve": ["approve", "跳过", "--json"],
        "proposals": ["proposals", "--json"],
        "candidates": ["candidates", "--json"],
        "cite": ["cite", "USER.md:L1", "--json"],
        "stats": ["stats", "--json"],
        "cleanup": ["cleanup", "--json"],
        "skill add": ["skill", "add", "lint", "--json"],
        "skill draft": ["skill", "draft", "rel", "--step", "a", "--step", "b", "--step", "c"],
        "skill approve": ["skill", "approve", "release"],
        "skill list": ["skill", "list", "--json"],
        "doctor": ["doctor", "--json"],
        "handoff": ["handoff", "--json"],
        "consolidate": ["consolidate", "--dry-run", "--json"],
        "compact": ["compact", str(tmp / "chat.json"), "--no-flush", "--json"],
        "mcp": ["mcp"],
        "install-hooks": [
            "install-hooks",
            "--target",
            "claude-code",
            "--project",
            str(tmp / "proj"),
            "--json",
        ],
        "serve status": ["serve", "status", "--json"],
        "serve stop": ["serve", "stop", "--json"],
        "token add": ["token", "add", "guest", "--session", "shared", "--json"],
        "token list": ["token", "list", "--json"],
        "token remove": ["token", "remove", "guest", "--json"],
        "export": ["export", str(tmp / "exported"), "--json"],
        "import": ["import", str(tmp / "proj"), "--json"],
        "sync": ["sync", str(tmp / "proj"), "--json"],
        "uninstall-hooks": [
            "uninstall-hooks",
            "--target",
            "claude-code",
            "--project",
            str(tmp / "proj"),
            "--json",
        ],
    }
    return table[name]


def _seed(ws: Workspace) -> None:
    writer = ws.writer()
    remember(writer, "记住：我喜欢 PRIVUSERX 风格的回答", role="user")
    remember(writer, "记住：生产数据库在 PRIVMEMX 机房", role="long_term")
    infra(writer, "db-prod", {"host": "PRIVINFRAX.internal"})
    record_signals(writer, "我更喜欢 PRIVCANDX 这种写法")
    heartbeat(writer, force=True)  # a candidate, a report, proposals
    record_signals(writer, "不对，PRIVSIGNALX 应该用 pnpm")  # stays pending
    lesson(writer, "端口冲突", fix="换端口")
    log(writer, f"公开的日志 {PUBLIC}")
    draft(writer, "release", ["bump", "tag", "publish"])


def _without_echo(text: str, inputs: list[str]) -> str:
    """The answer without the caller's own words echoed back (a search repeats its query)."""
    for value in sorted(inputs, key=len, reverse=True):
        if len(value) > 3:
            text = text.replace(value, "").replace(json.dumps(value, ensure_ascii=False), "")
    return text


def test_every_command_and_tool_is_in_the_table() -> None:
    for name, command in COMMANDS.items():
        if name in UNGATED:
            continue
        operation = getattr(command, "operation", None)
        assert operation in OPERATIONS, f"command {name!r} names no operation of the table"
    for tool, operations in TOOL_OPERATIONS.items():
        assert all(op in OPERATIONS for op in operations), tool


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_cli_command_against_every_session_kind(name, make_ws, cli, tmp_path) -> None:
    if name in UNGATED:
        return
    ws = make_ws()
    _seed(ws)
    (tmp_path / "chat.json").write_text(
        json.dumps([{"role": "user", "content": "你好"}]), encoding="utf-8"
    )
    (tmp_path / "proj").mkdir()
    operation = COMMANDS[name].operation  # type: ignore[attr-defined]
    for kind in KINDS:
        session = ["--session", kind] + (["--agent", "coder"] if kind == "subagent" else [])
        args = ["-w", str(ws.root), *session, *_args(name, tmp_path)]
        allowed = kind in OPERATIONS[operation]
        if not allowed:
            before = everything(ws.root)
            result = cli(*args)
            assert result.code == 2, (name, kind, result)
            assert "main session only" in result.err and result.err.count("\n") == 1, result.err
            assert everything(ws.root) == before, (name, kind)
            continue
        if name in BLOCKING:
            continue
        result = cli(*args)
        if kind != "main":
            answer = _without_echo(result.out + result.err, args)
            for marker in MARKERS:
                assert marker not in answer, (name, kind, marker)


TOOL_OPERATIONS = {
    "memory_search": ["search"],
    "memory_get": ["get"],
    "memory_context": ["context"],
    "memory_warnings": ["warnings"],
    "memory_write": ["log"],
    "memory_remember": ["remember"],
    "memory_signal": ["signal"],
    "memory_candidates": ["candidates.list"],
    "memory_evolve": ["heartbeat"],
    "memory_approve": ["approve"],
    "memory_proposals": ["proposals"],
    "memory_cite": ["cite"],
    "memory_health": ["doctor"],
}
TOOL_ARGS = {
    "memory_search": {"query": " ".join(MARKERS) + " 偏好"},
    "memory_get": {"ref": "USER.md"},
    "memory_context": {"budget": 8000},
    "memory_warnings": {"task": "部署 PRIVMEMX"},
    "memory_write": {"kind": "log", "text": "公开 PUBLICX"},
    "memory_remember": {"text": "记住：我喜欢茶"},
    "memory_signal": {"text": "不对，应该用 yarn"},
    "memory_candidates": {"action": "list"},
    "memory_evolve": {"force": True},
    "memory_approve": {"reply": "跳过"},
    "memory_proposals": {},
    "memory_cite": {"ref": "USER.md:L1"},
    "memory_health": {},
}


async def _call(ws: Workspace, session: Session, tool: str) -> tuple[bool, str]:
    from memstrata.adapters.mcp.server import build_server

    server = build_server(str(ws.root), session)
    try:
        result = await server.call_tool(tool, TOOL_ARGS[tool])
    except Exception as exc:  # ToolError: the refusal
        return False, str(exc)
    return True, json.dumps(result, ensure_ascii=False, default=str)


def test_every_mcp_tool_has_a_matrix_row(ws) -> None:
    from memstrata.adapters.mcp.server import build_server

    tools = {t.name for t in asyncio.run(build_server(str(ws.root), Session()).list_tools())}
    assert tools == set(TOOL_OPERATIONS) == set(TOOL_ARGS)


@pytest.mark.parametrize("tool", sorted(TOOL_OPERATIONS))
def test_mcp_tool_against_every_session_kind(tool, make_ws) -> None:
    ws = make_ws()
    _seed(ws)
    for kind in KINDS:
        session = Session(kind, "coder" if kind == "subagent" else None)  # type: ignore[arg-type]
        allowed = all(kind in OPERATIONS[op] for op in TOOL_OPERATIONS[tool])
        before = everything(ws.root)
        ok, text = asyncio.run(_call(ws, session, tool))
        if not allowed:
            assert not ok and "main session only" in text, (tool, kind, text)
            assert everything(ws.root) == before, (tool, kind)
            continue
        if kind != "main":
            answer = _without_echo(text, [str(v) for v in TOOL_ARGS[tool].values()])
            for marker in MARKERS:
                assert marker not in answer, (tool, kind, marker)
