"""Presets: how each design note lays out its files, expressed as roles -> paths.

Services never hard-code a path; they ask a :class:`Layout` for a role. Each preset reproduces
one design note's layout exactly, so an existing workspace in that style is adopted in place.
Engine bookkeeping roles (candidates, evolution log, pending queue, citations) get a default
location in every preset and are created only when first written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from memstrata.core.config import DEFAULT_PRIVATE_ROLES

PRESETS = ("default", "openclaw", "self-evolution", "three-tier", "five-tier", "memory-manager")
PATTERN_DOMAINS = ("config", "skills", "multi-agent", "debug", "research", "general", "other")
DAILY_NAME = re.compile(r"^(\d{4}-\d{2}-\d{2})\.md$")


@dataclass(frozen=True)
class RoleSpec:
    """Where a role lives. ``kind``: ``file`` (fixed files), ``dir`` (every .md in a folder),
    ``daily`` (YYYY-MM-DD.md files in a folder)."""

    name: str
    paths: tuple[str, ...]
    kind: str = "file"
    limit: int | None = None
    init: bool = True  # created by ``init``; otherwise created on first write
    # The note writes "< 50 行" (note 002): 50 lines are already over. Otherwise the limit is
    # the most allowed (note 004: 不超过 200 行).
    below: bool = False

    @property
    def path(self) -> str:
        return self.paths[0]

    def over(self, used: int) -> bool:
        """Whether ``used`` lines (or entries) break this role's limit."""
        if self.limit is None:
            return False
        return used >= self.limit if self.below else used > self.limit

    @property
    def limit_text(self) -> str:
        """The limit as the note writes it: ``< 50`` or ``200``."""
        return f"< {self.limit}" if self.below else str(self.limit)


@dataclass(frozen=True)
class Layout:
    """The roles of one preset plus the extra files ``init`` creates (manuals, configs)."""

    preset: str
    roles: dict[str, RoleSpec]
    extra_files: tuple[str, ...] = ()
    extra_dirs: tuple[str, ...] = ()
    language_files: dict[str, str] = field(default_factory=dict)
    # How a day's log looks: "sections" (note 002: ``## [agent] 标题`` + ``**时间**``) or
    # "archive" (note 001: ``# YYYY-MM-DD 记忆存档`` with 今日完成 / 待办 / 重要发现).
    daily_style: str = "sections"
    # Note 002 closes every daily log with ``---`` and ``_最后更新: … GMT+8_``.
    daily_footer: bool = False

    def get(self, role: str) -> RoleSpec | None:
        return self.roles.get(role)

    def with_overrides(self, limits: dict[str, int], paths: dict[str, str]) -> Layout:
        """Apply ``memstrata.toml`` [limits] and [paths] to this preset."""
        roles = dict(self.roles)
        for name, limit in limits.items():
            if name in roles:
                roles[name] = replace(roles[name], limit=limit)
        for name, path in paths.items():
            base = roles.get(name, RoleSpec(name, (path,)))
            roles[name] = replace(base, paths=(path,))
        return replace(self, roles=roles)

    def in_global(self, roles: tuple[str, ...], prefix: str) -> Layout:
        """The roles named in ``[global] roles`` moved under the global root (``prefix``)."""
        moved = dict(self.roles)
        for name in roles:
            spec = moved[name]
            moved[name] = replace(spec, paths=tuple(f"{prefix}{p}" for p in spec.paths))
        return replace(self, roles=moved)

    def check_paths(self, fail: Callable[[str, str, str], Exception]) -> None:
        """Refuse ``[paths]`` that point a writable role at an identity or rule file, or two
        roles at one file: memstrata would then write where it must never write."""
        read_only = ("identity", "agents_rules", "rules")
        protected = {
            path: spec.name
            for spec in self.roles.values()
            if spec.name in read_only
            for path in spec.paths
        }
        folders = {
            spec.path: spec.name
            for spec in self.roles.values()
            if spec.name in read_only and spec.kind != "file"
        }
        owners: dict[str, str] = {}
        for spec in self.roles.values():
            for path in spec.paths:
                clean = Path(path).as_posix()
                inside = next((n for f, n in folders.items() if clean.startswith(f"{f}/")), None)
                if spec.name not in read_only and (clean in protected or inside):
                    raise fail(
                        "paths",
                        spec.name,
                        f"= {path!r} is the {protected.get(clean) or inside} file, which "
                        "memstrata never writes",
                    )
                if Path(path).is_absolute() or ".." in Path(path).parts or path.startswith("~"):
                    raise fail(
                        "paths",
                        spec.name,
                        f"= {path!r} must stay inside the workspace (to share a file between "
                        "projects, set [global] root and list the role in [global] roles)",
                    )
                if spec.kind == "file" and clean in owners and owners[clean] != spec.name:
                    raise fail(
                        "paths", spec.name, f"= {path!r} is already the {owners[clean]} file"
                    )
                owners.setdefault(clean, spec.name)


def _r(
    name: str,
    *paths: str,
    kind: str = "file",
    limit: int | None = None,
    init: bool = True,
    below: bool = False,
) -> RoleSpec:
    return RoleSpec(name, tuple(paths), kind, limit, init, below)


def _engine_roles(base: str) -> list[RoleSpec]:
    """Bookkeeping roles every preset has, created lazily under ``base``."""
    prefix = f"{base}/" if base else ""
    return [
        _r("candidates", f"{prefix}CANDIDATES.md", limit=30, init=False),
        _r("evolution_log", f"{prefix}EVOLUTION_LOG.md", init=False),
        _r("pending", f"{prefix}pending.jsonl", init=False),
        _r("citations", f"{prefix}stats/citation-log.jsonl", init=False),
        # Reflection reports quote candidates and signals: private, kept apart from the
        # daily log that shared sessions read (the log gets a pointer without content).
        _r("reports", f"{prefix}reports", kind="dir", init=False),
        # Archives of private roles (USER.md, MEMORY.md bullets) inherit their privacy.
        _r("private_archive", f"{prefix}archive/private", kind="dir", init=False),
    ]


def _layout(preset: str, roles: list[RoleSpec], **kwargs: object) -> Layout:
    return Layout(preset, {role.name: role for role in roles}, **kwargs)  # type: ignore[arg-type]


def _default() -> Layout:
    return _layout(
        "default",
        [
            *_engine_roles("memory"),
            _r("identity", "SOUL.md", "IDENTITY.md"),
            _r("agents_rules", "AGENTS.md"),
            _r("user", "USER.md", limit=100),
            _r("long_term", "MEMORY.md", limit=200),
            _r("principles", "memory/principles.md"),
            _r("patterns", "memory/patterns", kind="dir"),
            _r("lessons", "memory/lessons.md"),
            _r("projects", "memory/projects.md", limit=100),
            _r("infra", "memory/infra.md", limit=80),
            _r("daily", "memory", kind="daily", init=False),
            _r("archive", "memory/archive", kind="dir"),
            _r("candidates", "memory/CANDIDATES.md", limit=30),
            _r("evolution_log", "memory/EVOLUTION_LOG.md"),
            _r("pending", "memory/pending.jsonl"),
            _r("citations", "memory/stats/citation-log.jsonl"),
            _r("skills", "memory/skills/INDEX.md"),
        ],
        extra_dirs=("memory/skills/auto-generated",),
    )


def _openclaw() -> Layout:
    # OpenClaw's own indexer (memory-core) reads MEMORY.md, USER.md and everything under
    # memory/ and has no exclusion setting for them, so memstrata's bookkeeping (candidate pool,
    # evolution log, queues) lives in memstrata/ where OpenClaw never looks. Lessons and projects
    # are real memory: they stay under memory/ and are created on first write.
    return _layout(
        "openclaw",
        [
            *_engine_roles("memstrata"),
            _r("identity", "SOUL.md"),
            _r("agents_rules", "AGENTS.md"),
            _r("user", "USER.md", limit=100),
            _r("long_term", "MEMORY.md", limit=200),
            _r("lessons", "memory/lessons.md", init=False),
            _r("projects", "memory/projects.md", limit=100, init=False),
            _r("daily", "memory", kind="daily", init=False),
        ],
        extra_dirs=("memory",),
    )


def _self_evolution() -> Layout:
    return _layout(
        "self-evolution",
        [
            *_engine_roles(""),
            _r("principles", "principles.md"),
            _r("patterns", "patterns", kind="dir"),
            _r("pending", "pending.jsonl"),
            _r("citations", "stats/citation-log.jsonl"),
        ],
        extra_files=("config.yaml",),
    )


def _three_tier() -> Layout:
    return _layout(
        "three-tier",
        [
            *_engine_roles(""),
            _r("manual", "00-MANUAL.md"),
            _r("index", "INDEX.md"),
            _r("identity", "01-identity/identity.md", "01-identity/soul.md"),
            _r("user", "01-identity/user.md", limit=100),
            _r(
                "agents_rules",
                "02-config/agents.md",
                "02-config/tools.md",
                "02-config/heartbeat.md",
                "02-config/memory.md",
            ),
            # every file in 03-rules/ (safety.md ... and rule-*.md): Tier 1, written only on
            # approval of a rule proposal
            _r("rules", "03-rules", kind="dir"),
            _r("knowledge", "04-knowledge", kind="dir"),
            _r("long_term", "04-knowledge/long-term.md", limit=200, init=False),
            # 05-tasks/todo.md and any todo-*.md list (note 001's naming rule).
            _r("tasks", "05-tasks", kind="dir"),
            _r("daily", "daily", kind="daily"),
        ],
        extra_files=(
            "03-rules/safety.md",
            "03-rules/honesty.md",
            "03-rules/security.md",
            "05-tasks/todo.md",
        ),
        daily_style="archive",
    )


def _five_tier() -> Layout:
    return _layout(
        "five-tier",
        [
            *_engine_roles("memory"),
            _r("identity", "SOUL.md"),
            _r("agents_rules", "AGENTS.md"),
            _r("long_term", "MEMORY.md", limit=50, below=True),
            _r("projects", "memory/projects.md", limit=100, below=True),
            _r("infra", "memory/infra.md", limit=80, below=True),
            _r("lessons", "memory/lessons.md"),
            _r("daily", "memory", kind="daily", init=False),
            _r("archive", "memory/logs", kind="dir"),
        ],
        daily_footer=True,
    )


def _memory_manager() -> Layout:
    return _layout(
        "memory-manager",
        [
            *_engine_roles("memory"),
            _r("identity", "SOUL.md", "IDENTITY.md"),
            _r("user", "USER.md", limit=100),
            _r("long_term", "memory/MEMORY.md", limit=200),
            _r("candidates", "memory/CANDIDATES.md", limit=30),
            _r("evolution_log", "memory/EVOLUTION_LOG.md"),
            _r("skills", "memory/skills/INDEX.md"),
            _r("daily", "memory", kind="daily", init=False),
        ],
        extra_dirs=("memory/skills/auto-generated",),
    )


_BUILDERS = {
    "default": _default,
    "openclaw": _openclaw,
    "self-evolution": _self_evolution,
    "three-tier": _three_tier,
    "five-tier": _five_tier,
    "memory-manager": _memory_manager,
}


# Design §7b: what a shared session never sees, as each preset's note says ([privacy] in
# memstrata.toml overrides). Engine bookkeeping (core/permissions.py ALWAYS_PRIVATE) is private
# whatever a preset or the user says.
_BOOKKEEPING = ("candidates", "evolution_log", "pending", "reports", "private_archive")
PRIVACY: dict[str, tuple[str, ...]] = {
    # memstrata's stricter default: the user's profile, curated memory and hosts.
    "default": DEFAULT_PRIVATE_ROLES,
    "self-evolution": DEFAULT_PRIVATE_ROLES,
    "three-tier": DEFAULT_PRIVATE_ROLES,
    # Note 003: USER.md is read in every session; MEMORY.md only in the main session.
    "openclaw": ("long_term", *_BOOKKEEPING),
    # Note 004 adapts OpenClaw's files: USER.md is injected in every session.
    "memory-manager": ("long_term", *_BOOKKEEPING),
    # Note 002: MEMORY.md is main-only in shared contexts; infra stays out of group chats.
    "five-tier": ("long_term", "infra", *_BOOKKEEPING),
}


def default_privacy(preset: str, team: bool) -> tuple[tuple[str, ...], bool]:
    """(private roles, whether subagents read them) when memstrata.toml does not say.

    In a five-tier team workspace the team's agents are subagents, and note 002 has them read
    the team index (MEMORY.md) and infra at every session start; a group chat still does not.
    """
    return PRIVACY.get(preset, DEFAULT_PRIVATE_ROLES), preset == "five-tier" and team


def layout_for(preset: str) -> Layout:
    """The layout of a preset name (validated by the caller)."""
    return _BUILDERS[preset]()


def _has_daily(folder: Path) -> bool:
    return folder.is_dir() and any(DAILY_NAME.match(p.name) for p in folder.iterdir())


def detect_preset(root: Path) -> str | None:
    """Recognise an existing workspace's style from the files it holds, or None."""
    if (root / "01-identity").is_dir() or (
        (root / "00-MANUAL.md").is_file() and (root / "INDEX.md").is_file()
    ):
        return "three-tier"
    if (root / "principles.md").is_file() or (
        (root / "patterns").is_dir() and (root / "pending.jsonl").exists()
    ):
        return "self-evolution"
    if (root / "memory" / "principles.md").is_file() or (root / "memory" / "patterns").is_dir():
        return "default"
    if not (root / "MEMORY.md").is_file() and (
        (root / "memory" / "MEMORY.md").is_file() or (root / "memory" / "CANDIDATES.md").is_file()
    ):
        return "memory-manager"
    if (root / "MEMORY.md").is_file():
        if any(
            (root / "memory" / name).is_file() for name in ("projects.md", "infra.md", "lessons.md")
        ):
            return "five-tier"
        return "openclaw"
    if _has_daily(root / "memory"):
        return "openclaw"
    return None
