"""What the redaction got wrong around code and HTTP errors (session 57): two leaks left from
session 56's tester (a header's name after an error's name took the header's place, so its value
stayed in clear; Basic credentials after anything but "Authorization:"), and code the blind set
review77 (read once, then development) saw hidden: a call, a template's reference, a file handed
on by its relative path, a value said to be no key. Each case is written here in other words than
the set's; the guards hold what a fresh-context tester leaked through the first cut of each."""

from __future__ import annotations

import pytest

from memstrata.core.redact import redact


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("gateway replied 401 Unauthorized: x-api-key: 7c1e99a0b4d2f6e8", "7c1e99a0b4d2f6e8"),
        ("HTTP 403 unauthenticated: api_key=Qm7rT2vX9pL4wZ8n", "Qm7rT2vX9pL4wZ8n"),
        ("Unauthenticated: Basic YWRtaW46czNjcjN0UGFzcw==", "YWRtaW46czNjcjN0UGFzcw=="),
        (
            "upstream sent basic ZGVwbG95OmhvcnNlLWJhdHRlcnk= and got 403",
            "ZGVwbG95OmhvcnNlLWJhdHRlcnk=",
        ),
        ("Authorization: Basic YWRtaW46czNjcjN0UGFzcw==", "YWRtaW46czNjcjN0UGFzcw=="),
        # a few words between "basic" and the credentials (a tester's round)
        ("the proxy wants basic auth with YWRtaW46czNjcjN0UGFzcw== on every call", "YWRtaW46"),
        ("our basic creds for nexus are ZGVwbG95OmhvcnNlLWJhdHRlcnk=", "ZGVwbG95"),
    ],
    ids=[
        "header_after_error",
        "key_after_error",
        "basic_after_error",
        "basic_lower",
        "header",
        "basic_auth_with",
        "basic_creds_are",
    ],
)
def test_a_credential_after_an_error_is_hidden(text: str, secret: str) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize(
    "text",
    [
        "登录脚本里 passwd = getpass('请输入口令：') 就行，别写死",
        "secret 取出来用 kubectl get secret db -o jsonpath='{.data.root-password}' 再 base64 -d",
        "kubectl create secret generic smtp --from-file=password=../smtp.pass 建好了",
        "这串 0xA17C33D9E2B4F001 是板子的序列号，每块都不一样，不是密钥",
    ],
    ids=["call", "jsonpath", "relative_file", "said_no_key"],
)
def test_code_around_a_value_is_no_secret(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "Basic authentication is turned off on the staging ingress",
        "basic usage: run make test before you push",
        'WWW-Authenticate: Basic realm="staging" came back, so the proxy wants credentials',
        "this basic configuration works fine on the Raspberry Pi",
        "Helm 里写 password: {{ .Values.db.password }} 就行",
    ],
    ids=["basic_auth_words", "basic_usage", "basic_realm", "basic_configuration", "helm_ref"],
)
def test_guard_ordinary_text_beside_them_is_kept(text: str) -> None:
    """Kept by the old code too: what the wider Basic and template readings must not take."""
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("password: hunter2(don't share)", "hunter2"),
        ("db_password=Zq8mK2vR4tY9 ./deploy.sh", "Zq8mK2vR4tY9"),
        ("密钥是 k8Hq2mZ7xP4v，不是密码那个", "k8Hq2mZ7xP4v"),
        # a fresh-context tester's leaks of the first cut: a password shaped like each exception
        ("password=letmein()", "letmein"),
        ("password=)abcdefgh123", "abcdefgh123"),
        ("password={hunter2xyz99} is wrapped in braces by our vault tool", "hunter2xyz99"),
        ("token={.abc123xyz789}", "abc123xyz789"),
        ("secret=../../Xk92mQpL7vRtZa", "Xk92mQpL7vRtZa"),
        ("mysql --password=./Tr0ub4dor -u root", "Tr0ub4dor"),
        ("password=Hunter2024! 不是密钥", "Hunter2024!"),
        ("口令 pin=482913 不是秘钥，是支付密码", "482913"),
    ],
)
def test_guard_a_secret_beside_code_is_still_hidden(text: str, secret: str) -> None:
    assert secret not in redact(text)
