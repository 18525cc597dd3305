"""``memstrata init``: create a workspace in a preset's layout, or adopt an existing one.

Adopting never writes: a folder that already holds a workspace of any style is only
detected and reported, so ``init`` is safe to run on a live OpenClaw workspace.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from memstrata.core import global_root as global_root_folder
from memstrata.core.config import CONFIG_NAME, LANGS, load_config, render_config, render_store
from memstrata.core.documents import FilesStore
from memstrata.core.layouts import (
    PATTERN_DOMAINS,
    PRESETS,
    Layout,
    default_privacy,
    detect_preset,
)
from memstrata.core.storage import atomic_write_bytes, file_lock
from memstrata.core.templates import template_for
from memstrata.core.workspace import Workspace
from memstrata.core.writer import Writer
from memstrata.errors import MemstrataError
from memstrata.formats.bullets import refresh_header
from memstrata.text.textio import split_lines

GITIGNORE = ".memstrata/\n"
_SKILL_LINK = re.compile(r"^→.*skills/")


@dataclass
class InitResult:
    """What ``init`` did: the workspace, whether it already existed, the files it created."""

    workspace: Workspace
    adopted: bool
    created: list[str] = field(default_factory=list)


# Roles init puts in a ``--global-root`` (note 004's ~/.workbuddy holds SOUL.md, IDENTITY.md and
# USER.md; MEMORY.md and the rest stay per project).
GLOBAL_ROLES = ("user", "identity")
# Files whose hand edits ``doctor`` reports: identity (never written by the engine) and note
# 001's Tier 1 rules (written only through an approved proposal, which re-records the hash).
BASELINE_ROLES = ("identity", "rules")


def _files_to_create(layout: Layout) -> tuple[list[str], list[str]]:
    files: list[str] = []
    dirs: list[str] = list(layout.extra_dirs)
    for spec in layout.roles.values():
        if not spec.init:
            continue
        if spec.kind == "file":
            files.extend(spec.paths)
        elif spec.name == "patterns":
            files.extend(f"{spec.path}/{domain}.md" for domain in (*PATTERN_DOMAINS, "index"))
        else:
            dirs.append(spec.path)
    files.extend(layout.extra_files)
    return files, dirs


def init_workspace(
    path: str | Path,
    preset: str = "default",
    lang: str = "zh",
    team: bool = False,
    global_root: str | None = None,
    global_roles: tuple[str, ...] = (),
    backend: str = "files",
    embedded: str = "",
    nested: bool = False,
) -> InitResult:
    """Create the layout of ``preset`` in ``path``; an existing workspace is adopted untouched.

    ``global_root``: a folder shared by every project (note 004); the user's profile and the
    identity files (plus ``global_roles``) live there, created only when missing.
    ``nested``: make one inside another workspace's folder (refused otherwise).
    With ``backend="postgres"`` the folder keeps only memstrata.toml (and derived state); the
    documents are created as rows in the database named by ``$MEMSTRATA_DSN`` (or in the
    bundled PostgreSQL whose data folder ``embedded`` names, for a trial).
    """
    if preset not in PRESETS:
        raise MemstrataError(f"unknown preset {preset!r}; use one of {', '.join(PRESETS)}")
    if lang not in LANGS:
        raise MemstrataError(f"unknown language {lang!r}; use one of {', '.join(LANGS)}")
    # Resolved first: "ws/x/.." names ws, and must find the workspace there, not create one
    # over it through a folder x made on the way (a tester's round on f94bd6b).
    root = Path(path).expanduser().resolve()
    if root.exists() and not root.is_dir():
        raise MemstrataError("exists and is not a folder", root)
    if root.is_dir() and ((root / CONFIG_NAME).is_file() or detect_preset(root)):
        return InitResult(Workspace.open(root), adopted=True)
    outer = next((f for f in root.parents if (f / CONFIG_NAME).is_file()), None)
    if outer is not None and not nested:
        # Commands run below a workspace inside another find the inner one: the outer memory
        # would vanish for them (a tester's round on 21d773d: "init ." inside memory/).
        raise MemstrataError(
            f"inside the workspace at {outer}; a workspace here would hide it from every command "
            "run below (--nested makes one anyway)",
            root,
        )
    roles: tuple[str, ...] = ()
    if global_root:
        wanted = (*GLOBAL_ROLES, *global_roles)
        roles = tuple(dict.fromkeys(r for r in wanted if r in _layout_roles(preset)))
        if not roles:
            raise MemstrataError(
                f"--global-root: the '{preset}' layout has no user or identity files to share"
            )
    if global_root:
        home = root.resolve()
        shared = global_root_folder.locate(global_root, home)
        inside = shared == home or home in shared.parents or shared in home.parents
        reason = (
            "must be outside the project folder, and not hold it"
            if inside
            else global_root_folder.prepare(shared)
        )
        if reason:
            raise MemstrataError(f"--global-root {global_root} {reason}")
    root.mkdir(parents=True, exist_ok=True)
    private, _subagents = default_privacy(preset, team)
    settings = render_config(preset, lang, team, private, global_root or "", roles)
    if backend != "files":
        settings += render_store(backend, root.resolve().name, embedded)
    atomic_write_bytes(root / CONFIG_NAME, settings.encode("utf-8"))
    try:
        ws = Workspace.open(root)
    except MemstrataError:
        (root / CONFIG_NAME).unlink()  # a bad --global-root: leave nothing half-made
        raise
    writer = ws.writer()
    today = ws.today().isoformat()
    now = ws.now().strftime("%Y-%m-%d %H:%M")
    created = [CONFIG_NAME]
    files, dirs = _files_to_create(ws.layout)
    for folder in dirs if backend == "files" else ():  # a database has no empty folders
        ws.resolve(folder).mkdir(parents=True, exist_ok=True)
    for rel in files:
        text = _relink_skills(ws, rel, template_for(preset, rel, lang, today, now))
        if rel in {ws.layout.roles[r].path for r in ("user", "long_term") if r in ws.layout.roles}:
            text = "".join(refresh_header(split_lines(text), today))
        if writer.create(rel, text):
            created.append(rel)
    if writer.create(".gitignore", GITIGNORE):
        created.append(".gitignore")
    _record_identity_baseline(root, ws)
    return InitResult(Workspace.open(root), adopted=False, created=created)


def _layout_roles(preset: str) -> set[str]:
    from memstrata.core.layouts import layout_for

    return set(layout_for(preset).roles)


def _relink_skills(ws: Workspace, rel: str, text: str) -> str:
    """Templates point at skills/INDEX.md as seen from memory/; make the link right from ``rel``."""
    spec = ws.role("skills")
    if "skills/" not in text:
        return text
    if spec is None:  # no skills role in this preset: keep the section, link nothing missing
        kept = [line for line in text.splitlines(keepends=True) if not _SKILL_LINK.match(line)]
        return "".join(kept)
    folder = spec.path.rsplit("/", 1)[0]
    relative = os.path.relpath(folder, os.path.dirname(rel) or ".").replace(os.sep, "/")
    return text.replace("skills/INDEX.md", f"{relative}/INDEX.md").replace(
        "skills/auto-generated/", f"{relative}/auto-generated/"
    )


def _record_identity_baseline(root: Path, ws: Workspace) -> None:
    """Hashes of the identity and rule files as init wrote them, so ``doctor`` can tell when
    they change."""
    lines = [
        f'"{rel}" = "{hashlib.sha256(ws.store.read(rel) or b"").hexdigest()}"'
        for role in BASELINE_ROLES
        for rel in ws.role_files(role)
    ]
    if lines:
        config = root / CONFIG_NAME
        text = (
            config.read_text(encoding="utf-8")
            + "\n[baseline]\n# sha256 of identity and rule files at init\n"
            + "\n".join(lines)
            + "\n"
        )
        atomic_write_bytes(config, text.encode("utf-8"))


def approved_files(ws: Workspace, role: str) -> list[str]:
    """The files of ``role`` whose text is the one the owner approved (recorded in
    ``[baseline]``): a rules file made or edited by hand is not a rule until ``doctor --accept``.
    A workspace with no baseline at all (adopted, not made by ``init``) has nothing to compare
    against, so every file counts."""
    baseline = load_config(ws.root).baseline
    files = ws.role_files(role)
    if not baseline:
        return files
    return [
        rel
        for rel in files
        if baseline.get(rel)
        == hashlib.sha256(ws.store.read(ws.rel(ws.resolve(rel))) or b"").hexdigest()
    ]


def record_baseline(writer: Writer, rels: list[str]) -> None:
    """Re-record the ``[baseline]`` hashes of these identity or rule files (after an approved
    rule or an owner's ``doctor --accept``), as part of the running transaction if any: the
    files' text is read as that transaction will leave it."""
    ws = writer.ws
    entries = {}
    for rel in rels:
        bom = (ws.store.read(ws.rel(ws.resolve(rel))) or b"")[:3] == "\ufeff".encode()
        data = "".join(ws.read_lines(rel)).encode("utf-8")
        entries[rel] = hashlib.sha256((b"\xef\xbb\xbf" if bom else b"") + data).hexdigest()

    def transform(lines: list[str]) -> tuple[list[str], None]:
        new = list(lines)
        if new and not new[-1].endswith("\n"):
            new[-1] += "\n"
        header = next((i for i, line in enumerate(new) if line.strip() == "[baseline]"), None)
        if header is None:
            new += ["\n", "[baseline]\n"]
            header = len(new) - 1
        for rel, digest in entries.items():
            line = f'"{rel}" = "{digest}"\n'
            at = next(
                (
                    i
                    for i in range(header + 1, len(new))
                    if new[i].startswith(f'"{rel}"') or new[i].lstrip().startswith("[")
                ),
                len(new),
            )
            if at < len(new) and new[at].startswith(f'"{rel}"'):
                new[at] = line
            else:
                new.insert(at, line)
        return new, None

    if isinstance(ws.store, FilesStore):
        writer.rewrite(CONFIG_NAME, transform)
        return
    # A team store's memstrata.toml is this machine's file (it says how to reach the store),
    # not a document of the store.
    with file_lock(ws.state_dir / "config.lock"):
        lines = split_lines((ws.root / CONFIG_NAME).read_text(encoding="utf-8"))
        atomic_write_bytes(ws.root / CONFIG_NAME, "".join(transform(lines)[0]).encode("utf-8"))
