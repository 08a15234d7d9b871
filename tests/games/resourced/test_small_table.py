"""Three players (docs/games/resourced.md, "Three players"): the rulebook's game asks the same of 3
players as of 4 with three quarters of the Actions and of the hand space; the `small_table` house rule
(a variant, not the rulebook's game) shares the 4-player table's Rounds and hand space among 3."""

import pytest

from loopcity import load_game
from loopcity.engine import RandomBot, play


def _state(players, variant="standard", **options):
    return load_game("resourced", players=players, variant=variant, **options).new_state(0)


@pytest.mark.parametrize("players", [3, 4])
def test_the_rulebooks_game_is_the_same_for_3_and_4_players(players):
    st = _state(players)
    assert (st.max_rounds, st.hand_limit()) == (20, 7)
    assert _state(players, "alternate").max_rounds == 10


def test_the_small_table_gives_3_players_the_rounds_and_hand_space_of_a_table_of_4():
    st = _state(3, "small_table")
    # 20 Rounds x 8 Actions = 160 Actions: 27 Rounds of 6; 4 hands of 7 = 28 cards: 3 hands of 9
    assert (st.max_rounds, st.hand_limit()) == (27, 9)
    st.count["shipping_container"] = 1
    assert st.hand_limit() == 9 + 2  # each Shipping Container still adds 2
    assert _state(3, "alternate", small_table=True).max_rounds == 14  # 10 Rounds x 4/3, rounded up


def test_with_4_players_the_small_table_is_the_standard_game():
    standard = load_game("resourced", players=4)
    small = load_game("resourced", players=4, variant="small_table")
    for seed in range(3):
        ends = []
        for game in (standard, small):
            st = game.new_state(seed)
            play(st, [RandomBot(game, s, seed) for s in range(4)])
            ends.append(st.state_hash())
        assert ends[0] == ends[1]


def test_the_house_rule_is_named_as_such_in_the_variant_list():
    spec = load_game("resourced").spec
    small = spec.variant("small_table")
    assert small.options == {"small_table": True}
    assert "house rule" in small.description and "27 Rounds" in small.description
    assert spec.variants[0].name == "standard"  # the rulebook's game stays the default
