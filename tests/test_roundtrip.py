"""Lossless formats: untouched text survives byte for byte; one edit changes only its entry.

Documents are generated with random Chinese / English / emoji content, odd spacing, comments,
unknown headings, CRLF endings and missing final newlines.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memstrata.core.templates import template_for
from memstrata.formats.bullets import add_bullet, parse_bullets, refresh_header, render_bullet
from memstrata.formats.candidates import parse_candidates, render_row, replace_row
from memstrata.formats.lessons import Lesson, add_lesson, parse_lessons
from memstrata.formats.patterns import (
    IndexLine,
    Pattern,
    add_index_line,
    add_pattern,
    parse_index,
    parse_patterns,
)
from memstrata.formats.principles import (
    Principle,
    add_principle,
    parse_principles,
    replace_principle,
)
from memstrata.formats.projects import parse_projects, update_project
from memstrata.text.normalize import one_line
from memstrata.text.textio import split_lines, strip_eol

CHARS = [*list("abcxyz ABC 中文记忆测试端口心跳规则 🎉🚀✅ \t.,;:：，。!？()（）-_=+/\\'\"`~"), "|"]
words = st.text(alphabet=st.sampled_from(CHARS), min_size=1, max_size=30)
safe_words = words.map(lambda s: s.replace("|", "¦")).filter(
    # An unbalanced ``` or ~~~ fence turns the rest of a Markdown file into code: not a body.
    # A leading list or quote mark (- * + >), a date bracket or a rule line (---, ===) is
    # escaped on purpose when written (text.normalize.inline), so it does not round-trip as is.
    lambda s: (
        s.strip()
        and not s.strip().startswith(("-", "*", "+", "[", ">", "```", "~~~"))
        and s.strip() != "---"
        and not (len(s.strip()) >= 3 and set(s.strip()) == {"="})
    )
)
prose_line = st.one_of(
    words.map(lambda s: s.lstrip("#")).filter(lambda s: not s.lstrip().startswith(("```", "~~~"))),
    st.just(""),
    st.just("   "),
    words.map(lambda s: f"<!-- {s} -->"),
    words.map(lambda s: f"  odd   spacing {s}  "),
    words.map(lambda s: f"plain text {s}"),
)
eols = st.sampled_from(["\n", "\r\n"])
SETTINGS = settings(max_examples=60, deadline=None)


def join(lines: list[str], eol: str, final_newline: bool) -> str:
    text = eol.join(lines)
    return text + eol if final_newline else text


def removed(new: list[str], start: int, count: int) -> list[str]:
    return new[:start] + new[start + count :]


def same_except_final_newline(a: list[str], b: list[str]) -> bool:
    """Equal, allowing the old last line to have gained the newline an append needs."""
    if len(a) != len(b):
        return False
    return a[:-1] == b[:-1] and (not a or strip_eol(a[-1]) == strip_eol(b[-1]))


@given(st.lists(prose_line, max_size=25), eols, st.booleans())
@SETTINGS
def test_split_join_is_identity(lines: list[str], eol: str, final: bool) -> None:
    text = join(lines, eol, final) + "\x1c\u2028\x0b tail"
    assert "".join(split_lines(text)) == text
    assert len(split_lines(text)) == text.count("\n") + (0 if text.endswith("\n") else 1)


principle_st = st.builds(
    lambda title, body, cat: Principle(
        0,
        title.strip(),
        body.strip(),
        category=cat.strip(),
        source="2026-04-17 测试",
        why="w",
        generalize="g",
    ),
    safe_words,
    safe_words,
    safe_words,
)


@st.composite
def principles_doc(draw):
    blocks: list[str] = ["# L1 永久原则"]
    count = 0
    for _ in range(draw(st.integers(1, 6))):
        if draw(st.booleans()):
            blocks.extend(draw(st.lists(prose_line, max_size=3)))
            if draw(st.booleans()):
                blocks.append(f"## 手写分类 {draw(safe_words)}")
        p = draw(principle_st)
        count += 1
        blocks.extend(
            [
                "",
                f"### P{count:03d}: {p.title}",
                f"category: {p.category}",
                "why: 因为",
                "---",
                p.body,
            ]
        )
        blocks.extend(draw(st.lists(st.just(""), max_size=2)))
    return blocks, count


@given(principles_doc(), eols, st.booleans(), principle_st, st.data())
@SETTINGS
def test_principles_edit_and_add_touch_only_their_entry(doc, eol, final, new_p, data) -> None:
    blocks, count = doc
    lines = split_lines(join(blocks, eol, final))
    parsed = parse_principles(lines, "principles.md")
    assert [p.number for p in parsed] == list(range(1, count + 1))
    # Replace one entry: every line outside its span is unchanged.
    target = data.draw(st.sampled_from(parsed))
    target.body = new_p.body
    new = replace_principle(lines, target, "principles.md")
    before, after = target.start_line - 1, len(lines) - target.end_line
    assert new[:before] == lines[:before]
    assert new[len(new) - after :] == lines[len(lines) - after :] if after else True
    assert [p.body for p in parse_principles(new, "p")][target.number - 1] == one_line(new_p.body)
    # Add one: removing the added block gives back the original lines.
    added, placed = add_principle(lines, new_p, "principles.md")
    assert placed.number == count + 1
    block_len = placed.end_line - placed.start_line + 1
    start = placed.start_line - 1
    rest = removed(added, start, block_len)
    if len(rest) == len(lines) + 1 and not strip_eol(rest[start - 1]).strip():
        rest = removed(rest, start - 1, 1)
    assert same_except_final_newline(rest, lines)
    assert strip_eol(added[start]) == f"### P{count + 1:03d}: {one_line(new_p.title)}"


@st.composite
def memory_doc(draw):
    template = template_for(
        "default", "MEMORY.md", draw(st.sampled_from(["zh", "en"])), "2026-04-01"
    )
    lines = template.rstrip("\n").split("\n")
    out: list[str] = []
    for line in lines:
        out.append(line)
        if line.startswith("## ") and draw(st.booleans()):
            out.extend(
                f"- [2026-0{draw(st.integers(1, 9))}] {draw(safe_words)} | 来源：手写"
                for _ in range(draw(st.integers(0, 3)))
            )
            out.extend(draw(st.lists(prose_line.map(lambda s: s.lstrip("-*> ")), max_size=2)))
    if draw(st.booleans()):
        out.extend(["", f"## 手写的未知标题 {draw(safe_words)}", draw(prose_line)])
    return out


HEADER_PREFIXES = ("> 最后更新", "> 行数", "> Last updated", "> Lines", "L")


@given(
    memory_doc(),
    eols,
    st.booleans(),
    safe_words,
    st.sampled_from(["rules", "corrections", "evolution"]),
)
@SETTINGS
def test_memory_bullet_add_changes_only_bullet_and_header(doc, eol, final, text, section) -> None:
    lines = split_lines(join(doc, eol, final))
    before = parse_bullets(lines, "MEMORY.md")
    bullet = render_bullet("2026-04", text.strip(), "用户指定", "zh")
    added, line = add_bullet(lines, section, bullet, "zh", "MEMORY.md")
    assert strip_eol(added[line - 1]) == bullet
    assert same_except_final_newline(removed(added, line - 1, 1), lines)
    refreshed = refresh_header(added, "2026-04-17")
    header_end = next(i for i, raw in enumerate(refreshed) if strip_eol(raw) == "-->")
    body_old = [x for x in added if not strip_eol(x).startswith(HEADER_PREFIXES)]
    body_new = [x for x in refreshed if not strip_eol(x).startswith(HEADER_PREFIXES)]
    assert body_old == body_new  # only header lines differ
    assert len(parse_bullets(refreshed, "MEMORY.md")) == len(before) + 1
    # The refreshed line index points at each section heading.
    for raw in refreshed[4:header_end]:
        span, _, title = strip_eol(raw).partition(" ")
        start = int(span.split("-")[0][1:])
        assert title in strip_eol(refreshed[start - 1])
    assert refresh_header(refreshed, "2026-04-17") == refreshed  # idempotent


@given(st.lists(prose_line, max_size=6), eols, safe_words, st.sampled_from(["P0", "P1", "P2"]))
@SETTINGS
def test_lesson_add_only_inserts(prose, eol, title, severity) -> None:
    template = template_for("default", "memory/lessons.md", "zh", "x").rstrip("\n").split("\n")
    lines = split_lines(join(template + prose, eol, True))
    lesson = Lesson(
        title=title.strip(),
        agent="coder",
        date="2026-04-17",
        symptom="s",
        fix="f",
        severity=severity,
    )
    added, placed = add_lesson(lines, lesson, "zh", "lessons.md")
    parsed = parse_lessons(added, "lessons.md")
    assert [(p.title, p.severity, p.agent) for p in parsed] == [
        (one_line(title), severity, "coder")
    ]
    span = placed.end_line - placed.start_line + 1
    rest = removed(added, placed.start_line - 1, span)
    assert [x for x in rest if strip_eol(x).strip()] == [x for x in lines if strip_eol(x).strip()]


@given(eols, safe_words, safe_words)
@SETTINGS
def test_project_update_changes_only_named_fields(eol, status, note) -> None:
    doc = [
        "# 项目",
        "## 📊 当前项目",
        "### A",
        "- **状态**: 进行中",
        "- **负责人**: coder",
        "- **当前进展**:",
        "  - 一",
        "手写备注 🎉",
        "### B",
        "- **状态**: 暂停",
        "",
        "## 其他",
        "keep me",
    ]
    lines = split_lines(join(doc, eol, True))
    a = parse_projects(lines, "projects.md")[0]
    new = update_project(lines, a, {"status": status.strip()}, note.strip(), "zh")
    changed = [i for i, (x, y) in enumerate(zip(lines, new, strict=False)) if x != y]
    assert changed[0] == a.field_lines["status"] - 1
    assert new[a.end_line] == f"  - {one_line(note)}{eol}"
    assert new[a.end_line + 1 :] == lines[a.end_line :]
    b = parse_projects(new, "projects.md")[1]
    assert b.status == "暂停"


@given(safe_words, st.integers(1, 3))
@SETTINGS
def test_candidate_row_replace_in_place(summary, count) -> None:
    template = template_for("default", "memory/CANDIDATES.md", "zh", "2026-04-15")
    lines = split_lines(template)
    lines.insert(
        7, render_row(["C001", "规则", "a|b", "2026-04-15", "2026-04-15", "1/3", "3次"]) + "\n"
    )
    lines.insert(
        8, render_row(["C002", "偏好", "中文", "2026-04-15", "2026-04-15", "2/3", "3次"]) + "\n"
    )
    rows = parse_candidates(lines, "CANDIDATES.md")
    assert [r.cid for r in rows] == ["C001", "C002"] and rows[0].cells[2] == "a|b"
    cells = [*rows[0].cells]
    cells[2], cells[5] = summary, f"{count}/3"
    new = replace_row(lines, rows[0].line, cells)
    assert [i for i, (x, y) in enumerate(zip(lines, new, strict=False)) if x != y] == [
        rows[0].line - 1
    ]
    assert parse_candidates(new, "c")[0].cells[2] == one_line(summary)


@given(
    st.lists(prose_line, max_size=5),
    eols,
    safe_words,
    safe_words,
    st.lists(st.text("abc中文xyz", min_size=1, max_size=8), max_size=3),
)
@SETTINGS
def test_pattern_and_index_line_add_only_insert(prose, eol, title, body, tags) -> None:
    domain = split_lines(join(["# 配置类经验", *prose], eol, True))
    pattern = Pattern(title=title.strip(), body=body.strip(), context="配置端口时", tags=tags)
    added, placed = add_pattern(domain, pattern)
    assert [p.title for p in parse_patterns(added, "config.md")] == [one_line(title)]
    assert parse_patterns(added, "config.md")[0].tags == tags
    rest = removed(added, placed.start_line - 1, placed.end_line - placed.start_line + 1)
    assert [x for x in rest if strip_eol(x).strip()] == [x for x in domain if strip_eol(x).strip()]
    index = split_lines(
        join(["# L2 经验索引", "", "- 旧条目 | file: debug.md | context: 排障", *prose], eol, True)
    )
    new_index, line = add_index_line(index, IndexLine(title.strip(), "config.md", "配置端口时"))
    assert removed(new_index, line - 1, 1) == index or same_except_final_newline(
        removed(new_index, line - 1, 1), index
    )
    assert [e.file for e in parse_index(new_index, "index.md")] == ["debug.md", "config.md"]


def test_appending_after_an_unclosed_fence_is_refused() -> None:
    import pytest

    from memstrata.errors import FormatError

    lines = split_lines("# L1\n\n```bash\nnpm install\n")
    with pytest.raises(FormatError) as error:
        add_principle(lines, Principle(0, "t", "b"), "memory/principles.md")
    assert (
        str(error.value)
        == "memory/principles.md:3: unclosed code fence: close it before adding entries"
    )
    closed = split_lines("# L1\n\n```bash\nnpm install\n```\n")
    assert add_principle(closed, Principle(0, "t", "b"), "p")[1].number == 1
