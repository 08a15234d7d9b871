"""RECLAIM's observation tensors: the hexagon map as planes, transport links, cards, money, politics.

Hexagon planes are indexed by hexagon id over the action space's ``MAX_HEXES`` ids (the ids
``build``, ``move``, ``treat``, ``propose`` ... name); resources follow ``RESOURCES`` (the
``resource`` argument of ``move``); face-up Infrastructure cards are one-hot by slot, the slot
``card`` names. What the seat may not see stays out: other players' Hidden agendas (until the game
is over), the order of the Infrastructure piles and of the Event deck. The memory of the
information-state tensor holds the Event cards drawn so far.
"""

from __future__ import annotations

from itertools import chain
from typing import cast

from loopcity.engine import Game, State
from loopcity.engine.observation import Encoder, Features, ObservationSpec

from .board import RESOURCES, ROLES, TRANSPORTS
from .content import MAX_HEXES, ReclaimContent
from .rules import ReclaimState

TERRAINS = ("urban", "rural", "wetland", "water", "mountain")
PHASES = ("turn", "politics", "growth", "over")
STAGES = ("role", "build", "send", "convert", "growth")
PROPOSALS = ("npk", "vaccinate", "dump")
SUBJECTS = (*PROPOSALS, "dump_site", "place_block", "urbanize", "sludge")
"""What the table's open question is about: a Political decision, the Dump site, where a new block
goes (an Urban hexagon, or a Rural one turned Urban), Sludge offered to a Farm."""
MAX_UNITS = 10
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six axial neighbour steps; a link's plane is its direction from the lower-numbered hexagon."""
COSTS = ("vaccination", "food", "npk", "dump")
MAX_CARD_IDS = 12
SEAT_MODELS = (
    "Turns belong to one role at a time; the political decisions are asked seat by seat (propose, "
    "vote, done), so the seat model only orders who speaks. team: one agent plays all four roles "
    "(the reward is the mean of the seats' returns); seat: each seat plays its own role and votes."
)


class ReclaimEncoder(Encoder):
    """Layout: seat, roles, phase, hexagon planes, links, cards, hands, agenda, money, politics."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        content = game.content
        assert isinstance(content, ReclaimContent)
        self.content = content
        self.piles = [p.id for p in content.piles]
        self.symbols: list[str] = sorted({s for a in content.agendas for s in a.symbols})
        self.event_ids = [e.id for e in content.events]
        lay, n, players = self.layout, MAX_HEXES, self.players
        self.o_seat = self.add_seat()
        self.o_role = lay.add("roles", (players, len(ROLES)), "each seat's role")
        self.o_turn = lay.add("turn_role", (2, len(ROLES)), "the role whose turn it is; the role played")
        self.o_phase = lay.add("phase", len(PHASES) + len(STAGES), "phase, then stage of the turn")
        self.o_terrain = lay.add("terrain", (len(TERRAINS), n), "each hexagon's terrain")
        self.o_blocks = lay.add("housing_blocks", (n, 3), "each hexagon's Housing blocks by level 0-2 / 4")
        self.o_res = lay.add("resources", (n, len(RESOURCES)), "each hexagon's resources / 4")
        self.o_converted = lay.add("converted", n, "converted Housing blocks on each hexagon / 4")
        self.o_disease = lay.add("disease", n, "disease on each hexagon / the limit")
        self.o_farm_used = lay.add("farm_used", n, "how much of each Farm is used this round / 4")
        self.o_hex = lay.add(
            "hex_state", (6, n), "plants of level 0, 1 and 2, Farm level 1 and 2, the Dump, on each hexagon"
        )
        self.o_links = lay.add(
            "links", (len(TRANSPORTS), len(DIRECTIONS), n), "transport links by kind and way"
        )
        self.o_face = lay.add(
            "face_up", (len(self.piles), 3, MAX_CARD_IDS), "face-up cards of each pile by slot"
        )
        self.o_piles = lay.add("pile_left", len(self.piles), "cards left in each pile / 12")
        self.o_owned = lay.add("owned", (players, len(self.piles)), "each player's cards by pile / 4")
        self.o_symbols = lay.add("symbols", (players, len(self.symbols)), "each player's symbols / 8")
        self.o_agenda = lay.add(
            "agenda", (players, len(content.agendas)), "Hidden agendas (own; all at the end)"
        )
        self.o_hands = lay.add("hands", (players, len(self.event_ids)), "Event cards each player keeps")
        self.o_event = lay.add("last_event", len(self.event_ids), "the last Event card drawn")
        self.o_money = lay.add("money", players + 1, "each player's coins, then the City budget / 2000")
        self.o_costs = lay.add("costs", 4, "vaccination, food, NPK, dump costs / 500")
        self.o_pending = lay.add(
            "pending", len(self.piles) + len(TRANSPORTS) + n, "the pile bought from; the link being built"
        )
        self.o_proposal = lay.add(
            "proposal",
            len(SUBJECTS) + n + players + 1,
            "the table's open question (or the Political decision being named): what it is about, "
            "its hexagon (Sludge: the Farm), who asks, units / 10",
        )
        self.o_votes = lay.add("votes", (players, 3), "each seat: answered yes, answered no, done")
        self.o_rejections = lay.add("rejections", players, "each seat's rejected proposals this round / 4")
        self.o_scalars = lay.add(
            "scalars",
            8,
            "round / rounds, builds left / 3, turns done / 4, growth left / 3, hunger / 4, Events "
            "waiting / 3, Events left / 20, the timer runs (timer schedule, Events left)",
        )
        self.m_events = self.memory.add("events_drawn", len(self.event_ids), "Event cards drawn so far")
        self._links: dict[tuple[int, int], tuple[int, int]] = {}
        self._symbols: dict[str, list[tuple[int, tuple[int, ...]]]] | None = None
        self.terrain_index = {t: i for i, t in enumerate(TERRAINS)}
        self._holdings: dict[tuple[tuple[str, int], ...], tuple[list[int], list[int]]] = {}
        self._spreads: dict[tuple[tuple[int, ...], ...], list[int]] = {}
        self._phase_at = {p: self.o_phase + i for i, p in enumerate(PHASES)}
        self._stage_at = {s: self.o_phase + len(PHASES) + i for i, s in enumerate(STAGES)}
        self._top, self._most = content.rules.max_blocks_per_hex, content.rules.max_resource_per_hex
        self._disease_limit = content.rules.disease_limit
        self._n_agendas = len(content.agendas)
        self._last_terrain: tuple[list[str], list[int]] | None = None
        self._last_links: tuple[list[tuple[int, int, str]], list[int]] | None = None
        self._last_spread: tuple[list[list[int]], list[int]] | None = None

    def _way(self, st: ReclaimState, a: int, b: int) -> tuple[int, int]:
        """The lower-numbered hexagon of a link and the way from it to the other (kept once found)."""
        key = (a, b) if a < b else (b, a)
        hit = self._links.get(key)
        if hit is None:
            (q1, r1), (q2, r2) = st.tables.coords[key[0]], st.tables.coords[key[1]]
            step = (q2 - q1, r2 - r1)
            way = DIRECTIONS.index(step) if step in DIRECTIONS else 0
            hit = self._links[key] = (key[0], way)
        return hit

    def observe(self, state: State, seat: int, out: Features) -> None:
        st = cast(ReclaimState, state)
        out.hot.append(self.o_seat + seat)
        self._roles(st, out)
        self._map(st, out)
        self._cards(st, seat, out)
        self._politics(st, out)

    def _roles(self, st: ReclaimState, out: Features) -> None:
        r, o_role = len(ROLES), self.o_role
        hot = out.hot
        hot.extend([o_role + p * r + role for p, role in enumerate(st.roles)])
        hot.append(self.o_turn + st.turn_role)
        hot.append(self.o_turn + r + st.play_as)
        phase = self._phase_at.get(st.phase)
        if phase is not None:
            hot.append(phase)
        stage = self._stage_at.get(st.stage)
        if stage is not None:
            hot.append(stage)

    # A learner's steps encode one game after another, and most of the map (the terrain, the links
    # built) is the same as at the last step encoded: those entries are kept with a copy of what they
    # were worked out from, and compared (comparing lists costs less than working them out again).
    def _map(self, st: ReclaimState, out: Features) -> None:
        n, hot, runs = MAX_HEXES, out.hot, out.runs
        o_hex = self.o_hex
        terrain = st.terrain
        last = self._last_terrain
        if last is None or last[0] != terrain:
            index = self.terrain_index
            last = self._last_terrain = (
                list(terrain),
                [self.o_terrain + index[t] * n + h for h, t in enumerate(terrain)],
            )
        hot.extend(last[1])
        top, most = self._top, self._most
        runs.append((self.o_blocks, list(chain.from_iterable(st.blocks)), top))
        runs.append((self.o_res, list(chain.from_iterable(st.res)), most))
        runs.append((self.o_converted, st.converted, top))
        runs.append((self.o_disease, st.disease, self._disease_limit))
        runs.append((self.o_farm_used, st.farm_used, top))
        hot.extend([o_hex + (2 + farm) * n + h for h, farm in enumerate(st.farm_level) if farm])
        hot.extend(list({o_hex + level * n + h for h, level, _stored in st.plants}))
        if st.dump >= 0:
            hot.append(o_hex + 5 * n + st.dump)
        links = st.links
        seen = self._last_links
        if seen is None or seen[0] != links:
            seen = self._last_links = (list(links), [self._link_entry(st, link) for link in links])
        hot.extend(seen[1])

    def _link_entry(self, st: ReclaimState, link: tuple[int, int, str]) -> int:
        """The entry of one transport link: its kind, its way and its lower-numbered hexagon."""
        a, b, transport = link
        low, way = self._way(st, a, b)
        return self.o_links + (TRANSPORTS.index(transport) * len(DIRECTIONS) + way) * MAX_HEXES + low

    def _cards(self, st: ReclaimState, seat: int, out: Features) -> None:
        hot, piles = out.hot, self.piles
        face_up = st.face_up
        shown_cards = [face_up[pile] for pile in piles]
        last = self._last_spread
        if last is None or last[0] != shown_cards:
            last = self._last_spread = ([[*cards] for cards in shown_cards], self._face_up(face_up))
        hot.extend(last[1])
        deck = st.deck
        out.runs.append((self.o_piles, [len(deck[pile]) for pile in piles], MAX_CARD_IDS))
        n_piles, n_sym = len(piles), len(self.symbols)
        for p, owned in enumerate(st.owned):
            if owned:
                counts, symbols = self._holding(st, owned)
                out.runs.append((self.o_owned + p * n_piles, counts, 4))
                out.runs.append((self.o_symbols + p * n_sym, symbols, 8))
        n_agendas = self._n_agendas
        o_agenda, agendas = self.o_agenda, st.agendas
        if st.phase == "over":
            hot.extend([o_agenda + p * n_agendas + agendas[p] for p in range(self.players)])
        else:
            hot.append(o_agenda + seat * n_agendas + agendas[seat])
        n_events = len(self.event_ids)
        for p, hand in enumerate(st.hands):
            if hand:
                base = self.o_hands + p * n_events
                hot.extend([base + i for i in hand])
        if st.last_event >= 0:
            hot.append(self.o_event + st.last_event)

    def _face_up(self, face_up: dict[str, list[int]]) -> list[int]:
        """The one-hot entries of the face-up cards (kept for each distinct spread of cards)."""
        key = tuple([tuple(face_up[pile]) for pile in self.piles])
        hit = self._spreads.get(key)
        if hit is None:
            hit = []
            for i, cards in enumerate(key):
                base = self.o_face + i * 3 * MAX_CARD_IDS
                hit.extend([base + slot * MAX_CARD_IDS + card for slot, card in enumerate(cards[:3])])
            if len(self._spreads) > 100_000:
                self._spreads.clear()
            self._spreads[key] = hit
        return hit

    def _holding(self, st: ReclaimState, owned: list[tuple[str, int]]) -> tuple[list[int], list[int]]:
        """A player's cards counted by pile and by symbol (kept for each distinct holding)."""
        key = tuple(owned)
        hit = self._holdings.get(key)
        if hit is None:
            symbols_of = self._symbols_of(st)
            counts, symbols = [0] * len(self.piles), [0] * len(self.symbols)
            for pile, card in owned:
                i, marks = symbols_of[pile][card]
                counts[i] += 1
                for symbol in marks:
                    symbols[symbol] += 1
            if len(self._holdings) > 100_000:
                self._holdings.clear()
            hit = self._holdings[key] = (counts, symbols)
        return hit

    def _symbols_of(self, st: ReclaimState) -> dict[str, list[tuple[int, tuple[int, ...]]]]:
        """Each pile's cards as (pile number, symbol numbers), worked out once."""
        if self._symbols is None:
            self._symbols = {
                pile: [(i, tuple(self.symbols.index(s) for s in card)) for card in st.tables.pile_cards[pile]]
                for i, pile in enumerate(self.piles)
            }
        return self._symbols

    def _politics(self, st: ReclaimState, out: Features) -> None:
        n = MAX_HEXES
        out.run(self.o_money, [*st.coins, st.city], 2000)
        costs, mods = st.costs, st.cost_mods  # ReclaimState.cost, inlined
        out.run(self.o_costs, [max(0, costs[item] + mods[item]) for item in COSTS], 500)
        o = self.o_pending
        if st.pending_pile in self.piles:
            out.one(o + self.piles.index(st.pending_pile))
        if st.pending_link:
            transport, h = st.pending_link[0], st.pending_link[1]
            out.one(o + len(self.piles) + TRANSPORTS.index(transport))
            out.one(o + len(self.piles) + len(TRANSPORTS) + h)
        o = self.o_proposal
        ballot = st.ballot
        if ballot is not None:
            data = ballot["data"]
            where = data.get("to", data.get("hex", -1))
            out.one(o + SUBJECTS.index(ballot["subject"]))
            if where >= 0:
                out.one(o + len(SUBJECTS) + where)
            out.one(o + len(SUBJECTS) + n + ballot["by"])
            out.ratio(o + len(SUBJECTS) + n + self.players, data.get("units", 0), MAX_UNITS)
            hot, o = out.hot, self.o_votes
            hot.extend([o + int(p) * 3 + (0 if said == "yes" else 1) for p, said in ballot["votes"].items()])
        elif st.proposing is not None:
            item, h, proposer = st.proposing
            out.one(o + SUBJECTS.index(item))
            out.one(o + len(SUBJECTS) + h)
            out.one(o + len(SUBJECTS) + n + proposer)
        hot, o = out.hot, self.o_votes
        hot.extend([o + p * 3 + 2 for p, done in enumerate(st.pol_done) if done])
        out.run(self.o_rejections, st.rejections, 4)
        o, rules = self.o_scalars, self.content.rules
        out.ratio(o, st.round, rules.rounds)
        out.ratio(o + 1, st.builds_left, rules.builds_per_turn)
        out.ratio(o + 2, st.turns_done, 4)
        out.ratio(o + 3, st.growth_left, 3)
        out.ratio(o + 4, st.hunger, 4)
        out.ratio(o + 5, len(st.pending_events), 3)
        out.ratio(o + 6, len(st.events), len(self.event_ids))
        if st.game.options["events"] == "timer" and st.events:
            out.one(o + 7)

    def remember(self, state: State, seat: int, out: Features) -> None:
        st = cast(ReclaimState, state)
        unseen = set(st.events)
        out.ones(self.m_events, [e for e in range(len(self.event_ids)) if e not in unseen])


OBSERVATION = ObservationSpec(ReclaimEncoder, SEAT_MODELS)
