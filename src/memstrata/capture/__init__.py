"""Capture: learning signals from conversations and tool events, buffered in pending.jsonl."""
