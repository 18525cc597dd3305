"""Maintenance: health check, consolidation, citation statistics and clean-up, status, handoff."""
