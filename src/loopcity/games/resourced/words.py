"""ResourCEd's words built from content: Resource names, costs, what each tile and Upgrade does.

Shared by the labels and prompts (:mod:`.texts`), the reference (:mod:`.reference`) and the panels
(:mod:`.panels`), so that every place a cost or an effect is read says the same, from the same
content. Names that come from content (tiles, Upgrades, Events) stay data, in English, and are read
through :func:`~loopcity.engine.text._` where a person reads them (:func:`named`; their translations
are in ``content.<lang>.toml``); every sentence goes through :func:`~loopcity.engine.text._` too.

A sentence with a count whose English reads the same for every number (``Waste {n} cards``, as it
always has) goes through :func:`~loopcity.engine.text.ngettext` with that English twice, so that a
language whose words agree with the number has its singular (``1 Karte``, ``2 Karten``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from loopcity.engine.text import LANGUAGE, _, ngettext

from .content import RESOURCES, TILE_IDS, Tables

RESOURCE_NAME: tuple[Callable[[], str], ...] = (
    lambda: _("Wood"),
    lambda: _("Metal"),
    lambda: _("Compost"),
    lambda: _("Food"),
    lambda: _("Water"),
)
"""Each Resource's name in the reader's language, by Resource index."""


_NAMES: dict[str, tuple[str, ...]] = {}
"""The Resources' names by language, made once (log lines name Resources at almost every step)."""


def _names() -> tuple[str, ...]:
    language = LANGUAGE.get()
    names = _NAMES.get(language)
    if names is None:
        names = _NAMES[language] = tuple(name() for name in RESOURCE_NAME)
    return names


def resource(r: int) -> str:
    """The name of Resource ``r`` (an index of :data:`~.content.RESOURCES`)."""
    return _names()[r]


_INDEX = {word: r for r, word in enumerate(RESOURCES)}

NAMES_IN_CODE = (lambda: _("Recycler"), lambda: _("BGCS"))
"""The names :class:`~.content.Tables` adds to content's (``recycler``, ``bgcs``), marked so that the
catalogue translates them as it translates content's names."""


def named(t: Tables, key: str) -> str:
    """The name of a tile, the Recycler, BGCS or an Upgrade (``food_forest`` → ``Food Forest``), in
    the reader's language."""
    return _(t.name[key])


def resource_named(word: str) -> str:
    """The name of the Resource a word of the action texts names (``wood`` → ``Wood``)."""
    return _names()[_INDEX[word]]


def cards(counts: Sequence[int]) -> str:
    """Cards by Resource index in words: ``1 Wood, 2 Metal`` (``no cards`` when there are none)."""
    parts = [_("{n} {resource}").format(n=n, resource=resource(r)) for r, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else _("no cards")


def have(hand: Sequence[int], cost: Sequence[int]) -> str:
    """What a hand holds of the Resources a cost asks for: ``you have 1 Wood, 0 Metal``."""
    parts = [_("{n} {resource}").format(n=hand[r], resource=resource(r)) for r, n in enumerate(cost) if n]
    return _("you have {cards}").format(cards=", ".join(parts))


def gather_text(t: Tables, tile: str, ring: int, upgraded: bool = False) -> str:
    """What a Gather on ``tile`` in ``ring`` yields: ``3 Wood``."""
    n = t.production[ring - 1] + (1 if upgraded else 0)
    return _("{n} {resource}").format(n=n, resource=resource(t.produces[tile]))


def operation_text(t: Tables, upgrade: str) -> str:
    """An Upgrade's Operation: ``Use 2 Food, 1 Water to get 4 Compost``."""
    cost, gain = t.operation[upgrade]
    return _("Use {cost} to get {gain}").format(cost=cards(cost), gain=cards(gain))


def effect_text(t: Tables, item: str, ring: int) -> str:
    """What crafting ``item`` gives, placed in ``ring`` (Recyclers and tiles) or on its tile."""
    rules = t.rules
    if item in TILE_IDS:
        words = _("produces {resource}: a Gather there gives {n}")
        return words.format(resource=resource(t.produces[item]), n=t.production[ring - 1])
    if item == "recycler":
        n = t.recycler_removal[ring - 1]
        words = ngettext(
            "each Operation Recycles {n} Waste card for {cost}",
            "each Operation Recycles {n} Waste cards for {cost}",
            n,
        )
        return words.format(n=n, cost=cards(t.recycler_operating))
    tile = t.upgrade_tile[item]
    if tile == "bgcs":
        words = _("+{n} movement for everyone; BGCS Gathers one more; its Shopping Center sells any card")
        return words.format(n=rules.bus_stop_movement)
    extra = _("the {tile} Gathers one more {resource}").format(
        tile=named(t, tile), resource=resource(t.produces[tile])
    )
    parts = [extra]
    if any(t.operation[item][0]):
        parts.append(_("Operate: {operation}").format(operation=operation_text(t, item)))
    parts += UPGRADE_EFFECTS.get(item, lambda t: [])(t)
    return "; ".join(parts)


UPGRADE_EFFECTS: dict[str, Callable[[Tables], list[str]]] = {
    "composter": lambda t: [_("Food and Water are Used instead of Wasted")],
    "shipping_container": lambda t: [
        _("+{n} hand limit for everyone").format(n=t.rules.hand_limit_per_container)
    ],
    "shelter": lambda t: [_("+{n} Trade Limit").format(n=t.rules.trade_limit_per_shelter)],
}
"""The global Effects of the Upgrades that have one (the Bus Stop's are in :func:`effect_text`)."""


def where_text(t: Tables, item: str) -> str:
    """Where a crafted item is placed: ``a Community Garden``, ``an empty hex of the current Ring``."""
    if item in TILE_IDS or item == "recycler":
        return _("an empty hex, current Ring")
    tile = t.upgrade_tile[item]
    if tile == "bgcs":
        return _("BGCS")
    return _("a {tile}").format(tile=named(t, tile))


def craft_cost_text(t: Tables, item: str) -> str:
    """An item's crafting cost in words; a Recycler's for each Ring it can be crafted in."""
    if item != "recycler":
        return cards(t.craft_cost(item, 2))
    words = _("Ring {ring}: {cost}")
    return "; ".join(
        words.format(ring=ring, cost=cards(cost)) for ring, cost in sorted(t.recycler_cost.items())
    )
