"""Secrets said in words that the blind sets review49-57 (benchmarks/data/secrets_said/, each
held out until session 46 read it once) found in clear, and the talk a first fix hid. Each case is
written here in other words than the set's.

- review49: Chinese-character passwords, security answers, codes said first or by "the code",
  corrections, keypad keys, three-digit locks, spelled and Chinese-numeral codes, a dial's turns,
  values typed in a story.
- review50: digits spaced or spelled in other languages, TAN/TAC/ATM, "now is" / "came in" / "as",
  security answers given in words, typed passphrases, Chinese words set apart, "i.e.", "so".
- review51: a code nearest after its name in any language, digits spaced before a stop, a dial's
  turns from a direction, DB_PASS=, hf_ tokens, "I put" / 答案我填的是.
- review52: passwords named in Spanish, Polish, Vietnamese, Korean, digits spelled in those
  languages and Korean numerals, old/new codes, turns with left and right, upper-case recovery
  codes.
- review53: passwords named in Russian, Turkish, Hebrew, Arabic, Indonesian; the value a change
  replaced; digits spelled in those languages, Thai and with 幺; BitLocker keys; security answers in
  other scripts; codes sent to a phone; words something is locked with.
- review54: a code near a code (its old or new value, the same said again), "old X, new Y" in
  Chinese and Indonesian, requirepass, sandi, security answers in Indonesian, Japanese, Swahili,
  turns in Indonesian, digits keyed, an address and a slash, placeholders in brackets.
- review55: a digit said with its count (六个零), codes told in a Chinese story, particles and
  verbs after the name, Vietnamese and Portuguese old/new, door, lock and alarm codes in Cantonese,
  Vietnamese, German, Portuguese, security answers in those languages and Korean, Korean particles,
  backup codes, Apple recovery keys.
- review56: pairing and verification codes, a code set "as" the password, old before new in
  Cantonese, Tagalog and Polish, codes after a comma and "就", hanzi digits spaced, a second answer
  after the question, Spanish tokens, backup codes and turns, a code said again in words.
- review57: Italian names, codes, old/new and digits; digits parted by commas; a recovery phrase
  named before its colon; old and new in the next sentence; turns with 左轉/右轉; login codes,
  parental controls; Chinese numerals ahead of the name; hint questions; the question after a colon
  is no answer.
"""

from __future__ import annotations

import pytest

from memstrata.core.redact import redact

SECRETS_49 = [
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

GUARDS_49 = [
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

SECRETS_50 = [
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

GUARDS_50 = [
    "Our policy: SSH keys must be ed25519, min passphrase length 16, rotate yearly",
    "Maybank2u password lupa, nak reset kena pergi branch ke boleh online je?",
    "**3. ATM Withdrawal:** widely available, but mind the ATM fees.",
    "The new stands - the Lock and the Pavilion - will raise capacity to over 28,000. The Lock Stand is the largest.",
    "The tan leather sofa is 1200 dollars, and the TAN field in the form is optional.",
    "Security question is Mother's maiden name; I'll answer it later.",
    "密码是 全小写 的吗？",
    "the password is long, with spaces",
]

SECRETS_51 = [
    ("The USSD transfer PIN for my Palmpay na 3131, same as my old phone lock", ["3131"]),
    ("Mon NIP de carte bancaire c'est 5820, ne le dis à personne", ["5820"]),
    ("Code de vérification Desjardins: 771 204, je le mets dans l'app", ["771 204"]),
    ("código do 2FA que chegou por SMS: 390 552, rápido antes de expirar", ["390 552"]),
    ("Pix senha de transação is 258 369, not the card one", ["258 369"]),
    ("Nubank senha de 4 dígitos é 7 1 7 1, sim eu sei", ["7 1 7 1"]),
    ("a senha do Grafana admin agora é feijoada@77, troquei ontem", ["feijoada@77"]),
    ("Kuda app transaction PIN: 6 0 2 8. I set am yesterday", ["6 0 2 8"]),
    ("OTP from the bank just arrived: 557 901. Chotto matte, logging in.", ["557 901"]),
    ("Staff room keypad changed, now 9 2 4 7. Don't tell the students", ["9 2 4 7"]),
    ("Mobile Suica PIN is go roku ni hachi, four digits", ["go roku ni hachi"]),
    (
        "Mansion autolock is san-nana-ichi-go, same number works for the delivery box.",
        ["san-nana-ichi-go"],
    ),
    ("Locker 204 is 12-30-6, Aiden keeps forgetting so I'm noting it", ["12-30-6"]),
    ("Homeroom lockers: 211 opens with 8-24-16 and 212 with 30-2-14", ["8-24-16", "30-2-14"]),
    ("Lockbox at the Sha Tin flat: turn dial to 7, 3, 1 then pull down", ["7, 3, 1"]),
    ("Phone unlock is 1 1 2 9 0 4, my son's birthday", ["1 1 2 9 0 4"]),
    ("Photocopier user code is my staff number backwards, 48120, don't tell", ["48120"]),
    ("會所健身室個門要撳 3 8 8 1，保安話唔好寫喺門口", ["3 8 8 1"]),
    ("阿爺留低個夾萬，要 右 十八 左 三十 右 六 先開到，記低佢", ["右 十八 左 三十 右 六"]),
    ("個孫部iPad開機要打 一二零八三一，佢叫我唔好話俾佢阿媽聽", ["一二零八三一"]),
    ("支付寶支付密碼好似係 220044，又好似係 224400，我記唔清", ["220044", "224400"]),
    ("Lockbox 改咗 code 喇，唔再係 1111，而家係 8080", ["1111", "8080"]),
    ("共享盘那个数据集的解压密码就是中文的 老虎爱吃肉，别打成拼音", ["老虎爱吃肉"]),
    ("staging .env:\nNODE_ENV=staging\nDB_PASS=Abuja@Wuse22", ["Abuja@Wuse22"]),
    (
        "huggingface token hf_pLmNoKiJuHyGtFrDeSwAq 写在 config.yaml 里了",
        ["hf_pLmNoKiJuHyGtFrDeSwAq"],
    ),
    (
        "For Zenith bank security question, mother's maiden name, I put Okafor-Eze. Remember am",
        ["Okafor-Eze"],
    ),
    (
        "Bank security question, first school. I put Sacred Heart there, remember it",
        ["Sacred Heart"],
    ),
    ("Security question 個答案係 Belilios，即係我讀嘅中學", ["Belilios"]),
    ("密保问题“你小学班主任叫什么”，答案我填的是 陈美玲，找回账号要用", ["陈美玲"]),
    ("security question do banco, nome do primeiro pet: Bolinha", ["Bolinha"]),
]

GUARDS_51 = [
    "Alarm 又響咗，管理處話要 reset，打 2866 1234 搵佢哋",
    "Emma got locker number 214 in the B hallway, she needs a new combination lock",
    "Client's office is 4th floor, Prestige Tower, pin code 560001, Bengaluru.",
    "SSH host key fingerprint SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8 changed after the rebuild",
    "It helps you unlock your 2019 Honda Civic Si's full potential on the track.",
    "The IKEA Detolf Glass Door Cabinet can hold up to 12-15 cameras, depending on their size.",
    "7. **The Nightmare Next Door** (2021) - A true-crime documentary series",
    'an attacker might crack a password like "1234" by trying all four-digit numbers',
    "The password was changed in 2024 and again in March.",
]

SECRETS_52 = [
    ("oye guarda esto: la contraseña de Canva es Dibujo_Azul77! no la pierdas", ["Dibujo_Azul77!"]),
    ("Square login cho tiệm: mật khẩu Nhung1985! nha", ["Nhung1985!"]),
    ("Unity 계정 비번 moonrabbit_77 (달토끼 영어로)", ["moonrabbit_77"]),
    ("카카오뱅크 PIN 칠삼일공구팔, 한글로 써놔야 안전할듯", ["칠삼일공구팔"]),
    ("PIN ya ATM ni tano saba moja mbili, usiambie mtu", ["tano saba moja mbili"]),
    (
        "My debit card PIN in Polish so nobody understands: osiem trzy jeden zero.",
        ["osiem trzy jeden zero"],
    ),
    ("alarm code bây giờ là một năm chín hai, mình đổi sau vụ trộm", ["một năm chín hai"]),
    (
        "el portón ya no es 1357, ahora es seis dos ocho cero, me avisó Don Beto",
        ["1357", "seis dos ocho cero"],
    ),
    ("Chase bank pin đổi rồi, old 4826 new 9153", ["4826", "9153"]),
    ("Garage code was 1111, too obvious, so now it is 6283.", ["1111", "6283"]),
    ("Building front door keypad, kod 4096 and then the bell symbol.", ["4096"]),
    ("도어락 was 3917 but 관리실 reset it to 2264 yesterday", ["3917", "2264"]),
    (
        "The safe in my basement workshop opens with 14 left, 32 right, 9 left.",
        ["14 left, 32 right, 9 left"],
    ),
    ("保险柜三组数字 21、46、8，顺序别弄错", ["21、46、8"]),
    (
        "Microsoft recovery code for Kuba's account: QW7E-9RTY-U2IO-PA5S-DF3G",
        ["QW7E-9RTY-U2IO-PA5S-DF3G"],
    ),
    ("steam guard code 9XK2P 방금 옴, quick type it for me", ["9XK2P"]),
    ("Zelle texted me code 402318, ok để chị nhập", ["402318"]),
    (
        "my bank app clave cambió, la vieja era Pozole2021 y la nueva Pozole2024!",
        ["Pozole2021", "Pozole2024!"],
    ),
    # (round 2 of review52's fixes)
    ("the CI runs `p4 -u mkang -P Wq9$zt4Lm sync //depot/main/...` every night", ["Wq9$zt4Lm"]),
    ("安全提問「第一間學校」我回答 聖心小學，怕以後忘記", ["聖心小學"]),
    ("security question mother maiden name, I put Trần Thị Mai", ["Trần Thị Mai"]),
    ("la pregunta de seguridad era 'nombre de tu primer perro' y puse Firulais jaja", ["Firulais"]),
    (
        "Home wifi for when Ania visits: Barszcz z Uszkami 42 — with spaces and capital letters.",
        ["Barszcz z Uszkami 42"],
    ),
]

GUARDS_52 = [
    "Locker 214 is jammed again, call the custodian, la combinaison marche pas",
    "código postal 06700, Roma Norte, para el envío de los prints",
    "员工培训ppt加一页，举例说明密码不要用 123456 或者 password 这种",
    "password policy: min length 14, rotate every 90 days",
    "my code is 200 lines long and the build took 3 minutes",
]

SECRETS_53 = [
    # "password" in Russian, Turkish, Hebrew, Arabic, Indonesian
    ("после ребута на bastion-01 пароль: medved1987, не забудь", ["medved1987"]),
    ("misafir ağı Cay_Bahcesi, şifresi lokum2024evde", ["lokum2024evde"]),
    ("the vpn for the Haifa office, סיסמה: falafel7Yam!", ["falafel7Yam!"]),
    ("ana nasit, كلمة السر هي Nile_2025x", ["Nile_2025x"]),
    ("akun tokopedia kata sandi batik8Jogja, jangan bilang siapa-siapa", ["batik8Jogja"]),
    # the value a change replaced, named as the old one after or before the new
    ("gate code is 8831 now, the landlord changed it from 1479 last week", ["8831", "1479"]),
    (
        "пароль от почты теперь Ryb@ka_2026, старый Rybaka2025 уже не подходит",
        ["Ryb@ka_2026", "Rybaka2025"],
    ),
    ("vpn admin rotated: old Mkt-Vpn-31, new Vpn!Mersin-2026", ["Mkt-Vpn-31", "Vpn!Mersin-2026"]),
    (
        "switched the steam pass from gamer456 to St3am!!Night9 after the phishing mail",
        ["gamer456"],
    ),
    # digits spelled in Russian, Turkish, Hebrew, Thai, Chinese 幺
    ("код домофона: семь, два, ноль, четыре", ["семь, два, ноль, четыре"]),
    ("kasa kodu dört-yedi-bir-sekiz, unutma", ["dört-yedi-bir-sekiz"]),
    ("the alarm code is חמש-אחת-שבע-אפס, for the weekend", ["חמש-אחת-שבע-אפס"]),
    ("รหัส ATM คือ สองแปดหนึ่งเก้า อย่าบอกใคร", ["สองแปดหนึ่งเก้า"]),
    ("快递柜的密码是幺零八六 记一下", ["幺零八六"]),
    # codes by name in other languages: код, сейф
    ("код подтверждения от банка 5274, введи его за меня", ["5274"]),
    ("сейф у бухгалтерии: 3-9-1-7-2", ["3-9-1-7-2"]),
    # a BitLocker recovery key
    (
        "recovery key for the finance laptop 123456-234567-345678-456789-567890-678901-789012-890123",
        ["123456-234567-345678-456789-567890-678901-789012-890123"],
    ),
    # security answers: Chinese right after 填的是, Cyrillic, Thai, "=", "→"
    ("密保问题“我的出生地”，注册时填的是牡丹江", ["牡丹江"]),
    ("контрольный вопрос 'кличка первой собаки' — ответ Барбос", ["Барбос"]),
    ("security question first school, I answered สวนกุหลาบ", ["สวนกุหลาบ"]),
    ("security q 'favourite teacher' = Okonkwo", ["Okonkwo"]),
    ("security question 'street you grew up on' → Maple (no 'street')", ["Maple"]),
    # short mixed values after 密码, codes sent, locked with, turns from a direction
    ("网盘分享链接的提取密码 h8v2，别发到群里", ["h8v2"]),
    ("PayPal sent 77412 to my phone for the new laptop, enter it for me", ["77412"]),
    ("WhatsApp sent me 561 093 for the login on the tablet", ["561 093"]),
    (
        "the usb stick is encrypted with 'blue kettle under the stairs' btw",
        ["blue kettle under the stairs"],
    ),
    ("locker at the pool goes left 8 right 30 left 14", ["left 8 right 30 left 14"]),
    ("front door unlock 4 8 1 9 9 2 (dad's birthday)", ["4 8 1 9 9 2"]),
]

GUARDS_53 = [
    # (Arabic in Latin letters writes sounds with digits: "bta3" is "of", no password)
    "el password bta3 el router is on the sticker, ask Mona",
    "docs snippet: export OPENAI_API_KEY=your-openai-key-here, then run the script",
    "Mobile Suica PIN is four digits, easy to forget after nomikai",
    "We moved the standup from 0930 to 1000 because of the new office hours",
    "the old one from 2019 was faster, the new one is 2024's model",
    "сейф в серверной — спроси у Ивана, я код не знаю",
    "she sent 3 boxes to my office for the launch",
    "one, two, three, go! the kids' race starts at noon",
    "密保问题我还没设置，等会儿再说",
]

SECRETS_54 = [
    # a code near a code found: its old value, its new one, the same said again
    ("UPI PIN badal diya, purana 5519 tha ab 8064 hai", ["5519", "8064"]),
    ("PIN e-wallet aku ganti, dulu 909090 sekarang 264810", ["909090", "264810"]),
    ("M-Pesa PIN yangu ya zamani 1357, mpya ni 8642. Nikumbushe", ["1357", "8642"]),
    ("存折密码是我闺女生日 19890514，记后六位就行，890514", ["890514"]),
    ("Airtel PIN ni tatu nane moja sita, yaani 3816", ["3816"]),
    ("yubikey pin is 445566, and the admin pin 87654321", ["87654321"]),
    # old/new said in Chinese or Indonesian, whatever the old one's shape
    ("FTP 密碼換了，舊的是 blueocean，所以現在是 blueocean2026", ["blueocean", "blueocean2026"]),
    ("password email toko, yg lama batikjaya, yang baru B4tik!Jaya26", ["batikjaya"]),
    # other words for password, PIN and security answers
    ("redis 那台我加了 requirepass Rd1s_pw_8842 结果客户端连不上", ["Rd1s_pw_8842"]),
    ("wifi gudang namanya Gudang_2, sandinya kardus2025 ya", ["kardus2025"]),
    ("pertanyaan keamanan bank 'kota lahir ibu' aku isi Magelang", ["Magelang"]),
    ("秘密の質問「母の旧姓」→ 答えは「佐々木」です", ["佐々木"]),
    ("security answer 'first school' nilijaza Kilimani", ["Kilimani"]),
    ("網銀密保答案改成了『外婆家的小巷』，之前那個不用了", ["外婆家的小巷"]),
    # a dial's turns in Indonesian, a code then "phir"/"lalu", digits keyed
    ("brankas gudang: kiri 12, kanan 40, kiri 7, jangan lupa", ["kiri 12, kanan 40, kiri 7"]),
    ("building gate pe code lagta hai, 4 0 9 1 phir hash dabao", ["4 0 9 1"]),
    ("呼吸机校准模式先按住静音键，再输 2 6 6 0 就进去了", ["2 6 6 0"]),
    # an address and a slash
    ("Figma 跟 Canva 同一組 yuki.w@outlook.com / Canva_Yuki88 別外流", ["Canva_Yuki88"]),
]

GUARDS_54 = [
    "醫保卡背面那個客服電話 12333 一直佔線，明天再打",
    "email template: 'Your password: [hidden]' needs a Thai version",
    "the README says `password: YOUR_PASSWORD`, replace it with your own",
    "Zoom meeting ID 845 2210 7731, passcode is in the invite, room 2041",
    "Ticket 4471 is the old one, 9082 is the new ticket for the printer",
]

SECRETS_55 = [
    # a code said by how many times a digit repeats, and the digits after it
    ("楼下门禁密码就是六个九 999999 物业懒得改", ["六个九", "999999"]),
    ("工资卡密码是四个零两个一，记一下", ["四个零两个一"]),
    # a code told in a Chinese story, clauses after its name
    (
        "我那张建设银行的卡，取钱的密码我老忘，跟你说一下：五八二零一六。记好了啊。",
        ["五八二零一六"],
    ),
    ("社区老年活动中心的门锁密码，张阿姨说是 7 1 3 0 再按井号", ["7 1 3 0"]),
    ("让我输密码，我手一抖输错了，后来才想起来是 640218 才对", ["640218"]),
    ("当初开户的时候问我“您父亲的名字”，我填的是李国华，你替我记着", ["李国华"]),
    # particles and verbs after the name in Chinese, 係, Vietnamese là
    ("还是我那个老密码撒 hb19880808 淘宝的也一样", ["hb19880808"]),
    ("GPG key 的 passphrase 设的是 ribosome-is-king，别告诉别人", ["ribosome-is-king"]),
    ("屋企嘅 Wi-Fi key 係 chanfamily@home，你記住佢", ["chanfamily@home"]),
    ("wifi nhà mình pass là cafesuadanong, đừng quên nha", ["cafesuadanong"]),
    ("đổi pass Jira rồi: cũ là minhtuan90, mới là Mt!Jira2026", ["minhtuan90", "Mt!Jira2026"]),
    ("senha do banco era Lima2024... não, mudei ontem, agora é LimaBanco!SP", ["LimaBanco!SP"]),
    # codes by a door, a lock, an alarm in Cantonese, Vietnamese, German, Portuguese
    ("樓下個門閘 code 係 6 2 0 8 然後撳 #", ["6 2 0 8"]),
    ("khóa tủ đồ bấm 4-7-2-9 rồi kéo ra", ["4-7-2-9"]),
    ("Haustür-Code ist 3 9 4 1 2, falls der Schlüssel weg ist", ["3 9 4 1 2"]),
    ("Das Zahlenschloss ist vier-zwei-sieben-null, also 4270", ["vier-zwei-sieben-null", "4270"]),
    ("o alarme da loja desarma com 58214, corre depois de abrir", ["58214"]),
    # security answers in Vietnamese, Portuguese, German, Korean
    ("câu hỏi bảo mật: tên trường cấp 1 → Kim Đồng", ["Kim Đồng"]),
    ("a resposta da pergunta de segurança do banco é Rua Augusta, não esquece", ["Rua Augusta"]),
    ("Sicherheitsfrage beim Mailkonto: erstes Haustier → Bello", ["Bello"]),
    ("보안 질문 '첫 학교' 답: 한빛초", ["한빛초"]),
    # Korean: a particle after the name, a quoted value, backup codes; an Apple recovery key
    ("은행 비밀번호는 sujin!!1204 이고 앱 비번은 따로", ["sujin!!1204"]),
    ("집 와이파이 비밀번호가 '우리집최고' 라서 한글로 쳐야 함", ["우리집최고"]),
    ("구글 백업 코드: 4410-2281, 9034-7716", ["4410-2281", "9034-7716"]),
    (
        "iCloud 個 recovery key 我影低咗：K8PQ-4ZRT-2MWX-H7LN-9BCE-5DVY",
        ["K8PQ-4ZRT-2MWX-H7LN-9BCE-5DVY"],
    ),
]

GUARDS_55 = [
    "IT 話密碼要每 180 日改一次，而且唔可以同之前五個一樣",
    "o código do imóvel no portal é AP-3391-MOE, sobe as fotos",
    "In der values.yaml steht `password: changeme` als Platzhalter",
    "Passwort liegt in 1Password, Eintrag 'Kunden GmbH' — musst du dir nicht merken",
    "密码不能太简单，比如 123456 这种千万别用",
    "他问我“你吃了吗”，我说吃过了",
    "实习生问我“为什么不能用 root 跑服务”，你帮我写段说明给他",
    "客服热线 95588，密码忘了可以打这个电话问",
]

SECRETS_56 = [
    # Chinese: a pairing code, a code set "as" the password, the old one before the new
    ("车库卷帘门遥控的对码系 5521-8830，师傅话要长按", ["5521-8830"]),
    ("平板屏幕时间我设咗 4096 做密码，唔好话俾个仔知", ["4096"]),
    ("WiFi 密码改咗，旧嘅chan1234唔用得，新嘅系 Chan!Home2026", ["chan1234"]),
    ("微信支付密码仲系嗰个，阿妈生日，570912，记住", ["570912"]),
    ("淘宝发来的校验码 427 118，五分钟内有效", ["427 118"]),
    ("宿舍门锁密码很简单，就 3 3 8 1，别外传", ["3 3 8 1"]),
    ("自行车密码锁三位数，七 四 一，就这样", ["七 四 一"]),
    ("客服让我答密保：您的出生地？我当时填的是绵阳", ["绵阳"]),
    # Tagalog, Spanish, Polish
    ("gate code ng condo namin, 4812 tapos press the bell icon", ["4812"]),
    ("MPIN ko pinalitan, dati 2468 ngayon 9173", ["2468", "9173"]),
    ("el token de Santander me dio 602 518, ¿todavía sirve?", ["602 518"]),
    ("códigos de respaldo de Gmail: 5512 0938, 7741 2265", ["5512 0938", "7741 2265"]),
    (
        "combinación de la caja fuerte: 12 derecha, 40 izquierda, 6 derecha",
        ["12 derecha, 40 izquierda, 6 derecha"],
    ),
    ("Respuesta de seguridad del banco, ¿nombre de tu abuela? Le puse Herminia", ["Herminia"]),
    ("Kłódka na rowerze, szyfr 3-8-1, nie zapomnij", ["3-8-1"]),
    ("Revolut backup codes: 118-402, 935-771", ["118-402", "935-771"]),
    ("hasło do banku: stary był Krakow77, nowy jest Krk!Bank2026", ["Krakow77", "Krk!Bank2026"]),
    # a code said again in words; an answer after a dash
    ("ATM PIN ko is 0 7 2 4. zero seven two four. para sure", ["0 7 2 4", "zero seven two four"]),
    ("Security question sa bank: mother's maiden name — Villanueva. Remember", ["Villanueva"]),
    ("Taiwan 大樓保全出門要先按 5 0 2 7 才不會響", ["5 0 2 7"]),
    # words and digits joined by dots (review51's "Prof.Li.1965")
    ("老板的邮箱密码让我记着：Chen.Wei.1978，别外传", ["Chen.Wei.1978"]),
]

GUARDS_56 = [
    "蓝牙音箱配对码一般都是 0000，说明书第三页",
    "遥控器没电了，背面写着 CR2025，去哪买电池",
    "Ejemplo: Usuario: tu_correo@ejemplo.com / Contraseña: TuClaveSegura",
    "后台显示 支付密码：已设置 ●●●●●●，要不要改",
    "Kod pocztowy biura to 00-950, potrzebny do faktury",
    "Tenant 話門鎖壞咗，quote 係 $3,450 連安裝",
    "密码规则写在 Security.Policy.v2 里，你自己看",
    "新密码已经发到 Zhang.Wei@corp.com 了，注意查收",
]

SECRETS_57 = [
    # Italian: the password's and the code's names, an alarm's old and new, digits spelled
    (
        "Il wifi di casa: rete 'CasaBianchi', chiave WPA 'gelatopistacchio77'",
        ["gelatopistacchio77"],
    ),
    ("PIN della carta, lo scrivo qui perché lo dimentico sempre: 47213", ["47213"]),
    ("la cassetta chiavi del cantiere: il codice è sette-due-nove-uno", ["sette-due-nove-uno"]),
    (
        "Il codice allarme è cambiato: ora è 6 1 8 3. Il vecchio 9 9 0 2 non va più",
        ["6 1 8 3", "9 9 0 2"],
    ),
    ("Domanda di sicurezza: 'nome del primo cane' → risposta Birillo", ["Birillo"]),
    # Portuguese digits parted by commas; a recovery phrase named before a colon
    (
        "Código do cofre: nove, dois, sete, um, quatro — por extenso",
        ["nove, dois, sete, um, quatro"],
    ),
    (
        "Seed phrase of the wallet my uncle made: apple river stone candle orbit maple north "
        "glass tiger pencil cloud umbrella",
        ["apple river stone candle orbit maple north glass tiger pencil cloud umbrella"],
    ),
    # Pidgin: the old and the new one in the next sentence
    ("Opay PIN don change. Old one na 4455, new one na 7102. Remind me", ["4455", "7102"]),
    # turns with 左轉 / 右轉; a login code; parental controls; Chinese numerals ahead of the name
    ("船上保險箱，左轉 36 右轉 12 閣左轉 5，記咧", ["左轉 36 右轉 12 閣左轉 5"]),
    ("考试系统的登录码是 Q4W8-ZX2P，只能用一次", ["Q4W8-ZX2P"]),
    ("平板的家长控制 他爸设的 5 5 0 9 别跟孩子说", ["5 5 0 9"]),
    ("银行卡那个密码我老记不住 是我屋头老妈子的生日 六九零三一五 你帮我记倒", ["六九零三一五"]),
    # a hint question's answer; a value after a full-width parenthesis
    ("網銀嘅密碼提示問題：『第一間學校』答案係 聖保祿", ["聖保祿"]),
    ("NAS admin: user nas_ops, senha（同事係咁寫）Arq!v0_2026", ["Arq!v0_2026"]),
]

GUARDS_57 = [
    "我设置了密码提示问题：第一只宠物的名字",
    "宿舍门禁卡背面印着 0012 3456 78，这个是卡号不是密码吧？",
    'No template está password: "{{ vault_db_password }}" — isto é só a variável',
    "example.yaml 入面寫 admin_password: REPLACE_ME，部署前要改",
    "Security question for the bank: 'First school' — I haven't set it yet",
]


SECRETS_58 = [
    # Taiwanese and Cantonese: a disarm code, Steam's code, old and new, a value told later
    ("外婆家保全的解除碼是 3 1 4 6，她怕忘記", ["3 1 4 6"]),
    ("Steam 嘅 Guard 码嚟咗：Q4T9M，帮我打", ["Q4T9M"]),
    ("邮箱密码改咗，新嘅系 Hk#2025mail，旧嘅 hkmail8899 唔好用", ["Hk#2025mail", "hkmail8899"]),
    ("同事問我門禁密碼是什麼，我才不講咧XD 其實是 5530 啦", ["5530"]),
    # read out one by one, with dashes or spaces, after "我念给你"
    ("备用码我念给你：R-4-T-8-W-2-Z-6，存好", ["R-4-T-8-W-2-Z-6"]),
    ("大门密码 俺念给你 幺 九 八 四 井号", ["幺 九 八 四"]),
    ("Mật khẩu wifi chị đọc nè: m-a-i-h-o-a-7-7", ["m-a-i-h-o-a-7-7"]),
    ("WiFi密码 俺念念 z h a n g 6 6 俺也记不住", ["z h a n g 6 6"]),
    # lists of backup codes, with a hyphen in their name or in Chinese
    ("Backup-Codes: 4410-2297, 8830-1164, 5521-9073", ["8830-1164", "5521-9073"]),
    ("備用驗證碼：7391 2046、1185 6620", ["7391 2046", "1185 6620"]),
    # Swiss German "isch", a code in the sentence after its name, a key after its network
    ("s Passwort vom Router isch Zueri_West_88", ["Zueri_West_88"]),
    ("Alarmanlag: de Code isch 5 8 0 3 1", ["5 8 0 3 1"]),
    ("Chasch de neui Tür-PIN notiere? Isch jetzt 6620, de alti 1184", ["6620", "1184"]),
    ("WLAN im Büro heisst Hof-Net, Schlüssel isch Alpe-Gruess-2024.", ["Alpe-Gruess-2024"]),
    ("Veloschlössli: Zahlekombi drü-vier-sibe. Also 347.", ["drü-vier-sibe", "347"]),
    ("Hardware-Token zeigt grad 441 902, schnell iigeh", ["441 902"]),
    # Vietnamese code words, Hindi digits and "yani"
    ("Mã két sắt là sáu hai chín một, 6291 nhé", ["sáu hai chín một", "6291"]),
    ("Cửa kho bấm mã ở ngoài: 7 7 1 3 rồi OK", ["7 7 1 3"]),
    ("Tin nhắn: 'Ma xac thuc cua ban la 552901. Khong chia se.'", ["552901"]),
    ("JazzCash PIN hai ek do nau chaar, yani 1294", ["ek do nau chaar", "1294"]),
    ("phone passcode is 0 4 2 2 0 9 aka my bday", ["0 4 2 2 0 9"]),  # (not read as letters)
    # security answers after a quoted question, and given in other languages
    ("Sicherheitsfrag: 'Lieblingsberg?' – Antwort: Pilatus", ["Pilatus"]),
    ("Câu hỏi bảo mật: 'Tên con vật đầu tiên?' em trả lời Mèo Mun", ["Mèo Mun"]),
    ("bank ka security question 'pet's name' — answer maine Sheru likha", ["Sheru"]),
    ("安全问题：'你最钟意嘅地方？' 我答嘅系 西贡sea 😂", ["西贡sea"]),
    # a network's key, a password in parts, joined back together
    ("路由器 SSID 是 Li-Mesh，WPA2 密钥 hangzhou_west_lake_9，记一下", ["hangzhou_west_lake_9"]),
    ("Gitlab 的密码我分开说。第一段：abc。第二段：Xy_0571。", ["abc", "Xy_0571"]),
    ("密码嘛，前面是 lw 后面是 launch2025，连起来 lwlaunch2025", ["lwlaunch2025"]),
]

GUARDS_58 = [
    "De Hardware-Token zeigt '------' und blinkt, isch d Batterie leer?",
    "Đơn hàng sơn gel mã 48213 tới đâu rồi? Shop nói giao 3 ngày",
    "Mã bưu chính 700000, mã giảm giá SALE50",
    "密码策略分两段：第一段讲长度，第二段讲复杂度",
    "curl -H 'Authorization: Bearer $TOKEN' https://gw.internal/rfc/material/000000000010023456",
    "The first part is length, the second part is complexity; the password policy has both.",
]


SECRETS_59 = [
    # digits of other scripts: Thai, Devanagari, Persian, fullwidth
    ("รหัส ATM ธนาคาร คือ ๓๗๒๙๑๐ นะ", ["๓๗๒๙๑๐"]),
    ("locker ko combination ४७१२ ho", ["४७१२"]),
    ("رمز کارت ۵۸۳۱ هست", ["۵۸۳۱"]),
    ("门禁密码是 ７３５１", ["７３５１"]),
    # PUK, a code read from a token, a 3-3 one-time code, a card's back in Spanish and Turkish
    ("PUK number 61830294 ho, packet ma thiyo", ["61830294"]),
    ("SIM 卡锁了，PUK：7204 1983", ["7204 1983"]),
    ("me llegó el código de Telegram 612-907, pasámelo", ["612-907"]),
    ("El código de seguridad de la Master es 3 1 8, vence 08/28", ["3 1 8"]),
    ("Kartın arkasındaki güvenlik kodu 574, ödeme için", ["574"]),
    # changes in Spanish, Turkish and Ukrainian, the old one after
    ("El PIN del banco lo cambié a 6 2 0 4, el viejo era 1188", ["6 2 0 4", "1188"]),
    ("Banka şifremi değiştirdim, yenisi 731920 not al", ["731920"]),
    ("Пін від картки поміняв на 5 5 1 0, старий був 9034", ["5 5 1 0", "9034"]),
    # locks in Turkish, Spanish, Ukrainian; spaces around the dashes; an unlock pattern
    ("Dolabın kombinasyonu 19 - 42 - 07 kimseye söyleme", ["19 - 42 - 07"]),
    ("bisiklet kilidi 8-2-2-6 unutma", ["8-2-2-6"]),
    ("El candado del depósito es nueve-tres-cero-dos", ["nueve-tres-cero-dos"]),
    ("patrón de desbloqueo de la tablet 3-6-9-8-7", ["3-6-9-8-7"]),
    ("Сейф в офісі, комбінація сім-два-нуль-дев'ять", ["сім-два-нуль-дев'ять"]),
    ("код від під'їзду 4417, квартира 12", ["4417"]),
    # keyed in: Spanish, Thai words, after the key pressed first
    ("La puerta del edificio: marcás 6 6 0 2 y empujás", ["6 6 0 2"]),
    ("ประตูคอนโด กด สอง เก้า หนึ่ง ศูนย์ แล้วกด #", ["สอง เก้า หนึ่ง ศูนย์"]),
    ("单元门你按井号 然后4 1 7 3 再按井号", ["4 1 7 3"]),
    # digits in Nepali words, Chinese one by one then joined, a dial in Chinese
    ("eSewa ko PIN: चार सात दुई एक, kasailai nabhannu", ["चार सात दुई एक"]),
    ("车锁密码我老忘 三 八 零 六 三八零六 记住", ["三 八 零 六", "三八零六"]),
    ("機車大鎖的號碼我又忘了...想起來了 是 5 2 8 0 對 5280", ["5 2 8 0", "5280"]),
    ("保险箱的号你记一下 二十四 九 五十三 别外传", ["二十四 九 五十三"]),
    ("我那张卡后面是七一四 你帮我记着", ["七一四"]),
    # backup codes in Ukrainian, answers in Turkish, Russian, Thai, Nepali, Taiwanese
    ("Резервні коди для Google: 8d2e1-a7c40, 55fb2-1e9d3", ["8d2e1-a7c40", "55fb2-1e9d3"]),
    ("Güvenlik sorusu ilk okulum, cevap olarak Atatürkİlkokulu yazdım", ["Atatürkİlkokulu"]),
    ("Секретный вопрос «кличка собаки» — я написала Бублик", ["Бублик"]),
    ('คำถามความปลอดภัยถามว่า "ชื่อโรงเรียน" เราตอบไปว่า บ้านสวน', ["บ้านสวน"]),
    ('security question ko answer maile "Kalo Kukur" lekheko', ["Kalo Kukur"]),
    ("安全提問是「小學校名」，我答案打 Sunny國小，中英混打", ["Sunny國小"]),
    # a quoted strong value after Thai words, a key after its SSID, letters then joined, seed words
    ('พี่บอกรหัส wifi มาว่า "Sukhumvit@2044" ห้ามบอก', ["Sukhumvit@2044"]),
    ('Wi-Fi SSID 是 Lab-5G，key 是 "photonic7lab"，全小寫', ["photonic7lab"]),
    ("la pass es R-o-s-a-r-i-o-7-7, o sea Rosario77", ["R-o-s-a-r-i-o-7-7", "Rosario77"]),
    ('password chai "himal@wifi22" ho dai', ["himal@wifi22"]),
    (
        "Cüzdanın kelimeleri: amber river falcon wagon copper tulip orbit canvas meadow piano lunar"
        " velvet",
        ["amber river falcon wagon copper tulip orbit canvas meadow piano lunar velvet"],
    ),
    ("พาสเวิร์ดเปลี่ยนเป็น Siam#2025x แล้ว อันเก่า Siam2024! ใช้ไม่ได้", ["Siam#2025x", "Siam2024!"]),
]

GUARDS_59 = [
    "รหัสไปรษณีย์ 10330 เขตปทุมวัน ส่งของที่นี่",
    "Posta kodu 06570 Çankaya, faturayı gönderin",
    "const password = process.env.DB_PASSWORD; // read at boot",
    "const API_KEY = process.env.STRIPE_KEY — nunca la hardcodees",
    "config: name: api, key: primary_index, mode: fast",
    "This manual brewing method involves slowly pouring hot water over ground coffee beans in a"
    " filter.",
    "Steps: mix flour water salt yeast knead rest shape proof bake cool slice serve",
]


SECRETS_60 = [
    # Chinese: a card's back with its number named after, backup codes by another name
    ("建行那张卡背后三个数是 739 卡号尾号 5521 网购要用", ["739"]),
    ("备份码一共八个 我存两个：7kq2-m9xd / r4tz-8pwn", ["7kq2-m9xd", "r4tz-8pwn"]),
    # Japanese: code names, は, a dial's digits in brackets, a parcel box, a key pad, backup codes
    ("【銀行】認証番号：582913 他人に教えないでください", ["582913"]),
    ("自転車の鍵、ダイヤル式で番号は「3・9・0・5」やで", ["3・9・0・5"]),
    ("宅配ボックスの解除番号、六一九三って書いてあった", ["六一九三"]),
    ("家のWi-Fi、パスワードは 9c4e7a21f0b3d やねん", ["9c4e7a21f0b3d"]),
    ("VPNのバックアップコード: 4m8x-2kqa, 7tz9-p3wr", ["4m8x-2kqa", "7tz9-p3wr"]),
    ("留守電の暗証番号な、ゼロ・ハチ・サン・イチや", ["ゼロ・ハチ・サン・イチ"]),
    # Greek: κωδικός, a safe, a padlock, a change, "δηλαδή", an answer
    ("Ο κωδικός του Wi-Fi είναι psomi2024kafe, μην τον δίνεις", ["psomi2024kafe"]),
    ("Λουκέτο αποθήκης: 7 1 4. Το κλείνω το βράδυ", ["7 1 4"]),
    ("Το χρηματοκιβώτιο ανοίγει με 22 - 51 - 08, πρώτα αριστερά", ["22 - 51 - 08"]),
    ("Ο κωδικός είναι P-a-r-o-s-1-9, δηλαδή Paros19", ["P-a-r-o-s-1-9", "Paros19"]),
    ("Στην ερώτηση ασφαλείας «πρώτος δάσκαλος» έβαλα Παπαδόπουλος", ["Παπαδόπουλος"]),
    # Persian: digits of its own, a safe, an alarm's code, CVV2, an answer of two words
    ("قفل گاوصندوق: ۲۴ - ۱۱ - ۳۸ اول چپ", ["۲۴ - ۱۱ - ۳۸"]),
    ("CVV2 کارت ملت 682 هست، انقضا 1406/02", ["682"]),
    ("دزدگیر رو که می‌زنی کد 4 1 9 2 رو بزن", ["4 1 9 2"]),
    ("جواب سوال امنیتی «اسم اولین دوستت» رو نوشتم آقای کریمی، یادم بمونه", ["آقای کریمی"]),
    (
        "ramz modem ro migam: N, a, r, g, e, s, 8, 8 yani Narges88",
        ["N, a, r, g, e, s, 8, 8", "Narges88"],
    ),
    # Bengali: PIN and code in its script, digits in words, the old and new, an answer
    ("বাবার ফোনের পিন ৩৩০৮, ভুলে যেও না", ["৩৩০৮"]),
    ("locker er code ta সাত তিন শূন্য পাঁচ, mone rakhbo", ["সাত তিন শূন্য পাঁচ"]),
    ("bKash PIN change korlam, notun ta ৬১৮২৭", ["৬১৮২৭"]),
    ("গেটের কোড আগে ছিল ১১৯০, এখন ৭৭৪২", ["১১৯০", "৭৭৪২"]),
    ("সিকিউরিটি প্রশ্নের উত্তর দিয়েছি: মধুমতী নদী", ["মধুমতী নদী"]),
    ("card er CVV 5 1 6, online order korbo", ["5 1 6"]),
]

GUARDS_60 = [
    "部屋番号は 1203 です、フロントで聞いて",
    "Ο κωδικός πρέπει να έχει 12 χαρακτήρες",
    "کد پستی ۱۹۳۹۵ تهران",
    "আমার রোল নম্বর ১২০৫, ক্লাস সেভেন",
]


SECRETS_61 = [
    # Chinese: letters read out with no digit, a code in two halves, a few seed words, a change
    # told later in a long sentence, a radio operator's digits, a dial with 左/右 on each number
    ("邮箱密码我一个个念哈:m-i-n-g-y-u,然后 八八", ["m-i-n-g-y-u"]),
    ("快递柜取件码我先说前半截 58 。后半截是 31 ,下班去拿", ["31"]),
    ("我钱包的助记词前三个 ocean maple tiger ,后面的在本子上", ["ocean maple tiger"]),
    ("下班回来 门口密码锁按了几遍都打不开,打电话问房东才知道他改成了 7315 ,服了", ["7315"]),
    ("仓库那个柜子的密码锁是拐幺洞 就三位数", ["拐幺洞"]),
    ("老保险柜 密码是右十七 左三十 右八 转慢点", ["右十七 左三十 右八"]),
    ("樓下鐵門有密碼鎖,管理員講是四位數:二、九、零、六。", ["二、九、零、六"]),
    ("安全提問「第一隻狗的名字」,我填的答案是:旺。", ["旺"]),
    ("药房柜子电子锁 新码 3#7#1#9 主任刚说", ["3#7#1#9"]),
    (
        "協會網站密碼我一個字一個字念給您:W、a、n、g、F,後面接 一九六三。",
        ["W、a、n、g、F", "一九六三"],
    ),
    # Arabic: was and became, turns, an answer given; Uzbek, Amharic, French
    ("الرقم السري للبطاقة غيرته، كان 3377 وصار 8120", ["3377", "8120"]),
    ("الخزنة: 21 يمين، 35 يسار، 4 يمين", ["21 يمين، 35 يسار، 4 يمين"]),
    ("سؤال الأمان: وش اسم أول معلم؟ جاوبت: العتيبي", ["العتيبي"]),
    ("dispetcher paroli: Yunusobod_77, yozib qo'y", ["Yunusobod_77"]),
    ("Seyf kodi: o'ng 18, chap 4, o'ng 52", ["o'ng 18, chap 4, o'ng 52"]),
    ("Maxfiy savol 'birinchi ustoz', javobini Rahimova deb yozdim", ["Rahimova"]),
    ("Kassa kodi uch nol to'rt besh, ya'ni 3045", ["uch nol to'rt besh", "3045"]),
    ("Резервные коды Yandex: 4410 2288, 9031 5567", ["4410 2288", "9031 5567"]),
    ("የቤቱ ዋይፋይ የይለፍ ቃሉ ደግሞ lalibela#12 ነው", ["lalibela#12"]),
    ("የግቢው በር ኮድ 4 7 2 8 ነው", ["4 7 2 8"]),
    ("Security question: የመጀመሪያ መምህርህ? መልሱ Tesfaye ነው", ["Tesfaye"]),
    ("Safe combination: 9 ወደ ቀኝ፣ 27 ወደ ግራ፣ 40 ወደ ቀኝ", ["9 ወደ ቀኝ፣ 27 ወደ ግራ፣ 40 ወደ ቀኝ"]),
    ("stp note le mdp du terminal : Croissant88! merci", ["Croissant88!"]),
    ("code CB changé, c'était 4421 maintenant c'est 9087", ["4421", "9087"]),
    ("le code reçu par sms : 731 442, vite", ["731 442"]),
    ("cadenas du scooter 2-8-0-5 tkt", ["2-8-0-5"]),
    ("question secrète « ville natale de ma mère » → j'ai mis Roubaix", ["Roubaix"]),
    (
        "coffre du magasin : 15 à droite, 33 à gauche, 2 à droite",
        ["15 à droite, 33 à gauche, 2 à droite"],
    ),
    ("codes de secours Google : 5512 0093 / 7741 2280", ["5512 0093", "7741 2280"]),
    ("le code de retrait Mondial Relay c'est 448120", ["448120"]),
]

GUARDS_61 = [
    "A private key and a seed phrase are both essential parts of a wallet's security.",
    "others may find that mnemonic devices like the Peg System work well for them",
    "الرمز البريدي 12271 حي الملقا، حطه في العنوان",
    "密保问题我还没设置，等会儿再说",
    "Ma carte bancaire expire, le code postal de l'agence est 75011",
]


SECRETS_62 = [
    # Chinese: turns with no space, letters read out then a year, a value in brackets, halves by
    # digits, a keypad's *…#, turns in digits, an admin page's password, a code reported
    ("柜子 转盘的 右十四左九右三十二 就开了", ["右十四左九右三十二"]),
    ("俺那个邮箱密码你记一下 W l i u j u n 1968 连起来", ["W l i u j u n 1968"]),
    ("更衣柜是12号，柜子的密码（4093）是我自己设的", ["4093"]),
    ("医保卡密码是六位数字。前三位是318。", ["318"]),
    ("車場閘口要咁撳：*482# 記住先撳星號", ["*482#"]),
    ("書房個保險箱 密碼 右 22 左 7 右 40 啲文件喺入面", ["右 22 左 7 右 40"]),
    ("家里路由器后台我设的 hzhome_admin_88 ，别忘了", ["hzhome_admin_88"]),
    ("营业厅让我报服务密码，我随口报了个 190527 居然对了", ["190527"]),
    ("工位抽屉的密码锁，三位数，幺三八", ["幺三八"]),
    ("LINE 寄來一个認證碼 604218 要輸入", ["604218"]),
    ("銀行問安全問題 問恁老爸叫啥物名 我講陳水木 伊講著", ["陳水木"]),
    ("信用卡後壁彼三字 二七一 網路買物件愛用", ["二七一"]),
    # English, Romanian, Vietnamese without marks
    ("4 0 8 2 — that's the gate keypad at the farm", ["4 0 8 2"]),
    ("pinul de la cardul ING e 7741, l-am schimbat azi", ["7741"]),
    (
        "Parola de la email s-a schimbat. Acum este Bilant#Q4_ro. Vechea nu mai merge.",
        ["Bilant#Q4_ro"],
    ),
    ("codul alarmei de la depozit este opt-doi-cinci-unu", ["opt-doi-cinci-unu"]),
    ("codul de la seiful din birou e 23-11-40", ["23-11-40"]),
    ("Easybox, cod de ridicare 518 204 pentru colet", ["518 204"]),
    ("Revolut passcode-ul e 881203 si la aprobari", ["881203"]),
    ("raspunsul la intrebarea de securitate (primul animal): Azorel", ["Azorel"]),
    ("ma so cua kho la 7 1 9 3, ma cu 2 2 5 5 bo roi", ["7 1 9 3", "2 2 5 5"]),
    ("cau hoi bao mat la ten con cho, chi tra loi Vang Ba", ["Vang Ba"]),
    ("ket sat o tiem, xoay phai 18 trai 25 phai 3 la mo", ["phai 18 trai 25 phai 3"]),
    ("voicemail pin la tam bon hai chin, tuc la 8429 do", ["tam bon hai chin", "8429"]),
    ("admin mat khau cua may POS la Thu1985! dung doi nha", ["Thu1985!"]),
]

GUARDS_62 = [
    "codul CAEN al firmei e 6920 - activitati de contabilitate",
    "那个保险柜密码老头子说他自个儿记着 死活不告诉我",
    "Rezultatul e 2024 la meciul de ieri, codul postal e 010101",
    "密码（至少 8 位）要有大小写",
]


SECRETS_63 = [
    # Chinese: halves said with 面, a code box, voice input's 密马 and 验证吗, a wallet's words by
    # their count, how many digits said between, Zhuyin's ㄉ
    ("按键板密码前面两位是 42。", ["42"]),
    ("卷帘门钥匙丢咧 旁边那个密码盒子 六六零三", ["六六零三"]),
    ("冷库门上那个密马锁是 1357", ["1357"]),
    ("验证吗 4 0 8 2 7 7 快帮我输进去", ["4 0 8 2 7 7"]),
    (
        "那十二个单词要记好我念给你听maple river shoe golden tiger ocean march pencil lucky window"
        " seven harbor就这些",
        ["maple river shoe golden tiger ocean march pencil lucky window seven harbor"],
    ),
    ("電單車頭盔鎖 4 位數 0721，記住呀", ["0721"]),
    ("系統密碼改成 Sunny0909 惹 舊ㄉ rainbow0417 不要再用", ["rainbow0417"]),
    # Irish English, Polish, Malay
    ("the drug press code on the ward is 5521, don't forget", ["5521"]),
    ("door code for the block, she's away, it's star 7 3 0 9", ["7 3 0 9"]),
    ("Zapisz kod do domofonu na Woli, Górczewska 88: 3 5 7 9 i klucz", ["3 5 7 9"]),
    ("Sejf w biurze otwiera sie kombinacja 31-07-44, nie mow nikomu", ["31-07-44"]),
    (
        "Hasło do poczty zmieniłem na Rura#2024x, stare było Hydro2021 więc nie działa",
        ["Hydro2021"],
    ),
    ("Pytanie bezpieczeństwa: imię pierwszego kota — Mruczek.", ["Mruczek"]),
    ("BLIK 702 553, zaplac za gre", ["702 553"]),
    ("kłódka ma szyfr trzy cyfry — 4, 8, 2 — zapisz", ["4, 8, 2"]),
    ("Kod pintu pagar kondo dah tukar, yang baru 6 1 3 0 #, yang lama 2 2 8 8", ["6 1 3 0"]),
    (
        "Soalan keselamatan: 'Nama kucing pertama' — saya jawab Comel Putih. Ingat ya",
        ["Comel Putih"],
    ),
    ("Peti besi kat rumah, combination kiri 18 kanan 4 kiri 27", ["kiri 18 kanan 4 kiri 27"]),
    ("屋企 wifi 叫 Casa_5G，palavra-passe 係 chanfamily666，唔好俾人用", ["chanfamily666"]),
]

GUARDS_63 = [
    "室友說 wifi 密碼改好了 但沒跟我講新的 要再問她",
    "Tip password: guna ayat panjang, campur nombor dan simbol",
    "Tip password: use a long phrase, mix numbers and symbols",
    "2. Use strong passwords and multi-factor authentication: Use unique passwords for each account.",
    "1. Authenticity: They have a genuine passion for skincare.",
    "Zapisz mi numer do hydraulika: 2 4 6 8 i zadzwoń",
]


SECRETS_64 = [
    # Chinese: a value said first then a dash, a second answer, a dial's turns told with words,
    # a code written on a note with Chinese after it, a lock's digits counted before, halves by 碼
    ("Tea2025@xihu——这是合作社网银的新登录密码，帮我记一下。", ["Tea2025@xihu"]),
    (
        "密保问题“母亲姓名”，我填的答案是王秀英；另一个问题“第一所小学”，答案是梅家坞小学。",
        ["王秀英", "梅家坞小学"],
    ),
    ("老板把保险柜密码给我了 左转三圈到27 右转到64 再左转到9 就开了", ["27", "64", "9"]),
    ("楼道门密码刚换的 条子上写着5 1 7 2再按井号", ["5 1 7 2"]),
    ("车棚那个自行车锁四位的 三八一六 可别忘了", ["三八一六"]),
    ("挂的那个锁是三位的 密码4 0 9 里头放着象棋", ["4 0 9"]),
    ("安全提問答案：第一隻寵物叫「小黑」 最喜歡的老師是「林美玲」", ["小黑", "林美玲"]),
    ("付款密碼前三碼是 813。", ["813"]),
    ("医保卡密码是六位数字。前三位是 305。后三位我刚问过他，是 642。", ["305", "642"]),
    ("付款密碼前三碼是 520。後三碼是阿爸的幸運數字 919 啦", ["520", "919"]),
    # English, Spanish
    ("the Shopee security question, the answer I type is LimAhKow no space", ["LimAhKow"]),
    ("parcel locker pickup code they SMS me 5 0 2 2 7 1, collect tonight", ["5 0 2 2 7 1"]),
    (
        "security questions: 'first car' I put Civic, 'where parents met' I put 九龍城 in Chinese",
        ["Civic", "九龍城"],
    ),
    (
        "the seed phrase, read am slow: lemon, bitter, kola, absurd, window, spike, ladder",
        ["lemon, bitter, kola, absurd, window, spike, ladder"],
    ),
    (
        "la contraseña del aula virtual es «Aula_Retiro77» y el usuario el de siempre",
        ["Aula_Retiro77"],
    ),
    (
        "Tío, han cambiado el código del portal, ahora es 7 2 0 5. El antiguo, 1357, ya no va",
        ["7 2 0 5", "1357"],
    ),
    ("La alarma del piso se desactiva con 8 8 1 4 y luego OFF", ["8 8 1 4"]),
    ("El candado de la bici: cuatro, uno, ocho. Lo digo en voz alta", ["cuatro, uno, ocho"]),
]

GUARDS_64 = [
    "合作社的统一社会信用代码是 93330110MA28F3QK7B，年报上要填，这不是密码。",
    "俺那社保卡卡面上印的那串号 是不是密码啊 闺女说不是 就是个编号",
    "欸我想改網銀密碼 規定要8到12碼 還要有英文字母 好麻煩喔",
    "安全提問是「你的第一隻寵物叫什麼」，我還沒設定",
    "支付密码我记不住，银行卡号后四位是 4242，你帮我查一下",
]


SECRETS_65 = [
    # a value spelled with its letters' case or a word for each letter, then said joined
    ("邮箱密码我念一下 大写K 小写m 7 7 x 连起来就是 Km77x", ["大写K 小写m 7 7 x", "Km77x"]),
    ("網銀密碼是 大寫 Q、小寫 w、e、3、3，拼起來 Qwe33", ["大寫 Q、小寫 w、e、3、3", "Qwe33"]),
    ("ChatGPT 的密码 小写 f-a-l-c-o-n 然后 4 2，就是 falcon42#", ["f-a-l-c-o-n", "falcon42#"]),
    ("the router password: capital T, small r, 4, 4, z", ["capital T, small r, 4, 4, z"]),
    ("mon mdp du portail : P comme Paul, A, U, L, puis 42", ["P comme Paul, A, U, L, puis 42"]),
    # values with the Latin letters of other languages
    (
        "Cambié la contraseña del banco, la nueva es Señorío#44 y la vieja Toledo2018",
        ["Señorío#44"],
    ),
    ("Wi-Fi şifresi: Gülşen1988!", ["Gülşen1988!"]),
    # answers to a second security question, given the way the first was
    ("密保问题：出生的城市——洛阳；最喜欢的老师——周红。", ["洛阳", "周红"]),
    ("保安問題 你中學叫咩名 我填嘅系 培正 另外一個 你第一隻狗叫乜 我填嘅系 豆豆", ["培正", "豆豆"]),
    (
        "密保问题，“您的小学叫什么”我填的是“育才”，“您最喜欢的水果”我填的是“榴莲”。",
        ["育才", "榴莲"],
    ),
    (
        "security answers for the bank: maiden name: Okafor, first car: Corolla.",
        ["Okafor", "Corolla"],
    ),
    ("找回密码那个问题 最喜欢的歌手 我填的周华健 另一个 出生的医院 我填的协和", ["周华健", "协和"]),
    # Vietnamese codes by what they open, digits said in words, a password's new one after a stop
    ("Mã báo động kho: chín hai không bốn", ["chín hai không bốn"]),
    ("Mã lấy hàng ở tủ: 5 1 8 8 2 0 nha", ["5 1 8 8 2 0"]),
    ("Anh đổi mật khẩu wifi rồi. Cái mới: Pho_Bo.HaNoi_88", ["Pho_Bo.HaNoi_88"]),
    # a code ending in a keypad's key, far from its name
    ("车库门的密码是房东自己设的，他说是结婚纪念日再加个井号：0612#，别外传", ["0612"]),
    # a code in numerals after words said first
    ("网盘提取码 等一下哈 七七二 四一九 是那个资料包的", ["七七二 四一九"]),
    # "nought" for zero
    (
        "the safe code is four nought nought seven, don't tell the lads",
        ["four nought nought seven"],
    ),
]

GUARDS_65 = [
    "KRA PIN ya kampuni ni P051234567X, itumie kwa returns",
    "鍵盤壞了 按了沒反應 想買個新的 青軸的大概 1500",
    "文件名用大写A 小写b 都行",
    "密码忘了的话拨打 *123# 查询，或者订单号 12345# 联系客服",
    "门禁坏了，物业电话 6688 1234#",
    "capital letters, small letters and digits: that is the password rule",
    "La contraseña debe tener una letra mayúscula, por ejemplo: Árbol",
]


SECRETS_66 = [
    # a code told in parts with no verb, or after words, then whole
    ("信用卡密码 前三位418 后三位902 别说出去", ["418", "902"]),
    ("柜子密码分两段：前两位 52，后两位跟我车牌尾号一样是 08，合起来 5208", ["52", "08", "5208"]),
    # numerals of bank slips; a code glued to its name; a keypad code with its keys
    ("刚收到的验证码是肆玖叁零捌柒，先帮我记着", ["肆玖叁零捌柒"]),
    ("宿舍门密码洞幺幺七 别告诉隔壁", ["洞幺幺七"]),
    ("车库卷闸要输密码，师傅讲是 *4471# ，按完等一下", ["4471"]),
    ("Alarm code 是 *8 2 0 6 #，关店前按", ["8 2 0 6"]),
    # Indonesian's "its" on the name; a new one set; the old one said as 原本
    ("Wifi kantor namanya KANTOR_5G, passwordnya kantorjaya21", ["kantorjaya21"]),
    ("Akun toko, user @tokosari, pass-nya SariToko2020 ya", ["SariToko2020"]),
    ("社保网站密码，老的那个作废了，新设的是Lb1962chen", ["Lb1962chen"]),
    ("DANA PIN baru ganti, 原本 445566 too easy, 现在换 803917", ["445566", "803917"]),
    # a radio's anti-theft code; security answers given with 写的 and in Indonesian
    ("收音机防盗码 就是拆电瓶以后要输的那个 是5182", ["5182"]),
    ("密保问题 问我第一辆车 我答案写的捷达2003 下次别忘", ["捷达2003"]),
    ("Pertanyaan keamanan Mandiri: nama hewan pertama, jawabannya Si Belang", ["Si Belang"]),
    # a value in a service's shape after the name, not before it ("Maybank2u password")
    ("邮箱密码规则是拼音首字母大写加生日加感叹号 我的就是Wjh0612!", ["Wjh0612"]),
]

GUARDS_66 = [
    "上课举例 比如密码设成qwe123这种最容易被盗 大家别学",
    "教學生：例如 'pass1234' 呢類就係 weak password",
    "Example sa seminar: 'Winter2023!' daw ay mahina, huwag gayahin",
    "密码三三两两的都忘了，还是用密码管理器吧",
    "the shared link is https://files.example.com/s/Q7w2 and the access code is sent by SMS",
    "大陆的朋友陆续来了，伍佰的演唱会门票 680 一张",
    "拨打 *100# 可以查余额，客服电话 10086",
    "Password rules for the interns: nothing like 'Summer2025', MFA on",
]


SECRETS_67 = [
    # codes by what else they open; Urdu's and Hindi's "of" between
    ("the till drawer code is 7-2-6-1, don't tell the weekend staff", ["7-2-6-1"]),
    ("store room ka code 5522 hai, chabi mere paas hai", ["5522"]),
    ("o cadeado do meu armário é 2-7-4, não esquece", ["2-7-4"]),
    ("카톡으로 온 인증번호 551 204 빨리 넣어줘", ["551 204"]),
    # a code after "code是"; Chinese numerals in pairs, then the digits; pinyin digits
    ("Google的两步验证 code是 734 118 你帮我输", ["734 118"]),
    ("銀行簡訊驗證碼是 三九 七二 零六 快幫我打", ["三九 七二 零六"]),
    ("my PIN 是我女儿生日 零三 一九 一二 lah, means 031912", ["零三 一九 一二", "031912"]),
    ("那张卡的PIN码 jiǔ sì yāo líng bā liù 别告诉别人", ["jiǔ sì yāo líng bā liù"]),
    # a passcode's digits after its name; an old code in a year's shape after "old"
    ("my work phone passcode 418226, the old one 1984 doesn't work anymore", ["418226", "1984"]),
    ("EasyPaisa ka MPIN badal diya, naya 7710 hai, purana 1999 tha", ["7710", "1999"]),
    # an API key named in Portuguese; answers given in Portuguese, Urdu, Korean
    ("a chave da API de produção é pk_prod_7Hq2Lx9Vw4Rt, guarda bem", ["pk_prod_7Hq2Lx9Vw4Rt"]),
    ("pergunta de segurança: cidade onde nasci. coloquei Itabuna", ["Itabuna"]),
    ("security question tha first school ka naam, maine likha Aitchison", ["Aitchison"]),
    ("비밀번호 찾기 질문 '첫 애완동물 이름' 답은 초코", ["초코"]),
]

GUARDS_67 = [
    "the remote code execution bug is CVE-2024-3094, patch tonight",
    "가이드 문서에 예시 비번으로 Welcome2024! 라고 써있네",
    "错误code是500 服务器又挂了",
    "this passcode field takes a 2048 bit key, not digits",
    "o exemplo do manual usa a senha Senha@123, não use essa",
]


SECRETS_68 = [
    # a code's digits, or a value in a password's shape, right after the name, ending the clause
    ("Banka kart şifrem 5392, kimseye söyleme", ["5392"]),
    ("手机银行登录密码 ks730518，别和另一张卡搞混", ["ks730518"]),
    # digits said in Turkish, Afrikaans, Mongolian after the name
    ("Dolabın şifresi dört sekiz bir iki, unutma", ["dört sekiz bir iki"]),
    ("Oupa's safe combination is ses-nege-twee-een, don't tell", ["ses-nege-twee-een"]),
    ("家里保险柜的密码 хоёр тав долоо тэг 别告诉别人", ["хоёр тав долоо тэг"]),
    # Vietnamese codes by the locker, the gate, the alarm they open
    ("Mã tủ đồ phòng gym là 2468 nha", ["2468"]),
    ("Mã cổng chung cư giờ là 8 0 5 1", ["8 0 5 1"]),
    # a combination corrected with dashes; parts by letters and digits, then joined
    ("Shed padlock is 7-1-3... no wait, 7-3-1", ["7-1-3", "7-3-1"]),
    (
        "邮箱密码：头四个字母abcx，后面四个数字5521，连起来就是abcx5521",
        ["abcx", "5521", "abcx5521"],
    ),
    ("SSH 的 passphrase 分两半讲：前半 pearl-river，后半 _go77", ["pearl-river", "_go77"]),
    # digits in pairs, then what they are, the next sentence
    ("Write this down: 48 27 91 03. That's the new PIN for the card machine", ["48 27 91 03"]),
    ("Ghi lại giúp mình: 61 09 44. Đó là mã PIN thẻ mới", ["61 09 44"]),
    ("Unutmayayım: 34Moda#88 Bu benim okul mail şifrem", ["34Moda#88"]),
]

GUARDS_68 = [
    "Boarding pass'imi yazdıramadım, THY TK1987 sabah 06:40'ta",
    "老师PPT上那个 password: Qe7!pLm2 是随便编的例子，考试要考怎么判断密码强度",
    ".env.example 入面写 DB_PASSWORD=changeme 係占位符，唔好当真",
    "IT cảnh báo: ví dụ mật khẩu kiểu 87654321 là rất yếu",
    "Hocanın slayttaki örnek şifre Asdf!2023 tamamen uydurma",
    "JWT 的 secret 用 HS256 签名，密钥放在 vault 里",
    "密码 1024 字节以内",
    "Our account code for the Verizon LOB is 4471-22, use it in Jira",
]


@pytest.mark.parametrize(
    ("text", "values"),
    SECRETS_49
    + SECRETS_50
    + SECRETS_51
    + SECRETS_52
    + SECRETS_53
    + SECRETS_54
    + SECRETS_55
    + SECRETS_56
    + SECRETS_57
    + SECRETS_58
    + SECRETS_59
    + SECRETS_60
    + SECRETS_61
    + SECRETS_62
    + SECRETS_63
    + SECRETS_64
    + SECRETS_65
    + SECRETS_66
    + SECRETS_67
    + SECRETS_68,
)
def test_secret_said_in_words_is_hidden(text: str, values: list[str]) -> None:
    hidden = redact(text)
    assert not [v for v in values if v in hidden], hidden


@pytest.mark.parametrize(
    "text",
    GUARDS_49[:-1]
    + GUARDS_50
    + GUARDS_51
    + GUARDS_52
    + GUARDS_53
    + GUARDS_54
    + GUARDS_55
    + GUARDS_56
    + GUARDS_57
    + GUARDS_58
    + GUARDS_59
    + GUARDS_60
    + GUARDS_61
    + GUARDS_62
    + GUARDS_63
    + GUARDS_64
    + GUARDS_65
    + GUARDS_66
    + GUARDS_67
    + GUARDS_68,
)
def test_guard_talk_is_kept(text: str) -> None:
    assert redact(text) == text


def test_a_key_said_to_be_no_password_stays_hidden() -> None:
    """A value said to be no password is kept only when it was found in words; a key found by its
    shape stays hidden whatever the sentence says of it (the guard for "这不是密码" first dropped
    both)."""
    for text, key in (
        ("我的 OpenAI key 是 sk-proj-abcdefghijklmnopqrstuvwx12，这不是密码是 key", "sk-proj-"),
        ("ghp_abcdefghijklmnopqrstuvwxyz0123456789 is not a password, it is a token", "ghp_"),
    ):
        assert key not in redact(text), redact(text)


def test_guard_the_word_said_is_one_word() -> None:
    """ "just the word dragonfly lol": the word is hidden, "lol" stays."""
    assert redact(GUARDS_49[-1]).endswith("[REDACTED:password] lol")


def test_for_example_alone_keeps_no_real_password() -> None:
    """ "For example" brings in a real password as often as a made-up one: only a message that
    also calls the value weak or made up, or a word that makes it an example ("example password",
    这种 after it), keeps it (128516c kept "比如 QQ 的密码是 Abc12345" in clear)."""
    for text, value in (
        ("我所有账号密码都一样，比如 QQ 的密码是 Abc12345", "Abc12345"),
        ("my passwords are all alike, e.g. the bank one is Tr0ub4dor9", "Tr0ub4dor9"),
        ("as senhas são parecidas, por exemplo a do banco é Sampa#2019", "Sampa#2019"),
    ):
        assert value not in redact(text)
    for text in (
        "比如密码设成 qwe123 这种，一猜就中",
        "e.g. a password like Summer2024! is weak, pick a passphrase",
    ):
        assert redact(text) == text


# An adversarial review of this session's first version (a fresh-context tester, 720 ordinary
# messages and 223 secrets): what it over-redacted, and real passwords the example rule kept.
ORDINARY_NEAR_THE_NEW_READERS = [
    "手机号码前三位 138，后四位 6688，你帮我查一下是谁",
    "身份证前六个数字 110101 是北京东城的",
    "快递单号后面四个数字 3088，你帮我取一下",
    "DataLoader(ds, pin_memory=True, batch_size=256 * 4)",
    "if pin == '': return 400 # bad request",
    "门禁坏了，302# 的业主说要找物业",
    "保险柜售后 400-800-1234 转 6612#",
    "柜子尺寸 120 * 60 * 200 cm，锁是密码锁",
    "邮编code是 200 030",
    "错误code是 502 504 交替出现",
    "房间 1205 是靠门的那间",
    "TK1987 bu akşam kalkıyor, şifremi unuttum bu arada",
    "das Passwort ist gültig",
    "la contraseña es válida",
    "键盘上的大写 Q W E R T Y 是怎么来的",
    "数据库 password 字段 utf8mb4，别改",
    "sudo passwd 1001，uid 不对",
    "remote code exec bug 4821 fixed in 2.4.2",
    "cabinet code review tomorrow 0930",
    "验证码的大写写法：零壹贰叁肆伍陆柒捌玖",
    "密码一二三四五六七八九都试过了",
]
REAL_ONES_AFTER_EXAMPLE_WORDS = [
    ("我的密码都差不多，比如淘宝的是 Tb@2023xyz，这样容易记", "Tb@2023xyz"),
    ("wifi密码 home88888 这种东西你记一下", "home88888"),
    ("密码是 Abc12345 这样的话你就能登了", "Abc12345"),
    ("你别用我的账号乱发东西 密码 wx_lin1990", "wx_lin1990"),
    ("the new password is nothing like the old one: Xyz!2024q", "Xyz!2024q"),
    ("示例项目的后台密码是 Fl_2024abc", "Fl_2024abc"),
    ("for example my PIN is 7391, easy right", "7391"),
]


@pytest.mark.parametrize("text", ORDINARY_NEAR_THE_NEW_READERS)
def test_ordinary_text_near_the_new_readers_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(("text", "value"), REAL_ONES_AFTER_EXAMPLE_WORDS)
def test_a_real_password_near_an_example_word_is_hidden(text: str, value: str) -> None:
    assert value not in redact(text)


def test_a_credential_shape_near_password_in_another_language_is_hidden() -> None:
    """A value in a credential's shape near "password" said in another language is hidden as it is
    near 密码 or "password" (the shape reader read only English and Chinese names)."""
    for text, value in (
        ("Wi-Fi do escritório mudou, senha agora fica anotada: Escr1t0rio#2024", "Escr1t0rio#2024"),
        ("Mật khẩu app ngân hàng mình đặt theo tên con, thành ra BinBin2019", "BinBin2019"),
        ("ramze wifi ro avaz kardam, jadidesh Tehran1402shop e", "Tehran1402shop"),
    ):
        assert value not in redact(text), text
