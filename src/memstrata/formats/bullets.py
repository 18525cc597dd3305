"""MEMORY.md / USER.md: dated bullets in named sections, plus the line-index header.

``- [YYYY-MM] 内容 | 来源：...`` bullets live under ``##`` sections (重要规则, 错误修正记录,
基本偏好, ...). After every write the header comment (``<!-- 行号速查`` ... ``-->``), the
``最后更新`` date and the ``行数`` count are refreshed, so citations like ``📍 MEMORY.md:L23``
stay right. Files without such a header (hand-made ones) are left without one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memstrata.errors import FormatError
from memstrata.formats.markdown import Heading, entry_end, headings, insert_block, last_content
from memstrata.formats.stamps import META_HEADING, footer_start
from memstrata.text.lazy_re import lazy_compile
from memstrata.text.normalize import inline
from memstrata.text.textio import line_ending, strip_eol

SECTIONS: dict[str, tuple[str, str, str]] = {
    # key: (zh heading, en heading, words that identify it)
    "rules": ("📌 重要规则", "📌 Rules", "重要规则|rules"),
    "corrections": ("⚠️ 错误修正记录", "⚠️ Error corrections", "错误修正|error correction"),
    "skills": ("🔗 技能索引", "🔗 Skills index", "技能索引|skills"),
    "archive": ("📅 日志归档引用", "📅 Log archive", "日志归档|log archive"),
    "evolution": ("🔄 进化历史摘要", "🔄 Evolution history", "进化历史|evolution"),
    "preferences": ("👤 基本偏好", "👤 Preferences", "基本偏好|偏好|preferences"),
    "background": ("🏢 工作背景", "🏢 Background", "工作背景|背景|background"),
    "style": ("💬 沟通风格", "💬 Communication style", "沟通风格|communication"),
    # note 002's MEMORY.md: the weekly integration's 近期成果 go into the status snapshot
    "status": ("📍 核心状态快照", "📍 Status snapshot", "核心状态|状态快照|status snapshot"),
}
_RECENT = lazy_compile(r"^\*\*(?:近期成果|recent results)\*\*", re.IGNORECASE)

_DATED = lazy_compile(
    r"^[-*]\s+\[(?P<date>\d{4}-\d{2}(?:-\d{2})?)\]\s*(?P<text>.*?)"
    # An escaped \\| is text ("feat\\|fix"), never the start of the provenance.
    r"(?:\s*(?<!\\)\|\s*(?:来源|source)\s*[:：]\s*(?P<source>.*))?$",
    re.IGNORECASE,
)
_DATED_START = lazy_compile(r"^[-*]\s+\[\d")
_BULLET = lazy_compile(r"^[-*]\s+\S")
_HEADER_OPEN = lazy_compile(r"^<!--\s*(行号速查|line index)", re.IGNORECASE)
_UPDATED = lazy_compile(
    r"^(>\s*(?:最后更新|last updated)\s*[:：]\s*)\d{4}-\d{2}-\d{2}", re.IGNORECASE
)
_COUNT = lazy_compile(r"^(>\s*(?:行数|lines)\s*[:：]\s*)\d+", re.IGNORECASE)
_TITLE_PREFIX = lazy_compile(r"^[^\w\u4e00-\u9fff]+")


@dataclass
class Bullet:
    """One bullet under a ``##`` section; dated bullets carry date, text and source."""

    section: str
    line: int
    text: str
    date: str = ""
    source: str = ""

    @property
    def fixed(self) -> bool:
        """Error corrections are never deleted, only marked 已修正 / fixed."""
        return "已修正" in self.text or "(fixed)" in self.text.lower()


def section_key(title: str) -> str | None:
    """Which known section a heading is, whatever its emoji or language."""
    lowered = title.lower()
    for key, (_zh, _en, words) in SECTIONS.items():
        if any(word in lowered for word in words.split("|")):
            return key
    return None


def _header_span(lines: list[str]) -> tuple[int, int] | None:
    """0-based [start, end) of the line-index comment, if the file has one before any section."""
    for index, raw in enumerate(lines):
        line = strip_eol(raw)
        if line.startswith("## "):
            return None
        if _HEADER_OPEN.match(line):
            end = index
            while end < len(lines) and "-->" not in lines[end]:
                end += 1
            if end == len(lines):
                return None
            return index, end + 1
    return None


def _sections(lines: list[str]) -> tuple[list[Heading], list[Heading]]:
    all_headings = headings(lines)
    span = _header_span(lines)
    level2 = [
        h for h in all_headings if h.level == 2 and not (span and span[0] <= h.index < span[1])
    ]
    return all_headings, level2


def parse_bullets(lines: list[str], path: str) -> list[Bullet]:
    """Every bullet under a ``##`` section; a half-written ``- [2026-..`` date is an error."""
    found: list[Bullet] = []
    all_headings, level2 = _sections(lines)
    for heading in level2:
        if META_HEADING.match(heading.title.strip()):
            continue  # note 001's 元信息 block: stamps, not entries
        end = entry_end(lines, all_headings, heading)
        for index in range(heading.index + 1, end):
            line = strip_eol(lines[index]).strip()
            if not _BULLET.match(line):
                continue
            match = _DATED.match(line)
            if match:
                found.append(
                    Bullet(
                        heading.title,
                        index + 1,
                        match.group("text").strip(),
                        match.group("date"),
                        (match.group("source") or "").strip(),
                    )
                )
            elif _DATED_START.match(line) and not re.match(r"^[-*]\s+\[[ xX]\]", line):
                raise FormatError(
                    "malformed dated entry, expected '- [YYYY-MM] text | 来源：...'",
                    path,
                    index + 1,
                )
            else:
                found.append(Bullet(heading.title, index + 1, line[2:].strip()))
    return found


def render_bullet(date: str, text: str, source: str, lang: str) -> str:
    """``- [YYYY-MM] text | 来源：source`` (``source:`` in English workspaces)."""
    label = "来源：" if lang == "zh" else "source: "
    # The user's words can neither start another bullet or heading nor forge a provenance.
    text, source = inline(text, pipes=True), inline(source, pipes=True)
    return f"- [{date}] {text}" + (f" | {label}{source}" if source else "")


def add_bullet(
    lines: list[str], section: str, bullet_text: str, lang: str, path: str
) -> tuple[list[str], int]:
    """Insert one bullet at the end of ``section`` (created at the end when missing).

    Returns the new lines and the 1-based line of the bullet (before any header refresh). The
    file is validated first, so a malformed entry stops the write.
    """
    parse_bullets(lines, path)
    eol = line_ending(lines)
    all_headings, level2 = _sections(lines)
    target = next((h for h in level2 if section_key(h.title) == section), None)
    if target is None:
        zh, en, _words = SECTIONS[section]
        block = [f"## {zh if lang == 'zh' else en}{eol}", bullet_text + eol]
        end = last_content(lines, 0, footer_start(lines)) + 1
        new_lines, start = insert_block(lines, end, block)
        return new_lines, start + 2
    end = min(entry_end(lines, all_headings, target), footer_start(lines))
    # After the last bullet or comment of the section, before its trailing blank lines.
    at = last_content(lines, target.index + 1, end) + 1
    at = max(at, target.index + 1)
    recent = next(
        (i for i in range(target.index + 1, end) if _RECENT.match(strip_eol(lines[i]))), None
    )
    if section == "status" and recent is not None:
        at = recent + 1  # under **近期成果**, after the bullets already there
        while at < end and _BULLET.match(strip_eol(lines[at]).strip()):
            at += 1
    new = list(lines)
    if not new[at - 1].endswith(("\n", "\r")):
        new[at - 1] += eol
    return [*new[:at], bullet_text + eol, *new[at:]], at + 1


def _index_lines(lines: list[str], eol: str) -> list[str]:
    all_headings, level2 = _sections(lines)
    rendered = []
    for heading in level2:
        end = entry_end(lines, all_headings, heading)
        title = _TITLE_PREFIX.sub("", heading.title).strip() or heading.title
        rendered.append(f"L{heading.index + 1}-L{max(end, heading.index + 1)} {title}{eol}")
    return rendered


def refresh_header(lines: list[str], today: str) -> list[str]:
    """Recompute the line-index comment, the 最后更新 date and the 行数 count in place."""
    eol = line_ending(lines)
    span = _header_span(lines)
    new = list(lines)
    if span is not None:
        start, end = span
        opening = strip_eol(new[start]).split("-->")[0].rstrip()
        for _ in range(4):  # the header's own length shifts the ranges; converge
            block = [opening + eol, *_index_lines(new, eol), "-->" + eol]
            candidate = new[:start] + block + new[end:]
            if candidate == new:
                break
            new, end = candidate, start + len(block)
    first_section = next((h.index for h in headings(new) if h.level == 2), len(new))
    for index in range(min(first_section, len(new))):
        line = strip_eol(new[index])
        ending = new[index][len(line) :]
        if _UPDATED.match(line):
            new[index] = _UPDATED.sub(lambda m: m.group(1) + today, line, count=1) + ending
    for index in range(min(first_section, len(new))):
        line = strip_eol(new[index])
        if _COUNT.match(line):
            ending = new[index][len(line) :]
            new[index] = _COUNT.sub(lambda m: m.group(1) + str(len(new)), line, count=1) + ending
    return new
