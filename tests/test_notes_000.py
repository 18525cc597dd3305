"""Note 000 (Self-Evolution 自进化记忆系统), requirement by requirement, in the
``self-evolution`` preset with a fixed clock. docs/conformance.md maps each test to the note."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from memstrata.core.queues import append_pending, read_citations, read_pending
from memstrata.core.workspace import Workspace
from memstrata.entries.remember import remember
from memstrata.evolve.approve import approve
from memstrata.evolve.heartbeat import heartbeat
from memstrata.evolve.pool import observe
from memstrata.formats.patterns import parse_index, parse_patterns
from memstrata.formats.principles import parse_principles
from memstrata.maintain.doctor import diagnose
from tests.conftest import FIXED_NOW


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_NOW", FIXED_NOW.isoformat())


@pytest.fixture
def se(make_ws) -> Workspace:
    return make_ws("self-evolution")


def _text(ws: Workspace, rel: str) -> str:
    return (ws.root / rel).read_text(encoding="utf-8")


def _signal(ws: Workspace, brief: str, kind: str = "preference", detail: str = "") -> None:
    append_pending(
        ws.writer(), {"signal": kind, "brief": brief, "detail": detail or brief, "source": "agent"}
    )


def _yaml(ws: Workspace, text: str) -> None:
    (ws.root / "config.yaml").write_text(text, encoding="utf-8")


# ---------------------------------------------------------------- 文件路径速查
def test_files_of_the_note(se) -> None:
    for rel in ("principles.md", "pending.jsonl", "stats/citation-log.jsonl", "config.yaml",
                "patterns/index.md"):  # fmt: skip
        assert (se.root / rel).is_file(), rel
    for domain in ("config", "skills", "multi-agent", "debug", "research", "general", "other"):
        assert (se.root / "patterns" / f"{domain}.md").is_file(), domain


def test_fresh_workspace_passes_doctor(make_ws) -> None:
    for lang in ("zh", "en"):
        report = diagnose(make_ws("self-evolution", lang=lang))
        assert report.healthy, report.findings
        assert {f.check for f in report.findings} == {"index", "hooks"}  # notes only


# ---------------------------------------------------------------- config.yaml is read
def test_config_yaml_min_pending_takes_effect(se) -> None:
    _yaml(se, "heartbeat:\n  min_pending: 1\n  max_age_hours: 24\n")
    opened = Workspace.open(se.root, clock=lambda: FIXED_NOW)
    assert opened.config.evolve.min_pending == 1
    _signal(opened, "喜欢深色主题")
    report = heartbeat(opened.writer(), use_embeddings=False)
    assert report.ran and report.observed == 1


def test_default_config_yaml_matches_the_defaults(se, cli) -> None:
    text = _text(se, "config.yaml")
    assert "min_pending: 5" in text and "max_age_hours: 24" in text
    assert "memstrata.toml" in text  # says where the other settings live
    _signal(se, "喜欢深色主题")
    out = json.loads(cli("-w", str(se.root), "heartbeat", "--json").out)
    assert out["ran"] is False


def test_memstrata_toml_wins_over_config_yaml(se) -> None:
    _yaml(se, "heartbeat:\n  min_pending: 1\n")
    config = se.root / "memstrata.toml"
    config.write_text(config.read_text("utf-8") + "\n[evolve]\nmin_pending = 7\n", "utf-8")
    assert Workspace.open(se.root).config.evolve.min_pending == 7


def test_citation_log_path_from_config_yaml(se, cli) -> None:
    _yaml(se, "citation_log: stats/cites.jsonl\n")
    remember(se.writer(), "记住：配置提供商名不要用 qwen")
    root = str(se.root)
    cli("-w", root, "cite", "P001", "--context", "问提供商配置", "--session-id", "s1")
    cli("-w", root, "cite", "--flush", "--session-id", "s1")
    assert '"entry":"P001_' in _text(se, "stats/cites.jsonl")


def test_bad_config_yaml_names_its_line(se, cli) -> None:
    _yaml(se, "heartbeat:\n  min_pending: lots\n")
    result = cli("-w", str(se.root), "status")
    assert result.code == 2 and "config.yaml:2:" in result.err and "min_pending" in result.err
    _yaml(se, "heartbeat: [\n")
    result = cli("-w", str(se.root), "status")
    assert result.code == 2 and "config.yaml" in result.err and "invalid YAML" in result.err


def test_config_yaml_errors_name_config_yaml_and_its_line(se, cli) -> None:
    """Review of issue 12, item 7: a bad citation_log named memstrata.toml with no line;
    `heartbeat: 5` was accepted (doctor then called heartbeat unknown); a duplicated
    `heartbeat:` block silently kept the last one."""
    for text, line, message in (
        ("# x\ncitation_log: ../../etc/cit.jsonl\n", 2, "citation_log = '../../etc/cit.jsonl' "
         "must stay inside the workspace"),
        ("citation_log: principles.md\n", 1, "citation_log = 'principles.md' is already"),
        ("heartbeat: 5\n", 1, "heartbeat must be a mapping of settings"),
        ("heartbeat:\n  min_pending: 1\nheartbeat:\n  min_pending: 9\n", 3,
         "duplicate key heartbeat (first at line 1)"),
        ("heartbeat:\n  min_pending: 1\n  min_pending: 9\n", 3,
         "duplicate key heartbeat.min_pending (first at line 2)"),
    ):  # fmt: skip
        _yaml(se, text)
        result = cli("-w", str(se.root), "status")
        assert result.code == 2 and f"config.yaml:{line}: {message}" in result.err, result.err
        assert "memstrata.toml" not in result.err and result.err.count("\n") == 1


def test_unused_config_yaml_keys_are_a_doctor_note(se) -> None:
    _yaml(se, "heartbeat:\n  min_pending: 5\nl1_style: strict\n")
    [note] = [f for f in diagnose(se).findings if f.check == "config"]
    assert note.severity == "note" and note.where == "config.yaml:3" and "l1_style" in note.message


# ---------------------------------------------------------------- 第一步 / 第二步
def test_session_loads_l1_and_the_l2_index(se, cli) -> None:
    remember(se.writer(), "记住：配置提供商名不要用 qwen")
    observe(se.writer(), "knowledge", "x")  # the pool stays out of the context
    text = json.loads(cli("-w", str(se.root), "context", "--json").out)["text"]
    assert "P001" in text and "配置提供商名不要用 qwen" in text and "📍 principles.md:L" in text


def test_warnings_before_a_task_cite_the_principle(se, cli) -> None:
    remember(se.writer(), "记住：配置提供商名不要用 qwen，会触发内置插件劫持")
    out = cli("-w", str(se.root), "warnings", "配置新的模型提供商").out
    assert "开始之前提醒一下：根据 P001" in out and "📍 principles.md:L" in out


# ---------------------------------------------------------------- 第三步 signals
def test_signals_land_in_pending_with_the_notes_fields(se, cli) -> None:
    cli("-w", str(se.root), "signal", "我更喜欢代码注释用中文，英文注释读起来太慢了")
    [record] = read_pending(se).valid
    assert {"ts", "signal", "brief", "detail", "source"} <= set(record)
    assert len(record["brief"]) <= 20 and len(record["detail"]) <= 100
    assert record["signal"] == "preference" and record["source"] == "user"


# ---------------------------------------------------------------- 第四步 citations
def test_citations_batched_at_session_end(se, cli) -> None:
    remember(se.writer(), "记住：配置提供商名不要用 qwen")
    root = str(se.root)
    cli("-w", root, "cite", "P001", "--context", "用户问提供商配置", "--session-id", "s1")
    assert read_citations(se).valid == []  # not one by one
    assert json.loads(cli("-w", root, "cite", "--flush", "--session-id", "s1", "--json").out) == {
        "flushed": 1
    }
    [record] = read_citations(se).valid
    assert record["source"] == "principles.md" and record["entry"].startswith("P001_")
    assert record["action"] == "cited" and record["context"] == "用户问提供商配置"


# ---------------------------------------------------------------- 显式触发
def test_remember_writes_an_l1_principle_in_the_notes_format(se) -> None:
    remember(se.writer(), "记住：配置提供商名不要用 qwen")
    second = remember(se.writer(), "记住：重启网关前必须先排空连接")
    text = _text(se, "principles.md")
    assert "### P001: " in text and "### P002: " in text and second.entry_id == "P002"
    for field in ("category: ", "source: 2026-04-17", "why: ", "generalize: ", "---"):
        assert field in text
    assert [p.pid for p in parse_principles(se.read_lines("principles.md"), "p")] == [
        "P001",
        "P002",
    ]


# ---------------------------------------------------------------- heartbeat
def test_heartbeat_runs_at_five_signals_or_after_24_hours(se) -> None:
    for n in range(4):
        _signal(se, f"偏好 {n}")
    assert heartbeat(se.writer(), use_embeddings=False).ran is False
    _signal(se, "偏好 4")
    assert heartbeat(se.writer(), use_embeddings=False).ran is True
    _signal(se, "一条旧信号")
    later = Workspace.open(se.root, clock=lambda: datetime(2026, 4, 18, 11))
    assert heartbeat(later.writer(), use_embeddings=False).ran is True
    assert heartbeat(later.writer(), use_embeddings=False).ran is False  # nothing left


def test_reflection_report_format(se) -> None:
    for day in (15, 16, 17):
        when = Workspace.open(se.root, clock=lambda d=day: datetime(2026, 4, d, 10))
        _signal(when, "重启网关前必须先排空连接", kind="correction")
        report = heartbeat(when.writer(), force=True, use_embeddings=False)
    text = report.report
    assert text.startswith("## 自进化反思报告\n时间: 2026-04-17 10:00")
    assert "### 发现 1: [错误修正]" in text and "→ 已分类为 L1" in text
    assert "> 以上分类由我自主完成。如有异议请指出，我会调整。" in text
    assert "### 记忆系统健康度" in text and "- L1 原则数: 0" in text
    approve(se.writer(), "确认")
    assert "重启网关前必须先排空连接" in _text(se, "principles.md")


def test_l2_pattern_and_index_line(se) -> None:
    for day in (15, 16, 17):
        when = Workspace.open(se.root, clock=lambda d=day: datetime(2026, 4, d, 10))
        _signal(when, "网关配置文件在 /etc/gw", kind="new_knowledge")
        report = heartbeat(when.writer(), force=True, use_embeddings=False)
    assert report.proposals[0].level == "L2"
    approve(se.writer(), "all")
    [pattern] = parse_patterns(se.read_lines("patterns/config.md"), "patterns/config.md")
    assert pattern.context and pattern.tags and pattern.source.startswith("2026-04-17")
    lines = parse_index(se.read_lines("patterns/index.md"), "patterns/index.md")
    assert lines[0].file == "config.md" and lines[0].title == pattern.title


# ---------------------------------------------------------------- 用户主动回顾
def test_principles_grouped_by_category(se, cli) -> None:
    remember(se.writer(), "记住：配置提供商名不要用 qwen")
    remember(se.writer(), "记住：以后都用中文回复")
    out = cli("-w", str(se.root), "principles").out
    assert "## 配置" in out and "P001" in out
    unknown = cli("-w", str(se.root), "principles", "--category", "不存在")
    assert unknown.code == 0 and "categories: " in unknown.out and "配置" in unknown.out


def test_experience_about_a_topic(se, cli) -> None:
    from memstrata.entries.remember import write_pattern

    write_pattern(se.writer(), "网关端口改成 8443 后要同步防火墙", "test", domain="config")
    out = cli("-w", str(se.root), "patterns", "端口").out
    assert "网关端口" in out and "config.md" in out


def test_memory_statistics_count_citations_and_verifications(se, cli) -> None:
    remember(se.writer(), "记住：配置提供商名不要用 qwen")
    remember(se.writer(), "记住：重启网关前必须先排空连接")
    root = str(se.root)
    for ref, flag in (("P001", ()), ("P001", ()), ("P002", ("--verified",))):
        cli("-w", root, "cite", ref, *flag, "--session-id", "s1")
    cli("-w", root, "cite", "--flush", "--session-id", "s1")
    data = json.loads(cli("-w", root, "stats", "--json").out)
    assert data["total"] == 2 and data["total_verified"] == 1
    entries = {e["entry"].split("_")[0]: e for e in data["entries"]}
    assert entries["P001"]["times_cited"] == 2 and entries["P002"]["times_verified"] == 1
    assert entries["P002"]["times_cited"] == 0 and data["verified_by_role"] == {"principles": 1}
    text = cli("-w", root, "stats").out
    assert "2 citation(s), 1 verification(s)" in text and "verified 1x" in text


def test_clean_up_lists_never_cited_and_unverified(se, cli) -> None:
    old = Workspace.open(se.root, clock=lambda: datetime(2026, 1, 2, 9))
    remember(old.writer(), "记住：配置提供商名不要用 qwen")
    data = json.loads(cli("-w", str(se.root), "cleanup", "--json").out)
    assert data["never_cited"][0]["entry"].startswith("P001")
    assert data["l1_unverified"][0]["entry"].startswith("P001")
    cli("-w", str(se.root), "cite", "P001", "--verified", "--session-id", "s")
    cli("-w", str(se.root), "cite", "--flush", "--session-id", "s")
    after = json.loads(cli("-w", str(se.root), "cleanup", "--json").out)
    assert after["l1_unverified"] == [] and "P001" in _text(se, "principles.md")  # never deleted
