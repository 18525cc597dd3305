"""``memstrata warnings`` also reads the vector side (issue 14: "the same ranking serves
warnings"): a task worded unlike the rule it breaks, or in the other language, surfaces it;
the prompt hooks stay lexical (no model on every prompt). Measured on
benchmarks/data/warnings (BENCHMARKS.md): held-out recall 0.643 -> 0.729."""

from __future__ import annotations

import pytest

from memstrata.context.warnings import task_warnings

PRINCIPLES = """# Principles (L1)

### P001: 生产数据库变更前必须先做备份
source: 2026-11-01
---
任何在生产库上执行的 DDL 或批量更新，先用 pg_dump 备份相关表。

### P002: Never commit credentials
source: 2026-11-01
---
API keys and passwords live in the vault, never in the repository.
"""


@pytest.mark.integration
def test_a_task_worded_unlike_its_rule_is_warned(ws, monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    (ws.root / ws.role_path("principles")).write_text(PRINCIPLES, encoding="utf-8")
    task = "把密码和 token 提交到 git 仓库"  # the rule is in English
    assert not task_warnings(ws, task)  # the lexical side alone: nothing shared
    [warning] = task_warnings(ws, task, semantic=True)
    assert warning.source == "P002"
    assert not task_warnings(ws, "写一首关于秋天的诗", semantic=True)
