"""Recurring tool sequences, seen from the agent's hooks (note 004's auto-skill, without anyone
calling the API).

Each ``PostToolUse`` adds one normalised step to the session's current turn (``Bash: npm
test``, ``Edit .py``: the tool and the head of its command, never its arguments), a cheap
append under ``.memstrata/workflows/``. At ``Stop`` the turn ends: its steps (consecutive
repeats collapsed) are compared with the recent successful turns, and the longest run of three
or more steps that two turns share is recorded with :func:`memstrata.evolve.skills.
record_workflow` as seen twice. The next heartbeat drafts a SKILL.md from it (a proposal in
skills/auto-generated/, approved or not by the owner). A turn with a failed tool call is kept
as history but never proposed.
"""

from __future__ import annotations

import json
import re
import shlex
from typing import TYPE_CHECKING, Any

from memstrata.core.redact import redact
from memstrata.core.storage import append_bytes, atomic_write_bytes, file_lock, take_file

if TYPE_CHECKING:  # PostToolUse runs on every tool call: a step imports only what it needs
    from memstrata.core.workspace import Workspace
    from memstrata.core.writer import Writer

FOLDER = "workflows"
HISTORY = "history.jsonl"
KEEP_TURNS = 50
MAX_STEPS = 200
_ENV = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
# A program or subcommand name kept in a step: a short lower-case word with few digits. Anything
# else (a path, a URL, a key pasted as the first word) is left out, so a step never holds a
# secret or a piece of one.
_WORD = re.compile(r"^[a-z][a-z0-9._+:-]{0,23}$")
_COMMAND_TOOLS = ("bash", "shell", "exec", "run", "terminal")
# A tool's name (Bash, mcp__github__create_issue) and a file's extension are kept whole or not
# at all: cutting one that holds a pasted key would keep half of the key, which the redactor no
# longer recognises (review of issue 9, item 3). Many digits mark a key, not a name.
_TOOL = re.compile(r"^[A-Za-z][A-Za-z0-9_.:-]{0,59}$")
_EXTENSION = re.compile(r"^[A-Za-z0-9]{1,10}$")


def _folder(ws: Workspace) -> Any:
    return ws.state_dir / FOLDER


def _safe(session_id: str) -> str:
    return (
        "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in session_id)[:64] or "default"
    )


def normalise(tool: str, tool_input: Any) -> str:
    """One step: ``Bash: git commit`` (a command's program and subcommand), ``Edit .py`` (a
    file tool and the file's kind), or the tool's name. Nothing in it is cut: each part is
    redacted, then kept whole when it has the shape of a name, or left out."""
    tool = redact(" ".join(str(tool).split()))
    if not _TOOL.match(tool) or sum(ch.isdigit() for ch in tool) > 4:
        tool = "tool"
    data = tool_input if isinstance(tool_input, dict) else {}
    command = data.get("command")
    if isinstance(command, str) and command.strip():
        try:
            words = shlex.split(command)
        except ValueError:
            words = command.split()
        words = [w for w in words if not _ENV.match(w)]
        # a program's path counts by its name; a URL or user@host is no program
        head = [w.rsplit("/", 1)[-1] for w in words[:1] if not any(c in w for c in ":@?=")]
        if head and len(words) > 1:
            head.append(words[1])
        kept = []
        for word in head:
            if not _WORD.match(word) or sum(ch.isdigit() for ch in word) > 3:
                break
            kept.append(word)
        return f"{tool}: {' '.join(kept)}" if kept else tool
    path = data.get("file_path") or data.get("path") or data.get("notebook_path")
    if isinstance(path, str) and "." in path.rsplit("/", 1)[-1]:
        extension = redact(path).rsplit(".", 1)[-1]
        if _EXTENSION.match(extension) and sum(ch.isdigit() for ch in extension) <= 3:
            return f"{tool} .{extension}"
    return tool


def note_step(ws: Workspace, session_id: str, tool: str, tool_input: Any, ok: bool = True) -> None:
    """Add one tool call to the session's current turn (PostToolUse); a failed call
    (PostToolUseFailure) only marks the turn failed, nothing of it is kept."""
    step = normalise(tool, tool_input) if ok else ""
    path = _folder(ws) / f"turn-{_safe(session_id)}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps({"step": step, "ok": ok}, ensure_ascii=False) + "\n"
    append_bytes(path, line.encode("utf-8"))


def _collapse(steps: list[str]) -> list[str]:
    out: list[str] = []
    for step in steps:
        if not out or out[-1] != step:
            out.append(step)
    return out[:MAX_STEPS]


def _longest_shared(first: list[str], second: list[str]) -> list[str]:
    """The longest contiguous run of steps both turns contain."""
    best: tuple[int, int] = (0, 0)
    previous = [0] * (len(second) + 1)
    for i in range(1, len(first) + 1):
        current = [0] * (len(second) + 1)
        for j in range(1, len(second) + 1):
            if first[i - 1] == second[j - 1]:
                current[j] = previous[j - 1] + 1
                if current[j] > best[0]:
                    best = (current[j], i)
        previous = current
    length, end = best
    return first[end - length : end]


def _contains(outer: list[str] | tuple[str, ...], inner: list[str] | tuple[str, ...]) -> bool:
    """Whether ``inner`` is a contiguous run of ``outer`` (the same workflow, extended)."""
    size = len(inner)
    return any(tuple(outer[i : i + size]) == tuple(inner) for i in range(len(outer) - size + 1))


def _worth_a_skill(run: list[str]) -> bool:
    """At least three steps, two different ones, and one that runs a command (a sequence of
    reads and edits alone is how every turn looks, not a procedure)."""
    from memstrata.evolve.skills import MIN_STEPS

    commands = [s for s in run if s.split(":", 1)[0].strip().lower() in _COMMAND_TOOLS]
    return len(run) >= MIN_STEPS and len(set(run)) >= 2 and bool(commands)


def finish_turn(writer: Writer, session_id: str) -> list[str] | None:
    """End the session's turn (Stop / SessionEnd): remember it, and record the longest run it
    shares with an earlier successful turn, unless that run (or one it extends or is part of) was
    recorded before. Returns it."""
    from memstrata.evolve.skills import MIN_STEPS, record_workflow

    ws = writer.ws
    folder = _folder(ws)
    data = take_file(folder / f"turn-{_safe(session_id)}.jsonl")
    if not data:
        return None
    records = []
    for raw in data.decode("utf-8", "replace").splitlines():
        try:
            records.append(json.loads(raw))
        except ValueError:
            continue  # a line cut by a killed hook
    steps = _collapse([str(r.get("step", "")) for r in records if r.get("step")])
    ok = all(r.get("ok", True) for r in records)
    found: list[str] | None = None
    with file_lock(folder / "history.lock"):
        history_path = folder / HISTORY
        history = []
        if history_path.exists():
            for raw in history_path.read_text("utf-8", "replace").splitlines():
                try:
                    history.append(json.loads(raw))
                except ValueError:
                    continue
        recorded = {tuple(r) for item in history for r in item.get("recorded", [])}
        if ok and len(steps) >= MIN_STEPS:
            shared = [_longest_shared(steps, item["steps"]) for item in history if item.get("ok")]
            candidates = [run for run in shared if _worth_a_skill(run)]
            best = max(candidates, key=len, default=None)
            if best is not None and not any(
                _contains(best, r) or _contains(r, best) for r in recorded
            ):
                found = best
        entry = {"steps": steps, "ok": ok, "recorded": [found] if found else []}
        history = [*history, entry][-KEEP_TURNS:]
        text = "".join(json.dumps(item, ensure_ascii=False) + "\n" for item in history)
        atomic_write_bytes(history_path, text.encode("utf-8"))
    if found:
        record_workflow(writer, found, succeeded=True, times=2)
    return found
