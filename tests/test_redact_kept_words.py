"""What the redaction took for a secret in the scenarios' memory files and is none (session 56):
a dbt option handed on with "pass" (learning_sim10: "pass [REDACTED:password] with the prod
manifest") and a GuardDuty finding's type named like a credential key (learning_sim12:
"UnauthorizedAccess:[REDACTED:secret]"). Each lost the fact the entry was kept for. The guards
below them hold on both codes."""

from __future__ import annotations

import pytest

from memstrata.core.redact import redact


@pytest.mark.parametrize(
    "text",
    [
        "btw when you test one model locally, pass --defer with the prod manifest in --state",
        "講聲你知 GuardDuty 嗰啲 UnauthorizedAccess:EC2/SSHBruteForce 如果 source 係 10.42.250.10"
        " 嘅 係我哋自己放喺 DMZ 嘅 honeypot 嚟 唔使當真",
        "Always pass --context (hz-prod/hz-staging)",
        "docker push harbor.internal/ai/rag-api:0.4.2 → unauthorized: authentication required",
    ],
    ids=["option", "finding_type", "option_set_to", "error_words"],
)
def test_a_named_thing_is_no_secret(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("pass hunter2x9 to the script", "hunter2x9"),
        ("UnauthorizedAccess: p@ssW0rd!x9", "p@ssW0rd!x9"),
        ("auth: Xk9#pLm2Qz", "Xk9#pLm2Qz"),
        ("UNAUTH_SECRET=Xk9pLm2Qz77", "Xk9pLm2Qz77"),
        # a fresh-context tester's leaks of the first cut: an option-shaped password said where
        # no command is, a token after an error's name
        ("pass --hunter2 to login", "hunter2"),
        ("pass --sunshine to login", "sunshine"),
        ("my wifi pass --correct-horse-battery-staple", "correct-horse-battery-staple"),
        ("Unauthorized: hunter2", "hunter2"),
        ("UnauthorizedToken: 8f14e45fceea167a5a36dedd4bea2543", "8f14e45fceea167a5a36dedd4bea2543"),
        ("unauthorized: Zq8mK2vR4tY9wPx7Lm3N", "Zq8mK2vR4tY9wPx7Lm3N"),
        (
            "HTTP 401 unauthorized: 8f14e45fceea167a5a36dedd4bea2543",
            "8f14e45fceea167a5a36dedd4bea2543",
        ),
        ("Error: Unauthorized: session=Zq8mK2vR4tY9wPx7Lm3N", "Zq8mK2vR4tY9wPx7Lm3N"),
        ("401 Unauthorized: admin:letmein", "letmein"),
        ("--db-password=--Xk9pLm2Qz", "Xk9pLm2Qz"),
    ],
)
def test_guard_a_secret_beside_them_is_still_hidden(text: str, secret: str) -> None:
    assert secret not in redact(text)
