"""L2 patterns: ``## 标题`` + context/tags/source + ``---`` + body, and the index.md lines."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from memstrata.errors import FormatError
from memstrata.formats.fields import body_text, split_meta
from memstrata.formats.markdown import append_block, entry_end, headings, to_lines
from memstrata.text.lazy_re import lazy_compile
from memstrata.text.normalize import body_lines, one_line
from memstrata.text.textio import line_ending, strip_eol

_INDEX_LINE = lazy_compile(
    r"^[-*]\s+(?P<title>.+?)\s*\|\s*file\s*[:：]\s*(?P<file>[^|]*?)\s*(?:\|\s*context\s*[:：]\s*(?P<context>.*))?$"
)


@dataclass
class Pattern:
    """One L2 pattern in a domain file, with its 1-based inclusive line span."""

    title: str
    body: str
    context: str = ""
    tags: list[str] = field(default_factory=list)
    source: str = ""
    start_line: int = 0
    end_line: int = 0


@dataclass
class IndexLine:
    """One line of patterns/index.md: ``- 标题 | file: config.md | context: ...``."""

    title: str
    file: str
    context: str
    line: int = 0


def _parse_tags(raw: str) -> list[str]:
    raw = raw.strip()
    if raw.startswith("[") and raw.endswith("]"):
        raw = raw[1:-1]
    return [tag.strip().strip("'\"") for tag in re.split(r"[,，]", raw) if tag.strip()]


def parse_patterns(lines: list[str], path: str) -> list[Pattern]:
    """Every ``##`` entry of a domain file in order."""
    found: list[Pattern] = []
    all_headings = headings(lines)
    for heading in all_headings:
        if heading.level != 2:
            continue
        if not heading.title.strip():
            raise FormatError("pattern heading has no title", path, heading.index + 1)
        end = entry_end(lines, all_headings, heading)
        fields, body_start = split_meta(lines, heading.index + 1, end)
        found.append(
            Pattern(
                title=heading.title.strip(),
                body=body_text(lines, body_start, end),
                context=fields.get("context", ""),
                tags=_parse_tags(fields.get("tags", "")),
                source=fields.get("source", ""),
                start_line=heading.index + 1,
                end_line=end,
            )
        )
    return found


def render_pattern(pattern: Pattern) -> str:
    """The Markdown of one pattern (no trailing newline)."""
    return "\n".join(
        [
            f"## {one_line(pattern.title)}",
            f"context: {one_line(pattern.context)}",
            f"tags: [{', '.join(one_line(tag) for tag in pattern.tags)}]",
            f"source: {one_line(pattern.source)}",
            "---",
            *body_lines(pattern.body),
        ]
    )


def add_pattern(
    lines: list[str], pattern: Pattern, path: str | None = None
) -> tuple[list[str], Pattern]:
    """Append a pattern to its domain file; returns new lines and the placed pattern."""
    block = to_lines(render_pattern(pattern), line_ending(lines))
    new_lines, start = append_block(lines, block, path)
    pattern.start_line, pattern.end_line = start + 1, start + len(block)
    return new_lines, pattern


def parse_index(lines: list[str], path: str) -> list[IndexLine]:
    """The entries of patterns/index.md; a line naming ``file:`` without a file is an error."""
    found: list[IndexLine] = []
    for number, raw in enumerate(lines, start=1):
        match = _INDEX_LINE.match(strip_eol(raw).strip())
        if not match:
            continue
        if not match.group("file"):
            raise FormatError("index line has an empty 'file:'", path, number)
        found.append(
            IndexLine(
                match.group("title"),
                match.group("file"),
                (match.group("context") or "").strip(),
                number,
            )
        )
    return found


def add_index_line(lines: list[str], entry: IndexLine) -> tuple[list[str], int]:
    """Append one index line after the last one (or at the end); returns lines and its line."""
    eol = line_ending(lines)
    title, context = one_line(entry.title).replace("|", "/"), one_line(entry.context)
    text = f"- {title} | file: {entry.file} | context: {context}{eol}"
    existing = parse_index(lines, "index.md")
    if existing:
        at = existing[-1].line
        new = list(lines)
        if not new[at - 1].endswith(("\n", "\r")):
            new[at - 1] += eol
        return [*new[:at], text, *new[at:]], at + 1
    new_lines, start = append_block(lines, [text])
    return new_lines, start + 1
