"""``memstrata warnings TASK``: note 000's 事前预防 — the pitfalls to mention before starting.

The L1 principles, lessons and patterns whose words overlap the task enough are turned into
one-line reminders with citations: 开始之前提醒一下：根据 P042，…（📍 memory/principles.md:L120-L127）.
Matching is lexical (no model), so a prompt hook can afford it on every prompt.
"""

from __future__ import annotations

from dataclasses import dataclass

from memstrata.core.workspace import Workspace
from memstrata.formats.lessons import parse_lessons
from memstrata.formats.patterns import parse_patterns
from memstrata.formats.principles import parse_principles
from memstrata.text.similarity import shared_terms, similarity
from memstrata.text.spans import PIN, Span

# A pitfall bears on a task when they share at least two words or Chinese bigrams (提供商 is
# two: 提供, 供商) and enough of the shorter text: one common word like 配置 is not enough.
MIN_OVERLAP = 0.2
MIN_SHARED = 2


@dataclass
class TaskWarning:
    source: str  # P042, a lesson or a pattern title
    kind: str  # principle | lesson | pattern
    text: str
    cite: str
    score: float


def _candidates(ws: Workspace) -> list[tuple[str, str, str, str, str]]:
    """(kind, id, title, advice, cite) of every principle, lesson and pattern."""
    out = []
    for path in ws.role_files("principles"):
        for p in parse_principles(ws.read_lines(path), path):
            out.append(
                (
                    "principle",
                    p.pid,
                    p.title,
                    " ".join(p.body.split()),
                    Span(path, p.start_line, p.end_line).location(),
                )
            )
    for path in ws.role_files("lessons"):
        for lesson in parse_lessons(ws.read_lines(path), path):
            advice = lesson.fix or lesson.cause or lesson.symptom
            out.append(
                (
                    "lesson",
                    lesson.severity or "lesson",
                    lesson.title,
                    advice,
                    Span(path, lesson.start_line, lesson.end_line).location(),
                )
            )
    for path in ws.role_files("patterns"):
        if path.endswith("index.md"):
            continue
        for pattern in parse_patterns(ws.read_lines(path), path):
            out.append(
                (
                    "pattern",
                    pattern.title,
                    pattern.title,
                    pattern.context or " ".join(pattern.body.split()),
                    Span(path, pattern.start_line, pattern.end_line).location(),
                )
            )
    return out


def task_warnings(
    ws: Workspace, task: str, limit: int = 5, min_overlap: float = MIN_OVERLAP
) -> list[TaskWarning]:
    """The reminders that bear on ``task``, most relevant first."""
    zh = ws.lang == "zh"
    found = []
    for kind, ident, title, advice, cite in _candidates(ws):
        score = max(similarity(task, f"{title} {advice}"), similarity(task, title))
        if score < min_overlap or shared_terms(task, f"{title} {advice}") < MIN_SHARED:
            continue
        if kind == "principle":
            text = (
                f"开始之前提醒一下：根据 {ident}，{advice}"
                if zh
                else f"Before we start: per {ident}, {advice}"
            )
        elif kind == "lesson":
            text = (
                f"开始之前提醒一下：根据教训「{title}」（{ident}），{advice}"
                if zh
                else f"Before we start: lesson '{title}' ({ident}): {advice}"
            )
        else:
            text = (
                f"开始之前提醒一下：根据经验「{title}」，{advice}"
                if zh
                else f"Before we start: pattern '{title}': {advice}"
            )
        found.append(
            TaskWarning(
                ident,
                kind,
                f"{text}（{PIN} {cite}）" if zh else f"{text} ({PIN} {cite})",
                f"{PIN} {cite}",
                round(score, 3),
            )
        )
    found.sort(key=lambda w: (-w.score, w.cite))
    return found[:limit]
