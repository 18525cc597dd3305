"""``memstrata openclaw-hook EVENT``: the one entry the OpenClaw plugin calls.

The plugin (``adapters/plugins/openclaw/index.js``) spawns this command with an argument array,
writes one JSON object on stdin and reads one JSON object from stdout. Message text travels on
stdin, never in argv, so it does not show up in process lists. Events:

* ``bootstrap`` ``{session, agent, budget, host_workspace}``: the session's starting context
  (``memstrata context``; without the files OpenClaw injects itself when ``host_workspace`` is
  memstrata's own workspace), also written to ``.memstrata/openclaw/context-<kind>.md`` (derived state) so the
  path OpenClaw shows for the injected bootstrap file is real.
* ``prompt`` ``{session, agent, prompt, capture}``: a short memory reminder plus the warnings
  that bear on the prompt; queues the prompt's learning signals when ``capture`` is true.
* ``message`` ``{session, agent, text}``: queues the learning signals of a received message.
* ``tool-error`` ``{session, agent, tool, params, error}``: queues a failed tool call as a
  tool_error observation (secrets redacted by the writer).
* ``compact`` ``{session, agent, messages, compacting}``: the memory flush before compaction,
  from the messages about to be summarised.
* ``session-end`` ``{session, agent, session_id}``: flushes buffered citations and runs the
  heartbeat when due.

Like the Claude Code hooks this loads no model, never calls the LLM (signals are only queued)
and always exits 0: an internal error becomes ``{"error": ...}`` plus a line in
``.memstrata/hooks.log`` (exception type and message only, never the payload).
"""

from __future__ import annotations

import json
import re
import sys
import traceback
from typing import Any, cast

from memstrata.adapters.hooks import log_line
from memstrata.core.config import SessionKind
from memstrata.text.titles import clip

EVENTS = ("bootstrap", "prompt", "message", "tool-error", "compact", "session-end")
MAX_TEXT = 20_000
REMINDER = {
    "zh": "【记忆】这条消息里有纠正、偏好、新知识或“记住”吗？有就调用 {p}memory_signal；"
    "依据记忆回答时标注 📍 路径:L行号。",
    "en": "[memory] Does this message hold a correction, preference, new fact or 'remember'? "
    "If so call {p}memory_signal; cite memories you rely on as 📍 path:Lnn.",
}
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")
OPENCLAW_BOOTSTRAP = frozenset({"SOUL.md", "IDENTITY.md", "USER.md", "MEMORY.md", "AGENTS.md"})


def _session(payload: dict[str, Any]) -> Any:
    from memstrata.core.permissions import Session

    kind = cast(SessionKind, str(payload.get("session") or "main"))
    agent = _SAFE.sub("-", str(payload.get("agent") or "")).strip("-.")[:40] or None
    if kind == "subagent" and agent is None:
        agent = "openclaw"
    try:
        return Session(kind, agent if kind == "subagent" else None)
    except Exception:  # an odd agent id must not cost the event: fall back to no tag
        return Session(kind, "openclaw" if kind == "subagent" else None)


def _text(value: Any, limit: int = MAX_TEXT) -> str:
    """A payload's text, redacted before it is cut (half a key is no longer recognisable)."""
    from memstrata.core.redact import redact

    return clip(redact(str(value or "")), limit, "")


def handle(event: str, payload: dict[str, Any], workspace_dir: str | None = None) -> dict[str, Any]:
    """The answer for one plugin event. Raises on internal errors; ``run`` logs them."""
    from memstrata.core.workspace import Workspace

    ws = Workspace.discover(workspace_dir)
    session = _session(payload)
    lang = "zh" if ws.lang == "zh" else "en"
    if event == "bootstrap":
        from memstrata.context.bootstrap import build_context
        from memstrata.core.storage import atomic_write_bytes

        budget = max(200, min(int(payload.get("budget") or 2000), 20_000))
        skip = _host_loaded(ws, payload.get("host_workspace"))
        result = build_context(ws, session, budget=budget, skip=skip)
        name = f"context-{session.kind}{'-' + session.agent if session.agent else ''}.md"
        path = ws.state_dir / "openclaw" / name
        atomic_write_bytes(path, result.text.encode("utf-8"))
        return {"text": result.text, "tokens": result.tokens, "path": str(path)}
    if event == "prompt":
        from memstrata.context.warnings import task_warnings

        prompt = _text(payload.get("prompt"))
        recorded = _capture(ws, session, prompt, tool=False) if payload.get("capture") else 0
        prefix = str(payload.get("tool_prefix") or "")
        lines = [
            REMINDER[lang].format(p=prefix),
            *(w.text for w in task_warnings(ws, prompt, 3, hot_path=True)),
        ]
        return {"prependContext": "\n".join(lines), "signals": recorded}
    if event == "message":
        return {"signals": _capture(ws, session, _text(payload.get("text")), tool=False)}
    if event == "tool-error":
        from memstrata.core.redact import redact

        if not ws.config.hooks.error_detector:
            return {"signals": 0}
        tool = _text(payload.get("tool") or "tool", 80)
        # redact before cutting: half a key is no longer recognisable as a key
        params = clip(redact(json.dumps(payload.get("params") or {}, ensure_ascii=False)), 200, "")
        error = _text(payload.get("error"), 2000).strip()
        error = redact(error)
        if not error.lower().startswith("error"):  # OpenClaw says it failed: say so to detect()
            error = f"Error: {error}"
        text = f"{error}\n{tool}: {params}"
        return {"signals": _capture(ws, session, text, tool=True)}
    if event == "compact":
        from memstrata.compaction.compact import flush_memories, parse_openai, split_point

        raw = [
            {"role": str(m.get("role")), "content": _text(m.get("content"))}
            for m in payload.get("messages") or []
            if isinstance(m, dict) and m.get("role") in ("user", "assistant", "tool", "system")
        ]
        messages = parse_openai(raw)
        count = payload.get("compacting")
        cut = int(count) if isinstance(count, int) and 0 < count <= len(messages) else None
        dropped = messages[: cut if cut is not None else split_point(messages, 10)]
        return {"flushed": flush_memories(ws.writer(session), dropped)}
    if event == "session-end":
        from memstrata.evolve.heartbeat import heartbeat
        from memstrata.maintain.citations import flush

        writer = ws.writer(session)
        sid = _SAFE.sub("_", str(payload.get("session_id") or "default"))[:64] or "default"
        cited = flush(writer, sid) + (flush(writer, "default") if sid != "default" else 0)
        if session.kind != "main":  # the learning loop is the owner's (permission table)
            return {"citations": cited, "heartbeat": False, "card": ""}
        report = heartbeat(writer, session_id=sid, use_embeddings=False)
        return {"citations": cited, "heartbeat": report.ran, "card": report.card or ""}
    raise ValueError(f"unknown event {event!r}")


def _host_loaded(ws: Any, host_workspace: Any) -> frozenset[str]:
    """Roles OpenClaw already injects itself: when memstrata's workspace is the agent's own,
    OpenClaw's bootstrap loads the root SOUL.md, IDENTITY.md, USER.md and MEMORY.md."""
    from pathlib import Path

    if not host_workspace or Path(str(host_workspace)).resolve() != ws.root.resolve():
        return frozenset()
    return frozenset(
        role
        for role in ("identity", "user", "long_term")
        if (spec := ws.role(role)) and all(path in OPENCLAW_BOOTSTRAP for path in spec.paths)
    )


def _capture(ws: Any, session: Any, text: str, tool: bool) -> int:
    from memstrata.capture.record import record_signals

    if not text.strip():
        return 0
    source = "hook" if tool else "user"
    report = record_signals(
        ws.writer(session), text, source=source, hot_path=True, tool_output=tool
    )
    return report.recorded


def run(event: str, workspace_dir: str | None = None) -> int:
    """Read the payload on stdin, answer one JSON object on stdout, always exit 0."""
    try:
        raw = sys.stdin.read()
        payload = json.loads(raw) if raw.strip() else {}
        if not isinstance(payload, dict):
            raise ValueError("payload is not a JSON object")
        answer = handle(event, payload, workspace_dir)
    except Exception as exc:
        from memstrata.core.redact import redact

        detail = clip(redact(f"{type(exc).__name__}: {exc}"), 500, "")
        log_line(
            workspace_dir, {}, f"openclaw {event}: {detail} | {traceback.format_exc(limit=2)!r}"
        )
        answer = {"error": detail}
    sys.stdout.write(json.dumps(answer, ensure_ascii=False))
    return 0
