"""Who may do what: session kinds, private roles and the one operation table (design §3, §7b).

``main`` is the owner's direct chat and may do everything. ``shared`` (a group chat, another
person present) never sees a private role. ``subagent`` reads like ``shared`` and writes only
its own tagged daily-log sections, lessons, project updates and candidate observations.
Identity and rule files are never written by the engine at all.

Two checks, one table each:

* :data:`OPERATIONS` says which session kinds may run each operation. Every CLI command and
  every MCP tool names its operation, so both adapters apply the same rule; a generated matrix
  test runs every command and tool against every session kind.
* Role rules (:func:`check_write`, :func:`hidden_roles`) decide, inside an allowed operation,
  which files a session may read or write.
"""

from __future__ import annotations

from dataclasses import dataclass

from memstrata.core.config import SESSION_KINDS, Config, SessionKind
from memstrata.errors import MemstrataError, PermissionDenied
from memstrata.formats.tags import check_agent

READ_ONLY_ROLES = frozenset({"identity", "agents_rules", "rules"})
# Engine bookkeeping that only the owner sees, whatever a preset says: the learning loop's raw
# material (what the user said, what the engine is considering) and archives of private roles.
# The citation log too: its records name private entries (MEMORY.md:L14, C003) and carry the
# context a repeat was seen in, and its only readers (stats, cleanup, the statistics page) are
# owner-only already (design §3 gives it no session, like pending).
ALWAYS_PRIVATE = frozenset(
    {"candidates", "pending", "citations", "reports", "private_archive", "linked"}
)
SUBAGENT_WRITABLE = frozenset({"daily", "lessons", "projects", "tasks", "pending", "citations"})
# Read-only roles a main session may still change through an approved proposal: note 001's
# rules (Tier 1: 人工审核) arrive as proposals and are written only when the owner approves.
APPROVAL_WRITABLE = frozenset({"rules"})
# Written by every session's actions (the audit trail, the queues), read only by the owner.
ENGINE_WRITTEN = frozenset({"evolution_log", "pending", "citations"})

ALL: frozenset[SessionKind] = frozenset(("main", "shared", "subagent"))
OWNER: frozenset[SessionKind] = frozenset(("main",))


@dataclass(frozen=True)
class Session:
    """Who is acting: the session kind and, in teams and subagents, the agent's name."""

    kind: SessionKind = "main"
    agent: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in SESSION_KINDS:
            raise MemstrataError(
                f"unknown session kind {self.kind!r}; use {', '.join(SESSION_KINDS)}"
            )
        if self.agent is not None:
            check_agent(self.agent)


# operation -> session kinds allowed to run it. Reads that filter by role (search, get,
# context...) are open to all kinds; anything that shows or changes the learning loop's private
# state, or the whole workspace's health, is the owner's.
OPERATIONS: dict[str, frozenset[SessionKind]] = {
    # reading memory (role-filtered)
    "search": ALL,
    "get": ALL,
    "context": ALL,
    "warnings": ALL,
    "principles": ALL,
    "patterns": ALL,
    "status": ALL,
    "skill.list": ALL,
    # writing records (role-checked)
    "remember": ALL,
    "log": ALL,
    "lesson": ALL,
    "project": ALL,
    "infra": ALL,
    "task": ALL,
    # proposing changes the owner approves later (note 001: Tier 1 rules, Tier 2 knowledge)
    "rule": ALL,
    "knowledge": ALL,
    "signal": ALL,
    "cite": ALL,
    "compact": ALL,
    # launchers whose session is the identity they serve, and the self-contained demo
    "mcp": ALL,
    "demo": ALL,
    # the learning loop's private state and the owner's decisions
    "candidates.list": OWNER,
    "candidates.promote": OWNER,
    "candidates.drop": OWNER,
    "proposals": OWNER,
    "heartbeat": OWNER,
    "approve": OWNER,
    "stats": OWNER,
    "cleanup": OWNER,
    "consolidate": OWNER,
    "summary": OWNER,
    "skill.add": OWNER,
    "skill.draft": OWNER,
    "skill.approve": OWNER,
    # the whole workspace
    "doctor": OWNER,
    "handoff": OWNER,
    "index": OWNER,
    "watch": OWNER,
    "init": OWNER,
    "install": OWNER,
    "serve": OWNER,
    "token": OWNER,
    "export": OWNER,
    "import": OWNER,
    "sync": OWNER,
}


def check_operation(operation: str, session: Session) -> None:
    """Raise :class:`PermissionDenied` unless ``session`` may run ``operation``."""
    allowed = OPERATIONS.get(operation)
    if allowed is None:
        raise MemstrataError(f"unknown operation {operation!r}")
    if session.kind not in allowed:
        raise PermissionDenied(
            f"'{operation}' is for the owner's main session only, not a {session.kind} session"
        )


def private_roles(config: Config) -> frozenset[str]:
    """The roles only a main session may see: the preset's choice plus the engine's own."""
    return frozenset(config.privacy.roles) | ALWAYS_PRIVATE


def hidden_roles(config: Config, session: Session) -> frozenset[str]:
    """Roles this session may not see in search, get, context or any report."""
    if session.kind == "main":
        return frozenset()
    if session.kind == "subagent" and config.privacy.subagents_read:
        return ALWAYS_PRIVATE
    return private_roles(config)


def can_read(config: Config, session: Session, *roles: str | None) -> bool:
    """Whether every role a file has (its name's and its real target's) is visible."""
    hidden = hidden_roles(config, session)
    return not any(role in hidden for role in roles)


def check_write(
    config: Config, session: Session, role: str | None, rel_path: str, approved: bool = False
) -> None:
    """Raise :class:`PermissionDenied` unless ``session`` may write ``rel_path`` (of ``role``).

    ``approved``: the write carries out a proposal the owner approved (rules, note 001).
    """
    if role in READ_ONLY_ROLES:
        if approved and role in APPROVAL_WRITABLE and session.kind == "main":
            return
        raise PermissionDenied(f"{role} files are read-only for memstrata", rel_path)
    if role in ENGINE_WRITTEN:
        if session.kind == "subagent" and session.agent is None:
            raise PermissionDenied("a subagent session must name its agent (--agent)", rel_path)
        return
    if session.kind == "shared" and role in private_roles(config):
        raise PermissionDenied(f"a shared session cannot write the private role '{role}'", rel_path)
    if session.kind == "subagent":
        if role not in SUBAGENT_WRITABLE:
            raise PermissionDenied(
                "a subagent may write only daily logs, lessons, project and task updates and "
                f"candidate observations, not '{role}'",
                rel_path,
            )
        if session.agent is None:
            raise PermissionDenied("a subagent session must name its agent (--agent)", rel_path)
