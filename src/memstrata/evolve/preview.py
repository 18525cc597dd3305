"""Where an open proposal would be written: the file and line the card promises
("预计写入 USER.md:L12", note 004), worked out by running the write on the current lines
without saving anything."""

from __future__ import annotations

import re

from memstrata.core.writer import Writer
from memstrata.evolve.proposals import Proposal

CORRECTION_TYPES = frozenset({"错误修正", "correction"})


def expected(writer: Writer, proposal: Proposal) -> str:
    """``path:Lnn`` the proposal would land on if approved now ("" when unknown)."""
    ws = writer.ws
    try:
        from memstrata.evolve.curated import CURATED_KINDS, expected_location

        if proposal.kind in CURATED_KINDS and proposal.kind != "lesson-review":
            return expected_location(writer, proposal)
        if proposal.kind == "supersede":
            from memstrata.formats.principles import parse_principles

            path = proposal.payload["path"]
            old = proposal.payload["old"]
            lines = ws.read_lines(path)
            line = next(p.start_line for p in parse_principles(lines, path) if p.pid == old)
            return f"{path}:L{line}"
        if proposal.kind == "slim":
            archive = proposal.payload["archive"]
            lines = ws.read_lines(archive)
            return f"{archive}:L{len(lines) + (1 if lines else 3)}"
        if proposal.target == "principles":
            from memstrata.formats.principles import Principle, add_principle

            path = ws.role_path("principles")
            placed = add_principle(ws.read_lines(path), Principle(0, "x", proposal.summary), path)
            return f"{path}:L{placed[1].start_line}"
        if proposal.target == "patterns":
            from memstrata.entries.remember import pattern_path
            from memstrata.formats.patterns import Pattern, add_pattern

            path = pattern_path(ws, proposal.summary)
            _new, pattern = add_pattern(ws.read_lines(path), Pattern("x", proposal.summary), path)
            return f"{path}:L{pattern.start_line}"
        from memstrata.entries.remember import planned_bullet

        role = proposal.payload.get("role") or (
            "user" if proposal.target == "user" else "long_term"
        )
        if ws.role(role) is None:
            return ""
        path, transform = planned_bullet(
            writer,
            role,
            proposal.summary,
            role,
            "-",
            correction=proposal.kind in CORRECTION_TYPES,
            section=proposal.payload.get("section"),
        )
        _lines, line = transform(ws.read_lines(path))
        return f"{path}:L{line}"
    except Exception:  # a preview never stops a heartbeat: the file may be mid-edit
        return ""


def line_of(location: str) -> str:
    """``L12`` of ``USER.md:L12``."""
    match = re.search(r":(L\d+)$", location)
    return match.group(1) if match else ""


# Lines one approved entry adds: a bullet, a principle block (+ blank), a pattern block.
_ADDS = {"principles": 8, "patterns": 7}


def locate(writer: Writer, proposals: list[Proposal]) -> None:
    """Fill each proposal's ``expected`` location, as if all were approved in order: an
    earlier proposal to the same file pushes a later one down when it lands at or above it
    (a new entry is appended; a superseded mark adds one line inside an older principle)."""
    inserted: dict[str, list[tuple[int, int]]] = {}
    for proposal in proposals:
        location = expected(writer, proposal)
        line = line_of(location)
        if not line:
            proposal.expected = location
            continue
        path = location[: -len(line) - 1]
        at = int(line[1:])
        number = at + sum(count for where, count in inserted.get(path, []) if where <= at)
        proposal.expected = f"{path}:L{number}"
        added = 1 if proposal.kind == "supersede" else _ADDS.get(proposal.target, 1)
        inserted.setdefault(path, []).append((at, added))


def waiting(writer: Writer) -> list[Proposal]:
    """Every open proposal with where it would go now (owner only: they quote the user)."""
    from memstrata.core.permissions import check_operation
    from memstrata.evolve.proposals import load_state, proposals_from_state

    check_operation("proposals", writer.session)
    proposals = proposals_from_state(load_state(writer.ws))
    locate(writer, proposals)
    return proposals
