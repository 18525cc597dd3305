"""Issue 11, round 5: what the second 21-day scenario (benchmarks/data/learning_sim2.py, written
by someone who never saw the code) found on its first run: restatements that share a name were
kept apart (跳板机 / bastion host, VictoriaMetrics said three ways), a principle's title said twice
weakened every comparison with it, a complaint naming the wrong value beside the right one read
as the opposite preference, a third party's rule became the user's, and "Commit messages in
English please" was no signal."""

from __future__ import annotations

import pytest

from memstrata.capture.classifier import detect_learned
from memstrata.capture.signals import detect
from memstrata.entries.remember import remember
from memstrata.evolve import known
from memstrata.evolve.bilingual import overlaps
from memstrata.evolve.polarity import opposed


def test_a_glossary_term_aligns_with_its_other_language() -> None:
    # 跳板机 ↔ bastion host is jargon CC-CEDICT lacks (recall/jargon.tsv); no embedding needed
    assert overlaps("跳板机是 jump.corp-bj", ["bastion host is jump.corp-bj"])[0] >= 0.6
    assert overlaps("跳板机在哪", ["where is the bastion host"])[0] > 0


def test_shared_names_count_only_real_names() -> None:
    names = known.shared_names(
        "跳板机是 jump.corp-bj，登录走公司 SSO", "bastion host is jump.corp-bj btw"
    )
    # the host name, and the glossary compound 跳板机 / bastion host said on both sides
    assert "jump.corp-bj" in names
    assert {n for n in names if n != "jump.corp-bj"} == {n for n in names if n.startswith("term:")}
    assert len(names) == 2
    assert known.shared_names("I prefer tabs", "please use tabs always") == {"tabs"}
    assert known.shared_names("I prefer it", "please use it") == set()


def test_a_shared_name_merges_what_the_cosine_alone_kept_apart() -> None:
    first, second = "跳板机是 jump.corp-bj，登录走公司 SSO", "bastion host is jump.corp-bj btw"
    # measured: cosine 0.50, below the cross-language bar (0.62); content overlap 0.44
    assert known.same(first, second, 0.5, cosine=0.50, semantic=0.7, overlap=0.44)
    # a name alone needs 0.45; one said as the subject points at nothing (session 43: both
    # pointing at the host, as here, is one fact from 0.40: known.pointed_values)
    subject = "jump.corp-bj 就是跳板机，登录走公司 SSO"
    assert not known.same(subject, second, 0.5, cosine=0.40, semantic=0.7, overlap=0.44)
    assert known.same(first, second, 0.5, cosine=0.40, semantic=0.7, overlap=0.44)
    # another value for the same name is a contradiction, whatever the name shares
    assert not known.same("Redis 在 10.0.3.7", "Redis 用 6.2 版本", 0.5, cosine=0.9, semantic=0.7)


def test_a_principle_is_compared_by_its_statement_not_its_title_twice(make_ws) -> None:
    ws = make_ws("self-evolution")
    remember(ws.writer(), "监控数据是推到 VictoriaMetrics 的，不是 Prometheus，别再写错")
    [entry] = [e for e in known.entries(ws) if e.role == "principles"]
    assert entry.text == "监控数据是推到 VictoriaMetrics 的，不是 Prometheus，别再写错"


def test_a_complaint_naming_the_wrong_value_beside_the_right_one_is_not_the_opposite() -> None:
    right = "监控数据是推到 VictoriaMetrics 的，不是 Prometheus"
    assert not opposed(right, "又写成 Prometheus 了，我们用的是 VictoriaMetrics")
    # each negating the other's choice is still a clash, and so is the wrong value alone
    assert opposed("用 pnpm，不用 npm", "用 npm，不用 pnpm")
    assert opposed(right, "监控数据推到 Prometheus")


def test_commit_messages_in_english_is_a_preference() -> None:
    assert "preference" in {s.kind for s in detect("Commit messages in English please")}
    assert "preference" in {s.kind for s in detect("code comments in Chinese, thanks")}
    assert detect("commit messages in english?") == []  # a question
    assert "preference" not in {s.kind for s in detect("the commit messages in English are old")}


@pytest.mark.integration
@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("产品经理说永远不要在周五晚上上线新功能", set()),
        ("my PM says we should always ship on fridays", set()),
        ("老板说了，以后周报都发他邮箱，你记一下", {"explicit_remember"}),
        ("领导说了，明年预算砍百分之十五", {"new_knowledge"}),  # news reported, not a rule
    ],
)
def test_a_third_partys_rule_is_not_the_users(monkeypatch, text: str, kinds: set[str]) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    found = detect_learned(text)
    assert found is not None, "the learned classifier did not load"
    assert {s.kind for s in found} == kinds


@pytest.mark.integration
@pytest.mark.parametrize("text", ["this is bad", "太糟糕了", "this is terrible", "烂透了"])
def test_a_bad_verdict_is_not_praise(monkeypatch, text: str) -> None:
    # the adversarial pass found each of these recorded as satisfaction
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    found = detect_learned(text)
    assert found is not None, "the learned classifier did not load"
    assert "satisfaction" not in {s.kind for s in found}
