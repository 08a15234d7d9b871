"""PettingZoo AEC environments: ``env(game_id, **options)``.

Agents are ``seat_0``, ``seat_1``, ...; each observation is a dict with ``observation`` (the hashed view
vector of :mod:`loopcity.adapters.encoding`) and ``action_mask``; actions are the game's stable action
indices. Rewards come at the end from :meth:`Outcome.returns`: the team result for cooperative games,
the seat's share of the best score (and -1 on the team's loss) for semi-cooperative ones. When several
seats may act at once the lowest acts first, as everywhere in Loopcity.
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine import Game, load_game, next_seat
from .encoding import action_mask, encode_view, observation_size


class LoopcityAEC(AECEnv):
    """One Loopcity game as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "loopcity", "is_parallelizable": False}

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"loopcity_{game.id}"}
        self.possible_agents = [f"seat_{s}" for s in range(game.players)]
        n_obs, n_act = observation_size(game.players), game.spec.action_space.size
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (n_obs,), np.float32),
                "action_mask": spaces.Box(0, 1, (n_act,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(n_act)
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.state = self.game.new_state(seed if seed is not None else secrets.randbits(48))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = f"seat_{next_seat(self.state)}"

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = int(agent.split("_")[1])
        view = self.state.view(seat)
        return {
            "observation": encode_view(view, seat, self.game.players),
            "action_mask": action_mask(self.state, seat),
        }

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = int(agent.split("_")[1])
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(seat, self.game.spec.action_space.action(int(action)))
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_terminal():
            returns = self.state.outcome().returns(self.game.spec.cooperative)
            for a in self.agents:
                self.rewards[a] = float(returns[int(a.split("_")[1])])
                self.terminations[a] = True
        else:
            self.agent_selection = f"seat_{next_seat(self.state)}"
        self._accumulate_rewards()

    def render(self) -> str | None:
        renderer = self.game.spec.render_text
        return renderer(self.state.view(None)) if renderer else str(self.state.view(None))

    def close(self) -> None:
        pass


def env(game_id: str, render_mode: str | None = None, **options: Any) -> LoopcityAEC:
    """A PettingZoo AEC environment for ``game_id`` with game options (``players``, ``variant`` ...)."""
    return LoopcityAEC(load_game(game_id, **options), render_mode)
