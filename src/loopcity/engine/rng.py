"""A counter-based random generator: two integers of state, so cloning and saving cost nothing.

It is SplitMix64 written as a pure function of (key, counter): draw number ``n`` of a generator is
``mix(key + n * GOLDEN)``. Games draw through :class:`~loopcity.engine.state.State`'s chance helpers,
which log every draw.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(*parts: int | str) -> int:
    """A 64-bit seed derived from several parts (a game seed and a seat, say), stable across runs."""
    z = 0x6A09E667F3BCC908
    for part in parts:
        value = part if isinstance(part, int) else int.from_bytes(part.encode(), "little")
        z = _mix((z ^ (value & _MASK)) + _GOLDEN & _MASK)
    return z


class Rng:
    """Seeded, serializable, cheaply clonable random numbers."""

    __slots__ = ("key", "counter")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.key = _mix(seed & _MASK)
        self.counter = counter

    @classmethod
    def restore(cls, key: int, counter: int) -> Rng:
        rng = cls.__new__(cls)
        rng.key, rng.counter = key, counter
        return rng

    def copy(self) -> Rng:
        return Rng.restore(self.key, self.counter)

    # The draws below inline _mix: a generator is drawn from at every chance event of every playout,
    # and a Python call per draw would be a good part of its cost. The values are _mix's.
    def next64(self) -> int:
        c = self.counter = self.counter + 1
        z = (self.key + c * _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        c = self.counter = self.counter + 1
        z = (self.key + c * _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in ``[lo, hi]``, both ends included (a die is ``randint(1, 6)``)."""
        return lo + self.below(hi - lo + 1)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, drawing ``below(i + 1)`` for i from the last index down."""
        key, c = self.key, self.counter
        for i in range(len(items) - 1, 0, -1):
            c += 1
            z = (key + c * _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.counter = c

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and (self.key, self.counter) == (other.key, other.counter)

    def __repr__(self) -> str:
        return f"Rng(key={self.key:#x}, counter={self.counter})"
