"""Exact vector search over the index's embeddings with numpy.

The matrix of every chunk vector is kept per process until the index's vector version moves
(the generation of the last change to which chunks have which vectors: a commit of new,
unembedded chunks leaves it), so a long-running server does not reload every vector per query
(OpenClaw's fallback did, and ran out of memory). When it moves, only the rows that changed are read:
a chunk id keeps its text for life (re-indexing a file inserts new ids), so rows whose
(id, text hash) are unchanged are copied from the old matrix, and the background embedder's
batches cost a small read each instead of a full reload.

The matrix is held as float16 (half the memory of float32: 1 KB per 512-d vector) and scored in
blocks converted to float32, because numpy has no fast half-precision matrix product. The
index file keeps float32, so the cached embeddings stay exact and the format is unchanged.
``benchmarks/locomo.py --vector-dtype`` compares both on the public sets.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

_CACHE: dict[tuple[str, str], VectorMatrix] = {}
STORAGE_DTYPE = "float16"  # of the in-memory matrix; "float32" for comparison runs
BLOCK_ROWS = 16384  # rows converted to float32 at a time while scoring (32 MB at 512-d)


@dataclass
class VectorMatrix:
    """Chunk ids and their vectors (rows aligned) for one model at one index generation."""

    generation: str
    ids: Any  # np.ndarray[int64], ascending
    matrix: Any  # np.ndarray[float16 | float32], shape (n, dim)
    roles: Any  # np.ndarray[str], the role of each row (for session masks without SQL)
    digests: Any = None  # np.ndarray[int64]: the first 64 bits of each row's text hash
    rows: str = ""  # the index's ``rows`` version when read (store.SqliteIndex._may_lag)

    def scores(self, query: Any) -> Any:
        """Cosine of every row with ``query`` (float32)."""
        import numpy as np

        query = query.astype(np.float32)
        if self.matrix.dtype == np.float32:
            return self.matrix @ query
        out = np.empty(len(self.matrix), dtype=np.float32)
        for start in range(0, len(self.matrix), BLOCK_ROWS):
            block = self.matrix[start : start + BLOCK_ROWS].astype(np.float32)
            out[start : start + len(block)] = block @ query
        return out

    def top(self, query: Any, allowed: Any | None, count: int) -> list[tuple[int, float]]:
        """(chunk id, cosine) of the ``count`` best rows, restricted to the ``allowed`` mask."""
        import numpy as np

        if len(self.ids) == 0:
            return []
        scores = self.scores(query)
        if allowed is not None:
            scores = np.where(allowed, scores, -np.inf)
        count = min(count, len(scores))
        best = np.argpartition(-scores, count - 1)[:count]
        best = best[np.argsort(-scores[best])]
        return [(int(self.ids[i]), float(scores[i])) for i in best if np.isfinite(scores[i])]

    @property
    def nbytes(self) -> int:
        return int(self.matrix.nbytes + self.ids.nbytes)


def cached_matrix(db_path: str, model: str) -> VectorMatrix | None:
    """This process's matrix of ``model`` for the index file, as last read (or None)."""
    return _CACHE.get((db_path, model))


def forget(db_path: str) -> None:
    """Drop the cached matrices of one index file (it was replaced or found damaged)."""
    for key in [k for k in _CACHE if k[0] == db_path]:
        del _CACHE[key]


def load_matrix(
    conn: sqlite3.Connection, db_path: str, model: str, generation: str
) -> VectorMatrix:
    """The cached matrix for ``model``, brought up to date when the index's vector version
    (``generation``: meta ``vectors``, or ``generation`` where an index has none yet) moved."""

    key = (db_path, model)
    cached = _CACHE.get(key)
    if cached is not None and cached.generation == generation:
        return cached
    # One read transaction: the listing, the rows and the generation they belong to come from
    # the same snapshot even while other processes commit (a 4-agent test caught rows arriving
    # between a separate COUNT and SELECT).
    owns = not conn.in_transaction
    if owns:
        conn.execute("BEGIN")
    try:
        versions = dict(
            conn.execute(
                "SELECT key, value FROM meta WHERE key IN ('generation', 'vectors', 'rows')"
            )
        )
        generation = str(versions.get("vectors") or versions.get("generation") or generation)
        if cached is not None and cached.generation == generation:
            return cached
        _CACHE[key] = _read_rows(conn, model, generation, cached)
        _CACHE[key].rows = str(versions.get("rows") or "")
    finally:
        if owns:
            conn.execute("COMMIT")
    return _CACHE[key]


def _digest(text_hash: str) -> int:
    return int(text_hash[:16], 16) - (1 << 63)  # fits int64


def _read_rows(
    conn: sqlite3.Connection, model: str, generation: str, old: VectorMatrix | None
) -> VectorMatrix:
    """List (id, role, hash) of every embedded chunk, copy unchanged rows from ``old`` and read
    the vectors of the others into preallocated arrays (building from a list of tuples tripled
    the peak memory at 100k chunks)."""
    import numpy as np

    listing = conn.execute(
        "SELECT c.id, c.role, c.text_hash FROM chunks c JOIN embeddings e"
        " ON e.text_hash = c.text_hash AND e.model = ? ORDER BY c.id",
        (model,),
    ).fetchall()
    count = len(listing)
    ids = np.fromiter((row[0] for row in listing), dtype=np.int64, count=count)
    roles = np.array([row[1] for row in listing], dtype=str) if count else np.array([], dtype=str)
    digests = np.fromiter((_digest(row[2]) for row in listing), dtype=np.int64, count=count)
    dtype = np.dtype(STORAGE_DTYPE)
    reuse = np.zeros(count, dtype=bool)
    source = np.zeros(count, dtype=np.int64)
    dim = 0
    if old is not None and len(old.ids) and old.digests is not None and old.matrix.dtype == dtype:
        dim = old.matrix.shape[1]
        positions = np.minimum(np.searchsorted(old.ids, ids), len(old.ids) - 1)
        reuse = (old.ids[positions] == ids) & (old.digests[positions] == digests)
        source = positions
    missing = [listing[i][2] for i in np.flatnonzero(~reuse)]
    vectors: dict[str, bytes] = {}
    for start in range(0, len(missing), 500):
        part = sorted(set(missing[start : start + 500]))
        for text_hash, blob in conn.execute(
            f"SELECT text_hash, vector FROM embeddings WHERE model = ? AND text_hash IN"
            f" ({','.join('?' * len(part))})",
            (model, *part),
        ):
            vectors[text_hash] = blob
    if not dim and vectors:
        dim = len(next(iter(vectors.values()))) // 4
    matrix = np.zeros((count, max(dim, 1)), dtype=dtype)
    if old is not None and reuse.any():
        matrix[reuse] = old.matrix[source[reuse]]
    keep = reuse.copy()
    for i in np.flatnonzero(~reuse):
        blob = vectors.get(listing[i][2])
        if blob is not None and len(blob) == dim * 4:
            matrix[i] = np.frombuffer(blob, dtype=np.float32)
            keep[i] = True
    if not keep.all():  # an embedding replaced between the listing and the read
        ids, roles, digests, matrix = ids[keep], roles[keep], digests[keep], matrix[keep]
    return VectorMatrix(generation, ids, matrix, roles, digests)
