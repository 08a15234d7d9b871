"""The web app's texts go through the one translation layer (:mod:`loopcity.engine.text`): the
catalogues ``src/loopcity/locale/<lang>/LC_MESSAGES/loopcity.po`` for Loopcity's own texts, each game's
beside the game, translated content files beside the content (docs/translating.md). English is the
source language, so it needs no catalogue; adding a language is adding catalogues, with no code change.

Every request and WebSocket is answered in its person's language (:class:`Reading`): ``?lang=``, the
``lang`` cookie the picker sets, or the browser's Accept-Language. Texts made while answering it (pages,
refusals, errors) are worded with :func:`_` in that language.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.requests import HTTPConnection

from ..engine import text
from ..engine.text import GAME, LANGUAGE, languages
from ..engine.text import _ as _

DEFAULT = "en"


def available() -> list[str]:
    """The languages with catalogues, English first."""
    return languages()


def language_names() -> dict[str, str]:
    """Each available language by its own name (``Deutsch``, ``English``), for the picker."""
    return dict(_own_names(tuple(available())))


@functools.lru_cache(maxsize=8)
def _own_names(codes: tuple[str, ...]) -> dict[str, str]:
    from babel import Locale, UnknownLocaleError

    out = {}
    for code in codes:
        try:
            name = Locale.parse(code).get_display_name(code) or code
        except (ValueError, UnknownLocaleError):
            name = code
        out[code] = name[:1].upper() + name[1:]
    return out


def bot_word(name: str) -> str:
    """A bot's name as people read it (``heuristic`` → ``heuristisch``), options as given."""
    base, sep, rest = name.partition(":")
    words = {"random": _("random"), "heuristic": _("heuristic"), "mcts": _("mcts")}
    return words.get(base, _(base)) + sep + rest


def translations(lang: str = DEFAULT) -> Any:
    """Every translation into ``lang`` (English source texts when there is none)."""
    return text.translations(lang)


def pick(accept_language: str | None, asked: str | None = None, chosen: str | None = None) -> str:
    """The language to use: ``?lang=`` when available, else the one the person chose before (their
    ``lang`` cookie), else the browser's best available one."""
    langs = available()
    for wish in (asked, chosen):
        if wish and wish in langs:
            return wish
    for part in (accept_language or "").split(","):
        code = part.split(";")[0].strip().lower()
        for cand in (code, code.split("-")[0]):
            if cand in langs:
                return cand
    return DEFAULT


def gettext(message: str, lang: str = DEFAULT) -> str:
    """``message`` in ``lang`` (whatever the language of the request being answered)."""
    return translations(lang).gettext(message)


def client_strings(lang: str) -> dict[str, str]:
    """The texts the play page's script shows, translated once on the server."""
    _ = translations(lang).gettext  # "_" is the name pybabel extracts
    return {
        "your_turn": _("Your turn"),
        "waiting_for": _("Waiting for"),
        "seat": _("Seat"),
        "seat_n": _("Seat {n}"),
        "yes": _("yes"),
        "no": _("no"),
        "bot": _("bot"),
        "human": _("human"),
        "you": _("you"),
        "spectator": _("You are watching as a spectator."),
        "game_over": _("Game over"),
        "team_won": _("The team won"),
        "team_lost": _("The team lost"),
        "winners": _("Winners"),
        "scores": _("Scores"),
        "cause": _("How it ended"),
        "no_actions": _("Nothing to do right now."),
        "refused": _("Refused"),
        "connected": _("Live"),
        "disconnected": _("Reconnecting…"),
        "link_gone": _("This link no longer leads to the seat: ask for the new one"),
        "download": _("Download the game record"),
        "clock": _("Clock"),
        "s_ago": _("{s} s ago"),
        "min_ago": _("{m} min ago"),
        "lesson_left": _("{time} left in the lesson"),
        "lesson_over": _("The lesson's time is up"),
        "details": _("Everything you can see (details)"),
        "move": _("Move"),
        "sent": _("Sent"),
        "debrief": _("Closing figures"),
        "paused": _("The facilitator has paused the table."),
        "players": _("Players"),
        "this_round": _("On the table this round"),
        "reference": _("Rules & cards"),
        "close": _("Close"),
        "talk": _("Table talk"),
        "say": _("Say"),
        "talk_off": _("The facilitator has switched table talk off."),
        "talk_hint": _("Write to the table (deals and promises are not binding)"),
        "show_chance": _("Show dice and shuffles"),
        "offer": _("Offer"),
        "question": _("Question to the table"),
        "asked_by": _("asked by"),
        "votes": _("Answers so far"),
        "rule": _("Rule"),
        "tap_hint": _("Tap or point at a place on the board to read it."),
        "press": _("press"),
        "more": _("more"),
        "details_raw": _("Details"),
        "clock_in": _("{what} in {time}"),
        "announcement": _("From your teacher"),
        "handed": _("A bot plays your seat for now."),
        "take_back": _("Take my seat back"),
        "next_game": _("A new game has started at your table."),
        "go_next": _("Go to the new game"),
        "play_again": _("Play again (the same seats and bots)"),
        "teacher_starts": _("Your teacher starts the next game."),
        "turn_title": _("Your turn"),
        "turn_notice": _("It is your turn at {game}"),
        "if_yes": _("If you accept"),
        "all_actions": _("All actions"),
        "since_last": _("Since your last turn"),
        "and_more": _("and {n} more (see the log)"),
        "marked": _("the places that changed are marked on the board"),
        "chosen_of": _("{n} of {most} chosen"),
        "chosen_range": _("{n} chosen (from {least} to {most})"),
        "of_most": _("of {most}"),
        "legend": _("Legend: what the board's colours and marks mean"),
        "legend_target": _(
            "Dashed yellow outline, where pointed at or in focus: tap it to take its action (every action is also a button)"
        ),
        "legend_changed": _("Dotted blue outline: changed since your last turn"),
        "first_game": _("First game"),
        "got_it": _("Got it"),
    }


def of_request(headers: Any, query: Any, cookies: Any) -> str:
    """The language of a request or a WebSocket: ``?lang=``, the ``lang`` cookie, Accept-Language."""
    asked = query.get("lang")
    chosen = cookies.get("lang")
    return pick(
        headers.get("accept-language"), asked[:16] if asked else None, chosen[:16] if chosen else None
    )


Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Any, Any], Awaitable[None]]


class Reading:
    """ASGI middleware: each request and WebSocket is answered in its person's language (see
    :func:`of_request`), so that what is worded while answering it (pages, refusals) reads in it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        conn = HTTPConnection(scope)
        token = LANGUAGE.set(of_request(conn.headers, conn.query_params, conn.cookies))
        played = GAME.set(None)  # no game's words first until a route names its table's game
        try:
            await self.app(scope, receive, send)
        finally:
            GAME.reset(played)
            LANGUAGE.reset(token)
