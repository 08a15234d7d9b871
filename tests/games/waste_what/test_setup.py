"""Rulebook sections 1-2: each player's space, the skill draft and the shared playing area."""

from collections import Counter

from loopcity import load_game
from loopcity.engine.testing import check_game

from .helpers import legal, new_game


def drafting(variant="normal", seed=3):
    return load_game("waste_what", variant=variant).new_state(seed)


def test_each_player_gets_a_storage_card_and_two_money():
    s = new_game()
    assert s.storage == [[], []]
    assert s.cash == [2, 2]


def test_two_money_on_the_selling_slots_and_the_rest_in_the_bank():
    s = new_game()
    assert s.sell_money == 2
    assert s.bank == 10 - 4 - 2


def test_three_co2_tokens_on_the_incinerator_and_round_counter_at_one():
    s = new_game()
    assert s.co2 == 0 and s.view(None)["co2_tokens"] == 3
    assert s.round == 1


def test_skill_cards_shuffled_one_removed_unseen_six_on_offer():
    s = drafting()
    assert len(s.draft_pool) == 6
    assert s.removed_skill not in s.draft_pool
    for seat in (None, 0, 1):
        assert s.removed_skill not in str(s.view(seat)), "the removed Skill card is never shown"


def test_players_take_turns_choosing_from_the_six():
    s = drafting()
    picks = []
    for turn in range(6):
        seat = s.active_seats()
        assert seat == (turn % 2,), "players alternate, P1 first"
        choice = sorted(legal(s, seat[0]))[0]
        s.apply(seat[0], choice)
        picks.append(choice.split()[1])
    assert Counter(s.owner.values()) == {0: 3, 1: 3}
    assert set(s.owner) == set(picks)


def test_a_drafted_skill_cannot_be_chosen_twice():
    s = drafting()
    first = sorted(legal(s, 0))[0]
    s.apply(0, first)
    assert first not in legal(s, 1)


def test_blue_token_at_level_one_on_each_chosen_skill():
    s = new_game()
    assert len(s.level) == 6 and set(s.level.values()) == {1}


def test_first_game_deals_the_skills_at_random():
    owners = {tuple(sorted(new_game(seed=seed).owner.items())) for seed in range(12)}
    assert len(owners) > 3, "different seeds deal different skills"
    s = new_game()
    assert not s.draft_pool and Counter(s.owner.values()) == {0: 3, 1: 3}


def test_first_game_passes_the_conformance_suite():
    check_game(load_game("waste_what", first_game=True, variant="difficult"), playouts=2, seed=5)


def test_waste_deck_per_difficulty():
    for variant, just in (("beginners", 9), ("normal", 12), ("difficult", 18)):
        s = new_game(variant)
        in_game = s.deck + s.table
        assert len(in_game) == 54 + just
        assert sum(1 for c in in_game if not s.tables.category[c]) == just


def test_round_one_has_six_waste_cards_face_up_and_no_event():
    s = new_game()
    assert len(s.table) == 6
    assert s.event is None and len(s.event_deck) == 20
