"""A team on two machines, in one test: one PostgreSQL database, two ``memstrata serve``
replicas (separate processes), each with its own local folder and memstrata.toml naming the
same DSN variable and the same team workspace, as two machines would have; agents talk to them
over MCP streamable HTTP with the official ``mcp`` client and a token each.

The replicas bind 0.0.0.0 (not loopback), so the service requires a token on every request;
the clients still connect through 127.0.0.1, which the Host check accepts.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.serving import cli, start, stop, wait_live

# Beyond loopback: tokens required (serve/process.py check_tokens; adapters/web/app.py).
HOST = "0.0.0.0"
CALL_TIMEOUT_S = 30.0


@dataclass(frozen=True)
class Member:
    """One agent of the team: its token's name, session kind and agent name."""

    name: str
    kind: str
    replica: int  # which replica it talks to first (0 or 1)


@dataclass
class Team:
    roots: list[Path]  # replica i's local folder
    dsn: str
    tokens: dict[str, str] = field(default_factory=dict)

    def env(self) -> dict[str, str]:
        return {"MEMSTRATA_DSN": self.dsn}


def make_team(tmp_path: Path, dsn: str, members: list[Member], preset: str = "default") -> Team:
    """``init`` on the first machine, the same memstrata.toml on the second, a token each."""
    first, second = tmp_path / "machine-a" / "team", tmp_path / "machine-b" / "team"
    made = cli(
        "init", str(first), "--team", "--backend", "postgres", "--preset", preset,
        service=False, MEMSTRATA_DSN=dsn,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    second.mkdir(parents=True)
    shutil.copy(first / "memstrata.toml", second / "memstrata.toml")
    team = Team([first, second], dsn)
    for member in members:
        added = cli(
            "-w", str(first), "token", "add", member.name, "--session", member.kind,
            "--agent", member.name, service=False, MEMSTRATA_DSN=dsn,
        )  # fmt: skip
        assert added.returncode == 0, added.stderr
        team.tokens[member.name] = added.stdout.strip()
    return team


@dataclass
class Replica:
    process: Any
    url: str  # the MCP endpoint, through loopback


def start_replica(team: Team, index: int) -> Replica:
    root = team.roots[index]
    process = start(root, "--host", HOST, **team.env())
    address = wait_live(root, process)
    return Replica(process, f"http://127.0.0.1:{address.host_port[1]}/mcp")


@contextmanager
def replicas(team: Team) -> Iterator[list[Replica]]:
    """Both replicas, started together and stopped (SIGTERM) at the end."""
    processes = [start(root, "--host", HOST, **team.env()) for root in team.roots]
    try:
        running = []
        for root, process in zip(team.roots, processes, strict=True):
            address = wait_live(root, process)
            running.append(Replica(process, f"http://127.0.0.1:{address.host_port[1]}/mcp"))
        yield running
    finally:
        for process in processes:
            stop(process)


@asynccontextmanager
async def mcp_session(url: str, token: str) -> AsyncIterator[Any]:
    """An initialised MCP client session to ``url`` as the token's agent."""
    import httpx2
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    headers = {"Authorization": f"Bearer {token}"}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=CALL_TIMEOUT_S) as client,
        streamable_http_client(url, http_client=client) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        yield session


def payload(result: Any) -> Any:
    """A tool result's structured answer, or its error text."""
    if result.is_error:
        return result.content[0].text
    data = result.structured_content
    if data is None:
        return json.loads(result.content[0].text)
    return data.get("result", data) if set(data) == {"result"} else data


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def wait_until(predicate: Any, timeout: float, step: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return False
