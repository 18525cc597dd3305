"""``memstrata mcp``: the memory as MCP tools (official ``mcp`` SDK 2.x, ``MCPServer``).

One server serves one workspace for one session kind and agent, fixed at launch, so a shared
session's server can never hand out MEMORY.md, USER.md, infra or candidates whatever a tool is
asked. Every tool names its operation in the one permission table (core/permissions.py) that
the CLI uses too, shapes its answer with the same presenters, declares an output schema and
annotations, and carries examples because agents do not guess syntax. Nothing is printed to
stdout outside the protocol; bad input comes back as a tool error naming MCP tools, never a
crash or a CLI command.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

from memstrata.core.permissions import Session, check_operation
from memstrata.core.workspace import Workspace
from memstrata.errors import MemstrataError

T = TypeVar("T")
INSTRUCTIONS = (
    "Long-term memory kept as Markdown. Before answering about prior work, decisions, dates, "
    "people, preferences or todos, call memory_search, then memory_get for the lines you need, "
    "and cite them as 📍 path:Lstart-Lend. Record what you learn with memory_signal; write logs, "
    "lessons, project and infra updates with memory_write."
)
# CLI commands named in engine messages, and the tool an MCP caller uses instead.
_TOOL_FOR = {
    "heartbeat": "memory_evolve",
    "approve": "memory_approve",
    "search": "memory_search",
    "get": "memory_get",
    "signal": "memory_signal",
    "remember": "memory_remember",
    "candidates": "memory_candidates",
    "context": "memory_context",
    "warnings": "memory_warnings",
    "cite": "memory_cite",
    "doctor": "memory_health",
    "log": "memory_write",
    "lesson": "memory_write",
    "project": "memory_write",
    "infra": "memory_write",
    "index": "memory_health",
}
_CLI_MENTION = re.compile(r"'?memstrata (\w+)(?: --?\w+)*'?")


def for_mcp(message: str) -> str:
    """An engine message with CLI commands replaced by the MCP tools that do the same."""
    return _CLI_MENTION.sub(
        lambda m: _TOOL_FOR.get(m.group(1), m.group(0)), message.replace("(--agent)", "")
    )


class Tools:
    """What every tool shares: its workspace, its fixed session and the permission guard."""

    def __init__(self, root: str | None, session: Session):
        self.root = root
        self.session = session

    def workspace(self) -> Workspace:
        return Workspace.discover(self.root)

    def run(self, operation: str, call: Callable[[], T]) -> T:
        """Check ``operation`` for this session, then run ``call``; engine errors become one
        tool error (with the message an MCP caller can act on)."""
        from mcp.server.mcpserver.exceptions import ToolError

        try:
            check_operation(operation, self.session)
            return call()
        except MemstrataError as exc:
            raise ToolError(for_mcp(str(exc))) from None
        except OverflowError as exc:
            raise ToolError(f"number out of range: {exc}") from None


def build_server(root: str | None, session: Session) -> Any:
    """An MCPServer with every memory tool bound to one workspace and session."""
    from mcp.server.mcpserver import MCPServer

    from memstrata.adapters.mcp import (
        tools_learning,
        tools_maintenance,
        tools_recall,
        tools_records,
    )

    server = MCPServer("memstrata", instructions=INSTRUCTIONS)
    tools = Tools(root, session)
    for group in (tools_recall, tools_records, tools_learning, tools_maintenance):
        group.register(server, tools)
    return server
