"""The ``memstrata`` console script: ``memstrata hook EVENT`` skips the CLI framework.

Claude Code runs a hook on every prompt and waits for it, so the hook path imports neither click
nor the command table (about 15-20 ms of start-up on a small machine): the exact forms
``memstrata [-w DIR] hook EVENT`` that ``install-hooks`` writes (``-w``/``--workspace`` before
or after ``hook EVENT``) go straight to ``adapters.hooks.run_hook``. Anything else, including
a malformed hook call, goes to the full CLI, which also exits 0 for ``hook``.
"""

from __future__ import annotations

import sys

HOOK_EVENTS = frozenset(
    (
        "session-start",
        "user-prompt-submit",
        "post-tool-use",
        "post-tool-use-failure",
        "pre-compact",
        "stop",
        "session-end",
    )
)


def fast_hook(argv: list[str]) -> tuple[str, str | None] | None:
    """(event, workspace) when ``argv`` is a plain hook call, else None."""
    words = list(argv)
    workspace = None
    rest = []
    while words:
        word = words.pop(0)
        if word in ("-w", "--workspace") and words and workspace is None:
            workspace = words.pop(0)
        elif word.startswith("--workspace=") and workspace is None:
            workspace = word.split("=", 1)[1]
        else:
            rest.append(word)
    if len(rest) == 2 and rest[0] == "hook" and rest[1] in HOOK_EVENTS:
        return rest[1], workspace or None
    return None


def main() -> None:
    call = fast_hook(sys.argv[1:])
    if call is not None:
        from memstrata.adapters.hooks import run_hook

        sys.exit(run_hook(*call))
    from memstrata.adapters.cli import main as cli_main

    cli_main()
