"""Refused actions say why in the rulebook's words and leave the state unchanged."""

import pytest

from loopcity.engine import IllegalAction

from .helpers import act, card, edit, new_game, position

SKILLS = {
    "textile": (0, 1),
    "furniture": (0, 1),
    "bikes": (0, 1),
    "food": (1, 1),
    "electronics": (1, 1),
    "creative": (1, 1),
}
TABLE = ["Wobbly chair", "Chewing gum", "Torn jeans", "Glass jars"]


def scene(event=None, **piles):
    """The table, a Stale bread stored by P1 in an earlier round, and the cards of ``piles``."""
    return position(
        new_game(), table=TABLE, storage=(["Stale bread"], []), skills=dict(SKILLS), event=event, **piles
    )


def refuse(s, action, words):
    """``action`` by Player 1 is refused, saying ``words``, and changes nothing."""
    before = s.state_hash()
    with pytest.raises(IllegalAction, match=words):
        s.apply(0, action)
    assert s.state_hash() == before


@pytest.mark.parametrize(
    "action,words",
    [
        ("reuse {Chewing gum} furniture", "Just Waste cards cannot be reused"),
        ("reuse {Wobbly chair} food", "you need the Furniture skill"),
        ("reuse {Wobbly chair} construction", "nobody has the Construction Materials Skill card"),
        ("reuse {Wobbly chair} creative", "only from level 4"),
        ("reuse_plus {Wobbly chair} furniture", "the skill alone is enough"),
        ("store {Stale bread} p2", "only cards from the table can be stored"),
        ("recycle {Torn jeans}", "costs 1 money"),
        ("recycle_paying {Glass jars} p1", "free"),
        ("recycle {Chewing gum}", "not recyclable"),
        ("end_round", "each Waste card on the table"),
        ("donate furniture", "did not use a Skill on"),
    ],
)
def test_refusals_say_why(action, words):
    s = edit(scene(), done=[2])  # Player 2 is done: Player 1 is the last at work
    refuse(s, action.format(**{n: card(s, n) for n in [*TABLE, "Stale bread"]}), words)


def test_a_used_skill_is_refused():
    s = scene()
    act(s, f"reuse {card(s, 'Wobbly chair')} furniture")
    act(s, "donate furniture")
    s = position(s, table=[*TABLE[1:], "Scratched table"])
    refuse(s, f"reuse {card(s, 'Scratched table')} furniture", "just one Waste card")


def test_a_card_stored_this_round_is_refused():
    s = scene()
    act(s, f"store {card(s, 'Wobbly chair')} p1")
    refuse(s, f"burn {card(s, 'Wobbly chair')}", "later rounds")


def test_burning_is_refused_while_the_incinerator_is_closed():
    s = scene(event="incinerator_maintenance")
    refuse(s, f"burn {card(s, 'Chewing gum')}", "closed")


def test_other_actions_wait_for_the_co2_money():
    s = scene(burn=["Used tissues", "Cigarette butts"])
    act(s, f"burn {card(s, 'Chewing gum')}")
    refuse(s, f"store {card(s, 'Wobbly chair')} p1", "who takes the money")


def test_other_actions_wait_for_the_card_in_the_work_area():
    s = scene()
    act(s, f"reuse {card(s, 'Wobbly chair')} furniture")
    refuse(s, f"burn {card(s, 'Chewing gum')}", "work area")


def test_recycling_past_the_rounds_limit_is_refused_with_the_limit_of_this_round():
    """One card a round on the Recycle Bin ("You can only recycle one card per round"); the
    Recycling drive takes two, the Recycling strike none: the refusal says the round's own limit."""
    s = scene()
    act(s, f"recycle {card(s, 'Glass jars')}")
    s = position(s, table=[*TABLE[:3], "Tin cans"])
    refuse(s, f"recycle {card(s, 'Tin cans')}", r"takes 1 card\(s\) this round")
    s = scene(event="recycling_drive")
    s = position(s, table=[*TABLE, "Tin cans", "Cardboard boxes"], event="recycling_drive")
    act(s, f"recycle {card(s, 'Glass jars')}")
    act(s, f"recycle {card(s, 'Tin cans')}")
    refuse(s, f"recycle {card(s, 'Cardboard boxes')}", r"takes 2 card\(s\) this round")
    s = scene(event="recycling_strike")
    refuse(s, f"recycle {card(s, 'Glass jars')}", r"closed this round \(Event: Recycling plant strike\)")
