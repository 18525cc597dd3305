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

from memstrata.core.initialize import init_workspace
from memstrata.core.permissions import Session
from memstrata.core.workspace import Workspace
from memstrata.entries.journal import lesson, log, project
from memstrata.entries.remember import remember
from memstrata.maintain.status import workspace_status
from memstrata.text.textio import strip_eol

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
    loop: list[str] = field(default_factory=list)
    status: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "workspace": self.workspace,
            "kept": self.kept,
            "steps": [step.__dict__ for step in self.steps],
            "learning_loop": self.loop,
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
        out.append("Learning loop: signals → pending → heartbeat → card → approval → search")
        out.extend(self.loop)
        out.append("")
        out.append(
            "Roles now: "
            + ", ".join(f"{row['role']}={row['entries']}" for row in self.status if row["entries"])
        )
        return "\n".join(out)


def _step(report: DemoReport, ws: Workspace, action: str, text: str, done: Any) -> None:
    """Record one scripted write with the lines it landed on, read back from the file."""
    report.steps.append(
        DemoStep(
            action,
            text,
            done.role,
            done.cite,
            _read_back(ws, done.path, done.start_line, done.end_line),
        )
    )


def _read_back(ws: Workspace, path: str, start: int, end: int) -> list[str]:
    return [strip_eol(line) for line in ws.read_lines(path)[start - 1 : end]]


_CONVERSATION = {
    "zh": [
        ("2026-04-15T10:00", "我更喜欢用表格对比方案"),
        ("2026-04-16T15:00", "对比方案我习惯用表格"),
        ("2026-04-17T09:30", "我更喜欢用表格来对比方案"),
        ("2026-04-17T09:40", "不对，端口应该是 8443 不是 8080"),
    ],
    "en": [
        ("2026-04-15T10:00", "I prefer tables when comparing options"),
        ("2026-04-16T15:00", "I prefer tables when comparing options, they are clearer"),
        ("2026-04-17T09:30", "I prefer tables when comparing options"),
        ("2026-04-17T09:40", "No, the port is 8443 not 8080"),
    ],
}


def _learning_loop(ws: Workspace, report: DemoReport, lang: str) -> None:
    """Signals from a short scripted conversation on three days, the heartbeat's report and
    card, the approval, and the new memory found again by search with its citation."""
    from datetime import datetime

    from memstrata.capture.record import record_signals
    from memstrata.evolve.approve import approve
    from memstrata.evolve.heartbeat import heartbeat
    from memstrata.recall.search import search

    for when, text in _CONVERSATION[lang]:
        moment = datetime.fromisoformat(when)
        day = Workspace.open(ws.root, clock=lambda moment=moment: moment)  # type: ignore[misc]
        found = record_signals(day.writer(), text)
        kinds = ", ".join(s.kind for s in found.signals) or "-"
        report.loop.append(f"[{when[:10]}] {text}  → {kinds}")
    last = Workspace.open(ws.root, clock=lambda: datetime.fromisoformat("2026-04-17T18:00"))
    beat = heartbeat(last.writer(), force=True, session_id="demo")
    report.loop.append(beat.report)
    report.loop.append(beat.card)
    reply = "确认" if lang == "zh" else "all"
    result = approve(last.writer(), "1")
    report.loop.append(
        f'approve "1" ({reply} / 1,3 / 跳过 also work): '
        + ", ".join(f"{a['cid']} → {a['cite']}" for a in result.applied)
    )
    query = "表格 对比" if lang == "zh" else "compare options table"
    hits = search(ws, query, k=3).results
    report.loop.append(f"search {query!r}:")
    report.loop.extend(f"  {h.cite}  {h.snippet[:60]}" for h in hits)


def run_demo(keep: str | None = None, lang: str = "zh") -> DemoReport:
    """Run the tour; the workspace is removed afterwards unless ``keep`` names a folder."""
    root = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="memstrata-demo-"))
    try:
        ws = init_workspace(root, preset="default", lang=lang).workspace
        report = DemoReport(str(ws.root), kept=bool(keep))
        main = ws.writer()
        coder = ws.writer(Session("subagent", "coder"))
        for action, text in _SCRIPT[lang]:
            _step(report, ws, action, text, remember(main, text))
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
            _step(report, ws, action, text, write(text))
        _learning_loop(ws, report, lang)
        report.status = [
            {"role": row.role, "entries": row.entries, "lines": row.lines, "limit": row.limit}
            for row in workspace_status(ws)
        ]
        return report
    finally:
        if not keep:
            shutil.rmtree(root, ignore_errors=True)
