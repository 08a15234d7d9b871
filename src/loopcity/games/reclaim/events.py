"""Event cards: drawn on a schedule (`turns`: after every k player turns; `timer`: when the front end
reports that the 10-minute timer rang). Negative cards apply at once; positive cards go to the player
of the role the card names, who keeps it and plays it later on their own turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import MIXED, NPK, ROLES, SEPARATED, SLUDGE
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
    st.note(f"Event: {ev.title}. {ev.text}", kind="event")
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
    """Carry out an Event card's effect: a cost or capacity change for this round, money, or
    ``amount`` one-unit changes on the board."""
    eff, amount = ev.effect, ev.amount
    if eff.startswith("cost_"):
        st.cost_mods[eff[5:]] += amount
    elif eff in st.mods:
        st.mods[eff] += amount
    elif eff == "city_budget":
        st.city = max(0, st.city + amount)
    elif eff == "coins_all":
        st.coins = [max(0, c + amount) for c in st.coins]
    elif eff == "coins_holder":
        st.coins[holder] += amount
    elif eff == "extra_build":
        st.builds_left += amount
    else:
        for _ in range(amount):
            _BOARD_EFFECTS[eff](st, ev)


def _disease_in_crowd(st: ReclaimState, ev: Event) -> None:
    h = _most(st, [sum(b) for b in st.blocks], list(range(st.board.n)))
    if h >= 0:
        st.disease[h] += 1


def _disease_in_sludge(st: ReclaimState, ev: Event) -> None:
    h = _most(st, [r[SLUDGE] for r in st.res], list(range(st.board.n)))
    if h >= 0:
        st.disease[h] += 1


def _remove_disease(st: ReclaimState, ev: Event) -> None:
    h = _most(st, st.disease, list(range(st.board.n)))
    if h >= 0:
        st.disease[h] -= 1


def _waste_to_water(st: ReclaimState, ev: Event) -> None:
    from .turn import water_hex_for_waste

    h, w = _take_land_waste(st)
    if h >= 0:
        water = water_hex_for_waste(st, h)
        st.res[water if water >= 0 else h][w] += 1


def _remove_waste(st: ReclaimState, ev: Event) -> None:
    _take_land_waste(st)


def _clean_water(st: ReclaimState, ev: Event) -> None:
    polluted = [
        r[MIXED] + r[SEPARATED] if t == "water" else 0 for t, r in zip(st.terrain, st.res, strict=True)
    ]
    h = _most(st, polluted, list(range(st.board.n)))
    if h >= 0:
        st.res[h][MIXED if st.res[h][MIXED] else SEPARATED] -= 1


def _break_link(st: ReclaimState, ev: Event) -> None:
    from .turn import recompute_components

    for i, link in enumerate(st.links):
        if link[2] == ev.transport:
            del st.links[i]
            recompute_components(st)
            return


def _npk_to_farm(st: ReclaimState, ev: Event) -> None:
    """One NPK on the Farm with the least NPK (and room)."""
    limit = st.content.rules.max_resource_per_hex
    farms = [h for h, lv in enumerate(st.farm_level) if lv and st.res[h][NPK] < limit]
    if farms:
        st.res[min(farms, key=lambda f: (st.res[f][NPK], f))][NPK] += 1


def _new_block(st: ReclaimState, ev: Event) -> None:
    """One level 0 block on the fullest Urban hexagon with room (housing first)."""
    limit = st.content.rules.max_blocks_per_hex
    homes = [
        h for h, t in enumerate(st.terrain) if t == "urban" and h != st.dump and sum(st.blocks[h]) < limit
    ]
    if homes:
        h = min(homes, key=lambda x: (sum(st.blocks[x]) == 0, -sum(st.blocks[x]), x))
        st.blocks[h][0] += 1


_BOARD_EFFECTS = {
    "disease": _disease_in_crowd,
    "sludge_disease": _disease_in_sludge,
    "remove_disease": _remove_disease,
    "waste_to_water": _waste_to_water,
    "remove_waste": _remove_waste,
    "water_clean": _clean_water,
    "break_link": _break_link,
    "npk_to_farms": _npk_to_farm,
    "new_block": _new_block,
}


__all__ = ["after_turn", "apply_effect", "draw", "play", "playable", "resolve", "start_of_round"]
