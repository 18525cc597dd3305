"""Does a task surface the principle or lesson it would break, and only that? (issue 14: "the
same ranking serves ``warnings``")

Data: ``benchmarks/data/warnings/{A,B}`` (written blind by two fresh-context writers from one
brief, each in its own domain): 40 entries (principles and lessons, zh / en / mixed) and 120
tasks, 70 that bear on one or two entries (worded as a request for work, often in the other
language) and 50 that touch the same words and break nothing. Set A is the development set;
set B is held out (scored once per change, never read while tuning).

Each entry is written in the seed layouts (``memory/principles.md``, ``memory/lessons.md``) of a
fresh workspace; each task goes through ``context.warnings.task_warnings`` (what ``memstrata
warnings`` prints, top 5). Reported per set: recall (tasks whose gold entry is warned about),
precision of the warnings given, and the share of no-gold tasks that get any warning.

    .venv/bin/python benchmarks/warnings_recall.py [--sets A,B] [--semantic]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from common import write_results

DATA = Path(__file__).resolve().parent / "data" / "warnings"


def _read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def build(root: Path, entries: list[dict[str, Any]]) -> tuple[Any, dict[tuple[str, int], str]]:
    """A workspace holding the entries; returns it and (path, first line) -> entry id."""
    from memstrata.core.initialize import init_workspace
    from memstrata.core.workspace import Workspace

    init_workspace(root, preset="default", lang="zh")
    ws = Workspace.open(root)
    where: dict[tuple[str, int], str] = {}
    principles = ["# Principles (L1)", ""]
    lessons = ["# Lessons", "", "## P1", ""]
    number = 0
    for entry in entries:
        title = " ".join(entry["title"].split())
        body = " ".join(entry["body"].split())
        if entry["kind"] == "lesson":
            where[("memory/lessons.md", len(lessons) + 1)] = entry["id"]
            lessons += [f"### [main] {title} (2026-11-01)", f"- **解决**: {body}", ""]
        else:
            number += 1
            where[("memory/principles.md", len(principles) + 1)] = entry["id"]
            principles += [f"### P{number:03d}: {title}", "source: 2026-11-01", "---", body, ""]
    for rel, lines in (("memory/principles.md", principles), ("memory/lessons.md", lessons)):
        (root / ws.role_path("principles" if "principles" in rel else "lessons")).write_text(
            "\n".join(lines) + "\n", encoding="utf-8"
        )
    return ws, where


def score(name: str, semantic: bool, hot_path: bool = False) -> dict[str, Any]:
    from memstrata.context.warnings import task_warnings

    entries = _read(DATA / name / "entries.jsonl")
    tasks = _read(DATA / name / "tasks.jsonl")
    with tempfile.TemporaryDirectory() as tmp:
        ws, where = build(Path(tmp) / "ws", entries)
        found_gold = given = right = quiet_wrong = 0
        gold_tasks = [t for t in tasks if t["gold"]]
        answers = []
        for task in tasks:
            warned = task_warnings(ws, task["task"], limit=5, semantic=semantic, hot_path=hot_path)
            ids = set()
            for warning in warned:
                path, lines = warning.cite.removeprefix("📍 ").split(":L", 1)
                ids.add(where.get((path, int(lines.split("-")[0])), "?"))
            answers.append(sorted(ids))
            if task["gold"]:
                found_gold += bool(ids & set(task["gold"]))
                given += len(ids)
                right += len(ids & set(task["gold"]))
            elif ids:
                quiet_wrong += 1
    no_gold = len(tasks) - len(gold_tasks)
    return {
        "set": name,
        "semantic": semantic,
        "cut": "index words" if hot_path else "segmenter",
        "tasks": len(tasks),
        "recall": round(found_gold / max(len(gold_tasks), 1), 3),
        "precision": round(right / max(given, 1), 3),
        "warned_without_gold": round(quiet_wrong / max(no_gold, 1), 3),
        "answers": answers,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sets", default="A")
    parser.add_argument("--semantic", action="store_true", help="also the embedder's side")
    parser.add_argument(
        "--hot-path",
        action="store_true",
        help="also the hooks' cut (the index's words, no segmenter), with the share of tasks "
        "warned exactly as with the segmenter",
    )
    args = parser.parse_args()
    rows = []
    for name in args.sets.split(","):
        for semantic in (False, True) if args.semantic else (False,):
            rows.append(score(name, semantic))
            if args.hot_path and not semantic:
                hot = score(name, semantic, hot_path=True)
                same = sum(a == b for a, b in zip(rows[-1]["answers"], hot["answers"], strict=True))
                hot["same_as_segmenter"] = round(same / len(hot["answers"]), 3)
                rows.append(hot)
    columns = ["set", "semantic", "cut", "tasks", "recall", "precision", "warned_without_gold"]
    columns += ["same_as_segmenter"] if args.hot_path else []
    print(" | ".join(columns))
    for row in rows:
        print(" | ".join(str(row.get(c, "-")) for c in columns))
    path = write_results("warnings_recall", {"rows": rows})
    print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
