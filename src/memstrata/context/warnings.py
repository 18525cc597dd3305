"""``memstrata warnings TASK``: note 000's 事前预防 — the pitfalls to mention before starting.

The L1 principles, lessons and patterns that bear on the task are turned into one-line
reminders with citations: 开始之前提醒一下：根据 P042，…（📍 memory/principles.md:L120-L127）.
They are found by the same ranking as ``memstrata search``: its lexical side always (no model,
so a prompt hook can afford it on every prompt), and for ``memstrata warnings`` and the MCP tool
its vector side too (a task worded unlike the rule it breaks, or in the other language). The
lexical side: words stemmed (Friday/Fridays), Chinese segmented and
matched by character pairs, translated through CC-CEDICT (部署 finds "deploy"), each weighted by
its IDF. A pitfall bears on a task when it matches at least ``MIN_COVERAGE`` of the task's
information: "deploy the gateway on Friday" surfaces "never deploy on Fridays after 3 pm"
(deploy + Friday), one common word such as 配置 alone does not.
"""

from __future__ import annotations

from dataclasses import dataclass

from memstrata.core.workspace import Workspace
from memstrata.evolve.review import Reviewed
from memstrata.formats.lessons import parse_lessons
from memstrata.formats.patterns import parse_patterns
from memstrata.formats.principles import parse_principles
from memstrata.text.spans import PIN, Span

# Share of the task's IDF-weighted words a pitfall must match (lexical search score): a
# prompt carries chatter ("不对，…记住：…帮我…"), so a fifth of its information is enough.
MIN_COVERAGE = 0.2
# ... and at least two of its words (or all of a one-word task's): one shared word, however rare
# in a new workspace, is a coincidence ("write a poem" vs "always write the changelog").
MIN_WORDS = 2
ROLES = ("principles", "lessons", "patterns")
# The vector side's score at which an entry bears on a task without sharing its words: chosen
# on benchmarks/data/warnings/A (0.40-0.60 tried), scored once on the held-out set B.
SEMANTIC_BAR = 0.45
# A hook reads this much of a prompt for its warnings: the task is said first, and a pasted
# document of 20,000 characters took the prompt hook 11 s (review17; 2,000: 0.46 s).
HOT_PATH_CHARS = 600


@dataclass
class TaskWarning:
    source: str  # P042, a lesson or a pattern title
    kind: str  # principle | lesson | pattern
    text: str
    cite: str
    score: float


def _candidates(ws: Workspace) -> dict[tuple[str, int], tuple[str, str, str, str, str]]:
    """(kind, id, title, advice, location) of every principle, lesson and pattern, by (path,
    first line)."""
    out = {}
    for path in ws.role_files("principles"):
        for p in parse_principles(ws.read_lines(path), path):
            out[(path, p.start_line)] = (
                "principle",
                p.pid,
                p.title,
                " ".join(p.body.split()),
                Span(path, p.start_line, p.end_line).location(),
            )
    for path in ws.role_files("lessons"):
        for lesson in parse_lessons(ws.read_lines(path), path):
            advice = lesson.fix or lesson.cause or lesson.symptom
            out[(path, lesson.start_line)] = (
                "lesson",
                lesson.severity or "lesson",
                lesson.title,
                advice,
                Span(path, lesson.start_line, lesson.end_line).location(),
            )
    for path in ws.role_files("patterns"):
        if path.endswith("index.md"):
            continue
        for pattern in parse_patterns(ws.read_lines(path), path):
            out[(path, pattern.start_line)] = (
                "pattern",
                pattern.title,
                pattern.title,
                pattern.context or " ".join(pattern.body.split()),
                Span(path, pattern.start_line, pattern.end_line).location(),
            )
    return out


def relevant_entries(
    ws: Workspace,
    task: str,
    roles: tuple[str, ...] = ROLES,
    limit: int = 5,
    min_coverage: float = MIN_COVERAGE,
    semantic: bool = False,
    hot_path: bool = False,
) -> list[tuple[float, str, int]]:
    """(score, path, first line) of the entries of ``roles`` that bear on ``task``, best first:
    what ``warnings`` and ``context --task`` show. ``semantic``: also the entries whose
    embedding is as close as SEMANTIC_BAR (a task worded unlike its rule, or in the other
    language); the hooks leave it off (they load no model). ``hot_path`` (hooks): the task is
    cut by the index's words, without the segmenter (search's ``hot_path``)."""
    from memstrata.recall.search import SearchFilters, search

    roles = tuple(r for r in roles if ws.role(r))
    if not roles or not task.strip():
        return []
    if hot_path:
        task = task[:HOT_PATH_CHARS]
    filters = SearchFilters(roles=list(roles))
    response = search(ws, task, k=limit * 2, mode="lexical", filters=filters, hot_path=hot_path)
    found: dict[tuple[str, int], float] = {}
    for hit in response.results:
        enough_words = hit.words >= min(MIN_WORDS, len(set(response.terms)))
        if hit.score >= min_coverage and enough_words and not hit.path.endswith("index.md"):
            found.setdefault((hit.path, hit.start_line), hit.score)
    if semantic:
        close = search(ws, task, k=limit * 2, mode="vector", filters=filters)
        for hit in [] if close.degraded else close.results:
            if hit.score >= SEMANTIC_BAR and not hit.path.endswith("index.md"):
                found.setdefault((hit.path, hit.start_line), hit.score)
    return [(score, path, line) for (path, line), score in found.items()][:limit]


def task_patterns(ws: Workspace, task: str, limit: int = 5) -> list[Reviewed]:
    """The L2 patterns that bear on ``task`` (``context --task``), by the same ranking."""
    chosen = relevant_entries(ws, task, ("patterns",), limit)
    found = []
    for path in {path for _score, path, _line in chosen}:
        for pattern in parse_patterns(ws.read_lines(path), path):
            if any(
                p == path and pattern.start_line <= line <= pattern.end_line
                for _s, p, line in chosen
            ):
                found.append(
                    (
                        next(
                            s
                            for s, p, line in chosen
                            if p == path and pattern.start_line <= line <= pattern.end_line
                        ),
                        Reviewed(
                            pattern.title,
                            pattern.body,
                            Span(path, pattern.start_line, pattern.end_line).cite(),
                            path.rsplit("/", 1)[-1],
                        ),
                    )
                )
    found.sort(key=lambda item: -item[0])
    return [reviewed for _score, reviewed in found]


def task_warnings(
    ws: Workspace,
    task: str,
    limit: int = 5,
    min_coverage: float = MIN_COVERAGE,
    semantic: bool = False,
    hot_path: bool = False,
) -> list[TaskWarning]:
    """The reminders that bear on ``task``, most relevant first (``semantic``, ``hot_path``:
    see relevant_entries)."""
    zh = ws.lang == "zh"
    entries = _candidates(ws)
    found: list[TaskWarning] = []
    chosen = relevant_entries(ws, task, ROLES, limit * 2, min_coverage, semantic, hot_path)
    for score, path, line in chosen:
        entry = entries.get((path, line))
        if entry is None:  # a chunk that starts inside an entry: find the entry holding it
            entry = next(
                (
                    e
                    for (p, start), e in sorted(entries.items(), reverse=True)
                    if p == path and start <= line
                ),
                None,
            )
        if entry is None:
            continue
        kind, ident, title, advice, cite = entry
        if any(w.cite == f"{PIN} {cite}" for w in found):
            continue
        if kind == "principle":
            text = (
                f"开始之前提醒一下：根据 {ident}，{advice}"
                if zh
                else f"Before we start: per {ident}, {advice}"
            )
        elif kind == "lesson":
            text = (
                f"开始之前提醒一下：根据教训「{title}」（{ident}），{advice}"
                if zh
                else f"Before we start: lesson '{title}' ({ident}): {advice}"
            )
        else:
            text = (
                f"开始之前提醒一下：根据经验「{title}」，{advice}"
                if zh
                else f"Before we start: pattern '{title}': {advice}"
            )
        found.append(
            TaskWarning(
                ident,
                kind,
                f"{text}（{PIN} {cite}）" if zh else f"{text} ({PIN} {cite})",
                f"{PIN} {cite}",
                round(score, 3),
            )
        )
    return found[:limit]
