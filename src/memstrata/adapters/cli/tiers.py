"""Note 001's tier commands: task lists (Tier 2), rule and knowledge proposals (Tier 1 and 2,
written only on approval) and the daily summary (Tier 3)."""

from __future__ import annotations

import click

from memstrata.adapters.cli.options import command, emit_json, open_writer, warn
from memstrata.errors import MemstrataError


def _placed(result: object, as_json: bool, warnings: list[str]) -> None:
    from memstrata.adapters import presenters

    for message in warnings:
        warn(message)
    if as_json:
        emit_json(presenters.placed(result, warnings))  # type: ignore[arg-type]
    else:
        click.echo(presenters.placed_text(result))  # type: ignore[arg-type]


def _proposed(proposal: object, as_json: bool) -> None:
    from dataclasses import asdict

    if as_json:
        emit_json(asdict(proposal))  # type: ignore[call-overload]
        return
    number = proposal.number  # type: ignore[attr-defined]
    click.echo(f"proposal {number}: {proposal.summary}")  # type: ignore[attr-defined]
    click.echo(f"nothing written yet: `memstrata approve {number}` writes it")


def register(cli: click.Group) -> None:
    @cli.group()
    def task() -> None:
        """Task lists (note 001's 05-tasks/): add, update, close, list."""

    @command(task, "task", name="add")
    @click.argument("title")
    @click.option("--owner", default=None, help="负责人 (default: the acting agent).")
    @click.option("--due", default=None, help="截止 date.")
    @click.option("--list", "list_name", default=None, help="A named list: todo-NAME.md.")
    def task_add(
        title: str, owner: str | None, due: str | None, list_name: str | None, as_json: bool
    ) -> None:
        """Create a task (状态：待处理).

        \b
        Example: memstrata task add "部署网关" --owner coder --due 2026-04-20
        """
        from memstrata.entries import tasks

        writer = open_writer()
        _placed(tasks.add(writer, title, owner, due, list_name), as_json, writer.warnings)

    @command(task, "task", name="update")
    @click.argument("task_id")
    @click.option(
        "--status", default=None, help="待处理 / 进行中 / 阻塞 / 已完成 (or open, doing...)."
    )
    @click.option("--owner", default=None, help="负责人.")
    @click.option("--due", default=None, help="截止 date.")
    def task_update(
        task_id: str, status: str | None, owner: str | None, due: str | None, as_json: bool
    ) -> None:
        """Change a task's status, owner or due date (status 已完成 closes it).

        \b
        Example: memstrata task update T001 --status 进行中
        """
        from memstrata.entries import tasks

        writer = open_writer()
        _placed(tasks.update(writer, task_id, status, owner, due), as_json, writer.warnings)

    @command(task, "task", name="close")
    @click.argument("task_id")
    def task_close(task_id: str, as_json: bool) -> None:
        """Mark a task done and move it under 已完成.

        \b
        Example: memstrata task close T001
        """
        from memstrata.entries import tasks

        writer = open_writer()
        _placed(tasks.close(writer, task_id), as_json, writer.warnings)

    @command(task, "task", name="list")
    @click.option("--all", "show_all", is_flag=True, help="Closed tasks too.")
    def task_list(show_all: bool, as_json: bool) -> None:
        """Open tasks (and with --all the closed ones), each with its list.

        \b
        Example: memstrata task list --json
        """
        from memstrata.entries import tasks

        found = [(rel, t) for rel, t in tasks.all_tasks(open_writer()) if show_all or not t.done]
        if as_json:
            emit_json(
                [
                    {"id": t.tid, "title": t.title, "done": t.done, **t.fields}
                    | {"cite": f"📍 {rel}:L{t.line}"}
                    for rel, t in found
                ]
            )
            return
        if not found:
            click.echo("No open tasks." if not show_all else "No tasks.")
        for rel, t in found:
            status = t.fields.get("status", "")
            click.echo(
                f"{'x' if t.done else ' '} {t.tid}  {t.title}  [{status}]  📍 {rel}:L{t.line}"
            )

    @command(cli, "rule")
    @click.argument("text")
    @click.option(
        "--file",
        "file",
        default=None,
        help="Rules file: safety, honesty, security, or a new rule-NAME.md.",
    )
    def rule(text: str, file: str | None, as_json: bool) -> None:
        """Propose a Tier 1 rule (note 001); it is written to 03-rules/ only on approval.

        \b
        Example: memstrata rule "生产环境操作前必须先备份" --file safety
        """
        from memstrata.evolve.curated import propose_rule

        _proposed(propose_rule(open_writer(), text, file), as_json)

    @command(cli, "knowledge")
    @click.argument("domain")
    @click.argument("topic")
    @click.option("--title", default="", help="The file's title (default DOMAIN-TOPIC).")
    @click.option("--background", default="", help="背景.")
    @click.option("--point", "points", multiple=True, help="A 核心要点 (repeatable).")
    @click.option("--lesson", "lessons", multiple=True, help="An 经验教训 (repeatable).")
    def knowledge(
        domain: str,
        topic: str,
        title: str,
        background: str,
        points: tuple[str, ...],
        lessons: tuple[str, ...],
        as_json: bool,
    ) -> None:
        """Propose a Tier 2 knowledge file 04-knowledge/DOMAIN-TOPIC.md, written on approval.

        \b
        Example: memstrata knowledge telegram ops --title "Telegram 运维" --point "机器人令牌放环境变量"
        """
        from memstrata.evolve.curated import propose_knowledge

        proposal = propose_knowledge(
            open_writer(), domain, topic, title, background, list(points), list(lessons)
        )
        _proposed(proposal, as_json)

    @command(cli, "summary", name="daily-summary")
    @click.option("--date", "day", default=None, help="The day (YYYY-MM-DD, default today).")
    def daily_summary(day: str | None, as_json: bool) -> None:
        """Note 001's daily summary: tasks closed, open tasks, the day's findings, into its log.

        \b
        Example: memstrata daily-summary --date 2026-04-17
        """
        from datetime import date

        from memstrata.entries.summary import daily_summary as summarise

        try:
            when = date.fromisoformat(day) if day else None
        except ValueError:
            raise MemstrataError(f"--date {day!r} is not a date (YYYY-MM-DD)") from None
        result = summarise(open_writer(), when)
        if as_json:
            emit_json({"path": result.path, "added": result.added, "cite": f"📍 {result.path}"})
            return
        total = sum(len(items) for items in result.added.values())
        click.echo(f"{total} item(s) added to 📍 {result.path}" if total else "Nothing new to add.")
