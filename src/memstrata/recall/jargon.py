"""Engineering and team jargon in both languages, for the lexical side of search.

CC-CEDICT (``recall/translate.py``) is a general dictionary: it has no 主库 (primary database),
值班 (on-call), 验签 (signature check) or 压测 (load test), and it does not know that 回退 and 回滚
are the same thing to an engineer. Agent memory is full of such words, and people ask in the
other language or in other words than the ones written down ("主库现在在哪" over a log that
says "primary moved to sg-02"; "怎么退回去" over "先回滚"). ``jargon.tsv`` (package data, written
for memstrata) lists concepts one per line, the Chinese ways to say each and the English ones;
every variant of a concept is a synonym of every other, in both languages. A single English
word that means something else in everyday English (down, key, order, recall, machine) is not
listed alone, only inside its phrases ("service down"), and two-letter forms only where they are
the term itself (ci, pr, db): an adversarial pass found "how is my rabbit" pulling RabbitMQ
notes and "primary school" the primary database.

English jargon is often several words ("on call", "primary database"): a query holding such a
phrase gets the concept's other variants as forms of each of the phrase's words, so the Chinese
word that says all of it matches for each of them. A Chinese variant found anywhere in a Chinese
query counts for the query words cut from it (the segmenter may split 主数据库 differently).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from memstrata.text.tokenize import CJK_RUN, STOPWORDS

_DATA = "jargon.tsv"
# A form search can match as one word: Chinese, or an English word (hyphens and dots allowed).
_ONE_WORD = re.compile(r"[\u4e00-\u9fff]+|[a-z0-9][a-z0-9.+#-]*")
_EN_WORDS = re.compile(r"[a-z0-9][a-z0-9.+#-]*")
_LONGEST_PHRASE = 4  # English words
_LONGEST_CHINESE = 8  # characters


@dataclass
class Glossary:
    """Concepts as lists of variants, and each variant's concepts (a dict: a query is read by
    looking up its word n-grams and Chinese substrings, no pattern per phrase)."""

    concepts: list[list[str]] = field(default_factory=list)
    by_variant: dict[str, list[int]] = field(default_factory=dict)

    def add(self, variants: list[str]) -> None:
        number = len(self.concepts)
        self.concepts.append(variants)
        for variant in variants:
            self.by_variant.setdefault(" ".join(variant.split()), []).append(number)

    def others(self, concept: int, but: str) -> list[str]:
        """The concept's variants search can match as one word, except ``but``."""
        return [v for v in self.concepts[concept] if v != but and _ONE_WORD.fullmatch(v)]


@lru_cache(maxsize=1)
def glossary() -> Glossary:
    """The shipped glossary, read once per process (5-10 ms; the service reads it before it
    forks). A plain path, not importlib.resources: that import alone cost 17 ms."""
    found = Glossary()
    text = Path(__file__).with_name(_DATA).read_text(encoding="utf-8")
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        chinese, _, english = line.partition("\t")  # the English column may be empty
        variants = [v.strip().lower() for v in (*chinese.split("|"), *english.split("|"))]
        found.add(list(dict.fromkeys(v for v in variants if v)))
    return found


def jargon_synonyms(text: str, terms: list[str]) -> dict[str, list[str]]:
    """For each query term, the glossary's other words for it: by an English phrase of the query
    it is part of (the longest wins: "scale down" is not also "down"), by the term itself, or
    by a Chinese variant the query holds that the term was cut from."""
    found = glossary()
    out: dict[str, list[str]] = {}

    def give(term: str, concept: int, but: str) -> None:
        words = out.setdefault(term, [])
        words += [w for w in found.others(concept, but) if w not in words and w not in terms]

    words = _EN_WORDS.findall(text.lower())
    covered: set[int] = set()
    for size in range(_LONGEST_PHRASE, 1, -1):
        for start in range(len(words) - size + 1):
            span = range(start, start + size)
            own = [words[i] for i in span if words[i] not in STOPWORDS]
            if covered.intersection(span) or not own:
                continue
            phrase = " ".join(words[i] for i in span)
            for concept in found.by_variant.get(phrase, []):
                covered.update(span)
                for word in own:
                    if word in terms:
                        give(word, concept, phrase)
    inside = {words[i] for i in covered}
    for term in terms:
        if term in inside:
            continue
        for concept in found.by_variant.get(term, []):
            give(term, concept, term)
    for run in CJK_RUN.findall(text):
        for start in range(len(run)):
            for end in range(start + 2, min(len(run), start + _LONGEST_CHINESE) + 1):
                variant = run[start:end]
                for concept in found.by_variant.get(variant, []):
                    for term in terms:
                        if _cut_from(term, variant):
                            give(term, concept, variant)
    return {term: words for term, words in out.items() if words}


def compound_terms(text: str) -> set[int]:
    """The glossary concepts ``text`` names by a compound variant: two or more English words
    ("type hint", "bastion host") or three or more Chinese characters (类型标注, 跳板机). A
    compound names one thing as a proper name does; a short word (部署, deploy) only says
    what a statement is about in general."""
    found = glossary()
    lower = " ".join(text.lower().split())
    words = _EN_WORDS.findall(lower)
    concepts: set[int] = set()
    for size in range(_LONGEST_PHRASE, 1, -1):
        for start in range(len(words) - size + 1):
            concepts.update(found.by_variant.get(" ".join(words[start : start + size]), []))
    for run in CJK_RUN.findall(text):
        for start in range(len(run)):
            for end in range(start + 3, min(len(run), start + _LONGEST_CHINESE) + 1):
                concepts.update(found.by_variant.get(run[start:end], []))
    return concepts


# What the segmenter may leave on a variant: 退回去 is 退回, 客户端 is not 客户.
_PARTICLES = frozenset("去了的过掉下上来出回起")


def _cut_from(term: str, variant: str) -> bool:
    """Whether a Chinese query word is a piece of ``variant`` (数据库 of 主数据库), or the
    variant with a particle after it (退回去 of 退回)."""
    if term == variant or len(term) < 2 or not CJK_RUN.fullmatch(term):
        return False
    if term in variant:
        return True
    return term.startswith(variant) and len(term) == len(variant) + 1 and term[-1] in _PARTICLES
