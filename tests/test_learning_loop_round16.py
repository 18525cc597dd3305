"""What review15b left in the learning loop, each fixed by mechanism (round 16).

* "记住吧，…" / "好吧，以后都这样：…": the closing particle or the acknowledgement stayed in
  front of the content and titled the entry "吧" / "好吧".
* A lesson told twice was written twice: lessons.md was not among the files a repeat is looked
  up in.
* ``signal --json`` gave no sign that a request said nothing specific (the text output said
  "nothing specific to keep").
"""

from __future__ import annotations

import pytest

from memstrata.adapters import presenters
from memstrata.evolve.triggers import handle
from memstrata.formats.lessons import parse_lessons


@pytest.mark.parametrize(
    ("said", "title"),
    [
        ("记住吧，部署前要先跑 smoke test", "部署前要先跑 smoke test"),
        ("好吧，以后都这样：提交信息用英文写", "提交信息用英文写"),
        ("那好吧，记住：周报用表格发", "周报用表格发"),
        ("行吧，记住了，测试库每周一重置", "测试库每周一重置"),
    ],
)
def test_a_closing_particle_or_a_grudging_yes_is_no_title(make_ws, said, title) -> None:
    ws = make_ws("default")
    signals = handle(ws.writer(), said, dry_run=True).report.signals
    assert signals, said
    assert {s.brief for s in signals} == {title}, [(s.kind, s.brief) for s in signals]


def test_a_lesson_told_twice_is_one_lesson_seen_again(make_ws) -> None:
    ws = make_ws("default")
    said = "记个教训：rsync 少写了末尾斜杠，把整个目录拷进了子目录，以后 rsync 源路径都要带斜杠"
    first = handle(ws.writer(), said).report.written
    second = handle(ws.writer(), said).report.written
    path = ws.role_path("lessons")
    assert len(parse_lessons(ws.read_lines(path), path)) == 1
    assert not first[0].get("seen_again")
    assert second[0].get("seen_again") and path in second[0]["cite"]


def test_another_lesson_is_still_written(make_ws) -> None:
    ws = make_ws("default")
    handle(ws.writer(), "记个教训：rsync 少写了末尾斜杠，把整个目录拷进了子目录")
    handle(ws.writer(), "记个教训：pip install 没加 --no-cache-dir，镜像大了 2G")
    path = ws.role_path("lessons")
    assert len(parse_lessons(ws.read_lines(path), path)) == 2


@pytest.mark.parametrize("said", ["记住这个", "以后都这样做吧"])
def test_signal_json_says_when_nothing_specific_was_said(make_ws, said) -> None:
    ws = make_ws("default")
    data = presenters.signal_result(handle(ws.writer(), said, dry_run=True))
    assert data["signals"] and all(s.get("unspecific") for s in data["signals"]), data


def test_signal_json_has_no_flag_on_a_specific_request(make_ws) -> None:
    ws = make_ws("default")
    data = presenters.signal_result(handle(ws.writer(), "记住：发版前先跑迁移", dry_run=True))
    assert data["signals"] and not any("unspecific" in s for s in data["signals"]), data
