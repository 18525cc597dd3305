"""``doctor`` catches each problem it lists and repairs only what is safe; ``handoff``."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from memstrata.core.queues import append_pending
from memstrata.core.workspace import Workspace
from memstrata.entries.journal import lesson, project
from memstrata.entries.remember import remember
from memstrata.evolve.pool import observe
from memstrata.maintain.doctor import diagnose, run_doctor
from memstrata.maintain.handoff import handoff
from memstrata.providers.embedders import HashEmbedder
from memstrata.recall.store import Index
from tests.test_security import FAKE_SECRETS


@pytest.fixture
def healthy(ws):
    Index(ws, HashEmbedder()).sync()
    (ws.root / ".claude").mkdir()
    (ws.root / ".claude" / "settings.json").write_text(
        json.dumps(
            {
                "hooks": {
                    "Stop": [{"hooks": [{"type": "command", "command": "memstrata hook stop"}]}]
                }
            }
        ),
        encoding="utf-8",
    )
    return ws


def _checks(ws, severity: str = "problem") -> set[str]:
    return {f.check for f in diagnose(ws).findings if f.severity == severity}


def test_fresh_workspace_is_healthy(healthy) -> None:
    report = diagnose(healthy)
    assert report.healthy, report.findings
    assert not report.findings


def test_limits(healthy) -> None:
    (healthy.root / "memory" / "infra.md").write_text(
        "# Infra\n" + "- server\n" * 90, encoding="utf-8"
    )
    assert "limits" in _checks(healthy)


def test_pending_backlog_and_corruption(healthy) -> None:
    for n in range(5):
        append_pending(
            healthy.writer(),
            {"signal": "preference", "brief": f"b{n}", "detail": "d", "source": "user"},
        )
    assert "pending" in _checks(healthy)


def test_candidates_near_expiry_is_a_note(healthy) -> None:
    observe(
        Workspace.open(healthy.root, clock=lambda: datetime(2026, 3, 20)).writer(),
        "preference",
        "喜欢深色主题",
    )
    Index(healthy, HashEmbedder()).sync()
    assert "candidates" in _checks(healthy, "note") and diagnose(healthy).healthy


def test_index_behind_and_missing_are_notes(healthy) -> None:
    # Every search syncs the index first: a stale or missing index is information (issue 12).
    (healthy.root / "memory" / "2026-04-17.md").write_text(
        "# [2026-04-17]\n\n## 新\n- x\n", encoding="utf-8"
    )
    assert "index" in _checks(healthy, "note") and diagnose(healthy).healthy
    (healthy.state_dir / "index.sqlite").unlink()
    assert "index" in _checks(healthy, "note") and diagnose(healthy).healthy


def test_stale_line_index_header_and_fix(healthy) -> None:
    path = healthy.root / "USER.md"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(12, "## 手写的新段落\n- 新内容\n")
    path.write_text("".join(lines), encoding="utf-8")
    assert "headers" in _checks(healthy)
    report = run_doctor(healthy.writer(), repair=True)
    assert any("line-index header of USER.md" in done for done in report.fixed)
    assert "headers" not in _checks(healthy) and report.healthy


def test_links_to_missing_files(healthy) -> None:
    with open(healthy.root / "MEMORY.md", "a", encoding="utf-8") as fh:
        fh.write("- 详见 [部署手册](docs/deploy.md)\n")
    findings = [f for f in diagnose(healthy).findings if f.check == "links"]
    assert findings and findings[0].where.startswith("MEMORY.md:")


def test_secrets_in_files(healthy) -> None:
    with open(healthy.root / "memory" / "infra.md", "a", encoding="utf-8") as fh:
        fh.write(f"- token {FAKE_SECRETS['github_classic']}\n")
    findings = [f for f in diagnose(healthy).findings if f.check == "secrets"]
    assert findings and findings[0].where.startswith("memory/infra.md:")
    assert FAKE_SECRETS["github_classic"] not in findings[0].message


def test_identity_changed_since_init(healthy) -> None:
    with open(healthy.root / "SOUL.md", "a", encoding="utf-8") as fh:
        fh.write("- 新原则\n")
    assert "identity" in _checks(healthy)


def test_hooks_missing_is_a_note(ws) -> None:
    Index(ws, HashEmbedder()).sync()
    assert "hooks" in _checks(ws, "note")


def test_cli_exit_codes(healthy, cli) -> None:
    assert cli("-w", str(healthy.root), "doctor").code == 0
    (healthy.root / "memory" / "2026-04-17.md").write_text("# x\n", encoding="utf-8")
    assert cli("-w", str(healthy.root), "doctor").code == 0  # index behind: a note only
    (healthy.root / "USER.md").write_text(
        (healthy.root / "USER.md").read_text("utf-8") + "- [2026-1 broken\n", encoding="utf-8"
    )
    result = cli("-w", str(healthy.root), "doctor", "--json")
    assert result.code == 1 and json.loads(result.out)["healthy"] is False
    (healthy.root / "USER.md").write_text(
        (healthy.root / "USER.md").read_text("utf-8").replace("- [2026-1 broken\n", ""),
        encoding="utf-8",
    )
    assert cli("-w", str(healthy.root), "doctor", "--fix").code == 0


def test_handoff_brief_cites_everything(ws) -> None:
    remember(ws.writer(), "记住：提供商名永远不要用 qwen")
    remember(ws.writer(), "记住：我喜欢简短的回答")
    project(ws.writer(), "支付网关", status="进行中 ⚡", owner="coder", progress="对账服务迁移")
    project(ws.writer(), "旧项目", status="已完成 ✅")
    lesson(ws.writer(), "npm 依赖冲突", fix="改用 pnpm", severity="P1")
    observe(ws.writer(), "preference", "喜欢深色主题")
    brief = handoff(ws)
    for text in (
        "P001 提供商名永远不要用 qwen",
        "我喜欢简短的回答",
        "支付网关",
        "对账服务迁移",
        "C001",
        "改用 pnpm",
    ):
        assert text in brief
    assert "旧项目" not in brief
    assert all(
        "📍" in line for line in brief.splitlines() if line.startswith("- ") and line != "- "
    )
