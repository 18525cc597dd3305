"""EVOLUTION_LOG.md: the append-only record of everything the engine wrote, promoted or dropped.

Nothing is hard-deleted by the engine (docs/design.md principle 4), so this log is how a user finds
out what changed, when, why and where.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from memstrata.core.templates import template_for
from memstrata.core.writer import Writer
from memstrata.text.normalize import inline
from memstrata.text.textio import strip_eol

if TYPE_CHECKING:
    from memstrata.core.workspace import Workspace

# The line log_evolution writes; read back by last_write (one module knows the format).
_LINE = re.compile(
    r"^- (\d{4}-\d{2}-\d{2} \d{2}:\d{2})(?: \[[^\]]*\])? \| [^|]* \| ([^|]+:L\d+[^|]*) \| (.+)$"
)


@dataclass(frozen=True)
class LoggedWrite:
    when: datetime
    location: str  # "USER.md:L18"
    summary: str


def log_evolution(writer: Writer, source: str, location: str, summary: str) -> int:
    """Append one line ``- YYYY-MM-DD HH:MM | source | location | summary``; returns its line."""
    ws = writer.ws
    spec = ws.role("evolution_log")
    if spec is None:
        return 0
    stamp = ws.now().strftime("%Y-%m-%d %H:%M")
    summary = inline(summary)  # a comment delimiter or tag in it cannot hide the lines below
    agent = f" [{writer.agent}]" if writer.agent else ""
    header = template_for(ws.preset, spec.path, ws.lang, ws.today().isoformat())
    return writer.append(
        spec.path,
        f"- {stamp}{agent} | {source} | {location} | {summary}\n",
        header=header,
        role="evolution_log",
    )


def last_write(ws: Workspace) -> LoggedWrite | None:
    """The newest logged write that points at lines (its file and line), or None."""
    spec = ws.role("evolution_log")
    if spec is None or not ws.exists(spec.path):
        return None
    _before, lines = ws.read_tail(spec.path, 4096)
    for line in reversed(lines):
        found = _LINE.match(strip_eol(line))
        if found:
            when = datetime.strptime(found.group(1), "%Y-%m-%d %H:%M")
            return LoggedWrite(when, found.group(2).strip(), found.group(3).strip())
    return None
