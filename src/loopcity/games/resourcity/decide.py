"""The table decides together: where the player tokens start and who starts first; and where the
Policy Maker sends a token.

- Step 8, "Place each player token on a Community Centre. Each Community Centre must have at least
  1, and at most 3, player tokens on it.": each player puts their own token (``start``), in any
  order; a Centre is offered while it has room and the Centres still empty can be filled by the
  tokens still to place (with fewer players than Centres: each token on a Centre of its own).
- Step 9, "Strategize as a team and decide who starts first.": a proposal and a vote. Player 1
  proposes who starts first (``propose``), which counts as their yes; every other player votes
  (``vote yes|no``); a majority of the players carries it and a tie rejects it. A rejected proposal
  passes the word to the next player, who proposes in turn; once every player's proposal has been
  rejected, the one with the most votes for it stands (the earliest among equals).
- The Policy Maker's "move any player token anywhere (2 actions)": the Policy Maker alone chooses
  whose token (``relocate``) and where (``to``); the token's player has no say ("Your Superpower may
  change how an Action is done"; the only joint decisions are Steps 8 and 9).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from loopcity.engine.table import Choice, ask, cast, result

from .actions import PROPOSE, START, TO, VOTE, Seat, Tile
from .apply import HANDLERS
from .catalogue import _
from .legal import placing_seats
from .words import seat_words, tile_name

if TYPE_CHECKING:
    from .rules import ResourcityState


@HANDLERS.on(START)
def _start(s: ResourcityState, seat: int, a: Tile) -> None:
    """Step 8: the player's token goes on the Community Centre; once all are placed, Step 9."""
    s.pos[seat] = a.tile
    if placing_seats(s):
        return
    powers, pos = s.powers, list(s.pos)

    def placed() -> str:
        places = ", ".join(
            _("{seat} on {tile}").format(seat=seat_words(powers, i), tile=tile_name(t))
            for i, t in enumerate(pos)
        )
        return _("Step 8: the player tokens start on the Community Centres: {places}.").format(places=places)

    s.note(placed)
    if s.players == 1:
        begin(s, 0, lambda: _("Step 9: Seat 1 plays alone and starts."))
    else:
        s.phase = "propose"


@HANDLERS.on(PROPOSE)
def _first(s: ResourcityState, seat: int, a: Seat) -> None:
    """Step 9: a proposal of who starts first, put to the table (the proposer votes for it)."""
    s.ballot = ask("first", a.seat - 1, seat, range(s.players), "majority", "rejected")
    cast(s.ballot, seat, "yes")
    s.phase = "vote"


@HANDLERS.on(VOTE)
def _vote(s: ResourcityState, seat: int, a: Choice) -> None:
    """A player's answer; once the answers settle the question, it is carried out."""
    ballot = s.ballot
    assert ballot is not None
    if cast(ballot, seat, a.choice) == "open":
        return
    _settle_first(s)


def _settle_first(s: ResourcityState) -> None:
    """Carried: that player starts. Rejected: the next player proposes, or, after every player's
    proposal was rejected, the one with the most votes for it stands (the earliest among equals)."""
    ballot = s.ballot
    assert ballot is not None
    first = int(ballot["data"])
    yes = sum(1 for v in ballot["votes"].values() if v == "yes")
    s.ballot = None
    if result(ballot) == "carried":
        begin(
            s,
            first,
            lambda: _("The table decides: {seat} starts first ({yes} of {n} voted yes).").format(
                seat=seat_words(s.powers, first), yes=yes, n=s.players
            ),
        )
        return
    s.note(
        lambda: _("The table turns down {seat} starting first ({yes} of {n} voted yes).").format(
            seat=seat_words(s.powers, first), yes=yes, n=s.players
        ),
        kind="decision",
    )
    s.proposals.append([first, yes])
    if len(s.proposals) < s.players:
        s.phase = "propose"
        return
    best = max(range(len(s.proposals)), key=lambda i: (s.proposals[i][1], -i))
    chosen = s.proposals[best][0]
    begin(
        s,
        chosen,
        lambda: _(
            "Every proposal was turned down: the one with the most votes for it stands, so {seat} starts first."
        ).format(seat=seat_words(s.powers, chosen)),
    )


def begin(s: ResourcityState, first: int, why: Callable[[], str]) -> None:
    """The first turn begins with ``first`` (the table's choice; ``why`` words the log line)."""
    s.note(why, kind="decision")
    s.first = s.turn = first
    s.proposals = []
    s._start_turn()


# ----- the Policy Maker moves a token ----------------------------------------------------------------
@HANDLERS.on(TO)
def _to(s: ResourcityState, seat: int, a: Tile) -> None:
    """Where the Policy Maker sends the token: "move any player token anywhere (2 actions)". The card
    changes how an Action is done; the token's player has no say (the rulebook's joint decisions are
    set-up Steps 8 and 9 only)."""
    target = s.pending[0]
    s.pos[target] = a.tile
    s.pending = ()
    s.phase = "act"
    s.actions_left -= s.content.superpowers.policy_maker_actions
