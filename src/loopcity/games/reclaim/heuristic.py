"""A heuristic RECLAIM player: plays its role for the common good first (feed the city, treat the
Waste, keep Disease and pollution down, pay the Food import) and leans toward its Hidden agenda when
it chooses Infrastructure cards and spends spare coins on upgrades. It answers the table's questions
with judgement: a Political decision the City budget can pay without starving the Food import, a
Dump next to the plants, a new block where Food and treatment reach, Sludge on its Farm only while
no Disease is on the board. It never changes the state given."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from operator import attrgetter
from typing import NamedTuple

from loopcity.engine import Action, Game, Rng, State
from loopcity.engine.actions import offered
from loopcity.engine.table import DONE, VOTE, Ballot

from .actions import (
    BUILD,
    CARD,
    CONTRIBUTE,
    CONVERT,
    DUMP_SITE,
    END_TURN,
    FUND,
    GROW,
    LINK,
    LINK_TO,
    MOVE,
    PLACE_BLOCK,
    PLAY_EVENT,
    PROPOSE,
    ROLE,
    TREAT,
    UNITS,
    URBANIZE,
    Move,
)
from .board import (
    CONTRACTOR,
    FARMING,
    FOOD,
    HOUSING,
    MIXED,
    NPK,
    RES_INDEX,
    SEPARATED,
    SLUDGE,
    TREATMENT,
)
from .events import land_waste
from .politics import ITEMS, food_import_cost, growth_places
from .rules import ReclaimState
from .stats import disease_risk
from .transport import water_room
from .turn import farm_list, farm_spare, home_list, treating_plant, unconverted

Afford = Callable[[str], bool]
_KIND = attrgetter("kind")
RESERVE = 300  # coins kept back for the Food import


class LinkPlan(NamedTuple):
    """Transportation the bot means to build: ``link transport start``, then ``link_to end``."""

    transport: str
    start: int
    end: int


Plan = Action | LinkPlan


class HeuristicBot:
    """Plays its role well and leans toward its Hidden agenda."""

    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed)
        self.link_to: Action | None = None  # the far end of the transportation being built
        self.share_round = 0  # the round whose Food import share was worked out
        self.share_left = 0  # coins still to add to the City budget for that share

    def _pays_food_share(self, st: ReclaimState, seat: int, due: int) -> bool:
        """Whether to add coins for the Food import (``due``) now: each player pays a share of what the
        City budget lacks in proportion to its coins; the last player still at the table pays the rest."""
        short = due - st.city
        if short <= 0:
            return False
        open_seats = [s for s in range(st.players) if not st.pol_done[s]]
        if self.share_round != st.round:
            wealth = sum(st.coins[s] for s in open_seats) or 1
            self.share_round = st.round
            self.share_left = -(-short * st.coins[seat] // wealth)
        return self.share_left > 0 or len(open_seats) == 1

    def _food_share(self, st: ReclaimState, seat: int, legal: list[Action], due: int) -> Action | None:
        """Coins for the Food import: the largest amount offered within the seat's share (the last
        player still deciding pays all that is missing)."""
        if not self._pays_food_share(st, seat, due):
            return None
        gives = [(given(st, a), a) for a in legal if a.kind in (FUND.name, CONTRIBUTE.name)]
        if not gives:
            return None
        budget = due - st.city if sum(1 for d in st.pol_done if not d) == 1 else self.share_left
        within = [g for g in gives if g[0] <= budget]
        amount, action = max(within, key=first) if within else min(gives, key=first)
        self.share_left -= amount
        return action

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, ReclaimState)
        st = state
        legal = st.legal_actions(seat)  # never the alarm: that is the wall clock's
        if len(legal) == 1:
            return legal[0]
        if st.ballot is not None:
            return answer(st, seat, st.ballot)
        if st.phase == "politics":
            if st.proposing is not None:
                return units_choice(st, legal)
            due = food_import_cost(st)
            give = self._food_share(st, seat, legal, due)
            if give is not None:
                return give
            return politics_choice(st, seat, legal, due)
        if st.phase == "growth":
            return growth_choice(st, legal)
        if st.pending_link is not None:
            target = self.link_to
            return target if target is not None and offered(target, legal) else legal[0]
        choice = turn_choice(st, seat, legal)
        if isinstance(choice, LinkPlan):  # played in two steps: remember the far end
            self.link_to = LINK_TO(choice.end)
            return LINK(choice.transport, choice.start)
        return choice


# ----- helpers --------------------------------------------------------------------------------------
def agenda_value(st: ReclaimState, seat: int, pile: str, card: int) -> int:
    wanted = set(st.content.agendas[st.agendas[seat]].symbols)
    return st.tables.pile_level[pile] + sum(1 for s in st.tables.pile_cards[pile][card] if s in wanted)


def best_pile_value(st: ReclaimState, seat: int, pile: str) -> int:
    return max((agenda_value(st, seat, pile, c) for c in st.face_up[pile]), default=0)


def road_gap(st: ReclaimState, kind: str, sources: set[int], targets: set[int]) -> tuple[int, int] | None:
    """The first missing link of ``kind`` on a shortest path joining ``sources`` to ``targets``
    (existing links cost nothing); None when already joined or impossible."""
    if not sources or not targets:
        return None
    comp = st.comp[kind]
    if {comp[h] for h in sources} & {comp[h] for h in targets}:
        return None
    have = {(a, b) for a, b, t in st.links if t == kind}
    dist = {h: 0 for h in sources}
    prev: dict[int, int] = {}
    dq = deque(sources)
    neighbours = st.tables.neighbours
    ok = st.tables.terrain_tables(st.terrain).buildable
    while dq:
        h = dq.popleft()
        if not ok[h]:
            continue
        for nb in neighbours[h]:
            if not ok[nb]:
                continue
            w = 0 if ((h, nb) if h < nb else (nb, h)) in have else 1
            if nb not in dist or dist[h] + w < dist[nb]:
                dist[nb] = dist[h] + w
                prev[nb] = h
                if w == 0:
                    dq.appendleft(nb)
                else:
                    dq.append(nb)
    reached = [t for t in targets if t in dist]
    if not reached:
        return None
    h = min(reached, key=lambda t: (dist[t], t))
    while h in prev:
        p = prev[h]
        if (min(h, p), max(h, p)) not in have:
            return (min(h, p), max(h, p))
        h = p
    return None


def homes(st: ReclaimState) -> set[int]:
    return set(home_list(st))


def farms(st: ReclaimState) -> set[int]:
    return set(farm_list(st))


def plant_hexes(st: ReclaimState) -> set[int]:
    return {p[0] for p in st.plants}  # in the plants' order: road_gap's search reads a set in order


# ----- the turn ---------------------------------------------------------------------------------------
def turn_choice(st: ReclaimState, seat: int, legal: list[Action]) -> Plan:
    kinds = set(map(_KIND, legal))
    if CARD.name in kinds:
        pile = st.pending_pile
        assert pile is not None
        best = max(
            range(len(st.face_up[pile])), key=lambda i: agenda_value(st, seat, pile, st.face_up[pile][i])
        )
        return CARD(best)
    if ROLE.name in kinds:
        return ROLE(contractor_role(st))
    if PLAY_EVENT.name in kinds:
        for a in legal:
            if a.kind == PLAY_EVENT.name and event_worth_playing(st, seat, PLAY_EVENT.read(a).card):
                return a
    if DUMP_SITE.name in kinds:
        sites = [a for a in legal if a.kind == DUMP_SITE.name]
        plants = plant_hexes(st)
        site = max(sites, key=lambda a: resource_value(st, a, plants))
        if resource_value(st, site) > 0:
            return site
    if st.stage == "build" and st.builds_left > 0:
        money = _spendable(st, seat)
        plan = build_plan(st, seat, money)
        if isinstance(plan, LinkPlan):  # the choose method plays it in two steps
            if offered(LINK(plan.transport, plan.start), legal):
                return plan
        elif plan is not None and offered(plan, legal):
            return plan
        extra = points_build(st, seat, legal, money)
        if extra is not None:
            return extra
    pick = resource_choice(st, legal)
    return pick if pick is not None else END_TURN()


def contractor_role(st: ReclaimState) -> str:
    road = st.comp["road"]
    plants = plant_hexes(st)
    food_work = 0
    for f in farms(st):
        near = sum(
            st.res[h][NPK]
            for h in range(st.tables.n)
            if road[h] == road[f] and (h == f or st.terrain[h] == "rural" or h in plants)
        )
        food_work += min(farm_spare(st, f), near)
    waste_work = sum(
        1 for h in plants for w in (MIXED, SEPARATED) if st.res[h][w] and treating_plant(st, h, w) is not None
    )
    if food_work >= waste_work and food_work:
        return "farming"
    if waste_work:
        return "treatment"
    return "housing" if unconverted(st) else "farming"


def event_worth_playing(st: ReclaimState, seat: int, i: int) -> bool:
    ev = st.content.events[st.hands[seat][i]]
    if ev.effect == "farm_capacity":
        return st.play_as == FARMING
    if ev.effect == "extra_build":
        return st.stage == "build"
    if ev.effect == "remove_disease":
        return sum(st.disease) > 0
    if ev.effect == "remove_waste":
        return sum(land_waste(st)) > 0
    if ev.effect == "water_clean":
        return any(st.res[h][MIXED] + st.res[h][SEPARATED] for h, t in enumerate(st.terrain) if t == "water")
    return True


def food_gap(st: ReclaimState) -> int:
    """Coins the coming Food import will probably cost beyond the City budget."""
    blocks = supply = 0
    for bl, r in zip(st.blocks, st.res, strict=True):
        n = bl[0] + bl[1] + bl[2]
        if n:  # a home (block counts are never negative): its blocks and the Food already there
            blocks += n
            supply += r[FOOD]
    tables = st.game.tables
    capacity, limit, farm_level = tables.farm_capacity, tables.limit, st.farm_level
    for f in farm_list(st):  # a Farm (no Farm: no capacity)
        supply += min(capacity[farm_level[f]], limit)
    return max(0, blocks - supply) * st.cost("food") - st.content.rules.city_coins


def _spendable(st: ReclaimState, seat: int) -> int:
    return st.coins[seat] - RESERVE - max(0, food_gap(st)) // st.players


def build_plan(st: ReclaimState, seat: int, money: int) -> Plan | None:
    """The next build of the role played with ``money`` to spend (``_spendable``), or None."""
    role = st.play_as
    prices = st.tables.prices[st.turn_role != role]

    def afford(item: str) -> bool:
        return prices[item] <= money

    if role == FARMING:
        return farming_build(st, seat, afford)
    if role == TREATMENT:
        return treatment_build(st, seat, afford)
    if role == HOUSING:
        return housing_build(st, seat, afford, money)
    return None


HARMLESS = ("house0to1", "farm1to2", "plant1")
SPARE = 900  # coins kept beyond the reserve before building for points alone


def points_build(st: ReclaimState, seat: int, legal: list[Action], spendable: int) -> Action | None:
    """With coins to spare, the build whose best face-up card is worth most to the agenda per coin."""
    money = spendable - SPARE
    prices = st.tables.prices[st.turn_role == CONTRACTOR]
    if money < min(prices.values()):  # nothing is affordable
        return None
    best, best_key = None, 0.0
    values: dict[str, int] = {}  # best_pile_value of each pile, worked out once
    link, build = LINK.name, BUILD.name
    build_pile, face_up = st.tables.build_pile, st.face_up
    for a in legal:
        item: str
        pile: str
        kind = a.kind
        if kind == link:
            item = pile = a.args[0]  # type: ignore[assignment]  # LINK.read(a).transport, without the call
        elif kind == build and (item := a.args[0]) in HARMLESS:  # type: ignore[assignment,operator]  # .item
            pile = build_pile[item]
        else:
            continue
        price = prices[item]
        if price > money or not face_up[pile]:
            continue
        value = values.get(pile)
        if value is None:
            value = values[pile] = best_pile_value(st, seat, pile)
        key = value / max(price, 1)
        if key > best_key:
            best, best_key = a, key
    return best


def _link(st: ReclaimState, kind: str, gap: tuple[int, int] | None, afford: Afford) -> LinkPlan | None:
    if gap is None or not afford(kind):
        return None
    return LinkPlan(kind, gap[0], gap[1])


def farming_build(st: ReclaimState, seat: int, afford: Afford) -> Plan | None:
    farm_order = farm_list(st)  # in order
    farm_set, home_set = set(farm_order), homes(st)
    fed = home_set or set(st.tables.terrain_tables(st.terrain).urban)  # no homes: any Urban hexagon
    for f in farm_order:
        act = _link(st, "road", road_gap(st, "road", {f}, fed), afford)
        if act:
            return act
    for f in farm_order:
        npk = {
            nb
            for nb in st.tables.neighbours[f]
            if st.res[nb][NPK] and st.terrain[nb] == "rural" and nb not in farm_set
        }
        act = _link(st, "road", road_gap(st, "road", npk, {f}), afford) if npk else None
        if act:
            return act
    capacity = sum(st.tables.farm_capacity[lv] for lv in st.farm_level)
    demand = sum(sum(bl) for bl in st.blocks)
    if capacity < demand:
        for f in farm_order:
            if st.farm_level[f] == 1 and afford("farm1to2"):
                return BUILD("farm1to2", f)
        spots = [
            h
            for h, t in enumerate(st.terrain)
            if t == "rural"
            and not st.farm_level[h]
            and h != st.dump
            and any(nb in home_set for nb in st.tables.neighbours[h])
        ]
        if spots and afford("farm1"):
            return BUILD("farm1", spots[0])
    return None


def treatment_build(st: ReclaimState, seat: int, afford: Afford) -> Plan | None:
    b = st.tables
    for h in sorted(home_list(st), key=lambda x: -sum(st.blocks[x])):
        mixed_blocks = st.blocks[h][0] + st.blocks[h][1]
        cap = sum(b.plant_capacity[p[1]] for p in st.plants if p[0] == h and p[1] == 1)
        count = sum(1 for p in st.plants if p[0] == h)
        if mixed_blocks > cap and count < st.content.rules.max_plants_per_hex and afford("plant1"):
            return BUILD("plant1", h)
        if st.blocks[h][2] > 0 and not any(p[0] == h and p[1] == 2 for p in st.plants):
            if any(p[0] == h and p[1] == 1 for p in st.plants) and afford("plant1to2") and mixed_blocks <= 2:
                return BUILD("plant1to2", h)
            if count < st.content.rules.max_plants_per_hex and afford("plant2"):
                return BUILD("plant2", h)
    if st.dump >= 0:
        act = _link(st, "road", road_gap(st, "road", plant_hexes(st), {st.dump}), afford)
        if act:
            return act
    return None


def housing_build(st: ReclaimState, seat: int, afford: Afford, money: int) -> Plan | None:
    plants = plant_hexes(st)
    home_order = home_list(st)  # in order
    for h in home_order:
        treats_here = any(p[0] == h and p[1] in (0, 1) for p in st.plants)
        if not treats_here and (st.blocks[h][0] + st.blocks[h][1]):
            act = _link(st, "grey", road_gap(st, "grey", {h}, plants), afford)
            if act:
                return act
    for h in home_order:
        if st.blocks[h][1] and any(p[0] == h and p[1] == 2 for p in st.plants) and afford("house1to2"):
            return BUILD("house1to2", h)
    if money >= 500 and best_pile_value(st, seat, "house1") >= 2:
        for h in home_order:
            if st.blocks[h][0] and afford("house0to1"):
                return BUILD("house0to1", h)
    return None


# ----- resources ------------------------------------------------------------------------------------
def resource_choice(st: ReclaimState, legal: list[Action]) -> Action | None:
    best, best_key = None, 0
    plants = plant_hexes(st)
    for a in legal:
        if a.kind in _VALUED:  # any other action is worth 0 (builds, links, cards, end_turn ...)
            key = resource_value(st, a, plants)
            if key > best_key:
                best, best_key = a, key
    return best


def resource_value(st: ReclaimState, a: Action, plants: set[int] | None = None) -> int:
    """How much an action helps the city now (0: do not); ``plants``: the ``plant_hexes``."""
    k = a.kind
    if k == _MOVE:
        return _move_value(st, MOVE.read(a), plants)
    if k == _CONVERT:
        return 50
    if k == _TREAT:
        return 80
    if k == _GROW:
        g = GROW.read(a)
        return 90 if g.input == "npk" else (30 if sum(st.disease) == 0 and st.farm_level[g.hex] else 0)
    if k == _DUMP_SITE:
        h = DUMP_SITE.read(a).hex
        plants = plant_hexes(st) if plants is None else plants
        near = sum(1 for nb in st.tables.neighbours[h] if nb in plants)
        rich = st.res[h][NPK]
        return 10 + 5 * near - rich if near else 0
    return 0


_MOVE, _CONVERT, _TREAT, _GROW, _DUMP_SITE = MOVE.name, CONVERT.name, TREAT.name, GROW.name, DUMP_SITE.name
_VALUED = frozenset((_MOVE, _CONVERT, _TREAT, _GROW, _DUMP_SITE))
"""The kinds of action ``resource_value`` may value above 0."""


def _move_value(st: ReclaimState, m: Move, plants: set[int] | None) -> int:
    """``resource_value`` of a ``move``."""
    r, src, dst = RES_INDEX[m.resource], m.source, m.to
    if r == FOOD:
        if st.play_as == HOUSING:
            need = sum(st.blocks[dst]) - st.converted[dst] - st.res[dst][FOOD]
            surplus = st.res[src][FOOD] - (sum(st.blocks[src]) - st.converted[src])
            return 70 if need > 0 and surplus > 0 else 0
        need = sum(st.blocks[dst]) - st.res[dst][FOOD]
        return 70 + need if need > 0 and not sum(st.blocks[src]) else 0
    if r in (MIXED, SEPARATED):
        if st.play_as == HOUSING and st.turn_role != HOUSING:
            return 0
        if st.play_as == TREATMENT or st.play_as == HOUSING:
            plants = plant_hexes(st) if plants is None else plants
            if src in plants and treating_plant(st, src, r) is not None:
                return 0
            return 85 if treating_plant(st, dst, r) is not None else 0
        return 0
    if r == SLUDGE:
        if dst == st.dump:
            return 40
        return 0
    if r == NPK:
        if st.play_as == FARMING:
            if st.farm_level[src] and farm_spare(st, src) >= st.res[src][NPK]:
                return 0
            return 95 if farm_spare(st, dst) > st.res[dst][NPK] else 0
        return 40 if st.farm_level[dst] else 0
    return 0


def first(pair: tuple[int, Action]) -> int:
    return pair[0]


# ----- the table's questions ---------------------------------------------------------------------------
def given(st: ReclaimState, a: Action) -> int:
    """The coins a ``fund`` or ``contribute`` action adds to the City budget."""
    return CONTRIBUTE.read(a).coins if a.kind == CONTRIBUTE.name else st.content.table.fund_step


def answer(st: ReclaimState, seat: int, ballot: Ballot) -> Action:
    """Yes or no to the question the table is answering."""
    subject, data = ballot["subject"], ballot["data"]
    if subject in ITEMS:
        ok = city_needs(st, subject, data["hex"], data["units"])
    elif subject == "dump_site":
        ok = resource_value(st, DUMP_SITE(data["hex"])) > 0
    elif subject == "sludge":
        to = data["to"]
        ok = not sum(st.disease) and farm_spare(st, to) > st.res[to][NPK] + st.res[to][SLUDGE]
    else:
        ok = growth_fit(st, subject, data["hex"])
    return VOTE("yes") if ok else VOTE("no")


def city_needs(st: ReclaimState, item: str, h: int, n: int) -> bool:
    """How a careful player votes on a Political decision, whoever proposed it: by what the city needs,
    not by whose turn it is. Vaccination wherever there is Disease; NPK for a Farm that lacks it for
    its capacity next round (not in the last round); dumping within the room the Water can spare
    (``dump_room``); and, while there is Disease, nothing that leaves the City budget unable to pay a
    vaccination it could pay before. (The Food import is settled before any proposal.)"""
    price = st.cost(ITEMS[item]) * n
    if item == "vaccinate":
        return st.disease[h] > 0
    if sum(st.disease) and st.city - price < st.cost("vaccination") <= st.city:
        return False  # this spending is what would leave the vaccination unpaid
    if item == "npk":
        capacity = st.tables.farm_capacity[st.farm_level[h]]
        return st.round < st.content.rules.rounds and st.res[h][NPK] + n <= max(capacity, 1)
    return n <= dump_room(st)


DISEASE_RISK = 0.05
"""The chance of reaching the Disease limit at this round's Disease control above which a careful
table dumps the Waste left on land rather than leave it (``dump_room``)."""


def dump_room(st: ReclaimState) -> int:
    """How many units of Waste a careful table may dump into the Water now: the Water's room less
    what it keeps for the level 0 plant's die and the Event cards still to come (two units and one
    more for each round after this one), or less one unit only (the Water is never filled by a
    choice) when the Waste left on land and the full Water hexagons risk the Disease limit at this
    round's Disease control (``stats.disease_risk`` at least ``DISEASE_RISK``)."""
    keep = 2 + st.content.rules.rounds - st.round
    if disease_risk(st) >= DISEASE_RISK:
        keep = 1
    return max(0, water_room(st) - keep)


def growth_fit(st: ReclaimState, subject: str, h: int) -> bool:
    """Whether hexagon ``h`` is about as good a place for the new block as the best one left."""
    _subject, hexes = growth_places(st)
    make = PLACE_BLOCK if subject == PLACE_BLOCK.name else URBANIZE
    best = max(growth_value(st, make(x))[0] for x in hexes)
    return growth_value(st, make(h))[0] >= best - 1


def units_choice(st: ReclaimState, legal: list[Action]) -> Action:
    """How many units to propose: what the Farm lacks for its capacity, the Disease on the hexagon,
    the Waste within the room the Water can spare (``dump_room``); within what the City budget can
    spare beyond the Food import (at least one)."""
    assert st.proposing is not None
    item, h, _by = st.proposing
    price = st.cost(ITEMS[item])
    spare = st.city - food_import_cost(st)
    if item == "npk":
        want = st.tables.farm_capacity[st.farm_level[h]] - st.res[h][NPK]
    elif item == "vaccinate":
        want = st.disease[h]
    else:
        want = min(st.res[h][MIXED] + st.res[h][SEPARATED], dump_room(st))
    if price:
        want = min(want, spare // price)
    offered = [UNITS.read(a).n for a in legal]  # a count the table rejected this round is not offered
    within = [n for n in offered if n <= max(1, want)]
    return UNITS(max(within) if within else min(offered))


# ----- politics and growth ----------------------------------------------------------------------------
def politics_choice(st: ReclaimState, seat: int, legal: list[Action], due: int) -> Action:
    """A kept card worth playing, a proposal, funding or ``done``; ``due``: what the Food import
    costs now."""
    disease = sum(st.disease)
    for a in legal:
        if a.kind == PLAY_EVENT.name and event_worth_playing(st, seat, PLAY_EVENT.read(a).card):
            return a
    proposals = [(a, PROPOSE.read(a)) for a in legal if a.kind == PROPOSE.name]
    can_fund = offered(FUND(), legal)
    spare = st.city - due
    if disease:
        if spare >= st.cost("vaccination") or disease >= 3:
            for a, p in proposals:
                if p.item == "vaccinate":
                    return a
        if can_fund and (disease >= 2 or richest(st, seat)) and spare < st.cost("vaccination"):
            return FUND()
    room = dump_room(st) if any(land_waste(st)) else 0
    if room and spare >= st.cost("dump"):
        dumps = [(a, p) for a, p in proposals if p.item == "dump"]
        if dumps:  # the hexagon with the most Waste first
            return max(dumps, key=lambda ap: st.res[ap[1].hex][MIXED] + st.res[ap[1].hex][SEPARATED])[0]
    if room and can_fund and spare < st.cost("dump") and richest(st, seat):
        return FUND()
    if st.round < st.content.rules.rounds:
        wanted = [a for a, p in proposals if p.item == "npk" and npk_wanted(st, p.hex)]
        if wanted and spare >= st.cost("npk"):
            return wanted[0]
        if wanted and can_fund and richest(st, seat) and st.coins[seat] > 500:
            return FUND()
    return DONE()


def npk_wanted(st: ReclaimState, h: int) -> bool:
    """Whether the Farm on ``h`` lacks NPK for its full capacity next round."""
    return st.res[h][NPK] < st.tables.farm_capacity[st.farm_level[h]]


def richest(st: ReclaimState, seat: int) -> bool:
    return st.coins[seat] >= max(st.coins)


def growth_value(st: ReclaimState, a: Action) -> tuple[int, int]:
    """How good a place for a new block: level 1 plants there, a road to a Farm, Urban neighbours;
    not a Farm."""
    road = st.comp["road"]
    fed = {road[f] for f in farms(st)}  # road networks with a Farm
    h = (PLACE_BLOCK if a.kind == PLACE_BLOCK.name else URBANIZE).read(a).hex
    plants = sum(1 for p in st.plants if p[0] == h and p[1] == 1)
    food = 1 if road[h] in fed else 0
    near = sum(1 for nb in st.tables.neighbours[h] if st.terrain[nb] == "urban")
    return (2 * plants + food + near - st.farm_level[h] * 5, -h)


def growth_choice(st: ReclaimState, legal: list[Action]) -> Action:
    return max(legal, key=lambda a: growth_value(st, a))
