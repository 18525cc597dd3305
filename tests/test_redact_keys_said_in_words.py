"""Secrets named by their role in words reach no file (an adversarial review, session 43).

"vault 的 unseal key 是 4fG7hJ9kL2mNq8Rt", "测试服 root 的 pass 是 qwe!23ASD", "OTP 種子是 JBSWY3DPEHPK3PXP",
"the signing salt is 9f8e7d6c5b4a" and a GitHub token shorter than GitHub's own were written into
an entry's title in clear by ``remember``. Each case failed on the code before; the guards
(``test_guard_…``) pass on both.
"""

from __future__ import annotations

import pytest

from memstrata.core.redact import redact
from memstrata.entries.remember import remember


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("vault 的 unseal key 是 4fG7hJ9kL2mNq8Rt，别弄丢", "4fG7hJ9kL2mNq8Rt"),
        ("测试服 root 的 pass 是 qwe!23ASD", "qwe!23ASD"),
        ("記住 跳板機的 OTP 種子是 JBSWY3DPEHPK3PXP", "JBSWY3DPEHPK3PXP"),
        ("the signing salt is 9f8e7d6c5b4a, read it from env", "9f8e7d6c5b4a"),
        ("the JWT secret is Zq8wX2pLm9", "Zq8wX2pLm9"),
        (
            "Leaked the token again: ghp_AbC123xyz456TOKEN789 must never be logged",
            "ghp_AbC123xyz456TOKEN789",
        ),
    ],
)
def test_a_key_named_by_its_role_is_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


def test_a_remembered_key_reaches_no_file(ws) -> None:
    remember(ws.writer(), "记住：vault 的 unseal key 是 4fG7hJ9kL2mNq8Rt，别弄丢")
    written = "".join(p.read_text(encoding="utf-8") for p in ws.root.rglob("*") if p.is_file())
    assert "4fG7hJ9kL2mNq8Rt" not in written and "unseal key" in written


@pytest.mark.parametrize(
    "text",
    [
        "the primary key is order_id",
        "pass the tests first",
        "salt is added per user",
        "随机种子是 42",
        "种子用户是 seed_user_01",
        "boarding pass is printed",
    ],
)
def test_guard_words_that_name_no_secret_stay(text: str) -> None:
    assert redact(text) == text
