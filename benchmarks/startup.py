"""Start-up cost of the CLI: ``memstrata --help`` and ``memstrata status`` against ``python -c pass``.

Hooks run on every prompt, so the CLI's own overhead matters. Runs are interleaved (baseline,
help, status, baseline, ...) so machine noise hits all three alike; the table reports p50/p95
and the extra time over the baseline's p50 in the same run.

    .venv/bin/python benchmarks/startup.py [--runs 40]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RESULTS = Path(__file__).parent / "results"


# Users' Pythons cache bytecode; some sandboxes (this one) set PYTHONDONTWRITEBYTECODE, which
# would make every run recompile memstrata from source. Measure what users get.
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def _time(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    return (time.perf_counter() - start) * 1000


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    exe = str(Path(sys.executable).parent / "memstrata")
    with tempfile.TemporaryDirectory() as tmp:
        workspace = str(Path(tmp) / "ws")
        subprocess.run(
            [exe, "demo", "--keep", workspace], check=True, stdout=subprocess.DEVNULL, env=ENV
        )
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "memstrata --help": [exe, "--help"],
            "memstrata status": [exe, "-w", workspace, "status", "--json"],
        }
        for cmd in commands.values():  # warm the page cache and .pyc files
            _time(cmd)
        samples: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, cmd in commands.items():
                samples[name].append(_time(cmd))
    base = statistics.median(samples["python -c pass"])
    rows = []
    for name, values in samples.items():
        p50, p95 = statistics.median(values), _pct(values, 0.95)
        rows.append(
            {
                "command": name,
                "runs": len(values),
                "p50_ms": round(p50, 1),
                "p95_ms": round(p95, 1),
                "extra_p50_ms": round(p50 - base, 1),
                "extra_p95_ms": round(p95 - base, 1),
            }
        )
    print(
        f"{'command':<20}{'runs':>6}{'p50 ms':>10}{'p95 ms':>10}{'extra p50':>12}{'extra p95':>12}"
    )
    for row in rows:
        print(
            f"{row['command']:<20}{row['runs']:>6}{row['p50_ms']:>10}{row['p95_ms']:>10}{row['extra_p50_ms']:>12}{row['extra_p95_ms']:>12}"
        )
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / "startup.json"
    out.write_text(
        json.dumps({"benchmark": "startup", "goal_extra_ms": 150, "rows": rows}, indent=2)
    )
    print(f"\nwrote {out}")


if __name__ == "__main__":
    main()
