"""``memstrata init`` makes the folder ``-w`` names, as every other command reads it (a helper
on 25d589f: ``init -w DIR`` made the workspace in the current folder)."""

from __future__ import annotations


def test_init_w_makes_the_workspace_there(cli, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    for args in (("init", "-w", "one"), ("-w", "two", "init")):
        assert cli(*args, "--preset", "openclaw").code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one", "two"]
    assert (tmp_path / "one/MEMORY.md").is_file() and (tmp_path / "two/MEMORY.md").is_file()


def test_init_with_two_different_folders_refuses(cli, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    answer = cli("init", "a", "-w", "b")
    assert answer.code == 2 and answer.err.count("\n") == 1 and "give one" in answer.err
    assert list(tmp_path.iterdir()) == []  # nothing written
    assert cli("init", "same", "-w", "./same").code == 0


def test_init_through_a_missing_folder_and_dotdot_adopts_the_workspace(cli, tmp_path) -> None:
    # a tester's round on f94bd6b: "ws/x/.." created a default workspace over an openclaw one
    ws = tmp_path / "ws"
    assert cli("init", str(ws), "--preset", "openclaw").code == 0
    config = (ws / "memstrata.toml").read_bytes()
    before = sorted(p.name for p in ws.iterdir())
    answer = cli("init", str(ws / "x" / ".."))
    assert answer.code == 0 and "nothing was changed" in answer.out
    assert (ws / "memstrata.toml").read_bytes() == config
    assert sorted(p.name for p in ws.iterdir()) == before


def test_init_reads_memstrata_workspace_like_every_command(cli, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MEMSTRATA_WORKSPACE", str(tmp_path / "env-ws"))
    assert cli("init").code == 0
    assert [p.name for p in tmp_path.iterdir()] == ["env-ws"]


def test_init_inside_a_workspace_refuses_unless_nested(cli, tmp_path, monkeypatch) -> None:
    # a tester's round on 21d773d: "init ." in memory/ made a second, empty workspace that
    # every command run below it found instead of the real one
    ws = tmp_path / "ws"
    assert cli("init", str(ws), "--preset", "openclaw").code == 0
    before = sorted(p.name for p in (ws / "memory").iterdir())
    monkeypatch.chdir(ws / "memory")
    refused = cli("init", ".")
    assert refused.code == 2 and "inside the workspace" in refused.err
    assert sorted(p.name for p in (ws / "memory").iterdir()) == before
    assert cli("init", "inner", "--nested").code == 0
    assert (ws / "memory" / "inner" / "memstrata.toml").is_file()
