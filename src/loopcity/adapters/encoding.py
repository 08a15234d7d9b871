"""Observations as flat numeric vectors, built only from what a seat's view holds.

Layout (the same for every game, documented in docs/research.md): the view is flattened into leaves
``(path, value)`` where a path names dict keys and list positions (``players/2/food``). Each leaf is
hashed into one of ``size`` slots (feature hashing, CRC-32 of the path):

- a number or bool adds its value to slot ``crc(path) % size``;
- a word adds 1 to slot ``crc(path + "=" + word) % size`` (a one-hot of the category);
- ``None`` adds nothing.

Slot ``0`` always holds 1 for the seat whose view it is and the next ``players`` slots one-hot its seat
number (the spectator has none), so policies can tell seats apart. Because the vector is a function of
``view(seat)`` alone, it can carry nothing the seat may not see. A game may give its own encoder later
without changing the adapters' interfaces.
"""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np

DEFAULT_SIZE = 1024
_SKIP_KEYS = frozenset({"log"})


def observation_size(players: int, size: int = DEFAULT_SIZE) -> int:
    return size + 1 + players


def _leaves(value: Any, path: str, out: list[tuple[str, Any]]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in _SKIP_KEYS:
                _leaves(v, f"{path}/{k}", out)
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _leaves(v, f"{path}/{i}", out)
    else:
        out.append((path, value))


def encode_view(view: dict[str, Any], seat: int | None, players: int, size: int = DEFAULT_SIZE) -> np.ndarray:
    """The flat float32 observation vector of ``view`` for ``seat``."""
    vec = np.zeros(observation_size(players, size), dtype=np.float32)
    if seat is not None:
        vec[0] = 1.0
        vec[1 + seat] = 1.0
    base = 1 + players
    leaves: list[tuple[str, Any]] = []
    _leaves(view, "", leaves)
    for path, value in leaves:
        if value is None:
            continue
        if isinstance(value, (bool, int, float)):
            vec[base + zlib.crc32(path.encode()) % size] += float(value)
        else:
            vec[base + zlib.crc32(f"{path}={value}".encode()) % size] += 1.0
    return vec


def action_mask(state: Any, seat: int) -> np.ndarray:
    """1 for each action index that is legal for ``seat`` now, else 0."""
    space = state.game.spec.action_space
    mask = np.zeros(space.size, dtype=np.int8)
    for action in state.legal_actions(seat):
        mask[space.index(action)] = 1
    return mask
