"""One shape per result, for every adapter: the CLI's ``--json``, MCP's structured content and
the local service's JSON API all call these functions, so they cannot drift apart (they did:
``get --json`` had ``cite`` and ``memory_get`` did not).

Text forms for people are here too, always plain: memory text is never interpreted as rich
markup (``[red]`` or ``[/]`` in a note must print as written), and a citation is never wrapped.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, is_dataclass
from typing import Any

from memstrata.text.spans import Placed


def to_json(data: Any) -> str:
    """Pretty JSON with Chinese kept readable."""
    return json.dumps(data, ensure_ascii=False, indent=2, default=_default)


def _default(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return asdict(value)
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    return str(value)


# ---------------------------------------------------------------- writes
def placed(
    result: Placed, warnings: list[str] | None = None, seen_again: bool = False
) -> dict[str, Any]:
    """Where a write landed: ``remember``, ``log``, ``lesson``, ``project``, ``infra``...; and
    what the write did not stop for (a file left over its line limit, with the count).
    ``seen_again``: nothing was written, memory already held it (``remember`` of a repeat)."""
    data = {**result.span.as_json(), "entry_id": result.entry_id, "title": result.title}
    if seen_again:
        data["seen_again"] = True
    if warnings:
        data["warnings"] = list(warnings)
    return data


def placed_text(result: Placed, seen_again: bool = False) -> str:
    said = "already in memory, seen again: " if seen_again else ""
    return f"{said}{result.role}: {result.title}\n{result.cite}"


# ---------------------------------------------------------------- recall
def search(response: Any) -> dict[str, Any]:
    """query, mode, degraded, results (each hit names its ``workspace`` when several were
    searched), warnings and how many chunks still wait for embeddings."""
    return {
        **response.as_json(),
        "warnings": list(response.warnings),
        "pending_embeddings": response.pending_embeddings,
    }


def hit_line(hit: Any, label: str = "") -> str:
    """``📍 path:Lx-Ly  0.812  snippet`` on one line (the plain, grep-friendly form)."""
    where = f"[{label}] {hit.cite}" if label else hit.cite
    snippet = " ".join(hit.snippet.split())
    weak = "  (weak match)" if hit.weak else ""
    return f"{where}  {hit.score:.3f}  {snippet}{weak}"


def got(result: Any) -> dict[str, Any]:
    """The lines a citation points at."""
    return {**result.span.as_json(), "text": result.text}


def context(result: Any) -> dict[str, Any]:
    return asdict(result)


def task_warnings(found: list[Any]) -> list[dict[str, Any]]:
    return [asdict(w) for w in found]


def reviewed_groups(groups: dict[str, list[Any]]) -> dict[str, list[dict[str, Any]]]:
    return {name: [asdict(item) for item in items] for name, items in groups.items()}


def reviewed(items: list[Any]) -> list[dict[str, Any]]:
    return [asdict(item) for item in items]


# ---------------------------------------------------------------- learning loop
def signals(report: Any) -> dict[str, Any]:
    return {**report.as_json(), "warnings": list(report.warnings)}


def signal_result(result: Any) -> dict[str, Any]:
    """``signal``'s answer: the signals, everything written, and the trigger's outcome."""
    from memstrata.capture.record import USER_KINDS

    data = signals(result.report)
    data["written"] = [*data["written"], *result.written]
    for item in data["signals"]:
        # "记住这个" alone: queued, nothing written; the text CLI says so, JSON says it too
        if item["kind"] in USER_KINDS and not item["detail"]:
            item["unspecific"] = True
    for key in ("action", "card", "question"):
        if getattr(result, key):
            data[key] = getattr(result, key)
    return data


def _expected(p: Any) -> tuple[str, str]:
    """Where a proposal will write: (file, ``L12`` or "" when it makes a new file)."""
    path, _, line = (p.expected or "").rpartition(":")
    if re.fullmatch(r"L\d+(?:-L?\d+)?", line):
        return path, line
    return p.expected or "", ""


def proposals(rows: list[Any]) -> list[dict[str, Any]]:
    return [asdict(p) | {"expected_line": _expected(p)[1]} for p in rows]


def proposal_line(p: Any, zh: bool) -> str:
    """``[1] C003 → USER.md  预计写入 L12  代码注释用中文`` (one line per waiting proposal; a
    proposal that makes a new file, such as a knowledge file, names the file alone)."""
    path, at = _expected(p)
    target = path or p.target
    line = (f"  预计写入 {at}" if zh else f"  expected at {at}") if at else ""
    ident = p.cid or p.kind
    return f"[{p.number}] {ident} {p.level} → {target}{line}  {p.summary}"


def skill_drafts(drafts: list[tuple[str, str]]) -> list[dict[str, str]]:
    return [
        {"name": name, "path": path, "approve": f"memstrata skill approve {name}"}
        for name, path in drafts
    ]


def skill_draft_line(name: str, path: str, zh: bool) -> str:
    """``技能草稿 deploy（待审批）→ memory/skills/auto-generated/deploy/SKILL.md``."""
    label = f"技能草稿 {name}（待审批）" if zh else f"skill draft {name} (awaiting approval)"
    return f"{label} → {path}  memstrata skill approve {name}"


def heartbeat(report: Any) -> dict[str, Any]:
    return {**asdict(report), "proposals": [asdict(p) for p in report.proposals]}


def approval(result: Any) -> dict[str, Any]:
    return asdict(result)


def candidates(rows: list[Any]) -> list[dict[str, Any]]:
    return [asdict(row) | {"promotable": row.promotable} for row in rows]


def candidate_line(row: Any) -> str:
    mark = " ← ready" if row.promotable else ""
    return (
        f"{row.cid}  {row.count}/{row.threshold}  [{row.kind}] {row.summary}  "
        f"(first {row.first_seen}, last {row.last_seen}){mark}"
    )


# ---------------------------------------------------------------- maintenance
def doctor(report: Any) -> dict[str, Any]:
    return {
        "healthy": report.healthy,
        "findings": [asdict(f) for f in report.findings],
        "fixed": list(getattr(report, "fixed", [])),
    }


def doctor_line(finding: Any) -> str:
    where = f"  ({finding.where})" if finding.where else ""
    mark = "✗" if finding.severity == "problem" else "·"
    return f"{mark} [{finding.check}] {finding.message}{where}"


def consolidation(report: Any) -> dict[str, Any]:
    return {**asdict(report), "proposals": [asdict(p) for p in report.proposals]}


def compaction(result: Any) -> dict[str, Any]:
    return {
        "compacted": result.compacted,
        "tokens_before": result.tokens_before,
        "tokens_after": result.tokens_after,
        "dropped": result.dropped,
        "flushed": result.flushed,
        "summary": result.summary,
        "messages": [m.as_openai() for m in result.messages],
    }


def status(ws: Any, rows: list[Any]) -> dict[str, Any]:
    return {
        "workspace": str(ws.root),
        "preset": ws.preset,
        "lang": ws.lang,
        "team": ws.team,
        "roles": [asdict(row) | {"over_limit": row.over_limit} for row in rows],
    }


def skill_file(made: Any, action: str) -> dict[str, Any]:
    return {"action": action, "name": made.name, "path": made.path, "cite": f"📍 {made.path}"}


# ---------------------------------------------------------------- team store
def transfer(action: str, folder: Any, result: Any) -> dict[str, Any]:
    """What ``export``, ``import`` or ``sync`` did (team/transfer.py)."""
    return {"action": action, "folder": str(folder), **result.as_dict()}


def transfer_text(action: str, folder: Any, result: Any) -> str:
    lines = [
        f"{action} {folder}: {len(result.written)} written to the folder, "
        f"{len(result.deleted)} deleted from it, {len(result.stored)} stored, "
        f"{len(result.removed)} removed from the store, {len(result.conflicts)} conflicts"
    ]
    lines += [
        f"conflict: {rel} changed in the folder and in the team store" for rel in result.conflicts
    ]
    return "\n".join(lines)
