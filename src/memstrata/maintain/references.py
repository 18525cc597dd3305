"""Entry references both ways: ``P042`` <-> ``memory/principles.md:L120-L127``.

Citations, statistics and clean-up speak of entries; users and agents write either an id
(P042, C003), a citation (``📍 MEMORY.md:L23``) or a path with lines. This module turns any of
them into one resolved entry with its id, title, role and line span.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memstrata.core.workspace import Workspace
from memstrata.errors import MemstrataError
from memstrata.formats.bullets import parse_bullets
from memstrata.formats.candidates import parse_candidates
from memstrata.formats.lessons import parse_lessons
from memstrata.formats.patterns import parse_patterns
from memstrata.formats.principles import parse_principles
from memstrata.text.spans import Span, parse_location

_PID = re.compile(r"^P(\d+)$", re.IGNORECASE)
_CID = re.compile(r"^C\d+$", re.IGNORECASE)


@dataclass
class Entry:
    """One memory entry: where it is and what it is called."""

    entry_id: str
    title: str
    role: str
    path: str
    start_line: int
    end_line: int
    date: str = ""

    @property
    def span(self) -> Span:
        return Span(self.path, self.start_line, self.end_line, self.role, self.entry_id)

    @property
    def location(self) -> str:
        return self.span.location()


def entries(
    ws: Workspace,
    roles: tuple[str, ...] = ("principles", "patterns", "user", "long_term", "lessons"),
) -> list[Entry]:
    """Every entry of the given roles, in file order."""
    found: list[Entry] = []
    for role in roles:
        for path in ws.role_files(role):
            lines = ws.read_lines(path)
            if role == "principles":
                found += [
                    Entry(p.pid, p.title, role, path, p.start_line, p.end_line, p.source[:10])
                    for p in parse_principles(lines, path)
                ]
            elif role == "patterns" and not path.endswith("index.md"):
                found += [
                    Entry(p.title, p.title, role, path, p.start_line, p.end_line, p.source[:10])
                    for p in parse_patterns(lines, path)
                ]
            elif role in ("user", "long_term"):
                found += [
                    Entry(f"{path}:L{b.line}", b.text, role, path, b.line, b.line, b.date)
                    for b in parse_bullets(lines, path)
                ]
            elif role == "lessons":
                found += [
                    Entry(
                        f"{path}:L{x.start_line}",
                        x.title,
                        role,
                        path,
                        x.start_line,
                        x.end_line,
                        x.date,
                    )
                    for x in parse_lessons(lines, path)
                ]
    return found


def resolve(ws: Workspace, ref: str) -> Entry:
    """The entry an id, citation or ``path:Lx-Ly`` names; an unknown reference is an error."""
    ref = ref.strip()
    match = _PID.match(ref)
    if match:
        number = int(match.group(1))
        for entry in entries(ws, ("principles",)):
            if int(entry.entry_id[1:]) == number:
                return entry
        raise MemstrataError(f"no principle P{number:03d}")
    if _CID.match(ref) and ws.role("candidates"):
        path = ws.role_path("candidates")
        for row in parse_candidates(ws.read_lines(path), path):
            if row.cid.upper() == ref.upper():
                return Entry(row.cid, row.cells[2], "candidates", path, row.line, row.line)
        raise MemstrataError(f"no candidate {ref.upper()}", path)
    where, first, last = parse_location(ref)
    path = ws.rel(ws.resolve(where))
    start = first or 1
    end = last or start
    for entry in entries(ws):
        if entry.path == path and entry.start_line <= start <= entry.end_line:
            return entry
    if not ws.exists(path):
        raise MemstrataError("no such file in the workspace", path)
    return Entry(f"{path}:L{start}", "", ws.role_of(path) or "other", path, start, end)
