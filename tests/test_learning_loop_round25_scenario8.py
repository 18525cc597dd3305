"""Round 25 of issue 11 (session 38): what the eighth blind scenario's first run found
(benchmarks/data/learning_sim8.py, scored once on 75e0da0 before anything was changed for it).
Each test fails on the code before its fix (75e0da0); guards pass on both and are named so.
"""

from __future__ import annotations

import pytest

from memstrata.capture.failure_text import failure_statement, telling_line
from memstrata.capture.statement import statement
from memstrata.evolve.triggers import handle

# A story, then "这个经验记一下：" and the lesson, over 100 characters together: the lesson was cut
# off the pool's card (its start kept) and the pattern was titled by the story.
STORY_THEN_LESSON = (
    "今日成个下昼嘥晒 🤯 原来 StreamingAssets 入面仲有上个版本嘅旧 bundle，build 嘅时候一齐打咗入包，"
    "runtime load 到旧嘢 CRC 对唔上。这个经验记一下：打 AssetBundle 之前先清空 StreamingAssets/AB 目录"
)


def test_a_long_story_before_a_lesson_keeps_the_lesson_first() -> None:
    said = statement("explicit_remember", STORY_THEN_LESSON)
    assert said.content.startswith("打 AssetBundle 之前先清空 StreamingAssets/AB 目录")
    assert said.title.startswith("打 AssetBundle 之前先清空")
    assert len(said.content) <= 100


def test_guard_a_short_story_and_lesson_keep_their_order() -> None:
    said = statement(
        "explicit_remember",
        "然后疯狂 rebalance。这个经验记一下，下回 consumer 频繁 rebalance 先查 max.poll.interval.ms",
    )
    assert said.content.startswith("然后疯狂 rebalance。下回 consumer")
    assert said.title.startswith("下回 consumer")


def test_a_lesson_asked_for_after_a_long_story_reaches_the_pool_whole(make_ws) -> None:
    ws = make_ws("memory-manager")
    handle(ws.writer(), STORY_THEN_LESSON)
    pool = (ws.root / ws.role_path("candidates")).read_text(encoding="utf-8")
    assert "打 AssetBundle 之前先清空 StreamingAssets/AB 目录" in pool


def test_a_lesson_asked_for_after_a_long_story_is_a_pattern_titled_by_the_lesson(make_ws) -> None:
    ws = make_ws("self-evolution")
    result = handle(ws.writer(), STORY_THEN_LESSON)
    assert result.action == "pattern"
    assert result.written[0]["entry_id"].startswith("打 AssetBundle 之前先清空")


GRADLE = (
    "FAILURE: Build failed with an exception.\n\n* What went wrong:\nSDK location not found. "
    "Define a valid SDK location with an ANDROID_HOME environment variable.\n\n"
    "* Try:\n> Run with --stacktrace option to get the stack trace.\n\nBUILD FAILED in 3s"
)
P4_TRIGGER = (
    "Submitting change 90412.\nLocking 3 files ...\nSubmit validation failed -- fix problems then "
    "use 'p4 submit -c 90412'.\n'luacheck-trigger' validation failed: Assets/LuaScripts/Hotfix/"
    "shop_fix.lua:42:9: accessing undefined variable 'ShopMgr'"
)


def test_a_report_s_frame_is_not_its_error() -> None:
    assert telling_line(GRADLE).startswith("SDK location not found.")
    assert telling_line(P4_TRIGGER).startswith("'luacheck-trigger' validation failed")


def test_one_failure_of_a_long_command_keeps_room_for_its_error() -> None:
    said = failure_statement(
        "xcodebuild -exportArchive -archivePath build/Tide.xcarchive -exportOptionsPlist "
        "ExportOptions-adhoc.plist -exportPath build/ipa",
        1,
        "error: exportArchive: No profiles for 'com.xingyu.tide' were found",
        True,
    )
    assert "No profiles for 'com.xingyu.tide'" in said and len(said) <= 100
    # where it ran is no part of what failed
    said = failure_statement(
        "cd Library/Bee/Android/Prj/IL2CPP/Gradle && ./gradlew assembleRelease", 1, "boom", True
    )
    assert said == "./gradlew assembleRelease 失败。boom"


def test_guard_a_repeated_failure_still_says_how_often() -> None:
    assert failure_statement("make test", 3, "error: boom", False) == (
        "make test failed 3 times. error: boom"
    )


def test_a_reason_after_the_fix_keeps_the_fix() -> None:
    """Over 100 characters a message kept its last clauses that fit: here only "otherwise …",
    the fix before it lost (and the entry titled by the reason)."""
    said = statement(
        "correction",
        "the file was read-only because it isn't checked out… open it in p4 first (p4 edit), "
        "otherwise the change doesn't end up in my CL",
    )
    assert said.content.startswith("open it in p4 first (p4 edit), otherwise")
    assert said.title == "open it in p4 first (p4 edit)"


def test_guard_a_tail_that_instructs_keeps_its_reason_after_it() -> None:
    body = (
        "刚才你帮我部署网关的时候我看了一下日志，发现健康检查一直在报错，重试了好几次都不行，"
        "我又去翻了半天 nginx 配置、k8s service 定义和 grafana 监控面板，最后才发现是端口不对，以后部署网关都用 8443，不然健康检查会一直失败"
    )
    assert len(body) > 100
    said = statement("correction", body)
    assert said.content.endswith("以后部署网关都用 8443，不然健康检查会一直失败")


def test_a_report_that_something_was_wrong_is_no_instruction() -> None:
    """ "端口不对" reports what was wrong; "不对，…" opens a correction. The title started at the
    report ("最后才发现是端口不对") instead of the rule after it."""
    said = statement(
        "correction",
        "刚才你帮我部署网关的时候我看了一下日志，发现健康检查一直在报错，重试了好几次都不行，"
        "我又去翻了半天 nginx 配置、k8s service 定义和 grafana 监控面板，最后才发现是端口不对，"
        "以后部署网关都用 8443，不然健康检查会一直失败",
    )
    assert said.title.startswith("以后部署网关都用 8443")


# review32: a tester's round on the statement changes above (13 regressions of 113 messages)
def test_review32_a_correction_keeps_the_lesson_after_its_request() -> None:
    said = statement(
        "correction",
        "你刚才又把 secrets 直接写进 docker-compose.yml 里然后 commit 了，我说过好多次了，这个 repo 是"
        "公开的，GitGuardian 已经发邮件告警了，我得去 rotate 所有 key。记住：secret 只放 .env",
    )
    assert said.title.startswith("secret 只放 .env")
    assert said.content.startswith("secret 只放 .env")


def test_review32_a_dot_that_opens_a_name_stays() -> None:
    said = statement(
        "correction",
        "你又把 .npmrc 里面的 token 提交上去了，这次是 GitHub 的 secret scanning 先发现的，npm 那边已经"
        "自动吊销了，我们的发布流水线全挂了，重新生成 token 又要找管理员审批。这个记一下：.npmrc 加进 .gitignore",
    )
    assert said.title.startswith(".npmrc 加进 .gitignore")
    assert said.content.startswith(".npmrc 加进 .gitignore")


@pytest.mark.parametrize(
    ("kind", "message", "rule"),
    [
        (
            "correction",
            "you bumped every dependency in the lockfile when I only asked for the axios security "
            "patch and now three unrelated snapshot tests fail in CI and nobody knows which bump "
            "caused it, which is why we only ever run npm update <pkg> for the one package",
            "we only ever run npm update <pkg>",
        ),
        (
            "preference",
            "之前一直用 npm 装依赖但是 monorepo 里面 node_modules 动不动就好几个 G 而且 CI 缓存也老是失效"
            "每次装要七八分钟同事推荐了 pnpm 我们试了一下确实快了很多真的是快了好几倍，所以 以后都用 pnpm",
            "以后都用 pnpm",
        ),
    ],
)
def test_review32_a_reason_word_that_brings_the_rule_keeps_it(
    kind: str, message: str, rule: str
) -> None:
    assert rule in statement(kind, message).content


def test_review32_an_ellipsis_inside_a_value_ends_no_clause() -> None:
    said = statement(
        "correction",
        "你刚才改的那个正则 ^feat/.*…$ 匹配不到我们的分支名，我们的分支名格式是 feat/JIRA-123-xxx，"
        "你看一下 CI 的日志就知道了，分支名正则改成 ^feat/[A-Z]+-\\d+-.+$",
    )
    assert not said.title.startswith("$")


@pytest.mark.parametrize(
    ("message", "title"),
    [
        (
            "哦不对，端口应该是 8443 不是 8080，我刚才记错了，网关那边上个月就改了，你把 nginx 的 upstream 也一起改一下吧",
            "端口应该是 8443 不是 8080",
        ),
        (
            "版本号不对，应该是 v2.14.3，你写成了 v2.13.4，changelog 里面也一起改一下，tag 我已经删掉了你重新打",
            "应该是 v2.14.3",
        ),
        (
            "格式不对啊 日志要用 json 格式输出 你现在是纯文本 loki 那边解析不了 字段都提取不出来 告警规则全失效了",
            "日志要用 json 格式输出",
        ),
    ],
)
def test_review32_a_verdict_before_the_fix_is_no_title(message: str, title: str) -> None:
    """ "哦不对", "版本号不对", "格式不对啊" titled entries: a verdict, not what to keep."""
    assert statement("correction", message).title.startswith(title)


# review32's failure outputs of other tools: the frame was taken for the cause
FRAMED = [
    (
        "[INFO] BUILD FAILURE\n[ERROR] Failed to execute goal org.apache.maven.plugins:"
        "maven-compiler-plugin:3.11.0:compile (default-compile) on project order-service: "
        "Compilation failure\n[ERROR] /home/dev/order-service/src/main/java/com/acme/order/"
        "OrderService.java:[42,17] cannot find symbol",
        "[ERROR] OrderService.java:[42,17] cannot find symbol",
    ),
    (
        "npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree\nnpm ERR!\n"
        "npm ERR! A complete log of this run can be found in: /root/.npm/_logs/x-debug-0.log",
        "npm ERR! ERESOLVE unable to resolve dependency tree",
    ),
    (
        "  error: subprocess-exited-with-error\n\n  × Getting requirements to build wheel did not "
        "run successfully.\n  │ exit code: 1\n  ╰─> [33 lines of output]\n      "
        "ModuleNotFoundError: No module named 'distutils'\n      [end of output]\n"
        "error: subprocess-exited-with-error",
        "ModuleNotFoundError: No module named 'distutils'",
    ),
    (
        "> Task :app:compileReleaseKotlin FAILED\ne: file:///home/ci/android/app/src/main/java/"
        "com/acme/MainActivity.kt:31:9 Unresolved reference: bindingz\n\nFAILURE: Build failed "
        "with an exception.\n\nBUILD FAILED in 48s",
        "e: MainActivity.kt:31:9 Unresolved reference: bindingz",
    ),
    (
        " FAIL  src/cart/cart.test.ts\n  ● Cart › applies coupon\n\n    Expected: 90\n"
        "    Received: 100\n\nTest Suites: 1 failed, 1 total\nTests:       1 failed, 3 passed",
        "● Cart › applies coupon Expected: 90 Received: 100",
    ),
]


@pytest.mark.parametrize(("output", "cause"), FRAMED)
def test_review32_a_tool_s_frame_is_not_its_cause(output: str, cause: str) -> None:
    assert telling_line(output) == cause


def test_review32_a_bare_caused_by_leaves_no_empty_error() -> None:
    output = (
        "   Compiling openssl-sys v0.9.101\nerror: failed to run custom build command for "
        "`openssl-sys v0.9.101`\n\nCaused by:\n  process didn't exit successfully (exit status: 101)"
    )
    assert telling_line(output).startswith("error: failed to run custom build command")


def test_guard_a_path_that_is_what_the_error_is_about_stays_whole() -> None:
    said = telling_line("Error: ENOENT: no such file or directory, open '/app/config/prod.json'")
    assert "/app/config/prod.json" in said


@pytest.mark.parametrize(
    ("message", "lesson"),
    [
        (
            "You ran the migration against prod from your laptop with a stale env file and it "
            "dropped the sessions table, and we lost an hour of logins. Remember: always source "
            ".env.staging before running alembic",
            "always source .env.staging before running alembic",
        ),
        (
            "上週 oncall 那次 redis 打滿記憶體，排查了一下午發現是有個 key 沒設 TTL 一直在漲，最後是小李"
            "發現的，真的很累，大家都熬到半夜兩點多才搞定，第二天還要寫事故報告。記住：新建 key 必須設 TTL",
            "新建 key 必須設 TTL",
        ),
    ],
)
def test_review32_a_request_in_english_or_traditional_after_a_story_keeps_its_lesson(
    message: str, lesson: str
) -> None:
    said = statement("correction", message)
    assert said.content.startswith(lesson) and said.title.startswith(lesson[:12])


def test_review32_an_english_request_between_story_and_lesson_is_no_part_of_it() -> None:
    said = statement(
        "correction", "then it rebalanced like crazy. Note this down: check max.poll.interval.ms"
    )
    assert said.content == "then it rebalanced like crazy. check max.poll.interval.ms"


@pytest.mark.parametrize(
    ("message", "title"),
    [
        (
            "我看了下监控 QPS 掉了一半，以为是数据库的问题，查了半天 slow log 也没东西，最后抓包才发现请求"
            "根本没打到服务上，查了半天是 upstream 配的端口不对，网关 upstream 要指向 9000 端口",
            "网关 upstream 要指向 9000 端口",
        ),
        (
            "你生成的 SQL 又用了 select *，线上那张 orders 表有八十多个字段还有两个 text 大字段，一查就几百 MB，"
            "DBA 又来找我了，查询只选用到的列，因为带宽和内存都扛不住，而且加字段的时候还会出兼容问题",
            "查询只选用到的列",
        ),
    ],
)
def test_review32_a_fix_said_with_yao_or_zhi_titles_the_entry(message: str, title: str) -> None:
    """要 + a verb and 只 + a verb say the fix; without them a long message's first kept story
    clause titled it."""
    assert statement("correction", message).title.startswith(title)


def test_one_failure_of_a_long_command_reaches_the_pool_with_its_error(make_ws) -> None:
    """The heartbeat wrote a single failure as "COMMAND 失败。ERROR" cut at 100 characters, so a
    134-character xcodebuild command left no error in CANDIDATES.md (learning_sim8)."""
    from memstrata.capture.record import record_signals
    from memstrata.evolve.heartbeat import heartbeat

    ws = make_ws("memory-manager")
    writer = ws.writer()
    record_signals(
        writer,
        "error: exportArchive: No profiles for 'com.xingyu.tide' were found\n** EXPORT FAILED **\n"
        "Bash: xcodebuild -exportArchive -archivePath build/Tide.xcarchive -exportOptionsPlist "
        "ExportOptions-adhoc.plist -exportPath build/ipa",
        source="hook",
        hot_path=True,
        failed=True,
    )
    heartbeat(writer, force=True)
    pool = (ws.root / ws.role_path("candidates")).read_text(encoding="utf-8")
    assert "No profiles for" in pool
