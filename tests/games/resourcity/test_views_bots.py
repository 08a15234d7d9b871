"""Views hide only the deck; content errors name the field; rendering; bots; conformance."""

import json
import xml.etree.ElementTree as ET

import pytest

from loopcity import load_game
from loopcity.bots import make_bot
from loopcity.engine import ContentError, IllegalAction, RandomBot, Rng, play
from loopcity.engine.testing import check_game
from loopcity.games.resourcity import SPEC
from loopcity.games.resourcity.actions import ACTION_SPACE
from loopcity.games.resourcity.apply import HANDLERS

from .helpers import decide, fresh, scenario


def test_view_shows_deck_size_never_its_order():
    s = fresh()
    v = s.view(0)
    text = json.dumps(v)
    assert v["deck_size"] == len(s.deck)
    assert "deck" not in v or not isinstance(v.get("deck"), list)
    other = s.determinize(0, 99)
    assert other.deck != s.deck and sorted(other.deck[1:]) != [] and other.view(0) == v
    assert text == json.dumps(other.view(0))


def test_redrawn_deck_keeps_one_crisis_per_stack():
    s = fresh(seed=4)
    rng = Rng(1)
    for _ in range(10):
        s.resample_hidden(0, rng)
        s.check_invariants()
        top = len(s.deck)
        for n in s.sections:
            part = s.deck[top - n : top]
            top -= n
            assert sum(1 for k in part if k in {e.id for e in s.content.crises}) == 1


def test_refused_action_names_the_rule_and_changes_nothing():
    s = scenario(powers=["cyclist", "builder"])
    before = s.state_hash()
    with pytest.raises(IllegalAction) as e:
        s.apply(0, "swap 2")
    assert "Planner" in str(e.value)
    assert s.state_hash() == before


def test_bad_content_names_the_field(tmp_path):
    text = SPEC.content.path.read_text().replace("tokens = 3", "tokens = 0", 1)
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    with pytest.raises(ContentError) as e:
        load_game("resourcity", content=str(bad))
    assert "sugarcane" in str(e.value) and "tokens" in str(e.value)


def test_a_misspelled_content_field_is_refused_naming_it(tmp_path):
    text = SPEC.content.path.read_text().replace("amount = 5", "amont = 5", 1)
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    with pytest.raises(ContentError) as e:
        load_game("resourcity", content=str(bad))
    assert "sugarcane" in str(e.value) and "amont" in str(e.value)


@pytest.mark.parametrize(
    "overrides,named",
    [
        ({"tiles.centre.count": 2}, "tiles.centre.count is 2"),
        ({"turn.crises_to_win": 5}, "turn.crises_per_game = 4"),
        ({"tiles.tee.count": 0, "tiles.tennis.count": 0, "tiles.straight.count": 6}, "turn.hand_size = 3"),
    ],
)
def test_content_totals_fixed_by_the_components_are_checked(overrides, named):
    with pytest.raises(ContentError, match=named):
        load_game("resourcity", overrides=overrides)


def test_content_override_changes_starting_resources():
    g = load_game("resourcity", overrides={"start.food": 30})
    s = g.new_state(1)
    assert s.avail["food"] == 30  # the first upkeep is paid once the table has chosen who starts
    assert decide(s).avail["food"] == 29


def test_text_rendering_shows_grid_players_and_pools():
    s = fresh()
    text = SPEC.render_text(s.view(0))
    assert "Available" in text and "Seat 1" in text and "C" in text
    assert len(text.splitlines()) > 15


def test_svg_rendering_marks_legal_targets():
    s = fresh()
    legal = s.legal_actions(0)
    svg = SPEC.render_svg(s.view(0), legal)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    move = next(a for a in legal if a.kind == "move")
    assert f'data-act="{move}"' in svg
    assert "Fuel 23" in svg and "Water 22" in svg


def test_heuristic_bot_does_not_change_the_state_and_is_deterministic():
    g = load_game("resourcity", players=2)
    s = g.new_state(3)
    before = s.state_hash()
    a1 = make_bot("heuristic", g, 0, 7).choose(s, 0)
    assert s.state_hash() == before
    assert make_bot("heuristic", g, 0, 7).choose(s, 0) == a1


def _wins(bot, games, variant="beginner"):
    g = load_game("resourcity", players=2, variant=variant)
    wins = 0
    for seed in range(games):
        s = g.new_state(seed)
        play(s, [make_bot(bot, g, i, seed) for i in range(2)])
        wins += s.outcome().team_won
    return wins


def test_heuristic_bot_beats_random():
    assert _wins("heuristic", 30) > _wins("random", 30) + 3


def test_every_action_kind_has_a_handler():
    assert HANDLERS.missing(ACTION_SPACE) == []


def test_tables_are_made_once_per_game_and_shared_by_its_states():
    g = load_game("resourcity", players=2)
    s = g.new_state(1)
    assert s.tables is g.tables and s.clone().tables is g.tables and g.new_state(2).tables is g.tables
    assert load_game("resourcity", players=2).tables is not g.tables


@pytest.mark.parametrize("players", [1, 3, 5, 6])
@pytest.mark.parametrize("variant", ["beginner", "advanced"])
def test_conformance_for_every_player_count(players, variant):
    check_game(load_game("resourcity", players=players, variant=variant), playouts=2, seed=players)


def test_renderings_hold_through_a_whole_game():
    g = load_game("resourcity", players=3, variant="advanced")
    s = g.new_state(2)
    bots = [RandomBot(g, i, 2) for i in range(3)]
    while not s.is_terminal():
        seat = s.active_seats()[0]
        root = ET.fromstring(SPEC.render_svg(s.view(seat), s.legal_actions(seat)))
        acts = {e.get("data-act") for e in root.iter() if e.get("data-act")}
        assert acts <= {str(a) for a in s.legal_actions(seat)}
        s.apply(seat, bots[seat].choose(s, seat))
    assert "Game over" in SPEC.render_text(s.view(None))
