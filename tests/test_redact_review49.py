"""Secrets said in words that review49 (a blind set, held out until session 46) found in clear:
Chinese-character passwords, security-question answers, one-time codes said first or by "the
code", corrections, keypad codes, three-digit locks, spelled and Chinese-numeral codes, values
typed in a story. Each case is written here in other words than the set's."""

from __future__ import annotations

import pytest

from memstrata.core.redact import redact

SECRETS = [
    # Chinese characters set apart after 密码 and its verb
    ("我把打印机那台电脑的密码设成了 春眠不觉晓 ，别外传", ["春眠不觉晓"]),
    ("网店后台的密码是 西湖的月亮，对，就是中文五个字", ["西湖的月亮"]),
    ("供应商系统账号 sup_09，密码 仓储3号_Go! ，给小王用", ["仓储3号_Go!"]),
    ("旧笔记本的开机密码是一句诗 白日依山尽 五个字，没有空格", ["白日依山尽"]),
    ("这个库的密码含中文 我爱上海外滩88 所以命令行要加引号", ["我爱上海外滩88"]),
    # security questions' answers
    ("邮箱的密保问题“你母亲的名字”，我填的答案是 李秀英，怕忘了", ["李秀英"]),
    ("Payoneer 的安全问题“你的第一辆车”我填的是 桑塔纳，客服要核实", ["桑塔纳"]),
    ("佢網上銀行嘅保安問題答案係「真光女書院」，叫我幫佢記住", ["真光女書院"]),
    ("Security question for the bank is my first car, and the answer is Corolla.", ["Corolla"]),
    (
        "Mother's maiden name for the card's security question is Fitzgerald, in case they ring",
        ["Fitzgerald"],
    ),
    ("the security question is my first pet, which was Rusty", ["Rusty"]),
    # one-time codes: said first, after a comma, by "the code", by the app
    ("482913 是银行刚发过来的验证码，帮我填一下", ["482913"]),
    ("OTP from the bank just came in, 731902, please confirm the transfer", ["731902"]),
    ("The code Google sent was 558120, can you paste it in before it expires?", ["558120"]),
    ("The bank sent me a code, 302 118, and the caller wants it", ["302 118"]),
    ("The bank app code is 620914 now, I changed it after the scam text", ["620914"]),
    ("my GCash MPIN is 390217, I keep forgetting it", ["390217"]),
    ("The bank sends a TAN by SMS, the current one is 559031, fill it in", ["559031"]),
    # corrections: the other value of a correction beside a secret
    ("试剂柜挂锁的密码是三位数，我记得是 六零四，不对，应该是 六四零", ["六零四", "六四零"]),
    (
        "保险柜的密码我老输错，是 11223344 吗？不对，是 11224433，记后面那个",
        ["11223344", "11224433"],
    ),
    (
        "后台的密码我说错了，不是 Admin@sz，是 Admin@Shenzhen2025，注意大小写",
        ["Admin@sz", "Admin@Shenzhen2025"],
    ),
    (
        "I typed Pizza!Monday instead of Pizza!Friday, which is the new one",
        ["Pizza!Monday", "Pizza!Friday"],
    ),
    # keypad codes with their key, old and new
    ("仓库门锁换了，新密码 3690#，旧的 1470# 作废", ["3690", "1470#"]),
    ("大閘密碼改咗喇，而家係 #2468，舊嗰個 #1357 已經唔用得", ["2468", "1357"]),
    ("办公室门禁换了，新的是 6612#，老的那个3301作废了", ["6612", "3301"]),
    (
        "the tablet's profile lock was 2211, that's the old one, the new one is 4433.",
        ["2211", "4433"],
    ),
    (
        "The Switch parental PIN is 7731, and the Disney+ one is 1377, don't mix them up",
        ["7731", "1377"],
    ),
    # three digits for a lock, Chinese numerals, spelled digits, a dial's turns
    ("信箱鎖嘅密碼係 四六九，幫我記住先", ["四六九"]),
    ("冷库的挂锁号码是 五八二，员工都知道", ["五八二"]),
    ("The door entry is 5521 then the bell, and the postbox padlock is 731.", ["5521", "731"]),
    ("智能門鎖臨時密碼係 三五七 二四六，聽日朝早前有效", ["三五七 二四六"]),
    ("The office has a keypad now, she told me it's four one eight two", ["four one eight two"]),
    ("The shed has a little combination lock, it's set to six zero three.", ["six zero three"]),
    ("保險箱喺櫃後面，密碼 十九、四十二、七，順時針開始轉", ["十九、四十二、七"]),
    ("那個保險櫃，組合是 二十八 左 十五 右 四十 左，裡面有文件", ["二十八 左 十五 右 四十 左"]),
    ("我張卡後面嗰三個數字係 527，幫我填埋個 form", ["527"]),
    # passphrases: Tagalog, "yes with the spaces", a choice, capitals, a number after words
    ("Netflix sa bahay, ang password ay adobo_sa_gata77, wag mo i-share", ["adobo_sa_gata77"]),
    ("lechon-manok-5 yung password ng wifi sa office, same as the sign", ["lechon-manok-5"]),
    (
        "my ssh notes: the passphrase for my Cirrus key is haggis neeps and tatties 42, yes with the spaces",
        ["haggis neeps and tatties 42"],
    ),
    (
        "The portal forced a new password and I went with toast_at_midnight_9, lol",
        ["toast_at_midnight_9"],
    ),
    (
        "I keep mistyping sudo on the laptop, it's Tea_And_Biscuits with capitals",
        ["Tea_And_Biscuits"],
    ),
    (
        "the PIN is 4821 and the password is Galway Races 1979, he wrote it down",
        ["4821", "Galway Races 1979"],
    ),
    ("the password for the alarm company if they call is blue heron", ["blue heron"]),
    (
        "個 vault password 我諗咗句 azulejo blue tiles forever，有空格㗎",
        ["azulejo blue tiles forever"],
    ),
    # values typed in a story
    ("the vpn kicked me out and i had to type maple-kettle-7 like five times", ["maple-kettle-7"]),
    ("尋晚我仲要打咗幾次 lemontea_fan88 先入到 email", ["lemontea_fan88"]),
]

GUARDS = [
    "The surgeon said the pin in Seamus's hip is grand and he can walk again.",
    "Stripe 后台显示的密钥是 sk_live_••••••••••••9c1e，只显示后四位，这样发你没问题吧？",
    "redis-cli EVALSHA 9a1b3c7e 1 rh:lock:order:123 → (error) NOSCRIPT No matching script.",
    "WiFi 6 is significantly faster than WiFi 5, with a maximum speed of 9.6 Gbps",
    "個 config 寫住 password: ${REDIS_PASSWORD}，但係讀唔到個 env var",
    "请把 .env.example 里 DB_PASSWORD 那一行留空，真实的值不要提交",
    "安全问题的答案是什么？我完全忘了",
    "The security question is Mother's maiden name, I think.",
    "the code was 404 when I called the API, and the status code is 500",
    "密码是 我的生日，你知道的",
    "I typed npm install twice and it still failed",
    "the answer to the quiz is Paris.",
    "the password is case sensitive.",
    "the password is plain text.",
    "the password is literally just the word dragonfly lol",
]


@pytest.mark.parametrize(("text", "values"), SECRETS)
def test_secret_said_in_words_is_hidden(text: str, values: list[str]) -> None:
    hidden = redact(text)
    assert not [v for v in values if v in hidden], hidden


@pytest.mark.parametrize("text", GUARDS[:-1])
def test_guard_talk_is_kept(text: str) -> None:
    assert redact(text) == text


def test_guard_the_word_said_is_one_word() -> None:
    """ "just the word dragonfly lol": the word is hidden, "lol" stays."""
    assert redact(GUARDS[-1]).endswith("[REDACTED:password] lol")
