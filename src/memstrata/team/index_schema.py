"""The team index's tables (team/index.py creates them on first use, ``IF NOT EXISTS``) and
the two queries that compare the indexed revisions with ``memstrata_documents``.

Per workspace: which revision of each document was indexed (``memstrata_index_files``); its
chunks with their lexical side (a weighted tsvector under a GIN index, per-column term counts
as JSON, the length in tokens) and their vector (``embedding``, with its model and size: an
HNSW index is built per size, on ``embedding::vector(size)``); ``memstrata_index_meta`` (the
signature, the generation counter, which generation each model finished embedding). Vectors are
also cached by (model, text hash) in ``memstrata_embeddings`` and shared by every workspace.
"""

from __future__ import annotations

import re

from memstrata.recall.store import IGNORED_DIRS

INDEX_VERSION = "1"
INDEX_SCHEMA = """
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE IF NOT EXISTS memstrata_index_meta (
    workspace text NOT NULL, key text NOT NULL, value text NOT NULL,
    PRIMARY KEY (workspace, key)
);
CREATE TABLE IF NOT EXISTS memstrata_index_files (
    workspace text NOT NULL, path text NOT NULL, revision bigint NOT NULL,
    PRIMARY KEY (workspace, path)
);
CREATE TABLE IF NOT EXISTS memstrata_chunks (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    workspace  text NOT NULL,
    path       text NOT NULL,
    start_line integer NOT NULL,
    end_line   integer NOT NULL,
    heading    text NOT NULL,
    role       text NOT NULL,
    entry_id   text NOT NULL,
    date       text NOT NULL,
    agent      text NOT NULL,
    text       text NOT NULL,
    text_hash  text NOT NULL,
    length     integer NOT NULL,
    tsv        tsvector NOT NULL,
    tf         jsonb NOT NULL,
    model      text,
    dims       integer,
    embedding  vector
);
CREATE INDEX IF NOT EXISTS memstrata_chunks_path ON memstrata_chunks (workspace, path, heading);
CREATE INDEX IF NOT EXISTS memstrata_chunks_pending ON memstrata_chunks (workspace, model);
CREATE INDEX IF NOT EXISTS memstrata_chunks_hash ON memstrata_chunks (workspace, text_hash);
CREATE INDEX IF NOT EXISTS memstrata_chunks_tsv ON memstrata_chunks USING gin (tsv);
CREATE TABLE IF NOT EXISTS memstrata_embeddings (
    model text NOT NULL, text_hash text NOT NULL, embedding vector NOT NULL,
    PRIMARY KEY (model, text_hash)
);
"""
# Documents that are memory: Markdown, not under a hidden or tool folder (as iter_markdown).
INDEXED = (
    r"\.md$",
    r"(^|/)(\.[^/]*|" + "|".join(re.escape(d) for d in sorted(IGNORED_DIRS)) + r")/",
)
CHANGED = """
SELECT d.path, d.revision, d.text, f.revision FROM memstrata_documents d
LEFT JOIN memstrata_index_files f ON f.workspace = d.workspace AND f.path = d.path
WHERE d.workspace = %(ws)s AND d.text IS NOT NULL AND d.path ~ %(md)s AND d.path !~ %(hidden)s
  AND f.revision IS DISTINCT FROM d.revision
"""
REMOVED = """
SELECT f.path FROM memstrata_index_files f
LEFT JOIN memstrata_documents d ON d.workspace = f.workspace AND d.path = f.path
WHERE f.workspace = %(ws)s AND d.text IS NULL
"""
# Whether a document changed only by appends since revision %(since)s, and how many bytes they
# added: then its first lines are as indexed (team/index.py re-derives the tail only). Every
# revision has its history row; a count that does not add up means "re-derive it all".
APPENDED = """
SELECT count(*) = %(revision)s - %(since)s AND bool_and(op = 'append'),
       coalesce(sum(octet_length(change)), 0)
FROM memstrata_history
WHERE workspace = %(ws)s AND path = %(path)s AND new_revision > %(since)s
  AND new_revision <= %(revision)s
"""
# One round trip per search when nothing changed: the signature, the generation, the generation
# at which %(done)s (``embedded:<model>``) finished, and whether any document moved.
STATE = f"""
SELECT (SELECT value FROM memstrata_index_meta WHERE workspace = %(ws)s AND key = 'signature'),
       (SELECT value FROM memstrata_index_meta WHERE workspace = %(ws)s AND key = 'generation'),
       (SELECT value FROM memstrata_index_meta WHERE workspace = %(ws)s AND key = %(done)s),
       EXISTS ({CHANGED}) OR EXISTS ({REMOVED})
"""
