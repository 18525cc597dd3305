"""Latency and cost of recall.

* warm in-process search p50/p95 at 1k, 10k and 100k chunks, hybrid with the real default
  model embedding every query (cache off), lexical and vector too;
* indexing throughput: lexical chunks/s (usable at once) vs embedding chunks/s with the
  default model on ~400-character chunks;
* incremental sync after editing one file in a 10k-file workspace;
* peak RSS of a process searching the 100k-chunk index;
* CLI wall time of ``memstrata search`` (a fresh process: imports, model load, query).

Workspaces are generated (zh/en daily logs). Chunk vectors for the large indexes are random
unit vectors written straight into the index: search cost does not depend on their values,
and embedding 100k chunks on 2 cores would take an hour. The query vector is always real.

    .venv/bin/python benchmarks/latency.py [--sizes 1000,10000,100000] [--queries 50]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from common import ROOT, recall_table, timed_index, write_results

ZH_CHARS = "网关端口心跳部署回滚数据库迁移对账周报日志密钥配置重启超时缓存队列测试发布审校用户偏好预算合同服务器集群节点备份恢复监控告警权限认证证书域名负载均衡接口文档版本分支合并评审需求排期上线灰度压测容量成本账单发票客户订单支付退款库存物流"
EN_SYLLABLES = "ka lo mi ne ra su to vi ze ban cor del fin gal hex jun kel lum mor nix pol quin rax sol tor ul ven wex yor zan".split()  # noqa: SIM905


def vocabulary(rng: random.Random, size: int = 6000) -> list[str]:
    """Pseudo-words (half Chinese 2-character, half English) ranked for Zipf sampling."""
    words: list[str] = []
    while len(words) < size:
        if len(words) % 2:
            words.append(rng.choice(ZH_CHARS) + rng.choice(ZH_CHARS))
        else:
            words.append("".join(rng.choice(EN_SYLLABLES) for _ in range(rng.randint(2, 3))))
    return words


class Zipf:
    def __init__(self, words: list[str], rng: random.Random):
        self.words, self.rng = words, rng
        self.weights = [1.0 / (rank + 1) for rank in range(len(words))]

    def sample(self, count: int) -> list[str]:
        return self.rng.choices(self.words, weights=self.weights, k=count)


def sentence(zipf: Zipf) -> str:
    return " ".join(zipf.sample(zipf.rng.randint(10, 18)))


def make_queries(words: list[str], rng: random.Random, count: int) -> list[str]:
    """Two or three mid-frequency words, as a person would type."""
    return [" ".join(rng.sample(words[20:2000], rng.randint(2, 3))) for _ in range(count)]


def generate(root: Path, chunks: int, per_file: int, zipf: Zipf) -> int:
    """Daily logs with ``per_file`` sections each, one item of ~400 characters per section: one
    chunk per section whether the chunker cuts by section or by item, so sizes compare."""
    (root / "memory").mkdir(parents=True, exist_ok=True)
    files = max(1, chunks // per_file)
    for number in range(files):
        day = f"{2000 + number // 365:04d}-{number % 12 + 1:02d}-{number % 28 + 1:02d}"
        name = root / "memory" / f"{day}.md"
        if name.exists():
            name = root / "notes" / f"n{number}.md"
            name.parent.mkdir(exist_ok=True)
        parts = [f"# [{day}]", ""]
        for section in range(per_file):
            parts += [
                f"## [coder] 任务 {section}",
                f"- {sentence(zipf)} {sentence(zipf)} {sentence(zipf)}",
                "",
            ]
        name.write_text("\n".join(parts), encoding="utf-8")
    return files


def fill_random_vectors(index, model_name: str, dim: int, rng_seed: int = 1) -> None:
    import numpy as np

    conn = index.connect()
    hashes = [row[0] for row in conn.execute("SELECT DISTINCT text_hash FROM chunks")]
    rng = np.random.default_rng(rng_seed)
    conn.execute("BEGIN")
    for start in range(0, len(hashes), 5000):
        part = hashes[start : start + 5000]
        vectors = rng.standard_normal((len(part), dim)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        conn.executemany(
            "INSERT OR REPLACE INTO embeddings VALUES (?, ?, ?)",
            [(model_name, h, vectors[i].tobytes()) for i, h in enumerate(part)],
        )
    generation = (
        int(conn.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()[0]) + 1
    )
    conn.execute("INSERT OR REPLACE INTO meta VALUES ('generation', ?)", (str(generation),))
    conn.execute("COMMIT")


RSS_SCRIPT = """
import resource, sys
from memstrata.recall.search import search
from memstrata.core.workspace import Workspace
search(Workspace.open(sys.argv[1]), sys.argv[2])
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def search_process_rss(root: Path, query: str) -> int:
    """Peak RSS (MB) of a fresh process that opens the index and runs one hybrid search."""
    out = subprocess.run(
        [sys.executable, "-c", RSS_SCRIPT, str(root), query],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "MEMSTRATA_EMBEDDER": "use"},
    ).stdout
    return round(int(out.strip().splitlines()[-1]) / 1024)


class Precomputed:
    """The real model's vectors for the benchmark's queries, computed before any timing."""

    def __init__(self, model: Any, queries: list[str]):
        import numpy as np

        self.name, self.dim = model.name, model.dim
        self.model = model
        self.vectors = {
            q: np.asarray(v) for q, v in zip(queries, model.embed(queries), strict=True)
        }

    def embed(self, texts: list[str]) -> Any:
        import numpy as np

        if len(texts) == 1 and texts[0] in self.vectors:
            return np.asarray([self.vectors[texts[0]]])
        return self.model.embed(texts)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--queries", type=int, default=50)
    parser.add_argument(
        "--precomputed",
        action="store_true",
        help="embed the queries once before timing: measures the search itself (on a loaded"
        " machine the model's time swamps it); only search sizes are run",
    )
    args = parser.parse_args()
    from memstrata.core.initialize import init_workspace
    from memstrata.providers.embedders import USEEmbedder
    from memstrata.recall.search import search
    from memstrata.recall.store import SqliteIndex

    rng = random.Random(7)
    words = vocabulary(rng)
    zipf = Zipf(words, rng)
    queries = make_queries(words, rng, args.queries)
    model: Any = USEEmbedder(tuned=True)
    model.embed(["warm up"])
    if args.precomputed:
        model = Precomputed(model, queries)
    report: dict = {
        "search": [],
        "notes": "chunk vectors random for generated indexes; query vectors real",
    }
    base = Path(tempfile.mkdtemp(prefix="memstrata-latency-"))
    try:
        # Indexing throughput on real text with the real model.
        ws = init_workspace(base / "throughput", preset="openclaw", lang="en").workspace
        if args.precomputed:
            generate(ws.root, 0, 10, zipf)
        else:
            generate(ws.root, 400, 10, zipf)
        lexical, lexical_s, embedded, embed_s = timed_index(SqliteIndex(ws, model))
        report["throughput"] = {
            "chunks": lexical.chunks_added,
            "lexical_chunks_per_s": round(lexical.chunks_added / lexical_s),
            "embed_chunks_per_s": round(embedded.embedded / embed_s, 1),
            "lexical_s": round(lexical_s, 2),
            "embed_s": round(embed_s, 1),
        }
        print(
            f"throughput: lexical {report['throughput']['lexical_chunks_per_s']} chunks/s (searchable at once), "
            f"embedding {report['throughput']['embed_chunks_per_s']} chunks/s with {model.name}"
        )
        for size in [int(s) for s in args.sizes.split(",")]:
            ws = init_workspace(base / f"s{size}", preset="openclaw", lang="en").workspace
            files = generate(ws.root, size, 10, zipf)
            index = SqliteIndex(ws, None)
            started = time.perf_counter()
            index.sync(embed=False)
            build_s = time.perf_counter() - started
            real = SqliteIndex(ws, model)
            real.sync(embed=False)  # signature for the real model (rebuild), lexical only
            fill_random_vectors(real, model.name, model.dim)
            chunks = real.chunk_count()
            row = {"chunks": chunks, "files": files, "lexical_build_s": round(build_s, 1)}
            for mode in ("hybrid", "lexical", "vector"):
                search(ws, queries[0], mode=mode, embedder=model)  # warm: matrix load, caches
                times = []
                for query in queries:
                    started = time.perf_counter()
                    search(ws, query, mode=mode, embedder=model)
                    times.append((time.perf_counter() - started) * 1000)
                row[f"{mode}_p50_ms"] = round(statistics.median(times), 1)
                row[f"{mode}_p95_ms"] = round(pct(times, 0.95), 1)
                row[f"{mode}_max_ms"] = round(max(times), 1)
            row["search_process_rss_mb"] = (
                0 if args.precomputed else search_process_rss(ws.root, queries[2])
            )
            if size == 10000 and not args.precomputed:
                cli = str(Path(sys.executable).parent / "memstrata")
                walls = {}
                for mode in ("hybrid", "lexical"):
                    runs = []
                    for _ in range(5):
                        started = time.perf_counter()
                        subprocess.run(
                            [
                                cli,
                                "-w",
                                str(ws.root),
                                "search",
                                queries[1],
                                "--mode",
                                mode,
                                "--json",
                            ],
                            check=True,
                            stdout=subprocess.DEVNULL,
                            env={**os.environ, "MEMSTRATA_EMBEDDER": "use"},
                        )
                        runs.append((time.perf_counter() - started) * 1000)
                    walls[mode] = round(statistics.median(runs))
                report["cli_wall_ms"] = {"chunks": chunks, **walls}
            if files >= 10000 and not args.precomputed:
                target = next((ws.root / "memory").iterdir())
                target.write_text(
                    target.read_text(encoding="utf-8") + "\n## [coder] 新增\n- 新的一条 edit\n",
                    encoding="utf-8",
                )
                started = time.perf_counter()
                stats = real.sync()
                report["incremental"] = {
                    "files": files,
                    "sync_ms": round((time.perf_counter() - started) * 1000, 1),
                    "changed": stats.changed,
                    "embedded": stats.embedded,
                }
            report["search"].append(row)
            print(
                f"{chunks} chunks: hybrid p50 {row['hybrid_p50_ms']} ms / p95 {row['hybrid_p95_ms']} ms, "
                f"lexical p95 {row['lexical_p95_ms']} ms, vector p95 {row['vector_p95_ms']} ms, "
                f"searching process RSS {row['search_process_rss_mb']} MB"
            )
            shutil.rmtree(ws.root, ignore_errors=True)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    cols = [
        "chunks",
        "files",
        "lexical_build_s",
        "hybrid_p50_ms",
        "hybrid_p95_ms",
        "lexical_p50_ms",
        "lexical_p95_ms",
        "vector_p50_ms",
        "vector_p95_ms",
        "hybrid_max_ms",
        "search_process_rss_mb",
    ]
    print()
    print(recall_table("Warm in-process search (query embedding included)", report["search"], cols))
    print(f"incremental sync: {report.get('incremental')}")
    print(f"CLI wall time of memstrata search: {report.get('cli_wall_ms')}")
    print(f"wrote {write_results('latency', report)}")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "src"))
    main()
