"""Learning simulation 5: 阿豪, a backend engineer on the server team of a mobile game (《星海纪元》,
codename starsea) at a studio in 广州: Go services (gateway, match-svc, match-consumer, mail-svc,
pay-gateway, pay-svc; rank-svc belongs to another team), Redis, Kafka, Kubernetes (game-stg /
game-prod), a MySQL shard cluster, Grafana/Loki, CI on GitLab. He mostly writes Chinese, switches
to English mid-thought, types fast and informally.

What this is: a scripted, bilingual (Chinese, English, mixed) stream of what one user typed to their agent over three weeks, plus the failed tool calls Claude Code's failure hook reported, and where every item must end up in memory under the two learning policies:
- "synthesis" (note 000, the self-evolution preset): every finding is written once, as an L1 principle (principles.md) or an L2 pattern (patterns/*.md);
- "pool" (note 004, the memory-manager preset): a finding waits in CANDIDATES.md until it is observed 3 times, then an evolution card writes it to USER.md, MEMORY.md or MEMORY.md's 错误修正记录; an explicit instruction goes through the card in one step; a candidate with fewer than 3 observations whose first observation is more than expiry_days ago is dropped.
It was written before the first run, from the five design notes and the public README/design pages only, without reading the product's code or tests; the expected places and the reasons for them are in learning_sim5_rationale.md. Do not edit it after it was frozen (learning_sim5.sha256).
Rules of play (the runner):
- Day 1 is 2026-03-02. Events run in order through `memstrata signal`; "user" is the user's message in the owner's main session (its context may hold `[tool] COMMAND → OUTPUT` lines for what the agent just ran); "fail" is a failed tool call from the failure hook: text is the error output, context is "Bash: <command>". The same command failing twice minutes apart is a repeated_failure signal.
- At 22:00 each day the heartbeat runs when due (pending >= 5 signals, or > 24 h since the last synthesis / the oldest signal and pending non-empty), and the user approves every card.
- expiry_days = 14, threshold 3 (pool policy).
- Timing: items promoted from the pool have their 3 observations within 9 days of the first; "expired" items are first observed on day 1-2 and never after day 5, and there are signals on days 19-21 so a heartbeat is due at the end; "candidate" items are first observed on day 12 or later and observed at most twice; explicit instructions are said on day 19 at the latest.
- Scoring: each EXPECTED item must appear exactly once in its place and nowhere else in memory (entries and candidates); "absent" means no entry and no candidate anywhere. An item is found in a text when every group of its words has one word in it (case-insensitive).
"""

from __future__ import annotations

# (day, time, event, text, context, item)  item: which EXPECTED entry it is about ("" = none)
SCRIPT: list[tuple[int, str, str, str, str, str]] = [
    # ---- day 1, Mon 2026-03-02
    (
        1,
        "09:47",
        "user",
        "早。match-svc 昨晚两点多 panic 了一次，栈贴你：panic: runtime error: index out of range [3] "
        "with length 3 … internal/match/matcher.go:218 帮我看看咋回事",
        "",
        "",
    ),
    (
        1,
        "10:31",
        "user",
        "ns 不叫 game 啊😂 测试服是 game-stg，线上是 game-prod",
        "[tool] kubectl get pods -n game | grep match → No resources found in game namespace.",
        "corr_namespace",
    ),
    (
        1,
        "11:20",
        "user",
        "你每次回复前面都铺垫一大段，我真看不下去…先说结论，原因放后面",
        "",
        "pref_conclusion_first",
    ),
    (
        1,
        "15:02",
        "user",
        "单测用 testify 吧，assert.Equal 比自己手写 if got != want 清楚多了",
        "",
        "pref_test_testify",
    ),
    (
        1,
        "16:15",
        "user",
        "本地起依赖不用一个个 docker run，仓库根目录 make dev-up 就把 redis kafka mysql 全拉起来了",
        "",
        "fact_make_devup",
    ),
    (
        1,
        "17:38",
        "user",
        "这个登录 token 的签名是不对称加密吗？RS256 那种？",
        '[tool] grep -rn "jwt.SigningMethod" internal/auth → internal/auth/token.go:41: '
        "jwt.SigningMethodRS256",
        "neg_asym",
    ),
    # ---- day 2, Tue
    (2, "09:55", "user", "给 rank-svc 加个 /healthz 吧，k8s 的 readinessProbe 要用", "", ""),
    (
        2,
        "10:12",
        "user",
        "等下 rank-svc 其实是老周他们组维护的，我们只调它接口，有啥问题找他们组就行。healthz 先不加了 我去跟老周说",
        "",
        "fact_owner_rank",
    ),
    (
        2,
        "11:06",
        "fail",
        (
            "# runtime/cgo\n"
            'cgo: C compiler "gcc" not found: exec: "gcc": executable file not found in $PATH\n'
            "FAIL\tgitlab.xh-game.com/server/starsea/internal/match [build failed]\n"
            "FAIL"
        ),
        "Bash: go test -race ./internal/match/...",
        "fail_race_gcc",
    ),
    (
        2,
        "11:09",
        "fail",
        (
            "# runtime/cgo\n"
            'cgo: C compiler "gcc" not found: exec: "gcc": executable file not found in $PATH\n'
            "FAIL\tgitlab.xh-game.com/server/starsea/internal/match [build failed]\n"
            "FAIL"
        ),
        "Bash: go test -race ./internal/match/...",
        "fail_race_gcc",
    ),
    (
        2,
        "14:26",
        "user",
        "又写成 game 了… stg 的 namespace 是 game-stg",
        "[tool] kubectl -n game rollout status deploy/match-svc → Error from server (NotFound): "
        'namespaces "game" not found',
        "corr_namespace",
    ),
    (
        2,
        "16:03",
        "user",
        "跟你说下，查分库数据统一走 proxysql：proxysql-gz.db.internal:6033，别直连单个 shard",
        "",
        "fact_proxysql_old",
    ),
    # ---- day 3, Wed
    (
        3,
        "10:05",
        "user",
        "testify 的 require 是真顺手，出错直接停，单测后面就这么写",
        "",
        "pref_test_testify",
    ),
    (
        3,
        "11:22",
        "user",
        "改完先在本地跑下 golangci-lint 再丢给我，MR pipeline 上 lint 一挂整条就红了",
        "",
        "rule_lint",
    ),
    (
        3,
        "14:10",
        "user",
        "代码注释写英文吧，越南那边的外包同学也要看这块",
        "",
        "pref_comments_english",
    ),
    (3, "15:45", "user", "gateway 的 goroutine 数一直在涨，帮我把 pprof 打开抓一份看看", "", ""),
    (
        3,
        "17:12",
        "user",
        "cache.Remember(key, ttl, fn) 这个为啥每次都 miss？看下 internal/cache/cache.go",
        "",
        "neg_remember_identifier",
    ),
    # ---- day 4, Thu
    (
        4,
        "09:58",
        "user",
        "tl;dr first pls. the long explanation can go after, most of the time I just need the answer",
        "",
        "pref_conclusion_first",
    ),
    (
        4,
        "11:15",
        "user",
        "不用手动 docker run 啊，make dev-up 一把梭，compose 里都配好了",
        "[tool] docker run -d --name redis-local -p 6379:6379 redis:7.2 → 3f9c1e0b7d2a",
        "fact_make_devup",
    ),
    (
        4,
        "14:21",
        "user",
        "卧槽停停停 不对，线上别用 KEYS，那个实例几百万个 key，KEYS 一跑整个实例卡住，用 SCAN 分批扫",
        "[tool] redis-cli -h redis-prod-rank.gz.internal -p 6379 KEYS 'rank:s12:*' | wc -l → "
        "(still running after 8s)",
        "corr_redis_scan",
    ),
    (
        4,
        "16:02",
        "user",
        "MR !482 帮我 review 下，主要看 mail-svc 那个重试逻辑会不会重复发",
        "",
        "",
    ),
    (
        4,
        "17:47",
        "user",
        "PM 说周五之前必须把春节活动漏发的邮件补完😮‍💨 你先帮我估下要改哪些地方",
        "",
        "neg_pm_quote",
    ),
    # ---- day 5, Fri
    (
        5,
        "10:08",
        "user",
        "pls put this in USER.md so you remember it: 我在服务端组，主要写 Go；oncall 是双周轮（单数周是我），"
        "轮到我那周半夜告警会直接打我电话",
        "",
        "explicit_user_md",
    ),
    (
        5,
        "11:34",
        "user",
        "fyi all shard reads go through proxysql (proxysql-gz.db.internal:6033), not the individual "
        "db-shard-xx hosts",
        "",
        "fact_proxysql_old",
    ),
    (
        5,
        "15:30",
        "user",
        "写个脚本把昨天 mail-svc 发送失败的邮件捞出来重发，失败的在 mail_outbox 表 status=3",
        "",
        "",
    ),
    (
        5,
        "16:52",
        "user",
        "如果以后要做跨服匹配，match-svc 是不是得按 region 拆开？先别改代码，就聊聊思路",
        "",
        "neg_hypo_crossserver",
    ),
    # ---- day 6, Sat (his on-call week)
    (
        6,
        "11:03",
        "user",
        "ps: lint locally before you hand stuff over, our MR pipeline treats golangci-lint warnings as errors",
        "",
        "rule_lint",
    ),
    (
        6,
        "15:20",
        "user",
        "记住：prod 的任何变更都走 GitLab MR + ArgoCD 同步，不要直接 kubectl apply/edit。上次有人手改 "
        "configmap，ArgoCD 一同步又给覆盖回去了，查了一下午",
        "",
        "explicit_prod_via_mr",
    ),
    # ---- day 7, Sun
    (
        7,
        "10:34",
        "user",
        "不对，Loki 查出来的时间戳是 UTC，要 +8 才是北京时间，实际是 10:13，正好开服那会儿。记住这个",
        '[tool] logcli query \'{namespace="game-prod",app="gateway"} |= "upstream"\' --since=3h '
        '--limit=5 → 2026-03-08T02:13:45Z {app="gateway"} upstream connect error ...',
        "corr_utc",
    ),
    (
        7,
        "12:10",
        "user",
        "comments in english pls — the vietnam contractors can't read chinese at all",
        "",
        "pref_comments_english",
    ),
    (7, "15:05", "user", "这 bug 再修不好我就去楼下肠粉店打工了🤣", "", "neg_joke"),
    # ---- day 8, Mon
    (8, "09:51", "user", "结论 first 行不行，细节我想看会自己问", "", "pref_conclusion_first"),
    (
        8,
        "11:07",
        "user",
        "分库查询入口是 proxysql 6033 那个哈，单个 shard 的账号我们组没权限",
        "",
        "fact_proxysql_old",
    ),
    (
        8,
        "14:03",
        "user",
        "别再 KEYS 了大哥… prod redis 上 KEYS 是 O(N) 阻塞的，换 SCAN + COUNT",
        "[tool] redis-cli -h redis-prod-mail.gz.internal KEYS 'mail:pending:*' → (still running after 5s)",
        "corr_redis_scan",
    ),
    (8, "16:30", "user", "match-svc 的匹配超时从 3s 调到 5s，改完开个 MR 给我", "", ""),
    (
        8,
        "17:02",
        "user",
        "does ZADD always cost O(log n)? even when the zset has like 5M members?",
        "",
        "neg_zadd_always",
    ),
    # ---- day 9, Tue
    (
        9,
        "10:20",
        "user",
        "remember this: match-svc's real config lives in Apollo (namespace match-svc.yaml, cluster gz-prod). "
        "the configs/ folder in the repo is only for local dev, editing it changes nothing in prod",
        "",
        "explicit_apollo",
    ),
    (
        9,
        "11:36",
        "user",
        "命令直接给我一行能复制的，别拆成 step1 step2 让我自己拼",
        "",
        "pref_copyable_oneliner",
    ),
    (9, "15:12", "user", "看下 kafka 的 player-events topic 现在几个分区几个副本", "", ""),
    (9, "15:40", "user", "mail 重发脚本你先说下打算怎么弄，别急着写", "", ""),
    (9, "16:05", "user", "就按这个来", "", "echo_as_planned"),
    # ---- day 10, Wed
    (
        10,
        "10:02",
        "user",
        "每次改完 go 代码 make lint 过一遍再给我 review 哈，不然 pipeline 又红一片",
        "",
        "rule_lint",
    ),
    (
        10,
        "14:15",
        "user",
        "mail-svc 的邮件列表接口加个 cursor 分页，老的 offset 参数先留着兼容",
        "",
        "",
    ),
    (
        10,
        "15:33",
        "user",
        "隔壁 SLG 组小王说他们以后都不用 gRPC 了，全切 HTTP+JSON，笑死，性能不要了？",
        "",
        "neg_thirdparty_grpc",
    ),
    # ---- day 11, Thu
    (
        11,
        "10:18",
        "user",
        "找到原因了：match-consumer 单条消息处理太慢，超过 max.poll.interval.ms（默认 5 分钟）就被踢出消费组，"
        "然后疯狂 rebalance。这个经验记一下，下回 consumer 频繁 rebalance 先查 max.poll.interval.ms 和单条处理耗时",
        "[tool] kubectl -n game-prod logs deploy/match-consumer --since=30m | grep -ci rebalanc → 147",
        "explicit_rebalance",
    ),
    (
        11,
        "11:42",
        "user",
        "注释还是写英文哈，这代码不是给我一个人看的",
        "",
        "pref_comments_english",
    ),
    (
        11,
        "14:31",
        "user",
        "dude, KEYS on prod again?? use SCAN with a COUNT, KEYS blocks the whole instance",
        "[tool] redis-cli -h redis-prod-rank.gz.internal KEYS 'rank:guild:*' → (still running after 6s)",
        "corr_redis_scan",
    ),
    (
        11,
        "17:20",
        "user",
        "对账脚本跑出来 3 月 1 号的金额不对，差了 128 块，帮我查查是哪几笔",
        "",
        "neg_reconcile",
    ),
    # ---- day 12, Fri
    (
        12,
        "10:04",
        "user",
        "诶 你改错服务了，我说的是 pay-gateway（渠道回调那个），pay-svc 是内部记账的，俩不是一个东西",
        "[tool] git diff --stat → services/pay-svc/internal/config/config.go | 4 ++--",
        "corr_pay_gateway",
    ),
    (
        12,
        "11:10",
        "user",
        "just give me the one-liner I can paste, not a numbered walkthrough",
        "",
        "pref_copyable_oneliner",
    ),
    (
        12,
        "14:28",
        "user",
        "顺便说下，MySQL 分片去年底已经扩到 32 个了，路由是 player_id % 32，wiki 上写 16 个那是老黄历",
        "",
        "fact_shard_count",
    ),
    (
        12,
        "15:35",
        "user",
        "这次先跳过 lint，急着出包，晚上要热更，回头再补",
        "",
        "neg_skip_lint_once",
    ),
    (12, "17:05", "user", "热更包打好没？pipeline 链接发我", "", ""),
    # ---- day 13, Sat
    (
        13,
        "11:02",
        "user",
        "v8 那个是老包了，go.mod 里早换成 github.com/redis/go-redis/v9 了，import 别写旧的",
        "[tool] go build ./... → internal/mail/store.go:9:2: no required module provides package "
        "github.com/go-redis/redis/v8",
        "corr_goredis_v9",
    ),
    (
        13,
        "12:33",
        "user",
        "testify 还是算了，依赖太重，单测就用标准库 testing + go-cmp，结构体对比用 cmp.Diff",
        "",
        "pref_test_stdlib",
    ),
    (
        13,
        "15:01",
        "user",
        "以后都在 MR 标题前面带上 jira 号，比如 [GAME-1234] fix: xxx，不带的话 CI 里的 mr-title-check 会直接 fail",
        "",
        "explicit_jira",
    ),
    # ---- day 14, Sun
    (
        14,
        "10:06",
        "user",
        "记住：proxysql 那套上周已经下线了，现在分库查询统一走 vtgate，地址 vtgate-gz.db.internal:15306",
        "",
        "fact_vtgate_new",
    ),
    (
        14,
        "15:12",
        "user",
        "看 kafka lag 别自己拼 PromQL 了，grafana 上有现成的 Kafka Consumer Lag 面板，uid 是 kfk-lag，"
        "按 consumergroup 筛一下就行",
        "",
        "fact_lag_dashboard",
    ),
    (
        14,
        "16:20",
        "user",
        "客户端那边说「服务端永远不要改协议字段顺序」，这说的是 protobuf 吧？字段号不动就没事对吧",
        "",
        "neg_client_quote",
    ),
    # ---- day 15, Mon
    (
        15,
        "10:02",
        "user",
        "记住哈，上周说的那个再强调一遍：match-svc 线上配置以 Apollo 为准，改仓库里的 configs/ 没用",
        "",
        "explicit_apollo",
    ),
    (
        15,
        "11:14",
        "fail",
        (
            "Error: Executing consumer group command failed due to "
            "org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment. "
            "Call: describeConsumerGroups\n"
            "java.util.concurrent.ExecutionException: org.apache.kafka.common.errors.TimeoutException: "
            "Timed out waiting for a node assignment. Call: describeConsumerGroups"
        ),
        (
            "Bash: kafka-consumer-groups.sh --bootstrap-server kafka-0.kafka.game-prod.svc:9092 "
            "--describe --group match-consumer"
        ),
        "fail_kafka",
    ),
    (
        15,
        "11:17",
        "fail",
        (
            "Error: Executing consumer group command failed due to "
            "org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment. "
            "Call: describeConsumerGroups\n"
            "java.util.concurrent.ExecutionException: org.apache.kafka.common.errors.TimeoutException: "
            "Timed out waiting for a node assignment. Call: describeConsumerGroups"
        ),
        (
            "Bash: kafka-consumer-groups.sh --bootstrap-server kafka-0.kafka.game-prod.svc:9092 "
            "--describe --group match-consumer"
        ),
        "fail_kafka",
    ),
    (15, "14:05", "user", "gateway 的 p99 延迟面板帮我加个按 route 分组", "", ""),
    # ---- day 16, Tue
    (
        16,
        "10:11",
        "user",
        "fyi we're on 32 shards now, route = player_id % 32. the wiki still says 16, ignore that",
        "",
        "fact_shard_count",
    ),
    (
        16,
        "11:30",
        "user",
        "给命令就给一行 copy-paste 能直接跑的 ok？不要 step by step",
        "",
        "pref_copyable_oneliner",
    ),
    (
        16,
        "15:07",
        "user",
        "这个文件里先用 log.Printf 顶一下，zap 回头再接",
        "[tool] head -3 internal/mail/resend.go → package mail",
        "neg_logprintf_file",
    ),
    # ---- day 17, Wed
    (
        17,
        "10:09",
        "user",
        "again the old import path. it's github.com/redis/go-redis/v9 now, v8 isn't even in go.mod anymore",
        "[tool] go vet ./internal/rank/... → internal/rank/store.go:7:2: no required module provides "
        "package github.com/go-redis/redis/v8",
        "corr_goredis_v9",
    ),
    (
        17,
        "11:25",
        "user",
        "note this one down as a lesson (same as last week's): match-consumer rebalancing like crazy → "
        "check max.poll.interval.ms vs per-message processing time first",
        "",
        "explicit_rebalance",
    ),
    (
        17,
        "14:30",
        "user",
        "tests: plain `testing` + cmp.Diff pls, keep testify out of go.mod",
        "",
        "pref_test_stdlib",
    ),
    (
        17,
        "16:02",
        "user",
        "the daily reward cron never fired on stg last night, can you check the CronJob events?",
        "",
        "neg_cron_never",
    ),
    # ---- day 18, Thu
    (18, "10:12", "user", "写个 SQL 统计下 3 月每天的新增付费用户数，导出 csv", "", ""),
    (
        18,
        "10:40",
        "user",
        "以后都这样",
        "[tool] mysql --defaults-group-suffix=_report < /tmp/new_payers.sql > /tmp/new_payers_202603.csv "
        "→ (exit 0, 18 rows)",
        "echo_from_now_on",
    ),
    (
        18,
        "14:03",
        "user",
        "web-admin 登录页那个「记住密码」勾选框默认别勾，改下 login.vue",
        "",
        "neg_remember_pwd",
    ),
    # ---- day 19, Fri
    (19, "10:05", "user", "gateway 昨晚 23 点那波 502 帮我查下，先看 ingress 日志", "", ""),
    (
        19,
        "11:18",
        "user",
        "又去改 pay-svc 了… 渠道回调的超时在 pay-gateway 里，不在 pay-svc",
        "[tool] git diff --stat → services/pay-svc/internal/handler/notify.go | 6 +++---",
        "corr_pay_gateway",
    ),
    (19, "14:40", "user", "ok 就这样", "", "echo_ok"),
    # ---- day 20, Sat
    (
        20,
        "11:02",
        "user",
        "kafka lag 的话直接看 grafana 那个 kfk-lag 面板就行，不用再写 PromQL",
        "",
        "fact_lag_dashboard",
    ),
    (20, "15:30", "user", "帮我把这周 oncall 的告警汇总一下，按服务分", "", ""),
    # ---- day 21, Sun
    (
        21,
        "10:14",
        "user",
        "again, conclusion first 🙏 我只要结论，过程别贴了",
        "",
        "pref_conclusion_first",
    ),
    (21, "11:40", "user", "下周一的发布清单帮我列一下", "", ""),
]

# item: (groups of words identifying it: every group must match one of its words, case-insensitive,
#        expected place under synthesis, expected place under pool)
EXPECTED: dict[str, tuple[list[list[str]], str, str]] = {
    # preferences, 3 observations within 9 days (zh / en / mixed), no trigger word
    "pref_conclusion_first": (
        [
            ["结论", "conclusion", "tl;dr", "tldr", "answer first", "答案"],
            ["先", "前", "first", "up front", "upfront", "直接", "开头", "before"],
        ],
        "patterns",
        "user",
    ),
    "pref_comments_english": ([["注释", "comment"], ["英文", "english"]], "patterns", "user"),
    "pref_copyable_oneliner": (
        [
            ["一行", "one-liner", "one liner", "oneliner", "single line", "单行"],
            ["命令", "command", "复制", "copy", "paste", "粘贴"],
        ],
        "patterns",
        "user",
    ),
    # a rule said 3 times
    "rule_lint": (
        [
            ["lint", "golangci"],
            ["跑", "run", "本地", "local", "pipeline", "流水线", "交付", "hand", "review"],
        ],
        "principles",
        "memory",
    ),
    # a durable fact said 3 times, whose value changes on day 14 (old stays, marked superseded)
    "fact_proxysql_old": ([["proxysql"], ["6033", "proxysql-gz"]], "principles", "memory"),
    "fact_vtgate_new": ([["vtgate"], ["15306", "vtgate-gz"]], "principles", "memory"),
    # corrections
    "corr_redis_scan": ([["scan"], ["keys"]], "principles", "corrections"),
    "corr_namespace": (
        [["game-stg"], ["namespace", "命名空间", "ns", "game-prod", "-n"]],
        "principles",
        "expired",
    ),
    "corr_goredis_v9": ([["go-redis"], ["v9"]], "principles", "candidate"),
    "corr_pay_gateway": (
        [["pay-gateway"], ["pay-svc", "渠道", "callback", "回调", "记账"]],
        "principles",
        "candidate",
    ),
    "corr_utc": (
        [["utc"], ["+8", "北京", "beijing", "东八", "gmt+8", "上海", "shanghai"]],
        "principles",
        "corrections",
    ),
    # facts said once / twice
    "fact_owner_rank": ([["rank"], ["老周", "zhou"]], "patterns", "expired"),
    "fact_make_devup": ([["dev-up", "devup"]], "patterns", "expired"),
    "fact_lag_dashboard": (
        [["kafka"], ["lag"], ["grafana", "面板", "dashboard", "kfk-lag", "看板"]],
        "patterns",
        "candidate",
    ),
    "fact_shard_count": (
        [["32"], ["player_id", "分片", "shard", "分库"]],
        "principles",
        "candidate",
    ),
    # explicit instructions (and repeats in the other language)
    "explicit_prod_via_mr": (
        [
            ["argocd", "argo cd"],
            ["kubectl", "apply", "edit", "mr", "merge request", "手改", "prod", "线上"],
        ],
        "principles",
        "memory",
    ),
    "explicit_apollo": ([["apollo"], ["match-svc", "配置", "config"]], "principles", "memory"),
    "explicit_user_md": (
        [
            ["oncall", "on-call", "on call", "值班"],
            [
                "双周",
                "every other week",
                "odd week",
                "隔周",
                "单数周",
                "单周",
                "biweekly",
                "bi-weekly",
            ],
        ],
        "principles",
        "user",
    ),
    "explicit_rebalance": (
        [["max.poll", "poll.interval", "max_poll"], ["rebalanc", "重平衡", "再均衡", "踢出"]],
        "patterns",
        "memory",
    ),
    "explicit_jira": ([["jira"], ["mr", "标题", "title", "merge request"]], "principles", "memory"),
    # two contradicting preferences for the same job (how to write unit tests)
    "pref_test_testify": ([["testify"], ["assert", "require"]], "patterns", "expired"),
    "pref_test_stdlib": (
        [["go-cmp", "cmp.diff"], ["testing", "标准库", "stdlib", "standard library", "testify"]],
        "patterns",
        "candidate",
    ),
    # the same command failing twice minutes apart
    "fail_race_gcc": ([["gcc"], ["cgo", "race", "go test", "c compiler"]], "principles", "expired"),
    "fail_kafka": (
        [
            ["kafka-consumer-groups", "describeconsumergroups", "consumer-groups"],
            ["timeout", "timed out", "超时", "node assignment"],
        ],
        "principles",
        "candidate",
    ),
    # hard negatives: never anywhere
    "neg_asym": (
        [["不对称", "asymmetric", "rs256"], ["签名", "token", "sign"]],
        "absent",
        "absent",
    ),
    "neg_remember_identifier": (
        [["cache.remember", "remember("], ["miss", "命中", "cache"]],
        "absent",
        "absent",
    ),
    "neg_pm_quote": ([["春节", "spring festival"], ["邮件", "mail"]], "absent", "absent"),
    "neg_hypo_crossserver": ([["跨服", "cross-server", "cross server"]], "absent", "absent"),
    "neg_zadd_always": ([["zadd"]], "absent", "absent"),
    "neg_thirdparty_grpc": ([["grpc"], ["http"]], "absent", "absent"),
    "neg_joke": ([["肠粉"]], "absent", "absent"),
    "neg_reconcile": ([["对账", "reconcil"], ["金额", "amount", "128"]], "absent", "absent"),
    "neg_skip_lint_once": (
        [["跳过", "skip"], ["lint"], ["这次", "出包", "热更", "this time", "hotfix", "回头"]],
        "absent",
        "absent",
    ),
    "neg_client_quote": ([["协议", "protobuf", "proto"], ["字段", "field"]], "absent", "absent"),
    "neg_logprintf_file": ([["log.printf"]], "absent", "absent"),
    "neg_cron_never": ([["cron"], ["reward", "奖励", "fire", "触发"]], "absent", "absent"),
    "neg_remember_pwd": (
        [["密码", "password"], ["勾选", "checkbox", "login.vue", "勾"]],
        "absent",
        "absent",
    ),
    # echoes: never written as such
    "echo_as_planned": ([["就按这个来"]], "absent", "absent"),
    "echo_from_now_on": ([["以后都这样"]], "absent", "absent"),
    "echo_ok": ([["ok 就这样", "ok就这样", "ok，就这样"]], "absent", "absent"),
}
