"""Output schemas of the MCP tools: clients get structured content that validates against them
(Draft 2020-12), next to the same JSON as text. The shapes are the presenters' shapes. Also the
``request_id`` argument every write tool shares (adapters/mcp/server.py ``Tools.write``)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field
from typing_extensions import NotRequired, TypedDict

# The idempotency key every write tool takes (docs/design.md §10, "Retries").
RequestId = Annotated[
    str | None,
    Field(
        description="Optional idempotency key: a fresh id (e.g. a UUID) per write, sent again "
        "unchanged when you retry that write (after a timeout or a lost connection, to any "
        "replica). A retry of a write that was applied returns the first answer and writes "
        "nothing again; the same id with other arguments (or another tool) is refused. Ids are "
        "per caller (per token), stored only as a hash; no control characters.",
        min_length=1,
        max_length=200,
    ),
]


class Note(TypedDict):
    note: NotRequired[str]  # a sentence when there is nothing else to say (empty results)


class SearchHit(TypedDict):
    path: str
    start_line: int
    end_line: int
    score: float
    snippet: str
    role: str
    entry_id: str
    date: str
    cite: str
    weak: bool  # nothing close in memory: the nearest there is, not an answer
    workspace: NotRequired[str]


class SearchOut(Note):
    query: str
    mode: str
    degraded: bool
    results: list[SearchHit]
    warnings: list[str]
    pending_embeddings: int


class GetOut(TypedDict):
    path: str
    start_line: int
    end_line: int
    role: str | None
    entry_id: str | None
    cite: str
    text: str


class PlacedOut(TypedDict):
    path: str
    start_line: int
    end_line: int
    role: str | None
    entry_id: str | None
    title: str
    cite: str
    warnings: NotRequired[list[str]]  # e.g. the file is now over its line limit (count given)
    seen_again: NotRequired[bool]  # remember: memory already held it, nothing was written


class SignalItem(TypedDict):
    kind: str
    brief: str
    detail: str
    evidence: str
    promote_now: bool


class SignalOut(Note):
    signals: list[SignalItem]
    written: list[dict[str, Any]]
    warnings: list[str]
    action: NotRequired[str]
    card: NotRequired[str]
    question: NotRequired[str]


class CandidateItem(TypedDict):
    cid: str
    kind: str
    summary: str
    first_seen: str
    last_seen: str
    count: int
    threshold: int
    line: int
    promotable: bool


class CandidatesOut(Note):
    action: str
    candidates: list[CandidateItem]
    promoted: NotRequired[dict[str, Any]]


class ProposalItem(TypedDict):
    number: int
    cid: str
    kind: str
    summary: str
    target: str
    level: str
    reason: str
    source: str
    first_seen: str
    count: int
    payload: dict[str, Any]
    expected: NotRequired[str]


class SkillDraftItem(TypedDict):
    name: str
    path: str
    approve: str  # the command that approves it


class ProposalsOut(Note):
    proposals: list[ProposalItem]
    # note 004's auto-skill drafts: SKILL.md files waiting for `skill approve`
    skill_drafts: list[SkillDraftItem]


class EvolveOut(TypedDict):
    ran: bool
    reason: str
    report: str
    card: str
    proposals: list[ProposalItem]


class ApproveOut(TypedDict):
    understood: str
    applied: list[dict[str, Any]]
    skipped: list[int]
    failed: list[dict[str, Any]]


class ContextOut(TypedDict):
    text: str
    tokens: int
    budget: int
    included: dict[str, int]
    omitted: list[dict[str, Any]]


class WarningItem(TypedDict):
    source: str
    kind: str
    text: str
    cite: str
    score: float


class WarningsOut(Note):
    warnings: list[WarningItem]


class CiteOut(TypedDict):
    entry: NotRequired[str]
    cite: NotRequired[str]
    source: NotRequired[str]
    action: NotRequired[str]
    context: NotRequired[str]
    ts: NotRequired[str]
    flushed: NotRequired[int]


class FindingItem(TypedDict):
    check: str
    severity: str
    message: str
    where: str


class HealthOut(TypedDict):
    healthy: bool
    findings: list[FindingItem]
    fixed: list[str]
