"""All players together: joint Political decisions, disease control, the losing conditions, and
growth before the next round.

A decision is a proposal by one player, put to the table: it passes with a majority of all players
(the proposer voting for it) and is paid from the City budget; players may add their own coins to the
City budget first (``fund``). Food import for every unfed Housing block is mandatory and is paid when
all players have said ``done``; what the City budget cannot pay leaves people hungry.

The functions that end a phase (:func:`done`, :func:`before_next_round`, :func:`place_block`,
:func:`urbanize`) return the phase that comes next; the state goes on to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.engine import Action, NoArgs

from .actions import DONE, FUND, HANDLERS, PLACE_BLOCK, PROPOSE, URBANIZE, VOTE, Propose, Vote
from .board import FOOD, MIXED, NPK, SEPARATED, Phase
from .transport import water_has_room, water_hex_for_waste

if TYPE_CHECKING:
    from .rules import ReclaimState

ITEMS = {"npk": "npk", "vaccinate": "vaccination", "dump": "dump"}
_YES, _NO, _FUND, _DONE = VOTE("yes"), VOTE("no"), FUND(), DONE()
"""The actions every political step offers (made once: the lists are built at most steps of a game)."""


def start(st: ReclaimState) -> None:
    """Open the political session after the Contractor's turn."""
    st.proposal = None
    st.votes = [-1] * st.players
    st.pol_done = [False] * st.players
    st.rejections = [0] * st.players
    st.note(f"Political decisions: Food import due {food_import_cost(st)} coins; City budget {st.city}")


def unfed(st: ReclaimState) -> list[int]:
    """Housing blocks on each hexagon without a Food unit for the coming round."""
    return [max(0, sum(bl) - r[FOOD]) for bl, r in zip(st.blocks, st.res, strict=True)]


def food_import_cost(st: ReclaimState) -> int:
    """What the mandatory Food import costs now."""
    need = 0
    for bl, r in zip(st.blocks, st.res, strict=True):
        if bl != [0, 0, 0]:
            short = sum(bl) - r[FOOD]
            if short > 0:
                need += short
    return need * st.cost("food")


def targets(st: ReclaimState, item: str) -> list[int]:
    """Hexagons a proposal of ``item`` may name."""
    if item == "npk":
        limit = st.tables.limit
        res = st.res
        return [h for h, lv in enumerate(st.farm_level) if lv and res[h][NPK] < limit]
    if item == "vaccinate":
        disease = st.disease
        return [h for h, d in enumerate(disease) if d] if any(disease) else []
    if not water_has_room(st):
        return []
    res = st.res  # hexagons with Waste on land (amounts are never negative)
    land = st.tables.terrain_tables(st.terrain).land
    return [h for h in land if res[h][MIXED] or res[h][SEPARATED]]


def legal(st: ReclaimState, seat: int) -> list[Action]:
    """Votes on a pending proposal, or proposals, funding and `done`."""
    if st.proposal is not None:
        return [_YES, _NO]
    acts: list[Action] = []
    rules = st.content.table
    if st.rejections[seat] < rules.rejections_per_round:
        city, proposals = st.city, st.tables.proposals
        for item, decision in ITEMS.items():
            if st.cost(decision) <= city:
                on = proposals[item]
                acts += [on[h] for h in targets(st, item)]
    if st.coins[seat] >= rules.fund_step:
        acts.append(_FUND)
    acts.append(_DONE)
    return acts


@HANDLERS.on(PROPOSE)
def propose(st: ReclaimState, seat: int, a: Propose) -> None:
    """Put a decision to the table; the proposer votes for it."""
    st.proposal = (a.item, a.hex, seat)
    st.votes = [-1] * st.players
    st.votes[seat] = 1


@HANDLERS.on(VOTE)
def vote(st: ReclaimState, seat: int, a: Vote) -> None:
    """Vote on the proposal; the last vote decides it."""
    st.votes[seat] = 1 if a.choice == "yes" else 0
    if min(st.votes) >= 0:
        _decide(st)


@HANDLERS.on(FUND)
def fund(st: ReclaimState, seat: int, a: NoArgs) -> None:
    """Add ``fund_step`` coins of one's own to the City budget."""
    step = st.content.table.fund_step
    st.coins[seat] -= step
    st.city += step
    st.note(f"Seat {seat + 1} adds {step} coins to the City budget")


def done(st: ReclaimState, seat: int) -> Phase:
    """The seat agrees to close the political decisions; when everyone has, the round closes and
    the game goes on to growth, or is over."""
    st.pol_done[seat] = True
    if all(st.pol_done):
        return close(st)
    return "politics"


def _decide(st: ReclaimState) -> None:
    assert st.proposal is not None
    item, h, proposer = st.proposal
    yes = sum(1 for v in st.votes if v == 1)
    st.proposal = None
    if 2 * yes <= st.players:
        st.rejections[proposer] += 1
        st.note(f"The proposal '{item} {h}' is rejected ({yes} of {st.players} for)", kind="decision")
        return
    st.city -= st.cost(ITEMS[item])
    if item == "npk":
        st.res[h][NPK] += 1
    elif item == "vaccinate":
        st.disease[h] -= 1
    else:
        w = MIXED if st.res[h][MIXED] >= st.res[h][SEPARATED] else SEPARATED
        st.res[h][w] -= 1
        st.res[water_hex_for_waste(st, h)][w] += 1
    st.note(f"The table decides '{item} {h}' ({yes} of {st.players} for)", kind="decision")


def explain(st: ReclaimState, seat: int, a: Action) -> str | None:
    """Why a joint-decision step is refused."""
    if a.kind == PROPOSE.name:
        if st.proposal is not None:
            return "the table is voting on a proposal"
        decision = ITEMS[PROPOSE.read(a).item]
        if st.cost(decision) > st.city:
            return (
                f"the City budget ({st.city}) cannot pay {st.cost(decision)}; players may add their own coins"
            )
        if st.rejections[seat] >= st.content.table.rejections_per_round:
            return "you have made enough rejected proposals this round"
        return "there is nothing of that kind on that hexagon"
    if a.kind == FUND.name:
        return f"you need {st.content.table.fund_step} coins to add to the City budget"
    if a.kind == VOTE.name:
        return "there is no proposal to vote on"
    return None


# ----- closing the round ----------------------------------------------------------------------------
def close(st: ReclaimState) -> Phase:
    """Food import, disease control and the losing conditions; then growth before the next round,
    or the end of the game."""
    import_food(st)
    disease_control(st)
    st.lost = losing_causes(st)
    st.history.append({"round": st.round, "disease": sum(st.disease), "hunger": st.hunger})
    rounds = st.content.rules.rounds
    if st.lost or st.round >= rounds:
        st.note("The game is over: " + (st.lost or f"{rounds} rounds played"))
        return "over"
    return "growth"


def import_food(st: ReclaimState) -> None:
    """Import Food for every unfed Housing block, as far as the City budget can pay."""
    price = st.cost("food")
    st.hunger = 0
    for h, need in enumerate(unfed(st)):
        for _ in range(need):
            if st.city >= price:
                st.city -= price
                st.res[h][FOOD] += 1
            else:
                st.hunger += 1
    if st.hunger:
        st.note(f"{st.hunger} Housing block(s) go hungry: the City budget cannot import their Food")


def disease_rolls(st: ReclaimState, h: int) -> int:
    """How many disease dice hexagon ``h`` rolls at Disease control: one per Waste on land, one for a
    Water hexagon holding the most Waste a hexagon may (``max_resource_per_hex``)."""
    waste = st.res[h][MIXED] + st.res[h][SEPARATED]
    if st.terrain[h] == "water":
        return int(waste >= st.content.rules.max_resource_per_hex)
    return waste


def disease_control(st: ReclaimState) -> None:
    """Roll each hexagon's disease dice (``disease_rolls``): a Disease on a Water hexagon, or one of
    its Waste turned to Disease on land."""
    faces = st.tables.disease_faces
    for h, terrain in enumerate(st.terrain):
        r = st.res[h]
        if terrain == "water":
            if disease_rolls(st, h) and st.throw(faces, f"disease die, Water hex {h}") == "disease":
                st.disease[h] += 1
            continue
        for w in (MIXED, SEPARATED):
            for _ in range(r[w]):
                if st.throw(faces, f"disease die, Waste on hex {h}") == "disease":
                    r[w] -= 1
                    st.disease[h] += 1


def losing_causes(st: ReclaimState) -> str:
    """The losing conditions met now, joined ('' when none)."""
    limit = st.content.rules.max_resource_per_hex
    causes = []
    if st.hunger:
        causes.append("hunger")
    if sum(st.disease) >= st.content.rules.disease_limit:
        causes.append("disease")
    water = [h for h, t in enumerate(st.terrain) if t == "water"]
    if water and all(st.res[h][MIXED] + st.res[h][SEPARATED] >= limit for h in water):
        causes.append("pollution")
    return "+".join(causes)


def before_next_round(st: ReclaimState) -> Phase:
    """Change the Cost cards, rotate the roles to the left, then grow the city: the growth phase,
    or at once the next round when no new block can be placed."""
    st.draw_costs()
    st.roles = [st.roles[(s - 1) % st.players] for s in range(st.players)]
    total = sum(sum(bl) for bl in st.blocks)
    st.growth_left = total // st.content.rules.growth_per_blocks
    st.note(f"Growth: {st.growth_left} new level 0 Housing block(s)")
    return "growth" if growth_legal(st) else "turn"


def growth_legal(st: ReclaimState) -> list[Action]:
    """Place a new block on an Urban hexagon with room, or, when all are full, urbanize a hexagon."""
    if st.growth_left <= 0:
        return []
    limit = st.content.rules.max_blocks_per_hex
    homes = [
        h for h, t in enumerate(st.terrain) if t == "urban" and h != st.dump and sum(st.blocks[h]) < limit
    ]
    if homes:
        return [PLACE_BLOCK(h) for h in homes]
    rural = [h for h, t in enumerate(st.terrain) if t == "rural" and h != st.dump]
    return [URBANIZE(h) for h in rural]


def place_block(st: ReclaimState, h: int) -> Phase:
    """Place one new level 0 block on hexagon ``h``; the next round comes when none is left."""
    st.blocks[h][0] += 1
    st.growth_left -= 1
    return "growth" if growth_legal(st) else "turn"


def urbanize(st: ReclaimState, h: int) -> Phase:
    """Turn a Rural hexagon (a Farm gives way) into Urban area and place the new block there."""
    st.terrain[h] = "urban"
    if st.farm_level[h]:
        st.note(f"The Farm on hex {h} gives way to the city")
    st.farm_level[h] = 0
    st.farm_used[h] = 0
    st.note(f"Hex {h} becomes Urban area")
    return place_block(st, h)


def score(st: ReclaimState, seat: int, agenda: int) -> int:
    """Points: each card's level, plus one per symbol matching the agenda."""
    b = st.tables
    wanted = set(st.content.agendas[agenda].symbols)
    total = 0
    for pile, card in st.owned[seat]:
        total += b.pile_level[pile] + sum(1 for s in b.pile_cards[pile][card] if s in wanted)
    return total
