"""Counted words read right for one: a label, prompt, panel or log line of any game never says "1
cards", "1 Waste cards" or "1 rounds" (each text with a count is written with gettext's plurals,
its English singular for one)."""

from __future__ import annotations

import random
import re

import pytest

from loopcity.engine import list_games, load_game

ONE_PLURAL = re.compile(r"(?<![\d.,])\b1 (?:[A-Z][\w-]* )?(?:cards|tiles|rounds|times|tokens|turns|coins)\b")


def _texts(state, seat):
    yield state.prompt(seat)
    for _action, label in state.labelled(seat, state.legal_actions(seat)):
        yield label.text
    spec = state.game.spec
    if spec.panels is not None:
        for panel in spec.panels(state.view(seat)):
            yield str(panel.to_json())


@pytest.mark.parametrize("game_id", [s.id for s in list_games()])
def test_no_text_says_one_with_a_plural(game_id):
    game = load_game(game_id)
    said: list[str] = []
    for seed in range(4):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal() and state.step < 400:
            seat = state.active_seats()[0]
            said.extend(_texts(state, seat))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        said.extend(str(row[2]) for row in state.log)
    wrong = sorted({m.group(0) + " in: " + t for t in said for m in ONE_PLURAL.finditer(t)})
    assert wrong == [], wrong[:10]
