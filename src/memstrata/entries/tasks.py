"""``memstrata task``: note 001's task tracking (05-tasks/): create, update the status, close.

Tasks are Tier 2 (AI may write them); every change refreshes the list's 元信息 stamps and, in a
team, carries the agent's name as the owner or updater. Ids (T001...) are unique across all the
lists of the folder, so ``task update T007`` finds the task wherever it is.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

from memstrata.core.templates import template_for
from memstrata.core.writer import Writer
from memstrata.errors import MemstrataError
from memstrata.formats.tasks import (
    Task,
    add_task,
    is_done,
    new_list,
    parse_tasks,
    replace_task,
    status_word,
)
from memstrata.text.spans import Placed, Span
from memstrata.text.textio import split_lines

DEFAULT_LIST = "todo.md"
_LIST_NAME = re.compile(r"^[a-z0-9\u4e00-\u9fff][a-z0-9\u4e00-\u9fff-]{0,39}$")


def _folder(writer: Writer) -> str:
    ws = writer.ws
    spec = ws.role("tasks")
    if spec is None:
        # Point at a command this layout has: project TODOs where there is a projects.md,
        # else today's log.
        instead = (
            "use `memstrata project NAME --progress …` for project TODOs"
            if ws.role("projects")
            else 'keep TODOs in today\'s log: `memstrata log "…" --section 待办`'
        )
        raise MemstrataError(
            f"the '{ws.preset}' layout has no task lists (note 001's 05-tasks/); {instead}"
        )
    return spec.path if spec.kind == "dir" else spec.path.rsplit("/", 1)[0]


def list_path(writer: Writer, name: str | None) -> str:
    """``todo.md`` by default, ``todo-NAME.md`` for a named list (note 001's naming rule)."""
    folder = _folder(writer)
    if not name:
        return f"{folder}/{DEFAULT_LIST}"
    slug = name.strip().lower().removeprefix("todo-").removesuffix(".md")
    if not _LIST_NAME.match(slug):
        raise MemstrataError(f"invalid list name {name!r}: letters, digits and '-'")
    return f"{folder}/todo-{slug}.md"


def all_tasks(writer: Writer) -> list[tuple[str, Task]]:
    """Every task of every list, with its file."""
    return [
        (rel, task)
        for rel in writer.ws.role_files("tasks")
        for task in parse_tasks(writer.ws.read_lines(rel), rel)
    ]


def _who(writer: Writer) -> str:
    return writer.agent or ""


_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _due(due: str) -> str:
    """A due date is a real calendar date, YYYY-MM-DD (2026-13-45 or 明天 would be kept as a
    string nothing can sort or check)."""
    text = due.strip()
    try:
        if _DATE.match(text):
            return date.fromisoformat(text).isoformat()
    except ValueError:
        pass
    raise MemstrataError(f"--due must be a real date as YYYY-MM-DD, not {due!r}")


def _title(writer: Writer, title: str) -> str:
    """A task title is one line (a line break would end the task line)."""
    if "\n" in title.strip() or "\r" in title.strip():
        raise MemstrataError("a task title is one line; put details in the task's list file")
    return writer.clean(title.strip())


def add(
    writer: Writer,
    title: str,
    owner: str | None = None,
    due: str | None = None,
    list_name: str | None = None,
) -> Placed:
    """Create an open task (状态：待处理) in a list; returns where it landed."""
    ws = writer.ws
    title = _title(writer, title)
    if not title:
        raise MemstrataError("a task needs a title")
    due = _due(due) if due else None
    path = list_path(writer, list_name)
    today = ws.today().isoformat()
    number = max((t.number for _rel, t in all_tasks(writer)), default=0) + 1
    fields = {
        "status": status_word("open", ws.lang),
        "owner": writer.clean(owner) if owner else _who(writer),
        "due": writer.clean(due) if due else "",
        "updated": today,
    }
    task = Task(f"T{number:03d}", title, fields={k: v for k, v in fields.items() if v})
    now = ws.now().strftime("%Y-%m-%d %H:%M")
    name = path.rsplit("/", 1)[-1].removesuffix(".md")
    template = template_for(ws.preset, path, ws.lang, today, now) or new_list(name, now, ws.lang)

    def transform(lines: list[str]) -> tuple[list[str], int]:
        return add_task(lines or split_lines(template), task, ws.lang, path)

    line = writer.rewrite(path, transform, role="tasks", adds=1)
    return Placed(Span(path, line, line, "tasks", task.tid), title)


def _find(writer: Writer, tid: str) -> tuple[str, Task]:
    tid = tid.strip().upper()
    found = next(((rel, t) for rel, t in all_tasks(writer) if t.tid == tid), None)
    if found is None:
        raise MemstrataError(f"no task {tid}; `memstrata task list` shows them")
    return found


def update(
    writer: Writer,
    tid: str,
    status: str | None = None,
    owner: str | None = None,
    due: str | None = None,
) -> Placed:
    """Change a task's status, owner or due date (status 已完成 / done closes it)."""
    if not any((status, owner, due)):
        raise MemstrataError("nothing to change: give --status, --owner or --due")
    ws = writer.ws
    due = _due(due) if due else None
    path, found = _find(writer, tid)
    today = ws.today().isoformat()
    fields = dict(found.fields)
    if status:
        fields["status"] = status_word(writer.clean(status), ws.lang)
    if owner:
        fields["owner"] = writer.clean(owner)
    if due:
        fields["due"] = writer.clean(due)
    fields["updated"] = today + (f" [{writer.agent}]" if writer.agent else "")
    done = bool(status) and is_done(status or "")
    if done:
        fields["closed"] = today
    changed = replace(found, done=found.done or done, fields=fields)

    def transform(lines: list[str]) -> tuple[list[str], int]:
        return replace_task(lines, changed, ws.lang, path)

    line = writer.rewrite(path, transform, role="tasks")
    return Placed(Span(path, line, line, "tasks", found.tid), found.title)


def close(writer: Writer, tid: str) -> Placed:
    """Mark a task done: checked, 状态：已完成, 完成：today, moved under 已完成."""
    return update(writer, tid, status="done")


def open_tasks(writer: Writer) -> list[tuple[str, Task]]:
    return [(rel, t) for rel, t in all_tasks(writer) if not t.done]
