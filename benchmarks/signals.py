"""Signal detection quality: the learned classifier (what ``memstrata signal`` uses), the rules
alone (what the hooks use) and the design notes' trigger words alone, in the same run.

Prints per-label precision / recall / F1, macro-F1 over the six labels and the hard-negative
false-positive rate (share of hard negatives on which anything fires).

Data: the older hand-written sets in tests/data/ (the rules were written against the first
two, so they flatter the rules), and the corpus in benchmarks/data/signals/. The classifier
was trained on train_*, extra_*, round 1's holdout.jsonl and (since rounds 3 and 4)
holdout2/holdout3, so its numbers there are in-sample: its honest training estimate is the
leave-one-writer-out printed by benchmarks/train_signals.py. Each round's held-out set
(written by someone else, frozen before that round's training) is scored once with
``--holdout-file benchmarks/data/signals/holdoutN.jsonl`` (round 4: holdout4.jsonl): the file
must match the sha256 recorded beside it (``holdoutN.sha256``), or nothing is scored. The
corpus's in-sample score leaves out every held-out set named in HELD_OUT.

    .venv/bin/python benchmarks/signals.py [--holdout] [--holdout-file FILE]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

from common import ROOT, recall_table, write_results

from memstrata.capture.classifier import LABELS, detect_learned
from memstrata.capture.signals import detect
from memstrata.text.scripts import as_the_classifier_reads, simplified

TRIGGERS = {  # the design notes' words, matched anywhere
    "correction": r"不对|错了|应该是|wrong|not right|incorrect",
    "repeated_failure": r"又|再次|again|still",
    "new_knowledge": r"其实应该|你不知道的是|其实|actually|fyi|note that",
    "preference": r"我喜欢|以后都|别再|i prefer|i like|don't .* anymore",
    "satisfaction": r"牛啊|完美|就是这样|perfect|great|exactly|nice",
    "explicit_remember": r"记住|以后都这样|永远不要|必须|这是规定|下次也|remember|always|never|make sure you always",
}
CORPUS = ROOT / "benchmarks" / "data" / "signals"
# Held-out sets, never part of the training corpus's in-sample score.
HELD_OUT = frozenset(
    {
        "holdout2.jsonl",
        "holdout3.jsonl",
        "holdout4.jsonl",
        "holdout5.jsonl",
        "holdout6.jsonl",
        "holdout7.jsonl",
        "holdout8.jsonl",
        "holdout9.jsonl",
        "holdout10.jsonl",
        "holdout11.jsonl",
        "holdout12.jsonl",
    }
)


def baseline(text: str, context: str) -> set[str]:
    return {kind for kind, pattern in TRIGGERS.items() if re.search(pattern, text, re.IGNORECASE)}


def rules(text: str, context: str) -> set[str]:
    return {s.kind for s in detect(simplified(text), simplified(context), "user")} & set(LABELS)


def learned(text: str, context: str) -> set[str]:
    """What ``memstrata signal`` reads: traditional characters as simplified (text.scripts), the
    model written Cantonese as typed."""
    reading = simplified(text)
    return learned_as_typed(reading, simplified(context), as_the_classifier_reads(reading, text))


def learned_as_typed(text: str, context: str, typed: str | None = None) -> set[str]:
    found = detect_learned(text, context, typed=typed)
    if found is None:
        sys.exit("the learned classifier did not load (src/memstrata/capture/signal_model.npz)")
    return {s.kind for s in found} & set(LABELS)


def written_in(rows: list[dict], config: str) -> list[dict]:
    """``rows`` as a writer of traditional characters would type them (OpenCC: s2tw, s2twp,
    s2hk; ``pip install opencc``, a measurement only)."""
    import opencc

    convert = opencc.OpenCC(config).convert
    return [dict(r, text=convert(r["text"]), context=convert(r.get("context", ""))) for r in rows]


def score(rows: list[dict], predict) -> tuple[list[dict], float, float]:
    counts = {kind: {"tp": 0, "fp": 0, "fn": 0} for kind in LABELS}
    hard_fired = 0
    for row in rows:
        got = predict(row["text"], row.get("context", ""))
        want = set(row["labels"])
        for kind in LABELS:
            if kind in got and kind in want:
                counts[kind]["tp"] += 1
            elif kind in got:
                counts[kind]["fp"] += 1
            elif kind in want:
                counts[kind]["fn"] += 1
        hard_fired += bool(row["hard_negative"] and got)
    table = []
    for kind in LABELS:
        c = counts[kind]
        precision = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else 0.0
        recall = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        table.append(
            {
                "label": kind,
                "support": c["tp"] + c["fn"],
                "precision": precision,
                "recall": recall,
                "f1": f1,
            }
        )
    scored = [row for row in table if row["support"]]
    macro = sum(row["f1"] for row in scored) / len(scored) if scored else 0.0
    hard = sum(r["hard_negative"] for r in rows)
    return table, macro, hard_fired / hard if hard else 0.0


def frozen(path: Path) -> Path:
    """``path``, after checking it against the sha256 written when it was frozen
    (``holdout3.jsonl`` → ``holdout3.sha256`` beside it); exits when it differs or is missing."""
    record = path.with_suffix(".sha256")
    if not record.is_file():
        sys.exit(f"{path}: no {record.name} beside it: not a frozen set")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != record.read_text().split()[0]:
        sys.exit(f"{path}: sha256 {digest} differs from {record.name}: not the frozen set")
    return path


def _load(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--holdout", action="store_true", help="Also score the frozen held-out set 2."
    )
    parser.add_argument(
        "--holdout-file",
        type=Path,
        metavar="FILE",
        help="Also score this frozen held-out file, checked against FILE's .sha256 beside it.",
    )
    parser.add_argument(
        "--held-out-only",
        action="store_true",
        help="Score only the held-out file (no hand-written sets, no in-sample corpus).",
    )
    parser.add_argument(
        "--written-in",
        metavar="OPENCC_CONFIG",
        help="Score the sets as written in traditional characters (s2tw, s2twp, s2hk), read as "
        "simplified (the product) and as typed (before text/scripts.py).",
    )
    args = parser.parse_args()
    if args.held_out_only and not args.holdout_file:
        sys.exit("--held-out-only needs --holdout-file")
    sets: dict[str, Path | list[Path]] = {}
    if not args.held_out_only:
        for name in ("signals.jsonl", "signals_holdout.jsonl", "signals_holdout2.jsonl"):
            sets[f"tests/data/{name}"] = ROOT / "tests" / "data" / name
        sets["corpus train (in-sample for the classifier)"] = sorted(
            path for path in CORPUS.glob("*.jsonl") if path.name not in HELD_OUT
        )
    if args.holdout:
        sets["corpus HOLD-OUT 2 (frozen before round 2, scored once)"] = frozen(
            CORPUS / "holdout2.jsonl"
        )
    if args.holdout_file:
        if args.holdout_file.name not in HELD_OUT:
            sys.exit(f"{args.holdout_file}: not a held-out set named in HELD_OUT")
        sets[f"HOLD-OUT {args.holdout_file.name} (frozen, scored once)"] = frozen(args.holdout_file)
    results = {}
    for name, paths in sets.items():
        rows = [
            row for path in (paths if isinstance(paths, list) else [paths]) for row in _load(path)
        ]
        methods = [
            ("learned classifier + rules", learned),
            ("rules alone", rules),
            ("trigger words only", baseline),
        ]
        if args.written_in:
            rows = written_in(rows, args.written_in)
            name = f"{name} written in {args.written_in}"
            methods.insert(1, ("learned classifier + rules, read as typed", learned_as_typed))
        for method, predict in methods:
            table, macro, hard_fp = score(rows, predict)
            results[f"{name}: {method}"] = {
                "labels": table,
                "macro_f1": macro,
                "hard_negative_fp_rate": hard_fp,
                "utterances": len(rows),
            }
            hard = sum(r["hard_negative"] for r in rows)
            print(
                recall_table(
                    f"{name} / {method}: {len(rows)} utterances",
                    table,
                    ["label", "support", "precision", "recall", "f1"],
                )
            )
            print(f"macro-F1 {macro:.3f}; hard negatives that fire: {hard_fp:.1%} of {hard}\n")
    name = (
        f"signals_{args.holdout_file.stem}{'_' + args.written_in if args.written_in else ''}"
        if args.holdout_file
        else "signals_holdout"
        if args.holdout
        else "signals"
    )
    print(f"wrote {write_results(name, results)}")


if __name__ == "__main__":
    main()
