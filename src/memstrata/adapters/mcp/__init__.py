"""The MCP server: one module per tool group, output schemas, one session per server."""
