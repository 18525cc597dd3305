"""The Starlette application ``memstrata serve`` runs.

Who a request is comes from its credentials, never from its content:

* ``X-Memstrata-Secret`` (the secret in the owner-only address file): the owner's thin client;
  only this may use ``/api/run``, which runs a CLI call or a hook as the caller would.
* A token (``Authorization: Bearer``, or ``?token=`` once in a browser, then a cookie): the
  session kind and agent stored with it (``memstrata token add``).
* Nothing, on loopback only: the owner's main session, as ``memstrata mcp --transport http``.
  Beyond loopback every request needs a token.

Host and Origin are checked on every request (DNS rebinding, cross-site forms). Everything the
page changes goes through the same functions, writer and permission table as the CLI.
"""

from __future__ import annotations

import contextlib
import hmac
import os
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import quote, urlencode

import anyio
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from memstrata.adapters.web import pages
from memstrata.adapters.web.labels import LABELS
from memstrata.core.permissions import Session, check_operation
from memstrata.core.workspace import Workspace
from memstrata.errors import MemstrataError
from memstrata.serve.process import Service
from memstrata.serve.tokens import load_tokens, verify

COOKIE = "memstrata_token"


class Denied(Exception):
    def __init__(self, status: int, message: str):
        self.status, self.message = status, message


def _env() -> Environment:
    env = Environment(
        loader=PackageLoader("memstrata.adapters.web", "templates"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["urlq"] = lambda value: quote(str(value), safe="")
    return env


class Guard:
    """Host/Origin checks for every request, before anything else runs."""

    def __init__(self, app: ASGIApp, service: Service):
        self.app = app
        self.service = service

    def allowed_hosts(self) -> set[str]:
        port = self.service.port
        hosts = {f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"}
        bound = self.service.host
        hosts.add(f"[{bound}]:{port}" if ":" in bound else f"{bound}:{port}")
        return hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        hosts = self.allowed_hosts()
        origin = headers.get("origin")
        if headers.get("host", "") not in hosts:
            response: Response = PlainTextResponse("unknown Host", status_code=421)
        elif origin is not None and origin.removeprefix("http://") not in hosts:
            response = PlainTextResponse("cross-origin request refused", status_code=403)
        else:
            await self.app(scope, receive, send)
            return
        await response(scope, receive, send)


class McpHub:
    """One MCP server per (workspace, session kind, agent, token name), built when first asked
    for; the session is the caller's credentials', fixed in the server as ``memstrata mcp``
    fixes it, and the token's name is the caller's identity for request ids (two tokens of one
    session kind must not share them: docs/design.md §10)."""

    def __init__(self, service: Service):
        self.service = service
        self.apps: dict[tuple[int, str, str | None, str | None], ASGIApp] = {}
        self.group: Any = None
        self.lock = anyio.Lock()

    async def app_for(self, index: int, session: Session, token: str | None) -> ASGIApp:
        from mcp.server.transport_security import TransportSecuritySettings

        from memstrata.adapters.mcp.server import build_server

        key = (index, session.kind, session.agent, token)
        async with self.lock:
            if key not in self.apps:
                server = build_server(str(self.service.workspaces[index].root), session, token)
                app = server.streamable_http_app(
                    streamable_http_path="/mcp",
                    # Host and Origin are checked by Guard for every route, MCP included.
                    transport_security=TransportSecuritySettings(
                        enable_dns_rebinding_protection=False
                    ),
                )
                ready = anyio.Event()
                self.group.start_soon(self._hold, server.session_manager, ready)
                await ready.wait()
                self.apps[key] = app
            return self.apps[key]

    @staticmethod
    async def _hold(manager: Any, ready: anyio.Event) -> None:
        async with manager.run():
            ready.set()
            await anyio.sleep_forever()


class Site:
    """The routes; one instance per service."""

    def __init__(self, service: Service):
        self.service = service
        self.templates = _env()
        self.mcp = McpHub(service)

    # ------------------------------------------------------------------ who
    def workspace(self, request: Request) -> tuple[int, Workspace]:
        raw = request.query_params.get("ws") or request.path_params.get("ws") or "0"
        try:
            index = int(raw)
            root = self.service.workspaces[index].root
        except (ValueError, IndexError):
            raise Denied(404, "no such workspace") from None
        return index, Workspace.open(root)

    def session(self, request: Request, ws: Workspace) -> Session:
        return self.caller(request, ws)[0]

    def caller(self, request: Request, ws: Workspace) -> tuple[Session, str | None]:
        """The request's session and the name of the token it came with (None: no token)."""
        token = ""
        header = request.headers.get("authorization", "")
        if header.lower().startswith("bearer "):
            token = header[7:].strip()
        token = token or request.query_params.get("token", "") or request.cookies.get(COOKIE, "")
        if token:
            record = verify(load_tokens(ws), token)
            if record is None:
                raise Denied(401, "unknown token")
            return record.as_session, record.name
        if self.service.loopback:
            return Session(), None
        raise Denied(401, "a token is required (memstrata token add)")

    def owner_call(self, request: Request, body_secret: str) -> None:
        if not hmac.compare_digest(body_secret, self.service.secret):
            raise Denied(403, "forwarding needs the local secret")

    # ------------------------------------------------------------------ rendering
    def render(
        self,
        request: Request,
        name: str,
        ws_index: int,
        ws: Workspace,
        session: Session,
        **data: Any,
    ) -> Response:
        lang = "zh" if ws.lang == "zh" else "en"
        names = [w.root.name for w in self.service.workspaces]
        html = self.templates.get_template(name).render(
            t=LABELS[lang],
            lang=lang,
            ws=ws,
            ws_index=ws_index,
            workspaces=names,
            session=session,
            can=lambda op: pages.allowed(op, session),
            message=request.query_params.get("msg", ""),
            error=request.query_params.get("err", ""),
            page=request.url.path,
            **data,
        )
        response: Response = HTMLResponse(html)
        token = request.query_params.get("token")
        if token:  # remember a token given once in the address bar, never in later URLs
            response = RedirectResponse(_without_token(request), status_code=303)
            response.set_cookie(COOKIE, token, httponly=True, samesite="strict")
        return response

    async def page(self, request: Request, name: str, build: Any) -> Response:
        try:
            index, ws = self.workspace(request)
            session = self.session(request, ws)
            data = await anyio.to_thread.run_sync(build, ws, session)
            return self.render(request, name, index, ws, session, **data)
        except Denied as exc:
            return PlainTextResponse(exc.message, status_code=exc.status)
        except MemstrataError as exc:
            return PlainTextResponse(str(exc), status_code=400)

    # ------------------------------------------------------------------ pages
    async def home(self, request: Request) -> Response:
        return await self.page(request, "overview.html", lambda ws, s: pages.overview(ws, s))

    async def memory(self, request: Request) -> Response:
        return await self.page(request, "memory.html", lambda ws, s: pages.memory(ws, s))

    async def stats(self, request: Request) -> Response:
        return await self.page(
            request, "stats.html", lambda ws, s: pages.statistics(ws, s, ws.lang == "zh")
        )

    async def health(self, request: Request) -> Response:
        return await self.page(request, "health.html", lambda ws, s: pages.health(ws, s))

    async def file(self, request: Request) -> Response:
        path = request.query_params.get("path", "")
        start = _int(request.query_params.get("line"))
        end = _int(request.query_params.get("end"))
        return await self.page(
            request, "file.html", lambda ws, s: pages.file_view(ws, s, path, start, end)
        )

    async def search(self, request: Request) -> Response:
        query = request.query_params.get("q", "").strip()

        def build(ws: Workspace, session: Session) -> dict[str, Any]:
            if not query:
                return {"query": "", "result": None}
            result = self.run_search(ws, session, query, 10)
            for hit in result.get("results", []):
                hit["lines"] = pages.cited_lines(ws, session, hit)
            return {"query": query, "result": result}

        return await self.page(request, "search.html", build)

    def run_search(self, ws: Workspace, session: Session, query: str, k: int) -> dict[str, Any]:
        """``memstrata search --json`` in a forked worker: the warm model and matrix, the same
        filters and the same JSON as the CLI."""
        import base64
        import json

        argv = ["-w", str(ws.root), "--session", session.kind]
        if session.agent:
            argv += ["--agent", session.agent]
        argv += ["search", query, "--json", "-k", str(k)]
        answer = self.service.run_call(
            {"kind": "cli", "argv": argv, "cwd": str(ws.root), "env": dict(os.environ)}
        )
        if answer["code"] != 0:
            raise MemstrataError(
                base64.b64decode(answer["stderr"]).decode("utf-8", "replace").strip()
            )
        return dict(json.loads(base64.b64decode(answer["stdout"])))

    # ------------------------------------------------------------------ actions
    async def act(self, request: Request, action: Any) -> Response:
        """Run a change in a thread, then go back to the page with a message."""
        back = request.headers.get("referer") or "/"
        try:
            _index, ws = self.workspace(request)
            session = self.session(request, ws)
            form = await request.form()
            message = await anyio.to_thread.run_sync(action, ws, session, form)
            if self.service.fork is not None:
                self.service.fork.sync()
            return RedirectResponse(_with(back, msg=message), status_code=303)
        except Denied as exc:
            return PlainTextResponse(exc.message, status_code=exc.status)
        except MemstrataError as exc:
            return RedirectResponse(_with(back, err=str(exc)), status_code=303)

    async def approve(self, request: Request) -> Response:
        number = _int(request.path_params["n"])

        def run(ws: Workspace, session: Session, form: Any) -> str:
            from memstrata.evolve.approve import approve
            from memstrata.serve.decisions import edit_proposal, expect

            writer = ws.writer(session)
            shown = _shown_key(form)
            edited = form.get("text")
            if edited is not None:
                edit_proposal(writer, number, str(edited), shown)
            else:
                expect(writer, number, shown)
            result = approve(writer, str(number))
            done = " ".join(f"{item.get('cite', '')}" for item in result.applied)
            if result.failed:  # shown as the page's error line, not a server error
                raise MemstrataError(
                    "; ".join(f"[{item['number']}] {item['error']}" for item in result.failed)
                )
            return done or result.understood

        return await self.act(request, run)

    async def skip(self, request: Request) -> Response:
        number = _int(request.path_params["n"])

        def run(ws: Workspace, session: Session, form: Any) -> str:
            from memstrata.serve.decisions import skip_proposal

            skipped = skip_proposal(ws.writer(session), number, _shown_key(form))
            return f"skipped: {skipped.summary[:60]}"

        return await self.act(request, run)

    async def fix(self, request: Request) -> Response:
        def run(ws: Workspace, session: Session, form: Any) -> str:
            check = str(form.get("check", ""))
            if check == "index":
                check_operation("doctor", session)
                return "index: background sync started"
            return "fixed: " + pages.apply_fix(ws, session, check, str(form.get("where", "")))

        return await self.act(request, run)

    # ------------------------------------------------------------------ API
    async def api_health(self, request: Request) -> Response:
        try:
            _index, ws = self.workspace(request)
            self.session(request, ws)
        except Denied as exc:
            return JSONResponse({"error": exc.message}, status_code=exc.status)
        return JSONResponse(
            {
                "ok": True,
                "pid": os.getpid(),
                "url": self.service.url,
                "workspaces": [str(w.root) for w in self.service.workspaces],
                "fork_server": bool(self.service.fork and self.service.fork.alive()),
            }
        )

    async def api_search(self, request: Request) -> Response:
        try:
            _index, ws = self.workspace(request)
            session = self.session(request, ws)
            query = request.query_params.get("q", "")
            k = _int(request.query_params.get("k")) or 8
            result = await anyio.to_thread.run_sync(self.run_search, ws, session, query, k)
        except Denied as exc:
            return JSONResponse({"error": exc.message}, status_code=exc.status)
        except MemstrataError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        return JSONResponse(result)

    async def api_run(self, request: Request) -> Response:
        try:
            self.owner_call(request, request.headers.get("x-memstrata-secret", ""))
        except Denied as exc:
            return JSONResponse({"error": exc.message}, status_code=exc.status)
        body = await request.json()
        if body.get("kind") == "cli":
            from memstrata.serve.client import FORWARDED, command_of

            if command_of(list(body.get("argv", [])))[0] not in FORWARDED:
                return JSONResponse({"error": "not a forwarded command"}, status_code=400)
        try:
            answer = await anyio.to_thread.run_sync(self.service.run_call, body)
        except ConnectionError as exc:
            return JSONResponse({"error": str(exc)}, status_code=503)
        return JSONResponse(answer)

    async def mcp_endpoint(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        try:
            index, ws = self.workspace(request)
            session, token = self.caller(request, ws)
            check_operation("mcp", session)
        except (Denied, MemstrataError) as exc:
            status = exc.status if isinstance(exc, Denied) else 403
            await PlainTextResponse(getattr(exc, "message", str(exc)), status_code=status)(
                scope, receive, send
            )
            return
        app = await self.mcp.app_for(index, session, token)
        await app({**scope, "path": "/mcp", "raw_path": b"/mcp"}, receive, send)


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def _with(url: str, **params: str) -> str:
    base = url.split("?", 1)
    keep = [
        p
        for p in (base[1].split("&") if len(base) > 1 else [])
        if p.split("=")[0] not in ("msg", "err")
    ]
    query = "&".join([*keep, urlencode({k: v[:300] for k, v in params.items()})])
    return f"{base[0]}?{query}"


def _without_token(request: Request) -> str:
    params = [(k, v) for k, v in request.query_params.multi_items() if k != "token"]
    return request.url.path + (f"?{urlencode(params)}" if params else "")


class _McpRoute:
    """An ASGI endpoint (not a request/response function), so MCP streams pass through."""

    def __init__(self, site: Site):
        self.site = site

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.site.mcp_endpoint(scope, receive, send)


def _warm(service: Service) -> None:
    """Before the first request: what the first MCP call and search would otherwise import
    and build while an agent waits (a second, on a busy machine: the first write another
    agent looked for on a fresh replica took that long to be found). Tools run here, in the
    HTTP process; the fork server warms its own state (serve/background.py)."""
    from memstrata.adapters.mcp.server import build_server
    from memstrata.recall.search import search

    for ws in service.workspaces:
        try:
            build_server(str(ws.root), Session())
            search(Workspace.open(ws.root), "warm up", k=1)
        except Exception as exc:  # only a head start: the first call will say what is wrong
            service.log(f"warm-up of {ws.root}: {type(exc).__name__}: {exc}")


def build_app(service: Service) -> ASGIApp:
    site = Site(service)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        # Tool calls (and forwarded CLI calls) run in anyio's worker threads: [serve] threads.
        threads = max(ws.config.serve.threads for ws in service.workspaces)
        anyio.to_thread.current_default_thread_limiter().total_tokens = max(1, threads)
        await anyio.to_thread.run_sync(_warm, service)
        async with anyio.create_task_group() as group:
            site.mcp.group = group
            yield
            group.cancel_scope.cancel()

    mcp = _McpRoute(site)
    routes = [
        Route("/", site.home),
        Route("/memory", site.memory),
        Route("/stats", site.stats),
        Route("/health", site.health),
        Route("/file", site.file),
        Route("/search", site.search),
        Route("/proposals/{n}/approve", site.approve, methods=["POST"]),
        Route("/proposals/{n}/skip", site.skip, methods=["POST"]),
        Route("/doctor/fix", site.fix, methods=["POST"]),
        Route("/api/health", site.api_health),
        Route("/api/search", site.api_search),
        Route("/api/run", site.api_run, methods=["POST"]),
        Route("/mcp", mcp, methods=["GET", "POST", "DELETE"]),
        Route("/w/{ws}/mcp", mcp, methods=["GET", "POST", "DELETE"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    return Guard(app, service)


def _shown_key(form: Any) -> str | None:
    """The proposal a page's form was drawn for (its ``proposal_key``); None from a client
    that sends none (the number alone, as ``memstrata approve N``)."""
    key = form.get("key")
    return str(key) if key is not None else None
