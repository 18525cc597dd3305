"""Entry titles that say the point (issue 11, "What gets written"): on messages written by
someone who never saw the title code, does the title a written entry gets carry what the
message teaches, not how it was said?

Each message of ``benchmarks/data/titles/*.jsonl`` carries one point (a correction, a lasting
preference, news, an explicit request) and, chosen by its writer, one to three groups of words
of which a good title holds at least one each (``must``: the value, the rule's object, a
negation that flips it). The message goes through the real path of ``memstrata signal`` (rules,
learned classifier, clean statement); the entry title is what a written entry would be titled
(``entry_title`` of the signal's detail, as ``remember``/``approve`` write it) and the brief is
what the evolution card shows. A title counts when every group appears in it
(case-insensitive, in the message's own characters).

Writer A (a mainland backend team) is the development set; writer B (台北/香港 mobile and
data) was held out (read three times by session 43); writer C (a Singapore/Shanghai e-commerce
company: data analyst, product manager, ML engineer, designer; session 44) and writer D (a
Shenzhen IoT hardware and cloud company, with Hong Kong and Taiwan colleagues; session 54) are
held out: each frozen by sha256 before anything ran on it, scored once per round.

    .venv/bin/python benchmarks/titles.py [--set writer_a] [--set writer_c] [--set writer_d] [--misses]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from pathlib import Path

from common import ROOT, recall_table, write_results

from memstrata.capture.record import record_signals
from memstrata.core.initialize import init_workspace
from memstrata.core.permissions import Session
from memstrata.core.workspace import Workspace
from memstrata.core.writer import Writer
from memstrata.text.rule_titles import entry_title

DATA = ROOT / "benchmarks" / "data" / "titles"
HELD_OUT = frozenset({"writer_b", "writer_c", "writer_d"})


def load(name: str) -> list[dict]:
    path = DATA / f"{name}.jsonl"
    if name in HELD_OUT:
        record = path.with_suffix(".sha256")
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        if not record.is_file() or record.read_text(encoding="utf-8").split()[0] != digest:
            sys.exit(f"{path}: sha256 {digest} differs from {record.name}: not the frozen set")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def says(groups: list[list[str]], title: str) -> bool:
    lowered = title.lower()
    return all(any(word.lower() in lowered for word in group) for group in groups)


def score(items: list[dict], writer: Writer) -> list[dict]:
    rows = []
    for item in items:
        report = record_signals(writer, item["text"], item.get("context", ""), dry_run=True)
        found = [s for s in report.signals if s.kind not in ("tool_error", "repeated_failure")]
        chosen = next((s for s in found if s.kind == item["kind"]), found[0] if found else None)
        title = entry_title(chosen.detail) if chosen else ""
        rows.append(
            {
                "kind": item["kind"],
                "detected": chosen is not None,
                "title": title,
                "brief": chosen.brief if chosen else "",
                "title_ok": bool(chosen) and says(item["must"], title),
                "brief_ok": bool(chosen) and says(item["must"], chosen.brief),
                "text": item["text"],
                "must": item["must"],
                "ideal": item.get("ideal", ""),
            }
        )
    return rows


def summary(name: str, rows: list[dict]) -> dict:
    seen = [r for r in rows if r["detected"]]
    return {
        "set": name,
        "n": len(rows),
        "detected": len(seen),
        "title says it (of detected)": round(
            sum(r["title_ok"] for r in seen) / max(len(seen), 1), 3
        ),
        "brief says it (of detected)": round(
            sum(r["brief_ok"] for r in seen) / max(len(seen), 1), 3
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--set", action="append", help="writer_a (dev), writer_b / writer_c (held out)"
    )
    parser.add_argument("--misses", action="store_true", help="print each title that misses")
    args = parser.parse_args()
    names = args.set or ["writer_a"]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        init_workspace(root, "self-evolution", lang="zh")
        writer = Workspace.open(root).writer(Session())
        table, results = [], {}
        for name in names:
            rows = score(load(name), writer)
            overall = summary(name, rows)
            table.append(overall)
            for kind in ("correction", "preference", "new_knowledge", "explicit_remember"):
                part = [r for r in rows if r["kind"] == kind]
                if part:
                    table.append(summary(f"{name} {kind}", part))
            results[name] = {"summary": overall, "rows": rows}
            if args.misses:
                for row in rows:
                    if row["detected"] and not row["title_ok"]:
                        print(
                            f"MISS {row['title']!r}  (want {row['must']}; ideal {row['ideal']!r})"
                        )
                        print(f"     {row['text']}")
    columns = list(table[0])
    print(recall_table("Entry titles that say the point", table, columns))
    print(f"wrote {write_results('titles', results)}")


if __name__ == "__main__":
    main()
