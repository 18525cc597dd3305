"""Issue 11, round 9: a restatement with other details is a repeat, a change of value is not
(memstrata.evolve.changes). The third scenario's first run wrote "App Store Connect 的权限在
Ethan 手上" and "TestFlight 加外部测试员还是得找 Ethan，ASC 就他一个 admin" as two entries, and on
benchmarks/data/merging_details.py 10 of 40 changes of value merged as repeats (the update lost)."""

from __future__ import annotations

import pytest

from memstrata.evolve import changes, known


def test_a_restatement_with_other_details_is_a_repeat() -> None:
    first = "App Store Connect 的权限在 Ethan 手上，加测试员得找他"
    again = "TestFlight 加外部测试员还是得找 Ethan，ASC 就他一个 admin"
    assert not known.contradicts(first, again)
    # measured with the real embedder: cosine 0.55, content overlap 0.40, the name Ethan shared
    assert known.same(first, again, 0.6, cosine=0.55, semantic=0.8, overlap=0.4)
    assert not known.contradicts(
        "设计稿都在 Figma 的 Mobile-v2 文件里", "要看设计稿就去 Figma，没权限找 Chloe"
    )


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # the old value named again, turned down: a change announced
        ("MinIO 的控制台端口是 9001", "MinIO 控制台端口是 9090，别再敲 9001 了"),
        (
            "订单服务 order-service 的负责人是 Leo",
            "order-service 现在归 Sophie 管了，Leo 调去做 infra 了",
        ),
        ("错误监控接的是 Bugsnag", "错误监控用的 Sentry，Bugsnag 那个合同没续"),
        # the same slot filled with another value, beside other details
        (
            "For diagrams I prefer Mermaid in the README",
            "For diagrams I prefer PlantUML, Mermaid renders badly in Confluence",
        ),
        # one value against one of the same shape
        (
            "Nightly backups are kept for 14 days in Backblaze",
            "Nightly backups are kept for 30 days in Backblaze",
        ),
        ("测试库在 pg-test-01，账号用 readonly", "测试库在 pg-test-04，账号还是 readonly"),
        ("装依赖用 pnpm", "用 npm 装依赖"),
    ],
)
def test_a_change_of_value_is_never_a_repeat(old: str, new: str) -> None:
    assert known.contradicts(old, new)
    assert known.contradicts(new, old)
    assert not known.same(old, new, 0.6, cosine=0.95, semantic=0.8, overlap=1.0)


def test_a_name_inside_another_is_not_said() -> None:
    assert not changes.said("npm", "装依赖用 pnpm")
    assert changes.said("pnpm", "装依赖用 pnpm 吧")
    assert changes.said("mac-mini-03", "打包都在 mac mini 03 上跑")


def test_two_failures_sharing_only_a_count_stay_apart() -> None:
    # a bare number names no subject: the second scenario's terraform failure was counted as a
    # repeat of the alembic one while this rule was being built
    assert known.contradicts(
        "alembic upgrade head 反复失败 2 次。sqlalchemy.exc.OperationalError: password failed",
        "terraform -chdir=infra/prod plan 反复失败 2 次。Error: Backend initialization required",
    )
    assert known.contradicts("规则 3", "规则 0")


def test_one_name_two_facts_are_two_entries() -> None:
    # benchmarks/data/merging_shared_names.py, written blind: 10 of 40 different facts that share
    # a name merged (the second one counted as "seen again": lost); a tester found the same
    # with "记住：数据库备份找 Ethan" after "ask Ethan for App Store Connect access"
    assert not known.same(
        "mac-mini-03 是 iOS 打包机",
        "mac-mini-03 每天凌晨三点会自动重启",
        0.6,
        cosine=0.64,
        semantic=0.8,
    )
    assert not known.same(
        "Ethan 有 Jenkins 的管理员权限",
        "Ethan 不让在 Jenkins 上装新插件",
        0.6,
        cosine=0.67,
        semantic=0.8,
    )
    # something besides the name meets (测试员): still one entry
    assert known.same(
        "App Store Connect 的权限在 Ethan 手上，加测试员得找他",
        "TestFlight 加外部测试员还是得找 Ethan，ASC 就他一个 admin",
        0.6,
        cosine=0.55,
        semantic=0.8,
        overlap=0.4,
    )


def test_an_agent_tag_is_no_value(make_ws) -> None:
    # CI on 82dbf65: in the team test eight agents each kept "记住：staging 私密配置 <secret>";
    # "[bot-a]" and "[bot-b]" read as two more values, so the swap of secrets looked like a
    # detail and the second secret was counted as a repeat of the first (lost)
    from memstrata.core.permissions import Session
    from memstrata.core.writer import Writer
    from memstrata.evolve.triggers import remember_once

    ws = make_ws()
    first, _ = remember_once(
        Writer(ws, Session("main", "bot-a")), "记住：staging 私密配置 secretx0q0f8288"
    )
    second, seen = remember_once(
        Writer(ws, Session("main", "bot-b")), "记住：staging 私密配置 secretx4qc5eeb3"
    )
    assert not seen
    assert first.span.location() != second.span.location()
    text = (ws.root / ws.role_path("long_term")).read_text(encoding="utf-8")
    assert "[bot-a] staging 私密配置 secretx0q0f8288" in text
    assert "[bot-b] staging 私密配置 secretx4qc5eeb3" in text


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # the tester: each was "already in memory", the new owner lost
        ("支付服务的负责人是张伟", "支付服务的负责人现在是李娜"),
        ("支付服务的负责人是张伟", "支付服务的负责人改成王强了"),
        ("风控服务归张伟管", "风控服务现在归李娜管了，张伟调去做数据平台了"),
        ("iOS 发版找 Ethan", "iOS 发版现在找小周，Ethan 调去做安卓了"),
        ("Sophie owns order-service", "Leo owns order-service now"),
    ],
)
def test_a_new_owner_is_a_change(old: str, new: str) -> None:
    assert known.contradicts(old, new)


def test_the_same_owner_said_again_is_no_change() -> None:
    assert not known.contradicts("支付服务的负责人是张伟", "支付服务的负责人是张伟，有事找他")
    assert not known.contradicts("支付服务的负责人是张伟", "支付服务找张伟就行")
    assert not known.contradicts("Ethan owns Sentry", "Sentry is owned by Ethan, ask him")
