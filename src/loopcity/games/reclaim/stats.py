"""Per-round figures a simulation records."""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING, cast

from .board import FOOD, MIXED, NPK, SEPARATED, SLUDGE
from .politics import disease_rolls

if TYPE_CHECKING:
    from loopcity.engine import State

    from .rules import ReclaimState


def metrics(state: State) -> dict[str, float]:
    """Round, money, disease, pollution, resources and Housing blocks."""
    st = state
    water = [r[MIXED] + r[SEPARATED] for t, r in zip(st.terrain, st.res, strict=True) if t == "water"]  # type: ignore[attr-defined]
    land = [r[MIXED] + r[SEPARATED] for t, r in zip(st.terrain, st.res, strict=True) if t != "water"]  # type: ignore[attr-defined]
    res = st.res  # type: ignore[attr-defined]
    return {
        "round": float(st.round),  # type: ignore[attr-defined]
        "city_budget": float(st.city),  # type: ignore[attr-defined]
        "player_coins": float(sum(st.coins)),  # type: ignore[attr-defined]
        "disease": float(sum(st.disease)),  # type: ignore[attr-defined]
        "water_waste": float(sum(water)),
        "land_waste": float(sum(land)),
        "food": float(sum(r[FOOD] for r in res)),
        "npk": float(sum(r[NPK] for r in res)),
        "sludge": float(sum(r[SLUDGE] for r in res)),
        "blocks": float(sum(sum(b) for b in st.blocks)),  # type: ignore[attr-defined,misc]
    }


COINS_PER_POINT = 300
"""What a coin not yet spent is worth to the search's position value, in points: builds cost 100 to
500 coins and bring Infrastructure cards of level 1 to 2 plus the symbols of a Hidden agenda."""


def position_value(state: State, seat: int) -> float:
    """The search's value of an unfinished game for ``seat``, in [-1, 1]: its standing (points plus
    coins still to spend, at ``COINS_PER_POINT``) over the leading seat's, weighed against the risk
    that the next Disease control loses the game for everyone (a loss scores -1):
    ``share * (1 - risk) - risk``."""
    st = state
    standing = [p + c / COINS_PER_POINT for p, c in zip(st.scores(), st.coins, strict=True)]  # type: ignore[attr-defined]
    best = max(standing)
    share = 0.5 if best <= 0 else max(0.0, standing[seat] / best)
    risk = disease_risk(state)
    return share * (1 - risk) - risk


def disease_risk(state: State) -> float:
    """The chance that Disease control, rolled on the board as it stands, brings the Disease on the
    board to the losing limit: each hexagon's disease dice (``politics.disease_rolls``), each
    turning into Disease with the die's share of Disease faces."""
    st = cast("ReclaimState", state)
    need = st.content.rules.disease_limit - sum(st.disease)
    if need <= 0:
        return 1.0
    rolls = sum(disease_rolls(st, h) for h in range(len(st.terrain)))
    if rolls < need:
        return 0.0
    faces = st.board.disease_faces
    p = faces.count("disease") / len(faces)
    return sum(comb(rolls, k) * p**k * (1 - p) ** (rolls - k) for k in range(need, rolls + 1))
