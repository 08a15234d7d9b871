"""A player's turn: up to 3 build actions, then fetch, convert and send resources for the role played.

Resource steps move one unit at a time along connected transportation of the right kind (roads carry
Food, Sludge and NPK; grey carries Mixed Waste; green carries Separated Waste), through any number of
hexagons, so legal-action lists stay small.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.engine import Action

from . import events
from .board import (
    BUILD_IDS,
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
)

if TYPE_CHECKING:
    from .rules import ReclaimState

STAGES = {"role": 0, "build": 1, "fetch": 2, "convert": 3, "send": 4}
BUILDABLE = ("urban", "rural")


# ----- transport ----------------------------------------------------------------------------------
def recompute_components(st: ReclaimState) -> None:
    """Label each hexagon with its connected component for every kind of transport."""
    n = st.board.n
    for t in TRANSPORTS:
        parent = list(range(n))

        def find(x: int, parent: list[int] = parent) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for a, b, kind in st.links:
            if kind == t:
                parent[find(a)] = find(b)
        st.comp[t] = [find(h) for h in range(n)]


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
    return st.res[hex_][resource] < st.content.rules.max_resource_per_hex


def water_has_room(st: ReclaimState) -> bool:
    """Whether some Water hexagon can still take a unit of Waste (``water_hex_for_waste`` finds one)."""
    limit = st.content.rules.max_resource_per_hex
    return any(
        t == "water" and st.res[h][MIXED] + st.res[h][SEPARATED] < limit for h, t in enumerate(st.terrain)
    )


def water_hex_for_waste(st: ReclaimState, near: int) -> int:
    """The Water hexagon a unit of Waste runs into: the nearest one that is not full (-1: none)."""
    limit = st.content.rules.max_resource_per_hex
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


# ----- legal actions ------------------------------------------------------------------------------
def legal(st: ReclaimState) -> list[Action]:
    """The legal actions of the seat whose turn it is."""
    if st.pending_pile is not None:
        return [_action("card", i) for i in range(len(st.face_up[st.pending_pile]))]
    if st.pending_link is not None:
        return [_action("link_to", h) for h in link_ends(st, *st.pending_link)]
    if st.stage == "role":
        return [_action("role", ROLES[r]) for r in (HOUSING, TREATMENT, FARMING)]
    acts: list[Action] = []
    if st.stage == "build" and st.builds_left > 0:
        acts += build_actions(st)
    seat = st.seat_of_role(st.turn_role)
    acts += [_action("play_event", i) for i in range(len(st.hands[seat])) if events.playable(st, seat, i)]
    role = st.play_as
    if role == HOUSING:
        acts += housing_actions(st)
    elif role == TREATMENT:
        acts += treatment_actions(st)
    else:
        acts += farming_actions(st)
    if role != HOUSING or STAGES[st.stage] >= STAGES["send"] or not unconverted(st):
        acts.append(_action("end_turn"))
    return acts


def build_actions(st: ReclaimState) -> list[Action]:
    """Builds and transport the role may afford now."""
    b = st.board
    contractor = st.turn_role == CONTRACTOR
    coins = st.coins[st.seat_of_role(st.turn_role)]
    plants = [0] * b.n
    for p in st.plants:
        plants[p[0]] += 1
    acts = []
    for item in BUILD_IDS:
        if (contractor or b.build_role[item] == st.turn_role) and b.price(item, contractor) <= coins:
            acts += [_action("build", item, h) for h in _spots(st, plants, item)]
    free: list[tuple[int, int]] | None = None
    links: set[tuple[int, int, str]] = set()
    for t in TRANSPORTS:
        if b.price(t, contractor) <= coins:
            if free is None:
                ok = [x in BUILDABLE for x in st.terrain]
                free = [(a, c) for a, c in b.edges if ok[a] and ok[c]]
                links = set(st.links)
            starts = {h for a, c in free if (a, c, t) not in links for h in (a, c)}
            acts += [b.link_actions[t][h] for h in sorted(starts)]
    return acts


_ACTIONS: dict[tuple[str, tuple[int | str, ...]], Action] = {}


def _action(kind: str, *args: int | str) -> Action:
    """The shared (immutable) Action value ``kind`` with ``args``."""
    key = (kind, args)
    hit = _ACTIONS.get(key)
    if hit is None:
        hit = _ACTIONS[key] = Action(kind, args)
    return hit


def open_links(st: ReclaimState, t: str) -> list[tuple[int, int]]:
    """Neighbouring pairs that may still get transportation of kind ``t``."""
    links = set(st.links)
    ok = [x in BUILDABLE for x in st.terrain]
    return [(a, c) for a, c in st.board.edges if ok[a] and ok[c] and (a, c, t) not in links]


def link_ends(st: ReclaimState, t: str, h: int) -> list[int]:
    """The hexagons a new link of kind ``t`` from ``h`` may go to."""
    return sorted(c if a == h else a for a, c in open_links(st, t) if h in (a, c))


def _spots(st: ReclaimState, plants: list[int], item: str) -> list[int]:
    """The hexagons where ``item`` may be built now."""
    n = st.board.n
    if item in ("house0to1", "house0to2"):
        return [h for h in range(n) if st.blocks[h][0]]
    if item == "house1to2":
        return [h for h in range(n) if st.blocks[h][1]]
    if item in ("plant1", "plant2"):
        limit = st.content.rules.max_plants_per_hex
        return [h for h in range(n) if st.terrain[h] == "urban" and h != st.dump and plants[h] < limit]
    if item == "plant1to2":
        return sorted({p[0] for p in st.plants if p[1] == 1})
    if item == "remove0":
        return sorted({p[0] for p in st.plants if p[1] == 0})
    if item in ("farm1", "farm2"):
        return [h for h in range(n) if st.terrain[h] == "rural" and h != st.dump and not st.farm_level[h]]
    return [h for h in range(n) if st.farm_level[h] == 1]  # farm1to2


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
    return any(sum(bl) > st.converted[h] and st.res[h][FOOD] > 0 for h, bl in enumerate(st.blocks))


def _moves(st: ReclaimState, resource: int, sources: list[int], targets: list[int]) -> list[Action]:
    comp = st.comp[st.board.carrier[resource]]
    name = RESOURCES[resource]
    res = st.res
    have = [src for src in sources if res[src][resource] > 0]
    if not have:
        return []
    acts = []
    for dst in targets:
        if not room(st, dst, resource):
            continue
        cd = comp[dst]
        acts += [_action("move", name, src, dst) for src in have if src != dst and comp[src] == cd]
    return acts


def _before(st: ReclaimState, stage: str) -> bool:
    return STAGES[st.stage] <= STAGES[stage]


def housing_actions(st: ReclaimState) -> list[Action]:
    """Fetch Food into housing, convert every block, then send Waste to Treatment plants."""
    homes = [h for h, bl in enumerate(st.blocks) if sum(bl)]
    if _before(st, "fetch"):
        land = [h for h in range(st.board.n) if st.terrain[h] != "water"]
        return [*_moves(st, FOOD, land, homes), _action("convert")]
    plants = plant_hexes(st)
    return _moves(st, MIXED, homes, plants) + _moves(st, SEPARATED, homes, plants)


def treatment_actions(st: ReclaimState) -> list[Action]:
    """Fetch Waste to plants, treat it, send Sludge and NPK to the Dump or Farms."""
    plants = plant_hexes(st)
    acts: list[Action] = []
    if _before(st, "fetch"):
        land = [h for h in range(st.board.n) if st.terrain[h] != "water"]
        acts += _moves(st, MIXED, land, plants) + _moves(st, SEPARATED, land, plants)
    if _before(st, "convert"):
        for h in plants:
            for waste, name in ((MIXED, "mixed"), (SEPARATED, "separated")):
                if st.res[h][waste] and treating_plant(st, h, waste) is not None:
                    acts.append(_action("treat", h, name))
    farms = farm_hexes(st)
    acts += _moves(st, SLUDGE, plants, farms + ([st.dump] if st.dump >= 0 else []))
    acts += _moves(st, NPK, plants, farms)
    if st.dump < 0:
        acts += [_action("dump_site", h) for h in dump_candidates(st)]
    return acts


def farming_actions(st: ReclaimState) -> list[Action]:
    """Fetch NPK and Sludge to Farms, grow Food, send Food to the Urban hexagons."""
    farms = farm_hexes(st)
    acts: list[Action] = []
    if _before(st, "fetch"):
        plants = plant_hexes(st)
        sources = sorted({*plants, *(h for h, t in enumerate(st.terrain) if t == "rural")})
        acts += _moves(st, NPK, sources, farms) + _moves(st, SLUDGE, sources, farms)
    if _before(st, "convert"):
        for h in farms:
            if farm_spare(st, h) > 0 and st.res[h][FOOD] < st.content.rules.max_resource_per_hex:
                acts += [
                    _action("grow", h, name) for r, name in ((NPK, "npk"), (SLUDGE, "sludge")) if st.res[h][r]
                ]
    urban = [h for h, t in enumerate(st.terrain) if t == "urban"]
    acts += _moves(st, FOOD, farms, urban)
    return acts


def dump_candidates(st: ReclaimState) -> list[int]:
    """Hexagons that may become the Dump: Urban or Rural with nothing built on them."""
    plants = set(plant_hexes(st))
    return [
        h
        for h, t in enumerate(st.terrain)
        if t in BUILDABLE and not sum(st.blocks[h]) and not st.farm_level[h] and h not in plants
    ]


def treating_plant(st: ReclaimState, h: int, waste: int) -> int | None:
    """Index of the plant on ``h`` that treats ``waste`` now: spare capacity and room for its output."""
    b = st.board
    best = None
    for i, (ph, level, used) in enumerate(st.plants):
        if ph != h or waste not in b.plant_takes[level]:
            continue
        if used >= max(0, b.plant_capacity[level] + st.mods["plant_capacity"]):
            continue
        out = b.plant_makes[level]
        cap = st.content.rules.max_sludge_at_plant if out == SLUDGE else st.content.rules.max_resource_per_hex
        if st.res[h][out] >= min(cap, st.content.rules.max_resource_per_hex):
            continue
        if best is None or level > st.plants[best][1]:
            best = i
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
    st.coins[seat] -= st.board.price(item, st.turn_role == CONTRACTOR)
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
    recompute_components(st)
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
