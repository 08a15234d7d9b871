"""Every game's "how to play in two minutes": content data beside the game's content, in English and
German, checked like content (a bad file names its field), shown by ``loopcity reference GAME``."""

from __future__ import annotations

import re
import shutil

import pytest
from typer.testing import CliRunner

from loopcity.cli.main import app
from loopcity.engine import walkthrough
from loopcity.engine.errors import ContentError
from loopcity.engine.registry import get_spec, list_games
from loopcity.engine.text import LANGUAGE

GAMES = [spec.id for spec in list_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_short_walkthrough_in_english_and_german(game_id):
    spec = get_spec(game_id)
    english, german = walkthrough.steps(spec, "en"), walkthrough.steps(spec, "de")
    assert 4 <= len(english) <= 6
    assert [s["id"] for s in german] == [s["id"] for s in english]
    assert all(s["source"] in ("rulebook", "ours") for s in english)
    assert all(g["text"] != e["text"] for g, e in zip(german, english, strict=True)), "every step in German"
    assert all(len(s["text"]) <= 400 for s in english + german)


def test_resourcitys_walkthrough_tells_the_set_up_steps_in_order():
    said = " ".join(s["text"] for s in walkthrough.steps(get_spec("resourcity"), "en"))
    at = [said.index(words) for words in ("Steps 1-7", "Step 8", "Step 9", "On your turn")]
    assert at == sorted(at)
    german = " ".join(s["text"] for s in walkthrough.steps(get_spec("resourcity"), "de"))
    assert german.index("Schritte 1-7") < german.index("Schritt 8") < german.index("Schritt 9")


@pytest.fixture
def copied(tmp_path):
    """Resourcity's walk-through files copied where a test may spoil them."""
    folder = get_spec("resourcity").content.path.parent
    for name in ("walkthrough.toml", "walkthrough.de.toml"):
        shutil.copy(folder / name, tmp_path / name)
    return tmp_path / "walkthrough.toml"


@pytest.mark.parametrize(
    ("spoil", "named"),
    [
        (lambda s: s.replace('source = "ours"', 'source = "book"', 1), "field 'source'"),
        (lambda s: s.replace('id = "farms"', 'id = "turn"'), "item turn: field 'id'"),
        (lambda s: s.replace('text = "', 'txt = "', 1), "field 'txt'"),
        (lambda s: s.split('[[steps]]\nid = "step_8"')[0], "field 'steps'"),
    ],
)
def test_a_bad_walkthrough_is_refused_with_its_field_named(copied, spoil, named):
    copied.write_text(spoil(copied.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(ContentError, match=re.escape(named)):
        walkthrough.load(copied)


def test_a_german_step_for_no_english_step_is_refused(copied):
    german = copied.with_name("walkthrough.de.toml")
    german.write_text(
        german.read_text(encoding="utf-8").replace('id = "farms"', 'id = "farm"'), encoding="utf-8"
    )
    with pytest.raises(ContentError, match=re.escape("item farm: field 'id': no such step")):
        walkthrough.load(copied, "de")


@pytest.mark.parametrize("game_id", GAMES)
def test_loopcity_reference_starts_with_the_walkthrough(game_id):
    token = LANGUAGE.set("en")
    try:
        out = CliRunner().invoke(app, ["reference", game_id]).output
        first = walkthrough.steps(get_spec(game_id), "en")[0]["text"]
        assert out.startswith("HOW TO PLAY IN TWO MINUTES") and " ".join(first.split()[:4]) in out
        german = CliRunner().invoke(app, ["--lang", "de", "reference", game_id]).output
        assert german.startswith("SO SPIELT MAN, IN ZWEI MINUTEN")
    finally:
        LANGUAGE.set("en")
        LANGUAGE.reset(token)


@pytest.mark.parametrize("game_id", [g for g in GAMES if g not in ("tiny", "tinyboard")])
def test_every_game_hints_at_the_phases_a_newcomer_meets_first(game_id):
    """The first phases of a game (its first 200 moves, first legal action each) each have a short
    hint, in English and in German."""
    from loopcity.engine import load_game

    spec = get_spec(game_id)
    game = load_game(game_id)
    state, phases = game.new_state(3), []
    for _ in range(200):
        if state.is_terminal() or not state.active_seats():
            break
        phase = state.view(None).get("phase")
        if phase not in phases:
            phases.append(phase)
        seat = state.active_seats()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    for phase in phases:
        english, german = walkthrough.hint(spec, phase, "en"), walkthrough.hint(spec, phase, "de")
        assert english and german and english != german, (game_id, phase)
        assert len(english) <= 240 and len(german) <= 240
    assert walkthrough.hint(spec, "no_such_phase", "en") is None


def test_a_bad_hint_is_refused_with_its_field_named(copied):
    text = copied.read_text(encoding="utf-8")
    copied.write_text(text.replace('phase = "vote"', 'phase = "act"'), encoding="utf-8")
    with pytest.raises(ContentError, match=re.escape("hint act: field 'phase': two hints")):
        walkthrough.load(copied)
    copied.write_text(text, encoding="utf-8")
    german = copied.with_name("walkthrough.de.toml")
    german.write_text(
        german.read_text(encoding="utf-8").replace('phase = "vote"', 'phase = "votes"'), encoding="utf-8"
    )
    with pytest.raises(ContentError, match=re.escape("hint votes: field 'phase': no such hint")):
        walkthrough.load(copied, "de")
