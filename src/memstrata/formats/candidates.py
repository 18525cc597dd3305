"""CANDIDATES.md: three Markdown tables (观察中 / 已晋升 / 已丢弃) of note 004.

Rows are parsed with their line numbers so one candidate can be updated or moved without
touching the others. Cells escape ``|`` as ``\\|``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memstrata.errors import FormatError
from memstrata.formats.markdown import entry_end, headings, insert_block, last_content
from memstrata.text.normalize import inline
from memstrata.text.textio import line_ending, strip_eol

TABLES: dict[str, tuple[str, int]] = {
    # key: (words identifying the section, column count)
    "observing": ("观察中|observing", 7),
    "promoted": ("已晋升|promoted", 4),
    "dropped": ("已丢弃|dropped", 4),
}
_SEPARATOR_ROW = re.compile(r"^\|?(\s*:?-+:?\s*\|)*\s*:?-+:?\s*\|?$")
_COUNT = re.compile(r"^(\d+)\s*/\s*(\d+)$")


@dataclass
class CandidateRow:
    """One table row: which table, its 1-based line and its cells."""

    table: str
    line: int
    cells: list[str]

    @property
    def cid(self) -> str:
        return self.cells[0]


def split_row(line: str) -> list[str]:
    """Cells of a ``| a | b |`` row, honouring ``\\|`` escapes."""
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    cells = re.split(r"(?<!\\)\|", body)
    return [cell.strip().replace("\\|", "|") for cell in cells]


def render_row(cells: list[str]) -> str:
    """``| a | b |`` with ``|`` inside cells escaped, newlines flattened and HTML comment
    delimiters and tags escaped (text.normalize.inline)."""
    clean = [inline(str(cell).replace("\\|", "|"), pipes=True, lead=False) for cell in cells]
    return "| " + " | ".join(clean) + " |"


def table_of(title: str) -> str | None:
    lowered = title.lower()
    for key, (words, _count) in TABLES.items():
        if any(word in lowered for word in words.split("|")):
            return key
    return None


def parse_count(cell: str, path: str, line: int) -> tuple[int, int]:
    """``2/3`` -> (2, 3)."""
    match = _COUNT.match(cell.strip())
    if not match:
        raise FormatError(f"candidate count {cell!r} is not 'n/target'", path, line)
    return int(match.group(1)), int(match.group(2))


def parse_candidates(lines: list[str], path: str) -> list[CandidateRow]:
    """Every data row of the three tables; a row with the wrong number of cells is an error."""
    rows: list[CandidateRow] = []
    all_headings = headings(lines)
    for heading in all_headings:
        key = table_of(heading.title) if heading.level == 2 else None
        if key is None:
            continue
        columns = TABLES[key][1]
        end = entry_end(lines, all_headings, heading)
        header_seen = False
        for index in range(heading.index + 1, end):
            line = strip_eol(lines[index]).strip()
            if not line.startswith("|"):
                continue
            if not header_seen:
                header_seen = True
                continue
            if _SEPARATOR_ROW.match(line):
                continue
            cells = split_row(line)
            if len(cells) != columns:
                raise FormatError(
                    f"candidate row has {len(cells)} cells, expected {columns}", path, index + 1
                )
            if key == "observing":
                parse_count(cells[5], path, index + 1)
            rows.append(CandidateRow(key, index + 1, cells))
    return rows


def add_row(lines: list[str], table: str, cells: list[str], path: str) -> tuple[list[str], int]:
    """Append a row at the end of ``table``; returns new lines and the row's 1-based line."""
    parse_candidates(lines, path)
    eol = line_ending(lines)
    all_headings = headings(lines)
    heading = next((h for h in all_headings if h.level == 2 and table_of(h.title) == table), None)
    if heading is None:
        raise FormatError(f"no '{TABLES[table][0].split('|')[0]}' table", path)
    end = entry_end(lines, all_headings, heading)
    at = max(last_content(lines, heading.index, end) + 1, heading.index + 1)
    new = list(lines)
    if not new[at - 1].endswith(("\n", "\r")):
        new[at - 1] += eol
    if not strip_eol(new[at - 1]).strip().startswith("|"):
        new, at = insert_block(new, at, [render_row(cells) + eol])
        return new, at + 1
    return [*new[:at], render_row(cells) + eol, *new[at:]], at + 1


def replace_row(lines: list[str], line: int, cells: list[str]) -> list[str]:
    """Rewrite the row at 1-based ``line`` in place."""
    raw = lines[line - 1]
    ending = raw[len(strip_eol(raw)) :]
    return [*lines[: line - 1], render_row(cells) + ending, *lines[line:]]


def remove_row(lines: list[str], line: int) -> list[str]:
    """Take the row at 1-based ``line`` out (used when moving it to another table)."""
    return lines[: line - 1] + lines[line:]
