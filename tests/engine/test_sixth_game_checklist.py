"""docs/architecture.md's checklist for adding a game, checked for every registered game: what the
rest of the suite and the front ends demand of a game is all there."""

from __future__ import annotations

from pathlib import Path

import pytest

from loopcity import list_games

ROOT = Path(__file__).parents[2]
SPECS = {spec.id: spec for spec in list_games()}


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_a_game_has_everything_the_checklist_names(game_id):
    spec = SPECS[game_id]
    folder = ROOT / "src" / "loopcity" / "games" / game_id
    missing = [
        name
        for name, ok in (
            ("docs/games/<id>.md", (ROOT / "docs" / "games" / f"{game_id}.md").exists()),
            ("tests/games/<id>/", (ROOT / "tests" / "games" / game_id).is_dir()),
            ("a heuristic bot", "heuristic" in spec.bots),
            ("render_text", spec.render_text is not None),
            ("render_svg", spec.render_svg is not None),
            ("reference", spec.reference is not None),
            ("panels", spec.panels is not None),
            ("stage", spec.stage is not None),
            ("locale (a catalogue domain)", spec.locale is not None),
            ("a German catalogue", (folder / "locale" / "de" / "LC_MESSAGES" / f"{game_id}.po").exists()),
            ("a position model", spec.state_class.position_model is not None),
            (
                "playthrough fixture",
                (ROOT / "tests" / "fixtures" / "playthroughs" / f"{game_id}.txt").exists(),
            ),
        )
        if not ok
    ]
    if spec.content is not None:
        german = folder / "content.de.toml"
        if not (german.exists() and german.read_text().strip()):
            missing.append("a non-empty content.de.toml")
    assert not missing, f"{game_id} lacks: {', '.join(missing)} (docs/architecture.md, Adding a game)"


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_every_action_kind_has_words(game_id):
    """Every action kind reads in words (its label), so logs, buttons and refusals never show a code."""
    spec = SPECS[game_id]
    bare = [kind.name for kind in spec.action_space.kinds if not kind.help.strip()]
    assert not bare, f"{game_id}: action kinds without words: {bare}"
