"""engine/risk.py: an action that loses the game, or leaves a player short of the next cost, is told
before it is taken; only from what the seat knows; and a game's state is never touched."""

from __future__ import annotations

import random
import time

from loopcity.engine import load_game, risk
from loopcity.engine.risk import assess, shortfalls


def _play_until(game_id: str, found, seeds=range(6), most: int = 400):
    """Random play until ``found(state, seat, risks)`` holds; returns (state, seat, risks)."""
    game = load_game(game_id)
    for seed in seeds:
        state, rnd = game.new_state(seed), random.Random(seed)
        for _ in range(most):
            if state.is_terminal():
                break
            seat = state.active_seats()[0]
            legal = state.legal_actions(seat)
            risks = assess(state, seat, legal)
            if found(state, seat, risks):
                return state, seat, risks
            state.apply(seat, rnd.choice(legal))
    raise AssertionError("no such position in the games tried")


def test_an_action_that_loses_says_so_and_it_does_lose():
    state, seat, risks = _play_until("resourced", lambda s, seat, r: any(v.loses for v in r.values()))
    text, risk = next((k, v) for k, v in risks.items() if v.loses)
    assert risk.text.startswith("Watch out: this loses the game")
    before = state.state_hash(with_log=True)
    after = state.clone()
    after.apply(seat, text)
    assert after.is_terminal() and not after.outcome().team_won
    assert state.state_hash(with_log=True) == before, "assessing leaves the state as it was"


def test_waste_what_says_what_accepting_an_offer_leaves_and_warns_of_rent_left_unpaid():
    def short_offer(state, seat, risks):
        return any(k.startswith("vote yes") and v.text and v.leaves for k, v in risks.items())

    state, seat, risks = _play_until("waste_what", short_offer)
    risk = risks["vote yes"]
    assert "you will hold" in risk.leaves and "rent at the end of the round" in risk.leaves
    assert risk.text.startswith("Watch out: you will hold")
    after = state.clone()
    after.apply(seat, "vote yes")
    assert after.cash[seat] < after.rent_due(seat), "the warning is true"
    assert shortfalls(after, seat), "the page keeps saying so once it is so"
    assert shortfalls(after, 1 - seat)[0].startswith("Player"), "and the partner reads it about the player"


def test_what_is_said_depends_only_on_what_the_seat_knows():
    """Redrawing what the seat cannot see changes no warning (as labels and prompts)."""
    from loopcity.engine.rng import Rng

    game = load_game("waste_what")
    for seed in range(3):
        state, rnd = game.new_state(seed), random.Random(seed)
        for i in range(120):
            if state.is_terminal():
                break
            seat = state.active_seats()[0]
            redrawn = state.clone()
            redrawn.resample_hidden(seat, Rng(i + 1))
            assert assess(state, seat) == assess(redrawn, seat)
            state.apply(seat, rnd.choice(state.legal_actions(seat)))


def test_the_actions_tried_word_no_log_lines(monkeypatch):
    """The copies the look-ahead tries actions on are never read: their steps call no log words, in a
    game whose log is kept in two languages (as a table read in English and German keeps it)."""
    game = load_game("reclaim")
    game.tongues = ("en", "de")
    state, rnd = game.new_state(4), random.Random(4)
    worded = []
    real = type(state).worded
    monkeypatch.setattr(type(state), "worded", lambda self, words: worded.append(1) or real(self, words))
    for _ in range(80):
        if state.is_terminal():
            break
        seat = state.active_seats()[0]
        legal = state.legal_actions(seat)
        assess(state, seat, legal)
        assert worded == []
        state.apply(seat, rnd.choice(legal))  # the table's own steps are worded as before
        assert worded
        worded.clear()


def test_copies_one_look_ahead_leaves_serve_the_next_with_the_same_answers(monkeypatch):
    """A table assesses one state after another and keeps the copies each look-ahead leaves
    (``spares``), resetting them rather than copying afresh: every answer is the one a fresh
    look-ahead gives, the state is left as it was, in every game, and one game's copies serve
    another's too (one list for all)."""
    spares: list = []
    said = 0
    for game_id in ("reclaim", "resourced", "resourcity", "sustain", "waste_what"):
        game = load_game(game_id)
        for seed in (2, 3):
            state, rnd = game.new_state(seed), random.Random(seed)
            for _ in range(50):
                if state.is_terminal():
                    break
                seat = state.active_seats()[0]
                legal = state.legal_actions(seat)
                before = state.state_hash(with_log=True)
                kept = assess(state, seat, legal, spares)
                assert kept == assess(state, seat, legal)
                assert state.state_hash(with_log=True) == before
                assert 1 <= len(spares) <= risk.SPARES
                said += len(kept)
                state.apply(seat, rnd.choice(legal))
    assert said > 0


def _many_tried(game_id: str = "sustain"):
    """A state whose seat has more actions to try than the budget checks between two looks."""
    return _play_until(
        game_id, lambda s, seat, r: len(risk._tried(s, seat, s.legal_actions(seat))) > 3 * risk.CHECK_EVERY
    )


def test_a_busy_machine_cuts_no_look_ahead_short(monkeypatch):
    """The budget counts the look-ahead's own CPU time: a machine that takes the processor away (here
    each action's trial waits 10 ms, far past the budget in all) changes no word."""
    state, seat, risks = _many_tried()
    real = risk._said
    monkeypatch.setattr(risk, "_said", lambda *a: time.sleep(0.01) or real(*a))
    began = time.perf_counter()
    assert assess(state, seat) == risks
    assert time.perf_counter() - began > 3 * risk.BUDGET, "the waits outlasted the budget"


def test_a_look_ahead_that_spends_its_budget_stops(monkeypatch):
    """A game whose actions cost much more than these games' (here each trial spends 20 ms of CPU) has
    its look-ahead stopped once the budget is spent: the actions left untried are left unsaid."""
    state, seat, _ = _many_tried()
    tried = []
    real = risk._said

    def costly(*a):
        end = time.thread_time() + 0.02
        while time.thread_time() < end:
            pass
        tried.append(a[2])
        return real(*a)

    monkeypatch.setattr(risk, "_said", costly)
    assess(state, seat)
    assert len(tried) <= risk.BUDGET / 0.02 + risk.CHECK_EVERY
    assert len(tried) < len(risk._tried(state, seat, state.legal_actions(seat)))
