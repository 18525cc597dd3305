"""Issue 11, round 5 (adversarial pass): a correction completed from the tool context lost the
right value ("不对，应该用 yarn 装" → "安装依赖用 装，不用 npm"), took the command for the wrong
value ("不对，应该用 aliyun" after `openclaw config set provider qwen` → "用 aliyun，不用
openclaw"), and dropped what the user said after it (a flag, a reason); a long message was cut
at 100 characters before its instruction, under a title from the story's first words."""

from __future__ import annotations

import pytest

from memstrata.capture.signals import detect
from memstrata.capture.statement import statement

NPM = "[bash] npm install → Exit code 1"


@pytest.mark.parametrize(
    ("text", "context", "content"),
    [
        ("不对，应该用 yarn 装", "[bash] npm i → Exit code 1", "安装依赖用 yarn，不用 npm"),
        (
            "不对，应该用 pnpm add",
            "[bash] npm install lodash → Exit code 1",
            "安装依赖用 pnpm，不用 npm",
        ),
        ("不对，应该用 pnpm 装依赖", NPM, "安装依赖用 pnpm，不用 npm"),
        (
            "不对，应该用 aliyun",
            "[bash] openclaw config set provider qwen → Error 4008 plugin hijack",
            "provider 用 aliyun，不用 qwen",
        ),
        (
            "不对，应该是 8443",
            "[bash] curl localhost:8080/health → Connection refused",
            "用 8443，不用 8080",
        ),
        (
            "不对，应该用 pnpm，而且要加 --frozen-lockfile，不然 CI 上版本会漂",
            NPM,
            "安装依赖用 pnpm，不用 npm，而且要加 --frozen-lockfile，不然 CI 上版本会漂",
        ),
        ("No, use pnpm", NPM, "Install dependencies with pnpm, not npm"),
    ],
)
def test_a_completed_correction_keeps_the_right_value_and_the_rest(
    text: str, context: str, content: str
) -> None:
    assert statement("correction", text, context).content == content


def test_the_users_reason_survives_the_completion() -> None:
    said = statement("correction", "wrong, we use pnpm here because of the workspace protocol", NPM)
    assert "pnpm, not npm" in said.content
    assert said.why == "because of the workspace protocol"


RAMBLE = (
    "刚才你帮我部署网关的时候我看了一下日志，发现启动的时候报了一个端口占用的错误，然后你又重试了两次，"
    "其实问题不在重试，我们这个环境里 8080 一直被内部监控占着，不对，网关端口应该用 8443，以后部署都用 8443"
)


def test_a_long_message_keeps_its_instruction_and_titles_it() -> None:
    said = statement("explicit_remember", RAMBLE)
    assert len(said.content) <= 100
    assert said.content.endswith("网关端口应该用 8443，以后部署都用 8443")
    assert "8080 一直被内部监控占着" in said.content  # the reason before it, as room allows
    assert said.title == "网关端口应该用 8443"


def test_the_signals_brief_is_the_instruction_not_the_story() -> None:
    [signal] = [s for s in detect(RAMBLE) if s.kind == "explicit_remember"]
    assert signal.brief == "网关端口应该用 8443"


@pytest.mark.parametrize(
    "text", ["回复简短一点", "回复详细一点", "用中文回答我", "回答短一点，三行以内最好"]
)
def test_a_form_directive_without_a_verb_is_a_preference(text: str) -> None:
    # "回复简短一点" is README's own example; the adversarial pass found it undetected
    assert "preference" in {s.kind for s in detect(text)}


@pytest.mark.parametrize("text", ["你的回复简短一点吗？", "如果回复简短一点会不会更好"])
def test_a_form_directive_asked_or_supposed_is_none(text: str) -> None:
    assert "preference" not in {s.kind for s in detect(text)}
