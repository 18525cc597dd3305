"""Issue 9 items 9-12: faults and bad input get one clear line, never a traceback; hooks never
block; a damaged derived index heals itself; one bad queue line stops nothing."""

from __future__ import annotations

import asyncio
import io
import json
import os
import subprocess
import sys

import pytest

from memstrata.capture.record import record_signals
from memstrata.core.permissions import Session
from memstrata.entries.journal import log
from memstrata.entries.remember import remember
from memstrata.recall.store import INDEX_NAME
from tests.conftest import run_process


def _one_line_error(result, *fragments: str) -> None:
    assert result.code == 2, result
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("memstrata: error: "), result.err
    assert "Traceback" not in result.err
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])


def _damage(path, how: str) -> None:
    data = path.read_bytes()
    if how == "random":
        path.write_bytes(os.urandom(len(data)))
    elif how == "zeroed_header":
        path.write_bytes(b"\0" * 100 + data[100:])
    elif how == "truncated":
        path.write_bytes(data[: len(data) // 3])
    else:  # damaged pages: overwrite the middle pages, keep the header
        page = 4096
        middle = bytearray(data)
        for start in range(page, len(data) - page, page * 2):
            middle[start : start + page] = os.urandom(page)
        path.write_bytes(bytes(middle))


@pytest.mark.parametrize("how", ["random", "zeroed_header", "truncated", "damaged_pages"])
def test_damaged_index_is_set_aside_and_rebuilt(ws, cli, how) -> None:
    for n in range(40):
        log(ws.writer(), f"第 {n} 次部署网关，端口 84{n:02d}")
    remember(ws.writer(), "记住：网关端口是 8443")
    assert cli("-w", str(ws.root), "index", "--json").code == 0
    index = ws.state_dir / INDEX_NAME
    _damage(index, how)
    result = cli("-w", str(ws.root), "search", "网关端口", "--json")
    assert result.code == 0, result
    assert json.loads(result.out)["results"], "rebuilt from the files"
    assert "Traceback" not in result.err
    if how != "damaged_pages":  # page damage may lie where this query never reads
        assert result.err.count("index was damaged") == 1, result.err
        assert (ws.state_dir / f"{INDEX_NAME}.damaged").exists()
    for command in (["index", "--json"], ["doctor", "--fix", "--json"], ["doctor", "--json"]):
        _damage(index, how)
        result = cli("-w", str(ws.root), *command)
        assert "Traceback" not in result.err and result.code in (0, 1), (command, result)
        json.loads(result.out)
    assert len(list(ws.state_dir.glob(f"{INDEX_NAME}.damaged*"))) <= 1  # no pile of copies


def test_mcp_search_on_a_damaged_index_answers_with_a_warning(ws) -> None:
    from memstrata.adapters.mcp.server import build_server
    from memstrata.recall.search import search

    remember(ws.writer(), "记住：网关端口是 8443")
    search(ws, "网关")
    _damage(ws.state_dir / INDEX_NAME, "random")
    server = build_server(str(ws.root), Session())
    result = asyncio.run(server.call_tool("memory_search", {"query": "网关端口"}))
    text = json.dumps(result, ensure_ascii=False, default=str)
    assert "8443" in text and "damaged" in text


@pytest.mark.parametrize("event", ["unknown-event", "", "UserPromptSubmit", "stop;rm -rf /"])
def test_hook_with_an_unknown_event_exits_zero(ws, event) -> None:
    result = run_process("-w", str(ws.root), "hook", event)
    assert result.returncode == 0, result


@pytest.mark.parametrize(
    "payload",
    [
        b'{"a":' + b"[" * 5000 + b"]" * 5000 + b"}",  # RecursionError while decoding
        b"[" * 100_000,
        b"\xff\xfe\x00 not utf-8",
    ],
    ids=["deep", "deeper-unclosed", "not-utf8"],
)
@pytest.mark.parametrize(
    "args", [("hook", "stop"), ("hook", "user-prompt-submit"), ("hook", "stop", "x")]
)
def test_hook_process_exits_zero_on_payloads_that_break_the_forwarding_path(ws, args, payload):
    """Review of issue 9, item 6: with no -w the service lookup parsed the payload for its cwd
    and caught only ValueError; a deeply nested payload raised RecursionError and exit 1."""
    env = {**os.environ, "MEMSTRATA_NOW": "2026-04-17T10:30:00"}
    env.pop("MEMSTRATA_WORKSPACE", None)
    env.pop("MEMSTRATA_NO_SERVICE", None)
    exe = os.path.join(os.path.dirname(sys.executable), "memstrata")
    result = subprocess.run(
        [exe, *args], cwd=ws.root, env=env, input=payload, capture_output=True, timeout=60
    )
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")[-500:]
    assert b"Traceback" not in result.stderr


@pytest.mark.parametrize(
    "payload",
    ["", "not json", "[1,2]", '{"prompt": 5}', '{"prompt": "' + "长" * 50000 + '"}', "\x00\x01"],
)
@pytest.mark.parametrize("event", ["session-start", "user-prompt-submit", "pre-compact", "stop"])
def test_hooks_exit_zero_whatever_they_get(ws, event, payload, monkeypatch) -> None:
    from memstrata.adapters.hooks import run_hook

    monkeypatch.setattr(sys, "stdin", io.StringIO(payload))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert run_hook(event, str(ws.root)) == 0
    if out.getvalue():
        json.loads(out.getvalue())  # empty or valid JSON, never a half answer


def test_session_start_reads_only_the_end_of_a_huge_daily_log(ws, monkeypatch) -> None:
    from memstrata.context.bootstrap import build_context

    path = ws.root / ws.daily_path(ws.today())
    section = "## [coder] 部署\n**时间**: 10:00\n\n### 完成内容\n- 发布了 v{n}\n\n"
    body = "".join(section.format(n=n) for n in range(200_000))  # ~ 8 MB
    path.write_text(f"# [{ws.today().isoformat()}]\n\n" + body, encoding="utf-8")
    real = type(ws).read_lines

    def guarded(self, rel, **how):
        assert not rel.endswith(f"{ws.today().isoformat()}.md"), "read the whole huge log"
        return real(self, rel, **how)

    monkeypatch.setattr(type(ws), "read_lines", guarded)
    result = build_context(ws, Session(), budget=2000)
    assert "v199999" in result.text
    last = len(body.splitlines()) + 2
    assert f":L{last - 5}-L{last - 1}" in result.text or f"L{last - 5}" in result.text


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["search", "x", "-k", "99999999999999999999"], ["-k must be between"]),
        (["compact", "CHAT", "--window", "-5", "--keep", "-3"], ["--window must be between"]),
        (["search", "x", "--since", "2026-13-45"], ["--since", "not a date"]),
        (["search", "x", "--until", "2026-02-30"], ["--until", "not a date"]),
        (["search", "x", "--role", "nonsense"], ["unknown role 'nonsense'"]),
        (["get", "MEMORY.md:999999999999"], ["outside the file"]),
        (["get", "MEMORY.md:5-2"], ["outside the file"]),
        (["log", "x", "--date", "2026-02-30"], ["--date", "not a date"]),
        (["context", "--budget", "0"], ["--budget must be between"]),
    ],
)
def test_bad_arguments_give_one_line(ws, cli, tmp_path, args, fragments) -> None:
    chat = tmp_path / "chat.json"
    chat.write_text("[]", encoding="utf-8")
    args = [str(chat) if a == "CHAT" else a for a in args]
    _one_line_error(cli("-w", str(ws.root), *args), *fragments)


def test_mcp_port_out_of_range_is_a_usage_error(ws, cli) -> None:
    result = cli("-w", str(ws.root), "mcp", "--transport", "http", "--port", "99999")
    assert result.code == 2 and "Traceback" not in result.err and "99999" in result.err


def test_compact_of_something_that_is_not_a_conversation(ws, cli, tmp_path) -> None:
    for text in ('{"foo":1}', '{"messages": 3}', "just some words", "[1, 2, 3]"):
        chat = tmp_path / "c.json"
        chat.write_text(text, encoding="utf-8")
        _one_line_error(cli("-w", str(ws.root), "compact", str(chat)), "not a conversation")


def test_mcp_errors_carry_a_message(ws) -> None:
    from memstrata.adapters.mcp.server import build_server

    server = build_server(str(ws.root), Session())
    for args in ({"ref": "MEMORY.md:" + "9" * 40}, {"ref": "x" * 5000}, {"ref": "MEMORY.md:9-2"}):
        with pytest.raises(Exception) as error:
            asyncio.run(server.call_tool("memory_get", args))
        message = str(error.value).split(":", 1)[-1].strip()
        words = ("outside the file", "no such file", "at most 4096 characters")
        assert any(w in message for w in words), message


@pytest.mark.parametrize("markup", ["[/]", "[red]危险[/red]", "[bold", "[link=x]y[/link]"])
def test_memory_text_is_printed_as_written_never_as_markup(ws, cli, markup) -> None:
    remember(ws.writer(), f"记住：网关配置 {markup} 要小心")
    log(ws.writer(Session("main", "coder")), f"改了网关 {markup}")
    for args in (["search", "网关", "--plain"], ["search", "网关"], ["status"]):
        result = cli("-w", str(ws.root), *args)
        assert result.code == 0 and "Traceback" not in result.err, result
        if args[0] == "search":
            assert markup in result.out and "[coder]" in result.out


def test_one_bad_pending_line_stops_nothing_and_is_kept(ws, cli) -> None:
    for n in range(5):
        record_signals(ws.writer(), f"我更喜欢第 {n} 种写法")
    pending = ws.root / ws.role_path("pending")
    with open(pending, "a", encoding="utf-8") as fh:
        fh.write('{"signal": "preference", "brief": "坏了\n')
    for args in (["status", "--json"], ["heartbeat", "--force", "--json"], ["consolidate"]):
        result = cli("-w", str(ws.root), *args)
        assert result.code == 0, (args, result)
    assert '"brief": "坏了' in pending.read_text(encoding="utf-8")


LONG_OR_NUL = ["x" * 300, "a/" + "é" * 200 + ".md", "memory/a\x00b.md", "MEMORY.md\x00:3"]


@pytest.mark.parametrize("ref", LONG_OR_NUL, ids=["long", "long-utf8", "nul", "nul-lines"])
def test_long_or_nul_paths_get_one_line_everywhere(ws, cli, ref) -> None:
    """Review of issue 9, item 7: ``get``/``cite`` of a 300-character name were an OSError
    traceback (exit 1); MCP answered "Error executing tool" with no reason; the review page's
    /file?path=a%00b was HTTP 500."""
    from urllib.parse import quote

    from memstrata.adapters.mcp.server import build_server
    from tests.review_client import review_client

    for command in ("get", "cite"):
        result = cli("-w", str(ws.root), command, ref)
        _one_line_error(result, "path")
        assert ("NUL" in result.err) == ("\x00" in ref)
    server = build_server(str(ws.root), Session())
    for tool in ("memory_get", "memory_cite"):
        with pytest.raises(Exception) as error:
            asyncio.run(server.call_tool(tool, {"ref": ref}))
        message = str(error.value)
        assert "NUL character" in message or "path too long" in message, message
    page = review_client(ws).get(f"/file?path={quote(ref)}")
    assert page.status_code == 400
    assert "NUL character" in page.text or "path too long" in page.text


def test_knowledge_topic_is_bounded_and_one_failing_approval_blocks_nothing(
    make_ws, cli, monkeypatch
) -> None:
    """Review of issue 9, item 4b: a 260-character topic was queued; approving it raised
    OSError (File name too long, exit 1) and, being one transaction with the others, blocked
    every open proposal; the review page's approve answered HTTP 500."""
    from memstrata.evolve import curated
    from memstrata.evolve.proposals import load_state, proposals_from_state
    from tests.review_client import review_client

    ws = make_ws("three-tier")
    root = str(ws.root)
    long_topic = "a" * 260
    refused = cli("-w", root, "--session", "shared", "knowledge", "dom", long_topic, "--point", "p")
    _one_line_error(refused, "too long")
    assert not proposals_from_state(load_state(ws))
    # A proposal queued before the bound existed (or whose file cannot be written) ...
    monkeypatch.setattr(curated, "knowledge_name", lambda d, t: f"{d}-{long_topic}.md")
    curated.propose_knowledge(ws.writer(), "dom", long_topic, points=["p"])
    monkeypatch.undo()
    curated.propose_rule(ws.writer(), "回答之前先核对事实")
    curated.propose_knowledge(ws.writer(), "ops", "deploy", points=["先跑迁移"])
    result = cli("-w", root, "approve", "全部")
    assert result.code == 2 and "Traceback" not in result.err
    assert "[1] not applied" in result.err and "too long" in result.err
    assert "[2]" in result.out and "[3]" in result.out  # ... the others are applied
    assert (ws.root / "04-knowledge" / "ops-deploy.md").is_file()
    assert "回答之前先核对事实" in "".join(
        (ws.root / "03-rules").joinpath(name).read_text("utf-8")
        for name in sorted(p.name for p in (ws.root / "03-rules").iterdir())
    )
    left = proposals_from_state(load_state(ws))
    assert [p.kind for p in left] == ["knowledge"]  # still open, for a skip or a fix
    page = review_client(ws).post(f"/proposals/{left[0].number}/approve", data={})
    assert page.status_code == 303 and "err=" in page.headers["location"]
    assert "too+long" in page.headers["location"] or "too%20long" in page.headers["location"]


def test_a_proposal_failing_half_way_leaves_nothing_of_itself(make_ws, monkeypatch) -> None:
    """The failing approval's own writes are rolled back (its knowledge file was staged before
    INDEX.md failed); the approvals before and after it are written."""
    from memstrata.errors import MemstrataError
    from memstrata.evolve import curated
    from memstrata.evolve.approve import approve

    ws = make_ws("three-tier")
    curated.propose_rule(ws.writer(), "回答之前先核对事实")
    curated.propose_knowledge(ws.writer(), "ops", "deploy", points=["先跑迁移"])
    curated.propose_knowledge(ws.writer(), "ops", "backup", points=["每天备份"])
    real = curated._list_in_index

    def index_fails_for_deploy(writer, path, title):
        if "deploy" in path:
            raise MemstrataError("INDEX.md does not parse", "INDEX.md")
        real(writer, path, title)

    monkeypatch.setattr(curated, "_list_in_index", index_fails_for_deploy)
    result = approve(ws.writer(), "全部")
    assert [item["number"] for item in result.applied] == [1, 3]
    assert result.failed == [{"number": 2, "error": "INDEX.md: INDEX.md does not parse"}]
    assert not (ws.root / "04-knowledge" / "ops-deploy.md").exists()
    assert (ws.root / "04-knowledge" / "ops-backup.md").is_file()
    index = (ws.root / "INDEX.md").read_text("utf-8")
    assert "ops-backup.md" in index and "ops-deploy.md" not in index


BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def test_bidi_override_characters_are_dropped_on_write(ws, cli) -> None:
    """Review of issue 9 (low): U+202E (right-to-left override) was kept in written files, so
    an editor or terminal showed the line in another order than it was stored."""
    from memstrata.text.normalize import normalize

    said = "记住：部署用 \u202egnp.exe\u202c 和 \u2066pnpm\u2069 שלום"
    root = str(ws.root)
    assert cli("-w", root, "remember", said).code == 0
    assert cli("-w", root, "log", said, "--agent", "coder").code == 0
    assert cli("-w", root, "lesson", said, "--fix", said).code == 0
    assert cli("-w", root, "signal", "不对，应该用 \u202epnpm").code == 0
    written = "".join(
        p.read_text("utf-8")
        for p in ws.root.rglob("*")
        if p.is_file() and p.suffix in (".md", ".jsonl")
    )
    assert "gnp.exe" in written and "שלום" in written  # the text stays, right-to-left included
    assert not any(ch in written for ch in BIDI)
    assert normalize("a" + BIDI + "b") == "ab"


def test_dictionary_cache_is_keyed_by_content_and_old_ones_are_removed(
    tmp_path, monkeypatch
) -> None:
    """Review of issue 9 (low): the CC-CEDICT cache was named by the dictionary file's size and
    mtime, so every virtual environment made another 5.6 MB file and none was ever removed."""
    from memstrata.recall import translate

    cache = tmp_path / "cache" / "memstrata"
    cache.mkdir(parents=True)
    for old in ("cedict-9238915-1796069344.sqlite", "cedict-9238915-1796077596.sqlite"):
        (cache / old).write_bytes(b"old")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    lines = "回滚 回滚 [hui2 gun3] /to roll back/rollback/\n端口 端口 [duan1 kou3] /port/\n"
    venvs = []
    for n in range(2):  # two installs of the same package: same bytes, different mtimes
        source = tmp_path / f"venv{n}" / "cedict.txt"
        source.parent.mkdir()
        source.write_text(lines, encoding="utf-8")
        os.utime(source, (1_700_000_000 + n * 1000, 1_700_000_000 + n * 1000))
        venvs.append(source)

    def build_for(source):
        monkeypatch.setattr(translate, "_data_file", lambda: source)
        translate._dictionary.cache_clear()
        assert translate._dictionary() is not None
        return sorted(p.name for p in cache.glob("cedict-*.sqlite"))

    try:
        first = build_for(venvs[0])
        assert len(first) == 1 and first == build_for(venvs[1])  # shared, old ones gone
        venvs[1].write_text(lines + "心跳 心跳 [xin1 tiao4] /heartbeat/\n", encoding="utf-8")
        changed = build_for(venvs[1])
        assert len(changed) == 1 and changed != first  # a new dictionary replaces the cache
    finally:
        translate._dictionary.cache_clear()
