"""A second hop for a question that asks two things (issue 14's multi-hop queries).

"周航负责写的那个 SDK 对应的签名版本，时间容差是多少" needs two lines: the log that says which SDK
周航 writes (签名 v2), then the rule for v2's tolerance. The first hop finds the first; the second
ranks 5-9, because the query never says "v2". Splitting the question at "，" and searching each
part gained nothing (the parts are anaphoric: "时间容差是多少" alone finds every tolerance), nor
did diversity (BENCHMARKS.md, issue 14 rounds 1-2). What links the two lines is a name the first
one holds: so the query is searched again with the names of its top two hits (Latin names,
versions, hosts, numbers the query does not say), and the best hit of that second search that
is not already shown takes the fifth place, its score capped at the fourth's (it was earned
with words the user did not say). Only for questions that ask two things (``TWO_PART``): on a
one-part question the fifth place is the first hop's own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Protocol, TypeVar

from memstrata.text.lazy_re import lazy_compile

# A question that asks two things: a question word on both sides of a comma (not "对了，网关端口
# 是多少" or "网关端口，也就是 gw-01 的端口，是多少": one question, review16), 分别 / 以及 with a
# question word, or English joining two ("… and what …", "…, who …").
_ASKS = r"(?:什么|多少|哪|谁|怎么|为什么|为何|为啥|多久|几|吗)"
# ...or a first part that points at something to find first ("周航负责写的那个 SDK…，…是多少")
_THE_ONE = r"(?:那个|那次|那位|那家|那台|那条|那种)"
TWO_PART = lazy_compile(
    rf"(?:{_ASKS}|{_THE_ONE})[^，,；;]*[，,；;].*{_ASKS}|(?:分别|以及).*{_ASKS}|{_ASKS}.*(?:分别|以及)"
    r"|\band (?:what|who|how|why|which|when)\b|,\s*(?:what|who|how|why|which)\b|\band\b.*\?",
    re.IGNORECASE,
)
# The names a hit holds that can link it to a second fact: a Latin word with a digit (v2,
# sg-02, go-redis v9.6.3), a capitalised name (Lumos, Okafor, NATS), a number of 3+ digits.
_NAME = lazy_compile(r"[A-Za-z][\w.:-]*\d[\w.:-]*|[A-Z][a-zA-Z0-9]+|\b[a-z]+\d[a-z0-9]*\b|\d{3,}")
# The place the second hop's hit takes (0-based): the first four stay the first hop's.
SLOT = 4
NAMES = 4  # at most this many names are added to the query
FROM_HITS = 2  # ...taken from this many of the first hop's hits


class Hit(Protocol):
    path: str
    start_line: int
    snippet: str


H = TypeVar("H", bound=Hit)


def asks_two_things(query: str) -> bool:
    return TWO_PART.search(query) is not None


def bridge_names(query: str, hits: Sequence[Hit]) -> list[str]:
    """The names of the top hits the query does not say, first seen first."""
    said = query.lower()
    found: dict[str, None] = {}
    for hit in hits[:FROM_HITS]:
        for name in _NAME.findall(hit.snippet):
            if name.lower() not in said:
                found.setdefault(name, None)
    return list(found)[:NAMES]


def second_hop(query: str, first: list[H], k: int, search: Callable[[str], list[H]]) -> list[H]:
    """``first`` with the best new hit of a search through the names of its top hits at
    ``SLOT``, for a question that asks two things; ``first`` itself otherwise."""
    if k <= SLOT or not asks_two_things(query):
        return first
    names = bridge_names(query, first)
    if not names:
        return first
    # With fewer hits than that place (the rest under the score floor), the hit goes last.
    place = min(SLOT, len(first))
    shown = {(hit.path, hit.start_line) for hit in first[:place]}
    extra = next(
        (
            hit
            for hit in search(f"{query} {' '.join(names)}")
            if (hit.path, hit.start_line) not in shown
        ),
        None,
    )
    if extra is None:
        return first
    key = (extra.path, extra.start_line)
    rest = [hit for hit in first[place:] if (hit.path, hit.start_line) != key]
    # its score was earned with words the user did not say: never above the place before it
    extra = _capped(extra, first[place - 1])
    return [*first[:place], extra, *rest][:k]


def _capped(hit: H, above: H) -> H:
    score, ceiling = getattr(hit, "score", None), getattr(above, "score", None)
    if score is None or ceiling is None or score <= ceiling:
        return hit
    return replace(hit, score=ceiling)  # type: ignore[type-var]
