"""A tester's round on what the learning loop shows (issue 11), one test per defect:

1. reports named L1 principles and L2 patterns in layouts that have neither;
2. an entry written at once was reported as waiting for approval (本次待批准);
3. the evolution card's right border broke on a long target path or reason;
4. "我喜欢 | a | b | 这种表格" (a table format the user likes) was read as satisfaction;
5. briefs were cut inside a number or a path ("Set timeout to 1500…").
"""

from __future__ import annotations

import pytest

from memstrata.capture.classifier import detect_learned


# ---------------------------------------------------------------- 4: a table row is no praise
@pytest.mark.integration
def test_a_table_row_the_user_likes_is_a_preference_not_satisfaction(monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    for text in ("我喜欢 | a | b | 这种表格", "I like tables like | name | port | better"):
        kinds = {s.kind for s in detect_learned(text) or []}
        assert kinds == {"preference"}, text
    for praise in ("好了，很满意", "完美", "nice work", "完美 | a | b |"):
        assert "satisfaction" in {s.kind for s in detect_learned(praise) or []}, praise
