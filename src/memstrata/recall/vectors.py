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


def forget(db_path: str) -> None:
    """Drop the cached matrices of one index file (it was replaced or found damaged)."""
    for key in [k for k in _CACHE if k[0] == db_path]:
        del _CACHE[key]


def load_matrix(
    conn: sqlite3.Connection, db_path: str, model: str, generation: str
) -> VectorMatrix:
    """The cached matrix for ``model``, reloaded only when the index generation changed."""

    key = (db_path, model)
    cached = _CACHE.get(key)
    if cached is not None and cached.generation == generation:
        return cached
    # One read transaction: the count, the rows and the generation they belong to come from the
    # same snapshot even while other processes commit (a 4-agent test caught rows arriving
    # between a separate COUNT and SELECT).
    owns = not conn.in_transaction
    if owns:
        conn.execute("BEGIN")
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()
        generation = row[0] if row else generation
        ids, roles, matrix = _read_rows(conn, model)
    finally:
        if owns:
            conn.execute("COMMIT")
    _CACHE[key] = VectorMatrix(generation, ids, matrix, roles)
    return _CACHE[key]


def _read_rows(conn: sqlite3.Connection, model: str) -> tuple[Any, Any, Any]:
    """Stream rows into preallocated arrays: building the matrix from a list of row tuples and a
    joined bytes object tripled the peak memory at 100k chunks."""
    import numpy as np

    count = conn.execute(
        "SELECT COUNT(*) FROM chunks c JOIN embeddings e ON e.text_hash = c.text_hash AND e.model = ?",
        (model,),
    ).fetchone()[0]
    cursor = conn.execute(
        "SELECT c.id, c.role, e.vector FROM chunks c JOIN embeddings e"
        " ON e.text_hash = c.text_hash AND e.model = ? ORDER BY c.id",
        (model,),
    )
    ids = np.zeros(count, dtype=np.int64)
    roles = np.empty(count, dtype=object)
    matrix = np.zeros((count, 1), dtype=np.float32)
    filled = 0
    while filled < count:
        batch = cursor.fetchmany(4096)
        if not batch:
            break
        if filled == 0:
            matrix = np.zeros((count, len(batch[0][2]) // 4), dtype=np.float32)
        for offset, (chunk_id, role, vector) in enumerate(batch):
            ids[filled + offset] = chunk_id
            roles[filled + offset] = role
            matrix[filled + offset] = np.frombuffer(vector, dtype=np.float32)
        filled += len(batch)
    return ids[:filled], roles[:filled].astype(str), matrix[:filled]
