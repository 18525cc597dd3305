"""``memstrata watch``: keep the index fresh as files change (watchdog, debounced).

Directories are watched one by one (non-recursive) so that ignored trees such as .git,
node_modules or .venv never take inotify watches; OpenClaw's recursive watcher exhausted
descriptors on big trees. New folders are picked up as they appear.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from memstrata.recall.index import ChunkIndex, SyncStats
from memstrata.recall.store import IGNORED_DIRS

WRITE_EVENTS = frozenset({"created", "modified", "moved", "deleted", "closed"})


def _ignored(root: Path, path: str) -> bool:
    try:
        parts = Path(path).relative_to(root).parts
    except ValueError:
        return True
    return any(part in IGNORED_DIRS or part.startswith(".") for part in parts)


def watch(
    index: ChunkIndex,
    debounce_s: float = 1.0,
    on_sync: Callable[[SyncStats], None] | None = None,
    stop: threading.Event | None = None,
    poll_s: float = 0.1,
    action: Callable[[], Any] | None = None,
) -> None:
    """Sync ``index`` after each burst of Markdown changes until ``stop`` is set (or Ctrl-C).

    ``action`` replaces the sync (the service hands the work to its background embedder)."""
    from watchdog.events import FileSystemEventHandler
    from watchdog.observers import Observer

    root = index.ws.root
    stop = stop or threading.Event()
    state = {"dirty": False, "last": 0.0}
    observer = Observer()
    watched: set[str] = set()

    def schedule(folder: str) -> None:
        if folder in watched or (folder != str(root) and _ignored(root, folder)):
            return
        observer.schedule(handler, folder, recursive=False)
        watched.add(folder)

    class Handler(FileSystemEventHandler):
        def on_any_event(self, event: Any) -> None:
            if event.event_type not in WRITE_EVENTS:
                return  # our own sync reading a file reports opened / closed_no_write
            paths = [event.src_path, getattr(event, "dest_path", "")]
            if (
                event.is_directory
                and event.event_type == "created"
                and not _ignored(root, event.src_path)
            ):
                for folder, dirs, _files in os.walk(event.src_path):
                    dirs[:] = [d for d in dirs if d not in IGNORED_DIRS and not d.startswith(".")]
                    schedule(folder)
            if any(str(p).endswith(".md") and not _ignored(root, str(p)) for p in paths if p):
                state["dirty"], state["last"] = True, time.monotonic()

    handler = Handler()
    for folder, dirs, _files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in IGNORED_DIRS and not d.startswith(".")]
        schedule(folder)
    observer.start()
    try:
        while not stop.is_set():
            if state["dirty"] and time.monotonic() - state["last"] >= debounce_s:
                state["dirty"] = False
                if action is not None:
                    action()
                    continue
                stats = index.sync()
                if on_sync:
                    on_sync(stats)
            stop.wait(poll_s)
    finally:
        observer.stop()
        observer.join()
