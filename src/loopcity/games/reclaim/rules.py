"""RECLAIM: the state, the set-up, whose turn it is, and how one phase leads to the next.

Phases (:data:`.board.Phase`): ``turn`` (each role in the order Housing, Treatment, Farming,
Contractor: build, then fetch, convert and send resources), ``politics`` (joint Political decisions,
then disease control and the losing conditions), ``growth`` (new Housing blocks before the next round)
and ``over``. The turn's own rules live in :mod:`.turn`, the joint part and growth in
:mod:`.politics`, events in :mod:`.events`. Each action kind has one handler (``HANDLERS``); the
actions that end a phase are handled here: the phase module returns the phase that comes next and
:meth:`ReclaimState.go_on` enters it, so no phase module imports the next one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from loopcity.engine import Action, Game, NoArgs, Outcome, Rng, State
from loopcity.engine.table import DONE, VOTE, Ballot, Choice, ask, cast, offer
from loopcity.engine.text import _

from . import events, politics, position, turn
from .actions import ALARM, END_TURN, HANDLERS, PLACE_BLOCK, URBANIZE, Decision, Hex
from .board import DECISIONS, HOUSING, ROLES, TRANSPORTS, Phase, ReclaimTables, Stage
from .content import ReclaimContent, Transport
from .position import ReclaimPosition
from .texts import TEXTS, describe, prompt
from .views import make_view
from .words import agenda_text, causes_text, cost_unit, decision_title, faces_text, question_text, seat_label

StageLine = tuple[Any, ...]
"""Something that happened on stage this round, for everyone to see (``ReclaimState.show``):
``("event", round, card, how, seat, *hexes)`` (how: applied, kept, played, waiting),
``("conversion", round, hex, success, water)``, ``("sludge", round, hex, success)``,
``("control", round, hex, dice, diseases)``, ``("import", round, food, coins, hungry)``."""
_YES, _NO = VOTE("yes"), VOTE("no")


def _pile_words(name: str) -> Callable[[], str]:
    """The log's name of a shuffled Infrastructure pile: ``the Road pile``."""
    return lambda: _("the {pile} pile").format(pile=_(name))


def _agendas_words() -> str:
    """The log's name of the shuffled Hidden agenda cards."""
    return _("the Hidden agenda cards")


def _agenda_words(symbols: Sequence[str]) -> Callable[[], str]:
    """A player's own log line with their Hidden agenda."""
    return lambda: _("Your Hidden agenda: {agenda}").format(agenda=agenda_text(symbols))


def _cost_card_words(decision: str, value: int) -> Callable[[], str]:
    """The log line of a Cost card turned up: ``Cost card for Import Food, coins per Food: 225``."""
    return lambda: _("Cost card for {decision}, coins per {unit}: {value}").format(
        decision=decision_title(decision), unit=cost_unit(decision), value=value
    )


@mypyc_attr(allow_interpreted_subclasses=True)  # see State
class ReclaimState(State[ReclaimContent, ReclaimTables]):
    """A game of RECLAIM for 4 players."""

    handlers = HANDLERS
    texts = TEXTS
    position_model = ReclaimPosition

    def __init__(self, game: Game[ReclaimContent, ReclaimTables], seed: int) -> None:
        super().__init__(game, seed)
        b = self.tables
        c = self.content
        n, players = b.n, game.players
        self.round = 1
        self.phase: Phase = "turn"
        self.roles = list(range(players))  # role index of each seat; seat i starts with role i
        self.turn_role = HOUSING
        self.play_as = HOUSING
        self.stage: Stage = "build"
        self.builds_left = c.rules.builds_per_turn
        self.pending_pile: str | None = None
        self.pending_link: tuple[Transport, int] | None = None
        self.coins = [c.rules.player_coins] * players
        self.city = c.rules.city_coins
        self.terrain = list(b.start_terrain)
        self.converted = [0] * n
        self.farm_used = [0] * n
        self.disease = [0] * n
        self.dump = -1
        self._setup_board()
        self._setup_cards(players)
        self.costs = {d: 0 for d in DECISIONS}
        self.cost_mods = {d: 0 for d in DECISIONS}
        self.mods = {"farm_capacity": 0, "plant_capacity": 0}
        self.draw_costs()
        self.turns_done = 0
        self.pending_events: list[int] = []
        self.last_event = -1
        self.ballot: Ballot | None = None
        """The question the table is answering now (a political decision, the Dump, where a new
        block goes, Sludge offered to a Farm), or None."""
        self.proposing: tuple[Decision, int, int] | None = None
        """A political decision named (what, where, by whom) whose number of units comes next."""
        self.dump_rejected: list[int] = []
        self.growth_rejected: list[int] = []
        self.sludge_ok: list[int] = []
        self.sludge_refused: list[int] = []
        self.on_stage: list[StageLine] = []
        self.pol_done = [False] * players
        self.rejections = [0] * players
        self.rejected: list[list[Any]] = []  # [decision, hexagon, units] the table rejected this round
        self.growth_left = 0
        self.hunger = 0
        self.lost = ""
        self.history: list[dict[str, int]] = []

    # ----- set-up ---------------------------------------------------------------------------------
    def _setup_board(self) -> None:
        """Place the set-up's blocks, resources, plants, Farms and transportation (worked out once
        per game in the tables, then copied)."""
        start = self.tables.start
        self.blocks = [[*bl] for bl in start.blocks]
        self.res = [[*r] for r in start.res]
        self.plants = [[*p] for p in start.plants]  # [hex, level, Waste treated this round]
        self.farm_level = [*start.farm_level]
        self.links = [*start.links]
        self.comp: dict[str, list[int]] = {t: [*start.comp[t]] for t in TRANSPORTS}

    def _setup_cards(self, players: int) -> None:
        c = self.content
        self.face_up: dict[str, list[int]] = {}
        self.deck: dict[str, list[int]] = {}
        # the piles and the Hidden agendas, shuffled in turn with their draws mixed together
        orders = [list(range(len(pile.cards))) for pile in c.piles]
        agendas = list(range(len(c.agendas)))
        self.shuffle_each([*orders, agendas], [*[_pile_words(pile.name) for pile in c.piles], _agendas_words])
        for pile, order in zip(c.piles, orders, strict=True):
            show = c.rules.face_up_cards if pile.face_up else 1
            self.face_up[pile.id] = order[:show]
            self.deck[pile.id] = order[show:]
        self.owned: list[list[tuple[str, int]]] = [[] for _ in range(players)]
        self.agendas = agendas[:players]
        for seat, a in enumerate(self.agendas):
            self.note(_agenda_words(c.agendas[a].symbols), seats=[seat])
        self.events = list(range(len(c.events)))
        self.shuffle(self.events, lambda: _("the Event cards"))
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.discard: list[int] = []

    def draw_costs(self) -> None:
        """Turn up a new Cost card for each political decision (the piles are reshuffled)."""
        for card in self.content.cost_cards:
            values = card.values
            value = values[self.rng.below(len(values))]  # the draw of ``State.draw_from``
            self.costs[card.id] = value
            self.note(_cost_card_words(card.id, value), kind="chance")

    def throw(self, faces: tuple[str, ...], what: Callable[[], str]) -> str:
        """Roll a die with the given faces and return the face shown (the log names the die with
        ``what``, worded in each language of the log, and its faces by the numbers rolled)."""
        value = self.die_value(len(faces))
        self.note(
            lambda: _("{die} ({faces}): rolled {value}").format(
                die=what(), faces=faces_text(faces), value=value
            ),
            kind="chance",
        )
        return faces[value - 1]

    def die_value(self, sides: int) -> int:
        """The number a die with ``sides`` faces shows (the draw of ``State.roll``)."""
        return self.rng.randint(1, sides)

    # ----- who acts -------------------------------------------------------------------------------
    def seat_of_role(self, role: int) -> int:
        """The seat playing ``role`` this round."""
        return self.roles.index(role)

    def role_of(self, seat: int) -> str:
        """The role ``seat`` holds this round."""
        return ROLES[self.roles[seat]]

    def active_seats(self) -> tuple[int, ...]:
        ballot = self.ballot
        if ballot is not None:  # a ballot is settled as soon as it can be: those still to answer
            votes = ballot["votes"]
            return tuple([s for s in ballot["asked"] if s not in votes])
        match self.phase:
            case "turn":
                return (self.roles.index(self.turn_role),)
            case "politics":
                if self.proposing is not None:
                    return (self.proposing[2],)
                return tuple([s for s, done in enumerate(self.pol_done) if not done])
            case "growth":
                return (self.roles.index(HOUSING),)
            case "over":
                return ()

    def cost(self, decision: str) -> int:
        """This round's cost of a political decision (the face-up Cost card plus events)."""
        return max(0, self.costs[decision] + self.cost_mods[decision])

    # ----- actions --------------------------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[Action]:
        if self.ballot is not None:
            acts = [_YES, _NO]
        else:
            match self.phase:
                case "turn":
                    acts = turn.legal(self)
                case "politics":
                    acts = politics.legal(self, seat)
                case "growth" | "over":
                    acts = politics.growth_legal(self)
        if self.events and self.game.options["events"] == "timer":  # _alarm_allowed, inlined
            acts.append(ALARM())
        return acts

    def _clock_actions(self) -> list[Action]:
        return [ALARM()] if self._alarm_allowed() else []

    def _alarm_allowed(self) -> bool:
        """In the ``timer`` schedule the timer runs all game while Event cards are left: "The timer is
        immediately restarted for ten more minutes after it rings" (the clock restarts its countdown
        at the ring, :class:`~loopcity.engine.clocks.Countdowns`), so it may ring again before anyone
        moves."""
        return self.game.options["events"] == "timer" and bool(self.events)

    @HANDLERS.on(ALARM)
    def _alarm(self, seat: int, a: NoArgs) -> None:
        """The timer rang: draw an Event card."""
        events.draw(self)

    @HANDLERS.on(END_TURN)
    def _end_turn(self, seat: int, a: NoArgs) -> None:
        """End the turn and go on (to the next role's turn or, after the Contractor's, to the joint
        decisions); then the `turns` schedule may draw an Event card."""
        self.go_on(turn.end_turn(self))
        events.after_turn(self)

    @HANDLERS.on(DONE)
    def _done(self, seat: int, a: NoArgs) -> None:
        self.go_on(politics.done(self, seat))

    @HANDLERS.on(PLACE_BLOCK)
    def _place_block(self, seat: int, a: Hex) -> None:
        self.go_on(politics.propose_growth(self, seat, PLACE_BLOCK.name, a.hex))

    @HANDLERS.on(URBANIZE)
    def _urbanize(self, seat: int, a: Hex) -> None:
        self.go_on(politics.propose_growth(self, seat, URBANIZE.name, a.hex))

    # ----- the table decides together --------------------------------------------------------------
    def ask(self, subject: str, data: dict[str, int], by: int, tie: str) -> None:
        """Put a question to all the players (a majority of them decides; ``tie`` says what a tie
        does); the seat that asks votes yes."""
        ballot = ask(
            subject, data, by, range(self.players), "majority", "carried" if tie == "carried" else "rejected"
        )
        cast(ballot, by, "yes")
        self.ballot = ballot

    def offer(self, subject: str, data: dict[str, int], by: int, to: int) -> None:
        """Put a question to one seat, who accepts or declines."""
        self.ballot = offer(subject, data, by, to)

    @HANDLERS.on(VOTE)
    def _vote(self, seat: int, a: Choice) -> None:
        """Answer the open question; once the answers still to come cannot change it, the table's
        decision is carried out."""
        ballot = self.ballot
        assert ballot is not None
        outcome = cast(ballot, seat, a.choice)
        if outcome == "open":
            return
        self.ballot = None
        carried = outcome == "carried"
        subject = ballot["subject"]
        if subject in politics.ITEMS:
            politics.decided(self, ballot, carried)
        elif subject == "dump_site":
            turn.dump_decided(self, ballot, carried)
        elif subject == "sludge":
            turn.sludge_answered(self, ballot, carried)
        else:
            self.go_on(politics.growth_decided(self, ballot, carried))

    def show(self, line: StageLine) -> None:
        """Put something that happened on stage, for everyone to see this round."""
        self.on_stage.append(line)

    # ----- from one phase to the next -------------------------------------------------------------
    def go_on(self, phase: Phase) -> None:
        """Go on to ``phase`` when the game is not in it yet, and enter it; entering growth with no
        block to place goes on at once to the next round."""
        while phase != self.phase:
            self.phase = phase
            phase = self._enter(phase)

    def _enter(self, phase: Phase) -> Phase:
        """Start ``phase``; return the phase the game is in afterwards."""
        match phase:
            case "politics":
                politics.start(self)
            case "growth":
                return politics.before_next_round(self)
            case "turn":
                self.new_round()
            case "over":
                pass
        return phase

    def new_round(self) -> None:
        """New budgets, fresh capacities, and the Housing role starts the next round."""
        c = self.content.rules
        n = self.tables.n
        self.growth_left = 0
        self.round += 1
        self.coins = [x + c.player_coins for x in self.coins]
        self.city += c.city_coins
        self.converted = [0] * n
        self.farm_used = [0] * n
        for p in self.plants:
            p[2] = 0
        self.cost_mods = dict.fromkeys(self.cost_mods, 0)
        self.mods = dict.fromkeys(self.mods, 0)
        self.dump_rejected = []
        last = self.round - 1  # the end of the last round stays on stage: what the table saw last
        self.on_stage = [x for x in self.on_stage if x[1] == last and x[0] in ("control", "import")]
        turn.start_turn(self, HOUSING)
        n = self.round
        self.note(lambda: _("Round {n} begins.").format(n=n), kind="info")
        events.start_of_round(self)

    # ----- words ----------------------------------------------------------------------------------
    def explain_illegal(self, seat: int, action: Action) -> str | None:
        if self.ballot is not None:
            return _("the table is answering a question first: {question}; vote yes or no").format(
                question=question_text(self, self.ballot["subject"], self.ballot["data"])
            )
        match self.phase:
            case "turn":
                return turn.explain(self, action)
            case "politics":
                return politics.explain(self, seat, action)
            case "growth" | "over":
                return politics.growth_explain(self, action)

    def describe(self, seat: int, action: Action) -> str:
        return describe(self, seat, action)

    def prompt(self, seat: int | None) -> str:
        return prompt(self, seat)

    def seat_name(self, seat: int) -> str:
        """``Seat 2 (Treatment)``: counted from 1, with the role held this round."""
        return seat_label(seat, self.role_of(seat))

    # ----- end ------------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[int]:
        """Each seat's points: card levels plus symbols matching its Hidden agenda."""
        return [politics.score(self, seat, self.agendas[seat]) for seat in range(self.players)]

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        scores = tuple(float(s) for s in self.scores())
        if self.lost:
            return Outcome(False, self.lost, scores, ())
        best = max(scores)
        winners = tuple(s for s, v in enumerate(scores) if v == best)
        return Outcome(True, f"{self.content.rules.rounds} rounds played", scores, winners)

    def ending(self) -> str:
        """The losing conditions met, in words, or the rounds played."""
        if self.phase != "over":
            return ""
        if self.lost:
            return _("the city is lost to {causes}").format(causes=causes_text(self.lost))
        return _("{n} rounds played").format(n=self.content.rules.rounds)

    # ----- views, secrets and positions -----------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return make_view(self, seat)

    def resample_hidden(self, seat: int | None, rng: Rng) -> None:
        for order in self.deck.values():  # sorted first: the redraw depends on the view alone
            order.sort()
            rng.shuffle(order)
        self.events.sort()
        rng.shuffle(self.events)
        if self.phase == "over":
            return
        pool = [a for a in range(len(self.content.agendas)) if seat is None or a != self.agendas[seat]]
        rng.shuffle(pool)
        for s in range(self.players):
            if s != seat:
                self.agendas[s] = pool.pop()

    def position(self) -> ReclaimPosition:
        return position.position_of(self)

    @classmethod
    def from_position(
        cls, game: Game[ReclaimContent, ReclaimTables], fields: ReclaimPosition
    ) -> ReclaimState:
        state = cls.blank()
        State.__init__(state, game, 0)
        position.set_up(state, fields)
        return state

    def check_invariants(self) -> None:
        position.check(self)
