"""install-hooks --target openclaw: the commands it runs, the record it keeps, exact uninstall.

A stand-in ``openclaw`` on PATH logs its argument arrays and edits openclaw.json the way the
real CLI does (the real client is exercised in tests/integration/test_openclaw_real.py).
"""

from __future__ import annotations

import json
import shlex
import stat
import sys
from pathlib import Path

import pytest

from memstrata.adapters.install_openclaw import (
    install_commands,
    install_openclaw,
    plugin_dir,
    uninstall_openclaw,
)

FAKE_OPENCLAW = r"""#!{python}
import json, os, sys
from pathlib import Path
home = Path(os.environ["OPENCLAW_STATE_DIR"])
with open(home.parent / "openclaw-calls.jsonl", "a", encoding="utf-8") as log:
    log.write(json.dumps(sys.argv[1:]) + "\n")
config_path = home / "openclaw.json"
config = json.loads(config_path.read_text()) if config_path.exists() else {}
args = sys.argv[1:]
def save():
    if config_path.exists():
        (home / "openclaw.json.bak").write_bytes(config_path.read_bytes())
    config_path.write_text(json.dumps(config, indent=2) + "\n")
entries = config.setdefault("plugins", {}).setdefault("entries", {})
servers = config.setdefault("mcp", {}).setdefault("servers", {})
if args[:2] == ["plugins", "install"]:
    (home / "extensions" / "memstrata").mkdir(parents=True, exist_ok=True)
    (home / "tmp" / "plugin-captures").mkdir(parents=True, exist_ok=True)
    entries.setdefault("memstrata", {})["enabled"] = True
elif args[:2] == ["config", "set"]:
    entries["memstrata"] = {**entries.get("memstrata", {}), **json.loads(args[3])}
elif args[:2] == ["mcp", "set"]:
    servers[args[2]] = json.loads(args[3])
elif args[:2] == ["plugins", "uninstall"]:
    entries["memstrata"] = {"enabled": False}
    (home / "extensions" / "memstrata").rmdir()
elif args[:2] == ["mcp", "unset"]:
    servers.pop(args[2], None)
elif args[:2] == ["config", "unset"]:
    entries.pop("memstrata", None)
else:
    sys.exit(3)
if not servers:
    del config["mcp"]
save()
"""
ORIGINAL = '{\n  "gateway": {"mode": "local"},\n  "plugins": {"entries": {"codex": {"enabled": true}}}\n}\n'


@pytest.fixture
def openclaw_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "openclaw"
    fake.write_text(FAKE_OPENCLAW.replace("{python}", sys.executable), encoding="utf-8")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    monkeypatch.delenv("OPENCLAW_CONFIG_PATH", raising=False)
    home = tmp_path / ".openclaw"
    home.mkdir()
    (home / "openclaw.json").write_text(ORIGINAL, encoding="utf-8")
    return home


def _calls(home: Path) -> list[list[str]]:
    log = home.parent / "openclaw-calls.jsonl"
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def test_plugin_ships_inside_the_package() -> None:
    folder = plugin_dir()
    manifest = json.loads((folder / "openclaw.plugin.json").read_text("utf-8"))
    package = json.loads((folder / "package.json").read_text("utf-8"))
    assert manifest["id"] == "memstrata" and "kind" not in manifest  # memory-core keeps the slot
    assert manifest["configSchema"]["additionalProperties"] is False
    assert {"workspace", "command", "session", "agents", "budget"} <= set(
        manifest["configSchema"]["properties"]
    )
    assert package["openclaw"]["extensions"] == ["./index.js"] and not package.get("dependencies")
    from importlib.metadata import version

    assert manifest["version"] == package["version"] == version("memstrata")
    skill = (folder / "skills" / "memstrata-memory" / "SKILL.md").read_text("utf-8")
    assert skill.startswith("---\nname: memstrata-memory\n")
    assert "memstrata__memory_search" in skill and "memstrata__memory_signal" in skill
    assert "`memory_signal`" not in skill  # OpenClaw's names only
    index = (folder / "index.js").read_text("utf-8")
    assert "shell: false" in index and '"openclaw-hook"' in index
    for event in ("agent:bootstrap", "before_prompt_build", "message_received"):
        assert f'"{event}"' in index
    for event in ("after_tool_call", "before_compaction", "session_end"):
        assert f'"{event}"' in index


def test_commands_are_argument_arrays_even_with_odd_paths(tmp_path: Path) -> None:
    workspace = tmp_path / "my 'memory' 记忆"
    install, config, mcp = install_commands(workspace, "/opt/venv x/bin/memstrata")
    assert install[1:3] == ["plugins", "install"] and install[3] == str(plugin_dir())
    entry = json.loads(config[4])
    assert entry["config"] == {"workspace": str(workspace), "command": "/opt/venv x/bin/memstrata"}
    assert entry["hooks"] == {"allowConversationAccess": True}
    assert mcp[1:4] == ["mcp", "set", "memstrata"]
    assert json.loads(mcp[4]) == {
        "command": "/opt/venv x/bin/memstrata",
        "args": ["mcp", "-w", str(workspace)],
    }
    assert shlex.split(shlex.join(mcp)) == mcp  # what is printed can be pasted into a shell


def test_install_then_uninstall_restores_openclaw_json(ws, openclaw_home: Path) -> None:
    result = install_openclaw(openclaw_home, ws.root, exe="/venv/bin/memstrata")
    assert result["installed"] is True
    calls = _calls(openclaw_home)
    assert [c[:2] for c in calls] == [["plugins", "install"], ["config", "set"], ["mcp", "set"]]
    assert calls[0][3:] == ["--force", "--accept-capabilities"]
    config = json.loads((openclaw_home / "openclaw.json").read_text())
    assert config["plugins"]["entries"]["memstrata"]["config"]["workspace"] == str(ws.root)
    assert config["mcp"]["servers"]["memstrata"]["args"] == ["mcp", "-w", str(ws.root)]
    assert result["commands"][2].startswith("openclaw mcp set memstrata '{")
    again = install_openclaw(openclaw_home, ws.root, exe="/venv/bin/memstrata")  # idempotent
    assert again["installed"] is True
    done = uninstall_openclaw(openclaw_home)["done"]
    assert done[-1].startswith("restored ")
    assert (openclaw_home / "openclaw.json").read_text() == ORIGINAL
    assert not (openclaw_home / "openclaw.json.bak").exists()
    assert not (openclaw_home / "extensions").exists() and not (openclaw_home / "tmp").exists()
    assert not (openclaw_home / "memstrata-install.json").exists()
    assert _calls(openclaw_home)[-2:] == [
        ["plugins", "uninstall", "memstrata", "--force"],
        ["mcp", "unset", "memstrata"],
    ]


def test_uninstall_after_user_edits_removes_only_ours(ws, openclaw_home: Path) -> None:
    install_openclaw(openclaw_home, ws.root, exe="/venv/bin/memstrata")
    path = openclaw_home / "openclaw.json"
    config = json.loads(path.read_text())
    config["gateway"]["port"] = 19001  # the person changed something since
    path.write_text(json.dumps(config))
    uninstall_openclaw(openclaw_home)
    after = json.loads(path.read_text())
    assert after["gateway"] == {"mode": "local", "port": 19001}
    assert after["plugins"]["entries"] == {"codex": {"enabled": True}}
    assert "memstrata" not in json.dumps(after)


def test_without_openclaw_on_path_only_commands_are_printed(
    ws, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    home = tmp_path / ".openclaw"
    result = install_openclaw(home, ws.root, exe="/venv/bin/memstrata")
    assert result["installed"] is False and not home.exists()
    assert result["commands"][0] == shlex.join(
        ["openclaw", "plugins", "install", str(plugin_dir()), "--force", "--accept-capabilities"]
    )
    assert uninstall_openclaw(home) == {"done": []}


def test_uninstall_removes_the_old_hook_pack(tmp_path: Path) -> None:
    home = tmp_path / ".openclaw"
    pack = home / "hooks" / "memstrata"
    pack.mkdir(parents=True)
    (pack / "HOOK.md").write_text("old", encoding="utf-8")
    (pack / "mine.md").write_text("kept", encoding="utf-8")
    import base64

    record = {str(pack / "HOOK.md"): base64.b64encode(b"old").decode()}
    (pack / ".memstrata-install.json").write_text(json.dumps(record), encoding="utf-8")
    done = uninstall_openclaw(home)["done"]
    assert done == [f"removed {pack / 'HOOK.md'}"]
    assert (pack / "mine.md").exists() and not (pack / ".memstrata-install.json").exists()


def test_cli_prints_each_command_on_its_own_line(ws, cli, openclaw_home: Path) -> None:
    out = cli(
        "-w",
        str(ws.root),
        "install-hooks",
        "--target",
        "openclaw",
        "--openclaw-home",
        str(openclaw_home),
    ).out
    assert "\n  openclaw plugins install " in out and "\n  openclaw mcp set memstrata '" in out
    cli("uninstall-hooks", "--target", "openclaw", "--openclaw-home", str(openclaw_home))
    assert (openclaw_home / "openclaw.json").read_text() == ORIGINAL


def test_package_data_carries_every_plugin_file() -> None:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    root = Path(__file__).parents[1]
    patterns = tomllib.loads((root / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"][
        "package-data"
    ]["memstrata"]
    package = root / "src" / "memstrata"
    shipped = {p for pattern in patterns for p in package.glob(pattern)}
    files = {p for p in plugin_dir().rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    assert files and files <= shipped, files - shipped
