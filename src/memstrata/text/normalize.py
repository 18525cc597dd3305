"""Make user text safe to store in a Markdown entry.

Text reaches memory from chats, MCP calls, hooks and transcripts: it may carry NUL bytes,
terminal escapes, lone UTF-16 surrogates (from JSON ``"\\ud800"``), Unicode line separators that
editors show as new lines but ``grep -n`` does not, or newlines that would turn the rest of a
message into a new heading (``…\\n### P001: x``). Everything the writer persists passes
:func:`normalize` first; single-line fields (titles, bullets, table cells) then go through
:func:`one_line`, and multi-line bodies through :func:`body_lines`.
"""

from __future__ import annotations

from memstrata.text.lazy_re import lazy_compile

# C0 controls except tab and newline, DEL, C1 controls; the byte-order mark inside text; the
# bidirectional embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069), which
# make an editor or terminal show a line in another order than it is stored ("Trojan Source"):
# a memory must read as it is written. Right-to-left text itself needs none of them.
_CONTROL = lazy_compile(
    r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufeff\u202a-\u202e\u2066-\u2069]"
)
_SURROGATE = lazy_compile(r"[\ud800-\udfff]")
_NEWLINES = lazy_compile(r"\r\n|\r|\u2028|\u2029|\x85")
# Lines that would change an entry's structure: a heading, a thematic break or metadata
# separator, a code fence, an HTML comment opener (the line-index header).
_STRUCTURAL = lazy_compile(r"^[ \t]{0,3}(?:#{1,6}(?:[ \t]|$)|-{3,}\s*$|`{3,}|~{3,}|<!--)")


def normalize(text: str) -> str:
    """Drop control characters and lone surrogates; every line break becomes ``\\n``."""
    if text.isascii() and text.isprintable():
        return text  # the common case, at the cost of two C-level scans
    # A str holds code points, so any surrogate in it is a lone half that UTF-8 cannot encode.
    text = _SURROGATE.sub("", text)
    text = _NEWLINES.sub("\n", text)
    return _CONTROL.sub("", text)


def one_line(text: str) -> str:
    """A single-line field: line breaks and runs of spaces become one space."""
    return " ".join(normalize(text).split())


# What makes structure of user text written into one line of an entry. At the start: a heading
# (``### P099: x`` would be parsed as another principle), a quote or stamp line (``> 最后更新``),
# a list marker or a ``[2026-01]`` date (another bullet, a forged date), a separator, a fence, a
# table row. Anywhere: an HTML comment delimiter (``<!--`` swallows the lines after it, the line
# index among them, when the file is rendered) and an HTML tag; in a bullet or a table cell,
# ``|`` (it would split cells, or start a forged ``| 来源：`` provenance).
_LEADING = lazy_compile(
    r"^(?:#{1,6}(?=\s|$)|>|[-*+](?=\s|$)|\d{1,9}[.)](?=\s|$)|\[(?=\d{4}-\d{2})|`{3}|~{3}|-{3,}$|={3,}$|\|)"
)
_MARKUP = lazy_compile(r"(?<!\\)(?:<(?=!--|/?[a-z][a-z0-9-]*(?:\s[^<>]*)?/?>))|--(?=>)")
_PIPE = lazy_compile(r"(?<!\\)\|")


def inline(text: str, pipes: bool = False, lead: bool = True) -> str:
    """A single-line field of an entry that cannot create structure: :func:`one_line`, with
    HTML comment delimiters and tags escaped (``\\<!--``, ``--\\>``, ``\\<b>``), a leading
    heading, quote, list or date mark escaped with a backslash (Markdown shows the character
    itself; ``lead=False`` for a table cell, which never starts a line) and, with ``pipes``,
    every ``|`` escaped as ``\\|``. Escapes are not repeated, so
    rendering a parsed entry again gives the same line."""
    text = one_line(text)
    text = _MARKUP.sub(lambda m: "\\<" if m.group(0) == "<" else "--\\", text)
    if pipes:
        text = _PIPE.sub(r"\\|", text)
    return "\\" + text if lead and _LEADING.match(text) else text


def body_lines(text: str) -> list[str]:
    """A multi-line body whose lines cannot become structure: a line that would read as a
    heading, ``---`` separator, code fence or comment is escaped with a backslash, which
    Markdown renders as the literal character."""
    out = []
    for line in normalize(text).split("\n"):
        line = line.rstrip()
        out.append("\\" + line.lstrip() if _STRUCTURAL.match(line) else line)
    while out and not out[-1]:
        out.pop()
    while out and not out[0]:
        out.pop(0)
    return out
