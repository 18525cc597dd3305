"""The CLI's --json and the MCP tools' structured answers come from the same presenters: for the
same question they are the same JSON (they had drifted: ``get --json`` had ``cite``,
``memory_get`` did not)."""

from __future__ import annotations

import asyncio
import json

import pytest

from memstrata.core.permissions import Session
from memstrata.entries.journal import log
from memstrata.entries.remember import remember

CASES = [
    (["get", "MEMORY.md"], "memory_get", {"ref": "MEMORY.md"}),
    (["search", "网关端口", "-k", "3"], "memory_search", {"query": "网关端口", "k": 3}),
    (["context", "--budget", "900"], "memory_context", {"budget": 900}),
    (
        ["signal", "不对，应该用 pnpm", "--dry-run"],
        "memory_signal",
        {"text": "不对，应该用 pnpm", "dry_run": True, "source": "user"},
    ),
]


@pytest.mark.parametrize(("args", "tool", "arguments"), CASES, ids=[c[1] for c in CASES])
def test_cli_json_equals_mcp_structured_content(ws, cli, args, tool, arguments) -> None:
    from memstrata.adapters.mcp.server import build_server

    remember(ws.writer(), "记住：网关端口是 8443")
    log(ws.writer(), "把网关端口从 8080 改成了 8443")
    from_cli = json.loads(cli("-w", str(ws.root), *args, "--json").out)
    server = build_server(str(ws.root), Session())
    result = asyncio.run(server.call_tool(tool, arguments))
    structured = result[1] if isinstance(result, tuple) else result.structured_content
    structured = {k: v for k, v in structured.items() if k != "note"}
    assert structured == from_cli
