"""A pending signal keeps its message id when its detail names a password (learning_sim12: the
writer cleans the whole JSON line again, read the id "3b7e9a1c2d4f" as a credential near 密碼 and
wrote "message": "[REDACTED:password]", so every such signal shared one id, the one that merges
the hook's and the agent's signals of the same message)."""

from __future__ import annotations

from memstrata.core.queues import append_pending, read_pending


def test_the_message_id_survives_beside_a_password(ws) -> None:
    append_pending(
        ws.writer(),
        {
            "signal": "new_knowledge",
            "message": "3b7e9a1c2d4f",
            "brief": "pg-ledger-stg 密碼 reset 咗",
            "detail": "stg 個 pg-ledger-stg 密碼 Winnie姐 reset 咗 新嘅係 Wq7#tLp92vX 你幫我 update",
            "source": "user",
            "evidence": "pg-ledger-stg 密碼 reset 咗",
        },
    )
    [record] = read_pending(ws).valid
    assert record["message"] == "3b7e9a1c2d4f"
    assert "Wq7#tLp92vX" not in str(record)
