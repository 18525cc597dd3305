"""The optional LLM refinement through real HTTP against a local server: good answers are used,
malformed, slow, failing or schema-breaking answers fall back to the rules with a warning."""

from __future__ import annotations

import json

import pytest

from memstrata.capture.record import record_signals
from memstrata.core.workspace import Workspace
from memstrata.providers.llm import LLMError, validate
from tests.http_fake import FakeServer

TEXT = "不对，应该用 pnpm。我更喜欢简短的回答"


def _chat(content: str) -> dict:
    return {"choices": [{"message": {"role": "assistant", "content": content}}]}


def _configure(ws, url: str, timeout: float = 2.0) -> Workspace:
    config = ws.root / "memstrata.toml"
    config.write_text(
        config.read_text()
        + f'\n[llm]\nbase_url = "{url}"\nmodel = "qwen2.5"\ntimeout = {timeout}\n'
    )
    return Workspace.open(ws.root)


def test_good_answer_refines_but_cannot_add(ws) -> None:
    answer = {
        "signals": [
            {
                "index": 0,
                "keep": True,
                "brief": "用 pnpm 不用 npm",
                "detail": "用户纠正：本项目用 pnpm 安装",
            },
            {"index": 1, "keep": False},
        ]
    }
    with FakeServer(
        lambda body, n: (200, _chat(json.dumps(answer, ensure_ascii=False)), 0)
    ) as server:
        report = record_signals(_configure(ws, server.url).writer(), TEXT, dry_run=True)
    assert [(s.kind, s.brief) for s in report.signals] == [("correction", "用 pnpm 不用 npm")]
    assert report.warnings == []
    sent = server.calls[0]
    assert sent["path"] == "/v1/chat/completions" and sent["model"] == "qwen2.5"
    assert "preference" in sent["messages"][1]["content"]


def test_fenced_json_is_accepted(ws) -> None:
    fenced = (
        "```json\n"
        + json.dumps({"signals": [{"index": 0, "keep": True}, {"index": 1, "keep": True}]})
        + "\n```"
    )
    with FakeServer(lambda body, n: (200, _chat(fenced), 0)) as server:
        report = record_signals(_configure(ws, server.url).writer(), TEXT, dry_run=True)
    assert len(report.signals) == 2 and report.warnings == []


@pytest.mark.parametrize(
    ("status", "content", "delay", "why"),
    [
        (200, "sure! here you go: {signals: nope", 0, "not the expected JSON"),
        (
            200,
            json.dumps({"signals": [{"index": 0, "keep": True, "brief": "x" * 40}]}),
            0,
            "longer than 20",
        ),
        (200, json.dumps({"signals": [{"index": 7, "keep": False}]}), 0, "does not exist"),
        (200, json.dumps({"verdicts": []}), 0, "missing 'signals'"),
        (500, "overloaded", 0, "HTTP 500"),
        (200, json.dumps({"signals": []}), 3.0, "ReadTimeout"),
    ],
)
def test_bad_answers_fall_back_to_rules(ws, status, content, delay, why) -> None:
    payload = _chat(content) if status == 200 else content
    with FakeServer(lambda body, n: (status, payload, delay)) as server:
        fresh = _configure(ws, server.url, timeout=0.5)
        report = record_signals(fresh.writer(), TEXT)
    assert [s.kind for s in report.signals] == ["correction", "preference"]  # the rules' answer
    assert report.warnings and why in report.warnings[0]
    assert why in (fresh.state_dir / "llm.log").read_text(encoding="utf-8")
    assert report.recorded == 2


def test_validator() -> None:
    schema = {
        "type": "object",
        "required": ["a"],
        "properties": {"a": {"type": "integer", "maximum": 3}},
    }
    validate({"a": 2}, schema)
    for bad in ({}, {"a": "2"}, {"a": True}, {"a": 9}, []):
        with pytest.raises(LLMError):
            validate(bad, schema)


def test_hooks_hot_path_never_calls_the_llm(ws) -> None:
    answer = json.dumps({"signals": [{"index": 0, "keep": True}, {"index": 1, "keep": True}]})
    with FakeServer(lambda body, n: (200, _chat(answer), 0)) as server:
        fresh = _configure(ws, server.url)
        hot = record_signals(fresh.writer(), TEXT, source="hook", hot_path=True, tool_output=False)
        assert server.calls == [] and [s.kind for s in hot.signals] == ["correction", "preference"]
        record_signals(fresh.writer(), TEXT)  # the same text outside a hook is reviewed
        assert len(server.calls) == 1
