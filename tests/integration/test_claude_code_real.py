"""The real Claude Code CLI with memstrata installed three ways, against a fake Messages API.

``claude`` is installed from npm by ``.ci/install-claude-code.sh`` (cached); a test that cannot
install it fails (set MEMSTRATA_SKIP_REAL_CLIENTS=1 to skip on a machine without the registry).
Paths hold spaces, quotes and non-ASCII: the workspace, the project and the memstrata executable.
Each way runs ``claude -p`` once with a failing tool call and once with ``/compact``, and checks,
from memstrata's own log and from what the fake API received, that every hook fired and
answered, that the context reached the model, that the MCP tools were offered, that the
evolution card was shown once, and that ``claude doctor`` and ``memstrata doctor`` are clean.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import uuid
from pathlib import Path

import pytest

from memstrata.adapters import install
from tests.integration.claude_code import (
    MEMSTRATA,
    ClaudeRun,
    claude_env,
    hooks_log,
    install_claude_code,
    run_claude,
)
from tests.integration.fake_messages_api import FakeMessagesAPI

pytestmark = pytest.mark.integration

HOOK_EVENTS = (
    "session-start",
    "user-prompt-submit",
    "post-tool-use-failure",
    "pre-compact",
    "stop",
    "session-end",
)
TOOLS = (
    "memory_search",
    "memory_get",
    "memory_write",
    "memory_remember",
    "memory_signal",
    "memory_candidates",
    "memory_evolve",
    "memory_approve",
    "memory_context",
    "memory_warnings",
    "memory_cite",
    "memory_health",
)
PROMPT = "remember: always run the linter before committing. RUN-THE-FAILING-TOOL"
REMINDER = "[memory] Before replying"  # the UserPromptSubmit hook's additionalContext
CONTEXT = "# Session memory context (memstrata)"  # the SessionStart hook's additionalContext


@pytest.fixture(scope="module")
def claude() -> str:
    try:
        return install_claude_code()
    except RuntimeError as exc:
        if os.environ.get("MEMSTRATA_SKIP_REAL_CLIENTS") == "1":
            pytest.skip(str(exc))
        pytest.fail(str(exc))


@pytest.fixture
def sandbox(tmp_path: Path) -> dict[str, Path]:
    """A workspace, a project, a HOME and the memstrata executable, all at awkward paths."""
    base = tmp_path / "cc sandbox ü"
    paths = {
        "workspace": base / "memory ws 'q' 记忆",
        "project": base / "my project ü",
        "home": base / "home dir",
        "bin": base / "venv bin 'q' ü",
        "marketplace": base / "claude plugin ü",
    }
    for key in ("project", "home", "bin"):
        paths[key].mkdir(parents=True)
    (paths["bin"] / "memstrata").symlink_to(MEMSTRATA)  # hooks must quote this path too
    _memstrata(paths, "init", str(paths["workspace"]), "--lang", "en")
    config = paths["workspace"] / "memstrata.toml"
    config.write_text(
        config.read_text(encoding="utf-8") + "\n[evolve]\nmin_pending = 1\n", encoding="utf-8"
    )  # so that the first Stop's heartbeat is due and shows its card
    return paths


def _memstrata(paths: dict[str, Path], *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMSTRATA_")}
    env.update(HOME=str(paths["home"]), MEMSTRATA_EMBEDDER="hash")
    env.pop("CLAUDE_CONFIG_DIR", None)
    result = subprocess.run(
        [str(paths["bin"] / "memstrata"), *args],
        cwd=paths["project"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode in (0, 1), result.stderr
    return result


def _install(claude: str, paths: dict[str, Path], way: str, env: dict[str, str]) -> str:
    """Install memstrata one way; the prefix its MCP tools get in Claude Code."""
    ws = str(paths["workspace"])
    if way == "plugin":
        out = _memstrata(
            paths, "-w", ws, "install-hooks", "--target", "claude-code", "--plugin",
            str(paths["marketplace"]), "--json",
        )  # fmt: skip
        for command in json.loads(out.stdout)["next"]:  # the two commands it prints, as printed
            words = shlex.split(command)
            assert words[0] == "claude"
            done = _claude(claude, words[1:], paths, env)
            assert done.returncode == 0, done.stdout + done.stderr
        return "mcp__plugin_memstrata_memstrata__"
    scope = ["--scope", "user"] if way == "user" else []
    out = _memstrata(
        paths, "-w", ws, "install-hooks", "--target", "claude-code", *scope, "--project",
        str(paths["project"]), "--json",
    )  # fmt: skip
    result = json.loads(out.stdout)
    assert len(result["hooks_added"]) == len(install.CLAUDE_EVENTS) and result["mcp_server_added"]
    if way == "user":  # nothing lands in the project: the user's own config has it all
        assert Path(result["mcp"]) == paths["home"] / ".claude.json"
        assert not (paths["project"] / ".mcp.json").exists()
        assert not (paths["project"] / ".claude").exists()
    settings = json.loads(Path(result["settings"]).read_text(encoding="utf-8"))
    for groups in settings["hooks"].values():
        words = shlex.split(groups[0]["hooks"][0]["command"])
        assert words[:3] == [str(paths["bin"] / "memstrata"), "-w", ws], words
    return "mcp__memstrata__"


def _assert_hooks_answered(run: ClaudeRun) -> None:
    """Claude Code's own view: every memstrata hook exited 0."""
    ours = [r for r in run.hook_responses() if "memstrata" in json.dumps(r)]
    assert ours, run.events[:5]
    for response in ours:
        assert response["exit_code"] == 0 and response["outcome"] == "success", response


@pytest.mark.parametrize("way", ["project", "user", "plugin"])
def test_real_claude_code_runs_every_hook(claude: str, sandbox: dict[str, Path], way: str) -> None:
    with FakeMessagesAPI(tool_command="false") as api:
        env = claude_env(sandbox["home"], api.url)
        prefix = _install(claude, sandbox, way, env)
        session = str(uuid.uuid4())
        first = run_claude(
            claude,
            ["-p", PROMPT, "--session-id", session, "--allowedTools", "Bash"],
            sandbox["project"],
            env,
        )
        assert first.code == 0 and first.result().get("is_error") is False, first.stderr
        second = run_claude(
            claude, ["-p", "/compact", "--resume", session], sandbox["project"], env
        )
        assert second.code == 0, second.stderr
        requests = api.messages()
    for run in (first, second):
        _assert_hooks_answered(run)

    # memstrata's own record: each hook ran and answered, none failed.
    log = hooks_log(sandbox["workspace"])
    for event in HOOK_EVENTS:
        assert any(re.search(rf" {event} ok [\d.]+ms", line) for line in log), (event, log)
    assert not [line for line in log if " ok " not in line], log

    # The hooks' additionalContext reached the model; the tool failed and came back as an error.
    bodies = [json.dumps(body, ensure_ascii=False) for body in requests]
    assert any(REMINDER in b and CONTEXT in b for b in bodies)
    assert any('"is_error": true' in b and "Exit code 1" in b for b in bodies)

    # The MCP server's twelve tools were offered to the model under Claude Code's names.
    offered = {t["name"] for body in requests for t in body.get("tools", [])}
    assert {prefix + name for name in TOOLS} <= offered, sorted(offered)
    assert {prefix + name for name in TOOLS} <= set(first.init()["tools"])

    # The explicit "remember" became a proposal at the first Stop: its card shown exactly once.
    cards = [n for n in first.notices() + second.notices() if "Evolution request" in n]
    assert len(cards) == 1 and "linter" in cards[0], first.notices()

    # Claude Code's doctor finds nothing wrong with the settings; memstrata's doctor sees hooks.
    doctor = _claude(claude, ["doctor"], sandbox, env)
    report = doctor.stdout + doctor.stderr
    assert doctor.returncode == 0 and "Invalid settings" not in report, report
    assert "No installation issues found" in report, report
    ours = _memstrata(sandbox, "-w", str(sandbox["workspace"]), "doctor", "--json")
    hooks = [f for f in json.loads(ours.stdout)["findings"] if f["check"] == "hooks"]
    assert hooks == [], hooks
    if way == "plugin":  # and out again, with the commands uninstall-hooks prints
        out = _memstrata(
            sandbox, "uninstall-hooks", "--target", "claude-code", "--plugin",
            str(sandbox["marketplace"]), "--json",
        )  # fmt: skip
        for command in json.loads(out.stdout)["next"]:
            done = _claude(claude, shlex.split(command)[1:], sandbox, env)
            assert done.returncode == 0, done.stdout + done.stderr
        listed = _claude(claude, ["plugin", "list"], sandbox, env)
        assert (
            "memstrata@memstrata-local" not in listed.stdout and not sandbox["marketplace"].exists()
        )


def _claude(
    claude: str, args: list[str], paths: dict[str, Path], env: dict[str, str]
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [claude, *args],
        cwd=paths["project"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        check=False,
    )
