"""Static facts about a game (GameSpec) and a game configured with options (Game)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from .actions import ActionSpace
from .content import ContentSpec, load_content, load_translation, translation_files
from .errors import OptionError
from .text import Card, Choice, Key, Panel, Section, _, add_catalogues, add_texts

if TYPE_CHECKING:
    from .bots import Bot
    from .observation import ObservationSpec
    from .state import State

C = TypeVar("C")
"""A game's content model (its pydantic class; ``None`` for a game without content)."""
T = TypeVar("T")
"""The tables a game derives from its content, once per configured game."""


@dataclass(frozen=True)
class Option:
    """A game option with its default, whose type is the option's type; ``choices`` limits the values
    when given, ``minimum`` and ``maximum`` (both included) bound a number. Every option of a game
    declares its type and either its choices or, for a number, both bounds (a bool needs neither)."""

    name: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None

    @property
    def kind(self) -> str:
        """The option's type by name: ``bool``, ``int``, ``float`` or ``str``."""
        return type(self.default).__name__

    def bounded(self) -> bool:
        """Whether the option declares its values: choices, two bounds for a number, or a bool."""
        if self.choices is not None or isinstance(self.default, bool):
            return True
        return isinstance(self.default, int | float) and None not in (self.minimum, self.maximum)

    def coerce(self, value: Any) -> Any:
        """Check (and, from text, convert) a value for this option."""
        kind = type(self.default)
        if isinstance(value, str) and kind is not str:
            value = _from_text(value, kind, self.name)
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if self.default is not None and not isinstance(value, kind):
            raise OptionError(
                _("option {name!r} takes a {type}, got {value!r}").format(
                    name=self.name, type=kind.__name__, value=value
                )
            )
        if kind is int and isinstance(value, bool):
            raise OptionError(
                _("option {name!r} takes a whole number, got {value!r}").format(name=self.name, value=value)
            )
        if self.choices is not None and value not in self.choices:
            raise OptionError(
                _("option {name!r} must be one of {choices}; got {value!r}").format(
                    name=self.name, choices=", ".join(map(str, self.choices)), value=value
                )
            )
        self._check_bounds(value)
        return value

    def _check_bounds(self, value: Any) -> None:
        if self.minimum is None and self.maximum is None:
            return
        low = -math.inf if self.minimum is None else self.minimum
        high = math.inf if self.maximum is None else self.maximum
        if not low <= value <= high:  # also refuses NaN
            raise OptionError(
                _("option {name!r} must be from {low} to {high}; got {value!r}").format(
                    name=self.name, low=f"{low:g}", high=f"{high:g}", value=value
                )
            )


def _from_text(text: str, kind: type, name: str) -> Any:
    try:
        if kind is bool:
            if text.lower() in ("1", "true", "yes", "on"):
                return True
            if text.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError
        return kind(text)
    except ValueError:
        raise OptionError(
            _("option {name!r} takes a {type}, got {value!r}").format(
                name=name, type=kind.__name__, value=text
            )
        ) from None


@dataclass(frozen=True)
class Variant:
    """A named set of option values, e.g. a difficulty or a layout."""

    name: str
    description: str
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GameSpec(Generic[C, T]):
    """What a game is: id, title, players, options, variants, actions, content, bots, renderers.

    ``state_class(game, seed)`` builds the initial state. ``bots`` maps a name (``heuristic``) to a
    factory ``(game, seat, seed) -> Bot``. ``render_text(view)`` and ``render_svg(view, legal)`` are
    pure functions of a view; in the SVG, each place that a legal action targets carries
    ``data-act="<the action's text>"`` so that a front end can make it clickable. ``metrics(state)``
    gives the figures a simulation records after each round (games keep their round in ``round``).
    ``evaluate(state, seat)`` (optional) is a cheap estimate in [-1, 1] of the reward ``seat`` will get
    from a position that is not over, on the scale of the final reward (docs/bots.md: -1 a team loss,
    1 the best result); search bots use it where they cut a long playout short.
    ``tables(content)`` derives the lookup tables the rules need from the content; the engine calls it
    once per configured game (``Game.tables``), shared by every state and clone of that game.
    ``fitted_value`` names the file, in the game's own folder, that keeps the weights of the position
    value fitted to the game's metrics (``python -m loopcity.bots.value GAME`` writes it).
    ``reference(content)`` gives the game's reference (cost keys, card texts, tables) generated from its
    content, and ``panels(view)`` the players' panels of a view, as people see them at the table (both
    in :mod:`loopcity.engine.text`; ``panels`` is a pure function of a view, so it shows nothing the
    view does not). ``stage(view)`` gives what is on stage this round as cards with their text (the
    Events and Crises drawn, the dice rolled), shown as they happen and kept visible for the round.
    ``choices(state, seat)`` (optional) gives the decisions the seat makes at once that the rules take
    in steps (:class:`loopcity.engine.text.Choice`: a trade put together and offered, a hand paid
    down): a page shows each as one form, sends its steps together, and the fine-grained actions stay
    for bots and research. ``legend(view)`` (optional) says what each colour, disc, outline and mark
    of the SVG board means, in the game's words (:class:`loopcity.engine.text.Key`).
    ``locale`` is the game's folder of gettext catalogues (``<lang>/LC_MESSAGES/<id>.mo``) for the texts
    of its code; the texts of its content are translated in ``content.<lang>.toml`` files beside the
    content (:func:`loopcity.engine.content.load_translation`).
    ``search`` holds the search bot's defaults for this game (see :class:`loopcity.bots.mcts.MctsConfig`),
    which options given with the bot's name override.
    ``public_board``: the board a seat's view draws (``render_svg``, ``render_text``) shows nothing the
    spectator's view does not, so a seat with no action to take is shown the spectator's board, drawn
    once per move for every such page (a seat's own targets, ``data-act``, are still drawn from its own
    view and legal actions). ``marks_alone`` (with ``public_board``): the board marks the place of each
    legal action it is given whatever the others are, so a seat's board is drawn with only those of
    its actions that mark a place (seats whose actions mark none share the spectator's board).
    ``public_stage``: ``stage(view)`` shows nothing but what is public (the same from every seat's view
    as from the spectator's), so the server builds it once per move for every page. ``public_panels``:
    ``panels(view)`` from a seat's view are those from the spectator's with the seat's own panel (the
    one whose ``seat`` is the seat) marked ``mine``, so the server builds them once per move for every
    page (tests/engine/test_public_board.py checks it). ``seat_panels(view)`` (optional, for games
    whose panels are not all public): the panels of a seat's view that are not the spectator's (its
    own, with its hand or agenda; one that words the seat's prompt), by their place in
    ``panels(view)``; the others are those of the spectator's view, which the server then builds once
    per move for every page and each seat only these (the same test checks it). With
    ``public_board``, the board's ``legend`` is likewise built once per move, from the spectator's view.
    ``seat_view(state, seat)`` (optional): the seat's own part of its view, the keys in which
    ``state.view(seat)`` differs from the spectator's ``state.view(None)`` (its seat, hand, agenda):
    the view of a seat is the spectator's with these keys set, so the server builds the spectator's
    view once per move and only each seat's own part (tests/engine/test_public_board.py checks it).
    ``observation`` (optional) gives the game's structured observation tensors for learners
    (:mod:`loopcity.engine.observation`); without it the research adapters hash the view.
    """

    id: str
    title: str
    description: str
    min_players: int
    max_players: int
    state_class: type[State[Any, Any]]
    action_space: ActionSpace
    rules_version: str = "1"
    default_players: int | None = None
    cooperative: bool = True
    hidden_information: bool = False
    max_steps: int = 10_000
    options: tuple[Option, ...] = ()
    variants: tuple[Variant, ...] = ()
    content: ContentSpec[Any] | None = None
    tables: Callable[[C], T] | None = None
    bots: Mapping[str, Callable[[Game[Any, Any], int, int], Bot]] = field(default_factory=dict)
    render_text: Callable[[dict[str, Any]], str] | None = None
    render_svg: Callable[..., str] | None = None
    public_board: bool = False
    marks_alone: bool = False
    public_stage: bool = False
    public_panels: bool = False
    seat_panels: Callable[[dict[str, Any]], Mapping[int, Panel]] | None = None
    seat_view: Callable[..., dict[str, Any]] | None = None
    metrics: Callable[[State[Any, Any]], dict[str, float]] | None = None
    evaluate: Callable[[State[Any, Any], int], float] | None = None
    search: Mapping[str, Any] = field(default_factory=dict)
    fitted_value: Path | None = None
    reference: Callable[[C], Sequence[Section]] | None = None
    panels: Callable[[dict[str, Any]], Sequence[Panel]] | None = None
    stage: Callable[[dict[str, Any]], Sequence[Card]] | None = None
    choices: Callable[[State[Any, Any], int], Sequence[Choice]] | None = None
    legend: Callable[[dict[str, Any]], Sequence[Key]] | None = None
    observation: ObservationSpec | None = None
    locale: Path | None = None

    def variant(self, name: str) -> Variant:
        for v in self.variants:
            if v.name == name:
                return v
        names = ", ".join(v.name for v in self.variants) or "(none)"
        raise OptionError(
            _("{game} has no variant {name!r}; variants: {names}").format(
                game=self.id, name=name, names=names
            )
        )

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        names = ", ".join(["players", "variant", *(o.name for o in self.options)])
        raise OptionError(
            _("{game} has no option {name!r}; options: {names}").format(game=self.id, name=name, names=names)
        )

    def summary(self) -> dict[str, Any]:
        """JSON-ready facts for listings (CLI ``games --json``, the web lobby)."""
        return {
            "id": self.id,
            "title": self.title,
            "description": self.description,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "cooperative": self.cooperative,
            "variants": [{"name": v.name, "description": v.description} for v in self.variants],
            "options": [
                {
                    "name": o.name,
                    "default": o.default,
                    "help": o.help,
                    "type": o.kind,
                    "choices": list(o.choices) if o.choices is not None else None,
                    "minimum": o.minimum,
                    "maximum": o.maximum,
                }
                for o in self.options
            ],
            "bots": list(dict.fromkeys(["random", *self.bots])),  # front ends add the search bots
        }


_WORDS: set[str] = set()


def learn_words(spec: GameSpec[Any, Any]) -> None:
    """Make a game's translations known (once per game): its catalogues and translated content."""
    if spec.id in _WORDS:
        return
    if spec.locale is not None:
        add_catalogues(spec.locale, spec.id)
    if spec.content is not None:
        for lang, path in translation_files(spec.content).items():
            add_texts(lang, load_translation(spec.content, path), spec.id)
    _WORDS.add(spec.id)


class Game(Generic[C, T]):
    """A GameSpec with resolved options and loaded content; ``new_state(seed)`` starts a game."""

    def __init__(self, spec: GameSpec[C, T], options: Mapping[str, Any] | None = None) -> None:
        self.spec = spec
        opts = dict(options or {})
        content_file = opts.pop("content", None)
        overrides = opts.pop("overrides", None) or {}
        players = opts.pop("players", None)
        variant_name = opts.pop("variant", None)
        if variant_name is None and spec.variants:
            variant_name = spec.variants[0].name
        resolved: dict[str, Any] = {o.name: o.default for o in spec.options}
        if variant_name is not None:
            for k, v in spec.variant(variant_name).options.items():
                resolved[k] = spec.option(k).coerce(v)
        for k, v in opts.items():
            resolved[k] = spec.option(k).coerce(v)
        learn_words(spec)
        self.players = self._players(players)
        self.variant = variant_name
        self.options = resolved
        self.clocks = {k: c for k, c in spec.action_space.clocks.items() if c.runs(resolved)}
        self.tongues: tuple[str, ...] | None = None
        """The languages the game log is kept in: a front end whose readers read several sets them
        all; None keeps each line in the language being read when it is made; ``()`` says that nobody
        reads the log (simulation, benchmarks, learners): lines keep their step, kind and seats, say
        :data:`~.text.UNREAD`, and no step pays for words."""
        """The wall clocks that run at tables of this game (see :class:`~.actions.Clock`)."""
        self.content: C = cast(C, None)
        self.content_hash = ""
        if spec.content is not None:
            model, self.content_hash = load_content(spec.content, content_file, overrides)
            self.content = cast(C, model)
        elif content_file or overrides:
            raise OptionError(_("{game} has no content file to change").format(game=spec.id))
        self._config = {
            "players": self.players,
            "variant": variant_name,
            **resolved,
            **({"content": str(Path(content_file).resolve())} if content_file else {}),
            **({"overrides": dict(overrides)} if overrides else {}),
        }

    def _players(self, players: Any) -> int:
        spec = self.spec
        if players is None:
            return spec.default_players or spec.min_players
        try:
            n = int(players)
        except (TypeError, ValueError, OverflowError):
            raise OptionError(
                _("players must be a whole number, got {value!r}").format(value=players)
            ) from None
        if not spec.min_players <= n <= spec.max_players:
            raise OptionError(
                _("{title} is for {low}-{high} players, not {n}").format(
                    title=spec.title, low=spec.min_players, high=spec.max_players, n=n
                )
            )
        return n

    @property
    def id(self) -> str:
        return self.spec.id

    @cached_property
    def tables(self) -> T:
        """The tables the rules derive from this game's content, made once and shared by its states."""
        if self.spec.tables is None:
            raise AttributeError(f"{self.spec.id} derives no tables from its content")
        return self.spec.tables(self.content)

    def config(self) -> dict[str, Any]:
        """The options that rebuild this game with ``load_game(id, **config)``."""
        return dict(self._config)

    def new_state(self, seed: int = 0) -> State[C, T]:
        return self.spec.state_class(self, seed)

    def __repr__(self) -> str:
        return f"Game({self.spec.id!r}, {self._config!r})"
