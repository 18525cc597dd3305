"""Cut a Chinese query by the words the index already holds, without the segmenter.

Hooks run on every prompt, and rjieba's import (it builds its 350k-word dictionary) costs
120-200 ms, most of a prompt hook's time. A query word only counts where the index holds it,
and the index's words are rjieba's own cuts of the memory (search mode: 数据库 also as 数据 and
据库), so the index's vocabulary is the dictionary that matters for lexical search. CC-CEDICT's
headwords are added for the words memory says in the other language (部署 is not in an English
memory, but its translation "deploy" is). The cut prefers the fewest pieces, then the fewest
unknown characters; a run of unknown characters becomes two-character pieces, which weigh as
much as the unknown words the segmenter would have produced (the IDF of a word found nowhere).

Measured against the segmenter on the warnings sets and the recall set (BENCHMARKS.md "Hook
latency"); used only where the import would dominate: ``search(hot_path=True)`` from hooks.
"""

from __future__ import annotations

from collections.abc import Callable

from memstrata.text.tokenize import STOPWORDS

# Longest word looked up: rjieba's search mode emits words of up to 4 characters beside the
# longer ones, so a 4-character window finds a known word inside any longer one.
MAX_WORD = 4
# An unknown character costs more than a known piece: 网关服务 is 网关 + 服务, not 网 + 关服 + 务.
_UNKNOWN_COST = 1.5

Known = Callable[[list[str]], set[str]]


def cut_run(run: str, known: Known) -> list[str]:
    """``run`` (one run of Chinese characters) cut into known words where it can be."""
    if len(run) <= 2:
        return [run]
    windows = list(
        dict.fromkeys(
            run[start : start + size]
            for size in range(2, MAX_WORD + 1)
            for start in range(len(run) - size + 1)
        )
    )
    words = known(windows)
    # best[i]: (cost, pieces) of the cheapest cut of run[:i]
    best: list[tuple[float, list[str]]] = [(0.0, [])]
    best += [(float("inf"), [])] * len(run)
    for end in range(1, len(run) + 1):
        for size in range(1, min(MAX_WORD, end) + 1):
            piece = run[end - size : end]
            if size > 1 and piece not in words:
                continue
            cost = best[end - size][0] + (1.0 if size > 1 else _UNKNOWN_COST)
            if cost < best[end][0]:
                best[end] = (cost, [*best[end - size][1], piece])
    return _pair_unknown(best[-1][1], words)


def _pair_unknown(pieces: list[str], words: set[str]) -> list[str]:
    """Single characters in a row that no known word covers, as two-character pieces (a lone
    one stays single, as the segmenter leaves 帮; a stopword such as 我 or 的 stays single so
    the query drops it, as it drops the segmenter's)."""
    out: list[str] = []
    loose = ""
    for piece in [*pieces, ""]:
        if len(piece) == 1 and piece not in words and piece not in STOPWORDS:
            loose += piece
            continue
        out.extend(loose[i : i + 2] for i in range(0, len(loose), 2))
        loose = ""
        if piece:
            out.append(piece)
    return out
