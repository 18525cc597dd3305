"""``find_secrets`` and ``redact``: read other scripts' digits and bank-slip numerals as common
ones, run each reader whose cheap marker occurs in the text, drop what is masked, said to be no
password or given as an example, add what is told around the findings, and merge them into one
list by position.

The one module that knows every reader, so that the readers stay free of each other; the order
here decides which finding wins an overlap.
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata
from collections.abc import Iterator

from memstrata.core.redact.digits import _UNIT_WORD
from memstrata.core.redact.findings import SecretFinding
from memstrata.core.redact.learned import learned_findings
from memstrata.core.redact.named import (
    _CHANGE_WORDS,
    _CHANGED_SECRET,
    _CODE_THEN_NAME,
    _DIGIT_PASSWORD,
    _IDENTIFIER,
    _LOOKS_SECRET,
    _NETWORK_NAMED,
    _PASSWORD_AFTER,
    _PASSWORD_FOR,
    _PHRASE_THEN_NAME,
    _PIN,
    _PROSE,
    _QUESTION_WORD,
    _QUOTED_THEN_NAME,
    _SAID_PASSWORD,
    _SAID_SECRET,
    _SAID_SECRET_MARKERS,
    _SECURITY_ANSWER,
    _SECURITY_MARKERS,
    _VALUE_THEN_NAME,
    _VERIFY_CODE,
    _WIFI_NOTE,
    _WORDS_PASSPHRASE,
    _answers_after_a_question,
    _passwords_later_in_the_sentence,
)
from memstrata.core.redact.shapes import (
    _FILE_NAME,
    _NOT_A_PASSWORD,
    _NOT_PASSWORD_SHAPE,
    _NOT_THE_PASSWORD,
    _PRODUCT_NAME,
    _closing_quote,
    _joined_before_its_name,
    _looks_like_password,
    _looks_random,
    _mixed_value,
    _opens_a_sentence,
    _password_shaped,
    _said_at_clause_end,
    _tool_arrow,
)
from memstrata.core.redact.slot import _SLOT_MARKER, _SLOT_MARKER_ABROAD, _values_in_the_slot
from memstrata.core.redact.slot_value import _SAID_NOT_A_CODE
from memstrata.core.redact.told import (
    _CAME_IN,
    _KEYED_DIGITS,
    _LOCKED_WITH,
    _SENT_CODE,
    _codes_nearby,
    _corrected_values,
    _halves_told,
    _keyed_codes,
    _parts_told,
    _passwords_named_by_the_first,
    _relayed_codes,
    _said_again,
    _spelled_letters,
    _typed_values,
)
from memstrata.core.redact.vocabulary import (
    _DESCRIBING,
    _LITTLE_WORD,
    _LITTLE_WORD_ABROAD,
    _NOT_A_PASSWORD_SAID,
    _NOT_SAID,
    _PASSWORD_ABROAD_MARKERS,
    _PROSE_VERBS,
    _SAID_OF_A_PASSWORD,
)
from memstrata.core.redact.written import (
    _ADDRESS_PAIR,
    _ASSIGNMENT,
    _COMMAND_PASSWORD,
    _COMMAND_TOKEN,
    _COMPILED,
    _DSN_KEY,
    _LOGIN_PAIR,
    _NOT_A_SECRET_KEY,
    _PGPASS_LINE,
    _RANDOM_TOKEN,
    _STRONG_ALONE,
    _STRONG_PAIR,
    _TOOL_PASSWORD,
    _URL_PASSWORD,
    _URL_PLACEHOLDER,
    _assignment_kind,
    _plausible_value,
    _unnamed_secret,
)
from memstrata.text.lazy_re import lazy_compile

# A keyboard shortcut ("cmd+shift+L"), a masked value, MySQL's "(using password: YES)".
_NO_SECRET = lazy_compile(
    r"(?:(?i:(?:cmd|ctrl|alt|shift|option|opt|meta|super|win|command|control|fn)\+)+\w+|[*•●]+"
    r"|YES|NO"
    # code around a value, not a value: what follows a call's closing bracket ("')，然后 if
    # pwd == '"), a template's reference to a field ("jsonpath='{.data.admin-password}'",
    # "{{ .Values.db.password }}"), a file handed on by its relative path and its extension
    # ("--from-file=password=./redis.pass"); not ")hunter2024", "{hunter2xyz99}",
    # "{.abc123xyz789}" nor "./Tr0ub4dor" (a tester's round)
    r"|['\"]?\)[，,;；。\s].*|\{\.[\w-]+(?:\.[\w-]+)+\}|\{\{-?\s*\.[\w.-]+\s*-?\}\}"
    r"|(?:[\w-]*=)*\.{1,2}/(?:[\w.-]+/)*[\w-]+\.[A-Za-z]\w{0,5}"
    r")[).,;]*"
)
# A value the text then says is no password ("93330110MA28F3QK7B，年报上要填，这不是密码"): only what
# was found in words (``_SAID_KINDS``), never a token found by its shape.
_SAID_KINDS = frozenset({"password", "pin"})
# The cheap marker of a code told in halves (``told._HALVES``): its second half's word.
_LAST_HALF_WORDS = ("last", "últim", "ultim", "ostatni", "letzten", "dernier")
_SAID_NOT_A_SECRET = lazy_compile(
    r"[^。！？\n]{0,24}?(?:这|這|它|呢個)?"
    + _NOT_A_PASSWORD_SAID
    + r"|(?i:[^.!?\n]{0,24}?\b(?:is not|isn't|not) (?:a|the) (?:password|secret|pin)\b)"
)
# A function's name called with a string ("pwd = input('请输入密码：')"); "letmein()" stays a
# password.
_CALLED = lazy_compile(r"(?P<name>[a-z_][a-z_.]*)(?P<call>\(?)")
# A value said to be no key where no password is named ("芯片 UID 是 0x1F2E…，每台唯一，不是密钥";
# "password=Hunter2024! 不是密钥" says it is no key, not that it is no password).
_SAID_NOT_A_KEY = lazy_compile(r"[^。！？\n]{0,24}?" + _NOT_SAID + r"(?:密钥|密鑰|秘钥|秘鑰)")
_PASSWORD_NAMED = lazy_compile(r"(?i)密码|密碼|口令|pass|pwd|\bpin\b")
# A value shown masked ("sk_live_••••••••4f2a"): what is left shows no secret.
_MASKED = lazy_compile(r"[*•●]{4,}")
# A command's long option ("--defer", "--no-cache"), which "pass" hands on to it rather than names:
# lower-case words, three at most ("pass --hunter2" and a diceware "--correct-horse-battery-staple"
# stay passwords: a tester's round).
_LONG_OPTION = lazy_compile(r"--[a-z]+(?:-[a-z]+){0,2}")
# …said where a command is (another option, "explicitly", "flag" …, or what it is set to in
# brackets): "pass --sunshine to login" says none of it.
_COMMAND_SAID = lazy_compile(
    r"(?<![\w-])--?[a-z]|\b(?:explicitly|flags?|options?|arguments?|args?|cli|commands?)\b",
    re.IGNORECASE,
)
_SET_TO = lazy_compile(r"\s*[(（]")
# HTTP Basic credentials wherever they are said, not only after "Authorization:", and a few words
# on ("basic auth with dXNl…", "the basic creds are dXNl…": a tester's round); checked by
# decoding (``_user_and_password``).
_BASIC_CREDENTIALS = lazy_compile(
    r"(?i)\bbasic\b(?:[^\S\n]+[\w'-]+){0,4}?[^\S\n]*[:=]?[^\S\n]+"
    r"(?P<secret>[A-Za-z0-9+/]{8,}={0,2})(?![\w+/=])"
)
# An error or a finding whose name holds "auth" ("UnauthorizedAccess:EC2/SSHBruteForce", "401
# Unauthorized: invalid app key"): what follows is its type or its words, when it is a type's path
# or a word the sentence goes on after ("Unauthorized: Zq8mK2vR…", "UnauthorizedToken: …",
# "Unauthorized: hunter2" stay secrets: a tester's round).
_ERROR_KEY = lazy_compile(r"(?i)unauthori[sz]ed(?:access)?|unauthenticated")
# (a type's parts are capitalised names or short codes, "/" between them: "admin:letmein" is a
# login)
_TYPE_PART = r"(?:[A-Z][A-Za-z]+|[A-Z][A-Z0-9]{1,3})"
_TYPE_PATH = lazy_compile(rf"{_TYPE_PART}(?:/{_TYPE_PART})+")
_WORD = lazy_compile(r"[a-z]+")
# The lines of a citation (``text.spans``: "patterns/general.md:L31-L36"), which memstrata writes
# beside what a user said: a CANDIDATES.md row whose summary spoke of a password lost its
# 写入位置 to "[REDACTED:password]" (learning_sim12, session 56).
_CITED_LINES = lazy_compile(r"L\d+(?:-L\d+)?")
_CITED_FILE = lazy_compile(r"[\w.-]+\.[A-Za-z0-9]+:$")
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


def _any_assignment_marker(lowered: str) -> bool:
    """Whether a marker of ``_ASSIGNMENT`` occurs; an ASCII text skips those of other scripts."""
    markers = _ASSIGNMENT_MARKERS_ASCII if lowered.isascii() else _ASSIGNMENT_MARKERS
    return any(k in lowered for k in markers)


# A value given as an example of a password, not one in use ("比如密码设成abc123这种就很容易被撞库",
# "例如 'abc12345' 呢類就係 weak password", "password: Zx8#qLm2 是随便编的例子": review66, 68):
# "this kind" or "is a made-up example" right after it; a word that makes it an example just
# before it ("예시 비번으로 …", "örnek şifre …", "nothing like '…'"); or "for example" or such a
# word in its clause where the sentence then calls it weak or made up. "For example" alone
# brings in a real one as often ("我的密码都一样，比如 QQ 的是 …"), and "这样的" / "这种东西" say
# "like this", not "an example" (an adversarial review of this session's first version).
_EXAMPLE_WORDS_ZH = r"举例|舉例|示例|范例|範例|例子|不要用|别用|別用|嫑用|勿用"
_EXAMPLE_BEFORE = lazy_compile(
    _EXAMPLE_WORDS_ZH + r"|예시|(?i:(?<![\w.@/-])(?:(?<!por )exemplo"
    r"|(?<!por )ejemplo|(?<!zum )beispiel|contoh|örnek|ornek|(?<!for )example|nothing like)(?![\w.@/-])"
    r"|\.env\.(?:example|sample|template)\b)"
)
# How near: a Chinese word six characters, a word of other languages fourteen ("示例项目的后台密码是
# X" is a real one; "nothing like 'X'", "örnek şifre X" are examples).
_EXAMPLE_NEAR_CJK = lazy_compile(_EXAMPLE_WORDS_ZH)
_EXAMPLE_INTRO = lazy_compile(
    r"比如|例如|譬如|예를 들어|例えば|(?i:(?<![\w.@/-])(?:por exemplo|por ejemplo|par exemple"
    r"|zum beispiel|misalnya|contohnya|ví dụ|vi du|for example|e\.g\.|such as)(?![\w.@/-]))"
)
_EXAMPLE_WEAK = lazy_compile(
    r"弱|撞库|撞庫|容易被|一猜就|别学|別學|不安全|别用|別用|不要用|(?i:weak|fake|dummy|made[- ]up|not real|sample"
    r"|no be real|don't use|do not use|never use|não use|nao use|no uses?|huwag gayahin|yếu|zayıf"
    r"|zayif|uydurma|mahina|fraca|débil|faible|schwach|lemah)"
)
_EXAMPLE_AFTER = lazy_compile(
    r"['\"」』”]?\s*(?:(?:这种|這種|呢類|呢种|呢種|之类|之類|这类|這類|那种|那種)(?!的?东西|的?東西|的话|的話)"
    # ("… 是随便编的例子", "… 係占位符": review68)
    r"|(?:是|係|系)\s*(?:随便|隨便)?(?:编|編|乱编|亂編)?的?(?:例子|示例|范例|範例|占位符|佔位符|placeholder))"
)
_CLAUSE_STOP = lazy_compile(r"[，,。；;！!？?\n]")
_SENTENCE_STOP = lazy_compile(r"[。！？\n]|[.!?](?:\s|$)")


def _an_example(text: str, finding: SecretFinding) -> bool:
    """Whether the value is said as an example (see ``_EXAMPLE_BEFORE``)."""
    if _EXAMPLE_AFTER.match(text, finding.end):
        return True
    start = finding.start
    while start and text[start - 1] in " '\"“「『":
        start -= 1
    # (up to its end: "密码 额说嫑用123456这种" read as one value in Chinese)
    if _EXAMPLE_NEAR_CJK.search(text, max(0, start - 6), finding.end) or (
        _EXAMPLE_BEFORE.search(text, max(0, start - 14), finding.end)
        and not _EXAMPLE_NEAR_CJK.search(text, max(0, start - 14), finding.end)
    ):
        return True
    stops = [m.end() for m in _CLAUSE_STOP.finditer(text, 0, finding.start)]
    clause = stops[-1] if stops else 0
    said = _EXAMPLE_INTRO.search(text, clause, finding.end) or _EXAMPLE_BEFORE.search(
        text, clause, finding.end
    )
    end = finding.end  # (past the value's own marks: "Summer2024! is weak")
    while end < len(text) and text[end] in "!?.'\"”」』":
        end += 1
    stop = _SENTENCE_STOP.search(text, end)
    return bool(said and _EXAMPLE_WEAK.search(text, end, stop.start() if stop else len(text)))


# A digit of another script: Thai ๔, Devanagari ९, Bengali ৩, Persian ۴, Arabic ٤, fullwidth ４.
_OTHER_DIGIT = lazy_compile(r"(?![0-9])\d")
# The numerals of cheques and bank slips (贰柒叁玖伍捌: review66), read as the common ones where three
# or more numerals run together, one of them written so; alone they are names (伍, 陆) and words
# (陆续, 大陆).
_FINANCIAL = str.maketrans("壹贰貳叁參肆伍陆陸柒捌玖", "一二二三三四五六六七八九")
_FINANCIAL_RUN = lazy_compile(
    r"(?<![零〇幺两一二三四五六七八九壹贰貳叁參肆伍陆陸柒捌玖])"
    r"[零〇幺两一二三四五六七八九壹贰貳叁參肆伍陆陸柒捌玖]{3,8}"
    r"(?![零〇幺两一二三四五六七八九壹贰貳叁參肆伍陆陸柒捌玖])"
)
_FINANCIAL_MARK = frozenset("壹贰貳叁參肆伍陆陸柒捌玖")


def find_secrets(text: str, learned: bool = True) -> list[SecretFinding]:
    """All secrets in ``text``, non-overlapping, in order of position. Digits of other scripts
    ("รหัส ATM คือ ๔๘๒๙๑๕", "combination ९३१४": review59) are read as the ASCII digits they
    are, one character for one, so what is found in the folded text is where it is in ``text``.
    ``learned=False``: the hand readers alone (what the learned reader is trained beside)."""
    if not text.isascii() and _OTHER_DIGIT.search(text):
        text = _OTHER_DIGIT.sub(lambda m: str(unicodedata.decimal(m.group())), text)
    if not text.isascii() and not _FINANCIAL_MARK.isdisjoint(text):
        text = _FINANCIAL_RUN.sub(lambda m: m.group().translate(_FINANCIAL), text)
    return _find_secrets(text, learned)


def _find_secrets(text: str, learned: bool = True) -> list[SecretFinding]:
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
    if "basic" in lowered:
        found.extend(
            SecretFinding("authorization_header", m.start("secret"), m.end("secret"))
            for m in _BASIC_CREDENTIALS.finditer(text)
            if _user_and_password(m.group("secret"))
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
        for m in _assignments(text):
            key = m.group("key").strip("_.-")
            value = m.group("secret").strip("\"'\\")
            if _NOT_A_SECRET_KEY.search(key) or not _plausible_value(key, value):
                continue
            if key == "PASS":
                continue  # a test runner's verdict ("--- PASS: TestPool")
            if _ERROR_KEY.fullmatch(key) and _names_a_type(text, value, m.end("secret")):
                continue  # "UnauthorizedAccess:EC2/SSHBruteForce", "unauthorized: authentication required"
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
            if not sep and _handed_on(text, m.start("secret"), value):
                continue  # "pass --defer with the prod manifest": an option handed on (scenario 10)
            if _closing_quote(text, m, value):
                continue  # "add a 'show password' toggle": the quote closes the name
            if not sep and _FILE_NAME.match(value):
                continue  # "grep 密码 app.log": the file searched, not a password
            if sep in ("->", "=>", "→") and (
                m.group("key").lower() == "auth" or _IDENTIFIER.fullmatch(value)
            ):
                continue  # a field mapping ("密码 -> passwordHash", "auth -> oauth2_proxy")
            passcode = m.group("key").lower() == "passcode" and 4 <= len(value) <= 8
            if value.isdigit() and m.start("secret") not in codes and not passcode:
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
    if _CAME_IN.search(text):
        found.extend(_relayed_codes(text))
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
        found.extend(_parts_told(text))
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
            for m in _VERIFY_CODE.finditer(text)
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
    if any(w in lowered for w in _LAST_HALF_WORDS):
        found.extend(_halves_told(text))
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
    found = [f for f in found if _not_said_away(text, f, f.kind in _SAID_KINDS)]
    found.extend(_passwords_named_by_the_first(text, found))
    found.extend(_corrected_values(text, found))
    found.extend(_codes_nearby(text, found))
    found.extend(_spelled_letters(text, lowered))
    found.extend(_keyed_codes(text))
    found.extend(_said_again(text, found))
    if learned:  # what the rules leave, by the learned reader, unless said to be none
        found.extend(f for f in learned_findings(text, found) if _not_said_away(text, f, True))
    found = [f for f in found if not _cited_lines(text, f)]
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


def _handed_on(text: str, start: int, value: str) -> bool:
    """Whether the value after "pass" is a command's long option handed on to it."""
    option = value.rstrip(",.;")
    if not _LONG_OPTION.fullmatch(option):
        return False
    end = start + len(option)
    return bool(
        _SET_TO.match(text, end)
        or _COMMAND_SAID.search(text[:start])
        or _COMMAND_SAID.search(text, end)
    )


def _assignments(text: str) -> Iterator[re.Match[str]]:
    """The ``key: value`` assignments of ``text``; a value that is a key of its own starts the
    next one ("401 Unauthorized: x-api-key: 9f8e…" hides 9f8e…, not the header's name)."""
    position = 0
    while m := _ASSIGNMENT.search(text, position):
        if _ASSIGNMENT.match(text, m.start("secret")):
            position = m.start("secret")
            continue
        yield m
        position = m.end()


def _user_and_password(value: str) -> bool:
    """Whether ``value`` is base64 of "user:password" (HTTP Basic credentials), so that
    "Unauthenticated: Basic dXNlcjpodW50ZXIy" hides them and "Basic authentication" stays."""
    try:
        said = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return False
    user, colon, password = said.partition(":")
    return bool(user and colon and password) and said.isascii() and said.isprintable()


def _called(text: str, f: SecretFinding) -> bool:
    """Whether a finding is a function's name and the call's string follows ("input('")."""
    m = _CALLED.fullmatch(text, f.start, f.end)
    return m is not None and text.startswith(("'", '"') if m.group("call") else ("('", '("'), f.end)


def _names_a_type(text: str, value: str, end: int) -> bool:
    """Whether the value after an error's name is a type ("EC2/SSHBruteForce") or a word its
    sentence goes on after ("authentication required")."""
    if _TYPE_PATH.fullmatch(value):
        return True
    return bool(_WORD.fullmatch(value)) and not _said_at_clause_end(text, end)


def _cited_lines(text: str, f: SecretFinding) -> bool:
    """Whether a finding is the line numbers of a citation, right after its file's name."""
    return bool(
        _CITED_LINES.fullmatch(text, f.start, f.end)
        and _CITED_FILE.search(text, max(0, f.start - 200), f.start)
    )


def _not_said_away(text: str, f: SecretFinding, said: bool) -> bool:
    """Whether a finding stands: no value known to hold none, not masked and, for a value whose
    kind words can take back (``said``: a password, a PIN, what the learned reader read), not
    said to be no secret or given as an example."""
    return (
        not _NO_SECRET.fullmatch(text, f.start, f.end)
        and not _called(text, f)
        and not _MASKED.search(text, f.start, f.end)
        # (a key by its shape stays hidden whatever is said of it: "sk-… 这不是密码是 key")
        and not (said and _SAID_NOT_A_SECRET.match(text, f.end))
        and not (said and _SAID_NOT_A_KEY.match(text, f.end) and not _PASSWORD_NAMED.search(text))
        and not (said and _an_example(text, f))
    )


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
