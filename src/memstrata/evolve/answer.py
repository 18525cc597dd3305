"""What a person's answer to an evolution card asks for: which proposals to write, turn down
or keep for later.

People answer a card the way they talk ("跳过第2个", "skip #2", "全部跳过", "确认 1，跳过 2",
"1 要，2 不要", "1 ok, rest later"; review17: each of these was refused). An answer is read
as words from a small lexicon (actions, "all", "the others", numbers, fillers) grouped into
phrases, each an action and what it names; anything outside the lexicon makes the whole answer
"not understood", so nothing is ever done on a guess.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

APPROVE, REJECT, SKIP = "approve", "reject", "skip"

# Longest first: "不要" before "要", "先不要" before "不要", "全部确认" is 全部 + 确认.
_ACTIONS: dict[str, tuple[str, ...]] = {
    SKIP: (
        "先跳过", "跳过", "先不要", "先不", "先放着", "放着", "以后再说", "再说", "晚点",
        "稍后", "取消", "算了", "skip", "later", "not now", "defer", "pass", "none", "cancel",
    ),
    REJECT: (
        "都不要", "拒绝", "不要", "不用", "丢弃", "删掉", "删了", "去掉", "别记", "不记",
        "reject", "decline", "discard", "drop", "nope", "no", "n",
    ),
    APPROVE: (
        "确认", "同意", "批准", "通过", "写入", "记上", "好的", "可以", "行", "要", "好",
        "approve", "accept", "confirm", "okay", "ok", "yes", "y",
    ),
}  # fmt: skip
_ALL_WORDS = ("全部", "全都", "所有", "两个", "俩", "都", "每个", "all", "everything", "both",
              "each")  # fmt: skip
_REST_WORDS = ("其他的", "其他", "其它", "其余", "剩下的", "剩下", "余下", "别的",
               "the rest", "the others", "rest", "others", "other ones")  # fmt: skip
# words that carry no choice: "请", "就", "和" (1 和 3), "then", "please"
_FILLERS = ("麻烦", "请", "就", "先", "吧", "了", "的", "呢", "啊", "哈", "嗯", "也", "和", "跟",
            "与", "及", "以及", "还有", "然后", "但是", "但", "个", "条", "项", "号", "谢谢",
            "and", "then", "but", "please", "pls", "thanks", "thx", "the", "one", "ones",
            "number", "item", "proposal", "proposals", "just")  # fmt: skip
_CN_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
              "九": 9, "十": 10}  # fmt: skip


def _word_pattern(words: tuple[str, ...]) -> str:
    """Longest first; an English word only as a whole word (the "n" of "none" is no "n")."""
    parts = []
    for word in sorted(words, key=len, reverse=True):
        escaped = re.escape(word).replace(r"\ ", r"\s+")
        parts.append(rf"\b{escaped}\b" if word.isascii() else escaped)
    return "|".join(parts)


_TOKEN = re.compile(
    "|".join(
        [
            r"(?P<range>\d+\s*(?:-|~|到|至|to)\s*\d+)",
            r"(?P<num>\d+)",
            *(rf"(?P<{kind}>{_word_pattern(words)})" for kind, words in _ACTIONS.items()),
            rf"(?P<all>{_word_pattern(_ALL_WORDS)})",
            rf"(?P<rest>{_word_pattern(_REST_WORDS)})",
            rf"(?P<filler>{_word_pattern(_FILLERS)})",
            r"(?P<sep>[,，;；。.!！、/&+]|\s+)",
        ]
    ),
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(r"[,，;；。!！]")


@dataclass
class Phrase:
    """One action and what it names: numbers, everything, the others, or (none) the card."""

    action: str
    numbers: list[int] = field(default_factory=list)
    everything: bool = False
    rest: bool = False

    @property
    def bare(self) -> bool:
        return not (self.numbers or self.everything or self.rest)


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


def _normalised(reply: str) -> str:
    """Full-width forms folded, "第二个" / "#2" read as the number 2."""
    text = unicodedata.normalize("NFKC", reply).strip()
    text = re.sub(
        r"第\s*([一二两三四五六七八九十])",
        lambda m: f"第{_CN_DIGITS[m.group(1)]}",
        text,
    )
    return re.sub(r"(?:第|#)\s*(\d+)", r" \1 ", text)


def _tokens(clause: str) -> list[tuple[str, str]] | None:
    """(kind, text) of each word; None when a word is outside the lexicon."""
    out: list[tuple[str, str]] = []
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


def _numbers_of(kind: str, text: str) -> list[int]:
    if kind == "num":
        return [int(text)]
    low, high = (int(n) for n in re.findall(r"\d+", text))
    return list(range(low, high + 1)) if 0 < high - low < 50 else [low, high]


def _phrases_of(tokens: list[tuple[str, str]]) -> list[Phrase] | None:
    """The clause's phrases. One action: everything it names is its own, before or after.
    Several ("确认1跳过2", "1 确认 2 跳过"): the first word says whether an action comes before
    what it names or after it. None: a number left with no action of its own."""
    actions = [kind for kind, _ in tokens if kind in _ACTIONS]
    if not actions:
        return [Phrase("", *_objects(tokens))] if tokens else []
    if len(actions) == 1:
        where = next(i for i, (kind, _) in enumerate(tokens) if kind in _ACTIONS)
        if 0 < where < len(tokens) - 1:
            return None  # "1 确认 2": named on both sides
        return [Phrase(actions[0], *_objects([t for t in tokens if t[0] not in _ACTIONS]))]
    action_first = tokens[0][0] in _ACTIONS
    phrases: list[Phrase] = []
    pending: list[tuple[str, str]] = []
    for token in tokens:
        if token[0] not in _ACTIONS:
            pending.append(token)
            continue
        if action_first:
            if phrases:
                phrases[-1] = Phrase(phrases[-1].action, *_objects(pending))
            phrases.append(Phrase(token[0]))
        else:
            phrases.append(Phrase(token[0], *_objects(pending)))
        pending = []
    if pending:
        if not action_first:
            return None  # "1 确认 2": whose is 2?
        phrases[-1] = Phrase(phrases[-1].action, *_objects(pending))
    return phrases


def _objects(tokens: list[tuple[str, str]]) -> tuple[list[int], bool, bool]:
    numbers = [
        n for kind, text in tokens if kind in ("num", "range") for n in _numbers_of(kind, text)
    ]
    return numbers, any(k == "all" for k, _ in tokens), any(k == "rest" for k, _ in tokens)


def _clauses(text: str) -> list[list[tuple[str, str]]] | None:
    """The answer's clauses as tokens; a clause with no action joins its neighbour ("1，3 不要":
    the next one, when that one starts with what it names; "确认 1，3": the one before), so
    "拒绝 2，3 跳过" turns down 2 and keeps 3."""
    clauses = []
    for part in _CLAUSE_END.split(text):
        tokens = _tokens(part)
        if tokens is None:
            return None
        if tokens:
            clauses.append(tokens)
    merged: list[list[tuple[str, str]]] = []
    carry: list[tuple[str, str]] = []
    for index, tokens in enumerate(clauses):
        tokens = carry + tokens
        carry = []
        if any(kind in _ACTIONS for kind, _ in tokens):
            merged.append(tokens)
            continue
        following = clauses[index + 1] if index + 1 < len(clauses) else None
        if following and following[0][0] not in _ACTIONS:
            carry = tokens
        elif merged:
            merged[-1] = merged[-1] + tokens
        else:
            merged.append(tokens)
    return merged


def read_answer(reply: str, open_numbers: list[int], shown: list[int]) -> Answer:
    """What ``reply`` asks for. ``open_numbers``: the numbers open proposals are shown with;
    ``shown``: those on a card a person saw and has not skipped ("确认" and a bare "不要"
    answer those: a proposal made since was never seen)."""
    clauses = _clauses(_normalised(reply))
    phrases: list[Phrase] = []
    for tokens in clauses or []:
        found = _phrases_of(tokens)
        if found is None:
            clauses = None
            break
        phrases.extend(found)
    if not clauses or not phrases:
        return _refused(
            f"没看懂 “{reply.strip()}”：请回复 确认 / 全部 / 1,3 / 跳过 / 跳过 2 / 不要 2 / "
            "确认 1，跳过 2 (all / 1,3 / skip / skip 2 / reject 2 / approve 1, skip 2)"
        )
    for phrase in phrases:
        if not phrase.action:  # numbers alone choose ("1,3"); "全部" alone takes everything
            phrase.action = APPROVE
    return _resolve(phrases, open_numbers, shown)


def _resolve(phrases: list[Phrase], open_numbers: list[int], shown: list[int]) -> Answer:
    bad = sorted({n for p in phrases for n in p.numbers if n not in open_numbers})
    if bad:
        left = ", ".join(map(str, open_numbers))
        return _refused(f"编号 {bad} 不存在（待定：{left}）/ no open proposal {bad} (open: {left})")
    if len(phrases) == 1:
        return _single(phrases[0], open_numbers, shown)
    named: dict[int, str] = {}
    for phrase in phrases:
        for number in phrase.numbers:
            if named.setdefault(number, phrase.action) != phrase.action:
                return _refused(f"编号 {number} 既要又不要 / proposal {number} named twice")
    answer = Answer()
    open_ones = [p for p in phrases if not p.numbers]
    if len({p.action for p in open_ones}) > 1:
        return _refused("“其他”说了两次 / 'the others' said twice")
    for phrase in open_ones:  # "其他跳过", a bare "好的": the card's proposals not named
        pool = open_numbers if phrase.everything else shown
        for number in pool:
            named.setdefault(number, phrase.action)
    for number, action in sorted(named.items()):
        getattr(answer, action).append(number)
    answer.others_skipped = bool(answer.approve or answer.reject)
    answer.understood = _said(answer)
    return answer


def _single(phrase: Phrase, open_numbers: list[int], shown: list[int]) -> Answer:
    """One action: 确认 / 不要 alone take the card's, 全部 everything, 跳过 alone the whole card
    (kept for later), "跳过 2" that one only."""
    if phrase.numbers:
        numbers = sorted(set(phrase.numbers))
    elif phrase.everything or (phrase.action == SKIP and not phrase.rest):
        numbers = list(open_numbers)
    else:
        numbers = list(shown)
    if not numbers:
        left = ", ".join(map(str, open_numbers))
        hint = "编号或“全部”" if phrase.action == APPROVE else "“不要 编号”"
        return _refused(
            f"卡片上没有待答的提议（待定：{left}，还没给你看过或已跳过）：先 memstrata proposals，"
            f"再回复{hint} / no proposal on a card waits for an answer (open: {left}, not shown "
            "yet or skipped): run memstrata proposals, then reply with their numbers or 'all'"
        )
    answer = Answer(others_skipped=not (phrase.action == SKIP and phrase.numbers))
    if phrase.action == SKIP and not phrase.numbers:
        answer.understood = "跳过 / skip"  # nothing named: the whole card waits, unskipped
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
