#!/usr/bin/env python3
"""Verify queries.jsonl: every gold quote occurs on exactly one line of its file,
ids are unique, lang matches the text, and print counts by type x lang."""
import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
WS = HERE / "workspace"
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
LATIN = re.compile(r"[A-Za-z]")
TYPES = ["cross_lingual", "multi_hop", "short_zh", "paraphrase", "temporal",
         "negation_distractor", "keyword_mixed"]


def lang_of(t):
    c, l = bool(CJK.search(t)), bool(LATIN.search(t))
    return "mixed" if c and l else ("zh" if c else "en")


def main():
    errs, ids, counts = [], set(), Counter()
    recs = [json.loads(l) for l in (HERE / "queries.jsonl").read_text(encoding="utf-8").splitlines() if l.strip()]
    for r in recs:
        if r["id"] in ids:
            errs.append(f"{r['id']}: duplicate id")
        ids.add(r["id"])
        if r["type"] not in TYPES:
            errs.append(f"{r['id']}: bad type {r['type']}")
        if r["lang"] != lang_of(r["query"]):
            errs.append(f"{r['id']}: lang {r['lang']} != {lang_of(r['query'])}")
        if r["type"] == "short_zh" and not (2 <= len(r["query"]) <= 4 and r["lang"] == "zh"):
            errs.append(f"{r['id']}: short_zh must be 2-4 Chinese chars")
        if r["type"] == "multi_hop" and len({(g['path'], g['quote']) for g in r["gold"]}) < 2:
            errs.append(f"{r['id']}: multi_hop needs >= 2 gold lines")
        seen_lines = set()
        for g in r["gold"]:
            f = WS / g["path"]
            if not f.is_file():
                errs.append(f"{r['id']}: missing file {g['path']}")
                continue
            lines = f.read_text(encoding="utf-8").splitlines()
            hits = [i for i, ln in enumerate(lines, 1) if g["quote"] in ln]
            if len(hits) != 1:
                errs.append(f"{r['id']}: quote found on {len(hits)} lines of {g['path']}: {g['quote']!r}")
            else:
                key = (g["path"], hits[0])
                if key in seen_lines:
                    errs.append(f"{r['id']}: two gold quotes point at the same line {key}")
                seen_lines.add(key)
        counts[(r["type"], r["lang"])] += 1
    langs = ["zh", "en", "mixed"]
    print(f"{'type':22s}" + "".join(f"{l:>7s}" for l in langs) + "  total")
    for t in TYPES:
        row = [counts[(t, l)] for l in langs]
        print(f"{t:22s}" + "".join(f"{n:7d}" for n in row) + f"{sum(row):7d}")
    tot = [sum(counts[(t, l)] for t in TYPES) for l in langs]
    print(f"{'total':22s}" + "".join(f"{n:7d}" for n in tot) + f"{sum(tot):7d}")
    for e in errs:
        print("ERROR", e)
    print("OK" if not errs else f"{len(errs)} errors")
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
