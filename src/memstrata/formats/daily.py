"""Daily logs (``memory/YYYY-MM-DD.md``): ``# [YYYY-MM-DD]`` then ``## [agent] 标题`` sections
with ``**时间**: HH:MM`` and 完成内容 / 遇到问题 / 文件变更 sub-sections (note 002).

New sections are only ever appended (under the file's lock), so agents logging at once never
lose each other's lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memstrata.formats.markdown import entry_end, headings
from memstrata.formats.tags import safe_title, split_tag
from memstrata.text.normalize import one_line
from memstrata.text.textio import strip_eol

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
_TIME = re.compile(r"\*\*(?:时间|time)\*\*\s*[:：]\s*(\d{1,2}:\d{2})", re.IGNORECASE)


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
