"""``memstrata doctor`` (note 004's health-check): what is wrong, and the safe repairs.

Checks: role limits; pending backlog and age; candidates close to expiry; index freshness and
consistency with the files; line-index headers that no longer match; links to missing files;
secrets in any file; identity files changed since init; hooks installed or not. Problems make
the exit code 1; notes (a candidate near expiry, no hooks yet) do not. ``fix`` does only safe
repairs — sync the index, refresh stale line-index headers — and says what it did.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from dataclasses import dataclass, field
from datetime import date, datetime

from memstrata.core.redact import find_secrets
from memstrata.core.workspace import Workspace
from memstrata.core.writer import Writer
from memstrata.errors import MemstrataError
from memstrata.evolve.pool import observing
from memstrata.formats.bullets import refresh_header
from memstrata.formats.jsonl import parse_jsonl
from memstrata.maintain.status import workspace_status
from memstrata.recall.store import INDEX_NAME, Index, iter_markdown
from memstrata.text.textio import strip_eol

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
    for row in workspace_status(ws):
        if row.over_limit:
            used = row.entries if row.limit_unit == "entries" else row.lines
            out.append(
                Finding(
                    "limits",
                    "problem",
                    f"{row.role}: {used} {row.limit_unit} > limit {row.limit} (run consolidate)",
                    ws.role_path(row.role)
                    if ws.require_role(row.role).kind == "file"
                    else row.role,
                )
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
    records = parsed.valid
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
    days = ws.config.evolve.expiry_days
    out = []
    for candidate in observing(ws.writer()):
        try:
            age = (ws.today() - date.fromisoformat(candidate.first_seen)).days
        except ValueError:
            continue
        if not candidate.promotable and age >= days - 5:
            out.append(
                Finding(
                    "candidates",
                    "note",
                    f"{candidate.cid} ({candidate.count}/{candidate.threshold}) expires in {max(days - age, 0)} day(s): {candidate.summary}",
                    f"{ws.role_path('candidates')}:L{candidate.line}",
                )
            )
    return out


def _index(ws: Workspace) -> list[Finding]:
    path = ws.state_dir / INDEX_NAME
    if not path.exists():
        return [
            Finding(
                "index",
                "problem",
                "no search index yet: run `memstrata index`",
                f".memstrata/{INDEX_NAME}",
            )
        ]
    try:
        return _index_state(ws)
    except sqlite3.DatabaseError as exc:
        return [
            Finding(
                "index",
                "problem",
                f"the search index is damaged ({str(exc)[:60]}); `memstrata doctor --fix` or any "
                "search rebuilds it from the files (nothing is lost)",
                f".memstrata/{INDEX_NAME}",
            )
        ]


def _index_state(ws: Workspace) -> list[Finding]:
    conn = Index(ws, None).connect()
    known = {
        row[0]: (row[1], row[2]) for row in conn.execute("SELECT path, size, mtime_ns FROM files")
    }
    on_disk = {rel: (stat.st_size, stat.st_mtime_ns) for rel, stat in iter_markdown(ws.root)}
    stale = sorted(rel for rel, sig in on_disk.items() if known.get(rel) != sig)
    gone = sorted(rel for rel in known if rel not in on_disk)
    orphans = conn.execute(
        "SELECT COUNT(*) FROM chunks WHERE path NOT IN (SELECT path FROM files)"
    ).fetchone()[0]
    out = []
    if stale or gone:
        out.append(
            Finding(
                "index",
                "problem",
                f"index is behind the files: {len(stale)} changed, {len(gone)} deleted "
                f"({', '.join((stale + gone)[:3])}…)",
                f".memstrata/{INDEX_NAME}",
            )
        )
    if orphans:
        out.append(
            Finding(
                "index",
                "problem",
                f"{orphans} chunks belong to no indexed file",
                f".memstrata/{INDEX_NAME}",
            )
        )
    return out


def _normalised_header(lines: list[str]) -> list[str]:
    """Lines with the 最后更新 date blanked, so a refresh that only moves the date is no change."""
    return [_DATE_LINE.sub(r"\1-", strip_eol(line)) for line in lines]


def stale_headers(ws: Workspace) -> list[str]:
    out = []
    for role in ("user", "long_term"):
        for rel in ws.role_files(role):
            lines = ws.read_lines(rel)
            if _normalised_header(
                refresh_header(lines, ws.today().isoformat())
            ) != _normalised_header(lines):
                out.append(rel)
    return out


def _links(ws: Workspace) -> list[Finding]:
    out = []
    for rel, _stat in iter_markdown(ws.root):
        base = rel.rsplit("/", 1)[0] if "/" in rel else ""
        for number, line in enumerate(ws.read_lines(rel), start=1):
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
    names = [rel for rel, _stat in iter_markdown(ws.root)]
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
            line = text.count("\n", 0, finding.start) + 1
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
    baseline = ws.config.baseline
    if not baseline:
        return [
            Finding(
                "identity", "note", "no identity baseline (workspace adopted, not created by init)"
            )
        ]
    out = []
    for rel, digest in baseline.items():
        data = ws.store.read(rel)
        if data is None:
            out.append(Finding("identity", "problem", "identity file deleted since init", rel))
        elif hashlib.sha256(data).hexdigest() != digest:
            out.append(
                Finding(
                    "identity",
                    "problem",
                    "identity file changed since init (memstrata never writes it)",
                    rel,
                )
            )
    return out


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


CHECKS = (_limits, _pending, _candidates, _index, _links, _secrets, _identity, _hooks)


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
        stats = Index(ws, workspace_embedder(ws.config.search)).sync()
    except EmbedderError:  # an unloadable model must not stop the lexical repair
        stats = Index(ws, None).sync(embed=False)
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
