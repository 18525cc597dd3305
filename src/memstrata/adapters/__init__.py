"""Adapters over the services: the CLI, the MCP server, agent hooks and plugins, installers and
the presenters that shape every result; no memory logic of their own."""
