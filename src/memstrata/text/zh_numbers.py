"""Chinese numerals as numbers: "四千" 4000, "四十八" 48, "五点二" 5.2, "五零二" 502.

Users who dictate (voice input) or write casually say numbers in words: "J-Link 开四千 k", "先灰度百分
之五", "K3 用的是 IDF 五点二", and the same value said in digits elsewhere must compare equal
(learning_sim9). A library (cn2an) converts every 一 in a sentence ("一下" to "1下"); which runs
are numbers is the caller's to say, and reading one is a few lines.
"""

from __future__ import annotations

import re

DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4}
DIGITS |= {"五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_PLACES = {"十": 10, "百": 100, "千": 1000}
_MYRIAD = {"万": 10_000, "亿": 100_000_000}
# A run of numeral characters, with a decimal part after 点 ("五点二").
NUMERAL = r"[零〇一二两三四五六七八九十百千万亿]+(?:点[零〇一二三四五六七八九]+)?"
_WHOLE = re.compile(NUMERAL)


def zh_number(word: str) -> float | None:
    """The value of a Chinese numeral, or None when ``word`` is not one."""
    if not _WHOLE.fullmatch(word):
        return None
    whole, _, decimals = word.partition("点")
    value = _integer(whole)
    if value is None or not decimals:
        return value
    return float(f"{int(value)}.{''.join(str(DIGITS[c]) for c in decimals)}")


def _integer(word: str) -> float | None:
    if not word or word in _MYRIAD:  # 万 alone is "ten thousand" only in 万一 / 千万: no number
        return None
    if all(c in DIGITS for c in word):  # read digit by digit: "五零二" is 502
        return float("".join(str(DIGITS[c]) for c in word))
    total = section = 0
    digit: int | None = None
    place = 1  # the last place said, for a digit after it alone: 一百二 is 120, 两千五 is 2500
    gap = False
    for char in word:
        if char in "零〇":  # a gap between places: 一百零五 is 105
            gap = True
            continue
        if char in DIGITS:
            if digit is not None:  # two digits in a row inside a positional numeral
                return None
            digit = DIGITS[char]
        elif char in _PLACES:
            section += (1 if digit is None else digit) * _PLACES[char]
            digit, place, gap = None, _PLACES[char], False
        else:  # 万 / 亿
            total += (section + (digit or 0)) * _MYRIAD[char]
            section, digit, place, gap = 0, None, _MYRIAD[char], False
    if digit is not None and place > 1 and not gap:
        digit *= place // 10
    return float(total + section + (digit or 0))
