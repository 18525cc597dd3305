"""The team index: recall/index.py's ``ChunkIndex`` in PostgreSQL, beside the team store's rows.

Every replica searches the same chunks, so a write one agent makes on one machine is found by
another on the next search anywhere. The tables (``INDEX_SCHEMA``) hold, per workspace, which
revision of each document was indexed, the chunks with their lexical side (a tsvector with a GIN
index, per-column term frequencies, the length) and their vector (pgvector), and a generation
counter. Embeddings are also cached by (model, text hash), so a re-chunked document never
re-embeds unchanged text.

* **Sync** compares ``memstrata_documents`` revisions with the indexed ones in one query, and
  re-chunks changed documents in one transaction under a per-workspace advisory lock, so two
  replicas never index the same change twice. Every other change to a workspace's chunks and
  cached vectors (vectors stored by an embedder, or copied from the cache) takes the same lock:
  without it a sync's DELETE and an embedder's UPDATE of the same rows, taken in different
  orders, deadlocked (two replicas and eight agents, tests/test_team_replicas.py).
* **Lexical search** is BM25 computed in SQL the way FTS5 computes it (k1 1.2, b 0.75, the
  same column weights, IDF ``log((N - n + 0.5) / (n + 0.5))`` floored at 1e-6, |D| counted over
  all columns; a phrase of several words counted where they stand in a row), over the lexemes
  of team/lexemes.py, so the same fusion applies. tests/test_team_index.py compares every
  evaluation query's candidates and scores with FTS5's.
* **Vector search** is pgvector's inner product (the vectors are unit length: cosine), exact
  or through an HNSW index per vector size (``[store] vector_index``; benchmarks/team_search.py
  measures both). The HNSW scan is iterative, so filters never starve the top list.

Over 500 lines: it is one Protocol's implementation whose parts share the per-thread connection
and the per-workspace lock and generation; the SQL text lives in index_schema.py and
index_query.py.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from memstrata.core import changes
from memstrata.core.redact import redact
from memstrata.errors import MemstrataError
from memstrata.recall.chunker import CHUNKER_VERSION, Chunk, chunk_tail
from memstrata.recall.index import (
    ChunkFilter,
    ChunkIndex,
    ChunkRow,
    Phrase,
    Progress,
    SyncStats,
    VectorSide,
    inline_limit,
)
from memstrata.recall.store import text_hash
from memstrata.team import lexemes
from memstrata.team.index_query import Bm25Query, PgVectors, bm25_sql, nearest_sql
from memstrata.team.index_schema import (
    APPENDED,
    CHANGED,
    INDEX_SCHEMA,
    INDEX_VERSION,
    INDEXED,
    REMOVED,
    STATE,
)
from memstrata.team.store import PostgresStore, connect, import_driver, lock_key, unavailable
from memstrata.text.textio import count_breaks, split_lines
from memstrata.text.tokenize import SEGMENTER

if TYPE_CHECKING:
    import psycopg

    from memstrata.core.workspace import Workspace
    from memstrata.providers.embedders import Embedder

_READY: set[str] = set()
_GUARD = threading.Lock()
_INHERITED: list[Any] = []
# This thread's connection per DSN, (pid, connection): opening one and registering the vector
# type cost more than a search (37 ms against the server on this machine).
_THREAD = threading.local()
# Per process, per (index, generation): chunk count and mean length; phrase -> documents.
_STATS: dict[tuple[str, str], tuple[int, float]] = {}
_COUNTS: dict[tuple[str, str], dict[str, int]] = {}
_HNSW_MADE: set[tuple[str, int]] = set()  # (dsn, vector size) whose HNSW index exists


def open_index(ws: Workspace, embedder: Embedder | None) -> ChunkIndex:
    """The index of a workspace whose documents are in the team store (recall/index.py);
    typed as the Protocol so mypy checks that PostgresIndex implements all of it."""
    store = ws.store
    if not isinstance(store, PostgresStore):
        raise MemstrataError("the postgres index needs the postgres document store")
    return PostgresIndex(ws, embedder, store.dsn, store.workspace)


def _chunk_key(chunk: Chunk) -> tuple[Any, ...]:
    """What a chunk row is derived from. A re-chunked document keeps every row whose key it
    still produces, so an append re-indexes only what it added: re-deriving the terms of every
    chunk of a day's log on each write made a search wait O(log length) behind every write
    (seconds with eight agents logging for a minute). A chunk whose text held a secret is
    stored redacted, never matches, and is simply derived again."""
    return chunk.stored()


class PostgresIndex:
    """One workspace's chunks in the team database, for an embedder (None: lexical only)."""

    def __init__(self, ws: Workspace, embedder: Embedder | None, dsn: str, workspace: str):
        self.ws = ws
        self.embedder = embedder
        self.dsn = dsn
        self.workspace = workspace
        self.exact = ws.config.store.vector_index == "exact"
        # As of this object's last sync (an index is opened per search): the generation, and
        # the items of the sections of the chunks fetched (search's merge step asks for them).
        self._known: tuple[str, str] | None = None  # (generation, embedded generation)
        self._sections: dict[tuple[str, str], list[tuple[int, int, int]]] = {}

    # ---------------------------------------------------------------- connections
    def _conn(self) -> psycopg.Connection[Any]:
        conns: dict[str, tuple[int, Any]] = _THREAD.__dict__.setdefault("conns", {})
        pid, conn = conns.get(self.dsn, (0, None))
        if conn is not None and pid != os.getpid():
            _INHERITED.append(conn)  # the parent's socket (a forked serve worker): never close
            conn = None
        if conn is not None and not conn.closed and not conn.broken:
            return conn  # type: ignore[no-any-return]
        conn = connect(self.dsn)
        if self.dsn not in _READY:
            with _GUARD, conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (lock_key("", "index-schema"),))
                conn.execute(INDEX_SCHEMA)
                _READY.add(self.dsn)
        from pgvector.psycopg import register_vector

        register_vector(conn)
        conns[self.dsn] = (os.getpid(), conn)
        return conn

    def _run(self, work: Callable[[psycopg.Connection[Any]], Any]) -> Any:
        """``work`` on this thread's connection; a connection found dead (a restarted server)
        is replaced once, and ``work`` (a read, or a whole transaction) run again."""
        psycopg = import_driver()
        for attempt in (1, 2):
            conn = self._conn()
            try:
                return work(conn)
            except psycopg.OperationalError as exc:
                _THREAD.__dict__.get("conns", {}).pop(self.dsn, None)
                if attempt == 2:
                    raise unavailable(exc) from None
        raise AssertionError("unreachable")

    def _one(self, sql: str, params: Any = ()) -> Any:
        row = self._run(lambda conn: conn.execute(sql, params).fetchone())
        return row[0] if row else None

    def _all(self, sql: str, params: Any = ()) -> list[Any]:
        return list(self._run(lambda conn: conn.execute(sql, params).fetchall()))

    # ---------------------------------------------------------------- basics
    @property
    def signature(self) -> str:
        """Changes to any of these make old chunks wrong: rebuild (vectors stay cached)."""
        return json.dumps(
            {
                "schema": INDEX_VERSION,
                "chunker": CHUNKER_VERSION,
                "segmenter": SEGMENTER,
                "lexemes": lexemes.LEXEMES,
            },
            sort_keys=True,
        )

    @property
    def cache_key(self) -> str:
        digest = hashlib.sha256(self.dsn.encode()).hexdigest()[:12]
        return f"pg:{digest}:{self.workspace}"

    @property
    def location(self) -> str:
        return f"team store index (workspace {self.workspace})"

    def _meta(self, conn: psycopg.Connection[Any], key: str, default: str = "") -> str:
        row = conn.execute(
            "SELECT value FROM memstrata_index_meta WHERE workspace = %s AND key = %s",
            (self.workspace, key),
        ).fetchone()
        return str(row[0]) if row else default

    def _set(self, conn: psycopg.Connection[Any], key: str, value: str) -> None:
        conn.execute(
            "INSERT INTO memstrata_index_meta VALUES (%s, %s, %s) ON CONFLICT (workspace, key)"
            " DO UPDATE SET value = excluded.value",
            (self.workspace, key, value),
        )

    def _bump(self, conn: psycopg.Connection[Any]) -> None:
        self._known = None
        conn.execute(
            "INSERT INTO memstrata_index_meta VALUES (%s, 'generation', '1')"
            " ON CONFLICT (workspace, key) DO UPDATE"
            " SET value = (memstrata_index_meta.value::bigint + 1)::text",
            (self.workspace,),
        )

    def generation(self) -> str:
        if self._known is not None:
            return self._known[0]
        return str(self._run(lambda conn: self._meta(conn, "generation", "0")))

    @property
    def damage_errors(self) -> tuple[type[BaseException], ...]:
        return ()  # PostgreSQL keeps its own integrity; there is no file to set aside

    def repair(self, exc: BaseException) -> str:
        raise exc

    # ---------------------------------------------------------------- sync
    def sync(
        self,
        embed: bool = True,
        embed_budget_s: float | None = None,
        progress: Progress | None = None,
        scan_interval_s: float = 0.0,
        batch: int | None = None,
    ) -> SyncStats:
        """Index the documents whose revision moved; embed (see the SQLite index's rules).
        The comparison is one query on the server, so there is no scan interval to wait, and
        no ``batch``: PostgreSQL's readers never wait for a writer's transaction."""
        stats = SyncStats()
        changes.take(str(self.ws.root))  # revisions say it all; forget this process's list
        params = {
            "ws": self.workspace,
            "md": INDEXED[0],
            "hidden": INDEXED[1],
            "done": f"embedded:{self.embedder.name if self.embedder else ''}",
        }
        signature, generation, done, moved = self._run(
            lambda conn: conn.execute(STATE, params).fetchone()
        )
        if signature != self.signature or moved:
            self._run(lambda conn: self._sync_documents(conn, stats))
        else:
            self._known = (str(generation), str(done))
        if embed and self.embedder is not None:
            inline_max = inline_limit(self.ws.root)
            if inline_max is None:
                self._embed_missing(stats, embed_budget_s, progress)
            elif 0 < self.pending_embeddings() <= inline_max:
                self._embed_missing(stats, None, progress)
        stats.pending_embeddings = self.pending_embeddings()
        return stats

    def rebuild(self, progress: Progress | None = None) -> SyncStats:
        """Drop this workspace's chunks (cached vectors stay) and index everything again."""
        stats = SyncStats()

        def work(conn: psycopg.Connection[Any]) -> None:
            with conn.transaction():
                self._lock(conn)
                self._clear(conn)
            self._sync_documents(conn, stats)

        self._run(work)
        stats.rebuilt = True
        if self.embedder is not None:
            self._embed_missing(stats, None, progress)
        stats.pending_embeddings = self.pending_embeddings()
        return stats

    def _lock(self, conn: psycopg.Connection[Any]) -> None:
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (lock_key(self.workspace, "index"),))

    def _clear(self, conn: psycopg.Connection[Any]) -> None:
        for table in ("memstrata_chunks", "memstrata_index_files", "memstrata_index_meta"):
            conn.execute(f"DELETE FROM {table} WHERE workspace = %s", (self.workspace,))
        self._set(conn, "signature", self.signature)
        self._set(conn, "generation", "1")

    def _sync_documents(self, conn: psycopg.Connection[Any], stats: SyncStats) -> None:
        params = {"ws": self.workspace, "md": INDEXED[0], "hidden": INDEXED[1]}
        self._known = None
        with conn.transaction():
            self._lock(conn)
            if self._meta(conn, "signature") != self.signature:
                self._clear(conn)
                stats.rebuilt = True
            changed = conn.execute(CHANGED, params).fetchall()
            removed = [row[0] for row in conn.execute(REMOVED, params).fetchall()]
            if not changed and not removed and not stats.rebuilt:
                return  # another replica indexed them while this one waited for the lock
            conn.execute(
                "DELETE FROM memstrata_chunks WHERE workspace = %s AND path = ANY(%s)",
                (self.workspace, removed),
            )
            conn.execute(
                "DELETE FROM memstrata_index_files WHERE workspace = %s AND path = ANY(%s)",
                (self.workspace, removed),
            )
            stats.removed += len(removed)
            rows: list[tuple[Any, ...]] = []
            stale: list[int] = []
            for rel, revision, text, indexed in changed:
                role = self.ws.role_of(rel) or "other"
                unchanged = self._unchanged_lines(conn, rel, revision, text, indexed)
                first, chunks = chunk_tail(rel, role, split_lines(text), unchanged)
                existing = self._existing(conn, rel, first)
                for chunk in chunks:
                    if existing.pop(_chunk_key(chunk), None) is not None:
                        continue  # unchanged: its row, terms and vector stay
                    # A hand-written document may hold a key; the derived index never copies one.
                    chunk.text, chunk.heading = redact(chunk.text), redact(chunk.heading)
                    chunk.entry_id = redact(chunk.entry_id)
                    rows.append(self._row(chunk))
                stale += existing.values()
                stats.changed += 1
            conn.execute("DELETE FROM memstrata_chunks WHERE id = ANY(%s)", (stale,))
            stats.scanned += len(changed)
            stats.chunks_added += len(rows)
            with conn.cursor() as cursor:
                # A cached vector goes in with the row: updating wide rows later rewrites them
                # and every index entry (100k chunks: minutes).
                model = self.embedder.name if self.embedder is not None else None
                cursor.executemany(
                    "INSERT INTO memstrata_chunks (workspace, path, start_line, end_line, heading,"
                    " role, entry_id, date, agent, text, text_hash, length, tsv, tf, model, dims,"
                    " embedding) SELECT %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s,"
                    " %s::tsvector, %s::jsonb, e.model, vector_dims(e.embedding), e.embedding"
                    " FROM (SELECT 1) one LEFT JOIN memstrata_embeddings e"
                    " ON e.model = %s AND e.text_hash = %s",
                    [(*row, model, row[10]) for row in rows],
                )
                cursor.executemany(
                    "INSERT INTO memstrata_index_files VALUES (%s, %s, %s)"
                    " ON CONFLICT (workspace, path) DO UPDATE SET revision = excluded.revision",
                    [(self.workspace, rel, revision) for rel, revision, _text, _old in changed],
                )
            self._bump(conn)

    def _unchanged_lines(
        self, conn: psycopg.Connection[Any], rel: str, revision: int, text: str, indexed: int | None
    ) -> int:
        """How many leading lines of ``text`` are as they were at the indexed revision: all
        whole lines before what appends added since (0 when anything else changed it)."""
        if indexed is None:
            return 0
        params = {"ws": self.workspace, "path": rel, "revision": revision, "since": indexed}
        only_appends, added = conn.execute(APPENDED, params).fetchone() or (False, 0)
        data = text.encode("utf-8")
        if not only_appends or not 0 < int(added) <= len(data):
            return 0
        return count_breaks(data[: len(data) - int(added)])

    def _existing(
        self, conn: psycopg.Connection[Any], rel: str, first: int
    ) -> dict[tuple[Any, ...], int]:
        """The document's indexed chunks from (0-based) line ``first`` on, by
        :func:`_chunk_key`, with their ids (the ones before belong to sections kept as they are)."""
        rows = conn.execute(
            "SELECT id, start_line, end_line, heading, role, entry_id, date, agent, text"
            " FROM memstrata_chunks WHERE workspace = %s AND path = %s AND start_line > %s",
            (self.workspace, rel, first),
        ).fetchall()
        return {tuple(row[1:]): int(row[0]) for row in rows}

    def _row(self, chunk: Chunk) -> tuple[Any, ...]:
        doc = lexemes.document(chunk.heading, chunk.text)
        return (
            self.workspace,
            chunk.path,
            *chunk.stored(),
            text_hash(chunk.embed_text),
            doc.length,
            doc.tsvector,
            doc.tf,
        )

    # ---------------------------------------------------------------- embeddings
    def _from_cache(self, conn: psycopg.Connection[Any], hashes: list[str] | None) -> None:
        """Give chunks without this model's vector the cached one of their text (only those of
        ``hashes``, when given: the batch just embedded)."""
        assert self.embedder is not None
        conn.execute(
            "UPDATE memstrata_chunks c SET model = e.model, dims = vector_dims(e.embedding),"
            " embedding = e.embedding FROM memstrata_embeddings e"
            " WHERE c.workspace = %s AND c.model IS DISTINCT FROM %s"
            + (" AND c.text_hash = ANY(%s)" if hashes is not None else "")
            + " AND e.model = %s AND e.text_hash = c.text_hash",
            (
                self.workspace,
                self.embedder.name,
                *([hashes] if hashes is not None else []),
                self.embedder.name,
            ),
        )

    def _fill_from_cache(self) -> None:
        """Every chunk without this model's vector gets the cached one, under the index lock."""

        def work(conn: psycopg.Connection[Any]) -> None:
            with conn.transaction():
                self._lock(conn)
                self._from_cache(conn, None)

        self._run(work)

    def _missing(self, limit: int | None = None) -> list[tuple[str, str, str]]:
        assert self.embedder is not None
        return self._all(
            "SELECT text_hash, min(heading), min(text) FROM memstrata_chunks"
            " WHERE workspace = %s AND model IS DISTINCT FROM %s GROUP BY text_hash"
            + (" LIMIT %s" if limit else ""),
            (self.workspace, self.embedder.name, *([limit] if limit else [])),
        )

    def _store_vectors(self, rows: list[tuple[str, str, str]], vectors: Any) -> None:
        assert self.embedder is not None
        model = self.embedder.name
        dims = int(vectors.shape[1])

        def work(conn: psycopg.Connection[Any]) -> None:
            with conn.transaction():
                self._lock(conn)
                with conn.cursor() as cursor:
                    cursor.executemany(
                        "INSERT INTO memstrata_embeddings VALUES (%s, %s, %s)"
                        " ON CONFLICT (model, text_hash) DO UPDATE SET embedding = excluded.embedding",
                        [
                            (model, h, vectors[i].astype("float32"))
                            for i, (h, _a, _b) in enumerate(rows)
                        ],
                    )
                self._from_cache(conn, [h for h, _a, _b in rows])
                self._bump(conn)
            if not self.exact:
                self._hnsw(conn, dims)

        self._run(work)

    def _hnsw(self, conn: psycopg.Connection[Any], dims: int) -> None:
        """The HNSW index for vectors of this size (built once, kept up to date by inserts),
        for a workspace that asks for it: an exact scan never reads it, and every insert would
        pay for it. Once per process and size: ``CREATE INDEX IF NOT EXISTS`` takes a SHARE lock
        on the chunks table even when the index exists, which queued every replica's writes."""
        if (self.dsn, dims) in _HNSW_MADE:
            return
        _HNSW_MADE.add((self.dsn, dims))
        conn.execute(
            f"CREATE INDEX IF NOT EXISTS memstrata_chunks_hnsw_{dims} ON memstrata_chunks"
            f" USING hnsw ((embedding::vector({dims})) vector_ip_ops) WHERE dims = {dims}"
        )

    def _embed_missing(
        self, stats: SyncStats, budget_s: float | None, progress: Progress | None, batch: int = 32
    ) -> None:
        assert self.embedder is not None
        if self._complete():
            return
        self._fill_from_cache()
        rows = self._missing()
        started = time.monotonic()
        for start in range(0, len(rows), batch):
            if budget_s is not None and time.monotonic() - started > budget_s:
                return
            part = rows[start : start + batch]
            vectors = self.embedder.embed(
                [Chunk("", 0, 0, text, heading).embed_text for _h, heading, text in part]
            )
            self._store_vectors(part, vectors)
            stats.embedded += len(part)
            if progress:
                progress(min(start + batch, len(rows)), len(rows))
        self._mark_complete()

    def _complete(self) -> bool:
        assert self.embedder is not None
        if self._known is not None:
            return self._known[0] == self._known[1]
        key = f"embedded:{self.embedder.name}"
        return bool(
            self._run(lambda conn: self._meta(conn, key, "-") == self._meta(conn, "generation"))
        )

    def _mark_complete(self) -> None:
        assert self.embedder is not None
        self._known = None
        model = self.embedder.name
        key = f"embedded:{model}"

        def work(conn: psycopg.Connection[Any]) -> None:
            with conn.transaction():
                self._lock(conn)
                row = conn.execute(
                    "SELECT EXISTS (SELECT 1 FROM memstrata_chunks WHERE workspace = %s"
                    " AND model IS DISTINCT FROM %s)",
                    (self.workspace, model),
                ).fetchone()
                if row is not None and not row[0]:
                    self._set(conn, key, self._meta(conn, "generation"))

        self._run(work)

    def embed_backlog(self, batch: int = 64, should_stop: Callable[[], bool] | None = None) -> int:
        """Embed every chunk without a vector; no lock is held while the model runs (two
        replicas embedding the same text at once store the same vector twice, harmlessly)."""
        assert self.embedder is not None
        done = 0
        while not (should_stop and should_stop()):
            if self._complete():
                return done
            self._fill_from_cache()
            rows = self._missing(batch)
            if not rows:
                self._mark_complete()
                return done
            vectors = self.embedder.embed(
                [Chunk("", 0, 0, text, heading).embed_text for _h, heading, text in rows]
            )
            self._store_vectors(rows, vectors)
            done += len(rows)
        return done

    def pending_embeddings(self) -> int:
        if self.embedder is None or self._complete():
            return 0
        return int(
            self._one(
                "SELECT count(DISTINCT c.text_hash) FROM memstrata_chunks c"
                " WHERE c.workspace = %s AND c.model IS DISTINCT FROM %s AND NOT EXISTS"
                " (SELECT 1 FROM memstrata_embeddings e WHERE e.model = %s"
                " AND e.text_hash = c.text_hash)",
                (self.workspace, self.embedder.name, self.embedder.name),
            )
        )

    # ---------------------------------------------------------------- counts, health
    def chunk_count(self) -> int:
        return int(
            self._one(
                "SELECT count(*) FROM memstrata_chunks WHERE workspace = %s", (self.workspace,)
            )
        )

    def describe(self) -> dict[str, int]:
        row = self._run(
            lambda conn: conn.execute(
                "SELECT (SELECT count(*) FROM memstrata_index_files WHERE workspace = %(ws)s),"
                " count(*), count(embedding) FROM memstrata_chunks WHERE workspace = %(ws)s",
                {"ws": self.workspace},
            ).fetchone()
        )
        return {"files": int(row[0]), "chunks": int(row[1]), "embeddings": int(row[2])}

    def health(self) -> list[tuple[str, str]]:
        params = {"ws": self.workspace, "md": INDEXED[0], "hidden": INDEXED[1]}
        behind = len(self._all(CHANGED, params)) + len(self._all(REMOVED, params))
        orphans = self._one(
            "SELECT count(*) FROM memstrata_chunks c WHERE c.workspace = %s AND NOT EXISTS"
            " (SELECT 1 FROM memstrata_index_files f WHERE f.workspace = c.workspace"
            " AND f.path = c.path)",
            (self.workspace,),
        )
        out = []
        if behind:
            out.append(
                ("note", f"index is behind the documents by {behind}; the next search catches up")
            )
        if orphans:
            out.append(("problem", f"{orphans} chunks belong to no indexed document"))
        return out

    def warm(self) -> None:
        self._conn()

    # ---------------------------------------------------------------- queries
    def _stats(self, generation: str) -> tuple[int, float]:
        key = (self.cache_key, generation)
        if key not in _STATS:
            row = self._run(
                lambda conn: conn.execute(
                    "SELECT count(*), coalesce(avg(length), 0) FROM memstrata_chunks"
                    " WHERE workspace = %s",
                    (self.workspace,),
                ).fetchone()
            )
            _STATS[key] = (int(row[0]), float(row[1]))
        return _STATS[key]

    def _phrase_counts(self, queries: list[str], generation: str) -> dict[str, int]:
        """Chunks matching each tsquery (one round trip for the ones not cached)."""
        known = _COUNTS.setdefault((self.cache_key, generation), {})
        missing = [q for q in dict.fromkeys(queries) if q not in known]
        if missing:
            columns = ", ".join("count(*) FILTER (WHERE tsv @@ %s::tsquery)" for _ in missing)
            row = self._run(
                lambda conn: conn.execute(
                    f"SELECT {columns} FROM memstrata_chunks WHERE workspace = %s"
                    " AND tsv @@ %s::tsquery",
                    (*missing, self.workspace, " | ".join(f"({q})" for q in missing)),
                ).fetchone()
            )
            known.update(zip(missing, (int(n) for n in row), strict=True))
        return {q: known[q] for q in queries}

    def document_counts(self, groups: list[list[Phrase]]) -> list[int]:
        generation = self.generation()
        queries = [lexemes.any_of(phrases) for phrases in groups]
        counts = self._phrase_counts([q for q in queries if q], generation)
        total = self._stats(generation)[0] if [] in groups else 0
        return [
            counts[q] if q else total if not g else 0 for q, g in zip(queries, groups, strict=True)
        ]

    def lexical(
        self,
        phrases: list[Phrase],
        where: ChunkFilter,
        limit: int,
        heading_weight: float,
        gram_weight: float,
    ) -> dict[int, float]:
        """FTS5's bm25() in SQL (see the module docstring)."""
        parsed = [(p, lexemes.phrase_lexemes(p), lexemes.tsquery(p)) for p in phrases]
        parsed = [item for item in parsed if item[1]]
        if not parsed:
            return {}
        generation = self.generation()
        total, average = self._stats(generation)
        counts = self._phrase_counts([q for _p, _l, q in parsed], generation)
        rows = self._all(
            *bm25_sql(
                Bm25Query(parsed, counts, total, average, heading_weight, gram_weight),
                self.workspace,
                where,
                limit,
            )
        )
        return {int(cid): max(float(score), 0.0) for cid, score in rows}

    def chunks(self, ids: list[int]) -> list[ChunkRow]:
        """The chunks, and (kept for :meth:`section_units`) the items of their sections: one
        round trip instead of one per picked result."""
        rows = self._all(
            "WITH wanted AS (SELECT path, heading FROM memstrata_chunks"
            " WHERE workspace = %(ws)s AND id = ANY(%(ids)s))"
            " SELECT id, path, start_line, end_line, role, entry_id, date, text, heading,"
            " id = ANY(%(ids)s) FROM memstrata_chunks c WHERE workspace = %(ws)s"
            " AND (path, heading) IN (SELECT path, heading FROM wanted) ORDER BY id",
            {"ws": self.workspace, "ids": ids},
        )
        sections: dict[tuple[str, str], list[tuple[int, int, int]]] = {}
        for row in sorted(rows, key=lambda r: (r[1], r[8], r[2])):
            sections.setdefault((row[1], row[8]), []).append((int(row[0]), row[2], row[3]))
        self._sections.update(sections)
        return [tuple(row[:9]) for row in rows if row[9]]  # type: ignore[misc]

    def section_units(self, path: str, heading: str) -> list[tuple[int, int, int]]:
        if (path, heading) in self._sections:
            return self._sections[(path, heading)]
        return [
            (int(a), int(b), int(c))
            for a, b, c in self._all(
                "SELECT id, start_line, end_line FROM memstrata_chunks WHERE workspace = %s"
                " AND path = %s AND heading = %s ORDER BY start_line",
                (self.workspace, path, heading),
            )
        ]

    def indexed_digest(self, path: str) -> str | None:
        return None  # documents and their revisions change together in the database

    def file_units(self, path: str) -> list[tuple[int, int, int, str]]:
        return [
            (int(a), int(b), int(c), str(d))
            for a, b, c, d in self._all(
                "SELECT id, start_line, end_line, entry_id FROM memstrata_chunks"
                " WHERE workspace = %s AND path = %s ORDER BY start_line",
                (self.workspace, path),
            )
        ]

    def vector_side(self, model: str, where: ChunkFilter) -> VectorSide:
        return PgVectors(self, model, where)

    def nearest(
        self, vector: Any, model: str, where: ChunkFilter, limit: int
    ) -> list[tuple[int, float]]:
        """The ``limit`` chunks nearest ``vector`` under the filter (exact or HNSW)."""
        sql, params = nearest_sql(vector, self.workspace, model, where, limit)

        def work(conn: psycopg.Connection[Any]) -> list[Any]:
            with conn.transaction():
                if self.exact:
                    conn.execute("SET LOCAL enable_indexscan = off")
                else:
                    conn.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
                    conn.execute(f"SET LOCAL hnsw.ef_search = {max(40, min(limit, 1000))}")
                return conn.execute(sql, params).fetchall()

        return [(int(cid), float(score)) for cid, score in self._run(work)]
