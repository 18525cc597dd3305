"""Round 23 of issue 11 (session 36): round 22's leftovers, each a named test that fails on
c069fd1; guards (what must stay as it is) pass on both and are named as guards."""

from __future__ import annotations

import pytest

# round 22's secrets left in clear: a Unicode arrow in a note, a four-letter password named as
# one, a wifi note with no verb, a second code named by what it opens
ROUND22_LEFT = [
    ("服务器密码 → Tr0ub4dor&3", "Tr0ub4dor"),
    ("the root password is toor", "toor"),
    ("密码是 toor", "toor"),
    ("SSID HomeNet, password sunflower", "sunflower"),
    ("SSID: HomeNet / 密码 sunflower", "sunflower"),
    ("门禁密码 4821；保险柜 9930", "9930"),
    ("the safe combination is 4821", "4821"),
    ("密码锁 5521", "5521"),
]
# guards: prose about a password, a search for the word, a file, what a safe is
ROUND22_PROSE = [
    "the password is easy",
    "the password is fine",
    "the password is hard to guess",
    "密码 → sunflower",
    "[tool] grep -c 密码 app.log → 12",
    "SSID HomeNet, password rotation",
    "SSID HomeNet password manager is bitwarden",
    "wifi password rotation",
    "保险柜 2024 年买的",
]


@pytest.mark.parametrize(("text", "secret"), ROUND22_LEFT)
def test_round22s_leftover_secrets_are_hidden(text: str, secret: str) -> None:
    from memstrata.core.redact import redact

    assert secret not in redact(text)


@pytest.mark.parametrize("text", ROUND22_PROSE)
def test_guard_prose_about_a_password_is_kept(text: str) -> None:
    from memstrata.core.redact import redact

    assert redact(text) == text


@pytest.mark.parametrize("text", ["grep 密码 config.yaml", "password file.txt"])
def test_a_file_named_after_the_word_password_is_no_password(text: str) -> None:
    from memstrata.core.redact import redact

    assert redact(text) == text


# learning_sim6's entries titled by what came before the point: a status or a concession before
# "but", a reproach, a guess at what the agent did, a rhetorical question, an introduction
@pytest.mark.parametrize(
    ("kind", "text", "title"),
    [
        (
            "new_knowledge",
            "merge 了，不过 prod 那边的 ArgoCD app 是手动 sync 的，没开 auto-sync，我得去 UI 上点一下",
            "prod 那边的 ArgoCD app 是手动 sync 的",
        ),
        (
            "new_knowledge",
            "PR merge 了，但 prod 是 manual sync，所以还没生效，等我去 Argo 点 sync",
            "prod 是 manual sync",
        ),
        (
            "preference",
            "解释用中文 ok，但 terminology 留 English 吧，'入口控制器' 我得反应半天才知道是 ingress controller",
            "terminology 留 English 吧",
        ),
        (
            "correction",
            "that's stg again lol. prod stuff is shop-prod-sg — pass --context explicitly instead "
            "of trusting whatever the current context happens to be",
            "prod stuff is shop-prod-sg — pass…",
        ),
        (
            "correction",
            "你这是 stg 的 pod 吧😅 我问的是线上那个，shop-prod-sg，重启次数不可能是 0",
            "我问的是线上那个",
        ),
        (
            "correction",
            "extensions/v1beta1 这是哪年的写法了🤣 我们集群都 1.29 了，Ingress 得用 networking.k8s.io/v1，"
            "backend 那段写法也跟着变",
            "Ingress 得用 networking.k8s.io/v1",
        ),
        (
            "new_knowledge",
            "先熟悉下环境。跳板机是 jump01.ops.shopnova.net，ssh 用 ec2-user，key 在 1Password 的 "
            "sre-bastion 条目里",
            "跳板机是 jump01.ops.shopnova.net",
        ),
        ("preference", "好了，但下次先说结论", "下次先说结论"),
    ],
)
def test_a_title_starts_after_what_only_leads_to_the_point(
    kind: str, text: str, title: str
) -> None:
    from memstrata.capture.statement import statement

    assert statement(kind, text).title == title


# guards: a status that is the news, what is gone before what it still needs
@pytest.mark.parametrize(
    ("kind", "text", "title"),
    [
        (
            "new_knowledge",
            "跳板机迁了，新的是 bastion-sg2.ops.shopnova.net，旧的那台周末已经关机了",
            "跳板机迁了",
        ),
        ("correction", "v1 接口废弃了，但老客户还在用，千万别删", "v1 接口废弃了"),
    ],
)
def test_guard_a_status_that_is_the_point_keeps_the_title(kind: str, text: str, title: str) -> None:
    from memstrata.capture.statement import statement

    assert statement(kind, text).title == title


# a message longer than the detail's limit that says what to do first kept only its end
@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (
            "full manifest please, not a snippet with '# ...rest unchanged' — I apply straight "
            "from what you paste",
            "full manifest please",
        ),
        (
            'tip for Loki: narrow it down with labels first ({namespace="payment", '
            'app="payment-api"}) and only then the line filter, way faster',
            'tip for Loki: narrow it down with labels first ({namespace="payment", app="payment-api"})',
        ),
    ],
)
def test_a_long_message_that_asks_first_keeps_its_start(text: str, kept: str) -> None:
    from memstrata.capture.statement import statement

    said = statement("preference", text)
    assert said.content.startswith(kept)
    assert len(said.content) <= 100


# learning_sim4 and 6: the local-time wish said three ways was kept apart. A grumble ("每次还得自己
# +8 心算") turns down what the clause before it describes (UTC), so the wish does not oppose
# "timestamps in UTC+8 pls … doesn't do UTC"; a conversion asked for ("直接换成北京时间吧") is no
# news of a change.
LOCAL_TIME = "log 里的时间戳全是 UTC，每次还得自己 +8 心算……给我看的时候直接转成北京时间"


def test_a_grumble_turns_down_what_the_clause_before_it_describes() -> None:
    from memstrata.evolve.polarity import negated, opposed

    said = "timestamps in UTC+8 pls, I'm in Shanghai and my brain doesn't do UTC"
    assert not opposed(LOCAL_TIME, said)
    assert "UTC" not in negated(LOCAL_TIME)  # complained, not negated: the rule is kept


def test_a_conversion_asked_for_is_no_announced_change() -> None:
    from memstrata.evolve.changes import announced

    wish = "Loki 里时间全是 UTC，贴给我的时候直接换成北京时间吧"
    said = "when you paste alert timestamps pls convert them to UTC+8"
    assert not announced(wish, said, {"loki", "utc"}, {"utc+8"})


def test_guard_a_change_said_as_news_is_still_announced() -> None:
    from memstrata.evolve.changes import announced

    assert announced("CI 现在换成 GitHub Actions 了", "CI 用 Jenkins", {"github"}, {"jenkins"})
