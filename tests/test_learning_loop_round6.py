"""An adversarial tester's round on the learning loop (main 6d8af3a), one test per failure:

1. a changed instruction ("回复用中文" then "回复用英文") was a seen_again of the old entry, and
   ``signal`` said "written at once" although nothing was written: a Chinese statement names
   no Latin value, so known.contradicts saw nothing to compare (polarity's groups now hold
   languages, weekdays, tabs/spaces and counts), and "spaces over tabs" counted as saying tabs;
2. "我喜欢用 tabs 缩进" and "I prefer spaces over tabs" were one candidate;
3. an explicit instruction's candidate was written at 3/3, so the next card called it
   "候选池晋升（C001，观察 3 次）" and a repeat made it 4/3;
4. ``memstrata remember`` wrote the same instruction again and again;
5. ``stats`` never counted seen_again, and one repeat was recorded twice;
6. a promoted candidate whose entry the user deleted still counted as memory.
"""

from __future__ import annotations

import json

import pytest

from memstrata.core.queues import append_pending, read_citations
from memstrata.evolve import known, pool
from memstrata.evolve.approve import approve
from memstrata.evolve.heartbeat import heartbeat
from memstrata.evolve.polarity import opposed
from memstrata.evolve.proposals import load_state
from memstrata.evolve.triggers import handle
from memstrata.formats.bullets import parse_bullets
from memstrata.formats.principles import parse_principles
from memstrata.maintain.citations import stats


def _seen_again(ws) -> list[dict]:
    return [c for c in read_citations(ws).valid if c["action"] == "seen_again"]


def _principles(ws) -> list[str]:
    path = ws.role_path("principles")
    return [p.title for p in parse_principles(ws.read_lines(path), path)]


# ---------------------------------------------------------------- 1: a changed value
CHANGED = [
    ("回复用中文", "回复用英文"),
    ("回复用中文", "Reply in English"),
    ("文档写日文", "文档写中文"),
    ("周五发布", "周一发布"),
    ("Deploy on Fridays", "周二部署"),
    ("缩进用两个空格", "缩进用四个空格"),
    ("缩进用两个空格", "indent with 4 spaces"),
    ("上午开站会", "下午开站会"),
    ("我喜欢用 tabs 缩进", "I prefer spaces over tabs for indentation"),
    ("用空格缩进，不要用制表符", "I prefer tabs"),
]
ALIKE = [
    ("回复用中文", "Reply in Chinese"),
    ("缩进用两个空格", "indent with 2 spaces"),
    ("周五不发布", "Never release on Fridays"),
    ("用空格缩进，不要用制表符", "I prefer spaces over tabs"),
    ("Prefer async functions over callbacks", "I'd rather use async functions than callbacks"),
    ("注释用中文写，别用英文", "I prefer Chinese comments"),
]


@pytest.mark.parametrize(("first", "second"), CHANGED)
def test_a_changed_value_is_never_the_same_statement(first: str, second: str) -> None:
    assert opposed(first, second) and opposed(second, first)
    # however close the words and the embedding say they are
    assert not known.same(first, second, 0.1, cosine=0.99, semantic=0.7, overlap=1.0)


@pytest.mark.parametrize(("first", "second"), ALIKE)
def test_a_restatement_naming_the_same_value_is_not_opposed(first: str, second: str) -> None:
    assert not opposed(first, second)


def test_a_changed_language_instruction_is_a_new_entry_not_seen_again(make_ws) -> None:
    ws = make_ws("self-evolution")
    handle(ws.writer(), "记住：回复用中文")
    changed = handle(ws.writer(), "记住：回复用英文")
    assert _principles(ws) == ["回复用中文", "回复用英文"]
    assert not changed.report.written[0].get("seen_again")
    assert _seen_again(ws) == []


def test_signal_never_says_written_for_a_repeat(make_ws, cli) -> None:
    ws = make_ws("self-evolution")
    root = str(ws.root)
    assert "written at once" in cli("-w", root, "signal", "记住：回复用中文").out
    again = cli("-w", root, "signal", "记住：回复用中文").out
    assert "written at once" not in again and "already in memory, seen again" in again


def test_a_changed_instruction_is_proposed_in_the_pool_policy(make_ws) -> None:
    ws = make_ws("memory-manager")
    handle(ws.writer(), "记住：回复用中文")
    approve(ws.writer(), "确认")
    changed = handle(ws.writer(), "记住：回复用英文")
    assert "回复用英文" in changed.card
    assert [p["summary"] for p in load_state(ws)["proposals"]] == ["回复用英文"]
    assert _seen_again(ws) == []


def test_a_changed_value_in_chinese_makes_the_entry_stale(make_ws) -> None:
    """known.outdated (a message the classifier is sure of but cannot label) sees the change
    too, not only a change of Latin name."""
    from memstrata.entries.remember import remember

    ws = make_ws("self-evolution")
    for said in ("回复用中文", "周五发布", "缩进用两个空格"):
        remember(ws.writer(), said)
    for change, stale in (
        ("回复现在改用英文了", "回复用中文"),
        ("发布改到周一了", "周五发布"),
        ("缩进现在改成四个空格", "缩进用两个空格"),
    ):
        assert [k.text.split()[0] for k in known.outdated(ws, change, None)] == [stale], change
    assert known.outdated(ws, "回复还是用中文", None) == []
    assert known.outdated(ws, "文档改用英文写", None) == []  # another frame


# ---------------------------------------------------------------- 2: opposite candidates
def test_opposite_preferences_across_languages_never_match_in_the_pool() -> None:
    tabs = pool.Candidate("C001", "偏好", "我喜欢用 tabs 缩进", "2026-04-01", "2026-04-01", 1, 3, 9)

    def close(texts: list[str]):  # an embedder that finds every pair very close
        import numpy as np

        return np.ones((len(texts), 4), dtype=np.float32) / 2

    scores = pool._scores([tabs], "I prefer spaces over tabs for indentation", close, 0.5, 0.7)
    assert scores == {"C001": 0.0}


@pytest.mark.integration
def test_opposite_preferences_across_languages_are_two_candidates(make_ws, monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    ws = make_ws("memory-manager")
    handle(ws.writer(), "我喜欢用 tabs 缩进")
    heartbeat(ws.writer(), force=True)
    handle(ws.writer(), "I prefer spaces over tabs for indentation")
    heartbeat(ws.writer(), force=True)
    assert [c.count for c in pool.observing(ws.writer())] == [1, 1]


# ---------------------------------------------------------------- 3: provenance
def test_an_explicit_instruction_keeps_its_provenance_on_later_cards(make_ws) -> None:
    ws = make_ws("memory-manager")
    handle(ws.writer(), "记住：部署前先跑测试")
    second = handle(ws.writer(), "记住：生产操作前必须先备份")
    assert "候选池晋升" not in second.card and second.card.count("用户明确指示") == 2
    assert [(c.count, c.explicit) for c in pool.observing(ws.writer())] == [(1, True), (1, True)]
    approve(ws.writer(), "全部")
    for name in ("EVOLUTION_LOG.md", "MEMORY.md"):
        text = (ws.root / "memory" / name).read_text(encoding="utf-8")
        assert "候选池晋升" not in text and text.count("用户明确指示") >= 2, name


def test_a_repeated_explicit_instruction_counts_what_was_observed(make_ws) -> None:
    ws = make_ws("memory-manager")
    handle(ws.writer(), "记住：部署前先跑测试")
    handle(ws.writer(), "记住：部署前先跑测试")
    [candidate] = pool.observing(ws.writer())
    assert (candidate.count, candidate.threshold, candidate.explicit) == (2, 3, True)
    row = (ws.root / ws.role_path("candidates")).read_text(encoding="utf-8")
    assert "| 2/3 | 明确指示 |" in row


# ---------------------------------------------------------------- 4: remember
def test_remember_a_repeat_strengthens_instead_of_duplicating(ws, cli) -> None:
    root = str(ws.root)
    first = cli("-w", root, "remember", "记住：部署前先跑测试").out
    again = cli("-w", root, "remember", "记住：部署前先跑测试").out
    assert again.startswith("already in memory, seen again") and "seen again" not in first
    assert again.splitlines()[-1] == first.splitlines()[-1]  # the same 📍 MEMORY.md:L14
    data = json.loads(cli("-w", root, "remember", "记住：部署前先跑测试", "--json").out)
    assert data["seen_again"] is True
    bullets = [b.text for b in parse_bullets(ws.read_lines("MEMORY.md"), "MEMORY.md") if b.date]
    assert bullets == ["部署前先跑测试"]
    assert len(_seen_again(ws)) == 2


@pytest.mark.integration
def test_remember_a_restatement_in_english_or_other_words_strengthens(ws, monkeypatch) -> None:
    from memstrata.evolve.triggers import remember_once

    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    remember_once(ws.writer(), "记住：部署前先跑测试")
    for text in (
        "Remember: always run the tests before deploying",
        "记住：部署之前一定要先把测试跑一遍",
    ):
        _placed, seen_again = remember_once(ws.writer(), text)
        assert seen_again, text
    assert len([b for b in parse_bullets(ws.read_lines("MEMORY.md"), "MEMORY.md") if b.date]) == 1


# ---------------------------------------------------------------- 5: stats and one record
def test_stats_counts_seen_again(make_ws, cli) -> None:
    ws = make_ws("self-evolution")
    handle(ws.writer(), "记住：提供商名不要用 qwen，会触发内置插件劫持")
    handle(ws.writer(), "记住：提供商名不要用 qwen，会触发内置插件劫持")
    [entry] = stats(ws)["entries"]
    assert entry["times_seen_again"] == 1 and entry["entry"].startswith("P001_")
    data = json.loads(cli("-w", str(ws.root), "stats", "--json").out)
    assert data["total_seen_again"] == 1


def test_one_repeat_is_one_seen_again_record(make_ws, monkeypatch) -> None:
    """The learned classifier reads "Remember: don't name the provider qwen…" twice
    (explicit_remember and new_knowledge, as the CLI does with the model): the second reading
    was queued unwritten and the heartbeat counted the repeat again."""
    from memstrata.capture import classifier
    from memstrata.capture.signals import user_signal

    def two_readings(text: str, context: str = "", outdates=None, typed=None):
        return [user_signal(kind, text, context) for kind in ("explicit_remember", "new_knowledge")]

    monkeypatch.setattr(classifier, "detect_learned", two_readings)
    ws = make_ws("self-evolution")
    handle(ws.writer(), "记住：提供商名不要用 qwen，会触发内置插件劫持")
    handle(ws.writer(), "记住：提供商名不要用 qwen，会触发内置插件劫持")
    heartbeat(ws.writer(), force=True)
    assert len(_seen_again(ws)) == 1


# ---------------------------------------------------------------- 6: deleted by hand
def test_a_rule_deleted_by_hand_is_proposed_again(make_ws) -> None:
    ws = make_ws("memory-manager")
    handle(ws.writer(), "记住：部署前先跑测试")
    approve(ws.writer(), "确认")
    path = ws.root / "memory" / "MEMORY.md"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(x for x in lines if "部署前先跑测试" not in x), encoding="utf-8")
    again = handle(ws.writer(), "记住：部署前先跑测试")
    assert "部署前先跑测试" in again.card
    assert _seen_again(ws) == []


def test_a_repeat_of_a_promoted_candidate_is_cited_to_its_entry(make_ws) -> None:
    ws = make_ws("self-evolution")
    said = "提供商名不要用 qwen，会触发内置插件劫持"
    record = {"signal": "correction", "brief": said[:20], "detail": said, "source": "user"}
    append_pending(ws.writer(), {**record, "evidence": said, "clean": True})
    heartbeat(ws.writer(), force=True)
    approve(ws.writer(), "确认")
    assert "| C001 | " + said in (ws.root / ws.role_path("candidates")).read_text(encoding="utf-8")
    # the row's words still match, as the entry it was written to: never CANDIDATES.md
    held = known.entries(ws)
    assert [(k.path, k.entry) for k in held] == [(ws.role_path("principles"), "P001")] * 2
    found = known.find(ws, said, None)
    assert found is not None and (found.path, found.entry) == (ws.role_path("principles"), "P001")
