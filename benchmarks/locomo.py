"""LoCoMo evidence retrieval (../shared/data/locomo10.json), protocol of the data README.

Each conversation becomes a workspace of daily logs (one file per session date, one line per
turn carrying its dia_id). For every question of categories 1-4 a hit at k counts when one of
the top-k chunks' line range covers an evidence turn. Hybrid, lexical and vector run in the same
process on the same index.

    .venv/bin/python benchmarks/locomo.py [--limit-conversations N] [--embedder use|hash]
"""

from __future__ import annotations

import argparse
import json
import re
from collections import defaultdict
from datetime import datetime

from common import (
    MODES,
    SHARED_DATA,
    build_workspace,
    make_embedder,
    mean,
    parse_overrides,
    recall_table,
    write_results,
)

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}


def session_date(raw: str) -> str:
    """'1:56 pm on 8 May, 2023' -> '2023-05-08'."""
    text = raw.split(" on ", 1)[-1].strip()
    return datetime.strptime(text, "%d %B, %Y").strftime("%Y-%m-%d")


def conversation_files(conv: dict) -> tuple[dict[str, str], dict[str, tuple[str, int]]]:
    """Markdown files by path, and where each dia_id landed (path, line)."""
    sessions = sorted((int(k.split("_")[1]), k) for k in conv if re.fullmatch(r"session_\d+", k))
    files: dict[str, list[str]] = {}
    where: dict[str, tuple[str, int]] = {}
    for number, key in sessions:
        when = conv.get(f"{key}_date_time", "")
        day = session_date(when)
        path = f"memory/{day}.md"
        lines = files.setdefault(path, [f"# [{day}]", ""])
        lines.extend([f"## Session {number} ({when})", ""])
        for turn in conv[key]:
            text = turn["text"].replace("\n", " ")
            if turn.get("blip_caption"):
                text += f" [shares a photo: {turn['blip_caption']}]"
            lines.append(f"- [{turn['dia_id']}] {turn['speaker']}: {text}")
            where[turn["dia_id"]] = (path, len(lines))
        lines.append("")
    return {path: "\n".join(lines) + "\n" for path, lines in files.items()}, where


def normalise_evidence(raw: list[str], known: dict) -> tuple[list[str], int]:
    ids, dropped = [], 0
    for item in raw:
        for part in re.split(r"[;\s]+", item):
            match = re.fullmatch(r"D:?(\d+):0*(\d+)", part.strip())
            if not match:
                dropped += bool(part.strip())
                continue
            dia = f"D{int(match.group(1))}:{int(match.group(2))}"
            if dia in known:
                ids.append(dia)
            else:
                dropped += 1
    return ids, dropped


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit-conversations", type=int, default=10)
    parser.add_argument("--embedder", default="use")
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument(
        "--set", action="append", default=[], help="search setting override, e.g. near_tie=0.05"
    )
    parser.add_argument(
        "--vector-dtype",
        choices=("float16", "float32", "both"),
        default="float16",
        help="in-memory vector matrix; 'both' scores every query with each on the same index",
    )
    args = parser.parse_args()
    overrides = parse_overrides(args.set)
    from memstrata.recall import vectors
    from memstrata.recall.search import search

    dtypes = ["float16", "float32"] if args.vector_dtype == "both" else [args.vector_dtype]
    modes = [f"{m}/{d}" if len(dtypes) > 1 else m for m in MODES for d in dtypes]

    data = json.loads((SHARED_DATA / "locomo10.json").read_text())[: args.limit_conversations]
    embedder = make_embedder(args.embedder)
    hits: dict[tuple[str, str, int], list[float]] = defaultdict(list)
    coverage: dict[str, list[float]] = defaultdict(list)  # share of all turns the top-10 shows
    dropped_ids = empty = 0
    build_stats = []
    for conv in data:
        files, where = conversation_files(conv["conversation"])
        total_turns = len(where)
        ws, stats = build_workspace(files, embedder, search=overrides)
        build_stats.append(stats)
        for qa in conv["qa"]:
            category = qa.get("category")
            if category not in CATEGORIES:
                continue
            evidence, dropped = normalise_evidence(qa.get("evidence", []), where)
            dropped_ids += dropped
            if not evidence:
                empty += 1
                continue
            targets = [where[e] for e in evidence]
            for mode in modes:
                if len(dtypes) > 1 and mode.split("/")[1] != vectors.STORAGE_DTYPE:
                    vectors.STORAGE_DTYPE = mode.split("/")[1]
                    vectors._CACHE.clear()
                results = search(
                    ws, qa["question"], k=args.k, mode=mode.split("/")[0], embedder=embedder
                ).results
                shown = {
                    (r.path, line)
                    for r in results[:10]
                    for line in range(r.start_line, r.end_line + 1)
                }
                coverage[mode].append(len(shown & set(where.values())) / total_turns)
                for k in (5, 10):
                    found = any(
                        r.path == p and r.start_line <= line <= r.end_line
                        for r in results[:k]
                        for p, line in targets
                    )
                    hits[(mode, CATEGORIES[category], k)].append(1.0 if found else 0.0)
                    hits[(mode, "overall", k)].append(1.0 if found else 0.0)
    rows = []
    for mode in modes:
        for category in [*CATEGORIES.values(), "overall"]:
            rows.append(
                {
                    "mode": mode,
                    "category": category,
                    "n": len(hits[(mode, category, 5)]),
                    "recall@5": mean(hits[(mode, category, 5)]),
                    "recall@10": mean(hits[(mode, category, 10)]),
                }
            )
    print(
        recall_table(
            "LoCoMo evidence recall (categories 1-4)",
            rows,
            ["mode", "category", "n", "recall@5", "recall@10"],
        )
    )
    for mode in MODES:
        print(
            f"{mode}: top-10 shows {mean(coverage[mode]):.1%} of a conversation's turns on average"
        )
    chunks = sum(s["chunks"] for s in build_stats)
    embed_s = sum(s["embed_s"] for s in build_stats)
    print(
        f"\n{len(data)} conversations, {chunks} chunks; lexical index {sum(s['lexical_index_s'] for s in build_stats):.1f} s, "
        f"embedding {embed_s:.1f} s ({chunks / max(embed_s, 1e-9):.0f} chunks/s, {embedder.name}); "
        f"evidence ids dropped: {dropped_ids}; questions without usable evidence: {empty}"
    )
    turns = sum(len(conversation_files(c["conversation"])[1]) for c in data)
    print(f"{turns} turns in {chunks} chunks: {turns / max(chunks, 1):.1f} turns per chunk")
    path = write_results(
        "locomo",
        {
            "embedder": embedder.name,
            "rows": rows,
            "chunks": chunks,
            "turns": turns,
            "top10_turn_share": {m: mean(coverage[m]) for m in MODES},
            "dropped_evidence_ids": dropped_ids,
            "questions_without_evidence": empty,
            "build": build_stats,
        },
    )
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
