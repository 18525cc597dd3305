"""Compaction (note 003) and the memory flush before it."""

from __future__ import annotations

import json

from memstrata.compaction.compact import (
    Message,
    compact,
    extractive_summary,
    flush_memories,
    llm_summarizer,
    load_conversation,
    split_point,
    units,
)
from memstrata.providers.llm import ChatClient
from tests.conftest import tree_hashes
from tests.http_fake import FakeServer

TOOL_SECRET = "TOOL-OUTPUT-DETAIL-7f3a"


def openai_conversation(rounds: int = 12) -> list[dict]:
    messages = [{"role": "system", "content": "You are a coding agent."}]
    for n in range(rounds):
        messages.append(
            {
                "role": "user",
                "content": f"第 {n} 步：请检查 src/app{n}.py 的登录超时问题，我更喜欢用 pnpm",
            }
        )
        messages.append(
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [
                    {
                        "id": f"call{n}",
                        "type": "function",
                        "function": {"name": "bash", "arguments": "{}"},
                    }
                ],
            }
        )
        messages.append(
            {
                "role": "tool",
                "tool_call_id": f"call{n}",
                "name": "bash",
                "content": f"{TOOL_SECRET} "
                + "log line " * 60
                + ("Error: ECONNREFUSED" if n % 3 == 0 else ""),
            }
        )
        messages.append(
            {
                "role": "assistant",
                "content": f"我们决定把连接池改为 {50 + n}。TODO: 更新 docs/pool{n}.md 文档。",
            }
        )
    return messages


def claude_transcript(rounds: int = 10) -> str:
    lines = []
    for n in range(rounds):
        lines.append(
            json.dumps(
                {
                    "type": "user",
                    "message": {
                        "role": "user",
                        "content": f"Please fix the flaky test in tests/test_{n}.py",
                    },
                }
            )
        )
        lines.append(
            json.dumps(
                {
                    "type": "assistant",
                    "message": {
                        "role": "assistant",
                        "content": [
                            {"type": "text", "text": "Running the test first."},
                            {
                                "type": "tool_use",
                                "id": f"tu{n}",
                                "name": "Bash",
                                "input": {"command": f"pytest tests/test_{n}.py"},
                            },
                        ],
                    },
                }
            )
        )
        lines.append(
            json.dumps(
                {
                    "type": "user",
                    "message": {
                        "role": "user",
                        "content": [
                            {
                                "type": "tool_result",
                                "tool_use_id": f"tu{n}",
                                "content": f"{TOOL_SECRET} " + "FAILED " * 80,
                            }
                        ],
                    },
                }
            )
        )
        lines.append(
            json.dumps(
                {
                    "type": "assistant",
                    "message": {
                        "role": "assistant",
                        "content": [
                            {
                                "type": "text",
                                "text": f"We decided to switch to pytest-rerunfailures for test_{n}. TODO: remove the retry in CI.",
                            }
                        ],
                    },
                }
            )
        )
    return "\n".join(lines) + "\n"


class RecordingSummarizer:
    def __init__(self) -> None:
        self.seen: list[str] = []

    def __call__(self, previous: str, chunk: list[Message]) -> str:
        self.seen.append("\n".join(m.text for m in chunk))
        return (previous + "\n" if previous else "") + f"- summarised {len(chunk)} messages"


def test_pairs_never_split_and_formats_parse() -> None:
    for messages in (
        load_conversation(json.dumps(openai_conversation())),
        load_conversation(claude_transcript()),
    ):
        for keep in range(1, 15):
            start = split_point(messages, keep)
            assert messages[start].role != "tool"
            called = {c for m in messages[:start] for c in m.tool_calls}
            assert all(m.result_of not in called for m in messages[start:] if m.role == "tool")
        for unit in units(messages):
            calls = {c for m in unit for c in m.tool_calls}
            assert all(m.result_of in calls for m in unit if m.role == "tool")


def test_tool_details_never_reach_the_summariser() -> None:
    for text in (json.dumps(openai_conversation()), claude_transcript()):
        messages = load_conversation(text)
        recorder = RecordingSummarizer()
        result = compact(messages, window=2000, keep=6, chunk_tokens=500, summarizer=recorder)
        assert result.compacted and recorder.seen and result.tokens_after < result.tokens_before
        assert all(TOOL_SECRET not in seen for seen in recorder.seen)
        assert any("[tool result: " in seen for seen in recorder.seen)
        summary = next(m for m in result.messages if "summary of earlier messages" in m.text)
        assert summary.role == "system" and "summarised" in summary.text
        if messages[0].role == "system":  # the original system prompt stays first, verbatim
            assert result.messages[0].raw == messages[0].raw
        assert result.messages[-1].raw == messages[-1].raw  # recent messages kept verbatim


def test_llm_summary_over_http_and_fallback_on_failure() -> None:
    messages = load_conversation(json.dumps(openai_conversation()))
    good = json.dumps({"summary": "用户在修登录超时；连接池已改为更大的值。"}, ensure_ascii=False)
    with FakeServer(
        lambda body, n: (200, {"choices": [{"message": {"content": good}}]}, 0)
    ) as server:
        result = compact(
            messages,
            window=2000,
            keep=6,
            chunk_tokens=800,
            summarizer=llm_summarizer(ChatClient(server.url, "qwen2.5", timeout=2)),
        )
    assert result.summary == "用户在修登录超时；连接池已改为更大的值。" and result.warnings == []
    assert all(TOOL_SECRET not in json.dumps(call) for call in server.calls)
    with FakeServer(
        lambda body, n: (200, {"choices": [{"message": {"content": "{}"}}]}, 1.0)
    ) as server:
        slow = compact(
            messages,
            window=2000,
            keep=6,
            chunk_tokens=800,
            summarizer=llm_summarizer(ChatClient(server.url, "qwen2.5", timeout=0.2)),
        )
    assert slow.warnings and "extractive" in slow.warnings[0]
    assert "unavailable" not in slow.summary.lower() and "src/app0.py" in slow.summary


def test_extractive_summary_keeps_what_matters() -> None:
    messages = load_conversation(json.dumps(openai_conversation(4)))
    summary = extractive_summary("", messages)
    assert "用户要求 / user asked: 第 0 步：请检查 src/app0.py 的登录超时问题" in summary
    assert "决定 / decision: 我们决定把连接池改为 50。" in summary
    assert "待办 / todo: TODO: 更新 docs/pool0.md 文档。" in summary
    assert TOOL_SECRET not in summary
    assert extractive_summary(summary, messages) == summary  # merging the same chunk adds nothing


def test_no_compaction_under_threshold() -> None:
    messages = load_conversation(json.dumps(openai_conversation(1)))
    result = compact(messages, window=100_000)
    assert not result.compacted and result.messages == messages


def test_flush_is_append_only_and_idempotent_across_cycles(ws) -> None:
    messages = load_conversation(json.dumps(openai_conversation()))
    protected = {
        p: h
        for p, h in tree_hashes(ws.root).items()
        if p in ("MEMORY.md", "SOUL.md", "AGENTS.md", "USER.md")
    }
    first = flush_memories(ws.writer(), messages[: split_point(messages, 6)])
    assert any(item.startswith("[preference]") for item in first) and any(
        item.startswith("[decision]") for item in first
    )
    daily = ws.root / ws.daily_path(ws.today())
    after_first = daily.read_text(encoding="utf-8")
    assert after_first.count("## 压缩前记忆刷新") == 1 and TOOL_SECRET not in after_first
    messages += load_conversation(json.dumps(openai_conversation(14)[-8:]))
    second = flush_memories(ws.writer(), messages[: split_point(messages, 6)])
    after_second = daily.read_text(encoding="utf-8")
    assert after_second.startswith(after_first)  # append-only
    assert all(item not in first for item in second)
    assert all(
        after_second.count(line) == 1 for line in after_first.splitlines() if line.startswith("- [")
    )
    assert flush_memories(ws.writer(), messages[: split_point(messages, 6)]) == []  # nothing new
    assert {p: h for p, h in tree_hashes(ws.root).items() if p in protected} == protected


def test_cli_compact(ws, cli, tmp_path) -> None:
    path = tmp_path / "chat.json"
    path.write_text(json.dumps(openai_conversation(), ensure_ascii=False), encoding="utf-8")
    data = json.loads(
        cli(
            "-w", str(ws.root), "compact", str(path), "--window", "2000", "--keep", "6", "--json"
        ).out
    )
    assert data["compacted"] and data["flushed"] and data["messages"][0]["role"] == "system"
    assert data["tokens_after"] < data["tokens_before"]
    small = cli("-w", str(ws.root), "compact", str(path), "--window", "1000000")
    assert small.out.startswith("No compaction needed")
    transcript = tmp_path / "t.jsonl"
    transcript.write_text(
        '{"type": "user", "message": {"role": "user", "content": "x"}}\nnot json\n',
        encoding="utf-8",
    )
    bad = cli("-w", str(ws.root), "compact", str(transcript))
    assert bad.code == 2 and "t.jsonl:2: not a conversation: this line is not JSON" in bad.err
