"""The position format: a hand-written position sets up, reads back, and an impossible one is
refused with a message that names what is wrong; one handler per action kind, one rule per phase."""

import re
from pathlib import Path
from typing import get_args

import pytest

from loopcity import load_game
from loopcity.bots import make_bot
from loopcity.engine import PositionError, dump_position, read_position
from loopcity.engine.runner import next_seat
from loopcity.games.resourced.actions import ACTION_SPACE, HANDLERS
from loopcity.games.resourced.content import EVENT_IDS
from loopcity.games.resourced.events import EVENTS
from loopcity.games.resourced.heuristic import CHOICES
from loopcity.games.resourced.rules import LEGAL, TASKS
from loopcity.games.resourced.table import Phase, TaskName

from .helpers import legal, load, position

DOC = Path(__file__).parents[3] / "docs" / "games" / "resourced.md"


def _documented_example() -> str:
    text = DOC.read_text()
    section = text[text.index("## Position format") :]
    match = re.search(r"```toml\n(.*?)```", section, re.S)
    assert match, "docs/games/resourced.md shows an example position"
    return match.group(1)


def test_the_documented_position_sets_up_and_reads_back():
    st = read_position(_documented_example())
    assert st.round == 6 and st.active_seats() == (1,) and st.phase == "action"
    assert st.count["social_housing"] == 2 and st.count["recycler"] == 2
    assert st.bank == [11, 10, 15, 14, 10]  # the cards nobody holds or Wasted
    assert "craft social_housing" in legal(st)
    again = read_position(dump_position(st, seed=7))
    assert again.view(1) == st.view(1) and legal(again) == legal(st)
    assert again.state_hash() == st.state_hash()


def test_a_position_in_play_reads_back_with_the_same_views_and_actions():
    game = load_game("resourced", players=3)
    st = game.new_state(4)
    bots = [make_bot("heuristic", game, s, 4) for s in range(3)]
    for _ in range(120):
        seat = next_seat(st)
        st.apply(seat, bots[seat].choose(st, seat))
    again = read_position(dump_position(st), game)
    for seat in (None, 0, 1, 2):
        assert again.view(seat) == st.view(seat)
    assert legal(again) == legal(st)


def _refused(match: str, pos: dict | None = None, **fields) -> None:
    pos = pos or position(**fields)
    with pytest.raises(PositionError, match=match):
        load(pos, variant=pos.get("variant", "standard"))


def test_the_cards_of_each_resource_add_up_to_the_bank_size():
    bank = {"wood": 16, "metal": 16, "compost": 16, "food": 12, "water": 12}
    _refused(
        r"the game holds 16 wood cards: bank 16 \+ hands 2 \+ Waste Pile 0 = 18",
        resource_bank=bank,
        hands={1: {"wood": 2, "food": 1, "water": 1}},
    )
    _refused(r"the Resource Bank holds -4 wood", hands={1: {"wood": 20}})


def test_an_unknown_field_is_refused_by_name():
    _refused(r"field 'colour'", colour="red")
    _refused(r"field 'seats.0.hand.gold.\[key\]': Input should be 'wood'", hands={1: {"gold": 1}})


def test_the_board_follows_setup_and_progression():
    _refused(
        r"hex 20 holds a food_forest in Ring 3, but Ring 2 is the current Ring", tiles={20: "food_forest"}
    )
    _refused(r"Ring 3 opens once Ring 2 holds its 2 Social Housing; it holds 0", ring=3)
    _refused(r"the Alternate Difficulty develops only up to Ring 2", load_alternate_ring3())
    unfinished = position()
    del unfinished["tiles"][6]
    _refused(r"after Setup, every spot of Ring 1 holds a tile", unfinished)
    _refused(r"Round 0 is Setup", round=0)


def load_alternate_ring3() -> dict:
    """A position of the Alternate Difficulty with Ring 3 open (it never opens there)."""
    return position(ring=3, tiles={7: "social_housing", 8: "social_housing"}) | {"variant": "alternate"}


def test_pieces_go_where_the_rules_allow():
    _refused(
        r"a Composter on hex 4 \(social_housing\): it goes on a community_garden", upgrades={4: "composter"}
    )
    housing = {c: "social_housing" for c in range(7, 16)}
    _refused(r"10 Social Housing on the board, but the box holds 9", tiles=housing)
    _refused(r"player 2 stands on hex 8, where no tile is placed", on={2: 8})


def test_the_decision_waiting_has_its_details_and_an_answer():
    _refused(r"the decision 'supply' needs decision.res", phase="supply", decision={"left": 1})
    _refused(
        r"the decision 'supply' has nobody to answer it",
        phase="supply",
        decision={"resource": "food", "left": 1},
        empty_hands=True,
    )
    _refused(r"unknown step 'lunch'", still_to_come=["lunch"])
    _refused(r"a position waits for a decision|field 'phase'", phase="auto")


def test_every_action_kind_phase_step_and_event_has_its_rule():
    assert HANDLERS.missing(ACTION_SPACE) == []
    decisions = set(get_args(Phase)) - {"auto", "over"}
    assert set(LEGAL) == decisions and set(CHOICES) == decisions
    assert set(TASKS) == set(get_args(TaskName))
    assert set(EVENTS) == set(EVENT_IDS)
