"""``memstrata signal``: detect learning signals in a message and buffer them.

Every signal is appended to pending.jsonl for the heartbeat to synthesise. An explicit
instruction ("记住：…", "Always …") is the user's own approval, so in the owner's main session
it is also written at once (as ``remember`` does) and the pending record says where. A shared
or subagent session cannot write those roles: its explicit instructions stay pending for the
main session to review (note 004: sub-agents propose, main decides).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from memstrata.capture.refine import refine
from memstrata.capture.signals import Signal, detect
from memstrata.core.queues import append_pending
from memstrata.core.storage import append_bytes, file_lock
from memstrata.core.writer import Writer
from memstrata.providers.llm import ChatClient


@dataclass
class SignalReport:
    signals: list[Signal]
    written: list[dict[str, Any]] = field(default_factory=list)
    recorded: int = 0
    warnings: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        keys = ("kind", "brief", "detail", "evidence", "promote_now")
        return {
            "signals": [{key: getattr(s, key) for key in keys} for s in self.signals],
            "written": self.written,
        }


def record_signals(
    writer: Writer,
    text: str,
    context: str = "",
    source: str = "user",
    dry_run: bool = False,
    hot_path: bool = False,
    tool_output: bool | None = None,
) -> SignalReport:
    """Detect, then (unless ``dry_run``) write explicit instructions and append every signal.

    ``hot_path=True`` (hooks, on every prompt or tool call) only queues: an explicit
    instruction waits with ``promote_now`` (note 004's activator writes no memory itself) and
    the optional LLM is not called, so a hook never waits on a network round trip.
    """
    # A hook relays both user prompts and tool output: only tool output is read as a tool event.
    is_tool_output = source == "hook" if tool_output is None else tool_output
    report = SignalReport(detect(text, context, "hook" if is_tool_output else "user"))
    client = ChatClient.from_settings(writer.ws.config.llm)
    if client is not None and report.signals and not hot_path:
        report.signals, warning = refine(client, text, report.signals)
        if warning:
            report.warnings.append(warning)
            _log_warning(writer, warning)
    if dry_run:
        return report
    for signal in report.signals:
        record: dict[str, Any] = {
            "signal": signal.kind,
            "brief": signal.brief,
            "detail": signal.detail,
            "source": source,
            # redact before cutting, so no half of a key survives the cut
            "evidence": writer.clean(signal.evidence)[:300],
        }
        if signal.promote_now:
            record["promote_now"] = True
            if writer.session.kind == "main" and not hot_path:
                from memstrata.entries.remember import remember  # not on the hooks' hot path

                placed = remember(writer, signal.evidence)
                record["written"] = placed.span.location()
                report.written.append(
                    {"role": placed.role, "cite": placed.cite, "entry_id": placed.entry_id}
                )
        append_pending(writer, record)
        report.recorded += 1
    return report


def _log_warning(writer: Writer, warning: str) -> None:
    """Keep a record of fallbacks in .memstrata/llm.log (derived state, for diagnosis)."""
    log = writer.ws.state_dir / "llm.log"
    with file_lock(log.with_suffix(".lock")):
        append_bytes(log, f"{writer.ws.now().isoformat(timespec='seconds')} {warning}\n".encode())
