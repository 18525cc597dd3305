"""Issue 16, the index side: the team index (PostgreSQL + pgvector) answers what the SQLite
index answers: the same lexemes, BM25 within rounding of FTS5's, the same filters, and vectors
exact or through HNSW; two replicas see each other's writes on the next search."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from memstrata.core.config import CONFIG_NAME, render_store
from memstrata.core.initialize import init_workspace
from memstrata.core.workspace import Workspace
from memstrata.providers.embedders import HashEmbedder
from memstrata.recall.index import ChunkFilter, Phrase, open_index
from memstrata.recall.query import plan_query
from memstrata.recall.search import _word_phrases, search
from memstrata.text.tokenize import index_text
from tests.conftest import fixed_clock
from tests.pg import put

psycopg = pytest.importorskip("psycopg", reason="the team extra is not installed")
from memstrata.team import lexemes  # noqa: E402 (needs the extra)
from memstrata.team.index import PostgresIndex  # noqa: E402
from memstrata.team.index_query import glob_regex  # noqa: E402
from memstrata.team.transfer import import_workspace  # noqa: E402

DATA = Path(__file__).parents[1] / "benchmarks" / "data" / "recall_bilingual"
QUERIES = [json.loads(line)["query"] for line in (DATA / "queries.jsonl").open(encoding="utf-8")]


def _pair(tmp_path: Path, monkeypatch, pg_dsn: str) -> tuple[Workspace, Workspace]:
    """The bilingual evaluation workspace on files and, document for document, on PostgreSQL."""
    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    files_root = tmp_path / "files"
    shutil.copytree(DATA / "workspace", files_root)
    init_workspace(files_root)
    files = Workspace.open(files_root, clock=fixed_clock)
    (tmp_path / "team").mkdir()
    (tmp_path / "team" / CONFIG_NAME).write_text(
        f'preset = "{files.preset}"\n' + render_store("postgres", "team"), encoding="utf-8"
    )
    team = Workspace.open(tmp_path / "team", clock=fixed_clock)
    import_workspace(team, files_root)
    return files, team


def test_lexemes_are_fts5s_tokens() -> None:
    """The words PostgreSQL stores are the ones FTS5's porter unicode61 stores (all but a
    couple of the evaluation set's distinct tokens)."""
    conn = sqlite3.connect(":memory:")
    conn.execute(
        "CREATE VIRTUAL TABLE t USING fts5(b, tokenize='porter unicode61 remove_diacritics 2')"
    )
    conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
    tokens = sorted(
        {t for p in (DATA / "workspace").rglob("*.md") for t in index_text(p.read_text()).split()}
    )
    differ = []
    for token in tokens:
        conn.execute("DELETE FROM t")
        conn.execute("INSERT INTO t VALUES (?)", (token,))
        fts5 = [row[0] for row in conn.execute("SELECT term FROM v ORDER BY offset")]
        if fts5 != lexemes.lexemes(token):
            differ.append(token)
    assert len(tokens) > 2000
    assert len(differ) <= 3, differ


@pytest.mark.parametrize(
    ("pattern", "path", "matches"),
    [
        ("memory/*.md", "memory/2026-04-10.md", True),
        ("memory/*.md", "MEMORY.md", False),
        ("memory/2026-0?-*.md", "memory/2026-04-10.md", True),
        ("memory/[0-9]*.md", "memory/2026-04-10.md", True),
        ("memory/[^0-9]*.md", "memory/2026-04-10.md", False),
        ("a.b", "axb", False),
        ("*(x)*", "a(x)b", True),
        ("Memory/*", "memory/x.md", False),  # GLOB is case-sensitive
    ],
)
def test_glob_is_sqlites(pattern: str, path: str, matches: bool) -> None:
    conn = sqlite3.connect(":memory:")
    assert conn.execute("SELECT ? GLOB ?", (path, pattern)).fetchone()[0] == matches
    import re

    assert bool(re.search(glob_regex(pattern), path)) == matches


def test_bm25_is_fts5s(tmp_path, monkeypatch, pg_dsn) -> None:
    """Every evaluation query's lexical candidates: the same chunks in the same order with the
    same BM25, on files and on PostgreSQL."""
    files, team = _pair(tmp_path, monkeypatch, pg_dsn)
    sqlite_index, pg_index = open_index(files, None), open_index(team, None)
    assert isinstance(pg_index, PostgresIndex)
    sqlite_index.sync(embed=False)
    pg_index.sync(embed=False)
    assert sqlite_index.chunk_count() == pg_index.chunk_count() > 250

    def keyed(index, ids_scores):
        rows = {row[0]: row for row in index.chunks(list(ids_scores))}
        # Ties in any order: chunk ids (the tie-break) are numbered differently on each side.
        return sorted(
            (((rows[cid][1], rows[cid][2]), round(score, 6)) for cid, score in ids_scores.items()),
            key=lambda item: (-item[1], item[0]),
        )

    same, compared = 0, 0
    worst = 0.0
    for query in QUERIES:
        plan = plan_query(query)
        phrases = [p for word in plan.terms for p in _word_phrases(word)]
        phrases += [Phrase(gram, "grams") for gram in plan.grams]
        if not phrases:
            continue
        args = (phrases, ChunkFilter(exclude=("evolution_log",)), 20, 2.0, 0.5)
        mine = keyed(sqlite_index, sqlite_index.lexical(*args))
        theirs = keyed(pg_index, pg_index.lexical(*args))
        compared += 1
        # The last score's ties may be cut at the limit differently: compare above it.
        same += [m for m in mine if m[1] > mine[-1][1]] == [t for t in theirs if t[1] > mine[-1][1]]
        for (key, score), (other, other_score) in zip(mine, theirs, strict=False):
            if key == other:
                worst = max(worst, abs(score - other_score) / max(score, 1e-9))
        # Document counts (IDF) agree for every word.
        for phrase in phrases:
            assert sqlite_index.document_counts([[phrase]]) == pg_index.document_counts([[phrase]])
    assert compared > 200
    assert same == compared
    assert worst < 1e-4


def test_search_finds_another_replicas_write_at_once(tmp_path, monkeypatch, pg_dsn) -> None:
    """Two workspaces on two machines name the same team store: a write through one is a hit
    in the other's next search (no watcher, no scan interval)."""
    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    init_workspace(tmp_path / "a", backend="postgres")
    first = Workspace.open(tmp_path / "a", clock=fixed_clock)
    second_root = tmp_path / "b"
    second_root.mkdir()
    shutil.copy(first.root / "memstrata.toml", second_root / "memstrata.toml")
    second = Workspace.open(second_root, clock=fixed_clock)
    assert search(second, "网关端口", embedder=HashEmbedder()).results == []
    from memstrata.entries.remember import remember

    remember(first.writer(), "记住：网关端口改为 8443")
    hits = search(second, "网关端口", embedder=HashEmbedder()).results
    assert hits and "8443" in hits[0].snippet and hits[0].path == "MEMORY.md"


@pytest.mark.parametrize("vector_index", ["exact", "hnsw"])
def test_vectors_exact_and_hnsw_agree_with_numpy(tmp_path, monkeypatch, pg_dsn, vector_index):
    files, team = _pair(tmp_path, monkeypatch, pg_dsn)
    embedder = HashEmbedder()
    sqlite_index, pg_index = open_index(files, embedder), open_index(team, embedder)
    sqlite_index.sync()
    assert pg_index.sync().pending_embeddings == 0
    assert pg_index.describe()["embeddings"] == pg_index.chunk_count()
    pg_index.exact = vector_index == "exact"  # type: ignore[attr-defined]
    where = ChunkFilter(exclude=("evolution_log",))
    overlap = []
    for query in QUERIES[:40]:
        vector = embedder.embed([query])[0]
        mine = sqlite_index.vector_side(embedder.name, where).top(vector, 10)
        theirs = pg_index.vector_side(embedder.name, where).top(vector, 10)
        rows = {r[0]: (r[1], r[2]) for r in sqlite_index.chunks([c for c, _s in mine])}
        other = {r[0]: (r[1], r[2]) for r in pg_index.chunks([c for c, _s in theirs])}
        overlap.append(len({rows[c] for c, _s in mine} & {other[c] for c, _s in theirs}) / 10)
        for (_a, score), (_b, other_score) in zip(mine, theirs, strict=True):
            if vector_index == "exact":  # float16 matrix vs float32 rows
                assert abs(score - other_score) < 5e-3
    assert sum(overlap) / len(overlap) >= (0.95 if vector_index == "exact" else 0.8)


DAILY = "# [2026-04-10]\n\n## [coder] 部署网关\n- 网关端口改为 8443\n\n## [coder] 心跳\n- 心跳间隔 30 秒\n"


def test_incremental_sync_follows_revisions(tmp_path, monkeypatch, pg_dsn) -> None:
    """Only documents whose revision moved are re-chunked; unchanged text keeps its vector; a
    removed document's chunks go; the generation moves with every change and only then."""
    from memstrata.core.documents import Step, sha

    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    init_workspace(tmp_path / "t", backend="postgres")
    ws = Workspace.open(tmp_path / "t", clock=fixed_clock)
    index = open_index(ws, HashEmbedder())
    first = index.sync()
    assert first.rebuilt and first.pending_embeddings == 0
    generation = index.generation()
    again = index.sync()
    assert (again.changed, again.embedded, index.generation()) == (0, 0, generation)
    put(ws, "memory/2026-04-10.md", DAILY.encode())
    stats = index.sync()
    assert (stats.changed, stats.chunks_added, stats.embedded) == (1, 2, 2)
    put(ws, "memory/2026-04-10.md", DAILY.replace("8443", "9443").encode())
    stats = index.sync()
    assert (stats.changed, stats.embedded) == (1, 1)  # the unchanged section reuses its vector
    assert search(ws, "9443", mode="lexical").results
    assert not search(ws, "8443", mode="lexical").results
    assert index.health() == []
    current = ws.store.read("memory/2026-04-10.md")
    with ws.store.operation_lock(), ws.store.lock("memory/2026-04-10.md"):
        ws.store.commit([Step("remove", "memory/2026-04-10.md", old=sha(current))], [])
    assert index.health() == [
        ("note", "index is behind the documents by 1; the next search catches up")
    ]
    assert index.sync().removed == 1
    assert not search(ws, "9443", mode="lexical").results
    assert index.generation() != generation
    rebuilt = index.rebuild()
    assert rebuilt.rebuilt and rebuilt.embedded == 0  # vectors stay cached
    assert index.describe()["chunks"] == index.describe()["embeddings"] > 0


def test_two_replicas_syncing_at_once_index_a_change_once(tmp_path, monkeypatch, pg_dsn) -> None:
    """The per-workspace advisory lock: concurrent syncs never duplicate chunks, and the one
    that waited finds nothing left to do (the generation moves once)."""
    import threading

    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    init_workspace(tmp_path / "t", backend="postgres")
    ws = Workspace.open(tmp_path / "t", clock=fixed_clock)
    open_index(ws, None).sync(embed=False)
    before = int(open_index(ws, None).generation())
    expected = open_index(ws, None).chunk_count() + 2
    put(ws, "memory/2026-04-10.md", DAILY.encode())
    barrier = threading.Barrier(4)
    results = []

    def replica() -> None:
        index = open_index(ws, None)
        barrier.wait()
        results.append(index.sync(embed=False).changed)

    threads = [threading.Thread(target=replica) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [0, 0, 0, 1]
    assert open_index(ws, None).chunk_count() == expected
    assert int(open_index(ws, None).generation()) == before + 1


def test_storing_vectors_waits_for_the_index_lock(tmp_path, monkeypatch, pg_dsn) -> None:
    """An embedder stores vectors (and copies cached ones) under the per-workspace index lock
    that a sync holds: without it, a sync's DELETE and an embedder's UPDATE of the same chunk
    rows, locked in different orders, deadlocked (eight agents on two replicas)."""
    import threading

    import psycopg

    from memstrata.team.store import lock_key

    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    init_workspace(tmp_path / "t", backend="postgres")
    ws = Workspace.open(tmp_path / "t", clock=fixed_clock)
    open_index(ws, None).sync(embed=False)
    index = open_index(ws, HashEmbedder())
    assert index.pending_embeddings() > 0
    with psycopg.connect(pg_dsn, autocommit=True) as holder:
        holder.execute("SELECT pg_advisory_lock(%s)", (lock_key(index.workspace, "index"),))
        worker = threading.Thread(target=index.embed_backlog)
        worker.start()
        worker.join(timeout=1.0)
        assert worker.is_alive(), "vectors were stored while a sync held the index lock"
        assert open_index(ws, HashEmbedder()).pending_embeddings() > 0
    worker.join(timeout=30)
    assert not worker.is_alive() and open_index(ws, HashEmbedder()).pending_embeddings() == 0
