"""LongMemEval_S sample (../shared/data/longmemeval_s_sample60.json.gz), protocol of the data README.

Each question's haystack becomes a workspace: one Markdown file per session, named by session
id and dated by its haystack date, one line per turn. The workspace clock is the question's
date. Reported per question type and mode: session-level recall, both as ``top5_sessions_any``
(an evidence session among the 5 best-ranked distinct sessions, ranked by their best chunk)
and, stricter, ``session_any@k`` (among the sessions of the top-k chunks; ``all`` = every
evidence session), turn-level recall@5/@10 (turns flagged ``has_answer``: a top-k result covers
one) and NDCG@10. Like with like against plain BM25 over one turn per document (run beside
it), turns are also counted at one turn per result: the top-k *turns* shown (results in order,
each result's turns in line order, cut at k), as ``any@k`` (a has_answer turn among them) and
``share@k`` (the share of the has_answer turns among them). Files are named by their position
in the haystack, not by session id: LongMemEval's evidence ids start with ``answer_``, which
must not reach the index. Abstention questions (``_abs``) are excluded.

    .venv/bin/python benchmarks/longmemeval.py [--limit N] [--embedder use|hash]
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import time
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
    top_turns,
    turn_scores,
    use_system,
    write_results,
)


def haystack_files(
    item: dict,
) -> tuple[dict[str, str], dict[str, str], set[tuple[str, int]], dict[tuple[str, int], str]]:
    """Files by path, session id by path, the (path, line) of every has_answer turn, and the
    text of every turn by (path, line)."""
    files, session_of, answers, turns_text = {}, {}, set(), {}
    for number, (session_id, day, turns) in enumerate(
        zip(
            item["haystack_session_ids"],
            item["haystack_dates"],
            item["haystack_sessions"],
            strict=True,
        )
    ):
        date = datetime.strptime(day.split(" ")[0], "%Y/%m/%d").strftime("%Y-%m-%d")
        path = f"sessions/s{number:03d}.md"
        lines = [f"# [{date}] session {number + 1}", ""]
        for turn in turns:
            lines.append(f"- {turn['role']}: {' '.join(turn['content'].split())}")
            turns_text[(path, len(lines))] = lines[-1]
            if turn.get("has_answer", False):
                answers.add((path, len(lines)))
        files[path] = "\n".join(lines) + "\n"
        session_of[path] = session_id
    return files, session_of, answers, turns_text


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
    parser.add_argument("--ids", default="", help="only these question ids (space-separated)")
    parser.add_argument(
        "--set", action="append", default=[], help="search setting override, e.g. near_tie=0.05"
    )
    parser.add_argument(
        "--misses", action="store_true", help="print the questions hybrid misses at any@5"
    )
    add_dtype_argument(parser)
    args = parser.parse_args()
    overrides = parse_overrides(args.set)
    from memstrata.core.workspace import Workspace
    from memstrata.recall.search import search

    with gzip.open(SHARED_DATA / "longmemeval_s_sample60.json.gz") as raw:
        everything = json.loads(raw.read())
    by_type: dict[str, list[dict]] = defaultdict(list)
    for item in everything:
        by_type[item["question_type"]].append(item)
    per_type = max(1, args.limit // len(by_type))
    items = [item for group in by_type.values() for item in group[:per_type]]
    if args.ids:
        items = [item for item in items if item["question_id"] in set(args.ids.split())]
    embedder = make_embedder(args.embedder)
    metrics: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    systems = [*dtype_systems(args.vector_dtype), "bm25-turns"]
    chunks = embed_s = 0.0
    started = time.perf_counter()
    for item in items:
        if item["question_id"].endswith("_abs"):
            continue
        files, session_of, answers, turns_text = haystack_files(item)
        turn_set = set(turns_text)
        baseline = TurnBM25(turns_text)
        ws, stats = build_workspace(files, embedder, search=overrides)
        chunks += stats["chunks"]
        embed_s += stats["embed_s"]
        asked = datetime.strptime(item["question_date"].split(" ")[0], "%Y/%m/%d")
        ws = Workspace.open(ws.root, clock=lambda asked=asked: asked)
        evidence = set(item["answer_session_ids"])
        for mode in systems:
            if mode == "bm25-turns":
                ranked = [Turn(p, line) for p, line in baseline.search(item["question"], 40)]
            else:
                ranked = search(
                    ws, item["question"], k=40, mode=use_system(mode), embedder=embedder
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
                        any_turn, share = turn_scores(ranked, turn_set, answers, k)
                        metrics[(mode, qtype, f"any@{k}")].append(any_turn)
                        metrics[(mode, qtype, f"share@{k}")].append(share)
                if args.misses and mode == "hybrid" and k == 5 and answers and not any_turn:
                    print_miss(item, ranked, turn_set, answers, turns_text)
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
        "any@5",
        "any@10",
        "share@5",
        "share@10",
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
        for mode in systems
        for qtype in types
    ]
    print(recall_table("LongMemEval_S sample: retrieval", rows, ["mode", "type", "n", *columns]))
    print(
        f"\n{len(items)} questions, {int(chunks)} chunks, embedding {embed_s:.0f} s "
        f"({chunks / max(embed_s, 1e-9):.0f} chunks/s, {embedder.name}), total {time.perf_counter() - started:.0f} s"
    )
    print(
        f"wrote {write_results('longmemeval', {'embedder': embedder.name, 'settings': args.set, 'rows': rows, 'chunks': chunks})}"
    )


def print_miss(
    item: dict,
    ranked: list,
    turn_set: set[tuple[str, int]],
    answers: set[tuple[str, int]],
    turns_text: dict[tuple[str, int], str],
) -> None:
    """One missed question: the gold turns, then the five turns shown in their place."""
    print(f"- {item['question_id']} [{item['question_type']}] {item['question']!r}")
    for key in sorted(answers):
        print(f"    gold {key[0]}:{key[1]} {turns_text[key][:110]!r}")
    for key in top_turns(ranked, turn_set, 5):
        print(f"    shown {key[0]}:{key[1]} {turns_text[key][:110]!r}")


class Turn:
    """A baseline result: one turn."""

    def __init__(self, path: str, line: int):
        self.path, self.start_line, self.end_line = path, line, line


if __name__ == "__main__":
    main()
