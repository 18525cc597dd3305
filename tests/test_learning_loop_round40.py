"""Round 40 (issue 11): what the contradiction check read as values that are none.

Learning scenario 7 wrote one fact or wish two and three times (its login node, its reference
genome's path, its fastq bucket, its column names), each pair kept apart as "a change of value"
on words that name nothing: "hpc-login01 is **our** login node", "…is **where** we submit from
now, the old box is **gone**", ".fai and .dict are **already** sitting next to it", the scheme of
``s3://cx-fastq-2026/``, and names given as examples of a kind ("表头别搞驼峰 SampleID MeanDepth
这种" / "snake_case — sample_name, tumor_purity, that kind of thing"). Each pair below
contradicted before this round; the guards say what must still contradict.
"""

from __future__ import annotations

import pytest

from memstrata.evolve import changes, known

ONE_FACT_TWICE = [
    (
        "先交代下环境：集群登录节点是 hpc-login01，直接 ssh 上去就行 不用跳板机",
        "hpc-login01 is our login node, all the job submission goes through that box",
    ),
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
        "下机数据换地方了 这周开始新 run 都落到 cx-fastq-2026 这个 bucket 里 按 run_id 分目录",
        "raw fastq now lands in s3://cx-fastq-2026/<run_id>/ , point the pipeline there",
    ),
    (
        "全小写加下划线那种 表头能不能别搞驼峰 SampleID MeanDepth 这种看着难受",
        "columns in snake_case pls — sample_name, tumor_purity, that kind of thing. no camelCase",
    ),
    (
        "全小写加下划线那种 表头能不能别搞驼峰 SampleID MeanDepth 这种看着难受",
        "列名按 copy_number_gain 这种下划线风格来 又来了 CopyNumberGain😑",
    ),
    # written for this round
    ("the metrics db is our old influx box, influx-02", "指标库就是 influx-02 那台"),
]


@pytest.mark.parametrize(("first", "second"), ONE_FACT_TWICE)
def test_one_fact_said_twice_is_no_change_of_value(first: str, second: str) -> None:
    assert not known.contradicts(first, second)
    assert not known.contradicts(second, first)


def test_words_after_is_that_name_nothing_are_no_values() -> None:
    assert known.values("hpc-login03 is where we submit from now, the old box is gone") == {
        "hpc-login03"
    }
    assert not changes.slot_changed("集群登录节点是 hpc-login01", "hpc-login01 is our login node")


def test_a_urls_scheme_is_no_value_its_host_is() -> None:
    assert known.values("raw fastq now lands in s3://cx-fastq-2026/<run_id>/") == {"cx-fastq-2026/"}
    assert "mlflow-01.lgx.local" in known.values("tracking at http://mlflow-01.lgx.local:5000")


STILL_A_CHANGE = [
    # another bucket behind the same scheme
    ("build artifacts go to s3://ci-cache-old/", "build artifacts go to s3://ci-cache-new/ now"),
    # an example is the value when no kind is named beside it
    ("图表配色换 viridis 那种", "图表配色换 magma 那种"),
    # the kind itself changes, each with its examples
    ("表头用驼峰，比如 SampleID 这种", "表头用下划线，比如 sample_id 这种"),
    ("the Postgres primary is db-01", "the Postgres primary is db-02 since the failover"),
    ("Reply in English", "Reply in Chinese"),
]


@pytest.mark.parametrize(("first", "second"), STILL_A_CHANGE)
def test_a_change_of_value_still_contradicts(first: str, second: str) -> None:
    assert known.contradicts(first, second)
