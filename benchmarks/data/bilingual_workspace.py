"""A realistic bilingual (zh/en) memory workspace for the recall benchmark.

Every fact a query targets carries a unique marker word (M01, M02, ...) only in a comment-free
spot of its line, so the expected answer is found by marker, not by a line number that edits
would shift. Some facts exist twice: a stale copy in MEMORY.md and the corrected one in a newer
daily log (the "stale" pairs); the benchmark checks that the newer one ranks first.
"""

FILES = {
    "MEMORY.md": """# 长期记忆（MEMORY.md）
> 最后更新：2026-04-20 | 由 memstrata 维护

## 📌 重要规则
- [2026-01] staging 数据库端口是 5432，连接串在 1Password 的 staging 条目 M01S | 来源：用户指定
- [2026-01] 生产环境部署窗口是每周四晚上 22:00 之后 M02 | 来源：用户指定
- [2026-02] Never run database migrations on Friday afternoons M03 | source: user
- [2026-02] 对外发布前必须经过 writer 审校文案 M04 | 来源：候选池C003
- [2026-01] 日志保留 7 天，超过后自动删除 M05S | 来源：用户指定
- [2026-02] The CI runner uses Python 3.10 M06S | source: user

## ⚠️ 错误修正记录
- [2026-02] 曾用 npm install 导致锁文件冲突 → 本项目改用 pnpm install M07 | 来源：Hook
- [2026-03] Wrote dates as MM/DD in reports → always use ISO 8601 (YYYY-MM-DD) M08 | source: user correction
- [2026-03] 把 API 密钥写进了日志 → 日志中的密钥一律打码 M09 | 来源：自发现
""",
    "USER.md": """# 用户信息（USER.md）

## 👤 基本偏好
- [2026-01] 回复用中文，代码注释也用中文 M10 | 来源：用户指定
- [2026-02] 喜欢先给结论，再给理由，回答尽量简短 M11 | 来源：候选池C001
- [2026-02] Prefers tables over long bullet lists when comparing options M12 | source: user

## 🏢 工作背景
- [2026-01] 后端工程师，主要写 Go 和 Python，负责支付网关 M13 | 来源：用户指定
- [2026-03] Lives in Hangzhou, timezone UTC+8, usually online 9:00-19:00 M14 | source: user

## 💬 沟通风格
- [2026-02] 不喜欢客套话，直接说重点 M15 | 来源：用户指定
""",
    "memory/principles.md": """# L1 永久原则

### P001: 提供商名不要用 qwen
category: 配置
source: 2026-03-28 配置模型时出错
why: 内置插件会劫持名为 qwen 的提供商
generalize: 自定义名称要避开内置插件名
---
配置 AI 模型时提供商名用 aliyun，用 qwen 会触发内置插件劫持，报 4008 错误 M16。

### P002: Restart the gateway after changing TLS certificates
category: 排障
source: 2026-03-02 certificate rotation
why: the gateway caches certificates in memory
generalize: long-running services cache config; reload or restart them
---
After rotating TLS certificates the payment gateway keeps serving the old one until it is restarted M17.

### P003: 子代理不能直接写 MEMORY.md
category: 多代理
source: 2026-03-10 coder 覆盖了规则
why: 子代理并发写入会互相覆盖
generalize: 共享文件只允许一个写入者
---
子代理把候选经验写进自己的日志，由 main 在进化时审核后再写入 MEMORY.md M18。

### P004: Back up before schema changes
category: 通用
source: 2026-02-14 lost a column
why: a failed migration dropped data
generalize: take a snapshot before any irreversible operation
---
Take a database snapshot before every schema migration; we once lost the refund_reason column M19.
""",
    "memory/patterns/config.md": """# 配置类经验

## Ollama 向量服务
context: 配置本地 embedding 服务时
tags: [ollama, embedding, 端口]
source: 2026-02-20 搭建向量检索
---
Ollama 默认监听 11434 端口，embedding 模型用 nomic-embed-text，base URL 写成 http://host:11434/v1 M20。

## Redis connection pool
context: when the API times out under load
tags: [redis, pool, timeout]
source: 2026-03-15 login timeouts
---
The default pool of 10 connections is too small for the login service; 50 fixed the timeouts M21.
""",
    "memory/patterns/debug.md": """# 排障经验

## 心跳检测失败
context: 服务被反复重启时
tags: [心跳, 重启, k8s]
source: 2026-03-05 网关频繁重启
---
k8s 的 liveness 探针超时只有 1 秒，网关冷启动要 3 秒，心跳检测失败导致反复重启；超时改为 5 秒 M22。

## Disk full on the log volume
context: when writes fail with ENOSPC
tags: [disk, logs]
source: 2026-03-22 outage
---
The log volume filled up because debug logging was left on; turn it off and rotate daily M23.
""",
    "memory/lessons.md": """# 避坑指南 (Lessons)

## 🚨 P0 - 关键问题

### [coder] 误删生产数据 (2026-02-14)
- **现象**: 迁移脚本删除了 refund_reason 列
- **原因**: 没有先在 staging 演练
- **解决**: 从快照恢复，之后所有迁移先在 staging 跑 M24
- **严重程度**: P0

## ⚠️ P1 - 重要问题

### [researcher] Rate limit on the search API (2026-03-03)
- **现象**: HTTP 429 after 60 requests per minute
- **解决**: batch queries and back off exponentially M25
- **严重程度**: P1

### [coder] 时区导致报表日期错一天 (2026-03-18)
- **现象**: 报表里 3 月 17 日的订单算到了 3 月 16 日
- **原因**: 服务器用 UTC，报表按北京时间看
- **解决**: 存储用 UTC，展示时转换为 Asia/Shanghai M26
- **严重程度**: P1

## 📋 P2 - 一般问题

### [writer] Markdown tables break in the WeChat preview (2026-03-25)
- **现象**: tables render as plain text
- **解决**: export tables as images for WeChat posts M27
- **严重程度**: P2
""",
    "memory/projects.md": """# 项目进展 (Projects)

## 📊 当前项目

### 支付网关重构
- **状态**: 进行中 ⚡
- **负责人**: coder
- **最近更新**: 2026-04-15
- **当前进展**:
  - ✅ 退款接口迁移到新网关 M28
  - ⏳ 对账服务还没迁移

### Memory search evaluation
- **状态**: 已完成 ✅
- **负责人**: researcher
- **最近更新**: 2026-04-08
- **当前进展**:
  - ✅ Hybrid search beat BM25 on our bilingual set M29
""",
    "memory/infra.md": """# 基础设施 (Infra)

## 🖥️ 服务器
- 生产数据库在 db-prod-01，只读副本 db-prod-02 M30
- The build server is ci-01 with 16 cores and 64 GB RAM M31

## 🔌 API 与端口
- 支付网关对内端口 8443 M32
""",
    "memory/2026-03-20.md": """# [2026-03-20]

## [coder] 对账服务调研
**时间**: 10:00

### 完成内容
- 对账服务每天凌晨 2 点跑，依赖银行 SFTP 文件 M33
- 银行文件偶尔延迟到 3 点，需要重试机制

## [writer] Release notes
**时间**: 16:00

### 完成内容
- Drafted release notes for v2.3 with the new refund flow M34
""",
    "memory/2026-04-02.md": """# [2026-04-02]

## [coder] staging 迁移
**时间**: 11:00

### 完成内容
- staging 数据库迁移到新集群，端口改为 5433，旧的 5432 已停用 M01N
- 日志保留期改为 30 天（合规要求） M05N

## [researcher] CI upgrade
**时间**: 15:30

### 完成内容
- Upgraded the CI runner to Python 3.12; 3.10 is no longer used M06N
""",
    "memory/2026-04-10.md": """# [2026-04-10]

## [coder] 网关部署
**时间**: 09:00

### 完成内容
- 网关心跳间隔设置为 30 秒，超时 5 秒 M35
- 部署脚本加了回滚开关 --rollback M36

## [researcher] Competitor pricing
**时间**: 14:00

### 完成内容
- Competitor A charges 0.6% per transaction, competitor B 0.55% M37
""",
    "memory/2026-04-15.md": """# [2026-04-15]

## [writer] 周报
**时间**: 17:00

### 完成内容
- 周报发到飞书群 #支付团队，每周五下午发 M38
- Weekly report template now has a risks section M39
""",
}

# (query, category, target marker, stale marker or None)
QUERIES = [
    # exact Chinese
    ("staging 数据库端口", "exact_zh", "M01N", "M01S"),
    ("生产环境部署窗口", "exact_zh", "M02", None),
    ("发布前 writer 审校", "exact_zh", "M04", None),
    ("npm install 锁文件冲突", "exact_zh", "M07", None),
    ("日志中的密钥打码", "exact_zh", "M09", None),
    ("代码注释用中文", "exact_zh", "M10", None),
    ("先给结论再给理由", "exact_zh", "M11", None),
    ("提供商名 qwen", "exact_zh", "M16", None),
    ("子代理写 MEMORY.md", "exact_zh", "M18", None),
    ("liveness 探针超时", "exact_zh", "M22", None),
    ("迁移脚本删除了 refund_reason 列", "exact_zh", "M24", None),
    ("报表日期错一天", "exact_zh", "M26", None),
    ("退款接口迁移", "exact_zh", "M28", None),
    ("生产数据库 只读副本", "exact_zh", "M30", None),
    ("对账服务 银行 SFTP", "exact_zh", "M33", None),
    ("部署脚本 回滚开关", "exact_zh", "M36", None),
    ("周报发到飞书群", "exact_zh", "M38", None),
    # two-character Chinese
    ("端口", "two_char_zh", "M01N", "M01S"),
    ("心跳", "two_char_zh", "M35", None),
    ("周报", "two_char_zh", "M38", None),
    ("对账", "two_char_zh", "M33", None),
    ("时区", "two_char_zh", "M26", None),
    ("密钥", "two_char_zh", "M09", None),
    ("回滚", "two_char_zh", "M36", None),
    ("劫持", "two_char_zh", "M16", None),
    ("快照", "two_char_zh", "M24", None),
    ("客套", "two_char_zh", "M15", None),
    ("杭州", "two_char_zh", "M14", None),
    ("审校", "two_char_zh", "M04", None),
    # Chinese paraphrases
    ("测试环境的数据库现在用哪个端口连接", "paraphrase_zh", "M01N", "M01S"),
    ("什么时候可以往线上发版", "paraphrase_zh", "M02", None),
    ("安装依赖应该用什么包管理器", "paraphrase_zh", "M07", None),
    ("用户希望回答是什么风格", "paraphrase_zh", "M11", None),
    ("模型服务商的名字有什么要注意的", "paraphrase_zh", "M16", None),
    ("为什么服务一直被 k8s 重启", "paraphrase_zh", "M22", None),
    ("上次线上数据丢失是怎么回事", "paraphrase_zh", "M24", None),
    ("订单统计的日期为什么不对", "paraphrase_zh", "M26", None),
    ("日志要保存多久", "paraphrase_zh", "M05N", "M05S"),
    ("本地向量模型服务怎么配置", "paraphrase_zh", "M20", None),
    ("银行对账文件晚到怎么办", "paraphrase_zh", "M33", None),
    ("周报什么时候发、发到哪里", "paraphrase_zh", "M38", None),
    ("用户是做什么工作的", "paraphrase_zh", "M13", None),
    ("网关多久发一次心跳", "paraphrase_zh", "M35", None),
    # exact English
    ("database migrations on Friday", "exact_en", "M03", None),
    ("ISO 8601 dates in reports", "exact_en", "M08", None),
    ("tables over bullet lists", "exact_en", "M12", None),
    ("timezone UTC+8 Hangzhou", "exact_en", "M14", None),
    ("restart gateway TLS certificates", "exact_en", "M17", None),
    ("database snapshot before schema migration", "exact_en", "M19", None),
    ("Redis connection pool 50", "exact_en", "M21", None),
    ("log volume disk full ENOSPC", "exact_en", "M23", None),
    ("HTTP 429 rate limit search API", "exact_en", "M25", None),
    ("WeChat preview tables", "exact_en", "M27", None),
    ("hybrid search beat BM25", "exact_en", "M29", None),
    ("build server cores RAM", "exact_en", "M31", None),
    ("release notes v2.3", "exact_en", "M34", None),
    ("competitor pricing per transaction", "exact_en", "M37", None),
    ("weekly report risks section", "exact_en", "M39", None),
    ("CI runner Python version", "exact_en", "M06N", "M06S"),
    # English paraphrases
    ("when should we avoid changing the database schema", "paraphrase_en", "M03", None),
    ("how should dates be formatted", "paraphrase_en", "M08", None),
    ("what does the user prefer when comparing choices", "paraphrase_en", "M12", None),
    ("what time zone is the user in", "paraphrase_en", "M14", None),
    ("the gateway still serves an expired certificate", "paraphrase_en", "M17", None),
    ("what to do before altering tables", "paraphrase_en", "M19", None),
    ("login requests time out under heavy load", "paraphrase_en", "M21", None),
    ("writes fail because there is no space left", "paraphrase_en", "M23", None),
    ("we are getting throttled by the search provider", "paraphrase_en", "M25", None),
    ("which Python does CI use now", "paraphrase_en", "M06N", "M06S"),
    ("how much do competitors charge", "paraphrase_en", "M37", None),
    ("what changed in the new release notes", "paraphrase_en", "M34", None),
    ("which machine builds our code", "paraphrase_en", "M31", None),
    # Chinese query, English memory
    ("数据库迁移不要在周五做", "cross_zh_en", "M03", None),
    ("日期格式用什么标准", "cross_zh_en", "M08", None),
    ("换证书之后网关要重启吗", "cross_zh_en", "M17", None),
    ("改表结构之前先备份", "cross_zh_en", "M19", None),
    ("登录超时 连接池", "cross_zh_en", "M21", None),
    ("日志磁盘满了", "cross_zh_en", "M23", None),
    ("搜索接口被限流", "cross_zh_en", "M25", None),
    ("竞争对手的费率", "cross_zh_en", "M37", None),
    ("CI 用的 Python 版本", "cross_zh_en", "M06N", "M06S"),
    ("构建服务器的配置", "cross_zh_en", "M31", None),
    ("用户所在的时区", "cross_zh_en", "M14", None),
    ("发布说明写了什么", "cross_zh_en", "M34", None),
    # English query, Chinese memory
    ("staging database port", "cross_en_zh", "M01N", "M01S"),
    ("production deployment window", "cross_en_zh", "M02", None),
    ("which package manager to install dependencies", "cross_en_zh", "M07", None),
    ("mask API keys in logs", "cross_en_zh", "M09", None),
    ("reply language preference", "cross_en_zh", "M10", None),
    ("provider name qwen error 4008", "cross_en_zh", "M16", None),
    ("can subagents write MEMORY.md directly", "cross_en_zh", "M18", None),
    ("service keeps restarting because the health check fails", "cross_en_zh", "M22", None),
    ("how long are logs retained", "cross_en_zh", "M05N", "M05S"),
    ("Ollama embedding endpoint port", "cross_en_zh", "M20", None),
    ("gateway heartbeat interval", "cross_en_zh", "M35", None),
    ("where is the weekly report posted", "cross_en_zh", "M38", None),
    ("read replica of the production database", "cross_en_zh", "M30", None),
    ("reconciliation job schedule", "cross_en_zh", "M33", None),
    ("refund API migration status", "cross_en_zh", "M28", None),
    ("what does the user work on", "cross_en_zh", "M13", None),
    # stale vs new (the corrected fact must outrank the stale copy)
    ("staging 数据库用的端口号", "stale_new", "M01N", "M01S"),
    ("日志保留多少天", "stale_new", "M05N", "M05S"),
    ("Python version on the CI runner", "stale_new", "M06N", "M06S"),
    ("log retention period", "stale_new", "M05N", "M05S"),
    ("staging DB port number", "stale_new", "M01N", "M01S"),
    ("CI 现在用 Python 几", "stale_new", "M06N", "M06S"),
]
