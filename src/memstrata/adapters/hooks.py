"""``memstrata hook EVENT``: Claude Code hooks (stdin JSON in, JSON out), never blocking.

* SessionStart: the bootstrap context (``memstrata context``) as additionalContext.
* UserPromptSubmit: learning signals in the prompt are queued (source ``hook``); the agent gets
  a reminder of at most 60 tokens plus any warnings that bear on the prompt (note 004's
  activator).
* PostToolUse: the tool call becomes one step of the turn (tool and command head only); at
  Stop, a run of steps that recurs across turns is queued as a workflow, and the heartbeat
  drafts a skill from it (note 004's auto-skill; evolve/workflows.py).
* PostToolUseFailure: the failure is queued as a tool_error observation, secrets redacted
  (note 004's error-detector; ``[hooks] error_detector = false`` turns it off).
* PreCompact: the memory flush from ``transcript_path``.
* Stop / SessionEnd: flush the session's citations; run the heartbeat when due. A card the
  heartbeat makes reaches the person once, as ``systemMessage`` (Claude Code shows it); one made
  at SessionEnd, when nobody can see it (or held back by the two-card limit), waits in
  ``.memstrata/hooks-card.json`` (the proposals it holds) and is drawn again, from those still
  open, at the next SessionStart or Stop; only then does "确认" take them.

Hooks run on every prompt, so they load no model (warnings and signals are lexical). Each run
adds one line to ``.memstrata/hooks.log`` (event, outcome, milliseconds; never the prompt) and any
internal error is written there too while the hook still exits 0.
"""

from __future__ import annotations

import functools
import json
import sys
import time
import traceback
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memstrata.text.titles import clip

if TYPE_CHECKING:
    from memstrata.core.workspace import Workspace
    from memstrata.evolve.proposals import Proposal

EVENTS = {
    "session-start": "SessionStart",
    "user-prompt-submit": "UserPromptSubmit",
    "post-tool-use": "PostToolUse",
    "post-tool-use-failure": "PostToolUseFailure",
    "pre-compact": "PreCompact",
    "stop": "Stop",
    "session-end": "SessionEnd",
}
MAX_CONTEXT_CHARS = 10_000
MAX_PAYLOAD_BYTES = 8_000_000  # a hook reads at most this much of its stdin
PARKED_CARD = "hooks-card.json"
LOG_ROTATE_BYTES = 1_000_000
REMINDER = {
    "zh": "【记忆】回复前先想想：这条消息里有纠正、偏好、新知识或“记住”吗？有就调用 memory_signal；依据记忆时标注 📍 路径:L行号。",
    "en": "[memory] Before replying: does this message hold a correction, preference, new fact or 'remember'? "
    "If so call memory_signal; cite memories you rely on as 📍 path:Lnn.",
}


def _answer(event: str, context: str) -> dict[str, Any]:
    if len(context) > MAX_CONTEXT_CHARS:
        context = (
            context[: MAX_CONTEXT_CHARS - 40].rsplit("\n", 1)[0]
            + "\n…(truncated: memstrata context)"
        )
    return {"hookSpecificOutput": {"hookEventName": event, "additionalContext": context}}


@functools.lru_cache(maxsize=4)
def _workspace(workspace_dir: str | None, cwd: str | None) -> Workspace:
    from memstrata.core.workspace import Workspace

    return Workspace.discover(workspace_dir, start=cwd or None)


def _park_card(ws: Workspace, proposals: list[Proposal]) -> None:
    """Keep a card nobody could see (made at SessionEnd, or held back by the two-card limit)
    for the next session: which proposals it shows, by key (numbers are reused once nothing is
    open)."""
    import json

    from memstrata.core.storage import atomic_write_bytes
    from memstrata.evolve.proposals import proposal_key

    keys = json.dumps({"keys": [proposal_key(p) for p in proposals]}, ensure_ascii=False)
    atomic_write_bytes(ws.state_dir / PARKED_CARD, keys.encode("utf-8"))


def _take_parked_card(ws: Workspace) -> str:
    """The parked card, claimed by exactly one hook, drawn again from the proposals it held
    that are still open ('' when none is: a card of decided proposals is never shown). Those
    count as seen from now on: "确认" answers them."""
    import json

    from memstrata.core.storage import take_file
    from memstrata.evolve.proposals import (
        evolve_lock,
        load_state,
        mark_shown,
        render_card,
        save_state,
    )

    data = take_file(ws.state_dir / PARKED_CARD)
    try:
        parked = json.loads(data.decode("utf-8", "replace")) if data else None
    except ValueError:  # parked by a version that kept the card's text: drawn again below
        parked = None
    keys = parked.get("keys") if isinstance(parked, dict) else None
    if not isinstance(keys, list):
        return ""
    with evolve_lock(ws):
        state = load_state(ws)
        shown = mark_shown(state, {key for key in keys if isinstance(key, str)})
        save_state(ws, state)
    return render_card(ws, shown) if shown else ""


def handle(
    event_key: str, payload: dict[str, Any], workspace_dir: str | None = None
) -> dict[str, Any] | None:
    """The hook's answer (None: nothing to add). Raises on internal errors; ``run_hook`` logs them."""
    from memstrata.core.permissions import Session

    event = EVENTS[event_key]
    ws = _workspace(workspace_dir, str(payload.get("cwd") or "") or None)
    from memstrata.core.redact import redact

    # Redact before any cut (review of issue 9, item 3): half a key is not recognisable.
    session_id = redact(str(payload.get("session_id") or "default"))[:64]
    safe_session = (
        "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in session_id) or "default"
    )
    if event in ("PostToolUse", "PostToolUseFailure"):
        from memstrata.evolve.workflows import note_step

        # Every tool call: one line appended, nothing else loaded (no writer, no model).
        ok = event == "PostToolUse"
        note_step(
            ws, safe_session, str(payload.get("tool_name", "tool")), payload.get("tool_input"), ok
        )
        if ok:
            return None
    writer = ws.writer(Session())
    lang = "zh" if ws.lang == "zh" else "en"
    settings = ws.config.hooks
    if event == "SessionStart":
        from memstrata.context.bootstrap import build_context

        answer = _answer(
            event,
            build_context(ws, Session(), budget=settings.context_budget).text,
        )
        parked = _take_parked_card(ws)
        if parked:
            answer["systemMessage"] = parked
        return answer
    if event == "UserPromptSubmit":
        from memstrata.capture.record import record_signals
        from memstrata.context.warnings import task_warnings

        prompt = str(payload.get("prompt", ""))
        record_signals(writer, prompt, source="hook", hot_path=True, tool_output=False)
        lines = [
            REMINDER[lang],
            *(w.text for w in task_warnings(ws, prompt, limit=3, hot_path=True)),
        ]
        return _answer(event, "\n".join(lines))
    if event == "PostToolUseFailure":
        if not settings.error_detector:
            return None
        from memstrata.capture.record import record_signals

        # Redact before cutting: a key cut in half is no longer recognisable as a key.
        tool = writer.clean(str(payload.get("tool_name", "tool")))[:80]
        command = clip(
            writer.clean(json.dumps(payload.get("tool_input", {}), ensure_ascii=False)), 200, ""
        )
        error = clip(writer.clean(str(payload.get("error", ""))), 2000, "")
        # The event itself says the call failed: it is a tool error whatever the text says.
        record_signals(
            writer, f"{error}\n{tool}: {command}", source="hook", hot_path=True, failed=True
        )
        return None
    if event == "PreCompact":
        from memstrata.compaction.compact import flush_memories, load_conversation, split_point
        from memstrata.text.textio import read_text

        transcript = payload.get("transcript_path")
        if transcript and Path(transcript).is_file():
            messages = load_conversation(read_text(Path(transcript), transcript), transcript)
            flush_memories(writer, messages[: split_point(messages, 10)])
        return None
    if event in ("Stop", "SessionEnd"):
        from memstrata.evolve.heartbeat import heartbeat
        from memstrata.evolve.workflows import finish_turn
        from memstrata.maintain.citations import flush

        flush(writer, safe_session)
        finish_turn(writer, safe_session)
        # At SessionEnd nobody sees the card now: parked, it is seen when a session shows it.
        beat = heartbeat(
            writer,
            session_id=safe_session,
            use_embeddings=False,
            card_seen=event != "SessionEnd",
        )
        card = beat.card
        if not card and beat.waiting:
            # This session saw its two cards; the proposals wait for the next one.
            _park_card(ws, beat.proposals)
            return None
        if event == "SessionEnd":
            if card:
                # the session is over: show it at the next one
                _park_card(ws, beat.proposals)
            return None
        card = card or _take_parked_card(ws)
        return {"systemMessage": card} if card else None
    return None


def log_line(workspace_dir: str | None, payload: dict[str, Any], message: str) -> None:
    """One line in ``.memstrata/hooks.log`` (rotated at about 1 MB); never raises."""
    try:
        ws = _workspace(workspace_dir, str(payload.get("cwd") or "") or None)
        from memstrata.core.redact import redact
        from memstrata.core.storage import append_bytes, rotate_if_larger
        from memstrata.text.normalize import one_line

        log = ws.state_dir / "hooks.log"
        rotate_if_larger(log, LOG_ROTATE_BYTES)
        # Only redacted text reaches the log: errors can quote a payload holding a key.
        text = clip(one_line(redact(message)), 4000, "")
        line = f"{datetime.now().isoformat(timespec='milliseconds')} {text}\n"
        append_bytes(log, line.encode("utf-8", "replace"), durable=False)  # one small write
    except Exception:  # a hook must never fail the agent, not even while logging
        pass


def _autostart(workspace_dir: str | None, payload: dict[str, Any]) -> None:
    """``[serve] autostart``: start the service in the background (never waiting for it)."""
    import os

    if os.environ.get("MEMSTRATA_NO_SERVICE"):
        return  # this hook already runs inside the service
    from memstrata.serve.process import autostart

    if autostart(_workspace(workspace_dir, str(payload.get("cwd") or "") or None)):
        log_line(workspace_dir, payload, "serve: started the service in the background")


def run_hook(event_key: str, workspace_dir: str | None = None) -> int:
    """Read stdin, answer on stdout, always exit 0 (errors go to .memstrata/hooks.log).

    Claude Code treats exit code 2 as "block the agent", so nothing here may exit non-zero:
    an unknown event, an empty or broken payload, a missing workspace are logged and ignored.
    """
    started = time.perf_counter()
    payload: dict[str, Any] = {}
    if event_key not in EVENTS:
        log_line(workspace_dir, payload, f"unknown hook event {event_key[:60]!r}; ignored")
        return 0
    try:
        if sys.stdin is None or sys.stdin.isatty():
            return 0  # nobody is sending a payload: do not wait for one
        raw = sys.stdin.read(MAX_PAYLOAD_BYTES)
        if not raw.strip():
            return 0  # nothing was sent: nothing to do
        data = json.loads(raw)
        if not isinstance(data, dict):
            raise ValueError("hook payload is not a JSON object")
        payload = data
        answer = handle(event_key, payload, workspace_dir)
        if answer is not None:
            sys.stdout.write(json.dumps(answer, ensure_ascii=False))
            sys.stdout.flush()
        if event_key == "session-start":
            _autostart(workspace_dir, payload)
        session = str(payload.get("session_id") or "-")[:12]
        shown = " card" if answer and answer.get("systemMessage") else ""
        log_line(
            workspace_dir,
            payload,
            f"{event_key} ok {(time.perf_counter() - started) * 1000:.1f}ms session={session}{shown}",
        )
    except Exception as exc:  # never block the agent
        log_line(
            workspace_dir,
            payload,
            f"{event_key}: {type(exc).__name__}: {exc} | {traceback.format_exc(limit=3)!r}",
        )
    return 0
