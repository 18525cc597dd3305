"""Bad input: one line naming file and line, exit 2, nothing written, nothing else touched."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_process, tree_hashes


def _files(root: Path) -> dict[str, str]:
    return {p: h for p, h in tree_hashes(root).items() if not p.startswith(".memstrata")}


def _assert_one_line_error(result, *fragments: str) -> None:
    assert result.code == 2, result
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    assert lines[0].startswith("memstrata: error: ")
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    assert "Traceback" not in result.err


CASES = [
    # (file to corrupt, its new bytes, command, expected fragments)
    (
        "memory/principles.md",
        b"# L1\n\n### P001: a\n---\nx\n\n### P001: dup\n---\ny\n",
        ["remember", "记住：永远不要用 rm -rf"],
        ["memory/principles.md:7", "duplicate principle id P001"],
    ),
    (
        "memory/principles.md",
        b"# L1\n### P002:   \n",
        ["remember", "always lint first"],
        ["memory/principles.md:2", "no title"],
    ),
    (
        "USER.md",
        "# U\n## 👤 基本偏好\n- [2026-0 broken\n".encode(),
        ["remember", "记住：我喜欢茶"],
        ["USER.md:3", "malformed dated entry"],
    ),
    (
        "MEMORY.md",
        b"# M\n\x00\x01binary",
        ["remember", "remember: the db runs on port 5433"],
        ["MEMORY.md:2", "binary"],
    ),
    (
        "MEMORY.md",
        "# M\n## 📌 重要规则\n- ok\n".encode() + b"\xff\xfe\n",
        ["remember", "remember: x is y"],
        ["MEMORY.md:4", "not valid UTF-8"],
    ),
    (
        "memory/lessons.md",
        b"# L\n## [coder broken (2026-01-01)\n",
        ["lesson", "t"],
        ["memory/lessons.md:2", "unclosed [agent]"],
    ),
    (
        "memory/CANDIDATES.md",
        "## 🌱 观察中\n| ID | a |\n|---|---|\n| C001 | too few |\n".encode(),
        ["status"],
        ["memory/CANDIDATES.md:4", "expected 7"],
    ),
    (
        "memory/CANDIDATES.md",
        "## 🌱 观察中\n| h |\n|-|\n| C1 | 规则 | x | d | d | many | 3次 |\n".encode(),
        ["status"],
        ["memory/CANDIDATES.md:4", "'many'"],
    ),
    (
        "memory/patterns/index.md",
        b"- t | file: | context: c\n",
        ["status"],
        ["memory/patterns/index.md:1", "empty 'file:'"],
    ),
    (
        "memstrata.toml",
        b'preset = "default"\nlang = \n',
        ["status"],
        ["memstrata.toml:2", "invalid TOML"],
    ),
    (
        "memstrata.toml",
        b'preset = "default"\nlang = "fr"\n',
        ["status"],
        ["memstrata.toml", "lang must be one of zh, en"],
    ),
    ("memstrata.toml", b'preset = "nope"\n', ["status"], ["memstrata.toml", "unknown preset"]),
]


@pytest.mark.parametrize(
    ("rel", "data", "command", "fragments"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_malformed_files(
    ws, cli, rel: str, data: bytes, command: list[str], fragments: list[str]
) -> None:
    (ws.root / rel).write_bytes(data)
    before = _files(ws.root)
    result = cli("-w", str(ws.root), *command)
    _assert_one_line_error(result, *fragments)
    assert _files(ws.root) == before


def test_role_file_that_is_a_folder(ws, cli) -> None:
    (ws.root / "MEMORY.md").unlink()
    (ws.root / "MEMORY.md").mkdir()
    _assert_one_line_error(
        cli("-w", str(ws.root), "remember", "remember: db on 5433"), "MEMORY.md", "directory"
    )


def test_path_override_outside_workspace(ws, cli) -> None:
    config = ws.root / "memstrata.toml"
    config.write_text(config.read_text() + '\n[paths]\nlong_term = "../stolen.md"\n')
    result = cli("-w", str(ws.root), "remember", "remember: the db is on port 5433")
    _assert_one_line_error(result, "memstrata.toml:", "../stolen.md", "must stay inside")
    assert not (ws.root.parent / "stolen.md").exists()


def test_missing_workspace(cli, tmp_path: Path) -> None:
    _assert_one_line_error(cli("-w", str(tmp_path / "nope"), "status"), "does not exist")
    _assert_one_line_error(cli("-w", str(tmp_path), "status"), "not a memstrata workspace")


def test_bad_options(ws, cli) -> None:
    _assert_one_line_error(cli("-w", str(ws.root), "log", "x", "--date", "2026-13-40"), "--date")
    _assert_one_line_error(cli("-w", str(ws.root), "log", "   "), "empty")
    _assert_one_line_error(
        cli("-w", str(ws.root), "log", "x", "--agent", "bad name!"), "invalid agent name"
    )
    _assert_one_line_error(
        cli("-w", str(ws.root), "remember", "x", "--session", "subagent", "--agent", "coder"),
        "subagent",
    )


def test_corrupt_jsonl_is_a_warning_not_an_error(ws, cli) -> None:
    pending = ws.root / "memory" / "pending.jsonl"
    pending.write_text(
        '{"ts":"t","signal":"x","brief":"b","detail":"d","source":"s"}\nnot json\n[1]\n',
        encoding="utf-8",
    )
    result = cli("-w", str(ws.root), "status", "--json")
    assert result.code == 0
    import json

    row = next(r for r in json.loads(result.out)["roles"] if r["role"] == "pending")
    assert row["entries"] == 1
    assert row["warnings"] == [
        "memory/pending.jsonl: line 2: invalid JSON (Expecting value) (kept, skipped)",
        "memory/pending.jsonl: line 3: not a JSON object (kept, skipped)",
    ]


def test_real_process_error_exit_code(tmp_path: Path) -> None:
    result = run_process("-w", str(tmp_path / "missing"), "status")
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "does not exist" in result.stderr
    assert result.stdout == ""
