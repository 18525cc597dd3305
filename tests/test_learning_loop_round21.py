"""Issue 11, round 21: review20's leftovers.

Passwords said as words stayed in clear ("the wifi password is correct-horse-battery", "the guest
one is tulip77", "the wifi password is sunflower"), while the error "password authentication
failed" lost its key word to the redactor, so a learned failure no longer said what failed.
"""

from __future__ import annotations

import pytest

from memstrata.core.redact import redact

WORD_PASSWORDS = [
    ("the wifi password is correct-horse-battery", "correct-horse-battery"),
    ("the wifi password is sunflower", "sunflower"),
    ("the password should be sunflower", "sunflower"),
    ("wifi 密码应该是 sunflower", "sunflower"),
    ("the wifi password is Zx9kLm2Q, the guest one is tulip77", "tulip77"),
    ("root 的密码是 Zx9kLm2Q，访客的是 tulip77", "tulip77"),
    ("密码是 abc12345，另一个是 qwerty99", "qwerty99"),
    ('wifi password is hunter22 and the guest one is "blue sky"', "blue sky"),
]
PROSE = [
    "psql: FATAL: password authentication failed for user app",
    "Disable password authentication for SSH everywhere.",
    "password requirements: 12 chars",
    "the password is case-sensitive",
    "the password is stored in vault",
    "the password is rotated monthly",
    "password is optional",
    "passphrase is correct",
    "kubectl rollout status deploy/worker -n prod",
    "show me how to stream tokens from langgraph to an SSE endpoint",
    "the password is what you set",
]


@pytest.mark.parametrize(("said", "value"), WORD_PASSWORDS, ids=[v for _, v in WORD_PASSWORDS])
def test_a_password_of_words_is_redacted(said: str, value: str) -> None:
    hidden = redact(said)
    assert value not in hidden and "[REDACTED:password]" in hidden, hidden


@pytest.mark.parametrize("said", PROSE)
def test_prose_around_passwords_keeps_its_words(said: str) -> None:
    assert redact(said) == said


def test_a_plain_word_after_a_first_password_is_not_a_second_one() -> None:
    hidden = redact("the password is hunter22; no one is around")
    assert hidden == "the password is [REDACTED:password]; no one is around"
