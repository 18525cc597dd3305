"""Operations that change several documents happen completely or not at all, even under SIGKILL.

A heartbeat records candidates, writes its report, points today's log at it and clears the
processed signals; killed between the first and the last of those writes, the next run used to
count the same signals again. Every such operation now runs inside ``writer.transaction()``:

1. While it runs, each write is computed against the document as it is, with the document's
   lock held from its first touch to the end (so the results it returns, such as line numbers,
   stay true), but nothing is written. Reads by the same thread see the staged text.
2. At commit the staged changes become steps (appends first, replacements next, removals last,
   so content is never removed before its new home exists) that the document store applies
   all or nothing (core/documents.py: a journal for files, one SQL transaction for the team
   store). A store left half-done by a dead process is finished by the next writer to start.

Transactions are serialised by the store's operation lock; single-document writes (hooks
appending a signal) never wait for a whole transaction, only for the documents it touched.
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from memstrata.core import changes
from memstrata.core.documents import Applied, Step, sha

if TYPE_CHECKING:
    from memstrata.core.workspace import Workspace

BOM = "\ufeff".encode()


@dataclass
class Staged:
    """One touched document: its bytes at first touch and what the operation wants there."""

    original: bytes | None
    text: str | None  # the staged text (decoded, without BOM); None while absent
    bom: bool = False
    appended: bytes = b""  # bytes added by appends only (while not rewritten)
    rewritten: bool = False
    removed: bool = False  # moved away (its content staged under the new name)
    initial: str | None = None  # the text at first touch (a savepoint rolls back to it)


@dataclass
class Transaction:
    """The staged writes of one multi-document operation (see the module docstring)."""

    ws: Workspace
    owner: int = field(default_factory=threading.get_ident)
    files: dict[str, Staged] = field(default_factory=dict)
    locks: contextlib.ExitStack = field(default_factory=contextlib.ExitStack)
    warnings: list[str] = field(default_factory=list)
    # The client request this operation carries out, committed with its changes (an MCP write
    # with a request_id: adapters/mcp/server.py ``Tools.write``).
    request: Applied | None = None

    def touch(self, rel: str, decode: Callable[[bytes], str]) -> Staged:
        """The staged state of ``rel``, read (under its lock, held until the end) on first touch."""
        staged = self.files.get(rel)
        if staged is None:
            self.locks.enter_context(self.ws.store.lock(rel))
            data = self.ws.store.read(rel)
            bom = data is not None and data.startswith(BOM)
            text = decode(data[len(BOM) :] if bom else data) if data is not None else None
            staged = Staged(data, text, bom, initial=text)
            self.files[rel] = staged
        return staged

    @contextlib.contextmanager
    def savepoint(self) -> Iterator[None]:
        """Undo what the block staged when it raises, keep what came before: one approval of
        several that fails is dropped alone (its documents stay locked, as touched)."""
        saved = {rel: dataclasses.replace(staged) for rel, staged in self.files.items()}
        try:
            yield
        except BaseException:
            for rel, staged in self.files.items():
                if rel not in saved:  # first touched inside the block: back to as read
                    saved[rel] = Staged(
                        staged.original, staged.initial, staged.bom, initial=staged.initial
                    )
            self.files = saved
            raise

    def staged_text(self, rel: str) -> str | None:
        """The document's text as this transaction sees it ("" once moved away); None: untouched."""
        staged = self.files.get(rel)
        if staged is None:
            return None
        return "" if staged.removed or staged.text is None else staged.text

    def steps(self) -> list[Step]:
        """Appends, then replacements, then removals."""
        appends, replaces, removals = [], [], []
        for rel, staged in self.files.items():
            if staged.removed:
                removals.append(Step("remove", rel, old=sha(staged.original)))
            elif staged.text is None:
                continue
            elif not staged.rewritten:
                if staged.appended:
                    size = len(staged.original or b"")
                    appends.append(Step("append", rel, staged.appended, old_size=size))
            else:
                new = (BOM if staged.bom else b"") + staged.text.encode("utf-8")
                if new != staged.original:
                    replaces.append(Step("replace", rel, new, old=sha(staged.original)))
        return appends + replaces + removals


def recover(ws: Workspace) -> list[str]:
    """Finish an operation a killed process left half-done (cheap when there is none)."""
    return ws.store.recover()


@contextlib.contextmanager
def transaction(ws: Workspace) -> Iterator[Transaction]:
    """Run a multi-document operation; nested calls join the outer transaction."""
    current = ws.transaction
    if current is not None and current.owner == threading.get_ident():
        yield current
        return
    with ws.store.operation_lock():
        txn = Transaction(ws, warnings=ws.store.replay_locked())
        ws.transaction = txn
        try:
            with txn.locks:
                yield txn
                steps = txn.steps()
                ws.store.commit(steps, txn.warnings, txn.request)
            for step in steps:  # the search index syncs what this process wrote at once
                changes.record(str(ws.root), step.path)
        finally:
            ws.transaction = None


def current(ws: Workspace) -> Transaction | None:
    """This thread's running transaction on ``ws``, if any."""
    txn = ws.transaction
    return txn if txn is not None and txn.owner == threading.get_ident() else None


STATE_PREFIX = ".memstrata/"


def read_state(ws: Workspace, name: str) -> str | None:
    """A derived-state document in ``.memstrata/`` (as staged by this thread's transaction)."""
    rel = STATE_PREFIX + name
    txn = current(ws)
    if txn is not None and rel in txn.files:
        return txn.files[rel].text
    data = ws.store.read(rel)
    try:
        return data.decode("utf-8") if data is not None else None
    except UnicodeDecodeError:
        return None


def write_state(ws: Workspace, name: str, text: str) -> None:
    """Replace a derived-state document, as part of the running transaction when there is one."""
    rel = STATE_PREFIX + name
    txn = current(ws)
    if txn is not None:
        staged = txn.touch(rel, lambda data: data.decode("utf-8", "replace"))
        staged.text, staged.rewritten = text, True
        return
    with ws.store.lock(rel):
        ws.store.replace(rel, text.encode("utf-8"))
