"""Persona: 陳柏翰 (Po-Han Chen, "柏翰"), an analytics/data engineer at 果果市集 GuoGuo Market, a
fictional online fresh-grocery delivery company in 台北 serving 北北基. He talks to his coding
agent in Traditional Chinese with Taiwanese vocabulary (程式、資料庫、伺服器、設定、專案、預設、檔案、
訊息、網路、品質), particles (啦、喔、耶、齁、欸), slang (超、母湯、傻眼), 「」 quotes and English tech
terms, and now and then writes a whole message in English. Stack: GCP projects guoguo-analytics
(prod) and guoguo-dw-dev, BigQuery in asia-east1, dbt Core (1.7, upgraded to 1.8 on 3/13) in the
repo guoguo-dbt (feature PRs go to develop), Airflow on Cloud Composer (DAG daily_marts), Debezium
CDC from the orders Postgres through Kafka and Kafka Connect's BigQuery sink into the dataset
raw_cdc (renamed cdc_orders_v2 on 3/10), Metabase for the team's dashboards (Looker Studio is
marketing's), Python scripts run with uv. Colleagues: 王志明 (阿明, data platform lead), 林佳穎
(growth PM), 黃冠宇 (orders backend), 張雅婷 (marketing analyst), 吳建宏 (finance data team).
Three weeks from Monday 2026-03-02: legacy scheduled queries move into dbt, the GMV definition
changes, the CDC dataset is renamed, daily_marts moves to 05:00 Taipei time, a month-end freeze
is announced; on day 2 he changes his mind about SQL keyword case (lower on day 1, upper from
day 2 on).

- "synthesis" (note 000, the self-evolution preset): every finding is written once, as an L1 principle (principles.md) or an L2 pattern (patterns/*.md);
- "pool" (note 004, the memory-manager preset): a finding waits in CANDIDATES.md until it is observed 3 times, then an evolution card writes it to USER.md, MEMORY.md or MEMORY.md's 错误修正记录; an explicit instruction goes through the card in one step; a candidate with fewer than 3 observations whose first observation is more than expiry_days ago is dropped.
It was written before the first run, from the five design notes and the public README/design pages only, without reading the product's code or tests; the expected places and the reasons for them are in learning_sim10_rationale.md. Do not edit it after it was frozen (learning_sim10.sha256).
Rules of play (the runner):
- Day 1 is 2026-03-02. Events run in order through `memstrata signal`; "user" is the user's message in the owner's main session (its context may hold `[tool] COMMAND → OUTPUT` lines for what the agent just ran); "fail" is a failed tool call from the failure hook: text is the error output, context is "Bash: <command>". The same command failing twice minutes apart is a repeated_failure signal.
- At 22:00 each day the heartbeat runs when due (pending >= 5 signals, or > 24 h since the last synthesis / the oldest signal and pending non-empty), and the user approves every card.
- expiry_days = 14, threshold 3 (pool policy).
- Timing: items promoted from the pool have their 3 observations within 9 days of the first; "expired" items are first observed on day 1-2 and never after day 5, and there are signals on days 19-21 so a heartbeat is due at the end; "candidate" items are first observed on day 12 or later and observed at most twice; explicit instructions are said on day 19 at the latest.
- Scoring: each EXPECTED item must appear exactly once in its place and nowhere else in memory (entries and candidates); "absent" means no entry and no candidate anywhere. An item is found in a text when every group of its words has one word in it (case-insensitive).
"""

from __future__ import annotations

# ---------------------------------------------------------------------------
# Pasted tool outputs
# ---------------------------------------------------------------------------

BQ_LOCATION_FAIL_1 = (
    "BigQuery error in query operation: Error processing job\n"
    "'guoguo-analytics:bqjob_r5e2a1c07d9b3f8e4_0000018e0a7c2b1d_1': Not found: Dataset\n"
    "guoguo-analytics:raw_cdc was not found in location US\n"
    "\n"
    "Failure details:\n"
    " - query: Not found: Dataset guoguo-analytics:raw_cdc was not found in\n"
    "location US"
)

BQ_LOCATION_FAIL_2 = (
    "BigQuery error in query operation: Error processing job\n"
    "'guoguo-analytics:bqjob_r1b90d4e3a6c27f55_0000018e0a7f8c42_1': Not found: Dataset\n"
    "guoguo-analytics:raw_cdc was not found in location US\n"
    "\n"
    "Failure details:\n"
    " - query: Not found: Dataset guoguo-analytics:raw_cdc was not found in\n"
    "location US"
)

BQ_CMD_DAY4 = (
    "Bash: bq query --use_legacy_sql=false 'SELECT COUNT(*) AS n FROM raw_cdc.orders "
    "WHERE DATE(_ingested_at) = \"2026-03-04\"'"
)

CONNECT_STATUS_FAILED = (
    "[tool] curl -s localhost:8083/connectors/bq-sink-orders/status → "
    '{"name":"bq-sink-orders","connector":{"state":"RUNNING","worker_id":"10.40.2.17:8083"},'
    '"tasks":[{"id":0,"state":"FAILED","worker_id":"10.40.2.17:8083","trace":"org.apache.kafka.'
    "connect.errors.ConnectException: Exiting WorkerSinkTask due to unrecoverable exception. "
    "Caused by: com.wepay.kafka.connect.bigquery.exception.BigQueryConnectException: Failed to "
    "write rows after BQ table creation or schema update: Provided Schema does not match Table "
    "guoguo-analytics:raw_cdc.orders. Cannot add fields (field: discount_code)"
    '"}],"type":"sink"}\n'
    "[tool] kafka-consumer-groups --bootstrap-server kafka-0.kafka:9092 --describe --group "
    "connect-bq-sink-orders → TOPIC pg.public.orders PARTITION 0 CURRENT-OFFSET 18830112 "
    "LOG-END-OFFSET 18961457 LAG 131345"
)

CONNECT_STATUS_OK = (
    "[tool] curl -X POST localhost:8083/connectors/bq-sink-orders/tasks/0/restart → (204)\n"
    "[tool] curl -s localhost:8083/connectors/bq-sink-orders/status → "
    '{"name":"bq-sink-orders","connector":{"state":"RUNNING"},"tasks":[{"id":0,"state":"RUNNING"}]}\n'
    "[tool] kafka-consumer-groups --describe --group connect-bq-sink-orders → "
    "TOPIC pg.public.orders PARTITION 0 LAG 212"
)

PARTITION_FILTER_ERROR = (
    "[tool] dbt show --inline \"select sum(gmv) from {{ ref('fct_orders') }}\" → "
    "Database Error in sql_operation inline_query (from remote system.sql) "
    "Cannot query over table 'guoguo-analytics.mart.fct_orders' without a filter over "
    "column(s) 'order_date' that can be used for partition elimination"
)

ALWAYS_BACKFILL_CODE = """幫我看一下這段，是 scripts/refresh_snapshots.py 裡的：

```python
def refresh(table: str, cfg: dict) -> None:
    if cfg.get("always_backfill"):
        run_full_history(table)      # rebuild from 2021-01-01
    else:
        run_incremental(table, days=3)
```

這個 always_backfill flag 是誰加的啊？git blame 是三年前的 commit 耶，現在 config 裡也沒人設。"""

REMEMBER_HELPER_CODE = """我們 utils 裡有一個 remember() helper，是把 DataFrame 快取到 GCS 用的：

```python
def remember(key: str, df: pd.DataFrame) -> None:
    path = f"gs://guoguo-tmp/cache/{key}-{date.today():%Y%m%d}.parquet"
    df.to_parquet(path, index=False)
```

這個月好像每次讀都 miss，你幫我看一下 key 是怎麼組的，是不是日期那邊有問題？"""

# ---------------------------------------------------------------------------
# The three weeks
# ---------------------------------------------------------------------------

SCRIPT: list[tuple[int, str, str, str, str, str]] = [
    # ---- day 1, Mon 2026-03-02 -------------------------------------------------------------
    (1, "09:12", "user",
     "早安～今天開始要把舊的 scheduled query 搬進 dbt 囉。先講一下我的習慣：SQL 的 keyword 我都寫小寫，"
     "select、from 那些打起來比較順手。",
     "", "pref_sql_lower_old"),
    (1, "10:40", "user",
     "幫我列一下 legacy_scheduled_queries/ 底下有哪幾支，順便看每支的 SQL 有多長。",
     "[tool] ls legacy_scheduled_queries/ → daily_gmv.sql  weekly_retention.sql  store_kpi.sql  promo_usage.sql",
     ""),
    (1, "14:25", "user",
     "欸 bucket 名稱不要直接寫死在 DAG 裡啦，dev 跟 prod 是不同的 bucket。用 Airflow Variable "
     "`gcs_landing_bucket` 去拿。",
     "[tool] git diff dags/landing_to_raw.py → +    BUCKET = \"gs://guoguo-landing-prod\"",
     "corr_gcs_variable"),
    (1, "16:50", "user",
     "also for the models you generate: lowercase keywords pls, that's how I type SQL myself.",
     "", "pref_sql_lower_old"),
    # ---- day 2, Tue 03-03 -----------------------------------------------------------------
    (2, "09:05", "user",
     "跟你說一下，要查 orders 的原始資料不要去打主庫，用 read replica `orders-ro.internal`"
     "（10.20.3.15），只能從 bastion 連。冠宇說主庫之前被分析的 query 拖垮過一次。",
     "", "fact_replica_host"),
    (2, "10:30", "user",
     "你回覆可以先講結論嗎？我常常要滑很久才看到重點 😅 細節放後面就好。",
     "", "pref_conclusion_first"),
    (2, "11:45", "user",
     "python script 直接 `uv run scripts/check_freshness.py` 就好，不用先 source .venv/bin/activate，"
     "uv 會自己處理環境。",
     "[tool] source .venv/bin/activate && python scripts/check_freshness.py → "
     "ModuleNotFoundError: No module named 'google.cloud'",
     "tip_uv_run"),
    (2, "15:20", "user",
     "啊 SQL 那個我改主意了啦，keyword 還是全部大寫好了。昨天看了一整天的 model，大寫的比較好抓結構。",
     "", "pref_sql_upper"),
    (2, "17:10", "user",
     "幫我把 daily_gmv.sql 改寫成 dbt model，放在 models/marts/ 底下，先用 table 就好，不用 incremental。",
     "", ""),
    # ---- day 3, Wed 03-04 -----------------------------------------------------------------
    (3, "09:20", "user",
     "記住：回我一律用繁體中文，用台灣的講法（程式、資料庫、設定那種），技術名詞保留原文沒關係。",
     "", "exp_reply_trad"),
    (3, "10:05", "user",
     "Same problem in promo_ingest: the bucket is hard-coded again. Read it from the Airflow Variable "
     "gcs_landing_bucket, otherwise a dev run writes straight into the prod bucket.",
     "[tool] grep -rn 'guoguo-landing' dags/ → dags/promo_ingest.py:14:    LANDING = \"gs://guoguo-landing-prod/promo/\"",
     "corr_gcs_variable"),
    (3, "11:30", "user",
     "這種 raw dict 我看不太懂耶，查詢結果可以整理成 markdown 表格嗎？欄位對齊比較好比對。",
     "[tool] python scripts/store_gmv.py --date 2026-03-03 → [{'store_id': 'S001', 'gmv': 182340.5}, "
     "{'store_id': 'S002', 'gmv': 97211.0}, {'store_id': 'S003', 'gmv': 143876.25}]",
     "pref_md_table"),
    (3, "14:40", "user",
     "欸你 PR 開到 main 了啦，main 是 release 用的，feature 的 PR 要開到 develop。先幫我 close 掉重開。",
     "[tool] gh pr create --base main --title \"migrate daily_gmv to dbt\" → "
     "https://github.com/guoguo/guoguo-dbt/pull/412",
     "corr_pr_base_develop"),
    (3, "16:55", "user",
     "現在幫我把 dim_store 匯出成 CSV，我要寄給佳穎，她下午開會要用。",
     "", "neg_oneoff_export"),
    # ---- day 4, Thu 03-05 -----------------------------------------------------------------
    (4, "09:30", "user",
     "Can you lead with the answer? I had to scroll through three paragraphs to find the number I asked for.",
     "", "pref_conclusion_first"),
    (4, "11:15", "user",
     "你每次改一點點就把整個 fct_orders.sql 重貼一次，187 行我很難看出改了哪裡啦。給我 diff 就好。",
     "[tool] cat models/marts/fct_orders.sql → (187 lines)",
     "pref_diff_only"),
    (4, "14:02", "fail", BQ_LOCATION_FAIL_1, BQ_CMD_DAY4, "fail_bq_location"),
    (4, "14:06", "fail", BQ_LOCATION_FAIL_2, BQ_CMD_DAY4, "fail_bq_location"),
    (4, "14:09", "user",
     "bq 預設會跑去 US 找啦，我們的 dataset 都在 asia-east1（彰化那個 region），指令要加 "
     "`--location=asia-east1` 才找得到。",
     "", "fail_bq_location"),
    (4, "16:20", "user",
     "問一下，BigQuery 的 clustering 跟 partition 可以同時用在同一張表嗎？clustering 欄位最多可以放幾個？",
     "", "neg_q_clustering"),
    # ---- day 5, Fri 03-06 -----------------------------------------------------------------
    (5, "09:40", "user",
     "DAU 48,213？不可能啦，我們 app 一天大概一萬出頭而已。你用 COUNT(*) 會把同一個 user 的每個 event "
     "都算進去，要用 COUNT(DISTINCT user_id)。",
     "[tool] dbt show --select dau_daily --limit 3 → event_date | dau ; 2026-03-04 | 48213 ; "
     "2026-03-03 | 47790 ; 2026-03-02 | 46102",
     "corr_count_distinct"),
    (5, "11:20", "user",
     "model 裡的註解我比較喜歡寫英文，跟 column 名稱放在一起才不會中英夾雜，看起來很亂。",
     "", "pref_comments_english"),
    (5, "13:50", "user",
     "永遠不要直接對 prod 的 dataset 下 DROP 或 TRUNCATE，就算你覺得那張表沒人在用也一樣，母湯。"
     "要刪先在 guoguo-dw-dev 試，然後找我確認。",
     "[tool] bq ls --max_results=50 mart → ... tmp_gmv_check_0219  tmp_gmv_check_0220  (TABLE)",
     "exp_never_drop_prod"),
    (5, "15:30", "user",
     "讚啦 👍",
     "[tool] curl -s http://bi.guoguo.internal/api/dashboard/37 → {\"name\": \"Store GMV Weekly\", "
     "\"ordered_cards\": [12 cards]}",
     "neg_satisfied_dashboard"),
    (5, "17:45", "user",
     "幫我在 fct_orders 加一個 is_first_order 欄位，用 customer 第一次下單的時間判斷。",
     "", ""),
    # ---- day 6, Sat 03-07 -----------------------------------------------------------------
    (6, "10:15", "user",
     "Working from home today. Can the SQL you write use upper-case keywords? SELECT, FROM, JOIN... "
     "it's so much easier to see the shape of a 200-line model that way.",
     "", "pref_sql_upper"),
    (6, "11:00", "user",
     "fct_orders 有開 require_partition_filter，查的時候一定要帶 order_date 的條件，不然 BigQuery 直接擋掉。"
     "這張表很大，全掃一次要好幾百塊。",
     PARTITION_FILTER_ERROR,
     "rule_partition_filter"),
    (6, "14:30", "user",
     "這個 GMV 是舊的算法耶，上個月財務跟我們對過定義了，GMV 要扣掉退款，status = 'refunded' 的訂單不能算進去。",
     "[tool] dbt show --select weekly_gmv --limit 2 → week | gmv ; 2026-02-23 | 12804331 ; 2026-02-16 | 12377015",
     "corr_gmv_refund"),
    (6, "16:00", "user",
     "假如我們之後搬去 Snowflake，現在這些 dbt macro 是不是大部分都要重寫？純好奇啦，還沒有要搬。",
     "", "neg_hypo_snowflake"),
    # ---- day 7, Sun 03-08 -----------------------------------------------------------------
    (7, "10:20", "user",
     "又是一坨 dict 😩 可以排成表格嗎？markdown 那種，table 名一欄、lag 一欄就好。",
     "[tool] python scripts/freshness_report.py → {'raw_cdc.orders': '03:42:10', "
     "'raw_cdc.order_items': '03:41:55', 'raw_cdc.payments': '00:02:07'}",
     "pref_md_table"),
    (7, "11:05", "user",
     "找到了，是冠宇他們在 orders 加了 discount_code 欄位，schema 一變 task 就 FAILED，connector 本身還是 "
     "RUNNING，所以監控完全沒叫。這個經驗記一下：sink lag 爆掉的時候，先打 /connectors/<name>/status 看 "
     "task 的 state，不要只看 connector；task 是 FAILED 就 POST /connectors/<name>/tasks/0/restart。",
     CONNECT_STATUS_FAILED,
     "exp_lesson_connect"),
    (7, "15:40", "user",
     "分享一個小技巧：本機跑 dbt 的時候加 `--defer --state ./prod-manifest`，沒改到的上游直接讀 prod 的表，"
     "不用整串 build，快超多。manifest 每天 CI 都會丟到 gs://guoguo-dbt-artifacts。",
     "", "tip_defer_state"),
    (7, "20:30", "user",
     "順便問，Kafka 的 TLS 握手是用不對稱加密交換金鑰，之後才換成對稱加密傳資料，對吧？我在準備週三的內部分享。",
     "", "neg_asymmetric"),
    # ---- day 8, Mon 03-09 -----------------------------------------------------------------
    (8, "09:25", "user",
     "齁，又開到 main 了 😑 base 要選 develop 啦，main 只有 release 的時候阿明會 merge。",
     "[tool] gh pr create --base main --title \"add is_first_order to fct_orders\" → "
     "https://github.com/guoguo/guoguo-dbt/pull/418",
     "corr_pr_base_develop"),
    (8, "11:40", "user",
     "Same thing as last week: bq needs --location=asia-east1, otherwise it goes looking in the US "
     "multi-region. All our datasets live in the Taiwan region.",
     "[tool] bq query --use_legacy_sql=false 'SELECT MAX(_ingested_at) FROM raw_cdc.payments' → "
     "BigQuery error in query operation: Error processing job 'guoguo-analytics:bqjob_r77c0e1d2_1': "
     "Not found: Dataset guoguo-analytics:raw_cdc was not found in location US",
     "fail_bq_location"),
    (8, "14:10", "user",
     "只要貼有改的那幾行就好，前後留一點 context，git diff 那種格式。整份檔案貼上來我還要自己一行一行比對 🙃",
     "", "pref_diff_only"),
    (8, "17:30", "user",
     "阿明在群組說「每個 model 都要在 meta 裡寫 owner」，你覺得有需要嗎？我是覺得 staging 層的不用吧。",
     "", "neg_colleague_owner_meta"),
    # ---- day 9, Tue 03-10 -----------------------------------------------------------------
    (9, "09:15", "user",
     "跟你說，阿明昨晚把 CDC 的 dataset 改名了，raw_cdc 變成 cdc_orders_v2，舊的名字已經查不到了喔。",
     "", "fact_cdc_dataset_v2"),
    (9, "10:50", "user",
     "WAU 二十一萬？又是 COUNT(*) 吧 😂 同一個人一週會有幾百個 event，要用 user_id 去重啦。",
     "[tool] dbt show --select active_users_weekly --limit 2 → week | wau ; 2026-03-02 | 214880 ; "
     "2026-02-23 | 209113",
     "corr_count_distinct"),
    (9, "13:30", "user",
     "Comments in the models in English, please. Chinese comments next to English column names just look messy to me.",
     "", "pref_comments_english"),
    (9, "16:20", "user",
     "那張 Store GMV Weekly 不在 Looker Studio 啦，Looker Studio 是雅婷她們行銷在用的，我們組的 dashboard 都在 Metabase。",
     "[tool] search Looker Studio reports for 'Store GMV Weekly' → 0 results",
     "corr_metabase"),
    # ---- day 10, Wed 03-11 ----------------------------------------------------------------
    (10, "09:10", "user",
     "daily_marts 這個 DAG 從下週一（3/16）開始改成台北時間早上 5 點跑，原本是 7 點。cron 要寫 UTC 的 "
     "`0 21 * * *`。佳穎想在 8 點站會前就看到昨天的數字。",
     "", "fact_dag_schedule_5am"),
    (10, "11:30", "user",
     "又沒加 order_date 範圍了啦，那張表沒有 partition 條件是查不了的。先抓最近 30 天就好。",
     PARTITION_FILTER_ERROR.replace("sum(gmv)", "store_id, sum(gmv)"),
     "rule_partition_filter"),
    (10, "14:15", "user",
     "你產的 SQL keyword 又沒大寫了，select from where 全部混在一起好難讀 😵",
     "[tool] cat models/staging/stg_payments.sql → select payment_id, order_id, amount from {{ source('raw_cdc', 'payments') }} where ...",
     "pref_sql_upper"),
    (10, "16:40", "user",
     "財務那組的規定是 invoice 相關的資料只能在 finance_secure 這個 dataset 裡查，連 view 都不能拉出來。"
     "不過那是建宏他們的事，我們不會碰到。",
     "", "neg_finance_secure"),
    # ---- day 11, Thu 03-12 ----------------------------------------------------------------
    (11, "09:30", "user",
     "阿明說 cdc_orders_v2 裡的表 schema 跟原本一模一樣，只是 dataset 換了名字，所以 stg 那層改 source 的 schema 就好。",
     "", "fact_cdc_dataset_v2"),
    (11, "10:45", "user",
     "Wrong base branch again: this one should target develop, not main. main only gets release merges.",
     "[tool] gh pr create --base main --title \"add store_gmv_daily model\" → https://github.com/guoguo/guoguo-dbt/pull/425",
     "corr_pr_base_develop"),
    (11, "13:20", "user",
     "這張 store_gmv_daily 的 GMV 還是把退款算進去了耶，refunded 的要扣掉，跟 fct_orders 的定義要一致。",
     "[tool] dbt show --select store_gmv_daily --limit 2 → order_date | store_id | gmv ; 2026-03-11 | S001 | 191204.0",
     "corr_gmv_refund"),
    (11, "15:00", "user",
     "btw when you test one model locally, pass --defer with the prod manifest in --state. It reads the "
     "untouched parents from prod, so you skip rebuilding the whole upstream chain. Saves like 10 minutes a run.",
     "", "tip_defer_state"),
    (11, "16:30", "user",
     "Just give me the counts as a markdown table, not raw JSON 🙏 much easier to compare.",
     "[tool] python scripts/cdc_row_counts.py → {\"orders\": 1820331, \"order_items\": 5120944, \"payments\": 1790215}",
     "pref_md_table"),
    (11, "18:10", "user",
     "stg_legacy_coupons.sql 這支就維持 4 格縮排吧，它是從舊系統整包搬過來的，改格式整支都會變紅。只有這支喔。",
     "", "neg_file_indent"),
    # ---- day 12, Fri 03-13 ----------------------------------------------------------------
    (12, "09:40", "user",
     "Please stop pasting the whole file back. Just show me the diff for the lines you touched.",
     "", "pref_diff_only"),
    (12, "11:10", "user",
     "Remember: customers.phone and customers.email are PII. Anything that leaves BigQuery (a Metabase "
     "question, a CSV export) gets them hashed with SHA256 first.",
     "", "exp_remember_pii"),
    (12, "13:45", "user",
     "季報的圖我想用 plotly 畫，可以 hover 看數字。matplotlib 的靜態圖放在簡報上超醜的。",
     "", "pref_plotly"),
    (12, "15:20", "user",
     "雅婷她超愛圓餅圖，行銷那邊的報告全部都是圓餅 😅 我個人是覺得很難比大小啦，不過那是她的東西。",
     "", "neg_yating_pie"),
    (12, "17:30", "user",
     "幫我寫一個 dbt test，檢查 fct_orders 的 order_id 唯一，然後 gmv 不能是負的。",
     "", ""),
    # ---- day 13, Sat 03-14 ----------------------------------------------------------------
    (13, "10:00", "user",
     "註解幫我改回英文好嗎，剛剛那段 `-- 排除測試帳號` 我看了很不習慣。",
     "[tool] git diff models/marts/fct_orders.sql → +    -- 排除測試帳號",
     "pref_comments_english"),
    (13, "11:20", "user",
     "DAU is counting events again, not people. It needs COUNT(DISTINCT user_id).",
     "[tool] dbt show --select dau_daily --limit 2 → event_date | dau ; 2026-03-12 | 51907 ; 2026-03-11 | 50388",
     "corr_count_distinct"),
    (13, "13:10", "user",
     "Heads-up: from Monday daily_marts runs at 5am Taipei time (21:00 UTC the day before). Anything "
     "downstream that waited for the 7am run has to move too.",
     "", "fact_dag_schedule_5am"),
    (13, "14:50", "user",
     "轉換漏斗那張也在 Metabase 喔，不是 Looker Studio，在「Growth」那個 collection 底下。",
     "[tool] search Looker Studio reports for 'Funnel' → 0 results",
     "corr_metabase"),
    (13, "16:30", "user",
     "轉換率不是除以 sessions 啦，一個人一天會開好幾次 app。分母要用不重複的訪客數（distinct visitor_id）。",
     "[tool] dbt show --select funnel_daily --limit 1 → date | sessions | orders | cvr ; 2026-03-12 | 88310 | 6102 | 0.069",
     "corr_conversion_visitor"),
    (13, "18:00", "user",
     "幫我設一個每天早上 9 點把 DAU 丟到 #data-daily Slack 的 job……啊算了，不用了，佳穎說她那邊已經有 bot 在發了。",
     "", "neg_retracted_slack"),
    # ---- day 14, Sun 03-15 ----------------------------------------------------------------
    (14, "10:30", "user",
     "Heads-up for fct_orders queries: the table has require_partition_filter on, so put an order_date "
     "range in the WHERE or BigQuery refuses to run it.",
     "", "rule_partition_filter"),
    (14, "12:00", "user",
     "Monthly GMV still includes refunded orders. Finance's definition excludes them since February, "
     "so filter out status = 'refunded'.",
     "[tool] dbt show --select monthly_kpi --limit 1 → month | gmv ; 2026-02 | 51220874",
     "corr_gmv_refund"),
    (14, "14:20", "user",
     "跟你說一下，dbt 我們上週五升到 1.8 了，所以 model 的 unit test 可以直接寫在 yml 裡了。",
     "", "fact_dbt_18"),
    (14, "16:00", "user", ALWAYS_BACKFILL_CODE, "", "neg_code_always_backfill"),
    # ---- day 15, Mon 03-16 ----------------------------------------------------------------
    (15, "09:20", "user",
     "FYI the CDC tables are under cdc_orders_v2 now. Point the stg sources there; the old dataset name is gone.",
     "", "fact_cdc_dataset_v2"),
    (15, "10:45", "user",
     "欸提醒一下，本機測 model 的時候用 --defer 搭 --state，上游沒動的就讀 prod 的，不用等整串 build 那麼久。",
     "[tool] dbt build --select +fct_orders → 38 of 41 START sql table model mart.fct_orders ....... [RUN]",
     "tip_defer_state"),
    (15, "13:30", "user", REMEMBER_HELPER_CODE, "", "neg_code_remember_helper"),
    (15, "16:10", "user",
     "幫我看一下 stg_payments 為什麼今天多了 300 多筆重複的 payment_id。",
     "", ""),
    # ---- day 16, Tue 03-17 ----------------------------------------------------------------
    (16, "09:35", "user",
     "Note this down as a lesson: backfilling fct_orders with --full-refresh rescanned about 4 TB "
     "(roughly NT$20k). Next time backfill it month by month with --vars '{start_date: ..., end_date: ...}' "
     "instead of a full refresh.",
     "[tool] dbt run --select fct_orders --full-refresh → 1 of 1 OK created sql table model "
     "mart.fct_orders [CREATE TABLE (412.8m rows, 4.1 TiB processed) in 1843.22s]",
     "exp_lesson_backfill"),
    (16, "11:00", "user",
     "阿明剛公告：月底結帳 3/30、3/31 這兩天 warehouse 凍結，dbt 不能 deploy 到 prod，有要上的東西 3/27 前弄完。",
     "", "rule_month_end_freeze"),
    (16, "14:30", "user",
     "資料品質最近好到我想去行天宮拜拜 😂 每次跑 dbt test 前先燒個香。",
     "[tool] dbt test → Done. PASS=212 WARN=0 ERROR=0 SKIP=0 TOTAL=212",
     "neg_joke_incense"),
    (16, "17:00", "user",
     "幫我寫一支 script 比對今天 orders 在 warehouse 跟在 replica 的筆數，差超過 0.1% 就印出來。",
     "", ""),
    # ---- day 17, Wed 03-18 ----------------------------------------------------------------
    (17, "09:50", "user",
     "提醒一下，daily_marts 已經改成五點跑了，所以下游 sensor 的 timeout 不用設到九點那麼晚，七點還沒等到就可以叫了。",
     "[tool] grep -n timeout dags/metabase_refresh.py → 22:    timeout=60 * 60 * 4,",
     "fact_dag_schedule_5am"),
    (17, "11:30", "user",
     "Not in Looker Studio. Our team's dashboards are all on Metabase; Looker Studio is marketing's.",
     "[tool] search Looker Studio reports for 'Store KPI' → 0 results",
     "corr_metabase"),
    (17, "14:00", "user",
     "想知道一支 query 多貴，先 `bq query --dry_run` 看 bytes processed 就好，不用真的跑下去。",
     "", "tip_bq_dry_run"),
    (17, "16:20", "user",
     "嗯，你剛剛講的「staging 層只做 rename 跟 cast，不要在這層 join」我懂了，那 intermediate 層呢？",
     "", "neg_echo_staging"),
    # ---- day 18, Thu 03-19 ----------------------------------------------------------------
    (18, "10:00", "user",
     "Does BigQuery always bill the full columns even when I put a LIMIT 10 on the query? Asking for the cost review.",
     "", "neg_q_limit_always"),
    (18, "13:15", "user",
     "幫我把季報要用的 weekly GMV 跟 WAU 拉出來，2025 Q4 到現在。",
     "", ""),
    (18, "16:40", "user",
     "stg_payments 的重複找到了，是 Debezium 重送。幫我在 stg 加 qualify row_number() 把它濾掉。",
     "", ""),
    # ---- day 19, Fri 03-20 ----------------------------------------------------------------
    (19, "09:30", "user",
     "Reminder from 阿明: no prod dbt deploys on 3/30 and 3/31, the warehouse is frozen for month-end close.",
     "", "rule_month_end_freeze"),
    (19, "11:00", "user",
     "今天下午 2 點到 4 點 Composer 在升級，DAG 會暫停，跑到一半的等它回來再說。",
     "", "neg_transient_composer"),
    (19, "13:40", "user",
     "For the quarterly deck, plotly charts please. The interactive hover is the whole point.",
     "", "pref_plotly"),
    (19, "15:30", "user",
     "假如 Debezium 永遠不會掉資料，我們還需要每天跟 replica 對帳嗎？還是其實可以拿掉？",
     "", "neg_hypo_never_reconcile"),
    (19, "17:20", "user",
     "幫我把這週做的東西整理成幾個 bullet，我要貼到週五的進度更新。",
     "", ""),
    # ---- day 20, Sat 03-21 ----------------------------------------------------------------
    (20, "10:10", "user",
     "Conversion rate should divide by distinct visitors, not sessions. Same as I said for the daily funnel.",
     "[tool] dbt show --select funnel_weekly --limit 1 → week | sessions | orders | cvr ; 2026-03-09 | 601223 | 40118 | 0.067",
     "corr_conversion_visitor"),
    (20, "11:30", "user",
     "週末還在弄季報 deck，傻眼 😑 幫我把 GMV 按地區拆成台北、新北、基隆三塊。",
     "", ""),
    (20, "14:00", "user",
     "佳穎說她以後都只看週報、不看日報了，哈，PM 的心情。",
     "", "neg_jiaying_weekly"),
    (20, "15:50", "user",
     "Before running anything heavy, a --dry_run tells you how many bytes it would scan. Check that "
     "first instead of running it to find out.",
     "", "tip_bq_dry_run"),
    (20, "18:30", "user",
     "幫我把剛剛那三張圖輸出成 html 檔，放到 reports/q1/ 底下。",
     "", ""),
    # ---- day 21, Sun 03-22 ----------------------------------------------------------------
    (21, "10:20", "user",
     "dbt is on 1.8 now, so write the new tests as unit_tests in the yml instead of the old custom macro thing.",
     "", "fact_dbt_18"),
    (21, "11:40", "user",
     "幫我檢查一下下週一要 merge 的那三個 PR 有沒有 conflict。",
     "", ""),
    (21, "14:10", "user",
     "完美 🎉",
     CONNECT_STATUS_OK,
     "neg_satisfied_connector"),
    (21, "16:00", "user",
     "If the CDC breaks one more time this month I'm quitting to grow pineapples in Hualien lol",
     "", "neg_joke_pineapple"),
    (21, "19:30", "user",
     "OK 今天先這樣，幫我把 deck 第 3 到 7 頁的數字跟 dashboard 再對一次。",
     "", ""),
]

# ---------------------------------------------------------------------------
# Where each item must end (word groups, synthesis place, pool place)
# ---------------------------------------------------------------------------

_SQL = ["SQL", "keyword", "關鍵字", "关键字", "關鍵詞", "关键词"]

EXPECTED: dict[str, tuple[list[list[str]], str, str]] = {
    # -- preferences, 3 observations each -> USER.md / L1 -----------------------------------
    "pref_sql_upper": (
        [["大寫", "大写", "uppercase", "upper case", "upper-case", "all caps", "全大寫", "全大写"], _SQL],
        "principles", "user"),
    "pref_md_table": (
        [["markdown"], ["表格", "table"]],
        "principles", "user"),
    "pref_diff_only": (
        [["diff"], ["檔案", "文件", "file", "重貼", "重贴", "paste", "整份", "整個", "整个", "改的", "改动", "改動", "changed", "touched"]],
        "principles", "user"),
    "pref_comments_english": (
        [["註解", "注释", "注解", "comment"], ["英文", "English", "英语"]],
        "principles", "user"),
    # -- rules / facts, 3 observations each -> MEMORY.md / L1 (the speed tip: L2) ------------
    "fact_cdc_dataset_v2": (
        [["cdc_orders_v2"]],
        "principles", "memory"),
    "rule_partition_filter": (
        [["fct_orders"], ["partition", "分區", "分区", "order_date"],
         ["filter", "條件", "条件", "過濾", "过滤", "where", "範圍", "范围", "擋", "挡"]],
        "principles", "memory"),
    "fact_dag_schedule_5am": (
        [["daily_marts"], ["5:00", "五點", "五点", "5 點", "5点", "5am", "5 am", "5 a.m", "21:00", "0 21 * * *"]],
        "principles", "memory"),
    "tip_defer_state": (
        [["defer"], ["state", "manifest", "上游", "upstream", "prod"]],
        "patterns", "memory"),
    # -- corrections of the agent, 3 observations each -> 错误修正记录 / L1 -----------------------
    "corr_pr_base_develop": (
        [["develop"], ["PR", "pull request", "base", "branch", "分支", "合併", "合并", "merge"]],
        "principles", "corrections"),
    "corr_count_distinct": (
        [["DISTINCT", "去重", "不重複", "不重复", "dedup", "de-dup"],
         ["user_id", "DAU", "WAU", "活躍", "活跃", "active user", "用戶數", "用户数", "使用者數", "人數", "人数"]],
        "principles", "corrections"),
    "corr_gmv_refund": (
        [["GMV"], ["退款", "refund"]],
        "principles", "corrections"),
    "corr_metabase": (
        [["Metabase"], ["Looker", "dashboard", "儀表板", "仪表板", "看板"]],
        "principles", "corrections"),
    # -- repeated failure: two fails minutes apart, the fix told twice ----------------------
    "fail_bq_location": (
        [["asia-east1"], ["bq", "BigQuery", "location", "區域", "区域", "region"]],
        "principles", "corrections"),
    # -- explicit instructions, once each ----------------------------------------------------
    "exp_reply_trad": (
        [["繁體", "繁体", "traditional", "正體", "正体"], ["中文", "Chinese", "回覆", "回复", "reply"]],
        "principles", "user"),
    "exp_never_drop_prod": (
        [["DROP", "TRUNCATE"], ["prod", "正式", "生產", "生产", "production"]],
        "principles", "memory"),
    "exp_lesson_connect": (
        [["connector", "Kafka Connect", "sink"], ["task"],
         ["status", "狀態", "状态", "state", "restart", "重啟", "重启", "FAILED"]],
        "patterns", "memory"),
    "exp_remember_pii": (
        [["PII", "個資", "个资", "個人資料", "个人资料", "個人信息", "个人信息", "敏感"],
         ["phone", "email", "電話", "电话", "手機", "手机", "信箱", "邮箱"]],
        "principles", "memory"),
    "exp_lesson_backfill": (
        [["backfill", "回補", "回补", "補資料", "补数据", "補跑", "补跑"],
         ["full-refresh", "full refresh", "full_refresh", "全量"]],
        "patterns", "memory"),
    # -- expired: first seen day 1-2, never after day 5, < 3 observations -------------------
    "pref_sql_lower_old": (
        [["小寫", "小写", "lowercase", "lower case", "lower-case"], _SQL],
        "absent", "expired"),
    "pref_conclusion_first": (
        [["結論", "结论", "conclusion", "answer first", "lead with", "TL;DR", "tldr", "bottom line"],
         ["先", "first", "前面", "開頭", "开头", "up front", "upfront", "lead"]],
        "principles", "expired"),
    "fact_replica_host": (
        [["orders-ro", "10.20.3.15"]],
        "principles", "expired"),
    "corr_gcs_variable": (
        [["gcs_landing_bucket"]],
        "principles", "expired"),
    "tip_uv_run": (
        [["uv run"]],
        "patterns", "expired"),
    # -- candidates: first seen day 12 or later, at most twice ------------------------------
    "pref_plotly": (
        [["plotly"]],
        "principles", "candidate"),
    "fact_dbt_18": (
        [["dbt"], ["1.8"]],
        "principles", "candidate"),
    "rule_month_end_freeze": (
        [["凍結", "冻结", "freeze", "frozen", "封版"],
         ["月底", "結帳", "结账", "month-end", "month end", "closing", "close", "3/30", "3/31"]],
        "principles", "candidate"),
    "corr_conversion_visitor": (
        [["轉換率", "转化率", "转换率", "conversion rate", "conversion"], ["visitor", "訪客", "访客"]],
        "principles", "candidate"),
    "tip_bq_dry_run": (
        [["dry_run", "dry run", "dry-run", "試跑", "试跑", "預跑", "预跑"],
         ["bytes", "掃描", "扫描", "scan", "費用", "费用", "cost", "多貴", "多贵"]],
        "patterns", "candidate"),
    # -- hard negatives: nothing anywhere ---------------------------------------------------
    "neg_oneoff_export": (
        [["dim_store"], ["CSV", "匯出", "导出", "export", "佳穎", "佳颖"]],
        "absent", "absent"),
    "neg_q_clustering": (
        [["clustering", "叢集", "聚簇", "聚集", "cluster"], ["partition", "分區", "分区"]],
        "absent", "absent"),
    "neg_satisfied_dashboard": (
        [["讚", "赞", "滿意", "满意", "satisf", "👍"],
         ["dashboard", "儀表板", "仪表板", "看板", "GMV"]],
        "absent", "absent"),
    "neg_hypo_snowflake": (
        [["Snowflake"]],
        "absent", "absent"),
    "neg_asymmetric": (
        [["不對稱", "不对称", "asymmetric"]],
        "absent", "absent"),
    "neg_colleague_owner_meta": (
        [["owner"], ["meta", "tag", "標籤", "标签"]],
        "absent", "absent"),
    "neg_finance_secure": (
        [["finance_secure"]],
        "absent", "absent"),
    "neg_file_indent": (
        [["縮排", "缩进", "indent"]],
        "absent", "absent"),
    "neg_yating_pie": (
        [["圓餅", "圆饼", "pie chart", "餅圖", "饼图"]],
        "absent", "absent"),
    "neg_retracted_slack": (
        [["Slack", "data-daily"], ["DAU", "9 點", "9点", "九點", "九点", "9am", "每天", "daily"]],
        "absent", "absent"),
    "neg_code_always_backfill": (
        [["always_backfill", "always backfill", "總是回補", "总是回补", "總是 backfill", "总是 backfill",
          "一律回補", "一律回补"]],
        "absent", "absent"),
    "neg_code_remember_helper": (
        [["remember(", "remember helper"], ["cache", "快取", "缓存", "GCS", "DataFrame", "parquet"]],
        "absent", "absent"),
    "neg_joke_incense": (
        [["燒香", "烧香", "拜拜", "行天宮", "行天宫"]],
        "absent", "absent"),
    "neg_echo_staging": (
        [["rename"], ["cast"]],
        "absent", "absent"),
    "neg_q_limit_always": (
        [["LIMIT"], ["bill", "計費", "计费", "收費", "收费", "charge", "費用", "费用", "cost"]],
        "absent", "absent"),
    "neg_transient_composer": (
        [["Composer"], ["升級", "升级", "upgrade", "維護", "维护", "maintenance", "暫停", "暂停"]],
        "absent", "absent"),
    "neg_hypo_never_reconcile": (
        [["對帳", "对账", "reconcil"]],
        "absent", "absent"),
    "neg_jiaying_weekly": (
        [["週報", "周报", "weekly report"], ["日報", "日报", "daily report"]],
        "absent", "absent"),
    "neg_satisfied_connector": (
        [["完美", "perfect", "滿意", "满意", "satisf", "🎉"], ["connector", "sink", "task", "Kafka", "CDC"]],
        "absent", "absent"),
    "neg_joke_pineapple": (
        [["pineapple", "鳳梨", "凤梨"]],
        "absent", "absent"),
}
