"""``memstrata mcp``: the memory as MCP tools (official ``mcp`` SDK 2.x, ``MCPServer``).

One server serves one workspace for one session kind and agent, fixed at launch, so a shared
session's server can never hand out MEMORY.md, USER.md, infra or candidates whatever a tool is
asked. Each tool is a thin call into the same service functions the CLI uses; its description
carries examples because agents do not guess syntax. Nothing is printed to stdout outside the
protocol, and bad input comes back as a tool error, never a crash.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from memstrata.core.permissions import Session
from memstrata.core.workspace import Workspace
from memstrata.errors import MemstrataError

INSTRUCTIONS = (
    "Long-term memory kept as Markdown. Before answering about prior work, decisions, dates, people, "
    "preferences or todos, call memory_search, then memory_get for the lines you need, and cite them as "
    "📍 path:Lstart-Lend. Record what you learn with memory_signal; write logs and lessons with memory_write."
)


def build_server(root: str | None, session: Session) -> Any:
    """An MCPServer with every memory tool bound to one workspace and session."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    server = MCPServer("memstrata", instructions=INSTRUCTIONS)

    def workspace() -> Workspace:
        return Workspace.discover(root)

    def run(call: Any) -> Any:
        try:
            return call()
        except MemstrataError as exc:
            raise ToolError(str(exc)) from None

    @server.tool(
        description=(
            "Hybrid (keyword + meaning) search over memory, Chinese and English. Returns hits with "
            'cite \'📍 path:Lx-Ly\'. Examples: {"query": "网关端口"}; '
            '{"query": "heartbeat interval", "k": 5, "role": "daily", "since": "2026-04-01"}'
        )
    )
    def memory_search(
        query: str,
        k: int = 8,
        mode: str = "hybrid",
        role: str | None = None,
        since: str | None = None,
        until: str | None = None,
        agent: str | None = None,
    ) -> dict:
        from memstrata.recall.search import SearchFilters, search, search_many, with_also

        filters = SearchFilters([role] if role else None, since, until, agent, None, session)
        labelled = run(lambda: with_also(workspace()))
        if len(labelled) > 1:
            response = run(lambda: search_many(labelled, query, k=k, mode=mode, filters=filters))
        else:
            response = run(lambda: search(workspace(), query, k=k, mode=mode, filters=filters))
        return response.as_json() | {"warnings": response.warnings}

    @server.tool(
        description=(
            "Read exact lines from a memory file (what a search hit cites). Examples: "
            '{"ref": "memory/2026-04-10.md:7-8"}; {"ref": "📍 MEMORY.md:L12-L14"}; {"ref": "memory/principles.md"}'
        )
    )
    def memory_get(ref: str) -> dict:
        from memstrata.recall.get import get_lines

        result = run(lambda: get_lines(workspace(), ref, session))
        return {
            "path": result.path,
            "start_line": result.start_line,
            "end_line": result.end_line,
            "text": result.text,
        }

    @server.tool(
        description=(
            "Write a record: kind 'log' (today's daily log section), 'lesson' (pitfall with fix and severity "
            'P0/P1/P2) or \'project\' (status update). Examples: {"kind": "log", "text": "修复了登录超时"}; '
            '{"kind": "lesson", "text": "npm install 失败", "fix": "改用 pnpm", "severity": "P1"}; '
            '{"kind": "project", "text": "支付网关", "status": "进行中", "progress": "退款迁移完成"}'
        )
    )
    def memory_write(
        kind: str,
        text: str,
        title: str | None = None,
        fix: str = "",
        cause: str = "",
        severity: str = "P1",
        status: str | None = None,
        progress: str | None = None,
    ) -> dict:
        from memstrata.entries.journal import lesson, log, project

        writer = workspace().writer(session)
        if kind == "log":
            written = run(lambda: log(writer, text, title=title))
        elif kind == "lesson":
            written = run(
                lambda: lesson(
                    writer, text, symptom=title or "", cause=cause, fix=fix, severity=severity
                )
            )
        elif kind == "project":
            written = run(lambda: project(writer, text, status=status, progress=progress))
        else:
            raise ToolError(f"kind must be log, lesson or project, not {kind!r}")
        return {"role": written.role, "cite": written.cite, "title": written.title}

    @server.tool(
        description=(
            "Write an explicit instruction at once (the user said 记住 / remember / always / never). "
            'Examples: {"text": "记住：提供商名不要用 qwen"}; {"text": "Remember: I prefer short answers"}'
        )
    )
    def memory_remember(text: str) -> dict:
        from memstrata.entries.remember import remember

        placed = run(lambda: remember(workspace().writer(session), text))
        return {"role": placed.role, "cite": placed.cite, "entry_id": placed.entry_id}

    @server.tool(
        description=(
            "Detect learning signals (correction, preference, new knowledge, repeated failure, explicit "
            'instruction...) in a message and queue them. Examples: {"text": "不对，应该用 pnpm"}; '
            '{"text": "still failing", "context": "Bash: npm test -> Exit code 1\\nBash: npm test -> Exit code 1"}'
        )
    )
    def memory_signal(
        text: str, context: str = "", source: str = "agent", dry_run: bool = False
    ) -> dict:
        from memstrata.capture.record import record_signals

        report = run(
            lambda: record_signals(workspace().writer(session), text, context, source, dry_run)
        )
        return report.as_json() | {"warnings": report.warnings}

    @server.tool(
        description=(
            "The candidate pool: action 'list', 'promote' (write it now) or 'drop'. Main session only. "
            'Examples: {"action": "list"}; {"action": "promote", "cid": "C002"}'
        )
    )
    def memory_candidates(action: str = "list", cid: str | None = None, reason: str = "") -> Any:
        from memstrata.evolve import pool
        from memstrata.evolve.approve import promote_now

        if session.kind != "main":
            raise ToolError("candidates are private to the main session")
        writer = workspace().writer(session)
        if action == "list":
            return [
                asdict(c) | {"promotable": c.promotable}
                for c in run(lambda: pool.observing(writer))
            ]
        if not cid:
            raise ToolError(f"action {action!r} needs a cid such as C001")
        if action == "promote":
            return run(lambda: promote_now(writer, cid))
        if action == "drop":
            return asdict(run(lambda: pool.drop(writer, cid, reason or "dropped by the agent")))
        raise ToolError("action must be list, promote or drop")

    @server.tool(
        description=(
            "Run the heartbeat: synthesise queued signals, return the reflection report and the evolution card "
            'to show the user (at most 2 cards per session). Examples: {}; {"force": true, "session_id": "chat-42"}'
        )
    )
    def memory_evolve(force: bool = False, session_id: str = "default") -> dict:
        from memstrata.evolve.heartbeat import heartbeat

        report = run(
            lambda: heartbeat(workspace().writer(session), force=force, session_id=session_id)
        )
        return {
            "ran": report.ran,
            "reason": report.reason,
            "report": report.report,
            "card": report.card,
            "proposals": [asdict(p) for p in report.proposals],
        }

    @server.tool(
        description=(
            'Pass on the user\'s answer to the evolution card. Examples: {"reply": "确认"}; {"reply": "1,3"}; '
            '{"reply": "跳过"}; {"reply": "all"}'
        )
    )
    def memory_approve(reply: str) -> dict:
        from memstrata.evolve.approve import approve

        return asdict(run(lambda: approve(workspace().writer(session), reply)))

    @server.tool(
        description=(
            "The session's starting memory within a token budget (private parts only in main sessions). "
            'Examples: {}; {"task": "部署网关", "budget": 1500}'
        )
    )
    def memory_context(task: str | None = None, budget: int = 2000) -> dict:
        from memstrata.context.bootstrap import build_context

        if budget < 1:
            raise ToolError("budget must be positive")
        return asdict(run(lambda: build_context(workspace(), session, task, budget)))

    @server.tool(
        description=(
            "Pitfalls to mention before starting a task (L1 principles, lessons, patterns), each cited. "
            'Examples: {"task": "配置新的模型提供商"}; {"task": "run the database migration"}'
        )
    )
    def memory_warnings(task: str, k: int = 5) -> list:
        from memstrata.context.warnings import task_warnings

        return [asdict(w) for w in run(lambda: task_warnings(workspace(), task, k))]

    @server.tool(
        description=(
            "Record that you used a memory (buffered per session; flush at session end). Examples: "
            '{"ref": "P042", "context": "用户问提供商配置", "session_id": "chat-42"}; '
            '{"flush": true, "session_id": "chat-42"}'
        )
    )
    def memory_cite(
        ref: str = "", context: str = "", session_id: str = "default", flush: bool = False
    ) -> dict:
        from memstrata.maintain import citations

        writer = workspace().writer(session)
        if flush:
            return {"flushed": run(lambda: citations.flush(writer, session_id))}
        if not ref:
            raise ToolError("ref is required unless flush is true (P042, C003, MEMORY.md:L23)")
        return run(lambda: citations.cite(writer, ref, context, session_id))

    @server.tool(
        description="Health check of the memory workspace (limits, backlog, index, secrets...). Example: {}"
    )
    def memory_health() -> dict:
        from memstrata.maintain.doctor import diagnose

        report = run(lambda: diagnose(workspace()))
        return {"healthy": report.healthy, "findings": [asdict(f) for f in report.findings]}

    return server
