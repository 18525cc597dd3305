"""Round 40 (issue 11): words the contradiction check read as values that name nothing.

Learning scenario 7 wrote one fact or wish two and three times (its login node, its reference
genome's path, its column names), each pair kept apart as "a change of value" on words that name
nothing: "…is **where** we submit from now", ".fai and .dict are already **sitting** next to
it", and names given as examples of a naming style ("表头别搞驼峰 SampleID MeanDepth 这种" / "snake_case — sample_name, tumor_purity, that
kind of thing"). Words that qualify a value ("is **still** master", "is **our** …") are read past:
the value is the word after them. An adversarial review of the first version (145 pairs, /tmp/adv40
in session 52) found it dropped such words as values instead, and so kept no value at all ("the
default branch is still master" / "…is main now" contradicted by accident before, and no longer
did): the pairs marked "review" below. Each ``ONE_FACT_TWICE`` pair contradicted before this
round; the guards say what must still contradict.
"""

from __future__ import annotations

import pytest

from memstrata.evolve import changes, known

ONE_FACT_TWICE = [
    (
        "登录节点换了哈 周工昨晚迁完的 现在是 hpc-login03 ssh config 里那个 host 你更新下",
        "hpc-login03 is where we submit from now, the old box is gone",
    ),
    (
        "GRCh38 我们用的是 analysis set（no-alt 那版）不是 Ensembl 的 primary assembly，"
        "路径 /share/ref/GRCh38_analysis_set/",
        "the ref fasta lives in /share/ref/GRCh38_analysis_set , .fai and .dict are already"
        " sitting next to it",
    ),
    (
        "全小写加下划线那种 表头能不能别搞驼峰 SampleID MeanDepth 这种看着难受",
        "columns in snake_case pls — sample_name, tumor_purity, that kind of thing. no camelCase",
    ),
    (
        "全小写加下划线那种 表头能不能别搞驼峰 SampleID MeanDepth 这种看着难受",
        "列名按 copy_number_gain 这种下划线风格来 又来了 CopyNumberGain😑",
    ),
    # review
    ("kafka is already the event bus, don't add another", "event bus is kafka"),
    ("python is very much 3.11 here", "python version is 3.11"),
    ("变量名用驼峰，比如 userName、orderId 这种", "变量命名统一驼峰，像 totalPrice 那种"),
    ("常量用大写下划线，比如 MAX_RETRIES 这种", "常量用下划线分隔，像 DEFAULT_TIMEOUT 那种"),
]


@pytest.mark.parametrize(("first", "second"), ONE_FACT_TWICE)
def test_one_fact_said_twice_is_no_change_of_value(first: str, second: str) -> None:
    assert not known.contradicts(first, second)
    assert not known.contradicts(second, first)


def test_a_word_that_names_nothing_is_no_value_and_a_qualifier_is_read_past() -> None:
    assert known.values("hpc-login03 is where we submit from now, the old box is gone") == {
        "hpc-login03"
    }
    assert known.values("the default branch is still master") == {"master"}
    assert changes._slots("CI is really jenkins") == {"be": {"jenkins"}}
    assert changes._slots(".fai and .dict are already sitting next to it") == {}


STILL_A_CHANGE = [
    # review: the value after a qualifier
    ("the default branch is still master", "default branch is main now"),
    ("the staging DB is their postgres", "the staging DB is our mysql"),
    # review: a value that is also an everyday word
    ("命令都用 just 跑，别手敲", "命令都用 make 跑，别手敲"),
    ("set PAGER to more on the old boxes", "set PAGER to less on the old boxes"),
    ("JS 里循环统一写 for 循环，性能好", "JS 里循环统一写 map，可读性好"),
    # review: a scheme that changes on one host
    (
        "the webhook URL is http://hooks.internal/deploy",
        "the webhook URL is https://hooks.internal/deploy",
    ),
    # review: examples that are the value (no naming style named, or in another clause)
    ("配色换 viridis 那种，图例放 2 列", "配色换 magma 那种，图例放 2 列"),
    ("日志用英文，格式要 JSON 这种结构化的", "日志用英文，格式要 logfmt 这种"),
    (
        "表格列名用 snake_case，数据库用 Postgres 这种关系型的",
        "表格列名用 snake_case，数据库用 MongoDB 这种文档型的",
    ),
    (
        "use 8 GPUs on node gpu-a100-03, launch with torchrun etc",
        "use 8 GPUs on node gpu-a100-05, launch with torchrun etc",
    ),
    # the naming style itself changes, each with its examples
    ("表头用驼峰，比如 SampleID 这种", "表头用下划线，比如 sample_id 这种"),
    ("Reply in English", "Reply in Chinese"),
]


@pytest.mark.parametrize(("first", "second"), STILL_A_CHANGE)
def test_a_change_of_value_still_contradicts(first: str, second: str) -> None:
    assert known.contradicts(first, second) or known.contradicts(second, first)
