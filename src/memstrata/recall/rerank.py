"""Second stage of hybrid search: the top of the fused list re-ordered by a linear model.

The fusion (recall/ranking.py) decides which chunks are candidates and gives a first order;
its weights were set by hand. Here the same evidence plus signals the fusion does not see
(the query's words in a chunk's heading path; the query's numbers and versions verbatim; the
query's words together in one line; a date inside the time the query names) are
weighed by a pairwise logistic regression fitted by ``benchmarks/fit_rerank.py`` on the recall
set's dev part and LoCoMo (each weighing half), cross-validated over queries. The weights are
shipped as constants: no model, no download, a few microseconds per candidate.

Measured and left out (cross-validated pool MRR did not rise, or fell on one set): role priors
(MEMORY.md, principles, lessons, reference files), a one-line bonus, "every word matched",
plain recency, the query's names (identifiers, capitalised words) found verbatim, the vector's
weight growing when the lexical side matched little or the chunk is in the other language, and
pairwise "supersedes / superseded" flags (``newer_first`` keeps that job).
"""

from __future__ import annotations

import re
from datetime import date

from memstrata.recall.query import QueryPlan
from memstrata.recall.ranking import Candidate, Evidence, recency

FEATURES = (
    "vector",  # cosine with the query
    "coverage",  # IDF-weighted share of the query matched (translations included)
    "bm25",  # BM25 relative to the best hit, scaled by the best hit's coverage
    "heading",  # share of the query matched by the heading path alone
    "numbers",  # share of the query's numbers and versions found verbatim
    "current_recency",  # 0.5 ** (age / half-life), for queries asking for the value now
    "decision_memory",  # a MEMORY.md bullet, for queries asking what was decided
    "line",  # the best share of the query matched within one line
    "window",  # dated inside the time the query names
)

# Fitted by benchmarks/fit_rerank.py (see BENCHMARKS.md), scaled so that ``vector`` is 0.7.
WEIGHTS = {
    "vector": 0.700,
    "coverage": 0.112,
    "bm25": 0.182,
    "heading": 0.102,
    "numbers": 0.044,
    "current_recency": 0.222,
    "decision_memory": 0.195,
    "line": 0.156,
    "window": 0.234,
}

_NUMBER = re.compile(r"[0-9][0-9a-z.$¥%:-]*|[$¥][0-9][0-9.,]*", re.IGNORECASE)


def pool_features(
    pool: list[Candidate],
    plan: QueryPlan,
    evidence: Evidence,
    bm25: dict[int, float],
    today: date,
    half_life_days: float,
) -> list[list[float]]:
    """The feature vector of every candidate of ``pool``, in ``FEATURES`` order. BM25 is
    relative to the best hit and scaled by the best coverage, as the fusion does."""
    best_bm25 = max(bm25.values(), default=0.0) or 1.0
    confidence = max((c.lexical for c in pool), default=0.0)
    numbers = [n.rstrip(".") for n in _NUMBER.findall(plan.text.lower())]
    rows = []
    for cand in pool:
        text = cand.text.lower()
        rows.append(
            [
                max(cand.vector, 0.0),
                cand.lexical,
                confidence * bm25.get(cand.cid, 0.0) / best_bm25,
                evidence.heading_coverage(cand.heading),
                sum(n in text for n in numbers) / len(numbers) if numbers else 0.0,
                recency(cand.date, today, half_life_days) if plan.current else 0.0,
                float(plan.decision and cand.role == "long_term"),
                evidence.line_coverage(cand.text),
                plan.window.nearness(cand.date) if plan.window else 0.0,
            ]
        )
    return rows


def rerank(
    pool: list[Candidate],
    plan: QueryPlan,
    evidence: Evidence,
    bm25: dict[int, float],
    today: date,
    half_life_days: float,
) -> list[Candidate]:
    """``pool`` re-scored by the linear model, best first. The model's output is mapped onto
    the pool's range of fused scores, so scores stay comparable with the candidates below the
    pool and the near-tie margin of ``newer_first`` keeps its meaning (measured: the raw
    output, on a narrower scale, let stale facts win near ties on the bilingual set)."""
    if len(pool) < 2:
        return pool
    weights = [WEIGHTS[name] for name in FEATURES]
    rows = pool_features(pool, plan, evidence, bm25, today, half_life_days)
    raw = {
        c.cid: sum(w * f for w, f in zip(weights, row, strict=True))
        for c, row in zip(pool, rows, strict=True)
    }
    low, high = min(c.score for c in pool), max(c.score for c in pool)
    lowest, span = min(raw.values()), (max(raw.values()) - min(raw.values())) or 1.0
    for cand in pool:
        cand.score = low + (high - low) * (raw[cand.cid] - lowest) / span
    return sorted(pool, key=lambda c: -raw[c.cid])  # the model's order, even when scores tie
