"""Secrets said in words with their name, in fixed phrasings: "密码是 X", "password for prod db:
X", a door code after what it opens, a PIN, a change from one value to another, a passphrase of
words, a value said first and named after it, a value near its name later in the sentence, a
wallet's recovery phrase, a security question's answer.

Each phrasing is one pattern, which the finder runs with its own filter; the looser "name, words,
verb, value" is the slot's (``slot``, ``slot_value``).
"""

from __future__ import annotations

import re

from memstrata.core.redact.findings import PLACEHOLDER, SecretFinding
from memstrata.core.redact.shapes import (
    _NOT_LATIN,
    _NOT_THE_PASSWORD,
    _SENTENCE_END,
    _VALUE,
    _credential_shape,
    _password_shaped,
)
from memstrata.core.redact.vocabulary import (
    _LITTLE_WORD,
    _NAMING,
    _PASSWORD_ABROAD,
    _PROSE_ENDINGS,
    _PROSE_VERBS,
)
from memstrata.text.lazy_re import lazy_compile

# A password said in passing, with no ``=``/``:``: 密码/口令 followed by 应该是/改成/设为… or by
# nothing ("wifi 密码 happy2026home", "服务器 root 密码 Tr0ub4dor&3"), English "password should be
# X" or "password X"; "pw X" and "auth X" too (review18: "用户 admin，pw hunter2" and "redis-01
# …，auth Zx9kLm2Qw" reached infra.md in clear). Only an ASCII value that looks like one counts (see
# :func:`_looks_like_password`): "密码学", "忘记密码页面" and "password reset flow" hide nothing.
_SAID_PASSWORD = lazy_compile(
    r"(?P<key>密码|密碼|口令|(?:OTP|otp|TOTP|totp|2FA|2fa|MFA|mfa)\s*的?\s*(?:种子|種子|密钥|密鑰)"
    # (a network's key: "WPA2 密钥 suzhou_jinji_lake_66": review58; after its SSID: "SSID 是
    # ChuPei-5F，key 是 \"nanometer3nm\"": review59)
    r"|(?:(?<=[,，;；])|(?<=[,，;；]\s))(?:key|Key|KEY)(?=\s*(?:是|係|为|為|[:：=]))"
    r"|(?:WPA2?|wpa2?|WiFi|wifi|WIFI|Wi-Fi|WLAN|wlan)\s*的?\s*(?:密钥|密鑰|金鑰)"
    r"|(?i:(?<![\w-])(?:password|passwd|passphrase|passcode|pwd|pw|pass|auth|requirepass|masterauth"
    r"|" + _PASSWORD_ABROAD + r"|(?:wifi|wi-fi|wlan) key"
    # a key or a secret by its role, said in words ("vault 的 unseal key 是 4fG7…", "the signing
    # salt is 9f8e…", "OTP 種子是 JBSW…": an adversarial review found them written in clear)
    r"|(?:unseal|master|signing|encryption|decryption|license|licence|recovery|root|deploy|admin"
    r"|ssh|gpg|pgp|hmac|jwt|session) (?:key|secret)|(?:signing |password |hash )?salt"
    # (with Indonesian's and Malay's "its": "passwordnya", "pass-nya": review66)
    r"|(?:otp|totp|2fa|mfa) (?:seed|secret|key))s?(?:-?nya)?(?![\w-])))"
    # "密码现在是 X", "密码已经改成了 X", "密码叫 X", "password is still X" (review21)
    # "wifi 密码换了，现在是 X": the change said first, the value after a comma (review21)
    r"(?P<sep>\s*(?:(?:已经|已|刚)?(?:换|改|改过|更新|重置)了\s*[，,。]\s*"
    r"(?:(?:现在|新的|新密码)的?(?:是|为|用)?\s*[:：]?|改成|换成)"
    r"|(?:应该|应|就|仍然|还|现在|目前|已经|依然|依旧|仍)?(?:是|为|叫|係)"
    r"|(?:已经|已|刚|被)?(?:改|换|设|设置|重置|变|更新)(?:成|为)了?|(?:设|設|设置|設置|用)的是"
    # (a particle after the name: "QQ的老密码撒 jg771122"; Vietnamese "pass là X")
    r"|(?:撒|噻|嘛|啊|呀|哈|咯)(?=\s)|(?i:là)(?=\s)"
    r"|(?i:should be|must be|should now be|is now set to|is now|is still|is just|is currently"
    r"|is set to|was set to|set to|(?:got|has been|was) changed to|changed to|will be|is|was|are))?"
    # an arrow in notes ("密码 -> X", "密码 → X"; the tool lines' own arrow is "→", so after it
    # only a value in a password's shape counts)
    r"\s*(?:[:：=]|->|=>|→)?\s*)"
    # (no quote glued to the name: Turkish parts a suffix with one, "Boarding pass'imi": review68)
    r"(?P<secret>(?<![A-Za-z])'[^'\n]+'?|\"[^\"\n]+\"?|`[^`\n]+`?|“[^”\n]+”?|「[^」\n]+」?|『[^』\n]+』?"
    r"|[^\s,;'\"`\\" + _NOT_LATIN + r"]+)"
)
# A network named in the text: a bare "key" after a comma is its key only then.
_NETWORK_NAMED = lazy_compile(r"(?i:ssid|wi-?fi|wlan)|网络|網路|網絡")
# A network named just before the password ("SSID HomeNet, password sunflower"): a wifi note,
# where a plain word after "password" is its value.
_WIFI_NOTE = lazy_compile(r"(?i)\bssid\b\s*[:：=]?\s*\S+\s*[,，;；/]?\s*$")
# A password named by what it opens ("password for prod db: X", "the password for the prod db is
# X"): review22 found both in clear.
_PASSWORD_FOR = lazy_compile(
    # (case-insensitive only before the value: "k" folds to the Kelvin sign, outside ASCII)
    r"(?i:(?<![\w-])(?P<key>password|passwd|passphrase|passcode|pwd|pin)s?\s+"
    r"(?:for|of|to|on|at|in|with)\s+(?:[\w.@'()/`-]+\s+){0,4}?[\w.@'()/`-]+\s*"
    # the longer verbs first ("is now X" took "now" as the value: review25), a colon after them
    r"(?P<sep>(?:is now|is still|is currently|should be|has been changed to|was changed to"
    r"|will be|is|was)(?![\w-])\s*[:：]?|[:：=]|->))\s*"
    r"(?P<secret>'[^'\n]+'?|\"[^\"\n]+\"?|`[^`\n]+`?|[^\s,;'\"`\\" + _NOT_LATIN + r"]+)"
)
# A name in code: snake_case, dotted or camelCase ("password_hash", "passwordHash").
_IDENTIFIER = lazy_compile(r"[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]*)+")
# The value said first ("Tr0ub4dor&3 is the password for prod db", "use Tr0ub4dor&3 as the
# password", "Zx9kLm2Q 是 wifi 密码": review25); only in a password's shape.
_PASSWORD_AFTER = lazy_compile(
    r"(?<![\w!@#$%^&*+=?~-])(?P<secret>[^\s,;'\"`\\\u0080-\uffff]{6,})\s+"
    r"(?:(?:(?i:is|was)\s+(?i:the|our|my|your)\s+(?:[\w-]+\s+){0,2}(?i:password|passphrase|passcode)"
    r"|(?i:as)\s+(?i:the\s+)?(?:[\w-]+\s+){0,2}(?i:password|passphrase))"
    # …the password itself, not a thing named after it ("the password hashing we use")
    r"(?![\w-]|\s+(?i:hash\w*|column|field|policy|service|server|manager|vault|store|reset|rule"
    r"|length|strength|generator|table|format|requirements?|check\w*|validation|prompt|page))"
    r"|(?:就)?是\s*(?:[\w-]+\s*)?(?:的)?(?:密码|密碼|口令))"
)
# A door, safe or card code said after 密码 with no verb ("门禁密码 4821"): four to eight digits
# that are no count, date, port or phone number ("密码至少 12 位", "密码 2024 年改过", "密码 1200 万
# 条", "忘记密码 4008208820 找客服"), and not after what is done to a password (重置密码 10086).
_DIGIT_PASSWORD = lazy_compile(
    r"(?:(?<!重置)(?<!忘记)(?<!找回)(?<!修改)(?<!泄露)(?:密码|密碼|口令)|门禁码|门禁是"
    r"|(?i:\b(?:door|gate|entry|alarm|safe) code)(?:\s+is)?"
    # a one-time code ("短信验证码是 739201", "OTP: 739201", "2FA code 739201": review25)
    r"|(?<!忘记)(?:短信)?(?:验证码|动态码|校验码)|(?i:\b(?:otp|2fa code|mfa code|verification code"
    r"|one-time code|one time code)\b)(?:\s+is)?"
    # what opens with a code ("保险柜 9930", "the safe combination is 4821"), in either script
    r"|(?:保[险險](?:柜|櫃|箱)|密[码碼](?:锁|鎖|箱)|[储儲]物(?:柜|櫃)|挂锁|掛鎖)(?:的)?(?:开锁码|密[码碼]|码)?"
    r"|(?i:\b(?:safe|locker|lock|keypad|lockbox) (?:combination|code)|\bcombination (?:to|for|of) the"
    r" (?:safe|lock|locker)|\bcombo)(?:\s+is|'s|\s*[:：])"
    # a password named in English said as digits ("the password is 4821", "the passcode is 4821")
    r"|(?i:\b(?:password|passcode|passwd)\s+is)"
    r")"
    # a full stop after the code ends the sentence ("…is 4821."); a decimal point does not
    r"\s*(?:是|为|[:：=])?\s*(?P<secret>\d{4,8})(?![\d:/-]|\.\d)"
    r"(?!\s?(?:位(?!于)|个|次|字符|字节|年|月(?![底初中])|日|天|周|分钟|小时|秒|毫秒|万|条|版|端口|处|行|人|元|块"
    r"|号|多|左右|款|台|套|(?i:ms|s|kb|mb|gb|px|bytes?|chars?|characters|bits?|digits?|edition|tokens?)\b|%))"
)
# A secret said as a change, both values: "db-01 的密码从 hunter2 改成 S3cr3t", "token 从 abc123 换成
# …", "password changed from hunter2 to S3cr3t" (review19: both reached MEMORY.md and
# EVOLUTION_LOG.md in clear; "改成 X" alone was caught, the old value was not).
_CHANGED_SECRET = lazy_compile(
    r"(?P<key>密码|口令|密钥|秘钥|凭证|令牌|(?i:(?<![\w-])(?:password|passwd|passphrase|passcode"
    r"|pwd|pw|secret|token|api[ _-]?key|access[ _-]?key|secret[ _-]?key)s?(?![\w-])))"
    r"\s*(?:(?i:(?:was|is|has been|got)\s+)?(?i:changed|rotated|updated|reset|moved)\s+)?"
    r"(?:从|(?i:from))\s*(?P<old>" + _VALUE + r")\s*"
    r"(?:(?:改|换|设|变|更新|重置)(?:成|为|到)了?|(?i:to))\s*[:：=]?\s*(?P<new>" + _VALUE + r")"
)
_CHANGE_WORDS = ("从", "from")
# A passphrase of plain words ("the passphrase is correct horse battery staple", "the wifi
# password is purple monkey dishwasher"): three to eight words that end the clause, none a little
# word of prose ("is stored in vault", "should be long and random": review21).
_WORDS_PASSPHRASE = lazy_compile(
    r"(?i)\b(?:passphrase|password|passwd|口令|密码)s?\s*(?:is|was|should be|:|=|：|是|为)\s*"
    r"(?P<secret>[a-z]+(?:[ ][a-z]+){2,7})(?=\s*(?:[,.;!?)，。；！？\n]|$))"
)
# A secret named, then its value elsewhere near it, after other words: "pg-ledger-stg 密碼 Winnie姐
# reset 咗 新嘅係 Wq7#tLp92vX", "the stg db password got reset by Winnie, new one is …", "Xk9mPq2Lw
# 是新的 root 密码", "jenkins api token 11e0c4b5d6a7f8e9d0c1b2a3f4e5d6c7b8 被轮换了" (scenario 12,
# written blind, and an adversarial review, session 44: 57 of 178 such messages reached files in
# clear). After "the new one is" in its sentence, a value in a password's shape; on either side of
# the secret word, near it, a value in a credential's shape (mixed case and a digit, a symbol with
# a letter, a run of hex or base32, letters and digits interleaved), which no host, path, file,
# version or address has.
_PASSWORD_WORD = lazy_compile(
    r"密码|密碼|口令|(?i:(?<![A-Za-z0-9-])(?:password|passwd|passphrase|pwd)s?(?![A-Za-z0-9-]))"
)
_SECRET_NAME = lazy_compile(
    r"密码|密碼|口令|授权码|授權碼|密钥|密鑰|秘钥|秘鑰|金鑰|私鑰|私钥|种子|種子|备用码|備用碼|帐密|帳密|账密"
    # "ansible_ssh_pass=…", "API_TOKEN 还是旧的 …": after "_" too
    r"|(?i:(?<![A-Za-z0-9-])(?:password|passwd|passphrase|passcode|pwd|pw|pass|token|secret"
    r"|secrets|appsecret|api[ _-]?key|app[ _-]?key|hash[ _-]?(?:key|iv)|seed|cookie"
    # a key by what it opens, not "key features", "the key takeaway" in prose
    r"|(?:access|secret|private|license|licence|product|activation|encryption|signing|ssh|gpg"
    r"|master|deploy|serial|wpa|wpa2|wifi|auth|client|server|merchant|partner|integration|routing"
    r"|webhook) keys?|keys?(?=\s*(?:is|was|[=:：]|是|为|係)(?![A-Za-z]))"
    r"|session[ _-]?id|sessionid|credentials?|unseal|bind[_-]?pw|bindpw)(?![A-Za-z0-9-])"
    r"(?<!pass(?= rate| the| through)))"
    # a cloud's key pair named by its letters ("七牛的 AK/SK 分别是 …", "华为云 AK … SK …")
    r"|(?<![A-Za-z0-9-])(?:AK|SK)(?![A-Za-z0-9-])"
)
_NEW_ONE = lazy_compile(
    r"(?:新(?:设|設|改|换|換)?(?:的|嘅|个|個)?(?:密码|密碼)?\s*(?:是|係|系|为|為|[:：])|(?:现在|而家|宜家)(?:是|係|系)"
    r"|改(?:成|咗做|咗|为|為)|换成|換成|reset\s*(?:成|咗做|to)"
    r"|(?i:\bnew\s+(?:one|password|pw)\s*(?:is|[:=])|\bnow\s+(?:it'?s|is)|\bit'?s\s+now|\bis\s+now))"
    r"\s*[:：=]?\s*(?P<secret>" + _VALUE + r")"
)
# A service named with digits right before its password ("Maybank2u password lupa": review50).
_OWNER_BEFORE = lazy_compile(r"[A-Z][a-z]{2,}\d+[a-z]{0,3}")
_TOKEN_VALUE = lazy_compile(r"[^\s=,;，；'\"`\\\u0080-\uffff()（）\[\]<>]{8,}")
# What names a public value: "commit 3f9a2c71…", "sha 9f8e…", "request id …".
_PUBLIC_BEFORE = lazy_compile(
    r"(?i:\b(?:commit|sha\d*|hash|fingerprint|ids?|uuid|revision|rev|build|run|trace|request)"
    r"\s*[:：#]?\s*)$"
)
# What names a network or an account, not its password ("wifi 名字叫 ChinaNet-8Fx2", "WiFi name is
# Sunlight_Guest_5G, password is on the card", "El wifi se llama …": review70's controls).
_NAMED_AS = lazy_compile(
    r"(?:叫|名字|名稱|名称|SSID|(?i:\bcalled|\bnamed|\bssid|\bname(?:\s+(?:is|was|na|es))?"
    r"|\bse llama|\bs'appelle|\bhei(?:ß|ss)t|\bnazywa si[ęe]|\bse chama))\s*[:：是]?\s*$"
)
# How far from the secret word a value in a credential's shape is looked for, in characters
# ("the app secret for the wechat mini program, in case you need it later, is 5e4d…").
_SHAPE_WINDOW = 96
# "Password" in the languages users mix in, as a name a value in a credential's shape may stand
# near ("Kampüste … yurdun wifisi YurtB-Blok, şifresi de kizyurdu2023!": review68).
_ABROAD_NAME = lazy_compile(r"(?i:(?<![\w-])(?:" + _PASSWORD_ABROAD + r"))")
_ABROAD_HINT = lazy_compile(r"(?i:senha|clave|parol|sandi|mdp|mat khau|ramz)")
# A wallet's recovery phrase: twelve to twenty-four lowercase words after its name.
_MNEMONIC = lazy_compile(
    r"(?:助记词|助記詞|(?:十二|二十四|12|24)\s*[个個]\s*(?:单词|單詞|英文单词)|(?i:mnemonic|seed phrase|recovery phrase)"
    r"|كلمات الاسترجاع)(?:[^:：\n]{0,60}[:：]|[^\x00-\x7f]{0,40})?\s*[:：是为]?\s*"
    r"(?P<secret>[a-z]{3,8}(?:,?\s+[a-z]{3,8}){2,23})"
)
# ...or with no name, after a colon: twelve to twenty-four words of a wallet's list, none a little
# word of prose ("Kripto cüzdanın 12 kelimesi bunlar: tiger ocean velvet …": review59).
_SEED_WORDS = lazy_compile(r"(?<=[:：])\s*(?P<secret>[a-z]{3,8}(?: [a-z]{3,8}){11,23})(?![\w-])")
_CARD_CODE = lazy_compile(
    r"(?i:\b(?:cvv2?|cvc2?|csc)\b)\s*(?:[:：=是係]|(?i:is))?\s*(?P<secret>\d{3,4})(?!\d)"
)


def _passwords_later_in_the_sentence(text: str) -> list[SecretFinding]:
    found: list[SecretFinding] = []
    for word in _PASSWORD_WORD.finditer(text):
        end = _SENTENCE_END.search(text, word.end())
        stop = end.start() if end else len(text)
        for m in _NEW_ONE.finditer(text, word.end(), stop):
            value = m.group("secret")
            if _password_shaped(value) and not _NOT_THE_PASSWORD.search(value.strip("'\"`")):
                found.append(SecretFinding("password", m.start("secret"), m.end("secret")))
    markers = [m.span() for m in PLACEHOLDER.finditer(text)]
    names = list(_SECRET_NAME.finditer(text))
    if not text.isascii() or _ABROAD_HINT.search(text):
        names += _ABROAD_NAME.finditer(text)  # "password" in the other languages users mix in
    for word in names:
        if any(a <= word.start() < b for a, b in markers):
            continue  # "[REDACTED:url_password]": a secret already hidden, not a name said
        start = max(0, word.start() - _SHAPE_WINDOW)
        for m in _TOKEN_VALUE.finditer(text, start, min(len(text), word.end() + _SHAPE_WINDOW)):
            raw = m.group(0).rstrip(".!?)]:")
            value = raw.strip("*_~")  # Markdown emphasis: "**Environment**:", "**Key projects**"
            start = m.start() + raw.index(value) if value else m.start()
            if start < word.end() and word.start() < start + len(value):
                continue  # the name itself ("**password**:")
            named_as = (
                _NAMED_AS.search(text, max(0, start - 16), start)
                or (_PUBLIC_BEFORE.search(text, max(0, start - 16), start))
                or (
                    word.group().lower() in ("wifi", "wi-fi")
                    and _NAMING.search(text, word.end(), start)
                )
            )
            owner = (  # (before the name only: after it, "我的就是Lzy0417!" is the value: review66)
                _OWNER_BEFORE.fullmatch(value)
                and start + len(value) <= word.start()
                and not text[start + len(value) : word.start()].strip()
            )
            if value and _credential_shape(value) and not named_as and not owner:
                found.append(SecretFinding("password", start, start + len(value)))
    found.extend(
        SecretFinding("password", m.start("secret"), m.end("secret"))
        for m in _MNEMONIC.finditer(text)
        # (a few words only when none is a word of prose: "助记词前四个 apple river tiger moon",
        # not "a seed phrase are both essential")
        if len(m.group("secret").split()) >= 12
        or not any(
            _LITTLE_WORD.fullmatch(w) or w in _PROSE_VERBS or w.endswith(_PROSE_ENDINGS)
            for w in m.group("secret").split()
        )
    )
    found.extend(
        SecretFinding("password", m.start("secret"), m.end("secret"))
        for m in _CARD_CODE.finditer(text)
    )
    seeds = _SEED_WORDS.finditer(text) if ":" in text or "：" in text else iter(())
    found.extend(
        SecretFinding("password", m.start("secret"), m.end("secret"))
        for m in seeds
        if len(m.group("secret").split()) % 3 == 0
        and not any(
            _LITTLE_WORD.fullmatch(w) or w in _PROSE_VERBS for w in m.group("secret").split()
        )
    )
    return found


# A word in a script without capitals (Hebrew, Arabic, Persian, Thai, Hangul, Bengali, Ge'ez).
_SCRIPT_WORD = (
    r"[\u0590-\u05ff\u0620-\u065f\u066e-\u06d3\u06fa-\u06ff\u200c\u0e00-\u0e7f\uac00-\ud7a3"
    r"\u0980-\u09ff\u1200-\u137f]{2,30}"
)
# The answer to a security question ("密保问题“…”，我填的答案是 周美华", "保安問題答案係「聖保祿」",
# "the security question is my first pet, which was Biscuit", "Mother's maiden name for my BPI
# security question is Dimaculangan": review48, review49): quoted, Chinese set apart or ending its
# clause, or capitalised words ending it; never a question word ("答案是什么").
_SECURITY_ANSWER = lazy_compile(
    r"(?:密保|安全问题|安全問題|保安問題|保安问题|安全提問|安全提问|(?:找回|重置|忘记|忘記)(?:密码|密碼)[^。，,\n]{0,6}?(?:问题|問題)|(?P<asked>(?:问|問)(?:我|的是)\s*(?=[“「\"]))|(?i:security (?:question|answer|q\b)"
    r"|(?:секретн|контрольн)(?:ый|ого|е|ого) (?:вопрос|питання)|pertanyaan keamanan|güvenlik sorusu|คำถามความปลอดภัย|ερώτηση ασφαλείας|سوال امنیتی|سؤال الأمان|سؤال الامان|maxfiy savol|question secrète|[îi]ntrebarea de securitate|cau hoi bao mat|pytanie bezpiecze[ńn]stwa|soalan keselamatan|সিকিউরিটি প্রশ্ন|নিরাপত্তা প্রশ্ন|秘密の質問|câu hỏi bảo mật|sicherheitsfrage?"
    r"|본인확인 질문|보안 질문|비밀번호 질문|비밀번호 찾기 질문|domanda di sicurezza|提示問題|提示问题"
    r"|secret (?:question|answer)|pregunta de seguridad|respuesta de seguridad|pergunta de segurança"
    r"|question de sécurité|pytanie pomocnicze"
    r"|secure word|maiden name|memorable (?:word|answer)))"
    # (the question quoted may end in its own mark: "'Name vom erste Huustier?' – Antwort: Bläss")
    r"(?:[^。！？\n]|['「“\"«][^'」”\"»\n]{0,40}['」”\"»]){0,60}?"
    # how the answer is given: said (答案是, 我写的, "I typed", "answer as", Malay "jawab") or only
    # named with "is" (then capitalised words only: "is my first pet" is the question)
    r"(?:(?P<given>我(?:講|讲|說|说)(?=\s*[\u4e00-\u9fff])|(?<![問问题題])(?:叫|是|係)(?=「)|答案(?:改成了?|换成了?|換成了?)?(?:(?:是|係|为|為|打|填|写|寫)(?:的|咗)?)?\s*[:：]?|答えは|(?:填|写|寫|设|設|答|选|選)(?:的|咗|了|嘅)?(?:是|係|系)?"
    r"|(?i:\banswer(?:\s+(?:is|was|as)|'s|:)|\bI (?:put|wrote|used|said|typed|type)(?: is)?|\btyped|\bjawab"
    r"|\bnamed|\bcalled|\bantwort(?:\s+(?:isch|ist|war))?\s*[:：]?|\banswer\s+(?:maine|mein|maile)\b|\btrả lời(?: là)?"
    r"|\bjawaban(?:nya)?|\bcevap(?: olarak)?|\bcevabı|написал[аи]?|написав|вказал[аи]?|указал[аи]?|ตอบ(?:ไป)?(?:ว่า)?|έβαλα|απάντησα|نوشتم|(?:جاوبت|الجواب)\s*[:：]?|javobi(?:ni)?|መልሱ|መልሴ|j'ai mis|tra loi|r[ăa]spunsul\b[^:：\n]{0,60}[:：]"
    r"|উত্তর(?: দিয়েছি)?\s*[:：]?|の答え(?:は|、)?"
    r"|\bodpowied[źz]\s*[:：]?|\b(?:le )?puse|\bcoloqué|\bcoloquei|\bmaine (?:likha|rakha)|답은|답변은|\bI answer(?:ed)?|\baku isi|\bsaya isi|\bisi(?:nya)?|\bni(?:li|me)(?:jaza|weka))"
    r"|ответ(?:ил[аи]?)?|답\s*[:：]?|[=→—–]\s*(?:(?i:risposta|resposta|respuesta|antwort)\s*[:：]?)?|->)"
    # (a colon right after 问题 opens the question: "提示问题：第一只宠物的名字")
    # (Spanish "es", Pidgin "na": "La respuesta de seguridad es Firulais", "My security answer for
    # Opay na Mama Tobi": review70)
    r"|(?i:\bwhich (?:is|was)|\bis\b|\bé\b|\bist\b|\bes\b|\bna\b)|(?<![题題])[:：])"
    # (quoted after a given cue only: after a bare colon the quotes hold the question, "Domanda di
    # sicurezza Poste: 'città natale di tua madre' → risposta Bergamo Alta")
    r"\s*(?:(?(given)[「“\"'『](?P<quoted>[^」”\"'』\n]{1,40})[」”\"'』]|(?!))"
    r"|(?![的答是係系嘅我])(?![\u4e00-\u9fff]{0,9}(?:什么|什麼|啥|乜|咩|多少|哪|谁|誰))"
    # (English inside: "陈sir数学"; an emoji may end it)
    # (one character only after an answer given: "我當時填的答案是:廖。")
    r"(?P<hanzi>[\u4e00-\u9fff](?:[\u4e00-\u9fff]|[A-Za-z]{1,8}(?![A-Za-z])|\d{1,6}(?!\d)){1,9}"
    r"|(?<=[是係:：])(?(given)[\u4e00-\u9fff](?=[。，,.!！?？])|(?!)))"
    r"(?<![是係系嘅的咗了])"
    r"(?=\s*(?:[，。；！？,.;!?]|$)|\s+[\u4e00-\u9fff\U0001f300-\U0001faff])"
    # (names in any Latin script: "Nguyễn Thị Hoa")
    r"|(?P<word>[A-ZÀ-ÖØ-ÞĐА-ЯЁΑ-ΩΆ-Ώ][^\W\d_]{1,}(?:[ '-][A-ZÀ-ÖØ-ÞĐА-ЯЁΑ-ΩΆ-Ώ][^\W\d_]+){0,3})"
    r"(?(given)\b|(?=\s*(?:[,.;!?，。—–(（]|$)))"
    # (an answer in Thai, Hebrew or Arabic script, given: "I answer ส้มตำปูปลาร้า")
    # (Persian, Bengali, Greek and Ge'ez too, names of up to three words; no Arabic comma)
    r"|(?(given)(?P<script>" + _SCRIPT_WORD + r"(?: " + _SCRIPT_WORD + r"){0,2})|(?!))"
    r"|(?P<plain>[a-z]{3,}(?: [a-z]{3,}){0,3})(?=\s*(?:[,.;!?，。]|$)))"
)
# A second "填的是 X" after a first answer, in the same sentence.
_ANSWER_AGAIN = lazy_compile(
    # (a dash between a question and its answer: "母亲的出生地——长乐"; Cantonese "我填嘅系 阿黄":
    # review65)
    r"(?:(?:填|写|寫|答)(?:的|了|咗|嘅)(?:是|係|系)?|答案(?:是|係|为|為)|——)\s*"
    r"(?P<answer>[\u4e00-\u9fff]{2,10})"
    r"(?<![是係的咗了])(?=\s*(?:[，。；！？,.;!?]|$)|\s+[\u4e00-\u9fff])"
    # (quoted after 叫, 是 or 填的是: "第一隻寵物叫「黑糖」 最喜歡的老師是「蔡淑芬」", "“您最喜欢的城市”我填的是“京都”")
    r"|(?:叫|是|係|(?:填|写|寫|答)(?:的|了|咗|嘅)(?:是|係|系)?)[「“\"](?P<quoted>[^」”\"\n]{1,20})[」”\"]"
    # (said the same way again: "'city where parents met' I put 香港仔", "en la del colegio puse …")
    r"|(?i:\bI (?:put|wrote|typed)|\bpuse|\bcoloquei|\bmaine likha|\bjawaban(?:nya)?)\s+(?P<again>[\u4e00-\u9fff]{2,10}"
    r"|[A-ZÀ-Þ][^\W\d_]+(?: (?:de|del|la|las|los|[A-ZÀ-Þ][^\W\d_]+)){0,4})"
    # (the next question named, a colon, its answer: "maiden name: Hargreaves, first pet: Biscuit")
    r"|(?<=[a-z])[:：]\s*(?P<named>[A-ZÀ-Þ][^\W\d_]+(?: [A-ZÀ-Þ][^\W\d_]+){0,3})(?=\s*(?:[,.;!?]|$))"
)
_ANSWER_STOP = lazy_compile(r"[。！\n]|[.!](?:\s|$)")
_SECURITY_MARKERS = (
    "密保", "找回密", "重置密", "忘记密", "忘記密", "问我", "問我", "安全问题", "安全問題", "保安問題", "保安问题", "question", "answer", "maiden", "memorable",
    "secure word", "安全提問", "安全提问", "seguridad", "segurança", "sécurité", "security q", "вопрос", "keamanan", "seguridad", "sicurezza", "提示問題", "提示问题", "秘密の質問", "bảo mật", "sicherheitsfrag", "pytanie pomocnicze", "güvenlik sorusu", "ασφαλείας", "امنیتی", "প্রশ্ন", "سؤال", "savol", "secrète", "securitate", "bao mat", "pytanie bezpiecze", "soalan keselamatan", "คำถามความปลอดภัย", "питання", "질문",
)  # fmt: skip
_QUESTION_WORD = lazy_compile(
    r"什么|什麼|啥|乜|咩|多少|哪|谁|誰|(?i:^(?:what|which|who|where|when|how)$)"
)


def _answers_after_a_question(text: str, answered: re.Match[str]) -> list[SecretFinding]:
    """An answer given after the question itself was taken for one ("客服让我答密保：<question>，我当时
    填的是桐庐": review56): "填的是 X" later in the sentence, past the question's mark."""
    stop = _ANSWER_STOP.search(text, answered.end())
    if stop and _ANSWER_AGAIN.match(text, len(text) - len(text[stop.end() :].lstrip())):
        # (the answer given in the next sentence: "pergunta de segurança: cidade onde nasci.
        # coloquei Itabuna")
        stop = _ANSWER_STOP.search(text, stop.end())
    return [
        SecretFinding("password", m.start(group), m.end(group))
        for m in _ANSWER_AGAIN.finditer(text, answered.end(), stop.start() if stop else len(text))
        for group in ("answer", "quoted", "again", "named")
        if m.group(group)
    ]


# The value said first, its name later in the clause: "mochi2019 is what I set as the root
# password", "xiaohuang2016 是我設定給 NAS 管理介面的密碼", "biscuit2017, that's the password for
# basically everything" (a blind review, session 45).
# ...quoted, further from its name ("'Amazing Grace 1779' with the spaces, that's our church's wifi
# password", "'tuesday biscuit 44' is still the break-glass root password").
_QUOTED_THEN_NAME = lazy_compile(
    r"(?P<q>['\"“])(?P<secret>[^'\"“”\n]{3,64})['\"”][^。！？\n.]{0,30}?"
    r"(?:(?i:\bis|\bwas|\bthat'?s|\bthats)\b|就?(?:是|係)|這是|这是)[^。！？\n.]{0,40}?"
    r"(?:密码|密碼|口令|(?i:\bpass(?:word|phrase|code)s?\b(?!\s+(?:manager|policy|reset|field))))"
)
# ...or several words, then "this is my … password" ("moonlight over tamsui river，這是我 1Password
# 的主密碼").
_PHRASE_THEN_NAME = lazy_compile(
    r"(?<![A-Za-z])(?P<secret>[A-Za-z]+(?: [A-Za-z]+){2,7})\s*[,，]\s*"
    r"(?:這是|这是|(?i:that'?s|thats|this is|it'?s))[^。！？\n.]{0,30}?"
    r"(?:密码|密碼|口令|(?i:\bpass(?:word|phrase)s?\b(?!\s+(?:manager|policy|reset|field))))"
)
# ...a code said first ("9174 — that's my bank card PIN", "2580 再撳 OFF，呢個就係警報系統嘅 disarm
# code").
_CODE_THEN_NAME = lazy_compile(
    # (digits in pairs too, and "đó là" before the name: "Ghi lại giùm mình: 73 58 22. Đó là mã PIN
    # thẻ ATM", "Write this down: 61 77 20 14. That's the new supervisor PIN": review68)
    r"(?<![\w.:/-])(?P<secret>\d{4,8}|\d(?: \d){3,7}|\d{2}(?: \d{2}){2,3})(?![\w:/-]|\.\w)[^。！？\n]{0,20}?"
    r"(?:(?i:that'?s|thats|is|đó là|do la)\b|(?:这个|這個|呢個)?就?(?:是|係)|做|作为|作為|当|當)[^。！？\n.]{0,30}?"
    r"(?:\bM?PIN\b|(?i:\bkeypad\b)|(?i:\b(?:door|gate|alarm|disarm|safe|lock|locker|keypad|verification|sms|login)"
    r"(?: system)? code\b|\bOTP\b)|密码|密碼|门禁|門禁|验证码|驗證碼|动态码|動態碼)"
)
_VALUE_THEN_NAME = lazy_compile(
    r"(?<![\w!@#$%^&*+=?~-])(?P<secret>[^\s,;'\"`\\\u0080-\uffff]{6,})(?:[\s,，—–]|\.{3}|…)*"
    # ("password" in Turkish and Vietnamese too: "96Kadikoy! Bu benim okul mail şifrem": review68;
    # after "this is", not "bu" alone: "Galaxy_S24 bu sabah geldi, şifre koymadım")
    r"(?:(?i:is|was|that'?s|thats|became|becomes|yung|ang|bu (?:benim|onun|bizim)|đó là (?:mật|mk))\b"
    r"|就?(?:是|係)|這是|这是"
    r"|(?:这个|這個|呢個)就?(?:是|係))[^。！？\n.]{0,36}?"
    r"(?:密码|密碼|口令|(?i:\bpass(?:word|phrase|code)s?\b(?!\s+(?:manager|policy|reset|field)))"
    r"|(?i:[şs]ifre\w*|mật khẩu|mat khau))"
)
# A code a verification message sent, said with "code" before a Chinese copula ("PayPal的两步验证短信
# 过来了 code是602 881": review67): only where the message says it is a verification ("邮编code是
# 200 030", "错误code是 502 504" are no secrets).
_VERIFY_CODE = lazy_compile(
    r"(?:验证|驗證|短信|簡訊|两步|兩步|登录|登入|(?i:2fa|otp|sms|two-step|verification))"
    r"[^。！？\n]{0,24}?(?<![A-Za-z])(?i:code)\s*(?:是|係|为|為)\s*(?P<secret>\d{3} ?\d{3}|\d{4,8})(?![\d])"
)
# A PIN: "PIN 1234", "PIN码是 482913", "银行卡 pin 码 8842".
_PIN = lazy_compile(
    r"(?:\bPIN|(?i:\bpin)\s*[码碼])\s*(?:code\s*)?(?:是|為|为|係|系|:|：|=|\bis\b)?\s*(?P<secret>\d{4,12})\b"
    # "my pin is 4321" (review20): lower case, said with its verb
    r"|(?i:\bpin)\s+(?i:code\s+)?(?:(?i:is)|是|为|[:：=])\s*(?P<said>\d{4,12})\b"
)
# A key said in passing with no "is" or ":" ("vpn-gw uses token abc123XYZ789…", "SK mK9x…",
# "secret mK9x…", "凭证 LTAI…": review17): only a value that mixes upper case, lower case and
# digits counts, so "token limit 4096" and "secret sauce" hide nothing.
_SAID_SECRET = lazy_compile(
    r"(?:(?<![A-Za-z0-9_-])(?i:sk|ak|secret|token|access[ _-]?key|secret[ _-]?key|api[ _-]?key)"
    r"(?![A-Za-z0-9_-])|密钥|秘钥|凭证|令牌)"
    r"\s*(?:是|为|[:：=])?\s*(?P<secret>[A-Za-z0-9+/_\-]{12,}={0,2})(?![A-Za-z0-9_+/=-])"
)


_SAID_SECRET_MARKERS = ("sk", "ak", "secret", "token", "key", "密钥", "秘钥", "凭证", "令牌")
# English prose: "my password is hunter2", "the API key was: sk9…". Only a value that looks like
# one counts (6+ characters with a digit or a symbol): "the password is required" or "the token
# is expired" hide nothing.
_PROSE = lazy_compile(
    r"(?i)\b(?P<key>password|passphrase|passcode|passwd|pwd|api[ _-]?key|access[ _-]?key"
    r"|secret[ _-]?key|token|secret)s?\s+(?:is|was|are|were)\s*[:=]?\s*"
    r"(?:[\"'`](?P<quoted>[^\"'`\n]{3,})[\"'`]|(?P<secret>[^\s\"'`,;，；。]{6,}))"
)
_LOOKS_SECRET = lazy_compile(r"[\d\W_]")
