"""Path confinement, read-only identity, session permissions and secret redaction/refusal."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memstrata.core.permissions import Session
from memstrata.core.queues import append_pending
from memstrata.core.redact import find_secrets, redact
from memstrata.entries.journal import lesson, log, project
from memstrata.entries.remember import remember
from memstrata.errors import PathOutsideWorkspace, PermissionDenied, SecretRefused
from tests.pg import documents

A36, A40 = "A1b2C3d4E5" * 3 + "F6g7H8", "Zz9Yy8Xx7W" * 4

# 22 kinds of fake secrets, built at run time so the repository holds no secret-shaped string.
FAKE_SECRETS: dict[str, str] = {
    "openai_project_key": "sk-" + "proj-" + A40,
    "openai_legacy_key": "sk-" + A40[:32],
    "anthropic_key": "sk-" + "ant-api03-" + A40 + "-xyzAA",
    "aws_access_key": "AKIA" + "IOSFODNN7EXAMPLE",
    "aws_secret_assignment": "aws_secret_access_key="
    + "wJalrXUtnFEMI/K7MDENG/bPxRfiCY"
    + "EXAMPLEKEY",
    "github_classic": "ghp_" + A36,
    "github_fine_grained": "github_pat_" + "11ABCDEFG0" + A40,
    "gitlab": "glpat-" + A36[:20],
    "slack_bot": "xoxb-" + "123456789012-1234567890123-" + A36[:24],
    "slack_webhook": "https://hooks.slack.com/services/" + "T000/B000/" + A36[:24],
    "google_api_key": "AIza" + "SyA-" + A36[:31],
    "google_oauth": "ya29." + A40,
    "jwt": "eyJ" + "hbGciOiJIUzI1NiJ9" + ".eyJ" + "zdWIiOiIxMjM0NTY3ODkwIn0" + "." + A36,
    "private_key_block": "-----BEGIN "
    + "RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA"
    + A40
    + "\n-----END RSA PRIVATE KEY-----",
    "password_assignment": "password=" + "Hunter2-Correct",
    "token_colon": "token: " + "tok_" + A36,
    "chinese_password": "数据库密码：" + "Zhang3-Feng-2026",
    "bearer_header": "Authorization: Bearer " + A40,
    "url_credentials": "postgres://admin:" + "S3cretPass" + "@db.internal:5432/app",
    "stripe_live": "sk_" + "live_" + A36,
    "huggingface": "hf_" + A36,
    "npm": "npm_" + A36,
}


def _secret_part(sample: str) -> str:
    """The part of a sample that must not survive redaction."""
    for marker in ("password=", "token: ", "密码：", "Bearer ", "admin:", "aws_secret_access_key="):
        if marker in sample:
            return sample.split(marker, 1)[1].split("@")[0]
    return sample


@pytest.mark.parametrize("kind", list(FAKE_SECRETS))
def test_each_secret_kind_is_found_and_redacted(kind: str) -> None:
    sample = f"部署说明 deploy note: {FAKE_SECRETS[kind]} 之后重启"
    assert find_secrets(sample), kind
    cleaned = redact(sample)
    assert _secret_part(FAKE_SECRETS[kind]) not in cleaned
    assert (
        "[REDACTED:" in cleaned
        and cleaned.startswith("部署说明 deploy note:")
        and cleaned.endswith("之后重启")
    )


def test_ordinary_text_is_not_redacted() -> None:
    for text in [
        "max_tokens: 2000 是上限",
        "The token bucket refills",
        "配置端口 5433",
        "a sk-short key",
        "ghp is fine",
        "心跳间隔 30s",
    ]:
        assert redact(text) == text


@pytest.mark.both_backends
@pytest.mark.parametrize("kind", list(FAKE_SECRETS))
def test_secrets_redacted_before_persisting(ws, kind: str) -> None:
    secret = FAKE_SECRETS[kind]
    remember(ws.writer(), f"记住：部署用 {secret}")
    log(ws.writer(), f"部署完成 {secret}")
    append_pending(
        ws.writer(),
        {"signal": "new_knowledge", "brief": "部署", "detail": f"用 {secret}", "source": "agent"},
    )
    for rel, data in documents(ws.root).items():
        assert _secret_part(secret) not in data.decode("utf-8"), (kind, rel)


@pytest.mark.both_backends
@pytest.mark.parametrize("kind", list(FAKE_SECRETS))
def test_team_workspace_refuses_secrets(make_ws, kind: str) -> None:
    team = make_ws(team=True)
    before = documents(team.root)
    writer = team.writer(Session("main", "main"))
    with pytest.raises(SecretRefused):
        remember(writer, f"记住：{FAKE_SECRETS[kind]}")
    with pytest.raises(SecretRefused):
        log(writer, f"deploy {FAKE_SECRETS[kind]}")
    assert documents(team.root) == before


@pytest.mark.both_backends
@pytest.mark.parametrize(
    "path", ["../outside.md", "memory/../../x.md", "/etc/passwd", "~/.bashrc", ""]
)
def test_traversal_refused(ws, path: str) -> None:
    with pytest.raises(PathOutsideWorkspace):
        ws.resolve(path)
    with pytest.raises(PathOutsideWorkspace):
        ws.writer().rewrite(path, lambda lines: (["x\n"], None))


def test_symlink_escapes_refused(ws, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("keep\n")
    os.symlink(outside, ws.root / "memory" / "escape")
    os.symlink(outside / "secret.md", ws.root / "memory" / "link.md")
    for rel in ("memory/escape/secret.md", "memory/escape/new.md", "memory/link.md"):
        with pytest.raises(PathOutsideWorkspace):
            ws.writer().rewrite(rel, lambda lines: (["pwned\n"], None), role="daily")
        with pytest.raises(PathOutsideWorkspace):
            ws.writer().append(rel, "pwned\n", role="daily")
    assert (outside / "secret.md").read_text() == "keep\n" and not (outside / "new.md").exists()
    # A symlink that stays inside the workspace is fine.
    os.symlink(ws.root / "memory" / "lessons.md", ws.root / "memory" / "inside.md")
    assert ws.resolve("memory/inside.md")


def test_symlinked_role_file_escaping_is_refused(ws, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.md"
    target.write_text("# theirs\n")
    (ws.root / "USER.md").unlink()
    os.symlink(target, ws.root / "USER.md")
    with pytest.raises(PathOutsideWorkspace):
        remember(ws.writer(), "记住：我喜欢喝茶")
    assert target.read_text() == "# theirs\n"


@pytest.mark.both_backends
@pytest.mark.parametrize("rel", ["SOUL.md", "IDENTITY.md", "AGENTS.md"])
def test_identity_files_read_only(ws, rel: str) -> None:
    before = ws.store.read(rel)
    with pytest.raises(PermissionDenied):
        ws.writer().rewrite(rel, lambda lines: ([*lines, "x\n"], None))
    with pytest.raises(PermissionDenied):
        ws.writer().append(rel, "x\n")
    assert ws.store.read(rel) == before


@pytest.mark.both_backends
@pytest.mark.parametrize("kind", ["shared", "subagent"])
@pytest.mark.parametrize("text", ["记住：我喜欢简洁的回答", "记住：staging 数据库在 10.0.0.5"])
def test_shared_and_subagent_cannot_write_private_roles(ws, kind: str, text: str) -> None:
    before = documents(ws.root)
    with pytest.raises(PermissionDenied):
        remember(ws.writer(Session(kind, "coder")), text)
    for rel in ("MEMORY.md", "USER.md"):
        assert documents(ws.root)[rel] == before[rel]


@pytest.mark.both_backends
def test_subagent_writes_only_its_own_tagged_sections(ws) -> None:
    coder = ws.writer(Session("subagent", "coder"))
    written = log(coder, "实现了登录")
    assert ws.read_lines(written.path)[written.start_line - 1].startswith("## [coder] ")
    lesson(coder, "端口冲突", fix="换端口")
    assert "[coder]" in "".join(ws.read_lines(project(coder, "网关", status="进行中").path))
    for role in ("principles", "infra", "candidates", "user", "long_term", "patterns"):
        with pytest.raises(PermissionDenied):
            coder.rewrite(ws.role_path(role), lambda lines: (lines, None))
    with pytest.raises(PermissionDenied):
        log(ws.writer(Session("subagent")), "no agent name")


@pytest.mark.both_backends
def test_team_workspace_tags_every_entry(make_ws) -> None:
    team = make_ws(team=True)
    written = remember(team.writer(), "记住：发布前必须通知 writer")
    assert "[main]" in "".join(team.read_lines(written.path))
    entry = log(team.writer(), "写完文档")
    assert team.read_lines(entry.path)[entry.start_line - 1].startswith("## [main] ")
