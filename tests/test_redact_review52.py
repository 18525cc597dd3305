"""Secrets said in words that review52 (a blind set, held out until session 46 read it once) found
in clear: passwords named in Spanish, Polish, Vietnamese, Korean ("la contraseña de Figma es …",
"mật khẩu …", "비번 …"), digits spelled in those languages or in Korean numerals, old and new codes
("old 7391 new 8240", "so now it is 4471"), a dial's turns said with left and right, recovery
codes in upper case; and the talk it hid ("Locker 214 is jammed", "código postal 06700", a
training slide's bad example). Each case is written here in other words than the set's."""

from __future__ import annotations

import pytest

from memstrata.core.redact import redact

SECRETS = [
    ("oye guarda esto: la contraseña de Canva es Dibujo_Azul77! no la pierdas", ["Dibujo_Azul77!"]),
    ("Square login cho tiệm: mật khẩu Nhung1985! nha", ["Nhung1985!"]),
    ("Unity 계정 비번 moonrabbit_77 (달토끼 영어로)", ["moonrabbit_77"]),
    ("카카오뱅크 PIN 칠삼일공구팔, 한글로 써놔야 안전할듯", ["칠삼일공구팔"]),
    ("PIN ya ATM ni tano saba moja mbili, usiambie mtu", ["tano saba moja mbili"]),
    (
        "My debit card PIN in Polish so nobody understands: osiem trzy jeden zero.",
        ["osiem trzy jeden zero"],
    ),
    ("alarm code bây giờ là một năm chín hai, mình đổi sau vụ trộm", ["một năm chín hai"]),
    (
        "el portón ya no es 1357, ahora es seis dos ocho cero, me avisó Don Beto",
        ["1357", "seis dos ocho cero"],
    ),
    ("Chase bank pin đổi rồi, old 4826 new 9153", ["4826", "9153"]),
    ("Garage code was 1111, too obvious, so now it is 6283.", ["1111", "6283"]),
    ("Building front door keypad, kod 4096 and then the bell symbol.", ["4096"]),
    ("도어락 was 3917 but 관리실 reset it to 2264 yesterday", ["3917", "2264"]),
    (
        "The safe in my basement workshop opens with 14 left, 32 right, 9 left.",
        ["14 left, 32 right, 9 left"],
    ),
    ("保险柜三组数字 21、46、8，顺序别弄错", ["21、46、8"]),
    (
        "Microsoft recovery code for Kuba's account: QW7E-9RTY-U2IO-PA5S-DF3G",
        ["QW7E-9RTY-U2IO-PA5S-DF3G"],
    ),
    ("steam guard code 9XK2P 방금 옴, quick type it for me", ["9XK2P"]),
    ("Zelle texted me code 402318, ok để chị nhập", ["402318"]),
    (
        "my bank app clave cambió, la vieja era Pozole2021 y la nueva Pozole2024!",
        ["Pozole2021", "Pozole2024!"],
    ),
]

GUARDS = [
    "Locker 214 is jammed again, call the custodian, la combinaison marche pas",
    "código postal 06700, Roma Norte, para el envío de los prints",
    "员工培训ppt加一页，举例说明密码不要用 123456 或者 password 这种",
    "password policy: min length 14, rotate every 90 days",
    "my code is 200 lines long and the build took 3 minutes",
]


@pytest.mark.parametrize(("text", "values"), SECRETS)
def test_secret_said_in_words_is_hidden(text: str, values: list[str]) -> None:
    hidden = redact(text)
    assert not [v for v in values if v in hidden], hidden


@pytest.mark.parametrize("text", GUARDS)
def test_guard_talk_is_kept(text: str) -> None:
    assert redact(text) == text
