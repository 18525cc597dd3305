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

import hashlib
import math
import re
from dataclasses import asdict, dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Any, Literal

from memstrata.core.config import SearchSettings
from memstrata.core.permissions import Session, hidden_roles
from memstrata.core.workspace import Workspace
from memstrata.errors import MemstrataError
from memstrata.providers.embedders import Embedder, EmbedderError, workspace_embedder
from memstrata.recall.bridge import second_hop
from memstrata.recall.chunker import ENTRY_ROLES
from memstrata.recall.index import (
    ChunkFilter,
    ChunkIndex,
    Phrase,
    VectorSide,
    kept_by_service,
    open_index,
)
from memstrata.recall.query import QueryPlan, plan_query
from memstrata.recall.ranking import (
    Candidate,
    Evidence,
    fuse,
    idf,
    newer_first,
    passage_units,
    select,
)
from memstrata.recall.rerank import rerank
from memstrata.text.scripts import folded
from memstrata.text.spans import Span
from memstrata.text.tokenize import CJK_RUN, Cut

MODES = ("hybrid", "lexical", "vector")
_DATE = re.compile(r"^\d{4}-\d{2}(-\d{2})?$")
# Per-process IDF cache: (index key, generation) -> term -> documents containing it.
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
    # Nothing in memory comes close: the nearest there is, not an answer ([search] weak_below).
    weak: bool = False
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
    # The query's words as ranked (not part of the JSON shape): ``warnings`` needs how many
    # there are, cut the same way as the ranking cut them.
    terms: list[str] = field(default_factory=list)

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


def _filter(filters: SearchFilters, ws: Workspace) -> ChunkFilter:
    """The role rule plus the other filters, as the index takes them."""
    include, exclude = _role_rule(filters, ws)
    return ChunkFilter(
        tuple(include) if include else None,
        tuple(exclude),
        filters.since,
        filters.until,
        filters.agent.casefold() if filters.agent else None,  # as Chunk.stored() keeps it
        _path_glob(filters.path_glob),
    )


def _path_glob(glob: str | None) -> str | None:
    """``--path`` as the user writes it: "./MEMORY.md" is MEMORY.md, and a folder ("memory/")
    means the files below it (both matched nothing, silently)."""
    if not glob:
        return glob
    glob = glob.removeprefix("./")
    return f"{glob}*" if glob.endswith("/") else glob


def _lexical(
    index: ChunkIndex,
    plan: QueryPlan,
    where: ChunkFilter,
    limit: int,
    settings: SearchSettings,
) -> dict[int, float]:
    """BM25 (higher is better) of the chunks matching any query word or translation (in the
    chunk or its headings; a Chinese one also as its run of character pairs) or, for short
    Chinese queries, any character pair."""
    translated = [w for forms in plan.synonyms.values() for w in forms]
    phrases = [p for word in plan.terms for p in _word_phrases(word)]
    phrases += [p for word in translated for p in _word_phrases(word, pairs=True)]
    phrases += [Phrase(gram, "grams") for gram in plan.grams]
    if not phrases:
        return {}
    return index.lexical(phrases, where, limit, settings.heading_weight, settings.gram_weight)


# The fewest chunks IDF is computed over (see ``_evidence``); larger indexes are unaffected.
MIN_IDF_DOCUMENTS = 50


def _evidence(index: ChunkIndex, plan: QueryPlan, settings: SearchSettings) -> Evidence:
    """What each query word is worth and how it may be matched. Translations are kept only
    when they occur in this index (the most frequent few), and count for at most
    ``translation_credit`` of the word they translate; the word's own weight is its IDF, or,
    when it does not occur here at all (an English word over Chinese memory), the IDF of its
    best translation."""
    counts = _document_counts(index, plan.terms)
    forms: dict[str, dict[str, float]] = {}
    weights: dict[str, float] = {}
    # IDF over a handful of chunks says nothing (a new workspace: 配置 in both of its two chunks
    # weighed 0.18 against 1.8 for a word found nowhere, so the note's own example, a task about
    # 配置 + 提供商 and the principle 配置提供商名不要用 qwen, matched 13 % of the task).
    documents = max(counts[""], MIN_IDF_DOCUMENTS)
    kept: dict[str, list[str]] = {}
    limit = settings.max_translations if settings.translation_credit > 0 else 0
    for term in plan.terms:
        glossary = plan.jargon.get(term, []) if limit else []
        dictionary = [w for w in plan.synonyms.get(term, []) if w not in glossary]
        found = _document_counts(index, glossary + dictionary, translated=True)
        present = [w for w in glossary if found[w] > 0] + sorted(
            (w for w in dictionary if found[w] > 0), key=lambda w: -found[w]
        )[:limit]
        kept[term] = present
        own = idf(documents, counts[term]) if counts[term] else 0.0
        credits = {w: settings.translation_credit * idf(documents, found[w]) for w in present}
        weight = own or max(credits.values(), default=0.0) or idf(documents, 0)
        forms[term] = {term: own} | {w: min(c, weight) for w, c in credits.items()}
        weights[term] = weight
    plan.synonyms = kept
    grams = _document_counts(index, plan.grams, pairs=True) if plan.grams else {}
    return Evidence(
        forms, weights, {g: idf(documents, grams[g]) for g in plan.grams if grams[g] > 0}
    )


def _word_phrases(word: str, pairs: bool = False) -> list[Phrase]:
    """The phrases of one word: the word in a chunk or its headings and, with ``pairs``
    (a Chinese translation, which the segmenter never saw in context), its character pairs in a
    row too: the chunk's text may have been cut elsewhere (先回滚 -> 先回 / 滚). Not for the
    query's own words: their pairs cost 3x the query time on a 10k-chunk index for one dev
    query."""
    phrases = [Phrase(word)]
    if pairs and len(word) >= 2 and CJK_RUN.fullmatch(word):
        phrases.append(Phrase(" ".join(word[i : i + 2] for i in range(len(word) - 1)), "grams"))
    return phrases


def _document_counts(
    index: ChunkIndex,
    terms: list[str],
    pairs: bool = False,
    translated: bool = False,
) -> dict[str, int]:
    """How many chunks contain each word (or character pair, with ``pairs``; a translation,
    with ``translated``), cached per index generation; ``""``: all chunks."""
    key = (f"{index.cache_key}:{pairs}:{translated}", index.generation())
    known = _DF.setdefault(key, {})
    missing = list(dict.fromkeys(term for term in terms if term not in known))
    if "" not in known:
        missing.append("")
    groups = [
        [] if not term else [Phrase(term, "grams")] if pairs else _word_phrases(term, translated)
        for term in missing
    ]
    known.update(zip(missing, index.document_counts(groups), strict=True))
    return {term: known[term] for term in [*terms, ""]}


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
    lowered = [folded(line.lower()) for line in lines]  # the query's terms are folded
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
    hot_path: bool = False,
) -> SearchResponse:
    """Search the workspace; syncs changed files first (in the service, only those this process
    wrote: its background indexes the rest). ``embedder="auto"`` uses the configured one.
    ``hot_path`` (hooks): Chinese in the query is cut by the words the index holds, not by the
    segmenter, whose import would be most of a prompt hook's time (recall/vocabulary_cut.py)."""
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
    index = open_index(ws, model)
    # In the service its background indexes what others change: sync only our own writes.
    scan_interval_s = math.inf if kept_by_service(ws.root) else settings.scan_interval_s
    try:
        stats = index.sync(
            embed=mode != "lexical",
            embed_budget_s=settings.embed_budget_s,
            scan_interval_s=scan_interval_s,
        )
    except EmbedderError as exc:
        response.degraded, response.warnings = True, [f"{exc}; lexical results only"]
        index = open_index(ws, None)
        stats = index.sync(embed=False, scan_interval_s=scan_interval_s)
        model = None
    response.warnings.extend(stats.warnings)
    if stats.files_pending:
        response.warnings.append(
            f"{stats.files_pending} changed file(s) are still being indexed; "
            "these results may miss what they say"
        )
    response.pending_embeddings = stats.pending_embeddings
    cut = _index_cut(index) if hot_path else None
    try:
        response.results = _rank(ws, index, model, query, k, mode, filters, settings, response, cut)
    except index.damage_errors as exc:  # damage the sync did not touch: heal once, retry
        response.warnings.append(index.repair(exc))
        response.warnings.extend(index.sync(embed=False).warnings)
        response.results = _rank(ws, index, model, query, k, mode, filters, settings, response, cut)
    if mode == "hybrid" and settings.bridge and not response.degraded:

        def hop(again: str) -> list[SearchHit]:
            aside = SearchResponse(query=again, mode=mode, degraded=False, results=[])
            return _rank(ws, index, model, again, k, mode, filters, settings, aside, cut)

        response.results = second_hop(query, response.results, k, hop)
    return response


def _index_cut(index: ChunkIndex) -> Cut:
    """A Chinese run cut by the words this index holds or CC-CEDICT knows (hooks)."""
    from memstrata.recall.translate import translations
    from memstrata.recall.vocabulary_cut import cut_run

    def known(words: list[str]) -> set[str]:
        counts = _document_counts(index, words)
        found = {word for word in words if counts[word]}
        return found | set(translations([word for word in words if word not in found]))

    return lambda run: cut_run(run, known)


def _rank(
    ws: Workspace,
    index: ChunkIndex,
    model: Embedder | None,
    query: str,
    k: int,
    mode: str,
    filters: SearchFilters,
    settings: SearchSettings,
    response: SearchResponse,
    cut: Cut | None = None,
) -> list[SearchHit]:
    where = _filter(filters, ws)
    limit = k * int(settings.candidate_multiplier)
    plan = plan_query(query, today=ws.today(), cut=cut)
    response.terms = plan.terms
    evidence = _evidence(index, plan, settings)
    bm25 = (
        _lexical(index, plan, where, limit, settings) if mode != "vector" or model is None else {}
    )
    vector_scores: dict[int, float] = {}
    matrix: VectorSide | None = None
    if mode != "lexical" and model is not None:
        try:
            query_vector = model.embed([plan.text])[0]  # folded, as the chunks' text is
        except EmbedderError as exc:
            response.degraded = True
            response.warnings.append(f"{exc}; lexical results only")
            bm25 = bm25 or _lexical(index, plan, where, limit, settings)
        else:
            matrix = index.vector_side(model.name, where)
            vector_scores = dict(matrix.top(query_vector, limit))
            vector_scores |= _in_window(index, model.name, where, plan, query_vector, limit)
            if bm25 and len(matrix):
                # Exact cosine for lexical candidates the vector top list did not include.
                missing = [cid for cid in bm25 if cid not in vector_scores]
                vector_scores.update(matrix.scores(query_vector, missing))
    effective = mode if not response.degraded else "lexical"
    ids = set(bm25) | set(vector_scores)
    if not ids:
        return []
    candidates = {row[0]: Candidate(*row) for row in index.chunks(list(ids))}
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
    vectors = matrix.vectors([c.cid for c in ordered[: k * 3]]) if matrix is not None else {}
    # After the reranker (which weighs recency for "now" queries itself) only a newer chunk
    # that says it changed moves up past an alike one: with "now" alone, every newer chunk on
    # the topic leapfrogged the answer.
    current = plan.current and not reranked
    ordered = newer_first(ordered[: k * 3], vectors, settings, current) + ordered[k * 3 :]
    chosen = select(ordered, k, vectors, settings, lambda cand: passage_units(index, cand))
    # "weak" reads the score on the scale its bar was chosen on: hybrid, weighted fusion, both
    # sides present (not degraded to lexical). Measured against the evidence before the
    # recency / window / decision lifts instead, the bar separated less (BENCHMARKS.md).
    flag_weak = effective == "hybrid" and settings.fusion == "weighted"
    moved = {path for path in {c.path for c in chosen} if _changed_since_indexed(ws, index, path)}
    if moved:
        # An edit the index has not seen yet (within the scan interval, or while the service's
        # background catches up): a citation must point at the lines it quotes, so those
        # files' hits are left out rather than cited wrong.
        response.warnings.append(
            f"{len(moved)} file(s) changed since they were indexed; their results are left out "
            "until the index catches up: " + ", ".join(sorted(moved))
        )
        ordered = [c for c in ordered if c.path not in moved]
        chosen = select(ordered, k, vectors, settings, lambda cand: passage_units(index, cand))
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
            flag_weak and c.score < settings.weak_below,
            c.words,
        )
        for c in chosen
    ]


def _in_window(
    index: ChunkIndex, model: str, where: ChunkFilter, plan: Any, query: Any, limit: int
) -> dict[int, float]:
    """For a question that only asks what happened in its time window ("今天做了什么": today's
    log shares no word with it, and over the whole memory its lines are not the closest
    either), the vector side's best chunks dated inside the window join the candidates. Not
    for a question that names a subject: on LoCoMo that lost one open-domain question of 92
    (any@5) for nothing gained. Only when the caller set no date filter of their own."""
    if plan.window is None or not plan.open_ended or where.since or where.until:
        return {}
    dated = replace(where, since=plan.window.start.isoformat(), until=plan.window.end.isoformat())
    return dict(index.vector_side(model, dated).top(query, max(limit // 4, 5)))


def _changed_since_indexed(ws: Workspace, index: ChunkIndex, path: str) -> bool:
    """Whether the file's bytes differ from what the index last read (a missing or unreadable
    file too): its hits' line numbers may no longer point at what they quote."""
    digest = index.indexed_digest(path)
    if digest is None:
        return False
    try:
        data = ws.resolve(path).read_bytes()
    except (MemstrataError, OSError):  # gone, or now a link: nothing to cite
        return True
    return hashlib.sha256(data).hexdigest() != digest


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
