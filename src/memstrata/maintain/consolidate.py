"""``memstrata consolidate`` (notes 002 and 004): keep memory small without losing anything.

* Daily logs older than 30 days are summarised into ``archive/YYYY-MM.md`` — section titles and
  first items per day, each with a link to the original — once per day (idempotent); MEMORY.md's
  日志归档引用 section lists every monthly archive that exists (file names only, note 004).
* Originals older than 90 days move into the archive folder only with ``confirm``; the monthly
  summary's links are updated.
* Candidates first seen more than ``[evolve] expiry_days`` ago and still below the threshold
  are dropped (note 004: consolidate includes the pool's clean-up), as the heartbeat does.
* Proposals, through the approval flow (maintain/slimming.py): slimming for every role over its
  line limit, five-tier's weekly integration, the monthly review of lessons.md.
* Everything done is logged in EVOLUTION_LOG.md. ``dry_run`` reports and changes nothing.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import date

from memstrata.core.evolution_log import log_evolution
from memstrata.core.layouts import DAILY_NAME
from memstrata.core.permissions import check_operation
from memstrata.core.workspace import Workspace
from memstrata.core.writer import Writer
from memstrata.evolve.pool import expire, observing
from memstrata.evolve.proposals import (
    Proposal,
    evolve_lock,
    load_state,
    proposals_from_state,
    save_state,
    store_proposals,
)
from memstrata.formats.bullets import add_bullet, refresh_header, section_key
from memstrata.formats.daily import parse_log
from memstrata.maintain.slimming import (
    CONSOLIDATE_KINDS,
    archive_folder,
    lesson_review,
    slimming,
    weekly_highlights,
)
from memstrata.text.textio import strip_eol

SUMMARY_AFTER_DAYS = 30
MOVE_AFTER_DAYS = 90


@dataclass
class ConsolidationReport:
    summarised: list[str] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)
    would_move: list[str] = field(default_factory=list)
    proposals: list[Proposal] = field(default_factory=list)
    expired: list[str] = field(default_factory=list)
    archive_refs: list[str] = field(default_factory=list)
    # Files over their limit that slimming cannot bring back (every project active), and why.
    notes: list[str] = field(default_factory=list)
    dry_run: bool = False


def _day_of(rel: str) -> date:
    """The day of a daily log (role_files lists only names that match DAILY_NAME)."""
    match = DAILY_NAME.match(rel.rsplit("/", 1)[-1])
    if match is None:
        raise ValueError(f"not a daily log name: {rel}")
    return date.fromisoformat(match.group(1))


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
    folder = archive_folder(ws)
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
    report.expired = _expire(writer, dry_run)
    made = {f"{folder}/{_day_of(rel):%Y-%m}.md" for rel in report.summarised}
    report.archive_refs = _archive_refs(writer, dry_run, made)
    # The additions first: slimming frees room for the lines they will add once approved.
    additions = weekly_highlights(ws) + lesson_review(ws)
    slim, report.notes = slimming(ws, additions)
    report.proposals = slim + additions
    for proposal in report.proposals:
        proposal.shown = True  # consolidate's answer lists them: "确认" may take them
    if report.proposals and not dry_run:
        state = load_state(ws)
        # Replace only consolidate's own earlier proposals: rules, knowledge and candidates
        # waiting for their reply stay.
        kept = [p for p in proposals_from_state(state) if p.kind not in CONSOLIDATE_KINDS]
        store_proposals(state, [*kept, *report.proposals])
        save_state(ws, state)
    return report


def _expire(writer: Writer, dry_run: bool) -> list[str]:
    """The pool's clean-up (note 004 lists it under consolidate): candidates past expiry."""
    ws = writer.ws
    if not ws.role("candidates") or not ws.exists(ws.role_path("candidates")):
        return []
    days = int(ws.config.evolve.expiry_days)
    if dry_run:
        return [
            c.cid
            for c in observing(writer)
            if not c.promotable and expired_days(ws, c.first_seen, days) > 0
        ]
    return [c.cid for c in expire(writer, days)]


def expired_days(ws: Workspace, first_seen: str, days: int) -> int:
    """How many days past its expiry a candidate first seen on ``first_seen`` is (<= 0: not)."""
    try:
        age = (ws.today() - date.fromisoformat(first_seen)).days
    except ValueError:
        return 0
    return age - days


def _archive_refs(writer: Writer, dry_run: bool, made: set[str]) -> list[str]:
    """Note 004's 日志归档引用: MEMORY.md lists each monthly archive file (name only, linked),
    added once; a MEMORY.md without that section is left alone. ``made``: the monthly files
    this run writes (still staged in its transaction, not yet on disk)."""
    ws = writer.ws
    if not ws.role("long_term") or not ws.role_files("long_term"):
        return []
    path = ws.role_path("long_term")
    lines = ws.read_lines(path)
    if not any(section_key(b) == "archive" for b in _level2_titles(lines)):
        return []
    folder = archive_folder(ws)
    monthly = sorted(
        {
            rel
            for rel in (*_files_in(ws, folder), *made)
            if re.match(r"^\d{4}-\d{2}\.md$", rel.rsplit("/", 1)[-1])
        }
    )
    links = {rel: _link(path, rel) for rel in monthly}
    missing = [rel for rel, link in links.items() if f"]({link})" not in "".join(lines)]
    if dry_run or not missing:
        return missing
    today = ws.today().isoformat()

    def transform(current: list[str]) -> tuple[list[str], None]:
        new = current
        for rel in missing:
            link = links[rel]
            new, _line = add_bullet(new, "archive", f"- [{link}]({link})", ws.lang, path)
        return refresh_header(new, today), None

    writer.rewrite(path, transform, role="long_term")
    return missing


def _level2_titles(lines: list[str]) -> list[str]:
    return [strip_eol(line)[3:] for line in lines if strip_eol(line).startswith("## ")]


def _files_in(ws: Workspace, folder: str) -> list[str]:
    full = ws.resolve(folder)
    if not full.is_dir():
        return []
    return sorted(f"{folder}/{p.name}" for p in full.iterdir() if p.is_file() and p.suffix == ".md")


def _relink(writer: Writer, monthly: str, old: str, new: str) -> None:
    if not writer.ws.exists(monthly):
        return
    before, after = f"]({_link(monthly, old)})", f"]({_link(monthly, new)})"
    writer.rewrite(
        monthly,
        lambda lines: ([line.replace(before, after) for line in lines], None),
        role="archive",
    )
