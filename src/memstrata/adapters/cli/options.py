"""What every ``memstrata`` command shares: the workspace and session options, the permission
check from the one operation table, ``--json``, and plain printing.

Only click is imported here: services load inside the command that needs them, so
``memstrata --help`` and the hooks stay fast.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import click

from memstrata.core.config import SESSION_KINDS, SessionKind

if TYPE_CHECKING:
    from memstrata.core.permissions import Session
    from memstrata.core.workspace import Workspace
    from memstrata.core.writer import Writer

F = Callable[..., Any]
PRESETS = ("default", "openclaw", "self-evolution", "three-tier", "five-tier", "memory-manager")


def workspace_option(func: F) -> F:
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
        if workspace_dir:
            click.get_current_context().meta["memstrata.workspace"] = workspace_dir
        return func(*args, **kwargs)

    return wrapper


def session_options(func: F) -> F:
    """``--session main|shared|subagent`` and ``--agent NAME``: who is acting."""

    @click.option(
        "--session",
        "session_kind",
        type=click.Choice(SESSION_KINDS),
        default=None,
        help="Who is acting: the owner's chat (main, default), a shared chat, or a subagent.",
    )
    @click.option(
        "--agent", default=None, help="Agent name; tags entries [agent] (required for subagents)."
    )
    @functools.wraps(func)
    def wrapper(*args: Any, session_kind: str | None, agent: str | None, **kwargs: Any) -> Any:
        meta = click.get_current_context().meta
        old_kind, old_agent = meta.get("memstrata.session", ("main", None))
        meta["memstrata.session"] = (session_kind or old_kind, agent or old_agent)
        return func(*args, **kwargs)

    return wrapper


def json_option(func: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")(func)


def command(
    group: click.Group, operation: str, name: str | None = None, json_flag: bool = True
) -> Callable[[F], F]:
    """Register a command with the shared options; it runs only if the session may do
    ``operation`` (core/permissions.py: the same table MCP tools use)."""

    def decorate(func: F) -> F:
        @functools.wraps(func)
        def checked(*args: Any, **kwargs: Any) -> Any:
            from memstrata.core.permissions import check_operation

            check_operation(operation, current_session())
            return func(*args, **kwargs)

        wrapped = json_option(checked) if json_flag else checked
        wrapped = workspace_option(session_options(wrapped))
        registered = group.command(name=name)(wrapped)
        registered.operation = operation  # type: ignore[attr-defined]
        return cast(F, registered)

    return decorate


def current_session() -> Session:
    from memstrata.core.permissions import Session

    kind, agent = click.get_current_context().meta.get("memstrata.session", ("main", None))
    return Session(cast(SessionKind, kind), agent)


def workspace_dir() -> str | None:
    return cast("str | None", click.get_current_context().meta.get("memstrata.workspace"))


def open_workspace() -> Workspace:
    from memstrata.core.workspace import Workspace

    return Workspace.discover(workspace_dir())


def open_writer() -> Writer:
    return open_workspace().writer(current_session())


def emit_json(data: Any) -> None:
    from memstrata.adapters.presenters import to_json

    click.echo(to_json(data))


def warn(message: str) -> None:
    click.echo(f"memstrata: warning: {message}", err=True)


def positive(name: str, value: int, limit: int = 10_000) -> int:
    """An integer option that must be 1..``limit`` (a huge ``-k`` is a typo, not a request)."""
    from memstrata.errors import MemstrataError

    if not 1 <= value <= limit:
        raise MemstrataError(f"{name} must be between 1 and {limit}, not {value}")
    return value
