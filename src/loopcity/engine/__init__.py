"""Loopcity's game-agnostic engine: no web, CLI, database or numpy code lives here."""

from .actions import Action, ActionKind, ActionSpace, Handlers, NoArgs, act, kind
from .bots import Bot, RandomBot
from .content import ContentModel, ContentSpec
from .errors import (
    ContentError,
    IllegalAction,
    LoopcityError,
    MalformedAction,
    OptionError,
    PositionError,
    RecordError,
    UnknownGame,
)
from .position import PositionModel, dump_position, load_position, position_of, read_position
from .record import Record
from .registry import get_spec, list_games, load_game, load_snapshot, register, unregister
from .rng import Rng, derive_seed
from .runner import next_seat, play, play_step
from .spec import Game, GameSpec, Option, Variant
from .state import Outcome, State

__all__ = [
    "Action",
    "ActionKind",
    "ActionSpace",
    "Bot",
    "ContentError",
    "ContentModel",
    "ContentSpec",
    "Game",
    "GameSpec",
    "Handlers",
    "IllegalAction",
    "LoopcityError",
    "MalformedAction",
    "NoArgs",
    "Option",
    "OptionError",
    "PositionError",
    "PositionModel",
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
    "dump_position",
    "get_spec",
    "kind",
    "list_games",
    "load_game",
    "load_position",
    "load_snapshot",
    "next_seat",
    "play",
    "play_step",
    "position_of",
    "read_position",
    "register",
    "unregister",
]
