"""The queries search makes of the SQLite index (recall/store.py's SqliteIndex answers with
these): FTS5 BM25 under filters, document counts, chunk rows, section units, and the numpy
vector matrix with its filter mask.

A lexical query arrives as phrases (recall/index.py) and is written as one FTS5 MATCH
expression in the same order, so BM25 sums its phrases exactly as before the seam existed.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from memstrata.recall.index import ChunkFilter, ChunkRow, Phrase
from memstrata.recall.ranking import vectors_of
from memstrata.recall.vectors import VectorMatrix
from memstrata.text.tokenize import fts_query


def match_expression(phrases: list[Phrase]) -> str:
    """The FTS5 MATCH expression of ``phrases`` (OR), each in its columns."""
    return " OR ".join(
        fts_query([p.text], "{context body}" if p.field == "words" else "grams") for p in phrases
    )


def where_sql(where: ChunkFilter) -> tuple[str, list[Any], str, list[Any]]:
    """SQL for the role rule plus the other filters, and for the other filters alone."""
    role_clauses: list[str] = []
    role_params: list[Any] = []
    if where.include:
        role_clauses.append(f"c.role IN ({','.join('?' * len(where.include))})")
        role_params.extend(where.include)
    if where.exclude:
        role_clauses.append(f"c.role NOT IN ({','.join('?' * len(where.exclude))})")
        role_params.extend(where.exclude)
    clauses: list[str] = []
    params: list[Any] = []
    # A chunk dated by month (a USER.md bullet "[2026-09]") counts for every day of it: the
    # bound is cut to the chunk's precision ("2026-09-01" -> "2026-09"; as text, "2026-09" sorts
    # before "2026-09-01", so --since 2026-09-01 dropped September's bullets).
    if where.since:
        clauses.append("c.date != '' AND c.date >= substr(?, 1, length(c.date))")
        params.append(where.since)
    if where.until:
        clauses.append("c.date != '' AND c.date <= substr(?, 1, length(c.date))")
        params.append(where.until)
    if where.agent:
        clauses.append("c.agent = ?")
        params.append(where.agent)
    if where.path_glob:
        clauses.append("c.path GLOB ?")
        params.append(where.path_glob)
    other = " AND ".join(clauses) or "1"
    return " AND ".join([*role_clauses, other]), [*role_params, *params], other, params


def lexical(
    conn: sqlite3.Connection,
    phrases: list[Phrase],
    where: ChunkFilter,
    limit: int,
    heading_weight: float,
    gram_weight: float,
) -> dict[int, float]:
    """BM25 (higher is better) of the best chunks matching any phrase under the filter."""
    if not phrases:
        return {}
    clause, params, _other, _other_params = where_sql(where)
    rows = conn.execute(
        "SELECT c.id, -bm25(chunks_fts, ?, 1.0, ?) AS s FROM chunks_fts"
        f" JOIN chunks c ON c.id = chunks_fts.rowid WHERE chunks_fts MATCH ? AND {clause}"
        " ORDER BY s DESC LIMIT ?",
        [heading_weight, gram_weight, match_expression(phrases), *params, limit],
    ).fetchall()
    return {chunk_id: max(score, 0.0) for chunk_id, score in rows}


def document_count(conn: sqlite3.Connection, phrases: list[Phrase]) -> int:
    """Chunks matching any of the phrases; all chunks for none."""
    if not phrases:
        return int(conn.execute("SELECT COUNT(*) FROM chunks").fetchone()[0])
    return int(
        conn.execute(
            "SELECT COUNT(*) FROM chunks_fts WHERE chunks_fts MATCH ?",
            (match_expression(phrases),),
        ).fetchone()[0]
    )


def chunks(conn: sqlite3.Connection, ids: list[int]) -> list[ChunkRow]:
    return conn.execute(
        "SELECT id, path, start_line, end_line, role, entry_id, date, text, heading FROM chunks"
        f" WHERE id IN ({','.join('?' * len(ids))})",
        ids,
    ).fetchall()


def section_units(conn: sqlite3.Connection, path: str, heading: str) -> list[tuple[int, int, int]]:
    return conn.execute(
        "SELECT id, start_line, end_line FROM chunks WHERE path = ? AND heading = ?"
        " ORDER BY start_line",
        (path, heading),
    ).fetchall()


def file_units(conn: sqlite3.Connection, path: str) -> list[tuple[int, int, int, str]]:
    return conn.execute(
        "SELECT id, start_line, end_line, entry_id FROM chunks WHERE path = ? ORDER BY start_line",
        (path,),
    ).fetchall()


def allowed_mask(conn: sqlite3.Connection, matrix: VectorMatrix, where: ChunkFilter) -> Any | None:
    """Row mask for the vector search: roles in numpy, the rarer filters through SQL."""
    import numpy as np

    mask = None
    if where.include:
        mask = np.isin(matrix.roles, list(where.include))
    if where.exclude:
        keep = ~np.isin(matrix.roles, list(where.exclude))
        mask = keep if mask is None else mask & keep
    _clause, _params, other, other_params = where_sql(where)
    if other != "1":
        allowed = np.fromiter(
            (
                row[0]
                for row in conn.execute(f"SELECT c.id FROM chunks c WHERE {other}", other_params)
            ),
            dtype=np.int64,
        )
        keep = np.isin(matrix.ids, allowed)
        mask = keep if mask is None else mask & keep
    return mask


@dataclass
class MatrixSide:
    """The numpy matrix (recall/vectors.py) as a VectorSide: exact search in this process."""

    matrix: VectorMatrix
    mask: Any | None

    def __len__(self) -> int:
        return len(self.matrix.ids)

    def top(self, query: Any, limit: int) -> list[tuple[int, float]]:
        return self.matrix.top(query, self.mask, limit)

    def scores(self, query: Any, ids: list[int]) -> dict[int, float]:
        """Exact cosine for the given chunks (lexical candidates the top list missed)."""
        import numpy as np

        matrix = self.matrix
        out: dict[int, float] = {}
        if not ids or not len(matrix.ids):
            return out
        positions = np.searchsorted(matrix.ids, ids)
        for cid, position in zip(ids, positions, strict=True):
            if position < len(matrix.ids) and matrix.ids[position] == cid:
                out[cid] = float(matrix.matrix[position] @ query)
        return out

    def vectors(self, ids: list[int]) -> dict[int, Any]:
        return vectors_of(self.matrix, ids)
