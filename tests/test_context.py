"""Token estimates, the session bootstrap context within budgets, and pre-task warnings."""

from __future__ import annotations

import pytest

from memstrata.context.bootstrap import build_context
from memstrata.context.warnings import task_warnings
from memstrata.core.permissions import Session
from memstrata.entries.journal import lesson, log
from memstrata.entries.remember import remember, write_pattern
from memstrata.text.token_estimate import count_tokens

# Hand-counted: one token per Chinese character or full-width mark; English counted word by
# word and punctuation by punctuation, as BPE tokenizers split such plain text.
SAMPLES = [
    ("提供商名不要用千问", 9),
    ("部署前必须先跑测试。", 10),
    ("The staging database listens on port 5433.", 10),
    ("Always run the linter before committing.", 7),
    ("用 pnpm install 安装依赖", 7),
]


@pytest.mark.parametrize(("text", "hand"), SAMPLES)
def test_token_estimates_against_hand_counts(text: str, hand: int) -> None:
    """Exact for Chinese; for English the 4-characters rule errs high (never low), which is the
    safe side for a budget: at most 1.5x the hand count."""
    estimate = count_tokens(text)
    if all("\u4e00" <= ch <= "\u9fff" or ch in "。" for ch in text):
        assert estimate == hand
    else:
        assert hand <= estimate <= 1.5 * hand


def test_chinese_is_not_undercounted() -> None:
    zh = "记住以后回复都用中文并且先给结论再给理由" * 10
    assert count_tokens(zh) == len(zh)
    assert count_tokens("x" * 400) == 100


@pytest.fixture
def rich_ws(ws):
    remember(ws.writer(), "记住：提供商名永远不要用 qwen，会触发插件劫持")
    remember(ws.writer(), "记住：部署前必须先跑测试")
    for n in range(12):
        remember(ws.writer(), f"记住：我喜欢的编辑器配置第{n}条 private-user-{n}", role="user")
        remember(
            ws.writer(),
            f"remember: staging host {n} is db{n}.internal private-memory-{n}",
            role="long_term",
        )
    (ws.root / "memory" / "infra.md").write_text(
        "# Infra\n\n## 服务器\n- private-infra 10.0.0.1\n", encoding="utf-8"
    )
    log(ws.writer(), "今天修好了网关端口配置")
    write_pattern(ws.writer(), "Ollama 默认端口 11434，embedding 用 nomic-embed-text", "测试")
    return ws


@pytest.mark.parametrize("budget", [60, 200, 500, 2000])
@pytest.mark.parametrize("kind", ["main", "shared", "subagent"])
def test_context_budget_and_privacy(rich_ws, budget: int, kind: str) -> None:
    result = build_context(
        rich_ws,
        Session(kind, "coder" if kind == "subagent" else None),
        task="配置 Ollama 端口",
        budget=budget,
    )
    assert result.tokens == count_tokens(result.text) <= budget
    if kind != "main":
        assert "private-" not in result.text
    # Never cut mid-entry: every cited line in the output is whole.
    for line in result.text.splitlines():
        if line.startswith("- ") and "📍 USER.md:L" in line:
            number = int(line.rsplit(":L", 1)[1])
            source = (rich_ws.root / "USER.md").read_text(encoding="utf-8").splitlines()[number - 1]
            assert line[2:].startswith(source[2:])
    assert (
        build_context(
            rich_ws,
            Session(kind, "coder" if kind == "subagent" else None),
            task="配置 Ollama 端口",
            budget=budget,
        )
        == result
    )


def test_context_keeps_most_valuable_first_and_says_what_is_left_out(rich_ws) -> None:
    full = build_context(rich_ws, budget=5000, task="配置 Ollama 端口")
    assert full.omitted == [] and "private-memory-11" in full.text and "11434" in full.text
    assert (
        "P001" in full.text
        and "今天修好了网关端口配置" in full.text
        and "private-infra" not in full.text
    )
    small = build_context(rich_ws, budget=500)
    assert "记忆检索" in small.text and "P001" in small.text  # recall instruction and L1 first
    parts = {o["part"] for o in small.omitted}
    assert parts and all("memstrata" in o["fetch"] for o in small.omitted)
    assert "为控制长度未包含" in small.text


def test_warnings_before_a_task(rich_ws) -> None:
    lesson(
        rich_ws.writer(),
        "npm install 依赖冲突",
        symptom="ERESOLVE",
        fix="改用 pnpm install",
        severity="P1",
    )
    found = task_warnings(rich_ws, "帮我配置一个新的模型提供商")
    assert found[0].source == "P001" and found[0].text.startswith("开始之前提醒一下：根据 P001，")
    assert found[0].text.endswith("（📍 memory/principles.md:L5-L11）")
    npm = task_warnings(rich_ws, "用 npm install 安装依赖")
    assert any(w.kind == "lesson" and "改用 pnpm install" in w.text for w in npm)
    assert task_warnings(rich_ws, "写一首关于秋天的诗") == []


def test_cli_context_and_warnings(rich_ws, cli) -> None:
    w = ("-w", str(rich_ws.root))
    shared = cli(*w, "context", "--session", "shared", "--budget", "800")
    assert shared.code == 0 and "private-" not in shared.out
    import json

    data = json.loads(cli(*w, "context", "--json", "--budget", "300").out)
    assert data["tokens"] <= 300 and data["budget"] == 300
    assert "P001" in cli(*w, "warnings", "配置模型提供商").out
    assert cli(*w, "warnings", "写诗").out.strip() == "No known pitfalls for this task."
