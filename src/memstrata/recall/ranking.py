"""From the lexical and vector candidates to one ordered list (hybrid search's second half).

* **Fusion that knows when a side has nothing.** The lexical score of a chunk is half the share
  of the query's information it matches (each query word weighted by its IDF in this index)
  and half BM25 relative to the best hit, scaled by the best hit's share: not BM25 divided by
  the best hit alone, which turned the best of a set of junk matches into a perfect 1.0. A cross-lingual query whose words match only a stray
  "use" or "的" therefore gives the lexical side almost no say, and the vector side decides.
  RRF stays a setting.
* **Intents** (recall/query.py): a query for the current value ranks the newest of alike
  candidates first; a query for a decision prefers the terse MEMORY.md bullet.
* **Diversity**: a result that repeats what a higher one said (same entry, or near-identical
  vectors) is pushed down a little, so a question about two things shows both.
* **Near ties** between a fact and its newer correction go to the correction.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from memstrata.core.config import SearchSettings
from memstrata.recall.chunker import ENTRY_ROLES
from memstrata.recall.query import QueryPlan
from memstrata.recall.translate import english_forms
from memstrata.text.scripts import folded
from memstrata.text.tokenize import CJK_RUN, STOPWORDS, tokens

if TYPE_CHECKING:
    from memstrata.recall.index import ChunkIndex

_SUPERSEDES = re.compile(
    r"改为|改成|换成|换到|迁移到|迁到|已停用|停用了|不再|取消了|现在是|现在用|已经改|更新为|升级到"
    r"|no longer|changed to|moved to|migrated to|upgraded to|replaced|instead of|now uses|is now|are now|deprecated",
    re.IGNORECASE,
)


@dataclass
class Candidate:
    """One chunk that either side proposed, with everything the ranking looks at."""

    cid: int
    path: str
    start: int
    end: int
    role: str
    entry_id: str
    date: str
    text: str
    heading: str
    lexical: float = 0.0  # 0..1: share of the query's information matched
    words: int = 0  # how many of the query's words (or their translations) it matches
    vector: float = 0.0  # cosine
    score: float = 0.0


@dataclass
class Evidence:
    """How each query word can be matched and what a match is worth: the word itself or a
    translation of it, each worth its IDF but never more than the word's own weight."""

    forms: dict[str, dict[str, float]]  # term -> {form: credit}
    weights: dict[str, float]  # term -> weight
    grams: dict[str, float]  # character pair -> IDF

    def __post_init__(self) -> None:
        # Per form, once per query: Chinese forms match as substrings, other forms as any of
        # their inflections (friday ~ fridays, deploy ~ deployed) among the chunk's words.
        self._match: dict[str, tuple[bool, frozenset[str]]] = {
            form: (bool(CJK_RUN.search(form)), _inflections(form))
            for forms in self.forms.values()
            for form in forms
        }

    def coverage(self, candidate: Candidate) -> float:
        """Share of the query's information this chunk (heading included) matches: words
        and, for short Chinese queries, character pairs count as two views of the same query,
        so the better of the two is taken. Also sets ``candidate.words``."""
        haystack = folded(f"{candidate.heading}\n{candidate.text}".lower())
        latin = set(_LATIN.findall(haystack))
        shares = []
        total = sum(self.weights.values())
        if total > 0:
            got = 0.0
            for forms in self.forms.values():
                best = 0.0
                for form, credit in forms.items():
                    if credit > best and self._found(form, haystack, latin):
                        best = credit
                got += best
                candidate.words += best > 0
            shares.append(got / total)
        total_grams = sum(self.grams.values())
        if total_grams > 0:
            shares.append(sum(w for g, w in self.grams.items() if g in haystack) / total_grams)
        return max(shares, default=0.0)

    def line_coverage(self, text: str) -> float:
        """The best share of the query's word information one line of ``text`` matches: the
        query's words together in one sentence, not scattered over a passage."""
        total = sum(self.weights.values())
        if total <= 0:
            return 0.0
        best = 0.0
        for line in folded(text.lower()).splitlines():
            latin = set(_LATIN.findall(line))
            got = sum(
                max((c for f, c in forms.items() if self._found(f, line, latin)), default=0.0)
                for forms in self.forms.values()
            )
            best = max(best, got / total)
        return best

    def heading_coverage(self, heading: str) -> float:
        """Share of the query's word information a heading path alone matches."""
        total = sum(self.weights.values())
        if total <= 0 or not heading:
            return 0.0
        haystack = folded(heading.lower())
        latin = set(_LATIN.findall(haystack))
        got = sum(
            max((c for f, c in forms.items() if self._found(f, haystack, latin)), default=0.0)
            for forms in self.forms.values()
        )
        return got / total

    def _found(self, form: str, haystack: str, latin: set[str]) -> bool:
        chinese, variants = self._match[form]
        if chinese:
            return form in haystack
        return not variants.isdisjoint(latin) or (not form.isalpha() and form in haystack)


_LATIN = re.compile(r"[a-z0-9][a-z0-9_.-]*")


def _inflections(word: str) -> frozenset[str]:
    """The word's base forms and the usual inflections of each (no stemmer needed)."""
    out: set[str] = set()
    for base in english_forms(word):
        out |= {base, base + "s", base + "es", base + "ed", base + "d", base + "ing"}
        if base.endswith("y"):
            out |= {base[:-1] + "ies", base[:-1] + "ied"}
        if base.endswith("e"):
            out.add(base[:-1] + "ing")
    return frozenset(out)


def idf(documents: int, containing: int) -> float:
    """BM25's IDF, floored so a word in every chunk still counts a little."""
    return max(math.log((documents - containing + 0.5) / (containing + 0.5) + 1.0), 0.05)


def fuse(
    candidates: dict[int, Candidate],
    bm25: dict[int, float],
    mode: str,
    plan: QueryPlan,
    settings: SearchSettings,
    today: date,
    lex_rank: dict[int, int],
    vec_rank: dict[int, int],
) -> list[Candidate]:
    """Score every candidate for ``mode``; returns the kept ones, best first."""
    best_bm25 = max(bm25.values(), default=0.0) or 1.0
    # How much of the query the best lexical match covers: the lexical side's confidence.
    confidence = max((c.lexical for c in candidates.values()), default=0.0)
    kept = []
    for cand in candidates.values():
        # Half what this chunk covers, half BM25's order (term frequency, length) scaled by
        # the side's confidence: junk matches stay low either way.
        text = 0.5 * cand.lexical + 0.5 * confidence * bm25.get(cand.cid, 0.0) / best_bm25
        vector = max(cand.vector, 0.0)
        if mode == "lexical":
            base, keep = text, cand.cid in bm25
        elif mode == "vector":
            base, keep = vector, vector >= settings.vector_min_score
        elif settings.fusion == "rrf":
            base = sum(1.0 / (60 + r[cand.cid]) for r in (lex_rank, vec_rank) if cand.cid in r)
            base, keep = base * 30, True
        else:
            base = settings.vector_weight * vector + settings.text_weight * text
            keep = base >= settings.min_score or text >= settings.strong_text
        if plan.open_ended and plan.window is not None and plan.window.nearness(cand.date) == 1:
            # "今天做了什么": a chunk of that day is an answer however little it shares
            base, keep = max(base, settings.min_score), True
        if not keep:
            continue
        if plan.current:  # the newest relevant value, not whatever is newest
            cand.score = base * (1.0 + _recency(cand.date, today, settings, True))
        else:
            cand.score = base + _recency(cand.date, today, settings, False)
        if plan.decision and cand.role == "long_term":
            cand.score += settings.decision_boost
        kept.append(cand)
    return in_window(kept, plan, settings)


def in_window(
    ordered: list[Candidate], plan: QueryPlan, settings: SearchSettings
) -> list[Candidate]:
    """Candidates dated inside the query's time window (recall/when.py) lifted by up to
    ``window_weight`` of their score, then sorted: they reach the reranker's pool (which
    weighs the window itself) and lead in lexical and vector modes."""
    if plan.window is not None and settings.window_weight:
        for cand in ordered:
            cand.score *= 1.0 + settings.window_weight * plan.window.nearness(cand.date)
    return sorted(ordered, key=lambda c: (-c.score, -date_key(c.date), c.cid))


def _recency(chunk_date: str, today: date, settings: SearchSettings, current: bool) -> float:
    weight = settings.current_recency_weight if current else settings.recency_weight
    return weight * recency(chunk_date, today, settings.recency_half_life_days)


def recency(chunk_date: str, today: date, half_life_days: float) -> float:
    """1 for a chunk dated today, halving every ``half_life_days``; 0 without a date."""
    if not chunk_date:
        return 0.0
    try:
        when = date.fromisoformat(chunk_date if len(chunk_date) == 10 else chunk_date + "-01")
    except ValueError:
        return 0.0
    age = max((today - when).days, 0)
    return float(0.5 ** (age / half_life_days))


def newer_first(
    ordered: list[Candidate], vectors: dict[int, Any], settings: SearchSettings, current: bool
) -> list[Candidate]:
    """Near-ties between an entry and a newer one that says it changed go to the newer one.

    A fact corrected in a recent daily log usually shares fewer words with the query than its
    stale copy in MEMORY.md; a flat recency bonus big enough to fix that would reorder unrelated
    results too. So a result moves up only past an older one within ``near_tie`` whose text is
    alike (cosine of their vectors, or word overlap without vectors) and only if it speaks of a
    change (改为, 已停用, no longer, moved to...), or the query asks for the current value.
    Measured: without the change wording the rule reordered ordinary conversation by date and
    cost LoCoMo 0.16 of vector recall@10.
    """
    ordered = list(ordered)
    changes: dict[int, bool] = {}
    for position in range(len(ordered)):
        first = ordered[position]
        for later in range(position + 1, len(ordered)):
            other = ordered[later]
            if first.score - other.score > settings.near_tie:
                break
            if (
                date_key(other.date) > date_key(first.date)
                and (current or _speaks_of_change(other, changes))
                and _alike(first, other, vectors, settings)
            ):
                other.score = max(other.score, first.score)  # ranks as the fact it corrects
                ordered.insert(position, ordered.pop(later))
                break
    return ordered


def _speaks_of_change(cand: Candidate, known: dict[int, bool]) -> bool:
    if cand.cid not in known:
        known[cand.cid] = bool(_SUPERSEDES.search(cand.text))
    return known[cand.cid]


def select(
    ordered: list[Candidate],
    k: int,
    vectors: dict[int, Any],
    settings: SearchSettings,
    neighbours: Callable[[Candidate], list[tuple[int, int, int]]],
) -> list[Candidate]:
    """The ``k`` results, picked greedily from the best:

    * a candidate from an entry already shown, or nearly the same text as one shown, loses
      ``diversity`` of its score (maximal marginal relevance with a fixed penalty: cheap, and
      enough to let the second half of a two-part question in);
    * a picked item takes in the adjacent items of its section that are relevant in their own
      right (at least ``merge_ratio`` of its score): one result per passage, and the slots they
      would have taken go to other passages. ``neighbours`` lists a passage's items as
      (chunk id, start line, end line) in line order.
    """
    pool = list(ordered[: k * 4])
    chosen: list[Candidate] = []
    shown_entries: set[tuple[str, str]] = set()
    while pool and len(chosen) < k:
        best, best_value = 0, -math.inf
        for index, cand in enumerate(pool):
            value = cand.score
            if settings.diversity > 0 and (
                _entry(cand) in shown_entries or _near_copy(cand, chosen, vectors, settings)
            ):
                value -= settings.diversity
            if value > best_value:
                best, best_value = index, value
        picked = pool.pop(best)
        if settings.merge_ratio > 0 and picked.role not in ENTRY_ROLES:
            pool = _merge(
                picked, pool, neighbours(picked), settings.merge_ratio, settings.part_merge_ratio
            )
        chosen.append(picked)
        shown_entries.add(_entry(picked))
    return chosen


def passage_units(index: ChunkIndex, cand: Candidate) -> list[tuple[int, int, int]]:
    """The items a candidate may merge with, in line order: (chunk id, start line, end line).
    Those of its section; for a daily log, those of its whole entry (``## [coder] 标题`` with
    its 遇到问题 / 完成内容 parts): the answer "p95 从 820ms 降到 45ms" sits under 完成内容
    while the query's words are in 遇到问题 (recall set dev: R@1 0.507 -> 0.534)."""
    if cand.role == "daily" and cand.entry_id:
        rows = index.file_units(cand.path)
        at = next((i for i, row in enumerate(rows) if row[0] == cand.cid), None)
        if at is not None:  # the run of the file's chunks that belong to this entry
            first, last = at, at
            while first > 0 and rows[first - 1][3] == cand.entry_id:
                first -= 1
            while last + 1 < len(rows) and rows[last + 1][3] == cand.entry_id:
                last += 1
            return [(row[0], row[1], row[2]) for row in rows[first : last + 1]]
    return index.section_units(cand.path, cand.heading)


def _merge(
    picked: Candidate,
    pool: list[Candidate],
    units: list[tuple[int, int, int]],
    ratio: float,
    other_part: float,
) -> list[Candidate]:
    """Extend ``picked`` over contiguous relevant neighbours; returns the pool without them.
    A neighbour under another heading of the same entry (完成内容 after 遇到问题) needs
    ``other_part`` of the picked score instead of ``ratio``."""
    relevant = {
        c.cid: c
        for c in pool
        if c.score >= (ratio if c.heading == picked.heading else other_part) * picked.score
    }
    position = next((i for i, unit in enumerate(units) if unit[0] == picked.cid), None)
    if position is None:
        return pool
    first = last = position
    while first > 0 and units[first - 1][0] in relevant:
        first -= 1
    while last + 1 < len(units) and units[last + 1][0] in relevant:
        last += 1
    if first == last:
        return pool
    taken = {units[i][0] for i in range(first, last + 1)}
    texts = [
        relevant[cid].text if cid in relevant else picked.text
        for cid, _s, _e in units[first : last + 1]
    ]
    picked.start, picked.end = units[first][1], units[last][2]
    picked.text = "\n".join(texts)
    return [c for c in pool if c.cid not in taken]


def _entry(cand: Candidate) -> tuple[str, str]:
    return cand.path, cand.entry_id or cand.heading


def _near_copy(
    cand: Candidate, chosen: list[Candidate], vectors: dict[int, Any], settings: SearchSettings
) -> bool:
    mine = vectors.get(cand.cid)
    if mine is None:
        return False
    return any(
        other.cid in vectors and float(mine @ vectors[other.cid]) >= settings.near_copy
        for other in chosen
    )


def vectors_of(matrix: Any, ids: list[int]) -> dict[int, Any]:
    """The vector of each chunk id the matrix has (none without a matrix)."""
    if matrix is None or not len(matrix.ids) or not ids:
        return {}
    import numpy as np

    positions = np.searchsorted(matrix.ids, ids)
    return {
        cid: matrix.matrix[position]
        for cid, position in zip(ids, positions, strict=True)
        if position < len(matrix.ids) and matrix.ids[position] == cid
    }


def _alike(
    first: Candidate, second: Candidate, vectors: dict[int, Any], settings: SearchSettings
) -> bool:
    """Two chunks about the same fact: close vectors, or one line of ``second`` sharing
    ``same_line`` of the words of ``first``."""
    if (
        first.cid in vectors
        and second.cid in vectors
        and float(vectors[first.cid] @ vectors[second.cid]) >= settings.same_topic
    ):
        return True
    # A chunk of several items is alike when one of its lines is: the vector of a whole log
    # entry is an average of its facts and no longer close to the one fact it corrects.
    older = set(tokens(first.text)) - STOPWORDS
    for line in second.text.split("\n"):
        words = set(tokens(line)) - STOPWORDS
        smaller = min(len(older), len(words))
        if smaller and len(older & words) / smaller >= settings.same_line:
            return True
    return False


@lru_cache(maxsize=4096)
def date_key(value: str) -> int:
    digits = value.replace("-", "")
    return int(digits.ljust(8, "0")) if digits.isdigit() else 0
