"""Recall on small memories written blind, one team each (benchmarks/data/recall_writers).

Sixteen writers who never saw the search code or the recall set each invented one team's agent
memory (70 terse items in the default layout, dense with near-misses: an old value and the new
one, a problem and its fix, a rule and the log line that broke it) and 200 queries, each
answered by exactly one item (paraphrase, cross-lingual, short Chinese, question, current value,
keyword). ``WRITING_BRIEF.md`` is what they were given; ``SHA256SUMS`` froze the files before
any use.

Each writer's items become Markdown files (an item under its heading path, one file per
``file``), the workspace is adopted as a user would, the clock is two days after the newest
daily log, and every query goes through the same ``search()`` as ``memstrata search --json``.
A query counts at k when a top-k hit's line range covers its item's line. Writers 7 and 8 are
held out (reported, their misses never read); the others train the search tuning of the
encoder (benchmarks/tune_search_model.py), so their rows are in-sample.

    .venv/bin/python benchmarks/recall_writers.py [--writers 1,2] [--set key=value] [--modes hybrid]
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
import time
from collections import defaultdict
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from common import (
    MODES,
    make_embedder,
    mean,
    parse_overrides,
    rank_metrics,
    recall_table,
    write_results,
)

DATA = Path(__file__).parent / "data" / "recall_writers"
HELD_OUT = ("writer_7", "writer_8")  # reported only: never read, never trained on
TYPES = ("paraphrase", "cross_lingual", "short_zh", "question", "current", "keyword")
_DAY = re.compile(r"(\d{4}-\d{2}-\d{2})\.md$")


def writers() -> list[str]:
    return sorted(p.name for p in DATA.glob("writer_*") if p.is_dir())


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]


def workspace_files(memories: list[dict[str, Any]]) -> tuple[dict[str, str], dict[str, tuple]]:
    """The Markdown files of one writer's items and where each item landed (path, 1-based line).

    An item sits under its heading path (``[coder] 网关迁移 > 遇到问题``: an entry heading and a
    section below it); items of one file keep the order they were written in."""
    by_file: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for item in memories:
        by_file[item["file"]].append(item)
    files: dict[str, str] = {}
    where: dict[str, tuple[str, int]] = {}
    for path, items in by_file.items():
        lines = [f"# {Path(path).stem}", ""]
        placed: dict[str, list[str]] = defaultdict(list)
        order: list[str] = []
        for item in items:
            context = item.get("context", "").strip()
            if context not in placed:
                order.append(context)
            placed[context].append(item["id"])
        text = {item["id"]: item["text"].strip() for item in items}
        open_parts: list[str] = []
        for context in order:
            parts = [p.strip().lstrip("#").strip() for p in context.split(">") if p.strip()]
            shared = 0
            while shared < min(len(parts), len(open_parts)) and parts[shared] == open_parts[shared]:
                shared += 1
            for depth in range(shared, len(parts)):
                lines += [f"{'#' * (depth + 2)} {parts[depth]}", ""]
            open_parts = parts
            for item_id in placed[context]:
                body = text[item_id]
                if not body.startswith(("-", "*", "|")) and not re.match(r"\d+\.\s", body):
                    body = f"- {body}"
                where[item_id] = (path, len(lines) + 1)
                lines.append(body.split("\n")[0])
                lines.extend(f"  {extra}" for extra in body.split("\n")[1:])
            lines.append("")
        files[path] = "\n".join(lines)
    return files, where


def clock_of(files: dict[str, str]) -> datetime:
    days = [m.group(1) for path in files if (m := _DAY.search(path))]
    newest = max(days) if days else "2026-06-01"
    return datetime.fromisoformat(newest) + timedelta(days=2, hours=9)


def adopt(files: dict[str, str], overrides: dict[str, Any]) -> Any:
    from memstrata.core.config import CONFIG_NAME
    from memstrata.core.initialize import init_workspace
    from memstrata.core.workspace import Workspace

    root = Path(tempfile.mkdtemp(prefix="memstrata-writers-")) / "ws"
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text + "\n", encoding="utf-8")
    init_workspace(root)
    if overrides:
        lines = [f"{key} = {json.dumps(value)}" for key, value in overrides.items()]
        (root / CONFIG_NAME).write_text("[search]\n" + "\n".join(lines) + "\n", encoding="utf-8")
    clock = clock_of(files)
    return Workspace.open(root, clock=lambda: clock)


def rank_of(results: list[Any], target: tuple[str, int]) -> int | None:
    path, line = target
    return next(
        (
            r
            for r, hit in enumerate(results)
            if hit.path == path and hit.start_line <= line <= hit.end_line
        ),
        None,
    )


def rows_of(ranks: dict[str, list[tuple[dict[str, Any], int | None]]]) -> list[dict[str, Any]]:
    rows = []
    for mode, found in ranks.items():
        groups: dict[str, list[int | None]] = defaultdict(list)
        for query, rank in found:
            split = "heldout" if query["writer"] in HELD_OUT else "train"
            for group in ("all", split, query["type"], f"lang:{query['lang']}", query["writer"]):
                groups[group].append(rank)
        for group in [
            "all",
            "dev",
            "heldout",
            *TYPES,
            "lang:zh",
            "lang:en",
            "lang:mixed",
            *sorted(w for w in groups if w.startswith("writer_")),
        ]:
            values = groups[group]
            if not values:
                continue
            rows.append({"mode": mode, "group": group, "n": len(values), **rank_metrics(values)})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--embedder", default="use")
    parser.add_argument("--writers", default="", help="comma-separated numbers (default: all)")
    parser.add_argument("--set", action="append", default=[], help="search setting, key=value")
    parser.add_argument("--modes", default=",".join(MODES))
    args = parser.parse_args()
    from memstrata.recall.index import open_index
    from memstrata.recall.search import search

    chosen = [
        w for w in writers() if not args.writers or w.split("_")[1] in args.writers.split(",")
    ]
    modes = [m for m in MODES if m in args.modes.split(",")]
    embedder = make_embedder(args.embedder)
    overrides = parse_overrides(args.set)
    ranks: dict[str, list[tuple[dict[str, Any], int | None]]] = defaultdict(list)
    seconds: list[float] = []
    for writer in chosen:
        files, where = workspace_files(read_jsonl(DATA / writer / "memories.jsonl"))
        ws = adopt(files, overrides)
        open_index(ws, embedder).sync(embed=True)
        for query in read_jsonl(DATA / writer / "queries.jsonl"):
            query["writer"] = writer
            for mode in modes:
                started = time.perf_counter()
                results = search(ws, query["text"], k=10, mode=mode, embedder=embedder).results
                seconds.append(time.perf_counter() - started)
                ranks[mode].append((query, rank_of(results, where[query["gold"]])))
    rows = rows_of(ranks)
    print(
        recall_table(
            "Recall on blind writers' memories",
            rows,
            ["mode", "group", "n", "R@1", "R@5", "R@10", "MRR"],
        )
    )
    print(f"\n{len(chosen)} writers; mean query ms {1000 * mean(seconds):.1f}")
    path = write_results(
        "recall_writers",
        {
            "embedder": embedder.name,
            "settings": args.set,
            "writers": chosen,
            "rows": rows,
            "ranks": {
                m: {f"{q['writer']}:{q['id']}": r for q, r in found} for m, found in ranks.items()
            },
        },
    )
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
