"""Secret detection and redaction.

Agents paste tool output, configs and error messages into memory; a key written into Markdown
ends up in git and in every later prompt. Everything is redacted before it is persisted (and
before it is cut: half a key is no longer recognisable as one), and in team workspaces text
holding a secret is refused instead. Each pattern carries a kind so the redaction says what was
removed: ``[REDACTED:github_token]``. tests/secrets_corpus.py holds the kinds it must catch.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from itertools import pairwise

from memstrata.text.lazy_re import lazy_compile

# Whole-token secrets, replaced entirely: (kind, literal markers, pattern). A pattern runs only
# when one of its markers occurs in the text (lower-cased), so scanning ordinary prose costs a
# few substring checks instead of one regex pass per kind.
_TOKEN_PATTERNS: list[tuple[str, tuple[str, ...], str]] = [
    (
        "private_key",
        ("private key",),
        # With its END line, or (pasted half) through the base64 body that follows.
        r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END [A-Z0-9 ]*PRIVATE"
        r" KEY(?: BLOCK)?-----|(?:\s*[A-Za-z0-9+/=]{16,})+)",
    ),
    ("anthropic_key", ("sk-ant-",), r"\bsk-ant-[A-Za-z0-9_\-]{20,}"),
    ("openai_key", ("sk-",), r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}"),
    ("stripe_key", ("_live_", "_test_"), r"\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}"),
    ("stripe_webhook_secret", ("whsec_",), r"\bwhsec_[A-Za-z0-9]{24,}"),
    (
        "aws_access_key",
        ("akia", "asia", "agpa", "aida", "aroa", "anpa"),
        r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[0-9A-Z]{16}\b",
    ),
    (
        # the secret pasted after its key id ("AKIA…:SECRET", "AKIA… / SECRET": review17)
        "aws_secret_key",
        ("akia", "asia"),
        r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\s*[:/,，|]\s*(?P<secret>[A-Za-z0-9+/]{40})(?![A-Za-z0-9+/])",
    ),
    ("aliyun_access_key", ("ltai",), r"\bLTAI[0-9A-Za-z]{12,20}\b"),
    (
        "github_token",
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
        # GitHub's own are 36 after the prefix; a shorter one is still no word of prose
        r"\b(?:gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{22,})",
    ),
    ("gitlab_token", ("glpat-", "gldt-", "glrt-"), r"\bgl(?:pat|dt|rt)-[A-Za-z0-9_\-]{20,}"),
    ("slack_token", ("xox",), r"\bxox[abposr]-[A-Za-z0-9\-]{10,}"),
    ("slack_webhook", ("hooks.slack.com",), r"https://hooks\.slack\.com/services/[A-Za-z0-9/_\-]+"),
    (
        "discord_webhook",
        ("discord", "/api/webhooks/"),
        r"https://(?:(?:canary|ptb)\.)?discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_\-]+",
    ),
    ("discord_bot_token", ("discord",), r"\b[MN][A-Za-z\d]{23,25}\.[\w-]{6}\.[\w-]{27,}"),
    ("google_api_key", ("aiza",), r"\bAIza[0-9A-Za-z_\-]{35}"),
    ("google_oauth_token", ("ya29.",), r"\bya29\.[0-9A-Za-z_\-]{20,}"),
    ("huggingface_token", ("hf_",), r"\bhf_[A-Za-z0-9]{20,}"),
    ("npm_token", ("npm_",), r"\bnpm_[A-Za-z0-9]{36}\b"),
    ("pypi_token", ("pypi-",), r"\bpypi-[A-Za-z0-9_\-]{50,}"),
    ("sendgrid_key", ("sg.",), r"\bSG\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{16,}"),
    ("telegram_bot_token", (":aa",), r"\b\d{8,10}:AA[A-Za-z0-9_\-]{33}\b"),
    ("jwt", ("eyj",), r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"),
    ("shopify_token", ("shpat_", "shpss_", "shpca_"), r"\bshp(?:at|ss|ca)_[a-fA-F0-9]{32}"),
    ("digitalocean_token", ("dop_v1_", "doo_v1_"), r"\bdo[op]_v1_[a-f0-9]{64}"),
    ("databricks_token", ("dapi",), r"\bdapi[a-f0-9]{32}(?:-\d)?"),
    ("linear_key", ("lin_api_",), r"\blin_api_[A-Za-z0-9]{40}"),
    ("notion_token", ("secret_", "ntn_"), r"\b(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,})"),
    ("groq_key", ("gsk_",), r"\bgsk_[A-Za-z0-9]{48,}"),
    ("replicate_token", ("r8_",), r"\br8_[A-Za-z0-9]{37,}"),
    ("square_token", ("sq0atp-", "sq0csp-"), r"\bsq0(?:atp|csp)-[A-Za-z0-9_\-]{22,}"),
    ("twilio_key", ("sk",), r"\bSK[0-9a-f]{32}\b"),
    ("mailgun_key", ("key-",), r"\bkey-[0-9a-z]{32}\b"),
    ("mailchimp_key", ("-us",), r"\b[0-9a-f]{32}-us\d{1,2}\b"),
    # HashiCorp Vault tokens: hvs.… (1.10+) and the older s.… of 24 characters (review20)
    ("vault_token", ("hvs.", "s."), r"\b(?:hvs\.[A-Za-z0-9_\-]{24,}|s\.[A-Za-z0-9]{24})\b"),
    # a BitLocker recovery key: eight groups of six digits (review53), no other number's shape
    ("recovery_key", ("-",), r"(?<![\w-])\d{6}(?:-\d{6}){7}(?![\w-])"),
    # ...and an Apple ID's: six groups of four upper-case letters and digits (review55)
    (
        "recovery_key",
        ("-",),
        r"(?<![\w-])(?=[A-Z0-9-]*[A-Z])(?=[A-Z0-9-]*\d)[A-Z0-9]{4}(?:-[A-Z0-9]{4}){5,7}(?![\w-])",
    ),
    ("azure_sas_signature", ("sig=",), r"(?<=[?&]sig=)[A-Za-z0-9%+/=]{20,}"),
    (
        "authorization_header",
        ("authorization",),
        r"(?i)authorization[\"']?\s*[:=]\s*[\"']?(?:basic|bearer|token|digest|apikey)?\s*"
        r"(?P<secret>[A-Za-z0-9\-._~+/=]{8,})",
    ),
    ("bearer_token", ("bearer",), r"(?i)\bbearer\s+(?P<secret>[A-Za-z0-9\-._~+/]{16,}=*)"),
    (
        "mysql_password",
        ("mysql", "mariadb"),
        # No \b before the name: a command glued to what precedes it ("xxmysql -pPW", a cut
        # or padded tool line) still hides its password.
        r"(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\n]*?\s(?:-p|--password=)"
        r"(?P<secret>'[^'\n]+'?|\"[^\"\n]+\"?|[^\s'\"]{3,})",
    ),
]

# "Password" in the languages users mix in (review52-53: "la contraseña de Figma es …",
# "пароль: Ural$kBox44", "şifre simitvecay2023", "סיסמה: hummus4ever!"), with their case forms;
# the cheap markers below are the substrings that let a message reach the patterns at all.
# What a value said in text never holds: anything past ASCII but the Latin letters of other
# languages ("CaféConLeche!9", "çaysimit1923", "Gdańsk2020": review59, 62, 64). A value ends at
# Chinese, a full-width comma, a symbol or a letter of another script.
_NOT_LATIN = r"\u0080-\u00bf\u00d7\u00f7\u0250-\uffff"
_PASSWORD_ABROAD = (
    r"senha|contraseña|clave|hasło|haslo|mật khẩu|mot de passe|passwort|kennwort"
    r"|비번(?:은|이|을)?|비밀번호(?:는|가|를)?"
    r"|парол[ьяюе]м?|parol'?|[şs]ifre(?:sini|si|mi|m|ni|n|yi)?|parola|ה?סיסמ[הא]|รหัสผ่าน|كلمة (?:السر|المرور)"
    r"|ال?باسورد|พาสเวิร์?ด|(?:kata )?sandi(?:nya)?|nenosiri|パスワード|पासवर्ड|(?:wlan|wifi|wi-fi)-?schlüssel"
    r"|chiave (?:wpa2?|wifi|wi-fi|di rete)|κωδικ(?:ός|ό|ού)(?: πρόσβασης)?|ramz(?:e|esh)?|رمز عبور|paroli(?:ni)?|mdp|mat khau|palavra-passe"
    r"|(?:የ)?ይለፍ ቃ[ልሉ]|ፓስወርድ\w*|باسوورد"
    r"|পাসওয়ার্ড"
)
_PASSWORD_ABROAD_MARKERS = (
    "senha", "contraseña", "clave", "hasło", "haslo", "mật khẩu", "mot de passe", "passwort",
    "kennwort", "비번", "비밀번호", "schlüssel", "chiave", "парол", "parol", "ifre", "parola", "סיסמ", "รหัสผ่าน", "كلمة",
    "باسورد", "พาสเวิ", "sandi", "nenosiri", "パスワード", "पासवर्ड", "κωδικ", "ramz", "رمز", "পাসওয়ার্ড", "mdp", "mat khau", "palavra-passe", "ይለፍ", "ፓስወርድ", "باسوورد",
)  # fmt: skip

# Credentials embedded in URLs (user:password@host, or :password@host): anchored on "://".
_URL_PASSWORD = lazy_compile(r"(?<=://)(?P<user>[^\s:/@]{0,256}):(?P<secret>[^\s@/]{1,256})(?=@)")
# A placeholder in a connection string's format (postgres://USER:PASSWORD@HOST/DB, :<pass>@, :***@)
_URL_PLACEHOLDER = lazy_compile(
    r"(?i:password|passwd|pass|pwd|secret|changeme)|<[^<>]*>|\*+|\$\{?\w+\}?|x+|X+"
)
# A DSN's key part (https://KEY@sentry.io/1): a long hex user with no password.
_DSN_KEY = lazy_compile(r"(?<=://)(?P<secret>[0-9a-f]{32})(?=@)")

# key = value / key: value assignments; the key may carry a prefix (DB_PASSWORD,
# POSTGRES_PASSWORD, DJANGO_SECRET_KEY, TWILIO_AUTH_TOKEN) and stays readable.
_SECRET_WORD = (
    r"password|passwd|pwd|passphrase|secret|api[_-]?key|apikey|access[_-]?key|secret[_-]?key"
    r"|access[_-]?token|auth[_-]?token|refresh[_-]?token|token|private[_-]?key|accountkey"
    r"|credentials?|client[_-]?secret|_authtoken|auth|_pass(?![a-z])"
)
_ASSIGNMENT = lazy_compile(
    r"(?P<key>(?i:(?<![\w-])[\w.-]*(?:" + _SECRET_WORD + r")[\w-]*)|密码|口令|密钥|秘钥|令牌|凭证)"
    # JSON escaped inside JSON (a tool input) puts backslashes before the quotes: \"auth\": \"…\"
    # A Markdown fact bolds its key (``- **password**: …``); Chinese says 密码是 / 口令为 …
    # (then only an ASCII value counts: 密码是否正确 is a question, not a password).
    r"(?P<sep>\\?[\"']?\*{0,2}\s*(?:=|:|：|(?:是|为)\s*[:：]?\s*(?=[!-~]))\s*)"
    # A quoted value cut before its closing quote is still a value.
    r"(?P<secret>\\?\"[^\"\n\\]+(?:\\?\")?|'[^'\n]+'?|[^\s,;，；。'\"\\]+)"
)
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
    r"|(?:otp|totp|2fa|mfa) (?:seed|secret|key))s?(?![\w-])))"
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
    r"(?P<secret>'[^'\n]+'?|\"[^\"\n]+\"?|`[^`\n]+`?|“[^”\n]+”?|「[^」\n]+」?|『[^』\n]+』?"
    r"|[^\s,;'\"`\\" + _NOT_LATIN + r"]+)"
)
# A network named in the text: a bare "key" after a comma is its key only then.
_NETWORK_NAMED = lazy_compile(r"(?i:ssid|wi-?fi|wlan)|网络|網路|網絡")
# A network named just before the password ("SSID HomeNet, password sunflower"): a wifi note,
# where a plain word after "password" is its value.
_WIFI_NOTE = lazy_compile(r"(?i)\bssid\b\s*[:：=]?\s*\S+\s*[,，;；/]?\s*$")
# A file named after a bare 密码 / password ("grep 密码 app.log", "password file.txt").
_FILE_NAME = lazy_compile(
    r"(?i)^[\w.-]*\.(?:log|txt|ya?ml|json|toml|ini|conf|cfg|env|md|py|js|ts|tsx|jsx|go|java|kt|rb"
    r"|rs|php|swift|c|h|cc|cpp|sh|sql|csv|xml|html?|properties|pem|crt|gz|zip|bak|j2|tpl|tmpl)"
    r"(?:\.[\w-]+)*[.,;:!?)]*$"
)
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
# Where code reads a secret from ("const password = process.env.DB_PASSWORD": review59).
_ENV_READ = (
    r"(?:process\.env|import\.meta\.env|os\.environ|os\.getenv|System\.getenv|Deno\.env|ENV\["
    r"|env\(|getenv\()"
)
_ENV_REFERENCE = lazy_compile(_ENV_READ)
# What names where a password is kept or how it is made, not the password: a vault, an
# environment variable, a 1Password reference, a date, a hashing method, a duration.
_NOT_THE_PASSWORD = lazy_compile(
    r"^(?:\[[^\]\n]*\]|[A-Z0-9]+_[A-Z0-9_]+|\$\{?\w+\}?|op://\S*|"
    + _ENV_READ
    + r"\S*|\d{4}[-/]\d{1,2}[-/]\d{1,2}"
    r"|(?i:1password|vault|keychain|bitwarden|lastpass|keepass\w*|scram-sha-256|md5|sha-?\d+"
    r"|bcrypt|\d+\s*(?:days?|d|h|hours?|weeks?|months?|years?)))[.`'\"』」)]*$"
)
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
_VALUE = r"'[^'\n]+'|\"[^\"\n]+\"|`[^`\n]+`|[^\s,;'\"`\\" + _NOT_LATIN + r"]+"
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
_LITTLE_WORD = lazy_compile(
    r"a|an|the|in|on|at|to|of|by|for|with|from|and|or|not|no|never|always|is|be|as|than|very|too"
    r"|quite|now|still|also|only|just|every|each|all|any|same|after|before|when|if|it|this|that"
    r"|your|my|our|their|via|per|under|what|whatever|which|where|who|you|we|they|he|she|i|me"
    # counts and joins ("four random words", "user name plus birthday": review22)
    r"|one|two|three|four|five|six|plus|random|words?|letters?|digits?|characters?"
)
# ...and in the languages users mix in, for words said loose after a name ("— das lange Ding vom
# Aufkleber", "— passt das so?"), not words joined ("galo-de-barcelos-2024" is a password).
_LITTLE_WORD_ABROAD = lazy_compile(
    r"der|die|das|den|dem|vom|von|und|ist|nicht|ich|du|mit|im|zu|es|ein|eine|so|dies"
    r"|el|la|los|las|de|del|que|y|en|un|una|o|os|do|da|não|e|le|les|et|est|pas|isto|isso|esto|eso"
    r"|questo|quello|ecco"
    # (Malay: "Tip password: guna ayat panjang, campur nombor")
    r"|guna|jangan|pakai|boleh|kena|mesti|campur|dan|atau|dengan|untuk|yang|ini|itu"
)
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
# An ASCII "!" or "?" ends a sentence only before a space: "ZmQ8!pLsWn" is one password.
# (nor the stop of "i.e.", "e.g.", "Mr.": "the password is his PAN plus DOB, i.e. abcpi1234k…")
_SENTENCE_END = lazy_compile(r"[。！？\n]|(?<!i\.e)(?<!e\.g)(?<!Mr)(?<!Mrs)(?<!Dr)[.!?](?:\s|$)")
_NEW_ONE = lazy_compile(
    r"(?:新(?:的|嘅|个|個)?(?:密码|密碼)?\s*(?:是|係|系|为|為|[:：])|(?:现在|而家|宜家)(?:是|係|系)"
    r"|改(?:成|咗做|咗|为|為)|换成|換成|reset\s*(?:成|咗做|to)"
    r"|(?i:\bnew\s+(?:one|password|pw)\s*(?:is|[:=])|\bnow\s+(?:it'?s|is)|\bit'?s\s+now|\bis\s+now))"
    r"\s*[:：=]?\s*(?P<secret>" + _VALUE + r")"
)
# A service named with digits right before its password ("Maybank2u password lupa": review50).
_OWNER_BEFORE = lazy_compile(r"[A-Z][a-z]{2,}\d+[a-z]{0,3}")
_TOKEN_VALUE = lazy_compile(r"[^\s=,;，；'\"`\\\u0080-\uffff()（）\[\]<>]{8,}")
_SYMBOL = lazy_compile(r"[!@#$%^&*+=?~]")
_HEX_OR_BASE32 = lazy_compile(r"[0-9a-f]{16,}|[A-Z2-7]{16,}")
# Names with digits said beside secrets that are none: where a secret is kept, an algorithm.
_PRODUCT_NAME = lazy_compile(
    r"(?i)^(?:1password|auth0|okta|office365|microsoft365|m365|win\d+|iphone\d+|ipad\d*"
    r"|python\d+(?:\.\d+)*|web3|ec2|s3|md5|sha\d+|base64|base32|utf-?8|x86_64|arm64|aes\d+"
    r"|rsa\d+|ed25519|hs\d+|rs\d+|es\d+|oauth2?|pbkdf2|argon2(?:id)?|bcrypt|scrypt)$"
)
_ADDRESS = lazy_compile(r"^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$")
# A hashtag, a mention, a user at a host cut before its domain, a Windows variable, Markdown
# emphasis, a file: shapes a symbol gives that hold no secret ("#fitnessgoals", "%USERPROFILE%",
# "**Troubleshooting", "Health_Insurance_Policy_2021-02-01.pdf": LongMemEval's chats).
_NAMED_SHAPE = lazy_compile(
    r"^(?:[#@][A-Za-z]\w*|[\w.+-]+@[A-Za-z][\w-]*|%\w+%?|[*_~]+\w.*|[\w.-]+\.(?:pdf|docx?|xlsx?|pptx?|csv"
    r"|txt|md|png|jpe?g|gif|zip|json|ya?ml|py|js|ts|sh|log))$"
)
# A keyboard shortcut ("cmd+shift+L"), a masked value, MySQL's "(using password: YES)".
_NO_SECRET = lazy_compile(
    r"(?:(?i:(?:cmd|ctrl|alt|shift|option|opt|meta|super|win|command|control|fn)\+)+\w+|[*•●]+"
    r"|YES|NO"
    r")[).,;]*"
)
# ...said anywhere after "wifi" ("our wifi network is called X and the 5g one is X-5G").
_NAMING = lazy_compile(
    r"叫|名字|名稱|名称|SSID|(?i:\bcalled\b|\bnamed\b|\bssid\b|\bnetwork\b|\bname\b)"
)
# What names a public value: "commit 3f9a2c71…", "sha 9f8e…", "request id …".
_PUBLIC_BEFORE = lazy_compile(
    r"(?i:\b(?:commit|sha\d*|hash|fingerprint|ids?|uuid|revision|rev|build|run|trace|request)"
    r"\s*[:：#]?\s*)$"
)
# What names a network or an account, not its password ("wifi 名字叫 ChinaNet-8Fx2").
_NAMED_AS = lazy_compile(r"(?:叫|名字|名稱|名称|SSID|(?i:\bcalled|\bnamed|\bssid))\s*[:：是]?\s*$")
# How far from the secret word a value in a credential's shape is looked for, in characters
# ("the app secret for the wechat mini program, in case you need it later, is 5e4d…").
_SHAPE_WINDOW = 96
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


def _credential_shape(value: str) -> bool:
    """Mixed case and a digit, a symbol with a letter, a run of hex or base32, or letters and
    digits interleaved (8h3k-2m9p-7q4r): no host, path, file, date, version or address."""
    if _ADDRESS.match(value) or value.lower().startswith(("http", "$", "{{", "[redacted")):
        return False
    if _NAMED_SHAPE.match(value):
        return False
    if _PRODUCT_NAME.match(value):
        return False
    has_digit = bool(re.search(r"\d", value))
    if _HEX_OR_BASE32.search(value) and (has_digit or value.isupper()):
        return True
    if "." in value and any(len(part) >= 20 and _mixed_value(part) for part in value.split(".")):
        return True  # a token with a prefix ("sl.B3kLm9Pq2Rt7Vw4Yb6Hc1Jd5Fs0GaKe8MnZx4Q")
    if _NOT_PASSWORD_SHAPE.match(value) and not _SYMBOL.search(value):
        return False
    if _SYMBOL.search(value) and re.search(r"[A-Za-z]", value) and (has_digit or len(value) >= 10):
        return True
    if re.search(r"[a-z]", value) and re.search(r"[A-Z]", value) and has_digit:
        return True
    return len(re.findall(r"(?=[A-Za-z]\d|\d[A-Za-z])", value)) >= 4


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
    for word in _SECRET_NAME.finditer(text):
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
            owner = (
                _OWNER_BEFORE.fullmatch(value)
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
    r"|xac thuc|xac nhan|bao mat|mo khoa|ket|cua|khoa|bi mat|báo động|bao dong|lấy hàng|lay hang|nhận hàng|nhan hang)|(?<=bấm )mã|(?<=nhập )mã)"
    # (Romanian, with its article: "pinul", "codul alarmei", "cod de ridicare")
    r"|(?i:(?<![\w-])(?:pinul|codul (?:pin|alarmei|u[șs]ii|por[țt]ii|sms|interfonului|seifului|lac[ăa]tului)"
    r"|cod(?:ul)? de (?:ridicare|acces|confirmare|verificare|deblocare)|parola verbal[ăa]|passcode-ul|pin-ul)(?![\w-]))"
    r"|(?i:(?<![A-Za-z0-9])(?:(?:door|gate|alarm|disarm|panic|safe|access|entry|garage|keypad|locker"
    r"|lock|building|sms|text|verification|app|login|sign-in|auth|authenticator|2fa|mfa|bank|haustür|guard|press"
    r"|tür|wohnungstür|token|pickup|collection)"
    r"(?: system| panel| room)?[ -]code|otp|one-time (?:password|code)"
    r"|(?:numbers|digits) on the back|security code)(?![A-Za-z0-9]))"
    # (not a Kenyan tax number, a "KRA PIN": review65)
    r"|(?<![A-Za-z0-9])(?<!KRA )(?:M?PIN|NIP|BLIK|PUK2?(?: (?i:number|code))?)(?![A-Za-z0-9])|(?i:(?<!\w)пін(?!\w))"
    # (other languages: "código do 2FA", "Code de vérification", "暗証番号", a dial "ダイヤル")
    # (not a listing's, a product's or a parcel's code: "o código do imóvel no portal é 48213")
    r"|(?i:(?<![A-Za-z0-9])(?:c[óo]digo de seguridad|güvenlik kodu|c[óo]digo(?! postal| d[oea]l? (?:imóvel|imovel|produto|producto|pedido"
    r"|rastreio|rastreamento|barras|cliente|referência|referencia|item|artigo|artículo))|kod(?! pocztowy)"
    r"|code de (?:vérification|confirmation|sécurité)|digicode"
    r"|(?:user|host|transaction|personal|staff|access|installer|master|duress|day) code)(?![A-Za-z0-9]))"
    r"|暗証番号|ダイヤル|認証番号|認証コード|確認コード|暗証コード|解除番号|ワンタイムパスワード|(?<!\w)کد(?!\w)(?! (?:پستی|ملی|رهگیری|سفارش|اقتصادی|تخفیف))|পিন|কোড"
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
    r"|lucchetto|cofre|patrón|peti besi|sejf|kombinacj[aię]|seif(?:ul)?|lac[ăa]t(?:ul)?|interfon(?:ul)?|alarm(?:a|ei)|ket sat|mo khoa|mở khóa|cadenas|coffre(?:-fort)?|casier|digicode|két sắt|két|schlössli|zahle?n?kombi(?:nation)?|candado|desbloqueo"
    r")(?![A-Za-z0-9]))|(?i:(?<!\w)(?:сейф[аеу]?|замок|ה?כספת|комбінаці[яї]|комбинаци[яи]|χρηματοκιβώτιο|λουκέτο|συναγερμ\w*|θυρίδα\w*)(?!\w))|ปลดล็อก|金庫|テンキー|宅配ボックス|گاوصندوق|دزدگیر|قفل|صندوق امانات|তালা|লকার|ตู้เซฟ|เซฟ|ال?خزنة|开机|開機|解锁|解鎖|도어락|[门門](?=\s*要?\s*(?:按|撳|输入|輸入|打))"
    r"|锁|鎖|储物柜|儲物櫃|柜子|櫃|防盗器|防盜器|键盘|鍵盤|组合|組合|大门|大門|大闸|大閘"
    # a bank's codes by their letters ("TAN by SMS", "TAC baru masuk 884 102", "ATM one sia, 7 3 0 1")
    r"|(?<![A-Za-z0-9])(?:TAN|TAC|ATM)(?![A-Za-z0-9]))"
    # codes kept for when a phone is lost, said one after another ("恢复码 8h2k9-dxq4m 和 p3mv7-zt4r6")
    r"|(?P<codes>恢复码|恢復碼|备用码|備用碼|备用验证码|備用驗證碼|备援码|備援碼|备份码|備份碼|バックアップコード|(?i:резервн(?:і|ые|ий|ый) код[иы]|yedek kodlar[ıi]?|codes? de (?:secours|récupération))|백업 코드|복구 코드|(?i:c[óo]digos de (?:respaldo|recuperaci[óo]n))|(?i:(?<![A-Za-z0-9])(?:backup|recovery)[ -]codes?(?![A-Za-z0-9])))"
    # a code whose value may follow its name with no verb ("提取码 x7k9")
    r"|(?P<direct>授权码|授權碼|认证码|認證碼|提取码|提取碼|访问码|訪問碼|取件码|取件碼|验证码|驗證碼|安全码|安全碼"
    r"|校验码|校驗碼|验证吗|对码|對碼|配对码|配對碼|登录码|登錄碼|登入碼|家长控制|家長控制)"
    # a code someone sent, by "the code" alone: only six digits or more count ("the code Microsoft
    # sent was 204817"), no status or exit code ("the code was 404")
    r"|(?P<sent>(?i:(?<![A-Za-z0-9])(?:the|this|that|a|your|my|me) code(?![A-Za-z0-9])))"
    # (not a thing named after it: 密码页, 密码本, 密码策略, the password manager)
    # (a key named after its network, words between: "WLAN … heisst Schultz-Net, Schlüssel isch …")
    r"|(?P<word>(?i:(?<![A-Za-z])(?:wlan|wifi|wi-fi)(?![A-Za-z])[^.!?。\n]{0,40}?\bschlüssel)|비번|비밀번호|암호|(?:密码|密碼|口令)(?!页|頁|本|学|學|框|管理|策略|规则|規則|长度|長度|强度|強度|字段|输入|輸入)"
    r"|(?i:(?<![A-Za-z0-9-])(?:password|passwd|passphrase|passcode|pwd|pw|requirepass|masterauth"
    r"|pasword|passwrod|passowrd|pssword|(?:keystore|wifi|app|root|admin|db|vpn|account|master) pass"
    r"|" + _PASSWORD_ABROAD + r"|(?:wpa2?|wifi|wi-fi|wlan|network) key|security answer)s?"
    r"(?![A-Za-z0-9-])"
    r"(?!\s+(?:manager|policy|policies|reset|field|hash\w*|rules?|length|strength|prompt|page"
    r"|form|toggle|input|column|store|vault|generator|requirements?|expiry|rotation)\b)))"
    r"|(?P<wifi>(?i:(?<![A-Za-z0-9])(?:wifi|wi-fi)(?![A-Za-z0-9])))"
    # an account: only a value in a password's shape, quoted, joined, or "the word X" counts
    r"|(?P<login>(?i:(?<![A-Za-z0-9/.-])(?:login|admin|root|administrator|sudo)(?![A-Za-z0-9/.-]))|后台|後台)"
    # a key by its role: only a value in a key's shape, quoted, or words joined counts
    r"|(?P<keyword>(?i:(?<![/A-Za-z0-9_-])(?:secret|token|api[ _-]?key|signing key|app secret)"
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
    # (Swiss German "isch", Hindi "hai", a token "zeigt"/"shows" its code: review58)
    r"|ist|isch|hai|chai|zeigt(?: grad)?|shows|displays|είναι|ήταν|(?:τον |το )?άλλαξα σε|c'était|était|كان|صار|وصار|ነው|ደግሞ|este|era|(?:se )?(?:desactiva|abre|activa) con|e(?=\s+\S*\d)|la(?=\s+\S*\d)"
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
# How a passphrase is typed, said after it ("…, with the spaces", "全小写", "中间有空格").
_TYPED_AS = (
    r"\s*[,，—–]?\s*(?i:(?:yes|yeah|yep|and)\s+)?(?:(?:中间|中間)?(?:带|帶|有|冇|沒有|没有)?空格|全(?:部)?小[写寫]|全細階"
    r"|(?i:(?:with )?(?:the )?spaces|all lowercase|all lower case|with (?:the )?hyphens"
    r"|all small letters(?: with spaces)?|with spaces and capital letters"
    r"|capitals and spaces))"
)
# Digits said in words: English, German, French, Portuguese, Malay ("vier sieben null drei",
# "empat-lapan-satu-sembilan": review50).
_DIGIT_WORD = (
    r"(?:zero|one|two|three|four|five|six|seven|eight|nine"
    r"|null|eins|zwei|drei|vier|fünf|sechs|sieben|acht|neun"
    r"|nought|zéro|un|deux|trois|quatre|cinq|sept|huit|neuf|um|dois|três|quatro|cinco|seis|sete|oito|nove"
    r"|kosong|satu|dua|tiga|empat|lima|enam|tujuh|lapan|sembilan"
    r"|rei|ichi|ni|san|yon|shi|go|roku|nana|shichi|hachi|kyuu|kyu"
    r"|cero|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve"
    r"|jeden|dwa|trzy|cztery|pięć|sześć|siedem|osiem|dziewięć"
    r"|sifuri|moja|mbili|tatu|nne|tano|sita|saba|nane|tisa"
    r"|không|một|hai|ba|bốn|năm|sáu|bảy|tám|chín"
    # Russian, Turkish, Hebrew, Arabic, Hindi said in Latin letters (review53: "пять, три, ноль,
    # восемь", "beş-iki-dokuz-sıfır", "שש-אפס-תשע-שתיים")
    r"|ноль|нуль|один|одна|два|две|три|четыре|пять|шесть|семь|восемь|девять"
    r"|sıfır|sifir|bir|iki|üç|dört|dort|beş|bes|altı|alti|yedi|sekiz|dokuz"
    r"|אפס|אחת|אחד|שתיים|שתים|שניים|שלוש|ארבע|חמש|שש|שבע|שמונה|תשע"
    r"|صفر|واحد|اثنين|اثنان|ثلاثة|أربعة|خمسة|ستة|سبعة|ثمانية|تسعة"
    r"|ek|do|teen|tin|chaar|char|paanch|panch|chhe|saat|aath|nau|shunya"
    # (Swiss German: "drü-sibe-null")
    r"|eis|zwöi|drü|foif|füf|sächs|sibe|nüün"
    r"|uno|due|tre|quattro|cinque|sette|otto|nove"
    r"|одна|дві|чотири|п'ять|шість|сім|вісім|дев'ять"
    r"|शून्य|एक|दुई|दो|तीन|चार|पाँच|पांच|छ|छह|सात|आठ|नौ"
    r"|ゼロ|レイ|イチ|ニ|サン|ヨン|ゴ|ロク|ナナ|ハチ|キュウ|キュー"
    r"|nol|bir|ikki|uch|to'rt|besh|olti|yetti|sakkiz|to'qqiz"
    r"|unu|doi|trei|patru|cinci|șase|sase|șapte|sapte|opt|nouă|noua"
    r"|khong|mot|bon|sau|bay|tam|chin"
    r"|صفر|یک|دو|سه|چهار|پنج|شش|هفت|هشت|نه"
    r"|শূন্য|এক|দুই|তিন|চার|পাঁচ|ছয়|ছয়|সাত|আট|নয়|নয়)"
)
# ...and Thai's, which run together with no space ("หนึ่งสี่เก้าแปด") and end in marks that no
# word boundary follows.
_THAI_DIGIT = r"(?:ศูนย์|หนึ่ง|สอง|สาม|สี่|ห้า|หก|เจ็ด|แปด|เก้า)"
_THAI_DIGITS = _THAI_DIGIT + r"(?:[- ]?" + _THAI_DIGIT + r"){2,7}"
# (a comma may part those in other scripts: "пять, три, ноль, восемь"; in English it ends the
# code: "yon nana ichi hachi, four digits")
_DIGIT_WORD_SEP = r"(?:[- ・]|[,،] ?(?=[^\x00-\x7f]))"
# ...or a comma after every digit ("oito, três, zero, seis, um")
_DIGITS_BY_COMMAS = _DIGIT_WORD + r"(?:, " + _DIGIT_WORD + r"){2,7}"
_SPELLED_DIGITS = lazy_compile(
    r"(?i)\b(?:"
    + _DIGIT_WORD
    + r"(?:"
    + _DIGIT_WORD_SEP
    + _DIGIT_WORD
    + r"){2,7}|"
    + _DIGITS_BY_COMMAS
    + r")\b|"
    + _THAI_DIGITS
)
_SLOT_FORMS = (
    "quoted", "dquoted", "dictated", "spaced", "turns", "repeat", "hanzi", "spelled", "typed", "phrase", "chinese",
    "secret",
)  # fmt: skip
# A digit said with how many times it repeats ("六个零", "八个8", "五个零一个八": review54-55): the
# code itself, spelled by count.
_REPEATED = (
    r"[二三四五六七八九两兩2-9]\s*[个個]\s*[零〇幺一二两兩三四五六七八九0-9]"
    r"(?:\s*[一二三四五六七八九两兩1-9]\s*[个個]\s*[零〇幺一二两兩三四五六七八九0-9])?"
    r"(?=[\s，,。.…！!？?；;、]|$)"  # (not "唔可以同之前五個一樣")
)
_REPEATED_DIGITS = lazy_compile(_REPEATED)
# A number a dial turns to, in Chinese numerals: under a hundred.
_DIAL_NUMBER = r"(?:[一二三四五六七八九]?十[一二三四五六七八九]?|[零一二三四五六七八九])(?![零一二三四五六七八九十])"
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
    r"|(?P<hanzi>[공영일이삼사오육칠팔구]{4,8}(?![가-힣])|[零〇幺一二两兩三四五六七八九]{3,8}(?: [零〇幺一二两兩三四五六七八九]{1,4}(?![\u4e00-\u9fff])){0,3}"
    r"|[零〇幺一二两兩三四五六七八九](?: [零〇幺一二两兩三四五六七八九](?![零〇幺一二两兩三四五六七八九])){2,7}"
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
    "portão", "brama", "暗証番号", "ダイヤル", "도어락", "비번", "비밀번호", "암호", "kod", "夾萬", "夹万", "开机", "開機",
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
# What counts after a number, so it is no code ("2024 年", "12 位", "4096 tokens").
_UNIT_WORD = lazy_compile(
    r"\s?(?:年|月|日|天|个|個|次|位|号|號|点|點|分|秒|万|條|条|元|%|多|左右|块|塊|蚊|款|台|套|张|張|人"
    r"|(?i:ms|s|kb|mb|gb|px|bytes?|chars?|characters|digits?|days?|hours?|years?|minutes?|mins?|people|users?|times|tokens?|editions?"
    r"|models?|words?|rows?|lines?|items?|steps?|pages?)\b)"
)
# Words joined into a passphrase ("mango-shaved-ice", "printer_ftw", "egg_tart_2023"), not a field
# in code ("user_id", "password_hash").
_JOINED_WORDS = lazy_compile(r"[A-Za-z]+(?:-[A-Za-z0-9]+){2,}|[A-Za-z]+(?:_[A-Za-z0-9]+)+")
_FIELD_SUFFIX = lazy_compile(r"(?i)_(?:id|key|hash|name|field|col|column|type|url|path|at|by)$")
# The parts of a host's or a service's name ("ledger-db-stg", "wms-inbound-api"): never of a
# passphrase of words.
_HOST_PART = lazy_compile(
    r"(?i)db|stg|staging|prod|dev|test|qa|uat|api|svc|srv|web|app|k8s|redis|mysql|pg"
    r"|cache|worker|node|host|vm|gw|proxy|cluster|env|internal|int|ext|primary|replica|master|slave"
    r"|backup|bak|east|west|north|south|v\d+|server|service|inbound|outbound|ingress|gateway|sql"
)
# Words of a sentence said after "password:", never of a passphrase ("password: please ask Tom").
_PROSE_VERBS = frozenset((
    "please", "ask", "see", "check", "contact", "call", "find", "get", "look", "try", "reset",
    "change", "send", "use", "using", "kept", "expires", "changes", "must", "should", "can", "will",
    "would", "could", "may", "might", "has", "have", "had", "does", "do", "did", "are", "were",
    "ping", "dm", "message", "email", "slack",
))  # fmt: skip
_TEST_CODE = lazy_compile(
    r"测试|測試|万能|萬能|固定|(?i:\btest|\bstaging\b|\bmock|\bdummy|\bsandbox)"
)
# What a plain word is said to spell ("我爱广州的拼音 woaiguangzhou", "他们公司名 mountainleaf").
_DESCRIBED_AS = lazy_compile(r"(?:拼音|名字|名|单词|單詞|词|詞|英文|缩写|縮寫)$")
# A dial's direction (Indonesian kanan/kiri, German, Spanish, Portuguese, Vietnamese).
_TURN = (
    r"(?:left|right|kanan|kiri|links|rechts|izquierda|derecha|esquerda|direita|trái|phải|sinistra"
    r"|destra|左轉|右轉|左转|右转|左|右|phai|trai|à droite|à gauche|يمين|يسار|o'ng|chap|ወደ ቀኝ|ወደ ግራ)"
)
# A lock's combination ("36-18-72", "2-9-0-6"): two digits at most between dashes, three or more
# numbers; not a date (no four-digit year).
_COMBINATION_SAID = lazy_compile(
    r"(?<![\w/.:-])\d{1,2}(?:-\d{1,2}){2,5}(?![\w/.:-])|\d{1,2}(?: - \d{1,2}){2,5}(?![\w/.:-])"
    r"|\d{1,2}(?:、\d{1,2}){2,5}(?!\d)"
    # ...or a dial's turns ("12 left, 38 right, 7 left": review52)
    r"|(?i:\b\d{1,2}\s*" + _TURN + r"(?:[,،፣]?\s*(?:then\s+)?\d{1,2}\s*" + _TURN + r"){2,4}(?!\w))"
    r"|(?i:(?<![A-Za-z])"
    + _TURN
    + r"\s*\d{1,2}(?:[,،፣]?\s*(?:then\s+|閣|再|又)?"
    + _TURN
    + r"\s*\d{1,2}){2,4}\b)"
)
# A code said to have three digits.
_THREE_SAID = lazy_compile(
    r"三位|三個數|三个数|仨数|(?i:\b(?:three|3)[- ]digits?\b|trzy cyfry|tres d[íi]gitos|três d[íi]gitos"
    r"|drei (?:ziffern|stellen)|trois chiffres|tiga digit|ba s[ốo]|üç (?:haneli|rakam))"
)
# ...told with words between each turn and its number.
_TURN_TOLD = r"(?:先|再|然后|然後|最后|最後)?\s*(?:往|向)?[左右](?:转|轉|拧|擰|旋)[^\d，,。；;\n]{0,6}?(?:到|至|停在)\s*\d{1,2}"
_TURNS_TOLD = lazy_compile(_TURN_TOLD + r"(?:[\s，,]*" + _TURN_TOLD + r"){2,4}")
# What opens with three digits: a bike lock, a card's security code.
_THREE_DIGITS = lazy_compile(
    r"(?:锁|鎖|安全码|安全碼|卡背|卡背后|卡背後|背面|后面|後面|背后|背後|後壁|后壁|數字|数字|數|数|位"
    r"|(?i:back|security code|lock|lockbox|lockers?|dial|seguridad|güvenlik kodu|cvv2?|cvc2?|λουκέτο|kłódka)|قفل)$"
)
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
    r"|본인확인 질문|보안 질문|비밀번호 질문|domanda di sicurezza|提示問題|提示问题"
    r"|secret (?:question|answer)|pregunta de seguridad|respuesta de seguridad|pergunta de segurança"
    r"|question de sécurité"
    r"|secure word|maiden name|memorable (?:word|answer)))"
    # (the question quoted may end in its own mark: "'Name vom erste Huustier?' – Antwort: Bläss")
    r"(?:[^。！？\n]|['「“\"«][^'」”\"»\n]{0,40}['」”\"»]){0,60}?"
    # how the answer is given: said (答案是, 我写的, "I typed", "answer as", Malay "jawab") or only
    # named with "is" (then capitalised words only: "is my first pet" is the question)
    r"(?:(?P<given>我(?:講|讲|說|说)(?=\s*[\u4e00-\u9fff])|(?<![問问题題])(?:叫|是|係)(?=「)|答案(?:改成了?|换成了?|換成了?)?(?:是|係|为|為|打|填|写|寫)?\s*[:：]?|答えは|(?:填|写|寫|设|設|答|选|選)(?:的|咗|了|嘅)?(?:是|係|系)?"
    r"|(?i:\banswer(?:\s+(?:is|was|as)|'s|:)|\bI (?:put|wrote|used|said|typed|type)(?: is)?|\btyped|\bjawab"
    r"|\bnamed|\bcalled|\bantwort(?:\s+(?:isch|ist|war))?\s*[:：]?|\banswer\s+(?:maine|mein|maile)\b|\btrả lời(?: là)?"
    r"|\bcevap(?: olarak)?|\bcevabı|написал[аи]?|написав|вказал[аи]?|указал[аи]?|ตอบ(?:ไป)?(?:ว่า)?|έβαλα|απάντησα|نوشتم|(?:جاوبت|الجواب)\s*[:：]?|javobi(?:ni)?|መልሱ|መልሴ|j'ai mis|tra loi|r[ăa]spunsul\b[^:：\n]{0,60}[:：]"
    r"|উত্তর(?: দিয়েছি)?\s*[:：]?|の答え(?:は|、)?"
    r"|\b(?:le )?puse|\bcoloqué|\bI answer(?:ed)?|\baku isi|\bsaya isi|\bisi(?:nya)?|\bni(?:li|me)(?:jaza|weka))"
    r"|ответ(?:ил[аи]?)?|답\s*[:：]?|[=→—–]\s*(?:(?i:risposta|resposta|respuesta|antwort)\s*[:：]?)?|->)"
    # (a colon right after 问题 opens the question: "提示问题：第一只宠物的名字")
    r"|(?i:\bwhich (?:is|was)|\bis\b|\bé\b|\bist\b)|(?<![题題])[:：])"
    # (quoted after a given cue only: after a bare colon the quotes hold the question, "Domanda di
    # sicurezza Poste: 'città natale di tua madre' → risposta Bergamo Alta")
    r"\s*(?:(?(given)[「“\"'『](?P<quoted>[^」”\"'』\n]{1,40})[」”\"'』]|(?!))"
    r"|(?![的答是係系嘅我])(?![\u4e00-\u9fff]{0,9}(?:什么|什麼|啥|乜|咩|多少|哪|谁|誰))"
    # (English inside: "陈sir数学"; an emoji may end it)
    # (one character only after an answer given: "我當時填的答案是:廖。")
    r"(?P<hanzi>[\u4e00-\u9fff](?:[\u4e00-\u9fff]|[A-Za-z]{1,8}(?![A-Za-z])){1,9}"
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
    r"|(?i:\bI (?:put|wrote|typed)|\bpuse)\s+(?P<again>[\u4e00-\u9fff]{2,10}"
    r"|[A-ZÀ-Þ][^\W\d_]+(?: (?:de|del|la|las|los|[A-ZÀ-Þ][^\W\d_]+)){0,4})"
    # (the next question named, a colon, its answer: "maiden name: Hargreaves, first pet: Biscuit")
    r"|(?<=[a-z])[:：]\s*(?P<named>[A-ZÀ-Þ][^\W\d_]+(?: [A-ZÀ-Þ][^\W\d_]+){0,3})(?=\s*(?:[,.;!?]|$))"
)
_ANSWER_STOP = lazy_compile(r"[。！\n]|[.!](?:\s|$)")
_SECURITY_MARKERS = (
    "密保", "找回密", "重置密", "忘记密", "忘記密", "问我", "問我", "安全问题", "安全問題", "保安問題", "保安问题", "question", "answer", "maiden", "memorable",
    "secure word", "安全提問", "安全提问", "seguridad", "segurança", "sécurité", "security q", "вопрос", "keamanan", "seguridad", "sicurezza", "提示問題", "提示问题", "秘密の質問", "bảo mật", "sicherheitsfrag", "güvenlik sorusu", "ασφαλείας", "امنیتی", "প্রশ্ন", "سؤال", "savol", "secrète", "securitate", "bao mat", "pytanie bezpiecze", "soalan keselamatan", "คำถามความปลอดภัย", "питання", "질문",
)  # fmt: skip
_QUESTION_WORD = lazy_compile(
    r"什么|什麼|啥|乜|咩|多少|哪|谁|誰|(?i:^(?:what|which|who|where|when|how)$)"
)
_SAID_AS_WORDS = lazy_compile(r"(?:诗|詩|话|話|成语|成語|歌词|歌詞|口号|口號|中文)的?$")
# Asking or telling someone, said after a password's name ("要再問她").
_ASKS_SOMEONE = lazy_compile(r"(?:问|問|说|說|讲|講|告诉|告訴|跟|找)[我你他她]")
# What a value in Chinese after 密码 says about the password, not the password.
_DESCRIBES_A_PASSWORD = lazy_compile(
    r"什么|什麼|多少|啥|哪|一样|一樣|相同|同一|默认|默認|生日|手机|手機|电话|電話|身份证|身份證|拼音|名字"
    r"|空的|错|錯|对的|對的|之前|原来|原來|以前|那个|那個|这个|這個|随机|隨機|加密|明文|过期|過期|不变|不變"
    r"|保密|老的|旧的|舊的|新的|位数|位數|数字|數字|字母|大写|大寫|小写|小寫|中文|英文|简单|簡單|复杂|複雜|设置|設置"
    r"|密码|密碼|账号|賬號|用户|用戶|管理员|管理員|一下|不能|不要|唔好|忘|记|記"
    # (what it is instead, or the rules it follows: "就是个编号", "規定要8到12碼")
    r"|编号|編號|号码|號碼|规定|規定|要求|至少|最少|\d+\s*到\s*\d+"
)
# A value the text then says is no password ("93330110MA28F3QK7B，年报上要填，这不是密码"): only what
# was found in words (``_SAID_KINDS``), never a token found by its shape.
_SAID_KINDS = frozenset({"password", "pin"})
_NOT_A_PASSWORD_SAID = r"(?:不是|唔係|并不是|並不是)(?:密码|密碼|口令|秘密)"
_SAID_NOT_A_SECRET = lazy_compile(
    r"[^。！？\n]{0,24}?(?:这|這|它|呢個)?"
    + _NOT_A_PASSWORD_SAID
    + r"|(?i:[^.!?\n]{0,24}?\b(?:is not|isn't|not) (?:a|the) (?:password|secret|pin)\b)"
)
# A value shown masked ("sk_live_••••••••4f2a"): what is left shows no secret.
_MASKED = lazy_compile(r"[*•●]{4,}")
# ...or a lock named just before the code's name ("信箱鎖嘅密碼係 三八零", "挂锁的密码").
_LOCK_BEFORE = lazy_compile(r"(?:锁|鎖)(?:的|嘅|个|個)?\s*$")
# A code typed on a keypad, with the key that ends or starts it ("2580#", "#1938").
_KEYPAD_CODE = lazy_compile(r"[#*]?\d+(?:[#*]\d+)*[#*]?")
_QUERY = lazy_compile(r"[&?]\w+=|://")
_SECRET_PART = lazy_compile(r"pass|password|passwd|pwd|pw|secret|token|key|hash|salt")
_WITH_SPACES = lazy_compile(_TYPED_AS)
# ...a value in a password's shape that stands alone after a comma, ended by a comma, a stop, a
# particle or the text's end.
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
# What a number after a code's name is when these come just before it: a date, a count, a place.
_NOT_A_CODE_BEFORE = lazy_compile(
    r"(?i:\b(?:in|since|from|until|till|by|at|on|before|after|for|of|year|about|around|over|under"
    r"|only|than|every|per|to|and|or|plus|minus|is|was|are|number|no|nr|room|floor|level|unit|suite"
    r"|flat|apt|block|platform|bus|route|line|page|step|chapter|ext|extension|model|version|v|like"
    r"|such as|e\.g\.|your|my|the|a)\s*$)|(?:不要用|别用|別用|避免|例如|比如|譬如)\s*$"
    r"|(?:[年月号號第约約共#]|(?<!生)日)\s*$"  # (a birthday's digits are a PIN: "是我妈的生日 六九零三一五")
)
# A number guessed is no code: what says so just before it.
_ESTIMATE = lazy_compile(r"(?:大概|差不多|估计|估計|大约|大約|左右)\s*$")
_YEAR = lazy_compile(r"(?:19|20)\d\d")
# A sentence that starts with its verb, its subject the secret named in the sentence before ("Badge-PIN
# notiere? Isch jetzt 4471": review58).
_COPULA_FIRST = lazy_compile(
    r"\s*(?i:(?:it'?s|it is|isch|ist|es ist|c'est|acum este|acum e|就是|係)\b)"
)
# "The old one" / "the new one" in the languages users mix in (review54: "purana 4471 tha ab 9082",
# "dulu 121212 sekarang 730915", "ile ya zamani 2580 … mpya ni 7143").
_OLD_OR_NEW = lazy_compile(
    r"\s*(?i:(?:the |my |ile |ya |yang |cái |cai )*(?:old|new|previous|former|current|purana|puraana|naya|nayi|ab"
    r"|dulu|sekarang|lama|baru|zamani|mpya|antigo|novo|nova|alte|alter|neue|neuer|cũ|mới|dati|ngayon"
    r"|stary|stara|nowy|nowa|teraz|vecchio|vecchia|nuovo|nuova|ora|adesso|yenisi|eskisi|yeni|eski"
    r"|viejo|vieja|nuevo|nueva|antiguo|antigua|jadidesh|jadid|ghadimi|notun|puran|purono|vechiul|vechea|noul|cu|moi)\b)"
    r"|\s*(?:以前|之前|原来|原來|旧的|舊的|新的|现在|現在|старый|новый|теперь|старий|новий|тепер|جدید|قدیمی|নতুন|পুরান|এখন|আগে)"
)
# A code said of every device of a kind, in general ("配对码一般是出厂默认的 0000"): no one's secret.
# What the text says the number is, right after it: not the code.
_SAID_NOT_A_CODE = lazy_compile(
    r"卡[号號](?![尾后後末])|(?i:card number|not the (?:password|code|pin))|" + _NOT_A_PASSWORD_SAID
)
_FACTORY_DEFAULT = lazy_compile(r"一般|通常|(?i:\busually\b|\bby default\b)")
_PHONE_NAMED = lazy_compile(r"电话|電話|热线|熱線|客服|(?i:hotline|phone|call)")
# How many characters before a number a phone's name must be to make it a number to call.
_PHONE_REACH = 6
_PHONE_AFTER = lazy_compile(r"\s*(?:搵|找|联系|聯絡|聯繫|(?i:to reach|to call|for help))")
_NOW = lazy_compile(
    r"(?i:\b(?:now|ahora|agora|maintenant|jetzt|teraz|sekarang|acum|şimdi|simdi)\b)|现在|現在|而家|宜家|сейчас|теперь"
)
_IN_A_NUMBER = lazy_compile(r"\d,\d")  # "28,000": no comma between clauses
# What says a value is read out one character at a time.
_READ_OUT = lazy_compile(
    r"念|读|讀|一个一个|一個一個|一个个|一個個|一個字|逐个|逐個"
    r"|(?i:spell|épel|letter by letter|one by one|harf|đọc từng|từng chữ)"
)
# A keypad's key said before the code ("it's star 3 6 2 1"), how many digits a code has ("4 位數"),
# and an apostrophe inside a word ("під'їзду"): none of them ends a code's clause.
_KEY_SAID = lazy_compile(r"(?i:\b(?:star|hash)\s*$)")
_DIGITS_SAID = lazy_compile(r"\d\s*(?:位數|位数|位|(?i:digits?|-digit))")
_IN_WORD_APOSTROPHE = lazy_compile(r"(?<=[^\W\d_])['’](?=[^\W\d_])")
_CODE_FORMS = ("spaced", "hanzi", "spelled", "repeat")
# What makes digits an example, said before or after them ("比如 123456 这种").
_EXAMPLE_NEAR = lazy_compile(
    r"\s*(?:这种|這種|之类|之類|这样的|這樣的|那种|那種)|.*(?:比如|例如|譬如|像是|不要用|别用|別用|不能用)"
)
_COUNT_OF = (
    {c: i for i, c in enumerate("零一二三四五六七八九")}
    | {"两": 2, "兩": 2}
    | {str(i): i for i in range(10)}
)
# The cues after which several words are the value itself ("passphrase: Seven Blue Elephants
# Dancing", "主密码是四个单词 lemon river candle north", "it is vxhm qtpa zlrw kced"), not an English
# preposition ("a password or smart card to access patient records").
_NAMING_CUE = lazy_compile(
    r"(?i:is\b|was\b|it'?s\b|it is\b|should be|will be|set to|changed to)|[:：=—–]|[^\x00-\x7f]"
)
_JUST_AFTER_A_COMMA = lazy_compile(
    r"[，,]\s*(?:都|也|就|其实|其實|应该|應該|我?(?:记得|記得)|好似|好像|[一二三四五六七八两兩\d]\s*位(?:数|數|的)?"
    r"|(?i:then|poi|dann|depois|luego|lalu|tapos|rồi|(?:le |el |the )?code|kod|kodi|código))?\s*$"
)
_COMBINATION = lazy_compile(r"\d{1,2}(?:-\d{1,2}){2,5}|\d{1,6}(?:-\d{1,6}){1,3}")
# A code kept for a lost phone: digits in groups, or letters and digits interleaved.
_KEPT_CODE = lazy_compile(
    r"(?<![\w-])(?:\d{4,5}(?: \d{4,5})?|\d{6,10}|\d{3}-\d{3}|[A-Za-z0-9](?:-[A-Za-z0-9]){5,15}|[A-Za-z0-9]{4,6}(?:-[A-Za-z0-9]{4,6}){1,5}"
    r"|(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{5,12})(?![\w-])"
)


def _joined_before_its_name(value: str) -> bool:
    """Words joined and then named as the password ("hockeynight_in_canada is the Netflix
    password"): any words, but no field of code ("user_password is the password column")."""
    return (
        _JOINED_WORDS.fullmatch(value) is not None
        and not _FIELD_SUFFIX.search(value)
        and not any(_SECRET_PART.fullmatch(p) for p in re.split(r"[_-]", value.lower()))
    )


def _words_joined(value: str) -> bool:
    """Words joined into a passphrase ("hunter-moss-lantern-4"), none a host's part or a little
    word of prose."""
    parts = [p for p in re.split(r"[_-]", value.lower()) if not p.isdigit()]
    # (little words count when the parts are capitalised or hold a digit: "Kilt_And_Coffee")
    typed_apart = "_" in value and (
        bool(re.search(r"\d", value)) or sum(p[:1].isupper() for p in value.split("_")) >= 2
    )
    return (
        _JOINED_WORDS.fullmatch(value) is not None
        and not _FIELD_SUFFIX.search(value)
        and sum(len(p) <= 2 for p in parts) < 2  # "pg-ha-cn", not "galo-de-barcelos-2024"
        and not any(
            _HOST_PART.fullmatch(p)
            or _SECRET_PART.fullmatch(p)
            or (_LITTLE_WORD.fullmatch(p) and not typed_apart)
            or p in _SAID_OF_A_PASSWORD
            or p in _PROSE_VERBS
            for p in parts
        )
    )


def _codes_after(text: str, start: int, stop: int) -> list[SecretFinding]:
    """The backup or recovery codes listed after their name (``_SLOT_NAME``'s ``codes``)."""
    return [
        SecretFinding("password", m.start(), m.end())
        for m in _KEPT_CODE.finditer(text, start, stop)
        if re.search(r"\d", m.group()) and not _UNIT_WORD.match(text, m.end())
    ]


def _answers_after_a_question(text: str, answered: re.Match[str]) -> list[SecretFinding]:
    """An answer given after the question itself was taken for one ("客服让我答密保：<question>，我当时
    填的是桐庐": review56): "填的是 X" later in the sentence, past the question's mark."""
    stop = _ANSWER_STOP.search(text, answered.end())
    return [
        SecretFinding("password", m.start(group), m.end(group))
        for m in _ANSWER_AGAIN.finditer(text, answered.end(), stop.start() if stop else len(text))
        for group in ("answer", "quoted", "again", "named")
        if m.group(group)
    ]


# A password or a code told in parts, each in its own sentence ("Jira 的密码我分两次说。第一段：qwe。
# 第二段：Sz_0512。": review58; "丰巢取件码我先港前半截 …。后半截是 14": review61); read where a
# secret's name is.
_PASSWORD_PART = lazy_compile(
    r"(?:第[一二三四1-4](?:段|截)|前半(?:段|截)?|后半(?:段|截)?|後半(?:段|截)?"
    r"|(?<![号號])[前后後]面?[两兩二三四五六](?:位|碼|码))"
    r"\s*(?:(?:是|係|为|為)\s*[:：]?|[:：])\s*(?P<secret>[!-~]{2,40}?)(?=[.,;!?]?(?:\s|$)|[，。；！？])"
    # (digits told after words: "后三位我刚问过他，是716", "後三碼是阿爸的幸運數字 777")
    r"|(?<![号號])[前后後]面?[两兩二三四五六](?:位|碼|码)(?:[^。！？\n\d]{0,12}?[，,]\s*)?(?:是|係)"
    r"[\u4e00-\u9fff]{0,10}\s*(?P<digits>\d{2,6})(?!\d)"
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
        if name.group("word") and text[name.end() : name.end() + 1].isspace():
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


@dataclass(frozen=True)
class _Slot:
    """A value said after a cue that follows a secret's name: what is between decides."""

    name: re.Match[str]
    value: str
    gap: str  # between the name and the cue
    between: str  # between the cue and the value (Chinese words: "就是我爸生日 19580312")
    change: bool
    the_word: bool
    form: str  # how the value is said: quoted, dquoted, spaced (digits), phrase, secret (a token)
    cue_start: int
    start: int  # where the value starts

    @property
    def phrase(self) -> bool:
        return self.form == "phrase"

    def holds_a_secret(self, text: str) -> bool:
        """Whether the value is the secret the name names: the further the value from its name,
        the more it must look like a password itself."""
        name, core = self.name, self.value
        if not re.search(r"\w", core):
            return False  # "zeigt '------'": a blank display, no value
        if core.startswith(("[REDACTED", "/")) or _NOT_THE_PASSWORD.search(core):
            return False
        if core.startswith(("{{", "${", "$", "%(")) or _QUERY.search(core):
            return False  # a template's reference ("{{ vault_db_password }}")
        if text[name.start() - 1 : name.start()] == "$":
            return False  # a URL's query ("?debug=1"), a variable ("Bearer $TOKEN")
        if name.group("wifi") and (
            text[self.cue_start : self.cue_start + 1] in ("叫", "c", "n")
            or _NAMING.search(self.gap)
        ):
            return False  # "wifi 叫 Wang_5G", "the wifi called …": the network's name
        bare = text[self.cue_start].isspace()  # no verb: the value right after 密码 and a space
        if _ESTIMATE.search(text, max(0, self.start - 6), self.start):
            return False  # "鍵盤 … 要不要買新的 青軸的大概 1500": a price guessed, no code
        if self.form == "chinese":
            return self._in_chinese(core, bare)
        if (
            self.form == "turns"
        ):  # (words between only after what a dial opens: "保险柜的号我说你记啊 …")
            opened = name.group("code") or name.group("opens")
            return (
                not name.group("keyword")
                and (opened or not self.between)
                and self._near(comma=True)
            )
        if self.form == "dictated":  # letters and digits read out one by one: a value said
            mixed = re.search(r"\d", core) is not None and len(core.replace(" ", "")) >= 6
            # (letters alone when the text says they are read out: "我一个个念哈:k-u-a-i-l-e")
            read_out = _READ_OUT.search(text, max(0, name.start()), self.start)
            return (mixed or bool(read_out)) and not name.group("sent") and len(self.gap) <= 60
        if name.group("word") and bare and self.form not in ("spaced", "hanzi", "turns"):
            return False  # ("密码 仓库2号_Ship!", "密码 0 0 7 7": only these count there)
        if (
            self.form == "typed"
        ):  # said with how it is typed ("wedding-at-byron-bay, all lowercase")
            plain = core.lower() in _SAID_OF_A_PASSWORD or _LITTLE_WORD.fullmatch(core.lower())
            return bool(name.group("word") or name.group("wifi")) and not plain
        if _PRODUCT_NAME.match(core) or _NOT_A_PASSWORD.match(core):
            return False
        if "背" in name.group() and not re.fullmatch(
            r"\d{3,4}|[零〇幺一二两兩三四五六七八九]{3,4}", core
        ):
            return False  # a card's back: its three or four digits ("背面写住 CR2032": a battery)
        value_end = self.start + len(core)
        punctuation_cue = not text[self.cue_start : self.cue_start + 1].isalnum()
        if name.group("login") and (punctuation_cue or self.form in ("quoted", "dquoted")):
            return False  # "Root cause: IMDSv1", "xxl-job-admin … "msg":"…"": no account's password
        if (name.group("keyword") or name.group("login")) and (core.isdigit() or self.phrase):
            return False  # "token 上限是 32768", "invalid api key … to run butler login again"
        if _KEYPAD_CODE.fullmatch(core) or _COMBINATION.fullmatch(core) or self.form in _CODE_FORMS:
            if _TEST_CODE.search(text, max(0, name.start() - 16), value_end):
                return False  # "测试环境登录的验证码固定 123456": a test account's fixed code
            return self._a_code(core, text, value_end)
        if name.group("sent"):
            return False  # "the code is ready": only digits are a code someone sent
        if self.form in ("quoted", "dquoted"):  # "it's currently 'correct-horse-grafana'"
            return (
                not name.group("opens")
                and core.lower() not in _SAID_OF_A_PASSWORD
                and not _closing_quote(text, name, text[self.start - 1])
            )
        if name.group("opens"):
            return False
        code_name = name.group("code") or name.group("direct")
        if code_name and core.isalnum() and 4 <= len(core) <= 8 and not core.isalpha():
            return not self.gap or not re.search(r"[,，;；]", self.gap)  # "access code … is 7h3k"
        if not self.phrase and (
            _password_shaped(core) or (core.isalnum() and _credential_shape(core))
        ):
            keyed = not name.group("keyword") or _credential_shape(core)
            return keyed and (not name.group("wifi") or not self.between)
        in_a_log = (
            text[self.cue_start] in ":："
            and not text[self.cue_start + 1 : self.cue_start + 2].isspace()
        )
        if name.group("wifi") and (self.phrase or "-" not in core or in_a_log):
            return False  # "wifi 係 mongkok-rainy-day", not "wifi:bcn_timeout" in a device's log
        if self.phrase and not _NAMING_CUE.match(text, self.cue_start):
            return False  # "a password or smart card to access patient records": prose
        if (self.phrase or _JOINED_WORDS.fullmatch(core)) and not (
            code_name or name.group("keyword")
        ):
            if self.phrase and re.search(r"['\"]", self.gap):
                return False  # "Passwort liegt in 1Password …, Eintrag 'X' — musst du …"
            return self._a_passphrase(core, text, value_end)
        if name.group("login") and self.the_word and core.isalpha():
            return True  # "my mac login is just the word cactus"
        if not (name.group("word") or name.group("direct")):
            return False  # a plain word never a wifi's state ("the wifi is slow") nor a key's
        if not core.isalpha():
            return False
        if self.between and not _DESCRIBED_AS.search(self.between):
            return False  # ("设成咗我爱广州的拼音 woaiguangzhou": the word after what it spells)
        if name.group("direct"):
            return len(core) >= 4 and core.lower() not in _SAID_OF_A_PASSWORD
        if not (self._near() or self.the_word):
            return False
        rest = text[value_end:].lstrip(" ")
        ends_clause = (
            self.the_word
            or not rest
            or not rest[0].isascii()
            or _said_at_clause_end(text, value_end)
        )
        if _LITTLE_WORD_ABROAD.fullmatch(core.lower()):
            return False  # "— isto é só a variável": a word of the sentence after the dash
        return ends_clause and _looks_like_password(core, True, named=True)

    def _in_chinese(self, core: str, bare: bool) -> bool:
        """A password in Chinese characters, set apart by spaces after 密码 and its verb: four
        characters or more that describe no password ("是 我的生日", "是 默认的"), or Chinese mixed
        with digits or symbols ("仓库2号_Ship!")."""
        if not self.name.group("word") or _DESCRIBES_A_PASSWORD.search(core):
            return False
        if _ASKS_SOMEONE.search(core):
            return False  # "但沒跟我講新的 要再問她": what is left to do, not the password
        if self.between and not _SAID_AS_WORDS.search(self.between):
            return False  # ("开机密码是一句诗 床前明月光": what the words are may come first)
        mixed = re.search(r"[\d!@#$%^&*_+=~]", core) is not None
        return (mixed or (len(core) >= 4 and not bare)) and self._near()

    def _near(self, comma: bool = False) -> bool:
        """A short gap in Chinese: no English words between; a comma only before a change in a
        code ("改密码了，原来是 1212") or right before the verb ("支付密码你帮我记着，是 802517")."""
        if comma and _JUST_AFTER_A_COMMA.search(self.gap):
            return True
        return len(self.gap) <= 16 and not re.search(
            r"[A-Za-z]" if comma and self.change else r"[A-Za-z,，;；]", self.gap
        )

    def _a_code(self, core: str, text: str, value_end: int) -> bool:
        """Digits ("门禁密码改成 739186", "the door code for the server room is 4417"), or a lock's
        combination ("combo 18-36-04"), that count nothing."""
        name = self.name
        if _SAID_NOT_A_CODE.search(text, value_end, value_end + 24):
            return False  # "门禁卡背面印着 1234 5678 89，这个是卡号不是密码吧"
        lock = _THREE_DIGITS.search(name.group()) or _LOCK_BEFORE.search(
            text, max(0, name.start() - 8), name.start()
        )
        # (said to have three digits, before the name too: "szyfr trzy cyfry — 7, 3, 1", "锁是三位的
        # 密码2 7 5")
        lock = lock or _THREE_SAID.search(text, max(0, name.start() - 16), self.start)
        shortest = 6 if name.group("sent") else 3 if lock else 4
        if self.form == "hanzi":
            count = len(re.sub(r"[ 、]", "", core))
        elif self.form == "repeat":
            count = sum(_COUNT_OF.get(c, 0) for c in re.findall(r"(\S)\s*[个個]", core))
        elif self.form == "spelled":
            count = len(re.split(r"[- ]", core))
        else:
            count = len(re.sub(r"\D", "", core))
        if not shortest <= count <= 8 or _UNIT_WORD.match(text, value_end):
            return False
        if self.between and not re.fullmatch(r"[\u4e00-\u9fff]{1,8}", self.between):
            return False
        if re.match(r"[A-Za-z0-9_]:", text[self.start - 2 : self.start]):
            return False  # a key's part ("rh:lock:order:123"), not a code said
        # (a phone named just before the number, not a call told earlier: "打电话问我妈才晓得她改成了 9528")
        if _PHONE_AFTER.match(text, value_end) or _PHONE_NAMED.search(
            (self.gap + self.between)[-_PHONE_REACH:]
        ):
            return False  # a number to call ("打 2866 1234 搵佢哋", "卡背面那个服务电话12333")
        if _FACTORY_DEFAULT.search(self.gap + self.between):
            return False  # "蓝牙耳机配对码一般是出厂默认的 0000": a manual's, not a secret
        names_a_thing = name.group("opens") and not name.group().isupper()  # not TAN, TAC, ATM
        if (
            names_a_thing
            and self.cue_start == name.end()
            and not re.search(r"[:：,，]", text[name.end() : self.start])
            and self.form not in ("spelled", "turns")
            and not re.fullmatch(r"\d(?: \d){3,7}", core)  # "unlock 1 1 0 5 2 5" names nothing
            and not re.fullmatch(
                r"[一二三四五六七八九两兩\d]\s*位(?:数|數|的)?", self.between
            )  # "锁四位的 零六二九"
        ):
            return False  # "Locker 214 is jammed": the number names the locker
        if self.cue_start == self.start > name.end():
            if not self.gap.strip() and not re.fullmatch(r"\d(?: \d){2,7}", core):
                return False  # (a number right after the name: "密码 1024 字节以内", "Locker 214")
            if self.gap in ("（", "("):
                return True  # in brackets right after its name: "柜子的密码（0817）是我自己设的"
            # the code nearest after its name, whatever the words between, in any language ("PIN
            # for my Opay na 0707", "Mon NIP de carte c'est 7304": review51), but in the clause,
            # after no other number, and no date ("password changed in 2024")
            # (a comma only before the old or the new one: "UPI PIN change kiya, purana 4471")
            gap = self.gap
            clauses = re.split(r"[,，]", gap)
            old_or_new = len(clauses) > 1 and _OLD_OR_NEW.match(clauses[-1])
            if len(clauses) > 1 and (
                old_or_new
                or (
                    _JUST_AFTER_A_COMMA.search(self.gap)
                    and not re.search(r"\d[,，]\s*$", self.gap)  # "$2,380": no clause
                )
            ):
                gap = clauses[-1]
            return (
                # (further when the last clause says which: "Kod pintu pagar kondo Seri Maya dah
                # tukar, yang baru 8 0 2 4")
                len(self.gap) <= (64 if old_or_new else 40)
                # (an apostrophe inside a word is no quote: "код від під'їзду 2580"; how many
                # digits may be said: "頭盔鎖 4 位數 0616")
                and not re.search(
                    r"[,，;；。.!?！？\d\"'“(（]",
                    _DIGITS_SAID.sub("", _IN_WORD_APOSTROPHE.sub("", gap)),
                )
                and not re.search(r"[;；]", self.gap)
                and not _NOT_A_CODE_BEFORE.search(gap)
                and not _YEAR.fullmatch(core)
            )
        coded = (
            name.group("code") or name.group("opens") or name.group("sent") or name.group("word")
        )
        # (across a comma when the cue says which: "a TAN by SMS, the current one is 847261")
        english_gap = coded and (self.change or not re.search(r"[,，;；]", self.gap))
        # digits spelled in words are a code said aloud, across a comma too ("the keypad now, she
        # told me it's seven three one nine")
        spelled = self.form == "spelled" and len(self.gap) <= 60
        # a change said further on in the sentence ("门口密码锁按三遍都冒开,打电话问我妈才晓得她改成了 9528")
        changed = self.change and len(self.gap) <= 60 and not re.search(r"[。！？!?\n]", self.gap)
        return (
            self._near(comma=True)
            or bool(english_gap)
            or spelled
            or changed
            or self._told(core, text)
        )

    def _told(self, core: str, text: str) -> bool:
        """A code told in a Chinese story, clauses after its name ("取钱的密码我怕忘，就跟您说一下：
        六一八三二七", "门锁密码，居委会王主任说是 2 0 2 4": review55): five digits or more, six
        Chinese numerals, or digits said one by one, after 是, a colon or a comma, in the same
        sentence, no example near."""
        told = (
            (self.form == "hanzi" and len(core) >= 6 and not re.search("[ 、]", core))
            # (Chinese numerals one by one: "隔壁阿姨講是四位數:一、三、零、八")
            or (
                self.form == "hanzi"
                and len(re.sub("[ 、]", "", core)) >= 4
                and re.search("[ 、]", core)
            )
            or self.form == "repeat"
            or (core.isdigit() and len(core) >= 5)
            or re.fullmatch(r"\d(?: \d){3,7}", core) is not None
        )
        cue = text[self.cue_start : self.start].strip()
        return (
            told
            and cue[:1] in ("是", "係", "系", "：", ":", "，", ",", "报", "報")
            and len(self.gap) <= 80
            and not re.search(r"[。！？!?\n]", self.gap)
            and not _EXAMPLE_NEAR.search(self.gap)
            and not _EXAMPLE_NEAR.match(text, self.start + len(core))
        )

    def _a_passphrase(self, core: str, text: str, value_end: int) -> bool:
        """Words said as the value ("lemon river candle north", "mango-shaved-ice"): several
        ending the clause, or joined, none a little word of prose or a host's part."""
        if not self.phrase:
            return _words_joined(core)
        if _WITH_SPACES.match(text, value_end):
            return True  # "green tea at three pm 中间带空格", "ramen at midnight with the spaces"
        if not _said_at_clause_end(text, value_end) and text[value_end:].lstrip(" ")[:1].isascii():
            return False
        words = core.lower().split()
        if words[0].endswith(("ing", "ed")) or sum(w.endswith(_PROSE_ENDINGS) for w in words) >= 2:
            return False  # "…is changing next week", "…: FATAL authentication failed"
        if (
            len(words) == 2
            and not (  # two words only after "password is", ending the sentence
                self.name.group("word")
                and not self.between
                and not self.the_word
                and re.match(r"\s*(?:[.!?。！？]|$)", text[value_end:])
                and not any(w.endswith(_PROSE_ENDINGS) or len(w) < 3 for w in words)
            )
        ):
            return False
        return not any(
            _LITTLE_WORD.fullmatch(w)
            or _LITTLE_WORD_ABROAD.fullmatch(w)
            or w in _SAID_OF_A_PASSWORD
            or w in _PROSE_VERBS
            for w in words
        )


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
    r"(?<![\w.:/-])(?P<secret>\d{4,8}|\d(?: \d){3,7})(?![\w.:/-])[^。！？\n]{0,20}?"
    r"(?:(?i:that'?s|thats|is)\b|(?:这个|這個|呢個)?就?(?:是|係)|做|作为|作為|当|當)[^。！？\n.]{0,30}?"
    r"(?:\bM?PIN\b|(?i:\bkeypad\b)|(?i:\b(?:door|gate|alarm|disarm|safe|lock|locker|keypad|verification|sms|login)"
    r"(?: system)? code\b|\bOTP\b)|密码|密碼|门禁|門禁|验证码|驗證碼|动态码|動態碼)"
)
_VALUE_THEN_NAME = lazy_compile(
    r"(?<![\w!@#$%^&*+=?~-])(?P<secret>[^\s,;'\"`\\\u0080-\uffff]{6,})(?:[\s,，—–]|\.{3}|…)*"
    r"(?:(?i:is|was|that'?s|thats|became|becomes|yung|ang)\b|就?(?:是|係)|這是|这是"
    r"|(?:这个|這個|呢個)就?(?:是|係))[^。！？\n.]{0,36}?"
    r"(?:密码|密碼|口令|(?i:\bpass(?:word|phrase|code)s?\b(?!\s+(?:manager|policy|reset|field))))"
)


# Passwords handed to a command: sshpass -p X, --password X / --db-password=X, docker login -p X,
# redis-cli -a X, curl -u user:X (``mysql -pX`` has its own pattern above).
_COMMAND_PASSWORD = lazy_compile(
    r"(?:\bsshpass\s+(?:-\w+\s+)*-p\s*|\bdocker\s+login\b[^\n]*?\s-p\s+"
    r"|\bredis-cli\b[^\n]*?\s-a\s+|\bcurl\b[^\n]*?\s(?:-u|--user)\s+[^\s:]+:|\bp4\b[^\n]*?\s-P\s+"
    r"|(?<![\w-])--?(?:[a-z0-9]+-)*(?:password|passwd|pass|pwd|passphrase)(?:\s+|\s*=\s*))"
    r"(?P<secret>'[^'\n]+'?|\"[^\"\n]+\"?|[^\s'\"]+)",
    re.IGNORECASE,
)
# ...and more commands' own password flags (review20: kept in clear in CANDIDATES.md through a
# failing command): smbclient -U user%X, ldapsearch -w X, keytool -storepass / -keypass X,
# htpasswd -b FILE USER X, openssl -k X / -pass pass:X, az login -p X.
_TOOL_PASSWORD = lazy_compile(
    r"(?:\bsmbclient\b[^\n]*?\s-U\s+[^\s%]+%|\bldap\w+\b[^\n]*?\s-[wy]\s+"
    r"|(?<![\w-])-(?:src|dest|new)?(?:store|key)pass\s+|\bhtpasswd\b[^\n]*?\s-\w*b\w*\s+\S+\s+\S+\s+"
    r"|\bopenssl\b[^\n]*?\s-(?:k|pass(?:in|out)?)\s+(?:pass:)?|\baz\s+login\b[^\n]*?\s-p\s+)"
    r"(?P<secret>'[^'\n]+'?|\"[^\"\n]+\"?|[^\s'\"]+)",
    re.IGNORECASE,
)
# A token or key handed to a command as a flag's value (--token X, --api-key=X, --secret X).
_COMMAND_TOKEN = lazy_compile(
    r"(?<![\w-])--?(?:[a-z0-9]+-)*(?:token|secret|api-?key|access-?key|auth-?key|client-secret)"
    r"(?:\s+|\s*=\s*)(?P<secret>'[^'\n]+'?|\"[^\"\n]+\"?|[^\s'\"]+)",
    re.IGNORECASE,
)
# A login written as account/password ("mysql-01 端口 3306，root/Passw0rd!", "登录用 admin /
# 8xK#29dLq": review16, written in clear): the part after the slash when the name before it is an
# account name and the part looks like a password (a path such as root/etc does not).
_LOGIN_PAIR = lazy_compile(
    r"(?<![\w/.-])(?i:root|admin|administrator|ubuntu|postgres|sa|deploy|ops|guest|user)"
    r"\s*/\s*(?P<secret>[^\s/,;，；。]{6,})"
)
# ...or any account name before a value with upper case, lower case, a digit and a symbol
# ("以后连 stg 都用 stgadmin / StgAdm!n9": an adversarial review, session 44), which no path has.
_STRONG_PAIR = lazy_compile(
    # (not a formula's "/ Kf_{t-1}^hf" nor base64 after a slash: a symbol a password types)
    r"(?<![\w/.-])[A-Za-z][\w.-]{1,30}\s*/\s*"
    r"(?P<secret>[^\s/,;，；。{}()\[\]^<>\"']*[!@#$%&*][^\s/,;，；。{}()\[\]^<>\"']*)(?![{}()\[\]^])"
)
# ...or an email address before a value in a password's shape ("都是 lin.jr@gmail.com /
# Dribbble_Lin77": review54): an address and a slash name an account and its password.
_ADDRESS_PAIR = lazy_compile(
    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+\s*/\s*(?P<secret>[^\s/,;，；。()（）\[\]<>\"']{6,64})"
)
# A line of ~/.pgpass (host:port:database:user:password).
_PGPASS_LINE = lazy_compile(
    r"(?<![\w.:-])(?:[A-Za-z][\w.-]*|\d+(?:\.\d+){3}|\*):(?:\d{2,5}|\*):[\w*.-]+:[\w*.-]+:"
    r"(?P<secret>[^\s:]+)"
)
# A value with upper case, lower case, a digit and a symbol, said with no name ("local admin 我設咗
# Libr@ry_kiosk7", "is it Oct0pus!Ink or Octopus!1nk for the vpn?": a blind review, session 45):
# no word of prose has that shape (none in 46k lines of this project's benchmark texts).
_STRONG_ALONE = lazy_compile(
    r"(?<![^\s,，。；;：:（(）)\u4e00-\u9fff\"'“”「」«»—–])(?=[\w!@#$%^&*+~?-]*[A-Z])(?=[\w!@#$%^&*+~?-]*[a-z])"
    r"(?=[\w!@#$%^&*+~?-]*\d)(?=[\w!@#$%^&*+~?-]*[!@#^&*][\w!@#$%^&*+~?-])"
    r"[A-Za-z0-9][A-Za-z0-9!@#$%^&*_+\-~?]{7,63}(?![^\s,，。；;）)\u4e00-\u9fff\"'“”「」«»—–])"
)
# A PIN: "PIN 1234", "PIN码是 482913", "银行卡 pin 码 8842".
_PIN = lazy_compile(
    r"(?:\bPIN|(?i:\bpin)\s*[码碼])\s*(?:code\s*)?(?:是|為|为|係|系|:|：|=|\bis\b)?\s*(?P<secret>\d{4,12})\b"
    # "my pin is 4321" (review20): lower case, said with its verb
    r"|(?i:\bpin)\s+(?i:code\s+)?(?:(?i:is)|是|为|[:：=])\s*(?P<said>\d{4,12})\b"
)
# A random-looking token said with no name (review16: an AWS secret key pasted alone, "这个是
# wJalr…KEY" was kept in clear). Only a long run of base64 characters counts, mixing upper case,
# lower case and digits, with the character entropy of a random string and none of the long
# words of an identifier or a path (see :func:`_looks_random`): git hashes and UUIDs (one case),
# getUserProfileByTenantId-style names and /Users/Alice/… paths hide nothing.
# ASCII boundaries: a key glued to Chinese ("这个是wJalr…KEY别外传": review17) is still a token;
# one after "=" or ":" is a value ("deploy key=…", "用这个:…").
_RANDOM_TOKEN = lazy_compile(
    r"(?<![A-Za-z0-9_+/.-])[A-Za-z0-9+/_\-]{24,}={0,2}(?![A-Za-z0-9_+/=-])"
)
# A token of 24-31 characters counts only with a secret word just before it (an Aliyun
# AccessKey secret is 30 characters: "SK mK9x…"); from 32 on, alone.
RANDOM_ALONE = 32
_SECRET_NEAR = lazy_compile(
    r"(?i:secret|token|key|sk|ak|credential|passw|pwd)|密钥|秘钥|凭证|令牌|口令|密码"
)
_LETTER_RUN = lazy_compile(r"[a-z]{8,}|[A-Z]{13,}")
_LOWER_RUN = lazy_compile(r"[a-z]{3,}")
_TOKEN_PART = lazy_compile(r"[^+/_\-]+")
# A digest written with its algorithm (npm's integrity "sha512-…") is a checksum, not a secret.
_DIGEST_PREFIX = lazy_compile(r"(?i)(?:sha|md)\d*-")


def _looks_random(token: str) -> bool:
    """``token`` reads as random: 2+ upper-case and 2+ lower-case letters, a digit inside a
    piece with letters, few lower-case runs (words), a change of character class at 40 %+ of
    its steps, and a character entropy that ~99 % of random base64 strings of its length reach
    (measured: 4.2 bits at 32 characters, 4.5 at 40). ~96 % of random tokens pass."""
    core = token.rstrip("=")
    if core.startswith(("/", "-", "_")) or _LETTER_RUN.search(core):
        return False
    upper = sum(c.isupper() for c in core)
    lower = sum(c.islower() for c in core)
    digits = sum(c.isdigit() for c in core)
    if min(upper, lower) < 2 or not digits:
        return False
    worded = sum(len(run) for run in _LOWER_RUN.findall(core))
    if worded >= 0.45 * len(core):  # getUserProfileByTenant2: mostly words (random: 0.13)
        return False
    parts = _TOKEN_PART.findall(core)  # BSD-3-Clause-No-Military: words and a number apart
    if not any(re.search(r"\d", p) and re.search(r"[A-Za-z]", p) for p in parts):
        return False
    changes = sum(_char_class(a) != _char_class(b) for a, b in pairwise(core))
    if changes < 0.4 * (len(core) - 1):
        return False
    counts = Counter(core)
    entropy = -sum(n / len(core) * math.log2(n / len(core)) for n in counts.values())
    return entropy >= min(4.8, 4.1 + 0.03 * (len(core) - 32))


def _unnamed_secret(text: str, start: int, token: str) -> bool:
    """Whether a random-looking ``token`` at ``start`` is a secret rather than a public name
    (review17's false positives): not a digest ("sha512-…"), not a relative path (a piece of
    it is a word: data/…/out), not an SSH public key, not an id said as one ("表格 id …",
    "playlist …") unless a secret word is said too; and, under 32 characters, only after a
    secret word."""
    before = text[max(0, start - 24) : start]
    if _DIGEST_PREFIX.match(token) or _PUBLIC_KEY.search(text[max(0, start - 24) : start + 12]):
        return False
    if re.search(r"(?i)(?:sha\d*|md5):$", text[max(0, start - 7) : start]):  # SHA256:… fingerprint
        return False
    if "/" in token and any(_PATH_WORD.fullmatch(part) for part in token.split("/")):
        return False
    secret_near = _SECRET_NEAR.search(before)
    if _PUBLIC_NEAR.search(before) and not secret_near:
        return False
    return len(token) >= RANDOM_ALONE or secret_near is not None


_PATH_WORD = lazy_compile(r"[a-z]{2,}(?:[._-][a-z0-9]+)*|\d{4}")
_PUBLIC_KEY = lazy_compile(r"ssh-(?:rsa|ed25519|dss)\s|ecdsa-sha2-\S+\s|AAAA[BCE][0-9][A-Za-z]")
_PUBLIC_NEAR = lazy_compile(
    r"(?i:\bids?\b|url|link|playlist|sheet|cid|hash|fingerprint|commit)|链接|地址|编号|文件|表格|路径"
)


def _char_class(char: str) -> int:
    return 0 if char.islower() else 1 if char.isupper() else 2 if char.isdigit() else 3


# A key said in passing with no "is" or ":" ("vpn-gw uses token abc123XYZ789…", "SK mK9x…",
# "secret mK9x…", "凭证 LTAI…": review17): only a value that mixes upper case, lower case and
# digits counts, so "token limit 4096" and "secret sauce" hide nothing.
_SAID_SECRET = lazy_compile(
    r"(?:(?<![A-Za-z0-9_-])(?i:sk|ak|secret|token|access[ _-]?key|secret[ _-]?key|api[ _-]?key)"
    r"(?![A-Za-z0-9_-])|密钥|秘钥|凭证|令牌)"
    r"\s*(?:是|为|[:：=])?\s*(?P<secret>[A-Za-z0-9+/_\-]{12,}={0,2})(?![A-Za-z0-9_+/=-])"
)


_SAID_SECRET_MARKERS = ("sk", "ak", "secret", "token", "key", "密钥", "秘钥", "凭证", "令牌")


def _mixed_value(value: str) -> bool:
    return (
        any(c.isupper() for c in value)
        and any(c.islower() for c in value)
        and any(c.isdigit() for c in value)
        and not value.startswith("REDACTED")
    )


# Words that follow "password"/密码 in prose about passwords, not values: hash and cipher names,
# and the shapes of a length or a policy.
_NOT_A_PASSWORD = lazy_compile(
    r"(?i)^(?:md5|sha-?\d+|bcrypt|scrypt|argon2\w*|pbkdf2\w*|aes-?\d*|rsa\d*|base64|utf-?8"
    # Two words joined ("case-sensitive", "write-only") describe; three or more are a passphrase
    # in the diceware style ("correct-horse-battery", review20: kept in clear).
    r"|hmac\w*|ntlm\w*|[a-z]+-[a-z]+|v\d+(?:\.\d+)*|\d+(?:\.\d+)+"
    # ...and so are words joined with a little word ("end-to-end", "up-to-date", "out-of-band",
    # "one-time-use", "per-user-per-host")
    r"|(?:[a-z]+-)*(?:to|of|by|in|on|at|for|and|the|a|per|one|use|only|up|out|off|non|self)"
    r"(?:-[a-z]+)+"
    # Arabic said in Latin letters writes sounds with digits: "bta3et el router" is "the router's"
    r"|b?[ie]?ta3(?:et|t|ak|ek|y|i|na|hom)?|fe|3ala|3shan|ma3a|m3a|7aga|7aga[t]?)$"
)
# English words that end like these are prose when they follow "password" with no separator
# ("password authentication failed", "password rotation"), not a passphrase run together.
_PROSE_ENDINGS = (
    "tion", "sion", "ment", "ness", "ity", "ing", "ance", "ence", "able", "ible", "ship",
    "ized", "ised", "ies", "ed", "ive", "ous", "ful", "less", "al", "ic", "ory", "ly", "ent", "ant",
)  # fmt: skip
# ...and the endings of words that describe a password when said as its value ("is encrypted",
# "is changeable", "is mandatory"); "butterfly" and "elephant" are values.
_DESCRIBING = ("ed", "ing", "able", "ible", "ive", "ous", "less", "tory", "ional", "ient", "ful")
# Words that follow "password is" in prose about a password rather than as its value; a plain
# lowercase word that is none of these and ends like no adjective is the value ("the wifi
# password is sunflower").
_SAID_OF_A_PASSWORD = frozenset((
    "correct", "incorrect", "wrong", "right", "invalid", "valid", "expired", "required", "missing",
    "blank", "empty", "strong", "weak", "secure", "insecure", "stored", "saved", "hidden",
    "visible", "unknown", "known", "same", "different", "long", "short", "simple", "complex",
    "unique", "shared", "temporary", "still", "also", "already", "never", "always", "there",
    "here", "fine", "okay", "good", "bad", "better", "worse", "stale", "old", "new", "ready",
    "set", "unset", "managed", "rotated", "plaintext", "cleartext", "stronger", "longer",
    "shorter", "weaker", "safer", "optional", "personal", "sufficient", "insufficient", "gone",
    "lost", "used", "reused", "expiring", "random", "private", "public", "secret", "sensitive",
    "irrelevant", "redundant", "present", "absent", "trivial", "obvious", "fixed", "mandatory",
    "default", "generic", "permanent", "global", "local", "broken", "stolen", "taken", "forgotten",
    "written", "given", "shown", "leaked", "down", "dead", "expire", "obsolete", "nonsense",
    "gibberish", "nothing", "none", "enough", "yours", "mine", "ours", "theirs", "elsewhere",
    "somewhere", "problematic",
    # four letters: a four-letter word named as the password is one ("the root password is toor")
    "easy", "hard", "safe", "nice", "cool", "true", "null", "void", "full", "just", "back", "done",
    "kept", "sent", "open", "shut", "over", "late", "only", "what", "this", "that", "then", "like",
    "both", "each", "very", "much", "more", "less", "else", "away", "case", "sure", "free", "busy",
    "high", "fake", "real", "dumb", "lame", "junk", "poor", "tiny", "temp", "blah", "huge", "ugly",
    "bare", "dull", "lazy", "rare", "nope", "yeah", "todo", "policy", "inside", "whatever",
    # how it is kept ("密码是 hash 过的", "password is plain text")
    "hash", "plain", "text", "clear", "salt",
))  # fmt: skip


# What opens a quoted value: ASCII quotes and backticks, Chinese curly quotes and corner brackets.
_QUOTES = "'\"`“「『"


def _looks_like_password(value: str, separated: bool, named: bool = False) -> bool:
    """A value said after 密码 / password is one: a digit or a symbol mixed with letters, or a
    long run of letters (a passphrase, ``correcthorsebatterystaple``). After an explicit
    separator (应该是, should be, =) a shorter plain value counts as well; a plain lowercase word
    only where the sentence names it as the password (``named``: "the wifi password is
    sunflower"), never in an account/password pair or a path ("deploy/worker")."""
    core = value.strip(_QUOTES + "”」』").rstrip(".!?)]:")
    if value[:1] in _QUOTES and len(core) >= 3 and not core.isascii():
        return True  # quoted in another script after the name ("비밀번호가 '핀테크최고'": review55)
    # (four letters and digits mixed are a short password even with no verb: "访问密码 kq7m")
    mixed = core.isalnum() and not core.isalpha() and not core.isdigit()
    shortest = 4 if separated or (mixed and not _PRODUCT_NAME.match(core)) else 6
    if len(core) < shortest or core.startswith(("$", "{{", "<", "/", "~/", "./")):
        return False
    if core.lower().startswith(("http", "[redacted")) or _NOT_A_PASSWORD.match(core):
        return False
    if _EXAMPLE_VALUE.fullmatch(core):
        return False  # "Contraseña: TuContraseñaSegura" in a manual
    if value[:1] in _QUOTES:
        return True  # quoted after the word password: the value itself
    if core.isalpha():  # "required", "Invalid", "NULL" are prose; "HunterTwo" is not
        camel = not (core.islower() or core.istitle() or core.isupper())
        if separated and camel:
            return True
        lowered = core.lower()
        if named:  # "the wifi password is Sunflower": any word but one that describes it
            return (
                (len(core) >= 5 or core.islower())  # "toor", never "TODO", "LDAP" or "Okta"
                and lowered not in _SAID_OF_A_PASSWORD
                and not lowered.endswith(_DESCRIBING)
            )
        if not core.islower() or lowered.endswith(_PROSE_ENDINGS):
            return False
        return len(core) >= 14
    return True


# English prose: "my password is hunter2", "the API key was: sk9…". Only a value that looks like
# one counts (6+ characters with a digit or a symbol): "the password is required" or "the token
# is expired" hide nothing.
_PROSE = lazy_compile(
    r"(?i)\b(?P<key>password|passphrase|passcode|passwd|pwd|api[ _-]?key|access[ _-]?key"
    r"|secret[ _-]?key|token|secret)s?\s+(?:is|was|are|were)\s*[:=]?\s*"
    r"(?:[\"'`](?P<quoted>[^\"'`\n]{3,})[\"'`]|(?P<secret>[^\s\"'`,;，；。]{6,}))"
)
_LOOKS_SECRET = lazy_compile(r"[\d\W_]")
_ASSIGNMENT_MARKERS = (
    "pass",
    "pw",
    "secret",
    "key",
    "token",
    "cred",
    "auth",
    "密码",
    "口令",
    "密钥",
    "秘钥",
    "令牌",
    "凭证",
    "密碼",
    "salt",
    *_PASSWORD_ABROAD_MARKERS,
    "种子",
    "種子",
)
_ASSIGNMENT_MARKERS_ASCII = tuple(k for k in _ASSIGNMENT_MARKERS if k.isascii())
# What may name a password by what it opens or a code by its name (``_PASSWORD_FOR``,
# ``_DIGIT_PASSWORD``): cheap patterns, kept apart from the assignment block above so that a
# message saying "code" does not run every password pattern (hooks redact on every prompt).
_CODE_MARKERS = (
    "pass",
    "pwd",
    "pin",
    "code",
    "otp",
    "密码",
    "密碼",
    "口令",
    "门禁",
    "保险",
    "保險",
    "锁",
    "鎖",
    "柜",
    "櫃",
    "combo",
    "combination",
    "验证码",
    "动态码",
    "校验码",
)
# Keys that contain a secret word but count things (max_tokens = 4096), not hold a secret.
_NOT_A_SECRET_KEY = lazy_compile(
    r"(?i)tokens$|_count$|_limit$|_len(?:gth)?$|_size$|^max_|^min_|^num_|_ttl$|_timeout$|expir"
    r"|^author$|^authors?$|_url$|_path$|_file$|_type$|_name$|^keyboard|_id$|^keys?$"
)
PLACEHOLDER = lazy_compile(r"\[REDACTED:[a-z_]+\]")
_BRACKETED = lazy_compile(r"\[[^\]\n]*\][)'\".,]*")
# A value that says it stands for one ("your-api-key-here", "YOUR_TOKEN", "example-secret").
_EXAMPLE_VALUE = lazy_compile(
    r"(?i)your[-_][a-z_-]*|[\w-]*[-_](?:here|goes-here|placeholder)|(?-i:(?:Your|Tu)[A-Z][^\W\d_]*)"
    r"|(?:example|dummy|sample|placeholder|fake)[-_][a-z_-]*"
)
# What is left of a marker that something cut in two (``[REDACTED:pass…``, ``[REDAC``).
_BROKEN_MARKER = lazy_compile(r"\[REDA(?:C(?:T(?:E(?:D(?::[a-z_]*)?)?)?)?)?(?![A-Za-z_:\]])")
_COMPILED = [
    (kind, markers, lazy_compile(pattern, re.MULTILINE))
    for kind, markers, pattern in _TOKEN_PATTERNS
]


@dataclass(frozen=True)
class SecretFinding:
    """Where a secret was found: its kind and character span in the text."""

    kind: str
    start: int
    end: int


def _assignment_kind(key: str) -> str:
    lowered = key.lower()
    if any(w in lowered for w in ("密码", "口令", "passw", "pwd", "passphrase")):
        return "password"
    if "token" in lowered or key == "令牌":
        return "token"
    return "secret"


def _plausible_value(key: str, value: str) -> bool:
    """A value worth hiding: not a placeholder, not a count under a secret-ish key."""
    if PLACEHOLDER.fullmatch(value) or value.startswith("[REDACTED") or len(value) < 3:
        return False
    if value.strip("`").lower() in {
        "none",
        "null",
        "true",
        "false",
        "xxx",
        "***",
        "changeme",
        "change_me",
        "change-me",
        "replace_me",
        "replaceme",
        "basic",
        "bearer",
        "yes",  # MySQL's "(using password: YES)"
        "no",
    }:
        return False
    if re.fullmatch(r"[*•●xX]+", value):
        return False  # masked: "Password: ********"
    if _DESCRIBES_A_PASSWORD.search(value) and value.isalpha() and not value.isascii():
        return False  # "登录密码：已设置 ●●●●●●": what the page says of it
    example = re.split(r"[^\x00-\x7f]", value)[0].strip("`'\"").rstrip(".,;:")
    if _EXAMPLE_VALUE.fullmatch(example) or _BRACKETED.fullmatch(value):
        return (
            False  # "export API_KEY=your-api-key-here", "password: [hidden]": the slot, not a key
        )
    if _assignment_kind(key) != "password" and (value.isdigit() and len(value) < 8):
        return False
    if _ENV_REFERENCE.match(value):
        return False  # "const password = process.env.DB_PASSWORD": where it is read from
    return not value.startswith(("$", "${", "{{", "<", "%("))  # a reference, not a value


_SECRET_KEY = lazy_compile(
    r"(?i:[\w.-]*(?:" + _SECRET_WORD + r")[\w-]*|sk|ak|access[_-]?key[_-]?id)"
    r"|.*(?:密码|口令|密钥|秘钥|令牌|凭证).*"
)


def secret_key_kind(key: str) -> str | None:
    """The kind of secret a fact named ``key`` holds (``password`` for ``db_password`` or 密码),
    or None: the whole value of such a fact is a secret, whatever its shape."""
    name = key.strip().strip("*_.-")
    if not _SECRET_KEY.fullmatch(name) or _NOT_A_SECRET_KEY.search(name):
        return None
    return _assignment_kind(name)


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


_COMPARING = ("er", "est", "ly", "wards", "stairs")
# A host, a file, an address, a date, a port: the shapes a value after "的是" takes that is not
# a password ("要连的是 10.0.3.12:6379", "出错的是 worker-3", "我改的是 redis.conf").
_NOT_PASSWORD_SHAPE = lazy_compile(
    # (a ticket: "INC-20931", "IT-5521")
    r"^(?:[\w-]*[./:][\w./:-]*|[a-z]+(?:-[a-z0-9]+)+|\d[\d-]*[A-Za-z]?|[A-Z]{2,}-\d+)$"
)
# ...but words and digits joined by dots, with capitals, lower case and a digit and no file's or
# domain's ending, are a password ("Prof.Li.1965", "Contpaq.HDZ1": review52, review56).
_DOTTED_PASSWORD = lazy_compile(
    r"^(?=[^.]*\.)(?=.*[A-Z])(?=.*[a-z])(?=.*\d)[A-Za-z0-9_]+(?:\.[A-Za-z0-9!@#$%^&*_-]+)+$"
    r"(?<!\.[a-z]{2})(?<!\.[a-z]{3})(?<!\.[a-z]{4})"
)


def _opens_a_sentence(text: str, value: str, end: int) -> bool:
    """A verb or a little word after "password:" that more words follow: advice, not a value
    ("Tip password: use a long phrase", "Tip password: guna ayat panjang": review63)."""
    word = value.lower()
    little = _LITTLE_WORD.fullmatch(word) or _LITTLE_WORD_ABROAD.fullmatch(word)
    return bool(little or word in _PROSE_VERBS) and re.match(r" [^\W\d_]", text[end:]) is not None


def _password_shaped(value: str) -> bool:
    """Quoted, or letters with digits or symbols in no host, file, address or date shape."""
    core = value.strip("'\"`").rstrip(".!?)]")
    if value[:1] in "'\"`":
        return len(core) >= 3
    return (
        not _NAMED_SHAPE.match(core)
        and len(core) >= 6
        and bool(re.search(r"[A-Za-z]", core))
        and bool(re.search(r"[\d!@#$%^&*+=?~]", core))
        and (not _NOT_PASSWORD_SHAPE.match(core) or _DOTTED_PASSWORD.match(core) is not None)
    )


def _closing_quote(text: str, m: re.Match[str], value: str) -> bool:
    """Whether the quote ``value`` opens with closes one opened before the name ("add a 'show
    password' toggle", 'the prompt says "Password for user loader:" and …')."""
    return value[:1] in "'\"`" and text.count(value[0], 0, m.start()) % 2 == 1


def _tool_arrow(text: str, at: int) -> bool:
    """Whether the "→" at or after ``at`` is a tool line's own ("[tool] git log -S password →
    9f3e2a1 …": what the command printed, not a password)."""
    line = text.rfind("\n", 0, at) + 1
    return text.startswith("[tool]", line) and "→" not in text[line:at]


def _said_at_clause_end(text: str, end: int) -> bool:
    """Whether a word ends its clause ("the wifi password is sunflower", "…is tulip, the guest…"):
    prose goes on after it ("the password is written to disk", "auth is through keycloak")."""
    rest = text[end:].lstrip(" ")
    return (
        not rest
        or rest[0] in ",.;!?，。；！？)(（\n—–"
        or bool(re.match(r"(?i)(?:and|but|btw)\b|-\s", rest))
    )


def _any_assignment_marker(lowered: str) -> bool:
    """Whether a marker of ``_ASSIGNMENT`` occurs; an ASCII text skips those of other scripts."""
    markers = _ASSIGNMENT_MARKERS_ASCII if lowered.isascii() else _ASSIGNMENT_MARKERS
    return any(k in lowered for k in markers)


# A digit of another script: Thai ๔, Devanagari ९, Bengali ৩, Persian ۴, Arabic ٤, fullwidth ４.
_OTHER_DIGIT = lazy_compile(r"(?![0-9])\d")


def find_secrets(text: str) -> list[SecretFinding]:
    """All secrets in ``text``, non-overlapping, in order of position. Digits of other scripts
    ("รหัส ATM คือ ๔๘๒๙๑๕", "combination ९३१४": review59) are read as the ASCII digits they
    are, one character for one, so what is found in the folded text is where it is in ``text``."""
    if not text.isascii() and _OTHER_DIGIT.search(text):
        text = _OTHER_DIGIT.sub(lambda m: str(unicodedata.decimal(m.group())), text)
    return _find_secrets(text)


def _find_secrets(text: str) -> list[SecretFinding]:
    found: list[SecretFinding] = []
    lowered = text.lower()
    for kind, markers, pattern in _COMPILED:
        if any(marker in lowered for marker in markers):
            group = "secret" if "secret" in pattern.groupindex else 0
            found.extend(
                SecretFinding(kind, m.start(group), m.end(group))
                for m in pattern.finditer(text)
                if m.group(group) and not m.group(group).strip("'\"").startswith("$")
            )
    if "://" in text:
        found.extend(
            SecretFinding("url_password", m.start("secret"), m.end("secret"))
            for m in _URL_PASSWORD.finditer(text)
            # already redacted: doctor read its own marker as a password (review16)
            if not m.group("secret").startswith("[REDACTED")
            and not _URL_PLACEHOLDER.fullmatch(m.group("secret"))
        )
        found.extend(
            SecretFinding("dsn_key", m.start("secret"), m.end("secret"))
            for m in _DSN_KEY.finditer(text)
        )
    codes: set[int] = set()  # where a door code or PIN said with its name starts
    if any(k in lowered for k in _CODE_MARKERS):
        for m in _PASSWORD_FOR.finditer(text):
            value = m.group("secret")
            value_end = m.start("secret") + len(value.rstrip(".?)]") or value)
            sep = m.group("sep").rstrip(":： ")
            named = sep not in ("", "=", "->") and _said_at_clause_end(text, value_end)
            digits = m.group("key").lower() in ("pin", "passcode") and value.isdigit()
            if _NOT_THE_PASSWORD.search(value.strip("'\"`")) or _closing_quote(text, m, value):
                continue
            if m.group("key").lower() == "pin" and not digits:
                continue  # "the pin in Patrick's hip is grand": a PIN is digits
            if digits or _looks_like_password(value, True, named=named):
                found.append(SecretFinding("password", m.start("secret"), value_end))
        for m in _DIGIT_PASSWORD.finditer(text):
            codes.add(m.start("secret"))
            found.append(SecretFinding("password", m.start("secret"), m.end("secret")))
    if _any_assignment_marker(lowered):
        for m in _ASSIGNMENT.finditer(text):
            key = m.group("key").strip("_.-")
            value = m.group("secret").strip("\"'\\")
            if _NOT_A_SECRET_KEY.search(key) or not _plausible_value(key, value):
                continue
            if key == "PASS":
                continue  # a test runner's verdict ("--- PASS: TestPool")
            if _opens_a_sentence(text, value, m.end("secret")):
                continue
            if value.lower() in _SAID_OF_A_PASSWORD and re.search("[是为]", m.group("sep")):
                continue  # "密码是 hash 过的": how it is kept, said in words
            found.append(SecretFinding(_assignment_kind(key), m.start("secret"), m.end("secret")))
        for m in _PROSE.finditer(text):
            group = "quoted" if m.group("quoted") else "secret"
            value = m.group(group) if group == "quoted" else m.group(group).rstrip(".!?)]")
            if len(value) < 6 or not _LOOKS_SECRET.search(value) or value.startswith("[REDACTED"):
                continue
            if group == "secret" and _NOT_A_PASSWORD.match(value):
                continue  # "the password is case-sensitive", "hashed with sha256"
            kind = _assignment_kind(m.group("key"))
            found.append(SecretFinding(kind, m.start(group), m.start(group) + len(value)))
        for m in _SAID_PASSWORD.finditer(text):
            value = m.group("secret")
            if m.group("key").lower() == "key" and not _NETWORK_NAMED.search(text, 0, m.start()):
                continue  # a key after a comma only in a note of a network
            if _PRODUCT_NAME.match(value.rstrip(",.;")):
                continue  # "SSH keys must be ed25519": an algorithm
            sep = m.group("sep").strip()
            value_end = m.start("secret") + len(value.rstrip(".!?)]") or value)
            wifi_note = (
                not sep
                and not value.lower().endswith(("tion", "sion", "ment", "ness", "ity"))
                and _WIFI_NOTE.search(text, max(0, m.start() - 40), m.start())
            )
            named = (
                (bool(wifi_note) or (bool(sep) and sep[-1] not in ":：=>→"))
                and m.group("key").lower() != "auth"  # "auth is nginx": a method, not a secret
                and _said_at_clause_end(text, value_end)
            )
            if sep == "→" and (not _password_shaped(value) or _tool_arrow(text, m.start("sep"))):
                continue
            if not sep and value.startswith("@"):
                continue  # "…:PASSWORD@HOST": a host after a placeholder
            if _closing_quote(text, m, value):
                continue  # "add a 'show password' toggle": the quote closes the name
            if not sep and _FILE_NAME.match(value):
                continue  # "grep 密码 app.log": the file searched, not a password
            if sep in ("->", "=>", "→") and (
                m.group("key").lower() == "auth" or _IDENTIFIER.fullmatch(value)
            ):
                continue  # a field mapping ("密码 -> passwordHash", "auth -> oauth2_proxy")
            if value.isdigit() and m.start("secret") not in codes:
                continue  # a count, a date, a phone number after 忘记密码 (review25)
            if _NOT_THE_PASSWORD.search(value.strip("'\"`")) or _opens_a_sentence(
                text, value, m.end("secret")
            ):
                continue
            if _looks_like_password(value, bool(sep), named=named):
                end = m.start("secret") + len(value.rstrip(".!?)]") or value)
                found.append(SecretFinding("password", m.start("secret"), end))
        found.extend(
            SecretFinding("password", m.start("secret"), m.end("secret"))
            for m in _PASSWORD_AFTER.finditer(text)
            if _password_shaped(m.group("secret"))
            and not _NOT_THE_PASSWORD.search(m.group("secret"))
        )
        found.extend(
            SecretFinding("password", m.start("secret"), m.end("secret"))
            for m in _WORDS_PASSPHRASE.finditer(text)
            if not any(
                _LITTLE_WORD.fullmatch(w)
                or _LITTLE_WORD_ABROAD.fullmatch(w)
                or w.endswith(_DESCRIBING)
                for w in m.group("secret").lower().split()
            )
        )
    if any(w in lowered for w in _CHANGE_WORDS) and _any_assignment_marker(lowered):
        for m in _CHANGED_SECRET.finditer(text):
            kind = _assignment_kind(m.group("key"))
            for group in ("old", "new"):
                value = m.group(group)
                if kind != "password" and value.isdigit():
                    continue  # "max token 从 4096 改成 8192": a count, not a token
                if _looks_like_password(value, True):
                    end = m.start(group) + len(value.rstrip(".!?)]") or value)
                    found.append(SecretFinding(kind, m.start(group), end))
    found.extend(_passwords_later_in_the_sentence(text))
    if any(
        k in lowered
        for k in (
            "typ",
            "enter",
            "put in",
            "打",
            "输",
            "輸",
            "key in",
            "punch",
            "按",
            "撳",
            "press",
            "bấm",
            "กด",
            "marc",
            "tecle",
            "набира",
            "набери",
            "tuşla",
        )
    ):
        found.extend(_typed_values(text))
        found.extend(
            SecretFinding("password", m.start("secret"), m.end("secret"))
            for m in _KEYED_DIGITS.finditer(text)
        )
    if "sent" in lowered or "token" in lowered:
        found.extend(
            SecretFinding("password", m.start(g), m.end(g))
            for m in _SENT_CODE.finditer(text)
            for g in ("secret", "given")
            if m.group(g)
        )
    if " with " in lowered:
        found.extend(
            SecretFinding("password", m.start(g), m.end(g))
            for m in _LOCKED_WITH.finditer(text)
            for g in ("quoted", "dquoted", "curly")
            if m.group(g)
        )
    if any(k in lowered for k in _SECURITY_MARKERS):
        for m in _SECURITY_ANSWER.finditer(text):
            found.extend(_answers_after_a_question(text, m))
            group = next(g for g in ("quoted", "hanzi", "word", "plain", "script") if m.group(g))
            answer = m.group(group)
            if _QUESTION_WORD.search(answer) or (group == "plain" and not m.group("given")):
                continue  # "答案是什么", "the security question is my first pet"
            if m.group("asked") and not re.search(
                r"(?:的|了|咗)(?:是|係)?$", m.group("given") or ""
            ):
                continue  # "问我“为啥…”，您帮我写段解释": only "我填的是 X" answers a question asked
            if group == "plain" and any(_LITTLE_WORD.fullmatch(w) for w in answer.split()):
                continue
            # the answer wherever it is said ("named Waldi, so I typed Waldi"); Chinese has no
            # word boundary ("我当时填的是刘秀兰": review53, "不是麻糬喔，是麻糬布丁": review54)
            edge = r"\w" if answer.isascii() else r"[A-Za-z0-9]"
            found.extend(
                SecretFinding("password", a.start(), a.end())
                for a in re.finditer(f"(?<!{edge})" + re.escape(answer) + f"(?!{edge})", text)
            )
    if _SLOT_MARKER.search(lowered) or (
        not lowered.isascii() and _SLOT_MARKER_ABROAD.search(lowered)
    ):
        found.extend(_values_in_the_slot(text))
        found.extend(
            SecretFinding("password", m.start(group), m.end(group))
            for m in _PASSWORD_PART.finditer(text)
            for group in ("secret", "digits")
            if m.group(group)
        )
        found.extend(
            SecretFinding("password", m.start("secret"), m.end("secret"))
            for m in _PHRASE_THEN_NAME.finditer(text)
            if not any(
                _LITTLE_WORD.fullmatch(w) or w in _PROSE_VERBS
                for w in m.group("secret").lower().split()
            )
        )
        found.extend(
            SecretFinding("password", m.start("secret"), m.end("secret"))
            for m in _CODE_THEN_NAME.finditer(text)
            if not _UNIT_WORD.match(text, m.end("secret"))
            and not _SAID_NOT_A_CODE.search(m.group())  # "1234 5678，这个是卡号不是密码"
        )
        found.extend(
            SecretFinding("password", m.start("secret"), m.end("secret"))
            for m in _QUOTED_THEN_NAME.finditer(text)
            if m.group("secret").lower() not in _SAID_OF_A_PASSWORD
        )
        found.extend(
            SecretFinding("password", m.start("secret"), m.end("secret"))
            for m in _VALUE_THEN_NAME.finditer(text)
            if (_password_shaped(m.group("secret")) or _joined_before_its_name(m.group("secret")))
            and not _NOT_THE_PASSWORD.search(m.group("secret"))
            and not _PRODUCT_NAME.match(m.group("secret"))
        )
    if "/" in text:
        found.extend(
            SecretFinding("password", m.start("secret"), m.end("secret"))
            for m in _LOGIN_PAIR.finditer(text)
            if _looks_like_password(m.group("secret"), True)
        )
        found.extend(
            SecretFinding("password", m.start("secret"), m.end("secret"))
            for m in _STRONG_PAIR.finditer(text)
            if _mixed_value(m.group("secret")) and not _NOT_PASSWORD_SHAPE.match(m.group("secret"))
        )
    if "@" in text:
        found.extend(
            SecretFinding("password", m.start("secret"), m.end("secret"))
            for m in _ADDRESS_PAIR.finditer(text)
            if _password_shaped(m.group("secret"))
        )
    found.extend(
        SecretFinding("password", m.start(), m.end())
        for m in _STRONG_ALONE.finditer(text)
        if not _NO_SECRET.fullmatch(m.group())
    )
    if text.count(":") >= 4:
        found.extend(
            SecretFinding("password", m.start("secret"), m.end("secret"))
            for m in _PGPASS_LINE.finditer(text)
        )
    if any(k in lowered for k in ("pass", "pwd", "redis-cli", "curl", "docker", "p4 ")):
        for m in _COMMAND_PASSWORD.finditer(text):
            value = m.group("secret").strip("'\"")
            if _plausible_value("password", value) and not value.startswith("-"):
                found.append(SecretFinding("password", m.start("secret"), m.end("secret")))
    if len(text) >= 24:
        found.extend(
            SecretFinding("random_token", m.start(), m.end())
            for m in _RANDOM_TOKEN.finditer(text)
            if _looks_random(m.group()) and _unnamed_secret(text, m.start(), m.group())
        )
    if any(marker in lowered for marker in _SAID_SECRET_MARKERS):
        found.extend(
            SecretFinding("secret", m.start("secret"), m.end("secret"))
            for m in _SAID_SECRET.finditer(text)
            if _mixed_value(m.group("secret"))
        )
    if "pin" in lowered:
        found.extend(
            SecretFinding("pin", m.start(group), m.end(group))
            for m in _PIN.finditer(text)
            for group in ("secret", "said")
            if m.group(group)
        )
    if any(k in lowered for k in ("smbclient", "ldap", "pass", "htpasswd", "openssl", "az ")):
        found.extend(
            SecretFinding("password", m.start("secret"), m.end("secret"))
            for m in _TOOL_PASSWORD.finditer(text)
            if _plausible_value("password", m.group("secret").strip("'\""))
        )
    if any(k in lowered for k in ("token", "secret", "key")):
        found.extend(
            SecretFinding("token", m.start("secret"), m.end("secret"))
            for m in _COMMAND_TOKEN.finditer(text)
            if _plausible_value("token", m.group("secret").strip("'\""))
            and not m.group("secret").startswith("-")
            and _LOOKS_SECRET.search(m.group("secret"))  # "the --secret flag" names no value
        )
    found = [
        f
        for f in found
        if not _NO_SECRET.fullmatch(text, f.start, f.end)
        and not _MASKED.search(text, f.start, f.end)
        # (a key by its shape stays hidden whatever is said of it: "sk-… 这不是密码是 key")
        and not (f.kind in _SAID_KINDS and _SAID_NOT_A_SECRET.match(text, f.end))
    ]
    found.extend(_passwords_named_by_the_first(text, found))
    found.extend(_corrected_values(text, found))
    found.extend(_codes_nearby(text, found))
    found.extend(_spelled_letters(text, lowered))
    found.extend(_keyed_codes(text))
    found.extend(_said_again(text, found))
    found.sort(key=lambda f: (f.start, -(f.end - f.start)))
    merged: list[SecretFinding] = []
    for finding in found:
        if merged and finding.start < merged[-1].end:
            if finding.end > merged[-1].end:  # overlapping matches: hide the union
                last = merged[-1]
                merged[-1] = SecretFinding(last.kind, last.start, finding.end)
            continue
        merged.append(finding)
    return merged


# Another code beside a code found (review54: "purana 4471 tha ab 9082", "dulu 121212 sekarang
# 730915", "所以是 110522", "yaani 5582"): where a message says one code, digits of a code's
# length a few words away are its old value, its new one or the same said again, in any language.
# (Not words in a password's shape: beside a password they are mostly its account, host or SSID.)
_CODE_NEARBY = lazy_compile(
    r"(?<![A-Za-z0-9_.:/#@$¥€£+-])(?:\d{4,8}|\d(?: \d){3,7}|\d{3} \d{3}"
    r"|(?<![零〇幺一二两兩三四五六七八九十百千万萬])[零〇幺一二两兩三四五六七八九]{4,8}(?![十百千万萬]))"
    r"(?![A-Za-z0-9_:/%-]|[.,]\w|[零〇幺一二两兩三四五六七八九])"
)
# What a number near a code is when these come just before it: a place, a phone, an order, an ID.
_COUNTED_BEFORE = lazy_compile(
    r"(?i:\b(?:room|floor|flat|unit|apt|order|no|nr|tel|phone|call|ext|hotline|ticket|case|ids?|line"
    r"|bus|flight|version|v)\.?\s*[:：#]?\s*)$|(?:电话|電話|热线|熱線|客服|单号|單號|订单|訂單|房间|房間|第)\s*[:：]?\s*$"
)
_NEARBY = 80
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
                _YEAR.fullmatch(m.group())
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


# A code with the key that ends it ("0815*", "2468#"): no price, phone or order number ends in a
# keypad's key, so after a code's, a lock's or a password's name on its line it is the code,
# however far and whatever between ("单元门密码是业主自己设的，他说是他女儿生日再加个星号：0815*":
# review65).
_KEYED_CODE = lazy_compile(r"(?<![\w#*＊.-])\d{3,8}[#*＊](?![\w#*＊])")
_KEYED_REACH = 80


def _keyed_codes(text: str) -> list[SecretFinding]:
    """Digits ending in a keypad's key after a code's name (``_KEYED_CODE``)."""
    if "#" not in text and "*" not in text and "＊" not in text:
        return []
    found: list[SecretFinding] = []
    for m in _KEYED_CODE.finditer(text):
        start = max(text.rfind("\n", 0, m.start()) + 1, m.start() - _KEYED_REACH)
        if _COUNTED_BEFORE.search(text, max(0, m.start() - 12), m.start()) or re.search(
            r"\d[ -]$", text[max(0, m.start() - 2) : m.start()]
        ):
            continue  # "订单号 12345#", "电话 6688 1234#": what the number is said before it
        if any(
            n.group("code") or n.group("opens") or n.group("word")
            for n in _SLOT_NAME.finditer(text, start, m.start())
        ):
            found.append(SecretFinding("password", m.start(), m.end()))
    return found


# A value spelled letter by letter with how a letter is written or which word it starts ("大写Z
# 小写h w l 8 8", "大寫 P、小寫 r、i、n、t、8", "M comme Marcel, I, E, L, L, E, puis 1975": review58,
# 60, 61), and the same said joined after it ("…然后1956 然后一个点 Ldh1956."): each letter on its
# own, one marked at least, four or more in all, just after a password's name.
_LETTER_MARK = r"(?:[大小][写寫](?:字母)?\s?|(?i:capital|small|upper(?:case)?|lower(?:case)?)\s)"
_LETTER_WORD = r"\s(?:comme|como|wie|as in|for)\s[A-Z][a-z]+"
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
_LETTER_MARKED = lazy_compile(_LETTER_MARK + r"[A-Za-z]|[A-Za-z]" + _LETTER_WORD)
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
    " for ",
)
_SPELLED_REACH = 80


def _spelled_letters(text: str, lowered: str) -> list[SecretFinding]:
    """A value spelled with its letters marked, after a password's name (``_LETTER_MARK``), and
    the same value said joined elsewhere in the text."""
    if not any(hint in lowered for hint in _MARKS_HINT):
        return []
    found: list[SecretFinding] = []
    for m in _SPELLED_LETTERS.finditer(text):
        run = m.group()
        if not _LETTER_MARKED.search(run) or len(re.findall(r"[A-Za-z](?![A-Za-z])", run)) < 2:
            continue
        if not _SLOT_NAME.search(text, max(0, m.start() - _SPELLED_REACH), m.start()):
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


def mend_markers(text: str) -> str:
    """``text`` without the pieces of redaction markers that a cut split (``数据库密码是
    [REDACTED`` → ``数据库密码是``): a broken marker breaks the brackets of the line it is in and
    reads as if the redaction failed. The writer runs this on everything it persists, behind the
    cutting helpers (text.titles.clip) that already keep markers whole."""
    if "[REDA" not in text:
        return text
    return _BROKEN_MARKER.sub("", text)


def redact(text: str) -> str:
    """Replace every secret with ``[REDACTED:kind]``; text without secrets is returned unchanged."""
    findings = find_secrets(text)
    if not findings:
        return text
    parts: list[str] = []
    cursor = 0
    for finding in findings:
        parts.append(text[cursor : finding.start])
        parts.append(f"[REDACTED:{finding.kind}]")
        cursor = finding.end
    parts.append(text[cursor:])
    return "".join(parts)
