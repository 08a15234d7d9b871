"""A game's "how to play in two minutes": a few short steps in the game's own words, kept as data
beside its content (``walkthrough.toml`` next to ``content.toml``, its German in
``walkthrough.de.toml``, matched by ``id`` like the content's translations).

Each step says where its words come from (``source = "rulebook"``: the rulebook's own words;
``"ours"``: written for Loopcity) and has a short ``text``. A file is read and validated like content:
a bad file raises ContentError naming the file, the step and the field. Front ends read it through
:func:`steps` (in the reader's language) or :func:`section` (a reference section); the rules never
read it.

``hints`` (optional) give a short hint per phase a newcomer meets first (``phase``, as the game's
view names it, and ``text``), shown with the prompt on the play page (:func:`hint`); their German is
in the same ``.de.toml`` file, matched by ``phase``.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from .content import ContentModel, read_toml, validate
from .errors import ContentError
from .text import LANGUAGE, Section, _

MIN_STEPS, MAX_STEPS = 4, 6
"""A walk-through is short: four to six steps."""


class Step(ContentModel):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    source: Literal["rulebook", "ours"]
    text: str = Field(min_length=1, max_length=400)


class Hint(ContentModel):
    """A short hint shown with the prompt the first times a newcomer meets a phase of the game (the
    ``phase`` its view names)."""

    phase: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    text: str = Field(min_length=1, max_length=240)


class Walkthrough(ContentModel):
    steps: list[Step] = Field(min_length=MIN_STEPS, max_length=MAX_STEPS)
    hints: list[Hint] = Field(default_factory=list)


class StepText(ContentModel):
    id: str
    text: str = Field(min_length=1, max_length=400)


class HintText(ContentModel):
    phase: str
    text: str = Field(min_length=1, max_length=240)


class WalkthroughTexts(ContentModel):
    steps: list[StepText] = Field(default_factory=list)
    hints: list[HintText] = Field(default_factory=list)


FRESH = 1.0
"""Seconds a file's modification time, once looked at, is taken as it was: a page's messages ask
for the hint of every move, and an edited file is read again at most this long after."""

_FOUND: dict[Path, tuple[float, Path | None]] = {}


def default_file(spec: Any) -> Path | None:
    """The game's ``walkthrough.toml`` beside its ``content.toml`` (None when it has none)."""
    content = getattr(spec, "content", None)
    if content is None:
        return None
    now = time.monotonic()
    found = _FOUND.get(content.path)
    if found is None or now - found[0] > FRESH:
        path = Path(content.path).parent / "walkthrough.toml"
        found = _FOUND[content.path] = (now, path if path.exists() else None)
    return found[1]


_LOADED: dict[tuple[str, str, float], tuple[Walkthrough, dict[str, str]]] = {}
"""Files read, by path, language and modification time (an edited file is read again)."""
_LOOKED: dict[tuple[str, str], tuple[float, tuple[str, str, float]]] = {}
"""When each file and language was last looked at, and what was read then."""


def load(path: Path, language: str = "en") -> tuple[Walkthrough, dict[str, str]]:
    """The walk-through in ``path`` and its words in ``language`` by step id (``{}`` for English or
    without a translation), validated: a bad file raises ContentError naming the step and field."""
    now = time.monotonic()
    looked = _LOOKED.get((str(path), language))
    if looked is not None and now - looked[0] <= FRESH and looked[1] in _LOADED:
        return _LOADED[looked[1]]
    file = path.with_name(f"{path.stem}.{language}.toml")
    translated = language != "en" and file.exists()
    key = (str(path), language, max(path.stat().st_mtime, file.stat().st_mtime if translated else 0.0))
    if key in _LOADED:
        _LOOKED[(str(path), language)] = (now, key)
        return _LOADED[key]
    walk = validate(read_toml(path), Walkthrough, str(path))
    ids = [s.id for s in walk.steps]
    for i, sid in enumerate(ids):
        if sid in ids[:i]:
            raise ContentError(f"{path}: item {sid}: field 'id': two steps have this id")
    phases = [h.phase for h in walk.hints]
    for i, phase in enumerate(phases):
        if phase in phases[:i]:
            raise ContentError(f"{path}: hint {phase}: field 'phase': two hints for this phase")
    words: dict[str, str] = {}
    if translated:
        texts = validate(read_toml(file), WalkthroughTexts, str(file))
        for t in texts.steps:
            if t.id not in ids:
                raise ContentError(f"{file}: item {t.id}: field 'id': no such step in {path.name}")
            words[t.id] = t.text
        for h in texts.hints:
            if h.phase not in phases:
                raise ContentError(f"{file}: hint {h.phase}: field 'phase': no such hint in {path.name}")
            words[f"hint:{h.phase}"] = h.text
    _LOADED[key] = (walk, words)
    _LOOKED[(str(path), language)] = (now, key)
    return walk, words


def steps(spec: Any, language: str | None = None) -> list[dict[str, str]]:
    """The game's walk-through in the reader's language (``[]`` when it has none): ``{"id",
    "source", "text"}`` per step, a step without a translation in English."""
    path = default_file(spec)
    if path is None:
        return []
    walk, words = load(path, language or LANGUAGE.get())
    return [{"id": s.id, "source": s.source, "text": words.get(s.id, s.text)} for s in walk.steps]


def hint(spec: Any, phase: Any, language: str | None = None) -> str | None:
    """The first-game hint for the phase a view names, in the reader's language (None: no hint)."""
    path = default_file(spec)
    if path is None or not isinstance(phase, str):
        return None
    try:
        walk, words = load(path, language or LANGUAGE.get())
    except ContentError:
        return None  # a bad file is reported where the walk-through is read (the play page)
    for h in walk.hints:
        if h.phase == phase:
            return words.get(f"hint:{phase}", h.text)
    return None


def section(spec: Any) -> Section | None:
    """The walk-through as the first section of a reference (None when the game has none)."""
    found = steps(spec)
    if not found:
        return None
    text = "\n".join(f"{n}. {s['text']}" for n, s in enumerate(found, 1))
    return Section(_("How to play in two minutes"), text)
