"""Game records: a header (game, rules version, content hash, options, seed, generator) and the
moves, like PGN.

Replaying a record rebuilds every state exactly; the record keeps a state hash after every move so
that a replay can be verified step by step. Format 2 names the chance generator the seed picks
(``splitmix64`` or ``blake2b-ctr/1``, see :mod:`loopcity.engine.rng`) and hashes states without their
log. Format 1 records, made before, all use SplitMix64 and hashed the log's wording too: they still
replay, and are verified against that older hash. A wall-clock move (RECLAIM's ``alarm``) is recorded
under the seat that was first to act, as in every format.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action
from .errors import LoopcityError, RecordError
from .registry import load_game
from .rng import generator_name
from .spec import Game
from .state import State
from .text import _

FORMAT = "loopcity-record/2"
FORMATS = ("loopcity-record/1", FORMAT)
"""Formats this version replays (format 1 has no generator field: it is always SplitMix64)."""


@dataclass
class Record:
    """The header and the moves of one game; ``hashes[i]`` is the state hash after move ``i``."""

    game: str
    config: dict[str, Any]
    seed: int
    rules_version: str = ""
    content_hash: str = ""
    moves: list[tuple[int, str]] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    format: str = FORMAT
    generator: str = ""
    """the chance generator's name; empty: the one the seed picks"""

    def __post_init__(self) -> None:
        if not self.generator:
            self.generator = generator_name(self.seed)

    @classmethod
    def start(cls, state: State[Any, Any], seed: int) -> Record:
        game = state.game
        return cls(game.id, game.config(), seed, game.spec.rules_version, game.content_hash)

    def add(self, seat: int, action: Action, state_after: State[Any, Any]) -> None:
        self.moves.append((seat, str(action)))
        self.hashes.append(self.hash_of(state_after))

    def hash_of(self, state: State[Any, Any]) -> str:
        """The state hash this record's format keeps (format 1 hashed the log too)."""
        return state.state_hash(with_log=self.format == FORMATS[0])

    def truncate(self, n: int) -> None:
        del self.moves[n:]
        del self.hashes[n:]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "header": {
                "game": self.game,
                "rules_version": self.rules_version,
                "content_hash": self.content_hash,
                "options": self.config,
                "seed": self.seed,
                "generator": self.generator,
            },
            "moves": [[seat, text] for seat, text in self.moves],
            "hashes": self.hashes,
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        try:
            if data.get("format") not in FORMATS:
                raise RecordError(
                    _("not a Loopcity record (format {found!r}, expected {format})").format(
                        found=data.get("format"), format=FORMAT
                    )
                )
            h = data["header"]
            moves = [(int(s), str(t)) for s, t in data["moves"]]
            return cls(
                h["game"],
                dict(h["options"]),
                int(h["seed"]),
                h.get("rules_version", ""),
                h.get("content_hash", ""),
                moves,
                list(data.get("hashes", [])),
                data["format"],
                str(h.get("generator") or generator_name(int(h["seed"]))),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            if isinstance(e, RecordError):
                raise
            raise RecordError(_("record is missing or has a bad field: {e}").format(e=e)) from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1))

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            data = json.loads(Path(path).read_text())
        except FileNotFoundError:
            raise RecordError(_("{path}: no such file").format(path=path)) from None
        except json.JSONDecodeError as e:
            raise RecordError(_("{path}: not JSON: {e}").format(path=path, e=e)) from None
        return cls.from_json(data)

    def new_game(self) -> Game[Any, Any]:
        return load_game(self.game, **self.config)

    def replay(self, verify: bool = True, upto: int | None = None) -> State[Any, Any]:
        """Rebuild the state after ``upto`` moves (all by default), checking hashes when asked."""
        if self.generator != generator_name(self.seed):
            raise RecordError(
                _(
                    "the record's chance generator {found!r} is not the one its seed picks in this "
                    "version ({wanted!r})"
                ).format(found=self.generator, wanted=generator_name(self.seed))
            )
        game = self.new_game()
        if verify and self.content_hash and game.content_hash != self.content_hash:
            raise RecordError(
                _("content changed since the record was made ({now} != {then})").format(
                    now=game.content_hash, then=self.content_hash
                )
            )
        state = game.new_state(self.seed)
        for i, (seat, text) in enumerate(self.moves[:upto]):
            try:
                state.apply_recorded(seat, Action.parse(text))
            except LoopcityError as e:
                raise RecordError(
                    _("move {k} ({text!r} by seat {n}) was refused: {e}").format(
                        k=i + 1, text=text, n=seat + 1, e=e
                    )
                ) from None
            if verify and i < len(self.hashes) and self.hash_of(state) != self.hashes[i]:
                raise RecordError(
                    _("state after move {k} ({text!r}) differs from the recorded one").format(
                        k=i + 1, text=text
                    )
                )
        return state
