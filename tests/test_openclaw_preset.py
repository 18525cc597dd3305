"""The ``openclaw`` preset: the roles the skill uses, a clean doctor, bookkeeping out of OpenClaw's
memory indexer (which reads MEMORY.md, USER.md and everything under memory/, with no exclusions).
"""

from __future__ import annotations

from pathlib import Path

from memstrata.core.initialize import init_workspace
from memstrata.core.queues import append_pending
from memstrata.core.workspace import Workspace
from memstrata.entries.journal import lesson, project
from memstrata.evolve.heartbeat import heartbeat
from memstrata.maintain.doctor import diagnose
from memstrata.providers.embedders import HashEmbedder
from memstrata.recall.index import open_index
from tests.conftest import tree_hashes

# What `openclaw setup` puts in a new workspace (abridged): memstrata adopts these as they are.
OPENCLAW_FILES = {
    "AGENTS.md": "# AGENTS.md - Your Workspace\n\n- [Default AGENTS.md](/reference/AGENTS.default)\n",
    "SOUL.md": "# SOUL.md - Who You Are\n\n_You're not a chatbot._\n",
    "IDENTITY.md": "# IDENTITY.md - Who Am I?\n",
    "USER.md": "# USER.md - User Model\n\n## Directives\n\n- Prefer ...\n",
    "BOOTSTRAP.md": "# BOOTSTRAP.md - Birth Sequence\n",
}


def _fresh(tmp_path: Path, lang: str = "zh") -> Workspace:
    init_workspace(tmp_path / "ws", preset="openclaw", lang=lang)
    ws = Workspace.open(tmp_path / "ws")
    open_index(ws, HashEmbedder()).sync()
    return ws


def test_roles_the_skill_uses(tmp_path: Path) -> None:
    ws = _fresh(tmp_path)
    assert ws.role_path("lessons") == "memory/lessons.md"
    assert ws.role_path("projects") == "memory/projects.md"
    for role in ("candidates", "evolution_log", "pending", "citations"):
        assert ws.role_path(role).startswith("memstrata/"), role
    assert not (ws.root / "memory" / "lessons.md").exists()  # created on first write
    written = lesson(ws.writer(), "npm install 失败", fix="改用 pnpm install")
    assert written.path == "memory/lessons.md"
    assert "## ⚠️ P1 - 重要问题" in (ws.root / "memory" / "lessons.md").read_text("utf-8")
    assert project(ws.writer(), "网关", status="进行中").path == "memory/projects.md"


def test_fresh_workspace_passes_doctor(tmp_path: Path) -> None:
    for lang in ("zh", "en"):
        ws = _fresh(tmp_path / lang, lang)
        memory = (ws.root / "MEMORY.md").read_text("utf-8")
        assert "skills/" not in memory  # the preset has no skills role: link nothing missing
        report = diagnose(ws)
        assert report.healthy, report.findings


def test_bookkeeping_stays_out_of_openclaws_memory_folder(tmp_path: Path) -> None:
    ws = _fresh(tmp_path, "en")
    for n in range(5):
        append_pending(
            ws.writer(),
            {"signal": "preference", "brief": f"b{n}", "detail": "prefers pnpm", "source": "user"},
        )
    heartbeat(ws.writer(), force=True, use_embeddings=False)
    assert (
        (ws.root / "memstrata" / "CANDIDATES.md").read_text("utf-8").startswith("# Candidate pool")
    )
    assert not list((ws.root / "memory").glob("*CANDIDATES*"))
    assert not list((ws.root / "memory").glob("*EVOLUTION_LOG*"))
    open_index(ws, HashEmbedder()).sync()
    assert diagnose(ws).healthy, diagnose(ws).findings


def test_openclaw_made_workspace_is_adopted_without_touching_its_files(tmp_path: Path) -> None:
    root = tmp_path / "workspace"
    root.mkdir()
    for name, text in OPENCLAW_FILES.items():
        (root / name).write_text(text, encoding="utf-8")
    before = tree_hashes(root)
    result = init_workspace(root, preset="openclaw", lang="en")
    assert not result.adopted and set(result.created) == {
        "memstrata.toml",
        "MEMORY.md",
        ".gitignore",
    }
    after = tree_hashes(root)
    assert {k: v for k, v in after.items() if k in before} == before
    ws = Workspace.open(root)
    open_index(ws, HashEmbedder()).sync()
    assert diagnose(ws).healthy, diagnose(ws).findings
