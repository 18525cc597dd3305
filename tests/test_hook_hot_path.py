"""The prompt hook's warnings without the Chinese segmenter (hooks run on every prompt, and
rjieba's import was 120-200 ms of a 450-600 ms hook): the query is cut by the words the index
holds (recall/vocabulary_cut.py)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from memstrata.context.warnings import task_warnings
from memstrata.entries.remember import remember
from memstrata.recall.search import SearchFilters, search
from memstrata.recall.vocabulary_cut import cut_run


def _known(words: set[str]):
    return lambda windows: {w for w in windows if w in words}


def test_a_run_is_cut_into_known_words() -> None:
    known = _known({"部署", "网关", "服务", "数据库", "数据", "备份"})
    assert cut_run("部署网关服务", known) == ["部署", "网关", "服务"]
    assert cut_run("先备份数据库", known) == ["先", "备份", "数据库"]


def test_unknown_characters_become_pairs_and_stopwords_stay_single() -> None:
    known = _known({"部署"})
    # 帮 alone, 我 a stopword (dropped later), 一下 unknown: two characters kept as one piece
    assert cut_run("帮我部署一下", known) == ["帮", "我", "部署", "一下"]
    assert cut_run("滚动升级灰度", known) == ["滚动", "升级", "灰度"]
    assert cut_run("网关", known) == ["网关"]  # two characters: as the segmenter leaves them


def test_the_hot_path_finds_the_principle_a_chinese_task_breaks(ws) -> None:
    remember(ws.writer(), "记住：周五下午三点以后不要发版")
    remember(ws.writer(), "记住：部署前必须先备份数据库")
    remember(ws.writer(), "记住：日志里不要打印用户手机号")
    task = "周五下午帮我把网关部署一下，先备份数据库"
    slow = {w.source for w in task_warnings(ws, task)}
    fast = {w.source for w in task_warnings(ws, task, hot_path=True)}
    assert fast == slow == {"P001", "P002"}


def test_the_hot_path_cuts_by_index_words(ws) -> None:
    remember(ws.writer(), "记住：部署前必须先备份数据库")
    response = search(
        ws,
        "帮我部署网关",
        mode="lexical",
        filters=SearchFilters(roles=["principles"]),
        hot_path=True,
    )
    assert "部署" in response.terms and response.results
    assert response.results[0].path == "memory/principles.md"


def test_a_prompt_hook_imports_no_segmenter(ws) -> None:
    """When memory has not changed since it was indexed (most prompts): a change is indexed
    first, and indexing a Chinese chunk does need the segmenter."""
    remember(ws.writer(), "记住：部署前必须先备份数据库")
    search(ws, "备份", mode="lexical")  # the index is current, as after any earlier prompt
    payload = json.dumps(
        {"session_id": "s1", "cwd": str(ws.root), "prompt": "帮我部署一下网关服务，先备份数据库"},
        ensure_ascii=False,
    )
    probe = (
        "import io, json, sys\n"
        "from memstrata.adapters.hooks import handle\n"
        "answer = handle('user-prompt-submit', json.loads(sys.stdin.read()))\n"
        "print(json.dumps({'segmenter': 'rjieba' in sys.modules, "
        "'context': answer['hookSpecificOutput']['additionalContext']}, ensure_ascii=False))\n"
    )
    env = {**os.environ, "MEMSTRATA_NOW": "2026-04-17T10:30:00"}
    env.pop("MEMSTRATA_WORKSPACE", None)
    result = subprocess.run(
        [sys.executable, "-c", probe],
        input=payload,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )
    seen = json.loads(result.stdout)
    assert "根据 P001" in seen["context"]
    assert seen["segmenter"] is False


def test_a_lazy_pattern_compiles_on_first_use_only() -> None:
    from memstrata.text.lazy_re import lazy_compile

    pattern = lazy_compile(r"(?P<port>\d{2,5})", 0)
    assert pattern.pattern == r"(?P<port>\d{2,5})"
    assert object.__getattribute__(pattern, "_compiled") is None  # .pattern compiled nothing
    assert [m.group("port") for m in pattern.finditer("端口 5432 和 6379")] == ["5432", "6379"]
    assert pattern.sub("N", "a 80 b") == "a N b" and pattern.groupindex == {"port": 1}
    assert pattern.flags == re.compile(r"\d").flags  # as compiled (re.UNICODE)
    assert object.__getattribute__(pattern, "_compiled") is not None


def test_a_pasted_document_costs_the_hook_its_first_characters_only(ws, monkeypatch) -> None:
    """review17: a 20,000-character Chinese prompt took the prompt hook 11 s (every window of
    the cut looked up); the hook's warnings read the task at the prompt's start."""
    from memstrata.context import warnings as warnings_module

    remember(ws.writer(), "记住：部署前必须先备份数据库")
    import memstrata.recall.search as search_module  # warnings imports search() when it runs

    seen: list[str] = []

    original = search_module.search

    def spy(ws_, query, *args, **kwargs):
        seen.append(query)
        return original(ws_, query, *args, **kwargs)

    monkeypatch.setattr(search_module, "search", spy)
    prompt = "帮我部署一下网关，先备份数据库。" + "日志内容" * 5000
    found = task_warnings(ws, prompt, limit=3, hot_path=True)
    assert [w.source for w in found] == ["P001"]
    assert len(seen[0]) == warnings_module.HOT_PATH_CHARS
