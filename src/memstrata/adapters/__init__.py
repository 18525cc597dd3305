"""Thin adapters (CLI, later MCP and hooks) over the service functions; no logic of their own."""
