"""Positions: any situation of a game, written by hand and set up through one public door.

A position is to a game what FEN is to chess: a small readable document (TOML) with a header that
names the game and its configuration, and the game's own fields, each documented by the game's
``Position`` model (a pydantic model that refuses unknown fields). For example::

    game = "tiny"
    players = 2
    seed = 5          # the chance draws that follow

    pile = 4
    taken = [3, 5]
    ...

``load_position`` validates the fields (an error names the field), builds the state through the game's
``State.from_position`` (which recomputes everything derived from the fields), then checks the game's
own invariants. ``State.position()`` writes a state's position; ``dump_position`` and ``read_position``
go to and from TOML.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import tomli_w
from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import LoopcityError, PositionError
from .registry import load_game
from .rng import Rng
from .spec import Game
from .state import State

HEADER = ("game", "players", "variant", "options", "seed")
"""The header keys every position may carry; the rest are the game's own fields."""


class PositionModel(BaseModel):
    """Base of a game's position model: every field documented, unknown fields refused."""

    model_config = ConfigDict(extra="forbid")


def _problems(error: ValidationError) -> str:
    lines = []
    for err in error.errors():
        where = ".".join(str(p) for p in err["loc"]) or "(top level)"
        lines.append(f"field '{where}': {err['msg']}")
    return "; ".join(lines)


def load_position(data: Mapping[str, Any], game: Game[Any, Any] | None = None) -> State[Any, Any]:
    """The state a position describes. ``game`` is made from the header when not given."""
    body = {k: v for k, v in data.items() if k not in HEADER}
    if game is None:
        if "game" not in data:
            raise PositionError('a position names its game: add game = "<id>"')
        config = {k: data[k] for k in ("players", "variant") if k in data}
        try:
            game = load_game(str(data["game"]), **config, **dict(data.get("options", {})))
        except LoopcityError as e:
            raise PositionError(f"header: {e}") from None
    state_class = game.spec.state_class
    model = state_class.position_model
    if model is None:
        raise PositionError(f"{game.spec.title} has no position format")
    try:
        fields = model.model_validate(body)
    except ValidationError as e:
        raise PositionError(f"{game.spec.title} position: {_problems(e)}") from None
    try:
        state = state_class.from_position(game, fields)
    except (KeyError, IndexError, ValueError, TypeError) as e:
        raise PositionError(f"{game.spec.title} position cannot be set up: {e}") from None
    state.rng = Rng(int(data.get("seed", 0)))
    try:
        state.check_invariants()
    except AssertionError as e:
        raise PositionError(f"{game.spec.title} position breaks a rule: {e}") from None
    return state


def position_of(state: State[Any, Any], seed: int | None = None) -> dict[str, Any]:
    """A state's position with its header: what ``load_position`` sets up again."""
    game = state.game
    header: dict[str, Any] = {"game": game.id, "players": game.players}
    if game.variant is not None:
        header["variant"] = game.variant
    changed = {k: v for k, v in game.options.items() if k in game.config() and _differs(game, k, v)}
    if changed:
        header["options"] = changed
    if seed is not None:
        header["seed"] = seed
    body = state.position().model_dump(mode="json", exclude_none=True)
    return header | body


def _differs(game: Game[Any, Any], name: str, value: Any) -> bool:
    """Whether an option differs from what the game's variant gives it."""
    default = Game(game.spec, {"variant": game.variant, "players": game.players}).options.get(name)
    return bool(default != value)


_ARRAY = re.compile(r"\[\n((?> +[^\n]*[^\[{\n],\n)+) *\]")
"""An array written one item a line whose items are each on one line (values, or arrays already
put on one line). Each line is matched atomically (it can end only at its newline): where an array
turns out not to be such (an item opens a table or an array), the match gives up in time linear in
its lines rather than trying every way to split each line's indent."""
WIDTH = 100


def _inline(match: re.Match[str]) -> str:
    """An array on one line when it fits (``taken = [3, 5]``, ``hands = [[1, 2], [3]]``), else its
    items filled into lines of at most :data:`WIDTH` characters."""
    lines = match.group(1).splitlines()
    items = [line.strip().rstrip(",") for line in lines]
    one_line = "[" + ", ".join(items) + "]"
    if len(one_line) <= WIDTH:
        return one_line
    indent = lines[0][: len(lines[0]) - len(lines[0].lstrip())]
    rows, row = [], ""
    for item in items:
        if row and len(indent) + len(row) + len(item) + 2 > WIDTH:
            rows.append(row)
            row = ""
        row += item + ", "
    rows.append(row)
    if len(rows) == len(items):
        return match.group(0)  # items too long to share a line: one a line, as they were
    return "[\n" + "".join(f"{indent}{r.rstrip()}\n" for r in rows) + indent[:-4] + "]"


def dump_position(state: State[Any, Any], seed: int | None = None) -> str:
    """A state's position as TOML text (arrays on one line where they fit, innermost first)."""
    text, before = tomli_w.dumps(position_of(state, seed)), ""
    while text != before:
        before, text = text, _ARRAY.sub(_inline, text)
    return text


def read_position(source: str | Path, game: Game[Any, Any] | None = None) -> State[Any, Any]:
    """Set up the position in a TOML file (a path) or TOML text."""
    text = Path(source).read_text() if isinstance(source, Path) else source
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise PositionError(f"not a TOML position: {e}") from None
    return load_position(data, game)
