"""A player's turn: up to ``builds_per_turn`` build actions, then fetch, convert and send resources
for the role played.

Resource steps move one unit at a time along connected transportation of the right kind (roads carry
Food, Sludge and NPK; grey carries Mixed Waste; green carries Separated Waste), through any number of
hexagons, so legal-action lists stay small. The handlers of the turn's actions are here; ending the
turn (:func:`end_turn`) tells the state which phase comes next.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from loopcity.engine import Action, NoArgs
from loopcity.engine.table import Ballot
from loopcity.engine.text import _

from . import events
from .actions import (
    BUILD,
    CARD,
    CONVERT,
    DUMP_SITE,
    END_TURN,
    GROW,
    HANDLERS,
    LINK,
    LINK_TO,
    MOVE,
    PLAY_EVENT,
    ROLE,
    TREAT,
    Build,
    EventCard,
    Grow,
    Hex,
    Link,
    Move,
    Role,
    Slot,
    Treat,
)
from .board import (
    CONTRACTOR,
    FARMING,
    FOOD,
    HOUSING,
    MIXED,
    NPK,
    RES_INDEX,
    RESOURCES,
    ROLES,
    SEPARATED,
    SLUDGE,
    TRANSPORTS,
    TREATMENT,
    Phase,
    Stage,
    Terrain,
    Transportation,
    board_changed,
    home_hexes,
    home_list,
)
from .transport import join_components, water_hex_for_waste
from .words import money, resource_name, role_name

if TYPE_CHECKING:
    from .rules import ReclaimState

STAGES: dict[Stage, int] = {"role": 0, "build": 1, "fetch": 2, "convert": 3, "send": 4}
PLAYABLE_ROLES = ROLES[:CONTRACTOR]
"""The roles the Independent contractor may play."""
_END_TURN, _CONVERT_ALL = END_TURN(), CONVERT()
"""Actions without arguments that most turn steps offer (made once)."""


# ----- hexagons -----------------------------------------------------------------------------------
_EMPTY = [0, 0, 0]  # a hexagon without Housing blocks (block counts are never negative)


# The hexagon lists of the built board that the legal actions read (homes, plants, Farms, build
# spots, each build's actions) are kept in the state's ``_kept`` from one step to the next, by name,
# and dropped when the board changes: a build, a new Housing block or an urbanized hexagon, the Dump
# chosen (``board.board_changed``). Resources, coins and the stage of the turn are read anew at every
# step. Those who read a kept list never change it. The homes (``board.home_list``) are read by the
# joint decisions' Food import too.
def plant_list(st: ReclaimState) -> list[int]:
    """The hexagons with Treatment plants, in order (kept until the board changes)."""
    kept = st._kept
    found: list[int] | None = kept.get("plants")
    if found is None:
        found = kept["plants"] = sorted({p[0] for p in st.plants})
    return found


def farm_list(st: ReclaimState) -> list[int]:
    """The hexagons with Farms, in order (kept until the board changes)."""
    kept = st._kept
    found: list[int] | None = kept.get("farms")
    if found is None:
        found = kept["farms"] = [h for h, lv in enumerate(st.farm_level) if lv]
    return found


# ----- legal actions ------------------------------------------------------------------------------
# The lists are in the order the rules below name them: a random player's choice depends on it.
# A turn's list is made at nearly every step of every playout, so these functions read the tables
# once (``st.game.tables``, the map's terrain tables once per list) and inline their small helpers.
def legal(st: ReclaimState) -> list[Action]:
    """The legal actions of the seat whose turn it is."""
    b = st.game.tables
    if st.pending_pile is not None:
        return list(b.card_slots[len(st.face_up[st.pending_pile])])
    pending = st.pending_link
    if pending is not None:
        ends = b.link_to
        return [ends[h] for h in link_ends(st, pending[0], pending[1])]
    stage = st.stage
    if stage == "role":
        return [ROLE(role) for role in PLAYABLE_ROLES]
    terrain = b.terrain_tables(st.terrain)
    acts: list[Action] = build_actions(st, terrain) if stage == "build" and st.builds_left > 0 else []
    seat = st.roles.index(st.turn_role)
    hand = st.hands[seat]
    if hand:
        acts += [PLAY_EVENT(i) for i in range(len(hand)) if events.playable(st, seat, i)]
    role = st.play_as
    if role == HOUSING:
        homes = home_list(st)
        housing_actions(st, terrain, acts, homes)
        if STAGES[stage] >= _SEND or not unconverted(st, homes):
            acts.append(_END_TURN)
        return acts
    if role == TREATMENT:
        treatment_actions(st, terrain, acts)
    else:
        farming_actions(st, terrain, acts)
    acts.append(_END_TURN)
    return acts


def build_actions(st: ReclaimState, terrain: Terrain | None = None) -> list[Action]:
    """Builds and transport the role may afford now (``terrain``: the map's terrain tables, when
    known). Builds that share their spots (house0to1 and house0to2, ...) find them once."""
    b = st.game.tables
    if terrain is None:
        terrain = b.terrain_tables(st.terrain)
    role = st.turn_role
    coins = st.coins[st.roles.index(role)]
    prices = b.prices[role == CONTRACTOR]
    builds = b.builds
    acts: list[Action] = []
    kept = st._kept
    made: dict[str, list[Action]] | None = kept.get("builds")  # each build's actions, by item
    if made is None:
        made = kept["builds"] = {}
    for item in b.role_builds[role]:
        if prices[item] > coins:
            continue
        found = made.get(item)
        if found is None:
            spots = _SPOTS[item]  # the builds that share their spots find them once
            hexes: list[int] | None = kept.get(spots)
            if hexes is None:
                hexes = kept[spots] = _build_spots(st, terrain, spots)
            table = builds[item]
            found = made[item] = [table[h] for h in hexes]
        acts += found
    starts = None
    for t in TRANSPORTS:
        if prices[t] <= coins:
            if starts is None:
                starts = _link_starts(st, terrain)
            acts += starts[t]
    return acts


_SPOTS = {
    "house0to1": "house0",
    "house0to2": "house0",
    "house1to2": "house1",
    "plant1": "plant_spots",
    "plant2": "plant_spots",
    "plant1to2": "plant1",
    "remove0": "plant0",
    "farm1": "farm_spots",
    "farm2": "farm_spots",
    "farm1to2": "farm1",
}
"""The hexagon list each build is made on, by the name it is kept under."""


def _build_spots(st: ReclaimState, terrain: Terrain, spots: str) -> list[int]:
    """The hexagons of one of the ``_SPOTS`` lists (``terrain``: the map's terrain tables)."""
    if spots == "house0":
        return [h for h, bl in enumerate(st.blocks) if bl[0]]
    if spots == "house1":
        return [h for h, bl in enumerate(st.blocks) if bl[1]]
    if spots == "plant_spots":
        plants = [0] * st.game.tables.n
        for p in st.plants:
            plants[p[0]] += 1
        limit = st.game.content.rules.max_plants_per_hex
        dump = st.dump
        return [h for h in terrain.urban if h != dump and plants[h] < limit]
    if spots == "plant1":
        return sorted({p[0] for p in st.plants if p[1] == 1})
    if spots == "plant0":
        return sorted({p[0] for p in st.plants if p[1] == 0})
    if spots == "farm_spots":
        farm, dump = st.farm_level, st.dump
        return [h for h in terrain.rural if h != dump and not farm[h]]
    return [h for h, lv in enumerate(st.farm_level) if lv == 1]  # farm1


def _link_starts(st: ReclaimState, tables: Terrain) -> dict[str, tuple[Action, ...]]:
    """For each kind, ``link`` actions from every hexagon with a free edge that has no such link yet:
    those of the links last asked for when they are the same (compared as lists of the same tuples,
    which costs less than hashing them), or those links and one more; otherwise cached by the links
    built."""
    links = st.links
    last = tables.last_links[0]
    if last is not None:
        seen, found = last
        if links == seen:
            return found[0]
        n = len(seen)
        if len(links) == n + 1 and links[:n] == seen:
            found = _open_starts(tables, tuple(links), found)
            tables.last_links[0] = (links[:], found)
            return found[0]
    key = tuple(links)
    cache = tables.links_cache
    hit = cache.get(key)
    if hit is None:
        if len(cache) >= _CACHE_SIZE:
            cache.clear()
        hit = cache[key] = _open_starts(tables, key, cache.get(key[:-1]) if key else None)
    tables.last_links[0] = (links[:], hit)
    return hit[0]


_CACHE_SIZE = 4096
OpenStarts = tuple[dict[str, tuple[Action, ...]], dict[tuple[str, int], int], frozenset[tuple[str, int]]]
"""The open link starts of a set of links, with the count of links of each kind at each start and the
starts that are full (``(kind, hex)``)."""


def _open_starts(tables: Terrain, links: tuple[Transportation, ...], before: OpenStarts | None) -> OpenStarts:
    """The open starts of ``links``; ``before``: those of the same links less the last one, when known
    (a step that builds transportation adds one link: only its two ends are counted again)."""
    free = tables.free_edges
    degree = tables.free_degree
    if before is not None and links[-1] not in links[:-1]:
        a, c, kind = links[-1]
        if (a, c) not in free:
            return before
        count = dict(before[1])
        na = count[kind, a] = count.get((kind, a), 0) + 1
        nc = count[kind, c] = count.get((kind, c), 0) + 1
        full = before[2]
        if na >= degree[a] or nc >= degree[c]:
            full = full | {k for k in ((kind, a), (kind, c)) if count[k] >= degree[k[1]]}
        else:
            return before[0], count, full
    else:
        count = {}
        for a, c, kind in set(links):
            if (a, c) in free:
                count[kind, a] = count.get((kind, a), 0) + 1
                count[kind, c] = count.get((kind, c), 0) + 1
        full = frozenset([key for key, k in count.items() if k >= degree[key[1]]])
    starts = tables.link_starts
    if not full:
        return starts, count, full
    hit = tables.starts_cache.get(full)  # many sets of links leave the same starts full
    if hit is None:
        if len(tables.starts_cache) >= _CACHE_SIZE:
            tables.starts_cache.clear()
        hexes = tables.start_hexes
        hit = tables.starts_cache[full] = {
            t: tuple([a for h, a in zip(hexes, row, strict=True) if (t, h) not in full])
            for t, row in starts.items()
        }
    return hit, count, full


def link_ends(st: ReclaimState, t: str, h: int) -> list[int]:
    """The hexagons a new link of kind ``t`` from ``h`` may go to (in order)."""
    b = st.game.tables
    ok = b.terrain_tables(st.terrain).buildable
    if not ok[h]:
        return []
    links = st.links  # each read as ``(low, high, kind)``
    return [nb for nb in b.neighbours[h] if ok[nb] and ((h, nb, t) if h < nb else (nb, h, t)) not in links]


def unconverted(st: ReclaimState, homes: Sequence[int] | None = None) -> bool:
    """Whether some Housing block that has not converted this round has Food on its hexagon
    (``homes``: the hexagons with Housing blocks, when known: only they can)."""
    if homes is not None:
        blocks, res, converted = st.blocks, st.res, st.converted
        for h in homes:
            bl = blocks[h]
            if res[h][FOOD] > 0 and bl[0] + bl[1] + bl[2] > converted[h]:
                return True
        return False
    for bl, r, done in zip(st.blocks, st.res, st.converted, strict=True):
        if r[FOOD] > 0 and bl[0] + bl[1] + bl[2] > done:
            return True
    return False


def _moves(
    st: ReclaimState,
    acts: list[Action],
    resources: tuple[int, ...],
    sources: Sequence[int],
    targets: Sequence[int],
) -> None:
    """Add to ``acts`` the moves of each of ``resources`` in turn from a source holding it to a target
    with room, along connected transportation of its kind: for each target in order, each source in
    order."""
    res = st.res
    b = st.game.tables
    limit, terrain = b.limit, st.terrain
    add = acts.append
    if not targets:
        return
    for resource in resources:
        have = [src for src in sources if res[src][resource] > 0]
        if not have:
            continue
        comp = st.comp[b.carrier[resource]]
        table = b.moves[resource]
        dump = st.dump if resource == SLUDGE else -1
        for dst in targets:
            if dst != dump and (terrain[dst] == "water" or res[dst][resource] >= limit):
                continue
            cd = comp[dst]
            for src in have:  # a loop, not a list per target: the same actions in the same order
                if comp[src] == cd and src != dst:
                    add(table[src][dst])


_MIXED_SEPARATED, _NPK_SLUDGE = (MIXED, SEPARATED), (NPK, SLUDGE)


_FETCH, _CONVERT, _SEND = STAGES["fetch"], STAGES["convert"], STAGES["send"]


def housing_actions(
    st: ReclaimState,
    terrain: Terrain | None = None,
    acts: list[Action] | None = None,
    homes: list[int] | None = None,
) -> list[Action]:
    """Fetch Food into housing, convert every block, then send Waste to Treatment plants
    (``terrain``: the map's terrain tables, ``homes``: the hexagons with Housing blocks, when known;
    added to ``acts`` when given)."""
    if acts is None:
        acts = []
    if homes is None:
        homes = home_hexes(st)
    if STAGES[st.stage] <= _FETCH:
        if terrain is None:
            terrain = st.game.tables.terrain_tables(st.terrain)
        _moves(st, acts, (FOOD,), terrain.land, homes)
        acts.append(_CONVERT_ALL)
        return acts
    _moves(st, acts, _MIXED_SEPARATED, homes, plant_list(st))
    return acts


def treatment_actions(
    st: ReclaimState, terrain: Terrain | None = None, acts: list[Action] | None = None
) -> list[Action]:
    """Fetch Waste to plants, treat it, send Sludge and NPK to the Dump or Farms (``terrain``: the
    map's terrain tables, when known; added to ``acts`` when given)."""
    b = st.game.tables
    if terrain is None:
        terrain = b.terrain_tables(st.terrain)
    if acts is None:
        acts = []
    plants = plant_list(st)
    stage = STAGES[st.stage]
    if stage <= _FETCH:
        _moves(st, acts, _MIXED_SEPARATED, terrain.land, plants)
    if stage <= _CONVERT:
        res, treat = st.res, b.treat
        for h in plants:
            r = res[h]
            if r[MIXED] and treating_plant(st, h, MIXED) is not None:
                acts.append(treat[MIXED][h])
            if r[SEPARATED] and treating_plant(st, h, SEPARATED) is not None:
                acts.append(treat[SEPARATED][h])
    dump = st.dump
    res = st.res
    sludge = npk = False  # most plants hold neither: no moves to look for
    for h in plants:
        r = res[h]
        if r[SLUDGE]:
            sludge = True
        if r[NPK]:
            npk = True
    if sludge or npk:
        farms = farm_list(st)
        if sludge:
            refused = st.sludge_refused
            to_farms = [f for f in farms if f not in refused] if refused else farms
            _moves(st, acts, (SLUDGE,), plants, to_farms + [dump] if dump >= 0 else to_farms)
        if npk:
            _moves(st, acts, (NPK,), plants, farms)
    if dump < 0:
        rejected, sites = st.dump_rejected, b.dump_sites
        kept = st._kept
        candidates = kept.get("dump_candidates")
        if candidates is None:
            candidates = kept["dump_candidates"] = dump_candidates(st, terrain, plants)
        acts += [sites[h] for h in candidates if h not in rejected]
    return acts


def farming_actions(
    st: ReclaimState, terrain: Terrain | None = None, acts: list[Action] | None = None
) -> list[Action]:
    """Fetch NPK and Sludge to Farms, grow Food, send Food to the Urban hexagons (``terrain``: the
    map's terrain tables, when known; added to ``acts`` when given)."""
    b = st.game.tables
    if terrain is None:
        terrain = b.terrain_tables(st.terrain)
    if acts is None:
        acts = []
    farm_level = st.farm_level
    farms = farm_list(st)
    stage = STAGES[st.stage]
    if stage <= _FETCH:
        kept = st._kept
        sources = kept.get("farm_sources")
        if sources is None:  # plant_hexes, unsorted: sorted here
            sources = kept["farm_sources"] = sorted({*[p[0] for p in st.plants], *terrain.rural})
        _moves(st, acts, _NPK_SLUDGE, sources, farms)
    if stage <= _CONVERT:
        res, limit = st.res, b.limit
        capacity, extra, used = b.farm_capacity, st.mods["farm_capacity"], st.farm_used
        grow = b.grow
        for h in farms:
            r = res[h]
            if r[FOOD] < limit:
                cap = capacity[farm_level[h]] + extra  # farm_spare, inlined
                if (cap if cap > 0 else 0) - used[h] > 0:
                    if r[NPK]:
                        acts.append(grow[NPK][h])
                    if r[SLUDGE]:
                        acts.append(grow[SLUDGE][h])
    res = st.res
    for h in farms:  # Food to send from some Farm (most hold none)
        if res[h][FOOD]:
            _moves(st, acts, (FOOD,), farms, terrain.urban)
            break
    return acts


def dump_candidates(
    st: ReclaimState, terrain: Terrain | None = None, plants: Sequence[int] | None = None
) -> list[int]:
    """Hexagons that may become the Dump: Urban or Rural with nothing built on them (``terrain``,
    ``plants``: the map's terrain tables and the plants' hexagons, when known)."""
    if plants is None:
        plants = sorted({p[0] for p in st.plants})
    if terrain is None:
        terrain = st.game.tables.terrain_tables(st.terrain)
    blocks, farm = st.blocks, st.farm_level
    return [h for h in terrain.buildable_hexes if not farm[h] and h not in plants and blocks[h] == _EMPTY]


def treating_plant(st: ReclaimState, h: int, waste: int) -> int | None:
    """Index of the plant on ``h`` that treats ``waste`` now: spare capacity and room for its output."""
    b = st.game.tables
    extra = st.mods["plant_capacity"]
    held = st.res[h]
    best, best_level = None, -1
    for i, (ph, level, used) in enumerate(st.plants):
        if ph != h or waste not in b.plant_takes[level]:
            continue
        if used >= max(0, b.plant_capacity[level] + extra):
            continue
        if held[b.plant_makes[level]] >= b.plant_room[level]:
            continue
        if level > best_level:
            best, best_level = i, level
    return best


def farm_spare(st: ReclaimState, h: int) -> int:
    """Conversions the Farm on ``h`` may still make this round."""
    cap = st.game.tables.farm_capacity[st.farm_level[h]] + st.mods["farm_capacity"]
    return max(0, cap) - st.farm_used[h]


# ----- applying -----------------------------------------------------------------------------------
@HANDLERS.on(CARD)
def choose_card(st: ReclaimState, seat: int, a: Slot) -> None:
    """Take the chosen face-up Infrastructure card of the build's pile."""
    take_card(st, seat, a.slot)


@HANDLERS.on(ROLE)
def choose_role(st: ReclaimState, seat: int, a: Role) -> None:
    """The Independent contractor chooses the role to play this round."""
    st.play_as = ROLES.index(a.play)
    st.stage = "build"


def _pay(st: ReclaimState, seat: int, item: str) -> None:
    st.coins[seat] -= st.game.tables.prices[st.turn_role == CONTRACTOR][item]
    st.builds_left -= 1


_UPGRADES = {"house0to1": (0, 1), "house1to2": (1, 2), "house0to2": (0, 2)}
"""The Housing block levels each Housing upgrade goes from and to."""
_NEW_LEVEL = {"plant1": 1, "plant2": 2, "farm1": 1, "farm2": 2}
"""The level of the Treatment plant or Farm each build makes."""


@HANDLERS.on(BUILD)
def build(st: ReclaimState, seat: int, a: Build) -> None:
    """Pay for and carry out one build action, then offer its Infrastructure card."""
    item, h = a.item, a.hex
    _pay(st, seat, item)
    board_changed(st)
    if item in _UPGRADES:
        frm, to = _UPGRADES[item]
        st.blocks[h][frm] -= 1
        st.blocks[h][to] += 1
    elif item in ("plant1", "plant2"):
        st.plants.append([h, _NEW_LEVEL[item], 0])
    elif item == "plant1to2":
        i = next(i for i, p in enumerate(st.plants) if p[0] == h and p[1] == 1)
        st.plants[i][1] = 2
    elif item == "remove0":
        i = next(i for i, p in enumerate(st.plants) if p[0] == h and p[1] == 0)
        del st.plants[i]
    elif item in ("farm1", "farm2"):
        st.farm_level[h] = _NEW_LEVEL[item]
    else:
        st.farm_level[h] = 2
    offer_card(st, seat, st.game.tables.build_pile[item])


@HANDLERS.on(LINK)
def start_link(st: ReclaimState, seat: int, a: Link) -> None:
    """Choose the kind of transportation and the hexagon it starts from (nothing paid yet)."""
    st.pending_link = (a.transport, a.hex)


@HANDLERS.on(LINK_TO)
def finish_link(st: ReclaimState, seat: int, a: Hex) -> None:
    """Pay for and build the transportation to the chosen neighbour, then take its card."""
    assert st.pending_link is not None
    t, h = st.pending_link
    st.pending_link = None
    lo, hi = min(h, a.hex), max(h, a.hex)
    _pay(st, seat, t)
    st.links.append((lo, hi, t))
    join_components(st, t, lo, hi)
    offer_card(st, seat, t)


def offer_card(st: ReclaimState, seat: int, pile: str) -> None:
    """Give the build's Infrastructure card: a choice among face-up cards, if more than one."""
    shown = st.face_up[pile]
    if len(shown) == 1:
        take_card(st, seat, 0, pile)
    elif shown:
        st.pending_pile = pile


def take_card(st: ReclaimState, seat: int, slot: int, pile: str | None = None) -> None:
    """Take a face-up card into the seat's cards and turn up the next one of the pile."""
    pile = pile or st.pending_pile
    assert pile is not None
    card = st.face_up[pile].pop(slot)
    st.owned[seat].append((pile, card))
    if st.deck[pile]:
        st.face_up[pile].append(st.deck[pile].pop())
    st.pending_pile = None


@HANDLERS.on(MOVE)
def move(st: ReclaimState, seat: int, a: Move) -> None:
    """Move one resource; fetching or sending moves the turn on to that stage. Sludge the Treatment
    role sends to a Farm goes only with the Farming role's consent ("this must be determined in
    consultation with the Farming role"): the first unit to a Farm in a turn is offered to the
    Farming player, whose answer holds for that Farm for the rest of the turn."""
    r, src, dst = RES_INDEX[a.resource], a.source, a.to
    if r == SLUDGE and st.play_as == TREATMENT and st.farm_level[dst] and dst not in st.sludge_ok:
        farmer = st.seat_of_role(FARMING)
        if farmer != seat:
            st.offer("sludge", {"source": src, "to": dst}, seat, farmer)
            return
    carry(st, r, src, dst)


def sludge_answered(st: ReclaimState, ballot: Ballot, carried: bool) -> None:
    """The Farming player's answer to Sludge for a Farm: the unit moves and the Farm takes Sludge for
    the rest of the turn, or it stays and that Farm is not offered Sludge again this turn."""
    src, dst = ballot["data"]["source"], ballot["data"]["to"]
    if carried:
        st.sludge_ok.append(dst)
        st.note(
            lambda: _("The Farming player accepts Sludge on the Farm on hex {hex} this turn.").format(
                hex=dst
            ),
            kind="decision",
        )
        carry(st, SLUDGE, src, dst)
    else:
        st.sludge_refused.append(dst)
        st.note(
            lambda: _("The Farming player declines Sludge on the Farm on hex {hex}.").format(hex=dst),
            kind="decision",
        )


def carry(st: ReclaimState, r: int, src: int, dst: int) -> None:
    """Move one unit of resource ``r`` from ``src`` to ``dst``; the turn moves on to fetching or
    sending."""
    st.res[src][r] -= 1
    st.res[dst][r] += 1
    role = st.play_as
    sends = (
        (role == HOUSING and r != FOOD)
        or (role == TREATMENT and r in (SLUDGE, NPK))
        or (role == FARMING and r == FOOD)
    )
    stage: Stage = "send" if sends else "fetch"
    if STAGES[stage] > STAGES[st.stage]:
        st.stage = stage


@HANDLERS.on(CONVERT)
def convert(st: ReclaimState, seat: int, a: NoArgs) -> None:
    """Each Housing block not yet converted this round turns 1 Food into 1 Waste of its level
    (higher levels first when Food is short)."""
    limit = st.game.content.rules.max_resource_per_hex
    makes = st.game.tables.housing_makes
    blocks, res, converted = st.blocks, st.res, st.converted
    for h in home_list(st):  # in order: no other hexagon has a block to convert
        r = res[h]
        if not r[FOOD]:
            continue
        bl = blocks[h]
        order = [2] * bl[2] + [1] * bl[1] + [0] * bl[0]
        for level in order[converted[h] :]:
            if r[FOOD] == 0:
                break
            r[FOOD] -= 1
            converted[h] += 1
            waste = makes[level]
            if r[waste] < limit:
                r[waste] += 1
            else:
                spill(st, h, waste)
    st.stage = "send"


def spill(st: ReclaimState, h: int, waste: int) -> None:
    """A unit of Waste with no room runs into the nearest Water hexagon that is not full."""
    w = water_hex_for_waste(st, h)
    if w >= 0:
        st.res[w][waste] += 1
        st.note(
            lambda: _("Hex {hex} has no room for more {waste}: 1 unit runs into Water hex {water}.").format(
                hex=h, waste=resource_name(RESOURCES[waste]), water=w
            ),
            kind="event",
        )


@HANDLERS.on(TREAT)
def treat(st: ReclaimState, seat: int, a: Treat) -> None:
    """One unit of Waste at a plant: level 0 rolls the conversion die, levels 1-2 always convert."""
    h, waste = a.hex, RES_INDEX[a.waste]
    i = treating_plant(st, h, waste)
    assert i is not None
    level = st.plants[i][1]
    st.plants[i][2] += 1
    st.stage = "convert"
    st.res[h][waste] -= 1
    if level == 0:
        if (
            st.throw(
                st.game.tables.conversion_faces,
                lambda: _("the conversion die at the level 0 plant on hex {hex}").format(hex=h),
            )
            == "warning"
        ):
            w = water_hex_for_waste(st, h)
            st.show(("conversion", st.round, h, 0, w))
            if w < 0:
                st.res[h][waste] += 1
                st.note(
                    lambda: _(
                        "The conversion die shows a warning at the plant on hex {hex}, and no Water hexagon has room: the Waste stays."
                    ).format(hex=h),
                    kind="event",
                )
            else:
                st.res[w][waste] += 1
                st.note(
                    lambda: _(
                        "The conversion die shows a warning at the plant on hex {hex}: the Waste pollutes Water hex {water}."
                    ).format(hex=h, water=w),
                    kind="event",
                )
            return
        st.show(("conversion", st.round, h, 1, -1))
    st.res[h][st.game.tables.plant_makes[level]] += 1


@HANDLERS.on(GROW)
def grow(st: ReclaimState, seat: int, a: Grow) -> None:
    """The Farm on the hexagon turns one NPK into Food, or tries Sludge with the disease die."""
    h, r = a.hex, RES_INDEX[a.input]
    st.farm_used[h] += 1
    st.stage = "convert"
    st.res[h][r] -= 1
    if r == SLUDGE:
        if (
            st.throw(
                st.game.tables.disease_faces,
                lambda: _("the disease die for Sludge on the Farm on hex {hex}").format(hex=h),
            )
            == "disease"
        ):
            st.disease[h] += 1
            st.show(("sludge", st.round, h, 0))
            st.note(
                lambda: _(
                    "The disease die shows Disease: the Sludge on the Farm on hex {hex} becomes 1 Disease."
                ).format(hex=h),
                kind="event",
            )
            return
        st.show(("sludge", st.round, h, 1))
    st.res[h][FOOD] += 1


@HANDLERS.on(DUMP_SITE)
def propose_dump(st: ReclaimState, seat: int, a: Hex) -> None:
    """ "One hexagon may be selected by the players to be a Dump": the player playing Treatment
    proposes it and the table votes (a majority of all players; a tie rejects it)."""
    st.ask("dump_site", {"hex": a.hex}, seat, tie="rejected")


def dump_decided(st: ReclaimState, ballot: Ballot, carried: bool) -> None:
    """The hexagon becomes the Dump, or is not proposed again this round."""
    h = ballot["data"]["hex"]
    if carried:
        st.dump = h
        board_changed(st)
        st.note(
            lambda: _("The table decides: hex {hex} becomes the Dump for Sludge.").format(hex=h),
            kind="decision",
        )
    else:
        st.dump_rejected.append(h)
        st.note(lambda: _("The table rejects hex {hex} as the Dump.").format(hex=h), kind="decision")


@HANDLERS.on(PLAY_EVENT)
def play_event(st: ReclaimState, seat: int, a: EventCard) -> None:
    """Play a kept positive Event card."""
    events.play(st, seat, a.card)


def end_turn(st: ReclaimState) -> Phase:
    """End the turn and say what comes next: the next role's turn, or, after the Contractor, the
    joint Political decisions."""
    if st.turn_role == CONTRACTOR:
        return "politics"
    start_turn(st, st.turn_role + 1)
    return "turn"


def start_turn(st: ReclaimState, role: int) -> None:
    """Hand the turn to the player of ``role``."""
    st.turn_role = role
    st.play_as = role
    st.stage = "role" if role == CONTRACTOR else "build"
    st.builds_left = st.game.content.rules.builds_per_turn
    st.pending_pile = None
    st.pending_link = None
    st.sludge_ok = []
    st.sludge_refused = []


def explain(st: ReclaimState, a: Action) -> str | None:
    """Why a turn action is refused, in the rulebook's words, with the cost when coins are short."""
    if st.pending_pile is not None:
        return _("first choose the Infrastructure card for your build")
    if st.pending_link is not None:
        return _("first choose the neighbouring hexagon the transportation goes to")
    if a.kind == BUILD.name or a.kind == LINK.name:
        return _explain_build(st, a)
    if a.kind == END_TURN.name and st.play_as == HOUSING:
        return _("the Housing role must first convert Food to Waste in each Housing block")
    if a.kind == MOVE.name:
        return _("resources move only along connected transportation of their kind, into a hexagon with room")
    if a.kind == DUMP_SITE.name and st.dump >= 0:
        return _("hex {hex} is the Dump already").format(hex=st.dump)
    return None


def _explain_build(st: ReclaimState, a: Action) -> str | None:
    if st.stage != "build":
        return _("build actions come first in a turn, before fetching, converting and sending")
    if st.builds_left <= 0:
        return _("each player can make up to {n} build actions per turn").format(
            n=st.game.content.rules.builds_per_turn
        )
    item = BUILD.read(a).item if a.kind == BUILD.name else LINK.read(a).transport
    price = st.game.tables.prices[st.turn_role == CONTRACTOR][item]
    coins = st.coins[st.seat_of_role(st.turn_role)]
    if price > coins:
        return _("you cannot pay for it: it costs {price}; you have {coins}").format(
            price=money(price), coins=money(coins)
        )
    role = st.game.tables.build_role.get(item)
    if role is not None and st.turn_role != CONTRACTOR and role != st.turn_role:
        return _("only the {role} role (or the Independent contractor) may do that").format(
            role=role_name(ROLES[role])
        )
    return _("that cannot be built there")
