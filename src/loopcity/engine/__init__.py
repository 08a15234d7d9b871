"""Loopcity's game-agnostic engine: no web, CLI, database or numpy code lives here."""

from .actions import Action, ActionKind, ActionSpace, Clock, Handlers, NoArgs, act, kind
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
from .rng import KeyedRng, Rng, derive_seed, new_rng, secret_seed, subseed
from .runner import next_seat, play, play_step, waits_for_people
from .spec import Game, GameSpec, Option, Variant
from .state import Outcome, State

__all__ = [
    "Action",
    "ActionKind",
    "ActionSpace",
    "Bot",
    "Clock",
    "ContentError",
    "ContentModel",
    "ContentSpec",
    "Game",
    "GameSpec",
    "Handlers",
    "IllegalAction",
    "KeyedRng",
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
    "new_rng",
    "next_seat",
    "play",
    "play_step",
    "position_of",
    "read_position",
    "register",
    "secret_seed",
    "subseed",
    "unregister",
    "waits_for_people",
]
