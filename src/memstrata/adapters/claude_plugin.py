"""memstrata's Claude Code plugin, written out as a local marketplace.

The plugin ships inside the package (``adapters/plugins/claude_code/``): ``.claude-plugin/
plugin.json``, ``hooks/hooks.json`` and ``.mcp.json`` (both run ``bin/memstrata`` through
``${CLAUDE_PLUGIN_ROOT}``), ``skills/memstrata/SKILL.md``, and ``.claude-plugin/marketplace.json``
listing the folder itself, so the folder is a marketplace of one plugin.

``write_marketplace(DIR, workspace)`` copies it to DIR and fills in the launcher
(``bin/memstrata``) with this installation's memstrata (absolute: a virtualenv need not be on
PATH) and the workspace, each shell-quoted. Then, as printed:

    claude plugin marketplace add DIR
    claude plugin install memstrata@memstrata-local
"""

from __future__ import annotations

import json
import shlex
import shutil
from importlib import resources
from pathlib import Path
from typing import Any

from memstrata.errors import MemstrataError

MARKETPLACE = "memstrata-local"
PLUGIN = "memstrata"
LAUNCHER = Path("bin") / "memstrata"


def packaged_plugin() -> Path:
    """The plugin folder inside the installed package."""
    return Path(str(resources.files("memstrata"))) / "adapters" / "plugins" / "claude_code"


def _is_ours(folder: Path) -> bool:
    try:
        manifest = json.loads((folder / ".claude-plugin" / "plugin.json").read_text("utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(manifest, dict) and manifest.get("name") == PLUGIN


def fill_launcher(text: str, argv: list[str], workspace: Path) -> str:
    """The launcher with the install-time values set (each value shell-quoted)."""
    exe, python = (argv[0], "") if len(argv) == 1 else ("", argv[0])
    values = {
        "memstrata_exe": exe,
        "memstrata_python": python,
        "memstrata_workspace": str(workspace),
    }
    out = []
    for line in text.splitlines(keepends=True):
        name = line.split("=", 1)[0]
        if name in values and line.rstrip("\n") == f"{name}=''":
            line = f"{name}={shlex.quote(values.pop(name))}\n"
        out.append(line)
    if values:
        raise MemstrataError(f"launcher template lacks {', '.join(values)}", LAUNCHER)
    return "".join(out)


def write_marketplace(dest: Path, workspace: Path) -> dict[str, Any]:
    """Copy the plugin to ``dest`` as a local marketplace, launcher filled in; record the install."""
    from memstrata.adapters.install import memstrata_argv
    from memstrata.core.storage import atomic_write_bytes
    from memstrata.maintain.installs import record_install

    dest = dest.expanduser().resolve()
    if dest.exists() and any(dest.iterdir()) and not _is_ours(dest):
        raise MemstrataError("not empty and not a memstrata plugin folder; choose another", dest)
    source = packaged_plugin()
    updated = dest.exists() and _is_ours(dest)
    shutil.copytree(
        source,
        dest,
        dirs_exist_ok=True,
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
    )
    argv = memstrata_argv()
    launcher = dest / LAUNCHER
    text = (source / LAUNCHER).read_text(encoding="utf-8")
    atomic_write_bytes(launcher, fill_launcher(text, argv, workspace).encode("utf-8"))
    launcher.chmod(0o755)
    record_install(
        workspace,
        {
            "key": str(dest),
            "target": "claude-code-plugin",
            "launcher": str(launcher),
            "commands": [shlex.join(argv)],
        },
    )
    quoted = shlex.quote(str(dest))
    return {
        "marketplace": str(dest),
        "plugin": f"{PLUGIN}@{MARKETPLACE}",
        "updated": updated,
        "next": [
            f"claude plugin marketplace add {quoted}",
            f"claude plugin install {PLUGIN}@{MARKETPLACE}",
        ],
    }


def remove_marketplace(dest: Path) -> dict[str, Any]:
    """Delete a folder ``write_marketplace`` wrote (and its record); print the claude commands."""
    from memstrata.maintain.installs import forget_install

    dest = dest.expanduser().resolve()
    removed = False
    if dest.exists():
        if not _is_ours(dest):
            raise MemstrataError("not a memstrata plugin folder; nothing removed", dest)
        launcher = (dest / LAUNCHER).read_text(encoding="utf-8", errors="replace")
        for line in launcher.splitlines():
            if line.startswith("memstrata_workspace="):
                words = shlex.split(line.split("=", 1)[1] or "''")
                if words and words[0]:
                    forget_install(Path(words[0]), str(dest))
        shutil.rmtree(dest)
        removed = True
    return {
        "removed": removed,
        "marketplace": str(dest),
        "next": [
            f"claude plugin uninstall {PLUGIN}@{MARKETPLACE}",
            f"claude plugin marketplace remove {MARKETPLACE}",
        ],
    }
