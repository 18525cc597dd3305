"""The installer's own record of where a workspace was wired into an agent, and its check.

``memstrata install-hooks`` adds one entry per install to ``.memstrata/installs.json`` in the
workspace (``uninstall-hooks`` removes it): the target, the settings file it changed and the exact
hook commands it wrote, or the plugin launcher it wrote. ``doctor`` reads this record instead of
guessing from command text, and checks that each recorded install is still in place and that
the executable it runs still exists (a removed virtualenv silently turns every hook off).
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

from memstrata.core.storage import atomic_write_bytes, file_lock
from memstrata.core.workspace import STATE_DIR

REGISTRY = "installs.json"


def _path(ws_root: Path) -> Path:
    return Path(ws_root) / STATE_DIR / REGISTRY


def load_installs(ws_root: Path) -> list[dict[str, Any]]:
    """The recorded installs (an unreadable record reads as none: it is derived state)."""
    try:
        data = json.loads(_path(ws_root).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    entries = data.get("installs", []) if isinstance(data, dict) else []
    return [e for e in entries if isinstance(e, dict) and e.get("key")]


def record_install(ws_root: Path, entry: dict[str, Any]) -> None:
    """Add or replace the entry with the same ``key`` (e.g. the settings file's path)."""
    _update(ws_root, lambda entries: [*(e for e in entries if e["key"] != entry["key"]), entry])


def forget_install(ws_root: Path, key: str) -> None:
    _update(ws_root, lambda entries: [e for e in entries if e["key"] != key])


def _update(ws_root: Path, change: Any) -> None:
    path = _path(ws_root)
    if not path.parent.parent.is_dir():
        return  # the workspace is gone: nothing to record
    with file_lock(path.with_suffix(".lock")):
        entries = change(load_installs(ws_root))
        data = json.dumps({"installs": entries}, ensure_ascii=False, indent=2) + "\n"
        atomic_write_bytes(path, data.encode("utf-8"))


def _executable(command: str) -> str | None:
    """The program a recorded hook command runs (None when it is not a plain path)."""
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    if words and words[0] == "sh" and len(words) > 1:
        words = words[1:]
    return words[0] if words and "/" in words[0] and "${" not in words[0] else None


def check_installs(ws_root: Path) -> tuple[bool, list[tuple[str, str, str]]]:
    """(any install in place, findings as (severity, message, where))."""
    findings: list[tuple[str, str, str]] = []
    in_place = False
    for entry in load_installs(ws_root):
        where = str(entry.get("settings") or entry.get("launcher") or entry["key"])
        target = Path(where)
        if not target.exists():
            findings.append(("note", "recorded install is gone (removed by hand?)", where))
            continue
        text = target.read_text(encoding="utf-8", errors="replace")
        commands = [str(c) for c in entry.get("commands", [])]
        if entry.get("settings"):
            try:
                present = json.dumps(json.loads(text), ensure_ascii=False)
            except ValueError:
                findings.append(("problem", "invalid JSON", where))
                continue
            missing = [
                c for c in commands if json.dumps(c, ensure_ascii=False)[1:-1] not in present
            ]
            if missing:
                findings.append(
                    ("note", f"{len(missing)} recorded hook(s) no longer in the file", where)
                )
                continue
        in_place = True
        for program in dict.fromkeys(filter(None, map(_executable, commands))):
            if not Path(program).exists():
                findings.append(
                    (
                        "problem" if entry.get("settings") else "note",
                        f"hooks run {program}, which no longer exists: run install-hooks again",
                        where,
                    )
                )
    return in_place, findings
