"""Secret detection and redaction.

Agents paste tool output, configs and error messages into memory; a key written into Markdown
ends up in git and in every later prompt. Everything is redacted before it is persisted, and in
team workspaces (shared by several agents) text holding a secret is refused instead.
Each pattern carries a kind so the redaction says what was removed: ``[REDACTED:github_token]``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Whole-token secrets, replaced entirely: (kind, literal markers, pattern). A pattern runs only
# when one of its markers occurs in the text, so scanning ordinary prose costs a few substring
# checks instead of one regex pass per kind.
_TOKEN_PATTERNS: list[tuple[str, tuple[str, ...], str]] = [
    (
        "private_key",
        ("PRIVATE KEY",),
        r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----",
    ),
    ("anthropic_key", ("sk-ant-",), r"\bsk-ant-[A-Za-z0-9_\-]{20,}"),
    ("openai_key", ("sk-",), r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}"),
    ("stripe_key", ("_live_", "_test_"), r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}"),
    (
        "aws_access_key",
        ("AKIA", "ASIA", "AGPA", "AIDA", "AROA", "ANPA"),
        r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[0-9A-Z]{16}\b",
    ),
    (
        "github_token",
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
        r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})",
    ),
    ("gitlab_token", ("glpat-",), r"\bglpat-[A-Za-z0-9_\-]{20,}"),
    ("slack_token", ("xox",), r"\bxox[abposr]-[A-Za-z0-9\-]{10,}"),
    ("slack_webhook", ("hooks.slack.com",), r"https://hooks\.slack\.com/services/[A-Za-z0-9/_\-]+"),
    ("google_api_key", ("AIza",), r"\bAIza[0-9A-Za-z_\-]{35}"),
    ("google_oauth_token", ("ya29.",), r"\bya29\.[0-9A-Za-z_\-]{20,}"),
    ("huggingface_token", ("hf_",), r"\bhf_[A-Za-z0-9]{30,}"),
    ("npm_token", ("npm_",), r"\bnpm_[A-Za-z0-9]{36}\b"),
    ("sendgrid_key", ("SG.",), r"\bSG\.[A-Za-z0-9_\-]{16,}\.[A-Za-z0-9_\-]{16,}"),
    ("telegram_bot_token", (":AA",), r"\b\d{8,10}:AA[A-Za-z0-9_\-]{33}\b"),
    ("jwt", ("eyJ",), r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"),
    ("bearer_token", ("bearer ",), r"(?i)(?<=bearer )[A-Za-z0-9\-._~+/]{20,}=*"),
]

# Credentials embedded in URLs (user:password@host): anchored on the literal "://".
_URL_PASSWORD = re.compile(r"(?<=://)(?P<user>[^\s:/@]{1,256}):(?P<secret>[^\s@/]{1,256})(?=@)")

# key = value / key: value assignments (English and Chinese keys); the key stays readable.
_ASSIGNMENT = re.compile(
    r"(?P<key>(?i:\b(?:password|passwd|pwd|passphrase|secret|client[_-]?secret|api[_-]?key|apikey"
    r"|access[_-]?key|secret[_-]?key|aws_secret_access_key|access[_-]?token|auth[_-]?token"
    r"|refresh[_-]?token|token|private[_-]?key|accountkey)\b)|密码|口令|密钥|令牌)"
    r"(?P<sep>[\"']?\s*(?:=|:|：)\s*)"
    r"(?P<secret>\"[^\"\n]+\"|'[^'\n]+'|[^\s,;，；。'\"]+)"
)

_ASSIGNMENT_MARKERS = ("pass", "pwd", "secret", "key", "token", "密码", "口令", "密钥", "令牌")
_COMPILED = [(kind, markers, re.compile(pattern)) for kind, markers, pattern in _TOKEN_PATTERNS]
_PLACEHOLDER = re.compile(r"\[REDACTED:[a-z_]+\]")


@dataclass(frozen=True)
class SecretFinding:
    """Where a secret was found: its kind and character span in the text."""

    kind: str
    start: int
    end: int


def _assignment_kind(key: str) -> str:
    lowered = key.lower()
    if lowered in {"密码", "口令", "passwd", "pwd", "passphrase"} or "password" in lowered:
        return "password"
    if "token" in lowered or key == "令牌":
        return "token"
    return "secret"


def find_secrets(text: str) -> list[SecretFinding]:
    """All secrets in ``text``, non-overlapping, in order of position."""
    found: list[SecretFinding] = []
    lowered = text.lower()
    for kind, markers, pattern in _COMPILED:
        haystack = lowered if kind == "bearer_token" else text
        if any(marker in haystack for marker in markers):
            found.extend(SecretFinding(kind, m.start(), m.end()) for m in pattern.finditer(text))
    if "://" in text:
        found.extend(
            SecretFinding("url_password", m.start("secret"), m.end("secret"))
            for m in _URL_PASSWORD.finditer(text)
        )
    assignments = (
        _ASSIGNMENT.finditer(text) if any(k in lowered for k in _ASSIGNMENT_MARKERS) else ()
    )
    for m in assignments:
        value = m.group("secret").strip("\"'")
        if _PLACEHOLDER.fullmatch(value) or value.startswith("[REDACTED") or len(value) < 3:
            continue
        found.append(
            SecretFinding(_assignment_kind(m.group("key")), m.start("secret"), m.end("secret"))
        )
    found.sort(key=lambda f: (f.start, -(f.end - f.start)))
    merged: list[SecretFinding] = []
    for finding in found:
        if merged and finding.start < merged[-1].end:
            continue
        merged.append(finding)
    return merged


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
