"""What a reader returns and what it becomes: a ``SecretFinding`` (a kind and a span), the
``[REDACTED:kind]`` marker that replaces it, and the mending of a marker that a cut split.

At the bottom of the package, importing nothing of it: every reader returns findings, and
several skip text that is already redacted.
"""

from __future__ import annotations

from dataclasses import dataclass

from memstrata.text.lazy_re import lazy_compile

PLACEHOLDER = lazy_compile(r"\[REDACTED:[a-z_]+\]")
# What is left of a marker that something cut in two (``[REDACTED:pass…``, ``[REDAC``).
_BROKEN_MARKER = lazy_compile(r"\[REDA(?:C(?:T(?:E(?:D(?::[a-z_]*)?)?)?)?)?(?![A-Za-z_:\]])")


@dataclass(frozen=True)
class SecretFinding:
    """Where a secret was found: its kind and character span in the text."""

    kind: str
    start: int
    end: int


def mend_markers(text: str) -> str:
    """``text`` without the pieces of redaction markers that a cut split (``数据库密码是
    [REDACTED`` → ``数据库密码是``): a broken marker breaks the brackets of the line it is in and
    reads as if the redaction failed. The writer runs this on everything it persists, behind the
    cutting helpers (text.titles.clip) that already keep markers whole."""
    if "[REDA" not in text:
        return text
    return _BROKEN_MARKER.sub("", text)
