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


def test_a_plural_translation_may_leave_the_count_out_of_one_form_but_never_adds_or_loses_a_placeholder(
    tmp_path,
):
    from babel.messages.catalog import Catalog

    from loopcity.cli.translations import Domain, write

    one, many = "take the last card", "take one of the {n} cards; then {player} chooses"
    template = Catalog()
    template.add((one, many))
    domain = Domain("scratch", tmp_path, tmp_path, ())
    write(domain.template, template)

    def said(*forms):
        catalog = Catalog(locale="de")
        catalog.add((one, many), forms)
        write(domain.po("de"), catalog)
        return problems(domain, "de")

    assert said("nimm die letzte Karte", "nimm eine der {n} Karten; dann wählt {player}") == []
    assert said("nimm die {n}. Karte", "nimm eine der {n} Karten; dann wählt {player}") == []
    assert "placeholders differ" in " ".join(said("nimm {card}", "nimm eine der {n} Karten; {player}"))
    assert "left out of every form" in " ".join(said("nimm sie", "nimm eine der {n} Karten"))
