"""Statements that name one value: one fact told again, or two facts (issue 11, session 44)?

Each pair of ``benchmarks/data/value_pairs*/pairs.jsonl`` (written blind) names the same
specific value on both sides (a host, a bucket, a topic, an account); half say one fact again
in other words, half say different things about the value (another thing at the same place,
another fact about it, a change, an opposite, another scope). The loop's decision is
``known.match_score`` >= 1 with the real USE embeddings, as ``known.find`` decides before a
repeat only strengthens an entry. A restatement kept apart is a duplicate; a different fact
merged is a fact lost, the worse error.

``value_pairs`` (160 pairs, first writer) is the development set; ``value_pairs2`` (200 pairs,
second writer) is held out: frozen before it was first read, scored once per finished change.

    .venv/bin/python benchmarks/value_pairs.py [--set value_pairs] [--misses]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from common import ROOT, recall_table, write_results

from memstrata.core.config import EvolveSettings
from memstrata.evolve import known
from memstrata.providers.embedders import USEEmbedder

SETS = ("value_pairs", "value_pairs2")
HELD_OUT = frozenset({"value_pairs2"})


def decide(pairs: list[dict], embed, settings: EvolveSettings) -> list[bool]:
    """Whether the loop takes each pair's second statement for a repeat of its first."""
    texts = sorted({text for pair in pairs for text in (pair["a"], pair["b"])})
    vectors = dict(zip(texts, embed(texts), strict=True))
    merged = []
    for pair in pairs:
        first, second = pair["a"], pair["b"]
        mine, theirs = vectors[first], vectors[second]
        cosine = float(mine @ theirs)
        overlap = known.close_overlaps(first, [second], [cosine], embed)[0]
        score = known.match_score(
            first,
            second,
            settings.match,
            cosine,
            settings.match_embedding,
            overlap,
            embed,
            (mine, theirs),
        )
        merged.append(score >= 1.0)
    return merged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", action="append", choices=SETS, help="default: both")
    parser.add_argument("--misses", action="store_true", help="print each wrong decision")
    args = parser.parse_args()
    embed = USEEmbedder().embed
    settings = EvolveSettings()
    results: dict[str, dict] = {}
    rows = []
    for name in args.set or SETS:
        path = ROOT / "benchmarks" / "data" / name / "pairs.jsonl"
        pairs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        merged = decide(pairs, embed, settings)
        total: Counter[str] = Counter()
        wrong: Counter[str] = Counter()
        for pair, took in zip(pairs, merged, strict=True):
            kind = "restated" if pair["same"] else pair["kind"]
            total[kind] += 1
            wrong[kind] += took != pair["same"]
            if args.misses and took != pair["same"]:
                print(f"{name} {kind}: {pair['a']} / {pair['b']}")
        same = [p for p in pairs if p["same"]]
        different = [p for p in pairs if not p["same"]]
        row = {
            "set": name + (" (held out)" if name in HELD_OUT else " (dev)"),
            "restatements merged": (total["restated"] - wrong["restated"]) / len(same),
            "different facts merged": sum(wrong[k] for k in total if k != "restated")
            / len(different),
        }
        for kind in sorted(k for k in total if k != "restated"):
            row[kind] = f"{wrong[kind]}/{total[kind]}"
        rows.append(row)
        results[name] = {"pairs": len(pairs), **row, "kinds": dict(total), "wrong": dict(wrong)}
    columns = list(dict.fromkeys(column for row in rows for column in row))
    print(recall_table("one value on both sides: what the loop merges", rows, columns))
    print(f"wrote {write_results('value_pairs', results)}")


if __name__ == "__main__":
    main()
