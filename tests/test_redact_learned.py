"""The learned secret reader (``core/redact/learned.py``, issue 11's privacy round 41).

The hand readers leak a quarter of a fresh blind set's messages, in phrasings no rule names;
the learned reader hides what they leave when a value's shape and the words around it read as
a secret. The secrets below leaked through every rule before it (they are from the development
sets the reader was trained on: the blind set's score is in BENCHMARKS.md, round 41); the
ordinary lines are ones a first version hid (a number in a log line, a model's length, a phone
number told to call a plumber).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memstrata.core.redact import find_secrets, learned, redact

LEFT_BY_THE_RULES = [
    ("wifi ya ofisi ni 'Kamau-Ops', key ni chapati&chai254", "chapati&chai254"),
    ("Zoom host key is 482910, need it when the guest speaker joins at 10h", "482910"),
    ("草 我把寝室路由器改了 现在连 doubleSixSix666 你记好 四个人都要用", "doubleSixSix666"),
    ("그냥 늘 쓰던 거, JiHoon_qa88 로 Figma도 가입했음", "JiHoon_qa88"),
    (
        "I copied from the router sticker the WPA key 8842 6071 3395, kindly store it",
        "8842 6071 3395",
    ),
    ("媽媽的網銀她叫我幫忙記：她生日加上小狗名字，就是 0521lucky，她自己一定會忘", "0521lucky"),
]


@pytest.mark.parametrize(("message", "secret"), LEFT_BY_THE_RULES)
def test_a_secret_the_rules_leave_is_hidden(message: str, secret: str) -> None:
    hidden = redact(message)
    assert secret not in hidden
    assert redact(hidden) == hidden  # a marker is read as no value the second time
    assert any(
        secret in message[f.start : f.end] or message[f.start : f.end] in secret
        for f in find_secrets(message)
        if f.kind == "secret"
    )


# Round 42: the reader retrained with four more sets (review69-72) and more ordinary text as
# negatives. These leaked through round 41's reader (review71/72, written as training data; their
# first read is in BENCHMARKS.md, round 42).
LEFT_BY_THE_FIRST_READER = [
    ("新的就是 turtle-coral-sunset，三个英文单词中间用横杠，跟旧平板一样。", "turtle-coral-sunset"),
    ("El token del banco me dio 88 41 63, rápido que vence.", "88 41 63"),
    ("Keysafe at the Bondi job's 7420, keys for the unit are in it.", "7420"),
    ("Сейф в серверной: 15 вправо, 62 влево, 38 вправо. Там лежат ключи от стоек.", "62"),
    (
        "すみません、さっき言ったの間違いでした。8830じゃなくて8803です。ロッカーの暗証番号。",
        "8803",
    ),
    ("新嘅就係 dan-ta-nai-cha-99，蛋挞奶茶，同 email 嗰个一样。", "dan-ta-nai-cha-99"),
]


@pytest.mark.parametrize(("message", "secret"), LEFT_BY_THE_FIRST_READER)
def test_a_secret_round_41s_reader_left_is_hidden(message: str, secret: str) -> None:
    assert secret not in redact(message)


def test_one_value_read_in_two_parts_is_one_marker() -> None:
    assert (
        redact("媽媽的網銀她叫我幫忙記：她生日加上小狗名字，就是 0521lucky，她自己一定會忘").count(
            "[REDACTED"
        )
        == 1
    )


ORDINARY = [
    "Max sequence length for this model is 4096.",
    "Backup job has failed yesterday also with the same exit code 137, please have a look.",
    "[bash] python manage.py dbshell < slow_query.sql → (12 rows) Time: 8423.117 ms",
    "I just got a 1950s Rolleiflex from a flea market",
    "Zapisz mi numer do hydraulika: 2 4 6 8 i zadzwoń",
    "going forward put the ticket number in every branch name, like feat/PLAT-123-short-desc",
    "部署脚本在 scripts/deploy_v2.sh，跑之前先 source .env",
    # a utility's service number round 41's reader hid (review70's control)
    "El número de servicio de la CFE es 0438 2291 0043, para pagar la luz",
]


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_text_is_kept(text: str) -> None:
    assert redact(text) == text


def test_without_its_weights_the_reader_stands_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    damaged = tmp_path / "secret_reader.bin"
    damaged.write_bytes(b"\0" * 100)
    monkeypatch.setattr(learned, "WEIGHTS", damaged)
    learned._weights.cache_clear()
    try:
        message, secret = LEFT_BY_THE_RULES[0]
        assert learned.learned_findings(message, []) == []
        assert secret in redact(message)  # the rules alone, as before the reader
        assert "[REDACTED:password]" in redact("db password: Hn@wuliu8866")
    finally:
        learned._weights.cache_clear()


GERMAN_COMPOUNDS = [
    ("Das WLAN-Passwort lautet Hundehaus42!", "Hundehaus42"),
    ("WLAN-Passwort: Hundehaus42", "Hundehaus42"),
    ("Das Admin-Kennwort ist Tr0ckenobst!", "Tr0ckenobst"),
]


@pytest.mark.parametrize(("message", "secret"), GERMAN_COMPOUNDS)
def test_a_german_password_named_with_its_device_is_hidden(message: str, secret: str) -> None:
    """The fresh-context check of the reader found "Das WLAN-Passwort lautet Hundehaus42!" kept
    by every reader: the rules read "passwort" only as a word of its own, and not "lautet"."""
    assert secret not in redact(message)


@pytest.mark.parametrize(
    "text",
    [
        "Das WLAN-Passwort ist gültig",
        "die WLAN-Passwort-Regeln sind streng",
        "Setze das Root-Passwort zurück",
        "Die Adresse lautet Hauptstraße 42",
    ],
)
def test_german_talk_about_a_password_is_kept(text: str) -> None:
    assert redact(text) == text
