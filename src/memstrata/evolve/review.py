"""The user's review commands of note 000: 有哪些原则 (principles by category) and
关于XX的经验 (patterns found through the L2 index)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from memstrata.core.workspace import Workspace
from memstrata.formats.patterns import parse_index, parse_patterns
from memstrata.formats.principles import parse_principles
from memstrata.text.similarity import similarity
from memstrata.text.spans import Span


@dataclass
class Reviewed:
    title: str
    body: str
    cite: str
    group: str


def principles_by_category(ws: Workspace, category: str | None = None) -> dict[str, list[Reviewed]]:
    """Every L1 principle grouped by its category (one category when given)."""
    groups: dict[str, list[Reviewed]] = defaultdict(list)
    for path in ws.role_files("principles"):
        for p in parse_principles(ws.read_lines(path), path):
            name = p.category or ("未分类" if ws.lang == "zh" else "uncategorised")
            if category and category.lower() not in name.lower():
                continue
            groups[name].append(
                Reviewed(
                    f"{p.pid}: {p.title}", p.body, Span(path, p.start_line, p.end_line).cite(), name
                )
            )
    return dict(groups)


def patterns_about(
    ws: Workspace, query: str, limit: int = 5, search_fallback: bool = True
) -> list[Reviewed]:
    """Patterns relevant to ``query``: index lines first (title and context, as note 000 reads
    index.md), then the matching entries from their domain files; search fills in when the
    index has no match."""
    spec = ws.role("patterns")
    if spec is None:
        return []
    index_path = f"{spec.path}/index.md"
    scored = []
    for line in parse_index(ws.read_lines(index_path), index_path) if ws.exists(index_path) else []:
        score = max(similarity(query, line.title), similarity(query, line.context))
        if score > 0:
            scored.append((score, line))
    found: list[Reviewed] = []
    for _score, line in sorted(scored, key=lambda item: -item[0])[:limit]:
        path = f"{spec.path}/{line.file}"
        for p in parse_patterns(ws.read_lines(path), path) if ws.exists(path) else []:
            if p.title == line.title:
                found.append(
                    Reviewed(
                        p.title, p.body, Span(path, p.start_line, p.end_line).cite(), line.file
                    )
                )
    if not found and search_fallback:  # session start must not load a model: no fallback there
        from memstrata.recall.search import SearchFilters, search

        for hit in search(ws, query, k=limit, filters=SearchFilters(roles=["patterns"])).results:
            found.append(
                Reviewed(
                    hit.entry_id or hit.path, hit.snippet, hit.cite, hit.path.rsplit("/", 1)[-1]
                )
            )
    return found
