"""``memstrata daily-summary``: note 001's 每日总结 (每日cron / after an important task).

Fills the day's log from what the workspace already records, without repeating an item that
is already there: 今日完成 gets the tasks closed that day, 待办 the open tasks, 重要发现 the
lessons dated that day and the knowledge and rule files changed that day. Three-tier logs get
the items in their own three sections; other layouts get a ``## 每日总结`` section with the
same three sub-sections. Running it twice adds nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from memstrata.core.permissions import check_operation
from memstrata.core.writer import Writer
from memstrata.entries.journal import log
from memstrata.entries.tasks import all_tasks
from memstrata.formats.daily import ARCHIVE_SECTIONS
from memstrata.formats.lessons import parse_lessons
from memstrata.formats.stamps import changed_since_created, meta_fields


@dataclass
class DailySummary:
    """The day's log and the items added to each of its three parts."""

    path: str
    added: dict[str, list[str]] = field(default_factory=dict)


def _sources(writer: Writer, day: str) -> dict[str, list[str]]:
    ws = writer.ws
    zh = ws.lang == "zh"
    tasks = all_tasks(writer) if ws.role("tasks") else []
    done = [f"{t.tid} {t.title}" for _rel, t in tasks if t.done and t.fields.get("closed") == day]
    todo = [
        f"{t.tid} {t.title}" + (f"（{t.fields['status']}）" if t.fields.get("status") else "")
        for _rel, t in tasks
        if not t.done
    ]
    findings = []
    for rel in ws.role_files("lessons"):
        for lesson in parse_lessons(ws.read_lines(rel), rel):
            if lesson.date == day:
                fix = f"：{lesson.fix}" if zh else f": {lesson.fix}"
                findings.append(
                    f"{'教训' if zh else 'lesson'} {lesson.title}{fix if lesson.fix else ''}"
                )
    # Knowledge files exist only once approved; rule files count once changed after init.
    for role, label in (
        ("knowledge", "知识" if zh else "knowledge"),
        ("rules", "规则" if zh else "rules"),
    ):
        for rel in ws.role_files(role):
            fields = meta_fields(ws.read_lines(rel))
            fresh = role == "knowledge" or changed_since_created(fields)
            if fresh and fields.get("updated", "").startswith(day):
                findings.append(f"{label}{'更新' if zh else ' updated'}：{rel}")
    return {"done": done, "todo": todo, "findings": findings}


def daily_summary(writer: Writer, day: date | None = None) -> DailySummary:
    """Add the day's summary to its log (see the module docstring)."""
    check_operation("summary", writer.session)
    ws = writer.ws
    day = day or ws.today()
    path = ws.daily_path(day)
    result = DailySummary(path)
    names = ARCHIVE_SECTIONS["zh" if ws.lang == "zh" else "en"]
    for key, items in _sources(writer, day.isoformat()).items():
        # read to see what is there (an append keeps a bad byte; a rewrite refuses the file)
        existing = "".join(ws.read_lines(path)) if ws.exists(path) else ""
        # A task is the same item whatever its status says now (T001 部署网关（进行中）).
        fresh = [item for item in items if writer.clean(item.split("（")[0]) not in existing]
        if not fresh:
            continue
        if ws.layout.daily_style == "archive":
            log(writer, "\n".join(fresh), section=key, day=day)
        else:
            title = "每日总结" if ws.lang == "zh" else "Daily summary"
            log(writer, "\n".join(fresh), title=title, section=names[key], day=day)
        result.added[key] = fresh
    return result
