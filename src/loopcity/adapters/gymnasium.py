"""A Gymnasium single-agent environment: one seat learns, a named bot plays every other seat.

``make(game_id, seat=0, others="random", **options)``. Observations are the hashed view vectors of
:mod:`loopcity.adapters.encoding`; ``info["action_mask"]`` marks the legal action indices. An illegal
action changes nothing (as everywhere in Loopcity), gives reward ``illegal_penalty`` and sets
``info["illegal_action"]``; an episode is truncated after ``max_episode_steps`` of the agent's steps.
The reward at the end is the seat's :meth:`Outcome.returns`.
"""

from __future__ import annotations

import secrets
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..bots import make_bot
from ..engine import Game, IllegalAction, load_game, next_seat
from .encoding import action_mask, encode_view, observation_size


class LoopcityEnv(gym.Env):
    """One seat of a Loopcity game against bots."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: Game,
        seat: int = 0,
        others: str = "random",
        illegal_penalty: float = -0.01,
        max_episode_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        if not 0 <= seat < game.players:
            raise ValueError(f"seat must be 0..{game.players - 1}, got {seat}")
        self.game, self.seat, self.others = game, seat, others
        self.illegal_penalty = illegal_penalty
        self.max_episode_steps = max_episode_steps or game.spec.max_steps
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-np.inf, np.inf, (observation_size(game.players),), np.float32)
        self.action_space = spaces.Discrete(game.spec.action_space.size)
        self.state: Any = None
        self._bots: dict[int, Any] = {}

    def _observation(self) -> tuple[np.ndarray, dict[str, Any]]:
        obs = encode_view(self.state.view(self.seat), self.seat, self.game.players)
        return obs, {"action_mask": action_mask(self.state, self.seat)}

    def _play_others(self) -> None:
        while not self.state.is_terminal() and next_seat(self.state) != self.seat:
            s = next_seat(self.state)
            self.state.apply(s, self._bots[s].choose(self.state, s))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = (
            seed
            if seed is not None
            else int(self.np_random.integers(0, 2**48))
            if self._np_random
            else secrets.randbits(48)
        )
        self.state = self.game.new_state(game_seed)
        self._bots = {
            s: make_bot(self.others, self.game, s, game_seed)
            for s in range(self.game.players)
            if s != self.seat
        }
        self._steps = 0
        self._play_others()
        return self._observation()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        self._steps += 1
        reward, illegal = 0.0, False
        try:
            self.state.apply(self.seat, self.game.spec.action_space.action(int(action)))
        except IllegalAction:
            reward, illegal = self.illegal_penalty, True
        self._play_others()
        terminated = self.state.is_terminal()
        if terminated:
            reward += self.state.outcome().returns(self.game.spec.cooperative)[self.seat]
        obs, info = self._observation()
        info["illegal_action"] = illegal
        truncated = not terminated and self._steps >= self.max_episode_steps
        return obs, float(reward), terminated, truncated, info

    def render(self) -> str | None:
        renderer = self.game.spec.render_text
        return renderer(self.state.view(self.seat)) if renderer else str(self.state.view(self.seat))


def make(game_id: str, seat: int = 0, others: str = "random", **options: Any) -> LoopcityEnv:
    """A Gymnasium environment for one seat of ``game_id``; ``others`` names the bot for the rest."""
    env_keys = ("illegal_penalty", "max_episode_steps", "render_mode")
    env_kwargs = {k: options.pop(k) for k in env_keys if k in options}
    return LoopcityEnv(load_game(game_id, **options), seat, others, **env_kwargs)
