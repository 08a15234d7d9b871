"""Resourcity's words in the reader's language, read from Resourcity's own catalogue first.

The engine's :func:`loopcity.engine.text._` reads every catalogue and every game's translated content
as one: the first translation of an English text found there wins, in the order the games were
loaded. A short word is often another game's or the web app's too, in another sense (``Move`` is a
move of the game record there and an Action here; ``Harvest`` and ``Food`` are other games' card
names), so Resourcity reads its own catalogue (``locale/<lang>/LC_MESSAGES/resourcity.po``) first and
everything else (content texts, the engine's words) through the engine. Texts are marked with these
``_`` and ``ngettext`` exactly as with the engine's (``loopcity translations update`` finds them
by name); ``N_`` marks a text that is read elsewhere (a variant's title, an action kind's help)
without translating it here.
"""

from __future__ import annotations

import gettext
import io
from pathlib import Path

from loopcity.engine.text import LANGUAGE
from loopcity.engine.text import _ as _anywhere
from loopcity.engine.text import ngettext as _ngettext_anywhere

LOCALE = Path(__file__).with_name("locale")
DOMAIN = "resourcity"

_OWN: dict[str, gettext.GNUTranslations | None] = {}


def own_catalogue(language: str) -> gettext.GNUTranslations | None:
    """Resourcity's catalogue of ``language`` (None when it has none), read once."""
    if language in _OWN:
        return _OWN[language]
    path = LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    found = None
    if path.exists():
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with path.open("rb") as f:
            catalog = read_po(f)
        compiled = io.BytesIO()
        write_mo(compiled, catalog)
        compiled.seek(0)
        found = gettext.GNUTranslations(compiled)
    _OWN[language] = found
    return found


def _(message: str) -> str:
    """``message`` in the reader's language: Resourcity's catalogue, else every translation."""
    language = LANGUAGE.get()
    if language == "en":
        return message
    own = own_catalogue(language)
    if own is not None:
        found = own.gettext(message)
        if found != message:
            return found
    return _anywhere(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the reader's language (Resourcity's catalogue first)."""
    language = LANGUAGE.get()
    if language == "en":
        return singular if n == 1 else plural
    own = own_catalogue(language)
    if own is not None:
        found = own.ngettext(singular, plural, n)
        if found not in (singular, plural):
            return found
    return _ngettext_anywhere(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802  (the marker's usual name, which the extractor knows)
    """Mark ``message`` for the catalogue and give it back as written (it is translated where read)."""
    return message
