"""What the memory already holds, so that a repeat strengthens an entry instead of adding one.

Before a finding becomes a candidate or a proposal it is compared with every entry of the
files it could be written to (USER.md and MEMORY.md bullets, L1 principles, L2 patterns) and
with the candidates already promoted: by word/bigram overlap and, when an embedder is loaded,
by USE cosine, which also matches a restatement in the other language. A match is recorded as
a ``seen_again`` citation of that entry (``memstrata stats`` counts it) and starts nothing new.

Two statements that share their frame but name different values ("安装依赖用 pnpm" and
"安装依赖用 yarn", "reply in Chinese" and "reply in English") contradict each other: the rules
never merge them, whatever the similarity says; nor two that go opposite ways ("早上开会" /
"meetings in the afternoon", "部署在周五" / "never deploy on Friday": ``polarity.opposed``).
Since round 10 a learned head (``restatement``) may also merge a pair the rules keep apart, when
it is sure and nothing says the pair changes a value or goes the other way
(``restatement.may_restate``): on text written blind the contradiction check fired on a third
of the true restatements. The pool and this duplicate check share one decision
(``match_score``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from memstrata.core.queues import append_citations
from memstrata.core.workspace import Workspace
from memstrata.core.writer import Writer
from memstrata.evolve.bilingual import overlaps, say_other_things
from memstrata.evolve.changes import (
    FILLER,
    core_name,
    move_ends,
    moves_from,
    no_object,
    said,
    said_by_name,
)
from memstrata.evolve.polarity import (
    affirmed,
    group_value,
    names_a_naming_style,
    opposed,
    values_differ,
    without_values,
)
from memstrata.evolve.shared_value import told_apart
from memstrata.formats.bullets import parse_bullets
from memstrata.formats.candidates import parse_candidates
from memstrata.formats.lessons import parse_lessons
from memstrata.formats.patterns import parse_patterns
from memstrata.formats.principles import parse_principles
from memstrata.formats.tags import untagged
from memstrata.text.scripts import simplified
from memstrata.text.similarity import shared_terms, similarity, term_count
from memstrata.text.titles import MARKER, brief

Embed = Callable[[list[str]], Any]
ROLES = ("user", "long_term", "principles", "patterns", "lessons")
# A value a statement is about: a name with digits or punctuation (node18, pg-prod-02, 8443),
# a Latin word inside Chinese text (pnpm), or the object of use/in/with/prefer in English.
_VALUE = re.compile(r"[A-Za-z0-9][\w.+/#-]*")
_OBJECT = re.compile(
    # "is on Elasticsearch 8.13": the object after a preposition, which is no value itself
    # (while "the flag is on" keeps "on")
    # (past the words that qualify the value: "is still master", "is their postgres")
    rf"\b(?P<verb>use|using|in|with|via|prefer|to|is|are|be|not)\s+{FILLER}"
    r"(?:(?:on|in|at|with)\s+(?=[A-Za-z0-9])(?!(?:in|on|at|for|to|by|with|from)\b))?"
    r"(?P<value>[A-Za-z0-9][\w.+/#-]*)",
    re.IGNORECASE,
)
_CJK = re.compile(r"[\u4e00-\u9fff]")
_COUNTS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_NUMBERS = {word: str(n) for n, word in enumerate(_COUNTS)}
# A count said in words before what it counts ("one approval", "two approvals"), not "one of".
_COUNT_WORD = re.compile(
    r"\b(" + "|".join(_COUNTS) + r")\s+"
    r"(?!(?:of|we|you|i|they|that|which|who|is|are|more|less|or|and|thing|way|time|another)\b)"
    r"(?=[a-z]{3,})",
    re.IGNORECASE,
)
_COMMON = frozenset(
    re.findall(
        r"\w+",
        "a an the it this that them my our your all any code out up down here there now then"
        " me you us one ones each every some",
    )
)


# Across languages there are no shared words, only the embedding: true restatements measured
# 0.65-0.67 cosine against 0.70 for the same-language bar, so the bar is lowered by this much
# for a Chinese-English pair (a contradiction still never matches).
CROSS_LANGUAGE_MARGIN = 0.08
# Or: most content words of both align (bilingual.overlaps: the same word, a CC-CEDICT
# translation, or a word embedding as close as a translation) and the sentences are at least
# this close. Restatements the sentence cosine missed ("回复简短一点，别写长篇开场白" / "Keep
# replies short please, no long intros": 0.59, overlap 0.75) merge; benchmarks/merging.py
# measures what it costs in false merges on 40 distinct preferences.
CONTENT_OVERLAP = 0.6
CONTENT_COSINE = 0.45
# Below this sentence cosine, two statements whose content words mostly do not align
# (bilingual.say_other_things) are two statements however many frame words they share (BENCHMARKS.md,
# issue 11 round 12).
DISTINCT_COSINE = 0.7
# Or: both name the same thing by its own name (a Latin word or a host either says verbatim:
# "跳板机是 jump.corp-bj" / "bastion host is jump.corp-bj", "监控推到 VictoriaMetrics" / "metrics
# go to VictoriaMetrics") and the sentences are at least this close. A name is strong evidence of
# one topic; another value for it is a contradiction, decided before.
SHARED_NAME_COSINE = 0.45
_LATIN_NAME = re.compile(r"[a-z][\w.+#/-]*[a-z0-9]", re.IGNORECASE)


def shared_names(first: str, second: str) -> set[str]:
    """The names both statements say: Latin words of 3+ characters that are not frame or
    function words, and the engineering glossary's compound terms in either language
    (类型标注 / "type hints": ``jargon.compound_terms``), named ``term:N``."""
    from memstrata.evolve.bilingual import FRAME
    from memstrata.recall.jargon import compound_terms
    from memstrata.text.tokenize import STOPWORDS

    def names(text: str) -> set[str]:
        return {
            m.group(0).lower()
            for m in _LATIN_NAME.finditer(text)
            if len(m.group(0)) >= 3 and m.group(0).lower() not in STOPWORDS | FRAME
        }

    mine, theirs = names(first), names(second)
    shared = mine & theirs
    # a host or a table said with its qualifier on one side only (mlflow-01.lgx.local /
    # mlflow-01): the name both say (two qualifiers, ods. / dw., are two names)
    shared |= {n for n in mine if n in {core_name(m) for m in theirs}}
    shared |= {m for m in theirs if m in {core_name(n) for n in mine}}
    terms = {f"term:{n}" for n in compound_terms(first) & compound_terms(second)}
    return shared | terms


def cross_language(first: str, second: str) -> bool:
    return bool(_CJK.search(first)) != bool(_CJK.search(second))


def embedding_bar(first: str, second: str, semantic: float) -> float:
    return semantic - CROSS_LANGUAGE_MARGIN if cross_language(first, second) else semantic


@dataclass(frozen=True)
class Known:
    """One entry already in memory."""

    role: str
    path: str
    line: int
    entry: str  # P003, a pattern title, or path:Lnn for a bullet
    text: str
    # how the citation log names it, when not ``entry``: a principle is P003_标题 there
    # (maintain.citations.entry_name), so that stats counts a repeat with its citations
    logged_as: str = ""


def entries(ws: Workspace) -> list[Known]:
    """Every entry of the roles findings are written to, plus the words of promoted candidates
    (as the entry they were written to, while memory still holds it)."""
    found: list[Known] = []
    for role in ROLES:
        if ws.role(role) is None:
            continue
        for path in ws.role_files(role):
            if path.endswith("index.md") or not ws.exists(path):
                continue
            lines = ws.read_lines(path)
            if role == "principles":
                found += [
                    Known(
                        role,
                        path,
                        p.start_line,
                        p.pid,
                        entry_text(p.title, p.body),
                        f"{p.pid}_{brief(p.title, 12).replace(' ', '')}",
                    )
                    for p in parse_principles(lines, path)
                ]
            elif role == "patterns":
                found += [
                    Known(role, path, p.start_line, p.title, entry_text(p.title, p.body))
                    for p in parse_patterns(lines, path)
                ]
            elif role == "lessons":
                # a lesson told twice is one lesson (review15b: written twice)
                found += [
                    Known(
                        role,
                        path,
                        lesson.start_line,
                        f"{path}:L{lesson.start_line}",
                        entry_text(lesson.title, " ".join((lesson.symptom, lesson.fix))),
                    )
                    for lesson in parse_lessons(lines, path)
                ]
            else:
                found += [
                    Known(role, path, b.line, f"{path}:L{b.line}", untagged(b.text))
                    for b in parse_bullets(lines, path)
                    if b.date  # dated entries only: template hints are not memories
                ]
    spec = ws.role("candidates")
    if spec is not None and ws.exists(spec.path):
        memory = list(found)
        for row in parse_candidates(ws.read_lines(spec.path), spec.path):
            written = (
                _written(memory, row.cells[1], row.cells[3]) if row.table == "promoted" else None
            )
            if written is not None:
                # the candidate's own words also match, but a repeat is counted on the entry
                found.append(replace(written, text=row.cells[1]))
    return found


def _written(memory: list[Known], summary: str, location: str) -> Known | None:
    """The memory entry a promoted candidate was written as: one holding its summary, the one
    at the row's 写入位置 if it still is. A row whose entry the user has since deleted (or
    rewritten) is no memory any more: a repeat of it is proposed again, not counted on
    CANDIDATES.md."""
    wanted = _flat(" ".join(summary.split()))
    holding = [k for k in memory if wanted and wanted in _flat(" ".join(k.text.split()))]
    there = [k for k in holding if re.match(rf"{re.escape(k.path)}:L{k.line}\b", location)]
    return next(iter(there or holding), None)


# "Same frame" for ``outdated``: how close two statements must be by the word overlap of what is
# left without their values (by sentence cosine: FRAME_COSINE). Measured on the simulation's kind of
# pairs: "装依赖现在改用 bun 了" against "装依赖我习惯用 pnpm" 0.45 / 0.33, against "安装依赖用
# pnpm" 0.33 / 0.50, against "I'd rather use yarn for installs now" 0.40 / 0; against other
# memories of the same workspace (the CI runner, the staging database, a Redis address,
# force-push) at most 0.20.
FRAME_ALIKE = 0.35
# By sentence cosine a little closer: a joke about the 东莞 jig's USB hub measured 0.38 against
# a rule about 东莞's burn-in racks (learning_sim9); of the testers' 318 changes
# (benchmarks/data/change_pairs) the contradicting ones between 0.35 and 0.40 all share their
# frame's words ("负责人是 Kevin" / "负责人是 Tara", "ORM 用 SQLAlchemy" / "ORM 现在是 Tortoise").
FRAME_COSINE = 0.4


def outdated(ws: Workspace, text: str, embed: Embed | None) -> list[Known]:
    """The entries and observing candidates ``text`` makes stale, closest first: the same frame
    with another value ("装依赖现在改用 bun 了" against "装依赖用 pnpm", "回复现在改用英文了"
    against "回复用中文"). Related by the sentence (>= FRAME_COSINE) is enough only when it is
    close (ONE_SENTENCE) or the two are about one thing by their words (``about_one_thing``):
    "帮我改成 mark_seen" (a function renamed) made a rule about the linker script stale, and so a
    correction, at 0.44 (learning_sim9)."""
    known = entries(ws)
    spec = ws.role("candidates")
    if spec is not None and ws.exists(spec.path):
        known += [
            Known("candidates", spec.path, row.line, row.cells[0], row.cells[2])
            for row in parse_candidates(ws.read_lines(spec.path), spec.path)
            if row.table == "observing"
        ]
    known = [k for k in known if contradicts(text, k.text) or values_differ(text, k.text)]
    if not known:
        return []
    cosines: list[float] = [0.0] * len(known)
    if embed is not None:
        vectors = embed([text, *(k.text for k in known)])
        cosines = [float(vectors[0] @ v) for v in vectors[1:]]
    scored = [
        (cosine, frame_alike(text, k.text), k) for k, cosine in zip(known, cosines, strict=True)
    ]
    return [
        k
        for cosine, words, k in sorted(scored, key=lambda x: -max(x[0], x[1]))
        if words >= FRAME_ALIKE
        or (cosine >= FRAME_COSINE and (cosine >= ONE_SENTENCE or about_one_thing(k.text, text)))
    ]


# Close enough by the sentence alone to be one thing (``supersede`` proposes at this bar too).
ONE_SENTENCE = 0.6
# Word overlap (``text.similarity``) that makes a related pair about one thing by its words alone.
ONE_THING_WORDS = 0.2


def about_one_thing(older: str, newer: str) -> bool:
    """Whether two related statements speak of one thing: the newer says a name or value the
    older gives ("…5433 已经关了" after "测试数据库端口是 5433"), their words once the values are out
    are alike (the frame: "装依赖" of "装依赖用 pnpm" / "装依赖改用 bun") or with them ("tech lead is
    Kevin" / "tech lead is Tara now", whose English frame is all values), or they are in two
    languages (words cannot tell: "回复我的时候用中文就行" / "from now on reply in English").

    Measured (session 56, BENCHMARKS.md round 45) for ``supersede``: of the 24 pairs of the
    twelve scenarios' principles its bar alone flagged, 8 of the 9 that say nothing in common
    were wrong; of 50 real replacements a fresh-context writer wrote, 1 of the 23 its bar flagged
    fails this ("owner 是老王" / "支付服务现在归 Lisa 管了，老王调去做风控": a Chinese name is no
    value here). For ``outdated``: scenario pairs flagged 49 -> 21, the writer's replacements 27
    -> 25, the testers' 318 changes 250 -> 248."""
    return (
        cross_language(older, newer)
        or any(said(value, newer) for value in values(older))
        or frame_alike(older, newer) >= FRAME_ALIKE
        or similarity(older, newer) >= ONE_THING_WORDS
    )


def frame_alike(first: str, second: str) -> float:
    """How alike two statements are by their words once their values are out, when each has a
    frame left: a message that is mostly values has none (in English prose every Latin word is
    one, and the one word left, 东莞, said by the other too, read as the same frame:
    learning_sim9's "the never-ending saga of the 东莞 jig USB hub continues lol" outdated a rule
    about 东莞's burn-in racks)."""
    bare = [_without_values(text) for text in (first, second)]
    for text, frame in zip((first, second), bare, strict=True):
        named = len(values(text))  # "ORM 用 SQLAlchemy" is two names and a frame of one word
        if named >= _PROSE_VALUES and named > 2 * term_count(frame) + 1:
            return 0.0
    return similarity(*bare)


# So many values in one statement are English prose, not names in a Chinese frame.
_PROSE_VALUES = 4


def _without_values(text: str) -> str:
    return without_values(_VALUE.sub(" ", text))


def entry_text(title: str, body: str) -> str:
    """What an entry says: its body when the title is only the body's beginning (what memstrata
    writes: a statement and its cut), else both. The title said twice weighed the sentence
    embedding towards its first words: "监控数据是推到 VictoriaMetrics 的" + the whole statement
    measured 0.44 against a restatement the statement alone meets at 0.57."""
    head = title.rstrip("…").strip()
    body = body.strip()
    # a title cut from inside the body (after a question or a complaint: rule_titles), or joined
    # from its clauses ("登录节点换了，现在是 hpc-login03 …" of "登录节点换了哈 周工昨晚迁完的 现在是
    # hpc-login03 …": title_joins), maybe with a comma where the body paused
    return body if body and _said_in_order(head, body) else f"{title} {body}".strip()


_PAUSE = re.compile(r"[，,。；;：:！!？?、]+")


def _said_in_order(head: str, body: str) -> bool:
    """Whether each clause of ``head`` is in ``body`` word for word, in order (spaces aside): a
    title joined from the body's clauses. Letter by letter would find "use pnpm" in "we used npm
    … pm2"."""
    said = "".join(body.split())
    at = 0
    for clause in _PAUSE.split(head):
        clause = "".join(clause.split())
        found = said.find(clause, at)
        if found < 0:
            return False
        at = found + len(clause)
    return True


def values(text: str) -> set[str]:
    """The specific values a statement names (see the module docstring)."""
    return set(_values(text))


@lru_cache(maxsize=8192)  # read again for every pair the heartbeat compares
def _values(text: str) -> frozenset[str]:
    found = {
        m.group(0).lower().rstrip(".")
        for m in _VALUE.finditer(text)
        if re.search(r"\d|[.+/#-]", m.group(0)) or _CJK.search(text)
    }
    found |= {
        m.group("value").lower().rstrip(".") for m in _OBJECT.finditer(text) if not no_object(m)
    }
    # the ends of a move: "we swapped redis for valkey" (review28: merged with "cache is redis")
    found |= move_ends(text)
    # a count said in words ("one approval" / "two approvals now": review28)
    found |= {_NUMBERS[m.group(1).lower()] for m in _COUNT_WORD.finditer(text)}
    return frozenset(found - _COMMON)


# Names given as examples: a run of them before 这种 / 那种 / 之类; a list after 比如 / 例如 / e.g. /
# such as; two or more, by commas, before "that kind of thing" / "and so on" / etc.
_NAME = r"[A-Za-z0-9][\w.+/#-]*"
_EXAMPLE = re.compile(
    rf"((?:{_NAME}\s+)*{_NAME})\s*(?:这种|那种|这类|那类|之类|这样的|那样的)"
    rf"|(?:比如|例如|譬如|e\.g\.|such as)\s*[:：]?\s*"
    rf"({_NAME}(?:\s*[,，、/]\s*(?:and\s+|or\s+)?{_NAME})*)"
    rf"|({_NAME}(?:\s*[,，、]\s*{_NAME})+)[\s,，]*(?:that kind of thing|and so on|etc\b)",
    re.IGNORECASE,
)
_EXAMPLE_OPENS = re.compile(r"\s*(?:比如|例如|譬如|像|e\.g\.|such as|like)\b", re.IGNORECASE)
# How a name in a naming convention looks: an inner capital, "_" or "-" between letters.
_CONVENTION = re.compile(r"[a-z][A-Z]|[A-Za-z][_-][A-Za-z]")
# (a clause: a Chinese comma ends one, an English one may be inside a list of names)
_CLAUSE = re.compile(r"[^，。！？!?;；\n]+")


@lru_cache(maxsize=8192)  # read for every pair the heartbeat compares, as ``_values``
def _examples(text: str) -> frozenset[str]:
    """The names a clause of ``text`` gives as examples of the naming style it names ("表头别搞驼峰
    SampleID MeanDepth 这种", "snake_case — sample_name, tumor_purity, that kind of thing"): the
    style is the value, its examples are none (learning_sim7 kept two sayings of one wish apart
    on them, round 40). Other examples are the value itself ("换 viridis 那种", "日志格式 JSON 这种")."""
    out: set[str] = set()
    styled = False
    for clause in _CLAUSE.findall(text):
        # a clause that opens with 比如 / 像 / e.g. gives examples of the clause before it
        # ("变量名用驼峰，比如 userName、orderId 这种"); one with a subject of its own does not
        # ("列名用 snake_case，数据库用 MongoDB 这种文档型的")
        styled = names_a_naming_style(clause) or (
            styled and _EXAMPLE_OPENS.match(clause) is not None
        )
        if not styled:
            continue
        for match in _EXAMPLE.finditer(clause):
            names = re.findall(_NAME, next(group for group in match.groups() if group))
            out |= {name.lower() for name in names if _CONVENTION.search(name)}
    return frozenset(out)


def contradicts(first: str, second: str) -> bool:
    """Same subject, different values: each names a value the other does not, and the
    difference is a change, not other details of the same thing (``changes``)."""
    from memstrata.evolve import changes

    first, second = simplified(first), simplified(second)  # the rules' characters
    first, second = changes.one_spelling(first, second)  # 70公斤 / 70kg, 1 day / 24h
    if values_differ(first, second):  # "Reply in Chinese" / "Reply in English"
        return True
    # a language, weekday or indentation is compared pole by pole (values_differ), across
    # languages: "comments in English" names no value "注释写英文" lacks
    if changes.slot_changed(first, second):  # also a person named in Chinese (张伟 / 李娜)
        return True
    if changes.changed_back(first, second):  # both name both values
        return True
    if changes.moved_to_unsaid(first, second):  # a change to a value named in Chinese
        return True
    if changes.quantity_changed(first, second):  # 2% of NAV / 1.5% NAV
        return True
    if changes.swapped_value(first, second):  # 地图用高德 / 地图用百度
        return True
    a = {v for v in values(first) if not group_value(v)} - _examples(first)
    b = {v for v in values(second) if not group_value(v)} - _examples(second)
    # a value said to hold still: the other numbers beside it are readings ("单票上限仍然 2%，现在
    # 最大的 1.5%"), what it says before is the subject again ("CR 还是找 @tara 哈")
    if changes.reaffirms(second, first):
        b = {v for v in b if v in changes.still_said(second) or said(v, first)}
    if changes.reaffirms(first, second):
        a = {v for v in a if v in changes.still_said(first) or said(v, second)}
    if not a or not b:
        return False
    # A term both name, one in English ("type hint") and one in Chinese (类型标注), is no value
    # of either: its words are the same thing said twice.
    mine, theirs = _shared_term_words(first, second)
    # what a statement moves away from is no value it holds ("we replaced flake8 with ruff"
    # holds ruff: review28 found it merged with "lint with flake8")
    a = {v for v in a - mine if not moves_from(v, first)}
    b = {v for v in b - theirs if not moves_from(v, second)}
    a, b = _without_short_forms(a, b), _without_short_forms(b, a)
    if not a or not b:
        return False
    if changes.announced(first, second, a, b):
        return True
    if not _values_differ(first, second, a, b):
        return False
    # what both name: a value, or a glossary term (Figma / 设计稿) taken out of the values above
    shared = (
        shared_names(first, second)
        if cross_language(first, second)
        else a & b | mine | _said_by_both(first, second, a, b)
    )
    return not changes.only_details(
        first,
        second,
        shared,
        {v for v in values(affirmed(first)) if not group_value(v)} - mine,
        {v for v in values(affirmed(second)) if not group_value(v)} - theirs,
    )


def _without_short_forms(mine: set[str], theirs: set[str]) -> set[str]:
    """``mine`` without a name the other says in full or shortened ("rabbit" / "rabbitmq", "k8s"
    stays): one thing named twice is no second value."""
    return {
        v
        for v in mine
        if not any(
            v != t
            and v.isalpha()
            and t.isalpha()
            and min(len(v), len(t)) >= 5
            and (t.startswith(v) or v.startswith(t))
            for t in theirs
        )
    }


def _said_by_both(first: str, second: str, a: set[str], b: set[str]) -> set[str]:
    """The values one names that the other says as well, maybe qualified otherwise
    (mlflow-01:5000 / http://mlflow-01.lgx.local:5000: ``changes.said``)."""
    # what the other affirms only: "Use pnpm. Never npm" names npm to turn it down
    yes_first, yes_second = affirmed(first), affirmed(second)
    # …and not as what it moves away from ("we moved CI from jenkins to github actions" says
    # jenkins only to leave it: review28 found it merged with "CI is jenkins")
    return {v for v in a if said(v, yes_second) and not moves_from(v, second)} | {
        v for v in b if said(v, yes_first) and not moves_from(v, first)
    }


def _values_differ(first: str, second: str, a: set[str], b: set[str]) -> bool:
    """Each names a value the other does not."""
    if cross_language(first, second):
        # Only the Latin names a Chinese statement holds compare with the English one's values
        # ("装依赖用 pnpm" / "use yarn for installs"); a Chinese statement without any names
        # no value (代码注释用中文 / comments in Chinese), and that is no contradiction.
        def says(value: str, text: str) -> bool:
            return _flat(value) in _flat(text) or said_by_name(value, text)

        return any(not says(v, second) for v in a) and any(not says(v, first) for v in b)
    return bool(a - b) and bool(b - a) and not (a & b and (a <= b or b <= a))


def _shared_term_words(first: str, second: str) -> tuple[set[str], set[str]]:
    """For each statement, the words of the compound terms it says that the other names too
    (in either language)."""
    from memstrata.recall.jargon import compound_terms, glossary

    concepts = glossary().concepts
    shared = compound_terms(first) & compound_terms(second)

    def spoken(text: str) -> set[str]:
        flat = " ".join(text.lower().split())
        variants = (v for n in shared for v in concepts[n] if v in flat)
        return {word for variant in variants for word in variant.split()}

    return spoken(first), spoken(second)


def _flat(text: str) -> str:
    """Lower-cased, with - _ and spaces alike ("force-push" is said by "force push")."""
    return re.sub(r"[\s_-]+", " ", text.lower())


def same(
    first: str,
    second: str,
    lexical: float,
    cosine: float | None = None,
    semantic: float = 1.0,
    overlap: float | None = None,
    embed: Embed | None = None,
    vectors: Sequence[Any] | None = None,
) -> bool:
    """Whether two statements say the same thing: the hand rules (``rules_match``), or the
    learned head (``restatement``) is sure and ``restatement.may_restate`` allows it. ``vectors``
    (the two embeddings) let the head judge; without them only the rules do."""
    return match_score(first, second, lexical, cosine, semantic, overlap, embed, vectors) >= 1.0


def match_score(
    first: str,
    second: str,
    lexical: float,
    cosine: float | None = None,
    semantic: float = 1.0,
    overlap: float | None = None,
    embed: Embed | None = None,
    vectors: Sequence[Any] | None = None,
) -> float:
    """How well ``second`` matches ``first``, scaled so that 1.0 is a match (the pool ranks
    the candidates that match by it): shared words, the sentence cosine against its bar, the
    aligned content words, or the learned head's probability above its threshold."""
    from memstrata.evolve import restatement

    first, second = simplified(first), simplified(second)  # the rules' characters
    score = rules_match(first, second, lexical, cosine, semantic, overlap, embed)
    if score >= 1.0 or vectors is None or cosine is None or cosine < restatement.PUBLISHED_FLOOR:
        return score
    if two_programs_failed(first, second) or told_apart(first, second):
        return score
    sure = restatement.probability(first, second, vectors, overlap, embed)
    if sure is None or sure < restatement.SURE or not restatement.may_restate(first, second):
        return score
    # When only a name is shared, the head must be surer: "billing-api 用 Go 写的" / "billing-api
    # 部署在 k8s 上" (0.91) lost the second fact (review17); "MySQL 的字符集一律 utf8mb4" / "Every
    # table's charset is utf8mb4 …" (0.99) is one rule the words do not align.
    if sure < NAME_ONLY_SURE and only_an_identifier(
        first, second, shared_names(first, second), embed
    ):
        return score
    return 1.0 + sure / 10


def two_programs_failed(first: str, second: str) -> bool:
    """Whether both statements are failures (``failure_statement``'s) of two programs."""
    from memstrata.capture.failure_text import failed_program

    mine, theirs = failed_program(first), failed_program(second)
    return mine is not None and theirs is not None and mine != theirs


def rules_match(
    first: str,
    second: str,
    lexical: float,
    cosine: float | None = None,
    semantic: float = 1.0,
    overlap: float | None = None,
    embed: Embed | None = None,
) -> float:
    """The hand rules (1.0 and above is a match), neither contradicting nor opposing: shared
    words, a close embedding, or most content words aligned (``overlap``, see
    bilingual.overlaps) with an embedding not far apart."""
    if contradicts(first, second) or two_programs_failed(first, second):
        return 0.0
    if told_apart(first, second):  # another thing at one place, the place left or turned down
        return 0.0
    # Words alone decide only when two or more are shared: the overlap coefficient of a two-word
    # statement is 0.5 for one shared word ("规则 0" / "第五十行的规则", "用 pnpm" / "pnpm 别装全局").
    words = similarity(first, second) / lexical if shared_terms(first, second) >= 2 else 0.0
    score = words
    if cosine is not None:
        names = shared_names(first, second)
        bar = embedding_bar(first, second, semantic)
        score = max(score, cosine / bar)
        close = DISTINCT_COSINE - (semantic - bar)  # lower across languages, as the bar is
        if score >= 1.0 and cosine < close and say_other_things(first, second, embed):
            score = 0.0
        by_words = 1.0 + overlap / 10 if overlap is not None and overlap >= CONTENT_OVERLAP else 0.0
        by_name = 1.0 + cosine / 10 if cosine >= SHARED_NAME_COSINE and names else 0.0
        if cosine < CONTENT_COSINE:
            by_words = 0.0
        # A name says what a statement is about, not what it says: "mac-mini-03 是 iOS 打包机" and
        # "mac-mini-03 每天凌晨三点会自动重启" are two facts. Below the sentence bar, something
        # besides the names both say must meet too (the same word or a translation).
        # Above the sentence bar too, short of near-identical, when the one thing both say is an
        # identifier: once a redacted value is taken out, "db-01 password is" and "db-01 已下线"
        # are mostly their name (cosine 0.70), and the decommissioning was lost as a repeat
        # (review17).
        if (
            score >= 1.0
            and cosine < NAMED_COSINE
            and only_an_identifier(first, second, names, embed)
        ):
            score = 0.0
        if (
            max(by_words, by_name) >= 1.0
            and score < 1.0
            and names
            and not names_carry_it(first, second, names)
            and not more_than_names(first, second, names, embed)
        ):
            by_words = by_name = 0.0
        pointed = pointed_values(first) & pointed_values(second)
        by_value = 1.0 + cosine / 10 if cosine >= VALUE_COSINE and pointed else 0.0
        score = max(score, by_words, by_name, by_value)
    # last: it segments both statements, and only a pair that would match needs it
    if score >= 1.0 and (opposed(first, second) or other_endings(first, second)):
        return 0.0
    return score


# How many content words two statements must open with alike, and each must then say, before
# their endings tell two things apart.
_SAME_OPENING = 2
_OWN_ENDING = 2
# Or: how many content words the frame around one slot must hold, and the most a slot may.
_SAME_FRAME = 2
_SLOT = 2


def other_endings(first: str, second: str) -> bool:
    """Whether two statements open alike and end on different things: "docker build 失败时先
    docker system prune" / "…先检查 .dockerignore" are two lessons for one situation, not one
    said twice (review22: the second was taken as seen again and lost). Or share a frame around
    one slot filled otherwise ("上线当天别改数据库结构，心脏受不了" / "上线当天别改 nginx 配置，心脏
    受不了", "don't add / upgrade dependencies without asking me": round 39), unless the slot's
    words share a character or a stem (测试 / 单测, 简短 / 简洁: a short form or a synonym the
    dictionary does not pair). Across languages the ending shares words ("…, run docker system
    prune first"), so that is no difference."""
    from memstrata.evolve.bilingual import content_words, unaligned_words

    mine, theirs = content_words(first), content_words(second)
    opening = 0
    while opening < min(len(mine), len(theirs)) and mine[opening] == theirs[opening]:
        opening += 1
    closing = 0
    while (
        closing < min(len(mine), len(theirs)) - opening
        and mine[len(mine) - 1 - closing] == theirs[len(theirs) - 1 - closing]
    ):
        closing += 1
    my_end, their_end = mine[opening : len(mine) - closing], theirs[opening : len(theirs) - closing]
    if not my_end or not their_end:
        return False
    two_endings = (
        closing == 0
        and opening >= _SAME_OPENING
        and min(len(my_end), len(their_end)) >= _OWN_ENDING
    )
    one_slot = (
        opening + closing >= _SAME_FRAME
        and max(len(my_end), len(their_end)) <= _SLOT
        and not _spelled_alike(my_end, their_end)
    )
    if not (two_endings or one_slot):
        return False
    # no word of either ending is said by the other, nor translated ("快照" / "snapshot")
    lonely = unaligned_words(first, second)
    return all(word in lonely for word in (*my_end, *their_end))


def _spelled_alike(mine: list[str], theirs: list[str]) -> bool:
    """Whether a word of one slot shares a Chinese character or a Latin stem with a word of the
    other: a short form or a synonym the dictionary does not pair (测试 / 单测, 简短 / 简洁)
    may say the same thing."""
    for a in mine:
        for b in theirs:
            # the kind both end on is no likeness (飞书群 / 钉钉群, 阿里云 / 腾讯云, 北京时间 / 伦敦时间)
            ending = 0
            while ending < min(len(a), len(b)) and a[-1 - ending] == b[-1 - ending]:
                ending += 1
            if set(_CJK.findall(a[: len(a) - ending])) & set(_CJK.findall(b[: len(b) - ending])):
                return True
            if a.isascii() and b.isascii() and a[:4] == b[:4]:
                return True
    return False


def names_carry_it(first: str, second: str, names: set[str]) -> bool:
    """Whether two names or more that both say are what the statements say, so that nothing
    else need align: "sbatch 必须带 --time" / "Always put a --time limit on sbatch jobs", "ETL
    默认走 polars，别再 import pandas" / "ugh, pandas again 😩 … polars is like 10x faster". Only
    across languages (in English every content word is a "name", and two Chinese statements
    naming the same two tools are often two facts about them: "Terraform state 存在 S3 桶
    tf-state-prod 里" / "Terraform 的 state 锁用 DynamoDB 表 tf-lock", review23), and only when both go
    the same way: each turns something down, neither does, or the one that does not complains
    ("Use the existing apiClient instead of raw fetch" / "又在元件裡直接 fetch 了 🙄"). Leaving one
    writer out (benchmarks/train_restatements.py), see BENCHMARKS.md (issue 11 round 22)."""
    from memstrata.evolve.polarity import complains, turns_down

    if len([name for name in names if not name.startswith("term:")]) < 2:
        return False
    if not cross_language(first, second):
        return False
    if turns_down(first) == turns_down(second):
        return True
    return complains(second if turns_down(first) else first)


# Or: both point at one value (a bucket, a host, a path: "新 run 都落到 cx-fastq-2026 这个 bucket 里" /
# "raw fastq now lands in s3://cx-fastq-2026/<run_id>/") after a word that says where or what it is,
# never as the subject each says something else of ("harbor.internal 上每个仓库只保留 20 个 tag").
VALUE_COSINE = 0.4
_POINTER = re.compile(
    r"(?:是|係|系|在|喺|到|去|用|走|指向|指|从|從|读|讀|挂|掛|填|改成|换成|迁到|落到|路径|地址|位置|目录"
    r"|\b(?:is|are|in|into|to|at|on|under|via|through|uses?|lives in|lands in|goes to|from"
    r"|(?:it|that)'s)\b)\s*[:：]?\s*"
    r"(?:the\s+)?(?P<value>(?:[a-z0-9]+://)?[A-Za-z0-9/~.][\w./:~<>-]*)",
    re.IGNORECASE,
)
_VALUE_ATOM = re.compile(r"[A-Za-z0-9][\w.-]*[A-Za-z0-9]")


def pointed_values(text: str) -> set[str]:
    """The identifiers ``text`` points at: six characters or more, with a digit or a joint.
    A host is also its first label and a joined name its last part, when those are identifiers
    too: "bastion-sg2.ops.shopnova.net" is "bastion-sg2", "hpc-login03" is "login03"."""
    found: set[str] = set()
    for m in _POINTER.finditer(text):
        for atom in _VALUE_ATOM.findall(m.group("value")):
            atom = atom.lower()
            label = atom.split(".")[0]
            for form in (atom, label, re.split(r"[-_]", label)[-1]):
                if len(form) >= 6 and _IDENTIFIER.search(form):
                    found.add(form)
    return found


# Above this cosine two statements sharing a name are alike beyond it (the name guard is off).
NAMED_COSINE = 0.85
# The learned head's bar for two statements that share a name and nothing else that aligns.
NAME_ONLY_SURE = 0.97


# An identifier: a name with a digit or joined parts (billing-api, db-01, utf8mb4), not a word.
_IDENTIFIER = re.compile(r"\d|[a-z][_.-][a-z]")


def only_an_identifier(first: str, second: str, names: set[str], embed: Embed | None) -> bool:
    """Whether the one name both statements say is an identifier and nothing else they say
    aligns: two facts about one host or service ("billing-api 用 Go 写的" / "billing-api 部署在
    k8s 上"), whatever the sentence cosine or the learned head read (review17)."""
    real = [name for name in names if not name.startswith("term:")]
    return (
        len(real) == 1
        and len(names) == 1
        and _IDENTIFIER.search(real[0]) is not None
        and not more_than_names(first, second, names, embed)
    )


# One-character verbs said of any task (run, use, write, look, change, add …) and prepositions:
# sharing one (or aligning one with a name through the word embedding: 跟 / CI) says nothing about
# what two statements are about.
_LIGHT_WORDS = frozenset("跑用写看改加删做搞弄放拉推提打查说讲给让把去来跟和与在被对从向往")


def more_than_names(first: str, second: str, names: set[str], embed: Embed | None = None) -> bool:
    """Whether a content word besides the ``names`` both say aligns (the same word, a
    translation, or with ``embed`` a word as close as one: bilingual.overlaps). On
    benchmarks/data/merging_shared_names.py (40 pairs of different facts sharing a name,
    written blind) 10 merged without this check and 1 with it. A light word is no such word: "跑"
    in "只跑改动过的包 … pnpm -r 全量跑" and "提 MR 之前 pnpm typecheck 都先在本地跑一遍"
    (learning_sim11) made an explicit rule one more sighting of a day-1 praise. Other one-character
    words still count (a first cut that dropped them all split learning_sim4's plotly preference,
    whose two wordings share only 能 besides the name)."""
    from memstrata.evolve.bilingual import content_words, overlaps

    def rest(text: str) -> str:
        for name in sorted(names, key=len, reverse=True):
            if not name.startswith("term:"):
                text = re.sub(re.escape(name), " ", text, flags=re.IGNORECASE)
        words = content_words(text)
        for light in {word for word in words if word in _LIGHT_WORDS}:
            if not any(light in word for word in words if len(word) > 1):
                text = text.replace(light, " ")  # said alone, not inside a longer word
        return text

    return overlaps(rest(first), [rest(second)], embed)[0] > 0


def close_overlaps(
    summary: str, texts: list[str], cosines: Sequence[float | None], embed: Embed
) -> list[float | None]:
    """Content-word overlaps (bilingual.overlaps) of ``summary`` with the texts whose sentence
    cosine is at least CONTENT_COSINE: the others cannot match by it, and each word costs an
    embedding (about 10 ms)."""
    near = [
        i for i, cosine in enumerate(cosines) if cosine is not None and cosine >= CONTENT_COSINE
    ]
    found: list[float | None] = [None] * len(texts)
    for i, overlap in zip(near, overlaps(summary, [texts[i] for i in near], embed), strict=True):
        found[i] = overlap
    return found


# A lesson is a repeat only when it shares this much of its words too: two incidents of one tool
# ("rsync 少写了末尾斜杠…" / "rsync 用了 --delete…"; "docker 镜像没打 tag…" / "docker 镜像没清理…")
# read alike to the embedding, and a repeat is not written (review16: the second lesson was
# lost). Measured: the same lesson reworded 0.55, two incidents of one tool 0.12-0.21.
LESSON_WORDS = 0.4


# What the user asked to have written is merged by the learned head only this alike by the
# published cosine (the head's floor before round 38, when it read no tuned vectors).
EXPLICIT_COSINE = 0.35


def head_may_judge(summary: str, text: str, explicit: bool, cosine: float) -> bool:
    """Whether the learned head may find ``summary`` a repeat of ``text`` (``cosine`` apart by the
    published model). For what the user asked to have written it needs more: with the
    restatement-tuned cosine the head took "这条写进你的 memory：高德（AMap）的 key 必须从
    react-native-config 读" for a repeat of a keychain rule the rules find it contradicting
    (learning_sim3), and "这个经验记一下…storybook 起来白屏…" for a playwright failure at 0.26
    (learning_sim11), and both instructions were lost (round 38). A restatement of one still
    merges ("给我的回复不要带表情符号" after "Never put emoji in your replies", 0.42). An
    observation may be merged over a contradiction: the check fires on a third of the writers'
    restatements, and a repeat costs less there."""
    return not explicit or (cosine >= EXPLICIT_COSINE and not contradicts(summary, text))


def find(
    ws: Workspace,
    summary: str,
    embed: Embed | None,
    pool: list[Known] | None = None,
    explicit: bool = False,
) -> Known | None:
    """The entry ``summary`` repeats, if any. A redacted secret is no word of either side: two
    facts that each held a password ("staging 数据库密码是 …", "跳板机登录：ssh root@10.2.3.4 密码
    …") were one by their shared [REDACTED:password] (review15). ``explicit``: the user asked for
    it to be written, so the learned head needs more to take it for a repeat (``head_may_judge``:
    no contradiction, the published cosine at least ``EXPLICIT_COSINE``)."""
    settings = ws.config.evolve
    known = entries(ws) if pool is None else pool
    if not known:
        return None
    summary = _unmarked(summary)
    texts = [_unmarked(k.text) for k in known]
    cosines: list[float | None] = [None] * len(known)
    aligned: list[float | None] = [None] * len(known)
    vectors: list[Any] = [None] * len(known)  # (summary's, entry's) for the learned head
    if embed is not None:
        every = embed([summary, *texts])
        alike = [float(every[0] @ v) for v in every[1:]]
        cosines = [*alike]
        aligned = close_overlaps(summary, texts, cosines, embed)
        vectors = [
            (every[0], theirs) if head_may_judge(summary, text, explicit, cosine) else None
            for text, theirs, cosine in zip(texts, every[1:], alike, strict=True)
        ]
    best: tuple[float, Known] | None = None
    for entry, text, cosine, overlap, pair in zip(
        known, texts, cosines, aligned, vectors, strict=True
    ):
        if entry.role == "lessons" and similarity(summary, text) < LESSON_WORDS:
            continue
        if same(
            summary,
            text,
            settings.match,
            cosine,
            settings.match_embedding,
            overlap,
            embed,
            pair,
        ):
            score = max(similarity(summary, text), cosine or 0.0)
            if best is None or score > best[0]:
                best = (score, entry)
    return best[1] if best else None


def _unmarked(text: str) -> str:
    return " ".join(MARKER.sub(" ", text).split())


def strengthen(writer: Writer, entry: Known, summary: str, day: str) -> None:
    """Record a repeat of ``entry`` as a ``seen_again`` citation (no new bullet or P-id)."""
    append_citations(
        writer,
        [
            {
                "ts": f"{day}T00:00:00" if len(day) == 10 else day,
                "source": entry.path,
                "entry": entry.logged_as or entry.entry,
                "action": "seen_again",
                "context": writer.clean(summary)[:200],  # redact before the cut
                "cite": f"{entry.path}:L{entry.line}",
            }
        ],
    )
