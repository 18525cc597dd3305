"""唐小雨 (Tang Xiaoyu, 27) is a frontend developer at 食光里 (Shiguangli), a small 成都 local-life SaaS:
restaurants (hotpot, 串串, 冒菜 shops) use its merchant console — 商家后台, apps/merchant-console — to
sell group-buy vouchers that customers redeem through a consumer H5 (apps/h5, in zh-CN, zh-HK and
en for visitors). She sits in 天府软件园 E 区, works 大小周 (every other Saturday) and talks to her
coding agent from her MacBook all day. The code is the pnpm monorepo `shiguang-web` (pnpm 9,
Node 20): React 18 + TypeScript, Vite, Tailwind with the team's own preset of semantic colour
tokens, the design system @sgl/hotpot-ui (until last week @sgl/ui) with Storybook 7, Playwright
e2e, ESLint/Prettier, i18n, Sentry, GitLab CI with deploy previews, and a Node BFF
(packages/bff) in front of the Java services. Colleagues: 小鹿 (陈鹿, UI designer, owns the design
tokens), 老周 (周建国, backend, owns the BFF contracts), 阿May (王美玲, QA), 刘姐 (刘婷, PM) and 峰哥
(徐峰, frontend lead). She writes mostly simplified Chinese with English terms, about a fifth of
her messages entirely in English; many messages are dictated by voice input (语音输入: long
run-ons without punctuation, 就是/然后/那个/嗯, the odd homophone such as 在 for 再 or 的 for 得),
the typed ones are quick, with internet slang (好家伙, 6, 绝了, 蚌埠住了, 离谱, 破防, yyds) and a
little 四川话 (莫得, 晓得, 啥子, 巴适, 安逸, 要得). The three weeks: in week 1 she upgrades the merchant
console from Vite 4 to 5, the design-system package is renamed @sgl/ui → @sgl/hotpot-ui, and the
environment variable VITE_API_BASE_URL becomes VITE_BFF_ORIGIN now that every request goes through
the BFF; on day 1 she says she likes default exports and on day 2 takes it back (named exports),
restating the new choice twice later. In week 2 the 春日美食节 release goes into feature freeze on
3/12 and ships on 3/17. In week 3 the festival goes live on the weekend of 3/21-22 while she is on
call: ChunkLoadError spikes after the deploy, a feature flag instead of a rollback, Sentry moved to
a self-hosted instance.

- "synthesis" (note 000, the self-evolution preset): every finding is written once, as an L1 principle (principles.md) or an L2 pattern (patterns/*.md);
- "pool" (note 004, the memory-manager preset): a finding waits in CANDIDATES.md until it is observed 3 times, then an evolution card writes it to USER.md, MEMORY.md or MEMORY.md's 错误修正记录; an explicit instruction goes through the card in one step; a candidate with fewer than 3 observations whose first observation is more than expiry_days ago is dropped.
It was written before the first run, from the five design notes and the public README/design pages only, without reading the product's code or tests; the expected places and the reasons for them are in learning_sim11_rationale.md. Do not edit it after it was frozen (learning_sim11.sha256).
Rules of play (the runner):
- Day 1 is 2026-03-02. Events run in order through `memstrata signal`; "user" is the user's message in the owner's main session (its context may hold `[tool] COMMAND → OUTPUT` lines for what the agent just ran); "fail" is a failed tool call from the failure hook: text is the error output, context is "Bash: <command>". The same command failing twice minutes apart is a repeated_failure signal.
- At 22:00 each day the heartbeat runs when due (pending >= 5 signals, or > 24 h since the last synthesis / the oldest signal and pending non-empty), and the user approves every card.
- expiry_days = 14, threshold 3 (pool policy).
- Timing: items promoted from the pool have their 3 observations within 9 days of the first; "expired" items are first observed on day 1-2 and never after day 5, and there are signals on days 19-21 so a heartbeat is due at the end; "candidate" items are first observed on day 12 or later and observed at most twice; explicit instructions are said on day 19 at the latest.
- Scoring: each EXPECTED item must appear exactly once in its place and nowhere else in memory (entries and candidates); "absent" means no entry and no candidate anywhere. An item is found in a text when every group of its words has one word in it (case-insensitive).
"""

from __future__ import annotations

# ---------------------------------------------------------------------------------------------
# Tool outputs, as the tools print them (colours stripped; the agent's Bash is not a TTY).
# ---------------------------------------------------------------------------------------------

_PW_BOX = (
    "    ╔═════════════════════════════════════════════════════════════════════════╗\n"
    "    ║ Looks like Playwright Test or Playwright was just installed or updated. ║\n"
    "    ║ Please run the following command to download new browsers:              ║\n"
    "    ║                                                                         ║\n"
    "    ║     npx playwright install                                              ║\n"
    "    ║                                                                         ║\n"
    "    ║ <3 Playwright Team                                                      ║\n"
    "    ╚═════════════════════════════════════════════════════════════════════════╝\n"
)

_E2E_TESTS = [
    ("e2e/coupon/create-coupon.spec.ts:14:7 › 创建优惠券 › 满减券填写完整后提交成功", "9ms"),
    ("e2e/coupon/create-coupon.spec.ts:41:7 › 创建优惠券 › 折扣率超出范围时提示错误", "8ms"),
    ("e2e/coupon/coupon-list.spec.ts:9:7 › 优惠券列表 › 按状态筛选", "8ms"),
    ("e2e/login.spec.ts:6:5 › 账号密码登录", "10ms"),
    ("e2e/coupon/coupon-list.spec.ts:27:7 › 优惠券列表 › 批量下架", "3ms"),
    ("e2e/order/verify.spec.ts:11:7 › 核销 › 扫码核销成功", "3ms"),
]


def _e2e_failure(app_dir: str, exe: str) -> str:
    out = (
        "\n> @sgl/merchant-console@0.18.0 test:e2e " + app_dir + "\n"
        "> playwright test\n\n\n"
        "Running 6 tests using 4 workers\n\n"
    )
    for i, (title, ms) in enumerate(_E2E_TESTS, 1):
        out += "  ✘  " + str(i) + " [chromium] › " + title + " (" + ms + ")\n"
    out += "\n\n"
    for i, (title, _ms) in enumerate(_E2E_TESTS, 1):
        out += "  " + str(i) + ") [chromium] › " + title + " ───────────────────\n\n"
        out += "    Error: browserType.launch: Executable doesn't exist at " + exe + "\n"
        out += _PW_BOX + "\n"
    out += "  6 failed\n"
    for title, _ms in _E2E_TESTS:
        out += "    [chromium] › " + title + " ──────────────────\n"
    out += (
        app_dir + ":\n"
        " ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  @sgl/merchant-console@0.18.0 test:e2e: `playwright test`\n"
        "Exit status 1\n"
    )
    return out


# pnpm --filter @sgl/merchant-console test:e2e, develop checkout, @playwright/test 1.49.1
FAIL_E2E_NO_BROWSER = _e2e_failure(
    "/Users/tangxy/work/shiguang-web/apps/merchant-console",
    "/Users/tangxy/Library/Caches/ms-playwright/chromium_headless_shell-1148/chrome-mac/headless_shell",
)

# the same command in the release/2026.03 worktree, which still pins @playwright/test 1.48.2
FAIL_E2E_RELEASE_WORKTREE = _e2e_failure(
    "/Users/tangxy/work/shiguang-web-release/apps/merchant-console",
    "/Users/tangxy/Library/Caches/ms-playwright/chromium-1140/chrome-mac/Chromium.app/Contents/MacOS/Chromium",
)

_PW_ZIP = "builds/chromium/1148/chromium-mac-arm64.zip"
_PW_STACK = (
    "    at ClientRequest.rejectOnTimeout (/Users/tangxy/work/shiguang-web/node_modules/.pnpm/"
    "playwright-core@1.49.1/node_modules/playwright-core/lib/server/registry/"
    "oopDownloadBrowserMain.js:124:15)\n"
    "    at Object.onceWrapper (node:events:632:28)\n"
    "    at ClientRequest.emit (node:events:518:28)\n"
    "    at TLSSocket.emitRequestTimeout (node:_http_client:863:9)\n"
    "    at Object.onceWrapper (node:events:632:28)\n"
    "    at TLSSocket.emit (node:events:530:35)\n"
    "    at Socket._onTimeout (node:net:595:8)\n"
    "    at listOnTimeout (node:internal/timers:581:17)\n"
    "    at process.processTimers (node:internal/timers:519:7)\n"
)

# pnpm exec playwright install chromium (no download host set)
FAIL_PW_INSTALL = (
    "Downloading Chromium 131.0.6778.33 (playwright build v1148) from "
    "https://playwright.azureedge.net/" + _PW_ZIP + "\n"
    "Error: Request to https://playwright.azureedge.net/" + _PW_ZIP + " timed out after 30000ms\n"
    + _PW_STACK
    + "Downloading Chromium 131.0.6778.33 (playwright build v1148) from "
    "https://playwright-akamai.azureedge.net/" + _PW_ZIP + "\n"
    "Error: Request to https://playwright-akamai.azureedge.net/" + _PW_ZIP
    + " timed out after 30000ms\n"
    + _PW_STACK
    + "Downloading Chromium 131.0.6778.33 (playwright build v1148) from "
    "https://playwright-verizon.azureedge.net/" + _PW_ZIP + "\n"
    "Error: Request to https://playwright-verizon.azureedge.net/" + _PW_ZIP
    + " timed out after 30000ms\n"
    + _PW_STACK
    + "Failed to install browsers\n"
    "Error: Failed to download Chromium 131.0.6778.33 (playwright build v1148), caused by\n"
    "Error: Request to https://playwright-verizon.azureedge.net/" + _PW_ZIP
    + " timed out after 30000ms\n"
    + _PW_STACK
)

# pnpm --filter @sgl/merchant-console build, after the design system was renamed
FAIL_PKG_BUILD = """
> @sgl/merchant-console@0.18.0 build /Users/tangxy/work/shiguang-web/apps/merchant-console
> tsc -b && vite build

src/pages/coupon/CouponForm.tsx(3,45): error TS2307: Cannot find module '@sgl/ui' or its corresponding type declarations.
src/pages/coupon/CouponCard.tsx(2,21): error TS2307: Cannot find module '@sgl/ui' or its corresponding type declarations.
src/pages/order/OrderList.tsx(4,33): error TS2307: Cannot find module '@sgl/ui' or its corresponding type declarations.
/Users/tangxy/work/shiguang-web/apps/merchant-console:
 ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  @sgl/merchant-console@0.18.0 build: `tsc -b && vite build`
Exit status 1
"""

# pnpm --filter @sgl/h5 build, default V8 heap
FAIL_H5_OOM = """
> @sgl/h5@2.7.1 build /Users/tangxy/work/shiguang-web/apps/h5
> tsc -b && vite build

vite v5.4.14 building for production...
transforming...

<--- Last few GCs --->

[61234:0x150008000]    98231 ms: Scavenge (reduce) 4041.3 (4127.6) -> 4040.8 (4128.1) MB, 6.21 / 0.00 ms  (average mu = 0.187, current mu = 0.126) allocation failure; 
[61234:0x150008000]    99954 ms: Mark-Compact (reduce) 4042.1 (4128.6) -> 4039.7 (4128.9) MB, 1712.54 / 0.00 ms  (average mu = 0.138, current mu = 0.082) allocation failure; scavenge might not succeed


<--- JS stacktrace --->

FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory
----- Native stack trace -----

 1: 0x100b9a2cc node::OOMErrorHandler(char const*, v8::OOMDetails const&) [/Users/tangxy/.nvm/versions/node/v20.18.1/bin/node]
 2: 0x100d5c7e4 v8::internal::V8::FatalProcessOutOfMemory(v8::internal::Isolate*, char const*, v8::OOMDetails const&) [/Users/tangxy/.nvm/versions/node/v20.18.1/bin/node]
 3: 0x100f3f8a0 v8::internal::Heap::stack() [/Users/tangxy/.nvm/versions/node/v20.18.1/bin/node]
 4: 0x100f3dbb4 v8::internal::Heap::CollectGarbageWithRetry(v8::internal::AllocationSpace, v8::internal::AllocationType, v8::internal::AllocationOrigin, std::__1::function<v8::internal::AllocationResult ()>) [/Users/tangxy/.nvm/versions/node/v20.18.1/bin/node]
 5: 0x100f32244 v8::internal::Factory::NewFillerObject(int, v8::internal::AllocationAlignment, v8::internal::AllocationType, v8::internal::AllocationOrigin) [/Users/tangxy/.nvm/versions/node/v20.18.1/bin/node]
 6: 0x1012f1c74 v8::internal::Runtime_AllocateInYoungGeneration(int, unsigned long*, v8::internal::Isolate*) [/Users/tangxy/.nvm/versions/node/v20.18.1/bin/node]
 7: 0x10167cc24 Builtins_CEntry_Return1_ArgvOnStack_NoBuiltinExit [/Users/tangxy/.nvm/versions/node/v20.18.1/bin/node]
 8: 0x1015f2d8c Builtins_CreateShallowObjectLiteral [/Users/tangxy/.nvm/versions/node/v20.18.1/bin/node]
 9: 0x1081a3f10 
10: 0x108127c38 
sh: line 1: 61234 Abort trap: 6           vite build
/Users/tangxy/work/shiguang-web/apps/h5:
 ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  @sgl/h5@2.7.1 build: `tsc -b && vite build`
Exit status 134
"""

# ---------------------------------------------------------------------------------------------
# The three weeks. Day 1 is Monday 2026-03-02; days 7, 13, 14 and 20-21 are weekends (day 6 is a
# 大小周 working Saturday; on days 20-21 she is on call for the festival).
# ---------------------------------------------------------------------------------------------

_E2E = "Bash: pnpm --filter @sgl/merchant-console test:e2e"
_H5_BUILD = "Bash: pnpm --filter @sgl/h5 build"

SCRIPT: list[tuple[int, str, str, str, str, str]] = [
    # ---- day 1, Mon 03-02 -------------------------------------------------------------------
    (1, "09:52", "user",
     "早上好 那个从今天开始这个仓库你就帮我一起弄哈 嗯 是个 pnpm 的 monorepo 瑞艾克特加 TS 的 apps 下面两个应用 "
     "packages 下面是组件库 bff 还有几个配置包 你先把目录结构过一遍 然后跟我说一下你看到的 有啥子不清楚的在问我",
     "[tool] ls apps packages → apps: h5  merchant-console | packages: bff  eslint-config  tsconfig  ui",
     ""),
    (1, "10:20", "user",
     "组件导出这块我个人比较习惯 export default 一把梭 import 的时候想叫啥名就叫啥名 灵活 你新建组件先按这个来嘛",
     "", "export_named"),
    (1, "11:05", "user",
     "对了 你回复里中文跟英文单词之间加个空格嘛 像 React组件 这种挤在一起的看着好难受 加了空格看着舒服点",
     "", "pangu_space"),
    (1, "15:40", "user",
     "好家伙 ...[origin/main] 这个 filter 写法 6 啊 只跑跟 main 比改动过的包 十几秒就完了 我之前都是傻傻的 pnpm -r 全量跑",
     '[tool] pnpm -r --filter "...[origin/main]" run typecheck → Scope: 2 of 7 workspace projects · '
     "apps/merchant-console typecheck: Done · packages/ui typecheck: Done",
     "pnpm_filter_praise"),
    (1, "17:30", "user",
     "take a look at merchant-console's vite.config.ts and tell me what has to change for Vite 5. "
     "just the list for now, don't touch anything yet",
     "", ""),
    # ---- day 2, Tue 03-03 -------------------------------------------------------------------
    (2, "09:35", "user",
     "嗯那个 昨天说的 export default 那个事情你当我没说哈 我回去想了一下还是用 named export 因为 default 的话每个地方 "
     "import 进来名字都不一样 全局搜都搜不到 然后重构改名的时候编辑器也跟不过来 改的很累 所以新写的组件都用具名导出 "
     "就 export const 那种",
     "", "export_named"),
    (2, "11:10", "user",
     "页面白屏了 控制台一排 GET http://localhost:5173/node_modules/.vite/deps/dayjs.js?v=9c1e4f2a "
     "net::ERR_ABORTED 504 (Outdated Optimize Dep) 这个我熟 升完依赖 vite 的依赖预构建缓存过期了 "
     "把 node_modules/.vite 删掉重启 dev 就好 不用去翻 issue",
     "[tool] pnpm --filter @sgl/merchant-console dev → VITE v5.4.14  ready in 1312 ms  ➜  Local:   http://localhost:5173/",
     "vite_prebundle"),
    (2, "14:20", "user",
     "行 开始升吧 这个 MR 只动 merchant-console 的 vite 和 @vitejs/plugin-react h5 那边先莫动 等这边稳了再说",
     "", ""),
    (2, "16:45", "user",
     "build passes on my side too. can you also bump vitest to 2.x in the same MR, or is that a separate can of worms?",
     "[tool] pnpm --filter @sgl/merchant-console build → ✓ built in 21.84s",
     ""),
    # ---- day 3, Wed 03-04 -------------------------------------------------------------------
    (3, "10:15", "user",
     "回复能不能精简点 每次一大段小作文 我就想看改了哪几行 先给 diff 然后一两句话说为啥就够了 真的莫得时间一段一段看",
     "", "reply_short"),
    (3, "11:30", "user",
     "记住一个事哈 我是红绿色弱 你给我标 diff 或者在截图上圈问题的时候 别只靠红色绿色区分 加上 +/- 或者直接写字标出来 "
     "不然我真的分不清哪个是哪个",
     "", "colorblind"),
    (3, "14:05", "fail", FAIL_E2E_NO_BROWSER, _E2E, "playwright_mirror"),
    (3, "14:09", "fail", FAIL_E2E_NO_BROWSER, _E2E, "playwright_mirror"),
    (3, "14:16", "user",
     "莫跑了 跑几遍都是一样的 浏览器压根没装 但是你直接 playwright install 也下不下来 azureedge 那个地址在国内基本超时 "
     "要走镜像装：PLAYWRIGHT_DOWNLOAD_HOST=https://cdn.npmmirror.com/binaries/playwright pnpm exec playwright install chromium "
     "装完再跑",
     "", "playwright_mirror"),
    # ---- day 4, Thu 03-05 -------------------------------------------------------------------
    (4, "10:40", "user",
     "对了 跟你同步个事 老周他们 BFF 上线了 前端所有请求现在都走 BFF 环境变量也跟着改了名 VITE_API_BASE_URL 改成 "
     "VITE_BFF_ORIGIN 老的那个这周就删",
     "", "env_rename"),
    (4, "14:00", "user",
     "类型这块我比较喜欢用 type 不太爱用 interface props 也写成 type CouponCardProps = { ... } 这种 "
     "interface 那个声明合并有时候莫名其妙的 挺坑",
     "", "type_over_interface"),
    (4, "16:30", "user",
     "话说 如果后面还要再升 Vite 6 的话 是不是得先把 @vitejs/plugin-legacy 那一套干掉？随便问问哈 现在不弄",
     "", "vite6_hypo"),
    # ---- day 5, Fri 03-06 -------------------------------------------------------------------
    (5, "10:05", "fail", FAIL_PKG_BUILD, "Bash: pnpm --filter @sgl/merchant-console build", "pkg_rename"),
    (5, "10:12", "user",
     "@sgl/ui 是老包名了 小鹿她们上周把设计系统改名成 @sgl/hotpot-ui 重新发的 目录也挪到 packages/hotpot-ui 了 "
     "你 git pull 一下 再把 import 改过来",
     "", "pkg_rename"),
    (5, "15:20", "user",
     "btw for CouponCard and the other new components: named exports please, no `export default` in new files. "
     "grep and renames are way easier that way",
     "", "export_named"),
    (5, "17:50", "user",
     "OK 今天差不多了 把这周 vite 升级改的东西整理成一个 MR 描述 列一下 breaking change",
     "[tool] git log --oneline -3 → a41c9e2 chore(deps): bump vite to 5.4.14 and @vitejs/plugin-react to 4.3.4 · "
     "7be02d1 fix(merchant-console): replace import.meta.globEager · 19c55aa chore: drop vite-plugin-windicss leftovers",
     ""),
    # ---- day 6, Sat 03-07 (大小周, working Saturday) -------------------------------------------
    (6, "10:30", "user",
     "不对不对 颜色别直接写 text-gray-500 这种 tailwind 默认色 我们 preset 里有语义 token 的 次要文字用 text-fg-muted "
     "小鹿改主题的时候只改 token 你写死了就漏掉了",
     '[tool] git diff apps/merchant-console/src/pages/coupon/CouponCard.tsx → +  <span className="text-xs text-gray-500">{coupon.ruleText}</span>',
     "tailwind_token"),
    (6, "11:15", "user",
     "shorter replies pls 🙏 just the diff and one line on why. I keep scrolling past three paragraphs to find the actual change",
     "", "reply_short"),
    (6, "15:00", "user",
     "以后都用中文写注释哈 组里新来的两个实习生英语一般 看英文注释费劲 QA 阿May 偶尔也要看代码",
     "", "comment_zh"),
    # ---- day 8, Mon 03-09 -------------------------------------------------------------------
    (8, "09:40", "user",
     "嗯 待会儿新建的那几个 hooks 跟组件 也都是 named export 哈 老规矩 然后在 index.ts 里面 export * 出来 "
     "那个路由懒加载的地方要 default 的话 就在 lazy 那里 then 一下在包一层 别为了 lazy 去改成 default",
     "", "export_named"),
    (8, "10:30", "user",
     "Remember: locally the BFF listens on 7001 and the vite dev server proxies /bff to it. "
     "3000 is the old mock server, nothing should point there anymore.",
     "", "bff_port"),
    (8, "11:20", "user",
     "preview 环境起来接口全 404 原因找到了 .env.preview 里还是老的 VITE_API_BASE_URL 换成 VITE_BFF_ORIGIN "
     "老的那个代码里已经没人读了",
     "[tool] cat apps/merchant-console/.env.preview → VITE_API_BASE_URL=https://preview-api.shiguangli.cn",
     "env_rename"),
    (8, "14:06", "fail", FAIL_PW_INSTALL, "Bash: pnpm exec playwright install chromium", "playwright_mirror"),
    (8, "14:10", "user",
     "又没带镜像 😅 azureedge 国内下不动的 前面加上 PLAYWRIGHT_DOWNLOAD_HOST=https://cdn.npmmirror.com/binaries/playwright 再装",
     "", "playwright_mirror"),
    (8, "16:00", "user",
     "CouponForm 里还有一处 import { Modal } from '@sgl/ui' 漏改了 那个包已经下架了 全部换成 @sgl/hotpot-ui",
     "", "pkg_rename"),
    (8, "17:20", "user",
     "这个写进你的小本本：提 MR 之前 pnpm typecheck 和 pnpm lint 都先在本地跑一遍 CI 上挂了 MR 直接被峰哥打回来 很丢人的",
     "", "typecheck_before_mr"),
    # ---- day 9, Tue 03-10 -------------------------------------------------------------------
    (9, "09:50", "user",
     "刘姐刚在群里发了 春日美食节这一版 3 月 12 号开始封板 17 号发布 封板以后只修 bug 我们就按这个排期来",
     "", "freeze_rule"),
    (9, "11:00", "user",
     "顺便说一句哈 就是类型定义我还是习惯 type 多过 interface 嗯 新写的 props 跟接口返回的类型都用 type 吧 "
     "除非真的要声明合并的那种",
     "", "type_over_interface"),
    (9, "14:30", "fail", FAIL_H5_OOM, _H5_BUILD, "h5_oom"),
    (9, "14:36", "fail", FAIL_H5_OOM, _H5_BUILD, "h5_oom"),
    (9, "14:45", "user",
     "h5 这个包太大了 本地 build 默认的堆内存不够 要带 NODE_OPTIONS=--max-old-space-size=8192 "
     ".gitlab-ci.yml 里 build:h5 那个 job 也是这么配的 你翻一下就晓得了",
     "", "h5_oom"),
    (9, "16:20", "user",
     "刘姐说以后所有弹窗都要加埋点 每个需求她都这么说 最后也没人看数据 先不管 你继续弄优惠券表单",
     "", "pm_tracking"),
    # ---- day 10, Wed 03-11 ------------------------------------------------------------------
    (10, "09:30", "user",
     "明天开始封板 这是规定哈：封板期间 release/2026.03 只收 bugfix 新功能一律合 develop 提 MR 的时候目标分支别选错了",
     "", "freeze_rule"),
    (10, "10:45", "user",
     "嗯就是 你每次回复前面都要作好大一段铺垫 我一般都是直接拉到最下面看代码的 所以直接给改动就行了 "
     "解释的话一句话说清楚 太长了我真的看不过来 效率太低了",
     "", "reply_short"),
    (10, "13:20", "user",
     "CouponFilter 里那个 placeholder 又写死成 text-gray-400 了 换成 token 的 text-fg-subtle 暗色模式一开就露馅",
     "[tool] git diff --stat → apps/merchant-console/src/pages/coupon/CouponFilter.tsx | 18 +++++++++-------",
     "tailwind_token"),
    (10, "15:00", "user",
     "GitLab 的 CI/CD variables 我也改好了 现在只剩 VITE_BFF_ORIGIN 你那边脚本里要是还有读 VITE_API_BASE_URL 的一起删掉",
     "", "env_rename"),
    (10, "16:10", "fail", FAIL_E2E_RELEASE_WORKTREE, _E2E, "playwright_mirror"),
    (10, "16:14", "user",
     "release 那个 worktree 上 playwright 还是 1.48 要的浏览器版本跟 develop 不一样 所以又找不到 还是老办法 "
     "带上镜像 host 先把 chromium 装了再跑 e2e",
     "", "playwright_mirror"),
    # ---- day 11, Thu 03-12 (freeze starts) ----------------------------------------------------
    (11, "10:00", "user",
     "still seeing `@sgl/ui` in your patch (the useToast import in OrderList.tsx). that package is gone, "
     "it's @sgl/hotpot-ui now. grep the whole app before you push",
     "", "pkg_rename"),
    (11, "15:00", "user",
     "generate the CHANGELOG for release/2026.03 from the conventional commits since the last tag, grouped into feat / fix / chore",
     "[tool] git describe --tags --abbrev=0 → v2026.02.3",
     ""),
    (11, "17:40", "user",
     "这个 PR 今晚必须合进去 不然明天阿May 没法提测 你先把 review 里那两条改了",
     "", "tonight_pr"),
    # ---- day 12, Fri 03-13 ------------------------------------------------------------------
    (12, "10:20", "user",
     "small thing: I prefer `type` over `interface` for props and API response shapes, so please use type aliases "
     "in new code. interface only where we actually need declaration merging",
     "", "type_over_interface"),
    (12, "11:30", "user",
     "蚌埠住了 颜色又 hardcode 成 text-gray-600 了 跟你说了好几回了 颜色全部走语义 token",
     "", "tailwind_token"),
    (12, "14:10", "user",
     "又爆内存了 你新开的终端没带 NODE_OPTIONS 要不干脆写进 h5 的 build script 里 省得每次手动带",
     "[tool] pnpm --filter @sgl/h5 build → FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory",
     "h5_oom"),
    (12, "16:00", "user",
     "现在封板中哈 这个券包分享是新功能 别往 release 合 提到 develop 去 等下个版本",
     "", "freeze_rule"),
    (12, "17:10", "user",
     "离谱 CI 又排了 40 分钟 GitLab 就两台 runner 整个前端组在抢 咋个整嘛 我真的破防了",
     "", "ci_vent"),
    (12, "17:35", "user",
     "我宣布 永远不要在周五下午发版 哈哈哈开玩笑的 我们刚刚五点半还发了个 hotfix 无语",
     "", "friday_joke"),
    # ---- day 15, Mon 03-16 ------------------------------------------------------------------
    (15, "10:10", "user",
     "你改到 h5 的 CouponCard 去了 我说的是商家后台那个 在 apps/merchant-console/src/pages/coupon 下面 "
     "两边组件同名 容易搞混",
     "[tool] git diff --stat → apps/h5/src/components/CouponCard/CouponCard.tsx | 6 +++---",
     "wrong_app_target"),
    (15, "11:40", "user",
     "用 MSW 把 BFF 接口 mock 掉 story 里直接就能看成功、空数据、报错几种返回 这个思路绝了 牛 小鹿看了也说安逸",
     "", "msw_praise"),
    (15, "15:30", "user",
     "fyi the release pipeline OOM'd on the h5 job too. same fix, NODE_OPTIONS=--max-old-space-size=8192 "
     "in the job env, already pushed",
     "", "h5_oom"),
    # ---- day 16, Tue 03-17 (release day) ------------------------------------------------------
    (16, "09:20", "user",
     "release goes out today, so hands off the release branch this morning. meanwhile can you diff the zh-HK "
     "i18n keys on develop against zh-CN and list whatever is missing?",
     "", ""),
    (16, "14:30", "user",
     "这个经验记一下 写到你的记忆里：storybook 起来白屏 控制台一堆 manager 报错的时候 先 pnpm storybook --no-manager-cache 起 "
     "还不行就把 node_modules/.cache/storybook 删了再起",
     "", "storybook_cache"),
    (16, "16:50", "user",
     "帮我看下这段为啥 cookie 没写进去\n"
     "```ts\n"
     "const { remember } = useRememberMe()\n"
     "\n"
     "const onSubmit = async (values: LoginForm) => {\n"
     "  const { token } = await login(values)\n"
     "  if (values.keepLogin) remember(token)\n"
     "  navigate('/dashboard')\n"
     "}\n"
     "```\n"
     "useRememberMe 是之前外包写的 我也没细看过",
     "", "remember_code"),
    # ---- day 17, Wed 03-18 ------------------------------------------------------------------
    (17, "10:30", "user",
     "嗯那个 storybook 的 story 我喜欢就是每个状态单独写一个 比如说 Default Loading Empty Error 这样一个一个列的清清楚楚 "
     "不要全部塞到一个 story 里面用 controls 去切换 因为小鹿她们做设计走查的时候是一个一个点过去看的",
     "", "story_variants"),
    (17, "14:00", "user",
     "你觉得我们要不要以后都上 React Compiler 啊？还是再观望一下 我看社区有人说它跟 MobX 的 observer 会打架",
     "", "compiler_question"),
    (17, "16:15", "user",
     "登录接口那边是不对称加密 后端给了个 RSA 公钥 前端要先用 jsencrypt 把密码加密了再传 帮我封装个 encryptPassword "
     "的工具函数 放 packages/utils 里",
     "", "rsa_asym"),
    # ---- day 18, Thu 03-19 ------------------------------------------------------------------
    (18, "11:00", "user",
     "就 legacy/couponAdapter.ts 这一个文件 顶上先加 /* eslint-disable @typescript-eslint/no-explicit-any */ 顶一下 "
     "它的类型下个迭代再补",
     "", "eslint_file_any"),
    (18, "15:20", "user",
     "can you write a playwright test for the zh-HK language switch on the h5 home page? happy path only is fine",
     "", ""),
    # ---- day 19, Fri 03-20 ------------------------------------------------------------------
    (19, "10:00", "user",
     "对了 Sentry 上周末迁到我们自建的 sentry.shiguangli.cn 了 老的 sentry.io 那个项目已经停了 你查线上报错的话去新的那个看",
     "", "sentry_selfhosted"),
    (19, "15:30", "user",
     "明天美食节活动正式上线 周末我值班 你帮我把值班要盯的几个 dashboard 链接整理成一个 markdown 放 docs/oncall 下面",
     "", ""),
    # ---- day 20, Sat 03-21 (festival live, on call) -------------------------------------------
    (20, "11:20", "user",
     "这个 ChunkLoadError 不用慌 每次发版都会冒一波 是用户手上还开着的老页面去拉新版本已经删掉的 chunk 404 了 "
     "刷新一下就好 量会自己降下来",
     '[tool] sentry-cli issues list --project h5 --query "is:unresolved" → H5-4417 | ChunkLoadError: Loading chunk 412 failed. '
     "(error: https://m.shiguangli.cn/assets/CouponDetail-3f9a1c2e.js) | events 1.2k | users 873",
     "chunk_error"),
    (20, "16:40", "user",
     "h5 homepage LCP jumped to ~4s this afternoon. can you pull the lighthouse report from the preview and tell me what changed?",
     "", ""),
    # ---- day 21, Sun 03-22 (on call) ----------------------------------------------------------
    (21, "10:15", "user",
     "完美 用 feature flag 先把新券包入口关掉 不用整个版本回滚 十分钟就止血了 这个处理方式巴适",
     "[tool] curl -X PATCH https://flags.shiguangli.cn/api/flags/h5_voucher_pack_entry -d '{\"enabled\":false}' → 200 OK",
     "flag_praise"),
    (21, "11:30", "user",
     "wait, that's apps/h5 again. I meant the merchant console (商家后台) one, under apps/merchant-console. "
     "the h5 CouponCard is fine",
     "[tool] git diff --stat → apps/h5/src/components/CouponCard/CouponCard.tsx | 4 ++--",
     "wrong_app_target"),
    (21, "13:00", "user",
     "新 Sentry 那边的告警规则我把你也加进去了 查问题直接去 sentry.shiguangli.cn 老的 sentry.io 别看了 数据是断的",
     "", "sentry_selfhosted"),
    (21, "15:20", "user",
     "for the VoucherPack stories: one story per state (Default / SoldOut / Expired), not one story with a pile of "
     "controls. that's how I like them",
     "", "story_variants"),
    (21, "17:00", "user",
     "好家伙 pnpm why 一查就出来了 legacy-widgets 又拉了一份 react 18.2 进来 难怪报 Invalid hook call 这个命令好用 yyds",
     "[tool] pnpm why react --filter @sgl/h5 → react 18.3.1 · react 18.2.0 (via @sgl/legacy-widgets 1.4.0)",
     "pnpm_why"),
    (21, "20:30", "user",
     "OK 今天差不多了 帮我写个值班交接 周一发给峰哥 要得",
     "", ""),
]

EXPECTED: dict[str, tuple[list[list[str]], str, str]] = {
    # ---- preferences, promoted to USER.md -----------------------------------------------------
    "export_named": (
        [["named export", "named-export", "具名导出", "命名导出", "具名 export", "命名 export",
          "不用 export default", "别用 export default", "不要 export default", "不用 default export",
          "no default export", "no `export default`", "avoid default export", "instead of default export",
          "不用默认导出", "别用默认导出", "不要默认导出", "而不是默认导出"]],
        "principles", "user"),
    "type_over_interface": (
        [["interface"], ["type", "类型别名"]],
        "principles", "user"),
    "reply_short": (
        [["简短", "精简", "简洁", "短一点", "短点", "小作文", "啰嗦", "铺垫", "short", "concise", "brief", "terse"],
         ["回复", "回答", "reply", "replies", "answer", "diff", "解释", "explain", "改动"]],
        "patterns", "user"),
    "colorblind": (
        [["色弱", "色盲", "colorblind", "color blind", "color-blind", "colour blind", "colour-blind",
          "红绿", "red-green", "red/green", "red and green"]],
        "principles", "user"),
    "comment_zh": (
        [["注释", "comment"], ["中文", "chinese"]],
        "principles", "user"),
    # ---- rules and facts, MEMORY.md -------------------------------------------------------------
    "freeze_rule": (
        [["封板", "封版", "冻结", "freeze", "frozen"],
         ["release", "bugfix", "bug fix", "修 bug", "只修", "只收", "只合", "develop", "发布分支"]],
        "principles", "memory"),
    "env_rename": (
        [["VITE_BFF_ORIGIN"]],
        "principles", "memory"),
    "typecheck_before_mr": (
        [["typecheck", "type check", "type-check", "tsc", "类型检查"], ["lint"]],
        "principles", "memory"),
    "bff_port": (
        [["7001"]],
        "principles", "memory"),
    "storybook_cache": (
        [["storybook"], ["no-manager-cache", "cache", "缓存", "白屏", "blank"]],
        "patterns", "memory"),
    # ---- corrections and repeated failures, 错误修正记录 ---------------------------------------
    "playwright_mirror": (
        [["playwright"],
         ["镜像", "mirror", "npmmirror", "PLAYWRIGHT_DOWNLOAD_HOST", "download host", "azureedge",
          "浏览器", "browser", "executable", "chromium", "install", "安装", "下载"]],
        "principles", "corrections"),
    "h5_oom": (
        [["max-old-space-size", "NODE_OPTIONS", "heap", "out of memory", "OOM", "爆内存", "内存不够", "内存溢出",
          "堆内存"],
         ["h5", "build", "构建", "打包"]],
        "principles", "corrections"),
    "pkg_rename": (
        [["hotpot-ui"],
         ["@sgl/ui", "改名", "更名", "rename", "旧包", "老包", "包名", "import", "引用", "导入"]],
        "principles", "corrections"),
    "tailwind_token": (
        [["token", "text-fg", "语义色", "语义 class", "语义类", "semantic"],
         ["颜色", "color", "colour", "gray", "grey", "灰色", "写死", "hardcode", "hard-code", "hard code"]],
        "principles", "corrections"),
    # ---- said on day 1-2 only, fewer than 3 times: expire from the pool ---------------------------
    "pangu_space": (
        [["空格", "spacing", "spaces", "a space", "盘古", "pangu"],
         ["中英", "中文和英文", "中文跟英文", "中文与英文", "chinese and english", "english and chinese", "cjk",
          "汉字"]],
        "patterns", "expired"),
    "vite_prebundle": (
        [["vite"],
         ["node_modules/.vite", "预构建", "pre-bundl", "prebundl", "optimize dep", "optimizedep", "504"]],
        "patterns", "expired"),
    "pnpm_filter_praise": (
        [["filter"],
         ["origin/main", "...[", "改动过", "改动的", "变更的", "changed", "affected"]],
        "patterns", "expired"),
    # ---- first seen on day 12 or later, at most twice: still candidates --------------------------
    "wrong_app_target": (
        [["merchant-console"],
         ["商家后台", "商户后台", "商家端", "merchant console", "merchant admin", "B端", "B 端"]],
        "principles", "candidate"),
    "msw_praise": (
        [["msw", "mock service worker"]],
        "patterns", "candidate"),
    "story_variants": (
        [["story", "stories"],
         ["每个状态", "每种状态", "一个状态", "单独", "variant", "变体", "per state", "each state", "one story per",
          "separate"]],
        "principles", "candidate"),
    "sentry_selfhosted": (
        [["sentry"],
         ["自建", "self-hosted", "self hosted", "selfhosted", "sentry.shiguangli", "迁", "migrat", "新地址",
          "新域名"]],
        "principles", "candidate"),
    "pnpm_why": (
        [["pnpm why"]],
        "patterns", "candidate"),
    "chunk_error": (
        [["chunk"],
         ["404", "刷新", "reload", "refresh", "发版", "新版本", "旧版本", "老页面", "旧页面", "stale", "deploy"]],
        "patterns", "candidate"),
    "flag_praise": (
        [["feature flag", "功能开关", "开关", "flag"],
         ["回滚", "rollback", "roll back", "rolling back", "关掉", "关闭", "入口", "止血", "disable", "turn off"]],
        "patterns", "candidate"),
    # ---- hard negatives: nothing anywhere ---------------------------------------------------------
    "vite6_hypo": ([["vite 6", "vite6", "vite@6", "plugin-legacy"]], "absent", "absent"),
    "pm_tracking": ([["埋点", "tracking", "analytics"]], "absent", "absent"),
    "tonight_pr": ([["今晚", "tonight", "当晚", "提测"]], "absent", "absent"),
    "ci_vent": ([["runner", "排队", "queue"]], "absent", "absent"),
    "friday_joke": ([["周五", "friday"], ["发版", "发布", "上线", "release", "deploy"]], "absent", "absent"),
    "remember_code": ([["useRememberMe", "rememberMe", "remember-me", "remember me", "keepLogin"]], "absent", "absent"),
    "compiler_question": ([["react compiler", "compiler", "编译器"]], "absent", "absent"),
    "rsa_asym": ([["jsencrypt", "不对称加密", "非对称加密", "asymmetric", "公钥", "public key", "encryptPassword"]],
                 "absent", "absent"),
    "eslint_file_any": ([["no-explicit-any", "couponAdapter"]], "absent", "absent"),
}
