#!/usr/bin/env python3
"""Validate queries.jsonl against the workspace. Exit 1 on any problem.

The other blind sets use this same check: `python3 check.py ../recall_bilingual2`."""
import json, sys, collections
from pathlib import Path

ROOT = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parent
WS = ROOT / "workspace"
QF = ROOT / "queries.jsonl"

MIN_COUNTS = {"cross_lingual": 45, "multi_hop": 30, "short_zh": 30, "paraphrase": 45,
              "temporal": 30, "negation_distractor": 25, "keyword_mixed": 20, "decision": 15}
LANGS = {"zh", "en", "mixed"}
SPLITS = {"dev", "heldout"}
KEYS = {"id", "query", "type", "lang", "gold", "split", "note"}

problems = []
def bad(qid, msg):
    problems.append(f"{qid}: {msg}")

def is_cjk(ch):
    return "\u4e00" <= ch <= "\u9fff"

_lines = {}
def lines_of(rel):
    if rel not in _lines:
        p = (WS / rel).resolve()
        if WS.resolve() not in p.parents or not p.is_file():
            _lines[rel] = None
        else:
            _lines[rel] = p.read_text(encoding="utf-8").splitlines()
    return _lines[rel]

queries = []
with QF.open(encoding="utf-8") as f:
    for n, raw in enumerate(f, 1):
        if not raw.strip():
            continue
        try:
            queries.append(json.loads(raw))
        except json.JSONDecodeError as e:
            problems.append(f"line {n}: invalid JSON: {e}")

seen_ids, seen_queries = set(), set()
by_type, by_lang, by_split = collections.Counter(), collections.Counter(), collections.Counter()
by_type_split = collections.Counter()
gold_items = 0
for q in queries:
    qid = q.get("id", "?")
    if set(q) != KEYS:
        bad(qid, f"keys {sorted(q)} != {sorted(KEYS)}")
        continue
    if qid in seen_ids: bad(qid, "duplicate id")
    seen_ids.add(qid)
    if q["query"] in seen_queries: bad(qid, "duplicate query text")
    seen_queries.add(q["query"])
    t, lang, split = q["type"], q["lang"], q["split"]
    if t not in MIN_COUNTS: bad(qid, f"unknown type {t}")
    if lang not in LANGS: bad(qid, f"unknown lang {lang}")
    cjk = any(is_cjk(c) for c in q["query"]); latin = any(c.isascii() and c.isalpha() for c in q["query"])
    if lang != ("mixed" if cjk and latin else ("zh" if cjk else "en")):
        bad(qid, f"lang {lang} does not match the query's script")
    if split not in SPLITS: bad(qid, f"unknown split {split}")
    if not q["query"].strip() or not q["note"].strip(): bad(qid, "empty query or note")
    if t == "short_zh":
        n_cjk = sum(is_cjk(c) for c in q["query"])
        if n_cjk != len(q["query"]) or not 2 <= n_cjk <= 4:
            bad(qid, "short_zh query must be 2-4 Chinese characters")
    gold = q["gold"]
    if not isinstance(gold, list) or not gold:
        bad(qid, "gold must be a non-empty list"); continue
    if t == "multi_hop":
        if not 2 <= len(gold) <= 3: bad(qid, "multi_hop needs 2-3 gold items")
    elif len(gold) != 1:
        bad(qid, "non-multi_hop queries have exactly one gold item")
    found = set()
    for g in gold:
        gold_items += 1
        if set(g) != {"path", "quote"}:
            bad(qid, f"gold keys {sorted(g)}"); continue
        ls = lines_of(g["path"])
        if ls is None:
            bad(qid, f"missing file {g['path']}"); continue
        quote = g["quote"]
        if not quote.strip() or "\n" in quote:
            bad(qid, f"bad quote {quote!r}"); continue
        hits = [i for i, l in enumerate(ls) if quote in l]
        if len(hits) != 1:
            bad(qid, f"quote {quote!r} found on {len(hits)} lines of {g['path']}"); continue
        key = (g["path"], hits[0])
        if key in found: bad(qid, "two gold items point to the same line")
        found.add(key)
    by_type[t] += 1; by_lang[lang] += 1; by_split[split] += 1; by_type_split[(t, split)] += 1

for t, m in MIN_COUNTS.items():
    if by_type[t] < m:
        problems.append(f"type {t}: {by_type[t]} < {m}")

files = sorted(p.relative_to(WS).as_posix() for p in WS.rglob("*.md"))
print(f"workspace files: {len(files)}  (daily logs: {sum(1 for f in files if f.startswith('memory/2026-'))})")
print(f"queries: {len(queries)}  gold items: {gold_items}")
print("by type:")
for t in MIN_COUNTS:
    print(f"  {t:20s} {by_type[t]:4d}  dev {by_type_split[(t,'dev')]:3d}  heldout {by_type_split[(t,'heldout')]:3d}")
print("by lang: " + ", ".join(f"{k} {v}" for k, v in sorted(by_lang.items())))
print("by split: " + ", ".join(f"{k} {v}" for k, v in sorted(by_split.items())))
if problems:
    print(f"\n{len(problems)} problem(s):")
    for p in problems:
        print("  " + p)
    sys.exit(1)
print("OK")
