"""MCP tools that write records: memory_write (log, lesson, project, infra, task),
memory_remember."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, Literal, cast

from pydantic import Field

from memstrata.adapters import presenters
from memstrata.adapters.mcp.schemas import PlacedOut, RequestId

if TYPE_CHECKING:
    from memstrata.adapters.mcp.server import Tools
    from memstrata.core.writer import Writer
    from memstrata.text.spans import Placed

WRITES: dict[str, Any] = {
    "read_only_hint": False,
    "destructive_hint": False,  # adds or updates entries; never deletes
    "idempotent_hint": False,
    "open_world_hint": False,
}


def register(server: Any, tools: Tools) -> None:
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp.types import ToolAnnotations

    from memstrata.entries import journal

    @server.tool(
        annotations=ToolAnnotations(**WRITES),
        description=(
            "Write a record: kind 'log' (a section in today's daily log), 'lesson' (a pitfall "
            "with its fix, severity P0/P1/P2), 'project' (status update), 'infra' (a host's "
            "or service's facts) or 'task' (a task list entry: a title creates one, an id "
            "like T001 with a status updates it; status 已完成/done closes it). Examples: "
            '{"kind": "log", "text": "修复了登录超时"}; '
            '{"kind": "lesson", "text": "npm install 失败", "symptom": "锁文件冲突", '
            '"fix": "改用 pnpm", "severity": "P1"}; {"kind": "project", "text": "支付网关", '
            '"status": "进行中", "progress": "退款迁移完成"}; {"kind": "infra", "text": '
            '"gateway-prod", "facts": {"port": "8443"}}; {"kind": "task", "text": "部署网关"}; '
            '{"kind": "task", "text": "T001", "status": "进行中"}'
        ),
    )
    def memory_write(
        kind: Annotated[
            Literal["log", "lesson", "project", "infra", "task"],
            Field(description="What to write: log, lesson, project, infra or task."),
        ],
        text: Annotated[
            str,
            Field(
                description="log: what happened; lesson: its title; project: its name; "
                "infra: the host or service name; task: a new task's title, or its id (T001)."
            ),
        ],
        title: Annotated[
            str | None, Field(description="log: the section title (default: first clause).")
        ] = None,
        symptom: Annotated[str, Field(description="lesson: 现象, what happened.")] = "",
        cause: Annotated[str, Field(description="lesson: 原因, why.")] = "",
        fix: Annotated[str, Field(description="lesson: 解决, how it was fixed.")] = "",
        severity: Annotated[
            Literal["P0", "P1", "P2"], Field(description="lesson: severity.")
        ] = "P1",
        status: Annotated[
            str | None, Field(description="project or task: 状态 (task: 已完成/done closes it).")
        ] = None,
        progress: Annotated[str | None, Field(description="project: one progress item.")] = None,
        facts: Annotated[
            dict[str, str] | None,
            Field(description='infra: key facts, e.g. {"port": "8443"}; secrets are refused.'),
        ] = None,
        section: Annotated[
            Literal["server", "api"], Field(description="infra: servers, or APIs and ports.")
        ] = "server",
        request_id: RequestId = None,
    ) -> PlacedOut:
        from memstrata.entries import tasks

        def write(writer: Writer) -> Placed:
            if kind == "log":
                return journal.log(writer, text, title=title)
            if kind == "lesson":
                return journal.lesson(
                    writer, text, symptom=symptom, cause=cause, fix=fix, severity=severity
                )
            if kind == "project":
                return journal.project(writer, text, status=status, progress=progress)
            if kind == "infra":
                return journal.infra(writer, text, facts or {}, section)
            if re.match(r"^\s*T\d{3,}\s*$", text, re.IGNORECASE):
                return tasks.update(writer, text, status=status)
            return tasks.add(writer, text)

        if kind not in ("log", "lesson", "project", "infra", "task"):
            raise ToolError(f"kind must be log, lesson, project, infra or task, not {kind!r}")
        asked = {
            "kind": kind, "text": text, "title": title, "symptom": symptom, "cause": cause,
            "fix": fix, "severity": severity, "status": status, "progress": progress,
            "facts": facts, "section": section,
        }  # fmt: skip
        answer = tools.write(
            kind,
            request_id,
            lambda writer: presenters.placed(write(writer), writer.warnings),
            "memory_write",
            asked,
        )
        return cast(PlacedOut, answer)

    @server.tool(
        annotations=ToolAnnotations(**WRITES),
        description=(
            "Write an explicit instruction at once (the user said 记住 / remember / always / "
            'never). Examples: {"text": "记住：提供商名不要用 qwen"}; '
            '{"text": "Remember: I prefer short answers"}'
        ),
    )
    def memory_remember(
        text: Annotated[str, Field(description="The user's instruction, as they said it.")],
        new: Annotated[
            bool,
            Field(
                description="Write it even if memory holds something alike: the user says an "
                "earlier answer 'seen_again' took it for a repeat of another entry."
            ),
        ] = False,
        request_id: RequestId = None,
    ) -> PlacedOut:
        from memstrata.evolve.triggers import remember_once

        def write(writer: Writer) -> dict[str, Any]:
            placed, seen_again = remember_once(writer, text, new=new)  # a repeat: no duplicate
            return presenters.placed(placed, writer.warnings, seen_again)

        answer = tools.write(
            "remember",
            request_id,
            write,
            "memory_remember",
            {"text": text, "new": new},
        )
        return cast(PlacedOut, answer)
