"""What review18 left in the learning loop (round 19); each test fails on fbbab3a.

* Card answers in everyday words were refused: "不行", "2 不需要", "前两个", "the first two".
* "我以前偏好 npm，现在偏好 pnpm" was no preference: no 我 before the second 偏好.
* "db-01 的端口从 5432 改成 5433" stayed in MEMORY.md while infra.md kept 5432.
"""

from __future__ import annotations

import pytest

from memstrata.evolve.answer import read_answer
from memstrata.evolve.approve import approve
from memstrata.evolve.triggers import handle
from tests.test_learning_loop_round18 import _card_of_two, _open


@pytest.mark.parametrize(
    ("reply", "approve_", "reject", "skip"),
    [
        ("不行", [], [1, 2, 3], []),  # a bare no turns the card down, as "no" does
        ("不需要", [], [1, 2, 3], []),
        ("2 不需要", [], [2], []),
        ("3 不必", [], [3], []),
        ("前两个", [1, 2], [], []),
        ("前 2 个", [1, 2], [], []),
        ("前面两个不要", [], [1, 2], []),
        ("前两个要，3 不要", [1, 2], [3], []),
        ("前三个跳过", [], [], [1, 2, 3]),
        ("the first two", [1, 2], [], []),
        ("first 2 ok", [1, 2], [], []),
    ],
)
def test_how_an_everyday_answer_is_read(reply, approve_, reject, skip) -> None:
    answer = read_answer(reply, [1, 2, 3], [1, 2, 3])
    assert not answer.refused, answer.understood
    assert (answer.approve, answer.reject, answer.skip) == (approve_, reject, skip)


@pytest.mark.parametrize("reply", ["行不行", "不行，2 可以", "drop 2 keep 1", "first"])
def test_an_answer_still_read_two_ways_does_nothing(reply) -> None:
    assert read_answer(reply, [1, 2, 3], [1, 2, 3]).refused


def test_the_first_two_of_a_card_are_written(make_ws) -> None:
    ws = _card_of_two(make_ws)
    result = approve(ws.writer(), "前两个")
    assert not result.refused and len(result.applied) == 2
    assert _open(ws) == {}


@pytest.mark.parametrize(
    "text",
    [
        "我以前偏好 npm，现在偏好 pnpm",
        "我原来用 yarn，后来更喜欢 pnpm",
        "我试过了，现在偏好 uv 管理依赖",
    ],
)
def test_a_preference_that_changed_is_one(learned_kinds, text) -> None:
    assert "preference" in learned_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "他以前偏好 npm，现在偏好 pnpm",
        "我看了下，现在喜欢的人很多",
        "我以前偏好 npm，现在偏好 pnpm 吗？",
    ],
)
def test_someone_elses_or_an_asked_change_is_no_preference(learned_kinds, text) -> None:
    assert "preference" not in learned_kinds(text)


@pytest.mark.parametrize(
    "said",
    [
        "记到 infra.md：db-01 的端口从 5432 改成 5433",
        "add to infra.md: db-01 port changed from 5432 to 5433",
    ],
)
def test_a_change_from_the_old_value_updates_infra_md(make_ws, said) -> None:
    ws = make_ws("default")
    handle(ws.writer(), "remember in infra.md: db-01 is at 10.0.0.5, port 5432")
    [written] = handle(ws.writer(), said).report.written
    assert written["cite"].startswith("📍 memory/infra.md")
    infra = (ws.root / "memory" / "infra.md").read_text(encoding="utf-8")
    assert "- **port**: 5433" in infra and "5432" not in infra
    assert "5433" not in (ws.root / "MEMORY.md").read_text(encoding="utf-8")
