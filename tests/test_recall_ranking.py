"""Ranking (issue 14): fusion that knows when a side has nothing, translation through
CC-CEDICT, character pairs for short Chinese queries, the current-value and decision intents,
merged passages, diversity, and warnings on the same ranking. Each test failed on the ranking
it replaced."""

from __future__ import annotations

from typing import ClassVar

import numpy as np
import pytest

from memstrata.context.warnings import task_warnings
from memstrata.entries.remember import remember
from memstrata.recall import translate
from memstrata.recall.query import plan_query
from memstrata.recall.search import SearchFilters, search


def _write(ws, rel: str, text: str) -> None:
    path = ws.root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


class TopicEmbedder:
    """Vectors by topic word: texts sharing a listed topic are alike, whatever their language
    (what a multilingual model does); everything else is nearly orthogonal."""

    name = "topics-3"
    dim = 3
    topics: ClassVar[dict[str, int]] = {"限流": 0, "rate": 0, "滑动": 0, "午饭": 1, "lunch": 1}

    def embed(self, texts: list[str]) -> np.ndarray:
        out = np.full((len(texts), self.dim), 0.05, dtype=np.float32)
        for row, text in enumerate(texts):
            for word, axis in self.topics.items():
                if word in text.lower():
                    out[row, axis] = 1.0
        return out / np.linalg.norm(out, axis=1, keepdims=True)


def test_lexical_noise_does_not_outvote_the_vector_side(ws) -> None:
    """A cross-lingual query whose only lexical match is a common word: the old fusion divided
    BM25 by the best hit, so that junk match scored 1.0 x 0.3 and beat the real answer."""
    _write(
        ws,
        "memory/2026-04-10.md",
        "# [2026-04-10]\n\n## [coder] 限流\n- gateway 限流改成滑动窗口，每秒 50 次\n\n"
        "## [main] 杂事\n- we use the office printer under the stairs\n"
        "- we use the old laptop\n- we use the blue mugs\n",
    )
    hits = search(ws, "What does the rate limiter use under the hood?", embedder=TopicEmbedder())
    assert hits.results[0].start_line == 4


def test_english_query_finds_chinese_memory_through_the_dictionary(ws) -> None:
    _write(ws, "memory/2026-04-10.md", "# [2026-04-10]\n\n## [coder] 发布\n- 出问题先回滚再排查\n")
    assert "回滚" in translate.translations(["rollback"]).get("rollback", [])
    hits = search(ws, "rollback first", mode="lexical").results
    assert hits and hits[0].start_line == 4


def test_translation_is_optional(monkeypatch) -> None:
    monkeypatch.setattr(translate, "_data_file", lambda: None)
    translate._dictionary.cache_clear()
    try:
        assert translate.translations(["rollback"]) == {}
    finally:
        translate._dictionary.cache_clear()


def test_english_forms_match_plurals_and_tenses() -> None:
    assert "friday" in translate.english_forms("fridays")
    assert "policy" in translate.english_forms("policies")
    assert "deploy" in translate.english_forms("deployed")


def test_short_chinese_query_matches_however_the_segmenter_cut(ws) -> None:
    """rjieba cuts 阿杰入职 into 阿杰入 / 职, so 入职 never matched a word; character pairs do,
    and the bullet is found through its heading."""
    _write(
        ws,
        "memory/2026-07-15.md",
        "# [2026-07-15]\n\n## [main] 阿杰入职\n- 今天开始，负责客服工单\n\n## [main] 周会\n- 讨论预算\n",
    )
    hits = search(ws, "入职", mode="lexical").results
    assert hits and hits[0].start_line == 4


def test_a_question_about_now_ranks_the_newest_value_first(ws) -> None:
    _write(ws, "memory/2026-03-01.md", "# [2026-03-01]\n\n## [coder] 网关\n- 网关端口是 8080\n")
    _write(ws, "memory/2026-04-12.md", "# [2026-04-12]\n\n## [coder] 迁移\n- 网关端口 18080\n")
    assert plan_query("网关现在的端口是多少").current
    hits = search(ws, "网关现在的端口是多少", mode="lexical").results
    assert hits[0].path == "memory/2026-04-12.md"


def test_a_question_about_a_decision_prefers_the_memory_bullet(ws) -> None:
    remember(ws.writer(), "网关超时定为 30s", role="long_term")
    _write(
        ws,
        "memory/2026-04-12.md",
        "# [2026-04-12]\n\n## [main] 讨论\n- 网关超时讨论了 20s 还是 60s，网关超时影响很大\n",
    )
    assert plan_query("what did we decide about the gateway timeout? 网关超时").decision
    hits = search(ws, "网关超时最后怎么定的", mode="lexical").results
    assert hits[0].path == "MEMORY.md"


def test_adjacent_relevant_items_are_one_result(ws) -> None:
    chores = "".join(f"- 午饭第 {n} 天吃了面\n" for n in range(7))
    _write(
        ws,
        "memory/2026-04-10.md",
        f"# [2026-04-10]\n\n## [coder] 杂事\n{chores}- Loki 保留期 14 天\n- Loki 保留期改成 30 天\n"
        "- 午饭吃了饺子\n",
    )
    hits = search(ws, "Loki 保留期", mode="lexical").results
    assert (hits[0].start_line, hits[0].end_line) == (11, 12)
    assert all(not (h.start_line <= 12 <= h.end_line) for h in hits[1:])


@pytest.mark.parametrize(
    "task", ["deploy the gateway on Friday", "Deploying the gateway on Fridays"]
)
def test_warnings_surface_the_principle_a_task_would_break(ws, task: str) -> None:
    """Reported: word overlap saw only 'deploy' in common (Friday is not Fridays) and stayed
    silent."""
    remember(ws.writer(), "remember: never deploy on Fridays after 3 pm")
    remember(ws.writer(), "remember: always write the changelog in English and Chinese")
    found = task_warnings(ws, task)
    assert found and "never deploy on Fridays" in found[0].text
    assert task_warnings(ws, "write a poem about autumn") == []


def test_warnings_reach_across_languages(ws) -> None:
    remember(ws.writer(), "remember: never deploy on Fridays after 3 pm")
    found = task_warnings(ws, "周五部署网关")
    assert found and "never deploy on Fridays" in found[0].text


def test_diversity_lets_the_second_part_of_a_question_in(ws) -> None:
    _write(
        ws,
        "memory/2026-04-10.md",
        "# [2026-04-10]\n\n## [coder] Loki 保留\n- Loki 保留 14 天\n\n- Loki 保留 30 天\n\n"
        "- Loki 保留策略写进文档\n\n- Loki 保留由 compactor 执行\n",
    )
    _write(ws, "memory/2026-04-11.md", "# [2026-04-11]\n\n## [coder] 部署\n- Loki 部署在 sg-02\n")
    hits = search(ws, "Loki 保留多久，部署在哪", mode="lexical", k=3).results
    assert "memory/2026-04-11.md" in {h.path for h in hits}


def test_role_filters_still_apply(ws) -> None:
    remember(ws.writer(), "remember: never deploy on Fridays after 3 pm")
    hits = search(ws, "deploy Friday", filters=SearchFilters(roles=["daily"])).results
    assert hits == []


def test_a_correction_stays_above_the_stale_fact_it_corrects(make_ws) -> None:
    """The near-tie rule moved the correction up, then the final selection sorted by score
    again and put the stale MEMORY.md copy back on top (bilingual set: corrected-first 0.33)."""
    from memstrata.core.workspace import Workspace

    orders = {}
    for near_tie in (0.15, 0.0):
        ws = make_ws()
        remember(ws.writer(), "staging 数据库端口是 5432，连接串在 1Password", role="long_term")
        _write(
            ws,
            "memory/2026-04-12.md",
            "# [2026-04-12]\n\n## [coder] staging 迁移\n"
            "- staging 数据库迁移到新集群，端口改为 5433，旧的 5432 已停用\n- 日志保留期改为 30 天\n",
        )
        config = ws.root / "memstrata.toml"
        config.write_text(
            config.read_text(encoding="utf-8") + f"\n[search]\nnear_tie = {near_tie}\n",
            encoding="utf-8",
        )
        ws = Workspace.open(ws.root, clock=ws.clock)
        orders[near_tie] = [
            h.path for h in search(ws, "staging 数据库端口", mode="lexical").results
        ]
    assert orders[0.15][0] == "memory/2026-04-12.md"
    assert orders[0.0][0] == "MEMORY.md"  # without the rule the stale copy scores higher
