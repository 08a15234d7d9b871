"""The engine's exceptions. Every refusal says what was wrong; none changes a state."""

from __future__ import annotations


class LoopcityError(Exception):
    """Base of every error the engine raises on purpose."""


class MalformedAction(LoopcityError, ValueError):
    """Input that is not an action of this game at all: unknown kind, wrong argument, bad seat."""


class IllegalAction(LoopcityError):
    """A well-formed action that the rules do not allow for this seat now."""


class OptionError(LoopcityError, ValueError):
    """An unknown game option, variant or player count, or a bad option value."""


class ContentError(LoopcityError, ValueError):
    """A content file that does not validate; the message names the file, the item and the field."""


class UnknownGame(LoopcityError, KeyError):
    """No game is registered under this id."""

    def __str__(self) -> str:  # KeyError quotes its message; keep it readable
        return str(self.args[0]) if self.args else "unknown game"


class RecordError(LoopcityError, ValueError):
    """A game record that cannot be read or does not replay to the states it claims."""


class PositionError(LoopcityError, ValueError):
    """A position that cannot be set up: a bad field (named), or one that breaks the game's rules."""
