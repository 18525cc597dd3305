"""A sentence the user asked to keep in infra.md or projects.md, read into that file's fields.

review15b: "记到 infra.md：staging 数据库是 pg-stg-02，端口 5432" went to MEMORY.md, because those
files hold entries with fields (``### 主机`` + ``- **端口**: 5432``; ``### 项目`` + 状态 / 负责人),
not free bullets. The subject before 是 / 在 / is / : (or a host named first: "mysql-01 端口
3306") names the host or project; the clauses after it give its facts. A sentence that does not
read so returns None, and the caller keeps it in MEMORY.md as before rather than guess: no
subject or no value, a rule, a correction or change of value (MEMORY.md's notice names what it
outdates), a secret (a free field would not be redacted whole), several hosts at once.
"""

from __future__ import annotations

import re

# "staging 数据库是 pg-stg-02", "redis 在 10.0.3.9:6379", "the build box is ci-03", "网关：sg-02"
# (not a colon of a URL or a port: "http://grafana:3000" is one value; no bracket: a redaction
# marker [REDACTED:password] is one value too)
_SUBJECT = re.compile(
    r"^(?P<name>[^，,。；;：:\[]{1,40}?)\s*"
    r"(?:是|(?<![所正现实存自])在|为|位于|用的是|=|[:：](?!//|\d)"
    r"|\s(?:is at|is on|lives at|lives on|sits at|runs on|is|are|at|on)\s)\s*"
    r"(?P<rest>.+)$",
    re.IGNORECASE,
)
# A host's name as people write it: a Latin word with a digit or a dash (db-01, cache-02, gw3)
_HOST_ID = r"[A-Za-z][\w.]*[\d-][\w.-]*"
# A host named first without a verb ("mysql-01 端口 3306"): a Latin name with a digit or a dash,
# maybe after a few words of what it is ("负载均衡 lb-01 端口 80 和 443": review16)
_HOST_FIRST = re.compile(rf"^(?P<name>(?:[\u4e00-\u9fff]{{1,12}}\s*)?{_HOST_ID})\s*(?P<rest>\S.*)$")
# ... then what it has, in English ("cache-02 runs redis 7 on port 6380", "build-03 has 64 GB
# RAM"): the verb's clause is a note, a port said after it its own fact.
_HOST_VERB = re.compile(r"^(?:runs|has|hosts|serves|holds|keeps|stores)\s+\S", re.IGNORECASE)
_PORT_AFTER = re.compile(r"\s+(?:on\s+|at\s+)?(?=port\s+\d)", re.IGNORECASE)
# ... or one of its facts with 的 ("日志服务器 log-01 的磁盘 2TB": review16)
_OWNED_FACT = re.compile(
    r"^的\s*(?P<key>[^\s\d，,：:是为有]{1,8})\s*(?:是|为|有|[:：])?\s*(?P<value>[A-Za-z0-9].*)$"
)
# What is no lookup fact: a change or a correction of one ("不是 pg-stg-01，是 pg-stg-02", "换成了
# …（原来是 …）": which value holds is for MEMORY.md's notice, not a guess here), and a secret
# (its field would be a free "说明", not a key the writer redacts whole).
_ASKED = r"[?？]|吗\s*[。.]?$"
# Words that say a secret is in the sentence: never a fact (the writer would keep its value in a
# free line)
_SECRET_WORDS = r"密码|口令|密钥|password|passwd|pwd|token|secret"
_NOT_A_FACT = re.compile(
    r"不是|原来|换成|改成|改为|改到|不再|以前|已经不|instead of|no longer|used to|changed to|is now"
    rf"|changed from|moved from|will be|should be|{_ASKED}|{_SECRET_WORDS}",
    re.IGNORECASE,
)
# A later clause that names another host with its own value: several entries, not one
_ANOTHER = re.compile(r"(?:是|在|\bis\b|\bat\b)\s*[A-Za-z0-9]", re.IGNORECASE)
_PARTS = re.compile(r"\s*[，,；;。]\s*")
# ... or a second host inside a clause ("db-01 is at 10.0.0.5 and db-02 is at 10.0.0.6", "ci-01
# and ci-02 run jenkins", "db-01 和 db-02 都在机房 A": review17 kept db-02 as db-01's note)
_SECOND_HOST = re.compile(
    r"^(?:and|&|和|与|及|、)\s*[A-Za-z][\w.]*[\d-]"
    rf"|(?:\s|和|与|及){_HOST_ID}\s+(?:is|are|at|runs?|has|have|hosts?)\b",
    re.IGNORECASE,
)
_HOST_NAME = re.compile(_HOST_ID)
# ... or a later clause led by another host with a value ("db-01 10.0.0.5, db-02 10.0.0.6")
_HOST_CLAUSE = re.compile(rf"^(?P<host>{_HOST_ID})\s+\S")
# A key's value said inside the clause before it ("mq-01 在 10.0.0.7 端口 5672", "cache-01 is at
# 10.0.0.9 and listens on 6379"): the key starts a clause of its own
_INNER_KEY = re.compile(
    r"\s+(?:and\s+)?(?=(?:端口|port|用户名?|user(?:name)?|版本|version)\s*[:：=]?\s*[A-Za-z0-9])"
    r"|\s+(?:and\s+)?listens on\s+(?:port\s+)?(?=\d)",
    re.IGNORECASE,
)
# A host moved ("db-01 迁到 10.0.0.9 了", "moved to 10.0.0.9"): its address
_MOVED = re.compile(
    r"^(?:已经?|已)?(?:迁到|迁移到|搬到|挪到|moved to|migrated to)\s*(?P<value>[A-Za-z0-9][^\s，,]*)"
    r"\s*(?:了|啦)?$",
    re.IGNORECASE,
)
_IP = re.compile(r"^\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?$")
# What a value says besides itself: "现在是 5434", "5433 了", "5433 now"
_VALUE_FRAME = re.compile(r"^(?:现在|目前)?(?:是|为)?\s*|\s*(?:了|啦|now)$", re.IGNORECASE)
# An English description's article: "the primary database" and "primary database" are one entry
_ARTICLE = re.compile(r"^(?:the|our|a|an)\s+(?=\S)", re.IGNORECASE)
# A clause that names its own key ("端口 5432", "port: 5432", "用户 deploy", "版本是 16").
_KEYED = re.compile(
    r"^(?:现在|目前)?(?P<key>端口|地址|主机|IP|用户名?|账号|路径|目录|版本|区域|机房|域名|port|address|host|ip|user(?:name)?"
    r"|path|dir(?:ectory)?|version|region|zone|domain|url)\s*(?:都|也)?\s*(?:是|为|[:：=]|is\b)?\s*"
    r"(?P<value>\S.*)$",
    re.IGNORECASE,
)
_API = re.compile(r"api|接口|endpoint|url|网关|gateway", re.IGNORECASE)
# A rule is no host ("以后别在生产机上跑迁移" is not host 以后别 at 生产机上跑迁移): no rule words in
# the name, and the value names something (a digit or a Latin letter: an address, a host, a port).
_RULE_WORDS = re.compile(
    r"以后|今后|别|不要|不能|不许|禁止|严禁|请勿|必须|应该|记得|always|never|don'?t|do not"
    r"|should|must|only ever",
    re.IGNORECASE,
)
_VALUE = re.compile(r"[A-Za-z0-9]")
# What an unkeyed first value is: an address when it looks like one (a host, an IP, a URL)
_ADDRESS = re.compile(r"^(?:\w+://\S+|[\w-]+(?:[.:][\w-]+)+/?|[a-z][\w]*-[\w-]+)$", re.IGNORECASE)
# "gpu-03 的 CUDA 是 12.4", "the runner's image is …": the host, then the fact's key
_OWNED = re.compile(r"^(?P<host>.+?)\s*(?:的|'s|所在)\s*(?P<key>.+)$")
# projects.md's 状态 words, and who owns it ("负责人阿杰", "owner: Lin", "阿杰负责")
_STATUS_WORDS = (
    r"进行中|已完成|完成了?|暂停|搁置|规划中|计划中|待启动|已上线|已取消|评审中|测试中|开发中|灰度中|上线中|上线"
    r"|in progress|in review|in testing|in development|done|finished|paused|on hold|planned"
    r"|shipped|cancelled|blocked"
)
_STATUS = re.compile(rf"^(?:状态\s*[:：是为]?\s*)?(?P<status>{_STATUS_WORDS})$", re.IGNORECASE)
_OWNER = re.compile(
    r"^(?:负责人\s*(?:现在|已经)?\s*(?:[:：是为]|换成|改成|改为|变成)?\s*了?\s*(?P<a>.+?)"
    r"|(?P<b>\S{1,10}?)\s*负责|owner\s*(?:[:：]|is now|is|changed to)?\s*(?P<c>.+?)"
    r"|owned by\s+(?P<d>.+?)|(?P<e>\S+) owns it)\s*(?:了|now)?$",
    re.IGNORECASE,
)
# "目前没人负责", "nobody owns it": no owner to write
_NO_OWNER = re.compile(r"没人|无人|暂无|待定|\b(?:nobody|no one|none|tbd|unassigned)\b", re.I)


def infra_entry(body: str, zh: bool) -> tuple[str, dict[str, str], str] | None:
    """(host or service, facts, "server" | "api") of ``body``, or None when it does not read
    as one entry ("staging 数据库是 pg-stg-02，端口 5432" -> staging 数据库, {地址: pg-stg-02,
    端口: 5432})."""
    said = body.strip().rstrip("。.")
    if _NOT_A_FACT.search(said):
        return None
    host_first = _HOST_FIRST.match(said)
    first_key = None
    if host_first and _OWNED_FACT.match(host_first.group("rest")):
        owned_fact = _OWNED_FACT.match(host_first.group("rest"))
        assert owned_fact is not None
        name, first_key = host_first.group("name").strip(), owned_fact.group("key")
        rest = owned_fact.group("value").strip()
    else:
        if host_first and _HOST_VERB.match(host_first.group("rest")):
            match: re.Match[str] | None = host_first  # "cache-02 runs redis 7 on port 6380"
        elif host_first and _KEYED.match(_PARTS.split(host_first.group("rest"))[0]):
            match = host_first  # "lb-01 端口都是 443"
        else:
            match = _SUBJECT.match(said) or host_first
        if match is None:
            return None
        name, rest = match.group("name").strip(), match.group("rest").strip()
        rest = _PORT_AFTER.sub(", ", rest)
    if (
        _RULE_WORDS.search(name)
        or not _VALUE.search(_PARTS.split(rest)[0])
        or _SECOND_HOST.search(rest)
        or len(_HOST_NAME.findall(name)) > 1
    ):
        return None
    name = _ARTICLE.sub("", name)
    facts: dict[str, str] = {}
    notes: list[str] = []
    owned = _OWNED.match(name)
    if owned:  # the host and the key its first value is for
        name, first_key = owned.group("host").strip(), owned.group("key").strip()
    clauses = [p for p in _PARTS.split(rest) if p]
    if any(
        (other := _HOST_CLAUSE.match(part)) and other.group("host").lower() != name.lower()
        for part in clauses
    ):
        return None  # another host with its own value: two entries, not one
    for part in (p for c in clauses for p in _PARTS.split(_INNER_KEY.sub(_key_clause, c))):
        if not part:
            continue
        keyed, moved = _KEYED.match(part), _MOVED.match(part)
        if keyed:
            facts[keyed.group("key")] = _bare(keyed.group("value"))
        elif moved and not facts:
            facts["地址" if zh else "address"] = moved.group("value")
        elif not facts and not notes:
            facts[first_key or _unkeyed(part, zh)] = _bare(part)
        elif _ANOTHER.search(part) or _RULE_WORDS.search(part):
            return None  # another host, or a rule ("…，以后别直连它"): MEMORY.md keeps it whole
        else:
            notes.append(part)
    if notes:
        facts["备注" if zh else "note"] = "，".join(notes) if zh else "; ".join(notes)
    if not name or not facts:
        return None
    address = next(iter(facts.values()))
    if _IP.match(name) and len(facts) == 1 and _HOST_NAME.fullmatch(address):
        name, facts = address, {"地址" if zh else "address": name}  # "10.0.0.8 是 web-01"
    return name, facts, "api" if _API.search(name) else "server"


def _key_clause(found: re.Match[str]) -> str:
    """Where a key said inside a clause starts its own ("… and listens on 6379": its port)."""
    return "，port " if "listen" in found.group().lower() else "，"


def _bare(value: str) -> str:
    """A value without what frames it ("现在是 5434" -> 5434, "5433 了" -> 5433)."""
    return _VALUE_FRAME.sub("", value.strip()) or value.strip()


# A change of one fact of a host said for infra.md ("db-01 端口改成 5433", "db-01 的端口换成了
# 5433", "db-01 port is now 5433", "db-01 的端口从 5432 改成 5433", "db-01 port changed from
# 5432 to 5433"): review17 found it in MEMORY.md while infra.md kept 5432.
_CHANGE = re.compile(
    rf"^(?P<host>{_HOST_ID})\s*(?:的|'s)?\s*(?P<key>[^\s\d，,：:的]{{1,12}}?)\s*"
    r"(?:从\s*(?P<old>[^，,]+?)\s*)?"  # "从 16 GB 改成 32 GB": the value infra.md has
    r"(?:(?:已经?|也)?(?:改成|换成|改为|改到|换到|变成|变为)了?|is now|(?:is )?changed to"
    r"|(?:was |is )?(?:changed|moved) from (?P<old_en>.+?) to)"
    r"\s*[:：]?\s*(?P<value>[A-Za-z0-9][^，,;；。]*?)\s*[。.]?$",
    re.IGNORECASE,
)
# The same fact in the other language: a change said in Chinese updates an English key.
_SAME_KEY = (
    {"端口", "port"},
    {"地址", "address", "ip", "host", "主机"},
    {"版本", "version"},
    {"用户", "用户名", "账号", "user", "username"},
    {"路径", "目录", "path", "dir", "directory"},
    {"区域", "机房", "region", "zone"},
    {"内存", "memory", "ram", "mem"},
    {"磁盘", "硬盘", "disk", "storage"},
    {"域名", "domain", "url"},
)


# A change that is asked, planned or wished is not one that happened ("…改成 5433 了吗", "下周从
# 5432 改成 5433", "port should be changed …"): review19 found "5433 了吗" written as the port.
_NOT_DONE = re.compile(
    rf"{_ASKED}|下周|明天|下个月|以后|打算|计划|准备|将要|要不要|应该|需要"
    r"|\b(?:will|should|shall|would|could|must|going to|plan(?:ned)? to|next|tomorrow|later)\b",
    re.IGNORECASE,
)
# ...and as a changed fact's key, also the short ones a whole sentence may hold innocently
# ("auth-01", "api key rotation doc"): "db-01 的 pwd / auth / 凭证 从 … 改成 …"
_SECRET_KEY = re.compile(
    rf"{_SECRET_WORDS}|秘钥|凭证|令牌|passphrase|\bpw\b|auth|api.?key", re.IGNORECASE
)
# A value that goes on with a second change or a time ("5433 and web-01 port changed …",
# "5433 yesterday"): not one clean value; MEMORY.md keeps the sentence.
_MORE = re.compile(
    r"\s(?:and|then|also|yesterday|today|last|since|but)\b|以及|并且|然后|昨天|今天|上周|刚刚|同时|（|\(",
    re.IGNORECASE,
)


def infra_change(body: str, facts_of: dict[str, dict[str, str]]) -> tuple[str, str, str] | None:
    """(host, key, new value) when ``body`` changes one fact of a host infra.md already has
    (``facts_of``: each entry's facts); the key is the entry's own when the change names it in
    the other language. None otherwise: the caller keeps it in MEMORY.md, whose notice names
    what the change outdates."""
    found = _CHANGE.match(body.strip())
    if found is None or _RULE_WORDS.search(body) or _NOT_DONE.search(body):
        return None
    host, key, value = found.group("host"), found.group("key"), _bare(found.group("value"))
    facts = facts_of.get(host)
    if facts is None or _SECRET_KEY.search(key) or _MORE.search(value):
        return None
    key = existing_key(key, facts)
    said_old = found.group("old") or found.group("old_en")
    if said_old and key in facts and _squeezed(said_old) != _squeezed(facts[key]):
        return None  # "从 5433 改成 5434" while the file says 5432: which is right? MEMORY.md asks
    return host, key, value


def _squeezed(value: str) -> str:
    return re.sub(r"\s+", "", _bare(value)).lower()


def existing_key(key: str, facts: dict[str, str]) -> str:
    """The key ``facts`` already holds for ``key`` in either language (port -> 端口), else
    ``key``: "db-01 port is 5433 now" updates 端口 instead of adding a second port line."""
    said = key.lower()
    same = next((group for group in _SAME_KEY if said in group), {said})
    return next((k for k in facts if k.lower() in same), key)


def _unkeyed(value: str, zh: bool) -> str:
    """The key of a first value said without one: 地址 when it looks like an address."""
    if _ADDRESS.match(value):
        return "地址" if zh else "address"
    return "说明" if zh else "note"


def project_entry(
    body: str, names: list[str]
) -> tuple[str, str | None, str | None, str | None] | None:
    """(name, status, owner, progress) of ``body``: its first clause names the project (and
    may say its status: "search-v3 测试中", "payments-v2 is in testing", or change one of a
    project in ``names``: "search-v3 is done", "Mia owns search-v3 now"), the others give its
    状态, its 负责人 and, for the rest, its progress ("Tidemark 网关重构，负责人阿杰，进行中").
    None when one clause names a project and says nothing of it."""
    first, *rest = [p for p in _PARTS.split(body.strip().rstrip("。.!！")) if p]
    changed = project_change(first, names)
    status_said = None if changed else _PROJECT_STATUS.match(first)
    if changed:
        name, status, owner, _ = changed
    elif status_said:
        name, status, owner = status_said.group("name").strip(), status_said.group("status"), None
    else:
        name, status, owner = first, None, None
    if (not rest and not (changed or status_said)) or len(name) > 40:
        return None
    progress: list[str] = []
    for part in rest:
        said_status, said_owner = _STATUS.match(part), _OWNER.match(part)
        if said_status and status is None:
            status = said_status.group("status")
        elif said_owner and owner is None:
            found = next(g for g in said_owner.groups() if g).strip()
            if not _NO_OWNER.search(found):
                owner = found
        else:
            progress.append(part)
    return name, status, owner, "，".join(progress) or None


# A change of a project projects.md already has, said in one clause ("search-v3 is done",
# "search-v3 已完成", "search-v3 状态改成测试中", "search-v3 负责人换成 Lee", "Lee owns search-v3
# now"): review17 found "search-v3 is done" in MEMORY.md while projects.md kept "in testing".
_PROJECT_STATUS = re.compile(
    r"^(?:the\s+)?(?P<name>.+?)\s*(?:的|'s)?\s*(?:状态|status)?\s*(?:已经|现在|目前|也)?\s*"
    r"(?:(?:是|改成|改为|变成|换成|转为|进入|到了)\s*|(?:is|has been|was)\s+(?:now\s+)?"
    r"|(?:is\s+)?(?:now|changed to)\s+|[:：]\s*)?"
    rf"(?P<status>{_STATUS_WORDS})\s*(?:了|啦)?$",
    re.IGNORECASE,
)
_PROJECT_OWNER = re.compile(
    r"^(?P<name>.+?)\s*(?:的|'s)?\s*(?:负责人|owner)\s*(?:现在|已经)?\s*"
    r"(?:换成|改成|改为|变成|是|为|is now|is|changed to|[:：])\s*了?\s*(?P<owner>[^，,]+?)\s*了?$"
    r"|^(?P<name2>.+?)\s+(?:is\s+)?now owned by\s+(?P<owner2>[^，,]+?)$"
    r"|^(?P<owner3>[^\s，,]+)\s+(?:now\s+)?owns\s+(?P<name3>.+?)(?:\s+now)?$"
    r"|^(?P<name4>.+?)\s*(?:现在|以后|改)?由\s*(?P<owner4>[^\s，,]+?)\s*负责了?$",
    re.IGNORECASE,
)


def project_change(body: str, names: list[str]) -> tuple[str, str | None, str | None, None] | None:
    """(name, status, owner, None) when ``body`` changes the status or the owner of a project
    ``names`` holds (matched without case), else None: the caller keeps the sentence in
    MEMORY.md."""
    said = body.strip().rstrip("。.!！")
    known = {name.lower(): name for name in names}
    status = _PROJECT_STATUS.match(said)
    if status and status.group("name").strip().lower() in known:
        return known[status.group("name").strip().lower()], status.group("status"), None, None
    owner = _PROJECT_OWNER.match(said)
    if owner is None:
        return None
    groups = owner.groupdict()
    for suffix in ("", "2", "3", "4"):
        name = (groups[f"name{suffix}"] or "").strip().lower()
        if name in known:
            return known[name], None, groups[f"owner{suffix}"], None
    return None
