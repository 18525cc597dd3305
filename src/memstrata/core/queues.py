"""The JSONL queues: learning signals waiting for synthesis, and the citation log.

Both are appended to by many processes at once (hooks, MCP, agents), so each record is one
locked append of one line; reading skips corrupt lines with a warning and never drops them.
"""

from __future__ import annotations

from typing import Any

from memstrata.core.workspace import Workspace
from memstrata.core.writer import Writer
from memstrata.errors import FormatError
from memstrata.formats.jsonl import (
    CITATION_FIELDS,
    JsonlFile,
    dump_record,
    parse_jsonl,
    pending_record,
)


def append_pending(writer: Writer, record: dict[str, Any]) -> dict[str, Any]:
    """Validate, redact and append one signal to pending.jsonl; returns what was written."""
    ws = writer.ws
    # Redact before pending_record clips brief/detail: a clipped key is no longer recognisable.
    cleaned = {k: writer.clean(v) if isinstance(v, str) else v for k, v in record.items()}
    clean = pending_record({"ts": ws.now().isoformat(timespec="seconds"), **cleaned})
    if writer.agent and "agent" not in clean:
        clean["agent"] = writer.agent
    clean.setdefault("session", writer.session.kind)
    writer.append(ws.role_path("pending"), dump_record(clean), role="pending", count_lines=False)
    return clean


def read_pending(ws: Workspace) -> JsonlFile:
    """Every pending record; corrupt lines are reported in ``warnings``, not lost."""
    return parse_jsonl(ws.read_lines(ws.role_path("pending")), required=("signal", "brief"))


def append_citations(writer: Writer, records: list[dict[str, Any]]) -> int:
    """Append a batch of citation records in one locked write (note 000: one batch per session)."""
    ws = writer.ws
    stamp = ws.now().isoformat(timespec="seconds")
    lines = []
    for record in records:
        full = {"ts": stamp, "action": "cited", **record}
        missing = [key for key in CITATION_FIELDS if key not in full]
        if missing:
            raise FormatError(
                f"citation record lacks {', '.join(missing)}", ws.role_path("citations")
            )
        lines.append(
            dump_record({k: writer.clean(v) if isinstance(v, str) else v for k, v in full.items()})
        )
    if lines:
        writer.append(
            ws.role_path("citations"), "".join(lines), role="citations", count_lines=False
        )
    return len(lines)


def read_citations(ws: Workspace) -> JsonlFile:
    return parse_jsonl(ws.read_lines(ws.role_path("citations")), required=("entry",))
