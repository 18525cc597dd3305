"""Shared helpers for the retrieval benchmarks: throw-away workspaces, a query-embedding cache
so the three modes see identical vectors, metric tables and JSON results."""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = ROOT.parent / "shared" / "data"
RESULTS = Path(__file__).parent / "results"
MODES = ("hybrid", "lexical", "vector")

sys.path.insert(0, str(ROOT / "src"))


class CachedEmbedder:
    """Wraps an embedder so each mode pays the same cost once: single-query vectors are kept in
    memory, and every vector in ``benchmarks/results/embeddings.sqlite`` (by model and text)
    unless ``MEMSTRATA_BENCH_NO_CACHE=1`` (set it for timing runs: ``embed_s`` then measures
    the model, not the cache)."""

    def __init__(self, inner: Any):
        import os
        import sqlite3

        self.inner = inner
        self.name = inner.name
        self.dim = inner.dim
        self.db: Any = None
        if os.environ.get("MEMSTRATA_BENCH_NO_CACHE") != "1":
            RESULTS.mkdir(exist_ok=True)
            self.db = sqlite3.connect(RESULTS / "embeddings.sqlite")
            self.db.execute(
                "CREATE TABLE IF NOT EXISTS v(model TEXT, text TEXT, vector BLOB,"
                " PRIMARY KEY(model, text))"
            )
        self._one = lru_cache(maxsize=100_000)(lambda text: self._embed([text])[0])

    def _embed(self, texts: list[str]) -> Any:
        import numpy as np

        if self.db is None:
            return self.inner.embed(texts)
        found: dict[str, Any] = {}
        for start in range(0, len(texts), 500):
            part = texts[start : start + 500]
            rows = self.db.execute(
                f"SELECT text, vector FROM v WHERE model = ? AND text IN ({','.join('?' * len(part))})",
                [self.name, *part],
            )
            found.update((text, np.frombuffer(blob, dtype=np.float32)) for text, blob in rows)
        missing = list(dict.fromkeys(t for t in texts if t not in found))
        if missing:
            vectors = self.inner.embed(missing)
            self.db.executemany(
                "INSERT OR REPLACE INTO v VALUES (?, ?, ?)",
                [
                    (self.name, t, v.astype(np.float32).tobytes())
                    for t, v in zip(missing, vectors, strict=True)
                ],
            )
            self.db.commit()
            found.update(zip(missing, vectors, strict=True))
        return np.asarray([found[t] for t in texts], dtype=np.float32)

    def embed(self, texts: list[str]) -> Any:
        import numpy as np

        if len(texts) == 1:
            return np.asarray([self._one(texts[0])])
        return self._embed(texts)


def add_dtype_argument(parser: Any) -> None:
    """``--vector-dtype``: the service keeps vectors as float16; 'both' proves recall unchanged."""
    parser.add_argument(
        "--vector-dtype",
        choices=("float16", "float32", "both"),
        default="float16",
        help="in-memory vector matrix; 'both' scores every query with each on the same index",
    )


def dtype_systems(choice: str) -> list[str]:
    """The search modes to score, suffixed ``/float16`` and ``/float32`` when both are compared."""
    if choice != "both":
        return list(MODES)
    return [f"{mode}/{dtype}" for mode in MODES for dtype in ("float16", "float32")]


def use_system(system: str) -> str:
    """Switch the in-memory matrix to ``system``'s dtype (if it names one); return the mode."""
    from memstrata.recall import vectors

    mode, _, dtype = system.partition("/")
    if dtype and dtype != vectors.STORAGE_DTYPE:
        vectors.STORAGE_DTYPE = dtype
        vectors._CACHE.clear()
    return mode


def make_embedder(kind: str) -> Any:
    from memstrata.core.config import SearchSettings
    from memstrata.providers.embedders import build_embedder

    return CachedEmbedder(build_embedder(SearchSettings(embedder=kind)))  # type: ignore[arg-type]


def parse_overrides(pairs: list[str]) -> dict[str, Any]:
    """``--set near_tie=0.05`` style search-setting overrides (numbers parsed)."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        if value in ("true", "false"):
            out[key] = value == "true"
            continue
        try:
            out[key] = float(value) if "." in value else int(value)
        except ValueError:
            out[key] = value
    return out


def build_workspace(
    files: dict[str, str],
    embedder: Any,
    root: Path | None = None,
    search: dict[str, Any] | None = None,
) -> tuple[Any, dict[str, float]]:
    """A workspace holding ``files``, indexed (text first, then vectors), with timings.

    ``search`` settings are written to its memstrata.toml [search] table, as a user would.
    """
    from memstrata.core.initialize import init_workspace
    from memstrata.core.workspace import Workspace
    from memstrata.recall.index import open_index

    root = root or Path(tempfile.mkdtemp(prefix="memstrata-bench-")) / "ws"
    ws = init_workspace(root, preset="openclaw", lang="en").workspace
    if search:
        config = ws.root / "memstrata.toml"
        lines = [f"{key} = {json.dumps(value)}" for key, value in search.items()]
        config.write_text(config.read_text() + "\n[search]\n" + "\n".join(lines) + "\n")
        ws = Workspace.open(ws.root)
    for rel, text in files.items():
        path = ws.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    lexical, lexical_s, vectors, embed_s = timed_index(open_index(ws, embedder))
    return ws, {
        "chunks": lexical.chunks_added,
        "lexical_index_s": round(lexical_s, 2),
        "embed_s": round(embed_s, 2),
        "embedded": vectors.embedded,
    }


def timed_index(index: Any) -> tuple[Any, float, Any, float]:
    """Index text first (searchable at once), then embed; the stats and seconds of each."""
    started = time.perf_counter()
    lexical = index.sync(embed=False)
    lexical_s = time.perf_counter() - started
    started = time.perf_counter()
    vectors = index.sync(embed=True)
    return lexical, lexical_s, vectors, time.perf_counter() - started


def recall_table(title: str, rows: list[dict[str, Any]], columns: list[str]) -> str:
    widths = {c: max(len(c), *(len(_fmt(r.get(c))) for r in rows)) for c in columns}
    out = [title, "  ".join(c.ljust(widths[c]) for c in columns)]
    out.extend("  ".join(_fmt(r.get(c)).ljust(widths[c]) for c in columns) for r in rows)
    return "\n".join(out)


def _fmt(value: Any) -> str:
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def write_results(name: str, payload: dict[str, Any]) -> Path:
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(payload, indent=2, ensure_ascii=False))
    return path


def mean(values: Iterable[float]) -> float:
    values = list(values)
    return sum(values) / len(values) if values else 0.0


def rank_metrics(ranks: list[int | None]) -> dict[str, float]:
    """R@1/5/10 and MRR of 0-based ranks (None: not found in the results)."""
    return {
        "R@1": mean(float(r is not None and r < 1) for r in ranks),
        "R@5": mean(float(r is not None and r < 5) for r in ranks),
        "R@10": mean(float(r is not None and r < 10) for r in ranks),
        "MRR": mean(1.0 / (r + 1) if r is not None else 0.0 for r in ranks),
    }


def timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    started = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - started


def top_turns(results: list[Any], turns: set[tuple[str, int]], k: int) -> list[tuple[str, int]]:
    """The first ``k`` turns shown, one result after another (each result's turns in line
    order): like with like against an index of one turn per document, whatever a result spans.
    """
    shown: list[tuple[str, int]] = []
    for hit in results:
        for line in range(hit.start_line, hit.end_line + 1):
            if (hit.path, line) in turns and (hit.path, line) not in shown:
                shown.append((hit.path, line))
                if len(shown) == k:
                    return shown
    return shown


def turn_scores(
    results: list[Any], turns: set[tuple[str, int]], gold: set[tuple[str, int]], k: int
) -> tuple[float, float]:
    """(any gold turn among the top k turns, share of the gold turns among them)."""
    shown = set(top_turns(results, turns, k))
    found = len(shown & gold)
    return float(found > 0), found / len(gold) if gold else 0.0


class TurnBM25:
    """The baseline: plain BM25 (SQLite FTS5, porter stemming) with one turn per document, over
    the same turns and with the same OR-of-words query a benchmark gives memstrata."""

    def __init__(self, docs: dict[tuple[str, int], str]):
        import sqlite3

        self.conn = sqlite3.connect(":memory:")
        self.conn.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize='porter unicode61')")
        self.keys = list(docs)
        self.conn.executemany(
            "INSERT INTO t(rowid, body) VALUES (?, ?)",
            [(number, docs[key]) for number, key in enumerate(self.keys)],
        )

    def search(self, query: str, k: int) -> list[tuple[str, int]]:
        import re

        words = {w.lower() for w in re.findall(r"[A-Za-z0-9]+", query)}
        words -= _STOP
        if not words:
            return []
        expression = " OR ".join(f'"{w}"' for w in sorted(words))
        rows = self.conn.execute(
            "SELECT rowid FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT ?", (expression, k)
        ).fetchall()
        return [self.keys[row[0]] for row in rows]


_STOP_WORDS = "a an and are as at be but by did do does for from had has have how i in is it of on or that the their they this to was were what when where which who why will with you"
_STOP = frozenset(_STOP_WORDS.split())
