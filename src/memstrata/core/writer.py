"""The single safe writer (DESIGN.md principle 6): every byte the engine writes passes here.

Order of checks for each write: path confinement, permission (role, session kind, agent),
secret redaction (refusal in team workspaces), then the file's exclusive lock, a fresh read of
the current text (so a hand edit made since the caller last looked is never lost), the change,
and an atomic replace or a locked append.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from memstrata.core import changes
from memstrata.core.permissions import Session, check_write
from memstrata.core.redact import find_secrets, redact
from memstrata.core.storage import (
    append_bytes,
    atomic_write_bytes,
    file_lock,
    lock_path_for,
    move_file,
    remove_stale_temps,
)
from memstrata.errors import MemstrataError, SecretRefused
from memstrata.text.textio import read_text, split_lines

if TYPE_CHECKING:
    from memstrata.core.workspace import Workspace

T = TypeVar("T")
Transform = Callable[[list[str]], tuple[list[str], T]]


class Writer:
    """Writes to one workspace on behalf of one session."""

    def __init__(self, workspace: Workspace, session: Session):
        self.ws = workspace
        self.session = session

    # ------------------------------------------------------------------ content
    def clean(self, text: str) -> str:
        """Text safe to persist: secrets redacted, or refused outright in a team workspace."""
        findings = find_secrets(text)
        if not findings:
            return text
        if self.ws.team:
            kinds = ", ".join(sorted({f.kind for f in findings}))
            raise SecretRefused(
                f"text contains a secret ({kinds}); team workspaces refuse secrets instead of redacting them"
            )
        return redact(text)

    def _clean_added(self, old: list[str], new: list[str]) -> list[str]:
        """Safety net: redact any secret on a line this write adds (old lines stay untouched)."""
        remaining = Counter(old)
        out: list[str] = []
        for line in new:
            if remaining[line] > 0:
                remaining[line] -= 1
                out.append(line)
            else:
                out.append(self.clean(line))
        return out

    @property
    def agent(self) -> str | None:
        """The tag written on entries: the session's agent, or ``main`` in a team workspace."""
        if self.session.agent:
            return self.session.agent
        return "main" if self.ws.team else None

    # ------------------------------------------------------------------ checks
    def _target(self, rel_path: str, role: str | None = None) -> Path:
        full = self.ws.resolve(rel_path)
        effective_role = role or self.ws.role_of(rel_path)
        check_write(self.ws.config, self.session, effective_role, rel_path)
        if full.is_dir():
            raise MemstrataError("is a directory, expected a file", rel_path)
        return full

    @contextmanager
    def _lock(self, full: Path) -> Iterator[None]:
        """The target's exclusive lock; stale temp files of a killed writer go once it is held."""
        with file_lock(lock_path_for(self.ws.state_dir / "locks", full)):
            remove_stale_temps(full)
            yield

    # ------------------------------------------------------------------ writes
    def rewrite(self, rel_path: str, transform: Transform[T], role: str | None = None) -> T:
        """Apply ``transform`` to the file's current lines under its lock and replace it atomically.

        ``transform`` gets the lines as they are on disk now and returns the new lines and a
        result. Nothing is written when the lines come back unchanged or it raises.
        """
        full = self._target(rel_path, role)
        with self._lock(full):
            old = split_lines(read_text(full, rel_path)) if full.exists() else []
            new, result = transform(old)
            new = self._clean_added(old, new)
            if new != old:
                atomic_write_bytes(full, "".join(new).encode("utf-8"))
                changes.record(str(self.ws.root), self.ws.rel(full))
        return result

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
        spares reading a long queue).
        """
        full = self._target(rel_path, role)
        text = self.clean(text)
        with self._lock(full):
            size = full.stat().st_size if full.exists() else 0
            prefix = ""
            line = 0
            if size == 0:
                prefix = header
            else:
                with open(full, "rb") as fh:
                    fh.seek(-1, 2)
                    if fh.read(1) != b"\n":
                        prefix = "\n"
            if count_lines:
                existing = (
                    full.read_bytes().count(b"\n") + (1 if prefix == "\n" else 0) if size else 0
                )
                header_lines = 0 if prefix == "\n" else prefix.count("\n")
                line = existing + header_lines + 1
            append_bytes(full, (prefix + text).encode("utf-8"))
        changes.record(str(self.ws.root), self.ws.rel(full))
        return line

    def move(self, source: str, target: str, role: str | None = None) -> None:
        """Move a file inside the workspace (a skill draft into place); refuses to overwrite."""
        src = self._target(source, role)
        dst = self._target(target, role)
        if not src.is_file():
            raise MemstrataError("no such file to move", source)
        if dst.exists():
            raise MemstrataError("already exists; not overwritten", target)
        with self._lock(src), self._lock(dst):
            move_file(src, dst)
        changes.record(str(self.ws.root), self.ws.rel(src))
        changes.record(str(self.ws.root), self.ws.rel(dst))

    def create(self, rel_path: str, text: str) -> bool:
        """Create a file that does not exist yet (``init`` templates); never overwrites.

        Identity and rule templates are created here too: read-only applies to changing them.
        """
        full = self.ws.resolve(rel_path)
        with self._lock(full):
            if full.exists():
                return False
            atomic_write_bytes(full, text.encode("utf-8"))
        return True
