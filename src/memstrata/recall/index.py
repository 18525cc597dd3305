"""The index seam: what search, get, status, serve and evolve need from a search index.

A workspace's chunks live in one :class:`ChunkIndex`. The files backend keeps them in
``.memstrata/index.sqlite`` (recall/store.py, :class:`~memstrata.recall.store.SqliteIndex`);
the team store keeps them in PostgreSQL (team/index.py). Search speaks only this Protocol, in
backend-neutral terms: a lexical query is a list of :class:`Phrase` (OR semantics, scored by
BM25 with a weight per field), filters are a :class:`ChunkFilter`, and vectors come as a
:class:`VectorSide` that answers top-k, exact scores and raw vectors for given chunk ids.

:func:`open_index` picks the implementation from ``[store] backend``; recall never imports
team/ (a higher layer), it names the module, as core/documents.py does for document stores.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from memstrata.errors import MemstrataError

if TYPE_CHECKING:
    from memstrata.core.workspace import Workspace
    from memstrata.providers.embedders import Embedder

Progress = Callable[[int, int], None]
# A chunk as search ranks it: (id, path, start line, end line, role, entry id, date, text,
# heading), the fields of recall/ranking.py's Candidate in order.
ChunkRow = tuple[int, str, int, int, str, str, str, str, str]
# Backends other than files, by ``[store] backend`` name: the module holding ``open_index``.
_BACKENDS = {"postgres": "memstrata.team.index"}
# Workspaces whose index a running service keeps (serve/): its watcher and background pass
# index the files others change and embed the backlog, so a search there reads what is indexed
# and never indexes files itself (a 2,000-chunk backlog made the first search wait 776 ms);
# it syncs only the files its own process wrote. The value is the most chunks a search there
# embeds inline: one it can finish within the service's inline budget, so a memory written a
# moment ago is fully searchable, while a large backlog never makes a search wait (it searches
# the vectors there are, plus lexical for the rest).
_BACKGROUND: dict[str, int] = {}


def embed_in_background(root: Any, inline_max: int) -> None:
    """Mark ``root``'s index as kept by the service (set by the service)."""
    _BACKGROUND[str(root)] = max(inline_max, 0)


def inline_limit(root: Any) -> int | None:
    """How many pending chunks a search may embed inline (None: no service, no limit)."""
    return _BACKGROUND.get(str(root))


def kept_by_service(root: Any) -> bool:
    """Whether a service's background keeps ``root``'s index fresh in this process."""
    return str(root) in _BACKGROUND


@dataclass
class SyncStats:
    """What one sync did."""

    scanned: int = 0
    changed: int = 0
    removed: int = 0
    chunks_added: int = 0
    embedded: int = 0
    pending_embeddings: int = 0
    # Changed files another process (the service's background pass) has not indexed yet.
    files_pending: int = 0
    rebuilt: bool = False
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Phrase:
    """One alternative of a lexical query: ``text`` (tokenised by the index the way it
    tokenised the chunks; several tokens must follow each other) in the chunk's ``words``
    (heading path and body) or in its Chinese character ``grams``."""

    text: str
    field: Literal["words", "grams"] = "words"


@dataclass(frozen=True)
class ChunkFilter:
    """Which chunks a query may return: roles to include (None: all) and to exclude, and the
    rarer filters (dates are YYYY-MM[-DD] strings; ``agent`` is casefolded, as the indexes
    store it; ``path_glob`` is a case-sensitive glob)."""

    include: tuple[str, ...] | None = None
    exclude: tuple[str, ...] = ()
    since: str | None = None
    until: str | None = None
    agent: str | None = None
    path_glob: str | None = None

    @property
    def rare(self) -> bool:
        """Whether anything beyond the roles restricts the chunks."""
        return bool(self.since or self.until or self.agent or self.path_glob)


class VectorSide(Protocol):
    """The vectors of one index for one model, as of one generation."""

    def __len__(self) -> int:
        """How many chunks have a vector."""
        ...

    def top(self, query: Any, limit: int) -> list[tuple[int, float]]:
        """(chunk id, cosine) of the ``limit`` best chunks the filter allows, best first."""
        ...

    def scores(self, query: Any, ids: list[int]) -> dict[int, float]:
        """Exact cosine of the given chunks that have a vector."""
        ...

    def vectors(self, ids: list[int]) -> dict[int, Any]:
        """The vector of each given chunk that has one."""
        ...


class ChunkIndex(Protocol):
    """One workspace's search index, opened for an embedder (None: lexical only)."""

    ws: Workspace
    embedder: Embedder | None

    # ------------------------------------------------------------ upkeep
    def sync(
        self,
        embed: bool = True,
        embed_budget_s: float | None = None,
        progress: Progress | None = None,
        scan_interval_s: float = 0.0,
        batch: int | None = None,
    ) -> SyncStats:
        """Bring the index up to date with the documents (and embed, within the budget).

        ``scan_interval_s``: look for changed documents at most this often in one process
        (``math.inf``: only those this process wrote). ``batch``: commit every ``batch``
        chunks, so a search or a writer waits for at most one batch (the service's
        background pass over a large backlog)."""
        ...

    def rebuild(self, progress: Progress | None = None) -> SyncStats:
        """Rebuild from scratch, keeping cached embeddings."""
        ...

    def embed_backlog(self, batch: int = 64, should_stop: Callable[[], bool] | None = None) -> int:
        """Embed every chunk without a vector, never holding a lock while the model runs."""
        ...

    def pending_embeddings(self) -> int:
        """Distinct chunk texts still without a vector of this embedder."""
        ...

    def chunk_count(self) -> int: ...

    def describe(self) -> dict[str, int]:
        """Counts for ``memstrata index``: files, chunks, embeddings."""
        ...

    def health(self) -> list[tuple[str, str]]:
        """(``note`` | ``problem``, message) for doctor: behind the documents, damaged..."""
        ...

    @property
    def location(self) -> str:
        """Where the index lives, for messages (``.memstrata/index.sqlite``)."""
        ...

    def warm(self) -> None:
        """Load what searches reuse (the vector matrix) so forked workers inherit it."""
        ...

    # ------------------------------------------------------------ damage
    @property
    def damage_errors(self) -> tuple[type[BaseException], ...]:
        """Errors of a damaged index, which :meth:`repair` can fix."""
        ...

    def repair(self, exc: BaseException) -> str:
        """Set the damaged index aside so the next sync rebuilds it; the warning to show.
        Raises ``exc`` again when it is not damage (a busy database)."""
        ...

    # ------------------------------------------------------------ queries
    def generation(self) -> str:
        """Moves with every change of chunks or vectors (caches are keyed by it)."""
        ...

    @property
    def cache_key(self) -> str:
        """Identifies this index among others in one process (for per-process caches)."""
        ...

    def lexical(
        self,
        phrases: list[Phrase],
        where: ChunkFilter,
        limit: int,
        heading_weight: float,
        gram_weight: float,
    ) -> dict[int, float]:
        """BM25 (higher is better, at least 0) of the ``limit`` best chunks matching any
        phrase under the filter; heading words and grams weighted as given, body words 1."""
        ...

    def document_counts(self, groups: list[list[Phrase]]) -> list[int]:
        """For each group, how many chunks match any of its phrases (the IDF's document
        frequency; an empty group: all chunks). One call per query side, so a database
        answers in one round trip."""
        ...

    def chunks(self, ids: list[int]) -> list[ChunkRow]:
        """The chunks with these ids that still exist."""
        ...

    def section_units(self, path: str, heading: str) -> list[tuple[int, int, int]]:
        """The chunks of one section in line order: (chunk id, start line, end line)."""
        ...

    def file_units(self, path: str) -> list[tuple[int, int, int, str]]:
        """The chunks of one document in line order: (chunk id, start, end, entry id)."""
        ...

    def indexed_digest(self, path: str) -> str | None:
        """The sha256 of the file as this index last read it; None when the index cannot say
        (the team index follows document revisions, written with the documents)."""
        ...

    def vector_side(self, model: str, where: ChunkFilter) -> VectorSide:
        """The vectors of ``model`` (current as of now), restricted to the filter for top-k."""
        ...


def open_index(ws: Workspace, embedder: Embedder | None) -> ChunkIndex:
    """The index of ``ws`` for its ``[store] backend`` (files: SQLite in .memstrata/)."""
    backend = ws.config.store.backend
    if backend == "files":
        from memstrata.recall.store import SqliteIndex

        return SqliteIndex(ws, embedder)
    module_name = _BACKENDS.get(backend)
    if module_name is None:
        raise MemstrataError(f"unknown store backend {backend!r}")
    index: ChunkIndex = importlib.import_module(module_name).open_index(ws, embedder)
    return index
