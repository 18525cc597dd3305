"""Each preset creates its design note's layout; adopting any existing workspace writes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from memstrata.core.initialize import init_workspace
from memstrata.core.workspace import Workspace
from tests.conftest import tree_hashes

PATTERN_FILES = [
    f"patterns/{d}.md"
    for d in ("config", "skills", "multi-agent", "debug", "research", "general", "other", "index")
]

# The trees below are transcribed from the design notes (and DESIGN.md section 3), not from code.
EXPECTED_FILES = {
    "default": [
        "SOUL.md",
        "IDENTITY.md",
        "AGENTS.md",
        "USER.md",
        "MEMORY.md",
        "memory/principles.md",
        *(f"memory/{p}" for p in PATTERN_FILES),
        "memory/lessons.md",
        "memory/projects.md",
        "memory/infra.md",
        "memory/CANDIDATES.md",
        "memory/EVOLUTION_LOG.md",
        "memory/pending.jsonl",
        "memory/stats/citation-log.jsonl",
        "memory/skills/INDEX.md",
    ],
    "openclaw": ["AGENTS.md", "SOUL.md", "USER.md", "MEMORY.md"],
    "self-evolution": [
        "principles.md",
        "pending.jsonl",
        *PATTERN_FILES,
        "stats/citation-log.jsonl",
        "config.yaml",
    ],
    "three-tier": [
        "00-MANUAL.md",
        "INDEX.md",
        "01-identity/identity.md",
        "01-identity/soul.md",
        "01-identity/user.md",
        "02-config/agents.md",
        "02-config/tools.md",
        "02-config/heartbeat.md",
        "02-config/memory.md",
        "03-rules/safety.md",
        "03-rules/honesty.md",
        "03-rules/security.md",
        "05-tasks/todo.md",
    ],
    "five-tier": [
        "MEMORY.md",
        "AGENTS.md",
        "SOUL.md",
        "memory/projects.md",
        "memory/infra.md",
        "memory/lessons.md",
    ],
    "memory-manager": [
        "SOUL.md",
        "IDENTITY.md",
        "USER.md",
        "memory/MEMORY.md",
        "memory/CANDIDATES.md",
        "memory/EVOLUTION_LOG.md",
        "memory/skills/INDEX.md",
    ],
}
EXPECTED_DIRS = {
    "default": ["memory/archive", "memory/skills/auto-generated"],
    "openclaw": ["memory"],
    "self-evolution": ["patterns", "stats"],
    "three-tier": ["04-knowledge", "daily"],
    "five-tier": ["memory/logs"],
    "memory-manager": ["memory/skills/auto-generated"],
}
KEY_HEADINGS = {
    "default": {
        "MEMORY.md": [
            "## 📌 重要规则",
            "## ⚠️ 错误修正记录",
            "## 🔗 技能索引",
            "## 📅 日志归档引用",
            "## 🔄 进化历史摘要",
        ],
        "USER.md": ["## 👤 基本偏好", "## 🏢 工作背景", "## 💬 沟通风格"],
        "memory/lessons.md": ["## 🚨 P0 - 关键问题", "## ⚠️ P1 - 重要问题", "## 📋 P2 - 一般问题"],
        "memory/projects.md": ["## 📊 当前项目", "## 📋 待办事项 (TODOs)"],
        "memory/CANDIDATES.md": ["## 🌱 观察中", "## ✅ 已晋升", "## 🗑️ 已丢弃"],
    },
    "openclaw": {"AGENTS.md": ["## Every Session", "### 🧠 MEMORY.md - Your Long-Term Memory"]},
    "self-evolution": {"config.yaml": ["heartbeat:"], "patterns/index.md": ["# L2 经验索引"]},
    "three-tier": {
        "01-identity/identity.md": ["# 核心身份", "## 元信息"],
        "00-MANUAL.md": ["## 三层结构"],
    },
    "five-tier": {
        "MEMORY.md": ["# 团队记忆索引 (Memory Index)", "## 👥 团队编制", "## 📂 记忆分层导航"],
        "memory/lessons.md": ["## 🚨 P0 - 关键问题"],
    },
    "memory-manager": {
        "memory/MEMORY.md": ["## 📌 重要规则", "<!-- 行号速查"],
        "memory/CANDIDATES.md": ["| ID | 类型 | 内容摘要 | 首次观察 | 最近观察 | 次数 | 目标 |"],
    },
}
PRESETS = list(EXPECTED_FILES)


@pytest.mark.parametrize("preset", PRESETS)
def test_init_creates_the_design_notes_layout(tmp_path: Path, preset: str) -> None:
    root = tmp_path / preset
    result = init_workspace(root, preset=preset)
    assert not result.adopted
    tree = {p: h for p, h in tree_hashes(root).items() if not p.startswith(".memstrata")}
    files = {p for p, h in tree.items() if h != "dir"} - {"memstrata.toml", ".gitignore"}
    assert files == set(EXPECTED_FILES[preset])
    dirs = {p for p, h in tree.items() if h == "dir"}
    assert set(EXPECTED_DIRS[preset]) <= dirs
    for rel, expected in KEY_HEADINGS[preset].items():
        lines = (root / rel).read_text(encoding="utf-8").splitlines()
        for heading in expected:
            assert heading in lines or any(line.startswith(heading) for line in lines), (
                rel,
                heading,
            )
    assert ".memstrata/" in (root / ".gitignore").read_text()


@pytest.mark.parametrize("preset", PRESETS)
def test_reinit_and_open_change_no_byte(tmp_path: Path, preset: str) -> None:
    root = tmp_path / preset
    init_workspace(root, preset=preset)
    before = tree_hashes(root)
    again = init_workspace(root, preset="default")  # even asking for another preset
    assert again.adopted and again.workspace.preset == preset
    Workspace.open(root)
    assert tree_hashes(root) == before


@pytest.mark.parametrize("preset", PRESETS)
def test_english_templates(tmp_path: Path, preset: str) -> None:
    init_workspace(tmp_path / "en", preset=preset, lang="en")
    ws = Workspace.open(tmp_path / "en")
    assert ws.lang == "en"
    if ws.role("long_term") and ws.resolve(ws.role_path("long_term")).exists():
        text = ws.resolve(ws.role_path("long_term")).read_text()
        assert "行号速查" not in text


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


# Hand-made workspaces as users of each design note have them (no memstrata.toml).
HAND_MADE = {
    "openclaw": {
        "AGENTS.md": "# AGENTS\n",
        "SOUL.md": "# soul\n",
        "MEMORY.md": "# My memory\n\n- likes tea\n",
        "memory/2026-06-15.md": "# 2026-06-15\n- did things  \n",
        "memory/2026-06-14.md": "x\r\ny\r\n",
    },
    "self-evolution": {
        "principles.md": "### P001: 不要用 qwen\ncategory: 配置\n---\n会被劫持\n",
        "patterns/index.md": "- 端口 | file: config.md | context: 配置端口\n",
        "pending.jsonl": '{"bad json\n',
    },
    "three-tier": {
        "01-identity/identity.md": "# 核心身份\n",
        "INDEX.md": "# 索引\n",
        "00-MANUAL.md": "# 指南\n",
        "daily/2026-02-13.md": "# 记忆存档\n",
    },
    "five-tier": {
        "MEMORY.md": "# 团队记忆索引\n",
        "memory/projects.md": "# 项目\n### A\n",
        "memory/lessons.md": "## [coder] 坑 (2026-03-23)\n",
    },
    "memory-manager": {
        "USER.md": "# 用户信息\n",
        "memory/MEMORY.md": "# 长期记忆\n<!-- 行号速查\nL1-L2 x\n-->\n",
        "memory/CANDIDATES.md": "# 候选\n",
    },
    "default": {
        "MEMORY.md": "# m\n",
        "memory/principles.md": "# p\n",
        "memory/patterns/config.md": "# c\n",
    },
}


@pytest.mark.parametrize("preset", list(HAND_MADE))
def test_existing_workspace_is_detected_and_untouched(tmp_path: Path, preset: str) -> None:
    root = tmp_path / "existing"
    _write(root, HAND_MADE[preset])
    before = tree_hashes(root)
    result = init_workspace(root, preset="default")
    assert result.adopted
    assert result.workspace.preset == preset
    assert Workspace.open(root).preset == preset
    assert tree_hashes(root) == before
