"""The thin client: hand a CLI call or a hook to the running service, or say it cannot.

It runs at the start of every ``memstrata`` call, before click or any engine module is
imported, so it uses the standard library only and speaks HTTP/1.1 over a plain socket
(``http.client`` alone costs ~10 ms of imports, a sixth of a hook's budget).

Falling back is safe only when the service never received the call: a refused or failed
connection, or a stale address file, returns None at once and the caller works in-process.
Once the request is sent, the call belongs to the service; if the answer is lost (the service
was killed), :class:`Lost` is raised and the caller must not run the command a second time.
"""

from __future__ import annotations

import binascii
import json
import os
import socket
import sys

from memstrata.serve.address import STATE_DIR, Address, find_workspace_root, live_address

TYPE_CHECKING = False  # not ``typing``'s: see address.py
if TYPE_CHECKING:
    from typing import Any

# Commands that gain from the warm process (imports, the model, the vector matrix) and depend
# on nothing but their arguments, the working folder and the environment. Launchers and
# commands that touch files outside the workspace (init, install-hooks, compact FILE) or run
# long (watch, index, mcp, serve) always run in-process.
FORWARDED = frozenset(
    {
        "search", "get", "context", "warnings", "principles", "patterns", "status",
        "remember", "log", "lesson", "project", "infra", "signal", "cite",
        "heartbeat", "approve", "candidates", "stats", "cleanup", "doctor", "handoff",
        "consolidate", "skill",
    }
)  # fmt: skip
_GLOBAL_WITH_VALUE = ("-w", "--workspace", "--session", "--agent")
CONNECT_TIMEOUT_S = 0.5


class Lost(Exception):
    """The service took the call but its answer never came back (it stopped mid-call)."""


def command_of(argv: list[str]) -> tuple[str | None, str | None]:
    """(command name, ``-w`` value) of a CLI call; the name is None for help and version."""
    workspace = None
    words = list(argv)
    command = None
    while words:
        word = words.pop(0)
        if word in _GLOBAL_WITH_VALUE and words:
            value = words.pop(0)
            if word in ("-w", "--workspace") and workspace is None:
                workspace = value
        elif word.startswith("--workspace=") and workspace is None:
            workspace = word.split("=", 1)[1]
        elif word.startswith("-"):
            return None, None  # --help, --version, an unknown flag: click answers in-process
        else:
            command = word
            break
    for index, word in enumerate(words):
        if word in ("-w", "--workspace") and index + 1 < len(words) and workspace is None:
            workspace = words[index + 1]
        elif word.startswith("--workspace=") and workspace is None:
            workspace = word.split("=", 1)[1]
        elif word in ("-h", "--help", "-"):
            return None, None
    return command, workspace


def service_for(workspace: str | None, cwd: str | None = None) -> Address | None:
    """The live service of the workspace a call would use, or None."""
    if os.environ.get("MEMSTRATA_NO_SERVICE"):
        return None
    root = find_workspace_root(workspace, cwd)
    if root is None:
        return None
    return live_address(os.path.join(root, STATE_DIR))


def post(address: Address, path: str, body: dict[str, Any], timeout: float | None) -> dict:
    """POST JSON to the service. ConnectionError: it never got the call; Lost: it did."""
    host, port = address.host_port
    payload = json.dumps(body).encode("utf-8")
    request = (
        f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(payload)}\r\nX-Memstrata-Secret: {address.secret}\r\n"
        "Connection: close\r\n\r\n"
    ).encode("ascii") + payload
    try:
        sock = socket.create_connection((host, port), timeout=CONNECT_TIMEOUT_S)
    except OSError as exc:
        raise ConnectionError(str(exc)) from None
    try:
        try:
            sock.settimeout(CONNECT_TIMEOUT_S)
            sock.sendall(request)
        except OSError as exc:
            raise ConnectionError(str(exc)) from None
        sock.settimeout(timeout)
        chunks = []
        try:
            while True:
                data = sock.recv(65536)
                if not data:
                    break
                chunks.append(data)
        except OSError as exc:
            raise Lost(str(exc)) from None
    finally:
        sock.close()
    raw = b"".join(chunks)
    head, _, content = raw.partition(b"\r\n\r\n")
    status = head.split(b" ", 2)[1:2]
    if not status:
        raise Lost("no answer")
    if status[0] == b"503":
        raise ConnectionError("service is stopping")  # it refused the call before running it
    if status[0] != b"200":
        raise Lost(f"HTTP {status[0].decode('ascii', 'replace')}")
    if b"transfer-encoding: chunked" in head.lower():
        content = _unchunk(content)
    try:
        return dict(json.loads(content))
    except ValueError:
        raise Lost("malformed answer") from None


def _unchunk(data: bytes) -> bytes:
    out = []
    while data:
        size_line, _, rest = data.partition(b"\r\n")
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        out.append(rest[:size])
        data = rest[size + 2 :]
    return b"".join(out)


def _emit(answer: dict) -> int:
    sys.stdout.flush()
    os.write(1, binascii.a2b_base64(answer.get("stdout", "")))
    err = binascii.a2b_base64(answer.get("stderr", ""))
    if err:
        sys.stderr.flush()
        os.write(2, err)
    return int(answer.get("code", 0))


def forward_cli(argv: list[str], stdin_text: str | None = None) -> int | None:
    """Run a CLI call in the service: its exit code (output already printed), or None when the
    caller should run it in-process. Raises :class:`Lost` when the answer was lost."""
    command, workspace = command_of(argv)
    if command not in FORWARDED:
        return None
    address = service_for(workspace)
    if address is None:
        return None
    try:
        columns = os.get_terminal_size(1).columns if os.isatty(1) else 0
    except OSError:
        columns = 0
    body = {
        "kind": "cli",
        "argv": argv,
        "cwd": os.getcwd(),
        "env": dict(os.environ),
        "isatty": os.isatty(1),
        "columns": columns,
        "stdin": stdin_text,
    }
    try:
        answer = post(address, "/api/run", body, timeout=None)
    except ConnectionError:
        return None
    return _emit(answer)


def hook_payload() -> str:
    """The hook's stdin, read once (a hook reads at most 8 MB of it)."""
    if sys.stdin is None or sys.stdin.isatty():
        return ""
    return sys.stdin.read(8_000_000)


def forward_hook_payload(
    event: str, workspace: str | None, payload: str, kind: str = "hook"
) -> int | None:
    """Run hook ``event`` with ``payload`` in the service; None when it is not running."""
    cwd = None
    if not workspace and not os.environ.get("MEMSTRATA_WORKSPACE"):
        try:
            cwd = str(json.loads(payload).get("cwd") or "") or None
        except Exception:  # any payload (nested 5000 deep: RecursionError) only loses the cwd
            cwd = None
    address = service_for(workspace, cwd)
    if address is None:
        return None
    body = {
        "kind": kind,
        "event": event,
        "workspace": workspace,
        "cwd": os.getcwd(),
        "env": dict(os.environ),
        "stdin": payload,
    }
    try:
        answer = post(address, "/api/run", body, timeout=30.0)
    except ConnectionError:
        return None
    except Lost:
        return 0  # a hook never fails the agent; the service logged what happened
    return _emit(answer)
