"""What two statements that name the same value each do with it (issue 11, session 44).

A name both statements say (a host, a bucket, a topic, an account) made them one fact too
easily. On 160 pairs written blind that share one value (benchmarks/data/value_pairs), the
loop merged 16 of the 80 that say different things, and a merged statement is counted as a
repeat and lost: another thing at the same place ("Jira 的 webhook 打到 hooks.devtools.internal"
/ "github webhooks also point at hooks.devtools.internal"), the value left ("model registry:
models.mlops.lan" / "models.mlops.lan 已经停了，模型都改存 HF hub 私有仓库"), or turned down by one
side only ("use the shared account svc-reporting for dashboards" / "svc-reporting 这个共享账号别用
了"). So before any rule or the learned head calls two statements one, ``told_apart`` reads what
each does with each identifier both say:

- one says the identifier is *also* where something else goes (也 / 亦 / also / too / as well in
  the identifier's clause) and the other does not: a second thing at the same place;
- one leaves it (moved off, 停了, 退役, 冻结, decommissioned, is gone …) or turns it down (别 / 不要 /
  don't before it, or right after it: "X 别用了", "X 不要锁死") and the other does not: a change or
  an opposite, not a repeat.

Only identifiers count (a digit, a dot or a joint in the name: db-replica-07, auth.v2.token,
2.15.0), never plain words such as "app" or "token", which two restatements turn down and
affirm in passing.
"""

from __future__ import annotations

import re

_CLAUSE = re.compile(r"[^，,。；;！!？?\n]+")
# A name with letters and a digit or a joint (db-replica-07, auth.v2.token), or a version
# (2.15.0); not a number said as a limit ("别超过 32" / "Cap … at 32" is one rule).
_IDENTIFIER = re.compile(r"^(?=.*[a-z])(?:.*\d|.*[a-z][_./-][a-z])|^\d+\.\d+\.\d+", re.IGNORECASE)
# Leaving a value, said before it ("we moved off logs-cn-north-2024", "停掉 X") …
_LEAVE_BEFORE = re.compile(
    r"(?:\b(?:moved|migrated|moving|migrating|switched|switching)\s+(?:off|away\s+from)(?:\s+of)?"
    r"|\bgot\s+rid\s+of|\bgetting\s+rid\s+of|\bretired|\bretiring|\bdecommission(?:ed|ing)?"
    r"|\bsunset(?:ted|ting)?|\bshut(?:ting)?\s+down|\bturned\s+off|\bkilled"
    r"|停掉了?|下掉了?|停用了?|弃用了?|废弃了?|淘汰了?|干掉了?|关掉了?|不再用|退役了?)"
    r"\s*(?:(?:the|old|our|that)\s+)*$",
    re.IGNORECASE,
)
# … or after it in its clause ("models.mlops.lan 已经停了", "X has been decommissioned").
_LEAVE_AFTER = re.compile(
    r"停了|停掉了|停用|关了|关掉了|下线|退役|废弃|弃用|淘汰|冻结|封存|不用了|别用了|不能用了|用不了了"
    r"|\b(?:is|are)\s+(?:gone|dead)\b"
    r"|\b(?:is|are|was|were|has\s+been|have\s+been|got|been)\s+(?:now\s+)?"
    r"(?:retired|decommissioned|shut\s+down|turned\s+off|deprecated|frozen|archived|sunset)\b"
    r"|\bno\s+longer\b",
    re.IGNORECASE,
)
# A turn-down right after the value, Chinese topic first ("svc-reporting 这个共享账号别用了",
# "tensorflow 2.15.0 不要锁死"): a few Chinese characters at most in between.
# What is turned down then is the value itself, so no other name follows in the clause
# ("flash.sh 别手敲 openocd" turns down openocd, not flash.sh).
_TURNED_DOWN_AFTER = re.compile(
    r"^[\s\u4e00-\u9fff]{0,8}?(?:别|不要|不许|不准|禁止|千万别)[^A-Za-z0-9]*$", re.IGNORECASE
)
# How far after its negation a value is what the negation turns down, in characters.
_NEGATION_REACH = 32
# A value said as the place or the target of an action, not its object ("Never push an EAS
# update to the prod-cn channel" / "prod-cn 这个 channel 永远不要你自己推 OTA" say one rule).
_PLACE_WORD = re.compile(
    r"(?:在|于|於|喺|\b(?:in|on|at|inside|within|under|into|onto|to|from)\s+(?:the\s+|our\s+)?)\s*$",
    re.IGNORECASE,
)
_COMPLAINT_BEFORE = re.compile(r"又")
_COMPLAINT_AFTER = re.compile(r"\bagain\b|[😑🙄😩😤😒🤦]", re.IGNORECASE)
_COMPLAINT_REACH = 40
_FORBID = re.compile(
    r"别|不要|不许|不准|禁止|不能|不用|千万别|勿"
    r"|\b(?:don'?t|do not|never|no more|stop|avoid|not|instead of|rather than)\b",
    re.IGNORECASE,
)
_CLAUSE_BREAK = re.compile(r"[，,。；;！!？?\n]|\.\s")
# What leaves is the old one, not the value before it ("现在是 fota.qimu-iot.cn 老的那个下个月下线").
_THE_OLD_ONE = re.compile(r"老的|旧的|原来的|原来那|之前的|之前那|\b(?:the )?old\b", re.IGNORECASE)
_ANOTHER_NAME = re.compile(r"[A-Za-z0-9][\w./:-]*[A-Za-z0-9]")


def told_apart(first: str, second: str) -> bool:
    """Whether what the two statements do with an identifier both say tells them apart: one
    puts another thing there too and the other does not, or one leaves it or turns it down
    while the other affirms it (says it outside anything it turns down: "Don't touch files
    under versioned_docs/" and "怎么又改到 versioned_docs 里去了😩" both only turn it down). A
    correction said twice names the right value and the wrong one: when both affirm one
    identifier, how each speaks of the other is no difference ("我说的是 pay-gateway …，pay-svc 是
    内部记账的" / "又去改 pay-svc 了… 超时在 pay-gateway 里")."""
    from memstrata.evolve.changes import said
    from memstrata.evolve.polarity import affirmed

    shared = _shared_identifiers(first, second)
    if any(_also(first, name) != _also(second, name) for name in shared):
        return True
    dropped = {name: (_dropped(first, name), _dropped(second, name)) for name in shared}
    if any(drops == (False, False) for drops in dropped.values()):
        return False
    for name, (mine, theirs) in dropped.items():
        if mine != theirs and said(name, affirmed(first if theirs else second)):
            return True
    return False


def _shared_identifiers(first: str, second: str) -> set[str]:
    """The identifiers both say, as both write them (a host with its domain on one side only
    is its bare name: hpc-login03 / hpc-login03.cluster.local). Asked for every pair the loop
    compares, so a plain substring test comes before ``said``."""
    from memstrata.evolve.changes import core_name, said
    from memstrata.evolve.known import values

    mine, theirs = first.lower(), second.lower()
    shared = set()
    for value in values(first):
        if not _IDENTIFIER.search(value):
            continue
        for form in (value, core_name(value)):
            if form and form.lower() in mine and form.lower() in theirs and said(value, second):
                shared.add(form)
                break
    return shared


def _places(text: str, name: str) -> list[int]:
    lowered, wanted = text.lower(), name.lower()
    return [m.start() for m in re.finditer(re.escape(wanted), lowered)]


def _also(text: str, name: str) -> bool:
    """Whether ``text`` says something else goes to ``name`` too: the marker just before the
    word that points at it ("也推到 V", "也是用 V", "also point at V") or just after it ("go to V
    as well"); not "环境变量也跟着改了名 V" nor "我把你也加进去了 查问题直接去 V", where 也 says
    something else happened too."""
    for place in _places(text, name):
        if _ALSO_BEFORE.search(text[max(0, place - _NEAR) : place]):
            return True
        if _POINTED_BEFORE.search(text[max(0, place - _NEAR) : place]) and _ALSO_AFTER.match(
            text[place + len(name) :]
        ):
            return True
    return False


# How far before the value an also-marker and its pointing word may start, in characters.
_NEAR = 24
_POINTING = r"(?:是|在|到|去|用|走|放|存|推|发|写|跑|指向|部署在|喺|係|系)"
_SCHEME = r"(?:[a-z0-9]+://)?/?"
_ALSO_BEFORE = re.compile(
    rf"(?:也|亦)[\u4e00-\u9fff]{{0,3}}{_POINTING}[\u4e00-\u9fff]{{0,2}}\s*{_SCHEME}$"
    r"|\balso\s+(?:[a-z'-]+\s+){0,2}(?:in|into|to|at|on|from|via|through|under|uses?|is|are)\s+"
    rf"(?:the\s+)?{_SCHEME}$",
    re.IGNORECASE,
)
_POINTED_BEFORE = re.compile(
    rf"(?:{_POINTING}|\b(?:in|into|to|at|on|from|via|through|under|uses?|is|are))\s*"
    rf"(?:the\s+)?{_SCHEME}$",
    re.IGNORECASE,
)
_ALSO_AFTER = re.compile(r"\S*\s*(?:as well|too)\b", re.IGNORECASE)


def _dropped(text: str, name: str) -> bool:
    """Whether ``text`` leaves ``name`` or turns it down, before or right after it."""
    from memstrata.evolve.changes import said
    from memstrata.evolve.polarity import complained

    # complained about, just after 又 or before "again" / an emoji ("怎么又 os.path.join 了",
    # ".env.local … AGAIN 🙄"; not "又改到 values.yaml 上了😂 prod 的 override 在
    # values-prod-sg.yaml", which complains about the first file only) …
    if said(name, complained(text)):
        for place in _places(text, name):
            if _COMPLAINT_BEFORE.search(text[max(0, place - _NEGATION_REACH) : place]):
                return True
            if _COMPLAINT_AFTER.search(text[place : place + len(name) + _COMPLAINT_REACH]):
                return True
    # … or turned down: soon after a word that forbids ("不要再直接连 db-replica-07", "don't use
    # X", "不要再把 token 放 localStorage 的 auth.v2.token"), in its clause, and not as the place
    # or target of what is forbidden ("Never force-push to main in the alert-rules repo" /
    # "alert-rules 主分支谁也不准 push -f" say one rule). "没带 NODE_OPTIONS" says it was left out.
    for place in _places(text, name):
        before = text[max(0, place - _NEGATION_REACH) : place]
        forbids = list(_FORBID.finditer(before))
        between = before[forbids[-1].end() :] if forbids else ""
        if forbids and not _CLAUSE_BREAK.search(between) and not _PLACE_WORD.search(between):
            return True
    for place in _places(text, name):
        if _LEAVE_BEFORE.search(text[:place]):
            return True
        end = place + len(name)
        clause_rest = _CLAUSE.match(text[end:])
        after = clause_rest.group(0) if clause_rest else ""
        leave = _LEAVE_AFTER.search(after)
        lead = after[: leave.start()] if leave else ""
        if leave and not _ANOTHER_NAME.search(lead) and not _THE_OLD_ONE.search(lead):
            return True
        if _TURNED_DOWN_AFTER.search(after):
            return True
    return False
