"""What people read: labels in the rulebook's words with their costs, prompts that say who decides,
refusals with their reasons, the reference from content, the players' panels and the stage."""

import re

import pytest

from loopcity import load_game
from loopcity.engine import IllegalAction, RandomBot, next_seat
from loopcity.engine.text import reference_text
from loopcity.games.waste_what.actions import ACTION_SPACE
from loopcity.games.waste_what.texts import TEXTS

from .helpers import card, edit, new_game, position, with_roll

SKILLS = {
    "textile": (0, 1),
    "furniture": (0, 1),
    "bikes": (0, 1),
    "food": (1, 1),
    "electronics": (1, 2),
    "creative": (1, 1),
}


def game(table=(), storage=((), ()), **kw):
    return position(new_game(), table=list(table), storage=storage, skills=dict(SKILLS), **kw)


def label(s, seat, text):
    action = next(a for a in s.legal_actions(seat) if str(a) == text)
    return s.label(seat, action)


# ----- labels ---------------------------------------------------------------------------------------
def test_every_kind_has_a_labeller():
    assert TEXTS.missing(ACTION_SPACE) == []


def random_states(n):
    game_ = load_game("waste_what")
    found = 0
    for seed in range(1000):
        s = game_.new_state(seed)
        bots = [RandomBot(game_, k, seed) for k in range(2)]
        while not s.is_terminal():
            yield s
            found += 1
            if found >= n:
                return
            seat = next_seat(s)
            s.apply(seat, bots[seat].choose(s, seat))


def test_labels_of_every_legal_action_in_100_random_states_are_words_with_their_costs():
    for s in random_states(100):
        for seat in s.active_seats():
            for a in s.legal_actions(seat):
                text = s.label(seat, a).text
                assert text != str(a) and not re.search(r"\b(p1|p2)\b", text), text
                if a.kind == "recycle_paying":
                    assert re.search(r"\d+ money", text), f"{a}: {text} names no cost"
                if a.kind == "store":
                    assert "rent" in text, f"{a}: {text} says nothing of the rent"
                if a.kind == "burn":
                    assert "Burn slot" in text or "CO2" in text, text


def test_the_issues_example_store_torn_jeans_in_your_storage_with_its_rent():
    s = game(["Torn jeans"], storage=(["Glass jars"], []))
    jeans = card(s, "Torn jeans")
    lab = label(s, 0, f"store {jeans} p1")
    assert lab.text == "Store Torn jeans in your Storage (your rent goes from 1 to 2)"
    assert lab.group == "Torn jeans (Textile, complexity 1), on the table"
    assert label(s, 0, f"recycle_paying {jeans} p1").text == (
        "Recycle Torn jeans, paying 1 money from your Cash Box (you have 2)"
    )
    assert label(s, 0, f"reuse {jeans} textile").text == (
        "Reuse Torn jeans with your Textile (level 1), then sell or donate it"
    )


def test_labels_follow_a_content_override():
    state = load_game("waste_what", first_game=True, overrides={"waste.0.recycle_cost": 2}).new_state(0)
    s = position(state, table=["Torn jeans"], skills=dict(SKILLS))
    s = edit(s, p1={"cash": 3}, bank=3)
    jeans = card(s, "Torn jeans")
    assert label(s, 0, f"recycle_paying {jeans} p1").text == (
        "Recycle Torn jeans, paying 2 money from your Cash Box (you have 3)"
    )
    renamed = load_game("waste_what", first_game=True, overrides={"waste.0.name": "Ripped jeans"}).new_state(
        0
    )
    s = position(renamed, table=["Ripped jeans"], skills=dict(SKILLS))
    assert label(s, 0, f"store {card(s, 'Ripped jeans')} p1").text.startswith("Store Ripped jeans")


def test_reuse_plus_sell_and_burn_read_as_what_they_do():
    s = game(["Broken toaster", "Chewing gum", "Used tissues"], burn=["Cigarette butts", "Broken ceramics"])
    toaster = card(s, "Broken toaster")
    s = edit(s, p2={"skills": {"food": 1, "electronics": 1, "creative": 1}})
    assert label(s, 1, f"reuse_plus {toaster} electronics").text == (
        "Reuse Broken toaster with your Electronics (level 1) + your Creative Community (level 1), then "
        "sell or donate it"
    )
    assert label(s, 0, f"reuse_plus {toaster} electronics").text == (
        "Ask Player 2 to agree: Player 1 reuses Broken toaster with Player 2's Electronics (level 1) + "
        "Player 2's Creative Community (level 1)"
    )
    assert label(s, 0, f"burn {card(s, 'Chewing gum')}").text == (
        "Burn Chewing gum (the last Burn slot: CO2 token 1 of 3 is released, with 1 money)"
    )
    s.apply(1, f"reuse_plus {toaster} electronics")
    assert label(s, 1, "sell electronics").text == (
        "Sell Broken toaster: you take 1 money; your Electronics goes up to level 2"
    )
    assert (
        label(s, 1, "donate creative").text
        == "Donate Broken toaster: your Creative Community goes up to level 2"
    )


def test_log_lines_name_players_and_cards_never_numbers():
    s = game(["Torn jeans", "Chewing gum"])
    s.apply(0, f"store {card(s, 'Torn jeans')} p1")
    s.apply(0, f"store {card(s, 'Chewing gum')} p2")
    s.apply(1, "vote no")
    lines = [row["text"] for row in s.log_for(None, last=3)]
    assert lines == [
        "Player 1 stores Torn jeans in their Storage",
        "Player 1 asks Player 2 to agree: Player 1 stores Chewing gum in Player 2's Storage",
        "Player 2 does not agree: Player 1 stores Chewing gum in Player 2's Storage",
    ]


# ----- prompts and refusals ---------------------------------------------------------------------------
def test_prompts_say_what_is_decided_and_by_whom():
    s = load_game("waste_what").new_state(0)
    assert s.prompt(0) == "Skill draft: take one of the 6 Skill cards on offer; then Player 2 chooses."
    assert s.prompt(1) == "Skill draft: waiting for Player 1 to take a Skill card."
    while len(s.draft_pool) > 1:
        s.apply(s.draft_turn, s.legal_actions(s.draft_turn)[0])
    assert (
        s.prompt(s.draft_turn)
        == "Skill draft: take the last Skill card on offer; then the first round begins."
    )
    s = game(["Torn jeans"])
    assert s.prompt(0).startswith(
        "Round 1 of 6: deal with the waste using your own skills, Storage and money"
    )
    s.apply(0, f"reuse {card(s, 'Torn jeans')} textile")
    assert s.prompt(0) == "Sell or donate Torn jeans, and choose the skill that goes up."
    assert s.prompt(1) == "Waiting for Player 1 to sell or donate Torn jeans."
    assert s.seat_name(1) == "Player 2"


def test_refusals_give_the_reason_and_the_cost():
    s = edit(game(["Torn jeans", "Sweater with holes"]), p1={"cash": 0}, bank=6)
    before = s.state_hash()
    with pytest.raises(IllegalAction, match="Player 1 cannot pay the 1 money recycling costs: they have 0"):
        s.apply(0, f"recycle_paying {card(s, 'Torn jeans')} p1")
    with pytest.raises(
        IllegalAction, match=r"the skill level \(1\) must be at least the card's complexity \(2\)"
    ):
        s.apply(0, f"reuse {card(s, 'Sweater with holes')} textile")
    assert s.state_hash() == before


def test_a_vote_without_an_offer_is_refused_saying_so():
    s = game(["Torn jeans"])
    with pytest.raises(IllegalAction, match="nothing has been put to you"):
        s.apply(0, "vote yes")


# ----- reference, panels, stage -----------------------------------------------------------------------
def test_the_reference_has_every_card_with_its_text_from_content():
    game_ = load_game("waste_what")
    sections = game_.spec.reference(game_.content)
    text = reference_text(sections)
    titles = {c.title for sec in sections for c in sec.cards}
    content = game_.content
    for card_ in [*content.waste, *content.just_waste]:
        assert card_.name in titles
    for ev in content.events:
        assert ev.text in text
    assert {s.name for s in content.skills} <= titles
    assert "Reuse it with the Textile skill at level 1 or more; recycling costs 1 money." in text
    assert "Cards in your Storage" in text and "DECIDING TOGETHER" in text


def test_the_reference_follows_a_content_override():
    game_ = load_game(
        "waste_what", overrides={"events.0.text": "Everything is easier today.", "rules.rounds": 7}
    )
    text = reference_text(game_.spec.reference(game_.content))
    assert "Everything is easier today." in text and "play 7 rounds" in text


def test_panels_show_each_players_space_and_the_table_marking_the_readers_own():
    s = game(["Torn jeans"], storage=(["Glass jars"], []))
    panels = s.game.spec.panels(s.view(1))
    board, p1, p2 = panels
    assert board.title == "The table" and [c.title for c in board.cards] == ["Torn jeans"]
    assert (p1.title, p1.mine, p2.mine) == ("Player 1", False, True)
    assert ("Cash Box", "2 money") in p1.rows and ("Rent at the end of the round", "1") in p1.rows
    assert [c.title for c in p1.cards] == ["Textile", "Furniture", "Bikes", "Glass jars"]
    spectator = s.game.spec.panels(s.view(None))
    assert not any(p.mine for p in spectator)


def test_the_stage_shows_the_event_and_the_dice_of_this_round():
    s = game(["Wobbly chair", "Scratched table"], event="repair_cafe")
    s = edit(s, p1={"skills": {"textile": 1, "furniture": 3, "bikes": 1}})
    s.apply(0, f"combo {card(s, 'Wobbly chair')}")
    s.apply(0, f"combo {card(s, 'Scratched table')}")
    s = with_roll(s, 2)
    s.apply(0, "combine furniture alone")
    cards = s.game.spec.stage(s.view(0))
    assert cards[0].title == "Repair café" and "1 complexity easier" in cards[0].text
    assert cards[1].title == "Combo acceptance roll"
    assert cards[1].text == "The die shows 2, not more than 2: the combo is taken apart."


def test_how_to_play_says_what_earns_money_and_what_needs_a_skill_as_the_rulebook_does():
    """Only selling collects money ("When you Sell, collect 1 money from that slot"), selling or
    donating raises a skill, and "To Store, Recycle or Burn waste you do not need any specific
    skills": the two-minute walk-through said recycling earned money and grew skills."""
    from loopcity.engine import get_spec, walkthrough

    said = {s["id"]: s["text"] for s in walkthrough.steps(get_spec("waste_what"), "en")}
    assert "Selling earns money" in said["money"] and "Recycling needs no skill" in said["money"]
    assert not re.search(r"recycl\w* earn", " ".join(said.values()), re.I)
    assert "reuse, by selling or donating" in said["skills"]
    # and the game does as the walk-through says: a recycled card pays nothing and raises no skill
    s = game(table=["Glass jars"])
    cash, level = list(s.cash), dict(s.level)
    s.apply(0, f"recycle {card(s, 'Glass jars')}")
    assert s.cash == cash and s.level == level
