"""Helpers for Resourcity scenario tests: hand-drawn boards and fresh positions."""

from __future__ import annotations

from loopcity import load_game
from loopcity.games.resourcity.board import find_farms
from loopcity.games.resourcity.rules import ResourcityState
from loopcity.games.resourcity.tables import build_tables

CHARS = {
    "│": ("straight", "NS"),
    "─": ("straight", "EW"),
    "┌": ("curve", "ES"),
    "┐": ("curve", "SW"),
    "└": ("curve", "NE"),
    "┘": ("curve", "NW"),
    "┬": ("tee", "ESW"),
    "┤": ("tee", "NSW"),
    "┴": ("tee", "NEW"),
    "├": ("tee", "NES"),
    "┼": ("cross", "NESW"),
    "C": ("centre", "NESW"),
    "G": ("green", ""),
}


def parse(rows: list[str], content) -> tuple[list[str], list[int]]:
    """Tile types and rotations from six rows of six characters (missing cells are Green Spaces).
    ``╲`` is a tennis-ball tile with N-W and S-E quarter curves, ``╱`` the same turned once."""
    geo = build_tables(content).geo
    kinds, rots = [], []
    for r in range(6):
        row = rows[r] if r < len(rows) else ""
        for c in range(6):
            ch = row[c] if c < len(row) else "G"
            if ch == ".":
                ch = "G"
            if ch in "╲╱":
                kinds.append("tennis")
                rots.append(0 if ch == "╲" else 1)
                continue
            kind, exits = CHARS[ch]
            kinds.append(kind)
            rots.append(geo.rotation_for(kind, list(exits)) if exits else 0)
    return kinds, rots


def farms_of(rows: list[str]) -> list[int]:
    game = load_game("resourcity")
    kinds, rots = parse(rows, game.content)
    return find_farms(game.tables.geo, kinds, rots)


def fresh(
    players: int = 2, layout: str = "beginner", seed: int = 0, powers: list[str] | None = None
) -> ResourcityState:
    """A new game at the start of seat 1's turn, with chosen Superpowers."""
    s = load_game("resourcity", players=players, variant=layout).new_state(seed)
    assert isinstance(s, ResourcityState)
    if powers is not None:
        s.powers = list(powers)
    s.actions_left = 4
    return s


def set_board(s: ResourcityState, rows: list[str]) -> None:
    """Lay a hand-drawn board on a state (a scenario: the tile count is not kept) and find its Farms."""
    kinds, rots = parse(rows, s.game.content)
    s.grid_kind, s.grid_rot = kinds, rots
    s.board_changed()


def point(i: int, j: int) -> int:
    """The Plot id of lattice point (i, j)."""
    return i * 7 + j
