"""L1 principles (``### P001: 标题`` + category/source/why/generalize + ``---`` + body).

A principle a newer one replaced keeps its place and gains ``superseded: 2026-03-16 → P009``
(nothing is hard-deleted; DESIGN.md principle 4): the user approved the mark on a card."""

from __future__ import annotations

from dataclasses import dataclass

from memstrata.errors import FormatError
from memstrata.formats.fields import body_text, split_meta
from memstrata.formats.markdown import append_block, entry_end, headings, to_lines
from memstrata.text.lazy_re import lazy_compile
from memstrata.text.normalize import inline
from memstrata.text.textio import line_ending

_ID_HEADING = lazy_compile(r"^P(\d+)\b\s*[:：\-—]?\s*(.*)$")
CATEGORIES_ZH = ("配置", "技能", "调研分析", "多代理", "排障", "通用", "其他")


@dataclass
class Principle:
    """One L1 principle with its 1-based inclusive line span."""

    number: int
    title: str
    body: str
    category: str = ""
    source: str = ""
    why: str = ""
    generalize: str = ""
    superseded: str = ""  # "YYYY-MM-DD → P009" once a newer principle replaced it
    start_line: int = 0
    end_line: int = 0

    @property
    def pid(self) -> str:
        return f"P{self.number:03d}"


def parse_principles(lines: list[str], path: str) -> list[Principle]:
    """All principles in order; a broken ``### P..`` heading or a duplicate id is an error."""
    found: list[Principle] = []
    seen: dict[int, int] = {}
    all_headings = headings(lines)
    for heading in all_headings:
        match = _ID_HEADING.match(heading.title)
        if heading.level != 3 or not match:
            continue
        number, title = int(match.group(1)), match.group(2).strip()
        line_no = heading.index + 1
        if not title:
            raise FormatError(f"principle P{match.group(1)} has no title", path, line_no)
        if number in seen:
            raise FormatError(
                f"duplicate principle id P{number:03d} (first at line {seen[number]})",
                path,
                line_no,
            )
        seen[number] = line_no
        end = entry_end(lines, all_headings, heading)
        fields, body_start = split_meta(lines, heading.index + 1, end)
        found.append(
            Principle(
                number=number,
                title=title,
                body=body_text(lines, body_start, end),
                category=fields.get("category", ""),
                source=fields.get("source", ""),
                why=fields.get("why", ""),
                generalize=fields.get("generalize", ""),
                superseded=fields.get("superseded", ""),
                start_line=line_no,
                end_line=end,
            )
        )
    return found


def render_principle(principle: Principle) -> str:
    """The Markdown of one principle (no trailing newline)."""
    return "\n".join(
        [
            f"### {principle.pid}: {inline(principle.title)}",
            f"category: {inline(principle.category)}",
            f"source: {inline(principle.source)}",
            f"why: {inline(principle.why)}",
            f"generalize: {inline(principle.generalize)}",
            *([f"superseded: {inline(principle.superseded)}"] if principle.superseded else []),
            "---",
            # 1-3 sentences: one paragraph, escaped so that nothing in it can read as a
            # heading (``### P099: x`` would be parsed as another principle) or a separator.
            inline(principle.body),
        ]
    )


def add_principle(lines: list[str], principle: Principle, path: str) -> tuple[list[str], Principle]:
    """Append ``principle`` with the next free id; returns new lines and the placed principle."""
    existing = parse_principles(lines, path)
    principle.number = max((p.number for p in existing), default=0) + 1
    block = to_lines(render_principle(principle), line_ending(lines))
    new_lines, start = append_block(lines, block, path)
    principle.start_line = start + 1
    principle.end_line = start + len(block)
    return new_lines, principle


def replace_principle(lines: list[str], principle: Principle, path: str) -> list[str]:
    """Rewrite one existing principle (matched by id) in place, leaving every other line alone."""
    for old in parse_principles(lines, path):
        if old.number == principle.number:
            block = to_lines(render_principle(principle), line_ending(lines))
            if old.end_line == len(lines) and not lines[-1].endswith(("\n", "\r")):
                block[-1] = block[-1].rstrip("\r\n")
            return lines[: old.start_line - 1] + block + lines[old.end_line :]
    raise FormatError(f"no principle {principle.pid}", path)
