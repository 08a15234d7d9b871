"""The conformance suite every registered game passes (run over all games in the default tests).

``check_game(game)`` plays seeded random games and, along the way, checks that: playouts end within
the game's maximum length; clone and JSON snapshots give equal states; replaying the record is
deterministic; malformed and illegal actions are refused without change; every legal action's text,
JSON and index forms read back exactly; views are JSON-ready and leak nothing (a state redrawn in
what a seat cannot see gives that seat the same view, and the redraw depends on that view alone, so a
search bot's decision cannot depend on the truth); observation tensors, where the game gives them,
stay in their layout and in [0, 1] and leak nothing either; a position written out and set up again
gives the same views and legal actions; the game's own invariants hold at every step, under random
play and under the game's heuristic bot, which reaches the situations random play rarely does;
wall-clock actions are never a seat's legal action, are refused from a seat, ring by moves in the
playouts (:class:`~loopcity.engine.clocks.MoveClock`) and a game's quick ``_clock_actions`` agrees
with its rules.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .actions import Action
from .bots import Bot, RandomBot
from .clocks import MoveClock
from .errors import IllegalAction, MalformedAction
from .observation import Features, encoder_for
from .position import dump_position, read_position
from .record import Record
from .registry import load_snapshot
from .rng import Rng
from .runner import next_seat
from .spec import Game
from .state import State


def _expect_refusal(state: State[Any, Any], seat: Any, action: Any, error: type[Exception]) -> None:
    before = state.state_hash(with_log=True)
    try:
        state.apply(seat, action)
    except error as e:
        assert str(e), "a refusal must say why"
    else:
        raise AssertionError(f"{action!r} for seat {seat!r} was accepted; expected {error.__name__}")
    assert state.state_hash(with_log=True) == before, f"refused {action!r} changed the state"


def check_actions_round_trip(state: State[Any, Any]) -> None:
    space = state.game.spec.action_space
    for seat in state.active_seats():
        for a in state.legal_actions(seat):
            assert Action.parse(str(a)) == a, f"text form of {a!r} does not read back"
            assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a, f"JSON form of {a!r}"
            assert space.action(space.index(a)) == a, f"index of {a!r} does not read back"


def check_copies(state: State[Any, Any]) -> None:
    clone = state.clone()
    assert clone == state and clone.state_hash() == state.state_hash(), "clone differs"
    snapshot = json.loads(json.dumps(state.to_json()))
    loaded = load_snapshot(snapshot)
    assert loaded == state, "JSON snapshot does not load back to an equal state"
    if not state.is_terminal():
        seat = next_seat(state)
        legal = state.legal_actions(seat)
        clone.apply(seat, legal[0])
        assert clone != state or not legal, "clone shares data with the original"
        assert loaded.legal_actions(seat) == legal, "loaded snapshot has other legal actions"


def check_refusals(state: State[Any, Any], rng: Rng) -> None:
    _expect_refusal(state, 0, Action("__no_such_action__"), MalformedAction)
    _expect_refusal(state, 0, "this is not an action", MalformedAction)
    _expect_refusal(state, state.players, state.game.spec.action_space.action(0), MalformedAction)
    if state.is_terminal():
        return
    active = state.active_seats()
    space = state.game.spec.action_space
    seat = active[0]
    legal = set(state.legal_actions(seat))
    for _ in range(20):
        candidate = space.action(rng.below(space.size))
        if candidate not in legal:
            _expect_refusal(state, seat, candidate, IllegalAction)
            break
    idle = [s for s in range(state.players) if s not in active]
    if idle and legal:
        _expect_refusal(state, idle[0], next(iter(legal)), IllegalAction)


def check_clocks(state: State[Any, Any]) -> None:
    """No seat may choose a wall-clock action; the game's quick answer to which may ring agrees with
    its rules; one that may ring is refused from a seat without change."""
    clocks = state.game.spec.action_space.clocks
    if not clocks:
        return
    for seat in state.active_seats():
        leaked = [str(a) for a in state.legal_actions(seat) if a.kind in clocks]
        assert not leaked, f"seat {seat} is offered the clock's actions {leaked}"
        if not state.game.clocks:  # no clock runs at this table: the rules offer none either
            offered = [str(a) for a in state._legal_actions(seat) if a.kind in clocks]
            assert not offered, f"{offered} offered where the game declares no clock runs"
    ringing = state.clock_actions()
    assert ringing == State._clock_actions(state) or state.is_terminal(), (
        f"_clock_actions() gives {ringing}, the rules offer {State._clock_actions(state)}"
    )
    for action in ringing:
        _expect_refusal(state, state.active_seats()[0], action, IllegalAction)


def words(state: State[Any, Any], seat: int | None) -> tuple[str, list[tuple[str, str]]]:
    """What ``seat`` reads of its situation: the prompt, and each legal action's label and group."""
    legal = state.legal_actions(seat) if seat is not None else []
    labels = (
        [(lab.text, lab.group) for lab in (state.label(seat, a) for a in legal)] if seat is not None else []
    )
    return state.prompt(seat), labels


def check_words(state: State[Any, Any]) -> None:
    """Every legal action reads as words, not as its text form; panels and the stage are made from
    views alone."""
    for seat in state.active_seats():
        for action in state.legal_actions(seat):
            label = state.label(seat, action)
            assert label.text.strip() and label.text != str(action), f"{action} has no label of its own"
    spec = state.game.spec
    for seat in [None, *range(state.players)]:
        assert state.prompt(seat).strip(), f"seat {seat} has no prompt"
        view = state.view(seat)
        if spec.panels is not None:
            json.dumps([p.to_json() for p in spec.panels(view)])
        if spec.stage is not None:
            json.dumps([c.to_json() for c in spec.stage(view)])


def check_views(state: State[Any, Any], rng: Rng) -> bool:
    """Views, prompts and labels are JSON-ready and unchanged by redrawing hidden parts; True if
    anything was redrawn."""
    redrew = False
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        json.dumps(view)
        said = words(state, seat)
        for _ in range(2):
            other = state.determinize(seat, rng.next64())
            other.check_invariants()
            assert other.view(seat) == view, f"view of seat {seat} depends on what it cannot see"
            assert words(other, seat) == said, f"what seat {seat} reads depends on what it cannot see"
            if seat is not None:
                assert other.legal_actions(seat) == state.legal_actions(seat), (
                    f"seat {seat} legal actions leak"
                )
            seed = rng.next64()
            again = other.determinize(seat, seed)
            assert again == state.determinize(seat, seed), (
                f"seat {seat}'s redraw depends on the true hidden state, not on its view alone"
            )
            shown = {k: v for k, v in other._fields().items() if k != "rng"}
            if shown != {k: v for k, v in state._fields().items() if k != "rng"}:
                redrew = True
    return redrew


def _entries(features: Features, size: int, what: str) -> dict[int, float]:
    indices = features.hot + features.index
    for offset, amounts, most in features.runs:
        assert most > 0, f"{what}: a run at {offset} divides by {most}"
        indices += range(offset, offset + len(amounts))
    assert len(indices) == len(set(indices)), f"{what}: an entry is written twice"
    assert all(0 <= i < size for i in indices), f"{what}: an entry lies outside its {size} entries"
    entries = features.as_dict()
    assert all(0.0 <= v <= 1.0 for v in entries.values()), f"{what}: a value outside [0, 1]"
    return entries


def check_observations(state: State[Any, Any], rng: Rng) -> None:
    """The game's observation tensors (if any) keep to their layout and [0, 1], and read nothing a
    seat cannot see: a state redrawn in what it cannot see gives it the same observation and memory."""
    enc = encoder_for(state.game)
    if enc is None:
        return
    for seat in range(state.players):
        seen = _entries(enc.encode(state, seat), enc.layout.size, f"seat {seat}'s observation")
        memory = _entries(enc.encode_memory(state, seat), enc.memory.size, f"seat {seat}'s memory")
        other = state.determinize(seat, rng.next64())
        assert enc.encode(other, seat).as_dict() == seen, f"seat {seat}'s observation leaks"
        assert enc.encode_memory(other, seat).as_dict() == memory, f"seat {seat}'s memory leaks"


def check_position(state: State[Any, Any]) -> None:
    """The state's position, written as TOML and set up again, shows every seat the same view and
    offers the same legal actions (what is not in a position: the log and the chance stream)."""
    if state.position_model is None:
        return
    again = read_position(dump_position(state), state.game)
    assert again.active_seats() == state.active_seats(), "a position set up again has other active seats"
    for seat in [None, *range(state.players)]:
        assert again.view(seat) == state.view(seat), f"a position set up again shows seat {seat} another view"
    for seat in state.active_seats():
        assert again.legal_actions(seat) == state.legal_actions(seat), (
            f"a position set up again offers seat {seat} other actions"
        )


def random_playout(game: Game[Any, Any], seed: int, record: Record | None = None) -> State[Any, Any]:
    state = game.new_state(seed)
    bots = [RandomBot(game, s, seed) for s in range(game.players)]
    clock = MoveClock(game)
    limit = game.spec.max_steps
    while not state.is_terminal():
        assert state.step < limit, f"random playout (seed {seed}) did not end within {limit} steps"
        seat, action = _step(state, bots, clock)
        if record is not None:
            record.add(seat, action, state)
    return state


def _step(state: State[Any, Any], bots: Sequence[Bot], clock: MoveClock) -> tuple[int, Action]:
    """One move of a playout: the clock's when its time is up, else the next seat's bot's."""
    rang = clock.ring(state)
    if rang is not None:
        return rang
    seat = next_seat(state)
    action = bots[seat].choose(state, seat)
    state.apply(seat, action)
    return seat, action


def check_game(
    game: Game[Any, Any], playouts: int = 3, seed: int = 0, samples: int = 12, heuristic: int = 1
) -> dict[str, Any]:
    """Run every conformance check on ``playouts`` random games and ``heuristic`` games of the game's
    heuristic bot (when it has one); returns counts for reports."""
    spec = game.spec
    rng = Rng(seed ^ 0x5EED)
    redrew_any = False
    lengths = []
    factory = spec.bots.get("heuristic")
    bot_games = [RandomBot] * playouts + ([factory] * heuristic if factory is not None else [])
    for p, make in enumerate(bot_games):
        pseed = seed * 1000 + p
        state = game.new_state(pseed)
        assert state == game.new_state(pseed), "the same seed must give the same start"
        record = Record.start(state, pseed)
        bots = [make(game, s, pseed) for s in range(game.players)]
        clock = MoveClock(game)
        stride = max(1, spec.max_steps // (samples * 8))
        while True:
            state.check_invariants()
            assert all(0 <= s < game.players for s in state.active_seats())
            check_clocks(state)
            if state.step % stride == 0 or state.is_terminal():
                check_actions_round_trip(state)
                check_copies(state)
                check_refusals(state, rng)
                check_position(state)
                check_words(state)
                redrew_any |= check_views(state, rng)
                check_observations(state, rng)
            if state.is_terminal():
                break
            assert state.active_seats(), "a live game needs a seat to act"
            assert state.step < spec.max_steps, f"playout {pseed} did not end in {spec.max_steps} steps"
            assert state.legal_actions(next_seat(state)), "the seat to act must have a legal action"
            seat, action = _step(state, bots, clock)
            record.add(seat, action, state)
        outcome = state.outcome()
        assert outcome is not None and outcome.cause, "a finished game has an outcome with a cause"
        assert len(outcome.scores) == game.players
        json.dumps(outcome.to_json())
        loaded = Record.from_json(json.loads(json.dumps(record.to_json())))
        assert loaded.replay(verify=True) == state, "replaying the record gives another final state"
        lengths.append(state.step)
    if spec.hidden_information:
        assert redrew_any, "a game with secrets must redraw them in determinize()"
    return {"playouts": len(bot_games), "lengths": lengths}
