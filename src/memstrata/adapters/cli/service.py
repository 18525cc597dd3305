"""Service commands: serve (foreground or --daemon), serve stop, serve status, token."""

from __future__ import annotations

from pathlib import Path

import click

from memstrata.adapters.cli.options import (
    command,
    current_session,
    emit_json,
    json_option,
    open_workspace,
    session_options,
    workspace_dir,
    workspace_option,
)
from memstrata.adapters.cli.team import embedded_postgres_option, use_embedded_postgres


def _handlers() -> dict:
    """What a forwarded call runs in the service's worker: the very same entry points."""
    from memstrata.adapters.cli import run
    from memstrata.adapters.hooks import run_hook

    return {"cli": run, "hook": run_hook}


def register(cli: click.Group) -> None:
    @cli.group(invoke_without_command=True)
    @click.option(
        "--host", default="127.0.0.1", show_default=True, help="Beyond loopback needs tokens."
    )
    @click.option(
        "--port",
        type=click.IntRange(0, 65535),
        default=None,
        help="Default [serve] port (8765), else any free one.",
    )
    @click.option(
        "--also",
        "also",
        multiple=True,
        type=click.Path(file_okay=False),
        help="Serve this workspace too (repeatable).",
    )
    @click.option(
        "--daemon", is_flag=True, help="Start in the background and return once it answers."
    )
    @embedded_postgres_option
    @workspace_option
    @session_options
    @click.pass_context
    def serve(
        ctx: click.Context,
        host: str,
        port: int | None,
        also: tuple[str, ...],
        daemon: bool,
        embedded_postgres: str | None,
    ) -> None:
        """One warm local service: the CLI and hooks use it when it runs, MCP at /mcp, and a
        review page in the browser. Logs to .memstrata/serve.log; SIGTERM stops it cleanly.

        \b
        Example: memstrata serve --daemon   (then: memstrata serve status | stop)
        """
        from memstrata.core.permissions import check_operation
        from memstrata.core.workspace import Workspace

        if ctx.invoked_subcommand is not None:
            return
        check_operation("serve", current_session())
        if embedded_postgres and daemon:
            raise click.UsageError(
                "--embedded-postgres runs in the foreground (the database stops with it); "
                "for a background service point $MEMSTRATA_DSN at a running PostgreSQL"
            )
        given = workspace_dir()
        use_embedded_postgres(embedded_postgres, Path(given) if given else None)
        first = open_workspace()
        workspaces = [first, *(Workspace.open(path) for path in also)]
        port = first.config.serve.port if port is None else port
        if daemon:
            from memstrata.errors import MemstrataError
            from memstrata.serve.address import live_address
            from memstrata.serve.process import check_tokens, spawn_daemon

            running = live_address(first.state_dir)
            if running is not None:
                raise MemstrataError(
                    f"{first.root} is already served at {running.url} (pid {running.pid})"
                )
            check_tokens(workspaces, host)
            address = spawn_daemon([ws.root for ws in workspaces], host, port)
            if address is None:
                raise MemstrataError(
                    f"the service did not start; see {first.state_dir / 'serve.log'}"
                )
            click.echo(f"serving at {address.url} (pid {address.pid}); review page: {address.url}/")
            return
        from memstrata.adapters.web.app import build_app
        from memstrata.serve.process import run_service

        def ready(service: object) -> None:
            url = service.url  # type: ignore[attr-defined]
            click.echo(f"serving {', '.join(str(ws.root) for ws in workspaces)} at {url}", err=True)
            click.echo(
                f"review page: {url}/   MCP: {url}/mcp   (Ctrl-C or SIGTERM stops)", err=True
            )

        raise click.exceptions.Exit(
            run_service(workspaces, host, port, _handlers(), build_app, on_ready=ready)
        )

    @command(serve, "serve", name="stop")
    def stop(as_json: bool) -> None:
        """Stop the workspace's service (SIGTERM; it finishes the calls it is running).

        \b
        Example: memstrata serve stop
        """
        from memstrata.serve.process import stop_service

        stopped = stop_service(open_workspace())
        if as_json:
            emit_json({"stopped": stopped is not None, "pid": stopped.pid if stopped else None})
        else:
            click.echo(f"stopped the service (pid {stopped.pid})" if stopped else "not running")

    @command(serve, "serve", name="status")
    def status(as_json: bool) -> None:
        """Whether the workspace's service runs, where, and since when (exit 3 if not).

        \b
        Example: memstrata serve status --json
        """
        import time

        from memstrata.serve.address import live_address, stale_address

        ws = open_workspace()
        address = live_address(ws.state_dir)
        stale = None if address else stale_address(ws.state_dir)
        data = {
            "running": address is not None,
            "url": address.url if address else None,
            "pid": address.pid if address else None,
            "uptime_s": round(time.time() - address.started) if address else None,
            "workspaces": list(address.workspaces) if address else [],
            "stale_address_file": stale is not None,
        }
        if as_json:
            emit_json(data)
        elif address:
            click.echo(f"running at {address.url} (pid {address.pid}, up {data['uptime_s']} s)")
            click.echo(f"review page: {address.url}/   MCP: {address.url}/mcp")
        elif stale:
            click.echo(f"not running (stale address file left by pid {stale.pid})")
        else:
            click.echo("not running")
        if address is None:
            raise click.exceptions.Exit(3)

    @cli.group()
    def token() -> None:
        """Tokens for the service: each fixes a session kind and agent (shown once)."""

    # Here --session and --agent describe the token, so the command takes no acting session:
    # whoever runs the CLI is the owner (the operation is the owner's in the table).
    @token.command(name="add")
    @click.argument("name")
    @click.option(
        "--session",
        "token_session",
        type=click.Choice(("main", "shared", "subagent")),
        required=True,
        help="The session kind the token acts as.",
    )
    @click.option("--agent", "token_agent", default=None, help="The agent name the token acts as.")
    @json_option
    @workspace_option
    def token_add(name: str, token_session: str, token_agent: str | None, as_json: bool) -> None:
        """Create a token; it is printed once and only its hash is stored.

        \b
        Example: memstrata token add phone --session shared
        """
        from memstrata.serve.tokens import add_token

        record, secret = add_token(
            open_workspace(), name, token_session, token_agent, current_session()
        )
        if as_json:
            emit_json(
                {
                    "name": record.name,
                    "session": record.session,
                    "agent": record.agent,
                    "token": secret,
                }
            )
        else:
            click.echo(secret)
            click.echo(
                f"(token {record.name!r}: {record.session} session{f' as [{record.agent}]' if record.agent else ''}; shown once)",
                err=True,
            )

    token_add.operation = "token"  # type: ignore[attr-defined]  # checked in add_token

    @command(token, "token", name="list")
    def token_list(as_json: bool) -> None:
        """The tokens (names, sessions, agents; never the tokens themselves)."""
        from memstrata.serve.tokens import load_tokens

        records = load_tokens(open_workspace())
        rows = [
            {"name": r.name, "session": r.session, "agent": r.agent, "created": r.created}
            for r in records
        ]
        if as_json:
            emit_json(rows)
            return
        for row in rows:
            click.echo(f"{row['name']}  {row['session']}  {row['agent'] or '-'}  {row['created']}")
        if not rows:
            click.echo("No tokens.")

    @command(token, "token", name="remove")
    @click.argument("name")
    def token_remove(name: str, as_json: bool) -> None:
        """Remove a token (requests carrying it are refused from then on)."""
        from memstrata.serve.tokens import remove_token

        record = remove_token(open_workspace(), name, current_session())
        emit_json({"removed": record.name}) if as_json else click.echo(
            f"removed token {record.name}"
        )
