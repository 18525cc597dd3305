"""Agent commands: mcp, hook, install-hooks, uninstall-hooks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from memstrata.adapters.cli.options import (
    command,
    current_session,
    emit_json,
    open_workspace,
    workspace_dir,
)


def _print_install(result: dict, as_json: bool) -> None:
    if as_json:
        emit_json(result)
        return
    for key, value in result.items():
        if key == "next":
            click.echo("next, run:\n" + "\n".join(f"  {command}" for command in value))
        elif isinstance(value, list):
            click.echo(f"{key}:")
            for item in value:
                click.echo(f"  {item}")
        elif isinstance(value, dict):
            click.echo(f"{key}:")
            for sub, item in value.items():
                click.echo(f"  {sub}: {item}")
        else:
            click.echo(f"{key}: {value}")


def _openclaw_home(value: str | None) -> Path:
    from memstrata.adapters.install_openclaw import default_home

    return Path(value).expanduser() if value else default_home()


def register(cli: click.Group) -> None:
    @command(cli, "mcp", name="mcp", json_flag=False)
    @click.option(
        "--transport", type=click.Choice(("stdio", "http")), default="stdio", show_default=True
    )
    @click.option("--host", default="127.0.0.1", show_default=True, help="For --transport http.")
    @click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True)
    def mcp(transport: str, host: str, port: int) -> None:
        """Serve the memory as MCP tools (stdio, or streamable HTTP at http://HOST:PORT/mcp).

        The session kind and agent are fixed at launch: a shared server never hands out
        private roles, whatever a tool is asked.

        \b
        Example: memstrata mcp --session shared --agent coder
        """
        from memstrata.adapters.mcp.server import build_server

        open_workspace()  # fail now, with one line, if there is no workspace
        server = build_server(workspace_dir(), current_session())
        if transport == "stdio":
            server.run("stdio")
        else:
            server.run("streamable-http", host=host, port=port)

    # Hooks run as the owner configured them and must never block: no permission gate here
    # (an unknown event or bad input exits 0), so this command is registered plainly.
    @cli.command(context_settings={"ignore_unknown_options": True})
    @click.argument("event", required=False, default="")
    @click.argument("extra", nargs=-1)
    @click.option("-w", "--workspace", "hook_workspace", default=None, hidden=True)
    def hook(event: str, extra: tuple[str, ...], hook_workspace: str | None) -> None:
        """Claude Code hook: reads the event JSON on stdin; never blocks (exit 0, errors go to
        .memstrata/hooks.log). EVENT: session-start, user-prompt-submit, post-tool-use,
        post-tool-use-failure, pre-compact, stop, session-end.

        \b
        Example: memstrata hook user-prompt-submit < payload.json
        """
        from memstrata.adapters.hooks import run_hook

        raise click.exceptions.Exit(run_hook(event, hook_workspace or workspace_dir()))

    @cli.command(name="openclaw-hook")
    @click.argument("event", required=False, default="")
    @click.option("-w", "--workspace", "hook_workspace", default=None, hidden=True)
    def openclaw_hook(event: str, hook_workspace: str | None) -> None:
        """OpenClaw plugin event (bootstrap, prompt, message, tool-error, compact,
        session-end): JSON on stdin, JSON on stdout; never fails (errors: .memstrata/hooks.log).

        \b
        Example: memstrata openclaw-hook prompt < event.json
        """
        from memstrata.adapters.openclaw_hook import run

        raise click.exceptions.Exit(run(event, hook_workspace or workspace_dir()))

    @command(cli, "install", name="install-hooks")
    @_target_options(
        "claude-code: write the plugin here as a local marketplace instead of settings."
    )
    def install_hooks(
        target: str,
        scope: str,
        project: str,
        openclaw_home: str | None,
        plugin_dir: str | None,
        as_json: bool,
    ) -> None:
        """Wire memstrata into Claude Code (hooks + MCP server, or a plugin) or OpenClaw.

        \b
        Example: memstrata install-hooks --target claude-code --project ~/code/app
        """
        from memstrata.adapters import install

        ws = open_workspace()
        if target == "claude-code" and plugin_dir:
            from memstrata.adapters.claude_plugin import write_marketplace

            result = write_marketplace(Path(plugin_dir), ws.root)
        elif target == "claude-code":
            result = install.install_claude(Path(project).resolve(), ws.root, scope)
        else:
            result = install.install_openclaw(_openclaw_home(openclaw_home), ws.root)
        _print_install(result, as_json)

    @command(cli, "install", name="uninstall-hooks")
    @_target_options("claude-code: remove the plugin folder install-hooks --plugin wrote.")
    def uninstall_hooks(
        target: str,
        scope: str,
        project: str,
        openclaw_home: str | None,
        plugin_dir: str | None,
        as_json: bool,
    ) -> None:
        """Reverse exactly what install-hooks added.

        \b
        Example: memstrata uninstall-hooks --target claude-code --project ~/code/app
        """
        from memstrata.adapters import install

        if target == "claude-code" and plugin_dir:
            from memstrata.adapters.claude_plugin import remove_marketplace

            result = remove_marketplace(Path(plugin_dir))
        elif target == "claude-code":
            result = install.uninstall_claude(Path(project).resolve(), scope)
        else:
            result = install.uninstall_openclaw(_openclaw_home(openclaw_home))
        _print_install(result, as_json)


def _target_options(plugin_help: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """The options install-hooks and uninstall-hooks share (one list, so they cannot drift)."""
    options = [
        click.option("--target", type=click.Choice(("claude-code", "openclaw")), required=True),
        click.option(
            "--scope",
            type=click.Choice(("project", "user")),
            default="project",
            show_default=True,
            help="claude-code: the project's .claude/settings.json, or the user's.",
        ),
        click.option(
            "--project",
            type=click.Path(file_okay=False),
            default=".",
            show_default=True,
            help="claude-code: the project folder the agent works in.",
        ),
        click.option(
            "--openclaw-home",
            type=click.Path(file_okay=False),
            default=None,
            help="openclaw: OpenClaw's state folder (default $OPENCLAW_STATE_DIR, else ~/.openclaw).",
        ),
        click.option(
            "--plugin",
            "plugin_dir",
            type=click.Path(file_okay=False),
            default=None,
            help=plugin_help,
        ),
    ]

    def apply(fn: Callable[..., None]) -> Callable[..., None]:
        for option in reversed(options):
            fn = option(fn)
        return fn

    return apply
