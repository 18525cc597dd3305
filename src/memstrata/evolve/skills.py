"""Skills (note 004's add-skill and auto-skill).

``add`` registers a skill in skills/INDEX.md. A workflow of three or more steps that succeeded
at least twice (``workflow`` records in the pending queue, written by tool hooks) or an
explicit ``draft`` becomes a SKILL.md draft in skills/auto-generated/ — a proposal: ``approve``
moves it into skills/ and adds its index line. Nothing becomes a skill without approval.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from memstrata.core.evolution_log import log_evolution
from memstrata.core.permissions import check_operation
from memstrata.core.queues import append_pending
from memstrata.core.templates import template_for
from memstrata.core.workspace import Workspace
from memstrata.core.writer import Writer
from memstrata.errors import MemstrataError
from memstrata.formats.markdown import append_block
from memstrata.text.textio import line_ending, split_lines
from memstrata.text.titles import clip, shorten

MIN_STEPS = 3
MIN_SUCCESSES = 2
_DRAFT_NOTE = re.compile(r"（自动生成的草稿，待审批）| \(auto-generated draft, awaiting approval\)")
_NAME = re.compile(r"^[a-z0-9\u4e00-\u9fff][a-z0-9\u4e00-\u9fff-]{0,47}$")


@dataclass
class SkillFile:
    name: str
    path: str


def folders(writer: Writer) -> tuple[str, str]:
    """(skills/INDEX.md, the skills folder) of this layout."""
    index = writer.ws.role_path("skills")
    folder = index.rsplit("/", 1)[0] if "/" in index else ""
    return index, folder


def check_name(name: str) -> str:
    slug = name.strip().lower().replace(" ", "-")
    if not _NAME.match(slug):
        raise MemstrataError(f"invalid skill name {name!r}: lower-case letters, digits and '-'")
    return slug


def render_skill(
    name: str, description: str, when: str, steps: list[str], draft: bool, lang: str
) -> str:
    zh = lang == "zh"
    note = (
        ("（自动生成的草稿，待审批）" if zh else " (auto-generated draft, awaiting approval)")
        if draft
        else ""
    )
    out = [
        "---",
        f"name: {name}",
        f"description: {description}{note}",
        "---",
        "",
        f"# {name}",
        "",
        "## 何时使用" if zh else "## When to use",
        when or description,
        "",
        "## 步骤" if zh else "## Steps",
    ]
    out += [f"{number}. {step}" for number, step in enumerate(steps, start=1)]
    return "\n".join(out) + "\n"


def add(writer: Writer, name: str, when: str = "", path: str | None = None) -> SkillFile:
    """Register a skill: one line ``- name | path: ... | when: ...`` in skills/INDEX.md, and
    a SKILL.md skeleton (front matter + sections) when the file does not exist yet."""
    check_operation("skill.add", writer.session)
    with writer.transaction():
        return _add(writer, name, when, path)


def _add(writer: Writer, name: str, when: str, path: str | None) -> SkillFile:
    name = check_name(name)
    index, folder = folders(writer)
    path = path or f"{folder}/{name}/SKILL.md"
    writer.ws.resolve(path)
    ws = writer.ws
    if not ws.exists(path):
        skeleton = render_skill(
            name, writer.clean(when) or name, writer.clean(when), [], False, ws.lang
        )
        writer.rewrite(path, lambda lines: (lines or split_lines(skeleton), None), role="skills")
    template = split_lines(template_for(ws.preset, index, ws.lang, ws.today().isoformat()))

    def transform(lines: list[str]) -> tuple[list[str], int]:
        lines = lines or template
        if any(line.startswith(f"- {name} |") for line in lines):
            raise MemstrataError(f"skill {name!r} is already registered", index)
        new, start = append_block(
            lines,
            [f"- {name} | path: {path} | when: {writer.clean(when)}{line_ending(lines)}"],
            index,
        )
        return new, start + 1

    writer.rewrite(index, transform, role="skills")
    return SkillFile(name, path)


def listing(ws: Workspace) -> dict[str, list[str]]:
    """Registered skills (their index lines) and drafts waiting for approval."""
    index = ws.role_path("skills")
    folder = index.rsplit("/", 1)[0] if "/" in index else ""
    registered = [line.strip() for line in ws.read_lines(index) if line.startswith("- ")]
    drafts_dir = f"{folder}/auto-generated" if folder else "auto-generated"
    depth = drafts_dir.count("/") + 2  # auto-generated/NAME/SKILL.md
    drafts = sorted(
        rel.split("/")[-2]
        for rel in ws.store.walk(drafts_dir)
        if rel.endswith("/SKILL.md") and rel.count("/") == depth
    )
    return {"registered": registered, "drafts": drafts}


def waiting_drafts(ws: Workspace) -> list[tuple[str, str]]:
    """(name, path) of each SKILL.md draft waiting for ``skill approve`` (a proposal, though it
    lives as a file rather than in the proposals list)."""
    spec = ws.role("skills")
    if spec is None:
        return []
    folder = spec.path.rsplit("/", 1)[0] if "/" in spec.path else ""
    prefix = f"{folder}/auto-generated" if folder else "auto-generated"
    return [(name, f"{prefix}/{name}/SKILL.md") for name in listing(ws)["drafts"]]


def draft(
    writer: Writer, name: str, steps: list[str], when: str = "", description: str = ""
) -> SkillFile:
    """Write a SKILL.md draft to skills/auto-generated/NAME/ (a proposal)."""
    check_operation("skill.draft", writer.session)
    with writer.transaction():
        return _draft(writer, name, steps, when, description)


def _draft(writer: Writer, name: str, steps: list[str], when: str, description: str) -> SkillFile:
    name = check_name(name)
    if len(steps) < MIN_STEPS:
        raise MemstrataError(f"a skill needs at least {MIN_STEPS} steps, got {len(steps)}")
    _index, folder = folders(writer)
    path = f"{folder}/auto-generated/{name}/SKILL.md"
    text = render_skill(
        name,
        # redacted before the cut: half a key is no longer recognisable as one
        writer.clean(description) if description else clip(writer.clean(" → ".join(steps)), 80, ""),
        writer.clean(when),
        [writer.clean(step) for step in steps],
        draft=True,
        lang=writer.ws.lang,
    )
    writer.rewrite(path, lambda lines: (lines or split_lines(text), None))
    log_evolution(
        writer,
        "auto-skill",
        path,
        f"{'技能草稿' if writer.ws.lang == 'zh' else 'skill draft'}：{name}",
    )
    return SkillFile(name, path)


def approve(writer: Writer, name: str) -> SkillFile:
    """Move a draft into skills/NAME/SKILL.md, drop the draft note, register it in the index:
    all in one transaction, so an interrupted approval is finished, never left half-moved."""
    check_operation("skill.approve", writer.session)
    with writer.transaction():
        return _approve(writer, name)


def _approve(writer: Writer, name: str) -> SkillFile:
    name = check_name(name)
    _index, folder = folders(writer)
    source, target = f"{folder}/auto-generated/{name}/SKILL.md", f"{folder}/{name}/SKILL.md"
    if not writer.ws.exists(source):
        raise MemstrataError(f"no draft for skill {name!r}", source)
    writer.move(source, target)
    writer.rewrite(target, lambda lines: ([_DRAFT_NOTE.sub("", line) for line in lines], None))
    when = _when_to_use(writer.ws.read_lines(target))
    _add(writer, name, when=when, path=target)
    log_evolution(
        writer,
        "auto-skill",
        target,
        f"{'技能已批准' if writer.ws.lang == 'zh' else 'skill approved'}：{name}",
    )
    return SkillFile(name, target)


def _when_to_use(lines: list[str]) -> str:
    """The first line under the skill's 何时使用 / When to use heading."""
    texts = [line.strip() for line in lines]
    for index, line in enumerate(texts):
        if line in ("## 何时使用", "## When to use"):
            return next((t for t in texts[index + 1 :] if t), "")
    return ""


def record_workflow(
    writer: Writer, steps: list[str], succeeded: bool = True, times: int = 1
) -> None:
    """Queue one finished workflow (tool hooks call this) for auto-skill detection; ``times``:
    how many finished runs it stands for (the hooks record a sequence once they have seen it
    recur, as seen twice)."""
    clean = [writer.clean(" ".join(step.split())) for step in steps if step.strip()]
    record: dict = {
        "signal": "workflow",
        "brief": shorten(" → ".join(clean), 20),
        "detail": clip(" → ".join(clean), 100, ""),
        "source": "hook",
        "steps": clean,
        "succeeded": succeeded,
    }
    if times > 1:
        record["times"] = times
    append_pending(writer, record)


def recurring_workflows(records: list[dict]) -> list[tuple[str, ...]]:
    """Step sequences of >= 3 steps that succeeded at least twice."""
    counts: Counter[tuple[str, ...]] = Counter()
    for r in records:
        if r.get("signal") == "workflow" and r.get("succeeded"):
            steps = tuple(r.get("steps", []))
            if len(steps) >= MIN_STEPS:
                times = r.get("times", 1)
                counts[steps] += times if isinstance(times, int) and 0 < times < 100 else 1
    return [steps for steps, count in counts.items() if count >= MIN_SUCCESSES]


def name_for(steps: tuple[str, ...]) -> str:
    words = re.findall(r"[a-z0-9]+", " ".join(steps[:2]).lower())[:4]
    return "-".join(words) or "workflow"
