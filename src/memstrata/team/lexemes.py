"""The team index's words: chunk text -> the lexemes SQLite's FTS5 would have indexed.

The files backend's FTS5 table tokenises memstrata's pre-segmented text (text/tokenize.py:
rjieba words and lower-cased Latin words joined by spaces) with ``porter unicode61
remove_diacritics 2``. PostgreSQL needs no extension for Chinese if it receives the same
lexemes: this module splits like unicode61 (letters and digits; everything else separates),
strips diacritics, and stems like FTS5's porter (tokens of under 3 or over 64 characters pass
through; Snowball's ``porter`` is the same original algorithm). On the bilingual evaluation
set's 2,755 distinct tokens it differs from FTS5 on 2 (``technology``: FTS5 ``technolog``,
Snowball ``technologi``).

The tsvector is written as a literal, not through ``to_tsvector``, so every lexeme keeps its
column as a weight (A: heading path, B: body, C: Chinese character pairs) and its position, and
the 'simple' parser never re-splits a token (it would keep ``api.example.com`` as a host name).
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from memstrata.recall.index import Phrase
from memstrata.text.tokenize import index_grams, index_text

LEXEMES = "unicode61-porter-snowball-1"  # part of the index signature
_PIECE = re.compile(r"[^\W_]+")
MAX_POSITION = 16383  # PostgreSQL's limit; later tokens share it
_WEIGHT = {"context": "A", "body": "B", "grams": "C"}


@lru_cache(maxsize=1)
def _stemmer() -> Any:
    import snowballstemmer  # type: ignore[import-untyped]

    return snowballstemmer.stemmer("porter")


@lru_cache(maxsize=65536)
def _lexeme(piece: str) -> str:
    folded = "".join(
        c for c in unicodedata.normalize("NFKD", piece) if not unicodedata.combining(c)
    ).lower()
    if folded.isascii() and 3 <= len(folded) <= 64:
        return str(_stemmer().stemWord(folded))
    return folded


def lexemes(text: str) -> list[str]:
    """The lexemes of space-joined index text, in order (repeats kept)."""
    return [_lexeme(piece) for piece in _PIECE.findall(text)]


@dataclass(frozen=True)
class Document:
    """One chunk's lexical side: the tsvector literal, term frequencies per column
    (lexeme -> [heading, body, grams]) and its length in tokens (BM25's |D|)."""

    tsvector: str
    tf: str  # JSON
    length: int


def _quote(lexeme: str) -> str:
    return "'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'"


def document(heading: str, text: str) -> Document:
    """The chunk's columns as FTS5 saw them: heading words, body words, character pairs."""
    columns = {
        "context": lexemes(index_text(heading)),
        "body": lexemes(index_text(text)),
        "grams": lexemes(index_grams(f"{heading}\n{text}")),
    }
    positions: dict[str, list[str]] = {}
    tf: dict[str, list[int]] = {}
    position = 1
    for slot, (column, words) in enumerate(columns.items()):
        weight = _WEIGHT[column]
        for word in words:
            if len(positions.setdefault(word, [])) < 256:
                positions[word].append(f"{min(position, MAX_POSITION)}{weight}")
            tf.setdefault(word, [0, 0, 0])[slot] += 1
            position += 1
        position += 1  # a gap: a phrase never runs from one column into the next
    literal = " ".join(f"{_quote(w)}:{','.join(p)}" for w, p in positions.items() if w)
    return Document(
        literal,
        json.dumps(tf, ensure_ascii=False, separators=(",", ":")),
        sum(len(words) for words in columns.values()),
    )


def phrase_lexemes(phrase: Phrase) -> list[str]:
    return [w for w in lexemes(phrase.text) if w]


def tsquery(phrase: Phrase) -> str:
    """The tsquery literal of one phrase: its lexemes in a row, in its columns' weights."""
    weights = "AB" if phrase.field == "words" else "C"
    return " <-> ".join(f"{_quote(w)}:{weights}" for w in phrase_lexemes(phrase))


def any_of(phrases: list[Phrase]) -> str:
    """OR of the phrases that have lexemes ("" if none has)."""
    parts = [part for part in (tsquery(p) for p in phrases) if part]
    if len(parts) == 1:
        return parts[0]  # the same key as the phrase's own count (team/index.py caches them)
    return " | ".join(f"({part})" for part in parts)
