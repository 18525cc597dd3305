"""Citations (note 000 step 4, note 004 mechanism 3): which memories are actually used.

``cite`` buffers a session's citations under ``.memstrata/cite-buffer/`` and ``flush`` writes
them to stats/citation-log.jsonl in one batch at session end (note 000: batch, not one by
one). ``stats`` counts citations per entry and role, and the repeats the learning loop
recorded (``seen_again``: the user said again what an entry holds, evolve.known.strengthen); ``cleanup`` lists entries never cited
and L1 principles neither cited nor verified for 90 days — as suggestions only: nothing is
deleted by the engine.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from memstrata.core.queues import append_citations, read_citations
from memstrata.core.storage import append_bytes, file_lock
from memstrata.core.workspace import Workspace
from memstrata.core.writer import Writer
from memstrata.errors import MemstrataError
from memstrata.formats.jsonl import dump_record, parse_jsonl
from memstrata.maintain.references import Entry, entries, resolve
from memstrata.text.titles import brief, clip

ACTIONS = ("cited", "verified")  # what ``cite`` records
# what ``stats`` counts: citations, and the repeats the learning loop records itself
COUNTED = (*ACTIONS, "seen_again")
_SESSION = re.compile(r"^[\w.-]{1,64}$")


def _buffer(ws: Workspace, session_id: str) -> Path:
    if not _SESSION.match(session_id):
        raise MemstrataError(f"invalid session id {session_id!r}: letters, digits, '.', '-', '_'")
    return ws.state_dir / "cite-buffer" / f"{session_id}.jsonl"


def entry_name(entry: Entry) -> str:
    """``P042_禁用qwen`` for principles (note 000's format), the id for anything else."""
    if entry.role == "principles":
        return f"{entry.entry_id}_{brief(entry.title, 12).replace(' ', '')}"
    return entry.entry_id


def cite(
    writer: Writer, ref: str, context: str = "", session_id: str = "default", action: str = "cited"
) -> dict[str, Any]:
    """Resolve ``ref`` and buffer one citation for this session (no write to the log yet)."""
    if action not in ACTIONS:
        raise MemstrataError(f"action must be one of {', '.join(ACTIONS)}")
    ws = writer.ws
    entry = resolve(ws, ref, writer.session)
    record = {
        "ts": ws.now().isoformat(timespec="seconds"),
        "source": entry.path,
        "entry": entry_name(entry),
        "action": action,
        "context": clip(writer.clean(context), 200, ""),
        "cite": entry.location,
    }
    path = _buffer(ws, session_id)
    with file_lock(path.with_suffix(".lock")):
        append_bytes(path, dump_record(record).encode("utf-8"))
    return record


def flush(writer: Writer, session_id: str = "default") -> int:
    """Write the session's buffered citations to the citation log in one locked append."""
    path = _buffer(writer.ws, session_id)
    with file_lock(path.with_suffix(".lock")):
        if not path.exists():
            return 0
        parsed = parse_jsonl(path.read_text(encoding="utf-8").splitlines(keepends=True))
        count = append_citations(writer, parsed.valid)
        path.unlink()
    return count


@dataclass
class EntryStats:
    entry: str
    source: str
    times_cited: int
    last_cited: str
    times_verified: int = 0
    last_verified: str = ""
    times_seen_again: int = 0
    last_seen_again: str = ""


def stats(ws: Workspace) -> dict[str, Any]:
    """Per entry: times cited and verified, and when last (note 000's 记忆统计); per role (by
    source file) totals. ``verified`` (an entry checked and found still true) counts apart
    from ``cited``, so a principle kept alive by checks alone is visible as such; so does
    ``seen_again`` (the user repeated it)."""
    records = read_citations(ws).valid
    per_entry: dict[str, EntryStats] = {}
    for record in records:
        action = record.get("action", "cited")
        if action not in COUNTED:
            continue
        key = str(record["entry"])
        current = per_entry.get(key) or EntryStats(key, str(record.get("source", "")), 0, "")
        stamp = str(record.get("ts", ""))
        if action == "cited":
            current.times_cited += 1
            current.last_cited = max(current.last_cited, stamp)
        elif action == "seen_again":
            current.times_seen_again += 1
            current.last_seen_again = max(current.last_seen_again, stamp)
        else:
            current.times_verified += 1
            current.last_verified = max(current.last_verified, stamp)
        per_entry[key] = current
    by_role: Counter[str] = Counter()
    verified_by_role: Counter[str] = Counter()
    for item in per_entry.values():
        role = ws.role_of(item.source) or "other"
        by_role[role] += item.times_cited
        verified_by_role[role] += item.times_verified
    ordered = sorted(
        per_entry.values(),
        key=lambda s: (-s.times_cited, -s.times_verified, -s.times_seen_again, s.entry),
    )
    return {
        "total": sum(s.times_cited for s in ordered),
        "total_verified": sum(s.times_verified for s in ordered),
        "total_seen_again": sum(s.times_seen_again for s in ordered),
        "entries": [s.__dict__ for s in ordered],
        "by_role": {role: count for role, count in by_role.items() if count},
        "verified_by_role": {role: count for role, count in verified_by_role.items() if count},
    }


def _entry_date(entry: Entry) -> date | None:
    text = entry.date if len(entry.date) >= 7 else ""
    try:
        return date.fromisoformat(text if len(text) == 10 else text + "-01")
    except ValueError:
        return None


def cleanup(
    ws: Workspace, older_than_days: int = 30, l1_days: int = 90
) -> dict[str, list[dict[str, str]]]:
    """Suggestions only: never-cited entries older than N days; L1 principles not cited or
    verified in ``l1_days``."""
    records = read_citations(ws).valid
    last_touch: dict[str, str] = defaultdict(str)
    for record in records:
        for key in (str(record.get("entry", "")), str(record.get("cite", ""))):
            last_touch[key] = max(last_touch[key], str(record.get("ts", ""))[:10])
    today = ws.today()
    never, stale = [], []
    for entry in entries(ws):
        touched = max(
            last_touch.get(entry_name(entry), ""),
            last_touch.get(entry.entry_id, ""),
            last_touch.get(entry.location, ""),
        )
        written = _entry_date(entry)
        item = {
            "entry": entry_name(entry),
            "cite": entry.span.cite(),
            "role": entry.role,
            "title": clip(entry.title, 60, ""),
        }
        if not touched and written and today - written > timedelta(days=older_than_days):
            never.append(item)
        if entry.role == "principles":
            reference = date.fromisoformat(touched) if touched else written
            if reference and today - reference > timedelta(days=l1_days):
                stale.append(item | {"last": touched or "never"})
    return {"never_cited": never, "l1_unverified": stale}
