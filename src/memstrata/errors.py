"""User-facing errors.

Every error the engine raises on bad input is a :class:`MemstrataError`: it renders as one line
that names the file (and line, when known), so the CLI can print it and exit 2 without a
traceback, and nothing has been written by the time it is raised.
"""

from __future__ import annotations

from pathlib import Path


class MemstrataError(Exception):
    """A problem with the user's input or workspace, reported as one line."""

    exit_code = 2

    def __init__(self, message: str, path: str | Path | None = None, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.path = str(path) if path is not None else None
        self.line = line

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = f"{self.path}:{self.line}: " if self.line else f"{self.path}: "
        return where + self.message.replace("\n", " ")


class WorkspaceNotFound(MemstrataError):
    """No workspace at the given or discovered location."""


class PathOutsideWorkspace(MemstrataError):
    """A path resolves (directly or through a symlink) outside the workspace."""


class PermissionDenied(MemstrataError):
    """The session kind, agent or role forbids this write (identity files, private roles)."""


class FormatError(MemstrataError):
    """A Markdown entry or JSONL record the engine must understand is malformed."""


class SecretRefused(MemstrataError):
    """A team workspace refuses text that contains a secret instead of redacting it."""


class StoreUnavailable(MemstrataError):
    """The team store (PostgreSQL) cannot be reached; nothing of the operation was written.
    Exit 75 (EX_TEMPFAIL): trying again later is the right answer."""

    exit_code = 75


class StoreConflict(MemstrataError):
    """A document changed under a writer that should have held its lock (a lock lost with a
    dropped connection); nothing was written."""
