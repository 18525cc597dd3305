"""The address file ``.memstrata/serve.json``: where a workspace's service listens.

The thin client reads it on every CLI call and hook, so this module uses the standard library
only. The file alone proves nothing (a killed service leaves it behind): the service holds an
exclusive lock on ``.memstrata/serve.lock`` for as long as it lives, and the file counts only
while that lock is held and its process exists. The file also carries a random local secret
(the file is readable by its owner only): the forwarding API runs commands as the owner, so
another local user who can reach the port cannot use it.
"""

from __future__ import annotations

import json
import os
import time
from collections import namedtuple

ADDRESS_FILE = "serve.json"
LOCK_FILE = "serve.lock"
LOG_FILE = "serve.log"
STATE_DIR = ".memstrata"
# The thin client imports this module on every hook: no ``typing`` (NamedTuple), ``pathlib``
# or ``contextlib`` here, which cost it ~5 ms of imports on an idle machine, 15 under load.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import NamedTuple

    class _Fields(NamedTuple):
        url: str
        pid: int
        secret: str
        started: float
        workspaces: tuple[str, ...] = ()

else:
    _Fields = namedtuple("_Fields", "url pid secret started workspaces", defaults=((),))


class Address(_Fields):
    """One running service as its address file names it."""

    __slots__ = ()

    @property
    def host_port(self) -> tuple[str, int]:
        rest = self.url.split("://", 1)[-1].rstrip("/")
        host, _, port = rest.rpartition(":")
        return host.strip("[]"), int(port)


def new_secret() -> str:
    import secrets

    return secrets.token_urlsafe(24)


def read_address(state_dir: str | os.PathLike[str]) -> Address | None:
    """The address file's content, or None when it is missing or unreadable."""
    try:
        with open(os.path.join(state_dir, ADDRESS_FILE), encoding="utf-8") as handle:
            data = json.load(handle)
        return Address(
            str(data["url"]),
            int(data["pid"]),
            str(data["secret"]),
            float(data.get("started", 0)),
            tuple(data.get("workspaces", ())),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def lock_held(state_dir: str | os.PathLike[str]) -> bool:
    """Whether some process holds the service lock of this workspace."""
    path = os.path.join(state_dir, LOCK_FILE)
    if not os.path.exists(path):
        return False
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: trust the pid alone
        return True
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)


def live_address(state_dir: str | os.PathLike[str]) -> Address | None:
    """The address of the service running for this workspace, or None (no file, or a stale
    one: its process is gone or no longer holds the lock)."""
    address = read_address(state_dir)
    if address is None or not _pid_alive(address.pid) or not lock_held(state_dir):
        return None
    return address


def stale_address(state_dir: str | os.PathLike[str]) -> Address | None:
    """The address file's content when it is stale (left by a service that died), else None."""
    address = read_address(state_dir)
    if address is None:
        return None
    return None if live_address(state_dir) is not None else address


def write_address(state_dir: Path, address: Address) -> None:
    """Write the file readable by its owner only (it holds the local secret)."""
    from memstrata.core.storage import atomic_write_bytes

    data = json.dumps(address._asdict()).encode("utf-8")
    atomic_write_bytes(state_dir / ADDRESS_FILE, data, private=True)


def remove_address(state_dir: Path, pid: int | None = None) -> None:
    """Remove the address file (only if it still names ``pid``, when given)."""
    import contextlib

    current = read_address(state_dir)
    if pid is not None and current is not None and current.pid != pid:
        return
    with contextlib.suppress(FileNotFoundError):
        (state_dir / ADDRESS_FILE).unlink()


def find_workspace_root(explicit: str | None, cwd: str | None = None) -> str | None:
    """The workspace a call would use, by the first rule of ``Workspace.discover`` (``-w``,
    ``$MEMSTRATA_WORKSPACE``, else the nearest folder above with memstrata.toml or MEMORY.md);
    None when only layout detection could find it (the call then runs in-process)."""
    chosen = explicit or os.environ.get("MEMSTRATA_WORKSPACE")
    if chosen:
        base = cwd or os.getcwd()
        path = os.path.realpath(os.path.join(base, os.path.expanduser(chosen)))
        return path if os.path.isdir(path) else None
    here = os.path.realpath(cwd or os.getcwd())
    while True:
        if os.path.isfile(os.path.join(here, "memstrata.toml")) or os.path.isfile(
            os.path.join(here, "MEMORY.md")
        ):
            return here
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent


def wait_for(
    state_dir: str | os.PathLike[str], timeout: float, pid: int | None = None
) -> Address | None:
    """Wait until the workspace's service is up (its address file live), or ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        address = live_address(state_dir)
        if address is not None and (pid is None or address.pid == pid):
            return address
        time.sleep(0.05)
    return None
