"""A simulation job: which game, configured how, which bots, how many games from which seed.

A job is plain data, so it travels to worker processes and Ray workers unchanged; each worker builds
the game from it once. ``--set PATH=VALUE`` values are parsed here and checked by building the game
before any game runs.
"""

from __future__ import annotations

import importlib
import json
import shlex
import sys
import tomllib
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from ..bots import make_bot
from ..engine import Game, GameSpec, LoopcityError, OptionError, get_spec, load_game, register
from ..engine.registry import GROUP


@dataclass(frozen=True)
class SpecSource:
    """Where a worker finds a game that was registered at run time rather than by entry point:
    the module that defines the spec, the spec's name in it and the import root of the module."""

    module: str
    attr: str
    root: str


@dataclass(frozen=True)
class SimJob:
    """``games`` games of ``game_id`` from base ``seed``, with ``bots`` (cycled over the seats) and
    the options given to :func:`loopcity.engine.load_game` (players, variant, options, content file,
    content overrides)."""

    game_id: str
    games: int
    bots: tuple[str, ...] = ("random",)
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    source: SpecSource | None = None

    def load(self) -> Game:
        """The configured game (registering it first in a worker that does not know it)."""
        ensure_registered(self.game_id, self.source)
        game = load_game(self.game_id, **self.options)
        game.tongues = ()  # nobody reads a simulated game's log: no step pays for its words
        return game

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "games": self.games,
            "bots": list(self.bots),
            "seed": self.seed,
            "options": self.options,
        }


def command_line(job: dict[str, Any]) -> str:
    """The ``loopcity simulate`` command that plays the same games as a job (its ``to_json``)."""
    words = ["loopcity", "simulate", job["game"], "--games", str(job["games"]), "--seed", str(job["seed"])]
    words += ["--bots", ",".join(job["bots"])]
    options = dict(job.get("options", {}))
    for key in ("players", "variant", "content"):
        if key in options:
            words += [f"--{key}", str(options.pop(key))]
    sets = {**options.pop("overrides", {}), **options}
    words += [f"--set {shlex.quote(f'{k}={json.dumps(v)}')}" for k, v in sets.items()]
    return " ".join(words)


def parse_value(text: str) -> Any:
    """A ``--set`` value: a JSON or TOML scalar or list (``3``, ``2.5``, ``true``, ``[1, 2]``,
    ``"x"``), otherwise the text itself as a string."""
    try:
        return json.loads(text)
    except ValueError:
        pass
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def split_sets(spec: GameSpec, sets: list[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Split ``PATH=VALUE`` items into option values (PATH is an option name) and content overrides
    (any other PATH, a dotted path into the game's content)."""
    options: dict[str, Any] = {}
    overrides: dict[str, Any] = {}
    names = {o.name for o in spec.options} | {"players", "variant"}
    for item in sets:
        path, eq, text = item.partition("=")
        path = path.strip()
        if not eq or not path:
            raise OptionError(f"--set {item!r}: write PATH=VALUE, e.g. an option 'pile=8' or a content path")
        value = parse_value(text.strip())
        if path in names:
            options[path] = value
        elif spec.content is None:
            known = ", ".join(sorted(names))
            raise OptionError(
                f"--set {item!r}: {spec.id} has no option {path!r} and no content; options: {known}"
            )
        else:
            overrides[path] = value
    return options, overrides


def make_job(
    game_id: str,
    games: int,
    bots: list[str] | tuple[str, ...] = ("random",),
    seed: int = 0,
    players: int | None = None,
    variant: str | None = None,
    sets: list[str] | None = None,
    content: str | Path | None = None,
) -> tuple[SimJob, Game]:
    """Build and check a job: the game is loaded (options, content file and overrides validated)
    and every bot made once, so that a bad value is refused before any game runs."""
    spec = get_spec(game_id)
    options, overrides = split_sets(spec, list(sets or []))
    for key, value in (("players", players), ("variant", variant)):
        if value is not None:
            options[key] = value
    if content is not None:
        options["content"] = str(Path(content).resolve())
    if overrides:
        options["overrides"] = overrides
    try:
        game = load_game(game_id, **options)
    except LoopcityError as e:
        raise type(e)(_with_sets(str(e), sets)) from None
    if not bots:
        raise OptionError("name at least one bot")
    if len(bots) > game.players:
        raise OptionError(f"{len(bots)} bots named for {game.players} seats ({', '.join(bots)})")
    for name in bots:
        make_bot(name, game, 0, 0)
    return SimJob(game_id, games, tuple(bots), seed, options, spec_source(game_id)), game


def _with_sets(message: str, sets: list[str] | None) -> str:
    return message if not sets else f"{message}\n(from --set {' '.join(sets)})"


def spec_source(game_id: str) -> SpecSource | None:
    """How a worker can find ``game_id`` when it was registered at run time; None for games
    installed through the ``loopcity.games`` entry points (every process finds those)."""
    if any(ep.name == game_id for ep in entry_points(group=GROUP)):
        return None
    spec = get_spec(game_id)
    module = sys.modules.get(spec.state_class.__module__)
    if module is None or getattr(module, "__file__", None) is None:
        return None
    attr = next((k for k, v in vars(module).items() if v is spec), None)
    if attr is None:
        return None
    root = Path(module.__file__).resolve().parent  # type: ignore[arg-type]
    for _ in range(module.__name__.count(".")):
        root = root.parent
    return SpecSource(module.__name__, attr, str(root))


def ensure_registered(game_id: str, source: SpecSource | None) -> None:
    """Register ``game_id`` from its source module when this process does not know it yet."""
    if source is None:
        return
    try:
        get_spec(game_id)
        return
    except LoopcityError:
        pass
    if source.root not in sys.path:
        sys.path.insert(0, source.root)
    module = importlib.import_module(source.module)
    register(getattr(module, source.attr))
