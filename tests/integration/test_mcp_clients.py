"""Issue 13 acceptance 3: memstrata's MCP server through two independent clients, with every
schema checked.

* The official Python client (``mcp`` SDK) over stdio and over streamable HTTP: every tool's
  input and output schema is a valid JSON Schema (Draft 2020-12), and the structured content
  of a real call validates against its tool's output schema.
* The MCP Inspector CLI (npm ``@modelcontextprotocol/inspector``, installed by
  ``.ci/install-mcp-inspector.sh``, cached) lists the same tools with ``--method tools/list``.
  A machine that cannot install it fails this test (``MEMSTRATA_SKIP_REAL_CLIENTS=1`` skips).
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from memstrata.core.initialize import init_workspace
from memstrata.entries.remember import remember

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
EXE = str(Path(sys.executable).parent / "memstrata")
TOOLS = {
    "memory_search",
    "memory_get",
    "memory_write",
    "memory_remember",
    "memory_signal",
    "memory_candidates",
    "memory_evolve",
    "memory_proposals",
    "memory_approve",
    "memory_context",
    "memory_warnings",
    "memory_cite",
    "memory_health",
}
CALLS = {
    "memory_search": {"query": "网关端口"},
    "memory_get": {"ref": "MEMORY.md"},
    "memory_write": {"kind": "log", "text": "修复了登录超时"},
    "memory_remember": {"text": "记住：部署前先跑迁移"},
    "memory_signal": {"text": "不对，应该用 pnpm"},
    "memory_candidates": {"action": "list"},
    "memory_evolve": {"force": True},
    "memory_proposals": {},
    "memory_context": {"budget": 1500},
    "memory_warnings": {"task": "部署网关"},
    "memory_cite": {"ref": "MEMORY.md:L1", "context": "查端口"},
    "memory_health": {},
}  # memory_approve needs open proposals: its schemas are checked, its answer in test_mcp.py


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "记忆 ws"
    init_workspace(root)
    from memstrata.core.workspace import Workspace

    remember(Workspace.open(root).writer(), "记住：网关端口是 8443")
    return root


async def _exercise(session) -> dict[str, object]:
    await session.initialize()
    listed = {tool.name: tool for tool in (await session.list_tools()).tools}
    assert set(listed) == TOOLS
    for tool in listed.values():
        Draft202012Validator.check_schema(tool.input_schema)
        assert tool.output_schema, f"{tool.name} has no output schema"
        Draft202012Validator.check_schema(tool.output_schema)
        assert tool.annotations is not None and tool.annotations.read_only_hint is not None
        assert all(
            prop.get("description") for prop in tool.input_schema.get("properties", {}).values()
        ), f"{tool.name}: a property without a description"
    structured = {}
    for name, arguments in CALLS.items():
        result = await session.call_tool(name, arguments)
        assert not result.is_error, (name, result.content)
        assert result.content and result.content[0].text.strip(), f"{name}: empty answer"
        Draft202012Validator(listed[name].output_schema).validate(result.structured_content)
        structured[name] = result.structured_content
    return structured


def test_official_client_over_stdio(workspace: Path) -> None:
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    async def run() -> dict[str, object]:
        params = StdioServerParameters(
            command=EXE,
            args=["-w", str(workspace), "mcp"],
            env={**os.environ, "MEMSTRATA_EMBEDDER": "hash"},
        )
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            return await _exercise(session)

    structured = asyncio.run(run())
    assert "8443" in json.dumps(structured["memory_search"], ensure_ascii=False)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_official_client_over_streamable_http(workspace: Path) -> None:
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    port = _free_port()
    server = subprocess.Popen(
        [EXE, "-w", str(workspace), "mcp", "--transport", "http", "--port", str(port)],
        env={**os.environ, "MEMSTRATA_EMBEDDER": "hash"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.2)

        async def run() -> dict[str, object]:
            url = f"http://127.0.0.1:{port}/mcp"
            async with (
                streamable_http_client(url) as (read, write),
                ClientSession(read, write) as session,
            ):
                return await _exercise(session)

        structured = asyncio.run(run())
        assert structured["memory_write"]["cite"].startswith("📍 memory/")  # type: ignore[index]
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_inspector_cli_lists_the_tools(workspace: Path) -> None:
    installer = subprocess.run(
        ["bash", str(ROOT / ".ci" / "install-mcp-inspector.sh")],
        capture_output=True,
        text=True,
        timeout=900,
    )
    if installer.returncode != 0:
        if os.environ.get("MEMSTRATA_SKIP_REAL_CLIENTS") == "1":
            pytest.skip("MCP Inspector not installable here")
        pytest.fail(f"cannot install the MCP Inspector: {installer.stderr[-400:]}")
    prefix = installer.stdout.strip().splitlines()[-1].split("=", 1)[1]
    result = subprocess.run(
        ["mcp-inspector", "--cli", EXE, "-w", str(workspace), "mcp", "--method", "tools/list"],
        env={**os.environ, "PATH": f"{prefix}:{os.environ['PATH']}", "MEMSTRATA_EMBEDDER": "hash"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-800:]
    tools = json.loads(result.stdout)["tools"]
    assert {tool["name"] for tool in tools} == TOOLS
    for tool in tools:
        Draft202012Validator.check_schema(tool["inputSchema"])
        Draft202012Validator.check_schema(tool["outputSchema"])
