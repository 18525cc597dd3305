"""MCP tools that write records: memory_write (log, lesson, project, infra), memory_remember."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, cast

from pydantic import Field

from memstrata.adapters import presenters
from memstrata.adapters.mcp.schemas import PlacedOut

if TYPE_CHECKING:
    from memstrata.adapters.mcp.server import Tools

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
            "with its fix, severity P0/P1/P2), 'project' (status update) or 'infra' (a host's "
            'or service\'s facts). Examples: {"kind": "log", "text": "修复了登录超时"}; '
            '{"kind": "lesson", "text": "npm install 失败", "symptom": "锁文件冲突", '
            '"fix": "改用 pnpm", "severity": "P1"}; {"kind": "project", "text": "支付网关", '
            '"status": "进行中", "progress": "退款迁移完成"}; {"kind": "infra", "text": '
            '"gateway-prod", "facts": {"port": "8443"}}'
        ),
    )
    def memory_write(
        kind: Annotated[
            Literal["log", "lesson", "project", "infra"],
            Field(description="What to write: log, lesson, project or infra."),
        ],
        text: Annotated[
            str,
            Field(
                description="log: what happened; lesson: its title; project: its name; "
                "infra: the host or service name."
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
        status: Annotated[str | None, Field(description="project: 状态.")] = None,
        progress: Annotated[str | None, Field(description="project: one progress item.")] = None,
        facts: Annotated[
            dict[str, str] | None,
            Field(description='infra: key facts, e.g. {"port": "8443"}; secrets are refused.'),
        ] = None,
        section: Annotated[
            Literal["server", "api"], Field(description="infra: servers, or APIs and ports.")
        ] = "server",
    ) -> PlacedOut:
        writer = tools.workspace().writer(tools.session)
        if kind == "log":
            placed = tools.run("log", lambda: journal.log(writer, text, title=title))
        elif kind == "lesson":
            placed = tools.run(
                "lesson",
                lambda: journal.lesson(
                    writer, text, symptom=symptom, cause=cause, fix=fix, severity=severity
                ),
            )
        elif kind == "project":
            placed = tools.run(
                "project", lambda: journal.project(writer, text, status=status, progress=progress)
            )
        elif kind == "infra":
            placed = tools.run("infra", lambda: journal.infra(writer, text, facts or {}, section))
        else:
            raise ToolError(f"kind must be log, lesson, project or infra, not {kind!r}")
        return cast(PlacedOut, presenters.placed(placed))

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
    ) -> PlacedOut:
        from memstrata.entries.remember import remember

        placed = tools.run(
            "remember", lambda: remember(tools.workspace().writer(tools.session), text)
        )
        return cast(PlacedOut, presenters.placed(placed))
