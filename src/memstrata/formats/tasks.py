"""Task lists (note 001's 05-tasks/todo.md and todo-*.md): one checkbox line per task.

``- [ ] T001 部署网关 | 状态：进行中 | 负责人：coder | 更新：2026-04-17`` under ``## 待办``;
closing a task moves its line, checked, under ``## 已完成`` with ``完成：YYYY-MM-DD``. Ids are
unique across every list of the folder. Hand-written checkboxes without an id are kept as they
are (they are not tasks memstrata manages).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from memstrata.errors import FormatError
from memstrata.formats.markdown import entry_end, headings, insert_block, last_content
from memstrata.text.lazy_re import lazy_compile
from memstrata.text.normalize import one_line
from memstrata.text.textio import line_ending, strip_eol

_TASK = lazy_compile(r"^[-*]\s+\[(?P<mark>[ xX])\]\s+(?P<tid>T\d{3,})\b\s*(?P<rest>.*)$")
_FIELD = lazy_compile(r"^(?P<key>[^:：|]{1,12})\s*[:：]\s*(?P<value>.*)$")
SECTIONS = {"zh": ("待办", "已完成"), "en": ("Open", "Done")}
_OPEN = lazy_compile(r"^(?:待办|open|to ?do)", re.IGNORECASE)
_DONE = lazy_compile(r"^(?:已完成|完成|done|closed)", re.IGNORECASE)
FIELD_NAMES = {
    "zh": {"status": "状态", "owner": "负责人", "due": "截止", "updated": "更新", "closed": "完成"},
    "en": {
        "status": "status",
        "owner": "owner",
        "due": "due",
        "updated": "updated",
        "closed": "closed",
    },
}
_KEY_OF = {name.lower(): key for names in FIELD_NAMES.values() for key, name in names.items()}
STATUSES = {
    "zh": {"open": "待处理", "doing": "进行中", "blocked": "阻塞", "done": "已完成"},
    "en": {"open": "open", "doing": "in progress", "blocked": "blocked", "done": "done"},
}
_STATUS_ALIASES = {
    "open": "open",
    "todo": "open",
    "待处理": "open",
    "待办": "open",
    "doing": "doing",
    "in progress": "doing",
    "in-progress": "doing",
    "进行中": "doing",
    "blocked": "blocked",
    "阻塞": "blocked",
    "done": "done",
    "closed": "done",
    "已完成": "done",
    "完成": "done",
}


@dataclass
class Task:
    """One task line (1-based ``line``) with its fields."""

    tid: str
    title: str
    done: bool = False
    fields: dict[str, str] = field(default_factory=dict)
    line: int = 0

    @property
    def number(self) -> int:
        return int(self.tid[1:])


def status_word(status: str, lang: str) -> str:
    """The list's word for a status (``done`` -> 已完成); unknown words are kept as written."""
    key = _STATUS_ALIASES.get(status.strip().lower())
    return STATUSES[lang][key] if key else one_line(status)


def is_done(status: str) -> bool:
    return _STATUS_ALIASES.get(status.strip().lower()) == "done"


def parse_tasks(lines: list[str], path: str) -> list[Task]:
    """Every task line with an id; a repeated id is an error (naming both lines)."""
    found: list[Task] = []
    seen: dict[str, int] = {}
    for index, raw in enumerate(lines):
        match = _TASK.match(strip_eol(raw).strip())
        if not match:
            continue
        tid = match.group("tid")
        if tid in seen:
            raise FormatError(
                f"duplicate task id {tid} (first at line {seen[tid]})", path, index + 1
            )
        seen[tid] = index + 1
        parts = [part.strip() for part in match.group("rest").split(" | ")]
        task = Task(tid, unescape(parts[0]), match.group("mark") != " ", line=index + 1)
        for part in parts[1:]:
            pair = _FIELD.match(part)
            if pair and pair.group("key").strip().lower() in _KEY_OF:
                task.fields[_KEY_OF[pair.group("key").strip().lower()]] = unescape(
                    pair.group("value").strip()
                )
        found.append(task)
    return found


def escape(text: str) -> str:
    """A title or value on a task line: ``|`` separates the fields, so one inside is written
    ``\\|`` (as in a Markdown table) and reads back intact."""
    return one_line(text).replace("\\|", "|").replace("|", "\\|")


def unescape(text: str) -> str:
    return text.replace("\\|", "|")


def render_task(task: Task, lang: str) -> str:
    names = FIELD_NAMES[lang]
    sep = "：" if lang == "zh" else ": "
    parts = [f"- [{'x' if task.done else ' '}] {task.tid} {escape(task.title)}"]
    for key in ("status", "owner", "due", "updated", "closed"):
        if task.fields.get(key):
            parts.append(f"{names[key]}{sep}{escape(task.fields[key])}")
    return " | ".join(parts)


def _section(lines: list[str], pattern: re.Pattern[str]) -> tuple[int, int] | None:
    """0-based heading index and content end of the first ``##`` section matching."""
    all_headings = headings(lines)
    for heading in all_headings:
        if heading.level == 2 and pattern.match(heading.title.strip()):
            return heading.index, entry_end(lines, all_headings, heading)
    return None


def _add_line(
    lines: list[str], pattern: re.Pattern[str], title: str, text: str
) -> tuple[list[str], int]:
    """Append ``text`` to the section (created at the end when missing); 1-based line."""
    eol = line_ending(lines)
    found = _section(lines, pattern)
    if found is None:
        at = last_content(lines, 0, len(lines)) + 1
        new, start = insert_block(lines, at, [f"## {title}{eol}", text + eol])
        return new, start + 2
    heading, end = found
    at = max(last_content(lines, heading + 1, end) + 1, heading + 1)
    new = list(lines)
    if not new[at - 1].endswith(("\n", "\r")):
        new[at - 1] += eol
    return [*new[:at], text + eol, *new[at:]], at + 1


def add_task(lines: list[str], task: Task, lang: str, path: str) -> tuple[list[str], int]:
    """Add an open task under ``## 待办`` (above ``## 已完成``); returns lines and its line."""
    parse_tasks(lines, path)
    return _add_line(lines, _OPEN, SECTIONS[lang][0], render_task(task, lang))


def replace_task(lines: list[str], task: Task, lang: str, path: str) -> tuple[list[str], int]:
    """Write ``task`` back: in place while open, moved under ``## 已完成`` once done."""
    old = next((t for t in parse_tasks(lines, path) if t.tid == task.tid), None)
    if old is None:
        raise FormatError(f"no task {task.tid}", path)
    eol = line_ending(lines)
    text = render_task(task, lang)
    if task.done and not old.done:
        rest = [line for number, line in enumerate(lines, start=1) if number != old.line]
        return _add_line(rest, _DONE, SECTIONS[lang][1], text)
    new = list(lines)
    ending = new[old.line - 1][len(strip_eol(new[old.line - 1])) :] or eol
    new[old.line - 1] = text + ending
    return new, old.line


def new_list(title: str, now: str, lang: str) -> str:
    """A new ``todo-*.md`` list with note 001's meta block."""
    open_title, done_title = SECTIONS[lang]
    meta = (
        f"## 元信息\n- 创建时间：{now}\n- 最后更新：{now}\n- 版本：v1.0\n"
        if lang == "zh"
        else f"## Meta\n- Created: {now}\n- Last updated: {now}\n- Version: v1.0\n"
    )
    return f"# {title}\n\n{meta}\n## {open_title}\n\n## {done_title}\n"
