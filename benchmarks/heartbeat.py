"""How long one heartbeat takes as the queue grows (the pool preset, note 004).

The heartbeat compares every pending signal with every candidate and memory entry, so its cost
grows with the square of the queue. The queue is filled with the positive utterances of the
signal hold-out sets (other writers' words, in the order they were written), queued as the hooks
queue them (``hot_path``: nothing written at once), then one forced heartbeat runs on them. The
table gives seconds per heartbeat and milliseconds per queued signal, with the ratio of each
size to the smallest in the same run (this machine is noisy).

    .venv/bin/python benchmarks/heartbeat.py [--sizes 50 100 200 400]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from common import recall_table, write_results

from memstrata.capture.record import record_signals
from memstrata.core.initialize import init_workspace
from memstrata.core.permissions import Session
from memstrata.core.workspace import Workspace
from memstrata.evolve.heartbeat import heartbeat

DATA = Path(__file__).parent / "data" / "signals"


def utterances() -> list[str]:
    """The labelled (non-negative) utterances of every hold-out file, in file order."""
    found = []
    for path in sorted(DATA.glob("holdout*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            item = json.loads(line)
            if item["labels"] and item["source"] == "user":
                found.append(item["text"])
    return found


def one_heartbeat(texts: list[str]) -> dict:
    """Queue ``texts`` in a fresh pool workspace, then time one forced heartbeat."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        init_workspace(root, "memory-manager", lang="zh")
        ws = Workspace.open(root)
        writer = ws.writer(Session())
        for text in texts:
            record_signals(writer, text, source="user", hot_path=True)
        started = time.perf_counter()
        beat = heartbeat(writer, force=True)
        seconds = time.perf_counter() - started
    return {"queued": len(texts), "ran": beat.ran, "seconds": round(seconds, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[50, 100, 200, 400])
    args = parser.parse_args()
    pool = utterances()
    if len(pool) < max(args.sizes):
        sys.exit(f"only {len(pool)} utterances in {DATA}/holdout*.jsonl")
    one_heartbeat(pool[:5])  # load the models once, outside the timings
    rows = []
    for size in args.sizes:
        row = one_heartbeat(pool[:size])
        row["ms_per_signal"] = round(1000 * row["seconds"] / size, 1)
        rows.append(row)
    base = rows[0]["seconds"]
    for row in rows:
        row["ratio_to_smallest"] = round(row["seconds"] / base, 2) if base else None
    print(
        recall_table(
            "One forced heartbeat, pool preset",
            rows,
            ["queued", "ran", "seconds", "ms_per_signal", "ratio_to_smallest"],
        )
    )
    print(write_results("heartbeat", {"rows": rows}))


if __name__ == "__main__":
    main()
