"""What an utterance teaches, as a clean statement: no echo of how it was said.

"不对，应该用 pnpm" after ``npm install`` failed is worth keeping as "安装依赖用 pnpm，不用 npm",
never under the title "不对". So the words that only carry the signal (不对 / No / 错了 / 记住：/
remember that / 以后都这样 / btw / 对了) are stripped from both ends, a correction is completed
from the tool context when it names only the right half, and ``why`` is taken from the user's
own reason (因为… / otherwise…) or left empty for the user to fill; never boilerplate.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memstrata.capture.toolcontext import parse_runs
from memstrata.text.titles import brief, title_limit

# Leading words that carry the signal, not the content (repeated: "不对不对，记住：...").
_LEAD = re.compile(
    r"^\s*(?:"
    r"(?:(?:不对(?!称))+|(?:错了)+|不是这样(?:的)?|你(?:又)?(?:搞|弄|写|理解|连|记|说|看)错了|这不对|其实|实际上"
    r"|(?:请|千万|一定|务必)?(?:你)?(?:记住|记一下|记下来|记好了|记着)(?:这个|这条|这点|一下)?"
    r"|这个经验记一下|这个记一下|以后都这样|就这样|下次(?:也)?(?:记得|别忘了)|别忘了|对了"
    r"|顺便(?:说|提)一下|另外)\s*(?:[,，:：;；.!！。、—\-~]+\s*|\s+|$|(?=[\u4e00-\u9fff]))"
    # English signal words that can open a sentence with content ("No mocks") need a comma.
    r"|(?:no+|nope|wrong|not quite|actually|well|hmm+|um+|uh+|ok(?:ay)?|so|also)\s*(?:[,:;.!—\-]+\s*|$)"
    r"|(?:that'?s|that is|this is) (?:wrong|not right|incorrect)\s*(?:[,:;.!—\-]+\s*|$)"
    r"|(?:please\s+)?(?:note (?:this|that|it) down|remember|note)(?:\s+(?:this|that))?\s*(?:[,:;.!—\-]+\s*|\s+|$)"
    r"|(?:keep in mind(?:\s+that)?|fyi|btw|by the way|for the record|heads up|from now on"
    r"|going forward|make this a rule)\s*(?:[,:;.!—\-]+\s*|\s+|$)"
    r")",
    re.IGNORECASE,
)
# Trailing words that only repeat the request ("..., 记住了" / ", remember that").
_TAIL = re.compile(
    r"(?:[,，;；.。!！\s]+)(?:"
    r"(?:你)?(?:记住|记一下|记下来|记好)(?:了|这个|这条|啊|哦)?|以后都这样|下次(?:也)?(?:记得|别忘了)|别再忘了"
    r"|(?:please\s+)?remember (?:this|that)|note (?:this|that) down|don'?t forget|always|got it\??"
    r")\s*[.!。！~]*\s*$",
    re.IGNORECASE,
)
_ECHO_ONLY = re.compile(
    r"^\s*(?:不对|错了|no|nope|wrong|以后都这样|就这样|记住|remember|记一下|ok|好的?|是的|yes|yeah)?\s*[。.!！]*\s*$",
    re.IGNORECASE,
)
_REASON = re.compile(
    r"(?:因为|由于|否则|不然|要不然|会导致|免得|以免|because|since|otherwise|or else|so that)[^。！？!?;；]*",
    re.IGNORECASE,
)
_SHOULD_ZH = re.compile(r"应该(?:是|用|改成|换成)?\s*(?P<right>[^，,。；;！!]+)")
_SHOULD_EN = re.compile(r"\b(?:should be|use|it'?s)\s+(?P<right>[^,.;!]+)", re.IGNORECASE)
_ACTION = {
    "install": ("安装依赖", "install dependencies"),
    "i": ("安装依赖", "install dependencies"),
    "add": ("安装依赖", "add dependencies"),
    "ci": ("安装依赖", "install dependencies"),
    "test": ("跑测试", "run tests"),
    "build": ("构建", "build"),
    "run": ("运行脚本", "run scripts"),
}


@dataclass(frozen=True)
class Statement:
    """What to write: a title (the brief), the content (the detail), and the user's reason."""

    title: str
    content: str
    why: str = ""

    @property
    def empty(self) -> bool:
        return not self.content


def _lang(text: str) -> str:
    return "zh" if re.search(r"[\u4e00-\u9fff]", text) else "en"


def strip_echo(text: str) -> str:
    """``text`` without the signal words at its start and end (repeatedly)."""
    body = " ".join(text.split())
    for _ in range(4):
        before = body
        body = _LEAD.sub("", body, count=1)
        body = _TAIL.sub("", body)
        body = body.strip(" ，,。.：:;；!！—-~")
        if body == before:
            break
    return "" if _ECHO_ONLY.match(body) else body


def _with_context(kind: str, body: str, context: str, lang: str) -> str:
    """Complete a correction that names only the right thing ("应该用 pnpm") with the wrong one
    the agent used, read from the tool context ("npm install" → "安装依赖用 pnpm，不用 npm")."""
    if kind != "correction" or not context:
        return body
    match = (_SHOULD_ZH if lang == "zh" else _SHOULD_EN).search(body)
    runs = parse_runs(context)
    if not match or not runs or re.search(r"不是|不用|而不是|\bnot\b|instead", body):
        return body
    right = match.group("right").strip()
    right_tool = right.split()[-1] if right.split() else right
    for run in reversed(runs):
        words = run.op.split()
        if not words or words[0].lower() in right.lower().split():
            continue
        action = _ACTION.get(words[1] if len(words) > 1 else "", ("", ""))
        verb = action[0 if lang == "zh" else 1]
        if lang == "zh":
            return (
                f"{verb}用 {right_tool}，不用 {words[0]}"
                if verb
                else f"用 {right}，不用 {words[0]}"
            )
        return (
            f"{verb.capitalize()} with {right_tool}, not {words[0]}"
            if verb
            else f"Use {right}, not {words[0]}"
        )
    return body


# A change said as news ("装依赖现在改用 bun 了", "we now use bun"): the words that only date it.
_CHANGE_ZH = re.compile(
    r"(?:现在|目前|已经|早就)(?=\s*(?:改用|换成|换用|切到|切换到|迁到|改成))|(?<=[\w\u4e00-\u9fff])\s*了$"
)
_CHANGE_EN = re.compile(
    r"\b(?:now|already)\s+(?=(?:use|using|switched|moved|migrated)\b)", re.IGNORECASE
)


def statement(kind: str, text: str, context: str = "") -> Statement:
    """The clean statement of a signal of ``kind`` in ``text`` (content may be empty: then
    nothing specific was said, and nothing should be written from it alone)."""
    lang = _lang(text)
    body = strip_echo(text)
    body = _with_context(kind, body, context, lang) if body else body
    if kind == "correction":
        body = (_CHANGE_ZH if lang == "zh" else _CHANGE_EN).sub("", body).strip()
    reason = _REASON.search(body)
    why = reason.group(0).strip(" ，,") if reason else ""
    if not body:
        return Statement("", "")
    content = body if len(body) <= 100 else body[:99] + "…"
    return Statement(brief(content, title_limit(content)), content, why[:80])
