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


def test_the_message_id_survives_a_rewrite_of_its_line(ws) -> None:
    """Marking a signal as written rewrites its line; the writer's safety net cleans the new line
    record by record, so the id beside 密碼 stays too."""
    from memstrata.formats.jsonl import dump_record

    writer = ws.writer()
    append_pending(
        writer,
        {
            "signal": "correction",
            "message": "9f8e7d6c5b4a",
            "brief": "wifi 密碼 改咗",
            "detail": "屋企 wifi 密碼 改咗 新嘅係 Tp!9xLm2qZ",
            "source": "user",
        },
    )

    def mark_written(lines: list[str]) -> tuple[list[str], None]:
        import json

        out = []
        for line in lines:
            record = json.loads(line)
            record["written"] = "USER.md:L3"
            out.append(dump_record(record))
        return out, None

    writer.rewrite(ws.role_path("pending"), mark_written, role="pending")
    [record] = read_pending(ws).valid
    assert record["message"] == "9f8e7d6c5b4a"
    assert record["written"] == "USER.md:L3"
    assert "Tp!9xLm2qZ" not in str(record)
