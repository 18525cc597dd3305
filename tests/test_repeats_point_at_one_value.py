"""Two statements that point at one value (a bucket, a host, a path) after a word that says where
or what it is are one fact told twice (issue 11, session 43).

Scenario 7 under note 000's policy wrote "新 run 都落到 cx-fastq-2026 这个 bucket 里" and "raw fastq
now lands in s3://cx-fastq-2026/<run_id>/" as two entries (sentence cosine 0.47, one shared
identifier: the name rule refuses a lone identifier, rightly, when it is the subject each says
something else of). Each case failed on the code before; guards (``test_guard_…``) pass on both.
"""

from __future__ import annotations

import pytest

from memstrata.core.config import EvolveSettings
from memstrata.evolve import known

SETTINGS = EvolveSettings()


@pytest.mark.parametrize(
    ("first", "second", "cosine"),
    [
        (
            "这周开始新 run 都落到 cx-fastq-2026 这个 bucket 里",
            "new runs land in s3://cx-fastq-2026/ from this week",
            0.47,
        ),
        (
            "找 fastq 直接去 cx-fastq-2026 那个桶",
            "新 run 都落到 cx-fastq-2026 这个 bucket 里",
            0.43,
        ),
        (
            "集群登录节点是 hpc-login01，直接 ssh 上去就行",
            "all the job submission goes through hpc-login01",
            0.42,
        ),
    ],
)
def test_one_value_pointed_at_twice_is_one_fact(first: str, second: str, cosine: float) -> None:
    assert known.same(first, second, SETTINGS.match, cosine, SETTINGS.match_embedding)


@pytest.mark.parametrize(
    ("first", "second", "cosine"),
    [
        # the value as the subject of one of them: two facts about it
        ("镜像统一推到 harbor.internal", "harbor.internal 上每个仓库只保留最近 20 个 tag", 0.5),
        ("10.0.0.5 跑的是 Postgres 主库", "the nginx reverse proxy runs on 10.0.0.5", 0.5),
        # far apart in what they say
        ("日志都在 /var/log/app-2026 下", "core dump 也写到 /var/log/app-2026 里", 0.3),
        # a change of value is no repeat
        ("bucket 改到 cx-fastq-2026 了", "bucket 是 cx-fastq-2025", 0.6),
    ],
)
def test_guard_a_value_as_subject_or_far_apart_stays_apart(
    first: str, second: str, cosine: float
) -> None:
    assert not known.same(first, second, SETTINGS.match, cosine, SETTINGS.match_embedding)
