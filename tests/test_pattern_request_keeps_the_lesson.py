"""Issue 11, round 5 (adversarial pass): "这个经验记一下" after one tool run kept only the command
("docker compose up") and lost what the run said; said after the lesson itself ("部署网关时要先检查
8443 端口有没有被占用，这个经验记一下") it was not heard at all ("No learning signal")."""

from __future__ import annotations

from memstrata.evolve.triggers import handle
from memstrata.formats.patterns import parse_patterns


def _patterns(ws) -> list:
    found = []
    for path in sorted((ws.root / "patterns").glob("*.md")):
        if path.name != "index.md":
            found += parse_patterns(path.read_text(encoding="utf-8").splitlines(), path.name)
    return found


def test_one_run_keeps_what_it_said(make_ws) -> None:
    ws = make_ws("self-evolution")
    context = (
        "[bash] docker compose up → port 5432 already in use; fixed by stopping local postgres"
    )
    result = handle(ws.writer(), "这个经验记一下", context)
    assert result.action == "pattern" and result.written
    [pattern] = _patterns(ws)
    assert "fixed by stopping local postgres" in pattern.body


def test_the_request_said_after_the_lesson_writes_it(make_ws) -> None:
    ws = make_ws("self-evolution")
    result = handle(ws.writer(), "部署网关时要先检查 8443 端口有没有被占用，这个经验记一下")
    assert result.action == "pattern" and result.written
    [pattern] = _patterns(ws)
    assert pattern.body == "部署网关时要先检查 8443 端口有没有被占用"
    # said in the middle of a message it is not the request (the lesson must be what was said)
    other = handle(ws.writer(), "这个经验记一下的功能好用吗？")
    assert other.action != "pattern" or not other.written
