"""Optional OpenAI-compatible chat (``/v1/chat/completions``) with strict JSON validation.

Configured in memstrata.toml ``[llm]`` (base_url, model, api_key_env, timeout). Local models
often return malformed or partial JSON (mem0 silently produced nothing then): every answer is
parsed and checked against a small schema, and any failure — timeout, HTTP error, bad JSON,
schema violation — raises :class:`LLMError` so the caller falls back to its rules and logs a
warning. The validator is small and local on purpose: the schemas are a handful of fixed
shapes, and jsonschema would add four packages to an optional path.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any

from memstrata.core.config import LlmSettings
from memstrata.errors import MemstrataError


class LLMError(MemstrataError):
    """The model could not give a valid answer; callers fall back to rules."""


def validate(data: Any, schema: dict[str, Any], where: str = "$") -> None:
    """Check ``data`` against a JSON-schema subset: type, properties, required, items,
    enum, maxLength, minimum/maximum. Raises LLMError naming the first violation."""
    kind = schema.get("type")
    checks = {
        "object": dict,
        "array": list,
        "string": str,
        "boolean": bool,
        "integer": int,
        "number": (int, float),
    }
    if (kind and not isinstance(data, checks[kind])) or (
        kind in ("integer", "number") and isinstance(data, bool)
    ):
        raise LLMError(f"{where}: expected {kind}")
    if "enum" in schema and data not in schema["enum"]:
        raise LLMError(f"{where}: {data!r} not in {schema['enum']}")
    if kind == "string" and "maxLength" in schema and len(data) > schema["maxLength"]:
        raise LLMError(f"{where}: longer than {schema['maxLength']} characters")
    if kind in ("integer", "number"):
        if "minimum" in schema and data < schema["minimum"]:
            raise LLMError(f"{where}: below {schema['minimum']}")
        if "maximum" in schema and data > schema["maximum"]:
            raise LLMError(f"{where}: above {schema['maximum']}")
    if kind == "object":
        for key in schema.get("required", []):
            if key not in data:
                raise LLMError(f"{where}: missing {key!r}")
        for key, sub in schema.get("properties", {}).items():
            if key in data:
                validate(data[key], sub, f"{where}.{key}")
    if kind == "array":
        for index, item in enumerate(data):
            validate(item, schema.get("items", {}), f"{where}[{index}]")


@dataclass
class ChatClient:
    base_url: str
    model: str
    api_key: str = ""
    timeout: float = 15.0

    @classmethod
    def from_settings(cls, settings: LlmSettings) -> ChatClient | None:
        """The client for a workspace's ``[llm]`` table, or None when not configured."""
        if not settings.configured:
            return None
        return cls(
            settings.base_url,
            settings.model,
            os.environ.get(settings.api_key_env, ""),
            settings.timeout,
        )

    def complete_json(self, system: str, user: str, schema: dict[str, Any]) -> Any:
        """One chat call whose answer must be JSON matching ``schema``."""
        import httpx

        headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
        body = {
            "model": self.model,
            "temperature": 0,
            "response_format": {"type": "json_object"},
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
        }
        try:
            response = httpx.post(
                self.base_url.rstrip("/") + "/chat/completions",
                json=body,
                headers=headers,
                timeout=self.timeout,
            )
        except httpx.HTTPError as exc:
            raise LLMError(f"chat endpoint failed: {type(exc).__name__}") from None
        if response.status_code != 200:
            raise LLMError(f"chat endpoint answered HTTP {response.status_code}")
        try:
            content = response.json()["choices"][0]["message"]["content"]
            data = json.loads(_strip_fence(content))
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise LLMError(f"chat answer is not the expected JSON ({type(exc).__name__})") from None
        validate(data, schema)
        return data


def _strip_fence(content: str) -> str:
    """Models often wrap JSON in a Markdown code fence."""
    text = content.strip()
    if text.startswith("```"):
        text = text.split("\n", 1)[1] if "\n" in text else ""
        text = text.rsplit("```", 1)[0]
    return text
