"""infra.md (note 002's 基础设施层): one ``### 主机或服务`` entry per host or service, its key
facts as ``- **key**: value`` bullets, under the ``##`` section of its kind (服务器 / API 与端口).

A fact given again for the same entry replaces its line (a port changed), so the file stays a
lookup table, not a history; the history is in the daily logs and EVOLUTION_LOG.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from memstrata.formats.markdown import append_block, entry_end, headings, insert_block, to_lines
from memstrata.formats.tags import safe_title, split_tag
from memstrata.text.normalize import one_line
from memstrata.text.textio import line_ending, strip_eol

_FACT = re.compile(r"^[-*]\s+\*\*(?P<key>[^*]+)\*\*\s*[:：]\s*(?P<value>.*)$")
SECTIONS = {
    "server": ("🖥️ 服务器", "🖥️ Servers", re.compile(r"服务器|server", re.IGNORECASE)),
    "api": ("🔌 API 与端口", "🔌 APIs and ports", re.compile(r"api|端口|port", re.IGNORECASE)),
}


@dataclass
class InfraEntry:
    """One host or service with its facts (key -> value) and their 1-based lines."""

    name: str
    agent: str | None = None
    facts: dict[str, str] = field(default_factory=dict)
    fact_lines: dict[str, int] = field(default_factory=dict)
    start_line: int = 0
    end_line: int = 0


def parse_infra(lines: list[str], path: str) -> list[InfraEntry]:
    """Every ``###`` entry with its ``- **key**: value`` facts."""
    found = []
    all_headings = headings(lines)
    for heading in all_headings:
        if heading.level != 3:
            continue
        agent, name = split_tag(heading.title, path, heading.index + 1)
        end = entry_end(lines, all_headings, heading)
        entry = InfraEntry(name, agent, start_line=heading.index + 1, end_line=end)
        for index in range(heading.index + 1, end):
            match = _FACT.match(strip_eol(lines[index]).strip())
            if match:
                key = match.group("key").strip()
                entry.facts[key] = match.group("value").strip()
                entry.fact_lines[key.lower()] = index + 1
        found.append(entry)
    return found


def set_facts(
    lines: list[str],
    name: str,
    facts: dict[str, str],
    kind: str,
    agent: str | None,
    lang: str,
    path: str,
) -> tuple[list[str], tuple[int, int]]:
    """Add or update the facts of entry ``name``; returns new lines and the entry's span."""
    eol = line_ending(lines)
    facts = {one_line(k): one_line(v) for k, v in facts.items()}
    existing = next((e for e in parse_infra(lines, path) if e.name == name), None)
    if existing is None:
        tag = f"[{agent}] " if agent else ""
        block = to_lines(
            "\n".join(
                [
                    f"### {tag}{safe_title(one_line(name))}",
                    *(f"- **{k}**: {v}" for k, v in facts.items()),
                ]
            ),
            eol,
        )
        all_headings = headings(lines)
        zh, en, pattern = SECTIONS.get(kind, SECTIONS["server"])
        section = next((h for h in all_headings if h.level == 2 and pattern.search(h.title)), None)
        if section is None:
            new_lines, start = append_block(
                lines, [f"## {zh if lang == 'zh' else en}{eol}", eol, *block], path
            )
            return new_lines, (start + 3, start + 2 + len(block))
        end = entry_end(lines, all_headings, section)
        new_lines, start = insert_block(lines, max(end, section.index + 1), block)
        return new_lines, (start + 1, start + len(block))
    new = list(lines)
    inserts = []
    for key, value in facts.items():
        line_no = existing.fact_lines.get(key.lower())
        if line_no is not None:
            ending = new[line_no - 1][len(strip_eol(new[line_no - 1])) :]
            new[line_no - 1] = f"- **{key}**: {value}{ending}"
        else:
            inserts.append(f"- **{key}**: {value}{eol}")
    at = existing.end_line
    if inserts and not new[at - 1].endswith(("\n", "\r")):
        new[at - 1] += eol
    new = [*new[:at], *inserts, *new[at:]]
    return new, (existing.start_line, existing.end_line + len(inserts))
