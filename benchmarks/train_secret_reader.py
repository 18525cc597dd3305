"""Train and measure the learned secret reader (``memstrata.core.redact.learned``, issue 11).

Data: the blind sets of secrets said in words (``benchmarks/data/secrets_said``, the held-out
sets left out), each candidate value a message holds labelled by whether it overlaps one of the
message's secret values (controls' candidates are all negative), and, as more negatives, the
candidates of 20,000 ordinary texts drawn from one half of ``redaction_corpus.corpus()`` (LoCoMo,
LongMemEval and this project's data; the other half is where the ordinary cost is measured).
Candidates a rule already hides are not read, so the model learns what the rules leave (reading
every candidate was measured in round 42 and dropped: surer of fresh secrets, but it hid paths,
model names and talk the rules are guarded against; BENCHMARKS.md).

Prints, leaving a fifth of the sets out at a time, the messages that leak and the controls that
change with the rules alone and with the model beside them, and how many ordinary texts of the
other half it would change; then fits the model on every set and writes
``src/memstrata/core/redact/secret_reader.bin``. Needs the ``train`` extra (scikit-learn).

    .venv/bin/python benchmarks/train_secret_reader.py
"""

from __future__ import annotations

import json
import random
from array import array
from typing import Any

from common import write_results
from redaction_corpus import corpus
from secrets_said import DATA, HELD_OUT

from memstrata.core.redact import find_secrets
from memstrata.core.redact.learned import _LOGIT, DIM, WEIGHTS, candidates, features, has_cjk

C = 1.0
# Ordinary texts read as negatives, each weighing as much as a set's control: with the 29 sets of
# round 42, 8,000 at a weight of 0.3 let years, ports, times and prices be hidden in ordinary text.
ORDINARY = 20000
FOLDS = 5


def candidate_rows(text: str, values: list[str]) -> tuple[list[tuple[int, int]], list[Any]]:
    """The rules' spans, and each candidate the rules leave: (span, features, is a secret)."""
    found = find_secrets(text, learned=False)
    spans = [(f.start, f.end) for f in found]
    secret = [(i, i + len(v)) for v in values for i in _positions(text, v)]
    lowered, cjk = text.lower(), has_cjk(text)
    rows = [
        (
            (start, end),
            features(text, lowered, start, end, bool(found), cjk),
            _overlaps(start, end, secret),
        )
        for start, end in candidates(text, cjk)
        if not _overlaps(start, end, spans)
    ]
    return spans, rows


def _positions(text: str, value: str) -> list[int]:
    out, at = [], text.find(value)
    while at >= 0:
        out.append(at)
        at = text.find(value, at + 1)
    return out


def _overlaps(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    return any(a < end and start < b for a, b in spans)


def fit(rows: list[tuple[list[int], bool, float]]) -> Any:
    import numpy as np
    from scipy import sparse
    from sklearn.linear_model import LogisticRegression

    cols = np.concatenate([np.asarray(f, dtype=np.int64) for f, _, _ in rows])
    row_ids = np.repeat(np.arange(len(rows)), [len(f) for f, _, _ in rows])
    matrix = sparse.csr_matrix(
        (np.ones(len(cols), np.float32), (row_ids, cols)), shape=(len(rows), DIM)
    )
    labels = np.asarray([y for _, y, _ in rows])
    weights = np.asarray([w for _, _, w in rows])
    # the secrets weigh as much as half the negatives together
    weights = np.where(labels, weights * (~labels).sum() / max(1, labels.sum()) * 0.5, weights)
    return LogisticRegression(C=C, max_iter=3000).fit(matrix, labels, sample_weight=weights)


def hides(model: Any, feats: list[int]) -> bool:
    """What ``learned_findings`` decides with ``model``'s weights."""
    return bool(model.intercept_[0] + sum(model.coef_[0][i] for i in feats) >= _LOGIT)


def main() -> None:
    names = sorted(p.stem for p in DATA.glob("*.jsonl") if p.stem not in HELD_OUT)
    sets = {
        name: [json.loads(line) for line in (DATA / f"{name}.jsonl").read_text().splitlines()]
        for name in names
    }
    read = {
        name: [
            (m, *candidate_rows(m["msg"], m["vals"] if m["kind"] == "S" else [])) for m in messages
        ]
        for name, messages in sets.items()
    }
    texts = corpus()
    random.Random(41).shuffle(texts)
    half = len(texts) // 2
    ordinary = [
        (f, False, 1.0)
        for text in random.Random(41).sample(texts[:half], ORDINARY)
        for _, f, _ in candidate_rows(text, [])[1]
    ]
    counts = {"leaks_rules": 0, "leaks_with_model": 0, "controls_changed_rules": 0}
    counts |= {"controls_changed_with_model": 0, "secret_messages": 0, "controls": 0}
    folds = [names[i::FOLDS] for i in range(FOLDS)]
    for held in folds:
        train = [
            (f, y, 1.0)
            for n in names
            if n not in held
            for _, _, rows in read[n]
            for _, f, y in rows
        ]
        model = fit(train + ordinary)
        for name in held:
            for message, spans, rows in read[name]:
                extra = [span for span, f, _ in rows if hides(model, f)]
                text = message["msg"]
                before, after = _hidden(text, spans), _hidden(text, spans + extra)
                if message["kind"] == "S":
                    counts["secret_messages"] += 1
                    counts["leaks_rules"] += any(v in before for v in message["vals"])
                    counts["leaks_with_model"] += any(v in after for v in message["vals"])
                else:
                    counts["controls"] += 1
                    counts["controls_changed_rules"] += before != text
                    counts["controls_changed_with_model"] += after != text
    print(
        f"leaving {len(names) // FOLDS}-{len(names) // FOLDS + 1} of {len(names)} sets out at a time:"
    )
    print(json.dumps(counts, indent=1))
    model = fit(
        [(f, y, 1.0) for n in names for _, _, rows in read[n] for _, f, y in rows] + ordinary
    )
    other_half = random.Random(41).sample(texts[half:], 6000)
    changed = sum(
        any(hides(model, f) for _, f, _ in candidate_rows(text, [])[1]) for text in other_half
    )
    counts["ordinary_texts_read"] = len(other_half)
    counts["ordinary_texts_changed_by_model"] = changed
    print(f"ordinary texts (the other half): {changed} of {len(other_half)} changed by the model")
    weights = array("f", [float(w) for w in model.coef_[0]] + [float(model.intercept_[0])])
    WEIGHTS.write_bytes(weights.tobytes())
    print(f"wrote {WEIGHTS} ({WEIGHTS.stat().st_size} bytes)")
    print(f"wrote {write_results('secret_reader', counts)}")


def _hidden(text: str, spans: list[tuple[int, int]]) -> str:
    chars = list(text)
    for start, end in spans:
        chars[start:end] = ["\0"] * (end - start)
    return "".join(chars)


if __name__ == "__main__":
    main()
