"""What each seat may see: the whole board, money, cards in front of players, its own Hidden agenda,
the question the table is answering (``decision``) and what happened on stage this round.

Other players' agendas, the order of the Infrastructure piles and of the Event deck never appear;
at the end of the game every agenda is revealed with the scores.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from loopcity.engine.table import ballot_view
from loopcity.engine.text import _

from .board import RESOURCES, ROLES
from .politics import food_import_cost, food_short, hungry_if_closed, score, unfed
from .texts import ballot_words, seat_names

if TYPE_CHECKING:
    from .rules import ReclaimState


def _card(st: ReclaimState, pile: str, card: int) -> dict[str, Any]:
    return {
        "pile": pile,
        "name": _(st.tables.pile_names[pile]),
        "level": st.tables.pile_level[pile],
        "symbols": list(st.tables.pile_cards[pile][card]),
    }


def _hexes(st: ReclaimState) -> list[dict[str, Any]]:
    b = st.tables
    hungry = unfed(st)
    out = []
    for h in range(b.n):
        q, r = b.coords[h]
        out.append(
            {
                "id": h,
                "q": q,
                "r": r,
                "terrain": st.terrain[h],
                "blocks": list(st.blocks[h]),
                "converted": st.converted[h],
                "unfed": hungry[h],
                "plants": [[p[1], p[2]] for p in st.plants if p[0] == h],
                "farm": st.farm_level[h],
                "farm_used": st.farm_used[h],
                "res": {name: st.res[h][i] for i, name in enumerate(RESOURCES) if st.res[h][i]},
                "disease": st.disease[h],
                "dump": h == st.dump,
            }
        )
    return out


def seat_view(st: ReclaimState, seat: int) -> dict[str, Any]:
    """A seat's own part of its view (:attr:`loopcity.engine.GameSpec.seat_view`): which seat is
    looking, its role, Hidden agenda, score and hand."""
    return {"seat": seat, **_own(st, seat)}


def _own(st: ReclaimState, seat: int) -> dict[str, Any]:
    c = st.content
    return {
        "my_role": ROLES[st.roles[seat]],
        "my_agenda": list(c.agendas[st.agendas[seat]].symbols),
        "my_score": score(st, seat, st.agendas[seat]),
        "my_hand": [_event(st, e) for e in st.hands[seat]],
    }


def make_view(st: ReclaimState, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of ``seat`` (None: a spectator)."""
    c = st.content
    over = st.phase == "over"
    names = seat_names(st)
    v: dict[str, Any] = {
        "round": st.round,
        "rounds": c.rules.rounds,
        "phase": st.phase,
        "stage": st.stage,
        "active_seats": list(st.active_seats()),
        "turn_role": ROLES[st.turn_role],
        "play_as": ROLES[st.play_as],
        "builds_left": st.builds_left,
        "pending_pile": st.pending_pile,
        "pending_link": list(st.pending_link) if st.pending_link else None,
        "roles": [ROLES[r] for r in st.roles],
        "coins": list(st.coins),
        "city": st.city,
        "costs": {d: st.cost(d) for d in st.costs},
        "hexes": _hexes(st),
        "links": [list(link) for link in st.links],
        "dump": st.dump,
        "face_up": {p: [_card(st, p, k) for k in cards] for p, cards in st.face_up.items()},
        "pile_left": {p: len(d) for p, d in st.deck.items()},
        "cards": [[_card(st, p, k) for p, k in cards] for cards in st.owned],
        "level_points": [sum(st.tables.pile_level[p] for p, _ in cards) for cards in st.owned],
        "hands": [[_(c.events[e].title) for e in hand] for hand in st.hands],
        "events_left": len(st.events),
        "event_schedule": st.game.options["events"],
        "timer_minutes": c.table.timer_minutes,
        "last_event": _(c.events[st.last_event].title) if st.last_event >= 0 else None,
        "last_event_text": _(c.events[st.last_event].text) if st.last_event >= 0 else None,
        "waiting_events": len(st.pending_events),
        "kept": [[_event(st, e) for e in hand] for hand in st.hands],
        "seat_names": names,
        "decision": ballot_view(ballot_words(st, st.ballot), names) if st.ballot is not None else None,
        "proposing": _proposing(st),
        "on_stage": [_stage_line(st, line) for line in st.on_stage],
        "done": list(st.pol_done),
        "food_import_due": food_import_cost(st),
        "food_short": food_short(st),
        "hungry_if_closed": hungry_if_closed(st),
        "growth_left": st.growth_left,
        "disease_total": sum(st.disease),
        "disease_limit": c.rules.disease_limit,
        "max_per_hex": c.rules.max_resource_per_hex,
        "seat": seat,
    }
    if seat is not None:
        v |= _own(st, seat)
    if over:
        v["agendas"] = [list(c.agendas[a].symbols) for a in st.agendas]
        v["scores"] = st.scores()
        v["lost"] = st.lost
    return v


def _event(st: ReclaimState, card: int) -> dict[str, Any]:
    ev = st.content.events[card]
    return {"title": _(ev.title), "text": _(ev.text), "kind": ev.kind, "role": ev.role, "effect": ev.effect}


def _proposing(st: ReclaimState) -> dict[str, Any] | None:
    if st.proposing is None:
        return None
    item, h, by = st.proposing
    return {"item": item, "hex": h, "by": by}


def _stage_line(st: ReclaimState, line: tuple[Any, ...]) -> dict[str, Any]:
    """What happened on stage, as data everyone may see (see ``rules.StageLine``)."""
    what, rnd = line[0], line[1]
    out: dict[str, Any] = {"what": what, "round": rnd}
    if what == "event":
        card, how, seat, *hexes = line[2:]
        out |= _event(st, card)
        out |= {"how": how, "seat": seat if seat >= 0 else None, "hexes": list(hexes)}
    elif what == "conversion":
        out |= {"hex": line[2], "success": bool(line[3]), "water": line[4] if line[4] >= 0 else None}
    elif what == "sludge":
        out |= {"hex": line[2], "success": bool(line[3])}
    elif what == "control":
        out |= {"hex": line[2], "dice": line[3], "diseases": line[4]}
    else:
        out |= {"food": line[2], "coins": line[3], "hungry": line[4]}
    return out
