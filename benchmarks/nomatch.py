"""What search says when memory holds no answer (benchmarks/data/nomatch, issue 14).

Blind queries whose answer is not in the recall set's workspace, beside the recall set's own
queries (which have one): how often the top hit is flagged ``weak`` (its fused evidence is under
``[search] weak_below``) for each. A weak flag on a query with no answer is right; on a query
with one, the gold lines are still returned (hits are flagged, never dropped) but the agent is
told not to trust the nearest hit.

    .venv/bin/python benchmarks/nomatch.py [--split A|B] [--bars 0.2,0.22]   # B: held out
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from common import make_embedder, recall_table, write_results
from recall_bilingual import adopt_workspace, load_queries, strict_rank

DATA = Path(__file__).parent / "data" / "nomatch"


def _frozen(name: str) -> list[dict]:
    path = DATA / f"{name}.jsonl"
    sums = dict(
        reversed(line.split()) for line in (DATA / "SHA256SUMS").read_text().splitlines() if line
    )
    if hashlib.sha256(path.read_bytes()).hexdigest() != sums.get(path.name):
        sys.exit(f"{path}: not the frozen set (SHA256SUMS)")
    return [json.loads(line) for line in path.open(encoding="utf-8")]


def _flags(ws: Any, embedder: Any, queries: list[dict]) -> tuple[dict[str, list[bool]], int]:
    from memstrata.recall.search import search

    flagged: dict[str, list[bool]] = defaultdict(list)
    for query in queries:
        hits = search(ws, query["query"], k=5, embedder=embedder).results
        flagged[f"no answer: {query['kind']}"].append(not hits or hits[0].weak)
        flagged["no answer: all"].append(not hits or hits[0].weak)
    lost = 0
    for query in load_queries():
        hits = search(ws, query["query"], k=10, embedder=embedder).results
        flagged[f"answer ({query['split']})"].append(bool(hits) and hits[0].weak)
        rank = strict_rank(hits, query["targets"], query["any_gold"])
        lost += rank is not None and any(hit.weak for hit in hits[: rank + 1])
    return flagged, lost


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", default="A", choices=("A", "B"))
    parser.add_argument("--bars", default="0.22", help="weak_below values to compare")
    args = parser.parse_args()
    from memstrata.recall.index import open_index

    embedder = make_embedder("use")
    queries = _frozen(args.split)
    rows, results = [], {}
    for bar in [float(b) for b in args.bars.split(",")]:
        ws = adopt_workspace({"weak_below": bar})
        open_index(ws, embedder).sync(embed=True)
        flagged, lost = _flags(ws, embedder, queries)
        row = {"weak_below": bar, "gold only through a weak hit": lost}
        row |= {group: f"{sum(m) / len(m):.2f}" for group, m in sorted(flagged.items())}
        rows.append(row)
        results[str(bar)] = row
    columns = list(rows[0])
    print(
        recall_table(
            f"Top hit flagged weak, no-match set {args.split} (n: 50; answers 146 / 120)",
            rows,
            columns,
        )
    )
    write_results(f"nomatch_{args.split}", {"rows": rows})


if __name__ == "__main__":
    main()
