"""Team store commands: export, import, sync (team/transfer.py), and the embedded PostgreSQL
option that ``init`` and ``serve`` share."""

from __future__ import annotations

import os
from pathlib import Path

import click

from memstrata.adapters.cli.options import command, emit_json, open_workspace


def embedded_postgres_option(func: click.decorators.FC) -> click.decorators.FC:
    return click.option(
        "--embedded-postgres",
        "embedded_postgres",
        type=click.Path(file_okay=False),
        default=None,
        help="Start the bundled PostgreSQL with its data in this folder and use it as the "
        "team store (memstrata[team]); for a trial on one machine.",
    )(func)


def use_embedded_postgres(folder: str | None, root: Path | None) -> None:
    """Start the bundled server and name it in the DSN variable the workspace reads."""
    if not folder:
        return
    from memstrata.core.config import CONFIG_NAME, StoreSettings, load_config
    from memstrata.team.embedded import start_embedded

    env = StoreSettings().dsn_env
    if root is not None and (root / CONFIG_NAME).is_file():
        env = load_config(root).store.dsn_env
    os.environ[env] = start_embedded(Path(folder))


def _report(action: str, folder: Path, result: object, as_json: bool) -> None:
    from memstrata.adapters import presenters

    if as_json:
        emit_json(presenters.transfer(action, folder, result))
    else:
        click.echo(presenters.transfer_text(action, folder, result))


def register(cli: click.Group) -> None:
    @command(cli, "export")
    @click.argument("directory", type=click.Path(file_okay=False))
    def export(directory: str, as_json: bool) -> None:
        """Write the team workspace as Markdown files into a new folder (byte for byte what
        the files backend holds; memstrata sync DIR later brings hand edits back).

        \b
        Example: memstrata export ~/team-memory-files
        """
        from memstrata.team.transfer import export_workspace

        folder = Path(directory).expanduser().resolve()
        _report("export", folder, export_workspace(open_workspace(), folder), as_json)

    @command(cli, "import", name="import")
    @click.argument("directory", type=click.Path(exists=True, file_okay=False))
    def import_(directory: str, as_json: bool) -> None:
        """Load a files workspace into the (empty) team workspace, all or nothing.

        \b
        Example: memstrata import ~/agent-memory
        """
        from memstrata.team.transfer import import_workspace

        folder = Path(directory).expanduser().resolve()
        _report("import", folder, import_workspace(open_workspace(), folder), as_json)

    @command(cli, "sync")
    @click.argument("directory", type=click.Path(exists=True, file_okay=False))
    @click.option(
        "--prefer",
        type=click.Choice(("local", "store")),
        default=None,
        help="Settle every conflict this way (default: report them, change neither side).",
    )
    def sync(directory: str, prefer: str | None, as_json: bool) -> None:
        """Bring hand edits in an exported folder back, and the team's changes out to it;
        exit 1 when a document changed on both sides (both are left as they are).

        \b
        Example: memstrata sync ~/team-memory-files
        """
        from memstrata.team.transfer import sync_workspace

        folder = Path(directory).expanduser().resolve()
        result = sync_workspace(open_workspace(), folder, prefer or "")  # type: ignore[arg-type]
        _report("sync", folder, result, as_json)
        if result.conflicts:
            raise click.exceptions.Exit(1)
