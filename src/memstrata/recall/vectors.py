"""Exact vector search over the index's embeddings with numpy.

The matrix of every chunk vector is loaded once per process and kept until the index's
generation counter moves, so a long-running server does not reload every vector per query
(OpenClaw's fallback did, and ran out of memory). Exact dot products over float32 stay fast
enough at 100k chunks on any Python, with no SQLite extension.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

_CACHE: dict[tuple[str, str], VectorMatrix] = {}


@dataclass
class VectorMatrix:
    """Chunk ids and their vectors (rows aligned) for one model at one index generation."""

    generation: str
    ids: Any  # np.ndarray[int64], ascending
    matrix: Any  # np.ndarray[float32], shape (n, dim)
    roles: Any  # np.ndarray[str], the role of each row (for session masks without SQL)

    def top(self, query: Any, allowed: Any | None, count: int) -> list[tuple[int, float]]:
        """(chunk id, cosine) of the ``count`` best rows, restricted to the ``allowed`` mask."""
        import numpy as np

        if len(self.ids) == 0:
            return []
        scores = self.matrix @ query.astype(np.float32)
        if allowed is not None:
            scores = np.where(allowed, scores, -np.inf)
        count = min(count, len(scores))
        best = np.argpartition(-scores, count - 1)[:count]
        best = best[np.argsort(-scores[best])]
        return [(int(self.ids[i]), float(scores[i])) for i in best if np.isfinite(scores[i])]


def load_matrix(
    conn: sqlite3.Connection, db_path: str, model: str, generation: str
) -> VectorMatrix:
    """The cached matrix for ``model``, reloaded only when the index generation changed."""
    import numpy as np

    key = (db_path, model)
    cached = _CACHE.get(key)
    if cached is not None and cached.generation == generation:
        return cached
    rows = conn.execute(
        "SELECT c.id, c.role, e.vector FROM chunks c JOIN embeddings e"
        " ON e.text_hash = c.text_hash AND e.model = ? ORDER BY c.id",
        (model,),
    ).fetchall()
    if rows:
        ids = np.fromiter((row[0] for row in rows), dtype=np.int64, count=len(rows))
        roles = np.array([row[1] for row in rows])
        blob = b"".join(row[2] for row in rows)
        matrix = np.frombuffer(blob, dtype=np.float32).reshape(len(rows), -1).copy()
    else:
        ids, roles = np.zeros(0, dtype=np.int64), np.zeros(0, dtype=str)
        matrix = np.zeros((0, 1), dtype=np.float32)
    _CACHE[key] = VectorMatrix(generation, ids, matrix, roles)
    return _CACHE[key]
