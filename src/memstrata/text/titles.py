"""Short titles for entries: the first clause of a text, cut at a word boundary.

Text is redacted before it is cut (half a key is no longer recognisable as one), so what is cut
may hold ``[REDACTED:kind]`` markers: every cut here keeps a marker whole or cuts before it,
and a marker's ``:`` never ends a clause.
"""

from __future__ import annotations

import re
import unicodedata

# What core.redact puts in place of a secret; defined here so that the pure cutting helpers
# can keep it whole without depending on the redactor.
MARKER = re.compile(r"\[REDACTED(?::[a-z_]*)?\]")
# ASCII ! ? ; glued to the next character are inside a token (``Zx9!kLm2``, ``<!--``, ``a;b``),
# not the end of a sentence.
_CLAUSE_END = re.compile(
    r"[。！？；\n]|[!?;](?![\x22-\x3a\x3c-\x3e\x40-\x7e])|[，,：](?=.{8,})"
    # an ASCII colon inside a time, a port, a URL or a path (14:00, :8080, https://, C:\\) is text
    # …and so is one glued to the word after it (-XX:MaxRAMPercentage=75, key:value)
    r"|(?<!\d):(?![\d/\\\w])(?=.{8,})|(?<!\be\.g)(?<!\bi\.e)(?<!\betc)(?<!\bvs)\.\s"
    # a space between two Chinese characters pauses a message typed without punctuation
    # (after four characters or more: "嗯 我想了想 …" is no clause "嗯")
    r"|(?<=[\u4e00-\u9fff]{4})\s+(?=[\u4e00-\u9fff])"
)
_HEADING_MARKS = re.compile(r"^\s*(?:#{1,6}(?:\s+|$))+")


def strip_heading_marks(title: str) -> str:
    """``## 注入`` as a title or section is ``注入``: memstrata makes the heading itself, so the
    marks a user copied from a heading would read ``## ## 注入``. ``#42`` (no space) stays."""
    return _HEADING_MARKS.sub("", title).strip()


def _cut_point(text: str, at: int) -> int:
    """``at``, moved back to the start of a redaction marker it would split."""
    for match in MARKER.finditer(text):
        if match.start() < at < match.end():
            return match.start()
        if match.start() >= at:
            break
    return at


def clip(text: str, limit: int, mark: str = "…") -> str:
    """``text`` in at most ``limit`` characters: cut with ``mark`` at the end when longer,
    never inside a ``[REDACTED:kind]`` marker (the cut moves before it)."""
    if len(text) <= limit:
        return text
    return text[: _cut_point(text, max(limit - len(mark), 0))].rstrip() + mark


# The longest lead before a colon that is a topic for what follows, not a clause of its own.
_TOPIC_MAX = 6


def brief(text: str, limit: int = 20) -> str:
    """A short title: the first clause of ``text``, at most ``limit`` characters."""
    text = " ".join(text.split())
    markers = [(m.start(), m.end()) for m in MARKER.finditer(text)]
    match = next(
        (
            m
            for m in _CLAUSE_END.finditer(text)
            if not any(start < m.start() < end for start, end in markers)
        ),
        None,
    )
    head = text[: match.start()] if match and match.start() > 0 else text
    # a dot that opens a name stays (".env 要加进 …", ".npmrc"): review32
    head = head.rstrip(" ，,。.:：").lstrip(" ，,。:：")
    head = head if re.match(r"\.[A-Za-z0-9_]", head) else head.lstrip(".")
    if match and text[match.start()] in ":：" and 0 < len(head) <= _TOPIC_MAX < limit - 4:
        # a short topic says nothing alone ("决定：以后 staging 统一用 5433" was "决定")
        colon = "：" if text[match.start()] == "：" else ": "
        rest = brief(text[match.end() :], limit - len(head) - len(colon))
        if rest:
            return f"{head}{colon}{rest}"
    return shorten(head, limit)


# Marks after which a title reads as a whole phrase; a cut is moved back to one when it is close.
_PAUSES = "，,、；;：:。"
# How much of a title a cut at a pause may give up for it: a third.
_PAUSE_REACH = 3


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in "WF"


def _boundaries(text: str, room: int) -> list[int]:
    """Where ``text`` may end within ``room`` characters: at a space or beside a wide (CJK)
    character, which ends a word by itself. A Latin word, a number (1500.5), a path
    (/etc/gw/conf.d) or a redaction marker holds neither, so none is ever cut inside."""
    return [
        at
        for at in range(1, min(room, len(text) - 1) + 1)
        if text[at].isspace() or text[at - 1].isspace() or _wide(text[at]) or _wide(text[at - 1])
    ]


def shorten(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters, ending in "…" when cut (seed note 000: a brief
    says its point in 20). The cut falls at a word boundary, at a pause (，、；：) when one is
    within the last third, and inside a word only when the words before it would leave less
    than a third of the brief ("用 https://example.com/…" rather than "用…")."""
    if len(text) <= limit:
        return text
    room = limit - 1
    cuts = [
        at for at in _boundaries(text, room) if len(text[:at].rstrip(" " + _PAUSES)) * 3 >= room
    ]
    pauses = [
        at
        for at in cuts
        if at * _PAUSE_REACH >= room * (_PAUSE_REACH - 1)
        and (text[at] in _PAUSES or text[at - 1] in _PAUSES)
    ]
    at = (pauses or cuts or [_cut_point(text, room)])[-1]
    return text[:at].rstrip(" " + _PAUSES) + "…"


# Seed 000's "20 字以内" counts as Chinese writers count 字: a character of Chinese, and a word,
# number or name in Latin letters as one (kafka-01.hz.infra:9092, maxOpenConns=100). Counted per
# character, a mixed title lost the value it was about ("prometheus 的地址…", "Kafka 集群的 bootstrap
# 地址是…": a blind title set, writer A). A long run of Latin names still ends at _MIXED_MOST.
TITLE_UNITS = 20
# A title cut just before the value it sets keeps it when it ends within this many more
# characters ("set the read timeout of the gateway to 1500.5 seconds").
VALUE_ROOM = 16
_MIXED_MOST = 48
_ENGLISH = 40
_UNIT = re.compile(
    r"[^\s\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]+|[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]"
)


def title_units(text: str) -> int:
    """How long ``text`` is as seed 000 counts a brief: its Chinese characters and Latin words."""
    return len(_UNIT.findall(text))


def title_limit(text: str) -> int:
    """How many characters a title of ``text`` may take: 20 字 of Chinese (a Latin word counted as
    one), at most 48 characters; 40 of English, which says less per character."""
    if not re.search(r"[\u4e00-\u9fff]", text):
        return _ENGLISH
    units = list(_UNIT.finditer(text))
    if len(units) <= TITLE_UNITS:
        return min(max(len(text), TITLE_UNITS), _MIXED_MOST)
    return min(max(units[TITLE_UNITS - 1].end(), TITLE_UNITS), _MIXED_MOST)
