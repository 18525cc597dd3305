"""Change notification between replicas: LISTEN on the channel every commit NOTIFYs.

A replica's caches (the search index's list of documents to re-read, core/changes.py) learn
about its own writes in-process; another replica's writes reach it here, within a few
milliseconds of their COMMIT. The listener runs on its own connection in a daemon thread and
reconnects by itself when the database goes away (a notification sent while it was down is
lost, so after a reconnect it reports every document once: ``on_change(None)``).
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Callable

from memstrata.team.schema import CHANNEL
from memstrata.team.store import connect

POLL_S = 0.5  # how often the loop looks at its stop flag
RETRY_S = 1.0


def listen(dsn: str, workspace: str, on_change: Callable[[str | None], None]) -> Callable[[], None]:
    """Call ``on_change(path)`` for every change another process commits to ``workspace``
    (``None``: changes may have been missed, re-read everything). Returns the stop function."""
    stop = threading.Event()
    ready = threading.Event()

    def loop() -> None:
        missed = False
        while not stop.is_set():
            try:
                conn = connect(dsn)
            except Exception:  # the database is down: try again shortly
                ready.set()
                missed = True
                stop.wait(RETRY_S)
                continue
            try:
                conn.execute(f"LISTEN {CHANNEL}")
                ready.set()
                if missed:
                    on_change(None)
                    missed = False
                while not stop.is_set():
                    for note in conn.notifies(timeout=POLL_S):
                        path = _path(note.payload, workspace)
                        if path is not None:
                            on_change(path)
            except Exception:  # connection lost: reconnect, and say changes were missed
                missed = True
                stop.wait(RETRY_S)
            finally:
                with contextlib.suppress(Exception):
                    conn.close()

    thread = threading.Thread(target=loop, name="memstrata-listen", daemon=True)
    thread.start()
    ready.wait(10)

    def stop_listening() -> None:
        stop.set()
        thread.join(POLL_S * 4)

    return stop_listening


def _path(payload: str, workspace: str) -> str | None:
    try:
        data = json.loads(payload)
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("workspace") != workspace:
        return None
    path = data.get("path")
    return path if isinstance(path, str) else None
