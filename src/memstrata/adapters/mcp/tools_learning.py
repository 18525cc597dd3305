"""MCP tools of the learning loop: memory_signal, memory_candidates, memory_evolve,
memory_proposals, memory_approve, memory_cite."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, cast

from pydantic import Field

from memstrata.adapters import presenters
from memstrata.adapters.mcp.schemas import (
    ApproveOut,
    CandidatesOut,
    CiteOut,
    EvolveOut,
    ProposalsOut,
    RequestId,
    SignalOut,
)

if TYPE_CHECKING:
    from memstrata.adapters.mcp.server import Tools


def register(server: Any, tools: Tools) -> None:
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp.types import ToolAnnotations

    def hints(read_only: bool, destructive: bool = False, idempotent: bool = False) -> Any:
        return ToolAnnotations(
            read_only_hint=read_only,
            destructive_hint=destructive,
            idempotent_hint=idempotent,
            open_world_hint=False,
        )

    @server.tool(
        annotations=hints(read_only=False),
        description=(
            "Detect learning signals (correction, preference, new knowledge, repeated failure, "
            "explicit instruction...) in a message and queue them for the heartbeat. Examples: "
            '{"text": "不对，应该用 pnpm"}; {"text": "still failing", "context": '
            '"[bash] npm test → Exit code 1\\n[bash] npm test → Exit code 1"}'
        ),
    )
    def memory_signal(
        text: Annotated[str, Field(description="The user's (or agent's) message.")],
        context: Annotated[
            str,
            Field(description="Recent tool results, one '[tool] COMMAND → OUTPUT' per line."),
        ] = "",
        source: Annotated[
            Literal["user", "agent", "hook"], Field(description="Who produced the text.")
        ] = "agent",
        dry_run: Annotated[bool, Field(description="Detect only; write nothing.")] = False,
        request_id: RequestId = None,
    ) -> SignalOut:
        from memstrata.evolve.triggers import handle

        data = tools.write(
            "signal",
            request_id,
            lambda writer: presenters.signal_result(handle(writer, text, context, source, dry_run)),
            "memory_signal",
            {"text": text, "context": context, "source": source, "dry_run": dry_run},
        )
        if not data["signals"]:
            data["note"] = "no learning signal in this message; nothing queued"
        return cast(SignalOut, data)

    @server.tool(
        annotations=hints(read_only=False),
        description=(
            "The candidate pool (main session only): action 'list', 'promote' (write it now) or "
            'drop. Examples: {"action": "list"}; {"action": "promote", "cid": "C002"}'
        ),
    )
    def memory_candidates(
        action: Annotated[
            Literal["list", "promote", "drop"], Field(description="list, promote or drop.")
        ] = "list",
        cid: Annotated[
            str | None, Field(description="The candidate id for promote/drop, e.g. C002.")
        ] = None,
        reason: Annotated[str, Field(description="drop: why.")] = "",
    ) -> CandidatesOut:
        from memstrata.evolve import pool
        from memstrata.evolve.approve import promote_now

        writer = tools.workspace().writer(tools.session)
        if action == "list":
            rows = tools.run("candidates.list", lambda: pool.observing(writer))
            data: dict[str, Any] = {"action": action, "candidates": presenters.candidates(rows)}
            if not rows:
                data["note"] = "no candidates are being observed"
            return cast(CandidatesOut, data)
        if not cid:
            raise ToolError(f"action {action!r} needs a cid such as C001")
        if action == "promote":
            placed = tools.run("candidates.promote", lambda: promote_now(writer, cid))
            return cast(CandidatesOut, {"action": action, "candidates": [], "promoted": placed})
        dropped = tools.run(
            "candidates.drop", lambda: pool.drop(writer, cid, reason or "dropped by the agent")
        )
        return cast(
            CandidatesOut, {"action": action, "candidates": presenters.candidates([dropped])}
        )

    @server.tool(
        annotations=hints(read_only=False),
        description=(
            "Run the heartbeat (main session only): synthesise queued signals, return the "
            "reflection report and the evolution card to show the user. Examples: {}; "
            '{"force": true, "session_id": "chat-42"}'
        ),
    )
    def memory_evolve(
        force: Annotated[bool, Field(description="Run even if the queue is not due.")] = False,
        session_id: Annotated[
            str, Field(description="The chat's id: cards are counted per session.")
        ] = "default",
    ) -> EvolveOut:
        from memstrata.evolve.heartbeat import heartbeat

        report = tools.run(
            "heartbeat",
            lambda: heartbeat(
                tools.workspace().writer(tools.session), force=force, session_id=session_id
            ),
        )
        data = presenters.heartbeat(report)
        return cast(EvolveOut, {key: data[key] for key in EvolveOut.__annotations__})

    @server.tool(
        annotations=hints(read_only=True, idempotent=True),
        description=(
            "What waits for the user's reply (main session only): each open proposal with its "
            "number, candidate id, target file and expected line (预计写入 Lxx), and the "
            "auto-skill drafts waiting for approval. Example: {}"
        ),
    )
    def memory_proposals() -> ProposalsOut:
        from memstrata.evolve.preview import waiting
        from memstrata.evolve.skills import waiting_drafts

        rows = tools.run("proposals", lambda: waiting(tools.workspace().writer(tools.session)))
        drafts = waiting_drafts(tools.workspace())
        data: dict[str, Any] = {
            "proposals": presenters.proposals(rows),
            "skill_drafts": presenters.skill_drafts(drafts),
        }
        if not rows and not drafts:
            data["note"] = "nothing waits for approval"
        return cast(ProposalsOut, data)

    @server.tool(
        annotations=hints(read_only=False),
        description=(
            "Pass on the user's answer to the evolution card (main session only). Examples: "
            '{"reply": "确认"}; {"reply": "1,3"}; {"reply": "跳过"}; {"reply": "all"}'
        ),
    )
    def memory_approve(
        reply: Annotated[
            str,
            Field(
                description="确认 / 全部 / 1,3 / 跳过 / 不要 2 or all / 1,3 / skip / reject 2, as the user said."
            ),
        ],
    ) -> ApproveOut:
        from memstrata.evolve.approve import approve

        result = tools.run(
            "approve", lambda: approve(tools.workspace().writer(tools.session), reply)
        )
        return cast(ApproveOut, presenters.approval(result))

    @server.tool(
        annotations=hints(read_only=False, idempotent=True),
        description=(
            "Record that you used a memory (buffered per session; flush at session end). "
            'Examples: {"ref": "P042", "context": "用户问提供商配置", "session_id": "chat-42"}; '
            '{"flush": true, "session_id": "chat-42"}'
        ),
    )
    def memory_cite(
        ref: Annotated[
            str, Field(description="P042, C003 or a citation such as MEMORY.md:L23.")
        ] = "",
        context: Annotated[str, Field(description="What the memory was used for.")] = "",
        session_id: Annotated[str, Field(description="The chat's id.")] = "default",
        flush: Annotated[bool, Field(description="Session end: write the buffer.")] = False,
    ) -> CiteOut:
        from memstrata.maintain import citations

        writer = tools.workspace().writer(tools.session)
        if flush:
            count = tools.run("cite", lambda: citations.flush(writer, session_id))
            return cast(CiteOut, {"flushed": count})
        if not ref:
            raise ToolError("ref is required unless flush is true (P042, C003, MEMORY.md:L23)")
        return cast(
            CiteOut, tools.run("cite", lambda: citations.cite(writer, ref, context, session_id))
        )
