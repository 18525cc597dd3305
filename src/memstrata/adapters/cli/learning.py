"""Learning-loop commands: signal, heartbeat, approve, proposals, candidates, cite, stats,
cleanup, skill."""

from __future__ import annotations

import click

from memstrata.adapters.cli.options import (
    command,
    emit_json,
    open_workspace,
    open_writer,
    warn,
)
from memstrata.errors import MemstrataError

# Said for a signal with nothing specific to keep ("记住这个" alone): it was queued, not written.
NOTHING_SPECIFIC = (
    "(nothing specific to keep, nothing written: say what, e.g. 记住：发版前先跑迁移 / "
    "remember: run migrations before a release)"
)


def register(cli: click.Group) -> None:
    @command(cli, "signal")
    @click.argument("text")
    @click.option(
        "--context", default="", help="Recent tool results, one '[tool] CMD → OUTPUT' per line."
    )
    @click.option(
        "--source",
        type=click.Choice(("user", "agent", "hook")),
        default="user",
        show_default=True,
        help="Who produced TEXT: the user's message, the agent, or a hook's tool event.",
    )
    @click.option("--dry-run", is_flag=True, help="Detect and print only; write nothing.")
    def signal(text: str, context: str, source: str, dry_run: bool, as_json: bool) -> None:
        """Detect learning signals (corrections, preferences, 记住...) and queue them.

        \b
        Example: memstrata signal "不对，应该用 pnpm" --context "[bash] npm i → Exit code 1"
        """
        from memstrata.adapters import presenters
        from memstrata.capture.record import USER_KINDS
        from memstrata.evolve.triggers import handle

        result = handle(open_writer(), text, context=context, source=source, dry_run=dry_run)
        report = result.report
        for message in report.warnings:
            warn(message)
        if as_json:
            emit_json(presenters.signal_result(result))
            return
        if not report.signals and not result.action:
            click.echo("No learning signal.")
            if result.question:  # "开玩笑的" after a rule written at once: where it went
                click.echo(result.question)
            return
        for item in report.signals:
            if item.detail or item.kind not in USER_KINDS:
                click.echo(f"{item.kind:<18} {item.brief}  —  {item.detail}")
            else:  # "记住这个", "以后都这样做吧": nothing was written, and the user is told so
                click.echo(f"{item.kind:<18} {NOTHING_SPECIFIC}")
        for written in [*report.written, *result.written]:
            # a repeat of what memory holds is counted on that entry, not written again
            if written.get("seen_again"):
                from memstrata.adapters.cli.records import NOT_A_REPEAT

                click.echo(
                    f"already in memory, seen again: {written['cite']} {written.get('title', '')}"
                )
                click.echo(NOT_A_REPEAT, err=True)
            else:
                click.echo(f"written at once: {written['cite']}")
            for older in written.get("outdates", []):
                click.echo(f"  changes an older entry, kept as it was (edit or remove it): {older}")
        for extra in (result.question, result.card):
            if extra:
                click.echo(extra)
        if result.action == "waiting":
            click.echo("a proposal waits for your reply: memstrata proposals")
        if dry_run:
            click.echo("(dry run: nothing written)")

    @command(cli, "heartbeat")
    @click.option("--force", is_flag=True, help="Run even if the queue is not due yet.")
    @click.option(
        "--session-id", default="default", show_default=True, help="Cards are counted per session."
    )
    def heartbeat(force: bool, session_id: str, as_json: bool) -> None:
        """Synthesise pending signals into candidates and proposals (reflection report, card).

        \b
        Example: memstrata heartbeat --force
        """
        from memstrata.adapters import presenters
        from memstrata.evolve.heartbeat import heartbeat as run_heartbeat

        report = run_heartbeat(open_writer(), force=force, session_id=session_id)
        for message in report.warnings:
            warn(message)
        if as_json:
            emit_json(presenters.heartbeat(report))
            return
        if not report.ran:
            click.echo(f"Skipped: {report.reason}")
            return
        click.echo(report.report)
        if report.card:
            click.echo("")
            click.echo(report.card)

    @command(cli, "proposals")
    def proposals(as_json: bool) -> None:
        """What waits for your reply: each proposal with its id, target file and line.

        \b
        Example: memstrata proposals --json
        """
        from memstrata.adapters import presenters
        from memstrata.evolve.preview import waiting
        from memstrata.evolve.skills import waiting_drafts

        writer = open_writer()
        rows = waiting(writer)
        drafts = waiting_drafts(writer.ws)
        if as_json:
            emit_json(
                {
                    "proposals": presenters.proposals(rows),
                    "skill_drafts": presenters.skill_drafts(drafts),
                }
            )
            return
        if not rows and not drafts:
            click.echo("No proposals waiting.")
            return
        zh = writer.ws.lang == "zh"
        for row in rows:
            click.echo(presenters.proposal_line(row, zh))
        if rows:
            click.echo(
                '回复：memstrata approve "全部" / "1,3" / "跳过" / "不要 2"'
                if zh
                else 'Reply: memstrata approve "all" / "1,3" / "skip"'
            )
        for name, path in drafts:
            click.echo(presenters.skill_draft_line(name, path, zh))

    @command(cli, "approve")
    @click.argument("reply")
    @click.option(
        "--edit", default=None, help="Approve proposal REPLY (one number) with this text instead."
    )
    def approve(reply: str, edit: str | None, as_json: bool) -> None:
        """Answer the evolution card: 确认 / 全部 / 1,3 / 跳过 / 不要 2 (all / 1,3 / skip / reject 2).

        \b
        Example: memstrata approve "1,3"
                 memstrata approve 2 --edit "部署前先跑 make test"
        """
        from memstrata.adapters import presenters
        from memstrata.evolve.approve import approve as run_approve

        writer = open_writer()
        if edit is not None:
            from memstrata.serve.decisions import edit_proposal

            if not reply.strip().isdigit():
                raise MemstrataError(
                    "--edit needs one proposal number, such as: approve 2 --edit TEXT"
                )
            edit_proposal(writer, int(reply), edit)
        result = run_approve(writer, reply)
        if as_json:
            emit_json(presenters.approval(result))
            if result.refused:
                raise click.exceptions.Exit(2)
            return
        if result.refused:  # bad input: one line, a non-zero exit, nothing done
            raise MemstrataError(result.understood)
        click.echo(f"understood: {result.understood}")
        for item in result.applied:
            click.echo(f"[{item['number']}] {item['cid']} → {item['role']}  {item['cite']}")
        if result.rejected:
            click.echo("rejected, candidates dropped: " + ", ".join(map(str, result.rejected)))
        seen_skipped = [n for n in result.skipped if n not in result.unseen]
        if seen_skipped:
            click.echo("kept for later: " + ", ".join(map(str, seen_skipped)))
        if result.unseen:
            click.echo(
                "not on a card yet, kept: "
                + ", ".join(map(str, result.unseen))
                + " (memstrata proposals lists them)"
            )
        for item in result.failed:
            click.echo(f"[{item['number']}] not applied, still open: {item['error']}", err=True)
        if result.failed:
            raise click.exceptions.Exit(2)

    @command(cli, "candidates.list", name="candidates")
    @click.argument("action", type=click.Choice(("list", "promote", "drop")), default="list")
    @click.argument("cid", required=False)
    @click.option("--reason", default=None, help="Why a candidate is dropped.")
    def candidates(action: str, cid: str | None, reason: str | None, as_json: bool) -> None:
        """The candidate pool: list, promote ID (write it now), drop ID.

        \b
        Example: memstrata candidates promote C002
        """
        from memstrata.adapters import presenters
        from memstrata.evolve import pool
        from memstrata.evolve.approve import promote_now

        writer = open_writer()
        if action == "list":
            rows = pool.observing(writer)
            if as_json:
                emit_json(presenters.candidates(rows))
            else:
                click.echo("\n".join(map(presenters.candidate_line, rows)) or "No candidates.")
            return
        if not cid:
            raise MemstrataError(f"'candidates {action}' needs a candidate id such as C001")
        if action == "promote":
            placed = promote_now(writer, cid)
            emit_json(placed) if as_json else click.echo(
                f"{cid} → {placed['role']}  {placed['cite']}"
            )
            return
        zh = writer.ws.lang == "zh"
        dropped = pool.drop(
            writer, cid, reason or ("用户手动丢弃" if zh else "dropped by the user")
        )
        if as_json:
            emit_json(presenters.candidates([dropped])[0])
        else:
            click.echo(f"{cid} dropped: {dropped.summary}")

    @command(cli, "cite")
    @click.argument("ref", required=False)
    @click.option("--context", default="", help="What the memory was used for (用户问提供商配置).")
    @click.option(
        "--session-id", default="default", show_default=True, help="Buffered per session id."
    )
    @click.option("--verified", is_flag=True, help="The entry was checked and still holds.")
    @click.option("--flush", is_flag=True, help="Session end: write the buffered citations.")
    def cite(
        ref: str | None, context: str, session_id: str, verified: bool, flush: bool, as_json: bool
    ) -> None:
        """Record that a memory was used (P042, C003, MEMORY.md:L23); --flush at session end.

        \b
        Example: memstrata cite P042 --context "用户问提供商配置" --session-id s1
        """
        from memstrata.maintain import citations

        writer = open_writer()
        if flush:
            count = citations.flush(writer, session_id)
            emit_json({"flushed": count}) if as_json else click.echo(f"flushed {count} citation(s)")
            return
        if not ref:
            raise MemstrataError("cite needs a reference (P042, C003, path:L12) or --flush")
        action = "verified" if verified else "cited"
        record = citations.cite(writer, ref, context, session_id, action)
        if as_json:
            emit_json(record)
        else:
            click.echo(f"buffered: {record['entry']}  📍 {record['cite']}")

    @command(cli, "stats")
    def stats(as_json: bool) -> None:
        """记忆统计: how often each entry was cited, and when last; totals per role.

        \b
        Example: memstrata stats --json
        """
        from memstrata.maintain.citations import stats as citation_stats

        data = citation_stats(open_workspace())
        if as_json:
            emit_json(data)
            return
        by_role = ", ".join(f"{k}={v}" for k, v in data["by_role"].items()) or "-"
        click.echo(
            f"{data['total']} citation(s), {data['total_verified']} verification(s), "
            f"{data['total_seen_again']} repeat(s) seen again; by role: {by_role}"
        )
        for item in data["entries"]:
            verified = (
                f", verified {item['times_verified']}x (last {item['last_verified']})"
                if item["times_verified"]
                else ""
            ) + (
                f", seen again {item['times_seen_again']}x (last {item['last_seen_again']})"
                if item["times_seen_again"]
                else ""
            )
            click.echo(
                f"{item['times_cited']:>4}  {item['entry']}  (last {item['last_cited'] or '-'}"
                f"{verified})  {item['source']}"
            )

    @command(cli, "cleanup")
    @click.option("--days", type=int, default=30, show_default=True, help="Never cited this long.")
    @click.option("--l1-days", type=int, default=90, show_default=True, help="L1 unused this long.")
    def cleanup(days: int, l1_days: int, as_json: bool) -> None:
        """清理记忆: suggestions only (never-cited entries, unverified L1); nothing is deleted.

        \b
        Example: memstrata cleanup --days 60
        """
        from memstrata.adapters.cli.options import positive
        from memstrata.maintain.citations import cleanup as suggest

        ws = open_workspace()
        data = suggest(ws, positive("--days", days, 36500), positive("--l1-days", l1_days, 36500))
        if as_json:
            emit_json(data)
            return
        click.echo(f"Never cited and older than {days} days ({len(data['never_cited'])}):")
        for item in data["never_cited"]:
            click.echo(f"  {item['entry']}  {item['cite']}  {item['title']}")
        if ws.role("principles") is not None:  # a layout without L1 is not told it has none
            click.echo(
                f"L1 principles not cited or verified in {l1_days} days "
                f"({len(data['l1_unverified'])}):"
            )
        for item in data["l1_unverified"]:
            click.echo(f"  {item['entry']}  {item['cite']}  (last {item['last']})")
        click.echo("Suggestions only: edit the files, or `memstrata cite REF --verified`.")

    @cli.group()
    def skill() -> None:
        """Skills: register, draft from a recurring workflow, approve drafts (note 004)."""

    def _skill_result(made: object, action: str, as_json: bool) -> None:
        from memstrata.adapters import presenters

        data = presenters.skill_file(made, action)
        if as_json:
            emit_json(data)
        else:
            click.echo(f"{action} {data['name']}  {data['cite']}")

    @command(skill, "skill.add", name="add")
    @click.argument("name")
    @click.option("--when", default="", help="When an agent should use it.")
    @click.option("--path", default=None, help="Its SKILL.md (default skills/NAME/SKILL.md).")
    def skill_add(name: str, when: str, path: str | None, as_json: bool) -> None:
        """Register a skill in skills/INDEX.md (its SKILL.md is created when missing).

        \b
        Example: memstrata skill add lint --when "before committing"
        """
        from memstrata.evolve import skills

        _skill_result(skills.add(open_writer(), name, when, path), "registered", as_json)

    @command(skill, "skill.draft", name="draft")
    @click.argument("name")
    @click.option("--step", "steps", multiple=True, required=True, help="A step (3 or more).")
    @click.option("--when", default="", help="When an agent should use it.")
    @click.option("--description", default="", help="One line saying what it does.")
    def skill_draft(
        name: str, steps: tuple[str, ...], when: str, description: str, as_json: bool
    ) -> None:
        """Write a SKILL.md draft to skills/auto-generated/ (a proposal; approve to adopt).

        \b
        Example: memstrata skill draft release --step bump --step tag --step publish
        """
        from memstrata.evolve import skills

        made = skills.draft(open_writer(), name, list(steps), when, description)
        _skill_result(made, "drafted", as_json)

    @command(skill, "skill.approve", name="approve")
    @click.argument("name")
    def skill_approve(name: str, as_json: bool) -> None:
        """Move a draft into skills/ and register it in the index.

        \b
        Example: memstrata skill approve release
        """
        from memstrata.evolve import skills

        _skill_result(skills.approve(open_writer(), name), "approved", as_json)

    @command(skill, "skill.list", name="list")
    def skill_list(as_json: bool) -> None:
        """Registered skills and drafts waiting for approval.

        \b
        Example: memstrata skill list --json
        """
        from memstrata.evolve import skills

        listing = skills.listing(open_workspace())
        if as_json:
            emit_json(listing)
            return
        click.echo("\n".join(listing["registered"]) or "No skills registered.")
        if listing["drafts"]:
            click.echo("Drafts awaiting approval: " + ", ".join(listing["drafts"]))
