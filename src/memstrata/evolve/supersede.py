"""Principles a newer principle replaced: proposed on the card, marked on approval.

"装依赖我习惯用 pnpm" (P002) and, weeks later, "装依赖改用 bun" (P009) are both L1 principles,
loaded into every session: the agent is told two things. Nothing is hard-deleted by the engine
(DESIGN.md principle 4): the older one is marked ``superseded: 2026-03-16 → P009`` and logged,
and the session context shows the mark. Because two principles can look alike and still both
hold ("提交信息用英文写" / "文档用中文写"), the heartbeat only proposes the mark; the user decides.

A pair is proposed when the newer one contradicts the older (``known.contradicts``: another
value in the same frame, or a change announced) and their sentences are close (cosine >= 0.6),
or, when the newer one announces the change (改用 / 现在 / no longer …), at least related
(>= 0.35: "装依赖我习惯用 pnpm" / "装依赖改用 bun" measure 0.43) and about the same thing by
their words (``known.about_one_thing``). A repeated-failure record is an event, not a value, and
is never proposed.

Related by the sentence alone was not enough: in the twelve scenarios (session 56) 12 of the 21
marks the user approved hid a principle that still held, each behind a newer one announcing a
change of something else of the same project ("OTA 包要先在老化架上跑满四十八小时" behind "OTA
后台域名迁了 现在是 fota.qimu-iot.cn", "CouponForm 里还有一处 import 漏改了" behind "你改到 h5 的
CouponCard 去了"), at cosines 0.36-0.56 where real changes also sit.

On ``benchmarks/data/merging_details.py`` and ``benchmarks/data/merging.py``: 32 of 40 changes of value flagged, none of 40 restatements with
details nor of 22 restatements; 7 of 780 pairs of distinct preferences, most of them real
replacements (pytest / unittest, 四个 / 两个空格) but not all (提交信息用英文写 / 文档用中文写):
hence a proposal, not a write. A bar of 0.55 without the cue marked a restatement in the third
scenario ("inline style …收进 StyleSheet.create" / "样式对象…进 StyleSheet").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from memstrata.core.evolution_log import log_evolution
from memstrata.core.writer import Writer
from memstrata.errors import MemstrataError
from memstrata.evolve.proposals import Proposal
from memstrata.formats.fields import FIELD
from memstrata.formats.principles import Principle, parse_principles
from memstrata.text.spans import Span
from memstrata.text.textio import line_ending, strip_eol
from memstrata.text.titles import brief

SUPERSEDE_COSINE = 0.6
CHANGE_COSINE = 0.35
_FAILURE = re.compile(r"反复失败\s*\d+\s*次|failed \d+ times", re.IGNORECASE)


def _text(principle: Principle) -> str:
    from memstrata.evolve.known import entry_text

    return entry_text(principle.title, principle.body)


def _replaces(older: str, newer: str, cosine: float) -> bool:
    from memstrata.evolve.changes import announces_change
    from memstrata.evolve.known import about_one_thing

    if cosine >= SUPERSEDE_COSINE:
        return True
    return cosine >= CHANGE_COSINE and announces_change(newer) and about_one_thing(older, newer)


def proposals(writer: Writer, embed: Callable[[list[str]], Any] | None) -> list[Proposal]:
    """One proposal per principle that a newer principle replaces (the newest of them)."""
    from memstrata.evolve.known import contradicts

    ws = writer.ws
    if embed is None or ws.role("principles") is None:
        return []
    path = ws.role_path("principles")
    if not ws.exists(path):
        return []
    live = [
        p
        for p in parse_principles(ws.read_lines(path), path)
        if not p.superseded and not _FAILURE.search(_text(p))
    ]
    if len(live) < 2:
        return []
    texts = [_text(p) for p in live]
    vectors = embed(texts)
    zh = ws.lang == "zh"
    found: list[Proposal] = []
    for i, old in enumerate(live):
        newer = [
            j
            for j in range(len(live) - 1, i, -1)
            if _replaces(texts[i], texts[j], float(vectors[i] @ vectors[j]))
            and contradicts(texts[i], texts[j])
        ]
        if not newer:
            continue
        new = live[newer[0]]
        found.append(
            Proposal(
                0,
                "",
                "supersede",
                f"{old.pid} {brief(texts[i], 40)}"
                + (f"（已被 {new.pid} 取代：" if zh else f" (superseded by {new.pid}: ")
                + brief(texts[newer[0]], 40)
                + ("）" if zh else ")"),
                "principles",
                "SUPERSEDE",
                "标为过时：有更新的原则" if zh else "outdated: a newer principle",
                "heartbeat",
                ws.today().isoformat(),
                1,
                # the texts too: an approval checks that both still say what was proposed
                {
                    "path": path,
                    "old": old.pid,
                    "new": new.pid,
                    "old_text": texts[i],
                    "new_text": texts[newer[0]],
                },
            )
        )
    return found


def mark(writer: Writer, proposal: Proposal) -> dict:
    """Carry out an approved proposal: the older principle gains one line,
    ``superseded: DAY → Pnnn``; nothing else in the file changes. A proposal whose principles
    were edited, renumbered or deleted since is refused (it stays open), and one already
    carried out writes and logs nothing."""
    ws = writer.ws
    path, old_id, new_id = (proposal.payload[k] for k in ("path", "old", "new"))
    mark_line = f"superseded: {ws.today().isoformat()} → {new_id}"
    done: list[bool] = []

    def transform(lines: list[str]) -> tuple[list[str], None]:
        found = {p.pid: p for p in parse_principles(lines, path)}
        old, new = found.get(old_id), found.get(new_id)
        if (
            old is None
            or new is None
            or _text(old) != proposal.payload.get("old_text", _text(old))
            or _text(new) != proposal.payload.get("new_text", _text(new))
        ):
            raise MemstrataError(
                f"{old_id} or {new_id} changed since this was proposed: run the heartbeat again",
                path,
            )
        if old.superseded:
            done.append(False)
            return lines, None
        done.append(True)
        # after the last field line, before the "---" that opens the body
        at = old.start_line
        while at < old.end_line and FIELD.match(strip_eol(lines[at]).strip()):
            at += 1
        return [*lines[:at], mark_line + line_ending(lines), *lines[at:]], None

    writer.rewrite(path, transform, role="principles")
    placed = next(p for p in parse_principles(ws.read_lines(path), path) if p.pid == old_id)
    span = Span(path, placed.start_line, placed.end_line, "principles", old_id)
    if done and done[0]:
        log_evolution(writer, proposal.source, span.location(), proposal.summary)
    return {"role": "principles", "cite": span.cite(), "entry_id": old_id}
