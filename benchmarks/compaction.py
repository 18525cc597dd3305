"""How much a compacted conversation still knows (LoCoMo, QA categories 1-4).

Each LoCoMo conversation becomes chat messages (speaker A as the user, B as the assistant) and
is compacted to 10 % of its tokens. A QA answer "survives" when its normalised text occurs in
what is left. Compared in the same run:

* keep-last-N only: the most recent messages that fit in 10 %;
* memstrata: the most recent messages in 5 % plus the extractive rolling summary in 5 %, plus
  the notes the memory flush wrote to the daily log before dropping messages;
* ceiling: the whole conversation (many answers are dates or paraphrases that never occur
  verbatim, so no method can keep those).

    .venv/bin/python benchmarks/compaction.py
"""

from __future__ import annotations

import json
import re
import tempfile
from collections import defaultdict
from pathlib import Path

from common import SHARED_DATA, mean, recall_table, write_results

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[^\w\s]", " ", str(text).lower())).strip()


def messages_of(conv: dict):
    from memstrata.compaction.compact import Message

    sessions = sorted((int(k.split("_")[1]), k) for k in conv if re.fullmatch(r"session_\d+", k))
    out = []
    for _number, key in sessions:
        for turn in conv[key]:
            role = "user" if turn["speaker"] == conv["speaker_a"] else "assistant"
            out.append(Message(role, f"{turn['speaker']}: {turn['text']}"))
    return out


def last_fitting(messages: list, budget: int) -> list:
    kept, used = [], 0
    for message in reversed(messages):
        if used + message.tokens > budget:
            break
        kept.append(message)
        used += message.tokens
    return kept[::-1]


def main() -> None:
    from memstrata.compaction.compact import compact, flush_memories, split_point
    from memstrata.core.initialize import init_workspace

    data = json.loads((SHARED_DATA / "locomo10.json").read_text())
    survived: dict[tuple[str, str], list[float]] = defaultdict(list)
    ratios = []
    for conv in data:
        messages = messages_of(conv["conversation"])
        total = sum(m.tokens for m in messages)
        budget = total // 10
        baseline = " ".join(m.text for m in last_fitting(messages, budget))
        keep = len(last_fitting(messages, budget // 2))
        ws = init_workspace(Path(tempfile.mkdtemp()) / "ws", preset="openclaw", lang="en").workspace
        flushed = flush_memories(ws.writer(), messages[: split_point(messages, keep)])
        result = compact(
            messages, window=budget, keep=keep, threshold=0.0, summary_tokens=budget // 2
        )
        ratios.append(result.tokens_after / total)
        ours = (
            result.summary
            + " "
            + " ".join(m.text for m in result.messages[1:])
            + " "
            + " ".join(flushed)
        )
        full = " ".join(m.text for m in messages)
        texts = {
            "keep-last-N": normalise(baseline),
            "memstrata": normalise(ours),
            "ceiling (full)": normalise(full),
        }
        for qa in conv["qa"]:
            if qa.get("category") not in CATEGORIES or "answer" not in qa:
                continue
            answer = normalise(qa["answer"])
            if not answer:
                continue
            for method, text in texts.items():
                hit = float(f" {answer} " in f" {text} ")
                survived[(method, CATEGORIES[qa["category"]])].append(hit)
                survived[(method, "overall")].append(hit)
    rows = [
        {
            "method": method,
            "category": cat,
            "n": len(survived[(method, cat)]),
            "answers_surviving": mean(survived[(method, cat)]),
        }
        for method in ("keep-last-N", "memstrata", "ceiling (full)")
        for cat in [*CATEGORIES.values(), "overall"]
    ]
    print(
        recall_table(
            "LoCoMo answers surviving compaction to 10 % of tokens",
            rows,
            ["method", "category", "n", "answers_surviving"],
        )
    )
    print(f"\nmemstrata's compacted size: {mean(ratios):.1%} of the original on average")
    print(f"wrote {write_results('compaction', {'rows': rows, 'size_ratio': mean(ratios)})}")


if __name__ == "__main__":
    main()
