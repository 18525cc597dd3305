"""The same preference said in Chinese and English (or in other words) is one observation;
different preferences on the same topic stay apart (issue 11, round 3).

Before round 3 only the sentence's USE cosine compared statements in two languages: a
restatement under 0.62 ("回复简短一点，别写长篇开场白" / "Keep replies short…": 0.59) became a
second candidate. Now aligned content words (the same word, a CC-CEDICT translation, or a word
embedding as close as a translation) count too. The sentences here are not the simulation's."""

from __future__ import annotations

import pytest

from memstrata.core.config import EvolveSettings
from memstrata.evolve import bilingual, known, pool
from memstrata.evolve.heartbeat import heartbeat
from memstrata.providers.embedders import USEEmbedder
from tests.test_repeats_strengthen_not_duplicate import _queue


def test_content_words_drop_the_words_that_only_ask() -> None:
    assert bilingual.content_words("以后提交信息都用英文写") == ["提交", "信息", "英文"]
    assert bilingual.content_words("I'd rather use tabs for indentation") == [
        "tabs",
        "indentation",
    ]


def test_a_word_and_its_dictionary_translation_align_without_an_embedder() -> None:
    assert bilingual.overlaps("代码用英文", ["English code"])[0] == pytest.approx(1.0)
    assert bilingual.overlaps("代码用英文", ["spaces for indentation"])[0] == 0.0


def test_a_name_said_by_one_side_only_is_another_value() -> None:
    # "snake_case" has no counterpart in the Chinese statement: no content-word match
    assert bilingual.overlaps("变量名用驼峰", ["variable names in snake_case"])[0] == 0.0


def test_names_across_languages_contradict() -> None:
    assert known.contradicts("新服务用 Go 写", "Write new services in Rust")
    assert known.contradicts("装依赖用 pnpm", "use yarn for installs")
    assert not known.contradicts("永远不要往 main 上 force push", "never force-push to main")
    assert not known.contradicts("代码注释用中文", "comments in Chinese")


def test_overlap_needs_a_sentence_cosine_not_far_apart() -> None:
    settings = EvolveSettings()
    args = (settings.match, 0.40, settings.match_embedding)
    assert not known.same("回答用要点列表", "Answer in bullet points", *args, overlap=1.0)
    args = (settings.match, 0.50, settings.match_embedding)
    assert known.same("回答用要点列表", "Answer in bullet points", *args, overlap=0.67)
    assert not known.same("回答用要点列表", "Answer in bullet points", *args, overlap=0.5)


SAME = [
    ("函数写短一点", "Keep functions small"),
    ("编辑器我喜欢用深色主题", "I prefer dark mode in the editor"),
    ("每次改完都要跑一遍测试", "Run the tests after every change"),
    ("数据库迁移要先在测试环境跑", "Run database migrations on staging first"),
    ("日志别打印密码", "Never log passwords"),
    ("文档标题用中文", "我希望文档的标题是中文的"),
]
APART = [
    ("测试用 pytest", "Use unittest for tests"),
    ("Use TypeScript for new code", "新代码用 Python 写"),
    ("日志级别默认 info", "Set the log level to debug by default"),
    ("变量名用驼峰命名", "Use snake_case for variable names"),
    ("Indent with tabs", "缩进用两个空格"),
    ("提交信息用英文写", "Reply in English"),
    ("周会改到周一", "The weekly meeting is on Friday"),
]


@pytest.fixture(scope="module")
def use_embed():
    return USEEmbedder().embed


def _same(embed, first: str, second: str) -> bool:
    settings = EvolveSettings()
    vectors = embed([first, second])
    cosine = float(vectors[0] @ vectors[1])
    overlap = bilingual.overlaps(first, [second], embed)[0]
    return known.same(first, second, settings.match, cosine, settings.match_embedding, overlap)


@pytest.mark.integration
@pytest.mark.parametrize(("first", "second"), SAME)
def test_restatements_merge(use_embed, first: str, second: str) -> None:
    assert _same(use_embed, first, second)


@pytest.mark.integration
@pytest.mark.parametrize(("first", "second"), APART)
def test_different_preferences_stay_apart(use_embed, first: str, second: str) -> None:
    assert not _same(use_embed, first, second)


@pytest.mark.integration
def test_a_restatement_under_the_sentence_bar_is_one_candidate(ws, monkeypatch) -> None:
    """Regression: 0.53 sentence cosine, under the 0.62 cross-language bar, was two candidates."""
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    _queue(ws, "preference", "I prefer dark mode in the editor", "2026-04-15T09:00:00")
    _queue(ws, "preference", "编辑器我喜欢用深色主题", "2026-04-16T09:00:00")
    _queue(ws, "preference", "I prefer a light theme", "2026-04-16T10:00:00")
    heartbeat(ws.writer(), force=True)
    counts = sorted((c.summary, c.count) for c in pool.observing(ws.writer()))
    assert counts == [("I prefer a light theme", 1), ("I prefer dark mode in the editor", 2)]
