"""What people read: labels from content, prompts that name who decides, refusals with costs, the
reference, the panels, the stage (the year read aloud) and the board's words."""

from __future__ import annotations

import json

import pytest

from loopcity import load_game
from loopcity.engine import IllegalAction, PositionError, RandomBot, load_position, position_of
from loopcity.engine.text import reference_text
from loopcity.games.sustain.actions import BUILD, SPACE
from loopcity.games.sustain.labels import TEXTS

from .helpers import again, city_map, event_deck, investing, new, pay, solution_at


# ----- labels ------------------------------------------------------------------------------------------
def test_every_action_kind_has_a_labeller():
    assert TEXTS.missing(SPACE) == []


def _states(n: int):
    """``n`` states of random games (every scenario, 3 to 6 players, the players choosing their sheets)."""
    got = 0
    for seed in range(100):
        variant = ("first_game", "traffic_crisis", "housing_boom")[seed % 3]
        game = load_game(
            "sustain", players=3 + seed % 4, variant=variant, deal=("random", "chosen")[seed % 2]
        )
        state = game.new_state(seed)
        bots = [RandomBot(game, s, seed) for s in range(game.players)]
        while not state.is_terminal() and got < n:
            if state.step % 17 == 0:
                got += 1
                yield state
            seat = state.active_seats()[0]
            state.apply(seat, bots[seat].choose(state, seat))
        if got >= n:
            return


def test_every_legal_action_in_100_random_states_reads_as_words_with_its_cost():
    kinds = set()
    for state in _states(100):
        for seat in state.active_seats():
            for action in state.legal_actions(seat):
                label = state.label(seat, action)
                assert label.text.strip() and label.text != str(action)
                assert not action.args or str(action) not in label.text  # no "give 2", "build 31"
                kinds.add(action.kind)
                if action.kind in ("fund", "invest", "request", "coins", "give", "sheet"):
                    assert "Coin" in label.text, label  # what it costs, or what it gives
    assert {"give", "pass", "fund", "invest", "coins", "build", "sheet"} <= kinds


def test_labels_word_the_space_its_cost_and_what_the_building_does():
    s = investing(new(players=4), seat=2, coins=10)  # seat 3 runs Environment
    labels = {str(a): s.label(2, a) for a in s.legal_actions(2)}
    park = labels["fund 3 1"]
    assert park.group == "Your Department sheet: Environment"
    assert park.text == (
        "Park (3 Coins): Pollution \u22121; next to a residential Building: Attractiveness of the city +1; "
        "2 points for you"
    )
    assert labels["fund 3 2"].text.endswith("no residential Building within 1 square of it; 2 points for you")
    assert labels["invest 2"].text.startswith("Card 2, Green plan (3 Coins): A plan for cleaner air")
    assert labels["pass"].text == "Pass: your year is over; you keep your 10 Coins for next year"
    s.apply(2, "fund 3 1")
    assert (
        s.label(2, s.legal_actions(2)[1]).text
        == "Put 2 Coins on the Park (Environment sheet): 1 Coin more still needed after"
    )
    assert (
        s.label(2, s.legal_actions(2)[2]).text
        == "Put 3 Coins on the Park (Environment sheet): it is paid in full"
    )


def test_a_label_follows_the_content():
    game = load_game(
        "sustain",
        players=4,
        deal="in_order",
        overrides={
            "departments.environment.spaces.0.cost": 5,
            "buildings.park.effects.0.amount": -2,
            "gray_sides.green_plan.text": "Trees, trees, trees.",
            "gray_sides.green_plan.cost": 5,
        },
    )
    s = investing(game.new_state(0), seat=2, coins=10)
    labels = {str(a): s.label(2, a).text for a in s.legal_actions(2)}
    assert labels["fund 3 1"].startswith("Park (5 Coins): Pollution \u22122;")
    assert labels["invest 2"] == "Card 2, Green plan (5 Coins): Trees, trees, trees."


def test_giving_and_drawing_labels_name_the_seat_and_the_place():
    s = new(players=4)
    assert s.label(0, s.legal_actions(0)[0]).text == "Give 1 of your 4 Coins to Seat 2 (Mobility)"
    s = investing(new(players=4), seat=1, coins=10)
    pay(s, 1, "fund 2 1", 2)  # a Bus Stop
    corner = s.tables.cell_of["B2+"]  # the corner between B2, C2, B3 and C3
    label = s.label(1, BUILD(corner))
    assert label.group == "Draw the Bus Stop"
    assert label.text == (
        "Corner B2\u2013C3 (between B2, C2, B3 and C3), next to Residential Houses: "
        "bonus Attractiveness of the city +1"
    )


# ----- prompts -----------------------------------------------------------------------------------------
def test_prompts_say_what_is_decided_and_by_whom():
    s = new(players=3)
    assert s.prompt(0).startswith("Year 1, step 6, discussion: make promises and deals")
    s.apply(0, "pass")
    assert s.prompt(0) == (
        "You have passed the discussion. Waiting for Seat 2 (Mobility) and Seat 3 (Environment) to finish talking."
    )
    assert s.prompt(None) == (
        "Year 1, step 6, discussion: waiting for Seat 2 (Mobility) and Seat 3 (Environment) to finish talking."
    )
    s = investing(new(players=3), seat=1, coins=4)
    assert s.prompt(0) == "Year 1, step 7, investing: waiting for Seat 2 (Mobility) to invest or pass."
    assert s.prompt(1).startswith("Year 1, step 7, your investment turn: put one or more of your 4 Coins")
    s.apply(1, "invest 1")
    assert (
        s.prompt(1)
        == "Say how many of your 4 Coins to put on Solution card 1 (Mobility plan): it needs 2 Coins more."
    )
    assert (
        s.prompt(2)
        == "Waiting for Seat 2 (Mobility) to say how many Coins to put on Solution card 1 (Mobility plan)."
    )


def test_the_end_says_who_won_or_why_everyone_lost():
    s = again(investing(new(players=3), seat=0), phase="over", points={"urban_planning": 9}, passed=[])
    assert s.prompt(None).startswith("The game is over: the city survived. Seat 1 (Urban Planning) wins with")
    lost = again(s, unhappy_population=10, defeat="Unhappy Population table full")
    assert lost.prompt(1) == "The game is over: the Unhappy Population table is full. Every player loses."


# ----- refusals ------------------------------------------------------------------------------------------
def test_refusals_give_the_reason_and_the_cost():
    s = investing(new(players=3), seat=0, coins=2)
    s.apply(0, "fund 1 1")  # Residential Houses, 3 Coins
    with pytest.raises(
        IllegalAction, match="you have only 2 Coins; you cannot put 3 Coins on the Residential Houses"
    ):
        s.apply(0, "coins 3")
    s = investing(new(players=3), seat=0, coins=10, sheets={"urban_planning": [2, 0, 0]})
    s.apply(0, "fund 1 1")
    with pytest.raises(IllegalAction, match="asks 3 Coins and has 2 on it: you may put at most 1 Coin on it"):
        s.apply(0, "coins 2")
    s = investing(new(players=3), seat=0)
    with pytest.raises(IllegalAction, match=r"only Seat 2 \(Mobility\) invests on the Mobility sheet"):
        s.apply(0, "fund 2 1")


def test_refusals_to_draw_a_building_say_where_it_may_not_go():
    s = investing(new(players=3), seat=2, coins=10)
    pay(s, 2, "fund 3 2", 4)  # a Recycling Centre: no residential Building within 1 square
    with pytest.raises(IllegalAction, match="big square C3 is taken by the Town Hall"):
        s.apply(2, f"build {s.tables.cell_of['C3']}")
    with pytest.raises(IllegalAction, match="no residential Building within 1 square of it"):
        s.apply(2, f"build {s.tables.cell_of['B1']}")  # next to the Residential Houses on B2
    with pytest.raises(IllegalAction, match="drawn on a big square, and corner"):
        s.apply(2, f"build {s.tables.cell_of['B2+']}")


# ----- the reference -----------------------------------------------------------------------------------
def test_the_reference_holds_every_gray_side_department_and_building_and_follows_the_content():
    game = load_game("sustain")
    text = reference_text(game.spec.reference(game.content))
    for gray in game.content.gray_sides:
        assert gray.text and gray.text in text and gray.title in text
    for building in game.content.buildings:
        assert building.name in text
    for dept in game.content.departments:
        assert dept.name in text
    assert "Pollution \u22121, Standard of Living +1; no residential Building within 1 square of it" in text
    board = game.content.board
    assert [s.title for s in game.spec.reference(game.content)][:3] == [
        "Round sequence",
        "Indicators Board",
        "Department sheets",
    ]
    assert len(board.unhappy_to_living) == 11 and "10                        \u22123" in text
    edited = load_game(
        "sustain",
        overrides={
            "gray_sides.energy_plan.text": "Wind and sun.",
            "board.budget": [5, 8, 9, 10, 12, 13, 14, 16],
        },
    )
    other = reference_text(edited.spec.reference(edited.content))
    assert "Wind and sun." in other and "\n0       5 Coins" in other


# ----- panels and the stage ----------------------------------------------------------------------------
def test_panels_show_each_player_their_own_sheet_and_the_city():
    s = investing(new(players=4), seat=0)
    spec = s.game.spec
    for seat in (0, 2, None):
        panels = spec.panels(s.view(seat))
        players = [p for p in panels if p.seat is not None]
        assert [p.title for p in players] == [
            "Seat 1: Urban Planning",
            "Seat 2: Mobility",
            "Seat 3: Environment",
            "Seat 4: Economic Development",
        ]
        assert [p.mine for p in players] == [p.seat == seat for p in players]
        assert [c.title for c in players[2].cards] == ["Park", "Recycling Centre", "Solar Plant"]
        city = next(p for p in panels if p.title == "The city")
        assert ("Unhappy Population", "0 of 10 squares marked (all marked: everyone loses)") in city.rows
        assert [c.title for c in city.cards][:1] == ["Solution card 1: Mobility plan"]
    open_sheets = spec.panels(s.view(0))[-1]
    assert open_sheets.title.startswith("Department sheets nobody runs")
    assert [c.title for c in open_sheets.cards] == [
        "Social Housing",
        "School",
        "Hospital",
        "Museum",
        "Theatre",
        "Pedestrian Walk",
    ]


def test_nothing_people_read_shows_a_solutions_white_side_before_it_is_flipped():
    s = new(players=4)
    spec = s.game.spec
    words = json.dumps(
        [p.to_json() for p in spec.panels(s.view(0))] + [c.to_json() for c in spec.stage(s.view(0))]
    )
    words += spec.render_text(s.view(0)) + spec.render_svg(s.view(0), s.legal_actions(0))
    words += json.dumps([s.label(0, a).to_json() for a in s.legal_actions(0)]) + s.prompt(0)
    for sid, _coins in s.table:
        assert s.tables.solutions[sid].title not in words


def test_the_year_is_read_aloud_step_by_step_logged_and_on_stage():
    """Step 1 read top to bottom, left to right; steps 2 and 3; the Event phase; the Solutions."""
    s = new(players=4)
    s = again(
        s,
        phase="investing",
        passed=[1, 2, 3, 4],
        turn=1,
        standard_of_living=4,
        attractiveness=2,
        sustainable_transport=1,
        pollution=5,
        unhappy_population=2,
        co2_accumulation=4,
        reserve=1,
        read_aloud=[],
        **event_deck(s, "I-2", "I-3"),
    )
    first = (s.first + 1) % 4
    start = len(s.log)
    s.apply(0, "pass")  # the last player passes: the year ends and the next begins
    expected = [
        ("Step 1: the First Player token", f"The First Player token passes left, to {s.seat_name(first)}."),
        (
            "Step 1: Unhappy Population \u2192 Standard of Living",
            "2 Unhappy Population marks: Standard of Living \u22121 (from 4 to 3).",
        ),
        (
            "Step 1: Standard of Living \u2192 Attractiveness of the city",
            "Standard of Living on 3: Attractiveness of the city stays on 2.",
        ),
        (
            "Step 1: Sustainable transport and Pollution \u2192 CO2 Accumulation",
            "Sustainable transport on 1 adds 1 CO2 mark, Pollution on 5 adds 2 CO2 marks: "
            "the CO2 Accumulation table now has 7 marks (it had 4).",
        ),
        (
            "Step 1: CO2 Accumulation \u2192 Standard of Living",
            "7 CO2 Accumulation marks: Standard of Living \u22121 (from 3 to 2).",
        ),
        (
            "Step 2: People increasing",
            "Attractiveness of the city on 2: 2 new people come. 2 are drawn on free Housing spaces.",
        ),
        (
            "Step 3: Budget allocation",
            "Standard of Living on 2: a budget of 5 Coins plus 1 Coin set aside last year. "
            "Each player takes 1 Coin; 2 Coins set aside for next year.",
        ),
    ]
    cards = s.game.spec.stage(s.view(None))
    assert [(c.title, c.text) for c in cards[:7]] == expected
    assert [c.title for c in cards[7:]] == [
        "Step 4: Event I-2 Traffic jams",
        "Step 4: Event I-3 Newcomers",
        "Step 5: Solutions",
    ]
    lines = [text for _step, kind, text, _seats in s.log[start:] if kind == "info"]
    for title, text in expected:
        assert f"{title} \u2014 {text}" in lines
    again_s = load_position(position_of(s), s.game)
    assert again_s.view(None)["this_year"] == s.view(None)["this_year"]


def test_cards_in_play_and_unresolved_requests_are_read_at_the_event_phase():
    s = new(players=3)
    s = again(
        s,
        phase="investing",
        passed=[1, 2, 3],
        turn=1,
        requests=[{"card": "I-4", "coins": 1}],
        in_play=[{"card": "I-5", "years": 2}],
        **event_deck(s, "I-1", held=("I-4", "I-5")),
    )
    s.apply(0, "pass")
    titles = [c.title for c in s.game.spec.stage(s.view(0))]
    texts = [c.text for c in s.game.spec.stage(s.view(0))]
    assert "Step 4: a card in play acts" in titles
    assert "I-5 Heat wave acts again (Pollution +2); it stays in play for 1 more Event phase." in texts
    assert (
        "I-4 REQUEST: a new school is still unresolved: its penalty applies (1 Unhappy Population mark)."
        in texts
    )


def test_an_adopted_solution_is_on_stage_with_its_white_side():
    s = new()
    s = investing(s, seat=0, coins=10, **solution_at(s, 3, "S-11", 1))
    pay(s, 0, "invest 3", 1)
    card = s.game.spec.stage(s.view(1))[-1]
    assert card.title == "Step 7: a Solution is adopted"
    assert (
        card.text
        == "Local market (Economic plan) is fulfilled: its white side is revealed (Standard of Living +1, Attractiveness of the city +1 and 1 point for Economic Development)."
    )


def test_a_position_refuses_a_reading_it_does_not_know():
    s = new()
    with pytest.raises(PositionError, match="read_aloud"):
        again(s, read_aloud=[["weather", 1]])
    with pytest.raises(PositionError, match="read_aloud"):
        again(s, read_aloud=[["unhappy_to_living", 1, 2]])
    with pytest.raises(PositionError, match="no card 'X-9'"):
        again(s, read_aloud=[["adopted", "X-9"]])


# ----- the board ---------------------------------------------------------------------------------------
def test_the_board_names_the_corners_and_edges_it_offers():
    s = investing(new(players=4), seat=1, coins=10)
    pay(s, 1, "fund 2 1", 2)
    svg = s.game.spec.render_svg(s.view(1), s.legal_actions(1))
    corner = s.tables.cell_of["B2+"]
    assert f'data-act="build {corner}"' in svg
    assert (
        "B2\u2013C3</text>" in svg
        and 'data-info="corner B2\u2013C3 (between B2, C2, B3 and C3): free"' in svg
    )
    assert 'data-act="coins' not in svg and 'data-act="pass"' not in svg  # the action list's, not the board's
    s = investing(
        new(players=4),
        seat=1,
        coins=10,
        city_map=city_map(new(players=4), {s.tables.cell_of["A1|B1"]: "bike_lane"}),
    )
    svg = s.game.spec.render_svg(s.view(1), s.legal_actions(1))
    assert "edge A1\u2013B1 (between A1 and B1): Bike Lane" in svg and 'class="minor"' in svg


def test_the_terminal_shows_each_cube_and_the_tables_as_written():
    s = again(new(players=3), standard_of_living=3, unhappy_population=2, co2_accumulation=1)
    text = s.game.spec.render_text(s.view(0))
    assert "Standard of Living          [. . . # . . . .]  on 3  budget 6 Coins next year" in text
    assert "[:( :( . . . . . . . .]  2 of 10 marked" in text
    assert "[x . . . . . . . . . . . . . . . . .]  1 of 18 marked" in text
    assert "Corner" not in text and "+ a free corner" in text
