"""The Event of each Round (Appendix A): the die against the Waste table, then a Good or Bad card.

A drawn card is shuffled back into its pile, so each draw is uniform over the pile. Fixes that the
players pay together (Drought, Vandalism, Flood) are a choice (``fix`` / ``let_go``) followed by one
``pay <seat>`` per card, from any players' hands.
"""

from __future__ import annotations

from typing import Any

from loopcity.engine import Action

from . import actions as A
from .board import BGCS
from .content import COMPOST, FOOD, METAL, RESOURCES, TILE_IDS, WATER, WOOD

DRAW_EVENTS = {
    "rain": WATER,
    "community_planting_day": COMPOST,
    "harvest": FOOD,
    "computer_access_program": METAL,
    "bee_hotels": FOOD,
}
VANDALISM_METAL = 3
FLOOD_WOOD = 2


class EventsMixin:
    """Events of :class:`~.rules.ResourcedState` (mixed into it; uses its fields and helpers)."""

    def _do_event(self: Any) -> None:
        good_up_to, condition = self.t.waste_condition(len(self.waste))
        roll = self.roll(6, f"Event die ({condition}: Good on 1-{good_up_to})")
        good = roll <= good_up_to
        pile = self.t.good_events if good else self.t.bad_events
        self.event = self.draw_from(pile, "Good Event" if good else "Bad Event")
        self.note(f"Event: {self.t.event_name[self.event]}", kind="event")
        self.phase = "auto"
        getattr(self, "_event_" + self.event)()

    # ----- Good Events -----------------------------------------------------------------------------
    def _each_draws(self: Any, r: int) -> None:
        for s in range(self.players):
            self._gain(s, r, 1)

    def _event_rain(self: Any) -> None:
        self._each_draws(DRAW_EVENTS["rain"])

    def _event_community_planting_day(self: Any) -> None:
        self._each_draws(DRAW_EVENTS["community_planting_day"])

    def _event_harvest(self: Any) -> None:
        self._each_draws(DRAW_EVENTS["harvest"])

    def _event_computer_access_program(self: Any) -> None:
        self._each_draws(DRAW_EVENTS["computer_access_program"])

    def _event_bee_hotels(self: Any) -> None:
        self._each_draws(DRAW_EVENTS["bee_hotels"])

    def _event_study_group(self: Any) -> None:
        for s in range(self.players):
            if not self.waste:
                break
            i = self.chance_below(len(self.waste), f"Seat {s + 1} draws from the Waste Pile at")
            r = self.waste.pop(i)
            self.hands[s][r] += 1
            self.note(f"Seat {s + 1} draws {RESOURCES[r]} from the Waste Pile")

    def _event_trash_pickup_day(self: Any) -> None:
        n = self._recycle(self.roll(6, "Trash Pickup Day"))
        self.note(f"{n} Waste cards Recycled")

    def carya_cells(self: Any) -> list[int]:
        """Resource Tiles that can take a free Upgrade (none yet, a piece left in the box)."""
        t = self.t
        out = []
        for c, tile in enumerate(self.tiles):
            if tile in TILE_IDS and self.upgrades[c] is None:
                u = t.upgrade_for_tile[tile]
                if self.count[u] < t.pieces[u]:
                    out.append(c)
        return out

    def _event_join_carya(self: Any) -> None:
        if self.carya_cells():
            self.phase = "carya"

    def _legal_carya(self: Any, seat: int) -> list[Action]:
        return [A.PLACE[c] for c in self.carya_cells()]

    # ----- Bad Events ------------------------------------------------------------------------------
    def _event_drought(self: Any) -> None:
        cells = [c for c, u in enumerate(self.upgrades) if u == "irrigation_system"]
        self._push_front(*[("drought_fix", c) for c in cells], ("drought_water",))

    def _do_drought_fix(self: Any, cell: int) -> None:
        self.ctx = {"event": "drought", "cell": cell}
        if self.total_held(WATER):
            self.phase = "fix_choice"
        else:
            self._remove_upgrade(cell)

    def _do_drought_water(self: Any) -> None:
        for s in range(self.players):
            if self.tiles[self.pos[s]] in ("food_forest", "bgcs"):
                continue
            if self.hands[s][WATER]:
                self._use(s, WATER)
            else:
                self.skip[s] = True
                self.note(f"Seat {s + 1} has no Water and will skip this turn")

    def _event_heat_wave(self: Any) -> None:
        self._push_front(*[("heat", s) for s in range(self.players)])

    def _do_heat(self: Any, s: int) -> None:
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

    def _legal_heat_choice(self: Any, seat: int) -> list[Action]:
        return [A.USE[FOOD], A.USE[WATER]]

    def _act_use(self: Any, seat: int, r: int) -> None:
        self._use(seat, r)
        self.phase = "auto"

    def _event_bushfire_smoke(self: Any) -> None:
        self.smoke = [p != BGCS for p in self.pos]

    def _event_vandalism(self: Any) -> None:
        if "shipping_container" not in self.upgrades:
            return
        self.ctx = {"event": "vandalism"}
        self.phase = "fix_choice" if self.total_held(METAL) >= VANDALISM_METAL else "remove"

    def _legal_remove(self: Any, seat: int) -> list[Action]:
        return [A.REMOVE[c] for c, u in enumerate(self.upgrades) if u == "shipping_container"]

    def _act_remove(self: Any, seat: int, cell: int) -> None:
        self._remove_upgrade(cell)
        self.phase = "auto"

    def _event_flood(self: Any) -> None:
        cells = [c for c, tile in enumerate(self.tiles) if tile == "community_garden"]
        self._push_front(*[("flood", c) for c in cells])

    def _do_flood(self: Any, cell: int) -> None:
        self.ctx = {"event": "flood", "cell": cell}
        if self.total_held(WOOD) >= FLOOD_WOOD:
            self.phase = "fix_choice"
        else:
            self._replant(cell)

    def _replant(self: Any, cell: int) -> None:
        if self.upgrades[cell] == "composter":
            self._remove_upgrade(cell)
        self._start_pay(FOOD, 1)

    def _event_propurrrty_damage(self: Any) -> None:
        if any(map(any, self.hands)):
            self.phase = "cat"

    def _legal_cat(self: Any, seat: int) -> list[Action]:
        return [A.CHOOSE[s] for s, h in enumerate(self.hands) if any(h)]

    def _act_choose(self: Any, seat: int, who: int) -> None:
        self.ctx = {"seat": who}
        self.phase = "cat_discard"

    def _legal_cat_discard(self: Any, seat: int) -> list[Action]:
        return self._legal_discard(seat)

    # ----- fixing together ---------------------------------------------------------------------------
    def _legal_fix_choice(self: Any, seat: int) -> list[Action]:
        return [A.FIX, A.LET_GO]

    def _act_fix(self: Any, seat: int) -> None:
        event = self.ctx["event"]
        if event == "drought":
            self._start_pay(WATER, 1)
        elif event == "vandalism":
            self._start_pay(METAL, VANDALISM_METAL)
        else:
            self._start_pay(WOOD, FLOOD_WOOD)

    def _act_let_go(self: Any, seat: int) -> None:
        event = self.ctx["event"]
        if event == "drought":
            self._remove_upgrade(self.ctx["cell"])
            self.phase = "auto"
        elif event == "vandalism":
            self.phase = "remove"
        else:
            self._replant(self.ctx["cell"])

    def _start_pay(self: Any, r: int, n: int) -> None:
        self.ctx = {"res": r, "left": n}
        self.phase = "pay" if self.total_held(r) else "auto"

    def _legal_pay(self: Any, seat: int) -> list[Action]:
        return [A.PAY[s] for s in self.holders(self.ctx["res"])]

    def _act_pay(self: Any, seat: int, who: int) -> None:
        self._use(who, self.ctx["res"])
        self.ctx["left"] -= 1
        if not self.ctx["left"] or not self.total_held(self.ctx["res"]):
            self.phase = "auto"
