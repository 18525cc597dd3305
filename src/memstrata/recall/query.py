"""What a query asks for, read once before ranking: its words, character bigrams for short
Chinese queries, and two intents that change which of several similar memories should win.

* ``current``: the query asks for the value now (现在, 目前, 最新, now, these days, latest...).
  Memory holds every earlier value too (a port changed twice, a budget revised); when it asks
  for the current one, the newest of the alike candidates goes first.
* ``decision``: the query asks what was decided (决定, 定了, settle on, decide...). The
  discussion lives in daily logs, the outcome in a terse MEMORY.md bullet: that one goes first.
* ``window``: the query names a time ("上周", "four weeks ago", "in July"; recall/when.py):
  chunks dated inside it go first, and its words are not query words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from memstrata.recall.jargon import jargon_synonyms
from memstrata.recall.translate import translations
from memstrata.recall.when import Window, time_window
from memstrata.text.lazy_re import lazy_compile
from memstrata.text.scripts import folded
from memstrata.text.tokenize import CJK_RUN, Cut, char_bigrams, query_terms

_CURRENT = lazy_compile(
    r"现在|目前|当前|如今|眼下|最新|最近一次|最近的|这些天|这阵子|现行|还在用"
    r"|\bnow\b|\bcurrent(?:ly)?\b|these days|\blatest\b|most recent|at the moment|\bstill\b"
    r"|\btoday\b",
    re.IGNORECASE,
)
_DECISION = lazy_compile(
    r"决定|定了|定下|定的|拍板|敲定|选定|结论|怎么定|定没定"
    r"|\bdecid(?:e|ed|ing)\b|\bdecision\b|\bsettle[ds]?\b|\bagreed?\b|\bwent with\b|\bgo with\b",
    re.IGNORECASE,
)
# Words that only say "the value now": the intent above handles them. They stay query words
# ("what book am I currently reading" finds "I'm currently reading"), but are not translated:
# 今天 and 现在, translations of "now", matched any line about today and outvoted the answer.
_NOW_WORDS = lazy_compile(
    r"\bright now\b|\bnow\b|\bcurrent(?:ly)?\b|these days|at the moment|现在|目前|当前|如今|眼下",
    re.IGNORECASE,
)
# Queries of at most this many Chinese characters also match by character bigrams: 证书过期
# must find 证书…过期 and 过期的证书 whichever way the segmenter cut them.
SHORT_CJK = 6


@dataclass
class QueryPlan:
    """The parts of a query the ranking uses."""

    text: str
    terms: list[str]
    grams: list[str] = field(default_factory=list)
    # Words in the other language for each term (CC-CEDICT), before search keeps those that
    # occur in the index.
    synonyms: dict[str, list[str]] = field(default_factory=dict)
    # The glossary's words for each term (recall/jargon.py: other language or other wording);
    # search keeps all of those that occur in the index, beside the dictionary's few.
    jargon: dict[str, list[str]] = field(default_factory=dict)
    current: bool = False
    decision: bool = False
    window: Window | None = None
    # Only a time is asked about ("今天做了什么", "what happened yesterday"): whatever is dated
    # inside the window answers it, whether or not it shares a word with the question.
    open_ended: bool = False


# Words that ask what happened without naming anything ("今天做了什么", "what did I do").
_ONLY_ASKING = frozenset(
    [
        "做",
        "干",
        "干啥",
        "干嘛",
        "啥",
        "弄",
        "搞",
        "忙",
        "发生",
        "进展",
        "事",
        "事情",
        "我",
        "我们",
        "咱们",
        "你",
        "what",
        "i",
        "we",
        "you",
        "happen",
        "happened",
        "happening",
        "do",
        "did",
        "done",
        "doing",
        "work",
        "worked",
        "working",
        "up",
        "busy",
    ]
)


def plan_query(
    text: str, translate: bool = True, today: date | None = None, cut: Cut | None = None
) -> QueryPlan:
    """Terms, bigrams (short Chinese queries only), translations and intents of ``text``; with
    ``today``, also the window of dates it names (its time words are then not query words,
    unless nothing else is left). ``cut``: how Chinese is cut (default: the segmenter)."""
    text = folded(text)  # the rules, the glossary and the index are in simplified characters
    current = bool(_CURRENT.search(text))
    window, rest = time_window(text, today) if today is not None else (None, text)
    terms = query_terms(rest, cut) or query_terms(text, cut)
    asked = [t for t in query_terms(rest, cut) if t not in _ONLY_ASKING]
    now = set(query_terms(" ".join(_NOW_WORDS.findall(text)), cut)) if current else set()
    cjk = "".join(CJK_RUN.findall(text))
    grams = char_bigrams(text) if 0 < len(cjk) <= SHORT_CJK else []
    return QueryPlan(
        text=text,
        terms=terms,
        grams=grams,
        synonyms=translations([t for t in terms if t not in now]) if translate else {},
        jargon=jargon_synonyms(rest, [t for t in terms if t not in now]) if translate else {},
        current=current,
        decision=bool(_DECISION.search(text)),
        window=window,
        open_ended=window is not None and not asked,
    )
