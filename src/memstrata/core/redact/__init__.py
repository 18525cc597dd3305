"""Secret detection and redaction.

Agents paste tool output, configs and error messages into memory; a key written into Markdown
ends up in git and in every later prompt. Everything is redacted before it is persisted (and
before it is cut: half a key is no longer recognisable as one), and in team workspaces text
holding a secret is refused instead. Each pattern carries a kind so the redaction says what was
removed: ``[REDACTED:github_token]``. tests/secrets_corpus.py holds the kinds it must catch.

The modules, each importing only those above it:

- ``vocabulary``: words of the languages users mix in that several readers share.
- ``findings``: what a reader returns (``SecretFinding``) and the marker it becomes.
- ``shapes``: whether a value looks like a password, a credential or a random token.
- ``digits``: how a code's digits are said, and when a number is no code.
- ``written``: secrets as tools and configs write them (keys by prefix, URLs, ``key = value``,
  commands' flags, account/password pairs, random tokens).
- ``named``: secrets said in words with their name, in fixed phrasings.
- ``slot_value``, ``slot``: a secret's name, a verb, then its value later in the clause.
- ``told``: secrets told without their name beside them, and values told around a secret found.
- ``learned``: what the readers above leave, by a linear model of a value's shape and the words
  around it (trained by ``benchmarks/train_secret_reader.py``).
- ``finder``: ``find_secrets`` and ``redact``, which run the readers and merge their findings.
"""

from __future__ import annotations

from memstrata.core.redact.finder import find_secrets, redact
from memstrata.core.redact.findings import PLACEHOLDER, SecretFinding, mend_markers
from memstrata.core.redact.written import secret_key_kind

__all__ = [
    "PLACEHOLDER",
    "SecretFinding",
    "find_secrets",
    "mend_markers",
    "redact",
    "secret_key_kind",
]
