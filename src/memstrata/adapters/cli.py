"""The ``memstrata`` command: argument parsing and printing over the service functions.

Only click is imported at start-up; services load inside the command that needs them, so
``memstrata --help`` and the hooks stay fast. Errors from bad input print one line and exit 2.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from memstrata.errors import MemstrataError

if TYPE_CHECKING:
    from memstrata.workspace import Workspace
    from memstrata.writer import Writer

PRESET_CHOICES = (
    "default",
    "openclaw",
    "self-evolution",
    "three-tier",
    "five-tier",
    "memory-manager",
)
SESSION_CHOICES = ("main", "shared", "subagent")


def _emit_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def workspace_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """``-w/--workspace DIR`` on every command (also accepted before the command name)."""

    @click.option(
        "-w",
        "--workspace",
        "workspace_dir",
        type=click.Path(file_okay=False),
        default=None,
        help="Workspace folder (else $MEMSTRATA_WORKSPACE, else the nearest one above).",
    )
    @functools.wraps(func)
    def wrapper(*args: Any, workspace_dir: str | None, **kwargs: Any) -> Any:
        ctx = click.get_current_context()
        if workspace_dir:
            ctx.meta["memstrata.workspace"] = workspace_dir
        return func(*args, **kwargs)

    return wrapper


def session_kind_option(help_text: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--session main|shared|subagent`` (stored as ``session_kind``)."""
    return click.option(
        "--session",
        "session_kind",
        type=click.Choice(SESSION_CHOICES),
        default="main",
        show_default=True,
        help=help_text,
    )


def session_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--session`` and ``--agent`` for commands that write."""

    @session_kind_option("Who is acting: the owner's chat, a shared chat, or a subagent.")
    @click.option(
        "--agent", default=None, help="Agent name; tags entries [agent] (required for subagents)."
    )
    @functools.wraps(func)
    def wrapper(*args: Any, session_kind: str, agent: str | None, **kwargs: Any) -> Any:
        ctx = click.get_current_context()
        ctx.meta["memstrata.session"] = (session_kind, agent)
        return func(*args, **kwargs)

    return wrapper


def json_option(func: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")(func)


def open_workspace() -> Workspace:
    from memstrata.workspace import Workspace

    return Workspace.discover(click.get_current_context().meta.get("memstrata.workspace"))


def open_writer() -> Writer:
    from memstrata.permissions import Session

    kind, agent = click.get_current_context().meta.get("memstrata.session", ("main", None))
    return open_workspace().writer(Session(kind, agent))


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="memstrata", prog_name="memstrata")
@workspace_option
def cli() -> None:
    """Layered, self-evolving long-term memory for LLM agents, kept as plain Markdown.

    \b
    Start:    memstrata init ~/agent-memory && cd ~/agent-memory
    Write:    memstrata remember "记住：提供商名不要用 qwen"
    Log:      memstrata log "修复了登录超时" --agent coder
    Inspect:  memstrata status
    """


@cli.command()
@click.argument("directory", default=".", type=click.Path(file_okay=False))
@click.option(
    "--preset",
    type=click.Choice(PRESET_CHOICES),
    default="default",
    show_default=True,
    help="Which design note's layout to create.",
)
@click.option(
    "--lang",
    type=click.Choice(("zh", "en")),
    default="zh",
    show_default=True,
    help="Template language.",
)
@click.option(
    "--team", is_flag=True, help="A team workspace: every entry tagged [agent], secrets refused."
)
@workspace_option
@json_option
def init(directory: str, preset: str, lang: str, team: bool, as_json: bool) -> None:
    """Create a workspace (or adopt an existing one without changing a byte)."""
    from memstrata.initialize import init_workspace

    result = init_workspace(directory, preset=preset, lang=lang, team=team)
    ws = result.workspace
    if as_json:
        _emit_json(
            {
                "workspace": str(ws.root),
                "preset": ws.preset,
                "adopted": result.adopted,
                "created": result.created,
            }
        )
        return
    if result.adopted:
        click.echo(f"Found an existing '{ws.preset}' workspace at {ws.root}; nothing was changed.")
        return
    click.echo(
        f"Created a '{ws.preset}' workspace ({ws.lang}) at {ws.root} with {len(result.created)} files."
    )


@cli.command()
@workspace_option
@json_option
def status(as_json: bool) -> None:
    """Entries, lines against limits and last update for every role."""
    from memstrata.status import status_json, workspace_status

    ws = open_workspace()
    if as_json:
        _emit_json(status_json(ws))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{ws.root}  ({ws.preset}, {ws.lang}{', team' if ws.team else ''})")
    for column in ("role", "files", "entries", "lines / limit", "last update"):
        table.add_column(column)
    warnings: list[str] = []
    for row in workspace_status(ws):
        limit = (
            f"{row.lines} / {row.limit}"
            if row.limit and row.limit_unit == "lines"
            else str(row.lines)
        )
        if row.limit and row.limit_unit == "entries":
            limit += f" ({row.entries or 0} / {row.limit} observing)"
        style = "red" if row.over_limit else None
        entries = "-" if row.entries is None else str(row.entries)
        table.add_row(row.role, str(row.files), entries, limit, row.last_update or "-", style=style)
        warnings.extend(row.warnings)
    console = Console()
    console.print(table)
    for warning in warnings:
        console.print(f"[yellow]warning:[/] {warning}")


@cli.command()
@click.argument("text")
@click.option(
    "--role",
    type=click.Choice(("user", "long_term", "principles")),
    default=None,
    help="Override the rule-based choice of where it goes.",
)
@workspace_option
@session_options
@json_option
def remember(text: str, role: str | None, as_json: bool) -> None:
    """Write an explicit instruction at once (记住 / remember), then log it."""
    from memstrata.remember import remember as remember_text

    result = remember_text(open_writer(), text, role=role)
    if as_json:
        _emit_json(
            {
                "role": result.role,
                "path": result.path,
                "start_line": result.start_line,
                "end_line": result.end_line,
                "entry_id": result.entry_id,
                "cite": result.cite,
            }
        )
        return
    click.echo(f"已记住 / remembered → {result.role}: {result.text}")
    click.echo(result.cite)


@cli.command(name="log")
@click.argument("text")
@click.option("--title", default=None, help="Section title (default: the first clause of TEXT).")
@click.option(
    "--section",
    default="done",
    show_default=True,
    help="Sub-section: done (完成内容), problems (遇到问题), files (文件变更), or any heading.",
)
@click.option("--date", "day", default=None, help="Day to log to (YYYY-MM-DD, default today).")
@workspace_option
@session_options
@json_option
def log_command(text: str, title: str | None, section: str, day: str | None, as_json: bool) -> None:
    """Append a tagged section to the daily log."""
    from datetime import date

    from memstrata.journal import log

    try:
        when = date.fromisoformat(day) if day else None
    except ValueError:
        raise MemstrataError(f"--date {day!r} is not YYYY-MM-DD") from None
    _print_written(log(open_writer(), text, title=title, section=section, day=when), as_json)


@cli.command()
@click.argument("title")
@click.option("--symptom", default="", help="现象: what happened.")
@click.option("--cause", default="", help="原因: why it happened.")
@click.option("--fix", default="", help="解决: how it was solved.")
@click.option(
    "--severity",
    type=click.Choice(("P0", "P1", "P2"), case_sensitive=False),
    default="P1",
    show_default=True,
)
@workspace_option
@session_options
@json_option
def lesson(title: str, symptom: str, cause: str, fix: str, severity: str, as_json: bool) -> None:
    """Record a lesson (踩坑记录) under its severity."""
    from memstrata.journal import lesson as add_lesson

    _print_written(add_lesson(open_writer(), title, symptom, cause, fix, severity), as_json)


@cli.command()
@click.argument("name")
@click.option("--status", "state", default=None, help="状态, e.g. '进行中 ⚡' or '已完成 ✅'.")
@click.option("--owner", default=None, help="负责人.")
@click.option("--progress", default=None, help="One progress item to add (当前进展).")
@workspace_option
@session_options
@json_option
def project(
    name: str, state: str | None, owner: str | None, progress: str | None, as_json: bool
) -> None:
    """Create or update a project in projects.md."""
    from memstrata.journal import project as update

    _print_written(
        update(open_writer(), name, status=state, owner=owner, progress=progress), as_json
    )


def _print_written(written: Any, as_json: bool) -> None:
    if as_json:
        _emit_json(
            {
                "role": written.role,
                "path": written.path,
                "start_line": written.start_line,
                "end_line": written.end_line,
                "title": written.title,
                "cite": written.cite,
            }
        )
        return
    click.echo(f"{written.role}: {written.title}")
    click.echo(written.cite)


@cli.command()
@click.argument("text")
@click.option(
    "--context", default="", help="Earlier tool results, one 'cmd -> Exit code N' per line."
)
@click.option(
    "--source",
    type=click.Choice(("user", "agent", "hook")),
    default="user",
    show_default=True,
    help="Who produced TEXT: the user's message, the agent, or a hook's tool event.",
)
@click.option("--dry-run", is_flag=True, help="Detect and print only; write nothing.")
@workspace_option
@session_options
@json_option
def signal(text: str, context: str, source: str, dry_run: bool, as_json: bool) -> None:
    """Detect learning signals (corrections, preferences, 记住...) and queue them in pending.jsonl."""
    from memstrata.capture.record import record_signals

    report = record_signals(open_writer(), text, context=context, source=source, dry_run=dry_run)
    for warning in report.warnings:
        click.echo(f"memstrata: warning: {warning}", err=True)
    if as_json:
        _emit_json(report.as_json())
        return
    if not report.signals:
        click.echo("No learning signal.")
        return
    for item in report.signals:
        click.echo(f"{item.kind:<18} {item.brief}  —  {item.detail}")
    for written in report.written:
        click.echo(f"written at once: {written['cite']}")
    if dry_run:
        click.echo("(dry run: nothing written)")


@cli.command()
@click.option(
    "--force",
    is_flag=True,
    help="Run even if fewer than 5 signals wait and none is older than 24 h.",
)
@click.option(
    "--session-id",
    default="default",
    show_default=True,
    help="At most 2 evolution cards per session id.",
)
@workspace_option
@session_options
@json_option
def heartbeat(force: bool, session_id: str, as_json: bool) -> None:
    """Synthesise pending signals into candidates and proposals (the reflection report and card)."""
    from dataclasses import asdict

    from memstrata.evolve.heartbeat import heartbeat as run_heartbeat

    report = run_heartbeat(open_writer(), force=force, session_id=session_id)
    for warning in report.warnings:
        click.echo(f"memstrata: warning: {warning}", err=True)
    if as_json:
        _emit_json({**asdict(report), "proposals": [asdict(p) for p in report.proposals]})
        return
    if not report.ran:
        click.echo(f"Skipped: {report.reason}")
        return
    click.echo(report.report)
    if report.card:
        click.echo("")
        click.echo(report.card)


@cli.command()
@click.argument("reply")
@workspace_option
@session_options
@json_option
def approve(reply: str, as_json: bool) -> None:
    """Answer the evolution card: 确认 / 全部 / 1,3 / 跳过 (all / 1,3 / skip)."""
    from dataclasses import asdict

    from memstrata.evolve.approve import approve as run_approve

    result = run_approve(open_writer(), reply)
    if as_json:
        _emit_json(asdict(result))
        return
    click.echo(f"understood: {result.understood}")
    for item in result.applied:
        click.echo(f"[{item['number']}] {item['cid']} → {item['role']}  {item['cite']}")
    if result.skipped:
        click.echo("kept for later: " + ", ".join(map(str, result.skipped)))


@cli.command()
@click.argument("action", type=click.Choice(("list", "promote", "drop")), default="list")
@click.argument("cid", required=False)
@click.option("--reason", default=None, help="Why a candidate is dropped.")
@workspace_option
@session_options
@json_option
def candidates(action: str, cid: str | None, reason: str | None, as_json: bool) -> None:
    """The candidate pool: list, promote ID (write it now), drop ID."""
    from dataclasses import asdict

    from memstrata.evolve import pool

    writer = open_writer()
    if action != "list" and not cid:
        raise MemstrataError(f"'candidates {action}' needs a candidate id such as C001")
    if action == "promote":
        from memstrata.evolve.approve import promote_now

        placed = promote_now(writer, cid)
        _emit_json(placed) if as_json else click.echo(f"{cid} → {placed['role']}  {placed['cite']}")
        return
    if action == "drop":
        dropped = pool.drop(
            writer,
            cid,
            reason or ("用户手动丢弃" if writer.ws.lang == "zh" else "dropped by the user"),
        )
        _emit_json(asdict(dropped)) if as_json else click.echo(f"{cid} dropped: {dropped.summary}")
        return
    rows = pool.observing(writer)
    if as_json:
        _emit_json([asdict(row) | {"promotable": row.promotable} for row in rows])
        return
    if not rows:
        click.echo("No candidates are being observed.")
    for row in rows:
        mark = " ← ready" if row.promotable else ""
        click.echo(
            f"{row.cid}  {row.count}/{row.threshold}  [{row.kind}] {row.summary}  (first {row.first_seen}, last {row.last_seen}){mark}"
        )


@cli.command()
@click.argument("ref", required=False)
@click.option("--context", default="", help="What the memory was used for (用户问提供商配置).")
@click.option(
    "--session-id", default="default", show_default=True, help="Citations are buffered per session."
)
@click.option("--verified", is_flag=True, help="Record that the entry was checked and still holds.")
@click.option(
    "--flush",
    is_flag=True,
    help="Session end: write the buffered citations to the log in one batch.",
)
@workspace_option
@session_options
@json_option
def cite(
    ref: str | None, context: str, session_id: str, verified: bool, flush: bool, as_json: bool
) -> None:
    """Record that a memory was used (P042, C003, MEMORY.md:L23); --flush at session end."""
    from memstrata.maintain import citations

    writer = open_writer()
    if flush:
        count = citations.flush(writer, session_id)
        _emit_json({"flushed": count}) if as_json else click.echo(f"flushed {count} citation(s)")
        return
    if not ref:
        raise MemstrataError("cite needs a reference (P042, C003, path:L12) or --flush")
    record = citations.cite(writer, ref, context, session_id, "verified" if verified else "cited")
    _emit_json(record) if as_json else click.echo(
        f"buffered: {record['entry']}  📍 {record['cite']}"
    )


@cli.command()
@workspace_option
@json_option
def stats(as_json: bool) -> None:
    """记忆统计: how often each entry was cited, and when last; totals per role."""
    from memstrata.maintain.citations import stats as citation_stats

    data = citation_stats(open_workspace())
    if as_json:
        _emit_json(data)
        return
    click.echo(
        f"{data['total']} citation(s); by role: "
        + (", ".join(f"{k}={v}" for k, v in data["by_role"].items()) or "-")
    )
    for item in data["entries"]:
        click.echo(
            f"{item['times_cited']:>4}  {item['entry']}  (last {item['last_cited']})  {item['source']}"
        )


@cli.command()
@click.option(
    "--days", type=int, default=30, show_default=True, help="Never-cited entries older than this."
)
@click.option(
    "--l1-days", type=int, default=90, show_default=True, help="L1 principles unused for this long."
)
@workspace_option
@json_option
def cleanup(days: int, l1_days: int, as_json: bool) -> None:
    """清理记忆: suggestions only (never-cited entries, unverified L1); nothing is deleted."""
    from memstrata.maintain.citations import cleanup as suggest

    data = suggest(open_workspace(), days, l1_days)
    if as_json:
        _emit_json(data)
        return
    click.echo(f"Never cited and older than {days} days ({len(data['never_cited'])}):")
    for item in data["never_cited"]:
        click.echo(f"  {item['entry']}  {item['cite']}  {item['title']}")
    click.echo(
        f"L1 principles not cited or verified in {l1_days} days ({len(data['l1_unverified'])}):"
    )
    for item in data["l1_unverified"]:
        click.echo(f"  {item['entry']}  {item['cite']}  (last {item['last']})")
    click.echo(
        "Suggestions only: review them, then edit the files or `memstrata cite REF --verified`."
    )


@cli.command()
@click.option("--category", default=None, help="Only this category (配置, 排障, ...).")
@workspace_option
@json_option
def principles(category: str | None, as_json: bool) -> None:
    """有哪些原则: the L1 principles grouped by category, each with its citation."""
    from dataclasses import asdict

    from memstrata.review import principles_by_category

    groups = principles_by_category(open_workspace(), category)
    if as_json:
        _emit_json({name: [asdict(item) for item in items] for name, items in groups.items()})
        return
    if not groups:
        click.echo("No principles yet.")
    for name, items in groups.items():
        click.echo(f"## {name}")
        for item in items:
            click.echo(f"- {item.title}  {item.cite}\n  {item.body}")


@cli.command()
@click.argument("query")
@workspace_option
@json_option
def patterns(query: str, as_json: bool) -> None:
    """关于XX的经验: L2 patterns about QUERY, found through patterns/index.md."""
    from dataclasses import asdict

    from memstrata.review import patterns_about

    found = patterns_about(open_workspace(), query)
    if as_json:
        _emit_json([asdict(item) for item in found])
        return
    if not found:
        click.echo("No patterns about that yet.")
    for item in found:
        click.echo(f"- {item.title}  {item.cite}\n  {item.body}")


@cli.group()
def skill() -> None:
    """Skills: register, draft from a recurring workflow, approve drafts (note 004)."""


@skill.command(name="add")
@click.argument("name")
@click.option("--when", default="", help="When an agent should use it.")
@click.option(
    "--path", default=None, help="Where its SKILL.md lives (default skills/NAME/SKILL.md)."
)
@workspace_option
@session_options
def skill_add(name: str, when: str, path: str | None) -> None:
    """Register a skill in skills/INDEX.md."""
    from memstrata.evolve import skills

    line = skills.add(open_writer(), name, when, path)
    click.echo(f"registered {name}  📍 {open_workspace().role_path('skills')}:L{line}")


@skill.command(name="draft")
@click.argument("name")
@click.option(
    "--step", "steps", multiple=True, required=True, help="One step (repeat: at least 3)."
)
@click.option("--when", default="", help="When an agent should use it.")
@click.option("--description", default="", help="One line saying what it does.")
@workspace_option
@session_options
def skill_draft(name: str, steps: tuple[str, ...], when: str, description: str) -> None:
    """Write a SKILL.md draft to skills/auto-generated/ (a proposal; approve to adopt)."""
    from memstrata.evolve import skills

    made = skills.draft(open_writer(), name, list(steps), when, description)
    click.echo(f"draft {made.name}  📍 {made.path}  (memstrata skill approve {made.name})")


@skill.command(name="approve")
@click.argument("name")
@workspace_option
@session_options
def skill_approve(name: str) -> None:
    """Move a draft into skills/ and register it in the index."""
    from memstrata.evolve import skills

    made = skills.approve(open_writer(), name)
    click.echo(f"approved {made.name}  📍 {made.path}")


@skill.command(name="list")
@workspace_option
@json_option
def skill_list(as_json: bool) -> None:
    """Registered skills and drafts waiting for approval."""
    from memstrata.evolve import skills

    ws = open_workspace()
    index, folder = skills.folders(ws.writer())
    registered = [line.strip() for line in ws.read_lines(index) if line.startswith("- ")]
    drafts_dir = ws.resolve(f"{folder}/auto-generated")
    drafts = (
        sorted(p.parent.name for p in drafts_dir.glob("*/SKILL.md")) if drafts_dir.is_dir() else []
    )
    if as_json:
        _emit_json({"registered": registered, "drafts": drafts})
        return
    click.echo("\n".join(registered) or "No skills registered.")
    if drafts:
        click.echo("Drafts awaiting approval: " + ", ".join(drafts))


@cli.command()
@session_kind_option("main gets USER.md and MEMORY.md; shared and subagent sessions never do.")
@click.option("--agent", default=None, help="The agent starting the session.")
@click.option(
    "--task", default=None, help="What the session is about: adds the relevant L2 patterns."
)
@click.option(
    "--budget", type=int, default=2000, show_default=True, help="Token budget (CJK-aware estimate)."
)
@workspace_option
@json_option
def context(
    session_kind: str, agent: str | None, task: str | None, budget: int, as_json: bool
) -> None:
    """The session's starting context within a token budget (never cut mid-entry)."""
    from dataclasses import asdict

    from memstrata.context import build_context

    if budget < 1:
        raise MemstrataError("--budget must be positive")
    result = build_context(open_workspace(), _session_from_flag(session_kind, agent), task, budget)
    if as_json:
        _emit_json(asdict(result))
        return
    click.echo(result.text, nl=False)


@cli.command(name="warnings")
@click.argument("task")
@click.option("-k", "limit", type=int, default=5, show_default=True)
@workspace_option
@json_option
def warnings_command(task: str, limit: int, as_json: bool) -> None:
    """事前预防: the principles, lessons and patterns to mention before starting TASK."""
    from dataclasses import asdict

    from memstrata.warnings import task_warnings

    found = task_warnings(open_workspace(), task, limit)
    if as_json:
        _emit_json([asdict(w) for w in found])
        return
    click.echo("\n".join(w.text for w in found) or "No known pitfalls for this task.")


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--window",
    type=int,
    default=8000,
    show_default=True,
    help="The model's context window in tokens.",
)
@click.option(
    "--keep", type=int, default=10, show_default=True, help="Recent messages kept verbatim."
)
@click.option(
    "--threshold",
    type=float,
    default=0.75,
    show_default=True,
    help="Compact above this share of the window.",
)
@click.option(
    "--no-flush", is_flag=True, help="Do not write durable facts to today's daily log first."
)
@workspace_option
@session_options
@json_option
def compact(
    file: str, window: int, keep: int, threshold: float, no_flush: bool, as_json: bool
) -> None:
    """Compact an OpenAI chat (JSON) or Claude Code transcript (JSONL), flushing memories first."""
    from memstrata.compaction import compact as run_compact
    from memstrata.compaction import flush_memories, llm_summarizer, load_conversation, split_point
    from memstrata.llm import ChatClient
    from memstrata.textio import read_text

    messages = load_conversation(read_text(Path(file), file), file)
    writer = None if no_flush else open_writer()
    ws = writer.ws if writer else None
    client = ChatClient.from_settings(ws.config.raw.get("llm", {})) if ws else None
    flushed: list[str] = []
    if writer is not None and sum(m.tokens for m in messages) > window * threshold:
        flushed = flush_memories(writer, messages[: split_point(messages, keep)])
    result = run_compact(
        messages,
        window=window,
        keep=keep,
        threshold=threshold,
        summarizer=llm_summarizer(client) if client else None,
    )
    result.flushed = flushed
    for warning in result.warnings:
        click.echo(f"memstrata: warning: {warning}", err=True)
    if as_json:
        _emit_json(
            {
                "compacted": result.compacted,
                "tokens_before": result.tokens_before,
                "tokens_after": result.tokens_after,
                "dropped": result.dropped,
                "flushed": result.flushed,
                "summary": result.summary,
                "messages": [{"role": m.role, "content": m.text} for m in result.messages],
            }
        )
        return
    if not result.compacted:
        click.echo(
            f"No compaction needed: {result.tokens_before} tokens <= {threshold:.0%} of {window}."
        )
        return
    click.echo(
        f"Compacted {result.dropped} messages: {result.tokens_before} → {result.tokens_after} tokens; "
        f"{len(result.flushed)} fact(s) flushed to today's log."
    )
    click.echo(result.summary)


@cli.command()
@click.option(
    "--fix",
    "repair",
    is_flag=True,
    help="Do the safe repairs: reindex, refresh line-index headers.",
)
@workspace_option
@json_option
def doctor(repair: bool, as_json: bool) -> None:
    """Health check (note 004); exit 1 when something is wrong. --fix does only safe repairs."""
    from dataclasses import asdict

    from memstrata.maintain.doctor import run_doctor

    report = run_doctor(open_workspace().writer(), repair)
    if as_json:
        _emit_json(
            {
                "healthy": report.healthy,
                "findings": [asdict(f) for f in report.findings],
                "fixed": report.fixed,
            }
        )
    else:
        for done in report.fixed:
            click.echo(f"fixed: {done}")
        for finding in report.findings:
            where = f"  ({finding.where})" if finding.where else ""
            click.echo(
                f"{'✗' if finding.severity == 'problem' else '·'} [{finding.check}] {finding.message}{where}"
            )
        click.echo("healthy" if report.healthy else "problems found")
    if not report.healthy:
        raise click.exceptions.Exit(1)


@cli.command()
@workspace_option
def handoff() -> None:
    """A Markdown brief for a new agent: rules, preferences, open work, candidates, lessons."""
    from memstrata.maintain.handoff import handoff as brief

    click.echo(brief(open_workspace()))


@cli.command()
@click.option("--dry-run", is_flag=True, help="Report what would happen; change nothing.")
@click.option(
    "--confirm",
    is_flag=True,
    help="Also move daily logs older than 90 days into the archive folder.",
)
@workspace_option
@session_options
@json_option
def consolidate(dry_run: bool, confirm: bool, as_json: bool) -> None:
    """Monthly summaries of old logs, archiving on --confirm, slimming proposals for full roles."""
    from dataclasses import asdict

    from memstrata.maintain.consolidate import consolidate as run_consolidate

    report = run_consolidate(open_writer(), dry_run=dry_run, confirm=confirm)
    if as_json:
        _emit_json({**asdict(report), "proposals": [asdict(p) for p in report.proposals]})
        return
    click.echo(
        f"{'would summarise' if dry_run else 'summarised'} {len(report.summarised)} daily log(s) into monthly archives"
    )
    if report.moved:
        click.echo(f"moved {len(report.moved)} log(s) older than 90 days into the archive folder")
    if report.would_move:
        click.echo(
            f"{len(report.would_move)} log(s) older than 90 days can be archived: run again with --confirm"
        )
    for proposal in report.proposals:
        click.echo(f"proposal: {proposal.summary}  (memstrata approve)")


@cli.command()
@click.option(
    "--transport", type=click.Choice(("stdio", "http")), default="stdio", show_default=True
)
@click.option("--host", default="127.0.0.1", show_default=True, help="For --transport http.")
@click.option(
    "--port", type=int, default=8765, show_default=True, help="For --transport http (path /mcp)."
)
@workspace_option
@session_options
def mcp(transport: str, host: str, port: int) -> None:
    """Serve the memory as MCP tools (stdio, or streamable HTTP at http://HOST:PORT/mcp)."""
    from memstrata.adapters.mcp_server import build_server
    from memstrata.permissions import Session

    ctx = click.get_current_context()
    kind, agent = ctx.meta.get("memstrata.session", ("main", None))
    root = ctx.meta.get("memstrata.workspace")
    open_workspace()  # fail now, with one line, if there is no workspace
    server = build_server(root, Session(kind, agent))
    if transport == "stdio":
        server.run("stdio")
    else:
        server.run("streamable-http", host=host, port=port)


@cli.command()
@click.argument(
    "event",
    type=click.Choice(
        sorted(
            (
                "session-start",
                "user-prompt-submit",
                "post-tool-use",
                "post-tool-use-failure",
                "pre-compact",
                "stop",
                "session-end",
            )
        )
    ),
)
@workspace_option
def hook(event: str) -> None:
    """Claude Code hook: reads the event JSON on stdin; never blocks (errors go to .memstrata/hooks.log)."""
    from memstrata.adapters.hooks import run_hook

    raise click.exceptions.Exit(
        run_hook(event, click.get_current_context().meta.get("memstrata.workspace"))
    )


@cli.command(name="openclaw-hook")
@click.argument(
    "event",
    type=click.Choice(("bootstrap", "prompt", "message", "tool-error", "compact", "session-end")),
)
@workspace_option
def openclaw_hook(event: str) -> None:
    """OpenClaw plugin event: JSON on stdin, JSON on stdout; never fails (errors: .memstrata/hooks.log)."""
    from memstrata.adapters.openclaw_hook import run

    raise click.exceptions.Exit(
        run(event, click.get_current_context().meta.get("memstrata.workspace"))
    )


@cli.command(name="install-hooks")
@click.option("--target", type=click.Choice(("claude-code", "openclaw")), required=True)
@click.option(
    "--scope",
    type=click.Choice(("project", "user")),
    default="project",
    show_default=True,
    help="claude-code: .claude/settings.json of the project, or ~/.claude/settings.json.",
)
@click.option(
    "--project",
    type=click.Path(file_okay=False),
    default=".",
    show_default=True,
    help="claude-code: the project folder the agent works in (gets .mcp.json).",
)
@click.option(
    "--openclaw-home",
    type=click.Path(file_okay=False),
    default=None,
    help="openclaw: OpenClaw's state folder (default $OPENCLAW_STATE_DIR, else ~/.openclaw).",
)
@workspace_option
@json_option
def install_hooks(
    target: str, scope: str, project: str, openclaw_home: str | None, as_json: bool
) -> None:
    """Wire memstrata into Claude Code (hooks + MCP server) or OpenClaw (plugin + MCP server)."""
    from memstrata.adapters import install

    ws = open_workspace()
    if target == "claude-code":
        result = install.install_claude(Path(project).resolve(), ws.root, scope)
    else:
        result = install.install_openclaw(_openclaw_home(openclaw_home), ws.root)
    if as_json:
        _emit_json(result)
        return
    for key, value in result.items():
        if isinstance(value, list):
            click.echo(f"{key}:")
            for item in value:
                click.echo(f"  {item}")
        else:
            click.echo(f"{key}: {value}")


def _openclaw_home(value: str | None) -> Path:
    from memstrata.adapters.install_openclaw import default_home

    return Path(value).expanduser() if value else default_home()


@cli.command(name="uninstall-hooks")
@click.option("--target", type=click.Choice(("claude-code", "openclaw")), required=True)
@click.option(
    "--scope", type=click.Choice(("project", "user")), default="project", show_default=True
)
@click.option("--project", type=click.Path(file_okay=False), default=".", show_default=True)
@click.option(
    "--openclaw-home",
    type=click.Path(file_okay=False),
    default=None,
    help="openclaw: OpenClaw's state folder (default $OPENCLAW_STATE_DIR, else ~/.openclaw).",
)
@json_option
def uninstall_hooks(
    target: str, scope: str, project: str, openclaw_home: str | None, as_json: bool
) -> None:
    """Reverse exactly what install-hooks added."""
    from memstrata.adapters import install

    if target == "claude-code":
        result = install.uninstall_claude(Path(project).resolve(), scope)
    else:
        result = install.uninstall_openclaw(_openclaw_home(openclaw_home))
    _emit_json(result) if as_json else click.echo(json.dumps(result, ensure_ascii=False))


def _session_from_flag(kind: str, agent: str | None = None) -> Any:
    from memstrata.permissions import Session

    return Session(kind, agent)


@cli.command()
@click.argument("query")
@click.option("-k", "k", type=int, default=8, show_default=True, help="How many results.")
@click.option(
    "--mode",
    type=click.Choice(("hybrid", "lexical", "vector")),
    default="hybrid",
    show_default=True,
)
@click.option(
    "--role", "roles", multiple=True, help="Only these roles (repeatable), e.g. --role principles."
)
@click.option("--since", default=None, help="Only entries dated on or after YYYY-MM-DD.")
@click.option("--until", default=None, help="Only entries dated on or before YYYY-MM-DD.")
@click.option("--agent", default=None, help="Only entries tagged [agent].")
@click.option(
    "--path", "path_glob", default=None, help="Only files matching this glob, e.g. 'memory/2026-*'."
)
@session_kind_option("Whose eyes: shared and subagent sessions never see private roles.")
@click.option(
    "--also",
    "also",
    multiple=True,
    type=click.Path(file_okay=False),
    help="Also search this workspace (e.g. the shared team one); hits are labelled.",
)
@workspace_option
@json_option
def search(
    query: str,
    k: int,
    mode: str,
    roles: tuple[str, ...],
    since: str | None,
    until: str | None,
    agent: str | None,
    path_glob: str | None,
    session_kind: str,
    also: tuple[str, ...],
    as_json: bool,
) -> None:
    """Hybrid (BM25 + vector) search in Chinese and English; every hit cites path:Lstart-Lend."""
    from memstrata.recall.search import SearchFilters
    from memstrata.recall.search import search as run_search

    filters = SearchFilters(
        list(roles) or None, since, until, agent, path_glob, _session_from_flag(session_kind)
    )
    from memstrata.recall.search import search_many, with_also

    labelled = with_also(open_workspace(), list(also))
    if len(labelled) > 1:
        response = search_many(labelled, query, k=k, mode=mode, filters=filters)
    else:
        response = run_search(next(iter(labelled.values())), query, k=k, mode=mode, filters=filters)
    for warning in response.warnings:
        click.echo(f"memstrata: warning: {warning}", err=True)
    if as_json:
        _emit_json(response.as_json())
        return
    if not response.results:
        click.echo("No results." + (" (degraded: lexical only)" if response.degraded else ""))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{query!r}  ({response.mode}{', degraded' if response.degraded else ''})")
    for column in ("score", "where", "role", "snippet"):
        table.add_column(column, overflow="fold")
    labels = response.labels or [""] * len(response.results)
    for hit, label in zip(response.results, labels, strict=True):
        table.add_row(
            f"{hit.score:.3f}",
            f"[{label}] {hit.cite}" if label else hit.cite,
            hit.role,
            hit.snippet,
        )
    Console().print(table)


@cli.command()
@click.argument("ref")
@session_kind_option("Whose eyes: shared and subagent sessions cannot read private files.")
@workspace_option
@json_option
def get(ref: str, session_kind: str, as_json: bool) -> None:
    """Print the lines a citation points at: PATH, PATH:12 or PATH:12-15 (also '📍 PATH:L12-L15')."""
    from memstrata.recall.get import get_lines

    result = get_lines(open_workspace(), ref, _session_from_flag(session_kind))
    if as_json:
        _emit_json(
            {
                "path": result.path,
                "start_line": result.start_line,
                "end_line": result.end_line,
                "text": result.text,
                "cite": f"📍 {result.path}:L{result.start_line}-L{result.end_line}",
            }
        )
        return
    width = len(str(result.end_line))
    for number, line in enumerate(result.lines, start=result.start_line):
        click.echo(f"{number:>{width}}  {line}")


@cli.command(name="index")
@click.option("--rebuild", is_flag=True, help="Rebuild from scratch (cached embeddings are kept).")
@click.option("--lexical-only", is_flag=True, help="Chunk and index the text now; embed later.")
@workspace_option
@json_option
def index_command(rebuild: bool, lexical_only: bool, as_json: bool) -> None:
    """Bring the search index up to date (progress bar for long embedding work)."""
    from rich.progress import Progress

    from memstrata.recall.search import workspace_embedder
    from memstrata.recall.store import Index, describe

    ws = open_workspace()
    embedder = None if lexical_only else workspace_embedder(ws)
    index = Index(ws, embedder)
    with Progress(transient=True, disable=as_json) as bar:
        task = bar.add_task("embedding", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        stats = (
            index.rebuild(progress)
            if rebuild
            else index.sync(embed=embedder is not None, progress=progress)
        )
    counts = describe(index.connect())
    report = {
        **counts,
        "changed_files": stats.changed,
        "removed_files": stats.removed,
        "embedded": stats.embedded,
        "pending_embeddings": stats.pending_embeddings,
        "rebuilt": stats.rebuilt,
        "embedder": embedder.name if embedder else "none",
        "warnings": stats.warnings,
    }
    if as_json:
        _emit_json(report)
        return
    for warning in stats.warnings:
        click.echo(f"memstrata: warning: {warning}", err=True)
    click.echo(
        f"{counts['files']} files, {counts['chunks']} chunks, {stats.embedded} newly embedded "
        f"({report['embedder']}); {stats.pending_embeddings} waiting for embeddings"
        + ("; rebuilt" if stats.rebuilt else "")
    )


@cli.command()
@click.option(
    "--debounce", type=float, default=1.0, show_default=True, help="Seconds of quiet before a sync."
)
@workspace_option
def watch(debounce: float) -> None:
    """Keep the index fresh while files change (Ctrl-C to stop)."""
    from memstrata.recall.search import workspace_embedder
    from memstrata.recall.store import Index
    from memstrata.recall.watch import watch as run_watch

    ws = open_workspace()
    index = Index(ws, workspace_embedder(ws))
    index.sync()
    click.echo(f"watching {ws.root} (Ctrl-C to stop)", err=True)

    def report(stats: Any) -> None:
        click.echo(
            f"synced: {stats.changed} changed, {stats.removed} removed, {stats.embedded} embedded",
            err=True,
        )

    try:
        run_watch(index, debounce_s=debounce, on_sync=report)
    except KeyboardInterrupt:
        click.echo("stopped", err=True)


@cli.command()
@click.option(
    "--keep",
    type=click.Path(file_okay=False),
    default=None,
    help="Build the demo workspace here and keep it (default: a temporary folder, removed).",
)
@click.option("--lang", type=click.Choice(("zh", "en")), default="zh", show_default=True)
@json_option
def demo(keep: str | None, lang: str, as_json: bool) -> None:
    """Build a throw-away workspace, write memories in Chinese and English, show them back."""
    from memstrata.demo import run_demo

    report = run_demo(keep, lang)
    if as_json:
        _emit_json(report.as_dict())
        return
    click.echo(report.render())


def run(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit code (2 for bad input, with a one-line message)."""
    try:
        code = cli.main(args=argv, prog_name="memstrata", standalone_mode=False)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.ClickException as exc:
        exc.show()
        return 2 if isinstance(exc, click.UsageError) else exc.exit_code
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        return 1
    except MemstrataError as exc:
        click.echo(f"memstrata: error: {exc}", err=True)
        return exc.exit_code
    return code if isinstance(code, int) else 0


def main() -> None:
    """Console entry point."""
    sys.exit(run())
