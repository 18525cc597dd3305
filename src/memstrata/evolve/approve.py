"""``memstrata approve REPLY``: apply the chosen proposals (note 004's approval step).

Understands 确认 / yes / ok (what the cards a person saw proposed), 全部 / all (every open
proposal, also those still waiting for their card), 跳过 / skip (nothing, kept for later; "跳过
2" / "skip 2": that one),
不要 / 拒绝 / no / reject [N] (turned down: the candidates are dropped) and
selections like ``1,3``, ``1，3``, ``1 3`` or ``1、3``. Each chosen proposal is written through
the safe writer (next P-number, pattern + index line, or a USER.md / MEMORY.md bullet with the
line-index header refreshed), its candidate is marked 已晋升 with the location, and the change
is logged. Skipped proposals stay: the candidate remains in the pool. Approvals run under the
evolve lock and re-check the candidate, so two concurrent approvals never apply one twice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from memstrata.core.evolution_log import log_evolution
from memstrata.core.permissions import check_operation
from memstrata.core.writer import Writer
from memstrata.entries.remember import write_bullet, write_pattern, write_principle
from memstrata.errors import MemstrataError
from memstrata.evolve.history import update_evolution_summary
from memstrata.evolve.maintenance import apply_maintenance
from memstrata.evolve.pool import drop as drop_candidate
from memstrata.evolve.pool import mark_promoted, observing
from memstrata.evolve.preview import CORRECTION_TYPES
from memstrata.evolve.proposals import (
    Proposal,
    evolve_lock,
    load_state,
    proposals_from_state,
    save_state,
    store_proposals,
)
from memstrata.text.spans import Placed

# "确认" answers the card in front of the user; a proposal that came after it (held back by the
# two-card limit, or made since) was never seen, so only "全部" / "all" or its number takes it.
_SEEN = re.compile(
    r"^\s*(?:确认|好的?|可以|yes|y|ok|confirm|approve)\s*[!！。.]?\s*$", re.IGNORECASE
)
_ALL = re.compile(r"^\s*(?:全部|都要|全部确认|all)\s*[!！。.]?\s*$", re.IGNORECASE)
_NONE = re.compile(
    r"^\s*(?:跳过|取消|算了|以后再说|skip|none|later|cancel)\s*[!！。.]?\s*$", re.IGNORECASE
)
# A no: the proposals are turned down and their candidates dropped (logged), so they never come
# back (review15: "不要" and "no" only skipped, and a card still waited 47 days later). With
# numbers it names which ("拒绝 2", "2 不要", "reject 1,3"); alone, the card's.
_REJECT_WORD = r"(?:拒绝|不要|都不要|不用|丢弃|删掉|reject|drop|no|nope|n)"
_REJECT = re.compile(
    rf"^\s*(?:{_REJECT_WORD}\s*(?P<after>\d+(?:\s*[,，、\s]\s*\d+)*)?"
    rf"|(?P<before>\d+(?:\s*[,，、\s]\s*\d+)*)\s*{_REJECT_WORD})\s*[!！。.]?\s*$",
    re.IGNORECASE,
)
# A skip that names which ("跳过 2", "2 先不", "skip 1,3": review16, not understood): those are
# kept for later with their skip day; the card's others are left as they were.
_SKIP_WORD = r"(?:跳过|先跳过|先不|先放着|以后再说|skip|later)"
_SKIP_NAMED = re.compile(
    rf"^\s*(?:{_SKIP_WORD}\s*(?P<after>\d+(?:\s*[,，、\s]\s*\d+)*)"
    rf"|(?P<before>\d+(?:\s*[,，、\s]\s*\d+)*)\s*{_SKIP_WORD})\s*[!！。.]?\s*$",
    re.IGNORECASE,
)
_NUMBERS = re.compile(r"^\s*\d+(?:\s*[,，、\s]\s*\d+)*\s*$")


@dataclass
class ApproveResult:
    understood: str
    applied: list[dict] = field(default_factory=list)
    skipped: list[int] = field(default_factory=list)
    # proposals that could not be applied ({"number", "error"}): they stay open, the others
    # are applied all the same
    failed: list[dict] = field(default_factory=list)
    # the reply named no open proposal or was not understood: nothing was done
    refused: bool = False
    # of the skipped, those no card a person saw has shown yet (they wait for their card)
    unseen: list[int] = field(default_factory=list)
    # turned down: off the proposals, their candidates dropped
    rejected: list[int] = field(default_factory=list)


def parse_reply(
    reply: str, open_numbers: list[int], shown: list[int] | None = None
) -> tuple[list[int] | None, str]:
    """Chosen proposal numbers (None when the reply is not understood) and what we understood.
    ``open_numbers``: the numbers the open proposals were shown with (after a partial approval
    the others keep theirs, so "2" sent again finds nothing instead of the next proposal);
    ``shown``: those that were on a card a person saw (default: all of them)."""
    if _ALL.match(reply):
        return list(open_numbers), "全部 / all"
    if _SEEN.match(reply):
        seen = list(open_numbers) if shown is None else [n for n in open_numbers if n in shown]
        if seen:
            return seen, "确认卡片上的 / the card's: " + ", ".join(map(str, seen))
        left = ", ".join(map(str, open_numbers))
        return None, (
            f"卡片上没有待答的提议（待定：{left}，还没给你看过或已跳过）：先 memstrata proposals，"
            f"再回复编号或“全部” / no proposal on a card waits for an answer (open: {left}, not "
            "shown yet or skipped): run memstrata proposals, then reply with their numbers or 'all'"
        )
    if _NONE.match(reply):
        return [], "跳过 / skip"
    if _NUMBERS.match(reply):
        return _numbered(reply, open_numbers, "选择 / chosen: ")
    return None, (
        f"没看懂 “{reply.strip()}”：请回复 确认 / 全部 / 1,3 / 跳过 / 跳过 2 / 不要 2"
        " (all / 1,3 / skip / skip 2 / reject 2)"
    )


def parse_rejection(
    reply: str, open_numbers: list[int], shown: list[int] | None = None
) -> tuple[list[int] | None, str] | None:
    """None when ``reply`` is no "no"; else the proposals it turns down (None: names one that is
    not open) and what was understood. A bare no turns down the card's proposals."""
    found = _REJECT.match(reply)
    if found is None:
        return None
    named = found.group("after") or found.group("before")
    if named is None:
        seen = list(open_numbers) if shown is None else [n for n in open_numbers if n in shown]
        if not seen:  # as for 确认: no card showed them, so a bare no names none of them
            left = ", ".join(map(str, open_numbers))
            return None, (
                f"卡片上没有待答的提议（待定：{left}，还没给你看过或已跳过）：先 memstrata proposals，"
                f"再回复“不要 编号” / no proposal on a card waits for an answer (open: {left}, "
                "not shown yet or skipped): run memstrata proposals, then reply 'reject N'"
            )
        return seen, "拒绝卡片上的 / rejected the card's: " + ", ".join(map(str, seen))
    return _numbered(named, open_numbers, "拒绝 / rejected: ")


def parse_skip(reply: str, open_numbers: list[int]) -> tuple[list[int] | None, str] | None:
    """None when ``reply`` is no skip that names numbers; else the proposals it skips (None:
    names one that is not open) and what was understood."""
    found = _SKIP_NAMED.match(reply)
    if found is None:
        return None
    return _numbered(
        found.group("after") or found.group("before"), open_numbers, "跳过 / skipped: "
    )


def _numbered(said: str, open_numbers: list[int], what: str) -> tuple[list[int] | None, str]:
    """The proposal numbers ``said`` names (None when one is not open), and what was understood."""
    numbers = sorted({int(n) for n in re.findall(r"\d+", said)})
    bad = [n for n in numbers if n not in open_numbers]
    if bad:
        left = ", ".join(map(str, open_numbers))
        return None, f"编号 {bad} 不存在（待定：{left}）/ no open proposal {bad} (open: {left})"
    return numbers, what + ", ".join(map(str, numbers))


def _apply(writer: Writer, proposal: Proposal) -> Placed:
    ws = writer.ws
    origin = f"候选池{proposal.cid}" if ws.lang == "zh" else f"candidate {proposal.cid}"
    if proposal.target == "principles":
        return write_principle(writer, proposal.summary, origin)
    if proposal.target == "patterns":
        return write_pattern(writer, proposal.summary, origin)
    wanted = "user" if proposal.target == "user" else "long_term"
    return write_bullet(
        writer,
        proposal.target,
        proposal.summary,
        wanted,
        origin,
        correction=proposal.kind in CORRECTION_TYPES,
    )


def _approve_one(writer: Writer, proposal: Proposal) -> dict:
    if proposal.maintenance:
        return {"number": proposal.number, "cid": "", **apply_maintenance(writer, proposal)}
    placed = _apply(writer, proposal)
    location = placed.span.location()
    mark_promoted(writer, proposal.cid, location)
    log_evolution(writer, proposal.source, location, proposal.summary)
    return {
        "number": proposal.number,
        "cid": proposal.cid,
        "role": placed.role,
        "cite": placed.cite,
        "entry_id": placed.entry_id,
    }


def approve(writer: Writer, reply: str) -> ApproveResult:
    check_operation("approve", writer.session)
    ws = writer.ws
    # All chosen proposals, their candidates' moves and the log change together: an approval
    # killed half-way never writes a principle twice or loses the 已晋升 mark.
    with evolve_lock(ws), writer.transaction():
        state = load_state(ws)
        proposals = proposals_from_state(state)
        if not proposals:
            raise MemstrataError("no open proposals; run 'memstrata heartbeat' first")
        numbers = [p.number for p in proposals]
        # "确认" / a bare "不要" answer the card's proposals a person has not skipped: after
        # "跳过 2", "确认" takes the others only (review17: it applied #2 as well)
        shown = [p.number for p in proposals if p.shown and not p.skipped_on]
        # a no, then a skip that names numbers: each answers the proposals it names
        for said, act in (
            (parse_rejection(reply, numbers, shown), reject_chosen),
            (parse_skip(reply, numbers), mark_skipped),
        ):
            if said is not None:
                named, understood = said
                result = ApproveResult(understood, refused=named is None)
                if named:
                    act(writer, state, named, result)
                    save_state(ws, state)
                return result
        chosen, understood = parse_reply(reply, numbers, shown)
        result = ApproveResult(understood)
        if chosen is None:
            result.refused = True
            return result
        apply_chosen(writer, state, chosen, result)
        save_state(ws, state)
        return result


def apply_chosen(writer: Writer, state: dict, chosen: list[int], result: ApproveResult) -> None:
    """Write the open proposals of ``state`` numbered in ``chosen`` into ``result`` and keep
    the others open in ``state``. The caller holds the evolve lock: ``approve``, and a
    heartbeat whose caller writes its findings at once (note 000's "不对…", "反思一下"), each
    having checked that the session may approve."""
    open_ids = {c.cid for c in observing(writer)}
    remaining = []
    with writer.transaction() as txn:
        for proposal in proposals_from_state(state):
            if proposal.number not in chosen:
                result.skipped.append(proposal.number)
                if not proposal.shown:
                    result.unseen.append(proposal.number)
                else:  # left on a card the person answered: kept for later, not for ever
                    proposal.skipped_on = proposal.skipped_on or writer.ws.today().isoformat()
                remaining.append(proposal)
                continue
            if not proposal.maintenance and proposal.cid not in open_ids:
                continue  # applied meanwhile by another approval
            try:
                # One proposal that cannot be written (a bad name, a file that no longer
                # parses) is reported and stays open; it never blocks the others.
                with txn.savepoint():
                    result.applied.append(_approve_one(writer, proposal))
            except (MemstrataError, OSError) as exc:
                message = str(exc) if isinstance(exc, MemstrataError) else exc.strerror or str(exc)
                result.failed.append({"number": proposal.number, "error": message})
                remaining.append(proposal)
        store_proposals(state, remaining, renumber=False)
        if any(item.get("cid") for item in result.applied):  # a memory was written
            update_evolution_summary(writer)


def mark_skipped(writer: Writer, state: dict, skipped: list[int], result: ApproveResult) -> None:
    """The proposals numbered in ``skipped`` stay open with the day they were skipped (their
    expiry clock, pool policy; skipped again, the clock starts again: review17); nothing is
    written. The caller holds the evolve lock."""
    today = writer.ws.today().isoformat()
    proposals = proposals_from_state(state)
    for proposal in proposals:
        if proposal.number in skipped:
            proposal.skipped_on = today
            result.skipped.append(proposal.number)
    store_proposals(state, proposals, renumber=False)


def reject_chosen(writer: Writer, state: dict, rejected: list[int], result: ApproveResult) -> None:
    """Take the proposals numbered in ``rejected`` off ``state`` and drop their candidates
    (logged in EVOLUTION_LOG.md). The others stay open; those on a card the person saw count
    as skipped, as when "1" chooses one of two (review16: "不要 1" left #2 unanswered while "1"
    skipped it). The caller holds the evolve lock."""
    open_ids = {c.cid for c in observing(writer)}
    reason = "用户拒绝" if writer.ws.lang == "zh" else "rejected by the user"
    today = writer.ws.today().isoformat()
    remaining = []
    for proposal in proposals_from_state(state):
        if proposal.number not in rejected:
            if proposal.shown:
                proposal.skipped_on = proposal.skipped_on or today
                result.skipped.append(proposal.number)
            remaining.append(proposal)
            continue
        if proposal.cid and proposal.cid in open_ids:
            drop_candidate(writer, proposal.cid, reason)
        result.rejected.append(proposal.number)
    store_proposals(state, remaining, renumber=False)


def promote_now(writer: Writer, cid: str) -> dict:
    """Explicit one-shot promotion of a candidate: the user's own decision, written at once."""
    from memstrata.evolve.proposals import as_proposals

    check_operation("candidates.promote", writer.session)
    with evolve_lock(writer.ws), writer.transaction():
        candidate = next((c for c in observing(writer) if c.cid == cid), None)
        if candidate is None:
            raise MemstrataError(f"no observing candidate {cid}", writer.ws.role_path("candidates"))
        proposal = as_proposals(writer.ws, [candidate], {cid})[0]
        placed = _apply(writer, proposal)
        location = placed.span.location()
        mark_promoted(writer, cid, location)
        log_evolution(writer, proposal.source, location, proposal.summary)
        update_evolution_summary(writer)
        return {"cid": cid, "role": placed.role, "cite": placed.cite, "entry_id": placed.entry_id}
