"""When are two observations one? Restatements merged and distinct preferences kept apart.

The pool and the duplicate check (memstrata.evolve.known.same) merge two statements on shared
words, on the sentence's USE cosine (0.70, 0.62 across languages), or, since issue 11 round 3,
on aligned content words (memstrata.evolve.bilingual: the same word, a CC-CEDICT translation
or a word embedding as close as a translation) with a sentence cosine of at least 0.45.
Data in benchmarks/data/merging.py: 22 restatement pairs (none from the 21-day simulation)
and 40 distinct preferences, of which every one of the 780 pairs must stay apart. Prints, for
the old rule (words and sentence cosine) and the new one, the share of restatements merged
and the false-merge rate, with the pairs that merge wrongly.

    .venv/bin/python benchmarks/merging.py
"""

from __future__ import annotations

import itertools

from common import write_results
from data.merging import DISTINCT, SAME

from memstrata.core.config import EvolveSettings
from memstrata.evolve.bilingual import overlaps
from memstrata.evolve.known import same
from memstrata.providers.embedders import USEEmbedder


def main() -> None:
    embed = USEEmbedder().embed
    settings = EvolveSettings()
    pairs = [(a, b, True) for a, b in SAME] + [
        (a, b, False) for a, b in itertools.combinations(DISTINCT, 2)
    ]
    results: dict[str, dict] = {}
    for rule in ("words + sentence cosine", "+ aligned content words"):
        merged_same = 0
        wrong: list[str] = []
        for first, second, alike in pairs:
            vectors = embed([first, second])
            cosine = float(vectors[0] @ vectors[1])
            overlap = overlaps(first, [second], embed)[0] if rule.startswith("+") else None
            merged = same(first, second, settings.match, cosine, settings.match_embedding, overlap)
            if alike:
                merged_same += merged
            elif merged:
                wrong.append(f"{first} / {second} (cosine {cosine:.2f})")
        distinct_pairs = len(pairs) - len(SAME)
        results[rule] = {
            "restatements_merged": merged_same,
            "restatements": len(SAME),
            "false_merges": len(wrong),
            "distinct_pairs": distinct_pairs,
            "false_merge_rate": len(wrong) / distinct_pairs,
            "wrongly_merged": wrong,
        }
        print(
            f"{rule:<26} restatements merged {merged_same}/{len(SAME)} "
            f"({merged_same / len(SAME):.0%}); false merges {len(wrong)}/{distinct_pairs} "
            f"({len(wrong) / distinct_pairs:.2%})"
        )
        for pair in wrong:
            print(f"    wrongly merged: {pair}")
    print(f"wrote {write_results('merging', results)}")


if __name__ == "__main__":
    main()
