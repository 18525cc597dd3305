"""The single safe writer (design principle 6): every byte the engine writes passes here.

Order of checks for each write: an interrupted multi-file operation is finished first; then path
confinement, links (a symlink or hard link is refused, never written through or replaced),
permission (role, session kind, agent), text normalisation and secret redaction (refusal in
team workspaces); then the file's exclusive lock, a fresh read of the current text (so a hand
edit made since the caller last looked is never lost), the change, a parse of the result for
formats the engine understands (a write that would leave the file unreadable is refused and
nothing is written), and an atomic replace or a locked append. A UTF-8 byte-order mark and CRLF
line endings are kept as the file has them.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from memstrata.core import changes
from memstrata.core.documents import ACTOR
from memstrata.core.permissions import Session, check_write
from memstrata.core.redact import (
    PLACEHOLDER,
    find_secrets,
    mend_markers,
    redact,
    secret_key_kind,
)
from memstrata.core.transaction import BOM, Transaction, recover, transaction
from memstrata.core.transaction import current as current_transaction
from memstrata.errors import MemstrataError, PathOutsideWorkspace, SecretRefused
from memstrata.formats.jsonl import dump_record, parse_jsonl
from memstrata.formats.stamps import refresh_stamps
from memstrata.formats.validate import check_block, check_rewrite
from memstrata.text.normalize import normalize
from memstrata.text.textio import count_breaks, decode_text, line_ending, split_lines

if TYPE_CHECKING:
    from memstrata.core.workspace import Workspace

T = TypeVar("T")
Transform = Callable[[list[str]], tuple[list[str], T]]


class Writer:
    """Writes to one workspace on behalf of one session."""

    def __init__(self, workspace: Workspace, session: Session):
        self.ws = workspace
        self.session = session
        self.approved = False  # inside :meth:`approving`: an owner-approved proposal is applied
        self._over_limit: set[str] = set()

    @contextlib.contextmanager
    def approving(self) -> Iterator[None]:
        """Writes made inside carry out a proposal the owner approved: the one way Tier 1 rule
        files (note 001) are ever changed."""
        self.approved = True
        try:
            yield
        finally:
            self.approved = False

    # ------------------------------------------------------------------ content
    def clean(self, text: str) -> str:
        """Text safe to persist: normalised, secrets redacted (refused in a team workspace), and
        no marker left cut in two by a caller that cut redacted text."""
        text = mend_markers(normalize(text))
        findings = find_secrets(text)
        if not findings:
            return text
        if self.ws.team:
            kinds = ", ".join(sorted({f.kind for f in findings}))
            raise SecretRefused(
                f"text contains a secret ({kinds}); team workspaces refuse secrets instead of redacting them"
            )
        return redact(text)

    def clean_fact(self, key: str, value: str) -> str:
        """A fact's value safe to persist: when its key names a secret (``password``, 密码,
        ``api_key``) the whole value is one, whatever its shape, so it is redacted whole
        (refused in a team workspace); other values are cleaned like any text."""
        kind = secret_key_kind(key)
        value = normalize(value)
        if kind is None or not value.strip() or PLACEHOLDER.fullmatch(value.strip()):
            return self.clean(value)
        if self.ws.team:
            raise SecretRefused(
                f"the fact {key!r} holds a {kind}; team workspaces refuse secrets instead of "
                "redacting them"
            )
        return f"[REDACTED:{kind}]"

    def _clean_added(self, old: list[str], new: list[str]) -> list[str]:
        """Safety net: clean any line this write adds (old lines stay untouched)."""
        remaining = Counter(old)
        out: list[str] = []
        for line in new:
            if remaining[line] > 0:
                remaining[line] -= 1
                out.append(line)
            else:
                body = line.rstrip("\r\n")
                out.append(self._clean_line(body) + line[len(body) :])
        return out

    def _clean_line(self, line: str) -> str:
        """One line cleaned; a JSON record value by value, since its ids and keys are no prose (a
        pending signal's message id read as a credential beside 密碼 in its detail: learning_sim12)."""
        record = _json_record(line)
        if record is None:
            return self.clean(line)
        cleaned = {key: self._clean_value(value) for key, value in record.items()}
        return line if cleaned == record else dump_record(cleaned).rstrip("\n")

    def _clean_value(self, value: object) -> object:
        if isinstance(value, str):
            return self.clean(value)
        if isinstance(value, list):
            return [self._clean_value(v) for v in value]
        if isinstance(value, dict):
            return {k: self._clean_value(v) for k, v in value.items()}
        return value

    def _clean_text(self, text: str) -> str:
        """Text to append, cleaned: JSON lines record by record, anything else as one text (a
        secret may run across its lines)."""
        lines = text.splitlines(keepends=True)
        if not lines or any(_json_record(line.rstrip("\r\n")) is None for line in lines):
            return self.clean(text)
        return "".join(self._clean_added([], lines))

    @contextlib.contextmanager
    def _acting(self) -> Iterator[None]:
        """Name this session as the author of what the store writes meanwhile (team history)."""
        token = ACTOR.set(f"{self.agent or 'main'}:{self.session.kind}")
        try:
            yield
        finally:
            ACTOR.reset(token)

    @property
    def agent(self) -> str | None:
        """The tag written on entries: the session's agent, or ``main`` in a team workspace."""
        if self.session.agent:
            return self.session.agent
        return "main" if self.ws.team else None

    # ------------------------------------------------------------------ checks
    def _target(self, rel_path: str, role: str | None = None) -> Path:
        for warning in recover(self.ws):
            self.warnings.append(warning)
        full = self.ws.resolve(rel_path)
        rel = self.ws.rel(full)
        if self.ws.is_link(rel):
            raise PathOutsideWorkspace(
                "is a symbolic or hard link; memstrata never writes through links", rel
            )
        effective_role = role or self.ws.role_of(rel)
        check_write(self.ws.config, self.session, effective_role, rel, self.approved)
        if full.is_dir():
            raise MemstrataError("is a directory, expected a file", rel)
        return full

    @property
    def warnings(self) -> list[str]:
        """Things worth telling the user that did not stop a write (recovered operations)."""
        if not hasattr(self, "_warnings"):
            self._warnings: list[str] = []
        return self._warnings

    def _staging(self) -> Transaction | None:
        return current_transaction(self.ws)

    def _check_limit(self, rel: str, role: str | None, lines: int) -> None:
        """One warning per file and writer when a write leaves a role over its line limit
        (note 002: MEMORY.md < 50, projects < 100, infra < 80), with the count."""
        spec = self.ws.role(role) if role else None
        if spec is None or spec.limit is None or role == "candidates" or rel in self._over_limit:
            return
        if spec.over(lines):
            self._over_limit.add(rel)
            self.warnings.append(
                f"{rel}: {lines} lines, over the {role} limit ({spec.limit_text} lines): run "
                "`memstrata consolidate` for a slimming proposal"
            )

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """Group several writes into one all-or-nothing operation (core/transaction.py)."""
        with self._acting(), transaction(self.ws) as txn:
            yield txn
        self.warnings.extend(txn.warnings)

    # ------------------------------------------------------------------ writes
    def rewrite(
        self,
        rel_path: str,
        transform: Transform[T],
        role: str | None = None,
        adds: int | None = None,
    ) -> T:
        """Apply ``transform`` to the file's current lines under its lock and replace it atomically.

        ``transform`` gets the lines as they are on disk now and returns the new lines and a
        result. Nothing is written when the lines come back unchanged or it raises, or when the
        result would not parse as the file's format; ``adds`` (when given) is the number of
        entries the write must add, with every existing entry kept.
        """
        full = self._target(rel_path, role)
        rel = self.ws.rel(full)
        effective_role = role or self.ws.role_of(rel)
        txn = self._staging()
        if txn is not None:
            staged = txn.touch(rel, lambda data: decode_text(data, rel))
            old = split_lines(staged.text or "")
            new, result = self._transformed(rel, effective_role, old, transform, adds)
            if new != old:
                staged.text, staged.rewritten = "".join(new), True
                self._check_limit(rel, effective_role, len(new))
            return result
        store = self.ws.store
        with self._acting(), store.lock(rel):
            data = store.read(rel)
            bom = data is not None and data.startswith(BOM)
            old = split_lines(decode_text(data, rel)) if data is not None else []
            new, result = self._transformed(rel, effective_role, old, transform, adds)
            if new != old:
                store.replace(rel, (BOM if bom else b"") + "".join(new).encode("utf-8"))
                changes.record(str(self.ws.root), rel)
                self._check_limit(rel, effective_role, len(new))
        return result

    def _transformed(
        self,
        rel: str,
        role: str | None,
        old: list[str],
        transform: Transform[T],
        adds: int | None,
    ) -> tuple[list[str], T]:
        new, result = transform(old)
        new = self._clean_added(old, new)
        if new != old and old:
            # Stamps (最后更新, 版本) follow a change to an existing file; they never make one
            # on their own, and a file just created keeps its template's (v1.0).
            new = refresh_stamps(
                new, self.ws.now().strftime("%Y-%m-%d %H:%M"), self.ws.zone_label()
            )
            check_rewrite(role, rel, old, new, adds)
        return new, result

    def append(
        self,
        rel_path: str,
        text: str,
        header: str = "",
        role: str | None = None,
        count_lines: bool = True,
    ) -> int:
        """Append ``text`` under the file's lock; a new or empty file starts with ``header``.

        Returns the 1-based line where ``text`` starts (0 when ``count_lines`` is off, which
        spares reading a long queue). A CRLF file gets CRLF lines.
        """
        full = self._target(rel_path, role)
        rel = self.ws.rel(full)
        text = self._clean_text(text)
        # An appended block must parse on its own as the file's format (a daily section whose
        # title reads as a broken [agent] tag would make the whole log unreadable).
        check_block(role or self.ws.role_of(rel), rel, split_lines(header + text))
        txn = self._staging()
        if txn is not None:
            staged = txn.touch(rel, lambda data: decode_text(data, rel))
            current = staged.text or ""
            addition, line = _addition(current.encode("utf-8"), text, header, True)
            staged.text = current + addition.decode("utf-8")
            self._check_limit(rel, role or self.ws.role_of(rel), count_breaks(staged.text))
            if staged.rewritten:
                return line
            staged.appended += addition
            return line if count_lines else 0
        store = self.ws.store
        with self._acting(), store.lock(rel):
            data = store.read(rel) or b""
            if data.startswith(BOM):
                data = data[len(BOM) :]
            addition, line = _addition(data, text, header, count_lines)
            store.append(rel, addition)
        changes.record(str(self.ws.root), rel)
        if count_lines:
            total = count_breaks(data) + count_breaks(addition)
            self._check_limit(rel, role or self.ws.role_of(rel), total)
        return line

    def move(self, source: str, target: str, role: str | None = None) -> None:
        """Move a file inside the workspace (a skill draft into place); refuses to overwrite."""
        src = self._target(source, role)
        dst = self._target(target, role)
        source_rel, target_rel = self.ws.rel(src), self.ws.rel(dst)
        if self.ws.store.size(source_rel) is None:
            raise MemstrataError("no such file to move", source)
        if self.ws.store.size(target_rel) is not None or dst.is_dir():
            raise MemstrataError("already exists; not overwritten", target)
        # A move is a commit of its own: the new copy is written before the old name goes.
        with self.transaction() as txn:
            moving = txn.touch(source_rel, lambda data: decode_text(data, source_rel))
            arriving = txn.touch(target_rel, lambda data: decode_text(data, target_rel))
            arriving.text, arriving.rewritten, arriving.bom = moving.text, True, moving.bom
            moving.removed = True
        changes.record(str(self.ws.root), source_rel)
        changes.record(str(self.ws.root), target_rel)

    def create(self, rel_path: str, text: str) -> bool:
        """Create a file that does not exist yet (``init`` templates); never overwrites.

        Identity and rule templates are created here too: read-only applies to changing them.
        """
        full = self.ws.resolve(rel_path)
        rel = self.ws.rel(full)
        with self._acting(), self.ws.store.lock(rel):
            if self.ws.store.size(rel) is not None or full.is_symlink() or full.is_dir():
                return False
            self.ws.store.replace(rel, text.encode("utf-8"))
        return True


def _addition(existing: bytes, text: str, header: str, count_lines: bool) -> tuple[bytes, int]:
    """The bytes an append adds to ``existing`` and the line where ``text`` starts.

    A missing final newline is added first; an empty file starts with ``header``; the text
    takes the file's line ending.
    """
    eol = _append_ending(existing)
    prefix = ""
    if not existing:
        prefix = header
    elif not existing.endswith((b"\n", b"\r")):
        prefix = "\n"
    addition = (prefix + text).replace("\r\n", "\n").replace("\n", eol)
    line = 0
    if count_lines:
        line = count_breaks(existing) + count_breaks(prefix) + 1
    return addition.encode("utf-8"), line


def _append_ending(existing: bytes) -> str:
    """The line ending appended lines take: the one the file ends with, else its usual one.

    After a last line ended by a bare CR, an added line starting with LF would fuse with it
    into one CRLF break and lose a line (and every line number after it).
    """
    for eol in ("\r\n", "\r", "\n"):
        if existing.endswith(eol.encode()):
            return eol
    return line_ending(split_lines(existing[:4096].decode("utf-8", "replace")))


def _json_record(line: str) -> dict[str, Any] | None:
    """The JSON object a line holds, or None (Markdown, prose, a corrupt queue line)."""
    if not line.startswith("{"):
        return None
    records = parse_jsonl([line]).valid
    return records[0] if records else None
