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


@pytest.mark.parametrize(
    ("text", "title"),
    [
        # a tester's round on the first version: a complaint after the rule ends the title there
        ("禁止在周五发版，烦死了，上次又出事", "禁止在周五发版"),
        ("装依赖用 pnpm，npm 慢得受不了，上次装了十分钟", "装依赖用 pnpm"),
        ("提交前必须跑 lint，真烦，CI 老挂", "提交前必须跑 lint"),
        (
            "Deploy only from main 😒 someone deployed a feature branch yesterday",
            "Deploy only from main",
        ),
        # an English complaint before the rule, across ". " (review 14b)
        (
            "I hate this. Always pin versions in requirements.txt",
            "Always pin versions in requirements.txt",
        ),
        # an answer alone is no title, nor the question alone (it says the opposite): both
        ("能用 root 账号跑吗？不能", "能用 root 账号跑吗？不能"),
        ("生产库能直接改吗？绝对不行", "生产库能直接改吗？绝对不行"),
        ("发版前不跑测试？以后必须跑", "发版前不跑测试？以后必须跑"),
        ("Should I use tabs? No, spaces, 4 of them", "Should I use tabs? No, spaces, 4 of them"),
        (
            "Can we skip code review for hotfixes? No, never",
            "Can we skip code review for hotfixes? No, never",
        ),
        ("Should I squash commits? Yes, always squash before merge.", "always squash before merge"),
        # a condition asked as a question stays with its rule
        ("如果是周五？不上线", "如果是周五，不上线"),
        ("要是遇到 P0 呢？直接回滚，别排查", "要是遇到 P0 呢，直接回滚"),
        # a fragment left after a complaint keeps the complaint that holds the content
        ("不加类型注解真受不了，以后都加上", "不加类型注解真受不了，以后都加上"),
        # the old thing gone, after a question, is no title either
        (
            "你 join 的是 dw.shipments_v1？那张停更了，现在都读 dw.shipments_v2",
            "现在都读 dw.shipments_v2",
        ),
        ("ugh, stop adding console.log everywhere", "stop adding console.log everywhere"),
        ("heads-up: the staging DB is now pg-stg-02", "the staging DB is now pg-stg-02"),
    ],
)
def test_an_entry_title_says_the_rule(text: str, title: str) -> None:
    from memstrata.text.rule_titles import entry_title

    got = entry_title(text)
    assert got == title
    assert statement("preference", text).title == got
