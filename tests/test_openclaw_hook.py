"""``memstrata openclaw-hook EVENT``: the OpenClaw plugin's entry, fed the payloads index.js sends.

Run as real processes with the payload on stdin, as the plugin spawns them. The plugin itself is
loaded and driven by OpenClaw in tests/integration/test_openclaw_real.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from memstrata.core.initialize import init_workspace
from memstrata.core.queues import read_pending
from memstrata.core.workspace import Workspace
from memstrata.entries.journal import lesson, log
from memstrata.entries.remember import remember
from tests.conftest import fixed_clock

EXE = str(Path(sys.executable).parent / "memstrata")


def _event(ws: Workspace, event: str, payload: Any) -> dict[str, Any]:
    env = {**os.environ, "MEMSTRATA_NOW": "2026-04-17T10:30:00"}
    env.pop("MEMSTRATA_WORKSPACE", None)
    result = subprocess.run(
        [EXE, "-w", str(ws.root), "openclaw-hook", event],
        input=payload if isinstance(payload, str) else json.dumps(payload),
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.fixture
def oc_ws(tmp_path: Path) -> Workspace:
    root = tmp_path / "open claw 工作区"
    init_workspace(root, preset="openclaw", lang="en")
    return Workspace.open(root, clock=fixed_clock)


def test_bootstrap_context_is_written_where_openclaw_shows_it(oc_ws: Workspace) -> None:
    remember(oc_ws.writer(), "I prefer short answers")
    log(oc_ws.writer(), "Rotated the gateway certificate")
    answer = _event(oc_ws, "bootstrap", {"session": "main", "budget": 1500})
    assert "Session memory context (memstrata)" in answer["text"]
    assert "Rotated the gateway certificate" in answer["text"]
    assert "short answers" in answer["text"] and "## Identity" in answer["text"]
    path = Path(answer["path"])
    assert path == oc_ws.root / ".memstrata" / "openclaw" / "context-main.md"
    assert path.read_text("utf-8") == answer["text"]
    # When memstrata's workspace is the agent's own, OpenClaw already injects SOUL.md, USER.md
    # and MEMORY.md: the memstrata context leaves them out instead of sending them twice.
    host = _event(oc_ws, "bootstrap", {"session": "main", "host_workspace": str(oc_ws.root)})
    assert "## Identity" not in host["text"] and "short answers" not in host["text"]
    assert "Rotated the gateway certificate" in host["text"]


def test_shared_sessions_never_get_private_roles(oc_ws: Workspace) -> None:
    # Note 003: USER.md is read in every session, MEMORY.md only in the main one.
    remember(oc_ws.writer(), "I prefer short answers")
    remember(oc_ws.writer(), "Remember: the staging database is db-3.internal")
    answer = _event(oc_ws, "bootstrap", {"session": "shared"})
    assert "db-3.internal" not in answer["text"]
    assert "short answers" in answer["text"]
    assert answer["path"].endswith("context-shared.md")


def test_prompt_gets_reminder_and_warnings_and_queues_signals(oc_ws: Workspace) -> None:
    lesson(oc_ws.writer(), "npm install fails with ERESOLVE", fix="use pnpm install")
    answer = _event(
        oc_ws,
        "prompt",
        {
            "session": "main",
            "prompt": "No, that's wrong: always use pnpm. Now run npm install again.",
            "capture": True,
            "tool_prefix": "memstrata__",
        },
    )
    assert "memstrata__memory_signal" in answer["prependContext"]
    assert "npm install fails with ERESOLVE" in answer["prependContext"]
    assert answer["signals"] >= 1
    signals = read_pending(oc_ws).valid
    assert signals and all(s["source"] == "user" for s in signals)
    # capture off (the message was already captured by message_received): nothing more queued
    again = _event(oc_ws, "prompt", {"prompt": "always use pnpm, remember", "capture": False})
    assert again["signals"] == 0 and len(read_pending(oc_ws).valid) == len(signals)


def test_message_and_tool_error_are_queued_with_secrets_redacted(oc_ws: Workspace) -> None:
    assert _event(oc_ws, "message", {"text": "记住：以后都用 pnpm，不要用 npm"})["signals"] >= 1
    answer = _event(
        oc_ws,
        "tool-error",
        {
            "tool": "exec",
            "params": {"command": "deploy --token ghp_abcdefghijklmnopqrstuvwxyz0123456789"},
            "error": "401 Unauthorized for key sk-abcdefghijklmnopqrstuvwxyz123456",
        },
    )
    assert answer["signals"] == 1
    raw = (oc_ws.root / "memstrata" / "pending.jsonl").read_text("utf-8")
    assert "tool_error" in raw and "sk-abcdefghij" not in raw and "ghp_abcdefgh" not in raw
    assert not (oc_ws.root / "memory" / "pending.jsonl").exists()  # bookkeeping: memstrata/


def test_compaction_flushes_durable_facts_once(oc_ws: Workspace) -> None:
    messages = [
        {"role": "user", "content": "Remember: the staging gateway listens on port 18789."},
        {"role": "assistant", "content": "We decided to deploy on Fridays."},
        {"role": "user", "content": "thanks"},
    ]
    first = _event(oc_ws, "compact", {"messages": messages, "compacting": 2})
    assert len(first["flushed"]) == 2
    daily = (oc_ws.root / "memory" / "2026-04-17.md").read_text("utf-8")
    assert "Memory flush before compaction" in daily and "port 18789" in daily
    assert _event(oc_ws, "compact", {"messages": messages, "compacting": 2})["flushed"] == []


def test_session_end_flushes_citations_and_runs_the_heartbeat(oc_ws: Workspace) -> None:
    answer = _event(oc_ws, "session-end", {"session_id": "agent:main:main/x"})
    assert answer == {"citations": 0, "heartbeat": False, "card": ""}


def test_bad_input_never_fails_the_agent(oc_ws: Workspace) -> None:
    answer = _event(oc_ws, "message", "not json sk-abcdefghijklmnopqrstuvwxyz123456")
    assert "error" in answer
    logged = (oc_ws.root / ".memstrata" / "hooks.log").read_text("utf-8")
    assert "openclaw message: JSONDecodeError" in logged and "sk-abcdefghij" not in logged
    subagent = _event(oc_ws, "message", {"session": "subagent", "agent": "co der!", "text": "x"})
    assert subagent == {"signals": 0}
