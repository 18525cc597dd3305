"""Helpers for the service tests: seed a workspace, start ``memstrata serve`` as a real
process (its own process group, so a test can kill all of it), and stop it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from memstrata.serve.address import Address, live_address

EXE = str(Path(sys.executable).parent / "memstrata")
SEED_DAYS = ("2026-04-14", "2026-04-15", "2026-04-16")
SEED_SIGNALS = (
    "不对，应该用 pnpm 而不是 npm 安装依赖",
    "不对，网关端口应该是 8443 不是 8080",
    "我喜欢简短的回答，不要长篇大论",
)


def env(**extra: str) -> dict[str, str]:
    out = {**os.environ, "MEMSTRATA_EMBEDDER": "hash", "MEMSTRATA_NOW": "2026-04-17T10:30:00"}
    out.pop("MEMSTRATA_WORKSPACE", None)
    out.update(extra)
    return out


def cli(
    *args: str,
    cwd: Path | None = None,
    service: bool = True,
    stdin: str | None = None,
    **extra: str,
) -> subprocess.CompletedProcess:
    """The real console script; ``service=False`` forces the in-process path."""
    run_env = env(**extra)
    if not service:
        run_env["MEMSTRATA_NO_SERVICE"] = "1"
    return subprocess.run([EXE, *args], cwd=cwd, env=run_env, capture_output=True, text=True,
                          input=stdin, timeout=120)  # fmt: skip


def seed(root: Path) -> None:
    """A workspace with three open proposals (two principles, one preference), a few logs."""
    cli("init", str(root), service=False, MEMSTRATA_NOW="2026-04-10T10:00:00").check_returncode()
    for day in SEED_DAYS:
        for text in SEED_SIGNALS:
            cli("-w", str(root), "signal", text, service=False, MEMSTRATA_NOW=f"{day}T10:30:00")
        cli("-w", str(root), "heartbeat", "--force", service=False, MEMSTRATA_NOW=f"{day}T10:30:00")
    cli("-w", str(root), "log", "修复了登录超时，网关重启后恢复", "--agent", "coder", service=False)
    cli("-w", str(root), "remember", "I prefer tea over coffee", service=False)
    cli("-w", str(root), "remember", "记住：部署前必须先跑测试", service=False)
    for day in SEED_DAYS:
        for ref in ("P001", "MEMORY.md:L14"):
            cli(
                "-w",
                str(root),
                "cite",
                ref,
                "--session-id",
                "s1",
                service=False,
                MEMSTRATA_NOW=f"{day}T11:00:00",
            )
        cli(
            "-w",
            str(root),
            "cite",
            "--flush",
            "--session-id",
            "s1",
            service=False,
            MEMSTRATA_NOW=f"{day}T11:00:00",
        )


@contextmanager
def served(root: Path, *more: str, **extra: str) -> Iterator[tuple[subprocess.Popen, Address]]:
    """``memstrata serve`` in the foreground of a child process group; stopped with SIGTERM."""
    process = start(root, *more, **extra)
    try:
        address = wait_live(root, process)
        yield process, address
    finally:
        stop(process)


def start(root: Path, *more: str, **extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [EXE, "-w", str(root), "serve", "--port", "0", *more],
        env=env(MEMSTRATA_NO_SERVICE="1", **extra),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def wait_live(root: Path, process: subprocess.Popen, timeout: float = 60) -> Address:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        address = live_address(root / ".memstrata")
        if address is not None and address.pid == process.pid:
            return address
        if process.poll() is not None:
            raise AssertionError(f"serve exited {process.returncode}: {process.stderr.read()}")
        time.sleep(0.05)
    raise AssertionError("serve did not start")


def stop(process: subprocess.Popen) -> int:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return process.returncode


def wait_idle(root: Path, timeout: float = 30) -> None:
    """Wait until the background embedder has embedded everything (pending 0)."""
    import sqlite3

    deadline = time.monotonic() + timeout
    db = root / ".memstrata" / "index.sqlite"
    while time.monotonic() < deadline:
        try:
            conn = sqlite3.connect(db)
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
            conn.close()
            if meta.get("embedded_generation") == meta.get("generation"):
                return
        except sqlite3.Error:
            pass
        time.sleep(0.05)
    raise AssertionError("the backlog was not embedded in time")
