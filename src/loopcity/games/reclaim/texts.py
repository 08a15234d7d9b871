"""What a person at a RECLAIM table reads: the label of every action, the prompt of every decision,
the seats' names and the log line of every step.

Labels are worded from content (the build actions' texts, prices, pile names, card symbols, Event
cards) and from what the seat may know: the whole board, money, the face-up cards and its own Hidden
agenda, nothing else. A long list is grouped the way a player thinks: the group is the what ("Build a
level 1 Treatment plant — 200 C"), the text the where ("on hex 8 (Housing) — 200 C").

Log lines (:func:`describe`) are written at every step, so the words of an action that depend on it
alone are kept once made (``ReclaimTables.said``, per language); they never carry a seat's secret.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loopcity.engine import Action
from loopcity.engine.table import DONE as READY
from loopcity.engine.table import VOTE, Ballot, Choice, answer_label, rule_text, waiting
from loopcity.engine.text import LANGUAGE, Label, Texts, _, ngettext

from .actions import (
    ALARM,
    BUILD,
    CARD,
    CONTRIBUTE,
    CONVERT,
    DUMP_SITE,
    END_TURN,
    FUND,
    GROW,
    LINK,
    LINK_TO,
    MOVE,
    PLACE_BLOCK,
    PLAY_EVENT,
    PROPOSE,
    ROLE,
    TREAT,
    UNITS,
    URBANIZE,
    Build,
    Coins,
    EventCard,
    Grow,
    Hex,
    Link,
    Move,
    Propose,
    Role,
    Slot,
    Treat,
    Units,
)
from .board import CONTRACTOR, FARMING, HOUSING, RES_INDEX, ROLES
from .politics import (
    ITEMS,
    even_share,
    food_import_cost,
    food_short,
    growth_places,
    hungry_if_closed,
    most_units,
)
from .turn import link_ends, treating_plant
from .words import (
    causes_text,
    decision_text,
    decision_title,
    money,
    place,
    question_text,
    resource_name,
    role_name,
    seat_label,
    symbols_text,
    units_text,
)

if TYPE_CHECKING:
    from loopcity.engine import NoArgs

    from .rules import ReclaimState

TEXTS: Texts[ReclaimState] = Texts()


# ----- small helpers ----------------------------------------------------------------------------------
def pile_name(st: ReclaimState, pile: str) -> str:
    """An Infrastructure pile's name in the content (``Housing level 1``), in the reader's language."""
    return _(st.tables.pile_names[pile])


def price_of(st: ReclaimState, item: str) -> int:
    """What ``item`` costs the player whose turn it is (the contractor pays more)."""
    return st.tables.prices[st.turn_role == CONTRACTOR][item]


def playing(st: ReclaimState) -> str:
    """The role played in this turn, in words: ``the Housing role`` or ``the Independent contractor,
    playing Treatment``."""
    if st.turn_role == CONTRACTOR and st.play_as != CONTRACTOR:
        return _("the Independent contractor, playing {role}").format(role=role_name(ROLES[st.play_as]))
    return _("the {role} role").format(role=role_name(ROLES[st.turn_role]))


def ballot_words(st: ReclaimState, ballot: Ballot) -> Ballot:
    """The ballot with its subject in words (what front ends and answers show)."""
    words: Ballot = {**ballot, "subject": question_text(st, ballot["subject"], ballot["data"])}
    return words


def seat_names(st: ReclaimState) -> list[str]:
    return [seat_label(s, st.role_of(s)) for s in range(st.players)]


def _or_list(items: list[int]) -> str:
    """``3, 8 or 12``."""
    if len(items) == 1:
        return str(items[0])
    return _("{first} or {last}").format(first=", ".join(str(h) for h in items[:-1]), last=items[-1])


# ----- labels -------------------------------------------------------------------------------------------
@TEXTS.label(ROLE)
def _role(st: ReclaimState, seat: int, a: Role) -> Label:
    return Label(
        _("Play the {role} role this round").format(role=role_name(a.play)),
        _("Independent contractor: choose the role you play"),
    )


@TEXTS.label(BUILD)
def _build(st: ReclaimState, seat: int, a: Build) -> Label:
    price = money(price_of(st, a.item))
    what = _(st.tables.build_text[a.item])
    pile = pile_name(st, st.tables.build_pile[a.item])
    return Label(
        _("on {place} — {price}").format(place=place(st, a.hex), price=price),
        _("{build} — {price}, a {pile} card").format(build=what, price=price, pile=pile),
    )


@TEXTS.label(LINK)
def _link(st: ReclaimState, seat: int, a: Link) -> Label:
    price = money(price_of(st, a.transport))
    name = pile_name(st, a.transport)
    ends = link_ends(st, a.transport, a.hex)
    return Label(
        _("from {place} to hex {ends} — {price}").format(
            place=place(st, a.hex), ends=_or_list(ends), price=price
        ),
        _("Build a {name} — {price}: choose the hexagon it starts from").format(name=name, price=price),
    )


@TEXTS.label(LINK_TO)
def _link_to(st: ReclaimState, seat: int, a: Hex) -> Label:
    t, start = st.pending_link or ("road", a.hex)
    price = money(price_of(st, t))
    return Label(
        _("to {place} — {price}").format(place=place(st, a.hex), price=price),
        _("Build a {name} from hex {start} — {price}: choose where it goes").format(
            name=pile_name(st, t), start=start, price=price
        ),
    )


@TEXTS.label(CARD)
def _card(st: ReclaimState, seat: int, a: Slot) -> Label:
    pile = st.pending_pile or ""
    card = st.face_up[pile][a.slot]
    symbols = st.tables.pile_cards[pile][card]
    level = st.tables.pile_level[pile]
    wanted = set(st.content.agendas[st.agendas[seat]].symbols)
    points = level + sum(1 for s in symbols if s in wanted)
    return Label(
        ngettext(
            "{symbols} (level {level}): {points} point for you",
            "{symbols} (level {level}): {points} points for you",
            points,
        ).format(symbols=symbols_text(symbols), level=level, points=points),
        _("Take one of the face-up {pile} cards").format(pile=pile_name(st, pile)),
    )


@TEXTS.label(MOVE)
def _move(st: ReclaimState, seat: int, a: Move) -> Label:
    what = resource_name(a.resource)
    text = _("1 {resource}: {source} → {to}").format(
        resource=what, source=place(st, a.source), to=place(st, a.to)
    )
    if _asks_the_farmer(st, seat, a):
        text = _("{move} (the Farming player is asked first)").format(move=text)
    carrier = pile_name(st, st.tables.carrier[RES_INDEX[a.resource]])
    return Label(text, _("Move {resource} (along {carrier})").format(resource=what, carrier=carrier))


def _asks_the_farmer(st: ReclaimState, seat: int, a: Move) -> bool:
    """Whether this move of Sludge to a Farm is first offered to the Farming player."""
    return (
        a.resource == "sludge"
        and st.play_as != FARMING
        and bool(st.farm_level[a.to])
        and a.to not in st.sludge_ok
        and st.seat_of_role(FARMING) != seat
    )


@TEXTS.label(CONVERT)
def _convert(st: ReclaimState, seat: int, a: NoArgs) -> Label:
    return Label(_("Convert: every Housing block not yet fed turns 1 Food into 1 Waste"))


@TEXTS.label(TREAT)
def _treat(st: ReclaimState, seat: int, a: Treat) -> Label:
    i = treating_plant(st, a.hex, RES_INDEX[a.waste])
    level = st.plants[i][1] if i is not None else 1
    makes = resource_name(("food", "mixed", "separated", "sludge", "npk")[st.tables.plant_makes[level]])
    waste = resource_name(a.waste)
    if level == 0:
        faces = st.tables.conversion_faces
        text = _(
            "1 {waste} at the level 0 plant on hex {hex} → 1 {makes}; the conversion die fails {k} in {n} "
            "(the Waste then goes into the Water)"
        ).format(waste=waste, hex=a.hex, makes=makes, k=faces.count("warning"), n=len(faces))
    else:
        text = _("1 {waste} at the level {level} plant on hex {hex} → 1 {makes}").format(
            waste=waste, level=level, hex=a.hex, makes=makes
        )
    return Label(text, _("Treat Waste at the Treatment plants"))


@TEXTS.label(GROW)
def _grow(st: ReclaimState, seat: int, a: Grow) -> Label:
    if a.input == "npk":
        text = _("1 NPK → 1 Food on the Farm on hex {hex}").format(hex=a.hex)
    else:
        faces = st.tables.disease_faces
        text = _(
            "1 Sludge → 1 Food on the Farm on hex {hex}; the disease die makes it Disease {k} in {n}"
        ).format(hex=a.hex, k=faces.count("disease"), n=len(faces))
    return Label(text, _("Grow Food on the Farms"))


@TEXTS.label(DUMP_SITE)
def _dump_site(st: ReclaimState, seat: int, a: Hex) -> Label:
    return Label(
        _("{place}").format(place=place(st, a.hex)),
        _("Propose the Dump for Sludge (the table votes; nothing else may be built there)"),
    )


@TEXTS.label(PLAY_EVENT)
def _play_event(st: ReclaimState, seat: int, a: EventCard) -> Label:
    ev = st.content.events[st.hands[seat][a.card]]
    return Label(
        _("Play '{title}': {text}").format(title=_(ev.title), text=_(ev.text)), _("Play a kept Event card")
    )


@TEXTS.label(END_TURN)
def _end_turn(st: ReclaimState, seat: int, a: NoArgs) -> Label:
    if st.builds_left and st.stage == "build":
        return Label(
            ngettext(
                "End your turn ({n} build action unused)",
                "End your turn ({n} build actions unused)",
                st.builds_left,
            ).format(n=st.builds_left)
        )
    return Label(_("End your turn"))


@TEXTS.label(PROPOSE)
def _propose(st: ReclaimState, seat: int, a: Propose) -> Label:
    unit = st.cost(ITEMS[a.item])
    most = most_units(st, a.item, a.hex)
    return Label(
        _("on {place} — {price} each, up to {units}").format(
            place=place(st, a.hex), price=money(unit), units=units_text(a.item, most)
        ),
        _("Propose to the table: {decision} — {price} per unit from the City budget").format(
            decision=decision_title(a.item), price=money(unit)
        ),
    )


@TEXTS.label(UNITS)
def _units(st: ReclaimState, seat: int, a: Units) -> Label:
    item, h, _by = st.proposing or ("npk", 0, seat)
    price = st.cost(ITEMS[item]) * a.n
    return Label(
        _("{units} — {price} from the City budget").format(units=units_text(item, a.n), price=money(price)),
        _("How many: {decision} on hex {hex}").format(decision=decision_title(item), hex=h),
    )


@TEXTS.label(VOTE)
def _vote(st: ReclaimState, seat: int, a: Choice) -> Label:
    if st.ballot is None:
        return Label(_("Vote yes") if a.choice == "yes" else _("Vote no"))
    return Label(answer_label(ballot_words(st, st.ballot), a.choice))


@TEXTS.label(FUND)
def _fund(st: ReclaimState, seat: int, a: NoArgs) -> Label:
    return _give(st, st.content.table.fund_step)


@TEXTS.label(CONTRIBUTE)
def _contribute(st: ReclaimState, seat: int, a: Coins) -> Label:
    return _give(st, a.coins)


def _give(st: ReclaimState, coins: int) -> Label:
    short = food_short(st)
    amount = money(coins)
    if short and coins == short:
        text = _("{amount}: all the Food import still lacks").format(amount=amount)
    elif short and coins < short and coins == even_share(st, short):
        text = _("{amount}: an even share of the {short} the Food import lacks").format(
            amount=amount, short=money(short)
        )
    else:
        text = amount
    return Label(text, _("Add coins of your own to the City budget"))


@TEXTS.label(READY)
def _done(st: ReclaimState, seat: int, a: NoArgs) -> Label:
    short = food_short(st)
    if short:
        hungry = hungry_if_closed(st)
        return Label(
            ngettext(
                "Done with the Political decisions — warning: the Food import lacks {short}; "
                "{n} Housing block goes hungry and everyone loses",
                "Done with the Political decisions — warning: the Food import lacks {short}; "
                "{n} Housing blocks go hungry and everyone loses",
                hungry,
            ).format(short=money(short), n=hungry)
        )
    return Label(
        _("Done with the Political decisions (the Food import of {due} is paid from the City budget)").format(
            due=money(food_import_cost(st))
        )
    )


@TEXTS.label(PLACE_BLOCK)
def _place_block(st: ReclaimState, seat: int, a: Hex) -> Label:
    blocks = sum(st.blocks[a.hex])
    return Label(
        ngettext(
            "{place} — {n} Housing block there now", "{place} — {n} Housing blocks there now", blocks
        ).format(place=place(st, a.hex), n=blocks),
        _growth_group(st),
    )


@TEXTS.label(URBANIZE)
def _urbanize(st: ReclaimState, seat: int, a: Hex) -> Label:
    if st.farm_level[a.hex]:
        text = _("{place}: its Farm gives way").format(place=place(st, a.hex))
    else:
        text = place(st, a.hex)
    return Label(text, _growth_group(st))


def _growth_group(st: ReclaimState) -> str:
    subject, hexes = growth_places(st)
    if len(hexes) == 1:
        return _("New Housing block: the last hexagon left (no vote)")
    if subject == "urbanize":
        return _(
            "Every Urban area is full: propose a Rural hexagon to turn into Urban area (the table votes)"
        )
    return _("Propose where the new level 0 Housing block goes (the table votes)")


@TEXTS.label(ALARM)
def _alarm(st: ReclaimState, seat: int, a: NoArgs) -> Label:
    return Label(_("The timer rang: draw an Event card"))


# ----- prompts ------------------------------------------------------------------------------------------
def prompt(st: ReclaimState, seat: int | None) -> str:
    """What is being decided now and by whom, for ``seat`` (None: a spectator)."""
    if st.phase == "over":
        return _over(st)
    if st.ballot is not None:
        return _ballot_prompt(st, st.ballot, seat)
    match st.phase:
        case "turn":
            return _turn_prompt(st, seat)
        case "politics":
            return _politics_prompt(st, seat)
        case _:
            return _growth_prompt(st, seat)


def _names(st: ReclaimState, seats: tuple[int, ...] | list[int]) -> str:
    return ", ".join(seat_label(s, st.role_of(s)) for s in seats)


def _over(st: ReclaimState) -> str:
    if st.lost:
        return _("The game is over: the city is lost to {causes}.").format(causes=causes_text(st.lost))
    scores = st.scores()
    best = max(scores)
    return _("The game is over after {n} rounds: {winners} wins with {points} points.").format(
        n=st.round, winners=_names(st, [s for s, v in enumerate(scores) if v == best]), points=best
    )


def _ballot_prompt(st: ReclaimState, ballot: Ballot, seat: int | None) -> str:
    by = seat_label(ballot["by"], st.role_of(ballot["by"]))
    question = question_text(st, ballot["subject"], ballot["data"])
    if ballot["subject"] == "sludge":
        if seat is not None and seat in waiting(ballot):
            return _("{by} asks you, the Farming player: {question}? Accept or decline.").format(
                by=by, question=question
            )
        return _("{by} asks the Farming player: {question}? Waiting for {names} to answer.").format(
            by=by, question=question, names=_names(st, waiting(ballot))
        )
    rule = rule_text(ballot)
    if seat is not None and seat in waiting(ballot):
        return _("{by} proposes: {question}. Vote yes or no ({rule}).").format(
            by=by, question=question, rule=rule
        )
    return _("{by} proposes: {question}. Waiting for {names} to vote ({rule}).").format(
        by=by, question=question, names=_names(st, waiting(ballot)), rule=rule
    )


def _turn_prompt(st: ReclaimState, seat: int | None) -> str:
    active = st.roles.index(st.turn_role)
    if seat != active:
        return _("Waiting for {seat} to play their turn as {role}.").format(
            seat=seat_label(active, st.role_of(active)), role=playing(st)
        )
    if st.pending_pile is not None:
        return _(
            "Choose your {pile} card for the build: each face-up card is listed with its symbols."
        ).format(pile=pile_name(st, st.pending_pile))
    if st.pending_link is not None:
        t, h = st.pending_link
        return _("Choose the neighbouring hexagon your {name} from hex {hex} goes to.").format(
            name=pile_name(st, t), hex=h
        )
    if st.stage == "role":
        return _("Your turn as the Independent contractor: choose the role you play this round.")
    if st.stage == "build" and st.builds_left:
        return ngettext(
            "Your turn as {role}: up to {n} more build action, then fetch, convert and send resources; "
            "then end your turn.",
            "Your turn as {role}: up to {n} more build actions, then fetch, convert and send resources; "
            "then end your turn.",
            st.builds_left,
        ).format(role=playing(st), n=st.builds_left)
    if st.play_as == HOUSING:
        return _(
            "Your turn as {role}: fetch Food, convert Food into Waste in every Housing block, send Waste "
            "to the plants; then end your turn."
        ).format(role=playing(st))
    return _("Your turn as {role}: fetch, convert and send resources; then end your turn.").format(
        role=playing(st)
    )


def _food_sentence(st: ReclaimState) -> str:
    due, short = food_import_cost(st), food_short(st)
    if not short:
        return _("The Food import ({due}) will be paid from the City budget ({city}).").format(
            due=money(due), city=money(st.city)
        )
    hungry = hungry_if_closed(st)
    return ngettext(
        "The Food import costs {due} and the City budget holds {city}: {short} is missing. If nobody adds "
        "it, {n} Housing block goes hungry when everyone is done, and the city is lost.",
        "The Food import costs {due} and the City budget holds {city}: {short} is missing. If nobody adds "
        "it, {n} Housing blocks go hungry when everyone is done, and the city is lost.",
        hungry,
    ).format(due=money(due), city=money(st.city), short=money(short), n=hungry)


def _politics_prompt(st: ReclaimState, seat: int | None) -> str:
    if st.proposing is not None:
        item, h, by = st.proposing
        if seat == by:
            return _(
                "Say how many units: {decision} on hex {hex}, {price} each (the City budget holds {city})."
            ).format(
                decision=decision_title(item), hex=h, price=money(st.cost(ITEMS[item])), city=money(st.city)
            )
        return _("Waiting for {seat} to say how many units the proposal covers.").format(
            seat=seat_label(by, st.role_of(by))
        )
    food = _food_sentence(st)
    if seat is not None and not st.pol_done[seat]:
        return _(
            "Political decisions, all players together: propose a decision, add coins to the City budget, "
            "play a kept Event card, or say done. {food}"
        ).format(food=food)
    deciding = [s for s in range(st.players) if not st.pol_done[s]]
    return _("Waiting for {names} to finish the Political decisions. {food}").format(
        names=_names(st, deciding), food=food
    )


def _growth_prompt(st: ReclaimState, seat: int | None) -> str:
    proposer = st.roles.index(HOUSING)
    subject, hexes = growth_places(st)
    if seat != proposer:
        return _(
            "Growth: waiting for {seat} (Housing in the coming round) to propose where the new Housing block goes."
        ).format(seat=seat_label(proposer, st.role_of(proposer)))
    if subject == "urbanize":
        return ngettext(
            "Growth: every Urban area is full. Propose a Rural hexagon to turn into Urban area for the new "
            "block ({n} block to place); the table votes.",
            "Growth: every Urban area is full. Propose a Rural hexagon to turn into Urban area for the new "
            "block ({n} blocks to place); the table votes.",
            st.growth_left,
        ).format(n=st.growth_left)
    return ngettext(
        "Growth: propose where the new level 0 Housing block goes ({n} block to place); the table votes.",
        "Growth: propose where the new level 0 Housing block goes ({n} blocks to place); the table votes.",
        st.growth_left,
    ).format(n=st.growth_left)


# ----- log lines ----------------------------------------------------------------------------------------


def describe(st: ReclaimState, seat: int, action: Action) -> str:
    """The log line of an action: ``Seat 2 (Treatment): builds a level 1 Treatment plant on hex 8
    for 200 C``; never a seat's secret. Seats' names and actions' words are kept once made, by what
    they depend on (the log line is written at every step). The timer's ring is the table's clock,
    no seat's act: its line names no seat."""
    if action.kind == _ALARM:
        return _("The table's timer rang")
    said = st.tables.said
    lang = LANGUAGE.get()
    memo = said.get(lang)
    if memo is None:
        memo = said[lang] = {}
    role = st.roles[seat]
    name = memo.get((seat, role))
    if name is None:
        name = memo[seat, role] = seat_label(seat, ROLES[role])
    kind = action.kind
    if kind in _FROM_STATE and (kind != _MOVE or action.args[0] == "sludge"):
        key: object = _said_key(st, seat, action)
    else:
        key = id(action)
    hit = memo.get(key)
    if hit is None or hit[0] is not action:
        if len(memo) >= 65536:
            memo.clear()
        hit = memo[key] = (action, said_words(st, seat, action))
    return f"{name}: {hit[1]}"


_ALARM = ALARM.name
_BUILD, _MOVE, _LINK_TO, _UNITS, _CARD, _PLAY, _GROWTH = (
    BUILD.name,
    MOVE.name,
    LINK_TO.name,
    UNITS.name,
    CARD.name,
    PLAY_EVENT.name,
    (PLACE_BLOCK.name, URBANIZE.name),
)


_FROM_STATE = frozenset((_BUILD, _MOVE, _LINK_TO, _UNITS, _CARD, _PLAY, *_GROWTH))
"""The kinds whose log words depend on more than the action (for ``move``: only Sludge, which may be
offered to the Farming player)."""


def _said_key(st: ReclaimState, seat: int, action: Action) -> object:
    """What an action's log words depend on: the action (its ``id``), and for a few kinds what the
    state adds (the contractor's prices, the transportation started, the proposal named, the card
    taken or played)."""
    kind = action.kind
    if kind == _BUILD:
        return (id(action), st.turn_role == CONTRACTOR)
    if kind == _MOVE:
        return (id(action), _asks_the_farmer(st, seat, MOVE.read(action)))
    if kind == _LINK_TO:
        return (id(action), st.pending_link, st.turn_role == CONTRACTOR)
    if kind == _UNITS and st.proposing is not None:
        item = st.proposing[0]
        return (id(action), item, st.proposing[1], st.cost(ITEMS[item]))
    if kind == _CARD and st.pending_pile is not None:
        return (id(action), st.pending_pile, st.face_up[st.pending_pile][CARD.read(action).slot])
    if kind == _PLAY:
        return (id(action), st.hands[seat][PLAY_EVENT.read(action).card])
    if kind in _GROWTH:
        return (id(action), _last_place(st))
    return (id(action), None)


def said_words(st: ReclaimState, seat: int, action: Action) -> str:
    """What a seat did, in words for the log (third person, public)."""
    k = action.kind
    if k == BUILD.name:
        b = BUILD.read(action)
        return _("{build} on hex {hex} ({price})").format(
            build=_(st.tables.build_text[b.item]), hex=b.hex, price=money(price_of(st, b.item))
        )
    if k == LINK.name:
        lk = LINK.read(action)
        return _("starts a {name} from hex {hex}").format(name=pile_name(st, lk.transport), hex=lk.hex)
    if k == LINK_TO.name:
        t, start = st.pending_link or ("road", 0)
        return _("builds a {name} from hex {start} to hex {to} ({price})").format(
            name=pile_name(st, t), start=start, to=LINK_TO.read(action).hex, price=money(price_of(st, t))
        )
    if k == CARD.name:
        pile = st.pending_pile or ""
        card = st.face_up[pile][CARD.read(action).slot]
        return _("takes the {pile} card {symbols}").format(
            pile=pile_name(st, pile), symbols=symbols_text(st.tables.pile_cards[pile][card])
        )
    if k == MOVE.name:
        m = MOVE.read(action)
        if _asks_the_farmer(st, seat, m):
            return _("offers 1 Sludge from hex {source} to the Farm on hex {to}").format(
                source=m.source, to=m.to
            )
        return _("moves 1 {resource} from hex {source} to hex {to}").format(
            resource=resource_name(m.resource), source=m.source, to=m.to
        )
    if k == TREAT.name:
        tr = TREAT.read(action)
        return _("treats 1 {waste} at the plant on hex {hex}").format(
            waste=resource_name(tr.waste), hex=tr.hex
        )
    if k == GROW.name:
        g = GROW.read(action)
        return _("grows Food from 1 {input} on the Farm on hex {hex}").format(
            input=resource_name(g.input), hex=g.hex
        )
    if k == PLAY_EVENT.name:
        ev = st.content.events[st.hands[seat][PLAY_EVENT.read(action).card]]
        return _("plays '{title}': {text}").format(title=_(ev.title), text=_(ev.text))
    if k == PROPOSE.name:
        p = PROPOSE.read(action)
        return _("proposes: {decision} on hex {hex}").format(decision=decision_title(p.item), hex=p.hex)
    if k == UNITS.name:
        item, h, _by = st.proposing or ("npk", 0, seat)
        n = UNITS.read(action).n
        return _("proposes to {what}").format(what=decision_text(item, h, n, st.cost(ITEMS[item]) * n))
    if k == VOTE.name:
        return _("votes yes") if VOTE.read(action).choice == "yes" else _("votes no")
    if k in (FUND.name, CONTRIBUTE.name):
        coins = CONTRIBUTE.read(action).coins if k == CONTRIBUTE.name else st.content.table.fund_step
        return _("adds {coins} of their own to the City budget").format(coins=money(coins))
    if k == DUMP_SITE.name:
        return _("proposes hex {hex} as the Dump").format(hex=DUMP_SITE.read(action).hex)
    if k == PLACE_BLOCK.name:
        h = PLACE_BLOCK.read(action).hex
        if _last_place(st):
            return _("places the new Housing block on hex {hex}, the only place left").format(hex=h)
        return _("proposes hex {hex} for the new Housing block").format(hex=h)
    if k == URBANIZE.name:
        h = URBANIZE.read(action).hex
        if _last_place(st):
            return _(
                "turns hex {hex} into Urban area for the new Housing block, the only hexagon left"
            ).format(hex=h)
        return _("proposes to turn hex {hex} into Urban area").format(hex=h)
    return _simple(action)


def _last_place(st: ReclaimState) -> bool:
    """Whether the new Housing block has one place left (taken without a vote)."""
    return len(growth_places(st)[1]) == 1


def _simple(action: Action) -> str:
    """The log words of the kinds without arguments, and the contractor's role."""
    k = action.kind
    if k == ROLE.name:
        return _("plays the {role} role this round").format(role=role_name(ROLE.read(action).play))
    if k == CONVERT.name:
        return _("converts Food into Waste in every Housing block")
    if k == END_TURN.name:
        return _("ends the turn")
    if k == READY.name:
        return _("is done with the Political decisions")
    if k == ALARM.name:
        return _("the timer rang")
    raise ValueError(f"no log words for the action kind {k!r}")
