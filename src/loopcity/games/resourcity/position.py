"""Resourcity's position format: any situation of a game, written by hand (what FEN is to chess).

A position names the grid's tiles, each player's Superpower, token and hand, the draw deck stack by
stack, the Discard Pile, the Crisis and Huat tiles resolved so far, the Available resources, the
crops, Compost and harvests, and where the turn stands. Everything else is derived when it is set up
(:func:`set_up_position`): the Used pile (the starting resources less what is Available), the token
supply (the components less what lies on Plots and in harvests), the Crisis count and the Farms
(the closed road loops of the grid). ``docs/games/resourcity.md`` has a written-out example.

Before the first turn the table decides together (phases ``place``, ``propose`` and ``vote``): a
token not yet put on a Community Centre is written ``-1``, the rejected proposals of who starts first
and the open one's votes are listed. The Crisis and Huat tiles drawn in the last round are written
with what they did (``on_stage``), as the stage shows them.

Players are counted from 1, as the players see them (``current_player``, ``relocating``, a harvest's
``player``); lists with one entry per player start with player 1. Tiles are numbered ``row * 6 +
col`` from 0 (top left), Plots as in the actions (lattice point (i, j) is ``i * 7 + j``; the centre of
a Green Space on tile t is ``49 + t``), hand slots from 0, as in ``replace SLOT TILE``.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Literal

from pydantic import Field, field_validator

from loopcity.engine import PositionError, PositionModel
from loopcity.engine.table import Ballot, ask

from .base import FarmingAction, Phase
from .board import PLOTS, SIZE, TILES, find_farms

if TYPE_CHECKING:
    from .rules import ResourcityState

PositionPhase = Literal["place", "propose", "vote", "act", "orient", "relocate", "discard", "compost", "over"]


class Pool(PositionModel):
    """An amount of each resource."""

    fuel: int = Field(ge=0, description="Fuel tokens")
    food: int = Field(ge=0, description="Food tokens")
    water: int = Field(ge=0, description="Water tokens")


class CropOnPlot(PositionModel):
    """A crop growing on a Plot."""

    plot: int = Field(
        ge=0, lt=PLOTS, description="the Plot (i * 7 + j, or 49 + tile for a Green Space's centre)"
    )
    crop: str = Field(description="sugarcane, sweetpotato or catchment (a Water Catchment)")
    tokens: int = Field(
        ge=0, description="Crop tokens on the Plot (Rainwater tokens on a Water Catchment; 0 once harvested)"
    )


class Harvest(PositionModel):
    """Crop tokens a player harvested and carries to a Community Centre to exchange."""

    player: int = Field(ge=1, description="the player carrying them (from 1)")
    crop: str = Field(description="the crop harvested")
    tokens: int = Field(ge=0, description="its Crop tokens (Rainwater tokens for a Water Catchment)")
    compost: int = Field(default=0, ge=0, le=1, description="1 when a Compost token was harvested with them")


class FarmedPlot(PositionModel):
    """A Plot that had its farming Action this turn ("at most 1 farming Action per Plot")."""

    plot: int = Field(ge=0, lt=PLOTS, description="the Plot")
    action: FarmingAction = Field(description="the farming Action taken on it")


class Proposal(PositionModel):
    """A proposal of who starts first that the table turned down (Step 9)."""

    first: int = Field(ge=1, description="the player proposed to start first (from 1)")
    votes_for: int = Field(ge=1, description="how many players voted for it (the proposer among them)")


class Vote(PositionModel):
    """A player's answer to the open question."""

    player: int = Field(ge=1, description="the player who answered (from 1)")
    vote: Literal["yes", "no"] = Field(description="yes or no")


class OnStage(PositionModel):
    """A Crisis or Huat tile drawn in the last round, with what it did (shown on stage for a round)."""

    tile: str = Field(description="the Crisis or Huat tile")
    round: int = Field(ge=1, description="the round it was drawn in")
    player: int = Field(ge=1, description="the player who drew it (from 1)")
    before: Pool = Field(description="the Available resources before it acted")
    after: Pool = Field(description="the Available resources after it acted")
    crops: tuple[int, int] = Field(description="crops on the board before and after")
    farms: tuple[int, int] = Field(description="Farms before and after")


class Placing(PositionModel):
    """A Replace waiting for the player to choose how to turn the tile (phase ``orient``)."""

    slot: int = Field(ge=0, description="the hand slot of the tile being placed (from 0, as in replace)")
    tile: int = Field(ge=0, lt=TILES, description="the grid tile it replaces")


def _cell(text: str) -> tuple[str, int]:
    """A grid cell ``tile:turns`` as (tile type, quarter turns clockwise)."""
    tile, sep, turns = text.partition(":")
    if not sep or not tile or turns not in ("0", "1", "2", "3"):
        raise ValueError(f"a cell is written tile:turns with turns 0-3, such as curve:1; got {text!r}")
    return tile, int(turns)


class ResourcityPosition(PositionModel):
    """A Resourcity position: the table and where the turn stands."""

    current_player: int = Field(default=1, ge=1, description="the player whose turn it is (from 1)")
    first_player: int = Field(
        default=1, ge=1, description="the player the table chose to start first: each round begins with them"
    )
    round: int = Field(default=1, ge=1, description="the round: every player has one turn a round")
    phase: PositionPhase = Field(
        default="act",
        description="place (the players put their tokens on Community Centres), propose (a player proposes who "
        "starts first), vote (the table votes on it), act (taking Actions), orient (turning a tile being placed), "
        "relocate (choosing where the Policy Maker sends a token), discard (a full hand at the end of the turn), compost (Compost Day), or over",
    )
    actions_left: int = Field(ge=0, description="the current player's Actions left this turn")
    available: Pool = Field(description="the Available resources of the Resource Pool (the rest are Used)")
    grid: list[str] = Field(
        description="the 6x6 grid, one line per row from the top, each tile written tile:turns (its type "
        "and its quarter turns clockwise from the content's drawing), e.g. curve:1"
    )
    player_tokens: list[int] = Field(
        description="the tile each player's token stands on, player 1 first (-1: not yet placed, phase place)"
    )
    superpowers: list[str] = Field(description="each player's Superpower card, player 1 first")
    hands: list[str] = Field(
        description='each player\'s face-up tiles, player 1 first, e.g. "curve tee green"'
    )
    draw_deck: list[str] = Field(
        description="the draw deck as its stacks, the top stack first, each from its top tile down (e.g. "
        '"curve drought tee"); the last stack is the Crisis tile at the bottom; an empty stack is ""'
    )
    discard_pile: str = Field(default="", description="the Discard Pile, the first discarded first")
    resolved_tiles: str = Field(
        default="", description="the Crisis and Huat tiles drawn and resolved so far, in order"
    )
    crops: list[CropOnPlot] = Field(default=[], description="the crops on Plots")
    compost: list[int] = Field(default=[], description="the Plots with a Compost token")
    harvests: list[Harvest] = Field(default=[], description="the harvests players carry, in the order taken")
    farmed_this_turn: list[FarmedPlot] = Field(default=[], description="the Plots farmed this turn")
    placing: Placing | None = Field(default=None, description="in phase orient: the Replace being placed")
    relocating: int | None = Field(
        default=None, ge=1, description="in phase relocate: the player whose token the Policy Maker moves"
    )
    rejected_proposals: list[Proposal] = Field(
        default=[],
        description="the proposals of who starts first turned down so far, in order (player 1's first)",
    )
    proposal: int | None = Field(
        default=None, ge=1, description="in phase vote: the player proposed to start first"
    )
    votes: list[Vote] = Field(
        default=[], description="in phase vote: the answers given so far, the proposer's yes included"
    )
    on_stage: list[OnStage] = Field(
        default=[], description="the Crisis and Huat tiles drawn in the last round"
    )
    compost_to_place: int | None = Field(
        default=None, ge=1, description="in phase compost: the Compost tokens still to place (Compost Day)"
    )
    manpower_shortage: int = Field(default=0, ge=0, description="turns left without Replace or Rotate")
    pandemic: int = Field(default=0, ge=0, description="turns left with 1 Action (Pandemic)")
    community_day: int = Field(
        default=0, ge=0, description="turns left of cheaper construction (Community Day)"
    )
    won: bool = Field(default=False, description="the team survived the last Crisis (phase over)")
    lost_because: str | None = Field(default=None, description="why the team lost (phase over)")

    @field_validator("grid")
    @classmethod
    def _six_by_six(cls, rows: list[str]) -> list[str]:
        """Six rows of six cells, each ``tile:turns``."""
        if len(rows) != SIZE:
            raise ValueError(f"the grid has {SIZE} rows, not {len(rows)}")
        for r, row in enumerate(rows, start=1):
            cells = row.split()
            if len(cells) != SIZE:
                raise ValueError(f"row {r} has {len(cells)} tiles, not {SIZE}")
            for cell in cells:
                _cell(cell)
        return rows


# ----- a state's position ----------------------------------------------------------------------------
def position_of(s: ResourcityState) -> ResourcityPosition:
    """The position of a state."""
    rows = []
    for r in range(SIZE):
        cells = range(r * SIZE, (r + 1) * SIZE)
        rows.append(" ".join(f"{s.grid_kind[t]}:{s.grid_rot[t]}" for t in cells))
    stacks, top = [], len(s.deck)
    for n in s.sections:
        stacks.append(s.deck[top - n : top][::-1])
        top -= n
    return ResourcityPosition(
        current_player=s.turn + 1,
        first_player=s.first + 1,
        round=s.round,
        phase=_position_phase(s.phase),
        actions_left=s.actions_left,
        available=Pool(**s.avail),
        grid=rows,
        player_tokens=list(s.pos),
        superpowers=list(s.powers),
        hands=[" ".join(h) for h in s.hands],
        draw_deck=[" ".join(stack) for stack in stacks],
        discard_pile=" ".join(s.discard_pile),
        resolved_tiles=" ".join(s.resolved),
        crops=[CropOnPlot(plot=p, crop=s.crop[p], tokens=s.tokens[p]) for p in sorted(s.crop)],
        compost=sorted(s.compost),
        harvests=[
            Harvest(player=seat + 1, crop=crop, tokens=n, compost=comp)
            for seat, basket in enumerate(s.baskets)
            for crop, n, comp in basket
        ],
        farmed_this_turn=[FarmedPlot(plot=p, action=a) for p, a in sorted(s.farmed.items())],
        placing=Placing(slot=s.pending[0], tile=s.pending[1]) if s.phase == "orient" else None,
        relocating=s.pending[0] + 1 if s.phase == "relocate" else None,
        rejected_proposals=[Proposal(first=f + 1, votes_for=y) for f, y in s.proposals],
        proposal=int(s.ballot["data"]) + 1 if s.phase == "vote" and s.ballot is not None else None,
        votes=[
            Vote(player=o + 1, vote="yes" if v == "yes" else "no")
            for o, v in sorted(s.ballot["votes"].items())
        ]
        if s.phase == "vote" and s.ballot is not None
        else [],
        on_stage=[
            OnStage(
                tile=e["tile"],
                round=e["round"],
                player=e["seat"] + 1,
                before=Pool(**dict(zip(("fuel", "food", "water"), e["before"], strict=True))),
                after=Pool(**dict(zip(("fuel", "food", "water"), e["after"], strict=True))),
                crops=(e["crops"][0], e["crops"][1]),
                farms=(e["farms"][0], e["farms"][1]),
            )
            for e in s.stage
        ],
        compost_to_place=s.pending[0] if s.phase == "compost" else None,
        manpower_shortage=s.manpower,
        pandemic=s.pandemic,
        community_day=s.community,
        won=s.won,
        lost_because=s.result,
    )


def _position_phase(phase: Phase) -> PositionPhase:
    """The phase of a state between two actions (never ``draw``, which ends within an action)."""
    if phase == "draw":
        raise ValueError("a state is never left drawing between two actions")
    return phase


# ----- setting a position up -------------------------------------------------------------------------
def set_up_position(s: ResourcityState, f: ResourcityPosition) -> None:
    """Lay the position ``f`` on ``s`` (a state with nothing but the engine's fields) and derive the
    rest: Used, the token supply, the Crisis count and the Farms. A field that does not fit this game
    (an unknown tile or crop, a list without one entry per player) raises PositionError naming it."""
    _check_names(s, f)
    c = s.content
    cells = [_cell(cell) for row in f.grid for cell in row.split()]
    s.grid_kind = [tile for tile, _ in cells]
    s.grid_rot = [turns for _, turns in cells]
    s.hands = [h.split() for h in f.hands]
    stacks = [stack.split() for stack in f.draw_deck]
    s.deck = [tile for stack in reversed(stacks) for tile in reversed(stack)]
    s.sections = [len(stack) for stack in stacks]
    s.discard_pile = f.discard_pile.split()
    s.resolved = f.resolved_tiles.split()
    s.powers = list(f.superpowers)
    s.pos = list(f.player_tokens)
    start = {"fuel": c.start.fuel, "food": c.start.food, "water": c.start.water}
    s.avail = f.available.model_dump()
    s.used = {r: start[r] - s.avail[r] for r in start}
    s.crop = {x.plot: x.crop for x in f.crops}
    s.tokens = {x.plot: x.tokens for x in f.crops}
    s.compost = set(f.compost)
    s.baskets = [[] for _ in range(s.players)]
    for h in f.harvests:
        s.baskets[h.player - 1].append((h.crop, h.tokens, h.compost))
    s.supply = _supply_left(s)
    s.farmed = {x.plot: x.action for x in f.farmed_this_turn}
    s.farm = find_farms(s.tables.geo, s.grid_kind, s.grid_rot)
    s.turn, s.round, s.actions_left, s.phase = f.current_player - 1, f.round, f.actions_left, f.phase
    s.first = f.first_player - 1
    s.pending = _pending(f)
    s.proposals = [[x.first - 1, x.votes_for] for x in f.rejected_proposals]
    s.ballot = _ballot(s, f)
    s.stage = [
        {
            "tile": e.tile,
            "round": e.round,
            "seat": e.player - 1,
            "before": [e.before.fuel, e.before.food, e.before.water],
            "after": [e.after.fuel, e.after.food, e.after.water],
            "crops": list(e.crops),
            "farms": list(e.farms),
        }
        for e in f.on_stage
    ]
    s.manpower, s.pandemic, s.community = f.manpower_shortage, f.pandemic, f.community_day
    s.crises_drawn = sum(1 for tile in s.resolved if tile in _crisis_ids(s))
    s.result, s.won = f.lost_because, f.won


def _ballot(s: ResourcityState, f: ResourcityPosition) -> Ballot | None:
    """The open question of phase vote (who starts first)."""
    if f.phase == "vote":
        assert f.proposal is not None
        ballot = ask(
            "first", f.proposal - 1, len(f.rejected_proposals), range(s.players), "majority", "rejected"
        )
        for v in f.votes:
            ballot["votes"][v.player - 1] = v.vote
        return ballot
    if f.votes:
        raise PositionError("field 'votes': only in phase vote")
    return None


def _pending(f: ResourcityPosition) -> tuple[int, ...]:
    """What the phase waits on, as the state keeps it; the field a phase needs must be there."""
    fields = (
        (("orient",), "placing", f.placing),
        (("relocate",), "relocating", f.relocating),
        (("vote",), "proposal", f.proposal),
        (("compost",), "compost_to_place", f.compost_to_place),
    )
    for phases, name, value in fields:
        if (value is None) == (f.phase in phases):
            raise PositionError(f"field '{name}': needed in phase {' or '.join(phases)} and only there")
    if f.placing is not None:
        return (f.placing.slot, f.placing.tile)
    if f.relocating is not None:
        return (f.relocating - 1,)
    if f.compost_to_place is not None:
        return (f.compost_to_place,)
    return ()


def _crisis_ids(s: ResourcityState) -> frozenset[str]:
    return frozenset(e.id for e in s.content.crises)


def _supply_left(s: ResourcityState) -> dict[str, int]:
    """The token supply: the components less the tokens on Plots and in harvests."""
    from_crop = {"sugarcane": "sugarcane", "sweetpotato": "sweetpotato", "catchment": "rainwater"}
    out: Counter[str] = Counter()
    for p, crop in s.crop.items():
        out[from_crop[crop]] += s.tokens[p]
        out["catchment"] += crop == "catchment"
    out["compost"] += len(s.compost)
    for basket in s.baskets:
        for crop, n, comp in basket:
            out[from_crop[crop]] += n
            out["compost"] += comp
    total = s.content.supply.model_dump(exclude={"source"})
    return {token: n - out[token] for token, n in total.items()}


def _check_names(s: ResourcityState, f: ResourcityPosition) -> None:
    """Every name the position uses is one of this game's, and per-player lists have one entry each."""
    c = s.content
    tiles = {t.id for t in c.tiles}
    events = {e.id for e in (*c.crises, *c.huats)}
    crops = {x.id for x in c.crops}
    n = s.players

    def fail(field: str, problem: str) -> None:
        raise PositionError(f"field '{field}': {problem}")

    for r, row in enumerate(f.grid, start=1):
        for cell in row.split():
            if _cell(cell)[0] not in tiles:
                fail("grid", f"row {r}: unknown tile {_cell(cell)[0]!r}; tiles: {', '.join(sorted(tiles))}")
    for name, value in (
        ("player_tokens", f.player_tokens),
        ("superpowers", f.superpowers),
        ("hands", f.hands),
    ):
        if len(value) != n:
            fail(name, f"{len(value)} entries for {n} players")
    for t in f.player_tokens:
        if not (0 <= t < TILES or (t == -1 and f.phase == "place")):
            fail("player_tokens", f"tile {t} is off the grid (0-{TILES - 1}; -1 only in phase place)")
    lists = (("hands", f.hands), ("draw_deck", f.draw_deck), ("discard_pile", [f.discard_pile]))
    for name, group in lists:
        for tile in (tile for part in group for tile in part.split()):
            if tile not in tiles | events:
                fail(name, f"unknown tile {tile!r}")
    for tile in f.resolved_tiles.split():
        if tile not in events:
            fail("resolved_tiles", f"{tile!r} is no Crisis or Huat tile")
    for x in f.crops:
        if x.crop not in crops:
            fail("crops", f"unknown crop {x.crop!r}")
    for h in f.harvests:
        if h.crop not in crops:
            fail("harvests", f"unknown crop {h.crop!r}")
        if h.player > n:
            fail("harvests", f"player {h.player} in a game of {n}")
    if f.current_player > n:
        fail("current_player", f"player {f.current_player} in a game of {n}")
    if f.first_player > n:
        fail("first_player", f"player {f.first_player} in a game of {n}")
    for name, players in (
        ("rejected_proposals", [x.first for x in f.rejected_proposals]),
        ("votes", [v.player for v in f.votes]),
        ("proposal", [f.proposal or 1]),
    ):
        if any(not 1 <= p <= n for p in players):
            fail(name, f"a player from 1 to {n}")
    for e in f.on_stage:
        if e.tile not in events:
            fail("on_stage", f"{e.tile!r} is no Crisis or Huat tile")
        if not 1 <= e.player <= n:
            fail("on_stage", f"player {e.player} in a game of {n}")
    if f.relocating is not None and f.relocating > n:
        fail("relocating", f"player {f.relocating} in a game of {n}")
    if len({x.plot for x in f.crops}) != len(f.crops):
        fail("crops", "a Plot grows 1 crop type: one entry per Plot")
    if any(p < 0 or p >= PLOTS for p in f.compost):
        fail("compost", f"a Plot is 0-{PLOTS - 1}")
