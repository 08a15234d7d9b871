"""What holds in every Resourcity state between two actions: resources, tiles and tokens all
accounted for, the Farms those of the grid, and each phase waiting on something that can happen.

The conformance suite checks them at every step of seeded games, and ``load_position`` checks them on
every position set up, so that an impossible hand-written position is refused with what is wrong."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .base import RESOURCES
from .board import TILES, find_farms
from .content import CROP_IDS, POWERS
from .farming import TOKEN, compost_targets

if TYPE_CHECKING:
    from .rules import ResourcityState


def check_invariants(s: ResourcityState) -> None:
    """Raise AssertionError, saying what is wrong, when the state breaks one of the game's invariants."""
    _check_players(s)
    _check_resources(s)
    _check_tiles(s)
    _check_deck(s)
    _check_plots(s)
    _check_tokens(s)
    _check_turn(s)


def _check_players(s: ResourcityState) -> None:
    """One Superpower, token, hand and harvest list per player; Superpowers all different."""
    n = s.players
    for name, per_player in (
        ("Superpowers", s.powers),
        ("tokens", s.pos),
        ("hands", s.hands),
        ("harvests", s.baskets),
    ):
        assert len(per_player) == n, f"{len(per_player)} players' {name} in a game of {n}"
    assert len(set(s.powers)) == n and set(s.powers) <= set(POWERS), (
        f"each player has a different Superpower of {', '.join(POWERS)}: {', '.join(s.powers)}"
    )
    limit = s.content.turn.max_players_per_tile
    for t in set(s.pos):
        if t == -1:
            assert s.phase == "place", "every token is on the grid once the table has placed them (Step 8)"
            continue
        assert 0 <= t < TILES, f"a player token on tile {t}, off the grid"
        assert s.pos.count(t) <= limit, f"{s.pos.count(t)} player tokens on tile {t}: at most {limit}"
    hand_size = s.content.turn.hand_size
    for seat, hand in enumerate(s.hands):
        assert len(hand) <= hand_size, f"player {seat + 1} holds {len(hand)} tiles: at most {hand_size}"


def _check_resources(s: ResourcityState) -> None:
    """Available + Used of each resource is what the game started with; neither is negative."""
    start = s.content.start
    for r in RESOURCES:
        total = getattr(start, r)
        have, used = s.avail[r], s.used[r]
        assert have >= 0, f"Available {r.capitalize()} is {have}"
        assert used >= 0, f"Used {r.capitalize()} is {used}: Available {have} is more than the game's {total}"
        assert have + used == total, (
            f"{r.capitalize()}: Available {have} + Used {used} = {have + used}, not {total}"
        )


def _check_tiles(s: ResourcityState) -> None:
    """Every tile of the box is in one place: the grid, a hand, the draw deck, the Discard Pile, or
    (a Crisis or Huat tile) resolved; Crisis and Huat tiles never on the grid, in a hand or discarded."""
    c = s.content
    events = {e.id for e in (*c.crises, *c.huats)}
    places = {
        "grid": Counter(s.grid_kind),
        "hands": Counter(k for h in s.hands for k in h),
        "draw deck": Counter(s.deck),
        "discard pile": Counter(s.discard_pile),
        "resolved": Counter(s.resolved),
    }
    for place in ("grid", "hands", "discard pile"):
        wrong = sorted(k for k in places[place] if k in events)
        assert not wrong, f"a Crisis or Huat tile ({', '.join(wrong)}) in the {place}"
    box = Counter({t.id: t.count for t in c.tiles}) + Counter(h.id for h in c.huats)
    for tile in sorted(
        set(box) | {k for counts in places.values() for k in counts} - {e.id for e in c.crises}
    ):
        where = {place: counts[tile] for place, counts in places.items() if counts[tile]}
        held = sum(where.values())
        assert held == box[tile], (
            f"the game holds {box[tile]} {tile} tiles: "
            + (" + ".join(f"{place} {n}" for place, n in where.items()) or "none found")
            + f" = {held}"
        )
    crises = {e.id for e in c.crises}
    in_play = sum(n for k, n in (places["draw deck"] + places["resolved"]).items() if k in crises)
    assert in_play == c.turn.crises_per_game, (
        f"a game holds {c.turn.crises_per_game} Crisis tiles: draw deck and resolved hold {in_play}"
    )
    assert all(n == 1 for k, n in (places["draw deck"] + places["resolved"]).items() if k in crises), (
        "a Crisis tile is in the game twice"
    )


def _check_deck(s: ResourcityState) -> None:
    """The draw deck's stacks: one per Crisis tile of the game, each holding at most one Crisis tile,
    the bottom one nothing but its Crisis tile; the Crisis count is the Crisis tiles resolved."""
    c = s.content
    crises = {e.id for e in c.crises}
    stacks = c.turn.crises_per_game
    assert len(s.sections) == stacks, f"the draw deck has {len(s.sections)} stacks, not {stacks}"
    assert all(n >= 0 for n in s.sections) and sum(s.sections) == len(s.deck), (
        f"the draw deck's stacks of {', '.join(map(str, s.sections))} tiles do not make its {len(s.deck)} tiles"
    )
    top = len(s.deck)
    for i, n in enumerate(s.sections, start=1):
        part = s.deck[top - n : top]
        top -= n
        held = sum(1 for k in part if k in crises)
        assert held <= 1, f"draw-deck stack {i} holds {held} Crisis tiles: at most 1"
    bottom = s.deck[: s.sections[-1]]
    assert len(bottom) <= 1 and all(k in crises for k in bottom), (
        f"the bottom stack holds the last Crisis tile alone, not {', '.join(bottom)}"
    )
    drawn = sum(1 for k in s.resolved if k in crises)
    assert s.crises_drawn == drawn, f"{s.crises_drawn} Crises counted, {drawn} resolved"


def _check_plots(s: ResourcityState) -> None:
    """The Farms are the grid's; crops and Compost lie on Plots in a Farm, with 1 (0 for a Water
    Catchment) up to the crop's tokens; the Plots farmed this turn are Plots."""
    farm = find_farms(s.tables.geo, s.grid_kind, s.grid_rot)
    assert s.farm == farm, "the Plot-to-Farm table is not the grid's Farms"
    assert set(s.tokens) == set(s.crop), "each crop's tokens are counted on its Plot"
    for p, crop_id in s.crop.items():
        assert crop_id in CROP_IDS, f"unknown crop {crop_id!r} on Plot {p}"
        assert farm[p] >= 0, f"a crop on Plot {p}, outside every Farm"
        crop = s.crop_of(crop_id)
        least = 0 if crop_id == "catchment" else 1
        assert least <= s.tokens[p] <= crop.tokens, (
            f"{crop.name} on Plot {p} holds {s.tokens[p]} tokens: {least} to {crop.tokens}"
        )
    for p in s.compost:
        assert 0 <= p < len(farm) and farm[p] >= 0, f"a Compost token on Plot {p}, outside every Farm"
    for p in s.farmed:
        assert 0 <= p < len(farm), f"Plot {p} farmed this turn is no Plot"


def _check_tokens(s: ResourcityState) -> None:
    """Every farming token is in the supply, on a Plot or in a harvest."""
    used: Counter[str] = Counter()
    for p, crop in s.crop.items():
        used[TOKEN[crop]] += s.tokens[p]
        used["catchment"] += crop == "catchment"
    used["compost"] += len(s.compost)
    for seat, basket in enumerate(s.baskets):
        for crop, n, comp in basket:
            assert crop in CROP_IDS and n >= 0 and comp in (0, 1), (
                f"player {seat + 1}'s harvest {crop} {n} {comp}"
            )
            used[TOKEN[crop]] += n
            used["compost"] += comp
    for token, total in s.content.supply.model_dump(exclude={"source"}).items():
        left = s.supply[token]
        assert left >= 0 and left + used[token] == total, (
            f"the game holds {total} {token} tokens: supply {left} + on Plots and in harvests {used[token]}"
        )


def _check_turn(s: ResourcityState) -> None:
    """Where the turn stands: the current player, what the phase waits on, the effects' turns left,
    and a result exactly when the game is over."""
    n = s.players
    assert 0 <= s.turn < n and s.round >= 1, f"player {s.turn + 1} to act in round {s.round} of a game of {n}"
    assert 0 <= s.first < n, f"player {s.first + 1} started a game of {n}"
    assert (s.ballot is not None) == (s.phase == "vote"), "a question is open in phase vote only"
    assert len(s.proposals) < max(n, 1) or s.phase not in ("propose", "vote"), (
        "every player has proposed already"
    )
    assert s.actions_left >= 0, f"{s.actions_left} Actions left"
    for name, left in (
        ("Manpower Shortage", s.manpower),
        ("Pandemic", s.pandemic),
        ("Community Day", s.community),
    ):
        assert 0 <= left <= n, f"{name} lasts {left} more turns: at most one round ({n})"
    over = s.phase == "over"
    assert over == (s.won or s.result is not None) and not (s.won and s.result), "a game over is won or lost"
    if not over:
        win = s.content.turn.crises_to_win
        assert s.crises_drawn < win, f"{s.crises_drawn} Crises survived: the game is won at {win}"
    hand = s.hands[s.turn]
    _check_table(s)
    match s.phase:
        case "act" | "discard":
            assert s.pending == (), f"nothing is pending in phase {s.phase}"
            if s.phase == "discard":
                assert len(hand) == s.content.turn.hand_size, "a player discards from a full hand"
        case "over" | "place" | "propose" | "vote":
            pass  # a game lost during Compost Day's draw keeps its count of Compost tokens to place
        case "orient":
            assert len(s.pending) == 2, "phase orient waits on a hand slot and a tile"
            slot, t = s.pending
            assert 0 <= slot < len(hand) and t in s.reach(s.turn), (
                f"cannot place hand slot {slot} on tile {t}"
            )
            assert len(s.tables.geo.rotations[hand[slot]]) > 1, f"a {hand[slot]} tile needs no turning"
        case "relocate":
            assert s.powers[s.turn] == "policymaker", "only the Policy Maker moves another player's token"
            assert len(s.pending) == 1 and 0 <= s.pending[0] < n, "phase relocate waits on a player"
        case "compost":
            assert len(s.pending) == 1 and s.pending[0] >= 1, "phase compost waits on Compost tokens to place"
            assert compost_targets(s), "Compost Day with no Plot to put Compost on"
        case "draw":
            raise AssertionError("a game is never left drawing between two actions")


def _check_table(s: ResourcityState) -> None:
    """The table's decisions: tokens placed before anyone proposes, one proposal at a time, the vote's
    answers from the players asked."""
    placed = all(t >= 0 for t in s.pos)
    if s.phase != "place":
        assert placed, f"phase {s.phase} with a token not yet placed"
    if s.phase in ("place", "propose", "vote"):
        assert s.actions_left == 0 and not s.stage, "nobody takes Actions before the first player is chosen"
    ballot = s.ballot
    if ballot is not None:
        assert set(ballot["votes"]) <= set(ballot["asked"]), "an answer from a player who was not asked"
        if s.phase == "vote":
            assert ballot["by"] == len(s.proposals) and ballot["votes"].get(ballot["by"]) == "yes", (
                "the player whose word it is proposes, and votes for the proposal"
            )
