"""MCP tools for upkeep: memory_health."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from memstrata.adapters import presenters
from memstrata.adapters.mcp.schemas import HealthOut

if TYPE_CHECKING:
    from memstrata.adapters.mcp.server import Tools


def register(server: Any, tools: Tools) -> None:
    from mcp.types import ToolAnnotations

    @server.tool(
        annotations=ToolAnnotations(
            read_only_hint=True,
            destructive_hint=False,
            idempotent_hint=True,
            open_world_hint=False,
        ),
        description=(
            "Health check of the memory workspace (main session only): malformed files, limits, "
            "backlog, index, secrets. Example: {}"
        ),
    )
    def memory_health() -> HealthOut:
        from memstrata.maintain.doctor import diagnose

        report = tools.run("doctor", lambda: diagnose(tools.workspace()))
        return cast(HealthOut, presenters.doctor(report))
