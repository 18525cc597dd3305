"""The title of a rule said in a user's words: where it says what to do.

A user often asks, guesses or complains before the rule ("你 join 的是 dw.shipments_v1？…现在都读
dw.shipments_v2", "怎么又是 class 组件……只用 hooks"): a title cut from the first words says the
wrong thing, or nothing. The signal's brief (capture.statement) and the entry written to memory
(entries.remember) are titled here, the same way.
"""

from __future__ import annotations

import re

from memstrata.text.rule_words import ASKED, CONDITION, RULE_WORD, STANDING_WORD, says_enough
from memstrata.text.scripts import restored, simplified
from memstrata.text.title_joins import (
    past_the_cause,
    with_its_new_value,
    with_what_it_holds_for,
)
from memstrata.text.titles import VALUE_ROOM, brief, clip, title_limit

_PIECE = re.compile(r"[^，,。；;！!？?\n]+[，,。；;！!？?\n]*")

# A clause that only complains before what the user wants ("怎么又是 class 组件……", "again with
# the inline styles 😩"): the title is the clause after it; the detail keeps it.
# A sulking face, not any emoji: "Use the old config again 👍" is the rule.
_SULK = "\U0001f612\U0001f611\U0001f629\U0001f644\U0001f624\U0001f620\U0001f621\U0001f62b"
# "I have told you many times" ("跟你说了好几回了", "讲过三遍"): a reproach, never the rule.
_TOLD_OFTEN = (
    r"(?:(?:跟你|和你)?(?:说|讲)(?:过|了)(?:很多|好多|好几|多少|无数|[两三四五六七八九十几]+)(?:次|遍|回)"
    # …or that it is said again ("不好意思再说一次哈，日志里手机号要脱敏": writer A)
    r"|再(?:说|讲|强调)一(?:次|遍|下))"
)
_COMPLAINT = re.compile(
    r"怎么又|又(?:写成|写错|弄成|弄错|忘了)|(?<!一)又\s*(?:写死|硬编码|hard-?code|没带|没加|漏了|漏掉)"
    # "跟你说了好几回了" (learning_sim11: after "颜色又 hardcode 成 text-gray-600 了")
    rf"|{_TOLD_OFTEN}"
    r"|看着(?:好|真|很|太)?(?:累|烦|难受)|好烦|烦死|真烦|受不了"
    # having to do it oneself each time ("每次还得自己 +8 心算……"); "X again" ("又是 v1 😅")
    r"|(?:每次|还)(?:都|还)?得自己|^\s*又是"
    # "你每次回复前面都铺垫一大段，我真看不下去…先说结论" (round 21: titled by the complaint)
    r"|看不下去|看不惯|忍不了|(?:老是|总是|每次都)(?:忘了|忘记|写错|搞错|弄错)"
    # "again the old import path. it's …/v9 now": "again" opening the message complains
    r"|^\s*(?:once |not )?again\b"
    # what the agent did again, said to it ("you opened its CH340 again.", "you're reading the
    # v4.4 docs again": learning_sim9)
    r"|^\s*you(?:'re| are|'ve| have)?\s(?:[^.;!?]|\.(?=\S)){0,60}\bagain\s*[.!,;—-]*\s*$"
    # what happened, told before the lesson ("然后疯狂 rebalance。下回先查 …")
    # (a sentence: "然后 deploy.sh 要加 --canary" and "后来统一用 v2.3 的 SDK" are rules)
    r"|^\s*(?:然后|结果|后来|接着)(?:(?!要先|得先|需要|必须|应该|统一|以后|别|不要|改用|换成)[^，,。；;])*"
    r"(?:[。!！]|\.(?=\s|$))"
    # "again" complains only as "again with …" or before a sulking face: "Run the migrations
    # again after every deploy" and "Never push to main again! It broke prod" are the rule.
    rf"|\bagain with\b|\bagain\s*[{_SULK}]|[{_SULK}]"
    # a clause that ends on "again", before the fix ("Wrong base branch again: this one should
    # target develop", "OOM again lol, that's the 48G cap …": learning_sim7 and 10 titled entries
    # so): two to four words (one is an order: "Deploy again, then …"), or one and a laugh;
    # never a rule word ("Never push to main again!" is the rule) nor what to do
    # ("It's safe to run the migration again, …")
    r"|^(?![^,.;:!?]*\b(?:always|never|must|should|only|use|don'?t|do not|please|pls|stop|make sure|to\s+\w+)\b)"
    # …nor a condition ("If it happens again, roll back") or an order ("Run the tests again, then
    # merge": an adversarial review)
    r"(?!\s*(?:if|when|whenever|before|after|unless|until|once|in case|next time)\b)"
    r"(?!\s*(?:run|rerun|re-run|clear|bump|deploy|redeploy|push|restart|rebuild|build|try|retry|check"
    r"|do|set|add|remove|update|install|merge|test|start|stop|make|put|call|ping|send|open|close"
    r"|fix|change|move|delete|drop|create|pull|fetch|sync|reboot|roll|revert|apply|ship|tag"
    r"|release|upload|download|publish|reset|reload|refresh|rotate|regenerate|generate|upgrade)\b)"
    r"\s*(?:(?:[^\s,.;:!?，。；：！？]+\s+){2,4}again\b|[^\s,.;:!?，。；：！？]+\s+again\s+(?:lol|lmao|haha+|smh|ffs|ugh))"
    r"\s*[,.;:!…—-]*\s*$"
    r"|\bi hate (?:this|that|it)\b|\bso annoying\b|\bdrives me (?:nuts|crazy)\b|\bugh+\b"
    # what the agent showed says nothing to the user ("… as CR1=129 tells me nothing.": learning_sim9)
    r"|\b(?:tells|told|says|said) me nothing\b|\bmeans nothing to me\b"
    # what the agent did, told before the rule ("你把 DaemonSet 翻成'守护进程集'我愣了三秒😂 k8s 里
    # 那些名词原样用英文就好": learning_sim6 titled it by the story); not a request ("你把端口改成
    # 8443，以后都用 8443")
    r"|^\s*你(?:又|怎么|居然|竟然)?把[^，,。]*?(?:翻成|翻译成|译成|写成|改成|弄成|搞成|当成)[^，,。]*?了"
    # where the agent went again, or a guess at what it did ("又跑到 stg 上了…", "又改到 values.yaml
    # 上了😂", "你这是 stg 的 pod 吧😅", "that's stg again lol": learning_sim6 titled entries so)
    r"|^\s*(?:你)?(?:怎么)?又(?:跑到|跑去|改到|弄到|写到)[^，,。]*?了"
    # what was done wrong again, told before the fix ("怎么回事又把 secret 写到 ConfigMap 里了",
    # "压测又把 test 环境打挂了": titles of blind writer A)
    r"|(?<!一)又把[^，,。；;]*?了"
    r"|^\s*你这(?:个)?是[^，,。]{1,30}?吧|^\s*that'?s\b[^,.;!?]{0,40}\bagain\b"
    # what was used is the old one ("🤦 that's the old Vault path. secrets are under …")
    r"|^\s*that'?s (?:the |an? )?(?:old|wrong|outdated|deprecated)\b[^,;!?]{0,40}[.!]\s*$"
    # a rhetorical question about how old it is ("extensions/v1beta1 这是哪年的写法了🤣")
    r"|哪(?:一)?年的(?:写法|版本|东西|api|API)"
    # a verdict, or the reproach that it happened again, before the fix ("哦不对，端口应该是 8443",
    # "版本号不对，应该是 v2.14.3", "你看你又来了 …", "emm 我说一下哈 …": review32 found them as titles)
    r"|^\s*(?:[哦噢诶欸啊唉嗯呃额]|emm+)*\s*[^，,。；;！!？?\s]{0,6}?(?:不对|错了)[吧啊哈呀呢的]*"
    r"[，,。；;！!…~～\s]*$"
    r"|^\s*(?:你看)?(?:你)?又来了[吧啊哈呀]*[，,。；;！!…~～.\s]*$"
    r"|^\s*(?:emm+|嗯+|额)?\s*我(?:说|讲)一?下[哈啊吧]?[，,。；;！!…~～\s]*$",
    re.IGNORECASE,
)
# A request made to the agent ("…加个空格嘛", "帮我…", "please …"); not "你每次都…", a complaint.
_ASKED_FOR = re.compile(rf"{ASKED}|请你|[嘛吧](?=\s|$)", re.IGNORECASE)
# A clause that opens with a standing rule's word (``rule_words.STANDING_WORD``).
_OPENS_STANDING = re.compile(
    rf"\s*(?:(?:所以|那就|那|因此|so)\s*)?(?:{STANDING_WORD.pattern})", re.IGNORECASE
)
# A standing rule said after a space, in a message without punctuation before it.
_STANDING_AFTER_CHATTER = re.compile(
    r"^[^，,。；;！!？?:：\n]{6,}?(?<=[\u4e00-\u9fff])\s+(?:所以|那)?(?=以后|今后|从今往后|一律|统一|永远)"
)
# What is already so, said before the rule it calls for ("我们集群都 1.29 了，Ingress 得用
# networking.k8s.io/v1"): the title is the rule.
_ALREADY = re.compile(
    r"^(?!\s*(?:等|待))[^，,。；;]{0,16}?都(?![^，,。；;]*(?:切到|迁到|换成|改成|升到|上了))"
    r"[^，,。；;]{1,14}?了\s*[，,]\s*$"
)
# Work reported done before "but …" ("merge 了，不过 prod 那边是手动 sync 的"): what follows the "but"
# is what to keep. Only the user's own step (merged, pushed, deployed, fixed): a status that is
# news ("Redis 升到 7.2 了，但…") or a concession ("tabs ok, but never in YAML") is part of the rule
# (review26).
_BEFORE_BUT = re.compile(
    r"^\s*(?:(?:PR|MR|代码|改动|这个|那个)\s*)?(?:merge|合并|合|push|推|提交|部署|搞定|弄好|改好|修好)"
    r"\s*(?:上去|完|好)?\s*了[啦吧哈哦]?\s*[，,]\s*$",
    re.IGNORECASE,
)
# A concession ("解释用中文 ok，", "X 没问题，") and the start of a clause that names its own
# subject by a word in Latin letters that is no function word ("terminology 留 English").
_CONCESSION = re.compile(
    r"^[^，,。；;]{1,20}?(?:(?<![A-Za-z])ok|OK|没问题|可以|都行|也行)[啦吧哈哦]?\s*[，,]\s*$"
)
# Praise of the work ("写得挺好的，", "思路 OK 的，", "nice work, "): nothing to keep.
_PRAISE = re.compile(
    r"^[^，,。；;]{0,16}?(?:挺好|不错|很好|真好|没毛病|漂亮|(?<![A-Za-z])ok\s*的|牛)[的啊哈呀了]*\s*[👍👌]*\s*[，,。!！]\s*$"
    r"|^\s*(?:nice|great|good|looks good|lgtm)(?:\s+(?:work|job|one|refactor|catch|stuff))?\s*[👍👌]*\s*[,.!]\s*$",
    re.IGNORECASE,
)
_OWN_SUBJECT = re.compile(
    r"(?!(?i:never|not|only|always|in|on|at|for|with|without|except|unless|when|if|do|don'?t)\b)"
    r"[A-Za-z][\w.-]{2,}"
)
# A complaint that may sit inside the rule's own clause ("别一次贴 500 行 diff 我看花眼"): it
# skips only a clause without a rule word ("这条 promql 一行到底我眼睛都花了…").
_WEAK_COMPLAINT = re.compile(
    r"(?:眼睛都花|看花眼|看得眼花|看得头大)了?(?=\s*(?:[，,。.!！…~～]|$))"
)
# Where a lead-in clause ends: the usual punctuation, an ellipsis or an emoji.
_LEAD_IN_END = re.compile(
    r"[，,。；;！!？?\n]+|…+|\.{3,}|\.\s+|\s*[\U0001F300-\U0001FAFF\u2600-\u27BF]+\s*"
    # a dash between two sentences ("ugh took me forever to find this — gRPC max message size …")
    r"|\s+[—–]+\s+"
    # a colon after a sentence ("Wrong base branch again: this one should target develop")
    r"|(?<=[A-Za-z\u4e00-\u9fff])\s*(?:：|:\s+)"
    # a space between two Chinese characters: how a message typed without punctuation pauses
    # ("…这种看着难受 全小写加下划线那种": learning_sim7)
    r"|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])"
)
# What carries a point: a rule word, a number, or a name that is more than a word (a host, a
# path, a version, an identifier: order-sync, kafka-01.hz.infra, session.timeout.ms, SkyWalking).
_ANCHOR = re.compile(
    r"\d|[A-Za-z][\w]*[-_./:@][\w]|[a-z][A-Z]|[A-Z]{2,}[a-z]|`",
)
# How a clause that tells the story, not the point, sounds: what the user went through or a
# discourse word, never a status ("跳板机迁了", "jenkins 那台下线了", "阿明昨晚把 CDC 的 dataset 改名了"
# are news: the point).
_STORY = re.compile(
    # (a word, never inside another: 客服了, 固定了, 锁定了 are no story: an adversarial review)
    r"查了|排查|踩过|踩了|搞明白|搞清楚|找到了|折腾|debug 了|打扰|话说回来|(?:真是|真|我)服了|搞定|说实话"
    r"|说真的|不好意思|算了|哈喽|嘿嘿|哈哈|晓得伐|开玩笑|先不说"
    # news announced before it is told ("运维 announce 了，…", "刚 confirm 了，…")
    r"|(?:announce|confirm|通知|宣布|公告)\s*了[啦哈]?\s*[，,:：。!！]*\s*$"
    r"|^\s*(?:(?:so|ugh|oh|ok|well)\s+)*(?:turns out|took me|lol)\b"
    # an exclamation or a greeting that is all the clause says ("nice refactor,", "morning!"; not
    # "Nice values for batch jobs are too low", "Morning standups moved")
    r"|^\s*(?:nice|great|cool|thanks|sorry|(?:good )?morning|(?:good )?afternoon|hey|hi|hello)"
    r"(?:\s+(?:work|job|one|refactor|catch|stuff|all|team|there|again))?\s*[,.!—…~]*\s*$",
    re.IGNORECASE,
)
# A clause that says when the rest holds ("没搞明白之前，payment-svc 的配置一律不动").
_WHEN_CLAUSE = re.compile(r"(?:之前|以前|之后|以后|的时候|时)\s*[，,：:]?\s*$")
_CLAUSE_HERE = re.compile(r"[^，,。；;！!？?…\n]+?(?:[，,。；;！!？?\n]+|\.\s+|…+|$)")


def _past_the_story(head: str) -> str:
    """``head`` from the first clause that carries its point, when the clauses before it only
    tell the story: "页面白屏了……算了不是前端的锅，是你把 nginx 的 client_max_body_size 改回 1m 了",
    "嘿嘿搞定，顺便告诉你，jaeger 已经下线了，链路追踪现在全部接 SkyWalking", "nice refactor, but please
    keep functions under ~50 lines" were titled by their first words (a blind title set, writer
    A). A clause with a rule word, a number or a name is never passed, nor a condition (如果是周五，
    不要上线), and the rest must carry a point of its own."""
    at = 0
    while (piece := _CLAUSE_HERE.match(head, at)) and piece.end() < len(head):
        said, rest = piece.group(0), head[piece.end() :]
        if (
            _ANCHOR.search(said)
            or RULE_WORD.search(said)
            or CONDITION.match(said)
            or _WHEN_CLAUSE.search(said)
            or not _STORY.search(said)
            or not (_ANCHOR.search(rest) or RULE_WORD.search(rest))
            or not says_enough(rest)
        ):
            break
        at = piece.end()
    return head[at:].strip() if at else head


_AGAIN_AT_END = re.compile(r"\bagain\b[^A-Za-z0-9]*$", re.IGNORECASE)
_REFERS_BACK = re.compile(r"\s*(?:it|it'?s|its|they|they'?re|them|he|she|它|它们)\b", re.IGNORECASE)
# A contrast that finishes the clause before it ("…again, not people."), said alone.
_NOT_THAT = re.compile(
    r"^\s*(?:not|而不是|不是)\b[^,.;:!?，。；：！？]{1,30}[,.;!，。；！]\s*$", re.IGNORECASE
)
# A short topic before "：" or ": " ("plots: matplotlib"): letters only, so never a time (10:30),
# a port (8080:80), a URL (https://), a path (C:\\) or a [REDACTED:kind] marker.
_TOPIC = re.compile(
    r"^(?P<topic>[A-Za-z\u4e00-\u9fff][A-Za-z\u4e00-\u9fff ]{0,11})(?:：|: )\s*(?P<rest>.+)$"
)


# An interjection that opens a message says nothing ("ugh, …", "heads-up: …", "哦还有，…").
_INTERJECTION = re.compile(
    r"^\s*(?:ugh+|argh+|meh|heads[- ]?up|fyi|btw|ps|p\.s\.|哦还有|还有|对了|另外)\s*[,，:：;；.。!！—-]+\s*"
    r"|^\s*(?:哦还有|对了|另外)\s+(?=\S)"
    # "I'm telling you" and "the same again" before the point (learning_sim10: titled "跟你說",
    # "Same thing as last week")
    r"|^\s*(?:(?:顺便|顺带)?(?:跟你说|和你说|告诉你)|同你[讲講](?![过過咗了])|[话話讲講](?:声|聲)?(?:畀|俾)?你知|你(?:应该|可能|估计)?唔知)(?:一下|哦|喔|啊|哈)?\s*[,，:：!！\s]+\s*"
    r"|^\s*(?:(?:the )?same (?:thing|story|issue|problem)(?: (?:again|as (?:before|last time|last week|yesterday)))?"
    r"|(?:friendly )?reminder|(?:as|like) i said(?: before)?)\s*[,:;.!—-]+\s*"
    # a dictated message's hesitation, before whatever follows ("嗯 monitor 又开到 USB0 上去了",
    # "那个 嗯 改动的话…": learning_sim9), said twice or more
    r"|^(?:\s*(?:嗯+|呃+|额|诶|欸|哎呀|唉|那个|就是说?|emm+|um+|uh+))+\s+(?:(?:no+|nope)\s*[,，.!]+\s*)?(?=\S)"
    # a change of mind or an announcement before the new rule ("啊 SQL 那个我改主意了啦，keyword
    # 还是全部大写好了", "先讲一下我的习惯：…", "Actually I changed my mind: …": learning_sim10 and
    # round 28 titled them "我改主意了", "先讲一下我的习惯: SQL 的…")
    r"|^[^，,。.!！?？]{0,16}?(?:我)?(?:改主意了|改变主意了|想了想|(?:再|重新)?想了一下)[啦啊哈了]*\s*[，,。.!！:：]+\s*"
    r"|^\s*(?:先|我)?(?:讲|说|提|交代)(?:一)?下(?:我的)?(?:习惯|偏好|规矩|喜好|背景|情况)\s*[：:]\s*"
    r"|^\s*(?:actually\s*,?\s*)?(?:i(?:'ve| have)?\s+changed my mind|on second thoughts?)\s*[,:;.!—-]+\s*"
    # an aside announced, news brought, a slang exclamation, before the point ("顺便说一句哈 就是
    # 类型定义我还是习惯 type", "跟你同步个事 …", "small thing: I prefer `type`", "蚌埠住了 颜色又
    # hardcode 了": learning_sim11)
    r"|^\s*(?:顺便|顺带|另外|再)(?:说|提|讲)(?:一句|一?下|个事)?[哈啊哦嗷]?[\s,，:：。!！]+"
    r"|^\s*(?:跟|和|给)你(?:同步|说|讲|汇报|报告)(?:一?[个件]事(?:情)?|一下)[哈啊哦]?[\s,，:：。!！]+"
    r"|^\s*(?:(?:one |a )?(?:small|quick|little|minor) (?:thing|note|one)|one more thing)\s*[:,;.!—-]+\s*"
    # a request to keep what follows, said in passing ("mark 一下，MR 要…", "这个 note 下来：…", "帮我记着点：
    # …", "anyway: don't use float64 …": a blind title set titled entries by them)
    r"|^\s*(?:这个|这条)?\s*(?:帮我|你)?(?:记着点|记个事|mark\s*一下|note\s*(?:一下|下来))[哈啊吧]?\s*[,，:：。!！]+\s*"
    r"|^\s*(?:anyway?s?|总之|反正|说正经的)\s*[,，:：。!！]+\s*"
    r"|^\s*(?:好家伙|蚌埠住了|绝绝子|离谱|无语|破防了|救命|服了)[了啊哈]?[\s,，!！。~～]+(?=\S)"
    # agreement, or "enough said", before the rule ("你说得对，以后代码注释统一用英文", "good point,
    # …", "別說了，部署之前…": a tester's round titled them by it)
    r"|^\s*(?:你)?(?:说得|说的|說得|說的)(?:对|對|有道理|没错|沒錯)[啊呀吧哈了喔]*[\s,，。.!！~～]+(?=\S)"
    r"|^\s*(?:别说了|別說了|不说了|不說了)[\s,，。.!！~～]+(?=\S)"
    r"|^\s*(?:you'?re right|you are right|good point|fair point|fair enough)\s*[,.!—-]+\s*"
    # a greeting or a filler word before a space, in a message typed without punctuation
    r"|^\s*(?:嗯+|哈喽|哈啰|哈罗|hello|hi|hey|好的|好吧|行吧|ok|okay)\s+(?=[\u4e00-\u9fff])"
    # who brought the news, before it ("孟凡说 OTA 后台域名迁了 …", "潘婷刚在群里说 …", "server 组啱啱
    # announce 咗，…", "Priya just said …": learning_sim8-9 titled entries by the speaker); not
    # what the user or the agent said ("我说一下", "你说的") nor a word that forbids (别说, 不要讲)
    r"|^\s*(?![我你])(?:(?![别別不没沒要])[^\n，,。.!！?？:：]){1,10}?(?:刚刚?|剛剛?|刚才|剛才|啱啱|才|也)?"
    r"(?:在群里|在群裡|喺群度|喺群入面|在会上|在會上)?(?:说|說|讲|講|通知|宣布|\s*announce)(?:\s*(?:了|咗|过|過))?"
    r"[\s,，:：]+(?=\S)"
    # (a named source, not anyone: "Nobody said …", "Everyone says …"; and what it said is news
    # about a thing, not a person: "Alice said she'll …", "Bob announced his resignation")
    r"|^\s*(?!(?:you|it|this|that|nobody|no one|everyone|everybody|someone|somebody|people|they"
    r"|he|she|we|i)\b)(?:[A-Z][\w'-]*|the [\w-]+(?: team| folks| guys)?|[\w-]+ team)"
    r"\s+(?:just\s+|has\s+|have\s+|finally\s+)?(?:said|says|announced|mentioned|confirmed|posted)"
    r"(?: in [\w#-]+)?(?: that)?[\s,:;—-]+(?=(?:the|our|a|an)\s+\S+\s+\S+\s+\S+)"
    # ...or named in a frame that says where it comes from ("As Priya said, never force-push to
    # main", "According to the SRE team, …", "Per the security team, …": a tester's round)
    r"|^\s*(?:as (?:[A-Z][\w'-]*|the [\w-]+(?: team)?) (?:said|says|mentioned|put it)"
    r"|according to [^,，:：]{2,30}|per (?:the )?[\w-]+(?: team)?)\s*[,，:：]\s*(?=\S)",
    re.IGNORECASE,
)


# "I've told you many times" opening what is left, before a rule in Latin letters (no pause
# between them for the lead-in clauses to end at).
_REPROACH_LEAD = re.compile(rf"{_TOLD_OFTEN}了?[\s,，。!！]*")


# A request in the middle of a message, after what happened and before what to keep ("然后疯狂
# rebalance。这个经验记一下，下回 consumer 频繁 rebalance 先查 …"): the title starts after it.
_MID_REQUEST = re.compile(
    r"(?P<end>[。.!！；;])\s*(?:(?:这个经验|这个教训|这个坑|这个|这条|这点|這個經驗|這個教訓|這個坑|這個|這條|這點)?"
    r"(?:记一下|记下来|记住|記一下|記下來|記住)(?:吧|哈)?[，,：:]"
    # …or in English ("…. Remember: X", "…. Note this down: X", "…. Lesson learned: X": review32)
    r"|(?i:remember(?: this| that)?|note (?:this|that)(?: down)?|lesson(?: learned)?|takeaway)"
    r"\s*[：:]"
    # …or an announcement of it ("…搬进 dbt 啰。先讲一下我的习惯：SQL 的 keyword 我都写小写": learning_sim10)
    r"|(?:先|我)?(?:讲|说|提|交代)(?:一)?下(?:我的)?(?:习惯|偏好|规矩|喜好)\s*[：:])\s*(?P<rest>[^？?]+)$"
)


def without_mid_request(text: str) -> str:
    """``text`` without a request said between what happened and what to keep ("然后疯狂
    rebalance。这个经验记一下，下回先查 …" keeps "然后疯狂 rebalance。下回先查 …"): the request's
    words are no part of the memory (round 21: a MEMORY.md bullet kept them)."""
    request = _MID_REQUEST.search(text)
    if request is None or not says_enough(request.group("rest")):
        return text
    end = request.group("end")
    return text[: request.start()] + (f"{end} " if end.isascii() else end) + request.group("rest")


def mid_request_lesson(text: str) -> str:
    """What a request between what happened and what to keep asks to keep ("…CRC 对不上。这个经验记
    一下：打 AssetBundle 之前先清空 StreamingAssets/AB 目录": the words after it), or ""."""
    request = _MID_REQUEST.search(text)
    return request.group("rest").strip() if request and says_enough(request.group("rest")) else ""


# The most a lesson and the story before it say together before the lesson goes first (seed
# 000's detail: what happened and why in at most 100 characters).
_TOLD_WHOLE = 100


def lesson_first(text: str) -> str:
    """``text`` without a request between the story and the lesson, in their order when both fit
    in a detail, else the lesson first and the story after it: cut at 100 characters, a long
    story left only its start ("今天一下午都浪费了 原来 StreamingAssets 里还有…": learning_sim8's
    lesson was lost in the pool, and its pattern was titled by the story)."""
    lesson = mid_request_lesson(text)
    plain = without_mid_request(text)
    if not lesson or len(plain) <= _TOLD_WHOLE:
        return plain
    story = plain[: len(plain) - len(lesson)].rstrip()
    stop = "。" if re.search(r"[\u4e00-\u9fff]", lesson) else ". "
    return f"{lesson.rstrip('。.！!')}{stop}{story}"


def _first_clause(text: str) -> str:
    piece = _PIECE.match(text)
    return piece.group(0) if piece else ""


# "以后都这样" before what it points at, in a message typed or dictated without punctuation
# ("这个命名就对了 以后都这样 产品代号-版本号-git 短哈希 …": learning_sim9 titled it "以后都这样")
_POINTS_AT_WHAT_FOLLOWS = re.compile(
    r"^[^，,。.!！?？]{0,12}?(?:以后|今后|下次|往后)?(?:都|就)(?:照|按)?这样(?:做|来|办|写|干|弄|命名)?[吧啊哈了]*"
    r"(?:[\s，,：:。]+)(?P<rest>\S.*)$"
)


def _past_openers(head: str) -> str:
    """``head`` after the interjections that open it: "对了 跟你同步个事 老周他们 BFF 上线了", one
    opener after another, and those after a story ("嘿嘿搞定，顺便说下，jaeger 已经下线了")."""
    for _ in range(3):
        rest = _INTERJECTION.sub("", head, count=1)
        if rest == head or not rest:
            break
        head = rest
    return head


def rule_title(head: str) -> str:
    """The entry's title from ``head``: after an interjection and any clause that only complains
    before the rule, keeping a short ``topic:`` in front ("plots: I usually go with matplotlib"
    was titled "plots"). A condition stays (如果是周五，不要上线 without it says never), and so do
    closing particles (酒吧, 多哈 and a guess's 吧 are not noise): an adversarial pass found both
    rules inverting rules."""
    head = _past_openers(head)
    if (pointer := _POINTS_AT_WHAT_FOLLOWS.search(head)) and says_enough(pointer.group("rest")):
        head = pointer.group("rest")
    if (request := _MID_REQUEST.search(head)) and says_enough(request.group("rest")):
        head = request.group(
            "rest"
        )  # "然后疯狂 rebalance。这个经验记一下，下回先查…": what to keep
    head = past_the_cause(head)
    start, clause, stop = 0, 0, len(head)
    if (standing := _STANDING_AFTER_CHATTER.search(head)) and says_enough(head[standing.end() :]):
        # "嗯 我想了想 … 因为两张表都有几千万行 所以以后大表 join 先按 chrom 分块": typed without
        # punctuation, what comes before a standing rule is the talk that led to it
        head = head[standing.end() :]
    for end in _LEAD_IN_END.finditer(head):
        said = head[clause : end.end()]
        rest = head[end.end() :]
        complains = bool(_COMPLAINT.search(said)) or bool(
            _WEAK_COMPLAINT.search(said) and not RULE_WORD.search(said)
        )
        if complains and start and not says_enough(rest):
            # complaint after complaint and a short rest ("超时时间又 hardcode 成 30 了 跟你说了好几
            # 回了 要从配置里读"): the first complaint names the subject, a cut says less (review35)
            start = 0
            break
        if complains and clause > start and _ASKED_FOR.search(head[start:clause]):
            # a complaint after what the user asked for is why ("你回复里中文跟英文单词之间加个空格嘛
            # 像 React组件 这种挤在一起的看着好难受 加了空格看着舒服点": learning_sim11 titled it by
            # the last clause): the request is the title
            stop = clause
            break
        # a sulking face after a rule is the rule's mood ("Deploy only from main 😒 …")
        in_words = complains and _COMPLAINT.search(re.sub(f"[{_SULK}]", "", said))
        if (
            complains
            and says_enough(rest)
            and (in_words or not RULE_WORD.search(said))
            # what follows says "it" of what a clause ending on "again" named ("The billing cron
            # again: it must run at 02:00 UTC"): that clause names the subject, and stays
            and not (_REFERS_BACK.match(rest) and _AGAIN_AT_END.search(said))
        ):
            start = end.end()
        elif (
            start == clause
            and _BEFORE_BUT.match(said)
            and (but := _BUT.match(rest))
            # …not a "but" that goes on about what was done ("merge 了，但还没生效")
            and not _STILL_OLD.search(_first_clause(rest))
            and says_enough(rest)
        ):
            start = end.end() + len(but.group(0))
        elif (
            start == clause
            and _CONCESSION.match(said)
            and (but := _BUT.match(rest))
            and _OWN_SUBJECT.match(rest, but.end())
            and says_enough(_first_clause(rest))
        ):
            # "解释用中文 ok，但 terminology 留 English 吧": what is conceded is not the rule, when the
            # "but" names its own subject ("tabs ok, but never in YAML" does not: the rule needs both)
            start = end.end() + len(but.group(0))
        elif (
            start == clause
            and _PRAISE.match(said)
            and (but := _BUT.match(rest))
            and says_enough(_first_clause(rest[but.end() :]))
        ):
            # praise before "but" ("接口文档写得挺好的，不过错误码别自己编", "思路 OK 的，不过 Kafka
            # producer 一定要 acks=all": a blind title set) is no part of the rule
            start = end.end() + len(but.group(0))
        elif (
            start == clause
            and _ALREADY.match(said)
            and not RULE_WORD.search(said)
            and not CONDITION.match(said)
            and RULE_WORD.search(_first_clause(rest))
            and says_enough(rest)
        ):
            start = end.end()
        elif (
            not RULE_WORD.search(head[start : end.end()])
            and not _ANCHOR.search(head[start : end.end()])
            and _OPENS_STANDING.match(rest)
            and says_enough(rest)
        ):
            # what the user thinks or went through, then the standing rule it led to ("我觉得
            # README 太长没人看，以后新服务的文档就写在 docs/ 下"): the rule; a clause that names
            # something (a value, a host) stays ("Redis 升到 7.2 了，以后…")
            start = end.end()
        elif start and start == clause and _NOT_THAT.match(said) and says_enough(rest):
            # the complaint's own contrast ("DAU is counting events again, not people. It needs
            # COUNT(DISTINCT user_id)"): no more the rule than the complaint before it
            start = end.end()
        elif RULE_WORD.search(said):
            if re.search(f"[{_SULK}]", end.group(0)):  # a sulking face after the rule ends it
                stop = end.start()
            break
        clause = end.end()
    head = head[start:stop].strip() or head
    head = _past_openers(_past_the_story(head))
    if (reproach := _REPROACH_LEAD.match(head)) and says_enough(head[reproach.end() :]):
        head = head[reproach.end() :]  # "跟你说了好几回了 token 一律从 vault 取" (review35)
    if (but := _OPENING_JOIN.match(head)) and len(head) - but.end() >= 4:
        head = head[but.end() :]  # "好了，但下次先说结论": the rule, not the "but"
    if joined := with_its_new_value(head):
        return joined
    condition = CONDITION.match(head) and _PIECE.match(head)
    if condition and condition.end() < len(head):
        # the condition and the rule it holds ("要是遇到 P0 呢，直接回滚"): a cut after the
        # condition alone says nothing
        rule = _PIECE.match(head, condition.end())
        both = head[: rule.end() if rule else len(head)].strip(" ，,。.；;")
        return clip(both, title_limit(both) + 6)
    if joined := with_what_it_holds_for(head):
        return joined
    topic = _TOPIC.match(head)
    if topic and len(topic.group("rest")) >= 4:
        lead, rest = topic.group("topic").strip(), topic.group("rest")
        limit = title_limit(head) - len(lead) - 2
        if limit < 10:  # a long lead-in ("后端组有条死规矩：…"): the rule alone
            return brief(rest, title_limit(rest))
        return f"{lead}: {brief(rest, limit)}"
    return _with_its_condition(head, title_limit(head))


# A condition or exception that the rule's meaning hangs on, or the value it sets ("…without a plan review", "…unless
# CI is green"): cut before its end, a title says the opposite (review15: "Never run terraform
# apply without a…"). The clause is kept whole when it is at most this much longer.
_HANGS_ON = re.compile(
    r"\b(?:without|unless|except|until|only if|but not)\b|除非|除了|只有|否则", re.I
)
_CONDITION_ROOM = 12


# A reproach that a longer cut reaches at its end ("超时时间又 hardcode 成 30 了 跟你说了好几回了"):
# no part of the title.
_REPROACH_TAIL = re.compile(rf"[\s,，。!！]*{_TOLD_OFTEN}了?[\s,，。!！]*…?$")


def _with_its_condition(head: str, limit: int) -> str:
    cut = brief(head, limit)
    if (reproach := _REPROACH_TAIL.search(cut)) and says_enough(cut[: reproach.start()]):
        return cut[: reproach.start()] + "…"
    if not cut.endswith("…"):
        return cut
    whole = brief(head, limit + _CONDITION_ROOM)
    hangs = _HANGS_ON.search(whole)
    if not whole.endswith("…") and hangs and hangs.start() < len(cut) <= len(whole):
        return whole
    valued = brief(head, limit + VALUE_ROOM)
    if not valued.endswith("…") and _ANCHOR.search(valued[len(cut) - 1 :]):
        # …and so is the value it sets ("set the read timeout of the gateway to 1500.5 seconds")
        return valued
    return cut


# A clause that asks or guesses what went wrong ("你 join 的是 dw.shipments_v1？", "分母里混进
# cancelled 的单了吧，…") says what the agent did, not what to do; so does one that says the old
# thing is gone ("那张停更了"): never where the title starts. A condition is never skipped
# ("如果是周五？不上线" is no rule to never deploy).
# What follows an opening "X 是老包了" that names the new thing ("go.mod 里早换成 v9 了"), not one
# that goes on about the old ("但老客户还在用，千万别删", "CI 里还要兼容它": review21).
_NOW_SAYS_THE_NEW = re.compile(
    r"^\s*(?!但|不过|可是|还在|还要|还得|还是|它)[^。]*?(?:换成|改成|改用|换用|迁到|切到|(?<!之前)(?<!以前)(?<!原来)统一)"
)
_ASKS = re.compile(r"(?:[？?]|了吧[，,。]?)\s*$")
_GONE = re.compile(
    r"(?:停更|停用|下线|废弃|弃用|不维护|过时|淘汰|搬家|换地方|挪地方|迁走"
    r"|(?:是|算)?(?:老|旧)(?:包|版本|东西|写法|黄历))了[，,。]?\s*$"
)
# A clause that says what holds now, after one that says the old thing is gone; not one that
# goes on about the old thing ("现在 v1 还能查", "目前 v1 只剩 monitoring 在用", "如今还有人在用它").
_NOW = re.compile(r"\s*(?:现在|目前|如今|now\b|these days\b)", re.IGNORECASE)
_STILL_OLD = re.compile(r"还|仍|依然|剩|它|\b(?:still|it)\b", re.IGNORECASE)


# What to do with the new thing ("以后都读 dw.shipments_v2", "统一走 v2"), not the old.
_NEW_RULE = re.compile(
    r"以后(?:都|就|一律|统一)|今后|(?<!之前)(?<!以前)(?<!原来)统一|一律|都(?:读|用|走|写|放|发|改|迁)"
    r"|改用|换成|迁到|切到"
)
# A conjunction a title would open with once what came before it is left out ("但下次先说结论",
# "所以 Ingress 得用 …").
_OPENING_JOIN = re.compile(
    r"^\s*(?:(?:但是|不过(?![滤期关审度问敏])|可是|所以|因此)呢?|但(?![凡愿是])呢?|(?:but|so)\b)[\s，,]*",
    re.IGNORECASE,
)
# "but" opening a clause, not a word that starts like it (不过滤, 不过期, 但凡: review26)
_BUT = re.compile(
    r"^\s*(?:(?:但是|不过(?![滤期关审度问敏])|可是|只是)呢?|但(?![凡愿是])呢?|however\b|but\b)[\s，,]*",
    re.IGNORECASE,
)


def _holds_now(piece: str) -> bool:
    return bool(_NOW.match(piece)) and not _STILL_OLD.search(piece)


def _says_the_new_rule(piece: str) -> bool:
    """Whether the clause after "X 停更了" says what to use instead ("以后都读 v2")."""
    return bool(_NEW_RULE.search(piece)) and not (_STILL_OLD.search(piece) or _BUT.match(piece))


# An answer that opens what follows the question: a yes is dropped ("Yes, always squash" says
# the rule); a no is kept with its question ("Should I use tabs? No, spaces": "spaces" alone
# names the rule's other half only).
_YES = re.compile(r"^\s*(?:yes|yep|yeah|对|是的|是|可以)\s*[,，.。!！]+\s*", re.IGNORECASE)
_NO = re.compile(r"^\s*(?:no|nope|never|不是|不能|不行|不用|不要|不可以|绝对不)", re.IGNORECASE)


def past_questions(text: str) -> str:
    """``text`` from its first clause that neither asks, guesses nor says the old thing is gone
    ("你 join 的是 v1？那张停更了，现在都读 v2" was titled "你 join 的是 dw.shipments_v1": the table
    not to use), when what is left says enough on its own (an answer alone, "不能", does not)."""
    pieces = _PIECE.findall(text)
    if pieces and CONDITION.search(pieces[0]) and _ASKS.search(pieces[0]):
        # "如果是周五？不上线": the condition and its rule, as one clause
        joined = re.sub(r"？\s*$", "，", re.sub(r"\?(\s*)$", r",\1", pieces[0]))
        return joined + "".join(pieces[1:])
    start = 0
    while (
        start < len(pieces) - 1
        and not CONDITION.search(pieces[start])
        and (
            _ASKS.search(pieces[start])
            # the old thing is gone, then what to do now ("v8 那个是老包了，go.mod 里早换成 v9 了，
            # import 别写旧的"): the title is the new thing, also when the message opens with it
            or (
                _GONE.search(pieces[start])
                and (
                    start
                    or _NOW_SAYS_THE_NEW.search("".join(pieces[start + 1 :]))
                    or any(_holds_now(piece) for piece in pieces[start + 1 :])
                    or _says_the_new_rule(pieces[start + 1])
                )
            )
        )
    ):
        start += 1
    if not start:
        return text
    if any(_GONE.search(piece) for piece in pieces[:start]):
        # what more it says of the old thing comes before the new ("那张停更了，数据只到 1 月底。
        # 现在都读 dw.shipments_v2" was titled "数据只到 1 月底"): the title is what holds now
        now = next((i for i in range(start, len(pieces)) if _holds_now(pieces[i])), start)
        # …unless what comes first is already the rule ("…停更了，以后都读 v2。现在 v1 还能查")
        between = "".join(pieces[start:now])
        if not (_NEW_RULE.search(between) or _NOW_SAYS_THE_NEW.search(between)):
            start = now if says_enough("".join(pieces[now:])) else start
    rest = "".join(pieces[start:])
    if _NO.match(rest):
        return text
    rest = _YES.sub("", rest, count=1).strip(" ，,。.：:;；!！—-~")
    return rest if says_enough(rest) else text


# Marks that are content, not punctuation, shielded as private-use characters while a statement
# is cut and trimmed: a URL's query mark ("dayjs.js?v=9c1e4f2a", read as a question's end it cut
# a title to "v=9c1e4f2a net": learning_sim11) and an HTML comment's delimiters ("发布前先打 tag
# <!--", trimmed as punctuation).
_QUERY_MARK = re.compile(r"(?<=[A-Za-z0-9_./-])\?(?=[A-Za-z0-9_.%-]+=)")
_SHIELDED = (("<!--", "\ue000"), ("-->", "\ue001"))


def shield_marks(text: str) -> str:
    """``text`` with the marks that are content shielded (see ``unshield_marks``)."""
    for mark, shield in _SHIELDED:
        text = text.replace(mark, shield)
    return _QUERY_MARK.sub("\ue002", text)


def unshield_marks(text: str) -> str:
    for mark, shield in (*_SHIELDED, ("?", "\ue002")):
        text = text.replace(shield, mark)
    return text


def entry_title(content: str) -> str:
    """An entry's title, cut from its clean content as a signal's brief is: where it says what
    to do. Entries were titled by the content's first words, so a rule to read v2 went into
    principles.md as "你 join 的是 dw.shipments_v1" whatever the card had shown. Read in
    simplified characters, told in the content's own (``text.scripts``)."""
    return restored(unshield_marks(_entry_title(shield_marks(simplified(content)))), content)


def _entry_title(content: str) -> str:
    if not content.strip():
        return ""
    rest = past_questions(content)
    if rest is content and answered_question(content):
        # "发版前不跑测试？以后必须跑": the question alone says the opposite, the answer alone
        # nothing; both, cut as a whole
        whole = " ".join(content.split())
        return clip(whole, title_limit(whole) + 12)
    return rule_title(rest)


def answered_question(text: str) -> bool:
    """Whether ``text`` opens with a question (not a condition) that it then answers."""
    pieces = _PIECE.findall(text)
    return (
        len(pieces) > 1
        and bool(_ASKS.search(pieces[0]))
        and not CONDITION.search(pieces[0])
        and bool("".join(pieces[1:]).strip())
    )


# A wish or a plea around what the user wants ("要是你能先给结论再解释就好了", "回复短一点行吗"),
# and a reproach after it ("端口是 8443 不是 8080，你又写错了"): the rule is inside (review15: the
# pool wrote both frames into USER.md and principles.md word for word).
# Removed when an entry is written, not before: the pool matches the words as said.
_WISH = re.compile(
    r"^(?:要是|如果|假如)?你(?:能|可以|要是能)(?P<rule>.{2,}?)(?:就好了|就更好了|多好)\s*[。.!！~～]*$"
)
_PLEA = re.compile(
    r"\s*[，,]?\s*(?:行吗|好吗|可以吗|行不行|好不好|成吗)\s*[？?。.!！~～]*"
    r"(?:[，,]?\s*(?:太|好|真)[^，,。]{1,4}了[。.!！~～]*)?$"
)
_REPROACH = re.compile(
    r"\s*[，,。.！!]+\s*(?:你)?(?:怎么)?(?:又|老是|总是)(?:写错|搞错|弄错|记错|说错|搞混|忘)了?"
    r"(?:[^，,。.！!？?]{0,6})[。.!！~～]*$"
)


def without_frame(body: str) -> str:
    """``body`` without a wish, plea or reproach around its rule: what an entry says. Matching
    keeps the whole utterance (review15b: stripped briefs stopped repeats from merging)."""
    wish = _WISH.match(body)
    if wish:
        body = wish.group("rule")
    return _REPROACH.sub("", _PLEA.sub("", body))
