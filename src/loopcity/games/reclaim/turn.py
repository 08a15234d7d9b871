"""A player's turn: up to 3 build actions, then fetch, convert and send resources for the role played.

Resource steps move one unit at a time along connected transportation of the right kind (roads carry
Food, Sludge and NPK; grey carries Mixed Waste; green carries Separated Waste), through any number of
hexagons, so legal-action lists stay small.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from loopcity.engine import Action

from . import events
from .board import (
    CONTRACTOR,
    FARMING,
    FOOD,
    HOUSING,
    MIXED,
    NPK,
    RES_INDEX,
    ROLES,
    SEPARATED,
    SLUDGE,
    TRANSPORTS,
    TREATMENT,
    Terrain,
)

if TYPE_CHECKING:
    from .rules import ReclaimState

STAGES = {"role": 0, "build": 1, "fetch": 2, "convert": 3, "send": 4}
BUILDABLE = ("urban", "rural")


# ----- transport ----------------------------------------------------------------------------------
def recompute_components(st: ReclaimState) -> None:
    """Label each hexagon with its connected component for every kind of transport."""
    st.comp = components(st.board.n, st.links)


def components(n: int, links: list[tuple[int, int, str]]) -> dict[str, list[int]]:
    """For each kind of transport, each hexagon's component label (the root of its union-find set,
    joining the links in order)."""
    comp = {}
    for t in TRANSPORTS:
        parent = list(range(n))

        def find(x: int, parent: list[int] = parent) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for a, b, kind in links:
            if kind == t:
                parent[find(a)] = find(b)
        comp[t] = [find(h) for h in range(n)]
    return comp


def join_components(st: ReclaimState, t: str, a: int, c: int) -> None:
    """Relabel the components of ``t`` after a new link ``(a, c, t)`` at the end of the links, exactly
    as :func:`recompute_components` would: ``a``'s component takes the label of ``c``'s."""
    comp = st.comp[t]
    old, new = comp[a], comp[c]
    if old != new:
        st.comp[t] = [new if x == old else x for x in comp]


def connected(st: ReclaimState, resource: int, a: int, b: int) -> bool:
    """Whether one unit of ``resource`` can travel from hex ``a`` to hex ``b``."""
    comp = st.comp[st.board.carrier[resource]]
    return comp[a] == comp[b]


def room(st: ReclaimState, hex_: int, resource: int) -> bool:
    """Whether ``hex_`` may hold one more ``resource`` (4 of a type; the Dump takes any Sludge)."""
    if resource == SLUDGE and hex_ == st.dump:
        return True
    if st.terrain[hex_] == "water":
        return False
    return st.res[hex_][resource] < st.board.limit


def water_has_room(st: ReclaimState) -> bool:
    """Whether some Water hexagon can still take a unit of Waste (``water_hex_for_waste`` finds one)."""
    b = st.board
    limit, res = b.limit, st.res
    for h in b.terrain_tables(st.terrain).water:
        if res[h][MIXED] + res[h][SEPARATED] < limit:
            return True
    return False


def water_hex_for_waste(st: ReclaimState, near: int) -> int:
    """The Water hexagon a unit of Waste runs into: the nearest one that is not full (-1: none)."""
    limit = st.board.limit
    best, best_key = -1, (0, 0)
    for h, terrain in enumerate(st.terrain):
        if terrain == "water" and st.res[h][MIXED] + st.res[h][SEPARATED] < limit:
            key = (st.board.distance(near, h), h)
            if best < 0 or key < best_key:
                best, best_key = h, key
    return best


def plant_hexes(st: ReclaimState) -> list[int]:
    return sorted({p[0] for p in st.plants})


def farm_hexes(st: ReclaimState) -> list[int]:
    return [h for h, lv in enumerate(st.farm_level) if lv]


_EMPTY = [0, 0, 0]  # a hexagon without Housing blocks (block counts are never negative)


def home_hexes(st: ReclaimState) -> list[int]:
    """Hexagons with Housing blocks."""
    return [h for h, bl in enumerate(st.blocks) if bl != _EMPTY]


# ----- legal actions ------------------------------------------------------------------------------
# The lists are built from the board's shared Action tables (``board.acts``), in the same order as
# the rules below name them: a random player's choice depends on that order.
def legal(st: ReclaimState) -> list[Action]:
    """The legal actions of the seat whose turn it is."""
    acts_of = st.board.acts
    if st.pending_pile is not None:
        return list(acts_of.card[: len(st.face_up[st.pending_pile])])
    if st.pending_link is not None:
        to = acts_of.link_to
        return [to[h] for h in link_ends(st, *st.pending_link)]
    stage = st.stage
    if stage == "role":
        return list(acts_of.role)
    acts: list[Action] = build_actions(st) if stage == "build" and st.builds_left > 0 else []
    seat = st.roles.index(st.turn_role)
    hand = st.hands[seat]
    if hand:
        play = acts_of.play_event
        acts += [play[i] for i in range(len(hand)) if events.playable(st, seat, i)]
    role = st.play_as
    if role == HOUSING:
        acts += housing_actions(st)
    elif role == TREATMENT:
        acts += treatment_actions(st)
    else:
        acts += farming_actions(st)
    if role != HOUSING or STAGES[stage] >= _SEND or not unconverted(st):
        acts.append(acts_of.end_turn)
    return acts


def build_actions(st: ReclaimState) -> list[Action]:
    """Builds and transport the role may afford now."""
    b = st.board
    role = st.turn_role
    coins = st.coins[st.roles.index(role)]
    prices = b.prices[role == CONTRACTOR]
    acts: list[Action] = []
    spots: dict[str, list[int]] = {}  # builds that share their spots (house0to1 and house0to2, ...)
    for item in b.role_builds[role]:
        if prices[item] <= coins:
            where = _SAME_SPOTS.get(item, item)
            hexes = spots.get(where)
            if hexes is None:
                hexes = spots[where] = _spots(st, item)
            table = b.acts.build[item]
            acts += [table[h] for h in hexes]
    starts = None
    for t in TRANSPORTS:
        if prices[t] <= coins:
            starts = starts or _link_starts(st, b.terrain_tables(st.terrain))
            acts += starts[t]
    return acts


def _link_starts(st: ReclaimState, tables: Terrain) -> dict[str, tuple[Action, ...]]:
    """For each kind, ``link`` actions from every hexagon with a free edge that has no such link yet
    (cached by the links built)."""
    key = tuple(st.links)
    hit = tables.starts_cache.get(key)
    if hit is None:
        if len(tables.starts_cache) >= _CACHE_SIZE:
            tables.starts_cache.clear()
        hit = tables.starts_cache[key] = _open_starts(tables, key)
    return hit


_CACHE_SIZE = 4096


def _open_starts(tables: Terrain, links: tuple[tuple[int, int, str], ...]) -> dict[str, tuple[Action, ...]]:
    free = tables.free_edges
    count: dict[tuple[str, int], int] = {}
    for a, c, kind in set(links):
        if (a, c) in free:
            count[kind, a] = count.get((kind, a), 0) + 1
            count[kind, c] = count.get((kind, c), 0) + 1
    degree = tables.free_degree
    full = {key for key, k in count.items() if k >= degree[key[1]]}
    starts = tables.link_starts
    if not full:
        return starts
    return {t: tuple([a for a in row if (t, a.args[1]) not in full]) for t, row in starts.items()}


def open_links(st: ReclaimState, t: str) -> list[tuple[int, int]]:
    """Neighbouring pairs that may still get transportation of kind ``t``."""
    links = set(st.links)
    ok = [x in BUILDABLE for x in st.terrain]
    return [(a, c) for a, c in st.board.edges if ok[a] and ok[c] and (a, c, t) not in links]


def link_ends(st: ReclaimState, t: str, h: int) -> list[int]:
    """The hexagons a new link of kind ``t`` from ``h`` may go to (in order)."""
    b = st.board
    ok = b.terrain_tables(st.terrain).buildable
    if not ok[h]:
        return []
    links = st.links
    return [nb for nb in b.neighbours[h] if ok[nb] and ((h, nb, t) if h < nb else (nb, h, t)) not in links]


_SAME_SPOTS = {"house0to2": "house0to1", "plant2": "plant1", "farm2": "farm1"}


def _spots(st: ReclaimState, item: str) -> list[int]:
    """The hexagons where ``item`` may be built now."""
    if item in ("house0to1", "house0to2"):
        return [h for h, bl in enumerate(st.blocks) if bl[0]]
    if item == "house1to2":
        return [h for h, bl in enumerate(st.blocks) if bl[1]]
    if item in ("plant1", "plant2"):
        b = st.board
        plants = [0] * b.n
        for p in st.plants:
            plants[p[0]] += 1
        limit = b.content.rules.max_plants_per_hex
        dump = st.dump
        return [h for h in b.terrain_tables(st.terrain).urban if h != dump and plants[h] < limit]
    if item == "plant1to2":
        return sorted({p[0] for p in st.plants if p[1] == 1})
    if item == "remove0":
        return sorted({p[0] for p in st.plants if p[1] == 0})
    farm = st.farm_level
    if item in ("farm1", "farm2"):
        dump = st.dump
        return [h for h in st.board.terrain_tables(st.terrain).rural if h != dump and not farm[h]]
    return [h for h, lv in enumerate(farm) if lv == 1]  # farm1to2


def can_build(st: ReclaimState, item: str, h: int, plants: list[int] | None = None) -> bool:
    """Whether ``item`` may be built on hex ``h`` (ignoring price and role)."""
    if item in ("house0to1", "house0to2"):
        return st.blocks[h][0] > 0
    if item == "house1to2":
        return st.blocks[h][1] > 0
    if item in ("plant1", "plant2"):
        if st.terrain[h] != "urban" or h == st.dump:
            return False
        count = plants[h] if plants is not None else sum(1 for p in st.plants if p[0] == h)
        return count < st.content.rules.max_plants_per_hex
    if item == "plant1to2":
        return any(p[0] == h and p[1] == 1 for p in st.plants)
    if item == "remove0":
        return any(p[0] == h and p[1] == 0 for p in st.plants)
    if item in ("farm1", "farm2"):
        return st.terrain[h] == "rural" and h != st.dump and st.farm_level[h] == 0
    return st.farm_level[h] == 1  # farm1to2


def can_link(st: ReclaimState, t: str, a: int, c: int) -> bool:
    """Transportation joins two neighbouring Urban or Rural hexagons, one of each kind per pair."""
    return st.terrain[a] in BUILDABLE and st.terrain[c] in BUILDABLE and (a, c, t) not in st.links


def unconverted(st: ReclaimState) -> bool:
    """Whether some Housing block that has not converted this round has Food on its hexagon."""
    for bl, r, done in zip(st.blocks, st.res, st.converted, strict=True):
        if r[FOOD] > 0 and sum(bl) > done:
            return True
    return False


def _moves(st: ReclaimState, resource: int, sources: Sequence[int], targets: Sequence[int]) -> list[Action]:
    """Moves of one ``resource`` from a source holding it to a target with room, along connected
    transportation of its kind: for each target in order, each source in order."""
    res = st.res
    have = [src for src in sources if res[src][resource] > 0]
    if not have:
        return []
    b = st.board
    comp = st.comp[b.carrier[resource]]
    table = b.acts.move[resource]
    limit, terrain = b.limit, st.terrain
    dump = st.dump if resource == SLUDGE else -1
    acts: list[Action] = []
    for dst in targets:
        if dst != dump and (terrain[dst] == "water" or res[dst][resource] >= limit):
            continue
        cd = comp[dst]
        acts += [table[src][dst] for src in have if comp[src] == cd and src != dst]
    return acts


_FETCH, _CONVERT, _SEND = STAGES["fetch"], STAGES["convert"], STAGES["send"]


def housing_actions(st: ReclaimState) -> list[Action]:
    """Fetch Food into housing, convert every block, then send Waste to Treatment plants."""
    homes = home_hexes(st)
    if STAGES[st.stage] <= _FETCH:
        b = st.board
        land = b.terrain_tables(st.terrain).land
        return [*_moves(st, FOOD, land, homes), b.acts.convert]
    plants = plant_hexes(st)
    return _moves(st, MIXED, homes, plants) + _moves(st, SEPARATED, homes, plants)


def treatment_actions(st: ReclaimState) -> list[Action]:
    """Fetch Waste to plants, treat it, send Sludge and NPK to the Dump or Farms."""
    b = st.board
    plants = plant_hexes(st)
    acts: list[Action] = []
    stage = STAGES[st.stage]
    if stage <= _FETCH:
        land = b.terrain_tables(st.terrain).land
        acts += _moves(st, MIXED, land, plants) + _moves(st, SEPARATED, land, plants)
    if stage <= _CONVERT:
        treat = b.acts.treat
        for h in plants:
            r = st.res[h]
            for waste in (MIXED, SEPARATED):
                if r[waste] and treating_plant(st, h, waste) is not None:
                    acts.append(treat[waste][h])
    farms = farm_hexes(st)
    acts += _moves(st, SLUDGE, plants, farms + ([st.dump] if st.dump >= 0 else []))
    acts += _moves(st, NPK, plants, farms)
    if st.dump < 0:
        site = b.acts.dump_site
        acts += [site[h] for h in dump_candidates(st)]
    return acts


def farming_actions(st: ReclaimState) -> list[Action]:
    """Fetch NPK and Sludge to Farms, grow Food, send Food to the Urban hexagons."""
    b = st.board
    farms = farm_hexes(st)
    tables = b.terrain_tables(st.terrain)
    acts: list[Action] = []
    stage = STAGES[st.stage]
    if stage <= _FETCH:
        sources = sorted({*plant_hexes(st), *tables.rural})
        acts += _moves(st, NPK, sources, farms) + _moves(st, SLUDGE, sources, farms)
    if stage <= _CONVERT:
        grow = b.acts.grow
        res, limit = st.res, b.limit
        for h in farms:
            r = res[h]
            if r[FOOD] < limit and farm_spare(st, h) > 0:
                acts += [grow[i][h] for i in (NPK, SLUDGE) if r[i]]
    acts += _moves(st, FOOD, farms, tables.urban)
    return acts


def dump_candidates(st: ReclaimState) -> list[int]:
    """Hexagons that may become the Dump: Urban or Rural with nothing built on them."""
    plants = {p[0] for p in st.plants}
    blocks, farm = st.blocks, st.farm_level
    buildable = st.board.terrain_tables(st.terrain).buildable_hexes
    return [h for h in buildable if not farm[h] and h not in plants and blocks[h] == _EMPTY]


def treating_plant(st: ReclaimState, h: int, waste: int) -> int | None:
    """Index of the plant on ``h`` that treats ``waste`` now: spare capacity and room for its output."""
    b = st.board
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
    cap = st.board.farm_capacity[st.farm_level[h]] + st.mods["farm_capacity"]
    return max(0, cap) - st.farm_used[h]


# ----- applying -----------------------------------------------------------------------------------
def apply(st: ReclaimState, seat: int, a: Action) -> None:
    """Carry out a legal turn action."""
    k = a.kind
    if k == "card":
        take_card(st, seat, int(a.args[0]))
    elif k == "role":
        st.play_as = ROLES.index(str(a.args[0]))
        st.stage = "build"
        st.note(f"The Independent contractor plays the {a.args[0]} role this round")
    elif k == "build":
        do_build(st, seat, str(a.args[0]), int(a.args[1]))
    elif k == "link":
        st.pending_link = (str(a.args[0]), int(a.args[1]))
    elif k == "link_to":
        assert st.pending_link is not None
        t, h = st.pending_link
        other = int(a.args[0])
        st.pending_link = None
        do_link(st, seat, t, min(h, other), max(h, other))
    elif k == "move":
        do_move(st, RES_INDEX[str(a.args[0])], int(a.args[1]), int(a.args[2]))
    elif k == "convert":
        do_convert(st)
    elif k == "treat":
        do_treat(st, int(a.args[0]), MIXED if a.args[1] == "mixed" else SEPARATED)
    elif k == "grow":
        do_grow(st, int(a.args[0]), NPK if a.args[1] == "npk" else SLUDGE)
    elif k == "dump_site":
        st.dump = int(a.args[0])
        st.note(f"Hex {st.dump} becomes the Dump")
    elif k == "play_event":
        events.play(st, seat, int(a.args[0]))
    elif k == "end_turn":
        end_turn(st)


def _pay(st: ReclaimState, seat: int, item: str) -> None:
    st.coins[seat] -= st.board.prices[st.turn_role == CONTRACTOR][item]
    st.builds_left -= 1


def do_build(st: ReclaimState, seat: int, item: str, h: int) -> None:
    """Pay for and carry out one build action, then offer its Infrastructure card."""
    _pay(st, seat, item)
    if item.startswith("house"):
        frm, to = int(item[5]), int(item[-1])
        st.blocks[h][frm] -= 1
        st.blocks[h][to] += 1
    elif item in ("plant1", "plant2"):
        st.plants.append([h, int(item[-1]), 0])
    elif item == "plant1to2":
        i = next(i for i, p in enumerate(st.plants) if p[0] == h and p[1] == 1)
        st.plants[i][1] = 2
    elif item == "remove0":
        i = next(i for i, p in enumerate(st.plants) if p[0] == h and p[1] == 0)
        del st.plants[i]
    elif item in ("farm1", "farm2"):
        st.farm_level[h] = int(item[-1])
    else:
        st.farm_level[h] = 2
    offer_card(st, seat, st.board.build_pile[item])


def do_link(st: ReclaimState, seat: int, t: str, a: int, c: int) -> None:
    """Pay for and build transportation between two neighbouring hexagons."""
    _pay(st, seat, t)
    st.links.append((a, c, t))
    join_components(st, t, a, c)
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


def do_move(st: ReclaimState, r: int, src: int, dst: int) -> None:
    """Move one resource; fetching or sending moves the turn on to that stage."""
    st.res[src][r] -= 1
    st.res[dst][r] += 1
    role = st.play_as
    sends = (
        (role == HOUSING and r != FOOD)
        or (role == TREATMENT and r in (SLUDGE, NPK))
        or (role == FARMING and r == FOOD)
    )
    stage = "send" if sends else "fetch"
    if STAGES[stage] > STAGES[st.stage]:
        st.stage = stage


def do_convert(st: ReclaimState) -> None:
    """Each Housing block not yet converted this round turns 1 Food into 1 Waste of its level
    (higher levels first when Food is short)."""
    limit = st.content.rules.max_resource_per_hex
    for h, bl in enumerate(st.blocks):
        order = [2] * bl[2] + [1] * bl[1] + [0] * bl[0]
        for level in order[st.converted[h] :]:
            if st.res[h][FOOD] == 0:
                break
            st.res[h][FOOD] -= 1
            st.converted[h] += 1
            waste = st.board.housing_makes[level]
            if st.res[h][waste] < limit:
                st.res[h][waste] += 1
            else:
                spill(st, h, waste)
    st.stage = "send"


def spill(st: ReclaimState, h: int, waste: int) -> None:
    """A unit of Waste with no room runs into the nearest Water hexagon that is not full."""
    w = water_hex_for_waste(st, h)
    if w >= 0:
        st.res[w][waste] += 1
        st.note(f"Waste from hex {h} runs into Water hex {w}")


def do_treat(st: ReclaimState, h: int, waste: int) -> None:
    """One unit of Waste at a plant: level 0 rolls the conversion die, levels 1-2 always convert."""
    i = treating_plant(st, h, waste)
    assert i is not None
    level = st.plants[i][1]
    st.plants[i][2] += 1
    st.stage = "convert"
    st.res[h][waste] -= 1
    if level == 0:
        if (
            throw(st, st.board.conversion_faces, f"conversion die at the level 0 plant on hex {h}")
            == "warning"
        ):
            w = water_hex_for_waste(st, h)
            if w < 0:
                st.res[h][waste] += 1
                st.note("The conversion failed and no Water hexagon has room: the Waste stays")
            else:
                st.res[w][waste] += 1
                st.note(f"The conversion failed: the Waste pollutes Water hex {w}")
            return
    st.res[h][st.board.plant_makes[level]] += 1


def throw(st: ReclaimState, faces: tuple[str, ...], what: str) -> str:
    """Roll a die with the given faces and return the face shown."""
    return faces[st.roll(len(faces), what) - 1]


def do_grow(st: ReclaimState, h: int, r: int) -> None:
    """The Farm on ``h`` turns one NPK into Food, or tries Sludge with the disease die."""
    st.farm_used[h] += 1
    st.stage = "convert"
    st.res[h][r] -= 1
    if r == SLUDGE:
        if throw(st, st.board.disease_faces, f"disease die for Sludge on the Farm at hex {h}") == "disease":
            st.disease[h] += 1
            st.note(f"The Sludge becomes Disease on hex {h}")
            return
    st.res[h][FOOD] += 1


def end_turn(st: ReclaimState) -> None:
    """End the turn; after the Contractor, the players decide together."""
    events.after_turn(st)
    if st.phase != "turn":
        return
    if st.turn_role == CONTRACTOR:
        from . import politics

        politics.start(st)
        return
    start_turn(st, st.turn_role + 1)


def start_turn(st: ReclaimState, role: int) -> None:
    """Hand the turn to the player of ``role``."""
    st.turn_role = role
    st.play_as = role
    st.stage = "role" if role == CONTRACTOR else "build"
    st.builds_left = st.content.rules.builds_per_turn
    st.pending_pile = None
    st.pending_link = None


def explain(st: ReclaimState, a: Action) -> str | None:
    """Why a turn action is refused, in the rulebook's words."""
    if st.pending_pile is not None:
        return "first choose the Infrastructure card for your build"
    if st.pending_link is not None:
        return "first choose the neighbouring hexagon the transportation goes to"
    if a.kind in ("build", "link"):
        if st.stage != "build":
            return "build actions come first in a turn, before fetching, converting and sending"
        if st.builds_left <= 0:
            return "each player can make up to 3 build actions per turn"
        item = str(a.args[0])
        price = st.board.price(item, st.turn_role == CONTRACTOR)
        if price > st.coins[st.seat_of_role(st.turn_role)]:
            return f"that costs {price} coins"
        if a.kind == "build" and st.turn_role != CONTRACTOR and st.board.build_role[item] != st.turn_role:
            return f"only the {ROLES[st.board.build_role[item]]} role (or the contractor) may do that"
    if a.kind == "end_turn" and st.play_as == HOUSING:
        return "the Housing role must first convert Food to Waste in each Housing block"
    if a.kind == "move":
        return "resources move only along connected transportation of their kind, into a hexagon with room"
    return None
