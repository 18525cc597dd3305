"""The slot reader: a secret's name (``_SLOT_NAME``), a verb or a mark that puts a value after it
(``_SLOT_CUE``) and the value (``_SLOT_VALUE``), read in one clause with words between ("jenkins
的 admin 密码 设置成 bluewhale", "the garage keypad is 2580"); and backup codes listed after their
name.

The slot reaches values that no fixed phrasing (``named``) does; whether what it reads is a secret
is decided in ``slot_value``.
"""

from __future__ import annotations

import re

from memstrata.core.redact.digits import (
    _COMBINATION_SAID,
    _DIAL_NUMBER,
    _DIGIT_WORD_SEP,
    _DIGITS_BY_COMMAS,
    _REPEATED,
    _SPELLED_DIGITS,
    _TURNS_TOLD,
    _UNIT_WORD,
)
from memstrata.core.redact.findings import SecretFinding
from memstrata.core.redact.shapes import _NOT_LATIN, _SENTENCE_END
from memstrata.core.redact.slot_value import _KEY_SAID, _OLD_OR_NEW, _Slot
from memstrata.core.redact.vocabulary import (
    _DIGIT_WORD,
    _PASSWORD_ABROAD,
    _PASSWORD_ABROAD_MARKERS,
    _THAI_DIGITS,
    _TYPED_AS,
)
from memstrata.text.lazy_re import lazy_compile

# A password named, then its value after a verb further on in the clause, with words between
# (an adversarial review, session 44: "jenkins 的 admin 密码 设置成 bluewhale", "跳板机密码还是老的
# qwerty123456", "数据库密码我记得好像是叫 lemontree88", "公司 wifi 密碼 唔係之前嗰個 係 causewaybay2026",
# "the staging password, if you need it, is hunter2hunter2", "new pw for grafana — grafana4ever"
# all reached files in clear; a second, blind one: "门禁改密码了，原来是 1212，现在是 5876", "the safe in
# the office opens with 739104", "我设成了 qingming_shanghe", "主密码是四个单词 lemon river candle north").
# What the slot holds decides: a value in a password's shape, words joined into a passphrase, or
# several words ending the clause, after up to 64 characters; a code of digits or a plain word
# only after a short gap (in Chinese, with no comma unless the verb says a change: 原来是 / 改成),
# where the word ends its clause and describes nothing ("密码是 hash 过的", ``_SAID_OF_A_PASSWORD``).
_SLOT_NAME = lazy_compile(
    # (an English name may be glued to Chinese: "屋头wifi改了", so no \b before it; but no name
    # starts inside an ASCII word, and saying so first spares the alternatives there)
    r"(?:(?<![A-Za-z0-9])|(?![A-Za-z0-9]))"
    # what a code opens, said with "code" or as the code's own name
    r"(?:(?P<code>密码锁|密碼鎖|密码盒|密碼盒|密马锁|门禁码|門禁碼|门禁|門禁|电子锁|電子鎖|门锁|門鎖|把锁|把鎖|锁屏|鎖屏|开箱码|開箱碼"
    r"|保险箱|保險箱|保险柜|保險櫃|夾萬|夹万|转盘|轉盤|撤防码|布防码|撤防碼|佈防碼|解除码|解除碼|短信码|短信碼|卡背(?:后|後|面)?|背面|卡(?:的)?(?:后面|後面|背后|背後|後壁|后壁)"
    # (Steam's codes said with 码: "Steam 嘅 Guard 码"; a hardware token's: review58)
    r"|(?i:(?<![A-Za-z0-9])guard)\s*(?:码|碼)|(?i:hardware[- ]token|securid)"
    # (Vietnamese "mã" of what it opens or proves, or keyed in: not an order's, a post code, a
    # discount; its SMS often comes without marks: "Ma xac thuc cua quy khach la 904117")
    r"|(?i:(?<![\w-])(?:mã|ma)(?: s[ốo])? (?:pin|otp|xác thực|xác nhận|bảo mật|mở khóa|két|cửa|khóa|bí mật"
    r"|xac thuc|xac nhan|bao mat|mo khoa|ket|cua|khoa|bi mat|báo động|bao dong|tắt báo động|tat bao dong|tủ|tủ đồ|tu do|cổng|cong|lấy hàng|lay hang|nhận hàng|nhan hang)|(?<=bấm )mã|(?<=nhập )mã)"
    # (Romanian, with its article: "pinul", "codul alarmei", "cod de ridicare")
    r"|(?i:(?<![\w-])(?:pinul|codul (?:pin|alarmei|u[șs]ii|por[țt]ii|sms|interfonului|seifului|lac[ăa]tului)"
    r"|cod(?:ul)? de (?:ridicare|acces|confirmare|verificare|deblocare)|parola verbal[ăa]|passcode-ul|pin-ul)(?![\w-]))"
    r"|(?i:(?<![A-Za-z0-9])(?:(?:door|gate|alarm|disarm|panic|safe|access|entry|garage|keypad|locker"
    r"|lock|building|sms|text|verification|app|login|sign-in|auth|authenticator|2fa|mfa|bank|haustür|guard|press"
    r"|tür|wohnungstür|token|pickup|collection"
    # (what else a code opens: "the cash drawer code is 4-4-0-8", Urdu's and Hindi's "of"
    # between: "drawer ka code 3311 hai": review67; not a code's review, freeze or path)
    r"|drawer|shutter|letterbox|mailbox|cupboard|storeroom|store room)"
    r"(?: system| panel| room| ka| ki| ke)?[ -]code"
    r"(?!\s+(?:review|freeze|path|list|listing|exec\w*|event|base|smell|style|owners?|sample)\b)"
    r"|otp|one-time (?:password|code)"
    r"|(?:numbers|digits) on the back|security code)(?![A-Za-z0-9]))"
    # (not a Kenyan tax number, a "KRA PIN": review65)
    r"|(?<![A-Za-z0-9])(?<!KRA )(?:M?PIN|NIP|BLIK|PUK2?(?: (?i:number|code))?)(?![A-Za-z0-9])|(?i:(?<!\w)пін(?!\w))"
    # (other languages: "código do 2FA", "Code de vérification", "暗証番号", a dial "ダイヤル")
    # (not a listing's, a product's or a parcel's code: "o código do imóvel no portal é 48213")
    r"|(?i:(?<![A-Za-z0-9])(?:c[óo]digo de seguridad|güvenlik kodu|c[óo]digo(?! postal| d[oea]l? (?:imóvel|imovel|produto|producto|pedido"
    r"|rastreio|rastreamento|barras|cliente|referência|referencia|item|artigo|artículo))|kod(?! pocztowy)"
    r"|code de (?:vérification|confirmation|sécurité)|digicode"
    r"|(?:user|host|transaction|personal|staff|access|installer|master|duress|day) code)(?![A-Za-z0-9]))"
    r"|인증번호|인증 번호|확인번호|暗証番号|ダイヤル|認証番号|認証コード|確認コード|暗証コード|解除番号|ワンタイムパスワード|(?<!\w)کد(?!\w)(?! (?:پستی|ملی|رهگیری|سفارش|اقتصادی|تخفیف))|পিন|কোড"
    r"|(?i:(?<![A-Za-z0-9])(?:cvv2?|cvc2?)(?![A-Za-z0-9]))|(?i:(?<![\w-])(?:пин-код|пин|код|ה?קוד|(?<!posta )kodu?(?! pocztowy)|kode|kodi(?:ni)?)(?![\w-]))|รหัส(?!ไปรษณีย์)|رمز(?! البريدي| بريدي)|كود|ኮድ"
    r"|(?i:code (?:CB|de (?:la )?carte|reçu|par sms|sms|de retrait|d'accès|de déverrouillage))"
    r"|(?:门|門|閘|闸|锁|鎖)\s*(?i:code)(?![A-Za-z])"
    r"|الرقم السري"
    # a card's three digits said in Chinese ("我張信用卡後面嗰三個數字係 418")
    r"|(?:后面|後面|背后|背後)(?:嗰|那|的)?\s*(?:三|3)\s*(?:個|个|位)(?:數字|数字|數|数)?)"
    # ...or by the thing alone: only a code of digits counts after these ("the garage keypad is 2580")
    r"|(?P<opens>(?i:(?<![A-Za-z0-9])(?:keypad|(?:bike |bicycle |pad)?lock|lockbox|safe|gate|combo"
    r"|combination|kombinasi|alarm|door entry|entryphone|intercom|pin(?!\s*code)|unlock|autolock|lockers?"
    r"|portón|portão|brama|disarm|kilit|kilidi|kombinasyon(?:u)?|gembok|brankas|alarme|alarma|alarmanlage?"
    r"|(?:fahrrad|zahlen|vorhänge)?schlo(?:ss|ß)|khóa|ổ khóa|caja fuerte|combinación|kłódka|szyfr"
    r"|codice(?! fiscale| postale| cliente| articolo| prodotto)|cassetta (?:delle )?chiavi|cancello"
    r"|lucchetto|cofre|patrón|peti besi|sejf|kombinacj[aię]|seif(?:ul)?|lac[ăa]t(?:ul)?|interfon(?:ul)?|alarm(?:a|ei)|ket sat|mo khoa|mở khóa|cadenas|cadeado|키패드|coffre(?:-fort)?|casier|digicode|két sắt|két|schlössli|zahle?n?kombi(?:nation)?|candado|desbloqueo"
    r")(?![A-Za-z0-9]))|(?i:(?<!\w)(?:сейф[аеу]?|замок|ה?כספת|комбінаці[яї]|комбинаци[яи]|χρηματοκιβώτιο|λουκέτο|συναγερμ\w*|θυρίδα\w*)(?!\w))|ปลดล็อก|金庫|テンキー|宅配ボックス|گاوصندوق|دزدگیر|قفل|صندوق امانات|তালা|লকার|ตู้เซฟ|เซฟ|ال?خزنة|开机|開機|解锁|解鎖|도어락|[门門](?=\s*要?\s*(?:按|撳|输入|輸入|打))"
    r"|锁|鎖|储物柜|儲物櫃|柜子|櫃|防盗器|防盜器|键盘|鍵盤|组合|組合|大门|大門|大闸|大閘"
    # a bank's codes by their letters ("TAN by SMS", "TAC baru masuk 884 102", "ATM one sia, 7 3 0 1")
    r"|(?<![A-Za-z0-9])(?:TAN|TAC|ATM)(?![A-Za-z0-9]))"
    # codes kept for when a phone is lost, said one after another ("恢复码 8h2k9-dxq4m 和 p3mv7-zt4r6")
    r"|(?P<codes>恢复码|恢復碼|备用码|備用碼|备用验证码|備用驗證碼|备援码|備援碼|备份码|備份碼|バックアップコード|(?i:резервн(?:і|ые|ий|ый) код[иы]|yedek kodlar[ıi]?|codes? de (?:secours|récupération))|백업 코드|복구 코드|(?i:c[óo]digos de (?:respaldo|recuperaci[óo]n))|(?i:(?<![A-Za-z0-9])(?:backup|recovery)[ -]codes?(?![A-Za-z0-9])))"
    # a code whose value may follow its name with no verb ("提取码 x7k9")
    r"|(?P<direct>防盗码|防盜碼|授权码|授權碼|认证码|認證碼|提取码|提取碼|访问码|訪問碼|取件码|取件碼|验证码|驗證碼|安全码|安全碼"
    r"|校验码|校驗碼|验证吗|对码|對碼|配对码|配對碼|登录码|登錄碼|登入碼|家长控制|家長控制)"
    # a code someone sent, by "the code" alone: only six digits or more count ("the code Microsoft
    # sent was 204817"), no status or exit code ("the code was 404")
    r"|(?P<sent>(?i:(?<![A-Za-z0-9])(?:the|this|that|a|your|my|me) code(?![A-Za-z0-9])))"
    # (not a thing named after it: 密码页, 密码本, 密码策略, the password manager)
    # (a key named after its network, words between: "WLAN … heisst Schultz-Net, Schlüssel isch …")
    r"|(?P<word>(?i:(?<![A-Za-z])(?:wlan|wifi|wi-fi)(?![A-Za-z])[^.!?。\n]{0,40}?\bschlüssel)|비번|비밀번호|암호|(?:密码|密碼|口令)(?!页|頁|本|学|學|框|管理|策略|规则|規則|长度|長度|强度|強度|字段|输入|輸入)"
    # (German writes the device before it with a hyphen: "Das WLAN-Passwort lautet …")
    r"|(?i:(?<=[A-Za-z]-)(?:passwort|kennwort))"
    r"|(?i:(?<![A-Za-z0-9-])(?:password|passwd|passphrase|passcode|pwd|pw|requirepass|masterauth"
    r"|pasword|passwrod|passowrd|pssword|(?:keystore|wifi|app|root|admin|db|vpn|account|master) pass"
    r"|" + _PASSWORD_ABROAD + r"|(?:wpa2?|wifi|wi-fi|wlan|network) key|security answer)s?(?:-?nya)?"
    r"(?![A-Za-z0-9-])"
    # (nor a column: "password 字段 utf8mb4": an adversarial review)
    r"(?!\s*(?:字段|欄位|栏位|列名))"
    r"(?!\s+(?:manager|policy|policies|reset|field|hash\w*|rules?|length|strength|prompt|page"
    r"|form|toggle|input|column|store|vault|generator|requirements?|expiry|rotation)\b)))"
    r"|(?P<wifi>(?i:(?<![A-Za-z0-9])(?:wifi|wi-fi)(?![A-Za-z0-9])))"
    # an account: only a value in a password's shape, quoted, joined, or "the word X" counts
    r"|(?P<login>(?i:(?<![A-Za-z0-9/.-])(?:login|admin|root|administrator|sudo)(?![A-Za-z0-9/.-]))|后台|後台)"
    # a key by its role: only a value in a key's shape, quoted, or words joined counts
    # (an API key named in Portuguese, Spanish or French: "a chave da API do staging é sk_…": review67)
    r"|(?P<keyword>(?i:(?<![/A-Za-z0-9_-])(?:secret|token|api[ _-]?key|signing key|app secret"
    r"|chave d[ae] api|clave de (?:la )?api|cl[ée] (?:d')?api)"
    r"(?![A-Za-z0-9?=])))"
    r")"
)
# The verbs that put a value in the slot; ``change`` ones (原来是, 改成, 之前那组, 按) may follow a
# comma: "改密码了，原来是 1212，现在是 5876" names both.
_SLOT_CUE = lazy_compile(
    r"(?:(?<![A-Za-z0-9])|(?![A-Za-z0-9]))(?:"  # (no cue starts inside an ASCII word)
    r"(?P<change>(?:(?:原来|原來|之前|以前)(?:那[组組个個]|嗰個)?|舊嗰個|新的|新嘅|旧的|舊的"
    r"|(?:老|旧|舊)(?:的|嘅)(?:那个|那個|嗰個)|旧嘅|舊嘅|舊ㄉ|旧ㄉ|其实|其實)(?:是|係|系)?"
    r"|(?i:\b(?:la |el )?(?:nueva|nuevo|vieja|viejo)\b)"
    r"|(?i:\bthe (?:current|new|latest|newest) one(?: is| was)?\b|\bnow (?:is|it'?s)\b|\bis now\b"
    r"|\bnow(?= \d)|\bnow it is\b|\b(?:old|new)(?= \d))|又(?:好似|好像)?(?:係|是)|(?:唔再|不再)(?:係|是)"
    r"|(?:现在|現在|而家|宜家|目前)(?:是|係|系)|(?:设置|設置|设|設|改|换|換|更新|重置|变|變)(?:成|为|為|做|咗做)了?"
    r"|改咗|按|撳|转到|轉到|含中文|报了个|報了個|你(?:记|記)一下|写着|寫著|贴着|貼著|は|って|هست|است|ছিল|(?:念|读|讀)(?:给你|給你|念|一下)|(?:諗|想|揀|选|選)(?:咗|了)(?:句|個|个|一句)?|(?:转|轉)咗?(?:做|成)|(?:set|设|設)\s*(?:咗|了|的)(?:做|是)?"
    # a correction names the wrong value too ("不是 design2023，是 design2023!!")
    r"|不是|唔係|(?i:\bnot\b|\b(?:isn|wasn)'?t\b)|即係|即是|也就是|(?i:\bi\.e\.|\bthe old(?: one)?\b|\bo sea\b|\bd\.h\.|\bya+'?ni\b|\bmane\b|\badic[ăa]\b|\btuc la\b|\btức là\b)|то есть|тобто|δηλαδή)"
    r"|(?:(?<![唔不非])(?:(?:仍然|依然|还|還|就|应该|應該|好像)?(?:是|係|系)(?!否|咪)(?:叫)?|叫做?|为|為"
    r"|(?:目前)?(?:还是|還是)|(?:就|都|现在|現在|而家|先)用(?:的是)?|用的是|输|輸|打|要)(?:老的|舊的|旧的|默认的|默認的|原来的|原來的|之前的)?"
    r"|(?i:\b(?:is|are|was|should be|will be|set to|changed to|to|from|takes|opens with|it'?s|it is|type|now"
    # (Tagalog's "ay": "ang password ay sinigang_na_baboy99"; a choice: "I went with …")
    # (Malay: "ialah", "baru masuk"; "came in", "the key wants X", "…, so biscuit42")
    # (and "is" in Portuguese, French, Pidgin: "a senha … agora é X", "c'est", "na", "e be")
    r"|that'?s|came(?: in)?|ay|ialah|adalah|masuk|went with|chose|picked|wants|asks for|so|é|era"
    r"|c'est|na|e be|es|est|là|jest|ni|puse|put"
    # (Swiss German "isch", Hindi "hai", a token "zeigt"/"shows" its code: review58; German
    # "lautet")
    r"|ist|isch|lautet|hai|chai|zeigt(?: grad)?|shows|displays|είναι|ήταν|(?:τον |το )?άλλαξα σε|c'était|était|كان|صار|وصار|ነው|ደግሞ|este|era|(?:se )?(?:desactiva|abre|activa) con|e(?=\s+\S*\d)|la(?=\s+\S*\d)"
    # (a change in Spanish, Portuguese, Turkish, Ukrainian and Russian: review59)
    r"|(?:lo |la )?cambi(?:é|e|ó|o|ado|ada) (?:a|por)|mudei para|troquei para|olarak"
    r"|(?:помін|змін|помен|измен)\w* на"
    # (Arabic, Hebrew, Russian, Thai: "كلمة السر هي X", "הסיסמה היא X", "пароль теперь X", "คือ")
    r"|هي|هو|היא|הוא|это|теперь|คือ"
    r"|as(?=\s+\d))\b(?:\s+(?:now|still|literally|just|currently|jetzt|grad|immer no|noch))*"
    r"(?P<the_word>\s+the\s+word\b)?)|[—–：=]"
    r"|(?<!:):(?!:)|(?<=[A-Za-z])'s\b"
    # a value standing alone between commas ("密码其实很土，就是公司名拼音加年份，xinyuankeji2025，别笑")
    r"|(?P<comma>[，,])))"
)
_SLOT_FORMS = (
    "quoted", "dquoted", "dictated", "spaced", "turns", "repeat", "hanzi", "spelled", "typed", "phrase", "chinese",
    "secret",
)  # fmt: skip
_SLOT_VALUE = lazy_compile(
    # (a keypad's key said before the code: "it's star 3 6 2 1")
    r"\s*(?:[\u4e00-\u9fff]{1,8}\s*)??[「『（(]?(?:(?i:star|hash)\s+(?=\d))?(?:'(?P<quoted>[^'\n]{3,64})'|[\"«](?P<dquoted>[^\"»\n]{3,64})[\"»]"
    # letters and digits read out one by one ("K-7-Q-2-M-9-X-4", "l i d e h u a 8 8": review58)
    # (a letter among them, each parted the same way)
    r"|(?P<dictated>(?=[A-Za-z0-9](?P<sep>[- 、]|, )(?:[A-Za-z0-9](?P=sep))*?[A-Za-z](?P=sep)"
    r"(?:[A-Za-z0-9](?P=sep))*?[A-Za-z](?:(?P=sep)|(?![\w-])))"
    r"[A-Za-z0-9](?P=sep)[A-Za-z0-9](?:(?P=sep)[A-Za-z0-9]){3,30}(?:(?P=sep)\d{2,4})?)(?![\w-])"
    # digits said in groups ("093 847", "8 3 6 1"), in Chinese numerals or English words
    # (Chinese may follow with no space: "写着8 2 6 3再按井号")
    r"|(?P<spaced>\d{1,4}(?: \d{1,4}){1,7}|\d(?:, \d){2,7}|\d(?:・\d){2,7})(?![A-Za-z0-9_]|\.\d)"
    # a dial's turns in Chinese numerals ("十九、四十二、七", "二十八 左 十五 右 四十 左": review48)
    # (each a number under a hundred: "三十六", "七", not "七七零")
    r"|(?P<turns>(?:[左右]\s*)?"
    + _DIAL_NUMBER
    + r"(?:(?:\s*、\s*|\s+|(?=[左右]))(?:[左右]\s*)?"
    + _DIAL_NUMBER
    + r")"
    r"{2,5}(?:\s*[左右])?)"
    r"|(?P<repeat>" + _REPEATED + r")"
    r"|(?P<hanzi>[공영일이삼사오육칠팔구]{4,8}(?![가-힣])|[공영일이삼사오육칠팔구]{3,4}(?: [공영일이삼사오육칠팔구]{2,4}(?![가-힣])){1,2}|[零〇幺一二两兩三四五六七八九]{3,8}(?: [零〇幺一二两兩三四五六七八九]{1,4}(?![\u4e00-\u9fff])){0,3}"
    r"|[零〇幺一二两兩三四五六七八九](?: [零〇幺一二两兩三四五六七八九](?![零〇幺一二两兩三四五六七八九])){2,7}"
    # (in pairs: "驗證碼是 八四 二六 九五", "零八 一二 一五": review67)
    r"|[零〇幺一二两兩三四五六七八九]{2}(?: [零〇幺一二两兩三四五六七八九]{2}(?![零〇幺一二两兩三四五六七八九])){2,3}"
    r"|[零〇幺一二两兩三四五六七八九](?:、[零〇幺一二两兩三四五六七八九]){2,7}(?![零〇幺一二两兩三四五六七八九])"
    # (a radio operator's digits: 拐 7, 洞 0, 幺 1: "拐拐洞")
    r"|(?=[零〇幺一二两兩三四五六七八九拐洞]{0,7}[拐洞])[零〇幺一二两兩三四五六七八九拐洞]{3,8})"
    r"(?![十百千万萬])"
    r"|(?P<spelled>(?i:"
    + _DIGITS_BY_COMMAS
    + r"|"
    + _DIGIT_WORD
    + r"(?:"
    + _DIGIT_WORD_SEP
    + _DIGIT_WORD
    + r"){2,7})\b"
    r"|" + _THAI_DIGITS + r")"
    # words said with a note on how they are typed ("panda dundun 520 了，中间有空格")
    r"|(?P<typed>[A-Za-z][A-Za-z0-9]*(?:[ -][A-Za-z0-9]+){0,7}?"
    r"|[\u4e00-\u9fff]{1,6}(?: [\u4e00-\u9fff]{1,6}){1,7}?)"
    r"(?=\s*了?" + _TYPED_AS + r")"
    r"|(?P<phrase>[A-Za-z]+(?: [A-Za-z]+){1,7}(?: \d{1,6})?)"
    r"(?=\s*(?:[,.;!?)，。；！？\n\u4e00-\u9fff]|$))"
    # Chinese characters set apart by a space and ending the clause ("密码是 鼓浪屿的海风，",
    # "密码 仓库2号_Ship! ，": review49)
    r"|(?<=\s)(?=[^\s，。]*[\u4e00-\u9fff])(?P<chinese>[A-Za-z\u4e00-\u9fff][\w!@#$%^&*+=~-]{1,23})"
    # (not words said before the code: "取件码 喂你听住 三六八 零四一": review65)
    r"(?=\s*(?:[，。；！？,;!?]|$)|\s+(?![零〇幺一二两兩三四五六七八九]{3})[\u4e00-\u9fff])"
    r"|(?P<secret>[^\s\"'`\[\](){}<>,;" + _NOT_LATIN + r"]+))"
)
# (one pattern: hooks redact every prompt, and this list is long)
_SLOT_MARKER_WORDS = (
    "密码", "密碼", "口令", "码", "碼", "锁", "鎖", "柜", "櫃", "保险", "保險", "转盘", "轉盤", "防盗", "防盜", "键盘", "鍵盤",
    "撤防", "布防", "卡背", "背面", "门禁", "門禁", "數字", "数字", "组合", "組合", "大门", "大門", "大闸", "大閘", "tan",
    "tac", "atm", "tür", "kombinasi", "nip", "código", "codigo", "digicode", "unlock", "portón",
    "portão", "brama", "chave", "clave", "clé", "인증", "확인번호", "키패드", "cadeado", "drawer", "shutter", "暗証番号", "ダイヤル", "도어락", "비번", "비밀번호", "암호", "kod", "夾萬", "夹万", "开机", "開機",
    "解锁", "解鎖", "门", "門", "pass", "pw", "code", "lock", "safe", "gate", "keypad", "combo", "pin", "puk",
    "otp", "one-time", "secret", "token", "key", "alarm", "back", "wifi", "wi-fi", "requirepass",
    "masterauth", "login", "admin", "root", "sudo", "pasword", "pssword", "код", "קוד", "รหัส",
    "رمز", "كود", "الرقم", "сейф", "замок", "kilit", "kombinasyon", "gembok", "brankas", "כספת",
    "เซฟ", "خزنة", "disarm", "schloss", "schloß", "khóa", "코드", "combinación", "kłódka", "szyfr",
    "caja fuerte", "codice", "chiavi", "cancello", "lucchetto", "cofre", "家长控制", "家長控制", "登录码",
    "登錄碼", "登入碼", "mã", "ma xac", "ma so", "ma khoa", "ma cua", "ket sat", "mo khoa", "pinul", "codul", "cod de", "seif", "lacat", "lacăt", "interfon", "alarm", "két", "验证吗", "combination", "peti besi", "sejf", "blik", "ኮድ", "cadenas", "coffre", "casier", "認証", "確認コード", "暗証コード", "解除番号", "金庫", "テンキー", "宅配", "バックアップ", "备份码", "備份碼", "کد", "گاوصندوق", "دزدگیر", "قفل", "صندوق", "পিন", "কোড", "তালা", "লকার", "cvv", "cvc", "χρηματοκιβώτιο", "λουκέτο", "συναγερμ", "θυρίδα", "пін", "kilid", "комбін", "комбин", "candado", "desbloqueo", "ปลดล็อก", "резервн", "yedek", "后面", "後面", "背后", "背後", "後壁", "后壁", "schlöss", "kombi", "securid", "hardware",
    *_PASSWORD_ABROAD_MARKERS,
)  # fmt: skip
# (one pattern per script: an English line never tries the markers of other scripts, since hooks
# redact every prompt)
_SLOT_MARKER = lazy_compile("|".join(re.escape(w) for w in _SLOT_MARKER_WORDS if w.isascii()))
_SLOT_MARKER_ABROAD = lazy_compile(
    "|".join(re.escape(w) for w in _SLOT_MARKER_WORDS if not w.isascii())
)
_SLOT_GAP = 160
# A value in a password's shape that stands alone after a comma (``_SLOT_CUE``'s ``comma``),
# ended by a comma, a stop, a particle or the text's end.
_ALONE_AFTER_COMMA = lazy_compile(
    r"\s*(?:(?=[^\s,，]*[A-Za-z])(?=[^\s,，]*\d)[^\s,，。\u0080-\uffff]{6,}|\d{3,8}|\d{3,4} \d{3,4}"
    r"|\d(?: \d){3,7}|[零〇幺一二两兩三四五六七八九]{3,8}|[零〇幺一二两兩三四五六七八九](?: [零〇幺一二两兩三四五六七八九]){2,7})"
    r"\s*(?:[,，。；;！!]|\.(?:\s|$)|咋|啦|吧|呀|啊|嘛|喔|哦|囉|$|然后|然後|再按"
    r"|(?i:then|enter|and|phir|fir|lalu|terus|trus|rồi|dann|depois|luego|kisha|tapos))"
)
# A code said anywhere after its name (see ``_Slot._a_code``).
_CODE_AHEAD = lazy_compile(
    r"(?<![A-Za-z0-9_.:/#*-])(?:[#*]?\d{3,8}[#*]?|\d{1,3}(?: \d{1,3}){1,7}|\d{1,2}(?:-\d{1,2}){2,5}|\d{3}-\d{3})"
    r"(?![\w.:/-])"
    # (six Chinese numerals or more: "是我屋头老汉儿的生日 五八零七一二")
    r"|(?<![零〇幺一二两兩三四五六七八九十百千万萬])[零〇幺一二两兩三四五六七八九]{6,8}(?![零〇幺一二两兩三四五六七八九十百千万萬])"
    # (or said one by one: "密码我老忘 七 七 零 九")
    r"|(?<![零〇幺一二两兩三四五六七八九十])[零〇幺一二两兩三四五六七八九]"
    r"(?: [零〇幺一二两兩三四五六七八九](?![零〇幺一二两兩三四五六七八九十百千万萬])){3,7}"
)
# A sentence that starts with its verb, its subject the secret named in the sentence before ("Badge-PIN
# notiere? Isch jetzt 4471": review58).
_COPULA_FIRST = lazy_compile(
    r"\s*(?i:(?:it'?s|it is|isch|ist|es ist|c'est|acum este|acum e|就是|係)\b)"
)
_NOW = lazy_compile(
    r"(?i:\b(?:now|ahora|agora|maintenant|jetzt|teraz|sekarang|acum|şimdi|simdi)\b)|现在|現在|而家|宜家|сейчас|теперь"
)
_IN_A_NUMBER = lazy_compile(r"\d,\d")  # "28,000": no comma between clauses
# A code kept for a lost phone: digits in groups, or letters and digits interleaved.
_KEPT_CODE = lazy_compile(
    r"(?<![\w-])(?:\d{4,5}(?: \d{4,5})?|\d{6,10}|\d{3}-\d{3}|[A-Za-z0-9](?:-[A-Za-z0-9]){5,15}|[A-Za-z0-9]{4,6}(?:-[A-Za-z0-9]{4,6}){1,5}"
    r"|(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{5,12})(?![\w-])"
)


def _codes_after(text: str, start: int, stop: int) -> list[SecretFinding]:
    """The backup or recovery codes listed after their name (``_SLOT_NAME``'s ``codes``)."""
    return [
        SecretFinding("password", m.start(), m.end())
        for m in _KEPT_CODE.finditer(text, start, stop)
        if re.search(r"\d", m.group()) and not _UNIT_WORD.match(text, m.end())
    ]


def named_before(text: str, start: int, end: int, kinds: tuple[str, ...]) -> bool:
    """Whether a secret's name of one of ``kinds`` (groups of ``_SLOT_NAME``: "word" for 密码 or
    "password", "code", "direct", "keyword", "login", "opens") is said between ``start`` and
    ``end``: the readers of values told away from their name ask it for the name before."""
    return any(n.group(kind) for n in _SLOT_NAME.finditer(text, start, end) for kind in kinds)


# Four Chinese numerals or more right after a password's name, with no verb: the code.
# (not the idioms of numerals: 三三两两, 七七八八, 一五一十)
_GLUED_NUMERALS = lazy_compile(
    r"(?!三三两两|三三兩兩|七七八八|一五一十)[零〇幺一二两兩三四五六七八九洞拐]{4,8}"
    r"(?![零〇幺一二两兩三四五六七八九洞拐十百千万萬])"
)


def _values_in_the_slot(text: str) -> list[SecretFinding]:
    """Values after a password's verb later in its clause (see ``_SLOT_NAME``)."""
    found: list[SecretFinding] = []
    for name in _SLOT_NAME.finditer(text):
        end = _SENTENCE_END.search(text, name.end())
        if end and (_OLD_OR_NEW.match(text, end.end()) or _COPULA_FIRST.match(text, end.end())):
            # "Kuda PIN don change o. Old one na 2580", "Badge-PIN notiere? Isch jetzt 4471"
            end = _SENTENCE_END.search(text, end.end())
        stop = min(end.start() if end else len(text), name.end() + _SLOT_GAP)
        cues = [
            # (a change said just before the cue: "…, so now it is 4471")
            (
                m.start(),
                m.end(),
                bool(m.group("change") or _NOW.search(text, max(0, m.start() - 8), m.end())),
                bool(m.group("the_word")),
            )
            for m in _SLOT_CUE.finditer(text, name.end(), stop)
            if not m.group("comma")
            or (
                _ALONE_AFTER_COMMA.match(text, m.end())
                and not _IN_A_NUMBER.match(text, m.start() - 1)
            )
        ]
        if name.group("codes"):
            found.extend(_codes_after(text, name.end(), stop))
            continue
        if not (name.group("keyword") or name.group("login") or name.group("wifi")):
            ahead = _CODE_AHEAD.search(text, name.end(), stop)  # the code nearest after its name
            if ahead:
                cues.append((ahead.start(), ahead.start(), False, False))
        if name.group("word") and (
            text[name.end() : name.end() + 1].isspace()
            or _GLUED_NUMERALS.match(text, name.end())  # "室友说密码幺二幺八": review66
        ):
            cues.append((name.end(), name.end(), False, False))  # "密码 仓库2号_Ship!"
        if name.group("direct") or name.group("opens") or name.group("code") or name.group("sent"):
            # the value right after the name, or after a comma ("debit card PIN, 2946")
            after = re.match(r"\s*[,，、:：]?", text[name.end() :])
            cues.insert(0, (name.end(), name.end() + (after.end() if after else 0), False, False))
        if name.group("code") or name.group("opens"):
            found.extend(  # a lock's combination anywhere in the clause ("保险柜密码…，36-18-72"),
                # digits spelled ("kombinasi dia empat-lapan-satu-sembilan": review50)
                SecretFinding("password", m.start(), m.end())
                for pattern in (_COMBINATION_SAID, _SPELLED_DIGITS, _TURNS_TOLD)
                for m in pattern.finditer(text, name.end(), stop)
            )
        for cue_start, cue_end, change, the_word in cues:
            slot = _SLOT_VALUE.match(text, cue_end)
            if not slot:
                continue
            group = next(g for g in _SLOT_FORMS if slot.group(g))
            value = slot.group(group).rstrip(".,!?)]:;")
            start = slot.start(group)
            if group == "turns" and "、" in value and not re.search("[十左右]", value):
                group = "hanzi"  # single numerals: a code said one by one, no dial's turns
            if the_word and group == "phrase":  # "just the word dragonfly lol": one word
                group, value = "secret", value.split()[0]
            said = _Slot(
                name, value, text[name.end() : cue_start], _KEY_SAID.sub("", text[cue_end:start]).strip(" \t\n「『（("), change,
                the_word, group, cue_start, start,
            )  # fmt: skip
            if value and not any(f.start == start for f in found) and said.holds_a_secret(text):
                found.append(SecretFinding("password", start, start + len(value)))
    return found
