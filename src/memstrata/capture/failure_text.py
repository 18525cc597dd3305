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
    r"^\s*(?:traceback \(most recent call last\)|error[:\[]|fatal:|npm err!|failed\b|e: "
    r"|.*\bcommand not found\b|.*\bpermission denied\b|.*\bno such file or directory\b|killed\b"
    r"|.*\beconnrefused\b|.*\bconnection timed out\b"
    # a test's assertion under its runner's header (RSpec, dotnet test: review33)
    r"|failure/error:|error message:)",
    re.IGNORECASE,
)
# Lines that frame a report without saying what went wrong: a package header ("# runtime/cgo"),
# a bare verdict ("FAIL", "FAIL\tpkg [build failed]"), rules, an exit code (also CI's "Error:
# Process completed with exit code 1."), a count of zero errors ("Found 0 errors", "failed=0"),
# and the hook's own tool line ("Bash: {\"command\": …}"): review20 found each taken as the error.
_FRAME_LINE = lazy_compile(
    r"^\s*(?:#\s|FAIL\b|-{3,}|={3,}|\*{3,})"
    r"|\bexit(?:ed)?(?: with)? (?:code|status)\b"
    r"|(?<![\d.])\b0 (?:errors?|failures?|failed|fail)\b"
    r"|\b(?:errors?|failures?|failed|fail)(?: \w+)?\s*[:=]\s*0\b(?![.\d])"
    r"|^(?:Bash|Read|Write|Edit|MultiEdit|Grep|Glob|WebFetch|WebSearch|Task|NotebookEdit|mcp__\S+):\s"
    # Gradle's frame around its reason ("FAILURE: Build failed with an exception.", "* What went
    # wrong:", "BUILD FAILED in 3s") and Perforce's around a trigger's ("Submit validation failed
    # -- fix problems then use 'p4 submit -c 90412'."): learning_sim8 kept the frame, not the cause
    r"|^\s*FAILURE: Build failed with an exception\.?\s*$|^\s*\* (?:What went wrong|Try|Where):\s*$"
    r"|^\s*BUILD FAILED\b|^\s*> Run with --\w+|\bfix problems then use\b"
    # review32's frames: Gradle's failed task, npm's code and log lines, pip's and BuildKit's
    # wrappers, a test runner's totals, Maven's goal that only says "Compilation failure"
    r"|^\s*> Task :\S+ FAILED\s*$|^\s*npm ERR!\s*$"
    r"|^\s*npm ERR! A complete log of this run|^\s*(?:[\d.]+\s+)?error: (?:subprocess-exited-with-error"
    r"|metadata-generation-failed)\s*$|^\s*=> ERROR \[|^\s*(?:Test Suites|Tests|Snapshots):\s"
    r"|: Compilation failure\s*$"
    # git's summary after the refs it names ("! [rejected] main -> main (non-fast-forward)")
    r"|^\s*error: failed to push some refs\b"
    # ninja's target line and summary around the linker's or compiler's error (learning_sim9)
    r"|^\s*FAILED: \S+\s*$|^\s*ninja: build stopped\b"
    # test runners' headers and totals around the assertion that failed (review33): cargo test's,
    # RSpec's and dotnet test's (xUnit, NUnit, MSTest)
    r"|^\s*(?:error: test failed, to rerun pass\b|test result: FAILED\b|test \S+ \.\.\. FAILED\s*$"
    r"|failures:\s*$|note: run with `RUST_BACKTRACE)"
    r"|^\s*(?:Failures|Failed examples):\s*$|^\s*rspec \./\S+:\d+ #|^\s*\d+ examples?, \d+ failures?\b"
    r"|^\s*Failed \S+ \[\d+(?:\.\d+)? ?m?s\]\s*$|^\s*Failed!\s+-\s+Failed:"
    r"|^\s*\[xUnit\.net [\d:.]+\]\s+\S+ \[FAIL\]\s*$|^\s*Stack Trace:\s*$",
    re.IGNORECASE,
)
# Colour codes, with or without their escape character (cleaning drops the ESC, not the rest).
_COLOUR = lazy_compile(r"\x1b?\[[0-9;]*m")
# The root cause of a Java-style chain, on its own line: the last one is the deepest.
_CAUSED_BY = lazy_compile(r"^\s*caused by:\s*", re.IGNORECASE)
# A line that names an error outright (a log level, an exception, a crash), and one that only warns.
_NAMES_ERROR = lazy_compile(
    r"\b(?:ERROR|FATAL|CRITICAL|PANIC)\b|panicked|\w(?:Exception|Error)\b|segmentation fault"
    r"|core dumped"
)
_WARNS = lazy_compile(r"\bwarn(?:ing)?\b|\w+Warning\b", re.IGNORECASE)
# The last error of a chain ("… failed due to org.apache.kafka….TimeoutException: Timed out …"):
# its (unqualified) name and message.
_LAST_EXCEPTION = lazy_compile(
    r"(?:^|[\s(])(?:[\w$]+\.)*(?P<error>[A-Z]\w*(?:Exception|Error)):\s*(?P<message>\S.*)$"
)
# The last line of a Python traceback: the exception raised (not a warning printed after it).
_RAISED = lazy_compile(r"^(?:[\w]+\.)*\w*(?:Error|Exception|Interrupt|Exit)\b")
# The frame some tools draw around a report (terraform's "│ Error: …" inside ╷ … ╵).
_BOX = lazy_compile(r"^\s*[│┃╷╵╎╏]+")
_LOGFMT_FIELD = lazy_compile(
    r'(?<![\w.])(?P<key>msg|message|error|err)=(?P<value>"(?:[^"\\]|\\.)*"|[^\s"]+)', re.IGNORECASE
)
# A logfmt record: a level or a timestamp field beside the message.
_LOGFMT = lazy_compile(r"(?<![\w.])(?:level|lvl|severity|ts|time)=\S", re.IGNORECASE)
# A log message short enough to keep before its error ("failed to sync orders: dial tcp …").
_SHORT_MESSAGE = 24
_GRPC = lazy_compile(r"\brpc error: code = (?P<code>\w+) desc = ")
# The room a repeated failure's statement keeps for the error; the command gets the rest.
ERROR_ROOM = 50
# The room a long command keeps: its tool and first arguments say which operation it was
# (learning_sim9: at 40, "west build -b esp32c3_devkitm app" left "…provided by \"Zephy…").
OPERATION_ROOM = 30
STATEMENT_LIMIT = 100  # seed 000: a detail says what happened in at most 100 characters


def telling_line(output: str) -> str:
    """The line of a tool's ``output`` that says what went wrong, as short as it can say it."""
    lines = [_BOX.sub("", _COLOUR.sub("", line)).strip() for line in output.splitlines()]
    lines = [line for line in lines if line]
    if not lines:
        return output.strip()
    said = [line for line in lines if not _FRAME_LINE.search(line)] or lines
    if any(line.lower().startswith("traceback") for line in said):
        # a traceback ends with its message ("ValueError: bad"); npm, make and most tools lead
        raised = [line for line in said if _RAISED.match(line)]
        line = raised[-1] if raised else max(said, key=_weight)
    else:
        # the last "Caused by:" with its cause on the same line (cargo puts it on the next)
        causes = [line for line in said if _CAUSED_BY.match(line) and _CAUSED_BY.sub("", line)]
        bare = [line for line in said if not (_CAUSED_BY.match(line) and not causes)]
        line = _CAUSED_BY.sub("", causes[-1]) if causes else max(bare or said, key=_weight)
    place = lines.index(line) if line in lines else -1
    heads = line.endswith(":") or _WEBPACK_HEAD.match(line)
    if heads and 0 <= place < len(lines) - 1 and not lines[place + 1].startswith("{"):
        line = f"{line} {lines[place + 1]}"  # "thread 'main' panicked at src/main.rs:2:5:" + why
    line = _deepest_cause(line, lines[place + 1 :] if place >= 0 else [])
    line = _RUST_PANIC.sub(_panicked, line)
    line = _GIT_REF.sub(r"[\g<verdict>] \g<ref> (\g<why>)", _TOOL_PATH.sub(r"\1", line))
    line = _FOLDERS.sub(r"\1", _said_plainly(line))
    chained = list(_LAST_EXCEPTION.finditer(line))
    if chained and (chained[-1].start() > 0 or "." in line[: chained[-1].start("error")]):
        last = chained[-1]
        return f"{last.group('error')}: {last.group('message')}"
    return line


# Gradle's nested causes under its reason ("Could not determine the dependencies of task …" /
# "> Could not resolve all task dependencies …" / "   > Could not find com.acme.sdk:analytics:3.2.1."):
# the deepest says what to fix (review32).
_NESTED_CAUSE = lazy_compile(
    # not a code frame's gutter ("> 1 | <<<<<<< HEAD" under a Babel or ESLint error: review33)
    r"^>\s+(?!Run with\b|Get more help\b|Task\s|\d+\s*\|)(?P<cause>\S.*)$"
)
# A test runner's expectation under the failing test's name (jest: "● Cart › applies coupon" /
# "Expected: 90" / "Received: 100"): the name alone says nothing of what went wrong (review32);
# and the values under an assertion (cargo test's "left: 100" / "right: 90", RSpec's "expected: 90"
# / "got: 100", xUnit's "Expected: 90" / "Actual: 100": review33).
_TEST_NAME = lazy_compile(r"^●\s")
_EXPECTATION = lazy_compile(r"^(?:expected|received|actual|got|left|right)(?: \w+)?:\s*\S", re.I)
# How near an assertion its values must follow to be its own
_NEAR_ASSERTION = 3
# webpack's header names the module; its next line says what is wrong with it (review33)
_WEBPACK_HEAD = lazy_compile(r"^ERROR in \S+(?: \d+:\d+(?:-\d+)?)?$")
# Rust's panic: a test's thread is named after the test, which says more than where it panicked;
# the main thread's location is what there is.
_RUST_PANIC = lazy_compile(r"^thread '(?P<thread>[^']+)' panicked at (?P<where>\S+?):\s+")


def _panicked(found: re.Match[str]) -> str:
    thread = found.group("thread")
    return f"panicked at {found.group('where')}: " if thread == "main" else f"{thread} panicked: "


def _deepest_cause(line: str, after: list[str]) -> str:
    """``line`` with what the lines under it add: the last of Gradle's nested causes that follow
    it, or a failing test's expected and received values."""
    causes = []
    for following in after:
        nested = _NESTED_CAUSE.match(following)
        if not nested:
            break
        causes.append(nested.group("cause"))
    causes = [cause for cause in causes if not cause.endswith(":")]  # "2 issues were found:"
    if causes:
        return causes[-1]
    near = 12 if _TEST_NAME.match(line) else _NEAR_ASSERTION
    expected = [" ".join(following.split()) for following in after[:near]]
    expected = [following for following in expected if _EXPECTATION.match(following)]
    return " ".join([line, *expected[:2]])


# git's line for a ref it refused ("! [rejected]   main -> main (non-fast-forward)"): the reason
# ends it, and the ref said twice took its room (review32).
_GIT_REF = lazy_compile(
    r"^!\s*\[(?P<verdict>[^\]]+)\]\s+(?P<ref>\S+)\s*->\s*\S+\s*\((?P<why>[^)]+)\)\s*$"
)


# The folders of a source location's absolute path ("/home/dev/shop/src/…/OrderService.java:[42,17]
# cannot find symbol", "file:///…/MainActivity.kt:31:9", "/Users/ci/…/Tide.xcodeproj: error:"):
# they took the room the error needed (review32). A path that is what the error is about ("no
# such file: /etc/app/prod.yaml") and a web address keep theirs.
_FOLDERS = lazy_compile(
    r"(?<![:\w/])(?:file://)?/(?:[\w.@+-]+/)+([\w.@+-]+)(?=:(?:\[?\d|\s*error\b))", re.IGNORECASE
)

# The path of the tool that speaks at a line's start ("/home/…/riscv32-esp-elf/bin/ld: region
# `iram0_0_seg' overflowed by 1424 bytes": learning_sim9): its name says who.
_TOOL_PATH = lazy_compile(r"^(?:/[\w.@+-]+)*/(?:s?bin|libexec)/(?:[\w.@+-]+/)*([\w.@+-]+)(?=: )")


def _said_plainly(line: str) -> str:
    """A structured log line's message and error (logfmt's msg="…" err="…", a JSON line's
    "msg"/"error"), and a gRPC error as its innermost code and description: 'time="…"
    level=fatal msg="rpc error: code = PermissionDenied desc = permission denied: …"' left no
    room for "PermissionDenied" in a 100-character statement (learning_sim6's blind run), and a
    message without its error says nothing of the cause (review23: msg="failed to sync orders"
    error="dial tcp …: connection refused")."""
    message, error = _structured(line)
    if message and error:  # the error is the cause: a long message leaves it no room
        line = f"{message}: {error}" if len(message) <= _SHORT_MESSAGE else error
    elif message or error:
        line = message or error
    grpc = list(_GRPC.finditer(line))
    if grpc:
        inner = grpc[-1]
        return f"{inner.group('code')}: {line[inner.end() :]}"
    return line


def _structured(line: str) -> tuple[str, str]:
    """(message, error) of a JSON or logfmt log line; empty strings for plain text."""
    import json

    text = line.strip()
    if text.startswith("{"):
        try:
            fields = json.loads(text)
        except ValueError:
            fields = None
        if isinstance(fields, dict):
            message = fields.get("msg") or fields.get("message") or fields.get("event")
            return _said(message), _said(
                fields.get("error") or fields.get("err") or fields.get("exc_info")
            )
    if not _LOGFMT.search(line):  # "upload failed err=open …" is prose, not a log record
        return "", ""
    found = {m.group("key").lower(): m.group("value") for m in _LOGFMT_FIELD.finditer(line)}

    def value(*keys: str) -> str:
        said = next((found[key] for key in keys if key in found), "")
        return said[1:-1].replace('\\"', '"') if said.startswith('"') else said

    return value("msg", "message"), value("error", "err")


def _said(value: object) -> str:
    """A JSON log field as words: an error object's message (pino's err, Elasticsearch's
    error), a traceback's last line."""
    if isinstance(value, dict):
        value = value.get("message") or value.get("reason") or value.get("msg") or value.get("type")
    text = str(value or "").strip()
    return text.splitlines()[-1].strip() if "\n" in text else text


# npm's code line names the error; a line after it says what it is ("npm ERR! code ERESOLVE" /
# "npm ERR! ERESOLVE unable to resolve dependency tree": review32), so it yields to one.
_NPM_CODE = lazy_compile(r"^\s*npm ERR! (?:code|errno) \S+\s*$", re.IGNORECASE)


def _weight(line: str) -> int:
    """How surely ``line`` says the error (``max`` keeps the first of the best)."""
    if _NPM_CODE.match(line):
        return 3
    if "[REDACTED" in line:  # a secret taken out says nothing of what went wrong
        return 1
    weight = 4 if ERROR_LINE.match(line) else 3 if _NAMES_ERROR.search(line) else 0
    weight = weight or (2 if error_shaped(line) else 1)
    return weight - 2 if _WARNS.search(line) else weight


# A change of directory before the command is where it ran, not what failed ("cd Library/…/Gradle
# && ./gradlew assembleRelease").
_CD_FIRST = lazy_compile(r"^\s*cd\s+\S+\s*&&\s*")


def failure_statement(operation: str, count: int, error: str, zh: bool) -> str:
    """ "OPERATION 反复失败 N 次。ERROR" (one failure: "OPERATION 失败。ERROR") in at most
    STATEMENT_LIMIT characters, the operation cut before the error is: a long command left a
    single failure no room for its error (learning_sim8: an xcodebuild export without "No
    profiles for 'com.xingyu.tide' were found")."""
    if count == 1:
        said = " 失败。" if zh else " failed. "
    else:
        said = f" 反复失败 {count} 次。" if zh else f" failed {count} times. "
    operation = _CD_FIRST.sub("", operation) or operation
    error_room = max(ERROR_ROOM, STATEMENT_LIMIT - len(said) - min(len(operation), OPERATION_ROOM))
    error = why_it_failed(" ".join(error.split()), error_room)
    room = STATEMENT_LIMIT - len(said) - min(len(error), error_room)
    return clip(f"{clip(operation, room)}{said}{error}", STATEMENT_LIMIT)


# Segments of an error chain that say where something failed, not why: a level or a tool's name
# ("Error", "docker", "[ERROR] …"), a server's verdict ("Error from server (BadRequest)", "Error
# response from daemon"), a stage ("INSTALLATION FAILED"), and a failure the next segment explains
# ("Failed to execute goal on project api-gateway", "driver failed programming …").
_WRAPPER = lazy_compile(
    r"^(?:\[?(?:error|fatal|fatal error)\]?|docker|error from server \([\w ]+\)"
    r"|error response from daemon|[A-Z]+(?: [A-Z]+)* FAILED)$",
    re.IGNORECASE,
)
_ANNOUNCES_FAILURE = lazy_compile(
    r"\b(?:failed|failure|error|errors|could not|couldn't|unable to|panicked)\b", re.IGNORECASE
)
# …unless it names, quoted, what failed ("'luacheck-trigger' validation failed: …": learning_sim8's
# check that the submit failed on).
_QUOTED_NAME = lazy_compile(r"'[^']+'|`[^`]+`")
_LEVEL_FIRST = lazy_compile(r"^\[(?:ERROR|FATAL)\]\s*")
_HELP_LINK = lazy_compile(r"\s*->\s*\[Help \d+\]\s*$")
# …or opens with where (TypeScript's "src/x.tsx:48:7 - error TS2322": review33; not CMake's
# "CMake Error at CMakeLists.txt:5 (find_package)").
_SOURCE_LOCATION = lazy_compile(r"^\s*\S+\.\w+[:(]\d+")
_OPENS, _CLOSES = "([{", ")]}"


def _chain(error: str) -> list[str]:
    """``error``'s links, split at ": " outside brackets and quotes (pip's "(from versions: 2.2.0,
    …)" is one link: review33)."""
    links, start, depth, quote = [], 0, 0, ""
    for index, char in enumerate(error):
        if quote:
            quote = "" if char == quote else quote
        elif char in '"`':
            quote = char
        elif char in _OPENS:
            depth += 1
        elif char in _CLOSES:
            depth = max(0, depth - 1)
        elif depth == 0 and error.startswith(": ", index):
            links.append(error[start:index])
            start = index + 2
    return [*links, error[start:]]


# What is left of a chain must still say something.
_SHORTEST_CAUSE = 16


def why_it_failed(error: str, room: int) -> str:
    """``error`` without the head of its chain when it is longer than ``room``: tools chain a
    failure and its cause with ": " ("Error: INSTALLATION FAILED: rendered manifests contain …",
    "Failed to execute goal on project api-gateway: Could not resolve dependencies …: Could not
    find artifact com.acme:common-auth:jar:2.1.0"), and the head took the room the cause needed
    (review32: helm's, Maven's and docker's causes were clipped away)."""
    error = _HELP_LINK.sub("", _LEVEL_FIRST.sub("", error))
    segments = _chain(error)
    while len(": ".join(segments)) > room and len(segments) > 1:
        head, rest = segments[0], ": ".join(segments[1:])
        wraps = _WRAPPER.match(head.strip()) or (
            _ANNOUNCES_FAILURE.search(head)
            and not _QUOTED_NAME.search(head)
            and not _SOURCE_LOCATION.search(head)
        )
        if not wraps or len(rest) < _SHORTEST_CAUSE:
            break
        segments = segments[1:]
    return ": ".join(segments)


# A failure's statement, as failure_statement writes it: the operation, then the verdict.
_FAILURE_STATEMENT = lazy_compile(
    r"^(?P<operation>\S.*?)(?: 反复失败 \d+ 次。| 失败。| failed \d+ times\. | failed\. )"
)
# What runs before the program and is not it: a variable, sudo, a runner of packages.
_BEFORE_PROGRAM = lazy_compile(r"^(?:\w+=\S*\s+|sudo\s+|npx\s+|time\s+)+")


def failed_program(statement: str) -> str | None:
    """The program of a failure's statement ("docker push … 失败。denied: …" → "docker"), or
    None when ``statement`` is no failure's. Two programs' failures are two findings however their
    errors read alike (learning_sim6: "argocd app sync … PermissionDenied: permission denied" and
    "docker push … denied: Your authorization token has expired" taken for one)."""
    found = _FAILURE_STATEMENT.match(statement.strip())
    if not found:
        return None
    operation = _BEFORE_PROGRAM.sub("", _CD_FIRST.sub("", found.group("operation")))
    words = operation.split()
    return words[0].rsplit("/", 1)[-1].lower() if words else None
