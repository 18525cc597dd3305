"""One parser per role, and the writer's last check before it commits a rewrite.

Every entry format is parsed into a list of entry keys (a principle's id, a bullet's section
and text, a candidate's table and id...). The writer compares the keys before and after a
rewrite: the new text must parse, and a write that adds an entry must add exactly that many
and keep every other. So no input, however crafted (``…\\n### P001: x``), can leave a memory
file unreadable or silently drop an entry.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable

from memstrata.errors import FormatError
from memstrata.formats.bullets import parse_bullets
from memstrata.formats.candidates import parse_candidates
from memstrata.formats.daily import parse_log
from memstrata.formats.infra import parse_infra
from memstrata.formats.lessons import parse_lessons
from memstrata.formats.patterns import parse_index, parse_patterns
from memstrata.formats.principles import parse_principles
from memstrata.formats.projects import parse_projects
from memstrata.formats.tasks import parse_tasks

Keys = Callable[[list[str], str], list[Hashable]]


def _patterns(lines: list[str], path: str) -> list[Hashable]:
    if path.endswith("index.md"):
        return [("index", i.title, i.file) for i in parse_index(lines, path)]
    return [p.title for p in parse_patterns(lines, path)]


ENTRY_KEYS: dict[str, Keys] = {
    "user": lambda lines, path: [(b.section, b.text) for b in parse_bullets(lines, path)],
    "long_term": lambda lines, path: [(b.section, b.text) for b in parse_bullets(lines, path)],
    "principles": lambda lines, path: [p.pid for p in parse_principles(lines, path)],
    "patterns": _patterns,
    "lessons": lambda lines, path: [(x.severity, x.title) for x in parse_lessons(lines, path)],
    "projects": lambda lines, path: [p.name for p in parse_projects(lines, path)],
    "infra": lambda lines, path: [e.name for e in parse_infra(lines, path)],
    "candidates": lambda lines, path: [(r.table, r.cid) for r in parse_candidates(lines, path)],
    "daily": lambda lines, path: [(s.agent, s.title) for s in parse_log(lines, path)],
    "tasks": lambda lines, path: [t.tid for t in parse_tasks(lines, path)],
}


def entry_keys(role: str | None, lines: list[str], path: str) -> list[Hashable] | None:
    """The keys of every entry (None for roles without an entry format); may raise."""
    keys = ENTRY_KEYS.get(role or "")
    return None if keys is None else keys(lines, path)


def check_rewrite(
    role: str | None, path: str, old: list[str], new: list[str], adds: int | None
) -> None:
    """Raise :class:`FormatError` unless ``new`` parses and (with ``adds``) holds every old
    entry plus exactly ``adds`` new ones."""
    if role not in ENTRY_KEYS:
        return
    try:
        after = entry_keys(role, new, path) or []
    except FormatError as exc:
        raise FormatError(
            f"refused: this write would make the file unreadable ({exc.message}); nothing was "
            "written",
            path,
            exc.line,
        ) from None
    if adds is None:
        return
    try:
        before = entry_keys(role, old, path) or []
    except FormatError:
        return  # the file was already broken; the caller's own parse reported that
    added = Counter(after) - Counter(before)
    removed = Counter(before) - Counter(after)
    if removed or sum(added.values()) != adds:
        raise FormatError(
            f"refused: this write would add {sum(added.values())} and remove "
            f"{sum(removed.values())} entries instead of adding {adds}; nothing was written",
            path,
        )


def check_block(role: str | None, path: str, lines: list[str]) -> None:
    """Raise :class:`FormatError` unless an appended block parses as the role's format."""
    if role not in ENTRY_KEYS:
        return
    try:
        entry_keys(role, lines, path)
    except FormatError as exc:
        raise FormatError(
            f"refused: this entry would make the file unreadable ({exc.message}); nothing was "
            "written",
            path,
        ) from None
