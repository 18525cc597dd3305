"""A fake Anthropic Messages API on 127.0.0.1 for driving the real ``claude`` CLI offline.

Every request body is recorded (``api.requests``). ``POST /v1/messages`` answers with a fixed
assistant turn, as server-sent events when the request asks to stream: plain text, or, when the
newest user text contains ``tool_trigger`` and tools are offered, one ``Bash`` tool call running
``tool_command`` (a failing command triggers PostToolUseFailure). Any other path gets ``{}``.

    python tests/integration/fake_messages_api.py   # prints its URL, serves until ^C
"""

from __future__ import annotations

import contextlib
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

REPLY = "Done: the memory hooks ran."


def _user_text(body: dict[str, Any]) -> str:
    """The newest user message's own text (tool results and reminders included)."""
    for message in reversed(body.get("messages", [])):
        if message.get("role") != "user":
            continue
        content = message.get("content")
        if isinstance(content, str):
            return content
        return "\n".join(
            str(part.get("text") or part.get("content") or "")
            for part in content
            if isinstance(part, dict)
        )
    return ""


def _is_tool_result(body: dict[str, Any]) -> bool:
    last = (body.get("messages") or [{}])[-1]
    content = last.get("content")
    return isinstance(content, list) and any(
        isinstance(p, dict) and p.get("type") == "tool_result" for p in content
    )


class FakeMessagesAPI:
    def __init__(self, tool_trigger: str = "RUN-THE-FAILING-TOOL", tool_command: str = "false"):
        self.tool_trigger = tool_trigger
        self.tool_command = tool_command
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    body = json.loads(raw or b"{}")
                except ValueError:
                    body = {}
                with api.lock:
                    api.requests.append({"path": self.path, "body": body})
                if not self.path.split("?")[0].endswith("/v1/messages"):
                    return self._send(200, "application/json", b"{}")
                blocks = api.answer(body)
                if body.get("stream"):
                    return self._send(200, "text/event-stream", _sse(body, blocks))
                message = _message(
                    body, blocks, "tool_use" if blocks[-1]["type"] == "tool_use" else "end_turn"
                )
                self._send(200, "application/json", json.dumps(message).encode())

            def do_GET(self) -> None:
                self._send(200, "application/json", b'{"data": []}')

            do_HEAD = do_GET

            def _send(self, status: int, kind: str, data: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def answer(self, body: dict[str, Any]) -> list[dict[str, Any]]:
        tools = {t.get("name") for t in body.get("tools", [])}
        if "Bash" in tools and self.tool_trigger in _user_text(body) and not _is_tool_result(body):
            call = {"command": self.tool_command, "description": "Run the check"}
            return [
                {
                    "type": "tool_use",
                    "id": f"toolu_{len(self.requests):04d}",
                    "name": "Bash",
                    "input": call,
                }
            ]
        return [{"type": "text", "text": REPLY}]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def messages(self) -> list[dict[str, Any]]:
        """The recorded /v1/messages bodies."""
        with self.lock:
            return [r["body"] for r in self.requests if "/v1/messages" in r["path"]]

    def __enter__(self) -> FakeMessagesAPI:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _message(
    body: dict[str, Any], content: list[dict[str, Any]], stop: str | None
) -> dict[str, Any]:
    return {
        "id": "msg_fake",
        "type": "message",
        "role": "assistant",
        "model": body.get("model", "fake"),
        "content": content,
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 5},
    }


def _sse(body: dict[str, Any], blocks: list[dict[str, Any]]) -> bytes:
    stop = "tool_use" if blocks[-1]["type"] == "tool_use" else "end_turn"
    events: list[tuple[str, dict[str, Any]]] = [
        ("message_start", {"type": "message_start", "message": _message(body, [], None)})
    ]
    for index, block in enumerate(blocks):
        if block["type"] == "text":
            start, delta = (
                {"type": "text", "text": ""},
                {"type": "text_delta", "text": block["text"]},
            )
        else:
            start = {**block, "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        events += [
            (
                "content_block_start",
                {"type": "content_block_start", "index": index, "content_block": start},
            ),
            (
                "content_block_delta",
                {"type": "content_block_delta", "index": index, "delta": delta},
            ),
            ("content_block_stop", {"type": "content_block_stop", "index": index}),
        ]
    events += [
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": stop, "stop_sequence": None},
                "usage": {"output_tokens": 5},
            },
        ),
        ("message_stop", {"type": "message_stop"}),
    ]
    return "".join(f"event: {name}\ndata: {json.dumps(data)}\n\n" for name, data in events).encode()


if __name__ == "__main__":
    with FakeMessagesAPI() as fake:
        print(fake.url, flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()
