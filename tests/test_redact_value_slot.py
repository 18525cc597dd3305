"""A secret's value said after a verb further on in its clause, or in a shape of its own, reaches
no file (issue 11, session 45: an adversarial review fed 216 secret messages through the CLI;
after session 44, 30 were still kept in clear, all of them values said in words).

"jenkins 的 admin 密码 设置成 bluewhale", "跳板机密码还是老的 qwerty123456", "公司 wifi 密碼 唔係之前嗰個 係
causewaybay2026", "the staging password, if you need it, is hunter2hunter2": the redaction knew
"密码是 X" right after the name, not a value after other words and a verb in the same clause.
Each case failed on the code before; the guards (``test_guard_…``) pass on both.
"""

from __future__ import annotations

import pytest

from memstrata.core.redact import redact
from memstrata.entries.remember import remember


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("帮我把 jenkins 的 admin 密码 设置成 bluewhale 以后都用这个", "bluewhale"),
        ("跳板机密码还是老的 qwerty123456 别搞错了", "qwerty123456"),
        ("数据库密码我记得好像是叫 lemontree88 吧你试试看", "lemontree88"),
        ("邮箱 smtp 授权码 abcdqwerzxcvtyui 发告警用的", "abcdqwerzxcvtyui"),
        ("QQ 邮箱的授权码我更新了 现在用 pqlmznxbcvrteyuw", "pqlmznxbcvrteyuw"),
        ("办公室大门门禁密码改成 739186 了 晚上加班的注意", "739186"),
        ("gpg 私钥的口令 我设成了 correcthorsebatterystaple 别忘了", "correcthorsebatterystaple"),
        ("小王说生产库的密码还是默认的 123456qwe 这太危险了 下周改", "123456qwe"),
        ("公司 wifi 密碼 唔係之前嗰個 係 causewaybay2026 呀", "causewaybay2026"),
        ("門口個密碼鎖 而家係 258013 記住咗未", "258013"),
        ("頭先 login 唔到 原來密碼係 wongtaisin 全細階", "wongtaisin"),
        ("公司信箱密碼下禮拜要改 目前還是 kaohsiung2025 先用著", "kaohsiung2025"),
        ("私鑰密碼是 xinyidistrict 全部小寫", "xinyidistrict"),
        ("remember the staging password, if you need it, is hunter2hunter2", "hunter2hunter2"),
        ("fyi new pw for grafana — grafana4ever", "grafana4ever"),
        ("heads up the wifi in room 4 is now springfield2026 all lowercase", "springfield2026"),
        ("the door code for the server room is 4417 then press the star key", "4417"),
        ("set MYSQL_ROOT_PASSWORD to rootrootroot99 in the compose file", "rootrootroot99"),
        ("他说密码的话 就用公司名加年份 acme2026 吧 反正内网", "acme2026"),
        ("the password is literally just the word dragonfly lol", "dragonfly"),
        ("那个共享盘的访问密码 提取码 x7k9 链接在群里", "x7k9"),
        ("百度网盘分享 链接 pan.baidu.com/s/1AbCdEf 提取码: qw8e", "qw8e"),
        # a key pair named by its letters, a bind password, a login pair, a .pgpass line
        (
            "七牛的 AK/SK 分别是 qnAK_7hs8dJ2kLm4nP6qR8sT0uV2 和 qnSK_9aB1cD3eF5gH7iJ9kL1mN3o",
            "qnSK_9aB1cD3eF5gH7iJ9kL1mN3o",
        ),
        (
            "华为云 AK HPUAZ1X2C3V4B5N6M7QW SK hwSK9Qw8Er7Ty6Ui5Op4As3Df2Gh1JkLzXcVbNm0P",
            "HPUAZ1X2C3V4B5N6M7QW",
        ),
        ("ldap bind dn cn=admin,dc=acme,dc=com bindpw LdapBind#55", "LdapBind#55"),
        ("以后连 stg 都用 stgadmin / StgAdm!n9 不要再问我了", "StgAdm!n9"),
        ("我把 ~/.pgpass 内容贴给你 pg.prod:5432:*:etl:PgPassFile99 帮我检查格式", "PgPassFile99"),
        # Mailgun's keys are "key-" and 32 characters; not only hex
        (
            "mailgun key-3ax6xnjp29jd6fds4gc373sgvjxteol0 发验证码邮件",
            "3ax6xnjp29jd6fds4gc373sgvjxteol0",
        ),
    ],
)
def test_a_value_said_in_the_slot_is_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


def test_a_plain_password_said_later_reaches_no_file(ws) -> None:
    remember(ws.writer(), "记住 跳板机密码还是老的 qwerty123456 别搞错了")
    written = "".join(p.read_text(encoding="utf-8") for p in ws.root.rglob("*") if p.is_file())
    assert "qwerty123456" not in written and "跳板机" in written


@pytest.mark.parametrize(
    "text",
    [
        # a wifi's name, a page named after passwords, a test name in a tool line (session 45's
        # run over every benchmark text: each was redacted by a first version)
        "记住我家 wifi 叫 Wang_5G，智能家居配网的时候要用",
        "不再用 itch.io 密码页（第一次就是 itch 链接被人转到了 Reddit）",
        "[bash] pytest -k wrong_password → FAILED tests/test_login.py::test_wrong_password_returns_401",
        "密码是 hash 过的，别直接比较",
        "密码 改成 bcrypt 加密 存储",
        "wifi 密码下周改，门禁密码至少 6 位",
        "the door code for the lab is changing next week",
        "the wifi is now working again",
        "password authentication failed for user app",
        "密码还是老的那个，在 1Password 里",
        "授权码 过期了 要重新申请",
        "the password for staging, if you ask Tom, is in the vault",
        "AK 和 SK 都放在 vault 里 路径 secret/data/qiniu",
        # placeholders in a connection string's format, a Go module's version after "auth"
        "连接串格式 postgres://USER:PASSWORD@HOST:5432/DB 占位符自己替换",
        "改成 `redis://:${REDIS_PASSWORD}@redis:6379/2`，重启后正常",
        "[bash] go build ./... → go: github.com/acme/auth@v1.4.2: reading go.mod: unknown revision",
    ],
)
def test_guard_talk_about_a_secret_stays(text: str) -> None:
    assert redact(text) == text
