"""LLM refinement of rule-detected signals: it may drop a false positive or rewrite a brief
and detail, never add a signal or change a kind. Any failure keeps the rules' answer."""

from __future__ import annotations

import json
from dataclasses import replace

from memstrata.capture.signals import Signal
from memstrata.providers.llm import ChatClient, LLMError

SCHEMA = {
    "type": "object",
    "required": ["signals"],
    "properties": {
        "signals": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["index", "keep"],
                "properties": {
                    "index": {"type": "integer", "minimum": 0},
                    "keep": {"type": "boolean"},
                    "brief": {"type": "string", "maxLength": 20},
                    "detail": {"type": "string", "maxLength": 100},
                },
            },
        }
    },
}
SYSTEM = (
    "You review learning signals detected in a user's message to a coding agent. For each "
    "numbered signal answer keep=false if it is not a durable signal (a one-off request, a "
    "hypothetical, a question, a word used in another sense), else keep=true, optionally with a "
    "better brief (<= 20 characters) and detail (<= 100 characters: what happened and why), in "
    'the message\'s language. Answer JSON only: {"signals": [{"index": 0, "keep": true, '
    '"brief": "...", "detail": "..."}]}'
)


def refine(client: ChatClient, text: str, signals: list[Signal]) -> tuple[list[Signal], str | None]:
    """The refined signals and a warning (None when the model's answer was used)."""
    if not signals:
        return signals, None
    listing = [
        {"index": i, "kind": s.kind, "evidence": s.evidence, "brief": s.brief}
        for i, s in enumerate(signals)
    ]
    prompt = json.dumps({"message": text, "signals": listing}, ensure_ascii=False)
    try:
        answer = client.complete_json(SYSTEM, prompt, SCHEMA)
        verdicts = {item["index"]: item for item in answer["signals"]}
        if any(index >= len(signals) for index in verdicts):
            raise LLMError("answer names a signal that does not exist")
    except LLMError as exc:
        return signals, f"LLM refinement skipped, rules used: {exc}"
    refined = []
    for index, signal in enumerate(signals):
        verdict = verdicts.get(index, {"keep": True})
        if not verdict["keep"]:
            continue
        refined.append(
            replace(
                signal,
                brief=verdict.get("brief") or signal.brief,
                detail=verdict.get("detail") or signal.detail,
            )
        )
    return refined, None
