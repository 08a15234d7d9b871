"""What each action of the shared phase does to the table (rulebook sections 5 and 6).

``HANDLERS`` is the game's one dispatch from an action kind to the function that carries it out:
each function here is marked ``@HANDLERS.on(KIND)`` and takes the state, the acting seat and the
action's named arguments; the draft's ``choose`` and the round's ``end_round`` are methods of
:class:`~.rules.WasteWhatState`. Legal actions are worked out in :mod:`.dealing`.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence
from typing import TYPE_CHECKING, Any

from loopcity.engine import Handlers
from loopcity.engine.text import _

from .actions import (
    BURN,
    CO2_MONEY,
    COMBINE,
    COMBO,
    DONATE,
    NO_RAISE,
    RECYCLE,
    RECYCLE_PAYING,
    REUSE,
    REUSE_PLUS,
    SELL,
    STORE,
    TRAIN,
    Card,
    CardFor,
    Combine,
    Player,
    RaiseSkill,
    Reuse,
    Skill,
    seat_of,
)
from .base import Origin, WasteWhatBase
from .content import CATEGORIES, CREATIVE
from .tables import combo_part
from .words import combo_title, player

if TYPE_CHECKING:
    from .rules import WasteWhatState

HANDLERS = Handlers["WasteWhatState"]()
"""The one way from an action kind to the function that carries it out."""


# ----- chance, logged in words of every language ----------------------------------------------------
def roll(st: WasteWhatBase, sides: int, words: Callable[[int], str]) -> int:
    """Roll a die with ``sides`` faces, as :meth:`State.roll` does; ``words(rolled)`` says the line the
    log keeps of it (a ``chance`` line), worded in each language of the log."""
    rolled = st.rng.randint(1, sides)
    st.note(lambda: words(rolled), kind="chance")
    return rolled


def shuffle(st: WasteWhatBase, items: MutableSequence[Any], words: Callable[[], str]) -> None:
    """Shuffle in place, as :meth:`State.shuffle` does; ``words()`` says the log's ``chance`` line."""
    st.rng.shuffle(items)
    st.note(words, kind="chance")


# ----- reusing: the work area, selling, donating (section 5) -------------------------------------
@HANDLERS.on(REUSE)
def reuse(st: WasteWhatState, seat: int, a: Reuse) -> None:
    """Put a card in the work area, using one Skill card on it."""
    start_reuse(st, seat, a.card, [a.skill])


@HANDLERS.on(REUSE_PLUS)
def reuse_plus(st: WasteWhatState, seat: int, a: Reuse) -> None:
    """Put a card in the work area, using a Skill card plus the Creative Community."""
    start_reuse(st, seat, a.card, [a.skill, CREATIVE])


@HANDLERS.on(SELL)
def sell(st: WasteWhatState, seat: int, a: RaiseSkill) -> None:
    place(st, seat, "sell", a.raise_skill)


@HANDLERS.on(DONATE)
def donate(st: WasteWhatState, seat: int, a: RaiseSkill) -> None:
    place(st, seat, "donate", a.raise_skill)


def take(st: WasteWhatBase, card: int) -> Origin:
    """Lift a card from the table or a Storage; returns where it lay."""
    if card in st.table:
        st.table.remove(card)
        return "table"
    if card in st.storage[0]:
        st.storage[0].remove(card)
        return "p1"
    st.storage[1].remove(card)
    return "p2"


def start_reuse(st: WasteWhatBase, seat: int, card: int, skills: list[str]) -> None:
    """The card goes into the work area; the Skill cards used on it are used for the round (the log's
    action line says which)."""
    take(st, card)
    st.used.update(skills)
    st.work = {"kind": "reuse", "cards": [card], "skills": skills, "by": seat}


def place(st: WasteWhatBase, seat: int, slot: str, raise_skill: str) -> None:
    """Sell or Donate the card in work, then raise one skill (selling also takes the slot's money)."""
    assert st.work is not None
    card = st.work["cards"][0]
    skills = st.work["skills"]
    st.work = None
    st.reused += 1
    (st.sell if slot == "sell" else st.donate).append(card)
    if raise_skill != NO_RAISE:
        st.level[raise_skill] += 1
    if slot == "sell":
        sale_money(st, seller(st, raise_skill, skills))
    reset_full_slots(st)


def seller(st: WasteWhatBase, raise_skill: str, skills: list[str]) -> int:
    """Who collects a sale's money: the owner of the skill the sale raises (the first skill used when
    none can rise)."""
    return st.owner[raise_skill if raise_skill != NO_RAISE else skills[0]]


def sale_pay(st: WasteWhatBase) -> int:
    """What a sale pays now: 1 money from the Sell slot (if any lies there) and this round's bonus."""
    got = 1 if st.sell_money > 0 else 0
    ev = st.event_card()
    if ev is not None and ev.effect == "sell_bonus":
        got += min(ev.amount, st.bank)
    return got


def sale_money(st: WasteWhatBase, who: int) -> None:
    """The seller takes 1 money from the Sell slot (if any lies there) and this round's bonus."""
    got = 1 if st.sell_money > 0 else 0
    st.sell_money -= got
    ev = st.event_card()
    if ev is not None and ev.effect == "sell_bonus":
        bonus = min(ev.amount, st.bank)
        st.bank -= bonus
        got += bonus
    st.cash[who] += got


def reset_full_slots(st: WasteWhatBase) -> None:
    """When all Sell and Donate slots are full they reset at once; the cards go back to the deck."""
    rules = st.rules()
    if len(st.sell) < rules.sell_slots or len(st.donate) < rules.donate_slots:
        return
    st.deck.extend(st.sell + st.donate)
    st.sell.clear()
    st.donate.clear()
    refill = min(rules.sell_slots - st.sell_money, st.bank)
    st.sell_money += refill
    st.bank -= refill
    st.note(
        lambda: _(
            "All {n} Sell and Donate slots were full: they reset, their cards go back into the Waste deck "
            "and {refill} money goes from the bank onto the Sell slots"
        ).format(n=rules.sell_slots + rules.donate_slots, refill=refill)
    )


# ----- combos (section 6) -------------------------------------------------------------------------
@HANDLERS.on(COMBO)
def combo(st: WasteWhatState, seat: int, a: Card) -> None:
    """Add a card to the combo in the work area (the first card starts it)."""
    origin = take(st, a.card)
    if st.work is None:
        st.work = {"kind": "combo", "cards": [], "origins": [], "by": seat}
    st.work["cards"].append(a.card)
    st.work["origins"].append(origin)


@HANDLERS.on(COMBINE)
def combine(st: WasteWhatState, seat: int, a: Combine) -> None:
    """Make the Combo card, then roll: accepted if the die is higher than the number of cards."""
    assert st.work is not None
    cards = st.work["cards"]
    skills = [c for c in CATEGORIES if c in {st.category(x) for x in cards} and st.skill_free(c)]
    if a.creative == "creative":
        skills.append(CREATIVE)
    st.used.update(skills)
    n = len(cards)
    rolled = roll(
        st,
        st.rules().die_sides,
        lambda r: _("Combo acceptance (needs more than {n}): rolled {rolled}").format(n=n, rolled=r),
    )
    if rolled <= n:
        st.staged.append({"kind": "combo", "rolled": rolled, "cards": n, "accepted": False, "text": ""})
        st.note(
            lambda: _("The die shows {rolled}, not more than {n}: the combo is not accepted").format(
                rolled=rolled, n=n
            )
        )
        take_apart(st, cards, st.work["origins"], skills)
        return
    card = st.blanks.pop(0)
    st.combos[card] = {
        "category": a.category,
        "complexity": max(st.printed_complexity(c) for c in cards),
        "name": combo_name(st, cards),
        "cards": len(cards),
    }
    for c in cards:
        out_of_game(st, c)
    st.combos_made += 1
    st.work = {"kind": "reuse", "cards": [card], "skills": skills, "by": st.work["by"]}
    name = st.combos[card]["name"]
    st.staged.append({"kind": "combo", "rolled": rolled, "cards": n, "accepted": True, "text": name})
    st.note(
        lambda: _(
            "The die shows {rolled}, more than {n}: the combo is accepted as the Combo card {name} "
            "({category}, complexity {complexity}); now sell or donate it"
        ).format(
            rolled=rolled,
            n=n,
            name=combo_title(st, name),
            category=st.skill_name(a.category),
            complexity=st.combos[card]["complexity"],
        )
    )


def take_apart(st: WasteWhatBase, cards: list[int], origins: list[Origin], skills: list[str]) -> None:
    """A combo not accepted is taken apart: its cards go back where they were taken from (the table,
    or the Storage they were stored in) to be dealt with individually (they cannot join another combo
    this round), and the Skill cards used on it are free again, as nothing was reused."""
    st.note(
        lambda: _(
            "The combo is taken apart: its cards go back where they were taken from, to be dealt with one "
            "by one (they cannot join another combo this round), and its Skill cards are free again"
        )
    )
    for card, origin in zip(cards, origins, strict=True):
        if origin == "table":
            st.table.append(card)
        else:
            st.storage[seat_of(origin)].append(card)
    st.rejected.update(cards)
    st.used.difference_update(skills)
    st.work = None


def combo_name(st: WasteWhatBase, cards: list[int]) -> str:
    """A name for the Combo card: a word of the content's ``combo_words`` and its first two items."""
    words = st.content.combo_words
    parts = [combo_part(st.printed_name(c)) for c in cards[:2]]
    return f"{words[st.combos_made % len(words)]} {'-'.join(parts)}"


def out_of_game(st: WasteWhatBase, card: int) -> None:
    """Remove a card from the game; a Combo card is wiped and becomes a blank again."""
    if card in st.combos:
        del st.combos[card]
        st.blanks.append(card)
    else:
        st.removed.append(card)


# ----- storing, recycling, burning (section 5) ----------------------------------------------------
@HANDLERS.on(STORE)
def store(st: WasteWhatState, seat: int, a: CardFor) -> None:
    """Put a card from the table in a player's Storage (dealt with from the next round on)."""
    take(st, a.card)
    st.storage[seat_of(a.player)].append(a.card)
    st.fresh.add(a.card)


@HANDLERS.on(RECYCLE)
def recycle(st: WasteWhatState, seat: int, a: Card) -> None:
    recycle_card(st, seat, a.card, None)


@HANDLERS.on(RECYCLE_PAYING)
def recycle_paying(st: WasteWhatState, seat: int, a: CardFor) -> None:
    recycle_card(st, seat, a.card, seat_of(a.player))


def recycle_card(st: WasteWhatBase, seat: int, card: int, payer: int | None) -> None:
    """Put a card on the Recycle Bin; ``payer`` pays what recycling it costs."""
    take(st, card)
    st.bin.append(card)
    st.recycled += 1
    if payer is not None:
        cost = st.tables.recycle_cost[card]
        st.cash[payer] -= cost
        st.bank += cost


@HANDLERS.on(BURN)
def burn(st: WasteWhatState, seat: int, a: Card) -> None:
    """Burn: filling the last Burn slot releases a CO2 token (and 1 money); the last CO2 loses."""
    take(st, a.card)
    st.burn.append(a.card)
    rules = st.rules()
    if len(st.burn) < rules.burn_slots:
        return
    for c in st.burn:
        out_of_game(st, c)
    st.burn.clear()
    st.co2 += 1
    st.staged.append({"kind": "co2", "rolled": 0, "cards": st.co2, "accepted": False, "text": ""})
    st.note(
        lambda: _(
            "The last Burn slot is filled: its {slots} cards leave the game and CO2 token {n} of {of} "
            "is released from the incinerator"
        ).format(slots=rules.burn_slots, n=st.co2, of=rules.co2_tokens),
        kind="event",
    )
    if st.co2 >= rules.co2_tokens:
        st.result = "the last CO2 token was released"
    elif st.bank > 0:
        st.pending = "co2_money"
        st.note(lambda: _("1 money comes with the CO2: the players decide together who takes it"))
    else:
        st.note(lambda: _("The bank is empty: no money comes with this CO2"))


@HANDLERS.on(CO2_MONEY)
def co2_money(st: WasteWhatState, seat: int, a: Player) -> None:
    """The player the table agreed on takes the money released with the CO2."""
    taker = seat_of(a.player)
    st.bank -= 1
    st.cash[taker] += 1
    st.pending = None
    st.note(
        lambda: _("{player} takes the money from the incinerator").format(player=player(taker)),
        kind="decision",
    )


@HANDLERS.on(TRAIN)
def train(st: WasteWhatState, seat: int, a: Skill) -> None:
    """The Skill-share workshop raises the Skill card the table agreed on by one level."""
    st.level[a.skill] += 1
    st.pending = None
    st.note(
        lambda: _("The Skill-share workshop raises {player}'s {skill} to level {level}").format(
            player=player(st.owner[a.skill]), skill=st.skill_name(a.skill), level=st.level[a.skill]
        ),
        kind="decision",
    )
