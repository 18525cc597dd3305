"""``memstrata install-hooks`` / ``uninstall-hooks``: wire memstrata into an agent.

Claude Code: hooks merged into ``.claude/settings.json`` (project) or ``~/.claude/settings.json``
(user) and the MCP server into ``.mcp.json``, keeping every other key, hook and server, and
idempotent. Install records the files' original bytes in ``.claude/memstrata-install.json``;
uninstall restores them byte for byte when the files are as install left them, and otherwise
removes only the entries install added.

OpenClaw: the native plugin in ``install_openclaw`` (installed through OpenClaw's own CLI).
"""

from __future__ import annotations

import base64
import json
import shutil
import sys
from pathlib import Path
from typing import Any

from memstrata.errors import MemstrataError
from memstrata.storage import atomic_write_bytes

CLAUDE_EVENTS = {
    "SessionStart": "session-start",
    "UserPromptSubmit": "user-prompt-submit",
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
    """Merge hooks and the MCP server; returns what was added."""
    base = (home or Path.home()) if scope == "user" else project
    settings_path = base / ".claude" / "settings.json"
    mcp_path = project / ".mcp.json"
    record_path = base / ".claude" / RECORD
    exe = memstrata_command()
    settings, settings_raw = _load(settings_path)
    mcp, mcp_raw = _load(mcp_path)
    record: dict[str, Any] = (
        json.loads(record_path.read_text("utf-8")) if record_path.exists() else {}
    )
    hooks = settings.setdefault("hooks", {})
    added = []
    for event, name in CLAUDE_EVENTS.items():
        command = f"{exe} -w {workspace} hook {name}"
        groups = hooks.setdefault(event, [])
        if any(_our_hook(h.get("command", "")) for g in groups for h in g.get("hooks", [])):
            continue
        groups.append(
            {"matcher": "*", "hooks": [{"type": "command", "command": command, "timeout": 10}]}
            if event in ("PostToolUseFailure",)
            else {"hooks": [{"type": "command", "command": command, "timeout": 10}]}
        )
        added.append(event)
    servers = mcp.setdefault("mcpServers", {})
    server_added = "memstrata" not in servers
    if server_added:
        servers["memstrata"] = {"command": exe, "args": ["mcp", "-w", str(workspace)]}
    if added:
        record.setdefault("settings", {"path": str(settings_path), "original": _b64(settings_raw)})
        atomic_write_bytes(settings_path, _dump(settings))
        record["settings"]["written"] = _b64(settings_path.read_bytes())
    if server_added:
        record.setdefault("mcp", {"path": str(mcp_path), "original": _b64(mcp_raw)})
        atomic_write_bytes(mcp_path, _dump(mcp))
        record["mcp"]["written"] = _b64(mcp_path.read_bytes())
    if added or server_added:
        atomic_write_bytes(record_path, json.dumps(record, indent=2).encode("utf-8"))
    return {
        "hooks_added": added,
        "mcp_server_added": server_added,
        "settings": str(settings_path),
        "mcp": str(mcp_path),
    }


def uninstall_claude(
    project: Path, scope: str = "project", home: Path | None = None
) -> dict[str, Any]:
    """Reverse exactly what install added."""
    base = (home or Path.home()) if scope == "user" else project
    record_path = base / ".claude" / RECORD
    record: dict[str, Any] = (
        json.loads(record_path.read_text("utf-8")) if record_path.exists() else {}
    )
    done = []
    for key, path, strip in (
        ("settings", base / ".claude" / "settings.json", _strip_hooks),
        ("mcp", project / ".mcp.json", _strip_server),
    ):
        entry = record.get(key)
        if not path.exists():
            continue
        current = path.read_bytes()
        if entry and _b64(current) == entry.get("written"):
            original = entry.get("original")
            if original is None:
                path.unlink()
                _remove_empty(path.parent, stop=base)
            else:
                atomic_write_bytes(path, base64.b64decode(original))
            done.append(f"restored {path}")
        else:
            data, _raw = _load(path)
            if strip(data):
                atomic_write_bytes(path, _dump(data))
                done.append(f"removed memstrata entries from {path}")
    if record_path.exists():
        record_path.unlink()
        _remove_empty(record_path.parent, stop=base)
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
