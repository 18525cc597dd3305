"""memstrata's OpenClaw plugin against the real OpenClaw (npm ``openclaw@2026.9.6`` on Node 24).

``.ci/install-openclaw.sh`` installs the client into a cache folder (quick once cached); if it
cannot, this test FAILS rather than skips. Everything runs in a scratch OpenClaw home and a
workspace whose path holds a space and Chinese characters:

1. ``openclaw setup`` makes the OpenClaw home and workspace; ``memstrata init --preset openclaw``
   adopts the workspace in place and ``memstrata doctor`` finds it healthy.
2. ``memstrata install-hooks --target openclaw`` installs the plugin through OpenClaw's CLI;
   ``openclaw plugins list``, ``hooks list`` and ``skills list`` show memstrata ready and
   enabled, and ``openclaw mcp probe`` lists the ``memstrata__memory_*`` tools.
3. ``openclaw_driver.mjs`` fires the lifecycle events through OpenClaw's own loader and
   dispatchers (no model): bootstrap context, per-prompt warnings, a received correction, a
   failed tool call, the flush before compaction, ``/new`` (with OpenClaw's session-memory hook
   enabled) and the session end. memstrata's files must show each one.
4. ``openclaw memory search`` finds the lines memstrata wrote and not memstrata's bookkeeping;
   ``memstrata search`` finds the lines OpenClaw's session-memory hook wrote.
5. ``memstrata uninstall-hooks --target openclaw`` gives back openclaw.json byte for byte.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("openclaw_driver.mjs")
MEMSTRATA = str(Path(sys.executable).with_name("memstrata"))
TIMEOUT = 240
SCENARIO = {
    # memstrata's calls get 60 s instead of the plugin's 8 s (the driver sets it in memory): the
    # test checks what the hooks answer, not how fast a loaded CI machine answers
    "timeoutMs": 60000,
    "agentId": "main",
    "sessionId": "it-session-1",
    "prompt": "Please run npm install for the web app",
    "message": "No, that's wrong. Always use pnpm instead of npm from now on.",
    "failedCommand": "npm install",
    "toolError": "npm ERR! code ERESOLVE unable to resolve dependency tree",
    "transcript": [
        ["user", "Remember: the staging gateway listens on port 18789 (wombat-gateway)."],
        ["assistant", "Noted. We decided to deploy wombat-gateway on Fridays."],
    ],
    "sessionExcerpt": "user: the staging database is called quokka-db\nassistant: noted, quokka-db",
}


def _install_openclaw() -> str:
    """The PATH prefix holding node and openclaw; installing them is part of the test."""
    result = subprocess.run(
        ["bash", str(ROOT / ".ci" / "install-openclaw.sh")],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert result.returncode == 0, f"cannot install OpenClaw:\n{result.stderr[-3000:]}"
    lines = [line for line in result.stdout.splitlines() if line.startswith("PATH_PREFIX=")]
    assert lines, result.stdout
    return lines[-1].split("=", 1)[1]


class Scratch:
    def __init__(self, tmp: Path, path_prefix: str) -> None:
        self.home = tmp / "home"
        self.state = self.home / ".openclaw"
        self.workspace = tmp / "agent ws 记忆"
        self.home.mkdir()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENCLAW_", "MEMSTRATA_"))}
        self.env = {
            **env,
            "HOME": str(self.home),
            "OPENCLAW_STATE_DIR": str(self.state),
            "PATH": f"{path_prefix}{os.pathsep}{Path(MEMSTRATA).parent}{os.pathsep}{env['PATH']}",
            "NO_COLOR": "1",
        }
        self.package = Path(path_prefix.split(os.pathsep)[-1]).parent / "openclaw"
        self.log: list[tuple[list[str], float]] = []
        self.config_before = b""
        self.home_before: dict[str, str] = {}
        self.stderr = ""
        self.installed: dict[str, Any] = {}

    def run(self, *args: str, stdin: str | None = None, ok: bool = True) -> str:
        started = time.monotonic()
        result = subprocess.run(
            list(args),
            env=self.env,
            cwd=self.home,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
        self.log.append((list(args), time.monotonic() - started))
        self.stderr = result.stderr
        if ok:
            assert result.returncode == 0, (
                f"{args}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
            )
        return result.stdout

    def json(self, *args: str) -> Any:
        out = self.run(*args)
        return json.loads(out[out.index("{") :])

    def memstrata(self, *args: str) -> str:
        return self.run(MEMSTRATA, "-w", str(self.workspace), *args)

    def files(self) -> dict[str, str]:
        """The OpenClaw home's files and folders with their hashes, but for OpenClaw's own
        databases (state/, agents/: `openclaw memory search` builds an index there), runtime
        locks (tmp/openclaw-<uid>/) and plugin-skills/ (links every `skills list` refreshes)."""
        found = {}
        for path in self.state.rglob("*"):
            rel = path.relative_to(self.state).as_posix()
            if rel.split("/")[0] in ("state", "agents", "plugin-skills") or rel == "tmp":
                continue
            if not rel.startswith("tmp/openclaw-"):
                found[rel] = (
                    "dir" if path.is_dir() else hashlib.sha256(path.read_bytes()).hexdigest()
                )
        return found

    def pending(self) -> list[dict[str, Any]]:
        path = self.workspace / "memstrata" / "pending.jsonl"
        return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


@pytest.fixture(scope="module")
def oc(tmp_path_factory: pytest.TempPathFactory) -> Any:
    started = time.monotonic()
    scratch = Scratch(tmp_path_factory.mktemp("openclaw"), _install_openclaw())
    scratch.run("openclaw", "setup", "--baseline", "--workspace", str(scratch.workspace))
    scratch.run(MEMSTRATA, "init", str(scratch.workspace), "--preset", "openclaw", "--lang", "en")
    scratch.memstrata("lesson", "npm install fails with ERESOLVE", "--fix", "use pnpm install")
    scratch.memstrata("log", "Rotated the wombat-gateway TLS certificate", "--agent", "main")
    scratch.run("openclaw", "hooks", "enable", "session-memory")
    scratch.config_before = (scratch.state / "openclaw.json").read_bytes()
    scratch.home_before = scratch.files()
    scratch.installed = json.loads(
        scratch.memstrata("install-hooks", "--target", "openclaw", "--json")
    )
    yield scratch
    slowest = sorted(scratch.log, key=lambda item: -item[1])[:5]
    summary = "; ".join(f"{Path(a[0]).name} {' '.join(a[1:3])} {s:.1f}s" for a, s in slowest)
    print(f"\nOpenClaw integration: {time.monotonic() - started:.1f}s; slowest: {summary}")


def test_fresh_openclaw_workspace_is_healthy(oc) -> None:
    assert (oc.workspace / "memstrata.toml").is_file() and (oc.workspace / "MEMORY.md").is_file()
    oc.memstrata("index")
    report = json.loads(oc.memstrata("doctor", "--json"))
    assert report["healthy"], report


def test_installed_and_listed(oc) -> None:
    assert oc.installed["installed"] is True, oc.installed
    assert oc.installed["commands"][0].startswith("openclaw plugins install ")
    with ThreadPoolExecutor(4) as pool:  # read-only reports: run them side by side
        plugins, hooks, skills, probe = pool.map(
            lambda args: oc.json("openclaw", *args),
            [
                ("plugins", "list", "--json"),
                ("hooks", "list", "--json"),
                ("skills", "list", "--json"),
                ("mcp", "probe", "memstrata", "--json"),
            ],
        )
    plugins, hooks, skills = plugins["plugins"], hooks["hooks"], skills["skills"]
    mine = next(p for p in plugins if p["id"] == "memstrata")
    assert mine["enabled"] is True and mine["status"] == "loaded", mine
    assert mine["rootDir"] == str(oc.state / "extensions" / "memstrata")
    ours = [h for h in hooks if h.get("pluginId") == "memstrata"]
    assert ours and all(h["eligible"] and h["loadable"] and not h["disabled"] for h in ours), ours
    assert ours[0]["events"] == ["agent:bootstrap"]
    assert any(h["name"] == "session-memory" and h["eligible"] for h in hooks)
    skill = next(s for s in skills if s["name"] == "memstrata-memory")
    assert skill["eligible"] and not skill["disabled"] and skill["modelVisible"], skill
    assert {"memstrata__memory_search", "memstrata__memory_signal"} <= set(probe["tools"])
    assert probe["servers"]["memstrata"]["launch"].endswith(f"mcp -w {oc.workspace}")


def test_lifecycle_events_through_openclaw(oc, tmp_path: Path) -> None:
    scenario = tmp_path / "scenario.json"
    scenario.write_text(json.dumps(SCENARIO), encoding="utf-8")
    out = oc.run("node", str(DRIVER), str(oc.package), str(scenario))
    report = json.loads(out.rsplit("MEMSTRATA_REPORT ", 1)[1])
    logged = out + oc.stderr
    steps = report["steps"]
    failed = {k: v["error"] for k, v in steps.items() if not v["ok"]}
    assert not failed, failed

    loaded = steps["load"]["value"]
    assert loaded["status"] == "loaded" and loaded["diagnostics"] == [], loaded
    assert len(loaded["typedHooks"]) == 6, loaded  # before_prompt_build is not blocked

    # agent:bootstrap: memstrata's context joins OpenClaw's bootstrap files, after its filters
    bootstrap = steps["bootstrap"]["value"]
    assert "MEMSTRATA.md" in bootstrap["files"]
    (context,) = [f for f in bootstrap["context"] if f["path"].endswith("context-main.md")]
    assert "Session memory context (memstrata)" in context["content"]
    assert "wombat-gateway TLS certificate" in context["content"]  # today's log, cited
    assert "## Identity" not in context["content"]  # OpenClaw injects SOUL.md itself
    assert Path(context["path"]).read_text("utf-8").strip() == context["content"].strip()

    group = steps["bootstrap_group"]["value"]
    assert "MEMSTRATA.md" in group["files"] and group["context"][0].endswith("context-shared.md")

    # before_prompt_build: reminder naming OpenClaw's tool names, plus the matching lesson
    prepend = steps["before_prompt_build"]["value"]["prependContext"]
    assert "memstrata__memory_signal" in prepend
    assert "npm install fails with ERESOLVE" in prepend and "📍 memory/lessons.md" in prepend

    # message_received and after_tool_call queue the signals. "...pnpm instead of npm from now
    # on" is also a standing rule, an explicit instruction (note 004: its card comes at once), so
    # the session-end heartbeat is due and takes the queue into the pool and the card.
    assert steps["session_end"]["ok"]
    pool = (oc.workspace / "memstrata" / "CANDIDATES.md").read_text("utf-8")
    from memstrata.core.workspace import Workspace
    from memstrata.evolve.proposals import load_state

    proposals = load_state(Workspace.open(oc.workspace))["proposals"]
    assert not oc.pending(), oc.pending()
    assert "ERESOLVE" in pool, pool  # the tool error: a candidate (note 004's error-detector)
    [rule] = [p for p in proposals if "pnpm" in p["summary"]]
    assert rule["kind"] == "rule" and rule["summary"].startswith("Always use pnpm"), rule

    # before_compaction: durable facts flushed to today's daily log
    daily = sorted((oc.workspace / "memory").glob("20??-??-??.md"))[-1]
    text = daily.read_text("utf-8")
    assert "Memory flush before compaction" in text and "port 18789" in text

    # the memory prompt section names memstrata's MCP tools
    assert any("memstrata__memory_search" in line for line in steps["memory_prompt"]["value"])

    # /new: OpenClaw's own session-memory hook wrote its excerpt into the workspace
    written = [p for p in (oc.workspace / "memory").glob("20??-??-??-*.md")]
    assert written and "quokka-db" in written[0].read_text("utf-8")
    assert not (oc.workspace / ".memstrata" / "hooks.log").exists()

    # a missing memstrata executable costs nothing but a logged line: the turn goes on
    broken = steps["broken_command"]["value"]
    assert not (broken["prompt"] or {}).get("prependContext"), broken
    assert "MEMSTRATA.md" not in broken["files"] and broken["ms"] < 5000, broken
    assert "memstrata prompt: could not run" in logged  # through OpenClaw's plugin logger


def test_memory_search_both_ways(oc) -> None:
    # memstrata's bookkeeping is where OpenClaw's indexer never looks
    oc.memstrata("heartbeat", "--force")
    assert (oc.workspace / "memstrata" / "CANDIDATES.md").is_file()
    found = oc.json("openclaw", "memory", "search", "wombat-gateway", "--json")["results"]
    assert any("18789" in r["snippet"] and r["path"].startswith("memory/20") for r in found), found
    everything = oc.json("openclaw", "memory", "search", "pnpm", "--json")["results"]
    assert not [r for r in everything if r["path"].startswith("memstrata/")], everything
    # and memstrata finds what OpenClaw's session-memory hook wrote
    hits = json.loads(oc.memstrata("search", "quokka-db", "--json"))["results"]
    assert hits and hits[0]["path"].startswith("memory/") and "quokka-db" in hits[0]["snippet"]


def test_uninstall_gives_back_openclaw_exactly(oc) -> None:
    result = json.loads(oc.run(MEMSTRATA, "uninstall-hooks", "--target", "openclaw", "--json"))
    assert any(line.startswith("restored ") for line in result["done"]), result
    assert (oc.state / "openclaw.json").read_bytes() == oc.config_before
    after = oc.files()
    changed = {k for k, _ in set(after.items()) ^ set(oc.home_before.items())}
    assert not changed, sorted(changed)  # openclaw.json, its .bak rotation, extensions/, tmp/
    assert not (oc.state / "extensions" / "memstrata").exists()
    plugins = oc.json("openclaw", "plugins", "list", "--json")["plugins"]
    assert "memstrata" not in {p["id"] for p in plugins}
