"""``memstrata status``: per role, how many entries, how many lines against its limit, when
it last changed. It parses every entry, so a malformed file is reported here first (``doctor``
asks for the lenient form: a file that does not parse is counted by lines and named in the
row's warnings, and the other roles are still reported)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from memstrata.core.permissions import Session, hidden_roles
from memstrata.core.workspace import Workspace
from memstrata.errors import MemstrataError
from memstrata.formats.bullets import parse_bullets
from memstrata.formats.candidates import parse_candidates
from memstrata.formats.daily import parse_log
from memstrata.formats.infra import parse_infra
from memstrata.formats.jsonl import parse_jsonl
from memstrata.formats.lessons import parse_lessons
from memstrata.formats.patterns import parse_index, parse_patterns
from memstrata.formats.principles import parse_principles
from memstrata.formats.projects import parse_projects
from memstrata.formats.tasks import parse_tasks

_PARSERS = {
    "user": lambda lines, path: len(parse_bullets(lines, path)),
    "long_term": lambda lines, path: len(parse_bullets(lines, path)),
    "principles": lambda lines, path: len(parse_principles(lines, path)),
    "lessons": lambda lines, path: len(parse_lessons(lines, path)),
    "projects": lambda lines, path: len(parse_projects(lines, path)),
    "infra": lambda lines, path: len(parse_infra(lines, path)),
    "tasks": lambda lines, path: len(parse_tasks(lines, path)),
    "daily": lambda lines, path: len(parse_log(lines, path)),
    "candidates": lambda lines, path: sum(
        1 for row in parse_candidates(lines, path) if row.table == "observing"
    ),
    "pending": lambda lines, path: len(parse_jsonl(lines).valid),
    "citations": lambda lines, path: len(parse_jsonl(lines).valid),
}


@dataclass
class RoleStatus:
    """One row of the status table."""

    role: str
    files: int
    entries: int | None
    lines: int
    limit: int | None
    last_update: str | None
    warnings: list[str]
    limit_unit: str = "lines"

    @property
    def over_limit(self) -> bool:
        used = (self.entries or 0) if self.limit_unit == "entries" else self.lines
        return self.limit is not None and used > self.limit


def _count(role: str, rel: str, lines: list[str]) -> tuple[int | None, list[str]]:
    if role == "patterns":
        if rel.endswith("/index.md") or rel == "index.md":
            parse_index(lines, rel)
            return 0, []
        return len(parse_patterns(lines, rel)), []
    if role in ("pending", "citations"):
        parsed = parse_jsonl(lines)
        return len(parsed.valid), [f"{rel}: {w}" for w in parsed.warnings]
    parser = _PARSERS.get(role)
    return (parser(lines, rel), []) if parser else (None, [])


def workspace_status(
    ws: Workspace, session: Session | None = None, strict: bool = True
) -> list[RoleStatus]:
    """The status of every role the layout defines that ``session`` may see, in layout order;
    ``strict=False`` reports a file that does not parse as a warning instead of raising."""
    hidden = hidden_roles(ws.config, session or Session())
    rows: list[RoleStatus] = []
    for name, spec in ws.layout.roles.items():
        if name in hidden:
            continue
        files = ws.role_files(name)
        entries: int | None = None
        total_lines = 0
        warnings: list[str] = []
        newest: float | None = None
        for rel in files:
            try:
                lines = ws.read_lines(rel)
                total_lines += len(lines)
                count, found = _count(name, rel, lines)
            except MemstrataError as exc:
                if strict:
                    raise
                warnings.append(str(exc))
                continue
            warnings.extend(found)
            if count is not None:
                entries = (entries or 0) + count
            mtime = ws.store.modified(rel)
            if mtime is not None:
                newest = mtime if newest is None else max(newest, mtime)
        last = datetime.fromtimestamp(newest).isoformat(timespec="seconds") if newest else None
        unit = "entries" if name == "candidates" else "lines"
        rows.append(
            RoleStatus(name, len(files), entries, total_lines, spec.limit, last, warnings, unit)
        )
    return rows
