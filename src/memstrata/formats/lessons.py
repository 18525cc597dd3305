"""lessons.md: ``### [agent] 标题 (YYYY-MM-DD)`` entries with 现象/原因/解决/严重程度 bullets,
grouped under P0/P1/P2 sections (note 002)."""

from __future__ import annotations

from dataclasses import dataclass

from memstrata.formats.markdown import (
    append_block,
    entry_end,
    headings,
    insert_block,
    last_content,
    to_lines,
)
from memstrata.formats.tags import safe_title, split_tag
from memstrata.text.lazy_re import lazy_compile
from memstrata.text.normalize import one_line
from memstrata.text.textio import line_ending, strip_eol

SEVERITIES = ("P0", "P1", "P2")
_DATE_SUFFIX = lazy_compile(r"^(?P<title>.*?)\s*[(（](?P<date>\d{4}-\d{2}-\d{2})[)）]\s*$")
_FIELD = lazy_compile(r"^[-*]\s+\*\*(?P<key>[^*]+)\*\*\s*[:：]\s*(?P<value>.*)$")
FIELD_NAMES = {
    "zh": {"symptom": "现象", "cause": "原因", "fix": "解决", "severity": "严重程度"},
    "en": {"symptom": "Symptom", "cause": "Cause", "fix": "Fix", "severity": "Severity"},
}
_KEY_OF = {name.lower(): key for names in FIELD_NAMES.values() for key, name in names.items()}
_SECTION_ZH = {"P0": "🚨 P0 - 关键问题", "P1": "⚠️ P1 - 重要问题", "P2": "📋 P2 - 一般问题"}
_SECTION_EN = {"P0": "🚨 P0 - Critical", "P1": "⚠️ P1 - Important", "P2": "📋 P2 - Minor"}


@dataclass
class Lesson:
    """One lesson entry with its 1-based inclusive line span."""

    title: str
    agent: str | None = None
    date: str = ""
    symptom: str = ""
    cause: str = ""
    fix: str = ""
    severity: str = ""
    start_line: int = 0
    end_line: int = 0


def parse_lessons(lines: list[str], path: str) -> list[Lesson]:
    """Every ``###`` lesson (note 002 also uses ``##`` entries tagged ``[agent]``)."""
    found: list[Lesson] = []
    all_headings = headings(lines)
    for heading in all_headings:
        is_entry = heading.level == 3 or (
            heading.level == 2 and heading.title.lstrip().startswith("[")
        )
        if not is_entry:
            continue
        agent, rest = split_tag(heading.title, path, heading.index + 1)
        match = _DATE_SUFFIX.match(rest)
        title, date = (match.group("title"), match.group("date")) if match else (rest, "")
        end = entry_end(lines, all_headings, heading)
        lesson = Lesson(
            title=title.strip(), agent=agent, date=date, start_line=heading.index + 1, end_line=end
        )
        for index in range(heading.index + 1, end):
            field = _FIELD.match(strip_eol(lines[index]).strip())
            if field and field.group("key").strip().lower() in _KEY_OF:
                setattr(
                    lesson,
                    _KEY_OF[field.group("key").strip().lower()],
                    field.group("value").strip(),
                )
        if not lesson.severity:
            lesson.severity = _section_severity(lines, all_headings, heading.index)
        found.append(lesson)
    return found


def _section_severity(lines: list[str], all_headings: list, index: int) -> str:
    for heading in reversed(all_headings):
        if heading.index < index and heading.level == 2:
            for severity in SEVERITIES:
                if severity in heading.title:
                    return severity
            return ""
    return ""


def render_lesson(lesson: Lesson, lang: str) -> str:
    """The Markdown of one lesson (no trailing newline)."""
    names = FIELD_NAMES[lang]
    tag = f"[{lesson.agent}] " if lesson.agent else ""
    out = [f"### {tag}{safe_title(one_line(lesson.title))} ({lesson.date})"]
    for key in ("symptom", "cause", "fix", "severity"):
        value = one_line(getattr(lesson, key))
        if value:
            out.append(f"- **{names[key]}**: {value}")
    return "\n".join(out)


def add_lesson(lines: list[str], lesson: Lesson, lang: str, path: str) -> tuple[list[str], Lesson]:
    """Add a lesson at the end of its severity section (created when missing)."""
    parse_lessons(lines, path)
    eol = line_ending(lines)
    block = to_lines(render_lesson(lesson, lang), eol)
    all_headings = headings(lines)
    section = next(
        (
            h
            for h in all_headings
            if h.level == 2 and lesson.severity and lesson.severity in h.title
        ),
        None,
    )
    if section is None:
        if lesson.severity in SEVERITIES:
            names = _SECTION_ZH if lang == "zh" else _SECTION_EN
            block = [f"## {names[lesson.severity]}{eol}", eol, *block]
        new_lines, start = append_block(lines, block, path)
        offset = 2 if block[0].startswith("## ") else 0
        lesson.start_line, lesson.end_line = start + 1 + offset, start + len(block)
        return new_lines, lesson
    end = entry_end(lines, all_headings, section)
    at = max(last_content(lines, section.index, end) + 1, section.index + 1)
    new_lines, start = insert_block(lines, at, block)
    lesson.start_line, lesson.end_line = start + 1, start + len(block)
    return new_lines, lesson
