"""Workspace commands: init, status, index, watch, demo."""

from __future__ import annotations

import os
from pathlib import Path

import click

from memstrata.adapters.cli.options import (
    PRESETS,
    command,
    current_session,
    emit_json,
    open_workspace,
    warn,
)
from memstrata.adapters.cli.team import embedded_postgres_option, use_embedded_postgres
from memstrata.errors import MemstrataError


def register(cli: click.Group) -> None:
    @command(cli, "init")
    @click.argument("directory", required=False, type=click.Path(file_okay=False))
    @click.option(
        "--preset",
        type=click.Choice(PRESETS),
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
        "--team",
        is_flag=True,
        help="A team workspace: every entry tagged [agent], secrets refused.",
    )
    @click.option(
        "--global-root",
        default=None,
        help="A folder shared by every project (note 004's ~/.workbuddy): USER.md and the "
        "identity files live there.",
    )
    @click.option(
        "--global-role",
        "global_roles",
        multiple=True,
        help="Another role to keep in the global root (e.g. skills).",
    )
    @click.option(
        "--backend",
        type=click.Choice(("files", "postgres")),
        default="files",
        show_default=True,
        help="Where the documents live: Markdown files here, or PostgreSQL (DSN in $MEMSTRATA_DSN).",
    )
    @click.option(
        "--nested",
        is_flag=True,
        help="Make a workspace inside another workspace's folder (commands below it see only it).",
    )
    @embedded_postgres_option
    def init(
        directory: str | None,
        preset: str,
        lang: str,
        team: bool,
        global_root: str | None,
        global_roles: tuple[str, ...],
        backend: str,
        embedded_postgres: str | None,
        nested: bool,
        as_json: bool,
    ) -> None:
        """Create a workspace (or adopt an existing one without changing a byte).

        \b
        Example: memstrata init ~/agent-memory --preset five-tier --lang zh
        Example: memstrata init ./proj --preset memory-manager --global-root ~/.workbuddy
        """
        from memstrata.core.initialize import init_workspace

        directory = _init_folder(directory)
        embedded = ""
        if embedded_postgres:
            backend = "postgres"
            root = Path(directory).expanduser().resolve()
            use_embedded_postgres(embedded_postgres, root)
            data = Path(embedded_postgres).expanduser().resolve()
            # Relative when it sits beside the workspace (the folder pair moves together).
            near = data.is_relative_to(root.parent)
            embedded = os.path.relpath(data, root) if near else str(data)
        result = init_workspace(
            directory,
            preset=preset,
            lang=lang,
            team=team,
            global_root=global_root,
            global_roles=global_roles,
            backend=backend,
            embedded=embedded,
            nested=nested,
        )
        ws = result.workspace
        if as_json:
            emit_json(
                {
                    "workspace": str(ws.root),
                    "preset": ws.preset,
                    "adopted": result.adopted,
                    "created": result.created,
                }
            )
        elif result.adopted:
            click.echo(
                f"Found an existing '{ws.preset}' workspace at {ws.root}; nothing was changed."
            )
        else:
            click.echo(
                f"Created a '{ws.preset}' workspace ({ws.lang}) at {ws.root} "
                f"with {len(result.created)} files."
            )

    @command(cli, "status")
    def status(as_json: bool) -> None:
        """Entries, lines against limits and last update for every role you may see.

        \b
        Example: memstrata status --json
        """
        from memstrata.adapters import presenters
        from memstrata.maintain.status import workspace_status

        ws = open_workspace()
        rows = workspace_status(ws, current_session())
        if as_json:
            emit_json(presenters.status(ws, rows))
            return
        click.echo(f"{ws.root}  ({ws.preset}, {ws.lang}{', team' if ws.team else ''})")
        click.echo(f"{'role':<16}{'files':>6}{'entries':>9}  {'lines / limit':<22}last update")
        for row in rows:
            bound = f"< {row.limit}" if row.below else str(row.limit)
            limit = f"{row.lines} / {bound}" if row.limit else str(row.lines)
            if row.limit and row.limit_unit == "entries":
                limit = f"{row.lines} ({row.entries or 0} / {row.limit} observing)"
            entries = "-" if row.entries is None else str(row.entries)
            mark = "  ← over limit" if row.over_limit else ""
            click.echo(
                f"{row.role:<16}{row.files:>6}{entries:>9}  {limit:<22}{row.last_update or '-'}{mark}"
            )
        for row in rows:
            for message in row.warnings:
                warn(message)

    @command(cli, "index", name="index")
    @click.option("--rebuild", is_flag=True, help="Rebuild from scratch (cached embeddings kept).")
    @click.option("--lexical-only", is_flag=True, help="Chunk and index the text now; embed later.")
    def index_command(rebuild: bool, lexical_only: bool, as_json: bool) -> None:
        """Bring the search index up to date (progress bar for long embedding work).

        \b
        Example: memstrata index --rebuild
        """
        from rich.progress import Progress

        from memstrata.providers.embedders import workspace_embedder
        from memstrata.recall.index import open_index

        ws = open_workspace()
        embedder = None if lexical_only else workspace_embedder(ws.config.search)
        index = open_index(ws, embedder)
        with Progress(transient=True, disable=as_json) as bar:
            task = bar.add_task("embedding", total=None)

            def progress(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            stats = (
                index.rebuild(progress)
                if rebuild
                else index.sync(embed=embedder is not None, progress=progress)
            )
        counts = index.describe()
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
            emit_json(report)
            return
        for message in stats.warnings:
            warn(message)
        click.echo(
            f"{counts['files']} files, {counts['chunks']} chunks, {stats.embedded} newly embedded "
            f"({report['embedder']}); {stats.pending_embeddings} waiting for embeddings"
            + ("; rebuilt" if stats.rebuilt else "")
        )

    @command(cli, "watch", json_flag=False)
    @click.option(
        "--debounce", type=float, default=1.0, show_default=True, help="Seconds of quiet first."
    )
    def watch(debounce: float) -> None:
        """Keep the index fresh while files change (Ctrl-C to stop).

        \b
        Example: memstrata watch --debounce 2
        """
        from memstrata.providers.embedders import workspace_embedder
        from memstrata.recall.index import open_index
        from memstrata.recall.watch import watch as run_watch

        ws = open_workspace()
        index = open_index(ws, workspace_embedder(ws.config.search))
        index.sync()
        click.echo(f"watching {ws.root} (Ctrl-C to stop)", err=True)

        def report(stats: object) -> None:
            click.echo(
                f"synced: {stats.changed} changed, {stats.removed} removed, "  # type: ignore[attr-defined]
                f"{stats.embedded} embedded",  # type: ignore[attr-defined]
                err=True,
            )

        try:
            run_watch(index, debounce_s=max(debounce, 0.05), on_sync=report)
        except KeyboardInterrupt:
            click.echo("stopped", err=True)

    @command(cli, "demo")
    @click.option(
        "--keep",
        type=click.Path(file_okay=False),
        default=None,
        help="Build the demo workspace here and keep it (default: a temporary folder, removed).",
    )
    @click.option("--lang", type=click.Choice(("zh", "en")), default="zh", show_default=True)
    def demo(keep: str | None, lang: str, as_json: bool) -> None:
        """Build a throw-away workspace, write memories in Chinese and English, show them back.

        \b
        Example: memstrata demo --lang en
        """
        from memstrata.adapters.demo import run_demo

        report = run_demo(keep, lang)
        emit_json(report.as_dict()) if as_json else click.echo(report.render())


def _init_folder(directory: str | None) -> str:
    """The folder ``init`` makes: DIRECTORY, else ``-w DIR``, else $MEMSTRATA_WORKSPACE, as every
    other command reads them, else the current folder. (``init -w DIR`` once made the workspace
    in the current folder.)"""
    chosen = click.get_current_context().meta.get("memstrata.workspace")
    if directory and chosen and Path(directory).resolve() != Path(chosen).resolve():
        raise MemstrataError(f"init: two folders given ({directory} and -w {chosen}); give one")
    return directory or chosen or os.environ.get("MEMSTRATA_WORKSPACE") or "."
