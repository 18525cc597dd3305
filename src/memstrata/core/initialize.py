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

from memstrata.core.config import CONFIG_NAME, LANGS, render_config, render_store
from memstrata.core.layouts import PATTERN_DOMAINS, PRESETS, detect_preset, layout_for
from memstrata.core.storage import atomic_write_bytes
from memstrata.core.templates import template_for
from memstrata.core.workspace import Workspace
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


def _files_to_create(preset: str) -> tuple[list[str], list[str]]:
    layout = layout_for(preset)
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
    backend: str = "files",
    embedded: str = "",
) -> InitResult:
    """Create the layout of ``preset`` in ``path``; an existing workspace is adopted untouched.

    With ``backend="postgres"`` the folder keeps only memstrata.toml (and derived state); the
    documents are created as rows in the database named by ``$MEMSTRATA_DSN``.
    """
    if preset not in PRESETS:
        raise MemstrataError(f"unknown preset {preset!r}; use one of {', '.join(PRESETS)}")
    if lang not in LANGS:
        raise MemstrataError(f"unknown language {lang!r}; use one of {', '.join(LANGS)}")
    root = Path(path).expanduser()
    if root.exists() and not root.is_dir():
        raise MemstrataError("exists and is not a folder", root)
    if root.is_dir() and ((root / CONFIG_NAME).is_file() or detect_preset(root)):
        return InitResult(Workspace.open(root), adopted=True)
    root.mkdir(parents=True, exist_ok=True)
    config_text = render_config(preset, lang, team)
    if backend != "files":
        config_text += render_store(backend, root.resolve().name, embedded)
    atomic_write_bytes(root / CONFIG_NAME, config_text.encode("utf-8"))
    ws = Workspace.open(root)
    writer = ws.writer()
    today = ws.today().isoformat()
    created = [CONFIG_NAME]
    files, dirs = _files_to_create(preset)
    for folder in dirs if backend == "files" else ():  # a database has no empty folders
        ws.resolve(folder).mkdir(parents=True, exist_ok=True)
    for rel in files:
        text = _relink_skills(ws, rel, template_for(preset, rel, lang, today))
        if rel in {ws.layout.roles[r].path for r in ("user", "long_term") if r in ws.layout.roles}:
            text = "".join(refresh_header(split_lines(text), today))
        if writer.create(rel, text):
            created.append(rel)
    if writer.create(".gitignore", GITIGNORE):
        created.append(".gitignore")
    _record_identity_baseline(root, ws)
    return InitResult(Workspace.open(root), adopted=False, created=created)


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
    """Hashes of the identity files as init wrote them, so ``doctor`` can tell when they change."""
    lines = [
        f'"{rel}" = "{hashlib.sha256(ws.store.read(rel) or b"").hexdigest()}"'
        for rel in ws.role_files("identity")
    ]
    if lines:
        config = root / CONFIG_NAME
        text = (
            config.read_text(encoding="utf-8")
            + "\n[baseline]\n# sha256 of identity files at init\n"
            + "\n".join(lines)
            + "\n"
        )
        atomic_write_bytes(config, text.encode("utf-8"))
