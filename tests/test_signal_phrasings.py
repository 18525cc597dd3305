"""Issue 11, round 2: natural phrasings the round-1 classifier missed (each failed on it), and
the rule for requests that name the memory instead of saying 记住/remember."""

from __future__ import annotations

import pytest

from memstrata.capture.classifier import LABELS, detect_learned
from memstrata.capture.signals import detect


@pytest.mark.parametrize(
    "text",
    [
        "这个写进 MEMORY.md 里吧",
        "记到小本本上，周四交材料",
        "这条加到你的 notes 里",
        "add that to your notes",
        "pls put this in MEMORY.md: staging resets at 2am",
    ],
)
def test_a_request_that_names_the_memory_is_explicit(text: str) -> None:
    assert "explicit_remember" in {s.kind for s in detect(text)}


@pytest.mark.parametrize(
    "text",
    [
        "MEMORY.md 和 USER.md 有什么区别？",
        "帮我 add 一个 notes 字段去 incident table",
        "这个函数写到 utils 里",
        "能不能把这个写进 MEMORY.md？",  # a question, not an instruction
    ],
)
def test_talk_about_the_memory_files_is_not_a_request(text: str) -> None:
    assert "explicit_remember" not in {s.kind for s in detect(text)}


@pytest.mark.integration
@pytest.mark.parametrize(
    ("label", "text"),
    [
        # each of these got no label at all from the round-1 model
        ("correction", "hm, that's the staging bucket, prod has its own"),
        ("explicit_remember", "记到小本本上，周四交材料"),
        ("repeated_failure", "still the same crash, third time now"),
    ],
)
def test_natural_phrasings_round_2(monkeypatch, label: str, text: str) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    found = detect_learned(text)
    assert found is not None, "the learned classifier did not load"
    assert label in {s.kind for s in found} & set(LABELS)


@pytest.mark.integration
def test_a_repeated_failure_in_the_context_stands_beside_the_model(monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    context = "[bash] make release → make: *** [release] Error 2\n" * 2
    found = detect_learned("嗯", context)
    assert found is not None and "repeated_failure" in {s.kind for s in found}
