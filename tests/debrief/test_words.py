"""Words, never ids: every game's debrief (JSON texts, page text, PDF, the CSV in words) names actions,
variants, outcome causes and people in words, in English as in German."""

from __future__ import annotations

import pytest

from loopcity.debrief import Debrief, from_record, pdf
from loopcity.engine.text import reading_in

from .conftest import GAMES, SNAKE, bot_record, pdf_pages, texts


@pytest.mark.parametrize("game_id", GAMES)
def test_the_english_debrief_text_and_pdf_of_every_game_hold_no_snake_case_id(game_id):
    tl = from_record(bot_record(game_id))
    d = Debrief(tl, "t1", seats=[{"kind": "bot"}] * tl.game.players)
    data = d.to_json()
    said = " ".join(texts(data))
    assert not SNAKE.findall(said), sorted(set(SNAKE.findall(said)))
    for row in data["contributions"]:  # "What they did" in words: every kind it counts, by name
        for kind in row["actions"]:
            assert d.action_name(kind) in row["did"] and "_" not in d.action_name(kind)
    text = "\n".join(pdf_pages(pdf(d)))
    assert not SNAKE.findall(text), sorted(set(SNAKE.findall(text)))
    words_csv = d.csv(words=True).splitlines()
    assert not any(SNAKE.findall(line.split(",")[3]) for line in words_csv[1:])
    assert f"{tl.game.players} bots" in text and "variant: " in text


def test_reclaim_what_they_did_reads_in_words():
    d = Debrief(from_record(bot_record("reclaim")))
    did = " ".join(c["did"] for c in d.contributions())
    assert "Move a resource ×" in did and "Treat Waste ×" in did
    assert "move ×" not in did and "link_to" not in did


def test_the_german_debrief_names_the_variant_and_counts_bots_as_bots():
    tl = from_record(bot_record("sustain"))
    with reading_in("de"):
        d = Debrief(tl, seats=[{"kind": "bot"}] * 4)
        text = "\n".join(pdf_pages(pdf(d)))
        did = " ".join(c["did"] for c in d.contributions())
    assert "Variante: Szenario 1, deine erste Partie" in text and "Variante first" not in text
    assert "4 Bots" in text and "4 Personen" not in text
    assert "Passen ×" in did and "In eine Lösung investieren ×" in did


def test_people_and_bots_are_counted_apart_and_names_go_with_roles():
    tl = from_record(bot_record("reclaim"))
    d = Debrief(tl, seats=[{"kind": "human"}, {"kind": "bot"}] * 2, names={0: "Ada", 2: "Ben"})
    assert d.people_words() == "2 people and 2 bots"
    assert d.who(0) == f"Ada ({d.role(0)})" and d.who(1) == f"Seat 2 ({d.role(1)}, bot)"
    assert [c["who"] for c in d.contributions()][2] == f"Ben ({d.role(2)})"
    assert Debrief(tl).people_words() == "4 seats"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_closing_figure_has_the_games_own_name_and_german_reads_no_english_round(game_id):
    """The closing figures (the play page's end and the debrief) name each metric from the game's
    ``LABELS``, never its id in words; in German the round is "Runde" (SUSTAIN's is its "Jahr")."""
    from loopcity.debrief.report import metric_labels
    from loopcity.engine.registry import load_game

    game = load_game(game_id)
    figures = game.spec.metrics(game.new_state(seed=1))
    with reading_in("de", game_id):
        labels = metric_labels(game, list(figures))
    assert labels["round"] in {"Runde", "Jahr"}
    english = {n: n.replace("_", " ").capitalize() for n in figures}
    assert not [n for n in figures if labels[n] == english[n] and n != "ring"], labels
