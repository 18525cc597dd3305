"""Issue 11: a tester's round on rounds 8 and 9 (main 82dbf65). ``remember`` kept the request
that names the memory ("这条写进你的 memory" became a principle's title, and the next request so
phrased was "already in memory"), an aside ate the start of a word (顺带说下载 → 载的依赖包),
a request with nothing after it was written, and "我们组有条规矩，你也要遵守" was read as another
team's rule."""

from __future__ import annotations

import pytest

from memstrata.capture.statement import statement
from memstrata.entries.remember import remember
from memstrata.errors import MemstrataError


def test_remember_drops_a_request_that_names_the_memory(make_ws) -> None:
    ws = make_ws("self-evolution")
    first = remember(ws.writer(), "这条写进你的 memory：合并 PR 必须 squash")
    second = remember(ws.writer(), "add this to your memory: release branches are cut on Tuesdays")
    assert first.title == "合并 PR 必须 squash"
    assert second.title.startswith("release branches")
    assert first.span.entry_id != second.span.entry_id


@pytest.mark.parametrize("text", ["这条写进你的 memory：", "顺带说下，", "早～"])
def test_a_request_with_nothing_after_it_writes_nothing(make_ws, text: str) -> None:
    ws = make_ws("self-evolution")
    with pytest.raises(MemstrataError, match="nothing to remember"):
        remember(ws.writer(), text)


def test_a_request_naming_a_file_with_a_space_before_li() -> None:
    # the fourth scenario's first run titled a USER.md entry "这个放到 USER.md 里"
    said = "这个放到 USER.md 里：回复和 notebook 里都别加 emoji"
    assert statement("explicit_remember", said).content == "回复和 notebook 里都别加 emoji"


def test_an_aside_never_eats_the_start_of_a_word() -> None:
    said = "顺带说下载的依赖包要放到 /data/cache"
    assert statement("new_knowledge", said).content == said
    assert (
        statement("new_knowledge", "顺带说下，依赖包放 /data/cache").content
        == "依赖包放 /data/cache"
    )


@pytest.mark.integration
def test_our_own_teams_rule_is_the_users(learned_kinds) -> None:
    assert "explicit_remember" in learned_kinds("我们组有条规矩，你也要遵守：周五下午不上线")
