"""Note 003 (OpenClaw 记忆架构: active writes vs compaction), requirement by requirement, in
the ``openclaw`` preset with a fixed clock. docs/conformance.md maps each test to the note."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from memstrata.core.initialize import init_workspace
from memstrata.core.permissions import Session
from memstrata.core.workspace import Workspace
from memstrata.entries.journal import log
from memstrata.entries.remember import remember
from memstrata.maintain.doctor import diagnose
from memstrata.recall.search import SearchFilters, search
from tests.conftest import FIXED_NOW, tree_hashes
from tests.http_fake import FakeServer
from tests.test_compaction import TOOL_SECRET, claude_transcript, openai_conversation


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_NOW", FIXED_NOW.isoformat())


@pytest.fixture
def oc(make_ws) -> Workspace:
    return make_ws("openclaw")


def _text(ws: Workspace, rel: str) -> str:
    return (ws.root / rel).read_text(encoding="utf-8")


def _context(cli, ws: Workspace, *session: str) -> str:
    out = cli("-w", str(ws.root), *session, "context", "--budget", "3000", "--json").out
    return str(json.loads(out)["text"])


# ---------------------------------------------------------------- 2.3 file structure
def test_workspace_files_of_the_note(oc) -> None:
    for rel in ("AGENTS.md", "SOUL.md", "USER.md", "MEMORY.md"):
        assert (oc.root / rel).is_file(), rel
    assert (oc.root / "memory").is_dir()
    assert oc.daily_path(FIXED_NOW.date()) == "memory/2026-04-17.md"
    placed = log(oc.writer(), "今日原始记录")
    assert placed.path == "memory/2026-04-17.md"


def test_fresh_workspace_passes_doctor_and_links_only_existing_files(make_ws) -> None:
    for lang in ("zh", "en"):
        ws = make_ws("openclaw", lang=lang)
        assert "skills/" not in _text(ws, "MEMORY.md")
        report = diagnose(ws)
        assert report.healthy and not [f for f in report.findings if f.check == "links"]


def test_bookkeeping_stays_out_of_the_memory_folder(oc) -> None:
    for role in ("candidates", "evolution_log", "pending", "citations", "reports"):
        assert oc.role_path(role).startswith("memstrata/"), role
    remember(oc.writer(), "记住：部署前先跑测试")
    assert (oc.root / "memstrata" / "EVOLUTION_LOG.md").is_file()
    assert not list((oc.root / "memory").glob("*EVOLUTION*"))


def test_existing_openclaw_workspace_adopted_untouched(tmp_path: Path) -> None:
    root = tmp_path / "workspace"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# MEMORY.md\n\n- 用户住在上海\n", encoding="utf-8")
    (root / "memory" / "2026-06-15.md").write_text("# 2026-06-15\n\n- 修了网关\n", "utf-8")
    before = tree_hashes(root)
    result = init_workspace(root, preset="openclaw")
    assert result.adopted and tree_hashes(root) == before
    assert result.workspace.preset == "openclaw"


# ---------------------------------------------------------------- 2.2 AGENTS.md
def test_agents_md_carries_the_write_rules(oc) -> None:
    text = _text(oc, "AGENTS.md")
    for part in (
        "## Every Session",
        "1. Read `SOUL.md`",
        "2. Read `USER.md`",
        "3. Read `memory/YYYY-MM-DD.md` (today + yesterday)",
        "4. **If in MAIN SESSION**: Also read `MEMORY.md`",
        "### 🧠 MEMORY.md - Your Long-Term Memory",
        "**ONLY load in main session**",
        "**DO NOT load in shared contexts**",
        '### 📝 Write It Down - No "Mental Notes"!',
        "### 🔄 Memory Maintenance (During Heartbeats)",
        "1. Read through recent `memory/YYYY-MM-DD.md` files",
        "2. Update `MEMORY.md` with distilled learnings",
        "3. Remove outdated info from MEMORY.md that's no longer relevant",
        "Daily files are raw notes; MEMORY.md is curated wisdom.",
    ):
        assert part in text, part


def test_remember_this_writes_it_to_a_file(oc, cli) -> None:
    result = cli("-w", str(oc.root), "remember", "记住：staging 数据库是 db-3")
    assert result.code == 0 and "db-3" in _text(oc, "MEMORY.md")
    assert "📍 MEMORY.md:L" in result.out


# ---------------------------------------------------------------- 2.1 recall instruction
def test_every_session_gets_the_memory_recall_instruction(oc, cli) -> None:
    for session in ((), ("--session", "shared")):
        text = _context(cli, oc, *session)
        assert "Memory Recall" in text and "memstrata search" in text and "📍" in text


def test_session_start_reads_today_and_yesterday(oc, cli) -> None:
    yesterday = Workspace.open(oc.root, clock=lambda: FIXED_NOW.replace(day=16))
    log(yesterday.writer(), "昨天迁移了网关")
    log(oc.writer(), "今天修了证书")
    text = _context(cli, oc)
    assert "昨天迁移了网关" in text and "今天修了证书" in text


# ---------------------------------------------------------------- MEMORY.md main-only
def test_memory_md_only_in_the_main_session_user_md_in_every_session(oc, cli) -> None:
    remember(oc.writer(), "记住：我喜欢简短的回答")
    remember(oc.writer(), "记住：staging 数据库是 db-3.internal")
    main = _context(cli, oc)
    assert "简短的回答" in main and "db-3.internal" in main
    for session in (("--session", "shared"), ("--session", "subagent", "--agent", "coder")):
        text = _context(cli, oc, *session)
        assert "简短的回答" in text and "db-3.internal" not in text
    shared = search(oc, "db-3.internal 简短", filters=SearchFilters(session=Session("shared")))
    assert {hit.path for hit in shared.results} == {"USER.md"}
    denied = cli("-w", str(oc.root), "--session", "shared", "get", "MEMORY.md")
    assert denied.code == 2 and "cannot read" in denied.err


def test_default_preset_keeps_memstratas_stricter_privacy(make_ws, cli) -> None:
    ws = make_ws("default")
    remember(ws.writer(), "记住：我喜欢简短的回答")
    assert "简短的回答" not in _context(cli, ws, "--session", "shared")


def test_private_roles_are_a_setting_documented_per_preset(oc, cli) -> None:
    config = oc.root / "memstrata.toml"
    text = config.read_text("utf-8")
    assert "# roles only the owner's main session sees (openclaw preset's default)" in text
    assert '# private_roles = ["long_term", "candidates", "evolution_log"' in text
    remember(oc.writer(), "记住：我喜欢简短的回答")
    stricter = text.replace("# private_roles = [", 'private_roles = ["user", "long_term"]\n# was [')
    config.write_text(stricter, encoding="utf-8")
    assert "简短的回答" not in _context(cli, oc, "--session", "shared")


def test_private_roles_setting_is_checked_in_plain_words(oc, cli) -> None:
    """Review of issue 12, item 6: `private_roles = ["long_term", "usr"]` was accepted (USER.md
    stayed visible to shared sessions); a string gave `must be tuple[str, ...] | None`."""
    config = oc.root / "memstrata.toml"
    text = config.read_text("utf-8")
    for value, message in (
        ('["long_term", "usr"]', "privacy.private_roles: unknown role 'usr' (roles: "),
        ('"long_term"', 'privacy.private_roles must be a list of strings, such as ["user", "infra"], '
                        "not 'long_term'"),
    ):  # fmt: skip
        config.write_text(text.replace("[privacy]\n", f"[privacy]\nprivate_roles = {value}\n"))
        line = config.read_text("utf-8").splitlines().index(f"private_roles = {value}") + 1
        result = cli("-w", str(oc.root), "context", "--session", "shared")
        assert result.code == 2 and f"memstrata.toml:{line}: {message}" in result.err, result.err
        assert "tuple[" not in result.err and "None" not in result.err
    config.write_text(text.replace("[privacy]\n", "[privacy]\nsubagent_reads_private = 3\n"))
    result = cli("-w", str(oc.root), "status")
    assert result.code == 2 and "must be true or false, not 3" in result.err


def test_setting_messages_name_no_python_types() -> None:
    """Review of issue 12, item 6: the message generator of every typed setting speaks TOML."""
    from memstrata.core.config import Config, config_from_dict
    from memstrata.errors import FormatError

    def settings(cls: type, table: str) -> list[tuple[str, str]]:
        out = []
        for f in dataclasses.fields(cls):
            kind = f.default_factory if f.default_factory is not dataclasses.MISSING else None
            if f.name == "source":
                continue
            name = f.metadata.get("toml", f.name)
            if dataclasses.is_dataclass(kind):
                out += settings(kind, f"{table}.{name}" if table else name)
            else:
                out.append((table, name))
        return out

    found = settings(Config, "")
    assert len(found) > 40
    for table, key in found:
        data: dict = {key: object()}
        for part in reversed(table.split(".") if table else []):
            data = {part: data}
        with pytest.raises(FormatError) as error:
            config_from_dict(data)
        message = str(error.value)
        assert (f"{table}.{key}" if table else key) in message
        assert not re.search(r"tuple\[|dict\[|\| None|<class|typing\.|Literal", message), message


# ---------------------------------------------------------------- 三 compaction
def _chat(tmp_path: Path) -> Path:
    path = tmp_path / "chat.json"
    path.write_text(json.dumps(openai_conversation(), ensure_ascii=False), encoding="utf-8")
    return path


def test_compaction_keeps_the_system_prompt_and_valid_openai_messages(oc, cli, tmp_path) -> None:
    chat = _chat(tmp_path)
    original = json.loads(chat.read_text("utf-8"))
    out = cli("-w", str(oc.root), "compact", str(chat), "--window", "2000", "--keep", "6", "--json")
    data = json.loads(out.out)
    messages = data["messages"]
    assert data["compacted"] and messages[0] == original[0]  # the system prompt, verbatim
    assert "summary of earlier messages" in messages[1]["content"]
    assert messages[-6:] == original[-6:]  # recent messages kept as they were
    calls = {c["id"] for m in messages for c in m.get("tool_calls", [])}
    results = [m for m in messages if m["role"] == "tool"]
    assert results and all(m["tool_call_id"] in calls for m in results)
    assert TOOL_SECRET not in data["summary"]


def test_compaction_takes_custom_instructions(oc, cli, tmp_path) -> None:
    answer = json.dumps({"summary": "用户在修登录超时。"}, ensure_ascii=False)
    with FakeServer(
        lambda body, n: (200, {"choices": [{"message": {"content": answer}}]}, 0)
    ) as server:
        config = oc.root / "memstrata.toml"
        config.write_text(
            config.read_text("utf-8") + f'\n[llm]\nbase_url = "{server.url}"\nmodel = "qwen2.5"\n',
            encoding="utf-8",
        )
        out = cli("-w", str(oc.root), "compact", str(_chat(tmp_path)), "--window", "2000",
                  "--keep", "6", "--instructions", "保留所有文件路径", "--json")  # fmt: skip
    assert json.loads(out.out)["summary"] == "用户在修登录超时。"
    prompts = json.dumps(server.calls, ensure_ascii=False)
    assert "保留所有文件路径" in prompts and TOOL_SECRET not in prompts


def test_compaction_of_a_non_conversation_is_a_format_error(oc, cli, tmp_path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"foo": 1}', encoding="utf-8")
    result = cli("-w", str(oc.root), "compact", str(path))
    assert result.code == 2 and "x.json" in result.err


def test_compacted_claude_transcript_is_valid_openai_input(oc, cli, tmp_path) -> None:
    """Review of issue 12, item 5: a Claude Code transcript's tool_use became text, so the
    compacted list had a `tool` message after an assistant message without tool_calls."""
    path = tmp_path / "cc.jsonl"
    path.write_text(claude_transcript(20), encoding="utf-8")
    out = cli("-w", str(oc.root), "compact", str(path), "--json", "--keep", "5", "--window", "2000")
    messages = json.loads(out.out)["messages"]
    assert json.loads(out.out)["compacted"] and any(m["role"] == "tool" for m in messages)
    for index, message in enumerate(messages):
        assert message["role"] in ("system", "user", "assistant", "tool")
        if message["role"] == "tool":  # answers a call of the assistant message before it
            caller = next(m for m in reversed(messages[:index]) if m["role"] != "tool")
            assert caller["role"] == "assistant", messages
            ids = [c["id"] for c in caller["tool_calls"]]
            assert message["tool_call_id"] in ids
        for call in message.get("tool_calls", []):
            assert call["type"] == "function" and call["function"]["name"] == "Bash"
            assert "pytest tests/" in json.loads(call["function"]["arguments"])["command"]
            assert "[calls:" not in message["content"]


def test_compaction_refuses_what_is_not_a_conversation(oc, cli, tmp_path) -> None:
    """Review of issue 12, item 5: `"hello"` was a traceback, an empty file and an unknown role
    passed as a conversation."""
    for name, text, message in (
        ("s.json", '"hello"', "s.json:1: not a conversation: this line is a JSON str"),
        ("n.json", "42", "n.json:1: not a conversation"),
        ("e.json", "", "e.json: not a conversation: the file is empty"),
        ("w.json", '[{"role": "wizard", "content": "hi"}]', "unknown role 'wizard'"),
        ("x.jsonl", '{"type": "user", "message": {"role": "user", "content": "x"}}\n[1]\n',
         "x.jsonl:2: not a conversation: this line is a JSON list"),
    ):  # fmt: skip
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        result = cli("-w", str(oc.root), "compact", str(path))
        assert result.code == 2 and message in result.err, (name, result.err)
        assert result.err.count("\n") == 1 and "Traceback" not in result.err


def test_compaction_instructions_without_an_llm_are_reported(oc, cli, tmp_path) -> None:
    """Review of issue 12, item 5: `--instructions` was silently ignored without an LLM."""
    result = cli("-w", str(oc.root), "compact", str(_chat(tmp_path)), "--window", "2000",
                 "--keep", "6", "--instructions", "保留所有端口号", "--json")  # fmt: skip
    assert result.code == 0 and json.loads(result.out)["compacted"]
    assert "--instructions are used only by the LLM summariser" in result.err


def test_memory_flush_before_compaction(oc, cli, tmp_path) -> None:
    data = json.loads(
        cli("-w", str(oc.root), "compact", str(_chat(tmp_path)), "--window", "2000", "--json").out
    )
    assert data["flushed"]
    daily = _text(oc, "memory/2026-04-17.md")
    assert "压缩前记忆刷新" in daily and TOOL_SECRET not in daily
    cli("-w", str(oc.root), "compact", str(_chat(tmp_path)), "--window", "2000", "--json")
    again = _text(oc, "memory/2026-04-17.md")
    assert again.count("## 压缩前记忆刷新") == 1  # the same section, items not repeated


def test_compaction_writes_no_file_of_its_own(oc, cli, tmp_path) -> None:
    before = tree_hashes(oc.root)
    cli("-w", str(oc.root), "compact", str(_chat(tmp_path)), "--window", "2000", "--no-flush")
    after = tree_hashes(oc.root)
    assert {k for k in after if not k.startswith(".memstrata")} == {
        k for k in before if not k.startswith(".memstrata")
    }
