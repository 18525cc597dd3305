"""What review18 left in the learning loop (round 19); each test fails on fbbab3a.

* Card answers in everyday words were refused: "不行", "2 不需要", "前两个", "the first two".
* "我以前偏好 npm，现在偏好 pnpm" was no preference: no 我 before the second 偏好.
* "db-01 的端口从 5432 改成 5433" stayed in MEMORY.md while infra.md kept 5432.
"""

from __future__ import annotations

import pytest

from memstrata.evolve.answer import read_answer
from memstrata.evolve.approve import approve
from memstrata.evolve.triggers import handle
from tests.test_learning_loop_round18 import _card_of_two, _open


@pytest.mark.parametrize(
    ("reply", "approve_", "reject", "skip"),
    [
        ("不行", [], [1, 2, 3], []),  # a bare no turns the card down, as "no" does
        ("不需要", [], [1, 2, 3], []),
        ("2 不需要", [], [2], []),
        ("3 不必", [], [3], []),
        ("前两个", [1, 2], [], []),
        ("前 2 个", [1, 2], [], []),
        ("前面两个不要", [], [1, 2], []),
        ("前两个要，3 不要", [1, 2], [3], []),
        ("前三个跳过", [], [], [1, 2, 3]),
        ("the first two", [1, 2], [], []),
    ],
)
def test_how_an_everyday_answer_is_read(reply, approve_, reject, skip) -> None:
    answer = read_answer(reply, [1, 2, 3], [1, 2, 3])
    assert not answer.refused, answer.understood
    assert (answer.approve, answer.reject, answer.skip) == (approve_, reject, skip)


@pytest.mark.parametrize(
    "reply", ["行不行", "不行，2 可以", "drop 2 keep 1", "first", "first 2 ok", "前一个"]
)
def test_an_answer_still_read_two_ways_does_nothing(reply) -> None:
    assert read_answer(reply, [1, 2, 3], [1, 2, 3]).refused


def test_the_first_two_of_a_card_are_written(make_ws) -> None:
    ws = _card_of_two(make_ws)
    result = approve(ws.writer(), "前两个")
    assert not result.refused and len(result.applied) == 2
    assert _open(ws) == {}


@pytest.mark.parametrize(
    "text",
    [
        "我以前偏好 npm，现在偏好 pnpm",
        "我原来用 yarn，后来更喜欢 pnpm",
        "以前偏好 npm。现在偏好 pnpm",
        "I used to prefer npm but now pnpm",
    ],
)
def test_a_preference_that_changed_is_one(learned_kinds, text) -> None:
    assert "preference" in learned_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "他以前偏好 npm，现在偏好 pnpm",
        "我看了下，现在喜欢的人很多",
        "我以前偏好 npm，现在偏好 pnpm 吗？",
        # review19: someone else's, reported, asked without a mark, a diagnosis, a joke
        "我同事以前偏好 npm，现在偏好 pnpm",
        "我们组以前偏好 npm，现在偏好 pnpm",
        "我朋友说，现在更喜欢 pnpm",
        "我以前偏好 npm，现在偏好什么呢",
        "我查了日志，目前倾向于认为是网络问题",
        "我以前偏好 npm，现在偏好 pnpm，哈哈骗你的",
    ],
)
def test_someone_elses_or_an_asked_change_is_no_preference(learned_kinds, text) -> None:
    assert "preference" not in learned_kinds(text)


@pytest.mark.parametrize(
    "said",
    [
        "记到 infra.md：db-01 的端口从 5432 改成 5433",
        "add to infra.md: db-01 port changed from 5432 to 5433",
    ],
)
def test_a_change_from_the_old_value_updates_infra_md(make_ws, said) -> None:
    ws = make_ws("default")
    handle(ws.writer(), "remember in infra.md: db-01 is at 10.0.0.5, port 5432")
    [written] = handle(ws.writer(), said).report.written
    assert written["cite"].startswith("📍 memory/infra.md")
    infra = (ws.root / "memory" / "infra.md").read_text(encoding="utf-8")
    assert "- **port**: 5433" in infra and "5432" not in infra
    assert "5433" not in (ws.root / "MEMORY.md").read_text(encoding="utf-8")


# ------------------------------------------------------------- review19: infra.md changes
@pytest.mark.parametrize(
    "said",
    [
        "记住：db-01 的密码从 hunter2 改成 S3cr3t",
        "记到 infra.md：db-01 的 pwd 从 hunter2 改成 S3cr3t",
        "记住：db-01 的 token 从 abc123 改成 S3cr3t",
        "记住：db-01 的 root 口令从 hunter2 换成 S3cr3t",
        "remember: db-01 password changed from hunter2 to S3cr3t",
        "remember: db-01 secret changed from abc123 to S3cr3t",
    ],
)
def test_a_secret_said_as_a_change_is_redacted_both_ways(make_ws, said) -> None:
    """review19: the old and the new secret reached MEMORY.md and EVOLUTION_LOG.md in clear."""
    ws = make_ws("default")
    handle(ws.writer(), "remember in infra.md: db-01 is at 10.0.0.5, port 5432")
    handle(ws.writer(), said)
    for path in ws.root.rglob("*.md"):
        text = path.read_text(encoding="utf-8")
        assert "hunter2" not in text and "S3cr3t" not in text and "abc123" not in text, path
    assert "pwd" not in (ws.root / "memory" / "infra.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "said",
    [
        "记到 infra.md：db-01 的端口从 5432 改成 5433 了吗",  # asked
        "记到 infra.md：db-01 的端口从 5432 改成 5433？",
        "记到 infra.md：db-01 的端口下周从 5432 改成 5433",  # planned
        "add to infra.md: db-01 port should be changed from 5432 to 5433",
        "add to infra.md: db-01 port changed from 5432 to 5433 and web-01 port changed from 8080 to 9090",
        "add to infra.md: db-01 port changed from 5432 to 5433 yesterday",
        "add to infra.md: db-09 port changed from 5432 to 5433",  # a host infra.md lacks
    ],
)
def test_a_change_not_plainly_done_leaves_infra_md_alone(make_ws, said) -> None:
    ws = make_ws("default")
    handle(ws.writer(), "remember in infra.md: db-01 is at 10.0.0.5, port 5432")
    handle(ws.writer(), said)
    infra = (ws.root / "memory" / "infra.md").read_text(encoding="utf-8")
    assert "- **port**: 5432" in infra and "5433" not in infra and "db-09" not in infra


def test_a_change_with_units_updates_the_key_in_either_language(make_ws) -> None:
    """review19: "从 16 GB 改成 32 GB" went to MEMORY.md (the old value could be one word only)
    and "memory changed from 16 GB to 32 GB" became a note beside 内存."""
    ws = make_ws("default")
    handle(ws.writer(), "记到 infra.md：db-01 在 10.0.0.5，内存 16GB")
    handle(ws.writer(), "记到 infra.md：db-01 的内存从 16 GB 改成 32 GB")
    assert "- **内存**: 32 GB" in (ws.root / "memory" / "infra.md").read_text(encoding="utf-8")
    handle(ws.writer(), "add to infra.md: db-01 memory changed from 32 GB to 64 GB")
    infra = (ws.root / "memory" / "infra.md").read_text(encoding="utf-8")
    assert "- **内存**: 64 GB" in infra and "32 GB" not in infra


# ------------------------------------------------------------- review19: card answers
@pytest.mark.parametrize(
    ("reply", "approve_", "reject"),
    [
        ("drop everything but the first two", [], [3, 4]),  # was: 1 and 2 dropped
        ("reject all but the first two", [], [3, 4]),
        ("all but the first two", [3, 4], []),  # was: 1 and 2 written
        ("everything but the first two", [3, 4], []),
        ("除了前两个都要", [3, 4], []),
        ("前2个都要", [1, 2], []),  # as "前两个都要"
    ],
)
def test_the_first_n_inside_an_except(reply, approve_, reject) -> None:
    answer = read_answer(reply, [1, 2, 3, 4], [1, 2, 3, 4])
    assert not answer.refused, answer.understood
    assert (answer.approve, answer.reject) == (approve_, reject)


@pytest.mark.parametrize(
    "reply",
    [
        "first 2, then 3",  # "first" as "first of all"
        "first 2 and 3",
        "不必删掉",  # a no to turning down
        "不需要拒绝",
        "前两个，第三个不行",  # the first two written and 3 dropped, or all three dropped?
        "前两个，3 不要",
        "不行也行",
        "不需要确认",  # no need to ask: write them, or not?
        "2 不行就跳过",  # a condition
        "前2、3个",  # two or three?
        "前五个",  # more than the card has
    ],
)
def test_an_answer_review19_misread_is_refused(reply) -> None:
    assert read_answer(reply, [1, 2, 3, 4], [1, 2, 3, 4]).refused


def test_the_first_two_are_the_cards_first_two_open_ones() -> None:
    """review19: after "1" was answered, "前两个" meant 1 and 2 and was refused."""
    answer = read_answer("前两个", [2, 3, 4], [2, 3, 4])
    assert not answer.refused and answer.approve == [2, 3]


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("我以前偏好 npm，现在偏好 pnpm", "现在偏好 pnpm"),
        ("我原来用 yarn，后来更喜欢 pnpm", "后来更喜欢 pnpm"),
        ("I used to prefer npm but now pnpm", "now pnpm"),
    ],
)
def test_a_changed_preference_is_titled_by_the_wish_now(text, title) -> None:
    """review19: the signal's title was the old preference ("我以前偏好 npm")."""
    from memstrata.capture.statement import statement

    assert statement("preference", text).title.startswith(title)


def test_a_change_from_a_value_infra_md_does_not_hold_is_not_applied(make_ws) -> None:
    """review19: with 5432 in infra.md, "从 5433 改成 5434" silently wrote 5434; which old value is
    right is the person's to say, so MEMORY.md keeps the sentence."""
    ws = make_ws("default")
    handle(ws.writer(), "remember in infra.md: db-01 is at 10.0.0.5, port 5432")
    handle(ws.writer(), "记到 infra.md：db-01 的端口从 5433 改成 5434")
    assert "- **port**: 5432" in (ws.root / "memory" / "infra.md").read_text(encoding="utf-8")
    assert "5434" in (ws.root / "MEMORY.md").read_text(encoding="utf-8")


def test_a_count_under_a_token_word_is_no_secret() -> None:
    from memstrata.core.redact import redact

    said = "max token 从 4096 改成 8192"
    assert getattr(redact(said), "text", redact(said)) == said
