"""The 21-day bilingual learning simulation, second scenario (v2): script and expected final state.

Written down BEFORE this scenario was ever run, from the specification only (notes 000 and 004,
docs/design.md sections 1, 3 and 5, the docstring of evolve/policy.py, the signal labelling
guide); see RATIONALE.md next to this file for why each expected place follows. Same format and
same rules of play as v1 (benchmarks/data/learning_sim.py); different topics, people and values.
Day 1 is 2026-03-02.

Each utterance: (day, "HH:MM", kind of event, text, context, item). Events:
  "user"  the user's message, through ``memstrata signal`` (main session, learned classifier);
  "fail"  a tool call the agent reported as failed (Claude Code's PostToolUseFailure hook);
          text is the tool's error output, context the tool and command.
At 22:00 each day the heartbeat runs (when due, never forced) and the user approves every card
(「确认」). The simulation's workspace sets ``[evolve] expiry_days = 14``; threshold 3 (pool).

Timing is chosen so that no expected place hangs on when a heartbeat happens to be due:
  * every item expected to be promoted from the pool has its 3 observations within 9 days of the
    first (well inside 14 days, even if a heartbeat processes a signal 2 days late);
  * every item expected "expired" is first observed on day 1-2 and never again after day 5, and
    signals on days 19-20 make a heartbeat due on day 19, 20 or 21 (>= 17 days later);
  * every item expected "candidate" is first observed on day 12 or later (<= 9 days before the
    last heartbeat) and observed at most twice;
  * explicit instructions are said on day 19 at the latest.

EXPECTED gives, per item, where it must be at the end, for each policy:
  synthesis (self-evolution preset, note 000): "principles" (L1), "patterns" (L2), "absent";
  pool (memory-manager preset, note 004): "user" (USER.md), "memory" (MEMORY.md), "corrections"
  (MEMORY.md 错误修正记录), "candidate" (still observing), "expired" (dropped), "absent".
An item must appear exactly once in its place (a second entry is a duplicate) and nowhere
else in memory; "absent" means no entry and no candidate anywhere.
"""

from __future__ import annotations

ALEMBIC_FAIL = (
    "sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) FATAL:  password "
    'authentication failed for user "etl_rw"'
)
TF_FAIL = 'Error: Backend initialization required, please run "terraform init"'
QUERY_LOG_CONTEXT = (
    '[bash] clickhouse-client -q "SELECT query_duration_ms, query FROM system.query_log '
    "WHERE type = 'QueryFinish' ORDER BY query_duration_ms DESC LIMIT 5\" → 5 rows in set "
    "(slowest 48211 ms)\n"
    "[edit] sql/daily_orders.sql → ok"
)

# (day, time, event, text, context, item)  item: which EXPECTED entry it is about ("" = none)
SCRIPT: list[tuple[int, str, str, str, str, str]] = [
    (1, "09:05", "user", "commit message 我习惯写英文", "", "commit_en"),
    (1, "09:40", "user", "帮我把这个 SQL 改成用 CTE 的写法", "", ""),
    (1, "10:15", "user", "顺便说一下，设计稿都放在 Figma 的 Atlas 项目里", "", "figma"),
    (1, "11:00", "user", "你还记得上周我们把超时时间定成多少了吗？", "", "neg_timeout_q"),
    (1, "16:20", "user", "牛啊", "", ""),
    (2, "09:20", "user", "我更喜欢先看结论，再看细节", "", "conclusion_first"),
    (2, "10:00", "fail", ALEMBIC_FAIL, "Bash: alembic upgrade head", "alembic_fail"),
    (2, "10:03", "fail", ALEMBIC_FAIL, "Bash: alembic upgrade head", "alembic_fail"),
    (2, "11:30", "user", "不是 utf8，这个库的字符集是 utf8mb4", "", "charset"),
    (2, "14:10", "user", "画图我一般用 matplotlib", "", "plot_mpl"),
    (2, "16:00", "user", "跳板机是 jump.corp-bj，登录走公司 SSO", "", "bastion"),
    (3, "09:10", "user", "Python 代码我喜欢带上类型标注", "", "type_hints"),
    (3, "10:00", "user", "记住：改表结构之前先备份 ledger 库", "", "backup"),
    (3, "11:20", "user", "charset is utf8mb4 not utf8, you keep assuming utf8", "", "charset"),
    (3, "14:00", "user", "payments 模块是 lina 负责的", "", "owner"),
    (3, "16:30", "user", "要是以后都改成按周发版，流水线得改哪些地方？", "", "neg_weekly_if"),
    (4, "09:00", "user", "不对，监控数据是推到 VictoriaMetrics 的，不是 Prometheus", "", "metrics"),
    (4, "10:30", "user", "plots: I usually go with matplotlib", "", "plot_mpl"),
    (4, "11:00", "user", "产品经理说永远不要在周五晚上上线新功能", "", "neg_pm_quote"),
    (5, "09:30", "user", "I'd rather you lead with the conclusion, details after", "", "conclusion_first"),
    (5, "10:00", "user", "bastion host is jump.corp-bj btw", "", "bastion"),
    (5, "11:00", "user", "Commit messages in English please", "", "commit_en"),
    (5, "14:00", "user", "rememberScroll() 在 Safari 上为什么不生效", "", "neg_remember_code"),
    (5, "16:00", "user", "可以可以", "", ""),
    (6, "09:00", "user", "以后都用表格来对比方案", "", "table"),
    (6, "10:00", "user", "帮我出两个分库方案，列一下优缺点", "", ""),
    (6, "10:40", "user", "就按这个来", "", "echo_go"),
    (6, "14:00", "user", "错误码表里 E1042 代表啥", "", "neg_errcode"),
    (7, "09:00", "user", "No, metrics go to VictoriaMetrics, not Prometheus", "", "metrics"),
    (7, "10:00", "user", "FYI Lina owns the payments module", "", "owner"),
    (7, "11:00", "user", "never mind, 我自己找到原因了", "", "neg_never_mind"),
    (7, "15:00", "user", "great, thanks!", "", ""),
    (8, "09:00", "user", "Remember: back up the ledger DB before any schema change", "", "backup"),
    (8, "10:00", "user", "I like type hints on every function signature", "", "type_hints"),
    (8, "11:00", "user", "这次部署先跳过 lint，赶时间", "", "neg_skip_lint"),
    (9, "09:00", "user", "永远不要把 .env 文件提交到仓库", "", "dotenv"),
    (
        9,
        "10:00",
        "user",
        "这个经验记一下：ClickHouse 的慢查询去 system.query_log 里查",
        QUERY_LOG_CONTEXT,
        "query_log",
    ),
    (9, "15:00", "user", "just in this file, wrap lines at 100 chars", "", "neg_this_file"),
    (10, "09:00", "user", "提交信息我还是更喜欢写英文的", "", "commit_en"),
    (10, "10:00", "user", "payments 那块的负责人是 lina", "", "owner"),
    (10, "11:00", "user", "回复最好先摆结论，细节放后面", "", "conclusion_first"),
    (10, "15:00", "user", "这个效果可以", "", ""),
    (11, "09:00", "user", "又写成 Prometheus 了，我们用的是 VictoriaMetrics", "", "metrics"),
    (11, "10:00", "user", "Is it always this slow on the first query after a restart?", "", "neg_always_q"),
    (
        11,
        "11:00",
        "user",
        "Always pin base image tags in our Dockerfiles, :latest is not allowed here",
        "",
        "pin_image",
    ),
    (12, "09:00", "user", "画图现在更喜欢用 plotly，交互式的看着方便", "", "plot_plotly"),
    (12, "10:00", "user", "Heads up: Kafka 的 broker 是 kfk-01 到 kfk-03 这三台", "", "kafka"),
    (12, "11:00", "user", "慢查询直接去 system.query_log 里查就行", "", "query_log"),
    (12, "14:00", "user", "the style guide says always use snake_case for column names", "", "neg_style_quote"),
    (12, "16:00", "user", "我还是喜欢函数签名上都有 type hint", "", "type_hints"),
    (13, "09:00", "fail", TF_FAIL, "Bash: terraform -chdir=infra/prod plan", "tf_fail"),
    (13, "09:04", "fail", TF_FAIL, "Bash: terraform -chdir=infra/prod plan", "tf_fail"),
    (13, "10:00", "user", "Always put comparisons in a table, please", "", "table"),
    (13, "11:00", "user", "这里加 always_inline 会不会更快？", "", "neg_inline_q"),
    (14, "09:00", "user", "回顾一下", "", ""),
    (14, "10:00", "user", "What if we never expire the cache at all, would memory blow up?", "", "neg_never_if"),
    (15, "09:00", "user", "FYI the Airflow web UI lives at airflow.dp.internal", "", "airflow"),
    (15, "10:00", "user", "这个 PR 又大又乱，帮我拆成三个", "", "neg_split_pr"),
    (15, "17:00", "user", "满意", "", ""),
    (16, "09:00", "user", "FYI slow queries in ClickHouse show up in system.query_log", "", "query_log"),
    (17, "09:00", "user", "帮我给导出脚本加个 --dry-run 参数", "", ""),
    (17, "09:30", "user", "嗯，照这个方案办吧", "", "echo_plan"),
    (17, "11:00", "user", "Do you remember what we called the dark-mode feature flag?", "", "neg_remember_q"),
    (18, "10:00", "user", "太好了，终于跑通了", "", ""),
    (19, "09:00", "user", "Never commit .env files to the repo, ok?", "", "dotenv"),
    (19, "10:00", "user", "kafka brokers are kfk-01..kfk-03 fyi", "", "kafka"),
    (20, "09:00", "user", "I prefer plotly for charts these days", "", "plot_plotly"),
    (20, "11:00", "user", "nice work", "", ""),
    (21, "09:00", "user", "帮我把这周的改动整理成 changelog", "", ""),
    (21, "17:00", "user", "完成", "", ""),
]

# item: (words that identify it: every group must match one of its words, case-insensitive,
#        expected place under synthesis, expected place under pool)
EXPECTED: dict[str, tuple[list[list[str]], str, str]] = {
    # preferences, 3 observations within 9 days (zh / en / other words)
    "commit_en": ([["commit", "提交信息"], ["英文", "english"]], "principles", "user"),
    "conclusion_first": ([["结论", "conclusion"]], "principles", "user"),
    "type_hints": ([["类型标注", "type hint"]], "principles", "user"),
    # explicit preference (以后都 / Always), said twice in two languages
    "table": ([["表格", "in a table"]], "principles", "user"),
    # contradicting values for the same job: two items, neither reaches 3
    "plot_mpl": ([["matplotlib"]], "principles", "expired"),
    "plot_plotly": ([["plotly"]], "principles", "candidate"),
    # explicit rules (记住 / Remember / 永远不要 / Never / Always)
    "backup": ([["备份", "back up", "backup"], ["ledger"]], "principles", "memory"),
    "dotenv": ([[".env"]], "principles", "memory"),
    "pin_image": ([[":latest", "base image", "基础镜像"]], "principles", "memory"),
    # corrections: 3 times within 7 days; twice, early
    "metrics": ([["victoriametrics"]], "principles", "corrections"),
    "charset": ([["utf8mb4"]], "principles", "expired"),
    # durable facts whose neglect only costs time: said 1, 2 and 3 times
    "figma": ([["figma"]], "patterns", "expired"),
    "airflow": ([["airflow.dp.internal"]], "patterns", "candidate"),
    "bastion": ([["jump.corp-bj"]], "patterns", "expired"),
    "kafka": ([["kfk-01"]], "patterns", "candidate"),
    "owner": ([["lina"]], "patterns", "memory"),
    "query_log": ([["query_log"]], "patterns", "memory"),
    # the same tool call failed twice (failure hook)
    "alembic_fail": ([["alembic", "etl_rw"]], "principles", "expired"),
    "tf_fail": ([["terraform"]], "principles", "candidate"),
    # echoes with nothing to remember
    "echo_go": ([["就按这个来"]], "absent", "absent"),
    "echo_plan": ([["照这个方案"]], "absent", "absent"),
    # hard negatives (the guide's kinds)
    "neg_timeout_q": ([["超时时间"]], "absent", "absent"),
    "neg_weekly_if": ([["按周发版"]], "absent", "absent"),
    "neg_pm_quote": ([["周五晚上"]], "absent", "absent"),
    "neg_remember_code": ([["rememberscroll"]], "absent", "absent"),
    "neg_errcode": ([["e1042"]], "absent", "absent"),
    "neg_never_mind": ([["never mind"]], "absent", "absent"),
    "neg_skip_lint": ([["跳过 lint"]], "absent", "absent"),
    "neg_this_file": ([["100 chars"]], "absent", "absent"),
    "neg_always_q": ([["first query"]], "absent", "absent"),
    "neg_style_quote": ([["snake_case"]], "absent", "absent"),
    "neg_inline_q": ([["always_inline"]], "absent", "absent"),
    "neg_never_if": ([["expire the cache"]], "absent", "absent"),
    "neg_split_pr": ([["拆成三个"]], "absent", "absent"),
    "neg_remember_q": ([["dark-mode"]], "absent", "absent"),
}
