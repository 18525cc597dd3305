"""The second stage of hybrid search (recall/rerank.py, issue 14 round 2): a linear model over
the fused pool, and the near-tie rule after it. Each test failed on the ranking before it."""

from __future__ import annotations

from datetime import date
from typing import ClassVar

import numpy as np

from memstrata.recall.query import plan_query
from memstrata.recall.ranking import Candidate, Evidence
from memstrata.recall.rerank import FEATURES, WEIGHTS, rerank
from memstrata.recall.search import search

TODAY = date(2026, 9, 1)


def _write(ws, rel: str, text: str) -> None:
    path = ws.root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _candidate(cid: int, text: str, role: str = "daily", heading: str = "", **kw) -> Candidate:
    return Candidate(cid, f"memory/{cid}.md", 1, 1, role, "", "2026-08-01", text, heading, **kw)


def _evidence(terms: list[str]) -> Evidence:
    return Evidence({t: {t: 1.0} for t in terms}, dict.fromkeys(terms, 1.0), {})


def test_every_feature_has_a_weight_and_the_vector_leads() -> None:
    assert set(WEIGHTS) == set(FEATURES)
    assert WEIGHTS["vector"] == max(WEIGHTS.values())


def test_the_item_holding_the_querys_number_goes_first() -> None:
    """Two alike items of one entry, equal on every fused signal: the fusion kept them in
    index order, so the one without the version the query names came first."""
    plan = plan_query("Go 1.23.4 升级")
    pool = [
        _candidate(
            1, "- 五个服务升到 Go 1.23.1，CI 镜像同步更新", vector=0.5, lexical=0.5, score=0.5
        ),
        _candidate(
            2, "- Go 升到 1.23.4（net/http 的安全修复）", vector=0.5, lexical=0.5, score=0.5
        ),
    ]
    ordered = rerank(pool, plan, _evidence(["go", "升级"]), {1: 1.0, 2: 1.0}, TODAY, 60.0)
    assert [c.cid for c in ordered] == [2, 1]


def test_a_decision_query_puts_the_memory_bullet_above_the_discussion() -> None:
    plan = plan_query("日志方案最后定了什么")
    assert plan.decision
    pool = [
        _candidate(1, "- 结论：推荐 Loki，不选 ELK", vector=0.55, lexical=0.5, score=0.55),
        _candidate(
            2, "- [2026-05] 日志用 Loki", role="long_term", vector=0.5, lexical=0.5, score=0.5
        ),
    ]
    ordered = rerank(pool, plan, _evidence(["日志", "方案"]), {1: 1.0, 2: 1.0}, TODAY, 60.0)
    assert ordered[0].cid == 2


def test_the_querys_words_in_one_line_beat_the_same_words_scattered() -> None:
    """Equal on every fused signal (both chunks hold both words): the passage whose one line
    says "Redis 超时" answers the query, the one with 超时 lines away from Redis does not."""
    plan = plan_query("Redis 超时")
    pool = [
        _candidate(
            1,
            "- Redis 升级到 7.2\n- 网关调用上游的超时改成 20s",
            vector=0.5,
            lexical=1.0,
            score=0.5,
        ),
        _candidate(
            2, "- Redis 连接超时改成 3s\n- 顺手清理了日志", vector=0.5, lexical=1.0, score=0.5
        ),
    ]
    ordered = rerank(pool, plan, _evidence(["redis", "超时"]), {1: 1.0, 2: 1.0}, TODAY, 60.0)
    assert [c.cid for c in ordered] == [2, 1]


def test_a_chunk_dated_inside_the_named_time_goes_first() -> None:
    plan = plan_query("上周 Redis 超时", today=TODAY)  # TODAY is a Tuesday: 08-24 .. 08-30
    older = _candidate(1, "- Redis 超时改成 3s", vector=0.5, lexical=1.0, score=0.5)
    last_week = Candidate(
        2,
        "memory/2.md",
        1,
        1,
        "daily",
        "",
        "2026-08-26",
        "- Redis 超时改成 5s",
        "",
        vector=0.5,
        lexical=1.0,
        score=0.5,
    )
    ordered = rerank(
        [older, last_week], plan, _evidence(["redis", "超时"]), {1: 1.0, 2: 1.0}, TODAY, 60.0
    )
    assert ordered[0].cid == 2


def test_scores_stay_in_the_range_of_the_fused_pool() -> None:
    plan = plan_query("gateway timeout")
    pool = [
        _candidate(i, f"- gateway timeout {i}", vector=v, lexical=0.5, score=s)
        for i, (v, s) in enumerate([(0.9, 0.8), (0.4, 0.5), (0.1, 0.3)], start=1)
    ]
    ordered = rerank(pool, plan, _evidence(["gateway", "timeout"]), {}, TODAY, 60.0)
    assert [c.cid for c in ordered] == [1, 2, 3]
    assert ordered[0].score == 0.8 and ordered[-1].score == 0.3


class ModelEmbedder:
    """Everything about models and which agent uses one is alike (what a sentence encoder
    says of two log entries about model changes)."""

    name = "models-2"
    dim = 2
    topics: ClassVar[dict[str, int]] = {"模型": 0, "model": 0, "sonnet": 0, "gemini": 0}

    def embed(self, texts: list[str]) -> np.ndarray:
        out = np.full((len(texts), self.dim), 0.05, dtype=np.float32)
        for row, text in enumerate(texts):
            for word, axis in self.topics.items():
                if word in text.lower():
                    out[row, axis] = 1.0
        return out / np.linalg.norm(out, axis=1, keepdims=True)


def test_a_now_query_keeps_the_answer_above_a_newer_entry_about_something_else(make_ws) -> None:
    """'coder 现在用的哪个模型': the near-tie rule moved any newer alike entry up for a "now"
    query, so researcher's later model switch went above the line about coder (recall set dev
    q016). After the reranker, which weighs recency for such queries itself, only a newer
    entry that says it changed moves up."""
    from memstrata.core.workspace import Workspace

    tops = {}
    for depth in (0, 30):
        ws = make_ws()
        _write(
            ws,
            "memory/2026-03-02.md",
            "# [2026-03-02]\n\n## [main] 模型调整\n- coder 升级到 claude-sonnet-4.5，改大文件时更稳\n",
        )
        _write(
            ws,
            "memory/2026-04-10.md",
            "# [2026-04-10]\n\n## [main] researcher 换模型\n- researcher 切到 gemini-2.5-flash，r1 太慢\n",
        )
        config = ws.root / "memstrata.toml"
        config.write_text(
            config.read_text(encoding="utf-8") + f"\n[search]\nrerank_depth = {depth}\n",
            encoding="utf-8",
        )
        ws = Workspace.open(ws.root, clock=ws.clock)
        hits = search(ws, "coder 现在用的哪个模型", embedder=ModelEmbedder()).results
        tops[depth] = hits[0].path
    assert tops[30] == "memory/2026-03-02.md"
    assert tops[0] == "memory/2026-04-10.md"  # the rule as it was, kept without the reranker


def test_words_that_only_mean_now_are_not_translated(ws) -> None:
    """'who is on call right now?': the translation 今天 of "now" matched a line about a
    notice sent today as well as "call" matched the on-call line (recall set dev q008). The
    current-value intent handles "now"; the word still matches itself ("what book am I
    currently reading" must find "I'm currently reading", LongMemEval 86f00804)."""
    _write(
        ws,
        "memory/2026-04-12.md",
        "# [2026-04-12]\n\n## [main] 客户通知\n- 维护通知 4 月 10 日已发；今天 11:00 发了完成通知\n",
    )
    _write(
        ws,
        "memory/2026-04-14.md",
        "# [2026-04-14]\n\n## [main] 值班交接\n- 这周 on-call 是阿杰，周航做 backup\n",
    )
    plan = plan_query("who is on call right now?")
    assert plan.current and "now" in plan.terms and set(plan.synonyms) == {"call"}
    assert "currently" in plan_query("What book am I currently reading?").terms
    hits = search(ws, "who is on call right now?", mode="lexical").results
    assert [h.path for h in hits] == ["memory/2026-04-14.md"]


def test_a_daily_entry_is_one_passage_across_its_parts(ws) -> None:
    """The question's words are in 遇到问题, the answer under 完成内容 of the same entry: the
    two parts were separate sections, so the hit stopped at the problem and the answer line
    was not in it (recall set dev q133). Relevant parts of one entry now form one result."""
    _write(
        ws,
        "memory/2026-04-15.md",
        "# [2026-04-15]\n\n## [coder] deliveries 查询慢\n\n### 遇到问题\n"
        "- console 的投递记录页很慢，p95 820ms\n\n### 完成内容\n"
        "- 投递记录页加了索引，p95 降到 45ms\n\n"
        "## [main] 杂事\n- 投递记录页的文案下周再改\n",
    )
    hits = search(ws, "投递记录页 p95 慢", mode="lexical").results
    top = hits[0]
    assert (top.path, top.start_line, top.end_line) == ("memory/2026-04-15.md", 6, 9)
    assert all(hit.start_line != 12 or hit.end_line == 12 for hit in hits)  # not across entries


def test_another_part_of_the_entry_joins_at_a_lower_share_than_a_sibling_item() -> None:
    """An item of 完成内容 scoring 0.6 of the picked 遇到问题 item joins it (the answer under
    the problem); another item of the picked one's own list at 0.6 does not (a conversation's
    next turns stay separate results)."""
    from memstrata.core.config import SearchSettings
    from memstrata.recall.ranking import select

    def item(cid: int, line: int, heading: str, score: float) -> Candidate:
        cand = _candidate(cid, f"- item {cid}", heading=heading, score=score)
        cand.path, cand.start, cand.end, cand.entry_id = "memory/d.md", line, line, "entry"
        return cand

    settings = SearchSettings()
    problem, answer = item(1, 6, "e > 遇到问题", 1.0), item(3, 10, "e > 完成内容", 0.6)
    chosen = select([problem, answer], 2, {}, settings, lambda _c: [(1, 6, 6), (3, 10, 10)])
    assert [(c.start, c.end) for c in chosen] == [(6, 10)]
    problem, sibling = item(1, 6, "e > 遇到问题", 1.0), item(2, 7, "e > 遇到问题", 0.6)
    chosen = select([problem, sibling], 2, {}, settings, lambda _c: [(1, 6, 6), (2, 7, 7)])
    assert [(c.start, c.end) for c in chosen] == [(6, 6), (7, 7)]
