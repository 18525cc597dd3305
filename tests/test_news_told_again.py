"""News told again in other words is one fact; a change of value stays a change (issue 11,
session 55).

The twelve scenarios under note 000's policy wrote one piece of news twice when one saying
announced it without a verb that moves ("it's github.com/redis/go-redis/v9 now", "raw fastq now
lands in s3://cx-fastq-2026/…", "prod stuff is shop-prod-sg"): any word of it the other saying
lacked ("s3", "path", "lol") made it a change of value (``changes.announced``). Such a change is
now the news told again when it points at a name and the other says every name it gives. And an
entry whose title was joined from its body's clauses ("登录节点换了，现在是 hpc-login03 …") is
compared by its body alone, as a title cut from the body always was. Each case failed on the
code before; guards (``test_guard_…``) pass on both.
"""

from __future__ import annotations

import pytest

from memstrata.evolve import known


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (
            "v8 那个是老包了，go.mod 里早换成 github.com/redis/go-redis/v9 了，import 别写旧的",
            "again the old import path. it's github.com/redis/go-redis/v9 now, v8 isn't even in "
            "go.mod anymore",
        ),
        (
            "下机数据换地方了 这周开始新 run 都落到 cx-fastq-2026 这个 bucket 里 按 run_id 分目录",
            "raw fastq now lands in s3://cx-fastq-2026/<run_id>/ , point the pipeline there",
        ),
        (
            "你这是 stg 的 pod 吧 我问的是线上那个，shop-prod-sg，重启次数不可能是 0",
            "that's stg again. prod stuff is shop-prod-sg now",
        ),
    ],
)
def test_news_told_again_is_no_change(first: str, second: str) -> None:
    assert not known.contradicts(first, second)
    assert not known.contradicts(second, first)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # a version or a port the other lacks is the news
        ("Our golangci-lint version is pinned to v1.55.", "We're on golangci-lint v1.57 now"),
        (
            "mock server 在 mock.ycgo.dev:3000",
            "mock server 端口 changed, 现在是 mock.ycgo.dev:3100",
        ),
        # a move to a name the other does not say
        (
            "Grafana 告警现在发 Slack #sre-alerts",
            "Grafana 告警现在改发 #sre-oncall 了，#sre-alerts 太吵",
        ),
        ("测试环境的 MySQL 在 10.20.3.15:3306", "测试库迁到 10.20.8.40 了，端口没变"),
    ],
)
def test_guard_a_new_value_is_still_a_change(first: str, second: str) -> None:
    assert known.contradicts(first, second)


def test_a_title_joined_from_the_body_is_not_said_twice() -> None:
    body = "登录节点换了哈 周工昨晚迁完的 现在是 hpc-login03 ssh config 里那个 host 你更新下"
    title = "登录节点换了，现在是 hpc-login03 ssh config 里那个 host 你更新下"
    assert known.entry_text(title, body) == body


def test_guard_a_title_the_body_does_not_say_is_kept() -> None:
    assert known.entry_text("安装依赖用 pnpm，不用 npm", "不对，应该用 pnpm") == (
        "安装依赖用 pnpm，不用 npm 不对，应该用 pnpm"
    )


def test_guard_a_title_is_said_by_its_clauses_not_letter_by_letter() -> None:
    # the letters of "use pnpm" are in this body, in order; its words are not
    body = "we used npm for the project and pm2 monitoring"
    assert known.entry_text("use pnpm", body) == f"use pnpm {body}"
