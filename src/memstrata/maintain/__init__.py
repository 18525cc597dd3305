"""Maintenance: citation statistics and clean-up suggestions (later: consolidation, health)."""
