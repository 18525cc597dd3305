"""Architecture guard (docs/ARCHITECTURE.md): dependencies point inward, package by package.

Layers, lowest first: ``errors`` and ``text`` (pure helpers) < ``formats`` (parse/render) <
``core`` (workspace, settings, permissions, the single writer) < ``providers`` (models) <
services (``entries`` < ``capture`` < ``recall`` < ``evolve`` < ``context`` < ``compaction``
< ``maintain`` < ``serve`` < ``team``) < ``adapters``. A module may import its own package and
any lower one, never a higher one; so there are no cycles between packages. Nothing below the
adapters imports click, rich or other presentation code.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[1] / "src" / "memstrata"
ORDER = [
    "errors",
    "text",
    "formats",
    "core",
    "providers",
    "entries",
    "capture",
    "recall",
    "evolve",
    "context",
    "compaction",
    "maintain",
    "serve",
    "team",
    "adapters",
]
RANK = {name: rank for rank, name in enumerate(ORDER)}
PEERS = {"errors": "text", "text": "errors"}  # the two leaves may use each other


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            if node.module == "memstrata":
                found.update(f"memstrata.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def _modules(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*.py") if "__pycache__" not in p.parts]


def _package(path: Path) -> str:
    rel = path.relative_to(PACKAGE)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def test_every_package_has_a_layer() -> None:
    top_level = {"__init__", "__main__"}
    for path in _modules(PACKAGE):
        package = _package(path)
        assert package in RANK or package in top_level, f"{path}: package {package!r} has no layer"


@pytest.mark.parametrize("path", _modules(PACKAGE), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_inward(path: Path) -> None:
    package = _package(path)
    if package in ("__init__", "__main__"):
        return  # the lazy public API and the entry point sit above everything
    for name in _imports(path):
        if not name.startswith("memstrata."):
            continue
        target = name.split(".")[1]
        if target == package or PEERS.get(package) == target:
            continue
        assert target in RANK, f"{path.name} imports {name}: unknown package"
        assert RANK[target] < RANK[package], (
            f"{path.relative_to(PACKAGE)} ({package}) imports {name} ({target}): "
            "a lower layer must not import a higher one"
        )


def test_nothing_below_adapters_imports_ui_libraries() -> None:
    for path in _modules(PACKAGE):
        if _package(path) in ("adapters", "__main__"):
            continue
        for name in _imports(path):
            assert name.split(".")[0] not in {"click", "rich", "typer"}, f"{path} imports {name}"


def test_only_storage_writes_bytes() -> None:
    """The single safe writer: no other module opens files for writing or replaces them.

    The one exception is the derived index (recall/store.py), which swaps its own rebuilt
    SQLite file into .memstrata/; it never touches a user's Markdown.
    """
    allowed = {"core/storage.py", "recall/store.py"}
    for path in _modules(PACKAGE):
        if path.relative_to(PACKAGE).as_posix() in allowed:
            continue
        source = path.read_text(encoding="utf-8")
        for forbidden in (
            ".write_text(",
            ".write_bytes(",
            "os.replace(",
            "os.rename(",
            "O_WRONLY",
            '"w"',
            '"wb"',
            '"a"',
        ):
            assert forbidden not in source, f"{path.name} writes directly ({forbidden})"
