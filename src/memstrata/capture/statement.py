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

from memstrata.capture.signals import REPEATED_REPROACH, REPROACH_END
from memstrata.capture.toolcontext import parse_runs
from memstrata.text.lazy_re import lazy_compile
from memstrata.text.requests import strip_request
from memstrata.text.rule_titles import (
    answered_question,
    entry_title,
    lesson_first,
    mid_request_lesson,
    past_questions,
    rule_title,
    shield_marks,
    unshield_marks,
    without_mid_request,
)
from memstrata.text.scripts import restored, simplified
from memstrata.text.titles import clip

# Leading words that carry the signal, not the content (repeated: "不对不对，记住：...").
_LEAD = lazy_compile(
    # "记住一个事哈 我是红绿色弱 …" (learning_sim11), never "记住一个事情之前先想想…" (review35: the
    # words are the content there): a pause must follow
    r"^\s*(?:请|千万|一定|务必)?(?:你)?(?:记住|记一下|记着)一?[个件]事(?:情)?[吧啊哈呀哦嘛]*"
    r"(?:\s*[,，:：;；.!！。、—\-~～]+\s*|\s+)|"
    r"^\s*(?:"
    # an introduction before the facts ("先熟悉下环境。跳板机是 jump01…": learning_sim6)
    # (a sentence of its own: "先了解下上下文，再动手改代码" is the rule: review26)
    r"(?:先|我)?(?:熟悉|介绍|交代)(?:一)?下(?:环境|背景|情况)(?:吧|哈)?[。.!！:：]\s*|"
    # an interjection before the point ("卧槽停停停 不对，…", "等下 rank-svc 其实是…": round 21)
    r"(?:卧槽|我靠|我去|天哪|哎呀|哎哟|哎|唉|诶|欸|呃|停{3,}|等下|等等|等一下|慢着)+"
    r"(?:[，,。!！…~～]+\s*|\s+|(?=不对|不是|错了))|"
    r"(?:(?:不对(?!称))+|(?:错了)+|不是这样(?:的)?|你(?:又)?(?:搞|弄|写|理解|连|记|说|看)错了|这不对|其实|实际上"
    r"|(?:请|千万|一定|务必)?(?:你)?(?:记住|记一下|记下来|记好了|记着)(?:这个|这条|这点|一下)?"
    r"|这个经验记一下|这个记一下|以后都这样(?:做|来|办|写|干)?|就这样|下次(?:也)?(?:记得|别忘了)|别忘了|对了"
    # "顺便 postmortem 的…" (learning_sim6), never "顺带说下载的依赖包…"
    r"|顺[便带](?:(?:说|提)一?下)?(?=[\s,，:：])|另外|(?:从|自)?(?:今天|今日|这次|这回|现在|明天|下周|即日)(?:开始|起)"
    # a closing particle belongs to the lead ("记住吧，…" titled an entry "吧": review15b)
    r")(?:吧|啊|哈|呗|呀|哦|嘛|了|咯|喔|哟|啦|耶|齁|捏|咧|喇|啰)*\s*(?:[,，:：;；.!！。、—\-~～]+\s*|\s+|$|(?=[\u4e00-\u9fff]))"
    # English signal words that can open a sentence with content ("No mocks") need a comma.
    r"|(?:no+(?:\s*no+)*|nope|wrong|not quite|actually|well|hmm+|um+|uh+|ugh+|argh+|meh|ok(?:ay)?|so|also)"
    r"\s*(?:[,:;.!—\-]+\s*|$)"
    r"|(?:that'?s|that is|this is) (?:wrong|not right|incorrect)\s*(?:[,:;.!—\-]+\s*|$)"
    # a sentence adverb that only says "this corrects you" ("Actually the staging DB lives on…")
    r"|actually\s+(?=\w)"
    # an acknowledgement, thanks or a laugh before the instruction ("好的，记住回复用中文",
    # "别开玩笑了，记住：…", "谢谢，记住：…"); with its punctuation only
    r"|(?:(?:那)?(?:好(?:的|吧)?){1,2}|对|嗯+|(?:行吧?){1,2}|得嘞|算了吧?|那行|哦|噢|谢谢|多谢|哈哈+|很好|不错|好了|(?:好了)?别闹了|别开玩笑了)[，,。!！]+\s*"
    # "我说过很多次了，…" / "I've told you many times, …": the reproach, not the rule
    rf"|{REPEATED_REPROACH}{REPROACH_END}"
    r"|(?:thanks|thank you|haha+|lol|ok(?:ay)? fine|fine|alright(?: then)?|i'?m not joking|seriously|no kidding"
    r"|(?:i'?m |i am )?not (?:even )?kidding)\s*[,:;.!—\-]+\s*"
    # what introduces news ("你不知道的是，这个仓库的测试要先启动 redis")
    r"|(?:你(?:可能)?不知道的是|告诉你(?:一)?下|跟你说(?:一)?下|提醒(?:你)?一下"
    # …in written Cantonese ("话你知，我哋 CDN 用嘅 bucket 系 …": learning_sim8 titled it "话你知";
    # "你應該唔知 入 prod 啲 node 要經 bastion…", "講聲你知 GuardDuty…": scenario 12)
    r"|[话話讲講](?:声|聲)?(?:畀|俾)?你知|同你[讲講](?![过過咗了])(?:一?下)?|提提你"
    r"|你(?:应该|應該|可能|估计|估計)?(?:唔知|不知道)(?:嘅系|的是)?)[，,：:]?\s*"
    # a reproach that names the mistake ("诶 你改错服务了，我说的是 pay-gateway"): what follows says
    # what was meant
    r"|你(?:又|怎么又|咋又)?(?!没|不|别|可)[\u4e00-\u9fff]{1,2}错[\u4e00-\u9fff]{0,4}了\s*[，,。!！…~～]+\s*"
    r"|(?:wait|whoa|woah|oops|hold on)\s*[,!.…—\-]+\s*"
    # "note this one down as a lesson (same as last week's):", never "write it down as a comment
    # above the function" (an instruction: review21)
    r"|(?:please\s+|pls\s+)?(?:(?:note|write|jot|put) (?:this|that|it)(?: one)? down"
    r"(?:\s+as\s+an?\s+(?:lesson|note|rule|pattern|reminder))?(?:\s*\([^()\n]{0,60}\))?"
    r"(?=\s*[,:;.!—\-])|remember|note(?: to (?:self|myself)(?: and you)?)?|don'?t forget)"
    r"(?:\s+(?:this|that)(?: one(?=\s*[:,—-]))?)?"
    r"\s*(?:[,:;.!—\-]+\s*|\s+|$)"
    r"|(?:keep in mind(?:\s+that)?|fyi|btw|ps|p\.s\.|by the way|for the record|heads[- ]?up|from now on"
    r"|going forward|make this a rule|henceforth|from (?:today|now|this point|here|tomorrow|next week) on(?:wards?)?"
    r"|starting (?:today|now|tomorrow|next week)|as of (?:today|now)|effective (?:today|immediately))\s*(?:[,:;.!—\-，：]+\s*|\s+|$)"
    r")",
    re.IGNORECASE,
)
# Trailing words that only repeat the request ("..., 记住了" / ", remember that").
_TAIL = lazy_compile(
    r"(?:[,，;；.。!！\s]+)(?:"
    r"(?:你)?(?:记住|记一下|记下来|记好)(?:了|这个|这条|啊|哦)?|以后都这样|下次(?:也)?(?:记得|别忘了)|别再忘了"
    r"|(?:please\s+)?remember (?:this|that)|note (?:this|that) down|don'?t forget|always|got it\??"
    # insisting adds nothing to the rule ("以后都用 pnpm，不是开玩笑的")
    r"|(?:我)?(?:真)?(?:(?:不是|绝非|绝不是)(?:在)?开玩笑(?:的)?|是认真的|认真的|说真的)"
    r"|(?:i'?m )?(?:not|no) kidding|seriously|谢谢|多谢|thanks|thank you"
    r"|i mean it"
    r")\s*[.!。！~]*\s*$",
    re.IGNORECASE,
)
_ECHO_ONLY = lazy_compile(
    r"^\s*(?:不对|错了|no|nope|wrong|以后都这样|就这样|记住|remember|记一下|ok|好的?|是的|yes|yeah"
    # a rule that only points back ("以后别这样了", "don't do that again"): nothing to keep
    r"|(?:以后|下次)?(?:都|就|也|别再?|不要再?)?(?:按|照)?(?:这样|那样|这么|那么|这个|那个|刚才那样"
    r"|刚才那个|刚才的|上面那样|上面的)(?:干|做|写|搞|弄|办|处理|来)?了?"
    r"|(?:以后|下次)(?:多)?注意(?:点|一点|些|一下)?"
    r"|(?:don'?t|never) do (?:that|this|it) again"
    # a thing named by its kind only ("记住这条规则" wrote "规则", "记住这个密码" "密码": review16)
    r"|(?:这条|这个|这种|这些)?(?:规则|做法|方法|办法|习惯|要求|规矩|密码|东西|事情?)"
    r"|(?:就)?(?:按|照)你?刚才(?:说|讲)的(?:做|来|办|弄)?|(?:from now on\s+)?do it like (?:this|that))?"
    # a closing particle adds nothing ("以后都这样做吧" left "吧", written as an entry: review15)
    r"(?:吧|啊|哈|呗|呀|哦|嘛|了)*\s*[。.!！~～]*\s*$",
    re.IGNORECASE,
)
_REASON = lazy_compile(
    r"(?:因为|由于|否则|不然|要不然|会导致|免得|以免|because|since|otherwise|or else|so that)[^。！？!?;；]*",
    re.IGNORECASE,
)
_SHOULD_ZH = lazy_compile(r"应该(?:是|用|改成|换成)?\s*(?P<right>[^，,。；;！!]+)")
# "it's" and "it is", not the possessive "its" ("you opened its CH340 again" was completed as
# "you opened /dev/ttyusb0: use CH340, not 115200": learning_sim9)
_SHOULD_EN = lazy_compile(r"\b(?:should be|use|it['’]s|it is)\s+(?P<right>[^,.;!]+)", re.IGNORECASE)
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


# A name that opens with a dot (".env", ".npmrc"): the dot is the name's, not punctuation.
_DOT_NAME = lazy_compile(r"^[\s，,。：:;；!！—~-]*(\.[A-Za-z0-9_])")
_PUNCTUATION = " ，,。.：:;；!！—-~"


def _trim(body: str) -> str:
    """``body`` without punctuation at its ends, but a dot that opens a name ("记住：.env 要加进
    turbo.json" kept "env 要加进…": review32)."""
    name = _DOT_NAME.match(body)
    return body[name.start(1) :].rstrip(_PUNCTUATION) if name else body.strip(_PUNCTUATION)


def strip_echo(text: str) -> str:
    """``text`` without the signal words at its start and end (repeatedly)."""
    body = " ".join(text.split())
    if _ECHO_ONLY.match(body):  # "以后都这样写": cut, its lead-in would leave "写"
        return ""
    for _ in range(4):
        before = body
        body = _LEAD.sub("", body, count=1)
        body = strip_request(body)
        body = without_mid_request(_TAIL.sub("", body))
        body = _trim(body)
        if body == before:
            break
    return "" if _ECHO_ONLY.match(body) else body


_SAYS_WRONG = lazy_compile(r"不是|不用|而不是|\bnot\b|instead", re.IGNORECASE)
_FIRST_NAME = lazy_compile(r"[A-Za-z0-9][\w.+#/:-]*")
_NUMBER = lazy_compile(r"\d+")


def _with_context(kind: str, body: str, context: str, lang: str) -> str:
    """Complete a correction that names only the right thing ("应该用 pnpm") with the wrong one
    the agent used, read from the tool context ("npm install" → "安装依赖用 pnpm，不用 npm"), in
    place: what the user said around it (a flag, a reason) stays.

    The right thing is the first name the user gives (pnpm in "应该用 pnpm 装依赖", "use pnpm
    here because…"). When it is another tool than the command's, the command's tool is the
    wrong one; when it is a value (a provider, a port), the wrong one is the command's value of
    the same shape: its number for a number (8443 against ``curl localhost:8080``), else its
    last argument (aliyun against ``openclaw config set provider qwen``), named by the word
    before it."""
    if kind != "correction" or not context:
        return body
    match = (_SHOULD_ZH if lang == "zh" else _SHOULD_EN).search(body)
    runs = parse_runs(context)
    if not match or not runs or _SAYS_WRONG.search(body):
        return body
    named = _FIRST_NAME.search(match.group("right"))
    if named is None:
        return body
    right = named.group(0)
    completed = _completed(right, runs, lang)
    if not completed:
        return body
    end = match.end()
    reason = _REASON.search(body, match.start("right"))
    if reason and reason.start() < end:  # "use pnpm here because of …": the reason stays
        end = reason.start()
    if match.start() > 0 and lang == "en":
        completed = completed[0].lower() + completed[1:]
    rest = body[end:].lstrip()
    gap = "" if not rest or rest[0] in "，,。.；;！!：:" else " "
    return (body[: match.start()] + completed + gap + rest).strip()


def _completed(right: str, runs: list, lang: str) -> str:
    """ "安装依赖用 pnpm，不用 npm" / "provider 用 aliyun，不用 qwen" from the latest command that
    does not already use ``right`` ("" when none tells what was wrong)."""
    tools = {run.op.split()[0].lower() for run in runs if run.op.split()}
    for run in reversed(runs):
        words = run.op.split()
        if not words or right.lower() in (w.lower() for w in words):
            continue
        if right.lower() in tools or not _value_like(right, words):
            action = _ACTION.get(words[1] if len(words) > 1 else "", ("", ""))
            verb = action[0 if lang == "zh" else 1]
            if lang == "zh":
                return (
                    f"{verb}用 {right}，不用 {words[0]}" if verb else f"用 {right}，不用 {words[0]}"
                )
            return (
                f"{verb.capitalize()} with {right}, not {words[0]}"
                if verb
                else f"Use {right}, not {words[0]}"
            )
        wrong, subject = _wrong_value(right, words)
        if _PATH_ARGUMENT.match(wrong):
            # the command's path ("go vet ./internal/rank/..."), no value the user replaced
            # (round 21: "Vet: use github.com/redis/go-redis/v9, not ./internal/rank/...")
            return ""
        if lang == "zh":
            return f"{subject + ' ' if subject else ''}用 {right}，不用 {wrong}"
        return f"{subject.capitalize() + ': ' if subject else ''}use {right}, not {wrong}"
    return ""


# Tools one replaces with another (pnpm for npm): never a value of the command.
_PATH_ARGUMENT = lazy_compile(r"^(?:\.{1,2}/|/|~/)|/\.\.\.$")
_TOOLS = frozenset(
    [
        "npm",
        "pnpm",
        "yarn",
        "bun",
        "npx",
        "pip",
        "pip3",
        "uv",
        "poetry",
        "pipenv",
        "conda",
        "mamba",
        "cargo",
        "go",
        "gradle",
        "gradlew",
        "mvn",
        "docker",
        "podman",
        "nerdctl",
        "kubectl",
        "helm",
        "k9s",
        "python",
        "python3",
        "node",
        "deno",
        "make",
        "cmake",
        "bazel",
    ]
)


def _value_like(right: str, words: list[str]) -> bool:
    """Whether ``right`` is a value for the command rather than another tool: a number where
    the command holds one, or a word where the command sets something (3+ words)."""
    if right.lower() in _TOOLS:
        return False
    if right.isdigit():
        return any(_NUMBER.search(w) for w in words[1:])
    return len(words) >= 3


def _wrong_value(right: str, words: list[str]) -> tuple[str, str]:
    """The command's value ``right`` replaces, and the word that names it (its key)."""
    if right.isdigit():
        for word in words[1:]:
            found = _NUMBER.findall(word)
            if found:
                return max(found, key=len), ""
    return words[-1], words[-2] if len(words) >= 3 and not words[-2].startswith("-") else ""


# A change said as news ("装依赖现在改用 bun 了", "we now use bun"): the words that only date it.
_CHANGE_ZH = lazy_compile(
    r"(?:现在|目前|已经|早就)(?=\s*(?:改用|换成|换用|切到|切换到|迁到|改成))|(?<=[\w\u4e00-\u9fff])\s*了$"
)
_CHANGE_EN = lazy_compile(
    r"\b(?:now|already)\s+(?=(?:use|using|switched|moved|migrated)\b)", re.IGNORECASE
)


# A correction that opens with the wrong value alone ("不是 utf8，这个库的字符集是 utf8mb4"):
# its title was "不是 utf8", the one thing the entry must not say first. The right clause goes
# first ("这个库的字符集是 utf8mb4，不是 utf8"). Not a quantifier or a reason (不是所有 / 不是因为).
_WRONG_FIRST_ZH = lazy_compile(
    r"^(?P<not>不是|唔系|唔係)\s*(?!所有|每|都|很|太|说|因为|我|你|这样|那样)(?P<wrong>[^，,。；;！!？?]{1,30})[，,；;]\s*"
    r"(?P<right>[^。；;！!？?]+?)\s*[。.!！]*$"
)
# ...or says what it is not, then what it is ("测试服不叫 game 啊，叫 game-stg", "端口不是 8080，是
# 8443"): the title said the wrong name only (review22); the right one goes first.
_NOT_THIS_BUT_THAT_ZH = lazy_compile(
    # (written Cantonese says 唔系 / 系: "region 唔系 ap-shanghai，系 ap-guangzhou")
    r"^(?P<subject>[A-Za-z0-9\u4e00-\u9fff][\w\u4e00-\u9fff-]{0,11}?)\s*(?P<neg>不|唔)(?P<verb>叫|是|系|係)\s*"
    r"(?P<wrong>[A-Za-z0-9][\w.:/-]{0,30})\s*(?:啊|呀|哈|吧|哦|嘛|喎|啦|呀)?\s*[，,；;]\s*"
    r"(?P<verb2>叫|是|系|係)\s*(?P<right>[A-Za-z0-9][\w.:/-]{0,30})\s*[。.!！]*$"
)
# ...or names the wrong one with what it belongs to ("ns 不叫 game 啊😂 测试服是 game-stg"): an
# identifier said not to be the name, a particle, then what is right.
_WRONG_NAME_FIRST_ZH = lazy_compile(
    r"^(?P<subject>[A-Za-z0-9\u4e00-\u9fff][\w\u4e00-\u9fff-]{0,11})\s*不(?:叫|是)\s*"
    r"(?P<wrong>[A-Za-z0-9][\w.:/-]{0,30})\s*(?:啊|呀|哈|吧|哦|嘛)?\s*"
    # what is right has its own subject ("测试服是 game-stg"); "端口不是 8080，是 8443", "v2 不是
    # stable，别在 prod 用" read right as said (review21)
    r"(?:[，,；;]|[\U0001F300-\U0001FAFF]+)\s*(?P<right>(?!别|不|没|要|也|就|是|叫|还|但|可|而)"
    r"[^。；;！!？?]{2,}?(?:是|叫|在|用|换成|改成|改用)[^。；;！!？?]+?)\s*[。.!！]*$"
)
_WRONG_FIRST_EN = lazy_compile(
    r"^(?:not|it'?s not|it isn'?t)\s+(?P<wrong>[^,;.!?]{1,30})[,;]\s*(?P<right>[^.;!?]+?)\s*[.!]*$",
    re.IGNORECASE,
)


def _right_first(body: str, lang: str) -> str:
    swapped = _NOT_THIS_BUT_THAT_ZH.match(body) if lang == "zh" else None
    if swapped:  # "端口不是 8080，是 8443" -> "端口是 8443，不是 8080"
        subject, verb, wrong, right = swapped.group("subject", "verb", "wrong", "right")
        neg = swapped.group("neg")
        gap = " " if subject[-1:].isascii() else ""  # "region 系 ap-guangzhou", "端口是 8443"
        return f"{subject}{gap}{swapped.group('verb2')} {right}，{neg}{verb} {wrong}".strip()
    named = _WRONG_NAME_FIRST_ZH.match(body) if lang == "zh" else None
    if named:
        subject, wrong = named.group("subject"), named.group("wrong")
        return f"{named.group('right').strip(' ，,')}，{subject} 不是 {wrong}"
    match = (_WRONG_FIRST_ZH if lang == "zh" else _WRONG_FIRST_EN).match(body)
    if not match:
        return body
    wrong, right = match.group("wrong").strip(), match.group("right").strip(" ，,")
    return f"{right}，{match.group('not')} {wrong}" if lang == "zh" else f"{right}, not {wrong}"


# A preference that changed says the old one first (review19: its title was "我以前偏好 npm").
_NOW_PART = lazy_compile(
    r"(?:以前|之前|原来|过去|本来|\bused to\b)[^，,；;。.]*?(?:[，,；;。.]|\s(?=but\b))\s*"
    r"(?:但是?|不过|而|but\s+)?\s*"
    r"(?P<now>(?:现在|后来|目前|如今|\bnow\b).*)$",
    re.IGNORECASE,
)


def statement(kind: str, text: str, context: str = "") -> Statement:
    """The clean statement of a signal of ``kind`` in ``text`` (content may be empty: then
    nothing specific was said, and nothing should be written from it alone), read in simplified
    characters and told in the user's own (``text.scripts``)."""
    said = f"{text}\n{context}"
    found = _statement(kind, shield_marks(simplified(text)), simplified(context))
    return Statement(
        *(restored(unshield_marks(part), said) for part in (found.title, found.content, found.why))
    )


def _statement(kind: str, text: str, context: str) -> Statement:
    lang = _lang(text)
    # a request between the story and the lesson ("…对不上。这个经验记一下：打包前先清空 …"): the
    # lesson is what to keep whole and what the title says
    lesson = strip_echo(mid_request_lesson(text))
    body = strip_echo(lesson_first(text))
    body = _with_context(kind, body, context, lang) if body else body
    if kind == "correction":
        body = (_CHANGE_ZH if lang == "zh" else _CHANGE_EN).sub("", body).strip()
        body = _right_first(body, lang)
    if not body:
        return Statement("", "")
    # the lesson after a request goes first (lesson_first), whatever the kind: keep the start
    content, head = _focus(body, says_first=kind in _SAYS_FIRST or bool(lesson))
    if lesson and lesson in content:
        head = lesson
    if kind == "preference" and (now := _NOW_PART.search(head)):
        head = now.group("now")  # "我以前偏好 npm，现在偏好 pnpm": the title is the wish now
    reason = _REASON.search(content)
    why = reason.group(0).strip(" ，,") if reason else ""
    title = entry_title(content) if answered_question(content) else rule_title(head)
    return Statement(title, content, why[:80])


DETAIL_LIMIT = 100  # seed 000: the detail says what happened and why in at most 100 characters
# A clause; what is inside brackets, double quotes or backticks is part of it, commas and all
# (a Loki selector ``{namespace="payment", app="payment-api"}`` was cut in two: learning_sim6).
_PIECE = lazy_compile(
    r"(?:[^，,。；;！!？?…\n({\[\"`]|…+(?![\s\u4e00-\u9fff]|$)|\([^)\n]*\)|\{[^}\n]*\}|\[[^\]\n]*\]"
    r"|\"[^\"\n]*\"|`[^`\n]*`|[({\[\"`])+[，,。；;！!？?…\n]*"
)
# A clause that only says why or what follows ("otherwise the change doesn't end up in my CL",
# "that's why the line numbers don't match", "不然…", "所以…"): the instruction is before it.
_CONSEQUENCE = lazy_compile(
    r"^\s*(?:(?:otherwise|or else|that'?s why|this is why)\b|否则|不然|要不然|免得|以免|省得)",
    re.IGNORECASE,
)
# A clause that only gives an example of what comes before it ("…hex + names of the set bits,
# e.g. CR1 0x0081 = CEN|ARPE" kept only its example, and was titled "e.g": learning_sim9).
_EXAMPLE = lazy_compile(
    r"^\s*(?:e\.g\.|eg\b|for (?:example|instance)\b|such as\b|比如|例如|譬如|举个例子|舉個例子)",
    re.IGNORECASE,
)
_INSTRUCTION = lazy_compile(
    # 不对 opening what it says ("不对，应该…"), not a report that something was wrong ("端口不对")
    # a fix said with 要 + a verb, 只 + a verb or 先 … 再 (review32: "网关 upstream 要指向 9000 端口",
    # "查询只选用到的列" were no instruction, so a story clause before them titled the entry)
    r"(?<![需主重想只不])要(?:用|带|加|先|写|改|走|指向|设|开|关|放|跑|传|填|选)|只(?:用|选|放|写|跑)"
    r"|(?<![\u4e00-\u9fff])先\S{1,12}?再"
    r"|(?<![\u4e00-\u9fff])不对|应该|以后|今后|记住|必须|永远|务必|不要|别再|一定要|改用|换成|一律|统一|都要|禁止|不许"
    r"|\b(?:always|never|should|must|remember|from now on|instead|make sure|use)\b",
    re.IGNORECASE,
)
# What asks for something without an instruction word ("full manifest please, …", "tip for
# Loki: narrow it down first …"): when a long message's first clause asks, its start is kept.
_ASKS_FOR = lazy_compile(
    r"^[^,，]{3,60}\b(?:please|pls|plz)\s*[,，]?\s*$|^\s*(?:pro\s+)?tip\b|^\s*小技巧", re.IGNORECASE
)


def _focus(body: str, says_first: bool = False) -> tuple[str, str]:
    """The content (at most DETAIL_LIMIT characters) and what its title is cut from.

    A rambling message says what happened first and what to do last ("刚才你帮我部署网关的时候
    我看了一下日志，…，不对，网关端口应该用 8443，以后部署都用 8443"): cut at 100 from the start, the
    instruction was lost and the title was the story's first words. So a long message keeps its
    last whole clauses that fit, and its title starts at the first instruction among them; unless
    its end says no instruction and its start does ("full manifest please, not a snippet …",
    "合并 PR 的时候一律用 squash merge, …"), or it is news, a wish or something to remember that
    opens with its point, not a story, a question or a complaint (``says_first``: "Remember:
    tumor/normal pairs come from the pair_id column …, not from the T/N prefix …" kept only its
    second half: learning_sim7): then its start is kept, cut between words."""
    if len(body) <= DETAIL_LIMIT:
        return body, strip_echo(past_questions(body)) or body
    pieces = _PIECE.findall(body)
    kept: list[str] = []
    for piece in reversed(pieces):
        if len("".join([piece, *kept])) > DETAIL_LIMIT:
            break
        kept.insert(0, piece)
    if not kept:  # one clause longer than the limit: its beginning
        cut = body[: DETAIL_LIMIT - 1] + "…"
        return cut, cut
    if len(kept) < len(pieces) and (
        all(_CONSEQUENCE.search(piece) and not _INSTRUCTION.search(piece) for piece in kept)
        or _EXAMPLE.search(kept[0])
    ):
        # only why, what follows or an example: the instruction before it is kept, the rest cut
        # short
        # ("…open it in p4 first (p4 edit), otherwise the change doesn't end up in my CL" kept
        # only its "otherwise" clause: learning_sim8)
        rule = pieces[len(pieces) - len(kept) - 1]
        content = _cut_between_words(("".join([rule, *kept])).strip(" ，,；;"), DETAIL_LIMIT)
        return content, strip_echo(rule) or content
    tail_instructs = any(_INSTRUCTION.search(piece) for piece in kept)
    if (says_first and _opens_with_the_point(pieces[0])) or (
        not tail_instructs and (_INSTRUCTION.search(pieces[0]) or _ASKS_FOR.search(pieces[0]))
    ):
        start = _cut_between_words("".join(pieces).strip(" ，,；;"), DETAIL_LIMIT)
        return start, strip_echo(start) or start
    content = "".join(kept).strip(" ，,；;")
    for index, piece in enumerate(kept):
        if _INSTRUCTION.search(piece):
            head = strip_echo("".join(kept[index:])) or content
            return content, head
    return content, content


# What says its point first: news, a wish and what the user asks to remember ("match-svc's real
# config lives in Apollo …. the configs/ folder is stale, …"); a correction often comes after the
# story that led to it (review27).
_SAYS_FIRST = frozenset({"new_knowledge", "explicit_remember", "preference"})


def _opens_with_the_point(piece: str) -> bool:
    """Whether a long message's first clause is no story, question or complaint."""
    return not (
        _STORY.search(piece) or _QUESTION_END.search(piece) or _OPENS_COMPLAINING.search(piece)
    )


_QUESTION_END = lazy_compile(r"[？?]\s*$|吗[，,。\s]*$")
_OPENS_COMPLAINING = lazy_compile(
    r"^\s*(?:又|怎么又|我都说了|说了多少|跟你说过|说真的|服了|你又|你怎么|你这|again\b|ugh|seriously"
    r"|come on|why (?:do|did|are)|i (?:told|said)|how many times)|[😑🙄😩😤😒🤦😅😂🤣]",
    re.IGNORECASE,
)
# How a story opens: what happened, told before what to do about it (its end is kept).
_STORY = lazy_compile(
    r"^\s*(?:我?(?:刚才|刚刚|刚)|上次|昨天|前天|昨晚|今天|今早|上周|上礼拜|上个月|前几天|最近|之前|当时|后来"
    r"|那天|早上|下午|半夜|凌晨|(?:last|this) (?:week|night|time|morning|month)|yesterday|earlier"
    r"|(?:ok )?so\b|i (?:spent|was|just|noticed|ran|tried|have been|'ve been)|we (?:had|were|just)"
    r"|after the|when i|(?:please )?bear with me|long story|context:|background:|quick (?:thing|note)"
    r"|following up|hey\b|hi\b|hello\b|我跟你说一?下背景|事情是这样)",
    re.IGNORECASE,
)
# How far back a cut may move to fall between words rather than inside a name or a number
# ("redis-stg.internal:638…" read as another port: review27).
_WORD_REACH = 25
_INSIDE_A_WORD = lazy_compile(r"[A-Za-z0-9_.:/@+-]")


def _cut_between_words(text: str, limit: int) -> str:
    """``text`` clipped to ``limit`` characters, the cut moved back out of an ASCII word (a
    name, a host, a number)."""
    cut = clip(text, limit)
    if not cut.endswith("…") or cut == text:
        return cut
    end = len(cut) - 1
    if not (_INSIDE_A_WORD.match(text[end - 1]) and _INSIDE_A_WORD.match(text[end])):
        return cut
    back = end - 1
    while back > end - _WORD_REACH and back > 0 and _INSIDE_A_WORD.match(text[back]):
        back -= 1
    if back <= end - _WORD_REACH or back <= 0:
        return cut
    return text[: back + 1].rstrip(" ，,") + "…"
