"""Learning simulation 3: three weeks of a mobile developer talking to an agent.

The user is a React Native / iOS developer at a food-delivery start-up ("青柠", rider app 2.0),
working with a designer (May), a back-end lead (老周), an App Store Connect admin (Ethan), a QA
and analytics owner (小鹿) and an overseas contractor (Tomasz). She types the way people type in
chat: terse, informal, Chinese, English and both in one line; preferences come as wishes or
dislikes, corrections point at the wrong value instead of saying "wrong", facts arrive as asides.

This scenario was written BEFORE its first run, from the five design notes (shared/seeds/*.txt,
mainly 000 self-evolution and 004 memory-manager), DESIGN.md, README.md and docs/design.md only,
without reading the product's code or tests. The expected place of every item, and why, is in
learning_sim3_rationale.md next to this file; the file is frozen by learning_sim3.sha256.

Rules of play (the runner):
  * Day 1 is 2026-03-02 (a Monday). Events run in order through `memstrata signal` (the learned
    classifier). "user" = the user's message in the main session; its context may hold lines
    `[tool] COMMAND → OUTPUT` (what the agent just ran). "fail" = a failed tool call reported by
    Claude Code's failure hook: text is the error output, context is "Bash: the command"; the same
    command failing twice a few minutes apart is a repeated_failure signal.
  * At 22:00 each day the heartbeat runs when due (pending >= 5 signals, or > 24 h since the last
    synthesis / oldest signal and pending non-empty); the user approves every card.
  * Pool policy: threshold 3, expiry_days 14. Synthesis policy: threshold 1 (no candidate pool).
  * Timing, so that no expected place hangs on when a heartbeat happens to be due: items promoted
    from the pool have their 3 observations within 9 days of the first; "expired" items are first
    observed on day 1-2 and never after day 5, and there are signals on days 19-20; "candidate"
    items are first observed on day 12 or later and observed at most twice; explicit instructions
    are said on day 19 at the latest.
  * EXPECTED[item] = (word groups, place under synthesis, place under pool). An item must appear
    exactly once in its place and nowhere else in memory; "absent" means no entry and no candidate
    anywhere. Every word group must match one of its words (case-insensitive) in the text of the
    entry or candidate.
"""

from __future__ import annotations

# (day, time, event, text, context, item)  item: which EXPECTED entry it is about ("" = none)
SCRIPT: list[tuple[int, str, str, str, str, str]] = [
    # ---- week 1 --------------------------------------------------------------------------
    (
        1,
        "09:12",
        "user",
        "早～骑手端 2.0 的订单页今天开工，设计稿都在 Figma 的 Lime-DS 文件里，May 在维护",
        "",
        "fact_limeds",
    ),
    (1, "09:40", "user", "先把 OrderCard 拆成 Header 和 Body 两个组件，props 你先随便定", "", ""),
    (
        1,
        "10:25",
        "user",
        "inline style 一坨一坨的看着好累……能收的都收进 StyleSheet.create 吧",
        "",
        "pref_stylesheet",
    ),
    (
        1,
        "14:05",
        "user",
        "顺带说下，后端接口文档都在 Apifox 上，项目叫 qn-gateway",
        "",
        "fact_apifox",
    ),
    (
        1,
        "16:30",
        "user",
        "RN 0.76 之后 New Architecture 是默认开的吧？我们还停在 0.74，值得跟吗",
        "",
        "hn_new_arch",
    ),
    (
        2,
        "09:30",
        "user",
        "新写的 OrderDetailScreen 怎么又是 class 组件……这个 repo 早就全是函数组件 + hooks 了",
        "",
        "corr_class",
    ),
    (2, "11:00", "user", "注释写英文哈，外包的 Tomasz 也要 review 这块", "", "pref_comments_en"),
    (
        2,
        "15:20",
        "user",
        "useRememberedFilters() 切 tab 回来筛选条件就丢了，帮我看看是不是 deps 漏了",
        "",
        "hn_remember_hook",
    ),
    (2, "17:45", "user", "nice，这下顺眼多了 👍", "", ""),
    (3, "09:50", "user", "以后都先说结论再展开，我一般只看第一段", "", "pref_conclusion"),
    (3, "11:15", "user", "icon 在 Lime-DS 里也有一整套，May 上周刚补了一批", "", "fact_limeds"),
    (
        3,
        "14:30",
        "user",
        "别每次把整个文件甩回来啊，400 行我还得自己找哪变了，给个 diff 就够",
        "",
        "pref_diff",
    ),
    (
        3,
        "16:10",
        "user",
        "假如老板哪天拍脑袋要上鸿蒙，我们这套 RN 代码能复用多少？",
        "",
        "hn_harmony",
    ),
    (
        4,
        "10:05",
        "user",
        "class components again 🙄 everything in this codebase is function components + hooks",
        "",
        "corr_class",
    ),
    (
        4,
        "11:40",
        "user",
        "again with the inline styles on every View 😩 pull them into a StyleSheet pls",
        "",
        "pref_stylesheet",
    ),
    (
        4,
        "15:00",
        "user",
        "打包日志都在机房那台 mac-mini-03 上，~/Library/Logs/gym 下面",
        "",
        "fact_macmini",
    ),
    (
        4,
        "17:20",
        "user",
        "老周他们后端组有条死规矩：周五永远不要发版。跟我们客户端没关系哈，纯吐槽",
        "",
        "hn_friday",
    ),
    (
        5,
        "09:35",
        "user",
        "AsyncStorage 里存 refresh token？我们登录模块一直是用 react-native-keychain 存的",
        "",
        "corr_keychain",
    ),
    (
        5,
        "10:20",
        "user",
        "comments in English please 🙏 Tomasz can't read the Chinese ones",
        "",
        "pref_comments_en",
    ),
    (5, "11:00", "user", "嗯，就按这个来，先写再说", "", "echo_anzhe"),
    (
        5,
        "14:45",
        "user",
        "RiderMap.tsx 这个文件里先 as any 顶一下，类型回头我自己补",
        "",
        "hn_as_any",
    ),
    (5, "16:50", "user", "写个 hook 拿骑手实时位置，5 秒轮询一次就行", "", ""),
    (
        6,
        "11:20",
        "user",
        "记住：每次传 TestFlight 之前先把 dSYM 传到 Sentry，不然线上 crash 全是看不懂的地址",
        "",
        "rule_dsym",
    ),
    (7, "21:00", "user", "反思一下这周的", "", ""),
    # ---- week 2 --------------------------------------------------------------------------
    (
        8,
        "09:20",
        "user",
        "fyi build logs live on mac-mini-03, under ~/Library/Logs/gym — the CI page only shows the tail",
        "",
        "fact_macmini",
    ),
    (
        8,
        "10:30",
        "user",
        "whole file pasted back again 😑 just the diff, I can read a diff",
        "",
        "pref_diff",
    ),
    (
        8,
        "13:15",
        "user",
        "AsyncStorage isn't where tokens go in this app — react-native-keychain, same as the login module",
        "",
        "corr_keychain",
    ),
    (8, "15:40", "user", "OrderCard 左右 padding 不对称，左 16 右 12，帮我对一下", "", "hn_asym"),
    (8, "17:05", "user", "绝了 🔥 这个骨架屏", "", ""),
    (
        9,
        "10:00",
        "user",
        "Never push an EAS update to the prod-cn channel without pinging me first.",
        "",
        "rule_prodcn",
    ),
    (9, "11:30", "user", "App Store Connect 的权限在 Ethan 手上，加测试员得找他", "", "fact_ethan"),
    (9, "14:20", "user", "样式对象别直接糊在 JSX 上，老样子，进 StyleSheet", "", "pref_stylesheet"),
    (
        9,
        "16:00",
        "user",
        "is it always safe to setState inside a useEffect cleanup? seeing a warning in the console",
        "",
        "hn_always_q",
    ),
    (
        10,
        "09:15",
        "user",
        "From now on: bottom line first, details after. I skim.",
        "",
        "pref_conclusion",
    ),
    (
        10,
        "10:40",
        "user",
        "又写中文注释了…改回英文吧，code review 里 Tomasz 一堆问号",
        "",
        "pref_comments_en",
    ),
    (
        10,
        "13:30",
        "user",
        "Compose 里的 remember { mutableStateOf(0) } 跟 useState 基本一个意思吧？",
        "",
        "hn_compose",
    ),
    (10, "15:50", "user", "ok 就这么办，ship it", "", "echo_ship"),
    (
        10,
        "17:30",
        "user",
        "还记得上回键盘把底部按钮顶飞的那个 bug 吗？小米上又复现了",
        "",
        "hn_keyboard",
    ),
    (
        11,
        "09:40",
        "user",
        "这条写进你的 memory：高德（AMap）的 key 必须从 react-native-config 读，任何文件里都不许硬编码，测试里也不行",
        "",
        "rule_amap",
    ),
    (
        11,
        "10:55",
        "user",
        "又把 refresh token 塞 AsyncStorage 了……keychain 啊大哥，说了好几遍了",
        "",
        "corr_keychain",
    ),
    (
        11,
        "11:30",
        "user",
        "archive 挂了先上 mac-mini-03 翻 gym 的日志，CI 页面那几行看不出啥",
        "",
        "fact_macmini",
    ),
    (
        11,
        "14:10",
        "user",
        "TestFlight 加外部测试员还是得找 Ethan，ASC 就他一个 admin",
        "",
        "fact_ethan",
    ),
    (11, "16:00", "user", "改完只回 diff，整文件我本地有", "", "pref_diff"),
    (
        11,
        "16:30",
        "user",
        "if we ever bump min iOS to 17, could the widget be plain SwiftUI instead of the bridge hack?",
        "",
        "hn_swiftui",
    ),
    (
        12,
        "09:30",
        "user",
        "UI 相关的 PR，录屏转成 gif 塞进描述里，reviewer 点开就能看",
        "",
        "rec_gif",
    ),
    (
        12,
        "10:05",
        "fail",
        "Could not find fastlane-2.225.0 in locally installed gems\nRun `bundle install` to install missing gems.",
        "Bash: cd ios && bundle exec fastlane ios bump_build",
        "fail_fastlane",
    ),
    (
        12,
        "10:09",
        "fail",
        "Could not find fastlane-2.225.0 in locally installed gems\nRun `bundle install` to install missing gems.",
        "Bash: cd ios && bundle exec fastlane ios bump_build",
        "fail_fastlane",
    ),
    (12, "15:30", "user", "这个空状态做得挺灵 😍 比我想的顺", "", ""),
    (
        13,
        "11:10",
        "user",
        "文案 key 都在 Lokalise 的 rider-app 项目里，仓库里的 zh.json 是从那边导出来的",
        "",
        "fact_lokalise",
    ),
    (
        13,
        "11:50",
        "user",
        "这个经验记一下：workspace 里的包动过之后，Metro 得带 --reset-cache 重启，不然一直报找不到 @qn/ui-kit",
        "[tool] pnpm start → error: Unable to resolve module @qn/ui-kit from src/screens/OrderCard.tsx: @qn/ui-kit could not be found within the project\n"
        "[tool] pnpm start --reset-cache → warn The cache is being reset. Metro waiting on exp://192.168.1.23:8081",
        "exp_reset_cache",
    ),
    (14, "20:30", "user", "PR 里放 gif 那个挺好，QA 说比截图好使多了，继续", "", "rec_gif"),
    (
        14,
        "21:00",
        "user",
        "Remember: dSYMs go up to Sentry before any TestFlight build goes out. No exceptions.",
        "",
        "rule_dsym",
    ),
    # ---- week 3 --------------------------------------------------------------------------
    (15, "09:40", "user", "埋点方案有疑问直接问小鹿，她是 QA 兼埋点 owner", "", "fact_xiaolu"),
    (
        15,
        "10:30",
        "user",
        "never mind，是我 .env.local 里 API_BASE 少打了个 s 😅",
        "",
        "hn_never_mind",
    ),
    (
        15,
        "14:00",
        "user",
        "Kevin 在群里喊 'always rebase, never merge'，结果他自己昨天推了三个 merge commit 😂",
        "",
        "hn_kevin",
    ),
    (
        15,
        "16:20",
        "user",
        "这次的 release note 先别写 iPad 那块，下午 PM 定了再补",
        "",
        "hn_release_note",
    ),
    (
        16,
        "10:10",
        "fail",
        'DetoxRuntimeError: Failed to find a device by type = "iPhone 15 Pro"\n\nHINT: Run \'applesimutils --list\' to list your supported devices. It is advised only to specify a device type, e.g., "iPhone Xʀ" and avoid explicit search by OS version.',
        "Bash: pnpm detox test -c ios.sim.release e2e/checkout.e2e.ts",
        "fail_detox",
    ),
    (
        16,
        "10:15",
        "fail",
        'DetoxRuntimeError: Failed to find a device by type = "iPhone 15 Pro"\n\nHINT: Run \'applesimutils --list\' to list your supported devices. It is advised only to specify a device type, e.g., "iPhone Xʀ" and avoid explicit search by OS version.',
        "Bash: pnpm detox test -c ios.sim.release e2e/checkout.e2e.ts",
        "fail_detox",
    ),
    (
        16,
        "11:30",
        "user",
        "prod-cn 这个 channel 永远不要你自己推 OTA，先问我，上回半夜推挂过一次",
        "",
        "rule_prodcn",
    ),
    (
        16,
        "14:20",
        "user",
        "ASC stuff → Ethan. he's the only admin on App Store Connect, I can't even add testers myself",
        "",
        "fact_ethan",
    ),
    (16, "15:00", "user", "今天别碰 android 目录，Hao 在改 gradle，冲突了他会哭", "", "hn_android"),
    (
        17,
        "11:15",
        "user",
        "alwaysBounceVertical 设成 false 之后下拉刷新还会触发吗？",
        "",
        "hn_always_bounce",
    ),
    (17, "14:40", "user", "完美，就是这个效果", "", ""),
    (18, "10:30", "user", "OrderList 滚起来有点掉帧，帮我 profile 一下", "", ""),
    (18, "14:00", "user", "给 OrderList 加个下拉刷新，onRefresh 里重新拉第一页", "", ""),
    (19, "10:00", "user", "骑手端 2.0 提测了 🎉 辛苦", "", ""),
    (
        19,
        "15:10",
        "user",
        "录屏直接挂 mp4 原文件就行，转出来的动图糊到看不清按钮上的字",
        "",
        "rec_mp4",
    ),
    (
        20,
        "11:05",
        "user",
        "fyi the strings' source of truth is Lokalise (project rider-app); the json files in the repo are just exports",
        "",
        "fact_lokalise",
    ),
    (20, "11:20", "user", "稳 👍", "", ""),
]

# item: (words that identify it: every group must match one of its words, case-insensitive,
#        expected place under synthesis, expected place under pool)
EXPECTED: dict[str, tuple[list[list[str]], str, str]] = {
    # preferences said three times within 9 days (zh / en / other words)
    "pref_stylesheet": ([["stylesheet", "样式表"]], "principles", "user"),
    "pref_comments_en": ([["注释", "comment"], ["英文", "english"]], "principles", "user"),
    "pref_diff": ([["diff", "差异"]], "principles", "user"),
    # explicit standing preference, said twice (zh 以后都 / en from now on)
    "pref_conclusion": ([["结论", "conclusion", "bottom line"]], "principles", "user"),
    # contradicting values for the same job (screen recordings in PRs); neither reaches 3
    "rec_gif": ([["gif"]], "principles", "candidate"),
    "rec_mp4": ([["mp4"]], "principles", "candidate"),
    # explicit rules (记住 / Remember, Never / 永远不要, "写进你的 memory … 必须")
    "rule_dsym": ([["dsym", "符号表"]], "principles", "memory"),
    "rule_prodcn": ([["prod-cn"]], "principles", "memory"),
    "rule_amap": ([["amap", "高德"]], "principles", "memory"),
    # corrections of the agent (never saying 不对/wrong)
    "corr_keychain": ([["keychain", "钥匙串"]], "principles", "corrections"),
    "corr_class": (
        [
            [
                "class 组件",
                "class component",
                "类组件",
                "函数组件",
                "function component",
                "functional component",
            ]
        ],
        "principles",
        "expired",
    ),
    # durable facts: three times, twice, once
    "fact_macmini": ([["mac-mini-03", "mac mini 03"]], "patterns", "memory"),
    "fact_ethan": ([["ethan"]], "patterns", "memory"),
    "fact_limeds": ([["lime-ds", "lime ds", "limeds"]], "patterns", "expired"),
    "fact_lokalise": ([["lokalise"]], "patterns", "candidate"),
    "fact_apifox": ([["apifox"]], "patterns", "expired"),
    "fact_xiaolu": ([["小鹿", "xiaolu", "xiao lu"]], "patterns", "candidate"),
    # "这个经验记一下" after a tool run
    "exp_reset_cache": ([["reset-cache", "reset cache"]], "patterns", "candidate"),
    # repeated tool failures (same command twice, minutes apart)
    "fail_fastlane": ([["fastlane", "bundle install"]], "principles", "candidate"),
    "fail_detox": ([["detox", "applesimutils"]], "principles", "candidate"),
    # echoes with nothing to remember
    "echo_anzhe": ([["按这个来"]], "absent", "absent"),
    "echo_ship": ([["就这么办", "ship it"]], "absent", "absent"),
    # hard negatives
    "hn_new_arch": ([["new architecture", "新架构"]], "absent", "absent"),
    "hn_remember_hook": ([["useRememberedFilters"]], "absent", "absent"),
    "hn_harmony": ([["鸿蒙", "harmonyos"]], "absent", "absent"),
    "hn_friday": ([["周五", "friday"]], "absent", "absent"),
    "hn_as_any": ([["ridermap"]], "absent", "absent"),
    "hn_asym": ([["不对称", "padding"]], "absent", "absent"),
    "hn_always_q": ([["cleanup"]], "absent", "absent"),
    "hn_compose": ([["mutableStateOf"]], "absent", "absent"),
    "hn_keyboard": ([["键盘", "keyboard"]], "absent", "absent"),
    "hn_swiftui": ([["swiftui"]], "absent", "absent"),
    "hn_never_mind": ([["api_base", ".env.local"]], "absent", "absent"),
    "hn_kevin": ([["rebase"]], "absent", "absent"),
    "hn_release_note": ([["ipad", "release note"]], "absent", "absent"),
    "hn_android": ([["android", "gradle"]], "absent", "absent"),
    "hn_always_bounce": ([["alwaysbounce"]], "absent", "absent"),
}
