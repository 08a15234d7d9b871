"""Per-round figures a simulation records."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import FOOD, MIXED, NPK, SEPARATED, SLUDGE

if TYPE_CHECKING:
    from loopcity.engine import State


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
