"""The service's latency goals, guarded by behaviour (the timings are in benchmarks/service.py):
a hook forked from the warm service loads nothing and runs neither the model nor the
reranker; a search in the service never indexes files itself while a backlog waits (the
background pass does, in small commits); a write through the service is found by the very
next search."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from serving import cli, served

from memstrata.core.initialize import init_workspace
from memstrata.core.workspace import Workspace
from memstrata.providers.embedders import workspace_embedder
from memstrata.recall import index as index_module
from memstrata.recall import search as search_module
from memstrata.recall.search import search
from memstrata.recall.store import SqliteIndex
from tests.conftest import fixed_clock

BACKLOG_FILES = 40
LINES_PER_FILE = 60  # a few chunks per file


def _index(ws: Workspace) -> SqliteIndex:
    """The index as search opens it (its signature names the embedder)."""
    return SqliteIndex(ws, workspace_embedder(ws.config.search))


def _backlog(root: Path, files: int = BACKLOG_FILES) -> None:
    """Daily logs written on disk by someone else (not through this process's writer)."""
    folder = root / "backlog"
    folder.mkdir()
    for n in range(files):
        items = "".join(
            f"- 斑马网关第 {n} 号备忘，条目 {i}：检查证书续期，先在预发环境验证再上线\n"
            for i in range(LINES_PER_FILE)
        )
        (folder / f"2026-03-{n:02d}.md").write_text(
            f"# [2026-03-{n:02d}]\n\n## [coder] 斑马网关 {n}\n{items}", encoding="utf-8"
        )


@pytest.fixture
def kept(tmp_path, monkeypatch) -> Workspace:
    """A workspace whose index a service keeps (as the fork server marks it), indexed once."""
    init_workspace(tmp_path / "ws")
    ws = Workspace.open(tmp_path / "ws", clock=fixed_clock)
    monkeypatch.setitem(index_module._BACKGROUND, str(ws.root), 0)
    _index(ws).sync()
    return ws


def test_a_search_in_the_service_does_not_index_a_large_backlog_itself(kept, monkeypatch):
    """Reported: the first search after 2,000 chunks were written took 776 ms, because it
    indexed the new files (lexically) before answering. In the service the background pass
    indexes them; the search reads what is indexed, taking no index lock."""
    _backlog(kept.root)
    calls: list[str] = []
    real_sync_files, real_locked = SqliteIndex._sync_files, SqliteIndex.locked
    monkeypatch.setattr(
        SqliteIndex,
        "_sync_files",
        lambda self, *a, **k: calls.append("index") or real_sync_files(self, *a, **k),
    )
    monkeypatch.setattr(
        SqliteIndex, "locked", lambda self: calls.append("lock") or real_locked(self)
    )
    for mode in ("hybrid", "lexical"):
        response = search(kept, "斑马网关 证书", mode=mode)
        assert not any(hit.path.startswith("backlog/") for hit in response.results)
    assert calls == []
    assert _index(kept).describe()["files"] < BACKLOG_FILES
    # What the service's background pass does: then the same search finds them.
    _index(kept).sync(embed=False, batch=16)
    assert any(hit.path.startswith("backlog/") for hit in search(kept, "斑马网关 证书").results)


def test_a_search_during_the_background_pass_says_files_are_still_being_indexed(kept):
    """Reported: after a bulk drop of files a hand edit stayed out of the service's searches
    for 10-23 s while ``search --json`` said nothing (no warning, ``degraded`` false). While
    the background pass has files left, a search says how many; once they are in, it does not."""
    from memstrata.recall.index import SyncStats

    _backlog(kept.root)
    index = _index(kept)
    with index.locked():  # the background pass, stopped after its first batch
        left = index._sync_files(index.connect(), SyncStats(), batch=16)
    assert left
    warnings = search(kept, "斑马网关 证书", mode="lexical").warnings
    assert any(f"{len(left)} changed file(s) are still being indexed" in w for w in warnings)
    index.sync(embed=False, batch=16)  # the pass finishes
    assert not any("still being indexed" in w for w in search(kept, "斑马网关").warnings)


def test_a_search_in_the_service_indexes_its_own_writes(kept):
    """What this process wrote (a forwarded ``remember``) is indexed by the next sync even
    though no scan runs: the write path's own change is small. Found on the way: a write made
    in a transaction was never noted for the index, so a long-running process (MCP) missed a
    memory it had just written until its next scan."""
    from memstrata.entries.remember import remember

    remember(kept.writer(), "记住：斑马网关的证书每年三月续期")
    hits = search(kept, "斑马网关 证书", mode="lexical").results
    assert hits and hits[0].path == "MEMORY.md"


def test_the_background_pass_commits_a_large_backlog_in_small_batches(kept, monkeypatch):
    """A search waits for one commit at most and a writer for one batch: the background
    sync lets the index lock go between batches of ``batch`` chunks."""
    _backlog(kept.root)
    index = _index(kept)
    before = int(index.generation())
    held = []
    real_locked = SqliteIndex.locked
    monkeypatch.setattr(SqliteIndex, "locked", lambda self: held.append(1) or real_locked(self))
    stats = index.sync(embed=False, batch=30)
    assert stats.changed == BACKLOG_FILES and stats.chunks_added >= BACKLOG_FILES * 2
    commits = int(index.generation()) - before
    per_file = -(-stats.chunks_added // BACKLOG_FILES)
    # each commit holds 30 chunks and at most one more file's: never the whole backlog
    assert commits >= stats.chunks_added // (30 + per_file) >= 3
    assert len(held) == commits
    assert index.describe()["files"] >= BACKLOG_FILES
    assert index.sync(embed=False, batch=30).changed == 0  # nothing left behind


def test_the_hook_path_runs_neither_the_reranker_nor_the_model(ws, monkeypatch, capsys):
    """The prompt hook's warnings are ranked lexically (stemmed, segmented, translated words
    over principles, lessons and patterns): never the second-stage reranker, never a
    query embedding."""
    import io

    from memstrata.adapters.hooks import run_hook
    from memstrata.entries.remember import remember
    from memstrata.providers import embedders

    def forbidden(*_args, **_kwargs):
        raise AssertionError("the hook path ran it")

    remember(ws.writer(), "remember: never deploy on Fridays after 3 pm")
    monkeypatch.setattr(search_module, "rerank", forbidden)
    for name in ("HashEmbedder", "USEEmbedder"):
        monkeypatch.setattr(getattr(embedders, name), "embed", forbidden)
    payload = {"cwd": str(ws.root), "session_id": "s", "prompt": "deploy the gateway on Friday"}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(payload)))
    assert run_hook("user-prompt-submit", str(ws.root)) == 0
    context = json.loads(capsys.readouterr().out)["hookSpecificOutput"]["additionalContext"]
    assert "never deploy on Fridays" in context
    assert "Error" not in (ws.state_dir / "hooks.log").read_text(encoding="utf-8")


def test_a_hook_forked_from_the_warm_service_loads_no_module(ws, monkeypatch):
    """Reported: the hook's work in the service was 80 ms, 50 of them loading the Chinese
    segmenter in every forked worker (the fork server had imported the module but never
    used it). What the fork server loads while it warms up must be all a prompt hook needs."""
    # Like the real model, and unlike the hash embedder, no embedder segments text itself.
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "none")
    _index(ws).sync()  # the service starts on an indexed workspace: warming indexes nothing
    code = (
        "import io, json, sys, pathlib\n"
        "from memstrata.serve.background import warm\n"
        "warm([pathlib.Path(sys.argv[1])], lambda line: None)\n"
        "from memstrata.adapters.hooks import run_hook\n"
        "before = set(sys.modules)\n"
        "sys.stdin = io.StringIO(json.dumps({'cwd': sys.argv[1], 'session_id': 's',"
        " 'prompt': '不对，部署服务之前要先备份数据库吗？记住以后都先备份'}))\n"
        "out, sys.stdout = sys.stdout, io.StringIO()\n"
        "run_hook('user-prompt-submit', sys.argv[1])\n"
        "sys.stdout = out\n"
        "print(json.dumps(sorted(set(sys.modules) - before)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(ws.root)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "MEMSTRATA_NO_SERVICE": "1"},
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []
    assert "Error" not in (ws.state_dir / "hooks.log").read_text(encoding="utf-8")


def test_a_write_through_the_service_is_found_by_the_next_search_at_once(tmp_path):
    """Searches in the service no longer scan the files: the worker that wrote indexes (and
    embeds, within the inline budget) its own change before it answers, so the next call
    finds it, by its words and by its vector, without waiting for the background."""
    root = tmp_path / "ws"
    cli("init", str(root), service=False).check_returncode()
    with served(root):
        cli("-w", str(root), "search", "warm up").check_returncode()
        wrote = cli("-w", str(root), "remember", "记住：斑马网关的证书每年三月续期")
        assert wrote.returncode == 0, wrote.stderr
        for mode in ("lexical", "vector"):
            found = cli("-w", str(root), "search", "斑马网关 证书", "--mode", mode, "--json")
            assert found.returncode == 0, found.stderr
            paths = [hit["path"] for hit in json.loads(found.stdout)["results"]]
            assert "MEMORY.md" in paths, (mode, paths)


def test_the_hook_client_imports_neither_typing_nor_pathlib():
    """Every prompt starts a fresh ``memstrata hook`` process that only forwards the call:
    its imports are the standard library's cheapest (``typing`` and ``pathlib`` cost it
    ~5 ms idle, 15 under load) and no engine module."""
    code = (
        "import sys; before = set(sys.modules)\n"
        "from memstrata.adapters.entry import fast_hook\n"
        "from memstrata.serve.client import forward_hook_payload, hook_payload\n"
        "print(' '.join(sorted(set(sys.modules) - before)))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert not {"typing", "pathlib", "contextlib", "base64"} & set(loaded)
    ours = {name for name in loaded if name.startswith("memstrata")}
    assert ours == {
        "memstrata",
        "memstrata.adapters",
        "memstrata.adapters.entry",
        "memstrata.serve",
        "memstrata.serve.address",
        "memstrata.serve.client",
    }


def test_indexing_new_chunks_leaves_every_process_vector_matrix_valid(kept):
    """The backlog's lexical commits add chunks without vectors: the matrices processes keep
    stay valid (the vector version stays), so a search during the backlog does not re-read
    its matrix after each commit. Embedding them, removing chunks or indexing a file again
    (new ids for texts that have vectors) moves it."""
    index = _index(kept)
    conn = index.connect()
    version, generation = index.vectors_version(conn), index.generation()
    _backlog(kept.root)
    index.sync(embed=False, batch=16)
    assert index.generation() != generation and index.vectors_version(conn) == version
    assert index.embed_backlog(batch=64) > 0
    embedded = index.vectors_version(conn)
    assert embedded != version
    path = kept.root / "backlog" / "2026-03-00.md"
    path.write_text(path.read_text(encoding="utf-8") + "- 又一条\n", encoding="utf-8")
    index.sync(embed=False)
    assert index.vectors_version(conn) != embedded
    moved = index.vectors_version(conn)
    path.unlink()
    index.sync(embed=False)
    assert index.vectors_version(conn) != moved


def test_a_search_during_a_backlog_uses_the_matrix_it_has_until_a_chunk_is_removed(
    kept, monkeypatch
):
    """While the service embeds a backlog, a search uses the vectors its process holds (the
    fork server brings them up to date between calls) instead of re-reading the matrix after
    every background commit; once a chunk is removed, or the backlog is done, or outside the
    service, it reads the current one."""
    from memstrata.recall import vectors
    from memstrata.recall.index import ChunkFilter

    index = _index(kept)
    index.embed_backlog()
    held = index.vector_side(index.embedder.name, ChunkFilter())
    matrix = vectors.cached_matrix(str(index.path), index.embedder.name)
    _backlog(kept.root)
    index.sync(embed=False, batch=64)
    batches = iter([False, True])
    assert index.embed_backlog(batch=32, should_stop=lambda: next(batches)) == 32
    assert len(index.vector_side(index.embedder.name, ChunkFilter())) == len(held)
    assert vectors.cached_matrix(str(index.path), index.embedder.name) is matrix
    monkeypatch.delitem(index_module._BACKGROUND, str(kept.root))  # outside the service
    assert len(index.vector_side(index.embedder.name, ChunkFilter())) == len(held) + 32
    monkeypatch.setitem(index_module._BACKGROUND, str(kept.root), 0)
    moved = vectors.cached_matrix(str(index.path), index.embedder.name)
    batches = iter([False, True])
    assert index.embed_backlog(batch=32, should_stop=lambda: next(batches)) == 32
    index.vector_side(index.embedder.name, ChunkFilter())
    assert vectors.cached_matrix(str(index.path), index.embedder.name) is moved
    (kept.root / "backlog" / "2026-03-00.md").unlink()  # a removal: every row re-checked
    index.sync(embed=False)
    side = index.vector_side(index.embedder.name, ChunkFilter())
    assert vectors.cached_matrix(str(index.path), index.embedder.name) is not moved
    assert len(side) >= len(held) + 32


def test_the_service_runs_its_math_on_one_thread_unless_told_otherwise(monkeypatch):
    """The background embedder's BLAS threads took both cores and a search's 4 ms query
    embedding took 90 ms; the service asks for one math thread per process before the fork
    server loads numpy, but a person's own setting stands."""
    from memstrata.serve.process import _MATH_THREADS, single_threaded_math

    for name in _MATH_THREADS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("OMP_NUM_THREADS", "4")
    single_threaded_math()
    assert os.environ["OPENBLAS_NUM_THREADS"] == "1" and os.environ["OMP_NUM_THREADS"] == "4"


def test_a_hooks_queue_line_does_not_make_its_search_touch_the_index(kept, monkeypatch):
    """The prompt hook appends its signals to pending.jsonl, then ranks its warnings: that
    write is no Markdown, so the search neither takes the index lock nor reads the file
    list (2-3 ms of a ~15 ms hook), and the worker has nothing of its own to index."""
    from memstrata.capture.record import record_signals
    from memstrata.core import changes

    record_signals(
        kept.writer(),
        "不对，部署服务之前要先备份数据库吗？记住以后都先备份",
        source="hook",
        hot_path=True,
        tool_output=False,
    )
    assert changes.pending(str(kept.root)) and str(kept.root) not in changes.roots(".md")
    real_locked = SqliteIndex.locked
    held = []
    monkeypatch.setattr(SqliteIndex, "locked", lambda self: held.append(1) or real_locked(self))
    search(kept, "pnpm", mode="lexical")
    assert held == []
