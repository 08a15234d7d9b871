"""PettingZoo environments: ``env(game_id, **options)`` (AEC) and ``parallel_env(game_id, **options)``.

Agents are ``seat_0``, ``seat_1``, ...; each observation is a dict with ``observation`` (the game's
structured tensor, or the hashed view: :mod:`loopcity.adapters.encoding`) and ``action_mask``;
actions are the game's stable action indices. Rewards come at the end from :meth:`Outcome.returns`.
``seat_model`` picks who acts when several seats may (a shared phase): ``seat`` (the default) lets
the active seats take turns, each acting for itself; ``team`` asks the lowest, as the engine's
runner does. A reset without a seed after a seeded one continues that seed's sequence. A game still
going after ``max_steps`` steps (the game's own maximum by default) is truncated, with no reward.

The parallel environment steps every agent at once. Its action space has one more index than the
game's, ``WAIT`` (the last): each step the seat whose turn it is chooses a game action and every
other agent's mask allows ``WAIT`` alone, so any Loopcity game (turn-based, with shared phases
taken seat by seat) is a valid parallel game, as SuperSuit's vector wrappers expect. An illegal action
of the acting seat changes nothing, gives it ``illegal_penalty`` and sets its
``info["illegal_action"]``; the waiting agents' actions are ignored.

``flat=True`` makes each observation the tensor alone, a ``Box`` (float32, within the observer's
bounds), as SuperSuit's ``black_death_v3``, ``pad_observations_v0``, ``flatten_v0`` and ``dtype_v0``
require; the 0/1 ``int8`` action mask then comes in ``info["action_mask"]`` (in AEC, the info of the
agent to act, as ``last()`` returns it; every other agent's mask is all zeros until it is selected;
in the parallel environment, every agent's info) and from ``action_mask(agent)``.
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from ..engine import Game, Rng, load_game
from .encoding import ActionIndex, Observer, Turns


class _Table:
    """What both environments share: the game, its observer, the seat model and seeded resets."""

    def __init__(self, game: Game, seat_model: str, observation: str, max_steps: int | None) -> None:
        self.game = game
        self.max_steps = max_steps or game.spec.max_steps
        self.observer = Observer(game, hashed=observation == "hashed")
        self.actions = ActionIndex(game)
        self.turns = Turns(seat_model)
        self.state: Any = None
        self._seeds: Rng | None = None

    def new_game(self, seed: int | None) -> None:
        if seed is not None:
            self._seeds = Rng(seed)
            game_seed = seed
        elif self._seeds is not None:
            game_seed = self._seeds.next64() >> 16
        else:
            game_seed = secrets.randbits(48)
        self.state = self.game.new_state(game_seed)
        self.turns.reset()

    def returns(self) -> tuple[float, ...]:
        return tuple(self.state.outcome().returns(self.game.spec.cooperative))


def _seat(agent: str) -> int:
    return int(agent.rsplit("_", 1)[1])


class LoopcityAEC(AECEnv):
    """One Loopcity game as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "loopcity", "is_parallelizable": False}

    def __init__(
        self,
        game: Game,
        render_mode: str | None = None,
        seat_model: str = "seat",
        observation: str = "structured",
        max_steps: int | None = None,
        flat: bool = False,
    ) -> None:
        super().__init__()
        self.flat = flat
        self.game = game
        self.table = _Table(game, seat_model, observation, max_steps)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"loopcity_{game.id}"}
        self.possible_agents = [f"seat_{s}" for s in range(game.players)]
        self._obs_space = _observation_space(self.table, self.table.actions.size, flat)
        self._act_space = spaces.Discrete(self.table.actions.size)
        self._no_mask = np.zeros(self.table.actions.size, dtype=np.int8)

    @property
    def state(self) -> Any:
        return self.table.state

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = f"seat_{self.table.turns.next(self.state)}"
        self._mask_infos()

    def _mask_infos(self) -> None:
        """In the flat form, the mask of the agent to act in its info; zeros for every other agent."""
        if not self.flat:
            return
        for agent in self.agents:
            self.infos[agent]["action_mask"] = self._no_mask
        selected = self.agent_selection
        if not (self.terminations[selected] or self.truncations[selected]):
            self.infos[selected]["action_mask"] = self.action_mask(selected)

    def observe(self, agent: str) -> Any:
        seat, table = _seat(agent), self.table
        if self.flat:
            return table.observer.observation(table.state, seat)
        return {
            "observation": table.observer.observation(table.state, seat),
            "action_mask": table.actions.mask(table.actions.legal(table.state, seat)).view(np.int8),
        }

    def action_mask(self, agent: str) -> np.ndarray:
        """The legal actions of ``agent`` now, as a 0/1 mask."""
        return self.table.actions.mask(self.table.actions.legal(self.state, _seat(agent))).view(np.int8)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat, table = _seat(agent), self.table
        self._cumulative_rewards[agent] = 0.0
        legal = table.actions.legal(table.state, seat)
        if action is None or int(action) not in legal:
            raise ValueError(f"{agent}: action {action} is not legal now")
        table.state.apply(seat, legal[int(action)])
        table.turns.acted(seat)
        self.rewards = {a: 0.0 for a in self.agents}
        if table.state.is_terminal():
            returns = table.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[_seat(a)])
                self.terminations[a] = True
        elif table.state.step >= table.max_steps:
            self.truncations = {a: True for a in self.agents}
        else:
            self.agent_selection = f"seat_{table.turns.next(table.state)}"
        self._accumulate_rewards()
        self._mask_infos()

    def render(self) -> str | None:
        renderer = self.game.spec.render_text
        return renderer(self.state.view(None)) if renderer else str(self.state.view(None))

    def close(self) -> None:
        pass


class LoopcityParallel(ParallelEnv):
    """One Loopcity game as a PettingZoo parallel environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "loopcity"}

    def __init__(
        self,
        game: Game,
        render_mode: str | None = None,
        seat_model: str = "seat",
        observation: str = "structured",
        illegal_penalty: float = -0.01,
        max_steps: int | None = None,
        flat: bool = False,
    ) -> None:
        self.game = game
        self.flat = flat
        self.table = _Table(game, seat_model, observation, max_steps)
        self._steps = 0
        self.render_mode = render_mode
        self.illegal_penalty = illegal_penalty
        self.metadata = {**self.metadata, "name": f"loopcity_{game.id}_parallel"}
        self.possible_agents = [f"seat_{s}" for s in range(game.players)]
        self.agents: list[str] = []
        self.wait = self.table.actions.size
        self._obs_space = _observation_space(self.table, self.wait + 1, flat)
        self._masks: dict[str, np.ndarray] = {}
        self._act_space = spaces.Discrete(self.wait + 1)

    @property
    def state(self) -> Any:
        return self.table.state

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    def _observations(self) -> dict[str, Any]:
        table, state = self.table, self.table.state
        acting = -1 if state.is_terminal() else table.turns.next(state)
        out: dict[str, Any] = {}
        self._masks = {}
        for agent in self.agents:
            seat = _seat(agent)
            mask = np.zeros(self.wait + 1, dtype=np.int8)
            if seat == acting:
                mask[: self.wait] = table.actions.mask(table.actions.legal(state, seat)).view(np.int8)
            else:
                mask[self.wait] = 1
            tensor = table.observer.observation(state, seat)
            self._masks[agent] = mask
            out[agent] = tensor if self.flat else {"observation": tensor, "action_mask": mask}
        return out

    def action_mask(self, agent: str) -> np.ndarray:
        """The 0/1 mask of ``agent`` for the next step (``WAIT`` alone for an agent that waits)."""
        return self._masks[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.table.new_game(seed)
        self.agents = list(self.possible_agents)
        self._steps = 0
        observations = self._observations()
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if self.flat:
            for agent in self.agents:
                infos[agent]["action_mask"] = self._masks[agent]
        return observations, infos

    def step(self, actions: dict[str, int]) -> tuple[dict[str, Any], ...]:
        table = self.table
        self._steps += 1
        seat = table.turns.next(table.state)
        agent = f"seat_{seat}"
        chosen = table.actions.legal(table.state, seat).get(int(actions[agent]))
        if chosen is not None:
            table.state.apply(seat, chosen)
            table.turns.acted(seat)
        over = bool(table.state.is_terminal())
        returns = table.returns() if over else (0.0,) * self.game.players
        rewards = {a: float(returns[_seat(a)]) for a in self.agents}
        if chosen is None:
            rewards[agent] += self.illegal_penalty
        cut = not over and self._steps >= table.max_steps
        terminations = {a: over for a in self.agents}
        truncations = {a: cut for a in self.agents}
        observations = self._observations()
        infos: dict[str, dict[str, Any]] = {a: {"illegal_action": False} for a in self.agents}
        infos[agent]["illegal_action"] = chosen is None
        if self.flat:
            for a in self.agents:
                infos[a]["action_mask"] = self._masks[a]
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        renderer = self.game.spec.render_text
        return renderer(self.state.view(None)) if renderer else str(self.state.view(None))

    def close(self) -> None:
        pass


def _observation_space(table: _Table, actions: int, flat: bool) -> spaces.Space:
    """The tensor's ``Box`` (``flat``), or a dict of it and the action mask over ``actions`` indices."""
    obs = table.observer
    tensor = spaces.Box(obs.low, obs.high, (obs.size,), np.float32)
    if flat:
        return tensor
    return spaces.Dict({"observation": tensor, "action_mask": spaces.Box(0, 1, (actions,), np.int8)})


def _split(
    options: dict[str, Any], keys: tuple[str, ...] = ("seat_model", "observation", "max_steps", "flat")
) -> dict[str, Any]:
    return {k: options.pop(k) for k in keys if k in options}


def env(game_id: str, render_mode: str | None = None, **options: Any) -> LoopcityAEC:
    """A PettingZoo AEC environment for ``game_id`` with game options (``players``, ``variant`` ...)
    and ``seat_model``, ``observation``, ``max_steps``, ``flat`` (a ``Box`` observation, the mask in
    ``info``)."""
    kwargs = _split(options)
    return LoopcityAEC(_unread(load_game(game_id, **options)), render_mode, **kwargs)


def parallel_env(game_id: str, render_mode: str | None = None, **options: Any) -> LoopcityParallel:
    """A PettingZoo parallel environment for ``game_id`` (the options of :func:`env`, and
    ``illegal_penalty``)."""
    kwargs = _split(options, ("seat_model", "observation", "max_steps", "flat", "illegal_penalty"))
    return LoopcityParallel(_unread(load_game(game_id, **options)), render_mode, **kwargs)


def _unread(game: Game[Any, Any]) -> Game[Any, Any]:
    """``game`` with a log nobody reads: learners read observations, so no step pays for words."""
    game.tongues = ()
    return game
