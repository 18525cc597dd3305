"""Compaction: keep a conversation inside its context window, flushing durable facts to
today's log first (note 003)."""
