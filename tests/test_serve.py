"""``memstrata serve``: one process per workspace, forwarding with fallback, same outputs,
clean shutdown, stale address files, tokens, Host/Origin checks."""

from __future__ import annotations

import json
import os
import re
import signal
import time
import urllib.request
from pathlib import Path

from serving import cli, seed, served, start, wait_idle, wait_live

from memstrata.serve.address import ADDRESS_FILE, live_address, read_address, stale_address

# Every forwarded command, in an order that exercises the learning loop end to end.
SUITE = [
    ("status",),
    ("status", "--json"),
    ("remember", "记住：提供商名不要用 qwen，会触发内置插件劫持"),
    ("remember", "I prefer short answers"),
    ("log", "修复了登录超时", "--agent", "coder"),
    ("lesson", "npm install 失败", "--fix", "改用 pnpm install", "--severity", "P1"),
    ("project", "memstrata", "--status", "进行中", "--progress", "基础层完成"),
    ("infra", "gateway-prod", "--fact", "port=8443"),
    ("search", "网关端口"),
    ("search", "qwen 插件", "--json"),
    ("search", "登录", "--session", "shared", "--json"),
    ("get", "MEMORY.md:1-5"),
    ("context", "--budget", "800"),
    ("context", "--session", "shared", "--json"),
    ("warnings", "配置新的模型提供商"),
    ("principles",),
    ("patterns", "端口"),
    ("signal", "不对，应该用 pnpm。记住以后都用 pnpm", "--json"),
    ("signal", "I prefer tea", "--dry-run"),
    ("heartbeat", "--force"),
    ("candidates",),
    ("candidates", "--json"),
    ("approve", "1"),
    ("approve", "跳过"),
    ("cite", "P001", "--context", "用户问提供商配置", "--session-id", "s1"),
    ("cite", "--flush", "--session-id", "s1"),
    ("stats",),
    ("cleanup", "--json"),
    ("@index",),  # the service keeps the index fresh; a plain workspace needs `index` first
    ("doctor",),
    ("handoff",),
    ("consolidate", "--dry-run"),
    ("skill", "list"),
    ("search", "x", "-k", "0"),
    ("get", "../etc/passwd"),
    ("remember", "x", "--session", "shared", "--agent", "bad name!"),
    ("approve", "7"),
]


def _same(text: str, root: Path) -> str:
    """The output with the workspace path and file times (status's last update) blanked."""
    return _MTIME.sub("<mtime>", text.replace(str(root), "<ws>"))


_MTIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}")


def _tree(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".memstrata" not in p.parts
    }


def test_cli_suite_gives_the_same_output_and_files_with_and_without_the_service(tmp_path):
    """The acceptance test of 'same outputs either way': every forwarded command runs on two
    identical workspaces, one served and one not; stdout, stderr, exit codes and the files
    written are compared (the workspace path is the only difference)."""
    plain, warm = tmp_path / "plain" / "ws", tmp_path / "warm" / "ws"  # same name: handoff shows it
    for root in (plain, warm):
        cli("init", str(root), service=False).check_returncode()
    with served(warm) as (_process, address):
        for args in SUITE:
            if args == ("@index",):
                for root in (plain, warm):
                    cli("-w", str(root), "index", service=False).check_returncode()
                continue
            direct = cli("-w", str(plain), *args, service=False)
            wait_idle(warm)  # like a person typing: the backlog of the last write is embedded
            through = cli("-w", str(warm), *args)
            assert live_address(warm / ".memstrata") == address  # still the same service
            for name in ("returncode", "stdout", "stderr"):
                ours = _same(str(getattr(through, name)), warm)
                theirs = _same(str(getattr(direct, name)), plain)
                assert ours == theirs, f"{args}: {name} differs"
        log = (warm / ".memstrata" / "serve.log").read_text(encoding="utf-8")
    assert _tree(plain) == _tree(warm)
    assert "serving" in log and "stopped" in (warm / ".memstrata" / "serve.log").read_text()


def test_calls_really_go_through_the_service(tmp_path):
    """The suite above proves nothing if nothing was forwarded: a call made while the
    service runs is answered by a worker forked from it (its pid is not the caller's)."""
    root = tmp_path / "ws"
    cli("init", str(root), service=False).check_returncode()
    with served(root) as (process, _address):
        before = set(_children(process.pid))
        result = cli("-w", str(root), "status", "--json")
        assert result.returncode == 0
        log = (root / ".memstrata" / "serve.log").read_text()
        assert "warm:" in log
    assert before  # the fork server is a child of the service


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(x) for x in path.read_text().split()] if path.exists() else []


def test_hooks_answer_the_same_through_the_service(tmp_path):
    roots = [tmp_path / "a", tmp_path / "b"]
    for root in roots:
        seed(root)
    payload = json.dumps(
        {"prompt": "配置新的模型提供商 qwen，记住以后都用 pnpm", "session_id": "s1"}
    )
    plain = cli("-w", str(roots[0]), "hook", "user-prompt-submit", stdin=payload, service=False)
    with served(roots[1]):
        warm = cli("-w", str(roots[1]), "hook", "user-prompt-submit", stdin=payload)
        log = (roots[1] / ".memstrata" / "hooks.log").read_text()
    assert warm.returncode == plain.returncode == 0
    assert warm.stdout == plain.stdout and "additionalContext" in warm.stdout
    assert "user-prompt-submit ok" in log
    assert _tree(roots[0]) == _tree(roots[1])


def test_second_serve_on_a_workspace_is_refused_with_the_first_address(tmp_path):
    root = tmp_path / "ws"
    cli("init", str(root), service=False).check_returncode()
    with served(root) as (_process, address):
        second = cli("-w", str(root), "serve", "--port", "0", service=False)
        daemon = cli("-w", str(root), "serve", "--daemon", service=False)
    for result in (second, daemon):
        assert result.returncode == 2
        assert f"already served at {address.url} (pid {address.pid})" in result.stderr


def test_sigterm_shuts_down_cleanly(tmp_path):
    root = tmp_path / "ws"
    cli("init", str(root), service=False).check_returncode()
    process = start(root)
    try:
        wait_live(root, process)
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:  # never leave a service behind, even when the test fails
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert not (root / ".memstrata" / ADDRESS_FILE).exists()
    assert (root / ".memstrata" / "serve.log").read_text().rstrip().endswith("stopped")
    status = cli("-w", str(root), "serve", "status", service=False)
    assert status.returncode == 3 and status.stdout.strip() == "not running"


def test_stale_address_file_is_detected_and_replaced(tmp_path):
    root = tmp_path / "ws"
    cli("init", str(root), service=False).check_returncode()
    process = start(root)
    address = wait_live(root, process)

    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    assert read_address(root / ".memstrata") == address  # left behind
    assert stale_address(root / ".memstrata") == address
    status = cli("-w", str(root), "serve", "status", service=False)
    assert status.returncode == 3
    assert f"stale address file left by pid {address.pid}" in status.stdout
    started = time.monotonic()
    result = cli("-w", str(root), "status")  # falls back at once, no timeout
    assert result.returncode == 0 and time.monotonic() - started < 10
    with served(root) as (_process, new):
        assert new.pid != address.pid
        assert (
            f"stale address file from pid {address.pid}"
            in (root / ".memstrata" / "serve.log").read_text()
        )


def test_tokens_store_only_hashes_and_beyond_loopback_needs_one(tmp_path):
    root = tmp_path / "ws"
    cli("init", str(root), service=False).check_returncode()
    refused = cli("-w", str(root), "serve", "--host", "0.0.0.0", "--port", "0", service=False)
    assert refused.returncode == 2 and "needs a token" in refused.stderr
    made = cli("-w", str(root), "token", "add", "phone", "--session", "shared", service=False)
    assert made.returncode == 0
    token = made.stdout.strip()
    assert token.startswith("mst_") and len(token) > 40
    stored = (root / ".memstrata" / "tokens.json").read_text()
    assert token not in stored and '"session": "shared"' in stored
    assert (root / ".memstrata" / "tokens.json").stat().st_mode & 0o077 == 0
    again = cli("-w", str(root), "token", "add", "phone", "--session", "main", service=False)
    assert again.returncode == 2
    shared = cli("-w", str(root), "--session", "shared", "token", "list", service=False)
    assert shared.returncode == 2 and "owner" in shared.stderr


def _get(url: str, headers: dict[str, str] | None = None, data: bytes | None = None):
    request = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8")


def test_a_shared_token_never_sees_private_text_and_requests_cannot_claim_a_session(tmp_path):
    root = tmp_path / "ws"
    seed(root)
    cli("-w", str(root), "remember", "I prefer green tea, my secret favourite", service=False)
    token = cli(
        "-w", str(root), "token", "add", "guest", "--session", "shared", service=False
    ).stdout.strip()
    with served(root) as (_process, address):
        base = address.url
        auth = {"Authorization": f"Bearer {token}"}
        status, body = _get(f"{base}/api/search?q=tea", auth)
        assert status == 200
        assert "USER.md" not in body and "secret favourite" not in body
        status, owner = _get(f"{base}/api/search?q=tea")  # loopback, no token: owner
        assert status == 200 and "secret favourite" in owner
        for page in ("/", "/memory", "/stats", "/health", "/search?q=tea"):
            status, html = _get(base + page, auth)
            assert status == 200, page
            assert "secret favourite" not in html and "CANDIDATES" not in html, page
        status, html = _get(f"{base}/file?path=USER.md", auth)
        assert status == 400 and "secret favourite" not in html
        # a token cannot be upgraded by the request: the session option is ignored
        status, body = _get(f"{base}/api/search?q=tea&session=main", auth)
        assert "secret favourite" not in body
        status, _ = _get(f"{base}/api/search?q=x", {"Authorization": "Bearer mst_wrong"})
        assert status == 401
        # forwarding needs the local secret, not a token
        status, _ = _get(f"{base}/api/run", auth, data=b'{"kind":"cli","argv":["status"]}')
        assert status == 403
        status, _ = _get(f"{base}/", {"Host": "attacker.example:80"})
        assert status == 421
        status, _ = _get(f"{base}/proposals/1/skip", {"Origin": "http://attacker.example"}, b"")
        assert status == 403


def test_mcp_over_the_service_takes_its_session_from_the_token(tmp_path):
    import anyio
    import httpx2
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    root = tmp_path / "ws"
    seed(root)
    cli("-w", str(root), "remember", "I prefer jasmine tea, a private habit", service=False)
    token = cli(
        "-w", str(root), "token", "add", "bot", "--session", "shared", service=False
    ).stdout.strip()

    async def search(url: str, headers: dict[str, str]) -> str:
        async with (
            httpx2.AsyncClient(headers=headers, timeout=60) as client,
            streamable_http_client(url, http_client=client) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            tools = await session.list_tools()
            assert any(tool.name == "memory_search" for tool in tools.tools)
            result = await session.call_tool("memory_search", {"query": "jasmine tea"})
            return json.dumps(result.structured_content, ensure_ascii=False)

    with served(root) as (_process, address):
        owner = anyio.run(search, f"{address.url}/mcp", {})
        shared = anyio.run(search, f"{address.url}/mcp", {"Authorization": f"Bearer {token}"})
    assert "private habit" in owner
    assert "private habit" not in shared and "USER.md" not in shared


def test_two_tokens_of_one_session_kind_do_not_share_request_ids(tmp_path):
    """F1 through the service: two shared tokens without an agent, each writing with request
    id "1". Both were ``shared::``: B got A's answer and B's text was lost."""
    import anyio
    import httpx2
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    root = tmp_path / "ws"
    seed(root)
    tokens = [
        cli(
            "-w", str(root), "token", "add", name, "--session", "shared", service=False
        ).stdout.strip()
        for name in ("phone", "laptop")
    ]

    async def write(url: str, token: str, text: str) -> dict[str, object]:
        async with (
            httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=60) as client,
            streamable_http_client(url, http_client=client) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            arguments = {"kind": "log", "text": text, "title": text, "request_id": "1"}
            result = await session.call_tool("memory_write", arguments)
            assert not result.is_error, result.content
            return dict(result.structured_content or {})

    with served(root) as (_process, address):
        a = anyio.run(write, f"{address.url}/mcp", tokens[0], "phone-wrote-this")
        b = anyio.run(write, f"{address.url}/mcp", tokens[1], "laptop-wrote-this")
    assert a != b
    daily = "".join(p.read_text(encoding="utf-8") for p in (root / "memory").rglob("*.md"))
    assert "phone-wrote-this" in daily and "laptop-wrote-this" in daily


def test_one_process_serves_several_workspaces(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    for root in (first, second):
        cli("init", str(root), service=False).check_returncode()
    with served(first, "--also", str(second)) as (process, address):
        # Each workspace's address file is published in turn: under load the second one may
        # land a moment after the first (a CLI call in between just runs in-process).
        assert wait_live(second, process) == address
        for root in (first, second):
            result = cli("-w", str(root), "remember", f"记住：{root.name} 的部署前必须先跑测试")
            assert result.returncode == 0 and "principles.md" in result.stdout
        status, body = _get(f"{address.url}/api/health?ws=1")
        assert status == 200 and str(second) in body and process.pid == json.loads(body)["pid"]
        assert _get(f"{address.url}/memory?ws=1")[0] == 200
        assert _get(f"{address.url}/memory?ws=2")[0] == 404
    assert live_address(second / ".memstrata") is None


def test_a_hook_starts_the_service_when_configured_and_never_waits(tmp_path):
    from memstrata.serve.address import wait_for

    root = tmp_path / "ws"
    cli("init", str(root), service=False).check_returncode()
    with (root / "memstrata.toml").open("a", encoding="utf-8") as handle:
        handle.write("\n[serve]\nport = 0\nautostart = true\n")
    payload = json.dumps({"session_id": "s1", "cwd": str(root)})
    started = time.monotonic()
    hook = cli("-w", str(root), "hook", "session-start", stdin=payload)
    assert hook.returncode == 0 and "additionalContext" in hook.stdout
    assert time.monotonic() - started < 20  # it did not wait for the model to load
    address = wait_for(root / ".memstrata", 60)
    assert address is not None
    try:
        again = cli("-w", str(root), "hook", "session-start", stdin=payload)
        assert again.stdout == hook.stdout  # now answered by the service, the same way
        log = (root / ".memstrata" / "hooks.log").read_text()
        assert log.count("started the service") == 1
    finally:
        stopped = cli("-w", str(root), "serve", "stop", service=False)
        assert stopped.returncode == 0 and f"pid {address.pid}" in stopped.stdout


def test_the_review_page_follows_the_workspace_language(tmp_path):
    pages = {}
    for lang in ("en", "zh"):
        root = tmp_path / lang
        cli("init", str(root), "--lang", lang, service=False).check_returncode()
        with served(root) as (_process, address):
            pages[lang] = [_get(address.url + path)[1] for path in ("/", "/stats", "/health")]
    assert "Proposals waiting for you" in pages["en"][0] and "Candidate pool" in pages["en"][0]
    assert "Entries per role vs limits" in pages["en"][1]
    assert "待批准的进化请求" in pages["zh"][0] and "候选池" in pages["zh"][0]
    assert "每个角色的用量与上限" in pages["zh"][1]
    assert all('lang="en"' in page for page in pages["en"])
    assert all('lang="zh-CN"' in page for page in pages["zh"])
