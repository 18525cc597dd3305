"""Evolve: the candidate pool, heartbeat synthesis, proposals and approvals (notes 000 and 004)."""
