"""EVOLUTION_LOG.md: the append-only record of everything the engine wrote, promoted or dropped.

Nothing is hard-deleted by the engine (docs/design.md principle 4), so this log is how a user finds
out what changed, when, why and where.
"""

from __future__ import annotations

from memstrata.core.templates import template_for
from memstrata.core.writer import Writer
from memstrata.text.normalize import inline


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
