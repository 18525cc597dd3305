"""Issue 11, round 21: review20's leftovers.

Passwords said as words stayed in clear ("the wifi password is correct-horse-battery", "the guest
one is tulip77", "the wifi password is sunflower"), while the error "password authentication
failed" lost its key word to the redactor, so a learned failure no longer said what failed.
"""

from __future__ import annotations

import pytest

from memstrata.capture.statement import statement
from memstrata.core.redact import redact
from memstrata.text.rule_titles import entry_title

WORD_PASSWORDS = [
    ("the wifi password is correct-horse-battery", "correct-horse-battery"),
    ("the wifi password is sunflower", "sunflower"),
    ("the password should be sunflower", "sunflower"),
    ("wifi 密码应该是 sunflower", "sunflower"),
    ("the wifi password is Zx9kLm2Q, the guest one is tulip77", "tulip77"),
    ("root 的密码是 Zx9kLm2Q，访客的是 tulip77", "tulip77"),
    ("密码是 abc12345，另一个是 qwerty99", "qwerty99"),
    ('wifi password is hunter22 and the guest one is "blue sky"', "blue sky"),
]
PROSE = [
    "psql: FATAL: password authentication failed for user app",
    "Disable password authentication for SSH everywhere.",
    "password requirements: 12 chars",
    "the password is case-sensitive",
    "the password is stored in vault",
    "the password is rotated monthly",
    "password is optional",
    "passphrase is correct",
    "kubectl rollout status deploy/worker -n prod",
    "show me how to stream tokens from langgraph to an SSE endpoint",
    "the password is what you set",
]


@pytest.mark.parametrize(("said", "value"), WORD_PASSWORDS, ids=[v for _, v in WORD_PASSWORDS])
def test_a_password_of_words_is_redacted(said: str, value: str) -> None:
    hidden = redact(said)
    assert value not in hidden and "[REDACTED:password]" in hidden, hidden


@pytest.mark.parametrize("said", PROSE)
def test_prose_around_passwords_keeps_its_words(said: str) -> None:
    assert redact(said) == said


def test_a_plain_word_after_a_first_password_is_not_a_second_one() -> None:
    hidden = redact("the password is hunter22; no one is around")
    assert hidden == "the password is [REDACTED:password]; no one is around"


# Titles: scenario 5's entries were titled by what opened the message, not by what it taught
# ("卧槽停停停 不对", "诶 你改错服务了", "跟你说下", "然后疯狂 rebalance", "one down as a lesson (same
# as last…", "v8 那个是老包了", "ns 不叫 game 啊😂 …", "你每次回复前面都铺垫一大段"), and a correction
# was completed from the command's path ("not ./internal/rank/....com/redis/go-re…").
TITLES = [
    (
        "correction",
        "卧槽停停停 不对，线上别用 KEYS，那个实例几百万个 key，KEYS 一跑整个实例卡住，用 SCAN 分批扫",
        "",
        "线上别用 KEYS",
    ),
    (
        "correction",
        "诶 你改错服务了，我说的是 pay-gateway（渠道回调那个），pay-svc 是内部记账的，俩不是一个东西",
        "",
        "pay-gateway",
    ),
    (
        "new_knowledge",
        "跟你说下，查分库数据统一走 proxysql：proxysql-gz.db.internal:6033，别直连单个 shard",
        "",
        "查分库数据统一走 proxysql",
    ),
    (
        "new_knowledge",
        "等下 rank-svc 其实是老周他们组维护的，我们只调它接口，有啥问题找他们组就行",
        "",
        "rank-svc",
    ),
    (
        "explicit_remember",
        "然后疯狂 rebalance。这个经验记一下，下回 consumer 频繁 rebalance 先查 max.poll.interval.ms",
        "",
        "下回 consumer",
    ),
    (
        "explicit_remember",
        "note this one down as a lesson (same as last week's): match-consumer rebalancing like crazy"
        " → check max.poll.interval.ms vs per-message processing time first",
        "",
        "match-consumer",
    ),
    (
        "correction",
        "v8 那个是老包了，go.mod 里早换成 github.com/redis/go-redis/v9 了，import 别写旧的",
        "",
        "go.mod 里早换成",
    ),
    (
        "correction",
        "ns 不叫 game 啊😂 测试服是 game-stg，线上是 game-prod",
        "",
        "测试服是 game-stg",
    ),
    ("preference", "你每次回复前面都铺垫一大段，我真看不下去…先说结论，原因放后面", "", "先说结论"),
    (
        "correction",
        "again the old import path. it's github.com/redis/go-redis/v9 now, v8 isn't even in go.mod"
        " anymore",
        "[tool] go vet ./internal/rank/... → internal/rank/store.go:7:2: no required module provides"
        " package github.com/go-redis/redis/v8",
        "it's github.com/redis/go-redis/v9",
    ),
]


@pytest.mark.parametrize(("kind", "said", "context", "opens"), TITLES, ids=[t[3] for t in TITLES])
def test_a_title_opens_with_what_the_message_teaches(
    kind: str, said: str, context: str, opens: str
) -> None:
    said_it = statement(kind, said, context)
    assert said_it.title.startswith(opens), said_it
    assert entry_title(said_it.content).startswith(opens), said_it.content
    assert "./internal" not in said_it.content


def test_the_wrong_name_said_first_is_kept_after_the_right_one() -> None:
    said = statement("correction", "ns 不叫 game 啊😂 测试服是 game-stg，线上是 game-prod")
    assert said.content == "测试服是 game-stg，线上是 game-prod，ns 不是 game"


UNCHANGED_TITLES = [
    ("preference", "等下再部署，先跑完测试"),
    ("correction", "停掉 staging 的 cron，它每晚重复发邮件"),
    ("preference", "Run the migrations again after every deploy"),
    ("correction", "这个接口不是幂等的，调用前先查状态"),
    ("new_knowledge", "proxysql 那套上周已经下线了"),
]


@pytest.mark.parametrize(("kind", "said"), UNCHANGED_TITLES)
def test_words_that_look_like_a_lead_in_but_say_the_point_stay(kind: str, said: str) -> None:
    said_it = statement(kind, said)
    assert said.startswith(said_it.title.rstrip("…")), said_it


def test_a_request_between_the_story_and_the_lesson_is_no_part_of_the_memory() -> None:
    said = statement(
        "explicit_remember",
        "然后疯狂 rebalance。这个经验记一下，下回 consumer 频繁 rebalance 先查 max.poll.interval.ms",
    )
    assert (
        said.content == "然后疯狂 rebalance。下回 consumer 频繁 rebalance 先查 max.poll.interval.ms"
    )
    assert said.title.startswith("下回 consumer")


def test_a_rule_that_opens_with_then_keeps_its_title() -> None:
    said = statement("preference", "然后每次发版前都要跑 e2e，不然会出事")
    assert said.title.startswith("然后每次发版前都要跑 e2e")
