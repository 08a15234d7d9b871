"""The Event of each Round (Appendix A): the die against the Waste table, then a Good or Bad card.

A drawn card is shuffled back into its pile, so each draw is uniform over the pile. Fixes that the
players pay together (Drought, Vandalism, Flood) are a choice (``fix`` / ``let_go``) followed by one
``pay <seat>`` per card, from any players' hands. Each Event's effect is one method, found through
:data:`EVENTS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from loopcity.engine import Action, NoArgs

from .actions import CHOOSE, FIX, HANDLERS, LET_GO, PAY, PLACE, REMOVE, USE, Cell, Resource, Seat
from .board import BGCS
from .content import COMPOST, FOOD, METAL, RESOURCE_INDEX, RESOURCES, TILE_IDS, WATER, WOOD, EventId
from .table import Table

if TYPE_CHECKING:
    from .rules import ResourcedState

DRAW_EVENTS = {
    "rain": WATER,
    "community_planting_day": COMPOST,
    "harvest": FOOD,
    "computer_access_program": METAL,
    "bee_hotels": FOOD,
}
VANDALISM_METAL = 3
FLOOD_WOOD = 2


class EventsMixin(Table):
    """The Events of :class:`~.rules.ResourcedState`."""

    def _do_event(self) -> None:
        t = self.tables
        good_up_to, condition = t.waste_condition(len(self.waste))
        roll = self.roll(6, f"Event die ({condition}: Good on 1-{good_up_to})")
        good = roll <= good_up_to
        pile = t.good_events if good else t.bad_events
        event = self.draw_from(pile, "Good Event" if good else "Bad Event")
        self.event = event
        self.note(f"Event: {t.event_name[event]}", kind="event")
        self.phase = "auto"
        EVENTS[event](self)

    # ----- Good Events -----------------------------------------------------------------------------
    def _each_draws(self, r: int) -> None:
        for s in range(self.players):
            self._gain(s, r, 1)

    def _event_rain(self) -> None:
        self._each_draws(DRAW_EVENTS["rain"])

    def _event_community_planting_day(self) -> None:
        self._each_draws(DRAW_EVENTS["community_planting_day"])

    def _event_harvest(self) -> None:
        self._each_draws(DRAW_EVENTS["harvest"])

    def _event_computer_access_program(self) -> None:
        self._each_draws(DRAW_EVENTS["computer_access_program"])

    def _event_bee_hotels(self) -> None:
        self._each_draws(DRAW_EVENTS["bee_hotels"])

    def _event_study_group(self) -> None:
        for s in range(self.players):
            if not self.waste:
                break
            i = self.chance_below(len(self.waste), f"Seat {s + 1} draws from the Waste Pile at")
            r = self.waste.pop(i)
            self.hands[s][r] += 1
            self.note(f"Seat {s + 1} draws {RESOURCES[r]} from the Waste Pile")

    def _event_trash_pickup_day(self) -> None:
        n = self._recycle(self.roll(6, "Trash Pickup Day"))
        self.note(f"{n} Waste cards Recycled")

    def carya_cells(self) -> list[int]:
        """Resource Tiles that can take a free Upgrade (none yet, a piece left in the box)."""
        t = self.tables
        out = []
        for c, tile in enumerate(self.tiles):
            if tile in TILE_IDS and self.upgrades[c] is None:
                u = t.upgrade_for_tile[tile]
                if self.count[u] < t.pieces[u]:
                    out.append(c)
        return out

    def _event_join_carya(self) -> None:
        if self.carya_cells():
            self.phase = "carya"

    def _legal_carya(self, seat: int) -> list[Action]:
        return [PLACE(c) for c in self.carya_cells()]

    def _carya_upgrade(self, cell: int) -> None:
        """Join CARYA: the tile's own Upgrade goes on ``cell`` for free."""
        self._put_upgrade(cell, self.tables.upgrade_for_tile[self.tile_at(cell)])
        self.phase = "auto"

    # ----- Bad Events ------------------------------------------------------------------------------
    def _event_drought(self) -> None:
        cells = [c for c, u in enumerate(self.upgrades) if u == "irrigation_system"]
        self._push_front(*[("drought_fix", c) for c in cells], ("drought_water",))

    def _do_drought_fix(self, cell: int) -> None:
        self.ctx = {"event": "drought", "cell": cell}
        if self.total_held(WATER):
            self.phase = "fix_choice"
        else:
            self._remove_upgrade(cell)

    def _do_drought_water(self) -> None:
        for s in range(self.players):
            if self.tiles[self.pos[s]] in ("food_forest", "bgcs"):
                continue
            if self.hands[s][WATER]:
                self._use(s, WATER)
            else:
                self.skip[s] = True
                self.note(f"Seat {s + 1} has no Water and will skip this turn")

    def _event_heat_wave(self) -> None:
        self._push_front(*[("heat", s) for s in range(self.players)])

    def _do_heat(self, s: int) -> None:
        if self.tiles[self.pos[s]] in ("heat_haven", "bgcs"):
            return
        hand = self.hands[s]
        if hand[FOOD] and hand[WATER]:
            self.ctx = {"seat": s}
            self.phase = "heat_choice"
        elif hand[FOOD] or hand[WATER]:
            self._use(s, FOOD if hand[FOOD] else WATER)
        else:
            self.skip[s] = True
            self.note(f"Seat {s + 1} has no Food or Water and will skip this turn")

    def _legal_heat_choice(self, seat: int) -> list[Action]:
        return [USE(RESOURCES[FOOD]), USE(RESOURCES[WATER])]

    def _event_bushfire_smoke(self) -> None:
        self.smoke = [p != BGCS for p in self.pos]

    def _event_vandalism(self) -> None:
        if "shipping_container" not in self.upgrades:
            return
        self.ctx = {"event": "vandalism"}
        self.phase = "fix_choice" if self.total_held(METAL) >= VANDALISM_METAL else "remove"

    def _legal_remove(self, seat: int) -> list[Action]:
        return [REMOVE(c) for c, u in enumerate(self.upgrades) if u == "shipping_container"]

    def _event_flood(self) -> None:
        cells = [c for c, tile in enumerate(self.tiles) if tile == "community_garden"]
        self._push_front(*[("flood", c) for c in cells])

    def _do_flood(self, cell: int) -> None:
        self.ctx = {"event": "flood", "cell": cell}
        if self.total_held(WOOD) >= FLOOD_WOOD:
            self.phase = "fix_choice"
        else:
            self._replant(cell)

    def _replant(self, cell: int) -> None:
        if self.upgrades[cell] == "composter":
            self._remove_upgrade(cell)
        self._start_pay(FOOD, 1)

    def _event_propurrrty_damage(self) -> None:
        if any(map(any, self.hands)):
            self.phase = "cat"

    def _legal_cat(self, seat: int) -> list[Action]:
        return [CHOOSE(s + 1) for s, h in enumerate(self.hands) if any(h)]

    # ----- fixing together ---------------------------------------------------------------------------
    def _legal_fix_choice(self, seat: int) -> list[Action]:
        return [FIX(), LET_GO()]

    def _start_pay(self, r: int, n: int) -> None:
        self.ctx = {"res": r, "left": n}
        self.phase = "pay" if self.total_held(r) else "auto"

    def _legal_pay(self, seat: int) -> list[Action]:
        return [PAY(s + 1) for s in self.holders(self.ctx["res"])]


# ----- the handlers of the actions ----------------------------------------------------------------
@HANDLERS.on(USE)
def on_use(state: ResourcedState, seat: int, a: Resource) -> None:
    """Heat Wave: the player Uses the Food or the Water they chose."""
    state._use(seat, RESOURCE_INDEX[a.resource])
    state.phase = "auto"


@HANDLERS.on(REMOVE)
def on_remove(state: ResourcedState, seat: int, a: Cell) -> None:
    """Vandalism not fixed: the chosen Shipping Container is removed."""
    state._remove_upgrade(a.cell)
    state.phase = "auto"


@HANDLERS.on(CHOOSE)
def on_choose(state: ResourcedState, seat: int, a: Seat) -> None:
    """Propurrrty Damage: the table chooses the player who Wastes a card."""
    state.ctx = {"seat": a.seat - 1}
    state.phase = "cat_discard"


@HANDLERS.on(FIX)
def on_fix(state: ResourcedState, seat: int, a: NoArgs) -> None:
    """The table fixes what the Event threatens; the cards are paid one by one (``pay``)."""
    event = state.ctx["event"]
    if event == "drought":
        state._start_pay(WATER, 1)
    elif event == "vandalism":
        state._start_pay(METAL, VANDALISM_METAL)
    else:
        state._start_pay(WOOD, FLOOD_WOOD)


@HANDLERS.on(LET_GO)
def on_let_go(state: ResourcedState, seat: int, a: NoArgs) -> None:
    """The table does not fix: the Irrigation System goes, a Container is chosen, or the Garden is replanted."""
    event = state.ctx["event"]
    if event == "drought":
        state._remove_upgrade(state.ctx["cell"])
        state.phase = "auto"
    elif event == "vandalism":
        state.phase = "remove"
    else:
        state._replant(state.ctx["cell"])


@HANDLERS.on(PAY)
def on_pay(state: ResourcedState, seat: int, a: Seat) -> None:
    """One card of the fix, from this player's hand."""
    state._use(a.seat - 1, state.ctx["res"])
    state.ctx["left"] -= 1
    if not state.ctx["left"] or not state.total_held(state.ctx["res"]):
        state.phase = "auto"


EVENTS: dict[EventId, Callable[[EventsMixin], None]] = {
    "rain": EventsMixin._event_rain,
    "community_planting_day": EventsMixin._event_community_planting_day,
    "study_group": EventsMixin._event_study_group,
    "harvest": EventsMixin._event_harvest,
    "trash_pickup_day": EventsMixin._event_trash_pickup_day,
    "join_carya": EventsMixin._event_join_carya,
    "computer_access_program": EventsMixin._event_computer_access_program,
    "bee_hotels": EventsMixin._event_bee_hotels,
    "drought": EventsMixin._event_drought,
    "heat_wave": EventsMixin._event_heat_wave,
    "bushfire_smoke": EventsMixin._event_bushfire_smoke,
    "vandalism": EventsMixin._event_vandalism,
    "flood": EventsMixin._event_flood,
    "propurrrty_damage": EventsMixin._event_propurrrty_damage,
}
"""Each Event of Appendix A and the method that carries out its effect."""
