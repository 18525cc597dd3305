"""``memstrata consolidate`` (notes 002 and 004): keep memory small without losing anything.

* Daily logs older than 30 days are summarised into ``archive/YYYY-MM.md`` — section titles and
  first items per day, each with a link to the original — once per day (idempotent).
* Originals older than 90 days move into the archive folder only with ``confirm``; the monthly
  summary's links are updated.
* A role over its line limit gets a slimming proposal (move its oldest dated entries to an
  archive file; error corrections are never moved) and, in five-tier workspaces, the last
  week's daily highlights are proposed for MEMORY.md — both through the approval flow.
* Everything done is logged in EVOLUTION_LOG.md. ``dry_run`` reports and changes nothing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import date, timedelta

from memstrata.core.evolution_log import log_evolution
from memstrata.core.layouts import DAILY_NAME
from memstrata.core.permissions import check_operation, private_roles
from memstrata.core.workspace import Workspace
from memstrata.core.writer import Writer
from memstrata.evolve.proposals import (
    Proposal,
    evolve_lock,
    load_state,
    proposals_from_state,
    save_state,
    store_proposals,
)
from memstrata.formats.bullets import parse_bullets, section_key
from memstrata.formats.daily import parse_log
from memstrata.text.textio import strip_eol

SUMMARY_AFTER_DAYS = 30
MOVE_AFTER_DAYS = 90


@dataclass
class ConsolidationReport:
    summarised: list[str] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)
    would_move: list[str] = field(default_factory=list)
    proposals: list[Proposal] = field(default_factory=list)
    dry_run: bool = False


def _day_of(rel: str) -> date:
    """The day of a daily log (role_files lists only names that match DAILY_NAME)."""
    match = DAILY_NAME.match(rel.rsplit("/", 1)[-1])
    if match is None:
        raise ValueError(f"not a daily log name: {rel}")
    return date.fromisoformat(match.group(1))


def _archive_folder(ws: Workspace) -> str:
    spec = ws.role("archive")
    return spec.path if spec else f"{ws.require_role('daily').path}/archive".lstrip("/")


def _link(from_file: str, to_file: str) -> str:
    return os.path.relpath(to_file, os.path.dirname(from_file) or ".").replace(os.sep, "/")


def _highlights(ws: Workspace, rel: str, per_day: int = 4) -> list[str]:
    lines = ws.read_lines(rel)
    out = []
    for section in parse_log(lines, rel)[:per_day]:
        first = next(
            (
                strip_eol(line).strip()[2:]
                for line in lines[section.start_line : section.end_line]
                if strip_eol(line).strip().startswith(("- ", "* "))
            ),
            "",
        )
        tag = f"[{section.agent}] " if section.agent else ""
        out.append(
            f"  - {tag}{section.title}" + (f"：{first}" if first and first != section.title else "")
        )
    return out


def consolidate(
    writer: Writer, dry_run: bool = False, confirm: bool = False
) -> ConsolidationReport:
    check_operation("consolidate", writer.session)
    if dry_run:
        return _consolidate(writer, dry_run, confirm)
    # Summaries, moves, relinks, the log and the proposals land together or not at all.
    with evolve_lock(writer.ws), writer.transaction():
        return _consolidate(writer, dry_run, confirm)


def _consolidate(writer: Writer, dry_run: bool, confirm: bool) -> ConsolidationReport:
    ws = writer.ws
    report = ConsolidationReport(dry_run=dry_run)
    today = ws.today()
    folder = _archive_folder(ws)
    zh = ws.lang == "zh"
    old_days = [
        rel for rel in ws.role_files("daily") if (today - _day_of(rel)).days > SUMMARY_AFTER_DAYS
    ]
    for rel in old_days:
        day = _day_of(rel)
        monthly = f"{folder}/{day:%Y-%m}.md"
        entry = [f"- [{day.isoformat()}]({_link(monthly, rel)})", *_highlights(ws, rel)]
        existing = "".join(ws.read_lines(monthly)) if ws.exists(monthly) else ""
        if f"- [{day.isoformat()}](" in existing:
            continue
        report.summarised.append(rel)
        if not dry_run:
            header = (
                f"# [{day:%Y-%m}] 月度汇总\n\n> 由 memstrata consolidate 生成：每天的要点与原始日志链接。\n\n"
                if zh
                else f"# [{day:%Y-%m}] Monthly summary\n\n> Made by memstrata consolidate: each day's highlights, linked.\n\n"
            )
            writer.append(
                monthly, "\n".join(entry) + "\n", header=header, role="archive", count_lines=False
            )
            log_evolution(writer, "consolidate", monthly, f"{'汇总' if zh else 'summarised'} {rel}")
    for rel in ws.role_files("daily"):
        if (today - _day_of(rel)).days <= MOVE_AFTER_DAYS:
            continue
        target = f"{folder}/{rel.rsplit('/', 1)[-1]}"
        if not confirm or dry_run:
            report.would_move.append(rel)
            continue
        writer.move(rel, target, role="daily")
        _relink(writer, f"{folder}/{_day_of(rel):%Y-%m}.md", rel, target)
        log_evolution(writer, "consolidate", target, f"{'归档' if zh else 'archived'} {rel}")
        report.moved.append(rel)
    report.proposals = _slimming(ws) + _weekly_highlights(ws)
    if report.proposals and not dry_run:
        state = load_state(ws)
        kept = [p for p in proposals_from_state(state) if not p.maintenance]
        store_proposals(state, [*kept, *report.proposals])
        save_state(ws, state)
    return report


def _relink(writer: Writer, monthly: str, old: str, new: str) -> None:
    if not writer.ws.exists(monthly):
        return
    before, after = f"]({_link(monthly, old)})", f"]({_link(monthly, new)})"
    writer.rewrite(
        monthly,
        lambda lines: ([line.replace(before, after) for line in lines], None),
        role="archive",
    )


def _slimming(ws: Workspace) -> list[Proposal]:
    """For bullet roles over their line limit: move the oldest dated entries (never the error
    corrections) to an archive file, as many as it takes to get back under the limit."""
    from memstrata.maintain.status import workspace_status

    zh = ws.lang == "zh"
    out = []
    for row in workspace_status(ws):
        if not row.over_limit or row.role not in ("user", "long_term"):
            continue
        path = ws.role_path(row.role)
        bullets = [
            b
            for b in parse_bullets(ws.read_lines(path), path)
            if b.date and section_key(b.section) != "corrections"
        ]
        excess = row.lines - (row.limit or row.lines)
        chosen = sorted(bullets, key=lambda b: (b.date, b.line))[: max(excess, 1)]
        if not chosen:
            continue
        # An archive inherits its source's privacy: USER.md bullets never land where a shared
        # session reads.
        folder = (
            ws.role_path("private_archive")
            if row.role in private_roles(ws.config)
            else _archive_folder(ws)
        )
        archive = f"{folder}/{path.rsplit('/', 1)[-1].removesuffix('.md')}-archive.md"
        lines = sorted(b.line for b in chosen)
        summary = (
            f"{path} 超出上限（{row.lines}/{row.limit} 行）：把最旧的 {len(lines)} 条移到 {archive}"
            if zh
            else f"{path} is over its limit ({row.lines}/{row.limit} lines): move the {len(lines)} oldest entries to {archive}"
        )
        out.append(
            Proposal(
                0,
                "",
                "slim",
                summary,
                "archive",
                "ARCHIVE",
                "容量上限" if zh else "capacity limit",
                "consolidate",
                ws.today().isoformat(),
                0,
                {"path": path, "archive": archive, "texts": [b.text for b in chosen]},
            )
        )
    return out


def _weekly_highlights(ws: Workspace) -> list[Proposal]:
    """Five-tier's weekly integration: last week's daily section titles proposed for MEMORY.md."""
    if ws.preset != "five-tier" or not ws.role("long_term"):
        return []
    week = sorted(
        (rel for rel in ws.role_files("daily") if 0 <= (ws.today() - _day_of(rel)).days < 7),
        reverse=True,
    )
    titles = [
        line.strip()[2:].split("：")[0] for rel in week for line in _highlights(ws, rel, per_day=3)
    ]
    if not titles:
        return []
    zh = ws.lang == "zh"
    start = (ws.today() - timedelta(days=6)).isoformat()
    text = (
        f"近期成果（{start} ~ {ws.today().isoformat()}）："
        if zh
        else f"Recent results ({start} to {ws.today().isoformat()}): "
    ) + "；".join(titles[:6])
    return [
        Proposal(
            0,
            "",
            "highlight",
            text,
            "long_term",
            "MEMORY",
            "每周整合" if zh else "weekly integration",
            "consolidate",
            ws.today().isoformat(),
            0,
            {},
        )
    ]
