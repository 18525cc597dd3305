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
from functools import lru_cache

from memstrata.text.lazy_re import lazy_compile
from memstrata.text.zh_numbers import DIGITS, zh_number

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
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
_ZH_UNITS = {"天": 1, "日": 1, "周": 7, "星期": 7, "礼拜": 7, "月": 30, "年": 365}
_MONTHS = {name.lower(): number for number, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.lower(): number for number, name in enumerate(calendar.month_abbr) if name})
_WEEKDAYS = {name.lower(): number for number, name in enumerate(calendar.day_name)}
_ZH_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}

_EN_COUNT = r"(\d{1,3}|a couple of|a few|few|several|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
# A count in Chinese: not the tail of a longer number (1000天前 is not 000 days), 几 = a few.
_ZH_COUNT = r"((?<!\d)\d{1,3}|[一两二三四五六七八九十]{1,3}|几)"
# A month or day number in Chinese (几月几号 asks, it names no date).
_ZH_NUMBER = r"((?<!\d)\d{1,2}|[一二三四五六七八九十]{1,3})"
# Month names: capitalised, or a lower-case full name that is not also a word (may, march);
# "the top 2 may be wrong", "convert dec 10 to hex" and "sep 2 columns" name no month.
_MONTH_NAMES = (
    "(?-i:"
    + "|".join(
        sorted(
            [name for name in (*calendar.month_name, *calendar.month_abbr) if name]
            + [
                name.lower()
                for name in calendar.month_name
                if name and name not in ("May", "March")
            ],
            key=len,
            reverse=True,
        )
    )
    + ")"
)
_WEEKDAY_NAMES = "|".join(_WEEKDAYS)
_NOT_OF = r"(?!\s+of\b)"  # "the last week of June", "the last day of the trip": not the past
# A four-digit number that measures something is no year ("timeout in 2000 ms").
_NOT_A_MEASURE = (
    r"(?!\s*(?:ms|s|secs?|seconds?|mins?|minutes?|mb|gb|kb|tb|px|rpm|qps|%|rows?|items?"
    r"|requests?|users?|lines?|bytes?|words?|times?|tokens?)\b)"
)
# After 上周/这周: a weekday only when it is not the first character of another word (上周日志,
# 这周一直, 上周三天, 本周日程 are the whole week).
_ZH_WEEKDAY = r"([一二三四五六日天])(?![志报程常气期子数直周次共起下些切样天个点历])"

# What any expression below needs somewhere in the text: most queries have none, and compiling
# the patterns costs ~8 ms of a cold process (a hook outside the service runs one query).
_MAYBE = lazy_compile(
    r"\d|前天|昨|去年|今年|今[天日早晚儿]|(?:上|这|本)个?(?:周|星期|礼拜|月)"
    r"|[一二两三四五六七八九十几]\s*个?\s*(?:天|日|周|星期|礼拜|月|年)"
    r"|\b(?:ago|yesterday|last|past|previous|this|since|today|tonight)\b"
    r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=1)
def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    """The expressions, most specific first: the first one read gives the window, and each one
    read is taken out of the text before the next pattern looks (so "October 13, 2023" is not
    also "October"). Compiled on the first query that may name a time."""
    return [
        ("iso_day", re.compile(r"\b(\d{4})-(\d{2})-(\d{2})(?!\d)")),
        ("iso_month", re.compile(r"\b(\d{4})-(\d{2})\b")),
        ("zh_ymd", re.compile(r"(?<!\d)(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]")),
        ("zh_ym", re.compile(r"(?<!\d)(\d{4})\s*年\s*(\d{1,2})\s*月(?![度活报])")),
        (
            "en_mdy",
            re.compile(
                rf"\b({_MONTH_NAMES})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b",
                re.IGNORECASE,
            ),
        ),
        (
            "en_dmy",
            re.compile(
                rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_NAMES}),?\s+(\d{{4}})\b",
                re.IGNORECASE,
            ),
        ),
        ("en_my", re.compile(rf"\b(since\s+)?({_MONTH_NAMES}),?\s+(\d{{4}})\b", re.IGNORECASE)),
        (
            "year",
            re.compile(
                rf"\b(in|during|since)\s+(\d{{4}})\b{_NOT_A_MEASURE}"
                r"|(?<!\d)(\d{4})\s*年(?!\s*\d)(?!\s*(?:之前|以前|前|之后|以后|后))",
                re.IGNORECASE,
            ),
        ),
        (
            "en_ago",
            re.compile(rf"\b{_EN_COUNT}\s+(day|week|month|year)s?\s+ago\b", re.IGNORECASE),
        ),
        (
            "en_past",
            re.compile(
                rf"\b(?:in|over|during|for|within)?\s*the\s+(?:past|last|previous)\s+(?:{_EN_COUNT}\s+)?"
                rf"(day|week|month|year)s?\b{_NOT_OF}",
                re.IGNORECASE,
            ),
        ),
        ("en_yesterday", re.compile(r"\b(?:the day before )?yesterday\b", re.IGNORECASE)),
        (
            "en_last_weekday",
            re.compile(rf"\blast\s+({_WEEKDAY_NAMES})\b{_NOT_OF}", re.IGNORECASE),
        ),
        ("en_weekend", re.compile(rf"\blast\s+weekend\b{_NOT_OF}", re.IGNORECASE)),
        (
            "en_period",
            re.compile(rf"\b(last|this)\s+(week|month|year)\b{_NOT_OF}", re.IGNORECASE),
        ),
        (
            "en_month_day",
            re.compile(rf"\b({_MONTH_NAMES})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b", re.IGNORECASE),
        ),
        (
            "en_day_month",
            re.compile(
                rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTH_NAMES})\b", re.IGNORECASE
            ),
        ),
        (
            "en_in_month",
            re.compile(rf"\b(in|during|since)\s+({_MONTH_NAMES})\b", re.IGNORECASE),
        ),
        ("zh_days", re.compile(r"(?<![提目之以当眼])(?:大前天|前天)|昨天|昨日|昨晚")),
        # Today itself ("今天做了什么", "what happened today"); not a standing rule's start
        # ("从今天起", "today on").
        (
            "today",
            re.compile(
                r"(?<![从自])(?:今天|今日|今早|今晚|今儿)(?!开始|起|以后|往后)"
                r"|\b(?:today|tonight|this morning)\b(?!\s+on\b)",
                re.IGNORECASE,
            ),
        ),
        (
            "zh_ago",
            re.compile(rf"{_ZH_COUNT}\s*(个)?\s*(天|周|星期|礼拜|月|年)(?:以前|之前|前)"),
        ),
        (
            "zh_past",
            re.compile(
                rf"(?:最近|过去|(?<![接将靠附亲])近)\s*{_ZH_COUNT}\s*个?\s*(天|日|周|星期|礼拜|月|年)"
            ),
        ),
        ("zh_weekend", re.compile(r"(上上|上|这|本)个?(?:周末|礼拜末)")),
        (
            "zh_week",
            re.compile(rf"(上上|上|这|本)(?:个)?(?:周|星期|礼拜)(?![期末])(?:{_ZH_WEEKDAY})?"),
        ),
        ("zh_month", re.compile(r"(上上|上|这|本)个?月(?![度活报份])")),
        ("zh_year", re.compile(r"去年|今年")),
        (
            "zh_month_day",
            re.compile(rf"(?<![A-Za-z\d.]){_ZH_NUMBER}\s*月\s*{_ZH_NUMBER}\s*[日号](?![前后])"),
        ),
        (
            "zh_in_month",
            re.compile(
                r"(?<![A-Za-z\d.一二三四五六七八九十个统同唯单每])"
                r"(1[0-2]|[1-9]|十[一二]?|[一二三四五六七八九])\s*月(?:份)?"
                r"(?![\d底初中度活报结付份额薪前后])"
            ),
        ),
    ]


# What a time expression drags along that means nothing without it: 三天前的会, last week's.
_TRAILING = re.compile(r"的|'s|’s")


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
    if not _MAYBE.search(text):
        return None, text
    for kind, pattern in _patterns():
        for match in list(pattern.finditer(rest)):
            try:
                window = _read(kind, match, today)
            except (ValueError, OverflowError):  # a date that does not exist: plain words
                window = None
            if window is None:
                continue
            found = found or window
            at = rest.find(match.group(0))
            after = at + len(match.group(0))
            trailing = _TRAILING.match(rest, after)
            rest = rest[:at] + " " + rest[trailing.end() if trailing else after :]
    return found, rest if found else text


def _read(kind: str, match: re.Match[str], today: date) -> Window | None:
    """The window one matched expression names, or None when it names none after all (a year
    out of range, a month still ahead without a year, 三月前 read as "before March")."""
    groups = match.groups()
    if kind in ("iso_day", "iso_month", "zh_ymd", "zh_ym", "en_mdy", "en_dmy", "en_my", "year"):
        return _absolute(kind, groups, today)
    if kind in ("en_ago", "zh_ago"):
        count, unit = _count(groups[0]), _unit(groups[-1])
        if count is None or (kind == "zh_ago" and groups[-1] == "月" and not groups[1]):
            return None  # 三月前 / 3月前 is "before March" more often than "three months ago"
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
    if kind == "today":
        return _days(today, today, 1)
    if kind == "zh_days":
        back = {"大前天": 3, "前天": 2}.get(match.group(0), 1)
        return _days(today - timedelta(days=back), today - timedelta(days=back), 2)
    if kind == "en_last_weekday":
        back = (today.weekday() - _WEEKDAYS[groups[0].lower()] - 1) % 7 + 1
        return _days(today - timedelta(days=back), today - timedelta(days=back), 2)
    if kind in ("en_weekend", "zh_weekend"):
        back = -1 if kind == "en_weekend" else {"上上": -2, "上": -1}.get(groups[0], 0)
        saturday = _monday(today) + timedelta(days=7 * back + 5)
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
    return _this_years(kind, groups, today)


def _absolute(kind: str, groups: tuple[str | None, ...], today: date) -> Window | None:
    """Expressions that carry their year: a day, a month or a year (``since`` runs to today)."""
    since = False
    if kind in ("iso_day", "zh_ymd"):
        year, month, number = (int(g or 0) for g in groups)
    elif kind == "en_mdy":
        year, month, number = (
            int(groups[2] or 0),
            _MONTHS[(groups[0] or "").lower()],
            int(groups[1] or 0),
        )
    elif kind == "en_dmy":
        year, month, number = (
            int(groups[2] or 0),
            _MONTHS[(groups[1] or "").lower()],
            int(groups[0] or 0),
        )
    elif kind in ("iso_month", "zh_ym"):
        year, month, number = int(groups[0] or 0), int(groups[1] or 0), 0
    elif kind == "en_my":
        since = bool(groups[0])
        year, month, number = int(groups[2] or 0), _MONTHS[(groups[1] or "").lower()], 0
    else:  # year
        since = (groups[0] or "").lower() == "since"
        year, month, number = int(groups[1] or groups[2] or 0), 0, 0
    if not 1900 < year < 2200:
        return None
    if number:
        day = _safe_date(year, month, number)
        return _days(day, day, 2) if day else None
    if month:
        window = _month(year, month) if 1 <= month <= 12 else None
    else:
        window = _days(date(year, 1, 1), date(year, 12, 31), 30)
    if window is not None and since:
        return _days(window.start, today, window.slack) if window.start <= today else None
    return window


def _this_years(kind: str, groups: tuple[str | None, ...], today: date) -> Window | None:
    """A month or a day of the month without a year: this year's, if it has begun. A month
    still ahead ("10月上线计划" in September) names no window: the plan or last year's? Either."""
    since = False
    if kind == "en_month_day":
        month, number = _MONTHS[(groups[0] or "").lower()], _count(groups[1] or "")
    elif kind == "en_day_month":
        month, number = _MONTHS[(groups[1] or "").lower()], _count(groups[0] or "")
    elif kind == "zh_month_day":
        month, number = _count(groups[0] or "") or 0, _count(groups[1] or "")
    elif kind == "en_in_month":
        since = (groups[0] or "").lower() == "since"
        month, number = _MONTHS[(groups[1] or "").lower()], None
    else:  # zh_in_month
        month, number = _count(groups[0] or "") or 0, None
    if not 1 <= month <= today.month:
        return None
    if number is not None:
        day = _safe_date(today.year, month, number)
        return _days(day, day, 2) if day and day <= today else None
    window = _month(today.year, month)
    if since:
        return _days(window.start, today, window.slack)
    return Window(window.start, min(window.end, today), window.slack)


def _count(word: str) -> int | None:
    """A count written in digits, English words or Chinese numerals (几 = a few)."""
    word = word.strip().lower()
    if word.isdigit():
        return int(word)
    if word in _EN_NUMBERS:
        return _EN_NUMBERS[word]
    if word == "几":
        return 3
    # one digit, or tens ("十五", "二十"); not two digits side by side ("两三天" is a few days)
    if word and all(c in DIGITS or c == "十" for c in word) and ("十" in word or len(word) == 1):
        value = zh_number(word)
        return None if value is None else int(value)
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
