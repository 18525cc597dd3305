"""Whether a value looks like a secret, by its own characters and by where it stands in its
clause: a password's shape, a credential's, a random token's, words joined into a passphrase;
what no password is (a host, a file, a vault's reference, a hash's name, an example); a clause's
end, a quote that closes before the name.

The readers find a candidate by what is said around it and ask these tests what it is: kept in
one module so that every reader judges a value alike. Functions of a string (and of the text it
sits in); no reader here.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from itertools import pairwise

from memstrata.core.redact.vocabulary import (
    _DESCRIBING,
    _LITTLE_WORD,
    _LITTLE_WORD_ABROAD,
    _PROSE_ENDINGS,
    _PROSE_VERBS,
    _SAID_OF_A_PASSWORD,
)
from memstrata.text.lazy_re import lazy_compile

# What a value said in text never holds: anything past ASCII but the Latin letters of other
# languages ("CaféConLeche!9", "çaysimit1923", "Gdańsk2020": review59, 62, 64). A value ends at
# Chinese, a full-width comma, a symbol or a letter of another script.
_NOT_LATIN = r"\u0080-\u00bf\u00d7\u00f7\u0250-\uffff"
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
# A value: quoted, or a run of ASCII that no space, separator or quote ends.
_VALUE = r"'[^'\n]+'|\"[^\"\n]+\"|`[^`\n]+`|[^\s,;'\"`\\" + _NOT_LATIN + r"]+"
# An ASCII "!" or "?" ends a sentence only before a space: "ZmQ8!pLsWn" is one password.
# (nor the stop of "i.e.", "e.g.", "Mr.": "the password is his PAN plus DOB, i.e. abcpi1234k…")
_SENTENCE_END = lazy_compile(r"[。！？\n]|(?<!i\.e)(?<!e\.g)(?<!Mr)(?<!Mrs)(?<!Dr)[.!?](?:\s|$)")
_SYMBOL = lazy_compile(r"[!@#$%^&*+=?~]")
_HEX_OR_BASE32 = lazy_compile(r"[0-9a-f]{16,}|[A-Z2-7]{16,}")
# Names with digits said beside secrets that are none: where a secret is kept, an algorithm.
_PRODUCT_NAME = lazy_compile(
    r"(?i)^(?:1password|auth0|okta|office365|microsoft365|m365|win\d+|iphone\d+|ipad\d*"
    r"|python\d+(?:\.\d+)*|web3|ec2|s3|md5|sha\d+|base64|base32|utf-?8|x86_64|arm64|aes\d+"
    r"|rsa\d+|ed25519|[hre]s(?:256|384|512)|oauth2?|pbkdf2|argon2(?:id)?|bcrypt|scrypt"
    r"|utf8mb[34](?:_\w+)?|latin1|varchar\d*|char\d+)$"
)
# A file's name by its extension: after a bare 密码 / password ("grep 密码 app.log", "password
# file.txt") and as a value the learned reader reads ("SH_20240624_L2.csv.gz", "A04_peaks.narrowPeak").
_FILE_NAME = lazy_compile(
    r"(?i)^[\w.-]*\.(?:log|txt|ya?ml|json|toml|ini|conf|cfg|env|md|py|js|ts|tsx|jsx|go|java|kt|rb"
    r"|rs|php|swift|c|h|cc|cpp|sh|sql|csv|tsv|xml|html?|properties|pem|crt|gz|zip|tar|bak|j2|tpl|tmpl"
    r"|bam|vcf|fa|fasta|fq|fastq|bed|gtf|dict|narrowpeak|parquet|xlsx?|docx?|pdf|png|jpe?g|svg|mp4"
    r"|apk|ipa|whl|jar|so|dll|exe)"
    r"(?:\.[\w-]+)*[.,;:!?)]*$"
)
_ADDRESS = lazy_compile(r"^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$")
# A hashtag, a mention, a user at a host cut before its domain, a Windows variable, Markdown
# emphasis, a file: shapes a symbol gives that hold no secret ("#fitnessgoals", "%USERPROFILE%",
# "**Troubleshooting", "Health_Insurance_Policy_2021-02-01.pdf": LongMemEval's chats).
_NAMED_SHAPE = lazy_compile(
    r"^(?:[#@][A-Za-z]\w*|[\w.+-]+@[A-Za-z][\w-]*|%\w+%?|[*_~]+\w.*|[\w.-]+\.(?:pdf|docx?|xlsx?|pptx?|csv"
    r"|txt|md|png|jpe?g|gif|zip|json|ya?ml|py|js|ts|sh|log))$"
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
_SECRET_PART = lazy_compile(r"pass|password|passwd|pwd|pw|secret|token|key|hash|salt")


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


_LETTER_RUN = lazy_compile(r"[a-z]{8,}|[A-Z]{13,}")
_LOWER_RUN = lazy_compile(r"[a-z]{3,}")
_TOKEN_PART = lazy_compile(r"[^+/_\-]+")


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


def _char_class(char: str) -> int:
    return 0 if char.islower() else 1 if char.isupper() else 2 if char.isdigit() else 3


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
    if core.isalpha() and not core.isascii():
        return False  # "das Passwort ist gültig", "la contraseña es válida": prose in other letters
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


# A value that says it stands for one ("your-api-key-here", "YOUR_TOKEN", "example-secret").
_EXAMPLE_VALUE = lazy_compile(
    r"(?i)your[-_][a-z_-]*|[\w-]*[-_](?:here|goes-here|placeholder)|(?-i:(?:Your|Tu)[A-Z][^\W\d_]*)"
    r"|(?:example|dummy|sample|placeholder|fake)[-_][a-z_-]*"
)
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
