"""A tester's round on search (main 7731d2a), one test per failure:

1. ``--since 2026-09-01`` left out a USER.md bullet dated ``[2026-09]`` (dates compared as
   text: "2026-09" sorts before "2026-09-01");
2. that ``[2026-09]`` was stored as the bullet's agent tag (``--agent 2026-09`` found it);
3. a ``>`` quote inside a section of MEMORY.md or a daily log was never indexed (only the
   file header's ``> 最后更新`` lines are metadata);
4. an edit that kept the size and put the mtime back (``touch -r``) left the old text indexed.
"""

from __future__ import annotations

import pytest

from memstrata.providers.embedders import workspace_embedder
from memstrata.recall.chunker import chunk_file
from memstrata.recall.index import open_index
from memstrata.recall.search import SearchFilters, search
from tests.pg import put

USER_MD = """# USER.md

## 👤 基本偏好
- [2026-08] 编辑器用 neovim | 来源：用户指定
- [2026-09] [coder] 包管理器用 pnpm | 来源：用户指定
- [2026-09] 周报用中文写 | 来源：用户指定
"""


def _write(ws, rel: str, text: str) -> None:
    """A hand edit: the file, or the team store's row."""
    put(ws, rel, text.encode("utf-8"))


@pytest.mark.both_backends  # the SQLite and the PostgreSQL index filter alike
def test_a_month_dated_bullet_counts_for_every_day_of_its_month(ws) -> None:
    _write(ws, "USER.md", USER_MD)
    since = search(ws, "周报", mode="lexical", filters=SearchFilters(since="2026-09-01"))
    assert [h.start_line for h in since.results] == [6]
    until = search(ws, "neovim", mode="lexical", filters=SearchFilters(until="2026-08-31"))
    assert [h.start_line for h in until.results] == [4]
    later = search(ws, "neovim", mode="lexical", filters=SearchFilters(since="2026-09-01"))
    assert later.results == []


def test_a_date_is_not_an_agent_tag() -> None:
    chunks = chunk_file("USER.md", "user", USER_MD.splitlines(keepends=True))
    agents = {chunk.start_line: chunk.agent for chunk in chunks}
    assert agents[4] == "" and agents[6] == ""
    assert agents[5] == "coder"  # a tag after the date is still the agent's


def test_a_quote_inside_a_section_is_indexed_and_the_header_is_not() -> None:
    text = (
        "# 长期记忆\n"
        "> 最后更新：2026-09-01 | 由 memstrata 维护\n"
        "\n"
        "## 📌 重要规则\n"
        "> 用户原话：周五下午三点以后不要发版\n"
        "- [2026-09] 发版前先跑冒烟测试\n"
    )
    chunks = chunk_file("MEMORY.md", "long_term", text.splitlines(keepends=True))
    said = "\n".join(chunk.text for chunk in chunks)
    assert "周五下午三点以后不要发版" in said and "最后更新" not in said


def test_an_edit_that_keeps_size_and_mtime_is_still_seen(ws) -> None:
    import os

    path = ws.root / "memory" / "infra.md"
    _write(ws, "memory/infra.md", "# Infra\n\n## 网关\n- 网关端口 3001\n")
    assert search(ws, "3001", mode="lexical").results
    before = path.stat()
    path.write_text("# Infra\n\n## 网关\n- 网关端口 4001\n", encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # `touch -r`: mtime put back
    assert path.stat().st_size == before.st_size
    index = open_index(ws, workspace_embedder(ws.config.search))  # the one search uses
    index.sync(embed=False, scan_interval_s=0)  # what `memstrata index` does
    assert [h.start_line for h in search(ws, "4001", mode="lexical").results] == [4]
    assert search(ws, "3001", mode="lexical").results == []


def test_a_hit_is_never_cited_at_lines_that_moved_before_the_index_saw_it(ws) -> None:
    _write(ws, "memory/infra.md", "# Infra\n\n## 网关\n- 网关端口 8080\n")
    [hit] = search(ws, "8080", mode="lexical").results
    assert hit.cite.endswith("infra.md:L4")
    # within the scan interval (or while the service catches up) the index has not seen this
    _write(ws, "memory/infra.md", "# Infra\n\n## 网关\n- 新增一行\n- 又一行\n- 网关端口 8080\n")
    response = search(ws, "8080", mode="lexical")
    assert all(not h.cite.endswith("infra.md:L4") for h in response.results)
    assert any("memory/infra.md" in w for w in response.warnings)
    (ws.root / "memory" / "infra.md").unlink()
    assert search(ws, "8080", mode="lexical").results == []  # a deleted file is not cited


def test_a_path_filter_as_the_user_writes_it(ws) -> None:
    _write(ws, "memory/infra.md", "# Infra\n\n## 网关\n- 网关端口 8080\n")
    for glob in ("memory/", "./memory/infra.md", "memory/*.md"):
        hits = search(ws, "8080", mode="lexical", filters=SearchFilters(path_glob=glob)).results
        assert [h.path for h in hits] == ["memory/infra.md"], glob


def test_a_context_budget_too_small_for_anything_says_so(ws, cli) -> None:
    tiny = cli("-w", str(ws.root), "context", "--budget", "5")
    assert tiny.code == 0 and tiny.out == "" and "--budget 5" in tiny.err


@pytest.mark.both_backends  # the SQLite and the PostgreSQL index filter alike
def test_a_day_dated_bullet_is_filtered_by_its_day(ws) -> None:
    _write(ws, "MEMORY.md", "# MEMORY\n\n## 📌 重要规则\n- [2026-11-15] 网关超时改成 30s\n")
    for since, until, found in (
        ("2026-11-16", None, 0),
        (None, "2026-11-14", 0),
        ("2026-11-15", "2026-11-15", 1),
    ):
        hits = search(
            ws, "网关超时", mode="lexical", filters=SearchFilters(since=since, until=until)
        )
        assert len(hits.results) == found, (since, until)
