"""``memstrata get PATH[:START[-END]]``: the exact lines a citation points at.

Same confinement and session visibility as search: a shared session cannot read MEMORY.md by
asking for it directly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memstrata.core.permissions import Session, can_read
from memstrata.core.workspace import Workspace
from memstrata.errors import MemstrataError, PermissionDenied
from memstrata.text.textio import strip_eol

_REF = re.compile(r"^(?:📍\s*)?(?P<path>.+?)(?::L?(?P<start>\d+)(?:-L?(?P<end>\d+))?)?$")


@dataclass
class GetResult:
    path: str
    start_line: int
    end_line: int
    lines: list[str]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def parse_ref(ref: str) -> tuple[str, int | None, int | None]:
    """``path``, ``path:12``, ``path:12-15``, ``path:L12-L15`` or a ``📍`` citation."""
    match = _REF.match(ref.strip())
    if not match:
        raise MemstrataError(f"cannot read reference {ref!r}; use PATH[:START[-END]]")
    start = int(match.group("start")) if match.group("start") else None
    end = int(match.group("end")) if match.group("end") else start
    return match.group("path"), start, end


def get_lines(ws: Workspace, ref: str, session: Session | None = None) -> GetResult:
    """The referenced lines (the whole file without a range)."""
    session = session or Session()
    path, start, end = parse_ref(ref)
    full = ws.resolve(path)
    rel = ws.rel(full)
    if not can_read(ws.config, session, ws.role_of(rel)):
        raise PermissionDenied(f"a {session.kind} session cannot read this file", rel)
    if not full.is_file():
        raise MemstrataError("no such file in the workspace", rel)
    lines = ws.read_lines(rel)
    first = start or 1
    last = min(end or len(lines), len(lines))
    if first < 1 or first > max(len(lines), 1) or (end is not None and end < first):
        raise MemstrataError(
            f"line range {first}-{end} is outside the file ({len(lines)} lines)", rel
        )
    return GetResult(rel, first, last, [strip_eol(line) for line in lines[first - 1 : last]])
