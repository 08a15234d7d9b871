"""Words that Waste What?'s texts share: players, cards, skills and rent as people name them, and
ordinals for messages whose numbers come from content ("the third Burn slot"): a designer who changes
the content changes the message.

Every sentence a person reads is marked for translation with ``_`` and formatted after translation;
names from content (cards, skills, Events) are translated in ``content.<lang>.toml`` and read through
``_`` where a person reads them (``WasteWhatBase.card_name``, ``skill_name``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from loopcity.engine.text import LANGUAGE, _

from .content import N_

if TYPE_CHECKING:
    from .base import WasteWhatBase

_ORDINALS = (
    N_("zeroth"),
    N_("first"),
    N_("second"),
    N_("third"),
    N_("fourth"),
    N_("fifth"),
    N_("sixth"),
    N_("seventh"),
    N_("eighth"),
    N_("ninth"),
)


def ordinal(n: int) -> str:
    """'third' for 3; '12th' beyond the ninth (in the reader's language)."""
    if 0 <= n < len(_ORDINALS):
        return _(_ORDINALS[n])
    if n % 100 in (11, 12, 13):
        return _("{n}th").format(n=n)
    suffix = {1: _("{n}st"), 2: _("{n}nd"), 3: _("{n}rd")}.get(n % 10, _("{n}th"))
    return suffix.format(n=n)


# ----- people, cards and skills ------------------------------------------------------------------
def player(seat: int) -> str:
    """'Player 2': a seat as people count it."""
    return _("Player {n}").format(n=seat + 1)


def category_name(st: WasteWhatBase, category: str) -> str:
    """A category by the name of its Skill card ('Construction Materials'), in the reader's language."""
    return st.skill_name(category)


def combo_title(st: WasteWhatBase, name: str) -> str:
    """The name written on a Combo card, in the reader's language. The game writes a word of the
    content's ``combo_words`` and the last words of its first two cards' names ("Upcycled
    Jeans-Socks", :func:`.handlers.combo_name`); another language reads the same word and the last
    words of the same cards' names in that language ("Upcycling-Jeans-Socken"). A name it cannot
    read so (one written in a position file) is shown as written."""
    if LANGUAGE.get() == "en":
        return name
    word = max((w for w in st.content.combo_words if name.startswith(w + " ")), key=len, default=None)
    if word is None:
        return name
    cards = _parts(st, name[len(word) + 1 :].lower())
    if cards is None:
        return name
    parts = []
    for card in cards:
        last = _(st.tables.name[card]).split()[-1]
        parts.append(last[:1].upper() + last[1:])
    return _("{word} {parts}").format(word=_(word), parts="-".join(parts))


def _parts(st: WasteWhatBase, rest: str) -> list[int] | None:
    """The cards whose words make ``rest`` (lower case, joined by '-'), or None. Where cards share
    a word (a broken wheel and a bent wheel), the one out of the game (a combo's cards leave it)."""
    if not rest:
        return []
    for word, cards in st.tables.part_cards.items():
        if rest.startswith(word) and (len(rest) == len(word) or rest[len(word)] == "-"):
            after = _parts(st, rest[len(word) + 1 :])
            if after is not None:
                gone = [c for c in cards if c in st.removed]
                return [(gone or cards)[0], *after]
    return None


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


_BROKE = re.compile(r"P(\d+) could not pay the rent")


def broke(st: WasteWhatBase) -> int | None:
    """The seat of the player who could not pay the rent, read from the game's result ("P2 could not
    pay the rent"); None when the game did not end so."""
    found = _BROKE.fullmatch(st.result or "")
    return None if found is None else int(found[1]) - 1


def result_words(st: WasteWhatBase) -> str:
    """How the game ended, in the reader's language: the state keeps it in the rules' own words
    (``result``), which read the same in English; a result it does not know is shown as written."""
    result = st.result or ""
    seat = broke(st)
    if seat is not None:
        return _("{player} could not pay the rent").format(player=player(seat))
    if st.won and result == f"made it through all {st.round} rounds":
        return _("made it through all {n} rounds").format(n=st.round)
    if result == "the last CO2 token was released":
        return _("the last CO2 token was released")
    return result
