"""Strict, lossless reading of workspace text files.

Markdown is the source of truth, so the engine never guesses an encoding or silently replaces
bytes: a file that is not UTF-8 text is reported with the line of the first bad byte. Lines are
split with their endings kept, so joining them gives back the exact bytes that were read.
"""

from __future__ import annotations

from pathlib import Path

from memstrata.errors import FormatError


def decode_text(data: bytes, path: str | Path) -> str:
    """Decode UTF-8 bytes, refusing binary or non-UTF-8 content with the offending line."""
    nul = data.find(b"\x00")
    if nul != -1:
        raise FormatError(
            "binary content (NUL byte), not a text file", path, data.count(b"\n", 0, nul) + 1
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise FormatError("not valid UTF-8 text", path, line) from None
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
    """Split at ``\n`` only, keeping each line's ending; ``"".join`` restores the text exactly.

    ``str.splitlines`` also splits at ``\v``, ``\x1c`` or ``\u2028``, which would make our
    line numbers disagree with editors, ``grep -n`` and citations.
    """
    if not text:
        return []
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def line_ending(lines: list[str]) -> str:
    """The newline style a file already uses, so inserted lines match it."""
    for line in lines:
        if line.endswith("\r\n"):
            return "\r\n"
        if line.endswith("\n"):
            return "\n"
    return "\n"


def strip_eol(line: str) -> str:
    """A line without its ending."""
    return line.rstrip("\r\n")
