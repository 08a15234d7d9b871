"""OpenSpiel games: importing this module registers every Loopcity game as ``loopcity_<game_id>``.

Each is a sequential game with sampled stochastic chance (the engine draws chance from the seeded
generator inside the state), imperfect information where the game has secrets, and identical
(cooperative) or general-sum (semi-cooperative) utilities from :meth:`Outcome.returns`. Game
parameters: ``players``, ``variant`` and ``seed`` (the seed of the first game; each new initial state
takes the next one). Observers give the hashed view vector of :mod:`loopcity.adapters.encoding` and
the view as a JSON string.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from ..engine import Game, Outcome, get_spec, list_games, load_game, next_seat
from ..engine.spec import GameSpec
from .encoding import encode_view, observation_size


def _game_type(spec: GameSpec) -> pyspiel.GameType:
    info = pyspiel.GameType.Information
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=f"loopcity_{spec.id}",
        long_name=f"Loopcity {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=info.IMPERFECT_INFORMATION if spec.hidden_information else info.PERFECT_INFORMATION,
        utility=utility.IDENTICAL if spec.cooperative else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": spec.default_players or spec.min_players,
            "variant": spec.variants[0].name if spec.variants else "",
            "seed": 0,
        },
    )


class LoopcityGame(pyspiel.Game):
    """A Loopcity game seen by OpenSpiel (subclassed once per game by :func:`register_game`)."""

    _spec: GameSpec

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = self._spec
        params = dict(params or {})
        options: dict[str, Any] = {
            "players": int(params.get("players", spec.default_players or spec.min_players))
        }
        if params.get("variant"):
            options["variant"] = params["variant"]
        self.loopcity: Game = load_game(spec.id, **options)
        self._next_seed = int(params.get("seed", 0))
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.action_space.size,
            max_chance_outcomes=0,
            num_players=self.loopcity.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=spec.max_steps,
        )
        full = {
            "players": options["players"],
            "variant": params.get("variant", _game_type(spec).parameter_specification["variant"]),
            "seed": self._next_seed,
        }
        super().__init__(_game_type(spec), info, full)

    def new_initial_state(self) -> LoopcityState:
        seed = self._next_seed
        self._next_seed += 1
        return LoopcityState(self, self.loopcity.new_state(seed))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        return ViewObserver(self.loopcity)


class LoopcityState(pyspiel.State):
    """An OpenSpiel state wrapping an engine state."""

    def __init__(self, game: LoopcityGame, state: Any) -> None:
        super().__init__(game)
        self.inner = state
        self._space = state.game.spec.action_space

    def current_player(self) -> int:
        if self.inner.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return next_seat(self.inner)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._space.index(a) for a in self.inner.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        self.inner.apply(next_seat(self.inner), self._space.action(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._space.action(action))

    def is_terminal(self) -> bool:
        return bool(self.inner.is_terminal())

    def returns(self) -> list[float]:
        outcome: Outcome | None = self.inner.outcome() if self.inner.is_terminal() else None
        if outcome is None:
            return [0.0] * self.inner.players
        return list(outcome.returns(self.inner.game.spec.cooperative))

    def __str__(self) -> str:
        return json.dumps(self.inner.view(None), sort_keys=True)

    def clone(self) -> LoopcityState:
        return LoopcityState(self.get_game(), self.inner.clone())


class ViewObserver:
    """The PyObserver interface over a seat's view."""

    def __init__(self, game: Game) -> None:
        self.players = game.players
        self.tensor = np.zeros(observation_size(game.players), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: LoopcityState, player: int) -> None:
        self.tensor[:] = encode_view(state.inner.view(player), player, self.players)

    def string_from(self, state: LoopcityState, player: int) -> str:
        return json.dumps(state.inner.view(player), sort_keys=True)


_REGISTERED: dict[str, type[LoopcityGame]] = {}


def register_game(game_id: str) -> None:
    """Register one Loopcity game with OpenSpiel (done for every game on import)."""
    spec = get_spec(game_id)
    name = f"loopcity_{spec.id}"
    if spec.id in _REGISTERED or name in {g.short_name for g in pyspiel.registered_games()}:
        return

    # A class per game, kept alive here: OpenSpiel's registry holds it until the interpreter ends.
    cls = type(f"Loopcity_{spec.id}", (LoopcityGame,), {"_spec": spec})
    _REGISTERED[spec.id] = cls
    pyspiel.register_game(_game_type(spec), cls)


for _spec in list_games():
    register_game(_spec.id)
