"""Line-level Markdown structure shared by the entry formats: headings and section spans.

Headings inside fenced code blocks are not headings, so a pasted shell session or a code
sample in a memory never splits an entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memstrata.errors import FormatError
from memstrata.text.textio import line_ending, strip_eol

_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$")
_FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})")


@dataclass(frozen=True)
class Heading:
    """A heading at 0-based ``index`` with its level (1-6) and title text."""

    index: int
    level: int
    title: str


def headings(lines: list[str]) -> list[Heading]:
    """Every ATX heading outside fenced code blocks, in order."""
    found: list[Heading] = []
    fence: str | None = None
    for index, raw in enumerate(lines):
        line = strip_eol(raw)
        fence_match = _FENCE.match(line)
        if fence_match:
            marker = fence_match.group(1)
            if fence is None:
                fence = marker[0] * 3
            elif marker.startswith(fence):
                fence = None
            continue
        if fence is not None:
            continue
        match = _HEADING.match(line)
        if match:
            found.append(Heading(index, len(match.group(1)), match.group(2)))
    return found


def open_fence(lines: list[str]) -> int | None:
    """1-based line of a code fence still open at the end of the file, else None."""
    fence: str | None = None
    opened = 0
    for index, raw in enumerate(lines):
        match = _FENCE.match(strip_eol(raw))
        if not match:
            continue
        marker = match.group(1)
        if fence is None:
            fence, opened = marker[0] * 3, index + 1
        elif marker.startswith(fence):
            fence = None
    return opened if fence is not None else None


def section_end(lines: list[str], all_headings: list[Heading], heading: Heading) -> int:
    """0-based exclusive end of the section a heading opens (next heading of level <= its)."""
    for other in all_headings:
        if other.index > heading.index and other.level <= heading.level:
            return other.index
    return len(lines)


def last_content(lines: list[str], start: int, end: int) -> int:
    """0-based index of the last non-blank line in [start, end), or start - 1 when all blank."""
    index = end - 1
    while index >= start and not strip_eol(lines[index]).strip():
        index -= 1
    return index


def entry_end(lines: list[str], all_headings: list[Heading], heading: Heading) -> int:
    """0-based exclusive end of an entry: its section without trailing blank lines or ``---``."""
    end = section_end(lines, all_headings, heading)
    index = last_content(lines, heading.index, end)
    while index > heading.index and strip_eol(lines[index]).strip() == "---":
        index = last_content(lines, heading.index, index)
    return index + 1


def to_lines(text: str, eol: str) -> list[str]:
    """Turn rendered entry text (``\\n`` separated) into lines with the file's ending."""
    return [part + eol for part in text.split("\n")]


def insert_block(
    lines: list[str], at: int, block: list[str], blank_before: bool = True
) -> tuple[list[str], int]:
    """Insert ``block`` at 0-based ``at``, with a blank line around it where the text needs one.

    Returns the new lines and the 0-based index where the block starts. A file without a final
    newline gets one first, so its previous last line stays intact.
    """
    eol = line_ending(lines)
    new = list(lines)
    if at > 0 and not new[at - 1].endswith(("\n", "\r")):
        new[at - 1] += eol
    prefix: list[str] = []
    if blank_before and at > 0 and strip_eol(new[at - 1]).strip():
        prefix = [eol]
    suffix: list[str] = []
    if at < len(new) and strip_eol(new[at]).strip():
        suffix = [eol]
    return new[:at] + prefix + block + suffix + new[at:], at + len(prefix)


def append_block(
    lines: list[str], block: list[str], path: str | None = None
) -> tuple[list[str], int]:
    """Add ``block`` after the file's last non-blank line; returns lines and its start index.

    A file that ends inside an unclosed code fence is refused: the new entry would become part
    of the code block and vanish as an entry.
    """
    fence = open_fence(lines)
    if fence is not None:
        raise FormatError("unclosed code fence: close it before adding entries", path, fence)
    return insert_block(lines, last_content(lines, 0, len(lines)) + 1, block)
