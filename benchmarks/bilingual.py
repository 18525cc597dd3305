"""Our own bilingual recall set (benchmarks/data/bilingual_workspace.py): 100+ queries over a
realistic zh/en workspace with exact and paraphrased queries in both languages, cross-lingual
queries, 2-character Chinese queries and stale-vs-corrected facts.

A hit at k: a top-k chunk covers the line holding the query's target marker. For stale pairs,
``newer first`` counts the queries where the corrected line ranks above the stale copy (or the
stale copy is absent from the top 10). The workspace clock is 2026-04-20.

    .venv/bin/python benchmarks/bilingual.py [--embedder use|hash]
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from datetime import datetime

from common import (
    MODES,
    build_workspace,
    make_embedder,
    mean,
    parse_overrides,
    recall_table,
    write_results,
)
from data.bilingual_workspace import FILES, QUERIES


def marker_lines() -> dict[str, tuple[str, int]]:
    found = {}
    for path, text in FILES.items():
        for number, line in enumerate(text.split("\n"), start=1):
            for word in line.replace("。", " ").replace(".", " ").split():
                if word.startswith("M") and word[1:3].isdigit():
                    found[word] = (path, number)
    return found


def rank_of(results: list, target: tuple[str, int]) -> int | None:
    for rank, hit in enumerate(results):
        if hit.path == target[0] and hit.start_line <= target[1] <= hit.end_line:
            return rank
    return None


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--embedder", default="use")
    parser.add_argument(
        "--set", action="append", default=[], help="search setting override, e.g. near_tie=0.05"
    )
    args = parser.parse_args()
    overrides = parse_overrides(args.set)
    from memstrata.core.workspace import Workspace
    from memstrata.recall.search import search

    embedder = make_embedder(args.embedder)
    ws, stats = build_workspace(FILES, embedder, search=overrides)
    ws = Workspace.open(ws.root, clock=lambda: datetime(2026, 4, 20, 9, 0))
    where = marker_lines()
    metrics: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    misses: dict[str, list[str]] = defaultdict(list)
    for query, category, target, stale in QUERIES:
        for mode in MODES:
            results = search(ws, query, k=10, mode=mode, embedder=embedder).results
            rank = rank_of(results, where[target])
            for group in (category, "overall"):
                metrics[(mode, group, "recall@1")].append(float(rank is not None and rank < 1))
                metrics[(mode, group, "recall@5")].append(float(rank is not None and rank < 5))
                metrics[(mode, group, "recall@10")].append(float(rank is not None))
                metrics[(mode, group, "mrr@10")].append(
                    1.0 / (rank + 1) if rank is not None else 0.0
                )
            if stale:
                stale_rank = rank_of(results, where[stale])
                newer_first = rank is not None and (stale_rank is None or rank < stale_rank)
                metrics[(mode, "stale pairs", "newer_first")].append(float(newer_first))
            if mode == "hybrid" and (rank is None or rank >= 5):
                misses[category].append(query)
    categories = [*sorted({q[1] for q in QUERIES}), "overall"]
    columns = ["recall@1", "recall@5", "recall@10", "mrr@10"]
    rows = [
        {
            "mode": mode,
            "category": cat,
            "n": len(metrics[(mode, cat, "recall@5")]),
            **{c: mean(metrics[(mode, cat, c)]) for c in columns},
        }
        for mode in MODES
        for cat in categories
    ]
    print(
        recall_table(
            f"Bilingual recall ({len(QUERIES)} queries)", rows, ["mode", "category", "n", *columns]
        )
    )
    stale_rows = [
        {
            "mode": m,
            "n": len(metrics[(m, "stale pairs", "newer_first")]),
            "newer_first": mean(metrics[(m, "stale pairs", "newer_first")]),
        }
        for m in MODES
    ]
    print()
    print(
        recall_table(
            "Stale vs corrected facts: corrected one ranked first",
            stale_rows,
            ["mode", "n", "newer_first"],
        )
    )
    print(f"\nhybrid misses at 5: {dict(misses)}")
    print(
        f"wrote {write_results('bilingual', {'embedder': embedder.name, 'rows': rows, 'stale': stale_rows, 'misses': misses, 'build': stats})}"
    )


if __name__ == "__main__":
    main()
