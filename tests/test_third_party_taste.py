"""Someone else's taste the user says they do not share is no signal (learning_sim12: "Winnie姐 自己就
鍾意 Splunk 用 dark mode … 我就無所謂" became a principle): the message ends on the user's own
indifference, in Chinese or English. A rule said before "I don't care which …" still counts."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "text",
    [
        "Priya likes her dashboards in dark mode, I don't really care either way",
        "阿珍自己就喜欢 Splunk 用 dark mode 她说白底伤眼 😂 我就无所谓",
        "Tom prefers tabs over spaces in the Go repo, doesn't matter to me",
    ],
)
def test_someone_elses_taste_is_no_signal(learned_kinds, text: str) -> None:
    assert learned_kinds(text) == set()


def test_guard_a_rule_before_not_caring_which_still_counts(learned_kinds) -> None:
    kinds = learned_kinds(
        "from now on always run ruff before committing, I don't really care which formatter"
    )
    assert kinds & {"preference", "explicit_remember"}


@pytest.mark.parametrize(
    "text",
    [
        "Winnie姐 自己就鍾意 Splunk 用 dark mode 佢話白底傷眼 😂 我就無所謂",
        "Priya likes her Splunk dashboards in dark mode, I don't really care either way",
    ],
)
def test_memory_it_seems_to_outdate_makes_it_no_correction(monkeypatch, text: str) -> None:
    """Beside a Splunk entry in memory the message read as a change that outdates it, and the
    synthesis wrote it as a principle (learning_sim12): what is not for memory outdates nothing."""
    from memstrata.capture.classifier import detect_learned
    from memstrata.text.scripts import as_the_classifier_reads, simplified

    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    reading = simplified(text)
    found = detect_learned(
        reading, outdates=lambda said: True, typed=as_the_classifier_reads(reading, text)
    )
    assert found is not None, "the learned classifier did not load"
    assert found == []
