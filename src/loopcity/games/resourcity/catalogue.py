"""Resourcity's words in the reader's language, its own translations first.

A short word is often another game's or the web app's too, in another sense (``Move`` is a move of
the game record there and an Action here; ``Harvest`` and ``Food`` are other games' card names), so
Resourcity's texts are read with Resourcity named as the game (:func:`loopcity.engine.text.
translations`), whichever front end asks. Texts are marked with these ``_`` and ``ngettext`` as with
the engine's (``loopcity translations update`` finds them by name).
"""

from __future__ import annotations

from loopcity.engine.text import LANGUAGE, N_, translations

__all__ = ["N_", "_", "ngettext"]

GAME = "resourcity"


def _(message: str) -> str:
    """``message`` in the reader's language, Resourcity's translations first."""
    language = LANGUAGE.get()
    if language == "en":
        return message
    return translations(language, GAME).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the reader's language, Resourcity's first."""
    language = LANGUAGE.get()
    if language == "en":
        return singular if n == 1 else plural
    return translations(language, GAME).ngettext(singular, plural, n)
