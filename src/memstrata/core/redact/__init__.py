"""Secret detection and redaction: the public API of ``finder``, re-exported."""

from __future__ import annotations

from memstrata.core.redact.finder import (
    PLACEHOLDER,
    SecretFinding,
    find_secrets,
    mend_markers,
    redact,
    secret_key_kind,
)

__all__ = [
    "PLACEHOLDER",
    "SecretFinding",
    "find_secrets",
    "mend_markers",
    "redact",
    "secret_key_kind",
]
