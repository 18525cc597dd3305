"""Entry-aware chunks with exact line ranges (docs/design.md section 6).

A chunk is one entry where the file has entries (a principle, a pattern, a lesson, a project,
a daily-log section, a group of MEMORY.md/USER.md bullets, a candidate row); other prose is
chunked by heading, and anything long by lines with a small overlap. Each chunk carries the
path, its 1-based inclusive line range, the heading path, role, entry id, date and agent, so a
result can always be cited as ``📍 path:Lstart-Lend``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memstrata.core.layouts import DAILY_NAME
from memstrata.errors import FormatError
from memstrata.formats.markdown import Heading, headings, last_content
from memstrata.formats.tags import split_tag
from memstrata.text.lazy_re import lazy_compile
from memstrata.text.scripts import folded
from memstrata.text.textio import strip_eol

CHUNKER_VERSION = "units-7"
MAX_CHARS = 900
MAX_LINES = 24
OVERLAP_LINES = 2
BULLET_GROUP = 1
SMALL_SECTION_LINES = 8  # a section this short (and SMALL_SECTION_CHARS) is one chunk
SMALL_SECTION_CHARS = 700
LONG_LIST_ITEMS = 10  # a list longer than this is chunked in runs of WINDOW_ITEMS items
WINDOW_ITEMS = 3
_DATE = lazy_compile(r"\b(\d{4}-\d{2}-\d{2})\b")
# a bullet's own date: the month ("[2026-09]") or the day ("[2026-11-15]"), as precise as said
_MONTH = lazy_compile(r"^[-*]\s+\[(\d{4}-\d{2}(?:-\d{2})?)\]")
_PRINCIPLE = lazy_compile(r"^P(\d+)\b")
_CANDIDATE_ROW = lazy_compile(r"^\|\s*(C[\w-]+)\s*\|")
_TAG = lazy_compile(r"^\[([^\[\]]+)\]")
_LEADING_DATE = lazy_compile(r"^\[\d{4}-\d{2}(?:-\d{2})?\]\s*")
# The heading level of one entry per role: deeper headings stay inside the entry.
ENTRY_LEVEL = {"daily": 2, "patterns": 2, "principles": 3, "lessons": 3, "projects": 3}
# Roles whose entries are small and whole (a principle with its why, a lesson with its fix):
# one chunk per entry. Every other file is chunked per item (_unit_chunks).
ENTRY_ROLES = frozenset({"patterns", "principles", "lessons", "projects"})


@dataclass
class Chunk:
    """One searchable unit of a file."""

    path: str
    start_line: int
    end_line: int
    text: str
    heading: str = ""
    role: str = ""
    entry_id: str = ""
    date: str = ""
    agent: str = ""

    def stored(self) -> tuple[str | int, ...]:
        """The columns both indexes store for a chunk after its path, in their order: one
        list, so the SQLite and the PostgreSQL rows cannot drift apart.

        The agent is stored casefolded: the column only serves ``--tagged``, which matches
        tags regardless of case ([Deploy] by ``deploy``), and a plain equality on a folded key
        folds the same way on both backends (SQLite's NOCASE and PostgreSQL's ``lower`` do
        not: ASCII only, or by the database's locale)."""
        return (
            self.start_line,
            self.end_line,
            self.heading,
            self.role,
            self.entry_id,
            self.date,
            self.agent.casefold(),
            self.text,
        )

    @property
    def embed_text(self) -> str:
        """What the embedder sees: the words, without Markdown markup, agent tags or date-only
        headings (measured: markup halves USE's similarity for short entries), with the heading
        path for context; traditional characters folded to simplified, as the query is (USE
        reads simplified better: the recall set written in traditional, vector recall@5 0.64 ->
        0.70). The cache key is this text's hash, so a folded chunk is embedded anew."""
        context = " ".join(clean_for_embedding(part) for part in self.heading.split(" > "))
        body = clean_for_embedding(self.text)
        return folded(f"{context}\n{body}" if context.strip() else body)


_MARKUP_PREFIX = lazy_compile(r"^\s*(?:#{1,6}\s+|[-*+]\s+|>\s*|\d+\.\s+)+")
_TAG_OR_DATE = lazy_compile(r"\[(?:[\w\u4e00-\u9fff.\-]{1,40}|\d{4}-\d{2}(?:-\d{2})?)\]\s*")
_INLINE = lazy_compile(r"\*\*|__|`|<!--.*?-->|\|")


def clean_for_embedding(text: str) -> str:
    """Plain words of a Markdown chunk: what a sentence encoder handles best."""
    out = []
    for line in text.split("\n"):
        line = _INLINE.sub(" ", _TAG_OR_DATE.sub("", _MARKUP_PREFIX.sub("", line)))
        line = " ".join(line.split())
        if line and line != "---":
            out.append(line)
    return "\n".join(out)


def _content_lines(lines: list[str], start: int, end: int) -> list[int]:
    """0-based indexes of lines that carry content: not blank, not a heading, not ``---``,
    not a ``>`` metadata line of the file's header (before its first section: "> 最后更新",
    "> 行数"; a quote inside a section is content), and not inside an HTML comment (format
    hints, line index)."""
    first_section = next(
        (i for i, line in enumerate(lines) if line.lstrip().startswith("##")), len(lines)
    )
    found: list[int] = []
    in_comment = False
    for index in range(start, end):
        line = strip_eol(lines[index]).strip()
        if in_comment:
            in_comment = "-->" not in line
            continue
        if line.startswith("<!--"):
            in_comment = "-->" not in line
            continue
        if not line or line == "---" or line.startswith("#"):
            continue
        if line.startswith(">") and index < first_section:
            continue
        found.append(index)
    return found


def _span_text(lines: list[str], start: int, end: int) -> str:
    return "\n".join(strip_eol(line) for line in lines[start:end]).strip()


def _window_chunks(
    path: str,
    lines: list[str],
    start: int,
    end: int,
    heading: str,
    role: str,
    entry_id: str,
    date: str,
    agent: str | None,
) -> list[Chunk]:
    """The chunks of lines ``start``..``end`` (0-based, end exclusive), a long span cut into
    windows by ``_split_long``: every entry and every list item is chunked the same way."""
    return [
        Chunk(
            path,
            window_start + 1,
            window_end,
            _span_text(lines, window_start, window_end),
            heading=heading,
            role=role,
            entry_id=entry_id,
            date=date,
            agent=agent or "",
        )
        for window_start, window_end in _split_long(lines, start, end)
    ]


def _split_long(lines: list[str], start: int, end: int) -> list[tuple[int, int]]:
    """0-based [start, end) windows of at most MAX_LINES / MAX_CHARS with a small overlap."""
    windows: list[tuple[int, int]] = []
    cursor = start
    while cursor < end:
        stop, size = cursor, 0
        while (
            stop < end
            and stop - cursor < MAX_LINES
            and (size + len(lines[stop]) <= MAX_CHARS or stop == cursor)
        ):
            size += len(lines[stop])
            stop += 1
        windows.append((cursor, stop))
        if stop >= end:
            break
        cursor = max(stop - OVERLAP_LINES, cursor + 1)
    return windows


def _file_date(path: str) -> str:
    match = DAILY_NAME.match(path.rsplit("/", 1)[-1])
    return match.group(1) if match else ""


def _heading_path(stack: list[Heading]) -> str:
    return " > ".join(h.title for h in stack)


def _entry_id(role: str, title: str, first_line: str) -> str:
    if role == "principles":
        match = _PRINCIPLE.match(title)
        return f"P{int(match.group(1)):03d}" if match else ""
    if role == "candidates":
        match = _CANDIDATE_ROW.match(first_line)
        return match.group(1) if match else ""
    return title if role in {"patterns", "lessons", "projects", "daily"} else ""


def chunk_file(path: str, role: str | None, lines: list[str]) -> list[Chunk]:
    """Split one file's lines into chunks; deterministic for the same input."""
    return chunk_tail(path, role, lines, 0)[1]


def chunk_tail(
    path: str, role: str | None, lines: list[str], unchanged: int
) -> tuple[int, list[Chunk]]:
    """The chunks of every section that does not lie wholly within the first ``unchanged``
    lines, and the (0-based) line where the first such section starts.

    A section's chunks depend only on its own lines and the headings above it, so after an
    append (the first ``unchanged`` lines as they were) the sections before the last old one
    chunk as before: an index re-derives the tail only (team/index.py), instead of the whole of
    a day's log on every write. ``unchanged=0`` is the whole file."""
    role = role or "other"
    if role not in ENTRY_ROLES | {"user", "long_term", "candidates"}:
        return _unit_chunks(path, role, lines, unchanged)
    file_date = _file_date(path)
    deepest = ENTRY_LEVEL.get(role, 6)
    all_headings = [h for h in headings(lines) if h.level <= deepest]
    # Sections: the text before the first heading, then each heading up to the next heading.
    bounds = [h.index for h in all_headings]
    starts = [0, *bounds] if (not bounds or bounds[0] > 0) else bounds
    at_line = {h.index: h for h in reversed(all_headings)}  # a lookup, not a scan per section
    chunks: list[Chunk] = []
    stack: list[Heading] = []
    first_changed = len(lines)
    for number, start in enumerate(starts):
        end = starts[number + 1] if number + 1 < len(starts) else len(lines)
        heading = at_line.get(start)
        if heading is not None:
            stack = [h for h in stack if h.level < heading.level] + [heading]
        if end <= unchanged and end < len(lines):
            continue
        first_changed = min(first_changed, start)
        content = _content_lines(lines, start, end)
        if not content:
            continue  # blank, template hints only, or a heading with nothing under it
        last = last_content(lines, start, end)
        title = heading.title if heading else ""
        agent, bare_title = _agent_and_title(title, path, start)
        date_match = _DATE.search(title)
        date = date_match.group(1) if date_match else file_date
        entry_id = _entry_id(role, bare_title, strip_eol(lines[start]))
        context = _heading_path(stack[:-1] if heading else stack)
        if role in {"user", "long_term"}:
            chunks.extend(_bullet_groups(path, role, lines, content, _heading_path(stack), date))
            continue
        if role == "candidates":
            if re.search(
                r"观察中|observing", title, re.IGNORECASE
            ):  # promoted/dropped rows are history
                chunks.extend(_table_rows(path, role, lines, start, last + 1, _heading_path(stack)))
            continue
        if not date:  # principles and patterns carry theirs on the source: line
            found = _DATE.search(_span_text(lines, start, last + 1))
            date = found.group(1) if found else ""
        chunks += _window_chunks(path, lines, start, last + 1, context, role, entry_id, date, agent)
    return first_changed, chunks


def _agent_and_title(title: str, path: str, index: int) -> tuple[str | None, str]:
    try:
        return split_tag(title, path, index + 1) if title else (None, "")
    except FormatError:  # a half-typed [agent tag must not keep a file out of search
        return None, title


def _unit_chunks(path: str, role: str, lines: list[str], unchanged: int) -> tuple[int, list[Chunk]]:
    """Daily logs, archives, infra and any other notes: one chunk per list item (with its
    continuation lines), table row or paragraph, carrying the whole heading path as context.

    A log section mixes several facts; as one chunk its vector is an average of all of them and
    a hit cites lines that say nothing about the query. One item per chunk lets a terse bullet
    be found through its headings (``sg-02 cutover > 完成内容``) and cites the line itself: one
    turn per result in a conversation log.
    """
    file_date = _file_date(path)
    entry_level = ENTRY_LEVEL.get(role, 0)
    chunks: list[Chunk] = []
    stack: list[Heading] = []
    all_headings = headings(lines)
    bounds = [h.index for h in all_headings]
    at_line = {h.index: h for h in reversed(all_headings)}  # a lookup, not a scan per section
    starts = [0, *bounds] if (not bounds or bounds[0] > 0) else bounds
    first_changed = len(lines)
    for number, start in enumerate(starts):
        end = starts[number + 1] if number + 1 < len(starts) else len(lines)
        heading = at_line.get(start)
        if heading is not None:
            stack = [h for h in stack if h.level < heading.level] + [heading]
        if end <= unchanged and end < len(lines):
            continue
        first_changed = min(first_changed, start)
        entry = next((h for h in stack if h.level == entry_level), None)
        agent, entry_title = (
            _agent_and_title(entry.title, path, entry.index) if entry else (None, "")
        )
        dated = next((m.group(1) for h in reversed(stack) if (m := _DATE.search(h.title))), "")
        first = start + 1 if heading is not None else start
        units = _units(lines, first, end)
        if _small(lines, units):
            units = [(units[0][0], units[-1][1], "")]
        for unit_start, unit_end, header in _windows(units):
            context = _heading_path(stack)
            if header:
                context = f"{context} > {header}" if context else header
            chunks += _window_chunks(
                path,
                lines,
                unit_start,
                unit_end,
                context,
                role,
                entry_title,
                dated or file_date,
                agent,
            )
    return first_changed, chunks


def _small(lines: list[str], units: list[tuple[int, int, str]]) -> bool:
    """A short section (the few bullets of one log entry) stays one chunk: its items belong
    together and cite together. Tables keep one row per chunk."""
    if not units or any(header for _s, _e, header in units):
        return False
    first, last = units[0][0], units[-1][1]
    return (
        last - first <= SMALL_SECTION_LINES
        and sum(len(lines[i]) for i in range(first, last)) <= SMALL_SECTION_CHARS
    )


def _windows(units: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Items of a long list (a conversation, a long log) in runs of ``WINDOW_ITEMS``: one turn
    alone ("Yeah, that was fun!") says too little to be found, a few in a row say what they
    are about. Short lists (an agent's log entry) keep one chunk per item; table rows too."""
    if len(units) <= LONG_LIST_ITEMS or any(header for _s, _e, header in units):
        return units
    return [
        (units[i][0], units[min(i + WINDOW_ITEMS, len(units)) - 1][1], "")
        for i in range(0, len(units), WINDOW_ITEMS)
    ]


_ITEM = lazy_compile(r"^\s*(?:[-*+]|\d+[.)])\s")
# A short bold "key: value" line such as **时间**: 10:00: a unit of its own would be a result
# that says nothing, and it was one in the top 5 for queries about its section.
_META = lazy_compile(r"^\s*\*\*[^*]{1,20}\*\*\s*[:：]\s*[\w:.\- ]{0,20}$")
_ROW = lazy_compile(r"^\s*\|")
_RULE_ROW = lazy_compile(r"^\s*\|?[\s:|-]+\|[\s:|-]*$")


def _units(lines: list[str], start: int, end: int) -> list[tuple[int, int, str]]:
    """0-based [start, end) spans of the items, table rows, code blocks and paragraphs between
    ``start`` and ``end``, each with a table header to add to its context."""
    content = set(_content_lines(lines, start, end))
    units: list[tuple[int, int, str]] = []
    header = ""
    index = start
    while index < end:
        line = strip_eol(lines[index])
        if _FENCE_LINE.match(line):  # a code block is one unit, fences included
            close = next(
                (i for i in range(index + 1, end) if _FENCE_LINE.match(strip_eol(lines[i]))),
                end - 1,
            )
            units.append((index, close + 1, ""))
            index = close + 1
            continue
        if index not in content:
            index += 1
            header = header if _ROW.match(line) else ""
            continue
        if _ROW.match(line):
            following = strip_eol(lines[index + 1]) if index + 1 < end else ""
            if _RULE_ROW.match(following):  # a header row names the columns of the rows below
                header = clean_for_embedding(line)
                index += 2
                continue
            units.append((index, index + 1, header))
            index += 1
            continue
        header = ""
        if _META.match(line):
            index += 1
            continue
        stop = index + 1
        item = bool(_ITEM.match(line))
        indent = len(line) - len(line.lstrip())
        while stop < end and stop in content:
            nxt = strip_eol(lines[stop])
            if _ROW.match(nxt) or _FENCE_LINE.match(nxt) or _META.match(nxt):
                break
            if _ITEM.match(nxt):
                break
            if item and nxt.strip() and len(nxt) - len(nxt.lstrip()) < indent:
                break
            stop += 1
        units.append((index, stop, ""))
        index = stop
    return units


_FENCE_LINE = lazy_compile(r"^[ \t]{0,3}(`{3,}|~{3,})")


def _bullet_groups(
    path: str, role: str, lines: list[str], content: list[int], heading: str, date: str
) -> list[Chunk]:
    """MEMORY.md / USER.md: one chunk per bullet (with its continuation lines), dated by it.

    Measured on the bilingual set: single bullets beat groups of 2 and 4 (hybrid recall@5
    0.925 vs 0.934/0.915 but the corrected-fact-first rate 0.87 vs 0.80/0.80), and they give
    the exact one-line citations of note 004 (``📍 MEMORY.md:L23``)."""
    chunks: list[Chunk] = []
    group: list[int] = []

    def flush() -> None:
        if not group:
            return
        first, last = group[0], group[-1]
        months = [m.group(1) for i in group if (m := _MONTH.match(strip_eol(lines[i]).strip()))]
        # "- [2026-09] …" is a date, not an agent's tag; "- [2026-09] [coder] …" has both
        tag = _TAG.match(_LEADING_DATE.sub("", strip_eol(lines[first]).lstrip("-* ").strip()))
        chunks.append(
            Chunk(
                path,
                first + 1,
                last + 1,
                _span_text(lines, first, last + 1),
                heading=heading,
                role=role,
                entry_id=f"{path}:L{first + 1}",
                date=max(months) if months else date,
                agent=tag.group(1) if tag else "",
            )
        )
        group.clear()

    bullets = 0
    for index in content:
        starts_bullet = bool(re.match(r"^\s{0,3}[-*+]\s", strip_eol(lines[index])))
        if group and (index != group[-1] + 1 or (starts_bullet and bullets >= BULLET_GROUP)):
            flush()
            bullets = 0
        group.append(index)
        bullets += starts_bullet
        if sum(len(lines[i]) for i in group) > MAX_CHARS:
            flush()
            bullets = 0
    flush()
    return chunks


def _table_rows(
    path: str, role: str, lines: list[str], start: int, end: int, heading: str
) -> list[Chunk]:
    chunks = []
    for index in range(start, end):
        line = strip_eol(lines[index]).strip()
        match = _CANDIDATE_ROW.match(line)
        if match:
            chunks.append(
                Chunk(
                    path,
                    index + 1,
                    index + 1,
                    line,
                    heading=heading,
                    role=role,
                    entry_id=match.group(1),
                )
            )
    return chunks
