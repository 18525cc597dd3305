"""``memstrata mcp`` as a subprocess driven by the official MCP client, over stdio and HTTP."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

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


def _env() -> dict[str, str]:
    return {**os.environ, "MEMSTRATA_EMBEDDER": "hash", "MEMSTRATA_NOW": "2026-04-17T10:30:00"}


def _payload(result) -> object:
    """The JSON a tool returned (structured content when present, else its text)."""
    if result.structured_content is not None:
        data = result.structured_content
        return (
            data.get("result", data) if isinstance(data, dict) and set(data) == {"result"} else data
        )
    return json.loads(result.content[0].text)


async def _exercise(session: ClientSession, private: bool = True) -> dict[str, object]:
    await session.initialize()
    tools = {tool.name: tool for tool in (await session.list_tools()).tools}
    assert set(tools) == TOOLS
    assert all("Example" in (tool.description or "") for tool in tools.values())
    out: dict[str, object] = {}

    async def call(name: str, **arguments):
        result = await session.call_tool(name, arguments)
        assert not result.is_error, (name, result.content)
        out[name] = _payload(result)
        return out[name]

    await call("memory_remember", text="记住：提供商名永远不要用 qwen")
    await call("memory_write", kind="log", text="修复了网关心跳超时")
    await call("memory_write", kind="lesson", text="npm install 失败", fix="改用 pnpm")
    await call(
        "memory_write", kind="project", text="支付网关", status="进行中", progress="退款迁移"
    )
    found = await call("memory_search", query="心跳", k=3)
    assert found["results"] and found["results"][0]["cite"].startswith("📍 memory/2026-04-17.md:L")
    await call("memory_get", ref=found["results"][0]["cite"])
    await call("memory_signal", text="我更喜欢用表格对比方案")
    await call("memory_evolve", force=True)
    if private:
        await call("memory_proposals")
    await call("memory_context", budget=800)
    await call("memory_warnings", task="配置新的模型提供商")
    await call("memory_cite", ref="P001", context="mcp test", session_id="t1")
    await call("memory_cite", flush=True, session_id="t1")
    await call("memory_health")
    if private:
        await call("memory_candidates", action="list")
    # Bad arguments come back as tool errors, and the server keeps serving.
    for name, arguments in [
        ("memory_get", {"ref": "../../etc/passwd"}),
        ("memory_write", {"kind": "poem", "text": "x"}),
        ("memory_search", {"query": "x", "mode": "psychic"}),
        ("memory_approve", {"reply": "maybe"}),
        ("memory_cite", {"ref": "P999"}),
        ("memory_search", {"k": "many"}),
    ]:
        result = await session.call_tool(name, arguments)
        assert result.is_error, (name, arguments)
    assert not (await session.call_tool("memory_health", {})).is_error
    return out


def test_stdio_every_tool(ws) -> None:
    params = StdioServerParameters(command=EXE, args=["mcp", "-w", str(ws.root)], env=_env())

    async def main() -> dict[str, object]:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            return await _exercise(session)

    out = anyio.run(main)
    assert out["memory_remember"]["entry_id"] == "P001"
    assert "P001" in json.dumps(out["memory_warnings"], ensure_ascii=False)
    assert out["memory_cite"] == {"flushed": 1}


def test_shared_session_never_gets_private_memory(ws) -> None:
    (ws.root / "MEMORY.md").write_text(
        "# M\n\n## 📌 重要规则\n- [2026-04] private-zebra 规则\n", encoding="utf-8"
    )
    params = StdioServerParameters(
        command=EXE, args=["mcp", "-w", str(ws.root), "--session", "shared"], env=_env()
    )

    async def main() -> tuple:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            search = _payload(
                await session.call_tool(
                    "memory_search", {"query": "private-zebra", "mode": "lexical"}
                )
            )
            context = _payload(await session.call_tool("memory_context", {"budget": 4000}))
            get = await session.call_tool("memory_get", {"ref": "MEMORY.md"})
            candidates = await session.call_tool("memory_candidates", {"action": "list"})
            remember = await session.call_tool("memory_remember", {"text": "记住：我喜欢喝茶"})
            return search, context, get, candidates, remember

    search, context, get, candidates, remember = anyio.run(main)
    assert search["results"] == [] and "private-zebra" not in context["text"]
    assert get.is_error and candidates.is_error and remember.is_error


def test_remember_new_through_the_official_client(ws) -> None:
    # a repeat answers seen_again; `new` writes it anyway (a tester's round on 7731d2a: a new
    # rule taken for a repeat had no way in)
    params = StdioServerParameters(command=EXE, args=["mcp", "-w", str(ws.root)], env=_env())

    async def main() -> list:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            answers = []
            for arguments in (
                {"text": "记住：部署前先跑测试"},
                {"text": "记住：部署前先跑测试"},
                {"text": "记住：部署前先跑测试", "new": True},
            ):
                answers.append(_payload(await session.call_tool("memory_remember", arguments)))
            return answers

    first, again, forced = anyio.run(main)
    assert again["seen_again"] is True and again["cite"] == first["cite"]
    assert not forced.get("seen_again") and forced["cite"] != first["cite"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_streamable_http_every_tool(ws) -> None:
    port = _free_port()
    server = subprocess.Popen(
        [EXE, "mcp", "-w", str(ws.root), "--transport", "http", "--port", str(port)],
        env=_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        else:
            pytest.fail("the HTTP server did not start")

        async def main() -> dict[str, object]:
            async with (
                streamable_http_client(f"http://127.0.0.1:{port}/mcp") as (read, write),
                ClientSession(read, write) as session,
            ):
                return await _exercise(session)

        out = anyio.run(main)
        assert out["memory_health"]["findings"] is not None
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_missing_workspace_is_one_line(tmp_path) -> None:
    result = subprocess.run(
        [EXE, "mcp", "-w", str(tmp_path / "none")],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=30,
    )
    assert result.returncode == 2 and result.stdout == "" and result.stderr.count("\n") == 1
