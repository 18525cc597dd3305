"""Which design note's learning loop a workspace runs (``[evolve] policy``, default by preset).

* ``synthesis`` (note 000, the self-evolution preset): every finding of a synthesis is classified
  L1 or L2 (unsure: L1) and proposed in the reflection report at once; explicit triggers write
  at once ("记住" → L1, "这个经验记一下" → L2 pattern + index line, "不对/有问题" → classified and
  written), "反思一下/回顾一下" runs a reflection and "好了/满意/完成" a quick check.
* ``pool`` (note 004 and the other presets): a finding waits in CANDIDATES.md until it has been
  seen ``threshold`` times. In the memory-manager preset an explicit instruction goes through
  the evolution card, promoted in one step, as note 004 says; elsewhere it is written at once
  (DESIGN.md principle 4: an explicit instruction is the user's own approval).
"""

from __future__ import annotations

from memstrata.core.workspace import Workspace

PRESET_POLICY = {"self-evolution": "synthesis"}
EXPLICIT_THROUGH_CARD = frozenset({"memory-manager"})


def policy(ws: Workspace) -> str:
    return ws.config.evolve.policy or PRESET_POLICY.get(ws.preset, "pool")


def explicit_at_once(ws: Workspace) -> bool:
    """Whether an explicit instruction in the owner's main session is written without a card."""
    return policy(ws) == "synthesis" or ws.preset not in EXPLICIT_THROUGH_CARD


def threshold(ws: Workspace) -> int:
    """Observations a candidate needs before it is proposed (1 under synthesis)."""
    return 1 if policy(ws) == "synthesis" else int(ws.config.evolve.threshold)
