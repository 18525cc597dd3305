"""What agents write directly: daily-log sections, lessons and project updates (note 002).

These go straight to their files (no approval) because they are records of what happened, not
rules; in a team workspace every entry carries the writing agent's ``[agent]`` tag.
"""

from __future__ import annotations

import re
from datetime import date

from memstrata.core.templates import template_for
from memstrata.core.transaction import current as current_transaction
from memstrata.core.writer import Writer
from memstrata.errors import MemstrataError
from memstrata.formats.daily import (
    add_archive_items,
    add_log_items,
    archive_section,
    render_archive_day,
    render_log_section,
    render_log_title,
    set_footer,
)
from memstrata.formats.infra import set_facts
from memstrata.formats.lessons import SEVERITIES, Lesson, add_lesson
from memstrata.formats.projects import Project, add_project, parse_projects, update_project
from memstrata.formats.tags import safe_title
from memstrata.text.normalize import one_line
from memstrata.text.spans import Placed, Span
from memstrata.text.textio import split_lines
from memstrata.text.titles import brief, strip_heading_marks

_BULLET = re.compile(r"^[-*+]\s+")


def log(
    writer: Writer,
    text: str,
    title: str | None = None,
    section: str = "done",
    day: date | None = None,
) -> Placed:
    """Add a ``## [agent] 标题`` section with these items to the day's log (today by default),
    or the items to that section when the same agent logged the same title that day.

    Three-tier logs (note 001) get bullets under 今日完成 / 待办 / 重要发现 instead; five-tier
    logs (note 002) show the zone (``**时间**: 10:30 GMT+8``) and keep their closing footer.
    """
    ws = writer.ws
    # Clean the whole text before splitting it: a key pasted over several lines (a PEM block)
    # is only recognisable whole.
    items = [
        _BULLET.sub("", line.strip()) for line in writer.clean(text).split("\n") if line.strip()
    ]
    if not items:
        raise MemstrataError("nothing to log: the text is empty")
    day = day or ws.today()
    path = ws.daily_path(day)
    given = strip_heading_marks(writer.clean(title)) if title else ""
    section = strip_heading_marks(section) or "done"
    heading = given or brief(items[0])
    now = ws.now()
    zone = ws.zone_label(now) if ws.layout.daily_footer or ws.zone is not None else ""
    stamp = now.strftime("%H:%M") + (f" {zone}" if zone else "")
    plain = ws.layout.daily_style == "sections" and not ws.layout.daily_footer
    if plain and not _has_section(writer, path, heading):
        # The common case stays a locked append (no rewrite of a long log): a new section at
        # the end of a log without a footer.
        block = render_log_section(heading, writer.agent, stamp, section, items, ws.lang)
        header = render_log_title(day.isoformat()) + "\n"
        start = writer.append(path, "\n" + block + "\n", header=header, role="daily")
        first = start + 1  # the section starts after the blank separator line
        return Placed(Span(path, first, first + block.count("\n"), "daily"), heading)

    def transform(lines: list[str]) -> tuple[list[str], tuple[int, int]]:
        if ws.layout.daily_style == "archive":
            tag = f"[{writer.agent}] " if writer.agent else ""
            lead = f"{given}：" if given and ws.lang == "zh" else f"{given}: " if given else ""
            lines = lines or split_lines(render_archive_day(day.isoformat(), ws.lang))
            new, start, end = add_archive_items(
                lines,
                archive_section(section, ws.lang),
                [f"{tag}{lead}{item}" for item in items],
                ws.lang,
            )
            return new, (start, end)
        lines = lines or split_lines(render_log_title(day.isoformat()) + "\n")
        new, start, end = add_log_items(
            lines, heading, writer.agent, stamp, section, items, ws.lang, path
        )
        if ws.layout.daily_footer:
            new = set_footer(new, now.strftime("%Y-%m-%d %H:%M"), zone, ws.lang)
        return new, (start, end)

    start, end = writer.rewrite(path, transform, role="daily")
    return Placed(Span(path, start, end, "daily"), heading)


def _has_section(writer: Writer, path: str, title: str) -> bool:
    """Whether the day's log already has this agent's section of that title (a byte search,
    so logging to a long file stays cheap), as the store holds it or the running transaction
    has staged it (the team store has no file to look at)."""
    staged = current_transaction(writer.ws)
    text = staged.staged_text(path) if staged else None
    data = text.encode("utf-8") if text is not None else writer.ws.store.read(path)
    if data is None:
        return False
    tag = f"[{writer.agent}] " if writer.agent else ""
    needle = f"## {tag}{safe_title(one_line(title))}".encode()
    breaks = (b"\n", b"\r")  # a CRLF pair is found by either half
    return any(
        data.startswith(needle + end) or start + needle + end in data
        for start in breaks
        for end in breaks
    ) or data.endswith(tuple(start + needle for start in breaks))


def lesson(
    writer: Writer,
    title: str,
    symptom: str = "",
    cause: str = "",
    fix: str = "",
    severity: str = "P1",
) -> Placed:
    """Add a lesson under its severity section of lessons.md (created from the template)."""
    ws = writer.ws
    severity = severity.upper()
    if severity not in SEVERITIES:
        raise MemstrataError(f"severity must be one of {', '.join(SEVERITIES)}, not {severity!r}")
    title = strip_heading_marks(writer.clean(title))
    if not title:
        raise MemstrataError("a lesson needs a title")
    path = ws.role_path("lessons")
    entry = Lesson(
        title=title,
        agent=writer.agent,
        date=ws.today().isoformat(),
        symptom=writer.clean(symptom.strip()),
        cause=writer.clean(cause.strip()),
        fix=writer.clean(fix.strip()),
        severity=severity,
    )
    template = template_for(ws.preset, path, ws.lang, ws.today().isoformat())

    def transform(lines: list[str]) -> tuple[list[str], Lesson]:
        return add_lesson(lines or split_lines(template), entry, ws.lang, path)

    placed = writer.rewrite(path, transform, role="lessons")
    return Placed(Span(path, placed.start_line, placed.end_line, "lessons"), placed.title)


def project(
    writer: Writer,
    name: str,
    status: str | None = None,
    owner: str | None = None,
    progress: str | None = None,
) -> Placed:
    """Create or update one project in projects.md, changing only the fields given."""
    ws = writer.ws
    name = strip_heading_marks(writer.clean(name))
    if not name:
        raise MemstrataError("a project needs a name")
    path = ws.role_path("projects")
    today = ws.today().isoformat()
    stamp = f"{today} [{writer.agent}]" if writer.agent else today
    changes = {k: writer.clean(v) for k, v in {"status": status, "owner": owner}.items() if v}
    changes["updated"] = stamp
    note = writer.clean(progress) if progress else None
    template = template_for(ws.preset, path, ws.lang, today)

    def transform(lines: list[str]) -> tuple[list[str], tuple[int, int]]:
        lines = lines or split_lines(template)
        existing = next((p for p in parse_projects(lines, path) if p.name == name), None)
        if existing is None:
            fresh = Project(
                name=name,
                status=changes.get("status", ""),
                owner=changes.get("owner", writer.agent or ""),
                updated=stamp,
                progress=[note] if note else [],
                agent=writer.agent,
            )
            new_lines, placed = add_project(lines, fresh, ws.lang, path)
            return new_lines, (placed.start_line, placed.end_line)
        new_lines = update_project(lines, existing, changes, note, ws.lang)
        return new_lines, (existing.start_line, existing.end_line + len(new_lines) - len(lines))

    start, end = writer.rewrite(path, transform, role="projects")
    return Placed(Span(path, start, end, "projects", name), name)


def parse_fact(text: str) -> tuple[str, str]:
    """``port=8443``, ``port: 8443`` or ``端口：8443`` -> ("port", "8443")."""
    for separator in ("=", "：", ":"):
        key, found, value = text.partition(separator)
        if found and key.strip() and value.strip():
            return key.strip(), value.strip()
    raise MemstrataError(f"a fact is KEY=VALUE or KEY: VALUE, not {text[:60]!r}")


def infra(writer: Writer, name: str, facts: dict[str, str], kind: str = "server") -> Placed:
    """Add or update a host's or service's key facts in infra.md (note 002): one entry per
    host/service, one line per fact; secrets are redacted (refused in teams) like everywhere."""
    ws = writer.ws
    name = strip_heading_marks(writer.clean(name))
    if not name:
        raise MemstrataError("an infra entry needs a host or service name")
    if not facts:
        raise MemstrataError("give at least one fact, e.g. port=8443")
    clean = {writer.clean(k): writer.clean_fact(k, v) for k, v in facts.items()}
    path = ws.role_path("infra")
    template = template_for(ws.preset, path, ws.lang, ws.today().isoformat())

    def transform(lines: list[str]) -> tuple[list[str], tuple[int, int]]:
        return set_facts(
            lines or split_lines(template), name, clean, kind, writer.agent, ws.lang, path
        )

    start, end = writer.rewrite(path, transform, role="infra")
    return Placed(Span(path, start, end, "infra", name), name)
