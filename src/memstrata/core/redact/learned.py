"""A learned reader for secret values the rules miss: a linear model over hashed features of a
candidate value and the words around it.

Why: the hand readers of this package were tuned on 25 blind sets of secrets said in words, and
each fresh set still leaks a quarter of its messages, mostly in phrasings and languages no rule
names ("wifi ya ofisi ni 'Kamau-Ops', key ni chapati&chai254"). A model that reads the shape of a
value (digits, capitals, marks, length) and the characters before and after it learns what those
sets share without a rule per phrasing. It only adds findings: what the rules hide stays hidden.

A candidate is a run of Latin letters, digits and marks holding a digit, a mark or an inner
capital, a run of spoken digits (零一二… or 7 3 9 1), or a plain Latin word inside CJK text
(a plain English word in English text is too common to read one by one). Its features (shape, the
1-3 character grams of 14 characters on each side, three words on each side) are hashed into
``DIM`` buckets with CRC-32, so training (``benchmarks/train_secret_reader.py``, scikit-learn)
and this inference (plain Python, no numpy: ``redact`` runs in every hook) see the same numbers.
The weights are package data (``secret_reader.bin``, float32); a missing or damaged file leaves
the rules alone, as before the reader existed.
"""

from __future__ import annotations

import math
import re
import zlib
from array import array
from functools import cache
from pathlib import Path

from memstrata.core.redact.digits import _UNIT_WORD
from memstrata.core.redact.findings import PLACEHOLDER, SecretFinding
from memstrata.core.redact.shapes import _FILE_NAME

DIM = 1 << 16
WEIGHTS = Path(__file__).with_name("secret_reader.bin")
# The probability above which a candidate is hidden: leaving a fifth of the blind sets out at a
# time, this hides 7 of the 156 messages the rules leak for 2 of 2,964 controls changed (p >= 0.8:
# 18 for 3, and a test's guard hidden; BENCHMARKS.md, round 41).
THRESHOLD = 0.9
_LOGIT = math.log(THRESHOLD / (1 - THRESHOLD))

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_SPOKEN_DIGIT = "零〇一二三四五六七八九幺洞两拐勾"
_CANDIDATE = re.compile(
    r"(?:\d[ \-]?){3,}\d"
    r"|[A-Za-z0-9][A-Za-z0-9@#$%^&*!._+\-~]*[A-Za-z0-9@#$%^&*!_+~]"
    rf"|[{_SPOKEN_DIGIT}]{{4,}}"
)
_MARKED = re.compile(rf"[\d@#$%^&*!_+~{_SPOKEN_DIGIT}]|.[A-Z]")
_WORD = re.compile(r"\w+")
# A number told as a way to reach someone is contact, not a secret ("Zapisz mi numer do
# hydraulika: 2 4 6 8"): digits a few words after these are not read.
_CONTACT_BEFORE = re.compile(
    r"(?i:\b(?:phone|tel|call|mobile|cell|numer|numero|número|numéro|nummer|номер)\b)"
    r"|电话|電話|手机|手機|热线|熱線|客服|联系|聯繫|聯絡"
)
_DIGITS_ONLY = re.compile(r"[\d \-]+")


def has_cjk(text: str) -> bool:
    """Whether ``text`` holds Chinese, Japanese or Korean: a plain Latin word in it is read."""
    return _CJK.search(text) is not None


def candidates(text: str, cjk: bool) -> list[tuple[int, int]]:
    """The spans the model reads (see the module docstring); ``cjk``: ``has_cjk(text)``. A part of
    a path, a branch or a URL (next to a "/") and a file's name are not read: a reader trained on
    every candidate hid "/ref/GRCh38/gencode_v44" and "A04_peaks.narrowPeak" (round 42)."""
    return [
        (m.start(), m.end())
        for m in _CANDIDATE.finditer(text)
        if (cjk or _MARKED.search(m.group()))
        and text[m.start() - 1 : m.start()] != "/"
        and text[m.end() : m.end() + 1] != "/"
        and not _FILE_NAME.match(m.group())
    ]


# Each run of digits, capitals or small letters as one symbol: "Hn@wuliu8866" reads "Aa@a9".
_RUN = re.compile(r"\d+|[A-Z]+|[a-z]+")
_SYMBOLS = "9Aa"


def _kind_of(char: str) -> int:
    return 0 if char.isdigit() else 1 if char.isupper() else 2


def _shape(value: str) -> list[str]:
    digits = sum(c.isdigit() for c in value)
    upper = sum(c.isupper() for c in value)
    lower = sum(c.islower() for c in value)
    marks = sum(not c.isalnum() and c != " " for c in value)
    kinds = (digits > 0) + (upper > 0) + (lower > 0) + (marks > 0)
    pattern = _RUN.sub(lambda m: _SYMBOLS[_kind_of(m.group()[0])], value)
    out = [
        f"len{min(len(value), 20)}",
        f"d{min(digits, 12)}",
        f"hasd{digits > 0}",
        f"hasu{upper > 0}",
        f"hasl{lower > 0}",
        f"hass{marks > 0}",
        f"mix{kinds}",
        f"sp{' ' in value}",
        f"cjknum{any(c in _SPOKEN_DIGIT[:11] for c in value)}",
        "pat" + pattern[:8],
    ]
    if value.isalpha() and len(value) <= 14:
        out.append(f"w{value.lower()}")
    return out


def _grams(text: str, prefix: str) -> list[str]:
    return [f"{prefix}{text[i : i + n]}" for n in (1, 2, 3) for i in range(len(text) - n + 1)]


def features(text: str, lowered: str, start: int, end: int, ruled: bool, cjk: bool) -> list[int]:
    """The hashed features of the candidate ``text[start:end]`` (``lowered``: ``text.lower()``;
    ``ruled``: whether a rule found a secret elsewhere in the text; ``cjk``: ``has_cjk(text)``,
    read once per text, not per candidate), each bucket once."""
    names = ["bias", *_shape(text[start:end])]
    names += _grams(lowered[max(0, start - 14) : start], "L:")
    names += _grams(lowered[end : end + 14], "R:")
    names += ["LW:" + w for w in _WORD.findall(lowered[max(0, start - 40) : start])[-3:]]
    names += ["RW:" + w for w in _WORD.findall(lowered[end : end + 40])[:3]]
    names += [f"ruled{ruled}", f"cjk{cjk}"]
    return sorted({zlib.crc32(name.encode()) % DIM for name in names})


@cache
def _weights() -> array | None:
    """The model's weights (``DIM`` features, then the intercept), or None without a whole file."""
    try:
        data = WEIGHTS.read_bytes()
    except OSError:
        return None
    weights = array("f")
    if len(data) != (DIM + 1) * weights.itemsize:
        return None
    weights.frombytes(data)
    return weights


def learned_findings(text: str, found: list[SecretFinding]) -> list[SecretFinding]:
    """Candidates outside ``found`` (the rules' findings) and outside markers already in the
    text, that the model is sure of."""
    weights = _weights()
    if weights is None:
        return []
    taken = [(f.start, f.end) for f in found]
    taken += [(m.start(), m.end()) for m in PLACEHOLDER.finditer(text)]
    lowered, cjk = text.lower(), has_cjk(text)
    out: list[SecretFinding] = []
    for start, end in candidates(text, cjk):
        if any(a < end and start < b for a, b in taken):
            continue
        if _DIGITS_ONLY.fullmatch(text, start, end) and (
            _CONTACT_BEFORE.search(text, max(0, start - 30), start)
            # a count, a year, a time ("另一个是 2026 年改的", "12 ms"): as the rules read it
            or _UNIT_WORD.match(text, end)
        ):
            continue
        score = weights[DIM] + sum(
            weights[i] for i in features(text, lowered, start, end, bool(found), cjk)
        )
        if score < _LOGIT:
            continue
        if out and out[-1].end == start:  # one value read in two parts ("0521" + "lucky")
            out[-1] = SecretFinding("secret", out[-1].start, end)
        else:
            out.append(SecretFinding("secret", start, end))
    return out
