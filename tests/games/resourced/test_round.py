"""The Round: Social Housing Upkeep, the Event's die roll, the Maximum Waste check, progression."""

import pytest

from loopcity.engine import IllegalAction, Rng
from loopcity.games.resourced.board import RING_CELLS
from loopcity.games.resourced.render import render_text

from .helpers import after_turn, chance, event_cards, hand, legal, load, only_event, position

UPKEEP = ["upkeep_waste", "supply food", "supply water", "penalty", "turn 1", "round_end"]
"""The Upkeep's steps, then a turn (no Event in between)."""


def _upkeep_state(housing: int, players: int = 4, **kw):
    """The last player ends their turn and the Social Housing Upkeep follows, with ``housing``
    Social Housing on the board (Ring 1's and the rest in Ring 2)."""
    tiles = {c: "social_housing" for c in RING_CELLS[2][: housing - 1]}
    return after_turn(UPKEEP, players=players, tiles=tiles, **kw)


def _pick(st, resource: str, n: int) -> list[int]:
    """``n`` cards of ``resource`` Wasted from the bank, each by the player choosing in turn;
    returns who chose (from 1)."""
    chose = []
    for _ in range(n):
        seat = st.active_seats()[0]
        st.apply(seat, f"waste {resource}")
        chose.append(seat + 1)
    return chose


@pytest.mark.parametrize("housing", [1, 2, 3])
def test_upkeep_wastes_two_bank_cards_per_social_housing(housing):
    st = _upkeep_state(housing)
    assert st.phase == "upkeep_waste" and st.active_seats() == (0,)
    bank = sum(st.bank)
    _pick(st, "metal", 2 * housing)
    assert sum(st.bank) == bank - 2 * housing
    assert st.waste == [1] * (2 * housing)
    assert st.phase == "supply"


def test_upkeep_types_are_chosen_by_the_players_in_turn():
    """Upkeep 1b: "Players may choose which types of cards to Waste": each player in turn chooses
    one card's type, starting with a different player each Round (Round 1: player 1)."""
    st = _upkeep_state(3)
    assert legal(st) == [f"waste {r}" for r in ("wood", "metal", "compost", "food", "water")]
    assert _pick(st, "wood", 6) == [1, 2, 3, 4, 1, 2]
    st = _upkeep_state(1, round=3)
    assert _pick(st, "wood", 2) == [3, 4]


def test_upkeep_three_housing_sources_three_food_and_three_water():
    """Upkeep 2: the Food and Water "any of the players may source from their hands": each from
    their own hand, the others standing down while those still giving can cover what is needed."""
    st = _upkeep_state(3, hands={2: {"food": 2, "water": 3}, 3: {"food": 1}})
    _pick(st, "wood", 6)
    assert st.phase == "supply" and st.position().decision.resource == "food"
    assert st.active_seats() == (0, 1, 2, 3)
    assert legal(st, 0) == ["supply 1", "done"]
    st.apply(0, "done")  # players 2-4 hold 4 Food: player 1 lets them
    assert st.active_seats() == (1, 2, 3)
    st.apply(1, "supply 2")
    st.apply(1, "supply 2")
    st.apply(2, "supply 3")
    assert st.position().decision.resource == "water"
    st.apply(1, "supply 2")
    st.apply(3, "supply 4")
    st.apply(0, "supply 1")
    assert st.missed == 0 and hand(st, 1) == {"water": 2}
    # no Composter: the six cards are Wasted, after the six from the bank
    assert st.waste.count(3) == 3 and st.waste.count(4) == 3


def test_upkeep_a_player_may_stand_down_only_while_the_others_can_cover_it():
    st = _upkeep_state(3, empty_hands=True, hands={1: {"food": 2}, 2: {"food": 2}, 3: {"food": 1}})
    _pick(st, "wood", 6)
    assert legal(st, 0) == ["supply 1", "done"] and legal(st, 1) == ["supply 2", "done"]
    st.apply(1, "done")  # players 1 and 3 hold the 3 Food
    assert legal(st, 0) == ["supply 1"] and legal(st, 2) == ["supply 3"]
    with pytest.raises(IllegalAction, match="hold only 1 of the 3 cards needed"):
        st.apply(0, "done")


def test_upkeep_missed_food_and_water_are_wasted_collectively():
    st = _upkeep_state(3, empty_hands=True, hands={1: {"food": 1, "water": 2, "metal": 5}})
    _pick(st, "wood", 6)
    st.apply(0, "supply 1")  # 1 food; 2 food are missed
    st.apply(0, "supply 1")
    st.apply(0, "supply 1")  # 2 water; 1 water is missed
    assert st.phase == "penalty" and st.position().decision.left == 3
    assert legal(st) == ["shed 1 metal"]
    for _ in range(3):
        st.apply(0, "shed 1 metal")
    assert st.hands[0][1] == 2 and st.waste.count(1) == 3


def test_upkeep_penalty_each_player_wastes_their_own_cards():
    st = _upkeep_state(1, empty_hands=True, hands={2: {"wood": 3}, 4: {"metal": 1, "compost": 1}})
    _pick(st, "wood", 2)
    assert st.phase == "penalty" and st.active_seats() == (1, 3)
    assert legal(st, 3) == ["shed 4 metal", "shed 4 compost", "done"]
    with pytest.raises(IllegalAction, match="only from their own hand"):
        st.apply(3, "shed 2 wood")
    st.apply(3, "done")
    assert legal(st, 1) == ["shed 2 wood"]
    st.apply(1, "shed 2 wood")
    st.apply(1, "shed 2 wood")
    assert hand(st, 1) == {"wood": 1} and hand(st, 3) == {"metal": 1, "compost": 1}


def test_upkeep_penalty_a_player_may_leave_the_wasting_to_the_others_and_is_told_what_they_hold():
    """Upkeep penalty: the missed cards are Wasted from the players' hands; a player may leave them to
    the others, and that choice says how many cards are left to Waste and how many the others hold
    (the count alone: one card or several)."""
    st = _upkeep_state(
        1, empty_hands=True, hands={1: {"food": 1}, 2: {"wood": 1}, 4: {"metal": 1, "compost": 1}}
    )
    _pick(st, "wood", 2)
    st.apply(0, "supply 1")  # the Food; the Water is missed
    assert st.phase == "penalty" and st.active_seats() == (1, 3) and st.position().decision.left == 1
    labels = {seat: {str(a): st.label(seat, a).text for a in st.legal_actions(seat)} for seat in (1, 3)}
    assert labels[1]["done"] == "Let the others Waste the 1 card (they hold 2)"
    assert labels[3]["done"] == "Let the others Waste the 1 card (they hold 1)"


def test_upkeep_penalty_comes_from_the_bank_when_no_one_holds_a_card():
    st = _upkeep_state(1, empty_hands=True)
    _pick(st, "wood", 2)
    assert st.phase == "penalty" and st.position().decision.left == 2  # 1 Food and 1 Water missed
    assert legal(st)[0] == "waste wood"
    assert _pick(st, "compost", 2) == [1, 2]
    assert st.waste == [0, 0, 2, 2] and st.phase == "action"


def seed_rolling(k: int) -> int:
    """A seed whose first draw, the Event die here, shows ``k``."""
    return next(seed for seed in range(100) if Rng(seed).randint(1, 6) == k)


def _roll_event(roll: int, waste: list[str]) -> bool:
    """Run the Event with the die showing ``roll``; whether a Good Event was drawn."""
    st = after_turn(["event", "turn 1", "round_end"], seed=seed_rolling(roll), waste=waste)
    assert chance(st, "Event die")[0].endswith(f"rolled {roll}")
    return bool(chance(st, "Good Event"))


@pytest.mark.parametrize("roll,good", [(1, True), (3, True), (4, False), (6, False)])
def test_die_roll_example_seven_waste_is_low(roll, good):
    assert _roll_event(roll, ["wood"] * 7) is good


@pytest.mark.parametrize("roll,good", [(1, True), (2, False), (5, False)])
def test_die_roll_example_nineteen_waste_is_high(roll, good):
    assert _roll_event(roll, ["wood"] * 10 + ["metal"] * 9) is good


@pytest.mark.parametrize(
    "waste,condition,good",
    [
        (0, "Zero Waste", 4),
        (5, "Zero Waste", 4),
        (6, "Low Waste", 3),
        (12, "Moderate Waste", 2),
        (18, "High Waste", 1),
        (24, "Maximum Waste", 0),
    ],
)
def test_waste_table(waste, condition, good):
    st = after_turn(["round_end"])
    assert st.tables.waste_condition(waste) == (good, condition)


def test_event_cards_are_shuffled_back_so_piles_never_shrink():
    # every die roll names the Bad pile; nobody holds a card and all stand on BGCS, so no Bad
    # Event asks for a decision
    bad = only_event(*(e["id"] for e in event_cards() if not e["good"]))
    st = after_turn(["event"] * 30 + ["turn 1", "round_end"], empty_hands=True, overrides=bad)
    drawn = [line.split(": ")[1] for line in chance(st, "Bad Event")]
    names = {st.tables.event_name[e] for e in st.tables.bad_events}
    assert len(drawn) == 30 and set(drawn) == names and len(st.tables.bad_events) == 6


def _end_round(**kw):
    """The last player ends their turn, and with it the Round."""
    return after_turn(["round_end"], **kw)


def test_maximum_waste_at_round_end_loses():
    st = _end_round(waste=["wood"] * 12 + ["metal"] * 12)
    assert st.is_terminal() and st.outcome().cause == "maximum waste" and not st.outcome().team_won


def test_waste_below_maximum_at_round_end_goes_on():
    st = _end_round(waste=["wood"] * 12 + ["metal"] * 11)
    assert not st.is_terminal() and st.round == 2


def test_maximum_waste_during_a_round_can_still_be_removed():
    # the last player Operates the Ring 1 Recycler (5 cards) with 25 in the pile
    pos = position(
        waste=["wood"] * 12 + ["metal"] * 13,
        on={4: 5},
        hands={4: {"wood": 1, "metal": 2, "compost": 1}},
        turn={"player": 4, "spin": 1, "moves": 1, "action": 2},
    )
    st = load(pos)
    st.apply(3, "operate")
    assert len(st.waste) == 20
    st.apply(3, "end_turn")
    assert not st.is_terminal()


def test_ring3_opens_with_three_social_housing_and_zero_waste():
    st = _end_round(tiles={7: "social_housing", 8: "social_housing"})
    assert st.ring == 3 and not st.is_terminal()


def test_ring3_stays_closed_with_waste_left():
    st = _end_round(tiles={7: "social_housing", 8: "social_housing"}, waste=["wood"])
    assert st.ring == 2


def test_ring3_stays_closed_with_two_social_housing():
    st = _end_round(tiles={7: "social_housing"})
    assert st.ring == 2


def test_win_with_six_social_housing_and_zero_waste_in_ring3():
    st = _end_round(ring=3, tiles={c: "social_housing" for c in (7, 8, 19, 20, 21)})
    assert st.is_terminal() and st.outcome().team_won
    assert st.outcome().winners == (0, 1, 2, 3)


def test_six_housing_in_rings_1_and_2_open_ring3_but_do_not_win():
    """Overview 1b: "Players win if they have fully expanded to every Ring and have zero Waste at
    the end of a Round." Six Social Housing in Rings 1-2 open Ring 3 (a Round's end at zero Waste),
    and Ring 3 still has none of its own: no win a Round later."""
    housing = {c: "social_housing" for c in (7, 8, 9, 10, 11)}
    st = _end_round(tiles=housing)
    assert st.ring == 3 and not st.is_terminal()
    st = _end_round(tiles=housing, ring=3, round=2)
    assert not st.is_terminal() and st.round == 3


@pytest.mark.parametrize(
    "ring2,ring3,won",
    [((7, 8), (19, 20, 21), True), ((7, 8, 9, 10), (19, 20), False), ((7, 8), (19, 20), False)],
)
def test_progression_and_winning_three_additional_social_housing_are_built_in_ring3(ring2, ring3, won):
    """Progression and Winning: "To progress from the second Ring to the third Ring, 2 more Social
    Housings must be built in the second Ring for a total of 3 ... To win the game — which is
    equivalent to progressing from Ring 3 — 3 additional Social Housings must be built for a total
    of 6 and all Waste must be removed by the end of a Round." With Advanced Hint 5 ("leave enough
    space for the required amount of Social Housings in each Ring ... If you do not, you cannot
    progress or win"), each Ring holds its own: Ring 3 its 3 additional ones. Seven Social Housing
    with two in Ring 3 do not win."""
    housing = {c: "social_housing" for c in ring2 + ring3}
    st = _end_round(tiles=housing, ring=3, round=5)
    assert st.is_terminal() is won
    assert (st.outcome() is not None and st.outcome().team_won) is won
    assert st.view(0)["ring_housing"] == len(ring3) and st.view(0)["ring_housing_needed"] == 3


def test_round_limit_twenty_loses():
    st = _end_round(round=20, waste=["wood"])
    assert st.outcome().cause == "round limit"


def test_alternate_difficulty_wins_by_opening_ring3():
    """Alternate Difficulty: "only developing up to the middle Ring within 10 rounds. Otherwise,
    the win and lose conditions are the same as normal": Rings 1-2 hold their Social Housing (2
    built in Ring 2, 3 in all) and the Waste Pile is empty at the end of a Round, Round 1 too."""
    st = _end_round(variant="alternate", tiles={7: "social_housing", 8: "social_housing"})
    assert st.round == 1 and st.outcome().team_won
    assert st.outcome().cause == "the way out of Ring 2 opened with zero Waste"
    st = _end_round(variant="alternate", tiles={7: "social_housing"})
    assert not st.is_terminal()


def test_alternate_difficulty_loses_after_ten_rounds():
    st = _end_round(variant="alternate", round=10)
    assert st.outcome().cause == "round limit" and st.max_rounds == 10


def test_events_take_place_after_the_social_housing_upkeep():
    """Rounds 1-2: "Players must handle the Social Housing Upkeep at the very beginning of each
    Round. Events take place after the Social Housing Upkeep." The last Round's Event is over when
    the next Round begins: no Event shows during its Upkeep, until the new one is drawn."""
    st = after_turn(["round_end"], event="vandalism", round=3)
    assert st.round == 4 and st.phase == "upkeep_waste"
    assert st.event == "" and st.view(0)["event"] == "" and "Event this Round" not in render_text(st.view(0))
    _pick(st, "wood", 2)
    st.apply(0, "supply 1")
    st.apply(0, "supply 1")
    drawn = chance(st, "Good Event") + chance(st, "Bad Event")
    assert len(drawn) == 1 and st.tables.event_name[st.event] == drawn[0].split(": ")[1]
    assert st.view(0)["event_name"] == st.tables.event_name[st.event]
