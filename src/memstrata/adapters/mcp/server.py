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

import hashlib
import json
import re
import unicodedata
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from memstrata.core.documents import Applied, request_key, request_lock_name
from memstrata.core.permissions import Session, check_operation
from memstrata.core.workspace import Workspace
from memstrata.errors import MemstrataError

if TYPE_CHECKING:
    from memstrata.core.writer import Writer

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


def fingerprint(tool: str, arguments: dict[str, Any]) -> str:
    """What a request asked for (its tool and arguments, ``request_id`` aside), as a hash: a
    retry must ask for the same, or its id was reused for another call (docs/design.md §10)."""
    asked = {name: value for name, value in arguments.items() if name != "request_id"}
    canonical = json.dumps([tool, asked], ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def check_request_id(request_id: str) -> None:
    """Refuse ids with control characters (a NUL broke PostgreSQL) or lone surrogates: an id
    is a label a client chose, never data, so such an id is a client bug to say so about."""
    if any(unicodedata.category(char) in ("Cc", "Cs") for char in request_id):
        raise MemstrataError(
            "request_id must not contain control characters (use e.g. a UUID); nothing was written"
        )


class Tools:
    """What every tool shares: its workspace, its fixed session and the permission guard.
    ``token`` is the name of the service token the caller came with, if any: the caller's
    identity for request ids (two tokens of one session kind are two callers)."""

    def __init__(self, root: str | None, session: Session, token: str | None = None):
        self.root = root
        self.session = session
        self.token = token

    @property
    def identity(self) -> str:
        """Who calls, for request ids: the token's name, else the session kind and agent."""
        if self.token is not None:
            return f"token:{self.token}"
        return f"session:{self.session.kind}:{self.session.agent or ''}"

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

    def write(
        self,
        operation: str,
        request_id: str | None,
        work: Callable[[Writer], dict[str, Any]],
        tool: str,
        arguments: dict[str, Any],
    ) -> dict[str, Any]:
        """Run a write tool: ``work`` writes through the writer it gets and returns the tool's
        answer. With a ``request_id``, the call's changes are one commit that also records the
        answer and the call's :func:`fingerprint` under a hash of the caller's identity and the
        id (so no other identity can read it, and the id itself, which may be anything a client
        chose, is never stored): a retry of the id finds the answer and writes nothing again,
        on any replica, even when the first attempt's process died after its commit and before
        answering. The same id sent for a different call is refused, never answered with the
        first call's answer."""
        ws = self.workspace()
        writer = ws.writer(self.session)
        if request_id is None:
            return self.run(operation, lambda: work(writer))
        asked = fingerprint(tool, arguments)

        def once() -> dict[str, Any]:
            check_request_id(request_id)
            key = request_key(self.identity, request_id)
            # Two attempts of one request (a retry sent while the first still runs) wait here,
            # and the second then finds the first's answer.
            with ws.store.named_lock(request_lock_name(key)):
                earlier = ws.store.applied(key)
                if earlier is not None:
                    record = json.loads(earlier)
                    if not isinstance(record, dict) or record.get("fingerprint") != asked:
                        raise MemstrataError(
                            f"request_id {request_id[:80]!r} was already used for a different "
                            "call; nothing was written (send a fresh id for a new write)"
                        )
                    return dict(record["answer"])
                with writer.transaction() as txn:
                    answer = work(writer)
                    record = {"fingerprint": asked, "answer": answer}
                    txn.request = Applied(key, json.dumps(record, ensure_ascii=False))
                return answer

        return self.run(operation, once)


def build_server(root: str | None, session: Session, token: str | None = None) -> Any:
    """An MCPServer with every memory tool bound to one workspace and session (and the name of
    the service token it serves, if any: the caller's identity for request ids)."""
    from mcp.server.mcpserver import MCPServer

    from memstrata.adapters.mcp import (
        tools_learning,
        tools_maintenance,
        tools_recall,
        tools_records,
    )

    server = MCPServer("memstrata", instructions=INSTRUCTIONS)
    tools = Tools(root, session, token)
    for group in (tools_recall, tools_records, tools_learning, tools_maintenance):
        group.register(server, tools)
    return server
