"""Proposals a person approves before anything is written: note 001's Tier 1 rules and Tier 2
knowledge files, and note 002's monthly review of lessons.md.

* ``rule``: an agent (or the user) proposes a rule; on approval it is added to a file in
  ``03-rules/`` (the note's ``rule-*.md`` naming for a new file), the file's 元信息 stamps move
  on, and its ``[baseline]`` hash is re-recorded, so ``doctor`` still flags hand edits.
* ``knowledge``: a drafted ``04-knowledge/[领域]-[主题].md`` (背景 / 核心要点 / 经验教训); on
  approval the file is created (or the points added to it) and listed in INDEX.md.
* ``lesson-review``: problems that keep coming back in lessons.md (``consolidate``), distilled
  into an L1 principle or a MEMORY.md rule.
* ``archive-entries``: slimming a projects.md or infra.md over its line limit (``consolidate``):
  whole entries move to an archive (appended there before they leave the file).
* ``drop-candidates``: a pool over its limit of observing candidates; the chosen ones move to
  已丢弃 with the reason, and the drop is logged.

They wait in the same queue as the heartbeat's proposals and are applied by ``approve``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import PurePosixPath

from memstrata.core.evolution_log import log_evolution
from memstrata.core.initialize import record_baseline
from memstrata.core.permissions import check_operation
from memstrata.core.templates import template_for
from memstrata.core.workspace import Workspace
from memstrata.core.writer import Writer
from memstrata.errors import MemstrataError
from memstrata.evolve.proposals import (
    Proposal,
    evolve_lock,
    load_state,
    proposals_from_state,
    save_state,
    store_proposals,
)
from memstrata.formats.knowledge import add_to_knowledge, knowledge_name, render_knowledge
from memstrata.formats.markdown import entry_end, headings, insert_block, last_content
from memstrata.text.normalize import one_line
from memstrata.text.spans import Span
from memstrata.text.textio import line_ending, split_lines
from memstrata.text.titles import strip_heading_marks

CURATED_KINDS = ("rule", "knowledge", "lesson-review", "archive-entries", "drop-candidates")
_RULE_FILES = (
    ("honesty", re.compile(r"诚实|如实|编造|撒谎|honest|truth|fabricat", re.IGNORECASE)),
    (
        "security",
        re.compile(
            r"网络|端口|防火墙|密码|密钥|令牌|访问|network|port|firewall|password|secret|token|ssh",
            re.IGNORECASE,
        ),
    ),
)
_SLUG = re.compile(r"^[a-z0-9\u4e00-\u9fff][a-z0-9\u4e00-\u9fff-]{0,39}$")


def _queue(writer: Writer, proposal: Proposal) -> Proposal:
    """Add a proposal to the open ones (numbered with them); nothing else is written. The
    caller shows it (the command's answer), so "确认" may take it."""
    proposal.shown = True
    with evolve_lock(writer.ws), writer.transaction():
        state = load_state(writer.ws)
        proposals = [*proposals_from_state(state), proposal]
        store_proposals(state, proposals)
        save_state(writer.ws, state)
    return proposal


def _source(writer: Writer) -> str:
    zh = writer.ws.lang == "zh"
    who = f"[{writer.agent}] " if writer.agent else ""
    return f"{who}{'提议' if zh else 'proposed'}"


def rule_file(writer: Writer, name: str | None, text: str) -> str:
    """The rules file a rule goes to: ``--file NAME`` (an existing file's name, or a new
    ``rule-NAME.md``), else the file its words point at (诚实 → honesty, 网络 → security,
    otherwise safety)."""
    folder = writer.ws.require_role("rules").path
    existing = {PurePosixPath(rel).stem: rel for rel in writer.ws.role_files("rules")}
    if name:
        stem = name.strip().lower().removesuffix(".md")
        for candidate in (stem, f"rule-{stem}"):
            if candidate in existing:
                return existing[candidate]
        slug = stem.removeprefix("rule-")
        if not _SLUG.match(slug):
            raise MemstrataError(f"invalid rules file name {name!r}: letters, digits and '-'")
        return f"{folder}/rule-{slug}.md"
    stem = next((stem for stem, words in _RULE_FILES if words.search(text)), "safety")
    return existing.get(stem, f"{folder}/{stem}.md")


def propose_rule(writer: Writer, text: str, file: str | None = None) -> Proposal:
    """Queue a Tier 1 rule for the owner's approval (note 001: 人工审核); writes no rule."""
    check_operation("rule", writer.session)
    ws = writer.ws
    text = writer.clean(one_line(text))
    if not text:
        raise MemstrataError("a rule needs its text")
    path = rule_file(writer, file, text)
    zh = ws.lang == "zh"
    return _queue(
        writer,
        Proposal(
            0,
            "",
            "rule",
            text,
            "rules",
            "RULE",
            "第一层规则：人工审核后生效" if zh else "Tier 1 rule: written only when approved",
            _source(writer),
            ws.today().isoformat(),
            1,
            {"path": path},
        ),
    )


def propose_knowledge(
    writer: Writer,
    domain: str,
    topic: str,
    title: str = "",
    background: str = "",
    points: list[str] | None = None,
    lessons: list[str] | None = None,
) -> Proposal:
    """Queue a Tier 2 knowledge file (AI 草稿，人工审核后生效) for approval."""
    check_operation("knowledge", writer.session)
    ws = writer.ws
    folder = ws.require_role("knowledge").path
    path = _knowledge_path(ws, f"{folder}/{knowledge_name(domain, topic)}")
    points = [writer.clean(one_line(p)) for p in points or [] if p.strip()]
    lessons = [writer.clean(one_line(x)) for x in lessons or [] if x.strip()]
    background = writer.clean(one_line(background))
    if not (points or lessons or background):
        raise MemstrataError("a knowledge proposal needs --background, --point or --lesson")
    title = strip_heading_marks(writer.clean(one_line(title))) or PurePosixPath(path).stem
    zh = ws.lang == "zh"
    first = (points or lessons or [background])[0]
    summary = f"{title}：{first}" if zh else f"{title}: {first}"
    return _queue(
        writer,
        Proposal(
            0,
            "",
            "knowledge",
            summary,
            "knowledge",
            "KNOWLEDGE",
            "第二层知识：AI 草稿，人工审核后生效" if zh else "Tier 2 knowledge: a draft to review",
            _source(writer),
            ws.today().isoformat(),
            1,
            {
                "path": path,
                "title": title,
                "background": background,
                "points": points,
                "lessons": lessons,
            },
        ),
    )


def apply_curated(writer: Writer, proposal: Proposal) -> dict:
    """Carry out an approved rule, knowledge or lesson-review proposal; returns where it wrote."""
    if proposal.kind == "rule":
        span = _write_rule(writer, proposal)
    elif proposal.kind == "knowledge":
        span = _write_knowledge(writer, proposal)
    elif proposal.kind == "archive-entries":
        return _archive_entries(writer, proposal)
    elif proposal.kind == "drop-candidates":
        from memstrata.evolve.pool import drop, observing

        open_ids = {c.cid for c in observing(writer)}
        gone = [c for c in proposal.payload["cids"] if c in open_ids]
        for cid in gone:
            drop(writer, cid, proposal.payload["reason"])
        path = writer.ws.role_path("candidates")
        return {"role": "candidates", "cite": Span(path).cite(), "entry_id": f"{len(gone)} dropped"}
    else:
        return _write_review(writer, proposal)
    log_evolution(writer, proposal.source, span.location(), proposal.summary)
    return {"role": span.role, "cite": span.cite(), "entry_id": span.location()}


def _section_append(
    lines: list[str], names: tuple[str, ...], title: str, text: str
) -> tuple[list[str], int]:
    """Append one line at the end of the first ``##`` section named in ``names`` (made when
    missing); returns new lines and its 1-based line."""
    eol = line_ending(lines)
    all_headings = headings(lines)
    heading = next((h for h in all_headings if h.level == 2 and h.title.strip() in names), None)
    if heading is None:
        new, start = insert_block(
            lines, last_content(lines, 0, len(lines)) + 1, [f"## {title}{eol}", text + eol]
        )
        return new, start + 2
    end = entry_end(lines, all_headings, heading)
    at = max(last_content(lines, heading.index + 1, end) + 1, heading.index + 1)
    new = list(lines)
    if not new[at - 1].endswith(("\n", "\r")):
        new[at - 1] += eol
    return [*new[:at], text + eol, *new[at:]], at + 1


def expected_location(writer: Writer, proposal: Proposal) -> str:
    """Where an approval would write (``path:Lnn`` when the line is known): for the card's
    预计写入 and ``memstrata proposals``."""
    ws = writer.ws
    if proposal.kind == "rule":
        path, transform = _planned_rule(writer, proposal)
        _lines, line = transform(ws.read_lines(path))
        return f"{path}:L{line}"
    if proposal.kind == "archive-entries":
        archive = proposal.payload["archive"]
        lines = ws.read_lines(archive)
        return f"{archive}:L{len(lines) + (2 if lines else 4)}"
    if proposal.kind == "drop-candidates":
        return ws.role_path("candidates")
    return str(proposal.payload.get("path", ""))


def _planned_rule(
    writer: Writer, proposal: Proposal
) -> tuple[str, Callable[[list[str]], tuple[list[str], int]]]:
    """(path, transform) of an approved rule: one bullet at the end of 内容."""
    ws = writer.ws
    path = proposal.payload["path"]
    zh = ws.lang == "zh"
    today = ws.today().isoformat()
    now = ws.now().strftime("%Y-%m-%d %H:%M")
    stem = PurePosixPath(path).stem
    template = template_for(ws.preset, path, ws.lang, today, now) or (
        f"# {stem}\n\n## 元信息\n- 创建时间：{now}\n- 最后更新：{now}\n- 版本：v1.0\n\n## 内容\n"
    )
    bullet = f"- {proposal.summary}" + (f"（{today} 批准）" if zh else f" (approved {today})")

    def transform(lines: list[str]) -> tuple[list[str], int]:
        return _section_append(
            lines or split_lines(template), ("内容", "Content"), "内容" if zh else "Content", bullet
        )

    return path, transform


def _write_rule(writer: Writer, proposal: Proposal) -> Span:
    path, transform = _planned_rule(writer, proposal)
    with writer.approving():
        line = writer.rewrite(path, transform, role="rules")
    record_baseline(writer, [path])
    return Span(path, line, line, "rules")


def _knowledge_path(ws: Workspace, path: str) -> str:
    """``path``, unless another role owns that name (three-tier's 04-knowledge/long-term.md is
    the private long-term memory): a knowledge file never lands in another role's file."""
    role = ws.role_of(path)
    if role != "knowledge":
        raise MemstrataError(
            f"{path} is the {role} file, not a knowledge file: choose another domain or topic"
        )
    return path


def _write_knowledge(writer: Writer, proposal: Proposal) -> Span:
    ws = writer.ws
    data = proposal.payload
    path = _knowledge_path(ws, data["path"])
    now = ws.now().strftime("%Y-%m-%d %H:%M")
    text = render_knowledge(
        data["title"], data["background"], data["points"], data["lessons"], now, ws.lang
    )

    def transform(lines: list[str]) -> tuple[list[str], None]:
        if not lines:
            return split_lines(text), None
        return add_to_knowledge(
            lines, data["background"], data["points"], data["lessons"], ws.lang
        ), None

    writer.rewrite(path, transform, role="knowledge")
    _list_in_index(writer, path, data["title"])
    return Span(path, 0, 0, "knowledge", PurePosixPath(path).stem)


def _list_in_index(writer: Writer, path: str, title: str) -> None:
    """Note 001's step 5 (更新索引): one line per knowledge file in INDEX.md."""
    spec = writer.ws.role("index")
    if spec is None:
        return
    index = spec.path
    link = os.path.relpath(path, os.path.dirname(index) or ".").replace(os.sep, "/")
    zh = writer.ws.lang == "zh"

    def transform(lines: list[str]) -> tuple[list[str], None]:
        if any(f"]({link})" in line for line in lines):
            return lines, None
        new, _line = _section_append(
            lines,
            ("知识文件", "Knowledge files"),
            "知识文件" if zh else "Knowledge files",
            f"- [{one_line(title)}]({link})",
        )
        return new, None

    writer.rewrite(index, transform, role="index")


def _write_review(writer: Writer, proposal: Proposal) -> dict:
    from memstrata.entries.remember import write_bullet, write_principle

    origin = "每月回顾 lessons.md" if writer.ws.lang == "zh" else "monthly review of lessons.md"
    if proposal.target == "principles":
        placed = write_principle(writer, proposal.summary, origin)
    else:
        placed = write_bullet(writer, "long_term", proposal.summary, "long_term", origin)
    location = placed.span.location()
    log_evolution(writer, origin, location, proposal.summary)
    return {"role": placed.role, "cite": placed.cite, "entry_id": placed.entry_id}


def _entry_blocks(role: str, lines: list[str], path: str, names: set[str]) -> list[tuple[int, int]]:
    """1-based inclusive spans of the named ``###`` entries of projects.md or infra.md."""
    from memstrata.formats.infra import parse_infra
    from memstrata.formats.projects import parse_projects

    parsed = parse_projects(lines, path) if role == "projects" else parse_infra(lines, path)
    return [(e.start_line, e.end_line) for e in parsed if e.name in names]


def _archive_entries(writer: Writer, proposal: Proposal) -> dict:
    ws = writer.ws
    data = proposal.payload
    path, role, archive, names = data["path"], data["role"], data["archive"], set(data["names"])
    lines = ws.read_lines(path)
    blocks = _entry_blocks(role, lines, path, names)
    moved = [line for start, end in blocks for line in lines[start - 1 : end]]
    if moved:
        zh = ws.lang == "zh"
        title = f"# {path} 归档\n\n" if zh else f"# {path} archive\n\n"
        body = "".join(line if line.endswith("\n") else line + "\n" for line in moved)
        writer.append(archive, "\n" + body, header=title, role=ws.role_of(archive) or "archive")

        def take(current: list[str]) -> tuple[list[str], None]:
            drop: set[int] = set()
            for start, end in _entry_blocks(role, current, path, names):
                drop.update(range(start - 1, end))
                if end < len(current) and not current[end].strip():
                    drop.add(end)  # the blank line that separated the entry
            return [line for i, line in enumerate(current) if i not in drop], None

        writer.rewrite(path, take, role=role)
    zh = ws.lang == "zh"
    log_evolution(
        writer, "consolidate", archive, f"{'移出' if zh else 'moved'} {len(blocks)} {path}"
    )
    return {"role": "archive", "cite": Span(archive).cite(), "entry_id": f"{len(blocks)} moved"}
