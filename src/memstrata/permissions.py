"""Session kinds and who may read or write which role (DESIGN.md section 3).

``main`` is the owner's direct chat and sees everything. ``shared`` (a group chat, another
person present) never sees the private roles. ``subagent`` reads like ``shared`` and writes only
its own tagged daily-log sections, lessons and candidate observations. Identity files are never
written by the engine at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from memstrata.config import SESSION_KINDS, Config
from memstrata.errors import MemstrataError, PermissionDenied
from memstrata.formats.tags import check_agent

READ_ONLY_ROLES = frozenset({"identity", "agents_rules", "rules"})
SUBAGENT_WRITABLE = frozenset({"daily", "lessons", "pending", "citations"})
# The engine's own audit trail: hidden from shared sessions, but every session's writes log there.
ENGINE_LOGS = frozenset({"evolution_log"})


@dataclass(frozen=True)
class Session:
    """Who is acting: the session kind and, in teams and subagents, the agent's name."""

    kind: str = "main"
    agent: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in SESSION_KINDS:
            raise MemstrataError(
                f"unknown session kind {self.kind!r}; use {', '.join(SESSION_KINDS)}"
            )
        if self.agent is not None:
            check_agent(self.agent)


def hidden_roles(config: Config, session: Session) -> frozenset[str]:
    """Roles this session may not see in search, get or context."""
    if session.kind == "main":
        return frozenset()
    if session.kind == "subagent" and config.subagent_reads_private:
        return frozenset()
    return frozenset(config.shared_hidden)


def can_read(config: Config, session: Session, role: str | None) -> bool:
    return role not in hidden_roles(config, session)


def check_write(config: Config, session: Session, role: str | None, rel_path: str) -> None:
    """Raise :class:`PermissionDenied` unless ``session`` may write ``rel_path`` (of ``role``)."""
    if role in READ_ONLY_ROLES:
        raise PermissionDenied(f"{role} files are read-only for memstrata", rel_path)
    if role in ENGINE_LOGS:
        return
    if session.kind == "shared" and role in config.shared_hidden:
        raise PermissionDenied(f"a shared session cannot write the private role '{role}'", rel_path)
    if session.kind == "subagent":
        if role not in SUBAGENT_WRITABLE:
            raise PermissionDenied(
                f"a subagent may write only daily logs, lessons and candidate observations, not '{role}'",
                rel_path,
            )
        if session.agent is None:
            raise PermissionDenied("a subagent session must name its agent (--agent)", rel_path)
