"""How a code's digits are said, and when a number is no code: digits spelled in words (many
languages, Thai run together), a digit said with its count (六个零), a dial's numbers and turns, a
lock's combination, a keypad's keys; a number's unit, a year, a number to call.

Both the slot reader and the readers of codes told nearby read codes said these ways; the patterns
live here so that they read them alike.
"""

from __future__ import annotations

from memstrata.core.redact.vocabulary import _DIGIT_WORD, _THAI_DIGITS, _TURN
from memstrata.text.lazy_re import lazy_compile

# What parts digits said in words (``_DIGIT_WORD``): a space, a dash or ・; a comma may part
# those in other scripts: "пять, три, ноль, восемь"; in English it ends the code: "yon nana ichi
# hachi, four digits".
_DIGIT_WORD_SEP = r"(?:[- ・]|[,،] ?(?=[^\x00-\x7f]))"
# ...or a comma after every digit ("oito, três, zero, seis, um")
_DIGITS_BY_COMMAS = _DIGIT_WORD + r"(?:, " + _DIGIT_WORD + r"){2,7}"
_SPELLED_DIGITS = lazy_compile(
    r"(?i)\b(?:"
    + _DIGIT_WORD
    + r"(?:"
    + _DIGIT_WORD_SEP
    + _DIGIT_WORD
    + r"){2,7}|"
    + _DIGITS_BY_COMMAS
    + r")\b|"
    + _THAI_DIGITS
)
# A digit said in Chinese as a code is read aloud (幺 for 1, 洞 for 0, 拐 for 7, 两 for 2).
SPOKEN_ZH_DIGITS = "零〇幺洞一二两兩三四五六七八九拐"
# A digit said with how many times it repeats ("六个零", "八个8", "五个零一个八": review54-55): the
# code itself, spelled by count.
_REPEATED = (
    r"[二三四五六七八九两兩2-9]\s*[个個]\s*[零〇幺一二两兩三四五六七八九0-9]"
    r"(?:\s*[一二三四五六七八九两兩1-9]\s*[个個]\s*[零〇幺一二两兩三四五六七八九0-9])?"
    r"(?=[\s，,。.…！!？?；;、]|$)"  # (not "唔可以同之前五個一樣")
)
_REPEATED_DIGITS = lazy_compile(_REPEATED)
# A number a dial turns to, in Chinese numerals: under a hundred.
_DIAL_NUMBER = r"(?:[一二三四五六七八九]?十[一二三四五六七八九]?|[零一二三四五六七八九])(?![零一二三四五六七八九十])"
# What counts after a number, so it is no code ("2024 年", "12 位", "4096 tokens").
_UNIT_WORD = lazy_compile(
    r"\s?(?:年|月|日|天|个|個|次|位|号|號|点|點|分|秒|万|條|条|元|%|多|左右|块|塊|蚊|款|台|套|张|張|人"
    r"|(?i:ms|s|kb|mb|gb|px|bytes?|chars?|characters|digits?|days?|hours?|years?|minutes?|mins?|people|users?|times|tokens?|editions?"
    r"|models?|words?|rows?|lines?|items?|steps?|pages?)\b)"
)
# A lock's combination ("36-18-72", "2-9-0-6"): two digits at most between dashes, three or more
# numbers; not a date (no four-digit year).
_COMBINATION_SAID = lazy_compile(
    r"(?<![\w/.:-])\d{1,2}(?:-\d{1,2}){2,5}(?![\w/.:-])|\d{1,2}(?: - \d{1,2}){2,5}(?![\w/.:-])"
    r"|\d{1,2}(?:、\d{1,2}){2,5}(?!\d)"
    # ...or a dial's turns ("12 left, 38 right, 7 left": review52)
    r"|(?i:\b\d{1,2}\s*" + _TURN + r"(?:[,،፣]?\s*(?:then\s+)?\d{1,2}\s*" + _TURN + r"){2,4}(?!\w))"
    r"|(?i:(?<![A-Za-z])"
    + _TURN
    + r"\s*\d{1,2}(?:[,،፣]?\s*(?:then\s+|閣|再|又)?"
    + _TURN
    + r"\s*\d{1,2}){2,4}\b)"
)
# ...told with words between each turn and its number.
_TURN_TOLD = r"(?:先|再|然后|然後|最后|最後)?\s*(?:往|向)?[左右](?:转|轉|拧|擰|旋)[^\d，,。；;\n]{0,6}?(?:到|至|停在)\s*\d{1,2}"
_TURNS_TOLD = lazy_compile(_TURN_TOLD + r"(?:[\s，,]*" + _TURN_TOLD + r"){2,4}")
# A code typed on a keypad, with the key that ends or starts it ("2580#", "#1938").
_KEYPAD_CODE = lazy_compile(r"[#*]?\d+(?:[#*]\d+)*[#*]?")
_YEAR = lazy_compile(r"(?:19|20)\d\d")
_PHONE_AFTER = lazy_compile(r"\s*(?:搵|找|联系|聯絡|聯繫|(?i:to reach|to call|for help))")
