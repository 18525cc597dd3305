"""Citations and short titles shared by every service that reports where a memory lives."""

from __future__ import annotations

import re

_CLAUSE_END = re.compile(r"[。！？!?；;\n]|[，,：:](?=.{8,})|\.\s")


def cite(path: str, start: int, end: int | None = None) -> str:
    """``📍 path:L12`` for one line, ``📍 path:L12-L15`` for a span."""
    if end is None or end == start:
        return f"📍 {path}:L{start}"
    return f"📍 {path}:L{start}-L{end}"


def brief(text: str, limit: int = 20) -> str:
    """A short title: the first clause of ``text``, at most ``limit`` characters."""
    text = " ".join(text.split())
    match = _CLAUSE_END.search(text)
    head = text[: match.start()] if match and match.start() > 0 else text
    head = head.strip(" ，,。.:：")
    return head if len(head) <= limit else head[: limit - 1].rstrip() + "…"
