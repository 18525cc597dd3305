"""``memstrata approve REPLY``: apply the chosen proposals (note 004's approval step).

Reads the answer with ``evolve.answer`` (确认 / yes, 全部 / all, 跳过 / skip, 不要 / reject,
numbers, and compounds such as "确认 1，跳过 2" or "1 ok, rest later") and carries it out.
Each chosen proposal is written through
the safe writer (next P-number, pattern + index line, or a USER.md / MEMORY.md bullet with the
line-index header refreshed), its candidate is marked 已晋升 with the location, and the change
is logged. Skipped proposals stay: the candidate remains in the pool. Approvals run under the
evolve lock and re-check the candidate, so two concurrent approvals never apply one twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from memstrata.core.evolution_log import log_evolution
from memstrata.core.permissions import check_operation
from memstrata.core.writer import Writer
from memstrata.entries.remember import write_bullet, write_pattern, write_principle
from memstrata.errors import MemstrataError
from memstrata.evolve.answer import Answer, read_answer
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
        # "确认" / a bare "不要" answer the card's proposals a person has not skipped: after
        # "跳过 2", "确认" takes the others only (review17: it applied #2 as well)
        shown = [p.number for p in proposals if p.shown and not p.skipped_on]
        answer = read_answer(reply, [p.number for p in proposals], shown)
        result = ApproveResult(answer.understood, refused=answer.refused)
        if not answer.refused:
            settle(writer, state, answer, result)
            save_state(ws, state)
        return result


def apply_chosen(writer: Writer, state: dict, chosen: list[int], result: ApproveResult) -> None:
    """Write the open proposals of ``state`` numbered in ``chosen``; the others stay open (those
    a person saw count as answered). For a heartbeat whose caller writes its findings at once
    (note 000's "不对…", "反思一下"), having checked that the session may approve."""
    settle(writer, state, Answer(approve=chosen), result)


def settle(writer: Writer, state: dict, answer: Answer, result: ApproveResult) -> None:
    """Carry out ``answer`` on the open proposals of ``state``: turn down its rejected ones
    (their candidates dropped, logged in EVOLUTION_LOG.md), write its approved ones through the
    safe writer, keep its skipped ones with today as their skip day (skipped again, the clock
    starts again: review17). The ones it does not name stay open; when ``others_skipped``,
    those a person saw count as skipped (their 30-day clock starts, pool policy), as when "1"
    chooses one of two (review16). The caller holds the evolve lock."""
    open_ids = {c.cid for c in observing(writer)}
    reason = "用户拒绝" if writer.ws.lang == "zh" else "rejected by the user"
    today = writer.ws.today().isoformat()
    remaining = []
    with writer.transaction() as txn:
        for proposal in proposals_from_state(state):
            number = proposal.number
            if number in answer.reject:
                if proposal.cid and proposal.cid in open_ids:
                    drop_candidate(writer, proposal.cid, reason)
                result.rejected.append(number)
                continue
            if number in answer.skip:
                proposal.skipped_on = today
                result.skipped.append(number)
            elif number not in answer.approve:
                if answer.others_skipped:
                    result.skipped.append(number)
                    if not proposal.shown:
                        result.unseen.append(number)
                    else:  # left on a card the person answered: kept for later, not for ever
                        proposal.skipped_on = proposal.skipped_on or today
            elif proposal.maintenance or proposal.cid in open_ids:
                try:
                    # One proposal that cannot be written (a bad name, a file that no longer
                    # parses) is reported and stays open; it never blocks the others.
                    with txn.savepoint():
                        result.applied.append(_approve_one(writer, proposal))
                    continue
                except (MemstrataError, OSError) as exc:
                    message = (
                        str(exc) if isinstance(exc, MemstrataError) else exc.strerror or str(exc)
                    )
                    result.failed.append({"number": number, "error": message})
            else:
                continue  # applied meanwhile by another approval
            remaining.append(proposal)
        store_proposals(state, remaining, renumber=False)
        if any(item.get("cid") for item in result.applied):  # a memory was written
            update_evolution_summary(writer)


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
