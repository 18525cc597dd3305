"""Issue 11, round 20: what a fifth scenario, written blind, found on its first run.

Two commands failing twice each were learned without their errors: the go build's first line
is a package header ("# runtime/cgo"), taken as the error; and a Kafka CLI call's command filled
the 100 characters of the statement before its error ("Timed out waiting for a node
assignment") was reached. A lesson about a failure without the error says nothing.
"""

from __future__ import annotations

import re

import pytest

from memstrata.capture.failure_text import failure_statement, telling_line
from memstrata.capture.record import record_signals
from memstrata.capture.signals import detect
from memstrata.core.queues import read_pending
from memstrata.evolve import pool
from memstrata.evolve.heartbeat import heartbeat
from memstrata.evolve.triggers import handle

CGO = (
    "# runtime/cgo\n"
    'cgo: C compiler "gcc" not found: exec: "gcc": executable file not found in $PATH\n'
    "FAIL\tgitlab.example.com/server/internal/match [build failed]\nFAIL"
)
KAFKA_COMMAND = (
    "kafka-consumer-groups.sh --bootstrap-server kafka-0.kafka.game-prod.svc:9092"
    " --describe --group match-consumer"
)
KAFKA = (
    "Error: Executing consumer group command failed due to "
    "org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment."
    " Call: describeConsumerGroups\n"
    "java.util.concurrent.ExecutionException: org.apache.kafka.common.errors.TimeoutException:"
    " Timed out waiting for a node assignment. Call: describeConsumerGroups"
)


def test_a_header_line_is_not_the_error() -> None:
    assert telling_line(CGO).startswith('cgo: C compiler "gcc" not found')


def test_a_chain_of_errors_is_read_to_its_last() -> None:
    assert telling_line(KAFKA) == (
        "TimeoutException: Timed out waiting for a node assignment. Call: describeConsumerGroups"
    )
    # a traceback still ends with its message; npm still leads with its own lines, its code
    # yielding to the line that says what it is (review32: "npm ERR! code ERESOLVE" said less
    # than "npm ERR! ERESOLVE unable to resolve dependency tree")
    traceback = 'Traceback (most recent call last):\n  File "x.py"\nValueError: bad'
    assert telling_line(traceback) == "ValueError: bad"
    assert telling_line("npm ERR! code E404\nnpm ERR! 404 Not Found") == "npm ERR! 404 Not Found"
    assert telling_line("npm ERR! code E404") == "npm ERR! code E404"


def test_a_long_command_leaves_room_for_its_error() -> None:
    said = failure_statement(KAFKA_COMMAND, 2, telling_line(KAFKA), zh=True)
    assert len(said) <= 100
    assert said.startswith("kafka-consumer-groups.sh")
    assert "Timed out waiting" in said
    # a short command is kept whole
    short = failure_statement("go test -race ./...", 2, telling_line(CGO), zh=False)
    assert short.startswith('go test -race ./... failed 2 times. cgo: C compiler "gcc"')


def test_hook_failures_are_learned_with_their_error(ws) -> None:
    for output, command in ((CGO, "go test -race ./internal/match/..."), (KAFKA, KAFKA_COMMAND)):
        for _ in range(2):
            record_signals(
                ws.writer(), f"{output}\nBash: {command}", source="hook", hot_path=True, failed=True
            )
    queued = read_pending(ws).valid
    assert 'C compiler "gcc" not found' in queued[0]["evidence"]
    heartbeat(ws.writer(), force=True)
    summaries = [candidate.summary for candidate in pool.observing(ws.writer())]
    assert any("gcc" in s and s.startswith("go test -race") for s in summaries), summaries
    assert any("Timed out" in s and s.startswith("kafka-consumer-groups") for s in summaries)


def test_tool_lines_in_context_keep_the_error_too() -> None:
    context = "\n".join(f"[bash] {KAFKA_COMMAND} → {KAFKA.splitlines()[0]}" for _ in range(2))
    [signal] = detect("又挂了", context)
    assert signal.kind == "repeated_failure"
    assert "Timed out" in signal.detail and len(signal.detail) <= 100


def test_a_request_naming_user_md_with_a_reason_is_no_title() -> None:
    from memstrata.capture.statement import statement

    said = statement(
        "explicit_remember",
        "pls put this in USER.md so you remember it: 我在服务端组，主要写 Go；oncall 是双周轮",
    )
    assert said.title == "我在服务端组"
    assert said.content.endswith("oncall 是双周轮")


def test_an_explicit_list_after_a_colon_is_kept_whole() -> None:
    [explicit] = [
        s
        for s in detect(
            "pls put this in USER.md so you remember it: 我在服务端组，主要写 Go；oncall 是双周轮"
            "（单数周是我），轮到我那周半夜告警会直接打我电话"
        )
        if s.kind == "explicit_remember"
    ]
    assert "oncall 是双周轮" in explicit.detail
    english = detect(
        "Remember: staging is pg-stg-02; prod is pg-prod-01; the replica is pg-prod-02"
    )
    assert english[0].kind == "explicit_remember"
    assert english[0].detail.endswith("the replica is pg-prod-02")
    # ...but not a request that follows it
    [kept] = [
        s for s in detect("记住：staging 库是 pg-stg-02；另外帮我跑一下测试") if s.promote_now
    ]
    assert kept.detail == "staging 库是 pg-stg-02"


def test_a_light_word_turned_down_is_no_opposite() -> None:
    from memstrata.evolve.polarity import opposed

    # 看 on both sides ("不是给我一个人看的" / "也要看这块"): one preference, said twice
    assert not opposed(
        "代码注释写英文吧，越南那边的外包同学也要看这块",
        "注释还是写英文哈，这代码不是给我一个人看的",
    )
    # "看不下去" turns down 下去 ("go"), not the answer's order
    assert not opposed(
        "你每次回复前面都铺垫一大段，我真看不下去…先说结论，原因放后面",
        "tl;dr first pls. the long explanation can go after, most of the time I just need the answer",
    )
    # what a side turns down that the other keeps still clashes
    assert opposed("回复里加 emoji", "replies without emoji")
    assert opposed("用 pnpm，不用 npm", "用 npm，不用 pnpm")


def test_an_explicit_request_ending_in_a_semicolon_reads_to_the_end() -> None:
    # the list's last clause ends the message (CI: IndexError past the last clause)
    found = detect("先说个事；记住：staging 库是 pg-stg-02；")
    assert any(s.kind == "explicit_remember" for s in found)
    assert detect("Remember: the key is sk-ant-xxxx;")[0].kind == "explicit_remember"


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("staging 的 Redis 在 redis-stg-02 上，端口 6380。记住这个", "redis-stg-02 上，端口 6380"),
        ("staging redis 是 redis-stg-02。记一下", "staging redis 是 redis-stg-02"),
        ("The staging Redis lives on redis-stg-02, port 6380. Remember that.", "port 6380"),
        ("The staging Redis lives on redis-stg-02. Please remember this.", "redis-stg-02"),
    ],
)
def test_a_request_that_points_back_keeps_what_was_said_before(make_ws, said, kept) -> None:
    # nothing was written: the request's own clause said nothing, and English was not read
    ws = make_ws("self-evolution")
    [written] = handle(ws.writer(), said).report.written
    path = written["cite"].removeprefix("📍 ").split(":")[0]
    assert kept in (ws.root / path).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "said",
    [
        "这个端口是多少？记住这个",  # a question before it
        "你刚才说的那个，我觉得挺对的。记住这个",  # what to keep is in the agent's reply
        "Do you remember that?",
    ],
)
def test_a_pointer_at_nothing_specific_writes_nothing(make_ws, said) -> None:
    ws = make_ws("self-evolution")
    assert handle(ws.writer(), said).report.written == []


# ---- review20: a helper's adversarial round on the changes above


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("以后 main 分支别推", "以后 main 分支直接推"),
        ("以后旧日志别删", "以后旧日志都删掉"),
        ("if the tests fail, don't give up", "if the tests fail, give up"),
        ("别碰 prod 配置", "prod 配置可以碰"),
        ("别动 nginx 配置", "nginx 配置动一下"),
    ],
)
def test_a_verb_turned_down_first_still_clashes(first, second) -> None:
    from memstrata.evolve.polarity import opposed

    assert opposed(first, second)


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Remember: always squash-merge PRs; actually no, forget that", "always squash-merge PRs"),
        ("记住：发布前跑 lint；你记住了吗？", "发布前跑 lint"),
        ("Remember: deploy from main; what time is the standup?", "deploy from main"),
        (
            "Remember that staging is http://10.0.0.5:8080; is prod on the same port?",
            "staging is http://10.0.0.5:8080",
        ),
        ("Remember that standup is at 10:30; the retro is whatever", "standup is at 10:30"),
        ("记住：我在服务端组；不过这个先别记", "我在服务端组"),
        ("记住：以后用 pnpm；不对，还是用 npm 吧", "以后用 pnpm"),
        ("记住：我喜欢简短回答；我同事老王说他喜欢长回答", "我喜欢简短回答"),
        ("记住：staging 用 5433；假如 prod 挂了怎么办", "staging 用 5433"),
        ("Remember: use yarn; don't you think npm is slower", "use yarn"),
    ],
)
def test_a_list_stops_where_it_turns_away(said, kept) -> None:
    explicit = [s.detail for s in detect(said) if s.kind == "explicit_remember"]
    assert explicit[0] == kept


@pytest.mark.parametrize(
    ("said", "secret"),
    [
        ("vault login s.AbCdEfGhIjKlMnOpQrStUvWx", "AbCdEfGhIjKl"),
        ("smbclient //fileserver/share -U backup%Winter2026!", "Winter2026"),
        ("ldapsearch -x -D cn=admin,dc=corp -w Sup3rS3cret! -b dc=corp", "Sup3rS3cret"),
        ("./deploy.sh --token Zq8mK2pL9xR4 --env production", "Zq8mK2pL9xR4"),
        ("keytool -importkeystore -storepass changeit99", "changeit99"),
        ("htpasswd -b .htpasswd alice S3cretPw", "S3cretPw"),
        ("openssl enc -aes-256-cbc -k hunter22 -in a", "hunter22"),
        ("az login -u me@example.com -p 'pw12345x'", "pw12345x"),
        ("my pin is 4321", "4321"),
    ],
)
def test_command_line_secrets_are_redacted(said, secret) -> None:
    from memstrata.core.redact import redact

    assert secret not in redact(said)


def test_prose_about_a_flag_is_no_secret() -> None:
    from memstrata.core.redact import redact

    assert redact("the --secret flag is required") == "the --secret flag is required"


@pytest.mark.parametrize(
    ("output", "error"),
    [
        ("Exit code 139\nlint: Found 0 errors\nSegmentation fault (core dumped)", "Segmentation"),
        ("Failed tests: 0\nerror: linker failed", "error: linker failed"),
        ("failed=0 passed=12\nTimeout waiting for lock", "Timeout waiting for lock"),
        ("Checked 120 files, errors: 0\nDeploy aborted: disk full", "disk full"),
        (
            "Exit code 101\n[33mwarning[0m: option --foo is deprecated and will fail in v3\n"
            "[31merror[0m: could not open file config.toml",
            "error: could not open file config.toml",
        ),
        (
            'Traceback (most recent call last):\n  File "a.py", line 1\n'
            "ModuleNotFoundError: No module named 'yaml'\nError: Process completed with exit code 1.",
            "ModuleNotFoundError",
        ),
        (
            "Exception in thread main java.lang.RuntimeException: Failed to start application\n"
            "\tat com.x.Main.main(Main.java:10)\n"
            "Caused by: java.net.BindException: Address already in use",
            "BindException: Address already in use",
        ),
        ("2026 WARN 1 --- Connector failed\n2026 ERROR 1 --- Application run failed", "ERROR"),
        (
            "Traceback (most recent call last):\nValueError: bad\nDeprecationWarning: x",
            "ValueError",
        ),
        ("thread 'main' panicked at src/main.rs:2:5:\nattempt to divide by zero", "divide by zero"),
        ('Exit code 1\nBash: {"command": "pnpm build --filter web"}', "Exit code 1"),
        (
            'Exit code 1\nSomething went wrong in worker 3\nBash: {"command": "pytest --maxfail=1"}',
            "Something went wrong",
        ),
    ],
)
def test_the_telling_line_is_the_error(output, error) -> None:
    assert error in telling_line(output)


def test_a_correction_asked_to_be_kept_goes_to_the_corrections(make_ws) -> None:
    # scenario 5: it stayed a candidate (the request said nothing), then went to 重要规则
    from memstrata.evolve.approve import approve

    ws = make_ws("memory-manager")
    handle(
        ws.writer(), "不对，Loki 查出来的时间戳是 UTC，要 +8 才是北京时间，实际是 10:13。记住这个"
    )
    approve(ws.writer(), "确认")
    memory = (ws.root / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    corrections = re.search(r"^## .*错误修正记录\n(.*?)^## ", memory, re.M | re.S).group(1)
    assert "Loki 查出来的时间戳是 UTC" in corrections


def test_a_rule_that_also_reads_as_correcting_stays_a_rule() -> None:
    # the first version of the change above wrote three of the scenarios' rules as corrections:
    # the model read "…不要直接 kubectl apply" as correcting too
    from memstrata.evolve.heartbeat import _one_per_message

    def readings(evidence: str) -> list[str]:
        summary = "prod 的任何变更都走 GitLab MR，不要直接 kubectl apply"
        explicit = {"message": "m1", "promote_now": True, "evidence": evidence, "ts": "1"}
        correction = {"message": "m1", "evidence": evidence, "ts": "1"}
        found = [(explicit, "explicit_remember", summary), (correction, "correction", summary)]
        return [kind for _record, kind, _summary in _one_per_message(found)]

    assert readings("记住：prod 的任何变更都走 GitLab MR，不要直接 kubectl apply") == [
        "explicit_remember"
    ]
    assert readings("不对，prod 的任何变更都走 GitLab MR。记住这个") == ["correction"]
    # a standing rule said as a correction stays a rule (test_openclaw_real)
    assert readings("No, that's wrong. Always use pnpm instead of npm from now on.") == [
        "explicit_remember"
    ]
