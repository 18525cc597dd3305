"""Conversation compaction with a memory flush first (note 003).

When a conversation's estimated tokens pass the threshold, the last ``keep`` messages stay as
they are (extended so a tool call is never separated from its result), and the older ones are
replaced by a rolling summary. Tool-result details never reach a summariser — they become a
one-line stub — because tool output carries file contents, secrets and noise. The summary comes
from the configured LLM when there is one, else an extractive summary that keeps user requests,
decisions, open TODOs and identifiers (paths, URLs, numbers, error messages); an LLM timeout or
failure falls back to the extractive summary for that chunk, so context is never lost and the
summary is never "unavailable".

Before anything is dropped, durable facts in the dropped messages (learning signals, decisions)
are appended to today's daily log — append-only, once per cycle, skipping bullets already in it
— and nothing else (MEMORY.md, SOUL.md, AGENTS.md) is touched.

Just over 500 lines: reading both conversation formats (OpenAI JSON, Claude Code JSONL with its
tool_use/tool_result pairs) and refusing what is neither sit here with the compaction that needs
their pairing rules; split them out when a third format arrives.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from memstrata.core.redact import redact
from memstrata.errors import FormatError
from memstrata.text.titles import clip
from memstrata.text.token_estimate import count_tokens

Summarizer = Callable[[str, list["Message"]], str]
_DECISION = re.compile(
    r"决定|确定用|改为|改成|选择了|就用|采用|we(?:'ll| will) use|decided|let's go with|switch(?:ed)? to|going with",
    re.I,
)
_TODO = re.compile(
    r"\bTODO\b|待办|还需要|下一步|接下来|remaining|next step|still need|follow[- ]up", re.I
)
_ERROR = re.compile(r"error|exception|traceback|失败|错误|报错|exit code [1-9]|fatal", re.I)
_IDENT = re.compile(
    r"https?://\S+|(?:[\w.-]+/)+[\w.-]+|\b[\w-]+\.(?:py|ts|js|md|json|yaml|yml|toml|sql|go|rs|sh)\b|\b\d+(?:\.\d+)?\s?(?:ms|s|MB|GB|%|秒|天|端口)?\b"
)
_SENTENCE = re.compile(r"[^。！？!?\n]+[。！？!?]?")


@dataclass
class Message:
    """One message, normalised from OpenAI or Claude Code form."""

    role: str  # user | assistant | tool | system
    text: str
    tool_calls: list[str] = field(default_factory=list)  # ids this message calls
    result_of: str = ""  # the call id a tool result answers
    tool_name: str = ""
    raw: Any = None
    original_text: str = ""  # the text as parsed, to tell a kept message from a changed one
    # A Claude Code tool_use block in OpenAI form ({id, type, function: {name, arguments}}), so
    # a transcript compacts into valid OpenAI input (each tool message answers a tool call).
    openai_calls: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.original_text = self.original_text or self.text

    @property
    def tokens(self) -> int:
        return count_tokens(self.text) + 4

    def as_openai(self) -> dict[str, Any]:
        """This message as OpenAI chat input: a message kept verbatim is its original object
        (tool_calls, tool_call_id and all); a changed one keeps the fields that pair tool calls
        with their results, so the compacted list is valid input again."""
        raw = self.raw if isinstance(self.raw, dict) and "role" in self.raw else None
        if raw is not None and self.text == self.original_text:
            return dict(raw)
        out: dict[str, Any] = {"role": self.role, "content": self.text}
        if raw is not None:
            out.update({k: raw[k] for k in ("tool_calls", "tool_call_id", "name") if k in raw})
        elif self.result_of:
            out["tool_call_id"] = self.result_of
        if raw is None and self.openai_calls:
            # the calls travel as tool_calls; the ``[calls: …]`` lines were for the summariser
            kept = [line for line in self.text.split("\n") if not line.startswith("[calls: ")]
            out["content"] = "\n".join(kept)
            out["tool_calls"] = self.openai_calls
        return out


# Roles OpenAI chat input accepts; anything else would be passed on as invalid input.
ROLES = ("system", "developer", "user", "assistant", "tool", "function")


def parse_openai(data: list[dict[str, Any]], path: str = "messages") -> list[Message]:
    out = []
    for index, item in enumerate(data):
        if not isinstance(item, dict) or "role" not in item:
            raise FormatError(
                f"not a conversation: message {index} is not an object with a role", path
            )
        if item["role"] not in ROLES:
            raise FormatError(
                f"not a conversation: message {index} has the unknown role {item['role']!r} "
                f"(expected {', '.join(ROLES)})",
                path,
            )
        content = item.get("content") or ""
        if isinstance(content, list):
            content = "\n".join(part.get("text", "") for part in content if isinstance(part, dict))
        calls = [call.get("id", "") for call in item.get("tool_calls") or []]
        names = ", ".join(
            call.get("function", {}).get("name", "") for call in item.get("tool_calls") or []
        )
        text = str(content) + (f"\n[calls: {names}]" if names else "")
        out.append(
            Message(
                item["role"], text, calls, item.get("tool_call_id", ""), item.get("name", ""), item
            )
        )
    return out


def parse_claude_transcript(lines: list[str], path: str = "transcript") -> list[Message]:
    """Claude Code JSONL: user/assistant entries whose content is text, tool_use or tool_result."""
    out: list[Message] = []
    names: dict[str, str] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            raise FormatError(
                "not a conversation: this line is not JSON (OpenAI JSON or Claude Code JSONL "
                "expected)",
                path,
                number,
            ) from None
        if not isinstance(entry, dict):
            raise FormatError(
                f"not a conversation: this line is a JSON {type(entry).__name__}, not an object "
                "(OpenAI JSON or Claude Code JSONL expected)",
                path,
                number,
            )
        message = entry.get("message")
        if entry.get("type") not in ("user", "assistant") or not isinstance(message, dict):
            continue
        role = str(message.get("role") or entry["type"])
        content = message.get("content", "")
        if isinstance(content, str):
            out.append(Message(role, content, raw=entry))
            continue
        texts, calls, specs = [], [], []
        for block in content if isinstance(content, list) else []:
            kind = block.get("type") if isinstance(block, dict) else None
            if kind == "text":
                texts.append(block.get("text", ""))
            elif kind == "tool_use":
                calls.append(block.get("id", ""))
                names[block.get("id", "")] = block.get("name", "")
                specs.append(
                    {
                        "id": block.get("id", ""),
                        "type": "function",
                        "function": {
                            "name": block.get("name", ""),
                            "arguments": json.dumps(block.get("input", {}), ensure_ascii=False),
                        },
                    }
                )
                # redact before the cut: half a key is no longer recognisable
                called = clip(
                    redact(json.dumps(block.get("input", {}), ensure_ascii=False)), 200, ""
                )
                texts.append(f"[calls: {block.get('name', '')} {called}]")
            elif kind == "tool_result":
                body = block.get("content", "")
                if isinstance(body, list):
                    body = "\n".join(
                        part.get("text", "") for part in body if isinstance(part, dict)
                    )
                use_id = block.get("tool_use_id", "")
                out.append(
                    Message(
                        "tool",
                        str(body),
                        result_of=use_id,
                        tool_name=names.get(use_id, ""),
                        raw=entry,
                    )
                )
        if texts or calls:
            out.append(
                Message(
                    role,
                    "\n".join(texts),
                    calls,
                    raw=entry,
                    openai_calls=specs,
                )
            )
    return out


def _json(text: str, path: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FormatError(f"invalid JSON ({exc.msg})", path, exc.lineno) from None


def load_conversation(text: str, path: str = "conversation") -> list[Message]:
    """OpenAI messages (a JSON list, or an object with ``messages``) or a Claude Code JSONL;
    anything else is a format error, never an empty conversation."""
    stripped = text.lstrip()
    if not stripped:
        raise FormatError("not a conversation: the file is empty", path)
    if stripped.startswith("["):
        data = _json(stripped, path)
        messages = parse_openai(data, path) if isinstance(data, list) else []
    elif stripped.startswith("{") and "\n" not in stripped.strip():
        data = _json(stripped, path)
        if not (isinstance(data, dict) and isinstance(data.get("messages"), list)):
            raise FormatError(
                "not a conversation: expected OpenAI messages (a list, or {'messages': [...]}) "
                "or a Claude Code transcript (JSONL)",
                path,
            )
        messages = parse_openai(data["messages"], path)
    else:
        messages = parse_claude_transcript(text.splitlines(), path)
    if not messages and stripped:
        raise FormatError(
            "not a conversation: no user or assistant messages found (OpenAI JSON or Claude "
            "Code JSONL expected)",
            path,
        )
    return messages


def stub_tool_results(messages: list[Message]) -> list[Message]:
    """What a summariser may see: tool results replaced by name, size and status only."""
    safe = []
    for message in messages:
        if message.role == "tool":
            status = "error" if _ERROR.search(message.text[:400]) else "ok"
            safe.append(
                Message(
                    "tool",
                    f"[tool result: {message.tool_name or 'tool'}, {len(message.text)} characters, {status}]",
                    result_of=message.result_of,
                    tool_name=message.tool_name,
                )
            )
        else:
            safe.append(
                Message(
                    message.role,
                    message.text,
                    message.tool_calls,
                    message.result_of,
                    message.tool_name,
                )
            )
    return safe


def units(messages: list[Message]) -> list[list[Message]]:
    """Messages grouped so a tool call and all of its results stay together."""
    groups: list[list[Message]] = []
    open_calls: set[str] = set()
    for message in messages:
        if message.role == "tool" and message.result_of in open_calls and groups:
            groups[-1].append(message)
            continue
        groups.append([message])
        open_calls = set(message.tool_calls)
    return groups


def split_point(messages: list[Message], keep: int) -> int:
    """Index of the first kept message: the last ``keep``, moved earlier so no pair is split."""
    if keep >= len(messages):
        return 0
    start = len(messages) - keep
    while start > 0 and messages[start].role == "tool":
        start -= 1  # a result must stay with its call
    return start


def chunk_by_tokens(messages: list[Message], limit: int) -> list[list[Message]]:
    chunks: list[list[Message]] = []
    current: list[Message] = []
    size = 0
    for unit in units(messages):
        cost = sum(m.tokens for m in unit)
        if current and size + cost > limit:
            chunks.append(current)
            current, size = [], 0
        current.extend(unit)
        size += cost
    if current:
        chunks.append(current)
    return chunks


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.findall(text) if s.strip()]


_PROPER = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]{2,}|\b\d[\d:/.-]*\b|[\u4e00-\u9fff]{2,}")
_KEEP_FIRST = ("- 决定", "- 待办", "- 错误")


def _information(item: str) -> float:
    """Names, numbers and dates per token: what a later question is likely to ask about."""
    return len(_PROPER.findall(item)) / max(count_tokens(item), 1)


def fit_summary(summary: str, limit: int) -> str:
    """Fit ``limit`` tokens by dropping whole items, least informative first; decisions, TODOs
    and errors go last. Order is kept, no item is cut."""
    items = summary.splitlines()
    if count_tokens(summary) <= limit:
        return summary
    ranked = sorted(
        range(len(items)),
        key=lambda i: (items[i].startswith(_KEEP_FIRST), _information(items[i]), i),
    )
    dropped: set[int] = set()
    total = count_tokens(summary)
    for index in ranked:
        if total <= limit:
            break
        dropped.add(index)
        total -= count_tokens(items[index]) + 1
    return "\n".join(item for i, item in enumerate(items) if i not in dropped)


def extractive_summary(previous: str, chunk: list[Message], max_items: int = 60) -> str:
    """Requests, decisions, TODOs, errors and identifiers, merged with the previous summary."""
    items = [line for line in previous.splitlines() if line.startswith("- ")]
    for message in chunk:
        if message.role == "tool":
            continue
        for sentence in _sentences(message.text):
            short = clip(sentence, 160)
            if message.role == "user" and (
                len(_sentences(message.text)) <= 3 or sentence == _sentences(message.text)[0]
            ):
                items.append(f"- 用户要求 / user asked: {short}")
            elif _DECISION.search(sentence):
                items.append(f"- 决定 / decision: {short}")
            elif _TODO.search(sentence):
                items.append(f"- 待办 / todo: {short}")
            elif _ERROR.search(sentence):
                items.append(f"- 错误 / error: {short}")
            elif message.role == "assistant" and (
                _IDENT.search(sentence) or len(_PROPER.findall(sentence)) >= 2
            ):
                items.append(f"- 记录 / note: {short}")
    seen: dict[str, None] = {}
    for item in items:
        seen.setdefault(item, None)
    unique = list(seen)
    if len(unique) > max_items:
        unique = [*unique[:10], "- …", *unique[-(max_items - 11) :]]
    return "\n".join(unique)


@dataclass
class Compacted:
    messages: list[Message]
    summary: str
    compacted: bool
    tokens_before: int
    tokens_after: int
    dropped: int
    warnings: list[str] = field(default_factory=list)
    flushed: list[str] = field(default_factory=list)


def summary_message(summary: str) -> Message:
    return Message("system", "[对话摘要 / summary of earlier messages]\n" + summary)


def compact(
    messages: list[Message],
    window: int = 8000,
    keep: int = 10,
    threshold: float = 0.75,
    chunk_tokens: int = 2000,
    summarizer: Summarizer | None = None,
    summary_tokens: int | None = None,
) -> Compacted:
    """Compact when over ``threshold`` of ``window``; ``summarizer`` (an LLM) may fail: then the
    extractive summary is used for that chunk and a warning says so. ``summary_tokens`` caps
    the summary by dropping whole items. The original system prompt (leading system
    messages) is always kept, as OpenClaw's compaction does."""
    before = sum(m.tokens for m in messages)
    if before <= window * threshold:
        return Compacted(messages, "", False, before, before, 0)
    prompt = 0
    while prompt < len(messages) and messages[prompt].role == "system":
        prompt += 1
    system, messages = messages[:prompt], messages[prompt:]
    start = split_point(messages, keep)
    older, kept = messages[:start], [*system, *messages[start:]]
    summary = ""
    warnings: list[str] = []
    for chunk in chunk_by_tokens(stub_tool_results(older), chunk_tokens):
        if summarizer is not None:
            try:
                text = summarizer(summary, chunk)
                if not text.strip():
                    raise ValueError("empty summary")
                summary = text.strip()
                continue
            except (
                Exception
            ) as exc:  # any model failure: keep the context with the extractive summary
                warnings.append(
                    f"LLM summary failed ({type(exc).__name__}); extractive summary used"
                )
        summary = extractive_summary(summary, chunk)
    if summary_tokens is not None:
        summary = fit_summary(summary, summary_tokens)
    result = [*kept[:prompt], summary_message(summary), *kept[prompt:]] if older else kept
    return Compacted(
        result, summary, bool(older), before, sum(m.tokens for m in result), len(older), warnings
    )


def llm_summarizer(client: Any, instructions: str | None = None) -> Summarizer:
    """A summariser over an OpenAI-compatible chat client (JSON answer, validated); custom
    ``instructions`` are added to its prompt (OpenClaw's compaction takes them too)."""
    schema = {
        "type": "object",
        "required": ["summary"],
        "properties": {"summary": {"type": "string", "maxLength": 8000}},
    }
    system = (
        "Update the running summary of a conversation between a user and a coding agent. Keep user "
        "requests, decisions, open TODOs and exact identifiers (paths, URLs, numbers, error messages). "
        'Write in the conversation\'s language. Answer JSON: {"summary": "..."}'
    )
    if instructions:
        system += f"\nAdditional instructions: {instructions}"

    def summarize(previous: str, chunk: list[Message]) -> str:
        transcript = "\n".join(f"{m.role}: {m.text}" for m in chunk)
        answer = client.complete_json(
            system,
            f"Previous summary:\n{previous or '(none)'}\n\nNew messages:\n{transcript}",
            schema,
        )
        return answer["summary"]

    return summarize


def flush_memories(writer: Any, dropped: list[Message]) -> list[str]:
    """Append the durable facts of messages about to be dropped to today's daily log, once:
    learning signals in user messages and decisions; items already in today's log are skipped."""
    from memstrata.capture.signals import detect
    from memstrata.entries.journal import log

    ws = writer.ws
    items: list[str] = []
    for message in dropped:
        said = writer.clean(message.text)  # redacted before detection cuts evidence
        if message.role == "user":
            items += [f"[{s.kind}] {s.evidence}" for s in detect(said) if s.kind != "satisfaction"]
        if message.role in ("user", "assistant"):
            items += [f"[decision] {s}" for s in _sentences(said) if _DECISION.search(s)]
    today_path = ws.daily_path(ws.today()) if ws.role("daily") else None
    if not items or today_path is None:
        return []
    existing = "".join(ws.read_lines(today_path)) if ws.exists(today_path) else ""
    fresh = list(dict.fromkeys(item for item in items if writer.clean(item) not in existing))
    if fresh:
        title = "压缩前记忆刷新" if ws.lang == "zh" else "Memory flush before compaction"
        log(writer, "\n".join(fresh), title=title)
    return fresh


def compact_file(
    text: str,
    path: str,
    writer: Any | None,
    window: int,
    keep: int,
    threshold: float,
    instructions: str | None = None,
) -> Compacted:
    """``memstrata compact``: load a conversation, flush its durable facts to today's log when
    it will be compacted (``writer`` None: no flush), then compact it (with the configured LLM
    when there is one, else extractively)."""
    from memstrata.providers.llm import ChatClient

    messages = load_conversation(text, path)
    client = ChatClient.from_settings(writer.ws.config.llm) if writer is not None else None
    flushed: list[str] = []
    if writer is not None and sum(m.tokens for m in messages) > window * threshold:
        flushed = flush_memories(writer, messages[: split_point(messages, keep)])
    result = compact(
        messages,
        window=window,
        keep=keep,
        threshold=threshold,
        summarizer=llm_summarizer(client, instructions) if client else None,
    )
    result.flushed = flushed
    if instructions and client is None:
        result.warnings.append(
            "--instructions are used only by the LLM summariser (set [llm] base_url and model "
            "in memstrata.toml); this extractive summary did not use them"
        )
    return result
