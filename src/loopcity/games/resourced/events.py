"""The Event of each Round (Appendix A): the die against the Waste table, then a Good or Bad card.

A drawn card is shuffled back into its pile, so each draw is uniform over the pile. Fixes that the
players pay together (Drought, Vandalism, Flood) are pledged card by card from the players' own
hands (``fix`` / ``let_go``) and carried out when the pledges cover the cost; the table's choices
(Join CARYA's tile, the Shipping Container removed, Propurrrty Damage's player) are proposed and put
to the vote (:mod:`.together`). Each Event's effect is one method, found through :data:`EVENTS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from loopcity.engine import Action
from loopcity.engine.text import _, ngettext

from .actions import CHOOSE, HANDLERS, PLACE, REMOVE, USE, Cell, Resource, Seat
from .board import BGCS
from .content import COMPOST, FOOD, METAL, RESOURCE_INDEX, RESOURCES, TILE_IDS, WATER, WOOD, EventId
from .table import FIRST
from .texts import seat_name
from .together import TogetherMixin
from .words import named, resource

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
DROUGHT_WATER = 1
FIXES = {
    "drought": (WATER, DROUGHT_WATER),
    "vandalism": (METAL, VANDALISM_METAL),
    "flood": (WOOD, FLOOD_WOOD),
}
"""What fixing each Bad Event's threat costs: (Resource index, cards)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # see State
class EventsMixin(TogetherMixin):
    """The Events of :class:`~.rules.ResourcedState`."""

    def _do_event(self) -> None:
        """The first player rolls the die against the Waste table and flips a Good or Bad card."""
        t = self.tables
        good_up_to, condition = t.waste_condition(len(self.waste))
        roll = self.roll(
            6,
            lambda: _("Event die ({condition}: Good on 1-{good})").format(
                condition=_(condition), good=good_up_to
            ),
        )
        self.event_die = roll
        self.event_odds = good_up_to
        good = roll <= good_up_to
        pile = t.good_events if good else t.bad_events
        event = pile[self.rng.below(len(pile))]
        name, text = t.event_name[event], t.event_text[event]
        drawn = (lambda: _("Good Event: {name}")) if good else (lambda: _("Bad Event: {name}"))
        self.note(lambda: drawn().format(name=_(name)), kind="chance")
        self.event = event
        words = (
            (lambda: _("Event (Good): {name}. {text}"))
            if good
            else (lambda: _("Event (Bad): {name}. {text}"))
        )
        self.note(lambda: words().format(name=_(name), text=_(text)), kind="event")
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
            self._study_group_draw(s)

    def _study_group_draw(self, s: int) -> None:
        """Study Group: player ``s`` draws a random card from the Waste Pile into their hand."""
        i = self.chance_below(
            len(self.waste), lambda: _("{seat} draws from the Waste Pile at").format(seat=seat_name(s))
        )
        r = self.waste.pop(i)
        self.hands[s][r] += 1
        self.note(
            lambda: _("Study Group: {seat} draws a {resource} card from the Waste Pile.").format(
                seat=seat_name(s), resource=resource(r)
            ),
            kind="event",
        )

    def _event_trash_pickup_day(self) -> None:
        roll = self.event_roll = self.roll(6, lambda: _("Trash Pickup Day"))
        n = self._recycle(roll)
        self.note(
            lambda: ngettext(
                "Trash Pickup Day: the die shows {roll}; {n} Waste card is Recycled.",
                "Trash Pickup Day: the die shows {roll}; {n} Waste cards are Recycled.",
                n,
            ).format(roll=roll, n=n),
            kind="event",
        )

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
            self._start_choice("carya", FIRST)

    def _legal_carya(self, seat: int) -> list[Action]:
        return [PLACE(c) for c in self.carya_cells()]

    def _carya_upgrade(self, cell: int) -> None:
        """Join CARYA: the tile's own Upgrade goes on ``cell`` for free."""
        upgrade = self.tables.upgrade_for_tile[self.tile_at(cell)]
        self._put_upgrade(cell, upgrade)
        t, tile = self.tables, self.tile_at(cell)
        self.note(
            lambda: _("Join CARYA: a free {upgrade} goes on the {tile} (hex {cell}).").format(
                upgrade=named(t, upgrade), tile=named(t, tile), cell=cell
            ),
            kind="decision",
        )
        self.phase = "auto"

    # ----- Bad Events ------------------------------------------------------------------------------
    def _event_drought(self) -> None:
        cells = [c for c, u in enumerate(self.upgrades) if u == "irrigation_system"]
        self._push_front(*[("drought_fix", c) for c in cells], ("drought_water",))

    def _start_fix(self, event: str, cell: int = -1) -> None:
        """The players may pledge the fix of what ``event`` threatens (on ``cell``)."""
        r, cost = FIXES[event]
        details = {"event": event, "res": r, "pledged": [0] * self.players}
        if cell >= 0:
            details["cell"] = cell
        self._start_collection("fix", cost, **details)

    def fix_name(self) -> str:
        ctx = self.ctx
        t = self.tables
        match ctx["event"]:
            case "drought":
                return _("the Irrigation System on hex {cell}").format(cell=ctx["cell"])
            case "vandalism":
                return _("the broken {upgrade}").format(upgrade=named(t, "shipping_container"))
        return _("a fence around the {tile} on hex {cell}").format(
            tile=named(t, "community_garden"), cell=ctx["cell"]
        )

    def _unfixed(self) -> None:
        """Nobody pledged enough: the Irrigation System goes, a Shipping Container is chosen to go,
        or the Community Garden loses its Composter and is replanted."""
        ctx = self.ctx
        self.note(lambda: _("Not fixed: {fix}.").format(fix=self.fix_name()), kind="decision")
        match ctx["event"]:
            case "drought":
                self._remove_upgrade(ctx["cell"])
                self.phase = "auto"
            case "vandalism":
                self._start_choice("remove", FIRST)
            case _:
                self._replant(ctx["cell"])

    def _do_drought_fix(self, cell: int) -> None:
        self._start_fix("drought", cell)

    def _do_drought_water(self) -> None:
        for s in range(self.players):
            if self.tiles[self.pos[s]] not in ("food_forest", "bgcs"):
                self._drought_water(s)

    def _drought_water(self, s: int) -> None:
        """Drought: player ``s``, off a Food Forest and BGCS, Uses 1 Water or skips their turn."""
        if self.hands[s][WATER]:
            self._use(s, WATER)
            self.note(lambda: _("Drought: {seat} Uses 1 Water.").format(seat=seat_name(s)), kind="event")
        else:
            self.skip[s] = True
            self.note(
                lambda: _("Drought: {seat} has no Water and will skip this turn.").format(seat=seat_name(s)),
                kind="event",
            )

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
            r = FOOD if hand[FOOD] else WATER
            self._use(s, r)
            self.note(
                lambda: _("Heat Wave: {seat} Uses 1 {resource}.").format(
                    seat=seat_name(s), resource=resource(r)
                ),
                kind="event",
            )
        else:
            self.skip[s] = True
            self.note(
                lambda: _("Heat Wave: {seat} has no Food or Water and will skip this turn.").format(
                    seat=seat_name(s)
                ),
                kind="event",
            )

    def _legal_heat_choice(self, seat: int) -> list[Action]:
        return [USE(RESOURCES[FOOD]), USE(RESOURCES[WATER])]

    def _event_bushfire_smoke(self) -> None:
        self.smoke = [p != BGCS for p in self.pos]

    def _event_vandalism(self) -> None:
        if "shipping_container" in self.upgrades:
            self._start_fix("vandalism")

    def _legal_remove(self, seat: int) -> list[Action]:
        return [REMOVE(c) for c, u in enumerate(self.upgrades) if u == "shipping_container"]

    def _event_flood(self) -> None:
        cells = [c for c, tile in enumerate(self.tiles) if tile == "community_garden"]
        self._push_front(*[("flood", c) for c in cells])

    def _do_flood(self, cell: int) -> None:
        self._start_fix("flood", cell)

    def _replant(self, cell: int) -> None:
        """The flooded Community Garden loses its Composter and is replanted with 1 Food."""
        if self.upgrades[cell] == "composter":
            self._remove_upgrade(cell)
        self._start_collection("pay", 1, res=FOOD, cell=cell)

    def _event_propurrrty_damage(self) -> None:
        if any(map(any, self.hands)):
            self._start_choice("cat", FIRST)

    def _legal_cat(self, seat: int) -> list[Action]:
        return [CHOOSE(s + 1) for s, h in enumerate(self.hands) if any(h)]


# ----- the handlers of the actions ----------------------------------------------------------------
@HANDLERS.on(USE)
def on_use(state: ResourcedState, seat: int, a: Resource) -> None:
    """Heat Wave: the player Uses the Food or the Water they chose."""
    state._use(seat, RESOURCE_INDEX[a.resource])
    state.phase = "auto"


@HANDLERS.on(REMOVE)
def on_remove(state: ResourcedState, seat: int, a: Cell) -> None:
    """Vandalism not fixed: a player proposes the Shipping Container to remove."""
    state._propose(seat, REMOVE(a.cell))


@HANDLERS.on(CHOOSE)
def on_choose(state: ResourcedState, seat: int, a: Seat) -> None:
    """Propurrrty Damage: a player proposes the player who Wastes a card."""
    state._propose(seat, CHOOSE(a.seat))


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
