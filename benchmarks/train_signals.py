"""Train the learned signal classifier (src/memstrata/capture/signal_model.npz).

Data: the corpus in benchmarks/data/signals/: train_zh, train_en, train_mixed (3,100
utterances by three writers following the labelling guide), holdout.jsonl (round 1's held-out,
360 by a fourth writer: scored once in round 1, a development set since), extra_*.jsonl
(round 2: 1,503 utterances in the styles the first corpus lacked, one file per imagined
writer; round 3: 727 by five more writers, extra_finance/ml/mobile/ops_hk/voice) and
holdout2.jsonl (round 2's held-out, 400 by another writer, scored once in round 2, training
data since round 3). holdout3.jsonl is NOT read here: it is scored once, by
benchmarks/signals.py --holdout-file, after training is finished.

Model: one logistic regression per label plus a gate ("any signal at all") (scikit-learn,
training only, class-balanced) over [USE embedding | rule verdicts and tool-context features |
mean USE embedding of the clauses] plus hashed character n-grams. A label fires when the gate and
the label both pass their thresholds. Thresholds are chosen on 3-fold out-of-fold probabilities
of the training data: for each gate threshold, the max-F1 threshold per label; the best
macro-F1 among the gate thresholds that keep hard-negative false positives <= 4.5 % (the goal is
<= 5 %).

The honest estimate is leave-one-writer-out over the nine writers who wrote independently
(round 1's four and round 3's five: train on everything else, the other extra files and
hold-out 2 included; thresholds chosen inside the training part as above; score the left-out
writer): a new person's phrasing is what the hidden set tests. Variants were compared this way
(--compare prints the main ones).

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
)

DATA = ROOT / "benchmarks" / "data" / "signals"
# Round 3's five writers wrote independently of everyone else: each is a writer to leave out.
ROUND3 = (
    "extra_finance.jsonl",
    "extra_ml.jsonl",
    "extra_mobile.jsonl",
    "extra_ops_hk.jsonl",
    "extra_voice.jsonl",
)
WRITERS = ("train_zh.jsonl", "train_en.jsonl", "train_mixed.jsonl", "holdout.jsonl", *ROUND3)
# Round 2's hold-out (a fifth writer's 400 utterances) was scored once in round 2; since round 3
# it is training data (+0.029 leave-one-writer-out macro-F1), always in the training part.
TRAIN_FILES = (
    *WRITERS[:4],
    "holdout2.jsonl",
    *sorted(p.name for p in DATA.glob("extra_*.jsonl")),
)
SEED = 11
HARD_NEGATIVE_BUDGET = 0.045
CACHE = ROOT / "benchmarks" / "results" / "signal_embeddings.npz"


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


def features(rows: list[dict], use_clauses: bool = True) -> object:
    from scipy import sparse

    texts = [r["text"] for r in rows]
    contexts = [r.get("context", "") for r in rows]
    means = clause_means(embed, texts)
    if not use_clauses:
        means = np.zeros_like(means)
    dense = sparse.csr_matrix(dense_features(embed(texts), means, texts, contexts))
    data, indices, indptr = [], [], [0]
    for text in texts:
        grams = ngram_ids(text)
        indices.extend(grams)
        data.extend(grams.values())
        indptr.append(len(indices))
    grams = sparse.csr_matrix((data, indices, indptr), shape=(len(rows), NGRAM_BUCKETS))
    return sparse.hstack([dense, grams]).tocsr()


def targets(rows: list[dict]) -> np.ndarray:
    """One column per label, then the gate's: any label at all."""
    labels = np.asarray([[label in r["labels"] for label in LABELS] for r in rows], dtype=int)
    return np.column_stack([labels, labels.max(axis=1)])


def fit(x: object, y: np.ndarray, c: float) -> list[object]:
    from sklearn.linear_model import LogisticRegression

    return [
        LogisticRegression(C=c, max_iter=3000, class_weight="balanced").fit(x, y[:, j])
        for j in range(y.shape[1])
    ]


def proba(models: list[object], x: object) -> np.ndarray:
    return np.column_stack([m.predict_proba(x)[:, 1] for m in models])  # type: ignore[attr-defined]


def out_of_fold(x: object, y: np.ndarray, c: float, folds: list[np.ndarray]) -> np.ndarray:
    probs = np.zeros(y.shape)
    everything = np.arange(len(y))
    for test in folds:
        train = np.setdiff1d(everything, test)
        probs[test] = proba(fit(x[train], y[train], c), x[test])  # type: ignore[index]
    return probs


def f1(pred: np.ndarray, gold: np.ndarray) -> float:
    tp = int((pred & gold).sum())
    fp = int((pred & ~gold).sum())
    fn = int((~pred & gold).sum())
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0


def decide(
    probs: np.ndarray, thresholds: np.ndarray, ruled: np.ndarray | None = None
) -> np.ndarray:
    """Labels that fire: the gate (last column) and the label both at their thresholds, or
    the rules for the labels they are kept for (classifier.RULES_KEPT)."""
    pred = (probs[:, -1:] >= thresholds[-1]) & (probs[:, :-1] >= thresholds[:-1])
    return pred if ruled is None else pred | ruled


def rule_labels(rows: list[dict]) -> np.ndarray:
    """What the rules say, for the labels where their verdict is kept beside the model's."""
    from memstrata.capture.signals import detect

    kept = [
        kept_by_rules(r["text"], {s.kind for s in detect(r["text"], r["context"])}, r["context"])
        for r in rows
    ]
    return np.asarray([[label in k for label in LABELS] for k in kept])


def choose_thresholds(
    probs: np.ndarray, y: np.ndarray, hard: np.ndarray, ruled: np.ndarray | None = None
) -> np.ndarray:
    """For each gate threshold the max-F1 threshold per label; the best macro-F1 among the
    gate thresholds within the hard-negative budget (the strictest gate when none is)."""
    grid = np.linspace(0.05, 0.95, 46)
    labels = y.shape[1] - 1
    best: tuple[float, np.ndarray] | None = None
    for gate_at in np.linspace(0.1, 0.95, 35):
        gate = probs[:, -1] >= gate_at
        extra = np.zeros_like(probs[:, :-1], dtype=bool) if ruled is None else ruled
        per_label = [
            grid[
                int(
                    np.argmax(
                        [f1((gate & (probs[:, j] >= t)) | extra[:, j], y[:, j] == 1) for t in grid]
                    )
                )
            ]
            for j in range(labels)
        ]
        thresholds = np.asarray([*per_label, gate_at])
        pred = decide(probs, thresholds, ruled)
        score = macro(pred, y[:, :-1])
        if hard_fp(pred, hard) <= HARD_NEGATIVE_BUDGET and (best is None or score > best[0]):
            best = (score, thresholds)
    return best[1] if best else np.asarray([0.95] * labels + [0.95])


def hard_fp(pred: np.ndarray, hard: np.ndarray) -> float:
    return float(pred[hard].any(axis=1).mean()) if hard.any() else 0.0


def macro(pred: np.ndarray, y: np.ndarray) -> float:
    return float(np.mean([f1(pred[:, j], y[:, j] == 1) for j in range(y.shape[1])]))


def folds_random(n: int, k: int = 5) -> list[np.ndarray]:
    order = np.random.default_rng(SEED).permutation(n)
    return [order[i::k] for i in range(k)]


def evaluate(rows: list[dict], c: float, without: tuple[str, ...] = (), **kw: bool) -> dict:
    """Leave-one-writer-out over the nine independent writers (thresholds from 3-fold CV of
    the training part), and the thresholds for the final model from 3-fold CV of everything.
    ``without``: files left out of every training part (to measure what they add)."""
    x = features(rows, **kw)
    y_all = targets(rows)
    y = y_all[:, :-1]
    hard = np.asarray([r["hard_negative"] for r in rows])
    ruled = rule_labels(rows)
    writer = np.asarray([r["_file"] for r in rows])
    excluded = np.isin(writer, list(without))
    lowo = []
    for name in WRITERS:
        test = np.flatnonzero(writer == name)
        train = np.flatnonzero((writer != name) & ~excluded)
        inner = out_of_fold(x[train], y_all[train], c, folds_random(len(train), 3))  # type: ignore[index]
        t = choose_thresholds(inner, y_all[train], hard[train], ruled[train])
        p = decide(proba(fit(x[train], y_all[train], c), x[test]), t, ruled[test])  # type: ignore[index]
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
    probs = out_of_fold(x, y_all, c, folds_random(len(rows), 3))
    return {
        "lowo_macro_f1": float(np.mean([w["macro_f1"] for w in lowo])),
        "lowo_hard_fp": float(np.mean([w["hard_fp"] for w in lowo])),
        "leave_one_writer_out": lowo,
        "thresholds": choose_thresholds(probs, y_all, hard, ruled).tolist(),
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
    models = fit(x, targets(rows), c)
    coef = np.column_stack([m.coef_[0] for m in models])  # type: ignore[attr-defined]
    split = coef.shape[0] - NGRAM_BUCKETS
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
    parser.add_argument("--compare", action="store_true", help="Compare feature sets and C.")
    parser.add_argument("--no-write", action="store_true", help="Do not write the weights.")
    parser.add_argument("--c", type=float, default=8.0, help="Inverse regularisation strength.")
    args = parser.parse_args()
    rows = train_rows()
    results: dict[str, dict] = {}
    variants: list[tuple[str, float, dict]] = [("clauses+embedding+ngrams+rules", args.c, {})]
    if args.compare:
        variants += [
            ("without round 3's data", args.c, {"without": ROUND3}),
            ("without hold-out 2", args.c, {"without": ("holdout2.jsonl",)}),
            ("embedding+ngrams+rules", args.c, {"use_clauses": False}),
            *[(f"clauses+embedding+ngrams+rules C={c:g}", c, {}) for c in (4.0, 16.0)],
        ]
    for name, c, kw in variants:
        results[name] = evaluate(rows, c, **kw)
        r = results[name]
        lowo = ", ".join(
            f"{w['writer'].removeprefix('train_')[:-6]} {w['macro_f1']:.3f}/{w['hard_fp']:.0%}"
            for w in r["leave_one_writer_out"]
        )
        print(
            f"{name:<34} leave-one-writer-out macro-F1 {r['lowo_macro_f1']:.3f}"
            f" hard-FP {r['lowo_hard_fp']:.1%} | {lowo}"
        )
        per = {
            label: np.mean([w["per_label"][label] for w in r["leave_one_writer_out"]])
            for label in LABELS
        }
        print("   per label: " + ", ".join(f"{k} {v:.2f}" for k, v in per.items()))
    if not args.no_write:
        chosen = results[variants[0][0]]
        path = export(rows, args.c, np.asarray(chosen["thresholds"]))
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    print(f"wrote {write_results('train_signals', results)}")


if __name__ == "__main__":
    main()
