"""Note 000's explicit triggers (这个经验记一下, 反思一下, 好了, 不对) and note 004's one-step card
for explicit instructions, through `memstrata signal` in the owner's main session."""

from __future__ import annotations

import json

from memstrata.core.permissions import Session
from memstrata.evolve.triggers import handle
from memstrata.formats.principles import parse_principles

FIXED = (
    "[bash] docker compose up -d db → Error response from daemon: port is already allocated\n"
    "[bash] docker compose up -d db → Error response from daemon: port is already allocated\n"
    "[bash] docker compose down && docker compose up -d db → ok"
)


def test_pattern_request_writes_pattern_and_index_line(make_ws) -> None:
    ws = make_ws("self-evolution")
    result = handle(ws.writer(), "这个经验记一下", FIXED)
    assert result.action == "pattern" and result.written
    index = (ws.root / "patterns/index.md").read_text(encoding="utf-8")
    assert "docker compose" in index and "| file:" in index
    asked = handle(ws.writer(), "这个经验记一下")  # nothing to infer the scenario from
    assert asked.question and not asked.written


def test_reflection_and_quick_check_write_what_is_pending(make_ws) -> None:
    ws = make_ws("self-evolution")
    handle(ws.writer(), "我更喜欢简短的回复")
    result = handle(ws.writer(), "反思一下")
    assert result.action == "reflection" and result.written
    handle(ws.writer(), "顺便说一下，测试环境的 Redis 在 10.0.3.7")
    done = handle(ws.writer(), "好了")
    assert done.action == "quick_check" and done.written


def test_correction_is_written_at_once_in_a_main_session(make_ws) -> None:
    ws = make_ws("self-evolution")
    result = handle(ws.writer(), "不对，staging 的数据库是 pg-stg-02，不是 pg-stg-01")
    assert result.action == "correction"
    [principle] = parse_principles(ws.read_lines("principles.md"), "principles.md")
    assert principle.title.startswith("staging 的数据库是 pg-stg-02")
    shared = handle(ws.writer(Session("shared")), "不对，应该用 pg-stg-03")
    assert shared.action == ""  # only the owner's main session writes


def test_memory_manager_explicit_instruction_goes_through_the_card(make_ws, cli) -> None:
    ws = make_ws("memory-manager")
    out = json.loads(
        cli("-w", str(ws.root), "signal", "记住：发布前必须先跑数据库迁移", "--json").out
    )
    assert out["action"] == "card" and "💡" in out["card"] and "预计写入" in out["card"]
    assert "迁移" not in (ws.root / "memory/MEMORY.md").read_text(encoding="utf-8")
    cli("-w", str(ws.root), "approve", "确认")
    assert "发布前必须先跑数据库迁移" in (ws.root / "memory/MEMORY.md").read_text(encoding="utf-8")
