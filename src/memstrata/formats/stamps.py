"""The "last updated" stamps a file carries, kept current by the writer on every change.

Three shapes, from the design notes:

* a header line before the first ``##`` section: ``> 由 memstrata 自动维护 | 最后更新：2026-04-17``
  (CANDIDATES.md, note 004; MEMORY.md and USER.md also refresh theirs with the line index);
* a closing footer: ``_最后更新: 2026-04-17 | 写入时加 [特工名] 标识_`` (note 002's MEMORY.md) or
  ``_最后更新: 2026-04-17 10:30 GMT+8_`` (its daily logs): the date, and the time and zone
  when the footer has them, are replaced;
* note 001's meta block: ``## 元信息`` with ``- 创建时间：…``, ``- 最后更新：…``, ``- 版本：v1.0``:
  最后更新 becomes now and the version's minor number goes up by one (版本控制).

Only stamps change: a file without them is returned as it is.
"""

from __future__ import annotations

import re

from memstrata.formats.markdown import headings
from memstrata.text.textio import line_ending, strip_eol

_HEADER_DATE = re.compile(
    r"^(>.*?(?:最后更新|last updated)\s*[:：]\s*)\d{4}-\d{2}-\d{2}(?!\s*\d{1,2}:\d{2})",
    re.IGNORECASE,
)
FOOTER = re.compile(
    r"^_(?P<label>最后更新|last updated)\s*[:：]\s*(?P<date>\d{4}-\d{2}-\d{2})"
    r"(?P<time>\s+\d{1,2}:\d{2})?(?P<zone>\s+(?:GMT|UTC)[+-]\d{1,2}(?::\d{2})?)?"
    r"(?P<rest>.*)_\s*$",
    re.IGNORECASE,
)
META_HEADING = re.compile(r"^(?:元信息|meta(?:data)?)$", re.IGNORECASE)
_META_FIELD = re.compile(
    r"^(?P<lead>\s*[-*]\s*(?P<key>创建时间|最后更新|版本|created|last updated|version)\s*[:：]\s*)"
    r"(?P<value>.*?)\s*$",
    re.IGNORECASE,
)
_VERSION = re.compile(r"^v?(\d+)\.(\d+)$", re.IGNORECASE)


def refresh_stamps(lines: list[str], now: str, zone: str = "") -> list[str]:
    """``lines`` with every stamp set to ``now`` (``YYYY-MM-DD HH:MM``); ``zone`` (``GMT+8``)
    replaces the zone of a footer that shows one."""
    new = refresh_header_date(lines, now[:10])
    new = refresh_footer(new, now, zone)
    return refresh_meta(new, now)


def refresh_header_date(lines: list[str], today: str) -> list[str]:
    """The ``> … 最后更新：DATE`` lines above the first ``##`` section."""
    first = next((h.index for h in headings(lines) if h.level == 2), len(lines))
    new = list(lines)
    for index in range(min(first, len(new))):
        text = strip_eol(new[index])
        if _HEADER_DATE.match(text):
            new[index] = (
                _HEADER_DATE.sub(lambda m: m.group(1) + today, text, count=1)
                + new[index][len(text) :]
            )
    return new


def footer_index(lines: list[str]) -> int | None:
    """0-based index of a closing ``_最后更新: …_`` footer (the last non-blank line)."""
    index = len(lines) - 1
    while index >= 0 and not strip_eol(lines[index]).strip():
        index -= 1
    if index >= 0 and FOOTER.match(strip_eol(lines[index]).strip()):
        return index
    return None


def footer_start(lines: list[str]) -> int:
    """0-based index where the closing footer begins (its ``---`` separator when it has one),
    or the end of the file: new entries go above it."""
    index = footer_index(lines)
    if index is None:
        return len(lines)
    before = index - 1
    while before >= 0 and not strip_eol(lines[before]).strip():
        before -= 1
    if before >= 0 and strip_eol(lines[before]).strip() == "---":
        while before > 0 and not strip_eol(lines[before - 1]).strip():
            before -= 1
        return before
    return index


def render_footer(now: str, zone: str, lang: str) -> str:
    """Note 002's daily footer line: ``_最后更新: YYYY-MM-DD HH:MM GMT+8_``."""
    label = "最后更新" if lang == "zh" else "Last updated"
    return f"_{label}: {now}{f' {zone}' if zone else ''}_"


def refresh_footer(lines: list[str], now: str, zone: str = "") -> list[str]:
    index = footer_index(lines)
    if index is None:
        return lines
    text = strip_eol(lines[index])
    match = FOOTER.match(text.strip())
    assert match is not None
    stamp = now if match.group("time") else now[:10]
    if match.group("zone"):
        stamp += f" {zone}" if zone else match.group("zone")
    label = match.group("label")
    new = list(lines)
    new[index] = f"_{label}: {stamp}{match.group('rest')}_" + lines[index][len(text) :]
    return new


def meta_block(lines: list[str]) -> tuple[int, int] | None:
    """0-based [start, end) of the lines under a ``## 元信息`` heading."""
    all_headings = headings(lines)
    for position, heading in enumerate(all_headings):
        if heading.level == 2 and META_HEADING.match(heading.title.strip()):
            end = next((h.index for h in all_headings[position + 1 :] if h.level <= 2), len(lines))
            return heading.index + 1, end
    return None


def _bump(version: str) -> str:
    match = _VERSION.match(version.strip())
    if not match:
        return version
    prefix = "v" if version.strip().lower().startswith("v") else ""
    return f"{prefix}{match.group(1)}.{int(match.group(2)) + 1}"


def refresh_meta(lines: list[str], now: str) -> list[str]:
    """最后更新 := now and 版本 + 0.1 in a ``## 元信息`` block (added after 创建时间 if absent)."""
    span = meta_block(lines)
    if span is None:
        return lines
    start, end = span
    new = list(lines)
    eol = line_ending(lines)
    fields: dict[str, int] = {}
    for index in range(start, end):
        match = _META_FIELD.match(strip_eol(new[index]))
        if match:
            fields[_key(match.group("key"))] = index
    zh = not any(
        (m := _META_FIELD.match(strip_eol(new[i]))) and m.group("key").isascii()
        for i in fields.values()
    )
    for key, value in (("updated", now), ("version", None)):
        if key in fields:
            index = fields[key]
            text = strip_eol(new[index])
            match = _META_FIELD.match(text)
            assert match is not None
            replaced = value if value is not None else _bump(match.group("value"))
            new[index] = match.group("lead") + replaced + new[index][len(text) :]
    if "updated" not in fields:
        after = fields.get("created", start - 1) + 1
        label = "- 最后更新：" if zh else "- Last updated: "
        new.insert(after, f"{label}{now}{eol}")
    return new


def _key(word: str) -> str:
    lowered = word.lower()
    if lowered in ("创建时间", "created"):
        return "created"
    if lowered in ("最后更新", "last updated"):
        return "updated"
    return "version"


def meta_fields(lines: list[str]) -> dict[str, str]:
    """``created`` / ``updated`` / ``version`` of a ``## 元信息`` block (empty without one)."""
    span = meta_block(lines)
    found: dict[str, str] = {}
    if span is None:
        return found
    for index in range(*span):
        match = _META_FIELD.match(strip_eol(lines[index]))
        if match:
            found.setdefault(_key(match.group("key")), match.group("value"))
    return found


def changed_since_created(fields: dict[str, str]) -> bool:
    """Whether a file with these meta fields was changed after it was made (its version moved
    on from the first one, or its 最后更新 differs from its 创建时间)."""
    version = _VERSION.match(fields.get("version", "").strip())
    if version and (int(version.group(1)), int(version.group(2))) > (1, 0):
        return True
    return bool(fields.get("updated")) and fields.get("updated") != fields.get("created")
