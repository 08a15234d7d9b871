"""Values in a configured game's content by dotted path (as ``--set`` writes them): read one, or
list every number with where it comes from (the ``source`` of the item that holds it)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import Game, LoopcityError, OptionError
from ..engine.content import get_path, read_toml, set_path


def raw_content(game: Game) -> dict[str, Any]:
    """The game's content data as read from its file, with the game's overrides applied."""
    if game.spec.content is None:
        raise OptionError(f"{game.id} has no content")
    config = game.config()
    raw = read_toml(Path(config.get("content") or game.spec.content.path))
    for key, value in config.get("overrides", {}).items():
        set_path(raw, key, value)
    return raw


def current_value(game: Game, path: str) -> Any:
    """The value at ``path`` in the configured game: an option, or a value in its content."""
    config = game.config()
    if path in config and path not in ("content", "overrides"):
        return config[path]
    if game.spec.content is None:
        raise OptionError(f"{game.id} has no option {path!r} and no content")
    return get_path(raw_content(game), path)


@dataclass(frozen=True)
class NumericValue:
    """A number in the content: its path, its value and its item's ``source`` (rulebook, research,
    reconstructed; None where the item does not say)."""

    path: str
    value: int | float
    source: str | None


def _item_key(items: list[Any], i: int) -> str:
    """A list item's name in a path: its ``id`` or ``name`` when that names it alone and reads as
    one path part, else its index."""
    item = items[i]
    if isinstance(item, dict):
        for field in ("id", "name"):
            label = item.get(field)
            if isinstance(label, str) and label and "." not in label and not label.isdigit():
                if sum(isinstance(x, dict) and x.get(field) == label for x in items) == 1:
                    return label
    return str(i)


def numeric_values(game: Game, under: list[str] | None = None) -> list[NumericValue]:
    """Every whole or fractional number in the game's content (true/false and ``id`` fields left
    out), in file order; with ``under``, only those at or below one of the given paths."""
    out: list[NumericValue] = []
    dumped = game.content.model_dump() if game.content is not None else {}

    def source_of(node: dict[str, Any], path: list[str], outer: str | None) -> str | None:
        """The item's ``source`` as written, or as the content model fills it in, or the outer one."""
        if isinstance(node.get("source"), str):
            return str(node["source"])
        try:
            filled = get_path(dumped, ".".join([*path, "source"]))
        except LoopcityError:
            filled = None
        return filled if isinstance(filled, str) else outer

    def walk(node: Any, path: list[str], source: str | None) -> None:
        if isinstance(node, dict):
            here = source_of(node, path, source)
            for key, value in node.items():
                if key == "id":
                    continue
                own = node.get(f"{key}_source")
                walk(value, [*path, str(key)], own if isinstance(own, str) else here)
        elif isinstance(node, list):
            for i, item in enumerate(node):
                walk(item, [*path, _item_key(node, i)], source)
        elif isinstance(node, int | float) and not isinstance(node, bool):
            out.append(NumericValue(".".join(path), node, source))

    walk(raw_content(game), [], None)
    if under:
        out = [v for v in out if any(v.path == u or v.path.startswith(u + ".") for u in under)]
    return out
