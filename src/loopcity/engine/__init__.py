"""Loopcity's game-agnostic engine: no web, CLI, database or numpy code lives here."""

from .actions import Action, ActionKind, ActionSpace, Clock, act, kind
from .bots import Bot, RandomBot
from .content import ContentSpec
from .errors import (
    ContentError,
    IllegalAction,
    LoopcityError,
    MalformedAction,
    OptionError,
    RecordError,
    UnknownGame,
)
from .record import Record
from .registry import get_spec, list_games, load_game, load_snapshot, register, unregister
from .rng import KeyedRng, Rng, derive_seed, new_rng, secret_seed, subseed
from .runner import next_seat, play, play_step
from .spec import Game, GameSpec, Option, Variant
from .state import Outcome, State

__all__ = [
    "Action",
    "ActionKind",
    "ActionSpace",
    "Bot",
    "Clock",
    "ContentError",
    "ContentSpec",
    "Game",
    "GameSpec",
    "IllegalAction",
    "KeyedRng",
    "LoopcityError",
    "MalformedAction",
    "Option",
    "OptionError",
    "Outcome",
    "RandomBot",
    "Record",
    "RecordError",
    "Rng",
    "State",
    "UnknownGame",
    "Variant",
    "act",
    "derive_seed",
    "get_spec",
    "kind",
    "list_games",
    "load_game",
    "load_snapshot",
    "new_rng",
    "next_seat",
    "play",
    "play_step",
    "register",
    "secret_seed",
    "subseed",
    "unregister",
]
