"""Issue 11, round 5: "装依赖现在改用 bun 了" was lost. The classifier is sure it is a signal
(p(any) 0.97) but not which label (its writers split "we switched to X" between correction
and new_knowledge), so nothing fired and the 21-day simulation lost the third package manager.
Memory decides: a message the model is sure of, that names another value for something memory
or the candidate pool holds, makes that memory stale, which is a correction."""

from __future__ import annotations

import json

import pytest

from memstrata.capture.classifier import detect_learned
from memstrata.capture.statement import statement
from memstrata.entries.remember import remember
from memstrata.evolve import known
from memstrata.evolve.heartbeat import embedder_for, heartbeat
from memstrata.evolve.triggers import handle

CHANGE = "装依赖现在改用 bun 了"


def _pending(ws) -> list[dict]:
    path = ws.root / ws.role_path("pending")
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def test_a_change_of_value_finds_the_memory_it_makes_stale(make_ws) -> None:
    ws = make_ws("self-evolution")
    remember(ws.writer(), "装依赖用 pnpm")
    remember(ws.writer(), "我们的 CI 跑在 GitLab 上，runner 标签是 docker-large")
    stale = known.outdated(ws, CHANGE, None)
    assert [entry.text for entry in stale] == [
        next(e.text for e in known.entries(ws) if "pnpm" in e.text)
    ]
    # the same value again is no change; another topic with another value is no change either
    assert known.outdated(ws, "装依赖还是用 pnpm", None) == []
    assert known.outdated(ws, "监控告警现在改到 Grafana 了", None) == []


@pytest.mark.integration
def test_a_change_of_value_finds_an_observing_candidate(make_ws, monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    ws = make_ws("memory-manager")
    handle(ws.writer(), "装依赖我习惯用 pnpm")  # a preference: one observation in the pool
    heartbeat(ws.writer(), force=True)
    assert "pnpm" in (ws.root / ws.role_path("candidates")).read_text(encoding="utf-8")
    # the words alone are not close enough (0.33); the sentence embedding is (0.45)
    assert known.outdated(ws, CHANGE, None) == []
    stale = known.outdated(ws, CHANGE, embedder_for(ws))
    assert [e.role for e in stale] == ["candidates"]


@pytest.mark.parametrize(
    ("text", "clean"),
    [
        (CHANGE, "装依赖改用 bun"),
        ("监控早就换成 Grafana 了", "监控换成 Grafana"),
        ("we now use bun for installs", "we use bun for installs"),
    ],
)
def test_a_change_is_written_without_the_words_that_date_it(text: str, clean: str) -> None:
    assert statement("correction", text).content == clean


@pytest.mark.integration
def test_the_model_labels_a_sure_change_a_correction_only_when_memory_holds_it(
    monkeypatch,
) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    asked: list[str] = []

    def stale(text: str) -> bool:
        asked.append(text)
        return True

    found = detect_learned(CHANGE, outdates=stale)
    assert found is not None, "the learned classifier did not load"
    [signal] = [s for s in found if s.kind == "correction"]
    assert signal.detail == "装依赖改用 bun" and asked == [CHANGE]
    without = detect_learned(CHANGE, outdates=lambda text: False)
    assert without is not None and "correction" not in {s.kind for s in without}
    # a hypothetical is no signal the model is sure of: memory is not even asked
    asked.clear()
    hypothetical = detect_learned("如果以后都用 bun，CI 会不会快一点？", outdates=stale)
    assert hypothetical == [] and asked == []


@pytest.mark.integration
def test_signal_queues_the_change_against_memory(make_ws, monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    ws = make_ws("self-evolution")
    handle(ws.writer(), CHANGE)
    assert _pending(ws) == []  # nothing in memory says otherwise: the model's own verdict
    remember(ws.writer(), "装依赖用 pnpm")
    handle(ws.writer(), CHANGE)
    [record] = _pending(ws)
    assert record["signal"] == "correction" and record["detail"] == "装依赖改用 bun"


@pytest.mark.integration
def test_a_change_of_another_thing_makes_no_rule_stale(make_ws, monkeypatch) -> None:
    """Session 56: renaming a function ("帮我改成 mark_seen") made a rule about the linker script
    stale at cosine 0.44, related by the sentence and nothing else, so the request was written
    as a correction (learning_sim9); the pnpm rule stays stale for bun."""
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    ws = make_ws("self-evolution")
    remember(
        ws.writer(),
        "STM32G0B1RETX_FLASH.ld 是 CubeMX 生成的 一 regenerate 就被覆盖 Makefile 里链的是"
        " ld/cm2_app.ld 要改改那个",
    )
    remember(ws.writer(), "装依赖我习惯用 pnpm")
    embed = embedder_for(ws)
    rename = (
        "产测脚本里这个 def remember(self, sn): self.seen.add(sn) 名字起得太随意 帮我改成"
        " mark_seen 调用的地方一起改了"
    )
    assert known.outdated(ws, rename, embed) == []
    assert [e.text for e in known.outdated(ws, CHANGE, embed)] == ["装依赖我习惯用 pnpm"]
