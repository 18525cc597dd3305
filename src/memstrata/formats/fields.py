"""``key: value`` metadata lines shared by principles and patterns."""

from __future__ import annotations

from memstrata.text.lazy_re import lazy_compile
from memstrata.text.textio import strip_eol

FIELD = lazy_compile(r"^([A-Za-z_][\w-]*|[\u4e00-\u9fff]{1,6})\s*[:：]\s?(.*)$")


def split_meta(lines: list[str], start: int, end: int) -> tuple[dict[str, str], int]:
    """Read ``key: value`` lines from ``start`` up to a ``---`` line.

    Returns the fields and the 0-based index where the body starts (after ``---``). Without a
    ``---`` the leading field lines are the metadata and the rest is the body.
    """
    fields: dict[str, str] = {}
    index = start
    while index < end:
        line = strip_eol(lines[index])
        if line.strip() == "---":
            return fields, index + 1
        match = FIELD.match(line.strip())
        if not match:
            break
        fields[match.group(1).lower()] = match.group(2).strip()
        index += 1
    return fields, index


def body_text(lines: list[str], start: int, end: int) -> str:
    """The entry body between ``start`` and ``end`` without surrounding blank lines."""
    return "\n".join(strip_eol(line) for line in lines[start:end]).strip("\n")
