"""Blind evaluation pairs for deciding "restatement" vs "changed value".

Written blind on 2026-12-01 by a fresh-context writer who saw no code, no
tests, no benchmarks and no BENCHMARKS.md; only the seed notes and DESIGN.md
were read for product context (a Markdown long-term memory for LLM coding
agents; users mostly write Chinese, also English and mixed).

How the pairs were chosen:
- RESTATED_WITH_DETAILS: the later statement says the same fact, rule or
  preference again in other words. Both sides share at least one specific
  Latin-script name (person, host, tool, project), and each side also names
  at least one Latin-script word the other lacks (incidental details: other
  tools, people, reasons, paths). These must be merged as repeats.
- CHANGED_VALUE: the later statement gives the same subject a different value
  (owner, host, port, version, path, tool, a reversed preference). About half
  also add or drop incidental details so that details alone cannot separate
  the lists; some share several names and differ in exactly one value, some
  differ in two values, and a few state the change implicitly (no "now",
  "moved", 改成). These must never be merged as repeats.
- Language mix in each list: 15 zh/zh, 15 zh/en cross-language (both
  directions), 10 en/en. No sentence appears in both lists. Subjects in the
  two lists are kept distinct.
"""

from __future__ import annotations

# (earlier statement, later statement): the same thing said again, with details that differ
RESTATED_WITH_DETAILS: list[tuple[str, str]] = [
    # zh / zh
    (
        "iOS 发版前必须先走一遍 TestFlight，Ethan 定的规矩",
        "Ethan 又提了一次：提交 ASC 审核之前先在 TestFlight 里让 QA 过一遍",
    ),
    (
        "线上报错都在 Sentry 里看，别去翻 Kibana 了",
        "crash 日志统一看 Sentry，Grafana 那边只有指标没有堆栈",
    ),
    (
        "翻译文案统一在 Lokalise 上改，不要直接动 zh.json",
        "文案别在代码里改！！去 Lokalise 改完再让 Mia 点同步",
    ),
    (
        "pg-prod-02 是 primary，跑 migration 前先打快照",
        "在 pg-prod-02 上跑 alembic 之前记得先 snapshot，上次差点翻车",
    ),
    (
        "构建机是 mac-mini-03，上面 Xcode 装的 15.4",
        "打包都在 mac-mini-03 上跑，Jenkins 的 agent 就挂在那台",
    ),
    (
        "代码格式化我习惯用 ruff，别再给我配 black 了",
        "Python 项目一律 ruff format，pre-commit 里也只挂 ruff",
    ),
    (
        "支付这块归 Lucas 管，有问题直接在 Slack 上 @他",
        "payment-service 的负责人是 Lucas，Stripe 回调也是他写的",
    ),
    (
        "周报用 Notion 写，模板在团队空间的 Weekly 目录",
        "周报别发邮件了，写到 Notion 里，Grace 每周五会看",
    ),
    (
        "commit message 用 Conventional Commits 格式，feat/fix 开头",
        "提交信息按 Conventional Commits 来，不然 CI 上 commitlint 会挂",
    ),
    (
        "staging 的访问日志在 /var/log/nginx，journalctl 里是看不到的",
        "staging 的日志去 /var/log/nginx 找，别 ssh 到 api-01 上瞎翻",
    ),
    (
        "部署前先在 Argo 上确认同步状态，不要直接 kubectl apply",
        "发布之前看一眼 Argo 是不是 Synced，上次 Kevin 手动 apply 把配置覆盖了",
    ),
    ("设计稿都在 Figma 的 Mobile-v2 文件里", "要看设计稿就去 Figma，没权限找 Chloe"),
    (
        "写 SQL 别用 select *，Owen 审代码会直接打回",
        "Owen 说过查询里不许出现 SELECT *，schema 一变就出问题",
    ),
    (
        "文档站用 Docusaurus 搭的，源文件在 docs/ 目录",
        "内部文档是 Docusaurus，改完推到 main 就会自动发到 Vercel",
    ),
    (
        "接口超时重试最多 3 次，用 tenacity 做 exponential backoff",
        "tenacity 重试别超过三次，不然 Redis 那边会被打爆",
    ),
    # zh / en and en / zh
    (
        "Sentry 告警统一发到 #oncall 频道，Ethan 在盯",
        "Sentry alerts go to #oncall; PagerDuty only pages for P0",
    ),
    (
        "Android 打包在 mac-mini-03 上，别用自己电脑打 release",
        "mac-mini-03 is the build box, the Gradle cache lives there too",
    ),
    (
        "Always run eslint before pushing, Jake hates red CI",
        "push 之前一定先跑 eslint，husky 钩子有时候不生效",
    ),
    (
        "翻译的 key 都在 Lokalise 上管，新增 key 找 Mia",
        "Translation keys are managed in Lokalise, never hardcode strings in iOS",
    ),
    (
        "The prod DB is pg-prod-02, read replica is pg-prod-03",
        "生产库就是 pg-prod-02，连的时候走 pgbouncer",
    ),
    (
        "周会纪要放 Confluence 的 ENG 空间，别放 Google Docs",
        "Meeting notes belong in Confluence, Priya archives them monthly",
    ),
    (
        "I prefer pnpm over npm, lockfile diffs are way smaller",
        "前端项目装依赖用 pnpm，monorepo 的 workspace 也好配",
    ),
    (
        "数据看板都在 Metabase 上，账号找 Daniel 开",
        "Dashboards live in Metabase, the SQL questions are under Growth",
    ),
    (
        "Never force-push to main, not even with --force-with-lease",
        "main 分支禁止 force push，rebase 完老老实实开 PR 走 review",
    ),
    (
        "日志保留 30 天，在 Loki 里查，再早的要去 S3 捞",
        "Logs are in Loki with 30-day retention; Grafana Explore is the easy way in",
    ),
    (
        "Kevin owns the Terraform repo, ask him before touching state",
        "Terraform 那个仓库是 Kevin 负责的，改 AWS 资源先跟他打招呼",
    ),
    (
        "合并前至少两个 approve，Owen 必须是其中一个",
        "PRs need two approvals, one must be Owen; CODEOWNERS enforces it",
    ),
    (
        "Figma 里的图标导出用 SVG，别导 PNG，糊",
        "Icons from Figma go out as SVG; Android turns them into VectorDrawable",
    ),
    (
        "The staging API is at api-stg.internal, VPN required",
        "测试环境接口地址 api-stg.internal，Postman 集合在共享盘里",
    ),
    (
        "我习惯用 Vim 键位，VS Code 里也装了 vscodevim",
        "I use Vim keybindings everywhere, even in JetBrains IDEs",
    ),
    # en / en
    (
        "Nora owns the iOS release train; TestFlight builds go through her",
        "Releases are Nora's call, she also holds the App Store Connect admin",
    ),
    (
        "Don't run Flyway migrations on pg-prod-02 during business hours",
        "pg-prod-02 migrations only after 8pm, Datadog shows lock spikes otherwise",
    ),
    (
        "Crash reports go to Sentry, not Crashlytics",
        "We use Sentry for mobile crashes, the DSN is in .env.production",
    ),
    (
        "Use Lokalise for all copy changes, designers shouldn't edit strings.xml",
        "Copy edits happen in Lokalise; Mia pushes them weekly via the CLI",
    ),
    (
        "Give me comparisons as Markdown tables, bullets are hard to scan in Obsidian",
        "Prefer Markdown tables for any comparison, like the Redis vs Memcached one",
    ),
    (
        "mac-mini-03 runs the nightly e2e suite with Detox",
        "Nightly e2e is on mac-mini-03, results land in #qa-nightly",
    ),
    (
        "Always bump the version in package.json before tagging, Lucas asked",
        "Bump package.json before any git tag, or semantic-release gets confused",
    ),
    (
        "The on-call runbook is in Notion under SRE/Runbooks",
        "Runbook for on-call lives in Notion; Priya updated the Kafka part last week",
    ),
    (
        "Never deploy to prod-eu on Fridays, Grace will just revert it",
        "No Friday pushes to prod-eu, period. Last time Argo rolled back at 2am",
    ),
    (
        "Use httpx, not requests, for new Python services",
        "New services should use httpx, the async client plays nicer with FastAPI",
    ),
]

# (earlier statement, later statement): the same subject with another value
CHANGED_VALUE: list[tuple[str, str]] = [
    # zh / zh
    (
        "订单服务 order-service 的负责人是 Leo",
        "order-service 现在归 Sophie 管了，Leo 调去做 infra 了",
    ),
    ("Redis 跑在 cache-01 上，端口 6379，密码在 Vault 里", "Redis 迁到 cache-02 了，端口改成 6380"),
    ("Node 版本统一用 18，nvm 里设成 default", "Node 统一升到 20 了，nvm 的 default 也改一下"),
    ("接口文档放在 Swagger 上", "接口文档不用 Swagger 了，改用 Apifox，Jason 已经把数据导过去了"),
    ("应用日志写到 /data/logs/app 下面", "日志目录换成 /mnt/logs/app 了，老盘要下线"),
    ("前端用 Vite 打包，webpack 那套别再动了", "打包工具又换回 webpack 了，Vite 的 SSR 插件坑太多"),
    ("测试库在 pg-test-01，账号用 readonly", "测试库在 pg-test-04，账号还是 readonly"),
    ("周报每周五发给 Henry 看", "周报以后发给 Olivia，Henry 不管这块了，直接写 Feishu 文档"),
    (
        "灰度发布先放 5% 流量，用 Flagsmith 控制",
        "灰度第一档放到 10%，Flagsmith 里那个 flag 叫 new-checkout",
    ),
    ("Python 依赖用 poetry 管", "Python 依赖管理换 uv 了，poetry.lock 可以删了"),
    (
        "CI 跑在 GitLab Runner 上，机器是 ci-runner-02",
        "CI 挪到 GitHub Actions 了，self-hosted runner 用 ci-runner-05",
    ),
    ("错误监控接的是 Bugsnag", "错误监控用的 Sentry，Bugsnag 那个合同没续"),
    ("MinIO 的控制台端口是 9001", "MinIO 控制台端口是 9090，别再敲 9001 了"),
    (
        "kafka 集群地址 kafka-a.internal:9092",
        "kafka 集群切到 kafka-b.internal:9093 了，Zookeeper 也一起下了",
    ),
    (
        "代码缩进用 4 个空格，ESLint 里配好了",
        "缩进改 2 个空格，跟 Prettier 默认对齐，ESLint 规则同步改",
    ),
    # zh / en and en / zh
    ("Staging gateway is gw-stg.corp on port 8080", "staging 网关换到 gw-stg2.corp 了，端口 8443"),
    (
        "iOS 打包机是 mac-mini-01",
        "iOS builds moved to mac-studio-02, mac-mini-01 keeps doing Android",
    ),
    ("Alerts go to Opsgenie", "告警现在走 PagerDuty，Opsgenie 下个月停掉，值班表 Ryan 在迁"),
    ("设计稿在 Sketch 里", "Design files are in Figma now, the Sketch licences expired in March"),
    (
        "Python 版本锁在 3.10，Dockerfile 里写死了",
        "We're on Python 3.12 now, bump it in the Dockerfile too",
    ),
    (
        "Docs are built with MkDocs, theme is Material",
        "文档站改用 VitePress 了，Material 主题那套不用了",
    ),
    (
        "埋点数据先进 Mixpanel",
        "Analytics events go to Amplitude, not Mixpanel, Zoe made the switch",
    ),
    (
        "Max upload size is 10MB, set in nginx client_max_body_size",
        "上传上限调到 50MB，nginx 的 client_max_body_size 记得一起改",
    ),
    (
        "数据库备份每天凌晨 3 点，存到 s3://backup-prod",
        "DB backups run at 1am now and go to s3://backup-prod-v2",
    ),
    ("Feature flags are managed in LaunchDarkly", "开关配置都挪到 Unleash 了，LaunchDarkly 太贵"),
    (
        "Vue 项目统一用 Pinia 做状态管理",
        "Vue projects stay on Vuex for state, the Pinia migration got cancelled",
    ),
    ("The SMTP relay is smtp.corp.io:587", "邮件发送走 SendGrid 的 API，smtp.corp.io 不再用了"),
    (
        "CDN 用的 Cloudflare，缓存规则 Mason 在维护",
        "CDN is Fastly these days, Mason still owns the cache rules",
    ),
    ("Java services use JDK 17", "Java 服务 JDK 统一 21，Gradle wrapper 也升一下"),
    ("Keycloak 的管理员是 Ivy", "Keycloak admin is Marcus now, Ivy left in October"),
    # en / en
    (
        "Our search cluster is Elasticsearch 7.17",
        "Search cluster is on Elasticsearch 8.13 since the upgrade, Kibana too",
    ),
    ("Felix owns the billing dashboard in Looker", "Billing dashboard in Looker? That's Tara's."),
    (
        "Grafana is at grafana.corp:3000",
        "Grafana's URL is monitor.corp/grafana now, port 3000 is closed",
    ),
    (
        "Use Jest for unit tests in the web repo",
        "Web repo unit tests are Vitest now, Jest config got deleted in PR 412",
    ),
    (
        "Terraform state lives in the tf-state-prod bucket in us-east-1",
        "Terraform state lives in tf-state-main in eu-west-1 after the move",
    ),
    (
        "For diagrams I prefer Mermaid in the README",
        "For diagrams I prefer PlantUML, Mermaid renders badly in Confluence",
    ),
    (
        "Nightly backups are kept for 14 days in Backblaze",
        "Nightly backups are kept for 30 days in Backblaze",
    ),
    (
        "The VPN endpoint is vpn.corp.io using WireGuard",
        "VPN endpoint changed to vpn2.corp.io, still WireGuard, Ops sent new keys",
    ),
    ("Ruby apps run on Ruby 3.1 with Puma", "Ruby apps are on 3.3, and we swapped Puma for Falcon"),
    (
        "Code freeze for release 4.2 starts Monday, Aiden approves exceptions",
        "Release 4.2 freeze starts Wednesday, exceptions go through Aiden and Nina",
    ),
]
