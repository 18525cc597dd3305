"""Safety table: how many inputs each safety area tries, and how many failed.

Runs the safety tests (privacy, permission matrix, crash safety, secrets, faults, fuzz) through
pytest with the CI Hypothesis profile, and counts inputs from the tests' own tables, so the
numbers in BENCHMARKS.md are what the suite really does.

    .venv/bin/python benchmarks/safety.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

from common import ROOT, recall_table, write_results

sys.path.insert(0, str(ROOT))

from tests import test_crash_safety, test_fuzz_writes, test_permission_matrix
from tests.secrets_corpus import CORPUS
from tests.test_secrets_everywhere import CUTS

AREAS = [
    (
        "private content never reaches shared/subagent",
        "tests/test_safety_privacy.py",
        "reports, archives, learning-loop files x 2 sessions, symlinks, hard links, [paths]",
    ),
    (
        "permission matrix (every CLI command and MCP tool x 3 sessions)",
        "tests/test_permission_matrix.py",
        f"{len(test_permission_matrix.COMMANDS)} commands + "
        f"{len(test_permission_matrix.TOOL_OPERATIONS)} tools, x 3 session kinds",
    ),
    (
        "crash safety (SIGKILL, then rerun equals an uninterrupted run)",
        "tests/test_crash_safety.py",
        f"{len(test_crash_safety.SCENARIOS)} operations x (every commit write + "
        f"{test_crash_safety.RANDOM_KILLS} random kills)",
    ),
    (
        "secrets through every write path, byte grep of the workspace",
        "tests/test_secrets_everywhere.py",
        f"{len(CORPUS)} kinds x 14 write paths, {len(CUTS)} cut positions",
    ),
    (
        "faults and bad input (damaged index, hooks, arguments, queues)",
        "tests/test_safety_faults.py",
        "4 kinds of index damage, 24 hook payloads, 9 bad arguments, markup",
    ),
    (
        "fuzz: random Unicode through every write, then every read",
        "tests/test_fuzz_writes.py",
        f"{len(test_fuzz_writes.NASTY)} hostile fragments mixed into random text",
    ),
]


def main() -> None:
    rows = []
    env = {**os.environ, "CI": "1", "MEMSTRATA_SKIP_REAL_CLIENTS": "1"}
    for area, path, inputs in AREAS:
        with tempfile.TemporaryDirectory() as tmp:
            report = Path(tmp) / "junit.xml"
            subprocess.run(
                [sys.executable, "-m", "pytest", "-q", path, f"--junitxml={report}"],
                cwd=ROOT,
                env=env,
                capture_output=True,
                check=False,
            )
            suite = ET.parse(report).getroot().find("testsuite")
            assert suite is not None
            cases = int(suite.get("tests", 0))
            failed = int(suite.get("failures", 0)) + int(suite.get("errors", 0))
        rows.append(
            {"area": area, "inputs": inputs, "test cases": cases, "failures": failed, "file": path}
        )
    print(recall_table("Safety", rows, ["area", "inputs", "test cases", "failures"]))
    print(f"wrote {write_results('safety', {'rows': rows})}")


if __name__ == "__main__":
    main()
