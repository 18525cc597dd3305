"""JSONL queues (pending.jsonl, citation-log.jsonl).

A corrupt line is skipped with a warning on read and kept verbatim on every rewrite: a queue
written by several agents and hand-edited now and then must never lose a record.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from memstrata.errors import FormatError
from memstrata.text.textio import strip_eol
from memstrata.text.titles import clip, shorten

PENDING_FIELDS = ("ts", "signal", "brief", "detail", "source")
CITATION_FIELDS = ("ts", "source", "entry", "action", "context")
BRIEF_MAX, DETAIL_MAX = 20, 100


@dataclass
class JsonlRecord:
    """One line: its 1-based number, the raw text, and the object when it parsed."""

    line: int
    raw: str
    data: dict[str, Any] | None
    error: str = ""


@dataclass
class JsonlFile:
    """All records of a queue plus the warnings for the lines that did not parse."""

    records: list[JsonlRecord] = field(default_factory=list)

    @property
    def valid(self) -> list[dict[str, Any]]:
        return [r.data for r in self.records if r.data is not None]

    @property
    def warnings(self) -> list[str]:
        return [f"line {r.line}: {r.error} (kept, skipped)" for r in self.records if r.data is None]


def parse_jsonl(lines: list[str], required: tuple[str, ...] = ()) -> JsonlFile:
    """Parse every non-blank line; bad lines are recorded, not raised."""
    result = JsonlFile()
    for number, raw in enumerate(lines, start=1):
        text = strip_eol(raw).strip()
        if not text:
            continue
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            result.records.append(JsonlRecord(number, raw, None, f"invalid JSON ({exc.msg})"))
            continue
        if not isinstance(data, dict):
            result.records.append(JsonlRecord(number, raw, None, "not a JSON object"))
            continue
        missing = [key for key in required if key not in data]
        if missing:
            result.records.append(JsonlRecord(number, raw, None, f"missing {', '.join(missing)}"))
            continue
        result.records.append(JsonlRecord(number, raw, data))
    return result


def pending_record(record: dict[str, Any]) -> dict[str, Any]:
    """Validate a pending signal and clip brief/detail to 20/100 characters (the brief, a
    title, at a word boundary)."""
    missing = [key for key in PENDING_FIELDS if not record.get(key)]
    if missing:
        raise FormatError(f"pending record lacks {', '.join(missing)}", "pending.jsonl")
    clean = dict(record)
    clean["brief"] = shorten(" ".join(str(record["brief"]).split()), BRIEF_MAX)
    clean["detail"] = clip(" ".join(str(record["detail"]).split()), DETAIL_MAX)
    return clean


def dump_record(record: dict[str, Any]) -> str:
    """One JSON line (UTF-8, no ASCII escaping so Chinese stays readable), newline-terminated."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


def rewrite_keeping_corrupt(parsed: JsonlFile, keep: set[int]) -> str:
    """Text of the queue keeping the valid lines numbered in ``keep`` and every corrupt line."""
    out: list[str] = []
    for record in parsed.records:
        if record.data is None or record.line in keep:
            raw = record.raw if record.raw.endswith("\n") else record.raw + "\n"
            out.append(raw)
    return "".join(out)
