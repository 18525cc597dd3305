"""``memstrata install-hooks`` / ``uninstall-hooks``: wire memstrata into an agent.

Claude Code: hooks merged into ``.claude/settings.json`` and the MCP server into ``.mcp.json``
(project scope), or into ``~/.claude/settings.json`` and ``~/.claude.json`` (user scope, where
``claude mcp add --scope user`` puts servers; ``$CLAUDE_CONFIG_DIR`` is honoured), keeping every
other key, hook and server, and idempotent: a second install only brings memstrata's own commands
up to date. Every path in a hook command is shell-quoted. Install records the files' original
bytes in ``.claude/memstrata-install.json`` and the install in the workspace
(``.memstrata/installs.json``, read by ``doctor``); uninstall restores the files byte for byte
when they are as install left them, and otherwise removes only the entries install added. The
Claude Code plugin (a local marketplace) is written by ``adapters/claude_plugin.py``.

OpenClaw: the native plugin in ``install_openclaw`` (installed through OpenClaw's own CLI).
"""

from __future__ import annotations

import base64
import json
import os
import shlex
import shutil
import sys
from pathlib import Path
from typing import Any

from memstrata.core.storage import atomic_write_bytes
from memstrata.errors import MemstrataError

CLAUDE_EVENTS = {
    "SessionStart": "session-start",
    "UserPromptSubmit": "user-prompt-submit",
    "PostToolUse": "post-tool-use",
    "PostToolUseFailure": "post-tool-use-failure",
    "PreCompact": "pre-compact",
    "Stop": "stop",
    "SessionEnd": "session-end",
}
RECORD = "memstrata-install.json"


def memstrata_command() -> str:
    """The executable to put in hook commands: this installation's, so venvs work."""
    found = shutil.which("memstrata")
    here = Path(sys.argv[0]).resolve() if sys.argv and sys.argv[0].endswith("memstrata") else None
    return str(here) if here and here.exists() else (found or "memstrata")


def memstrata_argv() -> list[str]:
    """How hooks and the MCP server start this very installation of memstrata (absolute argv).

    The console script that is running (so a virtualenv works without being on PATH), else the
    one beside the interpreter, else ``python -m memstrata`` with the installing interpreter;
    never a bare name looked up on PATH, which may find another copy or none at all.
    """
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is not None and script.name == "memstrata" and script.is_file():
        return [str(script.absolute())]  # a symlink (pipx) stays a symlink: it survives upgrades
    beside = Path(sys.executable).parent / "memstrata"
    if beside.is_file():
        return [str(beside)]
    return [sys.executable, "-m", "memstrata"]


def claude_config_dir(home: Path | None = None) -> Path:
    """Claude Code's user folder: ``$CLAUDE_CONFIG_DIR``, else ``~/.claude``."""
    configured = os.environ.get("CLAUDE_CONFIG_DIR") if home is None else None
    return Path(configured).expanduser() if configured else (home or Path.home()) / ".claude"


def claude_user_mcp_file(home: Path | None = None) -> Path:
    """Where user-scope MCP servers live (``claude mcp add --scope user`` writes there)."""
    configured = os.environ.get("CLAUDE_CONFIG_DIR") if home is None else None
    return (
        Path(configured).expanduser() / ".claude.json"
        if configured
        else (home or Path.home()) / ".claude.json"
    )


def _claude_paths(project: Path, scope: str, home: Path | None) -> tuple[Path, Path, Path, Path]:
    """(folder not to remove, settings.json, MCP file, install record) for a scope."""
    if scope == "user":
        folder = claude_config_dir(home)
        return folder.parent, folder / "settings.json", claude_user_mcp_file(home), folder / RECORD
    folder = project / ".claude"
    return project, folder / "settings.json", project / ".mcp.json", folder / RECORD


def hook_command(argv: list[str], workspace: Path, event: str) -> str:
    """One hook's shell command, every word quoted (spaces, quotes, non-ASCII all survive)."""
    return shlex.join([*argv, "-w", str(workspace), "hook", event])


def _load(path: Path) -> tuple[dict[str, Any], bytes | None]:
    if not path.exists():
        return {}, None
    raw = path.read_bytes()
    try:
        data = json.loads(raw.decode("utf-8")) if raw.strip() else {}
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise MemstrataError(
            f"not valid JSON ({exc.__class__.__name__}); fix it before installing", path
        ) from None
    if not isinstance(data, dict):
        raise MemstrataError("expected a JSON object", path)
    return data, raw


def _dump(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def _our_hook(command: str) -> bool:
    return "memstrata" in command and " hook " in f" {command} "


def install_claude(
    project: Path, workspace: Path, scope: str = "project", home: Path | None = None
) -> dict[str, Any]:
    """Merge hooks and the MCP server; returns what was added or brought up to date."""
    from memstrata.maintain.installs import record_install

    _stop, settings_path, mcp_path, record_path = _claude_paths(project, scope, home)
    argv = memstrata_argv()
    settings, settings_raw = _load(settings_path)
    mcp, mcp_raw = _load(mcp_path)
    record: dict[str, Any] = (
        json.loads(record_path.read_text("utf-8")) if record_path.exists() else {}
    )
    hooks = settings.setdefault("hooks", {})
    added, updated, commands = [], [], []
    for event, name in CLAUDE_EVENTS.items():
        command = hook_command(argv, workspace, name)
        commands.append(command)
        entry = {"type": "command", "command": command, "timeout": 10}
        groups = hooks.setdefault(event, [])
        ours = [h for g in groups for h in g.get("hooks", []) if _our_hook(h.get("command", ""))]
        if ours:  # installed before: bring the command up to date (older ones were unquoted)
            if any(h.get("command") != command for h in ours):
                for h in ours:
                    h["command"] = command
                updated.append(event)
            continue
        groups.append(
            {"matcher": "*", "hooks": [entry]}
            if event in ("PostToolUse", "PostToolUseFailure")
            else {"hooks": [entry]}
        )
        added.append(event)
    servers = mcp.setdefault("mcpServers", {})
    server = {"command": argv[0], "args": [*argv[1:], "mcp", "-w", str(workspace)]}
    current = servers.get("memstrata")
    server_added = current is None
    server_updated = isinstance(current, dict) and (
        current.get("command"),
        current.get("args"),
    ) != (server["command"], server["args"])
    if server_added or server_updated:
        servers["memstrata"] = {**(current or {}), **server}
    if added or updated:
        record.setdefault("settings", {"path": str(settings_path), "original": _b64(settings_raw)})
        atomic_write_bytes(settings_path, _dump(settings))
        record["settings"]["written"] = _b64(settings_path.read_bytes())
    if server_added or server_updated:
        record.setdefault("mcp", {"path": str(mcp_path), "original": _b64(mcp_raw)})
        atomic_write_bytes(mcp_path, _dump(mcp))
        record["mcp"]["written"] = _b64(mcp_path.read_bytes())
    if (
        added
        or updated
        or server_added
        or server_updated
        or record.get("workspace") != str(workspace)
    ):
        record.update(workspace=str(workspace), scope=scope, commands=commands)
        atomic_write_bytes(record_path, json.dumps(record, indent=2).encode("utf-8"))
    record_install(
        workspace,
        {
            "key": str(settings_path),
            "target": "claude-code",
            "scope": scope,
            "settings": str(settings_path),
            "mcp": str(mcp_path),
            "commands": commands,
        },
    )
    return {
        "hooks_added": added,
        "hooks_updated": updated,
        "mcp_server_added": server_added,
        "mcp_server_updated": server_updated,
        "settings": str(settings_path),
        "mcp": str(mcp_path),
    }


def uninstall_claude(
    project: Path, scope: str = "project", home: Path | None = None
) -> dict[str, Any]:
    """Reverse exactly what install added."""
    from memstrata.maintain.installs import forget_install

    stop, settings_path, mcp_path, record_path = _claude_paths(project, scope, home)
    record: dict[str, Any] = (
        json.loads(record_path.read_text("utf-8")) if record_path.exists() else {}
    )
    done = []
    for key, path, strip in (
        ("settings", settings_path, _strip_hooks),
        ("mcp", mcp_path, _strip_server),
    ):
        entry = record.get(key)
        if not path.exists():
            continue
        current = path.read_bytes()
        if entry and _b64(current) == entry.get("written"):
            original = entry.get("original")
            if original is None:
                path.unlink()
                _remove_empty(path.parent, stop=stop)
            else:
                atomic_write_bytes(path, base64.b64decode(original))
            done.append(f"restored {path}")
        else:
            data, _raw = _load(path)
            if strip(data):
                atomic_write_bytes(path, _dump(data))
                done.append(f"removed memstrata entries from {path}")
    if record.get("workspace"):
        forget_install(Path(record["workspace"]), str(settings_path))
    if record_path.exists():
        record_path.unlink()
        _remove_empty(record_path.parent, stop=stop)
    return {"done": done}


def _strip_hooks(settings: dict[str, Any]) -> bool:
    changed = False
    hooks = settings.get("hooks", {})
    for event in list(hooks):
        kept = []
        for group in hooks[event]:
            inner = [h for h in group.get("hooks", []) if not _our_hook(h.get("command", ""))]
            changed |= len(inner) != len(group.get("hooks", []))
            if inner:
                kept.append({**group, "hooks": inner})
        if kept:
            hooks[event] = kept
        else:
            del hooks[event]
    if not hooks and "hooks" in settings:
        del settings["hooks"]
    return changed


def _strip_server(mcp: dict[str, Any]) -> bool:
    servers = mcp.get("mcpServers", {})
    if "memstrata" not in servers:
        return False
    del servers["memstrata"]
    return True


def _remove_empty(folder: Path, stop: Path) -> None:
    if folder != stop and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()


def _b64(data: bytes | None) -> str | None:
    return None if data is None else base64.b64encode(data).decode("ascii")


SKILL_MD = """---
name: memstrata-memory
description: How to use long-term memory (memstrata) - load it, warn before tasks, capture what you learn, cite what you use.
---
# Memory routine

1. **Load** at session start: call `memory_context` (main session: includes USER.md and MEMORY.md).
2. **Warn before starting** a task: call `memory_warnings` with the task and say the reminders first
   ("开始之前提醒一下：根据 P042，…").
3. **Recall**: before answering about prior work, decisions, dates, people, preferences or todos,
   call `memory_search`, then `memory_get` for the lines you need.
4. **Capture**: when the user corrects you, states a preference, teaches a fact, says 记住 / remember,
   or the same operation fails twice, call `memory_signal` with their words. Log finished work with
   `memory_write` (kind log), pitfalls with kind lesson.
5. **Cite** memories you rely on as `📍 path:Lnn` and call `memory_cite`; flush at the end
   (`memory_cite` with flush).
6. **Evolve** at session end: `memory_evolve`; show the card to the user and pass their answer to
   `memory_approve`. Nothing becomes memory without their approval (except their explicit 记住).
"""


# OpenClaw: the native plugin and its installer live in their own module.
from memstrata.adapters.install_openclaw import install_openclaw, uninstall_openclaw  # noqa: E402

__all__ = ["install_claude", "install_openclaw", "uninstall_claude", "uninstall_openclaw"]
