"""The learning loop, a fourth round (main 25d589f), one test per failure:

1. "确认" replying to a card approved every open proposal, also those held back by the
   two-card limit that no person had seen.
"""

from __future__ import annotations

from memstrata.adapters.hooks import handle as hook
from memstrata.evolve.approve import approve
from memstrata.evolve.proposals import load_state, proposals_from_state, save_state
from memstrata.evolve.triggers import handle


def _open(ws) -> list[str]:
    return [p.summary for p in proposals_from_state(load_state(ws))]


def _written(ws) -> str:
    return "\n".join(ws.read_lines(ws.role_path("long_term")))


# ---------------------------------------------------------------- 1: 确认 takes the seen cards
def test_confirm_approves_only_what_a_card_showed(make_ws, cli) -> None:
    ws = make_ws("memory-manager")
    actions = [handle(ws.writer(), f"记住：规则 {n} 要遵守").action for n in (1, 2, 3)]
    assert actions == ["card", "card", "waiting"]
    result = approve(ws.writer(), "确认")
    assert result.unseen == [3] and len(result.applied) == 2
    assert "规则 3" not in _written(ws) and _open(ws) == ["规则 3 要遵守"]
    answer = cli("-w", str(ws.root), "approve", "确认")  # nothing shown is left: refused
    assert answer.code != 0 and "memstrata proposals" in answer.err, answer
    assert approve(ws.writer(), "全部").applied and "规则 3" in _written(ws)


def test_the_cli_says_which_proposals_no_card_showed(make_ws, cli) -> None:
    ws = make_ws("memory-manager")
    for n in (1, 2, 3):
        handle(ws.writer(), f"记住：规则 {n} 要遵守")
    out = cli("-w", str(ws.root), "approve", "yes").out
    assert "not on a card yet, kept: 3" in out
    listing = cli("-w", str(ws.root), "proposals").out
    assert "规则 3" in listing and '"全部"' in listing


def test_a_parked_card_counts_as_seen_once_a_session_shows_it(make_ws) -> None:
    ws = make_ws("memory-manager")
    for n in (1, 2):
        handle(ws.writer(), f"记住：规则 {n} 要遵守")
    hook("user-prompt-submit", {"session_id": "s1", "prompt": "记住：规则 3 要遵守"}, str(ws.root))
    state = load_state(ws)
    state["cards"]["s1"] = 2  # this session already saw its two cards
    save_state(ws, state)
    # Its Stop hook parks the card for the next session instead of showing it.
    assert hook("stop", {"session_id": "s1"}, str(ws.root)) is None
    assert "规则 3 要遵守" in _open(ws)
    assert approve(ws.writer(), "确认").unseen == [3]
    answer = hook("session-start", {"session_id": "s2"}, str(ws.root))
    assert answer and "规则 3" in answer["systemMessage"]
    result = approve(ws.writer(), "确认")
    assert [item["number"] for item in result.applied] == [3] and not result.unseen


def test_a_state_saved_before_cards_were_tracked_still_takes_confirm(make_ws) -> None:
    ws = make_ws("memory-manager")
    handle(ws.writer(), "记住：规则 1 要遵守")
    state = load_state(ws)
    for item in state["proposals"]:
        del item["shown"]
    save_state(ws, state)
    assert len(approve(ws.writer(), "确认").applied) == 1
