"""The evolution card reaches a person: `memstrata proposals` and the `memory_proposals` tool
list what waits (id, target file, 预计写入 Lxx), owner only; a card beyond the two a session
may see is not lost: it waits."""

from __future__ import annotations

import json

from memstrata.core.permissions import Session
from memstrata.core.queues import append_pending
from memstrata.errors import MemstrataError
from memstrata.evolve.heartbeat import heartbeat
from memstrata.evolve.preview import waiting


def _three(ws, text: str, day: int) -> None:
    for hour in (7, 8, 9):
        append_pending(
            ws.writer(),
            {
                "signal": "preference",
                "brief": text[:20],
                "detail": text,
                "source": "user",
                "evidence": text,
                "clean": True,
                "ts": f"2026-04-{day:02d}T{hour:02d}:00:00",
            },
        )


def test_proposals_command_lists_target_and_line(ws, cli) -> None:
    _three(ws, "我喜欢简短的回复", 15)
    heartbeat(ws.writer(), force=True)
    out = cli("-w", str(ws.root), "proposals")
    assert out.code == 0 and "[1] C001 USER → USER.md  预计写入 L" in out.out
    data = json.loads(cli("-w", str(ws.root), "proposals", "--json").out)
    [item] = data["proposals"]
    assert item["expected"].startswith("USER.md:L") and item["expected_line"].startswith("L")
    cli("-w", str(ws.root), "approve", "确认")
    lines = (ws.root / "USER.md").read_text(encoding="utf-8").splitlines()
    assert "我喜欢简短的回复" in lines[int(item["expected_line"][1:]) - 1]  # the promised line


def test_proposals_are_owner_only(ws) -> None:
    try:
        waiting(ws.writer(Session("shared")))
    except MemstrataError:
        return
    raise AssertionError("a shared session listed the owner's proposals")


def test_a_card_waits_when_two_were_shown(ws) -> None:
    for day, text in ((13, "我喜欢简短的回复"), (14, "代码注释用中文"), (15, "提交信息用英文")):
        _three(ws, text, day)
        first = heartbeat(ws.writer(), force=True, session_id="s1")
    assert first.waiting and not first.card  # the third card in one session
    assert len(waiting(ws.writer())) == 3  # nothing lost
    _three(ws, "分支名用 kebab-case", 16)
    later = heartbeat(ws.writer(), force=True, session_id="s2")  # the next session
    assert "[4]" in later.card and "我喜欢简短的回复" in later.card  # the waiting ones too
