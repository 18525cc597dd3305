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
    """Wraps an embedder; remembers single-query vectors so each mode pays the same cost once."""

    def __init__(self, inner: Any):
        self.inner = inner
        self.name = inner.name
        self.dim = inner.dim
        self._one = lru_cache(maxsize=100_000)(lambda text: inner.embed([text])[0])

    def embed(self, texts: list[str]) -> Any:
        import numpy as np

        if len(texts) == 1:
            return np.asarray([self._one(texts[0])])
        return self.inner.embed(texts)


def make_embedder(kind: str) -> Any:
    from memstrata.core.config import SearchSettings
    from memstrata.providers.embedders import build_embedder

    return CachedEmbedder(build_embedder(SearchSettings(embedder=kind)))  # type: ignore[arg-type]


def parse_overrides(pairs: list[str]) -> dict[str, Any]:
    """``--set near_tie=0.05`` style search-setting overrides (numbers parsed)."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
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
    from memstrata.recall.store import Index

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
    lexical, lexical_s, vectors, embed_s = timed_index(Index(ws, embedder))
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


def timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    started = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - started
