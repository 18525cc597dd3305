"""What a person's answer to an evolution card asks for: which proposals to write, turn down
or keep for later.

People answer a card the way they talk ("跳过第2个", "skip #2", "全部跳过", "确认 1，跳过 2",
"1 要，2 不要", "1 ok, rest later", "除了 2 都要"; review17: each of these was refused). An
answer is read as words from a small lexicon (actions, "all", "the others", "except", numbers,
fillers) grouped into phrases, each an action and what it names. Anything outside the lexicon
makes the whole answer "not understood", and so does an answer that reads two ways (a comma
that may end a list or a clause, an action that may name the numbers before or after it: "好的
2 不要", "确认 1,3, 2 不要"): a turned-down proposal is gone for good, so nothing is done on a
guess (a tester's round on the first version wrote or dropped what nobody chose).
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass, field

APPROVE, REJECT, SKIP = "approve", "reject", "skip"

# Longest first within a kind: "先不要" before "不要" before "要".
_ACTIONS: dict[str, tuple[str, ...]] = {
    SKIP: (
        "先跳过", "跳过", "先不要", "先不用", "先不", "先放着", "放着", "以后再说", "再说", "晚点",
        "稍后", "取消", "算了", "skip", "later", "not now", "defer", "pass", "none", "cancel",
    ),
    REJECT: (
        "都不要", "拒绝", "不需要", "不要", "不用", "不必", "不行", "丢弃", "删掉", "删了", "去掉",
        "别记", "不记", "❌",
        "reject", "decline", "discard", "drop", "nope", "nah", "no", "n",
    ),
    APPROVE: (
        "确认", "同意", "批准", "通过", "写入", "记上", "好的", "好滴", "可以", "没问题", "是的",
        "行", "要", "好", "对", "👍", "✅", "approve", "accept", "confirm", "okay", "ok", "yes",
        "yep", "yeah", "sure", "lgtm", "y",
    ),
}  # fmt: skip
_ALL_WORDS = ("全部", "全都", "所有", "全", "都", "每个", "all", "everything", "each")
# "两个都要" is everything only on a card of two ("两个不要" on a card of three: which two?)
_BOTH_WORDS = ("两个", "俩", "both")
_REST_WORDS = ("其他的", "其他", "其它", "其余", "剩下的", "剩下", "余下", "别的",
               "the rest", "the others", "rest", "others", "other ones")  # fmt: skip
# words that carry no choice: "请", "就", "和" (1 和 3), "then", "please"
_FILLERS = ("麻烦", "请", "就", "先", "只", "吧", "了", "的", "呢", "啊", "哈", "嗯", "也", "和",
            "跟", "与", "及", "以及", "还有", "然后", "个", "条", "项", "号", "谢谢", "and",
            "then", "please", "pls", "thank you", "thanks", "thx", "the", "one", "ones", "of",
            "them", "to", "only", "just", "number", "item", "proposal", "proposals")  # fmt: skip
_CN_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
              "九": 9, "十": 10}  # fmt: skip
_EN_DIGITS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
              "nine": 9, "ten": 10}  # fmt: skip
# "除了 2 都要", "all but 2", "everything except 2": what follows is left out of the selection;
# the mark stands for it in the normalised text. A "but" before anything else ends a clause
# ("yes but no 2", "ok but skip 3", and "全部，但是 2 不要": its numbers have their own action).
_EXCEPT_MARK = "⊖"
_EXCEPT = re.compile(
    r"(?:除了|除|\bexcept(?:\s+for)?\b)\s*(?=\d)"
    r"|(?:\bbut\b|但是|但)\s*(?=\d[\d\s、和-]*(?:\band\b[\d\s、-]*)*(?:$|[,，;；]))",
    re.IGNORECASE,
)
_BUT = re.compile(r"\bbut\b|但是|但|不过", re.IGNORECASE)
# "不要删掉", "don't reject", "no reject": a no to turning down is no answer we can act on
_NEGATED_NO = re.compile(
    r"(?:不要|别|不用|不必|不需要|无需|不行|\bdon'?t|\bdo not|\bno)\s*"
    r"(?:删掉?|删除|丢弃|丢掉|拒绝|去掉|reject|drop|discard|delete)"
    # ...nor a no to asking ("不需要确认": write them, or turn them down?), a condition ("2 不行
    # 就跳过") or a shrug ("不行也行"): review19
    r"|(?:不用|不必|不需要|无需)\s*(?:确认|批准|同意|通过|写入|记)"
    r"|(?:不行|不要|不用|不需要|不必)\s*(?:的话)?\s*就|行也(?:行|可以)|如果|要是|的话",
    re.IGNORECASE,
)


# "要不要", "可不可以": a question back, no answer
_ASKED = re.compile(r"要不要|可不可以|行不行|好不好|[?？]\s*$")


def _word_pattern(words: tuple[str, ...]) -> str:
    """Longest first; a Latin word only when no Latin letter touches it (the "n" of "none" is
    no "n", while "OK的" is "ok")."""
    parts = []
    for word in sorted(words, key=len, reverse=True):
        escaped = re.escape(word).replace(r"\ ", r"\s+")
        parts.append(rf"(?<![A-Za-z]){escaped}(?![A-Za-z])" if word.isascii() else escaped)
    return "|".join(parts)


_TOKEN = re.compile(
    "|".join(
        [
            r"(?P<range>\d{1,3}\s*(?:-|~|到|至|to)\s*\d{1,3}(?!\d))",
            r"(?P<num>\d{1,3}(?!\d))",
            *(rf"(?P<{kind}>{_word_pattern(words)})" for kind, words in _ACTIONS.items()),
            rf"(?P<both>{_word_pattern(_BOTH_WORDS)})",
            rf"(?P<all>{_word_pattern(_ALL_WORDS)})",
            rf"(?P<rest>{_word_pattern(_REST_WORDS)})",
            rf"(?P<except>{_EXCEPT_MARK})",
            rf"(?P<filler>{_word_pattern(_FILLERS)})",
            r"(?P<sep>[,，;；。.!！、/&+]|\s+)",
        ]
    ),
    re.IGNORECASE,
)
_BOTH = re.compile(_word_pattern(_BOTH_WORDS), re.IGNORECASE)
_OBJECTS = ("num", "range", "all", "both", "rest", "except")
# Where a clause may end: every comma (reading 1) or a comma not before a number (reading 2:
# "1,3" one list). An answer must read the same both ways.
_CLAUSE_ENDS = (re.compile(r"[,，;；。!！]"), re.compile(r"[;；。!！]|[,，](?!\s*\d)"))

Token = tuple[str, str]


@dataclass
class Phrase:
    """One action and what it names: numbers, everything, the others, or (none) the card; and
    the numbers it leaves out ("除了 2")."""

    action: str
    numbers: list[int] = field(default_factory=list)
    everything: bool = False
    rest: bool = False
    excluded: list[int] = field(default_factory=list)


@dataclass
class Answer:
    """The proposals an answer writes, turns down and keeps for later. ``others_skipped``: the
    card's proposals it does not name count as answered (kept for later with a skip day), as
    when "1" chooses one of two; a skip that names numbers leaves the others waiting."""

    approve: list[int] = field(default_factory=list)
    reject: list[int] = field(default_factory=list)
    skip: list[int] = field(default_factory=list)
    others_skipped: bool = True
    understood: str = ""
    refused: bool = False

    def choice(self) -> tuple:
        return (self.approve, self.reject, self.skip, self.others_skipped)


_FIRST = re.compile(
    rf"前面?\s*(?P<zh>[{''.join(d for d in _CN_DIGITS if _CN_DIGITS[d] > 1)}]|[2-9]|\d{{2,}})"
    r"\s*(?:个|条|项)?"
    rf"|\bthe\s+first\s+(?P<en>{'|'.join(_EN_DIGITS)}|[2-9]|\d{{2,}})\b",
    re.IGNORECASE,
)
# "前两个，3 不要" (the first two, then 3 turned down? or all three?), "前2、3个" (two or three?):
# a first-n with no action of its own before a list mark reads two ways
_FIRST_ALONE = re.compile(rf"(?:{_FIRST.pattern})\s*(?:[,，;；、/]|或|\bor\b)", re.IGNORECASE)


def _first_ones(text: str, first: list[int]) -> str:
    """ "前两个", "前面 2 条", "the first two": the card's first n open numbers (after "1" was
    answered, "前两个" is 2 and 3), as a list; "?" (no answer) when the card has fewer or the
    first-n stands alone before another part."""
    if _FIRST_ALONE.search(text):
        return "?"

    def numbers(found: re.Match[str]) -> str:
        said = found.group("zh") or found.group("en")
        n = _CN_DIGITS.get(said) or _EN_DIGITS.get(said.lower()) or int(said)
        return f" {' '.join(map(str, first[:n]))} " if n <= len(first) else "?"

    return _FIRST.sub(numbers, text)


def _normalised(reply: str, count: int, first: list[int] | None = None) -> str:
    """Full-width forms folded, "第二个" / "#2" read as the number 2, "除了 2" / "all but 2"
    marked, any other "but" a clause's end; "3个都要" is everything on a card of three (and
    on another card no answer: "?" is outside the lexicon)."""
    text = unicodedata.normalize("NFKC", reply).strip()
    text = _first_ones(text, first or list(range(1, count + 1)))
    text = re.sub(
        r"(\d+)\s*个\s*(?=都|全)",
        lambda m: " " if int(m.group(1)) == count else "?",
        text,
    )
    text = re.sub(
        r"第\s*([一二两三四五六七八九十])",
        lambda m: f"第{_CN_DIGITS[m.group(1)]}",
        text,
    )
    text = re.sub(r"(?:第|#)\s*(\d+)", r" \1 ", text)
    return _BUT.sub("，", _EXCEPT.sub(f" {_EXCEPT_MARK} ", text))


def _tokens(clause: str) -> list[Token] | None:
    """(kind, text) of each word; None when a word is outside the lexicon."""
    out: list[Token] = []
    at = 0
    while at < len(clause):
        found = _TOKEN.match(clause, at)
        if found is None or found.end() == at:
            return None
        kind = found.lastgroup or ""
        if kind not in ("sep", "filler"):
            out.append((kind, found.group()))
        at = found.end()
    return out


def _clauses(text: str, ends: re.Pattern[str]) -> list[list[Token]] | None:
    """The answer's clauses as tokens; a clause of numbers with no action joins a neighbour:
    the one before when that one's action came first ("确认 1，3"), else the next ("1，3
    不要")."""
    clauses = []
    for part in ends.split(text):
        tokens = _tokens(part)
        if tokens is None:
            return None
        if tokens:
            clauses.append(tokens)
    merged: list[list[Token]] = []
    carry: list[Token] = []
    for tokens in clauses:
        tokens = carry + tokens
        carry = []
        if any(kind in _ACTIONS for kind, _ in tokens):
            merged.append(tokens)
        elif merged and len(merged[-1]) == 1 and merged[-1][0][0] in (REJECT, SKIP):
            return None  # "no, just 2", "不要，2": turn 2 down, or only 2 wanted?
        elif merged and merged[-1][0][0] in _ACTIONS:
            merged[-1] = merged[-1] + tokens
        elif any(kind in ("num", "range") for kind, _ in tokens):
            carry = tokens
        else:  # "全部，2 不要": "all" is its own phrase
            merged.append(tokens)
    if carry:
        if merged:
            merged[-1] = merged[-1] + carry
        else:
            merged.append(carry)
    return merged


def _softened(tokens: list[Token]) -> list[Token]:
    """Without a yes said right beside a no or a skip: "3 可以不要", "2 不要好了", "2 可以跳过"
    turn down or keep that one; the 可以 / 好了 is no second answer (a tester's round: "3 可以
    不要" wrote 3 and turned the others down)."""
    kinds = [kind for kind, _ in tokens]
    return [
        token
        for i, token in enumerate(tokens)
        if not (
            token[0] == APPROVE
            and any(0 <= j < len(kinds) and kinds[j] in (REJECT, SKIP) for j in (i - 1, i + 1))
        )
    ]


def _readings(tokens: list[Token]) -> list[list[Phrase]]:
    """The ways one clause reads: each action naming what follows it ("确认1跳过2"), or what
    comes before it ("1好2不要3跳过"); a reading that leaves a number without an action is
    none. No action: numbers alone choose ("1,3"), "全部" alone takes everything."""
    actions = [i for i, (kind, _) in enumerate(tokens) if kind in _ACTIONS]
    if not actions:
        return [[_phrase(APPROVE, tokens)]]
    out = []
    first, last = actions[0], actions[-1]
    if not any(kind in _OBJECTS for kind, _ in tokens[:first]):  # each names what follows
        bounds = [*actions[1:], len(tokens)]
        out.append(
            [_phrase(tokens[a][0], tokens[a + 1 : b]) for a, b in zip(actions, bounds, strict=True)]
        )
    if not any(kind in _OBJECTS for kind, _ in tokens[last + 1 :]):  # each names what precedes
        starts = [0, *(a + 1 for a in actions[:-1])]
        out.append(
            [_phrase(tokens[a][0], tokens[s:a]) for s, a in zip(starts, actions, strict=True)]
        )
    return out


def _phrase(action: str, tokens: list[Token]) -> Phrase:
    phrase = Phrase(action)
    excluding = False
    for kind, text in tokens:
        if kind == "except":
            excluding = True
        elif kind in ("num", "range"):
            (phrase.excluded if excluding else phrase.numbers).extend(_numbers_of(kind, text))
        elif kind in ("all", "both"):  # "both" on a card of two only: read_answer checks
            phrase.everything = True
        elif kind == "rest":
            phrase.rest = True
    return phrase


def _numbers_of(kind: str, text: str) -> list[int]:
    if kind == "num":
        return [int(text)]
    low, high = (int(n) for n in re.findall(r"\d+", text))
    # "3-1", "1-999": no range of a card's proposals
    return list(range(low, high + 1)) if low <= high <= low + 50 else [-1]


def read_answer(reply: str, open_numbers: list[int], shown: list[int]) -> Answer:
    """What ``reply`` asks for. ``open_numbers``: the numbers open proposals are shown with;
    ``shown``: those on a card a person saw and has not skipped ("确认" and a bare "不要"
    answer those: a proposal made since was never seen)."""
    text = _normalised(reply, len(open_numbers), sorted(shown or open_numbers))
    unclear = _refused(
        f"没看懂 “{reply.strip()}”：请回复 确认 / 全部 / 1,3 / 跳过 / 跳过 2 / 不要 2 / "
        "确认 1，跳过 2 (all / 1,3 / skip / skip 2 / reject 2 / approve 1, skip 2)"
    )
    if _NEGATED_NO.search(text) or _ASKED.search(text):
        return unclear
    if _BOTH.search(text) and len(open_numbers) != 2:
        return unclear
    answers: list[Answer] = []
    for ends in _CLAUSE_ENDS:
        clauses = _clauses(text, ends)
        if not clauses:
            return unclear
        readings = (_readings(_softened(tokens)) for tokens in clauses)
        for reading in itertools.product(*readings):
            answers.append(_resolve([p for ps in reading for p in ps], open_numbers, shown))
    valid = [a for a in answers if not a.refused]
    if not valid:
        return answers[0] if answers else unclear
    if len({repr(a.choice()) for a in valid}) > 1:
        return _refused(
            f"“{reply.strip()}” 可以有两种理解，什么都没做：请写清楚，例如 “确认 1、3，不要 2” / "
            "this answer reads two ways, nothing was done: say e.g. 'approve 1 and 3, reject 2'"
        )
    return valid[0]


def _resolve(phrases: list[Phrase], open_numbers: list[int], shown: list[int]) -> Answer:
    bad = sorted({n for p in phrases for n in p.numbers + p.excluded if n not in open_numbers})
    if bad:
        left = ", ".join(map(str, open_numbers))
        return _refused(f"编号 {bad} 不存在（待定：{left}）/ no open proposal {bad} (open: {left})")
    if any(p.numbers and p.excluded for p in phrases):
        return _refused("“除了”前后都有编号 / numbers both chosen and excepted")
    if len(phrases) == 1:
        return _single(phrases[0], open_numbers, shown)
    named: dict[int, str] = {}
    for phrase in phrases:
        for number in phrase.numbers:
            if named.setdefault(number, phrase.action) != phrase.action:
                return _refused(f"编号 {number} 说了两种 / proposal {number} answered twice")
    open_ones = [p for p in phrases if not p.numbers]
    if len({p.action for p in open_ones}) > 1:
        return _refused("哪条要、哪条不要不清楚 / which proposal gets which answer is unclear")
    excluded = {n for p in phrases for n in p.excluded}
    for phrase in open_ones:  # "其他跳过", a bare "好的": the card's proposals not named
        pool = open_numbers if phrase.everything else shown
        for number in pool:
            if number not in excluded:
                named.setdefault(number, phrase.action)
    answer = Answer()
    for number, action in sorted(named.items()):
        getattr(answer, action).append(number)
    answer.others_skipped = bool(answer.approve or answer.reject)
    answer.understood = _said(answer)
    return answer


def _single(phrase: Phrase, open_numbers: list[int], shown: list[int]) -> Answer:
    """One action: 确认 / 不要 alone take the card's, 全部 everything, 跳过 alone the whole card
    (kept for later), "跳过 2" that one only, "除了 2 都要" the card's others; "其他不要" with
    nothing else named names nothing."""
    if phrase.rest and not phrase.everything:
        return _refused("“其他”之外没有提到哪一条 / 'the others' of nothing named")
    if phrase.numbers:
        numbers = sorted(set(phrase.numbers))
    elif phrase.everything or (phrase.action == SKIP and not phrase.excluded):
        numbers = [n for n in open_numbers if n not in phrase.excluded]
    else:
        numbers = [n for n in shown if n not in phrase.excluded]
    if not numbers:
        left = ", ".join(map(str, open_numbers))
        hint = "编号或“全部”" if phrase.action == APPROVE else "“不要 编号”"
        return _refused(
            f"卡片上没有待答的提议（待定：{left}，还没给你看过或已跳过）：先 memstrata proposals，"
            f"再回复{hint} / no proposal on a card waits for an answer (open: {left}, not shown "
            "yet or skipped): run memstrata proposals, then reply with their numbers or 'all'"
        )
    answer = Answer(others_skipped=not (phrase.action == SKIP and phrase.numbers))
    if phrase.action == SKIP and not phrase.numbers and not phrase.excluded:
        answer.understood = "跳过 / skip"  # nothing named: the whole card waits
        return answer
    getattr(answer, phrase.action).extend(numbers)
    answer.understood = _said(answer)
    return answer


def _said(answer: Answer) -> str:
    said = [
        f"{zh} / {en}: " + ", ".join(map(str, numbers))
        for zh, en, numbers in (
            ("确认", "approved", answer.approve),
            ("拒绝", "rejected", answer.reject),
            ("跳过", "skipped", answer.skip),
        )
        if numbers
    ]
    return "; ".join(said)


def _refused(why: str) -> Answer:
    return Answer(understood=why, refused=True)
