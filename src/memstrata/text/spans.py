"""Citations, the product's promise that every recall is traceable: one type, one parser.

A :class:`Span` is a place in the workspace (file, 1-based inclusive lines, the role and entry
id when known). It renders the one citation form used everywhere, ``📍 path:L12`` for a line
and ``📍 path:L12-L15`` for several, and :func:`parse_location` reads back every form people
and agents write: ``path``, ``path:12``, ``path:12-15``, ``path:L12-L15``, with or without 📍.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from memstrata.errors import MemstrataError

PIN = "📍"
_LOCATION = re.compile(
    r"^(?:📍\s*)?(?P<path>[^\s:][^:]*?)(?::L?(?P<start>\d+)(?:-L?(?P<end>\d+))?)?$"
)


@dataclass(frozen=True)
class Span:
    """Lines ``start``..``end`` of ``path`` (``start == 0``: the whole file)."""

    path: str
    start: int = 0
    end: int = 0
    role: str | None = None
    entry_id: str | None = None

    def __post_init__(self) -> None:
        if self.end < self.start:
            object.__setattr__(self, "end", self.start)

    def location(self) -> str:
        """``path:L12`` or ``path:L12-L15`` (just ``path`` for a whole file)."""
        if not self.start:
            return self.path
        if self.end == self.start:
            return f"{self.path}:L{self.start}"
        return f"{self.path}:L{self.start}-L{self.end}"

    def cite(self) -> str:
        """The citation shown to people and agents: ``📍 path:L12-L15``."""
        return f"{PIN} {self.location()}"

    def as_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "start_line": self.start,
            "end_line": self.end,
            "role": self.role,
            "entry_id": self.entry_id,
            "cite": self.cite(),
        }


@dataclass(frozen=True)
class Placed:
    """Where a write landed (every write service returns one), its title and stored text."""

    span: Span
    title: str
    text: str = ""

    @property
    def cite(self) -> str:
        return self.span.cite()

    @property
    def role(self) -> str:
        return self.span.role or ""

    @property
    def path(self) -> str:
        return self.span.path

    @property
    def start_line(self) -> int:
        return self.span.start

    @property
    def end_line(self) -> int:
        return self.span.end

    @property
    def entry_id(self) -> str:
        return self.span.entry_id or self.span.location()


def parse_location(ref: str) -> tuple[str, int | None, int | None]:
    """``(path, start, end)`` from any citation form; ``start``/``end`` None for a whole file."""
    match = _LOCATION.match(ref.strip())
    if not match:
        raise MemstrataError(f"cannot read reference {ref[:80]!r}; use PATH[:START[-END]]")
    start = int(match.group("start")) if match.group("start") else None
    end = int(match.group("end")) if match.group("end") else start
    return match.group("path").strip(), start, end
