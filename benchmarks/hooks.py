"""Hook and MCP latency on a 10k-chunk workspace.

* wall time p50/p95 of ``memstrata hook user-prompt-submit``, ``post-tool-use`` (every tool
  call: one step of the turn, for auto-skill) and ``post-tool-use-failure`` as
  fresh processes (as Claude Code runs them) against ``python -c pass``, interleaved, with
  bytecode caching as users have it;
* p50/p95 of ``memory_search`` over stdio from the official MCP client (warm server).

    .venv/bin/python benchmarks/hooks.py [--runs 30] [--baseline-src DIR] [--no-mcp]

``--baseline-src DIR`` also runs each hook with ``PYTHONPATH=DIR`` (another checkout's ``src``,
e.g. ``git worktree add /tmp/base REV``), interleaved with this one: a before/after in one run.
``--no-mcp`` skips the embedding and the MCP rows (hooks never load the model).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import recall_table, write_results
from latency import Zipf, generate, vocabulary

ENV = {
    k: v
    for k, v in os.environ.items()
    if k not in ("PYTHONDONTWRITEBYTECODE", "MEMSTRATA_EMBEDDER")
}


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def timed(cmd: list[str], stdin: str = "", env: dict[str, str] | None = None) -> float:
    started = time.perf_counter()
    subprocess.run(
        cmd, input=stdin, text=True, check=True, stdout=subprocess.DEVNULL, env=env or ENV
    )
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--baseline-src", help="another checkout's src/, run interleaved")
    parser.add_argument("--no-mcp", action="store_true", help="hooks only: no model, no MCP")
    args = parser.parse_args()
    from memstrata.core.initialize import init_workspace
    from memstrata.entries.remember import remember
    from memstrata.recall.index import open_index

    exe = str(Path(sys.executable).parent / "memstrata")
    with tempfile.TemporaryDirectory() as tmp:
        ws = init_workspace(Path(tmp) / "ws").workspace
        rng = random.Random(5)
        generate(ws.root, 10_000, 10, Zipf(vocabulary(rng), rng))
        for n in range(20):
            remember(ws.writer(), f"记住：部署第 {n} 个服务前必须先备份数据库")
        from memstrata.providers.embedders import USEEmbedder

        # Steady state: every chunk embedded, as after `memstrata index`.
        open_index(ws, None if args.no_mcp else USEEmbedder(tuned=True)).sync(embed=not args.no_mcp)
        chunks = open_index(ws, None).chunk_count()
        prompt = json.dumps(
            {
                "session_id": "bench",
                "cwd": str(ws.root),
                "prompt": "不对，部署服务之前要先备份数据库吗？记住以后都先备份",
            }
        )
        failure = json.dumps(
            {
                "session_id": "bench",
                "cwd": str(ws.root),
                "tool_name": "Bash",
                "tool_input": {"command": "npm install"},
                "error": "Exit code 1\nnpm ERR! code ERESOLVE",
            }
        )
        tool = json.dumps(
            {
                "session_id": "bench",
                "cwd": str(ws.root),
                "tool_name": "Bash",
                "tool_input": {"command": "npm test -- --watch=false"},
                "tool_response": {"stdout": "ok", "stderr": "", "interrupted": False},
            }
        )
        commands = {
            "python -c pass": ([sys.executable, "-c", "pass"], ""),
            "hook user-prompt-submit": ([exe, "hook", "user-prompt-submit"], prompt),
            "hook post-tool-use": ([exe, "hook", "post-tool-use"], tool),
            "hook post-tool-use-failure": ([exe, "hook", "post-tool-use-failure"], failure),
        }
        runs: dict[str, tuple[list[str], str, dict[str, str]]] = {
            name: (cmd, stdin, ENV) for name, (cmd, stdin) in commands.items()
        }
        if args.baseline_src:
            base_env = {**ENV, "PYTHONPATH": str(Path(args.baseline_src).resolve())}
            for name, (cmd, stdin) in commands.items():
                if name.startswith("hook"):
                    runs[f"{name} (baseline)"] = (cmd, stdin, base_env)
        for cmd, stdin, env in runs.values():
            timed(cmd, stdin, env)
        samples: dict[str, list[float]] = {name: [] for name in runs}
        for _ in range(args.runs):
            for name, (cmd, stdin, env) in runs.items():
                samples[name].append(timed(cmd, stdin, env))
        mcp_times = [] if args.no_mcp else asyncio_mcp(exe, ws.root, args.runs)
    base = statistics.median(samples["python -c pass"])
    rows = [
        {
            "what": name,
            "runs": len(v),
            "p50_ms": round(statistics.median(v), 1),
            "p95_ms": round(pct(v, 0.95), 1),
            "extra_p95_ms": round(pct(v, 0.95) - base, 1),
        }
        for name, v in samples.items()
    ]
    rows += (
        []
        if args.no_mcp
        else [
            {
                "what": "MCP memory_search (stdio, warm)",
                "runs": len(mcp_times),
                "p50_ms": round(statistics.median(mcp_times), 1),
                "p95_ms": round(pct(mcp_times, 0.95), 1),
                "extra_p95_ms": "-",
            }
        ]
    )
    print(
        recall_table(
            f"Hooks and MCP on a {chunks}-chunk workspace",
            rows,
            ["what", "runs", "p50_ms", "p95_ms", "extra_p95_ms"],
        )
    )
    print(f"wrote {write_results('hooks', {'chunks': chunks, 'rows': rows})}")


def asyncio_mcp(exe: str, root: Path, runs: int) -> list[float]:
    import anyio
    from mcp import ClientSession, StdioServerParameters, stdio_client

    queries = ["部署 备份", "数据库", "gateway timeout", "回滚", "服务器 配置"]

    async def run() -> list[float]:
        params = StdioServerParameters(command=exe, args=["mcp", "-w", str(root)], env=ENV)
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            await session.call_tool(
                "memory_search", {"query": "warm up"}
            )  # loads the model and matrix
            times = []
            for n in range(runs):
                started = time.perf_counter()
                await session.call_tool("memory_search", {"query": queries[n % len(queries)]})
                times.append((time.perf_counter() - started) * 1000)
            return times

    return anyio.run(run)


if __name__ == "__main__":
    main()
