"""File templates for ``memstrata init``, taken from the design notes (Chinese by default).

Each template is keyed by the file's role-relative name; ``{today}`` is filled in at init.
MEMORY.md / USER.md get their line-index header computed right after creation, so the header
is correct from the first line.
"""

from __future__ import annotations

ZH: dict[str, str] = {
    "SOUL.md": "# SOUL.md\n\n> Agent 的灵魂与价值观。由配置者维护，memstrata 只读不写。\n\n## 核心原则\n- 诚实为本\n- 执行优先\n",
    "IDENTITY.md": "# IDENTITY.md\n\n> Agent 的身份、风格与 emoji。由配置者维护，memstrata 只读不写。\n\n## 基础信息\n- 代号：\n- 角色：\n",
    "AGENTS.md": (
        "# AGENTS.md\n\n"
        "## Every Session\n\n"
        "Before doing anything else:\n"
        "1. Read `SOUL.md` — this is who you are\n"
        "2. Read `USER.md` — this is who you're helping\n"
        "3. Read `memory/YYYY-MM-DD.md` (today + yesterday) for recent context\n"
        "4. **If in MAIN SESSION**: Also read `MEMORY.md`\n\n"
        "Don't ask permission. Just do it.\n\n"
        "### 🧠 MEMORY.md - Your Long-Term Memory\n\n"
        "- **ONLY load in main session** (direct chats with your human)\n"
        "- **DO NOT load in shared contexts** (Discord, group chats, sessions with other people)\n"
        "- Write significant events, thoughts, decisions, opinions, lessons learned\n\n"
        '### 📝 Write It Down - No "Mental Notes"!\n\n'
        "- **Memory is limited** — if you want to remember something, WRITE IT TO A FILE\n"
        '- When someone says "remember this" → `memstrata remember "..."`\n'
        '- When you learn a lesson → `memstrata lesson "..." --fix "..."`\n'
        '- Before answering about prior work: `memstrata search "..."`, cite `📍 path:Lnn`\n\n'
        "### 🔄 Memory Maintenance (During Heartbeats)\n\n"
        "1. Read through recent `memory/YYYY-MM-DD.md` files\n"
        "2. Update `MEMORY.md` with distilled learnings (`memstrata heartbeat`, then "
        "`memstrata approve`)\n"
        "3. Remove outdated info from MEMORY.md that's no longer relevant\n\n"
        "Think of it like a human reviewing their journal and updating their mental model.\n"
        "Daily files are raw notes; MEMORY.md is curated wisdom.\n"
    ),
    "AGENTS.five-tier.md": (
        "# AGENTS.md\n\n"
        "## Memory\n\n"
        "You wake up fresh each session. These files are your continuity.\n\n"
        "### 📚 五层记忆分层系统\n\n"
        "| 层级 | 文件 | 用途 |\n"
        "|------|------|------|\n"
        "| 索引层 | `MEMORY.md` | 团队概览、能力索引 (<50行) |\n"
        "| 项目层 | `memory/projects.md` | 各项目当前状态与待办 (<100行) |\n"
        "| 基础设施层 | `memory/infra.md` | 服务器、API、部署等配置速查 (<80行) |\n"
        "| 教训层 | `memory/lessons.md` | 踩过的坑，按严重程度分级 |\n"
        "| 日志层 | `memory/YYYY-MM-DD.md` | 每日原始记录 |\n\n"
        "### ✍️ 多特工协作写入规则\n\n"
        "**重要：所有特工写入记忆时必须加标识，避免混淆！**（memstrata 按 `--agent` 自动加 `[特工名]`）\n\n"
        "- 日志：当天发生的事写入 `memory/YYYY-MM-DD.md`，必须加 `[特工名]` 标识 —— "
        '`memstrata log "完成XXX功能" --agent coder --title "今天完成的事"`\n'
        "- 教训：遇到问题后立即记录到 `memory/lessons.md` —— "
        '`memstrata lesson "问题标题" --symptom ... --cause ... --fix ... --severity P1 --agent coder`\n'
        "- 项目：项目状态变化时更新 `memory/projects.md` —— "
        '`memstrata project 项目名 --status "进行中 ⚡" --progress "..." --agent coder`\n'
        "- 基础设施：配置变更时更新 `memory/infra.md` —— "
        "`memstrata infra 主机名 --fact port=8443`（不要写密钥）\n"
        "- 索引：每周从日志中提炼重要信息到 `MEMORY.md`（主脑：`memstrata consolidate`，"
        "再 `memstrata approve`）\n\n"
        "日志文件格式：\n\n"
        "```markdown\n"
        "## [coder] 今天完成的事\n"
        "**时间**: HH:MM GMT+8\n\n"
        "### 完成内容\n"
        "- 完成XXX功能\n"
        "```\n\n"
        "教训文件格式：\n\n"
        "```markdown\n"
        "### [特工名] 问题标题 (日期)\n"
        "- **现象**: ...\n"
        "- **原因**: ...\n"
        "- **解决**: ...\n"
        "- **严重程度**: P0/P1/P2\n"
        "```\n\n"
        "### 🧠 MEMORY.md - 团队长期记忆\n\n"
        "- ONLY load in main session (direct chats with your human) and in the team's own sessions\n"
        "- DO NOT load in shared contexts (Discord, group chats)\n"
        "- Write significant events, lessons learned\n"
        "- Keep it concise (<50 lines)\n\n"
        '### 📝 Write It Down - No "Mental Notes"!\n\n'
        "- Memory is limited — if you want to remember something, WRITE IT TO A FILE\n"
        "- When you learn a lesson → update `memory/lessons.md` with your agent tag\n"
        "- Text > Brain 📝\n\n"
        "### 🔎 Token 优化\n\n"
        "- 启动时只读 `MEMORY.md` + 当日日志（`memstrata context`）\n"
        '- 使用 `memstrata search "..."` 检索历史，避免读取全部记忆\n'
    ),
    "USER.md": (
        "# 用户信息（USER.md）\n"
        "> 最后更新：{today} | 由 memstrata 维护\n"
        "> 行数：0 行\n"
        "<!-- 行号速查（每次写入后更新）\n-->\n"
        "---\n"
        "## 👤 基本偏好\n"
        "<!-- 格式：[YYYY-MM] 偏好描述 | 来源：{{用户指定/候选池C00x}} -->\n\n"
        "## 🏢 工作背景\n"
        "<!-- 职业、领域、技术栈等 -->\n\n"
        "## 💬 沟通风格\n"
        "<!-- 语言偏好、格式偏好、回复长度偏好等 -->\n"
    ),
    "MEMORY.md": (
        "# 长期记忆（MEMORY.md）\n"
        "> 最后更新：{today} | 由 memstrata 维护\n"
        "> 行数：0 行\n"
        "<!-- 行号速查（每次写入后更新）\n-->\n"
        "---\n"
        "## 📌 重要规则\n"
        "<!-- 格式：[YYYY-MM] 规则描述 | 来源：{{用户指定/候选池C00x/Hook触发}} -->\n\n"
        "## ⚠️ 错误修正记录\n"
        "<!-- 格式：[YYYY-MM] 曾犯的错误 → 修正后的做法 | 来源：{{Hook/用户纠正/自发现}} -->\n"
        '<!-- 错误记录不删除，标注"已修正"后保留，供后续 session 学习 -->\n\n'
        "## 🔗 技能索引\n"
        "→ 详见 skills/INDEX.md\n"
        "→ 草稿待审批：skills/auto-generated/（如有）\n\n"
        "## 📅 日志归档引用\n"
        "<!-- 只写文件名，不展开内容 -->\n\n"
        "## 🔄 进化历史摘要\n"
        "<!-- 最近 3 次：日期 | 来源 | 写入内容摘要 | 详见 EVOLUTION_LOG.md -->\n"
    ),
    "MEMORY.five-tier.md": (
        "# 团队记忆索引 (Memory Index)\n\n"
        "> 💡 **指南**: 每次会话开始时读取此索引获取上下文。保持精简（<50 行）。\n\n"
        "## 👥 团队编制\n"
        "- **[枢纽] main**: 协调中心，意图识别与任务整合\n"
        "- **[编码] coder**: 编码专家，逻辑实现与Bug修复\n"
        "- **[先知] researcher**: 调研专家，语义搜索与信息验证\n"
        "- **[墨] writer**: 创作专家，文案润色与语境转换\n\n"
        "## 📂 记忆分层导航\n"
        "- [项目看板](./memory/projects.md) | [基础设施](./memory/infra.md) | [避坑指南](./memory/lessons.md) | [日志](./memory/logs/)\n\n"
        "## 📍 核心状态快照\n"
        "**当前重点**: [一句话描述]\n\n"
        "**环境状态**:\n"
        "- Gateway: 运行中\n\n"
        "**近期成果**:\n\n"
        "**关键项目**:\n\n"
        "| 项目 | 状态 | 备注 |\n"
        "|------|------|------|\n\n"
        "## 📌 重要规则\n\n"
        "---\n"
        "_最后更新: {today} | 写入时加 `[特工名]` 标识_\n"
    ),
    "principles.md": "# L1 永久原则（principles.md）\n\n> 每次会话全部加载。编号规则：找到最大的 P 编号，+1。\n",
    "patterns/index.md": "# L2 经验索引（patterns/index.md）\n\n> 每行一条：标题 | file: 领域文件 | context: 何时加载\n\n",
    "patterns/config.md": "# 配置类经验\n\n> 提供商、API、端口、认证\n",
    "patterns/skills.md": "# 技能类经验\n\n> 安装、加载、SKILL.md 格式\n",
    "patterns/multi-agent.md": "# 多代理协作经验\n\n> subagent、调度、群聊协作\n",
    "patterns/debug.md": "# 排障经验\n\n> 错误诊断、日志分析、重启修复\n",
    "patterns/research.md": "# 调研分析经验\n\n> 调研方法、报告结构、信息整理\n",
    "patterns/general.md": "# 通用经验\n",
    "patterns/other.md": "# 其他经验\n\n> 以上都不合适时的兜底\n",
    "lessons.md": (
        "# 避坑指南 (Lessons)\n\n"
        "> 📝 **写入规则**: 发现问题时立即记录，加 `[特工名]` 标识\n\n"
        "## 🚨 P0 - 关键问题\n\n"
        "## ⚠️ P1 - 重要问题\n\n"
        "## 📋 P2 - 一般问题\n"
    ),
    "projects.md": (
        "# 项目进展 (Projects)\n\n"
        "> 📝 **写入规则**: 更新时加 `[特工名]` 标识\n\n"
        "## 📊 当前项目\n\n"
        "## 📋 待办事项 (TODOs)\n"
        "| 优先级 | 任务 | 负责人 | 状态 |\n"
        "|--------|------|--------|------|\n\n"
        "## 🗓️ 项目时间线\n"
    ),
    "infra.md": "# 基础设施 (Infra)\n\n> 服务器、API、部署等配置速查（<80 行）。密钥不要写在这里。\n\n## 🖥️ 服务器\n\n## 🔌 API 与端口\n",
    "CANDIDATES.md": (
        "# 候选记忆池\n"
        "> 由 memstrata 自动维护 | 最后更新：{today}\n"
        "> 晋升规则：同一模式观察 ≥3 次，或用户明确指示\n"
        "---\n"
        "## 🌱 观察中\n"
        "| ID | 类型 | 内容摘要 | 首次观察 | 最近观察 | 次数 | 目标 |\n"
        "|----|------|---------|---------|---------|------|------|\n"
        "---\n"
        "## ✅ 已晋升\n"
        "| ID | 内容摘要 | 晋升日期 | 写入位置 |\n"
        "|----|---------|---------|---------|\n"
        "---\n"
        "## 🗑️ 已丢弃\n"
        "| ID | 内容摘要 | 原因 | 日期 |\n"
        "|----|---------|------|------|\n"
    ),
    "EVOLUTION_LOG.md": "# 进化记录（EVOLUTION_LOG.md）\n\n> 每次写入、晋升、丢弃、整合都追加一行，只增不删。\n\n",
    "skills/INDEX.md": "# 技能索引\n\n> 每行一个技能：名称 | 路径 | 何时使用\n\n",
    "config.yaml": (
        "# 自进化记忆配置（memstrata 读取本文件；memstrata.toml 中 [evolve] 的同名设置优先）\n"
        "# 其他设置（晋升次数 threshold、过期天数 expiry_days）在 memstrata.toml 的 [evolve] 中\n"
        "heartbeat:\n"
        "  min_pending: 5        # pending.jsonl 有 5 条以上信号时综合\n"
        "  max_age_hours: 24     # 距上次综合超过 24h 且 pending 不为空时综合\n"
        "citation_log: stats/citation-log.jsonl\n"
    ),
    "00-MANUAL.md": (
        "# 记忆系统使用指南\n\n"
        "## 三层结构\n"
        "- 第一层（01-identity / 02-config / 03-rules）：不可修改、版本控制、人工审核\n"
        "- 第二层（04-knowledge / 05-tasks）：AI 可生成、人工审核后生效\n"
        "- 第三层（daily/）：自动生成、可重建\n\n"
        "## 写入\n"
        '- 第一层规则：`memstrata rule "规则" --file safety` 提出，`memstrata approve` 批准后才写入 03-rules/\n'
        "- 第二层知识：`memstrata knowledge 领域 主题 --point ...` 提出，批准后写入 04-knowledge/[领域]-[主题].md\n"
        '- 第二层任务：`memstrata task add "任务"`、`task update T001 --status 进行中`、`task close T001`\n'
        '- 第三层每日：`memstrata log "完成了X任务"`，`memstrata daily-summary` 生成每日总结\n\n'
        "## 查询\n"
        "- `memstrata search 关键词`\n"
        "- `memstrata get 路径:起始行-结束行`\n"
    ),
    "INDEX.md": (
        "# 记忆索引\n\n"
        "| 目录 | 内容 |\n|------|------|\n"
        "| 01-identity/ | 核心身份 |\n| 02-config/ | 配置信息 |\n| 03-rules/ | 强制规则 |\n"
        "| 04-knowledge/ | 经验沉淀 |\n| 05-tasks/ | 任务追踪 |\n| daily/ | 每日记忆 |\n"
    ),
    "01-identity/identity.md": "# 核心身份\n\n## 元信息\n- 创建时间：{now}\n- 最后更新：{now}\n- 版本：v1.0\n\n## 基础信息\n- 代号：\n- 角色：\n",
    "01-identity/soul.md": "# 核心原则\n\n## 元信息\n- 创建时间：{now}\n- 最后更新：{now}\n- 版本：v1.0\n\n## 原则\n- 诚实为本\n- 执行优先\n",
    "01-identity/user.md": "# 用户偏好\n\n## 元信息\n- 创建时间：{now}\n- 最后更新：{now}\n- 版本：v1.0\n\n## 偏好\n",
    "02-config/agents.md": "# Agent 人格\n\n## 元信息\n- 创建时间：{now}\n- 最后更新：{now}\n- 版本：v1.0\n\n## 内容\n",
    "02-config/tools.md": "# 工具配置\n\n## 元信息\n- 创建时间：{now}\n- 最后更新：{now}\n- 版本：v1.0\n\n## 内容\n",
    "02-config/heartbeat.md": "# 定时任务\n\n## 元信息\n- 创建时间：{now}\n- 最后更新：{now}\n- 版本：v1.0\n\n## 内容\n",
    "02-config/memory.md": "# 记忆配置\n\n## 元信息\n- 创建时间：{now}\n- 最后更新：{now}\n- 版本：v1.0\n\n## 内容\n- 混合搜索：70% 向量 + 30% 文本\n",
    "03-rules/safety.md": "# 安全规则\n\n## 元信息\n- 创建时间：{now}\n- 最后更新：{now}\n- 版本：v1.0\n\n## 内容\n",
    "03-rules/honesty.md": "# 诚实原则\n\n## 元信息\n- 创建时间：{now}\n- 最后更新：{now}\n- 版本：v1.0\n\n## 内容\n",
    "03-rules/security.md": "# 网络安全\n\n## 元信息\n- 创建时间：{now}\n- 最后更新：{now}\n- 版本：v1.0\n\n## 内容\n",
    "05-tasks/todo.md": "# 待办事项\n\n## 元信息\n- 创建时间：{now}\n- 最后更新：{now}\n- 版本：v1.0\n\n## 待办\n\n## 已完成\n",
}

EN: dict[str, str] = {
    **ZH,
    "SOUL.md": "# SOUL.md\n\n> The agent's soul and values. Maintained by its owner; memstrata only reads it.\n\n## Core principles\n- Be honest\n- Get things done\n",
    "IDENTITY.md": "# IDENTITY.md\n\n> The agent's identity, style and emoji. Maintained by its owner; memstrata only reads it.\n\n## Basics\n- Name:\n- Role:\n",
    "USER.md": (
        "# User profile (USER.md)\n"
        "> Last updated: {today} | maintained by memstrata\n"
        "> Lines: 0\n"
        "<!-- Line index (refreshed after every write)\n-->\n"
        "---\n"
        "## 👤 Preferences\n"
        "<!-- format: [YYYY-MM] preference | source: {{user/candidate C00x}} -->\n\n"
        "## 🏢 Background\n"
        "<!-- job, field, tech stack -->\n\n"
        "## 💬 Communication style\n"
        "<!-- language, format, reply length -->\n"
    ),
    "MEMORY.md": (
        "# Long-term memory (MEMORY.md)\n"
        "> Last updated: {today} | maintained by memstrata\n"
        "> Lines: 0\n"
        "<!-- Line index (refreshed after every write)\n-->\n"
        "---\n"
        "## 📌 Rules\n"
        "<!-- format: [YYYY-MM] rule | source: {{user/candidate C00x/hook}} -->\n\n"
        "## ⚠️ Error corrections\n"
        "<!-- format: [YYYY-MM] mistake → correct way | source: {{hook/user/self}} -->\n"
        '<!-- corrections are never deleted, only marked "fixed" -->\n\n'
        "## 🔗 Skills index\n"
        "→ see skills/INDEX.md\n\n"
        "## 📅 Log archive\n"
        "<!-- file names only -->\n\n"
        "## 🔄 Evolution history\n"
        "<!-- last 3: date | source | summary | see EVOLUTION_LOG.md -->\n"
    ),
    "principles.md": "# L1 principles (principles.md)\n\n> Loaded whole in every session. Ids: largest P number + 1.\n",
    "patterns/index.md": "# L2 pattern index (patterns/index.md)\n\n> One line each: title | file: domain file | context: when to load\n\n",
    "patterns/config.md": "# Configuration patterns\n",
    "patterns/skills.md": "# Skill patterns\n",
    "patterns/multi-agent.md": "# Multi-agent patterns\n",
    "patterns/debug.md": "# Debugging patterns\n",
    "patterns/research.md": "# Research patterns\n",
    "patterns/general.md": "# General patterns\n",
    "patterns/other.md": "# Other patterns\n",
    "lessons.md": (
        "# Lessons\n\n> Record problems as soon as they happen, tagged `[agent]`.\n\n"
        "## 🚨 P0 - Critical\n\n## ⚠️ P1 - Important\n\n## 📋 P2 - Minor\n"
    ),
    "projects.md": (
        "# Projects\n\n> Tag updates with `[agent]`.\n\n## 📊 Current projects\n\n"
        "## 📋 TODOs\n| Priority | Task | Owner | Status |\n|--------|------|--------|------|\n\n## 🗓️ Timeline\n"
    ),
    "infra.md": "# Infra\n\n> Servers, APIs, deployment notes (<80 lines). Never put secrets here.\n\n## 🖥️ Servers\n\n## 🔌 APIs and ports\n",
    "CANDIDATES.md": (
        "# Candidate pool\n"
        "> Maintained by memstrata | Last updated: {today}\n"
        "> Promotion: the same pattern observed >= 3 times, or an explicit instruction\n"
        "---\n"
        "## 🌱 Observing\n"
        "| ID | Type | Summary | First seen | Last seen | Count | Target |\n"
        "|----|------|---------|---------|---------|------|------|\n"
        "---\n"
        "## ✅ Promoted\n"
        "| ID | Summary | Promoted | Written to |\n"
        "|----|---------|---------|---------|\n"
        "---\n"
        "## 🗑️ Dropped\n"
        "| ID | Summary | Reason | Date |\n"
        "|----|---------|------|------|\n"
    ),
    "EVOLUTION_LOG.md": "# Evolution log (EVOLUTION_LOG.md)\n\n> One line per write, promotion, drop or consolidation; append-only.\n\n",
    "skills/INDEX.md": "# Skills index\n\n> One skill a line: name | path | when to use\n\n",
    "MEMORY.five-tier.md": (
        "# Team memory index\n\n"
        "> 💡 **Guide**: read this index at the start of every session. Keep it short (<50 lines).\n\n"
        "## 👥 Team\n"
        "- **[hub] main**: coordination, intent and integration\n"
        "- **[code] coder**: implementation and bug fixes\n"
        "- **[seer] researcher**: research, search and verification\n"
        "- **[ink] writer**: writing and editing\n\n"
        "## 📂 Memory layers\n"
        "- [Projects](./memory/projects.md) | [Infra](./memory/infra.md) | [Lessons](./memory/lessons.md) | [Logs](./memory/logs/)\n\n"
        "## 📍 Status snapshot\n"
        "**Current focus**: [one sentence]\n\n"
        "**Environment**:\n"
        "- Gateway: running\n\n"
        "**Recent results**:\n\n"
        "**Key projects**:\n\n"
        "| Project | Status | Notes |\n"
        "|------|------|------|\n\n"
        "## 📌 Rules\n\n"
        "---\n"
        "_Last updated: {today} | tag writes with `[agent]`_\n"
    ),
    "AGENTS.five-tier.md": (
        "# AGENTS.md\n\n"
        "## Memory\n\n"
        "You wake up fresh each session. These files are your continuity.\n\n"
        "### 📚 Five memory layers\n\n"
        "| Layer | File | Use |\n"
        "|------|------|------|\n"
        "| Index | `MEMORY.md` | team overview, capability index (<50 lines) |\n"
        "| Projects | `memory/projects.md` | each project's state and TODOs (<100 lines) |\n"
        "| Infra | `memory/infra.md` | servers, APIs, deployment notes (<80 lines) |\n"
        "| Lessons | `memory/lessons.md` | pitfalls by severity |\n"
        "| Logs | `memory/YYYY-MM-DD.md` | raw daily records |\n\n"
        "### ✍️ Multi-agent writing rules\n\n"
        "**Every agent tags what it writes** (memstrata adds `[agent]` from `--agent`).\n\n"
        '- Logs: what happened today → `memstrata log "..." --agent coder --title "Done today"`\n'
        '- Lessons: right after a problem → `memstrata lesson "title" --fix ... --severity P1 --agent coder`\n'
        '- Projects: when a state changes → `memstrata project NAME --status "in progress" --agent coder`\n'
        "- Infra: when a setting changes → `memstrata infra HOST --fact port=8443` (never secrets)\n"
        "- Index: weekly, the main agent distils the logs into `MEMORY.md` (`memstrata consolidate`, "
        "then `memstrata approve`)\n\n"
        "### 🧠 MEMORY.md - team long-term memory\n\n"
        "- ONLY load in main session and in the team's own sessions\n"
        "- DO NOT load in shared contexts (Discord, group chats)\n"
        "- Keep it concise (<50 lines)\n\n"
        '### 📝 Write It Down - No "Mental Notes"!\n\n'
        "- Memory is limited — if you want to remember something, WRITE IT TO A FILE\n"
        "- Start with `MEMORY.md` + today's log (`memstrata context`); search the rest "
        '(`memstrata search "..."`)\n'
    ),
}

# Which template each role path uses when it differs from the file's own name.
PRESET_OVERRIDES: dict[tuple[str, str], str] = {
    ("five-tier", "MEMORY.md"): "MEMORY.five-tier.md",
    ("five-tier", "AGENTS.md"): "AGENTS.five-tier.md",
}


def template_for(preset: str, rel_path: str, lang: str, today: str, now: str | None = None) -> str:
    """The initial text of ``rel_path`` in ``preset`` (empty for queues and unknown files);
    ``{today}`` becomes ``today`` and ``{now}`` (note 001's meta lines) ``now`` or ``today``."""
    table = EN if lang == "en" else ZH
    rel_path = rel_path.removeprefix("@global/")
    key = PRESET_OVERRIDES.get((preset, rel_path))
    if key is None:
        key = rel_path
        for prefix in ("memory/", "memstrata/", ""):
            if rel_path.startswith(prefix) and rel_path[len(prefix) :] in table:
                key = rel_path[len(prefix) :]
                break
    if key not in table:
        return ""
    text = table[key].replace("{today}", today).replace("{now}", now or today)
    return text.replace("{{", "{").replace("}}", "}")
