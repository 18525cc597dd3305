"""The service's life: start (in the foreground or as a daemon), refuse a second one, log to
``.memstrata/serve.log``, shut down cleanly on SIGTERM, and ``stop`` / ``status`` from outside.

A workspace is served by at most one process: ``serve`` takes an exclusive lock on
``.memstrata/serve.lock`` for its whole life (a killed process releases it with its last file
descriptor), and only then writes the address file. A second ``serve`` fails to take the lock
and names the first one's address. An address file whose process is gone or no longer holds
the lock is stale: it is reported and replaced.

The HTTP application comes from the adapters (``adapters/web``), and so do the handlers that
run a forwarded CLI call or hook: this package sits below them and only starts them.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from memstrata.core.documents import FilesStore
from memstrata.core.storage import append_bytes, rotate_if_larger
from memstrata.core.workspace import Workspace
from memstrata.errors import MemstrataError
from memstrata.serve.address import (
    LOCK_FILE,
    LOG_FILE,
    Address,
    live_address,
    new_secret,
    read_address,
    remove_address,
    stale_address,
    wait_for,
    write_address,
)
from memstrata.serve.workers import (
    SYNC_DEBOUNCE_S,
    TEAM_SYNC_DEBOUNCE_S,
    ForkServer,
    Handler,
)

LOG_ROTATE_BYTES = 2_000_000
AUTOSTART_MARK = "serve.autostart"
AUTOSTART_RETRY_S = 60.0


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@dataclass
class Service:
    """One running service: its workspaces, address, fork server and log."""

    workspaces: list[Workspace]
    host: str
    port: int = 0
    secret: str = field(default_factory=new_secret)
    started: float = field(default_factory=time.time)
    fork: ForkServer | None = None
    stopping: threading.Event = field(default_factory=threading.Event)

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    @property
    def loopback(self) -> bool:
        return is_loopback(self.host)

    def log(self, message: str) -> None:
        """One line in every served workspace's serve.log (rotated at about 2 MB)."""
        line = f"{datetime.now().isoformat(timespec='milliseconds')} [{os.getpid()}] {message}\n"
        for ws in self.workspaces:
            with contextlib.suppress(OSError):
                path = ws.state_dir / LOG_FILE
                rotate_if_larger(path, LOG_ROTATE_BYTES)
                append_bytes(path, line.encode("utf-8", "replace"), durable=False)

    def run_call(self, request: dict[str, Any]) -> dict[str, Any]:
        if self.fork is None or self.stopping.is_set():
            raise ConnectionError("service is stopping")
        return self.fork.call(request)


@contextlib.contextmanager
def _service_locks(workspaces: list[Workspace]) -> Iterator[list[int]]:
    """Take every workspace's service lock or refuse, naming the service that holds it."""
    import fcntl

    held: list[int] = []
    try:
        for ws in workspaces:
            ws.state_dir.mkdir(parents=True, exist_ok=True)
            fd = os.open(ws.state_dir / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                first = read_address(ws.state_dir)
                where = f" at {first.url} (pid {first.pid})" if first else ""
                raise MemstrataError(
                    f"{ws.root} is already served{where}; 'memstrata serve stop' stops it"
                ) from None
            os.set_inheritable(fd, False)
            held.append(fd)
        yield held
    finally:
        for fd in held:
            os.close(fd)


def _bind(host: str, port: int) -> socket.socket:
    """Listen on ``port``, or on any free port when it is taken (the address file says which)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    for candidate in (port, 0):
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host.strip("[]"), candidate))
        except OSError:
            sock.close()
            if candidate == 0:
                raise
            continue
        sock.listen(128)
        sock.set_inheritable(False)
        return sock
    raise OSError("no port")  # pragma: no cover - the loop returns or raises


def check_tokens(workspaces: list[Workspace], host: str) -> None:
    """Binding beyond loopback needs tokens: every request must then say who it is."""
    from memstrata.serve.tokens import load_tokens

    if is_loopback(host):
        return
    for ws in workspaces:
        if not load_tokens(ws):
            raise MemstrataError(
                f"serving on {host} (beyond loopback) needs a token first: "
                f"memstrata -w {ws.root} token add NAME --session shared"
            )


# Read by the math libraries when numpy loads (in the fork server, after this is set).
_MATH_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def single_threaded_math() -> None:
    """One math thread per process in the service (unless the person set their own). The
    background embedder's matrix products took both cores and their spinning threads, and a
    search's one-line query embedding, 4 ms alone, then took 90 ms; a search and the
    background now each have a core. Called before the fork server imports numpy."""
    for name in _MATH_THREADS:
        os.environ.setdefault(name, "1")


def run_service(
    workspaces: list[Workspace],
    host: str,
    port: int,
    handlers: dict[str, Handler],
    app_factory: Callable[[Service], Any],
    on_ready: Callable[[Service], None] | None = None,
) -> int:
    """Serve until SIGTERM / Ctrl-C; returns the exit code."""
    import uvicorn

    from memstrata.recall.watch import watch

    check_tokens(workspaces, host)
    single_threaded_math()
    service = Service(workspaces, host)
    # Ours until uvicorn installs its own, and again after: uvicorn re-raises the signal it
    # caught once it has shut down, which with the default action would kill us before the
    # address file is removed.
    servers: list[Any] = []

    def on_signal(_sig: int, _frame: object) -> None:
        service.stopping.set()
        for running in servers:  # arrived after the check below, before uvicorn took over
            running.should_exit = True

    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, on_signal)
    with _service_locks(workspaces):
        for ws in workspaces:
            stale = stale_address(ws.state_dir)
            if stale is not None:
                service.log(f"stale address file from pid {stale.pid} ({stale.url}) replaced")
        listener = _bind(host, port)
        service.port = listener.getsockname()[1]
        # Fork before any thread exists (uvicorn, the watchers): see workers.py.
        team = any(not isinstance(ws.store, FilesStore) for ws in workspaces)
        service.fork = ForkServer(
            [ws.root for ws in workspaces],
            handlers,
            service.log,
            TEAM_SYNC_DEBOUNCE_S if team else SYNC_DEBOUNCE_S,
        )
        service.fork.start()
        address = Address(
            service.url,
            os.getpid(),
            service.secret,
            service.started,
            tuple(str(ws.root) for ws in workspaces),
        )
        stop_watch = threading.Event()
        watchers = []
        unsubscribe: list[Callable[[], None]] = []
        try:
            for ws in workspaces:
                write_address(ws.state_dir, address)
            service.log(f"serving {', '.join(str(ws.root) for ws in workspaces)} at {service.url}")
            for ws in workspaces:
                from memstrata.recall.index import open_index

                thread = threading.Thread(
                    target=watch,
                    args=(open_index(ws, None),),
                    kwargs={"stop": stop_watch, "action": service.fork.sync, "debounce_s": 0.3},
                    daemon=True,
                    name=f"watch {ws.root.name}",
                )
                thread.start()
                watchers.append(thread)
                # Another replica's writes (team store): the same as a file changed here.
                unsubscribe.append(ws.store.subscribe(_on_remote_change(service, ws)))
            config = uvicorn.Config(
                app_factory(service),
                log_config=None,
                access_log=False,
                lifespan="on",
                timeout_graceful_shutdown=10,
            )
            _log_errors_to(service)
            server = uvicorn.Server(config)
            servers.append(server)
            if on_ready:
                on_ready(service)
            if not service.stopping.is_set():  # a SIGTERM before uvicorn listened
                server.run(sockets=[listener])
        finally:
            service.stopping.set()
            stop_watch.set()
            for stop in unsubscribe:
                stop()
            for thread in watchers:
                thread.join(timeout=5)
            service.fork.stop()
            for ws in workspaces:
                remove_address(ws.state_dir, os.getpid())
            listener.close()
            service.log("stopped")
    return 0


def _on_remote_change(service: Service, ws: Workspace) -> Callable[[str | None], None]:
    """A document changed by another replica: note it for the index and ask for a sync."""
    from memstrata.core import changes

    def changed(rel: str | None) -> None:
        if rel is not None:
            changes.record(str(ws.root), rel)
        if service.fork is not None:
            service.fork.sync()

    return changed


def _log_errors_to(service: Service) -> None:
    """uvicorn's and Starlette's errors (with tracebacks) go to serve.log."""
    import logging

    class ToServeLog(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            service.log(self.format(record))

    handler = ToServeLog(logging.WARNING)
    handler.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
    for name in ("uvicorn.error", "uvicorn", "starlette", "mcp"):
        logging.getLogger(name).addHandler(handler)


def spawn_daemon(
    roots: list[Path], host: str, port: int, wait_s: float | None = 60.0
) -> Address | None:
    """Start ``memstrata serve`` detached (its own session, no terminal); wait for its address
    unless ``wait_s`` is None (a hook never waits)."""
    args = [sys.executable, "-m", "memstrata"]
    for root in roots:
        args += ["-w", str(root)]
    args += ["serve", "--host", host, "--port", str(port)]
    env = {**os.environ, "MEMSTRATA_NO_SERVICE": "1"}
    env.pop("MEMSTRATA_NOW", None)  # a service keeps the real clock; each call brings its own
    process = subprocess.Popen(
        args,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        env=env,
        close_fds=True,
    )
    if wait_s is None:
        return None
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        address = wait_for(roots[0] / ".memstrata", 0.2, process.pid)
        if address is not None:
            return address
        if process.poll() is not None:
            return None
    return None


def autostart(ws: Workspace) -> bool:
    """From a hook: start the service in the background when it is configured to and not
    running; never waits, and tries at most once a minute. True when one was started."""
    if not ws.config.serve.autostart or live_address(ws.state_dir) is not None:
        return False
    mark = ws.state_dir / AUTOSTART_MARK
    with contextlib.suppress(OSError):
        if time.time() - mark.stat().st_mtime < AUTOSTART_RETRY_S:
            return False
    from memstrata.core.storage import atomic_write_bytes

    atomic_write_bytes(mark, str(time.time()).encode("ascii"))
    spawn_daemon([ws.root], "127.0.0.1", ws.config.serve.port, wait_s=None)
    return True


def stop_service(ws: Workspace, timeout: float = 20.0) -> Address | None:
    """SIGTERM the workspace's service and wait for it to let go; None when none was running."""
    address = live_address(ws.state_dir)
    if address is None:
        stale = stale_address(ws.state_dir)
        if stale is not None:
            remove_address(ws.state_dir, stale.pid)
        return None
    os.kill(address.pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if live_address(ws.state_dir) is None:
            return address
        time.sleep(0.05)
    raise MemstrataError(f"the service (pid {address.pid}) did not stop within {timeout:.0f} s")
