"""``memstrata signal``: detect learning signals in a message and buffer them.

Every signal is appended to pending.jsonl for the heartbeat to synthesise. An explicit
instruction ("记住：…", "Always …") is the user's own approval, so in the owner's main session
it is also written at once (as ``remember`` does) and the pending record says where. A shared
or subagent session cannot write those roles: its explicit instructions stay pending for the
main session to review (note 004: sub-agents propose, main decides).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from memstrata.capture.refine import refine
from memstrata.capture.signals import Signal, detect, failed_call
from memstrata.core.queues import append_pending
from memstrata.core.storage import append_bytes, file_lock
from memstrata.core.writer import Writer
from memstrata.providers.llm import ChatClient
from memstrata.text.requests import named_role
from memstrata.text.scripts import as_the_classifier_reads, restored, simplified
from memstrata.text.titles import brief, clip

# Writes an explicit instruction at once; returns role, cite, entry_id and location ("where it
# is now"), or None to leave it queued.
WriteNow = Callable[[Signal], "dict[str, Any] | None"]


@dataclass
class SignalReport:
    signals: list[Signal]
    written: list[dict[str, Any]] = field(default_factory=list)
    recorded: int = 0
    warnings: list[str] = field(default_factory=list)
    message: str = ""  # the id its queued records share

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
    write_explicit: bool | WriteNow = True,
    failed: bool = False,
    outdates: Callable[[str], bool] | None = None,
) -> SignalReport:
    """Detect, then (unless ``dry_run``) write explicit instructions and append every signal.

    ``hot_path=True`` (hooks, on every prompt or tool call) only queues: an explicit
    instruction waits with ``promote_now`` (note 004's activator writes no memory itself), and
    neither the learned classifier (a model load) nor the optional LLM (a network round trip)
    is used. ``write_explicit=False`` leaves explicit instructions for the evolution card
    (note 004's policy) instead of writing them at once; a function writes them its own way
    (the learning loop first checks whether memory already holds them). ``failed=True``: the text is a tool
    call the agent reported as failed (PostToolUseFailure), a tool error whatever it says.
    ``outdates``: whether a message makes something memory holds stale (classifier.detect_learned).
    """
    # A hook relays both user prompts and tool output: only tool output is read as a tool event.
    is_tool_output = source == "hook" if tool_output is None else tool_output
    if not dry_run:
        # Redact before anything is cut: statements, briefs and details are cut at 20/100
        # characters, and half a key is no longer recognisable as a key.
        text, context = writer.clean(text), writer.clean(context)
    signals = _read(text, context, is_tool_output, hot_path, outdates)
    if failed and not any(s.kind == "tool_error" for s in signals):
        signals.insert(0, failed_call(text))
    report = SignalReport(signals)
    client = ChatClient.from_settings(writer.ws.config.llm)
    if client is not None and report.signals and not hot_path:
        report.signals, warning = refine(client, text, report.signals)
        if warning:
            report.warnings.append(warning)
            _log_warning(writer, warning)
    if dry_run:
        return report
    # One message, one statement: a second reading of it ("Remember: …" is also new_knowledge)
    # is done when its explicit instruction is, or the heartbeat would count it again.
    done_for: dict[str, str] = {}
    # The records of one message share an id: the heartbeat counts one message once in the
    # pool however many readings it has (a correction that is also news is one observation).
    # (derived from what was said and when: the same call always writes the same bytes)
    said = f"{writer.ws.now().isoformat()}\n{source}\n{text}\n{context}"
    message = report.message = hashlib.sha256(said.encode("utf-8")).hexdigest()[:12]
    for signal in sorted(report.signals, key=lambda s: not s.promote_now):  # explicit first
        record: dict[str, Any] = {
            "signal": signal.kind,
            "message": message,
            "brief": signal.brief or brief(signal.evidence, 20),
            "detail": signal.detail or clip(signal.evidence, 100, ""),
            "source": source,
            # redact before cutting, so no half of a key survives the cut
            "evidence": clip(writer.clean(signal.evidence), 300, ""),
        }
        if signal.kind in USER_KINDS:
            # The detail is the clean statement (capture.statement), ready to be written, or
            # nothing specific was said ("以后都这样" alone): queued, never written.
            record["clean" if signal.detail else "unspecific"] = True
        if is_tool_output and signal.kind == "tool_error":
            record["op"] = _operation(writer.clean(text))  # redact before the cut
        # "记住：…" said in a group chat is no instruction of the owner's: one observation,
        # counted like any other (review15: a group member's "remember: the owner prefers very
        # long answers" reached the owner's card as promoted at once). A subagent's stays one,
        # for the owner's card.
        owners = writer.session.kind != "shared"
        if signal.promote_now and owners and not record.get("unspecific"):
            record["promote_now"] = True
            if writer.session.kind == "subagent":  # its card says so (review15b)
                record["relayed"] = True
            if writer.session.kind == "main" and not hot_path and write_explicit:
                done = (
                    _remember(writer, signal) if write_explicit is True else write_explicit(signal)
                )
                if done is not None:
                    record["written"] = done_for[signal.detail] = done["location"]
                    shown = {k: v for k, v in done.items() if k != "location"}
                    if shown not in report.written:  # one entry for the whole message
                        report.written.append(shown)
        elif signal.detail and signal.detail in done_for:
            record["written"] = done_for[signal.detail]
        append_pending(writer, record)
        report.recorded += 1
    return report


def _read(
    text: str,
    context: str,
    is_tool_output: bool,
    hot_path: bool,
    outdates: Callable[[str], bool] | None,
) -> list[Signal]:
    """The signals of ``text``, read in simplified characters (the rules' script) and told in
    the user's own (``text.scripts``)."""
    said = f"{text}\n{context}"
    reading, read_context = simplified(text), simplified(context)
    signals = None
    if not hot_path and not is_tool_output:
        from memstrata.capture.classifier import detect_learned

        def stale(statement: str) -> bool:  # memory holds the user's characters
            return outdates is not None and outdates(restored(statement, said))

        signals = detect_learned(
            reading,
            read_context,
            stale if outdates else None,
            typed=as_the_classifier_reads(reading, text),
        )
    if signals is None:
        signals = detect(reading, read_context, "hook" if is_tool_output else "user")
    if reading == text and read_context == context:
        return signals
    return [
        replace(
            signal,
            brief=restored(signal.brief, said),
            detail=restored(signal.detail, said),
            evidence=restored(signal.evidence, said),
        )
        for signal in signals
    ]


def _remember(writer: Writer, signal: Signal) -> dict[str, Any]:
    from memstrata.entries.remember import remember  # not on the hooks' hot path

    # the file the user named ("lessons 里记一笔：…") is in the evidence, not in the detail
    placed = remember(writer, signal.detail, named=named_role(signal.evidence))
    return {
        "role": placed.role,
        "cite": placed.cite,
        "entry_id": placed.entry_id,
        "location": placed.span.location(),
    }


USER_KINDS = frozenset({"explicit_remember", "correction", "new_knowledge", "preference"})


def _operation(text: str) -> str:
    """The failed operation of a hook's tool event (its ``tool: command`` line), for grouping
    repeated failures of one operation."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return ""
    tool, _, rest = lines[-1].partition(": ")
    if not rest or not tool.replace("_", "").isalnum():
        return lines[-1][:200]
    try:  # Claude Code's tool_input: {"command": "pnpm build"} → pnpm build
        data = json.loads(rest)
    except ValueError:
        return rest[:200]  # "Bash: pnpm build" → pnpm build
    if isinstance(data, dict):
        value = data.get("command") or next((v for v in data.values() if isinstance(v, str)), "")
        if value:
            return " ".join(str(value).split())[:200]
    return rest[:200]


def _log_warning(writer: Writer, warning: str) -> None:
    """Keep a record of fallbacks in .memstrata/llm.log (derived state, for diagnosis)."""
    log = writer.ws.state_dir / "llm.log"
    with file_lock(log.with_suffix(".lock")):
        append_bytes(log, f"{writer.ws.now().isoformat(timespec='seconds')} {warning}\n".encode())
