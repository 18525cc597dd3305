"""The learning loop, a fourth round (main 25d589f), one test per failure:

1. "确认" replying to a card approved every open proposal, also those held back by the
   two-card limit that no person had seen;
2. "部署后必须跑冒烟测试" after "部署前必须跑测试" was taken for a repeat and never written;
3. openclaw's distillation proposed the agent's report of done work ("以后所有接口都加了鉴权") as
   a standing rule;
4. "PowerShell 删文件要用 Remove-Item，别用 rm", "别用 sudo 跑 npm" and "以后别用 sudo 跑 npm" were no
   signal;
5. a joke taken back ("永远不要相信 p-value 😂 开玩笑的，…": learning_sim4) became a principle.
"""

from __future__ import annotations

import pytest

from memstrata.adapters.hooks import handle as hook
from memstrata.evolve.approve import approve
from memstrata.evolve.heartbeat import heartbeat
from memstrata.evolve.polarity import opposed
from memstrata.evolve.proposals import load_state, proposals_from_state, save_state
from memstrata.evolve.triggers import handle, remember_once


def _open(ws) -> list[str]:
    return [p.summary for p in proposals_from_state(load_state(ws))]


def _written(ws) -> str:
    return "\n".join(ws.read_lines(ws.role_path("long_term")))


# ---------------------------------------------------------------- 1: 确认 takes the seen cards
def test_confirm_approves_only_what_a_card_showed(make_ws, cli) -> None:
    ws = make_ws("memory-manager")
    actions = [handle(ws.writer(), f"记住：规则 {n} 要遵守").action for n in (1, 2, 3)]
    assert actions == ["card", "card", "waiting"]
    result = approve(ws.writer(), "确认")
    assert result.unseen == [3] and len(result.applied) == 2
    assert "规则 3" not in _written(ws) and _open(ws) == ["规则 3 要遵守"]
    answer = cli("-w", str(ws.root), "approve", "确认")  # nothing shown is left: refused
    assert answer.code != 0 and "memstrata proposals" in answer.err, answer
    assert approve(ws.writer(), "全部").applied and "规则 3" in _written(ws)


def test_the_cli_says_which_proposals_no_card_showed(make_ws, cli) -> None:
    ws = make_ws("memory-manager")
    for n in (1, 2, 3):
        handle(ws.writer(), f"记住：规则 {n} 要遵守")
    out = cli("-w", str(ws.root), "approve", "yes").out
    assert "not on a card yet, kept: 3" in out
    listing = cli("-w", str(ws.root), "proposals").out
    assert "规则 3" in listing and '"全部"' in listing


def test_a_parked_card_counts_as_seen_once_a_session_shows_it(make_ws) -> None:
    ws = make_ws("memory-manager")
    for n in (1, 2):
        handle(ws.writer(), f"记住：规则 {n} 要遵守")
    hook("user-prompt-submit", {"session_id": "s1", "prompt": "记住：规则 3 要遵守"}, str(ws.root))
    state = load_state(ws)
    state["cards"]["s1"] = 2  # this session already saw its two cards
    save_state(ws, state)
    # Its Stop hook parks the card for the next session instead of showing it.
    assert hook("stop", {"session_id": "s1"}, str(ws.root)) is None
    assert "规则 3 要遵守" in _open(ws)
    assert approve(ws.writer(), "确认").unseen == [3]
    answer = hook("session-start", {"session_id": "s2"}, str(ws.root))
    assert answer and "规则 3" in answer["systemMessage"]
    result = approve(ws.writer(), "确认")
    assert [item["number"] for item in result.applied] == [3] and not result.unseen


def test_a_state_saved_before_cards_were_tracked_still_takes_confirm(make_ws) -> None:
    ws = make_ws("memory-manager")
    handle(ws.writer(), "记住：规则 1 要遵守")
    state = load_state(ws)
    for item in state["proposals"]:
        del item["shown"]
    save_state(ws, state)
    assert len(approve(ws.writer(), "确认").applied) == 1


# ---------------------------------------------------------------- 2: before / after an event
@pytest.mark.parametrize(
    ("first", "second", "opposite"),
    [
        ("部署前必须跑测试", "部署后必须跑冒烟测试", True),
        ("上线之前先备份数据库", "上线后要盯监控半小时", True),
        ("提交前跑 lint", "提交之前要跑 lint", False),
        ("以后都用 pnpm", "以前都用 pnpm", False),  # 以后 = from now on: no event
        ("前端用 React", "后端用 React", False),  # 前端 / 后端 are places (other checks decide)
        ("写完代码后再写测试", "先写代码再写测试", False),  # an order: the order check's
        # a tester's round on f94bd6b
        ("部署前必须跑测试", "部署以后必须跑测试", True),
        ("部署以前要截图", "部署后要截图", True),
        ("部署前进行冒烟测试", "部署后进行冒烟测试", True),
        ("发布前提交变更单", "发布后提交变更单", True),
        ("部署前必须跑测试", "部署完必须跑测试", True),
        ("切换分支后要重新安装依赖", "切到当前分支后要重新安装依赖", False),  # 当前 = current
        ("我们以后都用 pnpm", "以后都用 pnpm", False),
    ],
)
def test_before_and_after_an_event_are_two_rules(first, second, opposite) -> None:
    assert opposed(first, second) is opposite


@pytest.mark.integration
def test_a_rule_for_after_the_event_is_not_a_repeat_of_the_one_before(ws, monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    kept, _seen = remember_once(ws.writer(), "记住：部署前必须跑测试")
    placed, seen_again = remember_once(ws.writer(), "记住：部署后必须跑冒烟测试")
    assert not seen_again and placed.cite != kept.cite


# ---------------------------------------------------------------- 3: work done is no rule
def test_the_agents_report_of_done_work_is_not_distilled_as_a_rule(make_ws) -> None:
    ws = make_ws("openclaw")
    (ws.root / "memory").mkdir(exist_ok=True)
    (ws.root / "memory/2026-04-16.md").write_text(
        "# [2026-04-16]\n\n## 接口\n- 以后所有接口都加了鉴权\n"
        "- Added rate limits to the gateway; from now on every route is limited\n"
        "- 用户说以后都用 pnpm 装依赖\n",
        encoding="utf-8",
    )
    report = heartbeat(ws.writer(), force=True)
    distilled = [p.summary for p in report.proposals if p.kind == "distil"]
    assert len(distilled) == 1 and "pnpm" in distilled[0], distilled


# ---------------------------------------------------------------- 4: "don't use X"
@pytest.mark.integration
@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("PowerShell 删文件要用 Remove-Item，别用 rm", {"preference"}),
        ("别用 sudo 跑 npm", {"preference"}),
        ("装依赖别用 npm，用 pnpm", {"preference"}),
        ("Don't use sudo with npm", {"preference"}),
        ("README 里写着永远不要用 root 跑，这是为啥", set()),  # a question about a quote
        ("写个函数判断 perfect square，不许用 sqrt", set()),  # a task's constraint
        ("Why shouldn't we use sudo?", set()),
        # a tester's round on f94bd6b: not the user's own standing wish
        ("Don't use this for production", set()),
        ("他说别用 root 登录", set()),
        ("这个任务里别用 numpy，手写实现", set()),
        ("这一题不要用 sqrt", set()),
        ("Don't use it yet, I'm still fixing it", set()),
        ("I told him: don't use sudo", set()),
        ("The README says: don't use eval.", set()),
        ("他以后别再迟到就行", set()),  # someone else's habit
        ("她以后都用 Mac 写代码", set()),
    ],
)
def test_dont_use_a_tool_is_a_preference(learned_kinds, text, kinds) -> None:
    assert learned_kinds(text) == kinds


@pytest.mark.integration
def test_a_standing_dont_use_is_a_rule(learned_kinds) -> None:
    """A standing rule: explicit_remember, with (as the labelling guide says a rule usually is)
    or without the preference it keeps (signal round 10 adds it); never a correction."""
    kinds = learned_kinds("以后别用 sudo 跑 npm")
    assert "explicit_remember" in kinds and kinds <= {"explicit_remember", "preference"}


# ---------------------------------------------------------------- 5: a joke taken back
@pytest.mark.integration
@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("永远不要相信 p-value 😂 开玩笑的，帮我把这个 A/B 的显著性算一下", set()),
        ("Always use tabs. Just kidding, spaces are fine", set()),
        ("记住：周五下午全员放假。逗你的", set()),
        ("以后都用 pnpm，不是开玩笑的", {"explicit_remember", "preference"}),  # insists
    ],
)
def test_a_joke_taken_back_teaches_nothing(learned_kinds, text, kinds) -> None:
    assert learned_kinds(text) == kinds


@pytest.mark.integration
@pytest.mark.parametrize(
    ("text", "detail"),
    [
        # a tester's round on f94bd6b: the marker took back every earlier sentence, or was
        # read inside other words
        ("记住：部署前必须跑测试。刚才说 p-value 那句是开玩笑的", "部署前必须跑测试"),
        ("记住：vim 里 jk 映射成 Esc", "vim 里 jk 映射成 Esc"),
        ("记住：回复用中文。以后都用 Comic Sans，哈哈开玩笑的", "回复用中文"),
        ("以后都用 pnpm，我不是在开玩笑的", "以后都用 pnpm"),  # insists, without the echo
        ("以后都用 pnpm，绝非开玩笑的", "以后都用 pnpm"),
    ],
)
def test_a_joke_takes_back_only_its_own_sentence(text, detail, monkeypatch) -> None:
    from memstrata.capture.classifier import detect_learned

    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    found = detect_learned(text) or []
    assert [s.detail for s in found if s.kind == "explicit_remember"] == [detail]


def test_what_follows_a_joke_still_counts() -> None:
    from memstrata.capture.signals import detect

    assert [s.kind for s in detect("开玩笑的，不过以后回复都用中文吧")] == ["preference"]
    assert detect("以后都用 Comic Sans 写报告，开个玩笑") == []


# ---------------------------------------------------------------- a tester's round on f94bd6b
def test_a_stale_parked_card_never_vouches_for_a_new_proposal(make_ws) -> None:
    ws = make_ws("memory-manager")
    root = str(ws.root)
    for n in (1, 2, 3):
        hook("user-prompt-submit", {"session_id": "s1", "prompt": f"记住：规则 {n} 要遵守"}, root)
        hook("stop", {"session_id": "s1"}, root)  # the third card is parked
    approve(ws.writer(), "全部")  # all three written: the parked card is stale
    for n in (4, 5, 6):
        handle(ws.writer(), f"记住：规则 {n} 要遵守")  # numbers 1-3 again; the third unseen
    answer = hook("session-start", {"session_id": "s2"}, root) or {}
    assert "规则 3" not in answer.get("systemMessage", "")  # no card of decided proposals
    assert approve(ws.writer(), "确认").unseen == [3]
    assert "规则 6" not in _written(ws)


def test_a_card_parked_at_session_end_is_not_seen_yet(make_ws) -> None:
    ws = make_ws("memory-manager")
    root = str(ws.root)
    hook(
        "user-prompt-submit", {"session_id": "s9", "prompt": "记住：生产库只读账号是 ro_user"}, root
    )
    hook("session-end", {"session_id": "s9"}, root)
    assert approve(ws.writer(), "确认").refused  # nobody has seen it
    answer = hook("session-start", {"session_id": "s10"}, root)
    assert answer and "ro_user" in answer["systemMessage"]
    assert len(approve(ws.writer(), "确认").applied) == 1


@pytest.mark.parametrize(
    "text", ["以后别这样了", "下次别再这么干了", "Don't do that again", "以后都这样写"]
)
def test_a_rule_that_only_points_back_is_never_written(ws, text) -> None:
    report = handle(ws.writer(), text).report
    assert all(not s.detail for s in report.signals), report.signals
    assert not report.written


def test_a_rule_in_a_log_that_sounds_done_is_still_distilled(make_ws) -> None:
    # a tester's round on f94bd6b: "改了 … 都要", "已上线的 … 不要" were taken for reports
    ws = make_ws("openclaw")
    (ws.root / "memory").mkdir(exist_ok=True)
    (ws.root / "memory/2026-04-16.md").write_text(
        "# [2026-04-16]\n\n## 规则\n- 用户说：以后改了配置都要重启网关\n"
        "- 记住：已上线的服务不要随便重启\n- 以后所有接口都加了鉴权\n",
        encoding="utf-8",
    )
    report = heartbeat(ws.writer(), force=True)
    distilled = " / ".join(p.summary for p in report.proposals if p.kind == "distil")
    assert "重启网关" in distilled and "不要随便重启" in distilled and "鉴权" not in distilled


def test_a_brief_before_a_long_name_keeps_part_of_it() -> None:
    # a tester's round on f94bd6b: "用 https://… 作为镜像源地址" was briefed "用…"
    from memstrata.text.titles import shorten

    assert shorten("用 https://example.com/a/b/c 作为镜像源地址", 20).startswith("用 https://")
    assert shorten("Use pnpm for installing dependencies everywhere", 20) == "Use pnpm for…"


def test_consolidate_lists_its_proposals_as_the_card_does(make_ws, cli) -> None:
    # a tester's round on f94bd6b: "proposal: <summary>" without number, kind or target, yet
    # "确认" takes them
    from datetime import datetime

    from memstrata.core.workspace import Workspace
    from memstrata.entries.journal import lesson, log

    ws = make_ws("five-tier")

    def at(day: int) -> Workspace:
        return Workspace.open(ws.root, clock=lambda: datetime(2026, 4, day, 9))

    for day in (13, 14, 15, 16):
        log(at(day).writer(), f"4 月 {day} 日的成果", title=f"成果{day}")
    for day in (3, 9):
        lesson(at(day).writer(), "npm install 报 ERESOLVE", symptom="依赖冲突", fix="改用 pnpm")
    out = cli("-w", str(ws.root), "consolidate").out
    rows = [line for line in out.splitlines() if line.startswith("[")]
    assert rows and all("→" in row for row in rows), out
    assert "memstrata approve" in out
    assert "would propose:" in cli("-w", str(ws.root), "consolidate", "--dry-run").out


# ---------------------------------------------------------------- a tester's round on 21d773d
@pytest.mark.integration
@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ("别开玩笑了，记住：生产库禁止直接改表", "生产库禁止直接改表"),
        ("好了别闹了，记住：周五不发布", "周五不发布"),
        ("谢谢，记住：周五不发布", "周五不发布"),  # was no signal at all
        ("哈哈，记住：值班电话是 12345", "值班电话是 12345"),
        ("I'm not joking: always use pnpm", "always use pnpm"),
        ("记住：周五不发布，谢谢", "周五不发布"),
        ("以后都用 pnpm，真不是开玩笑", "以后都用 pnpm"),
        ("很好，以后都这样做：提交前跑 lint", "提交前跑 lint"),
    ],
)
def test_a_rule_after_thanks_or_a_laugh_is_the_rule(learned_kinds, text, detail) -> None:
    from memstrata.capture.classifier import detect_learned

    assert "explicit_remember" in learned_kinds(text)
    found = detect_learned(text) or []
    assert [s.detail for s in found if s.kind == "explicit_remember"] == [detail]


@pytest.mark.parametrize("text", ["以后注意点", "以后就按这个来", "记住：以后都按刚才那样做"])
def test_more_rules_that_only_point_back(ws, text) -> None:
    report = handle(ws.writer(), text).report
    assert all(not s.detail for s in report.signals) and not report.written


@pytest.mark.integration
def test_taking_back_what_was_said_before_is_no_praise(learned_kinds) -> None:
    assert "satisfaction" not in learned_kinds("刚才那条是逗你的")


def test_a_stale_review_page_never_decides_a_proposal_it_did_not_show(make_ws) -> None:
    # a tester's round on 21d773d: the page's forms named a number; numbers are reused once
    # nothing is open, so a stale click wrote (or rewrote, or skipped) a proposal nobody saw
    import re

    from tests.review_client import review_client

    ws = make_ws("memory-manager")
    handle(ws.writer(), "记住：日志保留 7 天")
    client = review_client(ws)
    page = client.get("/").text
    key = re.search(r'name="key" value="([^"]+)"', page).group(1)
    approve(ws.writer(), "全部")  # decided elsewhere
    handle(ws.writer(), "记住：生产库只读账号是 ro_user")  # number 1 again, never on the page
    for path, form in (
        ("/proposals/1/approve", {"key": key}),
        ("/proposals/1/approve", {"key": key, "text": "日志保留 7 天"}),
        ("/proposals/1/skip", {"key": key}),
    ):
        answer = client.post(path, data=form)
        assert answer.status_code == 303 and "reload" in answer.headers["location"], path
    assert _open(ws) == ["生产库只读账号是 ro_user"]
    assert "ro_user" not in _written(ws)
    fresh = re.search(r'name="key" value="([^"]+)"', client.get("/").text).group(1)
    assert client.post("/proposals/1/approve", data={"key": fresh}).status_code == 303
    assert "ro_user" in _written(ws)


def test_a_joke_taken_back_in_the_next_message_points_at_what_was_written(ws, cli) -> None:
    # a tester's round on 21d773d: "开玩笑的" after a rule written at once did nothing, and
    # "刚才那条是逗你的" was praise; memstrata deletes nothing by itself, so it says where
    root = str(ws.root)
    written = cli("-w", root, "signal", "记住：以后回复都用英文").out
    cite = written.split("written at once: ")[1].split()[1]
    for text in ("开玩笑的", "刚才那条是逗你的", "just kidding"):
        answer = cli("-w", root, "signal", text)
        assert answer.code == 0 and cite in answer.out and "以后回复都用英文" in answer.out, text
    quiet = cli("-w", root, "signal", "开玩笑的，帮我看下这个报错")
    assert quiet.code == 0 and cite not in quiet.out  # only a message that is the retraction
