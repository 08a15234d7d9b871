"""The table decides together: each player acts on what is their own, the partner's things need the
partner's consent, the table's choices are proposed and answered, and the round ends when both
players are done.

- **Own things** (rulebook §1: "Each player gets a Storage Card ... puts 2 green Money Tokens in the
  Cash Box on their Storage card"; "Your Skill Level (indicated by the marker on your card)"): a
  player uses their own Skill cards, their own Storage and their own Cash Box directly, and any card
  on the table.
- **Offers** ("Work together to combine skills from both players!"): an action that uses the
  partner's Skill card, a card from the partner's Storage, a place in the partner's Storage or money
  from the partner's Cash Box is an offer to the partner (:func:`loopcity.engine.table.offer`), who
  accepts or declines with ``vote yes|no``. Accepted, it is carried out as the proposer's action;
  declined, nothing moves, and that offer is not made again this round.
- **The table's choices** ("You decide who gets the money"; the Skill-share workshop's "Raise one
  Skill card of your choice"): either player proposes (``co2_money`` / ``train``), the partner
  accepts or declines; after a decline the partner proposes another choice; if that is declined too,
  the die decides between the two proposals (low half: the first, high half: the second).
- **Readiness** ("After you've dealt with all the Waste Cards on the table"): each player says
  ``end_round`` when done; the round ends when both are. The last player still at work deals with
  what is left on the table before saying so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from loopcity.engine import Action
from loopcity.engine.table import VOTE, Ballot, Choice, cast, offer
from loopcity.engine.text import _

from .actions import (
    ACTION_SPACE,
    BURN,
    CO2_MONEY,
    COMBINE,
    PLAYERS,
    RECYCLE,
    RECYCLE_PAYING,
    REUSE,
    REUSE_PLUS,
    STORE,
    TRAIN,
    seat_of,
)
from .content import CATEGORIES, CREATIVE
from .handlers import HANDLERS, roll, take_apart
from .words import player

if TYPE_CHECKING:
    from .base import WasteWhatBase
    from .rules import WasteWhatState

QUESTIONS = frozenset({CO2_MONEY.name, TRAIN.name})
"""The kinds that propose the table's choice on an open question (the partner answers)."""
VOTES = (VOTE("yes"), VOTE("no"))


# ----- whose things an action uses ------------------------------------------------------------------
def _reuse(st: WasteWhatBase, seat: int, a: Action) -> bool:
    card, skill = REUSE.read(a)
    return st.owner[skill] != seat or card in st.storage[1 - seat]


def _reuse_plus(st: WasteWhatBase, seat: int, a: Action) -> bool:
    card, skill = REUSE_PLUS.read(a)
    owner = st.owner
    return owner[skill] != seat or owner[CREATIVE] != seat or card in st.storage[1 - seat]


def _store(st: WasteWhatBase, seat: int, a: Action) -> bool:
    return seat_of(STORE.read(a).player) != seat


def _from_partner(st: WasteWhatBase, seat: int, a: Action) -> bool:
    return a.args[0] in st.storage[1 - seat]


def _recycle_paying(st: WasteWhatBase, seat: int, a: Action) -> bool:
    card, payer = RECYCLE_PAYING.read(a)
    return seat_of(payer) != seat or card in st.storage[1 - seat]


def _combine(st: WasteWhatBase, seat: int, a: Action) -> bool:
    work = st.work
    assert work is not None
    partner = PLAYERS[1 - seat]
    if partner in work.get("origins", ()):
        return True
    return any(st.owner[s] != seat for s in combine_skills(st, COMBINE.read(a).creative == "creative"))


def _always(st: WasteWhatBase, seat: int, a: Action) -> bool:
    return True


_ASKS: dict[str, Callable[[WasteWhatBase, int, Action], bool]] = {
    REUSE.name: _reuse,
    REUSE_PLUS.name: _reuse_plus,
    STORE.name: _store,
    RECYCLE.name: _from_partner,
    RECYCLE_PAYING.name: _recycle_paying,
    BURN.name: _from_partner,
    COMBINE.name: _combine,
    CO2_MONEY.name: _always,
    TRAIN.name: _always,
}
"""For each kind that can use what belongs to the partner: whether this action does."""


def needs_consent(st: WasteWhatBase, seat: int, action: Action) -> bool:
    """Whether ``action`` by ``seat`` is put to the partner first: it uses the partner's Skill card,
    Storage or money, or proposes the table's choice."""
    ask = _ASKS.get(action.kind)
    return ask is not None and ask(st, seat, action)


def combine_skills(st: WasteWhatBase, creative: bool) -> list[str]:
    """The Skill cards a combo in the work area uses: the skill of each of its categories that is free
    (rulebook §6: "There has to be a Skill card for each Waste category in the combo"), plus the
    Creative Community when it takes part."""
    work = st.work
    assert work is not None
    cats = {st.category(c) for c in work["cards"]}
    skills = [c for c in CATEGORIES if c in cats and st.skill_free(c)]
    if creative:
        skills.append(CREATIVE)
    return skills


# ----- offers and proposals ------------------------------------------------------------------------
def put_to_partner(st: WasteWhatState, seat: int, action: Action) -> None:
    """Open the offer (or proposal) ``action`` of ``seat`` to the partner, who answers next. The
    ballot keeps the action's text; front ends word it from the state (:func:`.texts.subject`)."""
    st.ballot = ballot_of(action, seat)


def ballot_of(action: Action, by: int) -> Ballot:
    """The offer of ``action`` by seat ``by`` to the partner (the action kept as text and as its kind
    and arguments, plain data)."""
    text = str(action)
    return offer(text, {"action": text, "kind": action.kind, "args": list(action.args)}, by, 1 - by)


def ballot_action(st: WasteWhatBase) -> Action:
    """The action the open ballot is about (the game's own object, with its named arguments)."""
    assert st.ballot is not None
    data = st.ballot["data"]
    return ACTION_SPACE.kind(data["kind"])(*data["args"])


@HANDLERS.on(VOTE)
def vote(st: WasteWhatState, seat: int, a: Choice) -> None:
    """The partner's answer: accepted, the action is carried out as the proposer's; declined, nothing
    moves (a combo waiting for consent is taken apart) and the offer is not made again this round."""
    ballot = st.ballot
    assert ballot is not None
    action = ballot_action(st)
    carried = cast(ballot, seat, a.choice) == "carried"
    by = ballot["by"]
    st.ballot = None
    if carried:
        if action.kind in QUESTIONS:
            settle(st, action.kind)
        HANDLERS.apply(st, by, action)
        return
    if action.kind == COMBINE.name:  # its cards cannot join another combo this round
        work = st.work
        assert work is not None
        take_apart(st, work["cards"], work.get("origins", []), [])
        return
    st.declined.add((by, str(action)))
    if action.kind in QUESTIONS:
        _no_agreement(st, action)


def proposals(st: WasteWhatBase, kind: str) -> list[tuple[int, str]]:
    """The proposals declined on the open question ``kind``: (proposer, action text)."""
    return [(s, text) for s, text in st.declined if text.split(" ", 1)[0] == kind]


def settle(st: WasteWhatBase, kind: str) -> None:
    """The open question is answered: its declined proposals are forgotten."""
    st.declined.difference_update(proposals(st, kind))


def _no_agreement(st: WasteWhatState, declined: Action) -> None:
    """After a second declined proposal the die decides between the two (the rulebook's box has one
    die): the low half of its faces the first proposal, the high half the second."""
    made = proposals(st, declined.kind)
    if len(made) < 2:
        if not open_choices(st, st.dealing_actions()):
            _only_choice(st, declined)
        return
    first = next(text for s, text in made if text != str(declined))
    sides = st.rules().die_sides
    rolled = roll(
        st, sides, lambda r: _("The die decides between the two proposals: rolled {rolled}").format(rolled=r)
    )
    chosen = first if rolled <= sides // 2 else str(declined)
    proposer = next(s for s, text in made if text == chosen)
    settle(st, declined.kind)
    st.staged.append(
        {"kind": "tie", "rolled": rolled, "cards": 0, "accepted": chosen == first, "text": chosen}
    )
    parsed = Action.parse(chosen)
    st.note(
        lambda: _(
            "The players could not agree: the die shows {rolled}, so {player}'s proposal is carried out"
        ).format(rolled=rolled, player=player(proposer)),
        kind="decision",
    )
    HANDLERS.apply(st, proposer, ACTION_SPACE.kind(parsed.kind)(*parsed.args))


def _only_choice(st: WasteWhatState, declined: Action) -> None:
    """A proposal declined when there is no other choice to propose stands."""
    by = next(s for s, text in proposals(st, declined.kind) if text == str(declined))
    settle(st, declined.kind)
    st.note(
        lambda: _("There is no other choice to propose: {player}'s proposal stands").format(player=player(by))
    )
    HANDLERS.apply(st, by, declined)


def question_seats(st: WasteWhatBase) -> tuple[int, ...]:
    """Who may propose on the open question: either player, or after a declined proposal the player
    who declined it."""
    assert st.pending is not None
    made = proposals(st, st.pending)
    if not made:
        return (0, 1)
    return (1 - made[0][0],)


def open_choices(st: WasteWhatBase, choices: list[Action]) -> list[Action]:
    """The choices still open on the question: those not yet proposed and declined."""
    if not st.declined:
        return choices
    made = {text for _s, text in st.declined}
    return [a for a in choices if str(a) not in made]
