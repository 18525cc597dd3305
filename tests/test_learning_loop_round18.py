"""What review17 left in the learning loop (round 18).

* Answers to a card in everyday words were refused: "跳过第2个", "skip #2", "全部跳过",
  "确认 1，跳过 2" (one action per answer, numbers in one spelling).
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from memstrata.core.workspace import Workspace
from memstrata.evolve.answer import read_answer
from memstrata.evolve.approve import approve
from memstrata.evolve.heartbeat import heartbeat
from memstrata.evolve.proposals import load_state
from memstrata.evolve.triggers import handle


def _card_of_two(make_ws) -> Workspace:
    root = make_ws("memory-manager").root
    now = [datetime(2026, 4, 1, 10)]
    ws = Workspace.open(root, clock=lambda: now[0])
    for _ in range(3):
        handle(ws.writer(), "我更喜欢回答短一点，先给结论")
        handle(ws.writer(), "代码注释我更喜欢用中文写")
        now[0] += timedelta(hours=1)
    assert heartbeat(ws.writer(), force=True).card
    assert len(load_state(ws)["proposals"]) == 2
    return ws


def _open(ws) -> dict[int, str]:
    return {p["number"]: p.get("skipped_on", "") for p in load_state(ws)["proposals"]}


@pytest.mark.parametrize(
    "reply", ["跳过第2个", "第二个先跳过", "skip #2", "＃２ later", "第2条跳过吧"]
)
def test_a_skip_said_with_an_ordinal_skips_that_one(make_ws, reply) -> None:
    ws = _card_of_two(make_ws)
    result = approve(ws.writer(), reply)
    assert not result.refused and result.skipped == [2] and not result.applied
    assert _open(ws) == {1: "", 2: "2026-04-01"}


@pytest.mark.parametrize("reply", ["全部跳过", "都跳过", "skip all", "先都放着"])
def test_skip_all_keeps_the_whole_card_for_later(make_ws, reply) -> None:
    ws = _card_of_two(make_ws)
    result = approve(ws.writer(), reply)
    assert not result.refused and sorted(result.skipped) == [1, 2] and not result.applied
    assert _open(ws) == {1: "2026-04-01", 2: "2026-04-01"}


@pytest.mark.parametrize(
    "reply",
    ["确认 1，跳过 2", "确认1跳过2", "1 要，2 先不", "approve 1, skip 2", "1 ok, rest later"],
)
def test_one_answer_can_write_one_and_keep_the_other(make_ws, reply) -> None:
    ws = _card_of_two(make_ws)
    result = approve(ws.writer(), reply)
    assert not result.refused
    assert [item["number"] for item in result.applied] == [1]
    assert _open(ws) == {2: "2026-04-01"}


@pytest.mark.parametrize(
    "reply", ["1 要，2 不要", "reject 2, approve the rest", "第二个不要，其他确认"]
)
def test_one_answer_can_write_one_and_turn_down_the_other(make_ws, reply) -> None:
    ws = _card_of_two(make_ws)
    result = approve(ws.writer(), reply)
    assert [item["number"] for item in result.applied] == [1] and result.rejected == [2]
    assert _open(ws) == {}


@pytest.mark.parametrize(
    "reply",
    [
        "maybe later",  # a word outside the answer's lexicon: nothing on a guess
        "1 要 1 不要",  # one proposal, two answers
        "1 确认 2",  # whose is 2?
        "跳过 5",  # not open
        "1 要，其他不要，剩下的跳过",  # "the others" twice
    ],
)
def test_an_unclear_answer_does_nothing(make_ws, reply) -> None:
    ws = _card_of_two(make_ws)
    result = approve(ws.writer(), reply)
    assert result.refused and not result.applied and not result.rejected
    assert _open(ws) == {1: "", 2: ""}


@pytest.mark.parametrize(
    ("reply", "approve", "reject", "skip"),
    [
        ("拒绝 2，3 跳过", [], [2], [3]),  # the comma ends a clause: 3 is the skip's
        ("1，3 不要", [], [1, 3], []),  # and a list's numbers still go together
        ("不要 1, 3", [], [1, 3], []),
        ("1-3", [1, 2, 3], [], []),
        ("1 and 2 yes, 3 no", [1, 2], [3], []),
        ("两个都要", [1, 2, 3], [], []),
    ],
)
def test_how_an_answer_is_read(reply, approve, reject, skip) -> None:
    answer = read_answer(reply, [1, 2, 3], [1, 2])
    assert not answer.refused
    assert (answer.approve, answer.reject, answer.skip) == (approve, reject, skip)
