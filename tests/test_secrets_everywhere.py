"""Issue 9 item 8: every secret kind of tests/secrets_corpus.py, through every write path, then
the whole workspace (Markdown, queues, .memstrata/ with the index, hooks.log, citation
buffers, proposals) is searched byte by byte for any 12-character piece of the secret.

Text is also placed so that the cuts made on the way (hook tool input at 200 characters, signal
evidence at 300, pending detail at 100, brief at 20) fall inside the key: redaction must happen
before any cut, or half a key survives.
"""

from __future__ import annotations

import asyncio
import io
import json
import sys
from pathlib import Path

import pytest

from memstrata.capture.record import record_signals
from memstrata.compaction.compact import compact_file
from memstrata.core.workspace import Workspace
from memstrata.entries.journal import infra, lesson, log, project
from memstrata.entries.remember import remember
from memstrata.evolve.heartbeat import heartbeat
from memstrata.evolve.skills import draft
from memstrata.maintain import citations
from memstrata.providers.embedders import HashEmbedder
from memstrata.recall.index import open_index
from tests.secrets_corpus import CORPUS

CUTS = (20, 100, 200, 300)


def _pieces(core: str, size: int = 12) -> list[bytes]:
    if len(core) <= size:
        return [core.encode()]
    return [core[i : i + size].encode() for i in range(0, len(core) - size + 1, 3)]


def _hook(event: str, payload: dict, root: Path, monkeypatch) -> None:
    from memstrata.adapters.hooks import run_hook

    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(payload)))
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert run_hook(event, str(root)) == 0


def _openclaw(event: str, payload: dict, root: Path, monkeypatch) -> None:
    from memstrata.adapters.openclaw_hook import run

    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(payload)))
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert run(event, str(root)) == 0


async def _mcp(root: Path, text: str) -> None:
    from memstrata.adapters.mcp.server import build_server
    from memstrata.core.permissions import Session

    server = build_server(str(root), Session())
    await server.call_tool("memory_write", {"kind": "log", "text": text})
    await server.call_tool(
        "memory_write", {"kind": "infra", "text": "redis", "facts": {"password": text}}
    )
    await server.call_tool("memory_write", {"kind": "lesson", "text": "坑", "fix": text})
    await server.call_tool("memory_signal", {"text": f"记住：{text}"})
    await server.call_tool("memory_remember", {"text": f"记住：{text}"})
    await server.call_tool("memory_cite", {"ref": "USER.md:L1", "context": text})


def _write_everywhere(ws: Workspace, text: str, monkeypatch, chat: Path) -> None:
    writer = ws.writer()
    remember(writer, f"记住：部署用 {text}")
    log(writer, f"部署完成 {text}")
    lesson(writer, f"踩坑 {text}", symptom=text, fix=text)
    project(writer, "网关", progress=text)
    infra(writer, "db-prod", {"note": text})
    # A fact whose key names a secret is one whole, whatever the value looks like.
    infra(writer, "db-prod", {"password": text, "密码": text, "api_key": text})
    for cut in CUTS:  # the secret straddles each cut
        pad = "x" * max(cut - 8, 0)
        record_signals(writer, f"不对，应该用 {pad}{text}")
        record_signals(writer, f"Error: failed\nbash: {pad}{text}", source="hook")
        _hook(
            "post-tool-use-failure",
            {"tool_name": "Bash", "tool_input": {"command": pad + text}, "error": pad + text},
            ws.root,
            monkeypatch,
        )
    citations.cite(writer, "USER.md:L1", text, "s1")
    citations.flush(writer, "s1")
    _hook(
        "user-prompt-submit", {"prompt": f"记住：{text}", "session_id": "s"}, ws.root, monkeypatch
    )
    _hook("user-prompt-submit", {"prompt": ["not", "a", "string", text]}, ws.root, monkeypatch)
    _openclaw("message", {"session": "main", "text": f"不对，用 {text}"}, ws.root, monkeypatch)
    _openclaw(
        "tool-error",
        {"session": "main", "tool": "exec", "params": {"cmd": text}, "error": text},
        ws.root,
        monkeypatch,
    )
    asyncio.run(_mcp(ws.root, text))
    chat.write_text(
        json.dumps(
            [{"role": "user", "content": f"我们决定用 {text} 部署"}]
            + [{"role": "assistant", "content": "好的" * 200}] * 12
        ),
        encoding="utf-8",
    )
    compact_file(chat.read_text(encoding="utf-8"), str(chat), writer, 400, 2, 0.1)


@pytest.mark.parametrize("kinds", [sorted(CORPUS)[i::4] for i in range(4)], ids=lambda k: k[0])
def test_no_piece_of_any_secret_survives_anywhere(kinds, make_ws, monkeypatch, tmp_path) -> None:
    ws = make_ws()
    for kind in kinds:
        _write_everywhere(ws, CORPUS[kind][0], monkeypatch, tmp_path / "chat.json")
    draft(ws.writer(), "deploy", [f"export {CORPUS[k][0]}" for k in kinds[:3]] + ["restart"])
    heartbeat(ws.writer(), force=True)
    open_index(ws, HashEmbedder()).sync()
    blobs = {
        path.relative_to(ws.root).as_posix(): path.read_bytes()
        for path in ws.root.rglob("*")
        if path.is_file()
    }
    assert any(name.endswith("index.sqlite") for name in blobs)
    assert any(name.endswith("hooks.log") for name in blobs)
    for kind in kinds:
        for piece in _pieces(CORPUS[kind][1]):
            for name, data in blobs.items():
                assert piece not in data, (kind, name, piece)


def test_workflow_steps_never_keep_part_of_a_key(make_ws, monkeypatch) -> None:
    """Review of issue 9, item 3: PostToolUse cut the tool name at 60 characters and a file's
    extension at 10, then redacted: ``xxxx…ghp_Zq8vN3kLm2Pw9Xr4`` and ``Read .AKIAQWERTY`` were
    stored in the turn file and, after Stop, in the workflow history."""
    ws = make_ws()
    for text, _core in CORPUS.values():
        for pad in ("", "x" * 40, "x" * 55):
            payload = {"session_id": "s1", "tool_name": pad + text, "tool_input": {}}
            _hook("post-tool-use", payload, ws.root, monkeypatch)
        for path in (f"/a/b.{text}", f"/a/b.{text.split()[-1]}"):
            tool_input = {"file_path": path}
            payload = {"session_id": "s1", "tool_name": "Read", "tool_input": tool_input}
            _hook("post-tool-use", payload, ws.root, monkeypatch)
    turn = (ws.state_dir / "workflows" / "turn-s1.jsonl").read_bytes()
    _hook("stop", {"session_id": "s1"}, ws.root, monkeypatch)
    history = (ws.state_dir / "workflows" / "history.jsonl").read_bytes()
    for kind, (_text, core) in CORPUS.items():
        for piece in _pieces(core, 8):
            assert piece not in turn + history, (kind, piece)
    assert b'"Read"' in turn and b'"tool"' in turn  # the steps are still recorded


def test_a_pattern_request_is_redacted_before_its_detail_is_cut(make_ws) -> None:
    """Review of issue 9, item 3 (the same rule elsewhere): "这个经验记一下" in a layout without
    patterns cut what was said at 100 characters, then redacted it."""
    from memstrata.evolve.triggers import handle

    ws = make_ws("memory-manager")
    for kind, (text, core) in sorted(CORPUS.items())[:20]:
        for pad in ("x" * 70, "x" * 80, "x" * 88):
            handle(ws.writer(), f"这个经验记一下：{pad}{text}")
        blobs = b"".join(p.read_bytes() for p in ws.root.rglob("*") if p.is_file())
        for piece in _pieces(core):
            assert piece not in blobs, (kind, piece)


@pytest.mark.parametrize(
    "said",
    [
        "the password is required",
        "the token is expired, log in again",
        "your password is too short",
        "Passwords are hashed with bcrypt",
        "the token is 4096 long",
        "密码是否正确要先检查",
    ],
)
def test_prose_about_passwords_without_one_is_kept(said) -> None:
    """The prose forms of item 2 ("my password is X") hide only a value that looks like one."""
    from memstrata.core.redact import redact

    assert redact(said) == said
