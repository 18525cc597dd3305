"""Secrets said in words: how many reach a file, and how much ordinary talk is hidden.

Each set of ``benchmarks/data/secrets_said/`` was written blind by someone who saw no code
(see its README): messages holding a secret (``S``, with the secret substrings) and controls
holding none (``C``). A message leaks when a value survives ``redact``, which every write path
runs before anything is persisted; a control is over-redacted when its text changes.

    .venv/bin/python benchmarks/secrets_said.py [--set review45] [--held-out] [--misses]

The held-out set is read only with ``--held-out`` (once per finished change, never tuned on).
"""

from __future__ import annotations

import argparse
import json

from common import ROOT, recall_table, write_results

from memstrata.core.redact import redact

DATA = ROOT / "benchmarks" / "data" / "secrets_said"
HELD_OUT = frozenset({"review73", "review74", "review76"})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", action="append", help="a file's stem; default: every set")
    parser.add_argument("--held-out", action="store_true", help="score the held-out set too")
    parser.add_argument("--misses", action="store_true", help="print each leak and over-redaction")
    args = parser.parse_args()
    names = args.set or sorted(
        p.stem for p in DATA.glob("*.jsonl") if args.held_out or p.stem not in HELD_OUT
    )
    rows, results = [], {}
    for name in names:
        lines = (DATA / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
        messages = [json.loads(line) for line in lines]
        secrets = [m for m in messages if m["kind"] == "S"]
        controls = [m for m in messages if m["kind"] == "C"]
        leaked = [m for m in secrets if any(v in redact(m["msg"]) for v in m["vals"])]
        hidden = [m for m in controls if redact(m["msg"]) != m["msg"]]
        if args.misses:
            for m in leaked:
                print(f"LEAK {name}: {m['msg']}")
            for m in hidden:
                print(f"OVER {name}: {redact(m['msg'])}")
        row = {
            "set": name + (" (held out)" if name in HELD_OUT else " (dev)"),
            "secret messages": len(secrets),
            "leaked": f"{len(leaked)} ({len(leaked) / max(1, len(secrets)):.1%})",
            "controls": len(controls),
            "over-redacted": f"{len(hidden)} ({len(hidden) / max(1, len(controls)):.1%})",
        }
        rows.append(row)
        results[name] = {
            "secret_messages": len(secrets),
            "leaked": len(leaked),
            "controls": len(controls),
            "over_redacted": len(hidden),
        }
    print(recall_table("secrets said in words: leaks and over-redaction", rows, list(rows[0])))
    print(f"wrote {write_results('secrets_said', results)}")


if __name__ == "__main__":
    main()
