"""The ``memstrata`` command: argument parsing and printing over the service functions.

One module per command group (workspace, records, recall, learning, maintenance, agents); the
shared options and the permission check live in :mod:`.options`, result shapes in
``adapters/presenters.py``. Errors from bad input print one line and exit 2.
"""

from __future__ import annotations

import sys

import click

from memstrata.adapters.cli.options import session_options, workspace_option
from memstrata.errors import MemstrataError


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="memstrata", prog_name="memstrata")
@workspace_option
@session_options
def cli() -> None:
    """Layered, self-evolving long-term memory for LLM agents, kept as plain Markdown.

    \b
    Start:    memstrata init ~/agent-memory && cd ~/agent-memory
    Write:    memstrata remember "记住：提供商名不要用 qwen"
    Log:      memstrata log "修复了登录超时" --agent coder
    Find:     memstrata search "网关端口"
    Inspect:  memstrata status

    Shell completion: eval "$(_MEMSTRATA_COMPLETE=bash_source memstrata)" (zsh_source, fish_source).
    """


def _register() -> None:
    from memstrata.adapters.cli import (
        agents,
        learning,
        maintenance,
        recall,
        records,
        service,
        team,
        tiers,
        workspace,
    )

    for module in (workspace, records, tiers, recall, learning, maintenance, agents, service, team):
        module.register(cli)


_register()


def _is_hook_call(argv: list[str]) -> bool:
    """Whether ``argv`` runs ``memstrata [-w DIR] hook ...``."""
    words = list(argv)
    while words and words[0].startswith("-"):
        flag = words.pop(0)
        if flag in ("-w", "--workspace", "--session", "--agent") and words:
            words.pop(0)
    return bool(words) and words[0] in ("hook", "openclaw-hook")


def _run_hook_call(argv: list[str] | None) -> int:
    """``memstrata hook``: exit 0 whatever it gets, since Claude Code treats exit 2 as blocking
    (an unknown event name, a bad ``-w``: one line on stderr, and the agent goes on)."""
    try:
        cli.main(args=argv, prog_name="memstrata", standalone_mode=False)
    except click.exceptions.Exit:
        pass
    except click.ClickException as exc:
        exc.show()
    except (Exception, SystemExit, click.exceptions.Abort) as exc:
        click.echo(f"memstrata hook: {type(exc).__name__}: {exc}", err=True)
    return 0


def run(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit code (2 for bad input, with a one-line message)."""
    if _is_hook_call(sys.argv[1:] if argv is None else argv):
        return _run_hook_call(argv)
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
    except OverflowError as exc:  # a number too big for the machine (a typo, not a request)
        click.echo(f"memstrata: error: {str(exc).splitlines()[0][:200]}", err=True)
        return 2
    return code if isinstance(code, int) else 0


def main() -> None:
    """Console entry point."""
    sys.exit(run())
