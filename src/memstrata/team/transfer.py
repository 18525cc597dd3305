"""People keep Markdown: a team workspace out to files, files into it, and hand edits back.

- ``export``: every document of the team store written as files into a new folder,
  byte-identical to the files workspace the same operations produce (memstrata.toml without
  its ``[store]`` table, so the folder opens as an ordinary files workspace).
- ``import``: a files workspace loaded into an empty team workspace, in one SQL transaction;
  links and files no role of the layout claims are refused with one line.
- ``sync``: three-way, against the revision and hash each document had at the last export,
  import or sync (``DIR/.memstrata/sync.json``). A document changed on one side only is
  carried to the other; one changed on both sides is a conflict, reported and left alone on
  both sides (``prefer`` settles every conflict one way).

Derived state in ``.memstrata/`` (the heartbeat's proposals) travels with export and import,
never with sync: machines own it, people do not edit it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from memstrata.core import changes
from memstrata.core.config import CONFIG_NAME
from memstrata.core.documents import ACTOR, Step, sha
from memstrata.core.storage import atomic_write_bytes, remove_file
from memstrata.core.transaction import STATE_PREFIX
from memstrata.core.workspace import Workspace
from memstrata.errors import MemstrataError, PathOutsideWorkspace
from memstrata.team.store import PostgresStore, decode

SYNC_FILE = ".memstrata/sync.json"
# The derived-state documents that travel with export/import (team store rows under .memstrata/).
STATE_DOCUMENTS = (f"{STATE_PREFIX}proposals.json",)
_HEADER = re.compile(r"^\s*\[")
# Per document, its revision and sha256 at the last export, import or sync.
Bases = dict[str, dict[str, object]]


def team_store(ws: Workspace) -> PostgresStore:
    store = ws.store
    if not isinstance(store, PostgresStore):
        raise MemstrataError(
            'export, import and sync work on a team workspace ([store] backend = "postgres")',
            CONFIG_NAME,
        )
    return store


def files_config(text: str) -> str:
    """memstrata.toml as a files workspace has it: the ``[store]`` table (and the blank line
    init writes before it) removed, everything else byte for byte."""
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    skipping = False
    for line in lines:
        if re.match(r"^\s*\[\s*store\s*\]", line):
            skipping = True
            if out and not out[-1].strip():
                out.pop()
            continue
        if skipping and (not line.strip() or _HEADER.match(line)):
            skipping = False
        if not skipping:
            out.append(line)
    return "".join(out)


@dataclass
class Transfer:
    """What export, import or sync did, for the presenters."""

    written: list[str] = field(default_factory=list)  # into the folder
    stored: list[str] = field(default_factory=list)  # into the team store
    removed: list[str] = field(default_factory=list)  # from the team store (kept in history)
    deleted: list[str] = field(default_factory=list)  # from the folder
    conflicts: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, list[str]]:
        return {
            "written": self.written,
            "stored": self.stored,
            "removed": self.removed,
            "deleted": self.deleted,
            "conflicts": self.conflicts,
        }


def _digest(data: bytes | None) -> str | None:
    return None if data is None else hashlib.sha256(data).hexdigest()


def _save_base(folder: Path, name: str, base: Bases) -> None:
    data = json.dumps({"workspace": name, "documents": base}, ensure_ascii=False, indent=1)
    atomic_write_bytes(folder / SYNC_FILE, data.encode("utf-8"))


def _load_base(folder: Path, name: str) -> Bases:
    path = folder / SYNC_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MemstrataError(
            "was never exported or imported here (no .memstrata/sync.json); "
            "run 'memstrata export DIR' into a new folder first",
            folder,
        ) from None
    except (OSError, ValueError) as exc:
        raise MemstrataError(f"unreadable sync record ({exc})", path) from None
    if not isinstance(data, dict) or data.get("workspace") != name:
        raise MemstrataError(
            f"records a sync with another workspace, not {name!r}; nothing was changed", path
        )
    documents = data.get("documents")
    if not isinstance(documents, dict):
        raise MemstrataError("unreadable sync record (no documents)", path)
    return documents


# ------------------------------------------------------------------------------ export
def export_workspace(ws: Workspace, folder: Path) -> Transfer:
    """Write every document into ``folder`` (new or empty) as the files backend would hold it."""
    store = team_store(ws)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise MemstrataError(
            "exists and is not empty; export writes into a new folder "
            "(memstrata sync DIR brings an earlier export up to date)",
            folder,
        )
    folder.mkdir(parents=True, exist_ok=True)
    result, base = Transfer(), Bases()
    config = (ws.root / CONFIG_NAME).read_text(encoding="utf-8")
    atomic_write_bytes(folder / CONFIG_NAME, files_config(config).encode("utf-8"))
    for rel, revision in store.documents():
        if rel.startswith(STATE_PREFIX) and rel not in STATE_DOCUMENTS:
            continue  # the store's own state (token hashes) stays in the database
        data = store.read(rel)
        if data is None:  # removed since the listing
            continue
        atomic_write_bytes(folder / rel, data)
        result.written.append(rel)
        if not rel.startswith(STATE_PREFIX):
            base[rel] = {"revision": revision, "sha256": _digest(data)}
    _save_base(folder, store.workspace, base)
    return result


# ------------------------------------------------------------------------------ files side
def _is_link(folder: Path, rel: str) -> bool:
    current = folder
    for part in Path(rel).parts:
        current = current / part
        info = current.lstat()
        if stat.S_ISLNK(info.st_mode):
            return True
    return stat.S_ISREG(info.st_mode) and info.st_nlink > 1


def _known(ws: Workspace, rel: str) -> bool:
    """Whether a file belongs to the workspace: a role's file, an extra file of the layout,
    the .gitignore init writes, or anything under the skills folder (drafts, SKILL.md)."""
    if rel == ".gitignore" or rel in ws.layout.extra_files or ws.role_of(rel) is not None:
        return True
    skills = ws.role("skills")
    if skills is not None:
        folder = skills.path.rsplit("/", 1)[0] if "/" in skills.path else ""
        if folder and rel.startswith(folder + "/"):
            return True
    return rel.endswith(".md") and any(
        spec.kind == "dir" and rel.startswith(spec.path + "/") for spec in ws.layout.roles.values()
    )


def local_documents(ws: Workspace, folder: Path) -> dict[str, bytes]:
    """The memory files of a files workspace folder (no .memstrata/, no memstrata.toml);
    a link, a file no role claims or a file that is not UTF-8 text stops it with one line."""
    found: dict[str, bytes] = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        here = Path(dirpath)
        rel_dir = here.relative_to(folder).as_posix()
        dirnames[:] = sorted(
            d for d in dirnames if not (rel_dir == "." and d in (".memstrata", ".git"))
        )
        for name in sorted(filenames):
            rel = (here / name).relative_to(folder).as_posix()
            if rel == CONFIG_NAME:
                continue
            if _is_link(folder, rel):
                raise PathOutsideWorkspace(
                    "is a symbolic or hard link; import and sync refuse links", folder / rel
                )
            if not _known(ws, rel):
                raise MemstrataError(
                    f"belongs to no role of the '{ws.preset}' layout; move it out of the "
                    "folder (nothing was changed)",
                    folder / rel,
                )
            data = (here / name).read_bytes()
            decode(str(folder / rel), data)
            found[rel] = data
        for name in dirnames:
            if (here / name).is_symlink():
                raise PathOutsideWorkspace(
                    "is a symbolic link; import and sync refuse links", here / name
                )
    return found


# ------------------------------------------------------------------------------ import
def import_workspace(ws: Workspace, folder: Path) -> Transfer:
    """Load the files workspace in ``folder`` into the (empty) team workspace ``ws``."""
    store = team_store(ws)
    source = Workspace.open(folder)
    if source.preset != ws.preset:
        raise MemstrataError(
            f"is a '{source.preset}' workspace; the team workspace is '{ws.preset}'", folder
        )
    documents = local_documents(ws, source.root)
    for rel in STATE_DOCUMENTS:
        path = source.root / rel
        if path.is_file() and not path.is_symlink():
            documents[rel] = path.read_bytes()
            decode(str(path), documents[rel])
    present = store.documents()
    if present:
        raise MemstrataError(
            f"the team workspace {store.workspace!r} already holds {len(present)} documents; "
            "import loads into an empty one (memstrata sync DIR brings edits into it)"
        )
    result = Transfer()
    steps = [Step("replace", rel, data, old=None) for rel, data in sorted(documents.items())]
    token = ACTOR.set("import:main")
    try:
        with store.operation_lock(), contextlib.ExitStack() as locks:
            for step in steps:
                locks.enter_context(store.lock(step.path))
            store.commit(steps, [])
    finally:
        ACTOR.reset(token)
    result.stored = [step.path for step in steps]
    base: Bases = {
        rel: {"revision": store.revision(rel), "sha256": _digest(data)}
        for rel, data in documents.items()
        if not rel.startswith(STATE_PREFIX)
    }
    _save_base(source.root, store.workspace, base)
    for rel in result.stored:
        changes.record(str(ws.root), rel)
    return result


# ------------------------------------------------------------------------------ sync
Prefer = Literal["", "local", "store"]


def sync_workspace(ws: Workspace, folder: Path, prefer: Prefer = "") -> Transfer:
    """Carry each side's changes since the last sync to the other; report the conflicts."""
    store = team_store(ws)
    folder = folder.resolve()
    base = _load_base(folder, store.workspace)
    local = local_documents(ws, folder)
    result = Transfer()
    token = ACTOR.set("sync:main")
    try:
        with store.operation_lock(), contextlib.ExitStack() as locks:
            remote = {
                rel: rev for rel, rev in store.documents() if not rel.startswith(STATE_PREFIX)
            }
            paths = sorted(set(base) | set(local) | set(remote))
            for rel in paths:
                locks.enter_context(store.lock(rel))
            steps: list[Step] = []
            for rel in paths:
                step = _sync_one(store, folder, rel, base.get(rel), local.get(rel), prefer, result)
                if step is not None:
                    steps.append(step)
            store.commit(steps, [])
            # A conflict keeps its old base, so it stays a conflict until settled.
            entries = {
                rel: base.get(rel, {}) if rel in result.conflicts else _base_of(store, rel)
                for rel in paths
            }
            new_base = {rel: entry for rel, entry in entries.items() if entry}
    finally:
        ACTOR.reset(token)
    _save_base(folder, store.workspace, new_base)
    for rel in result.stored + result.removed:
        changes.record(str(ws.root), rel)
    return result


def _base_of(store: PostgresStore, rel: str) -> dict[str, object]:
    data = store.read(rel)
    return {} if data is None else {"revision": store.revision(rel), "sha256": _digest(data)}


def _sync_one(
    store: PostgresStore,
    folder: Path,
    rel: str,
    base: dict[str, object] | None,
    local: bytes | None,
    prefer: Prefer,
    result: Transfer,
) -> Step | None:
    """What to do with one document; returns the store's change, if any."""
    remote = store.read(rel)
    revision = store.revision(rel) if remote is not None else None
    local_changed = _digest(local) != (base or {}).get("sha256")
    remote_changed = (revision if remote is not None else None) != (base or {}).get("revision")
    if local_changed and remote_changed and local != remote:
        if prefer == "local":
            remote_changed = False
        elif prefer == "store":
            local_changed = False
        else:
            result.conflicts.append(rel)
            return None
    if local_changed and local != remote:
        if local is None:
            result.removed.append(rel)
            return Step("remove", rel, old=sha(remote))
        result.stored.append(rel)
        return Step("replace", rel, local, old=sha(remote))
    if remote_changed and remote != local:
        target = folder / rel
        if remote is None:
            remove_file(target)
            result.deleted.append(rel)
        else:
            atomic_write_bytes(target, remote)
            result.written.append(rel)
    return None
