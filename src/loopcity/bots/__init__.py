"""Bots by name: ``random`` for every game, each game's own (``heuristic``), and the search bots."""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Bot, Game, OptionError, RandomBot, derive_seed

BotFactory = Callable[[Game, int, int], Bot]

GENERIC: dict[str, BotFactory] = {"random": RandomBot}


def bot_names(game: Game) -> list[str]:
    """Every bot name usable for this game."""
    return [*GENERIC, *(n for n in game.spec.bots if n not in GENERIC)]


def make_bot(name: str, game: Game, seat: int, seed: int = 0) -> Bot:
    """A bot by name for ``seat``; its randomness derives from ``seed`` and the seat."""
    factory = game.spec.bots.get(name) or GENERIC.get(name)
    if factory is None:
        raise OptionError(f"no bot {name!r} for {game.id}; bots: {', '.join(bot_names(game))}")
    return factory(game, seat, derive_seed(seed, seat, name))
