"""Per-round figures a simulation records."""

from __future__ import annotations

from math import comb
from typing import Any

from loopcity.engine import State

from .board import FOOD, MIXED, NPK, SEPARATED, SLUDGE
from .politics import disease_rolls
from .rules import ReclaimState


def _reclaim(state: State[Any, Any]) -> ReclaimState:
    """The state as RECLAIM's own (the spec's functions receive the engine's State)."""
    if not isinstance(state, ReclaimState):
        raise TypeError(f"a RECLAIM figure needs a RECLAIM state, got {type(state).__name__}")
    return state


def metrics(state: State[Any, Any]) -> dict[str, float]:
    """Round, money, disease, pollution, resources and Housing blocks."""
    st = _reclaim(state)
    water = [r[MIXED] + r[SEPARATED] for t, r in zip(st.terrain, st.res, strict=True) if t == "water"]
    land = [r[MIXED] + r[SEPARATED] for t, r in zip(st.terrain, st.res, strict=True) if t != "water"]
    res = st.res
    return {
        "round": float(st.round),
        "city_budget": float(st.city),
        "player_coins": float(sum(st.coins)),
        "disease": float(sum(st.disease)),
        "water_waste": float(sum(water)),
        "land_waste": float(sum(land)),
        "food": float(sum(r[FOOD] for r in res)),
        "npk": float(sum(r[NPK] for r in res)),
        "sludge": float(sum(r[SLUDGE] for r in res)),
        "blocks": float(sum(sum(b) for b in st.blocks)),
    }


COINS_PER_POINT = 300
"""What a coin not yet spent is worth to the search's position value, in points: builds cost 100 to
500 coins and bring Infrastructure cards of level 1 to 2 plus the symbols of a Hidden agenda."""


def position_value(state: State[Any, Any], seat: int) -> float:
    """The search's value of an unfinished game for ``seat``, in [-1, 1]: its standing (points plus
    coins still to spend, at ``COINS_PER_POINT``) over the leading seat's, weighed against the risk
    that the next Disease control loses the game for everyone (a loss scores -1):
    ``share * (1 - risk) - risk``."""
    st = _reclaim(state)
    standing = [p + c / COINS_PER_POINT for p, c in zip(st.scores(), st.coins, strict=True)]
    best = max(standing)
    share = 0.5 if best <= 0 else max(0.0, standing[seat] / best)
    risk = disease_risk(state)
    return share * (1 - risk) - risk


def disease_risk(state: State[Any, Any]) -> float:
    """The chance that Disease control, rolled on the board as it stands, brings the Disease on the
    board to the losing limit: each hexagon's disease dice (``politics.disease_rolls``), each
    turning into Disease with the die's share of Disease faces."""
    st = _reclaim(state)
    need = st.content.rules.disease_limit - sum(st.disease)
    if need <= 0:
        return 1.0
    rolls = sum(disease_rolls(st, h) for h in range(len(st.terrain)))
    if rolls < need:
        return 0.0
    faces = st.tables.disease_faces
    p = faces.count("disease") / len(faces)
    return sum(comb(rolls, k) * p**k * (1 - p) ** (rolls - k) for k in range(need, rolls + 1))
