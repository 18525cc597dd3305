"""Strict, lossless reading of workspace text files.

Markdown is the source of truth, so the engine never guesses an encoding or silently replaces
bytes: a file that is not UTF-8 text is reported with the line of the first bad byte. Lines are
split with their endings kept, so joining them gives back the exact bytes that were read.

A line ends at ``\r\n``, a bare ``\r`` (old Mac files) or ``\n``, as editors show it: every
line number the engine computes (chunks, citations, ``get``, appends, limits) counts the same
breaks, so ``path:L3-L4`` is what an editor shows as lines 3-4.
"""

from __future__ import annotations

import re
from pathlib import Path

from memstrata.errors import FormatError

# Zero-width split points just after each line break; a CR directly before an LF is not one
# (the pair is one break).
_AFTER_BREAK = re.compile(r"(?<=\n)|(?<=\r)(?!\n)")
_AFTER_BREAK_BYTES = re.compile(rb"(?<=\n)|(?<=\r)(?!\n)")
_BREAK = re.compile(rb"\r\n|\r|\n")


def decode_text(data: bytes, path: str | Path) -> str:
    """Decode UTF-8 bytes, refusing binary or non-UTF-8 content with the offending line."""
    _refuse_binary(data, path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = count_breaks(data[: exc.start]) + 1
        raise FormatError("not valid UTF-8 text", path, line) from None
    return _without_bom(text)


def decode_replacing(data: bytes, path: str | Path) -> tuple[str, str | None]:
    """Decode for reading only (search, ``get``): invalid UTF-8 becomes U+FFFD, with a warning
    naming the file and line, instead of one stray byte (a paste from a Latin-1 terminal)
    keeping the whole file out of search. Binary content is still refused.

    Writers keep :func:`decode_text`: writing a replaced text back would destroy the bytes.
    Line numbers stay exact: lines are decoded one by one, and a line break is an ASCII byte,
    which never belongs to a multi-byte sequence.
    """
    _refuse_binary(data, path)
    try:
        return _without_bom(data.decode("utf-8")), None
    except UnicodeDecodeError:
        pass
    parts: list[str] = []
    bad: list[int] = []
    for number, raw in enumerate(_AFTER_BREAK_BYTES.split(data), start=1):
        try:
            parts.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            parts.append(raw.decode("utf-8", "replace"))
            bad.append(number)
    more = len(bad) - 1
    also = f" (and on {more} more line{'s' if more > 1 else ''})" if more else ""
    return _without_bom("".join(parts)), f"{path}:L{bad[0]}: invalid UTF-8 replaced{also}"


def _refuse_binary(data: bytes, path: str | Path) -> None:
    nul = data.find(b"\x00")
    if nul != -1:
        raise FormatError(
            "binary content (NUL byte), not a text file", path, count_breaks(data[:nul]) + 1
        )


def _without_bom(text: str) -> str:
    return text[1:] if text.startswith("\ufeff") else text


def read_text(path: Path, display: str | None = None) -> str:
    """Read a text file strictly; ``display`` is the workspace-relative name used in errors."""
    name = display or str(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise FormatError("file does not exist", name) from None
    except IsADirectoryError:
        raise FormatError("is a directory, expected a file", name) from None
    except OSError as exc:
        raise FormatError(f"cannot read file ({exc.strerror})", name) from None
    return decode_text(data, name)


def read_text_or_empty(path: Path, display: str | None = None) -> str:
    """Like :func:`read_text`, but a missing file reads as empty (roles created lazily)."""
    if not path.exists():
        return ""
    return read_text(path, display)


def split_lines(text: str) -> list[str]:
    """Split at ``\r\n``, ``\r`` and ``\n``, keeping each line's ending; ``"".join`` restores
    the text exactly.

    ``str.splitlines`` also splits at ``\v``, ``\x1c`` or ``\u2028``, which would make our
    line numbers disagree with editors, ``grep -n`` and citations.
    """
    if not text:
        return []
    if "\r" in text:
        return [part for part in _AFTER_BREAK.split(text) if part]
    parts = text.split("\n")  # the common case, several times faster than the pattern
    lines = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def count_breaks(data: str | bytes) -> int:
    """How many line breaks ``data`` holds (a CRLF pair is one): the 1-based line number of
    whatever follows it, less one."""
    if isinstance(data, bytes):
        return data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")
    return data.count("\n") + data.count("\r") - data.count("\r\n")


def after_first_break(data: bytes) -> int:
    """The offset just after the first line break in ``data`` (0 without one): where the first
    whole line of a tail read from the middle of a file starts."""
    found = _BREAK.search(data)
    return found.end() if found else 0


def line_ending(lines: list[str]) -> str:
    """The newline style a file already uses, so inserted lines match it."""
    for line in lines:
        for eol in ("\r\n", "\n", "\r"):
            if line.endswith(eol):
                return eol
    return "\n"


def strip_eol(line: str) -> str:
    """A line without its ending."""
    return line.rstrip("\r\n")
