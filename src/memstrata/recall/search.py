"""Hybrid search: BM25 over Chinese-segmented FTS5 plus exact vector similarity, fused.

This module finds the candidates (FTS5 over each chunk's words, its heading path and, for short
Chinese queries, character pairs; the vector matrix) and shapes the hits; recall/ranking.py
orders them (fusion, intents, diversity, near ties, passages) and recall/rerank.py re-orders
the top of the fused list. When the embedder cannot load or answer, results are lexical and the
response says ``degraded`` with a warning: never silently, never a crash.

Over 500 lines: finding candidates, weighing the query's words (IDF, translations) and shaping
hits all run on one connection with one set of filters; split, one query's path would be spread
over modules that each need all of them.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import asdict, dataclass, field
from datetime import date
from pathlib import Path
from typing import Any, Literal

from memstrata.core.config import SearchSettings
from memstrata.core.permissions import Session, hidden_roles
from memstrata.core.workspace import Workspace
from memstrata.errors import MemstrataError
from memstrata.providers.embedders import Embedder, EmbedderError, workspace_embedder
from memstrata.recall.chunker import ENTRY_ROLES
from memstrata.recall.query import QueryPlan, plan_query
from memstrata.recall.ranking import (
    Candidate,
    Evidence,
    fuse,
    idf,
    newer_first,
    passage_units,
    select,
    vectors_of,
)
from memstrata.recall.rerank import rerank
from memstrata.recall.store import Index
from memstrata.recall.vectors import load_matrix
from memstrata.text.spans import Span
from memstrata.text.tokenize import CJK_RUN, fts_query

MODES = ("hybrid", "lexical", "vector")
_DATE = re.compile(r"^\d{4}-\d{2}(-\d{2})?$")
# Per-process IDF cache: (index path, generation) -> term -> documents containing it.
_DF: dict[tuple[str, str], dict[str, int]] = {}


@dataclass
class SearchFilters:
    """Which chunks may be returned."""

    roles: list[str] | None = None
    since: str | None = None
    until: str | None = None
    agent: str | None = None
    path_glob: str | None = None
    session: Session = field(default_factory=Session)


@dataclass
class SearchHit:
    path: str
    start_line: int
    end_line: int
    score: float
    snippet: str
    role: str
    entry_id: str
    date: str
    cite: str
    # Query words matched (lexical side); not part of the JSON shape: ``warnings`` uses it so
    # one shared word ("write" in "write a poem") is never a pitfall however rare it is here.
    words: int = field(default=0, compare=False, repr=False)

    def as_json(self) -> dict[str, Any]:
        """The documented shape of one hit."""
        data = asdict(self)
        del data["words"]
        return data


@dataclass
class SearchResponse:
    query: str
    mode: str
    degraded: bool
    results: list[SearchHit]
    warnings: list[str] = field(default_factory=list)
    pending_embeddings: int = 0
    labels: list[str] = field(default_factory=list)  # the workspace of each hit (search_many)

    def as_json(self) -> dict[str, Any]:
        """Exactly the documented shape: query, mode, degraded, results (each hit also names
        its ``workspace`` when several were searched)."""
        if self.labels:
            return {
                "query": self.query,
                "mode": self.mode,
                "degraded": self.degraded,
                "results": [
                    hit.as_json() | {"workspace": label}
                    for hit, label in zip(self.results, self.labels, strict=True)
                ],
            }
        return {
            "query": self.query,
            "mode": self.mode,
            "degraded": self.degraded,
            "results": [hit.as_json() for hit in self.results],
        }


def _check_date(value: str | None, flag: str) -> str | None:
    """A YYYY-MM-DD or YYYY-MM date that exists (2026-13-45 is refused, not matched as text)."""
    if value is None:
        return None
    try:
        if not _DATE.match(value):
            raise ValueError
        date.fromisoformat(value if len(value) == 10 else f"{value}-01")
    except ValueError:
        raise MemstrataError(f"{flag} {value[:40]!r} is not a date (YYYY-MM-DD)") from None
    return value


def _check_roles(roles: list[str] | None, ws: Workspace) -> None:
    known = {*ws.layout.roles, "other"}
    unknown = [role for role in roles or [] if role not in known]
    if unknown:
        raise MemstrataError(
            f"unknown role {unknown[0][:40]!r}; this workspace has: {', '.join(sorted(known))}"
        )


def _role_rule(filters: SearchFilters, ws: Workspace) -> tuple[list[str] | None, list[str]]:
    """(roles to include or None for all, roles to exclude) for this query and session."""
    excluded = sorted(hidden_roles(ws.config, filters.session))
    if not filters.roles:
        excluded = sorted({*excluded, "evolution_log"})  # the audit trail repeats every write
    return filters.roles, excluded


def _where(filters: SearchFilters, ws: Workspace) -> tuple[str, list[Any], str, list[Any]]:
    """SQL for the role rule plus the other filters, and for the other filters alone."""
    include, exclude = _role_rule(filters, ws)
    role_clauses, role_params = [], []
    if include:
        role_clauses.append(f"c.role IN ({','.join('?' * len(include))})")
        role_params.extend(include)
    if exclude:
        role_clauses.append(f"c.role NOT IN ({','.join('?' * len(exclude))})")
        role_params.extend(exclude)
    clauses, params = [], []
    if filters.since:
        clauses.append("c.date != '' AND c.date >= ?")
        params.append(filters.since)
    if filters.until:
        clauses.append("c.date != '' AND c.date <= ?")
        params.append(filters.until)
    if filters.agent:
        clauses.append("c.agent = ?")
        params.append(filters.agent)
    if filters.path_glob:
        clauses.append("c.path GLOB ?")
        params.append(filters.path_glob)
    other = " AND ".join(clauses) or "1"
    return " AND ".join([*role_clauses, other]), [*role_params, *params], other, params


def _lexical(
    conn: sqlite3.Connection,
    plan: QueryPlan,
    where: str,
    params: list[Any],
    limit: int,
    settings: SearchSettings,
) -> dict[int, float]:
    """BM25 (higher is better) of the chunks matching any query word or translation (in the
    chunk or its headings; a Chinese one also as its run of character pairs) or, for short
    Chinese queries, any character pair."""
    translated = [w for forms in plan.synonyms.values() for w in forms]
    parts = [_word_expression(word) for word in plan.terms]
    parts += [_word_expression(word, pairs=True) for word in translated]
    if plan.grams:
        parts.append(fts_query(plan.grams, "grams"))
    if not parts:
        return {}
    rows = conn.execute(
        "SELECT c.id, -bm25(chunks_fts, ?, 1.0, ?) AS s FROM chunks_fts"
        f" JOIN chunks c ON c.id = chunks_fts.rowid WHERE chunks_fts MATCH ? AND {where}"
        " ORDER BY s DESC LIMIT ?",
        [settings.heading_weight, settings.gram_weight, " OR ".join(parts), *params, limit],
    ).fetchall()
    return {chunk_id: max(score, 0.0) for chunk_id, score in rows}


# The fewest chunks IDF is computed over (see ``_evidence``); larger indexes are unaffected.
MIN_IDF_DOCUMENTS = 50


def _evidence(
    conn: sqlite3.Connection, index: Index, plan: QueryPlan, settings: SearchSettings
) -> Evidence:
    """What each query word is worth and how it may be matched. Translations are kept only
    when they occur in this index (the most frequent few), and count for at most
    ``translation_credit`` of the word they translate; the word's own weight is its IDF, or,
    when it does not occur here at all (an English word over Chinese memory), the IDF of its
    best translation."""
    counts = _document_counts(conn, index, plan.terms)
    forms: dict[str, dict[str, float]] = {}
    weights: dict[str, float] = {}
    # IDF over a handful of chunks says nothing (a new workspace: 配置 in both of its two chunks
    # weighed 0.18 against 1.8 for a word found nowhere, so the note's own example, a task about
    # 配置 + 提供商 and the principle 配置提供商名不要用 qwen, matched 13 % of the task).
    documents = max(counts[""], MIN_IDF_DOCUMENTS)
    kept: dict[str, list[str]] = {}
    for term in plan.terms:
        found = _document_counts(conn, index, plan.synonyms.get(term, []), translated=True)
        present = sorted(
            (w for w in plan.synonyms.get(term, []) if found[w] > 0), key=lambda w: -found[w]
        )[: settings.max_translations if settings.translation_credit > 0 else 0]
        kept[term] = present
        own = idf(documents, counts[term]) if counts[term] else 0.0
        credits = {w: settings.translation_credit * idf(documents, found[w]) for w in present}
        weight = own or max(credits.values(), default=0.0) or idf(documents, 0)
        forms[term] = {term: own} | {w: min(c, weight) for w, c in credits.items()}
        weights[term] = weight
    plan.synonyms = kept
    grams = _document_counts(conn, index, plan.grams, pairs=True) if plan.grams else {}
    return Evidence(
        forms, weights, {g: idf(documents, grams[g]) for g in plan.grams if grams[g] > 0}
    )


def _word_expression(word: str, pairs: bool = False) -> str:
    """FTS5 expression for one word: the word in a chunk or its headings and, with ``pairs``
    (a Chinese translation, which the segmenter never saw in context), its character pairs in a
    row too: the chunk's text may have been cut elsewhere (先回滚 -> 先回 / 滚). Not for the
    query's own words: their pairs cost 3x the query time on a 10k-chunk index for one dev
    query."""
    expression = fts_query([word], "{context body}")
    if pairs and len(word) >= 2 and CJK_RUN.fullmatch(word):
        run = " ".join(word[i : i + 2] for i in range(len(word) - 1))
        expression += " OR " + fts_query([run], "grams")
    return f"({expression})"


def _document_counts(
    conn: sqlite3.Connection,
    index: Index,
    terms: list[str],
    pairs: bool = False,
    translated: bool = False,
) -> dict[str, int]:
    """How many chunks contain each word (or character pair, with ``pairs``; a translation,
    with ``translated``), cached per index generation; ``""``: all chunks."""
    key = (f"{index.path}:{pairs}:{translated}", Index.meta(conn, "generation"))
    known = _DF.setdefault(key, {})
    for term in terms:
        if term not in known:
            expression = fts_query([term], "grams") if pairs else _word_expression(term, translated)
            known[term] = conn.execute(
                "SELECT COUNT(*) FROM chunks_fts WHERE chunks_fts MATCH ?", (expression,)
            ).fetchone()[0]
    if "" not in known:
        known[""] = conn.execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
    return {term: known[term] for term in [*terms, ""]}


def _allowed_mask(
    conn: sqlite3.Connection,
    matrix: Any,
    filters: SearchFilters,
    ws: Workspace,
    other: str,
    other_params: list[Any],
) -> Any | None:
    """Row mask for the vector search: roles in numpy, the rarer filters through SQL."""
    import numpy as np

    include, exclude = _role_rule(filters, ws)
    mask = None
    if include:
        mask = np.isin(matrix.roles, include)
    if exclude:
        keep = ~np.isin(matrix.roles, exclude)
        mask = keep if mask is None else mask & keep
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


# Roles whose chunks need no heading in their snippet: entries start with their own, and a
# USER.md / MEMORY.md bullet is plain from its path.
_OWN_HEADINGS = ENTRY_ROLES | {"user", "long_term", "candidates"}
_DATE_ONLY = re.compile(r"^\[?\d{4}-\d{2}(?:-\d{2})?\]?$")


def _snippet(text: str, terms: list[str], heading: str = "", limit: int = 240) -> str:
    """The lines of a chunk that hold query words (up to three), after the headings an item
    sits under (``[coder] 部署网关 > 完成内容 › - 网关端口改为 8443``): an item alone does not
    say what it is about."""
    context = " > ".join(part for part in heading.split(" > ") if not _DATE_ONLY.match(part))
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    lowered = [line.lower() for line in lines]
    scored = sorted(range(len(lines)), key=lambda i: -sum(term in lowered[i] for term in terms))
    chosen = sorted(i for i in scored[:3] if any(term in lowered[i] for term in terms)) or list(
        range(min(2, len(lines)))
    )
    snippet = " … ".join(lines[i] for i in chosen)
    if context:
        snippet = f"{context} › {snippet}"
    return snippet if len(snippet) <= limit else snippet[: limit - 1] + "…"


def search(
    ws: Workspace,
    query: str,
    k: int = 8,
    mode: str = "hybrid",
    filters: SearchFilters | None = None,
    embedder: Embedder | Literal["auto"] | None = "auto",
) -> SearchResponse:
    """Search the workspace; syncs changed files first. ``embedder="auto"`` uses the configured one."""
    if mode not in MODES:
        raise MemstrataError(f"unknown search mode {mode!r}; use {', '.join(MODES)}")
    if k < 1:
        raise MemstrataError("-k must be at least 1")
    filters = filters or SearchFilters()
    _check_date(filters.since, "--since")
    _check_date(filters.until, "--until")
    settings = ws.config.search
    response = SearchResponse(query=query, mode=mode, degraded=False, results=[])
    _check_roles(filters.roles, ws)
    model = workspace_embedder(ws.config.search) if embedder == "auto" else embedder
    if mode != "lexical" and model is None:
        response.degraded, response.warnings = (
            True,
            ["no embedder configured; lexical results only"],
        )
        model = None
    index = Index(ws, model)
    try:
        stats = index.sync(
            embed=mode != "lexical",
            embed_budget_s=settings.embed_budget_s,
            scan_interval_s=settings.scan_interval_s,
        )
    except EmbedderError as exc:
        response.degraded, response.warnings = True, [f"{exc}; lexical results only"]
        index = Index(ws, None)
        stats = index.sync(embed=False, scan_interval_s=settings.scan_interval_s)
        model = None
    response.warnings.extend(stats.warnings)
    response.pending_embeddings = stats.pending_embeddings
    try:
        response.results = _rank(
            ws, index.connect(), index, model, query, k, mode, filters, settings, response
        )
    except sqlite3.DatabaseError as exc:  # damage the sync did not touch: heal once, retry
        with index.locked():
            response.warnings.append(index.heal(exc))
        response.warnings.extend(index.sync(embed=False).warnings)
        response.results = _rank(
            ws, index.connect(), index, model, query, k, mode, filters, settings, response
        )
    return response


def _rank(
    ws: Workspace,
    conn: sqlite3.Connection,
    index: Index,
    model: Embedder | None,
    query: str,
    k: int,
    mode: str,
    filters: SearchFilters,
    settings: SearchSettings,
    response: SearchResponse,
) -> list[SearchHit]:
    where, params, other, other_params = _where(filters, ws)
    limit = k * int(settings.candidate_multiplier)
    plan = plan_query(query)
    evidence = _evidence(conn, index, plan, settings)
    bm25 = (
        _lexical(conn, plan, where, params, limit, settings)
        if mode != "vector" or model is None
        else {}
    )
    vector_scores: dict[int, float] = {}
    matrix = None
    if mode != "lexical" and model is not None:
        try:
            query_vector = model.embed([query])[0]
        except EmbedderError as exc:
            response.degraded = True
            response.warnings.append(f"{exc}; lexical results only")
            bm25 = bm25 or _lexical(conn, plan, where, params, limit, settings)
        else:
            matrix = load_matrix(conn, str(index.path), model.name, Index.meta(conn, "generation"))
            mask = _allowed_mask(conn, matrix, filters, ws, other, other_params)
            vector_scores = dict(matrix.top(query_vector, mask, limit))
            if bm25 and len(matrix.ids):
                _fill_vector_scores(matrix, query_vector, bm25, vector_scores)
    effective = mode if not response.degraded else "lexical"
    ids = set(bm25) | set(vector_scores)
    if not ids:
        return []
    candidates = {
        row[0]: Candidate(*row)
        for row in conn.execute(
            "SELECT id, path, start_line, end_line, role, entry_id, date, text, heading FROM chunks"
            f" WHERE id IN ({','.join('?' * len(ids))})",
            list(ids),
        )
    }
    # Another process may have re-indexed a file since the vector matrix was cached: its old
    # chunk ids are gone, so score only the chunks that still exist.
    for cand in candidates.values():
        cand.vector = vector_scores.get(cand.cid, 0.0)
        cand.lexical = evidence.coverage(cand) if cand.cid in bm25 else 0.0
    lex_rank = {cid: r for r, cid in enumerate(sorted(bm25, key=lambda c: -bm25[c]))}
    vec_rank = {
        cid: r for r, cid in enumerate(sorted(vector_scores, key=lambda c: -vector_scores[c]))
    }
    ordered = fuse(candidates, bm25, effective, plan, settings, ws.today(), lex_rank, vec_rank)
    depth = settings.rerank_depth
    reranked = effective == "hybrid" and settings.fusion == "weighted" and depth > 0
    if reranked:
        pool = rerank(
            ordered[:depth], plan, evidence, bm25, ws.today(), settings.recency_half_life_days
        )
        ordered = pool + ordered[depth:]
    vectors = vectors_of(matrix, [c.cid for c in ordered[: k * 3]])
    # After the reranker (which weighs recency for "now" queries itself) only a newer chunk
    # that says it changed moves up past an alike one: with "now" alone, every newer chunk on
    # the topic leapfrogged the answer.
    current = plan.current and not reranked
    ordered = newer_first(ordered[: k * 3], vectors, settings, current) + ordered[k * 3 :]
    chosen = select(ordered, k, vectors, settings, lambda cand: passage_units(conn, cand))
    return [
        SearchHit(
            c.path,
            c.start,
            c.end,
            round(c.score, 4),
            _snippet(c.text, plan.terms, "" if c.role in _OWN_HEADINGS else c.heading),
            c.role,
            c.entry_id,
            c.date,
            Span(c.path, c.start, c.end).cite(),
            c.words,
        )
        for c in chosen
    ]


def _fill_vector_scores(
    matrix: Any, query_vector: Any, text_scores: dict[int, float], vector_scores: dict[int, float]
) -> None:
    """Exact cosine for lexical candidates the vector top list did not include."""
    import numpy as np

    missing = [cid for cid in text_scores if cid not in vector_scores]
    if not missing:
        return
    positions = np.searchsorted(matrix.ids, missing)
    for cid, position in zip(missing, positions, strict=True):
        if position < len(matrix.ids) and matrix.ids[position] == cid:
            vector_scores[cid] = float(matrix.matrix[position] @ query_vector)


def search_many(
    labelled: dict[str, Workspace],
    query: str,
    k: int = 8,
    mode: str = "hybrid",
    filters: SearchFilters | None = None,
    embedder: Embedder | Literal["auto"] | None = "auto",
) -> SearchResponse:
    """Search several workspaces (a private main one and a shared team one) as one list, each
    hit labelled with its workspace. Scores are comparable: each is normalised per query the
    same way, and every workspace applies the same session visibility."""
    merged = SearchResponse(query=query, mode=mode, degraded=False, results=[])
    labelled_hits: list[tuple[float, str, SearchHit]] = []
    for label, ws in labelled.items():
        response = search(ws, query, k=k, mode=mode, filters=filters, embedder=embedder)
        merged.degraded |= response.degraded
        merged.warnings += [f"{label}: {w}" for w in response.warnings]
        labelled_hits += [(hit.score, label, hit) for hit in response.results]
    labelled_hits.sort(key=lambda item: -item[0])
    merged.results = [hit for _score, _label, hit in labelled_hits[:k]]
    merged.labels = [label for _score, label, _hit in labelled_hits[:k]]
    return merged


def with_also(ws: Workspace, extra: list[str] | None = None) -> dict[str, Workspace]:
    """This workspace plus the ones ``[search] also`` (or ``extra``) names, labelled by folder."""
    paths = list(ws.config.search.also) + list(extra or [])
    labelled = {ws.root.name: ws}
    for path in paths:
        other = Workspace.open((ws.root / path) if not Path(path).is_absolute() else Path(path))
        label = other.root.name if other.root.name not in labelled else str(other.root)
        labelled[label] = other
    return labelled
