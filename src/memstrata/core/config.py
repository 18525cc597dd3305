"""``memstrata.toml``: the workspace's settings, typed and validated once, on load.

The file is optional (an adopted OpenClaw workspace has none); every setting has a default. Each
``[table]`` maps to one frozen dataclass below, so a service reads ``ws.config.search.near_tie``
instead of digging in a dict, and a bad value fails at load time with the file and line
(``memstrata.toml:12: search.vector_weight must be a number``), not deep inside a search.
Unknown keys are errors too: a misspelt setting that silently does nothing is worse.

Over 500 lines on purpose: every table of memstrata.toml is here, one dataclass each, so a
reader finds any setting, its default and its check in one file (docs/ARCHITECTURE.md points
here); the loader that validates them all is the other half.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
import types
import typing
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone, tzinfo
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from memstrata.errors import FormatError
from memstrata.text.textio import read_text

CONFIG_NAME = "memstrata.toml"
Lang = Literal["zh", "en"]
SessionKind = Literal["main", "shared", "subagent"]
LANGS: tuple[str, ...] = get_args(Lang)
SESSION_KINDS: tuple[str, ...] = get_args(SessionKind)
# Design §7b: what a shared or subagent session never sees, unless a preset or the user says
# otherwise in [privacy] private_roles.
DEFAULT_PRIVATE_ROLES = (
    "user",
    "long_term",
    "infra",
    "candidates",
    "evolution_log",
    "pending",
    "reports",
    "private_archive",
)


def _positive(default: Any) -> Any:
    """A setting that must be greater than zero (a count, a threshold, a budget)."""
    return field(default=default, metadata={"positive": True})


@dataclass(frozen=True)
class OpenAIEmbeddingSettings:
    """``[search.openai]``: an OpenAI-compatible ``/v1/embeddings`` endpoint."""

    base_url: str = "https://api.openai.com/v1"
    model: str = "text-embedding-3-small"
    api_key_env: str = "OPENAI_API_KEY"
    batch_size: int = _positive(64)
    timeout: float = 30.0
    retries: int = 3
    dim: int = 0


@dataclass(frozen=True)
class SearchSettings:
    """``[search]``: the embedder and the fusion weights (chosen by benchmarks/)."""

    embedder: Literal["use", "openai", "hash", "none"] = "use"
    fusion: Literal["weighted", "rrf"] = "weighted"
    vector_weight: float = 0.7
    text_weight: float = 0.3
    candidate_multiplier: int = _positive(4)
    min_score: float = 0.12
    vector_min_score: float = 0.15
    strong_text: float = 0.75
    recency_weight: float = 0.04
    # A query for the current value (现在, now, latest): a fresh chunk's score is multiplied
    # by up to 1 + this (halving every recency_half_life_days).
    current_recency_weight: float = 1.0
    # A query for a decision (决定, settle on) lifts MEMORY.md bullets by this much.
    decision_boost: float = 0.1
    # A query naming a time (上周, four weeks ago, in July): a chunk dated inside that window
    # has its score multiplied by up to 1 + this (recall/when.py; 0 turns it off).
    window_weight: float = 0.5
    near_tie: float = 0.15
    same_topic: float = 0.45
    # ...or this share of the shorter one's words shared with one line of the newer chunk.
    same_line: float = 0.3
    # A result from an entry already shown, or with a vector this close to one shown, loses
    # ``diversity`` of its score (0 turns it off).
    diversity: float = 0.0
    # A question that asks two things searches again with the names its top hits hold, and
    # that search's best new hit takes the fifth place (recall/bridge.py; hybrid only).
    bridge: bool = True
    # Hybrid search re-orders this many of the best fused candidates with the fitted linear
    # model of recall/rerank.py (0 turns it off).
    rerank_depth: int = 30
    near_copy: float = 0.9
    # A hybrid hit scoring under this is flagged ``weak``: memory holds nothing close
    # (benchmarks/nomatch.py; 0 turns it off). Only for weighted fusion: RRF scores ranks.
    weak_below: float = 0.22
    # Adjacent items of a result's section scoring at least this share of it join the result
    # (one result per passage; 0 turns it off).
    merge_ratio: float = 0.75
    # ...and the items of another part of the same daily entry (完成内容 after 遇到问题).
    part_merge_ratio: float = 0.5
    # BM25 weight of a chunk's heading path and of its Chinese character pairs (body = 1).
    # Translations of a query word (CC-CEDICT) kept per word, and what a match through one
    # is worth relative to the word itself (0 turns translation off).
    max_translations: int = 3
    translation_credit: float = 0.8
    heading_weight: float = 0.5
    gram_weight: float = 0.5
    recency_half_life_days: float = _positive(60.0)
    embed_budget_s: float = 5.0
    scan_interval_s: float = 2.0
    also: tuple[str, ...] = ()
    openai: OpenAIEmbeddingSettings = field(default_factory=OpenAIEmbeddingSettings)


@dataclass(frozen=True)
class EvolveSettings:
    """``[evolve]``: when the heartbeat runs and when a candidate is promoted (note 000/004)."""

    threshold: int = _positive(3)
    expiry_days: int = _positive(30)
    # Word/bigram overlap coefficient above which two observations are the same candidate.
    match: float = _positive(0.5)
    # USE cosine, calibrated on pairs: true cross-lingual restatements score 0.67-0.76, but two
    # different facts can reach 0.66; a wrong merge promotes something false.
    match_embedding: float = _positive(0.7)
    min_pending: int = _positive(5)
    max_age_hours: float = _positive(24.0)
    # "synthesis" (note 000: every finding is classified L1/L2 and proposed at each synthesis)
    # or "pool" (note 004: a finding is proposed once seen `threshold` times); "" = the preset's.
    policy: Literal["", "synthesis", "pool"] = ""


@dataclass(frozen=True)
class LlmSettings:
    """``[llm]``: an optional OpenAI-compatible chat model; never required."""

    base_url: str = ""
    model: str = ""
    api_key_env: str = "OPENAI_API_KEY"
    timeout: float = 15.0

    @property
    def configured(self) -> bool:
        return bool(self.base_url and self.model)


@dataclass(frozen=True)
class HooksSettings:
    """``[hooks]``: what the agent hooks do on every event."""

    context_budget: int = _positive(2000)
    error_detector: bool = True


@dataclass(frozen=True)
class ServeSettings:
    """``[serve]``: the local service (``memstrata serve``) that keeps the embedder warm."""

    port: int = 8765  # taken when free, else any free port (the address file names it)
    autostart: bool = False  # a hook starts the service when it is not running
    # A search in the service embeds its backlog inline only while that takes about this
    # long (a write just made stays fully searchable); the rest waits for the background.
    inline_embed_s: float = 0.05
    # MCP tool calls run at once (each in a thread). A thread keeps its own database
    # connections on a team store (advisory locks belong to a connection), so this bounds a
    # replica's connections: PostgreSQL refuses clients past max_connections (100 by default),
    # which eight busy agents on two replicas reached with the 40 threads anyio allows.
    threads: int = 8


@dataclass(frozen=True)
class PrivacySettings:
    """``[privacy]``: which roles only the owner's main session may see (design §7b).

    ``None`` means "what the preset's note says" (core/layouts.py ``PRIVACY``): OpenClaw loads
    USER.md in every session and MEMORY.md only in the main one; memstrata's own default keeps
    both private. The workspace fills these in when it opens.
    """

    private_roles: tuple[str, ...] | None = None
    subagent_reads_private: bool | None = None

    @property
    def roles(self) -> tuple[str, ...]:
        return DEFAULT_PRIVATE_ROLES if self.private_roles is None else self.private_roles

    @property
    def subagents_read(self) -> bool:
        return bool(self.subagent_reads_private)


@dataclass(frozen=True)
class ClockSettings:
    """``[clock]``: the workspace's time zone, for daily-log times and dates (note 002 writes
    ``**时间**: HH:MM GMT+8``). Empty: the machine's local zone. An IANA name
    (``Asia/Shanghai``) or a fixed offset (``GMT+8``, ``UTC-03:30``)."""

    timezone: str = ""


@dataclass(frozen=True)
class GlobalSettings:
    """``[global]``: a second root shared by every project (note 004's ``~/.workbuddy``):
    the roles listed live there (paths relative to it), written through the same writer and
    locks, confined to it as the workspace is to its own root."""

    root: str = ""
    roles: tuple[str, ...] = ()


@dataclass(frozen=True)
class StoreSettings:
    """``[store]``: where the documents live. ``files`` (the default) keeps them as Markdown in
    the workspace folder; ``postgres`` keeps them as rows in a PostgreSQL database shared by a
    team's machines (src/memstrata/team/). The DSN carries a password, so memstrata.toml only
    names the environment variable that holds it."""

    backend: Literal["files", "postgres"] = "files"
    dsn_env: str = "MEMSTRATA_DSN"
    # Several workspaces can share one database; rows are keyed by this name ("" = the folder's).
    name: str = ""
    # A trial on one machine: the bundled PostgreSQL's data folder (relative to the workspace),
    # started or joined when the DSN variable is not set (memstrata init --embedded-postgres).
    embedded: str = ""
    # How the team index finds the nearest vectors: "exact" (a scan: the same top list as the
    # files backend) or "hnsw" (pgvector's approximate graph index, for large workspaces; its
    # recall depends on the vectors). BENCHMARKS.md "Team search" measured both.
    vector_index: Literal["exact", "hnsw"] = "exact"


@dataclass(frozen=True)
class Config:
    """Settings of one workspace; every field has a default so a missing file is valid."""

    preset: str | None = None
    lang: Lang = "zh"
    team: bool = False
    limits: dict[str, int] = field(default_factory=dict)
    paths: dict[str, str] = field(default_factory=dict)
    search: SearchSettings = field(default_factory=SearchSettings)
    evolve: EvolveSettings = field(default_factory=EvolveSettings)
    llm: LlmSettings = field(default_factory=LlmSettings)
    hooks: HooksSettings = field(default_factory=HooksSettings)
    serve: ServeSettings = field(default_factory=ServeSettings)
    privacy: PrivacySettings = field(default_factory=PrivacySettings)
    clock: ClockSettings = field(default_factory=ClockSettings)
    global_: GlobalSettings = field(default_factory=GlobalSettings, metadata={"toml": "global"})
    store: StoreSettings = field(default_factory=StoreSettings)
    # init's record of the identity files' hashes, for doctor's "hand-edited" check.
    baseline: dict[str, str] = field(default_factory=dict)
    # The file's text, so checks made after loading (paths against the layout) can name a line.
    source: str = field(default="", repr=False, compare=False)

    def error(self, table: str, key: str, message: str) -> FormatError:
        """A one-line error about setting ``table.key``, naming its line when it has one."""
        return _Source(self.source).fail(table, key, message)


def _load_toml(text: str) -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python 3.10
        import tomli as tomllib
    return tomllib.loads(text)


class _Source:
    """The TOML text, to name the line of a bad setting (tomllib reports values, not places)."""

    def __init__(self, text: str):
        self.lines = text.split("\n")

    def line_of(self, table: str, key: str) -> int | None:
        current = ""
        header = re.compile(r"^\s*\[\s*([^\]]+?)\s*\]\s*(?:#.*)?$")
        assignment = re.compile(rf"^\s*\"?{re.escape(key)}\"?\s*=")
        for number, line in enumerate(self.lines, start=1):
            match = header.match(line)
            if match:
                current = match.group(1)
                continue
            if current == table and assignment.match(line):
                return number
            if current == f"{table}.{key}" or (not table and current == key):
                return number
        return None

    def fail(self, table: str, key: str, message: str) -> FormatError:
        """``table.key message`` (``table.key: message`` when the message starts with ``:``)."""
        name = f"{table}.{key}" if table else key
        glue = "" if message.startswith(":") else " "
        return FormatError(f"{name}{glue}{message}", CONFIG_NAME, self.line_of(table, key))


def _describe(kind: Any) -> str:
    """What a setting of type ``kind`` must be, in the words of a TOML user (never Python's:
    ``tuple[str, ...] | None`` means nothing to them)."""
    origin = get_origin(kind)
    if origin is Literal:
        return "one of " + ", ".join(str(v) for v in get_args(kind))
    if origin in (typing.Union, types.UnionType):
        options = [_describe(o) for o in get_args(kind) if o is not type(None)]
        return " or ".join(dict.fromkeys(options))
    if kind is bool:
        return "true or false"
    if kind is int:
        return "a whole number (0 or more)"
    if kind is float:
        return "a number (0 or more)"
    if kind is str:
        return "a string in quotes"
    if origin in (tuple, list):
        return 'a list of strings, such as ["user", "infra"]'
    if origin is dict:
        _key, value = get_args(kind)
        plural = {int: "whole numbers greater than 0", str: "strings in quotes"}
        return f"a table of {plural.get(value, 'settings')} (name = value lines)"
    return "a " + getattr(kind, "__name__", "value")


def _convert(kind: Any, value: Any) -> tuple[bool, Any]:
    """(ok, converted value) for one setting of type ``kind``."""
    origin = get_origin(kind)
    if origin is Literal:
        return value in get_args(kind), value
    if origin in (typing.Union, types.UnionType):
        for option in get_args(kind):
            if option is type(None) and value is None:
                return True, None
            ok, converted = _convert(option, value)
            if ok:
                return True, converted
        return False, value
    if kind is bool:
        return isinstance(value, bool), value
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0, value
    if kind is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0
        return ok, float(value) if ok else value
    if kind is str:
        return isinstance(value, str), value
    if origin in (tuple, list):
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        return ok, tuple(value) if ok else value
    if origin is dict:
        _key_type, value_type = get_args(kind)
        if not isinstance(value, dict):
            return False, value
        converted = {}
        for k, v in value.items():
            ok, v2 = _convert(value_type, v)
            if not ok or (value_type is int and v2 == 0):
                return False, value
            converted[k] = v2
        return True, converted
    return False, value


def _table(cls: Any, data: Any, table: str, source: _Source) -> Any:
    """Build the dataclass ``cls`` from a TOML table, validating every key."""
    if not isinstance(data, dict):
        raise FormatError(f"[{table}] must be a table", CONFIG_NAME, source.line_of("", table))
    hints = typing.get_type_hints(cls)
    # A field may carry its TOML name (``global_`` is ``[global]``: a Python keyword).
    fields = {f.metadata.get("toml", f.name): f for f in dataclasses.fields(cls)}
    known = set(fields)
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in known or key == "source":
            raise source.fail(table, key, f"is not a setting; known: {', '.join(sorted(known))}")
        name = fields[key].name
        kind = hints[name]
        if dataclasses.is_dataclass(kind):
            values[name] = _table(kind, value, f"{table}.{key}" if table else key, source)
            continue
        ok, converted = _convert(kind, value)
        if ok and fields[key].metadata.get("positive") and not converted > 0:
            raise source.fail(table, key, f"must be greater than 0, not {value!r}")
        if not ok:
            raise source.fail(table, key, f"must be {_describe(kind)}, not {value!r}")
        values[name] = converted
    return cls(**values)


def load_config(root: Path) -> Config:
    """Read ``root/memstrata.toml`` (defaults when absent); a bad file names its line."""
    path = root / CONFIG_NAME
    if not path.exists():
        return Config()
    text = read_text(path, CONFIG_NAME)
    try:
        data = _load_toml(text)
    except ValueError as exc:
        match = re.search(r"line (\d+)", str(exc))
        reason = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise FormatError(
            f"invalid TOML: {reason}", CONFIG_NAME, int(match.group(1)) if match else None
        ) from None
    return config_from_dict(data, text)


def config_from_dict(data: dict[str, Any], text: str = "") -> Config:
    """Validate parsed TOML into a :class:`Config` (``text`` only serves error line numbers)."""
    source = _Source(text)
    data = dict(data)
    sessions = data.pop("sessions", None)  # the pre-[privacy] spelling, still accepted
    if sessions is not None:
        if not isinstance(sessions, dict):
            raise source.fail("", "sessions", "must be a table")
        privacy = dict(data.get("privacy", {}))
        if "shared_hidden" in sessions:
            privacy.setdefault("private_roles", sessions.pop("shared_hidden"))
        if "subagent_reads_private" in sessions:
            privacy.setdefault("subagent_reads_private", sessions.pop("subagent_reads_private"))
        if sessions:
            raise source.fail("sessions", next(iter(sessions)), "is not a setting")
        data["privacy"] = privacy
    for key in ("agent",):  # informational tables kept by older versions
        data.pop(key, None)
    _refuse_secret_dsn(data.get("store"), source)
    config = typing.cast(Config, _table(Config, data, "", source))
    if config.clock.timezone:
        try:
            parse_timezone(config.clock.timezone)
        except ValueError as exc:
            raise source.fail("clock", "timezone", str(exc)) from None
    return dataclasses.replace(config, source=text)


_DSN_LIKE = re.compile(r"://|\b(?:host|password|dbname|user)\s*=")


def _refuse_secret_dsn(store: Any, source: _Source) -> None:
    """A connection string (with its password) must never sit in memstrata.toml, which people
    commit and copy between machines; only the name of the environment variable does."""
    if not isinstance(store, dict):
        return
    for key in ("dsn", "url", "uri"):
        if key in store:
            raise source.fail(
                "store",
                key,
                "must not be in memstrata.toml (it holds a password); put the DSN in the "
                "environment variable named by store.dsn_env (default MEMSTRATA_DSN)",
            )
    env = store.get("dsn_env")
    if isinstance(env, str) and (_DSN_LIKE.search(env) or not re.fullmatch(r"[A-Za-z_]\w*", env)):
        raise source.fail(
            "store",
            "dsn_env",
            "must be the name of an environment variable (such as MEMSTRATA_DSN), not the DSN",
        )


def render_store(backend: str, name: str, embedded: str = "") -> str:
    """The ``[store]`` table ``init`` writes for a non-default backend (see StoreSettings)."""
    return (
        "\n[store]\n"
        f'backend = "{backend}"\n'
        "# the DSN (postgresql://user:password@host/db) is read from this environment variable\n"
        'dsn_env = "MEMSTRATA_DSN"\n'
        f"name = {json.dumps(name, ensure_ascii=False)}\n"
        + (f"embedded = {json.dumps(embedded, ensure_ascii=False)}\n" if embedded else "")
    )


_OFFSET = re.compile(r"^(?:GMT|UTC)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$", re.IGNORECASE)


def parse_timezone(name: str) -> tzinfo:
    """``Asia/Shanghai``, ``GMT+8``, ``UTC-03:30`` or ``+08:00`` as a tzinfo (ValueError if not)."""
    text = name.strip()
    if text.upper() in ("UTC", "GMT", "Z"):
        return timezone.utc
    match = _OFFSET.match(text)
    if match:
        sign, hours, minutes = match.group(1), int(match.group(2)), int(match.group(3) or 0)
        if hours > 14 or minutes >= 60:
            raise ValueError(f"{name!r} is not a valid UTC offset")
        delta = timedelta(hours=hours, minutes=minutes)
        return timezone(-delta if sign == "-" else delta)
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(
            f"{name!r} is not a time zone; use an IANA name such as 'Asia/Shanghai' or an "
            "offset such as 'GMT+8'"
        ) from None


def zone_label(moment: datetime) -> str:
    """``GMT+8`` / ``GMT-3:30`` / ``GMT+0`` for an aware datetime (note 002's time stamps)."""
    offset = moment.utcoffset() or timedelta(0)
    minutes = int(offset.total_seconds() // 60)
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    return f"GMT{sign}{hours}" + (f":{rest:02d}" if rest else "")


def render_config(
    preset: str,
    lang: str,
    team: bool = False,
    private_roles: tuple[str, ...] = DEFAULT_PRIVATE_ROLES,
    global_root: str = "",
    global_roles: tuple[str, ...] = (),
) -> str:
    """The ``memstrata.toml`` written by ``init``: the choices made, the defaults as comments."""
    roles = ", ".join(f'"{r}"' for r in private_roles)
    text = (
        "# memstrata workspace settings (docs/ARCHITECTURE.md lists every table)\n"
        f'preset = "{preset}"\n'
        f'lang = "{lang}"\n'
        f"team = {'true' if team else 'false'}\n"
        "\n"
        "[limits]\n"
        "# line limits per role; defaults come from the preset\n"
        "# long_term = 200\n"
        "\n"
        "[privacy]\n"
        f"# roles only the owner's main session sees ({preset} preset's default)\n"
        f"# private_roles = [{roles}]\n"
        "\n"
        "[clock]\n"
        "# time zone of daily-log times and dates (default: this machine's)\n"
        f'# timezone = "{"Asia/Shanghai" if lang == "zh" else "Europe/London"}"\n'
    )
    if global_root:
        listed = ", ".join(f'"{r}"' for r in global_roles)
        text += (
            "\n[global]\n"
            "# shared by every project (note 004's ~/.workbuddy): these roles live there\n"
            f"root = {_toml_string(global_root)}\n"
            f"roles = [{listed}]\n"
        )
    return text


def _toml_string(text: str) -> str:
    """A TOML basic string (paths may hold backslashes on Windows)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
