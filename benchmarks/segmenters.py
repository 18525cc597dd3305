"""Chinese segmenter choice for the FTS5 index: jieba vs rjieba (vs character bigrams).

For each candidate, in a fresh process: import time, time of the first cut (jieba loads its
dictionary there), throughput on 80k characters of memory-like text, and whether the
2-character words users search for (端口, 心跳...) come out as tokens. jieba is not a
dependency: ``pip install jieba`` to include it.

    .venv/bin/python benchmarks/segmenters.py
"""

from __future__ import annotations

import json
import subprocess
import sys

from common import recall_table, write_results

TEXT = "数据库端口是5433，心跳检测失败后重启服务。用户偏好简洁回答，代码注释用中文。对账服务每天凌晨两点运行。"
WORDS = ["端口", "心跳", "重启", "对账", "偏好", "注释"]
PROBE = r"""
import json, sys, time
name = sys.argv[1]; text = sys.argv[2]; words = json.loads(sys.argv[3])
t = time.perf_counter()
if name == "jieba":
    import jieba; jieba.setLogLevel(60); cut = lambda s: list(jieba.cut_for_search(s))
elif name == "rjieba":
    import rjieba; cut = rjieba.cut_for_search
else:
    cut = lambda s: [s[i:i + 2] for i in range(len(s) - 1)]
imported = time.perf_counter() - t
t = time.perf_counter(); first = cut(text); first_cut = time.perf_counter() - t
big = text * 1000
t = time.perf_counter(); cut(big); bulk = time.perf_counter() - t
print(json.dumps({"import_ms": imported * 1000, "first_cut_ms": first_cut * 1000,
                  "chars_per_s": len(big) / bulk, "words_found": sum(w in first for w in words),
                  "tokens_for_sample": len(first)}))
"""


def main() -> None:
    rows = []
    for name in ("rjieba", "jieba", "bigram"):
        run = subprocess.run(
            [sys.executable, "-c", PROBE, name, TEXT, json.dumps(WORDS)],
            capture_output=True,
            text=True,
        )
        if run.returncode != 0:
            rows.append({"segmenter": name, "note": "not installed (pip install jieba)"})
            continue
        data = json.loads(run.stdout)
        rows.append(
            {
                "segmenter": name,
                "import_ms": round(data["import_ms"], 1),
                "first_cut_ms": round(data["first_cut_ms"], 1),
                "chars_per_s": int(data["chars_per_s"]),
                "words_found": f"{data['words_found']}/{len(WORDS)}",
                "tokens": data["tokens_for_sample"],
            }
        )
    print(
        recall_table(
            "Chinese segmenters (fresh process each)",
            rows,
            [
                "segmenter",
                "import_ms",
                "first_cut_ms",
                "chars_per_s",
                "words_found",
                "tokens",
                "note",
            ],
        )
    )
    print(f"wrote {write_results('segmenters', {'rows': rows})}")


if __name__ == "__main__":
    main()
