"""Waste What?'s position format: any moment of a game, written by hand (see
:mod:`loopcity.engine.position`).

Cards are named by their number, the one shown in brackets on the table and in the actions
(``reuse 12 furniture``): the Waste cards in the order of ``content.toml`` from 0, then the Just Waste
cards, then the blank Combo cards. Players are ``p1`` and ``p2``, as in the actions. Round 2 of a Normal
game with the Repair café, P2's Stale bread ([27]) stored in round 1 (more in docs/games/waste_what.md)::

    game = "waste_what"
    seed = 3
    round = 2
    removed_skill = "construction"
    event = "repair_cafe"
    table = [9, 49, 55]          # Wobbly chair, Broken toaster, Chewing gum
    removed = [56, 57, 59]       # burned in round 1
    co2_released = 1
    sell_money = 2
    bank = 5

    [p1]
    cash = 1
    skills = { furniture = 2, textile = 1, bikes = 1 }

    [p2]
    cash = 2
    skills = { food = 1, electronics = 1, creative = 2 }
    storage = [27]

The Waste deck and the Event deck may be left out of a hand-written position (see their fields).
What a position leaves out is derived when it is set up: the Just Waste cards this difficulty leaves
in the box, the count of cards recycled this round (the cards on the Recycle Bin) and the skills'
start level.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from loopcity.engine import Action, MalformedAction, PositionModel
from loopcity.engine.table import Ballot

from .actions import ACTION_SPACE
from .base import ComboCard as WrittenCombo
from .base import Origin, Pending, StageNote, Work, WorkKind, deck_and_box
from .content import CATEGORIES, SKILL_ORDER
from .together import ballot_of

if TYPE_CHECKING:
    from .rules import WasteWhatState


def _skill(value: str) -> str:
    if value not in SKILL_ORDER:
        raise ValueError(f"no Skill card {value!r}; the Skill cards are {', '.join(SKILL_ORDER)}")
    return value


def _category(value: str) -> str:
    if value not in CATEGORIES:
        raise ValueError(f"no category {value!r}; the categories are {', '.join(CATEGORIES)}")
    return value


def _action(value: str) -> str:
    try:
        ACTION_SPACE.validate(Action.parse(value))
    except MalformedAction as e:
        raise ValueError(str(e)) from None
    return value


SkillId = Annotated[str, AfterValidator(_skill)]
ActionText = Annotated[str, AfterValidator(_action)]
"""An action in its text form (``store 57 p2``)."""
"""A Skill card by id: textile, furniture, bikes, food, construction, electronics or creative."""
Category = Annotated[str, AfterValidator(_category)]


class PlayerSpace(PositionModel):
    """One player's space: the Storage card with its Cash Box, and the Skill cards chosen."""

    cash: int = Field(ge=0, description="money tokens in the player's Cash Box")
    skills: dict[SkillId, int] = Field(
        default={},
        description="the player's Skill cards with the level their blue token marks, e.g. {furniture = 2}",
    )
    storage: list[int] = Field(default=[], description="the cards in the player's Storage, oldest first")
    stored_this_round: list[int] = Field(
        default=[],
        description="cards of this Storage stored this round: they can be dealt with from the next round on",
    )

    @model_validator(mode="after")
    def _stored_here(self) -> PlayerSpace:
        elsewhere = [c for c in self.stored_this_round if c not in self.storage]
        if elsewhere:
            raise ValueError(f"stored_this_round names cards not in this Storage: {elsewhere}")
        return self


class ComboCard(PositionModel):
    """A filled-out Combo card."""

    card: int = Field(description="the Combo card's number")
    name: str = Field(description="the name written on it")
    category: Category = Field(description="the category it fits best")
    complexity: int = Field(ge=1, description="the highest complexity of the cards in the combo")
    cards: int = Field(ge=2, description="how many cards went into it")


class WorkArea(PositionModel):
    """The work area: a card a Skill card was used on, or a combo being put together."""

    kind: WorkKind = Field(
        description="'reuse': the card(s) must now be sold or donated; 'combo': a combo being put together"
    )
    cards: list[int] = Field(description="the card in work (reuse) or the cards of the combo so far")
    skills: list[SkillId] | None = Field(
        default=None, description="the Skill cards used on the card in work (reuse only)"
    )
    origins: list[Origin] | None = Field(
        default=None,
        description="where each card of the combo was taken from: 'table', 'p1' or 'p2' (a player's "
        "Storage); combo only",
    )
    by: int = Field(default=1, ge=1, le=2, description="the player (1 or 2) working on it")


class Offer(PositionModel):
    """An offer or proposal waiting for the partner's answer."""

    by: int = Field(ge=1, le=2, description="the player (1 or 2) who made it; the other one answers")
    action: ActionText = Field(description="what is proposed, as an action (e.g. 'store 57 p2')")


class Declined(PositionModel):
    """An offer the partner declined this round (not made again this round), or a proposal declined
    on the table's open question."""

    player: int = Field(ge=1, le=2, description="the player (1 or 2) who made it")
    action: ActionText = Field(description="the offer, as an action (e.g. 'store 57 p2')")


class OnStage(PositionModel):
    """Something that happened on stage this round, as everyone saw it."""

    kind: Literal["combo", "co2", "tie"] = Field(
        description="'combo': a combo's acceptance roll; 'co2': a CO2 token released; 'tie': the die "
        "decided between two proposals"
    )
    rolled: int = Field(default=0, ge=0, description="the die (0: none rolled)")
    cards: int = Field(default=0, ge=0, description="cards in the combo, or the CO2 token's number")
    accepted: bool = Field(default=False, description="the combo was accepted, or the first proposal won")
    text: str = Field(default="", description="the accepted combo's name, or the proposal the die chose")


class WasteWhatPosition(PositionModel):
    """A Waste What? position: the board, both players' spaces, the decks and what waits to be done."""

    round: int = Field(ge=1, description="the Round Counter: the round being played")
    draft_pool: list[SkillId] = Field(
        default=[], description="the Skill cards still on offer in the skill draft (empty once it is over)"
    )
    draft_turn: int = Field(
        default=1, ge=1, le=2, description="the player (1 or 2) who chooses next in the draft"
    )
    removed_skill: SkillId = Field(description="the Skill card removed from the game unseen at setup")
    p1: PlayerSpace = Field(description="player 1's space")
    p2: PlayerSpace = Field(description="player 2's space")
    event: str | None = Field(default=None, description="this round's Event card (its id), if one was drawn")
    event_deck: list[str] | None = Field(
        default=None,
        description="the Event deck, face down, drawn from the end (default: every Event card but this "
        "round's, in the order of the content)",
    )
    deck: list[int] | None = Field(
        default=None,
        description="the Waste deck, face down, drawn from the end (default: every card of this "
        "difficulty, and every filled-out Combo card, that lies nowhere else, in card order)",
    )
    table: list[int] = Field(
        default=[], description="the Waste cards face up at the center, to be dealt with"
    )
    work: WorkArea | None = Field(default=None, description="the work area, when a card or combo is in it")
    pending: Pending | None = Field(
        default=None,
        description="a choice to make before anything else: 'co2_money' (who takes the money released "
        "with the CO2) or 'train' (the Skill card the Skill-share workshop raises)",
    )
    used_skills: list[SkillId] = Field(default=[], description="the Skill cards used this round")
    rejected: list[int] = Field(
        default=[], description="cards of a combo not accepted this round: they cannot join another combo"
    )
    sell: list[int] = Field(default=[], description="the cards on the Sell slots")
    sell_money: int = Field(ge=0, description="the money tokens on the Sell slots")
    donate: list[int] = Field(default=[], description="the cards on the Donate slots")
    burn: list[int] = Field(default=[], description="the cards on the Burn slots")
    co2_released: int = Field(default=0, ge=0, description="CO2 tokens released from the incinerator")
    recycle_bin: list[int] = Field(default=[], description="the cards on the Recycle Bin this round")
    bank: int = Field(ge=0, description="the money tokens in the bank")
    removed: list[int] = Field(
        default=[], description="cards out of the game: burned, or gone into an accepted combo"
    )
    combos: list[ComboCard] = Field(default=[], description="the filled-out Combo cards")
    blank_combos: list[int] | None = Field(
        default=None,
        description="the blank Combo cards, the first filled out next (default: every Combo card not "
        "filled out, in order)",
    )
    cards_reused: int = Field(default=0, ge=0, description="cards sold or donated so far (the score)")
    combos_made: int = Field(default=0, ge=0, description="combos accepted so far")
    done: list[int] = Field(default=[], description="the players (1 or 2) who said they are done this round")
    offer: Offer | None = Field(default=None, description="an offer or proposal waiting for an answer")
    declined: list[Declined] = Field(
        default=[], description="offers declined this round, and proposals declined on the open question"
    )
    stage: list[OnStage] = Field(default=[], description="what happened on stage this round")
    result: str | None = Field(default=None, description="how the game ended (absent while it goes on)")
    won: bool = Field(default=False, description="whether the initiatives won (with a result)")

    @model_validator(mode="after")
    def _one_holder(self) -> WasteWhatPosition:
        both = sorted(set(self.p1.skills) & set(self.p2.skills))
        if both:
            raise ValueError(f"a Skill card is held by both players: {', '.join(both)}")
        return self


def write_fields(state: WasteWhatState) -> WasteWhatPosition:
    """The position of ``state``."""
    work = state.work
    return WasteWhatPosition(
        round=state.round,
        draft_pool=state.draft_pool,
        draft_turn=state.draft_turn + 1,
        removed_skill=state.removed_skill,
        p1=_space(state, 0),
        p2=_space(state, 1),
        event=state.event,
        event_deck=state.event_deck,
        deck=state.deck,
        table=state.table,
        work=None if work is None else _work_area(work),
        pending=state.pending,
        used_skills=sorted(state.used, key=SKILL_ORDER.index),
        rejected=sorted(state.rejected),
        sell=state.sell,
        sell_money=state.sell_money,
        donate=state.donate,
        burn=state.burn,
        co2_released=state.co2,
        recycle_bin=state.bin,
        bank=state.bank,
        removed=state.removed,
        combos=[_combo_card(c, combo) for c, combo in state.combos.items()],
        blank_combos=state.blanks,
        cards_reused=state.reused,
        combos_made=state.combos_made,
        done=[p + 1 for p, done in enumerate(state.done) if done],
        offer=None
        if state.ballot is None
        else Offer(by=state.ballot["by"] + 1, action=state.ballot["data"]["action"]),
        declined=[Declined(player=p + 1, action=a) for p, a in sorted(state.declined)],
        stage=[OnStage(**note) for note in state.staged],
        result=state.result,
        won=state.won,
    )


def _space(state: WasteWhatState, seat: int) -> PlayerSpace:
    skills = {s: state.level[s] for s in SKILL_ORDER if state.owner.get(s) == seat}
    stored = state.storage[seat]
    return PlayerSpace(
        cash=state.cash[seat],
        skills=skills,
        storage=stored,
        stored_this_round=[c for c in stored if c in state.fresh],
    )


def _work_area(work: Work) -> WorkArea:
    return WorkArea(
        kind=work["kind"],
        cards=work["cards"],
        skills=work.get("skills"),
        origins=work.get("origins"),
        by=work["by"] + 1,
    )


def _combo_card(card: int, combo: WrittenCombo) -> ComboCard:
    return ComboCard(
        card=card,
        name=combo["name"],
        category=combo["category"],
        complexity=combo["complexity"],
        cards=combo["cards"],
    )


def read_fields(state: WasteWhatState, fields: WasteWhatPosition) -> None:
    """Set every field of ``state`` (fresh from ``State.__init__``) from a position, deriving the rest."""
    game = state.game
    t = game.tables
    spaces = (fields.p1, fields.p2)
    state.round = fields.round
    state.result, state.won = fields.result, fields.won
    state.cash = [space.cash for space in spaces]
    state.sell_money, state.bank, state.co2 = fields.sell_money, fields.bank, fields.co2_released
    in_game, state.box = deck_and_box(game)
    state.deck = _waste_deck(fields, in_game) if fields.deck is None else list(fields.deck)
    written = {combo.card for combo in fields.combos}
    blanks = fields.blank_combos
    if blanks is None:
        blanks = [c for c in range(t.first_combo, t.n_cards) if c not in written]
    state.blanks = list(blanks)
    state.table = list(fields.table)
    state.storage = [list(space.storage) for space in spaces]
    state.fresh = {c for space in spaces for c in space.stored_this_round}
    state.bin, state.recycled = list(fields.recycle_bin), len(fields.recycle_bin)
    state.sell, state.donate, state.burn = list(fields.sell), list(fields.donate), list(fields.burn)
    state.removed = list(fields.removed)
    state.combos = {
        c.card: {"category": c.category, "complexity": c.complexity, "name": c.name, "cards": c.cards}
        for c in fields.combos
    }
    state.work = None if fields.work is None else _work(fields.work)
    state.pending = fields.pending
    state.rejected, state.used = set(fields.rejected), set(fields.used_skills)
    state.reused, state.combos_made = fields.cards_reused, fields.combos_made
    state.done = [p + 1 in fields.done for p in range(game.players)]
    state.ballot = None if fields.offer is None else _ballot(fields.offer)
    state.declined = {(d.player - 1, d.action) for d in fields.declined}
    state.staged = [_note(entry) for entry in fields.stage]
    state.event = fields.event
    if fields.event_deck is None:
        state.event_deck = [e.id for e in state.content.events if e.id != fields.event]
    else:
        state.event_deck = list(fields.event_deck)
    _read_skills(state, fields, spaces)


def _waste_deck(fields: WasteWhatPosition, in_game: list[int]) -> list[int]:
    """The cards of this difficulty, and the filled-out Combo cards, that the position places nowhere
    else, in card order."""
    placed = {*fields.table, *fields.recycle_bin, *fields.sell, *fields.donate, *fields.burn, *fields.removed}
    placed |= {*fields.p1.storage, *fields.p2.storage}
    if fields.work is not None:
        placed |= set(fields.work.cards)
    cards = [*in_game, *(combo.card for combo in fields.combos)]
    return [c for c in cards if c not in placed]


def _ballot(written: Offer) -> Ballot:
    parsed = Action.parse(written.action)
    return ballot_of(ACTION_SPACE.kind(parsed.kind)(*parsed.args), written.by - 1)


def _note(entry: OnStage) -> StageNote:
    return {
        "kind": entry.kind,
        "rolled": entry.rolled,
        "cards": entry.cards,
        "accepted": entry.accepted,
        "text": entry.text,
    }


def _work(area: WorkArea) -> Work:
    work: Work = {"kind": area.kind, "cards": list(area.cards), "by": area.by - 1}
    if area.skills is not None:
        work["skills"] = list(area.skills)
    if area.origins is not None:
        work["origins"] = list(area.origins)
    return work


def _read_skills(state: WasteWhatState, fields: WasteWhatPosition, spaces: tuple[PlayerSpace, ...]) -> None:
    """The Skill cards: who holds each at what level, the draft, the removed card."""
    state.owner, state.level = {}, {}
    for skill in SKILL_ORDER:
        for seat, space in enumerate(spaces):
            if skill in space.skills:
                state.owner[skill] = seat
                state.level[skill] = space.skills[skill]
    state.removed_skill = fields.removed_skill
    state.start_level = state.content.rules.start_level
    state.draft_pool = sorted(fields.draft_pool, key=SKILL_ORDER.index)
    state.draft_turn = fields.draft_turn - 1
