"""Short titles for entries: the first clause of a text, cut at a word boundary."""

from __future__ import annotations

import re

_CLAUSE_END = re.compile(r"[。！？!?；;\n]|[，,：:](?=.{8,})|\.\s")
_HEADING_MARKS = re.compile(r"^\s*(?:#{1,6}(?:\s+|$))+")


def strip_heading_marks(title: str) -> str:
    """``## 注入`` as a title or section is ``注入``: memstrata makes the heading itself, so the
    marks a user copied from a heading would read ``## ## 注入``. ``#42`` (no space) stays."""
    return _HEADING_MARKS.sub("", title).strip()


def brief(text: str, limit: int = 20) -> str:
    """A short title: the first clause of ``text``, at most ``limit`` characters."""
    text = " ".join(text.split())
    match = _CLAUSE_END.search(text)
    head = text[: match.start()] if match and match.start() > 0 else text
    head = head.strip(" ，,。.:：")
    if len(head) <= limit:
        return head
    cut = head[: limit - 1]
    if head[limit - 1].isascii() and head[limit - 1].isalnum() and " " in cut:
        cut = cut[: cut.rindex(" ")]  # do not split an English word
    return cut.rstrip() + "…"


def title_limit(text: str) -> int:
    """Titles get 20 characters of Chinese but 40 of English, which says less per character."""
    ascii_share = sum(ch.isascii() for ch in text) / max(len(text), 1)
    return 40 if ascii_share > 0.5 else 20
