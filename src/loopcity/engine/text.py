"""What people read: the label of every action, the prompt of every decision, a game's reference.

A person at the table reads the game, not its engine: ``Craft a Shelter (1 Metal, 1 Wood) — +2 Trade
Limit``, not ``craft shelter``. A game words its actions with a :class:`Texts` registry, one function
per action kind, the way :class:`~loopcity.engine.actions.Handlers` carries them out::

    TEXTS = Texts["MyState"]()

    @TEXTS.label(CRAFT)
    def craft(state: MyState, seat: int, a: Item) -> Label:
        cost = state.tables.cost_text[a.item]
        return Label(_("Craft a {item} ({cost})").format(item=..., cost=cost), group=_("Craft"))

and sets ``texts = TEXTS`` on its state class. ``State.label(seat, action)`` then gives the label
(a kind without a function falls back to its help text and named arguments), ``State.prompt(seat)``
says what is being decided and by whom, and ``GameSpec.reference(content)`` gives the game's
reference (cost keys, card texts, tables) as :class:`Section` values that front ends lay out.

Labels and prompts are worded from what the seat may know: the conformance suite checks that they do
not change when what the seat cannot see is redrawn.

Every text is marked for translation with :func:`_` (code) and translated in the reader's language,
set per reader with :func:`reading_in`; until a language has a catalogue, texts read as written.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Generic, TypeVar

from .actions import A, Action, ActionKind, ActionSpace

S = TypeVar("S")

LANGUAGE: ContextVar[str] = ContextVar("loopcity_language", default="en")
"""The language of the person a text is being made for (a code such as ``en`` or ``de``)."""

LOCALE = Path(__file__).parents[1] / "locale"
"""The catalogues of Loopcity's own texts (engine, web, terminal, debrief): ``<lang>/LC_MESSAGES/
loopcity.po``; each game keeps its own beside it (``GameSpec.locale``)."""

GAME: ContextVar[str | None] = ContextVar("loopcity_game", default=None)
"""The game whose texts are being made: its own translations come first (two games may translate
the same English word differently)."""

W = TypeVar("W")


class Drawn(Generic[W]):
    """Pieces of a picture or a panel as drawn (or written) before, by everything they are drawn
    from, in the reader's language and game: a move changes few of a board's places, so each is
    drawn once and taken again while it reads the same (at most ``most`` kept; then afresh)."""

    def __init__(self, most: int = 20_000) -> None:
        self._kept: dict[tuple[Any, ...], W] = {}
        self.most = most

    def get(self, key: tuple[Any, ...], draw: Callable[[], W]) -> W:
        """The piece of ``key`` (with the reader's language and game), drawn by ``draw`` the first
        time."""
        key = (LANGUAGE.get(), GAME.get(), *key)
        found = self._kept.get(key)
        if found is None:
            if len(self._kept) > self.most:
                self._kept.clear()
            found = self._kept[key] = draw()
        return found


HOLDING: ContextVar[frozenset[int]] = ContextVar("loopcity_holding", default=frozenset())
"""The seats that have said their part and hold their "done" for the people at the table (a front
end's bots, :func:`loopcity.engine.runner.waits_for_people`): a prompt may say they wait rather than
count them among those still deciding."""


@contextmanager
def holding(seats: Iterable[int]) -> Iterator[None]:
    """Make texts knowing that ``seats`` have said their part and wait for the people."""
    token = HOLDING.set(frozenset(seats))
    try:
        yield
    finally:
        HOLDING.reset(token)


_CATALOGUES: dict[tuple[Path, str], None] = {(LOCALE, "loopcity"): None}
_TEXTS: dict[str, dict[str | None, dict[str, str]]] = {}
_LOADED: dict[tuple[str, str | None], gettext.NullTranslations] = {}


class _Texts(gettext.NullTranslations):
    """Translations from a mapping of English texts (a game's translated content texts)."""

    def __init__(self, texts: dict[str, str]) -> None:
        super().__init__()
        self.texts = texts

    def gettext(self, message: str) -> str:
        found = self.texts.get(message)
        return found if found is not None else super().gettext(message)


def add_catalogues(directory: Path, domain: str) -> None:
    """Add the gettext catalogues ``directory/<lang>/LC_MESSAGES/<domain>.po`` to every language."""
    if (directory, domain) not in _CATALOGUES:
        _CATALOGUES[(directory, domain)] = None
        _LOADED.clear()


def remove_catalogues(directory: Path, domain: str) -> None:
    """Forget catalogues added with :func:`add_catalogues`."""
    if _CATALOGUES.pop((directory, domain), 0) is None:
        _LOADED.clear()


@lru_cache(maxsize=64)
def _compiled(path: Path) -> bytes:
    """A ``.po`` catalogue compiled as it is read (no compiled file to keep in step)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        catalog = read_po(f)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    return compiled.getvalue()


def add_texts(language: str, texts: dict[str, str], game: str | None = None) -> None:
    """Add translations of English texts to ``language`` (a game's content texts, read from data
    files)."""
    _TEXTS.setdefault(language, {}).setdefault(game, {}).update(texts)
    _LOADED.clear()


def languages() -> list[str]:
    """The languages with translations, English first: the catalogues' folders are looked through
    once for each set of catalogues and texts (every request asks which languages there are)."""
    key = (tuple(_TEXTS), tuple(_CATALOGUES))
    found = _FOUND.get(key)
    if found is None:
        names = set(_TEXTS)
        for directory, domain in _CATALOGUES:
            names |= {p.parent.parent.name for p in directory.glob(f"*/LC_MESSAGES/{domain}.po")}
        _FOUND.clear()
        found = _FOUND[key] = ["en", *sorted(names - {"en"})]
    return list(found)


_FOUND: dict[tuple[tuple[str, ...], tuple[tuple[Path, str], ...]], list[str]] = {}


def translations(language: str, game: str | None = None) -> gettext.NullTranslations:
    """Every translation into ``language``: the game's own (content texts, then its catalogue) first,
    then Loopcity's catalogue, then every other game's."""
    found = _LOADED.get((language, game))
    if found is None:
        texts = _TEXTS.get(language, {})
        found = _Texts(texts.get(game, {}))
        catalogues = sorted(_CATALOGUES, key=lambda c: (c[1] != game, c[1] != "loopcity"))
        for directory, domain in catalogues:
            path = directory / language / "LC_MESSAGES" / f"{domain}.po"
            if path.exists():
                found.add_fallback(gettext.GNUTranslations(io.BytesIO(_compiled(path))))
        for other, more in texts.items():
            if other != game:
                found.add_fallback(_Texts(more))
        _LOADED[(language, game)] = found
    return found


def _translations(language: str) -> gettext.NullTranslations:
    return translations(language, GAME.get())


def _(message: str) -> str:
    """``message`` in the reader's language (as written when it has no translation)."""
    language = LANGUAGE.get()
    if language == "en":
        return message
    return _translations(language).gettext(message)


def pgettext(context: str, message: str) -> str:
    """``message`` in the reader's language, where ``context`` tells it apart from the same words
    meaning something else (a game's "Move", a teacher's "Move" of a student)."""
    language = LANGUAGE.get()
    if language == "en":
        return message
    return _translations(language).pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 (gettext's name for the marker, which the extractor knows)
    """Mark ``message`` for the catalogue and give it back as written: a text kept as data (a
    variant's description, an action kind's help, an outcome's cause) and translated where it is read."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the reader's language."""
    language = LANGUAGE.get()
    if language == "en":
        return singular if n == 1 else plural
    return _translations(language).ngettext(singular, plural, n)


@contextmanager
def reading_in(language: str, game: str | None = None) -> Iterator[None]:
    """Make the texts made inside this block for a reader of ``language`` (of ``game``'s texts, when
    given: its own translations first)."""
    token = LANGUAGE.set(language)
    played = GAME.set(game) if game is not None else None
    try:
        yield
    finally:
        LANGUAGE.reset(token)
        if played is not None:
            GAME.reset(played)


UNREAD = N_("(not kept: nobody read this game's log as it was played)")
"""The text of every line of a log nobody reads (``Game.tongues = ()``): simulations, benchmarks,
learners and search keep each line's step, kind and seats, and pay nothing for its words."""


Said = str | dict[str, str]
"""A line of the game log: English text read through the catalogues, or the line as worded in
each language the log is kept in (see ``State.note``)."""


def say(text: Said) -> str:
    """A log line in the reader's language."""
    if isinstance(text, str):
        return _(text)
    found = text.get(LANGUAGE.get())
    return found if found is not None else text.get("en", next(iter(text.values())))


@dataclass(frozen=True)
class Label:
    """How an action reads: ``text`` in plain words, built from content (what it does, what it costs,
    what it gives); ``group`` gathers the actions a player thinks of together (``Build a Compost
    Plant`` → the places where), empty when the action stands alone."""

    text: str
    group: str = ""

    def to_json(self) -> dict[str, str]:
        return {"label": self.text, "group": self.group}


LabelFn = Callable[[S, int, A], Label]


class Texts(Generic[S]):
    """The label of each action kind of a game: one function per kind (see the module docstring)."""

    def __init__(self) -> None:
        self._by_name: dict[str, tuple[type[Any], Callable[[S, int, Any], Label]]] = {}

    def label(self, kind: ActionKind[A]) -> Callable[[LabelFn[S, A]], LabelFn[S, A]]:
        """Mark a function as the labeller of ``kind``."""

        def mark(fn: LabelFn[S, A]) -> LabelFn[S, A]:
            if kind.name in self._by_name:
                raise ValueError(f"action kind {kind.name!r} has two labellers")
            self._by_name[kind.name] = (kind.args, fn)
            return fn

        return mark

    def of(self, state: S, seat: int, action: Action) -> Label | None:
        """The label of ``action`` for ``seat``, or None when its kind has no labeller."""
        entry = self._by_name.get(action.kind)
        if entry is None:
            return None
        args_type, fn = entry
        return fn(state, seat, tuple.__new__(args_type, action.args))

    def missing(self, space: ActionSpace) -> list[str]:
        """The kinds of ``space`` that have no labeller."""
        return [k.name for k in space.kinds if k.name not in self._by_name]


def plain_label(space: ActionSpace, action: Action) -> Label:
    """A label from the kind's own help text and its named arguments (for kinds a game has not
    worded yet): ``move to this tile (cell 14)``."""
    k = space.kind(action.kind)
    words = [
        f"{name.replace('_', ' ')} {value}" for (name, _d), value in zip(k.params, action.args, strict=True)
    ]
    text = _(k.help) if k.help else action.kind.replace("_", " ")
    text = text[:1].upper() + text[1:]
    return Label(f"{text} ({', '.join(words)})" if words else text)


# ----- the reference ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Card:
    """A card, tile or sheet as printed: its title, its text, and small facts (cost, symbols, level)."""

    title: str
    text: str = ""
    facts: tuple[tuple[str, str], ...] = ()
    source: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "text": self.text,
            "facts": [list(f) for f in self.facts],
            "source": self.source,
        }


@dataclass(frozen=True)
class Table:
    """A table of the reference (a cost key, a production table): headers and rows of text."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"caption": self.caption, "headers": list(self.headers), "rows": [list(r) for r in self.rows]}


@dataclass(frozen=True)
class Section:
    """One part of a game's reference: an introduction, tables and cards."""

    title: str
    intro: str = ""
    tables: tuple[Table, ...] = ()
    cards: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "intro": self.intro,
            "tables": [t.to_json() for t in self.tables],
            "cards": [c.to_json() for c in self.cards],
        }


def reference_text(sections: Sequence[Section], width: int = 100) -> str:
    """A reference as plain text for a terminal (no markup)."""
    out: list[str] = []
    for sec in sections:
        out += [sec.title.upper(), "=" * min(width, len(sec.title))]
        if sec.intro:
            out += [sec.intro, ""]
        for table in sec.tables:
            out += _table_text(table)
        for card in sec.cards:
            facts = "; ".join(f"{k}: {v}" for k, v in card.facts)
            out.append(f"* {card.title}" + (f" ({facts})" if facts else ""))
            if card.text:
                out.append(f"    {card.text}")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _table_text(table: Table) -> list[str]:
    cols = [table.headers, *table.rows]
    widths = [max(len(row[i]) for row in cols) for i in range(len(table.headers))]
    line = "  ".join(h.ljust(w) for h, w in zip(table.headers, widths, strict=True)).rstrip()
    out = [table.caption] if table.caption else []
    out += [line, "  ".join("-" * w for w in widths)]
    out += ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in table.rows]
    return [*out, ""]


@dataclass(frozen=True)
class Panel:
    """A player's panel as people see it at the table: a title (``Seat 2 — Builder``), rows of
    facts (money, cards held, one's own agenda) and the cards in front of them."""

    title: str
    seat: int | None = None
    rows: tuple[tuple[str, str], ...] = ()
    cards: tuple[Card, ...] = ()
    mine: bool = False
    notes: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "seat": self.seat,
            "rows": [list(r) for r in self.rows],
            "cards": [c.to_json() for c in self.cards],
            "mine": self.mine,
            "notes": list(self.notes),
        }


# ----- one decision made of several steps ---------------------------------------------------------
@dataclass(frozen=True)
class Counter:
    """One row of a :class:`Choice`: how many times its action is taken (from 0 to ``most``)."""

    label: str
    action: str
    most: int

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "action": self.action, "most": self.most}


@dataclass(frozen=True)
class Choice:
    """One decision a person makes at once although the engine takes it in steps (a trade put
    together card by card and offered, a hand paid down card by card): rows of counters a page
    shows with + and −, between ``least`` and ``most`` counted in all, sent once as the engine's own
    actions, each counter's action as many times as counted, in order, then ``then``. The server
    applies the steps together or not at all, and an undo takes them back together. ``covers`` are
    the legal actions' texts the choice stands for (a page lists them no longer on their own)."""

    key: str
    title: str
    send: str
    groups: tuple[tuple[str, tuple[Counter, ...]], ...]
    least: int = 1
    most: int = 1
    then: tuple[str, ...] = ()
    covers: tuple[str, ...] = ()
    note: str = ""

    def steps(self, counts: Sequence[int]) -> list[str]:
        """The actions' texts for these counts (one per counter, in order)."""
        rows = [c for _g, cs in self.groups for c in cs]
        return [c.action for c, n in zip(rows, counts, strict=True) for _i in range(n)] + list(self.then)

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "title": self.title,
            "send": self.send,
            "groups": [{"label": g, "counters": [c.to_json() for c in cs]} for g, cs in self.groups],
            "least": self.least,
            "most": self.most,
            "then": list(self.then),
            "covers": list(self.covers),
            "note": self.note,
        }


# ----- a board's legend ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Key:
    """One entry of a board's legend: a mark as the board draws it (``shape``: ``square``, ``disc``,
    ``hex``, ``line``; its fill, outline and dashes, and a short ``mark`` drawn in it) and what it
    means, in the game's words."""

    text: str
    shape: str = "square"
    fill: str = "none"
    stroke: str = "#333"
    dash: str = ""
    width: float = 1.5
    mark: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "shape": self.shape,
            "fill": self.fill,
            "stroke": self.stroke,
            "dash": self.dash,
            "width": self.width,
            "mark": self.mark,
        }
