"""Whether two statements on the same things say opposite things (an adversarial test on main
a26db7f): the word overlap and the sentence cosine both measure what a statement is about, not
which way it goes, so "我喜欢早上开会" and "I prefer meetings in the afternoon" (早上/afternoon
0.73 as words), "我喜欢用同步代码" / "I prefer async code" or "部署在周五" / "Never deploy on
Friday" merged into one candidate, and an opposite preference strengthened the existing entry.

Three checks, each cheap and each decided before any similarity counts (``known.same``,
``pool._scores``):

* **Antonym poles.** ``ANTONYMS`` is a small table of opposite groups, each word listed in both
  languages (早上/morning against 下午/afternoon, 同步/sync against 异步/async, 开启/turn on
  against 关闭/off, 长/long against 短/short, 详细/detailed against 简短/brief, 深色/dark
  against 浅色/light, 大/big against 小/small, 多/more against 少/less, 大写/upper case against
  小写/lower case). "on" counts only after
  turn/switch/keep (alone it is mostly a preposition); a verb the segmenter keeps on a pole
  (写长, 调大) is cut off. Two statements clash when both name a group and share none of its
  poles. Only what a statement affirms counts ("用空格缩进，不要用制表符" says spaces, so it
  clashes with "I prefer tabs" and matches "I prefer spaces over tabs"). The table also holds
  groups of values a Chinese statement names without a Latin name for ``known.contradicts`` to
  compare (a tester's round on main 6d8af3a: "回复用中文" then "回复用英文" was counted as a
  repeat): languages (中文/Chinese, 英文/English, 日文/Japanese…), weekdays (周一…周日 /
  Monday…Sunday), tabs against spaces, and counts from two to ten (两个/2/two, 四个/4/four).
  Round 39 added the opposites of everyday engineering an adversarial round found merged (sort
  order, rounding, intranet/public, horizontal/vertical, soft/hard delete, full/incremental,
  real-time/offline, expanded/collapsed, left/right, top/bottom, raise/lower, strict/lenient,
  manual/automatic, serial/parallel, plaintext/encrypted, static/dynamic, singular/plural,
  allow/deny lists, upgrade/roll back, ask first/act freely, include/exclude, required/optional,
  read-only/read-write, primary/replica). A word outside the table is not seen: the table is
  the limit of this check.
* **Negation on one side.** The words after a negation (不/别/没/无/非/不要/不加/避免,
  not/no/never/without/don't/avoid/instead of/rather than, and "over" or "than" after
  prefer/rather: "prefer spaces over tabs" turns tabs down) up to the end of the clause are
  negated. A statement that
  negates a word the other affirms (the same word or a CC-CEDICT translation), while the other
  negates none of those words, clashes: "回复里加 emoji" / "replies without emoji" does,
  "注释用中文写，别用英文" / "I prefer Chinese comments" does not (English is said by one only),
  nor "日志别打印密码" / "Never log passwords" (both negate passwords). When both negate
  something, they clash only when each turns down what the other keeps ("用 pnpm，不用 npm" /
  "用 npm，不用 pnpm"), not "周五下午不发版" / "no releases on Friday afternoons".
* **Order.** "先写代码再写测试" against "tests before code": what comes first in one comes second
  in the other (先…再/然后/后, X 后再 Y, X before Y, Y after X, X first then Y).

``word_poles`` also serves ``bilingual.overlaps``: a word is never aligned to another through the
word embedding when the two (or their CC-CEDICT translations) sit on different poles of a group.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from collections.abc import Set as AbstractSet
from functools import lru_cache

from memstrata.text.rule_words import ASKED
from memstrata.text.tokenize import CJK_RUN, tokens

# group -> poles -> words (Chinese words as the segmenter cuts them, English lower-cased).
ANTONYMS: dict[str, tuple[frozenset[str], ...]] = {
    group: tuple(frozenset(pole.split()) for pole in poles)
    for group, poles in {
        "time of day": (
            "早 早上 早晨 上午 清晨 早点 提前 morning mornings early earlier am",
            "晚 晚上 下午 傍晚 晚点 推迟 afternoon afternoons evening evenings night late later pm",
        ),
        "sync": ("同步 sync synchronous synchronously", "异步 async asynchronous asynchronously"),
        "switch": (
            "开 开启 打开 启用 enable enabled turned-on",
            "关 关闭 关掉 关上 停用 禁用 off disable disabled",
        ),
        "length": (
            "长 长篇 冗长 长一点 拉长 延长 加长 long longer lengthy",
            "短 简短 短小 短一点 缩短 short shorter",
        ),
        "detail": (
            "详细 详尽 啰嗦 detailed thorough verbose elaborate",
            "简短 简洁 简要 简单 简略 brief concise terse succinct",
        ),
        "shade": (
            "深 深色 暗色 黑色 dark darker",
            "浅 浅色 亮色 白色 light lighter bright",
        ),
        "size": ("大 大一点 big bigger large larger", "小 小一点 small smaller little"),
        "amount": ("多 更多 多一点 太多 more many", "少 更少 少一点 太少 less fewer few"),
        # Letter case (scenario 10: "keyword 我都写小写" on day 1, "还是全部大写好了" and
        # "upper-case keywords" after it were taken for repeats of it). "upper-case" is cut in two.
        "letter case": (
            "大写 全大写 大写字母 uppercase upper caps capitalized capitalised",
            "小写 全小写 小写字母 lowercase lower lowercased",
        ),
        # Parallel environments, not a change of value (so not a value group): "生产数据库只读"
        # and "测试数据库可以随便写" are two rules, "staging 在 X" and "prod 在 Y" two facts.
        "environment": (
            "生产 线上 正式环境 生产环境 生产库 prod production",
            # 测试环境 is what most teams call their staging: one pole. A bare 测试 / test is
            # mostly the tests ("上线前必须跑测试"): only as an environment (_TEST_ENV) is it one.
            "env-test 测试环境 预发 预发布 staging",
            "开发环境 本地 dev development",
        ),
        # Before or after an event ("部署前必须跑测试" / "部署后必须跑冒烟测试"): two rules. Chinese
        # only (_MOMENT); English "before / after" is the order check's.
        "moment": ("moment-before", "moment-after"),
        # The opposites of everyday engineering (round 39): an adversarial round found
        # "列表默认按创建时间升序" / "…降序" and "数值计算向上取整" / "…向下取整" merged on their shared
        # frame (cosine 0.7-0.86), and a merged opposite loses the newer rule. Words as the
        # segmenter cuts them, not single characters (左 / 上 are in too many other words; 软 is
        # what is left of 做软删除); English words as ``_words`` reads them (real-time and sign-off
        # are two words each), only where a word is unambiguous on its own (not "left", "right",
        # "live", "batch", "full", "lower").
        "sort order": (
            "升序 正序 从小到大 从旧到新 从早到晚 ascending asc oldest",
            "降序 倒序 逆序 从大到小 从新到旧 从晚到早 descending desc newest",
        ),
        "rounding": ("向上取整 向上 上取整 ceil ceiling", "向下取整 向下 下取整 floor"),
        "network reach": (
            "内网 私网 私有 私有源 私有化 私有云 intranet private",
            "公网 外网 公开 公共 公有 公有云 public",
        ),
        "scaling": (
            "横向 横向扩展 水平扩展 horizontal horizontally",
            "纵向 纵向扩展 垂直扩展 vertical vertically",
        ),
        "deletion": (
            "软删除 软删 软 逻辑删除 标记删除 soft",
            "物理删除 硬删除 硬删 物理 彻底删除 physically permanently",
        ),
        "load": ("全量 全量同步 全量导入", "增量 增量同步 增量导入 incremental incrementally"),
        "freshness": (
            "实时 准实时 realtime streaming",
            "离线 隔天 次日 offline nightly",
        ),
        "folding": (
            "展开 expanded expand unfold unfolded",
            "折叠 收起 收起来 collapsed collapse folded",
        ),
        "side": (
            "左边 左侧 左下 左下角 左上 左上角 靠左 居左 左对齐",
            "右边 右侧 右下 右下角 右上 右上角 靠右 居右 右对齐",
        ),
        "end": ("顶部 顶端 上方 置顶 top", "底部 底端 下方 置底 bottom"),
        "level": (
            "调高 提高 升高 上调 加大 调大 拉高 往上调 raise increase",
            "调低 降低 下调 减小 调小 拉低 往下调 reduce decrease",
        ),
        "inclusion": (
            "算进去 算上 计入 纳入 包含 include included including",
            "剔掉 剔除 排除 exclude excluded excluding",
        ),
        "strictness": (
            "严格 从严 严一点 strict stricter strictly",
            "宽松 放宽 松一点 lenient looser relaxed",
        ),
        "automation": (
            "自动 自动化 auto automatic automatically",
            "手动 手工 人工 manual manually",
        ),
        "concurrency": (
            "串行 依次 serial serially sequential sequentially",
            "并行 并发 parallel concurrently concurrent",
        ),
        "encryption": ("明文 plaintext cleartext unencrypted", "密文 加密 encrypted"),
        "obligation": ("必填 必选 必传 required mandatory", "选填 可选 非必填 optional"),
        "access": ("只读 readonly", "读写 可写 writable"),
        "replication": ("主库 主节点", "从库 从节点 只读副本 replica replicas"),
        "dynamism": ("静态 static statically", "动态 dynamic dynamically"),
        "grammatical number": ("单数 singular", "复数 plural"),
        "listing": ("白名单 allowlist whitelist", "黑名单 denylist blacklist blocklist"),
        "version direction": (
            "升级 升到 upgrade upgraded",
            "回退 降级 退回 downgrade downgraded rollback",
        ),
        # Acting only when allowed against acting freely: "I'd rather you ask before running
        # anything destructive" / "just go ahead …, no need to check with me" (round 38's
        # adversarial set). A negated side ("不用问我") names what it turns down, not a pole.
        "permission": (
            "请示 审批 批准 问我 先问 ask approval approve permission wait",
            "自行 yourself whenever freely",
        ),
        # Values rather than opposites, but alike for this check: a statement names one of
        # them, and a statement in the same frame naming another one says something else
        # ("回复用中文" / "回复用英文": no Latin name for known.contradicts to compare).
        "language": (
            "中文 汉语 普通话 简体中文 chinese mandarin",
            "英文 英语 english",
            "日文 日语 japanese",
            "韩文 韩语 korean",
            "法文 法语 french",
            "德文 德语 german",
        ),
        "weekday": tuple(
            f"周{zh} 星期{zh} 礼拜{zh} {en} {en}s"
            for zh, en in zip(
                "一二三四五六日",
                ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
                strict=True,
            )
        ),
        "indentation": ("tab tabs 制表符 tab键", "space spaces 空格"),
        # How names are written: "变量名用驼峰命名" / "Use snake_case for variable names" is another
        # convention, not a repeat (round 38's tuned head merged them at 0.94). 大驼峰 reads as 驼峰:
        # PascalCase is said in English.
        "naming": (
            "驼峰 camelcase camel",
            "下划线 snake snakecase 蛇形",
            "kebab kebabcase 短横线 中划线",
            "pascalcase pascal",
        ),
        # Counts from two up ("一个" and "one" are mostly articles); digits as _words finds them.
        "count": tuple(
            f"{zh}个 {digit} {en}"
            for zh, digit, en in zip(
                "两三四五六七八九十",
                range(2, 11),
                ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"],
                strict=True,
            )
        ),
    }.items()
}
# The groups whose members are values, not opposites: naming another one is a change of value
# (known.outdated), as another Latin name is ("装依赖改用 bun" after "装依赖用 pnpm").
VALUE_GROUPS = ("language", "weekday", "indentation", "naming", "count")
# every word of the value groups, for ``group_value`` (asked for every value of every pair)
_VALUE_WORDS = frozenset(
    word for group in VALUE_GROUPS for pole in ANTONYMS[group] for word in pole
)
_EN_WORD = re.compile(r"[a-z]+(?:['’][a-z]+)?")
# Negations: the Chinese ones after masking the words that merely contain the character.
_ZH_NEGATION = re.compile(
    r"不要|不用|不加|不想|不能|不许|不准|禁止|避免|从不|永不|没有|别|不|没|无|非|勿"
)
_ZH_NOT_NEGATION = re.compile(
    r"不错|不过|不同|不少|不断|不仅|不然|不但|不管|不如|无论|非常|除非|别人|别的|级别|类别|区别"
    r"|分别|特别|差别|告别|识别|并非|无法"
    # a complaint, not a wish turned down ("我真看不下去…先说结论": 下去 is no thing refused)
    r"|看不下去|看不惯|受不了|忍不了|忍不住|不得了|了不起"
    # a question's "A 不 A" asks, it turns nothing down ("回复能不能精简点": learning_sim11 read
    # "精简" and all that followed as refused)
    r"|能不能|可不可以|要不要|是不是|会不会|有没有|行不行|好不好|对不对|用不用|该不该"
)
# "can't" turns something down only when it is said to the agent or the team ("you can't use
# npm here"); "Tomasz can't read the Chinese ones", "I can't even add testers myself" say what
# someone is unable to do, a reason, not the opposite of a preference (learning_sim3).
_EN_NEGATION = re.compile(
    r"\b(?:not|no|never|without|avoid|nor|don['’]?t|do not|doesn['’]?t|shouldn['’]?t|"
    r"(?:you|we) (?:can['’]?t|cannot)|won['’]?t|isn['’]?t|aren['’]?t|rather than|instead of)\b",
    re.IGNORECASE,
)
# Two negations make a requirement: "nothing gets merged without a +1 from him", "没 approve
# 不许合" say what must be there (what the clause holds), and turn down no act: only on a
# condition (learning_sim7's approval rule said a third time was read as the opposite of the
# first two).
_REQUIREMENT = re.compile(
    r"\b(?:nothing|nobody|no one|never|no|not|don['’]?t|can['’]?t|cannot)\b[^,.;!?]*?"
    r"\bwithout\b(?P<en>.+)"
    # (not a relative clause: "还没上线的东西不要预告" turns down announcing)
    r"|(?:(?:没有|没)(?P<zh>[^，。；！？的]{1,12}?)(?:不要|别)"
    r"|(?:没有|没|不(?![过错同少断仅然但管如]))(?P<zh_strict>[^，。；！？的]{1,12}?))"
    r"不(?:能|许|准|让|可以)",
    re.IGNORECASE,
)
# A complaint names what the user does not want without a negation: "whole file pasted back
# again 😑", "class components again 🙄", "又写中文注释了". Such a clause is what is turned down,
# as "别每次把整个文件甩回来" says with one (learning_sim3: read after its first, blind run).
_COMPLAINT = re.compile(r"\bagain\b|(?<![一])又(?!一次|来|好)|[😑🙄😩😤😒🤦]", re.IGNORECASE)
# "又没大写了", "又忘了加 order_date": a complaint that something was left out again wants it done
# (scenario 10's third "upper-case keywords" was taken for the opposite of the first two).
_LEFT_OUT_AGAIN = re.compile(r"又(?:没有|没|不|忘了|忘记|忘)")
# Having to make up for something oneself, or being fed up with it ("每次还得自己 +8 心算", "烦死了"):
# a grumble about what the clause before it describes, which is turned down as a complaint is.
_GRUMBLE = re.compile(
    r"(?:每次|还)(?:都|还)?得自己|烦死|好烦|真烦|受不了|忍不了|看不惯|没人看得惯|看不下去|心算"
)
# A clause that says what comes next if the rule is not kept ("不然每次还得自己回滚"): no grumble.
_CONSEQUENCE = re.compile(r"^\s*(?:不然|否则|要不然|要不|免得|以免)")
# What is so, not what to do ("log 里的时间戳全是 UTC"): what a grumble after it turns down.
_STATUS_QUO = re.compile(r"全是|都是|一直是|全都是|默认是|默认都是|还是")
_RULE_IN_CLAUSE = re.compile(
    r"必须|统一|一律|应该|只能|只用|以后|(?<![不没])用|改成|换成|都要|记得"
)


# A clause after the rule that finds fault with what it names ("spaces please, tabs render weird",
# "以后都转 WebP 吧，PNG 太大了"): what it names is turned down, not affirmed (writer 13's "use tabs"
# / "spaces …, tabs render weird" merged as a repeat).
_FAULT = re.compile(
    r"太(?:大|慢|贵|重|丑|乱|长|吵|卡|难用|坑|麻烦)了|很(?:怪|丑|乱|卡|难用)|不好用|老是(?:挂|崩|超时|出错|报错)"
    r"|\b(?:renders?|looks?|is|are)\s+(?:so\s+)?(?:weird|ugly|broken|awful|terrible|horrible)\b"
    r"|\bsucks\b|\bis a pain\b",
    re.IGNORECASE,
)


def _faults(clause: str) -> bool:
    return _only_complains(_FAULT, clause)


def _grumbles(clause: str) -> bool:
    return _only_complains(_GRUMBLE, clause)


def _only_complains(pattern: re.Pattern[str], clause: str) -> bool:
    """Whether a clause after the first only grumbles or finds fault (review27: not a
    consequence of breaking the rule, nor a rule of its own)."""
    return bool(
        pattern.search(clause)
        and not _CONSEQUENCE.match(clause)
        and not _RULE_IN_CLAUSE.search(clause)
    )


# "prefer spaces over tabs", "rather use async than callbacks": what comes after "over" or
# "than" is the value turned down ("over SSH" without a preference before it is a preposition).
_OVER = re.compile(
    r"\b(?:prefer|prefers|preferred|favou?r|choose|pick)\b.*?\b(?P<over>over)\b"
    r"|\brather\b.*?\b(?P<than>than)\b",
    re.IGNORECASE,
)
# "on" alone is mostly a preposition; after turn/switch/keep it is the switch's pole.
_TURNED_ON = re.compile(
    r"\b(?:turn|turned|turns|switch|switched|keep|kept|leave|left)\s+(?:\w+\s+)?on\b", re.I
)
# "X is off / disabled": X turned down without a negation word.
_SWITCHED_OFF = re.compile(
    r"(?P<what>[A-Za-z][\w.-]*)\s+(?:is|are|stays|stay|was|were)\s+"
    r"(?:(?:turned|switched|kept)\s+)?(?:off|disabled)\b",
    re.IGNORECASE,
)
# A verb the segmenter keeps on a pole word (写长, 调大, 先写, 做软删除): the pole is the rest.
_VERB_PREFIX = "写调改变再先更放做"
# A small count on its own ("4 个空格", "2 spaces"), not part of a name, version, date or time.
_COUNT = re.compile(r"(?<![A-Za-z0-9_.:/-])\d{1,2}(?![A-Za-z0-9_.:/-])")
# ASCII "." and ":" end a clause before a space or the end, or between a word and a capital or a
# Chinese character ("Use pnpm.Never npm", "用 yarn:不用 npm"); inside a host, a URL, a port or a
# table (mlflow-01.lgx.local:5000, dw.shipments_v2) they are part of the name.
_CLAUSE = re.compile(
    r"[,，。;；!！?？、：…]|[.:](?!\S)|(?<=[a-z\u4e00-\u9fff])[.:](?=[A-Z\u4e00-\u9fff])"
    r"|\.\.\.|[😑🙄😩😤😒🤦]|\bbut\b|但是|但"
    # a space between two Chinese characters: how a dictated message pauses (learning_sim11:
    # one negation turned down the whole rest of a message without punctuation)
    r"|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])"
)
# A negation's short relative clause: 没动的, 没上线的, 不用的.
_RELATIVE = re.compile(r"([\u4e00-\u9fff]{1,3})的(?=[\u4e00-\u9fff\s])")
# A question that asks for something ("能不能精简点？", "Can the SQL you write use upper-case
# keywords?", "可以用大写吗？"); any other question challenges what it names ("AsyncStorage 里存
# refresh token？", "为什么用 var？"): a complaint, no wish.
_REQUEST = re.compile(
    rf"{ASKED}|能不能|可不可以|好不好|行不行|要不要|吗\s*$|[吧呗嘛]\s*$|\bok\s*$|请"
    r"|^\W*(?:can|could|would|will|shall|may)\b|\b(?:can|could|would|will) (?:you|we|u)\b"
    r"|\bplz\b|\bhow about\b",
    re.IGNORECASE,
)
# A dash between words (a long option's "--" and a name's "-" join words and stay).
_DASH = re.compile(r"[—–]|(?<=\s)-(?=\s)")
_ORDER = (
    (re.compile(r"先(.+?)(?:再|然后|之后|后)(.+)"), False),
    (re.compile(r"(.+?)(?:之后|后)再(.+)"), False),
    (re.compile(r"(.+?)\bbefore\b(.+)", re.IGNORECASE), False),
    (re.compile(r"(.+?)\bfirst\b.*?\bthen\b(.+)", re.IGNORECASE), False),
    (re.compile(r"(.+?)\bafter\b(.+)", re.IGNORECASE), True),
)


# 测试 / test as a place, not the tests: 测试库, 测试数据库, 测试服, "the test database".
_TEST_ENV = re.compile(
    r"测试(?=环境|库|数据库|服|集群|机|站|账号)"
    r"|\btest(?:ing)?[ -](?:env|environment|db|database|cluster|server|account)s?\b",
    re.IGNORECASE,
)


# 前 / 后 right after an event word: "部署前", "上线之前", "部署以后", "重启后". Not the words that
# merely hold the character (以后 / 之后 alone = from now on / then, 然后, 最后, 目前, 当前,
# 提前, 前端, 后台, 前提, 后续 …; "我们以后" is from now on too), and not an order ("写完代码后再
# 写测试": _ORDER compares what comes first). 前提交 / 后进行 are "before submitting" / "after
# doing": 前提 and 后进 alone are other words.
_NOT_AFTER = "端台面缀者天年景途来续果悔门期勤代辈往"
_MOMENT = re.compile(
    r"(?:(?<=[\u4e00-\u9fff])(?<![然最此其而今日往向稍随落先背饭午当目提事从以之])"
    r"|(?<=[\u4e00-\u9fff])(?<![我你他她们家天])[之以])"
    rf"(?P<side>前|后)(?![{_NOT_AFTER}]|提(?!交|醒)|进(?!行))"
    # "部署完必须跑测试": done with the event is after it (not 完成, 完全, 完整, 完了 …)
    r"|(?<=[\u4e00-\u9fff])完(?![成全整美善毕蛋了])(?!之?后|以后)"
)


def _moments(text: str) -> list[str]:
    if any(pattern.search(text) for pattern, _reverse in _ORDER):
        return []
    return [
        "moment-before" if m.group("side") == "前" else "moment-after"  # side None: 完
        for m in _MOMENT.finditer(text)
    ]


# The heartbeat compares every pending signal with every candidate and entry (quadratic): the
# per-text readings below are kept for the process, or one heartbeat over 130 signals spent 45 s
# re-reading the same texts.
_TEXTS = 8192


# Words the segmenter cuts so that a pole stands alone though nothing is said of size: "小作文"
# (a long rant: "每次一大段小作文" against "一大段铺垫" read small against big, learning_sim11).
_NO_POLE = re.compile(r"小作文")


@lru_cache(maxsize=_TEXTS)
def _words(text: str) -> tuple[str, ...]:
    """Segmented Chinese words and lower-cased English words (negations such as don't whole)."""
    found: list[str] = []
    for token in tokens(_NO_POLE.sub(" ", text), for_query=True):
        if CJK_RUN.fullmatch(token):
            found.append(token)
    found += _EN_WORD.findall(text.lower())
    found += _COUNT.findall(text)
    if _TURNED_ON.search(text):
        found.append("turned-on")
    if _TEST_ENV.search(text):
        found.append("env-test")
    return (*found, *_moments(text))


# word -> the (group, pole) pairs it names: looked up per word, not per group (ANTONYMS grew to
# 40 groups in round 39, and every word of every pair the heartbeat compares is looked up).
def _poles_by_word() -> dict[str, list[tuple[str, int]]]:
    found: dict[str, list[tuple[str, int]]] = {}
    for group, poles in ANTONYMS.items():
        for index, pole in enumerate(poles):
            for word in pole:
                found.setdefault(word, []).append((group, index))
    return found


_POLES_OF = _poles_by_word()


def word_poles(words: Iterable[str]) -> dict[str, set[int]]:
    """For each antonym group some of ``words`` name: the indexes of the poles they name."""
    found: dict[str, set[int]] = {}
    for word in words:
        candidates = [word]
        if CJK_RUN.fullmatch(word) and len(word) > 1 and word[0] in _VERB_PREFIX:
            candidates.append(word[1:])
        for candidate in candidates:
            for group, index in _POLES_OF.get(candidate, ()):
                found.setdefault(group, set()).add(index)
    return found


def poles_differ(
    first: Mapping[str, AbstractSet[int]], second: Mapping[str, AbstractSet[int]]
) -> bool:
    """Both name a group and share none of its poles."""
    return any(group in second and not (poles & second[group]) for group, poles in first.items())


@lru_cache(maxsize=_TEXTS)
def _parts(text: str) -> tuple[str, str, str]:
    """What ``text`` affirms, what it negates (from a negation to the end of its clause) and
    what it complains about (a clause of "…again 😑" / "又…了"), each clause ending in "，"."""
    affirmed: list[str] = []
    negated: list[str] = []
    complained: list[str] = []
    for clause, asked in _clauses(text):
        if not clause or not clause.strip():
            continue
        if _LEFT_OUT_AGAIN.search(clause):
            affirmed.append(_LEFT_OUT_AGAIN.sub(" ", clause))
            negated.append("")
            continue
        if required := _REQUIREMENT.search(clause):
            affirmed.append(next(part for part in required.groups() if part))
            negated.append("")
            continue
        masked = _ZH_NOT_NEGATION.sub(lambda m: "\0" * len(m.group(0)), clause)
        hits = [
            (m.start(), m.end())
            for m in (_ZH_NEGATION.search(masked), _EN_NEGATION.search(masked))
            if m
        ]
        if over := _OVER.search(masked):
            word = "over" if over.group("over") else "than"
            hits.append((over.start(word), over.end(word)))
        off = None if hits else _SWITCHED_OFF.search(masked)
        if off:  # "auto-sync is off": what is switched off is turned down, as "没开 auto-sync"
            affirmed.append(clause)  # and "off" stays a value ("the flag is on" / "… is off")
            negated.append(off.group("what"))
            continue
        if not hits and (_COMPLAINT.search(clause) or (asked and not _REQUEST.search(clause))):
            complained.append(clause)
            continue
        if affirmed and _faults(clause):
            complained.append(clause)
            continue
        if affirmed and _grumbles(clause):  # its negation is the grumble's own ("没人看得惯")
            # "时间戳全是 UTC，每次还得自己 +8 心算": the grumble is about what the clause before it
            # says is so, not about a rule said there ("代码注释用英文写，每次还得自己翻译…")
            if _STATUS_QUO.search(affirmed[-1]) and not negated[-1].strip():
                complained.append(affirmed.pop())
                negated.pop()
            complained.append(clause)
            continue
        start, end = min(hits, default=(len(clause), len(clause)))
        # a negation ends at a dash: "AsyncStorage isn't where tokens go — react-native-keychain"
        # turns down no keychain (what follows says what holds instead)
        negation, *instead = _DASH.split(clause[end:], maxsplit=1)
        # …and at the 的 of a short relative clause: "上游没动的就读 prod 的" turns down 动, not
        # reading prod
        if relative := _RELATIVE.match(negation):
            negation, instead = relative.group(1), [negation[relative.end() :], *instead]
        affirmed.append(" ".join([clause[:start], *instead]))
        negated.append(negation)
    return "，".join(affirmed), "，".join(negated), "，".join(complained)


def _clauses(text: str) -> list[tuple[str, bool]]:
    """The clauses of ``text`` (``_CLAUSE``), each with whether a question mark ends it."""
    found: list[tuple[str, bool]] = []
    start = 0
    for stop in _CLAUSE.finditer(text):
        found.append((text[start : stop.start()], stop.group(0) in "?？"))
        start = stop.end()
    found.append((text[start:], False))
    return found


def complains(text: str) -> bool:
    """Whether ``text`` complains (又, again, a sulking face): what it names, it turns down."""
    return _COMPLAINT.search(text) is not None


def turns_down(text: str) -> bool:
    """Whether ``text`` turns something down (a negation, or "X is off")."""
    return bool(negated(text).strip("，, "))


def affirmed(text: str) -> str:
    """What ``text`` affirms: its clauses up to a negation, without complaints."""
    return _parts(text)[0]


def negated(text: str) -> str:
    """What ``text`` turns down: its clauses from a negation on ("别用 KEYS", "not npm")."""
    return _parts(text)[1]


def complained(text: str) -> str:
    """What ``text`` complains about: its clauses of "…again 😑" / "又…了"."""
    return _parts(text)[2]


def _split_negated(text: str) -> tuple[list[str], list[str], list[str]]:
    """The content words ``text`` affirms, negates (not those said in passing: ``_in_passing``)
    and complains about."""
    from memstrata.evolve.bilingual import content_words

    affirmed, negated, complained = _parts(text)
    turned_down = [
        word
        for clause in negated.split("，")
        for place, word in enumerate(content_words(clause))
        if not _in_passing(word, place) and word not in _DEGREE
    ]
    return content_words(affirmed), list(dict.fromkeys(turned_down)), content_words(complained)


# A single Chinese character in a negated clause is what is turned down when it comes first
# ("别推", "旧日志别删") or is a pole of ANTONYMS (长, 早, 多…); later in the clause it is a verb
# or a measure said in passing: "这代码不是给我一个人看的" turned down 看 against "外包同学也要
# 看这块" and split one preference in three (a blind scenario, issue 11 round 20).
_POLE_WORDS = frozenset(_POLES_OF)


# How much, not what: "别太简略" and "别太详细" turn down 简略 and 详细, not a shared 太 (review35: the
# two opposite preferences were one candidate, each turning down "太" as the other did).
_DEGREE = frozenset({"太", "很", "更", "最", "过于", "那么", "这么", "too", "very", "so"})


def _in_passing(word: str, place: int) -> bool:
    single = len(word) == 1 and CJK_RUN.fullmatch(word) is not None
    return place > 0 and single and word not in _POLE_WORDS


def _negation_clash(first: str, second: str) -> bool:
    """One side turns down what the other affirms, and the other turns none of it down. A
    complaint turns something down too, but only to answer a negation ("别每次把整个文件甩回来"
    / "whole file pasted back again 😑"): alone it is too weak a cue to call two statements
    opposite ("inline style 看着好累" / "again with the inline styles 😩")."""
    from memstrata.evolve.bilingual import dictionary_keys

    mine_yes, mine_no, mine_gripe = _split_negated(first)
    theirs_yes, theirs_no, theirs_gripe = _split_negated(second)
    if not mine_no and not theirs_no:
        return False
    keys = dictionary_keys(
        list(
            dict.fromkeys(
                [*mine_yes, *mine_no, *mine_gripe, *theirs_yes, *theirs_no, *theirs_gripe]
            )
        )
    )

    def meets(words: list[str], others: list[str]) -> bool:
        return any(keys[a] & keys[b] for a in words for b in others)

    def one_sided(no: list[str], yes: list[str], other_no: list[str]) -> bool:
        return meets(no, yes) and not meets(no, other_no)

    if _names_both(first, second, mine_no, theirs_no):
        return False
    if bool(mine_no) != bool(theirs_no) and _keeps_the_choice(first, second, mine_no, meets):
        return False
    if mine_no and theirs_no:
        # Both turn something down: opposite only when each turns down what the other keeps
        # ("用 pnpm，不用 npm" / "用 npm，不用 pnpm"). One-sided, it was mostly a topic said
        # before the negation in one language and inside it in the other ("周五下午不发版" / "no
        # releases on Friday afternoons"): 13-23 % of five blind writers' restatements.
        # (Both turning down the same thing agree: "staging 是 pg-stg-02，不是 pg-stg-01" twice.)
        return (
            meets(mine_no, theirs_yes)
            and meets(theirs_no, mine_yes)
            and not meets(mine_no, theirs_no)
        )
    return one_sided(mine_no, theirs_yes, theirs_no + theirs_gripe) or one_sided(
        theirs_no, mine_yes, mine_no + mine_gripe
    )


def _names_both(first: str, second: str, mine_no: list[str], theirs_no: list[str]) -> bool:
    """One side says "X, not Y" and the other, negating nothing, names both X and Y ("监控推到
    VictoriaMetrics，不是 Prometheus" / "又写成 Prometheus 了，我们用的是 VictoriaMetrics"): a
    complaint about the same mistake, not the opposite preference. (Both negating, "用 pnpm，不用
    npm" / "用 npm，不用 pnpm", is still a clash.)"""
    from memstrata.evolve.known import values

    if bool(mine_no) == bool(theirs_no):
        return False
    shared = values(first) & values(second)
    return len(shared) >= 2 and any(word in shared for word in (*mine_no, *theirs_no))


def _keeps_the_choice(
    first: str, second: str, mine_no: list[str], meets: Callable[[list[str], list[str]], bool]
) -> bool:
    """One side says "X, not Y" and the other, negating nothing, asks for only X and names Y
    beside it ("别每次把整个文件甩回来，给个 diff 就够" / "改完只回 diff，整文件我本地有"): the same
    choice, Y said as what is not needed. ("还是用 npm 吧" against "用 pnpm，不用 npm" asks for npm.)"""
    from memstrata.evolve.known import values

    no_side, only_side = (first, second) if mine_no else (second, first)
    turned_down = _split_negated(no_side)[1]
    chosen = values(affirmed(no_side)) & values(only_side)
    return any(
        re.search(rf"{_ONLY}[^，,。.;；]{{0,6}}?{re.escape(value)}", only_side, re.IGNORECASE)
        for value in chosen
    ) and meets(turned_down, _split_negated(only_side)[0])


# "only X": what a request keeps, all else left out.
_ONLY = r"(?:只|仅|净系|淨係|\bonly\b|\bjust\b)"


def _order(text: str) -> tuple[list[str], list[str]] | None:
    from memstrata.evolve.bilingual import content_words

    for pattern, reverse in _ORDER:
        match = pattern.search(text)
        if match:
            before, after = content_words(match.group(1)), content_words(match.group(2))
            if before and after:
                return (after, before) if reverse else (before, after)
    return None


def _order_clash(first: str, second: str) -> bool:
    from memstrata.evolve.bilingual import dictionary_keys

    mine, theirs = _order(first), _order(second)
    if mine is None or theirs is None:
        return False
    keys = dictionary_keys(list(dict.fromkeys([*mine[0], *mine[1], *theirs[0], *theirs[1]])))

    def meets(words: list[str], others: list[str]) -> bool:
        return any(keys[a] & keys[b] for a in words for b in others)

    swapped = meets(mine[0], theirs[1]) and meets(mine[1], theirs[0])
    return swapped and not meets(mine[0], theirs[0])


def opposed(first: str, second: str) -> bool:
    """Whether ``first`` and ``second`` go opposite ways (see the module docstring)."""
    # the poles each affirms: "用空格缩进，不要用制表符" names both, and says spaces
    if poles_differ(word_poles(_words(_parts(first)[0])), word_poles(_words(_parts(second)[0]))):
        return True
    return _negation_clash(first, second) or _order_clash(first, second)


def group_value(word: str) -> bool:
    """Whether ``word`` is a member of a value group (English, 周五, tabs): such values are
    compared by ``values_differ``, pole by pole and across languages, not as names. A number is
    a value of its own ("规则 3" / "规则 0"), whatever the count group holds."""
    return not word.isdigit() and word.lower() in _VALUE_WORDS


@lru_cache(maxsize=_TEXTS)
def _value_poles(text: str) -> Mapping[str, frozenset[int]]:
    poles = word_poles(_words(_parts(text)[0]))
    return {group: frozenset(found) for group, found in poles.items() if group in VALUE_GROUPS}


def values_differ(first: str, second: str) -> bool:
    """Whether both affirm a value of one value group and share none ("回复用中文" /
    "回复现在改用英文了"): the same frame with another value."""
    return poles_differ(_value_poles(first), _value_poles(second))


def names_a_naming_style(text: str) -> bool:
    """Whether ``text`` names a way of writing names (驼峰, snake_case, kebab-case …)."""
    return "naming" in word_poles(_words(text))


def without_values(text: str) -> str:
    """``text`` without the words of the value groups (what is left is its frame)."""
    for word in set(_words(text)):
        if any(word in pole for group in VALUE_GROUPS for pole in ANTONYMS[group]):
            text = re.sub(
                rf"\b{re.escape(word)}\b" if word.isascii() else re.escape(word), " ", text
            )
    return text
