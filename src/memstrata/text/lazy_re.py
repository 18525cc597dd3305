"""Regular expressions compiled when first used, not when their module is imported.

Hooks run on every prompt in a fresh process, and the signal rules, the statement readers and
the secret patterns are ~200 large expressions: compiling them all took ~130 ms of a prompt
hook, while one prompt uses about a third of them (a Chinese prompt never reaches the English
rules; a secret pattern runs only when its marker occurs). Python keeps compiled expressions
for one process only, so the saving is in not compiling what is not used.
"""

from __future__ import annotations

import re
from typing import Any, cast


class _LazyPattern:
    """Stands in for ``re.Pattern``: compiles on the first attribute asked of it (``.pattern``
    answers without compiling, so a pattern built from another's text stays lazy)."""

    __slots__ = ("_compiled", "_flags", "pattern")

    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern = pattern
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self._flags)
        return getattr(self._compiled, name)

    def __repr__(self) -> str:
        return f"lazy_compile({self.pattern!r}, {self._flags})"


def lazy_compile(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, done on first use. Typed as the pattern it stands for:
    every method and attribute of one works on it (``re.sub(it, …)`` and ``isinstance`` do not;
    call its methods)."""
    return cast("re.Pattern[str]", _LazyPattern(pattern, int(flags)))
