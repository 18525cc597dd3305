"""Architecture guard (DESIGN.md section 2): dependencies point inward.

formats/ and the storage primitives know nothing of services; services know nothing of the
adapters; nothing below the adapters imports click, rich or other presentation code.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parents[1] / "src" / "memstrata"
LOW_LEVEL = {"errors", "textio", "storage", "redact", "config", "layouts", "templates", "citing"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def _modules(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*.py") if "__pycache__" not in p.parts]


def test_formats_import_only_low_level_modules() -> None:
    for path in _modules(PACKAGE / "formats"):
        for name in _imports(path):
            if name.startswith("memstrata."):
                top = name.split(".")[1]
                assert top == "formats" or top in LOW_LEVEL, f"{path.name} imports {name}"


def test_nothing_below_adapters_imports_them_or_ui_libraries() -> None:
    for path in _modules(PACKAGE):
        if "adapters" in path.parts or path.name == "__main__.py":
            continue
        for name in _imports(path):
            assert not name.startswith("memstrata.adapters"), f"{path} imports {name}"
            assert name.split(".")[0] not in {"click", "rich", "typer"}, f"{path} imports {name}"


def test_only_storage_writes_bytes() -> None:
    """The single safe writer: no other module opens files for writing or replaces them.

    The one exception is the derived index (recall/store.py), which swaps its own rebuilt
    SQLite file into .memstrata/; it never touches a user's Markdown.
    """
    for path in _modules(PACKAGE):
        if path.name == "storage.py" or path.relative_to(PACKAGE).as_posix() == "recall/store.py":
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
