#!/usr/bin/env python3
"""Build queries.jsonl for the Qinglan Meteo (青岚气象) recall set.

Gold paths are relative to workspace/. Short forms:
  d:MM-DD -> memory/2026-MM-DD.md     a:MM -> memory/archive/2026-MM.md
  p:name  -> memory/patterns/name.md  m:name -> memory/name.md
Conventions (see README): for multi_hop every gold line is needed; for all other
types a gold list with several lines means each of them states the answer
(any one is a hit).
"""
import json
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent


def P(s):
    if s.startswith("d:"):
        return f"memory/2026-{s[2:]}.md"
    if s.startswith("a:"):
        return f"memory/archive/2026-{s[2:]}.md"
    if s.startswith("p:"):
        return f"memory/patterns/{s[2:]}.md"
    if s.startswith("m:"):
        return f"memory/{s[2:]}.md"
    return s


CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
LATIN = re.compile(r"[A-Za-z]")


def lang_of(text):
    c, l = bool(CJK.search(text)), bool(LATIN.search(text))
    if c and l:
        return "mixed"
    return "zh" if c else "en"


Q = []


def q(type_, query, gold, note):
    Q.append((type_, query, [(P(p), quote) for p, quote in gold], note))


# ───────────────────────── temporal ─────────────────────────
T = "temporal"
q(T, "WRF 现在生产上用的哪个版本", [("d:05-20", "生产切到 /opt/wrf/4.6.0")], "4.4.2→4.5.1→4.6.0; infra.md still says 4.5.1")
q(T, "what WRF version is running in prod right now?", [("d:05-20", "生产切到 /opt/wrf/4.6.0，oneAPI 2024.1 编译")], "infra.md stale 4.5.1, projects says 4.6.0 only in staging")
q(T, "环境局现在每天几点前要交付预报", [("d:06-01", "交付时间再提前到每天 05:00")], "06:00→05:30→05:00; AGENTS/projects/archive stale")
q(T, "current AQI delivery deadline for the city environment bureau", [("d:06-01", "新合同今天生效，交付时间再提前到每天 05:00")], "stale 05:30 in projects.md and archive")
q(T, "安吉霜冻预警现在是怎么触发的", [("d:04-03", "5 个茶园站中位数 2m 气温 ≤ 2°C 且持续 ≥ 2h 才发预警")], "≤3°C→≤2°C→median of 5 stations ≥2h")
q(T, "雷达延迟告警阈值现在是几分钟", [("d:04-29", "改成 8 min，且连续 2 个体扫超时才告警")], "10→6→8 min; infra.md stale 6 min")
q(T, "Chiyuan's API rate limit right now?", [("d:05-28", "驰远的 key 单独限流 300 req/min"), ("d:06-10", "驰远放到 300/min 以后")], "60→120 default→300 for Chiyuan")
q(T, "线上 PP-Net 现在跑的是哪个版本", [("d:06-12", "镜像 `pp-net:3.1.1`，训练数据 station-obs v3.1")], "3.0.0→3.1.0→rollback 3.0.0→3.1.1")
q(T, "who owns PP-Net these days", [("d:04-15", "今天起 Priya 是 PP-Net owner"), ("a:04", "04-15 PP owner 交接：周蔓 → Priya"), ("d:04-09", "PP 交给 Priya，15 号正式交接")], "projects.md still lists 周蔓")
q(T, "雷达和卫星数据接入现在归谁管", [("d:05-06", "何川今天入职 SRE，接手雷达 / 卫星 ingest（之前是陈拓）"), ("a:05", "05-06 何川入职，接雷达/卫星 ingest")], "projects.md stale 陈拓")
q(T, "on-call 交接现在改成周几了", [("d:06-05", "值班交接从每周一 10:00 改到每周二 10:00")], "AGENTS.md, infra.md, archive 05 still say Monday")
q(T, "when is the daily standup now", [("d:04-13", "站会从 10:00 挪到 09:45"), ("a:04", "- 站会 09:45")], "AGENTS.md and archive 03 stale 10:00")
q(T, "数据库现在连哪台 host", [("d:05-14", "新库 pg-ts01（10.0.3.40），PG 16 + TimescaleDB 2.14")], "infra.md stale pg-main 10.0.3.21")
q(T, "pp retrain 每周现在几点跑", [("d:05-11", "`pp_retrain_weekly` 从周日 02:00 改到周六 23:00")], "Sunday 02:00 stale in 04-15 and archive 04")
q(T, "驰远现在每次调用多少钱", [("d:05-12", "最后定一口价 ¥0.015/次")], "¥0.02→¥0.015; tiered proposal on 05-11 rejected")
q(T, "how many people are on the team now", [("d:06-05", "团队 19 人")], "14→17→18→19")
q(T, "星瀚云 H100 最新单价", [("d:06-05", "星瀚云单价从 ¥19.8/卡时谈到 ¥16.5/卡时")], "19.8→16.5; archive 05 stale")
q(T, "API v1 到底哪天下线", [("d:06-08", "v1 下线从 2026-07-31 推迟到 2026-09-30")], "07-31 stale in 05-19, projects, archive 05")
q(T, "spinup 现在丢弃几个小时", [("d:04-22", "spin-up 丢弃改为 6h")], "12h→6h after cycling; typo spinup")
q(T, "latest station-obs release and where it lives", [("d:05-22", "路径 oss://ql-forecast-prod/datasets/station-obs/v3.1/")], "v3 path in old bucket on 02-12; infra says v3")
q(T, "d01 的 time_step 现在设的多少", [("d:05-20", "d01 time_step 54 → 45"), ("m:lessons", "d01 time_step 54 → 45")], "54 stale in infra.md and 03-10")
q(T, "环境局那边现在的对接人是谁", [("d:04-13", "新对接人刘敏（大气处，大家叫刘工）"), ("a:04", "环境局对接人：刘敏")], "王科长 before April")
q(T, "aqi_push 现在几点做检查", [("d:06-01", "`aqi_push` 检查时间改到 04:45")], "05:15 on 03-16")
q(T, "current spot price for ecs.c7.16xlarge", [("d:04-21", "spot 已经涨到 ¥4.1/h")], "¥3.2/h on 02-26 and archive 02")
q(T, "O3 现在还走 PP 吗", [("d:06-12", "O3 暂不上 PP，观察两周"), ("d:06-12", "Still not shipping O3 until 06-26.")], "O3 PP on 05-25, rolled back 06-03, still off 06-12")
q(T, "where does the weekly PP retrain run now", [("d:06-15", "从下周起 `pp_retrain_weekly` 搬到星瀚云，时间不变"), ("m:projects", "每周 retrain 下周搬过去")], "gpu-a01 before")
q(T, "PP-Net 训练一个 epoch 最新要多久", [("d:06-15", "一个 epoch 6.5 分钟")], "38 min on gpu-a01 (03-27)")
q(T, "hz-hpc 现在一共几个节点", [("d:04-21", "hz-hpc 现在 10 个节点"), ("m:infra", "hz-hpc：hpc-n01 ~ n10")], "6 nodes in Feb")
q(T, "IC/BC 现在用的哪家数据", [("d:04-07", "从今天 12Z 起 WRF IC/BC 改用 ECMWF IFS open data 0.25°"), ("m:infra", "IC/BC 来自 IFS open data，GFS fallback"), ("a:04", "04-07 IC/BC 切到 IFS open data")], "GFS before 04-07")
q(T, "最近一次 API 504 是什么原因", [("d:06-10", "nginx → uvicorn 的 upstream 没开 keepalive"), ("m:lessons", "短连接，TIME_WAIT 堆到 2.8 万，本地端口耗尽")], "three 504s: Feb pgbouncer, Apr NFS, Jun nginx")
q(T, "most recent radar latency incident — root cause?", [("d:05-28", "ingest01 根分区满了"), ("m:lessons", "ansible 迁移时漏了 logrotate 配置"), ("a:05", "05-28 雷达延迟（磁盘满）")], "three radar delay incidents")
q(T, "告警现在发到哪里", [("d:03-02", "Grafana contact point 从 `dingtalk-oncall` 换成 `feishu-oncall`"), ("m:infra", "contact point `feishu-oncall`"), ("a:03", "告警通道：飞书 `feishu-oncall`")], "AGENTS.md stale 钉钉")
q(T, "Airflow 现在啥版本", [("d:04-01", "Airflow 2.8.1 → 2.9.3"), ("m:infra", "调度：Airflow 2.9.3"), ("a:04", "Airflow 2.9.3")], "2.8.1 stale in 03-02 and archive 03")

# ───────────────────────── cross_lingual ─────────────────────────
C = "cross_lingual"
q(C, "why did we reject Prefect?", [("d:03-02", "Prefect 2 评估过，否决")], "en→zh")
q(C, "root cause of the February gateway timeout", [("d:02-10", "根因：pgbouncer pool_size=20 被打满"), ("m:lessons", "pool_size=20 不够，请求在 pgbouncer 排队"), ("a:02", "02-10 API 504（pgbouncer 池满）")], "en→zh")
q(C, "what was wrong with the clock on the radar ingest box", [("d:03-24", "ingest01 的 chronyd 没起来，系统时钟慢了 4 分钟"), ("m:lessons", "ingest01 chronyd 没启动，系统时钟慢 4 分钟")], "en→zh")
q(C, "which lightning data vendor did we sign, and for how much", [("d:03-06", "选云图科技，签 1 年，报价 8.5 万谈到 7.9 万"), ("a:03", "03-06 闪电数据签云图科技（7.9 万/年）")], "en→zh; 云途 is the near-miss")
q(C, "how long does the 00Z cycle take after adding the 1 km domain", [("d:05-20", "00Z 周期总耗时 2h48m（含 d03）")], "en→zh; 2h05m and 2h30m are older")
q(C, "what area does the 1km nest cover", [("d:05-06", "覆盖杭州主城 + 萧山机场")], "en→zh")
q(C, "what soil field is missing from the ECMWF open data", [("d:04-07", "IFS open data 缺第 4 层土壤湿度"), ("p:config", "open data 缺第 4 层土壤湿度")], "en→zh")
q(C, "who at the tea cooperative complained about too many frost warnings", [("d:03-18", "合作社张社长要求减少误报")], "en→zh")
q(C, "What did the CEO approve in the Q2 hardware budget?", [("d:03-02", "沈嘉禾：Q2 预算批了 4 台新计算节点")], "en→zh")
q(C, "why was a compute node drained over Spring Festival", [("d:02-18", "hpc-n04 内存 ECC 报错被 Slurm 置 drain"), ("m:lessons", "hpc-n04 内存 ECC 报错被 Slurm 置为 drain")], "en→zh")
q(C, "how much did wrfout grow after the 4.5.1 upgrade", [("d:03-10", "wrfout 体积 +6%")], "en→zh")
q(C, "who was the bureau contact before Liu Min", [("d:04-13", "环境局对接人换了：王科长调去督察处")], "en→zh")
q(C, "penalty for a late AQI delivery", [("d:02-04", "逾期一次扣当月服务费 0.5%")], "en→zh")
q(C, "when does He Chuan start", [("d:03-27", "何川 offer 接受，5 月 6 日入职（SRE）"), ("d:05-06", "何川今天入职 SRE")], "en→zh (name romanised)")
q(C, "what period of forecasts was used to recompute the background error matrix", [("d:04-21", "BE 矩阵用 NMC 方法重算完（2025-11 ~ 2026-02 的 12h/24h 预报差）")], "en→zh")
q(C, "how many duplicate rows came from the LoRa gateway resends", [("d:05-22", "LoRa 网关重发造成的重复 1,904 条")], "en→zh; 312 is the 58457 number")
q(C, "which address should the provincial bureau send maintenance notices to", [("d:03-04", "让省局把通知邮箱改成 ops@qinglan.cn"), ("m:lessons", "通知邮箱改成 ops@qinglan.cn")], "en→zh")
q(C, "latest AQI delivery time in March", [("d:03-31", "最晚一次 05:56")], "en→zh; 05:27 is May, 05:52 is Spring Festival")
q(C, "Chiyuan API call volume in Q1", [("d:03-31", "驰远 Q1 API 调用 412 万次")], "en→zh; 231万 is May")
q(C, "why wasn't TorchServe chosen", [("d:04-27", "TorchServe 也试了，否决")], "en→zh")
q(C, "how many false alarms did the 6 minute radar threshold produce", [("d:04-29", "6 min 阈值一个月误报 23 次"), ("m:principles", "雷达延迟告警 6 min 阈值一个月误报 23 次")], "en→zh")
q(C, "new dependency health endpoint in API v2", [("d:06-10", "v2 加了 `/v2/health/deps`")], "en→zh")
q(C, "what does the new Deqing orchard customer need forecasts for", [("d:06-15", "要杨梅采摘期的降雨预报"), ("m:projects", "杨梅采摘期降雨预报")], "en→zh")
q(C, "who signs the environment bureau contract on our side technically", [("USER.md", "同时是环境局项目的技术签字人")], "en→zh")
q(C, "用欧洲中心的边界条件回放，两米气温均方根误差是多少", [("d:02-24", "2m T RMSE: IFS-driven 1.31°C vs GFS-driven 1.44°C")], "zh→en")
q(C, "TabNet 为啥被否", [("d:03-20", "TabNet rejected: unstable training, no gain over LightGBM.")], "zh→en")
q(C, "驰远暴雨那天调用峰值每分钟多少", [("d:05-28", "Chiyuan's storm-day peak on 05-26 was 240 req/min")], "zh→en")
q(C, "冷链客户的冷藏车主要跑哪条高速", [("d:06-08", "reefer trucks along the G60 expressway")], "zh→en; only stated in English")
q(C, "修了归一化之后臭氧偏差还剩多少", [("d:06-12", "O3 bias +2.1 μg/m³ (was +18 with 3.1.0)")], "zh→en")
q(C, "闪电定位误差对临近预报够用吗", [("d:03-04", "Location error is good enough for nowcasting")], "zh→en")
q(C, "接手后处理的时候推理延迟有什么问题", [("d:04-15", "PP-Net inference latency on gpu-a02 spikes to ~200 ms per tile")], "zh→en")
q(C, "驰远平时每分钟大概调多少次接口", [("d:02-06", "about 40 req/min on a normal day")], "zh→en")
q(C, "Priya 接手时继承了哪些仓库和任务", [("d:04-15", "Inherited: training repo `ql-pp`")], "zh→en")

# ───────────────────────── multi_hop ─────────────────────────
M = "multi_hop"
q(M, "周蔓交出去的那个项目，新负责人还兼着什么", [("d:04-15", "今天起 Priya 是 PP-Net owner"), ("d:04-15", "Priya 继续兼 ensemble calibration（EMOS）")], "handover → second responsibility")
q(M, "The person who took over radar ingest — who did they shadow their first week, and what does that person work on now?", [("d:05-06", "接手雷达 / 卫星 ingest（之前是陈拓）"), ("d:05-06", "何川第一周跟陈拓值班"), ("d:05-06", "陈拓转去负责 GPU 扩容和训练集群上云")], "何川 → 陈拓 → GPU")
q(M, "之前管雷达接入的那个人，现在搞的训练集群一个 epoch 多久", [("d:05-06", "接手雷达 / 卫星 ingest（之前是陈拓）"), ("d:06-15", "陈拓：32 张 H100 跑通 PP-Net DDP")], "陈拓 → 星瀚云 → 6.5 min")
q(M, "我们最后选的那家 GPU 云，现在谈到多少钱", [("d:05-08", "结论：选星瀚云"), ("d:06-05", "谈到 ¥16.5/卡时")], "vendor choice → latest price")
q(M, "闪电供应商的技术对接人后来转去干什么了", [("d:03-06", "技术对接：陈拓"), ("d:05-06", "陈拓转去负责 GPU 扩容和训练集群上云")], "contact → new role")
q(M, "The engineer on call during the June 504 — when did they join and whose work did they take over?", [("d:06-10", "何川值班，15 分钟恢复"), ("d:05-06", "何川今天入职 SRE，接手雷达 / 卫星 ingest（之前是陈拓）")], "on-call → join date + predecessor")
q(M, "PP-Net v3.0 训练用的那版数据里杭州站有什么问题", [("d:04-27", "训练数据 station-obs v3（v3.1 还没发）"), ("d:03-27", "58457（杭州站）2024-07 有 312 条重复时间戳")], "model → dataset → defect")
q(M, "The dataset PP-Net v3.1 was trained on — what did it fix besides the Hangzhou station duplicates?", [("d:05-25", "镜像 `pp-net:3.1.0`，训练数据 station-obs v3.1"), ("d:05-22", "LoRa 网关重发造成的重复 1,904 条")], "model → dataset release notes")
q(M, "6 月回滚回去的那个版本，推理跑在什么服务上", [("d:06-03", "决定回滚到 `pp-net:3.0.0`"), ("d:04-27", "推理用 Triton 24.03，跑在 gpu-a02")], "rollback target → v3.0 launch")
q(M, "Which incident produced the rule about verifying downloads, and at what forecast hour did WRF die that day?", [("m:principles", "source: 2026-03-12 GFS f006 文件下载被截断"), ("d:03-12", "d02 在 forecast hour 7 挂掉")], "P002 → incident log")
q(M, "刘敏反馈过什么预报问题，根因是啥", [("d:04-13", "新对接人刘敏（大气处，大家叫刘工）"), ("d:06-03", "刘工反馈：06-01、06-02 两天 O3 8h 预报比实况高约 18 μg/m³"), ("d:06-03", "v3.1 推理加载的 scaler.pkl 还是 v3 的归一化统计量")], "alias 刘敏=刘工")
q(M, "Tom's logistics customer: what per-call price did they end up with, and what rate limit do they get?", [("d:05-12", "最后定一口价 ¥0.015/次"), ("d:05-28", "驰远的 key 单独限流 300 req/min")], "customer → price + limit")
q(M, "韩露负责的茶叶客户，霜冻规则现在是什么", [("d:02-24", "韩露负责安吉、禾丰两个农业客户"), ("d:04-03", "5 个茶园站中位数 2m 气温 ≤ 2°C 且持续 ≥ 2h 才发预警")], "owner → customer → rule")
q(M, "the lightning vendor we turned down — what latency and price had they quoted?", [("d:03-06", "云途科技否决"), ("d:02-12", "云途科技：只有地闪，延迟约 3 min，报价 6 万/年")], "decision → original quote")
q(M, "Priya 推荐的边界条件，哪天正式切上去的", [("d:02-24", "Recommendation: switch to IFS open data"), ("d:04-07", "从今天 12Z 起 WRF IC/BC 改用 ECMWF IFS open data 0.25°")], "recommendation → rollout")
q(M, "The staging box: which WRF version was first compiled there, and what library had to be bumped?", [("m:infra", "staging：hpc-n06"), ("d:02-24", "4.5.1 在 staging hpc-n06 编译通过，netCDF-C 需要升到 4.9.2")], "infra → log")
q(M, "加了 1km 嵌套以后第一次崩溃怎么修的？和之前那次 CFL 区别在哪", [("d:05-20", "d01 time_step 54 → 45，打开 `w_damping=1`"), ("d:03-12", "根因：GFS f006 grib2 下载被截断")], "two CFL incidents")
q(M, "What rate limit does the customer whose storm peak hit 240/min have, and what did that traffic end up breaking?", [("d:05-28", "Chiyuan's storm-day peak on 05-26 was 240 req/min"), ("d:05-28", "驰远的 key 单独限流 300 req/min"), ("d:06-10", "驰远放到 300/min 以后 TIME_WAIT 堆到 2.8 万")], "three hops")
q(M, "周蔓现在负责的项目，交付截止改到几点了", [("d:04-15", "周蔓转去负责 AQI 预报"), ("d:06-01", "交付时间再提前到每天 05:00")], "person → project → latest SLA")
q(M, "Who signed off on PP-Net, and who owns it now?", [("d:03-20", "周蔓签字：走 PP-Net"), ("d:04-15", "今天起 Priya 是 PP-Net owner")], "decision maker vs current owner")
q(M, "06/18Z 周期一开始靠什么补算力，后来为什么不用了", [("d:03-31", "06/18Z 周期先用阿里云 spot 补算力"), ("d:04-21", "06/18Z 不再用阿里云 spot（spot 已经涨到 ¥4.1/h），全部回本地")], "plan → reversal")
q(M, "Chiyuan asked for a passthrough field on the API — when did they ask and when did it go live?", [("d:05-08", "驰远要求 API 加 `route_id` 透传字段"), ("d:06-17", "驰远的 `route_id` 透传字段已上 v2")], "request → delivery")
q(M, "P010 是哪次事件来的，那个站有什么问题", [("m:principles", "source: 2026-04-03 AJ-07 冷池导致安吉误报"), ("d:04-03", "触发用的 LoRa 站 AJ-07 在山谷洼地")], "principle → log")
q(M, "Which principle came out of the rollback incident, and which tag almost got deployed?", [("m:principles", "source: 2026-06-03 PP-Net v3.1 O3 偏高事故"), ("d:06-03", "回滚脚本一开始填的是 `pp-net:3.1.0-rc2`")], "P005 → coder log")
q(M, "v1 延期下线是因为哪个客户？那个客户新合同加了什么", [("d:06-08", "环境局内网系统 7 月改不完"), ("d:06-01", "新增：重污染过程提前 72h 出专报")], "reason → customer contract")
q(M, "林舟出差那几天谁拍板技术问题？她还兼着哪块", [("d:06-18", "期间技术决策由 Priya 代理"), ("d:04-15", "Priya 继续兼 ensemble calibration（EMOS）")], "deputy → other duty")
q(M, "Which nodes did CMAQ hog on the first four-cycle day, and which partition is CMAQ on now?", [("d:04-01", "00Z 的 CMAQ 还占着 n01-n03"), ("m:infra", "`cmaq`（n09-n10）")], "incident → infra")
q(M, "迅捷要的 15 分钟数据，打算怎么做、什么时候能有", [("d:06-08", "Xunjie wants 15-minute temporal resolution"), ("d:06-17", "方案：雷达外推（pySTEPS）覆盖 0-2h"), ("d:06-18", "15-min blending targeted for August")], "requirement → design → date")
q(M, "In our 504 checklist, which step would have caught the April incident, and what was hung?", [("p:debug", "`ps -eo stat,cmd | grep ^D`"), ("d:04-17", "这次是 nas01 的 NFS 挂载 hang")], "pattern → incident")
q(M, "PP 的备用模型，当时 2m 温度 RMSE 是多少", [("d:04-27", "XGBoost v2.3 保留 fallback"), ("d:02-04", "2m 温度 RMSE 1.42°C → 1.39°C")], "fallback → its metric")
q(M, "05:30 这个目标最早哪天定的？最后补充协议涨了多少", [("d:02-24", "环境局续约目标：交付时间提前到 05:30，换单价上浮 8%"), ("d:03-16", "王科长同意交付时间提前到 05:30，单价上浮 6%")], "goal vs outcome")

# ───────────────────────── short_zh ─────────────────────────
S = "short_zh"
q(S, "冷池", [("d:04-03", "冷池效应，比茶园平均低 1.5°C"), ("m:lessons", "触发站 AJ-07 在洼地，冷池效应")], "")
q(S, "掉卡", [("d:02-26", "gpu-a01 一张 A100 掉卡（Xid 79）")], "")
q(S, "春节值班", [("d:02-12", "02-15 ~ 02-22 陈拓、许一帆轮值，林舟 backup"), ("d:02-18", "春节值班记录（初二）")], "roster; 02-18 is the incident")
q(S, "闪电报价", [("d:03-06", "报价 8.5 万谈到 7.9 万"), ("a:03", "03-06 闪电数据签云图科技（7.9 万/年）")], "final price; 02-12 has both quotes")
q(S, "杨梅", [("d:06-15", "要杨梅采摘期的降雨预报"), ("m:projects", "杨梅采摘期降雨预报")], "")
q(S, "时钟漂移", [("d:03-24", "系统时钟慢了 4 分钟"), ("m:lessons", "雷达延迟：时钟漂移导致假告警"), ("a:03", "03-24 雷达假延迟（时钟漂移）")], "")
q(S, "磁盘满", [("d:05-28", "ingest01 根分区满了"), ("m:lessons", "雷达延迟：ingest01 磁盘满"), ("a:05", "05-28 雷达延迟（磁盘满）")], "")
q(S, "站会几点", [("d:04-13", "站会从 10:00 挪到 09:45"), ("a:04", "- 站会 09:45")], "current; AGENTS stale")
q(S, "补充协议", [("d:03-16", "补充协议 2026-04-01 生效，正式续约合同另签"), ("a:03", "03-16 环境局补充协议")], "")
q(S, "放宽限流", [("d:04-13", "默认限流 60 → 120 req/min per key"), ("a:04", "API 默认限流 120 req/min")], "")
q(S, "土壤湿度", [("d:04-07", "IFS open data 缺第 4 层土壤湿度"), ("p:config", "open data 缺第 4 层土壤湿度")], "")
q(S, "重复数据", [("d:03-27", "有 312 条重复时间戳"), ("d:05-22", "58457 重复时间戳 312 条")], "found 03-27, fixed 05-22")
q(S, "霜冻阀值", [("d:03-18", "阈值从 2m 气温 ≤ 3°C 改到 ≤ 2°C"), ("d:04-03", "5 个茶园站中位数 2m 气温 ≤ 2°C"), ("a:03", "安吉霜冻阈值：2m 气温 ≤ 2°C")], "typo 阀值 for 阈值")
q(S, "误报次数", [("d:04-29", "6 min 阈值一个月误报 23 次"), ("m:principles", "一个月误报 23 次")], "")
q(S, "新节点", [("d:04-21", "hpc-n07 ~ n10 上架"), ("a:04", "04-21 hpc-n07~n10 上架")], "")
q(S, "招人", [("d:03-27", "新增 HC：SRE 1、数据工程 1")], "paraphrase of 招聘")
q(S, "驰远续约", [("d:05-12", "驰远不接受阶梯价，最后定一口价"), ("a:05", "05-12 驰远续约，一口价")], "")
q(S, "对接人", [("d:04-13", "环境局对接人换了"), ("a:04", "环境局对接人：刘敏")], "")
q(S, "值班交接", [("d:06-05", "值班交接从每周一 10:00 改到每周二 10:00")], "current; AGENTS/infra stale")
q(S, "归一化", [("d:06-03", "scaler.pkl 还是 v3 的归一化统计量"), ("m:lessons", "推理服务加载的 scaler.pkl 还是 v3 的统计量")], "")
q(S, "灰度", [("d:06-12", "这次做了灰度：先 20% 站点 2 小时，再全量"), ("d:05-25", "没做灰度，林舟事后说下次要灰度")], "")
q(S, "文件截断", [("d:03-12", "GFS f006 grib2 下载被截断"), ("a:03", "03-12 00Z CFL 崩溃（GFS 文件截断）")], "")
q(S, "密钥", [("m:principles", "数据库密码只写存放位置"), ("m:infra", "密钥都在 Vault"), ("SOUL.md", "不碰密钥")], "")
q(S, "中转机", [("m:infra", "hk-relay01：香港中转机"), ("d:04-07", "经 hk-relay01 中转")], "")
q(S, "专报", [("d:06-01", "新增：重污染过程提前 72h 出专报")], "")
q(S, "扣钱", [("d:02-04", "逾期一次扣当月服务费 0.5%")], "colloquial")
q(S, "研讨会", [("d:06-18", "去北京开气象局 AI 预报研讨会"), ("USER.md", "去北京开气象局 AI 预报研讨会")], "")
q(S, "卫星备份", [("d:03-10", "FY-4B AGRI 做备份，15 分钟一次"), ("m:infra", "FY-4B AGRI 备份")], "")
q(S, "快照", [("d:04-17", "快照挪到 03:00"), ("m:lessons", "快照挪到 03:00")], "")
q(S, "网关重发", [("d:05-22", "LoRa 网关重发造成的重复 1,904 条"), ("MEMORY.md", "还去掉了 LoRa 网关重发造成的重复")], "")
q(S, "共线", [("d:02-04", "和 `rh_850` 共线")], "")
q(S, "周五上线", [("MEMORY.md", "周五不上线 PP 模型和 WRF 版本"), ("d:06-05", "候选 C009「周五不上线」观察满 3 次")], "")

# ───────────────────────── paraphrase ─────────────────────────
A = "paraphrase"
q(A, "因为要见客户，早会往前挪了多少", [("d:04-13", "站会从 10:00 挪到 09:45（林舟 10:30 有客户例会）")], "早会 vs 站会")
q(A, "茶园那边嫌预警发太多，我们怎么调的", [("d:03-18", "阈值从 2m 气温 ≤ 3°C 改到 ≤ 2°C")], "")
q(A, "哪台机器专门拿来先试新版本", [("m:infra", "staging：hpc-n06（升级、回放都在这台先做）")], "")
q(A, "数据库连接不够那次，请求排队多久就超时了", [("d:02-10", "排队超过 nginx proxy_read_timeout 30s"), ("m:lessons", "排队超过 nginx proxy_read_timeout 30s")], "")
q(A, "硬盘被日志塞爆是因为少了什么配置", [("d:05-28", "ansible 迁移时把 logrotate 配置漏了"), ("m:lessons", "ansible 迁移时漏了 logrotate 配置")], "")
q(A, "老板同意买几台服务器", [("d:03-02", "Q2 预算批了 4 台新计算节点")], "")
q(A, "谁嫌十分钟才报警太晚", [("d:03-20", "林舟觉得 10 分钟太晚")], "")
q(A, "云上临时借的算力后来为啥不用了", [("d:04-21", "spot 已经涨到 ¥4.1/h")], "")
q(A, "存储桶换了新的，老的那个怎么处理", [("d:04-09", "旧的 oss://qinglan-wrf-out 设为只读，6 月底删除"), ("m:infra", "旧 bucket oss://qinglan-wrf-out 只读"), ("m:projects", "旧 bucket oss://qinglan-wrf-out 删除")], "")
q(A, "省里雷达停机维护我们为什么没提前知道", [("d:03-04", "发到了陈拓的旧邮箱"), ("m:lessons", "通知发到了旧邮箱")], "")
q(A, "新来的运维用什么工具管服务配置", [("d:05-12", "何川把 ingest01 的 systemd unit 全部迁到 ansible 管理")], "")
q(A, "在老的四卡机器上训练一轮多久", [("d:03-27", "一个 epoch 38 min"), ("d:06-15", "gpu-a01 上是 38 分钟")], "")
q(A, "做同化之前得先准备什么", [("d:02-26", "前提：用 NMC 方法重算 BE")], "")
q(A, "山谷里那个测站以后还拿来触发吗", [("d:04-03", "AJ-07 只做参考"), ("MEMORY.md", "有冷池偏冷，只能做参考")], "")
q(A, "为什么不用国产全球模式当边界", [("d:02-04", "CMA-GFS（GRAPES）通过 CMA 数据服务下，延迟常 > 5h，暂不考虑")], "")
q(A, "凌晨差点迟交那回是几点送出去的", [("d:02-18", "AQI 05:52 推给环境局，离 06:00 SLA 只差 8 分钟"), ("a:02", "AQI 05:52 交付")], "")
q(A, "哪一天不许发新模型", [("MEMORY.md", "周五不上线 PP 模型和 WRF 版本"), ("d:06-05", "候选 C009「周五不上线」观察满 3 次")], "")
q(A, "集合预报的校准是谁在做", [("d:04-15", "Priya 继续兼 ensemble calibration（EMOS）")], "")
q(A, "Did the European boundary data beat the American one for rain?", [("d:02-24", "Precip ETS (>1mm/6h): 0.34 with IFS vs 0.31 with GFS.")], "")
q(A, "how many milliseconds does the new network need per chunk on the smaller inference GPU", [("d:03-20", "about 40 ms per tile on an A10")], "")
q(A, "how can I tell whether the proxy is reusing connections to the backend", [("p:config", "if TIME_WAIT is in the tens of thousands, keepalive is off or broken")], "")
q(A, "what's our general stance when the gateway starts timing out", [("p:debug", "504 is a symptom, not a cause.")], "")
q(A, "the logistics firm's purchasing team wanted one price for everything", [("d:05-11", "Their procurement pushes for a single flat rate")], "")
q(A, "how much did temperature error drop after retraining on the cleaned-up observations", [("d:05-22", "2m T RMSE 1.12 (v3.0 was 1.18)")], "")
q(A, "why is a late cold-night alert useless", [("SOUL.md", "A frost warning that arrives after sunrise is worth nothing.")], "")
q(A, "how long will the old gradient-boosting model stay around as a backup", [("d:04-15", "until PP-Net has two clean weeks in prod")], "")
q(A, "was the first run of the new post-processing network biased?", [("d:04-27", "first 12Z run with PP-Net v3.0 looks sane")], "")
q(A, "monthly request volume the trucking client expects once refrigerated routes start", [("d:05-11", "project 2.5M calls/month once cold-chain routes go live")], "")
q(A, "when will the sub-hourly product for the refrigerated trucks be ready", [("d:06-18", "15-min blending targeted for August")], "")
q(A, "is there a reason to always spell out supplier names in full", [("p:research", "we have two pairs of near-identical vendor names already")], "")
q(A, "what do in-cloud strikes add for storms", [("d:03-04", "IC flashes are a bonus for convective initiation")], "")
q(A, "what two-tier deal did we pitch the trucking customer", [("d:05-11", "Our proposal: first 1M calls at ¥0.02, everything above at ¥0.015.")], "")

# ───────────────────────── negation_distractor ─────────────────────────
N = "negation_distractor"
q(N, "除了云图科技，闪电数据还看过哪家", [("d:02-12", "云途科技：只有地闪，延迟约 3 min，报价 6 万/年"), ("MEMORY.md", "云途已否决")], "near-miss vendor name")
q(N, "which GPU cloud did we NOT pick, and why", [("d:05-08", "星翰算力：H100 报价 ¥17.5/卡时，但只有北京机房")], "星瀚 vs 星翰")
q(N, "PP 选型的时候，除了 PP-Net 和 LightGBM 还试过哪个", [("d:03-20", "TabNet rejected")], "")
q(N, "不是 pgbouncer 也不是 NFS 的那次 504 是怎么回事", [("d:06-10", "nginx → uvicorn 的 upstream 没开 keepalive"), ("m:lessons", "短连接，TIME_WAIT 堆到 2.8 万")], "three 504s")
q(N, "雷达延迟那几次，不是省局维护、也不是磁盘满的那次是啥原因", [("d:03-24", "ingest01 的 chronyd 没起来"), ("a:03", "03-24 雷达假延迟（时钟漂移）"), ("m:lessons", "ingest01 chronyd 没启动")], "three radar delays")
q(N, "the CFL crash that was NOT caused by a bad input file", [("d:05-20", "根因：1km 的 d03 碰上午后强对流"), ("m:lessons", "新加的 1km d03 遇到午后强对流")], "two CFL crashes")
q(N, "霜冻误报里不是阈值问题的那一次，是哪个站的锅", [("d:04-03", "这次不是阈值问题：触发用的 LoRa 站 AJ-07"), ("m:lessons", "触发站 AJ-07 在洼地")], "two frost false alarms")
q(N, "数据库迁移为什么没选列存那个方案", [("d:05-14", "ClickHouse 方案否决")], "rejected alternative")
q(N, "which boundary-condition source was ruled out because downloads lag too much", [("d:02-04", "延迟常 > 5h，暂不考虑")], "CMA-GFS vs GFS vs IFS")
q(N, "不是 v3.0 也不是 v3.1.0，线上 PP 现在是哪个 tag", [("d:06-12", "镜像 `pp-net:3.1.1`")], "version near-misses")
q(N, "the rollback target was not the rc tag — which exact image did we go back to?", [("d:06-03", "决定回滚到 `pp-net:3.0.0`"), ("m:lessons", "回滚到 pp-net:3.0.0"), ("MEMORY.md", "应回到 `pp-net:3.0.0`")], "rc2 near-miss")
q(N, "阿里云 PAI 为什么也不考虑", [("d:05-08", "阿里云 PAI：¥28/卡时，不考虑")], "")
q(N, "除了 Kafka，ingest 消息队列还有啥备选", [("d:06-18", "NATS 也在备选")], "")
q(N, "15 分钟产品为什么不直接用 WRF 出", [("d:06-17", "否决：直接让 WRF 出 15 分钟输出")], "")
q(N, "which replay lost on 2m temperature, GFS or IFS?", [("d:02-24", "2m T RMSE: IFS-driven 1.31°C vs GFS-driven 1.44°C")], "")
q(N, "驰远最后没接受哪种计价方式", [("d:05-12", "驰远不接受阶梯价")], "05-11 proposal is the distractor")
q(N, "环境局我们要涨 8%，最后实际涨了多少", [("d:03-16", "单价上浮 6%（我们要 8%，没谈下来）")], "8% goal in 02-24 is the distractor")
q(N, "the April 504 was not pgbouncer — what was it then?", [("d:04-17", "这次是 nas01 的 NFS 挂载 hang"), ("a:04", "04-17 第二次 API 504（NFS hang）"), ("m:lessons", "nas01 快照和 rsync 同时跑")], "")
q(N, "LightGBM 最后上线了没有", [("d:03-20", "LightGBM 不上")], "")
q(N, "was the February 504 an NFS problem?", [("d:02-10", "根因：pgbouncer pool_size=20 被打满"), ("m:lessons", "pool_size=20 不够"), ("a:02", "02-10 API 504（pgbouncer 池满）")], "no — pgbouncer")
q(N, "不是宁波那部，杭州主用雷达站号是多少", [("d:02-06", "省局 S 波段雷达 Z9571（杭州）"), ("m:infra", "Z9571 杭州（主）")], "Z9571 vs Z9572")
q(N, "FY-4B 只是备份的话，主用卫星数据从哪拉", [("d:03-10", "Himawari-9 L1 走 JMA HimawariCloud")], "")
q(N, "station-obs v3.1 except the Hangzhou station fix — what other duplicates were removed?", [("d:05-22", "LoRa 网关重发造成的重复 1,904 条"), ("MEMORY.md", "还去掉了 LoRa 网关重发造成的重复")], "312 vs 1,904")
q(N, "星翰算力不是我们签的吧？签的那家机房在哪", [("d:05-08", "星瀚云：H100 80G，¥19.8/卡时，杭州可用区")], "")
q(N, "IFS 切过去以后 GFS 还有啥用", [("d:04-07", "GFS 作为 fallback"), ("d:04-07", "用同周期 GFS 的 soil 补")], "")
q(N, "补充协议定的交付时间，不是 06:00 那个旧的", [("d:03-16", "王科长同意交付时间提前到 05:30"), ("a:03", "03-16 环境局补充协议：05:30 交付"), ("m:projects", "补充协议生效，每天 05:30 前交付")], "06:00 old, 05:00 newer contract")
q(N, "which model is the PP fallback — not LightGBM", [("d:04-27", "XGBoost v2.3 保留 fallback"), ("d:04-15", "I'll keep XGBoost v2.3 as the hot fallback")], "")
q(N, "which chat app did we move alerts away from", [("d:03-02", "钉钉群「青岚-值班」只读保留一个月")], "")
q(N, "Xunjie trial won't start at 15-min — what resolution and when?", [("d:06-18", "Xunjie trial starts 07-01 with hourly data")], "")
q(N, "三次 504 里哪次恢复得最快", [("d:06-10", "何川值班，15 分钟恢复"), ("m:lessons", "504 持续 15 分钟")], "35 / 35 / 15 minutes")
q(N, "安吉 3 月那次误报不是冷池，是什么原因", [("d:03-18", "PP 后的 2m T 偏冷约 0.8°C")], "")
q(N, "4.4.2 不是现在的版本了，它的目录还留着吗", [("d:03-10", "4.4.2 目录保留一个月做回退")], "")

# ───────────────────────── keyword_mixed ─────────────────────────
K = "keyword_mixed"
q(K, "WRF spin-up 时间", [("d:04-22", "spin-up 丢弃改为 6h")], "")
q(K, "API 限流 429", [("d:02-06", "超出返回 429")], "")
q(K, "pgbouner cl_waiting 告警", [("d:02-10", "加 `cl_waiting > 0` 告警"), ("p:config", "必加告警：`cl_waiting > 0` 持续 1 分钟"), ("m:lessons", "pool_size 调到 60，加 cl_waiting 告警")], "typo pgbouner")
q(K, "Triton 推理 gpu-a02", [("d:04-27", "推理用 Triton 24.03，跑在 gpu-a02"), ("m:infra", "推理 GPU：gpu-a02")], "")
q(K, "Vtable.ECMWF ungrib 适配", [("d:04-07", "Vtable 换成 `Vtable.ECMWF`")], "")
q(K, "nfsd 线程数", [("d:04-17", "nfsd 线程 8 → 32，快照挪到 03:00"), ("m:lessons", "nfsd 线程 8 → 32")], "lessons has the same fix")
q(K, "chronyd 时钟 offset 告警", [("d:03-24", "加 node_timex_offset_seconds > 1s 告警"), ("m:lessons", "启用 chronyd，加时钟偏移告警")], "")
q(K, "logrotate radar-ingest 保留几天", [("d:05-28", "补 logrotate（保留 7 天，compress）")], "")
q(K, "d03 feedback 单向嵌套", [("d:05-06", "d03 单向嵌套（feedback=0）")], "")
q(K, "HAILCAST wrfout 变大", [("d:03-10", "4.5.1 默认多输出 HAILCAST 变量")], "")
q(K, "Airflow dataset URI pp_infer 不触发", [("d:04-01", "Dataset URI 少写了 `/d02`"), ("m:lessons", "outlet 的 URI 写错（少了 `/d02`）")], "")
q(K, "oss bucket 版本控制", [("d:04-09", "新 bucket oss://ql-forecast-prod（华东1，开版本控制）"), ("m:infra", "oss://ql-forecast-prod（华东1，版本控制）")], "")
q(K, "v2 批量点查询 上限", [("d:05-19", "批量点查询（单次最多 500 点）"), ("m:projects", "批量点查询（单次最多 500 点）")], "")
q(K, "Xid 79 显卡报错", [("d:02-26", "掉卡（Xid 79）")], "")
q(K, "EMOS 校准 谁负责", [("d:04-15", "Priya 继续兼 ensemble calibration（EMOS）")], "")
q(K, "pySTEPS 外推 0-2h", [("d:06-17", "雷达外推（pySTEPS）覆盖 0-2h")], "")
q(K, "scaler dataset_version 校验", [("d:06-12", "启动时校验 dataset_version 一致"), ("m:principles", "服务启动时校验三者一致")], "P011 says it too")
q(K, "route_id 透传 上线", [("d:06-17", "驰远的 `route_id` 透传字段已上 v2")], "05-08 is the request")
q(K, "n04 ECC drain 春节", [("d:02-18", "hpc-n04 内存 ECC 报错被 Slurm 置 drain"), ("m:lessons", "hpc-n04 内存 ECC 报错被 Slurm 置为 drain")], "")
q(K, "O3 8h 滑动平均 新增", [("d:03-16", "新增 O3 8h 滑动平均指标")], "")
q(K, "rh_850 SHAP 特征", [("d:02-04", "SHAP 贡献 < 0.3%")], "")
q(K, "w_damping CFL 修复", [("d:05-20", "打开 `w_damping=1`，重跑成功"), ("m:lessons", "打开 w_damping")], "")
q(K, "limit_req burst 配置", [("d:04-13", "burst=40")], "")


def main():
    out = HERE / "queries.jsonl"
    with out.open("w", encoding="utf-8") as f:
        for i, (t, query, gold, note) in enumerate(Q, 1):
            rec = {
                "id": f"q{i:03d}",
                "query": query,
                "type": t,
                "lang": lang_of(query),
                "gold": [{"path": p, "quote": qt} for p, qt in gold],
                "split": "heldout",
                "note": (note + " " if note else "") + (
                    "[all gold lines needed]" if t == "multi_hop"
                    else "[any gold line answers]" if len(gold) > 1 else ""),
            }
            rec["note"] = rec["note"].strip()
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"wrote {len(Q)} queries to {out}")


if __name__ == "__main__":
    main()
