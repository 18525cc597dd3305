"""Opposite preferences are never one observation (adversarial test on main a26db7f): the word
embedding aligned 早上 with afternoon (0.73) and 同步 with async (0.71), the sentence cosine
merged 深色/light theme and 部署在周五 / Never deploy on Friday, and an opposite said after an
entry existed strengthened that entry as ``seen_again``. ``polarity.opposed`` now decides first,
on every path that asks whether two statements are the same."""

from __future__ import annotations

import numpy as np
import pytest

from memstrata.core.config import EvolveSettings
from memstrata.evolve import bilingual, known, polarity, pool
from memstrata.evolve.approve import approve
from memstrata.evolve.heartbeat import heartbeat
from memstrata.formats.bullets import parse_bullets
from memstrata.providers.embedders import USEEmbedder
from tests.test_repeats_strengthen_not_duplicate import _queue

# The tester's pairs, and a few more of each kind, in both and in one language.
OPPOSITE = [
    ("我喜欢早上开会", "I prefer meetings in the afternoon"),
    ("我喜欢周五部署", "I prefer not to deploy on Fridays"),
    ("我喜欢用同步代码", "I prefer async code"),
    ("我喜欢开启自动保存", "I prefer autosave turned off"),
    ("我喜欢回答长一点", "I prefer short answers"),
    ("编辑器我喜欢用深色主题", "I prefer a light theme"),
    ("函数长一点", "Keep functions short"),
    ("先写代码再写测试", "Write tests before code"),
    ("回复里加 emoji", "Replies without emoji"),
    ("部署在周五", "Never deploy on Friday"),
    ("I prefer meetings in the morning", "I prefer meetings in the afternoon"),
    ("我喜欢早上开会", "我喜欢下午开会"),
    ("回答详细一点", "Keep answers brief"),
    ("通知要关掉", "Turn on notifications"),
    ("代码审查后再合并", "Merge before the code review"),
    ("变量名写长一点，要有意义", "Keep variable names short"),
    # both turn something down, each what the other keeps
    ("装依赖用 pnpm，不用 npm", "装依赖用 npm，不用 pnpm"),
    ("用空格缩进，不要用制表符", "用制表符缩进，不要用空格"),
]
# Restatements the checks must leave alone: negations on both sides, a "not" about a word the
# other never says, both poles named on both sides, the same order.
ALIKE = [
    ("函数写短一点", "Keep functions small"),
    ("编辑器我喜欢用深色主题", "I prefer dark mode in the editor"),
    ("日志别打印密码", "Never log passwords"),
    ("回复简短一点，别写长篇开场白", "Keep replies short please, no long intros"),
    ("代码注释我更喜欢用中文", "注释用中文写，别用英文"),
    ("永远不要往 main 上 force push", "never force-push to main"),
    ("先写测试再写代码", "Write tests before code"),
    ("我喜欢早上开会", "I prefer morning meetings"),
    ("周五别部署", "Never deploy on Friday"),
    ("代码审查后再合并", "Merge after the code review"),
    ("以后提交信息都用英文写", "Write commit messages in English"),
    ("每次改完都要跑一遍测试", "Run the tests after every change"),
    # Regression (five blind writers' restatements, round 10): both turn something down, and
    # one says the topic before its negation ("周五下午不发版") while the other puts it inside
    # ("no releases on Friday afternoons"): one-sided, that read as a clash.
    ("周五下午不发版，有问题周一再说", "no releases on Friday afternoons, it can wait till Monday"),
    ("出包机是 build-win-03，别往我本机上跑", "builds go on build-win-03, not my laptop"),
    ("别动 pnpm-lock.yaml", "锁文件你不要去改，升依赖的事我自己来"),
    ("staging 的数据库是 pg-stg-02，不是 pg-stg-01", "staging DB is pg-stg-02, not pg-stg-01"),
]


@pytest.mark.parametrize(("first", "second"), OPPOSITE)
def test_opposites_are_opposed(first: str, second: str) -> None:
    assert polarity.opposed(first, second) and polarity.opposed(second, first)


@pytest.mark.parametrize(("first", "second"), ALIKE)
def test_restatements_are_not_opposed(first: str, second: str) -> None:
    assert not polarity.opposed(first, second) and not polarity.opposed(second, first)


def test_an_opposite_never_matches_however_close() -> None:
    settings = EvolveSettings()
    args = (settings.match, 0.99, settings.match_embedding)
    assert not known.same("部署在周五", "Never deploy on Friday", *args, overlap=1.0)
    assert known.same("周五别部署", "Never deploy on Friday", *args, overlap=1.0)


def test_the_word_embedding_never_aligns_two_poles_of_a_group() -> None:
    """Regression: 早上/afternoon (0.73) counted as one word, overlap 1.0."""

    # each pair one vector (as close as can be), the pairs orthogonal
    axis = {"早上": 0, "afternoon": 0, "同步": 1, "async": 1, "开会": 2, "meetings": 2, "代码": 3}
    axis["code"] = 3

    def embed(words: list[str]) -> np.ndarray:
        return np.eye(4)[[axis[word] for word in words]]

    assert bilingual.overlaps("早上开会", ["meetings afternoon"], embed)[0] < known.CONTENT_OVERLAP
    assert bilingual.overlaps("同步代码", ["async code"], embed)[0] < known.CONTENT_OVERLAP
    # a word of no group still aligns through it
    assert bilingual.overlaps("开会", ["meetings"], embed)[0] == pytest.approx(1.0)


@pytest.fixture(scope="module")
def use_embed():
    return USEEmbedder().embed


@pytest.mark.integration
@pytest.mark.parametrize(("first", "second"), OPPOSITE)
def test_opposites_stay_apart_with_the_real_embedder(use_embed, first: str, second: str) -> None:
    settings = EvolveSettings()
    vectors = use_embed([first, second])
    cosine = float(vectors[0] @ vectors[1])
    overlap = bilingual.overlaps(first, [second], use_embed)[0]
    assert not known.same(first, second, settings.match, cosine, settings.match_embedding, overlap)


@pytest.mark.integration
def test_a_minority_opposite_is_not_proposed_as_the_majority(ws, monkeypatch) -> None:
    """Regression: one 早上 and two afternoon became one candidate at 3/3, proposing 早上."""
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    _queue(ws, "preference", "我喜欢早上开会", "2026-04-15T09:00:00")
    _queue(ws, "preference", "I prefer meetings in the afternoon", "2026-04-16T09:00:00")
    _queue(ws, "preference", "I prefer meetings in the afternoon", "2026-04-17T09:00:00")
    heartbeat(ws.writer(), force=True)
    counts = sorted((c.summary, c.count) for c in pool.observing(ws.writer()))
    assert counts == [("I prefer meetings in the afternoon", 2), ("我喜欢早上开会", 1)]


def test_an_opposite_of_an_entry_is_not_seen_again(ws) -> None:
    """Regression: days of "afternoon" strengthened the morning entry as seen_again."""
    for day in ("15", "16", "17"):
        _queue(ws, "preference", "I prefer meetings in the morning", f"2026-04-{day}T09:00:00")
    heartbeat(ws.writer(), force=True)
    approve(ws.writer(), "确认")
    assert known.find(ws, "I prefer meetings in the afternoon", None) is None
    assert known.find(ws, "I prefer meetings in the morning", None) is not None
    _queue(ws, "preference", "I prefer meetings in the afternoon", "2026-04-18T09:00:00")
    report = heartbeat(ws.writer(), force=True)
    assert report.strengthened == [] and report.observed == 1
    dated = [b for b in parse_bullets(ws.read_lines("USER.md"), "USER.md") if b.date]
    assert [b.text for b in dated] == ["I prefer meetings in the morning"]
