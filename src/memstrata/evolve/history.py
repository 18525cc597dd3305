"""MEMORY.md's ``进化历史摘要`` section (note 004): the last three evolutions, one line each
(``日期 | 来源 | 写入内容摘要 | 详见 EVOLUTION_LOG.md``), rewritten after every approval.

Only a MEMORY.md that has the section (the memory-manager and default templates) is touched;
the lines are plain bullets without a ``[YYYY-MM]`` date, so they are never read as memories.
"""

from __future__ import annotations

import re

from memstrata.core.writer import Writer
from memstrata.formats.bullets import refresh_header, section_key
from memstrata.formats.markdown import headings, section_end
from memstrata.text.textio import line_ending, strip_eol
from memstrata.text.titles import clip

KEEP = 3
_LOG_LINE = re.compile(r"^-\s+(\d{4}-\d{2}-\d{2})[^|]*\|\s*([^|]*?)\s*\|\s*([^|]*?)\s*\|\s*(.*)$")


def _recent(writer: Writer) -> list[str]:
    ws = writer.ws
    spec = ws.role("evolution_log")
    if spec is None or not ws.exists(spec.path):
        return []
    found = []
    for raw in ws.read_lines(spec.path):
        match = _LOG_LINE.match(strip_eol(raw))
        if match:
            day, source, where, summary = match.groups()
            if "CANDIDATES" in where or source == "consolidate":
                continue  # drops and slimming are upkeep, not something learned
            short = clip(summary, 40)
            found.append(f"- {day} | {source} | {short} | 详见 EVOLUTION_LOG.md")
    return found[-KEEP:][::-1]


def update_evolution_summary(writer: Writer) -> None:
    ws = writer.ws
    if ws.role("long_term") is None:
        return
    path = ws.role_path("long_term")
    if not ws.exists(path):
        return
    recent = _recent(writer)
    if not recent:
        return

    def transform(lines: list[str]) -> tuple[list[str], None]:
        all_headings = headings(lines)
        target = next(
            (h for h in all_headings if h.level == 2 and section_key(h.title) == "evolution"),
            None,
        )
        if target is None:
            return lines, None
        eol = line_ending(lines)
        end = section_end(lines, all_headings, target)
        body = lines[target.index + 1 : end]
        comments = [line for line in body if strip_eol(line).lstrip().startswith("<!--")]
        rest = [
            line
            for line in body
            if not strip_eol(line).lstrip().startswith(("<!--", "- ")) and strip_eol(line).strip()
        ]
        block = [*comments, *(line + eol for line in recent), *rest]
        if end < len(lines):
            block.append(eol)
        new = [*lines[: target.index + 1], *block, *lines[end:]]
        return refresh_header(new, ws.today().isoformat()), None

    writer.rewrite(path, transform, role="long_term")
