"""The ``memstrata`` console script: ``memstrata hook EVENT`` skips the CLI framework.

Claude Code runs a hook on every prompt and waits for it, so the hook path imports neither click
nor the command table (about 15-20 ms of start-up on a small machine): the exact forms
``memstrata [-w DIR] hook EVENT`` that ``install-hooks`` writes (``-w``/``--workspace`` before
or after ``hook EVENT``) go straight to ``adapters.hooks.run_hook``. Anything else, including
a malformed hook call, goes to the full CLI, which also exits 0 for ``hook``.

When the workspace's service runs (``memstrata serve``), hooks and the commands that gain from
a warm process are handed to it first (``serve/client.py``, standard library only); the
service runs the same code and this process prints what comes back. When it does not run, or
refuses the connection, the call runs here as before.
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
    import os

    argv = sys.argv[1:]
    use_service = not os.environ.get("MEMSTRATA_NO_SERVICE")
    call = fast_hook(argv)
    if call is not None:
        if use_service:
            import io

            from memstrata.serve.client import forward_hook_payload, hook_payload

            payload = ""
            try:
                payload = hook_payload()
                code = forward_hook_payload(call[0], call[1], payload)
            except Exception:  # a hook never fails the agent: run it here, which exits 0
                code = None
            if code is not None:
                sys.exit(code)
            sys.stdin = io.StringIO(payload)  # read once: the in-process hook gets the same
        from memstrata.adapters.hooks import run_hook

        sys.exit(run_hook(*call))
    if use_service:
        from memstrata.serve.client import Lost, forward_cli

        try:
            code = forward_cli(argv)
        except Lost as exc:
            sys.stderr.write(
                f"memstrata: the service stopped during this call ({exc}); it may or may not "
                "have completed: check before running it again\n"
            )
            sys.exit(75)
        if code is not None:
            sys.exit(code)
    from memstrata.adapters.cli import main as cli_main

    cli_main()
