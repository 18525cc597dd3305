"""Proposals: promotable candidates classified into a target role, shown as a reflection
report (note 000) and an evolution card (note 004), kept until the user replies.

Classification follows docs/design.md §5: preferences go to USER.md; a rule, correction or failure
whose neglect would cause a failure is L1 (principles); other durable facts go to MEMORY.md,
or to an L2 pattern where the layout has no long-term file; when unsure, L1. Open proposals
live in ``.memstrata/proposals.json``: derived state, since every one of them is also an
observing candidate at its threshold in CANDIDATES.md and the next heartbeat proposes it again.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import asdict, dataclass, field

from memstrata.core.transaction import read_state, write_state
from memstrata.core.workspace import Workspace
from memstrata.evolve.pool import Candidate
from memstrata.text.scripts import simplified
from memstrata.text.titles import shorten

MAX_CARDS_PER_SESSION = 2
_FAILURE = re.compile(
    r"错误|失败|报错|劫持|崩溃|丢失|超时|冲突|不要|禁止|必须|避免|千万|不能|不可"
    r"|\bnever\b|\balways\b|\bmust\b|don't|\berror|\bfail|\bcrash|\blost\b|\bbreak|\bconflict|\btimeout",
    re.IGNORECASE,
)
_PREFERENCE_TYPES = {"偏好", "preference"}
_KNOWLEDGE_TYPES = {"知识", "knowledge"}
_RULE_TYPES = {"规则", "rule"}


# Maintenance kinds whose approval writes the proposal's summary as the new entry.
SUMMARY_WRITTEN = frozenset({"rule", "lesson-review", "highlight", "distil"})


@dataclass
class Proposal:
    """One promotion awaiting approval."""

    number: int
    cid: str
    kind: str
    summary: str
    target: str  # user | long_term | principles | patterns
    level: str  # L1 | L2 | USER | MEMORY
    reason: str
    source: str
    first_seen: str
    count: int
    payload: dict = field(default_factory=dict)  # maintenance proposals: what to move or write
    expected: str = ""  # where it would be written if approved now ("USER.md:L12")
    # on a card a person saw: "确认" / "yes" approves these, "全部" / "all" every open one
    shown: bool = False
    # the day a person left it on a card they answered (跳过, or other numbers chosen): a skip
    # keeps it for later, and the pool drops it [evolve] expiry_days after (pool.expire)
    skipped_on: str = ""

    @property
    def maintenance(self) -> bool:
        """Slimming and highlight proposals come from consolidation, not from a candidate."""
        return not self.cid

    @property
    def editable(self) -> bool:
        """Whether approving writes the summary (so an edit of it is what gets written): not
        for a knowledge file (its title, points and lessons) or a move of existing entries."""
        return not self.maintenance or self.kind in SUMMARY_WRITTEN


_LEVELS = {"user": "USER", "long_term": "MEMORY", "principles": "L1", "patterns": "L2"}


def classify(ws: Workspace, candidate: Candidate) -> tuple[str, str, str]:
    """(target role, level, reason) for a candidate, falling back to roles the layout has;
    a private role the layout has when it asks to be kept from others."""
    from memstrata.entries.remember import keep_private

    target, level, reason = _classify(ws, candidate)
    private = keep_private(ws, candidate.summary, target)
    if private == target:
        return target, level, reason
    return private, _LEVELS[private], "要求保密" if ws.lang == "zh" else "asked to be kept private"


def _classify(ws: Workspace, candidate: Candidate) -> tuple[str, str, str]:
    zh = ws.lang == "zh"
    if candidate.kind in _PREFERENCE_TYPES and ws.role("user"):
        return "user", "USER", "用户偏好" if zh else "a user preference"
    if candidate.kind in _RULE_TYPES and ws.role("user"):
        from memstrata.entries.remember import classify as route

        if route(candidate.summary) == "user":  # "以后回复都用中文": about the user
            return "user", "USER", "用户偏好（明确指示）" if zh else "a user preference (explicit)"
    fails = bool(_FAILURE.search(simplified(candidate.summary)))
    if candidate.kind in _KNOWLEDGE_TYPES and not fails:
        if ws.role("long_term"):
            return "long_term", "MEMORY", "长期事实，不会直接导致失败" if zh else "a durable fact"
        if ws.role("patterns"):
            return (
                "patterns",
                "L2",
                "忘记只会低效，不会出错" if zh else "forgetting it costs time, not correctness",
            )
    reason = (
        ("忘记会导致犯错或失败" if fails else "拿不准，默认 L1")
        if zh
        else ("forgetting it would cause a failure" if fails else "unsure, so L1")
    )
    if ws.role("principles"):
        return "principles", "L1", reason
    return ("long_term", "MEMORY", reason) if ws.role("long_term") else ("user", "USER", reason)


STATE_FILE = "proposals.json"


def load_state(ws: Workspace) -> dict:
    text = read_state(ws, STATE_FILE)
    try:
        state = json.loads(text) if text else None
    except ValueError:  # derived state: a damaged file is rebuilt by the next heartbeat
        state = None
    return state if isinstance(state, dict) else {"proposals": [], "cards": {}}


def save_state(ws: Workspace, state: dict) -> None:
    write_state(ws, STATE_FILE, json.dumps(state, ensure_ascii=False, indent=2))


def evolve_lock(ws: Workspace) -> AbstractContextManager[None]:
    """One heartbeat or approval at a time per workspace, across processes."""
    return ws.store.named_lock("evolve")


def as_proposals(ws: Workspace, candidates: list[Candidate], explicit: set[str]) -> list[Proposal]:
    out = []
    zh = ws.lang == "zh"
    for number, candidate in enumerate(candidates, start=1):
        target, level, reason = classify(ws, candidate)
        if candidate.relayed:
            source = (
                "子代理会话中的明确指示（本次直接晋升，请确认）"
                if zh
                else "explicit instruction in a subagent session (promoted at once; please confirm)"
            )
        elif candidate.explicit or candidate.cid in explicit:
            source = (
                "用户明确指示（本次直接晋升）" if zh else "explicit instruction (promoted at once)"
            )
        else:
            source = (
                f"候选池晋升（{candidate.cid}，观察 {candidate.count} 次）"
                if zh
                else f"candidate {candidate.cid}, seen {candidate.count}x"
            )
        out.append(
            Proposal(
                number,
                candidate.cid,
                candidate.kind,
                candidate.summary,
                target,
                level,
                reason,
                source,
                candidate.first_seen,
                candidate.count,
            )
        )
    return out


def proposals_from_state(state: dict) -> list[Proposal]:
    # A state saved before cards were tracked: its proposals were on the card "确认" answered.
    return [Proposal(**{"shown": True, **item}) for item in state.get("proposals", [])]


def proposal_key(proposal: Proposal) -> str:
    """What makes two proposals one: the candidate it promotes, or a maintenance proposal's
    kind, words and what it would move."""
    if proposal.cid:
        return f"candidate:{proposal.cid}"
    payload = json.dumps(proposal.payload, sort_keys=True, ensure_ascii=False)
    return f"{proposal.kind}:{proposal.summary}:{payload}"


def store_proposals(state: dict, proposals: list[Proposal], renumber: bool = True) -> list[int]:
    """Save ``proposals``; returns the numbers of those that were not open before. A number
    names one proposal for as long as it is open: one already open keeps the number it was
    shown with and a new one takes the next free number (from 1 when none was open), so a
    reply to a card ("3") never reaches another proposal, even one that arrived since on a
    card the user did not see. ``renumber=False``: the numbers given are kept as they are."""
    fresh: list[int] = []
    if renumber:
        open_before = {proposal_key(p): p for p in proposals_from_state(state)}
        before = {key: p.number for key, p in open_before.items()}
        taken: set[int] = set()
        kept: set[int] = set()  # positions in ``proposals`` that keep their number
        for position, proposal in enumerate(proposals):
            number = before.get(proposal_key(proposal))
            if number is not None and number not in taken:
                proposal.number = number
                proposal.shown = proposal.shown or open_before[proposal_key(proposal)].shown
                proposal.skipped_on = (
                    proposal.skipped_on or open_before[proposal_key(proposal)].skipped_on
                )
                taken.add(number)
                kept.add(position)
        following = max([*before.values(), *taken], default=0)
        for position, proposal in enumerate(proposals):
            if position in kept:
                continue
            following += 1
            proposal.number = following
            taken.add(following)
            fresh.append(following)
        proposals.sort(key=lambda p: p.number)
    state["proposals"] = [asdict(p) for p in proposals]
    return fresh


def mark_shown(state: dict, keys: set[str]) -> list[Proposal]:
    """Record that the open proposals with these ``proposal_key``s reached a person on a card
    (a key, not a number: numbers are reused once nothing is open); returns them."""
    proposals = proposals_from_state(state)
    shown = [p for p in proposals if proposal_key(p) in keys]
    for proposal in shown:
        proposal.shown = True
    store_proposals(state, proposals, renumber=False)
    return shown


# ---------------------------------------------------------------- rendering
def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal: two for an East Asian wide or fullwidth character
    or a pictograph (🗄 and 🛡 are "narrow" by East Asian width, drawn two wide), none for a
    combining mark, a variation selector, a zero-width format character or a skin tone (it
    joins the emoji before it)."""
    return sum(_char_width(ch) for ch in text)


def _char_width(ch: str) -> int:
    if unicodedata.category(ch) in ("Mn", "Me", "Cf") or "\U0001f3fb" <= ch <= "\U0001f3ff":
        return 0
    return 2 if _wide(ch) or "\U0001f300" <= ch <= "\U0001faff" else 1


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in "WF"


def _pieces(text: str) -> list[str]:
    """What a card line may break between: words (a path breaks after each ``/`` or ``-``),
    runs of spaces and single wide characters, so Latin words stay whole and Chinese fills the
    line."""
    out: list[str] = []
    for ch in text:
        last = out[-1][-1] if out else ""
        joins = (
            last
            and not (_wide(ch) or _wide(last))
            and ch.isspace() == last.isspace()
            and last not in "/-"
        )
        if joins:
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _fit(text: str, width: int) -> str:
    """The longest start of ``text`` within ``width`` columns (one character at least)."""
    end = 1
    while end < len(text) and _width(text[: end + 1]) <= width:
        end += 1
    return text[:end]


def _wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns, broken between pieces (see _pieces); a
    piece wider than a line (a long path) is cut where the line ends."""
    lines: list[str] = []
    current = ""
    for piece in _pieces(text):
        if _width(current + piece) <= width:
            current += piece
            continue
        if current.strip():
            lines.append(current.rstrip())
        current = "" if piece.isspace() else piece
        while _width(current) > width:
            head = _fit(current, width)
            lines.append(head)
            current = current[len(head) :]
    if current.strip():
        lines.append(current.rstrip())
    return lines or [""]


CARD_WIDTH = 48  # columns between the card's borders


def _row(text: str = "") -> str:
    return "║ " + text + " " * max(CARD_WIDTH - 1 - _width(text), 0) + "║"


def _rows(label: str, text: str = "") -> list[str]:
    """``label`` and ``text`` as card rows: wrapped to the border, continuation lines under the
    start of ``text``, so a long path, reason or summary never pushes the border out."""
    room = CARD_WIDTH - 1 - _width(label)
    hang = " " * _width(label)
    return [
        _row((label if index == 0 else hang) + line) for index, line in enumerate(_wrap(text, room))
    ]


_ICONS = {
    "USER": "👤",
    "L1": "📌",
    "L2": "📘",
    "MEMORY": "📌",
    "ARCHIVE": "🗄",
    "RULE": "🛡",
    "KNOWLEDGE": "📗",
    "SUPERSEDE": "🔁",
}
_KINDS = {
    "USER": ("偏好", "preference"),
    "L1": ("规则 L1", "rule L1"),
    "L2": ("经验 L2", "pattern L2"),
    "MEMORY": ("规则", "fact"),
    "ARCHIVE": ("瘦身", "slimming"),
    "RULE": ("规则", "rule"),
    "KNOWLEDGE": ("知识", "knowledge"),
    "SUPERSEDE": ("过时标记", "superseded"),
}


def _target_files(ws: Workspace) -> dict[str, str]:
    return {
        "user": ws.role_path("user") if ws.role("user") else "USER.md",
        "long_term": ws.role_path("long_term") if ws.role("long_term") else "MEMORY.md",
        "principles": ws.role_path("principles") if ws.role("principles") else "principles.md",
        "patterns": "patterns/",
        "archive": "archive/",
    }


def _proposal_rows(p: Proposal, zh: bool, target_file: dict[str, str]) -> list[str]:
    """One proposal's block of the card."""
    kind = _KINDS[p.level][0 if zh else 1]
    where = p.payload.get("path") if p.level in ("RULE", "KNOWLEDGE") else None
    out = _rows(
        f"[{p.number}] {_ICONS[p.level]} {kind} → {'写入' if zh else 'write to'} ",
        str(where or target_file[p.target]),
    )
    out += _rows("    来源：" if zh else "    source: ", p.source)
    out += _rows("    首次观察：" if zh else "    first seen: ", p.first_seen)
    if p.expected:
        if p.kind == "supersede":
            action = "    操作：MARK → " if zh else "    action: MARK → "
        else:
            action = "    操作：ADD → 预计写入 " if zh else "    action: ADD → "
        out += _rows(action, p.expected)
    out += _rows("    内容：" if zh else "    content: ", p.summary)
    out += _rows("    分类理由：" if zh else "    why: ", p.reason)
    return [*out, _row()]


def render_card(ws: Workspace, proposals: list[Proposal]) -> str:
    """Note 004's evolution card. Every row is measured in display columns and wrapped, so the
    right border stays in line with Chinese text and long paths alike."""
    zh = ws.lang == "zh"
    title = (
        f"💡 进化请求 · 发现 {len(proposals)} 条可持久化的经验"
        if zh
        else f"💡 Evolution request · {len(proposals)} item(s) to keep"
    )
    out = ["╔" + "═" * CARD_WIDTH + "╗", *_rows("", title), "╠" + "═" * CARD_WIDTH + "╣", _row()]
    target_file = _target_files(ws)
    for p in proposals:
        out += _proposal_rows(p, zh, target_file)
    # two rows, so that no example is cut by the border (review18)
    for hint in (
        ('回复 "确认" / "1,3" / "跳过" / "不要 2"', '或 "确认 1，跳过 2"')
        if zh
        else ('Reply "yes" / "1,3" / "skip" / "reject 2"', 'or "approve 1, skip 2"')
    ):
        out += _rows("", hint)
    out.append("╚" + "═" * CARD_WIDTH + "╝")
    return "\n".join(out)


# How the reflection report's health section names each role the learning loop writes to.
_HEALTH = {
    "principles": ("L1 原则数", "L1 principles"),
    "patterns": ("L2 经验数", "L2 patterns"),
    "long_term": ("MEMORY 条目数", "MEMORY entries"),
    "user": ("USER 偏好数", "USER preferences"),
}


def _this_time(zh: bool, written: int, waiting: int) -> str:
    """What this run did to one role, in words that match it: 本次新增 (written at once, note
    000's wording) apart from 待批准 (a proposal waiting for the user); issue 11 found entries
    written at once reported as 本次待批准."""
    parts = []
    if written or not waiting:
        parts.append(f"新增 {written}" if zh else f"{written} added")
    if waiting:
        parts.append(f"待批准 {waiting}" if zh else f"{waiting} awaiting approval")
    return ("本次" + "，".join(parts)) if zh else ("now " + ", ".join(parts))


def _health(
    zh: bool, proposals: list[Proposal], totals: dict[str, int], written: Mapping[int, str]
) -> list[str]:
    """记忆系统健康度: one line per role in ``totals`` (the roles the layout has), so a layout
    without principles or patterns is never told it has none of them."""
    if not totals:
        return []
    out = ["", "### 记忆系统健康度" if zh else "### Memory health"]
    for role, total in totals.items():
        label = _HEALTH[role][0 if zh else 1]
        mine = [p for p in proposals if p.level == _LEVELS[role]]
        added = sum(p.number in written for p in mine)
        out.append(f"- {label}: {total}，{_this_time(zh, added, len(mine) - added)}")
    return out


def _finding(p: Proposal, zh: bool, cite: str | None) -> list[str]:
    """One finding of the reflection report; ``cite``: where it was written, if it was."""
    from memstrata.entries.remember import reason_in

    blank = "（留给你补充）" if zh else "(yours to fill in)"
    out = [
        f"### {'发现' if zh else 'Finding'} {p.number}: [{p.kind}] {shorten(p.summary, 30)} → "
        f"{'已分类为' if zh else 'classified as'} {p.level}",
        f"- {'事件' if zh else 'event'}：{p.summary}",
        # The user's own reason, or nothing: never a boilerplate sentence (issue 11).
        f"- why: {reason_in(p.summary) or blank}",
        f"- generalize: {blank}",
        f"- {'来源' if zh else 'source'}：{p.source}",
        f"- **agent {'分类' if zh else 'classification'}：{p.level}（{p.reason}）**",
    ]
    if cite is not None:
        out.append(f"- {'已写入' if zh else 'written'}：{cite}")
    return [*out, ""]


def render_report(
    ws: Workspace,
    proposals: list[Proposal],
    totals: dict[str, int],
    observed: int,
    drafts: Sequence[str],
    written: Mapping[int, str],
) -> str:
    """Note 000's reflection report; ``totals``: entries per role the learning loop writes to
    that the layout has; ``drafts``: SKILL.md drafts made by this heartbeat (note 004's
    auto-skill), which wait for ``skill approve`` like any proposal; ``written``: the citation
    of each proposal (by number) written in this same run, the others wait for approval."""
    zh = ws.lang == "zh"
    stamp = ws.now().strftime("%Y-%m-%d %H:%M")
    out = [
        "## 自进化反思报告" if zh else "## Self-evolution reflection",
        f"{'时间' if zh else 'Time'}: {stamp}",
        "",
    ]
    for p in proposals:
        out += _finding(p, zh, written.get(p.number))
    if proposals:
        out.append(
            "> 以上分类由我自主完成。如有异议请指出，我会调整。"
            if zh
            else "> I classified these myself; tell me if you disagree."
        )
    else:
        out.append(
            f"（本次没有达到晋升条件的经验；新观察 {observed} 条已记入候选池）"
            if zh
            else f"(nothing reached promotion; {observed} observation(s) went to the candidate pool)"
        )
    if drafts:
        out += [
            "",
            "### 新技能草稿（待审批）" if zh else "### New skill drafts (awaiting approval)",
        ]
        for path in drafts:
            name = path.rsplit("/", 2)[-2]
            out.append(f"- {path} → `memstrata skill approve {name}`")
    out += _health(zh, proposals, totals, written)
    return "\n".join(out)
