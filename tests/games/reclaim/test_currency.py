"""One currency word per language: RECLAIM's coins read "C" in English and "M" (Münzen) in German, in
prompts, labels, the board, the panels and the reference alike, never the other language's letter."""

from __future__ import annotations

import re

from loopcity.engine.registry import load_game
from loopcity.engine.testing import MoveClock, RandomBot, _step
from loopcity.engine.text import reading_in, reference_text

OTHER = {"de": re.compile(r"\d C\b"), "en": re.compile(r"\d M\b")}
OWN = {"de": re.compile(r"\d M\b"), "en": re.compile(r"\d C\b")}


def test_each_language_writes_coins_with_its_own_letter():
    game = load_game("reclaim")
    state = game.new_state(3)
    bots = [RandomBot(game, s, 3) for s in range(game.players)]
    clock = MoveClock(game)
    seen = {"de": False, "en": False}
    for step in range(150):
        for lang in ("de", "en"):
            with reading_in(lang, "reclaim"):
                texts = [state.prompt(s) for s in range(game.players)]
                texts += [
                    state.label(s, a).text for s in state.active_seats() for a in state.legal_actions(s)
                ]
                texts += [game.spec.render_svg(state.view(0)) or "", str(game.spec.panels(state.view(0)))]
                if step == 0:
                    texts.append(reference_text(game.spec.reference(game.content)))
                said = "\n".join(texts)
            assert not OTHER[lang].search(said), OTHER[lang].search(said)
            seen[lang] = seen[lang] or bool(OWN[lang].search(said))
        if state.is_terminal():
            break
        _step(state, bots, clock)
    assert seen == {"de": True, "en": True}
