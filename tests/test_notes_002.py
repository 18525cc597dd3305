"""Note 002 (五层记忆系统, the five-tier team memory), requirement by requirement, in the
``five-tier`` preset with a fixed clock. docs/conformance.md maps each test to the note."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from memstrata.core.permissions import Session
from memstrata.core.workspace import Workspace
from memstrata.entries.journal import infra, lesson, log, project
from memstrata.entries.remember import remember
from memstrata.errors import PermissionDenied, SecretRefused
from memstrata.evolve.approve import approve
from memstrata.formats.daily import parse_log
from memstrata.maintain.consolidate import consolidate
from memstrata.maintain.doctor import diagnose
from memstrata.maintain.status import workspace_status
from tests.conftest import FIXED_NOW
from tests.mcp_client import call_tools
from tests.test_security import FAKE_SECRETS

CODER = Session("subagent", "coder")


@pytest.fixture
def five(make_ws) -> Workspace:
    return make_ws("five-tier")


@pytest.fixture
def team(make_ws) -> Workspace:
    return make_ws("five-tier", team=True)


def _text(ws: Workspace, rel: str) -> str:
    return (ws.root / rel).read_text(encoding="utf-8")


def _at(ws: Workspace, when: datetime) -> Workspace:
    return Workspace.open(ws.root, clock=lambda: when)


def _set_zone(root: Path, zone: str) -> None:
    """Uncomment init's ``[clock] timezone`` line with ``zone``."""
    config = root / "memstrata.toml"
    text = config.read_text(encoding="utf-8").replace(
        '# timezone = "Asia/Shanghai"', f'timezone = "{zone}"'
    )
    config.write_text(text, encoding="utf-8")


def _time_zone(ws: Workspace, zone: str) -> Workspace:
    _set_zone(ws.root, zone)
    return Workspace.open(ws.root, clock=lambda: FIXED_NOW)


# ---------------------------------------------------------------- §1-§2 layout and limits
def test_five_layers_and_their_limits(five) -> None:
    for rel in ("MEMORY.md", "memory/projects.md", "memory/infra.md", "memory/lessons.md"):
        assert (five.root / rel).is_file(), rel
    assert (five.root / "memory" / "logs").is_dir()
    limits = {r.role: r.limit for r in workspace_status(five)}
    assert limits["long_term"] == 50 and limits["projects"] == 100 and limits["infra"] == 80
    assert limits["lessons"] is None and limits["daily"] is None
    assert five.daily_path(date(2026, 3, 23)) == "memory/2026-03-23.md"


def test_fresh_workspace_passes_doctor(make_ws) -> None:
    for lang in ("zh", "en"):
        for is_team in (False, True):
            report = diagnose(make_ws("five-tier", lang=lang, team=is_team))
            assert report.healthy, report.findings


# ---------------------------------------------------------------- §3 two workspaces
def test_team_workspace_tags_every_write_and_refuses_secrets(team) -> None:
    placed = log(team.writer(Session("main")), "协调了发布")
    assert "## [main] 协调了发布" in _text(team, placed.path)
    with pytest.raises(SecretRefused):
        log(team.writer(CODER), f"部署令牌 {FAKE_SECRETS['github_classic']}")
    with pytest.raises(PermissionDenied):
        log(team.writer(Session("subagent")), "没有署名的特工")


def test_private_main_workspace_writes_without_tags(five) -> None:
    placed = log(five.writer(), "用户偏好整理")
    assert "## 用户偏好整理" in _text(five, placed.path)


# ---------------------------------------------------------------- §4.1 daily log format
def test_daily_log_format_time_zone_and_footer(five) -> None:
    shanghai = _time_zone(five, "Asia/Shanghai")
    placed = log(shanghai.writer(CODER), "完成事项1\n完成事项2", title="任务标题")
    lines = _text(five, placed.path).splitlines()
    assert lines[0] == "# [2026-04-17]"
    assert lines[2] == "## [coder] 任务标题"
    assert lines[3] == "**时间**: 10:30 GMT+8"
    assert "### 完成内容" in lines and "- 完成事项1" in lines and "- 完成事项2" in lines
    assert lines[-2:] == ["---", "_最后更新: 2026-04-17 10:30 GMT+8_"]
    log(shanghai.writer(CODER), "卡在权限上", title="另一件事", section="problems")
    lines = _text(five, placed.path).splitlines()
    assert lines[-2:] == ["---", "_最后更新: 2026-04-17 10:30 GMT+8_"]
    assert lines.count("---") == 1 and "### 遇到问题" in lines
    assert [s.title for s in parse_log(five.read_lines(placed.path), placed.path)] == [
        "任务标题",
        "另一件事",
    ]


def test_time_zone_setting_converts_the_clock(five, monkeypatch, cli) -> None:
    _time_zone(five, "Asia/Shanghai")
    monkeypatch.setenv("MEMSTRATA_NOW", "2026-04-16T18:05:00+00:00")  # 02:05 the next day
    assert cli("-w", str(five.root), "log", "夜间发布", "--agent", "coder").code == 0
    text = _text(five, "memory/2026-04-17.md")
    assert "**时间**: 02:05 GMT+8" in text and "_最后更新: 2026-04-17 02:05 GMT+8_" in text


def test_bad_time_zone_names_its_line(five, cli) -> None:
    _set_zone(five.root, "Mars/Olympus")
    result = cli("-w", str(five.root), "status")
    assert result.code == 2 and "memstrata.toml:" in result.err and "Asia/Shanghai" in result.err


def test_same_agent_and_title_twice_appends_to_that_section(five) -> None:
    first = log(five.writer(CODER), "完成登录接口", title="今天完成的事")
    second = log(five.writer(CODER), "补了单元测试", title="今天完成的事")
    other = log(five.writer(Session("subagent", "writer")), "写了文档", title="今天完成的事")
    sections = parse_log(five.read_lines(first.path), first.path)
    assert [(s.agent, s.title) for s in sections] == [
        ("coder", "今天完成的事"),
        ("writer", "今天完成的事"),
    ]
    assert second.start_line == first.start_line
    body = five.read_lines(first.path)[second.start_line - 1 : second.end_line]
    assert "- 完成登录接口\n" in body and "- 补了单元测试\n" in body
    assert other.start_line > second.end_line


# ---------------------------------------------------------------- §4.2 lessons
def test_heading_marks_in_titles_and_sections_are_dropped(five, make_ws, cli) -> None:
    """Review of issue 12, item 12: `log --section "## 注入"` wrote `## ## 注入`, `log --title
    "## 假"` wrote `## [coder] ## 假`, `infra "## x"` wrote `### ## x`."""
    root = str(five.root)
    cli("-w", root, "--agent", "coder", "log", "做了 y", "--title", "## 假", "--section", "## 注入")
    cli("-w", root, "infra", "## gateway", "--fact", "port=8443")
    cli("-w", root, "project", "### 网关", "--status", "进行中")
    cli("-w", root, "project", "网关", "--progress", "一步")
    lesson(five.writer(), "## 超时", fix="加重试")
    daily = _text(five, "memory/2026-04-17.md")
    assert "## [coder] 假\n" in daily and "### 注入\n- 做了 y" in daily and "## #" not in daily
    assert "### gateway\n" in _text(five, "memory/infra.md")
    projects = _text(five, "memory/projects.md")
    assert projects.count("### 网关") == 1 and "### #" not in projects  # one project, updated
    assert "### 超时" in _text(five, "memory/lessons.md")
    three = make_ws("three-tier")
    cli("-w", str(three.root), "log", "y", "--section", "## 注入")
    assert "\n## 注入\n- y" in _text(three, "daily/2026-04-17.md")
    log(five.writer(), "z", title="#42 号工单")  # no space: not a heading mark
    assert "## #42 号工单" in _text(five, "memory/2026-04-17.md")


def test_lesson_format_by_severity(five) -> None:
    placed = lesson(
        five.writer(CODER), "npm 安装失败", symptom="ERESOLVE", cause="锁文件", fix="pnpm",
        severity="P0",
    )  # fmt: skip
    text = _text(five, placed.path)
    assert "### [coder] npm 安装失败 (2026-04-17)" in text
    for line in (
        "- **现象**: ERESOLVE",
        "- **原因**: 锁文件",
        "- **解决**: pnpm",
        "- **严重程度**: P0",
    ):
        assert line in text
    p0 = text.index("## 🚨 P0 - 关键问题")
    assert p0 < text.index("npm 安装失败") < text.index("## ⚠️ P1 - 重要问题")


# ---------------------------------------------------------------- §4.3 / §5 projects
def test_project_update_format(five) -> None:
    project(five.writer(), "支付网关", status="进行中 ⚡", owner="coder", progress="✅ 退款迁移")
    text = _text(five, "memory/projects.md")
    for line in (
        "### 支付网关",
        "- **状态**: 进行中 ⚡",
        "- **负责人**: coder",
        "- **最近更新**: 2026-04-17",
    ):
        assert line in text
    assert "  - ✅ 退款迁移" in text


def test_team_agents_update_projects_tagged(team) -> None:
    placed = project(team.writer(CODER), "支付网关", status="进行中 ⚡", progress="对账完成")
    assert placed.path == "memory/projects.md"
    assert "### [coder] 支付网关" in _text(team, placed.path)
    project(team.writer(Session("subagent", "researcher")), "支付网关", status="已完成 ✅")
    assert "- **最近更新**: 2026-04-17 [researcher]" in _text(team, placed.path)


def test_index_stays_main_only_for_writes(team) -> None:
    for session in (CODER, Session("shared", "guest")):
        with pytest.raises(PermissionDenied):
            remember(team.writer(session), "记住：团队规则")
    with pytest.raises(PermissionDenied):
        infra(team.writer(CODER), "gw", {"port": "1"})


# ---------------------------------------------------------------- infra.md
def test_infra_command_sections_and_secrets(five, cli) -> None:
    root = str(five.root)
    result = cli("-w", root, "infra", "gateway-prod", "--fact", "port=8443", "--fact", "os: Ubuntu")
    assert result.code == 0 and "📍 memory/infra.md:L" in result.out
    cli("-w", root, "infra", "openai", "--kind", "api", "--fact", "base=https://api.example.com")
    cli("-w", root, "infra", "gateway-prod", "--fact", "port=9443")
    text = _text(five, "memory/infra.md")
    assert text.count("### gateway-prod") == 1 and "- **port**: 9443" in text
    assert "8443" not in text
    assert text.index("### openai") > text.index("## 🔌 API 与端口")
    secret = FAKE_SECRETS["github_classic"]
    cli("-w", root, "infra", "ci", "--fact", f"token={secret}")
    assert secret not in _text(five, "memory/infra.md")


def test_password_facts_and_prose_are_redacted_everywhere(five, team, cli) -> None:
    """Review of issue 12, item 2: `infra db --fact password=…` stored the password, in a team
    workspace and through MCP too; `remember "数据库密码是 …"` copied it into MEMORY.md and
    EVOLUTION_LOG.md. Only token-shaped secrets were caught."""
    password = "hunter2SuperSecret!"
    root = str(five.root)
    assert cli("-w", root, "infra", "db", "--fact", f"password={password}").code == 0
    assert cli("-w", root, "infra", "db", "--fact", f"密码: {password} 两个词").code == 0
    for text in (f"数据库密码是 {password}", f"口令为：{password}", f"秘钥: {password}",
                 f"pwd={password}", f"api_key={password}", f"secret={password}"):  # fmt: skip
        assert cli("-w", root, "remember", f"记住：{text}").code == 0
        assert cli("-w", root, "log", text).code == 0
    infra_text = _text(five, "memory/infra.md")
    assert "- **password**: [REDACTED:password]" in infra_text and "两个词" not in infra_text
    for path in five.root.rglob("*"):
        if path.is_file():
            assert b"hunter2" not in path.read_bytes(), path
    result = cli("--agent", "coder", "-w", str(team.root), "infra", "db", "--fact",
                 f"password={password}")  # fmt: skip
    assert result.code != 0 and "secret" in result.err
    with pytest.raises(SecretRefused):
        remember(team.writer(), f"记住：数据库密码是 {password}")
    assert "hunter2" not in "".join(
        p.read_text("utf-8", "replace") for p in team.root.rglob("*.md")
    )


def test_password_facts_through_mcp_are_redacted(five) -> None:
    """Review of issue 12, item 2: MCP memory_write kind infra stored a password fact."""
    facts = {"password": "hunter2SuperSecret!", "port": "6379"}
    [(error, placed)] = call_tools(
        five.root, [("memory_write", {"kind": "infra", "text": "redis", "facts": facts})]
    )
    assert not error and placed["path"] == "memory/infra.md"
    text = _text(five, "memory/infra.md")
    assert "- **password**: [REDACTED:password]" in text and "- **port**: 6379" in text
    assert "hunter2" not in text


def test_infra_through_mcp_with_limit_warning(five) -> None:
    (five.root / "memory" / "infra.md").write_text(
        "# 基础设施\n\n## 🖥️ 服务器\n\n"
        + "".join(f"### h{n}\n- **ip**: 10.0.0.{n}\n" for n in range(38)),
        encoding="utf-8",
    )
    [(error, placed)] = call_tools(
        five.root, [("memory_write", {"kind": "infra", "text": "gw", "facts": {"port": "8443"}})]
    )
    assert not error and placed["path"] == "memory/infra.md"
    lines = len(_text(five, "memory/infra.md").splitlines())
    assert lines > 80 and placed["warnings"] == [
        f"memory/infra.md: {lines} lines, over the infra limit (< 80 lines): run `memstrata "
        "consolidate` for a slimming proposal"
    ]


# ---------------------------------------------------------------- §2 limits at write time
def test_line_limit_warned_once_at_write_time_with_the_count(five, cli) -> None:
    (five.root / "memory" / "projects.md").write_text(
        "# 项目进展\n\n## 📊 当前项目\n" + "- 旧行\n" * 90, encoding="utf-8"
    )
    under = cli("-w", str(five.root), "project", "小项目", "--json")
    assert (
        under.code == 0 and "warning" not in under.err and "warnings" not in json.loads(under.out)
    )
    over = cli("-w", str(five.root), "project", "大项目", "--status", "进行中", "--json")
    assert over.code == 0 and over.err.count("warning") == 1
    lines = len((five.root / "memory" / "projects.md").read_text("utf-8").splitlines())
    assert f"memory/projects.md: {lines} lines, over the projects limit (< 100 lines)" in over.err
    assert json.loads(over.out)["warnings"][0].startswith(f"memory/projects.md: {lines} lines")


def test_memory_index_limit_warned_by_remember_at_fifty_lines(five, cli) -> None:
    """Review of issue 12, item 8: the note's "< 50" means 50 lines are over (the warning came
    at 51)."""
    template = len(_text(five, "MEMORY.md").splitlines())
    for n in range(49 - template):
        assert cli("-w", str(five.root), "remember", f"记住：规则 {n}").err == ""
    assert len(_text(five, "MEMORY.md").splitlines()) == 49
    assert not [f for f in diagnose(five).findings if f.check == "limits"]
    result = cli("-w", str(five.root), "remember", "记住：第五十行的规则")
    assert result.code == 0
    assert "MEMORY.md: 50 lines, over the long_term limit (< 50 lines)" in result.err
    [finding] = [f for f in diagnose(five).findings if f.check == "limits"]
    assert "long_term: 50 lines, over the limit of < 50" in finding.message
    assert "50 / < 50" in cli("-w", str(five.root), "status").out


# ---------------------------------------------------------------- §7 maintenance
def _fill_projects(ws: Workspace) -> None:
    for n in range(16):
        status = "已完成 ✅" if n % 2 == 0 else "进行中 ⚡"
        when = _at(ws, datetime(2026, 3, 1 + n, 9))
        project(when.writer(), f"项目{n}", status=status, owner="coder", progress="一步")


def test_slimming_proposed_for_every_limited_file(five) -> None:
    _fill_projects(five)
    (five.root / "memory" / "infra.md").write_text(
        "# 基础设施\n\n## 🖥️ 服务器\n\n"
        + "".join(f"### h{n}\n- **ip**: 10.0.0.{n}\n- **状态**: {'已下线' if n == 30 else '运行'}\n\n" for n in range(31)),
        encoding="utf-8",
    )  # fmt: skip
    for n in range(24):
        write = _at(five, datetime(2026, 1 + n % 3, 1 + n, 9)).writer()
        remember(write, f"记住：第 {n} 条团队规则", role="long_term")
    report = consolidate(five.writer())
    slim = {p.payload["path"]: p for p in report.proposals if p.kind in ("slim", "archive-entries")}
    assert set(slim) == {"MEMORY.md", "memory/projects.md", "memory/infra.md"}
    assert slim["memory/infra.md"].payload["names"][0] == "h30"  # the retired host first
    assert all(
        n in {f"项目{k}" for k in range(0, 16, 2)}
        for n in slim["memory/projects.md"].payload["names"]
    )
    before = _text(five, "memory/projects.md")
    result = approve(five.writer(), "all")
    assert len(result.applied) == len(report.proposals)
    rows = {r.role: r for r in workspace_status(five)}
    assert not rows["projects"].over_limit and not rows["infra"].over_limit
    assert not rows["long_term"].over_limit
    moved = [n for n in slim["memory/projects.md"].payload["names"]]
    archive = _text(five, "memory/logs/projects-archive.md")
    assert all(
        f"### {name}" in archive and f"### {name}\n" not in _text(five, "memory/projects.md")
        for name in moved
    )
    assert len(before.splitlines()) > len(_text(five, "memory/projects.md").splitlines())
    # infra is private: its archive is too
    assert (five.root / "memory" / "archive" / "private" / "infra-archive.md").is_file()


def test_slimming_says_why_not_and_approving_everything_fits(five, cli) -> None:
    """Review of issue 12, item 8: projects.md at 123/100 lines with every project active got
    no proposal and no reason; after `approve 确认` on every proposal MEMORY.md was still 52/50
    (the weekly highlight and the lessons review added lines after the slimming)."""
    for n in range(24):
        project(_at(five, datetime(2026, 3, 1 + n % 28, 9)).writer(), f"项目{n}",
                status="进行中 ⚡", owner="coder", progress="一步")  # fmt: skip
    assert len(_text(five, "memory/projects.md").splitlines()) >= 100
    for n in range(40):
        when = _at(five, datetime(2026, 1 + n % 3, 1 + n % 28, 9)).writer()
        remember(when, f"记住：第 {n} 条团队规则", role="long_term")
    for day in (13, 14, 15, 16):
        log(
            _at(five, datetime(2026, 4, day, 9)).writer(),
            f"4 月 {day} 日的成果",
            title=f"成果{day}",
        )
    for day in (3, 9):
        lesson(_at(five, datetime(2026, 4, day, 9)).writer(), "npm install 报 ERESOLVE",
               symptom="依赖冲突", fix="改用 pnpm install")  # fmt: skip
    assert len(_text(five, "MEMORY.md").splitlines()) >= 50
    result = cli("-w", str(five.root), "consolidate")
    assert result.code == 0
    assert ("note: memory/projects.md 超出上限（" in result.out
            and "每个项目都在进行中：请手动精简" in result.out)  # fmt: skip
    kinds = [p.kind for p in consolidate(five.writer()).proposals]
    assert "highlight" in kinds and "lesson-review" in kinds and "slim" in kinds
    assert not [p for p in consolidate(five.writer()).proposals if p.kind == "archive-entries"]
    assert cli("-w", str(five.root), "approve", "确认").code == 0
    rows = {r.role: r for r in workspace_status(five)}
    assert not rows["long_term"].over_limit, rows["long_term"].lines
    assert rows["long_term"].lines < 50 and "近期成果（2026-04-11" in _text(five, "MEMORY.md")


def test_weekly_integration_goes_above_the_footer(five) -> None:
    for back in range(3):
        when = _at(five, FIXED_NOW - timedelta(days=back))
        log(when.writer(CODER), f"完成模块 {back}", title=f"模块 {back}")
    report = consolidate(five.writer())
    [highlight] = [p for p in report.proposals if p.kind == "highlight"]
    assert "[coder] 模块 0" in highlight.summary
    approve(five.writer(), str(highlight.number))
    lines = _text(five, "MEMORY.md").splitlines()
    recent = lines.index("**近期成果**:")
    assert lines[recent + 1].startswith("- [2026-04] 近期成果（2026-04-11 ~ 2026-04-17）")
    assert lines[-2:] == ["---", "_最后更新: 2026-04-17 | 写入时加 `[特工名]` 标识_"]


def test_remember_goes_under_the_rules_section_above_the_footer(five) -> None:
    later = _at(five, datetime(2026, 4, 20, 9))
    remember(later.writer(), "记住：发布窗口是周四晚上")
    lines = _text(five, "MEMORY.md").splitlines()
    rules = lines.index("## 📌 重要规则")
    assert lines[rules + 1] == "- [2026-04] 发布窗口是周四晚上 | 来源：用户明确指示"
    assert lines[-2:] == ["---", "_最后更新: 2026-04-20 | 写入时加 `[特工名]` 标识_"]


def test_monthly_review_of_lessons_proposes_recurring_problems(five) -> None:
    for day, agent in ((3, "coder"), (9, "writer"), (15, "coder")):
        when = _at(five, datetime(2026, 4, day, 9)).writer(Session("subagent", agent))
        lesson(when, "npm install 报 ERESOLVE", symptom="依赖冲突", fix="改用 pnpm install")
    lesson(five.writer(), "一次性的拼写错误", fix="改正", severity="P2")
    report = consolidate(five.writer())
    [review] = [p for p in report.proposals if p.kind == "lesson-review"]
    assert "npm install 报 ERESOLVE" in review.summary and "3 次" in review.summary
    assert "改用 pnpm install" in review.summary and review.target == "long_term"
    approve(five.writer(), str(review.number))
    assert "npm install 报 ERESOLVE（lessons.md 记录 3 次" in _text(five, "MEMORY.md")
    again = consolidate(five.writer())
    assert not [p for p in again.proposals if p.kind == "lesson-review"]  # distilled once


def test_old_logs_archived_to_logs_folder(five) -> None:
    old = _at(five, datetime(2026, 1, 2, 9))
    log(old.writer(CODER), "很久以前的工作")
    report = consolidate(five.writer(), confirm=True)
    assert report.moved == ["memory/2026-01-02.md"]
    assert (five.root / "memory" / "logs" / "2026-01-02.md").is_file()
    assert "2026-01-02" in _text(five, "memory/logs/2026-01.md")


# ---------------------------------------------------------------- §6 templates
def test_memory_template_has_the_team_overview_and_status_table(five) -> None:
    text = _text(five, "MEMORY.md")
    for part in (
        "# 团队记忆索引 (Memory Index)",
        "## 👥 团队编制",
        "- **[编码] coder**",
        "## 📂 记忆分层导航",
        "[基础设施](./memory/infra.md)",
        "## 📍 核心状态快照",
        "**当前重点**",
        "**环境状态**",
        "**近期成果**",
        "**关键项目**",
        "| 项目 | 状态 | 备注 |",
    ):
        assert part in text, part
    assert len(text.splitlines()) < 50


def test_agents_template_has_the_multi_agent_writing_rules(five) -> None:
    text = _text(five, "AGENTS.md")
    for part in (
        "### 📚 五层记忆分层系统",
        "### ✍️ 多特工协作写入规则",
        "必须加 `[特工名]` 标识",
        "memory/lessons.md",
        "memory/projects.md",
        "每周从日志中提炼重要信息到 `MEMORY.md`",
        "DO NOT load in shared contexts",
    ):
        assert part in text, part


def test_projects_and_lessons_templates(five) -> None:
    projects = _text(five, "memory/projects.md")
    assert "## 📊 当前项目" in projects and "| 优先级 | 任务 | 负责人 | 状态 |" in projects
    lessons = _text(five, "memory/lessons.md")
    assert lessons.index("P0 - 关键问题") < lessons.index("P1 - 重要问题") < lessons.index("P2")


# ---------------------------------------------------------------- §8 token budget, privacy
def test_session_start_reads_memory_and_todays_log(five, cli) -> None:
    log(five.writer(CODER), "今天完成网关迁移")
    remember(five.writer(), "记住：发布前先冻结分支")
    result = cli("-w", str(five.root), "context", "--budget", "800", "--json")
    text = json.loads(result.out)["text"]
    assert "今天完成网关迁移" in text and "发布前先冻结分支" in text


def test_team_agents_read_the_index_group_chats_do_not(team, cli) -> None:
    remember(team.writer(Session("main", "main")), "记住：本周重点是支付网关")
    root = str(team.root)
    agent = cli("-w", root, "--session", "subagent", "--agent", "coder", "context", "--json")
    assert "本周重点是支付网关" in json.loads(agent.out)["text"]
    chat = cli("-w", root, "--session", "shared", "context", "--json")
    assert "本周重点是支付网关" not in json.loads(chat.out)["text"]


def test_private_workspace_keeps_the_index_from_subagents(five, cli) -> None:
    remember(five.writer(), "记住：用户的私人偏好")
    out = cli(
        "-w", str(five.root), "--session", "subagent", "--agent", "coder", "context", "--json"
    )
    assert "用户的私人偏好" not in json.loads(out.out)["text"]


def test_search_stays_the_way_to_read_history(five, cli) -> None:
    log(_at(five, datetime(2026, 4, 1, 9)).writer(CODER), "网关心跳间隔设为 30 秒")
    result = cli("-w", str(five.root), "search", "心跳间隔", "--json")
    hits = json.loads(result.out)["results"]
    assert hits and hits[0]["path"] == "memory/2026-04-01.md"


def test_subagent_cannot_write_user_facing_files(team) -> None:
    for role_path in ("MEMORY.md", "AGENTS.md", "SOUL.md"):
        with pytest.raises(PermissionDenied):
            team.writer(CODER).rewrite(role_path, lambda lines: ([*lines, "x\n"], None))


def test_status_counts_infra_entries(five) -> None:
    infra(five.writer(), "gw", {"port": "8443"})
    infra(five.writer(), "db", {"port": "5432"})
    rows = {r.role: r for r in workspace_status(five)}
    assert rows["infra"].entries == 2
