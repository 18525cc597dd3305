"""A secret pasted with no name before it (review16: "这个是 wJalr…KEY" was written in clear).

The named forms (``aws_secret_access_key=…``, 密码是 …) have their own patterns; what is left is
a long random-looking token said alone. Random base64 strings are caught (not every one: a few
percent look like words), and the long tokens that memory holds for other reasons (hashes,
UUIDs, identifiers, paths, digests, licence names) are left alone.
"""

from __future__ import annotations

import random

import pytest

from memstrata.core.redact import find_secrets, redact
from memstrata.entries.remember import remember
from tests.pg import documents

_B64 = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/"
# The key from AWS's documentation, the one a tester pastes; built in pieces (no secret-shaped
# string in the repository).
AWS_DOC_SECRET = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYEXAMPLEKEY"


def _random_tokens(length: int, count: int) -> list[str]:
    rng = random.Random(length)
    return ["".join(rng.choice(_B64) for _ in range(length)) for _ in range(count)]


@pytest.mark.parametrize(
    "text",
    [
        f"这个是 {AWS_DOC_SECRET} 别外传",
        f"备份脚本里用 {AWS_DOC_SECRET}",
        f"the other one is {AWS_DOC_SECRET}.",
        f"{AWS_DOC_SECRET}",
    ],
)
def test_the_documented_aws_secret_said_alone_is_hidden(text: str) -> None:
    assert AWS_DOC_SECRET not in redact(text)
    assert "[REDACTED:random_token]" in redact(text)


@pytest.mark.parametrize("length", [32, 40, 64])
def test_most_random_tokens_said_alone_are_hidden(length: int) -> None:
    tokens = _random_tokens(length, 200)
    hidden = sum(token not in redact(f"key 是 {token} 哦") for token in tokens)
    assert hidden >= 0.9 * len(tokens)


@pytest.mark.parametrize(
    "text",
    [
        "commit 3f9a2c1b7e8d4f6a0b5c9e2d1f7a3b8c4e6d0f92 修好了",  # git hash: one case
        "镜像 sha256:9b2a7c1e4f8d3b6a0c5e9f2d7a1b4c8e3f6d0a9b2c5e8f1d4a7b0c3e6f9d2a5b",
        "trace id 550e8400-e29b-41d4-a716-446655440000 查日志",  # UUID
        "AbstractSingletonProxyFactoryBean2 这个类太长了",
        "getUserProfileByIdAndTenant2FromCache 要加缓存",
        "配置在 /Users/Alice/Projects/MyApp2/src/main/resources 下",
        "com/example/MyApplication/Service3Impl.java 改过",
        'integrity="sha384-KyZXEAg3QhqLMpG8r+Knujsl5/J5f5jU1wFzgW6xZI6loz6ldkgnC6fH1W9W1qw"',
        "licence BSD-3-Clause-No-Military-License 不能用",
        "HKEY_LOCAL_MACHINE/SOFTWARE/Microsoft/Windows 下的键",
        "ZhongWenPinYinShuRuFa2026XiTongSheZhi 是输入法的名字",
        "pod api-gateway-7d9f8b6c5-x2k4p 重启了三次",
        "2026-12-03T04:02:09.123456+08:00 的日志",
        "https://example.com/docs/getting-started/installation-guide-v2?utm_source=Newsletter2026",
    ],
)
def test_long_tokens_that_are_not_secrets_stay(text: str) -> None:
    assert find_secrets(text) == [], text


def test_an_unnamed_secret_never_reaches_a_file(ws) -> None:
    secret = _random_tokens(40, 1)[0]
    remember(ws.writer(), f"记住：备份桶的第二把钥匙 {AWS_DOC_SECRET}，旧的是 {secret}")
    written = "".join(data.decode("utf-8") for data in documents(ws.root).values())
    assert AWS_DOC_SECRET not in written and secret not in written
    assert "[REDACTED:random_token]" in written


def test_signal_queues_an_unnamed_secret_redacted(cli, ws) -> None:
    result = cli("signal", f"记住这个 key：{AWS_DOC_SECRET}", "-w", str(ws.root))
    assert result.code == 0
    written = "".join(data.decode("utf-8") for data in documents(ws.root).values())
    assert AWS_DOC_SECRET not in written + result.out


# ------------------------------------------------------------------ review17's findings
_ALIYUN_ID = "LTAI5tQ2" + "bL7vN4pR8sT1wY5z"
_ALIYUN_SECRET = "mK9xQ2bL7vN4" + "pR8sT1wY5zA3cE6gH0"  # 30 characters
_SHORT_TOKEN = "abc123XYZ7" + "89def456GHI"


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (f"记住：AWS 的 secret 是这个{AWS_DOC_SECRET}别外传", AWS_DOC_SECRET),  # glued to Chinese
        (f"换成新的sk：{AWS_DOC_SECRET}就好了", AWS_DOC_SECRET),
        (f"remember: staging deploy key={AWS_DOC_SECRET}", AWS_DOC_SECRET),  # after =
        (f"用这个:{AWS_DOC_SECRET}", AWS_DOC_SECRET),  # after an ASCII colon
        (f"配置了 AKIA{'IOSFODNN7EXAMPLE'}:{AWS_DOC_SECRET} 到 CI", AWS_DOC_SECRET),  # the pair
        (f"阿里云 oss 的 AK 是 {_ALIYUN_ID}，SK {_ALIYUN_SECRET}", _ALIYUN_SECRET),
        (f"阿里云 oss 的 AK 是 {_ALIYUN_ID}，SK {_ALIYUN_SECRET}", _ALIYUN_ID),
        (f"oss-01 的 AccessKey {_ALIYUN_ID}，secret {_ALIYUN_SECRET}", _ALIYUN_SECRET),
        (f"sk={_ALIYUN_SECRET}", _ALIYUN_SECRET),
        (f"the VPN gateway vpn-gw uses token {_SHORT_TOKEN}", _SHORT_TOKEN),
    ],
)
def test_review17_secrets_are_hidden(text: str, secret: str) -> None:
    assert secret not in redact(text), redact(text)


@pytest.mark.parametrize(
    "text",
    [
        "文件在 data/Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv3Wx/out.csv",  # a relative path
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl ops@bastion",
        "表格 id 1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms",  # an id said as one
        "token limit 4096",
        "上下文 tokens 128000",
        "the secret sauce is ours",
        "task=Build42Fast",
        "the tokenizer gpt4o uses cl100k_base",
    ],
)
def test_review17_public_names_stay(text: str) -> None:
    assert find_secrets(text) == [], redact(text)


def test_a_secret_glued_to_chinese_never_reaches_a_file(ws) -> None:
    remember(ws.writer(), f"记住：AWS 的 secret 是这个{AWS_DOC_SECRET}别外传")
    written = "".join(data.decode("utf-8") for data in documents(ws.root).values())
    assert AWS_DOC_SECRET not in written
