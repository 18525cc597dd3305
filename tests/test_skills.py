"""Skills: register, draft (explicit or from recurring successful workflows), approve."""

from __future__ import annotations

import pytest

from memstrata.core.permissions import Session
from memstrata.errors import MemstrataError, PermissionDenied
from memstrata.evolve import skills
from memstrata.evolve.heartbeat import heartbeat

STEPS = ["pnpm install", "pnpm test", "pnpm build", "./deploy.sh staging"]


def test_draft_then_approve_moves_into_skills_and_index(ws) -> None:
    made = skills.draft(ws.writer(), "deploy-staging", STEPS, when="部署到 staging 时")
    draft = (ws.root / made.path).read_text(encoding="utf-8")
    assert made.path == "memory/skills/auto-generated/deploy-staging/SKILL.md"
    assert draft.startswith("---\nname: deploy-staging\ndescription: ") and "待审批" in draft
    assert "1. pnpm install" in draft and "4. ./deploy.sh staging" in draft
    assert "deploy-staging" not in (ws.root / "memory/skills/INDEX.md").read_text(encoding="utf-8")
    approved = skills.approve(ws.writer(), "deploy-staging")
    assert (
        approved.path == "memory/skills/deploy-staging/SKILL.md"
        and not (ws.root / made.path).exists()
    )
    final = (ws.root / approved.path).read_text(encoding="utf-8")
    assert "待审批" not in final and draft.replace("（自动生成的草稿，待审批）", "") == final
    index = (ws.root / "memory/skills/INDEX.md").read_text(encoding="utf-8")
    assert (
        "- deploy-staging | path: memory/skills/deploy-staging/SKILL.md | when: 部署到 staging 时"
        in index
    )
    log = (ws.root / "memory/EVOLUTION_LOG.md").read_text(encoding="utf-8")
    assert "技能草稿：deploy-staging" in log and "技能已批准：deploy-staging" in log
    with pytest.raises(MemstrataError, match="already registered"):
        skills.add(ws.writer(), "deploy-staging")


def test_drafts_need_three_steps_and_a_safe_name(ws) -> None:
    with pytest.raises(MemstrataError, match="at least 3 steps"):
        skills.draft(ws.writer(), "short", ["a", "b"])
    with pytest.raises(MemstrataError, match="invalid skill name"):
        skills.draft(ws.writer(), "../escape", STEPS)
    with pytest.raises(MemstrataError, match="no draft"):
        skills.approve(ws.writer(), "nothing-here")
    with pytest.raises(PermissionDenied):
        skills.draft(ws.writer(Session("subagent", "coder")), "sub-skill", STEPS)


def test_recurring_successful_workflow_becomes_a_draft(ws) -> None:
    skills.record_workflow(ws.writer(), STEPS)
    skills.record_workflow(ws.writer(), STEPS[:2], succeeded=True)  # too short
    skills.record_workflow(ws.writer(), ["git pull", "make", "make test"], succeeded=False)
    first = heartbeat(ws.writer(), force=True)
    assert first.skill_drafts == []
    skills.record_workflow(ws.writer(), STEPS)
    skills.record_workflow(ws.writer(), STEPS)
    second = heartbeat(ws.writer(), force=True)
    assert second.skill_drafts == ["memory/skills/auto-generated/pnpm-install-pnpm-test/SKILL.md"]
    skills.record_workflow(ws.writer(), STEPS)
    skills.record_workflow(ws.writer(), STEPS)
    assert heartbeat(ws.writer(), force=True).skill_drafts == []  # already drafted


def test_cli_skill_commands(ws, cli) -> None:
    w = ("-w", str(ws.root))
    assert "registered lint" in cli(*w, "skill", "add", "lint", "--when", "before committing").out
    out = cli(
        *w,
        "skill",
        "draft",
        "release",
        "--step",
        "bump version",
        "--step",
        "tag",
        "--step",
        "publish",
    )
    assert "memory/skills/auto-generated/release/SKILL.md" in out.out
    assert "release" in cli(*w, "skill", "list").out
    assert "approved release" in cli(*w, "skill", "approve", "release").out
