"""What the review page adds to the evolution card: skip one card, edit one before approving,
and the line a proposal would land on. Approving itself is ``evolve.approve.approve``, the
function ``memstrata approve`` calls, so the page changes the files exactly as the CLI does.
"""

from __future__ import annotations

from dataclasses import dataclass

from memstrata.core.permissions import check_operation
from memstrata.core.writer import Writer
from memstrata.errors import MemstrataError
from memstrata.evolve.approve import _apply  # the one place that writes a proposal
from memstrata.evolve.proposals import (
    Proposal,
    evolve_lock,
    load_state,
    proposal_key,
    proposals_from_state,
    save_state,
    store_proposals,
)
from memstrata.text.normalize import one_line


@dataclass
class Landing:
    """Where approving a proposal would write, computed by doing it and rolling it back."""

    path: str
    line: int


class _Rollback(Exception):
    def __init__(self, landing: Landing):
        self.landing = landing


def open_proposals(writer: Writer) -> list[Proposal]:
    check_operation("proposals", writer.session)
    return proposals_from_state(load_state(writer.ws))


def landing(writer: Writer, proposal: Proposal) -> Landing | None:
    """The file and line ``proposal`` would land on now (nothing is written)."""
    if proposal.maintenance:
        return None
    try:
        with writer.transaction():
            placed = _apply(writer, proposal)
            raise _Rollback(Landing(placed.span.path, placed.span.start))
    except _Rollback as done:
        return done.landing
    except MemstrataError:
        return None


def _open(proposals: list[Proposal], number: int, key: str | None) -> Proposal:
    """The open proposal ``number``, when it is still the one a page showed as ``key``
    (numbers are reused once nothing is open: a stale page must not reach a new proposal)."""
    found = next((p for p in proposals if p.number == number), None)
    if found is None:
        left = ", ".join(str(p.number) for p in proposals) or "none"
        raise MemstrataError(f"no open proposal {number} (open: {left})")
    if key is not None and proposal_key(found) != key:
        raise MemstrataError(
            f"proposal {number} is another one since this page was drawn: reload and decide again"
        )
    return found


def expect(writer: Writer, number: int, key: str | None) -> None:
    """Refuse when proposal ``number`` is no longer the one shown as ``key``."""
    _open(open_proposals(writer), number, key)


def _change(writer: Writer, number: int, edit: str | None, key: str | None = None) -> Proposal:
    check_operation("approve", writer.session)
    with evolve_lock(writer.ws):
        state = load_state(writer.ws)
        proposals = proposals_from_state(state)
        found = _open(proposals, number, key)
        if edit is None:
            proposals.remove(found)  # skipped: its candidate stays in the pool
        elif not found.editable:
            raise MemstrataError(
                f"proposal {number} ({found.kind}) cannot be edited: approving it writes what "
                "it drafted, not its summary; skip it and propose it again instead"
            )
        else:
            text = one_line(writer.clean(edit)).strip()
            if not text:
                raise MemstrataError("the edited text is empty")
            found.summary = text
        # the others keep the numbers they are shown with (as after ``approve``)
        store_proposals(state, proposals, renumber=False)
        save_state(writer.ws, state)
        return found


def skip_proposal(writer: Writer, number: int, key: str | None = None) -> Proposal:
    """Take one card off the open proposals; no file changes and the candidate stays in the
    pool (as ``approve 跳过`` leaves it), so the next heartbeat may propose it again.
    ``key``: the proposal the page showed (see ``_open``)."""
    return _change(writer, number, None, key)


def edit_proposal(writer: Writer, number: int, text: str, key: str | None = None) -> Proposal:
    """Replace one open proposal's text (approve it afterwards with ``approve N``)."""
    return _change(writer, number, text, key)
