"""Rule-based learning-signal detection for Chinese, English and mixed text (docs/design.md §5).

Trigger words alone are a poor detector (the issue measured macro-F1 0.43, with 87 % of hard
negatives firing): "不对称加密", "完美世界", "remember() in React" and "is it always O(n)?" all
contain triggers. So every rule looks at the clause, not the word: where the trigger stands
(clause-initial instructions), whether the sentence is a question, a hypothetical, a quotation
or a code mention, whether it is limited to the current file or this one time, and what
follows the trigger. Tool events are read from the hook payload or a ``context`` of earlier
tool results ("cmd -> Exit code N" lines) to spot repeated failures.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, replace

from memstrata.text.lazy_re import lazy_compile
from memstrata.text.requests import FILE_FIRST_REQUEST
from memstrata.text.titles import clip

KINDS = (
    "explicit_remember",
    "correction",
    "repeated_failure",
    "tool_error",
    "new_knowledge",
    "preference",
    "satisfaction",
)
PRIORITY = {kind: rank for rank, kind in enumerate(KINDS)}


@dataclass
class Signal:
    """One detected learning signal."""

    kind: str
    brief: str
    detail: str
    evidence: str
    start: int
    end: int
    promote_now: bool = False

    def as_dict(self) -> dict:
        data = asdict(self)
        return {
            key: data[key] for key in ("kind", "brief", "detail", "evidence", "promote_now")
        } | {"span": [self.start, self.end]}


# ---------------------------------------------------------------- sentence structure
# ASCII ! ? ; glued to the next ASCII character belong to a token (a password ``Zx9!kLm2``, an
# HTML comment ``<!--``, ``a;b``), not to the end of a clause: splitting there kept ``<`` of
# "记住：<!-- … -->" as the whole memory.
_CLAUSE = lazy_compile(
    r"(?:[^。！？!?；;\n]|[!?;](?=[\x22-\x3a\x3c-\x3e\x40-\x7e]))+[。！？!?；;]*"
)
_QUESTION_END = lazy_compile(r"[?？]\s*$|[吗呢]\s*[?？。]?\s*$")  # 吧 suggests, it does not ask
_QUESTION_CUE_ZH = lazy_compile(
    r"怎么|如何|为什么|为何|为啥|是否|有什么|是什么|什么意思|哪个|哪些|哪里|多少|几个"
)
_QUESTION_START = lazy_compile(
    r"^\s*(?:what|how|why|when|where|which|who|is|are|do|does|did|can|could|should|would|will|was|were|shall)\b"
    r"|^\s*(?:能不能|是不是|有没有|为什么|怎么|什么|哪|是否|好奇问一下)",
    re.IGNORECASE,
)
HYPOTHETICAL = lazy_compile(
    r"^\s*(?:如果|假如|要是|万一|假设|what if\b|if\b|suppose\b|imagine\b)|would that", re.IGNORECASE
)
# A request limited to this time or this file; "这次开始" starts a standing rule instead, and
# "这次又…" complains that it happened again.
_SCOPE_LIMITED = lazy_compile(
    r"(?:这个文件|这个脚本|(?:这次|这一次|本次)(?!开始|起|又)|暂时|先不要|只在这|for this one|this file only|in this file|for now|just this once|this time)",
    re.IGNORECASE,
)
_QUOTED = lazy_compile(r"[‘“'\"「『].{0,40}?[’”'\"」』]")
_CODE = lazy_compile(r"`[^`]*`|\w+\(\)|\.\w+\(")
_CONCRETE = lazy_compile(
    r"\d|[/#@]|\.\w{2,4}\b|`|\b[a-z]+[-_][a-z0-9]+\b|\b[A-Z][a-z]+[A-Z]\w*\b|\b(?:staging|prod|production|CI|API|DB|VPN|Redis|SDK|k8s)\b",
)

# ---------------------------------------------------------------- kind rules
# Chit-chat or what holds today only, never kept by an English "remember …" without a colon.
_NOT_CHAT = (
    r"(?!.*\b(?:lol|lmao|haha\w*|jk|today|tonight|tomorrow|right now|again|just|movie|film"
    r"|song|book|game|show)\b)"
)
_ER_START = lazy_compile(
    # after a leading "不对，" / "好的，" too ("不对，记住以后都用 pnpm": a tester's round on ca670a7)
    r"^\s*(?:(?:不对|错了|不是|(?:那)?(?:好(?:的|吧|啊)?){1,2}|嗯+|对|(?:行吧?){1,2}|得嘞|算了吧?|那行|哦|噢|ok(?:ay)?|no|谢谢|多谢|哈哈+|很好|不错|好了|(?:好了)?别闹了"
    r"|别开玩笑了)[，,。!！\s]+){0,2}"
    # an aside that opens it ("另外记住：…", "对了，记一下…": review15b)
    r"(?:(?:另外|还有|对了|顺便)[，,\s]*)?"
    r"(?:请|千万|一定|务必)?\s*(?:记住(?!了吗|没|这一天|这一刻|这个日子|这个时刻|此刻)|记一下|记下来)"
    r"|^\s*(?:以后都|以后每次|从今以后|从现在起|永远不要|永远别|这是规定|下次也|你?必须|务必)"
    # after an English filler too ("ok fine, remember: …", "alright, remember: …": review16)
    r"|^\s*(?:(?:ok(?:ay)?|fine|alright|sure|well)(?:\s+(?:fine|then))?\s*[,.!]\s*)?"
    r"(?:please\s+|pls\s+)?remember(?:\s*[:,—-]|\s+(?:that|this|to|i\b|i'm|my|we|our)\b)"
    # a fact to keep said without a colon ("remember the build takes 20 minutes", "keep in mind
    # that prod is on us-east-2": review15); "remember the milk 😂" states nothing
    # …but not chit-chat or what holds today only ("remember the staging URL is down again
    # lol", "keep in mind the deadline is tomorrow", "Remember the Titans is a great movie":
    # review15b)
    rf"|^{_NOT_CHAT}\s*(?:please\s+|pls\s+)?(?:remember|keep in mind|don'?t forget)(?:\s+that)?\s+"
    r"[^.?!？,，]{1,60}\b(?:is|are|takes|lives|runs|starts|needs|uses|resets)\b"
    # "make a note: …", "for future reference, …": 6 corpus messages, all explicit_remember
    rf"|^{_NOT_CHAT}\s*(?:please\s+|pls\s+)?(?:make a note(?: of (?:this|that|it))?|for future reference"
    r"|note for later)\s*[:,，—-]"
    r"|^\s*(?:(?:thanks|thank you|haha+|i'?m not joking|seriously|no kidding"
    r"|(?:i'?m |i am )?not (?:even )?kidding)\s*[,:;.!—-]\s*)?"
    r"(?:from now on,?\s+)?(?:always|never)\s+(?!mind\b)[a-z]"
    r"|^\s*make sure (?:you )?always\b|^\s*don't ever\b",
    re.IGNORECASE,
)
_ER_TRAILING = lazy_compile(r",\s*always\s*[.!]?\s*$", re.IGNORECASE)
# A standing rule said with its topic inside ("以后回复都用中文", "好的，以后提交前都先跑 lint",
# "Reply in Chinese from now on"): note 004's 以后都 / 永远不要, one-step triggers. On the
# training corpus (4,963 utterances) the Chinese form starts 79 clauses, 78 of them labelled
# explicit_remember, none a hard negative; quotes, questions and hypotheticals are filtered as
# for every explicit trigger. With those filters the whole pattern fires on 107 utterances of
# the corpus: 105 explicit_remember, 2 another signal, 0 hard negatives (BENCHMARKS.md).
_ER_STANDING = lazy_compile(
    r"(?:^|[，,：:]\s*)(?:以后|今后|往后|从今以后|从现在起|从今天起)[^，,。？?]{0,12}"
    r"(?:都|每次|一律|统一|必须|全部|全都|只用|只能|别|不要|不许|不准|禁止)"
    r"|(?:^|[，,：:]\s*)永远(?:不要|别|不能)|\bfrom now on\b|\bgoing forward\b"
    # The same rule dated from a day ("从今天起，main 分支禁止 force push", "这次开始以后都先跑
    # lint", "From today on, never force-push"): a start date then a standing word or an
    # imperative. Not a rule someone else set (今天开始安全组要求…) nor a plain fact ("From
    # today on I'm in Shanghai"). On the corpus: 21 hits, 20 explicit_remember, 0 hard negatives.
    r"|(?:^|[，,：:。！!；;]\s*|好的?[，,]?\s*|那)(?:从|自)?(?:今天|今日|这次|这回|现在|明天|下周|本周|即日)"
    r"(?:开始|起)[，,]?\s*(?!我(?!们))(?:以后|往后|今后)?(?:(?!要求|规定)[^，,。？?]){0,12}?"
    r"(?:都|每次|一律|必须|禁止|不许|不准|不要|别|永远|统一|只能|只用)"
    r"|^\s*(?:(?:ok(?:ay)?|alright|right|so|also|and)[,.\s]+)?(?:from (?:today|now|this point|here"
    r"|tomorrow|next (?:week|sprint|release)) on(?:wards?)?|starting (?:today|now|tomorrow"
    r"|next (?:week|sprint))|as of (?:today|now|this week)|henceforth|effective (?:today|immediately))"
    r"\b[,:]?\s+(?:please\s+)?(?:always|never|don'?t|do not|no\b|use|make sure|every|all|only"
    r"|we (?:always|never|use|do|don'?t)|let'?s|you (?:should|must|always|never))"
    # A step tied to an event ("上线前必须跑冒烟测试", "merge 之前一定要有一个 approve", "部署完都要
    # 看一眼监控"): the labelling guide's 必须, a standing procedure. Not 以后 / 以前 / 然后 / 最后
    # (以后都要 is the pattern above, after its filters).
    r"|(?:^|[，,：:。；;]\s*)[^，,。？?！!]{1,16}?(?:之前|之后|(?<![以然最之])(?:前|后)|(?<![以然最之])完)"
    r"(?:都|也)?(?:必须|一定要|一定得|务必|都要|都得|要先|得先|先要)",
    re.IGNORECASE,
)
# A standing rule not yet made ("以后可能会统一用 k8s，但还没定", "以后统一再看", "从今天起是不是
# 都要用 pnpm"): a thought about a rule, not one (a tester's round on main ca670a7).
HEDGED = lazy_compile(
    r"可能|也许|或许|大概|还没定|没定|未定|再看看|再议|是不是|要不要|考虑一下|以后再看|统一再看"
    r"|\b(?:maybe|might|perhaps|probably|not decided|undecided|tbd)\b",
    re.IGNORECASE,
)
# A joke taken back ("永远不要相信 p-value 😂 开玩笑的，帮我…", "Always use tabs. Just kidding"):
# the sentence it takes back teaches nothing (learning_sim4's neg_joke_pvalue became a
# principle). The marker must stand as a clause of its own: "我不是在开玩笑的", "绝非开玩笑的",
# "no kidding" insist; "刚才说 p-value 那句是开玩笑的" names what it takes back (something said
# before this message); "说到开玩笑的" and "jk 映射成 Esc" are other words.
_JOKE_ZH = lazy_compile(
    r"(?:^|(?<=[，,。.!！?？;；~～…\s\U0001F300-\U0001FAFF哈]))"
    r"(?:开玩笑的|开个玩笑|开玩笑啦|说着玩的|逗你的|逗你玩的?|(?:我)?不是认真的)"
    r"(?=\s*(?:啦|哈+|的|嘛)?\s*(?:[，,。.!！~～…\s\U0001F300-\U0001FAFF]|$))"
)
_JOKE_EN = lazy_compile(
    r"(?:^|(?<=[.,;!?:~\s]))(?<!\bnot )(?<!\bno )(?<!\beven )(?:just kidding|j/k|jk|kidding)"
    r"(?=\s*(?:lol|haha)?\s*(?:[.,;!?)~…]|$))",
    re.IGNORECASE,
)
_SENTENCE_END = lazy_compile(r"[。！？!?.\n]+")
_WORDLESS = lazy_compile(r"^[\W\d_哈]*$")


def jest_spans(text: str) -> list[tuple[int, int]]:
    """The spans a joke marker takes back: from the start of its sentence to the marker, or the
    sentence before when the marker opens its own ("…。逗你的")."""
    spans = []
    for match in [*_JOKE_ZH.finditer(text), *_JOKE_EN.finditer(text)]:
        ends = [m.end() for m in _SENTENCE_END.finditer(text, 0, match.start())]
        start = ends[-1] if ends else 0
        if _WORDLESS.match(text[start : match.start()]) and len(ends) >= 1:
            start = ends[-2] if len(ends) >= 2 else 0
        spans.append((start, match.end()))
    return spans


# A request that names the memory instead of saying 记住/remember ("写进 MEMORY.md", "记到小本本",
# "add that to your notes"): anchored at the clause start, so "帮我 add 一个 notes 字段" and a
# question about MEMORY.md stay quiet. 88 of 88 hits on the signals corpus are explicit requests.
_ER_MEMORY_FILE = lazy_compile(
    r"^\s*(?:请|帮我|麻烦|pls|please|can you|could you)?\s*(?:把?(?:这|它|那|刚才)\S{0,12}?)?\s*"
    r"(?:写进|写到|记到|记在|记进|加到|加进|存到|存进|放进|放到|补到|抄到|更新到|归档到|记一下到)\s*"
    r"(?:你的?|你那个)?\s*(?:MEMORY(?:\.md)?|USER\.md|AGENTS\.md|CLAUDE\.md|lessons(?:\.md)?"
    r"|principles(?:\.md)?|infra(?:\.md)?|projects(?:\.md)?|memory|备忘|小本本|笔记|notes?|长期记忆|经验)"
    # the file first, then the verb ("USER.md 里补一条：我用 vim", "帮我在 principles 里加：…")
    rf"|^\s*{FILE_FIRST_REQUEST}\s*[:：，,]"
    # a lesson named without the file: 5 corpus messages open "lesson learned:", all explicit
    r"|^\s*(?:记个教训|记一下教训|这个坑记下来|lessons? learned)\s*[:：，,]"
    # …and "remember / note in infra.md: …" (review16: no signal on the rules alone)
    r"|^\s*(?:pls|please|can you|could you|kindly)?\s*(?:add|put|save|write|jot|stick|log|file"
    r"|remember|note|record)\b"
    r".{0,30}?\b(?:to|in|into)\s+(?:your|the|my)?\s*(?:MEMORY\.md|USER\.md|AGENTS\.md|CLAUDE\.md"
    r"|(?:lessons|principles|infra|projects)(?:\.md)?|notes|memory(?: file)?|long[- ]term memory)"
    r"(?:\b|(?<=\.md))",
    re.IGNORECASE,
)
# "I've told you many times, …": the rule after it was broken again (review15b: "我说过很多次了，
# 日志里不要打印 token" was no signal). Said to the agent: no third party before it.
REPEATED_REPROACH = (
    r"(?:(?:我|都|我都|我已经|已经)?(?:跟你|和你)?(?:说|讲|提|强调)(?:过|了)"
    r"(?:很多|好多|好几|多少|无数|[两三四五六七八九十几百千万]+)(?:次|遍|回)了?"
    r"|(?:i'?ve|i have) told you(?: this| that)? (?:a (?:hundred|thousand|million) times"
    r"|so many times|many times|(?:a )?(?:few|couple of|dozen) times|over and over)"
    r"|how many times (?:do i have to|must i|have i) (?:tell|told|say|said)(?: you)?(?: this| that)?"
    r"|i keep telling you|for the (?:hundredth|umpteenth|thousandth|last|nth) time"
    r"|i(?:'ve| have)? told you (?:already|before))"
)
# After the reproach: its punctuation (a colon too: "我说过很多次了：别用 yarn", review16)
REPROACH_END = r"(?:\s*[，,。.!！?？;；:：—-]+\s*|\s*(?=别|不要|千万))"
_REPROACH_OPEN = lazy_compile(rf"^\s*{REPEATED_REPROACH}{REPROACH_END}(?=\S.{{2,}})", re.IGNORECASE)
# The agent did it wrong again ("这次又是你先改了代码才跑测试", "你又忘了跑 lint"): the labelling
# guide's correction by complaint. Said before a rule, it is one (round 11's model read the
# first at 0.49 against the bar of 0.6 when the rule followed it; round 10's 0.67).
AGAIN_REPROACH = (
    r"(?:(?:这次|这回|今天)?又是你|你(?:这次|这回)?又(?:把|给我|忘了|没|是))[^，,。！!？?；;]{2,30}"
)
# ...followed by a rule: a correction, whatever the model reads (classifier.RULES_KEPT)
REPROACHED_RULE = (
    rf"^\s*(?:{REPEATED_REPROACH}|{AGAIN_REPROACH}){REPROACH_END}"
    # not a comfort or a complaint ("…，别担心", "…, don't worry about it", "…，都怪你": review16)
    r"(?!.*(?:别担心|别客气|不用谢|不客气|别介意|别生气|都怪|别再犯|别哭|宝贝|亲爱的|带伞|开玩笑|谢|辛苦"
    r"|don'?t worry|don'?t be sorry|hard on yourself|don'?t cry|never listen|stop it\b|kidding))"
    r"(?=.*(?:不要|别|要|用|必须|得|应该|不能|不许|先|记得"
    r"|禁止|一律|都|\bnever\b|\bdon'?t\b|\bdo not\b|\balways\b|\buse\b|\bstop\b|\bmust\b|\bshould\b)"
    # or an English imperative ("I keep telling you: run the linter first": review16): a first
    # word that is no subject
    r"|(?:please\s+)?(?!(?:i|i'm|i've|you|you're|we|he|she|it|it's|they|this|that|there|the"
    r"|my|your|our|so|and|but|ok|okay)\b)[a-z]{2,}\b)"
)
# A clause that is the reproach alone ("How many times have I told you this?", "说了多少遍了！"):
# read with the clause after it, which holds the rule (review16: missed after "?" or "!")
_REPROACH_ONLY = lazy_compile(
    rf"^\s*{REPEATED_REPROACH}(?:\s+(?:this|that))?\s*[?？!！.。…]*\s*$", re.IGNORECASE
)
_CORRECTION = lazy_compile(
    rf"{REPROACHED_RULE}"
    # after a laugh or a hesitation ("哈哈 不对 应该用 pnpm": review33)
    r"|^\s*(?:(?:哈{2,}|hh+|lol|嗯+|哦+|噢|额|呃|emm+)[，,。!！\s]+)?"
    r"(?:不对(?!称)|错了(?!吗)|不是这样|你搞错了|你理解错了|这里写错了|这不对|其实不是|你又把"
    r"|其实(?:应该|应当)(?=先|用|把|改|在|是|要|换|跑|写|放|加|去|按|走|从|让|给|设|配|装|删|关|开))"
    r"|(?:你写的|你给的).{0,20}有问题|不是.{1,20}[，,]\s*(?:应该|而)是|应该(?:是|用).{1,30}[，,]?\s*(?:不是|而不是|你写成了)"
    r"|你.{0,10}(?:搞|弄|写|说|记|理解|看)(?:错|混|反)了"
    # "No kidding," / "no problem," open no correction
    r"|^\s*(?:(?:hmm+|well|uh|um|嗯|额)[,，\s]+)?(?:no|nope)\b(?!\s+(?:kidding|joke|problem|worries|way|rush|doubt))[\s,.!—-]|\bthat'?s\s+(?:not right|wrong|incorrect|the wrong)\b|\byou got it wrong\b"
    r"|^\s*wrong\b|^\s*actually,?\s+(?:it|the|that)\b|\bshould be\b.{0,40}\bnot\b|\bi (?:said|meant)\b.{0,40}\bnot\b"
    r"|,\s*not\s+`?[\w./-]+`?\s*$",
    re.IGNORECASE,
)
_UNRELATED = lazy_compile(
    r"无关|不相关|跟工作没关系|unrelated|irrelevant|off[- ]topic", re.IGNORECASE
)
_NOT_CORRECTION = lazy_compile(r"不对称|对不对|没错|不错|错了吗|i never said", re.IGNORECASE)
_KNOWLEDGE_MARKER = lazy_compile(
    r"^\s*(?:其实|实际上|你不知道的是|你可能不知道|顺便说一下|告诉你一下|咱们的|我们公司的|我们的|新的)"
    r"|^\s*(?:fyi|for your information|note that|by the way|heads up|turns out|our)\b"
    r"|已经(?:迁|改|换|移)|现在(?:用的是|保留|是)|moved to|was shut down|is generated from|rotate every|changes every"
    r"|(?:is|are) in 1password|runs in|经常|的地方$",
    re.IGNORECASE,
)
_STRONG_KNOWLEDGE = lazy_compile(
    r"^\s*(?:fyi|for your information|note that|by the way|btw|heads up|turns out|你不知道的是|你可能不知道|顺便说一下|顺便提一下|告诉你一下|提醒一下)",
    re.IGNORECASE,
)
_FACT_VERB = lazy_compile(
    r"是|在|有|用|改为|迁到|到|发|moved|is|are|runs|rotates?|changes|has|have|lives|retries|was",
    re.IGNORECASE,
)
_PREFERENCE = lazy_compile(
    r"我(?:更|比较)?(?:喜欢|偏好|习惯|不喜欢|讨厌)|别再|不要再|回复请用|(?:回答|回复|答复|输出|注释|文档)(?:请|尽量|都|一律)+用|请用(?:中文|英文)|以后.{0,12}(?:都|就)用|以后给我|代码示例用"
    r"|\bi(?:'d| would)? (?:prefer|rather)\b|\bi (?:like|love|hate) (?:it )?when\b|\bi like concise\b|\bi prefer\b"
    r"|^\s*please (?:stop|don't|do not|keep)\b|\bdon't .{1,40} anymore\b|\bfrom now on\b|^\s*prefer\b|\bin my (?:docs|code|python|javascript)\b",
    re.IGNORECASE,
)
# A directive about the form of what the agent writes, said as a plain imperative with no
# 我喜欢/prefer ("注释用中文写，别用英文", "回复用简体", "Keep it short", "Reply in English"): the
# labelling guide calls how the user likes things done a preference however it is said. Anchored
# at the clause start and naming what is written (注释/回复/commit message…) and how (a language,
# a length, a format), so that task requests ("把这段翻译成英文") stay quiet; questions,
# hypotheticals and "this time / this file" are filtered as for every preference. On the signals
# corpus (round 3's 6,510 utterances) it fires on 12 utterances: 11 labelled preference, 1 a
# standing rule (explicit_remember), no hard negative; on round 4's 1,043, written after it,
# on 3, all preferences (BENCHMARKS.md, round 4).
# "Don't use X" about a tool, a command or a value ("别用 sudo 跑 npm", "装依赖别用 npm，用 pnpm",
# "PowerShell 删文件要用 Remove-Item，别用 rm", "Don't use sudo with npm"): how the user wants
# things done, a preference. A Latin name must follow (what is turned down is a tool, not
# "别用太花哨的写法"); 不许 / 不准 set a task's constraints ("不许用 sqrt") and stay out. On the
# signals corpus (10,213 utterances) it matches 32: 29 signals (17 preferences, the others rules
# and corrections the other rules read first), 3 hard negatives (two quotes asked about, and
# question marks missing: the question cue filters them).
_TOOL_DIRECTIVE = lazy_compile(
    r"(?:^|[，,；;：:。]\s*)[^，,。？?!！；;]{0,14}?(?P<zh>别|不要|千万别|千万不要)(?:再)?用\s*"
    r"[`'\"“]?[A-Za-z$.\-]"
    r"|(?:^|[,;.]\s*)(?:please\s+)?(?P<en>don't|do not|never)\s+use\s+"
    r"(?!(?:it|this|that|these|those|them)\b)[`'\"]?[\w$.-]",
    re.IGNORECASE,
)
# Someone else's rule quoted ("他说别用 root", "I told him: don't use sudo", "The README says:
# don't use eval") and a task's own limits ("这一题不要用 sqrt", "Don't use numpy yet") are not how
# the user wants things done (a tester's round on f94bd6b).
_TOLD_BY_OTHERS = lazy_compile(
    r"(?:他|她|他们|她们|别人|同事|[\u4e00-\u9fff]{1,3}上)(?:说|讲|写着|写的是|提到)[^。！？!?]*$"
    r"|\b(?:told (?:him|her|them|me|us)|says?|said|wrote|writes|reads)\b[^.!?]*$",
    re.IGNORECASE,
)
_TASK_LIMIT = lazy_compile(
    r"这(?:个|次|一)?(?:任务|题|道题|练习)|本题|\bthis (?:task|exercise|question|kata)\b|\byet\b",
    re.IGNORECASE,
)


def tool_directive(text: str) -> re.Match[str] | None:
    """Where ``text`` says "don't use X" of a tool, a command or a value as the user's own
    standing wish (see _TOOL_DIRECTIVE), or None."""
    match = _TOOL_DIRECTIVE.search(text)
    if match is None or _TASK_LIMIT.search(text):
        return None
    said_at = match.start("zh") if match.group("zh") else match.start("en")
    return None if _TOLD_BY_OTHERS.search(text[:said_at]) else match


STYLE_DIRECTIVE = lazy_compile(
    r"(?:^|[，,：:]\s*)(?:请|麻烦|尽量)?\s*(?:代码|以后的?)?(?:注释|回复|回答|答复|文档|提交信息"
    r"|提交说明|commit ?(?:message|msg)s?|变量名|函数名|命名|日志|输出|总结|报告|邮件|消息)"
    r"\s*\S{0,6}?\s*(?:用|写成?|要|保持|尽量|一律|统一)\S{0,6}?"
    r"(?:中文|英文|简体|繁体|简短|简洁|精简|短|长|详细|markdown|表格|列表|要点)"
    # with no verb ("回复简短一点", README's own example; "回答短一点") and verb first ("用中文回答
    # 我"): round 5, after an adversarial pass; on the signals corpus 1 hit, a preference
    r"|(?:^|[，,：:]\s*)(?:请|麻烦|尽量)?\s*(?:代码|以后的?)?(?:注释|回复|回答|答复|文档|提交信息|提交说明"
    r"|总结|报告|邮件|消息|解释)\s*(?:再|都|尽量|稍微)?(?:简短|简洁|精简|详细|短|长)(?:一点|一些|些)"
    r"|(?:^|[，,：:]\s*)(?:请|麻烦|以后)?都?用(?:中文|英文|简体|繁体|粤语)(?:回答|回复|答复|跟我说|和我说)"
    r"|^\s*(?:please\s+|pls\s+|just\s+)?keep (?:it|things|them|replies|answers|responses|messages"
    r"|explanations|summaries|the (?:\w+ ){0,2}\w+) (?:short|brief|concise|tight|simple|minimal|terse)\b"
    r"|^\s*(?:please\s+|pls\s+)?(?:reply|respond|answer|write|talk|comment) (?:to me )?in "
    r"(?:chinese|english|mandarin|cantonese)\b"
    # the Chinese form's English twin, naming what is written first ("Commit messages in English
    # please", as 提交信息用英文写); added in round 5 after the second simulation missed it
    r"|^\s*(?:please\s+|pls\s+)?(?:(?:git\s+)?commit (?:messages?|msgs?)|(?:code\s+)?comments"
    r"|docs|documentation|replies|answers|responses|summaries|variable names"
    r"|pr (?:titles|descriptions))\s+(?:(?:should|must) be\s+|always\s+)?in\s+"
    r"(?:english|chinese|mandarin|cantonese)\b"
    # terms left in English ("术语保留英文", "k8s 里那些名词原样用英文就好", "keep English terms as
    # is": learning_sim6 missed two; all 9 such messages of the signal corpus are preferences)
    r"|(?:名词|术语|专有名词|terminology|terms|jargon)[^，,。；;]{0,8}?(?:原样)?(?:用|留|保留|保持)\s*"
    r"(?:英文|english|原文)(?![^，,。；;]{0,6}(?:怎么|如何|吗|么|[?？]))"
    r"|\b(?:leave|keep)\s+(?:the\s+|all\s+)?(?:english\s+)?(?:terms|jargon|terminology"
    r"|technical terms)\s+(?:in\s+english|untranslated|as[ -]is|in\b)",
    re.IGNORECASE,
)
# "我喜欢的那家咖啡店…": 喜欢 describing a thing (attributive 的), not how work should be done.
_LIKED_THING = lazy_compile(r"我(?:更|比较)?(?:喜欢|偏好)的")
_SATISFACTION = lazy_compile(
    r"^\s*(?:牛|完美|就是这样|太好了|太棒了?|棒极了|好极了|很好|漂亮|厉害|棒|好样的|赞)(?=$|[，,！!。~～\s]|了|啊|呀|解决)"
    r"|完美解决|(?:方案|办法|结果|效果)不错"
    r"|^\s*(?:perfect|great|exactly|nice|awesome|excellent|brilliant|love it|works like a charm|that's it|yes)"
    r"(?:\s+(?:one|work|job|stuff))?\s*(?:[,!.—-]|$)"
    r"|^\s*(?:this is great|exactly what i (?:wanted|needed)|just what i (?:wanted|needed))\b|\bthat (?:did it|fixed it|worked)\b",
    re.IGNORECASE,
)
_NOT_SATISFACTION = lazy_compile(
    r"perfect (?:square|forward)|exactly how|完美世界|完美主义|不完美", re.IGNORECASE
)
# A Markdown table row written inline ("我喜欢 | a | b | 这种表格"): at least two cells between
# three pipes on one line. It shows the form the user wants, so it describes a format rather
# than praising a result; a shell pipeline of two or three commands ("du -sh * | sort -h",
# "ps aux | grep x | wc -l") has no outer pipes and is not one.
TABLE_ROW = lazy_compile(r"\|[^|\n]*[^|\s][^|\n]*\|[^|\n]*[^|\s][^|\n]*\|")
_AGAIN = lazy_compile(
    r"又|还是不行|还是|再次|第[二三四五]次|两次|反复|again|still|keeps? failing|won't|retrying|didn't help|same thing",
    re.IGNORECASE,
)
_EXIT = lazy_compile(r"exit code (\d+)", re.IGNORECASE)


def _clauses(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group(0)) for m in _CLAUSE.finditer(text) if m.group(0).strip()]


# What answers a question the user asked themselves ("…吗？不能", "…? Never.").
_ANSWER_OPEN = lazy_compile(
    r"(?:不能|不行|不可以|不要|不用|不需要|别|绝对|可以|能|必须|要|需要|对|是的|当然)"
    r"|(?:yes|no|never|always|nope|of course)\b",
    re.IGNORECASE,
)


# A question word inside what is not known asks nothing ("不然我真的分不清哪个是哪个", "不管哪个
# 环境都先跑测试"): in a dictated message without punctuation it made the whole message a
# question, and "记住一个事哈 我是红绿色弱 …" was no instruction (learning_sim11).
_INDIRECT_QUESTION = lazy_compile(
    r"(?:分不清|不知道|不清楚|不晓得|搞不清|弄不清|看不出|说不清|记不住|不管|无论|不论)(?:是|到底)?"
    r"(?:哪个|哪些|哪里|什么|怎么|为什么|多少|几个)(?:是(?:哪个|哪些|什么))?"
)


def _is_question(clause: str) -> bool:
    # "How many times do I have to tell you, never …" / "说了多少遍了，…" ask nothing
    clause = _INDIRECT_QUESTION.sub("", _REPROACH_OPEN.sub("", clause))
    return bool(
        _QUESTION_END.search(clause)
        or _QUESTION_START.match(clause)
        or _QUESTION_CUE_ZH.search(clause)
    )


def _mentioned_not_used(clause: str, trigger_at: int) -> bool:
    """The trigger sits inside quotes or a code mention (``remember()`` in React)."""
    for pattern in (_QUOTED, _CODE):
        for match in pattern.finditer(clause):
            if match.start() <= trigger_at < match.end():
                return True
    return bool(re.match(r"\w*\(", clause[trigger_at:].split(" ", 1)[0]))


def _lang(text: str) -> str:
    return "zh" if re.search(r"[\u4e00-\u9fff]", text) else "en"


def _brief(text: str) -> str:
    from memstrata.text.titles import brief, title_limit

    text = text.strip(" 。！!，,")
    return brief(text, title_limit(text))


def _title_brief(title: str) -> str:
    """The card's brief of an entry title: the title within the brief's length, not its first
    clause: a title that joins a status to its new value or a condition to its rule ("跳板机迁了，
    新的是 bastion-sg2…") is one point, which its first clause alone does not say."""
    from memstrata.text.titles import shorten, title_limit

    title = title.strip(" 。！!，,")
    return shorten(title, title_limit(title))


def _detail(kind: str, clause: str, lang: str, extra: str = "") -> str:
    """What happened, for tool events: the operation and its outcome, at most 100 characters."""
    label = {
        "tool_error": ("工具调用出错", "a tool call failed"),
        "repeated_failure": ("同一操作反复失败", "the same operation failed repeatedly"),
    }[kind][0 if lang == "zh" else 1]
    text = f"{label}：{clause.strip()}" if lang == "zh" else f"{label}: {clause.strip()}"
    if extra:
        text += f"（{extra}）" if lang == "zh" else f" ({extra})"
    return clip(text, 100)


# A letter or a digit of any script: what a statement needs to say anything at all.
_WORD = lazy_compile(r"[^\W_]")


def user_signal(kind: str, body: str, context: str, start: int = 0, end: int = 0) -> Signal:
    """A signal in the user's words: brief and detail are the clean statement (no echo such as
    "不对" or "记住："), empty when nothing specific was said ("以后都这样" alone)."""
    from memstrata.capture.statement import statement

    said = statement(kind, body, context)  # marks that are content are shielded in there
    if not _WORD.search(said.content):  # "记住：😀😀😀": emoji or punctuation only says nothing
        said = replace(said, title="", content="")
    if kind == "satisfaction":
        return Signal(kind, _brief(body), "", body, start, end or start + len(body))
    return Signal(
        kind,
        _title_brief(said.title.rstrip("…")) if said.content else "",
        said.content,
        body,
        start,
        end or start + len(body),
        promote_now=kind == "explicit_remember",
    )


# ---------------------------------------------------------------- detectors
# Material to work on, not said to the agent ("翻译一下：from now on, all meetings are remote",
# "帮我润色这句：以后都用 pnpm 管理依赖", "Translate to Chinese: …"): what follows the colon is
# text the user wants translated, polished or summarised, no rule or news of theirs (review15
# found all three written into memory at once).
MATERIAL = lazy_compile(
    r"^\s*(?:请|帮我|帮忙|麻烦你?|你)?\s*(?:把(?:这|下面|以下)[^：:，,。]{0,10})?"
    r"(?:翻译|翻成|译成|润色|改写|重写|校对|修改措辞|改一下措辞|精简|缩写|扩写|解释|优化)"
    r"[^：:，,。]{0,12}[：:]"
    r"|^\s*(?:pls|please|can you|could you)?\s*(?:translate|rephrase|reword|proofread|polish|rewrite"
    r"|paraphrase|explain|tighten|shorten)\b[^:：.!?]{0,30}[:：]",
    re.IGNORECASE,
)
# …unless a sentence of the user's own follows it ("帮我翻译成英文。另外记住：以后 commit message 用
# 英文写": review15b). A summary asked for is no material: "总结一下：以后周报都发 Mia" is the
# user summarising their own decision.
_OWN_AFTER = lazy_compile(
    r"[。！？!?\n]\s*(?:另外|还有|对了|顺便|btw|by the way|ps|also|记住|remember|以后|from now on)",
    re.IGNORECASE,
)


def is_material(text: str) -> bool:
    """Whether ``text`` only hands over material to translate, polish or explain."""
    return bool(MATERIAL.match(text)) and not _OWN_AFTER.search(text)


# A request that only points back at what the message said before it: its own clause ("…端口
# 6380。记住这个", "…。记一下") or, in English, the sentence's tail ("… port 6380. Remember that."):
# nothing was written at once, the request had no words of its own (issue 11 round 20).
POINTING_BACK = (
    r"(?:(?:记住|记一下|记下来|记好)(?:这个|这条|这点|这些|它|一下)?(?:吧|啊|哈|哦|呀)*"
    r"|(?:please\s+|pls\s+)?remember (?:that|this|it))"
)
_POINTS_BACK = lazy_compile(rf"^\s*(?:请|千万|一定|务必)?\s*{POINTING_BACK}\s*[。.!！~～]*\s*$")
# ...when that says something itself (a value, or a signal the rules read), and not the agent's
# own words ("你刚才说的那个，我觉得挺对的。记住这个": what to keep is in the reply, not here).
_SAYS_SOMETHING = frozenset({"correction", "new_knowledge", "preference"})
_POINTS_AT_REPLY = lazy_compile(
    r"你(?:刚才|刚刚|上面|之前|前面)(?:说|讲|写|提)|\bwhat you (?:just )?(?:said|wrote)\b",
    re.IGNORECASE,
)
_ER_POINTER_TAIL = lazy_compile(
    r"\S.*[.!。！;；]\s*(?:(?:please|pls)\s+)?(?:remember|note down|don'?t forget)\s+(?:that|this|it)"
    r"(?:\s+down)?\s*[.!]*\s*$",
    re.IGNORECASE,
)
# An explicit request that introduces what to keep with a colon, its clause ending in a
# semicolon: the items after the semicolon are part of what to keep (a blind scenario's
# "pls put this in USER.md so you remember it: 我在服务端组，主要写 Go；oncall 是双周轮…" kept
# its first item only).
# The colon is the request's own (not a URL's, a port's or a time's: "http://10.0.0.5:8080",
# "10:30"), right after its words.
_LISTS_ON = lazy_compile(r"^[^:：]{0,60}?(?<!\d)[:：](?![\d/]).*[；;]\s*$")
# ...up to a clause that turns to something else ("记住：…；另外帮我跑一下测试"), takes it back or
# corrects it ("actually no, forget that", "不过这个先别记", "不对，还是用 npm"), asks, supposes,
# reports someone else ("我同事老王说…") or makes a request of its own ("记住：node 用 20"): review20.
ASIDE = lazy_compile(
    r"\s*(?:另外|顺便|对了|然后|帮我|请|麻烦|你|能不能|可不可以|假如|如果|要是|万一|不过|但是|算了|不对|其实"
    r"|(?:先)?别记|不用记|记住|记一下|[^，,；;]{0,8}(?:说|讲|觉得)"
    r"|also\b|btw\b|then\b|please\b|pls\b|can\b|could\b|would\b|do\b|does\b|did\b|is\b|are\b"
    r"|what\b|why\b|how\b|when\b|where\b|who\b|which\b|don'?t you\b|actually\b|never ?mind"
    r"|forget\b|scratch that|wait\b|but\b|if\b|remember\b|[\w ]{0,20}\b(?:said|says|thinks)\b)",
    re.IGNORECASE,
)


def _user_signals(text: str, context: str = "") -> list[Signal]:
    if is_material(text):
        return []
    found: list[Signal] = []
    whole_question = _is_question(text.strip().split("\n")[-1])
    jests = jest_spans(text)
    clauses = _clauses(text)
    answered = -1  # the last clause already read with one before it
    for index, (start, end, clause) in enumerate(clauses):
        if index <= answered:
            continue
        taken_back = max((b for a, b in jests if a <= start < b), default=start)
        if taken_back >= end:
            continue  # said in jest, then taken back
        clause, start = clause[taken_back - start :], taken_back
        body = clause.strip()
        question = _is_question(body)
        following = clauses[index + 1][2].strip() if index + 1 < len(clauses) else ""
        if question and _ER_START.search(body) and _ANSWER_OPEN.match(following):
            # "记住：能用 root 账号跑吗？不能": a rule said as a question and its answer
            end, question, answered = clauses[index + 1][1], False, index + 1
            body = text[start:end].strip()
        elif following and _REPROACH_ONLY.match(body):
            end, answered = clauses[index + 1][1], index + 1
            body = text[start:end].strip()
            question = _is_question(body)
        hypothetical = bool(HYPOTHETICAL.search(body))
        limited = bool(_SCOPE_LIMITED.search(body))
        kinds: list[str] = []
        er = (
            _ER_START.search(body)
            or _ER_TRAILING.search(body)
            or _ER_POINTER_TAIL.search(body)
            or _ER_MEMORY_FILE.search(body)
            or (None if HEDGED.search(body) else _ER_STANDING.search(body))
        )
        if (
            er
            and not question
            and not hypothetical
            and not limited
            and not _mentioned_not_used(body, er.start())
        ):
            kinds.append("explicit_remember")
            if index and index == len(clauses) - 1 and _POINTS_BACK.match(body):
                # "staging 的 Redis 在 redis-stg-02 上。记住这个": what to keep is said before
                said_before = text[clauses[0][0] : start].strip()
                if (
                    said_before
                    and not _is_question(said_before)
                    and not _POINTS_AT_REPLY.search(said_before)
                    and (
                        _CONCRETE.search(said_before)
                        or any(f.kind in _SAYS_SOMETHING for f in found)
                    )
                ):
                    # the clauses before were read already; this one keeps what they said
                    start = clauses[0][0]
                    found.append(user_signal("explicit_remember", text[start:end], context, start))
                    continue
            elif _LISTS_ON.search(body, er.start()):
                # "put this in USER.md: 我在服务端组；oncall 是双周轮": what follows the colon
                # is the list to keep, up to its last item
                next_item = max(answered, index) + 1
                while (
                    next_item < len(clauses)
                    and _LISTS_ON.search(body, er.start())
                    and not ASIDE.match(clauses[next_item][2])
                    and not _is_question(clauses[next_item][2].strip())
                ):
                    answered, next_item = next_item, next_item + 1
                    end = clauses[answered][1]
                    body = text[start:end].strip()
                clause = text[start:end]
        corr = _CORRECTION.search(body)
        if corr and not question and not _NOT_CORRECTION.search(body):
            kinds.append("correction")
        pref = _PREFERENCE.search(body) or STYLE_DIRECTIVE.search(body) or tool_directive(body)
        if (
            pref
            and not question
            and not hypothetical
            and not limited
            and not _UNRELATED.search(body)
            and not _mentioned_not_used(body, pref.start())
            and not _LIKED_THING.match(body, pref.start())
            and "explicit_remember" not in kinds
        ):
            kinds.append("preference")
        sat = _SATISFACTION.search(body)
        if (
            sat
            and not question
            and not whole_question
            and not _NOT_SATISFACTION.search(body)
            and "但" not in body
        ):
            kinds.append("satisfaction")
        if (
            not kinds
            and not question
            and not hypothetical
            and (
                _STRONG_KNOWLEDGE.search(body)
                or (
                    _KNOWLEDGE_MARKER.search(body)
                    and _FACT_VERB.search(body)
                    and _CONCRETE.search(body)
                )
                or _declares_fact(body)
            )
        ):
            kinds.append("new_knowledge")
        for kind in kinds:
            found.append(user_signal(kind, body, context, start, start + len(clause.rstrip())))
    return found


def _declares_fact(clause: str) -> bool:
    """A plain statement about the user's own setup: a subject, a state verb and a concrete value
    (``The staging DB password is in 1Password``), not an instruction and not general knowledge."""
    if re.match(
        r"^\s*(?:please|let's|run|write|use|do|make|translate|refactor|帮我|请|给我|打开|现在)",
        clause,
        re.IGNORECASE,
    ):
        return False
    statement = re.search(
        r"^\s*the [\w -]{2,40}\b(?:is|are|has|runs|was)\b|^\s*[\u4e00-\u9fff#\w-]{2,20}\s*(?:是|在)[^吗呢?？]{2,}的地方",
        clause,
        re.IGNORECASE,
    )
    return bool(
        statement
        and _CONCRETE.search(clause)
        and not re.search(r"\b(?:the square|an integer)\b", clause)
    )


def _repeated_failure(text: str, context: str) -> Signal | None:
    """The same operation failed 2+ times in ``context`` (or failed and the user says "again")."""
    from memstrata.capture.toolcontext import failures

    found = failures(context)
    if not found.worst_op or not found.worst_still_failing:
        return None
    if not found.repeated and not _AGAIN.search(text):
        return None
    from memstrata.capture.failure_text import failure_statement, telling_line

    op = re.sub(r"^\[[^\]]*\]\s*", "", found.worst_op)  # "[bash] pnpm build" → the command
    lang = _lang(text + op)
    # What happened, as a statement that can title an entry (no "同一操作反复失败：" label).
    detail = failure_statement(op, found.worst_count, telling_line(found.last_output), lang == "zh")
    return Signal(
        "repeated_failure",
        _brief(op + (" 反复失败" if lang == "zh" else " keeps failing")),
        detail,
        op,
        0,
        0,
    )


def repeated_failure_signal(text: str, context: str) -> Signal:
    """A repeated failure the model saw where the rules did not (the user says it failed
    again, with no tool lines to count): what failed is the user's own words."""
    found = _repeated_failure(text, context)
    if found is not None:
        return found
    body = " ".join(text.split())
    lang = _lang(body)
    return Signal(
        "repeated_failure",
        _brief(body),
        _detail("repeated_failure", body, lang),
        body,
        0,
        len(text),
    )


def failed_call(text: str) -> Signal:
    """A tool call reported as failed by the agent's own event: the line that says the error."""
    from memstrata.capture.failure_text import telling_line

    evidence = telling_line(text)
    return Signal(
        "tool_error",
        _brief(evidence),
        _detail("tool_error", evidence, _lang(text)),
        evidence,
        0,
        len(evidence),
    )


def _tool_error(text: str) -> Signal | None:
    code_match = _EXIT.search(text)
    code = int(code_match.group(1)) if code_match else None
    from memstrata.capture.failure_text import ERROR_LINE, telling_line

    if code == 0 or (code is None and not any(map(ERROR_LINE.match, text.splitlines()))):
        return None
    evidence = telling_line(text)
    lang = _lang(text)
    extra = f"exit {code}" if code is not None else ""
    return Signal(
        "tool_error",
        _brief(evidence),
        _detail("tool_error", evidence, lang, extra),
        evidence,
        max(text.find(evidence), 0),
        max(text.find(evidence), 0) + len(evidence),
    )


# A fenced block is code or output the user pasted, not what they say ("```记住：以后都用 yarn```"
# was written as a principle titled "```记住").
_FENCED = lazy_compile(r"```.*?```", re.DOTALL)


def without_code_blocks(text: str) -> str:
    return _FENCED.sub(" ", text)


def detect(text: str, context: str = "", source: str = "user") -> list[Signal]:
    """Signals in ``text`` (most important first); ``context`` holds earlier tool results."""
    if source != "hook":
        text = without_code_blocks(text)
    if not text.strip() and not context.strip():
        return []
    signals: list[Signal] = []
    if source == "hook" or _EXIT.match(text.strip()):
        error = _tool_error(text)
        if error:
            signals.append(error)
    else:
        signals.extend(_user_signals(text, context))
    repeated = _repeated_failure(text, context)
    if repeated:
        signals.append(repeated)
    seen: set[tuple[str, str]] = set()
    unique = []
    for signal in sorted(signals, key=lambda s: (PRIORITY[s.kind], s.start)):
        if (signal.kind, signal.evidence) not in seen:
            seen.add((signal.kind, signal.evidence))
            unique.append(signal)
    return unique
