"""Bots by name: ``random`` for every game, each game's own (``heuristic``), and the search bots.

A name may carry options after colons: ``mcts:iterations=800:rollout=random`` (see
:class:`loopcity.bots.mcts.MctsConfig`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import Bot, Game, GameSpec, OptionError, RandomBot, derive_seed
from .mcts import MctsBot, MctsConfig, rewards

BotFactory = Callable[[Game, int, int], Bot]

GENERIC: dict[str, BotFactory] = {"random": RandomBot, "mcts": MctsBot}

__all__ = ["GENERIC", "BotFactory", "MctsBot", "MctsConfig", "bot_names", "make_bot", "rewards"]


def bot_names(game: Game | GameSpec) -> list[str]:
    """Every bot name usable for this game (a configured Game or its GameSpec)."""
    spec = game.spec if isinstance(game, Game) else game
    return [*GENERIC, *(n for n in spec.bots if n not in GENERIC)]


def make_bot(name: str, game: Game, seat: int, seed: int = 0) -> Bot:
    """A bot by name for ``seat``; its randomness derives from ``seed`` and the seat.

    ``name`` may carry options after colons, ``mcts:iterations=800``; only the search bots take them.
    """
    base, *opts = name.split(":")
    factory = game.spec.bots.get(base) or GENERIC.get(base)
    if factory is None:
        raise OptionError(f"no bot {base!r} for {game.id}; bots: {', '.join(bot_names(game))}")
    bot_seed = derive_seed(seed, seat, base)
    if not opts:
        return factory(game, seat, bot_seed)
    options: dict[str, Any] = {}
    for opt in opts:
        key, eq, value = opt.partition("=")
        if not eq or not key:
            raise OptionError(f"bot option {opt!r} must read key=value, as in mcts:iterations=800")
        options[key] = value
    try:
        return factory(game, seat, bot_seed, **options)
    except (TypeError, ValueError) as e:
        raise OptionError(f"bad options for bot {base!r}: {e}") from None
