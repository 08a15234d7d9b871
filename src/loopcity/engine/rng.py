"""Counter-based random generators: two integers of state, so cloning and saving cost nothing.

Two generators, picked by the seed (:func:`new_rng`):

- :class:`Rng`, for seeds below 2^64: SplitMix64 written as a pure function of (key, counter): draw
  number ``n`` is ``mix(key + n * GOLDEN)``. Fast, and fine where nobody has a reason to guess the
  seed (simulation, benchmarks, a seed a facilitator typed for a repeatable game). It is not secret:
  a few seen draws pin its 64-bit key down.
- :class:`KeyedRng`, for seeds from 2^64 up: keyed BLAKE2b in counter mode. Draw ``n`` is the
  ``n``-th 64-bit word of ``BLAKE2b-512(key, block number)``, the key being a 256-bit hash of the
  seed. BLAKE2b with a key is a pseudo-random function, so no number of seen draws reveals the key or
  the next draw. The web app gives every table it creates a 128-bit seed from the operating system
  (:func:`secret_seed`), so hidden cards and coming events cannot be worked out from what a link shows.

Games draw through :class:`~loopcity.engine.state.State`'s chance helpers, which log every draw.
Records name their generator (:func:`generator_name`), so records made before the keyed generator
existed (all with seeds below 2^64) replay unchanged.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import MutableSequence, Sequence
from types import FunctionType
from typing import Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    if _NATIVE and 0 <= z <= _MASK:  # seeds and keys: see below
        return _mix_halves(z)
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


# SplitMix64 once more, in two 32-bit halves, for the compiled build (docs/performance.md, "Compiled
# build"). Every value below stays under 2^63, so compiled it is held in machine words (``i64``),
# where the 64-bit arithmetic above makes a Python integer of every intermediate value; interpreted,
# the arithmetic above is quicker, so only a compiled build takes these. Both give the same draws
# (tests/engine/test_rng.py compares them interpreted).
_NATIVE: Final = type(_mix) is not FunctionType
"""Whether this module runs compiled (its functions are then not Python functions)."""
_HALF: Final = 0xFFFFFFFF
_SMALL: Final = 1 << 30
"""Counters and bounds below this keep the halves' products under 2^63."""


def _times(hi: i64, lo: i64, ch1: i64, ch0: i64, cl1: i64, cl0: i64) -> tuple[i64, i64]:
    """The 64-bit ``hi * 2^32 + lo`` times the 64-bit constant ``ch1:ch0:cl1:cl0`` (16-bit pieces),
    modulo 2^64, as two 32-bit halves."""
    p1 = lo * cl1
    t = lo * cl0 + ((p1 & 0xFFFF) << 16)
    high = (t >> 32) + (p1 >> 16) + hi * cl0 + (((hi * cl1) & 0xFFFF) << 16)
    high += lo * ch0 + (((lo * ch1) & 0xFFFF) << 16)
    return high & _HALF, t & _HALF


def _mixed(hi: i64, lo: i64) -> tuple[i64, i64]:
    """:func:`_mix` of the 64-bit ``hi * 2^32 + lo``, in 32-bit halves."""
    lo ^= ((hi << 2) & _HALF) | (lo >> 30)
    hi ^= hi >> 30
    hi, lo = _times(hi, lo, 0xBF58, 0x476D, 0x1CE4, 0xE5B9)
    lo ^= ((hi << 5) & _HALF) | (lo >> 27)
    hi ^= hi >> 27
    hi, lo = _times(hi, lo, 0x94D0, 0x49BB, 0x1331, 0x11EB)
    lo ^= ((hi << 1) & _HALF) | (lo >> 31)
    hi ^= hi >> 31
    return hi, lo


def _mix_halves(z: int) -> int:
    """:func:`_mix` of ``z`` (below 2^64), in halves."""
    hi, lo = _mixed(z >> 32, z & _HALF)
    return (int(hi) << 32) | int(lo)


def _below_halves(key: int, counter: int, n: int) -> int:
    """:meth:`Rng.below`'s draw ``counter`` scaled to ``range(n)``, in halves (counter and n under
    :data:`_SMALL`)."""
    lo: i64 = (key & _HALF) + counter * 0x7F4A7C15
    hi: i64 = (((key >> 32) & _HALF) + counter * 0x9E3779B9 + (lo >> 32)) & _HALF
    hi, lo = _mixed(hi, lo & _HALF)
    m: i64 = n
    return (hi * m + ((lo * m) >> 32)) >> 32


def _shuffle_halves(key: int, counter: int, items: MutableSequence[T]) -> None:
    """:meth:`Rng.shuffle` from draw ``counter + 1`` on, in halves (fewer items than :data:`_SMALL`)."""
    s = (key + counter * _GOLDEN) & _MASK
    hi: i64 = s >> 32
    lo: i64 = s & _HALF
    for i in range(len(items) - 1, 0, -1):
        lo += 0x7F4A7C15
        hi = (hi + 0x9E3779B9 + (lo >> 32)) & _HALF
        lo &= _HALF
        zh, zl = _mixed(hi, lo)
        m: i64 = i + 1
        j = (zh * m + ((zl * m) >> 32)) >> 32
        items[i], items[j] = items[j], items[i]


def derive_seed(*parts: int | str) -> int:
    """A 64-bit seed derived from several parts (a game seed and a seat, say), stable across runs."""
    z = 0x6A09E667F3BCC908
    for part in parts:
        value = part if isinstance(part, int) else int.from_bytes(part.encode(), "little")
        z = _mix((z ^ (value & _MASK)) + _GOLDEN & _MASK)
    return z


# A shuffle of many items mixes all its draws at once, interpreted: the draws' sums side by side in
# one long integer, 128 bits apart, go through SplitMix64's shifts, products and masks together, so
# that each of those is one operation on the long integer (in C) instead of one per draw. A lane's
# product stays below 2^128, so no lane spills into the next, and every shift is masked back to 64
# bits a lane. What is left per item is the scaling to ``range(i + 1)`` and the swap: a quarter less
# time than mixing each draw alone at 8 to 20 items, half at 66 (docs/performance.md, "Chance draws").
_PACKED_FROM: Final = 8
_PACKED_UPTO: Final = 513
"""Lists of this many items, ends included, are shuffled with their draws packed (others one by one:
for fewer the packing costs more than it saves, and the packings of longer lists are not kept)."""
_LANE: Final = 128
_PACKINGS: dict[int, tuple[int, int, int, struct.Struct]] = {}
"""By number of draws: lanes of ones, of the draws' steps (lane k: (k + 1) * GOLDEN),
of 64-bit masks, and the layout that reads the lanes back."""


def _packing(draws: int) -> tuple[int, int, int, struct.Struct]:
    found = _PACKINGS.get(draws)
    if found is None:
        ones = sum(1 << (_LANE * k) for k in range(draws))
        steps = sum(((k + 1) * _GOLDEN) << (_LANE * k) for k in range(draws))
        found = _PACKINGS[draws] = (ones, steps, _MASK * ones, struct.Struct("<" + "QQ" * draws))
    return found


def _shuffle_packed(key: int, counter: int, lists: Sequence[MutableSequence[T]], draws: int) -> None:
    """:meth:`Rng.shuffle` of each of ``lists`` in turn from draw ``counter + 1`` on, their
    ``draws`` draws mixed side by side (lane k holds draw ``counter + k + 1``; each list takes its
    draws in turn, the first for its last item)."""
    ones, steps, masks, layout = _packing(draws)
    z = (((key + counter * _GOLDEN) & _MASK) * ones + steps) & masks
    z = ((z ^ ((z >> 30) & masks)) * 0xBF58476D1CE4E5B9) & masks
    z = ((z ^ ((z >> 27) & masks)) * 0x94D049BB133111EB) & masks
    z ^= (z >> 31) & masks
    mixed = layout.unpack(z.to_bytes(16 * draws, "little"))  # a lane's value at each even index
    k = 0
    for items in lists:
        for i in range(len(items) - 1, 0, -1):
            j = (mixed[k] * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
            k += 2


class Rng:
    """Seeded, serializable, cheaply clonable random numbers."""

    __slots__ = ("key", "counter")

    def __init__(self, seed: int, counter: int = 0, key: int | None = None) -> None:
        """The generator of ``seed`` after ``counter`` draws; given ``key``, the generator with that
        key (``seed`` unused), as :meth:`restore` and :meth:`copy` make it."""
        self.key = _mix(seed & _MASK) if key is None else key
        self.counter = counter

    # A generator is restored and copied through its constructor, never through ``cls.__new__``: the
    # same code then runs interpreted and compiled (docs/performance.md, "Compiled build").
    @staticmethod
    def restore(key: int, counter: int) -> Rng:
        """The generator saved as (``key``, ``counter``)."""
        return Rng(0, counter, key)

    def copy(self) -> Rng:
        return Rng(0, self.counter, self.key)

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
        if _NATIVE and c < _SMALL and n < _SMALL:
            return _below_halves(self.key, c, n)
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
        c = self.counter
        if _NATIVE and len(items) < _SMALL:
            _shuffle_halves(self.key, c, items)
            if len(items) > 1:
                self.counter = c + len(items) - 1
            return
        if _PACKED_FROM <= len(items) <= _PACKED_UPTO:
            _shuffle_packed(self.key, c, (items,), len(items) - 1)
            self.counter = c + len(items) - 1
            return
        s = (self.key + c * _GOLDEN) & _MASK  # key + c * GOLDEN, stepped by GOLDEN: no product per draw
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        if len(items) > 1:
            self.counter = c + len(items) - 1

    def shuffle_each(self, lists: Sequence[MutableSequence[T]]) -> None:
        """Shuffle each list in turn, as :meth:`shuffle` does one after the other (the same orders and
        counter); interpreted, the draws of all of them are mixed side by side at once (a game's
        set-up shuffles a dozen short piles: one packing instead of one per pile)."""
        c = self.counter
        draws = 0
        for items in lists:
            if len(items) > 1:
                draws += len(items) - 1
        if _NATIVE or not _PACKED_FROM <= draws <= _PACKED_UPTO:
            for items in lists:
                self.shuffle(items)
            return
        _shuffle_packed(self.key, c, lists, draws)
        self.counter = c + draws

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rng) or type(other) is not type(self):
            return False
        return (self.key, self.counter) == (other.key, other.counter)

    def __repr__(self) -> str:
        return f"Rng(key={self.key:#x}, counter={self.counter})"


KEYED_FROM = 1 << 64
"""Seeds from here up pick the keyed generator; seeds below keep SplitMix64 (every record made
before the keyed generator, every simulation seed)."""
SPLITMIX = "splitmix64"
KEYED = "blake2b-ctr/1"
_WORDS = struct.Struct("<8Q")  # one BLAKE2b-512 block: eight 64-bit draws


def _seed_bytes(seed: int) -> bytes:
    return seed.to_bytes((seed.bit_length() + 8) // 8, "little", signed=True)


class KeyedRng(Rng):
    """Keyed BLAKE2b in counter mode, with :class:`Rng`'s methods and its (key, counter) state.

    ``key`` is the 256-bit BLAKE2b key (as an int, derived from the seed); ``counter`` the number of
    64-bit draws made. Draw ``n`` (from 1) is word ``(n - 1) % 8`` of
    ``BLAKE2b-512(key, (n - 1) // 8)``; the current block is cached, so a draw costs about an eighth
    of a hash. ``below(n)`` scales a draw like :class:`Rng` does (bias under n / 2^64).
    """

    __slots__ = ("_mac", "_block", "_words")

    def __init__(self, seed: int, counter: int = 0, key: int | None = None) -> None:
        if key is None:
            digest = hashlib.blake2b(_seed_bytes(seed), digest_size=32, person=b"loopcity-rng").digest()
            key = int.from_bytes(digest, "little")
        self.key = key
        self.counter = counter
        self._mac: hashlib.blake2b | None = None
        self._block = -1
        self._words: tuple[int, ...] = ()

    @staticmethod
    def restore(key: int, counter: int) -> KeyedRng:
        """The generator saved as (``key``, ``counter``)."""
        return KeyedRng(0, counter, key)

    def copy(self) -> KeyedRng:
        rng = KeyedRng(0, self.counter, self.key)
        rng._mac, rng._block, rng._words = self._mac, self._block, self._words  # never updated in place
        return rng

    def _word(self, n: int) -> int:
        """Draw number ``n`` (from 1)."""
        block, index = divmod(n - 1, 8)
        if block != self._block:
            if self._mac is None:
                self._mac = hashlib.blake2b(key=self.key.to_bytes(32, "little"), digest_size=64)
            mac = self._mac.copy()
            mac.update(block.to_bytes(8, "little"))
            self._words = _WORDS.unpack(mac.digest())
            self._block = block
        return self._words[index]

    def next64(self) -> int:
        c = self.counter = self.counter + 1
        return self._word(c)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        c = self.counter = self.counter + 1
        return (self._word(c) * n) >> 64

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, drawing ``below(i + 1)`` for i from the last index down."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffle_each(self, lists: Sequence[MutableSequence[T]]) -> None:
        """Shuffle each list in turn (its draws are hashes: nothing to mix together)."""
        for items in lists:
            self.shuffle(items)

    def __repr__(self) -> str:
        return f"KeyedRng(counter={self.counter})"  # the key stays out of logs


def new_rng(seed: int) -> Rng:
    """The generator for a game seed: SplitMix64 below 2^64, keyed BLAKE2b from 2^64 up."""
    return KeyedRng(seed) if seed >= KEYED_FROM else Rng(seed)


def generator_name(seed: int) -> str:
    """The name of the generator a seed picks, as written in game records."""
    return KEYED if seed >= KEYED_FROM else SPLITMIX


def secret_seed() -> int:
    """A fresh seed with 128 bits from the operating system's secure source; it picks the keyed
    generator (it is at least 2^128)."""
    return (1 << 128) | secrets.randbits(128)


def subseed(seed: int, *parts: int | str) -> int:
    """A 64-bit seed derived one way from ``seed`` and ``parts`` (BLAKE2b): seeing what it drives (a
    bot's choices, say) tells nothing about ``seed``."""
    h = hashlib.blake2b(_seed_bytes(seed), digest_size=8, person=b"loopcity-sub")
    for part in parts:
        h.update(b"\x00" + str(part).encode())
    return int.from_bytes(h.digest(), "little")
