"""What search says when memory holds no answer (benchmarks/data/nomatch, issue 14).

Blind queries whose answer is not in the recall set's workspace, beside the recall set's own
queries (which have one): how often the top hit is flagged ``weak`` (the hybrid score is under
``search.WEAK_MATCH``) for each. A weak flag on a query with no answer is right; on a query
with one, the gold lines are still returned (hits are flagged, never dropped) but the agent is
told not to trust the nearest hit.

    .venv/bin/python benchmarks/nomatch.py [--split A|B]      # B is the held-out part
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import defaultdict
from pathlib import Path

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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", default="A", choices=("A", "B"))
    args = parser.parse_args()
    from memstrata.recall.index import open_index
    from memstrata.recall.search import WEAK_MATCH, search

    embedder = make_embedder("use")
    ws = adopt_workspace({})
    open_index(ws, embedder).sync(embed=True)
    flagged: dict[str, list[bool]] = defaultdict(list)
    for query in _frozen(args.split):
        hits = search(ws, query["query"], k=5, embedder=embedder).results
        flagged[f"no answer: {query['kind']}"].append(not hits or hits[0].weak)
        flagged["no answer: all"].append(not hits or hits[0].weak)
    lost = 0
    for query in load_queries():
        hits = search(ws, query["query"], k=10, embedder=embedder).results
        flagged[f"answer ({query['split']})"].append(bool(hits) and hits[0].weak)
        rank = strict_rank(hits, query["targets"])
        lost += rank is not None and any(hit.weak for hit in hits[: rank + 1])
    rows = [
        {"queries": group, "n": len(marks), "top hit weak": f"{sum(marks) / len(marks):.2f}"}
        for group, marks in sorted(flagged.items())
    ]
    print(
        recall_table(
            f"Top hit flagged weak (score < {WEAK_MATCH}), no-match set {args.split}",
            rows,
            ["queries", "n", "top hit weak"],
        )
    )
    print(f"\nrecall-set queries whose gold lines are reached only through a weak hit: {lost}")
    write_results(
        f"nomatch_{args.split}", {"weak_match": WEAK_MATCH, "rows": rows, "gold_behind_weak": lost}
    )


if __name__ == "__main__":
    main()
