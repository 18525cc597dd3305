"""Words that open a message without saying anything to remember: a request that names the
memory instead of saying 记住, and an aside. Shared by the signal statements (capture) and
``memstrata remember`` (entries), which both keep only what follows."""

from __future__ import annotations

import re

from memstrata.text.lazy_re import lazy_compile

# A request that names the memory file first, then what to do with it ("往 USER.md 里写", "MEMORY.md
# 加一条"): also an explicit request to the signal rules (capture.signals), when a separator follows.
# The memory files a request may name.
_FILES = (
    r"(?:MEMORY|USER|AGENTS|CLAUDE)\.md|MEMORY|lessons(?:\.md)?|principles(?:\.md)?|infra(?:\.md)?"
    r"|projects(?:\.md)?"
)
FILE_FIRST_REQUEST = (
    r"(?:请|帮我|麻烦)?(?:往|在|给)?\s*(?:你的?)?\s*(?:MEMORY(?:\.md)?|USER\.md|AGENTS\.md|CLAUDE\.md"
    r"|lessons(?:\.md)?|principles(?:\.md)?|infra(?:\.md)?|projects(?:\.md)?|记忆库?|备忘录?|笔记)\s*(?:里|中|上)?\s*"
    r"(?:加|补|写|记|添)(?:上|进|入)?(?:一条|一笔|一句|一下|个)?"
)
# A request that names the memory instead of saying 记住 ("这条写进你的 memory：…", "add this to
# your memory:") and an aside opening the message (顺带说下，/ 早～): only before a separator, so
# that "顺带说下载的依赖包…" keeps its 下载.
_REQUEST_LEAD = lazy_compile(
    r"^\s*(?:"
    r"(?:请|帮我|麻烦)?把?(?:这条|这个|这点|这句|下面这条|这)?"
    r"(?:记一下)?(?:写进|写到|记到|记在|记进|加到|加进|存到|存进|放进|放到|到)(?:你的?|你那个)?\s*"
    rf"(?:{_FILES}|memory|记忆库?|备忘录?|小本本|笔记|长期记忆)\s*(?:里|中)?(?:去|吧|哈)?"
    # the file named first ("MEMORY.md 加一条：", "往 USER.md 里写：", "lessons 里记一笔：")
    rf"|{FILE_FIRST_REQUEST}"
    r"|(?:顺便|顺带)(?:说|提)(?:一?下|一句)?|插一句|补充一下|早|早上好|嗨|哈喽|哦还有|这回记清楚了"
    r"|总结(?:一下)?|小结"
    # a lesson named without the file ("记个教训：", "这个坑记下来：", "lesson learned:")
    r"|记个教训|记一下教训|这个坑记下来|lessons? learned"
    r"|(?:(?:please|pls|plz)\s+)?(?:add|save|put|write|store|log|file)(?:\s+(?:this|that|it))?"
    rf"\s+(?:to|in|into)\s+(?:your\s+|the\s+|my\s+)?(?:{_FILES}|memory|notes|long[- ]term memory)"
    # ... with why ("pls put this in USER.md so you remember it: …")
    r"(?:\s+so(?: that)? you(?:'ll| will)? (?:remember|know|don'?t forget)(?: (?:it|this|that))?)?"
    # "remember in infra.md:", "note this in projects.md:" (review16: read as "in infra.md"),
    # also what is left once the trigger word is gone ("in infra.md: …")
    r"|(?:(?:please\s+)?(?:remember|note|keep|record)(?:\s+(?:this|that|it))?\s+)?(?:in|to|into)"
    rf"\s+(?:your\s+|the\s+|my\s+)?(?:{_FILES})"
    r"|(?:please\s+)?make a note(?: of (?:this|that|it))?|for future reference|note for later"
    # "note this one down as a lesson (same as last week's):" (round 21: titled "one down as a…")
    r"|(?:(?:please|pls|plz)\s+)?(?:note|write|jot|put)\s+(?:this|that|it)(?:\s+one)?\s+down"
    r"(?:\s+as\s+an?\s+(?:lesson|note|rule|pattern|reminder))?(?:\s*\([^()\n]{0,60}\))?"
    r")\s*(?:[,，:：;；.!！。、—\-~～]+\s*|$)",
    re.IGNORECASE,
)


def strip_request(text: str) -> str:
    """``text`` without a leading request that names the memory, or an aside (see above)."""
    return _REQUEST_LEAD.sub("", text, count=1).strip()


# The file a request names, as the role it is ("往 USER.md 里写：我是后端" is about the user).
_NAMED = (
    (lazy_compile(r"USER\.md", re.IGNORECASE), "user"),
    (lazy_compile(r"principles(?:\.md)?", re.IGNORECASE), "principles"),
    (lazy_compile(r"lessons?(?:\.md)?|教训|坑", re.IGNORECASE), "lessons"),
    (lazy_compile(r"MEMORY(?:\.md)?|记忆库?|长期记忆", re.IGNORECASE), "long_term"),
    (lazy_compile(r"infra(?:\.md)?", re.IGNORECASE), "infra"),
    (lazy_compile(r"projects(?:\.md)?", re.IGNORECASE), "projects"),
)


def named_role(text: str) -> str | None:
    """The role of the memory file a leading request names, if it names one."""
    lead = _REQUEST_LEAD.match(text)
    if lead is None:
        return None
    return next((role for pattern, role in _NAMED if pattern.search(lead.group(0))), None)
