"""A tester's round on what the learning loop shows (issue 11), one test per defect:

1. reports named L1 principles and L2 patterns in layouts that have neither;
2. an entry written at once was reported as waiting for approval (本次待批准);
3. the evolution card's right border broke on a long target path or reason;
4. "我喜欢 | a | b | 这种表格" (a table format the user likes) was read as satisfaction;
5. briefs were cut inside a number or a path ("Set timeout to 1500…").
"""

from __future__ import annotations

import unicodedata
from datetime import datetime

import pytest

from memstrata.capture.classifier import detect_learned
from memstrata.core.queues import append_pending, read_pending
from memstrata.core.workspace import Workspace
from memstrata.evolve.heartbeat import heartbeat
from memstrata.evolve.proposals import Proposal, render_card
from memstrata.evolve.skills import record_workflow
from memstrata.evolve.triggers import handle
from memstrata.formats.jsonl import pending_record
from memstrata.text.titles import brief


# ---------------------------------------------------------------- 1: only the layout's roles
def _seen_three_days(ws, text: str, kind: str = "preference"):
    """The same statement queued on three days (the pool's threshold); the last day's view."""
    record = {"signal": kind, "brief": text, "detail": text, "source": "agent", "clean": True}
    for day in (15, 16, 17):
        later = Workspace.open(ws.root, clock=lambda d=day: datetime(2026, 4, d, 10))
        append_pending(later.writer(), record)
    return later


@pytest.mark.parametrize(
    ("preset", "shown", "absent"),
    [
        ("openclaw", ["MEMORY 条目数", "USER 偏好数"], ["L1", "L2"]),
        ("memory-manager", ["MEMORY 条目数", "USER 偏好数: 0，本次待批准 1"], ["L1", "L2"]),
        ("self-evolution", ["L1 原则数", "L2 经验数"], ["MEMORY 条目数", "USER"]),
    ],
)
def test_the_health_section_counts_only_roles_the_layout_has(make_ws, preset, shown, absent):
    ws = _seen_three_days(make_ws(preset), "我喜欢回复简短一点")
    report = heartbeat(ws.writer(), force=True, use_embeddings=False).report
    health = report[report.index("### 记忆系统健康度") :]
    assert all(label in health for label in shown), health
    assert not any(label in health for label in absent), health


@pytest.mark.parametrize(("preset", "l1_line"), [("openclaw", False), ("default", True)])
def test_cleanup_names_l1_principles_only_where_there_are_some(make_ws, cli, preset, l1_line):
    ws = make_ws(preset)
    said = cli("-w", str(ws.root), "cleanup")
    assert said.code == 0 and ("L1 principles" in said.out) is l1_line


# ---------------------------------------------------------------- 2: written is not waiting
def _report_of_today(ws) -> str:
    return "".join(ws.read_lines(f"{ws.role_path('reports')}/{ws.today().isoformat()}.md"))


@pytest.mark.parametrize("message", ["不对，应该用 pnpm 安装依赖", "反思一下"])
def test_a_finding_written_at_once_is_reported_as_written(make_ws, message) -> None:
    ws = make_ws("self-evolution")
    if message == "反思一下":
        append_pending(
            ws.writer(),
            {
                "signal": "preference",
                "brief": "回复简短",
                "detail": "回复简短一点",
                "source": "user",
            },
        )
    done = handle(ws.writer(), message)
    assert [w["role"] for w in done.written] == ["principles"]
    report = _report_of_today(ws)
    assert "待批准" not in report, report
    assert "- L1 原则数: 1，本次新增 1" in report  # counted after the write
    assert f"- 已写入：{done.written[0]['cite']}" in report


def test_a_waiting_proposal_is_still_reported_as_waiting(make_ws) -> None:
    ws = _seen_three_days(make_ws("default"), "重启网关前必须先排空连接", kind="correction")
    beat = heartbeat(ws.writer(), force=True, use_embeddings=False)
    assert "- L1 原则数: 0，本次待批准 1" in beat.report and "已写入" not in beat.report
    assert "待确认 1 条" in "".join(ws.read_lines(ws.daily_path(ws.today())))


# ---------------------------------------------------------------- 3: the card's border holds
def _columns(line: str) -> int:
    """Terminal columns, counted independently of the code under test: East Asian wide and
    every pictograph two (terminals draw 🛡 and 🗄 two wide though their East Asian width is
    narrow; a tester's round on f94bd6b), a skin tone or a variation selector none."""

    def width(ch: str) -> int:
        if ch == "\ufe0f" or 0x1F3FB <= ord(ch) <= 0x1F3FF:
            return 0
        return 2 if unicodedata.east_asian_width(ch) in "WF" or ord(ch) >= 0x1F300 else 1

    return sum(width(ch) for ch in line)


def _proposal(number: int, **fields) -> Proposal:
    base = {
        "cid": "",
        "kind": "rule",
        "summary": "生产操作前必须先备份数据库",
        "target": "principles",
        "level": "RULE",
        "reason": "第二层知识：AI 草稿，人工审核后生效，审核人需要确认来源与适用范围",
        "source": "提议",
        "first_seen": "2026-09-01",
        "count": 1,
    }
    return Proposal(number=number, **(base | fields))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_evolution_card_keeps_its_border_on_long_paths_and_reasons(make_ws, lang) -> None:
    ws = make_ws("three-tier", lang=lang)
    card = render_card(
        ws,
        [
            _proposal(1, payload={"path": "03-rules/rule-production-database-safety-rules.md"}),
            _proposal(
                2,
                level="L2",
                target="patterns",
                summary="Keep the gateway config in /etc/gateway/conf.d/production/settings.yaml 👍🏽",
                expected="memory/patterns/multi-agent-coordination.md:L12",
                kind="知识",
            ),
        ],
    )
    lines = card.splitlines()
    assert {_columns(line) for line in lines} == {_columns(lines[0])}, card
    assert "safety-rules.md" in card and "settings.yaml" in card  # wrapped, not cut
    assert "Keep the gateway config" in card  # Latin words stay whole on a line


# ---------------------------------------------------------------- 4: a table row is no praise
@pytest.mark.integration
def test_a_table_row_the_user_likes_is_a_preference_not_satisfaction(monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    for text in ("我喜欢 | a | b | 这种表格", "I like tables like | name | port | better"):
        kinds = {s.kind for s in detect_learned(text) or []}
        assert kinds == {"preference"}, text
    for praise in ("好了，很满意", "完美", "nice work", "完美！| 名称 | 状态 |"):
        assert "satisfaction" in {s.kind for s in detect_learned(praise) or []}, praise


# ---------------------------------------------------------------- 5: briefs end at a word
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Use pnpm for installing packages", "Use pnpm for…"),
        ("set timeout to 1500.5 seconds", "set timeout to…"),  # never inside a number
        ("edit config in /etc/gw/conf.d first", "edit config in…"),  # nor a path
        ("超时时间设置为 1500.5 秒，不然网关会断开", "超时时间设置为 1500.5 秒…"),  # at the pause
        (
            "部署到生产环境之前必须先在预发环境跑一遍回归测试",
            "部署到生产环境之前必须先在预发环境跑一…",
        ),
    ],
)
def test_a_brief_is_cut_at_a_word_boundary(text, expected) -> None:
    assert brief(text, 20) == expected and len(expected) <= 20


def test_briefs_queued_from_elsewhere_end_at_a_word_too(ws) -> None:
    """The queue's own 20-character cap and a workflow's brief cut with the same rule."""
    record = {"ts": "t", "signal": "preference", "source": "agent", "detail": "d"}
    assert pending_record(record | {"brief": "Use pnpm for installing"})["brief"] == "Use pnpm for…"
    record_workflow(ws.writer(), ["npm install", "npm test", "git push"])
    assert read_pending(ws).valid[-1]["brief"] == "npm install → npm…"


def test_signal_cli_brief_keeps_numbers_whole(cli, ws) -> None:
    said = cli("-w", str(ws.root), "signal", "--dry-run", "Remember: set timeout to 1500.5 seconds")
    assert "set timeout to 1500.5 seconds" in said.out and "1500…" not in said.out
