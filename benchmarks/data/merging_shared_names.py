"""Evaluation pairs for duplicate detection in a coding agent's long-term memory.

Each pair is (statement already in memory, new statement). The two statements
name the same specific Latin-script name (a person, host, tool, channel, repo,
database or bucket) but say DIFFERENT things: different responsibilities,
services, rules, constraints or preferences. A memory must never merge them
into one entry or treat the new one as a repeat of the old one.

Written blind on 2026-12-01 by a fresh-context writer who saw no code, no
tests and no other benchmark data. Pairs were written by hand to look like
what users type to an agent in chat (terse, informal): about 15 zh/zh, 15
zh/en cross-language (both directions) and 10 en/en. Some pairs also share a
topic word (e.g. "备份", "access", "read") and some share a second name
(e.g. both mention Ethan and Jenkins), to make a name-overlap shortcut fail.
"""
from __future__ import annotations

# (statement already in memory, new statement): two different things that share a name; never one entry
DIFFERENT_SHARING_A_NAME: list[tuple[str, str]] = [
    # zh / zh
    ("App Store 后台权限找 Ethan 开", "Ethan 每周五手动跑一次数据库备份"),
    ("pg-prod-02 上禁止直接跑迁移，必须走 CI", "pg-prod-02 的 max_connections 是 200，别再加连接池"),
    ("10.0.0.5 上跑的是 Redis，别随便重启", "10.0.0.5 只能从跳板机 ssh 过去"),
    ("#release 只发版本公告，别在里面聊天", "每周三下午在 #release 走发版审批"),
    ("Sentry 报错默认分给前端组", "Sentry 的 DSN 放 .env，别写死在代码里"),
    ("mac-mini-03 是 iOS 打包机", "mac-mini-03 每天凌晨三点会自动重启"),
    ("Lily 负责 staging 库的备份", "Lily 说备份文件保留 30 天就够了"),
    ("Grafana 看板统一放 infra 文件夹下", "Grafana 的账号找 Kevin 开，别自己注册"),
    ("acme-web 用 pnpm，不要用 npm 装包", "acme-web 的 main 分支禁止 force push"),
    ("Ethan 有 Jenkins 的管理员权限", "Ethan 不让在 Jenkins 上装新插件"),
    ("镜像统一推到 harbor.internal", "harbor.internal 上每个仓库只保留最近 20 个 tag"),
    ("Kevin 喜欢 PR 描述写中文", "前端的 code review 都归 Kevin"),
    ("redis-cache-01 内存上限 8G", "redis-cache-01 不开持久化，挂了直接重建"),
    ("Jira 单号要写在 commit message 里", "Jira 的 sprint 两周一轮，周一开"),
    ("pg-prod-02 的权限申请找 Ethan 审批", "Ethan 说 pg-prod-02 周日凌晨停机维护"),
    # zh / en and en / zh
    ("Ethan 管 App Store 的访问权限", "Ethan handles the weekly DB backups"),
    ("Sentry alerts go to #oncall", "Sentry 的 DSN 在 .env 里，别提交到仓库"),
    ("10.0.0.5 跑的是 Postgres 主库", "the nginx reverse proxy runs on 10.0.0.5"),
    ("#release 每次发版都要贴 changelog", "hotfixes need a +1 from Lily in #release"),
    ("pg-prod-02 gets backed up every 6 hours", "pg-prod-02 加索引前先找 DBA 看一下"),
    ("Grafana 只接只读副本当数据源", "Grafana alert silences can't exceed 2 hours"),
    ("mac-mini-03 has Xcode 15 pinned, don't upgrade", "mac-mini-03 放在五楼机房，要进去找 IT"),
    ("Lily owns access to the AWS console", "Lily 要求 access key 每 90 天轮换一次"),
    ("Kevin 周二周四远程办公", "Kevin prefers squash merges, no merge commits"),
    ("GitHub Actions 的 secrets 只有 Ethan 能改", "GitHub Actions runners are self-hosted on 10.0.0.7"),
    ("Docker images must pass a trivy scan before push", "Docker base image 统一用 alpine"),
    ("Jira tickets need story points before sprint planning", "bug 类的 Jira 单默认指给 Sophia"),
    ("acme-api 用 poetry 管依赖", "acme-api deploys to k8s through ArgoCD"),
    ("Vercel preview links go in the PR description", "Vercel 是 Pro 套餐，账单走 Lily 的卡"),
    ("Ethan 是 Sentry 的 owner", "Ethan wants new Sentry issues triaged within 24h"),
    # en / en
    ("Ethan is the only one with App Store Connect admin", "Ethan owns the on-call rotation spreadsheet"),
    ("analytics folks only get read access to pg-replica-01", "pg-replica-01 lags ~30s behind primary, don't read-after-write"),
    ("Sentry sample rate stays at 0.2 in prod", "Sentry releases are tagged with the git sha"),
    ("post the changelog in #release before tagging", "#release is muted on weekends, ping #oncall for emergencies"),
    ("mac-mini-03 runs the nightly e2e suite", "mac-mini-03 login is the ci user, key's in 1Password"),
    ("Lily prefers small PRs, under 400 lines", "Lily is on call for payments this month"),
    ("don't edit Grafana dashboards in the UI, change the json in the repo", "Grafana SSO goes through Okta"),
    ("acme-backups bucket keeps 30 days of snapshots", "acme-backups is only writable from 10.0.0.5"),
    ("Kevin and Ethan both have access to the Stripe dashboard", "Kevin handles Stripe refunds over $500"),
    ("Terraform for everything in AWS, no clickops", "Terraform state lives in the tf-state bucket, locked via DynamoDB"),
]
