"""The SQL of the team index's queries (team/index.py runs them): filters, BM25 as FTS5 computes
it, and the nearest vectors; plus pgvector as search's ``VectorSide``.

BM25 (FTS5's ``bm25()``): for each phrase i of the query, ``idf_i * f_i * (k1 + 1) / (f_i + k1 *
(1 - b + b * |D| / avgdl))`` summed, with k1 = 1.2, b = 0.75, ``idf = log((N - n + 0.5) / (n +
0.5))`` floored at 1e-6, ``f_i`` the phrase's occurrences weighted by column (heading, body,
grams) and |D| the chunk's tokens in all columns. A one-word phrase reads its per-column counts
from the chunk's ``tf`` JSON; a phrase of several words counts the positions where they stand
in a row (the tsvector keeps positions).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from memstrata.recall.index import ChunkFilter, Phrase

if TYPE_CHECKING:
    from memstrata.team.index import PostgresIndex

K1, B = 1.2, 0.75  # FTS5's bm25() constants
# Per process: how many chunks have a vector, per (index, generation, model).
_SIZES: dict[tuple[str, str, str], int] = {}


def glob_regex(pattern: str) -> str:
    """SQLite GLOB (``*``, ``?``, ``[...]``, ``[^...]``; case-sensitive) as a POSIX regex."""
    out, i = ["^"], 0
    while i < len(pattern):
        char = pattern[i]
        if char == "*":
            out.append(".*")
        elif char == "?":
            out.append(".")
        elif char == "[" and "]" in pattern[i + 2 :]:
            end = pattern.index("]", i + 2)
            body = pattern[i + 1 : end]
            negate = body.startswith("^")
            body = body[1:] if negate else body
            out.append("[" + ("^" if negate else "") + body.replace("\\", "\\\\") + "]")
            i = end
        else:
            out.append(re.escape(char))
        i += 1
    return "".join(out) + "$"


def filter_sql(where: ChunkFilter) -> tuple[str, list[Any]]:
    """The filter as SQL on ``c`` (memstrata_chunks)."""
    clauses: list[str] = []
    params: list[Any] = []
    if where.include:
        clauses.append("c.role = ANY(%s)")
        params.append(list(where.include))
    if where.exclude:
        clauses.append("NOT (c.role = ANY(%s))")
        params.append(list(where.exclude))
    if where.since:
        # by month for a month-dated chunk, as recall/sqlite_query.py
        clauses.append("c.date <> '' AND c.date >= substr(%s, 1, length(c.date))")
        params.append(where.since)
    if where.until:
        clauses.append("c.date <> '' AND c.date <= substr(%s, 1, length(c.date))")
        params.append(where.until)
    if where.agent:
        clauses.append("c.agent = %s")
        params.append(where.agent)
    if where.path_glob:
        clauses.append("c.path ~ %s")
        params.append(glob_regex(where.path_glob))
    return " AND ".join(clauses) or "true", params


@dataclass
class Bm25Query:
    """A lexical query, ready for SQL: (phrase, its lexemes, its tsquery) for each phrase that
    has lexemes, the chunks matching each tsquery, and the collection's size and mean length."""

    parsed: list[tuple[Phrase, list[str], str]]
    counts: dict[str, int]
    total: int
    average: float
    heading_weight: float
    gram_weight: float


def _frequency(
    query: Bm25Query, phrase: Phrase, words: list[str], tsquery: str
) -> tuple[str, list]:
    """SQL for the phrase's weighted occurrences in chunk ``c``."""
    if len(words) == 1 and phrase.field == "words":
        sql = "(coalesce((c.tf->%s->>0)::float8, 0) * %s + coalesce((c.tf->%s->>1)::float8, 0))"
        return sql, [words[0], query.heading_weight, words[0]]
    if len(words) == 1:
        return "coalesce((c.tf->%s->>2)::float8, 0) * %s", [words[0], query.gram_weight]
    follow = "".join(
        " AND EXISTS (SELECT 1 FROM unnest(c.tsv) n WHERE n.lexeme = %s"
        f" AND u.p + {k} = ANY(n.positions))"
        for k in range(1, len(words))
    )
    sql = (
        "CASE WHEN c.tsv @@ %s::tsquery THEN (SELECT coalesce(sum(CASE u.w"
        " WHEN 'A' THEN %s WHEN 'B' THEN 1.0 ELSE %s END), 0)"
        " FROM unnest(c.tsv) t, unnest(t.positions, t.weights) AS u(p, w)"
        f" WHERE t.lexeme = %s AND u.w = ANY(%s){follow}) ELSE 0 END"
    )
    weights = ["A", "B"] if phrase.field == "words" else ["C"]
    return sql, [
        tsquery,
        query.heading_weight,
        query.gram_weight,
        words[0],
        weights,
        *words[1:],
    ]


def bm25_sql(
    query: Bm25Query, workspace: str, where: ChunkFilter, limit: int
) -> tuple[str, list[Any]]:
    """(id, BM25) of the ``limit`` best chunks matching any phrase under the filter."""
    freqs: list[str] = []
    terms: list[str] = []
    params: list[Any] = []
    for i, (phrase, words, tsquery) in enumerate(query.parsed):
        frequency, frequency_params = _frequency(query, phrase, words, tsquery)
        freqs.append(f"{frequency} AS f{i}")
        params += frequency_params
        n = query.counts[tsquery]
        idf = math.log((query.total - n + 0.5) / (n + 0.5)) if query.total else 0.0
        idf = idf if idf > 0 else 1e-6
        terms.append(f"{idf!r} * f.f{i} * {K1 + 1} / (f.f{i} + k.k)")
    clause, filter_params = filter_sql(where)
    sql = (
        f"SELECT c.id, {' + '.join(terms)} AS score FROM memstrata_chunks c"
        f" CROSS JOIN LATERAL (SELECT {', '.join(freqs)}) f"
        f" CROSS JOIN LATERAL (SELECT {K1} * ({1 - B} + {B} * c.length / %s::float8)) k(k)"
        f" WHERE c.workspace = %s AND c.tsv @@ %s::tsquery AND {clause}"
        " ORDER BY score DESC, c.id LIMIT %s"
    )
    everything = " | ".join(f"({q})" for _p, _l, q in query.parsed)
    return sql, [
        *params,
        max(query.average, 1e-9),
        workspace,
        everything,
        *filter_params,
        limit,
    ]


def nearest_sql(
    vector: Any, workspace: str, model: str, where: ChunkFilter, limit: int
) -> tuple[str, list[Any]]:
    """(id, inner product) of the nearest chunks; the expression is the one the per-size HNSW
    index is built on, so the planner can use it."""
    dims = len(vector)
    clause, params = filter_sql(where)
    distance = f"c.embedding::vector({dims}) <#> %s::vector({dims})"
    sql = (
        f"SELECT c.id, -({distance}) FROM memstrata_chunks c WHERE c.workspace = %s"
        f" AND c.model = %s AND c.dims = {dims} AND {clause} ORDER BY {distance} LIMIT %s"
    )
    return sql, [vector, workspace, model, *params, vector, limit]


@dataclass
class PgVectors:
    """pgvector as a VectorSide: inner product of unit vectors, exact or through HNSW."""

    index: PostgresIndex
    model: str
    where: ChunkFilter

    def __len__(self) -> int:
        key = (self.index.cache_key, self.index.generation(), self.model)
        if key not in _SIZES:
            _SIZES[key] = int(
                self.index._one(
                    "SELECT count(*) FROM memstrata_chunks WHERE workspace = %s AND model = %s",
                    (self.index.workspace, self.model),
                )
            )
        return _SIZES[key]

    def top(self, query: Any, limit: int) -> list[tuple[int, float]]:
        import numpy as np

        found = self.index.nearest(np.asarray(query, np.float32), self.model, self.where, limit)
        return sorted(found, key=lambda row: -row[1])

    def scores(self, query: Any, ids: list[int]) -> dict[int, float]:
        import numpy as np

        if not ids:
            return {}
        rows = self.index._all(
            "SELECT id, -(embedding <#> %s) FROM memstrata_chunks WHERE workspace = %s"
            " AND model = %s AND id = ANY(%s)",
            (np.asarray(query, dtype=np.float32), self.index.workspace, self.model, ids),
        )
        found = {int(cid): float(score) for cid, score in rows}
        return {cid: found[cid] for cid in ids if cid in found}

    def vectors(self, ids: list[int]) -> dict[int, Any]:
        import numpy as np

        if not ids:
            return {}
        rows = self.index._all(
            "SELECT id, embedding FROM memstrata_chunks WHERE workspace = %s AND model = %s"
            " AND id = ANY(%s)",
            (self.index.workspace, self.model, ids),
        )
        return {
            int(cid): np.asarray(getattr(vector, "to_numpy", lambda v=vector: v)(), np.float32)
            for cid, vector in rows
        }
