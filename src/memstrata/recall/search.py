"""Hybrid search: BM25 over Chinese-segmented FTS5 plus exact vector similarity, fused.

Fusion defaults follow the design notes (0.7 vector + 0.3 text, candidate multiplier 4) with
BM25 scores normalised per query (best hit = 1.0) so the weights mean something; RRF is the
alternative. Newer entries get a small recency bonus so that a fact corrected in a recent daily
log outranks its stale copy in MEMORY.md. When the embedder cannot load or answer, results are
lexical and the response says ``degraded`` with a warning: never silently, never a crash.
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
from memstrata.recall.store import Index
from memstrata.recall.vectors import load_matrix
from memstrata.text.spans import Span
from memstrata.text.tokenize import STOPWORDS, fts_query, query_terms, tokens

MODES = ("hybrid", "lexical", "vector")
_DATE = re.compile(r"^\d{4}-\d{2}(-\d{2})?$")
_SUPERSEDES = re.compile(
    r"改为|改成|换成|换到|迁移到|迁到|已停用|停用了|不再|取消了|现在是|现在用|已经改|更新为|升级到"
    r"|no longer|changed to|moved to|migrated to|upgraded to|replaced|instead of|now uses|is now|are now|deprecated",
    re.IGNORECASE,
)


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
                    asdict(hit) | {"workspace": label}
                    for hit, label in zip(self.results, self.labels, strict=True)
                ],
            }
        return {
            "query": self.query,
            "mode": self.mode,
            "degraded": self.degraded,
            "results": [asdict(hit) for hit in self.results],
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
    conn: sqlite3.Connection, terms: list[str], where: str, params: list[Any], limit: int
) -> dict[int, float]:
    if not terms:
        return {}
    rows = conn.execute(
        f"SELECT c.id, -bm25(chunks_fts) FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid"
        f" WHERE chunks_fts MATCH ? AND {where} ORDER BY bm25(chunks_fts) LIMIT ?",
        [fts_query(terms), *params, limit],
    ).fetchall()
    if not rows:
        return {}
    best = max(score for _id, score in rows) or 1.0
    return {chunk_id: max(score, 0.0) / best for chunk_id, score in rows}


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


def _recency(chunk_date: str, today: date, settings: SearchSettings) -> float:
    if not chunk_date:
        return 0.0
    try:
        when = date.fromisoformat(chunk_date if len(chunk_date) == 10 else chunk_date + "-01")
    except ValueError:
        return 0.0
    age = max((today - when).days, 0)
    return settings.recency_weight * 0.5 ** (age / settings.recency_half_life_days)


def _snippet(text: str, terms: list[str], limit: int = 240) -> str:
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    lowered = [line.lower() for line in lines]
    scored = sorted(range(len(lines)), key=lambda i: -sum(term in lowered[i] for term in terms))
    chosen = sorted(i for i in scored[:3] if any(term in lowered[i] for term in terms)) or list(
        range(min(2, len(lines)))
    )
    snippet = " … ".join(lines[i] for i in chosen)
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
    terms = query_terms(query)
    text_scores = (
        _lexical(conn, terms, where, params, limit) if mode != "vector" or model is None else {}
    )
    vector_scores: dict[int, float] = {}
    matrix_for_ties = None
    if mode != "lexical" and model is not None:
        try:
            query_vector = model.embed([query])[0]
        except EmbedderError as exc:
            response.degraded = True
            response.warnings.append(f"{exc}; lexical results only")
            text_scores = text_scores or _lexical(conn, terms, where, params, limit)
        else:
            matrix = load_matrix(conn, str(index.path), model.name, Index.meta(conn, "generation"))
            mask = _allowed_mask(conn, matrix, filters, ws, other, other_params)
            vector_scores = dict(matrix.top(query_vector, mask, limit))
            matrix_for_ties = matrix
            if text_scores and len(matrix.ids):
                _fill_vector_scores(matrix, query_vector, text_scores, vector_scores)
    effective = mode if not response.degraded else "lexical"
    candidates = set(text_scores) | set(vector_scores)
    if not candidates:
        return []
    rows = {
        row[0]: row
        for row in conn.execute(
            f"SELECT id, path, start_line, end_line, role, entry_id, date, text FROM chunks WHERE id IN ({','.join('?' * len(candidates))})",
            list(candidates),
        )
    }
    # Another process may have re-indexed a file since the vector matrix was cached: its old
    # chunk ids are gone, so score only the chunks that still exist.
    candidates &= rows.keys()
    today = ws.today()
    scored: list[tuple[float, str, int]] = []
    lex_rank = {
        cid: rank for rank, cid in enumerate(sorted(text_scores, key=lambda c: -text_scores[c]))
    }
    vec_rank = {
        cid: rank for rank, cid in enumerate(sorted(vector_scores, key=lambda c: -vector_scores[c]))
    }
    for cid in candidates:
        text_score = text_scores.get(cid, 0.0)
        vector_score = max(vector_scores.get(cid, 0.0), 0.0)
        if effective == "lexical":
            base, keep = text_score, cid in text_scores
        elif effective == "vector":
            base, keep = vector_score, vector_score >= settings.vector_min_score
        elif settings.fusion == "rrf":
            base = (
                sum(1.0 / (60 + ranks[cid]) for ranks in (lex_rank, vec_rank) if cid in ranks) * 30
            )
            keep = True
        else:
            base = settings.vector_weight * vector_score + settings.text_weight * text_score
            keep = base >= settings.min_score or text_score >= settings.strong_text
        if keep:
            scored.append((base + _recency(rows[cid][6], today, settings), rows[cid][6], cid))
    scored.sort(key=lambda item: (-item[0], -_date_key(item[1]), item[2]))
    scored = _newer_first(scored[: k * 2], rows, matrix_for_ties, settings) + scored[k * 2 :]
    hits = []
    for score, _date, cid in scored[:k]:
        _id, path, start, end, role, entry_id, chunk_date, text = rows[cid]
        hits.append(
            SearchHit(
                path,
                start,
                end,
                round(score, 4),
                _snippet(text, terms),
                role,
                entry_id,
                chunk_date,
                Span(path, start, end).cite(),
            )
        )
    return hits


def _newer_first(
    scored: list[tuple[float, str, int]],
    rows: dict[int, tuple],
    matrix: Any,
    settings: SearchSettings,
) -> list[tuple[float, str, int]]:
    """Near-ties between an entry and a newer one that says it changed go to the newer one.

    A fact corrected in a recent daily log usually shares fewer words with the query than its
    stale copy in MEMORY.md; a flat recency bonus big enough to fix that would reorder unrelated
    results too. So a result moves up only past an older one within ``near_tie`` whose text is
    alike (cosine of their vectors, or word overlap without vectors) and only if it speaks of a
    change (改为, 已停用, no longer, moved to...). Measured: without the change wording the rule
    reordered ordinary conversation by date and cost LoCoMo 0.16 of vector recall@10.
    """
    ordered = list(scored)
    for position in range(len(ordered)):
        score, when, cid = ordered[position]
        for later in range(position + 1, len(ordered)):
            other_score, other_when, other_id = ordered[later]
            if score - other_score > settings.near_tie:
                break
            if (
                _date_key(other_when) > _date_key(when)
                and _SUPERSEDES.search(rows[other_id][7])
                and _alike(cid, other_id, rows, matrix, settings)
            ):
                ordered.insert(position, ordered.pop(later))
                break
    return ordered


def _alike(
    first: int, second: int, rows: dict[int, tuple], matrix: Any, settings: SearchSettings
) -> bool:
    if matrix is not None and len(matrix.ids):
        import numpy as np

        positions = np.searchsorted(matrix.ids, [first, second])
        if all(p < len(matrix.ids) for p in positions) and list(matrix.ids[positions]) == [
            first,
            second,
        ]:
            return (
                float(matrix.matrix[positions[0]] @ matrix.matrix[positions[1]])
                >= settings.same_topic
            )
    words = [set(tokens(rows[cid][7])) - STOPWORDS for cid in (first, second)]
    union = words[0] | words[1]
    return bool(union) and len(words[0] & words[1]) / len(union) >= 0.25


def _date_key(value: str) -> int:
    digits = value.replace("-", "")
    return int(digits.ljust(8, "0")) if digits.isdigit() else 0


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
