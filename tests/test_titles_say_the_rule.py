"""An entry's title says the rule, not the words that led up to it (issue 11, "What gets
written": clean statements, not echoes).

Found on the third scenario's principles: titles were the complaint or the condition that opened
the message ("inline style 一坨一坨的看着好累……能收的都收进…", "workspace 里的包动过之后",
"又写成 Prometheus 了"), a bare topic ("plots") or kept a mood particle ("注释写英文哈").
"""

from __future__ import annotations

import pytest

from memstrata.capture.statement import statement


@pytest.mark.parametrize(
    ("text", "title"),
    [
        # a complaint leads in: the title is what the user wants instead
        (
            "inline style 一坨一坨的看着好累……能收的都收进 StyleSheet.create 吧",
            "能收的都收进 StyleSheet.create",
        ),
        (
            "again with the inline styles on every View 😩 pull them into a StyleSheet pls",
            "pull them into a StyleSheet",
        ),
        ("whole file pasted back again 😑 just the diff, I can read a diff", "just the diff"),
        ("又写成 Prometheus 了，我们用的是 VictoriaMetrics", "我们用的是 VictoriaMetrics"),
        # a condition leads in: the title is the rule, the detail keeps the condition
        (
            "workspace 里的包动过之后，Metro 得带 --reset-cache 重启，不然一直报找不到 @qn/ui-kit",
            "Metro 得带 --reset-cache 重启",
        ),
        # a closing mood particle or "please" is not part of the rule
        ("注释写英文哈，外包的 Tomasz 也要 review 这块", "注释写英文"),
        ("Commit messages in English please", "Commit messages in English"),
        # a short topic before a colon stays in front; a long lead-in before one goes
        ("plots: I usually go with matplotlib", "plots: I usually go with matplotlib"),
        ("老周他们后端组有条死规矩：周五永远不要发版。", "周五永远不要发版"),
    ],
)
def test_the_title_is_the_rule(text: str, title: str) -> None:
    said = statement("preference", text)
    assert said.title == title
    assert said.content.startswith(text.split("，")[0].split("：")[0][:6])  # the detail keeps all


def test_an_instruction_that_sounds_annoyed_is_kept() -> None:
    # 别每次… is the rule itself, not a lead-in: it stays, only the particle goes.
    text = "别每次把整个文件甩回来啊，400 行我还得自己找哪变了，给个 diff 就够"
    assert statement("preference", text).title == "别每次把整个文件甩回来"


def test_a_message_that_is_only_a_complaint_keeps_its_words() -> None:
    # Nothing follows the lead-in: the title cannot be empty.
    assert statement("correction", "怎么又是 class 组件").title == "怎么又是 class 组件"


def test_a_correction_still_puts_the_right_value_first() -> None:
    said = statement("correction", "不对，监控数据是推到 VictoriaMetrics 的，不是 Prometheus")
    assert said.title == "监控数据是推到 VictoriaMetrics 的"
    assert "不是 Prometheus" in said.content


def test_a_redaction_marker_is_not_a_topic() -> None:
    # "[REDACTED:private_key]" has a colon: read as "topic: rest" it became "[REDACTED:
    # private_key]", which no longer reads as a marker (CI: pending record lacks brief).
    said = statement("explicit_remember", "记住：[REDACTED:private_key]")
    assert said.title == "[REDACTED:private_key]"


@pytest.mark.parametrize(
    ("text", "title"),
    [
        # "again" in the rule itself is not a complaint (first form: titled "otherwise the API…")
        (
            "Run the migrations again after every deploy, otherwise the API breaks badly",
            "Run the migrations again after every…",
        ),
        ("Deploy again, then check the logs in Grafana first", "Deploy again"),
        # 又 in a plain statement is not a complaint either
        ("他又用了 pnpm，挺好的，以后都用 pnpm 装依赖", "他又用了 pnpm"),
    ],
)
def test_a_rule_that_says_again_keeps_its_first_clause(text: str, title: str) -> None:
    assert statement("preference", text).title == title
