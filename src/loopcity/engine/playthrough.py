"""Playthroughs: a seeded game written out step by step, to read and to diff.

Like OpenSpiel's playthroughs, a playthrough pins a whole game in a text file that a person can read:
each step's seat, action (its label and its text form) and the public log lines it caused, and the
table as the spectator sees it whenever a new round begins and at the end. A rule change then shows
as a readable diff of the games it changes, not as a changed hash.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from .bots import Bot
from .runner import next_seat
from .spec import Game
from .state import State
from .text import say

BotFactory = Callable[[Game[Any, Any], int, int], Bot]


def _table(state: State[Any, Any]) -> str:
    view = state.view(None)
    render = state.game.spec.render_text
    text = render(view) if render is not None else json.dumps(view, indent=1, sort_keys=True)
    return "\n".join(("    " + line).rstrip() for line in text.splitlines())


def _round(state: State[Any, Any]) -> Any:
    return getattr(state, "round", None)


def playthrough(game: Game[Any, Any], seed: int, bots: Sequence[BotFactory], title: str = "") -> str:
    """The playthrough of the game that ``bots`` (one factory per seat) play from ``seed``."""
    state = game.new_state(seed)
    agents = [make(game, s, seed) for s, make in enumerate(bots)]
    config = ", ".join(f"{k}={v}" for k, v in sorted(game.config().items()))
    out = [f"# {game.spec.title} playthrough: {config}, seed {seed}" + (f"; {title}" if title else ""), ""]
    seen = len(state.log)
    out += [f"    | {line['text']}" for line in state.log_for(None)]
    last_round = None
    while not state.is_terminal():
        if _round(state) != last_round:
            last_round = _round(state)
            out += ["", f"== the table (round {last_round}) ==", _table(state), ""]
        seat = next_seat(state)
        action = agents[seat].choose(state, seat)
        label = state.label(seat, action).text
        out.append(f"{state.step:>4} {state.seat_name(seat)}: {label}  [{action}]")
        state.apply(seat, action)
        for _step, kind, text, seats in state.log[seen:]:
            if seats is None and kind != "action":
                out.append(f"       | {say(text)}")
        seen = len(state.log)
    outcome = state.outcome()
    assert outcome is not None
    out += [
        "",
        "== the end ==",
        _table(state),
        "",
        f"outcome: {json.dumps(outcome.to_json(), sort_keys=True)}",
    ]
    return "\n".join(out) + "\n"
