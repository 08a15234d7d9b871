"""Which actions a seat may take now, and why a refused one is not allowed (in the rulebook's words)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.engine import Action
from loopcity.engine.table import waiting

from .actions import (
    COMPOST,
    CROPS,
    DISCARD,
    END,
    EXCHANGE,
    GROW,
    HARVEST,
    MOVE,
    ORIENT,
    PLANT,
    PROPOSE,
    RELOCATE,
    REPLACE,
    START,
    SWAP,
    TELEPORT,
    TO,
    VOTE,
)
from .board import (
    GREEN_PLOT,
    OPEN_SIDES_BY_TILE,
    PLOTS,
    REACH,
    REACH_BUILDER,
    TILE_CORNER_PLOTS,
    TILES,
    moves_from,
    tiles_of,
)
from .content import MAX_PLAYERS, Crop
from .farming import TOKEN, compost_targets

if TYPE_CHECKING:
    from .rules import ResourcityState

# The actions the lists below offer most, looked up by argument (each the kind's own shared object).
_END = END()
_MOVE = tuple(MOVE(t) for t in range(TILES))
_TELEPORT = tuple(TELEPORT(t) for t in range(TILES))
_TO = tuple(TO(t) for t in range(TILES))
_EXCHANGE = {c: EXCHANGE(c) for c in CROPS}
_ORIENT = tuple(ORIENT(r) for r in range(4))
_DISCARD = tuple(DISCARD(i) for i in range(3))
_SWAP = tuple(SWAP(o + 1) for o in range(MAX_PLAYERS))
_RELOCATE = tuple(RELOCATE(o + 1) for o in range(MAX_PLAYERS))
_REPLACE = tuple(tuple(tuple(REPLACE(slot, u) for u in REACH[t]) for t in range(TILES)) for slot in range(3))
"""Replace actions of hand slot ``slot`` for a player on tile t: ``_REPLACE[slot][t]``."""
_GROW = tuple(GROW(p) for p in range(PLOTS))
_HARVEST = tuple(HARVEST(p) for p in range(PLOTS))
_PLANT = tuple({c: PLANT(p, c) for c in CROPS} for p in range(PLOTS))
_REPLACE_BUILDER = tuple(
    tuple(tuple(REPLACE(slot, u) for u in REACH_BUILDER[t]) for t in range(TILES)) for slot in range(3)
)


def rotate_cost(s: ResourcityState) -> int:
    """Fuel to Rotate a tile (Community Day: 1 less)."""
    return max(0, s.content.costs.rotate - _discount(s))


def replace_cost(s: ResourcityState, seat: int, tile: str) -> int:
    """Fuel to Replace with ``tile``: Green Space 1, road 3 (Builder 2); Community Day 1 less."""
    c = s.content
    if tile == "green":
        base = c.costs.replace_green
    elif s.powers[seat] == "builder":
        base = c.superpowers.builder_road_cost
    else:
        base = c.costs.replace_road
    return max(0, base - _discount(s))


def _discount(s: ResourcityState) -> int:
    return s.content.event("communityday").discount if s.community > 0 else 0


def destinations(s: ResourcityState, seat: int) -> list[int]:
    """Tiles one Move reaches: along connected roads (Cyclist: up to 2 tiles), with room for a token."""
    here = s.pos[seat]
    pos = s.pos
    limit = s.content.turn.max_players_per_tile
    geo, kinds, rots = s.tables.geo, s.grid_kind, s.grid_rot
    if s.powers[seat] != "cyclist":  # one step: moves_from's tiles, in tile order
        masks = geo.exit_masks
        return [
            n
            for n, back in OPEN_SIDES_BY_TILE[here][masks[kinds[here]][rots[here]]]
            if masks[kinds[n]][rots[n]] & back and pos.count(n) < limit
        ]
    seen = {here}
    frontier = [here]
    out: list[int] = []
    for _ in range(s.content.superpowers.cyclist_steps):
        nxt = []
        for t in frontier:
            for n in moves_from(geo, kinds, rots, t):
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
                    if pos.count(n) < limit:
                        out.append(n)
        frontier = nxt
    return sorted(out)


# ----- the table's decisions (carried out in :mod:`.decide`) ------------------------------------------
_START = tuple(START(t) for t in range(TILES))
_YES_NO = (VOTE("yes"), VOTE("no"))


def centres_open(s: ResourcityState) -> list[int]:
    """The Community Centres a token still to be placed may go to (Step 8)."""
    centres = tiles_of(s.grid_kind, "centre")
    limit = s.content.turn.max_players_per_tile
    to_place = s.pos.count(-1)
    must_fill = min(len(centres), s.players)  # every Centre, or one each with fewer players
    filled = sum(1 for c in centres if c in s.pos)
    out = []
    for c in centres:
        n = s.pos.count(c)
        if n >= limit:
            continue
        now = filled + (n == 0)
        if now + (to_place - 1) >= must_fill:
            out.append(c)
    return out


def placing_seats(s: ResourcityState) -> tuple[int, ...]:
    """The players whose token is still in the box (Step 8)."""
    return tuple(i for i, t in enumerate(s.pos) if t < 0)


def proposer(s: ResourcityState) -> int:
    """Who proposes the first player now: player 1, then the next after each rejected proposal."""
    return len(s.proposals)


def table_seats(s: ResourcityState) -> tuple[int, ...]:
    """The seats that act in the table's phases (placing, proposing, voting)."""
    match s.phase:
        case "place":
            return placing_seats(s)
        case "propose":
            return (proposer(s),)
        case "vote":
            return waiting(s.ballot) if s.ballot is not None else ()
    return ()


def table_actions(s: ResourcityState, seat: int) -> list[Action]:
    """The legal actions of a seat in the table's phases."""
    match s.phase:
        case "place":
            return [_START[c] for c in centres_open(s)] if s.pos[seat] < 0 else []
        case "propose":
            return [PROPOSE(o + 1) for o in range(s.players)]
        case "vote":
            return list(_YES_NO)
    return []


def legal_actions(s: ResourcityState, seat: int) -> list[Action]:
    """Every legal action of a seat that may act."""
    match s.phase:
        case "act":
            return act_actions(s, seat)
        case "place" | "propose" | "vote":
            return table_actions(s, seat)
        case "orient":
            kind = s.hands[seat][s.pending[0]]
            return [_ORIENT[r] for r in s.tables.geo.rotations[kind]]
        case "relocate":
            target = s.pending[0]
            limit = s.content.turn.max_players_per_tile
            return [_TO[t] for t in range(TILES) if t != s.pos[target] and s.pos.count(t) < limit]
        case "discard":
            return list(_DISCARD[: len(s.hands[seat])])
        case "compost":
            return [COMPOST(p) for p in compost_targets(s)]
        case "draw" | "over":
            return []


def act_actions(s: ResourcityState, seat: int) -> list[Action]:
    """Every legal action of the player whose turn it is, in the main turn (phase ``act``): End, the
    Exchanges, the Moves, the Teleports, the Rotates, the Replaces, the farming actions Plot by Plot,
    then the Swaps or Relocates (:func:`act_sections` says where each kind ends)."""
    out = [_END]
    pos = s.pos
    here = pos[seat]
    kinds = s.grid_kind
    here_kind = kinds[here]
    on_centre = here_kind == "centre"
    if on_centre:
        baskets = s.baskets[seat]
        if baskets:  # an Exchange for each crop held, in crop order
            for crop in CROPS:
                for h in baskets:
                    if h[0] == crop:
                        out.append(_EXCHANGE[crop])
                        break
    exchanged = len(out)
    actions_left = s.actions_left
    if actions_left < 1:
        _last_act[0] = (out, (exchanged,) * 6)
        return out
    game = s.game
    c, tables = game.content, game.tables
    power = s.powers[seat]
    limit = c.turn.max_players_per_tile
    if power == "cyclist":
        out += [_MOVE[t] for t in destinations(s, seat)]
    else:  # destinations() for one step, inlined
        masks, rots = tables.geo.exit_masks, s.grid_rot
        if len(pos) < limit:  # too few players to fill a tile
            for n, back in OPEN_SIDES_BY_TILE[here][masks[here_kind][rots[here]]]:
                if masks[kinds[n]][rots[n]] & back:
                    out.append(_MOVE[n])
        else:
            for n, back in OPEN_SIDES_BY_TILE[here][masks[here_kind][rots[here]]]:
                if masks[kinds[n]][rots[n]] & back and pos.count(n) < limit:
                    out.append(_MOVE[n])
    moved = len(out)
    if on_centre:  # Teleports: to the other Community Centres with room for a token
        crowd = len(pos) >= limit
        t = -1
        for _ in range(kinds.count("centre")):  # tiles_of(kinds, "centre"), inlined
            t = kinds.index("centre", t + 1)
            if t != here and not (crowd and pos.count(t) >= limit):
                out.append(_TELEPORT[t])
    teleported = rotated = len(out)
    if s.manpower <= 0:  # the Rotates and Replaces the seat can afford within its reach
        fuel = s.avail["fuel"]
        builder = power == "builder"
        discount = _discount(s) if s.community > 0 else 0
        costs = c.costs
        if fuel >= costs.rotate - discount:
            offered = tables.rotations_offered
            for t in (REACH_BUILDER if builder else REACH)[here]:
                out += offered[kinds[t]][t]
        rotated = len(out)
        hand = s.hands[seat]
        if hand:
            green = costs.replace_green - discount
            road = (c.superpowers.builder_road_cost if builder else costs.replace_road) - discount
            replaces = _REPLACE_BUILDER if builder else _REPLACE
            slot = 0
            for kind in hand:
                if fuel >= (green if kind == "green" else road):
                    out += replaces[slot][here]
                slot += 1
    built = len(out)
    farm = s.farm
    near = None
    for p in TILE_CORNER_PLOTS[here]:  # plots_near, inlined
        if farm[p] >= 0:
            if near is None:
                near = [p]
            else:
                near.append(p)
    if near is not None:  # (a Green Space's centre is in a Farm only with its corners)
        if here_kind == "green" and farm[GREEN_PLOT + here] >= 0:
            near.append(GREEN_PLOT + here)
        _add_farming(s, seat, out, near, tables.crops)
    _last_act[0] = (out, (exchanged, moved, teleported, rotated, built, len(out)))
    if power == "planner" and actions_left >= c.superpowers.planner_actions:
        out += [_SWAP[o] for o in range(s.players) if pos[o] != here]
    if power == "policymaker" and actions_left >= c.superpowers.policy_maker_actions:
        out += [_RELOCATE[o] for o in range(s.players)]
    return out


_last_act: list[tuple[list[Action], tuple[int, ...]]] = [([], ())]
"""The latest main-turn list made and where its kinds end: see :func:`act_sections`."""


def act_sections(legal: list[Action]) -> tuple[int, ...] | None:
    """Where the kinds of a main-turn list of legal actions end, when ``legal`` is the latest such
    list made (the very object; None otherwise): six indices, after the Exchanges (which follow End),
    the Moves, the Teleports, the Rotates, the Replaces and the farming actions (Grow, Harvest and
    Plant mixed, Plot by Plot). Swaps and Relocates, if any, come after them.

    Each list is kept with its indices for this one question: a bot asking about the list the rules
    just made (as a game's runner and a search's playouts do) sorts it by kind without reading it."""
    last, sections = _last_act[0]
    return sections if last is legal else None


def _add_farming(
    s: ResourcityState, seat: int, out: list[Action], near: list[int], crops: dict[str, Crop]
) -> None:
    """Append the Plant, Grow and Harvest actions on the Plots ``near`` the seat (``plots_near``)."""
    crop, farmed, supply, tokens = s.crop, s.farmed, s.supply, s.tokens
    plantable: list[tuple[str, bool]] | None = None
    for p in near:
        grown = crop.get(p)
        if grown is not None:
            kind = crops[grown]
            need = kind.tokens - tokens[p]  # needed(), inlined
            if kind.compost and p in s.compost:
                need -= 1
            if need > 0:
                if supply[TOKEN[grown]] >= 1 and p not in farmed:  # grow_block, inlined
                    out.append(_GROW[p])
            else:
                done = farmed.get(p)  # farm_block(seat, p, "harvest") is None, inlined
                if done is None or (done == "grow" and s.powers[seat] == "farmer"):
                    out.append(_HARVEST[p])
        elif p not in farmed:  # farm_block: 1 farming Action per Plot each turn
            if plantable is None:
                plantable = _plantable(s, crops)
            if plantable:
                plants = _PLANT[p]
                for c, near_green in plantable:
                    if not near_green or s.near_green(p):
                        out.append(plants[c])


def _plantable(s: ResourcityState, crops: dict[str, Crop]) -> list[tuple[str, bool]]:
    """The crops the team can Plant now on some Plot (affordable, tokens left), each with whether it
    must go next to a Green Space: what ``plant_block`` checks that does not depend on the Plot."""
    out = []
    supply, avail = s.supply, s.avail
    for c in CROPS:
        crop = crops[c]
        if supply[TOKEN[c]] < 1 or (c == "catchment" and supply["catchment"] < 1):
            continue
        for r, n in crop.cost.items():  # can_afford, inlined
            if avail[r] < n:
                break
        else:
            out.append((c, crop.near_green))
    return out
