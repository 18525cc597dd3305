"""Traditional Chinese read as simplified, character for character.

The signal rules, the statement and title rules, the glossary and the stop bigrams are written in
simplified characters, so a user writing traditional ones (台灣: "記住", "不對", "以後都這樣")
went unread: learning_sim10's blind run (a data engineer in 台北) lost corrections, lessons and
repeats that its simplified twin kept, and hold-out 10 written in traditional characters read
0.78-0.80 macro-F1 against 0.88 in simplified. The readers see the simplified reading; what is
written keeps the user's own characters (``restored``). One character for one keeps every
offset. The table is OpenCC's t2s (benchmarks/make_script_table.py), read on first use.

Written Cantonese is read as typed: the classifier learned it in Hong Kong's traditional
characters, and read as simplified 唔係 became 唔系 and a tester's Cantonese corrections,
preferences and requests lost their labels (review34).

Search folds every script to one (``folded``, Cantonese too): a query typed in one and a memory
written in the other (a 台北 user's question, an entry the rules composed in simplified; a team
store shared by both) must meet on the lexical side, where 資料庫 and 数据库 were different words.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

_TABLE = Path(__file__).with_name("traditional.txt")
# Words only written Cantonese uses (唔係, 喺, 嘅, 咗, 冇, 啲, 嗰, 佢哋, 嘢)
_CANTONESE = re.compile(r"[唔喺嘅咗冇啲嗰佢哋嘢噉嚟㗎咁睇攞畀]")
# Hiragana and katakana: only Japanese writes them
_KANA = re.compile(r"[\u3040-\u30ff]")


@cache
def _to_simplified() -> dict[int, str]:
    _header, traditional, simple = _TABLE.read_text(encoding="utf-8").splitlines()[:3]
    return {ord(t): s for t, s in zip(traditional, simple, strict=True)}


@cache
def _traditional_in_gb2312() -> re.Pattern[str]:
    """The table's last line: the traditional characters GB 2312 holds too (乾, 後, 於 …), read
    without building the table (hooks fold every Chinese prompt)."""
    return re.compile(f"[{_TABLE.read_text(encoding='utf-8').splitlines()[3]}]")


def simplified(text: str) -> str:
    """``text`` with each traditional character in its simplified form (the same length),
    written Cantonese too: the rules are written in simplified characters, and read as typed a
    Cantonese "記住 以後…" was no request (scenario 12, written blind in Hong Kong). The learned
    classifier reads Cantonese as typed instead (``as_the_classifier_reads``)."""
    if text.isascii():
        return text
    return text.translate(_to_simplified())


def as_the_classifier_reads(reading: str, typed: str) -> str:
    """What the learned classifier reads of a message: written Cantonese as typed (it learned it
    in Hong Kong's traditional characters: read as simplified 唔係 became 唔系 and a tester's
    Cantonese corrections lost their labels, review34), anything else as the rules read it."""
    return typed if _CANTONESE.search(typed) else reading


def folded(text: str) -> str:
    """``text`` as search compares it: every traditional character in its simplified form,
    written Cantonese included (the same length, so offsets hold). A line with kana is
    Japanese and kept as written: its 手紙 (a letter) is no 手纸 (toilet paper), 汽車 no 汽车
    (a tester's round found Japanese lines ranked first for Chinese words)."""
    if text.isascii() or not _may_hold_traditional(text):
        return text
    table = _to_simplified()
    if not _KANA.search(text):
        return text.translate(table)
    return "".join(
        line if _KANA.search(line) else line.translate(table)
        for line in text.splitlines(keepends=True)
    )


def _may_hold_traditional(text: str) -> bool:
    """False when ``text`` surely holds no traditional character: it is written in GB 2312's
    characters (simplified Chinese's) and none of the few traditional ones that set has too
    (乾, 後, 於 …). The codec's check costs ~1.5 µs for 400 characters, folding them ~30 µs, and
    it compiles nothing: a class of the table's 3,310 characters took ~7 ms in every hook."""
    try:
        text.encode("gb2312")
    except UnicodeEncodeError:
        return True
    return bool(_traditional_in_gb2312().search(text))


def restored(said: str, original: str) -> str:
    """``said`` (read from ``simplified(original)``) in the characters ``original`` used: each
    stretch of ``said`` found in the reading is copied from the same place of ``original``, so
    two characters with one simplified form stay apart (隻 and 只, 闆 and 板, 係 and 系: review34
    found a character map write "這隻 API 隻能讀"); a stretch moved (a lesson put before its story)
    is looked up on its own; what is left, words the readers added, takes back only the characters
    that stand for one traditional character in ``original``."""
    reading = simplified(original)
    if said.isascii() or reading == original:
        return said
    from difflib import SequenceMatcher  # only for traditional text: hooks import this module

    out, copied = list(said), [False] * len(said)
    matcher = SequenceMatcher(None, said, reading, autojunk=False)
    for mine, theirs, size in matcher.get_matching_blocks():
        out[mine : mine + size] = original[theirs : theirs + size]
        copied[mine : mine + size] = [True] * size
    start = 0
    while start < len(said):
        if copied[start]:
            start += 1
            continue
        end = start
        while end < len(said) and not copied[end]:
            end += 1
        stretch = said[start:end]
        found = reading.find(stretch)
        out[start:end] = (
            original[found : found + len(stretch)]
            if found >= 0
            else stretch.translate(_only_forms(reading, original))
        )
        start = end
    return "".join(out)


def _only_forms(reading: str, original: str) -> dict[int, str]:
    """Each simplified character of ``reading`` that stands for one character of ``original``,
    and not for itself too, with that character."""
    forms: dict[str, set[str]] = {}
    for mine, theirs in zip(reading, original, strict=True):
        forms.setdefault(mine, set()).add(theirs)
    return {
        ord(mine): next(iter(theirs))
        for mine, theirs in forms.items()
        if len(theirs) == 1 and mine not in theirs
    }
