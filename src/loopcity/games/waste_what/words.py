"""Words that Waste What?'s texts share: players, cards, skills and rent as people name them, and
numbers in words for messages whose numbers come from content ("All four slots", "the third Burn
slot"): a designer who changes the content changes the message.

Every sentence a person reads is marked for translation with ``_`` and formatted after translation;
names from content (cards, skills, Events) stay data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.engine.text import _

if TYPE_CHECKING:
    from .base import WasteWhatBase

_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


def count_word(n: int) -> str:
    """'four' for 4; digits beyond ten."""
    return _COUNTS[n] if 0 <= n < len(_COUNTS) else str(n)


def ordinal(n: int) -> str:
    """'third' for 3; '12th' beyond the ninth."""
    if 0 <= n < len(_ORDINALS):
        return _ORDINALS[n]
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def all_of(n: int) -> str:
    """'both' for 2, else 'all four' (how the rulebook speaks of a set of slots)."""
    return "both" if n == 2 else f"all {count_word(n)}"


# ----- people, cards and skills ------------------------------------------------------------------
def player(seat: int) -> str:
    """'Player 2': a seat as people count it."""
    return _("Player {n}").format(n=seat + 1)


def category_name(st: WasteWhatBase, category: str) -> str:
    """A category by the name of its Skill card ('Construction Materials')."""
    return st.tables.skill_names[category]


def facts(st: WasteWhatBase, card: int) -> str:
    """What is printed on a card, this round: 'Textile, complexity 2' or 'Just Waste'."""
    cat = st.category(card)
    if not cat:
        return _("Just Waste")
    name = category_name(st, cat)
    if card in st.combos:
        return _("{category} Combo card, complexity {n}").format(category=name, n=st.complexity(card))
    return _("{category}, complexity {n}").format(category=name, n=st.complexity(card))


def recycling(st: WasteWhatBase, card: int) -> str:
    """The card's recycling rule in words."""
    t = st.tables
    if card in st.combos or not t.recyclable[card]:
        return _("cannot be recycled")
    cost = t.recycle_cost[card]
    if cost:
        return _("recycling costs {n} money").format(n=cost)
    return _("recycling is free")


def card_text(st: WasteWhatBase, card: int) -> str:
    """A card's text as a player reads it: 'Textile, complexity 2; recycling costs 1 money'."""
    return _("{facts}; {recycling}").format(facts=facts(st, card), recycling=recycling(st, card))


def card_from(st: WasteWhatBase, card: int, actor: int | None = None) -> str:
    """'Torn jeans', or 'Torn jeans from Player 2's Storage' for a stored card (neutral words; 'from
    their Storage' when it is ``actor``'s)."""
    holder = st.holder(card)
    name = st.card_name(card)
    if holder is None:
        return name
    if holder == actor:
        return _("{card} from their Storage").format(card=name)
    return _("{card} from {player}'s Storage").format(card=name, player=player(holder))


def skill_of(st: WasteWhatBase, skill: str) -> str:
    """ "Player 2's Textile (level 2)": whose Skill card and its level (neutral words)."""
    return _("{player}'s {skill} (level {level})").format(
        player=player(st.owner[skill]), skill=st.skill_name(skill), level=st.level[skill]
    )


def skills_of(st: WasteWhatBase, skills: list[str], actor: int, levels: bool = True) -> str:
    """Several Skill cards used together by ``actor``, in neutral words: "their Food (level 1) +
    Player 2's Creative Community (level 2)" (without ``levels``: "their Food + ...")."""
    return " + ".join(their_skill(st, s, actor, levels) for s in skills)


def their_skill(st: WasteWhatBase, skill: str, actor: int, levels: bool = True) -> str:
    """'their Textile (level 2)' when ``actor`` holds the Skill card, else "Player 2's Textile (level 2)"."""
    name = st.skill_name(skill)
    if not levels:
        if st.owner[skill] == actor:
            return _("their {skill}").format(skill=name)
        return _("{player}'s {skill}").format(player=player(st.owner[skill]), skill=name)
    if st.owner[skill] == actor:
        return _("their {skill} (level {level})").format(skill=name, level=st.level[skill])
    return skill_of(st, skill)


def my_skill(st: WasteWhatBase, seat: int, skill: str) -> str:
    """ "your Textile (level 2)" or "Player 2's Textile (level 2)", for ``seat`` reading."""
    if st.owner[skill] == seat:
        return _("your {skill} (level {level})").format(skill=st.skill_name(skill), level=st.level[skill])
    return skill_of(st, skill)


def my_skills(st: WasteWhatBase, seat: int, skills: list[str]) -> str:
    """Several Skill cards, for ``seat`` reading."""
    return " + ".join(my_skill(st, seat, s) for s in skills)


def rent_change(st: WasteWhatBase, seat: int, delta: int) -> str:
    """What one card more (``delta`` 1) or fewer (-1) in ``seat``'s Storage does to its rent, in
    neutral words: "Player 2's rent goes from 1 to 2" / "Player 2's rent stays 1"."""
    now = st.rent_due(seat)
    after = st.rent_for(len(st.storage[seat]) + delta)
    if after == now:
        return _("{player}'s rent stays {rent}").format(player=player(seat), rent=now)
    return _("{player}'s rent goes from {now} to {after}").format(player=player(seat), now=now, after=after)


def my_rent_change(st: WasteWhatBase, seat: int, delta: int) -> str:
    """The same for the seat's own Storage, read by that seat: "your rent goes from 1 to 2"."""
    now = st.rent_due(seat)
    after = st.rent_for(len(st.storage[seat]) + delta)
    if after == now:
        return _("your rent stays {rent}").format(rent=now)
    return _("your rent goes from {now} to {after}").format(now=now, after=after)
