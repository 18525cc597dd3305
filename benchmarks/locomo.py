"""LoCoMo evidence retrieval (../shared/data/locomo10.json), protocol of the data README.

Each conversation becomes a workspace of daily logs (one file per session date, one line per
turn carrying its dia_id). Hybrid, lexical and vector run in the same process on the same
index, beside plain BM25 over one turn per document. Two countings for every question of
categories 1-4:

* ``recall@k`` (the old one): one of the top-k results' line range covers an evidence turn,
  however many turns a result spans;
* like with like, one turn per result: the top-k *turns* shown (results in order, each
  result's turns in line order, cut at k turns), counted as ``any@k`` (an evidence turn is
  among them) and ``share@k`` (the share of the evidence turns among them).

    .venv/bin/python benchmarks/locomo.py [--limit-conversations N] [--embedder use|hash]
"""

from __future__ import annotations

import argparse
import json
import re
from collections import defaultdict
from datetime import datetime

from common import (
    SHARED_DATA,
    TurnBM25,
    add_dtype_argument,
    build_workspace,
    dtype_systems,
    make_embedder,
    mean,
    parse_overrides,
    recall_table,
    turn_scores,
    use_system,
    write_results,
)

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}


def session_date(raw: str) -> str:
    """'1:56 pm on 8 May, 2023' -> '2023-05-08'."""
    text = raw.split(" on ", 1)[-1].strip()
    return datetime.strptime(text, "%d %B, %Y").strftime("%Y-%m-%d")


def conversation_files(conv: dict) -> tuple[dict[str, str], dict[str, tuple[str, int]]]:
    """Markdown files by path, and where each dia_id landed (path, line); a turn's text for the
    BM25 baseline is its line."""
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
    add_dtype_argument(parser)
    args = parser.parse_args()
    overrides = parse_overrides(args.set)
    from memstrata.recall.search import search

    data = json.loads((SHARED_DATA / "locomo10.json").read_text())[: args.limit_conversations]
    embedder = make_embedder(args.embedder)
    hits: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    spans: dict[str, list[float]] = defaultdict(list)  # turns per result in the top 10
    dropped_ids = empty = 0
    build_stats = []
    systems = [*dtype_systems(args.vector_dtype), "bm25-turns"]
    for conv in data:
        files, where = conversation_files(conv["conversation"])
        turns = set(where.values())
        lines = {path: text.split("\n") for path, text in files.items()}
        baseline = TurnBM25({turn: lines[turn[0]][turn[1] - 1] for turn in turns})
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
            gold = {where[e] for e in evidence}
            for system in systems:
                if system == "bm25-turns":
                    results = [
                        Turn(path, line) for path, line in baseline.search(qa["question"], 10)
                    ]
                else:
                    results = search(
                        ws, qa["question"], k=args.k, mode=use_system(system), embedder=embedder
                    ).results
                spans[system].extend(
                    sum((r.path, line) in turns for line in range(r.start_line, r.end_line + 1))
                    for r in results[:10]
                )
                for group in (CATEGORIES[category], "overall"):
                    for k in (5, 10):
                        covered = any(
                            r.path == p and r.start_line <= line <= r.end_line
                            for r in results[:k]
                            for p, line in gold
                        )
                        any_turn, share = turn_scores(results, turns, gold, k)
                        hits[(system, group, f"recall@{k}")].append(float(covered))
                        hits[(system, group, f"any@{k}")].append(any_turn)
                        hits[(system, group, f"share@{k}")].append(share)
    columns = ["recall@5", "recall@10", "any@5", "any@10", "share@5", "share@10"]
    rows = [
        {
            "system": system,
            "category": category,
            "n": len(hits[(system, category, "any@5")]),
            **{c: mean(hits[(system, category, c)]) for c in columns},
            "turns/result": mean(spans[system]),
        }
        for system in systems
        for category in [*CATEGORIES.values(), "overall"]
    ]
    print(
        recall_table(
            "LoCoMo evidence recall (categories 1-4); any/share: one turn per result",
            rows,
            ["system", "category", "n", *columns, "turns/result"],
        )
    )
    chunks = sum(s["chunks"] for s in build_stats)
    embed_s = sum(s["embed_s"] for s in build_stats)
    turns_total = sum(len(conversation_files(c["conversation"])[1]) for c in data)
    print(
        f"\n{len(data)} conversations, {turns_total} turns in {chunks} chunks; lexical index "
        f"{sum(s['lexical_index_s'] for s in build_stats):.1f} s, embedding {embed_s:.1f} s "
        f"({chunks / max(embed_s, 1e-9):.0f} chunks/s, {embedder.name}); evidence ids dropped: "
        f"{dropped_ids}; questions without usable evidence: {empty}"
    )
    path = write_results(
        "locomo",
        {
            "embedder": embedder.name,
            "settings": args.set,
            "rows": rows,
            "chunks": chunks,
            "turns": turns_total,
            "dropped_evidence_ids": dropped_ids,
            "questions_without_evidence": empty,
            "build": build_stats,
        },
    )
    print(f"wrote {path}")


class Turn:
    """A baseline result: one turn."""

    def __init__(self, path: str, line: int):
        self.path, self.start_line, self.end_line = path, line, line


if __name__ == "__main__":
    main()
