"""The heuristic bot's city forecast: a model city run over the years the Event deck still holds.

A model city is a list of eight ints: [living, attractiveness, transport, pollution, unhappy, co2,
free housing, population]. Its forecast (steps 1 and 2 with the feedback tables, then the penalties
of the REQUEST cards and the effects of the lasting cards in play) depends on nothing but the model
city and an :class:`Outlook`: the years left and the cards in play. Outlooks and their forecasts are
kept in the game's tables (:class:`~.tables.SustainTables`), shared by every seat, decision and game
that meets the same outlook, since a forecast is the same wherever it is asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import Effect

if TYPE_CHECKING:
    from .rules import SustainState
    from .tables import SustainTables

TRACK = {"standard_of_living": 0, "attractiveness": 1, "sustainable_transport": 2, "pollution": 3}
U, C, HOUSING, POP = 4, 5, 6, 7
PEOPLE = 8
CODES = {**TRACK, "unhappy": U, "co2": C, "people": PEOPLE}
OTHER = -1
"""The code of a target the model city does not track (budget, coins_each). Like any code below 4
it moves ``m[OTHER]`` (the population, the list's last entry) as a track; kept as it was."""
MAX_KEPT = 60_000
"""Forecasts kept for one content (some 30 MB) before they are all dropped: bounds memory over
long runs, where new cities keep coming."""

Compiled = tuple[tuple[int, int, "tuple[int, int, bool] | None", "str | None"], ...]
Forecast = tuple[list[int], int, float, float]
"""The city at the end, the year it falls (-1: it stands), its risk, 0.4 x its Standard of Living."""


def compiled(effects: list[Effect]) -> Compiled:
    """Effects as tuples (code, amount, (index, value, below) or None, per). The game's tables compile
    every list of effects of the content once (:class:`~.plans.BotTables`, :class:`ForecastStore`)."""
    out = []
    for e in effects:
        cond = None
        if e.if_below is not None:
            cond = (CODES[e.if_below[0]], e.if_below[1], True)
        elif e.if_at_least is not None:
            cond = (CODES[e.if_at_least[0]], e.if_at_least[1], False)
        out.append((CODES.get(e.target, OTHER), e.amount, cond, e.per))
    return tuple(out)


def arrive(m: list[int], count: int) -> None:
    """New people in a model city: free housing first, the rest Unhappy."""
    free = m[HOUSING]
    housed = count if count < free else free
    m[HOUSING] -= housed
    m[POP] += housed
    m[U] += count - housed


def apply(m: list[int], effects: Compiled, top: int, st: SustainState | None) -> None:
    """Apply compiled effects to a model city (only the parts the forecast tracks); ``st`` counts
    the Buildings of a ``per`` effect (None: every ``per`` is already counted into the amount)."""
    for code, amount, cond, per in effects:
        if cond is not None and (m[cond[0]] < cond[1]) != cond[2]:
            continue
        if per is not None and st is not None:
            amount *= st.count_category(per)
        if code < 4:  # a track: never beyond its lowest or highest square
            x = m[code] + amount
            m[code] = 0 if x < 0 else top if x > top else x
        elif code < 6:
            m[code] += amount
        elif code == PEOPLE:
            arrive(m, amount)


def _counted(effects: Compiled, st: SustainState) -> Compiled:
    """Effects with every ``per`` counted into the amount, on the City Map of ``st``."""
    return tuple(
        (code, amount * st.count_category(per) if per is not None else amount, cond, None)
        for code, amount, cond, per in effects
    )


class Outlook:
    """The years left and the cards in play: all a forecast depends on besides the model city."""

    def __init__(self, tables: SustainTables, st: SustainState, years: int, store: ForecastStore) -> None:
        self._store = store
        self.years = years
        self.top = tables.top
        self._board = tables.board
        penalty, lasting = store.penalty, store.lasting
        self._requests = [(ev, _counted(penalty[ev], st)) for ev, _ in st.requests]
        self.lasting = [(_counted(lasting[ev], st), n) for ev, n in st.lasting]
        self._yearly: dict[str, Compiled] = {}
        self.results: dict[tuple, Forecast] = {}
        """Forecasts by (skip, *model city)."""

    def yearly(self, skip: str) -> Compiled:
        """The penalties of the REQUEST cards in play but ``skip``, in their order, as one list."""
        found = self._yearly.get(skip)
        if found is None:
            found = self._yearly[skip] = tuple(e for ev, pen in self._requests if ev != skip for e in pen)
        return found

    def forecast(self, m: list[int], skip: str = "") -> tuple[list[int], int]:
        """The model city after the coming years (less the REQUEST ``skip``) and the year (from 0)
        in which the city falls, or -1 when it stands. ``m`` is left as it was."""
        end, fallen, _, _ = self.outcome(m, skip)
        return end, fallen

    def outcome(self, m: list[int], skip: str = "") -> Forecast:
        """:meth:`forecast` with the risk of the city at the end and 0.4 times its Standard of Living."""
        key = (skip, *m)
        hit = self.results.get(key)
        if hit is None:
            hit = self.results[key] = self._outcome(list(m), skip)
            self._store.kept += 1
        return hit

    def _outcome(self, m: list[int], skip: str) -> Forecast:
        end, fallen = self._run(m, skip)
        b = self._board
        risk = 6.0 * max(0, end[U] - (b.unhappy_squares - 4)) + 6.0 * max(0, end[C] - (b.co2_squares - 5))
        risk += 3.0 * (end[U] / b.unhappy_squares) ** 2 + 3.0 * (end[C] / b.co2_squares) ** 2
        return end, fallen, risk, 0.4 * end[0]

    def _run(self, m: list[int], skip: str) -> tuple[list[int], int]:
        """The years one by one on the model city's figures; the cards in play act on the list."""
        b = self._board
        top = self.top
        yearly = self.yearly(skip)
        lasting = self.lasting
        last_card_year = max((n for _, n in lasting), default=0)
        u_max, c_max = b.unhappy_squares, b.co2_squares
        u_to_l, l_to_a, c_to_l = b.unhappy_to_living, b.living_to_attractiveness, b.co2_to_living
        t_to_c, p_to_c, growth = b.transport_to_co2, b.pollution_to_co2, b.growth
        living, attract, transport, pollution, u, co2, free, pop = m
        for year in range(self.years):
            x = living + u_to_l[u if u < u_max else u_max]
            living = 0 if x < 0 else top if x > top else x
            x = attract + l_to_a[living]
            attract = 0 if x < 0 else top if x > top else x
            co2 += t_to_c[transport] + p_to_c[pollution]
            if co2 >= c_max:
                return [living, attract, transport, pollution, u, co2, free, pop], year
            x = living + c_to_l[co2]
            living = 0 if x < 0 else top if x > top else x
            people = growth[attract]  # people increasing: free housing first, the rest Unhappy
            housed = people if people < free else free
            free -= housed
            pop += housed
            u += people - housed
            if yearly or year < last_card_year:
                m = [living, attract, transport, pollution, u, co2, free, pop]
                apply(m, yearly, top, None)
                for effects, n in lasting:
                    if year < n:
                        apply(m, effects, top, None)
                living, attract, transport, pollution, u, co2, free, pop = m
            if u >= u_max or co2 >= c_max:
                return [living, attract, transport, pollution, u, co2, free, pop], year
        return [living, attract, transport, pollution, u, co2, free, pop], -1


def outlook(st: SustainState, years: int) -> Outlook:
    """The shared :class:`Outlook` of ``st`` with ``years`` left to forecast."""
    tables = st.tables
    store = tables.forecasts
    if store.kept > MAX_KEPT:
        store.outlooks.clear()
        store.kept = 0
    requests = tuple([r[0] for r in st.requests])
    lasting = tuple([(e, n) for e, n in st.lasting])
    key: tuple = (years, requests, lasting)
    counting = store.counting
    if counting and any(e in counting for e in requests + tuple(e for e, _ in lasting)):
        # the forecast then depends on the City Map too
        categories = sorted({c for e in requests + tuple(e for e, _ in lasting) for c in counting.get(e, ())})
        key += tuple((c, st.count_category(c)) for c in categories)
    found = store.outlooks.get(key)
    if found is None:
        found = store.outlooks[key] = Outlook(tables, st, years, store)
    return found


class ForecastStore:
    """The outlooks met with one content, and how many forecasts they keep in all."""

    def __init__(self, tables: SustainTables) -> None:
        self.outlooks: dict[tuple, Outlook] = {}
        self.kept = 0
        self.counting: dict[str, set[str]] = {}
        """The Building categories that the penalty or lasting effects of an Event card count."""
        self.penalty: dict[str, Compiled] = {
            card.id: compiled(card.request.penalty) for card in tables.events.values() if card.request
        }
        """The penalty of each REQUEST card, compiled."""
        self.lasting: dict[str, Compiled] = {
            card.id: compiled(card.lasting.effects) for card in tables.events.values() if card.lasting
        }
        """The effects of each card that stays in play, compiled."""
        for card in tables.events.values():
            effects = (card.request.penalty if card.request else []) + (
                card.lasting.effects if card.lasting else []
            )
            categories = {e.per for e in effects if e.per is not None}
            if categories:
                self.counting[card.id] = categories
