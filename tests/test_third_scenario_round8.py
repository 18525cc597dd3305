"""Issue 11, round 8: what the third 21-day scenario (benchmarks/data/learning_sim3.py, written
blind by someone who never saw the code) found on its first run: restatements kept apart by a
complaint read as the opposite, by someone's inability read as a negation and by a language
word read as a name; a request naming the memory and an aside left in the entry; a one-off
instruction and another team's rule written as the user's standing rules."""

from __future__ import annotations

import pytest

from memstrata.capture.statement import statement
from memstrata.evolve import known
from memstrata.evolve.polarity import opposed


def test_a_complaint_answers_a_negation_instead_of_opposing_it() -> None:
    # "别每次把整个文件甩回来" turns the whole file down; "whole file pasted back again 😑" says
    # the same as a complaint (first run: opposite, so the preference was written twice)
    assert not opposed(
        "别每次把整个文件甩回来啊，400 行我还得自己找哪变了，给个 diff 就够",
        "whole file pasted back again 😑 just the diff, I can read a diff",
    )
    # a complaint alone is too weak to make two statements opposite
    assert not opposed(
        "inline style 一坨一坨的看着好累……能收的都收进 StyleSheet.create 吧",
        "again with the inline styles on every View 😩 pull them into a StyleSheet pls",
    )
    # real opposites stay opposite
    assert opposed("用 pnpm，不用 npm", "用 npm，不用 pnpm")
    assert opposed("周末别发消息给我", "周末可以发消息给我")


def test_someones_inability_is_no_negation() -> None:
    zh = "注释写英文哈，外包的 Tomasz 也要 review 这块"
    en = "comments in English please 🙏 Tomasz can't read the Chinese ones"
    assert not opposed(zh, en)
    assert not opposed(
        "App Store Connect 的权限在 Ethan 手上，加测试员得找他",
        "he's the only admin on App Store Connect, I can't even add testers myself",
    )
    # said to the agent, can't still turns something down
    assert opposed("you can't use npm in this repo", "use npm in this repo")


def test_a_language_word_is_compared_as_a_value_group_not_as_a_name() -> None:
    zh = "注释写英文哈，外包的 Tomasz 也要 review 这块"
    en = "comments in English please 🙏 Tomasz can't read the Chinese ones"
    assert not known.contradicts(zh, en)
    # measured with the real embedder: cosine 0.63, content overlap 0.50, the name Tomasz shared
    assert known.same(zh, en, 0.6, cosine=0.63, semantic=0.8, overlap=0.5)
    # Latin names still contradict across languages, and languages still differ as values
    assert known.contradicts("装依赖用 pnpm", "use yarn for installs")
    assert known.values_differ("回复用中文", "reply in English")


def test_particles_are_no_values() -> None:
    said = "dSYMs go up to Sentry before any TestFlight build goes out. No exceptions"
    assert "out" not in known.values(said)
    assert not known.contradicts(
        "每次传 TestFlight 之前先把 dSYM 传到 Sentry，不然线上 crash 全是看不懂的地址", said
    )


@pytest.mark.parametrize(
    ("text", "content"),
    [
        (
            "这条写进你的 memory：高德的 key 必须从 react-native-config 读",
            "高德的 key 必须从 react-native-config 读",
        ),
        ("写进记忆：周报每周五发给 lina", "周报每周五发给 lina"),
        ("add this to your memory: the staging DB is pg-stg-09", "the staging DB is pg-stg-09"),
        ("顺带说下，后端接口文档都在 Apifox 上", "后端接口文档都在 Apifox 上"),
        ("早～设计稿都在 Figma 的 Lime-DS 文件里", "设计稿都在 Figma 的 Lime-DS 文件里"),
    ],
)
def test_a_request_naming_the_memory_or_an_aside_is_no_part_of_the_entry(
    text: str, content: str
) -> None:
    # first run: principle "这条写进你的 memory", pattern "顺带说下"
    kind = "explicit_remember" if "memory" in text or "记忆" in text else "new_knowledge"
    assert statement(kind, text).content == content


@pytest.mark.integration
@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        # first run: explicit_remember + correction, a principle "这次的 release note 先别写…"
        ("这次的 release note 先别写 iPad 那块，下午 PM 定了再补", set()),
        # first run: explicit_remember + new_knowledge, a principle about another team's rule
        ("老周他们后端组有条死规矩：周五永远不要发版。跟我们客户端没关系哈，纯吐槽", set()),
    ],
)
def test_a_one_off_instruction_or_another_teams_rule_is_no_standing_rule(
    learned_kinds, text: str, kinds: set[str]
) -> None:
    assert learned_kinds(text) == kinds


@pytest.mark.integration
def test_a_standing_rule_that_starts_today_is_kept(learned_kinds) -> None:
    assert "explicit_remember" in learned_kinds("记住：从今天起部署前都别跳过冒烟测试")


def test_the_order_of_an_answer_is_the_users_taste() -> None:
    # first run (pool): "以后都先说结论再展开" went to MEMORY.md as a rule, not to USER.md
    from memstrata.entries.remember import classify

    assert classify("以后都先说结论再展开，我一般只看第一段") == "user"
    assert classify("From now on: bottom line first, details after. I skim.") == "user"
    assert classify("永远不要把 .env 文件提交到仓库") == "principles"
