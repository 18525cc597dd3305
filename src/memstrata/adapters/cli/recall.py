"""Recall commands: search, get, context, warnings, principles, patterns."""

from __future__ import annotations

import sys

import click

from memstrata.adapters.cli.options import (
    command,
    current_session,
    emit_json,
    open_workspace,
    positive,
    warn,
)


def register(cli: click.Group) -> None:
    @command(cli, "search")
    @click.argument("query")
    @click.option("-k", "k", type=int, default=8, show_default=True, help="How many results.")
    @click.option(
        "--mode",
        type=click.Choice(("hybrid", "lexical", "vector")),
        default="hybrid",
        show_default=True,
    )
    @click.option(
        "--role", "roles", multiple=True, help="Only these roles (repeatable): --role principles."
    )
    @click.option("--since", default=None, help="Only entries dated on or after YYYY-MM-DD.")
    @click.option("--until", default=None, help="Only entries dated on or before YYYY-MM-DD.")
    @click.option("--tagged", default=None, help="Only entries tagged [AGENT] (in any case).")
    @click.option(
        "--path", "path_glob", default=None, help="Only files matching a glob: 'memory/2026-*'."
    )
    @click.option(
        "--also",
        "also",
        multiple=True,
        type=click.Path(file_okay=False),
        help="Also search this workspace (e.g. the shared team one); hits are labelled.",
    )
    @click.option("--plain", is_flag=True, help="One hit per line (the default when piped).")
    def search(
        query: str,
        k: int,
        mode: str,
        roles: tuple[str, ...],
        since: str | None,
        until: str | None,
        tagged: str | None,
        path_glob: str | None,
        also: tuple[str, ...],
        plain: bool,
        as_json: bool,
    ) -> None:
        """Hybrid (BM25 + vector) search in Chinese and English; every hit cites path:Lx-Ly.

        \b
        Example: memstrata search "网关端口" -k 5 --role principles
        """
        from memstrata.adapters import presenters
        from memstrata.recall.search import SearchFilters, search_many, with_also
        from memstrata.recall.search import search as run_search

        filters = SearchFilters(
            list(roles) or None, since, until, tagged, path_glob, current_session()
        )
        k = positive("-k", k, 1000)
        labelled = with_also(open_workspace(), list(also))
        if len(labelled) > 1:
            response = search_many(labelled, query, k=k, mode=mode, filters=filters)
        else:
            ws = next(iter(labelled.values()))
            response = run_search(ws, query, k=k, mode=mode, filters=filters)
        for message in response.warnings:
            warn(message)
        if as_json:
            emit_json(presenters.search(response))
            return
        if not response.results:
            click.echo("No results." + (" (degraded: lexical only)" if response.degraded else ""))
            return
        labels = response.labels or [""] * len(response.results)
        if plain or not sys.stdout.isatty():
            for hit, label in zip(response.results, labels, strict=True):
                click.echo(presenters.hit_line(hit, label))
            return
        from rich.console import Console
        from rich.table import Table
        from rich.text import Text

        title = f"{query!r}  ({response.mode}{', degraded' if response.degraded else ''})"
        table = Table(title=Text(title))
        table.add_column("where", no_wrap=True)  # a citation is never split over two lines
        table.add_column("score", no_wrap=True)
        table.add_column("snippet", overflow="fold")
        for hit, label in zip(response.results, labels, strict=True):
            where = f"[{label}] {hit.cite}" if label else hit.cite
            table.add_row(Text(where), f"{hit.score:.3f}", Text(hit.snippet))
        Console().print(table)

    @command(cli, "get")
    @click.argument("ref")
    def get(ref: str, as_json: bool) -> None:
        """Print the lines a citation points at: PATH, PATH:12 or PATH:12-15 (or '📍 PATH:L12').

        \b
        Example: memstrata get "memory/2026-04-10.md:7-8"
        """
        from memstrata.adapters import presenters
        from memstrata.recall.get import get_lines

        result = get_lines(open_workspace(), ref, current_session())
        if as_json:
            emit_json(presenters.got(result))
            return
        width = len(str(result.end_line))
        for number, line in enumerate(result.lines, start=result.start_line):
            click.echo(f"{number:>{width}}  {line}")

    @command(cli, "context")
    @click.option("--task", default=None, help="What the session is about: adds relevant L2.")
    @click.option(
        "--budget", type=int, default=2000, show_default=True, help="Token budget (CJK-aware)."
    )
    def context(task: str | None, budget: int, as_json: bool) -> None:
        """The session's starting context within a token budget (never cut mid-entry).

        \b
        Example: memstrata context --budget 1500 --task "部署网关" --session shared
        """
        from memstrata.adapters import presenters
        from memstrata.context.bootstrap import build_context

        budget = positive("--budget", budget, 1_000_000)
        result = build_context(open_workspace(), current_session(), task, budget)
        if as_json:
            emit_json(presenters.context(result))
        else:
            click.echo(result.text, nl=False)
            if not result.text:  # said, not silent: nothing fits the budget
                warn(f"--budget {budget} holds not even the header; nothing printed")

    @command(cli, "warnings", name="warnings")
    @click.argument("task")
    @click.option("-k", "limit", type=int, default=5, show_default=True)
    def warnings_command(task: str, limit: int, as_json: bool) -> None:
        """事前预防: the principles, lessons and patterns to mention before starting TASK.

        \b
        Example: memstrata warnings "配置新的模型提供商"
        """
        from memstrata.adapters import presenters
        from memstrata.context.warnings import task_warnings

        found = task_warnings(open_workspace(), task, positive("-k", limit, 100), semantic=True)
        if as_json:
            emit_json(presenters.task_warnings(found))
        else:
            click.echo("\n".join(w.text for w in found) or "No known pitfalls for this task.")

    @command(cli, "principles")
    @click.option("--category", default=None, help="Only this category (配置, 排障, ...).")
    def principles(category: str | None, as_json: bool) -> None:
        """有哪些原则: the L1 principles grouped by category, each with its citation.

        \b
        Example: memstrata principles --category 配置
        """
        from memstrata.adapters import presenters
        from memstrata.evolve.review import principles_by_category

        ws = open_workspace()
        groups = principles_by_category(ws, category)
        if as_json:
            emit_json(presenters.reviewed_groups(groups))
            return
        if not groups and category:
            known = ", ".join(principles_by_category(ws, None)) or "none yet"
            click.echo(f"No principles in category {category!r}; categories: {known}.")
        elif not groups:
            click.echo("No principles yet.")
        for name, items in groups.items():
            click.echo(f"## {name}")
            for item in items:
                click.echo(f"- {item.title}  {item.cite}\n  {item.body}")

    @command(cli, "patterns")
    @click.argument("query")
    def patterns(query: str, as_json: bool) -> None:
        """关于XX的经验: L2 patterns about QUERY, found through patterns/index.md.

        \b
        Example: memstrata patterns "端口"
        """
        from memstrata.adapters import presenters
        from memstrata.evolve.review import patterns_about

        found = patterns_about(open_workspace(), query)
        if as_json:
            emit_json(presenters.reviewed(found))
            return
        if not found:
            click.echo("No patterns about that yet.")
        for item in found:
            click.echo(f"- {item.title}  {item.cite}\n  {item.body}")
