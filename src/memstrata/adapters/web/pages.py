"""What each review page shows, gathered through the same services, permission table and
presenters as the CLI: a session that may not run an operation (a ``shared`` token and the
candidate pool, say) gets nothing from it, and every file shown is checked with ``can_read``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import date, timedelta
from typing import Any

from memstrata.adapters import presenters
from memstrata.adapters.web import plots
from memstrata.core.permissions import OPERATIONS, Session, can_read
from memstrata.core.workspace import Workspace
from memstrata.errors import MemstrataError

RECENT_LOG_LINES = 20


def allowed(operation: str, session: Session) -> bool:
    return session.kind in OPERATIONS[operation]


def visible(ws: Workspace, session: Session, rel: str) -> bool:
    return can_read(ws.config, session, *ws.read_roles(rel))


def overview(ws: Workspace, session: Session) -> dict[str, Any]:
    """Waiting proposals as evolution cards (with where each would land) and the pool."""
    from memstrata.evolve.pool import observing
    from memstrata.evolve.proposals import proposal_key, render_card
    from memstrata.serve.decisions import landing, open_proposals

    data: dict[str, Any] = {"proposals": [], "candidates": [], "private": False}
    if not allowed("proposals", session):
        data["private"] = True
        return data
    writer = ws.writer(session)
    for proposal in open_proposals(writer):
        where = landing(writer, proposal)
        data["proposals"].append(
            {
                "p": proposal,
                "key": proposal_key(proposal),  # the forms send it: a stale page is refused
                "card": render_card(ws, [proposal]),
                "path": where.path if where else "",
                "line": where.line if where else 0,
            }
        )
    expiry = ws.config.evolve.expiry_days
    today = ws.today()
    for row in presenters.candidates(observing(writer)):
        try:
            first = date.fromisoformat(row["first_seen"][:10])
            row["days_left"] = max(expiry - (today - first).days, 0)
        except ValueError:
            row["days_left"] = None
        data["candidates"].append(row)
    return data


def file_view(ws: Workspace, session: Session, path: str, start: int, end: int) -> dict[str, Any]:
    from memstrata.recall.get import get_lines

    result = get_lines(ws, path, session)
    return {
        "path": result.path,
        "lines": [
            (n, line.rstrip("\r\n")) for n, line in enumerate(result.lines, result.start_line)
        ],
        "start": start,
        "end": end or start,
    }


def cited_lines(ws: Workspace, session: Session, hit: dict[str, Any]) -> list[tuple[int, str]]:
    from memstrata.recall.get import get_lines

    try:
        got = get_lines(ws, f"{hit['path']}:{hit['start_line']}-{hit['end_line']}", session)
    except MemstrataError:
        return []
    return [(n, line.rstrip("\r\n")) for n, line in enumerate(got.lines, start=got.start_line)]


def memory(ws: Workspace, session: Session) -> dict[str, Any]:
    """Principles by category, patterns by domain, USER/MEMORY, daily logs (visible ones)."""
    from memstrata.evolve.review import principles_by_category

    def files(role: str) -> list[dict[str, Any]]:
        out = []
        for rel in ws.role_files(role):
            if visible(ws, session, rel):
                lines = [line.rstrip("\r\n") for line in ws.read_lines(rel)]
                out.append({"path": rel, "lines": list(enumerate(lines, start=1))})
        return out

    principles = {}
    if any(visible(ws, session, rel) for rel in ws.role_files("principles")):
        principles = presenters.reviewed_groups(principles_by_category(ws))
    dailies = [rel for rel in reversed(ws.role_files("daily")) if visible(ws, session, rel)]
    return {
        "principles": principles,
        "memory_files": {
            "patterns": files("patterns"),
            "user": files("user"),
            "long_term": files("long_term"),
        },
        "daily": dailies[:60],
    }


def _signals_per_day(ws: Workspace, days: list[str]) -> dict[str, list[float]]:
    from memstrata.core.queues import read_pending
    from memstrata.evolve.pool import observing

    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for record in read_pending(ws).valid:
        counts[str(record.get("signal", "?"))][str(record.get("ts", ""))[:10]] += 1
    for row in observing(ws.writer()):
        counts[row.kind][row.last_seen[:10]] += 1
    return {kind: [float(c.get(day, 0)) for day in days] for kind, c in sorted(counts.items())}


def _citations_over_time(ws: Workspace, days: list[str]) -> dict[str, list[float]]:
    from memstrata.core.queues import read_citations

    per_entry: dict[str, Counter[str]] = defaultdict(Counter)
    for record in read_citations(ws).valid:
        if record.get("action", "cited") == "cited":
            per_entry[str(record["entry"])][str(record.get("ts", ""))[:10]] += 1
    top = sorted(per_entry, key=lambda e: -sum(per_entry[e].values()))[:6]
    series = {}
    for entry in top:
        running, values = 0.0, []
        before = sum(n for day, n in per_entry[entry].items() if day < days[0])
        running = float(before)
        for day in days:
            running += per_entry[entry].get(day, 0)
            values.append(running)
        series[entry] = values
    return series


def statistics(ws: Workspace, session: Session, zh: bool) -> dict[str, Any]:
    """The four plots (private ones only for sessions that may see them)."""
    from memstrata.maintain.citations import cleanup
    from memstrata.maintain.status import workspace_status

    today = ws.today()
    days = [(today - timedelta(days=n)).isoformat() for n in range(29, -1, -1)]
    rows = workspace_status(ws, session)
    usage = [
        (
            row.role,
            float((row.entries or 0) if row.limit_unit == "entries" else row.lines),
            float(row.limit) if row.limit else None,
        )
        for row in rows
        if row.files
    ]
    out: dict[str, Any] = {
        "usage": plots.usage_bars(
            "每个角色的用量与上限" if zh else "Entries per role vs limits",
            usage,
            "没有数据" if zh else "no data",
        ),
        "private": not allowed("stats", session),
    }
    if out["private"]:
        return out
    out["citations"] = plots.lines(
        "引用次数（累计）" if zh else "Citations per entry over time (cumulative)",
        days,
        _citations_over_time(ws, days),
        "还没有引用记录" if zh else "no citations yet",
    )
    out["signals"] = plots.stacked_bars(
        "每天的学习信号（按类型）" if zh else "Signals per day by kind",
        days,
        _signals_per_day(ws, days),
        "还没有信号" if zh else "no signals yet",
    )
    out["never_cited"] = cleanup(ws, 30)["never_cited"]
    return out


def health(ws: Workspace, session: Session) -> dict[str, Any]:
    """doctor's findings (with the safe fixes) and the latest EVOLUTION_LOG lines."""
    from memstrata.maintain.doctor import diagnose

    if not allowed("doctor", session):
        return {"private": True, "findings": [], "log": []}
    report = presenters.doctor(diagnose(ws))
    for finding in report["findings"]:
        finding["fixable"] = finding["check"] in SAFE_FIXES
    log: list[tuple[int, str]] = []
    spec = ws.role("evolution_log")
    if spec is not None and (ws.root / spec.path).exists():
        lines = ws.read_lines(spec.path)
        log = [(n, line.rstrip("\n")) for n, line in enumerate(lines, 1) if line.startswith("- ")]
        log = log[-RECENT_LOG_LINES:][::-1]
    return {"private": False, "findings": report["findings"], "log": log,
            "log_path": spec.path if spec else ""}  # fmt: skip


SAFE_FIXES = frozenset({"headers", "index"})


def apply_fix(ws: Workspace, session: Session, check: str, where: str) -> str:
    """One safe fix, as ``doctor --fix`` does it: refresh one file's line-index header; the
    index is handed to the service's background sync by the caller."""
    from memstrata.core.permissions import check_operation
    from memstrata.formats.bullets import refresh_header
    from memstrata.maintain.doctor import stale_headers

    check_operation("doctor", session)
    if check != "headers":
        raise MemstrataError(f"no safe fix for {check!r} here")
    if where not in stale_headers(ws):
        raise MemstrataError(f"{where} has no stale header")
    writer = ws.writer(session)
    writer.rewrite(where, lambda lines: (refresh_header(lines, ws.today().isoformat()), None))
    return where
