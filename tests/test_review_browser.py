"""The review page in a real browser (Debian's Chromium driven by Playwright's Python package;
``.ci/run`` installs both, so CI fails rather than skips when they are missing).

A seeded workspace with three proposals is served; in the page we approve one card, skip one,
edit-and-approve one, search and expand a hit, open the statistics; a twin workspace gets the
same decisions through the CLI, and the Markdown files must end up byte for byte the same.
Screenshots of every page go to ``$MEMSTRATA_ARTIFACTS`` (default: test-artifacts/).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from serving import cli, seed, served, wait_idle

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(
    os.environ.get("MEMSTRATA_ARTIFACTS", Path(__file__).parents[1] / "test-artifacts")
)
EDITED = "部署依赖一律用 pnpm install，不要用 npm"


def _browser_or_skip():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip("playwright not installed (.ci/run installs it)")
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            raise AssertionError(f"{CHROMIUM} missing: .ci/run installs Debian's chromium")
        pytest.skip("chromium not installed (.ci/run installs it)")
    return sync_playwright


def _markdown(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*.md"))
        if ".memstrata" not in p.parts
    }


def _number_of(root: Path, cid: str) -> int:
    state = json.loads((root / ".memstrata" / "proposals.json").read_text(encoding="utf-8"))
    return next(p["number"] for p in state["proposals"] if p["cid"] == cid)


@pytest.fixture
def page(tmp_path):
    sync_playwright = _browser_or_skip()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    profile = tmp_path / "chromium-profile"
    with sync_playwright() as pw:
        # A fresh profile per test (Playwright passes it as --user-data-dir).
        context = pw.chromium.launch_persistent_context(
            str(profile),
            executable_path=CHROMIUM,
            args=FLAGS,
            viewport={"width": 1100, "height": 900},
            locale="zh-CN",
        )
        try:
            yield context.new_page()
        finally:
            context.close()
            shutil.rmtree(profile, ignore_errors=True)


def test_review_page_decisions_change_files_exactly_as_the_cli(tmp_path, page):
    web_root, cli_root = tmp_path / "web" / "ws", tmp_path / "cli" / "ws"
    for root in (web_root, cli_root):
        seed(root)
    assert _markdown(web_root) == _markdown(cli_root)
    with served(web_root) as (_process, address):
        base = address.url
        page.goto(base + "/")
        page.screenshot(path=str(ARTIFACTS / "review-overview.png"), full_page=True)
        cards = page.locator(".card[data-cid]")
        assert cards.count() == 3
        assert "进化请求" in page.content() and "候选池" in page.content()
        first, second, third = (cards.nth(i).get_attribute("data-cid") for i in range(3))
        # each card names the file and line it would land on
        assert "将写入" in cards.nth(0).inner_text()

        # 1. approve the first card
        page.locator(f'.card[data-cid="{first}"] button[name="approve"]').click()
        page.wait_for_selector("#message")
        cli(
            "-w", str(cli_root), "approve", str(_number_of(cli_root, first)), service=False
        ).check_returncode()
        # 2. skip the second (files untouched, as the CLI's skip leaves them)
        page.locator(f'.card[data-cid="{second}"] button[name="skip"]').click()
        page.wait_for_selector("#message")
        # 3. edit the third, then approve it
        card = page.locator(f'.card[data-cid="{third}"]')
        card.locator("summary").click()
        card.locator("textarea").fill(EDITED)
        card.locator('button[name="edit-approve"]').click()
        page.wait_for_selector("#message")
        cli("-w", str(cli_root), "approve", str(_number_of(cli_root, third)), "--edit", EDITED,
            service=False).check_returncode()  # fmt: skip
        page.screenshot(path=str(ARTIFACTS / "review-after-decisions.png"), full_page=True)
        assert page.locator(".card[data-cid]").count() == 0
        assert _markdown(web_root) == _markdown(cli_root)
        assert EDITED in "".join(p.read_text(encoding="utf-8") for p in web_root.rglob("*.md"))

        # search, expand a hit, follow it to the file view
        wait_idle(web_root)
        page.goto(base + "/search")
        page.fill('input[name="q"]', "网关端口")
        page.keyboard.press("Enter")
        page.wait_for_selector(".hit")
        hit = page.locator(".hit").first
        hit.locator("summary").click()
        assert hit.locator("pre.file").is_visible()
        assert "📍" in hit.inner_text()
        page.screenshot(path=str(ARTIFACTS / "review-search.png"), full_page=True)
        hit.get_by_text("打开文件").click()
        page.wait_for_selector("pre.file .hl")
        page.screenshot(path=str(ARTIFACTS / "review-file.png"), full_page=True)

        # a hand edit leaves MEMORY.md's line-index header stale: the page's Fix button
        # refreshes it as `doctor --fix` does
        for root in (web_root, cli_root):
            with (root / "MEMORY.md").open("a", encoding="utf-8") as handle:
                handle.write("\n## 手动添加的章节\n- 一条手写的记录\n")
        page.goto(base + "/health")
        page.locator("form:has(input[value='headers']) button").click()
        page.wait_for_selector("#message")
        cli("-w", str(cli_root), "doctor", "--fix", service=False)
        assert _markdown(web_root) == _markdown(cli_root)
        assert "line-index header" not in page.content()

        for name, path, marker in (
            ("stats", "/stats", "svg"),
            ("memory", "/memory", "原则（L1）"),
            ("health", "/health", "最近的进化日志"),
        ):
            page.goto(base + path)
            assert marker in page.content(), name
            page.screenshot(path=str(ARTIFACTS / f"review-{name}.png"), full_page=True)
        page.goto(base + "/stats")
        assert page.locator("svg").count() >= 3
        log = page.goto(base + "/health")
        assert log is not None and log.ok
        assert EDITED[:8] in page.content()  # the approval is in the evolution log


def test_a_shared_token_in_the_browser_sees_no_private_text(tmp_path, page):
    root = tmp_path / "ws"
    seed(root)
    cli("-w", str(root), "remember", "I prefer oolong, a private detail", service=False)
    token = cli(
        "-w", str(root), "token", "add", "guest", "--session", "shared", service=False
    ).stdout.strip()
    with served(root) as (_process, address):
        page.goto(f"{address.url}/?token={token}")
        assert "token=" not in page.url  # kept in an HttpOnly cookie, not in the address bar
        for path in ("/", "/memory", "/stats", "/health", "/search?q=oolong"):
            page.goto(address.url + path)
            text = page.content()
            assert "private detail" not in text and "pnpm 而不是 npm" not in text, path
        page.screenshot(path=str(ARTIFACTS / "review-shared-token.png"), full_page=True)
        assert "shared" in page.locator("header").inner_text()
