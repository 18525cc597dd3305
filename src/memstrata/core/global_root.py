"""The ``[global]`` root (note 004's ``~/.workbuddy``): which folder may be one, and its marker.

memstrata writes into the global root as into a workspace, so a setting that points it at
``/etc`` or at a folder reached through a symlink would let any project write there. A folder
becomes a global root only through ``init --global-root``, which writes the marker file
``.memstrata/global-root``; every later load checks that the folder exists, is reached through
no symlink and carries the marker. Nothing is created when a check fails.
"""

from __future__ import annotations

import os
from pathlib import Path

from memstrata.core.storage import atomic_write_bytes

MARKER = Path(".memstrata") / "global-root"
MARKER_TEXT = (
    "This folder is a memstrata global root (note 004's ~/.workbuddy): the user's profile and\n"
    "identity files shared by every project that names it in memstrata.toml [global] root.\n"
)
# Roles note 004 puts in the global layer (SOUL.md, IDENTITY.md, USER.md) plus the global skills
# its "(and global skills)" allows; MEMORY.md, CANDIDATES.md and the logs stay per project.
SHAREABLE_ROLES = ("user", "identity", "skills")
# What an existing folder must hold (or be empty) for ``init`` to mark it as a global root.
_PROFILE_FILES = ("USER.md", "SOUL.md", "IDENTITY.md")


def locate(setting: str, workspace: Path) -> Path:
    """The absolute, not yet resolved path a ``[global] root`` setting names."""
    path = Path(os.path.expanduser(setting))
    return Path(os.path.abspath(path if path.is_absolute() else workspace / path))


def _symlinked(path: Path) -> Path | None:
    """The first folder on ``path`` (or the path itself) that is a symlink, if any."""
    for part in (*reversed(path.parents), path):
        if part.is_symlink():
            return part
    return None


def problem(path: Path) -> str | None:
    """Why ``path`` cannot serve as the global root now (None: it can)."""
    link = _symlinked(path)
    if link is not None:
        return f"goes through the symbolic link {link}; name the real folder"
    if not path.is_dir():
        return "is not an existing folder (create it with `memstrata init --global-root`)"
    marker = path / MARKER
    if marker.is_symlink() or not marker.is_file():
        return (
            f"is not a memstrata global root (no {MARKER.as_posix()}); "
            "make one with `memstrata init PROJECT --global-root FOLDER`"
        )
    return None


def prepare(path: Path) -> str | None:
    """Make ``path`` a global root for ``init``: created when missing, marked when it is empty
    or already holds a profile (USER.md, SOUL.md, IDENTITY.md). Returns why not, having
    created nothing, when it is a symlink, not a folder, or a folder of something else."""
    link = _symlinked(path)
    if link is not None:
        return f"goes through the symbolic link {link}; name the real folder"
    if path.exists() and not path.is_dir():
        return "exists and is not a folder"
    if path.is_dir() and not (path / MARKER).is_file():
        entries = [p.name for p in path.iterdir()]
        if entries and not any(name in entries for name in _PROFILE_FILES):
            return (
                "is a folder of other files (no USER.md, SOUL.md or IDENTITY.md); "
                "choose a new or empty folder"
            )
    if not (path / MARKER).is_file():
        (path / MARKER.parent).mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path / MARKER, MARKER_TEXT.encode("utf-8"))
    return None
