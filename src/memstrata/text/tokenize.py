"""Text -> search tokens for SQLite FTS5, Chinese-aware.

FTS5's unicode61 tokenizer treats a run of Chinese characters as one token, so ``端口`` would
never match ``数据库端口是5433``. Chinese runs are therefore segmented before they reach FTS5
(rjieba's search mode, which also emits the sub-words: 数据库 -> 数据, 据库, 数据库), and the
tokens are joined by spaces. English is lower-cased; FTS5's porter stemmer does the rest.
rjieba was chosen by measurement (BENCHMARKS.md): no dictionary load on first use and 17x
faster than jieba on 80k characters; it is imported only when a text holds Chinese.
What is indexed and what is asked are folded to simplified characters first (``folded``), so
traditional and simplified Chinese match each other.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from memstrata.text.scripts import folded

# Cuts one run of Chinese characters into words: rjieba by default; hooks pass the index's own
# vocabulary instead (recall/vocabulary_cut.py), which needs no segmenter import.
Cut = Callable[[str], list[str]]

# What the index's words depend on: the segmenter and the script fold (a change rebuilds).
SEGMENTER = "rjieba-0.2.2+t2s"
CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_WORD = re.compile(r"[\w\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+", re.UNICODE)
_LATIN = re.compile(r"[^\W_]+(?:[._-][^\W_]+)*", re.UNICODE)

STOPWORDS = frozenset(
    """a an and are as at be been but by can could did do does for from had has have how i if in
    into is it its me my no not of on or our so than that the their them then there these they
    this to too was we were what when where which who whom why will with would you your about
    after again all am any because before being between both during each few further here
    just more most other over own same should some such through under until up very while
    的 了 是 在 和 与 及 也 都 就 而 吗 呢 吧 啊 呀 我 你 他 她 它 们 这 那 个 有 没 没有 什么 怎么
    一个 一下 请 把 被 给 对 从 到 为 以 于 之 其 或 如果 但是 因为 所以 还是 哪 哪些 哪个 多少""".split()  # noqa: SIM905
)


@lru_cache(maxsize=1)
def _rjieba() -> Any:
    import rjieba

    return rjieba


def _segment_cjk(run: str, for_query: bool, cut: Cut | None = None) -> list[str]:
    if len(run) <= 2:
        return [run]
    if cut is not None:
        return [piece for piece in cut(run) if piece.strip()]
    rj = _rjieba()
    pieces = rj.cut(run) if for_query else rj.cut_for_search(run)
    return [piece for piece in pieces if piece.strip()]


def tokens(text: str, for_query: bool = False, cut: Cut | None = None) -> list[str]:
    """Search tokens of ``text``: segmented Chinese words (by ``cut`` when given) and
    lower-cased Latin words."""
    out: list[str] = []
    for match in _WORD.finditer(text):
        chunk = match.group(0)
        position = 0
        for cjk in CJK_RUN.finditer(chunk):
            out.extend(piece.lower() for piece in _LATIN.findall(chunk[position : cjk.start()]))
            out.extend(_segment_cjk(cjk.group(0), for_query, cut))
            position = cjk.end()
        out.extend(piece.lower() for piece in _LATIN.findall(chunk[position:]))
    return out


def index_text(text: str) -> str:
    """The space-joined token string stored in FTS5 for a chunk."""
    return " ".join(tokens(folded(text)))


def char_bigrams(text: str) -> list[str]:
    """Distinct overlapping character pairs of every Chinese run (a lone character stays one).

    The segmenter cuts the same words differently in different contexts (阿杰入职 becomes
    阿杰入 / 职, so 入职 never matched it); pairs of characters match whatever the cut.
    """
    seen: dict[str, None] = {}
    for run in CJK_RUN.findall(folded(text)):
        if len(run) == 1:
            seen.setdefault(run, None)
        for start in range(len(run) - 1):
            seen.setdefault(run[start : start + 2], None)
    return list(seen)


def index_grams(text: str) -> str:
    """The space-joined character pairs stored beside the words (every pair, repeats kept, so
    BM25 sees how often a pair occurs)."""
    pairs: list[str] = []
    for run in CJK_RUN.findall(folded(text)):
        pairs.extend(run[start : start + 2] for start in range(max(len(run) - 1, 1)))
    return " ".join(pairs)


def query_terms(text: str, cut: Cut | None = None) -> list[str]:
    """Distinct meaningful query tokens in order (stopwords dropped unless nothing else is left)."""
    seen: dict[str, None] = {}
    raw = tokens(folded(text), for_query=True, cut=cut)
    for token in raw:
        if token not in STOPWORDS and len(token) > 0:
            seen.setdefault(token, None)
    if not seen:
        for token in raw:
            seen.setdefault(token, None)
    return list(seen)


def fts_query(terms: list[str], column: str | None = None) -> str:
    """An FTS5 MATCH expression with OR semantics; every term quoted so no syntax leaks in.
    ``column`` restricts it to one column (or ``{a b}`` columns)."""
    expression = " OR ".join('"' + term.replace('"', '""') + '"' for term in terms)
    return f"{column} : ({expression})" if column else expression
