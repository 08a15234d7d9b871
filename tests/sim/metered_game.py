"""The tiny test game with rounds, a team loss, per-round metrics and a content file, for the
simulation workbench's tests (not offered to users).

A round ends when the turn comes back to the first seat. The table loses together when the pile is
emptied by a die roll ("emptied by a roll") and wins otherwise. The die's number of sides is content.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from pydantic import BaseModel, Field

from loopcity.engine import ContentSpec
from tiny_game import SPEC as TINY
from tiny_game import TinyState


class Dice(BaseModel):
    sides: int = Field(le=12, description="a box holds dice of at most 12 sides")
    source: str = "reconstructed"


class MeteredContent(BaseModel):
    dice: Dice


class MeteredState(TinyState):
    def __init__(self, game, seed):
        super().__init__(game, seed)
        self.round = 1
        self.last = ""

    def _apply(self, seat, action):
        if action.kind == "roll":
            k = min(self.pile, self.roll(self.game.content.dice.sides, "die"))
            self.pile -= k
            self.taken[seat] += k
            self.turn = (self.turn + 1) % self.players
        else:
            super()._apply(seat, action)
        self.last = action.kind
        if action.kind != "ready" and self.turn == 0:
            self.round += 1

    def outcome(self):
        base = super().outcome()
        if base is None:
            return None
        lost = self.last == "roll"
        return dataclasses.replace(
            base, team_won=not lost, cause="emptied by a roll" if lost else "pile empty"
        )


class GreedyBot:
    """Takes two counters when it can, one otherwise: never rolls."""

    def __init__(self, game, seat, seed):
        pass

    def choose(self, state, seat):
        legal = state.legal_actions(seat)
        takes = [a for a in legal if a.kind != "roll"]
        return max(takes, key=lambda a: a.args) if takes else legal[0]


def metrics(state):
    return {"pile": float(state.pile), "taken": float(sum(state.taken))}


SPEC = dataclasses.replace(
    TINY,
    id="metered",
    title="Metered",
    state_class=MeteredState,
    cooperative=True,
    content=ContentSpec(MeteredContent, Path(__file__).with_name("metered.toml")),
    metrics=metrics,
    bots={"greedy": GreedyBot},
)
