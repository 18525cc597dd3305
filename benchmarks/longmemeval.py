"""LongMemEval_S sample (../shared/data/longmemeval_s_sample60.json.gz), protocol of the data README.

Each question's haystack becomes a workspace: one Markdown file per session, named by session
id and dated by its haystack date, one line per turn. The workspace clock is the question's
date. Reported per question type and mode: session-level recall, both as ``top5_sessions_any``
(an evidence session among the 5 best-ranked distinct sessions, ranked by their best chunk)
and, stricter, ``session_any@k`` (among the sessions of the top-k chunks; ``all`` = every
evidence session), turn-level recall@5/@10 (turns flagged ``has_answer``) and NDCG@10. Abstention questions (``_abs``) are excluded.

    .venv/bin/python benchmarks/longmemeval.py [--limit N] [--embedder use|hash]
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import re
import time
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


def haystack_files(item: dict) -> tuple[dict[str, str], dict[str, str], set[tuple[str, int]]]:
    """Files by path, session id by path, and the (path, line) of every has_answer turn."""
    files, session_of, answers = {}, {}, set()
    for session_id, day, turns in zip(
        item["haystack_session_ids"], item["haystack_dates"], item["haystack_sessions"], strict=True
    ):
        date = datetime.strptime(day.split(" ")[0], "%Y/%m/%d").strftime("%Y-%m-%d")
        path = f"sessions/{re.sub(r'[^A-Za-z0-9_-]', '_', session_id)}.md"
        lines = [f"# [{date}] session {session_id}", ""]
        for turn in turns:
            lines.append(f"- {turn['role']}: {' '.join(turn['content'].split())}")
            if turn.get("has_answer", False):
                answers.add((path, len(lines)))
        files[path] = "\n".join(lines) + "\n"
        session_of[path] = session_id
    return files, session_of, answers


def ndcg_at_10(results: list, answers: set[tuple[str, int]]) -> float:
    covered: set[tuple[str, int]] = set()
    dcg = 0.0
    for rank, hit in enumerate(results[:10]):
        new = {
            (hit.path, line) for line in range(hit.start_line, hit.end_line + 1)
        } & answers - covered
        if new:
            dcg += 1.0 / math.log2(rank + 2)
            covered |= new
    ideal = sum(1.0 / math.log2(rank + 2) for rank in range(min(len(answers), 10)))
    return dcg / ideal if ideal else 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=60)
    parser.add_argument("--embedder", default="use")
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
    from memstrata.core.workspace import Workspace
    from memstrata.recall import vectors
    from memstrata.recall.search import search

    dtypes = ["float16", "float32"] if args.vector_dtype == "both" else [args.vector_dtype]
    modes = [f"{m}/{d}" if len(dtypes) > 1 else m for m in MODES for d in dtypes]

    with gzip.open(SHARED_DATA / "longmemeval_s_sample60.json.gz") as raw:
        everything = json.loads(raw.read())
    by_type: dict[str, list[dict]] = defaultdict(list)
    for item in everything:
        by_type[item["question_type"]].append(item)
    per_type = max(1, args.limit // len(by_type))
    items = [item for group in by_type.values() for item in group[:per_type]]
    embedder = make_embedder(args.embedder)
    metrics: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    chunks = embed_s = 0.0
    started = time.perf_counter()
    for item in items:
        if item["question_id"].endswith("_abs"):
            continue
        files, session_of, answers = haystack_files(item)
        ws, stats = build_workspace(files, embedder, search=overrides)
        chunks += stats["chunks"]
        embed_s += stats["embed_s"]
        asked = datetime.strptime(item["question_date"].split(" ")[0], "%Y/%m/%d")
        ws = Workspace.open(ws.root, clock=lambda asked=asked: asked)
        evidence = set(item["answer_session_ids"])
        for mode in modes:
            if len(dtypes) > 1 and mode.split("/")[1] != vectors.STORAGE_DTYPE:
                vectors.STORAGE_DTYPE = mode.split("/")[1]
                vectors._CACHE.clear()
            ranked = search(
                ws, item["question"], k=40, mode=mode.split("/")[0], embedder=embedder
            ).results
            results = ranked[:10]
            distinct: list[str | None] = []  # sessions in the order of their best chunk
            for hit in ranked:
                if session_of.get(hit.path) not in distinct:
                    distinct.append(session_of.get(hit.path))
            for k in (5, 10):
                sessions = {session_of.get(hit.path) for hit in results[:k]}
                turns = {
                    (hit.path, line)
                    for hit in results[:k]
                    for line in range(hit.start_line, hit.end_line + 1)
                }
                for qtype in (item["question_type"], "overall"):
                    metrics[(mode, qtype, f"session_any@{k}")].append(
                        float(bool(sessions & evidence))
                    )
                    metrics[(mode, qtype, f"top{k}_sessions_any")].append(
                        float(bool(set(distinct[:k]) & evidence))
                    )
                    metrics[(mode, qtype, f"session_all@{k}")].append(float(evidence <= sessions))
                    if answers:
                        metrics[(mode, qtype, f"turn@{k}")].append(float(bool(turns & answers)))
            for qtype in (item["question_type"], "overall"):
                if answers:
                    metrics[(mode, qtype, "ndcg@10")].append(ndcg_at_10(results, answers))
    columns = [
        "top5_sessions_any",
        "session_any@5",
        "session_any@10",
        "session_all@10",
        "turn@5",
        "turn@10",
        "ndcg@10",
    ]
    types = [*sorted({key[1] for key in metrics} - {"overall"}), "overall"]
    rows = [
        {
            "mode": mode,
            "type": qtype,
            "n": len(metrics[(mode, qtype, "session_any@5")]),
            **{c: mean(metrics[(mode, qtype, c)]) for c in columns},
        }
        for mode in modes
        for qtype in types
    ]
    print(recall_table("LongMemEval_S sample: retrieval", rows, ["mode", "type", "n", *columns]))
    print(
        f"\n{len(items)} questions, {int(chunks)} chunks, embedding {embed_s:.0f} s "
        f"({chunks / max(embed_s, 1e-9):.0f} chunks/s, {embedder.name}), total {time.perf_counter() - started:.0f} s"
    )
    print(
        f"wrote {write_results('longmemeval', {'embedder': embedder.name, 'rows': rows, 'chunks': chunks})}"
    )


if __name__ == "__main__":
    main()
