"""Event cards: drawn on a schedule (`turns`: after every k player turns; `timer`: when the front end
reports that the 10-minute timer rang). Negative cards apply at once; positive cards go to the player
of the role the card names, who keeps it and plays it later: on their own turn, or in the joint
Political decisions when it helps there (money, Disease, Waste, NPK: ``AT_THE_TABLE``). A card drawn
once all players have finished their turns (the Contractor's included) and play together waits for
the start of the coming round, and a positive one then goes to the player of its role in that round.

Every card drawn, kept or played is put on stage for the round (``ReclaimState.show``) with what it
did: where a Disease appeared, which transportation broke, where Waste ran."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.engine.text import _

from .board import MIXED, NPK, ROLES, SEPARATED, SLUDGE, board_changed
from .content import Event
from .transport import recompute_components, water_hex_for_waste
from .words import seat_label

if TYPE_CHECKING:
    from .rules import ReclaimState


def after_turn(st: ReclaimState) -> None:
    """Count a finished player turn and draw an Event when the `turns` schedule says so (called once
    the game has gone on from the turn: after the Contractor's, the players play together)."""
    st.turns_done += 1
    every = st.game.options["event_every"]
    if st.game.options["events"] == "turns" and st.turns_done % every == 0 and st.events:
        draw(st)


def draw(st: ReclaimState) -> None:
    """Draw the top Event card. "If the alarm rings after all players have finished their rounds and
    are playing together the card is applied at the start of the coming round": after the last turn
    of a round (the joint decisions, growth) it waits."""
    card = st.events.pop()
    ev = st.content.events[card]
    st.last_event = card
    st.note(
        lambda: _("Event card drawn: {title}. {text}").format(title=_(ev.title), text=_(ev.text)),
        kind="event",
    )
    if st.phase == "turn":
        resolve(st, card)
    else:
        st.pending_events.append(card)
        st.show(("event", st.round, card, "waiting", -1))
        st.note(
            lambda: _(
                "The players are deciding together: '{title}' applies at the start of the coming round."
            ).format(title=_(ev.title)),
            kind="event",
        )


def resolve(st: ReclaimState, card: int) -> None:
    """Apply a negative card now; give a positive card to the player of the role it names."""
    ev = st.content.events[card]
    if ev.kind == "negative":
        where = apply_effect(st, ev, holder=-1)
        st.discard.append(card)
        st.show(("event", st.round, card, "applied", -1, *where))
        if ev.effect in _BOARD_EFFECTS:
            _note_effect(st, ev, where)
        return
    assert ev.role is not None
    seat = st.seat_of_role(ROLES.index(ev.role))
    st.hands[seat].append(card)
    st.show(("event", st.round, card, "kept", seat))
    role = ev.role
    st.note(
        lambda: _("{seat} keeps '{title}' to play later.").format(
            seat=seat_label(seat, role), title=_(ev.title)
        ),
        kind="event",
    )


def start_of_round(st: ReclaimState) -> None:
    """Cards drawn while the players were deciding together apply at the start of the coming round."""
    waiting, st.pending_events = st.pending_events, []
    for card in waiting:
        resolve(st, card)


AT_THE_TABLE = frozenset(
    {"city_budget", "coins_holder", "remove_disease", "remove_waste", "npk_to_farms", "water_clean"}
)
"""The effects of kept cards that may also be played in the joint Political decisions, where they
matter: money, Disease, Waste and NPK (not a turn's capacities or build actions)."""


def playable(st: ReclaimState, seat: int, i: int) -> bool:
    """A kept card is played on its holder's own turn (extra builds only while building), or in the
    joint Political decisions when its effect helps there (``AT_THE_TABLE``)."""
    ev = st.content.events[st.hands[seat][i]]
    if st.phase == "politics":
        return ev.effect in AT_THE_TABLE
    return ev.effect != "extra_build" or st.stage == "build"


def play(st: ReclaimState, seat: int, i: int) -> None:
    """Play a kept positive card."""
    card = st.hands[seat].pop(i)
    ev = st.content.events[card]
    where = apply_effect(st, ev, holder=seat)
    st.discard.append(card)
    st.show(("event", st.round, card, "played", seat, *where))
    if ev.effect in _BOARD_EFFECTS:
        _note_effect(st, ev, where)


def _note_effect(st: ReclaimState, ev: Event, where: list[int]) -> None:
    """Log what a card did on the board, worded in each language of the log."""
    st.note(
        lambda: _("{title}: {what}").format(title=_(ev.title), what=effect_text(ev.effect, where)),
        kind="event",
    )


def effect_text(effect: str, where: list[int] | tuple[int, ...]) -> str:
    """What a card did on the board, in words ('' when it changed only money or this round's
    costs and capacities)."""
    if effect not in _BOARD_EFFECTS:
        return ""
    if not where:
        return _("nothing on the board was affected.")
    hexes = ", ".join(str(h) for h in dict.fromkeys(where))  # each hexagon once
    if effect == "break_link":
        return _("the transportation between hex {a} and hex {b} is destroyed.").format(
            a=where[0], b=where[1]
        )
    return {
        "disease": _("a Disease appeared on hex {hexes}."),
        "sludge_disease": _("a Disease appeared on hex {hexes}."),
        "remove_disease": _("a Disease was removed from hex {hexes}."),
        "remove_waste": _("Waste was removed from hex {hexes}."),
        "water_clean": _("Waste was removed from Water hex {hexes}."),
        "into_water": _("Waste was emptied into Water hex {hexes}."),
        "overflow": _("Waste overflowed onto hex {hexes}."),
        "npk_to_farms": _("NPK was placed on the Farm on hex {hexes}."),
        "new_block": _("a new level 0 Housing block arrived on hex {hexes}."),
    }[effect].format(hexes=hexes)


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
    h = _most(st, land_waste(st), list(range(st.tables.n)))
    if h < 0:
        return -1, -1
    w = MIXED if st.res[h][MIXED] >= st.res[h][SEPARATED] else SEPARATED
    st.res[h][w] -= 1
    return h, w


def apply_effect(st: ReclaimState, ev: Event, holder: int) -> list[int]:
    """Carry out an Event card's effect: a cost or capacity change for this round, money, or
    ``amount`` one-unit changes on the board; returns the hexagons the board changes touched (for a
    unit of Waste washed away, its hexagon and the Water it ran into; for broken transportation, the
    two hexagons it joined)."""
    eff, amount = ev.effect, ev.amount
    where: list[int] = []
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
        for _unit in range(amount):
            where += _BOARD_EFFECTS[eff](st, ev)
    return where


def _disease_in_crowd(st: ReclaimState, ev: Event) -> list[int]:
    h = _most(st, [sum(b) for b in st.blocks], list(range(st.tables.n)))
    if h >= 0:
        st.disease[h] += 1
        return [h]
    return []


def _disease_in_sludge(st: ReclaimState, ev: Event) -> list[int]:
    h = _most(st, [r[SLUDGE] for r in st.res], list(range(st.tables.n)))
    if h >= 0:
        st.disease[h] += 1
        return [h]
    return []


def _remove_disease(st: ReclaimState, ev: Event) -> list[int]:
    h = _most(st, st.disease, list(range(st.tables.n)))
    if h >= 0:
        st.disease[h] -= 1
        return [h]
    return []


def _into_water(st: ReclaimState, ev: Event) -> list[int]:
    """One unit of Mixed Waste from outside the board (pits emptied by a truck) into the Water: the
    Water hexagon that is not full nearest the most crowded Urban hexagon."""
    crowd = _most(st, [sum(b) for b in st.blocks], list(range(st.tables.n)))
    water = water_hex_for_waste(st, max(crowd, 0))
    if water < 0:
        return []
    st.res[water][MIXED] += 1
    return [water]


def _overflow(st: ReclaimState, ev: Event) -> list[int]:
    """One unit of Mixed Waste from flooded pit latrines on the most crowded Housing hexagon with
    room for it (``max_resource_per_hex``): residual Waste the table treats, dumps or leaves."""
    limit = st.content.rules.max_resource_per_hex
    homes = [h for h in range(st.tables.n) if sum(st.blocks[h]) and st.res[h][MIXED] < limit]
    if not homes:
        return []
    h = max(homes, key=lambda x: (sum(st.blocks[x]), -x))
    st.res[h][MIXED] += 1
    return [h]


def _remove_waste(st: ReclaimState, ev: Event) -> list[int]:
    h, _w = _take_land_waste(st)
    return [h] if h >= 0 else []


def _clean_water(st: ReclaimState, ev: Event) -> list[int]:
    polluted = [
        r[MIXED] + r[SEPARATED] if t == "water" else 0 for t, r in zip(st.terrain, st.res, strict=True)
    ]
    h = _most(st, polluted, list(range(st.tables.n)))
    if h >= 0:
        st.res[h][MIXED if st.res[h][MIXED] else SEPARATED] -= 1
        return [h]
    return []


def _break_link(st: ReclaimState, ev: Event) -> list[int]:
    for i, link in enumerate(st.links):
        if link[2] == ev.transport:
            del st.links[i]
            recompute_components(st)
            return [link[0], link[1]]
    return []


def _npk_to_farm(st: ReclaimState, ev: Event) -> list[int]:
    """One NPK on the Farm with the least NPK (and room)."""
    limit = st.content.rules.max_resource_per_hex
    farms = [h for h, lv in enumerate(st.farm_level) if lv and st.res[h][NPK] < limit]
    if farms:
        h = min(farms, key=lambda f: (st.res[f][NPK], f))
        st.res[h][NPK] += 1
        return [h]
    return []


def _new_block(st: ReclaimState, ev: Event) -> list[int]:
    """One level 0 block on the fullest Urban hexagon with room (housing first)."""
    limit = st.content.rules.max_blocks_per_hex
    homes = [
        h for h, t in enumerate(st.terrain) if t == "urban" and h != st.dump and sum(st.blocks[h]) < limit
    ]
    if homes:
        h = min(homes, key=lambda x: (sum(st.blocks[x]) == 0, -sum(st.blocks[x]), x))
        st.blocks[h][0] += 1
        board_changed(st)
        return [h]
    return []


_BOARD_EFFECTS = {
    "disease": _disease_in_crowd,
    "sludge_disease": _disease_in_sludge,
    "remove_disease": _remove_disease,
    "overflow": _overflow,
    "into_water": _into_water,
    "remove_waste": _remove_waste,
    "water_clean": _clean_water,
    "break_link": _break_link,
    "npk_to_farms": _npk_to_farm,
    "new_block": _new_block,
}


__all__ = ["after_turn", "apply_effect", "draw", "play", "playable", "resolve", "start_of_round"]
