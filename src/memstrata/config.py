"""``memstrata.toml``: the workspace's settings, with defaults for everything.

The file is optional (an adopted OpenClaw workspace has none); when present it records the
preset and language chosen at ``init`` and any overrides of limits, paths and visibility.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memstrata.errors import FormatError
from memstrata.textio import read_text

CONFIG_NAME = "memstrata.toml"
LANGS = ("zh", "en")
SESSION_KINDS = ("main", "shared", "subagent")
DEFAULT_SHARED_HIDDEN = ("user", "long_term", "infra", "candidates", "evolution_log")


@dataclass
class Config:
    """Settings of one workspace; every field has a default so a missing file is valid."""

    preset: str | None = None
    lang: str = "zh"
    team: bool = False
    limits: dict[str, int] = field(default_factory=dict)
    paths: dict[str, str] = field(default_factory=dict)
    shared_hidden: tuple[str, ...] = DEFAULT_SHARED_HIDDEN
    subagent_reads_private: bool = False
    raw: dict[str, Any] = field(default_factory=dict)


def _load_toml(text: str) -> dict[str, Any]:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    return tomllib.loads(text)


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
    return _config_from_dict(data)


def _config_from_dict(data: dict[str, Any]) -> Config:
    def fail(message: str) -> FormatError:
        return FormatError(message, CONFIG_NAME)

    cfg = Config(raw=data)
    preset = data.get("preset")
    if preset is not None and not isinstance(preset, str):
        raise fail("'preset' must be a string")
    cfg.preset = preset
    lang = data.get("lang", "zh")
    if lang not in LANGS:
        raise fail(f"'lang' must be one of {', '.join(LANGS)}, not {lang!r}")
    cfg.lang = lang
    cfg.team = bool(data.get("team", False))
    limits = data.get("limits", {})
    if not isinstance(limits, dict) or not all(
        isinstance(v, int) and v > 0 for v in limits.values()
    ):
        raise fail("[limits] must map role names to positive integers")
    cfg.limits = dict(limits)
    paths = data.get("paths", {})
    if not isinstance(paths, dict) or not all(isinstance(v, str) for v in paths.values()):
        raise fail("[paths] must map role names to workspace-relative paths")
    cfg.paths = dict(paths)
    sessions = data.get("sessions", {})
    if not isinstance(sessions, dict):
        raise fail("[sessions] must be a table")
    hidden = sessions.get("shared_hidden", list(DEFAULT_SHARED_HIDDEN))
    if not isinstance(hidden, list) or not all(isinstance(v, str) for v in hidden):
        raise fail("sessions.shared_hidden must be a list of role names")
    cfg.shared_hidden = tuple(hidden)
    cfg.subagent_reads_private = bool(sessions.get("subagent_reads_private", False))
    return cfg


def render_config(preset: str, lang: str, team: bool = False) -> str:
    """The ``memstrata.toml`` written by ``init``: the choices made, the defaults as comments."""
    return (
        "# memstrata workspace settings\n"
        f'preset = "{preset}"\n'
        f'lang = "{lang}"\n'
        f"team = {'true' if team else 'false'}\n"
        "\n"
        "[limits]\n"
        "# line limits per role; defaults come from the preset\n"
        "# long_term = 200\n"
        "\n"
        "[sessions]\n"
        "# roles a shared (group) session never sees\n"
        f"shared_hidden = {list(DEFAULT_SHARED_HIDDEN)!r}\n".replace("'", '"')
    )
