"""Two expectations of benchmarks/data/learning_sim.py that contradict the policy they test.

learning_sim.py was committed before the simulation first ran and stays as it was; its count
("as committed") is reported first. These corrections were written after reading the results
(round 4), so the second count ("as the notes say") is not a blind one: each names the note's
own words that decide it.

item: (policy, expected place as the notes say, why)
"""

from __future__ import annotations

CORRECTED: dict[str, tuple[str, str, str]] = {
    "short": (
        "pool",
        "candidate",
        "said on days 3, 5 and 20 with expiry_days = 14 (the script's own setting): note 004 drops "
        "a candidate 'observed < 3 times and first observed > 30 (here 14) days ago' (its "
        "decision tree; its promotion rules say 'not observed again for 30 days', which drops it "
        "on day 19 as well), so the candidate expires on day 18 and 'Keep it short' on day 20 "
        "starts a new one at 1/3; USER.md is unreachable under this policy",
    ),
    "docker_port": (
        "pool",
        "corrections",
        "the lesson is a failing operation and its fix (docker compose up -d db fails twice: "
        "port already allocated; down && up works): note 004 files exactly that shape under "
        "MEMORY.md's 错误修正记录 ('[YYYY-MM] 曾犯的错误 → 修正后的做法 | 来源：{Hook/用户纠正/"
        "自发现}', and its card example '⚠️ 错误修正 → 写入 MEMORY.md：npm install 在此项目失败 → "
        "改用 pnpm install'), while 重要规则 holds the user's rules and constraints",
    ),
}
