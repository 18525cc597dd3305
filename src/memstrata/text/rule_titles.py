"""The title of a rule said in a user's words: where it says what to do.

A user often asks, guesses or complains before the rule ("你 join 的是 dw.shipments_v1？…现在都读
dw.shipments_v2", "怎么又是 class 组件……只用 hooks"): a title cut from the first words says the
wrong thing, or nothing. The signal's brief (capture.statement) and the entry written to memory
(entries.remember) are titled here, the same way.
"""

from __future__ import annotations

import re

from memstrata.text.titles import brief, title_limit

_PIECE = re.compile(r"[^，,。；;！!？?\n]+[，,。；;！!？?\n]*")

# A clause that only complains before what the user wants ("怎么又是 class 组件……", "again with
# the inline styles 😩"): the title is the clause after it; the detail keeps it.
# A sulking face, not any emoji: "Use the old config again 👍" is the rule.
_SULK = "\U0001f612\U0001f611\U0001f629\U0001f644\U0001f624\U0001f620\U0001f621\U0001f62b"
_COMPLAINT = re.compile(
    r"怎么又|又(?:写成|写错|弄成|弄错|忘了)|看着(?:好|真|很|太)?(?:累|烦|难受)|好烦|烦死|真烦|受不了"
    # having to do it oneself each time ("每次还得自己 +8 心算……"); "X again" ("又是 v1 😅")
    r"|(?:每次|还)(?:都|还)?得自己|^\s*又是"
    # "again" complains only as "again with …" or before a sulking face: "Run the migrations
    # again after every deploy" and "Never push to main again! It broke prod" are the rule.
    rf"|\bagain with\b|\bagain\s*[{_SULK}]|[{_SULK}]",
    re.IGNORECASE,
)
# A clause that says what to do: no complaint after it moves the title past it.
_ORDERS = re.compile(
    r"^\s*(?:别|不要|不许|请|麻烦|务必|一定|永远|以后|今后|记得)"
    r"|^\s*(?:please|don'?t|never|always|use|stop|make sure)\b",
    re.IGNORECASE,
)
# Where a lead-in clause ends: the usual punctuation, an ellipsis or an emoji.
_LEAD_IN_END = re.compile(
    r"[，,。；;！!？?\n]+|…+|\.{3,}|\s*[\U0001F300-\U0001FAFF\u2600-\u27BF]+\s*"
)
# A short topic before "：" or ": " ("plots: matplotlib"): letters only, so never a time (10:30),
# a port (8080:80), a URL (https://), a path (C:\\) or a [REDACTED:kind] marker.
_TOPIC = re.compile(
    r"^(?P<topic>[A-Za-z\u4e00-\u9fff][A-Za-z\u4e00-\u9fff ]{0,11})(?:：|: )\s*(?P<rest>.+)$"
)


def rule_title(head: str) -> str:
    """The entry's title from ``head``: after any clause that only complains, keeping a short
    ``topic:`` in front ("plots: I usually go with matplotlib" was titled "plots"). A condition
    stays (如果是周五，不要上线 without it says never), and so do closing particles (酒吧, 多哈 and
    a guess's 吧 are not noise): an adversarial pass found both rules inverting rules."""
    start, clause = 0, 0
    for end in _LEAD_IN_END.finditer(head):
        said = head[clause : end.end()]
        if _ORDERS.search(said):  # "别每次把整个文件甩回来啊，…我还得自己找": the rule itself
            break
        if head[end.end() :].strip() and _COMPLAINT.search(said):
            start = end.end()
        clause = end.end()
    head = head[start:].strip() or head
    topic = _TOPIC.match(head)
    if topic and len(topic.group("rest")) >= 4:
        lead, rest = topic.group("topic").strip(), topic.group("rest")
        limit = title_limit(head) - len(lead) - 2
        if limit < 10:  # a long lead-in ("后端组有条死规矩：…"): the rule alone
            return brief(rest, title_limit(rest))
        return f"{lead}: {brief(rest, limit)}"
    return brief(head, title_limit(head))


# A clause that asks or guesses what went wrong ("你 join 的是 dw.shipments_v1？", "分母里混进
# cancelled 的单了吧，…") says what the agent did, not what to do: never where the title starts.
_ASKS = re.compile(r"(?:[？?]|了吧[，,。]?)\s*$")


def past_questions(text: str) -> str:
    """``text`` from its first clause that neither asks nor guesses ("你 join 的是 v1？那张停更了，
    现在都读 v2" was titled "你 join 的是 dw.shipments_v1": the table not to use)."""
    pieces = _PIECE.findall(text)
    start = 0
    while start < len(pieces) - 1 and _ASKS.search(pieces[start]):
        start += 1
    return ("".join(pieces[start:]).strip(" ，,。.：:;；!！—-~") or text) if start else text


def entry_title(content: str) -> str:
    """An entry's title, cut from its clean content as a signal's brief is: where it says what
    to do. Entries were titled by the content's first words, so a rule to read v2 went into
    principles.md as "你 join 的是 dw.shipments_v1" whatever the card had shown."""
    return rule_title(past_questions(content)) if content.strip() else ""
