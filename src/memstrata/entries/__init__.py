"""entries."""
