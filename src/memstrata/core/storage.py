"""Cross-process locks, atomic replacement and locked appends.

This is the only module that writes bytes to a workspace. Rewrites take an exclusive lock, write
a temp file beside the target, fsync it, rename it over the target and fsync the directory, so a
crash (even SIGKILL) leaves either the old or the new file. Appends take the same lock, so an
append never lands in the middle of a rewrite and concurrent appends never interleave.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import sys
from collections.abc import Iterator
from pathlib import Path

TEMP_MARK = ".memstrata-tmp-"

if sys.platform != "win32":
    import fcntl

    def _lock_fd(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX)

    def _unlock_fd(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

else:  # pragma: no cover - Windows
    import msvcrt

    def _lock_fd(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_LOCK, 1)

    def _unlock_fd(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


def lock_path_for(lock_dir: Path, target: Path) -> Path:
    """One lock file per target, kept in the derived-state folder, never beside user files."""
    digest = hashlib.sha1(str(target).encode("utf-8")).hexdigest()[:16]
    return lock_dir / f"{target.name}.{digest}.lock"


@contextlib.contextmanager
def file_lock(lock_file: Path) -> Iterator[None]:
    """Hold an exclusive cross-process lock on ``lock_file`` for the duration of the block."""
    lock_file.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        _lock_fd(fd)
        try:
            yield
        finally:
            _unlock_fd(fd)
    finally:
        os.close(fd)


def _fsync_dir(directory: Path) -> None:
    with contextlib.suppress(OSError):  # not every platform can open a directory
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def remove_stale_temps(target: Path) -> None:
    """Delete temp files a killed writer left beside ``target``; call only under its lock."""
    prefix = f".{target.name}{TEMP_MARK}"
    if not target.parent.is_dir():
        return
    for entry in target.parent.iterdir():
        if entry.name.startswith(prefix):
            with contextlib.suppress(OSError):
                entry.unlink()


def atomic_write_bytes(target: Path, data: bytes, private: bool = False) -> None:
    """Replace ``target`` with ``data`` atomically (temp + fsync + rename + dir fsync).

    The caller holds the target's lock. The original file mode is kept; ``private`` files
    (a service's secret, token hashes) are readable by their owner only.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.parent / f".{target.name}{TEMP_MARK}{os.getpid()}-{secrets.token_hex(4)}"
    mode = target.stat().st_mode & 0o7777 if target.exists() else 0o644
    mode = 0o600 if private else mode
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(target.parent)


def append_bytes(target: Path, data: bytes, durable: bool = True) -> None:
    """Append ``data`` with one write on an O_APPEND descriptor and fsync; caller holds the lock.

    ``durable=False`` skips the fsync: for log lines, which need not survive a power cut at
    the price of a disk flush on every prompt."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        if durable:
            os.fsync(fd)
    finally:
        os.close(fd)


def rotate_if_larger(target: Path, max_bytes: int) -> None:
    """Move a log to ``NAME.1`` (replacing the older one) once it grows past ``max_bytes``."""
    with contextlib.suppress(OSError):
        if target.stat().st_size > max_bytes:
            os.replace(target, target.with_name(target.name + ".1"))


def take_file(target: Path) -> bytes | None:
    """Read and remove ``target``; of several processes taking it at once, exactly one gets it."""
    claimed = target.with_name(f".{target.name}{TEMP_MARK}{os.getpid()}-{secrets.token_hex(4)}")
    try:
        os.rename(target, claimed)
    except OSError:
        return None  # absent, or another process took it first
    try:
        return claimed.read_bytes()
    finally:
        with contextlib.suppress(OSError):
            claimed.unlink()


def remove_file(target: Path) -> None:
    """Remove ``target`` (a moved document's old name) and fsync its folder."""
    target.unlink()
    _fsync_dir(target.parent)
