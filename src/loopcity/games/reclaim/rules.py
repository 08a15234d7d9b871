"""RECLAIM: the state, the set-up, whose turn it is, and the dispatch of actions by phase.

Phases: ``turn`` (each role in the order Housing, Treatment, Farming, Contractor: build, then fetch,
convert and send resources), ``politics`` (joint Political decisions, then disease control and the
losing conditions), ``growth`` (new Housing blocks before the next round) and ``over``.
The turn's own rules live in :mod:`.turn`, the joint part in :mod:`.politics`, events in :mod:`.events`.
"""

from __future__ import annotations

from typing import Any

from loopcity.engine import Action, Game, Outcome, Rng, State

from . import events, politics, turn
from .board import (
    CONTRACTOR,
    DECISIONS,
    FOOD,
    HOUSING,
    NPK,
    RES_INDEX,
    ROLES,
    TRANSPORTS,
    Board,
    board_of,
)
from .content import ReclaimContent


def _start_position(b: Board) -> dict[str, Any]:
    """The set-up's blocks, Food, plants, NPK, Farms and transportation on the board."""
    s = b.content.setup
    blocks = [[0, 0, 0] for _ in range(b.n)]
    res = [[0, 0, 0, 0, 0] for _ in range(b.n)]
    plants: list[list[int]] = []
    farm_level = [0] * b.n
    links: list[tuple[int, int, str]] = []
    for p in s.blocks:
        blocks[p.hex][p.level] += p.count
    for p in s.food:
        res[p.hex][FOOD] += p.count
    for p in s.plants:
        plants.append([p.hex, p.level, 0])
    for h, terrain in enumerate(b.start_terrain):
        if terrain == "rural":
            res[h][NPK] += s.rural_npk
    for p in s.farms:
        farm_level[p.hex] = p.level
        res[p.hex][NPK] += s.farm_npk
    for link in s.links:
        links.append((min(link.a, link.b), max(link.a, link.b), link.transport))
    return {
        "blocks": blocks,
        "res": res,
        "plants": plants,
        "farm_level": farm_level,
        "links": links,
        "comp": turn.components(b.n, links),
    }


class ReclaimState(State):
    """A game of RECLAIM for 4 players."""

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        b = self.board
        c = b.content
        n, players = b.n, game.players
        self.round = 1
        self.phase = "turn"
        self.roles = list(range(players))  # role index of each seat; seat i starts with role i
        self.turn_role = HOUSING
        self.play_as = HOUSING
        self.stage = "build"
        self.builds_left = c.rules.builds_per_turn
        self.pending_pile: str | None = None
        self.pending_link: tuple[str, int] | None = None
        self.coins = [c.rules.player_coins] * players
        self.city = c.rules.city_coins
        self.terrain = list(b.start_terrain)
        self.blocks = [[0, 0, 0] for _ in range(n)]
        self.converted = [0] * n
        self.plants: list[list[int]] = []  # [hex, level, used this round]
        self.farm_level = [0] * n
        self.farm_used = [0] * n
        self.res = [[0, 0, 0, 0, 0] for _ in range(n)]
        self.disease = [0] * n
        self.links: list[tuple[int, int, str]] = []
        self.comp: dict[str, list[int]] = {t: list(range(n)) for t in TRANSPORTS}
        self.dump = -1
        self._setup_board()
        self._setup_cards(players)
        self.costs = {d: 0 for d in DECISIONS}
        self.cost_mods = {d: 0 for d in DECISIONS}
        self.mods = {"farm_capacity": 0, "plant_capacity": 0}
        self.draw_costs()
        self.turns_done = 0
        self.alarm_ready = True
        self.pending_events: list[int] = []
        self.last_event = -1
        self.proposal: tuple[str, int, int] | None = None
        self.votes = [-1] * players
        self.pol_done = [False] * players
        self.rejections = [0] * players
        self.growth_left = 0
        self.hunger = 0
        self.lost = ""
        self.history: list[dict[str, int]] = []

    @property
    def board(self) -> Board:
        try:
            return self.game._reclaim_board  # type: ignore[attr-defined]
        except AttributeError:
            return board_of(self.game)

    @property
    def content(self) -> ReclaimContent:
        return self.board.content

    # ----- set-up ---------------------------------------------------------------------------------
    def _setup_board(self) -> None:
        # the set-up depends on the content alone: worked out once per board, then copied
        start = self.board.start_cache
        if not start:
            start.update(_start_position(self.board))
        self.blocks = [[*bl] for bl in start["blocks"]]
        self.res = [[*r] for r in start["res"]]
        self.plants = [[*p] for p in start["plants"]]
        self.farm_level = [*start["farm_level"]]
        self.links = [*start["links"]]
        self.comp = {t: [*labels] for t, labels in start["comp"].items()}

    def _setup_cards(self, players: int) -> None:
        c = self.content
        self.face_up: dict[str, list[int]] = {}
        self.deck: dict[str, list[int]] = {}
        for pile in c.piles:
            order = list(range(len(pile.cards)))
            self.shuffle(order, f"the {pile.name} pile")
            show = c.rules.face_up_cards if pile.face_up else 1
            self.face_up[pile.id] = order[:show]
            self.deck[pile.id] = order[show:]
        self.owned: list[list[tuple[str, int]]] = [[] for _ in range(players)]
        agendas = list(range(len(c.agendas)))
        self.shuffle(agendas, "the Hidden agenda cards")
        self.agendas = agendas[:players]
        for seat, a in enumerate(self.agendas):
            self.note(f"Your Hidden agenda: {c.agendas[a].id}", seats=[seat])
        self.events = list(range(len(c.events)))
        self.shuffle(self.events, "the Event cards")
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.discard: list[int] = []

    def draw_costs(self) -> None:
        """Turn up a new Cost card for each political decision (the piles are reshuffled)."""
        for card in self.content.cost_cards:
            self.costs[card.id] = self.draw_from(card.values, f"Cost card {card.id}")

    # ----- who acts -------------------------------------------------------------------------------
    def seat_of_role(self, role: int) -> int:
        """The seat playing ``role`` this round."""
        return self.roles.index(role)

    def active_seats(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "turn":
            return (self.roles.index(self.turn_role),)
        if phase == "politics":
            if self.proposal is not None:
                return tuple([s for s, v in enumerate(self.votes) if v < 0])
            return tuple([s for s, done in enumerate(self.pol_done) if not done])
        if phase == "growth":
            return (self.roles.index(HOUSING),)
        return ()

    def cost(self, decision: str) -> int:
        """This round's cost of a political decision (the face-up Cost card plus events)."""
        return max(0, self.costs[decision] + self.cost_mods[decision])

    # ----- actions --------------------------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "turn":
            acts = turn.legal(self)
        elif self.phase == "politics":
            acts = politics.legal(self, seat)
        else:
            acts = politics.growth_legal(self)
        if self._alarm_allowed():
            acts.append(self.board.acts.alarm)
        return acts

    def _clock_actions(self) -> list[Action]:
        return [self.board.acts.alarm] if self._alarm_allowed() else []

    def _alarm_allowed(self) -> bool:
        return self.game.options["events"] == "timer" and self.alarm_ready and bool(self.events)

    def _apply(self, seat: int, action: Action) -> None:
        if action.kind == "alarm":
            self.alarm_ready = False
            events.draw(self)
            return
        self.alarm_ready = True
        if self.phase == "turn":
            turn.apply(self, seat, action)
        elif self.phase == "politics":
            politics.apply(self, seat, action)
        else:
            politics.growth_apply(self, action)

    def explain_illegal(self, seat: int, action: Action) -> str | None:
        if self.phase == "turn":
            return turn.explain(self, action)
        if self.phase == "politics":
            return politics.explain(self, seat, action)
        if action.kind == "urbanize":
            return "a hexagon becomes Urban only when every Urban area is full, and never Wetland or Mountain"
        return "new level 0 blocks go on an Urban hexagon with fewer than 4 Housing blocks (not the Dump)"

    def describe(self, seat: int, action: Action) -> str:
        # the board's Action tables know their texts; any other Action is written out
        known = self.board.text.get(id(action))
        text = known[1] if known is not None and known[0] is action else str(action)
        if self.phase == "turn":
            return f"Seat {seat + 1} ({ROLES[self.turn_role]}): {text}"
        return f"Seat {seat + 1}: {text}"

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

    # ----- views and secrets ----------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        from .views import make_view

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

    def check_invariants(self) -> None:
        b = self.board
        r = self.content.rules
        assert len(set(self.agendas)) == self.players, "agendas are distinct cards"
        assert self.city >= 0 and min(self.coins) >= 0, "money never goes below zero"
        for h in range(b.n):
            assert min(self.res[h]) >= 0 and self.disease[h] >= 0
            for i, v in enumerate(self.res[h]):
                if not (i == RES_INDEX["sludge"] and h == self.dump):
                    assert v <= r.max_resource_per_hex, f"hex {h} holds {v} {i}"
            assert sum(self.blocks[h]) <= r.max_blocks_per_hex
            assert sum(1 for p in self.plants if p[0] == h) <= r.max_plants_per_hex
            if self.farm_level[h]:
                assert self.terrain[h] == "rural", f"a Farm on {self.terrain[h]} hex {h}"
            if self.terrain[h] == "water":
                assert self.res[h][1] + self.res[h][2] <= r.max_resource_per_hex
        for pile in self.content.piles:
            owned = sum(1 for cards in self.owned for p, _ in cards if p == pile.id)
            total = len(self.face_up[pile.id]) + len(self.deck[pile.id]) + owned
            assert total == len(pile.cards), f"pile {pile.id} lost cards"
        assert self.comp == turn.components(b.n, self.links), "transport components follow the links"
        held = sum(len(h) for h in self.hands)
        total_events = len(self.events) + len(self.discard) + held + len(self.pending_events)
        assert total_events == len(self.content.events), "event cards are conserved"
        assert (
            self.phase != "turn"
            or self.turn_role != CONTRACTOR
            or self.play_as != CONTRACTOR
            or (self.stage == "role")
        )
