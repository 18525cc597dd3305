"""Record commands: remember, log, lesson, project."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from memstrata.adapters.cli.options import command, emit_json, open_writer, warn
from memstrata.errors import MemstrataError

if TYPE_CHECKING:
    from memstrata.core.writer import Writer


def _print(
    result: object, as_json: bool, writer: Writer | None = None, seen_again: bool = False
) -> None:
    """The write's location; its warnings (a file left over its line limit) on stderr and in
    the JSON."""
    from memstrata.adapters import presenters

    warnings = list(writer.warnings) if writer is not None else []
    for message in warnings:
        warn(message)
    if as_json:
        emit_json(presenters.placed(result, warnings, seen_again))  # type: ignore[arg-type]
    else:
        click.echo(presenters.placed_text(result, seen_again))  # type: ignore[arg-type]


# Said beside every "already in memory": a wrong match must not silently swallow a new rule.
NOT_A_REPEAT = "(not a repeat? memstrata remember --new TEXT writes it as its own entry)"


def register(cli: click.Group) -> None:
    @command(cli, "remember")
    @click.argument("text")
    @click.option(
        "--role",
        type=click.Choice(("user", "long_term", "principles", "lessons")),
        default=None,
        help="Override the rule-based choice of where it goes.",
    )
    @click.option(
        "--new",
        "new",
        is_flag=True,
        help="Write it even if memory holds something alike (it was taken for a repeat).",
    )
    def remember(text: str, role: str | None, new: bool, as_json: bool) -> None:
        """Write an explicit instruction at once (记住 / remember), then log it; a repeat of
        what memory holds (in any language or wording) strengthens that entry instead.

        \b
        Example: memstrata remember "记住：提供商名不要用 qwen，会触发内置插件劫持"
        """
        from memstrata.evolve.triggers import remember_once

        writer = open_writer()
        placed, seen_again = remember_once(writer, text, role=role, new=new)
        _print(placed, as_json, writer, seen_again)
        if seen_again and not as_json:
            click.echo(NOT_A_REPEAT, err=True)

    @command(cli, "log", name="log")
    @click.argument("text")
    @click.option("--title", default=None, help="Section title (default: the first clause).")
    @click.option(
        "--section",
        default="done",
        show_default=True,
        help="Sub-section: done (完成内容), problems (遇到问题), files (文件变更), or any heading.",
    )
    @click.option("--date", "day", default=None, help="Day to log to (YYYY-MM-DD, default today).")
    def log_command(
        text: str, title: str | None, section: str, day: str | None, as_json: bool
    ) -> None:
        """Append a tagged section to the daily log.

        \b
        Example: memstrata log "修复了登录超时" --agent coder --title "登录修复"
        """
        from datetime import date

        from memstrata.entries.journal import log

        try:
            when = date.fromisoformat(day) if day else None
        except ValueError:
            raise MemstrataError(f"--date {day!r} is not a date (YYYY-MM-DD)") from None
        writer = open_writer()
        _print(log(writer, text, title=title, section=section, day=when), as_json, writer)

    @command(cli, "lesson")
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
    def lesson(
        title: str, symptom: str, cause: str, fix: str, severity: str, as_json: bool
    ) -> None:
        """Record a lesson (踩坑记录) under its severity.

        \b
        Example: memstrata lesson "npm install 失败" --fix "改用 pnpm install" --severity P1
        """
        from memstrata.entries.journal import lesson as add_lesson

        writer = open_writer()
        _print(add_lesson(writer, title, symptom, cause, fix, severity), as_json, writer)

    @command(cli, "project")
    @click.argument("name")
    @click.option("--status", "state", default=None, help="状态, e.g. '进行中 ⚡' or '已完成 ✅'.")
    @click.option("--owner", default=None, help="负责人.")
    @click.option("--progress", default=None, help="One progress item to add (当前进展).")
    def project(
        name: str, state: str | None, owner: str | None, progress: str | None, as_json: bool
    ) -> None:
        """Create or update a project in projects.md.

        \b
        Example: memstrata project 支付网关 --status "进行中 ⚡" --progress "退款迁移完成"
        """
        from memstrata.entries.journal import project as update

        writer = open_writer()
        placed = update(writer, name, status=state, owner=owner, progress=progress)
        _print(placed, as_json, writer)

    @command(cli, "infra")
    @click.argument("name")
    @click.option("--fact", "facts", multiple=True, required=True, help="KEY=VALUE (repeatable).")
    @click.option(
        "--kind",
        type=click.Choice(("server", "api")),
        default="server",
        show_default=True,
        help="Section: servers, or APIs and ports.",
    )
    def infra(name: str, facts: tuple[str, ...], kind: str, as_json: bool) -> None:
        """Add or update a host's or service's key facts in infra.md (a new value replaces
        the old line; secrets are redacted).

        \b
        Example: memstrata infra gateway-prod --fact port=8443 --fact "os: Ubuntu 24.04"
        """
        from memstrata.entries.journal import infra as set_infra
        from memstrata.entries.journal import parse_fact

        parsed = dict(parse_fact(fact) for fact in facts)
        writer = open_writer()
        _print(set_infra(writer, name, parsed, kind), as_json, writer)
