"""projects.md: ``### 项目`` entries with 状态 / 负责人 / 最近更新 / 当前进展 bullets (note 002)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from memstrata.formats.markdown import (
    append_block,
    entry_end,
    headings,
    insert_block,
    last_content,
    to_lines,
)
from memstrata.formats.tags import safe_title, split_tag
from memstrata.text.normalize import one_line
from memstrata.text.textio import line_ending, strip_eol

FIELD_NAMES = {
    "zh": {"status": "状态", "owner": "负责人", "updated": "最近更新", "progress": "当前进展"},
    "en": {"status": "Status", "owner": "Owner", "updated": "Last update", "progress": "Progress"},
}
_KEY_OF = {name.lower(): key for names in FIELD_NAMES.values() for key, name in names.items()}
_FIELD = re.compile(r"^[-*]\s+\*\*(?P<key>[^*]+)\*\*\s*[:：]\s*(?P<value>.*)$")
_CURRENT = re.compile(r"当前项目|current projects", re.IGNORECASE)


@dataclass
class Project:
    """One project entry with its 1-based inclusive line span and field line numbers."""

    name: str
    status: str = ""
    owner: str = ""
    updated: str = ""
    progress: list[str] = field(default_factory=list)
    agent: str | None = None
    start_line: int = 0
    end_line: int = 0
    field_lines: dict[str, int] = field(default_factory=dict)


def parse_projects(lines: list[str], path: str) -> list[Project]:
    """Every ``###`` project entry in order."""
    found: list[Project] = []
    all_headings = headings(lines)
    for heading in all_headings:
        if heading.level != 3:
            continue
        agent, name = split_tag(heading.title, path, heading.index + 1)
        end = entry_end(lines, all_headings, heading)
        project = Project(name=name, agent=agent, start_line=heading.index + 1, end_line=end)
        in_progress = False
        for index in range(heading.index + 1, end):
            raw = strip_eol(lines[index])
            match = _FIELD.match(raw.strip())
            if (
                match
                and match.group("key").strip().lower() in _KEY_OF
                and not raw.startswith((" ", "\t"))
            ):
                key = _KEY_OF[match.group("key").strip().lower()]
                project.field_lines[key] = index + 1
                in_progress = key == "progress"
                if key != "progress":
                    setattr(project, key, match.group("value").strip())
            elif in_progress and raw.strip().startswith(("-", "*")):
                project.progress.append(raw.strip()[1:].strip())
        found.append(project)
    return found


def render_project(project: Project, lang: str) -> str:
    """The Markdown of one project (no trailing newline)."""
    names = FIELD_NAMES[lang]
    tag = f"[{project.agent}] " if project.agent else ""
    out = [f"### {tag}{safe_title(one_line(project.name))}"]
    for key in ("status", "owner", "updated"):
        out.append(f"- **{names[key]}**: {one_line(getattr(project, key))}")
    out.append(f"- **{names['progress']}**:")
    out.extend(f"  - {one_line(item)}" for item in project.progress)
    return "\n".join(out)


def add_project(
    lines: list[str], project: Project, lang: str, path: str
) -> tuple[list[str], Project]:
    """Add a project at the end of the 当前项目 section (or of the file)."""
    parse_projects(lines, path)
    block = to_lines(render_project(project, lang), line_ending(lines))
    all_headings = headings(lines)
    section = next((h for h in all_headings if h.level == 2 and _CURRENT.search(h.title)), None)
    if section is None:
        new_lines, start = append_block(lines, block, path)
    else:
        end = entry_end(lines, all_headings, section)
        at = max(last_content(lines, section.index, end) + 1, section.index + 1)
        new_lines, start = insert_block(lines, at, block)
    project.start_line, project.end_line = start + 1, start + len(block)
    return new_lines, project


def update_project(
    lines: list[str], old: Project, changes: dict[str, str], progress: str | None, lang: str
) -> list[str]:
    """Change only the named field lines of ``old`` and append one progress item."""
    eol = line_ending(lines)
    names = FIELD_NAMES[lang]
    new = list(lines)
    inserts: list[tuple[int, str]] = []
    changes = {key: one_line(value) for key, value in changes.items()}
    progress = one_line(progress) if progress else progress
    for key, value in changes.items():
        line_no = old.field_lines.get(key)
        if line_no is not None:
            raw = strip_eol(new[line_no - 1])
            ending = new[line_no - 1][len(raw) :]
            match = _FIELD.match(raw.strip())
            label = match.group("key") if match else names[key]
            new[line_no - 1] = f"- **{label}**: {value}{ending}"
        else:
            inserts.append((old.end_line, f"- **{names[key]}**: {value}{eol}"))
    if progress:
        if "progress" in old.field_lines:
            inserts.append((old.end_line, f"  - {progress}{eol}"))
        else:
            inserts.append((old.end_line, f"- **{names['progress']}**:{eol}"))
            inserts.append((old.end_line, f"  - {progress}{eol}"))
    if inserts:
        at = old.end_line
        if not new[at - 1].endswith(("\n", "\r")):
            new[at - 1] += eol
        new = new[:at] + [text for _pos, text in inserts] + new[at:]
    return new
