"""A workspace: a folder of Markdown memories, its preset layout, settings and clock.

``Workspace.open`` adopts any folder in one of the design notes' layouts without writing to
it. Every path goes through :meth:`Workspace.resolve`, which refuses absolute paths, ``..`` and
symlinks that lead outside the workspace.
"""

from __future__ import annotations

import dataclasses
import os
import threading
from collections.abc import Callable, Iterator
from datetime import date, datetime, tzinfo
from pathlib import Path
from typing import TYPE_CHECKING

from memstrata.core.config import (
    CONFIG_NAME,
    DEFAULT_PRIVATE_ROLES,
    Config,
    load_config,
    parse_timezone,
    zone_label,
)
from memstrata.core.documents import DocumentStore, open_store
from memstrata.core.layouts import (
    DAILY_NAME,
    PRESETS,
    Layout,
    RoleSpec,
    default_privacy,
    detect_preset,
    layout_for,
)
from memstrata.core.permissions import Session
from memstrata.errors import MemstrataError, PathOutsideWorkspace, WorkspaceNotFound
from memstrata.text.textio import decode_replacing, decode_text, split_lines

if TYPE_CHECKING:
    from memstrata.core.transaction import Transaction
    from memstrata.core.writer import Writer

ENV_WORKSPACE = "MEMSTRATA_WORKSPACE"
ENV_NOW = "MEMSTRATA_NOW"
STATE_DIR = ".memstrata"
LINKED_ROLE = "linked"
# Paths of roles that live in the ``[global]`` root (note 004's ~/.workbuddy) start with this.
GLOBAL_PREFIX = "@global/"


def _env_clock() -> datetime:
    """The current time, or ``MEMSTRATA_NOW`` (ISO) so scripted runs and tests are repeatable."""
    fixed = os.environ.get(ENV_NOW)
    if fixed:
        try:
            return datetime.fromisoformat(fixed)
        except ValueError:
            raise MemstrataError(f"{ENV_NOW}={fixed!r} is not an ISO date-time") from None
    return datetime.now()


# What the file system accepts (Linux NAME_MAX and PATH_MAX, in bytes): a longer name or a NUL
# would fail in the OS call with a traceback instead of one line (review of issue 9, item 7).
NAME_MAX_BYTES = 255
PATH_MAX_BYTES = 4096


def check_path_text(text: str) -> None:
    """Refuse, with one line, a path no file system call can take."""
    shown = repr(text[:60]) + ("…" if len(text) > 60 else "")
    if "\x00" in text:
        raise MemstrataError(f"{shown}: a path cannot contain a NUL character")
    if len(text.encode("utf-8", "surrogatepass")) > PATH_MAX_BYTES or any(
        len(part.encode("utf-8", "surrogatepass")) > NAME_MAX_BYTES for part in text.split("/")
    ):
        raise MemstrataError(
            f"{shown}: path too long (at most {NAME_MAX_BYTES} bytes a name, "
            f"{PATH_MAX_BYTES} in all)"
        )


class Workspace:
    """An opened workspace. Services ask it for roles, never for hard-coded paths."""

    def __init__(
        self, root: Path, config: Config, preset: str, clock: Callable[[], datetime] | None = None
    ):
        self.root = root
        self.config = _with_preset_privacy(config, preset)
        self.preset = preset
        layout = layout_for(preset).with_overrides(config.limits, config.paths)
        layout.check_paths(config.error)
        _check_private_roles(config, layout)
        self.global_root = self._global_root(layout)
        if self.global_root is not None:
            layout = layout.in_global(config.global_.roles, GLOBAL_PREFIX)
        self.layout: Layout = layout
        self.zone: tzinfo | None = (
            parse_timezone(config.clock.timezone) if config.clock.timezone else None
        )
        self._clock_given = clock is not None
        self.clock = clock or _env_clock
        self.store: DocumentStore = open_store(
            config.store, root, root / STATE_DIR, self.global_root
        )
        # The multi-file operation running in this process, if any (see core/transaction.py):
        # reads made by that operation's thread see its staged, not yet committed, writes.
        self.transaction: Transaction | None = None

    def _global_root(self, layout: Layout) -> Path | None:
        """The ``[global]`` root, checked: roles note 004 shares, outside this workspace, an
        existing folder reached through no symlink and marked by ``init --global-root``."""
        from memstrata.core import global_root

        settings = self.config.global_
        if not settings.root and not settings.roles:
            return None
        if not settings.root or not settings.roles:
            missing = "root" if not settings.root else "roles"
            raise self.config.error("global", missing, "is needed: [global] takes root and roles")
        unknown = [r for r in settings.roles if r not in layout.roles]
        if unknown:
            raise self.config.error(
                "global", "roles", f"names roles the '{self.preset}' layout lacks: {unknown}"
            )
        local = [r for r in settings.roles if r not in global_root.SHAREABLE_ROLES]
        if local:
            raise self.config.error(
                "global",
                "roles",
                f"names {local}, which stay per project; only "
                f"{', '.join(global_root.SHAREABLE_ROLES)} may be global (note 004)",
            )
        root = global_root.locate(settings.root, self.root)
        if root == self.root or self.root in root.parents or root in self.root.parents:
            raise self.config.error(
                "global",
                "root",
                f"= {settings.root!r} must be outside this workspace, and not hold it",
            )
        reason = global_root.problem(root)
        if reason:
            raise self.config.error("global", "root", f"= {settings.root!r} {reason}")
        return root

    # ------------------------------------------------------------------ opening
    @classmethod
    def open(cls, path: str | Path, clock: Callable[[], datetime] | None = None) -> Workspace:
        """Open the workspace at ``path``; its preset comes from memstrata.toml or detection."""
        root = Path(path).expanduser()
        if not root.is_dir():
            raise WorkspaceNotFound("workspace folder does not exist", root)
        root = root.resolve()
        config = load_config(root)
        preset = config.preset or detect_preset(root)
        if preset is None:
            raise WorkspaceNotFound(
                f"not a memstrata workspace (no {CONFIG_NAME} or MEMORY.md); run 'memstrata init'",
                root,
            )
        if preset not in PRESETS:
            raise MemstrataError(
                f"unknown preset {preset!r}; use one of {', '.join(PRESETS)}", CONFIG_NAME
            )
        if preset == "self-evolution":
            from memstrata.core.note_config import apply_note_config

            config = apply_note_config(root, config)
        return cls(root, config, preset, clock)

    @classmethod
    def discover(
        cls,
        explicit: str | Path | None = None,
        start: str | Path | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> Workspace:
        """``--workspace``, else ``$MEMSTRATA_WORKSPACE``, else the nearest workspace above ``start``."""
        if explicit:
            return cls.open(explicit, clock)
        env = os.environ.get(ENV_WORKSPACE)
        if env:
            return cls.open(env, clock)
        here = Path(start or Path.cwd()).resolve()
        chain = (here, *here.parents)
        # Explicit markers win over layout detection: inside a default workspace, memory/ holds
        # principles.md + patterns/ and would otherwise pass for a self-evolution workspace.
        for folder in chain:
            if (folder / CONFIG_NAME).is_file() or (folder / "MEMORY.md").is_file():
                return cls.open(folder, clock)
        for folder in chain:
            if detect_preset(folder):
                return cls.open(folder, clock)
        raise WorkspaceNotFound(
            f"no workspace here or above; pass --workspace DIR, set {ENV_WORKSPACE}, or run 'memstrata init'",
            here,
        )

    # ------------------------------------------------------------------ settings
    @property
    def lang(self) -> str:
        return self.config.lang

    @property
    def team(self) -> bool:
        return self.config.team

    @property
    def state_dir(self) -> Path:
        """Derived state (locks, index); never the source of truth, safe to delete."""
        return self.root / STATE_DIR

    def now(self) -> datetime:
        """The wall-clock time in the workspace's time zone (``[clock] timezone``), naive.

        ``MEMSTRATA_NOW`` with an offset is converted to that zone; without one it is taken as
        already local, like a clock given by a caller.
        """
        moment = self.clock()
        if moment.tzinfo is not None:
            return moment.astimezone(self.zone).replace(tzinfo=None)
        if self.zone is not None and not self._clock_given and not os.environ.get(ENV_NOW):
            return datetime.now(self.zone).replace(tzinfo=None)
        return moment

    def today(self) -> date:
        return self.now().date()

    def zone_label(self, moment: datetime | None = None) -> str:
        """``GMT+8`` for the workspace's zone at ``moment`` (default now), as note 002 writes."""
        moment = moment or self.now()
        aware = moment.replace(tzinfo=self.zone) if self.zone else moment.astimezone()
        return zone_label(aware)

    # ------------------------------------------------------------------ roles
    def role(self, name: str) -> RoleSpec | None:
        return self.layout.get(name)

    def require_role(self, name: str) -> RoleSpec:
        spec = self.role(name)
        if spec is None:
            raise MemstrataError(f"the '{self.preset}' layout has no '{name}' role")
        return spec

    def role_path(self, name: str) -> str:
        """Workspace-relative path of a single-file role."""
        return self.require_role(name).path

    def daily_path(self, day: date) -> str:
        folder = self.require_role("daily").path
        return f"{folder}/{day.isoformat()}.md" if folder else f"{day.isoformat()}.md"

    def role_files(self, name: str) -> list[str]:
        """Existing files of a role, workspace-relative, sorted.

        Links are left out: a symlink or a hard link is another file's content under this
        role's name (a daily log linked to USER.md), so it is never read or written as this role.
        """
        spec = self.role(name)
        if spec is None:
            return []
        if spec.kind == "file":
            return [p for p in spec.paths if self.store.size(p) is not None and not self.is_link(p)]
        if spec.path and self.is_link(spec.path):
            return []
        if spec.kind == "daily":
            names = [n for n in self.store.names(spec.path) if DAILY_NAME.match(n)]
        else:
            names = [n for n in self.store.names(spec.path) if n.endswith(".md")]
        found = [f"{spec.path}/{n}" if spec.path else n for n in names]
        # A folder may hold another role's file (three-tier's 04-knowledge/long-term.md is
        # long_term, not knowledge): it belongs to that role alone.
        return [rel for rel in found if self.role_of(rel) == name and not self.is_link(rel)]

    def role_of(self, rel_path: str) -> str | None:
        """Which role a workspace-relative file belongs to (exact files before folders)."""
        rel = Path(rel_path).as_posix()
        for spec in self.layout.roles.values():
            if spec.kind == "file" and rel in spec.paths:
                return spec.name
        parent, _, name = rel.rpartition("/")
        for spec in self.layout.roles.values():
            if spec.kind == "dir" and parent == spec.path and name.endswith(".md"):
                return spec.name
            if spec.kind == "daily" and parent == spec.path and DAILY_NAME.match(name):
                return spec.name
        return None

    # ------------------------------------------------------------------ paths
    def _base(self, text: str) -> tuple[Path, str]:
        """The root a workspace path belongs to and the path below it (``@global/`` paths
        belong to the ``[global]`` root)."""
        if text.startswith(GLOBAL_PREFIX):
            if self.global_root is None:
                raise PathOutsideWorkspace("no [global] root is configured", text)
            return self.global_root, text[len(GLOBAL_PREFIX) :]
        return self.root, text

    def resolve(self, rel_path: str | Path) -> Path:
        """Absolute path of a workspace-relative path, refusing anything that leaves the root
        (or, for ``@global/`` paths, the ``[global]`` root)."""
        text = str(rel_path)
        check_path_text(text)
        base, below = self._base(text)
        candidate = Path(below)
        if not below or candidate.is_absolute() or below.startswith("~"):
            raise PathOutsideWorkspace(
                "absolute paths are not allowed; use a workspace-relative path", text
            )
        if ".." in candidate.parts:
            raise PathOutsideWorkspace("'..' is not allowed in workspace paths", text)
        full = base / candidate
        real = Path(os.path.realpath(full))
        if real != base and base not in real.parents:
            raise PathOutsideWorkspace("path leads outside the workspace (symlink)", text)
        return full

    def global_markdown(self) -> Iterator[tuple[str, os.stat_result]]:
        """The Markdown files of the roles in the ``[global]`` root (for the index and doctor)."""
        if self.global_root is None:
            return
        for name in self.config.global_.roles:
            for rel in self.role_files(name):
                if rel.endswith(".md"):
                    yield rel, self.resolve(rel).stat()

    def is_link(self, rel_path: str) -> bool:
        """Whether the file, or a folder on its way below the root, is a symlink, or the file
        has other hard links: its content then also lives under another name."""
        return self.store.is_link(rel_path)

    def read_roles(self, rel_path: str) -> tuple[str | None, ...]:
        """The roles that decide who may read a file: its own, plus ``linked`` when it is a
        symlink or hard link. A link shows another file's content under a harmless name (a
        daily log linked to USER.md), and finding every name of an inode is not cheap, so
        links are visible to the owner's main session only."""
        role = self.role_of(rel_path)
        return (role, LINKED_ROLE) if self.is_link(rel_path) else (role,)

    def exists(self, rel_path: str) -> bool:
        """Whether the document exists, in whichever store holds the workspace's documents
        (never ask the folder: a team workspace keeps them in PostgreSQL)."""
        return self.store.size(self.rel(self.resolve(rel_path))) is not None

    def rel(self, path: Path) -> str:
        if self.global_root is not None and self.global_root in path.parents:
            return GLOBAL_PREFIX + path.relative_to(self.global_root).as_posix()
        return path.relative_to(self.root).as_posix()

    def read_lines(self, rel_path: str, strict: bool = False) -> list[str]:
        """Lines of a workspace file (kept endings); a missing file reads as no lines.

        Inside a multi-file operation, its own thread reads what the operation has staged.
        Invalid UTF-8 reads as U+FFFD, as search indexed it: one bad byte never leaves a session
        without its memory or a command without its answer (a tester's rounds on f94bd6b and
        21d773d). Nothing is written from these lines: the writer reads the bytes it rewrites
        itself, strictly, and refuses such a file (writing replaced text back would destroy the
        bytes). ``strict``: raise instead, naming file and line (``doctor``'s format check).
        """
        rel = self.rel(self.resolve(rel_path))
        txn = self.transaction
        if txn is not None and txn.owner == threading.get_ident():
            staged = txn.staged_text(rel)
            if staged is not None:
                return split_lines(staged)
        data = self.store.read(rel)
        if data is None:
            return []
        return split_lines(decode_text(data, rel) if strict else decode_replacing(data, rel)[0])

    def read_tail(self, rel_path: str, max_bytes: int) -> tuple[int, list[str]]:
        """The last whole lines of a file within ``max_bytes``, and how many lines come before
        them (so line numbers stay exact without reading a huge file). For showing only (the
        session context): a bad byte reads as U+FFFD, as search shows it."""
        rel = self.rel(self.resolve(rel_path))
        before, data = self.store.read_tail(rel, max_bytes)
        return before, split_lines(decode_replacing(data, rel)[0])

    def writer(self, session: Session | None = None) -> Writer:
        """The single safe writer for this workspace, acting as ``session`` (default: main)."""
        from memstrata.core.writer import Writer

        return Writer(self, session or Session())


def _check_private_roles(config: Config, layout: Layout) -> None:
    """``[privacy] private_roles`` may name only roles that exist: a misspelt role (``usr``)
    would leave the file it meant readable by every session."""
    named = config.privacy.private_roles or ()
    known = sorted({*layout.roles, *DEFAULT_PRIVATE_ROLES, LINKED_ROLE})
    unknown = next((role for role in named if role not in known), None)
    if unknown is not None:
        raise config.error(
            "privacy", "private_roles", f": unknown role {unknown!r} (roles: {', '.join(known)})"
        )


def _with_preset_privacy(config: Config, preset: str) -> Config:
    """Fill the ``[privacy]`` settings memstrata.toml leaves out with the preset's defaults."""
    privacy = config.privacy
    if privacy.private_roles is not None and privacy.subagent_reads_private is not None:
        return config
    roles, subagents = default_privacy(preset, config.team)
    filled = dataclasses.replace(
        privacy,
        private_roles=roles if privacy.private_roles is None else privacy.private_roles,
        subagent_reads_private=(
            subagents if privacy.subagent_reads_private is None else privacy.subagent_reads_private
        ),
    )
    return dataclasses.replace(config, privacy=filled)
