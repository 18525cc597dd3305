"""A private main workspace and a shared team workspace searched together, hits labelled."""

from __future__ import annotations

import json

from memstrata.core.initialize import init_workspace
from memstrata.core.permissions import Session
from memstrata.core.workspace import Workspace
from memstrata.entries.journal import log
from memstrata.entries.remember import remember
from memstrata.recall.search import SearchFilters, search_many, with_also


def _pair(tmp_path):
    main = init_workspace(tmp_path / "workspace-main").workspace
    team = init_workspace(tmp_path / "workspace-team-a", preset="five-tier", team=True).workspace
    remember(main.writer(), "记住：网关的生产密码轮换在每月 1 号 private-main-fact")
    log(team.writer(Session("subagent", "coder")), "网关部署完成，端口 8443")
    config = main.root / "memstrata.toml"
    config.write_text(
        config.read_text() + '\n[search]\nalso = ["../workspace-team-a"]\n', encoding="utf-8"
    )
    return Workspace.open(main.root), team


def test_main_searches_both_with_labels(tmp_path) -> None:
    main, _team = _pair(tmp_path)
    labelled = with_also(main)
    assert list(labelled) == ["workspace-main", "workspace-team-a"]
    response = search_many(labelled, "网关", mode="lexical")
    assert set(response.labels) == {"workspace-main", "workspace-team-a"}
    data = response.as_json()
    team_hit = next(r for r in data["results"] if r["workspace"] == "workspace-team-a")
    assert team_hit["path"].startswith("memory/") and "8443" in team_hit["snippet"]


def test_shared_session_sees_no_private_text_in_either(tmp_path) -> None:
    main, _team = _pair(tmp_path)
    response = search_many(
        with_also(main),
        "网关 private-main-fact",
        mode="lexical",
        filters=SearchFilters(session=Session("shared")),
    )
    assert response.results and all(
        "private-main-fact" not in hit.snippet for hit in response.results
    )


def test_cli_also(tmp_path, cli) -> None:
    main, team = _pair(tmp_path)
    config = main.root / "memstrata.toml"
    config.write_text(
        config.read_text().replace('also = ["../workspace-team-a"]', ""), encoding="utf-8"
    )
    single = json.loads(
        cli("-w", str(main.root), "search", "8443", "--mode", "lexical", "--json").out
    )
    assert single["results"] == [] and "workspace" not in json.dumps(single)
    both = json.loads(
        cli(
            "-w",
            str(main.root),
            "search",
            "8443",
            "--mode",
            "lexical",
            "--also",
            str(team.root),
            "--json",
        ).out
    )
    assert both["results"][0]["workspace"] == "workspace-team-a"
