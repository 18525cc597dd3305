"""The engineering glossary (recall/jargon.py, issue 14): jargon CC-CEDICT lacks (主库, 值班, 验签)
and the other Chinese ways to say the same thing (回退 / 回滚) match at search time. The search
tests failed before the glossary: the query and the memory share no word."""

from __future__ import annotations

from pathlib import Path

import pytest

from memstrata.recall import jargon
from memstrata.recall.jargon import jargon_synonyms
from memstrata.recall.search import search
from tests.pg import put

pytestmark = pytest.mark.both_backends


def test_the_shipped_glossary_is_well_formed() -> None:
    """Two columns a line (the English one may be empty), at least two variants, and no
    variant on two lines: a shared variant would make two concepts each other's synonyms."""
    seen: dict[str, int] = {}
    text = Path(jargon.__file__).with_name("jargon.tsv").read_text(encoding="utf-8")
    for number, line in enumerate(text.splitlines(), start=1):
        chinese, tab, english = line.partition("\t")
        assert tab and chinese and "\t" not in english, f"jargon.tsv:{number}"
        variants = [*chinese.split("|"), *(english.split("|") if english else [])]
        assert len(variants) >= 2, f"jargon.tsv:{number}: one variant is no synonym"
        for variant in variants:
            key = " ".join(variant.lower().split())
            assert key, f"jargon.tsv:{number}: empty variant"
            assert seen.setdefault(key, number) == number, f"jargon.tsv:{number}: {key}"
    assert len(seen) > 1000


@pytest.mark.parametrize(
    ("query", "terms", "word"),
    [
        # Found by an adversarial pass: everyday words that pulled in engineering memories.
        ("how is my rabbit", ["rabbit"], "rabbit"),
        ("primary school for my daughter", ["primary", "school", "daughter"], "primary"),
        ("write it down", ["write", "down"], "down"),
        ("do you recall the key point", ["recall", "key", "point"], "key"),
        ("check in at the hotel", ["check", "hotel"], "check"),
        ("3 pm meeting", ["3", "pm", "meeting"], "pm"),
    ],
)
def test_everyday_english_gets_no_jargon(query: str, terms: list[str], word: str) -> None:
    assert word not in jargon_synonyms(query, terms)


@pytest.mark.parametrize(
    ("query", "terms", "word", "wrong"),
    [
        ("客户端超时", ["客户端", "超时"], "客户端", "customer"),  # client software
        ("训练营报名", ["训练营", "报名"], "训练营", "模型训练"),
        ("线上会议纪要", ["线上", "会议纪要"], "线上", "生产环境"),  # online, not production
        ("代理商合同", ["代理商", "合同"], "代理商", "正向代理"),
        ("温度计坏了", ["温度计", "坏", "了"], "温度计", "temperature"),
        ("主机游戏", ["主机", "游戏"], "游戏", "服务器"),
    ],
)
def test_a_longer_chinese_word_is_not_its_piece(
    query: str, terms: list[str], word: str, wrong: str
) -> None:
    assert wrong not in jargon_synonyms(query, terms).get(word, [])


def test_a_phrase_takes_its_words_from_their_single_meanings() -> None:
    """ "scale down" is 缩容; its "down" is not also an outage."""
    found = jargon_synonyms("scale down the cluster", ["scale", "down", "cluster"])
    assert "缩容" in found["down"] and "宕机" not in found["down"]
    assert "release" not in jargon_synonyms("发布会在哪开", ["发布会", "在", "哪", "开"]).get(
        "发布会", []
    )
    assert "proxy" not in jargon_synonyms("子代理怎么配置", ["子", "代理", "怎么", "配置"]).get(
        "代理", []
    )


def test_an_english_phrase_lends_its_chinese_to_each_of_its_words() -> None:
    terms = ["primary", "database", "run"]
    found = jargon_synonyms("where does the primary database run", terms)
    assert "主库" in found["primary"] and "主库" in found["database"]
    assert "run" not in found
    # "back" means nothing alone; only the phrase "roll back" carries 回滚.
    assert "回滚" in jargon_synonyms("how do we roll back", ["roll", "back"])["back"]
    assert "back" not in jargon_synonyms("come back later", ["come", "back", "later"])


def test_a_chinese_variant_counts_for_the_words_cut_from_it() -> None:
    assert "回滚" in jargon_synonyms("版本回退怎么做", ["版本", "回退", "怎么"])["回退"]


def test_a_chinese_paraphrase_finds_the_jargon_it_means(ws) -> None:
    put(
        ws,
        "memory/2026-04-10.md",
        "# [2026-04-10]\n\n## [coder] 发布事故\n- 出事先回滚到上一个 tag，再慢慢排查\n\n"
        "## [main] 杂事\n- 周五下午开周会\n- 会议室换到三楼\n".encode(),
    )
    hits = search(ws, "版本回退怎么做").results
    assert hits and hits[0].start_line == 4


def test_an_english_question_finds_the_chinese_jargon(ws) -> None:
    put(
        ws,
        "memory/2026-04-10.md",
        "# [2026-04-10]\n\n## [main] 交接\n- 这周值班是阿杰，周航做 backup\n\n"
        "## [main] 杂事\n- 周五下午开周会\n- 会议室换到三楼\n".encode(),
    )
    hits = search(ws, "who is on call?").results
    assert hits and hits[0].start_line == 4
