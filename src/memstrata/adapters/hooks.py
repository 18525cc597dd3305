"""``memstrata hook EVENT``: Claude Code hooks (stdin JSON in, JSON out), never blocking.

* SessionStart: the bootstrap context (``memstrata context``) as additionalContext.
* UserPromptSubmit: learning signals in the prompt are queued (source ``hook``); the agent gets
  a reminder of at most 60 tokens plus any warnings that bear on the prompt (note 004's
  activator).
* PostToolUseFailure: the failure is queued as a tool_error observation, secrets redacted
  (note 004's error-detector; ``[hooks] error_detector = false`` turns it off).
* PreCompact: the memory flush from ``transcript_path``.
* Stop / SessionEnd: flush the session's citations; run the heartbeat when due.

Hooks run on every prompt, so they load no model (warnings and signals are lexical) and any
internal error is written to ``.memstrata/hooks.log`` while the hook still exits 0.
"""

from __future__ import annotations

import json
import sys
import traceback
from datetime import datetime
from pathlib import Path
from typing import Any

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


def handle(
    event_key: str, payload: dict[str, Any], workspace_dir: str | None = None
) -> dict[str, Any] | None:
    """The hook's answer (None: nothing to add). Raises on internal errors; ``run_hook`` logs them."""
    from memstrata.core.permissions import Session
    from memstrata.core.workspace import Workspace

    event = EVENTS[event_key]
    ws = Workspace.discover(workspace_dir, start=payload.get("cwd") or None)
    session_id = str(payload.get("session_id") or "default")[:64]
    safe_session = (
        "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in session_id) or "default"
    )
    writer = ws.writer(Session())
    lang = "zh" if ws.lang == "zh" else "en"
    settings = ws.config.hooks
    if event == "SessionStart":
        from memstrata.context.bootstrap import build_context

        return _answer(
            event,
            build_context(ws, Session(), budget=settings.context_budget).text,
        )
    if event == "UserPromptSubmit":
        from memstrata.capture.record import record_signals
        from memstrata.context.warnings import task_warnings

        prompt = str(payload.get("prompt", ""))
        record_signals(writer, prompt, source="hook", hot_path=True, tool_output=False)
        lines = [REMINDER[lang], *(w.text for w in task_warnings(ws, prompt, limit=3))]
        return _answer(event, "\n".join(lines))
    if event == "PostToolUseFailure":
        if not settings.error_detector:
            return None
        from memstrata.capture.record import record_signals

        tool = str(payload.get("tool_name", "tool"))[:80]
        # Redact before cutting: a key cut in half is no longer recognisable as a key.
        command = writer.clean(json.dumps(payload.get("tool_input", {}), ensure_ascii=False))[:200]
        error = writer.clean(str(payload.get("error", "")))[:2000]
        record_signals(writer, f"{error}\n{tool}: {command}", source="hook", hot_path=True)
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
        from memstrata.maintain.citations import flush

        flush(writer, safe_session)
        heartbeat(writer, session_id=safe_session, use_embeddings=False)
        return None
    return None  # PostToolUse: nothing to add


def _log(workspace_dir: str | None, payload: dict[str, Any], message: str) -> None:
    try:
        from memstrata.core.workspace import Workspace

        ws = Workspace.discover(workspace_dir, start=payload.get("cwd") or None)
        ws.state_dir.mkdir(parents=True, exist_ok=True)
        from memstrata.core.redact import redact
        from memstrata.core.storage import append_bytes, file_lock
        from memstrata.text.normalize import one_line

        log = ws.state_dir / "hooks.log"
        line = one_line(redact(message))[:4000]
        with file_lock(log.with_suffix(".lock")):
            append_bytes(log, f"{datetime.now().isoformat(timespec='seconds')} {line}\n".encode())
    except Exception:  # a hook must never fail the agent, not even while logging
        pass


def run_hook(event_key: str, workspace_dir: str | None = None) -> int:
    """Read stdin, answer on stdout, always exit 0 (errors go to .memstrata/hooks.log).

    Claude Code treats exit code 2 as "block the agent", so nothing here may exit non-zero:
    an unknown event, an empty or broken payload, a missing workspace are logged and ignored.
    """
    payload: dict[str, Any] = {}
    if event_key not in EVENTS:
        _log(workspace_dir, payload, f"unknown hook event {event_key[:60]!r}; ignored")
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
    except Exception as exc:  # never block the agent
        _log(
            workspace_dir,
            payload,
            f"{event_key}: {type(exc).__name__}: {exc} | {traceback.format_exc(limit=3)!r}",
        )
    return 0
