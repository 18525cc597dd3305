"""Cheap lexical similarity of two short texts: Latin words plus Chinese character bigrams.

Used where a model would be too slow (hooks run on every prompt): candidate matching, pre-task
warnings, review lookups. No segmenter either: rjieba's ~100 ms import would be most of a
hook's time, and bigrams match Chinese words without one (提供商 shares 提供 and 供商).
"""

from __future__ import annotations

import re

from memstrata.text.scripts import simplified
from memstrata.text.titles import MARKER
from memstrata.text.tokenize import CJK_RUN, STOPWORDS

_LATIN_WORD = re.compile(r"[a-z0-9][a-z0-9_.-]*")
# Function-word pairs that say nothing about the topic of a sentence.
_STOP_BIGRAMS = frozenset(
    [
        "帮我",
        "一个",
        "一下",
        "我们",
        "你们",
        "这个",
        "那个",
        "什么",
        "怎么",
        "时候",
        "可以",
        "需要",
        "新的",
        "我的",
        "你的",
        "如果",
        "然后",
        "现在",
        "已经",
        "请你",
        "帮忙",
        "的话",
        "是不",
        "不是",
        "有没",
        # the frame of a preference or a standing rule, not its subject: "我喜欢茶" and
        # "我喜欢咖啡" shared 我喜 and 喜欢, two thirds of the shorter one's words
        "我喜",
        "喜欢",
        "更喜",
        "我更",
        "欢用",
        "以后",
        "记住",
        "不要",
        "都用",
    ]
)


def _words(text: str) -> set[str]:
    """Latin words and overlapping Chinese character bigrams. No segmenter: hooks call this on
    every prompt, and rjieba's ~100 ms import would be most of their time."""
    # A redaction marker says only that a secret was there: two statements sharing one
    # ("…密码应该是 [REDACTED:password]" and "my password is [REDACTED:password]…") are not alike.
    lowered = simplified(MARKER.sub(" ", text).lower())  # 記住 and 记住 are one word
    found = {
        w
        for w in _LATIN_WORD.findall(lowered)
        if (w not in STOPWORDS and len(w) > 1) or w.isdigit()
    }
    for run in CJK_RUN.findall(lowered):
        pairs = {run[i : i + 2] for i in range(len(run) - 1)} if len(run) > 1 else {run}
        found |= pairs - _STOP_BIGRAMS
    return found


def term_count(text: str) -> int:
    """How many words or Chinese bigrams a text holds."""
    return len(_words(text))


def shared_terms(first: str, second: str) -> int:
    """How many words or Chinese bigrams two texts share."""
    return len(_words(first) & _words(second))


def similarity(first: str, second: str) -> float:
    """Word overlap of two summaries (overlap coefficient: short restatements still match)."""
    a, b = _words(first), _words(second)
    if not a or not b:
        return 0.0
    return len(a & b) / min(len(a), len(b))
