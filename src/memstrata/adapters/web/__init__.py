"""The service's HTTP side (``memstrata serve``): MCP over streamable HTTP, the JSON API the
CLI and hooks use, and the review page. It is an adapter, like cli/ and mcp/: it builds MCP
servers with ``adapters/mcp/server.py`` and shapes results with ``adapters/presenters.py``;
the process machinery it runs on lives in ``memstrata.serve``."""
