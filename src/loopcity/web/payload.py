"""What one seat (or a spectator) is sent: built only from ``state.view(seat)`` and that seat's own
legal actions and log lines, so nothing the seat may not see can reach it."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

from ..engine import State
from ..engine.risk import assess, shortfalls
from ..engine.text import HOLDING, Label

LOG_LINES = 80
LOG_ROWS, COPIES = "log rows", "look-ahead copies"
CARRIED = (LOG_ROWS, COPIES)
"""What ``shared`` keeps from one version of a table to the next: the log lines worded so far
(``State.log_for``'s ``rows``) and the copies the look-ahead left (``assess``'s ``spares``)."""
ROWS_KEPT = 2000
"""Worded log lines kept at most (the latest lines of every seat's page are a few hundred)."""
_DATA_ACT = re.compile(r'data-act="([^"]*)"')


def render_board(state: State, view: dict[str, Any], legal: list[Any]) -> tuple[str | None, str | None]:
    """The game's SVG (with clickable ``data-act`` targets), or else its text rendering, of a view."""
    spec = state.game.spec
    svg = text = None
    if spec.render_svg is not None:
        try:
            svg = spec.render_svg(view, legal)
        except Exception:  # a renderer that wants action texts rather than actions
            try:
                svg = spec.render_svg(view, [str(a) for a in legal])
            except Exception:
                svg = None
    if svg is None and spec.render_text is not None:  # the text board only where there is no picture
        try:
            text = spec.render_text(view)
        except Exception:
            text = None
    return svg, text


def _public(state: State, shared: dict[Any, Any]) -> dict[str, Any]:
    """The spectator's view, once per state."""
    view = shared.get("public")
    if view is None:
        view = shared["public"] = state.view(None)
    return view


def _view(state: State, shared: dict[Any, Any] | None, view: dict[str, Any]) -> dict[str, Any]:
    """The spectator's view where parts are shared, else the view at hand."""
    return view if shared is None else _public(state, shared)


def _targets(state: State, shared: dict[Any, Any]) -> set[str]:
    """The actions that target a place on a public board now (its ``data-act`` places), for any seat:
    read from the board drawn with every seat's legal actions, once per state."""
    targets = shared.get("targets")
    if targets is None:
        targets = shared["targets"] = set()
        if state.game.spec.render_svg is not None:
            every = [a for s in range(state.players) for a in state.legal_actions(s)]
            board = render_board(state, _public(state, shared), every)
            targets.update(html.unescape(t) for t in _DATA_ACT.findall(board[0] or ""))
            # the board of a seat that has every one of these actions (the one seat that may act)
            shared[("board", *(str(a) for a in every if str(a) in targets))] = board
    return targets


def _labels(state: State, figures: dict[str, float] | None) -> dict[str, str] | None:
    """The closing figures' names in the reader's language."""
    if not figures:
        return None
    from ..debrief.report import metric_labels

    return metric_labels(state.game, list(figures))


def _debrief(state: State) -> dict[str, float] | None:
    """The game's closing figures (its simulation metrics), told to everyone once the game is over."""
    metrics = state.game.spec.metrics
    if metrics is None:
        return None
    try:
        return {str(k): float(v) for k, v in metrics(state).items()}
    except Exception:
        return None


def _entry(action: Any, label: Label, risks: dict[str, Any]) -> dict[str, Any]:
    """A legal action as the page shows it: its text, label and group, and what it risks."""
    text = str(action)
    out = {"action": text, **label.to_json()}
    risk = risks.get(text)
    if risk is not None:
        out["risk"] = risk.to_json()
    return out


def choices(state: State, seat: int | None, legal: list[Any]) -> list[dict[str, Any]]:
    """The seat's decisions made at once that the rules take in steps (a trade put together and
    offered, a hand paid down), as the game declares them: each a form the page sends once."""
    spec = state.game.spec
    if seat is None or not legal or spec.choices is None:
        return []
    return [c.to_json() for c in spec.choices(state, seat)]


def legend(state: State, view: dict[str, Any]) -> list[dict[str, Any]]:
    """What the board's colours, discs, outlines and marks mean, as the game says it."""
    spec = state.game.spec
    if spec.legend is None or spec.render_svg is None:
        return []
    return [k.to_json() for k in spec.legend(view)]


def _once(shared: dict[Any, Any] | None, key: str, public: bool, build: Callable[[], Any]) -> Any:
    """A part of the message built once per state for every page where it is ``public``."""
    if shared is None or not public:
        return build()
    if key not in shared:
        shared[key] = build()
    return shared[key]


def _panels(
    state: State, seat: int | None, view: dict[str, Any], shared: dict[Any, Any] | None
) -> list[dict[str, Any]] | None:
    """The players' and the table's panels: where the game's panels are public (``public_panels``),
    built once per state from the spectator's view, the seat's own panel then marked ``mine``; where a
    seat has panels of its own (``seat_panels``), those laid over the spectator's."""
    spec = state.game.spec
    make = spec.panels
    if make is None:
        return None
    own = spec.seat_panels
    if shared is None or not (spec.public_panels or own is not None):
        return [p.to_json() for p in make(view)]
    panels: list[dict[str, Any]] = _once(
        shared, "panels", True, lambda: [p.to_json() for p in make(_public(state, shared))]
    )
    if seat is None:
        return panels
    if own is not None:  # the seat's own panels laid over the spectator's
        mine = {i: p.to_json() for i, p in own(view).items()}
        return [mine.get(i, p) for i, p in enumerate(panels)]
    return [{**p, "mine": True} if p["seat"] == seat else p for p in panels]


def _risks(state: State, seat: int | None, legal: list[Any], shared: dict[Any, Any] | None) -> dict[str, Any]:
    """What each of the seat's actions risks (:func:`loopcity.engine.risk.assess`): worked out only for
    a seat that has actions, once per state, seat and language (kept in ``shared`` under a key that
    starts with ``"risks"``, which a new message of the same state, after a line of talk or a pause,
    takes over)."""
    if seat is None or not legal:
        return {}
    if shared is None:
        return assess(state, seat, legal)
    key = ("risks", seat, HOLDING.get(), *map(str, legal))
    risks: dict[str, Any] | None = shared.get(key)
    if risks is None:
        risks = shared[key] = assess(state, seat, legal, shared.setdefault(COPIES, []))
    return risks


def _log(state: State, seat: int | None, shared: dict[Any, Any] | None) -> list[dict[str, Any]]:
    """The seat's latest log lines, each line worded once for every page and version of the table
    (the rows ``shared`` carries)."""
    if shared is None:
        return state.log_for(seat, last=LOG_LINES)
    rows = shared.setdefault(LOG_ROWS, {})
    if len(rows) > ROWS_KEPT:
        rows.clear()
    return state.log_for(seat, last=LOG_LINES, rows=rows)


def first_hint(state: State, seat: int | None, view: dict[str, Any], legal: list[Any]) -> str | None:
    """The game's first-game hint for the phase the seat is deciding in (a seat with actions only)."""
    if seat is None or not legal:
        return None
    from ..engine import walkthrough

    return walkthrough.hint(state.game.spec, view.get("phase"))


def build(
    state: State,
    seat: int | None,
    *,
    table_id: str,
    version: int,
    seats: list[dict[str, Any]],
    clock: dict[str, Any] | None = None,
    paused: bool = False,
    shared: dict[Any, Any] | None = None,
) -> dict[str, Any]:
    """The message for ``seat`` (None: spectator) about the table now (a wall clock's actions are
    never among a seat's legal actions: the server plays them).

    ``shared`` keeps what several seats' messages of this state have in common, built once: where the
    game's board is public (``public_board``), it is drawn from the spectator's view once per set of
    legal actions, or where the game marks each action's place alone (``marks_alone``) once per set of
    places to press (every seat whose actions mark no place, and the spectators, share one board). The caller keeps one ``shared`` per state and language."""
    spec = state.game.spec
    if shared is None:
        view = state.view(seat)
    elif seat is None:
        view = _public(state, shared)
    elif spec.seat_view is not None:  # the spectator's view, built once, with the seat's own part
        view = {**_public(state, shared), **spec.seat_view(state, seat)}
    else:
        view = state.view(seat)
    legal = state.legal_actions(seat) if seat is not None else []
    if shared is not None and (seat is None or state.game.spec.public_board):
        pressed = legal
        if legal and state.game.spec.marks_alone:
            pressed = [a for a in legal if str(a) in _targets(state, shared)]
        key = ("board", *map(str, pressed))
        board = shared.get(key)
        if board is None:
            board = shared[key] = render_board(
                state, view if seat is None else _public(state, shared), pressed
            )
        svg, text = board
    else:
        svg, text = render_board(state, view, legal)
    terminal = state.is_terminal()
    outcome = state.outcome() if terminal else None
    active = list(state.active_seats()) if not terminal else []
    spec = state.game.spec
    figures = _debrief(state) if terminal else None
    # What each action leads to (a loss, a cost left unmet), for a seat's own page only: never for a
    # spectator, never for bots (they do not read these messages).
    risks = _risks(state, seat, legal, shared)
    return {
        "type": "state",
        "table": table_id,
        "game": state.game.id,
        "title": state.game.spec.title,
        "variant": state.game.variant,
        "players": state.players,
        "cooperative": spec.cooperative,
        "version": version,
        "seat": seat,
        "seats": _once(
            shared,
            "seats",
            True,
            lambda: [
                {"seat": i, "name": state.seat_name(i), "kind": s["kind"], "bot": s.get("bot")}
                for i, s in enumerate(seats)
            ],
        ),
        "active_seats": active,
        "your_turn": seat is not None and seat in active and bool(legal),
        "prompt": state.prompt(seat),
        "legal": [_entry(a, label, risks) for a, label in state.labelled(seat, legal)]
        if seat is not None
        else [],
        "watch": shortfalls(state, seat) if seat is not None else [],
        "choices": choices(state, seat, legal),
        "legend": _once(
            shared, "legend", spec.public_board, lambda: legend(state, _view(state, shared, view))
        ),
        "hint": first_hint(state, seat, view, legal),
        "decision": view.get("decision") if isinstance(view.get("decision"), dict) else None,
        "panels": _panels(state, seat, view, shared),
        "stage": _once(
            shared,
            "stage",
            spec.public_stage,
            lambda: (
                [c.to_json() for c in spec.stage(_view(state, shared, view))]
                if spec.stage is not None
                else []
            ),
        ),
        "view": view,
        "svg": svg,
        "text": text,
        "log": _log(state, seat, shared),
        "finished": terminal,
        "outcome": {**outcome.to_json(), "ending": state.ending()} if outcome is not None else None,
        "debrief": figures,
        "debrief_labels": _labels(state, figures),
        "clock": clock,
        "paused": paused,
    }
