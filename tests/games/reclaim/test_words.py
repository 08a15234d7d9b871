"""What people read (docs/games/reclaim.md, "What people read"): labels from content with their
costs, prompts that say who decides, refusals with reasons and costs, the reference, the players'
panels, the stage, the log, the hexagon map in the terminal and the SVG map."""

import re

import pytest

from loopcity import load_game
from loopcity.engine import IllegalAction, RandomBot, Rng, load_position
from loopcity.engine.text import reference_text
from loopcity.games.reclaim.actions import ACTION_SPACE
from loopcity.games.reclaim.texts import TEXTS

from .helpers import changed, deck_with_top, position, seat_of, table

COSTLY = {"build", "link", "link_to", "propose", "units", "fund", "contribute"}
"""The kinds whose action costs coins (their labels name the amount)."""


def _random_states(n=100, seed=0):
    """States met along random and heuristic games (every phase, the table's questions included)."""
    from loopcity.bots import make_bot

    game = load_game("reclaim")
    rng = Rng(seed)
    out = []
    for g in range(12):
        st = game.new_state(g)
        bots = (
            [RandomBot(game, s, g) for s in range(4)]
            if g % 2
            else [make_bot("heuristic", game, s, g) for s in range(4)]
        )
        while not st.is_terminal():
            if rng.below(8) == 0:
                out.append(st.clone())
            seat = st.active_seats()[0]
            st.apply(seat, bots[seat].choose(st, seat))
    return out[:: max(1, len(out) // n)][:n]


def test_every_kind_has_a_labeller():
    assert TEXTS.missing(ACTION_SPACE) == []


def test_every_legal_action_reads_as_words_with_its_cost():
    states = _random_states()
    assert len(states) == 100
    kinds = set()
    for st in states:
        for seat in st.active_seats():
            for a in st.legal_actions(seat):
                label = st.label(seat, a)
                assert label.text and label.text != str(a)
                assert not re.search(r"\b(hex|card|slot)_?\w* \d+ \d+\b", label.text)
                if a.kind in COSTLY:
                    assert re.search(r"\d C\b", f"{label.text} {label.group}"), f"{a}: {label}"
                kinds.add(a.kind)
    assert {"build", "link", "move", "vote", "propose", "done"} <= kinds


def test_build_labels_are_the_rulebooks_words_with_the_price_and_follow_the_content():
    st = table(turn="treatment")
    seat = seat_of(st, "treatment")
    label = st.label(seat, next(a for a in st.legal_actions(seat) if str(a) == "build plant1 8"))
    assert label.group == "Build a level 1 Treatment plant — 200 C, a Treatment level 1 card"
    assert label.text == "on hex 8 (Housing) — 200 C"
    game = load_game("reclaim", variant="calm", overrides={"builds.plant1.price": 100})
    cheaper = load_position(changed(position(), turn="treatment"), game)
    label = cheaper.label(seat, next(a for a in cheaper.legal_actions(seat) if str(a) == "build plant1 8"))
    assert label.group.startswith("Build a level 1 Treatment plant — 100 C") and label.text.endswith(
        "— 100 C"
    )


def test_link_labels_name_the_neighbours_it_may_reach():
    st = table()
    label = st.label(0, next(a for a in st.legal_actions(0) if str(a) == "link road 7"))
    assert label.text == "from hex 7 (Farm) to hex 3, 8 or 12 — 100 C"
    assert label.group == "Build a Road — 100 C: choose the hexagon it starts from"


def test_the_card_one_chooses_is_shown_with_its_symbols_and_its_worth_to_the_seat():
    st = table(seats={0: {"hidden_agenda": "environment_economy"}})
    st.apply(0, "build house0to1 8")
    labels = [st.label(0, a) for a in st.legal_actions(0)]
    assert all(lab.group == "Take one of the face-up Housing level 1 cards" for lab in labels)
    first = st.face_up["house1"][0]
    symbols = st.content.piles[0].cards[first]
    assert labels[0].text.startswith(", ".join(s.replace("_", " ").capitalize() for s in symbols)[:5])
    assert re.search(r"\(level 1\): \d points? for you", labels[0].text)


def test_the_log_says_what_happened_in_words_and_keeps_the_agenda_secret():
    st = table(seats={0: {"hidden_agenda": "environment_economy"}})
    st.apply(0, "build house0to1 8")
    st.apply(0, "card 0")
    lines = [row["text"] for row in st.log_for(None)]
    assert lines[-2] == (
        "Seat 1 (Housing): Upgrade a level 0 Housing block to a level 1 Housing block on hex 8 (200 C)"
    )
    assert lines[-1].startswith("Seat 1 (Housing): takes the Housing level 1 card ")
    assert "for you" not in lines[-1]


def test_prompts_say_what_is_decided_and_by_whom():
    st = table()
    assert st.prompt(0).startswith("Your turn as the Housing role: up to 3 more build actions")
    assert st.prompt(1) == "Waiting for Seat 1 (Housing) to play their turn as the Housing role."
    assert st.prompt(None) == st.prompt(1)
    assert st.seat_name(3) == "Seat 4 (Independent contractor)"
    st = table(turn="contractor", stage="role")
    assert st.prompt(3) == "Your turn as the Independent contractor: choose the role you play this round."


def test_a_refusal_says_why_with_the_cost():
    st = table(seats={1: {"coins": 150}}, turn="treatment")
    with pytest.raises(IllegalAction, match="you cannot pay for it: it costs 200 C; you have 150 C"):
        st.apply(1, "build plant1 8")
    st = table()
    with pytest.raises(IllegalAction, match="only the Treatment role"):
        st.apply(0, "build plant1 8")


def test_the_reference_holds_every_card_text_and_follows_the_content():
    game = load_game("reclaim")
    text = reference_text(game.spec.reference(game.content))
    for ev in game.content.events:
        assert ev.title in text and ev.text in text
    for pile in game.content.piles:
        assert f"{pile.name} #{len(pile.cards)}" in text
    for b in game.content.builds:
        assert b.text in text
    (builds,) = game.spec.reference(game.content)[0].tables
    row = (
        "Upgrade a level 0 Housing block to a level 1 Housing block",
        "Housing",
        "200 C",
        "300 C",
        "Housing level 1",
    )
    assert row in builds.rows
    edited = load_game("reclaim", overrides={"events.rats.text": "Rats carry 1 Disease to the Sludge."})
    assert "Rats carry 1 Disease to the Sludge." in reference_text(edited.spec.reference(edited.content))


def test_panels_show_each_seats_own_secret_only_to_that_seat():
    st = table(seats={0: {"hidden_agenda": "environment_economy"}, 1: {"hidden_agenda": "economy_joy"}})
    panels = st.game.spec.panels
    mine = panels(st.view(0))
    assert mine[0].title == "The city" and [p.title for p in mine[1:5]] == [st.seat_name(s) for s in range(4)]
    rows = {p.seat: dict(p.rows) for p in mine if p.seat is not None}
    assert rows[0]["Your Hidden agenda"] == "Environment / Economy" and rows[0]["Coins"] == "1,000 C"
    assert "Your Hidden agenda" not in rows[1]
    assert all("Hidden agenda" not in str(p.to_json()) for p in panels(st.view(None)))
    assert "Economy / Residents' joy" not in str([p.to_json() for p in mine])
    face_up = mine[-1]
    assert face_up.title == "Infrastructure cards face up" and len(face_up.cards) == 3 * 6 + 1 + 3


def test_an_event_drawn_goes_on_stage_with_what_it_did():
    st = table("standard", event_deck=deck_with_top("rats"), hexagons={4: {"sludge": 2}})
    seat = st.active_seats()[0]
    st.apply(seat, "convert")
    st.apply(seat, "end_turn")
    st.apply(st.active_seats()[0], "end_turn")  # the 2nd turn: an Event card is drawn
    cards = st.game.spec.stage(st.view(None))
    rats = next(c for c in cards if c.title == "Rats in the sludge")
    assert rats.text.endswith("Applied at once. A Disease appeared on hex 4.")
    assert cards == st.game.spec.stage(st.view(0))  # everyone saw it
    assert "Rats in the sludge: a Disease appeared on hex 4." in [r["text"] for r in st.log_for(None)]


def test_dice_go_on_stage_as_they_are_rolled():
    from .helpers import fixed_rolls

    st = table(turn="treatment", hexagons={4: {"mixed_waste": 2}})
    seat = seat_of(st, "treatment")
    fixed_rolls(st, 1, 6)  # a check mark, then a warning
    st.apply(seat, "treat 4 mixed")
    st.apply(seat, "treat 4 mixed")
    (card,) = st.game.spec.stage(st.view(None))
    assert card.title == "Conversion die at the level 0 plant on hex 4"
    assert card.text.startswith("✓ ⚠: 1 Waste became Sludge. 1 failed and ran into the Water (14)")


def test_the_terminal_draws_the_hexagon_map_so_neighbours_touch():
    st = table()
    text = st.game.spec.render_text(st.view(0))
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if "┌7 Rural" in line)
    assert lines[row].index("┌7 Rural") < lines[row].index("┌8 Urban") < lines[row].index("┌9 Urban")
    above = next(i for i, line in enumerate(lines) if "┌3 Rural" in line)
    # hex 8 touches hexes 3 and 4 above it: its box starts between theirs
    assert lines[above].index("┌3") < lines[row].index("┌8") < lines[above].index("┌4")
    assert "Roads (Food, Sludge, NPK): 5–9" in text and "You are Seat 1 (Housing)" in text


def test_the_svg_is_the_map_with_words_on_every_hexagon_and_no_action_list():
    st = table()
    legal = st.legal_actions(0)
    svg = st.game.spec.render_svg(st.view(0), legal)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("data-info=") == st.tables.n
    assert (
        'data-info="hex 8, Urban: 3 Housing blocks (level 0: 3, level 1: 0, level 2: 0; 0 fed this round); Food 3"'
        in svg
    )
    assert 'data-act="build house0to1 8"' in svg and "▸" not in svg
    for a in legal:
        assert f">{a}<" not in svg
    assert 'font-size="17" font-weight="bold" pointer-events="none">12</text>' in svg  # hex numbers drawn


def test_a_lost_city_is_told_in_words():
    st = table(phase="politics", turn="contractor", plays="farming", city_budget=0, hexagons={8: {"food": 0}})
    for s in range(4):
        st.apply(s, "done")
    assert st.lost == "hunger"
    assert st.prompt(0) == "The game is over: the city is lost to hunger (a Housing block without Food)."
    assert "The city is lost to hunger (a Housing block without Food)." in st.game.spec.render_text(
        st.view(None)
    )
