"""Changes kept apart and repeats merged: the duplicate decision on three testers' pair sets.

When a user says something on two days, the learning loop decides whether the later statement
repeats the earlier (counted on the existing entry) or is another entry; when the later changes a
value of the earlier (another owner, limit or host), merging it loses the change. Three
fresh-context testers wrote pairs to break that decision as a black box (issue 11, rounds 24-25):
review29 (371 pairs, hunting lost changes), review30 (279 repeats hunting repeats split as
changes, and 22 changes), review31 (103 changes and 80 repeats aimed at the unit, holder and
"still" rules). Each was read while building the rules after it: all three are development sets.
Data: benchmarks/data/change_pairs/*.tsv (expected, earlier, later).

For each pair: the decision the loop makes (``known.match_score`` >= 1: a repeat) with the real
USE embedder, and whether the later reads as a change (``known.contradicts``).

    .venv/bin/python benchmarks/change_pairs.py
"""

from __future__ import annotations

from pathlib import Path

from common import CachedEmbedder, recall_table, write_results

from memstrata.core.config import EvolveSettings
from memstrata.evolve import known
from memstrata.providers.embedders import USEEmbedder

DATA = Path(__file__).parent / "data" / "change_pairs"


def _pairs(path: Path) -> list[tuple[str, str, str]]:
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        expected, earlier, later = line.split("\t")
        if expected not in ("change", "repeat"):
            raise SystemExit(f"{path}:{number}: expected 'change' or 'repeat', got {expected!r}")
        rows.append((expected, earlier, later))
    return rows


def main() -> None:
    embed = CachedEmbedder(USEEmbedder()).embed
    settings = EvolveSettings()
    rows, wrong = [], []
    for path in sorted(DATA.glob("*.tsv")):
        counts: dict[str, dict[str, int]] = {}
        for expected, earlier, later in _pairs(path):
            first, second = embed([earlier, later])
            cosine = float(first @ second)
            overlap = known.close_overlaps(earlier, [later], [cosine], embed)[0]
            score = known.match_score(
                earlier,
                later,
                settings.match,
                cosine,
                settings.match_embedding,
                overlap,
                embed,
                (first, second),
            )
            repeat, change = score >= 1.0, known.contradicts(earlier, later)
            seen = counts.setdefault(expected, {"pairs": 0, "merged": 0, "read_as_change": 0})
            seen["pairs"] += 1
            seen["merged"] += repeat
            seen["read_as_change"] += change
            if repeat != (expected == "repeat"):
                wrong.append(f"{path.stem} {expected}: {earlier} || {later}")
        for expected, seen in sorted(counts.items()):
            rows.append({"set": path.stem, "expected": expected, **seen})
    print(
        recall_table(
            "The duplicate decision on the testers' pairs (a change merged is lost)",
            rows,
            ["set", "expected", "pairs", "merged", "read_as_change"],
        )
    )
    print(f"\n{len(wrong)} pairs decided against their label:")
    print("\n".join(f"  {line}" for line in wrong))
    print(f"wrote {write_results('change_pairs', {'rows': rows, 'wrong': wrong})}")


if __name__ == "__main__":
    main()
