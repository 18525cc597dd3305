"""A value said with or without its qualifier is one value (round 14: scenario 4 kept
"实验都 log 在 http://mlflow-01.lgx.local:5000" and "MLFLOW_TRACKING_URI 指 mlflow-01 那台" as a
change of value, so the repeat became a second entry)."""

from __future__ import annotations

import pytest

from memstrata.evolve.changes import said
from memstrata.evolve.known import contradicts


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("http://mlflow-01.lgx.local:5000", "fyi all our runs live on mlflow-01:5000"),
        ("mlflow-01:5000", "实验都 log 在 http://mlflow-01.lgx.local:5000"),
        ("dw.shipments_v2", "live 的那张是 shipments_v2"),
        ("pg-prod-01.corp.local:5432", "主库是 pg-prod-01"),
    ],
)
def test_a_qualified_value_is_said_by_its_name(value: str, text: str) -> None:
    assert said(value, text)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        # the product's name is not the host's ("mlflow" of mlflow.ml-platform.svc)
        ("http://mlflow.ml-platform.svc:5000", "实验都在 mlflow-01 上"),
        ("python3.11", "python3.12 的 11 个包"),  # a version is never a name
        ("10.2.8.14", "机器 14 号"),
        ("pnpm-lock.yaml", "yaml 文件"),
        ("pg-prod-01:5432", "主库是 pg-prod-02"),
    ],
)
def test_a_qualifier_alone_is_not_the_value(value: str, text: str) -> None:
    assert not said(value, text)


def test_a_host_with_and_without_its_domain_is_one_fact() -> None:
    assert not contradicts(
        "实验都 log 在 http://mlflow-01.lgx.local:5000 ，SSO 登录就行",
        "MLFLOW_TRACKING_URI 指 mlflow-01 那台，别用 localhost，本地的没人看",
    )
    assert not contradicts("主库连 pg-prod-01.corp.local:5432", "主库是 pg-prod-01")


def test_a_new_host_or_table_is_still_a_change() -> None:
    assert contradicts(
        "实验都 log 在 http://mlflow-01.lgx.local:5000",
        "mlflow 周末搬到 k8s 上了，新地址 http://mlflow.ml-platform.svc:5000",
    )
    assert contradicts("主库在 pg-prod-01:5432", "主库在 pg-prod-02:5432")
    assert contradicts("订单表读 dw.orders_v3", "订单表现在读 dw.orders_v4")


def test_a_host_or_a_url_is_one_clause() -> None:
    # polarity split clauses at every "." and ":", so a host became "mlflow-01，lgx，local，5000"
    from memstrata.evolve.polarity import affirmed

    text = "实验都 log 在 http://mlflow-01.lgx.local:5000 ，SSO 登录就行"
    assert "mlflow-01.lgx.local:5000" in affirmed(text)
    assert affirmed("Use pnpm. Not npm").rstrip("， ") == "Use pnpm"


def test_the_same_host_said_in_the_other_language_is_no_change() -> None:
    # the English statement first: its slot "on mlflow-01:5000" against "在 http://…" was a swap
    assert not contradicts(
        "all our runs live on mlflow-01:5000",
        "实验都 log 在 http://mlflow-01.lgx.local:5000 ，SSO 登录就行",
    )


def test_a_preposition_is_no_value() -> None:
    # "is on Elasticsearch 8.13" named "on", so 7.17 -> 8.13 read as details, not a change
    assert contradicts(
        "Our search cluster is Elasticsearch 7.17",
        "Search cluster is on Elasticsearch 8.13 since the upgrade, Kibana too",
    )


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # a tester's round on the first version: two qualifiers on one name are two values
        ("报表读 ods.shipments_v2", "报表读 dw.shipments_v2"),
        ("缓存用 redis-01.cache.svc.cluster.local", "缓存用 redis-01.staging.svc.cluster.local"),
        ("消费 prod.order_events 这个 topic", "消费 staging.order_events 这个 topic"),
        ("部署镜像用 registry.corp.com/team/api:1.2", "部署镜像用 registry.corp.com/team/web:1.2"),
        (
            "接口地址 https://api-gw.corp.com/v1/orders",
            "接口地址 https://api-gw.corp.com/v2/orders",
        ),
        (
            "The queue is orders-q.us-east-1.amazonaws.com",
            "The queue is orders-q.eu-west-1.amazonaws.com",
        ),
        ("bucket 用 s3://ml-data-prod/raw", "bucket 用 s3://ml-data-prod/clean"),
        ("Primary DB is db-01.prod.local", "Primary DB is db-01.staging.local"),
        ("模型用 resnet.v2", "模型用 bert.v2"),
        # "on" stays a value ("is on Elasticsearch 8.13" skips it as a preposition only)
        ("The new-checkout flag is on", "The new-checkout flag is off"),
        ("feature flag new_checkout 设为 on", "feature flag new_checkout 设为 off"),
        # "." between a word and a capital ends a clause
        ("Use pnpm.Never npm", "Use npm for installs"),
    ],
)
def test_two_qualifiers_on_one_name_are_a_change(first: str, second: str) -> None:
    assert contradicts(first, second)


def test_a_name_glued_to_more_is_another_name() -> None:
    # "orders" was said by "orders_v2" ("_" read as a space): the database change was a repeat
    assert not said("orders", "postgres://pg-main.prod.local:5432/orders_v2")
    assert said("force-push", "never force push to main")
    assert contradicts(
        "订单服务连 postgres://pg-main.prod.local:5432/orders",
        "订单服务改连 postgres://pg-main.prod.local:5432/orders_v2",
    )


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # a second tester's round: a suffix, a port or a scheme on one side is the same name
        ("前端用 Vue.js", "前端用 Vue"),
        ("服务跑在 Node.js 20", "服务跑在 node 20"),
        ("主库是 pg-main.prod.local", "主库是 pg-main.prod.local:5432"),
    ],
)
def test_a_suffix_or_a_port_on_one_side_is_no_change(first: str, second: str) -> None:
    assert not contradicts(first, second)


def test_two_ports_and_a_flag_in_prod_are_changes() -> None:
    assert contradicts("主库是 pg-main:5432", "主库是 pg-main:5433")
    assert contradicts(
        "the new-checkout feature flag is on in prod",
        "the new-checkout feature flag is off in prod",
    )
