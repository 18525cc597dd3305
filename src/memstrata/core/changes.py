"""In-process record of files the writer changed, so the search index can sync them at once.

A search syncs the index first. Stat-ing every file costs about 13 ms per 1,000 files, so a
long-running process (an MCP server) scans fully at most every few seconds and in between
syncs just the files its own writer touched; a fresh process always scans fully. This module
sits below both the writer and the index, so neither imports the other.
"""

from __future__ import annotations

import threading

_LOCK = threading.Lock()
_CHANGED: dict[str, set[str]] = {}


def record(root: str, rel_path: str) -> None:
    """Note that ``rel_path`` in the workspace at ``root`` was just written."""
    with _LOCK:
        _CHANGED.setdefault(root, set()).add(rel_path)


def pending(root: str, suffix: str = "") -> bool:
    """Whether files (named ``*suffix``) were written in this workspace since the last
    :func:`take`."""
    with _LOCK:
        return any(path.endswith(suffix) for path in _CHANGED.get(root, ()))


def roots(suffix: str = "") -> list[str]:
    """The workspaces with files (named ``*suffix``) written since their last :func:`take`."""
    with _LOCK:
        return [root for root, paths in _CHANGED.items() if any(p.endswith(suffix) for p in paths)]


def take(root: str) -> set[str]:
    """The files written since the last call, for this workspace; clears them."""
    with _LOCK:
        return _CHANGED.pop(root, set())
