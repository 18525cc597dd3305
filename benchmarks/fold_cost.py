"""What folding traditional Chinese to simplified costs search (text/scripts.folded, issue 14).

One process, one generated 10k-chunk index (latency.py's daily logs), the same queries searched
with the fold on and off, alternating per query so both see the same machine load; query vectors
are computed before timing. ``--traditional`` writes the memory and the queries in traditional
characters (every character that has a traditional form), the case where each candidate is
folded; otherwise the fold only looks for a traditional character and finds none.

    .venv/bin/python benchmarks/fold_cost.py [--traditional] [--queries 100]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from common import recall_table, write_results
from latency import Precomputed, Zipf, fill_random_vectors, generate, make_queries, vocabulary

MODES = ("hybrid", "lexical")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--traditional", action="store_true")
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--chunks", type=int, default=10000)
    args = parser.parse_args()
    from memstrata.core.initialize import init_workspace
    from memstrata.providers.embedders import USEEmbedder
    from memstrata.recall import query, ranking, search
    from memstrata.recall.store import SqliteIndex
    from memstrata.text import scripts, tokenize

    rng = random.Random(7)
    words = vocabulary(rng)
    if args.traditional:
        back: dict[int, str] = {}
        for traditional, simple in scripts._to_simplified().items():
            back.setdefault(ord(simple), chr(traditional))
        words = [word.translate(back) for word in words]
    zipf = Zipf(words, rng)
    queries = make_queries(words, rng, args.queries)
    asked = list(dict.fromkeys(queries + [scripts.folded(q) for q in queries]))
    model: Any = Precomputed(USEEmbedder(tuned=True), asked)
    root = Path(tempfile.mkdtemp(prefix="memstrata-fold-")) / "ws"
    ws = init_workspace(root, preset="openclaw", lang="en").workspace
    generate(ws.root, args.chunks, 10, zipf)
    index = SqliteIndex(ws, model)
    index.sync(embed=False)
    fill_random_vectors(index, model.name, model.dim)
    modules = (query, ranking, search, tokenize)
    folds = {module: module.folded for module in modules}

    def fold(on: bool) -> None:
        for module, folded in folds.items():
            module.folded = folded if on else (lambda text: text)

    times: dict[tuple[bool, str], list[float]] = {
        (on, m): [] for on in (True, False) for m in MODES
    }
    for mode in MODES:
        search.search(ws, queries[0], mode=mode, embedder=model)  # warm: matrix, caches
        for repeat in range(2):
            for text in queries:
                for on in (True, False) if repeat % 2 == 0 else (False, True):
                    fold(on)
                    started = time.perf_counter()
                    search.search(ws, text, mode=mode, embedder=model)
                    times[(on, mode)].append((time.perf_counter() - started) * 1000)
    fold(True)
    rows = []
    for mode in MODES:
        off, on = sorted(times[(False, mode)]), sorted(times[(True, mode)])
        rows.append(
            {
                "mode": mode,
                "off p50": round(statistics.median(off), 2),
                "on p50": round(statistics.median(on), 2),
                "off p95": round(off[int(0.95 * len(off))], 2),
                "on p95": round(on[int(0.95 * len(on))], 2),
                "p50 ratio": round(statistics.median(on) / statistics.median(off), 3),
            }
        )
    script = "traditional" if args.traditional else "simplified"
    columns = ["mode", "off p50", "on p50", "off p95", "on p95", "p50 ratio"]
    print(recall_table(f"Fold cost, memory in {script}, {args.chunks} chunks (ms)", rows, columns))
    print(f"wrote {write_results(f'fold_cost_{script}', {'chunks': args.chunks, 'rows': rows})}")


if __name__ == "__main__":
    main()
