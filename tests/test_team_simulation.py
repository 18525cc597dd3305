"""Four agents (main, coder, researcher, writer) as separate processes, each through its own
``memstrata mcp`` server over stdio, writing and searching one team workspace for 60 seconds.

This one is the files store's: one machine, four processes sharing Markdown files through file
locks, and the SQLite index each process keeps. The team store on PostgreSQL, behind two
``memstrata serve`` replicas over streamable HTTP, has its own: tests/test_team_replicas.py."""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
import time
from pathlib import Path

import anyio

from memstrata.formats.daily import parse_log

DURATION = float(os.environ.get("MEMSTRATA_SIM_SECONDS", "60"))
EXE = str(Path(sys.executable).parent / "memstrata")
AGENTS = ("main", "coder", "researcher", "writer")
PRIVATE_PATHS = {"MEMORY.md", "USER.md", "memory/infra.md"}


def _agent(root: str, agent: str, out) -> None:
    from mcp import ClientSession, StdioServerParameters, stdio_client

    session_kind = "main" if agent == "main" else "subagent"
    env = {**os.environ, "MEMSTRATA_EMBEDDER": "hash"}
    params = StdioServerParameters(
        command=EXE, args=["mcp", "-w", root, "--session", session_kind, "--agent", agent], env=env
    )

    async def run() -> dict:
        written, searches, leaks, errors = [], 0, [], []
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            deadline = time.monotonic() + DURATION
            n = 0
            while time.monotonic() < deadline:
                marker = f"m-{agent}-{n}"
                result = await session.call_tool(
                    "memory_write",
                    {"kind": "log", "text": f"{agent} 完成第 {n} 项 {marker}", "title": marker},
                )
                if result.is_error:
                    errors.append(result.content[0].text)
                else:
                    written.append(marker)
                if agent == "main" and n % 5 == 0:
                    await session.call_tool(
                        "memory_remember", {"text": f"记住：staging 私密配置 private-fact-{n}"}
                    )
                if n % 3 == 0:
                    found = await session.call_tool(
                        "memory_search", {"query": f"private-fact 完成 {agent}", "k": 10}
                    )
                    searches += 1
                    if found.is_error:  # report it: a crash here would only show as a timeout
                        errors.append(found.content[0].text)
                        n += 1
                        continue
                    data = found.structured_content or json.loads(found.content[0].text)
                    hits = data["results"]
                    if agent != "main":
                        leaks += [
                            h["path"]
                            for h in hits
                            if h["path"] in PRIVATE_PATHS or "private-fact" in h["snippet"]
                        ]
                n += 1
        return {
            "agent": agent,
            "written": written,
            "searches": searches,
            "leaks": leaks,
            "errors": errors,
        }

    out.put(anyio.run(run))


def test_four_agents_for_a_minute(make_ws) -> None:
    ws = make_ws(team=True)
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    workers = [ctx.Process(target=_agent, args=(str(ws.root), agent, out)) for agent in AGENTS]
    for worker in workers:
        worker.start()
    reports = {r["agent"]: r for r in (out.get(timeout=DURATION + 120) for _ in AGENTS)}
    for worker in workers:
        worker.join(timeout=30)
    for agent, report in reports.items():
        assert report["errors"] == [], (agent, report["errors"][:3])
        assert report["leaks"] == [], (agent, report["leaks"][:3])
        assert len(report["written"]) > 10 and report["searches"] > 3
    sections = []
    for rel in ws.role_files("daily"):
        sections += [(s.agent, s.title) for s in parse_log(ws.read_lines(rel), rel)]
    logged = [title for agent, title in sections if title.startswith("m-")]
    assert len(logged) == len(set(logged))  # no duplicates
    expected = {marker for report in reports.values() for marker in report["written"]}
    assert set(logged) == expected  # nothing lost
    assert all(
        title.split("-")[1] == agent for agent, title in sections if title.startswith("m-")
    )  # correct tags
    memory = (ws.root / "MEMORY.md").read_text(encoding="utf-8")
    assert "private-fact-0" in memory and "[main]" in memory  # main wrote its private facts, tagged
