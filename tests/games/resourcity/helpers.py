"""Helpers for Resourcity scenario tests: situations set up through positions, with hand-drawn boards.

A scenario starts from the position of a fresh game (seat 1 to act with 4 Actions) and changes the
fields a test names (``available``, ``hands``, ``crops`` ...: the position's own names). The tiles the
scenario leaves over go to the Discard Pile (Huat tiles: resolved), the Crisis tiles a draw deck lacks
go to the bottom of its stacks, and a board that needs more of a tile than the box holds is played
with a content that has them; so every scenario is a position the game accepts, invariants included.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from loopcity import load_game
from loopcity.engine import Game, load_position, position_of
from loopcity.games.resourcity.board import find_farms
from loopcity.games.resourcity.rules import ResourcityState

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
QUIET = " ".join(["straight"] * 30)
"""A draw-deck stack of plain road tiles, so that no Crisis or Huat tile interferes."""
GAME = load_game("resourcity")


def parse(rows: list[str]) -> tuple[list[str], list[int]]:
    """Tile types and rotations from six rows of six characters (missing cells are Green Spaces).
    ``╲`` is a tennis-ball tile with N-W and S-E quarter curves, ``╱`` the same turned once."""
    geo = GAME.tables.geo
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


def grid(rows: list[str]) -> list[str]:
    """A hand-drawn board as the position's ``grid`` (one ``tile:turns`` line per row)."""
    kinds, rots = parse(rows)
    return [" ".join(f"{kinds[t]}:{rots[t]}" for t in range(r * 6, r * 6 + 6)) for r in range(6)]


def farms_of(rows: list[str]) -> list[int]:
    """The Plot-to-Farm table of a hand-drawn board."""
    kinds, rots = parse(rows)
    return find_farms(GAME.tables.geo, kinds, rots)


def point(i: int, j: int) -> int:
    """The Plot id of lattice point (i, j)."""
    return i * 7 + j


def changed_grid(s: ResourcityState, tiles: dict[int, str]) -> list[str]:
    """The state's grid with some tiles (by number) of another type, each keeping its turn."""
    kinds = [tiles.get(t, kind) for t, kind in enumerate(s.grid_kind)]
    return [" ".join(f"{kinds[t]}:{s.grid_rot[t]}" for t in range(r * 6, r * 6 + 6)) for r in range(6)]


def crop(plot: int, crop_id: str, tokens: int) -> dict[str, Any]:
    """A crop on a Plot, as the position's ``crops`` list holds it."""
    return {"plot": plot, "crop": crop_id, "tokens": tokens}


def harvest(player: int, crop_id: str, tokens: int, compost: int = 0) -> dict[str, Any]:
    """A harvest player ``player`` (from 1) carries, as the position's ``harvests`` list holds it."""
    return {"player": player, "crop": crop_id, "tokens": tokens, "compost": compost}


def new_game(players: int = 2, layout: str = "beginner", seed: int = 0) -> ResourcityState:
    """A new game, before the table has decided where the tokens start and who starts first."""
    s = load_game("resourcity", players=players, variant=layout).new_state(seed)
    assert isinstance(s, ResourcityState)
    return s


def decide(s: ResourcityState, first: int = 1) -> ResourcityState:
    """Steps 8-9 as a table might settle them: player i on the (i mod 3)-th Community Centre, then
    player 1 proposes that ``first`` starts and everyone agrees."""
    centres = [t for t in range(36) if s.grid_kind[t] == "centre"]
    for seat in range(s.players):
        s.apply(seat, f"start {centres[seat % len(centres)]}")
    if s.players > 1:
        s.apply(0, f"propose {first}")
        for seat in range(1, s.players):
            if s.phase == "vote":
                s.apply(seat, "vote yes")
    return s


def fresh(players: int = 2, layout: str = "beginner", seed: int = 0) -> ResourcityState:
    """A new game at the start of seat 1's turn, the tokens on the Community Centres in turn."""
    return decide(new_game(players, layout, seed))


def scenario(
    rows: list[str] | None = None,
    *,
    players: int = 2,
    layout: str = "beginner",
    seed: int = 0,
    powers: list[str] | tuple[str, ...] | None = None,
    tokens: list[int] | tuple[int, ...] | None = None,
    quiet: bool = False,
    deck_top: list[str] | tuple[str, ...] = (),
    **fields: Any,
) -> ResourcityState:
    """A fresh game's position (seat 1 to act, 4 Actions left) with a hand-drawn board (``rows``),
    Superpowers (``powers``), player tokens (``tokens``), a draw deck of road tiles on top (``quiet``),
    tiles put on top of the deck (``deck_top``, top first) and any other position fields."""
    data = position_of(fresh(players, layout, seed))
    data["actions_left"] = 4
    if rows is not None:
        data["grid"] = grid(rows)
    if powers is not None:
        data["superpowers"] = list(powers)
    if tokens is not None:
        data["player_tokens"] = list(tokens)
    if quiet:
        data["draw_deck"] = [QUIET] + [""] * (len(data["draw_deck"]) - 1)
    if deck_top:
        data["draw_deck"][0] = " ".join([*deck_top, *data["draw_deck"][0].split()])
    _change(data, fields)
    return _load(data)


def again(s: ResourcityState, **fields: Any) -> ResourcityState:
    """The state's own position with some fields changed (what a table would do by hand)."""
    data = position_of(s)
    _change(data, fields)
    return _load(data)


def on_top(s: ResourcityState, tile: str) -> ResourcityState:
    """The state with ``tile`` (a road, Crisis or Huat tile) put on top of the draw deck; a Crisis
    tile takes the place of the one its stack held."""
    data = position_of(s)
    crises = {e.id for e in GAME.content.crises}
    stacks = [[t for t in stack.split() if t != tile] for stack in data["draw_deck"]]
    if tile in crises:
        stacks[0] = [t for t in stacks[0] if t not in crises]
    stacks[0].insert(0, tile)
    data["draw_deck"] = [" ".join(stack) for stack in stacks]
    data["resolved_tiles"] = " ".join(t for t in data["resolved_tiles"].split() if t != tile)
    return _load(data)


def _change(data: dict[str, Any], fields: dict[str, Any]) -> None:
    """Set position fields; ``available`` given in part keeps the other resources, and ``hands`` given
    as ``{player: "tiles"}`` (players from 1) changes only those players' hands."""
    for name, value in fields.items():
        if name == "available":
            data[name] = {**data[name], **value}
        elif name == "hands" and isinstance(value, dict):
            data[name] = [value.get(p + 1, hand) for p, hand in enumerate(data[name])]
        else:
            data[name] = value


def _load(data: dict[str, Any]) -> ResourcityState:
    """Set up a scenario's position, completing the box's tiles first (see the module docstring)."""
    overrides = _complete_the_box(data)
    game: Game = load_game(
        "resourcity", players=data["players"], variant=data["variant"], overrides=overrides or None
    )
    s = load_position(data, game)
    assert isinstance(s, ResourcityState)
    return s


def _complete_the_box(data: dict[str, Any]) -> dict[str, int]:
    """Put every tile the scenario does not place somewhere it may be; returns the tile counts the
    scenario's content needs beyond the box."""
    content = GAME.content
    box = {t.id: t.count for t in content.tiles}
    crises = [e.id for e in content.crises]
    stacks = [stack.split() for stack in data["draw_deck"]]
    cells = [cell.split(":")[0] for row in data["grid"] for cell in row.split()]
    hands = [t for hand in data["hands"] for t in hand.split()]
    held = Counter(cells + hands + [t for stack in stacks for t in stack])
    held += Counter(data["discard_pile"].split()) + Counter(data["resolved_tiles"].split())
    overrides = {f"tiles.{t}.count": n for t, n in held.items() if t in box and n > box[t]}
    discard = data["discard_pile"].split()
    for t, n in box.items():
        discard += [t] * (n - held[t])
    data["discard_pile"] = " ".join(discard)
    resolved = data["resolved_tiles"].split() + [h.id for h in content.huats if not held[h.id]]
    data["resolved_tiles"] = " ".join(resolved)
    spare = [c for c in crises if not held[c]]
    in_play = sum(held[c] for c in crises)
    for stack in stacks:
        if in_play < content.turn.crises_per_game and not any(t in crises for t in stack):
            stack.append(spare.pop(0))
            in_play += 1
    data["draw_deck"] = [" ".join(stack) for stack in stacks]
    return overrides
