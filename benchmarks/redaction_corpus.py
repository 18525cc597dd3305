"""Over-redaction and cost of ``redact`` over ordinary text, against a baseline revision.

Every string of this project's benchmark data (the blind secret sets aside), LoCoMo's turns and
LongMemEval's sample is redacted by the working tree and by ``--baseline`` (a revision, checked
out into a temporary folder by ``git archive``), each in its own process. The text holds almost no
secrets, so a line that changes is mostly over-redaction: the table counts them, the lines that
changed differently are listed (``--show``), and the time is a ratio against the baseline in the
same run (this machine is noisy).

    .venv/bin/python benchmarks/redaction_corpus.py --baseline 574ab00 [--show 20]
"""

from __future__ import annotations

import argparse
import gzip
import json
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

from common import ROOT, SHARED_DATA, recall_table, write_results

_RUN = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from memstrata.core.redact import redact
texts = json.load(open(sys.argv[2], encoding="utf-8"))
for text in texts[:200]:
    redact(text)  # compile the patterns before the clock starts
start = time.perf_counter()
out = [redact(text) for text in texts]
elapsed = time.perf_counter() - start
json.dump({"seconds": elapsed, "out": out}, open(sys.argv[3], "w", encoding="utf-8"))
"""


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def corpus() -> list[str]:
    """The texts: benchmark data (not the secret sets), LoCoMo turns, LongMemEval turns."""
    texts: set[str] = set()
    for path in sorted((ROOT / "benchmarks" / "data").rglob("*")):
        if not path.is_file() or "secrets_said" in path.parts:
            continue
        try:
            raw = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if path.suffix in (".jsonl", ".json"):
            lines = raw.splitlines() if path.suffix == ".jsonl" else [raw]
            for line in lines:
                try:
                    texts.update(_strings(json.loads(line)))
                except json.JSONDecodeError:
                    texts.add(line)
        else:
            texts.update(raw.splitlines())
    for conversation in json.loads((SHARED_DATA / "locomo10.json").read_text()):
        for turns in conversation["conversation"].values():
            if isinstance(turns, list):
                texts.update(t["text"] for t in turns if isinstance(t, dict) and "text" in t)
    with gzip.open(SHARED_DATA / "longmemeval_s_sample60.json.gz") as raw_gz:
        for item in json.load(raw_gz):
            for session in item["haystack_sessions"]:
                texts.update(turn["content"] for turn in session)
    return sorted(t for t in texts if len(t) > 3)


def _checkout(revision: str, into: Path) -> Path:
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision, "src"], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def _redact_all(src: Path, texts_file: Path, work: Path) -> dict[str, Any]:
    out = work / f"out-{src.parent.name}.json"
    subprocess.run([sys.executable, "-c", _RUN, str(src), str(texts_file), str(out)], check=True)
    result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", required=True, help="a revision to compare with")
    parser.add_argument("--show", type=int, default=0, help="list this many differing lines")
    args = parser.parse_args()
    texts = corpus()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        texts_file = work / "texts.json"
        texts_file.write_text(json.dumps(texts, ensure_ascii=False), encoding="utf-8")
        (work / "base").mkdir()
        base = _redact_all(_checkout(args.baseline, work / "base"), texts_file, work)
        now = _redact_all(ROOT / "src", texts_file, work)
    changed = {
        "baseline": sum(a != t for a, t in zip(base["out"], texts, strict=True)),
        "working tree": sum(b != t for b, t in zip(now["out"], texts, strict=True)),
    }
    differing = [
        (t, a, b) for t, a, b in zip(texts, base["out"], now["out"], strict=True) if a != b
    ]
    rows = [
        {
            "redactor": name,
            "texts": len(texts),
            "changed": changed[name],
            "seconds": round(run["seconds"], 2),
            "time vs baseline": round(run["seconds"] / base["seconds"], 2),
        }
        for name, run in (("baseline", base), ("working tree", now))
    ]
    print(
        recall_table(f"redact over ordinary text (baseline {args.baseline})", rows, list(rows[0]))
    )
    print(f"lines redacted differently: {len(differing)}")
    for _text, a, b in differing[: args.show]:
        at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), 0)
        window = slice(max(0, at - 80), at + 80)
        print(f"--- baseline: {a[window]!r}\n    now:      {b[window]!r}")
    payload = {"baseline": args.baseline, "rows": rows, "differing": len(differing)}
    print(f"wrote {write_results('redaction_corpus', payload)}")


if __name__ == "__main__":
    main()
