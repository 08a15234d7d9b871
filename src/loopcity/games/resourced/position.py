"""ResourCEd's position format: any moment of a game, written by hand in TOML (see
``docs/games/resourced.md`` for an example).

Players are counted from 1, as they count themselves (seat 1, the youngest, plays first in every
Round); the list ``seats`` is in that order. Hexes are numbered as on the board view: BGCS is 0,
Ring 1 holds 1-6, Ring 2 7-18 and Ring 3 19-36. Resources are named ``wood``, ``metal``, ``compost``,
``food`` and ``water``. The chance stream (the spinner, the Event die and cards, Study Group's draws)
is the header's ``seed``.

:func:`write` gives a state's position, :func:`set_up` sets a fresh state to one (recomputing the
pieces counted on the board), and :func:`check` is the game's invariants, run on every position set
up and at every step of the conformance suite.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, get_args

from pydantic import Field, field_validator

from loopcity.engine import Action, PositionModel
from loopcity.engine.table import ask, cast, offer, result

from .actions import CRAFTABLE
from .board import BGCS, CELLS, RING, RING_CELLS
from .content import RESOURCES, EventId
from .table import (
    CHOICES,
    COLLECTIONS,
    DECISION_PHASES,
    FIRST,
    OWN_PHASES,
    SETUP_RING1,
    TURN_PHASES,
    Phase,
    Task,
    TaskName,
)

if TYPE_CHECKING:
    from .rules import ResourcedState

ResourceName = Literal["wood", "metal", "compost", "food", "water"]
TileName = Literal["food_forest", "community_garden", "heat_haven", "social_housing", "recycler"]
UpgradeName = Literal["composter", "shipping_container", "shelter", "irrigation_system", "bus_stop"]
CraftItem = Literal[
    "food_forest",
    "community_garden",
    "heat_haven",
    "social_housing",
    "recycler",
    "composter",
    "shipping_container",
    "shelter",
    "irrigation_system",
    "bus_stop",
]
PositionPhase = Literal[
    "setup",
    "upkeep_waste",
    "supply",
    "penalty",
    "carya",
    "fix",
    "pay",
    "heat_choice",
    "remove",
    "cat",
    "cat_discard",
    "action",
    "any",
    "move",
    "place",
    "shop",
    "shop_waste",
    "end",
    "discard",
    "trade",
    "vote",
    "over",
]
"""Every phase but ``auto``: a position always waits for a decision, or the game is over."""
Count = Annotated[int, Field(ge=0)]
Hex = Annotated[int, Field(ge=0, lt=CELLS)]

assert set(get_args(ResourceName)) == set(RESOURCES)
assert get_args(CraftItem) == CRAFTABLE
assert get_args(PositionPhase) == DECISION_PHASES  # the position's phases are the state's (table.py)

DECISION_FIELDS: dict[str, str] = {
    "left": "left",
    "resource": "res",
    "player": "seat",
    "event": "event",
    "tile": "cell",
    "item": "item",
    "bonus": "bonus",
    "got": "got",
    "tries": "tries",
    "done": "done",
    "pledged": "pledged",
}
"""Each field of :class:`Decision` and the key under which the state keeps it (``ctx``)."""
_CHOICE = ("seat", "tries")
NEEDS: dict[Phase, tuple[str, ...]] = {
    "setup": _CHOICE,
    "upkeep_waste": ("left", "seat"),
    "supply": ("res", "left", "done"),
    "penalty": ("left",),
    "carya": _CHOICE,
    "fix": ("event", "res", "left", "pledged", "done"),
    "pay": ("res", "left", "done", "cell"),
    "heat_choice": ("seat",),
    "remove": _CHOICE,
    "cat": _CHOICE,
    "cat_discard": ("seat",),
    "any": ("left",),
    "place": ("item", "bonus", *_CHOICE),
    "shop": ("got",),
    "shop_waste": ("left",),
}
"""The details each decision needs (state ``ctx`` keys); the other decisions need none."""
KEEPS: dict[Phase, tuple[str, ...]] = NEEDS | {
    "fix": ("event", "res", "left", "pledged", "done", "cell"),
    "penalty": ("left", "done", "seat"),
}
"""The details a position keeps for each decision (the Drought's and the Flood's tile, and the
penalty's players done or the player choosing from the bank, besides)."""
TASK_ARGS: dict[TaskName, str] = {
    "supply": "resource",
    "turn": "player",
    "heat": "player",
    "drought_fix": "hex",
    "flood": "hex",
}
"""The queued steps that take an argument, and what it is."""


class Player(PositionModel):
    """One player: where their Token stands, their hand, and what an Event left them with."""

    tile: Hex = Field(default=BGCS, description="the hex the player's Token stands on (0: BGCS)")
    hand: dict[ResourceName, Count] = Field(default={}, description="Resource Cards in hand, by Resource")
    skips_turn: bool = Field(
        default=False,
        description="a Drought or Heat Wave found them without Water or Food: they skip their turn",
    )
    bushfire_smoke: bool = Field(
        default=False,
        description="Bushfire Smoke caught them outside BGCS: their next turn moves 1 step less",
    )


class Turn(PositionModel):
    """The turn in progress (or the last one, between turns)."""

    player: int = Field(default=1, ge=1, le=4, description="whose turn it is (from 1)")
    spin: Count = Field(default=0, description="the number spun at the start of the turn")
    moves: Count = Field(
        default=0,
        description="how many Tiles the player may move (the spin, +1 with the Bus Stop, -1 with Bushfire Smoke)",
    )
    action: int = Field(default=0, ge=0, le=2, description="the Action in progress: 1 before moving, 2 after")
    crafts_left: Count = Field(
        default=0,
        description="crafts still allowed in this Action (the Action after moving onto BGCS crafts twice)",
    )
    trade_partner: int = Field(
        default=0, ge=0, le=4, description="the 1 other player traded with this turn (0: no trade yet)"
    )
    declined_trades: list[TradeCards] = Field(
        default=[], description="the trades declined this turn, which are not offered again"
    )
    put_aside_trades: list[TradeCards] = Field(
        default=[], description="the trades put aside unoffered this turn, which are not put aside again"
    )
    traded: Count = Field(default=0, description="Resource Cards traded this turn, against the Trade Limit")
    recycled: bool = Field(default=False, description="the player has Operated a Recycler this turn")


class Decision(PositionModel):
    """The details of the decision waiting (only those its phase needs)."""

    left: int | None = Field(
        default=None, ge=0, description="cards still to Waste, source, pay or Gather in this decision"
    )
    resource: ResourceName | None = Field(
        default=None, description="the Resource being sourced for the Upkeep or paid for a fix"
    )
    player: int | None = Field(
        default=None,
        ge=1,
        le=4,
        description="the player who decides: Heat Wave's Food or Water, Propurrrty Damage's card",
    )
    event: Literal["drought", "vandalism", "flood"] | None = Field(
        default=None, description="the Event whose fix the table decides on"
    )
    tile: Hex | None = Field(
        default=None,
        description="the hex of the Irrigation System (Drought) or Community Garden (Flood) at stake",
    )
    item: CraftItem | None = Field(default=None, description="what was crafted and waits to be placed")
    bonus: bool | None = Field(
        default=None, description="the item to place is the Action's second craft (the turn ends after it)"
    )
    got: Count | None = Field(default=None, description="cards got so far at the Shopping Center")
    tries: Count | None = Field(
        default=None,
        description="proposals rejected so far in a choice of the table (as many as players: the first proposer decides)",
    )
    done: list[Annotated[int, Field(ge=1, le=4)]] | None = Field(
        default=None, description="the players who give no more to the cards being collected"
    )
    pledged: dict[Annotated[int, Field(ge=1, le=4)], Count] | None = Field(
        default=None, description="cards pledged to the fix so far, by player"
    )


class TradeCards(PositionModel):
    """A trade: the partner and the cards either way."""

    partner: int = Field(ge=1, le=4, description="the other player of the trade")
    give: dict[ResourceName, Count] = Field(
        default={}, description="the cards the player whose turn it is gives"
    )
    take: dict[ResourceName, Count] = Field(default={}, description="the cards they ask for")


class Trade(TradeCards):
    """The trade being put together (or offered) by the player whose turn it is."""

    back: Literal["action", "move", "end"] = Field(
        description="the step of the turn the trade was put together in"
    )


class Vote(PositionModel):
    """The question put to the table."""

    proposal: str = Field(
        description="the proposal voted on, as its action (place 14), or trade for the trade offered"
    )
    by: int = Field(ge=1, le=4, description="the player who proposed or offered it")
    votes: dict[Annotated[int, Field(ge=1, le=4)], Literal["yes", "no"]] = Field(
        default={}, description="the answers given so far, by player (a proposer's own yes included)"
    )
    back: PositionPhase = Field(description="the choice voted on (setup, place, carya, remove, cat) or trade")


class ResourcedPosition(PositionModel):
    """A ResourCEd position: the board, the Resource Bank, the Waste Pile, the players, and where the
    Round stands (the decision waiting and the steps still to come)."""

    round: Count = Field(description="the Round Token: the current Round (0 during Setup)")
    ring: int = Field(
        default=2, ge=2, le=3, description="the current Ring, where new tiles are placed (2, then 3)"
    )
    tiles: dict[Hex, TileName] = Field(
        description="the tiles placed around BGCS, by hex (BGCS itself, hex 0, is always there)"
    )
    upgrades: dict[Hex, UpgradeName] = Field(default={}, description="the Upgrades on the tiles, by hex")
    resource_bank: dict[ResourceName, Count] | None = Field(
        default=None,
        description="the Resource Bank's cards, by Resource; left out, it holds the cards nobody holds or Wasted",
    )
    waste_pile: list[ResourceName] = Field(default=[], description="the Waste Pile, bottom card first")
    seats: list[Player] = Field(min_length=1, description="the players, seat 1 (the youngest) first")
    event: EventId | Literal[""] = Field(
        default="", description="this Round's Event card ('' before it is drawn)"
    )
    event_die: int = Field(
        default=0, ge=0, le=6, description="the die rolled for this Round's Event (0 before)"
    )
    event_odds: int = Field(
        default=0,
        ge=0,
        le=6,
        description="the highest die number that drew a Good Event at this Round's roll",
    )
    event_roll: int = Field(
        default=0, ge=0, le=6, description="the die Trash Pickup Day rolled this Round (0: none)"
    )
    missed: Count = Field(
        default=0, description="Food and Water missed in this Round's Upkeep, to be Wasted collectively"
    )
    phase: PositionPhase = Field(
        description=(
            "the decision waiting: setup (the last spot of Ring 1), upkeep_waste, supply, penalty (the "
            "Social Housing Upkeep), carya, fix, pay, heat_choice, remove, cat, cat_discard (the "
            "Event), action, any, move, place, shop, shop_waste, end, discard, trade (a turn), vote, or over"
        )
    )
    decision: Decision = Field(default=Decision(), description="the details of the decision waiting")
    vote: Vote | None = Field(default=None, description="the question put to the table (phase vote)")
    trade: Trade | None = Field(default=None, description="the trade being put together or offered")
    turn: Turn = Field(default=Turn(), description="the turn in progress")
    still_to_come: list[str] = Field(
        default=[],
        description=(
            "the steps of the Round still to come, in order: round (a new Round), upkeep_waste, "
            "supply <resource>, penalty, event, turn <player>, round_end; an Event adds drought_fix <hex>, "
            "drought_water, heat <player>, flood <hex>"
        ),
    )
    won: bool = Field(default=False, description="the team won (once the game is over)")
    result: str = Field(default="", description="how the game ended (once it is over)")

    @field_validator("still_to_come")
    @classmethod
    def _steps(cls, steps: list[str]) -> list[str]:
        for step in steps:
            read_step(step)
        return steps


# ----- steps of the Round ---------------------------------------------------------------------------
def read_step(step: str) -> Task:
    """The queued task a step of ``still_to_come`` names (``turn 2`` is seat index 1)."""
    words = step.split()
    name = words[0] if words else ""
    names: tuple[TaskName, ...] = get_args(TaskName)
    if name not in names:
        raise ValueError(f"unknown step {step!r}; steps are {', '.join(names)}")
    task: TaskName = names[names.index(name)]
    what = TASK_ARGS.get(task)
    if what is None:
        if len(words) != 1:
            raise ValueError(f"step {name!r} takes no argument: {step!r}")
        return (task,)
    if len(words) != 2:
        raise ValueError(f"step {name!r} names a {what}: {step!r}")
    arg = words[1]
    if what == "resource":
        if arg not in RESOURCES:
            raise ValueError(f"step {step!r}: {arg!r} is not a Resource")
        return (task, RESOURCES.index(arg))
    if not arg.isdigit():
        raise ValueError(f"step {step!r}: {arg!r} is not a number")
    n = int(arg)
    if what == "player":
        if not 1 <= n <= 4:
            raise ValueError(f"step {step!r}: players are 1-4")
        return (task, n - 1)
    if n >= CELLS:
        raise ValueError(f"step {step!r}: hexes are 0-{CELLS - 1}")
    return (task, n)


def write_step(task: Task) -> str:
    """A queued task as a step of ``still_to_come``."""
    if len(task) == 1:
        return task[0]
    name, arg = task
    what = TASK_ARGS[name]
    if what == "resource":
        return f"{name} {RESOURCES[arg]}"
    return f"{name} {arg + 1 if what == 'player' else arg}"


# ----- writing and setting up ----------------------------------------------------------------------
def _counts(cards: list[int]) -> dict[ResourceName, int]:
    names: tuple[ResourceName, ...] = get_args(ResourceName)
    return {name: n for name, n in zip(names, cards, strict=True) if n}


def _decision(state: ResourcedState) -> Decision:
    phase = state.phase
    if phase == "vote" and state.ballot is not None:
        phase = state.ballot["data"]["back"]
    keep = KEEPS.get(phase, ())
    ctx = state.ctx
    out: dict[str, Any] = {}
    for field, key in DECISION_FIELDS.items():
        if key in keep and key in ctx:
            value = ctx[key]
            if key == "res":
                value = RESOURCES[value]
            elif key == "seat":
                value += 1
            elif key == "done":
                value = sorted(s + 1 for s in value)
            elif key == "pledged":
                value = {s + 1: n for s, n in enumerate(value) if n}
            out[field] = value
    return Decision(**out)


def _cards(counts: dict[ResourceName, int]) -> list[int]:
    return [counts.get(r, 0) for r in get_args(ResourceName)]


def _trade_cards(partner: int, give: list[int], take: list[int]) -> dict[str, Any]:
    return {"partner": partner + 1, "give": _counts(give), "take": _counts(take)}


def _vote(state: ResourcedState) -> Vote | None:
    ballot = state.ballot
    if ballot is None:
        return None
    fields = {
        "proposal": ballot["subject"],
        "by": ballot["by"] + 1,
        "votes": {s + 1: v for s, v in ballot["votes"].items()},
        "back": ballot["data"]["back"],
    }
    return Vote.model_validate(fields)


def _ballot(state: ResourcedState, v: Vote) -> None:
    """The ballot of a position's ``vote``, its answers cast in the order written."""
    if v.back == "trade":
        deal = state.deal
        assert deal is not None, "a trade offered needs its trade"
        ballot = offer("trade", {"back": "trade"}, v.by - 1, deal["with"])
    else:
        assert v.back in CHOICES or v.back == "carya", f"vote.back {v.back!r} is no choice of the table"
        Action.parse(v.proposal)
        ballot = ask(v.proposal, {"back": v.back}, v.by - 1, range(state.players), "majority")
    for s, answer in v.votes.items():
        cast(ballot, s - 1, answer)
    assert result(ballot) == "open", "a vote waiting is still open"
    state.ballot = ballot


def write(state: ResourcedState) -> ResourcedPosition:
    """The position of ``state``."""
    names: tuple[ResourceName, ...] = get_args(ResourceName)
    fields: dict[str, Any] = {
        "round": state.round,
        "ring": state.ring,
        "tiles": {c: tile for c, tile in enumerate(state.tiles) if tile is not None and c != BGCS},
        "upgrades": {c: u for c, u in enumerate(state.upgrades) if u is not None},
        "resource_bank": dict(zip(names, state.bank, strict=True)),
        "waste_pile": [names[r] for r in state.waste],
        "seats": [
            Player(
                tile=state.pos[s],
                hand=_counts(state.hands[s]),
                skips_turn=state.skip[s],
                bushfire_smoke=state.smoke[s],
            )
            for s in range(state.players)
        ],
        "event": state.event,
        "missed": state.missed,
        "phase": state.phase,
        "decision": _decision(state),
        "turn": Turn(
            player=state.turn_seat + 1,
            spin=state.spin,
            moves=state.moves,
            action=state.action_no,
            crafts_left=state.crafts_left,
            trade_partner=state.partner + 1,
            traded=state.traded,
            recycled=state.recycled,
            declined_trades=[
                TradeCards.model_validate(_trade_cards(p, give, take)) for p, give, take in state.declined
            ],
            put_aside_trades=[
                TradeCards.model_validate(_trade_cards(p, give, take)) for p, give, take in state.put_aside
            ],
        ),
        "event_die": state.event_die,
        "event_odds": state.event_odds,
        "event_roll": state.event_roll,
        "vote": _vote(state),
        "trade": None
        if state.deal is None
        else {
            **_trade_cards(state.deal["with"], state.deal["give"], state.deal["take"]),
            "back": state.deal["back"],
        },
        "still_to_come": [write_step(task) for task in state.queue],
        "won": state.won,
        "result": state.result,
    }
    return ResourcedPosition.model_validate(fields)


def set_up(state: ResourcedState, p: ResourcedPosition) -> None:
    """Set ``state`` (fresh from setup) to position ``p``, recomputing the pieces on the board."""
    t = state.tables
    state.round, state.ring = p.round, p.ring
    state.tiles = [None] * CELLS
    state.tiles[BGCS] = "bgcs"
    state.upgrades = [None] * CELLS
    state.count = {k: 0 for k in t.pieces}
    for cell, tile in sorted(p.tiles.items()):
        state._put_tile(cell, tile)
    for cell, upgrade in sorted(p.upgrades.items()):
        state._put_upgrade(cell, upgrade)
    state.hands = [[player.hand.get(r, 0) for r in get_args(ResourceName)] for player in p.seats]
    state.waste = [RESOURCES.index(r) for r in p.waste_pile]
    if p.resource_bank is None:
        held = [sum(h[r] for h in state.hands) + state.waste.count(r) for r in range(len(RESOURCES))]
        state.bank = [t.rules.bank_per_type - k for k in held]
    else:
        state.bank = [p.resource_bank.get(r, 0) for r in get_args(ResourceName)]
    state.pos = [player.tile for player in p.seats]
    state.skip = [player.skips_turn for player in p.seats]
    state.smoke = [player.bushfire_smoke for player in p.seats]
    state.event, state.missed = p.event, p.missed
    state.event_die, state.event_odds, state.event_roll = p.event_die, p.event_odds, p.event_roll
    state.phase = p.phase
    state.ctx = _ctx(p.decision, len(p.seats))
    _defaults(state, p)
    turn = p.turn
    state.turn_seat, state.spin, state.moves = turn.player - 1, turn.spin, turn.moves
    state.action_no, state.crafts_left = turn.action, turn.crafts_left
    state.partner, state.traded, state.recycled = turn.trade_partner - 1, turn.traded, turn.recycled
    state.declined = [[d.partner - 1, _cards(d.give), _cards(d.take)] for d in turn.declined_trades]
    state.put_aside = [[d.partner - 1, _cards(d.give), _cards(d.take)] for d in turn.put_aside_trades]
    state.deal = None
    if p.trade is not None:
        tr = p.trade
        state.deal = {
            "with": tr.partner - 1,
            "give": _cards(tr.give),
            "take": _cards(tr.take),
            "back": tr.back,
        }
    state.ballot = None
    if p.vote is not None:
        _ballot(state, p.vote)
    state.queue = [read_step(step) for step in p.still_to_come]
    state.won, state.result = p.won, p.result


def _defaults(state: ResourcedState, p: ResourcedPosition) -> None:
    """The details a hand-written position may leave out: nobody done and nothing pledged in a
    collection, no proposal rejected yet in a choice (the crafter or the first player proposing), the
    Round's first chooser in the Upkeep's picks."""
    ctx = state.ctx
    phase = p.vote.back if p.phase == "vote" and p.vote is not None else p.phase
    if phase in COLLECTIONS and "seat" not in ctx:
        ctx.setdefault("done", [])
        if phase == "fix":
            ctx.setdefault("pledged", [0] * len(p.seats))
    if phase in CHOICES or phase == "carya":
        ctx.setdefault("tries", 0)
        ctx.setdefault("seat", p.turn.player - 1 if phase == "place" else FIRST)
    if phase == "upkeep_waste":
        ctx.setdefault("seat", (p.round - 1) % len(p.seats))


def _ctx(d: Decision, players: int) -> dict[str, Any]:
    ctx: dict[str, Any] = {}
    for field, value in d.model_dump().items():
        key = DECISION_FIELDS[field]
        if value is None:
            continue
        if key == "res":
            value = RESOURCES.index(value)
        elif key == "seat":
            value -= 1
        elif key == "done":
            value = [s - 1 for s in value]
        elif key == "pledged":
            value = [value.get(s + 1, 0) for s in range(players)]
        ctx[key] = value
    return ctx


# ----- invariants ----------------------------------------------------------------------------------
def check(state: ResourcedState) -> None:
    """The game's invariants; an AssertionError says which one fails, in the rulebook's words."""
    _check_cards(state)
    _check_board(state)
    _check_players(state)
    _check_round(state)
    _check_decision(state)


def in_setup(state: ResourcedState) -> bool:
    """Whether the table is still at Setup (choosing the last spot of Ring 1, or voting on it)."""
    if state.phase == "vote" and state.ballot is not None:
        return bool(state.ballot["data"]["back"] == "setup")
    return state.phase == "setup"


def _check_cards(state: ResourcedState) -> None:
    total = state.tables.rules.bank_per_type
    for r, name in enumerate(RESOURCES):
        bank, held, pile = state.bank[r], state.total_held(r), state.waste.count(r)
        assert bank + held + pile == total, (
            f"the game holds {total} {name} cards: bank {bank} + hands {held} + Waste Pile {pile} = {bank + held + pile}"
        )
        assert bank >= 0, f"the Resource Bank holds {bank} {name}"
        assert all(h[r] >= 0 for h in state.hands), f"a hand holds a negative number of {name}"


def _check_board(state: ResourcedState) -> None:
    t = state.tables
    assert state.tiles[BGCS] == "bgcs" and state.tiles.count("bgcs") == 1, "BGCS is hex 0, and only hex 0"
    for k, n in state.count.items():
        on_board = state.tiles.count(k) + state.upgrades.count(k)
        assert n == on_board, f"{k}: {n} counted, {on_board} on the board"
        assert n <= t.pieces[k], f"{n} {t.name[k]} on the board, but the box holds {t.pieces[k]}"
    for cell, u in enumerate(state.upgrades):
        tile = state.tiles[cell]
        assert u is None or t.upgrade_tile[u] == tile, (
            f"a {t.name[u or '']} on hex {cell} ({tile}): it goes on a {t.upgrade_tile[u or 'bus_stop']}"
        )
    for cell, tile in enumerate(state.tiles):
        ring = RING[cell]
        assert tile is None or ring <= state.ring or ring <= 1, (
            f"hex {cell} holds a {tile} in Ring {ring}, but Ring {state.ring} is the current Ring"
        )
    ring1 = [state.tiles[c] for c in RING_CELLS[1]]
    if in_setup(state):
        assert ring1 == [*SETUP_RING1, None], (
            f"at Setup, Ring 1 holds {', '.join(SETUP_RING1)} and one spot to choose"
        )
    else:
        assert None not in ring1, "after Setup, every spot of Ring 1 holds a tile"
    for ring in range(2, state.ring):
        held, need = state.housing_in(ring), state.housing_needed(ring)
        assert held >= need, (
            f"Ring {ring + 1} opens once Ring {ring} holds its {need} Social Housing; it holds {held}"
        )
    assert state.ring == 2 or not state.alternate, "the Alternate Difficulty develops only up to Ring 2"


def _check_players(state: ResourcedState) -> None:
    n = state.players
    assert len(state.hands) == len(state.pos) == len(state.skip) == len(state.smoke) == n, (
        f"the game has {n} players; the position lists {len(state.pos)}"
    )
    for s, cell in enumerate(state.pos):
        assert state.tiles[cell] is not None, f"player {s + 1} stands on hex {cell}, where no tile is placed"


def _check_round(state: ResourcedState) -> None:
    over = state.phase == "over"
    assert (state.round == 0) == in_setup(state), "Round 0 is Setup, and Setup is Round 0"
    assert state.round <= state.max_rounds, f"Round {state.round} is past the last Round, {state.max_rounds}"
    assert over == bool(state.result), "a finished game says how it ended, and only a finished one"
    assert not over or not state.queue, "a finished game has no step to come"
    assert state.won <= over, "the team wins only once the game is over"
    assert state.phase != "auto", "a position waits for a decision"
    assert state.missed >= 0
    assert not state.event or state.event in state.tables.event_name, f"no Event card {state.event!r}"
    for task in state.queue:
        if len(task) == 2 and task[0] in ("turn", "heat"):
            assert 0 <= task[1] < state.players, f"step {write_step(task)!r}: no such player"


def _check_decision(state: ResourcedState) -> None:
    phase = state.phase
    n = state.players
    assert 0 <= state.turn_seat < n, f"turn of player {state.turn_seat + 1}, in a game of {n}"
    assert -1 <= state.partner < n and state.partner != state.turn_seat, "the trade partner is another player"
    assert state.traded <= state.trade_limit(), (
        f"{state.traded} cards traded, over the Trade Limit of {state.trade_limit()}"
    )
    if phase in TURN_PHASES:
        assert state.action_no in (1, 2), "a turn's Action is 1 (before moving) or 2 (after)"
    for key in NEEDS.get(phase, ()):
        field = next(f for f, k in DECISION_FIELDS.items() if k == key)
        assert key in state.ctx, f"the decision {phase!r} needs decision.{field}"
    if "left" in NEEDS.get(phase, ()):
        assert state.ctx["left"] >= 1, f"the decision {phase!r} has decision.left = {state.ctx['left']}"
    if phase in OWN_PHASES or phase in CHOICES or phase == "upkeep_waste":
        assert 0 <= state.ctx["seat"] < n, f"decision.player {state.ctx['seat'] + 1}: no such player"
    assert (phase == "vote") == (state.ballot is not None), "a vote waits exactly while a question is put"
    assert (
        phase not in ("trade", "vote")
        or state.deal is not None
        or (state.ballot is not None and state.ballot["subject"] != "trade")
    ), "a trade put together or offered needs its trade (position field trade)"
    if state.deal is not None:
        assert phase in ("trade", "vote"), "a trade is put together only in the steps trade and vote"
        assert state.deal["with"] in state.chain(state.turn_seat), "the trade's partner is within reach"
    if phase != "over":
        assert state.active_seats(), f"the decision {phase!r} has nobody to answer it"
        for seat in state.active_seats():
            assert state.legal_actions(seat), f"the decision {phase!r} offers player {seat + 1} no action"
