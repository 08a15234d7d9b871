"""How Resourcity names things for people: tiles by column letter and row number (``C3``), Plots by
the tile corner they sit on, road tiles by their content names and their roads in compass words,
costs and resources as the Instruction Card writes them.

Every sentence goes through ``_`` with named placeholders; names that come from the content (tile
and crop names, Crisis and Huat tiles) stay data and are read through ``_`` where people read them
(their translations are in ``content.<lang>.toml``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from .board import CORNER_POINT, GREEN_PLOT, LATTICE, SIZE
from .catalogue import _
from .content import Content

COLUMNS = "ABCDEF"


def tile_name(t: int) -> str:
    """A tile's place on the grid as people read it off the board: column letter, row number (``C3``)."""
    return f"{COLUMNS[t % SIZE]}{t // SIZE + 1}"


_SIDES: tuple[Callable[[], str], ...] = (
    lambda: _("north"),
    lambda: _("east"),
    lambda: _("south"),
    lambda: _("west"),
)
_CORNERS: tuple[Callable[[], str], ...] = (
    lambda: _("top-left"),
    lambda: _("top-right"),
    lambda: _("bottom-right"),
    lambda: _("bottom-left"),
)


def side_word(d: int) -> str:
    """The compass word of a tile side (0 north, 1 east, 2 south, 3 west)."""
    return _SIDES[d]()


def corner_word(k: int) -> str:
    """A tile corner's words (0 top left, 1 top right, 2 bottom right, 3 bottom left)."""
    return _CORNERS[k]()


def plot_name(p: int, near: int | None = None) -> str:
    """A Plot's place: ``the top-left corner of C3`` (seen from tile ``near`` when it is one of that
    tile's corners, else from the tile whose top-left corner it is), or ``the centre of C3``."""
    if p >= GREEN_PLOT:
        return _("the centre of {tile}").format(tile=tile_name(p - GREEN_PLOT))
    if near is not None and p in CORNER_POINT[near]:
        t, k = near, CORNER_POINT[near].index(p)
    else:  # Plots lie inside the rim, so every one is the top-left corner of a tile
        i, j = divmod(p, LATTICE)
        t, k = i * SIZE + j, 0
    return _("the {corner} corner of {tile}").format(corner=corner_word(k), tile=tile_name(t))


def roads_words(content: Content, kind: str, exits: int, rot: int) -> str:
    """A tile's roads in compass words: ``roads to the north and east``; a tile with linked corners
    (the tennis ball) as its quarter curves."""
    tile = content.tile(kind)
    if not tile.road and not tile.arms:
        return _("no road")
    if tile.links:
        linked = {(_corner_index(c) + rot) % 4 for pair in tile.links for c in pair}
        curves = [k for k in range(4) if k not in linked]
        pairs = [_("{a}–{b}").format(a=side_word(k), b=side_word((k - 1) % 4)) for k in curves]
        return _("quarter curves {pairs}").format(pairs=_(" and ").join(pairs))
    sides = [side_word(d) for d in range(4) if exits >> d & 1]
    if len(sides) == 4:
        return _("roads on all four sides")
    if len(sides) == 1:
        return _("a road to the {side}").format(side=sides[0])
    return _("roads to the {sides}").format(sides=join_words(sides))


def _corner_index(corner: str) -> int:
    return ("NW", "NE", "SE", "SW").index(corner)


def join_words(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return _("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])


_RESOURCES: dict[str, Callable[[], str]] = {
    "fuel": lambda: _("Fuel"),
    "food": lambda: _("Food"),
    "water": lambda: _("Water"),
}


def resource_name(resource: str) -> str:
    """Fuel, Food or Water."""
    return _RESOURCES[resource]()


def amount(n: int, resource: str) -> str:
    """``3 Fuel``."""
    return _("{n} {resource}").format(n=n, resource=resource_name(resource))


def cost_text(cost: Mapping[Any, int]) -> str:
    """A cost as the Instruction Card writes it: ``2 Food, 3 Water`` (``free`` when nothing)."""
    parts = [amount(n, str(r)) for r, n in cost.items() if n]
    return ", ".join(parts) if parts else _("free")


def pool_text(pool: Mapping[str, int]) -> str:
    """The Available pool: ``Fuel 12, Food 7, Water 9``."""
    return ", ".join(
        _("{resource} {n}").format(resource=resource_name(r), n=pool[r]) for r in ("fuel", "food", "water")
    )


def place_name(content: Content, kind: str, t: int) -> str:
    """A tile with what lies there: ``C3 (Curve road)``."""
    return _("{tile} ({name})").format(tile=tile_name(t), name=tile_kind_name(content, kind))


def tile_kind_name(content: Content, kind: str) -> str:
    """A tile type's name from the content, in the reader's language (``Curve road``)."""
    return _(content.tile(kind).name)


def crop_name(content: Content, crop_id: str) -> str:
    """A crop's name from the content, in the reader's language (``Sugar Cane``)."""
    return _(content.crop(crop_id).name)


_POWERS: dict[str, Callable[[], str]] = {
    "builder": lambda: _("Builder"),
    "cyclist": lambda: _("Cyclist"),
    "farmer": lambda: _("Farmer"),
    "innovator": lambda: _("Innovator"),
    "planner": lambda: _("Planner"),
    "policymaker": lambda: _("Policy Maker"),
}


def power_title(power: str) -> str:
    """The Superpower card's title."""
    return _POWERS[power]()


def power_text(content: Content, power: str) -> str:
    """What a Superpower card says, with the content's figures."""
    sp, costs, turn = content.superpowers, content.costs, content.turn
    match power:
        case "builder":
            return _(
                "May Rotate and Replace diagonal tiles too; Replacing with a road tile costs {n} Fuel "
                "instead of {m}."
            ).format(n=sp.builder_road_cost, m=costs.replace_road)
        case "cyclist":
            return _("One Move goes up to {n} tiles along connected roads.").format(n=sp.cyclist_steps)
        case "farmer":
            return _(
                "May Grow and Harvest the same Plot in one turn (still 2 Actions). When a Crisis destroys "
                "crops on Plots next to the Farmer, the team gets {n} matching resource for each."
            ).format(n=sp.farmer_crisis_gain)
        case "innovator":
            return _("{n} Actions a turn instead of {m}.").format(n=sp.innovator_actions, m=turn.actions)
        case "planner":
            return _(
                "Swap the tile you stand on with the tile under another player's token ({n} Action)."
            ).format(n=sp.planner_actions)
        case "policymaker":
            return _("Move any player token anywhere ({n} Actions).").format(n=sp.policy_maker_actions)
    raise KeyError(power)


def seat_words(powers: list[str], seat: int) -> str:
    """``Seat 2 (Builder)``: a seat as people count them, with its Superpower once dealt."""
    if seat < len(powers):
        return _("Seat {n} ({power})").format(n=seat + 1, power=power_title(powers[seat]))
    return _("Seat {n}").format(n=seat + 1)


_LAYOUTS: dict[str, Callable[[], str]] = {
    "beginner": lambda: _("Beginner"),
    "advanced": lambda: _("Advanced"),
}


def layout_name(layout_id: str) -> str:
    """A layout's name as the rulebook writes it (``Beginner``); a layout a designer adds to the
    content reads as its id."""
    name = _LAYOUTS.get(layout_id)
    return name() if name is not None else layout_id.capitalize()


_RAN_OUT = re.compile(r"(Fuel|Food|Water) ran out \((.*)\)", re.S)
_CAUSES: dict[str, Callable[[], str]] = {
    "Rotate": lambda: _("Rotate"),
    "Replace": lambda: _("Replace"),
    "the turn's upkeep": lambda: _("the turn's upkeep"),
    "a Crisis": lambda: _("a Crisis"),
}


def cause_words(why: str) -> str:
    """What the team was paying for when it could not (as the state keeps it: ``Rotate``, ``the
    turn's upkeep``, ``Planting Sugar Cane`` or a Crisis tile's name), in the reader's language."""
    cause = _CAUSES.get(why)
    if cause is not None:
        return cause()
    if why.startswith("Planting "):
        return _("Planting {crop}").format(crop=_(why.removeprefix("Planting ")))
    return _(why)


def loss_words(result: str) -> str:
    """Why the team lost, in the reader's language. The state keeps the reason in English
    (``Fuel ran out (Rotate)``: part of the game's record), so it is worded again here."""
    found = _RAN_OUT.fullmatch(result)
    if found is None:
        return _(result) if result else result
    return _("{resource} ran out ({why})").format(
        resource=resource_name(found[1].lower()), why=cause_words(found[2])
    )
