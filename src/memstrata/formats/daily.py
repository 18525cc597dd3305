"""Daily logs, in the two shapes of the design notes.

* ``sections`` (note 002, most presets): ``# [YYYY-MM-DD]`` then ``## [agent] 标题`` sections
  with ``**时间**: HH:MM`` (``HH:MM GMT+8`` where the workspace shows its zone) and 完成内容 /
  遇到问题 / 文件变更 sub-sections; the same ``[agent] 标题`` logged again that day adds its
  items to the existing section. Five-tier logs close with ``---`` and
  ``_最后更新: YYYY-MM-DD HH:MM GMT+8_``, kept below every section.
* ``archive`` (note 001, three-tier): ``# YYYY-MM-DD 记忆存档`` with 今日完成 / 待办 / 重要发现;
  items are bullets in those sections (the template's empty ``-`` is filled first).

Every change is made under the file's lock against its current text, so agents logging at
once never lose each other's lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memstrata.formats.markdown import entry_end, headings, insert_block, last_content, to_lines
from memstrata.formats.stamps import footer_index, footer_start, render_footer
from memstrata.formats.tags import safe_title, split_tag
from memstrata.text.lazy_re import lazy_compile
from memstrata.text.normalize import one_line
from memstrata.text.textio import line_ending, strip_eol

SUBSECTIONS = {
    "zh": {"done": "完成内容", "problems": "遇到问题", "files": "文件变更"},
    "en": {"done": "Done", "problems": "Problems", "files": "Files changed"},
}
_SUBSECTION_ALIASES = {
    "done": "done",
    "problem": "problems",
    "problems": "problems",
    "files": "files",
    "file": "files",
}
# note 001's 每日记忆 template: 今日完成 / 待办 / 重要发现
ARCHIVE_SECTIONS = {
    "zh": {"done": "今日完成", "todo": "待办", "findings": "重要发现"},
    "en": {"done": "Done today", "todo": "To do", "findings": "Findings"},
}
_ARCHIVE_ALIASES = {
    "done": "done",
    "todo": "todo",
    "todos": "todo",
    "findings": "findings",
    "finding": "findings",
    "problems": "findings",
    "problem": "findings",
    "files": "done",
    "file": "done",
}
_TIME = lazy_compile(r"\*\*(?:时间|time)\*\*\s*[:：]\s*(\d{1,2}:\d{2})", re.IGNORECASE)


@dataclass
class LogSection:
    """One ``##`` section of a daily log with its 1-based inclusive line span."""

    title: str
    agent: str | None
    time: str
    start_line: int
    end_line: int


def subsection_title(section: str, lang: str) -> str:
    """Map ``done``/``problems``/``files`` (or a literal heading) to the sub-heading text."""
    key = _SUBSECTION_ALIASES.get(section.lower())
    return SUBSECTIONS[lang][key] if key else section


def parse_log(lines: list[str], path: str) -> list[LogSection]:
    """Every ``##`` section of a daily log in order."""
    found: list[LogSection] = []
    all_headings = headings(lines)
    for heading in all_headings:
        if heading.level != 2:
            continue
        agent, title = split_tag(heading.title, path, heading.index + 1)
        end = entry_end(lines, all_headings, heading)
        time = ""
        for index in range(heading.index + 1, end):
            match = _TIME.search(strip_eol(lines[index]))
            if match:
                time = match.group(1)
                break
        found.append(LogSection(title, agent, time, heading.index + 1, end))
    return found


def render_log_title(day: str) -> str:
    """The first line of a new daily log."""
    return f"# [{day}]"


def render_log_section(
    title: str, agent: str | None, time: str, subsection: str, items: list[str], lang: str
) -> str:
    """A new ``## [agent] 标题`` section (no trailing newline)."""
    tag = f"[{agent}] " if agent else ""
    time_label = "时间" if lang == "zh" else "Time"
    out = [
        f"## {tag}{safe_title(one_line(title))}",
        f"**{time_label}**: {time}",
        "",
        f"### {subsection_title(subsection, lang)}",
    ]
    out.extend(f"- {one_line(item)}" for item in items)
    return "\n".join(out)


def render_archive_day(day: str, lang: str) -> str:
    """A new note-001 daily file: ``# YYYY-MM-DD 记忆存档`` and its three empty sections."""
    names = ARCHIVE_SECTIONS[lang]
    title = f"# {day} 记忆存档" if lang == "zh" else f"# {day} memory archive"
    parts = [title, ""]
    for key in ("done", "todo", "findings"):
        parts += [f"## {names[key]}", "-", ""]
    return "\n".join(parts[:-1]) + "\n"


def archive_section(section: str, lang: str) -> str:
    """The note-001 section an item goes to: done / todo / findings (or a literal heading)."""
    key = _ARCHIVE_ALIASES.get(section.lower())
    return ARCHIVE_SECTIONS[lang][key] if key else section


def add_archive_items(
    lines: list[str], section_title: str, items: list[str], lang: str
) -> tuple[list[str], int, int]:
    """Add bullets under ``## section_title`` (made when missing), filling the template's empty
    ``-`` first; returns new lines and the 1-based span of the bullets."""
    eol = line_ending(lines)
    bullets = [f"- {one_line(item)}{eol}" for item in items]
    all_headings = headings(lines)
    target = next(
        (h for h in all_headings if h.level == 2 and h.title.strip() == section_title), None
    )
    if target is None:
        block = [f"## {section_title}{eol}", *bullets]
        at = last_content(lines, 0, footer_start(lines)) + 1
        new, start = insert_block(lines, at, block)
        return new, start + 2, start + 1 + len(bullets)
    end = entry_end(lines, all_headings, target)
    new = list(lines)
    placeholder = [i for i in range(target.index + 1, end) if strip_eol(new[i]).strip() == "-"]
    for index in reversed(placeholder):
        del new[index]
        end -= 1
    at = max(last_content(new, target.index + 1, end) + 1, target.index + 1)
    if not new[at - 1].endswith(("\n", "\r")):
        new[at - 1] += eol
    return [*new[:at], *bullets, *new[at:]], at + 1, at + len(bullets)


def add_log_items(
    lines: list[str],
    title: str,
    agent: str | None,
    time: str,
    subsection: str,
    items: list[str],
    lang: str,
    path: str,
) -> tuple[list[str], int, int]:
    """Add ``items`` to today's ``## [agent] title`` section (a new one at the end, above a
    footer), under its sub-section; returns new lines and the section's 1-based span."""
    eol = line_ending(lines)
    sub = subsection_title(subsection, lang)
    existing = next(
        (
            s
            for s in parse_log(lines, path)
            if s.title == safe_title(one_line(title)) and s.agent == agent
        ),
        None,
    )
    limit = footer_start(lines)
    if existing is None:
        block = to_lines(render_log_section(title, agent, time, subsection, items, lang), eol)
        at = last_content(lines, 0, limit) + 1
        new, start = insert_block(lines, at, block)
        return new, start + 1, start + len(block)
    start0 = existing.start_line - 1
    end = min(existing.end_line, limit)
    end = last_content(lines, start0, end) + 1
    all_headings = headings(lines)
    heading = next(
        (
            h
            for h in all_headings
            if start0 < h.index < end and h.level == 3 and h.title.strip() == sub
        ),
        None,
    )
    bullets = [f"- {one_line(item)}{eol}" for item in items]
    new = list(lines)
    if heading is None:
        block = [eol, f"### {sub}{eol}", *bullets]
        at = end
    else:
        sub_end = next(
            (h.index for h in all_headings if h.index > heading.index and h.level <= 3), end
        )
        at = last_content(lines, heading.index, min(sub_end, end)) + 1
        block = bullets
    if not new[at - 1].endswith(("\n", "\r")):
        new[at - 1] += eol
    new = [*new[:at], *block, *new[at:]]
    return new, existing.start_line, end + len(block)


def set_footer(lines: list[str], now: str, zone: str, lang: str) -> list[str]:
    """Note 002's closing ``---`` and ``_最后更新: now zone_`` (added when missing)."""
    eol = line_ending(lines)
    footer = render_footer(now, zone, lang) + eol
    index = footer_index(lines)
    if index is not None:
        return [*lines[:index], footer, *lines[index + 1 :]]
    new = list(lines[: last_content(lines, 0, len(lines)) + 1])
    if new and not new[-1].endswith(("\n", "\r")):
        new[-1] += eol
    return [*new, eol, f"---{eol}", footer]
