"""Hook latency inside the real Claude Code CLI (issue 13, acceptance 5).

One long ``claude -p --input-format stream-json`` session per configuration, prompts sent one at
a time (each waits for its answer), against the fake Messages API on 127.0.0.1; the workspace is
the 10k-chunk one of ``benchmarks/hooks.py`` (lexical index; hooks load no model). Claude Code's
own debug log gives each hook's wall time as Claude Code waited for it (spawn through exit,
shell included). The baseline is the same session with ``python -c pass`` (the same interpreter)
as the UserPromptSubmit hook. Sessions alternate between the two configurations. memstrata's
own in-process time per hook comes from ``.memstrata/hooks.log``.

    .venv/bin/python benchmarks/hooks_real.py [--prompts 20] [--sessions 3]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import ROOT, recall_table, write_results
from latency import Zipf, generate, vocabulary

sys.path.insert(0, str(ROOT))

from tests.integration.claude_code import claude_env, hooks_log, install_claude_code
from tests.integration.fake_messages_api import FakeMessagesAPI

FINISHED = re.compile(r"Hooks: (\w+)(?::\w+)? \[(.*)\] finished with status (\d+) \((\d+)ms\)")
PROMPTS = [
    "部署网关之前要注意什么？",
    "how do I run the release checklist",
    "修复登录超时的那个问题现在怎么样了",
    "remember: always back up the database before a migration",
    "不对，应该用 pnpm 而不是 npm",
    "what did we decide about the cache size",
]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def session(claude: str, project: Path, env: dict[str, str], prompts: int, debug: Path) -> None:
    """One Claude Code session; each prompt sent once the previous answer is in."""
    proc = subprocess.Popen(
        [
            claude,
            "-p",
            "--input-format",
            "stream-json",
            "--output-format",
            "stream-json",
            "--verbose",
            "--debug-file",
            str(debug),
        ],
        cwd=project,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    for n in range(prompts):
        message = {"role": "user", "content": f"{PROMPTS[n % len(PROMPTS)]} ({n})"}
        proc.stdin.write(json.dumps({"type": "user", "message": message}) + "\n")
        proc.stdin.flush()
        for line in proc.stdout:
            if '"type":"result"' in line:
                break
    proc.stdin.close()
    proc.wait(timeout=120)


def hook_times(debug: Path, event: str) -> list[float]:
    text = debug.read_text(encoding="utf-8", errors="replace") if debug.exists() else ""
    times = []
    for match in FINISHED.finditer(text):
        if match.group(1) == event:
            assert match.group(3) == "0", match.group(0)
            times.append(float(match.group(4)))
    return times


def settings_with(project: Path, hooks: dict[str, str]) -> None:
    (project / ".claude").mkdir(parents=True, exist_ok=True)
    data = {
        "hooks": {
            event: [{"hooks": [{"type": "command", "command": command, "timeout": 10}]}]
            for event, command in hooks.items()
        }
    }
    (project / ".claude" / "settings.json").write_text(json.dumps(data), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--prompts", type=int, default=10, help="prompts per session")
    parser.add_argument("--sessions", type=int, default=6, help="sessions per configuration")
    parser.add_argument("--chunks", type=int, default=10_000)
    args = parser.parse_args()
    from memstrata.core.initialize import init_workspace
    from memstrata.entries.remember import remember
    from memstrata.recall.index import open_index

    claude = install_claude_code()
    version = subprocess.run([claude, "--version"], capture_output=True, text=True).stdout.strip()
    exe = Path(sys.executable).parent / "memstrata"
    with tempfile.TemporaryDirectory(prefix="memstrata hooks real ") as tmp:
        base = Path(tmp)
        ws = init_workspace(base / "work space", lang="en").workspace
        rng = random.Random(5)
        generate(ws.root, args.chunks, 10, Zipf(vocabulary(rng), rng))
        for n in range(20):
            remember(ws.writer(), f"记住：部署第 {n} 个服务前必须先备份数据库")
        open_index(ws, None).sync(embed=False)
        chunks = open_index(ws, None).chunk_count()
        projects = {
            "memstrata": base / "project memstrata",
            "python -c pass": base / "project base",
        }
        for project in projects.values():
            project.mkdir()
        subprocess.run(
            [
                *(str(exe), "-w", str(ws.root), "install-hooks", "--target", "claude-code"),
                *("--project", str(projects["memstrata"])),
            ],
            check=True,
            capture_output=True,
        )
        settings_with(
            projects["python -c pass"],
            {"UserPromptSubmit": shlex.join([sys.executable, "-c", "pass"])},
        )
        samples: dict[str, list[float]] = {name: [] for name in projects}
        other: dict[str, list[float]] = {"SessionStart": [], "Stop": []}
        in_process: list[float] = []
        load_before = os.getloadavg()
        started = time.perf_counter()
        with FakeMessagesAPI() as api:
            env = claude_env(base / "home", api.url)
            (base / "home").mkdir()
            for run in range(args.sessions + 1):  # the first round warms caches: not counted
                for name, project in projects.items():
                    debug = base / f"debug-{run}-{name.split()[0]}.log"
                    logged = len(hooks_log(ws.root))
                    session(claude, project, env, args.prompts, debug)
                    if run:
                        samples[name] += hook_times(debug, "UserPromptSubmit")
                        if name == "memstrata":
                            for event, values in other.items():
                                values += hook_times(debug, event)
                            in_process += [
                                float(m.group(1))
                                for line in hooks_log(ws.root)[logged:]
                                if (m := re.search(r" user-prompt-submit ok ([\d.]+)ms", line))
                            ]
        elapsed = time.perf_counter() - started
        load_after = os.getloadavg()
        errors = [line for line in hooks_log(ws.root) if " ok " not in line]
    base_p50 = statistics.median(samples["python -c pass"])
    base_p95 = pct(samples["python -c pass"], 0.95)
    rows = []
    for name, values in samples.items():
        rows.append(
            {
                "UserPromptSubmit hook": name,
                "runs": len(values),
                "p50_ms": round(statistics.median(values), 1),
                "p95_ms": round(pct(values, 0.95), 1),
                "extra_p50_ms": round(statistics.median(values) - base_p50, 1),
                "extra_p95_ms": round(pct(values, 0.95) - base_p50, 1),
                "p95_minus_base_p95_ms": round(pct(values, 0.95) - base_p95, 1),
            }
        )
    for event, values in other.items():
        if values:
            rows.append(
                {
                    "UserPromptSubmit hook": f"(memstrata {event})",
                    "runs": len(values),
                    "p50_ms": round(statistics.median(values), 1),
                    "p95_ms": round(pct(values, 0.95), 1),
                    "extra_p50_ms": "-",
                    "extra_p95_ms": "-",
                    "p95_minus_base_p95_ms": "-",
                }
            )
    columns = list(rows[0])
    print(
        recall_table(
            f"Inside Claude Code {version}, {chunks}-chunk workspace, timed by Claude Code",
            rows,
            columns,
        )
    )
    if in_process:
        print(
            f"memstrata's own time inside the hook (hooks.log, after start-up): "
            f"p50 {statistics.median(in_process):.1f} ms, p95 {pct(in_process, 0.95):.1f} ms"
        )
    print(
        f"hook errors logged: {len(errors)}; wall time {elapsed:.0f} s; load average "
        f"{load_before[0]:.2f} before, {load_after[0]:.2f} after (2 cores: above 1 means contention)"
    )
    payload = {
        "claude_code": version,
        "chunks": chunks,
        "prompts_per_session": args.prompts,
        "sessions": args.sessions,
        "rows": rows,
        "in_process_ms": {
            "p50": round(statistics.median(in_process), 1) if in_process else None,
            "p95": round(pct(in_process, 0.95), 1) if in_process else None,
        },
        "hook_errors": len(errors),
        "load_average": [round(load_before[0], 2), round(load_after[0], 2)],
    }
    print(f"wrote {write_results('hooks_real', payload)}")


if __name__ == "__main__":
    main()
