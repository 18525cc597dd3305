"""Whether two statements that name different values say the subject changed, or say the same
thing with other details.

A user repeats themselves with other incidental details ("App Store Connect 的权限在 Ethan 手上"
/ "TestFlight 加外部测试员还是得找 Ethan，ASC 就他一个 admin"): a repeat, to be counted on the
entry. And a user announces a change, often naming the old value too ("MinIO 控制台端口是 9090，
别再敲 9001 了", "order-service 现在归 Sophie 管了，Leo 调去做 infra 了"): never a repeat, or the
update is lost. Names alone cannot tell the two apart; three cues can:

* **a change announced**: a change word (改成 / 换 / 搬到 / 现在 / 不再 / now / moved to /
  no longer / swapped …) in a statement that names a value the other does not;
* **the same slot filled differently**: both fill the same slot (用/use, 是/is, 在/in, owns, a
  person after 归/找/by or before owns/handles, prefer) with values the other does not say ("For
  diagrams I prefer Mermaid" / "I prefer PlantUML", "负责人是张伟" / "负责人现在是李娜");
* **one value against one value of the same shape** (pg-test-01 / pg-test-04, 14 / 30 days):
  a swap. Any other difference beside a shared name is a detail.

Measured on ``benchmarks/data/merging_details.py`` (40 restatements with other details, 40
changes, written blind and then used to build these rules: a development set): restatements
merged 7 -> 22 of 40, changes merged 10 -> 3 of 40 (16 of 40 restatements once
``known.more_than_names`` keeps different facts that share a name apart).
"""

from __future__ import annotations

import re
from functools import lru_cache

from memstrata.evolve.polarity import affirmed, group_value, without_values
from memstrata.text.zh_numbers import in_digits, number_text

_CHANGE = re.compile(
    r"改为|改成|改用|改到|(?<![交转切])换(?!行)|迁移到|迁到|搬到|挪到|转到|切到|切换到|切成|调去|调到|已停用|停用了"
    r"|不再|别再|不要再|取消了|现在|如今|已经改|更新为|升到|升级到|降级到|降到|不管(?:这块|这个|这事)?了|不负责了|离职|没续|下线了|废弃"
    r"|\bno longer\b|\b(?:changed|switched|moved|migrated|upgraded|downgraded|bumped)"
    r" (?:to|from|back|over)\b|\breplaced (?:by|with)\b|\binstead\b|\bnow\b|\bdeprecated\b"
    r"|\bleft (?:in|for|the company|us)\b|\bcancel+ed\b|\bany ?more\b|\btakes? over\b|\btook over\b"
    r"|\bhanded (?:over|off)\b|\brenamed\b|改名|更名|\bswapped\b|\bswitched\b|\bthese days\b|\bnowadays\b",
    re.IGNORECASE,
)
# A change back: what the other statement moved away from is used again ("bun 现在换回 pnpm 了";
# not "fall back to A100 when…" nor a deploy's "回滚到上一个 release": review24).
_REVERT = re.compile(
    r"换回|改回|切回|退回|用回|迁回|改名回|又换成|又改成|又切到|又用上|回到|恢复用"
    r"|\b(?:switched|moved|went|changed|going|go|reverted|rolled)\s+back\s+to\b|\breverted to\b",
    re.IGNORECASE,
)
# …not when it is turned down ("别再切回 npm 了").
_TURNED_DOWN_BEFORE = re.compile(r"(?:别|不要|不用|不许|禁止|don'?t|never)\s*(?:再)?\s*$", re.I)
# Leaving something: said after it in its clause ("text2vec 不用了", "Sentinel 已经下线了").
_LEAVES = re.compile(
    r"换成|改成|改用|换用|迁到|迁移到|切到|切换到|下线|停用|不用了|弃用|废弃|淘汰|下掉|退役"
    r"|\b(?:replaced (?:by|with)|moved to|migrated to|switched to|deprecated|no longer|retired"
    r"|decommissioned)\b",
    re.IGNORECASE,
)
# A move said with both ends ("从 Jenkins 迁到 GitHub Actions", "moved CI from Jenkins to …").
_ARTICLES = r"(?:(?:the|a|an|old|new|our)\s+)*"
_FROM_TO = re.compile(
    r"从\s*(?P<zh_from>[A-Za-z0-9][\w.+#/-]*)[^，,。；;从]*?"
    r"(?:迁到|迁移到|换成|换到|改成|改为|改到|切到|切换到|升到|升级到|降到|搬到|提到|调到|加到)\s*"
    r"(?P<zh_to>[A-Za-z0-9][\w.+#/-]*)"
    r"|\b(?:moved|migrated|switched|changed|went|move|migrate|switch|moving|migrating|switching)\b"
    rf"[^,.;]*?\bfrom\s+{_ARTICLES}(?P<en_from>[A-Za-z0-9][\w.+#/-]*)[^,.;]*?"
    rf"\bto\s+{_ARTICLES}(?P<en_to>[A-Za-z0-9][\w.+#/-]*)"
    # "we replaced flake8 with ruff", "swapped redis for valkey" (review28: merged as repeats)
    rf"|\b(?:replaced|replace|replacing|swapped|swap|swapping)\s+{_ARTICLES}"
    rf"(?P<swap_from>[A-Za-z0-9][\w.+#/-]*)\s+(?:with|for|by)\s+{_ARTICLES}"
    r"(?P<swap_to>[A-Za-z0-9][\w.+#/-]*)",
    re.IGNORECASE,
)
_SLOT_CLASS = {
    word: slot
    for slot, words in {
        "use": "use using uses used 用 使用 走 接的是 接",
        "be": "is are 是 就是",
        "at": "in at on 在 跑在 部署在 放在 存到 存在 放",
        "owned": "owns own owned",
        "owner": "归 找 交给 by",
        "prefer": "prefer prefers preferred 喜欢用 习惯用 喜欢 习惯",
    }.items()
    for word in words.split()
}
# Words between "is" / "use" and the value they qualify ("the default branch is still master",
# "CI is really jenkins", "the staging DB is their postgres"): the value is the word after them
# (round 40).
FILLER = (
    r"(?P<filler>(?:(?:still|really|also|already|mostly|usually|definitely|our|their|its|my|your"
    r"|his|her|own|very\s+much)\s+)*)"
)
_NO_OBJECT = frozenset(["where", "what", "when", "how", "why", "gone", "be", "been", "being"])
_POSSESSIVE = re.compile(r"\b(?:our|their|its|my|your|his|her)\b", re.IGNORECASE)
_PREPOSITION = frozenset(["in", "at", "on", "by", "with", "via", "to"])


def no_object(match: re.Match[str]) -> bool:
    """Whether the word a verb's ``match`` read names nothing: "…is where we submit from now",
    "the old box is gone", a verb in -ing after "is" (".fai and .dict are already sitting next
    to it"), or a thing after a preposition and a possessive ("I check it with my coffee")."""
    verb, word = match.group("verb").lower(), match.group("value").lower()
    return (
        word in _NO_OBJECT
        or (verb in ("is", "are", "be") and word.endswith("ing"))
        or (verb in _PREPOSITION and _POSSESSIVE.search(match.group("filler")) is not None)
    )


_EN_SLOT = re.compile(
    r"\b(?P<verb>use|using|uses|used|is|are|in|at|on|owns|own|owned|by|prefer|prefers|preferred)"
    # "is now owned by Marco": a preposition or "now" after the verb is no value of its slot
    rf"\s+(?:the\s+|a\s+)?{FILLER}"
    r"(?!(?:now|still|also|just|only|always|currently|by|to|of|for|with|from|in"
    r"|at|on)\b)(?P<value>[A-Za-z0-9][\w.+/#:-]*)",
    re.IGNORECASE,
)
_ZH_SLOT = re.compile(
    r"(喜欢用|习惯用|接的是|就是|跑在|部署在|放在|存到|存在|使用|交给|用|走|是|在|归|找|接|放|喜欢|习惯)\s*"
    r"([A-Za-z0-9][\w.+/#:-]*)"
)
# Where a name said in Chinese ends: the end of its clause, 管 / 负责, or a sentence particle
# after a two-character name, which is no third character of it ("是小鹿哈" was 小鹿哈: review29);
# after 找 / 给 / 交给 / 归 also what the person does ("找小鹿看", "给小鹿用", "给算法组用"). Not after
# 是: "全是函数组件", "是训练用的" name nobody.
_NAME_END = r"(?=\s*(?:[，,。；;！!？?]|管|负责|了|他们|那边|$)|\s+[A-Za-z])"
_PARTICLE = "哈啊呀吧呢哦啦嘛呗"
_NAME = rf"([\u4e00-\u9fff]{{2}}(?=[{_PARTICLE}])|[\u4e00-\u9fff]{{2,3}}?{_NAME_END})"
_NAME_DOING = (
    rf"([\u4e00-\u9fff]{{2}}(?=[{_PARTICLE}看跟用签审做来弄批定改修查测跑写发组开要拿问])"
    rf"|[\u4e00-\u9fff]{{2,3}}?{_NAME_END})"
)
# A person named in Chinese after 是 / 归 / 找 (or 换成 / 改成): "支付服务的负责人是张伟", "风控服务
# 现在归李娜管了", "iOS 发版现在找小周". Two or three characters only, so that "是推到…" or "找一下
# 日志" name nobody.
_ZH_PERSON = re.compile(r"(是|就是|换成|改成)\s*" + _NAME + r"|(归|找|交给)\s*" + _NAME_DOING)
# …and in English before the verb of ownership: "Sophie owns order-service", "Leo handles it".
_EN_OWNER = re.compile(
    r"\b([A-Z][a-z]{1,15})\s+(?:now\s+)?(?:owns|handles|maintains|runs|approves|manages)\b"
    # …typed in lower case ("kevin owns billing": review31), not a word that names nobody
    r"|(?<![\w.])(?!(?:it|this|that|who|which|what|nobody|everyone|everybody|someone|somebody|he"
    r"|she|they|we|you|one|each|team|also|still|now|just|only|usually|currently|and|or|but|then"
    r"|the|a|an|ci|cron)\b)([a-z][a-z]{1,15})\s+(?:now\s+)?(?:owns|handles|maintains|approves"
    r"|manages)\b"
)
_PERSON_SLOT = {
    "是": "be",
    "就是": "be",
    "归": "owner",
    "找": "owner",
    "交给": "owner",
    "换成": "be",
    "改成": "be",
}
_NOT_PERSON = re.compile(r"[的了吗呢吧啊么着过在是和与或一这那哪什怎每些个]|一下|这样|那样|多少")
# Who holds something, compared whatever verb or language names them: "code owner 是 Kevin" /
# "以后找小鹿 review", "reserved for Raj's team" / "这个月给小鹿他们组用", "值班这周是王磊" / "on-call
# this week is 阿杰" (a blind writer's changes of owner, each merged as a repeat and lost).
_ZH_HOLDER = re.compile(
    r"(?:是|就是|换成|改成)\s*" + _NAME + r"|(?:归|找|交给|给)\s*" + _NAME_DOING
)
_LATIN_HOLDER = re.compile(
    r"(?:归|找|交给|给|(?:owner|负责人|值班|on-?call)\s*(?:是|is))\s*([A-Z][a-z]{1,15})\b"
    # a handle, in any case: "ping @kevin" / "ping @tara" (not an address, a decorator or a call)
    r"|(?<![\w@.])@([A-Za-z][\w-]{1,30})\b(?![.(])"
    r"|\b(?i:for|that'?s|it'?s)\s+([A-Z][a-z]{1,15})'s\b"
    r"|\b(?:is|by|to|ask|ping)\s+([\u4e00-\u9fff]{2,3})(?=[\s,.;!)，。；！]|$)"
)
_NOT_HOLDER = re.compile(r"[我你他她它咱]")
_NO_VALUE = frozenset(
    re.findall(
        r"\w+", "a an the it this that them in at on to of for by with via from under over into"
    )
)


_GAP = r"[\s_-]+"


def said(value: str, text: str) -> bool:
    """Whether ``text`` says ``value`` as a word of its own (npm is not said by "pnpm"), or says
    the bare name a qualified value stands for: a table without its schema (shipments_v2 for
    dw.shipments_v2), a host without its domain, port or scheme (mlflow-01 or mlflow-01:5000 for
    http://mlflow-01.lgx.local:5000). Scenario 4 read such restatements as changes of value.
    Another qualifier on the same name is another value (ods.shipments_v2, redis-01.staging…)."""
    # a space, "_" or "-" in the value matches any of them ("force-push" / "force push"), but a
    # word glued to more by "_" or "-" is another name ("orders" is not said by "orders_v2")
    parts = [re.escape(part) for part in re.split(r"[\s_-]+", value.lower()) if part]
    joined = _GAP.join(parts)
    pattern = rf"(?<![a-z0-9_-]){joined}(?![a-z0-9_-])"
    if parts and re.search(pattern, text.lower()) is not None:
        return True
    return said_by_name(value, text)


def said_by_name(value: str, text: str) -> bool:
    """Whether one of ``value`` and a name in ``text`` is the other without its qualifiers (see
    ``said``): mlflow-01:5000 against http://mlflow-01.lgx.local:5000, either way round."""
    core = core_name(value)
    bare = _bare(value.lower())
    plain = "." not in bare and "/" not in bare
    port = _PORT.search(value)
    for token in _TOKEN.finditer(text.lower()):
        name = token.group(0)
        if (core is not None and _bare(name) == core) or (plain and core_name(name) == bare):
            return True
        # the same host with a port on one side only (pg-main.prod.local / …:5432); two ports
        # are two values
        theirs = _PORT.search(name)
        if _bare(name) == bare and (not port or not theirs or port.group(1) == theirs.group(1)):
            return True
    return False


_PORT = re.compile(r":(\d+)$")


# A name as written, with its qualifiers: a host, a URL, a schema.table, a port.
_TOKEN = re.compile(r"[a-z0-9][\w.:/@+-]*[a-z0-9]|[a-z0-9]")


def _bare(token: str) -> str:
    """A token without its scheme and port ("mlflow-01:5000" is mlflow-01); qualifiers stay."""
    return re.sub(r":\d+$", "", _SCHEME.sub("", token))


_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*://", re.IGNORECASE)
_DOMAIN_END = frozenset(
    [
        "local",
        "lan",
        "internal",
        "intra",
        "corp",
        "svc",
        "cluster",
        "com",
        "cn",
        "io",
        "net",
        "org",
        "dev",
        "cloud",
        "site",
    ]
)


@lru_cache(maxsize=8192)  # asked for every name of every pair the heartbeat compares
def core_name(value: str) -> str | None:
    """The name a qualified value stands for (see ``said``), when it is distinctive: with a
    digit, - or _ or 8+ letters ("mlflow" of mlflow.ml-platform.svc names the product, not the
    host); never a number, a version (my_model.v2) or a file extension, and nothing of a URL
    with a path (/v1/orders and /v2/orders are two values)."""
    schemeless = _SCHEME.sub("", value.lower()).rstrip("/")
    if "/" in schemeless:
        return None
    host = bool(schemeless != value.lower().rstrip("/") or re.search(r":\d+$", schemeless))
    bare = re.sub(r":\d+$", "", schemeless)
    labels = [label for label in bare.split(".") if label]
    if not labels:
        return None
    host = host or labels[-1] in _DOMAIN_END
    core = labels[0] if host or len(labels) == 1 else labels[-1]
    distinctive = (
        re.search(r"[a-z]", core)
        and not re.fullmatch(r"v?\d+[a-z]?", core)
        and (re.search(r"[\d_-]", core) or len(core) >= 8)
    )
    return core if distinctive and core != value.lower() else None


# Said to hold as before: "单票上限还是 2% NAV", "cap is still 2% per name".
_STILL = re.compile(r"还是|仍然|仍是|依然|依旧|照旧|\bstill\b|\bunchanged\b", re.IGNORECASE)


# What moves something to a new value besides the words of _MOVES_TO ("主库已经是 pg-02 了",
# "the broker is kafka-bj-11 now", "memory limit is 4Gi these days": review31).
_NOW_IS = re.compile(
    r"已经是|现在是|现在走|变成|升成|提到|\b(?:is|are) now\b|\bnow (?:is|are)\b|\bthese days\b"
    r"|\binstead of\b|\bbumped\b",
    re.IGNORECASE,
)


def reaffirms(text: str, other: str) -> bool:
    """Whether ``text`` says that a value ``other`` names still holds, in the clause after its
    "still" ("单票上限还是 2% NAV，现在最大的才 1.2%" / "单票仓位上限 2% NAV"): its change words
    announce no change, its other numbers are a reading beside the rule (review29: split as a
    change). Only its own change words: a limit or a host it changes is still compared. Not when
    it moves something too: "brokers moved to kafka-bj-11, still port 9092" keeps the port, not
    the host."""
    if _MOVES_TO.search(affirmed(text)) or _NOW_IS.search(text):
        return False
    return any(said(value, other) for value in still_said(text) if not group_value(value))


def still_said(text: str) -> set[str]:
    """The values ``text`` names in the clauses after its "still" words."""
    from memstrata.evolve.known import values

    found: set[str] = set()
    for match in _STILL.finditer(text):
        clause = _CLAUSE.match(text, match.end())
        found |= values(clause.group(0)) if clause else set()
    return found


def announces_change(text: str) -> bool:
    """Whether ``text`` says something changed (改用 / 现在 / no longer / moved to …)."""
    return _CHANGE.search(text) is not None


def announced(first: str, second: str, mine: set[str], theirs: set[str]) -> bool:
    """A change word in a statement that names a value the other does not say, unless both turn
    down the same value: "别再 KEYS 了…换 SCAN + COUNT" and "线上别用 KEYS，…用 SCAN 分批扫" are one
    change said twice (round 21: kept apart as a change of value, then written twice). Two
    statements that both announce a change are not taken as one on what they both name: the
    subject and the old value are said by both ("Grafana 告警现在发 Slack #sre-alerts" / "…现在改发
    Slack #sre-oncall 了，#sre-alerts 太吵", review23)."""
    if _turned_down(first) & _turned_down(second) and _moves_agree(first, second):
        return False
    if _same_move(first, second):  # the same move, one with a detail more ("别再生成 poetry.lock")
        return False
    still_first, still_second = reaffirms(first, second), reaffirms(second, first)
    first, second = _CONVERSION.sub(" ", first), _CONVERSION.sub(" ", second)
    return bool(
        (
            not still_first
            and _CHANGE.search(first)
            and any(not said(v, second) for v in mine)
            and not tells_the_news_of(first, second)
        )
        or (
            not still_second
            and _CHANGE.search(second)
            and any(not said(v, first) for v in theirs)
            and not tells_the_news_of(second, first)
        )
    )


def tells_the_news_of(text: str, other: str) -> bool:
    """Whether the name a change in ``text`` moves to is one ``other`` says: the news told again
    with other details ("下机数据换地方了 这周开始新 run 都落到 cx-fastq-2026 这个 bucket 里 按 run_id
    分目录" / "找 fastq 直接去 cx-fastq-2026 那个桶": learning_sim7 kept them apart as a change), not
    a change of what ``other`` says. Only a name that is no plain word counts (a host, a bucket, a
    version)."""
    from memstrata.evolve.known import pointed_values, values

    change = _MOVES_TO.search(text)
    if change is None:
        # a change said without a verb that moves ("raw fastq now lands in s3://cx-fastq-2026/",
        # "it's github.com/redis/go-redis/v9 now"): told again when it points at a name and the
        # other says every name it gives (a version or a port the other lacks is the news:
        # "golangci-lint v1.57 now" after "pinned to v1.55")
        return bool(pointed_values(text) - _turned_down(text)) and _says_every_name(text, other)
    # the first name after the change, in its sentence, that is not turned down: "…改成
    # svc_dw_batch 了，svc_etl 下周停用" moves to svc_dw_batch whatever else it names, "别再散落在 wiki
    # 里了，集中放到 sre-runbooks" to sre-runbooks; "别再敲 9001 了" and "is 14 now; we dropped 12"
    # name none
    sentence = _SENTENCE.match(text, change.end())
    after = sentence.group(0) if sentence else ""
    named = values(after) - _turned_down(text)
    for token in _TOKEN.finditer(after.lower()):
        name = token.group(0).rstrip(".")
        if (name in named or _bare(name) in named) and _NAMED.search(name):
            return said(name, other) and not _other_port(name, other)
    return False


def _says_every_name(text: str, other: str) -> bool:
    """Whether ``other`` says each name of ``text`` that is no plain word, with its port."""
    down = _turned_down(text)
    for token in _TOKEN.finditer(text.lower()):
        name = token.group(0).rstrip(".")
        bare = _bare(name)
        if not _NAMED.search(bare) or bare in down:
            continue
        if not said(bare, other) or _other_port(name, other):
            return False
    return True


def _other_port(name: str, text: str) -> bool:
    """Whether ``text`` names the host of ``name`` with another port (…corp.lan:4173 / …:3000)."""
    port = _PORT.search(name)
    if port is None:
        return False
    host = _bare(name)
    for token in _TOKEN.finditer(text.lower()):
        theirs = _PORT.search(token.group(0))
        if theirs and _bare(token.group(0)) == host and theirs.group(1) != port.group(1):
            return True
    return False


_NAMED = re.compile(r"\d|[.+/#_-]")
# A change word said before what it moves to (or turns down, then moves to); not one said after
# the new value ("linting is ruff now, flake8 is gone": review28's pair).
_MOVES_TO = re.compile(
    r"别再|不再|不要再|改为|改成|改用|改到|换成|换到|换用|(?<![交转切])换(?!行)|迁移到|迁到|搬到|挪到|转到|切到|切换到|切成|调到"
    r"|更新为|升到|升级到|降级到|降到|落到"
    r"|\b(?:changed|switched|moved|migrated|upgraded|downgraded|bumped) to\b|\breplaced (?:by|with)\b",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"[^。；;!！?？\n]*?(?=[。；;!！?？\n]|\.(?:\s|$)|$)")


# A conversion asked for ("贴给我的时候直接换成北京时间吧", "帮我转成表格"): how to show something,
# not news that it changed (learning_sim4 and 6 kept the local-time wish apart as a change).
_CONVERSION = re.compile(
    r"(?:直接|帮我|给我)\s*(?:换|转|换算)成\s*(?=北京时间|本地时间|东八区|(?i:utc|gmt)\s*\+|表格|中文|英文"
    r"|markdown|(?i:json|yaml|csv)\b|人话|百分比)(?![^，,。；;]*了)"
)


def changed_back(first: str, second: str) -> bool:
    """Whether one statement undoes the other: it changes back (换回 / 切回 / back to) to what
    the other moved away from ("pnpm 现在换成 bun 了" / "bun 现在换回 pnpm 了"), or moves between
    the same two things the other way ("CI 从 Jenkins 迁到 GitHub Actions" / "CI 现在从 GitHub
    Actions 换成 Jenkins 了"). Both name both values, so no value tells them apart (review23).
    Back to what the other keeps is the other said again ("你又用 npm install 了，换回 pnpm" after
    "npm 现在别用了，装依赖用 pnpm"; "改回英文吧" after "comments in English please")."""
    for text, other in ((second, first), (first, second)):
        for back in _REVERT.finditer(text):
            if _TURNED_DOWN_BEFORE.search(text[: back.start()]):
                continue
            clause = _CLAUSE.match(text, back.end())
            target = _TARGET.match(clause.group(0)) if clause else None
            if target and _moved_away_from(target.group("name"), other):
                return True
    mine, theirs = _moves(first), _moves(second)
    return any(said(a, d) and said(b, c) for a, b in mine for c, d in theirs)


def _same_move(first: str, second: str) -> bool:
    """Whether both say the same move ("从 Poetry 换成 uv 了" / "已经从 Poetry 切到 uv 了")."""
    mine, theirs = _moves(first), _moves(second)
    return any(said(a, c) and said(b, d) for a, b in mine for c, d in theirs)


# What a change back goes back to: the first name after the change word, in its clause.
_TARGET = re.compile(rf"\s*{_ARTICLES}(?P<name>[A-Za-z0-9][\w.+#/-]*)", re.IGNORECASE)


def move_ends(text: str) -> set[str]:
    """The values the moves ``text`` says start and end at ("swapped redis for valkey": redis,
    valkey), names even where an English sentence's plain words are no values."""
    return {end.rstrip(".") for move in _moves(text) for end in move}


def moves_from(value: str, text: str) -> bool:
    """Whether ``text`` says a move that starts at ``value`` ("from X to Y", "从 X 换成 Y",
    "replaced X with Y")."""
    return any(said(value, start) for start, _end in _moves(text))


def _moved_away_from(value: str, text: str) -> bool:
    """Whether ``text`` says it moved away from ``value``: the start of a move ("从 X 换成 Y",
    "from X to Y"), or said before a word of leaving in its clause ("pnpm 现在换成 bun 了",
    "Sentinel 已经下线了"); not "A100 现在只做备用"."""
    if moves_from(value, text):
        return True
    for clause in _CLAUSE.findall(text):
        leaves = _LEAVES.search(clause)
        if (
            leaves
            and said(value, clause[: leaves.start()])
            and not said(value, clause[leaves.end() :])
        ):
            return True
    return False


def _moves(text: str) -> list[tuple[str, str]]:
    """The (from, to) ends of the moves ``text`` says."""
    return [
        (
            (move.group("zh_from") or move.group("en_from") or move.group("swap_from")).lower(),
            (move.group("zh_to") or move.group("en_to") or move.group("swap_to")).lower(),
        )
        for move in _FROM_TO.finditer(text)
    ]


def _moves_agree(first: str, second: str) -> bool:
    """Whether both move to the same thing: a value both affirm beside the one both turn down
    ("用 SCAN 分批扫" / "换 SCAN + COUNT"), and neither turns down what the other affirms.
    "不要用 MySQL 5.7，升级到 8.0" and "…换成 PostgreSQL" turn down the same value and move to
    different ones (review22)."""
    from memstrata.evolve.known import values

    yes_first, yes_second = affirmed(first), affirmed(second)
    down_first, down_second = _turned_down(first), _turned_down(second)
    mine = {v.lower() for v in values(yes_first)} - down_first
    theirs = {v.lower() for v in values(yes_second)} - down_second
    if any(said(v, second) for v in mine & down_second) or (theirs & down_first):
        return False  # one turns down what the other moves to
    if _moves_elsewhere(first, second, down_first) or _moves_elsewhere(second, first, down_second):
        return False
    return bool({v for v in mine if said(v, yes_second)} - (down_first & down_second))


# A change word that only turns something down ("别再 KEYS 了"), not one that moves to a value.
_ONLY_TURNS_DOWN = re.compile(r"^(?:别再|不再|不要再|no longer|any ?more)$", re.IGNORECASE)
_CLAUSE = re.compile(r"[^，,。；;！!？?…\n]+")


def _moves_elsewhere(text: str, other: str, down: set[str]) -> bool:
    """Whether a change in ``text`` moves to values none of which ``other`` says ("SCAN 也别用，
    改成离线分析 RDB" after "用 SCAN 分批扫")."""
    from memstrata.evolve.known import values

    for clause in _CLAUSE.findall(text):
        for change in _CHANGE.finditer(clause):
            if _ONLY_TURNS_DOWN.match(change.group(0)):
                continue
            moved_to = {v.lower() for v in values(clause[change.start() :])} - down
            if moved_to and not any(said(v, other) for v in moved_to):
                return True
    return False


def _turned_down(text: str) -> set[str]:
    """The values ``text`` turns down ("别用 KEYS", "not npm"), maybe also describing them."""
    from memstrata.evolve.known import values
    from memstrata.evolve.polarity import negated

    return {v.lower() for v in values(negated(text))}


def _slots(text: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for pattern in (_EN_SLOT, _ZH_SLOT):
        for match in pattern.finditer(text):
            value = match.group(2 if pattern is _ZH_SLOT else "value").lower().rstrip(".")
            if pattern is _EN_SLOT and no_object(match):
                continue
            if value not in _NO_VALUE and not group_value(value):
                found.setdefault(_SLOT_CLASS[match.group(1).lower()], set()).add(value)
    for match in _EN_OWNER.finditer(text):
        found.setdefault("owner", set()).add((match.group(1) or match.group(2)).lower())
    for match in _ZH_PERSON.finditer(text):
        verb, name = match.group(1) or match.group(3), match.group(2) or match.group(4)
        slot = _PERSON_SLOT[verb]
        if _NOT_PERSON.search(name) or group_value(name):
            continue
        if slot == "owner" and _ROLE.search(name):  # "找组长" / "找老大": one person
            continue
        found.setdefault(slot, set()).add(name)
    holders = {(m.group(1) or m.group(2)).lower() for m in _EN_OWNER.finditer(text)}
    holders |= {m.group(1) or m.group(2) for m in _ZH_HOLDER.finditer(text)}
    holders |= {next(g for g in m.groups() if g).lower() for m in _LATIN_HOLDER.finditer(text)}
    holders = {
        h
        for h in holders
        if not (_NOT_PERSON.search(h) or _NOT_HOLDER.search(h) or _ROLE.search(h))
    }
    if holders:
        found.setdefault("holder", set()).update(holders)
    return found


# What a value said in Chinese may carry around it that is no part of it: a change word or time
# before it ("现在阿杰签", "改用百度"), a particle after it; and what no value is made of.
_AROUND = re.compile(
    r"^(?:现在|目前|已经|以后|以後|之后|之後|今后|改成|换成|改为|改用|换到|改由|由|都|也|还是|又)+"
    r"|(?:了|啦|吧|哈|呀|呢)+$"
)
_NO_VALUE_CHAR = re.compile(r"[不没别很太更最要会能该必须一点下的地得了着过吗呢吧啊]")
_CJK_RUN = re.compile(r"^[\u4e00-\u9fff]{2,6}$")
# The words before a slot's value: what is used, where it runs or goes, who holds it; 找 (whom to
# ask), 接 / 串 (what is integrated) and 发到 / 推到 / 发给 (where it is sent) since round 39.
_SLOT_BEFORE = re.compile(
    r"(?:用|走|跑在|部署在|放在|存在|存到|由|归|交给|找|接|串|发到|推到|发给|[:：])$"
)
_SLOT_START = re.compile(r"(?:现在|之后|之後|以后|以後)?改?(?:用|走|由|归|交给)")
_HOLDER_WORD = re.compile(r"值班|on-?call|负责人|owner|审批人|对接人|maintainer")
_HOLDER_AFTER = re.compile(r"(?:值班|负责|在管|管|签|审批|审|在跟|跟|owner|on-?call)")
# A role, not a name: "发给老板" / "发给领导", "找组长" / "找老大" say one person.
_ROLE = re.compile(
    r"老板|领导|组长|老大|主管|经理|总监|同事|同学|运维|测试|产品|开发|前端|后端|大家|团队|自己|本人"
    r"|客户|甲方|乙方|前台|行政|财务|法务"
)


def swapped_value(first: str, second: str) -> bool:
    """Whether two statements say the same words around one short run of Chinese each, with
    nothing in common ("地图用高德" / "地图用百度", "这周王磊值班" / "这周阿杰值班", "合同审批王磊签" /
    "合同审批现在阿杰签"): the same frame with another value, which a name in Chinese (a vendor, a
    person) never shows as a value. The frame must open both (their subject); the runs share no
    character ("交给小鹿写" / "还是小鹿来写" is one person) and are no role ("老板" / "领导") or word of a
    value group ("中文" / "汉语"). Review29 found such changes merged as repeats, and the restatement
    writers' pairs hold no restatement this reads so."""
    a = re.sub(r"\s+", "", first.lower()).rstrip("。.!！~～")
    b = re.sub(r"\s+", "", second.lower()).rstrip("。.!！~～")
    start = 0
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    end = 0
    while end < min(len(a), len(b)) - start and a[-1 - end] == b[-1 - end]:
        end += 1
    # a name's surname, or a nickname's 小 / 老 / 阿, is part of it, not of the words around it
    # ("王磊负责支付" / "王芳负责支付", "小王负责前端" / "小李负责前端": review31)
    while start and _CJK.match(a[start - 1]) and min(len(a), len(b)) - start - end < 2:
        start -= 1
    opening, closing = a[:start], a[len(a) - end :]
    # the subject opens both, or, for who holds it, closes both after the verb: "王磊负责支付" /
    # "阿杰负责支付" (review29: merged as a repeat, and the new owner lost)
    holder_first = not opening and _HOLDER_AFTER.match(closing) and len(_CJK.findall(closing)) >= 3
    if (
        len(_CJK.findall(opening)) < 2
        and len(re.findall(r"[a-z]", opening)) < 4
        and not holder_first
    ):
        return False
    # …and the run fills a slot: what is used, where, who (用 / 走 / 在 / 由 …, or 值班 / 负责 / 签 …
    # after it): "我住在北京" / "我住在帝都" says no slot's value, "我不吃香菜" / "芫荽" neither (review30)
    raw_mine, raw_theirs = a[start : len(a) - end], b[start : len(b) - end]
    if not (
        _SLOT_BEFORE.search(opening)
        or _HOLDER_WORD.search(opening)
        or _HOLDER_AFTER.match(closing)
        or _SLOT_START.match(raw_mine)
        or _SLOT_START.match(raw_theirs)
    ):
        return False
    mine, theirs = _AROUND.sub("", raw_mine), _AROUND.sub("", raw_theirs)
    if not (_CJK_RUN.match(mine) and _CJK_RUN.match(theirs)):
        return False
    if any(_NO_VALUE_CHAR.search(run) or _ROLE.search(run) for run in (mine, theirs)):
        return False
    # a word of a value group (中文 / 汉语, 周一 / 星期一) is compared pole by pole elsewhere
    if without_values(mine) != mine or without_values(theirs) != theirs:
        return False
    holder = _HOLDER_WORD.search(opening) or _HOLDER_AFTER.match(closing)
    if holder and len(mine) <= 3 and len(theirs) <= 3:  # who, by name: 王磊 / 王芳
        return not same_person(mine, theirs)
    return not set(mine) & set(theirs)


# A number and the unit right after it (8G, 3ms, 80%, "100 qps": a short word after one space).
# A number inside a name (utf8mb4, node18) is the name's: known.contradicts compares names.
_QUANTITY = re.compile(
    r"(?<![a-z_])(\d+(?:\.\d+)*)(%|[a-z]+(?![a-z])|\s[a-z]{1,4}(?![a-z]))?", re.IGNORECASE
)


# One unit, many spellings: a value said twice in two spellings ("70公斤" / "70kg", "2h" / "2 小时",
# "64Gi" / "64G", "500 req/s" / "500 QPS") is one value, which review29 found split as a change.
# Each spelling is rewritten to one before values are compared, and a time to seconds, so that
# "1 day" / "24h" and "1.5h" / "90 分钟" are one value (review31); a bare "m" (minutes or metres,
# "512M" or "5m") is left as it is; a Chinese numeral is written in digits first (``zh_numbers.in_digits``:
# "两小时" is 7200s).
_UNIT_SPELLINGS: tuple[tuple[str, str], ...] = (
    ("kg", r"kgs?|公斤|千克|kilograms?|kilos?"),
    ("h", r"h|hrs?|hours?|个小时|小时|钟头"),
    ("min", r"mins?|minutes?|分钟"),
    ("ms", r"ms|毫秒|milliseconds?"),
    ("s", r"s|secs?|seconds?|秒钟|秒"),
    ("d", r"d|days?|天"),
    # not a bare w: after a number it is 万 in Chinese chat ("2w条", "5w QPS": review31)
    ("wk", r"wks?|weeks?|个星期|星期|周"),
    ("mo", r"mo|months?|个月"),
    ("gb", r"gi|gib|gb|g"),
    ("mb", r"mi|mib|mb"),
    ("tb", r"ti|tib|tb|t"),
    ("qps", r"qps|rps|req/s|reqs/s|requests?/s(?:ec)?|requests? per second|次/秒|次每秒|/s"),
    ("%", r"%|percent|个百分点|百分点"),
    ("lines", r"lines?|行"),
    ("cores", r"cores?|vcpus?|核|c"),  # "8C" (and "8C16G", below)
    ("usd", r"usd|dollars?|美元|美金|刀"),
    ("cny", r"cny|rmb|人民币|元|块钱|块"),
    ("eur", r"eur|euros?|欧元|欧"),
    ("hkd", r"hkd|港币|港元"),
    ("gbp", r"gbp|pounds?|英镑|镑"),
)
_SECONDS = {"ms": 0.001, "s": 1, "min": 60, "h": 3600, "d": 86400, "wk": 604800, "mo": 2592000}
# A size in megabytes, counted as memory and disks are configured ("2GB" / "2048MB", "1.5Gi" /
# "1536Mi": review33)
_MEGABYTES = {"mb": 1, "gb": 1024, "tb": 1024 * 1024}
_CURRENCIES = frozenset({"usd", "cny", "eur", "hkd", "gbp"})
_UNIT = re.compile(
    r"(?<![A-Za-z0-9_.])(\d+(?:\.\d+)?)\s*(?:"
    + "|".join(f"(?P<u{i}>{spellings})" for i, (_, spellings) in enumerate(_UNIT_SPELLINGS))
    # a Latin unit ends at a word's end; a Chinese one anywhere ("2小时左右", "8核16G")
    + r")(?:(?<=[a-z])(?![a-z0-9_])|(?<![a-z]))",
    re.IGNORECASE,
)
_PER_SECOND = re.compile(r"每秒\s*(\d+(?:\.\d+)?)\s*(?:次|个请求|请求)")  # "每秒100次" / "100 QPS"
# A price before its number: "$500" / "500 美元"
_PRICE_FIRST = re.compile(r"([$¥￥€£])\s*(\d+(?:\.\d+)?)(?![A-Za-z0-9_.])")
_PRICE_SIGN = {"$": "usd", "¥": "cny", "￥": "cny", "€": "eur", "£": "gbp"}
# A scale after a number: "1万" / "10k", "2w条" / "20000 条", "5千"; a Latin one glued to its
# number ("587 w/ starttls" is 587 with STARTTLS: value pairs, session 45)
_SCALE = re.compile(
    r"(?<![A-Za-z0-9_.])(\d+(?:\.\d+)?)(?:\s*(万|千|亿)|(w|k)(?![a-z0-9/]))", re.IGNORECASE
)
_SCALES = dict(万=10_000, w=10_000, 千=1_000, k=1_000, 亿=100_000_000)
_CORES_MEMORY = re.compile(r"(?<![A-Za-z0-9_.])(\d+)[cC](\d+)[gG](?![a-z0-9_])")  # "8C16G"
_HALF_HOUR = re.compile(r"半个?小时|half an hour", re.IGNORECASE)
# Two times in a row are one length ("2 小时 30 分钟": 9000s)
_TIMES_IN_A_ROW = re.compile(r"(?<![A-Za-z0-9_.])(\d+(?:\.\d+)?)s\s*(\d+(?:\.\d+)?)s(?![a-z0-9_])")


@lru_cache(maxsize=8192)  # read again for every pair the heartbeat compares
def _spelled(text: str) -> str:
    """``text`` with each scale, time and unit spelled one way; prices keep their currency."""

    def scale(match: re.Match[str]) -> str:  # "1万左右": the number, then the words
        scaled = (match.group(2) or match.group(3)).lower()
        return number_text(float(match.group(1)) * _SCALES[scaled]) + " "

    def spell(match: re.Match[str]) -> str:
        index = int(next(name for name, unit in match.groupdict().items() if unit)[1:])
        unit = _UNIT_SPELLINGS[index][0]
        if unit in _SECONDS:
            return f"{number_text(float(match.group(1)) * _SECONDS[unit])}s "
        if unit in _MEGABYTES:
            return f"{number_text(float(match.group(1)) * _MEGABYTES[unit])}mb "
        return f"{match.group(1)}{unit} "

    text = _PER_SECOND.sub(r"\1qps", _CORES_MEMORY.sub(r"\1 cores \2G", in_digits(text)))
    text = _HALF_HOUR.sub("1800s", _SCALE.sub(scale, text))
    text = _PRICE_FIRST.sub(lambda m: m.group(2) + _PRICE_SIGN[m.group(1)], text)
    text = _UNIT.sub(spell, text)
    return _TIMES_IN_A_ROW.sub(
        lambda m: f"{number_text(float(m.group(1)) + float(m.group(2)))}s", text
    )


_PRICE = re.compile(r"(\d+(?:\.\d+)?)(" + "|".join(_CURRENCIES) + r")(?![a-z])")


def one_spelling(first: str, second: str) -> tuple[str, str]:
    """Two statements with each number's unit spelled one way (``_UNIT_SPELLINGS``). A price
    keeps its currency when both name one ("¥500" / "$500" is a change: review31), and is its
    number when only one does ("budget 3000" / "budget $3000")."""
    first, second = _as_percent(*map(_spelled, (first, second)))
    if _PRICE.search(first) and _PRICE.search(second):
        return first, second
    return _PRICE.sub(r"\1 ", first), _PRICE.sub(r"\1 ", second)


_PERCENT = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*%")
_FRACTION = re.compile(r"(?<![\d.])0\.\d+(?![\d.%])")


def _as_percent(first: str, second: str) -> tuple[str, str]:
    """A share said as a fraction where the other says it as a percentage ("磁盘阈值 85%" /
    "磁盘阈值 0.85": review31) written as that percentage."""

    def percents(text: str) -> set[float]:
        return {float(m.group(1)) for m in _PERCENT.finditer(text)}

    def spelled(text: str, shares: set[float]) -> str:
        def one(match: re.Match[str]) -> str:
            share = round(float(match.group(0)) * 100, 6)
            return f"{number_text(share)}%" if share in shares else match.group(0)

        return _FRACTION.sub(one, text) if shares else text

    return spelled(first, percents(second)), spelled(second, percents(first))


def quantities(text: str) -> set[str]:
    """The numbers a statement names, each with its unit when one follows (8g, 512mi, 100 qps)."""
    return {m.group(0).lower().replace(" ", "") for m in _QUANTITY.finditer(text)}


def quantity_changed(first: str, second: str) -> bool:
    """Whether both name a quantity in one unit and no value of it in common ("position cap is
    2% of NAV" / "cap: 1.5% NAV", "memory 给 64Gi" / "提到 128Gi"): the limit changed. On the
    restatement writers' pairs the rules merged three such pairs, each a change of value, and no
    restatement (a bare number, "4 个空格", has no unit and is compared as a value)."""
    mine, theirs = _by_unit(first), _by_unit(second)
    return any(not mine[unit] & theirs[unit] for unit in mine.keys() & theirs.keys())


def _by_unit(text: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for match in _QUANTITY.finditer(text):
        unit = (match.group(2) or "").strip().lower()
        if unit and unit not in _NOT_UNIT:  # "port 8080 is …": "is" is no unit
            found.setdefault(unit, set()).add(match.group(1))
    # a number said in Chinese with its unit ("下班时间六点" / "七点", "预算一万" / "两万": review30)
    for match in _ZH_QUANTITY.finditer(text):
        found.setdefault(match.group(2), set()).add(match.group(1).replace("两", "二"))
    return found


_ZH_QUANTITY = re.compile(
    r"([一二两三四五六七八九十百千]+)(点|万|千|刀|块|元|次|天|小时|分钟|个月|周|人|公里)"
)


_NOT_UNIT = frozenset(
    re.findall(r"\w+", "a an and are as at be by for in is it of on or the to was")
)


# What a change said in Chinese moves to, named in Chinese ("因子库数据源换聚宽了": 聚宽), which the
# values (Latin names, numbers) miss; a word that names no value (换地方了, 换个思路) is not one.
_ZH_MOVED_TO = re.compile(
    r"(?:换成|换到|换用|改成|改用|切到|迁到|(?<![交转切])换)\s*([\u4e00-\u9fff]{2,4}?)"
    r"(?=\s*(?:了|[，,。；;！!]|$))"
)
_NO_TARGET = re.compile(r"地方|位置|时间|方式|方法|思路|名字|写法|做法|办法|东西|口径|回来|下来")
# …nor a run of function words ("换成这个了"); unlike a person's name, a value may say 每 / 在
# ("发版说明改成每周二发了").
_NOT_TARGET = re.compile(
    r"[的了吗呢吧啊么着过是和与或一这那哪什怎些个我你他她它]|一下|这样|那样|多少"
)
_CJK = re.compile(r"[\u4e00-\u9fff]")
# Word overlap (text.similarity) from which two statements speak of one subject.
_SAME_SUBJECT = 0.3


def moved_to_unsaid(first: str, second: str) -> bool:
    """Whether one of two Chinese statements moves, in Chinese, to something the other never
    says ("因子库的数据源用 Wind" / "因子库数据源换聚宽了 Wind 合同没续": a blind writer's change of
    value, merged as a repeat). An English statement never says a Chinese name, so only two
    Chinese statements are compared, and only about one subject: they share words, or the one
    that moves names the other's value ("装依赖改用 bun" says nothing of "提交信息改用中文写")."""
    from memstrata.evolve.known import values
    from memstrata.text.similarity import similarity

    if not (_CJK.search(first) and _CJK.search(second)):
        return False
    alike = similarity(first, second) >= _SAME_SUBJECT
    for text, other in ((second, first), (first, second)):
        if not (alike or any(said(value, text) for value in values(other))):
            continue
        for match in _ZH_MOVED_TO.finditer(affirmed(text)):
            target = match.group(1)
            if (
                not (_NOT_TARGET.search(target) or _NO_TARGET.search(target))
                and target not in other
            ):
                return True
    return False


def _one_name_twice(mine: set[str], theirs: set[str]) -> bool:
    """Whether two Chinese names are one person called otherwise (``same_person``)."""
    # the first two characters: a third may be what the person does ("找王磊开" / "找阿杰开")
    return any(
        same_person(a[:2], b[:2]) for a in mine for b in theirs if _CJK.search(a) and _CJK.search(b)
    )


# What makes a name a nickname: 老王, 小陈, 阿杰, 杰哥, 王总, 李工.
_NICK_BEFORE = re.compile(r"^[老小阿]")
_NICK_AFTER = re.compile(r"(?:哥|姐|总|工|老师|同学)$")


def same_person(first: str, second: str) -> bool:
    """Whether two Chinese names name one person: the same name, or a nickname sharing a
    character with the other ("王磊" / "老王", "小陈" / "陈晨", "阿杰" / "杰哥": review30). Two full
    names with one surname are two people ("王磊" / "王芳"), and so are two nicknames of two
    surnames ("小王" / "小李": review31 found both merged)."""
    if first == second:
        return True
    cores = [_NICK_AFTER.sub("", _NICK_BEFORE.sub("", name)) or name for name in (first, second)]
    nicknames = [core != name for core, name in zip(cores, (first, second), strict=True)]
    if not any(nicknames):
        return False
    return bool(set(cores[0]) & set(cores[1]))


def slot_changed(first: str, second: str) -> bool:
    """Both fill one slot, with nothing in common, and the later value is new to the first."""
    mine, theirs = _slots(affirmed(first)), _slots(affirmed(second))
    for slot in mine.keys() & theirs.keys():
        if mine[slot] & theirs[slot] or _one_name_twice(mine[slot], theirs[slot]):
            continue
        old = {v for v in mine[slot] if not said(v, second)} or mine[slot]
        new = {v for v in theirs[slot] if not said(v, first)}
        if old and new:
            return True
    return False


def _shape(value: str) -> tuple[bool, bool]:
    return bool(re.search(r"\d", value)), bool(re.search(r"[.+/#:-]", value))


def only_details(
    first: str, second: str, shared: set[str], mine: set[str], theirs: set[str]
) -> bool:
    """Beside a name both say, the values each affirms and the other lacks are details, unless
    one value stands against one value of the same shape (a swap: pg-test-01 / pg-test-04)."""
    # a bare number ("反复失败 2 次") names no subject: two failures of other commands share it
    if not {name for name in shared if not name.isdigit()}:
        return False
    new_mine = {v for v in mine if not said(v, second)}
    new_theirs = {v for v in theirs if not said(v, first)}
    if not new_mine or not new_theirs:
        return True
    if len(new_mine) == 1 and len(new_theirs) == 1:
        return _shape(next(iter(new_mine))) != _shape(next(iter(new_theirs)))
    return True
