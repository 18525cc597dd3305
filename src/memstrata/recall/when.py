"""When a query is about: "last week", "four weeks ago", "上周五", "三天前", "in July" as dates.

Agent memory is dated (daily logs, dated entries and sections, MEMORY.md bullets by month), and
people ask by time: "上周部署了什么", "what did I mention four weeks ago". The words themselves
match nothing useful ("week", "ago", 上周 in an unrelated line about another week), so they are
taken out of the query's words and turned into a window of dates; chunks dated inside it rank
higher (recall/ranking.py), those near its edges a little, the rest as before.

Only expressions that point at one period are read: a bare weekday ("周五发版", "deploy on
Fridays") is usually a habit, not a date, and stays a query word. Everything is relative to the
workspace clock (``ws.today()``), so a fixed ``MEMSTRATA_NOW`` gives fixed windows.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta

# Counts spelled out ("a week ago" is one week), grouped by number: the layer test reads a quoted
# single letter as a file mode.
_EN_NUMBERS = {
    word: number
    for number, words in enumerate(
        [
            "a an one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
        ],
        start=1,
    )
    for word in words.split()
} | {"a couple of": 2, "a few": 3, "few": 3, "several": 4}
_ZH_DIGITS = {
    "一": 1,
    "两": 2,
    "二": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
_ZH_UNITS = {"天": 1, "日": 1, "周": 7, "星期": 7, "礼拜": 7, "月": 30, "年": 365}
_MONTHS = {name.lower(): number for number, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.lower(): number for number, name in enumerate(calendar.month_abbr) if name})
_WEEKDAYS = {name.lower(): number for number, name in enumerate(calendar.day_name)}
_ZH_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}

_EN_COUNT = r"(\d{1,3}|a couple of|a few|few|several|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_ZH_COUNT = r"(\d{1,3}|[一两二三四五六七八九十]{1,3}|几)"
_MONTH_NAMES = "|".join(sorted(_MONTHS, key=len, reverse=True))
_WEEKDAY_NAMES = "|".join(_WEEKDAYS)

# Most specific first: the first expression read gives the window, and each one read is taken
# out of the text before the next pattern looks (so "October 13, 2023" is not also "October").
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("iso_day", re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")),
    ("iso_month", re.compile(r"\b(\d{4})-(\d{2})\b")),
    ("zh_ymd", re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]")),
    ("zh_ym", re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月")),
    (
        "en_mdy",
        re.compile(
            rf"\b({_MONTH_NAMES})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.IGNORECASE
        ),
    ),
    (
        "en_dmy",
        re.compile(
            rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_NAMES}),?\s+(\d{{4}})\b",
            re.IGNORECASE,
        ),
    ),
    ("en_my", re.compile(rf"\b({_MONTH_NAMES}),?\s+(\d{{4}})\b", re.IGNORECASE)),
    (
        "year",
        re.compile(r"(?:\b(?:in|during|since)\s+(\d{4})\b|(\d{4})\s*年(?!\s*\d))", re.IGNORECASE),
    ),
    ("en_ago", re.compile(rf"\b{_EN_COUNT}\s+(day|week|month|year)s?\s+ago\b", re.IGNORECASE)),
    (
        "en_past",
        re.compile(
            rf"\b(?:in|over|during|for|within)?\s*the\s+(?:past|last|previous)\s+(?:{_EN_COUNT}\s+)?"
            r"(day|week|month|year)s?\b",
            re.IGNORECASE,
        ),
    ),
    ("en_yesterday", re.compile(r"\b(?:the day before )?yesterday\b", re.IGNORECASE)),
    ("en_last_weekday", re.compile(rf"\blast\s+({_WEEKDAY_NAMES})\b", re.IGNORECASE)),
    ("en_weekend", re.compile(r"\blast\s+weekend\b", re.IGNORECASE)),
    ("en_period", re.compile(r"\b(last|this)\s+(week|month|year)\b", re.IGNORECASE)),
    (
        "en_month_day",
        re.compile(rf"\b({_MONTH_NAMES})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b", re.IGNORECASE),
    ),
    (
        "en_day_month",
        re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_NAMES})\b", re.IGNORECASE),
    ),
    ("en_in_month", re.compile(rf"\b(?:in|during|since)\s+({_MONTH_NAMES})\b", re.IGNORECASE)),
    ("zh_days", re.compile(r"大前天|前天|昨天|昨日|昨晚")),
    ("zh_ago", re.compile(rf"{_ZH_COUNT}\s*个?\s*(天|日|周|星期|礼拜|月|年)(?:以前|之前|前)")),
    ("zh_past", re.compile(rf"(?:最近|过去|近)\s*{_ZH_COUNT}\s*个?\s*(天|日|周|星期|礼拜|月|年)")),
    ("zh_week", re.compile(r"(上上|上|这|本)(?:个)?(?:周|星期|礼拜)([一二三四五六日天])?")),
    ("zh_month", re.compile(r"(上上|上|这|本)个?月")),
    ("zh_year", re.compile(r"去年|今年")),
    ("zh_month_day", re.compile(rf"{_ZH_COUNT}\s*月\s*{_ZH_COUNT}\s*[日号]")),
    (
        "zh_in_month",
        re.compile(
            r"(?<![\d一二三四五六七八九十个])(1[0-2]|[1-9]|十[一二]?|[一二三四五六七八九])\s*月份?(?![\d底初中])"
        ),
    ),
]


@dataclass(frozen=True)
class Window:
    """The dates a query is about, inclusive; ``slack`` days around it still count a little."""

    start: date
    end: date
    slack: int

    def nearness(self, chunk_date: str) -> float:
        """1 for a chunk dated inside the window, falling to 0 at ``slack`` days outside it; a
        month-dated chunk (MEMORY.md bullets, archives) counts by its whole month; 0 undated."""
        span = _chunk_span(chunk_date)
        if span is None:
            return 0.0
        first, last = span
        if last < self.start:
            gap = (self.start - last).days
        elif first > self.end:
            gap = (first - self.end).days
        else:
            return 1.0
        return max(0.0, 1.0 - gap / self.slack)


def time_window(text: str, today: date) -> tuple[Window | None, str]:
    """The window the first time expression of ``text`` names, and ``text`` without the time
    expressions (what is left for the query's words). ``(None, text)`` when it names none."""
    found: Window | None = None
    rest = text
    for kind, pattern in _PATTERNS:
        for match in list(pattern.finditer(rest)):
            window = _read(kind, match, today)
            if window is None:
                continue
            found = found or window
            rest = rest.replace(match.group(0), " ")
    return found, rest if found else text


def _read(kind: str, match: re.Match[str], today: date) -> Window | None:
    groups = match.groups()
    if kind == "iso_day":
        day = _safe_date(int(groups[0]), int(groups[1]), int(groups[2]))
        return _days(day, day, 2) if day else None
    if kind == "iso_month":
        month = int(groups[1])
        return _month(int(groups[0]), month) if 1 <= month <= 12 else None
    if kind in ("zh_ymd", "en_mdy", "en_dmy"):
        if kind == "zh_ymd":
            year, month, number = int(groups[0]), int(groups[1]), int(groups[2])
        elif kind == "en_mdy":
            year, month, number = int(groups[2]), _MONTHS[groups[0].lower()], int(groups[1])
        else:
            year, month, number = int(groups[2]), _MONTHS[groups[1].lower()], int(groups[0])
        day = _safe_date(year, month, number)
        return _days(day, day, 2) if day else None
    if kind in ("zh_ym", "en_my"):
        year = int(groups[0] if kind == "zh_ym" else groups[1])
        month = int(groups[1]) if kind == "zh_ym" else _MONTHS[groups[0].lower()]
        return _month(year, month) if 1 <= month <= 12 else None
    if kind == "year":
        year = int(groups[0] or groups[1])
        return _days(date(year, 1, 1), date(year, 12, 31), 30) if 1900 < year < 2200 else None
    if kind in ("en_ago", "zh_ago"):
        count = _count(groups[0])
        unit = _unit(groups[1])
        if count is None:
            return None
        centre = today - timedelta(days=count * unit)
        width = max(1, round(count * unit * 0.2)) if unit > 1 else 0
        return _days(centre - timedelta(days=width), centre + timedelta(days=width), max(3, width))
    if kind in ("en_past", "zh_past"):
        count = _count(groups[0]) if groups[0] else 1
        unit = _unit(groups[1])
        if count is None:
            return None
        return _days(today - timedelta(days=count * unit), today, max(3, count * unit // 4))
    if kind == "en_yesterday":
        back = 2 if match.group(0).lower().startswith("the day before") else 1
        return _days(today - timedelta(days=back), today - timedelta(days=back), 2)
    if kind == "zh_days":
        back = {"大前天": 3, "前天": 2}.get(match.group(0), 1)
        return _days(today - timedelta(days=back), today - timedelta(days=back), 2)
    if kind == "en_last_weekday":
        back = (today.weekday() - _WEEKDAYS[groups[0].lower()] - 1) % 7 + 1
        return _days(today - timedelta(days=back), today - timedelta(days=back), 2)
    if kind == "en_weekend":
        saturday = _monday(today) - timedelta(days=2)
        return _days(saturday, saturday + timedelta(days=1), 2)
    if kind == "en_period":
        return _period(groups[1].lower(), -1 if groups[0].lower() == "last" else 0, today)
    if kind == "zh_week":
        back = {"上上": -2, "上": -1}.get(groups[0], 0)
        if groups[1]:
            day = _monday(today) + timedelta(days=7 * back + _ZH_WEEKDAYS[groups[1]])
            return _days(day, day, 2)
        return _period("week", back, today)
    if kind == "zh_month":
        return _period("month", {"上上": -2, "上": -1}.get(groups[0], 0), today)
    if kind == "zh_year":
        return _period("year", -1 if match.group(0) == "去年" else 0, today)
    if kind in ("en_month_day", "en_day_month", "zh_month_day"):
        if kind == "en_month_day":
            month, day_number = _MONTHS[groups[0].lower()], _count(groups[1])
        elif kind == "en_day_month":
            month, day_number = _MONTHS[groups[1].lower()], _count(groups[0])
        else:
            month, day_number = _count(groups[0]) or 0, _count(groups[1])
        year = today.year if month <= today.month else today.year - 1
        day = _safe_date(year, month, day_number or 0)
        return _days(day, day, 2) if day else None
    if kind in ("en_in_month", "zh_in_month"):
        month = _MONTHS[groups[0].lower()] if kind == "en_in_month" else _count(groups[0]) or 0
        if not 1 <= month <= 12:
            return None
        return _month(today.year if month <= today.month else today.year - 1, month)
    return None


def _count(word: str) -> int | None:
    """A count written in digits, English words or Chinese numerals (几 = a few)."""
    word = word.strip().lower()
    if word.isdigit():
        return int(word)
    if word in _EN_NUMBERS:
        return _EN_NUMBERS[word]
    if word == "几":
        return 3
    if word and all(c in _ZH_DIGITS or c == "十" for c in word):
        if "十" not in word:
            return _ZH_DIGITS[word] if len(word) == 1 else None
        tens, _, ones = word.partition("十")
        return (_ZH_DIGITS.get(tens, 1) if tens else 1) * 10 + (
            _ZH_DIGITS.get(ones, 0) if ones else 0
        )
    return None


def _unit(word: str) -> int:
    return _UNIT_DAYS.get(word.lower().rstrip("s"), 0) or _ZH_UNITS[word]


def _monday(today: date) -> date:
    return today - timedelta(days=today.weekday())


def _period(unit: str, back: int, today: date) -> Window:
    """A calendar week, month or year, ``back`` of them before the current one (0 = this one,
    up to today)."""
    if unit == "week":
        start = _monday(today) + timedelta(days=7 * back)
        end = min(start + timedelta(days=6), today)
        return _days(start, end, 3)
    if unit == "month":
        year, month = today.year, today.month + back
        while month < 1:
            year, month = year - 1, month + 12
        window = _month(year, month)
        return Window(window.start, min(window.end, today), window.slack)
    start = date(today.year + back, 1, 1)
    return _days(start, min(date(today.year + back, 12, 31), today), 30)


def _month(year: int, month: int) -> Window:
    last = calendar.monthrange(year, month)[1]
    return _days(date(year, month, 1), date(year, month, last), 7)


def _days(start: date, end: date, slack: int) -> Window:
    return Window(start, end, max(1, slack))


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _chunk_span(chunk_date: str) -> tuple[date, date] | None:
    """A chunk's date as a range: a day, or a whole month for ``YYYY-MM``."""
    try:
        if len(chunk_date) == 10:
            day = date.fromisoformat(chunk_date)
            return day, day
        if len(chunk_date) == 7:
            year, month = int(chunk_date[:4]), int(chunk_date[5:])
            return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])
    except ValueError:
        return None
    return None
