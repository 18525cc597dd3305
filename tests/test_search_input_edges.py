"""Search on awkward input files (issue 14): bare-CR and mixed line endings, invalid UTF-8,
and ``--tagged`` in another case than the tag.

A citation must point at the lines an editor shows, whatever the file's line endings; one bad
byte must not keep a file out of search, nor be "repaired" by a write; a tag is a name, not a
spelling. Tests marked ``both_backends`` also run on the PostgreSQL team index.
"""

from __future__ import annotations

import pytest

from memstrata.core.permissions import Session
from memstrata.entries.journal import log
from memstrata.entries.remember import remember
from memstrata.errors import FormatError
from memstrata.maintain.doctor import diagnose
from memstrata.recall.get import get_lines
from memstrata.recall.search import SearchFilters, search
from memstrata.text.textio import count_breaks, decode_replacing, split_lines
from tests.pg import get, put

TODAY = "memory/2026-04-17.md"  # the fixed clock's day (tests/conftest.py)


def _cite(ws, query: str, **filters) -> list[tuple[str, int, int]]:
    hits = search(ws, query, mode="lexical", filters=SearchFilters(**filters)).results
    return [(h.path, h.start_line, h.end_line) for h in hits]


def _line(ws, rel: str, number: int) -> str:
    return get_lines(ws, f"{rel}:{number}").lines[0]


# ---------------------------------------------------------------- 1. line endings


def test_split_lines_breaks_at_crlf_cr_and_lf_alike() -> None:
    text = "a\r\nb\rc\nd\r\re"
    assert split_lines(text) == ["a\r\n", "b\r", "c\n", "d\r", "\r", "e"]
    assert "".join(split_lines(text)) == text
    assert count_breaks(text) == count_breaks(text.encode()) == 5


@pytest.mark.both_backends
def test_bare_cr_file_cites_the_lines_an_editor_shows(ws) -> None:
    rel = "memory/old-mac.md"
    put(ws, rel, b"# Notes\r\rline three alpha\rline four bravo\r\r## Section\r- charlie item\r")
    assert _cite(ws, "bravo") == [(rel, 3, 4)]
    assert _cite(ws, "charlie") == [(rel, 7, 7)]
    assert _line(ws, rel, 4) == "line four bravo"


@pytest.mark.both_backends
def test_mixed_endings_number_every_break_once(ws) -> None:
    rel = "memory/mixed.md"
    put(ws, rel, b"# Mixed\r\n\r\n## One\rfirst delta\r\n\n## Two\nthird foxtrot\r\n")
    assert _cite(ws, "delta") == [(rel, 4, 4)]
    assert _cite(ws, "foxtrot") == [(rel, 7, 7)]
    assert get_lines(ws, f"{rel}:3-4").lines == ["## One", "first delta"]


@pytest.mark.both_backends
def test_log_into_a_bare_cr_daily_log_keeps_its_endings_and_lines(ws) -> None:
    before = b"# [2026-04-17]\r\r## [coder] first\r- did alpha\r"
    put(ws, TODAY, before)
    placed = log(ws.writer(), "shipped the bravo build", title="second")
    after = get(ws, TODAY)
    assert after is not None and after.startswith(before)
    assert b"\n" not in after  # no LF glued onto a CR line: no line lost or added
    lines = split_lines(after.decode())
    assert "shipped the bravo build" in lines[placed.span.end - 1]
    assert lines[placed.span.start - 1].startswith("## ")
    assert _cite(ws, "bravo") == [(TODAY, placed.span.end, placed.span.end)]


@pytest.mark.both_backends
def test_log_into_an_existing_section_of_a_bare_cr_log_adds_no_twin(ws) -> None:
    put(ws, TODAY, b"# [2026-04-17]\r\r## first\r- did alpha\r")
    log(ws.writer(), "did echo too", title="first")
    text = (get(ws, TODAY) or b"").decode()
    assert text.count("## first") == 1 and "did echo too" in text


@pytest.mark.both_backends
def test_remember_into_a_bare_cr_user_file_cites_the_written_line(ws) -> None:
    original = get(ws, "USER.md") or b""
    put(ws, "USER.md", original.replace(b"\n", b"\r"))
    placed = remember(ws.writer(), "I prefer short answers", role="user")
    data = get(ws, "USER.md") or b""
    assert b"\n" not in data
    assert "short answers" in _line(ws, "USER.md", placed.span.start)
    cited = _cite(ws, "short answers", roles=["user"])
    assert cited == [("USER.md", placed.span.start, placed.span.end)]


@pytest.mark.both_backends
def test_tail_of_a_bare_cr_file_starts_at_a_whole_line_with_its_number(ws) -> None:
    rel = "memory/tail.md"
    put(ws, rel, "".join(f"line {n:03d}\r" for n in range(1, 201)).encode())
    before, lines = ws.read_tail(rel, 100)
    assert len(lines) > 1
    assert lines[0] == f"line {before + 1:03d}\r"
    assert lines[-1] == "line 200\r"


def test_doctor_names_the_line_of_a_secret_in_a_bare_cr_file(ws) -> None:
    key = "sk-" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6"
    put(ws, "memory/keys.md", f"# Keys\r\rnothing\rtoken {key}\r".encode())
    found = [f.where for f in diagnose(ws).findings if f.check == "secrets"]
    assert found == ["memory/keys.md:4"]


# ---------------------------------------------------------------- 2. invalid UTF-8


def _with_bad_byte(ws) -> tuple[bytes, int]:
    """MEMORY.md with a Latin-1 byte on one bullet, and a clean bullet after it; the line of
    the bad byte."""
    text = (get(ws, "MEMORY.md") or b"").rstrip(b"\n")
    bad = count_breaks(text) + 2
    data = text + b"\n- [2026-04] hotel caf\xe9 rule\n- [2026-04] india after\n"
    put(ws, "MEMORY.md", data)
    return data, bad


def test_invalid_utf8_file_is_indexed_with_a_warning_naming_the_line(ws) -> None:
    _data, bad = _with_bad_byte(ws)
    response = search(ws, "india", mode="lexical")
    assert [(h.path, h.start_line) for h in response.results] == [("MEMORY.md", bad + 1)]
    assert f"MEMORY.md:L{bad}: invalid UTF-8 replaced" in response.warnings
    assert _cite(ws, "hotel") == [("MEMORY.md", bad, bad)]
    assert _line(ws, "MEMORY.md", bad) == "- [2026-04] hotel caf\ufffd rule"


def test_replacement_keeps_line_numbers_with_cut_sequences_and_any_ending() -> None:
    data = b"ok\r\ncut \xe4\rgood\nbad \xff\xfe\r\nlast \xf0\x9f"
    text, warning = decode_replacing(data, "x.md")
    assert split_lines(text) == [
        "ok\r\n",
        "cut \ufffd\r",
        "good\n",
        "bad \ufffd\ufffd\r\n",
        "last \ufffd",
    ]
    assert warning == "x.md:L2: invalid UTF-8 replaced (and on 2 more lines)"


def test_writes_never_repair_invalid_utf8_bytes(ws) -> None:
    data, _bad = _with_bad_byte(ws)
    with pytest.raises(FormatError, match=r"MEMORY\.md:\d+: not valid UTF-8"):
        remember(ws.writer(), "always run the linter first", role="long_term")
    assert get(ws, "MEMORY.md") == data  # a rewrite is refused: nothing written
    day = b"# [2026-04-17]\n\n## [coder] one\n- caf\xe9 latin1\n"
    put(ws, TODAY, day)
    log(ws.writer(Session(agent="coder")), "did kilo work", title="two")
    assert (get(ws, TODAY) or b"").startswith(day)  # an append keeps every old byte


# ---------------------------------------------------------------- 3. --tagged


@pytest.mark.both_backends
def test_tagged_matches_the_agent_tag_in_any_case(ws) -> None:
    put(
        ws,
        "memory/2026-03-01.md",
        "# [2026-03-01]\n\n## [Deploy] rolled out\n- moved the gateway to port 8443\n\n"
        "## [Straße] street work\n- repaved the gateway road\n".encode(),
    )
    for tag in ("Deploy", "deploy", "DEPLOY"):
        assert _cite(ws, "gateway", agent=tag) == [("memory/2026-03-01.md", 4, 4)], tag
    assert _cite(ws, "gateway", agent="STRASSE") == [("memory/2026-03-01.md", 7, 7)]
    assert not _cite(ws, "gateway", agent="coder")


def test_cli_tagged_is_case_insensitive(ws, cli) -> None:
    put(ws, "memory/2026-03-01.md", b"# [2026-03-01]\n\n## [Deploy] rolled out\n- port 8443\n")
    result = cli("search", "8443", "--tagged", "deploy", "--plain", "-w", str(ws.root))
    assert result.code == 0 and "memory/2026-03-01.md:L4" in result.out


def test_a_bad_byte_in_a_daily_log_never_leaves_a_session_without_memory(make_ws) -> None:
    # a tester's round on f94bd6b: context, the SessionStart hook, the openclaw heartbeat and
    # daily-summary all failed on one invalid byte in today's log
    from memstrata.adapters.hooks import handle as hook
    from memstrata.context.bootstrap import build_context
    from memstrata.entries.journal import log
    from memstrata.entries.summary import daily_summary
    from memstrata.evolve.heartbeat import heartbeat

    ws = make_ws("openclaw")
    path = ws.root / ws.daily_path(ws.today())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes("- 修了 ".encode() + b"\xff" + " 一个 bug\n".encode())
    log(ws.writer(), "第二次重启网关")
    raw = path.read_bytes()
    assert "第二次重启网关" in build_context(ws).text
    answer = hook("session-start", {"session_id": "s"}, str(ws.root))  # raised before
    assert answer and "SOUL.md" in answer["hookSpecificOutput"]["additionalContext"]
    assert heartbeat(ws.writer(), force=True).ran
    daily_summary(ws.writer())
    assert path.read_bytes().startswith(raw)  # the bad byte is kept, nothing rewritten


def test_a_bad_byte_in_memory_md_leaves_every_reader_working(make_ws, cli) -> None:
    # a tester's round on 21d773d: status, the heartbeat, consolidate --dry-run and the Stop
    # hook failed on one invalid byte in MEMORY.md or USER.md; only a rewrite may refuse it
    from memstrata.adapters.hooks import handle as hook

    ws = make_ws("openclaw")
    memory = ws.root / "MEMORY.md"
    memory.write_bytes(
        memory.read_bytes() + "- [2026-04] 坏 ".encode() + b"\xff" + " 字节\n".encode()
    )
    raw = memory.read_bytes()
    root = str(ws.root)
    for args in (["status"], ["heartbeat", "--force"], ["consolidate", "--dry-run"]):
        answer = cli("-w", root, *args)
        assert answer.code == 0, (args, answer.err)
    hook("stop", {"session_id": "s"}, root)  # raised before
    refused = cli("-w", root, "remember", "记住：网关端口是 8443", "--role", "long_term")
    assert refused.code == 2 and "MEMORY.md" in refused.err and "UTF-8" in refused.err
    assert memory.read_bytes() == raw
    doctor = cli("-w", root, "doctor")
    assert "MEMORY.md" in doctor.out + doctor.err and "UTF-8" in doctor.out + doctor.err
