"""Secrets told without their name beside them: a value typed, keyed, sent or locked with in a
story, a password told in parts, a code ending in a keypad's key or a value spelled letter by
letter some way after its name; and values read around a secret already found: another
account's ("the guest one is X"), the other side of a correction, the old or new code near a code,
the same value said again.

The second group runs after the first pass, on its findings: a message that names one secret
tells the others only through it.
"""

from __future__ import annotations

import re
from itertools import pairwise

from memstrata.core.redact.digits import (
    _KEYPAD_CODE,
    _PHONE_AFTER,
    _REPEATED_DIGITS,
    _SPELLED_DIGITS,
    _UNIT_WORD,
    _YEAR,
    SPOKEN_ZH_DIGITS,
)
from memstrata.core.redact.findings import SecretFinding
from memstrata.core.redact.shapes import (
    _VALUE,
    _credential_shape,
    _looks_like_password,
    _password_shaped,
    _said_at_clause_end,
    _words_joined,
)
from memstrata.core.redact.slot import named_before
from memstrata.core.redact.vocabulary import (
    _COMPARING,
    _LITTLE_WORD,
    _OLD_NEW_WORDS,
    _OLD_NEW_ZH,
    _THAI_DIGITS,
)
from memstrata.text.lazy_re import lazy_compile

# A second password named only through the first, later on the same line: "the wifi password is
# X, the guest one is tulip77", "root 的密码是 X，访客的是 tulip77" (review20: the second stayed).
# Only what names another account or network ("访客的", "另一个", "the guest one", "the other"):
# "端口用的是 3306" and "no one is around" name no password (review21).
_ANOTHER_ONE = lazy_compile(
    r"(?:(?i:(?<![\w-])(?:(?:the|my|our|your|its|their)\s+(?:[\w+-]+\s+)?one|the other(?:\s+one)?)"
    r"(?:'s|\s+is|\s+was|\s*[:=])|(?<![\w-])it'?s(?=\s+\S*[\d!@#$%^&*]))"
    r"|(?:另一个|另外一个|另外那个|其他的|访客|来宾|客人|管理员|备用|[\w-]{1,12}\s*(?:账号|账户|用户|网络|wifi|WiFi|WIFI))"
    r"(?:的|那个)?(?:是|为|[:：])"
    # another locker or door by its number after a code ("3号柜密码 0614，5号柜 2208": review47)
    r"|\d{1,4}\s*[号號]\s*(?:柜|櫃|门|門|锁|鎖|箱|房)(?:的)?(?:是|係|为|[:：])?)"
    r"\s*[:：=]?\s*(?P<secret>" + _VALUE + r")"
)
# A password or a code told in parts, each in its own sentence ("Jira 的密码我分两次说。第一段：qwe。
# 第二段：Sz_0512。": review58; "丰巢取件码我先港前半截 …。后半截是 14": review61); read where a
# secret's name is.
_PASSWORD_PART = lazy_compile(
    r"(?:第[一二三四1-4](?:段|截)|前半(?:段|截)?|后半(?:段|截)?|後半(?:段|截)?"
    r"|(?<![号號])[前后後]面?[两兩二三四五六](?:位|碼|码)"
    # (letters and digits counted: "头四个字母jjuu，后面四个数字3088": review68)
    r"|(?:头|頭|前|后面|後面)[两兩二三四五六](?:个|個)(?:字母|数字|數字))"
    # (or the value right after it: "前三位520 后三位713", "前半 tianhe-road": review66, 68)
    r"\s*(?:(?:是|係|为|為)\s*[:：]?|[:：]|(?=\d)|(?<=[\u4e00-\u9fff])(?=[A-Za-z])|\s(?=[!-~]))\s*"
    r"(?P<secret>[!-~]{2,40}?)(?=[.,;!?]?(?:\s|$)|[，。；！？])"
    # (digits told after words: "后三位我刚问过他，是716", "後三碼是阿爸的幸運數字 777", "前三位嘛跟阿拉
    # 门牌号一样是216")
    r"|(?<![号號])[前后後]面?[两兩二三四五六](?:位|碼|码)(?:[^。！？\n\d]{0,12}?[，,]\s*|[^。！？\n\d，,]{0,12}?)?(?:是|係)"
    r"[\u4e00-\u9fff]{0,10}\s*(?P<digits>\d{2,6})(?!\d)"
)


# What a number's part belongs to when it is said just before it: a phone's, an ID's, an order's
# ("手机号码前三位 138", "身份证前六个数字", "条码前三位 690"), not a password's.
_NUMBER_NAMED = lazy_compile(
    r"(?:号码|號碼|手机号|手機號|手机|手機|身份证|身份證|单号|單號|学号|學號|工号|工號|发票|發票|尾号|尾號"
    r"|条码|條碼|条形码|條形碼|页码|頁碼|鞋码|鞋碼|门牌|門牌|编码|編碼|型号|型號|代码|代碼|二维码|二維碼"
    r"|卡号|卡號|账号|賬號|帐号|電話|电话|房号|房號|房门|房門|编号|編號|号|號)[^，。,.;；!?！？\n]{0,4}$"
)
# ...unless the password is said to be that part ("密码是我身份证后六位 … 就是15302X").
_PASSWORD_IS = lazy_compile(
    r"(?:密码|密碼|口令)[^，。,.;；!?！？\n]{0,4}?(?:是|係)[^，。,.;；!?！？\n]{0,8}$"
)
_PART_REACH = 60


def _parts_told(text: str) -> list[SecretFinding]:
    """A password or a code told in parts (``_PASSWORD_PART``), where a password's or a code's name
    comes a little before and no other number is named just before the part (an adversarial
    review: "手机号码前三位 138，后四位 6688" lost both)."""
    found: list[SecretFinding] = []
    for m in _PASSWORD_PART.finditer(text):
        if _NUMBER_NAMED.search(
            text, max(0, m.start() - 12), m.start()
        ) and not _PASSWORD_IS.search(text, max(0, m.start() - 20), m.start()):
            continue
        if not named_before(
            text, max(0, m.start() - _PART_REACH), m.start(), ("code", "word", "direct", "keyword")
        ):
            continue
        found.extend(
            SecretFinding("password", m.start(group), m.end(group))
            for group in ("secret", "digits")
            if m.group(group)
        )
    return found


# A code told in halves, the first digits and the last ("first three digit na 905, last three na
# 117", "Los primeros tres son 627 y los últimos tres son 150", "pierwsze dwie cyfry 3 i 8, ostatnie
# 0 i 5", "first two digits are 48, last two 26": review70): both halves said is the tell, with or
# without a password's name.
_COUNT = (
    r"(?:two|three|four|five|six|[2-6]|dos|tres|cuatro|cinco|seis|dois|duas|três|quatro"
    r"|dwie|dwa|trzy|cztery|pięć|zwei|drei|vier|deux|trois|quatre)"
)
_HALF_VALUE = r"(?P<{0}>\d(?:[ -]?\d){{0,5}})(?:\s*(?:i|y|e|and|und|et|&|,)\s*(?P<{0}2>\d)(?!\d))?"
_HALVES = lazy_compile(
    r"(?i:\b(?:the\s+)?(?:first|(?:los\s+|las\s+|os\s+|as\s+)?primer[oa]s|pierwsze|ersten|premiers|premières)"
    r"\s+"
    + _COUNT
    + r"(?:\s+(?:digits?|numbers?|nums?|d[íi]gitos|n[úu]meros|cyfry|cyfr|ziffern|chiffres))?"
    r"\s*(?:are|is|na|son|es|s[ãa]o|sind|sont|to|[:=])?\s*)"
    + _HALF_VALUE.format("first")
    + r"[^.!?\n]{0,40}?"
    r"(?i:\b(?:the\s+)?(?:last|(?:los\s+|las\s+|os\s+|as\s+)?[úu]ltim[oa]s|ostatnie|letzten|derniers|dernières)"
    r"(?:\s+"
    + _COUNT
    + r")?(?:\s+(?:digits?|numbers?|nums?|d[íi]gitos|n[úu]meros|cyfry|cyfr|ziffern|chiffres))?"
    r"\s*(?:are|is|na|son|es|s[ãa]o|sind|sont|to|[:=])?\s*)" + _HALF_VALUE.format("last")
)
# What the halves belong to when it is named just before them: a phone's, an ID's, an order's.
_HALVES_OF_A_NUMBER = lazy_compile(
    r"(?i:phone|mobile|cell|tel\b|whatsapp|number|no\.|nr\b|n[úu]mero|numer|nummer|num[ée]ro|id\b|passport"
    r"|iban|account|order|tracking|zip|post ?code|plate|ticket|invoice|card number|tarjeta|cart[ãa]o|dni|cpf|rfc)"
)


def _halves_told(text: str) -> list[SecretFinding]:
    """A code told as its first and its last digits (``_HALVES``), unless a phone, an ID or an
    order is named just before the first half."""
    found: list[SecretFinding] = []
    for m in _HALVES.finditer(text):
        if _HALVES_OF_A_NUMBER.search(text, max(0, m.start() - 30), m.start()):
            continue
        found.extend(
            SecretFinding("password", m.start(group), m.end(group))
            for group in ("first", "first2", "last", "last2")
            if m.group(group)
        )
    return found


def _passwords_named_by_the_first(text: str, found: list[SecretFinding]) -> list[SecretFinding]:
    """Values said as "the other one is X" after a password on the same line: the sentence
    names the second password only through the first."""
    # a door code after a door code ("门禁密码 4821，访客的是 9921": review25; "the profile lock
    # was 1122, that's the old one, the new one is 3344": review49)
    codes = {
        f.end
        for f in found
        if f.kind in ("password", "pin") and _KEYPAD_CODE.fullmatch(text, f.start, f.end)
    }
    starts = sorted({f.end for f in found if f.kind in ("password", "pin")})
    more: list[SecretFinding] = []
    for start, after in zip(starts, [*starts[1:], len(text)][: len(starts)], strict=True):
        line_end = text.find("\n", start)
        stop = min(after, len(text) if line_end < 0 else line_end)
        for m in _ANOTHER_ONE.finditer(text, start, stop):
            value = m.group("secret")
            core = value.rstrip(".!?)]")
            # a plain word only after an English "the guest one is" ("管理员是 wangwei" names a
            # person), where it ends its clause and is no comparative or place ("is faster")
            opener = m.group(0)[:1]
            plain_word = (
                opener.isascii()
                and opener.isalpha()
                and core.isalpha()
                and not core.lower().endswith(_COMPARING)
                and _said_at_clause_end(text, m.start("secret") + len(core))
                and _looks_like_password(core, True, named=True)
            )
            code = (
                start in codes
                and re.fullmatch(r"[#*]?\d{4,8}[#*]?", core) is not None
                and not _UNIT_WORD.match(text, m.start("secret") + len(core))
            )
            if _password_shaped(value) or plain_word or code:
                end = m.start("secret") + len(value.rstrip(".!?)]") or value)
                more.append(SecretFinding("password", m.start("secret"), end))
    return more


# A value corrected right after a secret said ("是 88991100 吗？不对，是 88919100", "九零七，不对，应该是
# 九七零": review49), or the wrong one said before it ("不是 Paypal@xm，是 PayPal@XiaMen2024").
_CORRECTED_TO = lazy_compile(
    r"\s*(?:吗|嗎|吧|咩)?\s*[？?，,。.!！…]*\s*(?:不对|不對|唔係|唔啱|错了|錯了|(?i:no|sorry|wait|oops"
    r"|i mean|actually|instead of|i\.e\.|matlab|yaani|yani|ya'ni|d\.h\.|ou seja|es decir|which means)|يعني|(?:写成|寫成)(?:数字|數字)(?:就是|係)|也就是|即是|即係)[，,。.!！\s—–-]*(?:应该|應該|其实|其實|(?i:it'?s|it is|should be))?\s*"
    r"(?:是|係)?\s*(?P<secret>[#*]?\d{3,8}[#*]?|[零〇幺一二两兩三四五六七八九]{3,8}|[^\s,;，。；'\"`]{4,40})"
)
_CORRECTED_FROM = lazy_compile(
    r"(?:不是|唔係|(?i:\bnot))\s*(?P<secret>[^\s,，。；]{3,40}?)\s*[，,]?\s*(?:而|而係)?"
    r"(?:是|係|(?i:it'?s|but))\s*$"
)
# ...or the value it replaced, named as the old one after it ("is 4711 now, … changed it from
# 2580", "теперь X, старый R00t_Kazan", "now is X, old one Cafe1234": review53) or before it
# ("old Tlv-Root-88, new X", "changed my insta from bubbles123 to X").
_REPLACED_AFTER = lazy_compile(
    r"[!?.…]*[^。.!?！？\n]{0,60}?(?:(?i:\bold(?: one)?|\bfrom|\bstaryy(?: byl)?|\beski(?:si)?"
    r"|\bagora é|\bahora es|\bjetzt ist|\bnow it'?s|\bnaprawdę to|\bteraz|\bngayon|\b(?:il|la) vecchi[oa]"
    r"|\bstare(?: by[łl]o)?)"
    r"|стар(?:ый|ая|ое)|(?:旧|舊|原来|原來|以前|之前)的?(?:是|係)|อันเก่า)"
    r"\s*(?:(?i:was|is|byl)\b|был[аио]?|[:：])?\s*(?P<secret>[^\s,;，。；'\"`]{3,40})"
)
_REPLACED_BEFORE = lazy_compile(
    r"(?:(?P<old>(?i:\bold|\bstaryy|\b(?:yg|yang) lama|\bcũ(?: là)?|\bdati|\bstar[ya](?: by[łl]a?)?)"
    r"|стар(?:ый|ая|ое)|(?:旧|舊)(?:的|嘅|ㄉ)(?:是|係|系)?"
    r"|(?:原来|原來|以前)的?(?:是|係))|(?i:\bfrom))"
    # (what is said of it may follow in Chinese: "旧嘅147258唔啱用，新嘅系 …")
    r"\s*(?P<secret>[^\s,;，。；'\"`]{3,40}?)\s*(?:(?<=[!-~])[\u4e00-\u9fff]{1,8})?[,，]?\s*"
    r"(?:(?i:(?:the\s+)?new(?:\s+one)?(?:\s+is)?|to|(?:yg|yang) baru|mới(?: là)?|ngayon|now[ya](?: jest)?"
    r"|teraz)|нов(?:ый|ая|ое)|新(?:的|嘅)(?:是|係|系)?"
    r"|(?:所以)?(?:现在|現在|新的)(?:是|係)?|→|->)\s*[:：]?\s*$"
)
# A value typed in a story, with no name near ("i had to type bluegrass-kettle-9 like five times",
# "我仲要打咗幾次 milktea_lover99 先入到 email", "I typed Margarita!Tuesday instead of …": review45):
# only words joined with a digit, or mixed case with a symbol, count; no command typed.
_TYPED_VALUE = lazy_compile(
    r"(?:(?i:\btyp(?:e|ed|ing)|\bentered|\bput in)|打(?:咗|了)(?:幾次|几次)?|输入了?|輸入咗?)\s+"
    r"(?P<secret>[^\s,，。;；'\"`]{6,40})"
)
# A code someone sent, said with where it went ("Grab merchant sent 3318 to my phone", "snap sent
# me 208 814 for the login": review53), and words something is locked with ("backup drive I lock
# with 'mango sticky rice at midnight'").
_SENT_CODE = lazy_compile(
    r"(?i:\bsent(?: me| us| you)?\s+(?P<secret>\d{4,8}|\d{3} \d{3})\s+(?:to (?:my|your|his|her|the"
    r"|our) (?:phone|number|mobile|cell|email)|(?:by|via|over|in an?) (?:sms|text|email)"
    r"|for (?:the |my )?(?:login|log-?in|sign-?in|verification|2fa)))"
    # (a bank's token "me dio 845 217", "me llegó 390114")
    r"|(?i:\btoken\b[^.!?\n]{0,30}?\bme (?:dio|dió|mandó|mando|envió|envio|llegó|llego)\s+)"
    r"(?P<given>\d{6}|\d{3} \d{3})(?!\d)"
)
_LOCKED_WITH = lazy_compile(
    r"(?i:\b(?:lock|locked|protect|protected|encrypt|encrypted)\s+(?:it\s+)?with\s+)"
    r"(?:'(?P<quoted>[^'\n]{3,64})'|\"(?P<dquoted>[^\"\n]{3,64})\"|“(?P<curly>[^”\n]{3,64})”)"
)
# ...or digits keyed one by one, spaced ("长按菜单键，再输 7 3 9 9": review54): a code typed.
_KEYED_DIGITS = lazy_compile(
    r"(?:输入?|輸入?|按|撳|กด|(?i:\btype|\benter|\bkey in|\bpunch in|\bpress|\bbấm|\bmarc(?:ás|as|á|a|ar|o)"
    r"|\bteclea(?:s|r)?|набира\w*|набери\w*|tuşla\w*))\s*[:：]?\s*"
    # (the key before it: "按井号 然后0 3 1 9"; Thai's digits in words: "กด หนึ่ง สาม ห้า เจ็ด")
    r"(?:(?:井号|井號|#)\s*(?:然后|然後|再)?\s*)?"
    # (or the keys around it: "撳：*357#")
    r"(?P<secret>\d(?: \d){3,7}|[#*]\d{3,8}[#*]?|\d{3,8}#|" + _THAI_DIGITS + r")(?![\d.,:])"
)
_CODE_SAID = lazy_compile(r"[#*]?\d{3,8}[#*]?|[零〇幺一二两兩三四五六七八九]{3,8}")
# A one-time code relayed: the message says a code came in (a text message, an authenticator)
# and asks to type it, with six digits in it, whole or 3 + 3, in figures or Chinese numerals
# ("短信来了个数儿，八四零 幺六七，你赶紧给我输上", "Just got a text from Sky, code is 619 044 — bung it
# in", "剛剛 Authenticator 跳 319 574，你幫我輸在 VPN 那邊": review65-72 left them, each said
# without the code's name beside it).
_CAME_IN = lazy_compile(
    r"短信|短訊|短讯|簡訊|简讯|讯息|訊息|验证|驗證|令牌|动态码|動態碼|六位|6\s?位"
    r"|(?i:\bsms\b|\btext(?:ed)?\b|\bmessage\b|authenticator|\botp\b|\bcode\b)"
)
_TYPE_IT_IN = lazy_compile(
    r"填|输|輸|录入|錄入|打进|打進|(?i:\btype\b|\benter\b|\bkey (?:it )?in\b|\bput (?:it )?in\b"
    r"|\bpunch (?:it )?in\b|\bbung\b|\bpop (?:it )?in\b|\blog (?:me )?in\b)"
)
_SIX_DIGITS = lazy_compile(
    # (3 + 3 digits, not two numbers of a list: "填 300 500 800")
    r"(?<![\w.:/#@$¥€£+-])(?<!\d\s)(?:\d{6}|\d{3} \d{3})(?![\w:/%-]|[.,]\d|\s\d)"
    rf"|(?<![{SPOKEN_ZH_DIGITS}十百千万萬])[{SPOKEN_ZH_DIGITS}]{{3}}\s?[{SPOKEN_ZH_DIGITS}]{{3}}(?![{SPOKEN_ZH_DIGITS}十百千万萬])"
)
_RELAY_REACH = 40  # how far from the code the words that it came in and to type it may be


def _relayed_codes(text: str) -> list[SecretFinding]:
    """Six-digit codes in a message that says a code came in and asks to type it
    (``_CAME_IN`` and ``_TYPE_IT_IN`` within ``_RELAY_REACH`` of it), not a phone, an order or
    an amount (``_COUNTED_BEFORE``)."""
    found = []
    for m in _SIX_DIGITS.finditer(text):
        before = text[max(0, m.start() - _RELAY_REACH) : m.start()]
        around = text[max(0, m.start() - _RELAY_REACH) : m.end() + _RELAY_REACH]
        if _COUNTED_BEFORE.search(before) or not (
            _CAME_IN.search(around) and _TYPE_IT_IN.search(around)
        ):
            continue
        found.append(SecretFinding("password", m.start(), m.end()))
    return found


def _typed_values(text: str) -> list[SecretFinding]:
    """Values typed in a story (``_TYPED_VALUE``)."""
    found = []
    for m in _TYPED_VALUE.finditer(text):
        value = m.group("secret").rstrip(".!?)]")
        joined = _words_joined(value) and re.search(r"\d", value) is not None
        mixed = (
            re.search(r"[A-Z]", value) is not None
            and re.search(r"[a-z]", value) is not None
            and re.search(r"[A-Za-z][!@#$%^&*][A-Za-z0-9]", value) is not None
        )
        if joined or mixed:
            found.append(
                SecretFinding("password", m.start("secret"), m.start("secret") + len(value))
            )
    return found


def _corrected_values(text: str, found: list[SecretFinding]) -> list[SecretFinding]:
    """The other value of a correction beside a secret found: a code for a code, a password's
    shape for a password."""
    more: list[SecretFinding] = []
    for f in found:
        if f.kind not in ("password", "pin"):
            continue
        said = text[f.start : f.end]
        a_code = _CODE_SAID.fullmatch(said) is not None
        after = _CORRECTED_TO.match(text, f.end)
        before = _CORRECTED_FROM.search(text, max(0, f.start - 48), f.start)
        replaced = _REPLACED_AFTER.match(text, f.end)
        replacing = _REPLACED_BEFORE.search(text, max(0, f.start - 60), f.start)
        for m in (after, before, replaced, replacing):
            if not m:
                continue
            value = m.group("secret").rstrip(".!?)]")
            if m in (replaced, replacing) and a_code and _YEAR.fullmatch(value):
                continue  # "from 2019" dates the change
            if m is replacing and m.group("old") and not a_code and value.isalnum():
                # "old X, new Y" says X was the password, whatever its shape ("舊的是 linlin，
                # 所以現在是 …", "yg lama jogjaistimewa, yang baru …": review54)
                if len(value) >= 4 and not _LITTLE_WORD.fullmatch(value.lower()):
                    more.append(SecretFinding("password", m.start("secret"), m.end("secret")))
                continue
            # (the other of a password is often a near miss: "Paypal@xm" for "PayPal@XiaMen2024")
            near_miss = value[:3].lower() == said[:3].lower()
            fits = _CODE_SAID.fullmatch(value) if a_code else _password_shaped(value) or near_miss
            if fits:
                more.append(
                    SecretFinding("password", m.start("secret"), m.start("secret") + len(value))
                )
    return more


# Another code beside a code found (review54: "purana 4471 tha ab 9082", "dulu 121212 sekarang
# 730915", "所以是 110522", "yaani 5582"): where a message says one code, digits of a code's
# length a few words away are its old value, its new one or the same said again, in any language.
# (Not words in a password's shape: beside a password they are mostly its account, host or SSID.)
_CODE_NEARBY = lazy_compile(
    # (a combination's digits with dashes, corrected: "4-0-6... no wait, 4-6-0": review68)
    r"(?<![A-Za-z0-9_.:/#@$¥€£+-])(?:\d{4,8}|\d(?: \d){3,7}|\d{3} \d{3}|\d(?:-\d){2,7}"
    r"|(?<![零〇幺一二两兩三四五六七八九十百千万萬])[零〇幺一二两兩三四五六七八九]{4,8}(?![十百千万萬]))"
    r"(?![A-Za-z0-9_:/%-]|[.,]\w|[零〇幺一二两兩三四五六七八九])"
)
# What a number near a code is when these come just before it: a place, a phone, an order, an ID.
_COUNTED_BEFORE = lazy_compile(
    r"(?i:\b(?:room|floor|flat|unit|apt|order|no|nr|tel|phone|call|ext|hotline|ticket|case|ids?|line"
    r"|bus|flight|version|v)\.?\s*[:：#]?\s*)$|(?:电话|電話|热线|熱線|客服|单号|單號|订单|訂單|房间|房間|第"
    # (an amount, a card's tail, where one lives: "交易金額 1280，尾號 6688", "我住 1502，楼下 1402")
    r"|金额|金額|尾号|尾號|住|楼下|樓下|楼上|樓上)\s*[:：]?\s*$"
)
_NEARBY = 80
# A code's old or new value told just before a number in a year's shape: the number is the code
# ("naya 5803 hai, purana 1946 tha": review67), not a year.
_OLD_OR_NEW_BEFORE = lazy_compile(
    r"(?i:\b(?:" + _OLD_NEW_WORDS + r")\b[^\d\n]{0,8})$|(?:" + _OLD_NEW_ZH + r")[^\d\n]{0,4}$"
)
# (...and says no more of it: "purana 1946 tha", not "purana 2015 wala card")
_OLD_VALUE_ENDS = lazy_compile(r"\s*(?:tha|thi|hai|was|is|了|[，。,.;；!?！？]|$)")
# Three digits written near the same three spelled out.
_THREE_DIGITS_NEARBY = lazy_compile(r"(?<![\w.:/#@$¥€£+-])\d{3}(?![\w:/%-]|[.,]\d)")


def _codes_nearby(text: str, found: list[SecretFinding]) -> list[SecretFinding]:
    """Codes near a code found, on its line (``_CODE_NEARBY``)."""
    more: list[SecretFinding] = []
    taken = [(f.start, f.end) for f in found]
    for f in found:
        said = text[f.start : f.end]
        if f.kind not in ("password", "pin") or not (
            _CODE_NEARBY.fullmatch(said)
            or _SPELLED_DIGITS.fullmatch(said)
            or _REPEATED_DIGITS.fullmatch(said)
            # (letters read out, then the digits that end them: "M、e、i、L、i,後面接 一九五二")
            or re.fullmatch(_ONE_BY_ONE, said)
            # (Chinese numerals in groups, then the digits: "零八 一二 一五 leh, means 081215")
            or re.fullmatch(
                r"[零〇幺一二两兩三四五六七八九](?: ?[零〇幺一二两兩三四五六七八九]){3,7}", said
            )
        ):
            continue
        line_start = text.rfind("\n", 0, f.start) + 1
        line_end = text.find("\n", f.end)
        start = max(line_start, f.start - _NEARBY)
        stop = min(len(text) if line_end < 0 else line_end, f.end + _NEARBY)
        nearby = [
            *_CODE_NEARBY.finditer(text, start, stop),
            *_SPELLED_DIGITS.finditer(text, start, stop),
        ]
        if _SPELLED_DIGITS.fullmatch(said) and len(re.split(r"[-,\s]+", said)) == 3:
            # three digits said, then written ("drü-sibe-null. Also 370": review58)
            nearby.extend(_THREE_DIGITS_NEARBY.finditer(text, start, stop))
        for m in nearby:  # ("0 3 1 5. zero three one five")
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            if (
                (
                    _YEAR.fullmatch(m.group())
                    and not (
                        _OLD_OR_NEW_BEFORE.search(text, max(0, m.start() - 16), m.start())
                        and _OLD_VALUE_ENDS.match(text, m.end())
                    )
                )
                or _UNIT_WORD.match(text, m.end())
                or _PHONE_AFTER.match(text, m.end())
                or _COUNTED_BEFORE.search(text, max(0, m.start() - 12), m.start())
                or (  # a number's next group ("862 1174 5521"), not a code after a code
                    re.search(r"\d[ -]$", text[max(0, m.start() - 2) : m.start()])
                    and not any(a < m.start() - 1 <= b for a, b in taken)
                )
            ):
                continue
            more.append(SecretFinding("password", m.start(), m.end()))
            taken.append((m.start(), m.end()))
    return more


# A code with the key that ends it ("0815*", "*0917#", "*5 6 0 3 #"): no price, phone or order
# number ends in a keypad's key, so a little after a password's or a code's name it is the code,
# whatever words between ("单元门密码是业主自己设的，他说是他女儿生日再加个星号：0815*": review65).
# The key touches the digits, or both keys hold spaced ones: "1024 * 2", "batch_size=256 * 4" and
# "return 400 # bad request" are no codes, nor a number in Chinese style ("302# 的业主", "105#
# 货架") or a list of them ("108#、109#", an adversarial review of this session's change).
_KEYED_CODE = lazy_compile(
    r"(?<![\w#*＊./:=-])(?P<keys>[#*＊])?(?:\d{3,8}[#*＊]|\d(?: \d){2,7} ?[#*＊])(?![\w#*＊])"
    r"(?!\s*(?:的|号|號|楼|樓|栋|棟|室|房|货架|貨架|业主|業主|批|[、,，]\s*\d))"
)
# A number dialled or put through (a phone's service code, "拨打 *123#", "转 8001#"), not keyed.
_DIALLED = lazy_compile(r"(?:拨打?|撥打?|转|轉|分机|分機|(?i:\bdial|\bcall|\bext\.?))\s*$")
_KEYED_REACH = 80


def _keyed_codes(text: str) -> list[SecretFinding]:
    """Digits ending in a keypad's key after a password's or a code's name (``_KEYED_CODE``)."""
    if "#" not in text and "*" not in text and "＊" not in text:
        return []
    found: list[SecretFinding] = []
    for m in _KEYED_CODE.finditer(text):
        if _UNIT_WORD.match(text, m.end()) or _DIALLED.search(
            text, max(0, m.start() - 8), m.start()
        ):
            continue  # "*666* 元", "转 8001#"
        if _COUNTED_BEFORE.search(text, max(0, m.start() - 12), m.start()) or re.search(
            r"\d[ -]$", text[max(0, m.start() - 2) : m.start()]
        ):
            continue  # "订单号 12345#", "电话 6688 1234#": what the number is said before it
        start = max(text.rfind("\n", 0, m.start()) + 1, m.start() - _KEYED_REACH)
        # (what a code opens names it only when both keys hold it: "Alarm 系统的 code 是 *5 6 0 3 #";
        # "锁竞争太严重 … 800 *" names nothing)
        kinds = ("code", "word", "direct", "opens") if m["keys"] else ("code", "word", "direct")
        if named_before(text, start, m.start(), kinds):
            found.append(SecretFinding("password", m.start(), m.end()))
    return found


# A value spelled letter by letter with how a letter is written or which word it starts ("大写Z
# 小写h w l 8 8", "大寫 P、小寫 r、i、n、t、8", "M comme Marcel, I, E, L, L, E, puis 1975": review58,
# 60, 61), and the same said joined after it ("…然后1956 然后一个点 Ldh1956."): each letter on its
# own, one marked at least, four or more in all, just after a password's name.
_LETTER_MARK = r"(?:[大小][写寫](?:字母)?\s?|(?i:capital|small|upper(?:case)?|lower(?:case)?)\s)"
_LETTER_WORD = r"\s(?:comme|como|wie|as in)\s[A-Z][a-z]+"
_SPELLED_ITEM = (
    r"(?:" + _LETTER_MARK + r"[A-Za-z](?![A-Za-z])|[A-Za-z](?:" + _LETTER_WORD + r"|(?![A-Za-z]))"
    r"|\d{1,8}(?!\d))"
)
_SPELLED_SEP = (
    r"\s*[、,，-]?\s*(?:(?:然后|然後|接着|接著|后面|後面|再|(?i:puis|then|dann|luego|et|y))\s*)?"
)
_SPELLED_LETTERS = lazy_compile(
    r"(?<![A-Za-z0-9])" + _SPELLED_ITEM + r"(?:" + _SPELLED_SEP + _SPELLED_ITEM + r"){3,40}"
)
_LETTER_MARKED = lazy_compile(
    _LETTER_MARK + r"[A-Za-z](?![A-Za-z])|(?<![A-Za-z])[A-Za-z]" + _LETTER_WORD
)
_MARKS_HINT = (
    "写",
    "寫",
    "capital",
    "small",
    "upper",
    "lower",
    " comme ",
    " como ",
    " wie ",
    " as in ",
)
_SPELLED_REACH = 80


def _spelled_letters(text: str, lowered: str) -> list[SecretFinding]:
    """A value spelled with its letters marked, after a password's name (``_LETTER_MARK``), and
    the same value said joined elsewhere in the text."""
    if not any(hint in lowered for hint in _MARKS_HINT) or not _LETTER_MARKED.search(text):
        return []
    found: list[SecretFinding] = []
    for m in _SPELLED_LETTERS.finditer(text):
        run = m.group()
        if not _LETTER_MARKED.search(run) or len(re.findall(r"[A-Za-z](?![A-Za-z])", run)) < 2:
            continue
        if not named_before(  # a password's name, not a lock's, a keyboard's or a network's
            text,
            max(0, m.start() - _SPELLED_REACH),
            m.start(),
            ("word", "keyword", "direct", "login"),
        ):
            continue
        found.append(SecretFinding("password", m.start(), m.end()))
        joined = re.sub(_LETTER_WORD + "|" + _LETTER_MARK + "|" + _SPELLED_SEP, "", run)
        if len(joined) >= 4:
            found.extend(
                SecretFinding("password", j.start(), j.end())
                for j in re.finditer(
                    r"(?i)(?<![A-Za-z0-9])"
                    + re.escape(joined)
                    + r"[A-Za-z0-9_!@#$%^&*+=?~-]{0,12}",
                    text,
                )
                if not m.start() <= j.start() < m.end()
            )
    return found


# A value read out one character at a time, which the text may then say joined.
_ONE_BY_ONE = r"[A-Za-z0-9](?:(?:[- 、]|, )[A-Za-z0-9]){3,30}|[零〇幺一二两兩三四五六七八九](?:[- ][零〇幺一二两兩三四五六七八九]){3,7}"


def _said_again(text: str, found: list[SecretFinding]) -> list[SecretFinding]:
    """A secret found once is hidden wherever else the text repeats it ("撤防码是 1357，如果半夜响咗
    记得提我打 1357 再按撤防": the second said with no name)."""
    again: list[SecretFinding] = []
    values = {text[f.start : f.end] for f in found if f.end - f.start >= 4}
    # (said one by one, then joined: "七 七 零 九 七七零九", "Q-u-i-l-m-e-s-9-9 … o sea Quilmes99")
    values |= {re.sub(r"[- ,、]", "", v) for v in values if re.fullmatch(_ONE_BY_ONE, v)}
    # (told in parts, then whole: "前两位 39，后两位…是 17，全部就是 3917": review66)
    # (or letters and digits: "头四个字母jjuu，后面四个数字3088，连起来就是jjuu3088": review68)
    parts = sorted((f for f in found if text[f.start : f.end].isalnum()), key=lambda f: f.start)
    values |= {
        text[a.start : a.end] + text[b.start : b.end]
        for a, b in pairwise(parts)
        if b.end - b.start <= 4 and a.end - a.start <= 4
    }
    for value in {
        v for v in values if v.isnumeric() or _password_shaped(v) or _credential_shape(v)
    }:
        pattern = r"(?<![\w!@#$%^&*+=?~-])" + re.escape(value) + r"(?![\w!@#$%^&*+=?~-])"
        again.extend(
            SecretFinding("password", m.start(), m.end())
            for m in re.finditer(pattern, text)
            if not any(f.start <= m.start() < f.end for f in found)
        )
    for value in {v for v in values if len(v) >= 6 and v.isalnum()}:
        # ...and inside a word when the secret was told in parts ("前面是 zs 后面是 668899，连在一齐写
        # zs668899": review58)
        said = re.escape(value)
        pattern = (
            r"(?<![\w!@#$%^&*+=?~./-])(?:[A-Za-z0-9]{1,12}"
            + said
            + r"[A-Za-z0-9]{0,12}|"
            + said
            + r"[A-Za-z0-9]{1,12})(?![\w!@#$%^&*+=?~/-])"
        )
        again.extend(
            SecretFinding("password", m.start(), m.end())
            for m in re.finditer(pattern, text)
            if not any(f.start < m.end() and m.start() < f.end for f in found)
        )
    return again
