"""What ``consolidate`` proposes to keep memory small (notes 002 and 004); nothing is written
until the owner approves.

* Slimming, for every role over its limit: MEMORY.md / USER.md move their oldest dated
  bullets to an archive (error corrections never move); projects.md moves its finished
  projects, oldest update first; infra.md moves the hosts marked retired, then the oldest
  entries; CANDIDATES.md drops (to 已丢弃, logged) its least observed candidates. As many as it
  takes to get back under the limit.
* The weekly integration (five-tier): last week's daily highlights for MEMORY.md's 近期成果.
* The monthly review of lessons.md (note 002 §7.3): a problem recorded two or more times (or a
  P0) is distilled into an L1 principle (or a MEMORY.md rule where the layout has none), unless
  that is already there.

An archive inherits its source's privacy: USER.md or infra entries never land where a shared
session reads.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from datetime import timedelta

from memstrata.core.layouts import DAILY_NAME, RoleSpec
from memstrata.core.permissions import private_roles
from memstrata.core.workspace import Workspace
from memstrata.evolve.proposals import Proposal
from memstrata.formats.bullets import parse_bullets, section_key
from memstrata.formats.daily import parse_log
from memstrata.formats.infra import parse_infra
from memstrata.formats.lessons import Lesson, parse_lessons
from memstrata.formats.projects import parse_projects
from memstrata.text.similarity import similarity

CONSOLIDATE_KINDS = ("slim", "archive-entries", "drop-candidates", "highlight", "lesson-review")
_FINISHED = re.compile(r"已完成|完成|✅|done|completed|closed|finished", re.IGNORECASE)
_RETIRED = re.compile(r"下线|停用|废弃|退役|retired|decommission|deprecated|offline", re.IGNORECASE)
SAME_PROBLEM = 0.5


def _proposal(
    ws: Workspace, kind: str, summary: str, target: str, level: str, reason: str, payload: dict
) -> Proposal:
    return Proposal(
        0,
        "",
        kind,
        summary,
        target,
        level,
        reason,
        "consolidate",
        ws.today().isoformat(),
        0,
        payload,
    )


def archive_folder(ws: Workspace) -> str:
    spec = ws.role("archive")
    return spec.path if spec else f"{ws.require_role('daily').path}/archive".lstrip("/")


def _archive_for(ws: Workspace, role: str, path: str) -> str:
    folder = (
        ws.role_path("private_archive") if role in private_roles(ws.config) else archive_folder(ws)
    )
    return f"{folder}/{path.rsplit('/', 1)[-1].removesuffix('.md')}-archive.md"


def slimming(ws: Workspace, additions: Sequence[Proposal] = ()) -> tuple[list[Proposal], list[str]]:
    """One proposal per role over its line limit (see the module docstring), counting the
    lines that ``additions`` (the weekly integration, the lessons review) will add once
    approved, so that approving everything leaves every file within its limit. Also returns,
    for a file over its limit that cannot be slimmed enough, why not."""
    from memstrata.maintain.status import workspace_status

    added = _growth(ws, additions)
    out: list[Proposal] = []
    notes: list[str] = []
    for row in workspace_status(ws):
        spec = ws.require_role(row.role)
        if row.role == "candidates":
            if row.over_limit:
                out.append(_slim_pool(ws, (row.entries or 0) - (row.limit or 0)))
            continue
        lines = row.lines + added[row.role]
        if row.limit_unit != "lines" or spec.kind != "file" or not spec.over(lines):
            continue
        # Lines to free: down to the limit ("< 50": down to 49).
        excess = lines - (spec.limit or lines) + (1 if spec.below else 0)
        path = ws.role_path(row.role)
        if row.role in ("user", "long_term"):
            proposal, note = _slim_bullets(ws, row.role, path, excess, lines, spec)
        elif row.role in ("projects", "infra"):
            proposal, note = _slim_entries(ws, row.role, path, excess, lines, spec)
        else:
            continue
        if proposal is not None:
            out.append(proposal)
        if note:
            notes.append(note)
    return out, notes


def _growth(ws: Workspace, additions: Sequence[Proposal]) -> Counter[str]:
    """Lines each role will gain once ``additions`` are approved, found by running their
    writes on the current text without saving (a bullet may bring its missing section)."""
    from memstrata.entries.remember import planned_bullet

    writer = ws.writer()
    staged: dict[str, list[str]] = {}
    grown: Counter[str] = Counter()
    for proposal in additions:
        role = proposal.payload.get("role") or proposal.target
        if role not in ("user", "long_term") or ws.role(role) is None:
            grown[role] += 1
            continue
        section = proposal.payload.get("section")
        path, transform = planned_bullet(
            writer, role, proposal.summary, role, proposal.source, section=section
        )
        before = staged.get(path) or ws.read_lines(path)
        after, _line = transform(before)
        staged[path] = after
        grown[role] += len(after) - len(before)
    return grown


def _not_enough(ws: Workspace, path: str, lines: int, spec: RoleSpec, why: str) -> str:
    """Why a file over its limit gets no (or not enough) slimming."""
    if ws.lang == "zh":
        return f"{path} 超出上限（{lines}/{spec.limit_text} 行），但{why}：请手动精简"
    return f"{path} is over its limit ({lines}/{spec.limit_text} lines) but {why}: slim it by hand"


def _summary(
    ws: Workspace, path: str, lines: int, spec: RoleSpec, count: int, what: str, archive: str
) -> str:
    limit = spec.limit_text
    if ws.lang == "zh":
        return f"{path} 超出上限（{lines}/{limit} 行）：把{what} {count} 条移到 {archive}"
    return f"{path} is over its limit ({lines}/{limit} lines): move {count} {what} to {archive}"


def _slim_pool(ws: Workspace, excess: int) -> Proposal:
    """CANDIDATES.md over its 30 observing entries: drop the least observed, longest unseen."""
    from memstrata.evolve.pool import observing

    pool = sorted(observing(ws.writer()), key=lambda c: (c.count, c.last_seen, c.cid))
    chosen = [c.cid for c in pool[:excess]]
    zh = ws.lang == "zh"
    path = ws.role_path("candidates")
    summary = (
        f"{path} 观察中超出上限（{len(pool)}/{len(pool) - excess}）：丢弃观察最少、最久未见的 "
        f"{len(chosen)} 条（{', '.join(chosen)}）"
        if zh
        else f"{path} holds {len(pool)} observing candidates (limit {len(pool) - excess}): drop "
        f"the {len(chosen)} least seen ({', '.join(chosen)})"
    )
    reason = "容量上限" if zh else "capacity limit"
    return _proposal(
        ws,
        "drop-candidates",
        summary,
        "archive",
        "ARCHIVE",
        reason,
        {"cids": chosen, "reason": reason},
    )


def _slim_bullets(
    ws: Workspace, role: str, path: str, excess: int, lines: int, spec: RoleSpec
) -> tuple[Proposal | None, str]:
    zh = ws.lang == "zh"
    bullets = [
        b
        for b in parse_bullets(ws.read_lines(path), path)
        if b.date and section_key(b.section) != "corrections"
    ]
    chosen = sorted(bullets, key=lambda b: (b.date, b.line))[: max(excess, 1)]
    note = ""
    if len(chosen) < excess:
        note = _not_enough(
            ws,
            path,
            lines,
            spec,
            f"只有 {len(chosen)} 条带日期的条目可以归档（错误修正不移动）"
            if zh
            else f"only {len(chosen)} dated entries can move (corrections never do)",
        )
    if not chosen:
        return None, note
    archive = _archive_for(ws, role, path)
    what = "最旧的" if zh else "oldest entries"
    return (
        _proposal(
            ws,
            "slim",
            _summary(ws, path, lines, spec, len(chosen), what, archive),
            "archive",
            "ARCHIVE",
            "容量上限" if zh else "capacity limit",
            {"path": path, "archive": archive, "texts": [b.text for b in chosen]},
        ),
        note,
    )


def _slim_entries(
    ws: Workspace, role: str, path: str, excess: int, lines: int, spec: RoleSpec
) -> tuple[Proposal | None, str]:
    """Whole ``###`` entries: finished projects (oldest update first), or retired hosts first
    and then the oldest entries of infra.md."""
    text = ws.read_lines(path)
    if role == "projects":
        finished = [p for p in parse_projects(text, path) if _FINISHED.search(p.status)]
        ordered = [
            (p.name, p.end_line - p.start_line + 1)
            for p in sorted(finished, key=lambda p: (p.updated[:10], p.start_line))
        ]
        what = "已完成的项目" if ws.lang == "zh" else "finished projects"
    else:
        entries = parse_infra(text, path)
        retired = [e for e in entries if any(_RETIRED.search(v) for v in e.facts.values())]
        rest = [e for e in entries if e not in retired]
        ordered = [(e.name, e.end_line - e.start_line + 1) for e in [*retired, *rest]]
        what = "停用和最旧的条目" if ws.lang == "zh" else "retired and oldest entries"
    chosen: list[str] = []
    freed = 0
    for name, size in ordered:
        if freed >= excess:
            break
        chosen.append(name)
        freed += size + 1  # the blank line between entries goes too
    note = ""
    if freed < excess and role == "projects":
        zh = ws.lang == "zh"
        why = (
            ("其余项目都在进行中" if chosen else "每个项目都在进行中")
            if zh
            else ("the other projects are active" if chosen else "every project is active")
        )
        note = _not_enough(ws, path, lines, spec, why)
    if not chosen:
        return None, note
    archive = _archive_for(ws, role, path)
    return (
        _proposal(
            ws,
            "archive-entries",
            _summary(ws, path, lines, spec, len(chosen), what, archive),
            "archive",
            "ARCHIVE",
            "容量上限" if ws.lang == "zh" else "capacity limit",
            {"path": path, "role": role, "archive": archive, "names": chosen},
        ),
        note,
    )


def _day_of(rel: str) -> str:
    match = DAILY_NAME.match(rel.rsplit("/", 1)[-1])
    return match.group(1) if match else ""


def weekly_highlights(ws: Workspace) -> list[Proposal]:
    """Five-tier's weekly integration: last week's daily sections for MEMORY.md's 近期成果."""
    if ws.preset != "five-tier" or not ws.role("long_term"):
        return []
    today = ws.today()
    start = today - timedelta(days=6)
    week = sorted(
        (
            rel
            for rel in ws.role_files("daily")
            if start.isoformat() <= _day_of(rel) <= today.isoformat()
        ),
        reverse=True,
    )
    titles = []
    for rel in week:
        for section in parse_log(ws.read_lines(rel), rel)[:3]:
            tag = f"[{section.agent}] " if section.agent else ""
            titles.append(f"{tag}{section.title}")
    if not titles:
        return []
    zh = ws.lang == "zh"
    text = (
        f"近期成果（{start.isoformat()} ~ {today.isoformat()}）："
        if zh
        else f"Recent results ({start.isoformat()} to {today.isoformat()}): "
    ) + "；".join(titles[:6])
    return [
        _proposal(
            ws,
            "highlight",
            text,
            "long_term",
            "MEMORY",
            "每周整合" if zh else "weekly integration",
            {"section": "status"},
        )
    ]


def lesson_review(ws: Workspace) -> list[Proposal]:
    """Problems that keep coming back in lessons.md, distilled (note 002 §7.3)."""
    if not ws.role("lessons") or not (ws.role("principles") or ws.role("long_term")):
        return []
    lessons = [
        lesson
        for rel in ws.role_files("lessons")
        for lesson in parse_lessons(ws.read_lines(rel), rel)
    ]
    groups: list[list[Lesson]] = []
    for lesson in lessons:
        key = f"{lesson.title} {lesson.symptom}"
        group = next(
            (g for g in groups if similarity(key, f"{g[0].title} {g[0].symptom}") >= SAME_PROBLEM),
            None,
        )
        if group is None:
            groups.append([lesson])
        else:
            group.append(lesson)
    target = "principles" if ws.role("principles") else "long_term"
    existing = "".join("".join(ws.read_lines(rel)) for rel in ws.role_files(target))
    zh = ws.lang == "zh"
    out = []
    for group in groups:
        worst = min((g.severity for g in group if g.severity), default="P2")
        if len(group) < 2 and worst != "P0":
            continue
        latest = max(group, key=lambda g: (g.date, g.start_line))
        if latest.title in existing:
            continue  # distilled at an earlier review
        fix = next((g.fix for g in sorted(group, key=lambda g: g.date, reverse=True) if g.fix), "")
        text = (
            f"{latest.title}（lessons.md 记录 {len(group)} 次，{worst}）"
            + (f"：{fix}" if fix else "")
            if zh
            else f"{latest.title} (recorded {len(group)}x in lessons.md, {worst})"
            + (f": {fix}" if fix else "")
        )
        out.append(
            _proposal(
                ws,
                "lesson-review",
                text,
                target,
                "L1" if target == "principles" else "MEMORY",
                "每月回顾：高频问题" if zh else "monthly review: a recurring problem",
                {"lessons": [f"{g.title} ({g.date})" for g in group]},
            )
        )
    return out
