"""The fork server's warm state: the embedder loaded once, vector matrices kept current, and
the background embedding pass (run in a forked child, see workers.py)."""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path

from memstrata.core import changes
from memstrata.core.workspace import Workspace
from memstrata.providers.embedders import EmbedderError, workspace_embedder
from memstrata.recall import store
from memstrata.recall.index import ChunkIndex, embed_in_background, kept_by_service, open_index

Log = Callable[[str], None]
# Chunks per background commit. Each commit moves the index generation, and every process then
# re-reads the changed part of its vector matrix: fewer, larger commits keep searches made
# during a long backlog from paying that again and again.
BACKGROUND_BATCH = 256
# Chunks per commit when the background pass indexes files (lexically): a search reads while
# it works and waits only while a batch commits; a writer waits for one batch.
INDEX_BATCH = 128
_SAMPLE = [f"预热 warm-up sample {i}: 修复了登录超时，部署前先跑测试" for i in range(8)]


def _index(root: Path) -> ChunkIndex:
    ws = Workspace.open(root)
    return open_index(ws, workspace_embedder(ws.config.search))


# Not preloaded: the HTTP side's own modules and what only it uses (the MCP SDK).
_NOT_PRELOADED = ("memstrata.adapters.web", "memstrata.adapters.mcp", "memstrata.__main__")


def preload(log: Log) -> None:
    """Import every engine module once, here: the commands import theirs lazily (to keep a
    plain CLI call fast), so a worker forked from a process that never imported them would
    pay those imports on every call (measured: ~250 ms of a 330 ms hook under load)."""
    import importlib
    import pkgutil

    import memstrata

    for module in pkgutil.walk_packages(memstrata.__path__, "memstrata."):
        if module.name.startswith(_NOT_PRELOADED):
            continue
        try:
            importlib.import_module(module.name)
        except Exception as exc:  # an optional dependency missing: that command pays it
            log(f"preload: {module.name}: {type(exc).__name__}: {exc}")
    for name in ("rich.console", "rich.table", "rich.text"):
        importlib.import_module(name)
    # The Chinese segmenter loads on first use: 50 ms of every forked hook's 80 ms when the
    # fork server had not used it.
    from memstrata.text.tokenize import tokens

    tokens(_SAMPLE[0], for_query=True)
    tokens(_SAMPLE[0])
    # ...and search's script fold: its codec module, its quick check and the character table
    from memstrata.text.scripts import folded

    folded(_SAMPLE[0])
    folded("資料庫")
    # Likewise the search glossary and the time expressions (read or compiled on a process's
    # first query).
    from memstrata.recall.jargon import glossary
    from memstrata.recall.when import time_window

    glossary()
    time_window("上周 last week", date.today())


def warm(roots: list[Path], log: Log) -> None:
    """Load each workspace's embedder, measure how many chunks it embeds within the inline
    budget, index the files (lexically) and load the vector matrix."""
    preload(log)
    for root in roots:
        try:
            index = _index(root)
            inline_max = 0
            if index.embedder is not None:
                index.embedder.embed(["warm up"])
                started = time.perf_counter()
                index.embedder.embed(_SAMPLE)
                per_chunk = (time.perf_counter() - started) / len(_SAMPLE)
                inline_max = int(index.ws.config.serve.inline_embed_s / max(per_chunk, 1e-6))
            embed_in_background(root, inline_max)
            index.sync(embed=False)
            refresh_matrices([root])
            log(
                f"warm: {root} (embedder {getattr(index.embedder, 'name', 'none')}, inline <= {inline_max})"
            )
        except EmbedderError as exc:
            embed_in_background(root, 0)
            log(f"warm: {root}: {exc}; lexical search until it loads")
        except Exception as exc:  # a broken workspace must not stop the others
            log(f"warm: {root}: {type(exc).__name__}: {exc}")


def refresh_matrices(roots: list[Path]) -> None:
    """Bring the cached vector matrices up to date (cheap when nothing changed), so forked
    workers start with a current matrix."""
    for root in roots:
        with contextlib.suppress(Exception):
            _index(root).warm()


def embed_backlogs(roots: list[Path], log: Log) -> None:
    """One background pass: sync each workspace's index with its files (``INDEX_BATCH``
    chunks per commit, so a search waits for one commit at most), embed the backlog."""
    for root in roots:
        index = _index(root)
        stats = index.sync(embed=False, batch=INDEX_BATCH)
        if stats.changed or stats.removed:
            log(f"indexed {root}: {stats.changed} changed, {stats.removed} removed")
        if index.embedder is None:
            continue
        started = time.perf_counter()
        try:
            done = index.embed_backlog(batch=BACKGROUND_BATCH)
        except EmbedderError as exc:
            log(f"background embedding of {root} stopped: {exc}")
            continue
        if done:
            log(f"embedded {done} chunk(s) of {root} in {time.perf_counter() - started:.1f}s")


def index_own_writes() -> None:
    """In a worker, after a call that wrote: index (and, within the inline limit, embed) the
    files it wrote before answering, so the next call, a search in another worker, finds
    them (searches in the service sync nothing themselves)."""
    for root in changes.roots(".md"):  # a hook's queue line (.jsonl) is not indexed
        _index(Path(root)).sync(embed=kept_by_service(root), scan_interval_s=math.inf)


def after_fork() -> None:
    store.after_fork()
