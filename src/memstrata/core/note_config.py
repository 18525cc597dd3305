"""The self-evolution layout's own ``config.yaml`` (note 000: "config.yaml 配置项"), read.

Note 000 keeps its settings in ``config.yaml`` beside ``principles.md``; a workspace in that
style (made by ``init`` or adopted) must not have a settings file that silently does nothing.
Its keys map onto memstrata's settings:

=========================  =========================
config.yaml                memstrata.toml
=========================  =========================
heartbeat.min_pending      [evolve] min_pending
heartbeat.max_age_hours    [evolve] max_age_hours
citation_log               [paths] citations
=========================  =========================

A key set in ``memstrata.toml`` wins (it is the more specific file). A bad value is an error
naming ``config.yaml`` and its line; keys memstrata does not use are reported by ``doctor``
(the note's users may keep their own keys there), not refused.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from memstrata.core.config import Config, config_from_dict
from memstrata.errors import FormatError
from memstrata.text.textio import read_text

NOTE_CONFIG = "config.yaml"
# config.yaml path -> (memstrata.toml table, key, kind)
MAPPING: dict[tuple[str, ...], tuple[str, str, type]] = {
    ("heartbeat", "min_pending"): ("evolve", "min_pending", int),
    ("heartbeat", "max_age_hours"): ("evolve", "max_age_hours", float),
    ("citation_log",): ("paths", "citations", str),
}

# Keys that hold a mapping of settings, with one setting each as an example.
TABLES = {("heartbeat",): "min_pending"}


@dataclasses.dataclass
class _Value:
    value: Any
    line: int


def _flatten(root: Path) -> dict[tuple[str, ...], _Value]:
    """Every scalar of config.yaml by its key path, with its 1-based line."""
    import yaml  # only self-evolution workspaces that have the file pay for the import

    text = read_text(root / NOTE_CONFIG, NOTE_CONFIG)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise FormatError(
            f"invalid YAML: {reason}", NOTE_CONFIG, mark.line + 1 if mark else None
        ) from None
    if node is None:
        return {}
    if not isinstance(node, yaml.MappingNode):
        raise FormatError("must be a mapping of settings", NOTE_CONFIG, node.start_mark.line + 1)
    found: dict[tuple[str, ...], _Value] = {}
    construct = yaml.constructor.SafeConstructor()

    def walk(mapping: yaml.MappingNode, prefix: tuple[str, ...]) -> None:
        seen: dict[str, int] = {}
        for key_node, value_node in mapping.value:
            path = (*prefix, str(key_node.value))
            line = key_node.start_mark.line + 1
            name = ".".join(path)
            if path[-1] in seen:  # YAML keeps the last silently; a lost setting is worse
                raise FormatError(
                    f"duplicate key {name} (first at line {seen[path[-1]]})", NOTE_CONFIG, line
                )
            seen[path[-1]] = line
            if path in TABLES and not isinstance(value_node, yaml.MappingNode):
                raise FormatError(
                    f"{name} must be a mapping of settings (e.g. '{name}:' then an indented "
                    f"'{TABLES[path]}: 5'), not a single value",
                    NOTE_CONFIG,
                    line,
                )
            if isinstance(value_node, yaml.MappingNode):
                walk(value_node, path)
            elif isinstance(value_node, yaml.ScalarNode):
                found[path] = _Value(
                    construct.construct_object(value_node), value_node.start_mark.line + 1
                )
            else:
                found[path] = _Value(None, value_node.start_mark.line + 1)

    walk(node, ())
    return found


def _checked(path: tuple[str, ...], item: _Value, kind: type) -> Any:
    value = item.value
    name = ".".join(path)
    if kind is str:
        if not isinstance(value, str) or not value.strip():
            raise FormatError(f"{name} must be a path, not {value!r}", NOTE_CONFIG, item.line)
        _check_path(name, value.strip(), item.line)
        return value.strip()
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise FormatError(
            f"{name} must be a number greater than 0, not {value!r}", NOTE_CONFIG, item.line
        )
    if kind is int and not isinstance(value, int):
        raise FormatError(f"{name} must be a whole number, not {value!r}", NOTE_CONFIG, item.line)
    return kind(value)


def _check_path(name: str, value: str, line: int) -> None:
    """``citation_log`` checked as memstrata.toml's [paths] are (inside the workspace, not
    another role's file), the error naming this file and line."""
    from memstrata.core.layouts import layout_for

    layout = layout_for("self-evolution").with_overrides({}, {"citations": value})
    layout.check_paths(
        lambda _table, _key, message: FormatError(f"{name} {message}", NOTE_CONFIG, line)
    )


def apply_note_config(root: Path, config: Config) -> Config:
    """``config`` with the settings of ``root/config.yaml`` added where memstrata.toml is silent."""
    if not (root / NOTE_CONFIG).is_file():
        return config
    from memstrata.core.config import _load_toml

    data: dict[str, Any] = _load_toml(config.source) if config.source else {}
    changed = False
    for path, item in _flatten(root).items():
        target = MAPPING.get(path)
        if target is None:
            continue
        table, key, kind = target
        section = data.setdefault(table, {})
        if key not in section:
            section[key] = _checked(path, item, kind)
            changed = True
    if not changed:
        return config
    return config_from_dict(data, config.source)


def unused_keys(root: Path) -> list[tuple[str, int]]:
    """Keys of config.yaml that memstrata does not read (for ``doctor``), with their lines."""
    if not (root / NOTE_CONFIG).is_file():
        return []
    try:
        flat = _flatten(root)
    except FormatError:
        return []  # reported as an error by every command already
    return [(".".join(path), item.line) for path, item in flat.items() if path not in MAPPING]
