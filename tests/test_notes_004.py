"""Note 004 (memory-manager skill v3), requirement by requirement, in the ``memory-manager``
preset with a fixed clock. docs/conformance.md maps each test to the note."""

from __future__ import annotations

import json
import os
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime
from pathlib import Path

import pytest

from memstrata.adapters.hooks import handle
from memstrata.capture.record import record_signals
from memstrata.core.initialize import init_workspace
from memstrata.core.permissions import Session
from memstrata.core.queues import read_pending
from memstrata.core.workspace import Workspace
from memstrata.entries.journal import log
from memstrata.entries.remember import remember
from memstrata.errors import FormatError, MemstrataError, PathOutsideWorkspace, PermissionDenied
from memstrata.evolve.approve import approve
from memstrata.evolve.heartbeat import heartbeat
from memstrata.evolve.pool import observe, observing
from memstrata.formats.bullets import parse_bullets
from memstrata.formats.candidates import parse_candidates
from memstrata.maintain.consolidate import consolidate
from memstrata.maintain.doctor import diagnose
from memstrata.maintain.handoff import handoff
from memstrata.recall.search import SearchFilters, search
from tests.conftest import FIXED_NOW, tree_hashes


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_NOW", FIXED_NOW.isoformat())


@pytest.fixture
def mm(make_ws) -> Workspace:
    return make_ws("memory-manager")


@pytest.fixture
def shared_root(tmp_path: Path) -> tuple[Workspace, Workspace, Path]:
    """Two projects sharing one global layer (note 004's ~/.workbuddy)."""
    home = tmp_path / "home" / ".workbuddy"
    first = init_workspace(tmp_path / "proj-a", "memory-manager", global_root=str(home))
    second = init_workspace(tmp_path / "proj-b", "memory-manager", global_root=str(home))
    clock = lambda: FIXED_NOW  # noqa: E731
    return (
        Workspace.open(first.workspace.root, clock=clock),
        Workspace.open(second.workspace.root, clock=clock),
        home,
    )


def _text(ws: Workspace, rel: str) -> str:
    return ws.resolve(rel).read_text(encoding="utf-8")


def _at(ws: Workspace, day: str) -> Workspace:
    return Workspace.open(ws.root, clock=lambda: datetime.fromisoformat(f"{day}T10:00"))


# ---------------------------------------------------------------- OpenClaw 记忆结构适配
def test_layout_of_the_note(mm) -> None:
    for rel in ("SOUL.md", "IDENTITY.md", "USER.md", "memory/MEMORY.md", "memory/CANDIDATES.md",
                "memory/EVOLUTION_LOG.md", "memory/skills/INDEX.md"):  # fmt: skip
        assert (mm.root / rel).is_file(), rel
    assert (mm.root / "memory" / "skills" / "auto-generated").is_dir()
    assert mm.daily_path(date(2026, 4, 17)) == "memory/2026-04-17.md"
    assert not (mm.root / ".agent-memory").exists()  # 不创建独立目录


def test_fresh_workspace_passes_doctor(make_ws, tmp_path) -> None:
    for lang in ("zh", "en"):
        report = diagnose(make_ws("memory-manager", lang=lang))
        assert report.healthy, report.findings
    made = init_workspace(tmp_path / "p", "memory-manager", global_root=str(tmp_path / "g"))
    assert diagnose(made.workspace).healthy, diagnose(made.workspace).findings


def test_soul_and_identity_are_read_only(mm) -> None:
    for rel in ("SOUL.md", "IDENTITY.md"):
        with pytest.raises(PermissionDenied):
            mm.writer().rewrite(rel, lambda lines: ([*lines, "- 改\n"], None))
    with open(mm.root / "SOUL.md", "a", encoding="utf-8") as fh:
        fh.write("- 手改\n")
    assert any(f.check == "identity" and f.severity == "problem" for f in diagnose(mm).findings)


# ---------------------------------------------------------------- the global layer
def test_global_layer_shared_by_every_project(shared_root) -> None:
    first, second, home = shared_root
    assert sorted(p.name for p in home.glob("*.md")) == ["IDENTITY.md", "SOUL.md", "USER.md"]
    assert not (first.root / "USER.md").exists() and (first.root / "memory" / "MEMORY.md").exists()
    a = remember(first.writer(), "记住：我喜欢简短的回答")
    b = remember(second.writer(), "记住：我是后端工程师")
    assert a.path == b.path == "@global/USER.md"
    text = (home / "USER.md").read_text(encoding="utf-8")
    assert "我喜欢简短的回答" in text and "我是后端工程师" in text
    assert "L10-" in text  # one line-index header, refreshed by both
    fact = remember(first.writer(), "记住：本项目用 pnpm 安装依赖")
    assert fact.path == "memory/MEMORY.md" and "pnpm" not in _text(second, "memory/MEMORY.md")


def test_global_files_use_the_same_writer_and_locks(shared_root) -> None:
    first, second, home = shared_root
    remember(first.writer(), "记住：我喜欢简短的回答")
    # The lock of a global file lives in the global root, the same for every project.
    assert "USER" in [p.name.split(".")[0] for p in (home / ".memstrata" / "locks").iterdir()]
    assert not [p for p in (first.root / ".memstrata" / "locks").iterdir() if "USER" in p.name]

    def write(args: tuple[Workspace, int]) -> None:
        ws, n = args
        remember(
            Workspace.open(ws.root, clock=lambda: FIXED_NOW).writer(), f"记住：我喜欢第 {n} 种风格"
        )

    jobs = [(ws, n) for n in range(12) for ws in (first, second)]
    with ThreadPoolExecutor(max_workers=6) as pool:
        list(pool.map(write, jobs))
    bullets = parse_bullets(first.read_lines("@global/USER.md"), "USER.md")
    assert len([b for b in bullets if "种风格" in b.text]) == 24  # nothing lost


def test_global_root_is_confined(shared_root, tmp_path) -> None:
    first, _second, home = shared_root
    for bad in ("@global/../outside.md", "@global/", "@global//etc/passwd"):
        with pytest.raises(PathOutsideWorkspace):
            first.resolve(bad)
    (tmp_path / "secret.md").write_text("x", encoding="utf-8")
    os.symlink(tmp_path / "secret.md", home / "leak.md")
    with pytest.raises(PathOutsideWorkspace):
        first.resolve("@global/leak.md")
    with pytest.raises(PathOutsideWorkspace):
        first.writer().rewrite("@global/USER.md/../../x.md", lambda lines: (["x\n"], None))


def test_paths_outside_the_workspace_point_to_the_global_setting(mm, cli) -> None:
    config = mm.root / "memstrata.toml"
    config.write_text(
        config.read_text("utf-8") + '\n[paths]\nuser = "../shared/USER.md"\n', "utf-8"
    )
    result = cli("-w", str(mm.root), "status")
    assert result.code == 2 and "[global] root" in result.err


def test_global_root_needs_roles_to_share(tmp_path, cli) -> None:
    result = cli("init", str(tmp_path / "se"), "--preset", "self-evolution", "--global-root",
                 str(tmp_path / "g"))  # fmt: skip
    assert result.code == 2 and "no user or identity files" in result.err
    assert not (tmp_path / "se" / "memstrata.toml").exists()


def test_global_settings_are_checked(tmp_path, cli) -> None:
    made = init_workspace(tmp_path / "p", "memory-manager")
    config = made.workspace.root / "memstrata.toml"
    base = config.read_text("utf-8")
    for table, message in (
        ('[global]\nroot = "sub"\nroles = ["user"]\n', "outside this workspace"),
        ('[global]\nroot = "../g"\nroles = ["tasks"]\n', "lacks"),
        ('[global]\nroot = "../g"\n', "roles"),
    ):
        config.write_text(base + "\n" + table, "utf-8")
        result = cli("-w", str(made.workspace.root), "status")
        assert result.code == 2 and "memstrata.toml" in result.err and message in result.err


def test_global_root_must_be_a_marked_real_folder(tmp_path, cli) -> None:
    """Review of issue 12, item 1: `[global] root = "/etc"` wrote /etc/USER.md; a missing
    folder was created silently; a symlinked root and per-project roles were accepted."""
    made = init_workspace(tmp_path / "p", "memory-manager")
    root = made.workspace.root
    config = root / "memstrata.toml"
    base = config.read_text("utf-8")
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("x", "utf-8")
    marked = tmp_path / "g"
    init_workspace(tmp_path / "q", "memory-manager", global_root=str(marked))
    os.symlink(marked, tmp_path / "link")
    (tmp_path / "real").mkdir()
    os.symlink(tmp_path / "real", tmp_path / "via")
    cases = (
        ("/etc", '["user"]', "not a memstrata global root"),
        (str(tmp_path / "nonexistent" / "x"), '["user"]', "not an existing folder"),
        (str(other), '["user"]', "not a memstrata global root"),
        (str(tmp_path / "link"), '["user"]', "symbolic link"),
        (str(tmp_path / "via" / "g"), '["user"]', "symbolic link"),
        (str(marked), '["user", "long_term"]', "stay per project"),
        (str(marked), '["candidates"]', "stay per project"),
    )
    etc_before = [(p, p.stat().st_mtime_ns) for p in Path("/etc").glob("USER.md")]
    for folder, roles, message in cases:
        config.write_text(base + f'\n[global]\nroot = "{folder}"\nroles = {roles}\n', "utf-8")
        before = tree_hashes(tmp_path)
        result = cli("-w", str(root), "remember", "记住：我偏好深色主题")
        assert result.code == 2, (folder, result.out)
        assert result.err.count("\n") == 1 and message in result.err, (folder, result.err)
        assert "memstrata.toml:" in result.err and "global." in result.err
        assert tree_hashes(tmp_path) == before, folder  # nothing written anywhere
    assert not (tmp_path / "nonexistent").exists()
    assert [(p, p.stat().st_mtime_ns) for p in Path("/etc").glob("USER.md")] == etc_before
    config.write_text(base + f'\n[global]\nroot = "{marked}"\nroles = ["user"]\n', "utf-8")
    assert cli("-w", str(root), "remember", "记住：我偏好深色主题").code == 0
    assert "深色主题" in (marked / "USER.md").read_text("utf-8")


def test_init_marks_only_a_new_or_profile_folder(tmp_path, cli) -> None:
    """Review of issue 12, item 1: `init --global-root` marks a folder as a global root only
    when it is new, empty or already a profile folder; never a symlink or a folder of other
    files (and then creates no project either)."""
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("x", "utf-8")
    os.symlink(tmp_path / "fresh", tmp_path / "link")
    for folder, message in ((other, "other files"), (tmp_path / "link", "symbolic link")):
        result = cli("init", str(tmp_path / "p"), "--preset", "memory-manager",
                     "--global-root", str(folder))  # fmt: skip
        assert result.code == 2 and message in result.err and result.err.count("\n") == 1
        assert not (tmp_path / "p").exists() and not (folder / ".memstrata").exists()
    profile = tmp_path / "profile"
    profile.mkdir()
    (profile / "USER.md").write_text("# 我\n", "utf-8")
    made = init_workspace(tmp_path / "p", "memory-manager", global_root=str(profile))
    assert (profile / ".memstrata" / "global-root").is_file()
    assert (profile / "USER.md").read_text("utf-8") == "# 我\n"  # kept as it was
    assert made.workspace.global_root == profile


def test_global_user_md_is_searched_and_cited(shared_root) -> None:
    first, _second, _home = shared_root
    remember(first.writer(), "记住：我喜欢简短的回答")
    hits = search(first, "简短的回答", filters=SearchFilters(roles=["user"])).results
    assert hits and hits[0].cite.startswith("📍 @global/USER.md:L")


def test_global_user_md_follows_the_presets_privacy(shared_root) -> None:
    first, _second, _home = shared_root
    remember(first.writer(), "记住：我喜欢简短的回答")
    remember(first.writer(), "记住：staging 密码轮换在周一")
    shared = search(first, "简短 staging", filters=SearchFilters(session=Session("shared")))
    paths = {hit.path for hit in shared.results}
    assert "@global/USER.md" in paths and "memory/MEMORY.md" not in paths


def test_task_hint_names_a_command_of_this_preset(mm, cli) -> None:
    """Review of issue 12, item 10: `task add` said "use memstrata project" in a layout that
    has no projects role."""
    result = cli("-w", str(mm.root), "task", "add", "x")
    assert result.code == 2 and "memstrata log" in result.err and "project" not in result.err
    hint = result.err.split("`")[1]  # the command it names works here
    assert cli("-w", str(mm.root), *hint.split()[1:2], "写周报", "--section", "待办").code == 0
    assert "### 待办\n- 写周报" in _text(mm, "memory/2026-04-17.md")


# ---------------------------------------------------------------- Layer 1 / 2 templates
def test_user_md_template_and_line_index(mm) -> None:
    placed = remember(mm.writer(), "记住：我喜欢简短的回答")
    lines = _text(mm, "USER.md").splitlines()
    assert lines[0] == "# 用户信息（USER.md）" and lines[1].startswith("> 最后更新：2026-04-17")
    assert lines[2] == f"> 行数：{len(lines)} 行"
    header = lines[lines.index("<!-- 行号速查（每次写入后更新）") + 1 : lines.index("-->")]
    assert [h.split(" ", 1)[1] for h in header] == ["基本偏好", "工作背景", "沟通风格"]
    start, end = (int(x[1:]) for x in header[2].split(" ")[0].split("-"))
    assert start <= placed.start_line <= end


def test_memory_md_template_sections(mm) -> None:
    text = _text(mm, "memory/MEMORY.md")
    for part in ("# 长期记忆（MEMORY.md）", "## 📌 重要规则", "## ⚠️ 错误修正记录", "## 🔗 技能索引",
                 "→ 详见 skills/INDEX.md", "## 📅 日志归档引用", "## 🔄 进化历史摘要"):  # fmt: skip
        assert part in text, part


def test_log_archive_references_filled(mm) -> None:
    for day in ("2026-02-03", "2026-03-05"):
        log(_at(mm, day).writer(), f"{day} 的工作")
    report = consolidate(mm.writer())
    assert report.archive_refs == ["memory/archive/2026-02.md", "memory/archive/2026-03.md"]
    lines = _text(mm, "memory/MEMORY.md").splitlines()
    section = lines.index("## 📅 日志归档引用")
    assert lines[section + 2 : section + 4] == [
        "- [archive/2026-02.md](archive/2026-02.md)",
        "- [archive/2026-03.md](archive/2026-03.md)",
    ]
    header = lines[lines.index("<!-- 行号速查（每次写入后更新）") + 1 : lines.index("-->")]
    archive = next(h for h in header if "日志归档引用" in h)
    start, end = (int(x[1:]) for x in archive.split(" ")[0].split("-"))
    assert start == section + 1 and end == section + 4
    assert consolidate(mm.writer()).archive_refs == []  # once
    assert not [f for f in diagnose(mm).findings if f.check in ("links", "headers")]


# ---------------------------------------------------------------- Layer 1.5: the pool
def test_candidates_format_and_last_updated(mm) -> None:
    observe(_at(mm, "2026-04-15").writer(), "preference", "代码注释用中文")
    text = _text(mm, "memory/CANDIDATES.md")
    assert "> 由 memstrata 自动维护 | 最后更新：2026-04-15" in text
    assert "| ID | 类型 | 内容摘要 | 首次观察 | 最近观察 | 次数 | 目标 |" in text
    assert "| C001 | 偏好 | 代码注释用中文 | 2026-04-15 | 2026-04-15 | 1/3 | 3次 |" in text
    observe(_at(mm, "2026-04-17").writer(), "preference", "代码注释用中文")
    text = _text(mm, "memory/CANDIDATES.md")
    assert "最后更新：2026-04-17" in text and "| 2/3 |" in text


def test_three_observations_promote_with_approval(mm) -> None:
    for day in ("2026-04-15", "2026-04-16", "2026-04-17"):
        day_ws = _at(mm, day)
        record_signals(day_ws.writer(), "我更喜欢代码注释用中文")
        report = heartbeat(day_ws.writer(), force=True, use_embeddings=False)
    assert report.proposals[0].count == 3 and "💡 进化请求" in report.card
    assert "我更喜欢" not in _text(mm, "USER.md")  # nothing until approved
    approve(mm.writer(), "确认")
    assert "我更喜欢代码注释用中文 | 来源：候选池C001" in _text(mm, "USER.md")


def test_explicit_trigger_words_skip_the_pool(mm) -> None:
    placed = remember(mm.writer(), "记住：PowerShell 删除文件用 Remove-Item")
    assert placed.cite.startswith("📍 memory/MEMORY.md:L")
    assert not observing(mm.writer())


def test_expiry_applied_by_consolidate_and_shown_by_doctor(mm) -> None:
    observe(_at(mm, "2026-03-12").writer(), "preference", "临时调试参数")  # 36 days before
    observe(_at(mm, "2026-03-19").writer(), "preference", "深色主题")  # 29 days before
    observe(_at(mm, "2026-03-18").writer(), "knowledge", "网关在 8443")  # 30 days before
    notes = {
        f.message.split(" ")[0]: f.message for f in diagnose(mm).findings if f.check == "candidates"
    }
    assert "expired 6 day(s) ago" in notes["C001"] and "consolidate" in notes["C001"]
    assert "expires in 1 day(s)" in notes["C002"]
    assert "expires today" in notes["C003"]
    dry = consolidate(mm.writer(), dry_run=True)
    assert dry.expired == ["C001"] and len(observing(mm.writer())) == 3
    report = consolidate(mm.writer())
    assert report.expired == ["C001"]
    rows = parse_candidates(mm.read_lines("memory/CANDIDATES.md"), "c")
    dropped = [r for r in rows if r.table == "dropped"]
    assert dropped[0].cells[:3] == ["C001", "临时调试参数", "30天无再次观察"]
    assert "临时调试参数" in _text(mm, "memory/EVOLUTION_LOG.md")


def test_pool_over_its_limit_gets_a_slimming_proposal(mm) -> None:
    for n in range(33):
        observe(
            _at(mm, f"2026-04-{1 + n % 16:02d}").writer(), "knowledge", f"host{n} rack{n} zone{n}"
        )
    observe(mm.writer(), "knowledge", "host0 rack0 zone0")  # C001 seen twice: kept
    report = consolidate(mm.writer())
    [slim] = [p for p in report.proposals if p.kind == "drop-candidates"]
    assert len(slim.payload["cids"]) == 3 and "C001" not in slim.payload["cids"]
    approve(mm.writer(), str(slim.number))
    assert len(observing(mm.writer())) == 30
    dropped = [
        r
        for r in parse_candidates(mm.read_lines("memory/CANDIDATES.md"), "c")
        if r.table == "dropped"
    ]
    assert sorted(r.cells[0] for r in dropped) == sorted(slim.payload["cids"])
    assert all(r.cells[2] == "容量上限" for r in dropped)


# ---------------------------------------------------------------- mechanism 3: citations
def test_line_level_citations(mm, cli) -> None:
    placed = remember(mm.writer(), "记住：部署前必须跑测试")
    line = _text(mm, "memory/MEMORY.md").splitlines()[placed.start_line - 1]
    assert "部署前必须跑测试" in line and placed.cite == f"📍 memory/MEMORY.md:L{placed.start_line}"
    got = json.loads(cli("-w", str(mm.root), "get", placed.cite, "--json").out)
    assert "部署前必须跑测试" in got["text"]
    observe(mm.writer(), "preference", "代码注释用中文")
    cited = json.loads(cli("-w", str(mm.root), "cite", "C001", "--json").out)
    assert cited["entry"] == "C001"


# ---------------------------------------------------------------- subcommands
def test_add_skill_creates_a_skill_md_skeleton(mm, cli) -> None:
    result = cli("-w", str(mm.root), "skill", "add", "lint", "--when", "提交前")
    assert result.code == 0
    skill = _text(mm, "memory/skills/lint/SKILL.md")
    assert skill.startswith("---\nname: lint\ndescription: 提交前\n---")
    assert "## 何时使用\n提交前" in skill and "## 步骤" in skill
    assert "- lint | path: memory/skills/lint/SKILL.md | when: 提交前" in _text(
        mm, "memory/skills/INDEX.md"
    )


def test_candidates_list_promote_drop(mm, cli) -> None:
    observe(mm.writer(), "preference", "代码注释用中文")
    observe(mm.writer(), "knowledge", "网关端口 8443")
    root = str(mm.root)
    listed = json.loads(cli("-w", root, "candidates", "list", "--json").out)
    assert [c["cid"] for c in listed] == ["C001", "C002"]
    assert cli("-w", root, "candidates", "promote", "C001").code == 0
    assert cli("-w", root, "candidates", "drop", "C002").code == 0
    assert "代码注释用中文" in _text(mm, "USER.md")
    assert cli("-w", root, "--session", "shared", "candidates", "list").code == 2


def test_handoff_exports_the_pool(mm) -> None:
    observe(mm.writer(), "preference", "代码注释用中文")
    remember(mm.writer(), "记住：部署前必须跑测试")
    brief = handoff(mm)
    assert "C001" in brief and "部署前必须跑测试" in brief


def test_evolution_card_at_most_twice_a_session(mm) -> None:
    for day in ("2026-04-15", "2026-04-16", "2026-04-17"):
        record_signals(_at(mm, day).writer(), "我更喜欢代码注释用中文")
        heartbeat(_at(mm, day).writer(), force=True, session_id="other", use_embeddings=False)
    cards = []
    for n in range(3):
        record_signals(mm.writer(), f"我喜欢第 {n} 种深色主题")  # something new to process
        cards.append(heartbeat(mm.writer(), force=True, session_id="s1", use_embeddings=False).card)
    assert bool(cards[0]) and bool(cards[1]) and not cards[2]
    assert "💡 进化请求" in cards[0] and "代码注释用中文" in cards[0]


# ---------------------------------------------------------------- hooks
def _hook(ws: Workspace, event: str, **payload: object) -> dict | None:
    return handle(event, {"session_id": "s1", "cwd": str(ws.root), **payload}, str(ws.root))


def test_activator_reminds_without_writing_memory(mm) -> None:
    answer = _hook(mm, "user-prompt-submit", prompt="帮我看看这个函数")
    assert answer is not None and "记忆" in answer["hookSpecificOutput"]["additionalContext"]
    assert "帮我看看" not in _text(mm, "memory/MEMORY.md")


def test_error_detector_queues_tool_errors(mm) -> None:
    _hook(mm, "post-tool-use-failure", tool_name="Bash", tool_input={"command": "npm install"},
          error="npm ERR! ERESOLVE unable to resolve dependency tree")  # fmt: skip
    assert any(r["signal"] in ("tool_error", "repeated_failure") for r in read_pending(mm).valid)


def _turn(ws: Workspace, commands: list[str], fail: bool = False) -> None:
    for command in commands:
        _hook(ws, "post-tool-use", tool_name="Bash", tool_input={"command": command})
    _hook(ws, "post-tool-use", tool_name="Edit", tool_input={"file_path": "src/app.py"})
    if fail:
        _hook(ws, "post-tool-use-failure", tool_name="Bash", tool_input={"command": "x"}, error="e")


def test_post_tool_use_records_recurring_sequences_for_auto_skill(mm) -> None:
    release = ["git pull --rebase", "npm test -- --watch=false", "npm run build", "git push"]
    _turn(mm, ["ls -la", *release], fail=True)
    _hook(mm, "stop")
    _turn(mm, release)
    _hook(mm, "stop")
    assert not list((mm.root / "memory" / "skills" / "auto-generated").iterdir())
    _turn(mm, ["cat README.md", *release])
    _hook(mm, "stop")
    workflows = [r for r in read_pending(mm).valid if r["signal"] == "workflow"]
    assert workflows and workflows[0]["steps"] == [
        "Bash: git pull", "Bash: npm test", "Bash: npm run", "Bash: git push", "Edit .py",
    ]  # fmt: skip
    assert workflows[0]["times"] == 2 and "--watch" not in json.dumps(workflows)
    heartbeat(mm.writer(), force=True, use_embeddings=False)
    drafts = list((mm.root / "memory" / "skills" / "auto-generated").glob("*/SKILL.md"))
    assert len(drafts) == 1 and "1. Bash: git pull" in drafts[0].read_text("utf-8")
    _turn(mm, ["cat README.md", *release])
    _hook(mm, "stop")
    assert not [r for r in read_pending(mm).valid if r["signal"] == "workflow"]  # once


def test_new_skill_draft_is_announced_by_heartbeat_and_proposals(mm, cli) -> None:
    """Review of issue 12, item 11: when the heartbeat drafted a SKILL.md its report said
    "本次没有达到晋升条件的经验" and `proposals` said "No proposals waiting" while the draft
    waited for approval."""
    release = ["git pull --rebase", "npm test -- --watch=false", "npm run build", "git push"]
    for first in ("ls -la", "cat README.md"):
        _turn(mm, [first, *release])
        _hook(mm, "stop")
    report = heartbeat(mm.writer(), force=True, use_embeddings=False)
    [path] = report.skill_drafts
    name = path.rsplit("/", 2)[-2]
    assert "### 新技能草稿（待审批）" in report.report
    assert f"- {path} → `memstrata skill approve {name}`" in report.report
    assert any(path in _text(mm, rel) for rel in mm.role_files("reports"))  # filed, too
    out = cli("-w", str(mm.root), "proposals")
    assert out.code == 0 and "No proposals waiting" not in out.out
    assert f"技能草稿 {name}（待审批） → {path}  memstrata skill approve {name}" in out.out
    data = json.loads(cli("-w", str(mm.root), "proposals", "--json").out)
    assert data["skill_drafts"] == [
        {"name": name, "path": path, "approve": f"memstrata skill approve {name}"}
    ]
    assert cli("-w", str(mm.root), "skill", "approve", name).code == 0
    assert "No proposals waiting." in cli("-w", str(mm.root), "proposals").out


def test_post_tool_use_never_fails(mm) -> None:
    assert _hook(mm, "post-tool-use") is None
    assert _hook(mm, "post-tool-use", tool_name=None, tool_input="not a dict") is None
    assert _hook(mm, "stop") is None  # no turn, nothing due: nothing to say


# ---------------------------------------------------------------- 注意事项
def test_subagents_cannot_write_memory_md(mm) -> None:
    with pytest.raises(PermissionDenied):
        remember(mm.writer(Session("subagent", "coder")), "记住：子代理的规则", role="long_term")
    placed = log(mm.writer(Session("subagent", "coder")), "建议：部署前跑测试")
    assert placed.path == "memory/2026-04-17.md"  # their own log, for the main agent to review


def test_error_corrections_are_kept(mm) -> None:
    remember(mm.writer(), "记住：npm install 失败 → 改用 pnpm install")
    bullets = parse_bullets(mm.read_lines("memory/MEMORY.md"), "m")
    assert any("错误修正" in b.section and "pnpm" in b.text for b in bullets)


def test_malformed_pool_reported_not_fatal(mm) -> None:
    path = mm.root / "memory" / "CANDIDATES.md"
    path.write_text(
        path.read_text("utf-8").replace(
            "|----|------|---------|", "|----|------|---------|\n| C009 | 偏好 | 坏行 |", 1
        ),
        "utf-8",
    )
    findings = [f for f in diagnose(mm).findings if f.check == "format"]
    assert findings and findings[0].where.startswith("memory/CANDIDATES.md:")
    with pytest.raises((FormatError, MemstrataError)):
        observing(mm.writer())


# ---------------------------------------------------------------- health-check
def test_health_check_lists_every_malformed_file(mm, cli) -> None:
    (mm.root / "USER.md").write_text(
        _text(mm, "USER.md") + "- [2026-1 写了一半的日期\n", encoding="utf-8"
    )
    memory = mm.root / "memory" / "MEMORY.md"
    memory.write_text(_text(mm, "memory/MEMORY.md") + "- [2026 又一个\n", encoding="utf-8")
    (mm.root / "memory" / "2026-04-16.md").write_bytes(b"# [2026-04-16]\n\xff\xfe bad\n")
    result = cli("-w", str(mm.root), "doctor", "--json")
    assert result.code == 1
    found = {
        f["where"]: f["message"]
        for f in json.loads(result.out)["findings"]
        if f["check"] == "format"
    }
    lines = len(_text(mm, "USER.md").splitlines())
    assert set(found) == {
        f"USER.md:{lines}",
        "memory/MEMORY.md:" + str(len(memory.read_text("utf-8").splitlines())),
        "memory/2026-04-16.md:2",
    }
    assert "fix: write it as '- [YYYY-MM] 内容" in found[f"USER.md:{lines}"]
    assert "not valid UTF-8 text; fix: save the file as UTF-8" in found["memory/2026-04-16.md:2"]
    text = cli("-w", str(mm.root), "doctor").out
    assert text.count("[format]") == 3 and "problems found" in text


def test_health_check_index_behind_is_information(mm, cli) -> None:
    assert cli("-w", str(mm.root), "index").code == 0
    log(mm.writer(), "刚写的日志")
    result = cli("-w", str(mm.root), "doctor", "--json")
    findings = [f for f in json.loads(result.out)["findings"] if f["check"] == "index"]
    assert result.code == 0 and findings[0]["severity"] == "note"
    assert "the next search catches up" in findings[0]["message"]


def test_tool_steps_never_hold_a_secret(mm) -> None:
    from memstrata.evolve.workflows import normalise
    from tests.secrets_corpus import CORPUS

    for text, core in CORPUS.values():
        for command in (text, f"{text} deploy", f"deploy {text}", f"/bin/{text}"):
            step = normalise("Bash", {"command": command})
            assert all(core[i : i + 8] not in step for i in range(0, max(len(core) - 7, 1), 3)), (
                command,
                step,
            )
