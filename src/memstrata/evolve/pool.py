"""The candidate pool (CANDIDATES.md, note 004): a buffer between one observation and memory.

A new observation either matches an observing candidate (count +1, last seen updated) or opens
a new one at 1/3. A candidate reaching the threshold (3 by default) becomes a proposal; an
explicit instruction is promotable at once: its 目标 (target) cell says 明确指示 / explicit
instead of the threshold, and its count stays what was observed (an instruction said once is
1/3, never a made-up 3/3 that a later card would read as "seen 3 times"). A candidate first seen more than 30 days ago and
still below the threshold is moved to 已丢弃 and logged. Nothing is ever deleted: promoted and
dropped candidates stay in their tables.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

from memstrata.core.config import EvolveSettings
from memstrata.core.evolution_log import log_evolution
from memstrata.core.permissions import check_operation
from memstrata.core.templates import template_for
from memstrata.core.writer import Writer
from memstrata.errors import MemstrataError
from memstrata.formats.candidates import (
    add_row,
    parse_candidates,
    parse_count,
    remove_row,
    replace_row,
)
from memstrata.text.textio import split_lines

Embed = Callable[[list[str]], Any]


TYPE_OF_KIND = {
    "zh": {
        "preference": "偏好",
        "correction": "错误修正",
        "new_knowledge": "知识",
        "explicit_remember": "规则",
        "repeated_failure": "错误修正",
        "tool_error": "错误修正",
    },
    "en": {
        "preference": "preference",
        "correction": "correction",
        "new_knowledge": "knowledge",
        "explicit_remember": "rule",
        "repeated_failure": "correction",
        "tool_error": "correction",
    },
}


@dataclass
class Candidate:
    """One observing candidate row."""

    cid: str
    kind: str
    summary: str
    first_seen: str
    last_seen: str
    count: int
    threshold: int
    line: int
    explicit: bool = False  # the user asked for it (target cell EXPLICIT_TARGET)
    relayed: bool = False  # ...in a subagent's session (target cell RELAYED_TARGET)

    @property
    def promotable(self) -> bool:
        return self.explicit or self.count >= self.threshold


# The 目标 cell of a candidate the user explicitly asked for (the template's 晋升规则: "≥3 次，
# 或用户明确指示"): persisted, so every later card still says where it came from.
EXPLICIT_TARGET = {"zh": "明确指示", "en": "explicit"}
# ...said in a subagent's session: still promotable at once (note 004: subagents propose, the
# main session decides), but its card says so (review15b: it said 用户明确指示).
RELAYED_TARGET = {"zh": "子代理转达", "en": "via subagent"}


def _explicit_cell(cell: str) -> bool:
    return cell.strip() in (*EXPLICIT_TARGET.values(), *RELAYED_TARGET.values())


def _relayed_cell(cell: str) -> bool:
    return cell.strip() in RELAYED_TARGET.values()


def _target_cell(explicit: bool, relayed: bool, lang: str, target: str) -> str:
    """The 目标 cell: the threshold, or how the candidate was asked for."""
    if not explicit:
        return target
    return (RELAYED_TARGET if relayed else EXPLICIT_TARGET)[lang]


def _template_lines(writer: Writer, path: str) -> list[str]:
    ws = writer.ws
    return split_lines(template_for(ws.preset, path, ws.lang, ws.today().isoformat()))


def observing(writer_or_lines: Writer | list[str], path: str = "") -> list[Candidate]:
    """The observing candidates (from a writer's workspace, or from given lines)."""
    if isinstance(writer_or_lines, Writer):
        path = writer_or_lines.ws.role_path("candidates")
        lines = writer_or_lines.ws.read_lines(path)
    else:
        lines = writer_or_lines
    found = []
    for row in parse_candidates(lines, path):
        if row.table != "observing":
            continue
        count, threshold = parse_count(row.cells[5], path, row.line)
        found.append(
            Candidate(
                row.cells[0],
                row.cells[1],
                row.cells[2],
                row.cells[3],
                row.cells[4],
                count,
                threshold,
                row.line,
                _explicit_cell(row.cells[6]),
                _relayed_cell(row.cells[6]),
            )
        )
    return found


def _next_id(lines: list[str], path: str) -> str:
    numbers = [
        int(m.group(1))
        for row in parse_candidates(lines, path)
        if (m := re.match(r"C(\d+)$", row.cells[0]))
    ]
    return f"C{max(numbers, default=0) + 1:03d}"


def observe(
    writer: Writer,
    kind: str,
    summary: str,
    explicit: bool = False,
    threshold: int = EvolveSettings.threshold,
    relayed: bool = False,
    similar: float = EvolveSettings.match,
    seen: date | None = None,
    embed: Embed | None = None,
    similar_embedding: float = EvolveSettings.match_embedding,
) -> Candidate:
    """Record one observation: +1 on the closest matching candidate, or a new one at 1/3.

    An explicit instruction is promotable at once (one-shot promotion): marked so in its
    target cell, its count left as observed; ``relayed``: it was said in a subagent's session.
    """
    ws = writer.ws
    path = ws.role_path("candidates")
    today = (seen or ws.today()).isoformat()
    summary = writer.clean(" ".join(summary.split()))
    type_name = TYPE_OF_KIND["zh" if ws.lang == "zh" else "en"].get(kind, kind)
    lang = "zh" if ws.lang == "zh" else "en"
    target = f"{threshold}次" if lang == "zh" else f"{threshold}x"

    def transform(lines: list[str]) -> tuple[list[str], Candidate]:
        lines = lines or _template_lines(writer, path)
        current = observing(lines, path)
        scores = _scores(current, summary, embed, similar, similar_embedding, explicit)
        best = max(current, key=lambda c: scores[c.cid], default=None)
        if best is not None and scores[best.cid] >= 1.0:
            count = best.count + 1
            last = max(best.last_seen, today)
            marked = explicit or best.explicit
            # the owner's own instruction outranks a relayed one
            relay = marked and (best.relayed or not best.explicit) and (relayed or not explicit)
            cells = [
                best.cid,
                best.kind,
                best.summary,
                best.first_seen,
                last,
                f"{count}/{best.threshold}",
                _target_cell(marked, relay, lang, target),
            ]
            updated = Candidate(
                best.cid,
                best.kind,
                best.summary,
                best.first_seen,
                last,
                count,
                best.threshold,
                best.line,
                marked,
                relay,
            )
            return replace_row(lines, best.line, cells), updated
        cid = _next_id(lines, path)
        cells = [
            cid,
            type_name,
            summary,
            today,
            today,
            f"1/{threshold}",
            _target_cell(explicit, relayed, lang, target),
        ]
        new_lines, line = add_row(lines, "observing", cells, path)
        return new_lines, Candidate(
            cid,
            type_name,
            summary,
            today,
            today,
            1,
            threshold,
            line,
            explicit,
            explicit and relayed,
        )

    return writer.rewrite(path, transform, role="candidates")


def _scores(
    current: list[Candidate],
    summary: str,
    embed: Embed | None,
    lexical: float,
    semantic: float,
    explicit: bool = False,
) -> dict[str, float]:
    """How well each candidate matches, scaled so that 1.0 is the match threshold
    (``known.match_score``, the same decision as the duplicate check): word overlap, or (when an
    embedder is available) cosine, aligned content words, the learned restatement head. An
    opposite ("早上开会" against "meetings in the afternoon", polarity.opposed) or another value in
    the same slot ("use pnpm" against "use yarn") is always another candidate. ``explicit``: what
    the user asked to have written (``known.head_may_judge``)."""
    from memstrata.evolve.known import close_overlaps, head_may_judge, match_score

    if embed is None or not current:
        return {c.cid: match_score(c.summary, summary, lexical) for c in current}
    vectors = embed([summary, *(c.summary for c in current)])
    cosines = [float(vectors[0] @ v) for v in vectors[1:]]
    aligned = close_overlaps(summary, [c.summary for c in current], cosines, embed)
    return {
        candidate.cid: match_score(
            candidate.summary,
            summary,
            lexical,
            cosine,
            semantic,
            overlap,
            embed,
            (theirs, vectors[0])
            if head_may_judge(summary, candidate.summary, explicit, cosine)
            else None,
        )
        for candidate, cosine, overlap, theirs in zip(
            current, cosines, aligned, vectors[1:], strict=True
        )
    }


def _move(
    writer: Writer, cid: str, table: str, cells_for: Callable[[Candidate], list[str]]
) -> Candidate:
    path = writer.ws.role_path("candidates")

    def transform(lines: list[str]) -> tuple[list[str], Candidate]:
        candidate = next((c for c in observing(lines, path) if c.cid == cid), None)
        if candidate is None:
            raise MemstrataError(f"no observing candidate {cid}", path)
        without = remove_row(lines, candidate.line)
        moved, _line = add_row(without, table, cells_for(candidate), path)
        return moved, candidate

    return writer.rewrite(path, transform, role="candidates")


def mark_promoted(writer: Writer, cid: str, location: str) -> Candidate:
    """Move a candidate to 已晋升 with the place it was written (``USER.md:L8``)."""
    today = writer.ws.today().isoformat()
    return _move(writer, cid, "promoted", lambda c: [c.cid, c.summary, today, location])


def drop(writer: Writer, cid: str, reason: str) -> Candidate:
    """Move a candidate to 已丢弃 with a reason, and log it (the owner's decision)."""
    check_operation("candidates.drop", writer.session)
    with writer.transaction():
        return _drop(writer, cid, reason)


def _drop(writer: Writer, cid: str, reason: str) -> Candidate:
    today = writer.ws.today().isoformat()
    candidate = _move(writer, cid, "dropped", lambda c: [c.cid, c.summary, reason, today])
    log_evolution(
        writer,
        "候选池" if writer.ws.lang == "zh" else "candidate pool",
        f"CANDIDATES.md:{cid}",
        f"{'丢弃' if writer.ws.lang == 'zh' else 'dropped'}（{reason}）：{candidate.summary}",
    )
    return candidate


def _day(value: str, default: date) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        return default


def expire(
    writer: Writer, days: int = EvolveSettings.expiry_days, skipped: dict[str, str] | None = None
) -> list[Candidate]:
    """Drop observing candidates first seen more than ``days`` ago and still below threshold,
    and the promotable ones ``skipped`` (candidate id -> the day its proposal was left on a card
    a person answered: 跳过) neither taken nor seen again for ``days`` after: a skip keeps a
    proposal for later, not for ever (review15b: one waited 70 days). One never answered waits
    for its card, however long."""
    skipped = skipped or {}
    zh = writer.ws.lang == "zh"
    today = writer.ws.today()
    reason = f"{days}天无再次观察" if zh else f"not seen again in {days} days"
    left = f"提议 {days} 天未确认" if zh else f"proposed, not taken in {days} days"
    expired = []
    for candidate in observing(writer):
        try:
            first = date.fromisoformat(candidate.first_seen)
            last = date.fromisoformat(candidate.last_seen)
        except ValueError:
            continue
        if not candidate.promotable and (today - first).days > days:
            expired.append(_drop(writer, candidate.cid, reason))
        elif candidate.cid in skipped and candidate.promotable:
            since = max(last, _day(skipped[candidate.cid], today))
            if (today - since).days > days:
                expired.append(_drop(writer, candidate.cid, left))
    return expired
