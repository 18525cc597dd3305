"""The 21-day bilingual learning simulation: script and expected final state (issue 11).

Written down BEFORE the simulation was first run (see the git history: this file was committed
on its own, before benchmarks/learning_sim.py ever produced a result). Day 1 is 2026-03-02.

Each utterance: (day, "HH:MM", kind of event, text, context). Events:
  "user"  the user's message, through ``memstrata signal`` (main session, learned classifier);
  "fail"  a tool call the agent reported as failed (Claude Code's PostToolUseFailure hook).
At 22:00 each day the heartbeat runs (when due, never forced) and the user approves every card
(「确认」). The simulation's workspace sets ``[evolve] expiry_days = 14`` so that expiry shows
within three weeks (the default is 30).

EXPECTED gives, per item, where it must be at the end, for each policy:
  synthesis (self-evolution preset, note 000): "principles" (L1), "patterns" (L2), "absent";
  pool (memory-manager preset, note 004): "user" (USER.md), "memory" (MEMORY.md), "corrections"
  (MEMORY.md 错误修正记录), "candidate" (still observing), "expired" (dropped), "absent".
An item must appear exactly once in its place (a second entry is a duplicate) and nowhere
else in memory; "absent" means no entry and no candidate anywhere.
"""

from __future__ import annotations

BUILD_FAIL = "Error: Cannot find module '@acme/ui' imported from src/App.tsx"
DOCKER_CONTEXT = (
    "[bash] docker compose up -d db → Error response from daemon: Bind for 0.0.0.0:5432 failed: "
    "port is already allocated\n"
    "[bash] docker compose up -d db → Error response from daemon: Bind for 0.0.0.0:5432 failed: "
    "port is already allocated\n"
    "[bash] docker compose down && docker compose up -d db → ok"
)

# (day, time, event, text, context, item)  item: which EXPECTED entry it is about ("" = none)
SCRIPT: list[tuple[int, str, str, str, str, str]] = [
    (1, "09:10", "user", "代码注释我更喜欢用中文", "", "comments_zh"),
    (1, "09:40", "user", "帮我把这个函数重构一下", "", ""),
    (1, "10:05", "user", "不对称加密一般用哪个库？", "", "neg_asym"),
    (1, "11:00", "user", "完美，就是这样", "", ""),
    (1, "14:00", "user", "顺便说一下，测试环境的 Redis 在 10.0.3.7", "", "redis"),
    (2, "09:30", "user", "装依赖我习惯用 pnpm", "", "pm_pnpm"),
    (2, "10:20", "user", "不对，staging 的数据库是 pg-stg-02，不是 pg-stg-01", "", "staging_db"),
    (2, "15:00", "user", "remember() 这个 hook 怎么用？", "", "neg_remember_fn"),
    (2, "16:00", "user", "谢谢", "", ""),
    (3, "09:00", "user", "Keep replies short please, no long intros", "", "short"),
    (3, "10:00", "user", "如果以后都用 bun，CI 会不会快一点？", "", "neg_bun_if"),
    (3, "11:30", "user", "记住：发布前必须先跑数据库迁移", "", "migrate"),
    (3, "15:00", "user", "why is the build so slow?", "", ""),
    (4, "09:15", "user", "I prefer Chinese comments in code", "", "comments_zh"),
    (4, "10:00", "user", "以后都这样", "", "echo"),
    (4, "13:00", "fail", BUILD_FAIL, "Bash: pnpm build", "build_fail"),
    (4, "13:05", "fail", BUILD_FAIL, "Bash: pnpm build", "build_fail"),
    (4, "16:00", "user", "这次先用 npm 吧", "", "neg_npm_once"),
    (5, "09:00", "user", "老板说以后都要写周报", "", "neg_boss"),
    (5, "10:00", "user", "nice 👍", "", ""),
    (5, "11:00", "user", "回复简短一点，别写长篇开场白", "", "short"),
    (5, "15:00", "user", "帮我把日志级别调成 debug", "", ""),
    (6, "09:30", "user", "FYI the on-call rotation changes every Monday", "", "oncall"),
    (6, "10:30", "user", "No, staging DB is pg-stg-02, not pg-stg-01", "", "staging_db"),
    (6, "14:00", "user", "perfect square 是什么意思", "", "neg_square"),
    (7, "09:00", "user", "Remember: always run DB migrations before a release", "", "migrate"),
    (7, "10:00", "user", "帮我看看这个报错", "", ""),
    (7, "11:00", "user", "just for this file use tabs", "", "neg_tabs_once"),
    (8, "09:00", "user", "I'd rather use yarn for installs now", "", "pm_yarn"),
    (8, "10:00", "user", "Is it always O(n)?", "", "neg_always_q"),
    (8, "16:00", "user", "收到", "", ""),
    (9, "09:20", "user", "注释用中文写，别用英文", "", "comments_zh"),
    (9, "11:00", "user", "这个经验记一下", DOCKER_CONTEXT, "docker_port"),
    (10, "09:00", "user", "我们的 CI 跑在 GitLab 上，runner 标签是 docker-large", "", "ci"),
    (
        10,
        "10:00",
        "user",
        "你又连错了，staging 库是 pg-stg-02，不是 pg-stg-01",
        "",
        "staging_db",
    ),
    (10, "11:00", "user", "I never said that was wrong, just asking", "", "neg_never_said"),
    (11, "09:00", "user", "FYI our on-call rotation switches every Monday at 10am", "", "oncall"),
    (11, "10:00", "user", "稳", "", ""),
    (11, "11:00", "user", "What does this error mean?", "", ""),
    (
        12,
        "09:00",
        "fail",
        'error: the server doesn\'t have a resource type "deploymnet"',
        "Bash: kubectl get deploymnet",
        "kubectl_fail",
    ),
    (12, "10:00", "user", "以后回复都用中文", "", "reply_zh"),
    (12, "15:00", "user", "always-on VPN 怎么配？", "", "neg_vpn"),
    (13, "09:00", "user", "Reply in Chinese from now on", "", "reply_zh"),
    (13, "10:00", "user", "the README says never run as root", "", "neg_readme"),
    (14, "09:00", "user", "反思一下", "", ""),
    (14, "10:00", "user", "Heads up: prod deploys are frozen every Friday after 3pm", "", "freeze"),
    (14, "11:00", "user", "👍", "", ""),
    (15, "09:00", "user", "装依赖现在改用 bun 了", "", "pm_bun"),
    (15, "18:00", "user", "好了", "", ""),
    (16, "09:00", "user", "永远不要在 main 分支上直接 force push", "", "force_push"),
    (16, "10:00", "user", "ok, continue", "", ""),
    (16, "11:00", "user", "这个 bug 又出现了吗？", "", "neg_bug_q"),
    (17, "09:00", "user", "我们的 CI 在 GitLab，runner 用 docker-large 标签", "", "ci"),
    (17, "10:00", "user", "绝了 🔥", "", ""),
    (18, "09:00", "user", "回复用中文就行", "", "reply_zh"),
    (18, "10:00", "user", "你记得上次那个端口吗？", "", "neg_port_q"),
    (18, "11:00", "user", "不对称的布局看着挺好", "", "neg_asym_layout"),
    (19, "09:00", "user", "Our on-call rotation changes every Monday", "", "oncall"),
    (19, "10:00", "user", "Never force-push to main, remember that", "", "force_push"),
    (20, "09:00", "user", "CI 是 GitLab 的，runner 标签 docker-large", "", "ci"),
    (20, "10:00", "user", "Keep it short", "", "short"),
    (21, "09:00", "user", "帮我写个 README", "", ""),
    (21, "17:00", "user", "完成", "", ""),
]

# item: (words that identify it: every group must match one of its words, case-insensitive,
#        expected place under synthesis, expected place under pool)
EXPECTED: dict[str, tuple[list[list[str]], str, str]] = {
    "comments_zh": ([["注释", "comment"], ["中文", "chinese"]], "principles", "user"),
    "short": ([["short", "简短", "长篇"]], "principles", "user"),
    "reply_zh": ([["回复", "reply"], ["中文", "chinese"]], "principles", "user"),
    # three contradicting preferences: never merged into one; under the pool none reaches 3
    "pm_pnpm": ([["pnpm"], ["装依赖", "依赖", "install"]], "principles", "expired"),
    "pm_yarn": ([["yarn"]], "principles", "candidate"),
    "pm_bun": ([["bun"], ["装依赖", "改用"]], "principles", "candidate"),
    "staging_db": ([["pg-stg-02"]], "principles", "corrections"),
    "migrate": ([["迁移", "migration"]], "principles", "memory"),
    "force_push": ([["force"], ["main"]], "principles", "memory"),
    "redis": ([["10.0.3.7"]], "patterns", "expired"),
    "oncall": ([["on-call"]], "patterns", "memory"),
    "ci": ([["docker-large"]], "patterns", "memory"),
    "freeze": ([["frozen", "freeze"]], "patterns", "candidate"),
    "build_fail": ([["pnpm build"]], "principles", "expired"),
    "kubectl_fail": ([["deploymnet"]], "absent", "candidate"),
    "docker_port": ([["docker compose", "5432"]], "patterns", "memory"),
    "echo": ([["以后都这样"]], "absent", "absent"),
    "neg_asym": ([["不对称加密"]], "absent", "absent"),
    "neg_remember_fn": ([["remember()"]], "absent", "absent"),
    "neg_bun_if": ([["会不会快"]], "absent", "absent"),
    "neg_npm_once": ([["先用 npm"]], "absent", "absent"),
    "neg_boss": ([["周报"]], "absent", "absent"),
    "neg_square": ([["perfect square"]], "absent", "absent"),
    "neg_tabs_once": ([["tabs"]], "absent", "absent"),
    "neg_always_q": ([["o(n)"]], "absent", "absent"),
    "neg_never_said": ([["never said"]], "absent", "absent"),
    "neg_vpn": ([["vpn"]], "absent", "absent"),
    "neg_readme": ([["run as root"]], "absent", "absent"),
    "neg_bug_q": ([["bug 又"]], "absent", "absent"),
    "neg_port_q": ([["那个端口"]], "absent", "absent"),
    "neg_asym_layout": ([["不对称的布局"]], "absent", "absent"),
}
