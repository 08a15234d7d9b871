"""Game records: a header (game, rules version, content hash, options, seed) and the moves, like PGN.

Replaying a record rebuilds every state exactly; the record keeps a state hash after every move so
that a replay can be verified step by step. Records of format 1 hashed the log's wording too; they
still replay, and are verified against that older hash.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action
from .errors import LoopcityError, RecordError
from .registry import load_game
from .spec import Game
from .state import State

FORMAT = "loopcity-record/2"
FORMATS = ("loopcity-record/1", FORMAT)


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
            },
            "moves": [[seat, text] for seat, text in self.moves],
            "hashes": self.hashes,
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        try:
            if data.get("format") not in FORMATS:
                raise RecordError(f"not a Loopcity record (format {data.get('format')!r}, expected {FORMAT})")
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
            )
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            if isinstance(e, RecordError):
                raise
            raise RecordError(f"record is missing or has a bad field: {e}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1))

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            data = json.loads(Path(path).read_text())
        except FileNotFoundError:
            raise RecordError(f"{path}: no such file") from None
        except json.JSONDecodeError as e:
            raise RecordError(f"{path}: not JSON: {e}") from None
        return cls.from_json(data)

    def new_game(self) -> Game[Any, Any]:
        return load_game(self.game, **self.config)

    def replay(self, verify: bool = True, upto: int | None = None) -> State[Any, Any]:
        """Rebuild the state after ``upto`` moves (all by default), checking hashes when asked."""
        game = self.new_game()
        if verify and self.content_hash and game.content_hash != self.content_hash:
            raise RecordError(
                f"content changed since the record was made ({game.content_hash} != {self.content_hash})"
            )
        state = game.new_state(self.seed)
        for i, (seat, text) in enumerate(self.moves[:upto]):
            try:
                state.apply(seat, Action.parse(text))
            except LoopcityError as e:
                raise RecordError(f"move {i + 1} ({text!r} by seat {seat + 1}) was refused: {e}") from None
            if verify and i < len(self.hashes) and self.hash_of(state) != self.hashes[i]:
                raise RecordError(f"state after move {i + 1} ({text!r}) differs from the recorded one")
        return state
