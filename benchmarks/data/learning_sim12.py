"""Karen Leung (梁嘉欣), 33, is a senior security / SRE engineer at HarbourPay (港滙支付), a payments fintech in Kwun Tong (觀塘), Hong Kong (香港). Her stack: AWS ap-east-1 with the DR site in ap-southeast-1, EKS (namespaces cde-payments, ingress-edge), Terraform run through Atlantis with state in S3 + DynamoDB, HashiCorp Vault, cert-manager with Route53 DNS-01, AWS WAF, GuardDuty and Splunk as the SIEM, Trivy and Snyk in CI, an SSH bastion that is being replaced by Teleport; audits for the HKMA (C-RAF, an onsite review) and PCI-DSS 4.0 (ASV scans, the cde scope). Colleagues: 陳sir (the CISO), 阿Ken (platform engineer who owns the Atlantis pipeline), Winnie姐 (risk and compliance lead), Priya (AppSec lead in Singapore). She types fast, on her phone between alerts or on her laptop: written Cantonese in traditional characters (嘅 咗 唔 冇 佢哋 啲 喺 嚟 俾 咩 點解 係 嘢) with English tech terms, little punctuation, particles (喇 囉 啦 喎 㗎 吖), emoji; about a quarter of her messages are entirely in English and a few are in Hong Kong formal written Chinese; the point often comes after a complaint, a story or a status update, and real values (kv-fin/payments/prod, hp-alb-apeast1, tp.hpay.internal, 10.42.250.10, #sec-infra, hp_sec_prod) recur in different wordings. Over three weeks (2 to 22 March 2026) she collects HKMA evidence and pentest remediation, keeps hitting a Terraform state lock held by Atlantis and a Trivy DB download blocked by the egress proxy, finds the agent reading an outdated Vault mount and the wrong WAF web ACL, handles a certificate-expiry incident on api.hpay.com.hk (day 9) that brings a new certificate policy, goes through a change freeze for the HKMA onsite review (16 to 27 March), sees the bastion move to Teleport, and once pastes a staging database password into the chat by mistake.

- "synthesis" (note 000, the self-evolution preset): every finding is written once, as an L1 principle (principles.md) or an L2 pattern (patterns/*.md);
- "pool" (note 004, the memory-manager preset): a finding waits in CANDIDATES.md until it is observed 3 times, then an evolution card writes it to USER.md, MEMORY.md or MEMORY.md's 错误修正记录; an explicit instruction goes through the card in one step; a candidate with fewer than 3 observations whose first observation is more than expiry_days ago is dropped.
It was written before the first run, from the five design notes and the public README/design pages only, without reading the product's code or tests; the expected places and the reasons for them are in learning_sim12_rationale.md. Do not edit it after it was frozen (learning_sim12.sha256).
Rules of play (the runner):
- Day 1 is 2026-03-02. Events run in order through `memstrata signal`; "user" is the user's message in the owner's main session (its context may hold `[tool] COMMAND → OUTPUT` lines for what the agent just ran); "fail" is a failed tool call from the failure hook: text is the error output, context is "Bash: <command>". The same command failing twice minutes apart is a repeated_failure signal.
- At 22:00 each day the heartbeat runs when due (pending >= 5 signals, or > 24 h since the last synthesis / the oldest signal and pending non-empty), and the user approves every card.
- expiry_days = 14, threshold 3 (pool policy).
- Timing: items promoted from the pool have their 3 observations within 9 days of the first; "expired" items are first observed on day 1-2 and never after day 5, and there are signals on days 19-21 so a heartbeat is due at the end; "candidate" items are first observed on day 12 or later and observed at most twice; explicit instructions are said on day 19 at the latest.
- Scoring: each EXPECTED item must appear exactly once in its place and nowhere else in memory (entries and candidates); "absent" means no entry and no candidate anywhere. An item is found in a text when every group of its words has one word in it (case-insensitive).
"""

from __future__ import annotations

TF_LOCK_D5_A = """Acquiring state lock. This may take a few moments...
╷
│ Error: Error acquiring the state lock
│
│ Error message: operation error DynamoDB: PutItem, https response error
│ StatusCode: 400, RequestID:
│ 8R1V0M2QJ5KCF7N3T9D6H4L8S0P2W6XBA5EGU1YZ3IO7NCJQ,
│ ConditionalCheckFailedException: The conditional request failed
│ Lock Info:
│   ID:        3f6c2a1e-8b4d-4c7e-9a2f-5d1e7b9c0a34
│   Path:      hpay-tfstate-prod/envs/prod/iam/terraform.tfstate
│   Operation: OperationTypeApply
│   Who:       atlantis@atlantis-0
│   Version:   1.7.5
│   Created:   2026-03-06 01:31:47.118204 +0000 UTC
│   Info:
│
│
│ Terraform acquires a state lock to protect the state from being written
│ by multiple users at the same time. Please resolve the issue above and try
│ again. For most commands, you can disable locking with the "-lock=false"
│ flag, but this is not recommended.
╵"""

TF_LOCK_D5_B = """Acquiring state lock. This may take a few moments...
╷
│ Error: Error acquiring the state lock
│
│ Error message: operation error DynamoDB: PutItem, https response error
│ StatusCode: 400, RequestID:
│ K2D7M4QZ9V1C3X5B8N0A6S2F4G7H9J1L3P5R8T0W2Y4E6U8I,
│ ConditionalCheckFailedException: The conditional request failed
│ Lock Info:
│   ID:        3f6c2a1e-8b4d-4c7e-9a2f-5d1e7b9c0a34
│   Path:      hpay-tfstate-prod/envs/prod/iam/terraform.tfstate
│   Operation: OperationTypeApply
│   Who:       atlantis@atlantis-0
│   Version:   1.7.5
│   Created:   2026-03-06 01:31:47.118204 +0000 UTC
│   Info:
│
│
│ Terraform acquires a state lock to protect the state from being written
│ by multiple users at the same time. Please resolve the issue above and try
│ again. For most commands, you can disable locking with the "-lock=false"
│ flag, but this is not recommended.
╵"""

TF_LOCK_D8_A = """Acquiring state lock. This may take a few moments...
╷
│ Error: Error acquiring the state lock
│
│ Error message: operation error DynamoDB: PutItem, https response error
│ StatusCode: 400, RequestID:
│ 0QW3E5R7T9Y1U3I5O7P9A1S3D5F7G9H1J3K5L7Z9X1C3V5B7,
│ ConditionalCheckFailedException: The conditional request failed
│ Lock Info:
│   ID:        b81d0f47-2c6e-4a19-8e53-7f0c2d9a6e15
│   Path:      hpay-tfstate-prod/envs/prod/iam/terraform.tfstate
│   Operation: OperationTypeApply
│   Who:       atlantis@atlantis-0
│   Version:   1.7.5
│   Created:   2026-03-09 00:57:03.640931 +0000 UTC
│   Info:
│
│
│ Terraform acquires a state lock to protect the state from being written
│ by multiple users at the same time. Please resolve the issue above and try
│ again. For most commands, you can disable locking with the "-lock=false"
│ flag, but this is not recommended.
╵"""

TF_LOCK_D8_B = """Acquiring state lock. This may take a few moments...
╷
│ Error: Error acquiring the state lock
│
│ Error message: operation error DynamoDB: PutItem, https response error
│ StatusCode: 400, RequestID:
│ M8N6B4V2C0X8Z6L4K2J0H8G6F4D2S0A8P6O4I2U0Y8T6R4E2,
│ ConditionalCheckFailedException: The conditional request failed
│ Lock Info:
│   ID:        b81d0f47-2c6e-4a19-8e53-7f0c2d9a6e15
│   Path:      hpay-tfstate-prod/envs/prod/iam/terraform.tfstate
│   Operation: OperationTypeApply
│   Who:       atlantis@atlantis-0
│   Version:   1.7.5
│   Created:   2026-03-09 00:57:03.640931 +0000 UTC
│   Info:
│
│
│ Terraform acquires a state lock to protect the state from being written
│ by multiple users at the same time. Please resolve the issue above and try
│ again. For most commands, you can disable locking with the "-lock=false"
│ flag, but this is not recommended.
╵"""


def _trivy(day: str, t0: str, t1: str, t2: str) -> str:
    return "\n".join(
        [
            f"{day}T{t0}+08:00\tINFO\t[vulndb] Need to update DB",
            f"{day}T{t0}+08:00\tINFO\t[vulndb] Downloading vulnerability DB...",
            f'{day}T{t0}+08:00\tINFO\t[vulndb] Downloading artifact...\trepo="mirror.gcr.io/aquasec/trivy-db:2"',
            f'{day}T{t1}+08:00\tWARN\t[vulndb] Failed to download artifact\trepo="mirror.gcr.io/aquasec/trivy-db:2" err="oci download error: failed to fetch the layer: GET https://mirror.gcr.io/v2/aquasec/trivy-db/manifests/2: dial tcp 142.251.10.82:443: i/o timeout"',
            f'{day}T{t1}+08:00\tINFO\t[vulndb] Downloading artifact...\trepo="ghcr.io/aquasecurity/trivy-db:2"',
            f'{day}T{t2}+08:00\tWARN\t[vulndb] Failed to download artifact\trepo="ghcr.io/aquasecurity/trivy-db:2" err="oci download error: failed to fetch the layer: GET https://ghcr.io/v2/aquasecurity/trivy-db/manifests/2: dial tcp 140.82.113.33:443: i/o timeout"',
            f"{day}T{t2}+08:00\tFATAL\tFatal error\trun error: init error: DB error: failed to download vulnerability DB: OCI artifact error: failed to download vulnerability DB: failed to download artifact from any source",
        ]
    )


TRIVY_D3_A = _trivy("2026-03-04", "09:15:03", "09:15:33", "09:16:03")
TRIVY_D3_B = _trivy("2026-03-04", "09:19:11", "09:19:41", "09:20:11")
TRIVY_D6_A = _trivy("2026-03-07", "10:20:02", "10:20:32", "10:21:02")
TRIVY_D6_B = _trivy("2026-03-07", "10:24:40", "10:25:10", "10:25:40")

SNYK_TIMEOUT = """Testing /home/karen/src/payments-api...

Failed to test 3 projects.
There was a problem running the test: request to https://api.snyk.io/v1/test-dep-graph?org=hpay-security failed, reason: connect ETIMEDOUT 104.18.28.116:443"""

DEDUP_SNIPPET = """幫我睇吓呢段 alert dedup 有冇 memory leak 🙏 跑咗兩日個 process 食到 2G
```python
import time

seen_alerts = {}

def remember(alert_id, ttl=900):
    seen_alerts[alert_id] = time.time() + ttl

def is_dup(alert_id):
    exp = seen_alerts.get(alert_id)
    return exp is not None and exp > time.time()
```"""

SCRIPT: list[tuple[int, str, str, str, str, str]] = [
    # ---- day 1, Mon 2026-03-02
    (1, "09:12", "user", "早晨☕ 今個月要交 HKMA C-RAF 嘅 evidence 同埋 Q1 pentest 嘅 remediation 頭都大 先幫我 list 吓 infra-live repo 入面 terraform/envs 底下有咩 folder", "", ""),
    (1, "09:48", "user", "btw 你啲 reply 可唔可以唔好成日加 ✅ 🚀 🔥 嗰啲 icon 同 emoji 呀 喺 terminal 度全部變晒豆腐格 睇到眼都花 😅", "", "pref_no_emoji"),
    (1, "11:05", "user", "搵唔到上個月嗰啲 failed login 唔係 Splunk 壞咗 hot retention 得 30 日咋 再舊啲要去 s3://hp-siem-archive/ 用 Athena 撈", "[tool] splunk search 'sourcetype=aws:cloudtrail eventName=ConsoleLogin errorMessage=\"Failed authentication\" earliest=-45d' → 0 events (earliest indexed event 2026-01-31)", "fact_splunk_retention"),
    (1, "14:30", "user", "write me a script that loops over every ingress TLS secret and prints notAfter with openssl, sorted by expiry", "", ""),
    # ---- day 2, Tue 2026-03-03
    (2, "09:30", "user", "你應該唔知 入 prod 啲 node 要經 bastion 行 bastion-hk1.ops.hpay.internal port 2222 用返自己個 AD account ssh 入去", "", "bastion_old_port"),
    (2, "10:05", "fail", 'error: the server doesn\'t have a resource type "secrts"', "Bash: kubectl get secrts -n cde-payments", "fail_once_kubectl_typo"),
    (2, "10:20", "user", "你每次都解釋一大輪先至俾 command 😩 我啲 alert 喺度響緊 俾 command 我先啦 解釋擺後面", "", "pref_command_first"),
    (2, "15:00", "user", "幫我將 PT-2026-014 嗰個 IDOR finding 寫做 Jira comment 俾 dev team 另外寫 Jira 嘅嘢我比較想要 bullet points 一點點咁列出嚟 唔好成段 essay 佢哋唔會睇", "", "pref_jira_bullets"),
    (2, "17:30", "user", "check 吓 cde-payments namespace 入面仲有邊啲 Opaque secret 未搬去 external-secrets", "[tool] kubectl get secrets -n cde-payments --field-selector type=Opaque → 7 items", ""),
    # ---- day 3, Wed 2026-03-04
    (3, "09:15", "fail", TRIVY_D3_A, "Bash: trivy image --severity HIGH,CRITICAL registry.hpay.internal/payments/api:2.14.1", "fail_trivy_db"),
    (3, "09:19", "fail", TRIVY_D3_B, "Bash: trivy image --severity HIGH,CRITICAL registry.hpay.internal/payments/api:2.14.1", "fail_trivy_db"),
    (3, "09:35", "user", "park the scan for now. can you check whether the payments-api Dockerfile is still on debian bullseye as base image", "", ""),
    (3, "10:30", "user", "今朝 standup 陳sir 宣佈咗 由今日開始所有 terraform apply 之前都要將 plan output post 上 #sec-infra 等阿Ken 或者我 review 咗先可以 apply 連 uat 都係", "", "rule_plan_review"),
    (3, "14:00", "user", "Snyk 啲 result 你咁樣一段段寫 我喺電話度睇唔切 可唔可以整做 table 吖 severity / CVE / package / fixed version 一行一個", "[tool] snyk test --json --severity-threshold=medium → 23 issues (4 high, 19 medium)", "pref_findings_table"),
    (3, "16:40", "user", "assume role 去 prod-readonly 幫我 list 晒半年冇用過嘅 IAM access key", "", ""),
    # ---- day 4, Thu 2026-03-05
    (4, "09:10", "user", "咦 呢個 updated_time 係舊年 11 月喎 😑 secret/ 嗰個 mount 上個月已經 migrate 晒去 kv-fin/payments/prod 喇 舊嗰個冇人再 sync", "[tool] vault kv metadata get secret/payments/prod/db → created_time 2025-11-03T02:14:55Z, current_version 4, updated_time 2025-11-20T08:41:07Z", "corr_vault_kvfin"),
    (4, "11:30", "user", "SIEM 嗰啲 alert 全部係 UTC 我要喺個腦度 +8 好易計錯 你 summarise 嘅時候轉埋做 HKT 吖", "[tool] splunk search 'index=notable earliest=-24h' → 14 notable events (_time in UTC)", "pref_hkt_time"),
    (4, "14:20", "user", "also pls drop the emoji / icon bullets in your answers, they come out as boxes in my tmux", "", "pref_no_emoji"),
    (4, "16:00", "user", "幫我 draft 封 email 俾 Winnie姐 交 pentest remediation status 12 個 closed 5 個 in progress", "", ""),
    # ---- day 5, Fri 2026-03-06
    (5, "09:40", "fail", TF_LOCK_D5_A, "Bash: terraform -chdir=envs/prod/iam plan -out=tfplan", "fail_tf_state_lock"),
    (5, "09:44", "fail", TF_LOCK_D5_B, "Bash: terraform -chdir=envs/prod/iam plan -out=tfplan", "fail_tf_state_lock"),
    (5, "10:10", "user", "pls — command first, explanation after. I'm on my phone half the time", "", "pref_command_first"),
    (5, "14:30", "user", "講聲你知 GuardDuty 嗰啲 UnauthorizedAccess:EC2/SSHBruteForce 如果 source 係 10.42.250.10 嘅 係我哋自己放喺 DMZ 嘅 honeypot 嚟 唔使當真", "", "fact_honeypot"),
    (5, "15:10", "user", "提多次 apply 之前 plan 要 post 上 #sec-infra 俾人 review 咗先 今日啲 S3 bucket policy change 都一樣", "", "rule_plan_review"),
    (5, "17:45", "user", "it's Friday, give me a summary of how many pentest findings we closed this week and which highs are still open", "", ""),
    # ---- day 6, Sat 2026-03-07
    (6, "10:20", "fail", TRIVY_D6_A, "Bash: trivy image --severity HIGH,CRITICAL registry.hpay.internal/payments/api:2.14.1", "fail_trivy_db"),
    (6, "10:24", "fail", TRIVY_D6_B, "Bash: trivy image --severity HIGH,CRITICAL registry.hpay.internal/payments/api:2.14.1", "fail_trivy_db"),
    (6, "10:32", "user", "又係 download 唔到個 trivy DB 🙄 ghcr.io 同 mirror.gcr.io 都俾 egress proxy block 咗㗎 加 --db-repository registry.hpay.internal/mirror/trivy-db 用返 internal mirror 就得", "", "fail_trivy_db"),
    (6, "11:05", "user", "for the scan results — a table again pls: severity, CVE, package, installed, fixed. paragraphs are unreadable on my phone", "", "pref_findings_table"),
    # ---- day 7, Sun 2026-03-08
    (7, "21:10", "user", "又係 10.42.250.10 嗰部 honeypot 俾人 SSH brute force 啫 唔使 escalate 俾 on-call 😴", "[tool] aws guardduty list-findings --detector-id 6ec4... → 3 findings UnauthorizedAccess:EC2/SSHBruteForce", "fact_honeypot"),
    (7, "21:30", "user", "again 😑 stripe-webhook 嗰條喺 kv-fin/payments/prod/stripe-webhook 呀 secret/ mount 嗰份係舊 copy 上個月之後已經冇人 update", "[tool] vault kv metadata get -mount=secret payments/prod/stripe-webhook → updated_time 2025-11-20T08:41:07Z", "corr_vault_kvfin"),
    # ---- day 8, Mon 2026-03-09
    (8, "09:05", "fail", TF_LOCK_D8_A, "Bash: terraform -chdir=envs/prod/iam plan -out=tfplan", "fail_tf_state_lock"),
    (8, "09:09", "fail", TF_LOCK_D8_B, "Bash: terraform -chdir=envs/prod/iam plan -out=tfplan", "fail_tf_state_lock"),
    (8, "09:20", "user", "又係阿Ken 條 Atlantis pipeline 揸住個 state lock 😤 見到 Error acquiring the state lock 唔好 force-unlock 加 -lock-timeout=10m 等佢行完就得", "", "fail_tf_state_lock"),
    (8, "10:00", "user", "通知：HKMA 現場審查定於 3月16日至27日 進行，期間 prod 環境實施 change freeze，只准 emergency change，而且要 陳sir 簽批。", "", "rule_change_freeze"),
    (8, "11:20", "user", "又一大段 theory 😮‍💨 講過喇 command 擺最頭 解釋之後先講", "", "pref_command_first"),
    (8, "14:00", "user", "diff the IAM role trust policies between prod and uat for me, flag any wildcard principals", "", ""),
    (8, "15:30", "user", "Priya 話佢哋 Singapore 嗰邊 每個 PR 要兩個 approver 先 merge 得 聽落都幾折磨 haha", "", "hn_priya_two_approvers"),
    # ---- day 9, Tue 2026-03-10 (certificate incident)
    (9, "08:45", "user", "🚨 api.hpay.com.hk 個 cert 過咗期 customer 打唔到 checkout 即刻幫我睇 cert-manager", "", ""),
    (9, "08:50", "user", "幫我記低 incident id INC-20417 等陣寫 postmortem 要用", "", "hn_note_incident_id"),
    (9, "08:58", "user", "點解 cert-manager 唔自動 renew 嘅？係咪 always 要手動 trigger 㗎？", "[tool] kubectl get certificate -n ingress-edge → api-hpay-tls  READY=False  SECRET=api-hpay-tls  AGE=412d", "hn_q_cert_manual"),
    (9, "09:30", "user", "搵到喇 Route53 嗰個 IAM role 冇咗 route53:ChangeResourceRecordSets 阿Ken 上星期收緊 IAM 嗰陣剷咗 幫我加返", "[tool] kubectl describe challenge -n ingress-edge api-hpay-tls-1-2793 → Error presenting challenge: AccessDenied: not authorized to perform route53:ChangeResourceRecordSets", ""),
    (9, "09:40", "user", "就算係 incident 個 IAM fix 都要 post plan 上 #sec-infra 俾阿Ken review 先 apply 㗎 我 ping 咗佢喇", "", "rule_plan_review"),
    (9, "10:15", "user", "checkout 係行 ALB 唔係 CloudFront 㗎 要睇嘅 web ACL 係 ap-east-1 regional 嗰個 hp-alb-apeast1", "[tool] aws wafv2 get-web-acl --scope CLOUDFRONT --region us-east-1 --name hp-edge-global --id 4c1e9b2a-... → 12 rules, 0 blocked requests for /checkout", "corr_waf_acl"),
    (9, "11:00", "user", "陳sir 啱啱定咗新規矩：cert 剩返 21 日就要開 ticket 剩 7 日要 page on-call 今次唔可以再咁", "", "rule_cert_expiry_alert"),
    (9, "14:20", "user", "timeline for the postmortem — convert those UTC timestamps to HKT please, everyone reading it is in HK", "", "pref_hkt_time"),
    # ---- day 10, Wed 2026-03-11
    (10, "09:30", "user", "stg 個 pg-ledger-stg 密碼 Winnie姐 reset 咗 新嘅係 Wq7#tLp92vX 你幫我 update 落 k8s secret ledger-db-stg 度 今日 demo 要用", "", "hn_secret_paste"),
    (10, "09:40", "user", "啊 頭先唔應該咁樣 paste 出嚟 🙈 記住 以後 output 入面有 token 或者 password 一律 mask 咗先好 show 出嚟", "", "explicit_mask_secrets"),
    (10, "11:00", "user", "pentest 嗰啲 findings 都係整 table 吖 severity、CWE、affected host、fix 一行一個", "", "pref_findings_table"),
    (10, "14:00", "user", "又去咗舊 mount 😩 Vault 嗰邊 payments 嘅嘢而家全部喺 kv-fin/ 嗰個 KV v2 secret/ 嗰度淨係得返舊 copy", "[tool] vault kv list secret/payments/prod → db, stripe-webhook, hsm-pin-ref", "corr_vault_kvfin"),
    (10, "15:00", "user", "提提你 16號開始 freeze 到 27號 呢個禮拜啲 IAM change 要趕喺 15號之前 apply 晒 之後就要行 emergency change", "", "rule_change_freeze"),
    (10, "16:30", "user", "問少少 點解 RS256 呢類唔對稱加密 verify JWT 會慢過 HS256 咁多㗎？定係我哋 gateway 自己嘅問題", "", "hn_q_rs256"),
    # ---- day 11, Thu 2026-03-12
    (11, "09:20", "user", "IAM access review 做咗一半 卡喺 break-glass account 嗰度 另外順便講 bastion 已經轉咗 Teleport 喇 以後入 prod 用 tsh login --proxy=tp.hpay.internal", "", "bastion_teleport"),
    (11, "10:30", "user", "CloudFront 嗰個 global ACL 唔關 checkout 事 上次講咗 係 ALB 嗰個 hp-alb-apeast1 呀", "[tool] aws wafv2 list-web-acls --scope CLOUDFRONT --region us-east-1 → hp-edge-global", "corr_waf_acl"),
    (11, "11:40", "user", "FYI new cert policy from 陳sir: open a ticket at 21 days to expiry, page on-call at 7 days. can you update the PrometheusRule to match", "", "rule_cert_expiry_alert"),
    (11, "15:00", "user", DEDUP_SNIPPET, "", "hn_code_remember"),
    (11, "16:20", "user", "build me a Splunk search for console logins without MFA over the last 7 days", "", ""),
    # ---- day 12, Fri 2026-03-13
    (12, "09:10", "user", "又係 UTC 😵 SIEM 嘅 summary 一律轉咗 HKT 先俾我", "[tool] splunk search 'index=notable earliest=-24h' → 9 notable events (_time in UTC)", "pref_hkt_time"),
    (12, "10:00", "user", "the SSH brute-force findings from 10.42.250.10 are our honeypot, don't open incidents for those", "", "fact_honeypot"),
    (12, "14:30", "user", "sort the ASV scan remediation list by PCI DSS 4.0 requirement, 11.3.2 first", "", ""),
    (12, "15:00", "user", "如果 HKMA 問我哋 key rotation 幾耐做一次 假設佢哋要求 90 日 我哋而家 Vault transit key 嘅 auto_rotate_period 夠唔夠？", "", "hn_hypo_key_rotation"),
    (12, "16:00", "user", "今日之內幫我將 Snyk 全部 open issue export 做 CSV send 俾 Winnie姐", "", "hn_oneoff_csv"),
    # ---- day 13, Sat 2026-03-14
    (13, "11:00", "user", "Priya 問我點入 prod debug 我話佢知而家係用 Teleport tp.hpay.internal 㗎喇 舊 bastion 已經唔再開新 account", "", "bastion_teleport"),
    (13, "11:30", "user", "WAF log 點開呀 你唔好叫我入 console 㩒嚟㩒去 俾條 aws cli 我 copy 就得", "", "pref_cli_over_console"),
    (13, "12:10", "user", "陳sir 話今年 DR drill 再 fail 佢就永遠不要再飲樓下嗰間嘅奶茶 😂😂 佢講咗三年", "", "hn_joke_milk_tea"),
    # ---- day 14, Sun 2026-03-15
    (14, "20:00", "user", "聽日開始 change freeze 到 27號 今晚 apply 埋 IAM 嗰個 PR 之後 prod 一律 emergency change", "", "rule_change_freeze"),
    (14, "20:30", "user", "index=main 點會有 cloudtrail 😂 我哋啲 security log 全部入 hp_sec_prod", "[tool] splunk search 'index=main sourcetype=aws:cloudtrail eventName=ConsoleLogin earliest=-7d' → 0 events", "corr_splunk_index"),
    (14, "21:00", "user", "Remember: the PCI ASV external scan runs Sunday 2am to 6am, don't start any Trivy or nmap runs against the cde ranges in that window", "", "explicit_asv_window"),
    # ---- day 15, Mon 2026-03-16 (freeze starts, HKMA onsite)
    (15, "09:00", "user", "HKMA 今日嚟 onsite 幫我準備 IAM access review 嘅 evidence folder", "", ""),
    (15, "09:45", "fail", SNYK_TIMEOUT, "Bash: snyk test --all-projects --severity-threshold=high", "fail_once_snyk_timeout"),
    (15, "10:30", "user", "terraform 入面啲 comment 你寫返英文吖 雖然我同你講廣東話 但係 auditor 要睇", "", "pref_tf_comments_english"),
    (15, "14:00", "user", "呢個 file scripts/rotate_keys.py 跟返佢原本嘅 4 個 space indent 吖 你頭先 paste 嗰段係 2 個", "", "hn_this_file_indent"),
    (15, "16:00", "user", "quick q — does Vault revoke a lease that was never renewed once it hits max_ttl, or only when someone revokes it?", "", "hn_q_vault_lease"),
    # ---- day 16, Tue 2026-03-17
    (16, "09:30", "user", "us-east-1 global 嗰個又嚟 🙄 checkout 嘅 traffic 要睇 ap-east-1 個 hp-alb-apeast1", "[tool] aws wafv2 get-sampled-requests --web-acl-arn arn:aws:wafv2:us-east-1:...:global/webacl/hp-edge-global/4c1e9b2a-... --rule-metric-name ALL → 100 samples", "corr_waf_acl"),
    (16, "10:40", "user", "順便 update 埋 runbook：cert 剩 21 日開 ticket 剩 7 日 page on-call 呢個係新 policy", "", "rule_cert_expiry_alert"),
    (16, "11:30", "user", "WAF 嘅 custom rule 而家歸 Priya 嗰隊 AppSec 管 我哋改任何嘢之前要 cc 佢", "", "fact_waf_owner"),
    (16, "15:00", "user", "阿Ken 頭先喺 group send 咗句「記住今晚 11點 rotate ingress 個 wildcard cert」佢提佢自己咋 唔關我哋事", "", "hn_quote_ken_remember"),
    (16, "16:30", "user", "how many criticals are still open in the latest Trivy report?", "", ""),
    # ---- day 17, Wed 2026-03-18
    (17, "09:30", "user", "heads-up: bastion-hk1 is being decommissioned end of month, all prod access goes through Teleport (tp.hpay.internal) from now on", "", "bastion_teleport"),
    (17, "10:30", "user", "此次 api.hpay.com.hk 證書過期事故，這個經驗記一下，下次也要先檢查 cert-manager 的 ClusterIssuer 所用 IAM role 是否仍有 Route53 權限，才收緊 IAM。", "", "explicit_lesson_clusterissuer"),
    (17, "11:30", "user", "cloudtrail isn't in main, it's in hp_sec_prod", "[tool] splunk search 'index=main sourcetype=aws:cloudtrail errorCode=AccessDenied earliest=-24h' → 0 events", "corr_splunk_index"),
    (17, "15:00", "user", "幫我寫 postmortem 嘅 action items 三點就夠", "", ""),
    # ---- day 18, Thu 2026-03-19
    (18, "10:00", "user", "I'd rather have the aws cli one-liner than console click-through steps, I can paste it into the ticket as evidence", "", "pref_cli_over_console"),
    (18, "11:00", "user", "以下資料請寫入你嘅記憶：DR site 係 ap-southeast-1（新加坡），RTO 4 小時，RPO 15 分鐘。", "", "explicit_dr_site"),
    (18, "14:00", "user", "if we ever moved the SIEM off Splunk onto Elastic, would our correlation searches port over or would we have to rewrite them all?", "", "hn_hypo_elastic"),
    (18, "15:30", "user", "HKMA 問 privileged access 嘅 session recording 幫我 export Teleport 上個月嘅 audit log", "", ""),
    # ---- day 19, Fri 2026-03-20
    (19, "10:00", "user", "記住 以後同我講任何 CVE 都要寫埋 CVSS score 同埋有冇上 CISA KEV（即係有冇 exploit in the wild）", "", "explicit_cve_cvss_kev"),
    (19, "14:00", "user", "which cert-manager Certificate expires soonest right now?", "", ""),
    (19, "16:30", "user", "Winnie姐 自己就鍾意 Splunk 用 dark mode 佢話白底傷眼 😂 我就無所謂", "", "hn_third_party_dark_mode"),
    # ---- day 20, Sat 2026-03-21
    (20, "11:00", "user", "comments in the .tf files in English please, auditors read those", "", "pref_tf_comments_english"),
    (20, "11:30", "user", "run tflint on modules/waf and modules/iam", "", ""),
    # ---- day 21, Sun 2026-03-22
    (21, "15:00", "user", "freeze 仲有一個禮拜 幫我 list 吓 pending 緊嘅 change request", "", ""),
    (21, "16:10", "user", "btw WAF rule changes now go through Priya's AppSec team, cc her before touching anything in there", "", "fact_waf_owner"),
]

EXPECTED: dict[str, tuple[list[list[str]], str, str]] = {
    # preferences
    "pref_findings_table": ([["table", "表格"], ["cve", "cwe", "severity", "嚴重", "严重", "finding", "漏洞", "scan", "掃描", "扫描", "snyk", "pentest"]], "patterns", "user"),
    "pref_command_first": ([["command", "命令", "指令"], ["解釋", "解释", "explanation", "explain", "說明", "说明"]], "patterns", "user"),
    "pref_hkt_time": ([["hkt", "香港時間", "香港时间", "hong kong time", "utc+8"]], "patterns", "user"),
    "pref_cli_over_console": ([["cli", "命令行"], ["console", "控制台", "主控台"]], "patterns", "candidate"),
    "pref_tf_comments_english": ([["comment", "註釋", "注释", "註解", "注解", "備註", "备注"], ["english", "英文"]], "patterns", "candidate"),
    "pref_no_emoji": ([["emoji", "icon", "圖示", "图标", "表情"]], "patterns", "expired"),
    "pref_jira_bullets": ([["jira"], ["bullet", "點列", "点列", "要點", "要点", "分點", "分点", "列點", "列点"]], "patterns", "expired"),
    # corrections of the agent
    "corr_vault_kvfin": ([["kv-fin"]], "principles", "corrections"),
    "corr_waf_acl": ([["hp-alb-apeast1"]], "principles", "corrections"),
    "corr_splunk_index": ([["hp_sec_prod"]], "principles", "candidate"),
    # a value that changes: the old bastion, then Teleport
    "bastion_old_port": ([["bastion-hk1"], ["2222"]], "principles", "expired"),
    "bastion_teleport": ([["tp.hpay.internal", "teleport", "tsh "], ["bastion", "跳板", "jump", "堡壘", "堡垒"]], "principles", "memory"),
    # rules and facts
    "rule_plan_review": ([["plan"], ["sec-infra"]], "principles", "memory"),
    "rule_change_freeze": ([["freeze", "凍結", "冻结", "封網", "封网"], ["16", "27"]], "principles", "memory"),
    "fact_honeypot": ([["10.42.250.10", "honeypot", "蜜罐"]], "patterns", "memory"),
    "rule_cert_expiry_alert": ([["21 日", "21日", "21 days", "21-day", "21 day", "21天", "21 天"], ["cert", "證書", "证书"]], "principles", "memory"),
    "fact_waf_owner": ([["priya"], ["waf"]], "principles", "candidate"),
    "fact_splunk_retention": ([["hp-siem-archive"]], "patterns", "expired"),
    # explicit instructions
    "explicit_mask_secrets": ([["mask", "遮", "redact", "打碼", "打码", "隱藏", "隐藏", "脫敏", "脱敏"], ["token", "password", "密碼", "密码", "密鑰", "密钥"]], "principles", "memory"),
    "explicit_asv_window": ([["asv"], ["sunday", "星期日", "週日", "周日", "禮拜日", "礼拜日", "星期天"]], "principles", "memory"),
    "explicit_lesson_clusterissuer": ([["clusterissuer", "cluster issuer"], ["route53", "route 53", "iam", "dns01", "dns-01"]], "patterns", "memory"),
    "explicit_dr_site": ([["ap-southeast-1"], ["rto", "dr", "災備", "灾备", "災難", "灾难"]], "principles", "memory"),
    "explicit_cve_cvss_kev": ([["cvss"], ["kev", "exploit", "在野"]], "principles", "user"),
    # tool failures
    "fail_tf_state_lock": ([["lock", "鎖", "锁"], ["terraform", "tfstate"]], "principles", "corrections"),
    "fail_trivy_db": ([["trivy"], ["db-repository", "mirror", "鏡像", "镜像", "ghcr", "download", "下載", "下载", "vulnerability db", "vulndb", "漏洞庫", "漏洞库"]], "principles", "corrections"),
    "fail_once_kubectl_typo": ([["secrts"]], "absent", "expired"),
    "fail_once_snyk_timeout": ([["snyk"], ["etimedout", "timeout", "timed out", "超時", "超时"]], "absent", "candidate"),
    # hard negatives
    "hn_priya_two_approvers": ([["approver", "審批人", "审批人", "批核"], ["兩", "两", "two", "2"]], "absent", "absent"),
    "hn_note_incident_id": ([["inc-20417"]], "absent", "absent"),
    "hn_q_cert_manual": ([["手動", "手动", "manual"], ["renew", "續期", "续期"]], "absent", "absent"),
    "hn_secret_paste": ([["pg-ledger-stg", "ledger-db-stg", "wq7#tlp92vx"]], "absent", "absent"),
    "hn_q_rs256": ([["rs256", "hs256"]], "absent", "absent"),
    "hn_code_remember": ([["seen_alerts", "remember(alert"]], "absent", "absent"),
    "hn_hypo_key_rotation": ([["90"], ["rotation", "rotate", "輪換", "轮换", "輪轉", "轮转", "auto_rotate"]], "absent", "absent"),
    "hn_oneoff_csv": ([["csv"]], "absent", "absent"),
    "hn_joke_milk_tea": ([["奶茶", "milk tea"]], "absent", "absent"),
    "hn_this_file_indent": ([["4 個 space", "4 个 space", "4個space", "4个space", "4 space", "4-space", "4 空格", "4空格", "4 個空格", "4个空格", "四個空格", "四个空格", "rotate_keys"]], "absent", "absent"),
    "hn_q_vault_lease": ([["max_ttl"]], "absent", "absent"),
    "hn_quote_ken_remember": ([["11點", "11点", "11pm", "23:00", "十一點", "十一点"], ["rotate", "輪換", "轮换", "更換", "更换", "wildcard"]], "absent", "absent"),
    "hn_hypo_elastic": ([["elastic"]], "absent", "absent"),
    "hn_third_party_dark_mode": ([["dark mode", "深色", "暗色", "白底"]], "absent", "absent"),
}
