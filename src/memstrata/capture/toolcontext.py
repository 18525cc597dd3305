"""Tool results as an agent sees them, and the repeated failures among them.

Two line forms are read: ``[tool] COMMAND → OUTPUT`` (what ``--context`` and the labelling
guide use; ``->`` works too) and the older ``tool: COMMAND -> Exit code N``. A run failed when its
output carries a non-zero exit code or an error shape (``Error:``, ``npm ERR!``, ``FAILED``,
``permission denied``, an HTTP 4xx/5xx...). The same operation is the same tool and command
after whitespace is collapsed; it is a repeated failure when it failed two or more times and its
latest run still failed (a run that later passed is a fixed problem, not a lesson).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memstrata.text.lazy_re import lazy_compile

_ARROW_LINE = lazy_compile(
    r"^\s*\[(?P<tool>[^\]]{1,40})\]\s*(?P<op>.+?)\s*(?:→|->|=>)\s*(?P<out>.*)$"
)
_OLD_LINE = lazy_compile(
    r"^\s*(?:(?P<tool>[\w.-]+):\s*)?(?P<op>.+?)\s*->\s*(?P<out>exit code \d+.*)$", re.IGNORECASE
)
_EXIT = lazy_compile(r"exit(?:ed)?(?: with)? (?:code|status)[: ]*(\d+)", re.IGNORECASE)
_FAILED = lazy_compile(
    r"error|\berr\b|err!|fail|fatal|exception|traceback|denied|forbidden|refused|unreachable"
    r"|timed? ?out|timeout|\bkilled\b|oom|out of memory|panic|abort|segmentation|crash|backoff"
    r"|not found|no such|cannot|can't|couldn't|could not|unable|invalid|conflict|rejected"
    r"|unauthori[sz]ed|undefined|overflow|\bnan\b|\[emerg\]|unexpectedly|no space|\bgone\b|not in std"
    r"|not accessible|missing|^\s*(?:HTTP/\S+\s+)?[45]\d\d\b|\b(?:HTTP|status)\W*[45]\d\d\b|notfound|✗|✘|失败|错误|报错|超时|拒绝",
    re.IGNORECASE,
)
_SUCCESS = lazy_compile(r"^\s*(?:ok|done|success|passed|✓|成功)\b", re.IGNORECASE)
# "0 failed", "Found 0 errors", "test result: ok" are clean runs whatever else they say.
_CLEAN = lazy_compile(
    r"(?<![\d.])\b0 (?:failed|failures?|errors?|fail)\b|\bno errors\b|test result: ok|\ball \d+ passed",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class ToolRun:
    """One tool result line."""

    tool: str
    op: str
    output: str
    failed: bool

    @property
    def operation(self) -> str:
        return f"[{self.tool}] {self.op}" if self.tool else self.op


def _failed(output: str) -> bool:
    code = _EXIT.search(output)
    if code:
        return int(code.group(1)) != 0
    if _SUCCESS.match(output) or _CLEAN.search(output):
        return False
    return error_shaped(output)


def error_shaped(text: str) -> bool:
    """Whether ``text`` reads like an error report (an error word, a 4xx/5xx status)."""
    return bool(_FAILED.search(text))


def parse_runs(context: str) -> list[ToolRun]:
    """Every tool result line in ``context``, in order (other lines are ignored)."""
    runs = []
    for line in context.splitlines():
        match = _ARROW_LINE.match(line) or _OLD_LINE.match(line)
        if match:
            output = match.group("out").strip()
            runs.append(
                ToolRun(
                    (match.group("tool") or "").strip(),
                    " ".join(match.group("op").split()),
                    output,
                    _failed(output),
                )
            )
    return runs


@dataclass(frozen=True)
class Failures:
    """What a context says about failures: for the rules and as classifier features."""

    runs: int
    failed: int
    worst_op: str  # the operation that failed most often (latest on ties), "" when none
    worst_count: int
    worst_still_failing: bool
    last_output: str

    @property
    def repeated(self) -> bool:
        return self.worst_count >= 2 and self.worst_still_failing


def _key(run: ToolRun) -> str:
    """The program and its first argument that is not a flag (``docker build``, ``make flash``):
    a retry with other flags is the same operation."""
    words = run.op.split()
    rest = [w for w in words[1:] if not w.startswith("-") and "=" not in w][:1]
    return " ".join([run.tool, *words[:1], *rest])


def _signature(output: str) -> str:
    """An error message without its numbers: two runs failing the same way."""
    message = _EXIT.sub("", output.lower()).strip(" :;,.")
    return re.sub(r"\d+(?:\.\d+)?", "#", message)[:60]


def failures(context: str) -> Failures:
    runs = parse_runs(context)
    # Failed runs are one operation when their command keys or their error messages agree.
    groups: list[tuple[set[str], set[str], list[ToolRun]]] = []
    for run in runs:
        if not run.failed:
            continue
        key, sig = _key(run), _signature(run.output)
        group = next((g for g in groups if key in g[0] or (len(sig) > 8 and sig in g[1])), None)
        if group is None:
            groups.append(({key}, {sig}, [run]))
        else:
            group[0].add(key)
            group[1].add(sig)
            group[2].append(run)
    last_by_key = {_key(run): run for run in runs}

    def still_failing(group: tuple[set[str], set[str], list[ToolRun]]) -> bool:
        return all(last_by_key[key].failed for key in group[0])

    worst = max(groups, key=lambda g: (still_failing(g), len(g[2])), default=None)
    return Failures(
        runs=len(runs),
        failed=sum(run.failed for run in runs),
        worst_op=worst[2][-1].operation if worst else "",
        worst_count=len(worst[2]) if worst else 0,
        worst_still_failing=bool(worst and still_failing(worst)),
        last_output=worst[2][-1].output if worst else "",
    )
