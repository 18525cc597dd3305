"""Approved maintenance proposals (from ``consolidate`` and note 003's heartbeat): slimming a
role into an archive (a full one, or outdated entries), adding a week's highlight or a line
distilled from the daily logs to MEMORY.md. Applied by ``approve`` like any other proposal."""

from __future__ import annotations

from memstrata.core.evolution_log import log_evolution
from memstrata.core.writer import Writer
from memstrata.errors import MemstrataError
from memstrata.evolve.proposals import Proposal
from memstrata.formats.bullets import parse_bullets, refresh_header
from memstrata.text.spans import Span


def apply_maintenance(writer: Writer, proposal: Proposal) -> dict:
    """Carry out an approved maintenance proposal; returns where it wrote."""
    from memstrata.evolve.curated import CURATED_KINDS, apply_curated

    if proposal.kind in CURATED_KINDS:
        return apply_curated(writer, proposal)
    if proposal.kind == "supersede":
        from memstrata.evolve.supersede import mark

        return mark(writer, proposal)
    if proposal.kind in ("highlight", "distil"):
        from memstrata.entries.remember import write_bullet

        # A distilled daily-log line (note 003's heartbeat) may be a preference for USER.md;
        # the weekly integration's 近期成果 go to the status snapshot (note 002).
        role = proposal.payload.get("role", "long_term")
        origin = "consolidate" if proposal.kind == "highlight" else proposal.source
        section = proposal.payload.get("section")
        placed = write_bullet(writer, role, proposal.summary, role, origin, section=section)
        log_evolution(writer, origin, placed.span.location(), proposal.summary)
        return {"role": placed.role, "cite": placed.cite, "entry_id": placed.entry_id}
    if proposal.kind != "slim":
        raise MemstrataError(f"unknown maintenance proposal {proposal.kind!r}")
    path, archive, texts = (
        proposal.payload["path"],
        proposal.payload["archive"],
        set(proposal.payload["texts"]),
    )
    lines = writer.ws.read_lines(path)
    moved = [lines[b.line - 1] for b in parse_bullets(lines, path) if b.text in texts]
    if moved:
        # Append to the archive before removing from the source (one transaction: both or
        # neither); the archive of a private role is private too (its role says so).
        zh = writer.ws.lang == "zh"
        title = f"# {path} 归档\n\n" if zh else f"# {path} archive\n\n"
        writer.append(
            archive,
            "".join(line if line.endswith("\n") else line + "\n" for line in moved),
            header=title,
            role=writer.ws.role_of(archive) or "archive",
        )
        remaining = list(moved)

        def take(current: list[str]) -> tuple[list[str], None]:
            kept = []
            for raw in current:
                if raw in remaining:
                    remaining.remove(raw)
                    continue
                kept.append(raw)
            return refresh_header(kept, writer.ws.today().isoformat()), None

        writer.rewrite(path, take)
    log_evolution(
        writer,
        "consolidate",
        archive,
        f"{'移出' if writer.ws.lang == 'zh' else 'moved'} {len(moved)} {path}",
    )
    return {"role": "archive", "cite": Span(archive).cite(), "entry_id": f"{len(moved)} moved"}
