"""Note 001's Tier 2 knowledge files: ``04-knowledge/[领域]-[主题].md`` (``hqbsh-protocol.md``).

A file has the note's storage format (``# 标题``, ``## 元信息`` with 创建时间 / 最后更新 / 版本)
and its Tier 2 sections: 背景, 核心要点 (numbered), 经验教训. A later approval for the same
domain and topic adds to those sections instead of making a second file.
"""

from __future__ import annotations

import re

from memstrata.errors import MemstrataError
from memstrata.formats.markdown import entry_end, headings, insert_block, last_content
from memstrata.text.normalize import inline, one_line
from memstrata.text.textio import line_ending, strip_eol

_PART = re.compile(r"^[a-z0-9\u4e00-\u9fff]+(?:-[a-z0-9\u4e00-\u9fff]+)*$")
SECTIONS = {
    "zh": {"background": "背景", "points": "核心要点", "lessons": "经验教训"},
    "en": {"background": "Background", "points": "Key points", "lessons": "Lessons"},
}
_NUMBERED = re.compile(r"^(\d+)\.\s")
# Note 001's names are short (hqbsh-protocol.md); these bounds keep every name well inside the
# file system's 255 bytes (a Chinese character is 3), so approving one never fails on its name.
MAX_DOMAIN = 20
MAX_TOPIC = 60


def knowledge_name(domain: str, topic: str) -> str:
    """``[领域]-[主题].md``: the domain is one word, the topic may hold dashes."""
    domain = domain.strip().lower()
    topic = topic.strip().lower().replace(" ", "-")
    if not _PART.match(domain) or "-" in domain:
        raise MemstrataError(f"invalid domain {domain[:60]!r}: one word of letters or digits")
    if not _PART.match(topic):
        raise MemstrataError(f"invalid topic {topic[:60]!r}: letters, digits and '-'")
    if len(domain) > MAX_DOMAIN or len(topic) > MAX_TOPIC:
        raise MemstrataError(
            f"domain {domain[:30]!r} / topic {topic[:30]!r} too long: at most {MAX_DOMAIN} and "
            f"{MAX_TOPIC} characters"
        )
    return f"{domain}-{topic}.md"


def render_knowledge(
    title: str, background: str, points: list[str], lessons: list[str], now: str, lang: str
) -> str:
    names = SECTIONS[lang]
    meta = (
        f"## 元信息\n- 创建时间：{now}\n- 最后更新：{now}\n- 版本：v1.0\n"
        if lang == "zh"
        else f"## Meta\n- Created: {now}\n- Last updated: {now}\n- Version: v1.0\n"
    )
    out = [f"# {one_line(title)}", "", meta.rstrip("\n"), "", f"## {names['background']}"]
    out.append(inline(background) if background else "")  # a line of its own: no heading
    out += ["", f"## {names['points']}"]
    out += [f"{number}. {one_line(point)}" for number, point in enumerate(points, start=1)]
    out += ["", f"## {names['lessons']}"]
    out += [f"- {one_line(lesson)}" for lesson in lessons]
    return "\n".join(out) + "\n"


def add_to_knowledge(
    lines: list[str], background: str, points: list[str], lessons: list[str], lang: str
) -> list[str]:
    """Add a proposal's background, points (numbered on) and lessons to an existing file."""
    names = SECTIONS[lang]
    new = list(lines)
    eol = line_ending(new)
    for key, items in (
        ("background", [inline(background)] if background else []),
        ("points", [one_line(p) for p in points]),
        ("lessons", [f"- {one_line(lesson)}" for lesson in lessons]),
    ):
        if not items:
            continue
        all_headings = headings(new)
        heading = next(
            (
                h
                for h in all_headings
                if h.level == 2 and h.title.strip() in (SECTIONS["zh"][key], SECTIONS["en"][key])
            ),
            None,
        )
        if heading is None:
            at = last_content(new, 0, len(new)) + 1
            new, _start = insert_block(new, at, [f"## {names[key]}{eol}"])
            all_headings = headings(new)
            heading = next(h for h in all_headings if h.index == _start)
        end = entry_end(new, all_headings, heading)
        if key == "points":
            numbers = [
                int(m.group(1))
                for line in new[heading.index + 1 : end]
                if (m := _NUMBERED.match(strip_eol(line).strip()))
            ]
            first = max(numbers, default=0) + 1
            items = [f"{first + i}. {point}" for i, point in enumerate(items)]
        at = max(last_content(new, heading.index + 1, end) + 1, heading.index + 1)
        if not new[at - 1].endswith(("\n", "\r")):
            new[at - 1] += eol
        new = [*new[:at], *(item + eol for item in items), *new[at:]]
    return new
