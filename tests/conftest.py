"""Shared fixtures: fresh workspaces with a fixed clock, and the CLI run in-process or for real."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import settings

from memstrata.adapters.cli import run
from memstrata.core.initialize import init_workspace
from memstrata.core.workspace import Workspace
from tests.alone import pytest_runtest_protocol  # noqa: F401 (a hook)
from tests.pg import BACKENDS, pg_dsn, pg_server  # noqa: F401 (fixtures)

# CI gets reproducible property tests (same examples every run); local runs keep exploring.
settings.register_profile("ci", derandomize=True, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

FIXED_NOW = datetime(2026, 4, 17, 10, 30)


@pytest.fixture(autouse=True)
def _test_embedder(monkeypatch):
    """Unit tests use the tiny deterministic hash embedder; integration tests opt out."""
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "hash")


def fixed_clock() -> datetime:
    return FIXED_NOW


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "both_backends: run the module's workspace tests on files and on PostgreSQL"
    )
    config.addinivalue_line(
        "markers", "alone: measures latency under its own load; no other test runs beside it"
    )


def pytest_generate_tests(metafunc):
    """Modules marked ``both_backends`` run every test that builds a workspace twice."""
    if metafunc.definition.get_closest_marker("both_backends") and (
        "backend" in metafunc.fixturenames
    ):
        metafunc.parametrize("backend", BACKENDS, indirect=True)


@pytest.fixture
def backend(request, monkeypatch) -> str:
    """Where the test's workspaces keep their documents: "files" unless parametrised; for
    "postgres", a fresh embedded database named by $MEMSTRATA_DSN (subprocesses inherit it)."""
    name = getattr(request, "param", "files")
    if name == "postgres":
        monkeypatch.setenv("MEMSTRATA_DSN", request.getfixturevalue("pg_dsn"))
    return name


@pytest.fixture
def make_ws(tmp_path: Path, backend: str):
    """Create a workspace of a preset (fresh folder each call) with the fixed clock."""
    counter = iter(range(1000))

    def factory(preset: str = "default", lang: str = "zh", team: bool = False) -> Workspace:
        root = tmp_path / f"ws{next(counter)}-{preset}"
        init_workspace(root, preset=preset, lang=lang, team=team, backend=backend)
        return Workspace.open(root, clock=fixed_clock)

    return factory


@pytest.fixture
def ws(make_ws) -> Workspace:
    return make_ws()


def tree_hashes(root: Path) -> dict[str, str]:
    """Every file and folder under ``root`` with a hash of its bytes (folders: 'dir')."""
    found: dict[str, str] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        found[rel] = "dir" if path.is_dir() else hashlib.sha256(path.read_bytes()).hexdigest()
    return found


@dataclass
class CliResult:
    code: int
    out: str
    err: str


@pytest.fixture
def cli(capsys, monkeypatch):
    """Run the CLI in-process (fast) with MEMSTRATA_NOW fixed; returns code, stdout, stderr."""
    monkeypatch.setenv("MEMSTRATA_NOW", FIXED_NOW.isoformat())
    monkeypatch.delenv("MEMSTRATA_WORKSPACE", raising=False)

    def invoke(*args: str) -> CliResult:
        capsys.readouterr()
        code = run(list(args))
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return invoke


def run_process(
    *args: str, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    """Run the real ``memstrata`` console script in a subprocess."""
    exe = Path(sys.executable).parent / "memstrata"
    full_env = {**os.environ, "MEMSTRATA_NOW": FIXED_NOW.isoformat()}
    full_env.pop("MEMSTRATA_WORKSPACE", None)
    full_env.update(env or {})
    return subprocess.run(
        [str(exe), *args], cwd=cwd, env=full_env, capture_output=True, text=True, timeout=60
    )


@pytest.fixture
def learned_kinds(monkeypatch):
    """The labels the learned classifier (real USE embedder) gives a message."""
    from memstrata.capture.classifier import detect_learned

    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")

    def kinds(text: str) -> set[str]:
        found = detect_learned(text)
        assert found is not None, "the learned classifier did not load"
        return {s.kind for s in found}

    return kinds
