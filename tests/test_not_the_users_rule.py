"""What is no rule of the user's: one file's own formatting kept, someone else's rule said not to
be ours (issue 11, session 55).

Four blind scenarios (8, 9, 10, 12) wrote "motor_ctrl.c 这个文件里缩进是两格的 你改的时候跟着它来"
and its kind as a rule, and two (8, 10) wrote another team's rule the user said was not theirs
("佢哋内部定嘅，我哋 client 唔使跟", "不過那是建宏他們的事，我們不會碰到"). The signals corpus holds
eleven and nine such messages, every one a hard negative. Each case failed on the code before;
guards (``test_guard_…``) pass on both.
"""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "text",
    [
        "UIShopPanel.cs 呢个文件入面暂时保留 tab 缩进，原作者咁写嘅，今次唔好 reformat 佢，淨系改第 212 行就得",
        "motor_ctrl.c 这个文件里缩进是两格的 你改的时候跟着它来 别用 clang-format 全刷一遍",
        "stg_legacy_coupons.sql 這支就維持 4 格縮排吧，它是從舊系統整包搬過來的，改格式整支都會變紅。只有這支喔。",
        "呢個 file scripts/rotate_keys.py 跟返佢原本嘅 4 個 space indent 吖 你頭先 paste 嗰段係 2 個",
    ],
)
def test_one_file_s_own_formatting_is_no_rule(learned_kinds, text: str) -> None:
    assert learned_kinds(text) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Mandy 佢钟意 bug 单标题用 [CRASH] [UI] 呢啲方括号 tag 开头，佢个人习惯嚟嘅，我自己开单就随意啦",
        "阿Ken 话佢哋 TA 组嘅规矩系角色 texture 一律 ASTC 6x6，UI 用 ASTC 4x4。佢哋 art pipeline 自己定嘅，"
        "我转述下啫，同 client code 冇关",
        "財務那組的規定是 invoice 相關的資料只能在 finance_secure 這個 dataset 裡查，連 view 都不能拉出來。"
        "不過那是建宏他們的事，我們不會碰到。",
        "老黄话佢哋 server 组 deploy 之前要 code freeze 24 个钟，佢哋内部定嘅，我哋 client 唔使跟",
    ],
)
def test_someone_else_s_rule_said_not_to_be_ours_is_none(learned_kinds, text: str) -> None:
    assert learned_kinds(text) == set()


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # every file, or a rule of the user's own
        ("以后所有文件都用 4 格缩进", "explicit_remember"),
        ("这个文件的缩进你又搞错了，我们统一用 4 空格", "correction"),
        # nothing to do with a cause is a correction, not a disclaimer
        ("那个 loss spike 是数据的锅，跟 lr 没关系", "correction"),
    ],
)
def test_guard_every_file_or_the_user_s_own_request_stays(
    learned_kinds, text: str, kind: str
) -> None:
    assert kind in learned_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "唔關 nginx 事，係 upstream keepalive 設錯咗",
        "跟 go 版本没关系，是 CGO_ENABLED 没关掉的问题",
        "nothing to do with the ORM — the slow query is a missing index on orders.user_id",
    ],
)
def test_what_the_cause_is_not_then_what_it_is_corrects(learned_kinds, text: str) -> None:
    # a tester's round on the guards above: the message that says the cause is not X, then what it
    # is, corrects the agent's diagnosis
    assert "correction" in learned_kinds(text)


@pytest.mark.parametrize(
    "text",
    ["那是他们组的规定，跟我们没关系，是他们自己的事", "跟缓存有没有关系？是不是时区的问题"],
)
def test_guard_nothing_to_do_with_us_or_asked_corrects_nothing(learned_kinds, text: str) -> None:
    assert "correction" not in learned_kinds(text)
