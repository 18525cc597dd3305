"""A request that names lessons.md (or infra.md / projects.md) first.

review14b: "lessons 里记一笔：…" went to MEMORY.md (``remember`` routed to USER.md, principles or
MEMORY.md only), and "infra.md 加一条：…" kept the request's words in the entry. A lesson is
written as lessons.md holds them: the story as its title and 现象, what to do from now on as its
解决, the user's own reason as its 原因."""

from __future__ import annotations

from memstrata.entries.remember import remember
from memstrata.evolve.triggers import handle
from memstrata.formats.lessons import parse_lessons


def _lessons(ws):
    path = ws.role_path("lessons")
    return parse_lessons(ws.read_lines(path), path)


def test_remember_writes_a_lesson_to_lessons_md(make_ws) -> None:
    ws = make_ws("default")
    placed = remember(
        ws.writer(),
        "lessons 里记一笔：上次 Redis 没设密码被扫了，以后 Redis 都要开 requirepass，因为公网端口会被扫",
    )
    assert placed.span.role == "lessons"
    [lesson] = _lessons(ws)
    assert lesson.title == "上次 Redis 没设密码被扫了"
    assert lesson.symptom == "上次 Redis 没设密码被扫了"  # also when the title says it (review16)
    assert lesson.fix == "以后 Redis 都要开 requirepass"
    assert lesson.cause == "因为公网端口会被扫"
    assert not (ws.root / "MEMORY.md").read_text(encoding="utf-8").count("requirepass")


def test_a_lesson_said_as_a_rule_alone_is_its_fix(make_ws) -> None:
    ws = make_ws("default")
    remember(ws.writer(), "lessons.md 加一条：Never run migrations during business hours")
    [lesson] = _lessons(ws)
    assert lesson.fix == "Never run migrations during business hours"
    assert lesson.symptom == ""


def test_the_signal_path_writes_the_lesson_where_the_user_named(make_ws) -> None:
    ws = make_ws("default")
    result = handle(
        ws.writer(),
        "lessons 里记一笔：上周五发版没跑迁移，billing 挂了半小时，以后发版清单第一条就是跑迁移",
    )
    assert [w["role"] for w in result.report.written] == ["lessons"]
    [lesson] = _lessons(ws)
    assert lesson.fix == "以后发版清单第一条就是跑迁移"
    assert "lessons" not in lesson.title


def test_a_named_file_is_still_kept_from_others_when_asked(make_ws) -> None:
    from memstrata.core.permissions import Session, can_read

    ws = make_ws("memory-manager")
    placed = remember(
        ws.writer(), "我下个月要离职，先别告诉团队", named="user"
    )  # a signal's detail with the file its words named
    assert not can_read(ws.config, Session("shared"), placed.span.role)


def test_infra_md_named_first_leaves_its_words_out(make_ws) -> None:
    ws = make_ws("default")
    placed = remember(ws.writer(), "infra.md 加一条：gpu-03 的 CUDA 是 12.4")
    assert placed.text == "gpu-03 的 CUDA 是 12.4"
