"""Search across Chinese scripts (issue 14). A query typed in traditional characters missed memory
written in simplified on the lexical side (數據庫 and 数据库 were different words), memory
written in traditional was cut by a simplified dictionary, and the snippet and the reranker's
word coverage compared the scripts as typed. Both sides now fold to simplified before words are
cut or embedded (``text/scripts.folded``); ``benchmarks/recall_bilingual.py --queries-in s2tw
--workspace-in s2tw`` measures it (BENCHMARKS.md, issue 14 round 9)."""

from __future__ import annotations

from datetime import date

import pytest

from memstrata.recall.chunker import Chunk
from memstrata.recall.query import plan_query
from memstrata.recall.search import search
from memstrata.text.scripts import folded
from memstrata.text.tokenize import index_text, query_terms
from tests.pg import put

pytestmark = pytest.mark.both_backends

SIMPLIFIED = """# 基础设施

- 订单数据库端口改成 5433 了，旧的 5432 停用
- 网关部署在 gw-02，周五下午不发版
- 监控告警发到飞书群「值班」
"""

TRADITIONAL = """# 基礎設施

- 訂單資料庫密碼放在 vault 的 secret/orders 底下
- 閘道部署在 gw-02，週五下午不發版
- 監控告警發到 Slack 頻道 #oncall
"""


def _write(ws, rel: str, text: str) -> None:
    put(ws, rel, text.encode("utf-8"))


def _top_covers(ws, query: str, mode: str, line: int) -> bool:
    hits = search(ws, query, mode=mode).results
    return (
        bool(hits) and hits[0].path == "infra.md" and hits[0].start_line <= line <= hits[0].end_line
    )


@pytest.mark.parametrize("mode", ["lexical", "hybrid"])
def test_a_query_in_traditional_characters_finds_memory_written_in_simplified(ws, mode) -> None:
    _write(ws, "infra.md", SIMPLIFIED)
    assert _top_covers(ws, "訂單數據庫", mode, 3)


@pytest.mark.parametrize("mode", ["lexical", "hybrid"])
def test_memory_written_in_traditional_characters_answers_a_simplified_query(ws, mode) -> None:
    _write(ws, "infra.md", TRADITIONAL)
    assert _top_covers(ws, "监控告警发到哪", mode, 5)


def test_written_cantonese_memory_is_found_from_simplified(ws) -> None:
    _write(ws, "infra.md", "# 交接\n\n- 啲告警唔係發去 email，係發去 Slack 頻道 #oncall\n")
    assert _top_covers(ws, "发到哪个频道", "lexical", 3)


def test_the_snippet_shows_the_line_in_the_other_script(ws) -> None:
    _write(ws, "infra.md", TRADITIONAL)
    hits = search(ws, "频道", mode="lexical").results
    assert hits and "發到 Slack 頻道" in hits[0].snippet


def test_the_embedder_reads_both_scripts_alike() -> None:
    assert (
        Chunk("a.md", 1, 1, "- 閘道部署在 gw-02", "基礎設施").embed_text
        == Chunk("a.md", 1, 1, "- 闸道部署在 gw-02", "基础设施").embed_text
    )


def test_both_scripts_index_and_ask_the_same_words() -> None:
    assert index_text("資料庫密碼") == index_text("资料库密码")
    assert query_terms("唔係資料庫") == query_terms("唔系资料库")  # Cantonese too, for search


def test_guard_the_fold_keeps_length_and_leaves_simplified_and_english_alone() -> None:
    for text in ("数据库端口 5433", "gateway port 8443", ""):
        assert folded(text) is text
    assert len(folded("週五下午不發版")) == len("週五下午不發版")


def test_a_question_in_traditional_characters_reads_its_dates_and_intent() -> None:
    today = date(2026, 9, 1)
    asked, same = (
        plan_query("上週五發版了嗎", today=today),
        plan_query("上周五发版了吗", today=today),
    )
    assert asked.window is not None and asked.window == same.window
    assert plan_query("現在網關是哪個端口").current


def test_japanese_is_not_folded_into_chinese_words(ws) -> None:
    # a tester's round: 手紙 (a letter) folded to 手纸 (toilet paper) ranked a Japanese line first
    _write(ws, "notes/cn.md", "# 杂项\n\n- 卫生间的手纸用完了，要补货。\n")
    _write(ws, "notes/jp.md", "# 日記\n\n- 母に手紙を書いた。\n")
    hits = search(ws, "手纸", mode="lexical").results
    assert hits and hits[0].path == "notes/cn.md"
    assert all(hit.path != "notes/jp.md" for hit in hits)
    assert folded("資料庫\n母に手紙を書いた") == "资料库\n母に手紙を書いた"
