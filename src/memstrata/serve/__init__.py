"""``memstrata serve``: one warm local process per workspace for the CLI, the hooks, MCP and a
review page in the browser.

* :mod:`.address` — the address file in ``.memstrata/`` and its liveness check (stdlib only:
  the thin client reads it on every call).
* :mod:`.client` — the thin client the console script and the hooks use: forward a call to the
  running service, or say it cannot so the caller works in-process.
* :mod:`.workers` — the fork server: a single-threaded process holding the loaded embedder and
  the vector matrix; every forwarded call runs in a child forked from it, so it executes the
  very same command code with the model shared copy-on-write.
* :mod:`.tokens` — tokens for binding beyond loopback (only their hashes are stored).
* :mod:`.app` — the HTTP side: MCP at ``/mcp``, the JSON API, the review page.
* :mod:`.review` and :mod:`.plots` — what the review page shows.
* :mod:`.process` — start (foreground or daemon), stop, status, logging, SIGTERM.
"""
