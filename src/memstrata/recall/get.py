"""``memstrata get PATH[:START[-END]]``: the exact lines a citation points at.

Same confinement and session visibility as search: a shared session cannot read MEMORY.md by
asking for it directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from memstrata.core.permissions import Session, can_read
from memstrata.core.workspace import Workspace
from memstrata.errors import MemstrataError, PermissionDenied
from memstrata.text.spans import Span, parse_location
from memstrata.text.textio import strip_eol


@dataclass
class GetResult:
    path: str
    start_line: int
    end_line: int
    lines: list[str]
    role: str | None = None

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def span(self) -> Span:
        return Span(self.path, self.start_line, self.end_line, self.role)


def get_lines(ws: Workspace, ref: str, session: Session | None = None) -> GetResult:
    """The referenced lines (the whole file without a range)."""
    session = session or Session()
    path, start, end = parse_location(ref)
    full = ws.resolve(path)
    rel = ws.rel(full)
    if rel.removeprefix("@global/").split("/", 1)[0].startswith("."):
        # .memstrata/ (proposals, caches, logs), .git/...: derived or foreign state, not memory.
        raise PermissionDenied("hidden folders are not memory; nothing to read here", rel)
    if not can_read(ws.config, session, *ws.read_roles(rel)):
        raise PermissionDenied(f"a {session.kind} session cannot read this file", rel)
    if not ws.exists(rel):
        raise MemstrataError("no such file in the workspace", rel)
    lines = ws.read_lines(rel)
    first = start or 1
    last = min(end or len(lines), len(lines))
    if first < 1 or first > max(len(lines), 1) or (end is not None and end < first):
        raise MemstrataError(
            f"line range {first}-{end} is outside the file ({len(lines)} lines)", rel
        )
    body = [strip_eol(line) for line in lines[first - 1 : last]]
    return GetResult(rel, first, last, body, ws.role_of(rel))
