#!/usr/bin/env python3
"""Validate queries.jsonl against the workspace.

Checks:
  - every line is a JSON object with id, query, type, lang, gold, note
  - ids are unique
  - type is one of the seven known types
  - lang matches the query text: CJK only -> zh, Latin only -> en, both -> mixed
  - short_zh queries are 2-4 Chinese characters and nothing else
  - every gold path exists under workspace/ and every gold quote occurs on exactly one
    line of that file
  - gold lines within one query are distinct; multi_hop has >= 2 gold lines
  - a non-multi_hop query with several gold lines says "[any gold line answers]" first
Prints counts by type x lang and exits non-zero on any error.
"""
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WS = ROOT / "workspace"
QUERIES = ROOT / "queries.jsonl"

TYPES = ["cross_lingual", "multi_hop", "short_zh", "paraphrase", "temporal",
         "negation_distractor", "keyword_mixed"]
LANGS = ["zh", "en", "mixed"]
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
LATIN = re.compile(r"[A-Za-z]")
ANY_TAG = "[any gold line answers]"


def detect_lang(text):
    has_cjk = bool(CJK.search(text))
    has_lat = bool(LATIN.search(text))
    if has_cjk and has_lat:
        return "mixed"
    if has_cjk:
        return "zh"
    if has_lat:
        return "en"
    return None


def main():
    errors = []
    file_cache = {}

    def lines_of(path):
        if path not in file_cache:
            p = (WS / path).resolve()
            if WS.resolve() not in p.parents or not p.is_file():
                file_cache[path] = None
            else:
                file_cache[path] = p.read_text(encoding="utf-8").split("\n")
        return file_cache[path]

    seen_ids = set()
    counts = Counter()
    n = 0
    for lineno, raw in enumerate(QUERIES.read_text(encoding="utf-8").splitlines(), 1):
        if not raw.strip():
            continue
        n += 1
        where = f"queries.jsonl:{lineno}"
        try:
            q = json.loads(raw)
        except json.JSONDecodeError as e:
            errors.append(f"{where}: bad JSON: {e}")
            continue
        missing = [k for k in ("id", "query", "type", "lang", "gold", "note") if k not in q]
        if missing:
            errors.append(f"{where}: missing fields {missing}")
            continue
        qid = q["id"]
        where = f"{where} ({qid})"
        if qid in seen_ids:
            errors.append(f"{where}: duplicate id")
        seen_ids.add(qid)
        if q["type"] not in TYPES:
            errors.append(f"{where}: unknown type {q['type']!r}")
        if q["lang"] not in LANGS:
            errors.append(f"{where}: unknown lang {q['lang']!r}")
        actual = detect_lang(q["query"])
        if actual != q["lang"]:
            errors.append(f"{where}: lang is {q['lang']!r} but text looks {actual!r}")
        if q["type"] == "short_zh":
            s = q["query"].strip()
            if not (2 <= len(s) <= 4 and all(CJK.match(c) for c in s)):
                errors.append(f"{where}: short_zh must be 2-4 Chinese characters, got {s!r}")
        gold = q["gold"]
        if not isinstance(gold, list) or not gold:
            errors.append(f"{where}: gold must be a non-empty list")
            continue
        gold_lines = set()
        for g in gold:
            path, quote = g.get("path"), g.get("quote")
            if not path or not quote:
                errors.append(f"{where}: gold entry needs path and quote: {g}")
                continue
            lines = lines_of(path)
            if lines is None:
                errors.append(f"{where}: no such file {path}")
                continue
            hits = [i + 1 for i, line in enumerate(lines) if quote in line]
            if len(hits) != 1:
                errors.append(f"{where}: quote found on {len(hits)} lines of {path} "
                              f"(lines {hits[:5]}): {quote!r}")
                continue
            key = (path, hits[0])
            if key in gold_lines:
                errors.append(f"{where}: two gold quotes point at {path}:L{hits[0]}")
            gold_lines.add(key)
        if q["type"] == "multi_hop" and len(gold) < 2:
            errors.append(f"{where}: multi_hop needs >= 2 gold lines")
        if q["type"] != "multi_hop" and len(gold) > 1 and not q["note"].startswith(ANY_TAG):
            errors.append(f"{where}: several gold lines but note does not start with {ANY_TAG}")
        counts[(q["type"], q["lang"])] += 1

    # report
    print(f"queries: {n}")
    header = f"{'type':<22}" + "".join(f"{l:>7}" for l in LANGS) + f"{'total':>7}"
    print(header)
    print("-" * len(header))
    for t in TYPES:
        row = [counts[(t, l)] for l in LANGS]
        print(f"{t:<22}" + "".join(f"{c:>7}" for c in row) + f"{sum(row):>7}")
    tot = [sum(counts[(t, l)] for t in TYPES) for l in LANGS]
    print("-" * len(header))
    print(f"{'total':<22}" + "".join(f"{c:>7}" for c in tot) + f"{sum(tot):>7}")
    if n:
        print("lang share: " + ", ".join(f"{l} {100 * c / n:.1f}%" for l, c in zip(LANGS, tot)))

    if errors:
        print(f"\n{len(errors)} error(s):")
        for e in errors:
            print("  " + e)
        return 1
    print("\nOK: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
