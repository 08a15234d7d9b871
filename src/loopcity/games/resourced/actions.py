"""ResourCEd's actions. Compound choices are split into steps (craft, then place; fix, then pay)."""

from __future__ import annotations

from loopcity.engine import Action, ActionSpace, kind

from .board import CELLS
from .content import RESOURCES, TILE_IDS, UPGRADE_IDS

SEATS = (1, 2, 3, 4)  # seats are named as players see them: seat 1 is the youngest
_SEAT_INDEX = range(4)
CRAFTABLE = (*TILE_IDS, "recycler", *UPGRADE_IDS)
SIXTH = ("food_forest", "community_garden", "heat_haven")

ACTION_SPACE = ActionSpace(
    [
        kind("choose_sixth", "Setup: the tile for the last spot of Ring 1", tile=SIXTH),
        kind("waste", "Waste a card of this type from the Resource Bank", resource=RESOURCES),
        kind("supply", "this player sources the Food or Water a Social Housing needs", seat=SEATS),
        kind(
            "shed",
            "this player Wastes a card from their hand (for the table)",
            seat=SEATS,
            resource=RESOURCES,
        ),
        kind("fix", "pay to fix what the Event threatens"),
        kind("let_go", "do not fix: lose what the Event threatens"),
        kind("pay", "this player pays one card of the fix", seat=SEATS),
        kind("use", "Use this Resource for the Event", resource=RESOURCES),
        kind("choose", "choose this player", seat=SEATS),
        kind("remove", "remove the Upgrade on this tile", cell=range(CELLS)),
        kind("give", "trade: give a card to this player", seat=SEATS, resource=RESOURCES),
        kind("take", "trade: take a card from this player", seat=SEATS, resource=RESOURCES),
        kind("gather", "Action: Gather on this Resource Tile"),
        kind("gather_any", "Action: Gather a Resource of any type at BGCS", resource=RESOURCES),
        kind("craft", "Action: craft a Tile or Upgrade at BGCS", item=CRAFTABLE),
        kind("operate", "Action: Operate this tile's Upgrade or Recycler"),
        kind("pass", "no Action is available here: skip it"),
        kind("move", "move to this tile", cell=range(CELLS)),
        kind("place", "place what was crafted on this tile", cell=range(CELLS)),
        kind("shop", "Shopping Center: get a card of this type", resource=RESOURCES),
        kind("shop_done", "Shopping Center: stop getting cards"),
        kind("discard", "Waste a card of this type from your hand", resource=RESOURCES),
        kind("end_turn", "end your turn"),
    ]
)

# Prebuilt action objects (legal-action lists reuse them).
CHOOSE_SIXTH = {t: Action("choose_sixth", (t,)) for t in SIXTH}
WASTE = tuple(Action("waste", (r,)) for r in RESOURCES)
SUPPLY = tuple(Action("supply", (s + 1,)) for s in _SEAT_INDEX)
SHED = tuple(tuple(Action("shed", (s + 1, r)) for r in RESOURCES) for s in _SEAT_INDEX)
FIX, LET_GO = Action("fix"), Action("let_go")
PAY = tuple(Action("pay", (s + 1,)) for s in _SEAT_INDEX)
USE = tuple(Action("use", (r,)) for r in RESOURCES)
CHOOSE = tuple(Action("choose", (s + 1,)) for s in _SEAT_INDEX)
REMOVE = tuple(Action("remove", (c,)) for c in range(CELLS))
GIVE = tuple(tuple(Action("give", (s + 1, r)) for r in RESOURCES) for s in _SEAT_INDEX)
TAKE = tuple(tuple(Action("take", (s + 1, r)) for r in RESOURCES) for s in _SEAT_INDEX)
SEAT_KINDS = frozenset({"supply", "shed", "pay", "choose", "give", "take"})
"""Kinds whose first argument names a seat (1-4); the rules use 0-based seat indices."""
GATHER = Action("gather")
GATHER_ANY = tuple(Action("gather_any", (r,)) for r in RESOURCES)
CRAFT = {item: Action("craft", (item,)) for item in CRAFTABLE}
OPERATE, PASS = Action("operate"), Action("pass")
MOVE = tuple(Action("move", (c,)) for c in range(CELLS))
PLACE = tuple(Action("place", (c,)) for c in range(CELLS))
SHOP = tuple(Action("shop", (r,)) for r in RESOURCES)
SHOP_DONE = Action("shop_done")
DISCARD = tuple(Action("discard", (r,)) for r in RESOURCES)
END_TURN = Action("end_turn")
