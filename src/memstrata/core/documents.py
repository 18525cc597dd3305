"""Where a workspace's documents live, behind one small interface.

The writer, transactions and every read of a memory file go through a :class:`DocumentStore`,
addressed by workspace-relative path. :class:`FilesStore` keeps them as files in the workspace
folder (the default: Markdown is the truth, readable and git-friendly); the team store keeps
the same bytes as rows in PostgreSQL and implements the same methods. What a store must give:
reads, a lock per document, locked appends and replacements, and multi-document commits that
happen completely or not at all (``commit``/``recover``).
"""

from __future__ import annotations

import base64
import contextlib
import contextvars
import hashlib
import importlib
import json
import os
import signal
import stat
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Protocol

from memstrata.core.config import StoreSettings
from memstrata.core.storage import (
    append_bytes,
    atomic_write_bytes,
    file_lock,
    lock_path_for,
    remove_file,
    remove_stale_temps,
)
from memstrata.errors import FormatError, MemstrataError
from memstrata.text.textio import after_first_break, count_breaks

JOURNAL = "journal.json"
TRANSACTION_LOCK = "transaction.lock"
# Test hook for the crash tests: SIGKILL this process after N physical writes of a commit.
FAULT_ENV = "MEMSTRATA_FAULT_AFTER_WRITES"


# Who is writing (``agent:session-kind``), set by the writer around each write: the team store
# records it with every revision; files have no place for it.
ACTOR: contextvars.ContextVar[str] = contextvars.ContextVar("memstrata_actor", default="memstrata")


def sha(data: bytes | None) -> str | None:
    return None if data is None else hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class Step:
    """One change of a multi-document commit. ``op``: ``append`` (``data`` after ``old_size``
    bytes), ``replace`` (``data`` where the document's hash was ``old``; None: absent) or
    ``remove`` (if the hash is still ``old``)."""

    op: str
    path: str
    data: bytes = b""
    old: str | None = None
    old_size: int = 0


# Where the files store keeps the requests it applied (the team store has a table for them).
REQUESTS = ".memstrata/requests.jsonl"


@dataclass(frozen=True)
class Applied:
    """A client's request (an MCP write with a ``request_id``) recorded in the same commit as
    its changes, with the answer it got: a retry of it, on any replica, finds the answer here
    instead of writing again (docs/design.md §10, "Retries")."""

    key: str
    answer: str  # JSON


def request_key(identity: str, request_id: str) -> str:
    """The key a request is recorded under: a hash of who sent it and its id, so an id (free
    text a client chose, perhaps a secret pasted by mistake) is never stored, and two callers'
    ids never meet."""
    joined = json.dumps([identity, request_id], ensure_ascii=False)
    return hashlib.sha256(joined.encode("utf-8")).hexdigest()


def request_lock_name(key: str) -> str:
    """The named lock that serialises two attempts of one request (a hash: keys are free text)."""
    return "request-" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]


class DocumentStore(Protocol):
    """The documents of one workspace, by workspace-relative path."""

    def read(self, rel: str) -> bytes | None:
        """The document's bytes, or None when it does not exist."""
        ...

    def read_tail(self, rel: str, max_bytes: int) -> tuple[int, bytes]:
        """The last whole lines within ``max_bytes`` and how many lines come before them."""
        ...

    def size(self, rel: str) -> int | None:
        """The document's length in bytes; None when there is no such document."""
        ...

    def modified(self, rel: str) -> float | None:
        """When the document last changed (POSIX seconds); None when it does not exist."""
        ...

    def names(self, folder: str) -> list[str]:
        """Names of the documents directly in ``folder`` (not links), sorted."""
        ...

    def walk(self, folder: str) -> list[str]:
        """Workspace-relative paths of every document anywhere below ``folder``, sorted."""
        ...

    def is_link(self, rel: str) -> bool:
        """Whether the document is another document under a second name."""
        ...

    def lock(self, rel: str) -> AbstractContextManager[None]:
        """The document's exclusive lock, across processes (and machines, for the team store)."""
        ...

    def operation_lock(self) -> AbstractContextManager[None]:
        """One multi-document operation at a time per workspace."""
        ...

    def named_lock(self, name: str) -> AbstractContextManager[None]:
        """A workspace-wide lock by name (``evolve``: one heartbeat or approval at a time),
        released when its holder dies (a killed process, a dropped database connection)."""
        ...

    def replace(self, rel: str, data: bytes) -> None:
        """Replace the document atomically; the caller holds its lock."""
        ...

    def append(self, rel: str, data: bytes) -> None:
        """Append in one write; the caller holds its lock."""
        ...

    def commit(
        self, steps: list[Step], warnings: list[str], request: Applied | None = None
    ) -> None:
        """Apply ``steps`` completely or not at all (even if the process dies half-way);
        the caller holds the operation lock and every touched document's lock. ``request`` is
        recorded in the same all-or-nothing commit (nothing is recorded when there are no
        steps: such a request changed nothing, so running it again is harmless)."""
        ...

    def applied(self, key: str) -> str | None:
        """The answer recorded with request ``key`` by an earlier commit; None when none was."""
        ...

    def recover(self) -> list[str]:
        """Finish a commit a dead process left half-done; cheap when there is none."""
        ...

    def subscribe(self, on_change: Callable[[str | None], None]) -> Callable[[], None]:
        """Call ``on_change(path)`` when another process changes a document (``None``: some
        changes may have been missed); returns the function that stops it."""
        ...

    def replay_locked(self) -> list[str]:
        """:meth:`recover` for a caller that already holds the operation lock."""
        ...


GLOBAL_PREFIX = "@global/"


class FilesStore:
    """Documents as files under ``root``; locks and the commit journal in ``state_dir``.

    ``global_root``: note 004's layer shared by every project (``[global]`` in memstrata.toml);
    documents named ``@global/…`` live there, and their locks live in its own ``.memstrata/``,
    so every project writing a shared file takes the same lock.
    """

    def __init__(self, root: Path, state_dir: Path, global_root: Path | None = None):
        self.root = root
        self.state_dir = state_dir
        self.global_root = global_root
        self._fault_count = 0

    def _base(self, rel: str) -> tuple[Path, str]:
        """The root a document lives under, and its path below that root."""
        if rel.startswith(GLOBAL_PREFIX) and self.global_root is not None:
            return self.global_root, rel[len(GLOBAL_PREFIX) :]
        return self.root, rel

    def _full(self, rel: str) -> Path:
        base, below = self._base(rel)
        return base / below if below else base

    # ---------------------------------------------------------------- reads
    def read(self, rel: str) -> bytes | None:
        try:
            return self._full(rel).read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return None
        except IsADirectoryError:
            raise FormatError("is a directory, expected a file", rel) from None
        except OSError as exc:
            raise FormatError(f"cannot read file ({exc.strerror})", rel) from None

    def read_tail(self, rel: str, max_bytes: int) -> tuple[int, bytes]:
        full = self._full(rel)
        size = full.stat().st_size
        with open(full, "rb") as fh:
            if size <= max_bytes:
                return 0, fh.read()
            fh.seek(size - max_bytes)
            tail = fh.read()
            cut = after_first_break(tail)  # start at a whole line
            fh.seek(0)
            before, remaining, last = 0, size - max_bytes + cut, b""
            while remaining > 0:
                block = fh.read(min(remaining, 1 << 20))
                # Counted with the previous block's last byte: a CRLF cut in two is one break.
                before += count_breaks(last + block) - count_breaks(last)
                remaining -= len(block)
                last = block[-1:]
        return before, tail[cut:]

    def size(self, rel: str) -> int | None:
        try:
            info = self._full(rel).stat()
        except (FileNotFoundError, NotADirectoryError):
            return None
        return info.st_size if stat.S_ISREG(info.st_mode) else None

    def modified(self, rel: str) -> float | None:
        try:
            return self._full(rel).stat().st_mtime
        except (FileNotFoundError, NotADirectoryError):
            return None

    def walk(self, folder: str) -> list[str]:
        base = self._full(folder) if folder else self.root
        if not base.is_dir():
            return []
        return sorted(
            f"{folder}/{p.relative_to(base).as_posix()}"
            if folder
            else p.relative_to(base).as_posix()
            for p in base.rglob("*")
            if p.is_file() and not p.is_symlink()
        )

    def names(self, folder: str) -> list[str]:
        path = self._full(folder) if folder else self.root
        if not path.is_dir():
            return []
        return sorted(p.name for p in path.iterdir() if p.is_file() and not p.is_symlink())

    def is_link(self, rel: str) -> bool:
        """A symlink on the way from the root, or a file with other hard links."""
        current, below = self._base(rel)
        info = None
        for part in Path(below).parts:
            current = current / part
            try:
                info = current.lstat()
            except OSError:
                return False
            if stat.S_ISLNK(info.st_mode):
                return True
        return info is not None and stat.S_ISREG(info.st_mode) and info.st_nlink > 1

    # ---------------------------------------------------------------- writes
    @contextlib.contextmanager
    def lock(self, rel: str) -> Iterator[None]:
        full = self._full(rel)
        base, _below = self._base(rel)
        state = self.state_dir if base == self.root else base / self.state_dir.name
        with file_lock(lock_path_for(state / "locks", full)):
            remove_stale_temps(full)  # a replace killed mid-write left its temp file
            yield

    def operation_lock(self) -> AbstractContextManager[None]:
        return file_lock(self.state_dir / TRANSACTION_LOCK)

    def named_lock(self, name: str) -> AbstractContextManager[None]:
        return file_lock(self.state_dir / f"{name}.lock")

    def replace(self, rel: str, data: bytes) -> None:
        atomic_write_bytes(self._full(rel), data)

    def append(self, rel: str, data: bytes) -> None:
        append_bytes(self._full(rel), data)

    def subscribe(self, on_change: Callable[[str | None], None]) -> Callable[[], None]:
        """Nothing to do: files changed by other processes are found by the index's scan and
        the folder watcher (recall/watch.py)."""
        return lambda: None

    # ---------------------------------------------------------------- commits
    def commit(
        self, steps: list[Step], warnings: list[str], request: Applied | None = None
    ) -> None:
        """Journal (temp + fsync + rename), apply, forget. A process killed before the journal
        exists changed nothing; one killed after it leaves the journal for :meth:`recover`.
        A request is one more journaled step: a line appended to ``REQUESTS``."""
        if not steps:
            return
        if request is not None:
            line = json.dumps({"key": request.key, "answer": request.answer}, ensure_ascii=False)
            size = self.size(REQUESTS) or 0
            steps = [*steps, Step("append", REQUESTS, (line + "\n").encode("utf-8"), old_size=size)]
        journal = self.state_dir / JOURNAL
        self.state_dir.mkdir(parents=True, exist_ok=True)
        encoded = [{**asdict(step), "data": base64.b64encode(step.data).decode()} for step in steps]
        atomic_write_bytes(journal, json.dumps({"steps": encoded}).encode("utf-8"))
        self._apply(steps, warnings, fault=True)
        journal.unlink()

    def applied(self, key: str) -> str | None:
        """A scan of ``REQUESTS`` (one machine's retries: a short file, read rarely)."""
        data = self.read(REQUESTS)
        for line in (data or b"").decode("utf-8", "replace").splitlines():
            with contextlib.suppress(ValueError, TypeError, KeyError):
                record = json.loads(line)
                if record["key"] == key:
                    return str(record["answer"])
        return None

    def recover(self) -> list[str]:
        journal = self.state_dir / JOURNAL
        if not journal.exists():
            return []
        with self.operation_lock():
            return self._replay()

    def replay_locked(self) -> list[str]:
        """:meth:`recover` for a caller that already holds the operation lock."""
        return self._replay()

    def _replay(self) -> list[str]:
        journal = self.state_dir / JOURNAL
        if not journal.exists():  # another process finished it meanwhile
            return []
        try:
            raw = json.loads(journal.read_text(encoding="utf-8"))["steps"]
            steps = [Step(**{**s, "data": base64.b64decode(s["data"])}) for s in raw]
        except (ValueError, KeyError, TypeError, OSError):
            # A journal is written whole (temp + rename) or not at all: this one is not ours.
            with contextlib.suppress(OSError):
                journal.rename(journal.with_suffix(".damaged"))
            return [f".memstrata/{JOURNAL}: unreadable journal moved aside; nothing replayed"]
        warnings: list[str] = []
        with contextlib.ExitStack() as locks:
            for rel in sorted({step.path for step in steps}):
                locks.enter_context(self.lock(rel))
            self._apply(steps, warnings, fault=False)
        journal.unlink()
        return warnings

    def _apply(self, steps: list[Step], warnings: list[str], fault: bool) -> None:
        """Carry out steps idempotently: each checks what is on disk first."""
        for step in steps:
            current = self.read(step.path)
            if step.op == "remove":
                if current is not None and sha(current) == step.old:
                    remove_file(self._full(step.path))
                elif current is not None:
                    warnings.append(f"{step.path}: changed by hand meanwhile; kept (not removed)")
            elif step.op == "append":
                current = current or b""
                if len(current) == step.old_size:
                    self.append(step.path, step.data)
                elif current[step.old_size : step.old_size + len(step.data)] != step.data:
                    self._save_aside(step.path, current[: step.old_size] + step.data, warnings)
            elif current != step.data:
                if sha(current) == step.old:
                    self.replace(step.path, step.data)
                else:
                    self._save_aside(step.path, step.data, warnings)
            if fault:
                self._maybe_fault()

    def _save_aside(self, rel: str, data: bytes, warnings: list[str]) -> None:
        aside = self.state_dir / "recovered" / (rel.replace("/", "__") + ".intended")
        aside.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(aside, data)
        warnings.append(
            f"{rel}: changed by hand after an interrupted operation; its intended content is in "
            f"{os.path.relpath(aside, self.root)}"
        )

    def _maybe_fault(self) -> None:
        limit = os.environ.get(FAULT_ENV)
        if limit is None:
            return
        self._fault_count += 1
        if self._fault_count >= int(limit):
            os.kill(os.getpid(), signal.SIGKILL)


# Backends other than files live above core (src/memstrata/team/); core names them by module so
# it never imports them, and a workspace on files never loads a database driver.
_BACKENDS = {"postgres": "memstrata.team.store"}


def open_store(
    settings: StoreSettings, root: Path, state_dir: Path, global_root: Path | None = None
) -> DocumentStore:
    """The document store ``[store] backend`` asks for (files unless the workspace says so)."""
    if settings.backend == "files":
        return FilesStore(root, state_dir, global_root)
    module_name = _BACKENDS.get(settings.backend)
    if module_name is None:
        raise MemstrataError(f"unknown store backend {settings.backend!r}")
    module = importlib.import_module(module_name)
    store: DocumentStore = module.open_store(settings, root, state_dir, global_root)
    return store
