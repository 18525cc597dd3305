"""Claude Code wiring without the client: quoted hook commands run by real shells, user scope,
the installer's record read by doctor, the plugin folder and its launcher, hooks that never
block, and the heartbeat card shown once. (The real client: tests/integration/.)"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from memstrata.adapters import install
from memstrata.adapters.claude_plugin import (
    packaged_plugin,
    remove_marketplace,
    write_marketplace,
)
from memstrata.adapters.install import install_claude, uninstall_claude
from memstrata.core.initialize import init_workspace
from memstrata.core.queues import append_pending
from memstrata.core.workspace import Workspace
from memstrata.maintain.doctor import diagnose
from memstrata.maintain.installs import load_installs

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

EXE = Path(sys.executable).parent / "memstrata"
AWKWARD = "dir with space, 'quote' \"dq\" $HOME ü 记忆"
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def awkward(tmp_path: Path, monkeypatch) -> dict[str, Path]:
    """A workspace and a memstrata executable whose paths need quoting; HOME sandboxed."""
    base = tmp_path / AWKWARD
    ws = init_workspace(base / "ws", lang="en").workspace
    bindir = base / "venv" / "bin"
    bindir.mkdir(parents=True)
    (bindir / "memstrata").symlink_to(EXE)
    monkeypatch.setattr(install, "memstrata_argv", lambda: [str(bindir / "memstrata")])
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    project = base / "project"
    project.mkdir()
    return {"ws": ws.root, "project": project, "bin": bindir, "home": tmp_path / "home"}


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMSTRATA_")}
    return {**env, "MEMSTRATA_EMBEDDER": "hash"}


def _commands(settings: Path) -> dict[str, str]:
    hooks = json.loads(settings.read_text(encoding="utf-8"))["hooks"]
    return {event: groups[-1]["hooks"][0]["command"] for event, groups in hooks.items()}


@pytest.mark.parametrize("shell", ["sh", "bash"])
def test_hook_commands_survive_the_shell(awkward, shell: str) -> None:
    result = install_claude(awkward["project"], awkward["ws"])
    assert len(result["hooks_added"]) == len(install.CLAUDE_EVENTS)
    commands = _commands(awkward["project"] / ".claude" / "settings.json")
    payload = json.dumps({"session_id": "s1", "cwd": str(awkward["project"]), "prompt": "hi"})
    for event, command in commands.items():
        done = subprocess.run(
            [shell, "-c", command],
            input=payload,
            capture_output=True,
            text=True,
            env=_env(),
            timeout=60,
            check=False,
        )
        assert done.returncode == 0 and done.stderr == "", (event, done.stderr)
        if event in ("SessionStart", "UserPromptSubmit"):
            answer = json.loads(done.stdout)["hookSpecificOutput"]
            assert answer["hookEventName"] == event and answer["additionalContext"]
    log = (awkward["ws"] / ".memstrata" / "hooks.log").read_text(encoding="utf-8")
    assert (
        len(re.findall(r" ok [\d.]+ms", log)) == len(commands) and "hi" not in log
    )  # not the prompt
    server = json.loads((awkward["project"] / ".mcp.json").read_text(encoding="utf-8"))
    assert server["mcpServers"]["memstrata"]["args"] == ["mcp", "-w", str(awkward["ws"])]


def test_reinstall_quotes_an_older_unquoted_install(awkward) -> None:
    settings = awkward["project"] / ".claude" / "settings.json"
    settings.parent.mkdir()
    old = f"{EXE} -w {awkward['ws']} hook stop"  # what earlier versions wrote
    settings.write_text(
        json.dumps({"hooks": {"Stop": [{"hooks": [{"type": "command", "command": old}]}]}}),
        encoding="utf-8",
    )
    result = install_claude(awkward["project"], awkward["ws"])
    assert result["hooks_updated"] == ["Stop"]
    assert len(result["hooks_added"]) == len(install.CLAUDE_EVENTS) - 1
    assert _commands(settings)["Stop"] == install.hook_command(
        install.memstrata_argv(), awkward["ws"], "stop"
    )
    again = install_claude(awkward["project"], awkward["ws"])
    assert again["hooks_added"] == again["hooks_updated"] == [] and not again["mcp_server_added"]


def test_user_scope_puts_the_server_in_the_users_config(awkward, monkeypatch) -> None:
    home = awkward["home"]
    (home).mkdir()
    (home / ".claude.json").write_text('{"numStartups": 3, "mcpServers": {}}\n', encoding="utf-8")
    result = install_claude(awkward["project"], awkward["ws"], scope="user")
    assert result["settings"] == str(home / ".claude" / "settings.json")
    config = json.loads((home / ".claude.json").read_text(encoding="utf-8"))
    assert config["numStartups"] == 3 and "memstrata" in config["mcpServers"]
    assert list(awkward["project"].iterdir()) == []  # nothing in the project
    uninstall_claude(awkward["project"], scope="user")
    assert (home / ".claude.json").read_text(encoding="utf-8") == (
        '{"numStartups": 3, "mcpServers": {}}\n'
    )
    assert not (home / ".claude").exists()
    # $CLAUDE_CONFIG_DIR moves both, as it does for Claude Code itself
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(home / "cfg"))
    result = install_claude(awkward["project"], awkward["ws"], scope="user")
    assert result["mcp"] == str(home / "cfg" / ".claude.json")
    assert result["settings"] == str(home / "cfg" / "settings.json")


def test_doctor_reads_the_installers_record(awkward, tmp_path) -> None:
    ws = Workspace.open(awkward["ws"])
    assert "no agent hooks installed" in json.dumps([f.message for f in diagnose(ws).findings])
    install_claude(awkward["project"], awkward["ws"])
    assert [e["target"] for e in load_installs(ws.root)] == ["claude-code"]
    assert [f for f in diagnose(ws).findings if f.check == "hooks"] == []
    (awkward["bin"] / "memstrata").unlink()  # the virtualenv went away
    problems = [f for f in diagnose(ws).findings if f.check == "hooks"]
    assert (
        problems
        and problems[0].severity == "problem"
        and "no longer exists" in (problems[0].message)
    )
    uninstall_claude(awkward["project"])
    assert load_installs(ws.root) == []


def test_plugin_folder_is_a_marketplace_with_a_filled_launcher(awkward) -> None:
    dest = awkward["ws"].parent / "claude plugin"
    result = write_marketplace(dest, awkward["ws"])
    assert result["next"][1] == "claude plugin install memstrata@memstrata-local"
    market = json.loads((dest / ".claude-plugin" / "marketplace.json").read_text("utf-8"))
    assert market["name"] == "memstrata-local" and market["plugins"][0]["source"] == "./"
    hooks = json.loads((dest / "hooks" / "hooks.json").read_text("utf-8"))["hooks"]
    assert set(hooks) == set(install.CLAUDE_EVENTS)
    server = json.loads((dest / ".mcp.json").read_text("utf-8"))["mcpServers"]["memstrata"]
    assert server["args"][0] == "${CLAUDE_PLUGIN_ROOT}/bin/memstrata"
    assert (dest / "skills" / "memstrata" / "SKILL.md").read_text("utf-8").startswith("---")
    # What Claude Code runs, with ${CLAUDE_PLUGIN_ROOT} set, at a path that needs quoting.
    env = {**_env(), "CLAUDE_PLUGIN_ROOT": str(dest)}
    command = hooks["SessionStart"][0]["hooks"][0]["command"]
    done = subprocess.run(
        ["sh", "-c", command],
        input=json.dumps({"session_id": "p", "cwd": "/"}),
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and "additionalContext" in done.stdout, done.stderr
    assert load_installs(awkward["ws"])[0]["target"] == "claude-code-plugin"
    assert write_marketplace(dest, awkward["ws"])["updated"]  # again: updates in place
    remove_marketplace(dest)
    assert not dest.exists() and load_installs(awkward["ws"]) == []


def test_unfilled_launcher_never_blocks_a_hook(tmp_path) -> None:
    launcher = packaged_plugin() / "bin" / "memstrata"
    env = {"PATH": str(tmp_path), "HOME": str(tmp_path)}  # no memstrata, no python
    hook = subprocess.run(
        ["/bin/sh", str(launcher), "hook", "stop"],
        input="{}",
        capture_output=True,
        text=True,
        env=env,
        timeout=30,
        check=False,
    )
    assert hook.returncode == 0 and "not found" in hook.stderr
    other = subprocess.run(
        ["/bin/sh", str(launcher), "mcp"], capture_output=True, env=env, timeout=30, check=False
    )
    assert other.returncode == 127


def test_package_data_ships_every_plugin_file() -> None:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"][
        "package-data"
    ]["memstrata"]
    package = ROOT / "src" / "memstrata"
    shipped = {p for pattern in patterns for p in package.glob(pattern)}
    files = {
        p for p in packaged_plugin().rglob("*") if p.is_file() and "__pycache__" not in p.parts
    }
    assert files and files <= shipped, sorted(map(str, files - shipped))
    assert os.access(packaged_plugin() / "bin" / "memstrata", os.X_OK)


@pytest.mark.parametrize(
    "args", [["hook", "no-such-event"], ["-w", "/etc/hostname", "hook", "stop"], ["hook"]]
)
def test_hook_exits_zero_whatever_it_gets(args: list[str]) -> None:
    done = subprocess.run(
        [str(EXE), *args], input="{}", capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0


def test_the_card_reaches_the_person_once(tmp_path) -> None:
    ws = init_workspace(tmp_path / "ws", lang="en").workspace
    append_pending(
        ws.writer(),
        {
            "signal": "explicit_remember",
            "brief": "lint first",
            "detail": "user asked to remember: always lint first",
            "source": "hook",
            "evidence": "remember: always lint before committing",
            "promote_now": True,
            "ts": "2026-01-01T00:00:00",
        },
    )

    def hook(event: str) -> str:
        payload = json.dumps({"session_id": "one", "cwd": str(ws.root)})
        return subprocess.run(
            [str(EXE), "-w", str(ws.root), "hook", event],
            input=payload,
            capture_output=True,
            text=True,
            env=_env(),
            timeout=60,
            check=True,
        ).stdout

    assert "Evolution request" in json.loads(hook("stop"))["systemMessage"]
    assert hook("stop") == ""  # shown: not again
    append_pending(
        ws.writer(),
        {
            "signal": "explicit_remember",
            "brief": "tabs",
            "detail": "user asked to remember: use tabs",
            "source": "hook",
            "evidence": "remember: always indent with tabs",
            "promote_now": True,
            "ts": "2026-01-01T00:00:00",
        },
    )
    assert hook("session-end") == ""  # nobody would see it now: it waits
    shown = json.loads(hook("session-start"))
    assert "Evolution request" in shown["systemMessage"]
    assert "systemMessage" not in json.loads(hook("session-start"))  # once


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["-w", "/a b", "hook", "stop"], ("stop", "/a b")),
        (["hook", "user-prompt-submit", "--workspace", "/x"], ("user-prompt-submit", "/x")),
        (["--workspace=/x", "hook", "pre-compact"], ("pre-compact", "/x")),
        (["hook", "session-end"], ("session-end", None)),
        (["hook", "no-such-event"], None),  # the full CLI answers (and still exits 0)
        (["hook", "stop", "--help"], None),
        (["search", "hook"], None),
    ],
)
def test_hook_calls_take_the_short_path(argv: list[str], expected) -> None:
    from memstrata.adapters.entry import fast_hook

    assert fast_hook(argv) == expected


def test_the_hook_path_imports_no_cli_framework(tmp_path) -> None:
    code = (
        "import sys; sys.argv = ['memstrata', '-w', sys.argv[1], 'hook', 'user-prompt-submit'];"
        "from memstrata.adapters import entry\n"
        "try:\n    entry.main()\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('click', 'rich')))"
    )
    ws = init_workspace(tmp_path / "ws", lang="en").workspace
    done = subprocess.run(
        [sys.executable, "-c", code, str(ws.root)],
        input=json.dumps({"cwd": str(ws.root), "prompt": "hello"}),
        capture_output=True,
        text=True,
        env=_env(),
        timeout=60,
        check=True,
    )
    assert done.stdout.strip().endswith("[]") and "additionalContext" in done.stdout
