"""All players together: joint Political decisions, disease control, the losing conditions, and
growth before the next round.

"After all players have taken their turn, all players discuss which (if any) of the following
Political decisions that are needed. All joint decisions are paid with the City budget. If the City
budget is not enough, the players may add from their own coins." A decision is a proposal by one
player — what, where, and how many units (``propose``, then ``units`` when more than one is
possible) — put to the table: it passes with a majority of all players, the proposer voting for it, a
tie rejecting it, and is paid from the City budget. Each player adds coins of their own to the City
budget as they choose (``fund`` and ``contribute``: the amount the Food import still lacks, an even
share of it, or round amounts), plays kept Event cards that help now, and says ``done``.

The Food import comes first: "all Housing blocks that have not received Food from the Farms *must
import Food*" (listed first; the others are optional). It is paid from the City budget as the
session opens, and whatever the budget cannot pay is paid from the first coins players add; no
optional decision can be proposed while Food is still owed, so a majority cannot spend the money a
hungry city needs. What is still owed when everyone is done leaves people hungry (the prompt and
``done`` warn of it). There is no limit on proposals: "all players discuss which (if any) ... are
needed"; only a proposal the table has rejected this round, the same decision on the same hexagon with
the same units, may not be put again.

"For every 3 Housing blocks on the board, place 1 new level 0 Housing block ... Players can decide
together which hexagon that should be turned into Urban area": the player who will play Housing in
the coming round proposes where each new block goes (or which hexagon turns Urban) and the table
votes; a rejected hexagon is not proposed again for that block, and the last one left is taken
without a vote.

The functions that end a phase (:func:`done`, :func:`before_next_round`, :func:`grow_on`,
:func:`growth_decided`) return the phase that comes next; the state goes on to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from loopcity.engine import Action, NoArgs
from loopcity.engine.table import DONE, VOTE, Ballot
from loopcity.engine.text import LANGUAGE, _, ngettext

from . import events
from .actions import (
    CONTRIBUTE,
    FUND,
    HANDLERS,
    MAX_CONTRIBUTION,
    MAX_UNITS,
    PLAY_EVENT,
    PROPOSE,
    UNITS,
    Coins,
    Propose,
    Units,
)
from .board import FOOD, MIXED, NPK, SEPARATED, Phase, Terrain, board_changed, home_list
from .transport import water_has_room, water_hex_for_waste, water_room
from .words import causes_text, decision_text, money

if TYPE_CHECKING:
    from .rules import ReclaimState

ITEMS = {"npk": "npk", "vaccinate": "vaccination", "dump": "dump"}
"""Each Political decision put to the table, and its Cost card."""
_YES, _NO, _FUND, _DONE = VOTE("yes"), VOTE("no"), FUND(), DONE()
"""The actions every political step offers (made once: the lists are built at most steps of a game)."""


def start(st: ReclaimState) -> None:
    """Open the political session after the Contractor's turn."""
    st.ballot = None
    st.proposing = None
    st.pol_done = [False] * st.players
    st.rejections = [0] * st.players
    st.rejected = []
    due = food_import_cost(st)
    city = st.city
    st.note(
        lambda: _(
            "Political decisions, all players together: the Food import costs {due}; the City budget holds {city}."
        ).format(due=money(due), city=money(city)),
        kind="info",
    )
    settle_food(st)


def food_owed(st: ReclaimState) -> bool:
    """Whether the City budget lacks coins for the mandatory Food import still to pay."""
    return food_short(st) > 0


def settle_food(st: ReclaimState) -> None:
    """Pay the mandatory Food import from the City budget, as far as it goes, before anything else:
    as the session opens and whenever coins come to the City budget while Food is still owed."""
    price = st.cost("food")
    if st.city < price:  # not one unit can be bought (the loop below would buy none)
        return
    bought = 0
    blocks, res = st.blocks, st.res
    for h in home_list(st):  # in order; no other hexagon has a Housing block to feed
        bl, r = blocks[h], res[h]
        need = bl[0] + bl[1] + bl[2] - r[FOOD]
        while need > 0 and st.city >= price:
            st.city -= price
            r[FOOD] += 1
            bought += 1
            need -= 1
    if not bought:
        return
    _stage_import(st, bought, bought * price, 0)
    owed = food_import_cost(st)
    food, coins = bought, bought * price

    def line() -> str:
        if owed:
            return _(
                "The Food import comes first: {food} Food for {coins} from the City budget; {owed} more is owed."
            ).format(food=food, coins=money(coins), owed=money(owed))
        return _(
            "The Food import comes first: {food} Food for {coins} from the City budget; every Housing block is fed."
        ).format(food=food, coins=money(coins))

    st.note(line, kind="event")


def _stage_import(st: ReclaimState, food: int, coins: int, hungry: int) -> None:
    """Add to this round's Food import line on stage (one line a round: bought, paid, hungry)."""
    for i, line in enumerate(st.on_stage):
        if line[0] == "import" and line[1] == st.round:
            st.on_stage[i] = ("import", st.round, line[2] + food, line[3] + coins, line[4] + hungry)
            return
    st.show(("import", st.round, food, coins, hungry))


def unfed(st: ReclaimState) -> list[int]:
    """Housing blocks on each hexagon without a Food unit for the coming round."""
    out = []
    for bl, r in zip(st.blocks, st.res, strict=True):  # a hexagon's blocks: 3 levels
        short = bl[0] + bl[1] + bl[2] - r[FOOD]
        out.append(short if short > 0 else 0)
    return out


def food_import_cost(st: ReclaimState) -> int:
    """What the mandatory Food import costs now."""
    need = 0
    blocks, res = st.blocks, st.res
    for h in home_list(st):  # the hexagons with Housing blocks
        bl = blocks[h]
        short = bl[0] + bl[1] + bl[2] - res[h][FOOD]
        if short > 0:
            need += short
    return need * max(0, st.costs["food"] + st.cost_mods["food"])


def food_short(st: ReclaimState) -> int:
    """Coins the City budget lacks for the mandatory Food import (0 when it can pay)."""
    return max(0, food_import_cost(st) - st.city)


def hungry_if_closed(st: ReclaimState) -> int:
    """Housing blocks that would go hungry if the Food import were paid now."""
    price = st.cost("food")
    need = sum(unfed(st))
    if price <= 0:
        return 0
    return max(0, need - st.city // price)


def most_units(st: ReclaimState, item: str, h: int, due: int | None = None) -> int:
    """How many units a proposal of ``item`` on hexagon ``h`` may cover now: what the hexagon allows
    (room for NPK on the Farm, its Disease, its Waste and the Water's room), what the City budget can
    pay, at most ``MAX_UNITS`` (``due``: what the Food import costs now, when known)."""
    res = st.res[h]
    if item == "npk":
        room = st.game.tables.limit - res[NPK] if st.farm_level[h] else 0
    elif item == "vaccinate":
        room = st.disease[h]
    else:
        room = min(res[MIXED] + res[SEPARATED], water_room(st)) if st.terrain[h] != "water" else 0
    price = st.cost(ITEMS[item])
    spare = st.city - (food_import_cost(st) if due is None else due)  # the Food import comes first
    affordable = max(0, spare) // price if price else MAX_UNITS
    return max(0, min(room, affordable, MAX_UNITS))


def targets(st: ReclaimState, item: str) -> list[int]:
    """Hexagons a proposal of ``item`` may name."""
    if item == "npk":
        limit = st.game.tables.limit
        res = st.res
        return [h for h, lv in enumerate(st.farm_level) if lv and res[h][NPK] < limit]
    if item == "vaccinate":
        disease = st.disease
        return [h for h, d in enumerate(disease) if d] if any(disease) else []
    if not water_has_room(st):
        return []
    res = st.res  # hexagons with Waste on land (amounts are never negative)
    land = st.game.tables.terrain_tables(st.terrain).land
    return [h for h in land if res[h][MIXED] or res[h][SEPARATED]]


def legal(st: ReclaimState, seat: int) -> list[Action]:
    """How many units the proposer puts to the table, or: proposals, kept Event cards that help now,
    coins for the City budget, and ``done``."""
    if st.proposing is not None:
        named, where, _by = st.proposing
        return [UNITS(n) for n in _units_left(st, named, where)]
    due = food_import_cost(st)  # worked out once for the proposals and the coins
    acts = proposals(st, st.game.tables.terrain_tables(st.terrain), due) if due <= st.city else []
    if st.rejected and acts:
        turned_down = {(item, h) for item, h, _n in st.rejected}
        acts = [a for a in acts if _may_propose(st, a, turned_down, due)]
    hand = st.hands[seat]
    if hand:
        acts += [PLAY_EVENT(i) for i in range(len(hand)) if events.playable(st, seat, i)]
    acts += contributions(st, seat, due)
    acts.append(_DONE)
    return acts


def _may_propose(st: ReclaimState, a: Action, turned_down: set[tuple[str, int]], due: int) -> bool:
    """Whether a proposal may be made: any units of it not yet rejected this round (``due``: what
    the Food import costs now)."""
    p = PROPOSE.read(a)
    return (p.item, p.hex) not in turned_down or bool(_units_left(st, p.item, p.hex, due))


def _units_left(st: ReclaimState, item: str, h: int, due: int | None = None) -> list[int]:
    """The numbers of units a proposal of ``item`` on ``h`` may cover: those possible now, less any the
    table has rejected this round for the same decision on the same hexagon (``due``: what the Food
    import costs now, when known)."""
    out = range(1, most_units(st, item, h, due) + 1)
    return [n for n in out if [item, h, n] not in st.rejected]


def proposals(st: ReclaimState, terrain: Terrain, due: int | None = None) -> list[Action]:
    """The proposals the City budget can pay once the Food import is settled: NPK onto each Farm with
    room, vaccination on each hexagon with Disease, dumping the Waste of each land hexagon while the
    Water has room (in that order, each by hexagon: what ``targets`` gives)."""
    if due is None:
        due = food_import_cost(st)
    if due > st.city:  # the Food import still lacks coins: it comes first
        return []
    city = st.city - due  # what the Food import leaves (all of it once paid)
    costs, mods = st.costs, st.cost_mods
    b = st.game.tables
    table, limit, res = b.proposals, b.limit, st.res
    acts: list[Action] = []
    if max(0, costs["npk"] + mods["npk"]) <= city:
        on = table["npk"]
        acts += [on[h] for h, lv in enumerate(st.farm_level) if lv and res[h][NPK] < limit]
    disease = st.disease
    if any(disease) and max(0, costs["vaccination"] + mods["vaccination"]) <= city:
        on = table["vaccinate"]
        acts += [on[h] for h, d in enumerate(disease) if d]
    if max(0, costs["dump"] + mods["dump"]) <= city and any(
        res[h][MIXED] + res[h][SEPARATED] < limit for h in terrain.water
    ):
        on = table["dump"]
        acts += [on[h] for h in terrain.land if res[h][MIXED] or res[h][SEPARATED]]
    return acts


def contributions(st: ReclaimState, seat: int, due: int | None = None) -> list[Action]:
    """What ``seat`` may add to the City budget in one step: ``fund`` (``fund_step`` coins), the
    whole amount the Food import still lacks, an even share of it among the players still deciding,
    and the content's round amounts; never more than the seat holds (``due``: what the Food import
    costs now, when known)."""
    coins = st.coins[seat]
    if coins <= 0:
        return []
    short = food_short(st) if due is None else max(0, due - st.city)
    share = even_share(st, short) if short else 0
    offered = st.game.tables.offered  # the same actions for the same amounts: kept by them
    found = offered.get((coins, short, share))
    if found is None:
        if len(offered) >= 4096:
            offered.clear()
        found = offered[coins, short, share] = _contributions(st, coins, short, share)
    return found.copy()


def _contributions(st: ReclaimState, coins: int, short: int, share: int) -> list[Action]:
    """``contributions`` of a seat holding ``coins`` (more than 0), while the Food import lacks
    ``short`` and ``share`` is the even share of it."""
    step = st.game.content.table.fund_step
    acts: list[Action] = [_FUND] if coins >= step else []
    if not short:
        return acts + [a for x, a in st.game.tables.round_amounts if x <= coins]
    amounts = [x for x, _a in st.game.tables.round_amounts if x <= coins]
    amounts.append(min(short, coins))
    if share < short and share <= coins:
        amounts.append(share)
    return acts + [CONTRIBUTE(x) for x in sorted({min(x, MAX_CONTRIBUTION) for x in amounts} - {step})]


def even_share(st: ReclaimState, short: int) -> int:
    """An even share of ``short`` coins among the players still deciding who hold coins (rounded up)."""
    deciding = 0
    for done, coins in zip(st.pol_done, st.coins, strict=True):
        if not done and coins > 0:
            deciding += 1
    return -(-short // max(1, deciding))


@HANDLERS.on(PROPOSE)
def propose(st: ReclaimState, seat: int, a: Propose) -> None:
    """Name a decision and its hexagon; then how many units, when more than one is possible."""
    left = _units_left(st, a.item, a.hex)
    if len(left) > 1:
        st.proposing = (a.item, a.hex, seat)
    else:
        put(st, a.item, a.hex, left[0], seat)


@HANDLERS.on(UNITS)
def units(st: ReclaimState, seat: int, a: Units) -> None:
    """Put the decision named, with ``n`` units, to the table."""
    assert st.proposing is not None
    item, h, by = st.proposing
    st.proposing = None
    put(st, item, h, a.n, by)


def put(st: ReclaimState, item: str, h: int, n: int, by: int) -> None:
    """Ask the table: a majority of all players passes it, a tie rejects it; the proposer votes yes."""
    st.ask(item, {"hex": h, "units": n}, by, tie="rejected")


@HANDLERS.on(FUND)
def fund(st: ReclaimState, seat: int, a: NoArgs) -> None:
    """Add ``fund_step`` coins of one's own to the City budget."""
    give(st, seat, st.game.content.table.fund_step)


@HANDLERS.on(CONTRIBUTE)
def contribute(st: ReclaimState, seat: int, a: Coins) -> None:
    """Add the chosen amount of one's own coins to the City budget."""
    give(st, seat, a.coins)


def give(st: ReclaimState, seat: int, coins: int) -> None:
    """Coins of one's own to the City budget; they pay the Food import first while it is owed."""
    st.coins[seat] -= coins
    st.city += coins
    if st.cost("food") > 0 and _any_unfed(st):
        settle_food(st)


def _any_unfed(st: ReclaimState) -> bool:
    """Whether some Housing block lacks its Food unit (``any(unfed(st))``, stopping at the first)."""
    blocks, res = st.blocks, st.res
    for h in home_list(st):
        bl = blocks[h]
        if bl[0] + bl[1] + bl[2] > res[h][FOOD]:
            return True
    return False


def done(st: ReclaimState, seat: int) -> Phase:
    """The seat agrees to close the political decisions; when everyone has, the round closes and
    the game goes on to growth, or is over."""
    st.pol_done[seat] = True
    if all(st.pol_done):
        return close(st)
    return "politics"


def decided(st: ReclaimState, ballot: Ballot, carried: bool) -> None:
    """Carry out a Political decision the table passed (paid from the City budget), or count the
    proposer's rejection."""
    item, data = ballot["subject"], ballot["data"]
    h, n = data["hex"], data["units"]
    yes = sum(1 for v in ballot["votes"].values() if v == "yes")
    price = st.cost(ITEMS[item]) * n
    st.note(lambda: _decision_line(st, item, h, n, price, yes, carried), kind="decision")
    if not carried:
        st.rejections[ballot["by"]] += 1
        st.rejected.append([item, h, n])
        return
    st.city -= price
    for _unit in range(n):
        _one_unit(st, item, h)


def _decision_line(st: ReclaimState, item: str, h: int, n: int, price: int, yes: int, carried: bool) -> str:
    """The log line of the table's decision (kept once made: the table decides often)."""
    memo = st.game.tables.said.setdefault(LANGUAGE.get(), {})
    key = ("decided", item, h, n, price, yes, carried)
    line = memo.get(key)
    if line is None:
        what = decision_text(item, h, n, price)
        if carried:
            text = _("The table decides to {what} ({yes} of {n} for).")
        else:
            text = _("The table rejects the proposal to {what} ({yes} of {n} for).")
        line = memo[key] = text.format(what=what, yes=yes, n=st.players)
    return str(line)


def _one_unit(st: ReclaimState, item: str, h: int) -> None:
    if item == "npk":
        st.res[h][NPK] += 1
    elif item == "vaccinate":
        st.disease[h] -= 1
    else:
        w = MIXED if st.res[h][MIXED] >= st.res[h][SEPARATED] else SEPARATED
        st.res[h][w] -= 1
        st.res[water_hex_for_waste(st, h)][w] += 1


def explain(st: ReclaimState, seat: int, a: Action) -> str | None:
    """Why a joint-decision step is refused, in the rulebook's words, with the amounts."""
    if st.proposing is not None:
        return _("first say how many units your proposal covers")
    if a.kind == PROPOSE.name:
        p = PROPOSE.read(a)
        decision = ITEMS[p.item]
        if food_owed(st):
            return _(
                "the Food import comes first: it still lacks {owed}; coins added to the City budget pay it"
            ).format(owed=money(food_short(st)))
        if food_import_cost(st) and st.cost(decision) <= st.city:
            return _("the Food import comes first: the City budget keeps {due} for it").format(
                due=money(food_import_cost(st))
            )
        if st.cost(decision) > st.city:
            return _(
                "the City budget ({city}) cannot pay {price}; players may add their own coins first"
            ).format(city=money(st.city), price=money(st.cost(decision)))
        if p.hex in targets(st, p.item) and not _units_left(st, p.item, p.hex):
            return _("the table has rejected that proposal this round; propose something else")
        return _("there is nothing on hex {hex} for that decision").format(hex=p.hex)
    if a.kind in (FUND.name, CONTRIBUTE.name):
        amount = CONTRIBUTE.read(a).coins if a.kind == CONTRIBUTE.name else st.game.content.table.fund_step
        if amount > st.coins[seat]:
            return _("you cannot add {amount}: you have {coins}").format(
                amount=money(amount), coins=money(st.coins[seat])
            )
        return _("one step adds {fund}, what the Food import lacks, an even share of it, or {steps}").format(
            fund=money(st.game.content.table.fund_step),
            steps=", ".join(money(x) for x in st.game.content.table.contribution_steps) or "-",
        )
    if a.kind == VOTE.name:
        return _("there is no proposal to vote on")
    if a.kind == UNITS.name:
        return _("there is no proposal waiting for its number of units")
    if a.kind == PLAY_EVENT.name:
        return _(
            "in the Political decisions a kept card is played when it helps now (money, Disease, Waste, NPK)"
        )
    return None


# ----- closing the round ----------------------------------------------------------------------------
def close(st: ReclaimState) -> Phase:
    """Food import, disease control and the losing conditions; then growth before the next round,
    or the end of the game."""
    import_food(st)
    disease_control(st)
    st.lost = losing_causes(st)
    st.history.append({"round": st.round, "disease": sum(st.disease), "hunger": st.hunger})
    rounds = st.game.content.rules.rounds
    if st.lost:
        lost = st.lost
        st.note(
            lambda: _("The game is over: the city is lost to {causes}.").format(causes=causes_text(lost)),
            kind="event",
        )
        return "over"
    if st.round >= rounds:
        st.note(lambda: _("The game is over: {n} rounds played.").format(n=rounds), kind="event")
        return "over"
    return "growth"


def import_food(st: ReclaimState) -> None:
    """Import Food for every Housing block still unfed, as far as the City budget can pay (most of it
    was paid as the session opened: :func:`settle_food`); the stage line and the log say the round's
    whole import."""
    price = st.cost("food")
    st.hunger = 0
    bought = 0
    blocks, res = st.blocks, st.res
    for h in home_list(st):  # in order; no other hexagon has a Housing block to feed
        bl = blocks[h]
        for _unit in range(bl[0] + bl[1] + bl[2] - res[h][FOOD]):
            if st.city >= price:
                st.city -= price
                res[h][FOOD] += 1
                bought += 1
            else:
                st.hunger += 1
    if not bought and not st.hunger:
        return  # all paid as the session went (its log line said so)
    _stage_import(st, bought, bought * price, st.hunger)
    line_of = next((x for x in st.on_stage if x[0] == "import" and x[1] == st.round), None)
    if line_of is not None:
        bought, paid, hungry = line_of[2], line_of[3], st.hunger

        def line() -> str:
            if hungry:
                text = ngettext(
                    "Food import: {food} Food for {coins} from the City budget; {hungry} Housing block goes hungry.",
                    "Food import: {food} Food for {coins} from the City budget; {hungry} Housing blocks go hungry.",
                    hungry,
                )
            else:
                text = _(
                    "Food import: {food} Food for {coins} from the City budget; no Housing block goes hungry."
                )
            return text.format(food=bought, coins=money(paid), hungry=hungry)

        st.note(line, kind="event")


def disease_rolls(st: ReclaimState, h: int) -> int:
    """How many disease dice hexagon ``h`` rolls at Disease control: one per Waste on land, one for a
    Water hexagon holding the most Waste a hexagon may (``max_resource_per_hex``)."""
    waste = st.res[h][MIXED] + st.res[h][SEPARATED]
    if st.terrain[h] == "water":
        return int(waste >= st.game.content.rules.max_resource_per_hex)
    return waste


def disease_control(st: ReclaimState) -> None:
    """Roll each hexagon's disease dice (``disease_rolls``): a Disease on a Water hexagon, or one of
    its Waste turned to Disease on land."""
    faces = st.game.tables.disease_faces
    most = st.game.content.rules.max_resource_per_hex
    for h, (terrain, r) in enumerate(zip(st.terrain, st.res, strict=True)):
        if terrain == "water":
            if r[MIXED] + r[SEPARATED] >= most:  # disease_rolls: a full Water hexagon rolls one die
                _control(st, h, True, faces)
        elif r[MIXED] or r[SEPARATED]:  # a die per Waste on land (amounts are never negative)
            _control(st, h, False, faces)


def _control(st: ReclaimState, h: int, water: bool, faces: tuple[str, ...]) -> None:
    """Disease control on hexagon ``h``."""
    r = st.res[h]
    rolls = diseases = 0
    if water:
        if disease_rolls(st, h):
            rolls = 1
            if st.throw(faces, lambda: _("the disease die for Water hex {hex}").format(hex=h)) == "disease":
                st.disease[h] += 1
                diseases = 1
    else:
        for w in (MIXED, SEPARATED):
            for _unit in range(r[w]):
                rolls += 1
                if (
                    st.throw(faces, lambda: _("the disease die for a Waste on hex {hex}").format(hex=h))
                    == "disease"
                ):
                    r[w] -= 1
                    st.disease[h] += 1
                    diseases += 1
    if rolls:
        st.show(("control", st.round, h, rolls, diseases))
        st.note(
            lambda: ngettext(
                "Disease control on hex {hex}: {rolls} die rolled, {diseases} Disease.",
                "Disease control on hex {hex}: {rolls} dice rolled, {diseases} Disease.",
                rolls,
            ).format(hex=h, rolls=rolls, diseases=diseases),
            kind="event",
        )


def losing_causes(st: ReclaimState) -> str:
    """The losing conditions met now, joined ('' when none)."""
    limit = st.game.content.rules.max_resource_per_hex
    causes = []
    if st.hunger:
        causes.append("hunger")
    if sum(st.disease) >= st.game.content.rules.disease_limit:
        causes.append("disease")
    water = [h for h, t in enumerate(st.terrain) if t == "water"]
    if water and all(st.res[h][MIXED] + st.res[h][SEPARATED] >= limit for h in water):
        causes.append("pollution")
    return "+".join(causes)


# ----- growth -----------------------------------------------------------------------------------------
def before_next_round(st: ReclaimState) -> Phase:
    """Change the Cost cards, rotate the roles to the left, then grow the city: the growth phase,
    or at once the next round when no new block can be placed."""
    st.draw_costs()
    st.roles = [st.roles[(s - 1) % st.players] for s in range(st.players)]
    total = sum(sum(bl) for bl in st.blocks)
    st.growth_left = total // st.game.content.rules.growth_per_blocks
    st.growth_rejected = []
    growth = st.growth_left
    st.note(
        lambda: ngettext(
            "Growth: {n} new level 0 Housing block; the table decides where.",
            "Growth: {n} new level 0 Housing blocks; the table decides where.",
            growth,
        ).format(n=growth),
        kind="info",
    )
    return "growth" if growth_legal(st) else "turn"


def growth_places(st: ReclaimState) -> tuple[str, list[int]]:
    """Where the next new block may go: ``place_block`` and the Urban hexagons with room (not the
    Dump), or, when all are full, ``urbanize`` and the Rural hexagons (a Farm gives way); the
    hexagons the table rejected for this block left out."""
    limit = st.game.content.rules.max_blocks_per_hex
    no = st.growth_rejected
    homes = [
        h
        for h, t in enumerate(st.terrain)
        if t == "urban" and h != st.dump and sum(st.blocks[h]) < limit and h not in no
    ]
    if homes:
        return "place_block", homes
    return "urbanize", [h for h, t in enumerate(st.terrain) if t == "rural" and h != st.dump and h not in no]


def growth_legal(st: ReclaimState) -> list[Action]:
    """The hexagons the Housing player of the coming round may propose for the next new block."""
    if st.growth_left <= 0:
        return []
    subject, hexes = growth_places(st)
    table = st.game.tables.growth[subject]
    return [table[h] for h in hexes]


def propose_growth(st: ReclaimState, seat: int, subject: str, h: int) -> Phase:
    """Put the hexagon to the table (a majority of the players; a tie carries it, except that a Farm
    gives way on a tie only when no free Rural hexagon is left); the last hexagon left is taken
    without a vote."""
    _subject, hexes = growth_places(st)
    if len(hexes) == 1:
        return grow_on(st, subject, h)
    st.ask(subject, {"hex": h}, seat, tie="carried" if subject == "place_block" else growth_tie(st, h))
    return "growth"


def growth_tie(st: ReclaimState, h: int) -> Literal["carried", "rejected"]:
    """What a tie does when the table is asked to turn hexagon ``h`` Urban: it carries, except for
    a Farm while a free Rural hexagon is left ("If there are no free Rural hexagons, or if the players
    decide to do so, a Farm can be converted into Urban area": then a majority must decide it)."""
    _subject, hexes = growth_places(st)
    if st.farm_level[h] and any(not st.farm_level[x] for x in hexes):
        return "rejected"
    return "carried"


def growth_decided(st: ReclaimState, ballot: Ballot, carried: bool) -> Phase:
    """Place the block where the table agreed, or leave the rejected hexagon out for this block."""
    h = ballot["data"]["hex"]
    if carried:
        st.note(
            lambda: _("The table decides: the new Housing block goes on hex {hex}.").format(hex=h),
            kind="decision",
        )
        return grow_on(st, ballot["subject"], h)
    st.growth_rejected.append(h)
    st.note(
        lambda: _("The table rejects hex {hex} for the new Housing block.").format(hex=h), kind="decision"
    )
    return "growth"


def grow_on(st: ReclaimState, subject: str, h: int) -> Phase:
    """Place one new level 0 block on ``h`` (turned Urban first for ``urbanize``); the next round
    comes when none is left."""
    if subject == "urbanize":
        urbanize(st, h)
    st.blocks[h][0] += 1
    board_changed(st)
    st.growth_left -= 1
    st.growth_rejected = []
    return "growth" if growth_legal(st) else "turn"


def urbanize(st: ReclaimState, h: int) -> None:
    """Turn a Rural hexagon (a Farm gives way) into Urban area."""
    st.terrain[h] = "urban"
    board_changed(st)
    if st.farm_level[h]:
        st.note(lambda: _("The Farm on hex {hex} gives way to the city.").format(hex=h), kind="info")
    st.farm_level[h] = 0
    st.farm_used[h] = 0
    st.note(lambda: _("Hex {hex} becomes Urban area.").format(hex=h), kind="info")


def growth_explain(st: ReclaimState, action: Action) -> str:
    """Why a growth step is refused."""
    subject, hexes = growth_places(st)
    where = ", ".join(str(h) for h in hexes)
    if subject == "place_block" and action.kind == "urbanize":
        return _(
            "a hexagon becomes Urban only when every Urban area is full ({where} still have room)"
        ).format(where=where)
    if subject == "urbanize":
        return _(
            "every Urban area is full: propose a Rural hexagon to turn into Urban area ({where}); "
            "never Wetland or Mountain"
        ).format(where=where)
    return _(
        "new level 0 blocks go on an Urban hexagon with fewer than {limit} Housing blocks, not the Dump "
        "({where})"
    ).format(limit=st.game.content.rules.max_blocks_per_hex, where=where)


def score(st: ReclaimState, seat: int, agenda: int) -> int:
    """Points: each card's level, plus one per symbol matching the agenda."""
    b = st.game.tables
    wanted = set(st.game.content.agendas[agenda].symbols)
    total = 0
    for pile, card in st.owned[seat]:
        total += b.pile_level[pile] + sum(1 for s in b.pile_cards[pile][card] if s in wanted)
    return total
