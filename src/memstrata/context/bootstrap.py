"""``memstrata context``: what an agent reads at session start (note 003's bootstrap, note 000
step 1), within a token budget.

Parts, most valuable first: the Memory Recall instruction, identity, all L1 principles in short
form, note 001's approved rules, USER.md and MEMORY.md (main sessions only), today's and yesterday's daily logs, the L2
index, and the patterns relevant to the task. Parts are filled entry by entry; an entry that
does not fit is left out whole (never cut mid-entry) and the output ends by saying what was
left out and how to fetch it. The same workspace, session and task always give the same text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from memstrata.context.warnings import task_patterns
from memstrata.core.initialize import approved_files
from memstrata.core.permissions import Session, hidden_roles
from memstrata.core.workspace import Workspace
from memstrata.formats.bullets import parse_bullets, section_key
from memstrata.formats.daily import parse_log
from memstrata.formats.patterns import parse_index
from memstrata.formats.principles import parse_principles
from memstrata.text.spans import Span
from memstrata.text.textio import strip_eol
from memstrata.text.token_estimate import TokenEstimator, count_tokens

RECALL = {
    "zh": (
        "## 记忆检索（Memory Recall）\n回答任何关于以往工作、决定、日期、人物、偏好或待办的问题前："
        '先 `memstrata search "…"`（或 memory_search），再用 `memstrata get 路径:L起-L止` 取需要的行；'
        "引用记忆时标注 📍 路径:L行号。"
    ),
    "en": (
        "## Memory Recall\nBefore answering anything about prior work, decisions, dates, people, preferences or "
        'todos: run `memstrata search "..."` (or memory_search), then `memstrata get PATH:Lx-Ly` for only the '
        "lines you need; cite memories as 📍 path:Lnn."
    ),
}
TITLES = {
    "zh": {
        "identity": "## 身份",
        "principles": "## L1 永久原则",
        "rules": "## 强制规则",
        "user": "## 用户信息",
        "long_term": "## 长期记忆",
        "daily": "## 最近日志",
        "patterns_index": "## L2 经验索引",
        "patterns_task": "## 与本任务相关的经验",
        "omitted": "为控制长度未包含（需要时再取）：",
        "header": "# 会话记忆上下文（memstrata）",
    },
    "en": {
        "identity": "## Identity",
        "principles": "## L1 principles",
        "rules": "## Rules",
        "user": "## User",
        "long_term": "## Long-term memory",
        "daily": "## Recent logs",
        "patterns_index": "## L2 pattern index",
        "patterns_task": "## Patterns for this task",
        "omitted": "Left out for the budget (fetch when needed):",
        "header": "# Session memory context (memstrata)",
    },
}


@dataclass
class Part:
    key: str
    role: str
    entries: list[str]
    fetch: str


@dataclass
class ContextResult:
    text: str
    tokens: int
    budget: int
    included: dict[str, int] = field(default_factory=dict)
    omitted: list[dict[str, object]] = field(default_factory=list)


def _identity(ws: Workspace) -> list[str]:
    out = []
    for path in ws.role_files("identity"):
        body = "\n".join(strip_eol(line) for line in ws.read_lines(path)).strip()
        if body:
            out.append(
                f"{body}\n（{Span(path).cite()}）"
                if ws.lang == "zh"
                else f"{body}\n({Span(path).cite()})"
            )
    return out


def _principles(ws: Workspace) -> list[str]:
    out = []
    for path in ws.role_files("principles"):
        for p in parse_principles(ws.read_lines(path), path):
            body = " ".join(p.body.split())
            short = body if body.startswith(p.title.rstrip("…")) else f"{p.title}：{body}"
            if p.superseded:  # kept, marked: the newer principle it names is what holds
                by = p.superseded.split("→")[-1].strip()
                short += f"（已被 {by} 取代）" if ws.lang == "zh" else f" (superseded by {by})"
            out.append(f"- {p.pid} {short} {Span(path, p.start_line, p.end_line).cite()}")
    return out


def cited_bullets(
    ws: Workspace,
    role: str,
    sections: tuple[str, ...] | None = None,
    files: list[str] | None = None,
) -> list[str]:
    """``- bullet 📍 path:Lnn`` for each bullet of a role (only ``sections`` when given; only
    ``files`` of the role when given)."""
    out = []
    for path in ws.role_files(role) if files is None else files:
        lines = ws.read_lines(path)
        out += [
            f"- {strip_eol(lines[b.line - 1]).strip()[2:]} {Span(path, b.line).cite()}"
            for b in parse_bullets(lines, path)
            if sections is None or section_key(b.section) in sections
        ]
    return out


def _daily(ws: Workspace, budget: int) -> list[str]:
    """Today's and yesterday's sections, newest first. Only the end of each log is read (a
    few times the budget in bytes): the newest sections are all a budget can hold, and a
    20 MB log must not make every session start slow."""
    out = []
    today = ws.today()
    for day in (today, today - timedelta(days=1)):
        path = ws.daily_path(day) if ws.role("daily") else None
        if not path or not ws.exists(path) or ws.is_link(path):
            continue
        offset, lines = ws.read_tail(path, max(budget, 500) * 16)
        for section in reversed(parse_log(lines, path)):  # newest section first
            text = "\n".join(
                strip_eol(line) for line in lines[section.start_line - 1 : section.end_line]
            )
            start, end = section.start_line + offset, section.end_line + offset
            out.append(f"{text}\n{Span(path, start, end).cite()}")
    return out


def _patterns_index(ws: Workspace) -> list[str]:
    spec = ws.role("patterns")
    if spec is None:
        return []
    path = f"{spec.path}/index.md"
    if not ws.exists(path):
        return []
    return [
        f"- {e.title} | {e.file} | {e.context} {Span(path, e.line).cite()}"
        for e in parse_index(ws.read_lines(path), path)
    ]


def _parts(
    ws: Workspace,
    session: Session,
    task: str | None,
    budget: int,
    skip: frozenset[str] = frozenset(),
) -> list[Part]:
    hidden = hidden_roles(ws.config, session) | skip
    parts = [
        Part("identity", "identity", _identity(ws), "memstrata get SOUL.md"),
        Part("principles", "principles", _principles(ws), "memstrata principles"),
        # note 001: the approved Tier 1 rules apply to everything the agent does; a rules file
        # made or changed by hand is not approved (doctor flags it until `doctor --accept`)
        Part(
            "rules",
            "rules",
            cited_bullets(ws, "rules", files=approved_files(ws, "rules")),
            'memstrata search "…" --role rules',
        ),
    ]
    for role in ("user", "long_term"):
        if role not in hidden and ws.role(role):
            parts.append(
                Part(role, role, cited_bullets(ws, role), f"memstrata get {ws.role_path(role)}")
            )
    parts.append(Part("daily", "daily", _daily(ws, budget), 'memstrata search "…" --role daily'))
    parts.append(Part("patterns_index", "patterns", _patterns_index(ws), 'memstrata patterns "…"'))
    if task:
        found = task_patterns(ws, task)
        parts.append(
            Part(
                "patterns_task",
                "patterns",
                [f"- {p.title}：{' '.join(p.body.split())} {p.cite}" for p in found],
                f'memstrata patterns "{task}"',
            )
        )
    return [part for part in parts if part.role not in hidden]


def build_context(
    ws: Workspace,
    session: Session | None = None,
    task: str | None = None,
    budget: int = 2000,
    estimator: TokenEstimator | None = None,
    skip: frozenset[str] = frozenset(),
) -> ContextResult:
    """The bootstrap text for a session, never over ``budget`` tokens. ``skip``: roles the host
    agent already loads itself (OpenClaw injects SOUL.md, USER.md and MEMORY.md on its own)."""
    session = session or Session()
    lang = "zh" if ws.lang == "zh" else "en"
    titles = TITLES[lang]
    parts = _parts(ws, session, task, budget, skip)
    for reserve in range(0, budget + 1, 40):  # room for the closing "left out" lines
        chosen: dict[str, list[str]] = {}
        used = count_tokens(titles["header"] + "\n\n" + RECALL[lang] + "\n\n", estimator)
        fits_header = used <= budget - reserve
        for part in parts:
            taken: list[str] = []
            title_cost = count_tokens(titles[part.key] + "\n", estimator)
            for entry in part.entries:
                cost = count_tokens(entry + "\n", estimator) + (0 if taken else title_cost)
                if not fits_header or used + cost > budget - reserve:
                    break
                taken.append(entry)
                used += cost
            chosen[part.key] = taken
        text, omitted = _render(titles, lang, parts, chosen, fits_header)
        tokens = count_tokens(text, estimator)
        if tokens <= budget:
            included = {key: len(items) for key, items in chosen.items() if items}
            return ContextResult(text, tokens, budget, included, omitted)
    return ContextResult(
        "",
        0,
        budget,
        {},
        [{"part": p.key, "left_out": len(p.entries), "fetch": p.fetch} for p in parts],
    )


def _render(
    titles: dict[str, str],
    lang: str,
    parts: list[Part],
    chosen: dict[str, list[str]],
    with_header: bool,
) -> tuple[str, list[dict[str, object]]]:
    blocks = [titles["header"], RECALL[lang]] if with_header else []
    omitted: list[dict[str, object]] = []
    for part in parts:
        taken = chosen.get(part.key, [])
        if taken:
            blocks.append(titles[part.key] + "\n" + "\n".join(taken))
        if len(taken) < len(part.entries):
            omitted.append(
                {"part": part.key, "left_out": len(part.entries) - len(taken), "fetch": part.fetch}
            )
    if omitted:
        lines = [titles["omitted"]] + [
            f"- {o['part']}: {o['left_out']} → `{o['fetch']}`" for o in omitted
        ]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n" if blocks else "", omitted
