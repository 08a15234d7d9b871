"""The table decides together: what the rulebook leaves to "the players" is never one seat's command.

Four shapes cover ResourCEd's shared decisions (each traced to the rulebook's words in
``docs/games/resourced.md``):

- **Collections** (``supply``, ``penalty``, ``pay``, ``fix``): cards the players give together, each
  from their own hand. Every player holding such a card may give one or say they give no more
  (``done``; ``let_go`` for a fix). When the rules oblige the table (the Upkeep's Food and Water,
  its penalty, a flooded Garden's Food), a player may stand down only while the others who have
  not can still give what is asked, so the obligation is always met; a fix is only pledged, and
  carried out when the pledges cover its cost.
- **Picks in turn** (``upkeep_waste`` and the penalty's cards from the bank): cards nobody holds,
  whose types "players may choose": each player in turn chooses one, starting with a different
  player every Round.
- **Choices by a majority** (``setup``, ``place``, ``carya``, ``remove``, ``cat``): a player
  proposes (the crafter for a placement, the first player for Setup and the Events), every player
  votes; a majority carries it, a tie does not, and the next player proposes. When every player has
  proposed without a majority, the first proposer decides. A choice with one option is no question.
- **Trades** (``trade``): the player whose turn it is puts a trade together card by card and offers
  it; the partner accepts or declines (``vote``). A declined trade is not offered again that turn,
  and a trade put aside unoffered (``withdraw``) is not put aside again: doing so would change
  nothing, so every turn's trading comes to an end (a card that makes a trade both declined and put
  aside is added only on the way to another trade).

Questions are the engine's :class:`~loopcity.engine.table.Ballot`, kept in ``ballot``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from loopcity.engine import Action, NoArgs
from loopcity.engine.table import Choice, ask, cast, offer
from loopcity.engine.text import _

from .actions import (
    DONE,
    FIX,
    GIVE,
    HANDLERS,
    LET_GO,
    OFFER,
    PAY,
    SHED,
    SUPPLY,
    TAKE,
    VOTE,
    WASTE,
    WITHDRAW,
    Seat,
    SeatResource,
)
from .content import RESOURCE_INDEX, RESOURCES
from .table import Phase, Table, Trade
from .texts import deal_words, seat_name
from .words import resource

if TYPE_CHECKING:
    from .rules import ResourcedState

GIVES = tuple(tuple(GIVE(p, r) for r in RESOURCES) for p in range(1, 5))
"""``give <seat> <resource>`` by seat (from 0) and Resource index, made once."""
TAKES = tuple(tuple(TAKE(p, r) for r in RESOURCES) for p in range(1, 5))
"""``take <seat> <resource>`` by seat (from 0) and Resource index, made once."""

_YES, _NO = VOTE("yes"), VOTE("no")
_DONE, _FIX, _LET_GO = DONE(), FIX(), LET_GO()
_SUPPLY = SUPPLY.actions()
"""``supply <seat>`` by seat (from 0), made once (as are the lists below)."""
_PAY = PAY.actions()
_SHED = tuple(tuple(SHED(p, r) for r in RESOURCES) for p in range(1, 5))
"""``shed <seat> <resource>`` by seat (from 0) and Resource index."""
_WASTE = WASTE.actions()
"""``waste <resource>`` by Resource index."""
_SUBJECTS: dict[Action, str] = {}
"""A proposal's text (the question's subject) by the action proposed, and back (:data:`_PROPOSALS`):
each worked out once (the actions of a choice are few)."""
_PROPOSALS: dict[str, Action] = {}
MANDATORY: frozenset[Phase] = frozenset({"supply", "penalty", "pay"})
"""Collections the rules oblige the table to complete (a fix is the table's to pledge or not)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # see State
class TogetherMixin(Table):
    """The table's shared decisions of :class:`~.rules.ResourcedState`."""

    # ----- collections: each gives from their own hand -------------------------------------------
    def spare(self, seat: int) -> int:
        """How many cards ``seat`` can still give to the collection in progress."""
        ctx = self.ctx
        hand = self.hands[seat]
        if self.phase == "penalty":
            return sum(hand)
        r = ctx["res"]
        if self.phase == "fix":
            return hand[r] - ctx["pledged"][seat]
        return hand[r]

    def givers(self) -> tuple[int, ...]:
        """The players who may still give to the collection in progress: those holding a card of it
        who have not said they give no more."""
        ctx = self.ctx
        done = ctx["done"]
        hands = self.hands
        phase = self.phase
        seats = range(self.players)
        if phase == "penalty":  # ``spare``, by phase
            return tuple([s for s in seats if s not in done and sum(hands[s]) > 0])
        r = ctx["res"]
        if phase == "fix":
            pledged = ctx["pledged"]
            return tuple([s for s in seats if s not in done and hands[s][r] - pledged[s] > 0])
        return tuple([s for s in seats if s not in done and hands[s][r] > 0])

    def may_stand_down(self, seat: int) -> bool:
        """Whether ``seat`` may give no more: always for a fix; for an obligation, only while the
        others still giving can give what is asked."""
        if self.phase not in MANDATORY:
            return True
        others = sum(self.spare(s) for s in self.givers() if s != seat)
        return others >= self.ctx["left"]

    def _start_collection(self, phase: Phase, left: int, **details: Any) -> None:
        """Ask the players for ``left`` cards (of ``details["res"]`` unless a penalty)."""
        self.ctx = {"left": left, "done": [], **details}
        self.phase = phase
        self._collection_next()

    def _collection_next(self) -> None:
        """After each card given or each player standing down: finish the collection when it is
        complete or nobody can give more."""
        ctx = self.ctx
        phase = self.phase
        givers = self.givers() if ctx["left"] else ()
        if phase == "fix":
            if not ctx["left"]:
                self._fixed()
            elif sum(self.spare(s) for s in givers) < ctx["left"]:
                self._unfixed()
            return
        if givers:
            return
        if phase == "supply" and ctx["left"]:
            self.missed += ctx["left"]
            n, r = ctx["left"], ctx["res"]
            self.note(
                lambda: _("Social Housing Upkeep: {n} {resource} missed: nobody holds it.").format(
                    n=n, resource=resource(r)
                ),
                kind="event",
            )
        elif phase == "penalty" and ctx["left"] and any(self.bank):
            self._start_picks("penalty", ctx["left"])
            return
        self.phase = "auto"

    def _legal_collection(self, seat: int) -> list[Action]:
        """Give a card of one's own, or give no more (where one may)."""
        phase = self.phase
        if phase == "fix":
            return [_FIX, _LET_GO]
        if phase == "penalty":
            if "seat" in self.ctx:
                return self._legal_pick(seat)
            hand = self.hands[seat]
            shed = _SHED[seat]
            acts = [shed[r] for r in range(5) if hand[r]]
        else:
            acts = [(_SUPPLY if phase == "supply" else _PAY)[seat]]
        if self.may_stand_down(seat):
            acts.append(_DONE)
        return acts

    def _give(self, seat: int, r: int) -> None:
        """``seat`` gives one card of Resource ``r`` to the collection: Used (Wasted for a penalty)."""
        if self.phase == "penalty":
            self._waste_from_hand(seat, r)
        else:
            self._use(seat, r)
        self.ctx["left"] -= 1
        self._collection_next()

    def _fixed(self) -> None:
        """The pledges cover the fix: every pledge is Used, and what the Event threatened stays."""
        ctx = self.ctx
        r = ctx["res"]
        pledged = [(s, n) for s, n in enumerate(ctx["pledged"]) if n]
        for s, n in pledged:
            self._use(s, r, n)

        def line() -> str:
            givers = ", ".join(_("{seat} ({n})").format(seat=seat_name(s), n=n) for s, n in pledged)
            words = _("Fixed: {fix}, with {resource} from {givers}.")
            return words.format(fix=self.fix_name(), resource=resource(r), givers=givers)

        self.note(line, kind="decision")
        self.phase = "auto"

    def fix_name(self) -> str:
        """What the fix in progress pays for, in words (``the Irrigation System on hex 1``, ``a fence
        around the Community Garden on hex 2``)."""
        raise NotImplementedError

    def _unfixed(self) -> None:
        """The pledges fall short: nothing is paid, and the Event takes its course."""
        raise NotImplementedError

    # ----- picks in turn: cards nobody holds ------------------------------------------------------
    def _start_picks(self, phase: Phase, left: int) -> None:
        """``left`` cards Wasted from the Resource Bank, each player in turn choosing one's type,
        starting with a different player each Round."""
        self.ctx = {"left": left, "seat": (self.round - 1) % self.players}
        self.phase = phase

    def _legal_pick(self, seat: int) -> list[Action]:
        bank = self.bank
        return [_WASTE[r] for r in range(5) if bank[r]]

    def _picked(self) -> None:
        """After a pick: the next player chooses the next card, until none is left to Waste."""
        ctx = self.ctx
        ctx["seat"] = (ctx["seat"] + 1) % self.players
        if not ctx["left"] or not any(self.bank):
            self.phase = "auto"

    # ----- choices by a majority ------------------------------------------------------------------
    def _start_choice(self, phase: Phase, first: int, **details: Any) -> None:
        """A choice for the table, ``first`` proposing; with one option it is made at once."""
        self.ctx = {"seat": first, "tries": 0, **details}
        self.phase = phase
        options = self._legal_actions(first)
        if len(options) == 1:
            self._carry_out(options[0])

    def _propose(self, seat: int, action: Action) -> None:
        """``seat`` proposes ``action``: put to the vote, or carried out when it is the last word."""
        if self.ctx["tries"] >= self.players:
            self._carry_out(action)
            return
        subject = _SUBJECTS.get(action)
        if subject is None:
            if len(_SUBJECTS) >= 4096:
                _SUBJECTS.clear()
            subject = _SUBJECTS[action] = str(action)
        self.ballot = ask(subject, {"back": self.phase}, seat, range(self.players), "majority")
        cast(self.ballot, seat, "yes")
        self.phase = "vote"

    def _carry_out(self, action: Action) -> None:
        """Carry out the choice ``action`` of the table (the game's own effect)."""
        raise NotImplementedError

    def _proposal_settled(self, carried: bool) -> None:
        """A vote on a proposal is settled: carry it out, or pass the proposal on."""
        ballot = self.ballot
        assert ballot is not None
        self.ballot = None
        self.phase = ballot["data"]["back"]
        yes = sum(1 for v in ballot["votes"].values() if v == "yes")
        no = len(ballot["votes"]) - yes
        if carried:
            self.note(
                lambda: _("The table agrees, {yes} votes to {no}.").format(yes=yes, no=no), kind="decision"
            )
            subject = ballot["subject"]
            proposal = _PROPOSALS.get(subject)
            if proposal is None:
                if len(_PROPOSALS) >= 4096:
                    _PROPOSALS.clear()
                proposal = _PROPOSALS[subject] = Action.parse(subject)
            self._carry_out(proposal)
            return
        ctx = self.ctx
        ctx["tries"] += 1
        ctx["seat"] = seat = (ctx["seat"] + 1) % self.players
        last = ctx["tries"] >= self.players

        def line() -> str:
            if last:
                words = _("No majority, {yes} votes to {no}; every player has proposed: {seat} decides.")
            else:
                words = _("No majority, {yes} votes to {no}: {seat} proposes next.")
            return words.format(yes=yes, no=no, seat=seat_name(seat))

        self.note(line, kind="decision")

    # ----- trades: offers the partner answers ------------------------------------------------------
    def trade_room(self) -> int:
        """Cards that may still change hands this turn (the Trade Limit less those traded and those
        in the trade being put together)."""
        deal = self.deal
        held = sum(deal["give"]) + sum(deal["take"]) if deal is not None else 0
        return self.trade_limit() - self.traded - held

    def _legal_trade(self, seat: int) -> list[Action]:
        """While putting a trade together: add a card either way, offer it, or put it aside."""
        deal = self.deal
        assert deal is not None
        p = deal["with"]
        acts: list[Action] = []
        if self.trade_room() > 0:
            mine, theirs = self.hands[seat], self.hands[p]
            given, taken = deal["give"], deal["take"]
            give, take = GIVES[p], TAKES[p]
            acts += [give[r] for r in range(5) if mine[r] > given[r]]
            acts += [take[r] for r in range(5) if theirs[r] > taken[r]]
            if self.put_aside and self.declined:
                acts = self._leading_on(seat, acts, given, taken)
        if not self.was_declined(deal):
            acts.append(OFFER())
        if not self.was_put_aside(deal):
            acts.append(WITHDRAW())
        return acts

    def was_declined(self, deal: Trade) -> bool:
        """Whether this very trade was declined this turn."""
        return [deal["with"], deal["give"], deal["take"]] in self.declined

    def was_put_aside(self, deal: Trade) -> bool:
        """Whether this very trade was put aside unoffered this turn."""
        return [deal["with"], deal["give"], deal["take"]] in self.put_aside

    def _leading_on(self, seat: int, acts: list[Action], give: list[int], take: list[int]) -> list[Action]:
        """The cards ``acts`` (``give`` and ``take`` actions) that may be added to the trade ``give``/
        ``take`` (empty: a trade's first card): all but those making a trade declined and put aside
        this turn that cannot grow into another."""
        declined = self.declined
        size = sum(give) + sum(take) + 1
        room = self.trade_limit() - self.traded - size
        drop = []
        for closed in self.put_aside:
            p, g, t = closed
            if closed not in declined or sum(g) + sum(t) != size:
                continue
            more = [r for r in range(5) if g[r] != give[r]], [r for r in range(5) if t[r] != take[r]]
            if len(more[0]) + len(more[1]) != 1 or self._leads_on(seat, p, g, t, room):
                continue  # not one card more than this trade, or a step to another trade
            drop.append(GIVES[p][more[0][0]] if more[0] else TAKES[p][more[1][0]])
        return [a for a in acts if a not in drop] if drop else acts

    def _leads_on(self, seat: int, p: int, give: list[int], take: list[int], room: int) -> bool:
        """Whether the trade ``give``/``take`` with ``p`` may still be offered or put aside, or can grow
        (``room`` cards more at most) into one that may: a trade both declined and put aside this turn
        is only a step on the way to another."""
        deal = [p, give, take]
        if deal not in self.declined or deal not in self.put_aside:
            return True
        if room <= 0:
            return False
        mine, theirs = self.hands[seat], self.hands[p]
        for r in range(5):
            if mine[r] > give[r]:
                more = list(give)
                more[r] += 1
                if self._leads_on(seat, p, more, take, room - 1):
                    return True
            if theirs[r] > take[r]:
                more = list(take)
                more[r] += 1
                if self._leads_on(seat, p, give, more, room - 1):
                    return True
        return False

    def _add_to_trade(self, seat: int, partner: int, r: int, giving: bool) -> None:
        """One card into the trade being put together (starting it if need be)."""
        if self.deal is None:
            self.deal = {"with": partner, "give": [0] * 5, "take": [0] * 5, "back": self.phase}
            self.phase = "trade"
        self.deal["give" if giving else "take"][r] += 1

    def _trade_answered(self, accepted: bool) -> None:
        """The partner accepted (the cards change hands) or declined the trade offered."""
        deal = self.deal
        assert deal is not None and self.ballot is not None
        me, p = self.ballot["by"], deal["with"]
        words = (
            (lambda: _("{partner} accepts the trade: {deal}."))
            if accepted
            else (lambda: _("{partner} declines the trade: {deal}."))
        )
        self.ballot = None
        self.deal = None
        self.phase = deal["back"]
        if accepted:
            for r in range(5):
                for _n in range(deal["give"][r]):
                    self._hand_over(me, p, r)
                for _n in range(deal["take"][r]):
                    self._hand_over(p, me, r)
            self.partner = p
        else:
            self.declined.append([p, deal["give"], deal["take"]])
        self.note(lambda: words().format(partner=seat_name(p), deal=deal_words(deal, me)), kind="decision")

    def _hand_over(self, giver: int, receiver: int, r: int) -> None:
        """One card of Resource ``r`` changes hands in the trade of the turn."""
        self.hands[giver][r] -= 1
        self.hands[receiver][r] += 1
        self.traded += 1


# ----- the handlers of the actions ----------------------------------------------------------------
@HANDLERS.on(SUPPLY)
def on_supply(state: ResourcedState, seat: int, a: Seat) -> None:
    """Upkeep: the player sources one Food or Water from their own hand for a Social Housing."""
    state._give(seat, state.ctx["res"])


@HANDLERS.on(PAY)
def on_pay(state: ResourcedState, seat: int, a: Seat) -> None:
    """The player gives one card of their own for what the Event asks (the Flood's replanting)."""
    state._give(seat, state.ctx["res"])


@HANDLERS.on(SHED)
def on_shed(state: ResourcedState, seat: int, a: SeatResource) -> None:
    """Upkeep penalty: the player Wastes a card of their own hand for the table."""
    state._give(seat, RESOURCE_INDEX[a.resource])


@HANDLERS.on(DONE)
def on_done(state: ResourcedState, seat: int, a: NoArgs) -> None:
    """The player gives no more to this collection."""
    state.ctx["done"].append(seat)
    state._collection_next()


@HANDLERS.on(FIX)
def on_fix(state: ResourcedState, seat: int, a: NoArgs) -> None:
    """The player pledges one card of their own to the fix; paid once the pledges cover it."""
    ctx = state.ctx
    ctx["pledged"][seat] += 1
    ctx["left"] -= 1
    state._collection_next()


@HANDLERS.on(LET_GO)
def on_let_go(state: ResourcedState, seat: int, a: NoArgs) -> None:
    """The player pledges no more to the fix."""
    state.ctx["done"].append(seat)
    state._collection_next()


@HANDLERS.on(VOTE)
def on_vote(state: ResourcedState, seat: int, a: Choice) -> None:
    """An answer to the question put to the table: a proposal or a trade offered."""
    ballot = state.ballot
    assert ballot is not None
    outcome = cast(ballot, seat, a.choice)
    if outcome == "open":
        return
    if ballot["subject"] == "trade":
        state._trade_answered(outcome == "carried")
    else:
        state._proposal_settled(outcome == "carried")


@HANDLERS.on(GIVE)
def on_give(state: ResourcedState, seat: int, a: SeatResource) -> None:
    """Trade: a card of the player's own goes into the trade with this partner."""
    state._add_to_trade(seat, a.seat - 1, RESOURCE_INDEX[a.resource], giving=True)


@HANDLERS.on(TAKE)
def on_take(state: ResourcedState, seat: int, a: SeatResource) -> None:
    """Trade: the player asks the partner for a card in the trade."""
    state._add_to_trade(seat, a.seat - 1, RESOURCE_INDEX[a.resource], giving=False)


@HANDLERS.on(OFFER)
def on_offer(state: ResourcedState, seat: int, a: NoArgs) -> None:
    """The trade put together is offered; the partner accepts or declines."""
    deal = state.deal
    assert deal is not None
    state.ballot = offer("trade", {"back": "trade"}, seat, deal["with"])
    state.phase = "vote"


@HANDLERS.on(WITHDRAW)
def on_withdraw(state: ResourcedState, seat: int, a: NoArgs) -> None:
    """The trade is put aside unoffered: nothing changes hands, and this very trade is not put aside
    again this turn."""
    deal = state.deal
    assert deal is not None
    state.put_aside.append([deal["with"], deal["give"], deal["take"]])
    state.deal = None
    state.phase = deal["back"]


def legal_vote(state: ResourcedState, seat: int) -> list[Action]:
    """A seat asked answers yes or no."""
    return [_YES, _NO]
