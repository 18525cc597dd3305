"""Titles that need two of a message's clauses, and the clause a title skips to.

A title cut from one clause says the wrong thing when the point takes two: a status and what it
changed to ("跳板机迁了，新的是 bastion-sg2…"), a condition and its rule ("C3 的 Wi-Fi 老掉线的话，先别急着
抓包"), a topic and what it is ("东莞那边治具的上位机，地址是 192.168.10.20"). And a cause found, told
before the rule it led to, is no title at all. ``rule_titles`` asks these after it has passed the
openers, complaints and stories (the blind scenarios' entries were titled by the first clause).
"""

from __future__ import annotations

import re

from memstrata.text.rule_words import CONDITION, RULE_WORD, STANDING_WORD, says_enough
from memstrata.text.titles import VALUE_ROOM, shorten, title_limit, title_units

# A cause found, told before the rule it led to ("上次那个 Kafka 消息乱序就是因为分区 key 用错了，你记住，
# 订单相关消息的分区 key 必须是 order_id", "结果是节点池打了污点 …，大内存任务要加对应的 toleration",
# "turns out the batch-report job needs the bigmem pool, so always schedule it with …": writer A's
# titles said the cause).
_CAUSE = re.compile(
    r"就?是因为|根因是|原因是|原因找到了|结果是|结果发现|问题出在"
    r"|\bturns out\b|\bthe (?:root )?cause (?:was|is)\b|\bit was because\b",
    re.IGNORECASE,
)
_CAUSE_FIRST = 2  # the cause is one of the first clauses
_POINTS_BACK = re.compile(r"\b(?:it|its|they|them)\b|它", re.IGNORECASE)


def past_the_cause(head: str) -> str:
    """``head`` from the clause with the rule, when one of its first clauses says what caused
    the trouble and a later one says, with a rule word, what to do about it."""
    spans = _clauses(head)
    causes = [i for i, (a, b) in enumerate(spans[:_CAUSE_FIRST]) if _CAUSE.search(head[a:b])]
    if not causes:
        return head
    for a, b in spans[causes[0] + 1 :]:
        rule = head[a:b]
        if STANDING_WORD.search(rule) and not _CAUSE.search(rule):
            # ("so always schedule it with …": the cause named what "it" is)
            rest = head[a:]
            return rest if says_enough(rest) and not _POINTS_BACK.search(rule) else head
    return head


# Where a clause ends for the joins below: punctuation, or a space between two Chinese
# characters (a message typed or dictated without punctuation).
# (ASCII ! ? ; glued to what follows are inside a token: "Pa55w0rd!x")
_CLAUSE_SPLIT = re.compile(
    r"\s*(?:[，。；！？\n]|[,;!?](?!\S))+\s*|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])"
    r"|(?<=[a-z])\.\s+"
)
_PARTICLES = "啦哈哦喔呀啊嘞咧嘛喇"
# A status that something changed, with nothing of what it changed to ("跳板机迁了", "Aurora 的
# owner 换人了", "治具那台上位机换了台新工控机", "the staging gateway moved").
_CHANGED = re.compile(
    r"(?:(?<![漏没沒忘未])(?:换|換|迁|遷|改|变|變|搬|挪)(?:人|地方|位置|名|名字)?(?:了|咗)"
    r"|(?:换|換)(?:了|咗)(?:台|个|個|家|位|部)新\S{1,6}"
    r"|(?:下线|下線|停用|退役|废弃|廢棄|停更|关机|關機|升级|升級|更新|切换|切換)(?:了|咗))$"
    r"|\b(?:moved|changed|migrated|(?:was|got|has been) (?:replaced|retired|moved|renamed)|is gone"
    r"|changed hands|has a new owner)$",
    re.IGNORECASE,
)
# A clause that says what it is now ("新的是 bastion-sg2…", "现在是 data-infra 组的 Yvonne 在管",
# "这周开始新 run 都落到 cx-fastq-2026", "it's at gw-stg-02 now").
_NEW_VALUE = re.compile(
    r"新的|新\S{0,3}(?:是|在|叫|为|為)|现在|現在|目前|如今|而家|改成|换成|換成|改为|改為|换到|換到|迁到|遷到"
    r"|搬到|落到|全部接|\b(?:now|new one|moved to|is at|lives (?:in|at|under))\b",
    re.IGNORECASE,
)
_NAMES_SOMETHING = re.compile(r"[A-Za-z0-9]")
# A new value that is asked about or unsure ("现在是不是 7.2 我也不确定", "现在是 3.x 了吗？") is none.
_UNSURE = re.compile(
    r"吗|嗎|是不是|不确定|不確定|不知道|不清楚|\b(?:maybe|not sure|i think|no idea)\b",
    re.IGNORECASE,
)
# A clause that opens by saying what the topic before it is: a word or two, a copula, a value
# ("地址是 192.168.10.20", "端口是 5432", "叫 gw-prod-02").
# (not what it is not: "region 系 ap-guangzhou，唔系 ap-shanghai" says the right value first)
_IS_VALUE = re.compile(r"^(?![不唔没沒非])[\u4e00-\u9fff]{0,4}(?:是|係|系|叫|为|為)\s*[A-Za-z0-9]")
# "Previously" is no topic: "之前，我们用的是 MySQL，现在统一用 PG" is about what is used now.
_FORMERLY = re.compile(
    r"^\s*(?:之前|以前|原来|原先|过去|過去|当时|當時|那时|那時|起初|最早)(?:的话|的話)?\s*$"
)
_TOPIC_MOST = 12  # title units: a Chinese character, or a word in Latin letters


def _short_topic(clause: str) -> bool:
    """Whether ``clause`` can be a topic: short, with no rule, change or condition of its own."""
    return (
        0 < title_units(clause) <= _TOPIC_MOST
        and not RULE_WORD.search(clause)
        and not _CHANGED.search(clause)
        and not _WHEN_FIRST.search(clause)
        and not CONDITION.match(clause)
        and not _FORMERLY.match(clause)
    )


_HOW_FAR = 3  # the new value is looked for in this many clauses after the status


def _clauses(head: str) -> list[tuple[int, int]]:
    """(start, end) of each clause of ``head``, without the marks between them."""
    spans, at = [], 0
    for pause in _CLAUSE_SPLIT.finditer(head):
        if pause.start() > at:
            spans.append((at, pause.start()))
        at = pause.end()
    if at < len(head):
        spans.append((at, len(head)))
    return spans


def _joined(first: str, second: str) -> str:
    mark = "，" if re.search(r"[\u4e00-\u9fff]", first + second) else ", "
    return f"{first}{mark}{second}"


def with_its_new_value(head: str) -> str:
    """The status and the clause with its new value, when ``head`` opens with a status that says
    only that something changed (titled "跳板机迁了", "Aurora 的 owner 换人了", "登录节点换了哈", an
    entry said something changed and not to what: learning_sim6-7, writer A's news), or a short
    topic and the clause that says what it is; "" otherwise."""
    spans = _clauses(head)
    if len(spans) < 2:
        return ""
    status = head[spans[0][0] : spans[0][1]].rstrip(_PARTICLES + " ")
    value = head[spans[1][0] : spans[1][1]].strip()
    if _IS_VALUE.match(value) and _short_topic(status):
        # a topic, then what it is ("东莞那边治具的上位机 地址是 192.168.10.20 …": learning_sim9
        # titled it by the topic alone)
        both = _joined(status, value)
        return shorten(both, title_limit(both) + VALUE_ROOM)
    # (a long first clause is no bare status: "CouponForm 里还有一处 import … 漏改了")
    if not _CHANGED.search(status) or title_units(status) > _TOPIC_MOST:
        return ""
    for start, end in spans[1 : 1 + _HOW_FAR]:
        clause = head[start:end]
        asked = "?" in head[end : end + 2] or "？" in head[end : end + 2]
        if (
            _NEW_VALUE.search(clause)
            and _NAMES_SOMETHING.search(clause)
            and not (asked or _UNSURE.search(clause))
            and clause.count('"') % 2 == 0  # (a quoted value cut at its comma is none)
        ):
            both = _joined(status, clause.strip())
            return shorten(both, title_limit(both) + VALUE_ROOM)
    return ""


# A clause that says when or in which case the rest holds, said before it without 如果 / if
# ("C3 的 Wi-Fi 老掉线的话 先别急着抓包…", "sink lag 爆掉的时候，先打 …/status", "Before running
# anything heavy, a --dry_run tells you …"): titled by it alone, an entry names a situation.
# (something must come before the word: "之前，我们用的是 MySQL" and "Before, we used Jenkins"
# say "previously"; "Once, the prod DB got wiped" is one time)
_WHEN_FIRST = re.compile(
    r"\S{2,}(?:的话|的話|的时候|的時候|嘅時候|嘅时候|之后|之後|以后|以後|之前|以前)$"
    r"|^\s*(?:before|after|whenever|once|while)\s+\w",
    re.IGNORECASE,
)
# A rule said in the clause itself, which then is no bare condition (用 alone is none: "调用第三方
# API 的時候" names a situation).
_RULE_IN_IT = re.compile(
    r"必须|禁止|不许|不准|不要|别|一律|统一|务必|永远|\b(?:always|never|must|don'?t|do not)\b",
    re.IGNORECASE,
)


def with_what_it_holds_for(head: str) -> str:
    """The condition said first and the rule it holds for (with a second condition between them),
    when ``head`` opens with one (``_WHEN_FIRST``); "" otherwise."""
    spans = _clauses(head)
    if len(spans) < 2:
        return ""
    when = head[spans[0][0] : spans[0][1]].rstrip(_PARTICLES + " ")
    if not _WHEN_FIRST.search(when) or _RULE_IN_IT.search(when) or _FORMERLY.match(when):
        return ""
    rule = head[spans[1][0] : spans[1][1]].strip()
    if CONDITION.match(rule) and len(spans) > 2:
        # a second condition before the rule ("发版之前，如果改了配置，一定要通知运维")
        rule = _joined(rule, head[spans[2][0] : spans[2][1]].strip())
    both = _joined(when, rule)
    return shorten(both, title_limit(both) + 6)
