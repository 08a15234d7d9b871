"""What people read: labels from content, prompts that say who decides, refusals with costs, the
reference, the panels and the stage."""

import pytest

from loopcity import load_game
from loopcity.engine import IllegalAction, RandomBot, Rng
from loopcity.engine.runner import next_seat
from loopcity.engine.text import reference_text
from loopcity.games.resourced import SPEC
from loopcity.games.resourced.actions import ACTION_SPACE
from loopcity.games.resourced.texts import TEXTS

from .helpers import after_turn, event_cards, load, position, strike, trade, turn


def test_every_action_kind_has_a_labeller():
    assert TEXTS.missing(ACTION_SPACE) == []


def _random_states(n: int, seed: int = 7):
    """``n`` states met in random games of 4 players."""
    game = load_game("resourced", players=4)
    rng = Rng(seed)
    out = []
    g = 0
    while len(out) < n:
        st = game.new_state(g)
        bots = [RandomBot(game, s, g) for s in range(4)]
        while not st.is_terminal() and len(out) < n:
            if rng.below(4) == 0:
                out.append(st.clone())
            s = next_seat(st)
            st.apply(s, bots[s].choose(st, s))
        g += 1
    return out


def test_labels_of_every_legal_action_in_100_random_states_are_words_with_their_costs():
    for st in _random_states(100):
        for seat in st.active_seats():
            for action in st.legal_actions(seat):
                label = st.label(seat, action)
                assert label.text and label.text != str(action), action
                assert "_" not in label.text and "_" not in label.group, label
                if action.kind == "craft":
                    item = action.args[0]
                    cost = st.tables.craft_cost(item, st.ring)
                    assert all(f"{n} " in label.text for n in cost if n), label.text
                    assert "(" in label.text and st.tables.name[item] in label.text
                if action.kind == "operate" and st.tiles[st.pos[seat]] == "recycler":
                    assert "Use 2 Wood, 2 Metal to Recycle" in label.text


def test_craft_labels_follow_the_content():
    st = turn(1, 0, hands={1: {"wood": 2, "compost": 1, "metal": 1}})
    labels = {str(a): st.label(0, a) for a in st.legal_actions(0)}
    assert labels["craft shelter"].text == (
        "Craft a Shelter (2 Wood, 1 Compost) — the Heat Haven Gathers one more Water; +2 Trade Limit"
    )
    assert labels["craft shelter"].group == "Craft at BGCS"
    changed = load(
        position(hands={1: {"metal": 1, "wood": 1}}),
        **{"upgrades.shelter.cost": {"metal": 1, "wood": 1}, "rules.trade_limit_per_shelter": 3},
    )
    shelter = next(a for a in changed.legal_actions(0) if str(a) == "craft shelter")
    assert (
        changed.label(0, shelter).text
        == "Craft a Shelter (1 Wood, 1 Metal) — the Heat Haven Gathers one more Water; +3 Trade Limit"
    )


def test_move_labels_name_the_tile_and_what_can_be_done_there():
    st = turn(1, 0, phase="move")
    texts = {str(a): st.label(0, a).text for a in st.legal_actions(0)}
    assert texts["move 0"] == "Stay on BGCS — craft, or Gather any card"
    assert texts["move 1"] == "Move 1 step to the Food Forest on hex 1 (Ring 1) — Gather 2 Wood"
    assert texts["move 5"] == "Move 1 step to the Recycler on hex 5 (Ring 1) — Recycle 5 Waste cards"
    assert {st.label(0, a).group for a in st.legal_actions(0) if a.kind == "move"} == {"Move up to 2 tiles"}


def test_setup_labels_say_what_the_tile_produces():
    st = load_game("resourced", players=4).new_state(0)
    texts = [st.label(0, a).text for a in st.legal_actions(0)]
    assert (
        texts[0]
        == "Propose a Food Forest for the last spot of Ring 1 — produces Wood: a Gather there gives 2"
    )


def test_prompts_name_who_decides():
    st = load_game("resourced", players=4).new_state(0)
    assert st.prompt(0).endswith("Propose one; the table votes (a majority carries it).")
    assert "Waiting for Seat 1 to propose one" in st.prompt(2)
    st.apply(0, "choose_sixth heat_haven")
    assert st.prompt(1).startswith("Seat 1 proposes: a Heat Haven in the last spot of Ring 1. Vote yes or no")
    assert "Waiting for Seat 2, Seat 3, Seat 4 to vote" in st.prompt(0)
    assert "so far: Seat 1 yes" in st.prompt(0)
    st = turn(2, 0, phase="move")
    assert st.prompt(1).startswith("Your turn: move up to 2 tiles from BGCS (spun 2)")
    assert st.prompt(0).startswith("Seat 2's turn: move up to 2 tiles")
    st = strike("vandalism", upgrades={4: "shipping_container"}, hands={2: {"metal": 3}})
    assert st.prompt(0) == (
        "Vandalism: 3 more Metal pledged pay for the broken Shipping Container; otherwise the table chooses a "
        "Shipping Container to remove. Waiting for Seat 2, who holds some."
    )
    assert st.prompt(1).endswith("Pledge a card of yours, or pledge no more.")


def test_refusals_give_the_reason_with_the_cost():
    st = turn(1, 0, hands={1: {"wood": 1}})
    with pytest.raises(
        IllegalAction,
        match=r"cannot pay the Shelter's crafting cost: 2 Wood, 1 Compost; you have 1 Wood, 0 Compost",
    ):
        st.apply(0, "craft shelter")
    st = turn(1, 5, waste=["wood"], hands={1: {"wood": 1, "metal": 2}})
    with pytest.raises(
        IllegalAction,
        match=r"operating cost: 1 Wood, 2 Metal, 1 Compost; you have 1 Wood, 2 Metal, 0 Compost",
    ):
        st.apply(0, "operate")
    assert st.label(0, st.legal_actions(0)[0]).text == (
        "Skip this Action: you cannot pay the Recycler's operating cost "
        "(1 Wood, 2 Metal, 1 Compost; you have 1 Wood, 2 Metal, 0 Compost)"
    )


def test_log_lines_read_in_the_third_person():
    st = turn(1, 0, hands={2: {"metal": 1}})
    trade(st, "take 2 metal")
    st.apply(0, "gather_any wood")
    st.apply(0, "move 1")
    lines = [text for _, kind, text, _ in st.log if kind in ("action", "decision")]
    assert lines == [
        "Seat 1 asks Seat 2 for 1 Metal in a trade.",
        "Seat 1 offers Seat 2 a trade: Seat 1 asks for 1 Metal.",
        "Seat 2 accepts.",
        "Seat 2 accepts the trade: Seat 1 asks for 1 Metal.",
        "Seat 1 Gathers 1 Wood at BGCS.",
        "Seat 1 moves to the Food Forest (hex 1).",
    ]


def _rows(sections, title):
    """The rows of the first table of the reference's section ``title``."""
    return next(s for s in sections if s.title == title).tables[0].rows


def test_the_reference_holds_every_card_text_and_cost_from_content():
    sections = SPEC.reference(load_game("resourced").content)
    text = reference_text(sections)
    for card in event_cards():
        assert card["text"] in text and card["name"] in text
    costs = _rows(sections, "Costs (the keys on the board)")
    assert ("Shelter", "2 Wood, 1 Compost", "a Heat Haven") in costs
    assert ("Recycler (Ring 3)", "4 Wood, 4 Metal, 2 Compost, 2 Water", "an empty hex, current Ring") in costs
    assert ("Zero Waste", "0-5", "1-4", "5-6") in _rows(sections, "Waste table")
    assert ("Heat Haven", "Water", "2", "3", "4", "+1") in _rows(sections, "Production")
    overrides = {"events.rain.text": "It pours.", "tiles.heat_haven.cost": {"food": 3}}
    sections = SPEC.reference(load_game("resourced", overrides=overrides).content)
    assert "It pours." in reference_text(sections)
    assert ("Heat Haven", "3 Food", "an empty hex, current Ring") in _rows(
        sections, "Costs (the keys on the board)"
    )


def test_panels_show_every_hand_and_mark_the_readers_own():
    st = turn(2, 1, hands={2: {"wood": 2}})
    panels = SPEC.panels(st.view(1))
    assert [p.title for p in panels] == ["The table", "Seat 1", "Seat 2 — their turn", "Seat 3", "Seat 4"]
    assert [p.mine for p in panels] == [False, False, True, False, False]
    assert dict(panels[2].rows) == {"On": "Food Forest, hex 1 (Ring 1)", "Hand": "2 Wood (2 of 7)"}
    table = dict(panels[0].rows)
    assert table["Waste Pile"] == "0 of 24 (Zero Waste: a Good Event on 1-4)"
    assert table["Resource Bank"] == "14 Wood, 16 Metal, 16 Compost, 13 Food, 13 Water"


def test_the_stage_shows_the_event_die_and_card_with_its_text():
    st = strike("trash_pickup_day", seed=14, waste=["wood"] * 8)
    cards = SPEC.stage(st.view(0))
    titles = [c.title for c in cards]
    assert titles == ["Event die", "Trash Pickup Day", "Trash Pickup Day die", "Spinner"]
    assert cards[0].text.endswith("so a Good Event is drawn")
    assert cards[1].text == next(e["text"] for e in event_cards() if e["id"] == "trash_pickup_day")
    assert cards[2].text == "4 Waste cards Recycled at most"
    st = after_turn(["round_end"])
    assert SPEC.stage(st.view(0)) == []


def test_a_bad_event_shows_its_pile_and_the_odds_at_the_roll():
    st = strike("bushfire_smoke")
    die = SPEC.stage(st.view(0))[0]
    assert die.text.endswith("no Good number at the roll, so a Bad Event is drawn")
