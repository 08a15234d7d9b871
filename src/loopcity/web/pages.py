"""Rendering the HTML pages: Jinja templates with the gettext layer, and the error page."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from ..engine import walkthrough
from ..engine.errors import ContentError
from ..engine.text import _, ngettext, pgettext, reading_in
from . import i18n

HERE = Path(__file__).parent
log = logging.getLogger(__name__)


def howto(spec: Any, lang: str) -> list[dict[str, str]]:
    """The game's "how to play in two minutes" in ``lang`` for the play page's "How to play" (none
    when the game has none; a file that fails its check is left out and logged, the page still opens)."""
    try:
        return walkthrough.steps(spec, lang)
    except ContentError as e:
        log.warning("the walk-through of %s is left out: %s", spec.id, e)
        return []


SHORT_NAME = 14
"""A name longer than this is shortened on a shared screen (:func:`short_name`)."""


def short_name(name: str) -> str:
    """A person's name as a shared screen shows it: a long one as its first word and the last one's
    initial ("Charlotte Abdelrahman" -> "Charlotte A."); a short one, a one-word one, or one that ends
    in a number ("Student 12") as it is."""
    words = name.split()
    if len(words) < 2 or len(name.strip()) <= SHORT_NAME or not words[-1][0].isalpha():
        return name.strip()
    return f"{words[0]} {words[-1][0]}."


def _templates() -> Environment:
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
    )
    env.filters["short_name"] = short_name
    return env


class Pages:
    """The page templates; ``render`` picks the language from the request (``?lang=`` or the
    browser's Accept-Language)."""

    def __init__(self) -> None:
        self.env = _templates()

    def render(self, request: Request, name: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        """A page in the request's language: its own texts (``_``, ``ngettext``: formatted with
        ``.format`` after translation, as in the code) and whatever the game words while it is made."""
        lang = self.lang(request)
        with reading_in(lang):
            html = self.env.get_template(name).render(
                lang=lang,
                languages=i18n.available(),
                language_names=i18n.language_names(),
                bot_word=i18n.bot_word,
                _=_,
                gettext=_,
                ngettext=ngettext,
                pgettext=pgettext,
                **ctx,
            )
        return HTMLResponse(html, status_code=status)

    def error(self, request: Request, status: int, reason: str) -> HTMLResponse:
        return self.render(request, "error.html", status=status, reason=reason)

    @staticmethod
    def lang(request: Request) -> str:
        return i18n.of_request(request.headers, request.query_params, request.cookies)


def pages_of(request: Request) -> Pages:
    pages: Pages = request.app.state.pages
    return pages


def script_data(data: Any) -> Markup:
    """JSON for a ``<script type="application/json">`` element: ``<``, ``>`` and ``&`` escaped, so no
    text inside can close the element (read back with ``JSON.parse``)."""

    text = json.dumps(data).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text)
