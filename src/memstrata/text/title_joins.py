"""Titles that need two of a message's clauses, and the clause a title skips to.

A title cut from one clause says the wrong thing when the point takes two: a status and what it
changed to ("跳板机迁了，新的是 bastion-sg2…"), a condition and its rule ("C3 的 Wi-Fi 老掉线的话，先别急着
抓包"), a topic and what it is ("东莞那边治具的上位机，地址是 192.168.10.20"). And a cause found, told
before the rule it led to, is no title at all. ``rule_titles`` asks these after it has passed the
openers, complaints and stories (the blind scenarios' entries were titled by the first clause).
"""

from __future__ import annotations

import re

from memstrata.text.rule_words import CONDITION, RULE_WORD, says_enough
from memstrata.text.titles import VALUE_ROOM, clip, shorten, title_limit, title_units

# A cause found, told before the rule it led to ("上次那个 Kafka 消息乱序就是因为分区 key 用错了，你记住，
# 订单相关消息的分区 key 必须是 order_id", "结果是节点池打了污点 …，大内存任务要加对应的 toleration",
# "turns out the batch-report job needs the bigmem pool, so always schedule it with …": writer A's
# titles said the cause).
_CAUSE = re.compile(
    r"就?是因为|根因是|原因是|原因找到了|结果是|结果发现|问题出在"
    r"|\bturns out\b|\bthe (?:root )?cause (?:was|is)\b|\bit was because\b",
    re.IGNORECASE,
)
# ...and a rule said with a word that makes it one: not "要按 Kafka lag 扩" alone.
_STRONG_RULE = re.compile(
    r"以后|今后|必须|一律|统一|都要|都得|务必|一定要|千万"
    r"|\b(?:always|never|must|from now on|make sure)\b",
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
        if _STRONG_RULE.search(rule) and not _CAUSE.search(rule):
            # ("so always schedule it with …": the cause named what "it" is)
            rest = head[a:]
            return rest if says_enough(rest) and not _POINTS_BACK.search(rule) else head
    return head


# Where a clause ends for the joins below: punctuation, or a space between two Chinese
# characters (a message typed or dictated without punctuation).
_CLAUSE_SPLIT = re.compile(
    r"\s*[，,。；;！!？?\n]+\s*|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])|(?<=[a-z])\.\s+"
)
_PARTICLES = "啦哈哦喔呀啊嘞咧嘛喇"
# A status that something changed, with nothing of what it changed to ("跳板机迁了", "Aurora 的
# owner 换人了", "治具那台上位机换了台新工控机", "the staging gateway moved").
_CHANGED = re.compile(
    r"(?:(?<![漏没沒忘未])(?:换|換|迁|遷|改|变|變|搬|挪)(?:人|地方|位置|名|名字)?(?:了|咗)"
    r"|(?:换|換)(?:了|咗)(?:台|个|個|家|位|部)新\S{1,6}"
    r"|(?:下线|下線|停用|退役|废弃|廢棄|停更|关机|關機|升级|升級|更新)(?:了|咗))$"
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
# A clause that opens by saying what the topic before it is: a word or two, a copula, a value
# ("地址是 192.168.10.20", "端口是 5432", "叫 gw-prod-02").
# (not what it is not: "region 系 ap-guangzhou，唔系 ap-shanghai" says the right value first)
_IS_VALUE = re.compile(r"^(?![不唔没沒非])[\u4e00-\u9fff]{0,4}(?:是|係|系|叫|为|為)\s*[A-Za-z0-9]")
_TOPIC_MOST = 12  # title units: a Chinese character, or a word in Latin letters


def _short_topic(clause: str) -> bool:
    """Whether ``clause`` can be a topic: short, with no rule, change or condition of its own."""
    return (
        0 < title_units(clause) <= _TOPIC_MOST
        and not RULE_WORD.search(clause)
        and not _CHANGED.search(clause)
        and not _WHEN_FIRST.search(clause)
        and not CONDITION.match(clause)
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
    only that something changed: titled "跳板机迁了", "Aurora 的 owner 换人了", "登录节点换了哈", an
    entry said something changed and not to what (learning_sim6-7, writer A's news); "" otherwise."""
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
    if not _CHANGED.search(status) or title_units(status) > _TOPIC_MOST:
        return (
            ""  # (a long first clause is no bare status: "CouponForm 里还有一处 import … 漏改了")
        )
    for start, end in spans[1 : 1 + _HOW_FAR]:
        clause = head[start:end]
        if _NEW_VALUE.search(clause) and _NAMES_SOMETHING.search(clause):
            both = _joined(status, clause.strip())
            return shorten(both, title_limit(both) + VALUE_ROOM)
    return ""


# A clause that says when or in which case the rest holds, said before it without 如果 / if
# ("C3 的 Wi-Fi 老掉线的话 先别急着抓包…", "sink lag 爆掉的时候，先打 …/status", "Before running
# anything heavy, a --dry_run tells you …"): titled by it alone, an entry names a situation.
_WHEN_FIRST = re.compile(
    r"(?:的话|的話|的时候|的時候|之后|之後|以后|以後|之前|以前)$"
    r"|^\s*(?:before|after|whenever|once|while)\b",
    re.IGNORECASE,
)


def with_what_it_holds_for(head: str) -> str:
    spans = _clauses(head)
    if len(spans) < 2:
        return ""
    when = head[spans[0][0] : spans[0][1]].rstrip(_PARTICLES + " ")
    if not _WHEN_FIRST.search(when) or (RULE_WORD.search(when) and not CONDITION.match(when)):
        return ""
    both = _joined(when, head[spans[1][0] : spans[1][1]].strip())
    return clip(both, title_limit(both) + 6)
