"""The review page in-process (Starlette's test client), for safety tests that need its answers
(status codes, refusals) but not a browser or a real service process."""

from __future__ import annotations

from typing import Any

from memstrata.core.permissions import Session
from memstrata.core.workspace import Workspace

PORT = 8765


def review_client(ws: Workspace, kind: str = "main", agent: str | None = None) -> Any:
    """A client of the review page whose requests carry a token of ``kind`` (none for main:
    the loopback owner)."""
    from starlette.testclient import TestClient

    from memstrata.adapters.web.app import build_app
    from memstrata.serve.process import Service
    from memstrata.serve.tokens import add_token

    service = Service(workspaces=[ws], host="127.0.0.1", port=PORT)
    headers = {}
    if kind != "main":
        _record, token = add_token(ws, f"t-{kind}", kind, agent, Session())
        headers["Authorization"] = f"Bearer {token}"
    return TestClient(
        build_app(service),
        base_url=f"http://127.0.0.1:{PORT}",
        headers=headers,
        raise_server_exceptions=False,
        follow_redirects=False,
    )
