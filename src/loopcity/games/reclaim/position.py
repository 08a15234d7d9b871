"""RECLAIM positions: any moment of a game written by hand, and the game's invariants.

A position (see :mod:`loopcity.engine.position`) names the round and whose turn it is, what lies on
each hexagon, the transportation, the players (seat 1 first: role, coins, Hidden agenda, cards), the
card piles and the Event cards. Hexagons are numbered as in the content's map (``[[hexes]]`` ids,
from 0); seats are counted from 1 wherever a field names one (``proposal.by``). Cards are named by
their ``id`` in the content (Event cards, Hidden agendas) or as ``pile:number``, the number being the
card's place in its pile's list in the content (Infrastructure cards, from 0). Amounts of 0, and
hexagons that hold nothing, are left out. A short example (docs/games/reclaim.md has a whole one)::

    game = "reclaim"
    variant = "calm"
    seed = 3

    round = 2
    turn = "treatment"
    city_budget = 400
    cost_cards = { vaccination = 300, food = 250, npk = 150, dump = 50 }
    treatment_plants = [{ hex = 4, level = 0 }, { hex = 9, level = 1 }]
    transportation = [{ a = 5, b = 9, transport = "road" }, { a = 4, b = 8, transport = "grey" }]

    [hexagons.8]
    housing_blocks = [3, 0, 0]
    food = 3

    [[seats]]
    role = "contractor"
    coins = 1200
    hidden_agenda = "environment_economy"
    cards = ["road:0"]
    ...

:func:`check` holds the invariants every position must satisfy, played or written by hand; it names
what is wrong ("the game holds 20 Event cards: deck 12 + discarded 3 + kept 1 + waiting 0 = 16").
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Literal, cast

from pydantic import Field

from loopcity.engine import PositionError, PositionModel
from loopcity.engine.table import Ballot, ask, offer

from .actions import Decision
from .board import (
    CONTRACTOR,
    DECISIONS,
    FARMING,
    MIXED,
    RESOURCES,
    ROLES,
    SEPARATED,
    SLUDGE,
    Phase,
    Stage,
    components,
)
from .content import Role, Transport

if TYPE_CHECKING:
    from .rules import ReclaimState

Vote = Literal["", "yes", "no"]
Question = Literal["npk", "vaccinate", "dump", "dump_site", "place_block", "urbanize", "sludge"]
"""What the table may be asked: a Political decision (``npk``, ``vaccinate``, ``dump``), the Dump
(``dump_site``), where a new Housing block goes (``place_block``, ``urbanize``), or Sludge offered to
the Farming player (``sludge``)."""
_POLITICAL = ("npk", "vaccinate", "dump")
_RESOURCE_FIELDS = ("food", "mixed_waste", "separated_waste", "sludge", "npk")
"""The position's names of the resources, in the order of :data:`.board.RESOURCES`."""


class Hexagon(PositionModel):
    """What lies on one hexagon; a hexagon left out of ``hexagons`` holds nothing, and an amount left
    out is 0."""

    housing_blocks: list[int] | None = Field(
        default=None, min_length=3, max_length=3, description="Housing blocks of level 0, 1 and 2"
    )
    fed: int | None = Field(
        default=None, ge=0, description="Housing blocks here that have converted Food into Waste this round"
    )
    farm: int | None = Field(default=None, ge=0, le=2, description="the level of the Farm here")
    farm_conversions: int | None = Field(
        default=None, ge=0, description="NPK or Sludge the Farm has converted into Food this round"
    )
    food: int | None = Field(default=None, ge=0, description="Food units")
    mixed_waste: int | None = Field(default=None, ge=0, description="Mixed Waste units")
    separated_waste: int | None = Field(default=None, ge=0, description="Separated Waste units")
    sludge: int | None = Field(default=None, ge=0, description="Sludge units")
    npk: int | None = Field(default=None, ge=0, description="NPK units")
    disease: int | None = Field(default=None, ge=0, description="Disease units")


class Plant(PositionModel):
    """A Treatment plant."""

    hex: int = Field(ge=0, description="the Urban hexagon it stands on")
    level: int = Field(ge=0, le=2, description="its level: 0 (the existing plant), 1 or 2")
    treated: int = Field(default=0, ge=0, description="units of Waste it has treated this round")


class Transportation(PositionModel):
    """Transportation infrastructure between two neighbouring hexagons (as in the content's set-up)."""

    a: int = Field(ge=0, description="one hexagon it joins")
    b: int = Field(ge=0, description="the neighbouring hexagon it joins")
    transport: Transport = Field(
        description="road (Food, Sludge, NPK), grey (Mixed Waste) or green (Separated Waste)"
    )


class Seat(PositionModel):
    """One player (``seats`` lists them from seat 1)."""

    role: Role = Field(description="the role the player holds this round")
    coins: int = Field(ge=0, description="the player's own coins (C)")
    hidden_agenda: str = Field(description="the id of the player's Hidden agenda card")
    cards: list[str] = Field(
        default=[],
        description="Infrastructure cards in front of the player, in the order taken: 'pile:card', the "
        "card by its place in the pile's list in the content ('house1:0' the first level 1 Housing card)",
    )
    kept_events: list[str] = Field(
        default=[], description="ids of the positive Event cards the player keeps to play later"
    )
    rejected_proposals: int = Field(
        default=0, ge=0, description="proposals of the player the table has rejected this round"
    )
    done: bool = Field(default=False, description="the player has said done to the Political decisions")
    vote: Vote = Field(
        default="", description="the player's answer to the open proposal ('' not answered, or none open)"
    )


class Pile(PositionModel):
    """An Infrastructure card pile."""

    face_up: list[int] = Field(
        description="the face-up cards, by their place in the pile's list in the content"
    )
    face_down: list[int] = Field(
        default=[], description="the cards still face down in the pile, the top card last"
    )


class Proposal(PositionModel):
    """A question put to the table (or, for ``sludge``, to the Farming player) and not yet decided;
    the answers given so far are the seats' ``vote``."""

    decision: Question = Field(
        description="npk (import NPK onto a Farm), vaccinate, dump (Waste in the Water), dump_site (the "
        "Dump), place_block or urbanize (where a new Housing block goes), sludge (Sludge to a Farm)"
    )
    hex: int = Field(ge=0, description="the hexagon it concerns (for sludge: the Farm)")
    units: int = Field(default=1, ge=1, description="how many units a Political decision covers")
    source: int | None = Field(default=None, ge=0, description="sludge: the hexagon the Sludge comes from")
    by: int = Field(ge=1, description="the seat (from 1) that proposed it")


class Rejected(PositionModel):
    """A Political decision the table rejected this round."""

    decision: Decision = Field(description="npk, vaccinate or dump")
    hex: int = Field(ge=0, description="the hexagon it concerned")
    units: int = Field(ge=1, description="how many units it covered")


class Proposing(PositionModel):
    """A Political decision named whose number of units the proposer chooses next."""

    decision: Decision = Field(description="npk, vaccinate or dump")
    hex: int = Field(ge=0, description="the hexagon it concerns")
    by: int = Field(ge=1, description="the seat (from 1) that proposes it")


class StageLine(PositionModel):
    """Something that happened on stage this round (and the last round's Food import and disease
    control), for everyone to see."""

    what: Literal["event", "conversion", "sludge", "control", "import"] = Field(
        description="an Event card, the conversion die at a level 0 plant, the disease die for Sludge "
        "on a Farm, disease control on a hexagon, the Food import"
    )
    round: int = Field(ge=1, description="the round it happened in")
    card: str | None = Field(default=None, description="event: the Event card's id")
    how: Literal["applied", "kept", "played", "waiting"] | None = Field(
        default=None, description="event: applied at once, kept by a player, played, or waiting for the round"
    )
    seat: int | None = Field(
        default=None, ge=1, description="event: the seat (from 1) that keeps or plays it"
    )
    hexes: list[int] = Field(default=[], description="event: the hexagons it touched")
    hex: int | None = Field(default=None, ge=0, description="conversion, sludge, control: the hexagon")
    success: bool | None = Field(default=None, description="conversion, sludge: the die showed a check mark")
    water: int | None = Field(
        default=None, ge=0, description="conversion: the Water hexagon the Waste ran into"
    )
    dice: int | None = Field(default=None, ge=0, description="control: dice rolled")
    diseases: int | None = Field(default=None, ge=0, description="control: Disease that came of them")
    food: int | None = Field(default=None, ge=0, description="import: Food imported")
    coins: int | None = Field(default=None, ge=0, description="import: what it cost the City budget")
    hungry: int | None = Field(default=None, ge=0, description="import: Housing blocks left hungry")


class RoundEnd(PositionModel):
    """The table at the end of a round played."""

    round: int = Field(ge=1, description="the round")
    disease: int = Field(ge=0, description="Disease units on the board after disease control")
    hunger: int = Field(ge=0, description="Housing blocks left hungry by the Food import")


class ReclaimPosition(PositionModel):
    """A moment of a RECLAIM game."""

    round: int = Field(ge=1, description="the round being played")
    phase: Phase = Field(
        default="turn",
        description="turn (the players' turns), politics (the Joint Political decisions), "
        "growth (new Housing blocks before the next round) or over",
    )
    turn: Role = Field(
        default="housing", description="the role whose turn it is (the last turn's, after the turns)"
    )
    plays: Role | None = Field(
        default=None, description="the role the Independent contractor plays this turn, once chosen"
    )
    stage: Stage = Field(
        default="build",
        description="the step of the turn: role (the contractor chooses a role), build, fetch, convert or send",
    )
    build_actions_left: int | None = Field(
        default=None,
        ge=0,
        description="build actions left in this turn (left out: the content's builds_per_turn)",
    )
    card_to_choose: str | None = Field(
        default=None, description="the pile whose face-up Infrastructure card the player must choose now"
    )
    transportation_started: tuple[Transport, int] | None = Field(
        default=None,
        description="transportation being built: [kind, the hexagon it starts from]; its far end comes next",
    )
    city_budget: int = Field(ge=0, description="coins (C) in the City budget")
    cost_cards: dict[str, int] = Field(
        description="the face-up Cost card of each Political decision: vaccination, food, npk, dump"
    )
    event_cost_changes: dict[str, int] | None = Field(
        default=None, description="changes Event cards made to this round's costs, by decision"
    )
    farm_capacity_change: int = Field(
        default=0, description="the change Event cards made to Farm capacity this round"
    )
    plant_capacity_change: int = Field(
        default=0, description="the change Event cards made to Treatment plant capacity this round"
    )
    hexagons: dict[int, Hexagon] = Field(
        description="what lies on each hexagon, by its id; others hold nothing"
    )
    urbanized: list[int] = Field(default=[], description="hexagons turned from Rural into Urban area")
    dump: int | None = Field(default=None, ge=0, description="the Dump hexagon for Sludge, once chosen")
    treatment_plants: list[Plant] = Field(description="the Treatment plants, in the order they were built")
    transportation: list[Transportation] = Field(
        description="the transportation infrastructure, oldest first (an Event destroys the oldest of a kind)"
    )
    seats: list[Seat] = Field(description="the players, seat 1 first")
    piles: dict[str, Pile] = Field(
        default={},
        description="the Infrastructure card piles by id; a pile left out holds the cards no player has, "
        "in the content's order, the first ones face up",
    )
    event_deck: list[str] | None = Field(
        default=None,
        description="ids of the face-down Event cards, the top card last (left out: every Event card not "
        "discarded, kept or waiting, in the content's order)",
    )
    event_discard: list[str] = Field(default=[], description="ids of the Event cards played or applied")
    events_waiting: list[str] = Field(
        default=[],
        description="ids of Event cards drawn while the players were playing together: they apply at the "
        "start of the coming round",
    )
    last_event: str | None = Field(default=None, description="the id of the Event card drawn last")
    player_turns: int = Field(
        default=0, ge=0, description="player turns finished so far (the 'turns' schedule counts them)"
    )
    proposal: Proposal | None = Field(default=None, description="the question the table is answering")
    proposing: Proposing | None = Field(
        default=None, description="a Political decision named whose number of units comes next"
    )
    rejected_this_round: list[Rejected] = Field(
        default=[],
        description="the Political decisions the table rejected this round (the same one may not be put again)",
    )
    dump_rejected: list[int] = Field(
        default=[], description="hexagons the table rejected as the Dump this round"
    )
    growth_rejected: list[int] = Field(
        default=[], description="hexagons the table rejected for the new Housing block being placed"
    )
    sludge_accepted: list[int] = Field(
        default=[], description="Farms whose Farming player accepted Sludge from Treatment this turn"
    )
    sludge_refused: list[int] = Field(
        default=[], description="Farms whose Farming player declined Sludge from Treatment this turn"
    )
    on_stage: list[StageLine] = Field(default=[], description="what happened on stage this round")
    new_blocks_to_place: int = Field(
        default=0, ge=0, description="growth: new level 0 Housing blocks still to place"
    )
    hungry_blocks: int = Field(
        default=0, ge=0, description="Housing blocks left hungry by the last Food import"
    )
    lost: str = Field(
        default="", description="the losing conditions met, joined with '+' (hunger, disease, pollution)"
    )
    round_ends: list[RoundEnd] = Field(default=[], description="the table at the end of each round played")


# ----- a state's position ---------------------------------------------------------------------------
def position_of(st: ReclaimState) -> ReclaimPosition:
    """The position of ``st``."""
    c, b = st.content, st.tables
    return ReclaimPosition(
        round=st.round,
        phase=st.phase,
        turn=ROLES[st.turn_role],
        plays=ROLES[st.play_as] if st.play_as != st.turn_role else None,
        stage=st.stage,
        build_actions_left=st.builds_left,
        card_to_choose=st.pending_pile,
        transportation_started=st.pending_link,
        city_budget=st.city,
        cost_cards=dict(st.costs),
        event_cost_changes={d: v for d, v in st.cost_mods.items() if v} or None,
        farm_capacity_change=st.mods["farm_capacity"],
        plant_capacity_change=st.mods["plant_capacity"],
        hexagons={h: hexagon for h in range(b.n) if (hexagon := _hexagon(st, h)) != _EMPTY},
        urbanized=[h for h in range(b.n) if st.terrain[h] != b.start_terrain[h]],
        dump=st.dump if st.dump >= 0 else None,
        treatment_plants=[Plant(hex=h, level=level, treated=used) for h, level, used in st.plants],
        transportation=[Transportation(a=a, b=c2, transport=t) for a, c2, t in st.links],
        seats=[_seat(st, s) for s in range(st.players)],
        piles={p: Pile(face_up=list(st.face_up[p]), face_down=list(st.deck[p])) for p in st.face_up},
        event_deck=[c.events[e].id for e in st.events],
        event_discard=[c.events[e].id for e in st.discard],
        events_waiting=[c.events[e].id for e in st.pending_events],
        last_event=c.events[st.last_event].id if st.last_event >= 0 else None,
        player_turns=st.turns_done,
        proposal=_proposal(st),
        proposing=_proposing(st),
        rejected_this_round=[Rejected(decision=d, hex=h, units=n) for d, h, n in st.rejected],
        dump_rejected=list(st.dump_rejected),
        growth_rejected=list(st.growth_rejected),
        sludge_accepted=list(st.sludge_ok),
        sludge_refused=list(st.sludge_refused),
        on_stage=[_stage_line(st, line) for line in st.on_stage],
        new_blocks_to_place=st.growth_left,
        hungry_blocks=st.hunger,
        lost=st.lost,
        round_ends=[RoundEnd(**r) for r in st.history],
    )


_EMPTY = Hexagon()


def _hexagon(st: ReclaimState, h: int) -> Hexagon:
    """Hexagon ``h`` with its amounts of 0 left out."""
    amounts = {name: v or None for name, v in zip(_RESOURCE_FIELDS, st.res[h], strict=True)}
    return Hexagon(
        housing_blocks=list(st.blocks[h]) if any(st.blocks[h]) else None,
        fed=st.converted[h] or None,
        farm=st.farm_level[h] or None,
        farm_conversions=st.farm_used[h] or None,
        disease=st.disease[h] or None,
        **amounts,
    )


def _seat(st: ReclaimState, s: int) -> Seat:
    events = st.content.events
    return Seat(
        role=ROLES[st.roles[s]],
        coins=st.coins[s],
        hidden_agenda=st.content.agendas[st.agendas[s]].id,
        cards=[f"{pile}:{card}" for pile, card in st.owned[s]],
        kept_events=[events[e].id for e in st.hands[s]],
        rejected_proposals=st.rejections[s],
        done=st.pol_done[s],
        vote=cast(Vote, st.ballot["votes"].get(s, "")) if st.ballot is not None else "",
    )


def _proposal(st: ReclaimState) -> Proposal | None:
    ballot = st.ballot
    if ballot is None:
        return None
    data = ballot["data"]
    subject = ballot["subject"]
    if subject == "sludge":
        return Proposal(decision="sludge", hex=data["to"], source=data["source"], by=ballot["by"] + 1)
    question = cast(Question, subject)
    return Proposal(decision=question, hex=data["hex"], units=data.get("units", 1), by=ballot["by"] + 1)


def _proposing(st: ReclaimState) -> Proposing | None:
    if st.proposing is None:
        return None
    item, h, by = st.proposing
    return Proposing(decision=item, hex=h, by=by + 1)


def _stage_line(st: ReclaimState, line: tuple[object, ...]) -> StageLine:
    what, rnd = line[0], line[1]
    assert isinstance(what, str) and isinstance(rnd, int)
    values: list[int] = [v for v in line[2:] if isinstance(v, int)]
    if what == "event":
        card, _how, seat, *hexes = line[2:]
        assert isinstance(card, int) and isinstance(seat, int)
        return StageLine(
            what="event",
            round=rnd,
            card=st.content.events[card].id,
            how=line[3],  # type: ignore[arg-type]
            seat=seat + 1 if seat >= 0 else None,
            hexes=[h for h in hexes if isinstance(h, int)],
        )
    if what == "conversion":
        h, ok, water = values
        return StageLine(
            what="conversion", round=rnd, hex=h, success=bool(ok), water=water if water >= 0 else None
        )
    if what == "sludge":
        h, ok = values
        return StageLine(what="sludge", round=rnd, hex=h, success=bool(ok))
    if what == "control":
        h, dice, diseases = values
        return StageLine(what="control", round=rnd, hex=h, dice=dice, diseases=diseases)
    food, coins, hungry = values
    return StageLine(what="import", round=rnd, food=food, coins=coins, hungry=hungry)


# ----- setting a position up --------------------------------------------------------------------------
def set_up(st: ReclaimState, p: ReclaimPosition) -> None:
    """Give ``st`` (a state with nothing set up) every field of the position ``p``, and everything
    derived from them (the transport networks)."""
    players = st.players
    if len(p.seats) != players:
        raise PositionError(f"RECLAIM position: 'seats' lists {len(p.seats)} players; the game has {players}")
    st.round = p.round
    st.phase = p.phase
    st.roles = [ROLES.index(seat.role) for seat in p.seats]
    st.turn_role = ROLES.index(p.turn)
    st.play_as = ROLES.index(p.plays) if p.plays is not None else st.turn_role
    st.stage = p.stage
    st.builds_left = (
        p.build_actions_left if p.build_actions_left is not None else st.content.rules.builds_per_turn
    )
    st.pending_pile = p.card_to_choose
    st.pending_link = p.transportation_started
    st.coins = [seat.coins for seat in p.seats]
    st.city = p.city_budget
    _set_up_board(st, p)
    _set_up_cards(st, p)
    st.costs = {d: _known(p.cost_cards, d, "cost_cards") for d in DECISIONS}
    changes = p.event_cost_changes or {}
    st.cost_mods = {d: changes.get(d, 0) for d in DECISIONS}
    unknown = set(changes) - set(DECISIONS)
    if unknown:
        raise PositionError(
            f"RECLAIM position: field 'event_cost_changes': no decision {sorted(unknown)[0]!r}"
        )
    st.mods = {"farm_capacity": p.farm_capacity_change, "plant_capacity": p.plant_capacity_change}
    st.turns_done = p.player_turns
    st.pol_done = [seat.done for seat in p.seats]
    st.proposing = (
        None if p.proposing is None else (p.proposing.decision, p.proposing.hex, p.proposing.by - 1)
    )
    st.dump_rejected = list(p.dump_rejected)
    st.growth_rejected = list(p.growth_rejected)
    st.sludge_ok = list(p.sludge_accepted)
    st.sludge_refused = list(p.sludge_refused)
    st.on_stage = [_stage_tuple(st, line) for line in p.on_stage]
    st.ballot = _ballot(st, p)
    st.rejections = [seat.rejected_proposals for seat in p.seats]
    st.rejected = [[r.decision, r.hex, r.units] for r in p.rejected_this_round]
    st.growth_left = p.new_blocks_to_place
    st.hunger = p.hungry_blocks
    st.lost = p.lost
    st.history = [r.model_dump() for r in p.round_ends]


def _ballot(st: ReclaimState, p: ReclaimPosition) -> Ballot | None:
    """The open question of the position, with the answers the seats gave."""
    q = p.proposal
    if q is None:
        if any(seat.vote for seat in p.seats):
            raise PositionError("RECLAIM position: seats have a 'vote' but no 'proposal' is open")
        return None
    by = q.by - 1
    if not 0 <= by < st.players:
        raise PositionError(f"RECLAIM position: field 'proposal.by': no seat {q.by}")
    if q.decision == "sludge":
        if q.source is None:
            raise PositionError("RECLAIM position: field 'proposal.source': Sludge comes from a hexagon")
        ballot = offer("sludge", {"source": q.source, "to": q.hex}, by, st.seat_of_role(FARMING))
    else:
        data = {"hex": q.hex, "units": q.units} if q.decision in _POLITICAL else {"hex": q.hex}
        ballot = ask(q.decision, data, by, range(st.players), "majority", _tie(st, q.decision, q.hex))
    for s, seat in enumerate(p.seats):
        if seat.vote:
            if s not in ballot["asked"]:
                raise PositionError(f"RECLAIM position: seat {s + 1} answers a question not put to it")
            ballot["votes"][s] = seat.vote
    return ballot


def _tie(st: ReclaimState, subject: str, h: int) -> Literal["carried", "rejected"]:
    """What a tie does for each question (docs/games/reclaim.md, "The table decides together")."""
    if subject == "place_block":
        return "carried"
    if subject == "urbanize":
        from .politics import growth_tie

        return growth_tie(st, h)
    return "rejected"


def _stage_tuple(st: ReclaimState, line: StageLine) -> tuple[object, ...]:
    """A stage line of the position as the state keeps it (``rules.StageLine``)."""
    r = line.round
    if line.what == "event":
        if line.card is None or line.how is None:
            raise PositionError("RECLAIM position: an 'on_stage' event names its 'card' and 'how'")
        card = _card(st.tables.event_ids, line.card, "on_stage.card")
        return ("event", r, card, line.how, (line.seat or 0) - 1, *line.hexes)
    if line.what == "conversion":
        return (
            "conversion",
            r,
            _need(line.hex),
            int(bool(line.success)),
            -1 if line.water is None else line.water,
        )
    if line.what == "sludge":
        return ("sludge", r, _need(line.hex), int(bool(line.success)))
    if line.what == "control":
        return ("control", r, _need(line.hex), line.dice or 0, line.diseases or 0)
    return ("import", r, line.food or 0, line.coins or 0, line.hungry or 0)


def _need(h: int | None) -> int:
    if h is None:
        raise PositionError("RECLAIM position: this 'on_stage' line names its 'hex'")
    return h


def _known(table: dict[str, int], key: str, field: str) -> int:
    if key not in table:
        raise PositionError(f"RECLAIM position: field '{field}' needs a value for {key!r}")
    return table[key]


def _set_up_board(st: ReclaimState, p: ReclaimPosition) -> None:
    """Hexagons, terrain, plants, Farms, the Dump and the transportation."""
    b = st.tables
    n = b.n
    for h in [*p.hexagons, *p.urbanized]:
        if not 0 <= h < n:
            raise PositionError(f"RECLAIM position: hexagon {h} is not on the map (hexagons 0-{n - 1})")
    hexes = [p.hexagons.get(h, _EMPTY) for h in range(n)]
    st.terrain = ["urban" if h in p.urbanized else t for h, t in enumerate(b.start_terrain)]
    st.blocks = [list(x.housing_blocks or (0, 0, 0)) for x in hexes]
    st.converted = [x.fed or 0 for x in hexes]
    st.farm_level = [x.farm or 0 for x in hexes]
    st.farm_used = [x.farm_conversions or 0 for x in hexes]
    st.res = [
        [x.food or 0, x.mixed_waste or 0, x.separated_waste or 0, x.sludge or 0, x.npk or 0] for x in hexes
    ]
    st.disease = [x.disease or 0 for x in hexes]
    st.plants = [[plant.hex, plant.level, plant.treated] for plant in p.treatment_plants]
    st.dump = -1 if p.dump is None else p.dump
    st.links = [(min(t.a, t.b), max(t.a, t.b), t.transport) for t in p.transportation]
    for h in [st.dump, *(x[0] for x in st.plants), *(x for a, c, _ in st.links for x in (a, c))]:
        if not -1 <= h < n:
            raise PositionError(f"RECLAIM position: hexagon {h} is not on the map (hexagons 0-{n - 1})")
    st.comp = components(n, st.links)


def _set_up_cards(st: ReclaimState, p: ReclaimPosition) -> None:
    """Infrastructure piles, the cards in front of the players, agendas and Event cards."""
    c, b = st.content, st.tables
    st.owned = [
        [_infrastructure(card, f"seats.{s}.cards") for card in seat.cards] for s, seat in enumerate(p.seats)
    ]
    st.face_up, st.deck = {}, {}
    for pile in c.piles:
        given = p.piles.get(pile.id)
        if given is None:
            owned = {card for cards in st.owned for q, card in cards if q == pile.id}
            free = [k for k in range(len(pile.cards)) if k not in owned]
            show = c.rules.face_up_cards if pile.face_up else 1
            given = Pile(face_up=free[:show], face_down=free[show:][::-1])
        st.face_up[pile.id], st.deck[pile.id] = list(given.face_up), list(given.face_down)
    unknown = set(p.piles) - set(st.face_up)
    if unknown:
        raise PositionError(f"RECLAIM position: field 'piles': no pile {sorted(unknown)[0]!r}")
    agendas = b.agenda_ids
    st.agendas = [
        _card(agendas, seat.hidden_agenda, f"seats.{s}.hidden_agenda") for s, seat in enumerate(p.seats)
    ]
    ids = b.event_ids
    st.hands = [
        [_card(ids, e, f"seats.{s}.kept_events") for e in seat.kept_events] for s, seat in enumerate(p.seats)
    ]
    st.discard = [_card(ids, e, "event_discard") for e in p.event_discard]
    st.pending_events = [_card(ids, e, "events_waiting") for e in p.events_waiting]
    if p.event_deck is None:
        elsewhere = {*st.discard, *st.pending_events, *(e for hand in st.hands for e in hand)}
        st.events = [e for e in range(len(c.events)) if e not in elsewhere][::-1]
    else:
        st.events = [_card(ids, e, "event_deck") for e in p.event_deck]
    st.last_event = -1 if p.last_event is None else _card(ids, p.last_event, "last_event")


def _infrastructure(card: str, field: str) -> tuple[str, int]:
    """An Infrastructure card written 'pile:card'."""
    pile, _, number = card.partition(":")
    if not number.isdigit():
        raise PositionError(f"RECLAIM position: field '{field}': write a card 'pile:number', not {card!r}")
    return pile, int(number)


def _card(ids: dict[str, int], card: str, field: str) -> int:
    if card not in ids:
        raise PositionError(f"RECLAIM position: field '{field}': no card {card!r} (cards: {', '.join(ids)})")
    return ids[card]


# ----- the invariants ---------------------------------------------------------------------------------
def check(st: ReclaimState) -> None:
    """Raise AssertionError, saying what is wrong, when ``st`` breaks one of the game's invariants."""
    _check_table(st)
    _check_hexagons(st)
    _check_transportation(st)
    _check_cards(st)
    _check_phase(st)


def _check_table(st: ReclaimState) -> None:
    """Roles, agendas, money and the Cost cards."""
    c = st.content
    assert sorted(st.roles) == list(range(len(ROLES))), (
        f"each role is held by one player: {', '.join(ROLES[r] for r in st.roles)}"
    )
    assert len(set(st.agendas)) == st.players, "the players hold different Hidden agenda cards"
    assert st.city >= 0 and min(st.coins) >= 0, "money never goes below zero"
    for card in c.cost_cards:
        assert st.costs[card.id] in card.values, (
            f"the {card.id} Cost card shows {st.costs[card.id]}; its pile holds {card.values}"
        )
    assert 1 <= st.round <= c.rules.rounds, f"round {st.round} of {c.rules.rounds}"


def _check_hexagons(st: ReclaimState) -> None:
    """Blocks, plants, Farms, resources and Disease within the limits, on the right terrain."""
    r = st.content.rules
    plants = Counter(p[0] for p in st.plants)
    for h in range(st.tables.n):
        terrain, blocks, res = st.terrain[h], st.blocks[h], st.res[h]
        assert min(res) >= 0 and min(blocks) >= 0 and st.disease[h] >= 0, f"hex {h} holds a negative amount"
        for i, v in enumerate(res):
            if not (i == SLUDGE and h == st.dump):
                assert v <= r.max_resource_per_hex, (
                    f"hex {h} holds {v} {RESOURCES[i]}; at most {r.max_resource_per_hex} of a type on a hexagon"
                )
        if terrain == "water":
            waste = res[MIXED] + res[SEPARATED]
            assert waste <= r.max_resource_per_hex, (
                f"Water hex {h} holds {waste} Waste; at most {r.max_resource_per_hex}"
            )
        assert sum(blocks) <= r.max_blocks_per_hex, (
            f"hex {h} holds {sum(blocks)} Housing blocks; at most {r.max_blocks_per_hex} on a hexagon"
        )
        assert not sum(blocks) or terrain == "urban", f"Housing blocks on {terrain} hex {h}"
        assert 0 <= st.converted[h] <= sum(blocks), f"hex {h}: {st.converted[h]} blocks fed of {sum(blocks)}"
        assert plants[h] <= r.max_plants_per_hex, (
            f"hex {h} holds {plants[h]} Treatment plants; at most {r.max_plants_per_hex}"
        )
        assert not plants[h] or terrain == "urban", f"a Treatment plant on {terrain} hex {h}"
        assert not st.farm_level[h] or terrain == "rural", f"a Farm on {terrain} hex {h}"
        assert st.farm_used[h] == 0 or st.farm_level[h], f"hex {h} has no Farm to have converted"
    for h, level, used in st.plants:
        assert 0 <= level <= 2 and used >= 0, f"the plant on hex {h}: level {level}, {used} treated"
    if st.dump >= 0:
        d = st.dump
        assert st.terrain[d] in ("urban", "rural"), f"the Dump on {st.terrain[d]} hex {d}"
        assert not (sum(st.blocks[d]) or plants[d] or st.farm_level[d]), (
            f"something is built on the Dump, hex {d}"
        )


def _check_transportation(st: ReclaimState) -> None:
    """Transportation joins neighbouring Urban or Rural hexagons, one of each kind per pair, and the
    networks follow it."""
    b = st.tables
    assert len(set(st.links)) == len(st.links), "one transportation of each kind between two hexagons"
    for a, c, t in st.links:
        assert a < c and c in b.neighbours[a], f"{t} transportation {a}-{c} does not join neighbours"
        for h in (a, c):
            assert st.terrain[h] in ("urban", "rural"), f"{t} transportation on {st.terrain[h]} hex {h}"
    assert st.comp == components(b.n, st.links), "transport components follow the links"


def _check_cards(st: ReclaimState) -> None:
    """Every Infrastructure card and every Event card is in exactly one place."""
    c = st.content
    for pile in c.piles:
        owned = [card for cards in st.owned for q, card in cards if q == pile.id]
        up, down = st.face_up[pile.id], st.deck[pile.id]
        assert sorted(up + down + owned) == list(range(len(pile.cards))), (
            f"pile {pile.id} holds {len(pile.cards)} cards: face up {len(up)} + face down {len(down)} "
            f"+ players' {len(owned)} = {len(up) + len(down) + len(owned)}, each card once"
        )
        show = c.rules.face_up_cards if pile.face_up else 1
        assert len(up) == show or (not down and len(up) < show), (
            f"pile {pile.id} shows {len(up)} cards face up"
        )
    for seat in st.owned:
        for q, _ in seat:
            assert q in st.face_up, f"no pile {q!r}"
    held = sum(len(h) for h in st.hands)
    every = st.events + st.discard + st.pending_events + [e for h in st.hands for e in h]
    assert sorted(every) == list(range(len(c.events))), (
        f"the game holds {len(c.events)} Event cards: deck {len(st.events)} + discarded {len(st.discard)} "
        f"+ kept {held} + waiting {len(st.pending_events)} = {len(every)}, each card once"
    )
    for hand in st.hands:
        for e in hand:
            assert c.events[e].kind == "positive", f"a player keeps the negative Event card {c.events[e].id}"


def _check_phase(st: ReclaimState) -> None:
    """What each phase allows: a turn's stage, pending choices, proposals, growth, the end."""
    phase = st.phase
    contractor_choosing = st.turn_role == CONTRACTOR and st.play_as == CONTRACTOR
    assert (st.stage == "role") == contractor_choosing or phase != "turn", (
        "the Independent contractor first chooses a role (stage 'role'), and only then"
    )
    assert st.play_as == st.turn_role or st.turn_role == CONTRACTOR, "only the contractor plays another role"
    assert st.builds_left >= 0, "build actions left cannot be negative"
    assert phase == "turn" or (st.pending_pile is None and st.pending_link is None), (
        "an Infrastructure card or a transportation end is chosen only during a turn"
    )
    assert st.pending_pile is None or st.pending_pile in st.face_up, f"no pile {st.pending_pile!r}"
    if st.ballot is not None:
        _check_ballot(st, st.ballot)
    if st.proposing is not None:
        assert phase == "politics" and st.ballot is None, (
            "a proposal's units are chosen in the Political decisions"
        )
    assert (phase == "growth") == (st.growth_left > 0), (
        f"new Housing blocks ({st.growth_left}) are placed in the growth phase, and only then"
    )
    assert not st.lost or phase == "over", "a game lost is over"


_PHASE_OF = {
    "npk": "politics",
    "vaccinate": "politics",
    "dump": "politics",
    "dump_site": "turn",
    "sludge": "turn",
    "place_block": "growth",
    "urbanize": "growth",
}


def _check_ballot(st: ReclaimState, ballot: Ballot) -> None:
    """An open question fits the phase, names a hexagon on the map, and the proposer voted for it."""
    subject, by, data = ballot["subject"], ballot["by"], ballot["data"]
    assert st.phase == _PHASE_OF[subject], (
        f"a {subject} question is answered in the {_PHASE_OF[subject]} phase"
    )
    for h in data.values():
        assert subject in _POLITICAL and h == data.get("units") or 0 <= h < st.tables.n, (
            f"the question names hex {h}, not on the map"
        )
    if subject == "sludge":
        assert ballot["asked"] == [st.seat_of_role(FARMING)], (
            "Sludge for a Farm is offered to the Farming player"
        )
    else:
        assert ballot["votes"].get(by) == "yes", "the proposer votes for the proposal"
