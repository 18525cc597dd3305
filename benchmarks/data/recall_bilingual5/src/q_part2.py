# Hand-written queries, part 2: short_zh, paraphrase
from q_part1 import q, D, A

# ---------------- short_zh ----------------
q("short_zh", "zh", "封网",
  [("MEMORY.md", "春节封网 2/12 18:00 – 2/24 10:00，封网期间只允许 P0 修复"),
   (D+"2026-01-29.md", "思远定：2/12 18:00 到 2/24 10:00 封网"),
   (A+"2026-01.md", "春节封网 2/12 18:00 – 2/24 10:00（01-29）"),
   (D+"infra.md", "Spring Festival: 2/12 18:00 – 2/24 10:00, P0 fixes only.")],
  "[any gold line answers] The Spring Festival freeze window. 02-11/02-13 are freeze-day logs, not the definition.")
q("short_zh", "zh", "附加费",
  [(D+"2026-04-28.md", "DHL 5 月燃油附加费 19.75%（2-4 月都是 21%）"),
   (D+"2026-05-06.md", "DHL 5 月燃油附加费 19.75% 已在 rate-quote 生效")],
  "[any gold line answers] Current DHL fuel surcharge. Distractors: 偏远地区附加费 (02-02), stale 21% in projects.md.")
q("short_zh", "zh", "值班表",
  [(D+"infra.md", "## On-call roster (weekly, handover Monday 10:00 GMT+8)"),
   (D+"2026-05-20.md", "东南亚线调换：5/25 这周由 Marcus Tan 顶替 Kelvin Ng")],
  "[any gold line answers] The roster lives in infra.md; 05-20 records the swap the roster does not show yet.")
q("short_zh", "zh", "站会",
  [(D+"2026-03-03.md", "站会从 10:00 提前到 9:45")],
  "Standup moved to 9:45 on 03-03.")
q("short_zh", "zh", "年框",
  [(D+"2026-04-21.md", "海沧优品签了 12 个月年框"),
   (D+"2026-03-20.md", "陈志明说走年框合同，不在价目表上开例外")],
  "[any gold line answers] Annual framework contract: policy (03-20) and the signing (04-21).")
q("short_zh", "zh", "频控",
  [("MEMORY.md", "必须经过 notify-svc 频控"),
   (D+"2026-03-25.md", "吴佳琪完成 AI-2：同一运单同一状态 24 小时只发一条")],
  "[any gold line answers] notify-svc rate limit: one message per waybill per status per 24h.")
q("short_zh", "zh", "白名单",
  [(D+"2026-02-04.md", "出口 IP 已加进顺丰白名单"),
   (D+"2026-03-18.md", "J&T 印尼白名单只认旧 IP"),
   (D+"lessons.md", "### [main] 切集群忘了承运商 IP 白名单 (2026-03-18)")],
  "[any gold line answers] Carrier IP allowlists (SF, J&T Indonesia).")
q("short_zh", "zh", "断点续传",
  [(D+"2026-05-19.md", "签收照片断点续传")],
  "Driver app 2.6.0 resumable photo upload.")
q("short_zh", "zh", "预算",
  [(D+"2026-04-03.md", "陈志明把 AWS 月预算从 USD 9,000 调到 USD 12,500"),
   (A+"2026-04.md", "AWS 月预算 USD 9,000 → USD 12,500")],
  "[any gold line answers] Current AWS budget. Stale: 01-14 and archive/2026-01 say USD 9,000.")
q("short_zh", "zh", "闪退",
  [(D+"2026-04-16.md", "Android 14 上打开签收拍照就闪退，崩溃率 6.8%"),
   (D+"lessons.md", "### [main] 司机端 Android 14 签收拍照闪退 (2026-04-16)")],
  "[any gold line answers] Driver app 2.5.0 crash.")
q("short_zh", "zh", "停写",
  [(D+"2026-04-11.md", "22:00 停写，22:08 DTS 追平"),
   (A+"2026-04.md", "新实例 + DTS，停写 14 分钟（计划 10 分钟）")],
  "[any gold line answers] Write stop during the PG16 cutover. 04-13 explains the extra 4 minutes.")
q("short_zh", "zh", "实习",
  [(D+"2026-03-30.md", "周杰实习 4/30 结束"),
   (D+"2026-04-30.md", "## [main] 周杰实习结束")],
  "[any gold line answers] The intern 周杰 left 4/30.")
q("short_zh", "zh", "面试",
  [(D+"2026-05-21.md", "何俊二面结束"),
   (D+"2026-05-19.md", "厦门 SRE 候选人何俊二面定在 5/21")],
  "[any gold line answers] SRE candidate interviews; 05-21 is the latest.")
q("short_zh", "zh", "升职",
  [(D+"2026-05-11.md", "Priya 升任 Head of SEA Operations")],
  "Priya's promotion.")
q("short_zh", "zh", "补偿",
  [(D+"2026-03-12.md", "补偿：Pasig Parcel 3 月服务费减免 USD 800"),
   (D+"2026-05-07.md", "补偿：Mutiara 5 月免 1,000 个 Ninja Van label 费")],
  "[any gold line answers] Two customer compensations (INC-0311, INC-0504).")
q("short_zh", "zh", "时区",
  [(D+"2026-01-08.md", "思远纠正：新加坡也是 GMT+8，不用换算"),
   ("MEMORY.md", "把新加坡时间当成 GMT+7 换算了一小时"),
   (D+"principles.md", "### P001: 时间统一写 GMT+8"),
   ("USER.md", "时间一律写 GMT+8，新加坡和厦门同一时区")],
  "[any gold line answers] Timezone rule; Jakarta (WIB, GMT+7) is the exception noted in P001.")
q("short_zh", "zh", "扩分区",
  [(D+"2026-05-12.md", "shipment.events.v2 分区 12 → 24"),
   (D+"lessons.md", "### [main] MirrorMaker 2 运行中扩分区 (2026-05-12)")],
  "[any gold line answers] Partition expansion and its lesson.")
q("short_zh", "zh", "申报要素",
  [(D+"2026-05-14.md", "退单原因\"申报要素缺少品牌类型\""),
   (D+"2026-05-15.md", "提交前按海关最新申报要素表校验")],
  "[any gold line answers] Declaration elements: the May rejection and the v1.19.0 fix. MEMORY.md/P010 hold the rule.")
q("short_zh", "zh", "周报",
  [(D+"patterns/general.md", "三段：进展 / 风险 / 下周，每段不超过 5 条"),
   ("USER.md", "周报周五 17:00 前发")],
  "[any gold line answers] Weekly report format. Individual 周报 sections in logs are instances, not the rule.")
q("short_zh", "zh", "蓝牙耳机",
  [(D+"2026-05-14.md", "商品是蓝牙耳机，HS 编码 8518300000")],
  "The product in the May rejection.")

# ---------------- paraphrase: Chinese ----------------
q("paraphrase", "zh", "上次换数据库的时候，仓库那个服务为什么还连着老库？",
  [(D+"2026-04-11.md", "wms-core 的 ExternalSecret 没刷新"),
   (D+"lessons.md", "Vault 改了，wms-core 的 ExternalSecret 刷新间隔 1 小时")],
  "[any gold line answers] ExternalSecret not refreshed.")
q("paraphrase", "zh", "一票货的基础设施开销大概多少？这个季度想压到多少？",
  [(D+"2026-04-01.md", "O3 成本：每单云成本从 ¥0.041 降到 ¥0.035")],
  "Q2 OKR O3. Distractor: 03-20 gives only the current figure.")
q("paraphrase", "zh", "思远几点之前不想被不紧急的事打扰？",
  [("USER.md", "早上 9 点前不要推非 P0 的消息")],
  "USER.md preference.")
q("paraphrase", "zh", "新品类开卖之前，报关那边要先对一下什么？",
  [("MEMORY.md", "新 HS 编码上线前核对海关申报要素模板"),
   (D+"principles.md", "新编码上线前，按海关最新申报要素表核对模板"),
   (D+"2026-05-15.md", "新 HS 编码上线前必须核对申报要素模板")],
  "[any gold line answers] Rule from 05-15 (the log, MEMORY.md and P010).")
q("paraphrase", "zh", "为什么处理物流状态消息时必须允许同一条来好几次？",
  [(D+"principles.md", "Kafka rebalance 后重复投递是常态，不是异常")],
  "P004 why-line. The rule itself (dedupe key) is elsewhere; the 'why' is here.")
q("paraphrase", "zh", "销售想给那家化妆品出口客户特殊优惠，老板怎么说？",
  [(D+"2026-03-20.md", "刘阳想给海沧优品单独打折，陈志明说走年框合同")],
  "Go through an annual contract, no exceptions in the price list.")
q("paraphrase", "zh", "马来西亚仓里条码枪读不出来的比例多少，毛病出在哪？",
  [(D+"2026-03-27.md", "PDA 扫描失败率 0.4%，主要是标签打印太淡")],
  "0.4%, labels printed too faint.")
q("paraphrase", "zh", "收件人被重复提醒那次，我们几点先把对外发送关掉的？",
  [(D+"2026-03-11.md", "09:31 Kelvin 暂停 carrier-sync 往 notify-svc 的推送")],
  "09:31. Distractor: 14:05 resume time.")
q("paraphrase", "zh", "出了问题要跟客户解释，措辞上有什么讲究？",
  [(D+"patterns/general.md", "只写事实、时间线和已做的补救"),
   (D+"2026-02-09.md", "思远要求只写事实和时间线，不写\"系统故障\"")],
  "[any gold line answers] Facts and timeline only.")
q("paraphrase", "zh", "上回换数据库版本，为啥要另起一套新机器而不是就地改？",
  [(D+"2026-04-03.md", "原地升级出问题只能从备份恢复，回滚至少 1 小时")],
  "Rollback cost of in-place upgrade.")
q("paraphrase", "zh", "思远是哪里人，研究生在哪读的？",
  [("USER.md", "厦门人，NUS 计算机硕士")],
  "USER.md background.")
q("paraphrase", "zh", "过年那阵子，替我们跟海关打交道的代理公司哪两天开门？",
  [(D+"2026-02-13.md", "鹭港报关行春节只有 2/16 和 2/23 有人")],
  "2/16 and 2/23.")
q("paraphrase", "zh", "司机用的那个手机应用出毛病，应该先问谁？",
  [("USER.md", "移动端问题先找吴佳琪"),
   (D+"projects.md", "**负责人**: 吴佳琪")],
  "[any gold line answers] 吴佳琪.")
q("paraphrase", "zh", "卖新鲜食品的那家厦门新客户选了哪一档套餐？",
  [(D+"2026-04-01.md", "（生鲜跨境，入门版）")],
  "鹭岛鲜生 on the Starter plan.")

# ---------------- paraphrase: English ----------------
q("paraphrase", "en", "Why not just give the courier APIs more time before we give up on a request?",
  [(D+"patterns/config.md", "Prefer a short per-carrier timeout plus retries with backoff over one long timeout.")],
  "Config pattern. Distractor: the next sentence about pool starvation is on the same line.")
q("paraphrase", "en", "Before I push something live to either cloud, what list of blackout dates should I look at?",
  [("AGENTS.md", "check the freeze calendar in memory/infra.md")],
  "AGENTS.md 'Before you act'.")
q("paraphrase", "en", "Where are the courier credentials kept?",
  [("AGENTS.md", "Carrier keys live in Vault under kv/carrier/*"),
   (D+"infra.md", "Vault: kv/carrier/dhl/prod, kv/carrier/sf/prod, kv/carrier/jnt/prod, kv/carrier/ninjavan/prod."),
   (D+"principles.md", "路径 kv/carrier/<carrier>/<env>；"),
   (D+"patterns/config.md", "路径约定 kv/carrier/<carrier>/<env>")],
  "[any gold line answers] Vault kv/carrier/*. The two Chinese lines answer too.")
q("paraphrase", "en", "Is it fine to have an app read from the analytics copy of the main database?",
  [(D+"infra.md", "Never point a service at it.")],
  "pg-report is for Metabase/BI only.")
q("paraphrase", "en", "When we write up an outage, should we say who made the mistake?",
  [(D+"patterns/general.md", "Blameless: name systems, not people.")],
  "Postmortem template.")
q("paraphrase", "en", "If I'm chatting with you in a team channel, which of your notes stay out of it?",
  [("AGENTS.md", "are shared sessions: no USER.md, MEMORY.md or infra.md content.")],
  "Shared-session rule.")
q("paraphrase", "en", "Did the Malaysian warehouse folks find the offline alert useful?",
  [(D+"2026-03-27.md", "The red banner saved us on Tuesday")],
  "Ong's feedback.")
q("paraphrase", "en", "What did the Manila customer want guaranteed going forward?",
  [(D+"2026-03-12.md", "Please make sure this can't happen during our 4.4 sale.")],
  "Joel Santos's reply.")
q("paraphrase", "en", "What experience does our Singapore ops hire bring?",
  [(D+"2026-04-10.md", "He ran EKS for a payments company, knows MSK too.")],
  "Priya on Aaron Lim.")
q("paraphrase", "en", "How did Marcus plan to handle the streaming cluster permissions differently from before?",
  [(D+"2026-03-05.md", "I'll write the ACLs as code this time, no more console clicking."),
   (D+"2026-03-16.md", "ACLs are in Terraform now")],
  "[any gold line answers] MSK ACLs as code (plan 03-05, done in Terraform 03-16).")
q("paraphrase", "en", "How long are snapshots of the Southeast Asia Postgres kept?",
  [(D+"infra.md", "Backup retention: 7 days on pg-main, 14 days on pg-sg.")],
  "pg-sg 14 days (the pg-main half of this line is stale, but the question is about pg-sg).")
q("paraphrase", "en", "When I hand the pager over on Monday, what am I supposed to write up?",
  [(D+"patterns/general.md", "Outgoing person posts: open alerts, anything scheduled this week")],
  "Handover checklist.")
q("paraphrase", "en", "What was wrong with the Penang client's billing paperwork before launch?",
  [(D+"2026-01-21.md", "SST registration number is missing from the header"),
   (D+"2026-02-04.md", "SST registration number is now on the Mutiara invoice header")],
  "[any gold line answers] Nurul's SST check and its fix.")
q("paraphrase", "en", "How far behind did parcel status updates fall over Lunar New Year?",
  [(D+"2026-02-25.md", "the carrier-sync lag peaked at 38 minutes on 19 Feb")],
  "38 minutes.")
q("paraphrase", "en", "What volume was the Philippine prospect doing before the deal closed?",
  [(D+"2026-01-19.md", "Pasig Parcel in Manila is close to signing, they ship about 12k parcels a month")],
  "About 12k parcels a month.")
q("paraphrase", "en", "Who runs acceptance testing for the Malaysian, Indonesian and Philippine accounts?",
  [(D+"2026-01-19.md", "Nurul will own UAT for all SEA customers")],
  "Nurul.")
q("paraphrase", "en", "What portion of the Malaysian delivery staff used the phone OS release that broke photo capture?",
  [(D+"2026-04-16.md", "About 80% of our Penang drivers are on Android 14")],
  "About 80%.")
q("paraphrase", "en", "What did the new Singapore SRE do so name resolution survives node churn?",
  [(D+"2026-05-21.md", "CoreDNS now has topology spread across the three AZs")],
  "Aaron's CoreDNS change.")
q("paraphrase", "en", "What's the catch with the Philippine courier we trialled for the outer islands?",
  [(D+"2026-05-12.md", "their webhook has no signature, so we'd have to IP-allowlist them")],
  "LBC webhook unsigned.")
q("paraphrase", "en", "Which of your sub-personas keeps an eye on the paging channels?",
  [("AGENTS.md", "[ops] alert watcher")],
  "The [ops] agent.")

# ---------------- paraphrase: mixed ----------------
q("paraphrase", "mixed", "五一那次 SEA 集群上的 pods 为啥一下子全没了？",
  [(D+"2026-05-04.md", "carrier-gw 没有 PDB，两个副本同时被驱逐"),
   (D+"lessons.md", "**原因**: 节点组 maxUnavailable=2，carrier-gw 无 PDB"),
   (D+"2026-05-07.md", "Root cause: a node group rolling update with maxUnavailable=2 and no PodDisruptionBudget on carrier-gw."),
   (D+"principles.md", "3 个节点里一次驱逐 2 个，无 PDB 的服务直接清零")],
  "[any gold line answers] maxUnavailable=2 and no PDB.")
q("paraphrase", "mixed", "topic 加了 partitions 以后，同一票货的消息先后次序还靠得住吗？",
  [(D+"2026-05-12.md", "同一运单的事件有 15 分钟顺序不保证的窗口")],
  "15-minute window without ordering guarantee.")
q("paraphrase", "mixed", "以前生成 invoice 文件很慢，换了什么引擎、快了多少？",
  [(D+"2026-03-25.md", "100 页发票从 40 秒降到 6 秒"),
   (D+"projects.md", "PDF 渲染从 wkhtmltopdf 换成 Gotenberg 8，100 页发票 40 秒 → 6 秒"),
   (D+"patterns/research.md", "Gotenberg 8 是现成的容器，100 页 6 秒"),
   (A+"2026-03.md", "customs-docs 换 Gotenberg 8，100 页 40 秒 → 6 秒")],
  "[any gold line answers] Gotenberg 8, 40 s -> 6 s for 100 pages.")
q("paraphrase", "mixed", "Singapore team 的 paging 为什么没跟着国内一起换？",
  [(D+"2026-03-30.md", "东南亚线保留 PagerDuty，Marcus 说 SG 同事不装飞书")],
  "SG colleagues don't install Feishu.")
q("paraphrase", "mixed", "过年 freeze 期间 GitOps 那边做了什么处理？",
  [(D+"2026-02-13.md", "ArgoCD 对 ack-sz-prod 的自动同步已暂停")],
  "ArgoCD auto-sync paused.")
q("paraphrase", "mixed", "tracking 消息的 dedupe 记录在 cache 里留多长时间？",
  [(D+"2026-03-11.md", "修复：按 (carrier, tracking_no, status, event_time) 去重，Redis 去重表 TTL 48 小时"),
   (D+"principles.md", "Redis 去重表 TTL 48 小时。")],
  "[any gold line answers] 48 hours.")
