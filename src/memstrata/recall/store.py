"""The derived index: ``<workspace>/.memstrata/index.sqlite`` (chunks, FTS5, embeddings).

Sync is incremental: a cheap stat pass finds files whose size or mtime changed, only those are
hashed (sha256) and re-chunked, and files that disappeared are removed. Embeddings are cached by
(model, text hash), so re-chunking unchanged text never re-embeds it. When the chunker,
segmenter or embedder changes, the whole index is rebuilt into a temp file beside it and swapped
in with one rename, so a search never sees a half-built index; stale temp files from a killed
rebuild are removed under the index lock before anything else happens.

The database uses the rollback journal rather than WAL: replacing a WAL database file while
its -wal/-shm files belong to the old one could corrupt it, and the index is small and
written only under our own lock.

Over 500 lines: sync, rebuild-by-swap, damage healing and the embedding backlog share one
connection cache, lock and generation (and the vector and rows versions that say when a
process's vector matrix must be read again); the queries search makes are in sqlite_query.py.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from memstrata.core import changes
from memstrata.core.redact import redact
from memstrata.core.storage import file_lock
from memstrata.core.workspace import LINKED_ROLE
from memstrata.errors import MemstrataError
from memstrata.recall import sqlite_query
from memstrata.recall.chunker import CHUNKER_VERSION, Chunk, chunk_file
from memstrata.recall.index import (
    ChunkFilter,
    ChunkRow,
    Phrase,
    Progress,
    SyncStats,
    VectorSide,
    inline_limit,
    kept_by_service,
)
from memstrata.recall.vectors import VectorMatrix, cached_matrix, load_matrix
from memstrata.text.textio import decode_replacing, split_lines
from memstrata.text.tokenize import SEGMENTER, index_grams, index_text

if TYPE_CHECKING:
    from memstrata.core.workspace import Workspace
    from memstrata.providers.embedders import Embedder

INDEX_NAME = "index.sqlite"
SCHEMA_VERSION = "2"


def changed_ns(stat: os.stat_result) -> int:
    """When a file last changed, as the index compares it: its mtime, or its ctime when later.
    An edit that keeps the size and puts the mtime back (``touch -r``, some editors and sync
    tools) still moves the ctime; with the mtime alone the index kept the old text (a
    tester's round on 7731d2a). Stored in the ``mtime_ns`` column."""
    return max(stat.st_mtime_ns, stat.st_ctime_ns)


IGNORED_DIRS = frozenset(
    {".git", ".memstrata", "node_modules", ".venv", "venv", "__pycache__", ".hg", ".svn"}
)
_CONNECTIONS: dict[tuple[str, int], tuple[int, sqlite3.Connection]] = {}


def _forget_vectors(db_path: str) -> None:
    from memstrata.recall.vectors import forget

    forget(db_path)


_LAST_FULL_SCAN: dict[str, float] = {}
_INHERITED: list[sqlite3.Connection] = []
# (index file, model, generation) -> chunk texts without a vector (see SqliteIndex._pending).
_PENDING: dict[tuple[str, str, str], int] = {}


def after_fork() -> None:
    """In a forked child: never use the parent's SQLite connections (SQLite forbids carrying
    one across fork; they stay referenced so closing cannot touch the parent's locks), and
    scan the files again (the parent's last scan says nothing of what other children wrote)."""
    _INHERITED.extend(conn for _inode, conn in _CONNECTIONS.values())
    _CONNECTIONS.clear()
    _LAST_FULL_SCAN.clear()


_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files(path TEXT PRIMARY KEY, sha256 TEXT NOT NULL, size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL, role TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS chunks(id INTEGER PRIMARY KEY, path TEXT NOT NULL, start_line INTEGER NOT NULL,
    end_line INTEGER NOT NULL, heading TEXT NOT NULL, role TEXT NOT NULL, entry_id TEXT NOT NULL,
    date TEXT NOT NULL, agent TEXT NOT NULL, text TEXT NOT NULL, text_hash TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS chunks_path ON chunks(path);
CREATE INDEX IF NOT EXISTS chunks_hash ON chunks(text_hash);
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(context, body, grams, tokenize='porter unicode61 remove_diacritics 2');
CREATE TABLE IF NOT EXISTS embeddings(model TEXT NOT NULL, text_hash TEXT NOT NULL, vector BLOB NOT NULL,
    PRIMARY KEY(model, text_hash)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS embeddings_keys ON embeddings(model, text_hash);
"""
# embeddings_keys repeats the primary key without the 2 KB vectors beside it: which chunks have
# a vector (the matrix listing, the backlog count) is read from it, 2-4x faster at 12k chunks.


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def iter_markdown(root: Path) -> Iterator[tuple[str, os.stat_result]]:
    """Every ``.md`` file under ``root`` (workspace-relative, posix), skipping VCS and tool dirs.

    Runs before every search, so it uses ``os.scandir`` on plain strings (pathlib costs 5x).
    """
    root_text = str(root)
    prefix = len(root_text) + 1
    stack = [root_text]
    while stack:
        folder = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name not in IGNORED_DIRS and not entry.name.startswith("."):
                    stack.append(entry.path)
            elif entry.name.endswith(".md") and not entry.is_symlink():
                # A symlink is another file's content under a second name: indexing it would
                # duplicate hits at best and show a private file under a shared name at worst.
                with contextlib.suppress(OSError):
                    yield entry.path[prefix:].replace(os.sep, "/"), entry.stat()


class SqliteIndex:
    """One workspace's index in ``.memstrata/index.sqlite``, opened for a given embedder
    (None: lexical only); the files backend's :class:`~memstrata.recall.index.ChunkIndex`."""

    def __init__(self, ws: Workspace, embedder: Embedder | None):
        self.ws = ws
        self.embedder = embedder
        self.path = ws.state_dir / INDEX_NAME
        self.lock_path = ws.state_dir / "index.lock"

    # ------------------------------------------------------------------ basics
    @property
    def signature(self) -> str:
        """Changes to any of these make old chunks or vectors wrong: rebuild."""
        return json.dumps(
            {
                "schema": SCHEMA_VERSION,
                "chunker": CHUNKER_VERSION,
                "segmenter": SEGMENTER,
                "embedder": self.embedder.name if self.embedder else "none",
            },
            sort_keys=True,
        )

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        conn = sqlite3.connect(path, timeout=30, isolation_level=None)
        conn.execute("PRAGMA journal_mode=DELETE")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.executescript(_SCHEMA)
        return conn

    def connect(self) -> sqlite3.Connection:
        """This thread's connection to the index file, reopened when a rebuild replaced it.

        Kept open for the life of the process: opening and preparing SQLite on every search
        cost more than the search itself. Callers must not close it.
        """
        self.ws.state_dir.mkdir(parents=True, exist_ok=True)
        inode = self.path.stat().st_ino if self.path.exists() else -1
        key = (str(self.path), threading.get_ident())
        cached = _CONNECTIONS.get(key)
        if cached is not None and cached[0] == inode and inode != -1:
            return cached[1]
        if cached is not None:
            cached[1].close()
        conn = self._connect(self.path)
        _CONNECTIONS[key] = (self.path.stat().st_ino, conn)
        return conn

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        with file_lock(self.lock_path):
            self._remove_orphans()
            yield

    def _remove_orphans(self) -> None:
        for entry in self.ws.state_dir.glob(f"{INDEX_NAME}.rebuild-*"):
            with contextlib.suppress(OSError):
                entry.unlink()

    @staticmethod
    def meta(conn: sqlite3.Connection, key: str, default: str = "") -> str:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else default

    @staticmethod
    def _bump(conn: sqlite3.Connection, vectors: bool = True, removed: bool = True) -> None:
        """Move the generation; with ``vectors``, the vector version too (see
        :meth:`vectors_version`), and with ``removed`` (chunks were removed: rows of a
        matrix may now name the wrong chunk) the ``rows`` version."""
        old = SqliteIndex.meta(conn, "generation", "0")
        generation = str(int(old) + 1)
        conn.execute("INSERT OR REPLACE INTO meta VALUES ('generation', ?)", (generation,))
        # ``rows`` names the index file too: a rebuilt index starts its generations again.
        file_id = SqliteIndex.meta(conn, "index_id")
        for key, moved, now, before in (
            ("vectors", vectors, generation, old),
            ("rows", vectors and removed, f"{file_id}:{generation}", f"{file_id}:{old}"),
        ):
            if moved:
                conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, now))
            else:  # an index from before these versions: as of ``old``
                conn.execute("INSERT OR IGNORE INTO meta VALUES (?, ?)", (key, before))

    @staticmethod
    def vectors_version(conn: sqlite3.Connection) -> str:
        """The generation of the last change to which chunks have which vectors: a commit of
        new chunks without one (a backlog being indexed) leaves it, so the vector matrices
        of every process stay valid (re-reading one cost a search 30-140 ms, 16 times while
        2,000 new chunks were indexed)."""
        rows = dict(
            conn.execute("SELECT key, value FROM meta WHERE key IN ('generation', 'vectors')")
        )
        return str(rows.get("vectors") or rows.get("generation") or "")

    def _vectors_touched(
        self, conn: sqlite3.Connection, before: tuple[int, int], added: int
    ) -> tuple[bool, bool]:
        """(whether this transaction changed which chunks have vectors, whether it removed
        chunks): ``before`` is the chunk count and largest id when it began; a new chunk
        whose text already had a vector (a file indexed again) changes the vectors too."""
        count, top = before
        if conn.execute("SELECT COUNT(*) FROM chunks").fetchone()[0] != count + added:
            return True, True
        if self.embedder is None:
            return True, False
        embedded = conn.execute(
            "SELECT 1 FROM chunks c JOIN embeddings e ON e.text_hash = c.text_hash"
            " AND e.model = ? WHERE c.id > ? LIMIT 1",
            (self.embedder.name, top),
        ).fetchone()
        return embedded is not None, False

    # ------------------------------------------------------------------ sync
    def sync(
        self,
        embed: bool = True,
        embed_budget_s: float | None = None,
        progress: Progress | None = None,
        scan_interval_s: float = 0.0,
        batch: int | None = None,
    ) -> SyncStats:
        """Bring the index up to date with the files (rebuilding first if the signature moved).

        With ``scan_interval_s`` > 0, a full stat scan runs only if the last one in this process
        is older than that; in between, only files this process's writer changed are synced.
        A sync with nothing to do takes no lock, so a search never waits for another process's
        sync. With ``batch``, changed files are committed ``batch`` chunks at a time and the
        lock is let go in between: a search waits for at most one commit, a writer for one
        batch (the service's background pass; embedding is left to :meth:`embed_backlog`).
        """
        idle = self._idle(embed, scan_interval_s)
        if idle is not None:
            return idle
        left: list[str] = []
        with self.locked():
            try:
                stats = self._sync(embed, embed_budget_s, progress, scan_interval_s, batch, left)
            except sqlite3.DatabaseError as exc:
                warning = self.heal(exc)
                left.clear()
                stats = self._sync(embed, embed_budget_s, progress, scan_interval_s, batch, left)
                stats.warnings.insert(0, warning)
        while left:
            with self.locked():
                conn = self.connect()
                left = self._sync_files(conn, stats, only=set(left), batch=batch)
                stats.pending_embeddings = self._pending(conn)
        return stats

    def _idle(self, embed: bool, scan_interval_s: float) -> SyncStats | None:
        """The stats of a sync that has nothing to do, read without the index lock: no scan
        due, no file written by this process, the signature current, nothing to embed
        inline. None when there is work."""
        last_scan = _LAST_FULL_SCAN.get(str(self.path), -1e9)
        if (
            not self.path.exists()
            or changes.pending(str(self.ws.root), ".md")  # a queue's .jsonl is not indexed
            or time.monotonic() - last_scan >= scan_interval_s
        ):
            return None
        try:
            conn = self.connect()
            if self.meta(conn, "signature") != self.signature:
                return None
            pending = self._pending(conn)
        except sqlite3.DatabaseError:
            return None  # the locked sync heals it
        if embed and self.embedder is not None and pending:
            inline_max = inline_limit(self.ws.root)
            if inline_max is None or pending <= inline_max:
                return None
        files_pending = int(self.meta(conn, "files_pending", "0") or 0)
        return SyncStats(pending_embeddings=pending, files_pending=files_pending)

    def _sync(
        self,
        embed: bool,
        embed_budget_s: float | None,
        progress: Progress | None,
        scan_interval_s: float,
        batch: int | None = None,
        left: list[str] | None = None,
    ) -> SyncStats:
        """One sync; the caller holds the index lock. With ``batch``, the files not yet
        indexed are put in ``left`` (nothing is embedded then)."""
        stats = SyncStats()
        needs_rebuild = not self.path.exists()
        if not needs_rebuild:
            needs_rebuild = self.meta(self.connect(), "signature") != self.signature
        if needs_rebuild:
            self._rebuild(stats)
        conn = self.connect()
        key = str(self.path)
        written = changes.take(str(self.ws.root))
        rest: list[str] = []
        if needs_rebuild or time.monotonic() - _LAST_FULL_SCAN.get(key, -1e9) >= scan_interval_s:
            rest = self._sync_files(conn, stats, batch=batch)
            _LAST_FULL_SCAN[key] = time.monotonic()
        elif written:
            rest = self._sync_files(conn, stats, only=written, batch=batch)
        if left is not None:
            left.extend(rest)
        if embed and self.embedder is not None and not rest:
            inline_max = inline_limit(self.ws.root)
            if inline_max is None:
                self._embed_missing(conn, stats, embed_budget_s, progress)
            elif 0 < self._pending(conn) <= inline_max:
                self._embed_missing(conn, stats, None, progress)
        stats.pending_embeddings = self._pending(conn)
        return stats

    def heal(self, exc: sqlite3.DatabaseError) -> str:
        """The index is derived: when SQLite says it is damaged, move it aside (keeping only the
        newest damaged copy, for diagnosis) so the next sync rebuilds it, and say so once.
        A busy or locked database is not damage: that error is raised again."""
        message = str(exc)
        if isinstance(exc, sqlite3.OperationalError) and any(
            word in message for word in ("locked", "busy", "unable to open")
        ):
            raise exc
        for key in [k for k in _CONNECTIONS if k[0] == str(self.path)]:
            with contextlib.suppress(sqlite3.Error):
                _CONNECTIONS.pop(key)[1].close()
        _forget_vectors(str(self.path))
        for old in self.ws.state_dir.glob(f"{INDEX_NAME}.damaged*"):
            with contextlib.suppress(OSError):
                old.unlink()
        aside = self.path.with_name(f"{INDEX_NAME}.damaged")
        with contextlib.suppress(FileNotFoundError):
            os.replace(self.path, aside)
        for suffix in ("-journal", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(f"{self.path}{suffix}")
        return (
            f"the search index was damaged ({message[:80]}); moved to "
            f".memstrata/{aside.name} and rebuilt"
        )

    def rebuild(self, progress: Progress | None = None) -> SyncStats:
        """Rebuild from scratch (``memstrata index --rebuild``), keeping cached embeddings."""
        with self.locked():
            stats = SyncStats()
            self._rebuild(stats)
            conn = self.connect()
            self._sync_files(conn, stats)
            if self.embedder is not None:
                self._embed_missing(conn, stats, None, progress)
            stats.pending_embeddings = self._pending(conn)
            return stats

    def _rebuild(self, stats: SyncStats) -> None:
        """Build an empty index with the current signature in a temp file, carry the embedding
        cache over, and swap it in with one rename."""
        temp = self.ws.state_dir / f"{INDEX_NAME}.rebuild-{os.getpid()}"
        self.ws.state_dir.mkdir(parents=True, exist_ok=True)
        try:
            conn = self._connect(temp)
            try:
                conn.execute(
                    "INSERT OR REPLACE INTO meta VALUES ('signature', ?)", (self.signature,)
                )
                conn.execute("INSERT OR REPLACE INTO meta VALUES ('generation', '1')")
                conn.execute(
                    "INSERT OR REPLACE INTO meta VALUES ('index_id', ?)", (secrets.token_hex(8),)
                )
                if self.path.exists() and self.embedder is not None:
                    with contextlib.suppress(sqlite3.DatabaseError):
                        conn.execute("ATTACH DATABASE ? AS old", (str(self.path),))
                        conn.execute(
                            "INSERT OR IGNORE INTO embeddings SELECT * FROM old.embeddings WHERE model = ?",
                            (self.embedder.name,),
                        )
                        conn.execute("DETACH DATABASE old")
            finally:
                conn.close()
            os.replace(temp, self.path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                temp.unlink()
        stats.rebuilt = True

    def _sync_files(
        self,
        conn: sqlite3.Connection,
        stats: SyncStats,
        only: set[str] | None = None,
        batch: int | None = None,
    ) -> list[str]:
        """Index the changed files in one transaction, or, with ``batch``, only until that many
        chunks were added: the files left for the next transaction are returned."""
        known = {
            row[0]: row[1:]
            for row in conn.execute("SELECT path, sha256, size, mtime_ns FROM files")
        }
        seen: set[str] = set()
        updates: list[tuple[str, os.stat_result]] = []
        if only is None:
            # The workspace's files and those of roles kept in the [global] root (note 004).
            listing: Iterator[tuple[str, os.stat_result]] = itertools.chain(
                iter_markdown(self.ws.root), self.ws.global_markdown()
            )
        else:
            listing = (
                (rel, self.ws.resolve(rel).stat())
                for rel in sorted(only)
                if rel.endswith(".md") and self.ws.resolve(rel).is_file()
            )
        for rel, stat in listing:
            stats.scanned += 1
            seen.add(rel)
            old = known.get(rel)
            if old is None or old[1] != stat.st_size or old[2] != changed_ns(stat):
                updates.append((rel, stat))
        candidates = known if only is None else {p: known[p] for p in only if p in known}
        removed = [path for path in candidates if path not in seen]
        if not updates and not removed:
            return []
        left: list[str] = []
        conn.execute("BEGIN IMMEDIATE")
        try:
            before = conn.execute("SELECT COUNT(*), COALESCE(MAX(id), 0) FROM chunks").fetchone()
            for rel in removed:
                self._drop_file(conn, rel)
                stats.removed += 1
            added = stats.chunks_added
            for done, (rel, stat) in enumerate(updates, 1):
                self._index_file(conn, rel, stat, known.get(rel), stats)
                if batch and stats.chunks_added - added >= batch:
                    left = [path for path, _stat in updates[done:]]
                    break
            self._bump(conn, *self._vectors_touched(conn, before, stats.chunks_added - added))
            # What a search that does not sync (the service's) tells the person: files on disk
            # this index does not reflect yet. 0 once the last batch is in.
            conn.execute(
                "INSERT OR REPLACE INTO meta VALUES ('files_pending', ?)", (str(len(left)),)
            )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return left

    @staticmethod
    def _drop_file(conn: sqlite3.Connection, rel: str) -> None:
        ids = [row[0] for row in conn.execute("SELECT id FROM chunks WHERE path = ?", (rel,))]
        conn.executemany("DELETE FROM chunks_fts WHERE rowid = ?", [(i,) for i in ids])
        conn.execute("DELETE FROM chunks WHERE path = ?", (rel,))
        conn.execute("DELETE FROM files WHERE path = ?", (rel,))

    def _index_file(
        self,
        conn: sqlite3.Connection,
        rel: str,
        stat: os.stat_result,
        old: tuple | None,
        stats: SyncStats,
    ) -> None:
        try:
            data = self.ws.resolve(rel).read_bytes()
            text, replaced = decode_replacing(data, rel)
        except (OSError, MemstrataError) as exc:
            stats.warnings.append(f"{exc} (not indexed)")
            self._drop_file(conn, rel)
            return
        if replaced:
            stats.warnings.append(replaced)
        digest = hashlib.sha256(data).hexdigest()
        # A hard link is visible to the owner only (workspace.read_roles explains why).
        role = (LINKED_ROLE if stat.st_nlink > 1 else self.ws.role_of(rel)) or "other"
        if old is not None and old[0] == digest:
            conn.execute(
                "UPDATE files SET size = ?, mtime_ns = ? WHERE path = ?",
                (stat.st_size, changed_ns(stat), rel),
            )
            return
        stats.changed += 1
        self._drop_file(conn, rel)
        conn.execute(
            "INSERT INTO files VALUES (?, ?, ?, ?, ?)",
            (rel, digest, stat.st_size, changed_ns(stat), role),
        )
        for chunk in chunk_file(rel, role, split_lines(text)):
            # A hand-written file may hold a key; the derived index never copies one.
            chunk.text, chunk.heading = redact(chunk.text), redact(chunk.heading)
            chunk.entry_id = redact(chunk.entry_id)
            self._insert_chunk(conn, chunk)
            stats.chunks_added += 1

    @staticmethod
    def _insert_chunk(conn: sqlite3.Connection, chunk: Chunk) -> None:
        cursor = conn.execute(
            "INSERT INTO chunks(path, start_line, end_line, heading, role, entry_id, date, agent, text, text_hash)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (chunk.path, *chunk.stored(), text_hash(chunk.embed_text)),
        )
        conn.execute(
            "INSERT INTO chunks_fts(rowid, context, body, grams) VALUES (?, ?, ?, ?)",
            (
                cursor.lastrowid,
                index_text(chunk.heading),
                index_text(chunk.text),
                index_grams(f"{chunk.heading}\n{chunk.text}"),
            ),
        )

    # ------------------------------------------------------------------ embeddings
    def pending_embeddings(self) -> int:
        return self._pending(self.connect())

    def _pending(self, conn: sqlite3.Connection) -> int:
        """Distinct chunk texts without a vector, counted once per generation per process (the
        count reads every chunk: 16-30 ms at 12k chunks, paid by every search during a
        backlog; the service's fork server counts it between calls for its workers)."""
        if self.embedder is None:
            return 0
        owns = not conn.in_transaction
        if owns:
            conn.execute("BEGIN")  # the count and the generation it belongs to: one snapshot
        try:
            if self._complete(conn):
                return 0
            key = (str(self.path), self.embedder.name, self.meta(conn, "generation"))
            if key not in _PENDING:
                _PENDING.clear()  # only the current generation is ever asked again
                _PENDING[key] = conn.execute(
                    "SELECT COUNT(*) FROM (SELECT text_hash FROM chunks"
                    " EXCEPT SELECT text_hash FROM embeddings WHERE model = ?)",
                    (self.embedder.name,),
                ).fetchone()[0]
            return _PENDING[key]
        finally:
            if owns:
                conn.execute("COMMIT")

    def _embed_missing(
        self,
        conn: sqlite3.Connection,
        stats: SyncStats,
        budget_s: float | None,
        progress: Progress | None,
        batch: int = 32,
    ) -> None:
        """Embed chunks that have no cached vector, batch by batch, within an optional time budget."""
        assert self.embedder is not None
        if self._complete(conn):
            return
        rows = conn.execute(
            "SELECT c.text_hash, MIN(c.heading), MIN(c.text) FROM chunks c LEFT JOIN embeddings e"
            " ON e.text_hash = c.text_hash AND e.model = ? WHERE e.text_hash IS NULL GROUP BY c.text_hash",
            (self.embedder.name,),
        ).fetchall()
        started = time.monotonic()
        for start in range(0, len(rows), batch):
            if budget_s is not None and time.monotonic() - started > budget_s:
                break
            part = rows[start : start + batch]
            texts = [Chunk("", 0, 0, text, heading).embed_text for _hash, heading, text in part]
            vectors = self.embedder.embed(texts)
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany(
                "INSERT OR REPLACE INTO embeddings VALUES (?, ?, ?)",
                [
                    (self.embedder.name, h, vectors[i].astype("float32").tobytes())
                    for i, (h, _a, _b) in enumerate(part)
                ],
            )
            self._bump(conn, removed=False)
            conn.execute("COMMIT")
            stats.embedded += len(part)
            if progress:
                progress(min(start + batch, len(rows)), len(rows))
        else:
            conn.execute(
                "INSERT OR REPLACE INTO meta VALUES ('embedded_generation', ?)",
                (self.meta(conn, "generation"),),
            )

    def embed_backlog(self, batch: int = 64, should_stop: Callable[[], bool] | None = None) -> int:
        """Embed every chunk without a vector, holding the index lock only to read a batch and
        to store it (never while the model runs), so searches and writers never wait for it.
        Returns how many were embedded; killed half-way, the next call resumes where it was."""
        assert self.embedder is not None
        done = 0
        while not (should_stop and should_stop()):
            with self.locked():
                conn = self.connect()
                if self._complete(conn):
                    return done
                rows = conn.execute(
                    "SELECT c.text_hash, MIN(c.heading), MIN(c.text) FROM chunks c"
                    " LEFT JOIN embeddings e ON e.text_hash = c.text_hash AND e.model = ?"
                    " WHERE e.text_hash IS NULL GROUP BY c.text_hash LIMIT ?",
                    (self.embedder.name, batch),
                ).fetchall()
                if not rows:
                    conn.execute(
                        "INSERT OR REPLACE INTO meta VALUES ('embedded_generation', ?)",
                        (self.meta(conn, "generation"),),
                    )
                    return done
            texts = [Chunk("", 0, 0, text, heading).embed_text for _hash, heading, text in rows]
            vectors = self.embedder.embed(texts)
            with self.locked():
                conn = self.connect()
                conn.execute("BEGIN IMMEDIATE")
                conn.executemany(
                    "INSERT OR REPLACE INTO embeddings VALUES (?, ?, ?)",
                    [
                        (self.embedder.name, h, vectors[i].astype("float32").tobytes())
                        for i, (h, _a, _b) in enumerate(rows)
                    ],
                )
                self._bump(conn, removed=False)
                conn.execute("COMMIT")
            done += len(rows)
        return done

    def _complete(self, conn: sqlite3.Connection) -> bool:
        """Every chunk had a vector when the index was last at this generation."""
        return self.meta(conn, "embedded_generation", "-") == self.meta(conn, "generation")

    def chunk_count(self) -> int:
        return int(self.connect().execute("SELECT COUNT(*) FROM chunks").fetchone()[0])

    def describe(self) -> dict[str, int]:
        """Counts for ``memstrata index`` output and health checks."""
        conn = self.connect()
        return {
            "files": conn.execute("SELECT COUNT(*) FROM files").fetchone()[0],
            "chunks": conn.execute("SELECT COUNT(*) FROM chunks").fetchone()[0],
            "embeddings": conn.execute("SELECT COUNT(*) FROM embeddings").fetchone()[0],
        }

    @property
    def location(self) -> str:
        return f".memstrata/{INDEX_NAME}"

    def health(self) -> list[tuple[str, str]]:
        """For doctor: no index yet, damaged, behind the files, chunks of no file."""
        if not self.path.exists():
            return [
                (
                    "note",
                    "no search index yet: the first search builds it (or run `memstrata index`)",
                )
            ]
        try:
            return self._health()
        except sqlite3.DatabaseError as exc:
            return [
                (
                    "problem",
                    f"the search index is damaged ({str(exc)[:60]}); `memstrata doctor --fix` or "
                    "any search rebuilds it from the files (nothing is lost)",
                )
            ]

    def _health(self) -> list[tuple[str, str]]:
        conn = self.connect()
        known = {
            row[0]: (row[1], row[2])
            for row in conn.execute("SELECT path, size, mtime_ns FROM files")
        }
        on_disk = {
            rel: (stat.st_size, changed_ns(stat))
            for rel, stat in (*iter_markdown(self.ws.root), *self.ws.global_markdown())
        }
        stale = sorted(rel for rel, sig in on_disk.items() if known.get(rel) != sig)
        gone = sorted(rel for rel in known if rel not in on_disk)
        orphans = conn.execute(
            "SELECT COUNT(*) FROM chunks WHERE path NOT IN (SELECT path FROM files)"
        ).fetchone()[0]
        out = []
        if stale or gone:
            # Information, not a problem: every search syncs the index first.
            out.append(
                (
                    "note",
                    f"index is behind the files: {len(stale)} changed, {len(gone)} deleted "
                    f"({', '.join((stale + gone)[:3])}…); the next search catches up",
                )
            )
        if orphans:
            out.append(("problem", f"{orphans} chunks belong to no indexed file"))
        return out

    # ------------------------------------------------------------------ damage
    @property
    def damage_errors(self) -> tuple[type[BaseException], ...]:
        return (sqlite3.DatabaseError,)

    def repair(self, exc: BaseException) -> str:
        if not isinstance(exc, sqlite3.DatabaseError):
            raise exc
        with self.locked():
            return self.heal(exc)

    # ------------------------------------------------------------------ queries
    def generation(self) -> str:
        return self.meta(self.connect(), "generation")

    @property
    def cache_key(self) -> str:
        return str(self.path)

    def lexical(
        self,
        phrases: list[Phrase],
        where: ChunkFilter,
        limit: int,
        heading_weight: float,
        gram_weight: float,
    ) -> dict[int, float]:
        return sqlite_query.lexical(
            self.connect(), phrases, where, limit, heading_weight, gram_weight
        )

    def document_counts(self, groups: list[list[Phrase]]) -> list[int]:
        conn = self.connect()
        return [sqlite_query.document_count(conn, phrases) for phrases in groups]

    def chunks(self, ids: list[int]) -> list[ChunkRow]:
        return sqlite_query.chunks(self.connect(), ids)

    def section_units(self, path: str, heading: str) -> list[tuple[int, int, int]]:
        return sqlite_query.section_units(self.connect(), path, heading)

    def file_units(self, path: str) -> list[tuple[int, int, int, str]]:
        return sqlite_query.file_units(self.connect(), path)

    def indexed_digest(self, path: str) -> str | None:
        row = self.connect().execute("SELECT sha256 FROM files WHERE path = ?", (path,)).fetchone()
        return str(row[0]) if row else None

    def vector_side(self, model: str, where: ChunkFilter) -> VectorSide:
        conn = self.connect()
        matrix = cached_matrix(str(self.path), model)
        if matrix is None or not self._may_lag(conn, matrix):
            matrix = load_matrix(conn, str(self.path), model, self.vectors_version(conn))
        return sqlite_query.MatrixSide(matrix, sqlite_query.allowed_mask(conn, matrix, where))

    def _may_lag(self, conn: sqlite3.Connection, matrix: VectorMatrix) -> bool:
        """Whether a search may use ``matrix`` as it is although vectors were added since: in
        the service, while a backlog is being embedded (a search then searches the vectors
        there are, plus lexical for the rest), and only if no chunk was removed since (every
        row still names its chunk). The fork server brings it up to date between calls; a
        worker re-reading it after each of the background's commits paid 30-140 ms."""
        return (
            kept_by_service(self.ws.root)
            and bool(matrix.rows)
            and matrix.rows == self.meta(conn, "rows")
            and not self._complete(conn)
        )

    def warm(self) -> None:
        """Bring the cached vector matrix and backlog count up to date (cheap when nothing
        changed)."""
        if self.embedder is None or not self.path.exists():
            return
        conn = self.connect()
        load_matrix(conn, str(self.path), self.embedder.name, self.vectors_version(conn))
        self._pending(conn)
