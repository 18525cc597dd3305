"""Train the learned signal classifier (src/memstrata/capture/signal_model.npz).

Data: the corpus in benchmarks/data/signals/: train_zh, train_en, train_mixed (3,100
utterances by three writers following the labelling guide), holdout.jsonl (round 1's held-out,
360 by a fourth writer), extra_*.jsonl (round 2: 1,503 utterances in 15 voices by one writer;
round 3: 727 by five more writers, extra_finance/ml/mobile/ops_hk/voice; round 4: 1,043 by six
more, extra_gamedev/canto/designer/sre_en/dba/sec; round 6: 1,400 by four more, written from
LABELLING_GUIDE.md and leaning toward phrasings with no trigger word,
extra_firmware/fintech/bioinfo/qa; round 7: 1,400 by four more written the same way,
extra_frontend/platform/analyst/tradzh; round 8: 1,400 by four more, extra_auto/devops_sg/
dataeng/indie; round 9: 1,400 by four more, extra_his/ecom/robotics/gov; round 10: 1,400 by
four more, extra_ailab/iot/legal/dcops; round 11: 1,050 by three more, extra_dictate/polite/
hkcanto), holdout2-10.jsonl (rounds 2-10's held-out sets, each scored in its round, training
data since). holdout11.jsonl is NOT read here: it is scored by benchmarks/signals.py
--holdout-file, once per model, after training.

Model: one logistic regression per label plus a gate ("any signal at all") (scikit-learn,
training only, class-balanced, each writer's rows weighted by sqrt(400 / their number)) over
[USE embedding | rule verdicts and tool-context features | mean USE embedding of the clauses]
plus hashed character 1-3-grams and word 1-2-grams (rjieba segmentation). A label fires when p(any) x p(label) reaches the label's threshold.

Thresholds and the honest estimate come from the same probabilities: every group of the corpus
(each independent writer, hold-out 2, round 2's one writer) is scored by a model trained on
all the other groups. Leave-one-writer-out over the sixteen independent writers scores each at
thresholds chosen on the other groups' probabilities; the shipped thresholds are chosen on all
of them: per label the max-F1 threshold, raised to the common floor with the best macro-F1 that
keeps hard-negative false positives within HARD_NEGATIVE_BUDGET. A new person's phrasing is
what the hidden set tests. Variants were compared this way (--compare prints the main ones).

    .venv/bin/pip install scikit-learn   # training only, not a runtime dependency
    .venv/bin/python benchmarks/train_signals.py [--compare] [--no-write]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from common import ROOT, write_results

from memstrata.capture.classifier import (
    LABELS,
    MODEL_FILE,
    NGRAM_BUCKETS,
    clause_means,
    dense_features,
    kept_by_rules,
    ngram_ids,
    sparse_ids,
)

DATA = ROOT / "benchmarks" / "data" / "signals"
# Each of these files was written by one person independently of everyone else: a writer to
# leave out. Round 1's four, round 3's five, hold-out 3 (scored once in round 3, training data
# since round 4) and round 4's six (those present: a writer who did not deliver is left out).
ROUND3 = (
    "extra_finance.jsonl",
    "extra_ml.jsonl",
    "extra_mobile.jsonl",
    "extra_ops_hk.jsonl",
    "extra_voice.jsonl",
)
ROUND4 = tuple(
    name
    for name in (
        "extra_gamedev.jsonl",
        "extra_canto.jsonl",
        "extra_designer.jsonl",
        "extra_sre_en.jsonl",
        "extra_dba.jsonl",
        "extra_sec.jsonl",
    )
    if (DATA / name).is_file()
)
# Round 6: four writers from LABELLING_GUIDE.md, and hold-outs 4 and 5 (each one writer,
# scored once in its round).
ROUND6 = (
    "extra_firmware.jsonl",
    "extra_fintech.jsonl",
    "extra_bioinfo.jsonl",
    "extra_qa.jsonl",
    "holdout4.jsonl",
    "holdout5.jsonl",
)
# Round 7: four more writers from LABELLING_GUIDE.md (leaning as round 6's did) and hold-out 6
# (one writer, scored in round 6).
ROUND7 = (
    "extra_frontend.jsonl",
    "extra_platform.jsonl",
    "extra_analyst.jsonl",
    "extra_tradzh.jsonl",
    "holdout6.jsonl",
)
# Round 8: four more writers from LABELLING_GUIDE.md (automotive Shanghai, a devops contractor in
# Singapore writing English, a data engineer in Chengdu, an indie founder typing by voice) and
# hold-out 7 (one writer, scored in round 7).
ROUND8 = (
    "extra_auto.jsonl",
    "extra_devops_sg.jsonl",
    "extra_dataeng.jsonl",
    "extra_indie.jsonl",
    "holdout7.jsonl",
)
# Round 9: four more writers from LABELLING_GUIDE.md, leaning toward polite pointing corrections
# and news passed on in passing (a HIS engineer in Xi'an, an e-commerce developer in Hangzhou, a
# robotics engineer in Munich writing mostly English, a 信创 integrator in Jinan) and hold-out 8
# (one writer, scored in round 8).
ROUND9 = (
    "extra_his.jsonl",
    "extra_ecom.jsonl",
    "extra_robotics.jsonl",
    "extra_gov.jsonl",
    "holdout8.jsonl",
)
# Round 10: four more writers from LABELLING_GUIDE.md with the same leaning (an NLP PhD in
# Beijing, a smart-home IoT developer in Ningbo, a legal-tech engineer in Shanghai writing half
# English, a data-center operator in Guizhou) and hold-out 9 (one writer, scored in round 9).
ROUND10 = (
    "extra_ailab.jsonl",
    "extra_iot.jsonl",
    "extra_legal.jsonl",
    "extra_dcops.jsonl",
    "holdout9.jsonl",
)
# Round 11: three writers from LABELLING_GUIDE.md leaning toward what the blind scenarios and
# testers of rounds 27-28 found missed (a 重庆 developer dictating by phone voice input: run-ons,
# fillers, homophones, slang praise, rules taken back; a 苏州 backend developer who says lasting
# wishes as polite questions and asides, against one-offs and real questions; a 香港 platform
# engineer writing Cantonese and Taiwanese wording in traditional characters) and hold-out 10
# (one writer, scored in round 10).
ROUND11 = (
    "extra_dictate.jsonl",
    "extra_polite.jsonl",
    "extra_hkcanto.jsonl",
    "holdout10.jsonl",
)
WRITERS = (
    "train_zh.jsonl",
    "train_en.jsonl",
    "train_mixed.jsonl",
    "holdout.jsonl",
    *ROUND3,
    "holdout3.jsonl",
    *ROUND4,
    *ROUND6,
    *ROUND7,
    *ROUND8,
    *ROUND9,
    *ROUND10,
    *ROUND11,
)
# Round 2's hold-out (a fifth writer's 400 utterances) was scored once in round 2; since round 3
# it is training data, always in the training part. Round 2's extra files (15 voices by one
# writer) are one group. holdout11.jsonl is NOT read here: benchmarks/signals.py scores it once.
TRAIN_FILES = (
    *WRITERS[:4],
    "holdout2.jsonl",
    "holdout3.jsonl",
    "holdout4.jsonl",
    "holdout5.jsonl",
    "holdout6.jsonl",
    "holdout7.jsonl",
    "holdout8.jsonl",
    "holdout9.jsonl",
    "holdout10.jsonl",
    *sorted(p.name for p in DATA.glob("extra_*.jsonl")),
)
# The share of the training data's hard negatives (out-of-fold) that may fire when thresholds
# are chosen; the goal on a new writer is <= 5 %. Round 6 (22 writers, leave-one-writer-out):
# 0.04 -> macro-F1 0.850 at 4.7 % (a hidden set of 46 hard negatives allows 2 to fire), 0.035
# -> 0.846 at 4.0 % (round 4's level), 0.03 -> 0.836 at 3.3 %.
HARD_NEGATIVE_BUDGET = 0.035
CACHE = ROOT / "benchmarks" / "results" / "signal_embeddings.npz"


def group_of(name: str) -> str:
    """Whose phrasing a file is: its own writer, or round 2's one writer of many voices."""
    return name if name in WRITERS or name == "holdout2.jsonl" else "round 2 extras"


def load(name: str) -> list[dict]:
    rows = []
    for number, line in enumerate((DATA / name).read_text(encoding="utf-8").splitlines(), 1):
        try:
            rows.append(json.loads(line))
        except ValueError as exc:
            sys.exit(f"{DATA / name}:{number}: {exc}")
    return rows


def embed(texts: list[str]) -> np.ndarray:
    """USE vectors, cached by text (the embedder is the slow part of an experiment)."""
    from memstrata.providers.embedders import USEEmbedder

    model = USEEmbedder()
    cached: dict[str, np.ndarray] = {}
    if CACHE.is_file():
        with np.load(CACHE, allow_pickle=False) as data:
            if str(data["embedder"]) == model.name:
                cached = dict(zip(data["texts"].tolist(), data["vectors"], strict=True))
    missing = sorted({t for t in texts if t not in cached})
    if missing:
        for text, vector in zip(missing, model.embed(missing), strict=True):
            cached[text] = vector
        CACHE.parent.mkdir(exist_ok=True)
        keys = list(cached)
        np.savez(
            CACHE,
            embedder=model.name,
            texts=np.asarray(keys),
            vectors=np.asarray([cached[k] for k in keys]),
        )
    return np.asarray([cached[t] for t in texts], dtype=np.float32)


def features(rows: list[dict], use_clauses: bool = True, use_words: bool = True) -> object:
    from scipy import sparse

    texts = [r["text"] for r in rows]
    contexts = [r.get("context", "") for r in rows]
    means = clause_means(embed, texts)
    if not use_clauses:
        means = np.zeros_like(means)
    dense = sparse.csr_matrix(dense_features(embed(texts), means, texts, contexts))
    data, indices, indptr = [], [], [0]
    for text in texts:
        grams = sparse_ids(text) if use_words else ngram_ids(text)
        indices.extend(grams)
        data.extend(grams.values())
        indptr.append(len(indices))
    grams = sparse.csr_matrix((data, indices, indptr), shape=(len(rows), 2 * NGRAM_BUCKETS))
    return sparse.hstack([dense, grams]).tocsr()


def targets(rows: list[dict]) -> np.ndarray:
    """One column per label, then the gate's: any label at all."""
    labels = np.asarray([[label in r["labels"] for label in LABELS] for r in rows], dtype=int)
    return np.column_stack([labels, labels.max(axis=1)])


def writer_weights(groups: np.ndarray) -> np.ndarray:
    """Each row's weight: sqrt(400 / rows of its group), so that the biggest groups (round 2's
    1,503, train_zh's 1,400) do not set the phrasing every new writer is measured against
    (leave-one-writer-out, sixteen writers: macro-F1 0.815 → 0.822 at 5 % hard-negative false
    positives, and 4.9 % → 4.1 % at the shipped budget)."""
    names, sizes = np.unique(groups, return_counts=True)
    size = dict(zip(names.tolist(), sizes.tolist(), strict=True))
    return np.asarray([np.sqrt(400.0 / size[g]) for g in groups.tolist()])


def fit(x: object, y: np.ndarray, c: float, weight: np.ndarray) -> list[object]:
    from sklearn.linear_model import LogisticRegression

    weight = weight / weight.mean()
    return [
        LogisticRegression(C=c, max_iter=3000, class_weight="balanced").fit(
            x, y[:, j], sample_weight=weight
        )
        for j in range(y.shape[1])
    ]


def proba(models: list[object], x: object) -> np.ndarray:
    return np.column_stack([m.predict_proba(x)[:, 1] for m in models])  # type: ignore[attr-defined]


def out_of_group(
    x: object,
    y: np.ndarray,
    c: float,
    groups: np.ndarray,
    excluded: np.ndarray,
    weighted: bool = True,
) -> np.ndarray:
    """Each group's probabilities from a model trained on every other group (files in
    ``excluded`` never train): how the model sees a writer it has never read."""
    probs = np.zeros(y.shape)
    weight = writer_weights(groups) if weighted else np.ones(len(groups))
    for name in np.unique(groups):
        test = np.flatnonzero(groups == name)
        train = np.flatnonzero((groups != name) & ~excluded)
        models = fit(x[train], y[train], c, weight[train])  # type: ignore[index]
        probs[test] = proba(models, x[test])  # type: ignore[index]
    return probs


def f1(pred: np.ndarray, gold: np.ndarray) -> float:
    tp = int((pred & gold).sum())
    fp = int((pred & ~gold).sum())
    fn = int((~pred & gold).sum())
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0


def decide(
    probs: np.ndarray, thresholds: np.ndarray, ruled: np.ndarray, rule: str = "product"
) -> np.ndarray:
    """Labels that fire: p(any) x p(label) at the label's threshold (classifier.SignalModel), or
    with round 3's ``rule="gate"`` the gate (last threshold) and the label each at theirs; and
    the rules for the labels they are kept for (classifier.RULES_KEPT)."""
    if rule == "gate":
        pred = (probs[:, -1:] >= thresholds[-1]) & (probs[:, :-1] >= thresholds[:-1])
    else:
        pred = probs[:, -1:] * probs[:, :-1] >= thresholds
    return pred | ruled


def rule_labels(rows: list[dict]) -> np.ndarray:
    """What the rules say, for the labels where their verdict is kept beside the model's."""
    from memstrata.capture.signals import detect

    kept = [
        kept_by_rules(r["text"], {s.kind for s in detect(r["text"], r["context"])}, r["context"])
        for r in rows
    ]
    return np.asarray([[label in k for label in LABELS] for k in kept])


GRID = np.linspace(0.05, 0.95, 46)
OOF_FILE = ""  # --save-oof


def _best_per_label(scores: np.ndarray, y: np.ndarray, ruled: np.ndarray) -> np.ndarray:
    return np.asarray(
        [
            GRID[
                int(np.argmax([f1((scores[:, j] >= t) | ruled[:, j], y[:, j] == 1) for t in GRID]))
            ]
            for j in range(scores.shape[1])
        ]
    )


def choose_thresholds(
    probs: np.ndarray,
    y: np.ndarray,
    hard: np.ndarray,
    ruled: np.ndarray,
    budget: float = HARD_NEGATIVE_BUDGET,
    rule: str = "product",
) -> np.ndarray:
    """Product rule: the max-F1 threshold per label of p(any) x p(label), raised to a common
    floor; the best macro-F1 among the floors within the hard-negative budget. Round 3's gate
    rule: for each gate threshold the max-F1 threshold per label, the best macro-F1 among the
    gate thresholds within the budget. The strictest setting when none is within it."""
    labels = y.shape[1] - 1
    best: tuple[float, np.ndarray] | None = None
    if rule == "gate":
        candidates = []
        for gate_at in np.linspace(0.1, 0.95, 35):
            gate = probs[:, -1:] >= gate_at
            per_label = _best_per_label(np.where(gate, probs[:, :-1], 0.0), y, ruled)
            candidates.append(np.asarray([*per_label, gate_at]))
        strictest = np.asarray([0.95] * (labels + 1))
    else:
        per_label = _best_per_label(probs[:, -1:] * probs[:, :-1], y, ruled)
        candidates = [np.maximum(per_label, floor) for floor in np.linspace(0.05, 0.95, 37)]
        strictest = np.full(labels, 0.95)
    for thresholds in candidates:
        pred = decide(probs, thresholds, ruled, rule)
        score = macro(pred, y[:, :-1])
        if hard_fp(pred, hard) <= budget and (best is None or score > best[0]):
            best = (score, thresholds)
    return best[1] if best else strictest


def hard_fp(pred: np.ndarray, hard: np.ndarray) -> float:
    return float(pred[hard].any(axis=1).mean()) if hard.any() else 0.0


def macro(pred: np.ndarray, y: np.ndarray) -> float:
    return float(np.mean([f1(pred[:, j], y[:, j] == 1) for j in range(y.shape[1])]))


def evaluate(
    rows: list[dict],
    c: float,
    without: tuple[str, ...] = (),
    budget: float = HARD_NEGATIVE_BUDGET,
    rule: str = "product",
    weighted: bool = True,
    **kw: bool,
) -> dict:
    """Leave-one-writer-out over the independent writers, and the final model's thresholds.

    Every group's probabilities come from a model that never read it (out_of_group). A left-out
    writer is scored at thresholds chosen on the other groups' probabilities; the final
    thresholds are chosen on all of them, so they are set for a writer the model has not read
    (round 3 chose them on 3-fold CV, where every writer is also in training and probabilities
    are surer than on a new person). The other groups' probabilities came from models that did
    read the left-out writer: its labels reach its thresholds only through that, a small leak.
    ``without``: files left out of every training part and of the thresholds' choice."""
    x = features(rows, **kw)
    y_all = targets(rows)
    y = y_all[:, :-1]
    hard = np.asarray([r["hard_negative"] for r in rows])
    ruled = rule_labels(rows)
    files = np.asarray([r["_file"] for r in rows])
    groups = np.asarray([group_of(name) for name in files])
    excluded = np.isin(files, list(without))
    probs = out_of_group(x, y_all, c, groups, excluded, weighted)
    lowo = []
    for name in WRITERS:
        test = groups == name
        pick = ~test & ~excluded
        t = choose_thresholds(probs[pick], y_all[pick], hard[pick], ruled[pick], budget, rule)
        p = decide(probs[test], t, ruled[test], rule)
        lowo.append(
            {
                "writer": name,
                "macro_f1": macro(p, y[test]),
                "hard_fp": hard_fp(p, hard[test]),
                "per_label": {
                    label: f1(p[:, j], y[test, j] == 1) for j, label in enumerate(LABELS)
                },
            }
        )
    if OOF_FILE and not without and rule == "product" and weighted and not kw:  # --save-oof
        np.savez_compressed(
            OOF_FILE, probs=probs, y=y_all, hard=hard, ruled=ruled, groups=groups, files=files
        )
    keep = ~excluded
    return {
        "lowo_macro_f1": float(np.mean([w["macro_f1"] for w in lowo])),
        "lowo_hard_fp": float(np.mean([w["hard_fp"] for w in lowo])),
        "leave_one_writer_out": lowo,
        "thresholds": choose_thresholds(
            probs[keep], y_all[keep], hard[keep], ruled[keep], budget, rule
        ).tolist(),
    }


def train_rows() -> list[dict]:
    rows = []
    for name in TRAIN_FILES:
        for row in load(name):
            rows.append({**row, "_file": name})
    return rows


def export(rows: list[dict], c: float, thresholds: np.ndarray) -> Path:
    from memstrata.providers.embedders import USEEmbedder

    x = features(rows)
    groups = np.asarray([group_of(r["_file"]) for r in rows])
    models = fit(x, targets(rows), c, writer_weights(groups))
    coef = np.column_stack([m.coef_[0] for m in models])  # type: ignore[attr-defined]
    split = coef.shape[0] - 2 * NGRAM_BUCKETS
    np.savez_compressed(
        MODEL_FILE,
        labels=np.asarray([*LABELS, "any"]),
        dense=coef[:split].astype(np.float16),
        ngrams=coef[split:].astype(np.float16),
        bias=np.asarray([m.intercept_[0] for m in models], dtype=np.float32),  # type: ignore[attr-defined]
        thresholds=thresholds.astype(np.float32),
        embedder=np.asarray(USEEmbedder().name),
    )
    return MODEL_FILE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--compare", action="store_true", help="Compare the main variants.")
    parser.add_argument("--no-write", action="store_true", help="Do not write the weights.")
    parser.add_argument("--c", type=float, default=8.0, help="Inverse regularisation strength.")
    parser.add_argument(
        "--save-oof", default="", help="Write the shipped variant's out-of-group probabilities."
    )
    args = parser.parse_args()
    global OOF_FILE
    OOF_FILE = args.save_oof
    rows = train_rows()
    results: dict[str, dict] = {}
    variants: list[tuple[str, float, dict]] = [("shipped: words, product rule", args.c, {})]
    if args.compare:
        variants += [
            ("without round 6's writers", args.c, {"without": ROUND6}),
            ("round 3's gate cut", args.c, {"rule": "gate", "budget": 0.045}),
            ("no word n-grams", args.c, {"use_words": False}),
            ("no writer weights", args.c, {"weighted": False}),
            ("without round 4's writers", args.c, {"without": ROUND4}),
        ]
    for name, c, kw in variants:
        results[name] = evaluate(rows, c, **kw)
        r = results[name]
        lowo = ", ".join(
            f"{w['writer'].removeprefix('train_').removeprefix('extra_')[:-6]}"
            f" {w['macro_f1']:.3f}/{w['hard_fp']:.0%}"
            for w in r["leave_one_writer_out"]
        )
        print(
            f"{name:<34} leave-one-writer-out macro-F1 {r['lowo_macro_f1']:.3f}"
            f" hard-FP {r['lowo_hard_fp']:.1%} | {lowo}",
            flush=True,
        )
        per = {
            label: np.mean([w["per_label"][label] for w in r["leave_one_writer_out"]])
            for label in LABELS
        }
        print("   per label: " + ", ".join(f"{k} {v:.2f}" for k, v in per.items()), flush=True)
    if not args.no_write:
        chosen = results[variants[0][0]]
        path = export(rows, args.c, np.asarray(chosen["thresholds"]))
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    print(f"wrote {write_results('train_signals', results)}")


if __name__ == "__main__":
    main()
