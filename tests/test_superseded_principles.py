"""Issue 11: contradicting principles no longer stand side by side unmarked. In the 21-day
simulation "装依赖我习惯用 pnpm" (P002) and "装依赖改用 bun" (P009) were both loaded into every
session with nothing saying which holds; DESIGN.md principle 4 says superseded items are marked
and logged. The heartbeat proposes the mark on the card; approving it adds
``superseded: DAY → Pnnn`` and the session context shows it."""

from __future__ import annotations

import numpy as np
import pytest

from memstrata.context.bootstrap import build_context
from memstrata.entries.remember import remember
from memstrata.evolve import supersede
from memstrata.evolve.approve import approve
from memstrata.evolve.heartbeat import heartbeat
from memstrata.evolve.proposals import load_state, proposals_from_state, save_state, store_proposals
from memstrata.formats.principles import Principle, parse_principles, render_principle


def test_the_mark_is_a_field_read_back_and_absent_until_set() -> None:
    plain = Principle(3, "装依赖用 pnpm", "装依赖用 pnpm", category="通用", source="2026-03-03 x")
    assert "superseded" not in render_principle(plain)
    plain.superseded = "2026-03-17 → P009"
    lines = [line + "\n" for line in render_principle(plain).split("\n")]
    [read] = parse_principles(lines, "principles.md")
    assert read.superseded == "2026-03-17 → P009"
    assert read.body == "装依赖用 pnpm"


def _embed_with(cosine: float):
    """Two unit vectors at ``cosine``, one per text in order (the tiny embedder's cosines mean
    nothing for this rule)."""

    def embed(texts: list[str]) -> np.ndarray:
        angle = np.arccos(cosine)
        return np.array([[1.0, 0.0], [np.cos(angle), np.sin(angle)]])[: len(texts)]

    return embed


def test_a_newer_principle_that_announces_a_change_is_proposed_to_replace_the_older(
    make_ws,
) -> None:
    ws = make_ws("self-evolution")
    remember(ws.writer(), "记住：装依赖用 pnpm")
    remember(ws.writer(), "记住：装依赖改用 bun")
    # related (0.43 measured with the real embedder) and announced (改用): proposed
    [proposal] = supersede.proposals(ws.writer(), _embed_with(0.43))
    assert (proposal.kind, proposal.payload["old"], proposal.payload["new"]) == (
        "supersede",
        "P001",
        "P002",
    )
    # unrelated sentences, or no contradiction, propose nothing
    assert supersede.proposals(ws.writer(), _embed_with(0.2)) == []


def test_close_principles_without_another_value_are_not_proposed(make_ws) -> None:
    ws = make_ws("self-evolution")
    remember(ws.writer(), "记住：inline style 都收进 StyleSheet.create")
    remember(ws.writer(), "记住：样式对象别直接糊在 JSX 上，进 StyleSheet")
    assert supersede.proposals(ws.writer(), _embed_with(0.55)) == []


def test_approving_marks_the_older_and_the_context_says_so(make_ws) -> None:
    ws = make_ws("self-evolution")
    remember(ws.writer(), "记住：装依赖用 pnpm")
    remember(ws.writer(), "记住：装依赖改用 bun")
    writer = ws.writer()
    state = load_state(ws)
    store_proposals(state, supersede.proposals(writer, _embed_with(0.43)))
    save_state(ws, state)
    result = approve(writer, "全部")
    assert [item["entry_id"] for item in result.applied] == ["P001"]
    path = ws.role_path("principles")
    marks = {p.pid: p.superseded for p in parse_principles(ws.read_lines(path), path)}
    assert marks == {"P001": "2026-04-17 → P002", "P002": ""}
    assert "已被 P002 取代" in build_context(ws).text
    log = (ws.root / ws.role_path("evolution_log")).read_text(encoding="utf-8")
    assert "P001 装依赖用 pnpm（已被 P002 取代：装依赖改用 bun）" in log
    # nothing left to propose: a marked principle is not proposed again
    assert supersede.proposals(writer, _embed_with(0.9)) == []
    assert proposals_from_state(load_state(ws)) == []


@pytest.mark.integration
def test_the_heartbeat_proposes_it_with_the_real_embedder(make_ws, monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    ws = make_ws("self-evolution")
    remember(ws.writer(), "记住：装依赖用 pnpm")
    remember(ws.writer(), "记住：发布前必须先跑数据库迁移")
    remember(ws.writer(), "记住：装依赖改用 bun")
    from memstrata.evolve.triggers import handle

    handle(ws.writer(), "代码注释我更喜欢用中文")  # something pending, so it runs
    beat = heartbeat(ws.writer(), force=True)
    found = [p for p in beat.proposals if p.kind == "supersede"]
    assert [(p.payload["old"], p.payload["new"]) for p in found] == [("P001", "P003")]
    # the card points at the principle it marks, not below the entry proposed before it
    assert found[0].expected == "principles.md:L5"
    assert "P001" in beat.card and ("过时" in beat.card or "superseded" in beat.card)


def _proposed(ws, cosine: float = 0.43) -> None:
    state = load_state(ws)
    store_proposals(state, supersede.proposals(ws.writer(), _embed_with(cosine)))
    save_state(ws, state)


def test_the_mark_adds_one_line_and_keeps_everything_else(make_ws) -> None:
    # a tester's round: the mark re-rendered the principle, dropping a field the user added and
    # the body's own lines
    ws = make_ws("self-evolution")
    remember(ws.writer(), "记住：装依赖用 pnpm")
    remember(ws.writer(), "记住：装依赖改用 bun")
    path = ws.root / ws.role_path("principles")
    text = path.read_text(encoding="utf-8")
    text = text.replace(
        "---\n装依赖用 pnpm\n", "confidence: high\n---\n装依赖用 pnpm\n\n- 锁文件必须提交\n", 1
    )
    path.write_text(text, encoding="utf-8")
    _proposed(ws)
    approve(ws.writer(), "全部")
    after = path.read_text(encoding="utf-8")
    assert after.replace("superseded: 2026-04-17 → P002\n", "", 1) == text


def test_a_stale_proposal_marks_nothing(make_ws) -> None:
    # the tester renumbered the principles by hand, then approved: another principle was marked
    ws = make_ws("self-evolution")
    remember(ws.writer(), "记住：装依赖用 pnpm")
    remember(ws.writer(), "记住：装依赖改用 bun")
    _proposed(ws)
    path = ws.root / ws.role_path("principles")
    before = path.read_text(encoding="utf-8").replace("装依赖用 pnpm", "提交信息用英文写")
    path.write_text(before, encoding="utf-8")
    result = approve(ws.writer(), "全部")
    assert result.applied == [] and "changed since" in result.failed[0]["error"]
    assert path.read_text(encoding="utf-8") == before


def test_one_proposal_per_principle_the_newest_replacement(make_ws, monkeypatch) -> None:
    # the tester: a waiting "P001 replaced by P002" and a new "P001 replaced by P003" were both on
    # the card, and approving both logged a mark that was never written
    ws = make_ws("self-evolution")
    remember(ws.writer(), "记住：装依赖用 pnpm")
    remember(ws.writer(), "记住：装依赖改用 bun")
    _proposed(ws)
    remember(ws.writer(), "记住：装依赖现在改用 yarn")
    from memstrata.evolve import heartbeat as beat
    from memstrata.evolve.triggers import handle

    monkeypatch.setattr(beat, "embedder_for", lambda ws: _embed_three(0.43))
    handle(ws.writer(), "代码注释我更喜欢用中文")
    report = beat.heartbeat(ws.writer(), force=True)
    marks = [
        p.payload["old"] + ">" + p.payload["new"] for p in report.proposals if p.kind == "supersede"
    ]
    assert sorted(marks) == ["P001>P003", "P002>P003"]


def _embed_three(cosine: float):
    """Every text at ``cosine`` from every other (three or more unit vectors)."""

    def embed(texts: list[str]) -> np.ndarray:
        n = len(texts)
        # equal pairwise cosine c: identity mixed with the all-ones direction
        a = np.sqrt(1 - cosine)
        b = (np.sqrt(1 - cosine + n * cosine) - a) / n
        vectors = a * np.eye(n) + b * np.ones((n, n))
        return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)

    return embed


def test_a_reply_sent_twice_never_reaches_another_proposal(make_ws) -> None:
    # the tester: "approve 2" marked P001; "approve 2" again applied what had become number 2
    ws = make_ws("self-evolution")
    for text in (
        "记住：装依赖用 pnpm",
        "记住：提交信息用英文写",
        "记住：装依赖改用 bun",
        "记住：提交信息改用中文写",
    ):
        remember(ws.writer(), text)
    state = load_state(ws)
    store_proposals(state, supersede.proposals(ws.writer(), _embed_three(0.7)))
    save_state(ws, state)
    numbers = {p.number: p.payload["old"] for p in proposals_from_state(load_state(ws))}
    assert sorted(numbers.values()) == ["P001", "P002"]
    first = approve(ws.writer(), "1")
    assert [item["entry_id"] for item in first.applied] == [numbers[1]]
    again = approve(ws.writer(), "1")
    assert again.applied == [] and "不存在" in again.understood
    assert [p.number for p in proposals_from_state(load_state(ws))] == [2]
    assert [item["entry_id"] for item in approve(ws.writer(), "2").applied] == [numbers[2]]


@pytest.mark.parametrize(
    ("older", "newer", "cosine"),
    [
        # learning_sim5: the shard count hidden behind the query proxy's replacement
        (
            "MySQL 分片去年底已经扩到 32 个了，路由是 player_id % 32，wiki 上写 16 个那是老黄历",
            "proxysql 那套上周已经下线了，现在分库查询统一走 vtgate，地址 vtgate-gz.db.internal:15306",
            0.37,
        ),
        # learning_sim11: one correction of the agent hidden behind another
        (
            "CouponForm 里还有一处 import { Modal } from '@sgl/ui' 漏改了 那个包已经下架了 全部换成"
            " @sgl/hotpot-ui",
            "你改到 h5 的 CouponCard 去了 我说的是商家后台那个 在 apps/merchant-console/src/pages/"
            "coupon 下面 两边组件同名 容易搞混",
            0.46,
        ),
        # learning_sim5: the prod change rule hidden behind a package's new import path
        (
            "prod 的任何变更都走 GitLab MR + ArgoCD 同步，不要直接 kubectl apply/edit",
            "v8 那个是老包了，go.mod 里早换成 github.com/redis/go-redis/v9 了，import 别写旧的",
            0.36,
        ),
    ],
    ids=["vtgate", "coupon_card", "go_redis"],
)
def test_a_change_announced_about_something_else_supersedes_nothing(
    make_ws, older: str, newer: str, cosine: float
) -> None:
    """Session 56: in the scenarios 12 of 21 approved marks hid a principle that still held,
    behind a newer one that announced a change of another thing of the same project (related
    sentences, cosines as measured with the real embedder)."""
    ws = make_ws("self-evolution")
    remember(ws.writer(), f"记住：{older}")
    remember(ws.writer(), f"记住：{newer}")
    assert supersede.proposals(ws.writer(), _embed_with(cosine)) == []


@pytest.mark.parametrize(
    ("older", "newer", "cosine"),
    [
        ("tech lead is Kevin", "tech lead is Tara now", 0.58),  # the English frame is all values
        ("测试数据库端口是 5433，别连 5432 那个", "test db 现在跑在 6543 上，5433 已经关了", 0.47),
        ("回复我的时候用中文就行", "from now on reply in English please", 0.44),
    ],
    ids=["words", "old_value", "two_languages"],
)
def test_a_change_of_one_thing_said_in_other_words_is_still_proposed(
    make_ws, older: str, newer: str, cosine: float
) -> None:
    ws = make_ws("self-evolution")
    remember(ws.writer(), f"记住：{older}")
    remember(ws.writer(), f"记住：{newer}")
    [proposal] = supersede.proposals(ws.writer(), _embed_with(cosine))
    assert (proposal.payload["old"], proposal.payload["new"]) == ("P001", "P002")
