"""What a failed tool call says went wrong, and the statement a repeated failure is written as.

A lesson about a failure is only useful with its error: "go test -race ./internal/match/...
反复失败 2 次" without 'C compiler "gcc" not found' tells the next session nothing. Two ways the
error was lost (a blind scenario's first run, BENCHMARKS.md issue 11 round 20): the evidence
was the output's first line, which for many tools is a header ("# runtime/cgo" from go build),
and the statement was cut at 100 characters after a long command, so a Kafka CLI call with its
bootstrap server left no room for "Timed out waiting for a node assignment". Here the evidence
is the line that carries the error, reduced to its last exception when errors are chained
("failed due to org.apache….TimeoutException: Timed out…"), and the command gives way to it.
"""

from __future__ import annotations

import re

from memstrata.capture.toolcontext import error_shaped
from memstrata.text.lazy_re import lazy_compile
from memstrata.text.titles import clip

# A line that leads an error report: a traceback, "error:", "fatal:", npm's, a failed command.
ERROR_LINE = lazy_compile(
    r"^\s*(?:traceback \(most recent call last\)|error[:\[]|fatal:|npm err!|failed\b"
    r"|.*\bcommand not found\b|.*\bpermission denied\b|.*\bno such file or directory\b|killed\b"
    r"|.*\beconnrefused\b|.*\bconnection timed out\b)",
    re.IGNORECASE,
)
# Lines that frame a report without saying what went wrong: a package header ("# runtime/cgo"),
# a bare verdict ("FAIL", "FAIL\tpkg [build failed]"), rules, an exit code.
_FRAME_LINE = lazy_compile(
    r"^\s*(?:#\s|FAIL\b|-{3,}|={3,}|\*{3,}|exit(?:ed)?(?: with)? (?:code|status)\b)", re.IGNORECASE
)
# The last error of a chain ("… failed due to org.apache.kafka….TimeoutException: Timed out …"):
# its (unqualified) name and message.
_LAST_EXCEPTION = lazy_compile(
    r"(?:^|[\s(])(?:[\w$]+\.)*(?P<error>[A-Z]\w*(?:Exception|Error)):\s*(?P<message>\S.*)$"
)
# The last line of a Python traceback: the exception raised.
_RAISED = lazy_compile(r"^(?:[\w]+\.)*\w*(?:Error|Exception|Interrupt|Exit|Warning)\b")
# The room a repeated failure's statement keeps for the error; the command gets the rest.
ERROR_ROOM = 50
STATEMENT_LIMIT = 100  # seed 000: a detail says what happened in at most 100 characters


def telling_line(output: str) -> str:
    """The line of a tool's ``output`` that says what went wrong, as short as it can say it."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    if not lines:
        return output.strip()
    errors = [line for line in lines if ERROR_LINE.match(line)]
    if errors and errors[0].lower().startswith("traceback"):
        # a traceback ends with its message ("ValueError: bad"); npm, make and most tools lead
        raised = [line for line in lines if _RAISED.match(line)]
        line = (raised or errors)[-1]
    elif errors:
        line = errors[0]
    else:
        said = [line for line in lines if not _FRAME_LINE.match(line)] or lines
        line = next((line for line in said if error_shaped(line)), said[0])
    chained = list(_LAST_EXCEPTION.finditer(line))
    if chained and chained[-1].start() > 0:
        last = chained[-1]
        return f"{last.group('error')}: {last.group('message')}"
    return line


def failure_statement(operation: str, count: int, error: str, zh: bool) -> str:
    """ "OPERATION 反复失败 N 次。ERROR" in at most STATEMENT_LIMIT characters, the operation
    cut before the error is."""
    said = f" 反复失败 {count} 次。" if zh else f" failed {count} times. "
    error = " ".join(error.split())
    room = STATEMENT_LIMIT - len(said) - min(len(error), ERROR_ROOM)
    return clip(f"{clip(operation, room)}{said}{error}", STATEMENT_LIMIT)
