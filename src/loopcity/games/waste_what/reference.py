"""Waste What?'s reference, generated from its content: how a round goes, the board's slots and what
they do, rent, every Skill, Waste, Just Waste and Event card with its text, Combos and their
acceptance roll, the difficulty levels and how the players decide together.

Everything here is read from ``content.toml`` (a designer who changes a card, a cost or a number
changes the reference); the words are marked for translation, and the names and texts from content are
read through ``_`` (translated in ``content.<lang>.toml``).
"""

from __future__ import annotations

from loopcity.engine.text import Card, Section, Table, _

from .content import CREATIVE, DIFFICULTIES, JustWasteCard, Rules, WasteCard, WasteWhatContent


def reference(content: WasteWhatContent) -> list[Section]:
    """The game's reference, section by section."""
    return [
        _round(content.rules),
        _board(content.rules),
        _skills(content),
        _waste(content),
        _just_waste(content),
        _events(content),
        _combos(content.rules),
        _difficulties(content),
        _together(),
    ]


def _round(rules: Rules) -> Section:
    intro = _(
        "Two material recovery initiatives play {rounds} rounds together and win or lose together. Each "
        "player has a Storage card with a Cash Box ({money} money at the start) and Skill cards that start "
        "at level {level}. A round: shuffle the Waste deck; from round 2 draw an Event card; draw {waste} "
        "Waste cards face up. Do something with each of them: Reuse (sell or donate), Store, Recycle or "
        "Burn. Then empty the Recycle Bin into the Waste deck, pay rent and move the round counter. You win "
        "if you make it through all {rounds} rounds and pay the rent each time; you lose if a player cannot "
        "pay their rent or the last of the {co2} CO2 tokens is released."
    ).format(
        rounds=rules.rounds,
        money=rules.start_money,
        level=rules.start_level,
        waste=rules.waste_per_round,
        co2=rules.co2_tokens,
    )
    return Section(_("A round of Waste What?"), intro)


def _board(rules: Rules) -> Section:
    places = (
        (
            _("Sell slots"),
            rules.sell_slots,
            _(
                "Take the 1 money lying on the slot (if any) and raise one Skill card used on the card (not "
                "the Creative Community)."
            ),
        ),
        (
            _("Donate slots"),
            rules.donate_slots,
            _("Raise one Skill card used on the card, or a Creative Community of your choice."),
        ),
        (
            _("Sell and Donate slots together"),
            rules.sell_slots + rules.donate_slots,
            _(
                "When all of them are full they reset at once: their cards go back into the Waste deck and "
                "each Sell slot gets 1 money from the bank again."
            ),
        ),
        (
            _("Burn slots"),
            rules.burn_slots,
            _(
                "Filling the last Burn slot releases a CO2 token and 1 money from the bank (the players "
                "decide who takes it); the burned cards leave the game. The last CO2 token loses the game."
            ),
        ),
        (
            _("Recycle Bin"),
            rules.recycle_per_round,
            _(
                "Takes this many cards per round; some cards cannot be recycled or cost money. Emptied into "
                "the Waste deck at the end of the round."
            ),
        ),
        (
            _("Incinerator"),
            rules.co2_tokens,
            _("Holds the CO2 tokens; when the last one is released you lose at once."),
        ),
    )
    cards = [Card(name, text, ((_("Number"), str(n)),), rules.source) for name, n, text in places]
    cards.append(
        Card(
            _("Storage"),
            _("Keep a card to deal with from the next round on; the more you store, the more rent you pay."),
            source=rules.source,
        )
    )
    rent = Table(
        (_("Cards in your Storage"), _("Rent at the end of the round")),
        tuple((str(n), str(max(1, n))) for n in range(6)),
        _("Rent: 1 for no card or one card, then 1 for each stored card (an Event may change it)."),
    )
    intro = _("Money is the {n} green tokens: in the Cash Boxes, on the Sell slots or in the bank.").format(
        n=rules.money_tokens
    )
    return Section(_("The board, money and rent"), intro, (rent,), tuple(cards))


def _skills(content: WasteWhatContent) -> Section:
    rules = content.rules
    cards = []
    for skill in content.skills:
        if skill.id == CREATIVE:
            text = _(
                "Adds its level to another Skill card to reach a card's complexity. From level {any} it can "
                "take on the role of any skill. Used once per round, like every Skill card; selling cannot "
                "raise it, donating can."
            ).format(any=rules.creative_any_skill_level)
        else:
            text = _(
                "Reuses {skill} cards whose complexity is at most its level. Used on one Waste card (or "
                "combo) per round."
            ).format(skill=_(skill.name))
        facts = (
            (_("Levels"), _("{low} to {high}").format(low=rules.start_level, high=rules.max_skill_level)),
        )
        cards.append(Card(_(skill.name), text, facts, skill.source))
    intro = _(
        "Seven Skill cards: one is removed unseen at the start, the players take turns choosing the other six "
        "(in a first game they are dealt at random). Selling or donating a card raises a skill used on it."
    )
    return Section(_("Skill cards"), intro, cards=tuple(cards))


def recycling_words(card: WasteCard | JustWasteCard) -> str:
    """A card's recycling rule in words."""
    if not card.recyclable:
        return _("cannot be recycled")
    if card.recycle_cost:
        return _("recycling costs {n} money").format(n=card.recycle_cost)
    return _("recycling is free")


def _waste(content: WasteWhatContent) -> Section:
    names = {s.id: _(s.name) for s in content.skills}
    cards = []
    for card in content.waste:
        category = names[card.category]
        text = _("Reuse it with the {skill} skill at level {n} or more; {recycling}.").format(
            skill=category, n=card.complexity, recycling=recycling_words(card)
        )
        facts = (
            (_("Category"), category),
            (_("Complexity"), str(card.complexity)),
            (_("Recycling"), _recycling_fact(card)),
        )
        cards.append(Card(_(card.name), text, facts, card.source))
    intro = _("{n} Waste cards, each of one category with a complexity; some cost money to recycle.").format(
        n=len(content.waste)
    )
    return Section(_("Waste cards"), intro, cards=tuple(cards))


def _recycling_fact(card: WasteCard | JustWasteCard) -> str:
    if not card.recyclable:
        return _("no")
    return _("costs {n} money").format(n=card.recycle_cost) if card.recycle_cost else _("free")


def _just_waste(content: WasteWhatContent) -> Section:
    cards = []
    for i, card in enumerate(content.just_waste):
        levels = [_(name) for name, count in DIFFICULTIES if i < count]
        text = _("No skill can reuse it: store it, recycle it or burn it; {recycling}.").format(
            recycling=recycling_words(card)
        )
        facts = (
            (_("In the deck"), ", ".join(levels) or _("no difficulty")),
            (_("Recycling"), _recycling_fact(card)),
        )
        cards.append(Card(_(card.name), text, facts, card.source))
    intro = _(
        "Just Waste cards (gray heading) have no category; the difficulty decides how many are in the deck."
    )
    return Section(_("Just Waste cards"), intro, cards=tuple(cards))


def _events(content: WasteWhatContent) -> Section:
    cards = tuple(Card(_(e.name), _(e.text), (), e.source) for e in content.events)
    intro = _("From round 2 one Event card is drawn at the start of each round; it acts for that round.")
    return Section(_("Event cards"), intro, cards=cards)


def _combos(rules: Rules) -> Section:
    intro = _(
        "Combine Waste cards and Skill cards into one Combo card: a Skill card for each category in the combo, "
        "every Skill card used represented, and the skill levels adding up to at least the cards' "
        "complexities (the Creative Community rules apply). The Combo card takes the highest complexity and "
        "a category you choose; Combo cards cannot be recycled. Roll the die: it must show more than the "
        "number of cards, or the combo is taken apart and its cards dealt with one by one."
    )
    sides = rules.die_sides
    rows = tuple(
        (str(n), _("more than {n}").format(n=n), _("{k} in {sides}").format(k=sides - n, sides=sides))
        for n in range(2, sides)
    )
    table = Table((_("Cards in the combo"), _("The die must show"), _("Chance")), rows)
    return Section(_("Combos"), intro, (table,))


def _difficulties(content: WasteWhatContent) -> Section:
    rows = tuple(
        (
            _(name),
            str(min(count, len(content.just_waste))),
            _("no") if name == DIFFICULTIES[0][0] else _("yes"),
        )
        for name, count in DIFFICULTIES
    )
    table = Table((_("Difficulty"), _("Just Waste cards"), _("Combos")), rows)
    return Section(_("Difficulty levels"), tables=(table,))


def _together() -> Section:
    intro = _(
        "Each player acts on what is their own: their Skill cards, their Storage and their Cash Box, and any "
        "card on the table. Using the partner's Skill card, a card from their Storage, a place in their "
        "Storage or their money is an offer the partner accepts or declines (a declined offer is not made "
        "again that round). Who takes the CO2 money and which skill the Skill-share workshop raises are "
        "proposed by one player and accepted or declined by the other; after a second declined proposal the "
        "die decides between the two (low half: the first, high half: the second). The round ends when both "
        "players say they are done and no card is left on the table."
    )
    return Section(_("Deciding together"), intro)
