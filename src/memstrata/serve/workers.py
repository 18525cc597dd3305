"""The fork server: one single-threaded process that holds the warm state and forks a worker
for every forwarded call.

Why fork: a forwarded CLI call must print exactly what the in-process command prints, so the
worker runs the very same click command, with the caller's argv, working folder, environment
and stdin, its own stdout/stderr and exit code. Forking from a process that already imported
everything, loaded the embedder and the vector matrix costs a few milliseconds, and the child
shares all of it copy-on-write. Why a separate process: the HTTP side runs threads (uvicorn,
the file watcher), and forking a threaded process can leave a lock held forever in the child;
this process never starts a thread of its own, so its forks are clean.

Between calls it keeps the vector matrices current and runs the background embedder: a forked
child that syncs the index and embeds the backlog batch by batch, holding the index lock only
while it reads or writes rows, so a search never waits for it.

Protocol: the HTTP side sends ``b"run"`` with one end of a fresh socket pair attached
(``SCM_RIGHTS``) over a message socket whose close tells it to stop; it writes the request (JSON) into its end and reads the
answer back. ``b"sync"`` asks for a background sync (the watcher saw a change).
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
import os
import select
import signal
import socket
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

Handler = Callable[..., int]
_RUN, _SYNC = b"run", b"sync"
SYNC_DEBOUNCE_S = 0.2
# A team store: every replica hears every write of the whole team (NOTIFY), and a search syncs
# the shared index itself, so a background pass is only there to embed; each pass is a fork
# that opens its own database connections, which five times a second on two replicas cost a
# good part of a 2-core machine (tests/test_team_replicas.py).
TEAM_SYNC_DEBOUNCE_S = 1.0
IDLE_TICK_S = 0.2
BACKGROUND_NICE = 10


class ForkServer:
    """The HTTP side's handle on the fork server process."""

    def __init__(
        self,
        roots: list[Path],
        handlers: dict[str, Handler],
        log: Callable[[str], None],
        debounce_s: float = SYNC_DEBOUNCE_S,
    ):
        self.roots = roots
        self.debounce_s = debounce_s
        self.handlers = handlers
        self.log = log
        self.pid = 0
        self._control: socket.socket | None = None
        self._send = threading.Lock()

    def start(self) -> None:
        """Fork the server; call before starting any thread."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        pid = os.fork()
        if pid == 0:  # the fork server
            ours.close()
            code = 0
            try:
                _Zygote(theirs, self.roots, self.handlers, self.log, self.debounce_s).loop()
            except BaseException:
                self.log("fork server failed: " + traceback.format_exc(limit=5))
                code = 1
            os._exit(code)
        theirs.close()
        self.pid, self._control = pid, ours

    def alive(self) -> bool:
        if not self.pid:
            return False
        try:
            done, _status = os.waitpid(self.pid, os.WNOHANG)
        except ChildProcessError:
            return False
        return done == 0

    def call(self, request: dict[str, Any]) -> dict[str, Any]:
        """Run one request in a forked worker; blocks until it answers."""
        if self._control is None:
            raise ConnectionError("fork server not started")
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            with self._send:
                socket.send_fds(self._control, [_RUN], [theirs.fileno()])
            theirs.close()
            mine.sendall(json.dumps(request).encode("utf-8"))
            mine.shutdown(socket.SHUT_WR)
            data = _read_all(mine)
        finally:
            mine.close()
            with contextlib.suppress(OSError):
                theirs.close()
        if not data:
            raise ConnectionError("the worker died before answering")
        return dict(json.loads(data))

    def sync(self) -> None:
        """Ask for a background sync + embedding pass (a file changed)."""
        if self._control is not None:
            with self._send, contextlib.suppress(OSError):
                self._control.send(_SYNC)

    def stop(self, timeout: float = 10.0) -> None:
        """Close the control socket (the server drains its workers and exits) and reap it."""
        if self._control is not None:
            self._control.close()
            self._control = None
        deadline = time.monotonic() + timeout
        while self.pid and time.monotonic() < deadline:
            try:
                done, _status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                break
            if done:
                break
            time.sleep(0.05)
        else:
            if self.pid:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(self.pid, signal.SIGKILL)
        self.pid = 0


def _read_all(sock: socket.socket) -> bytes:
    chunks: list[bytes] = []
    while True:
        data = sock.recv(1 << 20)
        if not data:
            return b"".join(chunks)
        chunks.append(data)


class _Zygote:
    """The fork server's own loop (runs in the forked process)."""

    def __init__(
        self,
        control: socket.socket,
        roots: list[Path],
        handlers: dict[str, Handler],
        log: Callable[[str], None],
        debounce_s: float,
    ):
        self.control = control
        self.roots = roots
        self.handlers = handlers
        self.log = log
        self.debounce_s = debounce_s
        self.workers: set[int] = set()
        self.embedder_pid = 0
        self.sync_wanted = True  # a first pass at start: resume whatever was left
        self.last_sync = 0.0

    def loop(self) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the HTTP side, which stops us
        from memstrata.serve import background as backlog

        backlog.warm(self.roots, self.log)
        while True:
            ready, _w, _x = select.select([self.control], [], [], IDLE_TICK_S)
            if ready:
                try:
                    data, fds, _flags, _addr = socket.recv_fds(self.control, 64, 4)
                except OSError:
                    break
                if not data:
                    break  # the HTTP side is gone
                if data == _RUN and fds:
                    self._fork_worker(fds[0])
                    for extra in fds[1:]:
                        os.close(extra)
                elif data == _SYNC:
                    self.sync_wanted = True
            self._reap()
            self._maybe_sync()
            if not self.workers and not select.select([self.control], [], [], 0)[0]:
                # No call running or waiting: have the matrices (and the backlog count) current
                # for the next one. Not only after a quiet tick: during a backlog the index
                # moves every second and searches come more often than that, so each worker
                # re-read the matrix itself (140 ms under load).
                backlog.refresh_matrices(self.roots)
        self._drain()

    # ------------------------------------------------------------------ children
    def _fork_worker(self, fd: int) -> None:
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                self.control.close()
                _worker(fd, self.handlers, self.log)
            except BaseException:
                code = 1
            os._exit(code)
        os.close(fd)
        self.workers.add(pid)

    def _reap(self) -> None:
        while True:
            try:
                pid, _status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            if pid in self.workers:
                self.workers.discard(pid)
                self.sync_wanted = True  # it may have written: index and embed what changed
            elif pid == self.embedder_pid:
                self.embedder_pid = 0

    def _maybe_sync(self) -> None:
        if not self.sync_wanted or self.embedder_pid:
            return
        if time.monotonic() - self.last_sync < self.debounce_s:
            return
        self.sync_wanted = False
        self.last_sync = time.monotonic()
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                self.control.close()
                # Below the calls it serves: on two cores, a search must not queue behind
                # the indexing and embedding of someone else's 2,000 new chunks.
                os.nice(BACKGROUND_NICE)
                from memstrata.serve import background as backlog

                backlog.after_fork()
                backlog.embed_backlogs(self.roots, self.log)
            except BaseException:
                self.log("background embedding failed: " + traceback.format_exc(limit=5))
                code = 1
            os._exit(code)
        self.embedder_pid = pid

    def _drain(self, timeout: float = 10.0) -> None:
        """Stop: let running workers finish their call, stop the embedder (it resumes next time)."""
        if self.embedder_pid:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.embedder_pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        while (self.workers or self.embedder_pid) and time.monotonic() < deadline:
            self._reap()
            time.sleep(0.02)


class _Captured(io.TextIOWrapper):
    """stdout/stderr of a worker: text into a buffer, ``isatty`` as the caller's terminal."""

    def __init__(self, tty: bool):
        super().__init__(io.BytesIO(), encoding="utf-8", errors="surrogateescape", newline="")
        self._tty = tty

    def isatty(self) -> bool:
        return self._tty

    def value(self) -> bytes:
        self.flush()
        buffer = self.buffer
        assert isinstance(buffer, io.BytesIO)
        return buffer.getvalue()


def _worker(fd: int, handlers: dict[str, Handler], log: Callable[[str], None]) -> None:
    """One forwarded call: run the handler as the caller would have, send back its output."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    from memstrata.serve import background as backlog
    from memstrata.serve.client import command_of

    backlog.after_fork()
    sock = socket.socket(fileno=fd)
    request = json.loads(_read_all(sock))
    os.chdir(request.get("cwd") or "/")
    os.environ.clear()
    os.environ.update(request.get("env") or {})
    if request.get("columns"):
        os.environ["COLUMNS"] = str(request["columns"])
    out, err = _Captured(bool(request.get("isatty"))), _Captured(False)
    sys.stdout, sys.stderr = out, err
    sys.stdin = io.StringIO(request.get("stdin") or "")
    kind = request.get("kind")
    started = time.perf_counter()
    try:
        if kind == "cli":
            code = handlers["cli"](list(request["argv"]))
        elif kind == "hook":
            code = handlers[kind](str(request["event"]), request.get("workspace"))
        else:
            raise ValueError(f"unknown request kind {kind!r}")
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except Exception as exc:  # the handlers report engine errors themselves; this is a bug
        err.write(f"memstrata: internal error in the service: {type(exc).__name__}: {exc}\n")
        code = 1
    try:
        backlog.index_own_writes()
    except Exception as exc:  # the write stands; the background pass indexes it instead
        log(f"indexing a call's writes: {type(exc).__name__}: {exc}")
    # What the call cost here, for benchmarks/service.py (the command's name, never its text).
    name = (
        request.get("event") if kind == "hook" else command_of(list(request.get("argv") or []))[0]
    )
    log(f"{kind} {name}: exit {code} in {(time.perf_counter() - started) * 1000:.1f} ms")
    answer = {
        "code": code,
        "stdout": base64.b64encode(out.value()).decode("ascii"),
        "stderr": base64.b64encode(err.value()).decode("ascii"),
    }
    sock.sendall(json.dumps(answer).encode("utf-8"))
    sock.close()
