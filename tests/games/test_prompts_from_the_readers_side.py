"""Prompts from the reader's side, in every game: a seat that is not deciding (and a spectator) reads
the acting seat by its name, never "you ask for 1 Wood" written for the seat that acts; "you" in such
a prompt is only ever the reader themselves ("You have passed the discussion", "asks you")."""

from __future__ import annotations

import re

import pytest

from loopcity.engine.registry import list_games, load_game
from loopcity.engine.testing import MoveClock, RandomBot, _step
from loopcity.engine.text import reading_in

GAMES = [spec.id for spec in list_games()]
STEPS = 700
"""Moves of a random game looked at: every game's early phases (ResourCEd's trades among them)."""
ACTOR = {
    "en": re.compile(r"\b(you|your)\b", re.I),
    "de": re.compile(r"\b(du|dein\w*|dich|dir)\b", re.I),
}
"""Words addressing the reader as the one who acts."""
READER = {
    "en": re.compile(r"\bYou have passed\b|\basks you\b|\byou, the\b"),
    "de": re.compile(r"\bDu hast gepasst\b|\bfragt dich\b|\bdich, \b|\bdu hast .*gepasst\b", re.I),
}
"""Sentences where "you" is the reader themselves (they passed, they are asked)."""


def _prompts(game_id: str, language: str, seed: int) -> list[tuple[int | None, str]]:
    game = load_game(game_id)
    state = game.new_state(seed)
    bots = [RandomBot(game, s, seed) for s in range(game.players)]
    clock = MoveClock(game)
    out = []
    with reading_in(language, game_id):
        while not state.is_terminal() and state.step < STEPS:
            active = state.active_seats()
            for seat in [None, *range(game.players)]:
                if seat not in active:
                    out.append((seat, state.prompt(seat)))
            _step(state, bots, clock)
    return out


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game_id", GAMES)
def test_no_prompt_for_a_seat_not_deciding_says_you_about_another_seats_action(game_id, language):
    wrong = {
        prompt
        for seed in (1, 2)
        for seat, prompt in _prompts(game_id, language, seed)
        if ACTOR[language].search(READER[language].sub("", prompt))
        or (seat is None and ACTOR[language].search(prompt))
    }
    assert not wrong, sorted(wrong)[:5]


def test_a_resourced_trade_being_put_together_reads_with_its_makers_name_for_the_others():
    prompts = [p for _, p in _prompts("resourced", "en", 1) if "putting together a trade" in p]
    assert prompts, "a random game of ResourCEd puts a trade together within its first moves"
    assert all(re.search(r"\(Seat \d (asks for|gives) ", p) for p in prompts), prompts[:3]
