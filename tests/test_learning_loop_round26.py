"""Round 26 of issue 11 (session 39): review32's failure outputs whose cause was not what a
repeated or single failure's entry kept (a tool's wrapper around the cause, a nested cause, a
test's expectation, git's refused ref). Each test fails on the code before its fix (edbe04b);
guards pass on both and are named so.
"""

from __future__ import annotations

import pytest

from memstrata.capture.failure_text import failure_statement, telling_line, why_it_failed
from memstrata.core.config import EvolveSettings
from memstrata.evolve import known

MAVEN_DEPENDENCY = """[INFO] BUILD FAILURE
[ERROR] Failed to execute goal on project api-gateway: Could not resolve dependencies for project com.acme:api-gateway:jar:1.4.0-SNAPSHOT: Could not find artifact com.acme:common-auth:jar:2.1.0 in nexus (https://nexus.acme.internal/repository/maven-public/) -> [Help 1]
[ERROR]
[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.
"""

HELM = """Release "api" does not exist. Installing it now.
Error: INSTALLATION FAILED: rendered manifests contain a resource that already exists. Unable to continue with install: Service "api" in namespace "shop" exists and cannot be imported into the current release: invalid ownership metadata
"""

DOCKER_BIND = (
    "docker: Error response from daemon: driver failed programming external connectivity on "
    "endpoint eager_hopper (3f2a...): Bind for 0.0.0.0:8080 failed: port is already allocated."
)

GRADLE_NESTED = """FAILURE: Build failed with an exception.

* What went wrong:
Could not determine the dependencies of task ':app:compileDebugJavaWithJavac'.
> Could not resolve all task dependencies for configuration ':app:debugCompileClasspath'.
   > Could not find com.acme.sdk:analytics:3.2.1.
     Required by:
         project :app

* Try:
> Run with --stacktrace option to get the stack trace.

BUILD FAILED in 5s
"""

JEST = """ FAIL  src/cart/cart.test.ts
  ● Cart › applies coupon

    expect(received).toBe(expected) // Object.is equality

    Expected: 90
    Received: 100

      at Object.<anonymous> (src/cart/cart.test.ts:22:26)

Test Suites: 1 failed, 1 total
Tests:       1 failed, 3 passed, 4 total
"""

GIT_REJECTED = """To gitlab.acme.internal:shop/api.git
 ! [rejected]        feature/JIRA-881-refund -> feature/JIRA-881-refund (non-fast-forward)
error: failed to push some refs to 'gitlab.acme.internal:shop/api.git'
hint: Updates were rejected because the tip of your current branch is behind
"""

KUBECTL_PATCH = """service/api unchanged
Error from server (Invalid): error when applying patch:
{"spec":{"template":{"spec":{"containers":[{"name":"api","resources":{"limits":{"memory":"512Mi"}}}]}}}}
to:
"""


def test_a_maven_chain_keeps_its_deepest_cause() -> None:
    said = failure_statement("mvn clean install", 2, telling_line(MAVEN_DEPENDENCY), False)
    assert "Could not find artifact com.acme:common-auth:jar:2.1.0" in said
    assert "[Help 1]" not in said and len(said) <= 100


def test_a_helm_stage_before_its_cause_gives_way() -> None:
    said = failure_statement(
        "helm upgrade --install api ./chart -n shop -f values-prod.yaml",
        1,
        telling_line(HELM),
        True,
    )
    assert "INSTALLATION FAILED" not in said
    assert 'Service "api" in namespace "shop" exists' in said


def test_docker_s_wrappers_leave_room_for_the_port() -> None:
    said = failure_statement("docker run --rm -p 8080:8080 api:dev", 1, DOCKER_BIND, True)
    assert said.endswith("Bind for 0.0.0.0:8080 failed: port is already allocated.")


def test_gradle_s_nested_cause_is_the_error() -> None:
    assert telling_line(GRADLE_NESTED) == "Could not find com.acme.sdk:analytics:3.2.1."


def test_a_failing_test_keeps_what_it_expected_and_received() -> None:
    assert telling_line(JEST) == "● Cart › applies coupon Expected: 90 Received: 100"


def test_git_s_refused_ref_says_why() -> None:
    assert telling_line(GIT_REJECTED) == "[rejected] feature/JIRA-881-refund (non-fast-forward)"


def test_a_patch_dumped_after_an_error_is_not_its_cause() -> None:
    assert "{" not in telling_line(KUBECTL_PATCH)


def test_guard_a_short_chain_keeps_its_head() -> None:
    said = failure_statement(
        "kubectl rollout status deploy/api -n shop --timeout=120s",
        2,
        "error: timed out waiting for the condition",
        False,
    )
    assert said.endswith("error: timed out waiting for the condition")


def test_a_cause_too_short_to_stand_alone_keeps_what_it_explains() -> None:
    said = why_it_failed("Error: failed to open the configuration file: EOF", 20)
    assert said == "failed to open the configuration file: EOF"


def test_guard_a_panic_keeps_the_line_after_its_colon() -> None:
    said = telling_line("thread 'main' panicked at src/main.rs:2:5:\nindex out of bounds\n")
    assert said.endswith("index out of bounds")


# Two programs' failures, worded alike ("permission denied" / "denied: … token has expired").
ARGOCD = (
    "argocd app sync checkout-api --grpc-web 反复失败 2 次。PermissionDenied: permission denied: "
    "applications, sync, default/checkout-api"
)
DOCKER = (
    "docker push 447112830961.dkr.ecr.ap-southeast-1.amazonaws.com/checkout-api:1.42.0 失败。"
    "denied: Your authorization token has expired."
)


def test_two_programs_failures_are_two_findings() -> None:
    settings = EvolveSettings()
    for cosine in (0.46, 0.9):
        score = known.rules_match(ARGOCD, DOCKER, settings.match, cosine, settings.match_embedding)
        assert score < 1.0, cosine


def test_guard_one_program_failing_again_is_one_finding() -> None:
    settings = EvolveSettings()
    again = DOCKER.replace("失败。", "反复失败 2 次。")
    assert known.rules_match(DOCKER, again, settings.match, 0.9, settings.match_embedding) >= 1.0


# learning_sim9 (written blind, run once on 2d4a00c): a joke in English that names one Chinese
# place was taken for news that outdates a rule about that place, and became a correction.
JOKE = (
    "the never-ending saga of the 东莞 jig USB hub continues lol. at this point it has more "
    "downtime than uptime"
)
BURN_IN = "量产前的 OTA 包一定要先在东莞那二十台老化架上跑满四十八小时 没跑满的不给林悦签字放行"


def _embedding_at(cosine: float):
    """An embedder under which the first text and every other lie ``cosine`` apart."""
    import numpy as np

    def embed(texts: list[str]) -> np.ndarray:
        other = np.array([cosine, (1 - cosine**2) ** 0.5])
        return np.array([[1.0, 0.0], *[other for _ in texts[1:]]])

    return embed


def test_english_prose_with_one_chinese_name_has_no_frame_to_share(make_ws) -> None:
    from memstrata.entries.remember import remember

    ws = make_ws("self-evolution")
    remember(ws.writer(), BURN_IN)
    assert known.outdated(ws, JOKE, None) == []


def test_a_sentence_only_somewhat_alike_outdates_nothing(make_ws) -> None:
    from memstrata.entries.remember import remember

    ws = make_ws("self-evolution")
    remember(ws.writer(), BURN_IN)
    assert known.outdated(ws, JOKE, _embedding_at(0.38)) == []


def test_guard_a_close_sentence_with_another_value_outdates_the_entry(make_ws) -> None:
    from memstrata.entries.remember import remember

    ws = make_ws("self-evolution")
    remember(ws.writer(), "发布前在 staging-01 上验证")
    stale = known.outdated(ws, "发布前在 staging-02 上验证", _embedding_at(0.45))
    assert [k.text for k in stale] == ["发布前在 staging-01 上验证"]


def test_guard_a_quoted_check_that_failed_stays_in_the_statement() -> None:
    output = (
        "Submit validation failed -- fix problems then use 'p4 submit -c 90412'.\n"
        "'luacheck-trigger' validation failed: Assets/LuaScripts/Hotfix/shop_fix.lua:42:9: "
        "accessing undefined variable 'ShopMgr'"
    )
    said = failure_statement(
        'p4 submit -d "TIDE-5102 shop price hotfix"', 2, telling_line(output), True
    )
    assert "'luacheck-trigger' validation failed" in said


@pytest.mark.parametrize(
    "text",
    [
        # a colleague's taste the user does not share
        "孟凡他就喜欢把接口文档全写成 OpenAPI yaml 哈哈 强迫症晚期 我倒无所谓",
        # another team's rule, passed on as venting
        "云端组新规定 接口字段变更要提前两周发邮件通知 那是孟凡他们后端内部的流程 跟我们固件没关系 "
        "吐槽一下而已",
        # a supposition laughed at
        "这块板子要是再烧一块 我就去华强北摆摊卖二手开发板了 哈哈哈",
    ],
)
def test_what_the_user_says_is_not_for_memory_is_no_signal(learned_kinds, text: str) -> None:
    assert learned_kinds(text) == set()


def test_guard_a_preference_beside_a_laugh_still_counts(learned_kinds) -> None:
    assert "preference" in learned_kinds("回复短一点哈哈 别写那么长")


# A value said in words and in digits is one value: voice input and casual Chinese spell numbers
# out (learning_sim9), and review31's leftovers spelled times, weights and shares two ways.
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("每天 9:30 站会", "站会 9点半"),
        ("体重 70 公斤", "体重 140 斤"),
        ("nightly 要跑一个半小时", "nightly 要跑 1.5 小时"),
        ("磁盘阈值 85%", "磁盘阈值 0.85"),
        ("node 20", "node v20"),
    ],
)
def test_one_value_in_two_spellings_is_no_change(first: str, second: str) -> None:
    assert not known.contradicts(first, second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("灰度比例 5%", "灰度比例百分之五"),
        ("每天 9:30 站会", "每天九点半站会"),
        ("IDF 用 v5.2", "IDF 用五点二"),
        ("Modbus 端口 502", "Modbus 端口五零二"),
        ("老化跑满 48 小时", "老化跑满四十八小时"),
        ("磁盘阈值 85%", "磁盘阈值 0.9"),
    ],
)
def test_guard_what_was_one_value_or_a_change_stays_so(first: str, second: str) -> None:
    assert known.contradicts(first, second) == first.endswith("85%")


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("每天 9:30 站会", "每天十点半站会"),
        ("灰度比例 5%", "灰度比例百分之十"),
        ("老化跑满 48 小时", "老化跑满二十四小时"),
    ],
)
def test_another_value_said_in_words_is_a_change(first: str, second: str) -> None:
    assert known.contradicts(first, second)


@pytest.mark.parametrize(
    ("word", "value"),
    [
        ("四千", 4000),
        ("四十八", 48),
        ("五点二", 5.2),
        ("五零二", 502),
        ("一百零五", 105),
        ("两万", 20000),
        ("十", 10),
        ("万", None),
        ("四点几", None),
    ],
)
def test_chinese_numerals_read_as_numbers(word: str, value: float | None) -> None:
    from memstrata.text.zh_numbers import zh_number

    assert zh_number(word) == value


NINJA_LINK = (
    "[1187/1189] Linking CXX executable qm_k3.elf\nFAILED: qm_k3.elf\n"
    "/home/zhouzh/.espressif/tools/riscv32-esp-elf/esp-13.2.0_20230928/riscv32-esp-elf/bin/"
    "../lib/gcc/riscv32-esp-elf/13.2.0/../../../../riscv32-esp-elf/bin/ld: region "
    "`iram0_0_seg' overflowed by 1424 bytes\n"
    "collect2: error: ld returned 1 exit status\nninja: build stopped: subcommand failed.\n"
)


def test_ninja_s_target_line_is_no_cause_and_the_linker_speaks_by_name() -> None:
    assert telling_line(NINJA_LINK) == "ld: region `iram0_0_seg' overflowed by 1424 bytes"


def test_a_long_command_leaves_its_error_the_room_to_name_what_is_missing() -> None:
    said = failure_statement(
        "west build -b esp32c3_devkitm app",
        1,
        "CMake Error at CMakeLists.txt:5 (find_package): Could not find a package configuration "
        'file provided by "Zephyr"',
        True,
    )
    assert said.endswith('provided by "Zephyr"') and said.startswith("west build")


def test_a_dictated_hesitation_is_no_part_of_the_title() -> None:
    from memstrata.text.rule_titles import rule_title

    assert rule_title("嗯 monitor 又开到 USB0 上去了 那个口是治具的 CH340").startswith("monitor")
    assert rule_title("那个 嗯 改动的话你就给我 git 那种 diff 就好了").startswith("改动的话")


def test_guard_that_as_a_word_stays() -> None:
    from memstrata.text.rule_titles import rule_title

    assert rule_title("那个bucket 已经删了").startswith("那个bucket")


def test_its_is_no_it_is() -> None:
    from memstrata.capture.statement import statement

    said = statement(
        "correction",
        "that READY> prompt is the jig firmware lol, you opened its CH340 again. K3 console lives "
        "on /dev/ttyACM0",
        "[tool] python3 -m serial.tools.miniterm /dev/ttyUSB0 115200 → (jig) READY>",
    )
    assert "use CH340" not in said.content
    assert said.title == "K3 console lives on /dev/ttyACM0"


def test_what_the_agent_did_again_is_no_title() -> None:
    from memstrata.capture.statement import statement

    said = statement(
        "correction", "you're reading the v4.4 docs again. K3 is on IDF 5.2, esp_netif now"
    )
    assert said.title.startswith("K3 is on IDF 5.2")


def test_guard_a_rule_with_again_keeps_its_title() -> None:
    from memstrata.capture.statement import statement

    said = statement("explicit_remember", "Remember: run the migrations again after every deploy")
    assert said.title.startswith("run the migrations again")


@pytest.mark.parametrize(
    "text",
    [
        "note this down as a lesson: when the zigbee coordinator won't form a network in the "
        "office, check the channel mask before digging into the stack",
        "这个经验记一下：如果 consumer 频繁 rebalance 先查 max.poll.interval.ms",
    ],
)
def test_a_lesson_after_its_colon_may_open_with_a_condition(text: str) -> None:
    from memstrata.evolve.triggers import _asks_for_a_pattern

    assert _asks_for_a_pattern(text)


@pytest.mark.parametrize(
    "text",
    [
        "这个经验记一下，不过先别急着写",
        "这个经验记一下：算了，先别记",
        "这个经验记一下，如果以后还有再说",
    ],
)
def test_guard_a_request_turned_from_asks_for_nothing(text: str) -> None:
    from memstrata.evolve.triggers import _asks_for_a_pattern

    assert not _asks_for_a_pattern(text)


# review33: a tester's round on this round's changes (each test fails on 9562336)
@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("不对，端口是 8081 不是 8080，如果不信你看配置哈哈", "correction"),
        ("just venting, but from now on always run the tests before you push", "explicit_remember"),
    ],
)
def test_a_rule_beside_a_joke_or_a_shrug_stands(learned_kinds, text: str, kind: str) -> None:
    assert kind in learned_kinds(text)


@pytest.mark.parametrize(
    ("word", "value"), [("一百二", 120), ("两千五", 2500), ("一万五", 15000), ("一百零二", 102)]
)
def test_a_number_s_last_digit_counts_in_the_place_below(word: str, value: float) -> None:
    from memstrata.text.zh_numbers import zh_number

    assert zh_number(word) == value


@pytest.mark.parametrize(
    ("first", "second", "change"),
    [
        ("我体重一百二斤", "60 公斤", False),
        ("周会下午三点", "周会 15:00", False),
        ("两点之前提测", "14:00 之前提测", False),
        ("一天最多发布两次", "每天 2 次", False),
        ("试用期两个月", "试用期 60 天", False),
        ("站会十点", "站会改到九点", True),
        ("站会九点半", "站会改到十点", True),
        ("日志保留七天", "日志保留一个月", True),
        ("session 30 分钟过期", "session 一小时过期", True),
        ("我一般晚上十点以后才有空 review", "I usually get to reviews late, after 10pm.", False),
        ("standup 9am", "standup 10am", True),
    ],
)
def test_times_and_counts_said_in_words(first: str, second: str, change: bool) -> None:
    assert known.contradicts(first, second) == change


PIP_NO_VERSION = (
    "ERROR: Could not find a version that satisfies the requirement acme-sdk==3.4.1 (from "
    "versions: 1.0.0, 1.1.0, 2.0.0, 2.1.0)\nERROR: No matching distribution found for acme-sdk==3.4.1"
)
BABEL = (
    "> web@1.0.0 build\n> babel src -d lib\n\nSyntaxError: /home/lin/web/src/App.js: Unexpected "
    "token (1:0)\n\n> 1 | <<<<<<< HEAD\n    | ^\n  2 | import React from 'react';"
)


def test_a_link_inside_brackets_is_no_link_of_the_chain() -> None:
    said = failure_statement(
        "pip install -r requirements/prod.txt", 1, telling_line(PIP_NO_VERSION), True
    )
    assert "acme-sdk" in said


def test_a_code_frame_under_an_error_is_no_nested_cause() -> None:
    assert "Unexpected token" in telling_line(BABEL)


def test_a_compiler_s_location_before_its_error_stays() -> None:
    said = failure_statement(
        "yarn build",
        3,
        "src/components/Cart.tsx:48:7 - error TS2322: Type 'string | undefined' is not assignable "
        "to type 'string'.",
        True,
    )
    assert "Cart.tsx:48:7 - error TS2322" in said


def test_a_path_that_is_the_subject_keeps_its_folders() -> None:
    assert (
        telling_line("/mnt/data: No space left on device") == "/mnt/data: No space left on device"
    )
    assert telling_line("/usr/bin/ld: cannot find -lssl: No such file or directory").startswith(
        "ld: cannot find -lssl"
    )


def test_hesitations_and_a_no_after_them_are_no_title() -> None:
    from memstrata.capture.statement import statement

    said = statement("preference", "嗯 那个 就是 以后别在回复里用 emoji 了")
    assert said.title.startswith("以后别在回复里用 emoji")
    said = statement("correction", "uh no, the staging URL is staging.acme.io not stage.acme.io")
    assert said.title.startswith("the staging URL is")


# review33's leftovers on signals: a laugh before 不对, a rule with its condition, a house rule
@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("哈哈 不对 应该用 pnpm 不是 npm", "correction"),
        ("嗯 不对 端口是 8081", "correction"),
        ("如果测试没过，就别合并", "preference"),
        ("如果是周五，不要上线", "preference"),
        ("if the tests fail, never merge", "preference"),
        ("周五不发版，这是规矩", "explicit_remember"),
    ],
)
def test_a_rule_said_with_a_laugh_a_condition_or_as_the_house_rule(
    learned_kinds, text: str, kind: str
) -> None:
    assert kind in learned_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "哈哈 不对称加密挺有意思",
        "如果老板还不满意 我是不是该换工作了",
        "if we always deployed on fridays what would break first",
        "如果以后都不写测试 会死得很难看吗",
        "老周他们组有条死规矩：周五永远不要发版，这是他们的规矩",
    ],
)
def test_guard_a_supposition_a_question_or_another_team_s_rule_stays_silent(
    learned_kinds, text: str
) -> None:
    assert not learned_kinds(text) & {"preference", "explicit_remember", "correction"}
