# Hand-written queries, part 1: cross_lingual, multi_hop
D = "memory/"
A = "memory/archive/"
Q = []
def q(t, lang, text, gold, note):
    Q.append(dict(type=t, lang=lang, query=text, gold=[dict(path=p, quote=s) for p, s in gold], note=note))

# ---------------- cross_lingual: English query, Chinese answer ----------------
q("cross_lingual", "en", "Why didn't we go with Alibaba Cloud's Singapore region for the Southbound move?",
  [(D+"2026-01-14.md", "不选阿里云新加坡：PT Kirim Cepat 的采购安全审查只接受 AWS 或 GCP"),
   (A+"2026-01.md", "阿里云新加坡因印尼客户采购审查出局")],
  "[any gold line answers] Reason is written only in Chinese. Distractor: the Tencent Cloud reason on the next line (no managed Kafka).")
q("cross_lingual", "en", "Who helped us smooth things over with customs after the February rejections, and were we fined?",
  [(D+"2026-02-09.md", "鹭港报关行老何帮忙电话跟海关沟通，没有罚款")],
  "Only the 02-09 log names 老何 together with the no-fine outcome; archive/2026-02 says 无罚款 but not who helped.")
q("cross_lingual", "en", "How long were writes actually stopped during the pg-main Postgres 16 cutover, compared with the plan?",
  [(D+"2026-04-11.md", "实际停写 14 分钟（计划 10 分钟）"),
   (A+"2026-04.md", "停写 14 分钟（计划 10 分钟）")],
  "[any gold line answers] 14 min vs 10 planned. Distractor: 04-03 plan line says only 预计停写 10 分钟.")
q("cross_lingual", "en", "What did Haicang Youpin ask us to do whenever a declaration gets rejected?",
  [(D+"2026-02-25.md", "苏美玲要求以后退单 30 分钟内通知她"),
   (A+"2026-02.md", "退单 30 分钟内通知海沧优品")],
  "[any gold line answers] Notify within 30 minutes; written in Chinese only.")
q("cross_lingual", "en", "What per-order cloud cost did Sean bring to the pricing review?",
  [(D+"2026-03-20.md", "思远给的成本：每单云成本约 ¥0.041")],
  "03-20 pricing review. Distractor: the Q2 OKR line (04-01) mentions ¥0.041 as a baseline for a target, not the review.")
q("cross_lingual", "en", "Why didn't we just do an in-place major version upgrade on RDS for pg-main?",
  [(D+"2026-04-03.md", "不用 RDS 原地大版本升级：原地升级出问题只能从备份恢复，回滚至少 1 小时")],
  "Rollback of an in-place upgrade means restoring from backup, at least 1 hour.")
q("cross_lingual", "en", "What made the driver app crash on Android 14 in April?",
  [(D+"2026-04-16.md", "原因：没处理 Android 14 的部分照片访问权限"),
   (D+"lessons.md", "**原因**: 没处理 Android 14 的部分照片访问权限")],
  "[any gold line answers] Partial photo access permission not handled. The answer lines are Chinese; only the permission name is Latin.")
q("cross_lingual", "en", "Which declaration elements were missing from the template when Yixinda's earphones got rejected?",
  [(D+"2026-05-14.md", "模板里没有\"品牌类型\"和\"出口享惠情况\""),
   (D+"lessons.md", "新品类 HS 编码的申报要素模板缺\"品牌类型\"\"出口享惠情况\"")],
  "[any gold line answers] Brand type and export preference status. Distractor: 02-09 rejection (HS code truncation).")
q("cross_lingual", "en", "From when does SF Express stop accepting MD5-signed requests?",
  [(D+"2026-04-24.md", "6/30 起停用 MD5 数字签名"),
   (A+"2026-04.md", "顺丰 6/30 停用 MD5 签名")],
  "[any gold line answers] 30 June. Distractor: 05-20 says the legacy_md5 switch is deleted after 6/30 (our code, not SF's cutoff).")
q("cross_lingual", "en", "How many SF Express orders went through on the first production day?",
  [(D+"2026-02-04.md", "顺丰国际面单生产切换完成，首日 312 单"),
   (A+"2026-02.md", "顺丰国际面单 2/4 切生产，首日 312 单")],
  "[any gold line answers] 312 orders on 2/4.")
q("cross_lingual", "en", "During Chinese New Year, who covered the Singapore on-call line on the first two days of the lunar year?",
  [(D+"2026-02-11.md", "Kelvin 顶 2/17-2/18")],
  "Marcus held the SEA line over CNY, Kelvin covered 2/17-2/18 (初一初二). Distractor: Marcus named on the same line.")
q("cross_lingual", "en", "What caused the Mutiara go-live to be rolled back in early March?",
  [(D+"2026-03-03.md", "原因：wms-edge 离线缓存回放时没按库位锁的顺序"),
   (D+"lessons.md", "**原因**: 离线缓存回放没按库位锁顺序"),
   (A+"2026-03.md", "Mutiara 3/2 切换回滚（wms-edge 回放顺序）")],
  "[any gold line answers] Offline cache replay ignored bin-lock order, causing negative stock.")
q("cross_lingual", "en", "What was our AWS bill for March?",
  [(D+"2026-04-03.md", "3 月 AWS 账单 USD 8,420")],
  "USD 8,420. Distractors: budget numbers 9,000 / 12,500 / 10,000 nearby.")
q("cross_lingual", "en", "What are the Q2 reliability objectives?",
  [(D+"2026-04-01.md", "O1 可靠性：报关退单率 < 0.1%")],
  "O1 line in the Q2 OKR section (rejection rate, crash-free users, zero P0).")
q("cross_lingual", "en", "When Sean says \"leave it for now\", what does he actually mean?",
  [("USER.md", "他说\"先放着\"意思是不做，不是晚点做")],
  "USER.md communication style: 先放着 = not doing it.")
q("cross_lingual", "en", "Which customer signed first at the new Starter price?",
  [(D+"2026-04-01.md", "第一个按新价签约的客户：厦门\"鹭岛鲜生\""),
   (A+"2026-04.md", "首个新价客户\"鹭岛鲜生\"")],
  "[any gold line answers] 鹭岛鲜生, a fresh-food cross-border shop in Xiamen.")
q("cross_lingual", "en", "Which two legacy consumers are still reading shipment.events.v1?",
  [(D+"2026-04-03.md", "shipment.events.v1 的两个老消费者：BI 的 Flink 作业和 wms-core 的旧出库统计")],
  "BI Flink job and wms-core's old outbound stats. Distractor: 03-09 says there are 2 consumers but not which.")
q("cross_lingual", "en", "What does the red warning on the warehouse handhelds mean?",
  [(D+"2026-03-27.md", "断网超过 4 小时会在 PDA 上弹红色提示")],
  "wms-edge 0.9.3 shows it after 4+ hours offline. Ong's English line praises the banner but does not explain it.")
q("cross_lingual", "en", "Who is on the panel for the Xiamen SRE candidate's second-round interview?",
  [(D+"2026-05-19.md", "面试官郑浩 + 思远")],
  "Zheng Hao and Sean. Distractor: 05-21 final round with 陈志明.")
q("cross_lingual", "en", "Which days was our customs broker staffed over the Spring Festival?",
  [(D+"2026-02-13.md", "鹭港报关行春节只有 2/16 和 2/23 有人")],
  "2/16 and 2/23 only.")

# ---------------- cross_lingual: Chinese query, English answer ----------------
q("cross_lingual", "zh", "春节期间印尼极兔把我们的轨迹拉取限流了，当时延迟最高到多少分钟？",
  [(D+"2026-02-25.md", "the carrier-sync lag peaked at 38 minutes on 19 Feb")],
  "Kelvin's English note: 38 minutes on 19 Feb.")
q("cross_lingual", "zh", "槟城的司机里大概有多少比例用安卓十四？",
  [(D+"2026-04-16.md", "About 80% of our Penang drivers are on Android 14")],
  "Priya's English note. Distractor: 吴佳琪's line that iOS drivers are 6%.")
q("cross_lingual", "zh", "以后发版前，新加坡测试要在哪两台真机上跑签收拍照？",
  [(D+"2026-04-16.md", "Added a Pixel 7 and a Samsung A54")],
  "Nurul's release checklist note (English).")
q("cross_lingual", "zh", "马来西亚客户的发票抬头之前缺了什么税务信息？",
  [(D+"2026-01-21.md", "SST registration number is missing from the header"),
   (D+"2026-02-04.md", "SST registration number is now on the Mutiara invoice header")],
  "[any gold line answers] SST registration number; 01-21 reports it missing, 02-04 confirms it was added.")
q("cross_lingual", "zh", "菲律宾那家客户想从七月起换成什么方式通知收件人？每条比短信便宜多少？",
  [(D+"2026-05-12.md", "Pasig Parcel wants WhatsApp instead of SMS from July")],
  "Single English line: WhatsApp at about PHP 0.45 vs PHP 0.60 per SMS.")
q("cross_lingual", "zh", "东南亚报价切过去以后，从雅加达测的延迟是多少？",
  [(D+"2026-04-08.md", "p95 210ms, p99 280ms after the switch")],
  "Nurul's measurement from a Jakarta VM. Distractor: the 180ms p95 (server side) and Priya's 300ms requirement.")
q("cross_lingual", "zh", "印尼那家客户当时签约的前提条件是什么？",
  [(D+"2026-04-08.md", "signs next week if the quote API stays under 300ms from Jakarta")],
  "Priya: PT Kirim Cepat signs if quote API < 300ms from Jakarta.")
q("cross_lingual", "zh", "周一值班交接的时候，交出去的人要在群里说明哪些事？",
  [(D+"patterns/general.md", "Outgoing person posts: open alerts, anything scheduled this week")],
  "On-call handover checklist (English pattern).")
q("cross_lingual", "zh", "事故复盘报告要包含哪几个部分？",
  [(D+"patterns/general.md", "Sections: Summary, Timeline (to the minute, GMT+8), Root cause, Impact")],
  "Postmortem template (English).")
q("cross_lingual", "zh", "为什么给快递接口的等待时间宁可设短一点再重试，而不是一次等很久？",
  [(D+"patterns/config.md", "A long timeout holds pool connections and starves the other carriers sharing the pool."),
   (D+"2026-04-21.md", "15s timeout holds connections too long; under load we ran out of the 200-connection pool.")],
  "[any gold line answers] English pattern, and Marcus's 04-21 note that says the same thing from the incident.")
q("cross_lingual", "zh", "马尼拉那家客户签约前，说他们每个月大概发多少件？",
  [(D+"2026-01-19.md", "they ship about 12k parcels a month with Ninja Van PH")],
  "About 12k/month (Jan). Distractor: later label volumes 17k (03-20) and 1.7万 (05-19 April figure).")
q("cross_lingual", "zh", "东南亚客户上线前的验收测试归谁？测试账号放在哪个租户？",
  [(D+"2026-01-19.md", "Nurul will own UAT for all SEA customers")],
  "Nurul; staging tenant sea-uat (same line).")
q("cross_lingual", "zh", "槟城那次光纤断了，客户说是靠什么及时发现的？",
  [(D+"2026-03-27.md", "The red banner saved us on Tuesday when the fibre went down in Bayan Lepas.")],
  "Ong's English quote; the Chinese line before it explains what the banner is.")
q("cross_lingual", "zh", "极兔超时改成十秒加两次重试以后，最坏要等多久？连接池占用降到多少？",
  [(D+"2026-04-21.md", "the worst case is about 34s end to end, but pool usage dropped from 100% to 35% at peak")],
  "Marcus's English SG-sync note.")
q("cross_lingual", "zh", "第一次重复短信事故之后，菲律宾客户回信提了什么要求？",
  [(D+"2026-03-12.md", "Please make sure this can't happen during our 4.4 sale.")],
  "Joel Santos's reply (English).")

# ---------------- multi_hop ----------------
q("multi_hop", "en", "Are we going ahead with the LBC integration?",
  [(D+"2026-05-12.md", "思远：WhatsApp 走 notify-svc，频控规则照旧；LBC 先放着"),
   ("USER.md", "他说\"先放着\"意思是不做，不是晚点做")],
  "Sean said LBC 先放着 (05-12); USER.md says 先放着 means 'not doing it'. Distractor: 03-25 approval of an LBC sandbox test.")
q("multi_hop", "en", "Which customers were hit by the 4 May outage, and what compensation was approved?",
  [(D+"2026-05-04.md", "影响：Mutiara 和 Pasig Parcel 约 2,300 单下单失败"),
   (D+"2026-05-07.md", "补偿：Mutiara 5 月免 1,000 个 Ninja Van label 费")],
  "Impact in the incident log, compensation in the postmortem. Distractor: Pasig's March USD 800 credit (INC-0311).")
q("multi_hop", "en", "Who merged the change that swapped the EKS node AMI, and what did it end up causing?",
  [(D+"2026-04-30.md", "郑浩合入 eb-infra PR #233：eks-sg-prod 节点组 AMI 换成 AL2023"),
   (D+"2026-05-04.md", "根因：Terraform 定时 apply（每周一 10:00，假期没暂停）触发节点组滚动升级到 AL2023")],
  "PR #233 by Zheng Hao (04-30) was applied by the scheduled run on 5/4, causing INC-0504.")
q("multi_hop", "en", "Who is shadowing the SEA on-call next week, and when did that person join?",
  [(D+"2026-05-21.md", "Aaron Lim 做 secondary"),
   (D+"2026-05-18.md", "Aaron Lim 今天在新加坡入职")],
  "Secondary for 5/25-5/31 is Aaron (05-21); he started 5/18.")
q("multi_hop", "en", "Roughly what did the March duplicate-SMS incident cost us, in SMS fees plus the customer credit?",
  [(D+"2026-03-11.md", "短信费约 PHP 9,800"),
   (D+"2026-03-12.md", "补偿：Pasig Parcel 3 月服务费减免 USD 800")],
  "PHP 9,800 in SMS + USD 800 credit. archive/2026-03 also has the USD 800 but not the SMS cost.")
q("multi_hop", "en", "The engineer we hired in Singapore in May - which action item from the May outage did he inherit, and what was it about?",
  [(D+"2026-05-18.md", "INC-0504 的 AI-3（CoreDNS）交给他"),
   (D+"2026-05-07.md", "AI-3: CoreDNS anti-affinity and topology spread")],
  "05-18 hands AI-3 to Aaron; 05-07 postmortem defines AI-3.")
q("multi_hop", "en", "The Manila customer that got the duplicate texts: who is their contact there, and what did he say after our postmortem?",
  [(D+"2026-03-11.md", "Pasig Parcel 的 Joel Santos 要书面说明"),
   (D+"2026-03-12.md", "Joel Santos replied:")],
  "03-11 ties Joel Santos to Pasig Parcel; 03-12 has his reply.")
q("multi_hop", "en", "Did the release that caused the February customs rejections go out within our Friday release rule?",
  [(D+"2026-02-09.md", "根因：v1.14.0 的 HS 编码规范化用了 `[:8]` 截断"),
   (D+"2026-02-06.md", "15:20 发版，在周五 16:00 之前，符合发版规则")],
  "Culprit v1.14.0 (02-09) was shipped Friday 15:20, inside the rule (02-06).")
q("multi_hop", "en", "What background does our new Singapore SRE have, and what does he own now?",
  [(D+"2026-04-10.md", "He ran EKS for a payments company, knows MSK too."),
   (D+"2026-05-18.md", "负责 eks-sg-prod 和 msk-sg-01")],
  "Background from Priya (04-10); ownership from his first day (05-18).")
q("multi_hop", "en", "The Mutiara person who confirmed the March cutover - what did he ask of us after the May outage?",
  [(D+"2026-02-27.md", "Ong Boon Keat confirmed cutover on Monday 2 March"),
   (D+"2026-05-06.md", "Please tell us before any maintenance next time, even on a holiday.")],
  "Ong Boon Keat (02-27) asked for notice before maintenance, even on holidays (05-06).")
q("multi_hop", "zh", "第一次重复短信事故以后，收件人短信频控是谁做的？她平时主要负责哪块？",
  [(D+"2026-03-25.md", "吴佳琪完成 AI-2：同一运单同一状态 24 小时只发一条"),
   (D+"projects.md", "**负责人**: 吴佳琪")],
  "吴佳琪 did AI-2 (03-25); projects.md lists her as owner of the driver app and notify-svc. USER.md also says mobile issues go to her.")
q("multi_hop", "zh", "槟城那家客户的上线日期前后改了几次？",
  [(D+"2026-01-06.md", "Mutiara wants go-live by 2 Feb"),
   (D+"2026-01-26.md", "Go-live moves to 2 March."),
   (D+"2026-03-03.md", "11:15 Ong 同意回滚到 Excel 流程，上线改到 3/9")],
  "2/2 -> 3/2 -> 3/9 (3/2 attempt rolled back). archive/2026-01 repeats the first slip.")
q("multi_hop", "zh", "我把那位快递公司客户经理的邮件转错给了谁？那个人在我们这负责什么？",
  [("MEMORY.md", "把 Marcus Teo（DHL 客户经理）的邮件转给了 Marcus Tan"),
   (D+"projects.md", "Marcus Tan（Ninja Van、J&T 东南亚适配器）")],
  "Sent to Marcus Tan, who owns the SEA carrier-gw adapters. Near-miss: Marcus Teo is DHL's account manager.")
q("multi_hop", "zh", "厦门那个运维候选人现在到哪一步了？一面的评价怎么样？",
  [(D+"2026-05-21.md", "何俊二面结束：郑浩给通过，思远倾向通过但要看薪资"),
   (D+"2026-05-19.md", "一面反馈：Kubernetes 扎实，Kafka 一般")],
  "Second round done (05-21), final with 陈志明 next Monday; first-round feedback in 05-19.")
q("multi_hop", "zh", "下周国内线值班的那位同事，最近刚上线了什么？",
  [(D+"2026-05-21.md", "国内线 5/25 这周还是陈博，不变"),
   (D+"2026-05-20.md", "陈博的顺丰 OAuth2 改造上线")],
  "CN line for 5/25 is 陈博 (also in the infra.md roster), who shipped SF OAuth2 on 5/20.")
q("multi_hop", "zh", "印尼客户签约前法务卡在什么条款上？后来是怎么满足的？",
  [(D+"2026-04-24.md", "Dewi 说他们法务在看数据处理条款"),
   (D+"2026-05-11.md", "数据存 pg-sg，符合他们的数据处理条款")],
  "Data-processing clause (04-24), satisfied by keeping data in pg-sg (05-11).")
q("multi_hop", "zh", "修好二月那次编码截断的同事，第三季度想接什么新活？",
  [(D+"2026-02-09.md", "黄婷 10:40 发 v1.14.2 hotfix"),
   (D+"2026-03-05.md", "黄婷想 Q3 接 9710/9810 B2B 出口")],
  "黄婷 fixed it; she wants 9710/9810 B2B export in Q3. projects.md lists 9710/9810 under customs-decl without naming her on that line.")
q("multi_hop", "zh", "报关行的老何春节哪几天有人？五月那次退单他怎么说的？",
  [(D+"2026-02-13.md", "鹭港报关行春节只有 2/16 和 2/23 有人"),
   (D+"2026-05-14.md", "老何说这种退单不影响企业信用")],
  "Two separate facts about the same person in two logs.")
q("multi_hop", "zh", "苏美玲那家公司后来签了什么合同？",
  [(D+"2026-01-12.md", "海沧优品苏美玲的需求"),
   (D+"2026-04-21.md", "海沧优品签了 12 个月年框，成长版")],
  "苏美玲 is at 海沧优品 (01-12 and others); 海沧优品 signed a 12-month annual contract on the Growth plan (04-21).")
q("multi_hop", "zh", "春节期间东南亚线是谁值班？他五一假期又碰上了什么事？",
  [(D+"2026-02-11.md", "东南亚线 Marcus，新加坡初一初二也放假"),
   (D+"2026-05-04.md", "10:20 值班 Marcus 响应")],
  "Marcus held SEA over CNY and was on call for INC-0504 on 5/4.")
q("multi_hop", "zh", "四月签了年框的那家国内客户，二月出过什么事？",
  [(D+"2026-04-21.md", "海沧优品签了 12 个月年框"),
   (D+"2026-02-09.md", "单一窗口回执：海沧优品 143 票报关单被退单")],
  "Annual contract 04-21 -> 海沧优品 -> 143 declarations rejected on 02-09.")
q("multi_hop", "zh", "东南亚迁移之前，从深圳调那家东南亚快递的接口有多慢？切过去以后下单快了多少？",
  [(D+"2026-01-06.md", "p95 380ms；Marcus 在新加坡本地测只有 30ms 左右"),
   (D+"2026-03-18.md", "切换后 Ninja Van 下单 p95 从 410ms 降到 85ms")],
  "380ms from Shenzhen in January; after the 3/18 cutover 410ms -> 85ms. archive/2026-03 repeats the second figure.")
q("multi_hop", "mixed", "为 PT Kirim Cepat 上线，Kafka 那边做了什么准备？他们的数据存在哪个库？",
  [(D+"2026-05-12.md", "shipment.events.v2 分区 12 → 24"),
   (D+"2026-05-11.md", "数据存 pg-sg，符合他们的数据处理条款")],
  "Partition expansion (05-12) and pg-sg (05-11).")
q("multi_hop", "mixed", "DHL 燃油附加费今年从一月到五月是怎么变的？",
  [(D+"2026-01-08.md", "王磊把 DHL 1 月燃油附加费 18.5% 导入 rate-card"),
   (D+"2026-02-02.md", "DHL 2 月燃油附加费 21%"),
   (D+"2026-04-28.md", "DHL 5 月燃油附加费 19.75%（2-4 月都是 21%）")],
  "18.5% -> 21% (Feb-Apr) -> 19.75% (May). Monthly archives repeat single steps.")
q("multi_hop", "mixed", "J&T 的 timeout 从年初到现在改过几次，每次改成多少？",
  [(D+"2026-01-19.md", "carrier-gw 里 J&T 超时仍是 8s"),
   (D+"2026-03-11.md", "carrier-gw 的 J&T 超时 8s → 15s"),
   (D+"2026-04-21.md", "carrier-gw 的 J&T 超时 15s → 10s")],
  "8s -> 15s (3/11) -> 10s + 2 retries (4/21). infra.md and projects.md still say 15s (stale).")
q("multi_hop", "mixed", "pg-main 旧实例原计划保留几天？实际哪天释放的？",
  [(D+"2026-04-11.md", "旧实例 pgm-wz9k2xmain 保留 7 天后释放"),
   (D+"2026-05-21.md", "pg-main 旧实例 4/18 已释放")],
  "Plan 7 days (04-11); released 4/18 (05-21).")
q("multi_hop", "mixed", "rate-card 工具现在谁在维护？他最近又改了什么缓存设置？",
  [(D+"2026-04-30.md", "rate-card 导入工具和 DHL 燃油附加费导入流程交接给王磊"),
   (D+"2026-05-18.md", "王磊把国内报价缓存 TTL 从 10 分钟改成 5 分钟")],
  "王磊 (handover 04-30; 03-30 also says so) changed CN quote cache TTL to 5 min on 5/18.")
q("multi_hop", "mixed", "Southbound 选 AWS 是因为哪个客户的采购要求？那个客户最后哪天签的？",
  [(D+"2026-01-14.md", "不选阿里云新加坡：PT Kirim Cepat 的采购安全审查只接受 AWS 或 GCP"),
   (D+"projects.md", "✅ 合同 5/11 签署")],
  "PT Kirim Cepat (01-14); contract signed 5/11 (projects.md; the 05-11 log says 'Dewi: 合同签了' without the customer name on that line).")
q("multi_hop", "mixed", "INC-0504 那天 Terraform 为什么会自己跑起来？现在的运行规则改成什么了？",
  [(D+"2026-05-04.md", "根因：Terraform 定时 apply（每周一 10:00，假期没暂停）"),
   (D+"2026-05-06.md", "Terraform 定时 apply 改成只在工作日、非封网期运行")],
  "Scheduled Monday apply ran on a holiday; now working days outside freezes only.")
q("multi_hop", "mixed", "notify-svc 发送量暴涨的告警是谁负责加的？他在团队里是什么角色？",
  [(D+"2026-03-12.md", "AI-3: alert when notify-svc volume exceeds 3x the 7-day baseline (owner Zheng Hao)"),
   (D+"projects.md", "郑浩（平台）")],
  "Zheng Hao owns AI-3; projects.md lists him as platform owner for Southbound.")
