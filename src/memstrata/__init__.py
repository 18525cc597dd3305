"""memstrata: layered, self-evolving long-term memory for LLM agents, kept as plain Markdown.

``import memstrata`` stays light (no numpy, no models, no MCP): hooks import it on every prompt.
The public API is loaded on first attribute access.
"""

from __future__ import annotations

# Not ``typing``'s TYPE_CHECKING: importing typing costs every hook ~2 ms (mypy knows the name).
TYPE_CHECKING = False

__version__ = "0.1.0"

_EXPORTS = {
    "Workspace": "memstrata.core.workspace",
    "Session": "memstrata.core.permissions",
    "MemstrataError": "memstrata.errors",
    "init_workspace": "memstrata.core.initialize",
    "remember": "memstrata.entries.remember",
    "log": "memstrata.entries.journal",
    "lesson": "memstrata.entries.journal",
    "project": "memstrata.entries.journal",
    "workspace_status": "memstrata.maintain.status",
    "search": "memstrata.recall.search",
    "SearchFilters": "memstrata.recall.search",
    "get_lines": "memstrata.recall.get",
    "record_signals": "memstrata.capture.record",
    "detect": "memstrata.capture.signals",
    "heartbeat": "memstrata.evolve.heartbeat",
    "approve": "memstrata.evolve.approve",
}

__all__ = [
    "MemstrataError",
    "SearchFilters",
    "Session",
    "Workspace",
    "__version__",
    "approve",
    "detect",
    "get_lines",
    "heartbeat",
    "init_workspace",
    "lesson",
    "log",
    "project",
    "record_signals",
    "remember",
    "search",
    "workspace_status",
]

if TYPE_CHECKING:
    from memstrata.capture.record import record_signals
    from memstrata.capture.signals import detect
    from memstrata.core.initialize import init_workspace
    from memstrata.core.permissions import Session
    from memstrata.core.workspace import Workspace
    from memstrata.entries.journal import lesson, log, project
    from memstrata.entries.remember import remember
    from memstrata.errors import MemstrataError
    from memstrata.evolve.approve import approve
    from memstrata.evolve.heartbeat import heartbeat
    from memstrata.maintain.status import workspace_status
    from memstrata.recall.get import get_lines
    from memstrata.recall.search import SearchFilters, search


def __getattr__(name: str) -> object:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'memstrata' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
