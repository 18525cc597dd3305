"""Traditional Chinese read as simplified, character for character.

The signal rules, the statement and title rules, the glossary and the stop bigrams are written in
simplified characters, so a user writing traditional ones (台灣, 香港: "記住", "不對", "以後都這樣")
went unread: learning_sim10's blind run (a data engineer in 台北) lost corrections, preferences
and repeats that its simplified twin kept. The readers see the simplified reading; what is
written keeps the user's own characters (``restored``). One character for one keeps every
offset. The table is OpenCC's t2s (benchmarks/make_script_table.py), read on first use.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_TABLE = Path(__file__).with_name("traditional.txt")


@cache
def _to_simplified() -> dict[int, str]:
    _header, traditional, simple = _TABLE.read_text(encoding="utf-8").splitlines()[:3]
    return {ord(t): s for t, s in zip(traditional, simple, strict=True)}


def simplified(text: str) -> str:
    """``text`` with each traditional character in its simplified form (the same length)."""
    if text.isascii():  # most tool output and English: no table needed
        return text
    return text.translate(_to_simplified())


def restored(said: str, original: str) -> str:
    """``said`` (read from ``simplified(original)``) in the characters ``original`` used: each
    simplified character that stands for a traditional one there is written back as it was."""
    if said.isascii() or original.isascii():
        return said
    back: dict[int, str] = {}
    for mine, theirs in zip(simplified(original), original, strict=True):
        if mine != theirs:
            back.setdefault(ord(mine), theirs)
    return said.translate(back) if back else said
