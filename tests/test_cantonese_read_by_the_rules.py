"""Written Cantonese is read by the rules in simplified characters, by the learned classifier as
typed (issue 11, session 45: scenario 12, written blind by a Hong Kong security engineer).

The rules are written in simplified characters; since review34 a message holding a Cantonese
character (唔, 嘅, 咗, 冇 …) was read as typed by everything, so "記住 以後同我講任何 CVE 都要寫埋
CVSS score 同埋有冇上 CISA KEV（即係有冇 exploit in the wild）" was no request at all and a Cantonese
"記住：…" kept its 記住： in MEMORY.md. The classifier still reads Cantonese as typed (it learned
it in traditional characters: review34's "唔係 8080，係 8443 埠" stays a correction, in
tests/test_traditional_chinese.py). Each case failed on the code before.
"""

from __future__ import annotations

from memstrata.capture.record import record_signals
from memstrata.entries.remember import remember
from memstrata.text.scripts import simplified

CVE_RULE = "記住 以後同我講任何 CVE 都要寫埋 CVSS score 同埋有冇上 CISA KEV（即係有冇 exploit in the wild）"


def test_the_rules_read_cantonese_in_simplified_characters() -> None:
    from memstrata.text.scripts import as_the_classifier_reads

    assert simplified("記住 以後同我講") == "记住 以后同我讲"
    assert as_the_classifier_reads(simplified(CVE_RULE), CVE_RULE) == CVE_RULE
    assert (
        as_the_classifier_reads("记住 以后都用 pnpm", "記住 以後都用 pnpm") == "记住 以后都用 pnpm"
    )


def test_a_cantonese_request_to_remember_is_one(monkeypatch, make_ws) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")  # the learned classifier read it too
    ws = make_ws("self-evolution")
    report = record_signals(ws.writer(), CVE_RULE, dry_run=True)
    kinds = {signal.kind for signal in report.signals}
    assert "explicit_remember" in kinds, report.signals
    assert all("CVSS" in s.detail and "寫埋" in s.detail for s in report.signals)  # as typed


def test_a_cantonese_entry_drops_its_request_words(ws) -> None:
    remember(ws.writer(), "記住：以後啲 PR 都要兩個人 approve 先好 merge，唔好自己 merge 自己嘅")
    memory = (ws.root / "MEMORY.md").read_text(encoding="utf-8")
    assert "以後啲 PR 都要兩個人 approve" in memory
    assert "記住" not in memory


def test_news_said_in_cantonese_is_titled_by_its_point(monkeypatch, make_ws) -> None:
    """ "你應該唔知 …" (you probably don't know) and "講聲你知 …" (just so you know) lead news in
    Cantonese as "你不知道的是" does in Mandarin: scenario 12 titled two entries "你應該唔知" and
    "講聲你知 GuardDuty 嗰啲 UnauthorizedAccess"."""
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")  # the learned classifier finds the news
    ws = make_ws("self-evolution")
    for said, point in [
        (
            "你應該唔知 入 prod 啲 node 要經 bastion 行 bastion-hk1.ops.hpay.internal port 2222",
            "入 prod",
        ),
        (
            "講聲你知 GuardDuty 嗰啲 alert 如果 source 係 10.42.250.10 係我哋嘅 honeypot",
            "GuardDuty",
        ),
    ]:
        report = record_signals(ws.writer(), said, dry_run=True)
        assert report.signals, said
        assert all(s.brief.startswith(point) for s in report.signals), report.signals
