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

from memstrata.core.redact import find_secrets, redact
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


@pytest.mark.parametrize(
    ("text", "secrets"),
    [
        # two blind reviews (session 45): codes, words joined, values said first, corrections
        ("小区门禁改密码了，原来是 1212，现在是 5876", ["1212", "5876"]),
        ("Google 雲端的分享連結有設密碼，我設的是 mango-shaved-ice", ["mango-shaved-ice"]),
        ("快递柜取件码 384920，下班帮我去拿一下", ["384920"]),
        ("I told my landlord the garage keypad is 2580 and now he wants it changed", ["2580"]),
        ("bike lock is 3-9-1-7 if you need to move it out of the hallway", ["3-9-1-7"]),
        ("公司大門的密碼鎖改成 3388 了，之前那組 1122 不能用", ["3388", "1122"]),
        (
            "for the record the alarm disarm code is 6203 and the panic code is 9911",
            ["6203", "9911"],
        ),
        ("我張卡嘅 PIN 係 7316，幫我寫入 budget 嗰個 script 度", ["7316"]),
        (
            "Hey so the building's front door code changed from 1357 to 8642 starting today",
            ["1357", "8642"],
        ),
        (
            "I use the same password everywhere, it's blueberrymuffin88, please tell me that's bad",
            ["blueberrymuffin88"],
        ),
        (
            "我的 1Password 主密码是四个单词 lemon river candle north，你帮我记着",
            ["lemon river candle north"],
        ),
        ("楼下快递柜旁边那个密码锁，按 0731 就能开", ["0731"]),
        (
            "i keep forgetting, is it Oct0pus!Ink or Octopus!1nk for the vpn? first one i think",
            ["Oct0pus!Ink", "Octopus!1nk"],
        ),
        (
            "mochi2019 is what I set as the root password on the new pi, write that down",
            ["mochi2019"],
        ),
        ("xiaohuang2016 是我設定給 NAS 管理介面的密碼，狗狗的名字加年份", ["xiaohuang2016"]),
        ("家里保险箱的密码就是我爸生日 19580312，别外传", ["19580312"]),
        ("the safe in the office opens with 739104, only me and Priya know that", ["739104"]),
        ("公司打印机管理页面的密码我改成 printer_ftw 了，默认的那个太不安全", ["printer_ftw"]),
        ("the shared drive link asks for an access code, the access code is 7h3k", ["7h3k"]),
        (
            "set DATABASE_PASSWORD to ferret-lamp-circus in the render dashboard and redeploy",
            ["ferret-lamp-circus"],
        ),
        (
            "the password for the staging box, which Tom changed yesterday, is tangerine-orbit-77",
            ["tangerine-orbit-77"],
        ),
        ("嗰個 redis 冇 user，淨係得個 password，我 set 咗 egg_tart_2023", ["egg_tart_2023"]),
        (
            "the encryption passphrase for the backup drive: Seven Blue Elephants Dancing",
            ["Seven Blue Elephants Dancing"],
        ),
        ("我老婆的微信支付密码你帮我记着，是 802517，她老忘", ["802517"]),
        ("更正一下，工作室门锁不是 2580，是 258013，别按错了会报警", ["2580", "258013"]),
        (
            "GitHub 两步验证的恢复码我抄两个给你 8h2k9-dxq4m 和 p3mv7-zt4r6，手机丢了就靠它",
            ["8h2k9-dxq4m", "p3mv7-zt4r6"],
        ),
        (
            "epic games gave me backup codes for 2fa, saving two here 41829037 99204716",
            ["41829037", "99204716"],
        ),
        (
            "智能门锁管理员密码改了，旧的 123789 作废，新的 860425 只有我和老婆知道",
            ["123789", "860425"],
        ),
        ("啱啱收到個 SMS 驗證碼 558102，幫我入去 Google Admin 批准咗佢", ["558102"]),
        ("單車鎖我設咗 735，係阿女嗰架粉紅色", ["735"]),
        (
            "屋企兩個都要記，wifi 係 mongkok-rainy-day，router 管理介面就係 Rt_admin_4417",
            ["mongkok-rainy-day"],
        ),
        ("健身房 app 綁的信用卡，背面安全碼是 417，幫我填一下", ["417"]),
        (
            "hunter-moss-lantern-4 ... thats the passphrase for the ssh key on my laptop",
            ["hunter-moss-lantern-4"],
        ),
        (
            "my cat walked on the keyboard and wk9pqqzz became the actual router password",
            ["wk9pqqzz"],
        ),
        (
            "sendgrid key SG.q8Lm2XkTz4.Rv7Bn1Wc9YhJ3dP0sA6eU5gXiFo2Kt goes in the mailer settings",
            ["Rv7Bn1Wc9YhJ3dP0sA6eU5gXiFo2Kt"],
        ),
        # the third blind review (session 45)
        ("报警器布防撤防码是 1357，如果半夜响咗记得提我打 1357 再按撤防", ["1357"]),
        (
            "'tuesday biscuit 44' is still the break-glass root password for the old Solaris box.",
            ["tuesday biscuit 44"],
        ),
        (
            "Rotate the Grafana admin password please, it's currently 'correct-horse-grafana' which is clever",
            ["correct-horse-grafana"],
        ),
        ("今天进货用的是那张招商的卡，卡背后三位数 419，有效期 08/27", ["419"]),
        ("保险柜密码我怕忘了，36-18-72，左右左那样转，你帮我记住", ["36-18-72"]),
        ("The OTP for my Upwork withdrawal is 716254, bank is asking again and again", ["716254"]),
        (
            "Please remember my debit card PIN, 2946, because I keep writing it on sticky notes",
            ["2946"],
        ),
        ("Garage keypad code is 8 3 6 1 then the enter button.", ["8 3 6 1"]),
        (
            "頭先收到 HSBC 個 SMS，one-time password 係 093 847，但我唔記得自己有冇 login 過",
            ["093 847"],
        ),
        (
            "redis 的 requirepass 我之前设的是 huoguo2019，后来改成 huoguo2024!! 了",
            ["huoguo2019", "huoguo2024!!"],
        ),
        ("电脑开机密码我设成咗我爱广州的拼音 woaiguangzhou，你帮我写在", ["woaiguangzhou"]),
        (
            "My neighbor Carol's house alarm is 7733 if I need to shut it off while she's away",
            ["7733"],
        ),
        (
            "The password for the genealogy website, which I can never remember because my grandson "
            "made it for me last Christmas when he visited, is oakleaf-river-88.",
            ["oakleaf-river-88"],
        ),
        ("密码其实很土，就是公司名拼音加年份，xinyuankeji2025，别笑", ["xinyuankeji2025"]),
        (
            "先記下來 moonlight over tamsui river，這是我 1Password 的主密碼，千萬別外流",
            ["moonlight over tamsui river"],
        ),
        (
            "服务器私钥的口令我设的是 green tea at three pm 中间带空格，全小写",
            ["green tea at three pm"],
        ),
        ("fyi my mac login is just the word cactus. yes really.", ["cactus"]),
        (
            "i typed the keystore pass wrong, its actually Sl1meKing!2023 not slimeking2023",
            ["slimeking2023"],
        ),
        ("档口后面的储物柜，3号柜密码 0614，5号柜 2208，都是放货款单的", ["0614", "2208"]),
        (
            "高德地图 key 是 7f3e9a1b2c4d6e8f0a1b3c5d7e9f1a2b 前端也在用",
            ["7f3e9a1b2c4d6e8f0a1b3c5d7e9f1a2b"],
        ),
        (
            "The PagerDuty integration key is R03E9K2M7XQ4W8T1YB6N5ZC0, not the one in the wiki",
            ["R03E9K2M7XQ4W8T1YB6N5ZC0"],
        ),
        (
            "Hotel wifi here in Goa is sunsetbeach@2023, can you check why adb is not connecting",
            ["sunsetbeach@2023"],
        ),
        # the fourth (session 45): numerals and spelled digits, spaced codes, the way it is typed
        (
            "the build server pasword is ramen at midnight with the spaces, yeah i know",
            ["ramen at midnight"],
        ),
        ("我们工作室楼下那个电瓶车充电桩的卡密码，六六八八，每次都要问前台", ["六六八八"]),
        ("門口那個智能快遞箱的開箱碼是 七七三零五八，快遞員剛發的短信", ["七七三零五八"]),
        (
            "The mailbox at my new place has a little combo, three-seven-two-nine, I'll forget",
            ["three-seven-two-nine"],
        ),
        ("OTP from DBS just came in, 283 917, key in for me quick can", ["283 917"]),
        (
            "Condo gym door code changed again sia, now 2 4 6 8 0 then hash, the old one 13579 no more",
            ["2 4 6 8 0", "13579"],
        ),
        ("老婆说屋头wifi改了，改成 panda dundun 520 了，中间有空格", ["panda dundun 520"]),
        (
            "the venue manager goes, the wifi's shiraz and sunsets, with the spaces",
            ["shiraz and sunsets"],
        ),
        (
            "Client's gallery password on Pixieset is wedding-at-byron-bay, all lowercase with hyphens",
            ["wedding-at-byron-bay"],
        ),
        ("9174 — that's my bank card PIN, yeah I know", ["9174"]),
        ("admin0614，这个就是公司打印机的管理员密码，出厂的admin后面加我生日", ["admin0614"]),
        (
            "hockeynight_in_canada is the Netflix password, my brother shares it",
            ["hockeynight_in_canada"],
        ),
        ("Credit card CVV is 682, expiry 09/27, I'm ordering scrubs online", ["682"]),
        (
            "Dropbox API token for the auto-upload script: sl.B3kLm9Pq2Rt7Vw4Yb6Hc1Jd5Fs0GaKe8MnZx4Q",
            ["B3kLm9Pq2Rt7Vw4Yb6Hc1Jd5Fs0GaKe8MnZx4Q"],
        ),
        ("菜鸟驿站的取件码是 8-2-4017，帮我提醒一下下班去拿", ["8-2-4017"]),
        (
            "WiFi 叫 Lisboeta-Staff，senha 係 galo-de-barcelos-2024，啲 dealer 成日問",
            ["galo-de-barcelos-2024"],
        ),
    ],
)
def test_blind_reviews_values_are_redacted(text: str, secrets: list[str]) -> None:
    out = redact(text)
    assert not [s for s in secrets if s in out.replace("[REDACTED:password]", " ")]


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
        # the blind reviews' controls and this project's texts that a first version redacted
        "it printed Password: ******** and then hung forever",
        "登录时提示 Access denied for user 'root'@'localhost' (using password: YES)",
        "the keyboard shortcut to open the password manager is cmd+shift+L",
        "wifi 名字叫 ChinaNet-8Fx2，密码贴在路由器底下",
        "Can you add a 'show password' eye toggle to the signup form?",
        '登录页"记住密码"那个勾选框默认要不要勾上？',
        "呢個 ticket INC-20931 係講密碼重設 email 收唔到",
        "我們改用 Bitwarden 管理密碼，舊的 Excel 檔請刪掉",
        'In my bash script I call mysql -u etl -p"${PASS}" and PASS comes from the vault agent',
        'The psql prompt says "Password for user loader:" and nothing happens when I type',
        "our wifi network is called TheMillerHouse and the 5g one is TheMillerHouse-5G",
        "W (61022) wifi:bcn_timeout,ap_probe_send_start",
        "do NOT pin requests==2.31.0 in setup.py, libraries shouldn't pin",
        "测试环境登录的验证码固定 123456",
        "combo 2048 tokens works best",
        "密码新的是 ledger-db-stg 那个 secret 里",
        "commit 3f9a2c71e4b8d05a6c1f7e2b9d4a8c3e5f1b7d02 之后单测 pass rate 从 98% 掉到 91%",
        "hall 嘅 wifi 有 eduroam 同 HallNet-5F 兩個，邊個快啲？",
        "The connection string in the README is postgres://user:password@localhost:5432/app, a placeholder",
        "SSH host key fingerprint SHA256:q3Vb8Xk2mT9wLr4Zp7Nc1Yd6Hf5Gs0Ja2Ue8Io4Kl changed after the rebuild",
        "Client's office address is 4th floor, Prestige Tower, pin code 560034, Bengaluru.",
        "WiFi name is JioFiber-5G-Sharma and adb connect 192.168.29.41:5555 is timing out.",
        "butler says invalid api key when i push to itch, do i need to run butler login again",
        "模型的 token 上限是 32768，prompt 太長會被截掉",
        "[bash] curl -H 'Authorization: Bearer $TOKEN' https://gw.acme.io/v1/orders?debug=1 → 401",
        "Root cause: IMDSv1 still on for the proxy ASG",
        '[bash] curl http://xxl-job-admin.internal/jobinfo/trigger -d \'id=57\' → {"msg":"调度失败"}',
        "密码过期了，admin 说明天再重置",
        "Commit 3f9a2c71e4b8d05a6c1f7e2b9d4a8c3e5f1b7d02 fixed the token refresh bug, notes for v2.14.0?",
        "APNs auth key: Key ID 7QX2KD93LM, Team ID K8W4ZP21QA，.p8 放 1Password 的 vault",
        "the door code is changing on 2024-03-12, ask the front desk",
        "密码至少 12 位，门禁卡 3 天内补办",
        "3号柜在二楼，5号柜 2208 个格子",
        # long English answers (LongMemEval's chats, session 45: each hidden by a first version)
        "Follow hashtags like #scifimodels, #mechmodelling, or #gunplabuilds to find new models",
        "Congratulations on your new Samsung Galaxy Watch Active2! It's a fantastic smartwatch",
        "requiring a password or smart card to access patient records",
        "**Common Wi-Fi Connectivity Issues:** 1. **Restart your router**",
        "Qf_t = (a * Lf_t^b + c * Kf_t^d) / Kf_{t-1}^hf",
        '<script src="x.js" integrity="sha384-q8i/X+965DzO0rT7abK41JStQIAqVgRVzpbzo5smXKp4YfRvH+8abtTE1Pi6jizo"></script>',
        "**Modern Era (1980s-Present)** In the 1980s, Omega introduced the Seamaster",
        "2. **Muni Bus (24-Divisadero)**: The 24 bus runs along Mission Street",
        "top3 <- head(Supermarketdata_store10_dept_summary_sorted$Dept, 3)",
        "Here are some of the key features that make the Leupold VX-3HD a great value",
        'ssh-keygen -t ed25519 -C "your_email@example.com"',
    ],
)
def test_guard_talk_about_a_secret_stays(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "network", "secret"),
    [
        # review70's controls: the network's name said before the word password, which names a
        # key that is not in the message (each hidden as the password before round 42)
        (
            "WiFi name is Sunlight_Guest_5G, password is on the card at reception.",
            "Sunlight_Guest_5G",
            "",
        ),
        (
            "Wifi name na MTN_4G_2B3C, but I no know the password, na my brother own",
            "MTN_4G_2B3C",
            "",
        ),
        (
            "El wifi se llama TaqueriaElGuero_5G, la contraseña está pegada en la caja",
            "TaqueriaElGuero_5G",
            "",
        ),
        # the key said after it is still hidden
        ("wifi name is HomeNet_5G, password is Sunflower_88x", "HomeNet_5G", "Sunflower_88x"),
        ("El wifi se llama Casa_5G y la contraseña es Perro_Negro77", "Casa_5G", "Perro_Negro77"),
    ],
)
def test_a_wifi_networks_name_is_no_password(text: str, network: str, secret: str) -> None:
    hidden = redact(text)
    assert network in hidden
    assert not secret or secret not in hidden


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # review70 (round 42): a security answer after Spanish "es", Pidgin "na", Polish
        # "pytanie pomocnicze … Odpowiedź:"; a passphrase whose typing is said in Spanish
        ("La respuesta de seguridad es Firulais, el perro que tuve de chavo", "Firulais"),
        ("My security answer for Opay na Mama Tobi, na my aunty name", "Mama Tobi"),
        ("pytanie pomocnicze: imię pierwszego psa. Odpowiedź: Burek. Tak, wiem", "Burek"),
        ("La clave del Uber Eats del negocio es cebollaycilantro, todo junto", "cebollaycilantro"),
    ],
)
def test_an_answer_or_passphrase_said_in_other_words_is_hidden(text: str, secret: str) -> None:
    # by the rules themselves (the learned reader has these messages in its training data)
    at = text.index(secret)
    assert any(
        f.start <= at and at + len(secret) <= f.end for f in find_secrets(text, learned=False)
    )
    assert secret not in redact(text)


@pytest.mark.parametrize(
    "text",
    [
        "la pregunta de seguridad es el nombre de mi primera mascota",
        "the security answer is case sensitive, right?",
    ],
)
def test_talk_about_security_answers_stays(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "secrets"),
    [
        # review70 (round 42): a code told as its first and its last digits, in any language
        ("The rooftop door: first two digits are 48, last two 26.", ["48", "26"]),
        (
            "first three digit na 905, last three na 117, put am together for the app",
            ["905", "117"],
        ),
        (
            "Los primeros tres son 627 y los últimos tres son 150, pa' la app del banco",
            ["627", "150"],
        ),
        ("kłódka od roweru: pierwsze dwie cyfry 3 i 8, ostatnie 0 i 5", ["3", "8", "0", "5"]),
    ],
)
def test_a_code_told_in_halves_is_hidden(text: str, secrets: list[str]) -> None:
    # by the rules themselves (the learned reader has these messages in its training data)
    spans = [(f.start, f.end) for f in find_secrets(text, learned=False)]
    for secret in secrets:
        at = text.index(secret)
        assert any(a <= at and at + len(secret) <= b for a, b in spans), secret
    assert all(secret not in redact(text) for secret in secrets)


@pytest.mark.parametrize(
    "text",
    [
        "my phone number: first three digits are 138, last four 6688",
        "The first two digits are the year, the last two the month",
        "first 3 runs took 40 minutes, the last 2 took 12",
    ],
)
def test_halves_of_a_number_or_of_a_count_stay(text: str) -> None:
    assert redact(text) == text
