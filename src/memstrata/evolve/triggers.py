"""A user message through the learning loop: detect and queue, then what the policy asks for.

``capture.record`` detects and queues; this module adds the policy's explicit triggers (note 000's
table, note 004's one-step card), used by ``memstrata signal`` and the MCP tool in the owner's
main session (hooks only queue):

* "这个经验记一下" / "save this as a pattern": an L2 pattern + index line, its scenario inferred
  from the message and the tool context, or asked for when nothing specific was said;
* "反思一下" / "回顾一下" / "reflect": a reflection now (heartbeat forced, findings written);
* "好了" / "满意" / "完成" / "done": the quick check: anything pending is synthesised and written;
* "不对" / "有问题" with a specific correction (synthesis policy): classified and written at once;
* an explicit instruction under note 004's policy: proposed on the evolution card at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from memstrata.capture.record import SignalReport, record_signals
from memstrata.capture.signals import Signal
from memstrata.capture.statement import strip_echo
from memstrata.core.writer import Writer
from memstrata.evolve.policy import explicit_at_once, policy
from memstrata.text.requests import named_role
from memstrata.text.rule_titles import lesson_first
from memstrata.text.scripts import restored, simplified
from memstrata.text.similarity import similarity
from memstrata.text.spans import Placed, Span
from memstrata.text.titles import brief, clip, title_limit

if TYPE_CHECKING:
    from memstrata.evolve.known import Known

_PATTERN = re.compile(
    r"(?:^|[，,。；;!！]\s*)(?:把)?这个(?:经验|套路|做法|流程)(?:给我)?(?:记一下|记下来|存一下|沉淀一下)"
    # at the end, or between what happened and the lesson ("然后疯狂 rebalance。这个经验记一下，
    # 下回先查 …": round 21, written as an L1 principle)
    r"(?=\s*[。.!！~]*\s*$|\s*[，,：:])"
    r"|^\s*(?:把)?这个(?:经验|套路|做法|流程)(?:给我)?(?:记一下|记下来|存一下|沉淀一下)"
    # English opens its sentence with it: "don't note this down as a lesson", "I'll write this
    # down as a lesson later" and "he told me to jot this down" ask for nothing (review22)
    r"|(?:^|[.!;。！；]\s*)(?:(?:please|pls|plz)\s+)?(?:save|keep|record|note|write|jot|put) "
    r"(?:this|that)(?: one)?(?: down)? (?:as a |as an )?"
    r"(?:pattern|lesson|experience|playbook)\b(?:\s*\([^()\n]{0,60}\))?",
    re.IGNORECASE,
)
# Said before a request that is someone else's ("老王说，这个经验记一下，…"), and what tells a
# lesson said again ("same as last week's", "又", "上次").
_REPORTED = re.compile(r"(?:说|讲|觉得|告诉我|\bsaid|\bsays)\s*[，,：:]?\s*$", re.IGNORECASE)
_SAID_AGAIN = re.compile(
    # (not a bare 又: "线上又挂了。这个经验记一下：…" says the failure came back, not the lesson)
    r"又(?:说|提|记)|再(?:记|说)一[下遍次]|重复|还是那个|上次|上周|之前(?:说|记)过|\bsame as\b"
    r"|(?:^|[.!;(（]\s*)again\b|\bonce again\b"
    r"|\bas (?:before|last time)\b",
    re.IGNORECASE,
)


def _asks_for_a_pattern(text: str) -> bool:
    """Whether ``text`` asks to keep a lesson as an L2 pattern: not a question, not a request
    someone else made, and not one the message turns from at once ("这个经验记一下，不过先别急着写":
    review22)."""
    if text.rstrip().endswith(("?", "？")):
        return False
    from memstrata.capture.signals import ASIDE

    for request in _PATTERN.finditer(text):
        rest = text[request.end() :]
        after = rest.lstrip(" ，,：:")
        # after a colon comes the lesson, often a condition ("note this down as a lesson: when
        # the zigbee coordinator won't form a network, check the channel mask": learning_sim9)
        colon = any(mark in rest[: len(rest) - len(after)] for mark in ":：")
        aside = _TURNS_AWAY if colon else ASIDE
        if _REPORTED.search(text[: request.start()]) or (after and aside.match(after)):
            continue
        return True
    return False


# What turns from a request even after its colon ("这个经验记一下：算了，先别记").
_TURNS_AWAY = re.compile(
    r"\s*(?:算了|(?:先)?别记|不用记|不过|但是|never ?mind|forget (?:it|that)|scratch that|wait\b|but\b)",
    re.IGNORECASE,
)


_REFLECT = re.compile(
    r"^\s*(?:反思一下|回顾一下|复盘一下|总结一下经验)|^\s*(?:let'?s )?(?:reflect|do a retro(?:spective)?)\b",
    re.IGNORECASE,
)
_DONE = re.compile(
    r"^\s*(?:好了|满意|完成|搞定了?|可以了)\s*[。!！~]*\s*$|^\s*(?:done|all done|finished|that's all)\s*[.!]*\s*$",
    re.IGNORECASE,
)
_CORRECT_NOW = re.compile(r"^\s*(?:不对|有问题|错了)")
# A whole message that takes back what was just said ("开玩笑的", "刚才那条是逗你的", "just
# kidding"): a rule written at once from the message before stays written (memstrata deletes
# nothing by itself), so the answer points at it (a tester's round on 21d773d).
_TAKEN_BACK = re.compile(
    r"^\s*(?:哈+[，,]?\s*)?(?:刚才|上一条|上面)?(?:那条|那句|说的)?(?:都)?(?:是)?"
    r"(?:开玩笑的?|逗你的|逗你玩的?|开个玩笑|说着玩的|just kidding|kidding|jk|j/k)"
    r"(?:啦|哈+|的|lol)?\s*[。.!！~～😂🤣]*\s*$",
    re.IGNORECASE,
)
JUST_NOW_MINUTES = 30


@dataclass
class TriggerResult:
    """What the message did beyond queueing."""

    report: SignalReport
    action: str = ""  # pattern | reflection | quick_check | correction | card | waiting | ""
    written: list[dict[str, Any]] = field(default_factory=list)
    card: str = ""
    question: str = ""


def handle(
    writer: Writer, text: str, context: str = "", source: str = "user", dry_run: bool = False
) -> TriggerResult:
    """Detect and queue the signals of ``text``, then run the trigger it carries, if any."""
    ws = writer.ws
    # Redact before anything is cut (details at 100, outputs at 40 characters).
    text, context = writer.clean(text), writer.clean(context)
    main = writer.session.kind == "main"
    synthesis = policy(ws) == "synthesis"
    at_once = explicit_at_once(ws)
    reading = simplified(text)  # the triggers are written in simplified characters
    pattern_request = _asks_for_a_pattern(reading)
    # written as a pattern only in the owner's main session; elsewhere the lesson is queued
    writes_pattern = pattern_request and main and source == "user" and not dry_run
    report = record_signals(
        writer,
        text,
        context=context,
        source=source,
        dry_run=dry_run or writes_pattern,
        write_explicit=_explicit_writer(writer, text) if at_once and not pattern_request else False,
        outdates=lambda said: _outdates(writer, said),
    )
    result = TriggerResult(report)
    if dry_run or not main or source != "user":
        return result
    if _TAKEN_BACK.match(reading):
        result.question = _written_just_now(writer)
        return result
    if writes_pattern:
        return _pattern(writer, text, context, result)
    if _REFLECT.search(reading):
        return _synthesise(writer, result, "reflection")
    if _DONE.match(reading):
        return _synthesise(writer, result, "quick_check")
    if (
        synthesis
        and _CORRECT_NOW.match(reading)
        and any(s.kind == "correction" and s.detail for s in report.signals)
    ):
        return _synthesise(writer, result, "correction")
    if not at_once and any(s.promote_now and s.detail for s in report.signals):
        from memstrata.evolve.heartbeat import heartbeat

        beat = heartbeat(writer, force=True)
        # "waiting": the card is made but this session already saw two (``proposals`` lists it)
        result.action, result.card = ("card" if beat.card else "waiting"), beat.card
    return result


def _outdates(writer: Writer, text: str) -> bool:
    """Whether ``text`` names another value for something memory or the pool holds (asked only
    of a message the classifier is sure of and cannot label: reading memory costs an
    embedding of its entries)."""
    from memstrata.core.permissions import can_read
    from memstrata.evolve import known
    from memstrata.evolve.heartbeat import embedder_for

    # only entries the session may read: the label it gets back must not tell a shared session
    # what a private file or the candidate pool holds
    stale = known.outdated(writer.ws, text, embedder_for(writer.ws))
    return any(can_read(writer.ws.config, writer.session, k.role) for k in stale)


def _explicit_writer(writer: Writer, text: str) -> Callable[[Signal], dict[str, Any]]:
    """How the explicit instructions of ``text`` are written: each at once, except that a request
    naming a memory file ("add to lessons: the migration dropped a column…; always review…") is
    one entry of all it says, in that file (review15: its clauses went to lessons.md and
    principles.md as two entries)."""
    if named_role(simplified(text)) is None:
        return lambda signal: write_explicit(writer, signal)
    done: dict[str, Any] = {}

    def whole(signal: Signal) -> dict[str, Any]:
        if not done:
            done.update(
                write_explicit(
                    writer,
                    replace(
                        signal, detail=restored(strip_echo(simplified(text)), text), evidence=text
                    ),
                )
            )
        return done

    return whole


def write_explicit(writer: Writer, signal: Signal) -> dict[str, Any]:
    """Write an explicit instruction at once, unless memory already holds it (remember_once)."""
    stale = _stale_entries(writer, signal.detail)  # read before the new entry is there
    # the file the user named ("lessons 里记一笔：…") is in the evidence, not in the detail
    placed, seen_again = remember_once(
        writer, signal.detail, named=named_role(simplified(signal.evidence))
    )
    done: dict[str, Any] = {
        "role": placed.role,
        "cite": placed.cite,
        "entry_id": placed.entry_id,
        "location": placed.span.location(),
    }
    if seen_again:
        # what it was taken for, so that a wrong match is seen (and `remember --new` can add it)
        done["seen_again"] = True
        done["title"] = placed.title
    elif stale:
        done["outdates"] = stale
    return done


def _stale_entries(writer: Writer, text: str) -> list[str]:
    """Entries in memory that ``text`` gives another value for ("记住：测试机 IP 换成 10.0.3.9 了"
    after "测试机 IP 是 10.0.3.7"), as citations with their words: the older one is kept (nothing
    is deleted unasked), and the user is told which it is (review15: three IPs were kept side by
    side without a word). Only entries this session may read."""
    from memstrata.core.permissions import can_read
    from memstrata.evolve import known
    from memstrata.evolve.heartbeat import embedder_for

    ws = writer.ws
    return [
        f"📍 {k.path}:L{k.line} {brief(k.text, title_limit(k.text))}"
        for k in known.outdated(ws, text, embedder_for(ws))
        if k.role != "candidates"
        and can_read(ws.config, writer.session, k.role)
        and _same_subject(text, k.text)
    ]


# What names a value rather than a subject: numbers, versions, addresses, weekdays, times.
_VALUE_WORD = re.compile(
    r"[\w.:/-]*\d[\w.:/-]*|(?:周|星期|礼拜)[一二三四五六日天]|[零一二三四五六七八九十两]+(?:点|号|天|个|秒|分钟|小时)"
)
_UNIT = re.compile(r"[a-z][a-z_-]*|[\u4e00-\u9fff]{2,}")


def _same_subject(new: str, old: str) -> bool:
    """Whether ``new`` speaks of what ``old`` does: every word of ``old`` is said in ``new`` (a
    Chinese run by its head and half its pairs: 网关端口是 / 网关端口改成), but its values and a last
    word with no value after it, which is the value ("前端用 pnpm"). review15b: "生产机 IP" was read
    as a change of "测试机 IP", "postgres 端口" of "redis 端口", "后端用 uv" of "前端用 pnpm"."""
    said = _VALUE_WORD.sub(" ", new.lower())
    bare = _VALUE_WORD.sub(" \x00 ", old.lower())
    units = [m for m in _UNIT.finditer(bare)]

    def spoken(unit: str) -> bool:
        pairs = [unit[j : j + 2] for j in range(len(unit) - 1)]
        return unit in said or (
            unit[:2] in said and 2 * sum(p in said for p in pairs) >= len(pairs) and len(unit) > 2
        )

    missing = [i for i, m in enumerate(units) if not spoken(m.group(0))]
    last_is_value = bool(units) and "\x00" not in bare[units[-1].end() :]
    allowed = {len(units) - 1} if last_is_value else set()
    return len(missing) < len(units) and set(missing) <= allowed


def remember_once(
    writer: Writer,
    text: str,
    role: str | None = None,
    new: bool = False,
    named: str | None = None,
) -> tuple[Placed, bool]:
    """Write an explicit instruction ("记住：…") at once, unless memory already holds it: then
    the existing entry is strengthened (a repeat, in any language or other words, is not a
    second entry) and returned with True. ``memstrata remember``, the MCP tool and ``signal``
    all come here, so none of them writes a duplicate. ``new``: the user says it is not a
    repeat (``remember --new`` after a wrong "already in memory"): written whatever matches."""
    from memstrata.entries.remember import remember, strip_trigger

    body = writer.clean(strip_trigger(text))
    # infra.md / projects.md are lookup tables by name: writing a host again updates it, and a
    # repeat found elsewhere ("gpu-04 has CUDA 12.2" for gpu-03's) must not swallow it (review16)
    lookup = body and not new and named not in ("infra", "projects")
    same = _held(writer, body) if lookup else None
    if same is None:
        return remember(writer, text, role=role, named=named), False
    return _seen_again(writer, same, body), True


def _held(writer: Writer, body: str) -> Known | None:
    """The entry memory already holds for ``body`` (a repeat, in any language or other words,
    is not a second entry), among those this session may read: "already in memory" with a
    private entry's words (or at all) would tell a shared session what USER.md holds. The user
    asked for it to be written: the learned head does not overrule a contradiction for it
    (``known.head_may_judge``)."""
    from memstrata.core.permissions import can_read
    from memstrata.evolve import known
    from memstrata.evolve.heartbeat import embedder_for

    ws = writer.ws
    visible = [k for k in known.entries(ws) if can_read(ws.config, writer.session, k.role)]
    return known.find(ws, body, embedder_for(ws), visible, explicit=True)


def _seen_again(writer: Writer, same: Known, body: str) -> Placed:
    """``same`` strengthened as seen again, as the place it is."""
    from memstrata.evolve import known

    known.strengthen(writer, same, body, writer.ws.now().isoformat(timespec="seconds"))
    bullet = same.entry.startswith(f"{same.path}:")
    span = Span(same.path, same.line, same.line, same.role, None if bullet else same.entry)
    return Placed(span, brief(same.text, title_limit(same.text)), same.text)


def _pattern(writer: Writer, text: str, context: str, result: TriggerResult) -> TriggerResult:
    """Note 000's "这个经验记一下": an L2 pattern whose scenario comes from what was said."""
    from memstrata.capture.toolcontext import failures, parse_runs
    from memstrata.entries.remember import write_pattern

    zh = writer.ws.lang == "zh"
    said = restored(strip_echo(_PATTERN.sub("", lesson_first(simplified(text)))), text)
    if not said and context:
        runs = parse_runs(context)
        found = failures(context)
        fixed = next((r for r in reversed(runs) if not r.failed), None)
        if found.worst_op and fixed is not None:
            failing, fix = _command(found.worst_op), _command(fixed.operation)
            said = (
                f"{failing} 失败时改用 {fix}（{clip(found.last_output, 40, '')}）"
                if zh
                else f"When {failing} fails, use {fix} ({clip(found.last_output, 40, '')})"
            )
        elif runs:
            # one run: the command and what it said is the lesson ("docker compose up → port
            # 5432 already in use; fixed by stopping local postgres"), not the command alone
            last = fixed or runs[-1]
            output = last.output.strip()
            said = _command(last.operation) + (
                (f"：{output[:80]}" if zh else f": {output[:80]}")
                if output and output.lower().strip(".!") not in _BARE_OUTPUTS
                else ""
            )
    result.action = "pattern"
    if not said:
        result.question = (
            "记哪条经验？请说一下内容和什么场景下需要它（例如：部署前先跑迁移，场景：发布）"
            if zh
            else "Which lesson, and when is it needed? (e.g. run migrations before deploys; when releasing)"
        )
        return result
    if writer.ws.role("patterns") is None:
        return _lesson_elsewhere(writer, said, result)
    same = _held(writer, writer.clean(said))
    if same is not None and (
        _SAID_AGAIN.search(simplified(text)) or similarity(said, same.text) >= _ALMOST_THE_SAME
    ):
        # the lesson told again ("note this one down as a lesson (same as last week's): …"):
        # the pattern it repeats is seen again, not written twice (round 21). Only when the
        # user says so or the words are almost the same: "docker build 失败时先检查
        # .dockerignore" after "…先 docker system prune" is another lesson (review22).
        held = _seen_again(writer, same, writer.clean(said))
        result.written.append(
            {
                "role": held.role,
                "cite": held.cite,
                "entry_id": held.entry_id or held.title,
                "seen_again": True,
                "title": held.title,
            }
        )
        return result
    origin = "用户要求记录经验" if zh else "the user asked to keep this lesson"
    # an older entry this lesson gives another value for ("job timeout 调到 60 分钟" after "…30
    # 分钟"), read before the new one is there: named, as 记住 names it (review22)
    stale = _stale_entries(writer, said)
    with writer.transaction():
        placed = write_pattern(writer, said, origin)
        from memstrata.core.evolution_log import log_evolution

        log_evolution(writer, origin, placed.span.location(), said)
        _mark_written(writer, said, placed.span.location())
    written: dict[str, Any] = {
        "role": placed.role,
        "cite": placed.cite,
        "entry_id": placed.entry_id or placed.title,
    }
    if stale:
        written["outdates"] = stale
    result.written.append(written)
    return result


# Word overlap above which a lesson is the one memory holds without the user saying so.
_ALMOST_THE_SAME = 0.8
_BARE_OUTPUTS = frozenset({"ok", "done", "success", "succeeded", "passed", "0"})
# How far back "这个经验记一下" reaches for the message that told the experience.
_EXPERIENCE_MINUTES = 30


def _mark_written(writer: Writer, said: str, location: str) -> None:
    """The queued signals of the last half hour that told this experience are done: written
    as the pattern (a tester's round on 7731d2a: "反思一下" wrote the same lesson again from
    the message before "这个经验记一下")."""
    import json
    from datetime import datetime, timedelta

    from memstrata.evolve import known
    from memstrata.formats.jsonl import dump_record
    from memstrata.text.similarity import similarity

    since = writer.ws.now() - timedelta(minutes=_EXPERIENCE_MINUTES)

    def told(record: dict) -> bool:
        try:
            recent = datetime.fromisoformat(str(record.get("ts"))) >= since
        except ValueError:
            return False
        text = str(record.get("detail") or "")
        return (
            recent
            and not record.get("written")
            and record.get("source") == "user"
            and known.shared_terms(said, text) >= 2
            and similarity(said, text) >= 0.3
        )

    def transform(lines: list[str]) -> tuple[list[str], None]:
        out = []
        for line in lines:
            try:
                record = json.loads(line)
            except ValueError:
                out.append(line)
                continue
            if isinstance(record, dict) and told(record):
                record["written"] = location
                line = dump_record(record)
            out.append(line)
        return out, None

    writer.rewrite(writer.ws.role_path("pending"), transform, role="pending")


def _command(operation: str) -> str:
    """``[bash] docker compose up`` → ``docker compose up``."""
    return re.sub(r"^\[[^\]]*\]\s*", "", operation)


def _lesson_elsewhere(writer: Writer, said: str, result: TriggerResult) -> TriggerResult:
    """A layout without L2 patterns (memory-manager): the lesson is an explicit instruction,
    written at once or proposed on the card as the policy says."""
    from memstrata.capture.signals import user_signal
    from memstrata.core.queues import append_pending

    said = writer.clean(said)  # before the cuts below
    signal = user_signal("explicit_remember", said, "")
    record: dict[str, Any] = {
        "signal": signal.kind,
        "brief": brief(said, 20),
        "detail": clip(said, 100, ""),
        "source": "user",
        "evidence": clip(said, 300, ""),
        "clean": True,
        "promote_now": True,
    }
    if explicit_at_once(writer.ws):
        done = write_explicit(writer, signal)
        record["written"] = done.pop("location")
        result.written.append(done)
        append_pending(writer, record)
        return result
    append_pending(writer, record)
    from memstrata.evolve.heartbeat import heartbeat

    result.card = heartbeat(writer, force=True).card
    return result


def _synthesise(writer: Writer, result: TriggerResult, action: str) -> TriggerResult:
    """Synthesise what is pending now and, under note 000's policy, write every finding in the
    same run (the user asked for it), so its report says written, not waiting."""
    from memstrata.evolve.heartbeat import HeartbeatReport, heartbeat

    def mine(beat: HeartbeatReport) -> list[int]:
        # Only what this synthesis found: proposals the user skipped or kept for later, and
        # maintenance proposals, wait for their own reply; a correction writes only itself.
        # A correction writes what its own message was counted on, even a proposal the user
        # had put off (saying it again now is the user's answer to it).
        own = beat.counted.get(result.report.message, set()) if action == "correction" else None
        return [
            p.number
            for p in beat.proposals
            if not p.maintenance and (p.cid in own if own is not None else p.number in beat.fresh)
        ]

    synthesis = policy(writer.ws) == "synthesis"
    beat = heartbeat(writer, force=True, write_now=mine if synthesis else None)
    result.action = action
    if beat.written:
        result.written.extend(beat.written)
    else:
        result.card = beat.card or beat.report
    return result


def _written_just_now(writer: Writer) -> str:
    """Where the last write of the last half hour went, as a sentence saying how to undo it
    ("" when nothing was written so lately)."""
    from datetime import timedelta

    from memstrata.core.evolution_log import last_write

    ws = writer.ws
    last = last_write(ws)
    if last is None or ws.now().replace(tzinfo=None) - last.when > timedelta(
        minutes=JUST_NOW_MINUTES
    ):
        return ""
    if ws.lang == "zh":
        return (
            f"刚才写入的「{last.summary}」（📍 {last.location}）如果是玩笑，请删掉那一行："
            "memstrata 不会自己删除记忆。"
        )
    return (
        f"If “{last.summary}” (📍 {last.location}), written just now, was a joke, delete that "
        "line: memstrata never deletes memory by itself."
    )
