"""A one-time code relayed to the agent: a message that says a code came in and asks to type it.

review65-72 held such codes said without their name beside them ("短信来了个数儿，八四零 幺六七，你
赶紧给我输上"); the rules read a code only by its name, so they reached memory in clear. Each secret
case fails on main 4605a9e with the learned reader off (the rules alone); the guards pass on both.
"""

from __future__ import annotations

import pytest

from memstrata.core.redact import find_secrets


def _hidden(text: str) -> str:
    chars = list(text)
    for finding in find_secrets(text, learned=False):
        chars[finding.start : finding.end] = ["\0"] * (finding.end - finding.start)
    return "".join(chars)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("手机刚刚来了条短信，六位数 528317，你帮我填到网银那个框里，五分钟就过期了。", "528317"),
        ("短信来了个数儿，八四零 幺六七，你赶紧给我输上，我这手全是鱼鳞。", "八四零 幺六七"),
        ("短讯啱啱嚟咗，五九二 三八零，快啲帮我输入去澳门钱包。", "五九二 三八零"),
        ("剛剛 Authenticator 跳 319 574，你幫我輸在 VPN 那邊。", "319 574"),
        ("抖音那个号登不上去，短信给我发了个 604 917，你赶紧给我输进去。", "604 917"),
        ("Got the SMS just now: 771 204, can you type it into the bank page for me", "771 204"),
    ],
)
def test_a_relayed_one_time_code_is_hidden(text: str, code: str) -> None:
    assert code not in _hidden(text)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("银行短信说我尾号 442188 的卡消费了 388 元，帮我填到记账表里", "442188"),
        ("快递短信来了，单号 773122 帮我填到表格里", "773122"),
        ("客服短信里的电话 400820 打不通，帮我填个投诉", "400820"),
        ("The text says order 202611 shipped, enter it in the tracker", "202611"),
        ("收到 120 箱货，帮我填 300 500 两个数到报表", "300 500"),
    ],
)
def test_guard_numbers_a_message_names_are_kept(text: str, kept: str) -> None:
    assert kept in _hidden(text)
