"""``memstrata doctor`` (note 004's health-check): what is wrong, and the safe repairs.

Checks: every memory file parses (each malformed file is one finding with its line, what is
wrong and how to fix it; the other checks go on without it); role limits; pending backlog and
age; candidates close to or past expiry; index consistency with the files; line-index headers
that no longer match; links to missing files; secrets in any file; identity and rule files
changed by hand; settings in note 000's config.yaml memstrata does not read; hooks installed
or not. Problems make the exit code 1; notes (an index a write ahead of the files, which the
next search catches up on; a candidate near expiry; no hooks yet) do not. ``fix`` does only
safe repairs — sync the index, refresh stale line-index headers — and says what it did;
``accept`` re-records the hash of an identity or rule file the owner edited on purpose.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import date, datetime

from memstrata.core.config import load_config
from memstrata.core.initialize import BASELINE_ROLES, record_baseline
from memstrata.core.permissions import check_operation
from memstrata.core.redact import find_secrets
from memstrata.core.workspace import Workspace
from memstrata.core.writer import Writer
from memstrata.errors import MemstrataError
from memstrata.evolve.pool import observing
from memstrata.formats.bullets import refresh_header
from memstrata.formats.jsonl import parse_jsonl
from memstrata.formats.validate import entry_keys
from memstrata.maintain.status import workspace_status
from memstrata.recall.index import open_index
from memstrata.recall.store import iter_markdown
from memstrata.text.textio import count_breaks, strip_eol

_LINK = re.compile(r"\]\((?!https?:|mailto:|#)([^)\s]+)\)|→\s*详见\s+(\S+\.md)|→ see\s+(\S+\.md)")
_DATE_LINE = re.compile(
    r"^(>\s*(?:最后更新|last updated)\s*[:：]\s*)(\d{4}-\d{2}-\d{2})", re.IGNORECASE
)


@dataclass
class Finding:
    check: str
    severity: str  # problem | note
    message: str
    where: str = ""


@dataclass
class DoctorReport:
    findings: list[Finding] = field(default_factory=list)
    fixed: list[str] = field(default_factory=list)

    @property
    def healthy(self) -> bool:
        return not any(f.severity == "problem" for f in self.findings)


def _limits(ws: Workspace) -> list[Finding]:
    out = []
    for row in workspace_status(ws, strict=False):
        if row.over_limit:
            used = row.entries if row.limit_unit == "entries" else row.lines
            out.append(
                Finding(
                    "limits",
                    "problem",
                    f"{row.role}: {used} {row.limit_unit}, over the limit of "
                    f"{'< ' if row.below else ''}{row.limit} (run consolidate)",
                    ws.role_path(row.role)
                    if ws.require_role(row.role).kind == "file"
                    else row.role,
                )
            )
    return out


# What to do about each kind of malformed entry (matched on the parser's message).
_HINTS = (
    ("malformed dated entry", "write it as '- [YYYY-MM] 内容 | 来源：…', or drop the leading '['"),
    ("duplicate principle id", "renumber the later one to the next free P number"),
    ("duplicate task id", "give the later one the next free T number"),
    ("has no title", "give the heading a title"),
    ("unclosed [agent] tag", "close the tag: '## [agent] 标题'"),
    ("candidate row has", "give the row every column of its table, separated by '|'"),
    ("candidate count", "write the count as n/target, e.g. 2/3"),
    ("table", "restore the table's heading from the template (memstrata init on a new folder)"),
    ("not valid UTF-8", "save the file as UTF-8"),
    ("unclosed code fence", "close the ``` fence"),
    ("empty 'file:'", "name the pattern's domain file after 'file:'"),
)


def hint(message: str) -> str:
    """The suggested fix for a parser's error message."""
    return next(
        (fix for words, fix in _HINTS if words in message),
        "edit the line to match the entry format, or restore the file from version control",
    )


def _formats(ws: Workspace) -> list[Finding]:
    """Every memory file that does not parse, each with its line, problem and fix (a broken
    file is reported, never a reason to stop checking the others)."""
    out = []
    for name in ws.layout.roles:
        if name in ("pending", "citations"):
            continue  # queues: a bad line is skipped with a warning (see _pending)
        for rel in ws.role_files(name):
            try:
                lines = ws.read_lines(rel, strict=True)
                entry_keys(name, lines, rel)
                if name == "candidates":
                    observing(lines, rel)
            except MemstrataError as exc:
                where = f"{rel}:{exc.line}" if exc.line else rel
                out.append(
                    Finding("format", "problem", f"{exc.message}; fix: {hint(exc.message)}", where)
                )
    return out


def _pending(ws: Workspace) -> list[Finding]:
    if not ws.role("pending"):
        return []
    settings = ws.config.evolve
    parsed = parse_jsonl(ws.read_lines(ws.role_path("pending")))
    out = [
        Finding("pending", "problem", f"corrupt pending line ({w})", ws.role_path("pending"))
        for w in parsed.warnings
    ]
    # a signal already written at once (an explicit instruction) waits for nothing (review15:
    # twelve of them made a healthy workspace read "24 signals waiting", exit 1)
    records = [r for r in parsed.valid if not r.get("written")]
    if records:
        ages = []
        for record in records:
            try:
                ages.append(
                    (ws.now() - datetime.fromisoformat(str(record.get("ts")))).total_seconds()
                    / 3600
                )
            except ValueError:
                continue
        oldest = max(ages, default=0.0)
        if len(records) >= settings.min_pending or oldest > settings.max_age_hours:
            out.append(
                Finding(
                    "pending",
                    "problem",
                    f"{len(records)} signals waiting, oldest {oldest:.0f} h: run `memstrata heartbeat`",
                    ws.role_path("pending"),
                )
            )
    return out


def _candidates(ws: Workspace) -> list[Finding]:
    if not ws.role("candidates") or not ws.exists(ws.role_path("candidates")):
        return []
    days = int(ws.config.evolve.expiry_days)
    out = []
    try:
        candidates = observing(ws.writer())
    except MemstrataError:
        return []  # reported by _formats
    for candidate in candidates:
        try:
            age = (ws.today() - date.fromisoformat(candidate.first_seen)).days
        except ValueError:
            continue
        if candidate.promotable or age < days - 5:
            continue
        # The pool drops a candidate once it is more than `days` old (evolve/pool.py expire).
        left = days - age
        if left >= 0:
            when = "expires today" if left == 0 else f"expires in {left} day(s)"
            if left == 0:
                when += " (dropped at the next heartbeat or consolidate after today)"
        else:
            when = (
                f"expired {-left} day(s) ago (first seen {candidate.first_seen}, limit {days} "
                "days): run `memstrata consolidate` to drop it"
            )
        out.append(
            Finding(
                "candidates",
                "note",
                f"{candidate.cid} ({candidate.count}/{candidate.threshold}) {when}: {candidate.summary}",
                f"{ws.role_path('candidates')}:L{candidate.line}",
            )
        )
    return out


def _index(ws: Workspace) -> list[Finding]:
    index = open_index(ws, None)
    return [Finding("index", level, message, index.location) for level, message in index.health()]


def _normalised_header(lines: list[str]) -> list[str]:
    """Lines with the 最后更新 date blanked, so a refresh that only moves the date is no change."""
    return [_DATE_LINE.sub(r"\1-", strip_eol(line)) for line in lines]


def stale_headers(ws: Workspace) -> list[str]:
    out = []
    for role in ("user", "long_term"):
        for rel in ws.role_files(role):
            try:
                lines = ws.read_lines(rel)
            except MemstrataError:
                continue  # reported by _formats
            if _normalised_header(
                refresh_header(lines, ws.today().isoformat())
            ) != _normalised_header(lines):
                out.append(rel)
    return out


def _links(ws: Workspace) -> list[Finding]:
    out = []
    for rel, _stat in iter_markdown(ws.root):
        base = rel.rsplit("/", 1)[0] if "/" in rel else ""
        try:
            text = ws.read_lines(rel)
        except MemstrataError:
            continue  # unreadable: reported by _formats when it is a memory file
        for number, line in enumerate(text, start=1):
            for match in _LINK.finditer(line):
                target = next(g for g in match.groups() if g).split("#")[0]
                if not target or target.startswith(("/", "~")):
                    continue
                candidates = [f"{base}/{target}" if base else target, target]
                if not any(_exists(ws, c) for c in candidates):
                    out.append(
                        Finding(
                            "links", "problem", f"link to missing file {target}", f"{rel}:{number}"
                        )
                    )
    return out


def _exists(ws: Workspace, rel: str) -> bool:
    """A link's target: a file or folder, or a document (or folder) of the team store."""
    if (ws.root / rel).exists():
        return True
    try:
        return ws.exists(rel) or bool(ws.store.walk(rel))
    except MemstrataError:  # leads out of the workspace and is not there
        return False


def _secrets(ws: Workspace) -> list[Finding]:
    out = []
    names = [rel for rel, _stat in (*iter_markdown(ws.root), *ws.global_markdown())]
    names += [
        ws.role_path(r)
        for r in ("pending", "citations")
        if ws.role(r) and ws.exists(ws.role_path(r))
    ]
    for rel in names:
        try:
            text = "".join(ws.read_lines(rel))
        except MemstrataError:  # unreadable files are reported by status and search
            continue
        for finding in find_secrets(text):
            line = count_breaks(text[: finding.start]) + 1
            out.append(
                Finding(
                    "secrets",
                    "problem",
                    f"a {finding.kind} is stored in plain text (value not shown)",
                    f"{rel}:{line}",
                )
            )
    return out


def _identity(ws: Workspace) -> list[Finding]:
    """Identity files (never written by memstrata) and note 001's rule files (written only on
    an approved proposal, which re-records the hash) changed or deleted by hand. The baseline
    is read from disk: an approval in this process may have moved it since the workspace
    was opened."""
    baseline = load_config(ws.root).baseline
    if not baseline:
        if not any(ws.role_files(role) for role in BASELINE_ROLES):
            return []  # the layout has no identity or rule files (note 000's)
        return [
            Finding(
                "identity", "note", "no identity baseline (workspace adopted, not created by init)"
            )
        ]
    out = []
    for rel, digest in baseline.items():
        kind = "rules" if ws.role_of(rel) == "rules" else "identity"
        try:
            path = ws.resolve(rel)
        except MemstrataError:
            continue  # a global file whose [global] root is no longer configured
        accept = f"if you meant it: `memstrata doctor --accept {rel}`"
        data = ws.store.read(ws.rel(path))
        if data is None:
            out.append(Finding(kind, "problem", f"{kind} file deleted since init", rel))
        elif hashlib.sha256(data).hexdigest() != digest:
            message = (
                "rules file edited by hand (rules change only through `memstrata rule` and "
                f"an approval); {accept}"
                if kind == "rules"
                else f"identity file changed since init (memstrata never writes it); {accept}"
            )
            out.append(Finding(kind, "problem", message, rel))
    for rel in ws.role_files("rules"):
        if rel not in baseline:
            out.append(
                Finding(
                    "rules",
                    "problem",
                    "rules file made by hand, never approved (rules arrive through `memstrata "
                    "rule` and an approval); `context` leaves it out; if you meant it: "
                    f"`memstrata doctor --accept {rel}`",
                    rel,
                )
            )
    return out


def _note_config(ws: Workspace) -> list[Finding]:
    """Settings in note 000's config.yaml that memstrata does not read."""
    if ws.preset != "self-evolution":
        return []
    from memstrata.core.note_config import NOTE_CONFIG, unused_keys

    return [
        Finding(
            "config",
            "note",
            f"{key} is not a setting memstrata reads (it reads heartbeat.min_pending, "
            "heartbeat.max_age_hours, citation_log; the rest are in memstrata.toml [evolve])",
            f"{NOTE_CONFIG}:{line}",
        )
        for key, line in unused_keys(ws.root)
    ]


def accept(writer: Writer, rels: list[str]) -> list[str]:
    """Re-record the baseline of identity or rule files the owner changed on purpose."""
    check_operation("doctor", writer.session)
    ws = writer.ws
    for rel in rels:
        if ws.role_of(rel) not in BASELINE_ROLES:
            raise MemstrataError("is not an identity or rules file", rel)
        if not ws.exists(rel):
            raise MemstrataError("does not exist", rel)
    with writer.transaction():
        record_baseline(writer, rels)
    return [f"accepted the current text of {rel} as its baseline" for rel in rels]


def _hooks(ws: Workspace) -> list[Finding]:
    from memstrata.maintain.installs import check_installs

    installed, found = check_installs(ws.root)
    out = [Finding("hooks", severity, message, where) for severity, message, where in found]
    settings = ws.root / ".claude" / "settings.json"
    try:  # hooks written into the workspace's own settings by hand or by an older installer
        text = settings.read_text(encoding="utf-8") if settings.exists() else "{}"
        hooks = json.loads(text).get("hooks", {})
        commands = [
            str(h.get("command", ""))
            for groups in hooks.values()
            for g in groups
            for h in g.get("hooks", [])
        ]
    except (ValueError, AttributeError, TypeError):
        return [*out, Finding("hooks", "problem", "invalid JSON", ".claude/settings.json")]
    installed = installed or any("memstrata" in c and " hook " in f" {c} " for c in commands)
    if installed or (ws.root / "hooks" / "memstrata").exists():
        return out
    return [
        *out,
        Finding(
            "hooks",
            "note",
            "no agent hooks installed (signals are captured only when the agent calls memstrata)",
        ),
    ]


CHECKS = (
    _formats,
    _limits,
    _pending,
    _candidates,
    _index,
    _links,
    _secrets,
    _identity,
    _note_config,
    _hooks,
)


def diagnose(ws: Workspace) -> DoctorReport:
    report = DoctorReport()
    for check in CHECKS:
        report.findings.extend(check(ws))
    report.findings.extend(
        Finding("headers", "problem", "line-index header no longer matches the sections", rel)
        for rel in stale_headers(ws)
    )
    return report


def fix(writer: Writer) -> list[str]:
    """Safe repairs only: refresh stale line-index headers, then bring the index up to date."""
    ws = writer.ws
    done = []
    for rel in stale_headers(ws):
        writer.rewrite(rel, lambda lines: (refresh_header(lines, ws.today().isoformat()), None))
        done.append(f"refreshed the line-index header of {rel}")
    from memstrata.providers.embedders import EmbedderError, workspace_embedder

    try:
        stats = open_index(ws, workspace_embedder(ws.config.search)).sync()
    except EmbedderError:  # an unloadable model must not stop the lexical repair
        stats = open_index(ws, None).sync(embed=False)
    done.append(
        f"synced the index ({stats.changed} changed, {stats.removed} removed, {stats.embedded} embedded)"
    )
    return done


def run_doctor(writer: Writer, repair: bool = False) -> DoctorReport:
    if repair:
        fixed = fix(writer)
        report = diagnose(writer.ws)
        report.fixed = fixed
        return report
    return diagnose(writer.ws)
