"""MCP tools that read memory: memory_search, memory_get, memory_context, memory_warnings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, cast

from pydantic import Field

from memstrata.adapters import presenters
from memstrata.adapters.mcp.schemas import ContextOut, GetOut, SearchOut, WarningsOut

if TYPE_CHECKING:
    from memstrata.adapters.mcp.server import Tools

READ_ONLY: dict[str, Any] = {
    "read_only_hint": True,
    "destructive_hint": False,
    "idempotent_hint": True,
    "open_world_hint": False,
}


def register(server: Any, tools: Tools) -> None:
    from mcp.types import ToolAnnotations

    read_only = ToolAnnotations(**READ_ONLY)

    @server.tool(
        annotations=read_only,
        description=(
            "Hybrid (keyword + meaning) search over memory, Chinese and English. Each hit cites "
            "'📍 path:Lx-Ly'; read more with memory_get. A hit with weak=true is only the nearest "
            "entry, not an answer: memory holds nothing close to the query. "
            'Examples: {"query": "网关端口"}; '
            '{"query": "heartbeat interval", "k": 5, "role": "daily", "since": "2026-04-01"}'
        ),
    )
    def memory_search(
        query: Annotated[str, Field(description="What to find, in any language (zh/en/mixed).")],
        k: Annotated[int, Field(description="How many hits to return.", ge=1, le=100)] = 8,
        mode: Annotated[
            Literal["hybrid", "lexical", "vector"],
            Field(description="hybrid (default), lexical (keywords only) or vector (meaning)."),
        ] = "hybrid",
        role: Annotated[
            str | None,
            Field(description="Only this role: principles, patterns, lessons, daily, ..."),
        ] = None,
        since: Annotated[
            str | None, Field(description="Only entries dated on or after YYYY-MM-DD.")
        ] = None,
        until: Annotated[
            str | None, Field(description="Only entries dated on or before YYYY-MM-DD.")
        ] = None,
        agent: Annotated[str | None, Field(description="Only entries tagged [agent].")] = None,
    ) -> SearchOut:
        from memstrata.recall.search import SearchFilters, search, search_many, with_also

        filters = SearchFilters([role] if role else None, since, until, agent, None, tools.session)

        def find() -> Any:
            labelled = with_also(tools.workspace())
            if len(labelled) > 1:
                return search_many(labelled, query, k=k, mode=mode, filters=filters)
            return search(next(iter(labelled.values())), query, k=k, mode=mode, filters=filters)

        data = presenters.search(tools.run("search", find))
        if not data["results"]:
            data["note"] = "no memory matches this query; try other words or memory_context"
        elif all(hit["weak"] for hit in data["results"]):
            data["note"] = (
                "nothing in memory comes close to this query: these are only the nearest "
                "entries (weak), not an answer"
            )
        return cast(SearchOut, data)

    @server.tool(
        annotations=read_only,
        description=(
            "Read exact lines from a memory file (what a search hit cites). Examples: "
            '{"ref": "memory/2026-04-10.md:7-8"}; {"ref": "📍 MEMORY.md:L12-L14"}; '
            '{"ref": "memory/principles.md"}'
        ),
    )
    def memory_get(
        ref: Annotated[
            str,
            Field(
                description="PATH, PATH:12, PATH:12-15 or a citation '📍 PATH:L12-L15'.",
                max_length=4096,
            ),
        ],
    ) -> GetOut:
        from memstrata.recall.get import get_lines

        result = tools.run("get", lambda: get_lines(tools.workspace(), ref, tools.session))
        return cast(GetOut, presenters.got(result))

    @server.tool(
        annotations=read_only,
        description=(
            "The session's starting memory within a token budget (private parts only in main "
            'sessions). Examples: {}; {"task": "部署网关", "budget": 1500}'
        ),
    )
    def memory_context(
        task: Annotated[
            str | None, Field(description="What the session is about (adds relevant L2).")
        ] = None,
        budget: Annotated[
            int, Field(description="Token budget (CJK-aware estimate).", ge=1, le=1_000_000)
        ] = 2000,
    ) -> ContextOut:
        from memstrata.context.bootstrap import build_context

        result = tools.run(
            "context", lambda: build_context(tools.workspace(), tools.session, task, budget)
        )
        return cast(ContextOut, presenters.context(result))

    @server.tool(
        annotations=read_only,
        description=(
            "Pitfalls to mention before starting a task (L1 principles, lessons, patterns), each "
            'cited. Examples: {"task": "配置新的模型提供商"}; {"task": "run the database migration"}'
        ),
    )
    def memory_warnings(
        task: Annotated[str, Field(description="The task about to start, in any language.")],
        k: Annotated[int, Field(description="At most this many reminders.", ge=1, le=50)] = 5,
    ) -> WarningsOut:
        from memstrata.context.warnings import task_warnings

        found = tools.run(
            "warnings", lambda: task_warnings(tools.workspace(), task, k, semantic=True)
        )
        data: dict[str, Any] = {"warnings": presenters.task_warnings(found)}
        if not found:
            data["note"] = "no known pitfalls for this task"
        return cast(WarningsOut, data)
