"""An entry's title starts where the user says what to do, not at a question, a guess or a
complaint before it (round 14: scenario 4 wrote "你 join 的是 dw.shipments_v1" over the rule to
read v2, "log 里的时间戳全是 UTC" over "show me Beijing time", "heads-up" and "ugh")."""

from __future__ import annotations

import pytest

from memstrata.capture.statement import statement


@pytest.mark.parametrize(
    ("kind", "text", "title"),
    [
        (
            "correction",
            "AsyncStorage 里存 refresh token？我们登录模块一直是用 react-native-keychain 存的",
            "我们登录模块一直是用 react-native-keychain 存的",
        ),
        (
            "correction",
            "on-time rate 才 71%？分母里混进 cancelled 的单了吧，只该除以已签收的",
            "只该除以已签收的",
        ),
        (
            "preference",
            "log 里的时间戳全是 UTC，每次还得自己 +8 心算……给我看的时候直接转成北京时间",
            "给我看的时候直接转成北京时间",
        ),
        ("correction", "又是 v1 😅 live 的那张是 shipments_v2", "live 的那张是 shipments_v2"),
    ],
)
def test_the_title_starts_after_a_question_or_a_complaint(kind: str, text: str, title: str) -> None:
    assert statement(kind, text).title == title


@pytest.mark.parametrize(
    "text",
    [
        "heads-up: the only live MLflow now is the one in the ml-platform namespace",
        "ugh, pandas again 😩 on this data size polars is like 10x faster, just use it",
    ],
)
def test_an_english_interjection_is_no_title(text: str) -> None:
    title = statement("new_knowledge", text).title
    assert title.split()[0].lower() not in {"heads-up", "ugh", "ugh,", "pandas"}
    assert len(title) > 12


def test_a_question_alone_keeps_its_words() -> None:
    # nothing after it: the question is all there is (a hard negative is never written anyway)
    assert statement("preference", "结果还是可复现的吗？").title.startswith("结果还是可复现")


def test_an_order_before_a_complaint_stays_the_title() -> None:
    text = "不要 force push，我还得自己一行行找回来，用 revert"
    assert statement("preference", text).title.startswith("不要 force push")
