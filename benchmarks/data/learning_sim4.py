"""Learning simulation 4: 21 days with a data scientist / ML engineer at a logistics company.

What this is: a scripted, bilingual (Chinese, English, mixed) stream of what one user typed to
their agent over three weeks (notebooks, training jobs on a Slurm GPU cluster, a Feast feature
store, MLflow, dashboards), plus the failed tool calls Claude Code's failure hook reported, and
where every item must end up in memory under the two learning policies:

- "synthesis" (note 000, the self-evolution preset): every finding is written once, as an L1
  principle (principles.md) or an L2 pattern (patterns/*.md);
- "pool" (note 004, the memory-manager preset): a finding waits in CANDIDATES.md until it is
  observed 3 times, then an evolution card writes it to USER.md, MEMORY.md or MEMORY.md's
  错误修正记录; an explicit instruction goes through the card in one step; a candidate with fewer
  than 3 observations whose first observation is more than expiry_days ago is dropped.

It was written before the first run, from the five design notes (shared/seeds) and the public
README/design pages only, without reading the product's code or tests; the expected places and
the reasons for them are in learning_sim4_rationale.md. Do not edit it after it was frozen
(learning_sim4.sha256).

Rules of play (the runner):
- Day 1 is 2026-03-02. Events run in order through `memstrata signal`; "user" is the user's
  message in the owner's main session (its context may hold `[tool] COMMAND → OUTPUT` lines for
  what the agent just ran); "fail" is a failed tool call from the failure hook: text is the error
  output, context is "Bash: <command>". The same command failing twice minutes apart is a
  repeated_failure signal.
- At 22:00 each day the heartbeat runs when due (pending >= 5 signals, or > 24 h since the last
  synthesis / the oldest signal and pending non-empty), and the user approves every card.
- expiry_days = 14, threshold 3 (pool policy).
- Timing: items promoted from the pool have their 3 observations within 9 days of the first;
  "expired" items are first observed on day 1-2 and never after day 5, and there are signals on
  days 19-21 so a heartbeat is due at the end; "candidate" items are first observed on day 12 or
  later and observed at most twice; explicit instructions are said on day 19 at the latest.
- Scoring: each EXPECTED item must appear exactly once in its place and nowhere else in memory
  (entries and candidates); "absent" means no entry and no candidate anywhere. An item is found
  in a text when every group of its words has one word in it (case-insensitive).
"""

from __future__ import annotations

# (day, time, event, text, context, item)  item: which EXPECTED entry it is about ("" = none)
SCRIPT: list[tuple[int, str, str, str, str, str]] = [
    # ---- day 1 (2026-03-02)
    (1, "09:05", "user", "早，帮我看下昨晚 eta_v7 那个训练的 log，好像卡在 epoch 12 不动了", "", ""),
    (1, "09:40", "user",
     "你 join 的是 dw.shipments_v1？那张上个月就停更了，数据只到 1 月底。现在都读 dw.shipments_v2",
     "[tool] duckdb -c \"select max(dt) from dw.shipments_v1\" → 2026-01-31", "corr_shipments_v2"),
    (1, "11:20", "user", "顺便说下，ETA 的训练集都在 s3://lgx-ml/eta/train/ 下面，按 dt= 分区", "",
     "fact_eta_s3"),
    (1, "15:10", "user", "utils/memo.py 里那个 @remember() 装饰器缓存一直不失效，帮我看看为啥", "",
     "neg_remember_decorator"),
    # ---- day 2
    (2, "09:30", "user", "log 里的时间戳全是 UTC，每次还得自己 +8 心算……给我看的时候直接转成北京时间", "",
     "pref_beijing_time"),
    (2, "10:12", "fail", "ssh: connect to host gpu-login02 port 22: Connection timed out",
     "Bash: ssh gpu-login02 squeue -u rzhang", "fail_ssh_login02"),
    (2, "10:19", "fail", "ssh: connect to host gpu-login02 port 22: Connection timed out",
     "Bash: ssh gpu-login02 squeue -u rzhang", "fail_ssh_login02"),
    (2, "11:00", "user", "feature store 加字段得找 Hannah review，她是 owner", "", "fact_fs_owner_old"),
    (2, "14:30", "user", "实验都 log 在 http://mlflow-01.lgx.local:5000 ，SSO 登录就行", "", "fact_mlflow_old"),
    (2, "16:00", "user", "LightGBM 开了 num_threads=16 之后，结果还是 always 可复现的吗？", "",
     "neg_num_threads_question"),
    # ---- day 3
    (3, "10:05", "user", "又是 v1 😅 live 的那张是 shipments_v2", "", "corr_shipments_v2"),
    (3, "11:30", "user", "几千万行的 groupby 我一般都是 polars 写，pandas 跑这个量看着着急", "",
     "pref_polars"),
    (3, "14:00", "user", "牛 👍 这版快多了", "", ""),
    (3, "16:20", "user", "这个 residual 分布有点不对称，右尾拖得很长，正常吗", "", "neg_asymmetric"),
    # ---- day 4
    (4, "09:20", "user", "schema PR 照例 @Hannah，她不点头 merge 不了", "", "fact_fs_owner_old"),
    (4, "10:40", "user", "on-time rate 才 71%？分母里混进 cancelled 的单了吧，只该除以已签收的",
     "[tool] python metrics.py --metric otd --week 2026-W10 → on_time_rate=0.712 (n=48213)",
     "corr_ontime_denominator"),
    (4, "13:15", "user", "永远不要对 prod 的 registry 跑 feast apply，要试就在 staging 项目里试", "",
     "rule_feast_apply"),
    (4, "15:00", "user", "Kevin 他们组有条规矩 never deploy on Fridays，那是他们 infra 组的事，跟我们没关系哈",
     "", "neg_quoted_friday_rule"),
    (4, "17:30", "user", "ok AUC 0.873，比 v6 高一丢丢", "", "echo_auc"),
    # ---- day 5
    (5, "09:10", "user", "MLFLOW_TRACKING_URI 指 mlflow-01 那台，别用 localhost，本地的没人看", "",
     "fact_mlflow_old"),
    (5, "10:30", "user", "出图的话 plotly 那种能 hover 的最好，静态 png 放大全是糊的", "", "pref_plotly"),
    (5, "14:20", "user",
     "Never put emoji in your replies to me. I paste your answers straight into Jira and they turn into ???",
     "", "pref_no_emoji"),
    (5, "16:45", "user", "如果下半年公司迁到 Databricks，我们 feature store 这一套还能直接用吗？", "",
     "neg_hypothetical_databricks"),
    # ---- day 6
    (6, "09:45", "user", "timestamps in UTC+8 pls, I'm in Shanghai and my brain doesn't do UTC", "",
     "pref_beijing_time"),
    (6, "11:10", "user", "离线特征在 Hive 的 fs_offline 库里，表名跟 feature view 同名", "", "fact_fs_offline"),
    (6, "14:00", "user", "ugh, pandas again 😩 on this data size polars is like 10x faster, just use it", "",
     "pref_polars"),
    (6, "16:30", "user", "for this run only, fix seed=1234 so I can diff against yesterday's numbers", "",
     "neg_oneoff_seed"),
    # ---- day 7
    (7, "10:00", "user", "代码注释写中文吧，英文注释我半夜读着累", "", "pref_comments_zh"),
    (7, "11:30", "user", "OTD 又掉到七十出头……denominator 还是把取消单算进去了", "", "corr_ontime_denominator"),
    (7, "15:00", "user", "帮我把各 lane 的 MAE 按周画一下", "", ""),
    (7, "17:20", "user", "never mind，刚才那个 ImportWarning 是我本地 conda 环境的锅，跳过", "",
     "neg_never_mind_conda"),
    # ---- day 8
    (8, "09:30", "user", "fyi all our runs live on mlflow-01:5000", "", "fact_mlflow_old"),
    (8, "10:50", "user", "matplotlib pngs are useless in Confluence, an interactive plotly html is way better",
     "", "pref_plotly"),
    (8, "14:10", "user",
     "Always put a --time limit on sbatch jobs. Last month a runaway job sat on the whole partition for 3 days.",
     "", "rule_sbatch_time"),
    (8, "16:00", "user", "是不是我把 lookback window 设错了？感觉 28 天太短", "", "neg_lookback_question"),
    # ---- day 9
    (9, "10:20", "user", "又是 UTC 🙄 我在东八区啊", "", "pref_beijing_time"),
    (9, "11:40", "user", "offline features are in the fs_offline Hive db btw", "", "fact_fs_offline"),
    (9, "15:30", "user", "这个 notebook 里的图 y 轴都用 log scale 吧", "", "neg_this_notebook_log_scale"),
    (9, "17:00", "user", "完美，就是这个意思", "", ""),
    # ---- day 10
    (10, "09:15", "user", "准时率口径再说一遍：只看签收单，取消的、拒收的都不进分母", "", "corr_ontime_denominator"),
    (10, "10:30", "user", "ETL 脚本默认走 polars 的 lazy API 就行，别再 import pandas 了", "", "pref_polars"),
    (10, "14:00", "user", "这条写进 MEMORY.md：客户手机号、收件地址这类 PII，notebook output 里一律 mask 掉再展示",
     "", "rule_pii_mask"),
    (10, "16:10", "user", "FeatureView 里那个 always_refresh=True 是干嘛用的？", "", "neg_always_identifier"),
    # ---- day 11
    (11, "10:00", "user", "这个经验记一下：gpu-b 那几台 8 卡机跑 DDP 得加 NCCL_P2P_DISABLE=1，不然直接 hang 住",
     "[tool] torchrun --nproc_per_node=8 train_eta.py --cfg cfg/eta_v8.yaml → NCCL WARN Call to "
     "ibv_reg_mr failed; no progress for 20 min, killed\n"
     "[tool] NCCL_P2P_DISABLE=1 torchrun --nproc_per_node=8 train_eta.py --cfg cfg/eta_v8.yaml → "
     "epoch 1/30 loss=0.412 ... ok",
     "exp_nccl_p2p"),
    (11, "11:20", "user", "code comments in Chinese please, reading English comments at 1am is painful", "",
     "pref_comments_zh"),
    (11, "14:30", "user", "这个放到 USER.md 里：给我的回复不要带表情符号", "", "pref_no_emoji"),
    (11, "16:00", "user", "收到，backfill 写了 3.2M 行，跟你说的对得上", "", "echo_backfill"),
    # ---- day 12
    (12, "09:40", "user", "ETA 周报每周导成 PDF 发运营群就行，他们都是手机上看", "", "report_format_pdf"),
    (12, "11:00", "user", "查历史特征直接 select from fs_offline.xxx 就行，不用走 SDK", "", "fact_fs_offline"),
    (12, "14:30", "user", "图还是 plotly 的好使，鼠标一放上去就能看数", "", "pref_plotly"),
    (12, "16:20", "user", "永远不要相信 p-value 😂 开玩笑的，帮我把这个 A/B 的显著性算一下", "",
     "neg_joke_pvalue"),
    # ---- day 13
    (13, "09:50", "user", "mlflow 周末搬到 k8s 上了，新地址 http://mlflow.ml-platform.svc:5000", "",
     "fact_mlflow_new"),
    (13, "14:02", "fail",
     "ERROR: failed to pull data from the cloud - Unable to locate credentials. "
     "Are you sure you configured remote 'lgx-s3'?",
     "Bash: dvc pull data/eta_features.parquet.dvc", "fail_dvc_pull"),
    (13, "14:09", "fail",
     "ERROR: failed to pull data from the cloud - Unable to locate credentials. "
     "Are you sure you configured remote 'lgx-s3'?",
     "Bash: dvc pull data/eta_features.parquet.dvc", "fail_dvc_pull"),
    (13, "16:00", "user", "Airflow 官方文档说 always set catchup=False —— 这条对我们的 DAG 适用吗？", "",
     "neg_quoted_doc_catchup"),
    # ---- day 14
    (14, "09:30", "user", "函数头那段说明、行尾的 # 备注，都用中文写就好", "", "pref_comments_zh"),
    (14, "10:40", "user", "the weekly ETA report should be a PDF, ops only ever open it on their phones", "",
     "report_format_pdf"),
    (14, "13:10", "user", "GPU 利用率看 grafana.lgx.internal/d/gpu-util 那个面板", "", "fact_grafana_gpu"),
    (14, "17:00", "user", "帮我写个 SQL 拉一下上周各 hub 的延误单", "", ""),
    # ---- day 15
    (15, "09:20", "user", "btw feature store 的 schema review 现在归 Diego 了，组织架构调整", "",
     "fact_fs_owner_new"),
    (15, "10:30", "user", "周报还是给 xlsx 吧，运营那边说要自己筛数", "", "report_format_xlsx"),
    (15, "14:00", "user", "Never run feast apply against prod. Staging or nothing.", "", "rule_feast_apply"),
    (15, "16:30", "user", "这次 backtest 只跑华东区就行，别的区下次再说", "", "neg_oneoff_region"),
    # ---- day 16
    (16, "10:00", "user", "tracking uri 换成 ml-platform namespace 里那个了，老机器下周下线", "",
     "fact_mlflow_new"),
    (16, "11:30", "user", "跑一下 2026-01-05 到 2026-02-22 的 backtest，用 v8 的 checkpoint", "", ""),
    (16, "15:00", "user", "你还 remember 上周那个 lane 聚类的结果吗？k 取的几", "", "neg_remember_question"),
    # ---- day 17
    (17, "09:40", "user", "ops asked for the weekly report as an Excel file so they can filter by hub", "",
     "report_format_xlsx"),
    (17, "14:20", "user", "sbatch 必须带 --time，这是组里的规定", "", "rule_sbatch_time"),
    (17, "16:00", "user", "🐐🐐", "", ""),
    # ---- day 18
    (18, "10:10", "user", "heads-up: the only live MLflow now is the one in the ml-platform namespace", "",
     "fact_mlflow_new"),
    # ---- day 19
    (19, "10:30", "user", "运营天天盯的是 Superset 上的 Lane Health 看板，延误率都在那", "",
     "fact_superset_lane"),
    (19, "17:40", "user", "nice, ship it 🚀", "", ""),
    # ---- day 20
    (20, "09:50", "user", "cluster GPU usage → the gpu-util board in Grafana, fyi", "", "fact_grafana_gpu"),
    (20, "16:30", "user", "绝了 👌", "", ""),
    # ---- day 21
    (21, "18:00", "user", "好了 今天先这样，辛苦", "", ""),
]

# item: (words that identify it: every group must match one of its words, case-insensitive,
#        expected place under synthesis, expected place under pool)
EXPECTED: dict[str, tuple[list[list[str]], str, str]] = {
    # preferences, 3 observations within 9 days
    "pref_polars": ([["polars"]], "principles", "user"),
    "pref_plotly": ([["plotly"]], "principles", "user"),
    "pref_beijing_time": (
        [["北京时间", "utc+8", "utc+08", "东八区", "gmt+8", "+08:00", "asia/shanghai", "beijing"]],
        "principles",
        "user",
    ),
    "pref_comments_zh": ([["注释", "comment"]], "principles", "user"),
    # explicit standing preference, said twice (en "Never", zh naming USER.md)
    "pref_no_emoji": ([["emoji", "表情"]], "principles", "user"),
    # contradicting values for the same job (the weekly ETA report), twice each, late
    "report_format_pdf": ([["pdf"]], "principles", "candidate"),
    "report_format_xlsx": ([["xlsx", "excel"]], "principles", "candidate"),
    # explicit rules
    "rule_feast_apply": ([["feast apply"]], "principles", "memory"),
    "rule_sbatch_time": ([["sbatch"]], "principles", "memory"),
    "rule_pii_mask": ([["pii", "手机号"]], "principles", "memory"),
    # corrections
    "corr_ontime_denominator": ([["on-time", "准时率", "准点率", "otd"]], "principles", "corrections"),
    "corr_shipments_v2": ([["shipments_v2"]], "principles", "expired"),
    # durable facts; two changes of value (MLflow host, feature-store schema owner)
    "fact_mlflow_old": ([["mlflow-01"]], "patterns", "memory"),
    "fact_mlflow_new": ([["ml-platform"]], "patterns", "memory"),
    "fact_fs_offline": ([["fs_offline"]], "patterns", "memory"),
    "fact_fs_owner_old": ([["hannah"]], "patterns", "expired"),
    "fact_fs_owner_new": ([["diego"]], "patterns", "candidate"),
    "fact_eta_s3": ([["lgx-ml/eta"]], "patterns", "expired"),
    "fact_grafana_gpu": ([["gpu-util"]], "patterns", "candidate"),
    "fact_superset_lane": ([["lane health", "lane-health", "lane_health"]], "patterns", "candidate"),
    # "这个经验记一下" after a tool run
    "exp_nccl_p2p": ([["nccl_p2p_disable"]], "patterns", "memory"),
    # repeated tool failures
    "fail_ssh_login02": ([["gpu-login02"]], "principles", "expired"),
    "fail_dvc_pull": ([["dvc", "lgx-s3"]], "principles", "candidate"),
    # echoes with nothing to remember
    "echo_auc": ([["0.873"]], "absent", "absent"),
    "echo_backfill": ([["3.2m"]], "absent", "absent"),
    # hard negatives
    "neg_remember_decorator": ([["memo.py"]], "absent", "absent"),
    "neg_num_threads_question": ([["num_threads"]], "absent", "absent"),
    "neg_asymmetric": ([["不对称"]], "absent", "absent"),
    "neg_quoted_friday_rule": ([["friday", "周五"]], "absent", "absent"),
    "neg_hypothetical_databricks": ([["databricks"]], "absent", "absent"),
    "neg_oneoff_seed": ([["seed"]], "absent", "absent"),
    "neg_never_mind_conda": ([["conda"]], "absent", "absent"),
    "neg_lookback_question": ([["lookback"]], "absent", "absent"),
    "neg_this_notebook_log_scale": ([["log scale", "log-scale", "对数坐标", "对数轴"]], "absent", "absent"),
    "neg_always_identifier": ([["always_refresh"]], "absent", "absent"),
    "neg_joke_pvalue": ([["p-value", "p值"]], "absent", "absent"),
    "neg_quoted_doc_catchup": ([["catchup"]], "absent", "absent"),
    "neg_oneoff_region": ([["华东"]], "absent", "absent"),
    "neg_remember_question": ([["聚类", "clustering"]], "absent", "absent"),
}
