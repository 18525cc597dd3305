"""``memstrata handoff`` (note 004): a Markdown brief for an agent taking over.

Rules (L1 principles and MEMORY.md rules/corrections), the user's preferences, open projects
and todos, candidates still being observed, and recent lessons — each with its citation, so the
new agent can read the source instead of trusting the summary.
"""

from __future__ import annotations

from memstrata.context.bootstrap import cited_bullets
from memstrata.core.workspace import Workspace
from memstrata.evolve.pool import observing
from memstrata.formats.lessons import parse_lessons
from memstrata.formats.principles import parse_principles
from memstrata.formats.projects import parse_projects
from memstrata.text.spans import Span
from memstrata.text.textio import strip_eol

_DONE = ("已完成", "完成", "done", "✅", "closed")


def handoff(ws: Workspace, lessons: int = 5) -> str:
    zh = ws.lang == "zh"
    out = [
        "# 交接简报（memstrata handoff）" if zh else "# Handoff brief (memstrata)",
        "",
        f"{'生成时间' if zh else 'Generated'}: {ws.now().strftime('%Y-%m-%d %H:%M')} · {ws.root.name}",
        "",
    ]
    rules = []
    for path in ws.role_files("principles"):
        rules += [
            f"- {p.pid} {p.title} — {' '.join(p.body.split())} {Span(path, p.start_line, p.end_line).cite()}"
            for p in parse_principles(ws.read_lines(path), path)
        ]
    rules += cited_bullets(ws, "long_term", sections=("rules", "corrections"))
    out += ["## 规则" if zh else "## Rules", *(rules or ["-"]), ""]
    preferences = []
    preferences += cited_bullets(ws, "user")
    out += ["## 用户偏好" if zh else "## Preferences", *(preferences or ["-"]), ""]
    projects = []
    for path in ws.role_files("projects"):
        for p in parse_projects(ws.read_lines(path), path):
            if any(mark in p.status for mark in _DONE):
                continue
            todo = "; ".join(item for item in p.progress if not item.startswith("✅")) or "-"
            projects.append(
                f"- {p.name}（{p.status or '?'}，{p.owner or '?'}）: {todo} {Span(path, p.start_line, p.end_line).cite()}"
            )
        lines = ws.read_lines(path)
        projects += [
            f"- TODO {strip_eol(line).strip()} {Span(path, number).cite()}"
            for number, line in enumerate(lines, start=1)
            if line.startswith("| P") and not any(mark in line for mark in _DONE)
        ]
    out += [
        "## 进行中的项目与待办" if zh else "## Open projects and todos",
        *(projects or ["-"]),
        "",
    ]
    in_flight = []
    if ws.role("candidates") and ws.exists(ws.role_path("candidates")):
        path = ws.role_path("candidates")
        in_flight = [
            f"- {c.cid} [{c.kind}] {c.summary}（{c.count}/{c.threshold}，{c.first_seen}）{Span(path, c.line).cite()}"
            for c in observing(ws.writer())
        ]
    out += ["## 候选池（尚未晋升）" if zh else "## Candidates in flight", *(in_flight or ["-"]), ""]
    recent = []
    for path in ws.role_files("lessons"):
        recent += [
            (
                x.date,
                f"- {x.title}（{x.severity}）：{x.fix or x.cause or x.symptom} {Span(path, x.start_line, x.end_line).cite()}",
            )
            for x in parse_lessons(ws.read_lines(path), path)
        ]
    recent.sort(key=lambda item: item[0], reverse=True)
    out += [
        "## 最近的教训" if zh else "## Recent lessons",
        *([line for _d, line in recent[:lessons]] or ["-"]),
        "",
    ]
    return "\n".join(out)
