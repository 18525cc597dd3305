"""Explicit instructions ("记住：...", "remember ...") written at once, without the pool.

An explicit instruction is the user's own approval (docs/design.md principle 4), so it skips the
candidate pool. Rules decide where it goes: the user's own preferences and background go to
USER.md, rules of conduct whose neglect would cause a failure become L1 principles, other
durable facts go to MEMORY.md. Where a preset lacks the chosen role the next fitting one is used.
"""

from __future__ import annotations

import re
from typing import Any

from memstrata.core.evolution_log import log_evolution
from memstrata.core.workspace import Workspace
from memstrata.core.writer import Writer
from memstrata.entries.journal import lesson
from memstrata.errors import MemstrataError
from memstrata.formats.bullets import add_bullet, refresh_header, render_bullet
from memstrata.formats.principles import Principle, add_principle
from memstrata.text.requests import named_role, strip_request
from memstrata.text.rule_titles import entry_title, without_frame
from memstrata.text.scripts import restored, simplified
from memstrata.text.spans import Placed, Span
from memstrata.text.titles import brief

_TRIGGER_PREFIX = re.compile(
    r"^\s*(?:请|please\s+)?(?:记住|记一下|记下来|remember(?:\s+that)?|note(?:\s+that)?)\s*[:：,，]?\s*",
    re.IGNORECASE,
)
_USER = re.compile(
    r"^我(?!们)|我(?:喜欢|偏好|习惯|更喜欢|不喜欢|讨厌|希望|的(?:名字|职业|工作|时区|背景))|叫我|称呼我"
    r"|(?:回复|回答|答复|输出)(?:都|一律|请)?(?:用|使用)|用(?:中文|英文|英语)(?:回复|回答)"
    # how long answers are is the user's taste too (review15: "以后回复简短一点" went to MEMORY.md)
    r"|(?:回复|回答|答复)(?:都|一律|请|要|得)?(?:简短|简洁|短|精简|详细|长)"
    r"|\b(?:keep|make) (?:your |the )?(?:replies|answers|responses) (?:short|brief|concise|shorter)\b"
    r"|\bI\s+(?:prefer|like|love|hate|dislike|am|work|live|use)\b|\bI'm\b|\bmy\s+(?:name|role|job|team|timezone|preference)"
    r"|\bcall me\b|\b(?:reply|respond|answer|write)\s+(?:to me\s+)?in\b"
    # the language of code comments (note 004's own card: "代码注释优先使用中文" → 👤 偏好 → USER.md;
    # "以后都用中文写注释哈" went to MEMORY.md: learning_sim11)
    r"|(?:注释|注解)(?:都|一律|请|尽量|要|优先)?(?:用|使用|写成?)(?:中文|英文|英语)"
    r"|(?:用|使用)(?:中文|英文|英语)写(?:代码)?(?:注释|注解)"
    r"|\b(?:code )?comments? in (?:chinese|english)\b|\b(?:write|keep) (?:the )?comments in\b"
    # how answers are laid out is the user's taste, even said as a standing rule (以后都用表格来
    # 对比方案, "Always put comparisons in a table": learning_sim2)
    r"|(?:用|以|放进?|做成|列成)(?:表格|列表)|表格(?:来|的形式)?(?:对比|展示|列出|比较)"
    r"|\b(?:in|as) (?:a )?(?:table|bullet list|bullet points)\b"
    # so is the order of an answer (以后都先说结论再展开, "bottom line first": learning_sim3)
    r"|先(?:说|给|讲|写|摆|放)结论|结论(?:先行|放(?:在)?(?:最)?前面)"
    r"|\b(?:bottom line|conclusion|tl;?dr|the answer) first\b|\blead with the (?:conclusion|bottom line|answer)\b",
    re.IGNORECASE,
)
_RULE = re.compile(
    r"永远不要|永远|不要|别再|禁止|必须|务必|一定要|以后都|每次|总是|不能|不可|不得|避免|千万"
    r"|\b(?:never|always|must|don't|do not|avoid|make sure|should not|shouldn't)\b",
    re.IGNORECASE,
)
_CORRECTION = re.compile(
    r"→|->|改用|应该是|而不是|不是.+而是|\binstead\b|\bshould be\b", re.IGNORECASE
)
_BACKGROUND = re.compile(
    r"我是|我在|我的(?:职业|工作)|职业|工作|技术栈|\bI am\b|\bI'm\b|\bI work\b|\bmy (?:job|role|team)\b",
    re.IGNORECASE,
)
_STYLE = re.compile(
    r"回复|回答|语言|格式|简短|详细|语气|表格|列表|\btables?\b|\breply|\brespond|\banswer|\blanguage|\bformat|\btone|\bconcise",
    re.IGNORECASE,
)
_REASON = re.compile(
    r"(?:因为|由于|否则|不然|要不然|会导致|免得|以免|\bbecause\b|\bsince\b|\botherwise\b|\bor else\b|\bso that\b)[^。！？!?;；]*",
    re.IGNORECASE,
)
_CATEGORIES = [
    (
        "配置",
        "config",
        r"配置|端口|API|提供商|密钥|认证|环境变量|config|port|provider|endpoint|auth",
    ),
    ("排障", "debug", r"错误|报错|失败|重启|日志|排查|error|fail|crash|debug|restart|log"),
    ("技能", "skills", r"技能|安装|插件|skill|install|plugin"),
    ("多代理", "multi-agent", r"代理|子代理|调度|agent|subagent|delegate"),
    ("调研分析", "research", r"调研|报告|分析|research|report|analysis"),
]


def strip_trigger(text: str) -> str:
    """The instruction without its leading 记住 / remember, or a request that names the memory
    ("这条写进你的 memory：")."""
    return strip_request(_TRIGGER_PREFIX.sub("", text, count=1).strip())


def classify(text: str) -> str:
    """``user``, ``principles`` or ``long_term`` for an explicit instruction (rules only), or
    ``lessons`` when the request names that file ("lessons 里记一笔：…")."""
    text = simplified(text)  # the rules' characters
    named = named_role(_TRIGGER_PREFIX.sub("", text, count=1).strip())
    if named is not None:  # "往 USER.md 里写：…": the file the user named
        return named
    body = strip_trigger(text)
    if _USER.search(body):
        return "user"
    if _RULE.search(body):
        return "principles"
    return "long_term"


def _category(text: str, lang: str) -> str:
    for zh, en, pattern in _CATEGORIES:
        if re.search(pattern, text, re.IGNORECASE):
            return zh if lang == "zh" else en
    return "通用" if lang == "zh" else "general"


# Said to be kept from others ("先别告诉团队", "别让老板知道", "keep this between us"): never written
# where a shared session or a subagent reads (USER.md is shared in some presets). Not a rule
# about output ("不要告诉用户错误堆栈", "don't tell me jokes").
_CONFIDENTIAL = re.compile(
    r"(?:先|千万|可|暂时|暂且)?(?:别|不要|不能|不许)(?:告诉(?!我|用户|客户)|透露|说出去|外传|公开|声张"
    r"|(?:让|给|跟|和|同|被)(?!我|用户|客户).{1,8}(?:知道|看到|说|讲))|保密|别外传|不要外传|这是私事|是我的私事"
    # written Cantonese, read as typed ("唔好話俾團隊知住": review34)
    r"|唔好(?:話|话|講|讲|同|俾|畀|被)[^，,。]{0,10}(?:知|聽|听|講|讲)"
    r"|\b(?:don'?t|do not) (?:tell (?!me\b|(?:the )?(?:users?|customers?)\b)|share (?:this|it) with|mention (?:this|it) to|let .{1,30} know)"
    r"|\bconfidential\b|\bkeep (?:this|it) (?:private|secret|between us|to yourself|quiet)\b"
    r"|\boff the record\b|\b(?:just )?between (?:you and me|us)\b",
    re.IGNORECASE,
)


# Personal matters a user tells the agent in a private chat (where they live, their health, a
# job search, family, money): never published to a file every shared session reads, even when
# not said to be secret (review15: an address and a therapy schedule went to USER.md, which the
# openclaw and memory-manager presets show in group chats). Said about the user themselves only.
_PERSONAL = re.compile(
    r"我住在|我家(?:住)?在|家庭?住址|我的(?:住址|地址)|我老家|(?:看|去看)(?:病|医生|心理)|心理(?:医生|咨询)|我.{0,6}"
    r"(?:生病|住院|吃药|怀孕|抑郁|焦虑症|确诊|过敏|糖尿病|高血压|色盲|色弱|离婚|离职|辞职|辭職|跳槽|找工作|换工作|工资|薪水"
    r"|薪资|月薪|年薪|存款|贷款|房贷)"
    # a job search, not interviewing candidates for the team
    r"|我.{0,4}(?:在面试|去面试|面了)(?!候选人)|面试(?:别的|其他|新)(?:公司|工作)|在看(?:新)?机会"
    r"|我(?:老婆|老公|妻子|丈夫|女朋友|男朋友|孩子|女儿|儿子|爸|妈|父母)"
    r"|\bI live (?:at|in|on)\b|\bmy (?:home )?address\b|\b(?:my )?therap(?:ist|y)\b"
    r"|\bI(?:'m| am)? (?:seeing a (?:doctor|therapist)|pregnant|on medication|interviewing|job hunting"
    r"|applying (?:to|for) (?:other )?(?:jobs|companies)|colou?r-?blind|allergic|diabetic"
    r"|going through a divorce)\b|\bmy (?:salary|diagnosis|wife|husband|allerg\w*|divorce"
    r"|kids?|daughter|son|partner|health)\b",
    re.IGNORECASE,
)


def keep_private(ws: Workspace, text: str, target: str) -> str:
    """``target``, or a private role the layout has when ``text`` asks to be kept from others
    and ``target`` is not private (a tester's round on 7731d2a: "记住：我下个月要离职，先别告诉
    团队" went to USER.md, which every session of the memory-manager preset reads)."""
    from memstrata.core.permissions import private_roles

    private = private_roles(ws.config)
    text = simplified(text)  # "先別告訴團隊" is kept from others too
    if target in private or not (_CONFIDENTIAL.search(text) or _PERSONAL.search(text)):
        return target
    return next(
        (r for r in ("long_term", "user", "principles") if r in private and ws.role(r)), target
    )


def _fallbacks(role: str) -> tuple[str, ...]:
    return {
        "user": ("user", "long_term", "principles"),
        "principles": ("principles", "long_term"),
        "long_term": ("long_term", "principles"),
        "lessons": ("lessons", "long_term", "principles"),
        "infra": ("infra", "long_term", "principles"),
        "projects": ("projects", "long_term", "principles"),
    }[role]


def remember(
    writer: Writer,
    text: str,
    role: str | None = None,
    source: str | None = None,
    named: str | None = None,
) -> Placed:
    """Write an explicit instruction at once and log it in EVOLUTION_LOG.md. ``role`` forces
    the file (``--role``); ``named`` is the file the user's words named where ``text`` no longer
    holds them (a signal's detail): chosen like ``role``, but still kept from others when asked."""
    ws = writer.ws
    body = writer.clean(restored(strip_trigger(simplified(text)), text))  # 記住： is 记住：
    if not re.search(r"[^\W_]", body):  # empty, or emoji and punctuation only ("😀😀😀")
        raise MemstrataError("nothing to remember: the text says nothing (no word in it)")
    wanted = role or named or classify(text)
    target = next((r for r in _fallbacks(wanted) if ws.role(r) is not None), None)
    if target is None:
        raise MemstrataError(f"the '{ws.preset}' layout has no role for {wanted!r} memories")
    if role is None:
        target = keep_private(ws, body, target)
    zh = ws.lang == "zh"
    origin = source or ("用户明确指示" if zh else "explicit instruction")
    with writer.transaction():  # the entry and its log line, together
        return _write(writer, target, body, wanted, origin)


def _write(writer: Writer, target: str, body: str, wanted: str, origin: str) -> Placed:
    if target in ("infra", "projects"):
        placed = _named_file_entry(writer, target, body)
        if placed is not None:
            log_evolution(writer, origin, placed.span.location(), body)
            return placed
        # a sentence that reads as no host or project: MEMORY.md keeps it, as it always did
        target = next(r for r in _fallbacks(target)[1:] if writer.ws.role(r) is not None)
    if target == "principles":
        result = write_principle(writer, body, origin)
    elif target == "lessons":
        result = write_lesson(writer, body)
    else:
        result = write_bullet(writer, target, body, wanted, origin)
    location = result.span.location()
    if result.span.entry_id and not result.span.entry_id.startswith(result.path):
        location += f" ({result.span.entry_id})"
    log_evolution(writer, origin, location, body)
    return result


def _named_file_entry(writer: Writer, target: str, body: str) -> Placed | None:
    """The entry the user asked for in infra.md or projects.md (entries.named_files), or None
    when the sentence does not read as one."""
    from memstrata.entries.journal import infra, project
    from memstrata.entries.named_files import (
        existing_key,
        infra_change,
        infra_entry,
        project_entry,
    )

    if target == "infra":
        known = _infra_facts(writer)
        # A change of a fact the file holds updates that line; read first, or "db-01 port
        # changed from 5432 to 5433" would be the value of a port (review18).
        change = infra_change(body, known)
        host = (
            (change[0], {change[1]: change[2]}, "server")
            if change is not None
            else infra_entry(body, writer.ws.lang == "zh")
        )
        if host is not None and change is None and host[0] in known:
            # a host the file holds: its facts keep their keys
            had = known[host[0]]
            host = (host[0], {existing_key(k, had): v for k, v in host[1].items()}, host[2])
        placed = None if host is None else infra(writer, host[0], host[1], host[2])
    else:
        # a new project, or a change of one the file holds ("search-v3 is done")
        found = project_entry(body, _project_names(writer))
        placed = None if found is None else project(writer, *found)
    return None if placed is None else Placed(placed.span, placed.title, body)


def _project_names(writer: Writer) -> list[str]:
    """The names of projects.md's projects (empty when the file does not exist yet)."""
    from memstrata.formats.projects import parse_projects

    path = writer.ws.role_path("projects")
    if not writer.ws.exists(path):
        return []
    return [entry.name for entry in parse_projects(writer.ws.read_lines(path), path)]


def _infra_facts(writer: Writer) -> dict[str, dict[str, str]]:
    """Each infra.md entry's facts, by its name (empty when the file does not exist yet)."""
    from memstrata.formats.infra import parse_infra

    path = writer.ws.role_path("infra")
    if not writer.ws.exists(path):
        return {}
    return {entry.name: entry.facts for entry in parse_infra(writer.ws.read_lines(path), path)}


def reason_in(text: str) -> str:
    """The user's own reason in ``text`` (因为… / otherwise…), or "": a principle's ``why`` is
    that reason or left for the user, never boilerplate."""
    match = _REASON.search(text)
    return match.group(0).strip(" ，,") if match else ""


def write_principle(
    writer: Writer, body: str, origin: str, why: str | None = None, generalize: str = ""
) -> Placed:
    ws = writer.ws
    body = without_frame(writer.clean(body))  # before the title is cut from it
    path = ws.role_path("principles")
    principle = Principle(
        number=0,
        title=entry_title(body),
        body=body,
        category=_category(body, ws.lang),
        source=f"{ws.today().isoformat()} {f'[{writer.agent}] ' if writer.agent else ''}{origin}",
        why=reason_in(body) if why is None else why,
        generalize=generalize,
    )
    placed = writer.rewrite(
        path, lambda lines: add_principle(lines, principle, path), role="principles"
    )
    span = Span(path, placed.start_line, placed.end_line, "principles", placed.pid)
    return Placed(span, placed.title, body)


# Where a lesson's story ends and what to do from now on begins ("上次 Redis 没设密码被扫了，以后
# Redis 都要开 requirepass"): the story is its 现象 and title (as lessons.md titles incidents),
# the rest its 解决.
_FROM_NOW_ON = re.compile(
    r"以后|今后|下次|往后|从今天起|长个记性|\b(?:from now on|next time|going forward|in future)\b",
    re.IGNORECASE,
)


def write_lesson(writer: Writer, body: str) -> Placed:
    """A lesson the user asked for by naming lessons.md (review14b: it went to MEMORY.md), cut
    into lessons.md's fields by its own words: the story (its title and 现象), the reason
    (因为 / because: 原因) and what to do from now on (以后 / 要加 / always: 解决); a lesson
    said as a rule alone is its own title. Severity stays the file's default (P1), never
    guessed (review15: story, cause and fix ran together)."""
    body = writer.clean(body)
    parts: dict[str, list[str]] = {"story": [], "cause": [], "fix": []}
    for piece in re.split(r"(?<=[，,。；;！!？?])|(?=\s+(?:because|since)\b)", body):
        said = piece.strip()
        if not said:
            continue
        if _REASON.match(said) or (parts["story"] and _CAUSE.match(said)):
            part = "cause"
        elif parts["fix"] or _FROM_NOW_ON.search(said) or _RULE.search(said) or _FIX.match(said):
            part = "fix"
        else:
            part = "cause" if parts["cause"] else "story"
        parts[part].append(piece)
    story, cause, fix = ("".join(parts[k]).strip(" ，,。；;") for k in ("story", "cause", "fix"))
    title = entry_title(story or fix or cause)
    # 现象 always holds the story, also when it is short enough to be the title whole: every
    # lesson reads the same (review16: a one-clause story had no 现象 line)
    placed = lesson(writer, title, symptom=story, cause=cause, fix=fix)
    return Placed(placed.span, placed.title, body)


# What to do said without a rule word ("要加 --no-cache", "use --no-cache-dir").
_FIX = re.compile(
    r"^\s*(?:要|需要|得|记得|改用|换成|改成|先用|先|加上?|用|\b(?:use|add|run|set|pin|review|check)\b)",
    re.IGNORECASE,
)
# A clause that gives the cause without 因为 ("会导致旧依赖" after the story).
_CAUSE = re.compile(r"^\s*(?:会导致|导致|原因是|是因为|\b(?:caused by|due to)\b)", re.IGNORECASE)


def bullet_section(role: str, body: str, wanted: str, correction: bool = False) -> str:
    """The ``##`` section a bullet goes to: corrections to 错误修正记录 (note 004)."""
    if role == "user":
        return (
            "background"
            if _BACKGROUND.search(body)
            else "style"
            if _STYLE.search(body)
            else "preferences"
        )
    return (
        "corrections" if (correction or _CORRECTION.search(body)) and wanted != "user" else "rules"
    )


def planned_bullet(
    writer: Writer,
    role: str,
    body: str,
    wanted: str,
    origin: str,
    correction: bool = False,
    section: str | None = None,
) -> tuple[str, Any]:
    """(path, transform) of a bullet write: used to write it, and to say beforehand which
    line it will land on (the card's "预计写入 Lxx"). ``section``: when the caller knows (the
    weekly integration's 近期成果 go to note 002's status snapshot)."""
    ws = writer.ws
    body = without_frame(writer.clean(body))
    path = ws.role_path(role)
    chosen = section or bullet_section(role, body, wanted, correction)
    tag = f"[{writer.agent}] " if writer.agent else ""
    bullet = render_bullet(ws.now().strftime("%Y-%m"), tag + body, origin, ws.lang)
    today = ws.today().isoformat()

    def transform(lines: list[str]) -> tuple[list[str], int]:
        added, line = add_bullet(lines, chosen, bullet, ws.lang, path)
        refreshed = refresh_header(added, today)
        return refreshed, line + (len(refreshed) - len(added))

    return path, transform


def write_bullet(
    writer: Writer,
    role: str,
    body: str,
    wanted: str,
    origin: str,
    correction: bool = False,
    section: str | None = None,
) -> Placed:
    body = without_frame(writer.clean(body))  # before the title is cut from it
    path, transform = planned_bullet(writer, role, body, wanted, origin, correction, section)
    line = writer.rewrite(path, transform, role=role)
    return Placed(Span(path, line, line, role), entry_title(body), body)


def pattern_path(ws: Workspace, body: str, domain: str | None = None) -> str:
    """The domain file an L2 pattern goes to (note 000's list; ``other`` when none fits)."""
    from memstrata.core.layouts import PATTERN_DOMAINS

    domain = domain or next(
        (en for _zh, en, rx in _CATEGORIES if re.search(rx, simplified(body), re.IGNORECASE)),
        "general",
    )
    domain = domain if domain in PATTERN_DOMAINS else "other"
    return f"{ws.require_role('patterns').path}/{domain}.md"


# "…，场景：发布网关" / "…; when: releasing": the scenario the user named for a pattern.
_SCENARIO = re.compile(
    r"[，,。；;\s]*(?:适用场景|使用场景|场景|scenario|when|context)\s*[:：]\s*(?P<scenario>[^\n]+?)"
    r"[。.!！\s]*$",
    re.IGNORECASE,
)


def split_scenario(body: str) -> tuple[str, str]:
    """(the lesson, the scenario it names: "" when none)."""
    found = _SCENARIO.search(body)
    if found is None or found.start() == 0:
        return body, ""
    return body[: found.start()].strip(), found.group("scenario").strip()


def write_pattern(writer: Writer, body: str, origin: str, domain: str | None = None) -> Placed:
    """Write an L2 pattern into its domain file and add its line to patterns/index.md; a
    scenario the user named ("场景：发布网关") is its context, not part of its title."""
    from memstrata.formats.patterns import IndexLine, Pattern, add_index_line, add_pattern

    ws = writer.ws
    body, scenario = split_scenario(writer.clean(body))  # cleaned before anything is cut
    folder = ws.require_role("patterns").path
    path = pattern_path(ws, f"{body} {scenario}", domain)
    domain = path.rsplit("/", 1)[-1][: -len(".md")]
    index_path = f"{folder}/index.md"
    title = entry_title(body)
    context = scenario or (body if len(body) <= 40 else brief(body, 40))
    pattern = Pattern(
        title=title,
        body=body,
        context=context,
        tags=[domain],
        source=f"{ws.today().isoformat()} {origin}",
    )
    placed = writer.rewrite(path, lambda lines: add_pattern(lines, pattern, path), role="patterns")
    writer.rewrite(
        index_path,
        lambda lines: add_index_line(lines, IndexLine(title, f"{domain}.md", context)),
        role="patterns",
    )
    return Placed(Span(path, placed.start_line, placed.end_line, "patterns", title), title, body)
