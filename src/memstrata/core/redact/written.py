"""Secrets as tools and configs write them: keys and tokens by their prefix (``sk-…``, ``ghp_…``,
``AKIA…``), credentials in URLs and DSNs, random-looking tokens, ``key = value`` assignments,
passwords handed to commands, account/password pairs, ``.pgpass`` lines; and which fact keys hold
a secret (:func:`secret_key_kind`).

Machine text has fixed shapes: these patterns read no prose, and most run only when a cheap
marker occurs (hooks redact every prompt). Secrets said in words are read by ``named``, ``slot``
and ``told``.
"""

from __future__ import annotations

import re

from memstrata.core.redact.findings import PLACEHOLDER
from memstrata.core.redact.shapes import _ENV_REFERENCE, _EXAMPLE_VALUE
from memstrata.core.redact.vocabulary import _DESCRIBES_A_PASSWORD
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
# A digest written with its algorithm (npm's integrity "sha512-…") is a checksum, not a secret.
_DIGEST_PREFIX = lazy_compile(r"(?i)(?:sha|md)\d*-")


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
# Keys that contain a secret word but count things (max_tokens = 4096), not hold a secret.
_NOT_A_SECRET_KEY = lazy_compile(
    r"(?i)tokens$|_count$|_limit$|_len(?:gth)?$|_size$|^max_|^min_|^num_|_ttl$|_timeout$|expir"
    r"|^author$|^authors?$|_url$|_path$|_file$|_type$|_name$|^keyboard|_id$|^keys?$"
)
_BRACKETED = lazy_compile(r"\[[^\]\n]*\][)'\".,]*")
_COMPILED = [
    (kind, markers, lazy_compile(pattern, re.MULTILINE))
    for kind, markers, pattern in _TOKEN_PATTERNS
]


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
