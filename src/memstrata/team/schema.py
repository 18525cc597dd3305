"""The team store's tables, created on first connection (``CREATE … IF NOT EXISTS``).

Every document of a workspace is one row of ``memstrata_documents``: the Markdown (or JSONL,
or derived JSON state) text exactly as the files backend would hold it, a revision that grows
by one with every change, and who changed it when. A removed document keeps its row with
``text`` NULL, so a revision number is never reused. Every change is also a row of
``memstrata_history`` (the whole new text of a replacement, the bytes an append added), so
nothing a team writes is ever lost: any past revision can be rebuilt from it.
``memstrata_requests`` holds the client requests (MCP writes with a ``request_id``) whose
changes were committed, each with its answer, written in the same SQL transaction as those
changes: a retry finds it there, on whichever replica it lands (docs/design.md §10).
"""

from __future__ import annotations

# LISTEN/NOTIFY channel on which every committed change is announced (team/notify.py).
CHANNEL = "memstrata_documents"
# A constant key for the advisory lock that serialises schema creation across replicas.
SCHEMA_LOCK_KEY = 0x6D656D73  # "mems"

SCHEMA = """
CREATE TABLE IF NOT EXISTS memstrata_documents (
    workspace  text        NOT NULL,
    path       text        NOT NULL,
    text       text,
    revision   bigint      NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    updated_by text        NOT NULL,
    PRIMARY KEY (workspace, path)
);
CREATE TABLE IF NOT EXISTS memstrata_history (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    workspace    text        NOT NULL,
    path         text        NOT NULL,
    op           text        NOT NULL CHECK (op IN ('replace', 'append', 'remove')),
    old_revision bigint,
    new_revision bigint      NOT NULL,
    updated_at   timestamptz NOT NULL DEFAULT now(),
    updated_by   text        NOT NULL,
    change       text
);
CREATE INDEX IF NOT EXISTS memstrata_history_document
    ON memstrata_history (workspace, path, id);
CREATE TABLE IF NOT EXISTS memstrata_requests (
    workspace  text        NOT NULL,
    key        text        NOT NULL,
    answer     text        NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (workspace, key)
);
"""
# The table made last: a database without it gets the whole (idempotent) script again.
NEWEST_TABLE = "memstrata_requests"
