"""A password named, then its new value further on in the sentence, reaches no file (issue 11,
session 44: scenario 12, written blind by a Hong Kong security engineer).

"stg 個 pg-ledger-stg 密碼 Winnie姐 reset 咗 新嘅係 Wq7#tLp92vX 你幫我 update 落 k8s secret …" was
kept in clear in patterns/general.md, CANDIDATES.md, EVOLUTION_LOG.md and the day's report: the
redaction knew "密码是 X" and "密码改了，新的是 X", not other words between the password and its
new value, nor "new one is X" after a comma. Each case failed on the code before; the guards
(``test_guard_…``) pass on both.
"""

from __future__ import annotations

import pytest

from memstrata.core.redact import redact
from memstrata.entries.remember import remember

SCENARIO_12 = (
    "stg 個 pg-ledger-stg 密碼 Winnie姐 reset 咗 新嘅係 Wq7#tLp92vX 你幫我 update 落 k8s secret "
    "ledger-db-stg 度 今日 demo 要用"
)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (SCENARIO_12, "Wq7#tLp92vX"),
        ("pg-ledger-stg 的密码 Winnie 重置了 新的是 Wq7#tLp92vX", "Wq7#tLp92vX"),
        ("the stg db password got reset by Winnie, new one is Wq7#tLp92vX", "Wq7#tLp92vX"),
        ("密码改了 新的是 Summer2026x", "Summer2026x"),
        ("password for grafana admin, I rotated it this morning: Gr@fana2026", "Gr@fana2026"),
        # an adversarial review's messages (session 44): a credential's shape near its name
        ("Xk9mPq2Lw 是新的 root 密码 刚改的", "Xk9mPq2Lw"),
        ("root 密码改了。新的在这 ZmQ8!pLsWn。记得同步到密码本", "ZmQ8!pLsWn"),
        (
            "jenkins api token 11e0c4b5d6a7f8e9d0c1b2a3f4e5d6c7b8 被轮换了 流水线要更新",
            "11e0c4b5d6a7f8e9d0c1b2a3f4e5d6c7b8",
        ),
        ("2FA 备用码 8h3k-2m9p-7q4r 收好", "8h3k-2m9p-7q4r"),
        (
            "google authenticator 的种子 KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD 丢了就再也扫不到了",
            "KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD",
        ),
        ("遠端桌面帳號 admin 密碼為 Rdp!2025tw", "Rdp!2025tw"),
        ("ansible all -m ping -e ansible_ssh_pass=AnsPass66q", "AnsPass66q"),
        (
            "老細話 signing key 要換 新嘅 sgnHK_7f7f7f7f1a2b3c4d 我已經放咗落 vault",
            "sgnHK_7f7f7f7f1a2b3c4d",
        ),
        (
            "the app secret for the wechat mini program, in case you need it later, is 5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b",
            "5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b",
        ),
        (
            "钱包助记词 tiger ocean marble frost candle wisdom ribbon eagle jungle velvet harbor plastic 千万别丢",
            "tiger ocean marble",
        ),
        ("信用卡 cvv 837 卡号后四位 4242 订阅 openai 用的", "837"),
    ],
)
def test_a_new_password_later_in_the_sentence_is_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


def test_the_scenario_password_reaches_no_file(ws) -> None:
    remember(ws.writer(), "記住 " + SCENARIO_12)
    written = "".join(p.read_text(encoding="utf-8") for p in ws.root.rglob("*") if p.is_file())
    assert "Wq7#tLp92vX" not in written and "pg-ledger-stg" in written


@pytest.mark.parametrize(
    "text",
    [
        "密码策略改了，新的是至少 12 位",
        "密码存在 vault 的 secret/data/app1 下，新的是 kv-v2 引擎",
        "password hashing now uses bcrypt2b",
        "the password is stored in Vault, it is now at kv/app-2026",
        "密码新的是 ledger-db-stg 那个 secret 里",
        "记住，跳板机登录：ssh root@10.2.3.4 用密钥",
        "token 放在 vault 的 secret/data/ci-2026 下面，jwt.SigningMethod 用 HS256",
        "api key 在 1Password 的 Mobile-CI vault 里，版本 v2.15.0",
        "the secret is mounted at /var/run/secrets/kubernetes.io/serviceaccount",
    ],
)
def test_guard_what_is_said_of_a_password_stays(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "| C020 | stg 個 pg-ledger-stg 密碼 Winnie姐 reset 咗 新嘅係 [REDACTED:password] 你幫我 update"
        " | 2026-03-11 | patterns/general.md:L31-L36 |",
        "password rotated, see patterns/general.md:L31-L36",
        "密码改了，📍 memory/2026-03-11.md:L4",
    ],
    ids=["candidates_row", "english", "guard_pinned"],
)
def test_a_citation_after_a_password_word_is_kept(text: str) -> None:
    """Session 56: scenario 12's CANDIDATES.md row kept its summary's secret hidden and lost its
    写入位置: the redaction read the citation's lines "L31-L36" as the new password."""
    assert redact(text) == text


def test_a_password_beside_a_citation_is_still_hidden() -> None:
    assert redact("新密码是 Wq7#tLp92vX 见 notes.md:L4") == (
        "新密码是 [REDACTED:password] 见 notes.md:L4"
    )
