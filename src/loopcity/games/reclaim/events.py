"""Event cards: drawn on a schedule (`turns`: after every k player turns; `timer`: when the front end
reports that the 10-minute timer rang). Negative cards apply at once; positive cards go to the player
of the role the card names, who keeps it and plays it later on their own turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import FOOD, MIXED, NPK, ROLES, SEPARATED, SLUDGE
from .content import Event

if TYPE_CHECKING:
    from .rules import ReclaimState


def after_turn(st: ReclaimState) -> None:
    """Count a finished player turn and draw an Event when the `turns` schedule says so."""
    st.turns_done += 1
    every = st.game.options["event_every"]
    if st.game.options["events"] == "turns" and st.turns_done % every == 0 and st.events:
        draw(st)


def draw(st: ReclaimState) -> None:
    """Draw the top Event card. While the players decide together (or grow the city) it waits for
    the start of the coming round."""
    card = st.events.pop()
    ev = st.content.events[card]
    st.last_event = card
    st.note(f"Event: {ev.title}. {ev.text}")
    if st.phase == "turn":
        resolve(st, card)
    else:
        st.pending_events.append(card)


def resolve(st: ReclaimState, card: int) -> None:
    """Apply a negative card now; give a positive card to the player of the role it names."""
    ev = st.content.events[card]
    if ev.kind == "negative":
        apply_effect(st, ev, holder=-1)
        st.discard.append(card)
        return
    assert ev.role is not None
    seat = st.seat_of_role(ROLES.index(ev.role))
    st.hands[seat].append(card)
    st.note(f"Seat {seat + 1} ({ev.role}) keeps '{ev.title}' to play later")


def start_of_round(st: ReclaimState) -> None:
    """Cards drawn while the players were deciding together apply at the start of the coming round."""
    waiting, st.pending_events = st.pending_events, []
    for card in waiting:
        resolve(st, card)


def playable(st: ReclaimState, seat: int, i: int) -> bool:
    """A kept card is played on its holder's own turn; extra builds only while building."""
    ev = st.content.events[st.hands[seat][i]]
    return ev.effect != "extra_build" or st.stage == "build"


def play(st: ReclaimState, seat: int, i: int) -> None:
    """Play a kept positive card."""
    card = st.hands[seat].pop(i)
    ev = st.content.events[card]
    st.note(f"Seat {seat + 1} plays '{ev.title}'")
    apply_effect(st, ev, holder=seat)
    st.discard.append(card)


def _most(st: ReclaimState, key: list[int], hexes: list[int]) -> int:
    best = -1
    for h in hexes:
        if key[h] > 0 and (best < 0 or key[h] > key[best]):
            best = h
    return best


def land_waste(st: ReclaimState) -> list[int]:
    """Mixed plus Separated Waste on each hexagon that is not Water (0 on Water)."""
    return [0 if t == "water" else r[MIXED] + r[SEPARATED] for t, r in zip(st.terrain, st.res, strict=True)]


def _take_land_waste(st: ReclaimState) -> tuple[int, int]:
    """Remove one unit from the land hexagon with the most residual Waste; (hex, type) or (-1, -1)."""
    h = _most(st, land_waste(st), list(range(st.board.n)))
    if h < 0:
        return -1, -1
    w = MIXED if st.res[h][MIXED] >= st.res[h][SEPARATED] else SEPARATED
    st.res[h][w] -= 1
    return h, w


def apply_effect(st: ReclaimState, ev: Event, holder: int) -> None:
    """Carry out an Event card's effect."""
    from .turn import recompute_components, water_hex_for_waste

    n, eff, amount = st.board.n, ev.effect, ev.amount
    if eff.startswith("cost_"):
        st.cost_mods[eff[5:]] += amount
    elif eff in ("farm_capacity", "plant_capacity"):
        st.mods[eff] += amount
    elif eff == "city_budget":
        st.city = max(0, st.city + amount)
    elif eff == "coins_all":
        st.coins = [max(0, c + amount) for c in st.coins]
    elif eff == "coins_holder":
        st.coins[holder] += amount
    elif eff == "extra_build":
        st.builds_left += amount
    elif eff == "disease":
        homes = [sum(b) for b in st.blocks]
        h = _most(st, homes, list(range(n)))
        if h >= 0:
            st.disease[h] += amount
    elif eff == "sludge_disease":
        h = _most(st, [r[SLUDGE] for r in st.res], list(range(n)))
        if h >= 0:
            st.disease[h] += amount
    elif eff == "remove_disease":
        for _ in range(amount):
            h = _most(st, st.disease, list(range(n)))
            if h >= 0:
                st.disease[h] -= 1
    elif eff == "waste_to_water":
        for _ in range(amount):
            h, w = _take_land_waste(st)
            if h < 0:
                break
            water = water_hex_for_waste(st, h)
            st.res[water if water >= 0 else h][w] += 1
    elif eff == "remove_waste":
        for _ in range(amount):
            _take_land_waste(st)
    elif eff == "water_clean":
        for _ in range(amount):
            polluted = [
                r[MIXED] + r[SEPARATED] if t == "water" else 0
                for t, r in zip(st.terrain, st.res, strict=True)
            ]
            h = _most(st, polluted, list(range(n)))
            if h >= 0:
                st.res[h][MIXED if st.res[h][MIXED] else SEPARATED] -= 1
    elif eff == "npk_to_farms":
        _place_on_farms(st, NPK, amount)
    elif eff == "new_block":
        _new_blocks(st, amount)
    elif eff == "break_link":
        for i, link in enumerate(st.links):
            if link[2] == ev.transport:
                del st.links[i]
                recompute_components(st)
                break


def _place_on_farms(st: ReclaimState, r: int, amount: int) -> None:
    limit = st.content.rules.max_resource_per_hex
    for _ in range(amount):
        farms = [h for h, lv in enumerate(st.farm_level) if lv and st.res[h][r] < limit]
        if not farms:
            return
        h = min(farms, key=lambda f: (st.res[f][r], f))
        st.res[h][r] += 1


def _new_blocks(st: ReclaimState, amount: int) -> None:
    limit = st.content.rules.max_blocks_per_hex
    for _ in range(amount):
        homes = [
            h for h, t in enumerate(st.terrain) if t == "urban" and h != st.dump and sum(st.blocks[h]) < limit
        ]
        if not homes:
            return
        h = min(homes, key=lambda x: (sum(st.blocks[x]) == 0, -sum(st.blocks[x]), x))
        st.blocks[h][0] += 1


__all__ = ["FOOD", "after_turn", "draw", "play", "playable", "resolve", "start_of_round"]
