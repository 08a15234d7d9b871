"""RECLAIM positions: written out and set up again they give the same game; a hand-written one plays
as it reads; an impossible one is refused, saying what is wrong."""

import re
from pathlib import Path

import pytest

from loopcity import load_game
from loopcity.bots import make_bot
from loopcity.engine import PositionError, RandomBot, dump_position, load_position, read_position
from loopcity.games.reclaim.actions import ACTION_SPACE, HANDLERS
from loopcity.games.reclaim.board import components

from .helpers import changed, legal_texts, position

DOC = Path(__file__).parents[3] / "docs" / "games" / "reclaim.md"


def _fields(state):
    """Everything a position holds: the state without its log, chance stream and step count."""
    return {k: v for k, v in state._fields().items() if k not in ("log", "rng", "step")}


@pytest.mark.parametrize("variant", ["standard", "timer", "calm"])
@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_a_position_written_out_and_set_up_again_is_the_same_game(variant, bot):
    game = load_game("reclaim", variant=variant)
    st = game.new_state(4)
    agents = [RandomBot(game, s, 4) if bot == "random" else make_bot(bot, game, s, 4) for s in range(4)]
    checked = 0
    while True:
        if st.step % 5 == 0 or st.is_terminal():
            again = read_position(dump_position(st, seed=4), game)
            assert _fields(again) == _fields(st), f"step {st.step}"
            checked += 1
        if st.is_terminal():
            break
        seat = st.active_seats()[0]
        st.apply(seat, agents[seat].choose(st, seat))
    assert checked > 10


def _doc_example() -> str:
    text = DOC.read_text()
    block = re.search(r"<!-- position example -->\n```toml\n(.*?)```", text, re.S)
    assert block, "docs/games/reclaim.md shows a hand-written position"
    return block.group(1)


def test_the_hand_written_position_of_the_docs_plays_as_it_reads():
    """Round 2, the Treatment role's turn: Sludge piles up at the plants; a road joins the level 0
    plant's hexagon to the Dump, none joins the level 1 plant's, which holds the 4 Sludge a plant
    may keep and so treats nothing more."""
    st = read_position(_doc_example())
    assert st.round == 2 and st.phase == "turn" and st.active_seats() == (2,)
    assert st.roles == [3, 0, 1, 2]
    legal = legal_texts(st, 2)
    assert "move sludge 4 3" in legal and "move sludge 9 3" not in legal
    assert "treat 9 mixed" not in legal
    assert st.owned[0] == [("road", 0)] and 0 not in st.face_up["road"] + st.deck["road"]
    assert sorted(st.events) == list(range(len(st.content.events)))  # the deck, left out: every card


def test_setting_up_recomputes_the_transport_networks():
    data = changed(position(), transportation=[{"a": 1, "b": 5, "transport": "road"}])
    st = load_position(data)
    assert st.comp == components(st.tables.n, [(1, 5, "road")])
    assert st.comp["road"][1] == st.comp["road"][5] != st.comp["road"][9]


def test_seats_are_counted_from_one_where_a_position_names_them():
    data = changed(
        position(),
        phase="politics",
        proposal={"decision": "npk", "hex": 5, "by": 2},
        seats={1: {"vote": "yes"}},
    )
    st = load_position(data)
    ballot = st.ballot
    assert ballot["subject"] == "npk" and ballot["by"] == 1 and ballot["data"] == {"hex": 5, "units": 1}
    assert ballot["votes"] == {1: "yes"} and st.active_seats() == (0, 2, 3)


def _refused(match, **fields):
    with pytest.raises(PositionError, match=match):
        load_position(changed(position(), **fields))


def test_an_event_card_lost_is_refused_with_the_count():
    deck = position()["event_deck"][:-1]
    _refused(
        r"the game holds 20 Event cards: deck 19 \+ discarded 0 \+ kept 0 \+ waiting 0 = 19", event_deck=deck
    )


def test_an_infrastructure_card_in_two_places_is_refused():
    shown = position()["piles"]["house1"]["face_up"][0]
    data = changed(position(), seats={0: {"cards": [f"house1:{shown}"]}})
    data["piles"] = position()["piles"]
    with pytest.raises(
        PositionError, match="pile house1 holds 8 cards: face up 3 \\+ face down 5 \\+ players' 1 = 9"
    ):
        load_position(data)


@pytest.mark.parametrize(
    "hexagons,match",
    [
        ({10: {"housing_blocks": [1, 0, 0]}}, "Housing blocks on rural hex 10"),
        ({8: {"food": 5}}, "hex 8 holds 5 food; at most 4 of a type"),
        ({9: {"farm": 1}}, "a Farm on urban hex 9"),
        ({14: {"mixed_waste": 3, "separated_waste": 2}}, "Water hex 14 holds 5 Waste; at most 4"),
        ({8: {"housing_blocks": [3, 2, 0]}}, "hex 8 holds 5 Housing blocks; at most 4"),
    ],
)
def test_an_impossible_hexagon_is_refused(hexagons, match):
    _refused(match, hexagons=hexagons)


def test_transportation_between_hexagons_that_are_not_neighbours_is_refused():
    _refused(
        "road transportation 1-9 does not join neighbours",
        transportation=[{"a": 1, "b": 9, "transport": "road"}],
    )


def test_a_proposal_outside_the_political_decisions_is_refused():
    _refused(
        "a npk question is answered in the politics phase",
        proposal={"decision": "npk", "hex": 5, "by": 1},
        seats={0: {"vote": "yes"}},
    )
    _refused(
        "the proposer votes for the proposal",
        phase="politics",
        turn="contractor",
        proposal={"decision": "npk", "hex": 5, "by": 1},
    )


def test_unknown_fields_and_cards_are_named():
    _refused("field 'hexagons.8.fod'", hexagons={8: {"fod": 3}})
    _refused("field 'seats.0.kept_events': no card 'flood'", seats={0: {"kept_events": ["flood"]}})
    data = position()
    data["seats"] = data["seats"][:3]
    with pytest.raises(PositionError, match="'seats' lists 3 players; the game has 4"):
        load_position(data)


def test_every_action_kind_has_its_handler():
    assert HANDLERS.missing(ACTION_SPACE) == []
