"""Operations that change several files happen completely or not at all, even under SIGKILL.

A heartbeat records candidates, writes its report, points today's log at it and clears the
processed signals; killed between the first and the last of those writes, the next run used to
count the same signals again. Every such operation now runs inside ``writer.transaction()``:

1. While it runs, each write is computed against the file as it is, with the file's lock held
   from its first touch to the end (so the results it returns, such as line numbers, stay
   true), but nothing reaches disk. Reads by the same thread see the staged text.
2. At commit the new state of every touched file goes into one journal in ``.memstrata/``
   (written to a temp file, fsync'd, renamed into place), then into the files (appends first,
   replacements and moves after, so content is never removed before its new home exists), then
   the journal is removed.
3. A process killed before the journal exists changed nothing. One killed after it has
   finished writing leaves the journal, and the next writer to start replays it first
   (:func:`recover`): each step is checked against the file's current bytes, so replaying twice
   changes nothing. A file changed by hand in between is not overwritten: the intended content
   is saved under ``.memstrata/recovered/`` and named in a warning.

Transactions are serialised by one workspace lock; single-file writes (hooks appending a
signal) never wait for a whole transaction, only for the files it has touched.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import os
import signal
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memstrata.core.storage import (
    append_bytes,
    atomic_write_bytes,
    file_lock,
    lock_path_for,
    remove_stale_temps,
)

if TYPE_CHECKING:
    from memstrata.core.workspace import Workspace

JOURNAL = "journal.json"
TRANSACTION_LOCK = "transaction.lock"
BOM = "\ufeff".encode()
# Test hook for the crash tests: SIGKILL this process after N physical writes of a commit.
_FAULT_ENV = "MEMSTRATA_FAULT_AFTER_WRITES"


def _sha(data: bytes | None) -> str | None:
    return None if data is None else hashlib.sha256(data).hexdigest()


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


@dataclass
class Staged:
    """One touched file: its bytes at first touch and what the operation wants there."""

    original: bytes | None
    text: str | None  # the staged text (decoded, without BOM); None while absent
    bom: bool = False
    appended: bytes = b""  # bytes added by appends only (while not rewritten)
    rewritten: bool = False
    removed: bool = False  # moved away (its content staged under the new name)


@dataclass
class Transaction:
    """The staged writes of one multi-file operation (see the module docstring)."""

    ws: Workspace
    owner: int = field(default_factory=threading.get_ident)
    files: dict[Path, Staged] = field(default_factory=dict)
    locks: contextlib.ExitStack = field(default_factory=contextlib.ExitStack)
    warnings: list[str] = field(default_factory=list)

    def lock(self, full: Path) -> None:
        """Hold ``full``'s lock until the transaction ends (taken once per file)."""
        if full in self.files:
            return
        self.locks.enter_context(file_lock(lock_path_for(self.ws.state_dir / "locks", full)))
        remove_stale_temps(full)

    def touch(self, full: Path, decode: Any) -> Staged:
        """The staged state of ``full``, reading it (under its lock) on first touch."""
        staged = self.files.get(full)
        if staged is None:
            self.lock(full)
            data = _read(full)
            bom = data is not None and data.startswith(BOM)
            text = decode(data[len(BOM) :] if bom else data) if data is not None else None
            staged = Staged(data, text, bom)
            self.files[full] = staged
        return staged

    def staged_text(self, full: Path) -> str | None:
        """The file's text as this transaction sees it ("" once moved away); None: untouched."""
        staged = self.files.get(full)
        if staged is None:
            return None
        return "" if staged.removed or staged.text is None else staged.text

    # ------------------------------------------------------------------ commit
    def _steps(self) -> list[dict[str, Any]]:
        """Journal steps: appends, then replacements, then removals (a moved file's new copy
        exists before its old name goes)."""
        appends, replaces, removals = [], [], []
        for full, staged in self.files.items():
            rel = os.path.relpath(full, self.ws.root)
            if staged.removed:
                removals.append({"op": "remove", "path": rel, "old": _sha(staged.original)})
                continue
            if staged.text is None:
                continue
            if not staged.rewritten:
                if staged.appended:
                    appends.append(
                        {
                            "op": "append",
                            "path": rel,
                            "old_size": len(staged.original or b""),
                            "data": base64.b64encode(staged.appended).decode(),
                        }
                    )
                continue
            new = (BOM if staged.bom else b"") + staged.text.encode("utf-8")
            if new != staged.original:
                replaces.append(
                    {
                        "op": "replace",
                        "path": rel,
                        "old": _sha(staged.original),
                        "data": base64.b64encode(new).decode(),
                    }
                )
        return appends + replaces + removals

    def commit(self) -> list[str]:
        """Journal, apply, forget; returns the files changed (workspace-relative)."""
        steps = self._steps()
        if not steps:
            return []
        journal = self.ws.state_dir / JOURNAL
        self.ws.state_dir.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(journal, json.dumps({"steps": steps}).encode("utf-8"))
        _apply(self.ws, steps, self.warnings, fault=True)
        journal.unlink()
        return [step["path"] for step in steps]


_FAULT_COUNT = [0]


def _maybe_fault() -> None:
    limit = os.environ.get(_FAULT_ENV)
    if limit is None:
        return
    _FAULT_COUNT[0] += 1
    if _FAULT_COUNT[0] >= int(limit):
        os.kill(os.getpid(), signal.SIGKILL)


def _save_aside(ws: Workspace, rel: str, data: bytes, warnings: list[str]) -> None:
    aside = ws.state_dir / "recovered" / (rel.replace("/", "__") + ".intended")
    aside.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(aside, data)
    warnings.append(
        f"{rel}: changed by hand after an interrupted operation; its intended content is in "
        f"{os.path.relpath(aside, ws.root)}"
    )


def _apply(ws: Workspace, steps: list[dict[str, Any]], warnings: list[str], fault: bool) -> None:
    """Carry out journal steps idempotently: each checks what is on disk first."""
    for step in steps:
        full = ws.root / step["path"]
        if step["op"] == "remove":
            current = _read(full)
            if current is not None and _sha(current) == step["old"]:
                full.unlink()
            elif current is not None:
                warnings.append(f"{step['path']}: changed by hand meanwhile; kept (not removed)")
        elif step["op"] == "append":
            data = base64.b64decode(step["data"])
            current = _read(full) or b""
            old_size = step["old_size"]
            if len(current) == old_size:
                append_bytes(full, data)
            elif current[old_size : old_size + len(data)] != data:
                _save_aside(ws, step["path"], current[:old_size] + data, warnings)
        else:
            data = base64.b64decode(step["data"])
            current = _read(full)
            if current == data:
                pass
            elif _sha(current) == step["old"]:
                atomic_write_bytes(full, data)
            else:
                _save_aside(ws, step["path"], data, warnings)
        if fault:
            _maybe_fault()


def _replay(ws: Workspace) -> list[str]:
    """Replay the journal, if any; the caller holds the transaction lock."""
    journal = ws.state_dir / JOURNAL
    if not journal.exists():
        return []
    try:
        steps = json.loads(journal.read_text(encoding="utf-8"))["steps"]
    except (ValueError, KeyError, OSError):
        # A journal is written whole (temp + rename) or not at all: this one is not ours.
        with contextlib.suppress(OSError):
            journal.rename(journal.with_suffix(".damaged"))
        return [f".memstrata/{JOURNAL}: unreadable journal moved aside; nothing replayed"]
    warnings: list[str] = []
    paths = {ws.root / step["path"] for step in steps}
    with contextlib.ExitStack() as locks:
        for full in sorted(paths):
            locks.enter_context(file_lock(lock_path_for(ws.state_dir / "locks", full)))
            remove_stale_temps(full)  # a replace killed mid-write left its temp file
        _apply(ws, steps, warnings, fault=False)
    journal.unlink()
    return warnings


def recover(ws: Workspace) -> list[str]:
    """Finish an operation a killed process left half-done (one stat when there is none)."""
    if not (ws.state_dir / JOURNAL).exists():
        return []
    with file_lock(ws.state_dir / TRANSACTION_LOCK):
        return _replay(ws)


@contextlib.contextmanager
def transaction(ws: Workspace) -> Iterator[Transaction]:
    """Run a multi-file operation; nested calls join the outer transaction."""
    current = ws.transaction
    if current is not None and current.owner == threading.get_ident():
        yield current
        return
    with file_lock(ws.state_dir / TRANSACTION_LOCK):
        txn = Transaction(ws, warnings=_replay(ws))
        ws.transaction = txn
        try:
            with txn.locks:
                yield txn
                txn.commit()
        finally:
            ws.transaction = None


def read_state(ws: Workspace, name: str) -> str | None:
    """A derived-state file in ``.memstrata/`` (as staged by this thread's transaction)."""
    full = ws.state_dir / name
    txn = ws.transaction
    if txn is not None and txn.owner == threading.get_ident():
        staged = txn.files.get(full)
        if staged is not None:
            return staged.text
    try:
        return full.read_text(encoding="utf-8")
    except (FileNotFoundError, UnicodeDecodeError):
        return None


def write_state(ws: Workspace, name: str, text: str) -> None:
    """Replace a derived-state file, as part of the running transaction when there is one."""
    full = ws.state_dir / name
    txn = ws.transaction
    if txn is not None and txn.owner == threading.get_ident():
        staged = txn.touch(full, lambda data: data.decode("utf-8", "replace"))
        staged.text, staged.rewritten = text, True
        return
    ws.state_dir.mkdir(parents=True, exist_ok=True)
    with file_lock(lock_path_for(ws.state_dir / "locks", full)):
        atomic_write_bytes(full, text.encode("utf-8"))
