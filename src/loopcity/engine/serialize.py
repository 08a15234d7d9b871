"""Generic copying and JSON encoding of plain game data.

Game states hold plain data: ints, floats, strings, bools, None, lists, tuples, dicts, sets,
frozensets and the generators of :mod:`loopcity.engine.rng`. These helpers copy such data structurally (much
cheaper than ``copy.deepcopy``) and encode it to JSON and back exactly, tagging the types JSON lacks.
"""

from __future__ import annotations

from typing import Any

from .rng import KeyedRng, Rng

_ATOMS = (int, float, str, bool, type(None))
_ATOM_TYPES = frozenset(_ATOMS)


def copy_data(value: Any) -> Any:
    """A structural copy of plain data; immutable atoms and frozensets are shared."""
    t = type(value)
    if t in _ATOM_TYPES or t is frozenset:
        return value
    if t is list:
        return [v if type(v) in _ATOM_TYPES else copy_data(v) for v in value]
    if t is dict:
        return {k: (v if type(v) in _ATOM_TYPES else copy_data(v)) for k, v in value.items()}
    if t is tuple:  # shared when it holds atoms only (a loop: quicker than all() over a generator)
        for v in value:
            if type(v) not in _ATOM_TYPES:
                return tuple([copy_data(v) for v in value])
        return value
    if t is set:
        return set(value)
    if t is Rng or t is KeyedRng:
        return value.copy()
    raise TypeError(f"state data of type {t.__name__} cannot be copied; use plain containers")


def _sort_key(v: Any) -> tuple[str, Any]:
    return (type(v).__name__, v if isinstance(v, (int, float, str)) else repr(v))


def encode(value: Any) -> Any:
    """Encode plain data as JSON-ready data; :func:`decode` reverses it exactly."""
    t = type(value)
    if t in _ATOM_TYPES:
        return value
    if t is list:
        return [encode(v) for v in value]
    if t is tuple:
        return {"__tuple__": [encode(v) for v in value]}
    if t is set or t is frozenset:
        tag = "__set__" if t is set else "__frozenset__"
        return {tag: [encode(v) for v in sorted(value, key=_sort_key)]}
    if t is dict:
        if all(type(k) is str and not k.startswith("__") for k in value):
            return {k: encode(v) for k, v in value.items()}
        return {"__map__": [[encode(k), encode(v)] for k, v in value.items()]}
    if t is Rng:
        return {"__rng__": [value.key, value.counter]}
    if t is KeyedRng:
        return {"__keyed_rng__": [f"{value.key:064x}", value.counter]}
    raise TypeError(f"state data of type {t.__name__} cannot be encoded; use plain containers")


def decode(data: Any) -> Any:
    """Rebuild plain data from :func:`encode`'s output."""
    t = type(data)
    if t in _ATOM_TYPES:
        return data
    if t is list:
        return [decode(v) for v in data]
    if t is dict:
        if len(data) == 1:
            ((tag, inner),) = data.items()
            if tag == "__tuple__":
                return tuple(decode(v) for v in inner)
            if tag == "__set__":
                return {decode(v) for v in inner}
            if tag == "__frozenset__":
                return frozenset(decode(v) for v in inner)
            if tag == "__map__":
                return {decode(k): decode(v) for k, v in inner}
            if tag == "__rng__":
                return Rng.restore(int(inner[0]), int(inner[1]))
            if tag == "__keyed_rng__":
                return KeyedRng.restore(int(inner[0], 16), int(inner[1]))
        return {k: decode(v) for k, v in data.items()}
    raise TypeError(f"cannot decode {t.__name__}")
