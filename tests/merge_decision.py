"""What the learning loop decides for a pair of statements, as the heartbeat and the pool call it:
``known.same`` with the published USE vectors, their aligned content words and the learned head.
Shared by the tests of the merge rules that need the real embedder."""

from __future__ import annotations

from memstrata.core.config import EvolveSettings
from memstrata.evolve import known
from memstrata.providers.embedders import USEEmbedder

SETTINGS = EvolveSettings()


def merged(first: str, second: str) -> bool:
    published = USEEmbedder()
    u, v = published.embed([first, second])
    cosine = float(u @ v)
    overlap = known.close_overlaps(first, [second], [cosine], published.embed)[0]
    return known.same(
        first,
        second,
        SETTINGS.match,
        cosine,
        SETTINGS.match_embedding,
        overlap,
        published.embed,
        (u, v),
    )
