"""Secrets said in words that review50 (a blind set, held out until session 46 read it once) found
in clear: digits spaced or spelled in other languages, bank codes by their letters (TAN, TAC, ATM),
codes said with "now is" / "came in" / "as", security answers given in words, passphrases typed
in lower case, Chinese words set apart, a correction's other value; and the talk it hid. Each case
is written here in other words than the set's."""

from __future__ import annotations

import pytest

from memstrata.core.redact import redact

SECRETS = [
    # digits spaced, with commas, or spelled in German, Malay, English
    ("我家樓下大門要按 5 2 8 3 再按井字號，朋友來嘅時候提醒佢哋", ["5 2 8 3"]),
    ("我表弟的 switch 家长控制密码 0 4 4 1，他妈设的", ["0 4 4 1"]),
    ("支付密码 六位 731 264 我妈不知道哈哈", ["731 264"]),
    ("Office door access code change again leh, now is 1 3 5 7 9 then press enter", ["1 3 5 7 9"]),
    ("Office cash locker combination — 3, 8, 1, 6 — the peon knows it too", ["3, 8, 1, 6"]),
    ("Meine Sparkasse PIN, drei acht null eins, I always forget it", ["drei acht null eins"]),
    (
        "Peti besi dalam stor, kombinasi dia tujuh-dua-lima-satu, jangan bagi tahu",
        ["tujuh-dua-lima-satu"],
    ),
    ("Dad's ATM pin is two nine four six, he asked me to get cash", ["two nine four six"]),
    ("Public Bank ATM PIN ayah saya ialah 6 6 0 2, dia minta tolong", ["6 6 0 2"]),
    ("My OCBC ATM one ah, 8 1 9 4, always mix up with my phone", ["8 1 9 4"]),
    ("My card PIN is the year we moved here, 1984. Don't tell anyone", ["1984"]),
    # one-time codes by the bank's letters, "came in", "your code is"
    ("TAC baru masuk 551 930, tolong check transfer supplier tu", ["551 930"]),
    ("The OCBC token OTP just came in 662 014, help me key in fast", ["662 014"]),
    ("CPF website sms say your code is 117 209 valid 3 min, legit or not?", ["117 209"]),
    ("The kids' tablet, Ella set the passcode as 190821, her birthday backwards", ["190821"]),
    ("我的 steam 令牌恢复码 K73920，丢手机才用得到", ["K73920"]),
    # security answers given in words
    (
        "Security question 'favourite dish', I have kept answer as masala dosa, note it",
        ["masala dosa"],
    ),
    (
        "Security answer for the old server account: our cat was named Mischa, so I typed Mischa",
        ["Mischa"],
    ),
    ("The tax office thing, my secret answer is Toowoomba, where I grew up", ["Toowoomba"]),
    ("原神账号密保问题：你最喜欢的老师 → 我写的 张老湿 笑死", ["张老湿"]),
    ("客服问安全问题：你小学叫啥子名字，我当时答的 东风小学", ["东风小学"]),
    (
        "Security question 'nama sekolah rendah' saya jawab SJKC Yuk Chai, ingat ya",
        ["SJKC Yuk Chai"],
    ),
    ("Maybank secure word 我选 rambutan manis, login nanti keluar", ["rambutan manis"]),
    # passphrases said with how they are typed, Chinese words set apart, mixed with Chinese
    (
        "Password for the team Figma is one whole phrase: teh tarik kurang manis please, all small letters with spaces",
        ["teh tarik kurang manis please"],
    ),
    ("店里wifi我换了，现在是 malatangxiaochi 全小写，顾客问就这么说", ["malatangxiaochi"]),
    (
        "1Password 的 master password 我用一句話：紅色 單車 停在 河堤 旁邊，中間有空格",
        ["紅色 單車 停在 河堤 旁邊"],
    ),
    ("B站大会员是我哥的号，登录密码 bilibili冲鸭6677，他说别乱改", ["bilibili冲鸭6677"]),
    # a correction's other value, "i.e.", "so"
    (
        "Oh wait, the Grafana admin password isn't admin456 anymore, Jonas set it to Gr@f-2026x",
        ["admin456", "Gr@f-2026x"],
    ),
    (
        "老板娘说保险柜新的是 五四三二一零，写成数字就是 543210，她生日倒起的",
        ["五四三二一零", "543210"],
    ),
    (
        "For e-filing of Mr. Rao, the password is his PAN lowercase plus DOB, i.e. bdrpr5678k01011980",
        ["bdrpr5678k01011980"],
    ),
    ("My email password is the dog's name and our house number, so rover17. Simple", ["rover17"]),
]

GUARDS = [
    "Our policy: SSH keys must be ed25519, min passphrase length 16, rotate yearly",
    "Maybank2u password lupa, nak reset kena pergi branch ke boleh online je?",
    "**3. ATM Withdrawal:** widely available, but mind the ATM fees.",
    "The new stands - the Lock and the Pavilion - will raise capacity to over 28,000. The Lock Stand is the largest.",
    "The tan leather sofa is 1200 dollars, and the TAN field in the form is optional.",
    "Security question is Mother's maiden name; I'll answer it later.",
    "密码是 全小写 的吗？",
    "the password is long, with spaces",
]


@pytest.mark.parametrize(("text", "values"), SECRETS)
def test_secret_said_in_words_is_hidden(text: str, values: list[str]) -> None:
    hidden = redact(text)
    assert not [v for v in values if v in hidden], hidden


@pytest.mark.parametrize("text", GUARDS)
def test_guard_talk_is_kept(text: str) -> None:
    assert redact(text) == text
