"""OpenSpiel games: importing this module registers every Loopcity game as ``loopcity_<game_id>``.

Chance. The engine draws chance inside a seat's step (a die rolled as a card is played). OpenSpiel
wants it at chance nodes, so a step is first tried on a copy: when it draws nothing it simply
happens; when it draws, the state becomes a chance node, and applying the chance outcome reseeds the
engine's generator and then carries out the step. The first chance node deals the game (the seed of
its set-up). So every seat's action is deterministic, and all randomness comes at chance nodes,
which a search samples rather than knows. Parameter ``chance``:

- ``explicit`` (the default; ``EXPLICIT_STOCHASTIC``): a chance node has ``CHANCE_SEEDS`` equally
  likely outcomes, each a seed for the draws that follow; states serialize
  (``random_sim_test(serialize=True)`` passes) and ``clone()`` is exact;
- ``sampled`` (``SAMPLED_STOCHASTIC``): a chance node has a single outcome whose application draws a
  fresh seed from the game's own generator (seeded by ``seed``), so two clones of a chance node
  go different ways. pyspiel cannot serialize a sampled game written in Python (its ``GetRNGState``
  cannot be given from Python), so this mode does not serialize.

Other parameters: ``players``, ``variant``, ``seed``, ``seat_model`` (``seat``: in a shared phase the
active seats take turns; ``team``: the lowest active seat acts, as in the engine's runner) and
``max_game_length`` (the game's ``max_steps`` by default): a game still going after that many steps
ends there with returns of 0 for every seat (some games let a seat go round in circles, moving a
resource back and forth, and OpenSpiel expects every game to end). Utilities are identical
(cooperative) or general-sum (semi-cooperative), from :meth:`Outcome.returns`.

Observations: the game's structured tensor (or the hashed view) and the seat's view as JSON. The
information state (every game provides it) is the tensor followed by the game's memory segments,
and as a string the seat's view plus every log line the seat has been able to read since the start
(every seat's action and the chance events it saw), so the string has perfect recall.
``resample_from_infostate`` redraws what the seat cannot see and the future chance stream
(``State.determinize``). Clones from C++ copy the engine state structurally (no deepcopy).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel

from ..engine import Game, Rng, State, derive_seed, get_spec, list_games, load_game
from ..engine.spec import GameSpec
from .encoding import ActionIndex, Observer, next_active

CHANCE_SEEDS = 4096
"""Outcomes of an explicit chance node: each a seed for the draws of the step that follows."""

_MODES = ("explicit", "sampled")


def _game_type(spec: GameSpec, chance: str = "explicit") -> pyspiel.GameType:
    info = pyspiel.GameType.Information
    utility = pyspiel.GameType.Utility
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=f"loopcity_{spec.id}",
        long_name=f"Loopcity {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.SAMPLED_STOCHASTIC if chance == "sampled" else mode.EXPLICIT_STOCHASTIC,
        information=info.IMPERFECT_INFORMATION if spec.hidden_information else info.PERFECT_INFORMATION,
        utility=utility.IDENTICAL if spec.cooperative else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": spec.default_players or spec.min_players,
            "variant": spec.variants[0].name if spec.variants else "",
            "seed": 0,
            "chance": "explicit",
            "seat_model": "seat",
            "max_game_length": spec.max_steps,
        },
    )


@lru_cache(maxsize=64)
def _cached_game(game_id: str, config: str) -> Game:
    return load_game(game_id, **json.loads(config))


class _Engine:
    """Holds a state's engine state: deepcopy clones it structurally, pickle saves a JSON snapshot."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[str, str, str]]:
        game = self.state.game
        snapshot = json.dumps(self.state.to_json()["state"])
        return (_restore, (game.id, json.dumps(game.config(), sort_keys=True), snapshot))


def _restore(game_id: str, config: str, snapshot: str) -> _Engine:
    game = _cached_game(game_id, config)
    return _Engine(game.spec.state_class.from_fields(game, json.loads(snapshot)))


class LoopcityGame(pyspiel.Game):
    """A Loopcity game seen by OpenSpiel (subclassed once per game by :func:`register_game`)."""

    _spec: GameSpec

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = self._spec
        defaults = _game_type(spec).parameter_specification
        params = {**defaults, **(params or {})}
        options: dict[str, Any] = {"players": int(params["players"])}
        if params["variant"]:
            options["variant"] = params["variant"]
        self.chance = str(params["chance"])
        if self.chance not in _MODES:
            raise ValueError(f"chance must be one of {', '.join(_MODES)}; got {self.chance!r}")
        self.seat_model = str(params["seat_model"])
        self.max_steps = int(params["max_game_length"])
        self.loopcity: Game = _cached_game(spec.id, json.dumps(options, sort_keys=True))
        self.seed = int(params["seed"])
        self.rng = Rng(self.seed)
        self.actions = ActionIndex(self.loopcity)
        self.observer = Observer(self.loopcity)
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.action_space.size,
            max_chance_outcomes=CHANCE_SEEDS if self.chance == "explicit" else 1,
            num_players=self.loopcity.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.max_steps,
        )
        full = {k: params[k] for k in defaults}
        full["players"] = self.loopcity.players
        full["variant"] = self.loopcity.variant or ""
        super().__init__(_game_type(spec, self.chance), info, full)

    def new_initial_state(self) -> LoopcityState:
        """The deal: a chance node whose outcome seeds the game's set-up."""
        return LoopcityState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> LoopcityObserver:
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return LoopcityObserver(self, perfect_recall=recall)


class LoopcityState(pyspiel.State):
    """An OpenSpiel state over an engine state (``None`` before the deal).

    ``pending`` is the (seat, action index) waiting for its chance outcome at a chance node; ``last``
    the seat that acted last (for the ``seat`` model's turns)."""

    def __init__(self, game: LoopcityGame) -> None:
        super().__init__(game)
        self.engine: _Engine | None = None
        self.pending: tuple[int, int] | None = None
        self.last = -1

    @property
    def inner(self) -> Any:
        """The engine state (None before the deal)."""
        return None if self.engine is None else self.engine.state

    def _lc(self) -> LoopcityGame:
        game = self.get_game()
        assert isinstance(game, LoopcityGame)
        return game

    def _seat(self) -> int:
        return next_active(self.inner.active_seats(), self.last, self._lc().seat_model)

    def is_chance_node(self) -> bool:
        return self.engine is None or self.pending is not None

    def _over(self) -> bool:
        inner = self.inner
        return bool(inner.is_terminal()) or inner.step >= self._lc().max_steps

    def current_player(self) -> int:
        if self.engine is None or self.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._over():
            return int(pyspiel.PlayerId.TERMINAL)
        return self._seat()

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._lc().actions.legal(self.inner, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._lc().chance == "sampled":
            return [(0, 1.0)]
        p = 1.0 / CHANCE_SEEDS
        return [(k, p) for k in range(CHANCE_SEEDS)]

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            self._chance(action)
            return
        seat = self._seat()
        chosen = self._lc().actions.legal(self.inner, seat)[action]
        trial = self.inner.clone()
        trial.apply(seat, chosen)
        if trial.rng == self.inner.rng:  # no chance drawn: the step is done
            self.engine = _Engine(trial)
            self.last = seat
        else:
            self.pending = (seat, action)

    def _chance(self, outcome: int) -> None:
        game = self._lc()
        fresh = game.chance == "sampled"
        if self.engine is None:
            seed = game.rng.next64() if fresh else derive_seed(game.seed, outcome)
            self.engine = _Engine(game.loopcity.new_state(seed))
            return
        assert self.pending is not None
        inner, (seat, action) = self.inner, self.pending
        seed = game.rng.next64() if fresh else derive_seed(inner.rng.key, inner.rng.counter, outcome)
        inner.rng = Rng(seed)
        inner.apply(seat, game.actions.legal(inner, seat)[action])
        self.pending = None
        self.last = seat

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}" if self.engine is None else f"chance {action}"
        return str(self._lc().loopcity.spec.action_space.action(action))

    def is_terminal(self) -> bool:
        return self.pending is None and self.engine is not None and self._over()

    def returns(self) -> list[float]:
        game = self._lc().loopcity
        if not self.is_terminal() or not self.inner.is_terminal():
            return [0.0] * game.players
        return list(self.inner.outcome().returns(game.spec.cooperative))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LoopcityState:
        """A state ``player_id`` cannot tell from this one: hidden parts and future chance redrawn."""
        new = self.clone()
        if new.engine is not None:
            seed = int(probability_sampler() * 2**53)
            new.engine = _Engine(self.inner.determinize(player_id, seed))
        return new

    def __str__(self) -> str:
        if self.engine is None:
            return "deal"
        text = json.dumps(self.inner.view(None), sort_keys=True)
        if self.pending is not None:
            seat, action = self.pending
            text += f"\nchance for seat {seat}: {self._lc().loopcity.spec.action_space.action(action)}"
        return text


class LoopcityObserver:
    """The PyObserver interface: observation or information-state tensor, and its string."""

    def __init__(self, game: LoopcityGame, perfect_recall: bool) -> None:
        self.observer = game.observer
        self.perfect_recall = perfect_recall
        size = self.observer.info_size if perfect_recall else self.observer.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: LoopcityState, player: int) -> None:
        inner = state.inner
        if inner is None:
            self.tensor[:] = 0.0
        elif self.perfect_recall:
            self.tensor[:] = self.observer.information_state(inner, player)
        else:
            self.tensor[:] = self.observer.observation(inner, player)

    def string_from(self, state: LoopcityState, player: int) -> str:
        inner = state.inner
        if inner is None:
            return "deal"
        if not self.perfect_recall:
            return json.dumps(inner.view(player), sort_keys=True)
        history = [f"{row['step']} {row['kind']}: {row['text']}" for row in inner.log_for(player)]
        return json.dumps({"view": inner.view(player), "history": history}, sort_keys=True)


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
