"""Round 23 of issue 11 (session 36): round 22's leftovers, each a named test that fails on
c069fd1; guards (what must stay as it is) pass on both and are named as guards."""

from __future__ import annotations

import pytest

# round 22's secrets left in clear: a Unicode arrow in a note, a four-letter password named as
# one, a wifi note with no verb, a second code named by what it opens
ROUND22_LEFT = [
    ("服务器密码 → Tr0ub4dor&3", "Tr0ub4dor"),
    ("the root password is toor", "toor"),
    ("密码是 toor", "toor"),
    ("SSID HomeNet, password sunflower", "sunflower"),
    ("SSID: HomeNet / 密码 sunflower", "sunflower"),
    ("门禁密码 4821；保险柜 9930", "9930"),
    ("the safe combination is 4821", "4821"),
    ("密码锁 5521", "5521"),
]
# guards: prose about a password, a search for the word, a file, what a safe is
ROUND22_PROSE = [
    "the password is easy",
    "the password is fine",
    "the password is hard to guess",
    "密码 → sunflower",
    "[tool] grep -c 密码 app.log → 12",
    "SSID HomeNet, password rotation",
    "SSID HomeNet password manager is bitwarden",
    "wifi password rotation",
    "保险柜 2024 年买的",
]


@pytest.mark.parametrize(("text", "secret"), ROUND22_LEFT)
def test_round22s_leftover_secrets_are_hidden(text: str, secret: str) -> None:
    from memstrata.core.redact import redact

    assert secret not in redact(text)


@pytest.mark.parametrize("text", ROUND22_PROSE)
def test_guard_prose_about_a_password_is_kept(text: str) -> None:
    from memstrata.core.redact import redact

    assert redact(text) == text


@pytest.mark.parametrize("text", ["grep 密码 config.yaml", "password file.txt"])
def test_a_file_named_after_the_word_password_is_no_password(text: str) -> None:
    from memstrata.core.redact import redact

    assert redact(text) == text
