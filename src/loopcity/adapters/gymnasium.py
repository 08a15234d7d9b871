"""Gymnasium single-agent environments: one learner against bots, or one learner for the whole team.

``make(game_id, seat=0, others="random", seat_model="seat", **options)`` or, after importing this
module, ``gymnasium.make("loopcity/<game_id>-v0", ...)`` with the same arguments.

- ``seat_model="seat"``: the learner plays ``seat``; the bot named by ``others`` plays every other
  seat. When several seats may act (a shared phase), the active seats take turns move by move.
- ``seat_model="team"``: the learner makes every move of every seat (one agent for the team); the
  observation is the acting seat's, and the reward the mean of the seats' returns.

Observations are the game's structured tensors (:mod:`loopcity.adapters.encoding`, values in [0, 1])
or, for a game without them or with ``observation="hashed"``, the hashed view. ``action_masks()`` and
``info["action_mask"]`` mark the legal action indices (bool arrays, as sb3-contrib's MaskablePPO
expects). An
illegal action changes nothing, gives ``illegal_penalty`` and sets ``info["illegal_action"]``; an
episode is truncated after ``max_episode_steps`` of the learner's steps. The reward comes at the end
(:meth:`Outcome.returns`). A reset without a seed after a seeded one continues that seed's sequence.
"""

from __future__ import annotations

import secrets
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..bots import make_bot
from ..engine import Action, Game, list_games, load_game
from .encoding import ActionIndex, Observer, Turns


class LoopcityEnv(gym.Env):
    """One seat of a Loopcity game against bots (``seat`` model), or the whole team (``team``)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: Game,
        seat: int = 0,
        others: str = "random",
        seat_model: str = "seat",
        illegal_penalty: float = -0.01,
        max_episode_steps: int | None = None,
        render_mode: str | None = None,
        observation: str = "structured",
    ) -> None:
        if not 0 <= seat < game.players:
            raise ValueError(f"seat must be 0..{game.players - 1}, got {seat}")
        if observation not in ("structured", "hashed"):
            raise ValueError(f"observation must be 'structured' or 'hashed', got {observation!r}")
        self.game, self.seat, self.others = game, seat, others
        self.turns = Turns(seat_model)
        self.illegal_penalty = illegal_penalty
        self.max_episode_steps = max_episode_steps or game.spec.max_steps
        self.render_mode = render_mode
        self.observer = Observer(game, hashed=observation == "hashed")
        self.actions = ActionIndex(game)
        self.observation_space = spaces.Box(
            self.observer.low, self.observer.high, (self.observer.size,), np.float32
        )
        self.action_space = spaces.Discrete(self.actions.size)
        self.state: Any = None
        self.acting = seat
        self._legal: dict[int, Action] = {}
        self._mask = np.zeros(self.actions.size, dtype=bool)
        self._bots: dict[int, Any] = {}
        self._seeds: np.random.Generator | None = None
        self._seeded: int | None = None
        self._steps = 0

    @property
    def seat_model(self) -> str:
        return self.turns.model

    def action_masks(self) -> np.ndarray:
        """The legal actions of the acting seat now, as a boolean mask over every action index."""
        return self._mask

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        if self.state.is_terminal():
            self._legal = {}
            self._mask = np.zeros(self.actions.size, dtype=bool)
        else:
            self._legal = self.actions.legal(self.state, self.acting)
            self._mask = self.actions.mask(self._legal)
        obs = self.observer.observation(self.state, self.acting)
        return obs, {"action_mask": self._mask, "seat": self.acting}

    def _advance(self) -> None:
        """Let the bots move until the learner is to act (or the game is over)."""
        state, turns = self.state, self.turns
        while not state.is_terminal():
            seat = turns.next(state)
            if self.turns.model == "team" or seat == self.seat:
                self.acting = seat
                return
            state.apply(seat, self._bots[seat].choose(state, seat))
            turns.acted(seat)

    def _game_seed(self, seed: int | None) -> int:
        if seed is not None:  # the sequence of later unseeded resets, made when the first comes
            self._seeds, self._seeded = None, seed
            return seed
        if self._seeds is None:
            if self._seeded is None:
                return secrets.randbits(48)
            self._seeds = np.random.default_rng(self._seeded)
        return int(self._seeds.integers(0, 2**48))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = self._game_seed(seed)
        self.state = self.game.new_state(game_seed)
        self._bots = {}
        if self.turns.model == "seat":
            self._bots = {
                s: make_bot(self.others, self.game, s, game_seed)
                for s in range(self.game.players)
                if s != self.seat
            }
        self.turns.reset()
        self._steps = 0
        self.acting = self.seat
        self._advance()
        return self._observe()

    def _returns(self) -> float:
        returns = self.state.outcome().returns(self.game.spec.cooperative)
        if self.turns.model == "team":
            return float(sum(returns) / len(returns))
        return float(returns[self.seat])

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        self._steps += 1
        reward, illegal = 0.0, False
        chosen = self._legal.get(int(action))
        if chosen is None:
            reward, illegal = self.illegal_penalty, True
        else:
            self.state.apply(self.acting, chosen)
            self.turns.acted(self.acting)
            self._advance()
        terminated = self.state.is_terminal()
        if terminated:
            reward += self._returns()
        obs, info = self._observe()
        info["illegal_action"] = illegal
        truncated = not terminated and self._steps >= self.max_episode_steps
        return obs, float(reward), terminated, truncated, info

    def render(self) -> str | None:
        renderer = self.game.spec.render_text
        view = self.state.view(self.acting)
        return renderer(view) if renderer else str(view)


_ENV_KEYS = ("illegal_penalty", "max_episode_steps", "render_mode", "observation", "seat_model")


def make(game_id: str, seat: int = 0, others: str = "random", **options: Any) -> LoopcityEnv:
    """A Gymnasium environment for ``game_id``; ``others`` names the bot for the other seats and the
    remaining keywords are the environment's (``seat_model``, ``observation`` ...) or game options."""
    env_kwargs = {k: options.pop(k) for k in _ENV_KEYS if k in options}
    game = load_game(game_id, **options)
    game.tongues = ()  # a learner reads observations, not the log: no step pays for its words
    return LoopcityEnv(game, seat, others, **env_kwargs)


def env_id(game_id: str) -> str:
    """The registered Gymnasium id of a game: ``loopcity/<game_id>-v0``."""
    return f"loopcity/{game_id}-v0"


def register_envs() -> None:
    """Register ``loopcity/<game_id>-v0`` with Gymnasium for every registered game (done on import)."""
    for spec in list_games():
        if env_id(spec.id) not in gym.registry:
            gym.register(
                id=env_id(spec.id),
                entry_point=f"{__name__}:make",
                kwargs={"game_id": spec.id},
                max_episode_steps=None,
                disable_env_checker=False,
            )


register_envs()
