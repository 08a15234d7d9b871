"""Scoring: card levels plus symbols matching the Hidden agenda; the highest score wins."""

from loopcity.games.reclaim import politics

from .helpers import table


def _agenda(st, symbols):
    return next(i for i, a in enumerate(st.content.agendas) if set(a.symbols) == set(symbols))


def test_rulebook_example_seven_points():
    """Environment/Economy agenda: Housing level 1 card (Economy, Public good) gives 1 + 1;
    Housing level 2 card (Environment x2, Economy) gives 2 + 3; 7 points in all."""
    st = table(seats={0: {"cards": ["house1:0", "house2:0"]}})
    assert st.tables.pile_cards["house1"][0] == ("economy", "public_good")
    assert st.tables.pile_cards["house2"][0] == ("environment", "environment", "economy")
    assert politics.score(st, 0, _agenda(st, ("environment", "economy"))) == 7


def test_infrastructure_cards_give_one_point_per_level():
    st = table(seats={0: {"cards": ["house1:0", "house2:0"]}})
    assert politics.score(st, 0, _agenda(st, ("joy", "economy"))) == 1 + 1 + 2 + 1


def test_transport_gives_one_or_two_points_by_level(st):
    assert st.tables.pile_level["road"] == 1 and st.tables.pile_level["grey"] == 1
    assert st.tables.pile_level["green"] == 2


def test_the_highest_score_wins_when_the_players_have_not_lost():
    st = table(phase="over", seats={2: {"cards": ["house2:0"]}})
    out = st.outcome()
    assert out.team_won and out.winners == (2,)


def test_no_winner_when_the_players_lose_together():
    st = table(phase="over", lost="disease", seats={2: {"cards": ["house2:0"]}})
    out = st.outcome()
    assert not out.team_won and out.winners == () and out.cause == "disease"
