"""Fit the weights of hybrid search's second stage (src/memstrata/recall/rerank.py).

Training data: the recall set's ``dev`` queries (its held-out part stays unseen), the third
blind set's queries (``recall_bilingual3``, a development set) and LoCoMo's questions of
categories 1-4 (public), the sets weighing alike and each query the same within its set. Each query runs through the real ``search()`` once, with the reranker replaced
by a recorder: the fused pool it would have re-ordered and each candidate's features are kept.
A candidate is relevant when its line range covers a gold line (a LoCoMo evidence turn). The
weights minimise a pairwise logistic loss (every relevant candidate against every other one of
its query) with an L2 penalty, by Newton's method; the penalty is chosen by 5-fold
cross-validation over queries (pool MRR on the left-out folds, mean of the two sets), then the
weights are refitted on everything, scaled so that ``vector`` is 0.7, and printed ready to paste
into rerank.py. ``--drop`` leaves features out (how the shipped set was chosen); ``--pools``
keeps the recorded pools between runs. ``--search FEATURE`` keeps the shipped weights and prints
each set's pool MRR over a range of that one feature's weight (round 7: a daily-log prior,
searched so, gained on both development sets and lost on the held-out part; BENCHMARKS.md).

    .venv/bin/python benchmarks/fit_rerank.py [--pools /tmp/pools.pkl] [--drop a,b] [--search FEATURE]
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
from pathlib import Path
from typing import Any

from common import SHARED_DATA, build_workspace, make_embedder
from recall_bilingual import DATA, adopt_workspace, load_queries

Pool = tuple[Any, list[bool]]  # feature rows of a query's pool, relevance of each row


class Recorder:
    """Stands in for the reranker inside ``search()``: keeps the pool it would have re-ordered
    (its spans and feature rows) and returns it unchanged."""

    def __init__(self) -> None:
        from memstrata.recall import search as search_module

        self.spans: list[tuple[str, int, int]] = []
        self.rows: list[list[float]] = []
        search_module.rerank = self  # type: ignore[assignment]

    def __call__(self, pool, plan, evidence, bm25, today, half_life_days):  # type: ignore[no-untyped-def]
        from memstrata.recall.rerank import pool_features

        self.rows = pool_features(pool, plan, evidence, bm25, today, half_life_days)
        self.spans = [(c.path, c.start, c.end) for c in pool]
        return pool

    def pool(
        self, ws: Any, query: str, embedder: Any, targets: set[tuple[str, int]]
    ) -> Pool | None:
        """The recorded pool of ``query`` when it holds a relevant and an irrelevant row."""
        import numpy as np

        from memstrata.recall.search import search

        self.rows, self.spans = [], []
        search(ws, query, k=10, mode="hybrid", embedder=embedder)
        relevant = [
            any(p == path and s <= line <= e for path, line in targets) for p, s, e in self.spans
        ]
        if any(relevant) and not all(relevant):
            return np.asarray(self.rows, dtype=float), relevant
        return None


def collect_dev(recorder: Recorder, embedder: Any, data: Path = DATA) -> list[Pool]:
    """Pools of a recall set's dev queries."""
    from memstrata.recall.index import open_index

    ws = adopt_workspace({}, data)
    open_index(ws, embedder).sync(embed=True)
    pools = [
        recorder.pool(ws, q["query"], embedder, set(q["targets"]))
        for q in load_queries(data)
        if q["split"] == "dev"
    ]
    return [p for p in pools if p is not None]


def collect_locomo(recorder: Recorder, embedder: Any, conversations: int) -> list[Pool]:
    """Pools of LoCoMo's questions (categories 1-4) in the first ``conversations``."""
    from locomo import CATEGORIES, conversation_files, normalise_evidence

    pools = []
    data = json.loads((SHARED_DATA / "locomo10.json").read_text())[:conversations]
    for conv in data:
        files, where = conversation_files(conv["conversation"])
        ws, _stats = build_workspace(files, embedder)
        for qa in conv["qa"]:
            if qa.get("category") not in CATEGORIES:
                continue
            evidence, _dropped = normalise_evidence(qa.get("evidence", []), where)
            if evidence:
                pools.append(
                    recorder.pool(ws, qa["question"], embedder, {where[e] for e in evidence})
                )
    return [p for p in pools if p is not None]


def fit(data: list[tuple[Pool, float]], penalty: float, steps: int = 30) -> Any:
    """Pairwise logistic regression by Newton's method (each query weighs its given weight,
    spread over its pairs; the problem is small and convex, so a few steps converge)."""
    import numpy as np

    pairs, scale = [], []
    total = sum(weight for _pool, weight in data)
    for (rows, relevant), weight in data:
        pos = rows[[i for i, r in enumerate(relevant) if r]]
        neg = rows[[i for i, r in enumerate(relevant) if not r]]
        diff = (pos[:, None, :] - neg[None, :, :]).reshape(-1, rows.shape[1])
        pairs.append(diff)
        scale.append(np.full(len(diff), weight / (len(diff) * total)))
    x, c = np.vstack(pairs), np.concatenate(scale)
    weights = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(x @ weights)))  # probability the pair is ordered right
        gradient = -(x * (c * (1 - p))[:, None]).sum(0) + penalty * weights
        hessian = (x * (c * p * (1 - p))[:, None]).T @ x + penalty * np.eye(x.shape[1])
        weights -= np.linalg.solve(hessian, gradient)
    return weights


def pool_mrr(data: list[Pool], weights: Any) -> float:
    """Mean reciprocal rank of the first relevant candidate after re-ordering the pool."""
    total = 0.0
    for rows, relevant in data:
        order = sorted(range(len(relevant)), key=lambda i: -float(rows[i] @ weights))
        total += 1.0 / (1 + next(r for r, i in enumerate(order) if relevant[i]))
    return total / max(len(data), 1)


def main() -> None:
    import numpy as np

    from memstrata.recall.rerank import FEATURES, WEIGHTS

    parser = argparse.ArgumentParser()
    parser.add_argument("--embedder", default="use")
    parser.add_argument("--locomo", type=int, default=10, help="LoCoMo conversations (0: none)")
    parser.add_argument(
        "--pools", default="", help="pickle of the pools: read if it exists, else written"
    )
    parser.add_argument("--drop", default="", help="features left out (weight 0), comma-separated")
    parser.add_argument(
        "--search", default="", help="one feature's weight over a grid, the rest as shipped"
    )
    args = parser.parse_args()
    dropped = {name for name in args.drop.split(",") if name}
    embedder = make_embedder(args.embedder)
    recorder = Recorder()
    if args.pools and Path(args.pools).exists():
        sets = pickle.loads(Path(args.pools).read_bytes())
    else:
        sets = {
            "dev": collect_dev(recorder, embedder),
            "dev3": collect_dev(recorder, embedder, DATA.parent / "recall_bilingual3"),
        }
        if args.locomo:
            sets["locomo"] = collect_locomo(recorder, embedder, args.locomo)
        if args.pools:
            Path(args.pools).write_bytes(pickle.dumps(sets))
    # Each set weighs the same in all; each query the same within its set.
    keep = [i for i, name in enumerate(FEATURES) if name not in dropped]
    sets = {name: [(rows[:, keep], rel) for rows, rel in pools] for name, pools in sets.items()}
    data = [(pool, 1.0 / len(pools)) for pools in sets.values() for pool in pools]
    current = np.asarray([WEIGHTS[FEATURES[i]] for i in keep])
    for name, pools in sets.items():
        print(
            f"{name}: {len(pools)} queries with a relevant candidate in the pool; "
            f"pool MRR with the shipped weights {pool_mrr(pools, current):.3f}"
        )
    if args.search:
        at = FEATURES.index(args.search)
        for value in (0.0, 0.03, 0.05, 0.07, 0.09, 0.12, 0.15, 0.2):
            grid = np.asarray([WEIGHTS[name] for name in FEATURES])
            grid[at] = value
            print(
                f"{args.search} = {value}: pool MRR "
                + ", ".join(f"{name} {pool_mrr(pools, grid):.3f}" for name, pools in sets.items())
            )
        return
    order = list(range(len(data)))
    random.Random(14).shuffle(order)
    folds = [set(order[i::5]) for i in range(5)]
    best = (-1.0, 0.0)
    for penalty in (0.00001, 0.0001, 0.001, 0.01):
        scores = {name: [] for name in sets}
        for fold in folds:
            weights = fit([data[i] for i in order if i not in fold], penalty)
            held = [data[i][0] for i in fold]
            for name, pools in sets.items():
                ids = {id(p) for p in pools}
                scores[name].append(pool_mrr([p for p in held if id(p) in ids], weights))
        cv = {name: float(np.mean(values)) for name, values in scores.items()}
        mean_cv = float(np.mean(list(cv.values())))
        print(
            f"penalty {penalty}: cross-validated pool MRR "
            + ", ".join(f"{name} {value:.3f}" for name, value in cv.items())
        )
        best = max(best, (mean_cv, penalty))
    weights = np.zeros(len(FEATURES))
    weights[keep] = fit(data, best[1])
    weights *= 0.7 / weights[FEATURES.index("vector")]
    print(
        f"chosen penalty {best[1]}; pool MRR (in sample) "
        + ", ".join(f"{name} {pool_mrr(pools, weights[keep]):.3f}" for name, pools in sets.items())
    )
    print("WEIGHTS = {")
    for name, value in zip(FEATURES, weights, strict=True):
        print(f'    "{name}": {value:.3f},')
    print("}")


if __name__ == "__main__":
    main()
