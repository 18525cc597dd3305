"""Drive the real Claude Code CLI (``claude -p``) against the fake Messages API, in a sandbox.

Shared by ``test_claude_code_real.py`` and ``benchmarks/hooks_real.py``. ``claude`` comes from
``.ci/install-claude-code.sh`` (npm, cached outside the repository); it runs with its own HOME, a
dummy key and ``ANTHROPIC_BASE_URL`` on 127.0.0.1, so nothing leaves the machine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
INSTALLER = ROOT / ".ci" / "install-claude-code.sh"
MEMSTRATA = Path(sys.executable).parent / "memstrata"
DUMMY_KEY = "sk-ant-fake-key-for-local-tests"  # the fake API accepts anything


def install_claude_code() -> str:
    """The path of a working ``claude``; RuntimeError (with npm's words) when it cannot be had."""
    result = subprocess.run(
        ["bash", str(INSTALLER)], capture_output=True, text=True, timeout=900, check=False
    )
    lines = result.stdout.strip().splitlines()
    if result.returncode != 0 or not lines:
        raise RuntimeError(f"cannot install Claude Code:\n{result.stderr[-3000:]}")
    return lines[-1]


def claude_env(home: Path, api_url: str, **extra: str) -> dict[str, str]:
    """The environment for ``claude``: sandboxed HOME, the fake API, no traffic elsewhere."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("CLAUDE", "ANTHROPIC", "MEMSTRATA_"))
        and k != "PYTHONDONTWRITEBYTECODE"
    }
    env.update(
        HOME=str(home),
        ANTHROPIC_BASE_URL=api_url,
        ANTHROPIC_API_KEY=DUMMY_KEY,
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1",
        DISABLE_AUTOUPDATER="1",
        DISABLE_TELEMETRY="1",
        DISABLE_ERROR_REPORTING="1",
        ENABLE_TOOL_SEARCH="false",  # MCP tools go in the request's tools array, not deferred
        # In -p mode Claude Code connects MCP servers without waiting for them, and a loaded CI
        # machine can take seconds to start a Python server: the first request would then go
        # out without memstrata's tools. Wait for the connection (up to two minutes).
        MCP_CONNECTION_NONBLOCKING="false",
        MCP_CONNECT_TIMEOUT_MS="120000",
        MCP_TIMEOUT="120000",
        MEMSTRATA_EMBEDDER="hash",  # the MCP server starts light; hooks never load a model
        **extra,
    )
    return env


@dataclass
class ClaudeRun:
    code: int
    stderr: str
    events: list[dict[str, Any]] = field(default_factory=list)

    def hook_responses(self) -> list[dict[str, Any]]:
        return [e for e in self.events if e.get("subtype") == "hook_response"]

    def notices(self) -> list[str]:
        """What Claude Code showed the person besides the answer (hooks' systemMessage...)."""
        return [
            str(e.get("content", ""))
            for e in self.events
            if e.get("type") == "system" and e.get("subtype") == "informational"
        ]

    def init(self) -> dict[str, Any]:
        return next(e for e in self.events if e.get("subtype") == "init")

    def result(self) -> dict[str, Any]:
        return next(e for e in reversed(self.events) if e.get("type") == "result")


def run_claude(
    claude: str, args: list[str], cwd: Path, env: dict[str, str], timeout: float = 120
) -> ClaudeRun:
    """``claude -p ... --output-format stream-json`` with hook events; every event parsed."""
    command = [
        claude,
        *args,
        "--output-format",
        "stream-json",
        "--verbose",
        "--include-hook-events",
    ]
    result = subprocess.run(
        command,
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    events = []
    for line in result.stdout.splitlines():
        try:
            events.append(json.loads(line))
        except ValueError:
            continue
    return ClaudeRun(result.returncode, result.stderr, events)


def hooks_log(workspace: Path) -> list[str]:
    path = workspace / ".memstrata" / "hooks.log"
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []
