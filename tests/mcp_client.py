"""Call memstrata's MCP tools through the official client (``memstrata mcp`` over stdio)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio

EXE = str(Path(sys.executable).parent / "memstrata")


def _payload(result: Any) -> Any:
    if result.structured_content is not None:
        data = result.structured_content
        return data.get("result", data) if set(data) == {"result"} else data
    return json.loads(result.content[0].text)


def call_tools(
    root: Path, calls: list[tuple[str, dict[str, Any]]], *session_args: str, embedder: str = "hash"
) -> list[tuple[bool, Any]]:
    """Run each (tool, arguments) in one MCP session; (is_error, payload or message) each.
    ``embedder``: "use" for the real model (integration tests)."""
    from mcp import ClientSession, StdioServerParameters, stdio_client

    env = {**os.environ, "MEMSTRATA_EMBEDDER": embedder, "MEMSTRATA_NOW": "2026-04-17T10:30:00"}
    params = StdioServerParameters(
        command=EXE, args=["mcp", "-w", str(root), *session_args], env=env
    )

    async def run() -> list[tuple[bool, Any]]:
        out = []
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            for name, arguments in calls:
                result = await session.call_tool(name, arguments)
                if result.is_error:
                    out.append((True, result.content[0].text))
                else:
                    out.append((False, _payload(result)))
        return out

    return anyio.run(run)
