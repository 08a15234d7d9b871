"""The game registry: games are found by id through the ``loopcity.games`` entry-point group.

A game registers with one line in its distribution's ``pyproject.toml``::

    [project.entry-points."loopcity.games"]
    resourced = "loopcity.games.resourced:SPEC"
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any

from .errors import UnknownGame
from .spec import Game, GameSpec, learn_words
from .state import State
from .text import _

GROUP = "loopcity.games"
_extra: dict[str, GameSpec[Any, Any]] = {}
_cache: dict[str, GameSpec[Any, Any]] | None = None


def _discover() -> dict[str, GameSpec[Any, Any]]:
    global _cache
    if _cache is None:
        found: dict[str, GameSpec[Any, Any]] = {}
        for ep in entry_points(group=GROUP):
            spec = ep.load()
            if not isinstance(spec, GameSpec):
                raise TypeError(f"entry point {ep.name!r} ({ep.value}) is not a GameSpec")
            if spec.id != ep.name:
                raise ValueError(f"entry point {ep.name!r} loads a GameSpec with id {spec.id!r}")
            found[spec.id] = spec
            learn_words(spec)
        _cache = found
    return _cache


def register(spec: GameSpec[Any, Any]) -> None:
    """Register a game at run time (tests and notebooks); installed games use the entry point."""
    _extra[spec.id] = spec
    learn_words(spec)


def unregister(game_id: str) -> None:
    _extra.pop(game_id, None)


def get_spec(game_id: str) -> GameSpec[Any, Any]:
    specs = {**_discover(), **_extra}
    if game_id not in specs:
        known = ", ".join(sorted(specs)) or _("(none installed)")
        raise UnknownGame(_("no game {game!r}; games: {known}").format(game=game_id, known=known))
    return specs[game_id]


def list_games() -> list[GameSpec[Any, Any]]:
    """Every registered game, by id."""
    specs = {**_discover(), **_extra}
    return [specs[k] for k in sorted(specs)]


def load_game(game_id: str, **options: Any) -> Game[Any, Any]:
    """A game configured with ``players``, ``variant``, game options, ``content`` and ``overrides``."""
    return Game(get_spec(game_id), options)


def load_snapshot(data: dict[str, Any]) -> State[Any, Any]:
    """Rebuild a state from :meth:`State.to_json`."""
    game = load_game(data["game"], **data["config"])
    return game.spec.state_class.from_fields(game, data["state"])
