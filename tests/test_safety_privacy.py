"""Issue 9, items 1-4: private content never reaches a shared or subagent session.

Each test is named after the failure it guards against; each failed on the code before the fix.
"""

from __future__ import annotations

import json
import os
from datetime import datetime

import pytest

from memstrata.capture.record import record_signals
from memstrata.core.permissions import Session
from memstrata.core.workspace import Workspace
from memstrata.entries.journal import lesson, log
from memstrata.entries.remember import remember
from memstrata.errors import FormatError, MemstrataError, PathOutsideWorkspace, PermissionDenied
from memstrata.evolve.approve import approve
from memstrata.evolve.heartbeat import heartbeat
from memstrata.maintain.consolidate import consolidate
from memstrata.recall.get import get_lines
from memstrata.recall.search import SearchFilters, search

SHARED, SUBAGENT = Session("shared"), Session("subagent", "coder")
SECRET_PREFERENCE = "我喜欢把日志写进 Loki 紫色面板"


def _shared_views(ws: Workspace, query: str) -> str:
    """Everything a shared or subagent session can get back for ``query``."""
    from memstrata.context.bootstrap import build_context

    out = []
    for session in (SHARED, SUBAGENT):
        response = search(ws, query, k=20, filters=SearchFilters(session=session))
        out += [hit.snippet for hit in response.results]
        out.append(build_context(ws, session, query, 4000).text)
        for rel in ws.role_files("daily"):
            out.append(get_lines(ws, rel, session).text)
    return "\n".join(out)


def at(ws: Workspace, stamp: str) -> Workspace:
    moment = datetime.fromisoformat(stamp)
    return Workspace.open(ws.root, clock=lambda: moment)


def test_reflection_report_is_private_and_daily_log_gets_only_a_pointer(ws) -> None:
    for day in ("2026-04-15T09:00", "2026-04-16T09:00", "2026-04-17T09:00"):
        record_signals(at(ws, day).writer(), SECRET_PREFERENCE)
    report = heartbeat(ws.writer(), force=True)
    assert report.proposals
    assert report.ran and "Loki" in report.report
    assert "Loki" not in _shared_views(ws, "Loki 紫色面板 日志")
    daily = "".join(ws.read_lines(ws.daily_path(ws.today())))
    assert "Loki" not in daily and "memory/reports/" in daily
    reports = ws.role_files("reports")
    assert reports and "Loki" in "".join(ws.read_lines(reports[0]))
    with pytest.raises(PermissionDenied):
        get_lines(ws, reports[0], SHARED)


def test_archive_of_user_md_inherits_its_privacy(make_ws) -> None:
    ws = make_ws()
    config = ws.root / "memstrata.toml"
    config.write_text(config.read_text().replace("[limits]\n", "[limits]\nuser = 16\n"), "utf-8")
    ws = Workspace.open(ws.root, clock=ws.clock)
    for n in range(6):
        remember(ws.writer(), f"记住：我喜欢第 {n} 种紫色主题 Loki{n}", role="user")
    report = consolidate(ws.writer())
    assert any(p.kind == "slim" for p in report.proposals)
    approve(ws.writer(), "全部")
    archived = [rel for rel in ws.role_files("private_archive")]
    assert archived and "Loki0" in "".join(ws.read_lines(archived[0]))
    assert ws.role_of(archived[0]) == "private_archive"
    assert "Loki0" not in _shared_views(ws, "紫色主题 Loki0")
    with pytest.raises(PermissionDenied):
        get_lines(ws, archived[0], SHARED)


@pytest.mark.parametrize(
    "ref", ["memory/pending.jsonl", "memory/CANDIDATES.md", ".memstrata/proposals.json"]
)
def test_shared_sessions_cannot_read_the_learning_loop(ws, ref) -> None:
    record_signals(ws.writer(), SECRET_PREFERENCE)
    heartbeat(ws.writer(), force=True)
    for session in (SHARED, SUBAGENT):
        with pytest.raises(PermissionDenied):
            get_lines(ws, ref, session)


def test_repeated_signal_never_shows_its_text_to_shared_sessions_through_the_citation_log(
    make_ws, cli
) -> None:
    """Review of issue 9, item 1: a repeat of a MEMORY.md entry or of a promoted candidate is a
    ``seen_again`` citation whose context is the statement; the citation log was readable by
    shared and subagent sessions (CLI get, MCP memory_get, the review page's /file)."""
    import asyncio

    from memstrata.adapters.mcp.server import build_server
    from memstrata.evolve.pool import mark_promoted, observe
    from tests.review_client import review_client

    ws = make_ws(lang="en")
    remember(ws.writer(), "Remember: the decision zebramem42 is final for the gateway")
    assert (
        cli(
            "-w",
            str(ws.root),
            "signal",
            "Remember: the decision zebramem42 is final for the gateway",
        ).code
        == 0
    )
    placed = remember(ws.writer(), "I prefer the Loki purple panel nightly")
    observe(ws.writer(), "preference", "I prefer the Loki purple panel nightly", explicit=True)
    mark_promoted(ws.writer(), "C001", placed.span.location())
    record_signals(ws.writer(), "I prefer the Loki purple panel nightly")
    heartbeat(ws.writer(), force=True)
    rel = ws.role_path("citations")
    logged = "".join(ws.read_lines(rel))
    # both repeats are logged (the owner's statistics keep them), the promoted candidate's
    # against the entry it was written to
    assert "zebramem42" in logged and "Loki" in logged
    assert logged.count('"action":"seen_again"') == 2
    for session in (SHARED, SUBAGENT):
        with pytest.raises(PermissionDenied):
            get_lines(ws, rel, session)
        args = ["--session", session.kind] + (["--agent", session.agent] if session.agent else [])
        result = cli("-w", str(ws.root), *args, "get", rel)
        assert result.code == 2 and "zebramem42" not in result.out + result.err

        async def mcp_get(session: Session = session) -> str:
            server = build_server(str(ws.root), session)
            return json.dumps(await server.call_tool("memory_get", {"ref": rel}), default=str)

        with pytest.raises(Exception, match="cannot read"):
            asyncio.run(mcp_get())
        page = review_client(ws, session.kind, session.agent).get(f"/file?path={rel}")
        assert page.status_code == 400 and "zebramem42" not in page.text
    assert "zebramem42" not in _shared_views(ws, "zebramem42 gateway decision")
    assert "Loki" not in _shared_views(ws, "Loki purple panel")


def test_owner_only_operations_refuse_other_sessions(ws) -> None:
    record_signals(ws.writer(), SECRET_PREFERENCE)
    for session in (SHARED, SUBAGENT):
        with pytest.raises(PermissionDenied):
            heartbeat(ws.writer(session), force=True)
        with pytest.raises(PermissionDenied):
            approve(ws.writer(session), "全部")
        with pytest.raises(PermissionDenied):
            consolidate(ws.writer(session))
    assert "Loki" in "".join(ws.read_lines(ws.role_path("pending")))  # nothing was consumed


def test_symlink_to_user_md_is_not_readable_under_a_shared_name(ws) -> None:
    remember(ws.writer(), "记住：我喜欢紫色 Loki 面板", role="user")
    os.symlink(ws.root / "USER.md", ws.root / "memory" / "2026-04-16.md")
    os.symlink("../USER.md", ws.root / "memory" / "notes.md")
    for rel in ("memory/2026-04-16.md", "memory/notes.md"):
        with pytest.raises(PermissionDenied):
            get_lines(ws, rel, SHARED)
    assert "Loki" not in _shared_views(ws, "紫色 Loki 面板")


def test_hard_link_to_memory_md_is_not_readable_under_a_shared_name(ws) -> None:
    remember(ws.writer(), "记住：生产库密码轮换日是每月 3 号 Loki", role="long_term")
    os.link(ws.root / "MEMORY.md", ws.root / "memory" / "2026-04-15.md")
    with pytest.raises(PermissionDenied):
        get_lines(ws, "memory/2026-04-15.md", SHARED)
    assert "Loki" not in _shared_views(ws, "密码轮换 Loki")
    with pytest.raises(PathOutsideWorkspace):  # and never written through
        log(ws.writer(), "追加", day=datetime(2026, 4, 15).date())


def test_daily_log_symlink_to_soul_md_cannot_be_appended(ws) -> None:
    soul = (ws.root / "SOUL.md").read_bytes()
    os.symlink(ws.root / "SOUL.md", ws.root / "memory" / f"{ws.today().isoformat()}.md")
    with pytest.raises(PathOutsideWorkspace, match="link"):
        log(ws.writer(), "写点东西")
    assert (ws.root / "SOUL.md").read_bytes() == soul


def test_paths_setting_cannot_point_a_role_at_an_identity_file(ws) -> None:
    config = ws.root / "memstrata.toml"
    config.write_text(config.read_text() + '\n[paths]\nuser = "SOUL.md"\n', encoding="utf-8")
    soul = (ws.root / "SOUL.md").read_bytes()
    with pytest.raises(FormatError, match=r"paths\.user .*SOUL\.md.*never writes"):
        Workspace.open(ws.root)
    assert (ws.root / "SOUL.md").read_bytes() == soul


def test_symlinked_lessons_md_is_refused_not_replaced(ws) -> None:
    real = ws.root / "elsewhere.md"
    real.write_text("# 别处\n", encoding="utf-8")
    (ws.root / "memory" / "lessons.md").unlink(missing_ok=True)
    os.symlink(real, ws.root / "memory" / "lessons.md")
    with pytest.raises(MemstrataError, match="link"):
        lesson(ws.writer(), "端口冲突", fix="换端口")
    assert (ws.root / "memory" / "lessons.md").is_symlink()
    assert real.read_text(encoding="utf-8") == "# 别处\n"


def test_mcp_health_and_evolve_are_owner_only(ws) -> None:
    """The MCP path applies the same table as the CLI."""
    import asyncio

    from memstrata.adapters.mcp.server import build_server

    record_signals(ws.writer(), SECRET_PREFERENCE)

    async def call(session: Session, tool: str, args: dict) -> str:
        server = build_server(str(ws.root), session)
        result = await server.call_tool(tool, args)
        return json.dumps(result, ensure_ascii=False, default=str)

    for tool, args in (("memory_evolve", {"force": True}), ("memory_health", {})):
        with pytest.raises(Exception, match="main session only"):
            asyncio.run(call(SHARED, tool, args))
    assert "Loki" in "".join(ws.read_lines(ws.role_path("pending")))


def test_edit_and_approve_is_offered_only_where_the_edit_is_written(make_ws, cli) -> None:
    """Review of issue 9, item 8: "Edit & approve" of a knowledge card changed the summary,
    then wrote the knowledge file from the original draft: the edit was silently ignored."""
    import re

    from memstrata.evolve import curated
    from tests.review_client import review_client

    ws = make_ws("three-tier")
    curated.propose_rule(ws.writer(), "回答之前先核对事实")
    curated.propose_knowledge(ws.writer(), "ops", "deploy", points=["先跑迁移"])
    client = review_client(ws)
    page = client.get("/").text
    cards = {n: body for n, body in re.findall(r'id="card-(\d)"(.*?)</div>', page, re.S)}
    assert 'name="edit-approve"' in cards["1"] and 'name="edit-approve"' not in cards["2"]
    answer = client.post("/proposals/2/approve", data={"text": "完全不同的要点"})
    assert answer.status_code == 303 and "cannot+be+edited" in answer.headers["location"]
    refused = cli("-w", str(ws.root), "approve", "2", "--edit", "完全不同的要点")
    assert refused.code == 2 and "cannot be edited" in refused.err
    assert not (ws.root / "04-knowledge" / "ops-deploy.md").exists()
    client.post("/proposals/1/approve", data={"text": "回答之前先核对事实和来源"})
    rules = "".join(p.read_text("utf-8") for p in (ws.root / "03-rules").iterdir())
    assert "回答之前先核对事实和来源" in rules  # the edit of a rule is what is written


def test_a_knowledge_file_never_lands_in_another_roles_file(make_ws, cli, monkeypatch) -> None:
    """Review of issue 9, item 9: ``knowledge long term`` (three-tier) named
    04-knowledge/long-term.md, the private long-term memory; approved, it merged a knowledge
    skeleton into it, and status counted that file as knowledge and long_term both."""
    from memstrata.evolve import curated
    from memstrata.evolve.approve import approve

    ws = make_ws("three-tier")
    remember(ws.writer(), "记住：生产库只在周二变更 Loki", role="long_term")
    private = ws.root / "04-knowledge" / "long-term.md"
    before = private.read_bytes()
    refused = cli("-w", str(ws.root), "--session", "shared", "knowledge", "long", "term",
                  "--point", "x")  # fmt: skip
    assert refused.code == 2 and "long_term file" in refused.err, refused
    # queued before the check existed: approving it is refused, the file untouched
    monkeypatch.setattr(curated, "_knowledge_path", lambda ws, path: path)
    curated.propose_knowledge(ws.writer(SHARED), "long", "term", points=["x"])
    monkeypatch.undo()
    result = approve(ws.writer(), "全部")
    assert not result.applied and "long_term file" in result.failed[0]["error"]
    assert private.read_bytes() == before
    assert ws.role_files("knowledge") == []
    assert ws.role_files("long_term") == ["04-knowledge/long-term.md"]


def test_shared_cite_of_a_private_entry_is_refused_as_if_it_did_not_exist(ws, cli) -> None:
    """Review of issue 9 (low): a shared ``cite C001`` or ``cite MEMORY.md:L14`` succeeded,
    telling a shared session that the private entry exists and letting it cite it."""
    from memstrata.evolve.pool import observe

    placed = remember(ws.writer(), "记住：生产库只在周二变更 Loki", role="long_term")
    observe(ws.writer(), "preference", "我喜欢 Loki 紫色面板")
    root = str(ws.root)
    for kind in ("shared", "subagent"):
        who = ["--session", kind] + (["--agent", "coder"] if kind == "subagent" else [])
        for ref, absent in (("C001", "C999"), (placed.span.location(), "MEMORY.md:L999")):
            real, missing = (
                cli("-w", root, *who, "cite", ref),
                cli("-w", root, *who, "cite", absent),
            )
            assert real.code == missing.code == 2
            assert real.err.replace("C001", "C999") == missing.err, (real.err, missing.err)
    assert not list((ws.state_dir / "cite-buffer").glob("*.jsonl"))  # nothing was buffered
    assert cli("-w", root, "cite", placed.span.location()).code == 0  # the owner may
