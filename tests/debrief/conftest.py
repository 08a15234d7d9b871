"""Bots' games to debrief, played once per test session (each game's record and final state)."""

from __future__ import annotations

import io
import re
from functools import cache

from pypdf import PdfReader

from loopcity.bots import make_bot
from loopcity.engine import Record, load_game
from loopcity.engine.runner import play

GAMES = ("reclaim", "resourced", "resourcity", "sustain", "waste_what")
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
"""A code id such as ``link_to`` or ``co2_money``: what no text a person reads may hold."""


@cache
def bot_record(game_id: str, seed: int = 3) -> Record:
    """A whole game played by heuristic bots."""
    game = load_game(game_id)
    state = game.new_state(seed)
    rec = Record.start(state, seed)
    play(state, [make_bot("heuristic", game, i, seed) for i in range(game.players)], rec)
    return rec


def pdf_pages(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def texts(value: object) -> list[str]:
    """Every string a person reads in a debrief's JSON: values, not keys, leaving out the fields that
    name things for programs (ids, action kinds, metric ids, statuses) and the charts' SVG."""
    program = {
        "game",
        "action",
        "actions",
        "metric",
        "metrics",
        "status",
        "id",
        "source",
        "svg",
        "key_series",
        "table",
        "language",
        "labels",
        "changes",
        "per_round",
        "variant",
        "kind",
    }
    out: list[str] = []
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in program:
                out += texts(v)
    elif isinstance(value, list | tuple):
        for v in value:
            out += texts(v)
    return out
