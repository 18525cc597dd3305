"""Maintenance commands: doctor, consolidate, compact, handoff."""

from __future__ import annotations

from pathlib import Path

import click

from memstrata.adapters.cli.options import (
    command,
    emit_json,
    open_workspace,
    open_writer,
    positive,
    warn,
)
from memstrata.errors import MemstrataError


def register(cli: click.Group) -> None:
    @command(cli, "doctor")
    @click.option("--fix", "repair", is_flag=True, help="Do the safe repairs (reindex, headers).")
    @click.option(
        "--accept",
        "accepted",
        multiple=True,
        help="An identity or rules file you edited on purpose: record its text as the baseline.",
    )
    def doctor(repair: bool, accepted: tuple[str, ...], as_json: bool) -> None:
        """Health check (note 004): every malformed file, limits, index, secrets; exit 1 on
        problems. --fix does only safe repairs.

        \b
        Example: memstrata doctor --fix
        Example: memstrata doctor --accept 03-rules/safety.md
        """
        from memstrata.adapters import presenters
        from memstrata.maintain.doctor import accept, run_doctor

        if accepted:
            for done in accept(open_writer(), list(accepted)):
                click.echo(f"fixed: {done}", err=as_json)
        report = run_doctor(open_workspace().writer(), repair)
        if as_json:
            emit_json(presenters.doctor(report))
        else:
            for done in report.fixed:
                click.echo(f"fixed: {done}")
            for finding in report.findings:
                click.echo(presenters.doctor_line(finding))
            click.echo("healthy" if report.healthy else "problems found")
        if not report.healthy:
            raise click.exceptions.Exit(1)

    @command(cli, "handoff")
    def handoff(as_json: bool) -> None:
        """A cited Markdown brief for an agent taking over: rules, preferences, open work.

        \b
        Example: memstrata handoff > HANDOFF.md
        """
        from memstrata.maintain.handoff import handoff as brief

        text = brief(open_workspace())
        emit_json({"markdown": text}) if as_json else click.echo(text)

    @command(cli, "consolidate")
    @click.option("--dry-run", is_flag=True, help="Report what would happen; change nothing.")
    @click.option("--confirm", is_flag=True, help="Also archive daily logs older than 90 days.")
    def consolidate(dry_run: bool, confirm: bool, as_json: bool) -> None:
        """Monthly summaries of old logs, archiving on --confirm, slimming proposals.

        \b
        Example: memstrata consolidate --dry-run
        """
        from memstrata.adapters import presenters
        from memstrata.maintain.consolidate import consolidate as run_consolidate

        writer = open_writer()
        report = run_consolidate(writer, dry_run=dry_run, confirm=confirm)
        if as_json:
            emit_json(presenters.consolidation(report))
            return
        verb = "would summarise" if dry_run else "summarised"
        click.echo(f"{verb} {len(report.summarised)} daily log(s) into monthly archives")
        if report.moved:
            click.echo(f"moved {len(report.moved)} log(s) older than 90 days into the archive")
        if report.would_move:
            click.echo(
                f"{len(report.would_move)} log(s) older than 90 days can be archived: "
                "run again with --confirm"
            )
        if report.expired:
            done = "would drop" if dry_run else "dropped"
            click.echo(
                f"{done} {len(report.expired)} expired candidate(s): {', '.join(report.expired)}"
            )
        for rel in report.archive_refs:
            click.echo(f"{'would list' if dry_run else 'listed'} {rel} under 日志归档引用")
        # With their numbers, kinds and targets: "确认" takes what this listing shows.
        zh = writer.ws.lang == "zh"
        for proposal in report.proposals:
            if dry_run:
                click.echo(
                    f"would propose: {proposal.kind} → {proposal.target}  {proposal.summary}"
                )
            else:
                click.echo(presenters.proposal_line(proposal, zh))
        if report.proposals and not dry_run:
            click.echo(
                '回复：memstrata approve "确认" / "1,3" / "跳过" / "不要 2"'
                if zh
                else 'Reply: memstrata approve "yes" / "1,3" / "skip"'
            )
        for note in report.notes:
            click.echo(f"note: {note}")

    @command(cli, "compact")
    @click.argument("file", type=click.Path(dir_okay=False))
    @click.option("--window", type=int, default=8000, show_default=True, help="Context window.")
    @click.option("--keep", type=int, default=10, show_default=True, help="Recent messages kept.")
    @click.option(
        "--threshold", type=float, default=0.75, show_default=True, help="Share of the window."
    )
    @click.option("--instructions", default="", help="Custom instructions for the summary.")
    @click.option("--no-flush", is_flag=True, help="Do not write durable facts to today's log.")
    def compact(
        file: str,
        window: int,
        keep: int,
        threshold: float,
        instructions: str,
        no_flush: bool,
        as_json: bool,
    ) -> None:
        """Compact an OpenAI chat (JSON) or a Claude Code transcript (JSONL), flushing memories
        to today's log first.

        \b
        Example: memstrata compact chat.json --window 128000 --keep 10 --json
        """
        from memstrata.adapters import presenters
        from memstrata.compaction.compact import compact_file
        from memstrata.text.textio import read_text

        window = positive("--window", window, 10_000_000)
        keep = positive("--keep", keep, 100_000)
        if not 0 < threshold <= 1:
            raise MemstrataError(f"--threshold must be between 0 and 1, not {threshold}")
        writer = None if no_flush else open_writer()
        text = read_text(Path(file), file)
        result = compact_file(text, file, writer, window, keep, threshold, instructions or None)
        for message in result.warnings:
            warn(message)
        if as_json:
            emit_json(presenters.compaction(result))
            return
        if not result.compacted:
            click.echo(
                f"No compaction needed: {result.tokens_before} tokens <= {threshold:.0%} of {window}."
            )
            return
        click.echo(
            f"Compacted {result.dropped} messages: {result.tokens_before} → "
            f"{result.tokens_after} tokens; {len(result.flushed)} fact(s) flushed to today's log."
        )
        click.echo(result.summary)
