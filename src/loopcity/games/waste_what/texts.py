"""What the players read: the label of every action, the log line of every move, the words of an
offer and the prompt of every decision, in the rulebook's vocabulary, built from content.

A label is written for the seat that may take the action ("Store Torn jeans in your Storage (your
rent goes from 1 to 2)"); an action that needs the partner's consent reads as the question put to
them ("Ask Player 2 to agree: ..."). The log and the offers use neutral words that read the same for
everyone ("Player 1 stores Torn jeans in their Storage"). Labels are grouped the way a player thinks:
card by card (what to do with the Torn jeans?), then the work area, the table's questions, the end
of the round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from loopcity.engine import Action
from loopcity.engine.table import Ballot, Choice, answer_label
from loopcity.engine.text import LANGUAGE, Label, Texts, _, ngettext

from .actions import (
    BURN,
    CHOOSE,
    CO2_MONEY,
    COMBINE,
    COMBO,
    DONATE,
    END_ROUND,
    NO_RAISE,
    RECYCLE,
    RECYCLE_PAYING,
    REUSE,
    REUSE_PLUS,
    SELL,
    STORE,
    TRAIN,
    VOTE,
    CardFor,
    Choose,
    Combine,
    Player,
    RaiseSkill,
    Reuse,
    Skill,
    seat_of,
)
from .actions import Card as CardArg
from .base import WasteWhatBase
from .content import CREATIVE
from .handlers import sale_pay, seller
from .together import QUESTIONS, ballot_action, combine_skills, needs_consent, proposals
from .words import (
    broke,
    card_from,
    category_name,
    facts,
    my_rent_change,
    my_skills,
    player,
    rent_change,
    skills_of,
)

if TYPE_CHECKING:
    from .rules import WasteWhatState

TEXTS = Texts["WasteWhatState"]()
"""The label of each action kind."""


# ----- groups: card by card --------------------------------------------------------------------------
def card_group(st: WasteWhatBase, seat: int, card: int) -> str:
    """The group of a card's actions: the card, what is printed on it, and where it lies."""
    holder = st.holder(card)
    name, printed = st.card_name(card), facts(st, card)
    if holder is None:
        return _("{card} ({facts}), on the table").format(card=name, facts=printed)
    if holder == seat:
        return _("{card} ({facts}), in your Storage").format(card=name, facts=printed)
    return _("{card} ({facts}), in {player}'s Storage").format(
        card=name, facts=printed, player=player(holder)
    )


def my_card(st: WasteWhatBase, seat: int, card: int) -> str:
    """'Torn jeans', 'Torn jeans from your Storage' or "Torn jeans from Player 2's Storage"."""
    holder = st.holder(card)
    if holder == seat:
        return _("{card} from your Storage").format(card=st.card_name(card))
    return card_from(st, card)


def ask(st: WasteWhatBase, seat: int, action: Action, group: str) -> Label:
    """The label of an action put to the partner: the question they will answer."""
    return Label(
        _("Ask {partner} to agree: {what}").format(partner=player(1 - seat), what=neutral(st, seat, action)),
        group,
    )


def _storage_note(st: WasteWhatBase, seat: int, card: int) -> str:
    """What taking a card out of a Storage does to its owner's rent (empty for a card on the table)."""
    holder = st.holder(card)
    if holder is None or st.rent_for(len(st.storage[holder]) - 1) == st.rent_due(holder):
        return ""
    if holder == seat:
        return my_rent_change(st, seat, -1)
    return rent_change(st, holder, -1)


# ----- labels, kind by kind ---------------------------------------------------------------------------
@TEXTS.label(CHOOSE)
def choose(st: WasteWhatState, seat: int, a: Choose) -> Label:
    level = st.rules().start_level
    name = st.skill_name(a.skill)
    if a.skill == CREATIVE:
        text = _(
            "Take the Creative Community (level {level}): it adds its level to another skill, and from "
            "level {any} it stands in for any skill"
        ).format(level=level, any=st.rules().creative_any_skill_level)
    else:
        text = _(
            "Take the {skill} Skill card (level {level}): it reuses {skill} waste up to its level"
        ).format(skill=name, level=level)
    return Label(text, _("Skill draft"))


@TEXTS.label(REUSE)
def reuse(st: WasteWhatState, seat: int, a: Reuse) -> Label:
    group = card_group(st, seat, a.card)
    action = REUSE(a.card, a.skill)
    if needs_consent(st, seat, action):
        return ask(st, seat, action, group)
    card = my_card(st, seat, a.card)
    if a.skill == CREATIVE:
        text = _(
            "Reuse {card} with your Creative Community (level {level}) standing in for {category}, then sell "
            "or donate it"
        ).format(card=card, level=st.level[CREATIVE], category=category_name(st, st.category(a.card)))
    else:
        text = _("Reuse {card} with your {skill} (level {level}), then sell or donate it").format(
            card=card, skill=st.skill_name(a.skill), level=st.level[a.skill]
        )
    return Label(_with_note(text, _storage_note(st, seat, a.card)), group)


@TEXTS.label(REUSE_PLUS)
def reuse_plus(st: WasteWhatState, seat: int, a: Reuse) -> Label:
    group = card_group(st, seat, a.card)
    action = REUSE_PLUS(a.card, a.skill)
    if needs_consent(st, seat, action):
        return ask(st, seat, action, group)
    text = _("Reuse {card} with {skills}, then sell or donate it").format(
        card=my_card(st, seat, a.card), skills=my_skills(st, seat, [a.skill, CREATIVE])
    )
    return Label(_with_note(text, _storage_note(st, seat, a.card)), group)


def _with_note(text: str, note: str) -> str:
    """An action's words with what it does to someone's rent, in brackets."""
    return _("{action}; {note}").format(action=text, note=note) if note else text


def _work_card(st: WasteWhatBase) -> int:
    assert st.work is not None
    return st.work["cards"][0]


def _raise_words(st: WasteWhatBase, seat: int, raise_skill: str) -> str:
    if raise_skill == NO_RAISE:
        return _("no skill used on it can go higher")
    if st.owner[raise_skill] == seat:
        return _("your {skill} goes up to level {level}").format(
            skill=st.skill_name(raise_skill), level=st.level[raise_skill] + 1
        )
    return _("{player}'s {skill} goes up to level {level}").format(
        player=player(st.owner[raise_skill]),
        skill=st.skill_name(raise_skill),
        level=st.level[raise_skill] + 1,
    )


@TEXTS.label(SELL)
def sell(st: WasteWhatState, seat: int, a: RaiseSkill) -> Label:
    card = st.card_name(_work_card(st))
    assert st.work is not None
    who, pay = seller(st, a.raise_skill, st.work["skills"]), sale_pay(st)
    if pay == 0:
        money = _("no money is left on the Sell slots")
    elif who == seat:
        money = _("you take {n} money").format(n=pay)
    else:
        money = _("{player} takes {n} money").format(player=player(who), n=pay)
    text = _("Sell {card}: {money}; {skill}").format(
        card=card, money=money, skill=_raise_words(st, seat, a.raise_skill)
    )
    return Label(text, _("Sell or donate {card}").format(card=card))


@TEXTS.label(DONATE)
def donate(st: WasteWhatState, seat: int, a: RaiseSkill) -> Label:
    card = st.card_name(_work_card(st))
    text = _("Donate {card}: {skill}").format(card=card, skill=_raise_words(st, seat, a.raise_skill))
    return Label(text, _("Sell or donate {card}").format(card=card))


def _acceptance(st: WasteWhatBase, n: int) -> str:
    """'accepted on a roll above 2 (4 in 6)'."""
    sides = st.rules().die_sides
    return _("accepted on a roll above {n} ({chance} in {sides})").format(
        n=n, chance=max(0, sides - n), sides=sides
    )


@TEXTS.label(COMBO)
def combo(st: WasteWhatState, seat: int, a: CardArg) -> Label:
    card = my_card(st, seat, a.card)
    if st.work is None:
        text = _("Start a combo with {card} ({facts})").format(card=card, facts=facts(st, a.card))
        return Label(text, _("Start a combo"))
    cards = [*st.work["cards"], a.card]
    total = sum(st.complexity(c) for c in cards)
    text = _("Add {card} ({facts}) to the combo: {n} cards, complexity {total} in all, {chance}").format(
        card=card, facts=facts(st, a.card), n=len(cards), total=total, chance=_acceptance(st, len(cards))
    )
    return Label(text, _("Build the combo"))


@TEXTS.label(COMBINE)
def combine(st: WasteWhatState, seat: int, a: Combine) -> Label:
    group = _("Make the Combo card")
    action = COMBINE(a.category, a.creative)
    if needs_consent(st, seat, action):
        return ask(st, seat, action, group)
    assert st.work is not None
    cards = st.work["cards"]
    text = _("Make a {category} Combo card of {cards} with {skills}, {chance}").format(
        category=category_name(st, a.category),
        cards=", ".join(st.card_name(c) for c in cards),
        skills=my_skills(st, seat, combine_skills(st, a.creative == "creative")),
        chance=_acceptance(st, len(cards)),
    )
    return Label(text, group)


@TEXTS.label(STORE)
def store(st: WasteWhatState, seat: int, a: CardFor) -> Label:
    group = card_group(st, seat, a.card)
    action = STORE(a.card, a.player)
    if needs_consent(st, seat, action):
        return ask(st, seat, action, group)
    text = _("Store {card} in your Storage ({rent})").format(
        card=st.card_name(a.card), rent=my_rent_change(st, seat, 1)
    )
    return Label(text, group)


@TEXTS.label(RECYCLE)
def recycle(st: WasteWhatState, seat: int, a: CardArg) -> Label:
    group = card_group(st, seat, a.card)
    action = RECYCLE(a.card)
    if needs_consent(st, seat, action):
        return ask(st, seat, action, group)
    text = _("Recycle {card} (free; the Recycle Bin takes {n} this round)").format(
        card=my_card(st, seat, a.card), n=_bin_left(st)
    )
    return Label(_with_note(text, _storage_note(st, seat, a.card)), group)


def _bin_left(st: WasteWhatBase) -> int:
    """How many more cards the Recycle Bin takes this round."""
    ev = st.event_card()
    limit = ev.amount if ev is not None and ev.effect == "recycle_limit" else st.rules().recycle_per_round
    return limit - st.recycled


@TEXTS.label(RECYCLE_PAYING)
def recycle_paying(st: WasteWhatState, seat: int, a: CardFor) -> Label:
    group = card_group(st, seat, a.card)
    action = RECYCLE_PAYING(a.card, a.player)
    if needs_consent(st, seat, action):
        return ask(st, seat, action, group)
    text = _("Recycle {card}, paying {cost} money from your Cash Box (you have {cash})").format(
        card=my_card(st, seat, a.card), cost=st.tables.recycle_cost[a.card], cash=st.cash[seat]
    )
    return Label(_with_note(text, _storage_note(st, seat, a.card)), group)


def _burn_effect(st: WasteWhatBase) -> str:
    """What the next burned card does: fill a Burn slot, or release a CO2 token (the last: a loss)."""
    rules = st.rules()
    slot = len(st.burn) + 1
    if slot < rules.burn_slots:
        return _("Burn slot {slot} of {n}").format(slot=slot, n=rules.burn_slots)
    if st.co2 + 1 >= rules.co2_tokens:
        return _("it releases the last CO2 token: the game is lost")
    return _("the last Burn slot: CO2 token {k} of {n} is released, with 1 money").format(
        k=st.co2 + 1, n=rules.co2_tokens
    )


@TEXTS.label(BURN)
def burn(st: WasteWhatState, seat: int, a: CardArg) -> Label:
    group = card_group(st, seat, a.card)
    action = BURN(a.card)
    if needs_consent(st, seat, action):
        return ask(st, seat, action, group)
    text = _("Burn {card} ({effect})").format(card=my_card(st, seat, a.card), effect=_burn_effect(st))
    return Label(_with_note(text, _storage_note(st, seat, a.card)), group)


def _money_facts(st: WasteWhatBase, who: int) -> str:
    return _("{player} has {cash} money, rent due {rent}").format(
        player=player(who), cash=st.cash[who], rent=st.rent_due(who)
    )


@TEXTS.label(CO2_MONEY)
def co2_money(st: WasteWhatState, seat: int, a: Player) -> Label:
    who = seat_of(a.player)
    if who == seat:
        text = _("Propose that you take the money from the incinerator ({facts})")
    else:
        text = _("Propose that {player} takes the money from the incinerator ({facts})")
    return Label(text.format(player=player(who), facts=_money_facts(st, who)), _("Who takes the CO2 money?"))


@TEXTS.label(TRAIN)
def train(st: WasteWhatState, seat: int, a: Skill) -> Label:
    if st.owner[a.skill] == seat:
        text = _("Propose that the Skill-share workshop raises your {skill} to level {level}")
    else:
        text = _("Propose that the Skill-share workshop raises {player}'s {skill} to level {level}")
    text = text.format(
        player=player(st.owner[a.skill]), skill=st.skill_name(a.skill), level=st.level[a.skill] + 1
    )
    return Label(text, _("Skill-share workshop: which Skill card goes up?"))


@TEXTS.label(END_ROUND)
def end_round(st: WasteWhatState, seat: int, a: object) -> Label:
    partner = 1 - seat
    if st.done[partner]:
        text = _("End the round: you pay {mine} rent, {player} pays {theirs}").format(
            mine=st.rent_due(seat), player=player(partner), theirs=st.rent_due(partner)
        )
    elif st.table:
        text = ngettext(
            "Say you are done this round: {player} deals with the {n} card left on the table",
            "Say you are done this round: {player} deals with the {n} cards left on the table",
            len(st.table),
        ).format(player=player(partner), n=len(st.table))
    else:
        text = _("Say you are done this round (it ends when {player} is done too)").format(
            player=player(partner)
        )
    return Label(text, _("End of the round"))


@TEXTS.label(VOTE)
def vote(st: WasteWhatState, seat: int, a: Choice) -> Label:
    ballot = worded_ballot(st)
    return Label(answer_label(ballot, a.choice), _("Your answer"))


# ----- neutral words: the log and the offers --------------------------------------------------------
def neutral(st: WasteWhatBase, seat: int, action: Action, detail: bool = True) -> str:
    """What ``action`` by ``seat`` does, in words that read the same for everyone; ``detail`` adds what
    it does to rent, money, slots and levels (an offer's words: the partner decides on them)."""
    return _NEUTRAL[action.kind](st, seat, action, detail)


def _n_choose(st: WasteWhatBase, seat: int, a: Action, detail: bool) -> str:
    return _("{player} takes the {skill} Skill card").format(
        player=player(seat), skill=st.skill_name(CHOOSE.read(a).skill)
    )


def _n_reuse(st: WasteWhatBase, seat: int, a: Action, detail: bool) -> str:
    card, skill = REUSE.read(a)
    skills = [skill, CREATIVE] if a.kind == REUSE_PLUS.name else [skill]
    return _("{player} reuses {card} with {skills}").format(
        player=player(seat), card=card_from(st, card, seat), skills=skills_of(st, skills, seat, detail)
    )


def _n_place(st: WasteWhatBase, seat: int, a: Action, detail: bool) -> str:
    raise_skill = SELL.read(a).raise_skill
    card = st.card_name(_work_card(st))
    assert st.work is not None
    if raise_skill == NO_RAISE:
        up = _("no skill used on it can go higher")
    elif st.owner[raise_skill] == seat:
        up = _("their {skill} goes up a level").format(skill=st.skill_name(raise_skill))
    else:
        up = _("{player}'s {skill} goes up a level").format(
            player=player(st.owner[raise_skill]), skill=st.skill_name(raise_skill)
        )
    if a.kind == DONATE.name:
        return _("{player} donates {card}: {skill}").format(player=player(seat), card=card, skill=up)
    pay, who = sale_pay(st), seller(st, raise_skill, st.work["skills"])
    if pay == 0:
        money = _("no money is left on the Sell slots")
    elif who == seat:
        money = _("they take {n} money").format(n=pay)
    else:
        money = _("{player} takes {n} money").format(player=player(who), n=pay)
    return _("{player} sells {card}: {money}; {skill}").format(
        player=player(seat), card=card, money=money, skill=up
    )


def _n_combo(st: WasteWhatBase, seat: int, a: Action, detail: bool) -> str:
    return _("{player} puts {card} into the combo").format(
        player=player(seat), card=card_from(st, COMBO.read(a).card, seat)
    )


def _n_combine(st: WasteWhatBase, seat: int, a: Action, detail: bool) -> str:
    category, creative = COMBINE.read(a)
    assert st.work is not None
    cards = st.work["cards"]
    skills = skills_of(st, combine_skills(st, creative == "creative"), seat, detail)
    names = ", ".join(st.card_name(c) for c in cards)
    if not detail:
        return _("{player} makes a {category} Combo card of {cards} with {skills}").format(
            player=player(seat), category=category_name(st, category), cards=names, skills=skills
        )
    return _("{player} makes a {category} Combo card of {cards} with {skills}, {chance}").format(
        player=player(seat),
        category=category_name(st, category),
        cards=names,
        skills=skills,
        chance=_acceptance(st, len(cards)),
    )


def _n_store(st: WasteWhatBase, seat: int, a: Action, detail: bool) -> str:
    card, whose = STORE.read(a)
    owner = seat_of(whose)
    if owner == seat:
        text = _("{player} stores {card} in their Storage").format(
            player=player(seat), card=st.card_name(card)
        )
    else:
        text = _("{player} stores {card} in {owner}'s Storage").format(
            player=player(seat), card=st.card_name(card), owner=player(owner)
        )
    return _with_note(text, rent_change(st, owner, 1)) if detail else text


def _n_recycle(st: WasteWhatBase, seat: int, a: Action, detail: bool) -> str:
    card = cast(int, a.args[0])  # recycle CARD / recycle_paying CARD PLAYER
    name = card_from(st, card, seat)
    if a.kind == RECYCLE.name:
        text = _("{player} recycles {card}").format(player=player(seat), card=name)
    else:
        payer, cost = seat_of(RECYCLE_PAYING.read(a).player), st.tables.recycle_cost[card]
        if payer == seat:
            text = _("{player} recycles {card} and pays {cost} money").format(
                player=player(seat), card=name, cost=cost
            )
        elif detail:
            text = _("{player} recycles {card}; {payer} pays {cost} money (has {cash})").format(
                player=player(seat), card=name, payer=player(payer), cost=cost, cash=st.cash[payer]
            )
        else:
            text = _("{player} recycles {card}; {payer} pays {cost} money").format(
                player=player(seat), card=name, payer=player(payer), cost=cost
            )
    return _holder_note(st, card, text) if detail else text


def _holder_note(st: WasteWhatBase, card: int, text: str) -> str:
    """The words of an action taking a stored card, with what it does to its holder's rent."""
    holder = st.holder(card)
    if holder is None or st.rent_for(len(st.storage[holder]) - 1) == st.rent_due(holder):
        return text
    return _with_note(text, rent_change(st, holder, -1))


def _n_burn(st: WasteWhatBase, seat: int, a: Action, detail: bool) -> str:
    card = BURN.read(a).card
    if not detail:
        return _("{player} burns {card}").format(player=player(seat), card=card_from(st, card, seat))
    text = _("{player} burns {card} ({effect})").format(
        player=player(seat), card=card_from(st, card, seat), effect=_burn_effect(st)
    )
    return _holder_note(st, card, text)


def _n_co2(st: WasteWhatBase, seat: int, a: Action, detail: bool) -> str:
    who = seat_of(CO2_MONEY.read(a).player)
    if not detail:
        return _("{player} takes the money from the incinerator").format(player=player(who))
    return _("{player} takes the money from the incinerator ({facts})").format(
        player=player(who), facts=_money_facts(st, who)
    )


def _n_train(st: WasteWhatBase, seat: int, a: Action, detail: bool) -> str:
    skill = TRAIN.read(a).skill
    return _("the Skill-share workshop raises {player}'s {skill} to level {level}").format(
        player=player(st.owner[skill]), skill=st.skill_name(skill), level=st.level[skill] + 1
    )


def _n_end(st: WasteWhatBase, seat: int, a: Action, detail: bool) -> str:
    return _("{player} is done this round").format(player=player(seat))


def _n_vote(st: WasteWhatBase, seat: int, a: Action, detail: bool) -> str:
    assert st.ballot is not None
    what = neutral(st, st.ballot["by"], ballot_action(st), detail)
    if VOTE.read(a).choice == "yes":
        return _("{player} agrees: {what}").format(player=player(seat), what=what)
    return _("{player} does not agree: {what}").format(player=player(seat), what=what)


_NEUTRAL: dict[str, Callable[[WasteWhatBase, int, Action, bool], str]] = {
    CHOOSE.name: _n_choose,
    REUSE.name: _n_reuse,
    REUSE_PLUS.name: _n_reuse,
    SELL.name: _n_place,
    DONATE.name: _n_place,
    COMBO.name: _n_combo,
    COMBINE.name: _n_combine,
    STORE.name: _n_store,
    RECYCLE.name: _n_recycle,
    RECYCLE_PAYING.name: _n_recycle,
    BURN.name: _n_burn,
    CO2_MONEY.name: _n_co2,
    TRAIN.name: _n_train,
    END_ROUND.name: _n_end,
    VOTE.name: _n_vote,
}


def log_line(st: WasteWhatBase, seat: int, action: Action) -> str:
    """The log line of a move: what the player did, or what they asked or proposed. The words of most
    moves depend only on who makes them, the action, where its card lies and whose skills it uses, so
    they are kept per game (:attr:`.tables.WasteWhatTables.log_lines`): the log costs little in
    simulations."""
    key = _log_key(st, seat, action.kind, action.args)
    if key is None:
        return _log_words(st, seat, action)
    cache = st.tables.log_lines
    line = cache.get(key)
    if line is None:
        line = cache[key] = _log_words(st, seat, action)
    return line


def _log_words(st: WasteWhatBase, seat: int, action: Action) -> str:
    what = neutral(st, seat, action, detail=False)
    if action.kind in QUESTIONS:
        return _("{player} proposes: {what}").format(player=player(seat), what=what)
    if needs_consent(st, seat, action):
        return _("{player} asks {partner} to agree: {what}").format(
            player=player(seat), partner=player(1 - seat), what=what
        )
    return what


_BY_PLACE = {
    CHOOSE.name: 0,
    END_ROUND.name: 0,
    CO2_MONEY.name: 0,
    STORE.name: 1,
    COMBO.name: 1,
    RECYCLE.name: 1,
    RECYCLE_PAYING.name: 1,
    BURN.name: 1,
    REUSE.name: 2,
    REUSE_PLUS.name: 2,
    VOTE.name: 3,
    SELL.name: 4,
    DONATE.name: 4,
    COMBINE.name: 5,
}
"""What a kind's log line depends on besides the move: 0 nothing, 1 where its card lies, 2 where its
card lies and whose skills it uses, 3 the offer answered, 4 the card in work, whose skill goes up and
who takes what money, 5 the combo's cards and whose skills make it (kinds not named: worded afresh)."""


def _log_key(st: WasteWhatBase, seat: int, kind: str, args: tuple[Any, ...]) -> tuple[object, ...] | None:
    """What a move's log line depends on, or None when it must be worded afresh (a Combo card's name
    is written during the game)."""
    depends = _BY_PLACE.get(kind)
    if depends is None:
        return None
    if depends == 0:
        return (LANGUAGE.get(), seat, kind, args)
    if depends == 4:
        return _placing_key(st, seat, kind, args)
    if depends == 5:
        return _combining_key(st, seat, args)
    if depends == 3:
        ballot = st.ballot
        if ballot is None:
            return None
        data = ballot["data"]
        asked = _log_key(st, ballot["by"], data["kind"], tuple(data["args"]))
        return None if asked is None else (seat, kind, args, asked)
    card = args[0]
    if card >= st.tables.first_combo:
        return None
    where = -1 if card in st.table else (0 if card in st.storage[0] else 1)
    if depends == 1:
        return (LANGUAGE.get(), seat, kind, args, where)
    owner = st.owner
    return (LANGUAGE.get(), seat, kind, args, where, owner[args[1]], owner.get(CREATIVE, -1))


def _combining_key(st: WasteWhatBase, seat: int, args: tuple[Any, ...]) -> tuple[object, ...] | None:
    """What the log line of making a Combo card depends on: its cards and whose skills it uses."""
    work = st.work
    assert work is not None
    cards = tuple(work["cards"])
    if max(cards) >= st.tables.first_combo:
        return None
    owners = tuple(st.owner[s] for s in combine_skills(st, args[1] == "creative"))
    return (LANGUAGE.get(), seat, COMBINE.name, args, cards, owners)


def _placing_key(st: WasteWhatBase, seat: int, kind: str, args: tuple[Any, ...]) -> tuple[object, ...] | None:
    """What the log line of a sale or a donation depends on."""
    work = st.work
    assert work is not None
    card = work["cards"][0]
    if card >= st.tables.first_combo:
        return None
    raise_skill = args[0]
    up = -1 if raise_skill == NO_RAISE else st.owner[raise_skill]
    if kind == DONATE.name:
        return (LANGUAGE.get(), seat, kind, args, card, up)
    return (LANGUAGE.get(), seat, kind, args, card, up, seller(st, raise_skill, work["skills"]), sale_pay(st))


def worded_ballot(st: WasteWhatBase) -> Ballot:
    """The open ballot with its subject in words (the state keeps the action's text)."""
    assert st.ballot is not None
    worded = st.ballot.copy()
    worded["subject"] = neutral(st, st.ballot["by"], ballot_action(st))
    return worded


def chosen_words(st: WasteWhatBase, text: str) -> str:
    """What a proposal the die chose did: "Player 2 took the money from the incinerator"."""
    action = Action.parse(text)
    if action.kind == CO2_MONEY.name:
        who = seat_of(CO2_MONEY.read(action).player)
        return _("{player} took the money from the incinerator").format(player=player(who))
    skill = TRAIN.read(action).skill
    return _("the Skill-share workshop raised {player}'s {skill}").format(
        player=player(st.owner[skill]), skill=st.skill_name(skill)
    )


# ----- prompts ------------------------------------------------------------------------------------------
def prompt(st: WasteWhatState, seat: int | None) -> str:
    """What is being decided now and by whom, for ``seat`` (None: a spectator)."""
    if st.result is not None:
        return _game_over(st)
    if st.draft_pool:
        return _draft_prompt(st, seat)
    if st.ballot is not None:
        return _ballot_prompt(st, seat)
    if st.work is not None:
        return _work_prompt(st, seat)
    if st.pending is not None:
        return _question_prompt(st, seat)
    return _round_prompt(st, seat)


def _game_over(st: WasteWhatBase) -> str:
    if st.won:
        return _("The game is over: the initiatives made it through all {n} rounds and win together.").format(
            n=st.round
        )
    if st.co2 >= st.rules().co2_tokens:
        return _("The game is over: the last CO2 token was released and the initiatives lose together.")
    return _("The game is over: {player} could not pay the rent and the initiatives lose together.").format(
        player=player(broke(st) or 0)
    )


def _draft_prompt(st: WasteWhatBase, seat: int | None) -> str:
    chooser = st.draft_turn
    if seat == chooser:
        n = len(st.draft_pool)
        return ngettext(  # the last card: nobody chooses after it, the first round begins
            "Skill draft: take the last Skill card on offer; then the first round begins.",
            "Skill draft: take one of the {n} Skill cards on offer; then {player} chooses.",
            n,
        ).format(n=n, player=player(1 - chooser))
    return _("Skill draft: waiting for {player} to take a Skill card.").format(player=player(chooser))


def _ballot_prompt(st: WasteWhatBase, seat: int | None) -> str:
    assert st.ballot is not None
    by, asked = st.ballot["by"], st.ballot["asked"][0]
    what = neutral(st, by, ballot_action(st))
    if seat == asked:
        return _("{player} asks you to agree: {what}. Accept or decline.").format(
            player=player(by), what=what
        )
    return _("Waiting for {player} to accept or decline: {what}.").format(player=player(asked), what=what)


def _work_prompt(st: WasteWhatBase, seat: int | None) -> str:
    assert st.work is not None
    by = st.work["by"]
    if st.work["kind"] == "combo":
        if seat == by:
            return _("Your combo: add another card, or make the Combo card and roll for its acceptance.")
        return _("Waiting for {player} to finish their combo.").format(player=player(by))
    card = st.card_name(st.work["cards"][0])
    if seat == by:
        return _("Sell or donate {card}, and choose the skill that goes up.").format(card=card)
    return _("Waiting for {player} to sell or donate {card}.").format(player=player(by), card=card)


def _question_prompt(st: WasteWhatBase, seat: int | None) -> str:
    assert st.pending is not None
    question = (
        _("who takes the 1 money released with the CO2")
        if st.pending == CO2_MONEY.name
        else _("which Skill card the Skill-share workshop raises")
    )
    made = proposals(st, st.pending)
    if not made:
        if seat is None:
            return _("The players decide together {question}.").format(question=question)
        return _("Decide together {question}: propose a choice; {player} accepts or declines.").format(
            question=question, player=player(1 - seat)
        )
    decliner = 1 - made[0][0]
    if seat == decliner:
        return _(
            "You declined {player}'s proposal on {question}: propose another. If {player} declines it too, "
            "the die decides between the two."
        ).format(player=player(1 - seat), question=question)
    return _("Waiting for {player} to propose {question}.").format(player=player(decliner), question=question)


def _round_prompt(st: WasteWhatBase, seat: int | None) -> str:
    rounds = st.rules().rounds
    if seat is None or st.done[seat]:
        working = [player(s) for s in range(len(st.done)) if not st.done[s]]
        return _(
            "Round {round} of {rounds}: waiting for {players} to deal with the waste and say they are done."
        ).format(round=st.round, rounds=rounds, players=_(" and ").join(working))
    partner = 1 - seat
    if st.done[partner]:
        return ngettext(
            "Round {round} of {rounds}: {player} is done. Deal with the {n} card left on the table, then end "
            "the round.",
            "Round {round} of {rounds}: {player} is done. Deal with the {n} cards left on the table, then end "
            "the round.",
            len(st.table),
        ).format(round=st.round, rounds=rounds, player=player(partner), n=len(st.table))
    return _(
        "Round {round} of {rounds}: deal with the waste using your own skills, Storage and money; ask {player} "
        "for theirs. Say you are done when you are: the round ends when you both are and no card is left on "
        "the table ({n} now)."
    ).format(round=st.round, rounds=rounds, player=player(partner), n=len(st.table))
