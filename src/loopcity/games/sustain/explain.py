"""Why an action is refused (in the rulebook's words), log lines, and the game's invariants."""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.engine import Action

if TYPE_CHECKING:
    from .rules import SustainState


def explain(st: SustainState, seat: int, action: Action) -> str | None:
    """The reason ``action`` is not legal for ``seat`` now."""
    k, args = action.kind, action.args
    if st.phase == "build" and k != "build":
        return "first draw the Building you paid for on a free space of the City Map ('build <cell>')"
    if k == "build":
        if st.phase != "build":
            return "there is no Building to draw now"
        return "that space is not free, or not the right kind of space for this Building"
    if k == "give":
        if st.phase != "discussion":
            return "Coins are given during the discussion only"
        if args[0] == seat + 1:
            return "you cannot give a Coin to yourself"
        if args[0] > st.players:  # type: ignore[operator]
            return f"there are only {st.players} players"
        return "you have no Coin to give"
    if st.phase == "discussion" and k != "pass":
        return "investing starts when every player has passed the discussion"
    if st.phase == "coins":
        if k != "coins":
            return f"first say how many Coins to put on {target_name(st, st.choice)} ('coins <n>')"
        need = st.room(*st.choice)  # type: ignore[misc]
        if args[0] > st.coins[seat]:  # type: ignore[operator]
            return f"you have only {st.coins[seat]} Coin(s)"
        return f"that space needs only {need} more Coin(s)"
    if k == "coins":
        return "first choose an investment space ('fund', 'invest' or 'request')"
    return _explain_investment(st, seat, k, args) if k != "pass" else None


def _explain_investment(st: SustainState, seat: int, k: str, args: tuple) -> str | None:
    if st.coins[seat] <= 0:
        return "you have no Coins left: you can only pass"
    lk = st.lk
    if k == "fund":
        d, s = args[0] - 1, args[1] - 1
        if d >= len(lk.departments) or s >= len(lk.departments[d].spaces):
            return "there is no such investment space on the Department sheets"
        if not st.may_fund(seat, d):
            return f"only the owner may invest on the {lk.departments[d].name} Buildings"
        space = lk.departments[d].spaces[s]
        return f"the City Map has no free legal space for a {lk.buildings[space.building].name}"
    cards = st.table if k == "invest" else st.requests
    return f"there are only {len(cards)} such card(s) on the table"


def target_name(st: SustainState, choice: list | None) -> str:
    """A readable name for an investment space (``choice``: kind and 1-based numbers)."""
    if not choice:
        return "the space you chose"
    lk = st.lk
    if choice[0] == "fund":
        d, s = choice[1] - 1, choice[2] - 1
        return f"{lk.departments[d].name}: {lk.buildings[lk.departments[d].spaces[s].building].name}"
    if choice[0] == "invest" and choice[1] <= len(st.table):
        return f"Solution card {choice[1]} ({lk.gray[lk.solutions[st.table[choice[1] - 1][0]].gray].title})"
    if choice[0] == "request" and choice[1] <= len(st.requests):
        return f"REQUEST {st.requests[choice[1] - 1][0]}"
    return f"{'Solution' if choice[0] == 'invest' else 'REQUEST'} card {choice[1]}"


def describe(st: SustainState, seat: int, action: Action) -> str:
    """A readable log line for an action; correct before and after the action is applied."""
    lk = st.lk
    who = f"Seat {seat + 1} ({lk.departments[st.dept_of[seat]].name})"
    k, args = action.kind, action.args
    if k == "pass":
        return f"{who} passes"
    if k == "clock":
        return "The discussion clock runs out"
    if k == "give":
        return f"{who} gives 1 Coin to seat {args[0]}"
    if k == "build":
        cell = args[0]
        bid = st.pending[0] if st.pending else st.cells[cell]  # type: ignore[index]
        name = lk.buildings[bid].name if bid else "a Building"
        return f"{who} draws the {name} on {lk.geo.labels[cell]}"  # type: ignore[index]
    if k == "coins":
        where = f" on {target_name(st, st.choice)}" if st.choice else ""
        return f"{who} puts {args[0]} Coin(s){where}"
    return f"{who} chooses {target_name(st, [k, *args])}"


def check_invariants(st: SustainState) -> None:
    """Cards are conserved, tracks and tables stay in bounds, people fit their housing."""
    lk = st.lk
    scenario = lk.scenarios[st.scenario]
    events = st.event_deck + st.event_discard + [e[0] for e in st.requests] + [e[0] for e in st.lasting]
    assert sorted(events) == sorted(scenario.events), "Event cards are lost or duplicated"
    sols = st.sol_deck + [e[0] for e in st.table] + st.flipped
    assert sorted(sols) == sorted(scenario.solutions), "Solution cards are lost or duplicated"
    assert all(0 <= v <= lk.top for v in st.track), f"a track is out of bounds: {st.track}"
    assert 0 <= st.unhappy <= lk.board.unhappy_squares and 0 <= st.co2 <= lk.board.co2_squares
    assert min(st.coins) >= 0 and st.reserve >= 0, "negative Coins"
    for cell, bid in enumerate(st.cells):
        cap = lk.buildings[bid].housing if bid else 0
        assert 0 <= st.people[cell] <= cap, f"cell {cell} holds more people than housing"
    for entry in st.table:
        assert 0 <= entry[1] < lk.sol_cost(entry[0]), "a fulfilled Solution card stayed on the table"
    for d, dept in enumerate(lk.departments):
        for s, space in enumerate(dept.spaces):
            assert 0 <= st.sheet[d][s] < space.cost, "a paid-for Department space kept its Coins"
    assert (st.phase == "build") == (st.pending is not None)
    assert (st.phase == "coins") == (st.choice is not None)
    assert (st.defeat is not None) <= (st.phase == "over")
