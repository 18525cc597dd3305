"""install-hooks / uninstall-hooks round-trips on settings that already hold other entries."""

from __future__ import annotations

import json
from pathlib import Path

from memstrata.adapters import install
from memstrata.adapters.install import install_claude, uninstall_claude

SETTINGS = """{
    "permissions": {"allow": ["Bash(npm run lint)"]},
    "hooks": {
        "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "~/bin/other-hook.sh"}]}],
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard.sh"}]}]
    },
    "model": "opus"
}
"""
MCP = '{"mcpServers": {"github": {"command": "gh-mcp", "args": []}}}\n'


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    (project / ".claude").mkdir(parents=True)
    (project / ".claude" / "settings.json").write_text(SETTINGS, encoding="utf-8")
    (project / ".mcp.json").write_text(MCP, encoding="utf-8")
    return project


def test_install_merges_and_uninstall_restores_bytes(ws, tmp_path) -> None:
    project = _project(tmp_path)
    result = install_claude(project, ws.root)
    assert len(result["hooks_added"]) == len(install.CLAUDE_EVENTS) and result["mcp_server_added"]
    settings = json.loads((project / ".claude" / "settings.json").read_text(encoding="utf-8"))
    assert (
        settings["permissions"] == {"allow": ["Bash(npm run lint)"]} and settings["model"] == "opus"
    )
    prompt_hooks = [h["command"] for g in settings["hooks"]["UserPromptSubmit"] for h in g["hooks"]]
    assert prompt_hooks[0] == "~/bin/other-hook.sh" and prompt_hooks[1].endswith(
        f"-w {ws.root} hook user-prompt-submit"
    )
    assert settings["hooks"]["PreToolUse"][0]["hooks"][0]["command"] == "guard.sh"
    servers = json.loads((project / ".mcp.json").read_text(encoding="utf-8"))["mcpServers"]
    assert set(servers) == {"github", "memstrata"} and servers["memstrata"]["args"] == [
        "mcp",
        "-w",
        str(ws.root),
    ]
    again = install_claude(project, ws.root)  # idempotent
    assert again["hooks_added"] == [] and not again["mcp_server_added"]
    uninstall_claude(project)
    assert (project / ".claude" / "settings.json").read_text(encoding="utf-8") == SETTINGS
    assert (project / ".mcp.json").read_text(encoding="utf-8") == MCP
    assert not (project / ".claude" / "memstrata-install.json").exists()


def test_uninstall_after_user_edits_removes_only_our_entries(ws, tmp_path) -> None:
    project = _project(tmp_path)
    install_claude(project, ws.root)
    path = project / ".claude" / "settings.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["theme"] = "dark"
    path.write_text(json.dumps(data), encoding="utf-8")
    uninstall_claude(project)
    after = json.loads(path.read_text(encoding="utf-8"))
    assert after["theme"] == "dark" and "memstrata" not in json.dumps(after)
    assert after["hooks"]["UserPromptSubmit"][0]["hooks"][0]["command"] == "~/bin/other-hook.sh"


def test_install_into_an_empty_project_and_back(ws, tmp_path) -> None:
    project = tmp_path / "empty"
    project.mkdir()
    install_claude(project, ws.root)
    assert (project / ".claude" / "settings.json").exists() and (project / ".mcp.json").exists()
    uninstall_claude(project)
    assert list(project.iterdir()) == []


def test_user_scope_uses_home(ws, tmp_path) -> None:
    home, project = tmp_path / "home", tmp_path / "p"
    project.mkdir()
    install_claude(project, ws.root, scope="user", home=home)
    assert "memstrata" in (home / ".claude" / "settings.json").read_text(encoding="utf-8")
    uninstall_claude(project, scope="user", home=home)
    assert not (home / ".claude" / "settings.json").exists()


def test_cli_install_and_uninstall(ws, cli, tmp_path) -> None:
    project = _project(tmp_path)
    out = json.loads(
        cli(
            "-w",
            str(ws.root),
            "install-hooks",
            "--target",
            "claude-code",
            "--project",
            str(project),
            "--json",
        ).out
    )
    assert len(out["hooks_added"]) == len(install.CLAUDE_EVENTS)
    cli("uninstall-hooks", "--target", "claude-code", "--project", str(project))
    assert (project / ".claude" / "settings.json").read_text(encoding="utf-8") == SETTINGS
    (project / ".mcp.json").write_text("{broken", encoding="utf-8")
    bad = cli(
        "-w", str(ws.root), "install-hooks", "--target", "claude-code", "--project", str(project)
    )
    assert (
        bad.code == 2
        and ".mcp.json" in bad.err
        and (project / ".mcp.json").read_text() == "{broken"
    )
