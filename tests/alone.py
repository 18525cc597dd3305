"""Tests marked ``alone`` run with no other test beside them, also under pytest-xdist.

They measure latency under a load they make themselves (p95 of eight agents on two replicas, a
notification within a second); on two cores a neighbouring test's load is theirs too, and the
bound failed for it (1.06 s against 1.0 s). Each test holds a shared lock while it runs (setup,
call and teardown, so a module fixture it starts counts too), an ``alone`` test an exclusive
one. A turnstile taken first keeps new tests from slipping in while an ``alone`` test waits for
the running ones to finish. Without xdist one test runs at a time anyway: no locks."""

from __future__ import annotations

import fcntl
import os
import tempfile
from pathlib import Path
from typing import IO

import pytest


def _lock(path: Path, mode: int) -> IO[str]:
    handle = path.open("a")
    fcntl.flock(handle, mode)
    return handle


def _unlock(handle: IO[str]) -> None:
    fcntl.flock(handle, fcntl.LOCK_UN)
    handle.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> object:
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")  # the same in every worker of one run
    if not run:
        return (yield)
    folder = Path(tempfile.gettempdir())
    alone = item.get_closest_marker("alone") is not None
    turnstile = _lock(folder / f"memstrata-tests-{run}.turnstile", fcntl.LOCK_EX)
    running = _lock(
        folder / f"memstrata-tests-{run}.running", fcntl.LOCK_EX if alone else fcntl.LOCK_SH
    )
    if not alone:
        _unlock(turnstile)
    try:
        return (yield)
    finally:
        _unlock(running)
        if alone:
            _unlock(turnstile)
