"""The translation catalogues: each template holds exactly the texts the code marks, and every
language that has catalogues translates every text, with the English text's placeholders."""

from __future__ import annotations

import pytest

from loopcity.cli.translations import domains, problems, stale
from loopcity.engine.content import load_translation, translation_files

DOMAINS = {d.name: d for d in domains()}


@pytest.mark.parametrize("name", sorted(DOMAINS))
def test_the_template_holds_the_texts_the_code_marks(name):
    assert stale(DOMAINS[name]) == [], "run: loopcity translations update"


@pytest.mark.parametrize(
    ("name", "lang"), sorted((d.name, lang) for d in DOMAINS.values() for lang in d.languages())
)
def test_each_language_translates_every_text(name, lang):
    assert problems(DOMAINS[name], lang) == []


def test_every_game_translates_its_content_in_each_language_of_its_catalogue():
    from loopcity import list_games

    for spec in list_games():
        domain = DOMAINS.get(spec.id)
        if domain is None or spec.content is None:
            continue
        files = translation_files(spec.content)
        for lang in domain.languages():
            assert lang in files, f"{spec.id}: content.{lang}.toml"
            assert load_translation(spec.content, files[lang])  # checked like any content file
