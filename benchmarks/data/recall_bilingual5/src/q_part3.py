# Hand-written queries, part 3: temporal, negation_distractor, keyword_mixed
from q_part1 import q, D, A

# ---------------- temporal ----------------
q("temporal", "en", "Who is on call for carrier-gw next week?",
  [(D+"2026-05-21.md", "Marcus 确认 5/25-5/31 东南亚线主值班"),
   (D+"2026-05-20.md", "东南亚线调换：5/25 这周由 Marcus Tan 顶替 Kelvin Ng")],
  "[any gold line answers] Today is 2026-05-22; next week = 5/25. carrier-gw is on the SEA line. Stale: infra.md roster row '| 5/25 | 陈博 | Kelvin Ng |' (not updated). Distractor: 陈博 is the CN line.")
q("temporal", "mixed", "DHL 燃油附加费现在按多少算？",
  [(D+"2026-05-06.md", "DHL 5 月燃油附加费 19.75% 已在 rate-quote 生效"),
   (D+"2026-04-28.md", "DHL 5 月燃油附加费 19.75%（2-4 月都是 21%）"),
   (A+"2026-04.md", "DHL 5 月燃油附加费 19.75%，5/1 生效")],
  "[any gold line answers] 19.75% from 5/1. Stale: projects.md '✅ DHL 燃油附加费 21%（2 月起）', archive/2026-02 21%, 01-08 18.5%.")
q("temporal", "zh", "入门版现在卖多少钱一个月？",
  [(D+"2026-04-01.md", "入门版新价 ¥2,399/月今天起对新客户生效"),
   (D+"2026-03-20.md", "入门版（Starter）¥1,999/月 → ¥2,399/月"),
   (A+"2026-03.md", "入门版 ¥1,999 → ¥2,399（4/1 起新客户）")],
  "[any gold line answers] ¥2,399 for new customers since 4/1 (old customers keep ¥1,999 until 6/30). Stale: MEMORY.md still says 入门版 ¥1,999/月.")
q("temporal", "mixed", "J&T 的 timeout 现在是多少？",
  [(D+"2026-04-21.md", "carrier-gw 的 J&T 超时 15s → 10s，加 2 次重试"),
   ("MEMORY.md", "其实 04-21 已改成 10s + 2 次重试"),
   (A+"2026-04.md", "J&T 超时 15s → 10s + 2 次重试（04-21）"),
   (D+"2026-04-24.md", "J&T 超时改 10s + 重试")],
  "[any gold line answers] 10s + 2 retries. Stale: infra.md 'J&T 15s', projects.md '8s → 15s', archive/2026-03.")
q("temporal", "en", "How many partitions does shipment.events.v2 have now?",
  [(D+"2026-05-12.md", "shipment.events.v2 分区 12 → 24")],
  "24 since 5/12. Stale: infra.md 'shipment.events.v2: 12 partitions'.")
q("temporal", "en", "What's the pg-main database host these days?",
  [(D+"2026-04-11.md", "新连接地址 pgm-wz9k7nmain16.pg.rds.aliyuncs.com:5432")],
  "New PG16 instance since 4/11. Stale: infra.md still lists pgm-wz9k2xmain (released 4/18).")
q("temporal", "zh", "主业务库现在升到哪个大版本了？",
  [(D+"2026-04-11.md", "## [main] pg-main 升级到 PostgreSQL 16"),
   (A+"2026-04.md", "pg-main 升级 PostgreSQL 16（04-11）"),
   (D+"2026-04-24.md", "进展：PG16 升级完成")],
  "[any gold line answers] 16. Stale: infra.md 'RDS PostgreSQL 12 ... (upgrade to 16 planned for 4/11)'.")
q("temporal", "en", "How many days of backups do we keep on pg-main now?",
  [(D+"2026-04-10.md", "新实例备份保留从 7 天改成 14 天"),
   (A+"2026-04.md", "pg-main 备份保留 7 天 → 14 天")],
  "[any gold line answers] 14 days. Stale: infra.md 'Backup retention: 7 days on pg-main'.")
q("temporal", "zh", "国内报价缓存现在多久过期？",
  [(D+"2026-05-18.md", "王磊把国内报价缓存 TTL 从 10 分钟改成 5 分钟")],
  "5 minutes since 5/18. Stale: projects.md and 04-08 say 10 minutes. Distractor: SEA TTL 30 minutes.")
q("temporal", "en", "What's the minimum driver app version we force people onto now?",
  [(D+"2026-05-19.md", "最低支持版本 2.5.1 → 2.6.0，5/26 起强制更新")],
  "2.6.0 from 5/26. Stale: projects.md '最低支持版本 2.5.1', 04-16 2.5.1.")
q("temporal", "zh", "新加坡周会现在是周几几点开？",
  [(D+"2026-05-11.md", "SG sync 从周四 15:00 改到周四 14:00")],
  "Thursday 14:00 since 5/11. Older: Tuesday 16:00 (01-06), Thursday 15:00 (02-25, archive/2026-02).")
q("temporal", "en", "What's the customs-decl queue-lag alert threshold right now?",
  [(D+"2026-05-15.md", "队列积压告警阈值 2000 → 1200")],
  "1200 since 5/15. Stale: infra.md '> 2000 messages for 15 min', 03-05 500 → 2000.")
q("temporal", "mixed", "AWS 每月 budget 上限现在是多少？",
  [(D+"2026-04-03.md", "陈志明把 AWS 月预算从 USD 9,000 调到 USD 12,500"),
   (D+"infra.md", "AWS monthly budget USD 12,500"),
   (A+"2026-04.md", "AWS 月预算 USD 9,000 → USD 12,500")],
  "[any gold line answers] USD 12,500. Stale: 01-14 and archive/2026-01 USD 9,000.")
q("temporal", "en", "After the SEA on-call engineer, who is the next escalation step now?",
  [(D+"2026-05-18.md", "东南亚线升级路径改为：值班 → Aaron Lim → 林思远")],
  "Aaron Lim, then Sean. Stale: infra.md 'SEA → 林思远'; 05-04 says SEA could only escalate to Sean.")
q("temporal", "mixed", "SEA 的 USD 0.05/label 价格门槛现在是每月多少？",
  [(D+"2026-05-19.md", "门槛从每月 2 万降到 1.5 万"),
   (D+"2026-05-19.md", "6 月起超出 1.5 万的部分按 0.05 计")],
  "[any gold line answers] 15k labels/month from 6/1. Stale: 03-20 and archive/2026-03 say 2 万.")
q("temporal", "zh", "国内服务出告警，现在用什么方式叫醒值班的人？",
  [(D+"2026-03-30.md", "国内线告警从 PagerDuty 改为飞书电话加急"),
   (D+"infra.md", "CN services page through Feishu urgent call in group"),
   (A+"2026-03.md", "国内告警 PagerDuty → 飞书电话加急（4/1 起）")],
  "[any gold line answers] Feishu urgent call since 4/1. Distractor: SEA still uses PagerDuty.")
q("temporal", "en", "What is Priya's role now?",
  [(D+"2026-05-11.md", "Priya 升任 Head of SEA Operations")],
  "Head of SEA Operations since 5/11 (before: the Solutions/CS lead role implied in early logs).")
q("temporal", "mixed", "顺丰 API 现在用什么方式鉴权？",
  [(D+"2026-05-20.md", "陈博的顺丰 OAuth2 改造上线")],
  "OAuth2 live since 5/20 (legacy MD5 behind a switch until 6/30). Stale: 01-29 MD5 signature; projects.md '⏳ 顺丰 OAuth2 改造，计划 5/20 上线'.")
q("temporal", "en", "How many warehouses does wms-core manage at this point?",
  [(D+"2026-03-09.md", "wms-core 现在管 4 个仓"),
   (D+"projects.md", "wms-core 共管 4 个仓"),
   (A+"2026-03.md", "wms-core 管 4 个仓")],
  "[any gold line answers] 4. Stale: 01-26 '3 个仓'. Johor Bahru is only planned.")
q("temporal", "zh", "槟城那家马来西亚客户最后是哪天上线成功的？",
  [(D+"2026-03-09.md", "槟城 2 号仓 08:00 切换成功"),
   (A+"2026-03.md", "3/9 二次上线成功")],
  "[any gold line answers] 3/9. Earlier targets 2/2 and 3/2 (rolled back).")
q("temporal", "zh", "报关服务现在线上跑的是哪个版本？",
  [(D+"2026-05-15.md", "黄婷发 customs-decl v1.19.0"),
   (D+"projects.md", "✅ v1.19.0 提交前校验申报要素（5/15）")],
  "[any gold line answers] v1.19.0. Stale: 02-11 'customs-decl 停在 v1.14.2'.")
q("temporal", "en", "Who looks after the rate-card import tool now that the intern is gone?",
  [(D+"2026-04-30.md", "rate-card 导入工具和 DHL 燃油附加费导入流程交接给王磊"),
   (D+"2026-03-30.md", "rate-card 导入工具交接给王磊"),
   (A+"2026-03.md", "rate-card 交接王磊"),
   (D+"patterns/skills.md", "source: 2026-04-30 周杰交接给王磊")],
  "[any gold line answers] 王磊. Stale: projects.md '（周杰实习期间协助 rate-card）'.")
q("temporal", "mixed", "5/25 那周国内线 on-call 是谁？",
  [(D+"2026-05-21.md", "国内线 5/25 这周还是陈博，不变"),
   (D+"infra.md", "| 5/25 | 陈博 | Kelvin Ng |")],
  "[any gold line answers] 陈博 (unchanged). The infra.md row is right for CN but stale for SEA.")
q("temporal", "zh", "东南亚报价缓存现在多久过期？",
  [(D+"2026-05-18.md", "东南亚缓存 TTL 仍是 30 分钟"),
   (D+"2026-04-08.md", "东南亚 TTL 30 分钟"),
   (D+"projects.md", "东南亚报价缓存 TTL 30 分钟"),
   (A+"2026-04.md", "rate-quote 东南亚缓存 TTL 30 分钟")],
  "[any gold line answers] Still 30 min; only the CN TTL changed (10 → 5).")
q("temporal", "en", "Are any Ninja Van or J&T adapter replicas still running in the Shenzhen cluster?",
  [(D+"2026-04-28.md", "ack-sz-prod 上的 Ninja Van / J&T 适配器副本缩到 0"),
   (D+"projects.md", "✅ ack-sz-prod 上的 Ninja Van / J&T 适配器副本缩到 0（4/28）")],
  "[any gold line answers] No, scaled to 0 on 4/28. SF/DHL adapters still run there.")
q("temporal", "zh", "海关退单现在有单独的告警吗？怎么触发？",
  [(D+"2026-05-15.md", "新告警：customs.status 的 rejected 事件 1 小时内 ≥ 5 条就飞书电话加急")],
  "Since 5/15. Before: 05-14 '告警没响' (rejections were not alerted).")
q("temporal", "en", "When does the scheduled terraform apply run now?",
  [(D+"2026-05-06.md", "Terraform 定时 apply 改成只在工作日、非封网期运行")],
  "Working days outside freezes. Stale: infra.md 'scheduled apply every Monday 10:00', 04-30.")
q("temporal", "zh", "海沧优品现在签的是什么合同？",
  [(D+"2026-04-21.md", "海沧优品签了 12 个月年框，成长版"),
   (A+"2026-04.md", "海沧优品签 12 个月年框（04-21）")],
  "[any gold line answers] 12-month annual contract on Growth since 4/21.")
q("temporal", "mixed", "Ninja Van webhook 现在回调到哪个 URL？",
  [(D+"2026-03-18.md", "Ninja Van 回调地址改成 https://sg-api.egretbridge.com/hooks/ninjavan/v2"),
   (D+"infra.md", "Ninja Van webhook: https://sg-api.egretbridge.com/hooks/ninjavan/v2 (since 3/18).")],
  "[any gold line answers] The sg-api v2 URL since the 3/18 cutover.")
q("temporal", "mixed", "eks-sg-prod 节点组的 maxUnavailable 现在是几？",
  [(D+"2026-05-06.md", "郑浩：eks-sg-prod 所有节点组 maxUnavailable 改成 1"),
   ("MEMORY.md", "EKS 节点组滚动升级 maxUnavailable 必须为 1"),
   (D+"principles.md", "eks-sg-prod 所有节点组 maxUnavailable=1"),
   (D+"patterns/debug.md", "Set maxUnavailable to 1.")],
  "[any gold line answers] 1. Before INC-0504 it was 2 (05-04, lessons.md).")

# ---------------- negation_distractor ----------------
q("negation_distractor", "en", "Who should I ping about consumer lag on the tracking sync service?",
  [(D+"projects.md", "**负责人**: Kelvin Ng"),
   ("MEMORY.md", "轨迹同步找 Kelvin"),
   (D+"2026-05-08.md", "思远纠正：轨迹同步找 Kelvin")],
  "[any gold line answers] Kelvin owns carrier-sync. Near-miss: Marcus owns carrier-gw (I misrouted this alert on 05-08).")
q("negation_distractor", "zh", "刘阳是做什么的？",
  [(D+"2026-01-12.md", "刘阳（销售）转来海沧优品苏美玲的需求"),
   (D+"principles.md", "刘洋=WMS 研发，刘阳=销售"),
   ("MEMORY.md", "刘阳负责国内客户商务"),
   (A+"2026-01.md", "刘阳（销售）对接海沧优品苏美玲")],
  "[any gold line answers] 刘阳 is sales. Near-miss: 刘洋 (WMS developer, on the on-call roster).")
q("negation_distractor", "en", "Which Marcus is the DHL account manager?",
  [(D+"principles.md", "Marcus Teo=DHL 客户经理（@dhl.com）"),
   (D+"2026-02-02.md", "Marcus Teo（DHL 客户经理）来邮件"),
   ("MEMORY.md", "把 Marcus Teo（DHL 客户经理）的邮件转给了 Marcus Tan")],
  "[any gold line answers] Marcus Teo. Near-miss: Marcus Tan is our carrier-gw owner.")
q("negation_distractor", "mixed", "J&T Cargo 我们接了吗？",
  [(D+"infra.md", "We integrate J&T Express only; J&T Cargo is a different API and is not connected."),
   (D+"2026-01-19.md", "J&T Express（快递）和 J&T Cargo（大件）是两套 API，我们只接了 Express")],
  "[any gold line answers] No, only J&T Express.")
q("negation_distractor", "en", "Was carrier-gw behind the duplicate SMS incident in March?",
  [(D+"2026-03-11.md", "carrier-gw 只管下单和面单，轨迹在 carrier-sync"),
   (D+"2026-03-11.md", "根因：昨晚改了 MSK ACL，carrier-sync 的 consumer group 反复 rebalance"),
   (D+"lessons.md", "**原因**: MSK ACL 变更引起 carrier-sync 反复 rebalance"),
   (A+"2026-03.md", "MSK ACL 变更 → carrier-sync 反复 rebalance")],
  "[any gold line answers] No: carrier-sync. Marcus lost 40 minutes looking at carrier-gw.")
q("negation_distractor", "zh", "五月那次退单，是不是又是编码被截断了？",
  [(D+"2026-05-14.md", "这次不是截断问题，HS 编码 10 位是对的")],
  "No; missing declaration elements. Distractor: the February truncation incident.")
q("negation_distractor", "mixed", "shipment.events.v1 需要镜像到新加坡的 MSK 吗？",
  [(D+"2026-03-09.md", "shipment.events.v1 已废弃，不镜像")],
  "No. Distractor: v2 is mirrored.")
q("negation_distractor", "en", "Do we mirror customs.status to Singapore?",
  [(D+"2026-03-09.md", "不镜像 customs.status（报关数据不出境）"),
   (D+"infra.md", "customs.status: CN only, never mirrored."),
   (D+"principles.md", "MirrorMaker 2 不镜像 customs.status"),
   (A+"2026-03.md", "customs.status 不镜像")],
  "[any gold line answers] Never; customs data stays in China. Distractor: shipment.events.v2 and carrier.tracking are mirrored.")
q("negation_distractor", "zh", "东南亚迁移为什么没选腾讯云？",
  [(D+"2026-01-14.md", "不选腾讯云新加坡：当时新加坡区没有托管 Kafka"),
   (A+"2026-01.md", "腾讯云新加坡因无托管 Kafka 出局")],
  "[any gold line answers] No managed Kafka in their Singapore region. Distractor: the Alibaba Cloud reason (customer procurement).")
q("negation_distractor", "en", "Can wms-core read from pg-report to take load off pg-main?",
  [(D+"infra.md", "Never point a service at it.")],
  "No; pg-report is for BI only.")
q("negation_distractor", "mixed", "customs-docs 换成 Gotenberg，customs-decl 受影响吗？",
  [(D+"2026-03-25.md", "只改了 customs-docs，customs-decl 不受影响")],
  "No. Near-miss service names.")
q("negation_distractor", "en", "Did we end up using Puppeteer for the customs PDF rendering?",
  [(D+"patterns/research.md", "选 Gotenberg")],
  "No: Puppeteer was considered and rejected; Gotenberg chosen.")
q("negation_distractor", "mixed", "SEA 线的告警也改成飞书加急了吗？",
  [(D+"2026-03-30.md", "东南亚线保留 PagerDuty"),
   (D+"infra.md", "SEA services page through PagerDuty service \"sea-carrier\""),
   (A+"2026-03.md", "东南亚仍用 PagerDuty")],
  "[any gold line answers] No, SEA stays on PagerDuty; only CN moved to Feishu.")
q("negation_distractor", "en", "Did the Ninja Van timeout also get cut to 10s?",
  [(D+"2026-04-21.md", "Ninja Van 超时不变，仍是 8s"),
   (D+"infra.md", "HTTP timeouts in carrier-gw: J&T 15s, Ninja Van 8s")],
  "[any gold line answers] No, only J&T changed; Ninja Van stays 8s. (infra.md's J&T value on that line is stale, its Ninja Van value is right.)")
q("negation_distractor", "zh", "老客户现在续费也得按 2399 付吗？",
  [(D+"2026-03-20.md", "老客户 6/30 前维持原价")],
  "No, old customers keep the old price until 6/30.")
q("negation_distractor", "mixed", "顺丰和 DHL 的 carrier-gw 也搬去新加坡了吗？",
  [(D+"2026-03-18.md", "顺丰和 DHL 仍走 ack-sz-prod 上的 carrier-gw"),
   (D+"2026-05-06.md", "刘阳那边国内客户不受影响（顺丰、DHL 仍在 ack-sz-prod）"),
   (D+"infra.md", "carrier-gw (SF/DHL), notify-svc, driver-api")],
  "[any gold line answers] No; only Ninja Van / J&T moved.")
q("negation_distractor", "en", "Are we integrating Lalamove?",
  [(D+"patterns/research.md", "Lalamove: rejected"),
   (D+"2026-03-25.md", "Lalamove has no cross-border label API, drop it.")],
  "[any gold line answers] No, rejected. Distractor: LBC got a sandbox test.")
q("negation_distractor", "zh", "成长版是不是整体降到三毛一单了？",
  [(D+"2026-03-20.md", "成长版 ¥0.35/单不变，但每月超过 5 万单的部分按 ¥0.30/单"),
   (A+"2026-03.md", "成长版超 5 万单部分 ¥0.30")],
  "[any gold line answers] No, only volume above 50k/month.")
q("negation_distractor", "mixed", "pg-sg 的备份也只留 7 天吗？",
  [(D+"infra.md", "Backup retention: 7 days on pg-main, 14 days on pg-sg.")],
  "No, pg-sg keeps 14 days. (pg-main is also 14 days now; infra.md's 7 is stale.)")
q("negation_distractor", "zh", "四月那次司机端闪退，苹果手机也受影响了吗？",
  [(D+"2026-04-16.md", "iOS 没受影响，iOS 司机只占 6%")],
  "No.")
q("negation_distractor", "zh", "二月那批退单，海关有没有罚我们？",
  [(D+"2026-02-09.md", "鹭港报关行老何帮忙电话跟海关沟通，没有罚款"),
   (A+"2026-02.md", "14:20 前全部重新申报通过，无罚款")],
  "[any gold line answers] No fine.")
q("negation_distractor", "mixed", "Kelvin 婚礼那周的 on-call 改到哪一周了？",
  [(D+"2026-05-20.md", "Kelvin 改值 6/8 那周")],
  "6/8. Distractor: infra.md roster still shows Marcus on 6/8 and Kelvin on 5/25.")
q("negation_distractor", "en", "Does the J&T label retry use the tracking number as its idempotency key?",
  [(D+"2026-04-21.md", "幂等键用我们的 order_ref"),
   (D+"patterns/config.md", "Every retry must carry our order_ref as the idempotency key")],
  "[any gold line answers] No, our order_ref. Distractor: the tracking dedupe key (carrier, tracking_no, status, event_time).")
q("negation_distractor", "zh", "周五下午五点还能发版吗？",
  [("MEMORY.md", "周五 16:00 后不发版")],
  "No, cutoff is Friday 16:00.")
q("negation_distractor", "mixed", "eks-sg-staging 上跑客户流量吗？",
  [(D+"infra.md", "eks-sg-staging: 2 × m6i.large, used for load tests; nothing customer-facing.")],
  "No, load tests only. Near-miss: eks-sg-prod.")

# ---------------- keyword_mixed ----------------
q("keyword_mixed", "mixed", "ExternalSecret force-sync 命令",
  [(D+"patterns/debug.md", "kubectl annotate externalsecret <name> force-sync=$(date +%s) --overwrite"),
   (D+"2026-04-11.md", "kubectl annotate externalsecret wms-core-db force-sync=$(date +%s) --overwrite")],
  "[any gold line answers] Generic command in the pattern, concrete use in the 04-11 log.")
q("keyword_mixed", "mixed", "rate-card 导入 dry-run",
  [(D+"patterns/skills.md", "--effective <YYYY-MM-01> --dry-run` 先看差异"),
   (D+"2026-04-28.md", "rate-card 导入带 `--dry-run` 会先打印差异")],
  "[any gold line answers]")
q("keyword_mixed", "mixed", "MirrorMaker 2 扩分区 步骤",
  [(D+"lessons.md", "先停 MM2，两边同时扩，再起 MM2"),
   (D+"2026-05-12.md", "MirrorMaker 2 要先停再扩")],
  "[any gold line answers]")
q("keyword_mixed", "mixed", "Vault kv/carrier 路径 约定",
  [(D+"patterns/config.md", "路径约定 kv/carrier/<carrier>/<env>"),
   (D+"principles.md", "路径 kv/carrier/<carrier>/<env>；")],
  "[any gold line answers]")
q("keyword_mixed", "mixed", "Ninja Van MY SG 分开 key",
  [(D+"2026-01-26.md", "Vault 里分开存：kv/carrier/ninjavan/prod 下分 my、sg 两个 key"),
   (D+"patterns/config.md", "Ninja Van 每个国家一套 API key 和 webhook secret"),
   (D+"2026-01-26.md", "Ninja Van MY and Ninja Van SG use separate API keys")],
  "[any gold line answers]")
q("keyword_mixed", "mixed", "notify-svc 发送量 3x baseline 告警",
  [(D+"2026-03-12.md", "AI-3: alert when notify-svc volume exceeds 3x the 7-day baseline"),
   (D+"infra.md", "notify-svc volume alert: > 3× the 7-day baseline.")],
  "[any gold line answers]")
q("keyword_mixed", "mixed", "顺丰 token Redis 刷新",
  [(D+"2026-04-24.md", "token 缓存在 Redis，过期前 10 分钟刷新")],
  "SF OAuth2 token cache.")
q("keyword_mixed", "mixed", "sf.auth legacy_md5 开关",
  [(D+"2026-05-20.md", "MD5 签名代码保留开关 `sf.auth=legacy_md5`")],
  "Removed after 6/30 (also a TODO in projects.md without the key name).")
q("keyword_mixed", "mixed", "9610 清单模板 staging 样单",
  [(D+"2026-01-21.md", "黄婷完成 customs-decl 的 9610 清单模板，staging 上用海沧优品 50 票样单测通"),
   (A+"2026-01.md", "9610 清单模板 staging 测通（01-21）")],
  "[any gold line answers]")
q("keyword_mixed", "mixed", "Terraform PR #233 AL2023 节点组",
  [(D+"2026-04-30.md", "郑浩合入 eb-infra PR #233"),
   (A+"2026-04.md", "eks-sg-prod 节点组 AMI 换 AL2023 的 PR #233 已合")],
  "[any gold line answers]")
q("keyword_mixed", "mixed", "DTS 大事务 多停写",
  [(D+"2026-04-13.md", "多停写的 4 分钟：DTS 最后一批是大事务")],
  "")
q("keyword_mixed", "mixed", "kafka-consumer-groups 成员 rebalance 排查",
  [(D+"patterns/debug.md", "kafka-consumer-groups.sh --describe --group carrier-sync --members")],
  "")
q("keyword_mixed", "mixed", "READ_MEDIA_VISUAL_USER_SELECTED 权限 崩溃",
  [(D+"2026-04-16.md", "（READ_MEDIA_VISUAL_USER_SELECTED）")],
  "")
q("keyword_mixed", "mixed", "WIB 时间 Dewi",
  [(D+"2026-05-11.md", "给 Dewi 的上线时间写 \"1 June 09:00 WIB\""),
   (D+"principles.md", "发给 Dewi 的时间要单独标注 WIB")],
  "[any gold line answers]")
q("keyword_mixed", "mixed", "msk-sg-01 broker 机型",
  [(D+"2026-03-05.md", "MSK 集群 msk-sg-01：三个 kafka.m5.large broker"),
   (D+"infra.md", "msk-sg-01: Amazon MSK, Kafka 3.6, 3 × kafka.m5.large.")],
  "[any gold line answers]")
q("keyword_mixed", "mixed", "PDB minAvailable carrier-gw 副本",
  [(D+"2026-05-08.md", "都加了 PDB，minAvailable=2，副本数提到 3")],
  "05-07 AI-1 and P009 also state minAvailable=2 but only 05-08 gives the replica count.")
q("keyword_mixed", "mixed", "Noto Sans CJK 字体 wkhtmltopdf",
  [(D+"2026-01-21.md", "服务器要装 Noto Sans CJK 字体")],
  "")
q("keyword_mixed", "mixed", "J&T 白名单 NAT EIP 失败单",
  [(D+"2026-03-18.md", "23:20 之前 J&T 下单失败 37 单"),
   (D+"lessons.md", "**现象**: J&T 印尼下单失败 37 单"),
   (D+"2026-03-18.md", "实际影响只有 J&T 的 37 单")],
  "[any gold line answers]")
q("keyword_mixed", "mixed", "pg-report 复制源 新实例",
  [(D+"2026-04-13.md", "pg-report（BI 只读副本）的复制源已指向新实例")],
  "04-10 lists it as a checklist item; 04-13 confirms it was done.")
q("keyword_mixed", "mixed", "Flutter 升级 camera 插件",
  [(D+"2026-01-12.md", "佳琪想把司机端从 Flutter 3.16 升到 3.22")],
  "")
