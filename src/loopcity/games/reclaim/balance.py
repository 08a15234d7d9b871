"""RECLAIM's balance figures beyond ``loopcity simulate``: how often a table adopts the rulebook's
"Dump it in a Water hexagon", in which round games are lost, and where the Waste in the Water came
from (the level 0 plant's conversion die, dump decisions, Event cards).

Run it on the same seeds as ``loopcity simulate reclaim`` (game ``i`` has seed ``game_seed(seed, i)``):

    python -m loopcity.games.reclaim.balance --games 1000 --bot heuristic
    python -m loopcity.games.reclaim.balance --games 300 --set hexes.17.terrain=water

It prints one JSON object (rates with their 95% Wilson intervals); docs/games/reclaim.md, "Balance
targets", quotes it."""

from __future__ import annotations

import argparse
import json
import tomllib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from loopcity.engine import Action, Bot, Game, RandomBot, load_game, play
from loopcity.engine.runs import game_seed, wilson_interval
from loopcity.engine.table import VOTE

from .actions import CONVERT, PROPOSE, TREAT
from .board import MIXED, SEPARATED
from .rules import ReclaimState


@dataclass
class GameFigures:
    """One game: how it ended, the dump decisions the table adopted, the Waste that reached the Water
    by where it came from (``die``: the level 0 plant's conversion die, ``dump``: a dump decision,
    ``runoff``: Waste made on a hexagon with no room for it, ``event``: Event cards; ``cleaned``:
    taken out again)."""

    seed: int
    team_won: bool
    cause: str
    last_round: int
    dumps_proposed: int = 0
    dumps_adopted: int = 0
    units_dumped: int = 0
    water: Counter[str] = field(default_factory=Counter)
    round_1_water: Counter[str] = field(default_factory=Counter)


def make_bot(name: str, game: Game, seat: int, seed: int) -> Bot:
    """``random`` or one of the game's own bots (``heuristic``)."""
    if name == "random":
        return RandomBot(game, seat, seed)
    return game.spec.bots[name](game, seat, seed)


def water_waste(st: ReclaimState) -> int:
    """Waste in all the Water hexagons."""
    return sum(r[MIXED] + r[SEPARATED] for t, r in zip(st.terrain, st.res, strict=True) if t == "water")


def play_figures(game: Game, seed: int, bots: Sequence[str]) -> GameFigures:
    """Play one seeded game with ``bots`` (cycled over the seats) and note its figures."""
    state = game.new_state(seed)
    assert isinstance(state, ReclaimState)
    agents = [make_bot(bots[s % len(bots)], game, s, seed) for s in range(game.players)]
    before: dict[str, Any] = {"water": water_waste(state), "ballot": None}
    dumps = Counter[str]()
    water: Counter[str] = Counter()
    round_1: Counter[str] = Counter()

    def on_move(seat: int, action: Action, st: Any) -> None:
        assert isinstance(st, ReclaimState)
        ballot = before["ballot"]
        now = water_waste(st)
        delta = now - before["water"]
        if action.kind == PROPOSE.name and PROPOSE.read(action).item == "dump":
            dumps["proposed"] += 1
        dump_vote = action.kind == VOTE.name and ballot is not None and ballot == "dump"
        if dump_vote and st.ballot is None and delta > 0:
            dumps["adopted"] += 1
            dumps["units"] += delta
        if delta:
            source = (
                "cleaned"
                if delta < 0
                else "die"
                if action.kind == TREAT.name
                else "dump"
                if dump_vote
                else "runoff"
                if action.kind == CONVERT.name
                else "event"
            )
            water[source] += abs(delta)
            if st.round == 1 and st.phase != "growth":
                round_1[source] += abs(delta)
        before["water"] = now
        before["ballot"] = None if st.ballot is None else st.ballot["subject"]

    play(state, agents, on_move=on_move)
    outcome = state.outcome()
    assert outcome is not None
    return GameFigures(
        seed,
        bool(outcome.team_won),
        outcome.cause,
        state.round,
        dumps["proposed"],
        dumps["adopted"],
        dumps["units"],
        water,
        round_1,
    )


def _rate(k: int, n: int) -> dict[str, Any]:
    return {"count": k, "rate": k / n if n else 0.0, "ci95": list(wilson_interval(k, n))}


def summarize(figures: Sequence[GameFigures]) -> dict[str, Any]:
    """The run's figures: team win rate, games with a dump adopted, games lost in round 1 (each
    with its 95% interval), dump decisions, losses by round and the Water's Waste by source."""
    n = len(figures)
    lost = [f for f in figures if not f.team_won]
    water: Counter[str] = Counter()
    round_1_lost_water: Counter[str] = Counter()
    for f in figures:
        water.update(f.water)
        if not f.team_won and f.last_round == 1:
            round_1_lost_water.update(f.round_1_water)
    return {
        "games": n,
        "team_win": _rate(n - len(lost), n),
        "games_with_dump_adopted": _rate(sum(1 for f in figures if f.dumps_adopted), n),
        "dump_decisions_proposed": sum(f.dumps_proposed for f in figures),
        "dump_decisions_adopted": sum(f.dumps_adopted for f in figures),
        "units_dumped": sum(f.units_dumped for f in figures),
        "lost_in_round_1": _rate(sum(1 for f in lost if f.last_round == 1), n),
        "round_1_loss_causes": dict(Counter(f.cause for f in lost if f.last_round == 1).most_common()),
        "losses_by_round": dict(sorted(Counter(f.last_round for f in lost).items())),
        "loss_causes": dict(Counter(f.cause for f in lost).most_common()),
        "water_waste_by_source": dict(water.most_common()),
        "water_waste_by_source_in_round_1_losses": dict(round_1_lost_water.most_common()),
    }


def _value(text: str) -> Any:
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def run(
    games: int,
    bots: Sequence[str] = ("heuristic",),
    seed: int = 0,
    sets: Sequence[str] = (),
    variant: str | None = None,
) -> dict[str, Any]:
    """Play ``games`` seeded games (the seeds of ``loopcity simulate``) and summarize them; ``sets``:
    ``PATH=VALUE`` items, an option (``event_every=1``) or a content value by dotted path."""
    names = {o.name for o in load_game("reclaim").spec.options}
    options: dict[str, Any] = {} if variant is None else {"variant": variant}
    overrides: dict[str, Any] = {}
    for item in sets:
        path, _eq, text = item.partition("=")
        (options if path in names else overrides)[path] = _value(text)
    game = load_game("reclaim", **options, **({"overrides": overrides} if overrides else {}))
    game.tongues = ()  # nobody reads the log
    out = summarize([play_figures(game, game_seed(seed, i), bots) for i in range(games)])
    out.update(bots=list(bots), seed=seed, sets=list(sets), variant=variant or "standard")
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m loopcity.games.reclaim.balance", description=__doc__)
    parser.add_argument("--games", "-n", type=int, default=300)
    parser.add_argument("--bot", default="heuristic", help="bots per seat, comma separated, cycled")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variant")
    parser.add_argument("--set", dest="sets", action="append", default=[], help="PATH=VALUE, as simulate")
    args = parser.parse_args(argv)
    print(json.dumps(run(args.games, args.bot.split(","), args.seed, args.sets, args.variant), indent=1))


if __name__ == "__main__":
    main()
