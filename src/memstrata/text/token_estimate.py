"""Token estimates that are right for Chinese.

Counting characters / 4 (the usual English rule) undercounts Chinese by about 4x: a CJK
character is roughly one token in current tokenizers, while English runs about four characters
per token. The default estimator counts CJK characters (and full-width punctuation) as one
token each and the rest at four characters a token. It is pluggable: anything with
``count(text) -> int`` can replace it (a real tokenizer, when one is installed).
"""

from __future__ import annotations

import math
import re
from typing import Protocol

_WIDE = re.compile(
    r"[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]"
)


class TokenEstimator(Protocol):
    def count(self, text: str) -> int: ...


class CJKAwareEstimator:
    """One token per CJK character, one per four other characters (whitespace included)."""

    chars_per_token = 4.0

    def count(self, text: str) -> int:
        wide = len(_WIDE.findall(text))
        rest = len(text) - wide
        return wide + math.ceil(rest / self.chars_per_token)


DEFAULT = CJKAwareEstimator()


def count_tokens(text: str, estimator: TokenEstimator | None = None) -> int:
    return (estimator or DEFAULT).count(text)
