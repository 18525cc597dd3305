"""Session bootstrap size: ``memstrata context`` vs injecting MEMORY.md + every daily log whole
(what note 003 warns against), on the demo workspace and on a generated 90-day one.

    .venv/bin/python benchmarks/context.py
"""

from __future__ import annotations

import random
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

from common import recall_table, write_results

TOPICS = [
    "网关端口",
    "心跳超时",
    "对账服务",
    "周报",
    "deploy script",
    "Redis pool",
    "CI runner",
    "退款接口",
    "日志保留",
]


def generated(root: Path, days: int = 90):
    """A workspace with 90 daily logs (3 sections each), 60 MEMORY.md bullets, 10 principles."""
    from memstrata.core.initialize import init_workspace
    from memstrata.core.workspace import Workspace
    from memstrata.entries.journal import log
    from memstrata.entries.remember import remember, write_bullet

    rng = random.Random(3)
    init_workspace(root)
    today = datetime(2026, 4, 17, 18, 0)
    for back in range(days, -1, -1):
        day = today - timedelta(days=back)
        ws = Workspace.open(root, clock=lambda day=day: day)
        for _ in range(3):
            topic = rng.choice(TOPICS)
            log(
                ws.writer(),
                f"处理了{topic}的问题，改了配置并验证通过 {rng.randint(1, 999)}\n记录：{topic} 相关的 PR 已合并",
                title=f"{topic} 工作",
                day=day.date(),
            )
    ws = Workspace.open(root, clock=lambda: today)
    for n in range(60):
        write_bullet(
            ws.writer(),
            "long_term",
            f"{rng.choice(TOPICS)} 的规则 {n}：先在 staging 验证再上线",
            "long_term",
            "bench",
        )
    for n in range(10):
        remember(ws.writer(), f"记住：{rng.choice(TOPICS)} 操作第 {n} 条必须先备份")
    return ws


def whole(ws) -> str:
    parts = [ws.resolve(ws.role_path("long_term")).read_text(encoding="utf-8")]
    parts += [ws.resolve(p).read_text(encoding="utf-8") for p in ws.role_files("daily")]
    return "\n".join(parts)


def main() -> None:
    from memstrata.adapters.demo import run_demo
    from memstrata.context.bootstrap import build_context
    from memstrata.core.workspace import Workspace
    from memstrata.text.token_estimate import count_tokens

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        run_demo(str(Path(tmp) / "demo"))
        cases = {
            "demo workspace": Workspace.open(Path(tmp) / "demo"),
            "generated 90 days": generated(Path(tmp) / "gen"),
        }
        for name, ws in cases.items():
            naive = count_tokens(whole(ws))
            for budget in (1000, 2000, 4000):
                result = build_context(ws, budget=budget, task="网关端口")
                rows.append(
                    {
                        "workspace": name,
                        "budget": budget,
                        "context_tokens": result.tokens,
                        "memory+all_logs_tokens": naive,
                        "ratio": result.tokens / naive,
                        "left_out_parts": len(result.omitted),
                    }
                )
    print(
        recall_table(
            "Bootstrap context vs MEMORY.md + all daily logs",
            rows,
            [
                "workspace",
                "budget",
                "context_tokens",
                "memory+all_logs_tokens",
                "ratio",
                "left_out_parts",
            ],
        )
    )
    print(f"wrote {write_results('context', {'rows': rows})}")


if __name__ == "__main__":
    main()
