"""``memstrata install-hooks --target openclaw``: install memstrata's native OpenClaw plugin.

The plugin ships inside this package (``adapters/plugins/openclaw``: ``openclaw.plugin.json``,
``index.js``, the ``memstrata-memory`` skill). Installing runs OpenClaw's own CLI, so OpenClaw
validates, copies and records the plugin itself:

1. ``openclaw plugins install <plugin dir> --force --accept-capabilities``
2. ``openclaw config set plugins.entries.memstrata '<json>' --strict-json --merge``: the
   workspace, the memstrata executable, and the conversation-hook permission
   (``hooks.allowConversationAccess``) that ``before_prompt_build`` needs as a non-bundled plugin
3. ``openclaw mcp set memstrata '<json>'``: memstrata's MCP server, whose tools OpenClaw names
   ``memstrata__memory_search`` and so on

When ``openclaw`` is not on PATH nothing is changed and the same commands are returned for the
person to run. The OpenClaw home's ``openclaw.json`` (and its ``.bak``) are recorded before the
first change; uninstall runs ``openclaw plugins uninstall`` and ``openclaw mcp unset`` and then
restores both files byte for byte when nothing else changed them since, or else removes only
memstrata's entries. OpenClaw keeps the memory slot (memory-core): memstrata adds to it.
"""

from __future__ import annotations

import base64
import json
import os
import shlex
import shutil
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from memstrata.core.storage import atomic_write_bytes
from memstrata.errors import MemstrataError

PLUGIN_ID = "memstrata"
MCP_NAME = "memstrata"
RECORD = "memstrata-install.json"
LEGACY_RECORD = Path("hooks") / "memstrata" / ".memstrata-install.json"
TIMEOUT = 180

Runner = Callable[[Sequence[str], dict[str, str]], "subprocess.CompletedProcess[str]"]


def plugin_dir() -> Path:
    """The OpenClaw plugin shipped with this installation of memstrata."""
    return Path(__file__).resolve().parent / "plugins" / "openclaw"


def default_home() -> Path:
    """OpenClaw's state folder: ``$OPENCLAW_STATE_DIR``, else ``~/.openclaw``."""
    return Path(os.environ.get("OPENCLAW_STATE_DIR") or "~/.openclaw").expanduser()


def _config_path(home: Path) -> Path:
    env = os.environ.get("OPENCLAW_CONFIG_PATH")
    return Path(env).expanduser() if env else home / "openclaw.json"


def _b64(path: Path) -> str | None:
    return base64.b64encode(path.read_bytes()).decode("ascii") if path.is_file() else None


def _backups(config: Path) -> list[Path]:
    return sorted(config.parent.glob(f"{config.name}.bak*")) if config.parent.is_dir() else []


def _restore(path: Path, encoded: str | None) -> None:
    if encoded is None:
        path.unlink(missing_ok=True)
    else:
        atomic_write_bytes(path, base64.b64decode(encoded))


def _run(command: Sequence[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        list(command), env=env, capture_output=True, text=True, timeout=TIMEOUT, check=False
    )


def install_commands(workspace: Path, exe: str, openclaw: str = "openclaw") -> list[list[str]]:
    """The exact OpenClaw commands install runs (argument arrays, never shell strings)."""
    entry = {
        "enabled": True,
        "hooks": {"allowConversationAccess": True},
        "config": {"workspace": str(workspace), "command": exe},
    }
    server = {"command": exe, "args": ["mcp", "-w", str(workspace)]}
    return [
        [openclaw, "plugins", "install", str(plugin_dir()), "--force", "--accept-capabilities"],
        [
            openclaw,
            "config",
            "set",
            f"plugins.entries.{PLUGIN_ID}",
            json.dumps(entry, ensure_ascii=False),
            "--strict-json",
            "--merge",
        ],
        [openclaw, "mcp", "set", MCP_NAME, json.dumps(server, ensure_ascii=False)],
    ]


def _check(result: subprocess.CompletedProcess[str], command: Sequence[str]) -> None:
    if result.returncode != 0:
        tail = (result.stderr or result.stdout or "").strip().splitlines()[-3:]
        raise MemstrataError(
            f"`{' '.join(command[1:4])}` failed (exit {result.returncode}): {' | '.join(tail)}"
        )


def install_openclaw(
    home: Path, workspace: Path, exe: str | None = None, run: Runner = _run
) -> dict[str, Any]:
    """Install the plugin, its settings and the MCP server into the OpenClaw home ``home``."""
    from memstrata.adapters.install import memstrata_command

    exe = exe or memstrata_command()
    openclaw = shutil.which("openclaw")
    commands = install_commands(workspace, exe, openclaw or "openclaw")
    shown = [shlex.join(["openclaw", *c[1:]]) for c in commands]
    if openclaw is None:
        return {
            "installed": False,
            "reason": "openclaw is not on PATH: run these commands yourself",
            "commands": shown,
        }
    config = _config_path(home)
    record_path = home / RECORD
    record: dict[str, Any] = (
        json.loads(record_path.read_text("utf-8")) if record_path.is_file() else {}
    )
    if "original" not in record:  # keep the state from before the first install
        record.update(
            {
                "config": str(config),
                "original": _b64(config),
                "backups": {p.name: _b64(p) for p in _backups(config)},
                "absent_dirs": [d for d in ("extensions", "tmp") if not (home / d).exists()],
            }
        )
    env = {**os.environ, "OPENCLAW_STATE_DIR": str(home)}
    for command in commands:
        _check(run(command, env), command)
    record.update(
        {"written": _b64(config), "plugin": PLUGIN_ID, "mcp": MCP_NAME, "workspace": str(workspace)}
    )
    atomic_write_bytes(record_path, json.dumps(record, indent=2).encode("utf-8"))
    return {
        "installed": True,
        "plugin": PLUGIN_ID,
        "mcp_server": MCP_NAME,
        "tools": f"{MCP_NAME}__memory_search, {MCP_NAME}__memory_signal, ...",
        "config": str(config),
        "commands": shown,
        "check": [
            "openclaw plugins list",
            "openclaw hooks list",
            "openclaw skills list",
            f"openclaw mcp probe {MCP_NAME}",
        ],
    }


def uninstall_openclaw(home: Path, run: Runner = _run) -> dict[str, Any]:
    """Reverse install: OpenClaw removes its copy and records; the config files come back."""
    done: list[str] = _uninstall_legacy_pack(home)
    record_path = home / RECORD
    if not record_path.is_file():
        return {"done": done}
    record = json.loads(record_path.read_text("utf-8"))
    config = Path(record.get("config") or _config_path(home))
    openclaw = shutil.which("openclaw")
    commands = [
        ["openclaw", "plugins", "uninstall", PLUGIN_ID, "--force"],
        ["openclaw", "mcp", "unset", MCP_NAME],
    ]
    if openclaw is None:
        return {
            "done": done,
            "reason": "openclaw is not on PATH: run these commands yourself",
            "commands": [shlex.join(c) for c in commands],
        }
    unchanged = _b64(config) == record.get("written")
    env = {**os.environ, "OPENCLAW_STATE_DIR": str(home)}
    for command in commands:
        result = run([openclaw, *command[1:]], env)
        if result.returncode == 0:
            done.append(shlex.join(command))
    if unchanged:
        _restore(config, record.get("original"))
        backups = record.get("backups", {})
        for path in _backups(config):  # OpenClaw rotates openclaw.json.bak, .bak.1, ... on writes
            if path.name not in backups:
                path.unlink()
        for name, encoded in backups.items():
            _restore(config.with_name(name), encoded)
        for name in record.get("absent_dirs", []):  # folders OpenClaw made for the install
            _prune_tree(home / name)
        done.append(f"restored {config}")
    else:  # edited since install: drop what is left of ours (OpenClaw keeps an enabled:false marker)
        command = [openclaw, "config", "unset", f"plugins.entries.{PLUGIN_ID}"]
        if run(command, env).returncode == 0:
            done.append(f"removed plugins.entries.{PLUGIN_ID} from {config}")
    record_path.unlink()
    return {"done": done}


def _uninstall_legacy_pack(home: Path) -> list[str]:
    """Remove the hook pack older versions wrote (it never loaded), if still as written."""
    record = home / LEGACY_RECORD
    if not record.is_file():
        return []
    removed = []
    for name, digest in json.loads(record.read_text("utf-8")).items():
        path = Path(name)
        if path.is_file() and _b64(path) == digest:
            path.unlink()
            removed.append(f"removed {path}")
            _prune(path.parent, home)
    record.unlink()
    _prune(record.parent, home)
    return removed


def _prune_tree(folder: Path) -> None:
    """Remove ``folder`` if it holds nothing but empty folders."""
    if not folder.is_dir() or folder.is_symlink():
        return
    for child in folder.iterdir():
        _prune_tree(child)
    if not any(folder.iterdir()):
        folder.rmdir()


def _prune(folder: Path, stop: Path) -> None:
    while folder != stop and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent
