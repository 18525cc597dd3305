"""When are two observations one? Restatements merged and distinct preferences kept apart.

The pool and the duplicate check (memstrata.evolve.known.same) merge two statements on shared
words, on the sentence's USE cosine (0.70, 0.62 across languages), or, since issue 11 round 3,
on aligned content words (memstrata.evolve.bilingual: the same word, a CC-CEDICT translation
or a word embedding as close as a translation) with a sentence cosine of at least 0.45.
Data in benchmarks/data/merging.py: 22 restatement pairs (none from the 21-day simulation)
and 40 distinct preferences, of which every one of the 780 pairs must stay apart. Prints, for
the old rule (words and sentence cosine) and the new one, the share of restatements merged
and the false-merge rate, with the pairs that merge wrongly; and how many pairs of opposite
preferences merge (OPPOSITE_DEV, the tester's pairs polarity.py was built on; OPPOSITE_HELD,
never tuned on). Both rules call known.same, so both include the polarity check where the code
has it: run it on main's code to see the numbers before it. Since issue 11 round 9 also the
pairs of benchmarks/data/merging_details.py (written blind, then used to build
memstrata.evolve.changes: a development set): 40 restatements with other details on both sides
(should merge) and 40 changes of value (must not: a change counted as a repeat is lost); and
the 40 pairs of benchmarks/data/merging_shared_names.py (written blind): different facts that
share a name (must not merge: the second would be counted as a repeat and lost). The third rule
adds the learned restatement head (memstrata.evolve.restatement; these pairs are in its
training data, so its row here is in-sample: benchmarks/train_restatements.py reports it
leaving them out).

    .venv/bin/python benchmarks/merging.py
"""

from __future__ import annotations

import itertools

from common import write_results
from data.merging import DISTINCT, OPPOSITE_DEV, OPPOSITE_HELD, SAME
from data.merging_details import CHANGED_VALUE, RESTATED_WITH_DETAILS
from data.merging_shared_names import DIFFERENT_SHARING_A_NAME

from memstrata.core.config import EvolveSettings
from memstrata.evolve.bilingual import overlaps
from memstrata.evolve.known import same
from memstrata.providers.embedders import USEEmbedder


def main() -> None:
    embed = USEEmbedder().embed
    settings = EvolveSettings()
    pairs = [(a, b, "same") for a, b in SAME] + [
        (a, b, "distinct") for a, b in itertools.combinations(DISTINCT, 2)
    ]
    pairs += [(a, b, "opposite_dev") for a, b in OPPOSITE_DEV]
    pairs += [(a, b, "opposite_held") for a, b in OPPOSITE_HELD]
    pairs += [(a, b, "details") for a, b in RESTATED_WITH_DETAILS]
    pairs += [(a, b, "changed") for a, b in CHANGED_VALUE]
    pairs += [(a, b, "one_name") for a, b in DIFFERENT_SHARING_A_NAME]
    results: dict[str, dict] = {}
    for rule in ("words + sentence cosine", "+ aligned content words", "+ the restatement head"):
        merged_same = merged_details = 0
        changes_merged: list[str] = []
        one_name_merged: list[str] = []
        wrong: list[str] = []
        opposites: dict[str, list[str]] = {"opposite_dev": [], "opposite_held": []}
        for first, second, kind in pairs:
            vectors = embed([first, second])
            cosine = float(vectors[0] @ vectors[1])
            overlap = overlaps(first, [second], embed)[0] if rule.startswith("+") else None
            merged = same(
                first,
                second,
                settings.match,
                cosine,
                settings.match_embedding,
                overlap,
                embed if rule.startswith("+") else None,
                (vectors[0], vectors[1]) if rule.endswith("head") else None,
            )
            if kind == "same":
                merged_same += merged
            elif kind == "details":
                merged_details += merged
            elif kind in ("changed", "one_name"):
                if merged:
                    (changes_merged if kind == "changed" else one_name_merged).append(
                        f"{first} / {second} (cosine {cosine:.2f})"
                    )
            elif merged:
                (wrong if kind == "distinct" else opposites[kind]).append(
                    f"{first} / {second} (cosine {cosine:.2f})"
                )
        distinct_pairs = len(DISTINCT) * (len(DISTINCT) - 1) // 2
        results[rule] = {
            "restatements_merged": merged_same,
            "restatements": len(SAME),
            "false_merges": len(wrong),
            "distinct_pairs": distinct_pairs,
            "false_merge_rate": len(wrong) / distinct_pairs,
            "wrongly_merged": wrong,
            "opposites_merged_dev": len(opposites["opposite_dev"]),
            "opposites_dev": len(OPPOSITE_DEV),
            "opposites_merged_held": len(opposites["opposite_held"]),
            "opposites_held": len(OPPOSITE_HELD),
            "opposites_wrongly_merged": opposites["opposite_dev"] + opposites["opposite_held"],
            "restated_with_details_merged": merged_details,
            "restated_with_details": len(RESTATED_WITH_DETAILS),
            "changes_merged": len(changes_merged),
            "changes": len(CHANGED_VALUE),
            "changes_wrongly_merged": changes_merged,
            "one_name_two_facts_merged": len(one_name_merged),
            "one_name_two_facts": len(DIFFERENT_SHARING_A_NAME),
            "one_name_wrongly_merged": one_name_merged,
        }
        print(
            f"{rule:<26} restatements merged {merged_same}/{len(SAME)} "
            f"({merged_same / len(SAME):.0%}); false merges {len(wrong)}/{distinct_pairs} "
            f"({len(wrong) / distinct_pairs:.2%}); opposites merged "
            f"{len(opposites['opposite_dev'])}/{len(OPPOSITE_DEV)} (dev), "
            f"{len(opposites['opposite_held'])}/{len(OPPOSITE_HELD)} (held out); "
            f"restated with details merged {merged_details}/{len(RESTATED_WITH_DETAILS)}, "
            f"changes merged {len(changes_merged)}/{len(CHANGED_VALUE)}, "
            f"different facts sharing a name merged {len(one_name_merged)}/"
            f"{len(DIFFERENT_SHARING_A_NAME)}"
        )
        for pair in (
            wrong
            + opposites["opposite_dev"]
            + opposites["opposite_held"]
            + changes_merged
            + one_name_merged
        ):
            print(f"    wrongly merged: {pair}")
    print(f"wrote {write_results('merging', results)}")


if __name__ == "__main__":
    main()
