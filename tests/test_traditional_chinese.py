"""A user who writes traditional Chinese (台灣, 香港) is read like one who writes simplified
(learning_sim10's blind run: a data engineer in 台北 whose corrections, lessons, privacy requests
and repeats the simplified rules did not see), and what is written keeps the user's characters.
Each test fails on the code before text/scripts.py (e3af122); guards pass on both."""

from __future__ import annotations

import pytest

from memstrata.capture.record import record_signals
from memstrata.evolve.triggers import handle


def test_one_character_for_one_keeps_every_offset() -> None:
    from memstrata.text.scripts import restored, simplified

    said = "記住：以後 dbt 的 model 一律用小寫 snake_case 命名，這是規矩"
    reading = simplified(said)
    assert reading == "记住：以后 dbt 的 model 一律用小写 snake_case 命名，这是规矩"
    assert len(reading) == len(said)
    assert restored(reading[3:], said) == said[3:]
    # simplified text and English are left as they are
    for kept in ("记住以后都用 pnpm", "Always run dbt build --select state:modified+"):
        assert simplified(kept) == kept


def test_a_correction_in_traditional_characters_is_read_and_kept_in_them(make_ws) -> None:
    ws = make_ws("self-evolution")
    report = record_signals(ws.writer(), "不對啦，PR 應該開到 develop，不是 main", dry_run=True)
    [correction] = [s for s in report.signals if s.kind == "correction"]
    assert correction.detail.startswith("PR 應該開到 develop")  # the user's characters
    assert "啦" not in correction.brief


def test_a_lesson_request_in_traditional_characters_writes_a_pattern(make_ws) -> None:
    ws = make_ws("self-evolution")
    result = handle(
        ws.writer(), "這個經驗記一下：BigQuery 查詢前先 dry run 看掃描量，超過 100GB 先問阿明"
    )
    assert result.action == "pattern" and result.written
    patterns = "".join(p.read_text(encoding="utf-8") for p in (ws.root / "patterns").glob("*.md"))
    assert "掃描量" in patterns  # written as said, not in simplified characters


def test_what_is_to_be_kept_from_others_in_traditional_characters_stays_private(make_ws) -> None:
    from memstrata.entries.remember import remember

    ws = make_ws("memory-manager")
    assert remember(ws.writer(), "我下個月要離職，先別告訴團隊").role == "long_term"


def test_one_rule_in_both_scripts_is_one_rule() -> None:
    from memstrata.evolve import known
    from memstrata.text.similarity import similarity

    first, second = "SQL 關鍵字一律大寫", "SQL 关键字一律大写"
    assert similarity(first, second) == 1.0
    assert known.same(first, second, 0.5)


def test_a_title_in_traditional_characters_skips_the_verdict() -> None:
    from memstrata.text.rule_titles import entry_title

    assert entry_title("哦不對，連線埠應該是 8443") == "連線埠應該是 8443"


# learning_sim10 (blind): a rule after an announcement of it, or after a "told you" opener, was
# titled by what came before it
@pytest.mark.parametrize(
    ("said", "title"),
    [
        (
            "早安～今天開始要把舊的 scheduled query 搬進 dbt 囉。先講一下我的習慣：SQL 的 keyword "
            "我都寫小寫，select、from 那些打起來比較順手。",
            "SQL 的 keyword 我都寫小寫",
        ),
        (
            "跟你說，阿明昨晚把 CDC 的 dataset 改名了，raw_cdc 變成 cdc_orders_v2，舊的名字已經查不到了喔。",
            "阿明昨晚把 CDC 的 dataset 改名了",
        ),
        (
            "Same thing as last week: bq needs --location=asia-east1, otherwise it goes looking in the US",
            "bq needs --location=asia-east1",
        ),
    ],
)
def test_a_rule_after_its_announcement_is_the_title(said: str, title: str) -> None:
    from memstrata.capture.statement import statement

    assert statement("new_knowledge", said).title.startswith(title)


def test_guard_told_you_before_a_word_is_no_opener() -> None:
    from memstrata.capture.statement import statement

    said = statement("preference", "跟你说过的 lint 规则以后都要跑")
    assert said.title == "跟你说过的 lint 规则以后都要跑"


# review34 (a tester's 178 messages against 700d29b): what the first reading got wrong
@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("記住：這隻 API 只能讀，不能寫", "這隻 API 只能讀"),
        ("記住：老闆要看儀表板的數字", "老闆要看儀表板的數字"),
        ("記住：臺北機房那台伺服器不能重開", "臺北機房那台伺服器不能重開"),
        ("記住：日曆服務的歷史紀錄要保留", "日曆服務的歷史紀錄要保留"),
    ],
)
def test_two_characters_with_one_simplified_form_stay_apart(make_ws, said: str, kept: str) -> None:
    ws = make_ws("self-evolution")
    report = record_signals(ws.writer(), said, dry_run=True)
    assert any(kept in signal.detail for signal in report.signals), report.signals


@pytest.mark.parametrize("said", ["唔係 8080，係 8443 埠", "唔係呀，個資料庫應該用 5433 埠"])
def test_written_cantonese_is_read_as_typed(monkeypatch, make_ws, said: str) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")  # the learned classifier read them
    ws = make_ws("self-evolution")
    report = record_signals(ws.writer(), said, dry_run=True)
    assert "correction" in {signal.kind for signal in report.signals}


@pytest.mark.parametrize(
    "said",
    [
        "我下個月要辭職，唔好話俾團隊知住",
        "我的健康檢查報告有問題，這是私事",
        "我最近身體不太好，先別跟同事講",
    ],
)
def test_a_private_matter_in_traditional_characters_or_cantonese_stays_private(
    make_ws, said: str
) -> None:
    from memstrata.entries.remember import remember

    ws = make_ws("memory-manager")
    assert remember(ws.writer(), said).role == "long_term"


def test_a_rule_about_what_to_tell_me_is_no_secret(make_ws) -> None:
    """ "别跟我说废话" says how to talk to the user: it was read as "keep this from others"."""
    from memstrata.entries.remember import keep_private

    ws = make_ws("memory-manager")
    assert keep_private(ws, "以后别跟我说废话，直接给结论", "user") == "user"
    assert keep_private(ws, "先别跟同事说", "user") == "long_term"


def test_remember_drops_a_request_in_traditional_characters(make_ws) -> None:
    from memstrata.entries.remember import remember

    ws = make_ws("self-evolution")
    placed = remember(ws.writer(), "記住：正式環境部署前一定要先備份資料庫")
    assert placed.title.startswith("正式環境部署前")  # not "記住: 正式環境…"


def test_a_stretch_moved_or_added_keeps_the_users_characters() -> None:
    from memstrata.text.scripts import restored, simplified

    original = "上週排查了一下午才找到。記住：新建 key 必須設 TTL"
    assert simplified(original) == "上周排查了一下午才找到。记住：新建 key 必须设 TTL"
    # the lesson put before its story (lesson_first)
    moved = "新建 key 必须设 TTL。上周排查了一下午才找到"
    assert restored(moved, original) == "新建 key 必須設 TTL。上週排查了一下午才找到"
    # a word the readers added takes back what stands for one character only
    assert restored("必须记住", original) == "必須記住"
