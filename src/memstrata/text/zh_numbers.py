"""Numbers said in words, as numbers: "四千" 4000, "五点二" 5.2, "五零二" 502, and a statement's
numbers written in digits where they are values (``in_digits``: "百分之五" 5%, "九点半" 9:30).

Users who dictate (voice input) or write casually say numbers in words: "J-Link 开四千 k", "先灰度百分
之五", "K3 用的是 IDF 五点二", and the same value said in digits elsewhere must compare equal
(learning_sim9). A library (cn2an) converts every 一 in a sentence ("一下" to "1下"); which runs
are numbers is the caller's to say, and reading one is a few lines.
"""

from __future__ import annotations

import re

from memstrata.text.lazy_re import lazy_compile

DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4}
DIGITS |= {"五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_PLACES = {"十": 10, "百": 100, "千": 1000}
_MYRIAD = {"万": 10_000, "亿": 100_000_000}
# A run of numeral characters, with a decimal part after 点 ("五点二").
NUMERAL = r"[零〇一二两三四五六七八九十百千万亿]+(?:点[零〇一二三四五六七八九]+)?"
_WHOLE = lazy_compile(NUMERAL)


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


def number_text(value: float) -> str:
    """A number as digits: 5400, 1.5 (no ".0")."""
    return str(int(value)) if value == int(value) else f"{value:g}"


# Numbers said in words (voice input, casual Chinese: learning_sim9) where they are values: a
# percentage ("百分之五"), before a unit or a scale ("四千 k", "跑满四十八小时"), a
# decimal ("五点二"), a run of digits read one by one ("端口五零二"). Elsewhere 一 is no number
# ("一下", "一样", "万一").
_ZH_PERCENT = lazy_compile(rf"百分之({NUMERAL}|\d+(?:\.\d+)?)")
_ZH_BEFORE_UNIT = lazy_compile(
    # (一 before a time and a limit is "per", not one: "一天最多发布两次" / "每天 2 次": review33;
    # "日志保留一个月", "session 一小时过期" are lengths)
    r"(?!一(?:天|周|星期|个月|小时)(?:最多|最少|至多|至少|不超过|只|能|可以|[一二两三四五六七八九十\d]+次))"
    rf"({NUMERAL})(?=\s*(?:个半|天|小时|钟头|分钟|秒|毫秒|周|星期|个月|核|伏|毫安"
    r"|微安|字节|元|块|美元|公斤|千克|斤"
    r"|(?:[kKwWmMgGtT](?:i?[bB])?|[mMuµμ]?[aA]|[kKmMgG]?[hH][zZ]|ms|[sShHvV]|%)(?![A-Za-z])))"
)
_ZH_DECIMAL = lazy_compile(
    r"(?<![零一二两三四五六七八九十百千万点])[零一二两三四五六七八九十]+点[零一二三四五六七八九]+"
    r"(?![零一二两三四五六七八九十百千万点分])"
)
_ZH_DIGIT_RUN = lazy_compile(r"[零〇一二三四五六七八九]{3,}")
_HALF_MORE = lazy_compile(r"(\d+)\s*个半\s*(小时|钟头|月)")
_CLOCK_HALF = lazy_compile(r"(?<![\d.])(\d{1,2}|[一二两三四五六七八九十]{1,3})\s*点半")
_CLOCK = lazy_compile(r"(?<![\d.])(\d{1,2})\s*点\s*(\d{2})\s*分?")
# A whole hour said in words where it is a time ("九点半" -> "十点开", "下午三点"; not "这三点要注意")
_HOUR = r"([一二两三四五六七八九十]{1,3}|\d{1,2})点"
_CLOCK_HOUR = lazy_compile(
    # an hour that ends its clause ("站会十点", "改到九点"), not a count of points ("这三点",
    # "第三点"); anywhere, a word after it that says it is a time (below)
    r"()(?<![第这那几哪有])" + _HOUR + r"(?=[\s，,。.]|$)"
)
_CLOCK_HOUR_SAID = lazy_compile(r"()" + _HOUR + r"(?=开|整|钟|左右|以前|之前|以后|之后)")
_TIME_OF_DAY = lazy_compile(r"(?<![\d.:])([01]?\d|2[0-4]):([0-5]\d)(?![\d:])")
# "10pm", "9:30 am": the same dial ("晚上十点以后" / "after 10pm")
_AM_PM = lazy_compile(r"(?<![\d.:])(1[0-2]|0?\d)(?::([0-5]\d))?\s*[ap]\.?m\b\.?", re.IGNORECASE)
_VERSION_V = lazy_compile(r"(?<![A-Za-z0-9_])[vV](?=\d+(?:\.\d+)*(?![A-Za-z0-9_.]))")  # not "v1.2s"
_JIN = lazy_compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*斤")


def _digits(match: re.Match[str]) -> str:
    value = zh_number(match.group(0))
    return match.group(0) if value is None else number_text(value)


def in_digits(text: str) -> str:
    """``text`` with the numbers said in words written in digits, where they are values."""
    text = _ZH_PERCENT.sub(lambda m: f"{_in_digit(m.group(1))}%", text)
    text = _ZH_BEFORE_UNIT.sub(_digits, text)
    text = _ZH_DECIMAL.sub(lambda m: f"{_digits(m)} ", text)  # "IDF 五点二了": 5.2, not "5.2了"
    text = _ZH_DIGIT_RUN.sub(lambda m: f"{_digits(m)} ", text)
    text = _HALF_MORE.sub(lambda m: f"{m.group(1)}.5{m.group(2)}", text)
    text = _CLOCK_HALF.sub(lambda m: f" {_in_digit(m.group(1))}:30 ", text)
    text = _CLOCK.sub(r" \1:\2 ", text)
    for hour in (_CLOCK_HOUR, _CLOCK_HOUR_SAID):
        text = hour.sub(lambda m: f"{m.group(1)} {_in_digit(m.group(2))}:00 ", text)
    # a time of day on a 12-hour dial: "下午三点" / "15:00", "两点之前" / "14:00 之前" (review33)
    text = _AM_PM.sub(lambda m: f"{m.group(1)}:{m.group(2) or '00'}", text)
    text = _TIME_OF_DAY.sub(lambda m: f"{int(m.group(1)) % 12 or 12}:{m.group(2)}", text)
    text = _JIN.sub(lambda m: f"{number_text(float(m.group(1)) / 2)}kg", text)
    return _VERSION_V.sub("", text)


def _in_digit(said: str) -> str:
    value = zh_number(said)
    return said if value is None else number_text(value)
