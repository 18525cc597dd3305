"""``memstrata demo``: a scripted tour on a throw-away workspace, with no network and no keys.

It writes a few memories in Chinese and English through the same services the CLI uses and
reads each back from the Markdown by its citation, so a new user sees what lands where.
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memstrata.initialize import init_workspace
from memstrata.journal import lesson, log, project
from memstrata.permissions import Session
from memstrata.remember import remember
from memstrata.status import workspace_status
from memstrata.textio import strip_eol
from memstrata.workspace import Workspace

_SCRIPT = {
    "zh": [
        ("remember", "记住：配置提供商名不要用 qwen，会触发内置插件劫持导致 4008 错误"),
        ("remember", "记住：我喜欢简洁的回答，代码注释用中文"),
        ("remember", "Remember: the staging database listens on port 5433"),
        ("remember", "Always run the test suite before pushing to main"),
    ],
    "en": [
        (
            "remember",
            "Remember: never name the provider qwen, it triggers the built-in plugin (error 4008)",
        ),
        ("remember", "Remember: I prefer short answers with code comments in English"),
        ("remember", "记住：测试服务器的数据库端口是 5433"),
        ("remember", "Always run the test suite before pushing to main"),
    ],
}


@dataclass
class DemoStep:
    """One action of the tour and the lines it wrote, read back by citation."""

    action: str
    input: str
    role: str
    cite: str
    lines: list[str]


@dataclass
class DemoReport:
    workspace: str
    kept: bool
    steps: list[DemoStep] = field(default_factory=list)
    status: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "workspace": self.workspace,
            "kept": self.kept,
            "steps": [step.__dict__ for step in self.steps],
            "status": self.status,
        }

    def render(self) -> str:
        out = [
            f"memstrata demo: workspace {self.workspace}{'' if self.kept else ' (temporary, removed)'}",
            "",
        ]
        for number, step in enumerate(self.steps, start=1):
            out.append(f"[{number}] {step.action}: {step.input}")
            out.append(f"    → {step.role}  {step.cite}")
            out.extend(f"    │ {line}" for line in step.lines)
            out.append("")
        out.append(
            "Roles now: "
            + ", ".join(f"{row['role']}={row['entries']}" for row in self.status if row["entries"])
        )
        return "\n".join(out)


def _read_back(ws: Workspace, path: str, start: int, end: int) -> list[str]:
    return [strip_eol(line) for line in ws.read_lines(path)[start - 1 : end]]


def run_demo(keep: str | None = None, lang: str = "zh") -> DemoReport:
    """Run the tour; the workspace is removed afterwards unless ``keep`` names a folder."""
    root = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="memstrata-demo-"))
    try:
        ws = init_workspace(root, preset="default", lang=lang).workspace
        report = DemoReport(str(ws.root), kept=bool(keep))
        main = ws.writer()
        coder = ws.writer(Session("subagent", "coder"))
        for action, text in _SCRIPT[lang]:
            done = remember(main, text)
            report.steps.append(
                DemoStep(
                    action,
                    text,
                    done.role,
                    done.cite,
                    _read_back(ws, done.path, done.start_line, done.end_line),
                )
            )
        journal = [
            (
                "log",
                "修复了登录超时：Redis 连接池太小（10 → 50）"
                if lang == "zh"
                else "Fixed the login timeout: Redis pool too small (10 → 50)",
                lambda text: log(coder, text),
            ),
            (
                "lesson",
                "npm install 在此项目失败" if lang == "zh" else "npm install fails in this repo",
                lambda text: lesson(
                    coder,
                    text,
                    symptom="ERESOLVE 依赖冲突" if lang == "zh" else "ERESOLVE conflict",
                    fix="改用 pnpm install" if lang == "zh" else "use pnpm install",
                    severity="P1",
                ),
            ),
            (
                "project",
                "memstrata",
                lambda text: project(
                    main,
                    text,
                    status="进行中 ⚡" if lang == "zh" else "active ⚡",
                    owner="main",
                    progress="基础层完成" if lang == "zh" else "foundation done",
                ),
            ),
        ]
        for action, text, write in journal:
            done = write(text)
            report.steps.append(
                DemoStep(
                    action,
                    text,
                    done.role,
                    done.cite,
                    _read_back(ws, done.path, done.start_line, done.end_line),
                )
            )
        report.status = [
            {"role": row.role, "entries": row.entries, "lines": row.lines, "limit": row.limit}
            for row in workspace_status(ws)
        ]
        return report
    finally:
        if not keep:
            shutil.rmtree(root, ignore_errors=True)
