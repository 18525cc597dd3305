# Writes queries.jsonl from the hand-written lists in q_part*.py (no generation, just serialisation).
import json, sys, os
sys.path.insert(0, os.path.dirname(__file__))
import q_part1, q_part2, q_part3  # noqa: F401  (parts 2-3 append to q_part1.Q)
out = os.path.join(os.path.dirname(__file__), "..", "queries.jsonl")
with open(out, "w", encoding="utf-8") as f:
    for i, item in enumerate(q_part1.Q, 1):
        rec = {"id": f"q{i:03d}", "query": item["query"], "type": item["type"], "lang": item["lang"],
               "gold": item["gold"], "note": item["note"]}
        f.write(json.dumps(rec, ensure_ascii=False) + "\n")
print(len(q_part1.Q), "queries written")
