"""Tokens for the service: who a request is, decided by its token, never by the request.

``memstrata token add NAME --session shared --agent A`` prints a token once; only its SHA-256
is stored, in ``.memstrata/tokens.json`` (owner-readable only; a team store keeps that
document in PostgreSQL, shared by every replica). A token is 32 random bytes, so
a fast hash is enough: there is nothing to guess from it. Binding the service beyond loopback
requires at least one token, and then every request must carry one.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from contextlib import AbstractContextManager
from dataclasses import asdict, dataclass
from typing import cast

from memstrata.core.config import SESSION_KINDS, SessionKind
from memstrata.core.documents import FilesStore
from memstrata.core.permissions import Session, check_operation
from memstrata.core.storage import atomic_write_bytes, file_lock
from memstrata.core.workspace import STATE_DIR, Workspace
from memstrata.errors import MemstrataError
from memstrata.formats.tags import check_agent

TOKENS_FILE = "tokens.json"
PREFIX = "mst_"


@dataclass(frozen=True)
class TokenRecord:
    name: str
    session: str
    agent: str | None
    sha256: str
    created: str

    @property
    def as_session(self) -> Session:
        return Session(cast(SessionKind, self.session), self.agent)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _shared(ws: Workspace) -> bool:
    """A team store keeps the tokens with the documents, so every replica on every machine
    knows every agent; a files workspace keeps them in an owner-only file."""
    return not isinstance(ws.store, FilesStore)


def load_tokens(ws: Workspace) -> list[TokenRecord]:
    path = ws.state_dir / TOKENS_FILE
    if _shared(ws):
        raw = ws.store.read(f"{STATE_DIR}/{TOKENS_FILE}")
    else:
        raw = path.read_bytes() if path.exists() else None
    if raw is None:
        return []
    try:
        data = json.loads(raw.decode("utf-8"))
        return [TokenRecord(**item) for item in data.get("tokens", [])]
    except (ValueError, TypeError, AttributeError) as exc:
        raise MemstrataError(f"unreadable token store: {exc}", str(path)) from None


def _save(ws: Workspace, records: list[TokenRecord]) -> None:
    data = json.dumps({"tokens": [asdict(r) for r in records]}, ensure_ascii=False, indent=2)
    if _shared(ws):
        ws.store.replace(f"{STATE_DIR}/{TOKENS_FILE}", data.encode("utf-8"))
    else:
        atomic_write_bytes(ws.state_dir / TOKENS_FILE, data.encode("utf-8"), private=True)


def _tokens_lock(ws: Workspace) -> AbstractContextManager[None]:
    if _shared(ws):
        return ws.store.lock(f"{STATE_DIR}/{TOKENS_FILE}")
    return file_lock(ws.state_dir / "tokens.lock")


def add_token(
    ws: Workspace, name: str, session_kind: str, agent: str | None, actor: Session
) -> tuple[TokenRecord, str]:
    """Create a token; returns its record and the token itself (shown once, never stored)."""
    check_operation("token", actor)
    if session_kind not in SESSION_KINDS:
        raise MemstrataError(
            f"unknown session kind {session_kind!r}; use {', '.join(SESSION_KINDS)}"
        )
    if not name or len(name) > 64 or not name.replace("-", "").replace("_", "").isalnum():
        raise MemstrataError(f"token name {name[:70]!r} must be 1-64 letters, digits, - or _")
    if agent is not None:
        check_agent(agent)
    if session_kind == "subagent" and agent is None:
        raise MemstrataError("a subagent token must name its agent (--agent)")
    token = PREFIX + secrets.token_urlsafe(32)
    with _tokens_lock(ws):
        records = load_tokens(ws)
        if any(r.name == name for r in records):
            raise MemstrataError(f"a token named {name!r} exists; remove it first")
        record = TokenRecord(
            name, session_kind, agent, _hash(token), ws.now().isoformat(timespec="seconds")
        )
        _save(ws, [*records, record])
    return record, token


def remove_token(ws: Workspace, name: str, actor: Session) -> TokenRecord:
    check_operation("token", actor)
    with _tokens_lock(ws):
        records = load_tokens(ws)
        found = next((r for r in records if r.name == name), None)
        if found is None:
            raise MemstrataError(f"no token named {name!r}")
        _save(ws, [r for r in records if r.name != name])
    return found


def verify(records: list[TokenRecord], token: str) -> TokenRecord | None:
    """The record a presented token belongs to, compared in constant time."""
    digest = _hash(token)
    for record in records:
        if hmac.compare_digest(record.sha256, digest):
            return record
    return None
