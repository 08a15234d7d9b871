"""Discussion questions for the debrief: data beside each game's content, filled with a table's or a
class's own figures.

A game keeps its questions in ``questions.toml`` beside its ``content.toml`` (and their German in
``questions.de.toml``, matched by ``id``, like ``content.de.toml``). Each question says where it comes
from (``source = "rulebook"``: one of the rulebook's own learning aims, quoted in ``aim``; ``"ours"``:
written for Loopcity), its ``text`` with ``{placeholders}`` and which table fills it (``pick``):

- ``"most:<figure>"`` / ``"least:<figure>"``: the table where the figure is highest / lowest
  ("{table}'s Waste Pile grew by {waste_growth} in round {waste_growth_round}: what happened?");
- ``"each"``: once for every table;
- ``"class"``: once for the class (of two tables or more), with ``{tables}``, ``{won}``, ``{lost}``, ``{playing}``, ``{ended}``;
- ``"spread:<figure>"``: once for the class, with ``{most_table}``, ``{most}``, ``{least_table}`` and
  ``{least}`` (only when two tables or more differ).

A table's figures are ``table``, ``result``, ``round``, ``moves`` and those the game's debrief rules
give (``question_facts(d)``, named in ``QUESTION_FACTS``). A file that names an unknown figure, pick or
source is refused with the question and field named, as content is.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from ..engine import Game
from ..engine.content import ContentModel, read_toml, validate
from ..engine.errors import ContentError
from ..engine.text import LANGUAGE, _
from .timeline import game_hooks

if TYPE_CHECKING:
    from .report import Debrief

COMMON_FACTS = ("table", "result", "round", "moves")
"""The figures every table has."""
CLASS_FACTS = ("tables", "won", "lost", "playing", "ended")
SPREAD_FACTS = ("most_table", "most", "least_table", "least")
PLACEHOLDER = re.compile(r"\{([a-z_0-9]*)[^{}]*\}")
PICK = re.compile(r"^(each|class|(most|least|spread):[a-z_0-9]+)$")


class Question(ContentModel):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    source: Literal["rulebook", "ours"]
    aim: str = ""
    """The rulebook's own words the question comes from (a quotation), for ``source = "rulebook"``."""
    text: str = Field(min_length=1)
    pick: str = Field(pattern=PICK.pattern)


class Questions(ContentModel):
    questions: list[Question] = Field(default_factory=list)


class QuestionText(ContentModel):
    id: str
    text: str = ""
    aim: str = ""


class QuestionTexts(ContentModel):
    questions: list[QuestionText] = Field(default_factory=list)


def default_file(game: Game) -> Path | None:
    """The game's ``questions.toml`` beside its debrief rules (None when it has none)."""
    hooks = game_hooks(game)
    if hooks is None or hooks.__file__ is None:
        return None
    path = Path(hooks.__file__).parent / "questions.toml"
    return path if path.exists() else None


def known_facts(game: Game, pick: str) -> set[str]:
    """The placeholders a question with ``pick`` may use in ``game``."""
    game_facts = set(getattr(game_hooks(game), "QUESTION_FACTS", {}))
    if pick == "class":
        return set(CLASS_FACTS)
    if pick.startswith("spread:"):
        return set(SPREAD_FACTS) | set(CLASS_FACTS)
    return set(COMMON_FACTS) | game_facts


def _check(game: Game, qs: Questions, source: str) -> None:
    game_facts = set(getattr(game_hooks(game), "QUESTION_FACTS", {}))
    seen: set[str] = set()
    for q in qs.questions:
        if q.id in seen:
            raise ContentError(f"{source}: item {q.id}: field 'id': two questions have this id")
        seen.add(q.id)
        _kind, _c, figure = q.pick.partition(":")
        if figure and figure not in game_facts:
            raise ContentError(
                f"{source}: item {q.id}: field 'pick': {game.spec.title} has no figure {figure!r}; "
                f"known: {', '.join(sorted(game_facts)) or '(none)'}"
            )
        allowed = known_facts(game, q.pick)
        for name in PLACEHOLDER.findall(q.text):
            if name not in allowed:
                raise ContentError(
                    f"{source}: item {q.id}: field 'text': no figure {{{name}}} for pick {q.pick!r}; "
                    f"known: {', '.join(sorted(allowed))}"
                )
        if q.source == "rulebook" and not q.aim:
            raise ContentError(
                f"{source}: item {q.id}: field 'aim': a rulebook question quotes the rulebook's aim"
            )


_LOADED: dict[tuple[str, str, float], Questions] = {}
"""Questions files read, by game, path and modification time (an edited file is read again)."""


def load(game: Game, file: str | Path | None = None) -> Questions:
    """The game's questions (from ``file`` when given, e.g. a teacher's edited copy), validated:
    a bad file raises ContentError naming the question and field."""
    path = Path(file) if file else default_file(game)
    if path is None:
        return Questions()
    try:
        key = (game.id, str(path), path.stat().st_mtime)
    except OSError:
        key = None
    if key is not None and key in _LOADED:
        return _LOADED[key]
    raw = read_toml(path)
    qs = validate(raw, Questions, str(path))
    _check(game, qs, str(path))
    if key is not None:
        _LOADED[key] = qs
    return qs


def load_texts(game: Game, path: Path, language: str) -> dict[str, QuestionText]:
    """The questions' words in ``language`` (``questions.<language>.toml`` beside ``path``), by id; a
    translation's placeholders must be the English ones."""
    file = path.with_name(f"{path.stem}.{language}.toml")
    if language == "en" or not file.exists():
        return {}
    try:
        raw = tomllib.loads(file.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise ContentError(f"{file}: not valid TOML: {e}") from None
    return {t.id: t for t in validate(raw, QuestionTexts, str(file)).questions}


def check_texts(game: Game, file: str | Path | None = None) -> list[str]:
    """Problems of the translated questions files beside the game's questions: unknown ids and
    placeholders that differ from the English."""
    path = Path(file) if file else default_file(game)
    if path is None:
        return []
    english = {q.id: q for q in load(game, path).questions}
    out = []
    for f in sorted(path.parent.glob(f"{path.stem}.*.toml")):
        lang = f.name.split(".")[-2]
        for qid, t in load_texts(game, path, lang).items():
            q = english.get(qid)
            if q is None:
                out.append(f"{f}: item {qid}: no such question in {path.name}")
                continue
            if t.text and sorted(PLACEHOLDER.findall(t.text)) != sorted(PLACEHOLDER.findall(q.text)):
                out.append(f"{f}: item {qid}: field 'text': placeholders differ from the English")
    return out


def _say(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)


def facts(d: Debrief) -> dict[str, Any]:
    """A table's figures for the questions: the common ones and the game's (``question_facts``)."""
    out: dict[str, Any] = {
        "table": d.label or _("this table"),
        "result": d.result_words(),
        "round": d.round_at(d.tl.steps),
        "moves": d.tl.steps,
    }
    hook = getattr(d.hooks, "question_facts", None)
    if hook is not None:
        out.update({k: v for k, v in hook(d).items() if v is not None})
    return out


def fill_for(tables: Sequence[Debrief], file: str | Path | None = None) -> list[dict[str, Any]]:
    """The game's questions filled with these tables' figures (all tables play one game), in the
    reader's language: ``{"id", "source", "aim", "text", "table"}`` each (``table``: the label of the
    table the question is about, "" for the class). A question whose figures no table has is left out."""
    if not tables:
        return []
    game = tables[0].game
    path = Path(file) if file else default_file(game)
    if path is None:
        return []
    qs = load(game, path)
    words = load_texts(game, path, LANGUAGE.get())
    per = [facts(d) for d in tables]
    out = []
    for q in qs.questions:
        said = words.get(q.id)
        text = said.text if said and said.text else q.text
        aim = said.aim if said and said.aim else q.aim
        kind, _c, figure = q.pick.partition(":")
        fills: list[tuple[str, dict[str, Any]]] = []
        having = [(d, f) for d, f in zip(tables, per, strict=True) if isinstance(f.get(figure), int | float)]
        if kind == "each":
            fills = [(d.label, f) for d, f in zip(tables, per, strict=True)]
        elif kind in ("most", "least") and having:
            pick = max if kind == "most" else min
            d, f = pick(having, key=lambda x: x[1][figure])
            fills = [(d.label, f)]
        elif kind == "class" and len(tables) > 1:  # a class's tables side by side, not one table
            status = [d.status for d in tables]
            outcome = [d.outcome for d in tables]
            fills = [
                (
                    "",
                    {
                        "tables": len(tables),
                        "won": sum(1 for o in outcome if o is not None and o.team_won),
                        "lost": sum(1 for o in outcome if o is not None and o.team_won is False),
                        "playing": status.count("running"),
                        "ended": status.count("ended"),
                    },
                )
            ]
        elif kind == "spread" and len(having) >= 2:
            hi = max(having, key=lambda x: x[1][figure])
            lo = min(having, key=lambda x: x[1][figure])
            if hi[1][figure] != lo[1][figure]:
                fills = [
                    (
                        "",
                        {
                            "most_table": hi[1]["table"],
                            "most": hi[1][figure],
                            "least_table": lo[1]["table"],
                            "least": lo[1][figure],
                            "tables": len(tables),
                        },
                    )
                ]
        for label, f in fills:
            try:
                filled = text.format(**{k: _say(v) for k, v in f.items()})
            except (KeyError, IndexError, ValueError):
                continue  # a figure this table does not have (e.g. no Composter built yet)
            out.append({"id": q.id, "source": q.source, "aim": aim, "text": filled, "table": label})
    return out
