"""The team store: a workspace's documents as rows in PostgreSQL (``[store] backend = "postgres"``).

It implements core/documents.py's ``DocumentStore``, so the formats, the single writer and
every service work on it unchanged. What PostgreSQL gives that files on one machine cannot:

- locks across machines: a document's lock, the operation lock and named locks (``evolve``)
  are session advisory locks, so a replica that dies or loses its connection releases them at
  once and no other replica waits on a dead holder;
- replace-if-unchanged: a write under a lock checks the revision it read under that lock; if
  the lock was lost meanwhile (a dropped connection) the write is refused, never applied over
  another replica's change;
- appends under the row lock (``SELECT … FOR UPDATE``), and a multi-document commit in ONE SQL
  transaction: all or nothing without a journal, so ``recover`` has nothing to do;
- history: every change is a row of ``memstrata_history`` (team/schema.py), nothing is
  hard-deleted;
- change notification: every commit sends ``NOTIFY memstrata_documents`` (team/notify.py).

Each thread has its own connection (advisory locks belong to a connection). A connection that
fails outside any lock is replaced and the statement tried once more (a restarted server);
inside a lock the operation fails with :class:`StoreUnavailable` and nothing of it is written.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import signal
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from memstrata.core.config import CONFIG_NAME, StoreSettings
from memstrata.core.documents import ACTOR, FAULT_ENV, Applied, Step, sha
from memstrata.errors import FormatError, MemstrataError, StoreConflict, StoreUnavailable
from memstrata.team.schema import CHANNEL, NEWEST_TABLE, SCHEMA, SCHEMA_LOCK_KEY
from memstrata.text.textio import after_first_break, count_breaks

if TYPE_CHECKING:
    import psycopg

T = TypeVar("T")
CONNECT_TIMEOUT_S = 5
_SCHEMA_READY: set[str] = set()
_SCHEMA_GUARD = threading.Lock()
_INHERITED: list[Any] = []
# One write: the row (appended to, or replaced if still at the expected revision), its history
# row and the NOTIFY, all in one statement. No row back: the revision moved (a lost lock).
_SAVE = """
WITH up AS (
    INSERT INTO memstrata_documents AS d (workspace, path, text, revision, updated_by)
    VALUES (%(ws)s, %(path)s, %(text)s, 1, %(by)s)
    ON CONFLICT (workspace, path) DO UPDATE SET
        text = CASE WHEN %(append)s THEN coalesce(d.text, '') || excluded.text
                    ELSE excluded.text END,
        revision = d.revision + 1, updated_at = now(), updated_by = excluded.updated_by
    WHERE %(expected)s::bigint IS NULL OR d.revision = %(expected)s::bigint
    RETURNING d.revision
), history AS (
    INSERT INTO memstrata_history
        (workspace, path, op, old_revision, new_revision, updated_by, change)
    SELECT %(ws)s, %(path)s, %(op)s, nullif(up.revision - 1, 0), up.revision, %(by)s, %(text)s
    FROM up
)
SELECT up.revision, pg_notify(%(channel)s,
    json_build_object('workspace', %(ws)s::text, 'path', %(path)s::text, 'revision', up.revision)::text)
FROM up
"""  # connections a forked child must neither use nor close


def open_store(
    settings: StoreSettings, root: Path, state_dir: Path, global_root: Path | None = None
) -> PostgresStore:
    """The store for a workspace whose memstrata.toml says ``backend = "postgres"``."""
    if global_root is not None:
        raise MemstrataError(
            "[global] (a folder shared by every project) works with the files store only; "
            "a team store is already shared by every machine",
            CONFIG_NAME,
        )
    dsn = os.environ.get(settings.dsn_env, "")
    if not dsn and settings.embedded:
        from memstrata.team.embedded import start_embedded

        dsn = start_embedded(root / settings.embedded)
    if not dsn:
        raise MemstrataError(
            f'[store] backend = "postgres" reads the DSN from ${settings.dsn_env}, which is not '
            f"set; export {settings.dsn_env}=postgresql://USER:PASSWORD@HOST/DB",
            CONFIG_NAME,
        )
    return PostgresStore(dsn, settings.name or root.name)


def import_driver() -> Any:
    """psycopg, or one clear line saying which extra to install."""
    try:
        import psycopg
    except ImportError:
        raise MemstrataError(
            "the postgres store needs the team extra: pip install 'memstrata[team]'"
        ) from None
    return psycopg


def connect(dsn: str) -> psycopg.Connection[Any]:
    """An autocommit connection with the schema in place."""
    psycopg = import_driver()
    try:
        conn = psycopg.connect(
            dsn, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S, application_name="memstrata"
        )
    except psycopg.OperationalError as exc:
        raise unavailable(exc) from None
    if dsn not in _SCHEMA_READY:
        # The common case (tables made long ago) costs one catalog lookup, no DDL lock.
        made = conn.execute("SELECT to_regclass(%s) IS NOT NULL", (NEWEST_TABLE,)).fetchone()
        if not (made and made[0]):
            with _SCHEMA_GUARD, conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK_KEY,))
                conn.execute(SCHEMA)
        _SCHEMA_READY.add(dsn)
    return conn  # type: ignore[no-any-return]


def unavailable(exc: BaseException) -> StoreUnavailable:
    """One line for a database that cannot be reached (the driver's first line says why)."""
    reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return StoreUnavailable(f"team store unreachable: {reason}; nothing was written")


def lock_key(workspace: str, name: str) -> int:
    """A signed 64-bit advisory-lock key for one lock of one workspace."""
    digest = hashlib.blake2b(f"{workspace}\0{name}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def decode(rel: str, data: bytes) -> str:
    """Documents are UTF-8 text (the files backend's formats are); refuse anything else."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FormatError(f"is not UTF-8 text (byte {exc.start}); not stored", rel) from None
    if "\x00" in text:
        raise FormatError("contains a NUL byte; not stored", rel)
    return text


class PostgresStore:
    """The documents of workspace ``workspace`` in the database at ``dsn``."""

    def __init__(self, dsn: str, workspace: str):
        self.dsn = dsn
        self.workspace = workspace
        self._local = threading.local()
        self._fault_count = 0

    # ---------------------------------------------------------------- connections
    @property
    def _depth(self) -> int:
        """How many locks this thread holds (they live on its connection)."""
        return int(getattr(self._local, "depth", 0))

    def _seen(self) -> dict[str, int]:
        """Revisions this thread read under its locks: what a write checks before it lands."""
        seen = getattr(self._local, "seen", None)
        if seen is None:
            seen = self._local.seen = {}
        return seen  # type: ignore[no-any-return]

    def _conn(self) -> psycopg.Connection[Any]:
        conn = getattr(self._local, "conn", None)
        if conn is not None and getattr(self._local, "pid", 0) != os.getpid():
            # Inherited through fork (the serve workers): the socket is the parent's. Keep the
            # object alive, never close it (that would end the parent's session), and connect.
            _INHERITED.append(conn)
            self._local.conn = conn = None
            self._local.depth = 0
        if conn is not None and not conn.closed and not conn.broken:
            return conn  # type: ignore[no-any-return]
        if self._depth:
            raise StoreUnavailable(
                "the connection to the team store dropped while holding a lock; "
                "the operation was abandoned and nothing of it was written"
            )
        conn = connect(self.dsn)
        self._local.conn, self._local.pid = conn, os.getpid()
        return conn

    def _drop(self) -> None:
        conn = getattr(self._local, "conn", None)
        self._local.conn = None
        if conn is not None and getattr(self._local, "pid", 0) == os.getpid():
            with contextlib.suppress(Exception):
                conn.close()

    def _run(self, work: Callable[[psycopg.Connection[Any]], T]) -> T:
        """Run ``work`` on this thread's connection. Outside any lock, a connection found dead
        (the server restarted since it was opened) is replaced and ``work`` tried once more;
        ``work`` is then a read or a lock request, which cannot have half-happened."""
        psycopg = import_driver()
        for attempt in (1, 2):
            had = getattr(self._local, "conn", None) is not None
            conn = self._conn()
            try:
                return work(conn)
            except psycopg.OperationalError as exc:
                self._drop()
                if attempt == 2 or not had or self._depth:
                    raise unavailable(exc) from None
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Close this thread's connection (its locks are released with it)."""
        self._drop()

    def subscribe(self, on_change: Callable[[str | None], None]) -> Callable[[], None]:
        from memstrata.team.notify import listen

        return listen(self.dsn, self.workspace, on_change)

    # ---------------------------------------------------------------- reads
    def _row(self, rel: str) -> tuple[str | None, int] | None:
        row = self._run(
            lambda conn: conn.execute(
                "SELECT text, revision FROM memstrata_documents WHERE workspace = %s AND path = %s",
                (self.workspace, rel),
            ).fetchone()
        )
        if row is None:
            if self._depth:
                self._seen()[rel] = 0
            return None
        if self._depth:
            self._seen()[rel] = row[1]
        return row[0], row[1]

    def read(self, rel: str) -> bytes | None:
        row = self._row(rel)
        if row is None or row[0] is None:
            return None
        return row[0].encode("utf-8")

    def read_tail(self, rel: str, max_bytes: int) -> tuple[int, bytes]:
        data = self.read(rel)
        if data is None:
            raise FileNotFoundError(rel)
        if len(data) <= max_bytes:
            return 0, data
        tail = data[len(data) - max_bytes :]
        cut = after_first_break(tail)  # start at a whole line
        start = len(data) - max_bytes + cut
        return count_breaks(data[:start]), data[start:]

    def size(self, rel: str) -> int | None:
        row = self._run(
            lambda conn: conn.execute(
                "SELECT octet_length(text), revision FROM memstrata_documents "
                "WHERE workspace = %s AND path = %s",
                (self.workspace, rel),
            ).fetchone()
        )
        if self._depth:
            self._seen()[rel] = 0 if row is None else row[1]
        return None if row is None or row[0] is None else int(row[0])

    def modified(self, rel: str) -> float | None:
        row = self._run(
            lambda conn: conn.execute(
                "SELECT extract(epoch FROM updated_at) FROM memstrata_documents "
                "WHERE workspace = %s AND path = %s AND text IS NOT NULL",
                (self.workspace, rel),
            ).fetchone()
        )
        return None if row is None else float(row[0])

    def walk(self, folder: str) -> list[str]:
        prefix = f"{folder}/" if folder else ""
        return [path for path, _revision in self.documents() if path.startswith(prefix)]

    def names(self, folder: str) -> list[str]:
        prefix = f"{folder}/" if folder else ""
        rows = self._run(
            lambda conn: conn.execute(
                "SELECT substr(path, %s) FROM memstrata_documents WHERE workspace = %s "
                "AND left(path, %s) = %s AND strpos(substr(path, %s), '/') = 0 "
                "AND text IS NOT NULL ORDER BY 1",
                (len(prefix) + 1, self.workspace, len(prefix), prefix, len(prefix) + 1),
            ).fetchall()
        )
        return sorted(row[0] for row in rows)

    def is_link(self, rel: str) -> bool:
        return False  # a row has one name

    def documents(self) -> list[tuple[str, int]]:
        """Every present document of the workspace with its revision (export, sync)."""
        rows = self._run(
            lambda conn: conn.execute(
                "SELECT path, revision FROM memstrata_documents "
                "WHERE workspace = %s AND text IS NOT NULL ORDER BY path",
                (self.workspace,),
            ).fetchall()
        )
        return [(row[0], int(row[1])) for row in rows]

    def revision(self, rel: str) -> int:
        """The document's revision (0: never written); a removed one keeps its number."""
        row = self._row(rel)
        return 0 if row is None else row[1]

    # ---------------------------------------------------------------- locks
    @contextlib.contextmanager
    def _advisory(self, name: str) -> Iterator[None]:
        key = lock_key(self.workspace, name)
        self._run(lambda conn: conn.execute("SELECT pg_advisory_lock(%s)", (key,)))
        self._local.depth = self._depth + 1
        try:
            yield
        finally:
            self._local.depth = self._depth - 1
            conn = getattr(self._local, "conn", None)
            if conn is not None and not conn.broken:
                with contextlib.suppress(Exception):
                    conn.execute("SELECT pg_advisory_unlock(%s)", (key,))
            if not self._depth:
                self._seen().clear()

    def lock(self, rel: str) -> contextlib.AbstractContextManager[None]:
        return self._advisory("doc:" + rel)

    def operation_lock(self) -> contextlib.AbstractContextManager[None]:
        return self._advisory("operation")

    def named_lock(self, name: str) -> contextlib.AbstractContextManager[None]:
        return self._advisory("named:" + name)

    # ---------------------------------------------------------------- writes
    def _current(self, conn: psycopg.Connection[Any], rel: str) -> tuple[str | None, int]:
        """The document's text and revision, row-locked until the transaction ends."""
        row = conn.execute(
            "SELECT text, revision FROM memstrata_documents "
            "WHERE workspace = %s AND path = %s FOR UPDATE",
            (self.workspace, rel),
        ).fetchone()
        return (None, 0) if row is None else (row[0], int(row[1]))

    def _save(
        self,
        conn: psycopg.Connection[Any],
        rel: str,
        op: str,
        text: str | None,
        expected: int | None,
    ) -> int:
        """Write the row, its history and the notification in ONE statement (atomic on its own,
        one round trip while the document's lock is held). ``append`` adds ``text`` to the row;
        ``expected``: the revision the row must still have (replace-if-unchanged)."""
        row = conn.execute(
            _SAVE,
            {
                "ws": self.workspace,
                "path": rel,
                "text": text,
                "append": op == "append",
                "op": op,
                "by": ACTOR.get(),
                "expected": expected,
                "channel": CHANNEL,
            },
        ).fetchone()
        if row is None:
            raise StoreConflict(
                f"changed by another writer (it is no longer revision {expected}) while this "
                "one should have held its lock; nothing was written, try again",
                rel,
            )
        revision = int(row[0])
        if self._depth:
            self._seen()[rel] = revision
        return revision

    def _write(self, work: Callable[[psycopg.Connection[Any]], object], many: bool = False) -> None:
        """One SQL statement, or (``many``) one transaction of several; a connection lost on
        the way means nothing of it happened, or all of it (never a part)."""
        psycopg = import_driver()
        conn = self._conn()
        try:
            if many:
                with conn.transaction():
                    work(conn)
            else:
                work(conn)
        except psycopg.OperationalError as exc:
            self._drop()
            raise unavailable(exc) from None

    def replace(self, rel: str, data: bytes) -> None:
        text = decode(rel, data)
        self._write(lambda conn: self._save(conn, rel, "replace", text, self._seen().get(rel)))

    def append(self, rel: str, data: bytes) -> None:
        added = decode(rel, data)
        self._write(lambda conn: self._save(conn, rel, "append", added, self._seen().get(rel)))

    def commit(
        self, steps: list[Step], warnings: list[str], request: Applied | None = None
    ) -> None:
        """All steps in one SQL transaction: a process killed (or a connection lost) before
        its COMMIT changed nothing, so there is no journal to replay. The request, if any, is
        a row of ``memstrata_requests`` in the same transaction: committed with the changes,
        or not at all."""
        if not steps:
            return
        texts = {step.path: decode(step.path, step.data) for step in steps if step.op != "remove"}

        def work(conn: psycopg.Connection[Any]) -> None:
            for step in steps:
                old, revision = self._current(conn, step.path)
                current = None if old is None else old.encode("utf-8")
                if step.op == "remove":
                    if current is None:
                        continue
                    self._expect(step.path, sha(current) == step.old)
                    self._save(conn, step.path, "remove", None, revision)
                elif step.op == "append":
                    self._expect(step.path, len(current or b"") == step.old_size)
                    self._save(conn, step.path, "append", texts[step.path], revision)
                elif current != step.data:
                    self._expect(step.path, sha(current) == step.old)
                    self._save(conn, step.path, "replace", texts[step.path], revision)
                self._maybe_fault()
            if request is not None:
                conn.execute(
                    "INSERT INTO memstrata_requests (workspace, key, answer) VALUES (%s, %s, %s)",
                    (self.workspace, request.key, request.answer),
                )

        self._write(work, many=True)

    def applied(self, key: str) -> str | None:
        row = self._run(
            lambda conn: conn.execute(
                "SELECT answer FROM memstrata_requests WHERE workspace = %s AND key = %s",
                (self.workspace, key),
            ).fetchone()
        )
        return None if row is None else str(row[0])

    def _expect(self, rel: str, unchanged: bool) -> None:
        if not unchanged:
            raise StoreConflict(
                "changed by another writer during this operation (its lock was lost); "
                "nothing of the operation was written, try again",
                rel,
            )

    def recover(self) -> list[str]:
        return []  # a commit is one SQL transaction: never half-done

    def replay_locked(self) -> list[str]:
        return []

    def _maybe_fault(self) -> None:
        """The crash tests' hook (core/documents.py): SIGKILL mid-transaction."""
        limit = os.environ.get(FAULT_ENV)
        if limit is None:
            return
        self._fault_count += 1
        if self._fault_count >= int(limit):
            os.kill(os.getpid(), signal.SIGKILL)
