"""Signal detection quality on the labelled set tests/data/signals.jsonl.

Prints per-label precision / recall / F1, macro-F1 and the hard-negative false-positive rate
(share of hard negatives on which anything fires), for memstrata's rules and, in the same
run, for the design notes' trigger words alone (the baseline the issue measured at 0.43).

    .venv/bin/python benchmarks/signals.py
"""

from __future__ import annotations

import json
import re

from common import ROOT, recall_table, write_results

from memstrata.capture.signals import KINDS, detect

TRIGGERS = {  # the design notes' words, matched anywhere
    "correction": r"不对|错了|应该是|wrong|not right|incorrect",
    "repeated_failure": r"又|再次|again|still",
    "new_knowledge": r"其实应该|你不知道的是|其实|actually|fyi|note that",
    "preference": r"我喜欢|以后都|别再|i prefer|i like|don't .* anymore",
    "satisfaction": r"牛啊|完美|就是这样|perfect|great|exactly|nice",
    "explicit_remember": r"记住|以后都这样|永远不要|必须|这是规定|下次也|remember|always|never|make sure you always",
    "tool_error": r"error|exit code [1-9]|failed|fatal",
}


def baseline(text: str, context: str, source: str) -> set[str]:
    return {kind for kind, pattern in TRIGGERS.items() if re.search(pattern, text, re.IGNORECASE)}


def score(rows: list[dict], predict) -> tuple[list[dict], float, float]:
    counts = {kind: {"tp": 0, "fp": 0, "fn": 0} for kind in KINDS}
    hard_fired = 0
    for row in rows:
        got = predict(row["text"], row.get("context", ""), row.get("source", "user"))
        want = set(row["labels"])
        for kind in KINDS:
            if kind in got and kind in want:
                counts[kind]["tp"] += 1
            elif kind in got:
                counts[kind]["fp"] += 1
            elif kind in want:
                counts[kind]["fn"] += 1
        hard_fired += bool(row["hard_negative"] and got)
    table = []
    for kind in KINDS:
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
    macro = sum(row["f1"] for row in table) / len(table)
    hard = sum(r["hard_negative"] for r in rows)
    return table, macro, hard_fired / hard if hard else 0.0


def _load(name: str) -> list[dict]:
    path = ROOT / "tests" / "data" / name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def main() -> None:
    ours = lambda text, context, source: {s.kind for s in detect(text, context, source)}  # noqa: E731
    results = {}
    # signals.jsonl was written before the rules and then used while writing them (in-sample);
    # signals_holdout.jsonl was written after the rules were frozen and never tuned against.
    for dataset in ("signals.jsonl", "signals_holdout.jsonl", "signals_holdout2.jsonl"):
        rows = _load(dataset)
        for name, predict in (("memstrata rules", ours), ("trigger words only", baseline)):
            table, macro, hard_fp = score(rows, predict)
            results[f"{dataset}: {name}"] = {
                "labels": table,
                "macro_f1": macro,
                "hard_negative_fp_rate": hard_fp,
            }
            hard = sum(r["hard_negative"] for r in rows)
            print(
                recall_table(
                    f"{dataset} / {name}: {len(rows)} utterances",
                    table,
                    ["label", "support", "precision", "recall", "f1"],
                )
            )
            print(f"macro-F1 {macro:.3f}; hard negatives that fire: {hard_fp:.1%} of {hard}\n")
    print(f"wrote {write_results('signals', results)}")


if __name__ == "__main__":
    main()
