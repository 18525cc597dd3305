"""``memstrata heartbeat``: synthesise pending signals when due (note 000).

Runs when pending.jsonl holds >= 5 signals or its oldest is > 24 h old (or when forced);
otherwise says why it skipped. It merges duplicates (a hook's coarse record and the agent's
fine one for the same event: the fine one wins), expires stale candidates, feeds the pool,
turns promotable candidates into classified proposals, renders the reflection report and (at
most twice per session) the evolution card, and removes exactly the records it processed
from the queue: records appended meanwhile and corrupt lines stay.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from memstrata.capture.failure_text import failure_statement
from memstrata.capture.signals import POINTING_BACK
from memstrata.core.config import EvolveSettings
from memstrata.core.permissions import check_operation
from memstrata.core.workspace import Workspace
from memstrata.core.writer import Writer
from memstrata.entries.journal import log
from memstrata.evolve.policy import policy, threshold
from memstrata.evolve.pool import Embed, expire, observe, observing
from memstrata.evolve.preview import locate
from memstrata.evolve.proposals import (
    MAX_CARDS_PER_SESSION,
    Proposal,
    as_proposals,
    evolve_lock,
    load_state,
    mark_shown,
    proposal_key,
    proposals_from_state,
    render_card,
    render_report,
    save_state,
    store_proposals,
)
from memstrata.formats.bullets import parse_bullets
from memstrata.formats.jsonl import parse_jsonl
from memstrata.formats.patterns import parse_patterns
from memstrata.formats.principles import parse_principles
from memstrata.text.lazy_re import lazy_compile
from memstrata.text.similarity import similarity
from memstrata.text.titles import clip

MIN_PENDING = EvolveSettings.min_pending
MAX_AGE_HOURS = EvolveSettings.max_age_hours
FINE_SOURCES = ("user", "agent")
SAME_EVENT_SECONDS = 120


@dataclass
class HeartbeatReport:
    ran: bool
    reason: str
    processed: int = 0
    observed: int = 0
    already_written: int = 0
    reinforcements: int = 0
    expired: list[str] = field(default_factory=list)
    proposals: list[Proposal] = field(default_factory=list)
    report: str = ""
    card: str = ""
    warnings: list[str] = field(default_factory=list)
    skill_drafts: list[str] = field(default_factory=list)
    strengthened: list[str] = field(default_factory=list)  # entries a repeat was counted on
    unspecific: int = 0  # signals with nothing specific to keep ("以后都这样" alone)
    waiting: bool = False  # proposals wait but this session already saw its cards
    fresh: list[int] = field(default_factory=list)  # numbers of proposals first made now
    # proposals the caller had written at once (``write_now``), as ``approve`` reports them
    written: list[dict] = field(default_factory=list)
    # candidate ids each queued message was counted on (by the message id its records share)
    counted: dict[str, set[str]] = field(default_factory=dict)


def _day(record: dict, default: date) -> date:
    """The day a signal was observed (its timestamp), not the day the heartbeat runs."""
    try:
        return datetime.fromisoformat(str(record.get("ts", ""))).date()
    except ValueError:
        return default


def _age_hours(record: dict, now: datetime) -> float:
    try:
        return (now - datetime.fromisoformat(str(record.get("ts", "")))).total_seconds() / 3600
    except ValueError:
        return 0.0


def due(
    records: list[dict],
    now: datetime,
    min_pending: int = MIN_PENDING,
    max_age_h: float = MAX_AGE_HOURS,
    last_synthesis: str = "",
) -> tuple[bool, str]:
    """Whether a heartbeat should run, and why (or why not): note 000's ">= 5 signals, or more
    than 24 h since the last synthesis and pending not empty", or an explicit instruction
    waiting for its card (note 004). Before the first synthesis the oldest signal's age stands
    in for the time since the last one."""
    if not records:
        return False, "pending 为空 / nothing pending"
    if len(records) >= min_pending:
        return True, f"pending 有 {len(records)} 条信号（>= {min_pending}）"
    if any(r.get("promote_now") and not r.get("written") for r in records):
        # Note 004: an explicit instruction goes to the card at once, not after 24 h.
        return True, "有明确指示等待晋升 / an explicit instruction waits"
    try:
        since = (now - datetime.fromisoformat(last_synthesis)).total_seconds() / 3600
        what = "距上次综合"
    except ValueError:
        since = max(_age_hours(r, now) for r in records)
        what = "最早的信号已"
    if since > max_age_h:
        return True, f"{what} {since:.0f} 小时（> {max_age_h:g} h）"
    return (
        False,
        f"pending 只有 {len(records)} 条（< {min_pending}），{what} {since:.1f} 小时（<= {max_age_h:g} h）",
    )


def _distil_due(ws: Workspace, state: dict, max_age_h: float) -> tuple[bool, str]:
    """With nothing queued, the openclaw heartbeat distils the recent daily logs (if there
    are any) once per ``max_age_h``."""
    from memstrata.evolve.distil import RECENT_DAYS

    today = ws.today()
    if ws.role("daily") is None or not any(
        ws.exists(ws.daily_path(today - timedelta(days=back))) for back in range(RECENT_DAYS + 1)
    ):
        return False, "pending 为空 / nothing pending"
    try:
        last = datetime.fromisoformat(str(state.get("last_synthesis")))
        since = (ws.now() - last).total_seconds()
    except ValueError:
        return True, "提炼日志（首次）/ distil the logs (first time)"
    if since / 3600 > max_age_h:
        return True, f"提炼日志：距上次 {since / 3600:.0f} 小时 / distil the logs"
    return False, "pending 为空 / nothing pending"


def _same_event(first: dict, second: dict) -> bool:
    """Two records of one event: a hook's and an agent's report of it, or two reports within
    two minutes. The same preference stated on separate occasions counts each time."""
    if (first.get("source") == "hook") != (second.get("source") == "hook"):
        return True
    if (
        first.get("signal") == "tool_error"
        and first.get("source") == second.get("source") == "hook"
    ):
        return False  # each failure hook call is its own failure: a quick retry counts again
    try:
        gap = abs(
            (
                datetime.fromisoformat(str(first["ts"])) - datetime.fromisoformat(str(second["ts"]))
            ).total_seconds()
        )
    except (KeyError, ValueError):
        return False
    return gap <= SAME_EVENT_SECONDS


def _said(record: dict) -> str:
    return str(record.get("evidence") or record.get("brief", ""))


def _alike(first: dict, second: dict, text: str) -> bool:
    """Whether two records of one moment report the same thing. Two reports from one source
    (two messages of the user a minute apart) are one only when they say the same words: "staging
    的端口应该是 5433" and "prod 的端口应该是 6432" are alike by characters and are two facts.
    Reports from two sources (a hook's and the agent's) word one event differently."""
    if first.get("source") == second.get("source"):
        return " ".join(_said(first).split()) == " ".join(text.split())
    return similarity(_said(first), text) >= 0.6


def merge_duplicates(records: list[dict]) -> list[dict]:
    """One record per event: among records of the same kind whose evidence matches and that
    report the same event, keep the fine one (from the user or agent, with the longest detail)
    over a hook's coarse one."""
    kept: list[dict] = []
    for record in sorted(
        records, key=lambda r: (r.get("source") not in FINE_SOURCES, -len(str(r.get("detail", ""))))
    ):
        text = _said(record)
        duplicate = any(
            other["signal"] == record["signal"]
            and _same_event(other, record)
            and _alike(other, record, text)
            for other in kept
        )
        if not duplicate:
            kept.append(record)
    return kept


def heartbeat(
    writer: Writer,
    force: bool = False,
    session_id: str = "default",
    use_embeddings: bool = True,
    write_now: Callable[[HeartbeatReport], list[int]] | None = None,
    card_seen: bool = True,
) -> HeartbeatReport:
    """Run when due (or forced). Hooks pass ``use_embeddings=False``: they must not load a model.
    ``write_now`` picks the proposals to write in this same run (note 000's "不对…" and
    "反思一下" write what they find), so the report says what was written and what waits.
    ``card_seen=False``: the caller parks the card instead of showing it (SessionEnd), so its
    proposals are not seen yet ("确认" does not take them until a session shows it)."""
    check_operation("heartbeat", writer.session)
    if write_now is not None:
        check_operation("approve", writer.session)
    ws = writer.ws
    settings = ws.config.evolve
    embed = embedder_for(ws) if use_embeddings else None
    pending_path = ws.role_path("pending")
    # One transaction: the pool, the report, the log pointer, the proposals and the cleared
    # queue change together or not at all, so a killed heartbeat never counts a signal twice.
    with evolve_lock(ws), writer.transaction():
        parsed = parse_jsonl(ws.read_lines(pending_path), required=("signal", "brief"))
        records = [r.data for r in parsed.records if r.data is not None]
        state = load_state(ws)
        # Forced or not, an empty queue means nothing to do: a rerun after a completed (or
        # recovered) heartbeat must change nothing.
        # Note 003's heartbeat also distils the daily logs: with nothing queued it still runs
        # when asked, or once a day (a tester's round on 7731d2a: it never ran on logs alone).
        distils = ws.preset == "openclaw"
        run, reason = (
            (True, "forced")
            if force and (records or distils)
            else _distil_due(ws, state, settings.max_age_hours)
            if distils and not records
            else due(
                records,
                ws.now(),
                settings.min_pending,
                settings.max_age_hours,
                str(state.get("last_synthesis", "")),
            )
        )
        report = HeartbeatReport(
            ran=run, reason=reason, warnings=[f"{pending_path}: {w}" for w in parsed.warnings]
        )
        skipped = {p.cid: p.skipped_on for p in proposals_from_state(state) if p.skipped_on}
        if not run:
            if force and policy(ws) == "pool":
                # asked to run with nothing queued: the pool's expiry still applies (review15:
                # a 65-day-old candidate stayed 观察中 until an unrelated signal came)
                gone = {c.cid for c in expire(writer, int(settings.expiry_days), skipped)}
                report.expired = sorted(gone)
                if gone:  # their proposals go with them
                    remaining = [p for p in proposals_from_state(state) if p.cid not in gone]
                    store_proposals(state, remaining, renumber=False)
                    save_state(ws, state)
            return report
        if policy(ws) == "pool":
            report.expired = [c.cid for c in expire(writer, int(settings.expiry_days), skipped)]
        explicit = _synthesise(writer, report, merge_duplicates(records), embed)
        report.processed = len(records)
        report.skill_drafts = _draft_skills(writer, records)
        promotable = [c for c in observing(writer) if c.promotable]
        report.proposals = as_proposals(ws, promotable, explicit)
        from memstrata.evolve import supersede

        report.proposals += supersede.proposals(writer, embed)
        if ws.preset == "openclaw":
            from memstrata.evolve.distil import distil_daily_logs

            report.proposals += distil_daily_logs(writer, embed)
        # Consolidation's maintenance proposals wait for their own reply: keep them.
        waiting = [p for p in proposals_from_state(state) if p.maintenance]
        kept = {_waiting_key(p) for p in report.proposals}
        report.proposals += [p for p in waiting if _waiting_key(p) not in kept]
        report.fresh = store_proposals(state, report.proposals)
        locate(writer, report.proposals)
        store_proposals(state, report.proposals, renumber=False)
        if write_now is not None:
            report.written = _write_now(writer, state, write_now(report))
        state["last_synthesis"] = ws.now().isoformat(timespec="seconds")
        cards = state.setdefault("cards", {})
        written = {item["number"]: str(item.get("cite", "")) for item in report.written}
        report.report = render_report(
            ws, report.proposals, _totals(writer), report.observed, report.skill_drafts, written
        )
        waiting = [p for p in report.proposals if p.number not in written]
        if waiting and cards.get(session_id, 0) < MAX_CARDS_PER_SESSION:
            report.card = render_card(ws, waiting)
            cards[session_id] = cards.get(session_id, 0) + 1
            if card_seen:
                mark_shown(state, {proposal_key(p) for p in waiting})
        elif waiting:
            report.waiting = True  # never dropped: `memstrata proposals` and the next session
        save_state(ws, state)
        if report.proposals or report.observed or report.skill_drafts:
            _file_report(writer, report.report, len(waiting), len(written), report.observed)
        _clear(writer, pending_path, [r.raw for r in parsed.records if r.data is not None])
        return report


def _write_now(writer: Writer, state: dict, chosen: list[int]) -> list[dict]:
    """Write the chosen proposals as ``approve`` would; what could not be written stays open."""
    from memstrata.evolve.approve import ApproveResult, apply_chosen

    if not chosen:
        return []
    result = ApproveResult("")
    apply_chosen(writer, state, chosen, result)
    return result.applied


def _waiting_key(proposal: Proposal) -> tuple[str, str]:
    """What makes a waiting proposal the same as a new one: its words, or for a superseded
    mark the principle it marks (a newer replacement replaces the older proposal)."""
    if proposal.kind == "supersede":
        return proposal.kind, str(proposal.payload.get("old"))
    return proposal.kind, proposal.summary


def _summary(record: dict) -> str:
    """The clean statement a record teaches ("" when it says nothing specific). Records queued
    before statements were cleaned carry their raw words: they are cleaned here."""
    from memstrata.capture.statement import statement

    if record.get("unspecific"):
        return ""
    kind = str(record["signal"])
    if kind in ("tool_error", "repeated_failure"):
        return clip(str(record.get("detail") or record.get("evidence") or record["brief"]), 100, "")
    if record.get("clean"):
        return clip(str(record.get("detail", "")), 100, "")
    said = statement(kind, str(record.get("evidence") or record.get("detail") or ""))
    return clip(said.content, 100, "")


def _synthesise(
    writer: Writer, report: HeartbeatReport, records: list[dict], embed: Embed | None
) -> set[str]:
    """Feed each finding to the pool, unless memory already holds it (then it strengthens that
    entry). Tool errors of one operation seen twice or more are one repeated failure; a single
    tool error is a candidate under note 004's policy (the error-detector's events reach
    CANDIDATES.md) and noise under note 000's. Returns the ids of explicit candidates."""
    from memstrata.evolve import known

    ws = writer.ws
    settings = ws.config.evolve
    synthesis = policy(ws) == "synthesis"
    memory = known.entries(ws)
    explicit: set[str] = set()
    findings: list[tuple[dict, str, str]] = []
    errors: dict[str, list[dict]] = {}
    for record in sorted(records, key=lambda r: str(r.get("ts", ""))):
        kind = record["signal"]
        if record.get("written"):
            report.already_written += 1
        elif kind == "satisfaction":
            report.reinforcements += 1
        elif kind == "workflow":
            continue  # handled by _draft_skills: recurring workflows become skill drafts
        elif kind == "tool_error":
            op = str(record.get("op") or record.get("evidence") or record["brief"])
            errors.setdefault(op, []).append(record)
        else:
            findings.append((record, kind, _summary(record)))
    for op, failed in errors.items():
        last = failed[-1]
        zh = ws.lang == "zh"
        if len(failed) >= 2:
            error = str(last.get("evidence") or last["brief"])
            summary = failure_statement(op, len(failed), error, zh)
            findings.append((last, "repeated_failure", summary))
        elif not synthesis:
            error = str(last.get("evidence") or last["brief"])
            findings.append((last, "tool_error", failure_statement(op, 1, error, zh)))
    for record, kind, summary in _one_per_message(findings):
        if not summary:
            report.unspecific += 1
            continue
        day = _day(record, ws.today())
        same = known.find(ws, summary, embed, memory, explicit=bool(record.get("promote_now")))
        if same is not None:
            known.strengthen(writer, same, summary, day.isoformat())
            report.strengthened.append(same.entry)
            continue
        candidate = observe(
            writer,
            kind,
            summary,
            explicit=bool(record.get("promote_now")),
            relayed=bool(record.get("relayed")),
            seen=day,
            threshold=threshold(ws),
            similar=settings.match,
            embed=embed,
            similar_embedding=settings.match_embedding,
        )
        report.observed += 1
        report.counted.setdefault(str(record.get("message", "")), set()).add(candidate.cid)
        if record.get("promote_now"):
            explicit.add(candidate.cid)
    return explicit


# A message that opens by telling the agent it is wrong and ends with a request that only
# points back at that (capture.signals.POINTING_BACK: the same words the capture reads).
_KEEPS_A_CORRECTION = lazy_compile(
    r"\s*(?:不对|错了|不是这样|你(?:又)?(?:搞|弄|写|记|理解)错了|(?:no|nope|wrong)\b"
    rf"|that'?s (?:wrong|not right|incorrect)).*{POINTING_BACK}[\s。.!！~～]*",
    re.IGNORECASE | re.DOTALL,
)

# Which reading of one message is kept when it has several that say the same thing.
_KIND_ORDER = ("correction", "preference", "new_knowledge", "repeated_failure", "tool_error")
_FAILURES = frozenset({"repeated_failure", "tool_error"})
_FIXES = frozenset({"correction", "explicit_remember"})


def _one_per_message(findings: list[tuple[dict, str, str]]) -> list[tuple[dict, str, str]]:
    """One finding per statement of a message: "其实 gateway 的端口是 8443，不是 8080" is read as a
    correction and as news, and counting both made the 3x pool promote after two occasions.
    Readings of one message that say different things (two clauses) stay apart. An explicit
    instruction's reading always stays: it is what promotes at once (as a correction when the
    request only points back at one: "不对，…。记住这个"). A failure in the message's
    tool context beside what the user said about it ("不对，应该用 pnpm" after npm failed twice) is
    one event: the user's statement, which says the fix, is kept (note 000 merges the coarse
    and the fine report of one event)."""
    kept: list[tuple[dict, str, str]] = []

    def order(item: tuple[dict, str, str]) -> tuple[bool, int]:
        record, kind, _summary = item
        rank = _KIND_ORDER.index(kind) if kind in _KIND_ORDER else len(_KIND_ORDER)
        return (not record.get("promote_now"), rank)

    for item in sorted(findings, key=order):
        record, kind, summary = item
        message = record.get("message")
        same = next(
            (
                place
                for place, (other, other_kind, text) in enumerate(kept)
                if message
                and other.get("message") == message
                and (
                    (kind in _FAILURES and other_kind in _FIXES)
                    or bool(summary and similarity(text, summary) >= 0.6)
                )
            ),
            None,
        )
        if same is None:
            kept.append(item)
        elif (
            kind == "correction"
            and kept[same][1] == "explicit_remember"
            and _KEEPS_A_CORRECTION.fullmatch(str(kept[same][0].get("evidence", "")))
        ):
            # "不对，…。记住这个": the request only points back at a correction, kept as one
            # (错误修正记录, note 004); not "记住：prod 的变更都走 MR，不要直接 kubectl apply" (a
            # rule the model also reads as correcting: scenarios 3 and 5 wrote three rules as
            # corrections) nor "No, that's wrong. Always use pnpm from now on" (a rule)
            kept[same] = (kept[same][0], kind, kept[same][2])
    return sorted(kept, key=lambda item: str(item[0].get("ts", "")))


def _file_report(writer: Writer, text: str, waiting: int, written: int, observed: int) -> None:
    """The reflection report quotes what the user said, so it goes to the private reports
    folder; the daily log, which shared sessions read, gets a pointer without content that
    counts what waits for approval apart from what was written."""
    ws = writer.ws
    zh = ws.lang == "zh"
    day = ws.today().isoformat()
    target = f"{ws.role_path('reports')}/{day}.md"
    title = f"# 自进化反思报告 {day}\n" if zh else f"# Self-evolution reports {day}\n"
    writer.append(target, "\n" + text + "\n", header=title, role="reports")
    if ws.role("daily") is None:
        return
    done = (f"，已写入 {written} 条" if zh else f", {written} written") if written else ""
    pointer = (
        f"新观察 {observed} 条，待确认 {waiting} 条{done}；报告见 {target}（仅主会话）"
        if zh
        else f"{observed} observation(s), {waiting} proposal(s){done}; report in {target} (main session only)"
    )
    # Through the journal: a second heartbeat that day adds a line to the same section, and a
    # five-tier log keeps its footer last.
    log(writer, pointer, title="自进化反思" if zh else "Self-evolution")


def embedder_for(ws: Workspace) -> Callable[[list[str]], Any] | None:
    """The workspace's embedder for candidate matching, or None (lexical only) if it fails."""
    from memstrata.providers.embedders import EmbedderError, workspace_embedder

    try:
        model = workspace_embedder(ws.config.search, learning=True)
        if model is None:
            return None
        model.embed(["warm up"])
    except EmbedderError:
        return None
    return model.embed


def _draft_skills(writer: Writer, records: list[dict]) -> list[str]:
    """Draft a SKILL.md for each recurring successful workflow not drafted or approved yet."""
    from memstrata.evolve import skills

    if writer.ws.role("skills") is None:
        return []
    drafted = []
    for steps in skills.recurring_workflows(records):
        name = skills.name_for(steps)
        _index, folder = skills.folders(writer)
        if any(
            writer.ws.exists(p)
            for p in (f"{folder}/auto-generated/{name}/SKILL.md", f"{folder}/{name}/SKILL.md")
        ):
            continue
        drafted.append(skills.draft(writer, name, list(steps)).path)
    return drafted


# The roles the learning loop writes to, and how their entries are counted.
_COUNTED: dict[str, Callable[[list[str], str], Sequence[object]]] = {
    "principles": parse_principles,
    "patterns": parse_patterns,
    "long_term": parse_bullets,
    "user": parse_bullets,
}


def _totals(writer: Writer) -> dict[str, int]:
    """Entries in each role the learning loop writes to, for the roles this layout has: a
    report counting L1 principles where the layout keeps none misleads (issue 11)."""
    ws = writer.ws
    return {
        role: sum(
            len(parse(ws.read_lines(path), path))
            for path in ws.role_files(role)
            if role != "patterns" or not path.endswith("index.md")
        )
        for role, parse in _COUNTED.items()
        if ws.role(role) is not None
    }


def _clear(writer: Writer, path: str, processed: list[str]) -> None:
    """Remove exactly the processed lines (a multiset), under the queue's lock."""
    remove = Counter(processed)

    def transform(lines: list[str]) -> tuple[list[str], None]:
        kept = []
        for line in lines:
            if remove[line] > 0:
                remove[line] -= 1
            else:
                kept.append(line)
        return kept, None

    writer.rewrite(path, transform, role="pending")
