"""Train and measure the learned restatement head (memstrata.evolve.restatement, issue 11).

Data: benchmarks/data/restatements/writer_1..10.jsonl, 300 pairs each written blind by ten
fresh-context writers from WRITING_BRIEF.md, each in its own domain (payments backend, data
engineering, frontend, SRE/security, Unity games, LLM applications, Android, DBA, a Taipei
full-stack developer, ML platform), half restatements (reworded, in the other language, with
other details, as a complaint, terse against long) and half different statements (a changed
value, another fact about the same name, an opposite, another rule on the same topic,
unrelated); and the pairs written here (benchmarks/data/merging*.py) as one more group, "dev".
writer_6 was round 10's frozen held-out (scored once, training data since); an eleventh
writer's 300 pairs (heldout_writer_11.jsonl, a technical writer) were frozen by sha256 before
the retraining; writers 12, 15 and 16 joined the training data in rounds 24 and 38, and
heldout_writer_11, _13 and _14 are scored with ``--score`` only (never fitted on).

Since round 38 each pair is also read through USE with its top layers tuned for restatements
(``tune_restatement_model.py``): the head's input gains that cosine, and the training groups
are embedded by a tuning fitted without their fold (``--oof``), so the head learns how far the
tuned cosine holds on pairs the tuning never saw.

Prints, leaving one group out at a time, the share of restatements and of different statements
merged by the hand rules alone (known.rules_match) and by the rules or a sure head (what
known.same now does), by kind; then fits the head on every training group (each group weighing
alike, classes balanced, each pair in both orders) and writes
src/memstrata/evolve/restatement_model.npz. Needs scikit-learn (`pip install -e '.[train]'`).

    .venv/bin/python benchmarks/tune_restatement_model.py --oof benchmarks/results/restatement_oof.npz
    .venv/bin/python benchmarks/train_restatements.py     # leave-one-group-out + fit
    .venv/bin/python benchmarks/train_restatements.py --score heldout_writer_11,heldout_writer_13
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
from common import CachedEmbedder, write_results
from data.merging import DISTINCT, OPPOSITE_DEV, OPPOSITE_HELD, SAME
from data.merging_details import CHANGED_VALUE, RESTATED_WITH_DETAILS
from data.merging_shared_names import DIFFERENT_SHARING_A_NAME

from memstrata.core.config import EvolveSettings
from memstrata.evolve import known, restatement
from memstrata.evolve.bilingual import overlaps
from memstrata.providers.embedders import USEEmbedder

DATA = Path(__file__).parent / "data" / "restatements"
OUT_OF_FOLD = Path(__file__).parent / "results" / "restatement_oof.npz"
# L2 strength of the logistic head (scikit-learn's C), chosen by leave-one-writer-out among
# 0.01 / 0.03 / 0.1 / 0.3 (AUC 0.83 mean at 0.03; 0.1 and 0.3 slightly lower).
C = 0.03
# Random pairs added to each group as different statements (``random_pairs``).
RANDOM_PAIRS = 200
CJK = re.compile(r"[\u4e00-\u9fff]")
Pair = tuple[str, str, bool, str]  # earlier, later, same?, kind


def writer_pairs(path: Path) -> list[Pair]:
    pairs = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        row = json.loads(line)
        if not (isinstance(row["a"], str) and isinstance(row["b"], str)):
            raise SystemExit(f"{path}:{number}: a and b must be strings")
        pairs.append((row["a"], row["b"], bool(row["same"]), str(row["kind"])))
    return pairs


def dev_pairs() -> list[Pair]:
    pairs: list[Pair] = [(a, b, True, "same") for a, b in SAME]
    pairs += [(a, b, False, "distinct") for a, b in itertools.combinations(DISTINCT, 2)]
    pairs += [(a, b, False, "opposite") for a, b in OPPOSITE_DEV + OPPOSITE_HELD]
    pairs += [(a, b, True, "with_details") for a, b in RESTATED_WITH_DETAILS]
    pairs += [(a, b, False, "changed_value") for a, b in CHANGED_VALUE]
    pairs += [(a, b, False, "shared_name_other_fact") for a, b in DIFFERENT_SHARING_A_NAME]
    return pairs


def training_groups() -> dict[str, list[Pair]]:
    """The groups the head (and the restatement tuning) learn from: the pairs written here and
    every ``writer_*.jsonl`` (the held-out writers are named ``heldout_writer_*``)."""
    groups = {"dev": dev_pairs()}
    for path in sorted(DATA.glob("writer_*.jsonl")):
        groups[path.stem] = writer_pairs(path)
    return groups


def random_pairs(pairs: list[Pair], seed: str, count: int = RANDOM_PAIRS) -> list[Pair]:
    """Two statements of different pairs of one writer, half of them across languages: almost
    surely different things in the same voice. Without them the head read "one Chinese, one
    English" as a restatement (the writers' cross-language pairs are mostly restatements) and
    merged "Commit messages in English please" with "我更喜欢先看结论，再看细节" at 0.90."""
    import random

    rng = random.Random(seed)
    texts = [(i, t) for i, p in enumerate(pairs) for t in p[:2]]
    chinese = [x for x in texts if CJK.search(x[1])]
    english = [x for x in texts if not CJK.search(x[1])]
    found: list[Pair] = []
    while len(found) < count:
        if len(found) % 2 and chinese and english:
            (i, first), (j, second) = rng.choice(chinese), rng.choice(english)
        else:
            (i, first), (j, second) = rng.sample(texts, 2)
        if i != j:
            found.append((first, second, False, "random"))
    return found


class Row:
    """One pair with what both deciders need; ``tuned`` embeds a text with the restatement
    tuning of USE (out of fold for the training groups: ``tuned_out_of_fold``)."""

    def __init__(
        self, group: str, pair: Pair, embed: Any, settings: EvolveSettings, tuned: Any
    ) -> None:
        self.group = group
        self.first, self.second, self.same, self.kind = pair
        u, v = embed([self.first, self.second])
        self.cosine = cosine = float(u @ v)
        self.overlap = (
            overlaps(self.first, [self.second], embed)[0]
            if cosine >= known.CONTENT_COSINE
            else None
        )
        self.rule = (
            known.rules_match(
                self.first,
                self.second,
                settings.match,
                cosine,
                settings.match_embedding,
                self.overlap,
                embed,
            )
            >= 1.0
        )
        self.opposed = not restatement.may_restate(self.first, self.second)
        self.vectors = (u, v)
        t, w = tuned(self.first), tuned(self.second)
        self.tuned_cosine = float(t @ w)
        self.x = restatement.features(self.first, self.second, (u, v), self.overlap, embed, (t, w))
        self.x_swapped = restatement.features(
            self.second, self.first, (v, u), self.overlap, embed, (w, t)
        )


def tuned_out_of_fold(group: str) -> Any:
    """A group's texts as the restatement tuning fitted without that group's fold embeds them
    (``tune_restatement_model.py --oof``): the head must learn how far to trust the tuned
    cosine on pairs the tuning never saw, as it meets them in use."""
    if not OUT_OF_FOLD.is_file():
        raise SystemExit(
            f"{OUT_OF_FOLD}: missing; run benchmarks/tune_restatement_model.py --oof {OUT_OF_FOLD}"
        )
    with np.load(OUT_OF_FOLD) as kept:
        texts = json.loads(str(kept[f"{group}/texts"]))
        vectors = dict(zip(texts, kept[f"{group}/vectors"].astype(np.float32), strict=True))
    return vectors.__getitem__


def shipped_tuning(text: str) -> Any:
    found = restatement.tuned_vectors([text])
    if found is None:
        raise SystemExit("the restatement tuning of USE is missing: run tune_restatement_model.py")
    return found[0]


def fit(rows: list[Row]) -> Any:
    from sklearn.linear_model import LogisticRegression

    counts = Counter((r.group, r.same) for r in rows)
    weights = np.array([len(rows) / len(counts) / counts[(r.group, r.same)] for r in rows])
    x = np.vstack([np.stack([r.x for r in rows]), np.stack([r.x_swapped for r in rows])])
    y = np.array([r.same for r in rows] * 2)
    model = LogisticRegression(C=C, max_iter=5000)
    model.fit(x, y, sample_weight=np.concatenate([weights, weights]))
    return model


def merged_by_head(model: Any, rows: list[Row]) -> list[bool]:
    sure = model.predict_proba(np.stack([r.x for r in rows]))[:, 1]
    return [
        r.rule
        or (
            p >= restatement.SURE
            and r.tuned_cosine >= restatement.FLOOR
            and r.cosine >= restatement.PUBLISHED_FLOOR
            and not r.opposed
        )
        for r, p in zip(rows, sure, strict=True)
    ]


def table(title: str, rows: list[Row], decisions: dict[str, list[bool]]) -> dict[str, Any]:
    print(f"\n{title}")
    kinds = sorted({(r.same, r.kind) for r in rows}, key=lambda k: (not k[0], k[1]))
    print(f"{'pairs':34s} {'n':>5s} " + " ".join(f"{name:>16s}" for name in decisions))
    out: dict[str, Any] = {}
    for same, kind in [(True, "all restatements"), (False, "all different"), *kinds]:
        picked = [
            i
            for i, r in enumerate(rows)
            if r.same == same and kind in (r.kind, "all restatements", "all different")
        ]
        shares = {name: sum(d[i] for i in picked) / len(picked) for name, d in decisions.items()}
        label = f"{'same' if same else 'diff'}: {kind}"
        print(f"{label:34s} {len(picked):5d} " + " ".join(f"{v:16.3f}" for v in shares.values()))
        out[label] = {"n": len(picked), **shares}
    return out


def cost(rows: list[Row], embed: Any, settings: EvolveSettings) -> dict[str, float]:
    """Milliseconds per pair of the whole decision (known.match_score), rules alone and with
    the head (which runs only on pairs the rules keep apart at a tuned cosine >= FLOOR)."""
    import time

    timings = {}
    for name, with_head in (("rules", False), ("rules or head", True)):
        started = time.perf_counter()
        for r in rows:
            known.match_score(
                r.first,
                r.second,
                settings.match,
                r.cosine,
                settings.match_embedding,
                r.overlap,
                embed,
                r.vectors if with_head else None,
            )
        timings[name] = (time.perf_counter() - started) * 1000 / len(rows)
    print("ms per pair: " + ", ".join(f"{k} {v:.2f}" for k, v in timings.items()))
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--score",
        default="",
        help="writers kept out of every fit to score, e.g. heldout_writer_11,heldout_writer_13",
    )
    args = parser.parse_args()
    embed = CachedEmbedder(USEEmbedder()).embed
    settings = EvolveSettings()
    groups = training_groups()
    for name, pairs in list(groups.items()):
        groups[name] = pairs + random_pairs(pairs, name)
    rows = [
        Row(g, pair, embed, settings, tuned_out_of_fold(g))
        for g, pairs in groups.items()
        for pair in pairs
    ]
    results: dict[str, Any] = {"C": C, "sure": restatement.SURE}
    rules: list[bool] = []
    head: list[bool] = []
    ordered: list[Row] = []
    for group in groups:
        test = [r for r in rows if r.group == group]
        model = fit([r for r in rows if r.group != group])
        rules += [r.rule for r in test]
        head += merged_by_head(model, test)
        ordered += test
    writers = [i for i, r in enumerate(ordered) if r.group != "dev"]
    dev = [i for i, r in enumerate(ordered) if r.group == "dev"]
    for name, picked in (("the writers, each left out", writers), ("dev, left out", dev)):
        results[name] = table(
            f"Merged, {name} (share of pairs)",
            [ordered[i] for i in picked],
            {"rules": [rules[i] for i in picked], "rules or head": [head[i] for i in picked]},
        )
    model = fit(rows)
    target = Path(restatement.__file__).with_name("restatement_model.npz")
    np.savez_compressed(
        target,
        coef=model.coef_[0].astype(np.float32),
        intercept=np.float32(model.intercept_[0]),
    )
    print(f"\nwrote {target} ({target.stat().st_size} bytes; {len(rows)} pairs, both orders)")
    restatement._weights.cache_clear()  # the decision below reads the weights just written
    results["ms_per_pair"] = cost([r for r in rows if r.kind != "random"], embed, settings)
    for name in args.score.split(",") if args.score else []:
        held = [
            Row(name, pair, embed, settings, shipped_tuning)
            for pair in writer_pairs(DATA / f"{name}.jsonl")
        ]
        results[name] = table(
            f"Merged, {name} (share of pairs)",
            held,
            {"rules": [r.rule for r in held], "rules or head": merged_by_head(model, held)},
        )
    print(f"wrote {write_results('restatements', results)}")


if __name__ == "__main__":
    main()
