"""Note 001 (三层记忆系统, the three-tier memory), requirement by requirement, in the
``three-tier`` preset with a fixed clock. docs/conformance.md maps each test to the note."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from memstrata.core.permissions import Session
from memstrata.core.workspace import Workspace
from memstrata.entries import tasks
from memstrata.entries.journal import log
from memstrata.entries.remember import remember
from memstrata.errors import MemstrataError, PermissionDenied
from memstrata.evolve.approve import approve
from memstrata.evolve.curated import propose_knowledge, propose_rule
from memstrata.evolve.proposals import load_state
from memstrata.maintain.doctor import diagnose
from memstrata.providers.embedders import HashEmbedder
from memstrata.recall.index import open_index
from tests.conftest import FIXED_NOW, tree_hashes
from tests.mcp_client import call_tools


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch) -> None:
    """init and the CLI read the clock from MEMSTRATA_NOW too."""
    monkeypatch.setenv("MEMSTRATA_NOW", FIXED_NOW.isoformat())


@pytest.fixture
def three(make_ws) -> Workspace:
    return make_ws("three-tier")


def _text(ws: Workspace, rel: str) -> str:
    return (ws.root / rel).read_text(encoding="utf-8")


def _at(ws: Workspace, when: datetime) -> Workspace:
    return Workspace.open(ws.root, clock=lambda: when)


def _problems(ws: Workspace) -> set[str]:
    return {f.check for f in diagnose(ws).findings if f.severity == "problem"}


# ---------------------------------------------------------------- 架构设计: the tree
def test_directory_tree_of_the_note(three) -> None:
    for rel in (
        "00-MANUAL.md",
        "INDEX.md",
        "01-identity/identity.md",
        "01-identity/soul.md",
        "01-identity/user.md",
        "02-config/agents.md",
        "02-config/tools.md",
        "02-config/heartbeat.md",
        "02-config/memory.md",
        "03-rules/safety.md",
        "03-rules/honesty.md",
        "03-rules/security.md",
        "05-tasks/todo.md",
    ):
        assert (three.root / rel).is_file(), rel
    assert (three.root / "04-knowledge").is_dir() and (three.root / "daily").is_dir()
    assert three.daily_path(FIXED_NOW.date()) == "daily/2026-04-17.md"


def test_fresh_workspace_passes_doctor(make_ws) -> None:
    for lang in ("zh", "en"):
        report = diagnose(make_ws("three-tier", lang=lang))
        assert report.healthy, report.findings


# ---------------------------------------------------------------- 存储格式: meta lines
def test_files_carry_the_meta_block(three) -> None:
    for rel in ("01-identity/identity.md", "03-rules/safety.md", "05-tasks/todo.md"):
        text = _text(three, rel)
        for line in (
            "## 元信息",
            "- 创建时间：2026-04-17 10:30",
            "- 最后更新：2026-04-17 10:30",
            "- 版本：v1.0",
        ):
            assert line in text, (rel, line)


def test_meta_lines_kept_current_on_writes(three) -> None:
    later = _at(three, datetime(2026, 4, 18, 9, 5))
    tasks.add(later.writer(), "部署网关")
    text = _text(three, "05-tasks/todo.md")
    assert "- 创建时间：2026-04-17 10:30" in text  # unchanged
    assert "- 最后更新：2026-04-18 09:05" in text and "- 版本：v1.1" in text
    tasks.update(_at(three, datetime(2026, 4, 19, 8, 0)).writer(), "T001", status="进行中")
    text = _text(three, "05-tasks/todo.md")
    assert "- 最后更新：2026-04-19 08:00" in text and "- 版本：v1.2" in text
    remember(later.writer(), "记住：我喜欢简短的回答")
    user = _text(three, "01-identity/user.md")
    assert "- 最后更新：2026-04-18 09:05" in user and "我喜欢简短的回答" in user


# ---------------------------------------------------------------- 第一层: read-only, approval
def test_tier_one_files_are_read_only_to_agents(three) -> None:
    for rel in ("01-identity/identity.md", "02-config/tools.md", "03-rules/safety.md"):
        with pytest.raises(PermissionDenied):
            three.writer().rewrite(rel, lambda lines: ([*lines, "- 改\n"], None))
    with pytest.raises(MemstrataError, match="never writes"):
        (three.root / "memstrata.toml").write_text(
            _text(three, "memstrata.toml") + '\n[paths]\ntasks = "03-rules/x.md"\n',
            encoding="utf-8",
        )
        Workspace.open(three.root)


def test_rules_arrive_as_proposals_written_only_on_approval(three, cli) -> None:
    before = tree_hashes(three.root)
    result = cli("-w", str(three.root), "--session", "subagent", "--agent", "coder", "rule",
                 "生产环境操作前必须先备份")  # fmt: skip
    assert result.code == 0 and "memstrata approve 1" in result.out
    after = {k: v for k, v in tree_hashes(three.root).items() if not k.startswith(".memstrata")}
    assert after == {k: v for k, v in before.items() if not k.startswith(".memstrata")}
    [proposal] = load_state(three)["proposals"]
    assert proposal["kind"] == "rule" and proposal["payload"]["path"] == "03-rules/safety.md"
    listed = json.loads(cli("-w", str(three.root), "proposals", "--json").out)["proposals"]
    assert listed[0]["expected"] == "03-rules/safety.md:L9"  # 预计写入
    assert cli("-w", str(three.root), "--session", "shared", "approve", "1").code == 2
    approved = cli("-w", str(three.root), "approve", "1", "--json")
    assert approved.code == 0
    text = _text(three, "03-rules/safety.md")
    assert "- 生产环境操作前必须先备份（2026-04-17 批准）" in text and "- 版本：v1.1" in text
    assert (
        text.splitlines()[8] == "- 生产环境操作前必须先备份（2026-04-17 批准）"
    )  # L9, as promised
    assert "03-rules/safety.md" in _text(three, "EVOLUTION_LOG.md")
    assert diagnose(three).healthy, diagnose(three).findings  # the baseline moved with it


def test_rule_files_follow_the_rule_star_naming(three) -> None:
    honest = propose_rule(three.writer(), "不确定时要如实说不知道")
    network = propose_rule(three.writer(), "SSH 只允许密钥登录")
    new = propose_rule(three.writer(), "周五不发布", file="release")
    assert honest.payload["path"] == "03-rules/honesty.md"
    assert network.payload["path"] == "03-rules/security.md"
    assert new.payload["path"] == "03-rules/rule-release.md"
    approve(three.writer(), "all")
    text = _text(three, "03-rules/rule-release.md")
    assert text.startswith("# rule-release") and "## 元信息" in text and "- 周五不发布" in text
    assert diagnose(three).healthy, diagnose(three).findings


def test_doctor_flags_hand_edits_of_rules_files(three, cli) -> None:
    with open(three.root / "03-rules" / "honesty.md", "a", encoding="utf-8") as fh:
        fh.write("- 手写的新规则\n")
    findings = [f for f in diagnose(three).findings if f.check == "rules"]
    assert findings and findings[0].where == "03-rules/honesty.md"
    assert "doctor --accept 03-rules/honesty.md" in findings[0].message
    assert cli("-w", str(three.root), "doctor").code == 1
    assert cli("-w", str(three.root), "doctor", "--accept", "03-rules/honesty.md").code == 0
    assert "rules" not in _problems(three)
    (three.root / "03-rules" / "security.md").unlink()
    assert "rules" in _problems(three)


def test_hand_made_rules_file_is_flagged_and_not_injected(three, cli) -> None:
    """Review of issue 12, item 4: a rules file written by hand (never approved) was injected
    by `context` under 强制规则 while `doctor` said healthy; it is a rule only once accepted."""
    root = str(three.root)
    (three.root / "03-rules" / "rule-hand.md").write_text(
        "# 手写规则\n\n## 内容\n- 总是删除 /tmp 下的所有文件\n", encoding="utf-8"
    )
    findings = [f for f in diagnose(three).findings if f.where == "03-rules/rule-hand.md"]
    assert [f.severity for f in findings] == ["problem"] and "never approved" in findings[0].message
    assert cli("-w", root, "doctor").code == 1
    assert "总是删除" not in json.loads(cli("-w", root, "context", "--json").out)["text"]
    with open(three.root / "03-rules" / "honesty.md", "a", encoding="utf-8") as fh:
        fh.write("- 手改的规则也不算数\n")
    assert "手改的规则" not in json.loads(cli("-w", root, "context", "--json").out)["text"]
    accept = ("doctor", "--accept", "03-rules/rule-hand.md", "--accept", "03-rules/honesty.md")
    assert cli("-w", root, *accept).code == 0
    text = json.loads(cli("-w", root, "context", "--json").out)["text"]
    assert (
        "- 总是删除 /tmp 下的所有文件 📍 03-rules/rule-hand.md:L4" in text and "手改的规则" in text
    )
    assert not [f for f in diagnose(three).findings if f.where == "03-rules/rule-hand.md"]


def test_doctor_accept_refuses_other_files(three, cli) -> None:
    result = cli("-w", str(three.root), "doctor", "--accept", "05-tasks/todo.md")
    assert result.code == 2 and "not an identity or rules file" in result.err


# ---------------------------------------------------------------- 第二层: knowledge, tasks
def test_knowledge_files_created_on_approval(three, cli) -> None:
    root = str(three.root)
    result = cli("-w", root, "knowledge", "hqbsh", "protocol", "--title", "华强北发布协议",
                 "--background", "每周发布", "--point", "先审核", "--lesson", "别跳过预览")  # fmt: skip
    assert result.code == 0 and not (three.root / "04-knowledge" / "hqbsh-protocol.md").exists()
    assert cli("-w", root, "approve", "all").code == 0
    text = _text(three, "04-knowledge/hqbsh-protocol.md")
    assert text.startswith("# 华强北发布协议\n\n## 元信息\n- 创建时间：2026-04-17 10:30")
    for part in ("## 背景\n每周发布", "## 核心要点\n1. 先审核", "## 经验教训\n- 别跳过预览"):
        assert part in text
    assert "- [华强北发布协议](04-knowledge/hqbsh-protocol.md)" in _text(three, "INDEX.md")
    propose_knowledge(three.writer(), "hqbsh", "protocol", points=["发布后回访"])
    approve(three.writer(), "all")
    text = _text(three, "04-knowledge/hqbsh-protocol.md")
    assert "1. 先审核\n2. 发布后回访" in text and "- 版本：v1.1" in text
    assert _text(three, "INDEX.md").count("hqbsh-protocol.md") == 1


def test_proposals_lists_a_waiting_knowledge_proposal(three, cli) -> None:
    """Review of issue 12, item 3: `proposals` crashed (IndexError in presenters.py) while a
    knowledge proposal waited: it makes a new file, so its expected place has no line."""
    root = str(three.root)
    assert cli("-w", root, "knowledge", "ops", "deploy", "--point", "x").code == 0
    result = cli("-w", root, "proposals")
    assert result.code == 0, result.err
    assert "[1] knowledge KNOWLEDGE → 04-knowledge/ops-deploy.md  ops-deploy：x" in result.out
    [row] = json.loads(cli("-w", root, "proposals", "--json").out)["proposals"]
    assert row["expected"] == "04-knowledge/ops-deploy.md" and row["expected_line"] == ""


def test_knowledge_names_are_domain_dash_topic(three) -> None:
    for domain, topic in (("two words", "x"), ("a-b", "c"), ("ok", "")):
        with pytest.raises(MemstrataError):
            propose_knowledge(three.writer(), domain, topic, points=["p"])
    assert propose_knowledge(three.writer(), "Telegram", "ops", points=["p"]).payload["path"] == (
        "04-knowledge/telegram-ops.md"
    )


def test_tasks_create_update_close(three, cli) -> None:
    root = str(three.root)
    assert (
        "📍 05-tasks/todo.md:L"
        in cli("-w", root, "task", "add", "部署网关", "--owner", "coder").out
    )
    cli("-w", root, "task", "add", "写周报", "--list", "weekly")
    cli("-w", root, "task", "update", "T001", "--status", "进行中")
    cli("-w", root, "task", "close", "T002")
    todo = _text(three, "05-tasks/todo.md")
    assert "- [ ] T001 部署网关 | 状态：进行中 | 负责人：coder | 更新：2026-04-17" in todo
    weekly = _text(three, "05-tasks/todo-weekly.md")
    assert weekly.index("## 已完成") < weekly.index("- [x] T002 写周报")
    assert "完成：2026-04-17" in weekly and "## 元信息" in weekly
    listing = json.loads(cli("-w", root, "task", "list", "--json").out)
    assert [item["id"] for item in listing] == ["T001"]
    assert cli("-w", root, "task", "update", "T009", "--status", "x").code == 2


def test_task_titles_read_back_intact_and_due_is_a_date(three, cli) -> None:
    """Review of issue 12, item 9: `task add "a | b | 状态：已完成"` read back as title `a`;
    `--due 2026-13-45` and `--due 明天` were accepted."""
    root = str(three.root)
    assert cli("-w", root, "task", "add", "a | b | 状态：已完成", "--due", "2026-05-01").code == 0
    [item] = json.loads(cli("-w", root, "task", "list", "--json").out)
    assert item["title"] == "a | b | 状态：已完成" and item["status"] == "待处理"
    assert "T001 a \\| b \\| 状态：已完成 | 状态：待处理" in _text(three, "05-tasks/todo.md")
    cli("-w", root, "task", "update", "T001", "--owner", "x | y")
    [item] = json.loads(cli("-w", root, "task", "list", "--json").out)
    assert item["title"] == "a | b | 状态：已完成" and item["owner"] == "x | y"
    before = _text(three, "05-tasks/todo.md")
    for args in (("add", "line one\nline two"), ("add", "y", "--due", "明天"),
                 ("update", "T001", "--due", "2026-13-45"), ("update", "T001", "--due", "明天"),
                 ("add", "z", "--due", "2026-02-30")):  # fmt: skip
        result = cli("-w", root, "task", *args)
        assert result.code == 2 and result.err.count("\n") == 1, (args, result.err)
        assert "YYYY-MM-DD" in result.err or "one line" in result.err
    assert _text(three, "05-tasks/todo.md") == before  # nothing written


def test_subagents_update_tasks_tagged(three) -> None:
    tasks.add(three.writer(), "部署网关")
    placed = tasks.update(three.writer(Session("subagent", "coder")), "T001", status="阻塞")
    assert "状态：阻塞" in _text(three, placed.path) and "更新：2026-04-17 [coder]" in _text(
        three, placed.path
    )


def test_task_through_mcp(three) -> None:
    results = call_tools(
        three.root,
        [
            ("memory_write", {"kind": "task", "text": "部署网关"}),
            ("memory_write", {"kind": "task", "text": "T001", "status": "已完成"}),
        ],
    )
    assert [error for error, _ in results] == [False, False]
    assert results[0][1]["entry_id"] == "T001"
    assert "- [x] T001 部署网关" in _text(three, "05-tasks/todo.md")


def test_other_layouts_say_where_todos_go(make_ws) -> None:
    with pytest.raises(MemstrataError, match="memstrata project"):
        tasks.add(make_ws("default").writer(), "x")


# ---------------------------------------------------------------- 第三层: daily memory
def test_daily_template_today_done_todo_findings(three) -> None:
    log(three.writer(), "完成了X任务")
    log(three.writer(), "待办Y任务", section="todo")
    log(three.writer(Session("subagent", "coder")), "磁盘快满", section="findings")
    assert _text(three, "daily/2026-04-17.md") == (
        "# 2026-04-17 记忆存档\n\n"
        "## 今日完成\n- 完成了X任务\n\n"
        "## 待办\n- 待办Y任务\n\n"
        "## 重要发现\n- [coder] 磁盘快满\n"
    )


def test_daily_summary_from_tasks_and_findings(three, cli) -> None:
    tasks.add(three.writer(), "部署网关")
    tasks.add(three.writer(), "写周报")
    tasks.close(three.writer(), "T002")
    propose_knowledge(three.writer(), "telegram", "ops", title="Telegram 运维", points=["令牌"])
    propose_rule(three.writer(), "生产操作前先备份")
    approve(three.writer(), "all")
    first = cli("-w", str(three.root), "daily-summary", "--json")
    assert first.code == 0 and json.loads(first.out)["added"] == {
        "done": ["T002 写周报"],
        "todo": ["T001 部署网关（待处理）"],
        "findings": ["知识更新：04-knowledge/telegram-ops.md", "规则更新：03-rules/safety.md"],
    }
    text = _text(three, "daily/2026-04-17.md")
    assert text.index("## 今日完成") < text.index("T002 写周报") < text.index("## 待办")
    assert text.index("## 重要发现") < text.index("知识更新")
    tasks.update(three.writer(), "T001", status="进行中")
    again = cli("-w", str(three.root), "daily-summary", "--json")
    assert json.loads(again.out)["added"] == {}


def test_daily_summary_is_the_owners(three, cli) -> None:
    result = cli("-w", str(three.root), "--session", "shared", "daily-summary")
    assert result.code == 2 and "main session" in result.err


# ---------------------------------------------------------------- 技术实现: search, get, sync
def test_hybrid_search_defaults_of_the_note(three) -> None:
    assert three.config.search.vector_weight == 0.7 and three.config.search.text_weight == 0.3
    assert three.config.search.candidate_multiplier == 4


def test_memory_search_and_get_over_the_tiers(three, cli) -> None:
    propose_knowledge(
        three.writer(), "telegram", "ops", title="Telegram 运维", points=["机器人令牌放环境变量"]
    )
    approve(three.writer(), "all")
    root = str(three.root)
    hits = json.loads(cli("-w", root, "search", "机器人令牌", "--json").out)["results"]
    assert hits[0]["path"] == "04-knowledge/telegram-ops.md" and hits[0]["role"] == "knowledge"
    got = json.loads(cli("-w", root, "get", "01-identity/identity.md:1-3", "--json").out)
    assert (
        got["text"].startswith("# 核心身份") and got["cite"] == "📍 01-identity/identity.md:L1-L3"
    )


def test_sync_and_rebuild(three, cli) -> None:
    root = str(three.root)
    assert cli("-w", root, "index").code == 0
    (three.root / "04-knowledge" / "automation.md").write_text(
        "# 自动化\n\n## 要点\n- cron 每日跑\n", "utf-8"
    )
    assert json.loads(cli("-w", root, "index", "--json").out)["changed_files"] == 1
    assert json.loads(cli("-w", root, "index", "--rebuild", "--json").out)["rebuilt"] is True
    open_index(three, HashEmbedder()).sync()
    assert diagnose(three).healthy


def test_review_flow_per_tier(three) -> None:
    """第一层 人工 (a rule waits), 第二层 AI 草稿 + 人工 (knowledge waits), 第三层 AI 自动."""
    propose_rule(three.writer(Session("subagent", "coder")), "不得删除备份")
    propose_knowledge(
        three.writer(Session("subagent", "coder")), "ops", "backup", points=["每日备份"]
    )
    log(three.writer(Session("subagent", "coder")), "完成备份脚本")
    assert "不得删除备份" not in _text(three, "03-rules/safety.md")
    assert not (three.root / "04-knowledge" / "ops-backup.md").exists()
    assert "完成备份脚本" in _text(three, "daily/2026-04-17.md")
    with pytest.raises(PermissionDenied):
        approve(three.writer(Session("subagent", "coder")), "all")


# ---------------------------------------------------------------- 与OpenClaw的关系
def test_session_start_reads_identity_and_the_approved_rules(three, cli) -> None:
    propose_rule(three.writer(), "生产环境操作前必须先备份")
    root = str(three.root)
    before = json.loads(cli("-w", root, "context", "--json").out)["text"]
    assert "核心身份" in before and "生产环境操作前必须先备份" not in before
    approve(three.writer(), "all")
    after = json.loads(cli("-w", root, "context", "--json").out)["text"]
    assert "## 强制规则\n- 生产环境操作前必须先备份" in after and "📍 03-rules/safety.md:L" in after
