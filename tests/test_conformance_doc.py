"""docs/conformance.md and tests/test_notes_00N.py stay in step: every test the tables name
exists in its note's file, and every note test is named in its note's table."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[1]


def _tables() -> dict[str, set[str]]:
    doc = (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8")
    parts = re.split(r"^## Note (\d{3})", doc, flags=re.M)
    return {
        number: set(re.findall(r"`(test_[a-z0-9_]+)`", body))
        for number, body in zip(parts[1::2], parts[2::2], strict=True)
    }


def test_every_note_has_a_table_and_a_test_file() -> None:
    tables = _tables()
    assert sorted(tables) == ["000", "001", "002", "003", "004"]
    for number in tables:
        assert (ROOT / "tests" / f"test_notes_{number}.py").is_file()


def test_tables_name_exactly_the_tests_of_their_note() -> None:
    for number, named in _tables().items():
        source = (ROOT / "tests" / f"test_notes_{number}.py").read_text(encoding="utf-8")
        defined = set(re.findall(r"^def (test_[a-z0-9_]+)", source, re.M))
        assert named == defined, (number, named ^ defined)
