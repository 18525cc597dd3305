"""A small local HTTP server for testing the OpenAI-compatible clients through real HTTP."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Responder = Callable[[dict[str, Any], int], tuple[int, Any, float]]


class FakeServer:
    """Serves POSTs with ``responder(body, call_number) -> (status, json_or_text, delay_s)``."""

    def __init__(self, responder: Responder):
        self.responder = responder
        self.calls: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                server.calls.append({"path": self.path, **body})
                server.headers.append(dict(self.headers))
                status, payload, delay = server.responder(body, len(server.calls))
                if delay:
                    threading.Event().wait(delay)
                data = (
                    payload.encode() if isinstance(payload, str) else json.dumps(payload).encode()
                )
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self) -> FakeServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
