"""Issue 11, round 7: what the second 21-day scenario (benchmarks/data/learning_sim2.py) still
missed after round 5: three restatements kept apart (先看结论 / lead with the conclusion / 先摆结论;
类型标注 / type hints; 用表格来对比方案 / put comparisons in a table), a layout preference written
as a rule, a plain fact read as a correction, and a correction titled by its wrong value."""

from __future__ import annotations

import pytest

from memstrata.capture.classifier import detect_learned
from memstrata.capture.statement import statement
from memstrata.entries.remember import classify
from memstrata.evolve import known
from memstrata.evolve.bilingual import overlaps


def test_light_words_do_not_keep_restatements_apart() -> None:
    # 看 / 摆 / 放 are single characters the segmenter leaves; 后面 orders, like 先 and after
    # (round 5: 0.33, below the 0.6 bar)
    assert overlaps("我更喜欢先看结论，再看细节", ["回复最好先摆结论，细节放后面"])[0] >= 0.6
    # ...but a light word both say still counts, and a different subject still differs
    assert overlaps("我更喜欢先看结论", ["我更喜欢先看日志"])[0] < 0.6


def test_a_glossary_compound_is_a_shared_name() -> None:
    zh, en = "Python 代码我喜欢带上类型标注", "I like type hints on every function signature"
    assert known.shared_names(zh, en)
    # measured with the real embedder: cosine 0.48, content overlap 0.50
    assert known.same(zh, en, 0.6, cosine=0.48, semantic=0.8, overlap=0.5)
    # a short glossary word (部署 / deploy) is a topic, not a name
    assert not known.shared_names("部署前先跑测试", "never deploy on Fridays")


def test_a_term_said_in_both_languages_is_no_value_of_either() -> None:
    assert not known.contradicts(
        "Python 代码我喜欢带上类型标注", "我还是喜欢函数签名上都有 type hint"
    )
    # a term both name does not hide the values they disagree on
    assert known.contradicts("装依赖用 pnpm", "用 npm 装依赖")
    assert known.contradicts("日志级别默认 info", "Set the log level to debug by default")


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("以后都用表格来对比方案", "user"),
        ("Always put comparisons in a table, please", "user"),
        ("永远不要把 .env 文件提交到仓库", "principles"),
        ("以后都用 pnpm", "principles"),
    ],
)
def test_how_answers_are_laid_out_is_the_users_taste(text: str, role: str) -> None:
    assert classify(text) == role


def test_a_correction_opening_with_the_wrong_value_says_the_right_one_first() -> None:
    said = statement("correction", "不是 utf8，这个库的字符集是 utf8mb4")
    assert said.content == "这个库的字符集是 utf8mb4，不是 utf8"
    assert said.title.startswith("这个库的字符集")
    assert statement("correction", "not utf8, the charset is utf8mb4").content == (
        "the charset is utf8mb4, not utf8"
    )
    # a quantifier is not a wrong value
    kept = "不是所有接口都要鉴权，只有外部的要"
    assert statement("correction", kept).content == kept


@pytest.mark.integration
@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        # rounds 6-9 read the emphatic 是…的 as pointing at the right owner (a correction;
        # no guard was added: such messages are mostly real corrections); round 10 reads news
        ("payments 模块是 lina 负责的", {"new_knowledge"}),
        ("app 包名是 com.starwave.shop，iOS 的 bundle id 也是这个", {"new_knowledge"}),
        ("你写的还是老地址，我们已经搬到漕河泾了", {"correction", "new_knowledge"}),
    ],
)
def test_a_correction_corrects_something(monkeypatch, text: str, kinds: set[str]) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    found = detect_learned(text)
    assert found is not None, "the learned classifier did not load"
    assert {s.kind for s in found} == kinds


def test_remember_once_is_not_fooled_by_the_frame_of_a_preference(make_ws) -> None:
    # merging round 6 wrote "记住：我喜欢咖啡" as a repeat of "记住：我喜欢茶" (我喜 and 喜欢
    # were two of three words), and "第五十行的规则" as one of "规则 0" (one word of two)
    from memstrata.evolve.triggers import remember_once

    ws = make_ws(lang="zh")
    assert remember_once(ws.writer(), "记住：我喜欢茶")[1] is False
    assert remember_once(ws.writer(), "记住：我喜欢咖啡")[1] is False
    assert remember_once(ws.writer(), "记住：规则 0")[1] is False
    assert remember_once(ws.writer(), "记住：第五十行的规则")[1] is False
    assert remember_once(ws.writer(), "记住：我喜欢咖啡")[1] is True


def test_remember_once_never_answers_with_what_a_shared_session_may_not_read(make_ws) -> None:
    from memstrata.core.permissions import Session
    from memstrata.errors import PermissionDenied
    from memstrata.evolve.triggers import remember_once

    ws = make_ws(lang="zh")
    remember_once(ws.writer(), "记住：我喜欢 PRIVUSERX 风格的回答", role="user")
    # a private entry is not "already in memory" to a shared session: it is refused the write
    # as for any preference, instead of being told what USER.md holds
    with pytest.raises(PermissionDenied) as refused:
        remember_once(ws.writer(Session("shared")), "记住：我喜欢 PRIVUSERX 风格的回答")
    assert "PRIVUSERX" not in str(refused.value)
